//! Writing instructions (`ModulePrinter::write_inst`) and their flags.

use super::names::write_quoted;
use super::print_values::*;
use super::printer::*;
use crate::inst::*;
use crate::types::Type;
use crate::{Function, Inst};
use std::fmt::Write;

/// `to caller` or `label %bb`, after `unwind`.
fn write_unwind(out: &mut String, slots: &Slots, dest: Option<crate::Block>) {
    match dest {
        Some(b) => {
            out.push_str("label ");
            out.push_str(&slots.block_ref(b));
        }
        None => out.push_str("to caller"),
    }
}

impl ModulePrinter<'_> {
    /// Writes instruction `i` (no indentation, no newline).
    pub fn write_inst(&self, out: &mut String, f: &Function, slots: &Slots, i: Inst) {
        let dfg = f.dfg();
        let d = dfg.inst(i);
        if let Some(r) = d.result() {
            out.push('%');
            let _ = write_local(out, slots.value(r).unwrap_or("<badref>"));
            out.push_str(" = ");
        }
        let a = &d.args;
        let rty = d.result().map(|r| dfg.value_type(r));
        match &d.kind {
            InstKind::Binary { op, flags, fmf } => {
                out.push_str(op.keyword());
                write_int_flags(out, *flags);
                write_fmf(out, *fmf);
                out.push(' ');
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.write_operand(out, f, slots, a[1]);
            }
            InstKind::FNeg { fmf } => {
                out.push_str("fneg");
                write_fmf(out, *fmf);
                out.push(' ');
                self.write_typed(out, f, slots, a[0]);
            }
            InstKind::ICmp { pred, flags } => {
                out.push_str("icmp");
                write_int_flags(out, *flags);
                let _ = write!(out, " {} ", pred.keyword());
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.write_operand(out, f, slots, a[1]);
            }
            InstKind::FCmp { pred, fmf } => {
                out.push_str("fcmp");
                write_fmf(out, *fmf);
                let _ = write!(out, " {} ", pred.keyword());
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.write_operand(out, f, slots, a[1]);
            }
            InstKind::Select { fmf } => {
                out.push_str("select");
                write_fmf(out, *fmf);
                out.push(' ');
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.write_typed(out, f, slots, a[1]);
                out.push_str(", ");
                self.write_typed(out, f, slots, a[2]);
            }
            InstKind::Freeze => {
                out.push_str("freeze ");
                self.write_typed(out, f, slots, a[0]);
            }
            InstKind::Cast { op, flags, fmf } => {
                out.push_str(op.keyword());
                write_int_flags(out, *flags);
                write_fmf(out, *fmf);
                out.push(' ');
                self.write_typed(out, f, slots, a[0]);
                out.push_str(" to ");
                self.ty(out, rty.unwrap_or(Type::VOID));
            }
            InstKind::Load { align, volatile, atomic } => {
                out.push_str("load ");
                if atomic.is_some() {
                    out.push_str("atomic ");
                }
                if *volatile {
                    out.push_str("volatile ");
                }
                self.ty(out, rty.unwrap_or(Type::VOID));
                out.push_str(", ");
                self.write_typed(out, f, slots, a[0]);
                if let Some(at) = atomic {
                    write_atomic(out, at);
                }
                if let Some(al) = align {
                    let _ = write!(out, ", align {al}");
                }
            }
            InstKind::Store { align, volatile, atomic } => {
                out.push_str("store ");
                if atomic.is_some() {
                    out.push_str("atomic ");
                }
                if *volatile {
                    out.push_str("volatile ");
                }
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.write_typed(out, f, slots, a[1]);
                if let Some(at) = atomic {
                    write_atomic(out, at);
                }
                if let Some(al) = align {
                    let _ = write!(out, ", align {al}");
                }
            }
            InstKind::Alloca { ty, align, addrspace, inalloca, swifterror } => {
                out.push_str("alloca ");
                if *inalloca {
                    out.push_str("inalloca ");
                }
                if *swifterror {
                    out.push_str("swifterror ");
                }
                self.ty(out, *ty);
                if let Some(&c) = a.first() {
                    out.push_str(", ");
                    self.write_typed(out, f, slots, c);
                }
                if let Some(al) = align {
                    let _ = write!(out, ", align {al}");
                }
                if *addrspace != 0 {
                    let _ = write!(out, ", addrspace({addrspace})");
                }
            }
            InstKind::Gep { source, flags } => {
                out.push_str("getelementptr");
                write_gep_flags(out, *flags);
                out.push(' ');
                self.ty(out, *source);
                for &x in a.iter() {
                    out.push_str(", ");
                    self.write_typed(out, f, slots, x);
                }
            }
            InstKind::ExtractElement | InstKind::InsertElement | InstKind::ShuffleVector => {
                out.push_str(d.opcode_name());
                out.push(' ');
                self.write_typed_list(out, f, slots, a);
            }
            InstKind::ExtractValue { indices } | InstKind::InsertValue { indices } => {
                out.push_str(d.opcode_name());
                out.push(' ');
                self.write_typed_list(out, f, slots, a);
                for ix in indices.iter() {
                    let _ = write!(out, ", {ix}");
                }
            }
            InstKind::AtomicRmw { op, volatile, atomic, align } => {
                out.push_str("atomicrmw ");
                if *volatile {
                    out.push_str("volatile ");
                }
                out.push_str(op.keyword());
                out.push(' ');
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.write_typed(out, f, slots, a[1]);
                write_atomic(out, atomic);
                if let Some(al) = align {
                    let _ = write!(out, ", align {al}");
                }
            }
            InstKind::CmpXchg { weak, volatile, atomic, failure, align } => {
                out.push_str("cmpxchg ");
                if *weak {
                    out.push_str("weak ");
                }
                if *volatile {
                    out.push_str("volatile ");
                }
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.write_typed(out, f, slots, a[1]);
                out.push_str(", ");
                self.write_typed(out, f, slots, a[2]);
                write_atomic(out, atomic);
                out.push(' ');
                out.push_str(failure.keyword());
                if let Some(al) = align {
                    let _ = write!(out, ", align {al}");
                }
            }
            InstKind::Fence { atomic } => {
                out.push_str("fence");
                write_atomic(out, atomic);
            }
            InstKind::VaArg => {
                out.push_str("va_arg ");
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", ");
                self.ty(out, rty.unwrap_or(Type::VOID));
            }
            InstKind::Phi { fmf } => {
                out.push_str("phi");
                write_fmf(out, *fmf);
                out.push(' ');
                self.ty(out, rty.unwrap_or(Type::VOID));
                out.push(' ');
                for (k, (&v, &b)) in a.iter().zip(d.blocks.iter()).enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("[ ");
                    self.write_operand(out, f, slots, v);
                    out.push_str(", ");
                    out.push_str(&slots.block_ref(b));
                    out.push_str(" ]");
                }
            }
            InstKind::Call(c) => {
                match c.tail {
                    TailKind::None => {}
                    TailKind::Tail => out.push_str("tail "),
                    TailKind::MustTail => out.push_str("musttail "),
                    TailKind::NoTail => out.push_str("notail "),
                }
                out.push_str("call");
                self.write_call_rest(out, f, slots, d, c);
            }
            InstKind::CallBr(c) => {
                out.push_str("callbr");
                self.write_call_rest(out, f, slots, d, c);
                out.push_str("\n          to ");
                out.push_str("label ");
                out.push_str(&slots.block_ref(d.blocks[0]));
                out.push_str(" [");
                for (k, &b) in d.blocks[1..].iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("label ");
                    out.push_str(&slots.block_ref(b));
                }
                out.push(']');
            }
            InstKind::Ret => {
                out.push_str("ret ");
                match a.first() {
                    Some(&v) => self.write_typed(out, f, slots, v),
                    None => out.push_str("void"),
                }
            }
            InstKind::Br => {
                out.push_str("br ");
                if let Some(&c) = a.first() {
                    self.write_typed(out, f, slots, c);
                    out.push_str(", label ");
                    out.push_str(&slots.block_ref(d.blocks[0]));
                    out.push_str(", label ");
                    out.push_str(&slots.block_ref(d.blocks[1]));
                } else {
                    out.push_str("label ");
                    out.push_str(&slots.block_ref(d.blocks[0]));
                }
            }
            InstKind::Switch => {
                out.push_str("switch ");
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", label ");
                out.push_str(&slots.block_ref(d.blocks[0]));
                out.push_str(" [");
                for (&v, &b) in a[1..].iter().zip(d.blocks[1..].iter()) {
                    out.push_str("\n    ");
                    self.write_typed(out, f, slots, v);
                    out.push_str(", label ");
                    out.push_str(&slots.block_ref(b));
                }
                out.push_str("\n  ]");
            }
            InstKind::Unreachable => out.push_str("unreachable"),
            InstKind::Invoke(c) => {
                out.push_str("invoke");
                self.write_call_rest(out, f, slots, d, c);
                out.push_str("\n          to label ");
                out.push_str(&slots.block_ref(d.blocks[0]));
                out.push_str(" unwind label ");
                out.push_str(&slots.block_ref(d.blocks[1]));
            }
            InstKind::LandingPad { cleanup, clauses } => {
                out.push_str("landingpad ");
                self.ty(out, rty.unwrap_or(Type::VOID));
                if *cleanup {
                    out.push_str("\n          cleanup");
                }
                for (k, &v) in clauses.iter().zip(a.iter()) {
                    out.push_str(match k {
                        ClauseKind::Catch => "\n          catch ",
                        ClauseKind::Filter => "\n          filter ",
                    });
                    self.write_typed(out, f, slots, v);
                }
            }
            InstKind::Resume => {
                out.push_str("resume ");
                self.write_typed(out, f, slots, a[0]);
            }
            InstKind::IndirectBr => {
                out.push_str("indirectbr ");
                self.write_typed(out, f, slots, a[0]);
                out.push_str(", [");
                for (k, &b) in d.blocks.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("label ");
                    out.push_str(&slots.block_ref(b));
                }
                out.push(']');
            }
            InstKind::CleanupPad | InstKind::CatchPad => {
                out.push_str(if matches!(d.kind, InstKind::CatchPad) {
                    "catchpad within "
                } else {
                    "cleanuppad within "
                });
                self.write_operand(out, f, slots, a[0]);
                out.push_str(" [");
                for (k, &v) in a[1..].iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_typed(out, f, slots, v);
                }
                out.push(']');
            }
            InstKind::CatchSwitch { has_unwind } => {
                out.push_str("catchswitch within ");
                self.write_operand(out, f, slots, a[0]);
                out.push_str(" [");
                let first = usize::from(*has_unwind);
                for (k, &b) in d.blocks[first..].iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("label ");
                    out.push_str(&slots.block_ref(b));
                }
                out.push_str("] unwind ");
                write_unwind(out, slots, d.unwind_dest());
            }
            InstKind::CatchRet => {
                out.push_str("catchret from ");
                self.write_operand(out, f, slots, a[0]);
                out.push_str(" to label ");
                out.push_str(&slots.block_ref(d.blocks[0]));
            }
            InstKind::CleanupRet => {
                out.push_str("cleanupret from ");
                self.write_operand(out, f, slots, a[0]);
                out.push_str(" unwind ");
                write_unwind(out, slots, d.unwind_dest());
            }
        }
        for (k, md) in dfg.inst_metadata(i) {
            out.push_str(", !");
            let _ = write_md_name(out, k);
            out.push(' ');
            self.write_md_ref(out, *md);
        }
    }

    pub(super) fn write_call_rest(&self, out: &mut String, f: &Function, slots: &Slots, d: &InstData, c: &CallInfo) {
        let m = self.m;
        write_fmf(out, c.fmf);
        if let Some(cc) = c.cconv.keyword() {
            out.push(' ');
            out.push_str(cc);
        }
        if !c.ret_attrs.is_empty() {
            out.push(' ');
            let _ = c.ret_attrs.write_inline(out, &m.types);
        }
        if let Some(a) = c.addrspace {
            let _ = write!(out, " addrspace({a})");
        }
        out.push(' ');
        let (ret, _, varargs) = m.types.fn_sig(c.fn_ty).expect("call of a function type");
        if varargs {
            self.ty(out, c.fn_ty)
        } else {
            self.ty(out, ret)
        }
        out.push(' ');
        self.write_operand(out, f, slots, d.args[0]);
        out.push('(');
        for (k, &v) in d.call_args().iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            self.ty(out, f.dfg().value_type(v));
            if let Some(pa) = c.param_attrs.get(k)
                && !pa.is_empty()
            {
                out.push(' ');
                let _ = pa.write_inline(out, &m.types);
            }
            out.push(' ');
            self.write_operand(out, f, slots, v);
        }
        if c.tail == TailKind::MustTail && self.varargs_fn && matches!(d.kind, InstKind::Call(_)) {
            out.push_str(if d.call_args().is_empty() { "..." } else { ", ..." });
        }
        out.push(')');
        if let Some(n) = self.attr_groups.get(&c.fn_attrs) {
            let _ = write!(out, " #{n}");
        }
        if !c.bundles.is_empty() {
            out.push_str(" [ ");
            for (bi, b) in c.bundles.iter().enumerate() {
                if bi > 0 {
                    out.push_str(", ");
                }
                let _ = write_quoted(out, b.tag.as_bytes());
                out.push('(');
                for (k, &v) in d.args[c.bundle_range(bi)].iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_typed(out, f, slots, v);
                }
                out.push(')');
            }
            out.push_str(" ]");
        }
    }
}

pub(super) fn write_int_flags(out: &mut String, f: IntFlags) {
    for (fl, kw) in IntFlags::KEYWORDS {
        if f.contains(*fl) && *fl != IntFlags::NONE {
            out.push(' ');
            out.push_str(kw);
        }
    }
}

pub(super) fn write_fmf(out: &mut String, f: FastMath) {
    if f == FastMath::FAST {
        out.push_str(" fast");
        return;
    }
    for (fl, kw) in FastMath::KEYWORDS {
        if f.contains(*fl) {
            out.push(' ');
            out.push_str(kw);
        }
    }
}

pub(super) fn write_gep_flags(out: &mut String, f: GepFlags) {
    if f.contains(GepFlags::INBOUNDS) {
        out.push_str(" inbounds");
    } else if f.contains(GepFlags::NUSW) {
        out.push_str(" nusw");
    }
    if f.contains(GepFlags::NUW) {
        out.push_str(" nuw");
    }
}

pub(super) fn write_atomic(out: &mut String, a: &Atomic) {
    if let Some(s) = &a.scope {
        out.push_str(" syncscope(");
        let _ = write_quoted(out, s.as_bytes());
        out.push(')');
    }
    out.push(' ');
    out.push_str(a.ordering.keyword());
}

pub(super) fn write_asm(out: &mut String, a: &InlineAsm) {
    out.push_str("asm ");
    if a.side_effect {
        out.push_str("sideeffect ");
    }
    if a.align_stack {
        out.push_str("alignstack ");
    }
    if a.intel_dialect {
        out.push_str("inteldialect ");
    }
    if a.unwind {
        out.push_str("unwind ");
    }
    let _ = write_quoted(out, &a.asm);
    out.push_str(", ");
    let _ = write_quoted(out, &a.constraints);
}

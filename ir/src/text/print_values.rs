//! Writing operands that are not instructions: constants, metadata nodes
//! and references, debug records and floating-point literals.

use super::names::{write_escaped, write_ident, write_quoted};
use super::print_inst::{write_gep_flags, write_int_flags};
use super::printer::*;
use crate::constant::{Const, ConstExpr, ConstKind, float_to_f64};
use crate::debug::{DbgLocation, DbgRecord};
use crate::dfg::ValueDef;
use crate::metadata::{MdBody, MdField, MdId, MdOperand};
use crate::types::{FloatKind, TypeData};
use crate::{Function, Value};
use std::fmt::Write;

impl ModulePrinter<'_> {
    /// `T v` for a value wrapped as metadata; `T poison` once its
    /// definition has left the function (LLVM's kill location).
    pub(super) fn write_md_value(&self, out: &mut String, f: &Function, slots: &Slots, v: Value) {
        let dfg = f.dfg();
        self.ty(out, dfg.value_type(v));
        out.push(' ');
        let live = match dfg.value(v).def {
            ValueDef::Inst(_) | ValueDef::Param(_) => slots.value(v).is_some(),
            _ => true,
        };
        if live {
            self.write_operand(out, f, slots, v);
        } else {
            out.push_str("poison");
        }
    }

    pub(super) fn write_arg_list(&self, out: &mut String, f: &Function, slots: &Slots, vs: &[Value]) {
        out.push_str("!DIArgList(");
        for (k, &v) in vs.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            self.write_md_value(out, f, slots, v);
        }
        out.push(')');
    }

    pub(super) fn write_dbg_location(&self, out: &mut String, f: &Function, slots: &Slots, l: &DbgLocation) {
        match l {
            DbgLocation::Value(v) => self.write_md_value(out, f, slots, *v),
            DbgLocation::ArgList(vs) => self.write_arg_list(out, f, slots, vs),
            DbgLocation::Node(n) => self.write_md_ref(out, *n),
        }
    }

    /// Writes one debug record (without indentation).
    pub fn write_dbg_record(&self, out: &mut String, f: &Function, slots: &Slots, r: &DbgRecord) {
        match r {
            DbgRecord::Label { label, loc } => {
                out.push_str("#dbg_label(");
                self.write_md_ref(out, *label);
                out.push_str(", ");
                self.write_md_ref(out, *loc);
            }
            DbgRecord::Variable(v) => {
                out.push_str("#dbg_");
                out.push_str(v.kind.keyword());
                out.push('(');
                self.write_dbg_location(out, f, slots, &v.location);
                out.push_str(", ");
                self.write_md_ref(out, v.variable);
                out.push_str(", ");
                self.write_md_ref(out, v.expression);
                if let Some(a) = &v.assign {
                    out.push_str(", ");
                    self.write_md_ref(out, a.id);
                    out.push_str(", ");
                    self.write_dbg_location(out, f, slots, &a.address);
                    out.push_str(", ");
                    self.write_md_ref(out, a.address_expr);
                }
                out.push_str(", ");
                self.write_md_ref(out, v.loc);
            }
        }
        out.push(')');
    }

    /// Writes a constant (without its type).
    pub fn write_const(&self, out: &mut String, c: &Const) {
        let m = self.m;
        match &c.kind {
            ConstKind::Int(v) => {
                let bits = m.types.int_bits(m.types.scalar(c.ty)).unwrap_or(64);
                if bits == 1 {
                    out.push_str(if *v & 1 == 1 { "true" } else { "false" });
                } else {
                    let _ = write!(out, "{}", crate::constant::sext(*v, bits));
                }
            }
            ConstKind::WideInt(limbs) => {
                let bits = m.types.int_bits(m.types.scalar(c.ty)).unwrap_or(128);
                out.push_str(&crate::constant::wide_int_to_decimal(limbs, bits));
            }
            ConstKind::Float(bits) => {
                write_float(out, m.types.float_kind(m.types.scalar(c.ty)).unwrap_or(FloatKind::Double), *bits)
            }
            ConstKind::Null => out.push_str("null"),
            ConstKind::Undef => out.push_str("undef"),
            ConstKind::Poison => out.push_str("poison"),
            ConstKind::Zero => out.push_str("zeroinitializer"),
            ConstKind::NoneToken => out.push_str("none"),
            ConstKind::Global(g) => {
                out.push('@');
                let _ = write_ident(out, m.globals[*g].name());
            }
            ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
                let kw = if matches!(c.kind, ConstKind::NoCfi(_)) { "no_cfi @" } else { "dso_local_equivalent @" };
                out.push_str(kw);
                let _ = write_ident(out, m.globals[*g].name());
            }
            ConstKind::BlockAddress(g, b) => {
                out.push_str("blockaddress(@");
                let _ = write_ident(out, m.globals[*g].name());
                out.push_str(", ");
                match m.body(*g) {
                    Some(body) if body.layout().is_block_inserted(*b) => {
                        let slots =
                            self.block_slots.borrow_mut().entry(*g).or_insert_with(|| Slots::new(body).into()).clone();
                        out.push_str(&slots.block_ref(*b));
                    }
                    _ => out.push_str("%<badref>"),
                }
                out.push(')');
            }
            ConstKind::Bytes(b) => {
                out.push_str("c\"");
                let _ = write_escaped(out, b);
                out.push('"');
            }
            ConstKind::Aggregate(elems) => {
                let (open, close) = match m.types.get(c.ty) {
                    TypeData::Array { .. } => ("[", "]"),
                    TypeData::Vector { .. } => ("<", ">"),
                    TypeData::Struct { packed: true, .. } | TypeData::Named { packed: true, .. } => ("<{ ", " }>"),
                    _ => ("{ ", " }"),
                };
                // A vector of one repeated integer or float is printed `splat`.
                if open == "<"
                    && !elems.is_empty()
                    && matches!(elems[0].kind, ConstKind::Int(_) | ConstKind::Float(_))
                    && elems.iter().all(|e| e.kind == elems[0].kind)
                {
                    out.push_str("splat (");
                    self.ty(out, elems[0].ty);
                    out.push(' ');
                    self.write_const(out, &elems[0]);
                    out.push(')');
                    return;
                }
                if elems.is_empty() {
                    out.push_str(match (open, close) {
                        ("[", _) => "[]",
                        ("<{ ", _) => "<{}>",
                        _ => "{}",
                    });
                    return;
                }
                out.push_str(open);
                for (k, e) in elems.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.ty(out, e.ty);
                    out.push(' ');
                    self.write_const(out, e);
                }
                out.push_str(close);
            }
            ConstKind::Expr(e) => match &**e {
                ConstExpr::Cast(op, x) => {
                    let _ = write!(out, "{} (", op.keyword());
                    self.ty(out, x.ty);
                    out.push(' ');
                    self.write_const(out, x);
                    out.push_str(" to ");
                    self.ty(out, c.ty);
                    out.push(')');
                }
                ConstExpr::Gep { source, flags, base, indices } => {
                    out.push_str("getelementptr");
                    write_gep_flags(out, *flags);
                    out.push_str(" (");
                    self.ty(out, *source);
                    out.push_str(", ");
                    self.ty(out, base.ty);
                    out.push(' ');
                    self.write_const(out, base);
                    for ix in indices {
                        out.push_str(", ");
                        self.ty(out, ix.ty);
                        out.push(' ');
                        self.write_const(out, ix);
                    }
                    out.push(')');
                }
                ConstExpr::ExtractElement(v, i) => {
                    out.push_str("extractelement (");
                    self.ty(out, v.ty);
                    out.push(' ');
                    self.write_const(out, v);
                    out.push_str(", ");
                    self.ty(out, i.ty);
                    out.push(' ');
                    self.write_const(out, i);
                    out.push(')');
                }
                ConstExpr::Binary(op, flags, x, y) => {
                    out.push_str(op.keyword());
                    write_int_flags(out, *flags);
                    out.push_str(" (");
                    self.ty(out, x.ty);
                    out.push(' ');
                    self.write_const(out, x);
                    out.push_str(", ");
                    self.ty(out, y.ty);
                    out.push(' ');
                    self.write_const(out, y);
                    out.push(')');
                }
            },
        }
    }

    /// `!N = !{...}`, as LLVM notes a node in verifier messages.
    pub fn md_definition(&self, id: MdId) -> String {
        let mut out = String::new();
        self.write_md_ref(&mut out, id);
        if self.md_slot[self.canon(id)].is_some() {
            out.push_str(" = ");
            self.write_md_node(&mut out, id);
        }
        out
    }

    pub(super) fn write_md_ref(&self, out: &mut String, id: MdId) {
        match self.md_slot[self.canon(id)] {
            Some(n) => {
                let _ = write!(out, "!{n}");
            }
            None => self.write_md_node(out, id),
        }
    }

    pub(super) fn write_md_operand(&self, out: &mut String, op: &MdOperand) {
        match op {
            MdOperand::Null => out.push_str("null"),
            MdOperand::Node(n) => self.write_md_ref(out, *n),
            MdOperand::Str(s) => {
                out.push('!');
                let _ = write_quoted(out, s);
            }
            MdOperand::Const(c) => {
                self.ty(out, c.ty);
                out.push(' ');
                self.write_const(out, c);
            }
        }
    }

    pub(super) fn write_md_node(&self, out: &mut String, id: MdId) {
        let node = &self.m.metadata.nodes[id];
        if node.distinct {
            out.push_str("distinct ");
        }
        match &node.body {
            MdBody::Tuple(ops) => {
                out.push_str("!{");
                for (k, op) in ops.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_md_operand(out, op);
                }
                out.push('}');
            }
            MdBody::Specialized { name, fields } => {
                let _ = write!(out, "!{name}(");
                for (k, (key, v)) in fields.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    if !key.is_empty() {
                        let _ = write!(out, "{key}: ");
                    }
                    match v {
                        MdField::Node(n) => self.write_md_ref(out, *n),
                        MdField::Null => out.push_str("null"),
                        MdField::Str(s) => {
                            let _ = write_quoted(out, s);
                        }
                        MdField::Raw(r) => out.push_str(r),
                    }
                }
                out.push(')');
            }
            MdBody::Undefined => out.push_str("!{}"),
        }
    }
}

pub(super) fn write_md_name(out: &mut String, name: &str) -> std::fmt::Result {
    // Metadata names allow `\XX` escapes for unusual characters; a digit
    // cannot start one (it would read as a metadata number).
    for (k, c) in name.bytes().enumerate() {
        if (c.is_ascii_alphabetic() || (k > 0 && c.is_ascii_digit())) || matches!(c, b'-' | b'$' | b'.' | b'_') {
            out.push(c as char);
        } else {
            write!(out, "\\{c:02X}")?;
        }
    }
    Ok(())
}

/// Writes a float constant as LLVM does: `%e` with six digits when that
/// reads back exactly (float and double), else hexadecimal.
pub fn write_float(out: &mut String, kind: FloatKind, bits: u128) {
    match kind {
        FloatKind::Float | FloatKind::Double => {
            let v = float_to_f64(kind, bits).unwrap_or(0.0);
            if v.is_finite() {
                let s = format_e6(v);
                if s.parse::<f64>().ok().is_some_and(|back| back.to_bits() == v.to_bits()) {
                    out.push_str(&s);
                    return;
                }
            }
            let _ = write!(out, "0x{:016X}", v.to_bits());
        }
        FloatKind::Half => {
            let _ = write!(out, "0xH{:04X}", bits as u16);
        }
        FloatKind::BFloat => {
            let _ = write!(out, "0xR{:04X}", bits as u16);
        }
        FloatKind::X86Fp80 => {
            let _ = write!(out, "0xK{:020X}", bits & ((1u128 << 80) - 1));
        }
        FloatKind::Fp128 => {
            let _ = write!(out, "0xL{bits:032X}");
        }
        FloatKind::PpcFp128 => {
            let _ = write!(out, "0xM{bits:032X}");
        }
    }
}

/// `1.500000e+00` style: six fractional digits, signed two-digit exponent.
fn format_e6(v: f64) -> String {
    let s = format!("{v:.6e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    format!("{mant}e{sign}{:02}", e.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_like_llvm() {
        let mut s = String::new();
        write_float(&mut s, FloatKind::Double, u128::from(1.0f64.to_bits()));
        assert_eq!(s, "1.000000e+00");
        s.clear();
        write_float(&mut s, FloatKind::Float, u128::from(0.1f32.to_bits()));
        assert_eq!(s, "0x3FB99999A0000000");
        s.clear();
        write_float(&mut s, FloatKind::Double, u128::from((-0.5f64).to_bits()));
        assert_eq!(s, "-5.000000e-01");
        s.clear();
        write_float(&mut s, FloatKind::Double, u128::from(1e-300f64.to_bits()));
        assert_eq!(s, "1.000000e-300");
        s.clear();
        write_float(&mut s, FloatKind::Half, 0x3c00);
        assert_eq!(s, "0xH3C00");
    }
}

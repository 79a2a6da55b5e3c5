//! Instruction bodies (what follows `%x =`), one function per family of
//! opcodes; [`parse_inst_body`] dispatches on the opcode. Calls are in
//! `parse_call.rs`, exception handling and `indirectbr` in `parse_eh.rs`.

use super::lexer::Tok;
use super::parse_call::{parse_call, parse_callbr};
use super::parse_func::{FnState, parse_block_ref, parse_label, parse_typed_value, parse_value};
use super::parse_operands::*;
use super::parser::{PResult, Parser};
use crate::constant::ConstKind;
use crate::inst::*;
use crate::types::{Type, TypeData};

/// An instruction after its result name: the opcode and its operands.
pub(super) fn parse_inst_body<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    let off = p.offset();
    let Tok::Word(op) = p.peek().clone() else { return p.err("expected instruction opcode") };
    p.bump();
    match op {
        "ret" | "br" | "switch" | "unreachable" => parse_terminator(p, st, op, off),
        "load" | "store" | "alloca" | "getelementptr" | "atomicrmw" | "cmpxchg" | "fence" => {
            parse_memory(p, st, op, off)
        }
        "extractelement" | "insertelement" | "shufflevector" | "extractvalue" | "insertvalue" => {
            parse_vector_or_aggregate(p, st, op, off)
        }
        "fneg" | "icmp" | "fcmp" | "select" | "freeze" | "phi" | "va_arg" => parse_other(p, st, op, off),
        "call" => parse_call(p, st, TailKind::None),
        "tail" | "musttail" | "notail" => {
            let tk = match op {
                "tail" => TailKind::Tail,
                "musttail" => TailKind::MustTail,
                _ => TailKind::NoTail,
            };
            p.expect_word("call")?;
            parse_call(p, st, tk)
        }
        "callbr" => parse_callbr(p, st),
        _ => parse_arithmetic_or_cast(p, st, op, off),
    }
}

/// Whether `t` (or its elements) is a float type (`float`) or an integer type.
fn types_ok(p: &Parser<'_>, t: Type, float: bool) -> bool {
    let s = p.m.types.scalar(t);
    if float { p.m.types.is_float(s) } else { p.m.types.is_int(s) }
}

/// `ret`, `br`, `switch` and `unreachable` (`indirectbr` and the exception-handling terminators are in `parse_eh.rs`).
fn parse_terminator<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, op: &str, off: usize) -> PResult<(InstData, Type)> {
    let data = match op {
        "ret" => {
            if p.eat_word("void") {
                if st.ret_ty != Type::VOID {
                    return Err(p.error_at(
                        off,
                        format!("value doesn't match function result type '{}'", p.type_str(st.ret_ty)),
                    ));
                }
                (InstData::new(InstKind::Ret, &[], &[]), Type::VOID)
            } else {
                let toff = p.offset();
                let (ty, v) = parse_typed_value(p, st)?;
                if ty != st.ret_ty {
                    return Err(p.error_at(
                        toff,
                        format!("value doesn't match function result type '{}'", p.type_str(st.ret_ty)),
                    ));
                }
                (InstData::new(InstKind::Ret, &[v], &[]), Type::VOID)
            }
        }
        "br" => {
            if p.is_word("label") {
                let d = parse_label(p, st)?;
                (InstData::new(InstKind::Br, &[], &[d]), Type::VOID)
            } else {
                let toff = p.offset();
                let (ty, c) = parse_typed_value(p, st)?;
                if ty != Type::I1 {
                    return Err(p.error_at(toff, "branch condition must have 'i1' type"));
                }
                p.expect(Tok::Comma, "',' after branch condition")?;
                let t = parse_label(p, st)?;
                p.expect(Tok::Comma, "',' after true destination")?;
                let f = parse_label(p, st)?;
                (InstData::new(InstKind::Br, &[c], &[t, f]), Type::VOID)
            }
        }
        "switch" => {
            let toff = p.offset();
            let (ty, c) = parse_typed_value(p, st)?;
            if !p.m.types.is_int(ty) {
                return Err(p.error_at(toff, "switch condition must have integer type"));
            }
            p.expect(Tok::Comma, "',' after switch condition")?;
            let def = parse_label(p, st)?;
            p.expect(Tok::LSquare, "'[' with switch table")?;
            let mut args = vec![c];
            let mut blocks = vec![def];
            let mut seen = rustc_hash::FxHashSet::default();
            while !p.eat(&Tok::RSquare) {
                let coff = p.offset();
                let cty = p.parse_type()?;
                if cty != ty {
                    return Err(p.error_at(coff, "case value has wrong type"));
                }
                let cv = p.parse_const(cty)?;
                if !matches!(cv.kind, ConstKind::Int(_)) {
                    return Err(p.error_at(coff, "case value is not a constant integer"));
                }
                if !seen.insert(cv.clone()) {
                    return Err(p.error_at(coff, "duplicate case value in switch"));
                }
                args.push(st.dfg.make_const(cv));
                p.expect(Tok::Comma, "',' after case value")?;
                blocks.push(parse_label(p, st)?);
            }
            (InstData::new(InstKind::Switch, &args, &blocks), Type::VOID)
        }
        "unreachable" => (InstData::new(InstKind::Unreachable, &[], &[]), Type::VOID),
        _ => return Err(p.error_at(off, "expected instruction opcode")),
    };
    Ok(data)
}

/// Memory: `load`, `store`, `alloca`, `getelementptr`, `atomicrmw`, `cmpxchg`, `fence`.
fn parse_memory<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, op: &str, off: usize) -> PResult<(InstData, Type)> {
    let data = match op {
        "load" => {
            let atomic = p.eat_word("atomic");
            let volatile = p.eat_word("volatile");
            let toff = p.offset();
            let ty = p.parse_type()?;
            p.expect(Tok::Comma, "comma after load's type")?;
            let poff = p.offset();
            let (pty, ptr) = parse_typed_value(p, st)?;
            expect_ptr(p, pty, poff, "load operand")?;
            let at = if atomic { Some(parse_ordering(p)?) } else { None };
            let align = parse_opt_align(p)?;
            if atomic && align.is_none() {
                return Err(p.error_at(poff, "atomic load must have explicit non-zero alignment"));
            }
            // Without an alignment the type must be sized now, to compute
            // one; with one, the verifier checks it (as opt reads it).
            if align.is_none() && !p.m.types.is_sized(ty) {
                return Err(p.error_at(toff, "loading unsized types is not allowed"));
            }
            (InstData::new(InstKind::Load { align, volatile, atomic: at }, &[ptr], &[]), ty)
        }
        "store" => {
            let atomic = p.eat_word("atomic");
            let volatile = p.eat_word("volatile");
            let voff = p.offset();
            let (vty, v) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after store operand")?;
            let poff = p.offset();
            let (pty, ptr) = parse_typed_value(p, st)?;
            expect_ptr(p, pty, poff, "store operand")?;
            let at = if atomic { Some(parse_ordering(p)?) } else { None };
            let align = parse_opt_align(p)?;
            if atomic && align.is_none() {
                return Err(p.error_at(voff, "atomic store must have explicit non-zero alignment"));
            }
            if align.is_none() && !p.m.types.is_sized(vty) {
                return Err(p.error_at(voff, "storing unsized types is not allowed"));
            }
            (InstData::new(InstKind::Store { align, volatile, atomic: at }, &[v, ptr], &[]), Type::VOID)
        }
        "alloca" => {
            let inalloca = p.eat_word("inalloca");
            let swifterror = p.eat_word("swifterror");
            let toff = p.offset();
            let ty = p.parse_type()?;
            if matches!(
                p.m.types.get(ty),
                TypeData::Void | TypeData::Label | TypeData::Function { .. } | TypeData::Token | TypeData::Metadata
            ) {
                return Err(p.error_at(toff, "invalid type for alloca"));
            }
            let mut args = Vec::new();
            let mut align = None;
            let mut addrspace = 0;
            while matches!(p.peek(), Tok::Comma) {
                match p.peek_at(1) {
                    Tok::Word("align") => {
                        p.bump();
                        p.bump();
                        align = Align::new(p.parse_align_value()?);
                    }
                    Tok::Word("addrspace") => {
                        p.bump();
                        p.bump();
                        addrspace = p.parse_addrspace()?;
                    }
                    Tok::MetadataName(_) => break,
                    _ if args.is_empty() && align.is_none() => {
                        p.bump();
                        let coff = p.offset();
                        let (cty, c) = parse_typed_value(p, st)?;
                        if !p.m.types.is_int(cty) {
                            return Err(p.error_at(coff, "element count must have integer type"));
                        }
                        args.push(c);
                    }
                    _ => return p.err("expected metadata after comma"),
                }
            }
            // Without an alignment the type must be sized now, to compute
            // one; with one, a type defined further down the file may be
            // used, and the verifier checks its size (as opt reads it).
            if align.is_none() && !p.m.types.is_sized(ty) {
                return Err(p.error_at(toff, "Cannot allocate unsized type"));
            }
            let rt = p.m.types.ptr(addrspace);
            (InstData::new(InstKind::Alloca { ty, align, addrspace, inalloca, swifterror }, &args, &[]), rt)
        }
        "getelementptr" => {
            let flags = p.parse_gep_flags();
            let source = p.parse_type()?;
            p.expect(Tok::Comma, "comma after getelementptr's type")?;
            let boff = p.offset();
            let (bty, base) = parse_typed_value(p, st)?;
            let bscalar = p.m.types.scalar(bty);
            if !p.m.types.is_ptr(bscalar) {
                return Err(p.error_at(boff, "base of getelementptr must be a pointer"));
            }
            let mut args = vec![base];
            let mut vec_len = match p.m.types.get(bty) {
                TypeData::Vector { len, scalable, .. } => Some((*len, *scalable)),
                _ => None,
            };
            let mut cur = Some(source);
            let mut first = true;
            while matches!(p.peek(), Tok::Comma) && !matches!(p.peek_at(1), Tok::MetadataName(_)) {
                p.bump();
                let _ = p.eat_word("inrange");
                let ioff = p.offset();
                let (ity, iv) = parse_typed_value(p, st)?;
                if !p.m.types.is_int(p.m.types.scalar(ity)) {
                    return Err(p.error_at(ioff, "getelementptr index must be an integer"));
                }
                if let TypeData::Vector { len, scalable, .. } = p.m.types.get(ity) {
                    vec_len = Some((*len, *scalable));
                }
                if !first {
                    let idx = st.dfg.value_const(iv).and_then(|c| c.as_int());
                    cur = match (cur, idx) {
                        (Some(t), Some(i)) => p.m.types.element(t, i as u64),
                        (Some(t), None) => match p.m.types.get(t) {
                            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
                            _ => None,
                        },
                        _ => None,
                    };
                    if cur.is_none() {
                        return Err(p.error_at(ioff, "invalid getelementptr indices"));
                    }
                }
                first = false;
                args.push(iv);
            }
            let rt = match vec_len {
                Some((len, scalable)) => p.m.types.intern(TypeData::Vector { len, scalable, elem: bscalar }),
                None => bscalar,
            };
            (InstData::new(InstKind::Gep { source, flags }, &args, &[]), rt)
        }
        "atomicrmw" => {
            let volatile = p.eat_word("volatile");
            let Tok::Word(ow) = p.peek().clone() else { return p.err("expected binary operation in atomicrmw") };
            let Some(rop) = RmwOp::ALL.iter().find(|r| r.keyword() == ow).copied() else {
                return p.err("expected binary operation in atomicrmw");
            };
            p.bump();
            let poff = p.offset();
            let (pty, ptr) = parse_typed_value(p, st)?;
            expect_ptr(p, pty, poff, "atomicrmw operand")?;
            p.expect(Tok::Comma, "',' after atomicrmw address")?;
            let (vty, v) = parse_typed_value(p, st)?;
            let atomic = parse_ordering(p)?;
            let align = parse_opt_align(p)?;
            (InstData::new(InstKind::AtomicRmw { op: rop, volatile, atomic, align }, &[ptr, v], &[]), vty)
        }
        "cmpxchg" => {
            let weak = p.eat_word("weak");
            let volatile = p.eat_word("volatile");
            let poff = p.offset();
            let (pty, ptr) = parse_typed_value(p, st)?;
            expect_ptr(p, pty, poff, "cmpxchg operand")?;
            p.expect(Tok::Comma, "',' after cmpxchg address")?;
            let (vty, cmp) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after cmpxchg cmp operand")?;
            let nt = p.parse_type()?;
            if nt != vty {
                return Err(p.error_at(poff, "compare value and new value type do not match"));
            }
            let new = parse_value(p, st, nt)?;
            let atomic = parse_ordering(p)?;
            let Tok::Word(fw) = p.peek().clone() else { return p.err("Expected ordering on atomic instruction") };
            let Some(failure) = Ordering::ALL.iter().find(|o| o.keyword() == fw).copied() else {
                return p.err("Expected ordering on atomic instruction");
            };
            p.bump();
            let align = parse_opt_align(p)?;
            let rt = p.m.types.intern(TypeData::Struct { fields: vec![vty, Type::I1].into(), packed: false });
            (InstData::new(InstKind::CmpXchg { weak, volatile, atomic, failure, align }, &[ptr, cmp, new], &[]), rt)
        }
        "fence" => {
            let atomic = parse_ordering(p)?;
            (InstData::new(InstKind::Fence { atomic }, &[], &[]), Type::VOID)
        }
        _ => return Err(p.error_at(off, "expected instruction opcode")),
    };
    Ok(data)
}

/// Vector and aggregate element access: `extractelement`, `insertelement`, `shufflevector`, `extractvalue`, `insertvalue`.
fn parse_vector_or_aggregate<'a>(
    p: &mut Parser<'a>,
    st: &mut FnState<'a>,
    op: &str,
    off: usize,
) -> PResult<(InstData, Type)> {
    let data = match op {
        "extractelement" => {
            let voff = p.offset();
            let (vty, v) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after extract value")?;
            let (_ity, i) = parse_typed_value(p, st)?;
            let TypeData::Vector { elem, .. } = p.m.types.get(vty).clone() else {
                return Err(p.error_at(voff, "invalid extractelement operands"));
            };
            (InstData::new(InstKind::ExtractElement, &[v, i], &[]), elem)
        }
        "insertelement" => {
            let voff = p.offset();
            let (vty, v) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after insertelement value")?;
            let (ety, e) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after insertelement value")?;
            let (_ity, i) = parse_typed_value(p, st)?;
            if p.m.types.element(vty, 0) != Some(ety) || !p.m.types.is_vector(vty) {
                return Err(p.error_at(voff, "invalid insertelement operands"));
            }
            (InstData::new(InstKind::InsertElement, &[v, e, i], &[]), vty)
        }
        "shufflevector" => {
            let voff = p.offset();
            let (vty, a) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after shuffle mask")?;
            let b = {
                let bt = p.parse_type()?;
                if bt != vty {
                    return Err(p.error_at(voff, "invalid shufflevector operands"));
                }
                parse_value(p, st, bt)?
            };
            p.expect(Tok::Comma, "',' after shuffle value")?;
            let (mty, mask) = parse_typed_value(p, st)?;
            let (TypeData::Vector { elem, scalable, .. }, TypeData::Vector { len, .. }) =
                (p.m.types.get(vty).clone(), p.m.types.get(mty).clone())
            else {
                return Err(p.error_at(voff, "invalid shufflevector operands"));
            };
            let rt = p.m.types.intern(TypeData::Vector { len, scalable, elem });
            (InstData::new(InstKind::ShuffleVector, &[a, b, mask], &[]), rt)
        }
        "extractvalue" => {
            let aoff = p.offset();
            let (aty, a) = parse_typed_value(p, st)?;
            let indices = parse_indices(p)?;
            let rt =
                indexed_type(p, aty, &indices).ok_or_else(|| p.error_at(aoff, "invalid indices for extractvalue"))?;
            (InstData::new(InstKind::ExtractValue { indices: indices.into() }, &[a], &[]), rt)
        }
        "insertvalue" => {
            let aoff = p.offset();
            let (aty, a) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after insertvalue operand")?;
            let (ety, e) = parse_typed_value(p, st)?;
            let indices = parse_indices(p)?;
            let want =
                indexed_type(p, aty, &indices).ok_or_else(|| p.error_at(aoff, "invalid indices for insertvalue"))?;
            if want != ety {
                return Err(p.error_at(
                    aoff,
                    format!(
                        "insertvalue operand and field disagree in type: '{}' instead of '{}'",
                        p.type_str(ety),
                        p.type_str(want)
                    ),
                ));
            }
            (InstData::new(InstKind::InsertValue { indices: indices.into() }, &[a, e], &[]), aty)
        }
        _ => return Err(p.error_at(off, "expected instruction opcode")),
    };
    Ok(data)
}

/// `fneg`, the comparisons, `select`, `freeze`, `phi` and `va_arg`.
fn parse_other<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, op: &str, off: usize) -> PResult<(InstData, Type)> {
    let data = match op {
        "fneg" => {
            let fmf = parse_fmf(p);
            let toff = p.offset();
            let (ty, v) = parse_typed_value(p, st)?;
            if !types_ok(p, ty, true) {
                return Err(p.error_at(toff, "invalid operand type for instruction"));
            }
            (InstData::new(InstKind::FNeg { fmf }, &[v], &[]), ty)
        }
        "icmp" | "fcmp" => {
            let is_f = op == "fcmp";
            let fmf = if is_f { parse_fmf(p) } else { FastMath::NONE };
            let flags = if is_f { IntFlags::NONE } else { parse_int_flags(p, IntFlags::SAMESIGN) };
            let Tok::Word(pw) = p.peek().clone() else { return p.err("expected comparison predicate") };
            let kind = if is_f {
                let Some(pr) = FloatPred::ALL.iter().find(|x| x.keyword() == pw) else {
                    return p.err("expected fcmp predicate (e.g. 'oeq')");
                };
                InstKind::FCmp { pred: *pr, fmf }
            } else {
                let Some(pr) = IntPred::ALL.iter().find(|x| x.keyword() == pw) else {
                    return p.err("expected icmp predicate (e.g. 'eq')");
                };
                InstKind::ICmp { pred: *pr, flags }
            };
            p.bump();
            let toff = p.offset();
            let (ty, a) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after compare value")?;
            let b = parse_value(p, st, ty)?;
            let s = p.m.types.scalar(ty);
            let ok = if is_f { p.m.types.is_float(s) } else { p.m.types.is_int(s) || p.m.types.is_ptr(s) };
            if !ok {
                return Err(p.error_at(
                    toff,
                    format!("{op} requires {} operands", if is_f { "floating-point" } else { "integer or pointer" }),
                ));
            }
            let rt = p.m.types.with_scalar(ty, Type::I1);
            (InstData::new(kind, &[a, b], &[]), rt)
        }
        "select" => {
            let fmf = parse_fmf(p);
            let coff = p.offset();
            let (cty, c) = parse_typed_value(p, st)?;
            if p.m.types.scalar(cty) != Type::I1 {
                return Err(p.error_at(coff, "select condition must be i1 or <n x i1>"));
            }
            p.expect(Tok::Comma, "',' after select condition")?;
            let (ty, a) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after select value")?;
            let boff = p.offset();
            let bt = p.parse_type()?;
            if bt != ty {
                return Err(p.error_at(boff, "select values must have same type as select instruction"));
            }
            let b = parse_value(p, st, bt)?;
            if ty == Type::TOKEN {
                return Err(p.error_at(coff, "select values cannot have token type"));
            }
            (InstData::new(InstKind::Select { fmf }, &[c, a, b], &[]), ty)
        }
        "freeze" => {
            let (ty, v) = parse_typed_value(p, st)?;
            (InstData::new(InstKind::Freeze, &[v], &[]), ty)
        }
        "phi" => {
            let fmf = parse_fmf(p);
            let toff = p.offset();
            let ty = p.parse_type()?;
            // A token phi parses; the verifier rejects it (as LLVM does).
            if ty == Type::VOID || ty == Type::LABEL || !p.m.types.is_first_class(ty) {
                return Err(p.error_at(toff, "phi node must have first class type"));
            }
            let mut args = Vec::new();
            let mut blocks = Vec::new();
            loop {
                p.expect(Tok::LSquare, "'[' in phi value list")?;
                args.push(parse_value(p, st, ty)?);
                p.expect(Tok::Comma, "',' after insertelement value")?;
                blocks.push(parse_block_ref(p, st)?);
                p.expect(Tok::RSquare, "']' in phi value list")?;
                if !(matches!(p.peek(), Tok::Comma) && matches!(p.peek_at(1), Tok::LSquare)) {
                    break;
                }
                p.bump();
            }
            (InstData::new(InstKind::Phi { fmf }, &args, &blocks), ty)
        }
        "va_arg" => {
            let (_t, v) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after vaarg operand")?;
            let ty = p.parse_type()?;
            (InstData::new(InstKind::VaArg, &[v], &[]), ty)
        }
        _ => return Err(p.error_at(off, "expected instruction opcode")),
    };
    Ok(data)
}

/// The binary operators and the casts (every other opcode ends here).
fn parse_arithmetic_or_cast<'a>(
    p: &mut Parser<'a>,
    st: &mut FnState<'a>,
    op: &str,
    off: usize,
) -> PResult<(InstData, Type)> {
    let data = {
        if let Some(r) = super::parse_eh::parse_eh_inst(p, st, op) {
            return r;
        }
        if let Some(bop) = BinOp::ALL.iter().find(|b| b.keyword() == op).copied() {
            let (flags, fmf) = if bop.is_float() {
                (IntFlags::NONE, parse_fmf(p))
            } else {
                (parse_int_flags(p, bop.allowed_flags()), FastMath::NONE)
            };
            let toff = p.offset();
            let (ty, a) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' in arithmetic operation")?;
            let b = parse_value(p, st, ty)?;
            if !types_ok(p, ty, bop.is_float()) {
                return Err(p.error_at(toff, "invalid operand type for instruction"));
            }
            (InstData::new(InstKind::Binary { op: bop, flags, fmf }, &[a, b], &[]), ty)
        } else if let Some(cop) = CastOp::ALL.iter().find(|c| c.keyword() == op).copied() {
            let allowed = match cop {
                CastOp::Trunc => IntFlags::NUW.union(IntFlags::NSW),
                CastOp::ZExt | CastOp::UIToFP => IntFlags::NNEG,
                _ => IntFlags::NONE,
            };
            let flags = parse_int_flags(p, allowed);
            let fmf = parse_fmf(p);
            let (sty, v) = parse_typed_value(p, st)?;
            p.expect_word("to")?;
            let dty = p.parse_type()?;
            if !cast_is_valid(p, cop, sty, dty) {
                return Err(p.error_at(
                    off,
                    format!("invalid cast opcode for cast from '{}' to '{}'", p.type_str(sty), p.type_str(dty)),
                ));
            }
            (InstData::new(InstKind::Cast { op: cop, flags, fmf }, &[v], &[]), dty)
        } else {
            return Err(p.error_at(off, "expected instruction opcode"));
        }
    };
    Ok(data)
}

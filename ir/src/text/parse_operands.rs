//! Pieces of instructions shared by the body parser: fast-math and
//! integer flags, atomic orderings, alignment, and the type rules of
//! casts, pointer operands and aggregate indices.

use super::lexer::Tok;
use super::parser::{PResult, Parser};
use crate::inst::*;
use crate::types::{Type, TypeData};

pub(super) fn parse_fmf(p: &mut Parser<'_>) -> FastMath {
    let mut f = FastMath::NONE;
    loop {
        if p.eat_word("fast") {
            f = f.union(FastMath::FAST);
            continue;
        }
        let Tok::Word(w) = p.peek() else { return f };
        match FastMath::KEYWORDS.iter().find(|(_, k)| k == w) {
            Some((fl, _)) => {
                f = f.union(*fl);
                p.bump();
            }
            None => return f,
        }
    }
}

pub(super) fn parse_int_flags(p: &mut Parser<'_>, allowed: IntFlags) -> IntFlags {
    let mut f = IntFlags::NONE;
    loop {
        let Tok::Word(w) = p.peek() else { return f };
        match IntFlags::KEYWORDS.iter().find(|(fl, k)| k == w && allowed.contains(*fl)) {
            Some((fl, _)) => {
                f = f.union(*fl);
                p.bump();
            }
            None => return f,
        }
    }
}

pub(super) fn parse_ordering(p: &mut Parser<'_>) -> PResult<Box<Atomic>> {
    let mut scope = None;
    if p.eat_word("syncscope") {
        p.expect(Tok::LParen, "'(' in syncscope")?;
        let s = p.parse_string("syncscope name")?;
        p.expect(Tok::RParen, "')' in syncscope")?;
        scope = Some(String::from_utf8_lossy(&s).into());
    }
    let Tok::Word(w) = p.peek().clone() else { return p.err("Expected ordering on atomic instruction") };
    let Some(o) = Ordering::ALL.iter().find(|o| o.keyword() == w) else {
        return p.err("Expected ordering on atomic instruction");
    };
    p.bump();
    Ok(Box::new(Atomic { ordering: *o, scope }))
}

pub(super) fn parse_opt_align(p: &mut Parser<'_>) -> PResult<Option<Align>> {
    if p.comma_then_word("align") {
        p.bump();
        p.bump();
        return Ok(Align::new(p.parse_align_value()?));
    }
    Ok(None)
}

pub(super) fn expect_ptr(p: &Parser<'_>, ty: Type, off: usize, what: &str) -> PResult<()> {
    if matches!(p.m.types.get(ty), TypeData::Ptr(_)) {
        Ok(())
    } else {
        Err(p.error_at(off, format!("{what} must be a pointer")))
    }
}

pub(super) fn parse_indices(p: &mut Parser<'_>) -> PResult<Vec<u32>> {
    let mut out = Vec::new();
    while matches!(p.peek(), Tok::Comma) && !matches!(p.peek_at(1), Tok::MetadataName(_)) {
        p.bump();
        out.push(p.parse_u32("index")?);
    }
    if out.is_empty() {
        return p.err("expected index");
    }
    Ok(out)
}

pub(super) fn indexed_type(p: &Parser<'_>, mut t: Type, idx: &[u32]) -> Option<Type> {
    for &i in idx {
        match p.m.types.get(t) {
            TypeData::Array { len, elem } => {
                if u64::from(i) >= *len {
                    return None;
                }
                t = *elem;
            }
            TypeData::Struct { .. } | TypeData::Named { .. } => t = p.m.types.element(t, u64::from(i))?,
            _ => return None,
        }
    }
    Some(t)
}

pub(super) fn cast_is_valid(p: &Parser<'_>, op: CastOp, s: Type, d: Type) -> bool {
    let t = &p.m.types;
    let (ss, ds) = (t.scalar(s), t.scalar(d));
    let same_shape = match (t.get(s), t.get(d)) {
        // A bitcast may regroup lanes (`<1 x i32>` to `<4 x i8>`): only the total width counts.
        (TypeData::Vector { .. }, TypeData::Vector { .. }) if op == CastOp::BitCast => true,
        (TypeData::Vector { len: a, .. }, TypeData::Vector { len: b, .. }) => a == b,
        (TypeData::Vector { .. }, _) | (_, TypeData::Vector { .. }) => op == CastOp::BitCast,
        _ => true,
    };
    if !same_shape {
        return false;
    }
    let ib = |x| t.int_bits(x);
    let fb = |x| t.float_kind(x).map(|k| k.bits());
    match op {
        CastOp::Trunc => matches!((ib(ss), ib(ds)), (Some(a), Some(b)) if a > b),
        CastOp::ZExt | CastOp::SExt => matches!((ib(ss), ib(ds)), (Some(a), Some(b)) if a < b),
        CastOp::FPTrunc => matches!((fb(ss), fb(ds)), (Some(a), Some(b)) if a > b),
        CastOp::FPExt => matches!((fb(ss), fb(ds)), (Some(a), Some(b)) if a < b),
        CastOp::FPToUI | CastOp::FPToSI => fb(ss).is_some() && ib(ds).is_some(),
        CastOp::UIToFP | CastOp::SIToFP => ib(ss).is_some() && fb(ds).is_some(),
        CastOp::PtrToInt | CastOp::PtrToAddr => t.is_ptr(ss) && ib(ds).is_some(),
        CastOp::IntToPtr => ib(ss).is_some() && t.is_ptr(ds),
        CastOp::AddrSpaceCast => t.is_ptr(ss) && t.is_ptr(ds) && ss != ds,
        CastOp::BitCast => {
            if t.is_ptr(ss) || t.is_ptr(ds) {
                return ss == ds;
            }
            // Same total size for non-pointers: compare scalar bit widths times lanes.
            let bits = |x: Type| -> Option<u64> {
                let n = t.num_elements(x).filter(|_| t.is_vector(x)).unwrap_or(1);
                let sc = t.scalar(x);
                let w = ib(sc).or_else(|| fb(sc))?;
                Some(n * u64::from(w))
            };
            matches!((bits(s), bits(d)), (Some(a), Some(b)) if a == b)
        }
    }
}

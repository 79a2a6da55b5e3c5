//! Parsing exception handling and indirect branches: `invoke`,
//! `landingpad`, `resume`, the funclet pads (`cleanuppad`, `catchpad`,
//! `catchswitch`, `catchret`, `cleanupret`) and `indirectbr`. Error texts
//! are LLVM's where it has one, located where LLVM locates them.

use super::lexer::Tok;
use super::parse_call::parse_call_common;
use super::parse_func::*;
use super::parser::{PResult, Parser};
use crate::inst::*;
use crate::types::{Type, TypeData};
use crate::{Block, Value};

/// Parses the instruction `op` (already consumed) if it is one of this
/// module's; `None` for any other opcode.
pub(super) fn parse_eh_inst<'a>(
    p: &mut Parser<'a>,
    st: &mut FnState<'a>,
    op: &str,
) -> Option<PResult<(InstData, Type)>> {
    Some(match op {
        "invoke" => parse_invoke(p, st),
        "landingpad" => parse_landingpad(p, st),
        "resume" => parse_typed_value(p, st).map(|(_, v)| (InstData::new(InstKind::Resume, &[v], &[]), Type::VOID)),
        "indirectbr" => parse_indirectbr(p, st),
        "cleanuppad" | "catchpad" => parse_pad(p, st, op),
        "catchswitch" => parse_catchswitch(p, st),
        "catchret" => parse_catchret(p, st),
        "cleanupret" => parse_cleanupret(p, st),
        _ => return None,
    })
}

fn parse_invoke<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    let c = parse_call_common(p, st, TailKind::None)?;
    if !p.eat_word("to") {
        return p.err("expected 'to' in invoke");
    }
    let normal = parse_label(p, st)?;
    if !p.eat_word("unwind") {
        return p.err("expected 'unwind' in invoke");
    }
    let unwind = parse_label(p, st)?;
    st.pending_groups = c.groups;
    Ok((InstData::new(InstKind::Invoke(Box::new(c.info)), &c.args, &[normal, unwind]), c.ret))
}

fn parse_landingpad<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    let ty = p.parse_type()?;
    let cleanup = p.eat_word("cleanup");
    let mut clauses = Vec::new();
    let mut args = Vec::new();
    loop {
        let kind = if p.eat_word("catch") {
            ClauseKind::Catch
        } else if p.eat_word("filter") {
            ClauseKind::Filter
        } else {
            break;
        };
        let voff = p.offset();
        let (vty, v) = parse_typed_value(p, st)?;
        let is_array = matches!(p.m.types.get(vty), TypeData::Array { .. });
        match kind {
            ClauseKind::Catch if is_array => return Err(p.error_at(voff, "'catch' clause has an invalid type")),
            ClauseKind::Filter if !is_array => return Err(p.error_at(voff, "'filter' clause has an invalid type")),
            _ => {}
        }
        if st.dfg.value_const(v).is_none() {
            return Err(p.error_at(voff, "clause argument must be a constant"));
        }
        clauses.push(kind);
        args.push(v);
    }
    Ok((InstData::new(InstKind::LandingPad { cleanup, clauses: clauses.into() }, &args, &[]), ty))
}

fn parse_indirectbr<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    let aoff = p.offset();
    let (aty, addr) = parse_typed_value(p, st)?;
    if !p.m.types.is_ptr(aty) {
        return Err(p.error_at(aoff, "indirectbr address must have pointer type"));
    }
    p.expect(Tok::Comma, "',' after indirectbr address")?;
    p.expect(Tok::LSquare, "'[' with indirectbr")?;
    let mut dests = Vec::new();
    if !p.eat(&Tok::RSquare) {
        loop {
            dests.push(parse_label(p, st)?);
            if p.eat(&Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "',' in indirectbr destination list")?;
        }
    }
    Ok((InstData::new(InstKind::IndirectBr, &[addr], &dests), Type::VOID))
}

/// `within <scope>`: `none` or a local token value.
fn parse_scope<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, op: &str) -> PResult<Value> {
    if !p.eat_word("within") {
        return p.err(format!("expected 'within' after {op}"));
    }
    if !matches!(p.peek(), Tok::Word("none") | Tok::LocalName(_) | Tok::LocalId(_)) {
        return p.err(format!("expected scope value for {op}"));
    }
    parse_value(p, st, Type::TOKEN)
}

/// The `[ty v, ...]` arguments of `catchpad` and `cleanuppad`.
fn parse_pad<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, op: &str) -> PResult<(InstData, Type)> {
    let parent = parse_scope(p, st, op)?;
    p.expect(Tok::LSquare, "'[' in catchpad/cleanuppad")?;
    let mut args = vec![parent];
    while !p.eat(&Tok::RSquare) {
        if args.len() > 1 {
            p.expect(Tok::Comma, "',' in argument list")?;
        }
        let aoff = p.offset();
        let ty = p.parse_type()?;
        let v = if ty == Type::METADATA {
            super::parse_call::parse_md_arg(p, st)?
        } else {
            if ty == Type::VOID || ty == Type::LABEL {
                return Err(p.error_at(aoff, "invalid type for function argument"));
            }
            parse_value(p, st, ty)?
        };
        args.push(v);
    }
    let kind = if op == "catchpad" { InstKind::CatchPad } else { InstKind::CleanupPad };
    Ok((InstData::new(kind, &args, &[]), Type::TOKEN))
}

/// `unwind to caller` (`None`) or `unwind label %bb`, after `unwind`.
fn parse_unwind_dest<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, op: &str) -> PResult<Option<Block>> {
    if p.eat_word("to") {
        if !p.eat_word("caller") {
            return p.err(format!("expected 'caller' in {op}"));
        }
        return Ok(None);
    }
    parse_label(p, st).map(Some)
}

fn parse_catchswitch<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    let parent = parse_scope(p, st, "catchswitch")?;
    p.expect(Tok::LSquare, "'[' with catchswitch labels")?;
    let mut handlers = Vec::new();
    loop {
        handlers.push(parse_label(p, st)?);
        if p.eat(&Tok::RSquare) {
            break;
        }
        p.expect(Tok::Comma, "',' in catchswitch labels")?;
    }
    if !p.eat_word("unwind") {
        return p.err("expected 'unwind' after catchswitch scope");
    }
    let unwind = parse_unwind_dest(p, st, "catchswitch")?;
    let blocks: Vec<Block> = unwind.into_iter().chain(handlers).collect();
    let kind = InstKind::CatchSwitch { has_unwind: unwind.is_some() };
    Ok((InstData::new(kind, &[parent], &blocks), Type::TOKEN))
}

fn parse_catchret<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    if !p.eat_word("from") {
        return p.err("expected 'from' after catchret");
    }
    let pad = parse_value(p, st, Type::TOKEN)?;
    if !p.eat_word("to") {
        return p.err("expected 'to' in catchret");
    }
    let dest = parse_label(p, st)?;
    Ok((InstData::new(InstKind::CatchRet, &[pad], &[dest]), Type::VOID))
}

fn parse_cleanupret<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    if !p.eat_word("from") {
        return p.err("expected 'from' after cleanupret");
    }
    let pad = parse_value(p, st, Type::TOKEN)?;
    if !p.eat_word("unwind") {
        return p.err("expected 'unwind' in cleanupret");
    }
    let unwind = parse_unwind_dest(p, st, "cleanupret")?;
    Ok((InstData::new(InstKind::CleanupRet, &[pad], unwind.as_slice()), Type::VOID))
}

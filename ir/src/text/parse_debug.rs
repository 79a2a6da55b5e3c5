//! Parsing debug records (`#dbg_value(...)` lines before an instruction)
//! and `!DIArgList(...)`, and turning the `llvm.dbg.*` intrinsic calls of
//! older files into records, as LLVM 22 does when it reads them.

use super::lexer::Tok;
use super::parse_func::{FnState, parse_value};
use super::parser::{PResult, Parser};
use crate::debug::{DbgAssign, DbgLocation, DbgRecord, DbgVariable, DbgVariableKind};
use crate::dfg::{DataFlowGraph, ValueDef};
use crate::layout::Layout;
use crate::metadata::{MdArg, MdId, MdOperand};
use crate::module::Module;
use crate::types::Type;
use crate::{Inst, Value};

/// One record; the cursor is on `#dbg_KIND`.
pub(super) fn parse_record<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, kind: &str) -> PResult<DbgRecord> {
    let off = p.offset();
    if p.seen_dbg_call {
        return Err(p.error_at(off, "debug record should not appear in a module containing debug info intrinsics"));
    }
    p.seen_dbg_record = true;
    let kind = match kind {
        "value" => Some(DbgVariableKind::Value),
        "declare" => Some(DbgVariableKind::Declare),
        "declare_value" => Some(DbgVariableKind::DeclareValue),
        "assign" => Some(DbgVariableKind::Assign),
        "label" => None,
        _ => return Err(p.error_at(off + 1, "expected debug record type here")),
    };
    p.bump();
    p.expect(Tok::LParen, "'(' here")?;
    let Some(kind) = kind else {
        let label = p.parse_md_node_ref()?;
        p.expect(Tok::Comma, "',' here")?;
        let loc = p.parse_md_node_ref()?;
        p.expect(Tok::RParen, "')' here")?;
        return Ok(DbgRecord::Label { label, loc });
    };
    let location = parse_location(p, st)?;
    p.expect(Tok::Comma, "',' here")?;
    let variable = parse_md(p)?;
    p.expect(Tok::Comma, "',' here")?;
    let expression = parse_md(p)?;
    p.expect(Tok::Comma, "',' here")?;
    let assign = if kind == DbgVariableKind::Assign {
        let id = parse_md(p)?;
        p.expect(Tok::Comma, "',' here")?;
        let address = parse_location(p, st)?;
        p.expect(Tok::Comma, "',' here")?;
        let address_expr = parse_md(p)?;
        p.expect(Tok::Comma, "',' here")?;
        Some(Box::new(DbgAssign { id, address, address_expr }))
    } else {
        None
    };
    let loc = parse_md(p)?;
    p.expect(Tok::RParen, "')' here")?;
    Ok(DbgRecord::Variable(Box::new(DbgVariable { kind, location, variable, expression, assign, loc })))
}

/// A metadata node operand (`!N`, `!{...}`, `!DIExpression(...)`).
fn parse_md(p: &mut Parser<'_>) -> PResult<MdId> {
    if !matches!(p.peek(), Tok::Exclaim | Tok::MetadataName(_)) && !p.is_word("distinct") {
        return p.err("expected '!' here");
    }
    p.parse_md_node_ref()
}

/// `!DIArgList(...)`, a metadata node, or a typed value.
fn parse_location<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<DbgLocation> {
    match p.peek() {
        Tok::MetadataName(n) if n == "DIArgList" => Ok(DbgLocation::ArgList(parse_arg_list(p, st)?)),
        Tok::Exclaim | Tok::MetadataName(_) => Ok(DbgLocation::Node(p.parse_md_node_ref()?)),
        _ => Ok(DbgLocation::Value(parse_md_value(p, st)?)),
    }
}

/// `T v` where `v` is a local or a constant.
fn parse_md_value<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<Value> {
    let off = p.offset();
    let ty = p.parse_type()?;
    if ty == Type::VOID || ty == Type::LABEL || ty == Type::METADATA || !p.m.types.is_first_class(ty) {
        return Err(p.error_at(off, "invalid metadata operand type"));
    }
    parse_value(p, st, ty)
}

/// `!DIArgList(T v, ...)`; the cursor is on `!DIArgList`.
pub(super) fn parse_arg_list<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<Box<[Value]>> {
    p.bump();
    p.expect(Tok::LParen, "'(' here")?;
    let mut vals = Vec::new();
    if !p.eat(&Tok::RParen) {
        loop {
            vals.push(parse_md_value(p, st)?);
            if p.eat(&Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma, "',' here")?;
        }
    }
    Ok(vals.into())
}

/// The debug intrinsics that records replace: `llvm.dbg.<kind>`.
pub(super) fn is_dbg_intrinsic_kind(kind: &str) -> bool {
    matches!(kind, "value" | "declare" | "assign" | "label")
}

/// The location operand of a `llvm.dbg.*` call argument.
fn location_of(dfg: &mut DataFlowGraph, arg: Value) -> Option<DbgLocation> {
    let ValueDef::Md(md) = &dfg.value(arg).def else { return None };
    Some(match &**md {
        MdArg::Local(v) => DbgLocation::Value(*v),
        MdArg::ArgList(vs) => DbgLocation::ArgList(vs.clone()),
        MdArg::Md(MdOperand::Node(n)) => DbgLocation::Node(*n),
        MdArg::Md(MdOperand::Const(c)) => {
            let c = c.clone();
            DbgLocation::Value(dfg.make_const(c))
        }
        MdArg::Md(_) => return None,
    })
}

/// The node of a `metadata !N` call argument.
fn node_of(dfg: &DataFlowGraph, arg: Value) -> Option<MdId> {
    match &dfg.value(arg).def {
        ValueDef::Md(md) => match &**md {
            MdArg::Md(MdOperand::Node(n)) => Some(*n),
            _ => None,
        },
        _ => None,
    }
}

/// The record a call to `llvm.dbg.<kind>` stands for, if it is well formed.
fn record_of_call(dfg: &mut DataFlowGraph, kind: &str, args: &[Value], loc: MdId) -> Option<DbgRecord> {
    // The old four-operand dbg.value (with an offset between the value and
    // the variable) reads as the three-operand one when the offset is 0.
    if kind == "value" && args.len() == 4 {
        let zero = dfg.value_const(args[1]).is_some_and(|c| c.as_int() == Some(0));
        return if zero { record_of_call(dfg, kind, &[args[0], args[2], args[3]], loc) } else { None };
    }
    let vkind = match (kind, args.len()) {
        ("value", 3) => DbgVariableKind::Value,
        ("declare", 3) => DbgVariableKind::Declare,
        ("assign", 6) => DbgVariableKind::Assign,
        ("label", 1) => return Some(DbgRecord::Label { label: node_of(dfg, args[0])?, loc }),
        _ => return None,
    };
    let location = location_of(dfg, args[0])?;
    let variable = node_of(dfg, args[1])?;
    let expression = node_of(dfg, args[2])?;
    let assign = if vkind == DbgVariableKind::Assign {
        let id = node_of(dfg, args[3])?;
        let address = location_of(dfg, args[4])?;
        let address_expr = node_of(dfg, args[5])?;
        Some(Box::new(DbgAssign { id, address, address_expr }))
    } else {
        None
    };
    Some(DbgRecord::Variable(Box::new(DbgVariable { kind: vkind, location, variable, expression, assign, loc })))
}

/// Replaces every well-formed call to `llvm.dbg.value`, `.declare`,
/// `.assign` or `.label` in a freshly parsed body by the record it stands
/// for, at the same position. Returns whether any call was replaced.
pub(super) fn upgrade_dbg_calls(m: &Module, dfg: &mut DataFlowGraph, layout: &mut Layout, insts: &[Inst]) -> bool {
    let mut any = false;
    for &i in insts {
        let d = dfg.inst(i);
        let Some(ci) = d.call_info() else { continue };
        let Some(crate::ConstKind::Global(g)) = dfg.value_const(d.args[0]).map(|c| &c.kind) else { continue };
        let Some(kind) = m.globals[*g].name().strip_prefix("llvm.dbg.") else { continue };
        if !is_dbg_intrinsic_kind(kind) || dfg.inst_result(i).is_some() {
            continue;
        }
        let args: Vec<Value> = d.args[1..1 + ci.num_args as usize].to_vec();
        // A malformed call (no location, operands of the wrong kind) has no
        // record to become; it goes too, as LLVM strips such debug info,
        // so that records and calls never mix in what we print.
        let rec = dfg.inst_md(i, "dbg").and_then(|loc| record_of_call(dfg, kind, &args, loc));
        let mut recs = layout.dbg_records(i).to_vec();
        recs.extend(rec);
        layout.set_dbg_records(i, recs);
        // Removing the call hands its records to what followed it.
        layout.remove_inst(i);
        dfg.mark_removed(i);
        any = true;
    }
    any
}

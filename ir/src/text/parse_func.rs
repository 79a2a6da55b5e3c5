//! Parsing function bodies: blocks, instructions, local value numbering and
//! forward references. Calls are in `parse_call.rs`, exception handling and
//! `indirectbr` in `parse_eh.rs`, flags and operand type
//! rules in `parse_operands.rs`, debug records in `parse_debug.rs`.
//!
//! A forward reference to a local value creates a placeholder value of the
//! type the use expects; the definition later *becomes* that value (no use is
//! rewritten), after checking that the types agree. Unnamed values and blocks
//! are numbered in order (arguments, then blocks and instructions) and an
//! explicit `%N` must match the next number, as in LLVM.

use super::lexer::Tok;
use super::parse_call::{parse_call, parse_callbr};
use super::parse_operands::*;
use super::parser::{AttrSite, PResult, Parser};
use crate::attrs::AttrSet;
use crate::constant::ConstKind;
use crate::dfg::{DataFlowGraph, ValueDef};
use crate::entity::{EntityRef, EntitySet};
use crate::inst::*;
use crate::layout::Layout;
use crate::module::GlobalId;
use crate::types::{Type, TypeData};
use crate::{Block, Function, Inst, Value};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

pub(super) struct FnState<'a> {
    pub(super) dfg: DataFlowGraph,
    pub(super) layout: Layout,
    pub(super) params: Vec<Value>,
    pub(super) ret_ty: Type,
    pub(super) names: FxHashMap<Cow<'a, str>, Value>,
    pub(super) numbers: FxHashMap<u32, Value>,
    pub(super) block_names: FxHashMap<Cow<'a, str>, Block>,
    pub(super) block_numbers: FxHashMap<u32, Block>,
    pub(super) defined_blocks: EntitySet<Block>,
    /// First use of every placeholder value (offset, token as written;
    /// spelled out only for the error).
    pub(super) fwd_values: FxHashMap<Value, (usize, Tok<'a>)>,
    /// First use of every block referenced before its label.
    pub(super) fwd_blocks: FxHashMap<Block, (usize, Tok<'a>)>,
    pub(super) next_num: u32,
    pub(super) call_groups: Vec<(Inst, u32, usize)>,
    /// `#N` references of the call being parsed, bound once it is created.
    pub(super) pending_groups: Vec<(u32, usize)>,
    pub(super) insts: Vec<(Inst, usize)>,
}

/// The name tables of one body, kept (empty) from one body to the next so
/// that each body does not grow its tables again from nothing.
#[derive(Default)]
pub(super) struct LocalTables<'a> {
    names: FxHashMap<Cow<'a, str>, Value>,
    numbers: FxHashMap<u32, Value>,
    block_names: FxHashMap<Cow<'a, str>, Block>,
    block_numbers: FxHashMap<u32, Block>,
    fwd_values: FxHashMap<Value, (usize, Tok<'a>)>,
    fwd_blocks: FxHashMap<Block, (usize, Tok<'a>)>,
}

/// An instruction's name as written before `=`.
pub(super) enum DefName<'a> {
    None,
    Named(Cow<'a, str>),
    Numbered(u32),
}

pub(super) fn parse_body<'a>(
    p: &mut Parser<'a>,
    gid: GlobalId,
    params: &[(Type, AttrSet, Option<Tok<'a>>, usize)],
) -> PResult<Function> {
    let fty = p.m.func(gid).map(|d| d.ty).expect("function just defined");
    let ret_ty = p.m.types.fn_sig(fty).map(|s| s.0).unwrap_or(Type::VOID);
    let tables = std::mem::take(&mut p.local_tables);
    let mut st = FnState {
        dfg: DataFlowGraph::new(),
        layout: Layout::new(),
        params: Vec::new(),
        ret_ty,
        names: tables.names,
        numbers: tables.numbers,
        block_names: tables.block_names,
        block_numbers: tables.block_numbers,
        defined_blocks: EntitySet::new(),
        fwd_values: tables.fwd_values,
        fwd_blocks: tables.fwd_blocks,
        next_num: 0,
        call_groups: Vec::new(),
        pending_groups: Vec::new(),
        insts: Vec::new(),
    };
    for (i, (ty, _, name, off)) in params.iter().enumerate() {
        let v = st.dfg.make_value(*ty, ValueDef::Param(i as u32));
        match name {
            Some(Tok::LocalName(n)) => {
                if st.names.insert(n.clone(), v).is_some() {
                    return Err(p.error_at(*off, format!("redefinition of argument '%{n}'")));
                }
                st.dfg.set_value_name(v, Some(n));
            }
            Some(Tok::LocalId(n)) => {
                if *n < st.next_num {
                    return Err(
                        p.error_at(*off, format!("argument expected to be numbered '%{}' or greater", st.next_num))
                    );
                }
                st.numbers.insert(*n, v);
                st.next_num = *n + 1;
            }
            _ => {
                st.numbers.insert(st.next_num, v);
                st.next_num += 1;
            }
        }
        st.params.push(v);
    }
    p.expect(Tok::LBrace, "'{' in function body")?;
    if matches!(p.peek(), Tok::RBrace) {
        return p.err("function body requires at least one basic block");
    }
    // Use-list orders of local values may close the body; they are checked
    // and dropped.
    let mut use_lists = false;
    while !p.eat(&Tok::RBrace) {
        if p.eat_word("uselistorder") {
            use_lists = true;
            let ty = p.parse_type()?;
            if ty == Type::LABEL {
                // A block's uses (the terminators reaching it).
                parse_block_ref(p, &mut st)?;
            } else {
                parse_value(p, &mut st, ty)?;
            }
            p.parse_use_list_indexes()?;
        } else if use_lists {
            return p.err("expected uselistorder directive");
        } else {
            parse_block(p, &mut st)?;
        }
    }
    // Unresolved forward references.
    if let Some((off, tok)) = st.fwd_values.values().chain(st.fwd_blocks.values()).min_by_key(|(o, _)| *o) {
        return Err(p.error_at(*off, format!("use of undefined value '{}'", local_spelling(tok))));
    }
    let order: Vec<Inst> = st.insts.iter().map(|&(i, _)| i).collect();
    if super::parse_debug::upgrade_dbg_calls(&p.m, &mut st.dfg, &mut st.layout, &order) {
        p.dbg_calls_upgraded = true;
    }
    for (inst, g, off) in st.call_groups {
        p.attr_refs.push((AttrSite::Call(gid, inst), g, off));
    }
    if p.keep_inst_offsets {
        let mut offsets = vec![u32::MAX; st.dfg.num_insts()];
        for (inst, off) in st.insts {
            offsets[inst.index()] = u32::try_from(off).unwrap_or(u32::MAX);
        }
        p.map.set_insts(gid, offsets);
    }
    // Only a module that mentions block addresses needs its labels later.
    let (mut block_names, mut block_numbers) = (st.block_names, st.block_numbers);
    if p.mentions_block_addrs {
        p.block_addrs.keep_labels(gid, std::mem::take(&mut block_names), std::mem::take(&mut block_numbers));
    }
    let mut tables = LocalTables {
        names: st.names,
        numbers: st.numbers,
        block_names,
        block_numbers,
        fwd_values: st.fwd_values,
        fwd_blocks: st.fwd_blocks,
    };
    tables.names.clear();
    tables.numbers.clear();
    tables.block_names.clear();
    tables.block_numbers.clear();
    // (The forward-reference tables are empty: every entry was resolved.)
    p.local_tables = tables;
    st.dfg.shrink_to_fit();
    st.layout.shrink_to_fit();
    Ok(Function::from_parts(st.dfg, st.layout, st.params))
}

pub(super) fn local_spelling(t: &Tok) -> String {
    match t {
        Tok::LocalName(n) => {
            let mut s = String::from("%");
            let _ = super::names::write_ident(&mut s, n);
            s
        }
        Tok::LocalId(n) => format!("%{n}"),
        _ => String::new(),
    }
}

pub(super) fn parse_block<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<()> {
    let off = p.offset();
    let block = match p.peek().clone() {
        Tok::Label(name) => {
            p.bump();
            if st.names.contains_key(&*name) {
                return Err(p.error_at(off, format!("multiple definition of local value named '{name}'")));
            }
            let b = match st.block_names.get(&*name) {
                Some(&b) => b,
                None => {
                    let b = st.dfg.make_block(Some(&name));
                    st.block_names.insert(name.clone(), b);
                    b
                }
            };
            if !st.defined_blocks.insert(b) {
                return Err(p.error_at(off, format!("multiple definition of local value named '{name}'")));
            }
            b
        }
        t => {
            let n = match t {
                Tok::LabelId(n) => {
                    p.bump();
                    if n < st.next_num {
                        return Err(
                            p.error_at(off, format!("label expected to be numbered '{}' or greater", st.next_num))
                        );
                    }
                    n
                }
                _ => st.next_num,
            };
            if st.numbers.contains_key(&n) {
                return Err(p.error_at(off, format!("multiple definition of local value numbered '{n}'")));
            }
            st.next_num = n + 1;
            let b = match st.block_numbers.get(&n) {
                Some(&b) => b,
                None => {
                    let b = st.dfg.make_block(None);
                    st.block_numbers.insert(n, b);
                    b
                }
            };
            if !st.defined_blocks.insert(b) {
                return Err(p.error_at(off, format!("multiple definition of local value numbered '{n}'")));
            }
            b
        }
    };
    st.fwd_blocks.remove(&block);
    st.layout.append_block(block);
    loop {
        if matches!(p.peek(), Tok::RBrace | Tok::Eof | Tok::Error | Tok::Label(_) | Tok::LabelId(_)) {
            // A block must end with a terminator.
            let last_is_term = st.layout.last_inst(block).is_some_and(|i| st.dfg.inst(i).is_terminator());
            if !last_is_term {
                return p.err("expected instruction opcode");
            }
            return Ok(());
        }
        let mut records = Vec::new();
        while let Tok::DbgRecord(kind) = *p.peek() {
            records.push(super::parse_debug::parse_record(p, st, kind)?);
        }
        if !records.is_empty() && matches!(p.peek(), Tok::RBrace | Tok::Eof | Tok::Label(_) | Tok::LabelId(_)) {
            return p.err("expected instruction opcode");
        }
        let inst = parse_inst(p, st)?;
        st.layout.append_inst(inst, block);
        if !records.is_empty() {
            st.layout.set_dbg_records(inst, records);
        }
        if st.dfg.inst(inst).is_terminator() {
            return Ok(());
        }
    }
}

pub(super) fn parse_inst<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<Inst> {
    let start = p.offset();
    let name = match p.peek().clone() {
        Tok::LocalName(n) => {
            p.bump();
            p.expect(Tok::Equal, "'=' after instruction name")?;
            DefName::Named(n)
        }
        Tok::LocalId(n) => {
            p.bump();
            p.expect(Tok::Equal, "'=' after instruction id")?;
            DefName::Numbered(n)
        }
        _ => DefName::None,
    };
    let op_off = p.offset();
    let (data, ty) = parse_inst_body(p, st)?;
    let inst = st.dfg.make_inst(data, Type::VOID);
    for (g, goff) in std::mem::take(&mut st.pending_groups) {
        st.call_groups.push((inst, g, goff));
    }
    if ty != Type::VOID {
        define_result(p, st, inst, ty, name, start)?;
    } else if !matches!(name, DefName::None) {
        return Err(p.error_at(start, "instructions returning void cannot have a name"));
    }
    // Metadata attachments.
    let mut md = Vec::new();
    while matches!(p.peek(), Tok::Comma) && matches!(p.peek_at(1), Tok::MetadataName(_)) {
        p.bump();
        let Tok::MetadataName(kind) = p.bump() else { unreachable!("checked above") };
        let node = p.parse_md_node_ref()?;
        md.push((kind.into(), node));
    }
    if !md.is_empty() {
        st.dfg.set_all_inst_md(inst, md);
    }
    st.insts.push((inst, start));
    let _ = op_off;
    Ok(inst)
}

pub(super) fn define_result<'a>(
    p: &Parser<'a>,
    st: &mut FnState<'a>,
    inst: Inst,
    ty: Type,
    name: DefName<'a>,
    off: usize,
) -> PResult<()> {
    let existing = match &name {
        DefName::Named(n) => {
            if st.block_names.get(&**n).is_some_and(|b| st.defined_blocks.contains(*b)) {
                return Err(p.error_at(off, format!("multiple definition of local value named '{n}'")));
            }
            st.names.get(n).copied()
        }
        DefName::Numbered(n) => {
            if *n < st.next_num {
                return Err(
                    p.error_at(off, format!("instruction expected to be numbered '%{}' or greater", st.next_num))
                );
            }
            st.next_num = *n;
            st.numbers.get(n).copied()
        }
        DefName::None => st.numbers.get(&st.next_num).copied(),
    };
    // Spelled out only for an error message.
    let spelled = |name: &DefName<'_>, next_num: u32| match name {
        DefName::Named(n) => local_spelling(&Tok::LocalName(n.clone())),
        DefName::Numbered(n) => format!("%{n}"),
        DefName::None => format!("%{next_num}"),
    };
    match existing {
        Some(v) if matches!(st.dfg.value(v).def, ValueDef::Placeholder) => {
            let want = st.dfg.value_type(v);
            if want != ty {
                return Err(p.error_at(
                    off,
                    format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        spelled(&name, st.next_num),
                        p.type_str(ty),
                        p.type_str(want)
                    ),
                ));
            }
            st.dfg.bind_placeholder(v, inst);
            st.fwd_values.remove(&v);
        }
        Some(_) => {
            return Err(p.error_at(
                off,
                match &name {
                    DefName::Named(n) => format!("multiple definition of local value named '{n}'"),
                    _ => format!("multiple definition of local value numbered '{}'", st.next_num),
                },
            ));
        }
        None => {
            let v = st.dfg.make_value(ty, ValueDef::Placeholder);
            st.dfg.bind_placeholder(v, inst);
            match &name {
                DefName::Named(n) => {
                    st.names.insert(n.clone(), v);
                }
                _ => {
                    st.numbers.insert(st.next_num, v);
                }
            }
        }
    }
    let v = st.dfg.inst_result(inst).expect("just bound");
    match name {
        DefName::Named(n) => st.dfg.set_value_name(v, Some(&n)),
        _ => st.next_num += 1,
    }
    Ok(())
}

// ------------------------------------------------------------------ operands

/// A local value `%x`/`%N` of type `ty`, or a constant.
pub(super) fn parse_value<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, ty: Type) -> PResult<Value> {
    let off = p.offset();
    match p.peek().clone() {
        t @ (Tok::LocalName(_) | Tok::LocalId(_)) => {
            p.bump();
            if ty == Type::LABEL {
                return Err(p.error_at(off, "basic block used where a value is expected"));
            }
            let existing = match &t {
                Tok::LocalName(n) => st.names.get(&**n).copied(),
                Tok::LocalId(n) => st.numbers.get(n).copied(),
                _ => None,
            };
            if let Some(v) = existing {
                let have = st.dfg.value_type(v);
                if have != ty {
                    return Err(p.error_at(
                        off,
                        format!(
                            "'{}' defined with type '{}' but expected '{}'",
                            local_spelling(&t),
                            p.type_str(have),
                            p.type_str(ty)
                        ),
                    ));
                }
                return Ok(v);
            }
            // A block of that name used as a value.
            if let Tok::LocalName(n) = &t
                && st.block_names.get(&**n).is_some_and(|b| st.defined_blocks.contains(*b))
            {
                return Err(p.error_at(off, format!("'{}' is not a basic block value", local_spelling(&t))));
            }
            if ty == Type::VOID || !p.m.types.is_first_class(ty) {
                return Err(p.error_at(off, "invalid use of a non-first-class type"));
            }
            let v = st.dfg.make_value(ty, ValueDef::Placeholder);
            match &t {
                Tok::LocalName(n) => st.names.insert(n.clone(), v),
                Tok::LocalId(n) => st.numbers.insert(*n, v),
                _ => None,
            };
            st.fwd_values.insert(v, (off, t));
            Ok(v)
        }
        Tok::Word("asm") => Err(p.error_at(off, "inline asm is only valid as a callee")),
        _ => {
            if ty == Type::VOID || ty == Type::LABEL || ty == Type::METADATA {
                return p.err("expected value token");
            }
            let c = p.parse_const(ty)?;
            Ok(st.dfg.make_const(c))
        }
    }
}

pub(super) fn parse_typed_value<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(Type, Value)> {
    let ty = p.parse_type()?;
    let v = parse_value(p, st, ty)?;
    Ok((ty, v))
}

/// `%bb` (after `label`, or in a phi).
pub(super) fn parse_block_ref<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<Block> {
    let off = p.offset();
    let t = p.bump();
    match &t {
        Tok::LocalName(n) => {
            if let Some(&b) = st.block_names.get(&**n) {
                return Ok(b);
            }
            if st.names.contains_key(&**n) {
                return Err(p.error_at(off, format!("'{}' is not a basic block", local_spelling(&t))));
            }
            let b = st.dfg.make_block(Some(n));
            st.block_names.insert(n.clone(), b);
            st.fwd_blocks.insert(b, (off, t.clone()));
            Ok(b)
        }
        Tok::LocalId(n) => {
            if let Some(&b) = st.block_numbers.get(n) {
                return Ok(b);
            }
            if st.numbers.contains_key(n) {
                return Err(p.error_at(off, format!("'{}' is not a basic block", local_spelling(&t))));
            }
            let b = st.dfg.make_block(None);
            st.block_numbers.insert(*n, b);
            st.fwd_blocks.insert(b, (off, t.clone()));
            Ok(b)
        }
        _ => Err(p.error_at(off, "expected a basic block")),
    }
}

pub(super) fn parse_label<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<Block> {
    if !p.eat_word("label") {
        return p.err("expected 'label'");
    }
    parse_block_ref(p, st)
}

// ------------------------------------------------------------------ instructions

/// Parses an instruction after its optional `%name =`; returns its data and
/// result type (void for none).
pub(super) fn parse_inst_body<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    let off = p.offset();
    let Tok::Word(op) = p.peek().clone() else { return p.err("expected instruction opcode") };
    p.bump();
    let types_ok = |p: &Parser<'_>, t: Type, float: bool| {
        let s = p.m.types.scalar(t);
        if float { p.m.types.is_float(s) } else { p.m.types.is_int(s) }
    };
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
        "call" => parse_call(p, st, TailKind::None)?,
        "tail" | "musttail" | "notail" => {
            let tk = match op {
                "tail" => TailKind::Tail,
                "musttail" => TailKind::MustTail,
                _ => TailKind::NoTail,
            };
            p.expect_word("call")?;
            parse_call(p, st, tk)?
        }
        "callbr" => parse_callbr(p, st)?,
        "load" => {
            let atomic = p.eat_word("atomic");
            let volatile = p.eat_word("volatile");
            let toff = p.offset();
            let ty = p.parse_type()?;
            if !p.m.types.is_sized(ty) {
                return Err(p.error_at(toff, "loading unsized types is not allowed"));
            }
            p.expect(Tok::Comma, "comma after load's type")?;
            let poff = p.offset();
            let (pty, ptr) = parse_typed_value(p, st)?;
            expect_ptr(p, pty, poff, "load operand")?;
            let at = if atomic { Some(parse_ordering(p)?) } else { None };
            let align = parse_opt_align(p)?;
            if atomic && align.is_none() {
                return Err(p.error_at(off, "atomic load must have explicit non-zero alignment"));
            }
            (InstData::new(InstKind::Load { align, volatile, atomic: at }, &[ptr], &[]), ty)
        }
        "store" => {
            let atomic = p.eat_word("atomic");
            let volatile = p.eat_word("volatile");
            let (_vty, v) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after store operand")?;
            let poff = p.offset();
            let (pty, ptr) = parse_typed_value(p, st)?;
            expect_ptr(p, pty, poff, "store operand")?;
            let at = if atomic { Some(parse_ordering(p)?) } else { None };
            let align = parse_opt_align(p)?;
            if atomic && align.is_none() {
                return Err(p.error_at(off, "atomic store must have explicit non-zero alignment"));
            }
            (InstData::new(InstKind::Store { align, volatile, atomic: at }, &[v, ptr], &[]), Type::VOID)
        }
        "alloca" => {
            let inalloca = p.eat_word("inalloca");
            let swifterror = p.eat_word("swifterror");
            let toff = p.offset();
            let ty = p.parse_type()?;
            if !p.m.types.is_sized(ty) {
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
        "va_arg" => {
            let (_t, v) = parse_typed_value(p, st)?;
            p.expect(Tok::Comma, "',' after vaarg operand")?;
            let ty = p.parse_type()?;
            (InstData::new(InstKind::VaArg, &[v], &[]), ty)
        }
        _ => {
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
        }
    };
    Ok(data)
}

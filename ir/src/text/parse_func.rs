//! Parsing function bodies: blocks, instructions, local value numbering and
//! forward references. Calls are in `parse_call.rs`, exception handling and
//! `indirectbr` in `parse_eh.rs`, instruction bodies in `parse_inst.rs`, flags and operand type
//! rules in `parse_operands.rs`, debug records in `parse_debug.rs`.
//!
//! A forward reference to a local value creates a placeholder value of the
//! type the use expects; the definition later *becomes* that value (no use is
//! rewritten), after checking that the types agree. Unnamed values and blocks
//! are numbered in order (arguments, then blocks and instructions) and an
//! explicit `%N` must match the next number, as in LLVM.

use super::lexer::Tok;
use super::parse_inst::parse_inst_body;
use super::parser::{AttrSite, PResult, Parser};
use crate::attrs::AttrSet;
use crate::dfg::{DataFlowGraph, ValueDef};
use crate::entity::{EntityRef, EntitySet};
use crate::layout::Layout;
use crate::module::GlobalId;
use crate::types::Type;
use crate::{Block, Function, Inst, Value};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

pub(super) struct FnState<'a> {
    pub(super) dfg: DataFlowGraph,
    pub(super) layout: Layout,
    pub(super) params: Vec<Value>,
    pub(super) ret_ty: Type,
    /// Whether the function takes variable arguments: its `musttail` calls
    /// then end their argument lists with `...`, forwarding them.
    pub(super) varargs: bool,
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
    /// Where each instruction starts, kept only when the parser is asked
    /// for instruction offsets.
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
    let (ret_ty, varargs) = p.m.types.fn_sig(fty).map_or((Type::VOID, false), |s| (s.0, s.2));
    let tables = std::mem::take(&mut p.local_tables);
    let mut st = FnState {
        dfg: DataFlowGraph::new(),
        layout: Layout::new(),
        params: Vec::new(),
        ret_ty,
        varargs,
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
    // Only a module that calls `llvm.dbg.*` has calls to upgrade.
    if p.seen_dbg_call {
        let order: Vec<Inst> = st.layout.blocks().flat_map(|b| st.layout.block_insts(b)).collect();
        if super::parse_debug::upgrade_dbg_calls(&p.m, &mut st.dfg, &mut st.layout, &order) {
            p.dbg_calls_upgraded = true;
        }
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
        // Records are rare: the common path builds (and drops) no vector.
        let inst = if matches!(p.peek(), Tok::DbgRecord(_)) {
            let mut records = Vec::new();
            while let Tok::DbgRecord(kind) = *p.peek() {
                records.push(super::parse_debug::parse_record(p, st, kind)?);
            }
            if matches!(p.peek(), Tok::RBrace | Tok::Eof | Tok::Label(_) | Tok::LabelId(_)) {
                return p.err("expected instruction opcode");
            }
            let inst = parse_inst(p, st)?;
            st.layout.append_inst(inst, block);
            st.layout.set_dbg_records(inst, records);
            inst
        } else {
            let inst = parse_inst(p, st)?;
            st.layout.append_inst(inst, block);
            inst
        };
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
    // Metadata attachments (the common path builds no vector).
    if matches!(p.peek(), Tok::Comma) && matches!(p.peek_at(1), Tok::MetadataName(_)) {
        let mut md = Vec::new();
        while matches!(p.peek(), Tok::Comma) && matches!(p.peek_at(1), Tok::MetadataName(_)) {
            p.bump();
            let Tok::MetadataName(kind) = p.bump() else { unreachable!("checked above") };
            let node = p.parse_md_node_ref()?;
            md.push((kind.into(), node));
        }
        st.dfg.set_all_inst_md(inst, md);
    }
    if p.keep_inst_offsets {
        st.insts.push((inst, start));
    }
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

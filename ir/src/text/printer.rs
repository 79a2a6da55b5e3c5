//! The `.ll` writer: module layout, numbering, globals and function bodies.
//! Instructions are written in `print_inst.rs`, constants, metadata and
//! debug records in `print_values.rs`.
//!
//! Output follows LLVM's canonical layout so that it diffs cleanly against
//! `opt -S`: unnamed values and blocks are numbered in order; function and
//! call-site attributes are printed as `#N` groups numbered by first use
//! (global variables, then functions in module order, then call sites in
//! print order); metadata nodes are renumbered by first reference (global
//! attachments, named metadata, then functions in order), each node before
//! the nodes it references. Duplicate local names (which passes may create)
//! are made unique here, deterministically, so the output always parses.
//! Printing is a fixpoint: print, parse, print gives the same text.

use super::names::{is_bare_ident, write_ident, write_quoted};
use super::print_inst::write_asm;
use super::print_values::write_md_name;
use crate::attrs::AttrSet;
use crate::constant::ConstKind;
use crate::dfg::ValueDef;
use crate::entity::{EntityRef, SecondaryMap};
use crate::metadata::{MdArg, MdBody, MdField, MdId, MdOperand};
use crate::module::{Global, GlobalId, GlobalProps, Module};
use crate::types::{Type, TypeData};
use crate::{Block, Function, Inst, Value};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// Prints a whole module.
pub fn print_module(m: &Module) -> String {
    let mut p = ModulePrinter::new(m);
    let mut out = String::with_capacity(m.num_insts() * 40 + 256);
    p.write_module(&mut out);
    out
}

/// Text is handed on once the buffer holds at least this much (and the
/// buffer is reserved at about this size).
const CHUNK: usize = 1 << 16;

/// Prints a whole module into `w` a piece at a time, without building the
/// whole text first: the same bytes as [`print_module`], in about 64 KiB
/// writes. Stops at the first write error and returns it.
pub fn write_module_to(m: &Module, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut p = ModulePrinter::new(m);
    let mut out = String::with_capacity(2 * CHUNK);
    let mut flush = |out: &mut String, force: bool| -> std::io::Result<()> {
        if force || out.len() >= CHUNK {
            w.write_all(out.as_bytes())?;
            out.clear();
        }
        Ok(())
    };
    p.write_module_with(&mut out, &mut flush)?;
    flush(&mut out, true)
}

/// Names of the values and blocks of one function as they are printed.
///
/// Every name, numbers included, lives in one text arena: a function's worth
/// of names costs a handful of allocations, not a few per value.
pub struct Slots {
    text: String,
    values: SecondaryMap<Value, Span>,
    blocks: SecondaryMap<Block, Span>,
}

/// A name's place in [`Slots`]' arena; `len == u32::MAX` means none.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    const NONE: Span = Span { start: 0, len: u32::MAX };
}

impl Default for Span {
    fn default() -> Self {
        Span::NONE
    }
}

/// Numbering state while [`Slots::new`] assigns names.
struct Namer<'f> {
    text: String,
    used: rustc_hash::FxHashSet<std::borrow::Cow<'f, str>>,
    counters: FxHashMap<&'f str, u32>,
    next: u32,
}

impl<'f> Namer<'f> {
    fn push(&mut self, s: &str) -> Span {
        let start = u32::try_from(self.text.len()).expect("printed names exceed 4 GiB");
        self.text.push_str(s);
        Span { start, len: s.len() as u32 }
    }

    /// The next slot number.
    fn number(&mut self) -> Span {
        let start = u32::try_from(self.text.len()).expect("printed names exceed 4 GiB");
        let _ = write!(self.text, "{}", self.next);
        self.next += 1;
        Span { start, len: self.text.len() as u32 - start }
    }

    /// `name`, or `name` with the first free numeric suffix if taken.
    fn unique(&mut self, name: &'f str) -> Span {
        // A name made only of digits would read back as a slot number;
        // mark it so `write_local` quotes it.
        if name.bytes().all(|c| c.is_ascii_digit()) {
            let marked = format!("\u{1}{name}");
            return self.unique_owned(name, marked);
        }
        if self.used.insert(std::borrow::Cow::Borrowed(name)) {
            return self.push(name);
        }
        self.suffixed(name, name)
    }

    fn unique_owned(&mut self, key: &'f str, name: String) -> Span {
        if self.used.contains(name.as_str()) {
            return self.suffixed(key, &name);
        }
        let span = self.push(&name);
        self.used.insert(std::borrow::Cow::Owned(name));
        span
    }

    fn suffixed(&mut self, key: &'f str, name: &str) -> Span {
        let c = self.counters.entry(key).or_insert(0);
        loop {
            *c += 1;
            let cand = format!("{name}{c}");
            if !self.used.contains(cand.as_str()) {
                let span = self.push(&cand);
                self.used.insert(std::borrow::Cow::Owned(cand));
                return span;
            }
        }
    }

    fn name(&mut self, name: Option<&'f str>) -> Span {
        match name {
            Some(n) => self.unique(n),
            None => self.number(),
        }
    }
}

impl Slots {
    /// Numbers unnamed values and makes names unique, in LLVM order
    /// (parameters, then each block and its instructions in layout order).
    pub fn new(f: &Function) -> Slots {
        let dfg = f.dfg();
        let mut values = SecondaryMap::with_default(Span::NONE);
        let mut blocks = SecondaryMap::with_default(Span::NONE);
        let mut n = Namer {
            text: String::with_capacity(8 * f.params().len() + 8 * dfg.num_insts()),
            used: Default::default(),
            counters: Default::default(),
            next: 0,
        };
        for &p in f.params() {
            values[p] = n.name(dfg.value_name(p));
        }
        for b in f.layout().blocks() {
            blocks[b] = n.name(dfg.block_name(b));
            for i in f.layout().block_insts(b) {
                if let Some(v) = dfg.inst_result(i) {
                    values[v] = n.name(dfg.value_name(v));
                }
            }
        }
        Slots { text: n.text, values, blocks }
    }

    fn get(&self, span: Span) -> Option<&str> {
        (span.len != u32::MAX).then(|| &self.text[span.start as usize..(span.start + span.len) as usize])
    }

    /// The printed name of `v` without `%` (numbers for unnamed values).
    pub fn value(&self, v: Value) -> Option<&str> {
        self.get(self.values[v])
    }

    /// The printed name of block `b` without `%`.
    pub fn block(&self, b: Block) -> &str {
        self.get(self.blocks[b]).unwrap_or("<badref>")
    }

    /// `%name` of block `b`, quoted if needed.
    pub fn block_ref(&self, b: Block) -> String {
        let mut s = String::from("%");
        let _ = write_local(&mut s, self.block(b));
        s
    }

    /// Block name as `print<cycles>` shows it (no `%`, quoted if needed).
    pub fn block_operand(&self, b: Block) -> String {
        let mut s = String::new();
        let _ = write_local(&mut s, self.block(b));
        s
    }
}

pub(super) fn write_local(out: &mut impl Write, name: &str) -> std::fmt::Result {
    // Slot numbers print bare; names only when they are valid identifiers.
    // A leading U+0001 marks a digits-only *name* (see `Slots::new`).
    if let Some(digits) = name.strip_prefix('\u{1}') {
        write_quoted(out, digits.as_bytes())
    } else if (name.bytes().all(|c| c.is_ascii_digit()) && !name.is_empty()) || is_bare_ident(name) {
        out.write_str(name)
    } else {
        write_quoted(out, name.as_bytes())
    }
}

/// A module's attribute-group and metadata numbering, detached from it
/// ([`ModulePrinter::into_numbering`]).
#[derive(Clone)]
pub struct Numbering {
    attr_groups: FxHashMap<AttrSet, u32>,
    attr_order: Vec<AttrSet>,
    md_slot: SecondaryMap<MdId, Option<u32>>,
    md_canon: SecondaryMap<MdId, Option<MdId>>,
    md_order: Vec<MdId>,
}

/// Prints modules, functions and instructions with consistent attribute-group
/// and metadata numbering.
pub struct ModulePrinter<'m> {
    pub(super) m: &'m Module,
    pub(super) attr_groups: FxHashMap<AttrSet, u32>,
    pub(super) attr_order: Vec<AttrSet>,
    pub(super) md_slot: SecondaryMap<MdId, Option<u32>>,
    /// For each uniqued node, the first node with the same content: LLVM
    /// keeps one node per content (`!{}` written inline and as `!2 = !{}`
    /// is one node), so they share a number.
    pub(super) md_canon: SecondaryMap<MdId, Option<MdId>>,
    pub(super) md_order: Vec<MdId>,
    pub(super) preds: bool,
    /// Block names of the functions `blockaddress` constants point into,
    /// numbered once per function.
    pub(super) block_slots: std::cell::RefCell<FxHashMap<crate::module::GlobalId, std::rc::Rc<Slots>>>,
    /// Whether the function being written takes variable arguments: its
    /// `musttail` calls then forward them with a final `...`.
    pub(super) varargs_fn: bool,
}

impl<'m> ModulePrinter<'m> {
    /// Prepares numbering for `m`.
    pub fn new(m: &'m Module) -> Self {
        let mut p = ModulePrinter {
            m,
            attr_groups: FxHashMap::default(),
            attr_order: Vec::new(),
            md_slot: SecondaryMap::with_default(None),
            md_canon: SecondaryMap::with_default(None),
            md_order: Vec::new(),
            preds: true,
            block_slots: Default::default(),
            varargs_fn: false,
        };
        p.unique_md();
        p.number_module();
        p
    }

    pub(super) fn unique_md(&mut self) {
        let mut seen: FxHashMap<&MdBody, MdId> = FxHashMap::default();
        for (id, node) in self.m.metadata.nodes.iter() {
            if node.distinct || matches!(node.body, MdBody::Undefined) {
                continue;
            }
            let first = *seen.entry(&node.body).or_insert(id);
            if first != id {
                self.md_canon[id] = Some(first);
            }
        }
    }

    pub(super) fn canon(&self, id: MdId) -> MdId {
        self.md_canon[id].unwrap_or(id)
    }

    pub(super) fn attr_group(&mut self, set: &AttrSet) -> Option<u32> {
        if set.is_empty() {
            return None;
        }
        if let Some(&n) = self.attr_groups.get(set) {
            return Some(n);
        }
        let n = self.attr_order.len() as u32;
        self.attr_groups.insert(set.clone(), n);
        self.attr_order.push(set.clone());
        Some(n)
    }

    pub(super) fn md_number(&mut self, id: MdId) {
        // Iterative pre-order: a node gets its number before its operands.
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            let n = self.canon(n);
            if self.md_slot[n].is_some() || self.is_inline_md(n) {
                continue;
            }
            self.md_slot[n] = Some(self.md_order.len() as u32);
            self.md_order.push(n);
            let mut children: Vec<MdId> = Vec::new();
            match &self.m.metadata.nodes[n].body {
                MdBody::Tuple(ops) => {
                    for op in ops {
                        if let MdOperand::Node(c) = op {
                            children.push(*c);
                        }
                    }
                }
                MdBody::Specialized { fields, .. } => {
                    for (_, f) in fields {
                        if let MdField::Node(c) = f {
                            children.push(*c);
                        }
                    }
                }
                MdBody::Undefined => {}
            }
            stack.extend(children.into_iter().rev());
        }
    }

    pub(super) fn is_inline_md(&self, n: MdId) -> bool {
        matches!(&self.m.metadata.nodes[n].body, MdBody::Specialized { name, .. } if &**name == "DIExpression")
    }

    pub(super) fn number_module(&mut self) {
        let m = self.m;
        for g in m.variables() {
            if let Some(v) = m.var(g) {
                for (_, md) in &v.props.metadata {
                    self.md_number(*md);
                }
                if !v.attrs.is_empty() {
                    self.attr_group(&v.attrs.clone());
                }
            }
        }
        for ids in m.metadata.named.values() {
            for &id in ids {
                self.md_number(id);
            }
        }
        for f in m.functions() {
            let Some(d) = m.func(f) else { continue };
            for (_, md) in &d.props.metadata {
                self.md_number(*md);
            }
            if let Some(body) = m.body(f) {
                for (_, i) in body.insts_in_order() {
                    for r in body.layout().dbg_records(i) {
                        for n in r.md_refs() {
                            self.md_number(n);
                        }
                    }
                    for &a in &body.dfg().inst(i).args {
                        if let ValueDef::Md(arg) = &body.dfg().value(a).def
                            && let MdArg::Md(MdOperand::Node(n)) = &**arg
                        {
                            self.md_number(*n);
                        }
                    }
                    for (_, md) in body.dfg().inst_metadata(i) {
                        self.md_number(*md);
                    }
                }
            }
            let attrs = d.fn_attrs.clone();
            self.attr_group(&attrs);
        }
        for f in m.functions() {
            if let Some(body) = m.body(f) {
                for (_, i) in body.insts_in_order() {
                    if let Some(c) = body.dfg().inst(i).call_info() {
                        let a = c.fn_attrs.clone();
                        self.attr_group(&a);
                    }
                }
            }
        }
    }

    /// Detaches the numbering from the module, to print with it again
    /// later ([`ModulePrinter::with_numbering`]) while the module is
    /// unchanged: computing it walks the whole module.
    pub fn into_numbering(self) -> Numbering {
        Numbering {
            attr_groups: self.attr_groups,
            attr_order: self.attr_order,
            md_slot: self.md_slot,
            md_canon: self.md_canon,
            md_order: self.md_order,
        }
    }

    /// A printer for `m` with a numbering computed earlier for `m` in its
    /// present state (another state gives wrong `#N` and `!N`).
    pub fn with_numbering(m: &'m Module, n: Numbering) -> Self {
        ModulePrinter {
            m,
            attr_groups: n.attr_groups,
            attr_order: n.attr_order,
            md_slot: n.md_slot,
            md_canon: n.md_canon,
            md_order: n.md_order,
            preds: true,
            block_slots: Default::default(),
            varargs_fn: false,
        }
    }

    /// Instructions written from now on are in function `f` (what some of
    /// them print depends on its signature).
    pub fn enter_function(&mut self, f: GlobalId) {
        self.varargs_fn = self.m.func(f).and_then(|d| self.m.types.fn_sig(d.ty)).is_some_and(|s| s.2);
    }

    /// Disables `; preds = ...` comments.
    pub fn without_preds(mut self) -> Self {
        self.preds = false;
        self
    }

    /// The module.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    /// Writes the whole module.
    pub fn write_module(&mut self, out: &mut String) {
        let _: Result<(), std::convert::Infallible> = self.write_module_with(out, &mut |_, _| Ok(()));
    }

    /// Writes the whole module into `out`, offering it to `flush` (with
    /// `false`: "if you like") after each function; `flush` may take the
    /// text out of the buffer. Its first error stops the printing.
    pub fn write_module_with<E>(
        &mut self,
        out: &mut String,
        flush: &mut dyn FnMut(&mut String, bool) -> Result<(), E>,
    ) -> Result<(), E> {
        let m = self.m;
        let _ = writeln!(out, "; ModuleID = '{}'", m.module_id);
        out.push_str("source_filename = ");
        let sf = m.source_filename.clone().unwrap_or_else(|| m.module_id.as_bytes().into());
        let _ = write_quoted(out, &sf);
        out.push('\n');
        if let Some(dl) = m.datalayout_text() {
            out.push_str("target datalayout = ");
            let _ = write_quoted(out, dl);
            out.push('\n');
        }
        if let Some(t) = &m.triple {
            out.push_str("target triple = ");
            let _ = write_quoted(out, t);
            out.push('\n');
        }
        if !m.module_asm.is_empty() {
            out.push('\n');
            for a in &m.module_asm {
                out.push_str("module asm ");
                let _ = write_quoted(out, a);
                out.push('\n');
            }
        }
        let named = super::typefinder::used_named_types(m);
        if !named.is_empty() {
            out.push('\n');
            for t in named {
                let TypeData::Named { name, body, packed } = m.types.get(t) else { continue };
                out.push('%');
                let _ = write_ident(out, name);
                out.push_str(" = type ");
                match body {
                    Some(b) => {
                        let _ = m.types.write_struct_body(out, b, *packed);
                    }
                    None => out.push_str("opaque"),
                }
                out.push('\n');
            }
        }
        // As opt: the comdats some function or variable is in, in that
        // order (functions first); one nothing is in any more is gone.
        let mut used: indexmap::IndexSet<&str> = indexmap::IndexSet::new();
        for g in m.functions().chain(m.variables()) {
            let comdat = match &m.globals[g] {
                Global::Func(d) => d.props.comdat.as_deref(),
                Global::Var(v) => v.props.comdat.as_deref(),
                _ => None,
            };
            used.extend(comdat.filter(|c| m.comdats.contains_key(*c)));
        }
        if !used.is_empty() {
            out.push('\n');
            for (i, name) in used.into_iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                out.push('$');
                let _ = write_ident(out, name);
                let _ = writeln!(out, " = comdat {}", m.comdats[name]);
            }
        }
        let vars: Vec<GlobalId> = m.variables().collect();
        if !vars.is_empty() {
            out.push('\n');
            for g in vars {
                self.write_global_var(out, g);
            }
        }
        for ifunc in [false, true] {
            let group: Vec<GlobalId> =
                m.aliases().filter(|&g| matches!(&m.globals[g], Global::Alias(a) if a.is_ifunc == ifunc)).collect();
            if !group.is_empty() {
                out.push('\n');
                for g in group {
                    self.write_alias(out, g);
                }
            }
        }
        for f in m.functions() {
            out.push('\n');
            self.write_function_with(out, f, flush)?;
        }
        if !self.attr_order.is_empty() {
            out.push('\n');
            for (i, set) in self.attr_order.iter().enumerate() {
                let _ = write!(out, "attributes #{i} = {{ ");
                let _ = set.write_group(out, &m.types);
                out.push_str(" }\n");
            }
        }
        if !m.metadata.named.is_empty() {
            out.push('\n');
            for (name, ids) in &m.metadata.named {
                out.push('!');
                let _ = write_md_name(out, name);
                out.push_str(" = !{");
                for (k, id) in ids.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_md_ref(out, *id);
                }
                out.push_str("}\n");
            }
        }
        if !self.md_order.is_empty() {
            out.push('\n');
            for k in 0..self.md_order.len() {
                let id = self.md_order[k];
                let _ = write!(out, "!{k} = ");
                self.write_md_node(out, id);
                out.push('\n');
            }
        }
        Ok(())
    }

    /// Linkage, preemption, visibility, DLL storage; for variables also
    /// thread-local mode and `unnamed_addr` (functions print that after the
    /// parameter list).
    pub(super) fn write_props_prefix(out: &mut String, p: &GlobalProps, is_var: bool) {
        if let Some(l) = &p.linkage
            && (is_var || &**l != "external")
        {
            out.push_str(l);
            out.push(' ');
        }
        let var_only = if is_var { [&p.thread_local, &p.unnamed_addr] } else { [&None, &None] };
        for s in [&p.preemption, &p.visibility, &p.dll_storage].into_iter().chain(var_only).flatten() {
            if &**s == "dso_preemptable" {
                continue;
            }
            out.push_str(s);
            out.push(' ');
        }
    }

    pub(super) fn write_global_var(&mut self, out: &mut String, g: GlobalId) {
        let m = self.m;
        let Some(v) = m.var(g) else { return };
        out.push('@');
        let _ = write_ident(out, &v.name);
        out.push_str(" = ");
        Self::write_props_prefix(out, &v.props, true);
        if v.props.addrspace != 0 {
            let _ = write!(out, "addrspace({}) ", v.props.addrspace);
        }
        if v.externally_initialized {
            out.push_str("externally_initialized ");
        }
        out.push_str(if v.is_constant { "constant " } else { "global " });
        let _ = m.types.write(out, v.ty);
        if let Some(init) = &v.init {
            out.push(' ');
            self.write_const(out, init);
        }
        if let Some(s) = &v.props.section {
            out.push_str(", section ");
            let _ = write_quoted(out, s);
        }
        if let Some(s) = &v.props.partition {
            out.push_str(", partition ");
            let _ = write_quoted(out, s);
        }
        if let Some(c) = &v.props.comdat {
            Self::write_comdat(out, c, &v.name, true);
        }
        if let Some(a) = v.props.align {
            let _ = write!(out, ", align {a}");
        }
        if let Some(cm) = &v.code_model {
            out.push_str(", code_model ");
            let _ = write_quoted(out, cm);
        }
        for (k, md) in &v.props.metadata {
            out.push_str(", !");
            let _ = write_md_name(out, k);
            out.push(' ');
            self.write_md_ref(out, *md);
        }
        if let Some(n) = self.attr_groups.get(&v.attrs) {
            let _ = write!(out, " #{n}");
        }
        out.push('\n');
    }

    pub(super) fn write_alias(&mut self, out: &mut String, g: GlobalId) {
        let m = self.m;
        let Global::Alias(a) = &m.globals[g] else { return };
        out.push('@');
        let _ = write_ident(out, &a.name);
        out.push_str(" = ");
        let mut props = a.props.clone();
        if props.linkage.as_deref() == Some("external") {
            props.linkage = None;
        }
        Self::write_props_prefix(out, &props, true);
        out.push_str(if a.is_ifunc { "ifunc " } else { "alias " });
        self.ty(out, a.ty);
        out.push_str(", ");
        // A constant expression carries its type; LLVM writes none before it.
        if !matches!(a.target.kind, ConstKind::Expr(_)) {
            self.ty(out, a.target.ty);
            out.push(' ');
        }
        self.write_const(out, &a.target);
        if let Some(s) = &a.props.partition {
            out.push_str(", partition ");
            let _ = write_quoted(out, s);
        }
        out.push('\n');
    }

    pub(super) fn write_comdat(out: &mut String, c: &str, own: &str, comma: bool) {
        out.push_str(if comma { ", comdat" } else { " comdat" });
        if c != own {
            out.push_str("($");
            let _ = write_ident(out, c);
            out.push(')');
        }
    }

    /// Writes one function (definition or declaration) followed by a newline.
    pub fn write_function(&mut self, out: &mut String, f: GlobalId) {
        let _: Result<(), std::convert::Infallible> = self.write_function_with(out, f, &mut |_, _| Ok(()));
    }

    /// [`ModulePrinter::write_function`], offering the text to `flush` after
    /// each block (see [`ModulePrinter::write_module_with`]).
    fn write_function_with<E>(
        &mut self,
        out: &mut String,
        f: GlobalId,
        flush: &mut dyn FnMut(&mut String, bool) -> Result<(), E>,
    ) -> Result<(), E> {
        let m = self.m;
        let Some(d) = m.func(f) else { return Ok(()) };
        let body = m.body(f);
        self.enter_function(f);
        // The comment lists the enum attributes only, as LLVM's does.
        if d.fn_attrs.iter().any(|a| !matches!(a, crate::attrs::Attr::Str(..))) {
            out.push_str("; Function Attrs: ");
            let _ = d.fn_attrs.write_inline_without_strings(out, &m.types);
            out.push('\n');
        }
        // As LLVM marks an `llvm.*` function it has no intrinsic for (only
        // where the name is certainly unknown: see `unknown_intrinsic`).
        if body.is_none() && d.name.starts_with("llvm.") && crate::intrinsics::unknown_intrinsic(&d.name) {
            out.push_str("; Unknown intrinsic\n");
        }
        if body.is_some() {
            out.push_str("define ");
        } else {
            out.push_str("declare ");
            for (k, md) in &d.props.metadata {
                out.push('!');
                let _ = write_md_name(out, k);
                out.push(' ');
                self.write_md_ref(out, *md);
                out.push(' ');
            }
        }
        Self::write_props_prefix(out, &d.props, false);
        if let Some(cc) = d.cconv.keyword() {
            out.push_str(cc);
            out.push(' ');
        }
        let (ret, params, varargs) = m.types.fn_sig(d.ty).expect("function type");
        if !d.ret_attrs.is_empty() {
            let _ = d.ret_attrs.write_inline(out, &m.types);
            out.push(' ');
        }
        let _ = m.types.write(out, ret);
        out.push_str(" @");
        let _ = write_ident(out, &d.name);
        out.push('(');
        let slots = body.map(Slots::new);
        for (i, &pt) in params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = m.types.write(out, pt);
            if let Some(a) = d.param_attrs.get(i)
                && !a.is_empty()
            {
                out.push(' ');
                let _ = a.write_inline(out, &m.types);
            }
            if let (Some(b), Some(s)) = (body, &slots) {
                // Unnamed parameters are printed with their numbers, as LLVM 22 does.
                out.push_str(" %");
                let _ = write_local(out, s.value(b.params()[i]).unwrap_or(""));
            }
        }
        if varargs {
            if !params.is_empty() {
                out.push_str(", ");
            }
            out.push_str("...");
        }
        out.push(')');
        if let Some(u) = &d.props.unnamed_addr {
            out.push(' ');
            out.push_str(u);
        }
        if d.props.addrspace != 0 {
            let _ = write!(out, " addrspace({})", d.props.addrspace);
        }
        if let Some(n) = self.attr_groups.get(&d.fn_attrs) {
            let _ = write!(out, " #{n}");
        }
        if let Some(s) = &d.props.section {
            out.push_str(" section ");
            let _ = write_quoted(out, s);
        }
        if let Some(s) = &d.props.partition {
            out.push_str(" partition ");
            let _ = write_quoted(out, s);
        }
        if let Some(c) = &d.props.comdat {
            Self::write_comdat(out, c, &d.name, false);
        }
        if let Some(a) = d.props.align {
            let _ = write!(out, " align {a}");
        }
        if let Some(gc) = &d.gc {
            out.push_str(" gc ");
            let _ = write_quoted(out, gc);
        }
        for (kw, c) in [("prefix", &d.prefix), ("prologue", &d.prologue), ("personality", &d.personality)] {
            if let Some(c) = c {
                let _ = write!(out, " {kw} ");
                let _ = m.types.write(out, c.ty);
                out.push(' ');
                self.write_const(out, c);
            }
        }
        if body.is_some() {
            for (k, md) in &d.props.metadata {
                out.push_str(" !");
                let _ = write_md_name(out, k);
                out.push(' ');
                self.write_md_ref(out, *md);
            }
        }
        let (Some(body), Some(slots)) = (body, slots) else {
            out.push('\n');
            return Ok(());
        };
        out.push_str(" {");
        let preds = if self.preds { Some(predecessors_for_print(body)) } else { None };
        let entry = body.entry_block();
        for b in body.layout().blocks() {
            let is_entry = Some(b) == entry;
            if body.dfg().block_name(b).is_some() || !is_entry {
                out.push('\n');
                let start = out.len();
                let _ = write_local(out, slots.block(b));
                out.push(':');
                if !is_entry && let Some(preds) = &preds {
                    // To column 50, and at least one space past a longer label.
                    let col = out.len() - start;
                    for _ in col..50.max(col + 1) {
                        out.push(' ');
                    }
                    let ps = &preds[b.index()];
                    if ps.is_empty() {
                        out.push_str("; No predecessors!");
                    } else {
                        out.push_str("; preds = ");
                        for (k, p) in ps.iter().enumerate() {
                            if k > 0 {
                                out.push_str(", ");
                            }
                            out.push_str(&slots.block_ref(*p));
                        }
                    }
                }
            }
            out.push('\n');
            for i in body.layout().block_insts(b) {
                for r in body.layout().dbg_records(i) {
                    out.push_str("    ");
                    self.write_dbg_record(out, body, &slots, r);
                    out.push('\n');
                }
                out.push_str("  ");
                self.write_inst(out, body, &slots, i);
                out.push('\n');
            }
            flush(out, false)?;
        }
        out.push_str("}\n");
        Ok(())
    }

    /// Writes `v` as an operand (without its type).
    pub fn write_operand(&self, out: &mut String, f: &Function, slots: &Slots, v: Value) {
        let dfg = f.dfg();
        match &dfg.value(v).def {
            ValueDef::Const(c) => self.write_const(out, c),
            ValueDef::Asm(a) => write_asm(out, a),
            ValueDef::Md(arg) => match &**arg {
                MdArg::Md(op) => self.write_md_operand(out, op),
                MdArg::Local(l) => self.write_md_value(out, f, slots, *l),
                MdArg::ArgList(vs) => self.write_arg_list(out, f, slots, vs),
            },
            _ => match slots.value(v) {
                Some(n) => {
                    out.push('%');
                    let _ = write_local(out, n);
                }
                None => out.push_str("<badref>"),
            },
        }
    }

    /// `T a, T b, ...`: typed operands separated by commas.
    pub(super) fn write_typed_list(&self, out: &mut String, f: &Function, slots: &Slots, vs: &[Value]) {
        for (k, &v) in vs.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            self.write_typed(out, f, slots, v);
        }
    }

    pub(super) fn write_typed(&self, out: &mut String, f: &Function, slots: &Slots, v: Value) {
        let _ = self.m.types.write(out, f.dfg().value_type(v));
        out.push(' ');
        self.write_operand(out, f, slots, v);
    }

    pub(super) fn ty(&self, out: &mut String, t: Type) {
        let _ = self.m.types.write(out, t);
    }

    /// The text of instruction `i` as it appears in the module (no indentation).
    pub fn inst_to_string(&self, f: &Function, slots: &Slots, i: Inst) -> String {
        let mut s = String::new();
        self.write_inst(&mut s, f, slots, i);
        s
    }
}

/// Predecessors of every block in the order LLVM's `; preds =` comment lists
/// them for freshly parsed code (the reverse of branch order).
pub(super) fn predecessors_for_print(f: &Function) -> Vec<Vec<Block>> {
    let n = f.dfg().num_blocks();
    let mut preds: Vec<Vec<Block>> = vec![Vec::new(); n];
    for b in f.layout().blocks() {
        for &s in f.successors(b) {
            preds[s.index()].push(b);
        }
    }
    for p in &mut preds {
        p.reverse();
    }
    preds
}

//! The `.ll` writer.
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

use super::names::{is_bare_ident, write_escaped, write_ident, write_quoted};
use crate::attrs::AttrSet;
use crate::constant::{Const, ConstExpr, ConstKind, float_to_f64};
use crate::debug::{DbgLocation, DbgRecord};
use crate::dfg::ValueDef;
use crate::entity::{EntityRef, SecondaryMap};
use crate::inst::*;
use crate::metadata::{MdArg, MdBody, MdField, MdId, MdOperand};
use crate::module::{Global, GlobalId, GlobalProps, Module};
use crate::types::{FloatKind, Type, TypeData};
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

/// Names of the values and blocks of one function as they are printed.
pub struct Slots {
    values: SecondaryMap<Value, Option<Box<str>>>,
    blocks: SecondaryMap<Block, Option<Box<str>>>,
}

impl Slots {
    /// Numbers unnamed values and makes names unique, in LLVM order
    /// (parameters, then each block and its instructions in layout order).
    pub fn new(f: &Function) -> Slots {
        let dfg = f.dfg();
        let mut values = SecondaryMap::with_default(None);
        let mut blocks = SecondaryMap::with_default(None);
        let mut used: rustc_hash::FxHashSet<Box<str>> = rustc_hash::FxHashSet::default();
        let mut counters: FxHashMap<Box<str>, u32> = FxHashMap::default();
        let mut next = 0u32;
        let mut unique = |name: &str, used: &mut rustc_hash::FxHashSet<Box<str>>| -> Box<str> {
            // A name made only of digits would read back as a slot number;
            // mark it so `write_local` quotes it.
            let name = if name.bytes().all(|c| c.is_ascii_digit()) { format!("\u{1}{name}") } else { name.to_owned() };
            let name = name.as_str();
            if used.insert(name.into()) {
                return name.into();
            }
            let c = counters.entry(name.into()).or_insert(0);
            loop {
                *c += 1;
                let cand: Box<str> = format!("{name}{c}").into();
                if used.insert(cand.clone()) {
                    return cand;
                }
            }
        };
        for &p in f.params() {
            let s: Box<str> = match dfg.value_name(p) {
                Some(n) => unique(n, &mut used),
                None => {
                    next += 1;
                    (next - 1).to_string().into()
                }
            };
            values[p] = Some(s);
        }
        for b in f.layout().blocks() {
            let s: Box<str> = match dfg.block_name(b) {
                Some(n) => unique(n, &mut used),
                None => {
                    next += 1;
                    (next - 1).to_string().into()
                }
            };
            blocks[b] = Some(s);
            for i in f.layout().block_insts(b) {
                if let Some(v) = dfg.inst_result(i) {
                    let s: Box<str> = match dfg.value_name(v) {
                        Some(n) => unique(n, &mut used),
                        None => {
                            next += 1;
                            (next - 1).to_string().into()
                        }
                    };
                    values[v] = Some(s);
                }
            }
        }
        Slots { values, blocks }
    }

    /// The printed name of `v` without `%` (numbers for unnamed values).
    pub fn value(&self, v: Value) -> Option<&str> {
        self.values[v].as_deref()
    }

    /// The printed name of block `b` without `%`.
    pub fn block(&self, b: Block) -> &str {
        self.blocks[b].as_deref().unwrap_or("<badref>")
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

fn write_local(out: &mut impl Write, name: &str) -> std::fmt::Result {
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

/// Prints modules, functions and instructions with consistent attribute-group
/// and metadata numbering.
pub struct ModulePrinter<'m> {
    m: &'m Module,
    attr_groups: FxHashMap<AttrSet, u32>,
    attr_order: Vec<AttrSet>,
    md_slot: SecondaryMap<MdId, Option<u32>>,
    /// For each uniqued node, the first node with the same content: LLVM
    /// keeps one node per content (`!{}` written inline and as `!2 = !{}`
    /// is one node), so they share a number.
    md_canon: SecondaryMap<MdId, Option<MdId>>,
    md_order: Vec<MdId>,
    preds: bool,
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
        };
        p.unique_md();
        p.number_module();
        p
    }

    fn unique_md(&mut self) {
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

    fn canon(&self, id: MdId) -> MdId {
        self.md_canon[id].unwrap_or(id)
    }

    fn attr_group(&mut self, set: &AttrSet) -> Option<u32> {
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

    fn md_number(&mut self, id: MdId) {
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

    fn is_inline_md(&self, n: MdId) -> bool {
        matches!(&self.m.metadata.nodes[n].body, MdBody::Specialized { name, .. } if &**name == "DIExpression")
    }

    fn number_module(&mut self) {
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
        let m = self.m;
        let _ = writeln!(out, "; ModuleID = '{}'", m.module_id);
        out.push_str("source_filename = ");
        let sf = m.source_filename.clone().unwrap_or_else(|| m.module_id.as_bytes().into());
        let _ = write_quoted(out, &sf);
        out.push('\n');
        if let Some(dl) = &m.datalayout {
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
        if !m.comdats.is_empty() {
            out.push('\n');
            for (i, (name, kind)) in m.comdats.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                out.push('$');
                let _ = write_ident(out, name);
                let _ = writeln!(out, " = comdat {kind}");
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
            self.write_function(out, f);
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
    }

    /// Linkage, preemption, visibility, DLL storage; for variables also
    /// thread-local mode and `unnamed_addr` (functions print that after the
    /// parameter list).
    fn write_props_prefix(out: &mut String, p: &GlobalProps, is_var: bool) {
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

    fn write_global_var(&mut self, out: &mut String, g: GlobalId) {
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

    fn write_alias(&mut self, out: &mut String, g: GlobalId) {
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

    fn write_comdat(out: &mut String, c: &str, own: &str, comma: bool) {
        out.push_str(if comma { ", comdat" } else { " comdat" });
        if c != own {
            out.push_str("($");
            let _ = write_ident(out, c);
            out.push(')');
        }
    }

    /// Writes one function (definition or declaration) followed by a newline.
    pub fn write_function(&mut self, out: &mut String, f: GlobalId) {
        let m = self.m;
        let Some(d) = m.func(f) else { return };
        let body = m.body(f);
        // The comment lists the enum attributes only, as LLVM's does.
        if d.fn_attrs.iter().any(|a| !matches!(a, crate::attrs::Attr::Str(..))) {
            out.push_str("; Function Attrs: ");
            let _ = d.fn_attrs.write_inline_without_strings(out, &m.types);
            out.push('\n');
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
            return;
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
                    let col = out.len() - start;
                    for _ in col..50 {
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
        }
        out.push_str("}\n");
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

    /// `T v` for a value wrapped as metadata; `T poison` once its
    /// definition has left the function (LLVM's kill location).
    fn write_md_value(&self, out: &mut String, f: &Function, slots: &Slots, v: Value) {
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

    fn write_arg_list(&self, out: &mut String, f: &Function, slots: &Slots, vs: &[Value]) {
        out.push_str("!DIArgList(");
        for (k, &v) in vs.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            self.write_md_value(out, f, slots, v);
        }
        out.push(')');
    }

    fn write_dbg_location(&self, out: &mut String, f: &Function, slots: &Slots, l: &DbgLocation) {
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

    fn write_typed(&self, out: &mut String, f: &Function, slots: &Slots, v: Value) {
        let _ = self.m.types.write(out, f.dfg().value_type(v));
        out.push(' ');
        self.write_operand(out, f, slots, v);
    }

    fn ty(&self, out: &mut String, t: Type) {
        let _ = self.m.types.write(out, t);
    }

    /// The text of instruction `i` as it appears in the module (no indentation).
    pub fn inst_to_string(&self, f: &Function, slots: &Slots, i: Inst) -> String {
        let mut s = String::new();
        self.write_inst(&mut s, f, slots, i);
        s
    }

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
                for (k, &x) in a.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_typed(out, f, slots, x);
                }
            }
            InstKind::ExtractValue { indices } | InstKind::InsertValue { indices } => {
                out.push_str(d.opcode_name());
                out.push(' ');
                for (k, &x) in a.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_typed(out, f, slots, x);
                }
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
        }
        for (k, md) in dfg.inst_metadata(i) {
            out.push_str(", !");
            let _ = write_md_name(out, k);
            out.push(' ');
            self.write_md_ref(out, *md);
        }
    }

    fn write_call_rest(&self, out: &mut String, f: &Function, slots: &Slots, d: &InstData, c: &CallInfo) {
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

    fn write_md_ref(&self, out: &mut String, id: MdId) {
        match self.md_slot[self.canon(id)] {
            Some(n) => {
                let _ = write!(out, "!{n}");
            }
            None => self.write_md_node(out, id),
        }
    }

    fn write_md_operand(&self, out: &mut String, op: &MdOperand) {
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

    fn write_md_node(&self, out: &mut String, id: MdId) {
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

fn write_md_name(out: &mut String, name: &str) -> std::fmt::Result {
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

/// Predecessors of every block in the order LLVM's `; preds =` comment lists
/// them for freshly parsed code (the reverse of branch order).
fn predecessors_for_print(f: &Function) -> Vec<Vec<Block>> {
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

fn write_int_flags(out: &mut String, f: IntFlags) {
    for (fl, kw) in IntFlags::KEYWORDS {
        if f.contains(*fl) && *fl != IntFlags::NONE {
            out.push(' ');
            out.push_str(kw);
        }
    }
}

fn write_fmf(out: &mut String, f: FastMath) {
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

fn write_gep_flags(out: &mut String, f: GepFlags) {
    if f.contains(GepFlags::INBOUNDS) {
        out.push_str(" inbounds");
    } else if f.contains(GepFlags::NUSW) {
        out.push_str(" nusw");
    }
    if f.contains(GepFlags::NUW) {
        out.push_str(" nuw");
    }
}

fn write_atomic(out: &mut String, a: &Atomic) {
    if let Some(s) = &a.scope {
        out.push_str(" syncscope(");
        let _ = write_quoted(out, s.as_bytes());
        out.push(')');
    }
    out.push(' ');
    out.push_str(a.ordering.keyword());
}

fn write_asm(out: &mut String, a: &InlineAsm) {
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

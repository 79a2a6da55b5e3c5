//! What a function pass changes outside its own body, held back until the
//! pass manager applies it.
//!
//! Function passes see the module read-only ([`crate::FunctionCx::module`])
//! so that several functions can be transformed at once. The few module
//! changes they make go through a [`ModuleEdits`] buffer instead:
//!
//! * **Declarations** (`llvm.assume`, `llvm.umax.i32`, the convergence
//!   intrinsics): a pass lists beforehand what it may declare
//!   ([`crate::FunctionPass::declarations`]); the manager declares those
//!   that are missing before the functions run, unlisted (not printed), and
//!   a pass then only looks them up ([`ModuleEdits::declare`]). The manager
//!   lists each one when the first function (in module order) used it,
//!   which is where declaring it on first use puts it, and removes the
//!   unused ones afterwards.
//! * **Metadata nodes** (unrolled loops' `!llvm.loop`): new nodes get
//!   provisional ids, readable through [`ModuleEdits::tuple_ops`]; applying
//!   the buffer adds them to the module in the order they were made and
//!   rewrites the body's attachments, so the module gets the ids it would
//!   have got had the pass added them itself.
//! * **Function attributes** of the function being transformed.
//!
//! The manager applies each function's buffer in module order (after each
//! pass when functions run one at a time): the module ends up the same
//! whatever the number of threads.

use opt_conv_ir::metadata::{MdBody, MdField, MdId, MdNode, MdOperand, MetadataSink, MetadataTable};
use opt_conv_ir::types::TypeData;
use opt_conv_ir::{Attr, EntityRef, EntitySet, FuncId, Function, Module, Type};

/// Provisional metadata ids start here (far above any real module's count).
const PROVISIONAL: usize = 1 << 30;

/// A declaration a pass may ask for: name, return type, parameter types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The function's name (`llvm.assume`).
    pub name: String,
    /// Return type.
    pub ret: Type,
    /// Parameter types.
    pub params: Vec<Type>,
}

/// The module changes one function's passes made (see the module docs).
#[derive(Debug, Default)]
pub struct ModuleEdits {
    /// New metadata nodes; node `k` has id `PROVISIONAL + k`.
    nodes: Vec<MdNode>,
    /// Declarations looked up, in order.
    declared: Vec<FuncId>,
    /// Function attributes to add.
    fn_attrs: Vec<(FuncId, Attr)>,
}

impl ModuleEdits {
    /// Whether nothing is held back.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty() && self.declared.is_empty() && self.fn_attrs.is_empty()
    }

    /// The declaration `name` with this signature, declared before the pass
    /// ran because the pass listed it in [`crate::FunctionPass::declarations`].
    ///
    /// # Panics
    /// If the pass did not list it (a bug in the pass).
    pub fn declare(&mut self, m: &Module, name: &str, ret: Type, params: &[Type]) -> FuncId {
        let g = m
            .lookup(name)
            .filter(|&g| m.func(g).is_some())
            .unwrap_or_else(|| panic!("'{name}' was not among the declarations the pass listed"));
        debug_assert_eq!(
            m.func(g).map(|d| d.ty),
            m.types.find(&TypeData::Function { ret, params: params.to_vec().into(), varargs: false }),
            "'{name}' declared with another type"
        );
        self.declared.push(g);
        g
    }

    /// The function type `ret (params)`, interned when its declaration was made.
    ///
    /// # Panics
    /// If no declaration listed by the pass has this type.
    pub fn fn_type(m: &Module, ret: Type, params: &[Type]) -> Type {
        m.types
            .find(&TypeData::Function { ret, params: params.to_vec().into(), varargs: false })
            .expect("the type of a declaration the pass listed")
    }

    /// Adds attribute `a` to function `f` (the function being transformed).
    pub fn add_fn_attr(&mut self, f: FuncId, a: Attr) {
        self.fn_attrs.push((f, a));
    }

    fn provisional(&self, id: MdId) -> Option<usize> {
        id.index().checked_sub(PROVISIONAL)
    }

    /// The operands of tuple `id`, a module node or one made through this buffer.
    pub fn tuple_ops<'a>(&'a self, m: &'a Module, id: MdId) -> Option<&'a [MdOperand]> {
        match self.provisional(id) {
            Some(k) => match &self.nodes.get(k)?.body {
                MdBody::Tuple(ops) => Some(ops),
                _ => None,
            },
            None => m.metadata.tuple_ops(id),
        }
    }

    /// [`MetadataTable::loop_properties`] through this buffer.
    pub fn loop_properties<'a>(&'a self, m: &'a Module, loop_id: MdId) -> Vec<(&'a str, &'a [MdOperand])> {
        let mut out = Vec::new();
        let Some(ops) = self.tuple_ops(m, loop_id) else { return out };
        for op in ops {
            let MdOperand::Node(n) = op else { continue };
            if *n == loop_id {
                continue;
            }
            if let Some(prop) = self.tuple_ops(m, *n)
                && let Some((first, rest)) = prop.split_first()
                && let Some(name) = MetadataTable::op_str(first)
            {
                out.push((name, rest));
            }
        }
        out
    }

    /// A new node (as [`MetadataTable::add`]).
    pub fn add_md(&mut self, distinct: bool, body: MdBody) -> MdId {
        self.nodes.push(MdNode { distinct, body });
        MdId::new(PROVISIONAL + self.nodes.len() - 1)
    }

    /// Sets the body of `id`, a node made through [`ModuleEdits::add_md`].
    pub fn set_md_body(&mut self, id: MdId, body: MdBody) {
        let k = self.provisional(id).expect("a node made through the buffer");
        self.nodes[k].body = body;
    }

    /// The uniqued tuple with these operands: an identical one this buffer
    /// made, or a new one. [`ModuleEdits::apply`] uniques it against the
    /// module's nodes (through the table's index; a search of the module
    /// here, per call, would make many calls quadratic).
    pub fn md_tuple(&mut self, ops: Vec<MdOperand>) -> MdId {
        let same = |n: &MdNode| !n.distinct && matches!(&n.body, MdBody::Tuple(o) if *o == ops);
        if let Some(k) = self.nodes.iter().position(same) {
            return MdId::new(PROVISIONAL + k);
        }
        self.add_md(false, MdBody::Tuple(ops))
    }

    /// Applies the buffer of function `f`, whose body is `body`, to `m`.
    /// `pending` holds the declarations made for the passes and not listed
    /// yet: those this buffer used are listed, in the order it used them.
    pub fn apply(self, m: &mut Module, body: &mut Function, pending: &mut EntitySet<FuncId>) {
        for g in self.declared {
            if pending.contains(g) {
                pending.remove(g);
                m.relist(g);
            }
        }
        for (f, a) in self.fn_attrs {
            if let Some(d) = m.func_mut(f) {
                d.fn_attrs.insert(a);
            }
        }
        if self.nodes.is_empty() {
            return;
        }
        // Nodes in the order they were made, as the pass would have added
        // them: uniqued tuples are looked up again (another function may
        // have made the same one since), distinct nodes get their body once
        // every node has its id (they may refer to themselves).
        let mut real: Vec<MdId> = Vec::with_capacity(self.nodes.len());
        let remap_ops = |ops: &[MdOperand], real: &[MdId]| -> Vec<MdOperand> {
            ops.iter()
                .map(|op| match op {
                    MdOperand::Node(n) if n.index() >= PROVISIONAL => {
                        MdOperand::Node(real.get(n.index() - PROVISIONAL).copied().unwrap_or(*n))
                    }
                    other => other.clone(),
                })
                .collect()
        };
        for n in &self.nodes {
            let id = match (&n.body, n.distinct) {
                (MdBody::Tuple(ops), false) => m.metadata.tuple(remap_ops(ops, &real)),
                // A placeholder until every node has its id: distinct, so
                // that no uniqued tuple looked up meanwhile can be it.
                _ => m.metadata.add(true, MdBody::Undefined),
            };
            real.push(id);
        }
        for (n, &id) in self.nodes.iter().zip(&real) {
            if n.distinct || !matches!(n.body, MdBody::Tuple(_)) {
                m.metadata.nodes[id].distinct = n.distinct;
                m.metadata.nodes[id].body = match &n.body {
                    MdBody::Tuple(ops) => MdBody::Tuple(remap_ops(ops, &real)),
                    MdBody::Specialized { name, fields } => MdBody::Specialized {
                        name: name.clone(),
                        fields: fields
                            .iter()
                            .map(|(k, v)| match v {
                                MdField::Node(n) if n.index() >= PROVISIONAL => {
                                    (k.clone(), MdField::Node(real.get(n.index() - PROVISIONAL).copied().unwrap_or(*n)))
                                }
                                _ => (k.clone(), v.clone()),
                            })
                            .collect(),
                    },
                    other => other.clone(),
                };
            }
        }
        let remap = |id: MdId| match id.index().checked_sub(PROVISIONAL) {
            Some(k) => real[k],
            None => id,
        };
        body.dfg_mut_preserving_cfg().map_md_refs(remap);
        if body.layout().has_dbg_records() {
            body.layout_mut_preserving_cfg().for_each_dbg_record_mut(|r| r.map_md_refs(remap));
        }
    }
}

/// A function pass's view of metadata: the module's nodes and the buffer's,
/// new nodes going to the buffer.
pub struct BufferedMetadata<'a> {
    /// The module, read-only.
    pub m: &'a Module,
    /// Where new nodes go.
    pub edits: &'a mut ModuleEdits,
}

impl MetadataSink for BufferedMetadata<'_> {
    fn node(&self, id: MdId) -> Option<&MdNode> {
        match self.edits.provisional(id) {
            Some(k) => self.edits.nodes.get(k),
            None => self.m.metadata.nodes.get(id),
        }
    }
    fn add(&mut self, distinct: bool, body: MdBody) -> MdId {
        self.edits.add_md(distinct, body)
    }
    fn set_body(&mut self, id: MdId, body: MdBody) {
        self.edits.set_md_body(id, body);
    }
}

/// Declares the `decls` that `m` lacks, unlisted, and adds them to
/// `pending` (see [`ModuleEdits::apply`]).
pub fn prepare(m: &mut Module, decls: &[Declaration], pending: &mut EntitySet<FuncId>) {
    for d in decls {
        if m.lookup(&d.name).is_some() {
            continue;
        }
        let g = m.declare(&d.name, d.ret, &d.params);
        m.unlist(g);
        pending.insert(g);
    }
}

/// Removes the declarations of `pending` no function used.
pub fn discard_unused(m: &mut Module, pending: EntitySet<FuncId>) {
    let unused: Vec<FuncId> = pending.iter().collect();
    if !unused.is_empty() {
        // Not listed, so removing them from the order finds nothing.
        m.remove_globals(&unused);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::metadata::MdField;

    /// A buffer holding a new location (a node that is not a tuple) and
    /// then the empty tuple: applied, the tuple is a tuple and the location
    /// a location. The location's id is taken before its body is written
    /// (nodes may refer to later ones), and that placeholder must not pass
    /// for the empty tuple.
    #[test]
    fn a_placeholder_is_never_a_uniqued_tuple() {
        let src = "define void @f() !dbg !3 {\n  ret void, !dbg !4\n}\n\
                   !llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!5}\n\
                   !0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)\n\
                   !1 = !DIFile(filename: \"k.c\", directory: \"/src\")\n\
                   !2 = !DISubroutineType(types: null)\n\
                   !3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)\n\
                   !4 = !DILocation(line: 2, scope: !3)\n\
                   !5 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
        let (mut m, _) = opt_conv_ir::parse_module("t.ll", src).expect("parses");
        let fid = m.func_by_name("f").expect("f");
        let mut body = m.take_body(fid).expect("a body");
        let ret = body.terminator(body.entry_block().expect("entry")).expect("ret");
        let scope = match m.metadata.field(body.dfg().inst_md(ret, "dbg").expect("!dbg"), "scope") {
            Some(MdField::Node(s)) => *s,
            other => panic!("{other:?}"),
        };
        let mut edits = ModuleEdits::default();
        let loc = edits.add_md(
            false,
            MdBody::Specialized {
                name: "DILocation".into(),
                fields: vec![("line".into(), MdField::Raw("0".into())), ("scope".into(), MdField::Node(scope))],
            },
        );
        let empty = edits.md_tuple(Vec::new());
        body.dfg_mut().set_inst_md(ret, "dbg", Some(loc));
        body.dfg_mut().set_inst_md(ret, "empty", Some(empty));
        edits.apply(&mut m, &mut body, &mut EntitySet::new());
        let md = |k: &str| body.dfg().inst_md(ret, k).expect("attached");
        assert!(matches!(&m.metadata.nodes[md("empty")].body, MdBody::Tuple(ops) if ops.is_empty()));
        assert!(
            matches!(&m.metadata.nodes[md("dbg")].body, MdBody::Specialized { name, .. } if &**name == "DILocation")
        );
        assert_ne!(md("empty"), md("dbg"));
    }
}

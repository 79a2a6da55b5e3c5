//! The data-flow graph of a function: instructions, values and blocks.
//!
//! This holds *what* exists; [`crate::Layout`] holds *where* it is. There are
//! no use lists (as in Cranelift): [`crate::analysis::Uses`] computes them on
//! demand and the function's analysis cache keeps them fresh.

use crate::constant::Const;
use crate::entity::{PrimaryMap, SecondaryMap};
use crate::inst::{InlineAsm, InstData};
use crate::metadata::{MdArg, MdId};
use crate::types::Type;
use crate::{Block, Inst, Value};
use rustc_hash::FxHashMap;

/// A value or block name, without the `%`.
pub type Name = Box<str>;

/// Where a value comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueDef {
    /// The function parameter with this index.
    Param(u32),
    /// The result of an instruction.
    Inst(Inst),
    /// A constant (boxed: constants are uniqued, so rare, and this keeps
    /// every other value small).
    Const(Box<Const>),
    /// Inline assembly (only as a callee).
    Asm(Box<InlineAsm>),
    /// A metadata call operand.
    Md(Box<MdArg>),
    /// A forward reference that the parser has not resolved yet.
    Placeholder,
}

/// A span of the function's name arena; `len == u32::MAX` means unnamed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct NameSpan {
    start: u32,
    len: u32,
}

impl NameSpan {
    const NONE: NameSpan = NameSpan { start: 0, len: u32::MAX };
}

impl Default for NameSpan {
    fn default() -> Self {
        NameSpan::NONE
    }
}

/// A value: its type and definition. Its name lives in the DFG's name arena
/// (see [`DataFlowGraph::value_name`]).
#[derive(Clone, Debug)]
pub struct ValueData {
    /// Type.
    pub ty: Type,
    /// Definition.
    pub def: ValueDef,
    name: NameSpan,
}

/// A block's own data (its position is in the layout).
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    name: NameSpan,
}

/// Instructions, values and blocks of one function.
#[derive(Clone, Debug, Default)]
pub struct DataFlowGraph {
    insts: PrimaryMap<Inst, InstData>,
    values: PrimaryMap<Value, ValueData>,
    blocks: PrimaryMap<Block, BlockData>,
    /// Uniquing table for constants: one value per distinct constant. Lookup only.
    consts: FxHashMap<Const, Value>,
    /// Names of values and blocks, back to back. Renaming appends; the arena
    /// is never compacted (names are short and renames rare).
    names: String,
    /// Metadata attachments (`!llvm.loop !0`) in source order. Lookup only.
    inst_md: FxHashMap<Inst, Vec<(Name, MdId)>>,
    /// Whether each instruction is still attached to the function (dead
    /// instructions keep their ids, as entities are never reused).
    removed: SecondaryMap<Inst, bool>,
    /// While on: the instructions created or handed out for mutation since
    /// [`DataFlowGraph::take_journal`] last emptied it (a pass's use index
    /// catches up from it instead of rescanning the function).
    journal: Option<Vec<Inst>>,
}

impl DataFlowGraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// Releases spare capacity (after a function has been built).
    pub fn shrink_to_fit(&mut self) {
        self.insts.shrink_to_fit();
        self.values.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.names.shrink_to_fit();
        self.removed.shrink_to_fit();
    }

    // ---- instructions ----

    /// Creates an instruction; if `result_ty` is not void, also its result value.
    pub fn make_inst(&mut self, mut data: InstData, result_ty: Type) -> Inst {
        let inst = self.insts.next_key();
        if result_ty != Type::VOID {
            let v = self.values.push(ValueData { ty: result_ty, def: ValueDef::Inst(inst), name: NameSpan::NONE });
            data.result = v.into();
        }
        let i = self.insts.push(data);
        self.note(i);
        i
    }

    /// Starts recording instructions whose operands may change (see
    /// [`DataFlowGraph::take_journal`]). Recording costs one push per
    /// mutable access, so it is off unless asked for.
    pub fn start_journal(&mut self) {
        self.journal.get_or_insert_with(Vec::new);
    }

    /// Stops recording.
    pub fn stop_journal(&mut self) {
        self.journal = None;
    }

    /// The instructions created or accessed mutably since the last call
    /// (possibly repeated), leaving the journal on and empty.
    pub fn take_journal(&mut self) -> Vec<Inst> {
        self.journal.as_mut().map(std::mem::take).unwrap_or_default()
    }

    #[inline]
    fn note(&mut self, i: Inst) {
        if let Some(j) = &mut self.journal
            && j.last() != Some(&i)
        {
            j.push(i);
        }
    }

    /// Instruction data.
    #[inline]
    pub fn inst(&self, i: Inst) -> &InstData {
        &self.insts[i]
    }

    /// Mutable instruction data.
    #[inline]
    pub fn inst_mut(&mut self, i: Inst) -> &mut InstData {
        self.note(i);
        &mut self.insts[i]
    }

    /// Number of instructions ever created (live or removed).
    pub fn num_insts(&self) -> usize {
        self.insts.len()
    }

    /// Every instruction id ever created.
    pub fn all_insts(&self) -> impl Iterator<Item = Inst> + use<> {
        self.insts.keys()
    }

    /// Marks `i` as removed (the layout must already have dropped it).
    pub fn mark_removed(&mut self, i: Inst) {
        self.removed[i] = true;
    }

    /// Whether `i` was removed.
    pub fn is_removed(&self, i: Inst) -> bool {
        self.removed[i]
    }

    /// The result value of `i`.
    #[inline]
    pub fn inst_result(&self, i: Inst) -> Option<Value> {
        self.insts[i].result.expand()
    }

    /// Metadata attachments of `i`, in order.
    pub fn inst_metadata(&self, i: Inst) -> &[(Name, MdId)] {
        self.inst_md.get(&i).map_or(&[], |v| v.as_slice())
    }

    /// The attachment `kind` of `i` (e.g. `llvm.loop`).
    pub fn inst_md(&self, i: Inst, kind: &str) -> Option<MdId> {
        self.inst_metadata(i).iter().find(|(k, _)| &**k == kind).map(|(_, m)| *m)
    }

    /// Sets (or with `None` removes) attachment `kind` of `i`.
    pub fn set_inst_md(&mut self, i: Inst, kind: &str, md: Option<MdId>) {
        let list = self.inst_md.entry(i).or_default();
        list.retain(|(k, _)| &**k != kind);
        if let Some(m) = md {
            list.push((kind.into(), m));
        }
        if list.is_empty() {
            self.inst_md.remove(&i);
        }
    }

    /// Rewrites with `map` every node the body names: the instructions'
    /// metadata attachments and metadata operands (`metadata !7` of a
    /// call). Linear in the attachments and values.
    pub fn map_md_refs(&mut self, mut map: impl FnMut(MdId) -> MdId) {
        for list in self.inst_md.values_mut() {
            for (_, id) in list.iter_mut() {
                *id = map(*id);
            }
        }
        for (_, v) in self.values.iter_mut() {
            if let ValueDef::Md(md) = &mut v.def
                && let crate::metadata::MdArg::Md(crate::metadata::MdOperand::Node(n)) = &mut **md
            {
                *n = map(*n);
            }
        }
    }

    /// Replaces all attachments of `i`.
    pub fn set_all_inst_md(&mut self, i: Inst, md: Vec<(Name, MdId)>) {
        if md.is_empty() {
            self.inst_md.remove(&i);
        } else {
            self.inst_md.insert(i, md);
        }
    }

    // ---- values ----

    /// Value data.
    #[inline]
    pub fn value(&self, v: Value) -> &ValueData {
        &self.values[v]
    }

    /// Mutable value data.
    #[inline]
    pub fn value_mut(&mut self, v: Value) -> &mut ValueData {
        &mut self.values[v]
    }

    /// Number of values ever created.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// The type of `v`.
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    fn name_of(&self, s: NameSpan) -> Option<&str> {
        (s.len != u32::MAX).then(|| &self.names[s.start as usize..(s.start + s.len) as usize])
    }

    fn intern_name(&mut self, name: Option<&str>) -> NameSpan {
        match name.filter(|n| !n.is_empty()) {
            Some(n) => {
                let start = self.names.len() as u32;
                self.names.push_str(n);
                NameSpan { start, len: n.len() as u32 }
            }
            None => NameSpan::NONE,
        }
    }

    /// The name of `v`, if named.
    #[inline]
    pub fn value_name(&self, v: Value) -> Option<&str> {
        self.name_of(self.values[v].name)
    }

    /// Sets the name of `v` (duplicates are made unique by the printer).
    pub fn set_value_name(&mut self, v: Value, name: Option<&str>) {
        let span = self.intern_name(name);
        self.values[v].name = span;
    }

    /// The instruction defining `v`, if any.
    #[inline]
    pub fn value_inst(&self, v: Value) -> Option<Inst> {
        match self.values[v].def {
            ValueDef::Inst(i) => Some(i),
            _ => None,
        }
    }

    /// The function a call (or `callbr`) `i` calls by name: its callee is
    /// a global, not a pointer computed at run time or inline assembly.
    /// The global is a function declaration or definition in a well-formed
    /// module (see `Module::func`).
    pub fn direct_callee(&self, i: Inst) -> Option<crate::GlobalId> {
        self.direct_callee_of(&self.insts[i])
    }

    /// [`DataFlowGraph::direct_callee`] of an instruction's data (of this
    /// graph), for callers that hold the data rather than its id.
    pub fn direct_callee_of(&self, d: &InstData) -> Option<crate::GlobalId> {
        match self.value_const(d.callee()?)?.kind {
            crate::ConstKind::Global(g) => Some(g),
            _ => None,
        }
    }

    /// The constant `v`, if it is one.
    #[inline]
    pub fn value_const(&self, v: Value) -> Option<&Const> {
        match &self.values[v].def {
            ValueDef::Const(c) => Some(c),
            _ => None,
        }
    }

    /// The parameter index of `v`, if it is a parameter.
    pub fn value_param(&self, v: Value) -> Option<u32> {
        match self.values[v].def {
            ValueDef::Param(i) => Some(i),
            _ => None,
        }
    }

    /// The value for constant `c` (one value per distinct constant).
    pub fn make_const(&mut self, c: Const) -> Value {
        if let Some(&v) = self.consts.get(&c) {
            return v;
        }
        let v =
            self.values.push(ValueData { ty: c.ty, def: ValueDef::Const(Box::new(c.clone())), name: NameSpan::NONE });
        self.consts.insert(c, v);
        v
    }

    /// Rewrites every constant value (and constant metadata argument) in
    /// place with `f`, keeping the values' identities, then interns them
    /// anew. The reader's late fix-ups (`blockaddress`) use it.
    pub fn rewrite_consts(&mut self, mut f: impl FnMut(&mut Const)) {
        for (_, vd) in self.values.iter_mut() {
            match &mut vd.def {
                ValueDef::Const(c) => f(c),
                ValueDef::Md(arg) => {
                    if let MdArg::Md(crate::metadata::MdOperand::Const(c)) = &mut **arg {
                        f(c);
                    }
                }
                _ => {}
            }
        }
        self.consts.clear();
        for (v, vd) in self.values.iter() {
            if let ValueDef::Const(c) = &vd.def {
                self.consts.entry((**c).clone()).or_insert(v);
            }
        }
    }

    /// Creates a value that is not a constant or instruction result
    /// (parameter, inline asm, metadata operand, placeholder).
    pub fn make_value(&mut self, ty: Type, def: ValueDef) -> Value {
        debug_assert!(!matches!(def, ValueDef::Const(_) | ValueDef::Inst(_)));
        self.values.push(ValueData { ty, def, name: NameSpan::NONE })
    }

    /// Turns a placeholder into the result of `inst` (used by the parser for
    /// forward references, so no use has to be rewritten).
    pub fn bind_placeholder(&mut self, placeholder: Value, inst: Inst) {
        debug_assert!(matches!(self.values[placeholder].def, ValueDef::Placeholder));
        self.values[placeholder].def = ValueDef::Inst(inst);
        self.insts[inst].result = placeholder.into();
    }

    /// Replaces every occurrence of `old` among the operands of `inst` by `new`.
    /// Returns how many operands changed.
    pub fn replace_in_inst(&mut self, inst: Inst, old: Value, new: Value) -> usize {
        self.note(inst);
        let mut n = 0;
        for a in self.insts[inst].args.iter_mut() {
            if *a == old {
                *a = new;
                n += 1;
            }
        }
        n
    }

    // ---- blocks ----

    /// Creates a block (not yet in the layout).
    pub fn make_block(&mut self, name: Option<&str>) -> Block {
        let name = self.intern_name(name);
        self.blocks.push(BlockData { name })
    }

    /// The label of `b`, if named.
    #[inline]
    pub fn block_name(&self, b: Block) -> Option<&str> {
        self.name_of(self.blocks[b].name)
    }

    /// Sets the label of `b` (`None` makes it a numbered block).
    pub fn set_block_name(&mut self, b: Block, name: Option<&str>) {
        let span = self.intern_name(name);
        self.blocks[b].name = span;
    }

    /// Block data.
    pub fn block(&self, b: Block) -> &BlockData {
        &self.blocks[b]
    }

    /// Mutable block data.
    pub fn block_mut(&mut self, b: Block) -> &mut BlockData {
        &mut self.blocks[b]
    }

    /// Number of blocks ever created.
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }
}

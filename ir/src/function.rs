//! A function body and its analysis cache.
//!
//! All mutation goes through methods that say what they may change
//! ([`Function::dfg_mut`], [`Function::layout_mut`] and their
//! `_preserving_cfg` variants). Each bumps an epoch, and every cached
//! analysis records the epochs it was computed at, so the cache can never
//! hand out an analysis that a later change made stale. This is rustc's
//! `BasicBlocks` cache idea with Cranelift's names.

use crate::analysis::{LiveUses, Uses};
use crate::dfg::DataFlowGraph;
use crate::layout::Layout;
use crate::{Block, Inst, Value};
use std::any::{Any, TypeId};
use std::sync::{Arc, Mutex, MutexGuard};

/// What an analysis depends on, and what a change touched.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes(u8);

impl Changes {
    /// Nothing.
    pub const NONE: Changes = Changes(0);
    /// Instructions or their operands (but not the CFG).
    pub const INSTS: Changes = Changes(1);
    /// Blocks or edges between them.
    pub const CFG: Changes = Changes(2);
    /// Everything.
    pub const ALL: Changes = Changes(3);
    /// Union.
    pub const fn union(self, o: Changes) -> Changes {
        Changes(self.0 | o.0)
    }
    /// Whether the two overlap.
    pub const fn intersects(self, o: Changes) -> bool {
        self.0 & o.0 != 0
    }
    /// Whether nothing changed.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Epochs {
    cfg: u64,
    insts: u64,
}

struct CacheEntry {
    ty: TypeId,
    deps: Changes,
    at: Epochs,
    value: Arc<dyn Any + Send + Sync>,
}

/// Memoised analyses of one function body. Interior mutability lets a
/// `&Function` fill it lazily; entries are checked against the function's
/// epochs on every lookup. A lock, not a `RefCell`, so that bodies can be
/// transformed on several threads (each body by one thread at a time: the
/// lock is never contended).
#[derive(Default)]
pub struct AnalysisCache {
    entries: Mutex<Vec<CacheEntry>>,
}

impl AnalysisCache {
    fn lock(&self) -> MutexGuard<'_, Vec<CacheEntry>> {
        // A panic while the lock was held left the entries consistent
        // (each update is a single push or removal).
        self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Clone for AnalysisCache {
    /// A clone starts empty: cached analyses describe the original.
    fn clone(&self) -> Self {
        AnalysisCache::default()
    }
}

impl std::fmt::Debug for AnalysisCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnalysisCache({} entries)", self.lock().len())
    }
}

/// A function body: data-flow graph, layout, parameters. The function's
/// name, type and attributes live in its [`crate::FuncDecl`].
#[derive(Clone, Debug, Default)]
pub struct Function {
    dfg: DataFlowGraph,
    layout: Layout,
    params: Vec<Value>,
    epochs: Epochs,
    cache: AnalysisCache,
    /// Use lists kept up to date while a pass asks for them
    /// ([`Function::track_uses`]).
    live_uses: Option<Box<LiveUses>>,
}

impl Function {
    /// An empty body.
    pub fn new() -> Self {
        Self::default()
    }

    /// Builds a body from parts (used by the parser and by cloning passes).
    pub fn from_parts(dfg: DataFlowGraph, layout: Layout, params: Vec<Value>) -> Self {
        Function { dfg, layout, params, epochs: Epochs::default(), cache: AnalysisCache::default(), live_uses: None }
    }

    /// The data-flow graph.
    #[inline]
    pub fn dfg(&self) -> &DataFlowGraph {
        &self.dfg
    }

    /// The layout.
    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Parameter values, in order.
    pub fn params(&self) -> &[Value] {
        &self.params
    }

    /// The entry block.
    pub fn entry_block(&self) -> Option<Block> {
        self.layout.entry_block()
    }

    /// Mutable DFG; may change anything, including branch targets.
    pub fn dfg_mut(&mut self) -> &mut DataFlowGraph {
        self.touch(Changes::ALL);
        &mut self.dfg
    }

    /// Mutable DFG for changes that leave the CFG alone.
    ///
    /// The caller promises not to change any terminator's successors and not
    /// to add or remove terminators; CFG-based analyses stay cached.
    pub fn dfg_mut_preserving_cfg(&mut self) -> &mut DataFlowGraph {
        self.touch(Changes::INSTS);
        &mut self.dfg
    }

    /// The DFG without telling the analysis cache (for the journal only).
    pub(crate) fn dfg_journal(&mut self) -> &mut DataFlowGraph {
        &mut self.dfg
    }

    /// From now on, [`Function::users_of`] and [`Function::is_used`] (and
    /// so [`crate::edit::Replacements::apply`]) follow the edits instead of
    /// scanning the whole function per question: for passes that make many
    /// small edits to a large function. One scan now; [`Function::untrack_uses`]
    /// when done.
    pub fn track_uses(&mut self) {
        if self.live_uses.is_none() {
            self.live_uses = Some(Box::new(LiveUses::new(self)));
        }
    }

    /// Stops [`Function::track_uses`].
    pub fn untrack_uses(&mut self) {
        if let Some(u) = self.live_uses.take() {
            u.finish(self);
        }
    }

    /// Whether uses are being tracked.
    pub fn tracks_uses(&self) -> bool {
        self.live_uses.is_some()
    }

    /// The instructions in the layout using `v`, in layout order. Linear in
    /// the function unless uses are tracked.
    pub fn users_of(&mut self, v: Value) -> Vec<Inst> {
        match self.live_uses.take() {
            Some(mut u) => {
                let users = u.users(self, v);
                self.live_uses = Some(u);
                users
            }
            None => Uses::compute(self).users(v).to_vec(),
        }
    }

    /// Whether `v` is used in the layout (see [`Function::users_of`]).
    pub fn is_used(&mut self, v: Value) -> bool {
        !self.users_of(v).is_empty()
    }

    /// Mutable layout; may change anything.
    pub fn layout_mut(&mut self) -> &mut Layout {
        self.touch(Changes::ALL);
        &mut self.layout
    }

    /// Mutable layout for moving non-terminator instructions.
    ///
    /// The caller promises to leave blocks and terminators where they are.
    pub fn layout_mut_preserving_cfg(&mut self) -> &mut Layout {
        self.touch(Changes::INSTS);
        &mut self.layout
    }

    /// Both parts at once, for edits that change the CFG.
    pub fn parts_mut(&mut self) -> (&mut DataFlowGraph, &mut Layout) {
        self.touch(Changes::ALL);
        (&mut self.dfg, &mut self.layout)
    }

    /// Both parts, for edits that leave the CFG alone (same promise as
    /// [`Function::dfg_mut_preserving_cfg`]).
    pub fn parts_mut_preserving_cfg(&mut self) -> (&mut DataFlowGraph, &mut Layout) {
        self.touch(Changes::INSTS);
        (&mut self.dfg, &mut self.layout)
    }

    /// Mutable parameter list.
    pub fn params_mut(&mut self) -> &mut Vec<Value> {
        self.touch(Changes::INSTS);
        &mut self.params
    }

    /// A stamp that changes whenever the body changes in the ways `what`
    /// names: analyses kept outside the cache compare stamps to know they
    /// are stale.
    pub fn stamp(&self, what: Changes) -> (u64, u64) {
        (
            if what.intersects(Changes::CFG) { self.epochs.cfg } else { 0 },
            if what.intersects(Changes::INSTS) { self.epochs.insts } else { 0 },
        )
    }

    /// Records a change made through other means.
    pub fn touch(&mut self, what: Changes) {
        if what.intersects(Changes::CFG) {
            self.epochs.cfg += 1;
        }
        if what.intersects(Changes::INSTS) {
            self.epochs.insts += 1;
        }
    }

    /// The cached analysis of type `A`, computing it with `compute` if it is
    /// missing or stale. `deps` says which changes invalidate it.
    pub fn cached<A: Any + Send + Sync>(&self, deps: Changes, compute: impl FnOnce(&Function) -> A) -> Arc<A> {
        let ty = TypeId::of::<A>();
        {
            let entries = self.cache.lock();
            if let Some(e) = entries.iter().find(|e| e.ty == ty)
                && self.still_valid(e)
                && let Ok(v) = Arc::clone(&e.value).downcast::<A>()
            {
                return v;
            }
        }
        // Compute without holding the borrow: `compute` may ask for other analyses.
        let v = Arc::new(compute(self));
        let mut entries = self.cache.lock();
        entries.retain(|e| e.ty != ty);
        entries.push(CacheEntry { ty, deps, at: self.epochs, value: v.clone() });
        v
    }

    /// Removes the cached `A`, current or stale, and returns it (so that a
    /// caller holding the only other reference can update it in place).
    pub fn take_cached<A: Any + Send + Sync>(&self) -> Option<Arc<A>> {
        let ty = TypeId::of::<A>();
        let mut entries = self.cache.lock();
        let at = entries.iter().position(|e| e.ty == ty)?;
        Arc::clone(&entries.swap_remove(at).value).downcast::<A>().ok()
    }

    /// Caches `value` as the current `A` (one brought up to date by hand).
    pub fn set_cached<A: Any + Send + Sync>(&self, deps: Changes, value: Arc<A>) {
        let ty = TypeId::of::<A>();
        let mut entries = self.cache.lock();
        entries.retain(|e| e.ty != ty);
        entries.push(CacheEntry { ty, deps, at: self.epochs, value });
    }

    /// Whether a current (not stale) `A` is cached: lets a test check that
    /// an edit kept an analysis up to date rather than leaving it to be
    /// computed again.
    pub fn has_current<A: Any + Send + Sync>(&self) -> bool {
        let ty = TypeId::of::<A>();
        self.cache.lock().iter().any(|e| e.ty == ty && self.still_valid(e))
    }

    /// Drops every cached analysis.
    pub fn invalidate_all(&self) {
        self.cache.lock().clear();
    }

    fn still_valid(&self, e: &CacheEntry) -> bool {
        (!e.deps.intersects(Changes::CFG) || e.at.cfg == self.epochs.cfg)
            && (!e.deps.intersects(Changes::INSTS) || e.at.insts == self.epochs.insts)
    }

    // ---- convenience queries ----

    /// Instructions of `b` in order.
    pub fn block_insts(&self, b: Block) -> crate::layout::Insts<'_> {
        self.layout.block_insts(b)
    }

    /// The terminator of `b` (its last instruction, if it is a terminator).
    pub fn terminator(&self, b: Block) -> Option<Inst> {
        let last = self.layout.last_inst(b)?;
        self.dfg.inst(last).is_terminator().then_some(last)
    }

    /// Successors of `b`, with repetitions, in terminator order.
    pub fn successors(&self, b: Block) -> &[Block] {
        match self.layout.last_inst(b) {
            Some(t) => self.dfg.inst(t).successors(),
            None => &[],
        }
    }

    /// The phis at the top of `b`.
    pub fn phis(&self, b: Block) -> impl Iterator<Item = Inst> + '_ {
        self.layout.block_insts(b).take_while(|&i| self.dfg.inst(i).is_phi())
    }

    /// The first instruction of `b` that is not a phi.
    pub fn first_non_phi(&self, b: Block) -> Option<Inst> {
        self.layout.block_insts(b).find(|&i| !self.dfg.inst(i).is_phi())
    }

    /// Instructions in layout order, with their blocks.
    pub fn insts_in_order(&self) -> impl Iterator<Item = (Block, Inst)> + '_ {
        self.layout.blocks().flat_map(move |b| self.layout.block_insts(b).map(move |i| (b, i)))
    }

    /// Number of instructions in the layout.
    pub fn num_insts_in_layout(&self) -> usize {
        self.layout.blocks().map(|b| self.layout.block_len(b)).sum()
    }

    /// The block named `name` (without `%`), by a linear search: for tests,
    /// examples and tools, not for passes.
    pub fn block_by_name(&self, name: &str) -> Option<Block> {
        self.layout.blocks().find(|&b| self.dfg.block_name(b) == Some(name))
    }

    /// The instruction whose result is named `name` (without `%`), by a
    /// linear search: for tests, examples and tools, not for passes.
    pub fn inst_by_name(&self, name: &str) -> Option<Inst> {
        self.insts_in_order()
            .map(|(_, i)| i)
            .find(|&i| self.dfg.inst_result(i).is_some_and(|v| self.dfg.value_name(v) == Some(name)))
    }
}

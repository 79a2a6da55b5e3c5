//! Analyses of a function's CFG and values, and their `print<...>` printers.
//!
//! Analyses are plain structs computed from a function; get them through the
//! function's cache so they are recomputed after a change:
//! `f.cached(DomTree::DEPS, DomTree::compute)`.

pub mod alias;
pub mod cfg;
pub mod cycles;
pub mod domtree;
pub mod print;
pub mod scc;
pub mod uses;

pub use cfg::Cfg;
pub use cycles::{CycleId, CycleInfo};
pub use domtree::{DomTree, PartPostDomTree, PostDomTree};
pub use uses::{LiveUses, Uses};

use crate::{Block, Function};
use std::sync::Arc;

/// Convenience accessors for the cached IR analyses.
pub trait FunctionAnalyses {
    /// The CFG.
    fn cfg(&self) -> Arc<Cfg>;
    /// The dominator tree.
    fn domtree(&self) -> Arc<DomTree>;
    /// The post-dominator tree.
    fn postdomtree(&self) -> Arc<PostDomTree>;
    /// The cycle forest.
    fn cycles(&self) -> Arc<CycleInfo>;
    /// Use lists.
    fn uses(&self) -> Arc<Uses>;
    /// Caches `before`, the CFG as it was before an edit, brought up to
    /// date with [`Cfg::patch`]: the edit changed only the successors of the
    /// `touched` blocks (see there). Other CFG analyses stay invalidated.
    /// Debug builds check the result against a recomputation.
    fn update_cfg(&self, before: Arc<Cfg>, touched: &[Block]);
}

impl FunctionAnalyses for Function {
    fn cfg(&self) -> Arc<Cfg> {
        self.cached(Cfg::DEPS, Cfg::compute)
    }
    fn domtree(&self) -> Arc<DomTree> {
        self.cached(DomTree::DEPS, DomTree::compute)
    }
    fn postdomtree(&self) -> Arc<PostDomTree> {
        self.cached(PostDomTree::DEPS, PostDomTree::compute)
    }
    fn cycles(&self) -> Arc<CycleInfo> {
        self.cached(CycleInfo::DEPS, CycleInfo::compute)
    }
    fn uses(&self) -> Arc<Uses> {
        self.cached(Uses::DEPS, Uses::compute)
    }
    fn update_cfg(&self, before: Arc<Cfg>, touched: &[Block]) {
        // The stale cache entry shares `before`; without it, `before` is
        // usually the only reference and is patched without a copy.
        drop(self.take_cached::<Cfg>());
        let mut cfg = Arc::try_unwrap(before).unwrap_or_else(|rc| (*rc).clone());
        cfg.patch(self, touched);
        debug_assert!(cfg.same_edges(&Cfg::compute(self)), "CFG patch missed an edit (touched {touched:?})");
        self.set_cached(Cfg::DEPS, Arc::new(cfg));
    }
}

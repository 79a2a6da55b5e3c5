//! Analyses of a function's CFG and values, and their `print<...>` printers.
//!
//! Analyses are plain structs computed from a function; get them through the
//! function's cache so they are recomputed after a change:
//! `f.cached(DomTree::DEPS, DomTree::compute)`.

pub mod cfg;
pub mod cycles;
pub mod domtree;
pub mod print;
pub mod uses;

pub use cfg::Cfg;
pub use cycles::{CycleId, CycleInfo};
pub use domtree::{DomTree, PostDomTree};
pub use uses::Uses;

use crate::Function;
use std::rc::Rc;

/// Convenience accessors for the cached IR analyses.
pub trait FunctionAnalyses {
    /// The CFG.
    fn cfg(&self) -> Rc<Cfg>;
    /// The dominator tree.
    fn domtree(&self) -> Rc<DomTree>;
    /// The post-dominator tree.
    fn postdomtree(&self) -> Rc<PostDomTree>;
    /// The cycle forest.
    fn cycles(&self) -> Rc<CycleInfo>;
    /// Use lists.
    fn uses(&self) -> Rc<Uses>;
}

impl FunctionAnalyses for Function {
    fn cfg(&self) -> Rc<Cfg> {
        self.cached(Cfg::DEPS, Cfg::compute)
    }
    fn domtree(&self) -> Rc<DomTree> {
        self.cached(DomTree::DEPS, DomTree::compute)
    }
    fn postdomtree(&self) -> Rc<PostDomTree> {
        self.cached(PostDomTree::DEPS, PostDomTree::compute)
    }
    fn cycles(&self) -> Rc<CycleInfo> {
        self.cached(CycleInfo::DEPS, CycleInfo::compute)
    }
    fn uses(&self) -> Rc<Uses> {
        self.cached(Uses::DEPS, Uses::compute)
    }
}

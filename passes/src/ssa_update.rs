//! Repairing SSA form after a transform gave one value several definitions
//! (a block and its copy): each use gets the definition that reaches it,
//! through new phis where definitions meet, as LLVM's `SSAUpdater` does.
//! Phis are placed on demand, walking predecessors from the uses (the
//! construction of Braun et al.), and those that turn out to merge a single
//! value are removed again.

use opt_conv_ir::analysis::{Cfg, FunctionAnalyses};
use opt_conv_ir::constant::Const;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::{Block, Function, Inst, InstData, InstKind, Type, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// One variable's definitions and the phis made for it.
pub struct SsaUpdater {
    ty: Type,
    name: Option<String>,
    /// The value live at the end of each block, once known. A map, not a
    /// table over all blocks: an update touches few blocks, and a pass
    /// makes one per copied value (lookups only, so the order is moot).
    at_end: FxHashMap<Block, Value>,
    created: Vec<Inst>,
}

impl SsaUpdater {
    /// A variable of type `ty`; new phis are named after `name`.
    pub fn new(ty: Type, name: Option<&str>) -> SsaUpdater {
        SsaUpdater { ty, name: name.map(str::to_owned), at_end: FxHashMap::default(), created: Vec::new() }
    }

    /// `v` is the variable's value at the end of `b`.
    pub fn add_def(&mut self, b: Block, v: Value) {
        self.at_end.insert(b, v);
    }

    /// The variable's value at the end of `b` (for a use in a phi incoming
    /// from `b`, or at the top of a block whose only predecessor is `b`).
    pub fn value_at_end(&mut self, f: &mut Function, b: Block) -> Value {
        if let Some(&v) = self.at_end.get(&b) {
            return v;
        }
        let cfg = f.cfg();
        // Find the blocks whose values are needed, making an empty phi at
        // every join on the way (memoized first, so that cycles end there).
        let mut order: Vec<Block> = Vec::new();
        let mut joins: Vec<Block> = Vec::new();
        let mut seen: FxHashSet<Block> = FxHashSet::default();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if self.at_end.contains_key(&x) || !seen.insert(x) {
                continue;
            }
            let preds = unique(&cfg, x);
            match preds.as_slice() {
                [] => {
                    let undef = f.dfg_mut_preserving_cfg().make_const(Const::poison(self.ty));
                    self.at_end.insert(x, undef);
                }
                [p] => {
                    order.push(x);
                    stack.push(*p);
                }
                _ => {
                    let phi = self.empty_phi(f, x);
                    self.at_end.insert(x, phi);
                    joins.push(x);
                    stack.extend(preds);
                }
            }
        }
        // A block with one predecessor has that predecessor's value; chains
        // end at a definition, a join's phi, or a block without predecessors.
        for &x in &order {
            self.resolve_chain(f, &cfg, x);
        }
        for x in joins {
            let phi = f.dfg().value_inst(self.at_end[&x]).expect("a phi instruction");
            let edges: Vec<Block> = cfg.preds(x).to_vec();
            let incoming: Vec<(Value, Block)> = edges.iter().map(|&p| (self.at_end[&p], p)).collect();
            f.set_incoming(phi, incoming);
        }
        self.at_end[&b]
    }

    /// The variable's value on entry to `b`, whatever `b` itself defines
    /// (for a use in `b` before its definition, LLVM's
    /// `GetValueInMiddleOfBlock`): the value at the end of its only
    /// predecessor, or a new phi of those of its predecessors.
    pub fn value_at_start(&mut self, f: &mut Function, b: Block) -> Value {
        let cfg = f.cfg();
        let preds = unique(&cfg, b);
        match preds.as_slice() {
            [] => f.dfg_mut_preserving_cfg().make_const(Const::poison(self.ty)),
            [p] => self.value_at_end(f, *p),
            _ => {
                let phi = self.empty_phi(f, b);
                let edges: Vec<Block> = cfg.preds(b).to_vec();
                drop(cfg);
                let incoming: Vec<(Value, Block)> = edges.iter().map(|&p| (self.value_at_end(f, p), p)).collect();
                let inst = f.dfg().value_inst(phi).expect("a phi instruction");
                f.set_incoming(inst, incoming);
                phi
            }
        }
    }

    /// Follows single-predecessor links from `x` to a known value (poison
    /// for an unreachable cycle of such blocks).
    fn resolve_chain(&mut self, f: &mut Function, cfg: &Cfg, x: Block) {
        let mut path: Vec<Block> = Vec::new();
        let mut on_path: FxHashSet<Block> = FxHashSet::default();
        let mut y = x;
        while !self.at_end.contains_key(&y) {
            if !on_path.insert(y) {
                let undef = f.dfg_mut_preserving_cfg().make_const(Const::poison(self.ty));
                self.at_end.insert(y, undef);
                break;
            }
            path.push(y);
            match unique(cfg, y).as_slice() {
                [p] => y = *p,
                _ => return,
            }
        }
        let v = self.at_end[&y];
        for p in path {
            self.at_end.insert(p, v);
        }
    }

    fn empty_phi(&mut self, f: &mut Function, b: Block) -> Value {
        let p = f
            .dfg_mut_preserving_cfg()
            .make_inst(InstData::new(InstKind::Phi { fmf: Default::default() }, &[], &[]), self.ty);
        let v = f.dfg().inst_result(p).expect("a phi has a result");
        if let Some(n) = &self.name {
            f.dfg_mut_preserving_cfg().set_value_name(v, Some(n));
        }
        match f.layout().first_inst(b) {
            Some(first) => f.layout_mut_preserving_cfg().insert_inst_before(p, first),
            None => f.layout_mut_preserving_cfg().append_inst(p, b),
        }
        self.created.push(p);
        v
    }

    /// Removes the phis made that merge one value only (besides
    /// themselves), replacing their uses; returns the replacements made.
    pub fn finish(self, f: &mut Function) -> Replacements {
        let mut repl = Replacements::new();
        let mut live: Vec<Inst> = self.created;
        loop {
            let mut removed = false;
            live.retain(|&p| {
                let r = f.dfg().inst_result(p).expect("a phi has a result");
                let mut only: Option<Value> = None;
                for &a in &f.dfg().inst(p).args {
                    let a = repl.resolve(a);
                    if a == r || Some(a) == only {
                        continue;
                    }
                    if only.is_some() {
                        return true;
                    }
                    only = Some(a);
                }
                if let Some(v) = only {
                    repl.insert(r, v);
                    remove_inst(f, p);
                    removed = true;
                    return false;
                }
                true
            });
            if !removed {
                break;
            }
        }
        repl.apply(f);
        repl
    }
}

/// The distinct predecessors of `b`, in edge order.
fn unique(cfg: &Cfg, b: Block) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for &p in cfg.preds(b) {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

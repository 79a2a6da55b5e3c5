//! What a branch condition is on one incoming edge: read from the phis of
//! the block for that predecessor (`phi i1 [ true, %p ], ...`, or an `icmp`
//! or boolean operation of such phis and constants), or implied by a branch
//! on the same condition that every path to the predecessor took one way
//! ("a condition already tested on the path").

use crate::simplify::compare;
use opt_conv_ir::analysis::{Cfg, FunctionAnalyses};
use opt_conv_ir::constant::Const;
use opt_conv_ir::inst::BinOp;
use opt_conv_ir::{Block, Function, InstKind, Module, Value};

/// How far up the dominator tree a deciding branch is looked for.
const DOMINATOR_SEARCH: usize = 16;

/// The value of `cond` (an `i1`) on the edge `p -> b`, if known.
/// The dominator tree is asked for only when a condition from outside `b`
/// has to be looked for up the tree: the pass changes the CFG often, and
/// recomputing the tree for every block it visits would be quadratic.
pub fn on_edge(m: &Module, f: &Function, cfg: &Cfg, cond: Value, p: Block, b: Block) -> Option<bool> {
    Edge { m, f, cfg, p, b }.int(cond, 3).map(|v| v != 0)
}

/// The edge `p -> b` being looked at.
struct Edge<'a> {
    m: &'a Module,
    f: &'a Function,
    cfg: &'a Cfg,
    p: Block,
    b: Block,
}

impl Edge<'_> {
    /// The integer value of `v` on the edge: a constant; a phi of `b` whose
    /// incoming value from `p` is known; an operation of `b` on known
    /// values; or an `i1` from outside `b` that a branch decided on the way.
    fn int(&self, v: Value, depth: u32) -> Option<u128> {
        let (f, p, b) = (self.f, self.p, self.b);
        let dfg = f.dfg();
        if let Some(c) = dfg.value_const(v) {
            return c.as_int();
        }
        let here = dfg.value_inst(v).filter(|&i| f.layout().inst_block(i) == Some(b));
        let Some(i) = here else {
            let is_bool = self.m.types.int_bits(dfg.value_type(v)) == Some(1);
            return if is_bool { tested_on_path(f, self.cfg, v, p, b).map(u128::from) } else { None };
        };
        if depth == 0 {
            return None;
        }
        let d = dfg.inst(i);
        let bits = |x: Value| self.m.types.int_bits(dfg.value_type(x));
        match &d.kind {
            InstKind::Phi { .. } => {
                let k = d.blocks.iter().position(|&x| x == p)?;
                let a = d.args[k];
                // The incoming value is read at the end of `p`.
                let from_b = dfg.value_inst(a).is_some_and(|x| f.layout().inst_block(x) == Some(b));
                if from_b { dfg.value_const(a).and_then(Const::as_int) } else { self.int(a, depth - 1) }
            }
            InstKind::ICmp { pred, .. } => {
                let (x, y) = (self.int(d.args[0], depth - 1)?, self.int(d.args[1], depth - 1)?);
                Some(u128::from(compare(*pred, x, y, bits(d.args[0])?)))
            }
            InstKind::Binary { op: op @ (BinOp::And | BinOp::Or | BinOp::Xor), .. } if bits(v) == Some(1) => {
                let (x, y) = (self.int(d.args[0], depth - 1), self.int(d.args[1], depth - 1));
                match (op, x, y) {
                    (BinOp::And, Some(0), _) | (BinOp::And, _, Some(0)) => Some(0),
                    (BinOp::Or, Some(1), _) | (BinOp::Or, _, Some(1)) => Some(1),
                    (BinOp::And, Some(x), Some(y)) => Some(x & y),
                    (BinOp::Or, Some(x), Some(y)) => Some(x | y),
                    (BinOp::Xor, Some(x), Some(y)) => Some(x ^ y),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// `cond` is known on `p -> b` when `p` itself branches on it to `b` along
/// one arm only, or a dominator of `p` branches on it and the arm it takes
/// (entered only from that branch) dominates `p`.
fn tested_on_path(f: &Function, cfg: &Cfg, cond: Value, p: Block, b: Block) -> Option<bool> {
    let arms = |x: Block| -> Option<(Block, Block)> {
        let d = f.dfg().inst(f.terminator(x)?);
        (d.is_cond_br() && d.args[0] == cond && d.blocks[0] != d.blocks[1]).then(|| (d.blocks[0], d.blocks[1]))
    };
    if let Some((t, e)) = arms(p) {
        return if t == b {
            Some(true)
        } else if e == b {
            Some(false)
        } else {
            None
        };
    }
    let dt = f.domtree();
    let mut d = dt.idom(p);
    for _ in 0..DOMINATOR_SEARCH {
        let x = d?;
        if let Some((t, e)) = arms(x) {
            for (arm, value) in [(t, true), (e, false)] {
                if cfg.preds(arm) == [x] && dt.dominates(arm, p) {
                    return Some(value);
                }
            }
            return None;
        }
        d = dt.idom(x);
    }
    None
}

//! CFG edits passes share: folding a block into its only predecessor, as
//! LLVM's `MergeBlockIntoPredecessor` does after unrolling and threading.
//! Every fold asks the oracle ([`Query::MergeBlocks`]) first.
//!
//! [`Query::MergeBlocks`]: opt_conv_legality::oracle::Query::MergeBlocks

use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::{Block, Function, Inst, Module};
use opt_conv_legality::oracle::{Oracle, Verdict};

/// Folds `b` into its only predecessor if that predecessor branches only to
/// `b` and the oracle allows it: `b`'s phis (one incoming each) are replaced
/// by their values, its instructions appended to the predecessor, and its
/// successors' phis told the edge now comes from the predecessor. Returns
/// the predecessor that absorbed `b`.
pub fn merge_into_predecessor(m: &Module, f: &mut Function, b: Block) -> Option<Block> {
    let cfg = f.cfg();
    let p = match cfg.preds(b) {
        [p] => *p,
        _ => return None,
    };
    if p == b || cfg.succs(p) != [b] || f.entry_block() == Some(b) {
        return None;
    }
    if let Verdict::Refused(r) = Oracle::block_merge(m, f, p, b) {
        tracing::debug!(target: "opt_conv::cfg", "not folding: {r}");
        return None;
    }
    let succs: Vec<Block> = cfg.succs(b).to_vec();
    drop(cfg);
    let mut repl = Replacements::new();
    let phis: Vec<Inst> = f.phis(b).collect();
    for &phi in &phis {
        let (r, v) = (f.dfg().inst_result(phi).expect("a phi has a result"), f.dfg().inst(phi).args[0]);
        repl.insert(r, v);
    }
    for phi in phis {
        remove_inst(f, phi);
    }
    repl.apply(f);
    if let Some(t) = f.terminator(p) {
        remove_inst(f, t);
    }
    let insts: Vec<Inst> = f.block_insts(b).collect();
    let layout = f.layout_mut();
    for i in insts {
        layout.remove_inst(i);
        layout.append_inst(i, p);
    }
    layout.remove_block(b);
    for s in succs {
        let phis: Vec<Inst> = f.phis(s).collect();
        for phi in phis {
            for blk in f.dfg_mut().inst_mut(phi).blocks.iter_mut() {
                if *blk == b {
                    *blk = p;
                }
            }
        }
    }
    Some(p)
}

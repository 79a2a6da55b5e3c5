//! `loop-simplify` (`LoopSimplifyPass`): the canonical loop shape of LLVM's
//! LoopSimplify, the same normalization the unroller applies before it looks
//! at any loop ([`crate::loops::normalize::simplify_loops`]). For every
//! natural loop, inner loops first:
//! * a preheader: where the header has several predecessors outside the
//!   loop (or one that also branches elsewhere), a new block
//!   `<header>.preheader` takes their edges and merges their phi values;
//! * a single latch: where several blocks branch back to the header, a new
//!   block `<header>.backedge` takes those edges (and merges their values);
//! * dedicated exits: an exit block also entered from outside the loop gets
//!   a new `<exit>.loopexit` block for the edges from inside;
//! * where every exit leads to one block, the leading instructions of an
//!   exiting block (one predecessor, a branch on a compare made in it) move
//!   to the preheader while they may run there
//!   ([`crate::loops::normalize::hoist_from_exiting_blocks`]).
//!
//! A block whose terminator is not `br` or `switch` is not redirected: its
//! loop stays as it is. Irreducible cycles are not loops and are left alone.
//!
//! # What LLVM's LoopSimplify does that this does not
//!
//! * Separating nested loops: where a header with several backedges has a
//!   phi that tells an inner cycle apart, LLVM splits an outer loop off
//!   instead of merging the backedges; here the backedges are always merged.
//! * Deleting edges from unreachable blocks into the loop before it looks at
//!   the header's predecessors.
//! * Simplifying the header's phis once they have two incoming values, and
//!   merging an exiting block left with only its compare into its
//!   predecessor's branch.
//! * Moving calls LLVM knows may run anywhere (speculatable intrinsics)
//!   out of exiting blocks: no call moves here.
//! * The order the new blocks are made in (LLVM makes dedicated exits before
//!   the backedge block); names and layout may then differ.
//!
//! # Convergence
//!
//! The pass puts new blocks, holding phis and an unconditional branch, on
//! existing edges, and every cycle keeps its entries (a new backedge block
//! joins its cycle, a new exit block stays outside or joins a cycle it
//! does not enter, a new preheader stays outside) but one: a loop in an
//! irreducible cycle whose header is an entry of it. Its preheader takes
//! edges from inside that cycle and from outside, and would become the
//! entry in place of the header, counting other iterations; the legality
//! oracle refuses it when the cycle holds a convergent operation
//! ([`opt_conv_legality::Oracle::preheader_insertion`], rule
//! `irreducible-edge`). What it moves out of a loop is never a call, so never a
//! convergent operation nor a token: only instructions that compute the
//! same value wherever they run and cannot trap. Every convergent operation
//! keeps its block, so each thread executes the same dynamic instances of
//! every convergent operation in the same cycle iterations. No token goes
//! through a phi (a token has no phi).
//!
//! Functions with exception handling or indirect branches are skipped, as
//! by every transform here (the pass does not declare `handles_eh`).

use crate::loops::normalize::simplify_loops;
use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::remarks::{Remark, RemarkKind};
use opt_conv_ir::{Changes, Function};

/// The pass.
pub struct LoopSimplify;

impl FunctionPass for LoopSimplify {
    fn name(&self) -> &'static str {
        "loop-simplify"
    }
    fn class_name(&self) -> &'static str {
        "LoopSimplifyPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let blocks = f.dfg().num_blocks();
        let (changed, _, _) = simplify_loops(cx.module, f);
        let added = f.dfg().num_blocks() - blocks;
        let message = format!("added {added} block{}", if added == 1 { "" } else { "s" });
        tracing::debug!(target: "opt_conv::loop-simplify", "{message}");
        let kind = if changed { RemarkKind::Passed } else { RemarkKind::Analysis };
        cx.remarks.emit(Remark { kind, pass: self.name(), function: name, block: None, message });
        Ok(if changed { Changes::ALL } else { Changes::NONE })
    }
}

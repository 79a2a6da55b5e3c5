//! `instsimplify` (`InstSimplifyPass`): LLVM's InstSimplify over the part of
//! LLVM's simplifier that [`crate::simplify`] has. Every block reachable
//! from the entry is visited in reverse post-order; an instruction that
//! simplifies has its uses replaced by an existing value or a constant, and
//! then the instructions of those blocks that nothing uses and whose removal
//! changes nothing else are deleted, repeatedly, as LLVM deletes trivially
//! dead instructions (whether this pass made them dead or they were dead
//! already). Unreachable blocks are left alone, as LLVM leaves them. The
//! control flow never changes: a branch on a condition that folds to a
//! constant stays a conditional branch.
//!
//! # What LLVM's InstSimplify does that this does not
//!
//! LLVM's `simplifyInstruction` knows most of the instruction set; this
//! pass knows what [`crate::simplify`] folds (integer arithmetic and
//! comparisons on constants, the identities with 0, 1 and all-ones, `x - x`,
//! `x ^ x`, `x & x`, `x | x`, integer casts of constants, all-zero
//! `getelementptr`s, selects on a constant or with equal arms, and LLVM's
//! regrouping of `add`, `mul`, `and`, `or` and `xor` through an operand
//! computed by the same operation: `(x ^ 1) ^ 1` is `x`). Not here:
//! * folds that produce `poison` or `undef` (a flagged operation that wraps,
//!   division by zero), and operands that are `poison` or `undef`;
//! * floating point, vectors, `phi` (equal incoming values), `freeze`,
//!   `extractvalue`/`insertvalue`, loads from constant memory, calls of
//!   intrinsics and library functions with constant arguments;
//! * comparisons of anything but two constants: `icmp eq %x, %x`,
//!   ranges known from `!range`, assumptions, dominating conditions and
//!   known bits (LLVM asks the dominator tree and the assumption cache);
//! * the other rules that look through an operand (`(x + y) - y`,
//!   `x - (x - y)`), and selects whose arms equal the condition's operands;
//! * a fixed point: LLVM revisits the users of what it replaced until
//!   nothing changes; here one sweep in reverse post-order sees every
//!   operand replaced before its users (except through `phi`s, which are
//!   not simplified anyway).
//!
//! LLVM's statistic counts replaced instructions that had uses; the remark
//! here counts every instruction that simplified, used or not.
//!
//! # Convergence
//!
//! The pass asks the legality oracle nothing, because it does nothing the
//! oracle judges. It moves, merges and duplicates no code and does not
//! change the control flow, so every convergent operation keeps its dynamic
//! instances and the set of threads that execute each one. A replaced value
//! is, in every thread, equal to what replaces it: an existing value that
//! dominates the use (an operand of the simplified instruction) or a
//! constant. The simplified instructions are never convergent operations
//! (only arithmetic, comparisons, casts, `getelementptr` and `select`) and
//! never produce tokens (a token cannot be selected), so no
//! `convergencectrl` operand is ever replaced. What the dead-code removal
//! deletes has no effect a thread could observe: a convergent operation
//! without memory effects whose result is unused (no thread sees what it
//! would have communicated), or a token intrinsic nothing uses (a token
//! that controls nothing), as `dce` and LLVM delete them too.
//!
//! Functions with exception handling or indirect branches are skipped, as
//! by every transform here (the pass does not declare `handles_eh`).

use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::remarks::{Remark, RemarkKind};
use crate::simplify::{delete_dead_in, simplify_blocks};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::{Block, Changes, Function};

/// The pass.
pub struct InstSimplify;

impl FunctionPass for InstSimplify {
    fn name(&self) -> &'static str {
        "instsimplify"
    }
    fn class_name(&self) -> &'static str {
        "InstSimplifyPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let blocks: Vec<Block> = f.cfg().rpo().to_vec();
        let before = f.insts_in_order().count();
        let simplified = simplify_blocks(cx.module, f, &blocks);
        delete_dead_in(cx.module, f, &blocks);
        let removed = before - f.insts_in_order().count();
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let message = format!(
            "simplified {simplified} instruction{}, removed {removed} dead instruction{}",
            plural(simplified),
            plural(removed)
        );
        tracing::debug!(target: "opt_conv::instsimplify", "{message}");
        let changed = simplified > 0 || removed > 0;
        let kind = if changed { RemarkKind::Passed } else { RemarkKind::Analysis };
        cx.remarks.emit(Remark { kind, pass: self.name(), function: name, block: None, message });
        Ok(if changed { Changes::INSTS } else { Changes::NONE })
    }
}

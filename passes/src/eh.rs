//! Exception handling and indirect branches, which the transforms here do
//! not model: an `invoke` is a call with a second (unwind) edge that moving,
//! duplicating or merging code must respect, pads must stay first in blocks
//! only unwind edges reach, and an `indirectbr` may go to any block whose
//! address is taken. Rather than each transform half-handling them, a
//! function containing any of them is left alone: the pass manager skips it
//! for passes that do not say they handle them ([`FunctionPass::handles_eh`]),
//! and the inliner refuses such callees, callers and `invoke` call sites.
//! Each refusal is a missed remark naming the instruction.
//!
//! [`FunctionPass::handles_eh`]: crate::FunctionPass::handles_eh

use crate::remarks::{Remark, RemarkKind, block_label};
use opt_conv_ir::{Function, Inst};

/// The first instruction of `f` (in layout order) that is exception
/// handling or an indirect branch, if any.
pub fn eh_blocker(f: &Function) -> Option<Inst> {
    f.insts_in_order().map(|(_, i)| i).find(|&i| f.dfg().inst(i).is_eh_or_indirect())
}

/// Why a function containing `i` is left alone: `'invoke' in %bb`.
pub fn describe(f: &Function, i: Inst) -> String {
    let op = f.dfg().inst(i).opcode_name();
    match f.layout().inst_block(i) {
        Some(b) => format!("'{op}' in {}", block_label(f, b)),
        None => format!("'{op}'"),
    }
}

/// The missed remark of `pass` leaving function `function` (whose body is
/// `f`) unchanged because of instruction `i`.
pub fn skipped_remark(pass: &'static str, function: String, f: &Function, i: Inst) -> Remark {
    Remark {
        kind: RemarkKind::Missed,
        pass,
        function,
        block: f.layout().inst_block(i).map(|b| block_label(f, b).trim_start_matches('%').to_owned()),
        message: format!(
            "function left unchanged: it has {} (this pass does not handle exception handling or indirect branches)",
            describe(f, i)
        ),
    }
}

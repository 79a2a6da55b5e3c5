//! Exception handling and indirect branches, which the transforms here do
//! not model: an `invoke` is a call with a second (unwind) edge that moving,
//! duplicating or merging code must respect, pads must stay first in blocks
//! only unwind edges reach, and an `indirectbr` may go to any block whose
//! address is taken (`blockaddress`), which must then survive as it is.
//! Rather than each transform half-handling them, a function containing any
//! of them, or whose block addresses are taken, is left alone: the pass
//! manager skips it for passes that do not say they handle them
//! ([`FunctionPass::handles_eh`]). Jump threading handles indirect
//! branches and taken block addresses, though not exception handling
//! ([`crate::FunctionPass::handles_indirect_branches`]). The inliner handles landing-pad
//! exception handling (`invoke`, `landingpad`, `resume`) and refuses
//! callers and callees with the rest ([`why_inliner_leaves_alone`]);
//! simplifycfg handles landing-pad exception handling too
//! ([`crate::FunctionPass::handles_landing_pads`]). Each
//! refusal is a missed remark saying why.
//!
//! [`FunctionPass::handles_eh`]: crate::FunctionPass::handles_eh

use crate::remarks::{Remark, RemarkKind, block_label};
use opt_conv_ir::{Block, FuncId, Function, InstKind, Module};

/// Why function `fid` (body `f`) is left alone, if it is: the block
/// concerned and a description (`'invoke' in %bb`).
pub fn why_left_alone(m: &Module, fid: FuncId, f: &Function) -> Option<(Block, String)> {
    if let Some(b) = taken_blocks(m, fid, f).next() {
        return Some((b, format!("the address of {} taken (blockaddress)", block_label(f, b))));
    }
    let (b, i) = f.insts_in_order().find(|&(_, i)| f.dfg().inst(i).is_eh_or_indirect())?;
    Some((b, format!("'{}' in {}", f.dfg().inst(i).opcode_name(), block_label(f, b))))
}

/// Why a pass that handles indirect branches
/// ([`crate::FunctionPass::handles_indirect_branches`]) leaves function
/// `fid` (body `f`) alone, if it does: exception handling of any kind.
pub fn why_left_alone_indirect_ok(f: &Function) -> Option<(Block, String)> {
    let (b, i) = f.insts_in_order().find(|&(_, i)| {
        let d = f.dfg().inst(i);
        d.is_eh_or_indirect() && d.kind != InstKind::IndirectBr
    })?;
    Some((b, format!("'{}' in {}", f.dfg().inst(i).opcode_name(), block_label(f, b))))
}

/// Why `p` leaves function `fid` (body `f`) alone, if it does: nothing for
/// a pass that handles exception handling, [`why_inliner_leaves_alone`]
/// for one that handles landing pads
/// ([`crate::FunctionPass::handles_landing_pads`]), else [`why_left_alone`]
/// or [`why_left_alone_indirect_ok`].
pub fn why_pass_leaves_alone(
    p: &dyn crate::FunctionPass,
    m: &Module,
    fid: FuncId,
    f: &Function,
) -> Option<(Block, String)> {
    if p.handles_eh() {
        None
    } else if p.handles_landing_pads() {
        why_inliner_leaves_alone(m, fid, f)
    } else if p.handles_indirect_branches() {
        why_left_alone_indirect_ok(f)
    } else {
        why_left_alone(m, fid, f)
    }
}

/// The blocks of function `fid` (body `f`) whose address some
/// `blockaddress` constant takes.
pub fn taken_blocks<'a>(m: &'a Module, fid: FuncId, f: &'a Function) -> impl Iterator<Item = Block> + 'a {
    m.address_taken.get(&fid).into_iter().flatten().copied().filter(|&b| f.layout().is_block_inserted(b))
}

/// Why the inliner leaves function `fid` (body `f`) alone as a caller, if
/// it does: what [`why_left_alone`] says, but for landing-pad exception
/// handling (`invoke`, `landingpad`, `resume`), which the inliner handles.
/// Funclet pads (`cleanuppad`, `catchswitch`, `catchpad` and their
/// returns), `indirectbr` and taken block addresses remain.
pub fn why_inliner_leaves_alone(m: &Module, fid: FuncId, f: &Function) -> Option<(Block, String)> {
    if let Some(b) = taken_blocks(m, fid, f).next() {
        return Some((b, format!("the address of {} taken (blockaddress)", block_label(f, b))));
    }
    why_inliner_leaves_callee_alone(m, fid, f)
}

/// Why the inliner leaves function `fid` (body `f`) alone as a callee, if
/// it does: as a caller ([`why_inliner_leaves_alone`]), except that only a
/// taken block address of a block reached from the entry refuses it, as in
/// LLVM's cost analysis. A block never reached is never copied, so the
/// `blockaddress` constants of the copy still name the callee's own block,
/// which stays where it is (the constant keeps the callee alive); as the
/// callee has no `indirectbr`, nothing in it jumps to such an address.
pub fn why_inliner_leaves_callee_alone(m: &Module, fid: FuncId, f: &Function) -> Option<(Block, String)> {
    if m.address_taken.contains_key(&fid) {
        let reached = reached_blocks(f);
        if let Some(b) = taken_blocks(m, fid, f).find(|&b| reached.contains(b)) {
            return Some((b, format!("the address of {} taken (blockaddress)", block_label(f, b))));
        }
    }
    let (b, i) = f.insts_in_order().find(|&(_, i)| {
        let d = f.dfg().inst(i);
        d.is_eh_or_indirect() && !matches!(d.kind, InstKind::Invoke(_) | InstKind::LandingPad { .. } | InstKind::Resume)
    })?;
    Some((b, format!("'{}' in {}", f.dfg().inst(i).opcode_name(), block_label(f, b))))
}

/// The blocks of `f` reached from its entry.
fn reached_blocks(f: &Function) -> opt_conv_ir::EntitySet<Block> {
    let mut seen = opt_conv_ir::EntitySet::new();
    let mut work: Vec<Block> = f.entry_block().into_iter().collect();
    while let Some(b) = work.pop() {
        if seen.insert(b) {
            work.extend(f.successors(b).iter().copied().filter(|&s| !seen.contains(s)));
        }
    }
    seen
}

/// The missed remark of `pass` leaving `function` unchanged (see [`why_left_alone`]).
pub fn skipped_remark(pass: &'static str, function: String, f: &Function, why: (Block, String)) -> Remark {
    let (b, what) = why;
    Remark {
        kind: RemarkKind::Missed,
        pass,
        function,
        block: Some(block_label(f, b).trim_start_matches('%').to_owned()),
        message: format!(
            "function left unchanged: it has {what} (this pass does not handle exception handling or indirect branches)"
        ),
    }
}

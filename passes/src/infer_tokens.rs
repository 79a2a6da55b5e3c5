//! `infer-convergence-tokens`: turns implicit (uncontrolled) convergence into
//! explicit convergence control tokens, following the informative procedure
//! of `ConvergentOperations.rst`, "Inferring Tokens":
//!
//! ```text
//! define void @f(i1 %c) convergent {          define void @f(i1 %c) convergent {
//! entry:                                      entry:
//!   br label %loop                              %tok.entry = call token @llvm.experimental.convergence.entry()
//! loop:                                         br label %loop
//!   call void @barrier()               =>    loop:
//!   br i1 %c, label %loop, label %exit          %tok.loop = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %tok.entry) ]
//! exit:                                         call void @barrier() [ "convergencectrl"(token %tok.loop) ]
//!   call void @barrier()                        br i1 %c, label %loop, label %exit
//!   ret void                                  exit:
//! }                                             call void @barrier() [ "convergencectrl"(token %tok.entry) ]
//!                                               ret void
//!                                             }
//! ```
//!
//! * An `entry` intrinsic starts the function. The spec's procedure roots
//!   every token at `entry` on purpose: an `anchor` "captures an
//!   implementation-defined group of threads, which is insufficient" to keep
//!   the group that implicit convergence promises (a barrier in a kernel
//!   must still be reached by the whole workgroup), and later passes may
//!   move an anchor's operations where they may not move entry's. `entry`
//!   is valid only in a `convergent` function, so a GPU kernel that is not
//!   `convergent` is marked so (nothing calls a kernel, so no caller
//!   changes). Any other function that is not `convergent` is refused: its
//!   call sites are not convergent operations, and making them so could
//!   break callers that use tokens (controlled and uncontrolled convergence
//!   may not mix).
//! * Each natural loop that contains uncontrolled convergent operations
//!   (directly or in a nested loop) gets a heart at the top of its header,
//!   using its parent loop's heart, or the function's token for an outermost
//!   loop. The spec's procedure puts a heart in *every* loop; a heart whose
//!   token nothing uses constrains nothing semantically but would stop loops
//!   without convergent operations from being unrolled with a remainder, so
//!   we add only the hearts that are used.
//! * Each uncontrolled convergent operation gets a `convergencectrl` bundle
//!   with the token of its sibling definition: the heart of its innermost
//!   loop, or the function's token outside loops.
//!
//! Refused (the function is left unchanged, with a missed remark): functions
//! that mix controlled and uncontrolled convergence (invalid IR), and
//! functions with an irreducible cycle containing uncontrolled convergent
//! operations (node splitting is not implemented; the remark names the cycle).
//! Functions already controlled, or without convergent operations, are left
//! alone.

use crate::module_edits::{Declaration, ModuleEdits};
use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::remarks::{Remark, RemarkKind};
use opt_conv_ir::analysis::{CycleId, CycleInfo, FunctionAnalyses};
use opt_conv_ir::builder::{add_bundle, make_call};
use opt_conv_ir::inst::CONVERGENCECTRL;
use opt_conv_ir::text::Slots;
use opt_conv_ir::{Changes, EntitySet, FuncId, Function, Inst, Module, SecondaryMap, Type, Value};
use opt_conv_legality::{ConvOp, ConvergenceInfo, FunctionConvergence, TokenKind};

/// The pass.
pub struct InferConvergenceTokens;

/// What inference did to one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InferOutcome {
    /// Nothing to do: no convergent operations, or already controlled.
    Unchanged,
    /// Tokens were inserted.
    Inferred {
        /// Whether the function (a kernel) had to be marked `convergent`.
        marked_convergent: bool,
        /// Number of hearts inserted.
        hearts: usize,
        /// Number of bundles added.
        bundles: usize,
    },
    /// Left unchanged for the stated reason.
    Refused(String),
}

/// The intrinsics inference may declare.
fn token_declarations() -> Vec<Declaration> {
    [TokenKind::Entry, TokenKind::Loop]
        .into_iter()
        .map(|k| Declaration { name: k.intrinsic_name().to_owned(), ret: Type::TOKEN, params: Vec::new() })
        .collect()
}

/// Infers tokens for function `fid` whose body is `f` (taken out of `m`).
pub fn infer_tokens(m: &mut Module, fid: FuncId, f: &mut Function) -> InferOutcome {
    let mut pending = EntitySet::new();
    crate::module_edits::prepare(m, &token_declarations(), &mut pending);
    let mut edits = ModuleEdits::default();
    let outcome = infer_tokens_with(m, &mut edits, fid, f);
    edits.apply(m, f, &mut pending);
    crate::module_edits::discard_unused(m, pending);
    outcome
}

/// [`infer_tokens`] with the module read-only, its changes put in `edits`
/// (the pass lists the intrinsics it declares).
pub fn infer_tokens_with(m: &Module, edits: &mut ModuleEdits, fid: FuncId, f: &mut Function) -> InferOutcome {
    let ci = ConvergenceInfo::compute(m, f);
    match ci.mode() {
        FunctionConvergence::None | FunctionConvergence::Controlled => return InferOutcome::Unchanged,
        FunctionConvergence::Mixed => {
            return InferOutcome::Refused(
                "the function mixes controlled and uncontrolled convergence (invalid IR); left unchanged".into(),
            );
        }
        FunctionConvergence::Uncontrolled => {}
    }
    let cycles = f.cycles();
    let uncontrolled: Vec<Inst> =
        f.insts_in_order().map(|(_, i)| i).filter(|&i| ci.op(i) == ConvOp::Uncontrolled).collect();
    // Loops that need a heart: every cycle enclosing an uncontrolled operation.
    let needs = cycles_needing_hearts(&ci, &cycles, &uncontrolled, |_| true);
    if let Some(bad) = needs.iter().find(|&c| !cycles.is_reducible(c)) {
        let slots = Slots::new(f);
        let desc = cycles.describe(bad, &|b| slots.block_operand(b));
        return InferOutcome::Refused(format!(
            "irreducible cycle '{desc}' contains uncontrolled convergent operations; node splitting is not implemented, left unchanged"
        ));
    }
    let Some(decl) = m.func(fid) else {
        return InferOutcome::Refused("the function has no declaration in the module".into());
    };
    let marked_convergent = !decl.is_convergent();
    if marked_convergent && !decl.cconv.is_kernel() {
        return InferOutcome::Refused(
            "the function is not 'convergent' and not a kernel: tokens must start at 'entry', which needs a convergent \
             function, and an 'anchor' would not keep the threads its operations communicate with; left unchanged"
                .into(),
        );
    }
    if marked_convergent {
        edits.add_fn_attr(fid, opt_conv_ir::Attr::Flag("convergent".into()));
    }
    let root_fn = edits.declare(m, TokenKind::Entry.intrinsic_name(), Type::TOKEN, &[]);
    let loop_fn = (!needs.is_empty()).then(|| edits.declare(m, TokenKind::Loop.intrinsic_name(), Type::TOKEN, &[]));
    let fn_ty = ModuleEdits::fn_type(m, Type::TOKEN, &[]);
    let entry = f.entry_block().expect("a defined function has an entry block");
    let (dfg, layout) = f.parts_mut();
    // The function's token, first in the entry block.
    let root = make_call(dfg, root_fn, fn_ty, Type::TOKEN, &[]);
    let root_v = dfg.inst_result(root).expect("token result");
    dfg.set_value_name(root_v, Some("tok.entry"));
    layout.prepend_inst(root, entry);
    let hearts = place_tokens(f, &cycles, &needs, &uncontrolled, loop_fn, fn_ty, root_v);
    InferOutcome::Inferred { marked_convergent, hearts, bundles: uncontrolled.len() }
}

/// Infers tokens for the uncontrolled convergent operations of a region of
/// `f` (an inlined body), rooted at the token `root` the region runs under:
/// loops entirely inside the region that contain such operations get a
/// heart (using the enclosing region loop's heart, or `root`), and each
/// operation gets the token of its sibling definition. Returns the number
/// of hearts and bundles added, or why it cannot (an irreducible cycle).
pub fn infer_tokens_in_region(
    m: &mut Module,
    f: &mut Function,
    blocks: &[opt_conv_ir::Block],
    root: Value,
) -> Result<(usize, usize), String> {
    let ci = ConvergenceInfo::compute(m, f);
    let cycles = f.cycles();
    let mut in_region: EntitySet<opt_conv_ir::Block> = EntitySet::new();
    for &b in blocks {
        in_region.insert(b);
    }
    let inside = |c: CycleId| cycles.blocks(c).iter().all(|&b| in_region.contains(b));
    let uncontrolled: Vec<Inst> = blocks
        .iter()
        .flat_map(|&b| f.block_insts(b).collect::<Vec<_>>())
        .filter(|&i| ci.op(i) == ConvOp::Uncontrolled)
        .collect();
    let needs = cycles_needing_hearts(&ci, &cycles, &uncontrolled, inside);
    if let Some(bad) = needs.iter().find(|&c| !cycles.is_reducible(c)) {
        let slots = Slots::new(f);
        return Err(format!(
            "irreducible cycle '{}' contains uncontrolled convergent operations",
            cycles.describe(bad, &|b| slots.block_operand(b))
        ));
    }
    let loop_fn = (!needs.is_empty()).then(|| m.declare(TokenKind::Loop.intrinsic_name(), Type::TOKEN, &[]));
    let fn_ty = m.types.function(Type::TOKEN, vec![], false);
    let hearts = place_tokens(f, &cycles, &needs, &uncontrolled, loop_fn, fn_ty, root);
    Ok((hearts, uncontrolled.len()))
}

/// The cycles that need a heart: each cycle enclosing an operation of `ops`,
/// innermost outwards, stopping at the first one `within` rejects.
fn cycles_needing_hearts(
    ci: &ConvergenceInfo,
    cycles: &CycleInfo,
    ops: &[Inst],
    within: impl Fn(CycleId) -> bool,
) -> EntitySet<CycleId> {
    let mut needs: EntitySet<CycleId> = EntitySet::new();
    for &x in ops {
        let mut c = ci.block_of(x).and_then(|b| cycles.cycle_of(b));
        while let Some(cy) = c.filter(|&cy| within(cy)) {
            if !needs.insert(cy) {
                break;
            }
            c = cycles.parent(cy);
        }
    }
    needs
}

/// Places a heart at the top of each cycle of `needs` (after its phis;
/// outer cycles first, each under its parent's heart or `root`) and gives
/// each operation of `ops` the token of its sibling definition. Returns the
/// number of hearts.
fn place_tokens(
    f: &mut Function,
    cycles: &CycleInfo,
    needs: &EntitySet<CycleId>,
    ops: &[Inst],
    loop_fn: Option<FuncId>,
    fn_ty: Type,
    root: Value,
) -> usize {
    let (dfg, layout) = f.parts_mut();
    let mut heart_tok: SecondaryMap<CycleId, Option<Value>> = SecondaryMap::new();
    let mut hearts = 0;
    for c in cycles.preorder() {
        if !needs.contains(c) {
            continue;
        }
        let parent = cycles.parent(c).and_then(|p| heart_tok[p]).unwrap_or(root);
        let h = make_call(dfg, loop_fn.expect("declared when a loop needs a heart"), fn_ty, Type::TOKEN, &[]);
        add_bundle(dfg, h, CONVERGENCECTRL, &[parent]);
        let hv = dfg.inst_result(h).expect("token result");
        dfg.set_value_name(hv, Some("tok.loop"));
        let header = cycles.header(c);
        match layout.block_insts(header).find(|&i| !dfg.inst(i).is_phi()) {
            Some(first) => layout.insert_inst_before(h, first),
            None => layout.append_inst(h, header),
        }
        heart_tok[c] = Some(hv);
        hearts += 1;
    }
    for &x in ops {
        let tok = layout.inst_block(x).and_then(|b| cycles.cycle_of(b)).and_then(|c| heart_tok[c]).unwrap_or(root);
        add_bundle(dfg, x, CONVERGENCECTRL, &[tok]);
    }
    hearts
}

impl FunctionPass for InferConvergenceTokens {
    fn name(&self) -> &'static str {
        "infer-convergence-tokens"
    }
    fn class_name(&self) -> &'static str {
        "InferConvergenceTokensPass"
    }
    fn declarations(&self, _m: &Module) -> Vec<Declaration> {
        token_declarations()
    }
    fn parallel(&self) -> bool {
        // Marking a kernel convergent changes what later passes on it see.
        false
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let outcome = infer_tokens_with(cx.module, cx.edits, cx.func, f);
        tracing::debug!(target: "opt_conv::infer-convergence-tokens", ?outcome);
        let (kind, message, changed) = match outcome {
            InferOutcome::Unchanged => return Ok(Changes::NONE),
            InferOutcome::Inferred { marked_convergent, hearts, bundles } => (
                RemarkKind::Passed,
                format!(
                    "inferred convergence control: entry token, {hearts} loop heart{}, {bundles} bundle{}{}",
                    if hearts == 1 { "" } else { "s" },
                    if bundles == 1 { "" } else { "s" },
                    if marked_convergent { "; kernel marked convergent" } else { "" },
                ),
                Changes::INSTS,
            ),
            InferOutcome::Refused(why) => (RemarkKind::Missed, format!("cannot infer tokens: {why}"), Changes::NONE),
        };
        cx.remarks.emit(Remark { kind, pass: self.name(), function: name, block: None, message });
        Ok(changed)
    }
}

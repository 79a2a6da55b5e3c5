//! The verifier's rules for exception handling, with LLVM's messages: where
//! pads may stand and which edges may reach them, what their scope operands
//! may be, where unwind edges may lead, and that a function using them has a
//! personality. (LLVM's funclet colouring rules, which need a walk over the
//! whole funclet tree, are not checked.)

use crate::analysis::Cfg;
use crate::inst::{ClauseKind, InstKind};
use crate::types::{Type, TypeData};
use crate::verify::Ctx;
use crate::{Block, Inst, Value};

/// Per-function state: the exception type the first landingpad or resume
/// fixed, which every other one must use.
#[derive(Default)]
pub(crate) struct EhState {
    exn_ty: Option<Type>,
}

/// What the first non-phi of `b` is, if it is an EH pad.
fn pad_kind<'k>(cx: &Ctx<'k>, b: Block) -> Option<&'k InstKind> {
    let f = cx.f;
    let i = f.first_non_phi(b)?;
    let d = f.dfg().inst(i);
    d.is_eh_pad().then_some(&d.kind)
}

/// The instruction defining `v`, with its kind.
fn def_kind<'k>(cx: &Ctx<'k>, v: Value) -> Option<&'k InstKind> {
    let dfg = cx.f.dfg();
    dfg.value_inst(v).map(|i| &dfg.inst(i).kind)
}

fn is_none_token(cx: &Ctx<'_>, v: Value) -> bool {
    cx.f.dfg().value_const(v).is_some_and(|c| c.kind == crate::ConstKind::NoneToken)
}

/// A valid parent scope of `cleanuppad` and `catchswitch`: `none` or a funclet pad.
fn is_scope(cx: &Ctx<'_>, v: Value) -> bool {
    is_none_token(cx, v) || matches!(def_kind(cx, v), Some(InstKind::CleanupPad | InstKind::CatchPad))
}

/// Checks the EH rules for instruction `i` of block `b`.
pub(crate) fn check_eh(cx: &mut Ctx<'_>, cfg: &Cfg, st: &mut EhState, b: Block, i: Inst) {
    let f = cx.f;
    let dfg = f.dfg();
    let d = dfg.inst(i);
    let name = match d.kind {
        InstKind::LandingPad { .. } => "LandingPadInst",
        InstKind::CleanupPad => "CleanupPadInst",
        InstKind::CatchPad => "CatchPadInst",
        InstKind::CatchSwitch { .. } => "CatchSwitchInst",
        InstKind::Resume => "ResumeInst",
        _ => "",
    };
    if !name.is_empty() && cx.m.func(cx.fid).is_none_or(|decl| decl.personality.is_none()) {
        cx.report(i, format!("{name} needs to be in a function with a personality."));
    }
    if d.is_eh_pad() {
        if f.first_non_phi(b) != Some(i) {
            cx.report(i, format!("{name} not the first non-PHI instruction in the block."));
        } else {
            check_pad_preds(cx, cfg, b, i);
        }
    }
    match &d.kind {
        InstKind::LandingPad { cleanup, clauses } => {
            if !cleanup && clauses.is_empty() {
                cx.report(i, "LandingPadInst needs at least one clause or to be a cleanup.");
            }
            let ty = dfg.inst_result(i).map_or(Type::VOID, |r| dfg.value_type(r));
            if *st.exn_ty.get_or_insert(ty) != ty {
                cx.report(i, "The landingpad instruction should have a consistent result type inside a function.");
            }
            for (k, &v) in clauses.iter().zip(&d.args) {
                let vt = dfg.value_type(v);
                match k {
                    ClauseKind::Catch if !cx.m.types.is_ptr(vt) => {
                        cx.report(i, "Catch operand does not have pointer type!");
                    }
                    ClauseKind::Filter
                        if !matches!(cx.m.types.get(vt), TypeData::Array { .. }) || dfg.value_const(v).is_none() =>
                    {
                        cx.report(i, "Filter operand is not an array of constants!");
                    }
                    _ => {}
                }
            }
        }
        InstKind::Resume => {
            let ty = dfg.value_type(d.args[0]);
            if *st.exn_ty.get_or_insert(ty) != ty {
                cx.report(i, "The resume instruction should have a consistent result type inside a function.");
            }
        }
        InstKind::Invoke(_) => {
            if pad_kind(cx, d.blocks[1]).is_none() {
                cx.report(i, "The unwind destination does not have an exception handling instruction!");
            }
            let callee = dfg.direct_callee(i).and_then(|g| cx.m.func(g));
            if callee.is_some_and(|c| c.is_intrinsic() && !may_be_invoked(&c.name)) {
                // opt-22 says it twice: once checking the call, once the intrinsic.
                for _ in 0..2 {
                    cx.report(
                        i,
                        "Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, \
                         coro_destroy, clang.arc.attachedcall or wasm.(re)throw",
                    );
                }
            }
        }
        InstKind::CatchPad if !matches!(def_kind(cx, d.args[0]), Some(InstKind::CatchSwitch { .. })) => {
            cx.report(i, "CatchPadInst needs to be directly nested in a CatchSwitchInst.");
        }
        InstKind::CleanupPad if !is_scope(cx, d.args[0]) => {
            cx.report(i, "CleanupPadInst has an invalid parent.");
        }
        InstKind::CatchSwitch { has_unwind } => {
            if !is_scope(cx, d.args[0]) {
                cx.report(i, "CatchSwitchInst has an invalid parent.");
            }
            if let Some(u) = d.unwind_dest()
                && matches!(pad_kind(cx, u), None | Some(InstKind::LandingPad { .. }))
            {
                cx.report(i, "CatchSwitchInst must unwind to an EH block which is not a landingpad.");
            }
            for &h in &d.blocks[usize::from(*has_unwind)..] {
                if !matches!(pad_kind(cx, h), Some(InstKind::CatchPad)) {
                    cx.report(i, "CatchSwitchInst handlers must be catchpads");
                    break;
                }
            }
        }
        InstKind::CatchRet if !matches!(def_kind(cx, d.args[0]), Some(InstKind::CatchPad)) => {
            cx.report(i, "CatchReturnInst needs to be provided a CatchPad");
        }
        InstKind::CleanupRet => {
            if !matches!(def_kind(cx, d.args[0]), Some(InstKind::CleanupPad)) {
                cx.report(i, "CleanupReturnInst needs to be provided a CleanupPad");
            }
            if let Some(u) = d.unwind_dest()
                && matches!(pad_kind(cx, u), None | Some(InstKind::LandingPad { .. }))
            {
                cx.report(i, "CleanupReturnInst must unwind to an EH block which is not a landingpad.");
            }
        }
        _ => {}
    }
}

/// Intrinsics LLVM allows as the callee of an `invoke`.
fn may_be_invoked(name: &str) -> bool {
    name == "llvm.donothing"
        || name.starts_with("llvm.experimental.patchpoint")
        || name.starts_with("llvm.experimental.gc.statepoint")
        || name == "llvm.coro.resume"
        || name == "llvm.coro.destroy"
        || name == "llvm.objc.clang.arc.noop.use"
        || name == "llvm.wasm.throw"
        || name == "llvm.wasm.rethrow"
}

/// Only unwind edges reach a pad: a landingpad's from an invoke, a
/// catchpad's from its catchswitch, the other pads' from any unwind edge.
fn check_pad_preds(cx: &mut Ctx<'_>, cfg: &Cfg, b: Block, pad: Inst) {
    let f = cx.f;
    let dfg = f.dfg();
    let kind = &dfg.inst(pad).kind;
    for &p in cfg.preds(b) {
        let Some(t) = f.layout().last_inst(p) else { continue };
        let td = dfg.inst(t);
        match kind {
            InstKind::LandingPad { .. } => {
                if !(matches!(td.kind, InstKind::Invoke(_)) && td.unwind_dest() == Some(b) && td.blocks[0] != b) {
                    cx.report(
                        pad,
                        "Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.",
                    );
                    return;
                }
            }
            InstKind::CatchPad => {
                let parent = dfg.value_inst(dfg.inst(pad).args[0]);
                if !(matches!(td.kind, InstKind::CatchSwitch { .. })
                    && parent == Some(t)
                    && td.unwind_dest() != Some(b))
                {
                    cx.report(pad, "Block containg CatchPadInst must be jumped to only by its catchswitch.");
                    return;
                }
            }
            _ => {
                let only_unwind =
                    td.unwind_dest() == Some(b) && td.successors().iter().filter(|&&s| s == b).count() == 1;
                if !only_unwind {
                    let pred_text = cx.inst_text(t);
                    cx.report(pad, "EH pad must be jumped to via an unwind edge");
                    if let Some(e) = cx.errors.last_mut() {
                        e.notes.push(pred_text);
                    }
                    return;
                }
            }
        }
    }
}

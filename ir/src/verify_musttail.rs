//! The verifier's rules for `musttail` calls (LLVM's, with its messages):
//! the call must be one the code generator can always turn into a jump,
//! so caller and callee agree on everything a frame's layout depends on,
//! and nothing but a `ret` of its result (through at most a `bitcast`)
//! follows it.

use crate::attrs::{Attr, AttrSet};
use crate::inst::{CallInfo, InstKind};
use crate::verify::Ctx;
use crate::{Inst, Type};

/// Parameter attributes that change how an argument is passed; they must
/// be the same on the caller's parameter and the call's argument.
const ABI_ATTRS: &[&str] = &[
    "sret",
    "byval",
    "inalloca",
    "inreg",
    "alignstack",
    "swiftself",
    "swiftasync",
    "swifterror",
    "preallocated",
    "byref",
];

/// Attributes a `tailcc` or `swifttailcc` musttail call may not have on
/// any parameter of the caller or argument of the call.
const TAILCC_FORBIDDEN: &[&str] = &["inalloca", "inreg", "swifterror", "preallocated", "byref"];

/// Checks the `musttail` call `i`; reports the first rule it breaks.
pub(crate) fn check(cx: &mut Ctx<'_>, i: Inst, ci: &CallInfo) {
    if let Some((at, msg)) = violation(cx, i, ci) {
        cx.report(at, msg);
    }
}

fn violation(cx: &Ctx<'_>, i: Inst, ci: &CallInfo) -> Option<(Inst, String)> {
    let (m, f) = (cx.m, cx.f);
    let dfg = f.dfg();
    let d = dfg.inst(i);
    let err = |at: Inst, msg: &str| Some((at, msg.to_string()));
    if matches!(d.callee().map(|c| &dfg.value(c).def), Some(crate::dfg::ValueDef::Asm(_))) {
        return err(i, "cannot use musttail call with inline asm");
    }
    let caller = m.func(cx.fid)?;
    let (caller_ret, caller_params, caller_va) = m.types.fn_sig(caller.ty)?;
    let (callee_ret, callee_params, callee_va) = m.types.fn_sig(ci.fn_ty)?;
    if caller_va != callee_va {
        return err(i, "cannot guarantee tail call due to mismatched varargs");
    }
    // With opaque pointers, types are congruent exactly when equal (a
    // pointer's address space is part of its type).
    if caller_ret != callee_ret {
        return err(i, "cannot guarantee tail call due to mismatched return types");
    }
    if caller.cconv.keyword() != ci.cconv.keyword() {
        return err(i, "cannot guarantee tail call due to mismatched calling conv");
    }
    // What follows: an optional bitcast of the call, then a ret of it.
    let result = dfg.inst_result(i).filter(|&r| dfg.value_type(r) != Type::VOID);
    let mut returned = result;
    let mut next = f.layout().next_inst(i);
    if let Some(n) = next
        && matches!(&dfg.inst(n).kind, InstKind::Cast { op, .. } if op.keyword() == "bitcast")
    {
        if result.is_none() || dfg.inst(n).args.first() != result.as_ref() {
            return err(n, "bitcast following musttail call must use the call");
        }
        returned = dfg.inst_result(n);
        next = f.layout().next_inst(n);
    }
    let Some(ret) = next.filter(|&n| matches!(dfg.inst(n).kind, InstKind::Ret)) else {
        return err(i, "musttail call must precede a ret with an optional bitcast");
    };
    if let Some(&v) = dfg.inst(ret).args.first()
        && Some(v) != returned
        && !dfg.value_const(v).is_some_and(|c| c.is_undef_or_poison())
    {
        return err(ret, "musttail call result must be returned");
    }
    let call_attrs = |k: usize| ci.param_attrs.get(k).cloned().unwrap_or_default();
    if let Some(cc @ ("tailcc" | "swifttailcc")) = ci.cconv.keyword() {
        let sides = [
            (" musttail caller", &caller.param_attrs, caller_params.len()),
            (" musttail callee", &ci.param_attrs, callee_params.len()),
        ];
        for (side, attrs, n) in sides {
            for set in attrs.iter().take(n) {
                if let Some(a) = TAILCC_FORBIDDEN.iter().find(|a| set.has(a)) {
                    return Some((i, format!("{a} attribute not allowed in {cc}{side}")));
                }
            }
        }
        if caller_va {
            return Some((i, format!("cannot guarantee {cc} tail call for varargs function")));
        }
        return None;
    }
    let intrinsic = dfg
        .direct_callee(i)
        .and_then(|g| m.func(g))
        .is_some_and(|c| crate::intrinsics::may_be_known_intrinsic(&c.name));
    if !intrinsic {
        if caller_params.len() != callee_params.len() {
            return err(i, "cannot guarantee tail call due to mismatched parameter counts");
        }
        if caller_params != callee_params {
            return err(i, "cannot guarantee tail call due to mismatched parameter types");
        }
    }
    for k in 0..caller_params.len() {
        let caller_set = caller.param_attrs.get(k).cloned().unwrap_or_default();
        if abi_attrs(&caller_set) != abi_attrs(&call_attrs(k)) {
            return err(i, "cannot guarantee tail call due to mismatched ABI impacting function attributes");
        }
    }
    None
}

/// The attributes of `set` that change how the argument is passed, in a
/// fixed order; `align` counts only beside `byval` or `byref`.
fn abi_attrs(set: &AttrSet) -> Vec<&Attr> {
    let by_copy = set.has("byval") || set.has("byref");
    let mut out: Vec<&Attr> =
        set.iter().filter(|a| ABI_ATTRS.contains(&a.key()) || (by_copy && a.key() == "align")).collect();
    out.sort_by(|a, b| a.key().cmp(b.key()));
    out
}

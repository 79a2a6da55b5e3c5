//! Intrinsic auto-upgrade on read, for the intrinsics LLVM 22 renames or
//! replaces when it parses a module. Doing the same here means our output
//! names what opt-22 would, so opt-22 does not rewrite it again (its upgrade
//! of `llvm.nvvm.barrier0` drops operand bundles, which breaks convergence
//! control that we added).
//!
//! * `llvm.nvvm.barrier0()` becomes `llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)`;
//! * `llvm.amdgcn.if.break.i64.i64` becomes `llvm.amdgcn.if.break.i64`;
//! * typed-pointer manglings in `llvm.mem*` names (`p0i8`) become opaque (`p0`).

use crate::ValueDef;
use crate::constant::{Const, ConstKind};
use crate::module::{Global, GlobalId, Module};
use crate::types::Type;

/// The new name of a renamed intrinsic.
fn renamed(name: &str) -> Option<String> {
    if name == "llvm.amdgcn.if.break.i64.i64" {
        return Some("llvm.amdgcn.if.break.i64".into());
    }
    if name.starts_with("llvm.mem") && name.contains("i8") {
        // p0i8 -> p0, p1i8 -> p1, ...
        let mut out = String::with_capacity(name.len());
        let parts: Vec<&str> = name.split('.').collect();
        for (k, p) in parts.iter().enumerate() {
            if k > 0 {
                out.push('.');
            }
            match p
                .strip_prefix('p')
                .and_then(|r| r.strip_suffix("i8"))
                .filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
            {
                Some(digits) => {
                    out.push('p');
                    out.push_str(digits);
                }
                None => out.push_str(p),
            }
        }
        return (out != name).then_some(out);
    }
    None
}

/// Applies the upgrades to a freshly parsed module.
pub(crate) fn upgrade_intrinsics(m: &mut Module) {
    let funcs: Vec<GlobalId> = m.functions().collect();
    for f in funcs {
        let Some(name) = m.func(f).map(|d| d.name.to_string()) else { continue };
        if let Some(new) = renamed(&name) {
            retarget(m, f, &new, false);
        } else if name == "llvm.nvvm.barrier0" {
            retarget(m, f, "llvm.nvvm.barrier.cta.sync.aligned.all", true);
        }
    }
}

/// Points every use of function `old` at `new_name` (declared if needed) and
/// removes `old`. With `add_zero_arg`, calls gain a leading `i32 0` argument.
fn retarget(m: &mut Module, old: GlobalId, new_name: &str, add_zero_arg: bool) {
    let Some(old_ty) = m.func(old).map(|d| d.ty) else { return };
    let new_ty = if add_zero_arg {
        let (ret, params, varargs) =
            m.types.fn_sig(old_ty).map(|(r, p, v)| (r, p.to_vec(), v)).unwrap_or((Type::VOID, vec![], false));
        let mut ps = vec![Type::I32];
        ps.extend(params);
        m.types.function(ret, ps, varargs)
    } else {
        old_ty
    };
    let new = m.declare_function(new_name, new_ty);
    if matches!(m.globals[new], Global::Undefined(_)) {
        return;
    }
    for f in m.definitions() {
        let Some(mut body) = m.take_body(f) else { continue };
        let dfg = body.dfg_mut_preserving_cfg();
        let old_c = Const { ty: Type::PTR, kind: ConstKind::Global(old) };
        let new_v = dfg.make_const(Const { ty: Type::PTR, kind: ConstKind::Global(new) });
        let zero = add_zero_arg.then(|| dfg.make_const(Const { ty: Type::I32, kind: ConstKind::Int(0) }));
        let uses: Vec<crate::Inst> = dfg
            .all_insts()
            .filter(|&i| {
                let d = dfg.inst(i);
                d.args.iter().any(|&a| matches!(&dfg.value(a).def, ValueDef::Const(c) if **c == old_c))
            })
            .collect();
        let is_old = |dfg: &crate::DataFlowGraph, v: crate::Value| matches!(&dfg.value(v).def, ValueDef::Const(c) if **c == old_c);
        for i in uses {
            let calls_old = dfg.inst(i).call_info().is_some() && is_old(dfg, dfg.inst(i).args[0]);
            for k in 0..dfg.inst(i).args.len() {
                if is_old(dfg, dfg.inst(i).args[k]) {
                    dfg.inst_mut(i).args[k] = new_v;
                }
            }
            if let (true, Some(z)) = (calls_old, zero) {
                let d = dfg.inst_mut(i);
                if let Some(info) = d.call_info_mut() {
                    info.fn_ty = new_ty;
                    info.num_args += 1;
                    info.param_attrs.insert(0, crate::AttrSet::new());
                }
                d.args.insert(1, z);
            }
        }
        m.set_body(f, body);
    }
    m.remove_global(old);
}

#[cfg(test)]
mod tests {
    use super::renamed;

    #[test]
    fn renames() {
        assert_eq!(renamed("llvm.memcpy.p0i8.p0i8.i64").as_deref(), Some("llvm.memcpy.p0.p0.i64"));
        assert_eq!(renamed("llvm.memset.p1i8.i32").as_deref(), Some("llvm.memset.p1.i32"));
        assert_eq!(renamed("llvm.memcpy.p0.p0.i64"), None);
        assert_eq!(renamed("llvm.amdgcn.if.break.i64.i64").as_deref(), Some("llvm.amdgcn.if.break.i64"));
        assert_eq!(renamed("llvm.foo.i8"), None);
    }
}

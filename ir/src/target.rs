//! Target facts that are not analysis: which GPU family a triple names,
//! and what a launch gives every thread alike. The uniformity analysis,
//! the passes' target-dependent defaults and the executor all read them
//! here, so each fact is written once.

use crate::{FuncId, Module};

/// The GPU families whose conventions opt-conv knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GpuFamily {
    /// `amdgcn-*` (and the older `r600-*`).
    Amdgpu,
    /// `nvptx-*`, `nvptx64-*`.
    Nvptx,
}

impl GpuFamily {
    /// The family a target triple names, if any.
    pub fn of_triple(triple: &str) -> Option<GpuFamily> {
        let arch = triple.split('-').next().unwrap_or("");
        if arch.starts_with("amdgcn") || arch.starts_with("amdgpu") || arch.starts_with("r600") {
            Some(GpuFamily::Amdgpu)
        } else if arch.starts_with("nvptx") {
            Some(GpuFamily::Nvptx)
        } else {
            None
        }
    }

    /// The family of the module's `target triple`, if any.
    pub fn of_module(m: &Module) -> Option<GpuFamily> {
        m.triple_str().and_then(GpuFamily::of_triple)
    }
}

/// Whether a launch gives parameter `idx` of function `f` the same value in
/// every thread: kernel arguments do; on AMDGPU so do `inreg` arguments,
/// which live in scalar registers. Other parameters may differ per thread
/// (without interprocedural analysis, a device function's arguments are
/// whatever its callers pass).
pub fn param_is_launch_uniform(m: &Module, family: GpuFamily, f: FuncId, idx: usize) -> bool {
    let Some(d) = m.func(f) else { return false };
    match family {
        GpuFamily::Amdgpu => {
            matches!(d.cconv.keyword(), Some("amdgpu_kernel" | "spir_kernel"))
                || d.param_attrs.get(idx).is_some_and(|a| a.has("inreg"))
        }
        GpuFamily::Nvptx => d.cconv.is_kernel(),
    }
}

/// Whether function `f` runs as a single thread per group, so that nothing
/// in it can diverge: AMDGPU's `"amdgpu-flat-work-group-size"="1,1"`.
pub fn is_single_thread(m: &Module, family: GpuFamily, f: FuncId) -> bool {
    family == GpuFamily::Amdgpu
        && m.func(f).and_then(|d| d.fn_attrs.get_str("amdgpu-flat-work-group-size")) == Some("1,1")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uniform(src: &str) -> Vec<bool> {
        let m = crate::parse_module("t.ll", src).unwrap().0;
        let f = m.func_by_name("k").unwrap();
        (0..2).map(|i| GpuFamily::of_module(&m).is_some_and(|g| param_is_launch_uniform(&m, g, f, i))).collect()
    }

    #[test]
    fn kernel_and_inreg_arguments_are_uniform_on_known_gpus() {
        let amd = "target triple = \"amdgcn-amd-amdhsa\"\n";
        let nv = "target triple = \"nvptx64-nvidia-cuda\"\n";
        let kernel = "define amdgpu_kernel void @k(i32 %a, i32 %b) {\n  ret void\n}\n";
        let shader = "define amdgpu_ps void @k(i32 inreg %a, i32 %b) {\n  ret void\n}\n";
        let ptx = "define ptx_kernel void @k(i32 %a, i32 %b) {\n  ret void\n}\n";
        let device = "define void @k(i32 inreg %a, i32 %b) {\n  ret void\n}\n";
        assert_eq!(uniform(&format!("{amd}{kernel}")), [true, true]);
        assert_eq!(uniform(&format!("{amd}{shader}")), [true, false]);
        assert_eq!(uniform(&format!("{nv}{ptx}")), [true, true]);
        assert_eq!(uniform(&format!("{nv}{device}")), [false, false]);
        assert_eq!(uniform(kernel), [false, false], "no triple: nothing is known");
        assert_eq!(uniform(&format!("target triple = \"x86_64-unknown-linux-gnu\"\n{kernel}")), [false, false]);
    }

    #[test]
    fn families_of_triples() {
        assert_eq!(GpuFamily::of_triple("amdgcn-amd-amdhsa"), Some(GpuFamily::Amdgpu));
        assert_eq!(GpuFamily::of_triple("r600--"), Some(GpuFamily::Amdgpu));
        assert_eq!(GpuFamily::of_triple("nvptx64-nvidia-cuda"), Some(GpuFamily::Nvptx));
        assert_eq!(GpuFamily::of_triple("spir64-unknown-unknown"), None);
    }
}

//! What a launch gives every thread alike: which kernel arguments are the
//! same in all threads of the subgroup.
//!
//! The executor reads the target triple itself rather than asking the
//! legality crate: it is the independent judge of that crate's transforms,
//! so it owns its facts about targets, even where they overlap.

use opt_conv_ir::Module;

/// The GPU families whose launch conventions the executor knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Gpu {
    /// `amdgcn-*` (and the older `r600-*`).
    Amdgpu,
    /// `nvptx-*`, `nvptx64-*`.
    Nvptx,
}

impl Gpu {
    /// The family named by the module's `target triple`, if any.
    pub fn of_module(m: &Module) -> Option<Gpu> {
        let arch = m.triple_str()?.split('-').next()?;
        match arch {
            "amdgcn" | "r600" => Some(Gpu::Amdgpu),
            "nvptx" | "nvptx64" => Some(Gpu::Nvptx),
            _ => None,
        }
    }
}

/// Per parameter of `func`: whether the launch gives every thread the same
/// value. Kernel arguments are; on AMDGPU, so are `inreg` arguments (they
/// live in scalar registers). Without a known GPU target, none are
/// (arguments may differ per thread).
pub fn uniform_params(m: &Module, func: &str, n: usize) -> Vec<bool> {
    let gpu = Gpu::of_module(m);
    let decl = m.func_by_name(func).and_then(|f| m.func(f));
    (0..n)
        .map(|i| {
            let Some(d) = decl else { return false };
            match gpu {
                Some(Gpu::Amdgpu) => {
                    matches!(d.cconv.keyword(), Some("amdgpu_kernel" | "spir_kernel"))
                        || d.param_attrs.get(i).is_some_and(|a| a.has("inreg"))
                }
                Some(Gpu::Nvptx) => d.cconv.is_kernel(),
                None => false,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uniform(src: &str) -> Vec<bool> {
        let m = opt_conv_ir::parse_module("t.ll", src).unwrap().0;
        uniform_params(&m, "k", 2)
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
}

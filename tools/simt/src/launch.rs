//! What a launch gives every thread alike: which kernel arguments are the
//! same in all threads of the subgroup. The facts are the IR crate's
//! ([`opt_conv_ir::target`]): they are about targets, not about the
//! legality rules this executor judges.

use opt_conv_ir::Module;
use opt_conv_ir::target::{GpuFamily, param_is_launch_uniform};

/// Per parameter of `func`: whether the launch gives every thread the same
/// value. Without a known GPU target, none are (arguments may differ per
/// thread).
pub fn uniform_params(m: &Module, func: &str, n: usize) -> Vec<bool> {
    let gpu = GpuFamily::of_module(m);
    let f = m.func_by_name(func);
    (0..n).map(|i| matches!((gpu, f), (Some(g), Some(f)) if param_is_launch_uniform(m, g, f, i))).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn kernel_arguments_are_uniform_and_others_are_not() {
        let src = "target triple = \"amdgcn-amd-amdhsa\"\n\
                   define amdgpu_kernel void @k(i32 %a, i32 %b) {\n  ret void\n}\n\
                   define void @d(i32 inreg %a, i32 %b) {\n  ret void\n}\n";
        let m = opt_conv_ir::parse_module("t.ll", src).unwrap().0;
        assert_eq!(super::uniform_params(&m, "k", 2), [true, true]);
        assert_eq!(super::uniform_params(&m, "d", 2), [true, false]);
        assert_eq!(super::uniform_params(&m, "missing", 1), [false]);
    }
}

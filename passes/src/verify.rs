//! The `verify` pass and the verification used before and between passes.
//!
//! Verification is the IR verifier (structure, SSA, types) plus, once the
//! IR is sound, the convergence-control verifier.

use crate::pass::{ModuleCx, ModulePass, PassError};
use opt_conv_ir::{Changes, FuncId, Module, VerifyError};

/// Every problem in `m` in LLVM's order: function by function, then the
/// module-level rules (globals, aliases, module flags).
pub fn verify_all(m: &Module) -> Vec<VerifyError> {
    let misuses = opt_conv_ir::intrinsic_misuses(m);
    let mut errs: Vec<_> = m.functions().flat_map(|f| verify_function_checked(m, f, &misuses)).collect();
    errs.extend(opt_conv_ir::verify_module::verify_module_level(m));
    errs
}

/// Every problem in function `f`: the IR rules, then (if the CFG is sound
/// enough to analyse) the convergence-control rules.
pub fn verify_function_all(m: &Module, f: FuncId) -> Vec<VerifyError> {
    verify_function_checked(m, f, &opt_conv_ir::IntrinsicMisuses::default())
}

/// [`verify_function_all`], with the uses of intrinsics found in the whole
/// module (reported at the intrinsic's declaration, as LLVM does).
fn verify_function_checked(m: &Module, f: FuncId, misuses: &opt_conv_ir::IntrinsicMisuses) -> Vec<VerifyError> {
    let mut errs = opt_conv_ir::verify_function_with(m, f, misuses);
    if m.body(f).is_some_and(opt_conv_ir::is_structurally_sound) {
        errs.extend(opt_conv_legality::convergence::verify::verify_convergence(m, f));
    }
    errs
}

/// LLVM-style text: each message followed by the values it concerns.
pub fn render(_m: &Module, errs: &[VerifyError]) -> String {
    errs.iter().map(|e| e.to_string()).collect()
}

/// `verify`: fails the pipeline if the module is broken.
pub struct Verify;

impl ModulePass for Verify {
    fn name(&self) -> &'static str {
        "verify"
    }
    fn class_name(&self) -> &'static str {
        "VerifierPass"
    }
    fn is_verifier(&self) -> bool {
        true
    }
    fn run(&self, m: &mut Module, _cx: &mut ModuleCx<'_>) -> Result<Changes, PassError> {
        let errs = verify_all(m);
        if errs.is_empty() {
            Ok(Changes::NONE)
        } else {
            Err(PassError { message: format!("{}error: broken module found, compilation aborted", render(m, &errs)) })
        }
    }
}

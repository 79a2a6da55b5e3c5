//! Analysis printers (`print<domtree>`, `print<postdomtree>`, `print<cycles>`)
//! and `verify<cycles>`. Like opt's, they write to stderr.

use crate::pass::{FunctionCx, FunctionPass, PassError};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::analysis::print::{print_cycles_of, print_domtree_of};
use opt_conv_ir::{Changes, Function};

/// Which analysis a printer prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Printed {
    /// `print<domtree>`
    DomTree,
    /// `print<postdomtree>`
    PostDomTree,
    /// `print<cycles>`
    Cycles,
    /// `print<uniformity>`
    Uniformity,
}

/// An analysis printer pass.
pub struct Printer(pub Printed);

impl FunctionPass for Printer {
    fn handles_eh(&self) -> bool {
        true
    }
    fn read_only(&self) -> bool {
        true
    }
    fn needs_numbering(&self) -> bool {
        // Metadata only this body uses (`!llvm.loop`) is numbered from the
        // module, and an unnumbered self-referencing node cannot be
        // printed inline.
        self.0 == Printed::Uniformity
    }
    fn name(&self) -> &'static str {
        match self.0 {
            Printed::DomTree => "print<domtree>",
            Printed::PostDomTree => "print<postdomtree>",
            Printed::Cycles => "print<cycles>",
            Printed::Uniformity => "print<uniformity>",
        }
    }
    fn class_name(&self) -> &'static str {
        match self.0 {
            Printed::DomTree => "DominatorTreePrinterPass",
            Printed::PostDomTree => "PostDominatorTreePrinterPass",
            Printed::Cycles => "CycleInfoPrinterPass",
            Printed::Uniformity => "UniformityInfoPrinterPass",
        }
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let ui = (self.0 == Printed::Uniformity)
            .then(|| opt_conv_legality::uniformity(cx.module, cx.func, f, cx.options.uniformity));
        let text = match (self.0, &ui) {
            (Printed::DomTree, _) => print_domtree_of(cx.module, cx.func, f, false),
            (Printed::PostDomTree, _) => print_domtree_of(cx.module, cx.func, f, true),
            (Printed::Cycles, _) => print_cycles_of(cx.module, cx.func, f),
            (Printed::Uniformity, Some(ui)) => {
                opt_conv_legality::uniformity::print_uniformity_with(cx.module, cx.func, f, ui, cx.numbering)
            }
            (Printed::Uniformity, None) => unreachable!("computed above"),
        };
        cx.out.push_str(&text);
        Ok(Changes::NONE)
    }
}

/// `verify<cycles>`: checks the cycle forest's invariants.
pub struct VerifyCycles;

impl FunctionPass for VerifyCycles {
    fn handles_eh(&self) -> bool {
        true
    }
    fn read_only(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "verify<cycles>"
    }
    fn class_name(&self) -> &'static str {
        "CycleInfoVerifierPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let ci = f.cycles();
        ci.validate(&f.cfg())
            .map_err(|e| PassError { message: format!("CycleInfo of '{}' is invalid: {e}\n", cx.func_name()) })?;
        Ok(Changes::NONE)
    }
}

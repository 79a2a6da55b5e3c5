//! Analysis printers (`print<domtree>`, `print<postdomtree>`, `print<cycles>`),
//! the analysis checks `verify<cycles>`, `verify<domtree>` and
//! `verify<loops>`, and opt's `require<ANALYSIS>` / `invalidate<ANALYSIS>`
//! pipeline elements. Like opt's, the printers write to stderr.

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

/// `verify<domtree>`: the function's cached dominator tree is the one its
/// CFG has now (as LLVM's `DominatorTreeVerifierPass`, which compares with
/// a fresh computation).
pub struct VerifyDomTree;

impl FunctionPass for VerifyDomTree {
    fn handles_eh(&self) -> bool {
        true
    }
    fn read_only(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "verify<domtree>"
    }
    fn class_name(&self) -> &'static str {
        "DominatorTreeVerifierPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let cached = f.domtree();
        let fresh = opt_conv_ir::analysis::DomTree::compute(f);
        for b in f.layout().blocks() {
            if cached.contains(b) != fresh.contains(b) || cached.idom(b) != fresh.idom(b) {
                return Err(PassError {
                    message: format!(
                        "DominatorTree of '{}' is different from a freshly computed one at {}\n",
                        cx.func_name(),
                        crate::remarks::block_label(f, b)
                    ),
                });
            }
        }
        Ok(Changes::NONE)
    }
}

/// `verify<loops>`: the loops (the reducible cycles of the cycle forest,
/// from which every loop query here is answered) satisfy their invariants
/// and are those of the CFG as it is now.
pub struct VerifyLoops;

impl FunctionPass for VerifyLoops {
    fn handles_eh(&self) -> bool {
        true
    }
    fn read_only(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "verify<loops>"
    }
    fn class_name(&self) -> &'static str {
        "LoopVerifierPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let ci = f.cycles();
        ci.validate(&f.cfg())
            .map_err(|e| PassError { message: format!("LoopInfo of '{}' is invalid: {e}\n", cx.func_name()) })?;
        Ok(Changes::NONE)
    }
}

/// What `require<A>` or `invalidate<A>` asks of the analysis manager.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AnalysisRequest {
    /// `require<A>`: compute `A` now.
    Require,
    /// `invalidate<A>`: drop `A` (`invalidate<all>`: every analysis).
    Invalidate,
}

/// opt's `require<A>` and `invalidate<A>` at any level. They change no IR.
/// opt-conv computes each analysis when a pass asks for it and keeps it
/// only while the IR it describes is unchanged (`Function`'s analysis
/// cache and its epochs), so neither has anything to do: requiring an
/// analysis early or dropping it cannot change what a later pass sees.
pub struct AnalysisPass {
    /// Which of the two.
    pub request: AnalysisRequest,
}

impl AnalysisPass {
    fn names(&self) -> (&'static str, &'static str) {
        match self.request {
            AnalysisRequest::Require => ("require", "RequireAnalysisPass"),
            AnalysisRequest::Invalidate => ("invalidate", "InvalidateAnalysisPass"),
        }
    }
}

impl FunctionPass for AnalysisPass {
    fn handles_eh(&self) -> bool {
        true
    }
    fn read_only(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        self.names().0
    }
    fn class_name(&self) -> &'static str {
        self.names().1
    }
    fn run(&self, _f: &mut Function, _cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        Ok(Changes::NONE)
    }
}

impl crate::pass::ModulePass for AnalysisPass {
    fn name(&self) -> &'static str {
        self.names().0
    }
    fn class_name(&self) -> &'static str {
        self.names().1
    }
    fn run(&self, _m: &mut opt_conv_ir::Module, _cx: &mut crate::pass::ModuleCx<'_>) -> Result<Changes, PassError> {
        Ok(Changes::NONE)
    }
}

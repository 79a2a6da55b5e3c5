//! `print<uniformity>` in LLVM 22's format:
//!
//! ```text
//! UniformityInfo for function 'f':
//! DIVERGENT ARGUMENTS:              (if any)
//!   DIVERGENT: i32 %x
//! CYCLES ASSUMED DIVERGENT:         (if any)
//!   depth=1: entries(A B) C
//! CYCLES WITH DIVERGENT EXIT:       (if any)
//!   depth=1: entries(H)
//!
//! TEMPORAL DIVERGENCE LIST:         (if any)
//! Value         :  %v = ...
//! Used by       :  %u = ...
//! Outside cycle :depth=1: entries(H)
//!
//!
//! BLOCK entry
//! DEFINITIONS
//!   DIVERGENT:   %tid = call i32 @llvm.amdgcn.workitem.id.x()
//!                %c = icmp ...
//! TERMINATORS
//!   DIVERGENT:   br i1 %c, label %a, label %b
//! END BLOCK
//! ```
//!
//! or `ALL VALUES UNIFORM` when nothing is divergent. Unlike LLVM, whose
//! argument and cycle lists come out in hash order, ours are in argument
//! order and discovery order.

use super::UniformityInfo;
use opt_conv_ir::text::printer::Numbering;
use opt_conv_ir::text::{ModulePrinter, Slots};
use opt_conv_ir::{FuncId, Module};
use std::fmt::Write;

/// Renders the analysis of function `f` (body `body`) of `m`.
pub fn print_uniformity(m: &Module, f: FuncId, body: &opt_conv_ir::Function, ui: &UniformityInfo) -> String {
    let mut numbering = None;
    print_uniformity_with(m, f, body, ui, &mut numbering)
}

/// The same, numbering attribute groups and metadata with `numbering`,
/// computed and stored there if it is `None`. The numbering walks the whole
/// module: a caller printing many functions of an unchanged module keeps it
/// between them (linear rather than quadratic in the module).
pub fn print_uniformity_with(
    m: &Module,
    f: FuncId,
    body: &opt_conv_ir::Function,
    ui: &UniformityInfo,
    numbering: &mut Option<Numbering>,
) -> String {
    let mut out = String::new();
    let Some(d) = m.func(f) else { return out };
    let _ = writeln!(out, "UniformityInfo for function '{}':", d.name);
    if !ui.has_divergence() {
        out.push_str("ALL VALUES UNIFORM\n");
        return out;
    }
    let printer = match numbering.take() {
        Some(n) => ModulePrinter::with_numbering(m, n),
        None => ModulePrinter::new(m),
    };
    out.push_str(&render(m, body, ui, &printer));
    *numbering = Some(printer.into_numbering());
    out
}

fn render(m: &Module, body: &opt_conv_ir::Function, ui: &UniformityInfo, printer: &ModulePrinter<'_>) -> String {
    let mut out = String::new();
    let slots = Slots::new(body);
    let inst = |i| format!("  {}", printer.inst_to_string(body, &slots, i));
    let ci = &ui.cycles;
    let cycle = |c| ci.describe(c, &|b| slots.block_operand(b));
    let params = body.params();
    if (0..params.len()).any(|k| ui.is_divergent_param(k)) {
        out.push_str("DIVERGENT ARGUMENTS:\n");
        for (k, &p) in params.iter().enumerate() {
            if ui.is_divergent_param(k) {
                let mut name = String::new();
                printer.write_operand(&mut name, body, &slots, p);
                let _ = writeln!(out, "  DIVERGENT: {} {name}", m.types.display(body.dfg().value_type(p)));
            }
        }
    }
    if !ui.assumed_divergent_cycles().is_empty() {
        out.push_str("CYCLES ASSUMED DIVERGENT:\n");
        for &c in ui.assumed_divergent_cycles() {
            let _ = writeln!(out, "  {}", cycle(c));
        }
    }
    if !ui.divergent_exit_cycles().is_empty() {
        out.push_str("CYCLES WITH DIVERGENT EXIT:\n");
        for &c in ui.divergent_exit_cycles() {
            let _ = writeln!(out, "  {}", cycle(c));
        }
    }
    if !ui.temporal_divergence().is_empty() {
        out.push_str("\nTEMPORAL DIVERGENCE LIST:\n");
        for t in ui.temporal_divergence() {
            let _ = write!(
                out,
                "Value         :{}\nUsed by       :{}\nOutside cycle :{}\n\n",
                inst(t.def),
                inst(t.user),
                cycle(t.cycle)
            );
        }
    }
    for b in body.layout().blocks() {
        let _ = write!(out, "\nBLOCK {}\nDEFINITIONS\n", slots.block_operand(b));
        let mut terms = Vec::new();
        for i in body.block_insts(b) {
            if body.dfg().inst(i).is_terminator() {
                terms.push(i);
                continue;
            }
            let flag = if ui.is_divergent_inst(body, i) { "  DIVERGENT: " } else { "             " };
            let _ = writeln!(out, "{flag}{}", inst(i));
        }
        out.push_str("TERMINATORS\n");
        let flag = if ui.has_divergent_terminator(b) { "  DIVERGENT: " } else { "             " };
        for t in terms {
            let _ = writeln!(out, "{flag}{}", inst(t));
        }
        out.push_str("END BLOCK\n");
    }
    out
}

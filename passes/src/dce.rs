//! `dce`: removes dead instructions, as LLVM's ADCE does for instructions
//! (not control flow): everything is dead unless it has an effect (writes
//! memory, may unwind or not return, is a terminator) or a live instruction
//! uses its result. Unused token intrinsics are dead too: a token nothing
//! uses controls nothing, and the entry, anchor and loop intrinsics have no
//! other effect. So is an assumption of `true`. A convergent operation without effects whose result is
//! unused goes as well: no thread can observe what it would have computed.

use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::remarks::{Remark, RemarkKind};
use opt_conv_ir::edit::remove_inst;
use opt_conv_ir::effects::inst_effects;
use opt_conv_ir::{Changes, EntitySet, Function, Inst, Module};
use opt_conv_legality::convergence::intrinsic_kind;

/// The pass, under either of opt's names: `dce` (`DCEPass`) and `adce`
/// (`ADCEPass`) do the same here, but dumps name the pass as opt does.
pub struct Dce {
    /// `adce` rather than `dce`.
    pub aggressive: bool,
}

impl FunctionPass for Dce {
    fn name(&self) -> &'static str {
        if self.aggressive { "adce" } else { "dce" }
    }
    fn class_name(&self) -> &'static str {
        if self.aggressive { "ADCEPass" } else { "DCEPass" }
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let dead = dead_instructions(cx.module, f);
        if dead.is_empty() {
            return Ok(Changes::NONE);
        }
        let tokens = dead.iter().filter(|&&i| intrinsic_kind(cx.module, f, f.dfg().inst(i)).is_some()).count();
        for &i in &dead {
            remove_inst(f, i);
        }
        let message = format!(
            "removed {} dead instruction{}{}",
            dead.len(),
            if dead.len() == 1 { "" } else { "s" },
            if tokens > 0 {
                format!(" ({tokens} unused token intrinsic{})", if tokens == 1 { "" } else { "s" })
            } else {
                String::new()
            }
        );
        tracing::debug!(target: "opt_conv::dce", "{message}");
        cx.remarks.emit(Remark { kind: RemarkKind::Passed, pass: self.name(), function: name, block: None, message });
        Ok(Changes::INSTS)
    }
}

/// An `llvm.assume` of `true` without operand bundles: it says nothing, and
/// LLVM deletes it as dead.
fn assumes_true(m: &Module, f: &Function, d: &opt_conv_ir::InstData) -> bool {
    opt_conv_legality::convergence::callee_decl(m, f, d).is_some_and(|c| &*c.name == "llvm.assume")
        && d.call_info().is_some_and(|c| c.bundles.is_empty())
        && d.call_args().first().and_then(|&a| f.dfg().value_const(a)).and_then(|k| k.as_int()) == Some(1)
}

/// Instructions no live instruction depends on, in layout order. Liveness
/// flows from instructions with effects to the definitions of their operands
/// (a `convergencectrl` bundle operand is an operand like any other).
pub fn dead_instructions(m: &Module, f: &Function) -> Vec<Inst> {
    let dfg = f.dfg();
    let mut live: EntitySet<Inst> = EntitySet::new();
    let mut work: Vec<Inst> = Vec::new();
    for (_, i) in f.insts_in_order() {
        let d = dfg.inst(i);
        if d.is_terminator() || (!inst_effects(m, f, i).is_removable() && !assumes_true(m, f, d)) {
            live.insert(i);
            work.push(i);
        }
    }
    while let Some(i) = work.pop() {
        for &a in &dfg.inst(i).args {
            if let Some(d) = dfg.value_inst(a)
                && live.insert(d)
            {
                work.push(d);
            }
        }
    }
    f.insts_in_order().map(|(_, i)| i).filter(|&i| !live.contains(i)).collect()
}

//! Naming instructions and blocks in explanations, as the printer does
//! (`%sum`, `%3`, `%then`), so that a refusal reads like the IR.

use super::Oracle;
use crate::convergence::callee_decl;
use opt_conv_ir::text::Slots;
use opt_conv_ir::{Block, Function, Inst, Module};
use std::rc::Rc;

impl Oracle<'_> {
    fn slots(&self, f: &Function) -> Rc<Slots> {
        slots(f)
    }

    /// `%name` of a block.
    pub(super) fn block_name(&self, f: &Function, b: Block) -> String {
        block_name(f, b)
    }

    /// `%name` of an instruction's result, or `call to @callee` for a call
    /// without one, or the opcode; always followed by its block.
    pub(super) fn inst_name(&self, f: &Function, i: Inst) -> String {
        inst_name(self.m, f, i)
    }

    /// A list of instruction names: `%a, %b`.
    pub(super) fn inst_list(&self, f: &Function, insts: &[Inst]) -> String {
        let slots = self.slots(f);
        insts
            .iter()
            .map(|&i| match f.dfg().inst_result(i).and_then(|v| slots.value(v)) {
                Some(n) => format!("%{n}"),
                None => self.inst_name(f, i),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A list of block names: `%then, %else`.
    pub(super) fn block_list(&self, f: &Function, blocks: &[Block]) -> String {
        blocks.iter().map(|&b| self.block_name(f, b)).collect::<Vec<_>>().join(", ")
    }
}

fn slots(f: &Function) -> Rc<Slots> {
    // Numbering is linear in the function; compute it once per state of
    // the function, only when an explanation needs it.
    f.cached(opt_conv_ir::Changes::ALL, Slots::new)
}

/// `%name` of a block.
pub(super) fn block_name(f: &Function, b: Block) -> String {
    format!("%{}", slots(f).block(b))
}

/// `%name` of an instruction's result, or `the call to @callee`, or the
/// opcode; followed by its block.
pub(super) fn inst_name(m: &Module, f: &Function, i: Inst) -> String {
    let slots = slots(f);
    let dfg = f.dfg();
    let what = match dfg.inst_result(i).and_then(|v| slots.value(v)) {
        Some(n) => format!("%{n}"),
        None => {
            let d = dfg.inst(i);
            match callee_decl(m, f, d) {
                Some(c) => format!("the call to @{}", c.name),
                None => format!("the {}", d.opcode_name()),
            }
        }
    };
    match f.layout().inst_block(i) {
        Some(b) => format!("{what} (in {})", block_name(f, b)),
        None => what,
    }
}

//! Naming instructions and blocks in explanations, as the printer does
//! (`%sum`, `%3`, `%then`), so that a refusal reads like the IR.

use super::Oracle;
use crate::convergence::callee_decl;
use opt_conv_ir::text::Slots;
use opt_conv_ir::{Block, Function, Inst, Module, Value};
use std::sync::Arc;

/// How values and blocks are named: as printed, or by their own names
/// (see [`Oracle::explaining`]).
enum Names {
    Printed(Arc<Slots>),
    Own,
}

impl Names {
    fn of(f: &Function, exact: bool) -> Names {
        if exact { Names::Printed(slots(f)) } else { Names::Own }
    }

    fn value(&self, f: &Function, v: Value) -> Option<String> {
        match self {
            Names::Printed(s) => s.value(v).map(|n| format!("%{n}")),
            Names::Own => f.dfg().value_name(v).map(|n| format!("%{n}")),
        }
    }

    fn block(&self, f: &Function, b: Block) -> String {
        match self {
            Names::Printed(s) => format!("%{}", s.block(b)),
            Names::Own => match f.dfg().block_name(b) {
                Some(n) => format!("%{n}"),
                None => "an unnamed block".to_owned(),
            },
        }
    }
}

impl Oracle<'_> {
    fn names(&self, f: &Function) -> Names {
        Names::of(f, self.explain)
    }

    /// `%name` of a block.
    pub(super) fn block_name(&self, f: &Function, b: Block) -> String {
        self.names(f).block(f, b)
    }

    /// `%name` of an instruction's result, or `call to @callee` for a call
    /// without one, or the opcode; always followed by its block.
    pub(super) fn inst_name(&self, f: &Function, i: Inst) -> String {
        name_inst(self.m, f, i, &self.names(f))
    }

    /// A list of instruction names: `%a, %b`.
    pub(super) fn inst_list(&self, f: &Function, insts: &[Inst]) -> String {
        inst_list_as(self.m, f, insts, self.explain)
    }

    /// A list of block names: `%then, %else`.
    pub(super) fn block_list(&self, f: &Function, blocks: &[Block]) -> String {
        blocks.iter().map(|&b| self.block_name(f, b)).collect::<Vec<_>>().join(", ")
    }
}

fn slots(f: &Function) -> Arc<Slots> {
    // Numbering is linear in the function; compute it once per state of
    // the function, only when an explanation needs it.
    f.cached(opt_conv_ir::Changes::ALL, Slots::new)
}

/// `%name` of a block, as printed.
pub(super) fn block_name(f: &Function, b: Block) -> String {
    Names::of(f, true).block(f, b)
}

/// `%name` of a block: as printed if `exact`, else its own name (see
/// [`super::Oracle::explaining`]).
pub(super) fn block_name_as(f: &Function, b: Block, exact: bool) -> String {
    Names::of(f, exact).block(f, b)
}

/// `%name` of an instruction's result, or `the call to @callee`, or the
/// opcode; followed by its block; as printed.
pub(super) fn inst_name(m: &Module, f: &Function, i: Inst) -> String {
    name_inst(m, f, i, &Names::of(f, true))
}

/// [`inst_name`], by own names unless `exact` (see [`block_name_as`]).
pub(super) fn inst_name_as(m: &Module, f: &Function, i: Inst, exact: bool) -> String {
    name_inst(m, f, i, &Names::of(f, exact))
}

/// A list of instruction names, `%a, %b`, as printed if `exact`.
pub(super) fn inst_list_as(m: &Module, f: &Function, insts: &[Inst], exact: bool) -> String {
    let names = Names::of(f, exact);
    insts
        .iter()
        .map(|&i| match f.dfg().inst_result(i).and_then(|v| names.value(f, v)) {
            Some(n) => n,
            None => name_inst(m, f, i, &names),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn name_inst(m: &Module, f: &Function, i: Inst, names: &Names) -> String {
    let dfg = f.dfg();
    let what = match dfg.inst_result(i).and_then(|v| names.value(f, v)) {
        Some(n) => n,
        None => {
            let d = dfg.inst(i);
            match callee_decl(m, f, d) {
                Some(c) => format!("the call to @{}", c.name),
                None => format!("the {}", d.opcode_name()),
            }
        }
    };
    match f.layout().inst_block(i) {
        Some(b) => format!("{what} (in {})", names.block(f, b)),
        None => what,
    }
}

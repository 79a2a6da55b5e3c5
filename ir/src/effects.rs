//! What an instruction may do besides computing its result: read or write
//! memory, unwind, not return, trap. Passes use it to decide what they may
//! move, merge or delete; it reads the attributes LLVM would read
//! (`memory(...)`, `nounwind`, `willreturn`) on the call site and callee.

use crate::attrs::MemoryLocations;
use crate::dfg::ValueDef;
use crate::inst::InstKind;
use crate::module::Module;
use crate::{Function, Inst};

/// The effects of one instruction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Effects {
    /// May read memory.
    pub reads: bool,
    /// May write memory (or otherwise change state others can observe).
    pub writes: bool,
    /// May unwind.
    pub may_throw: bool,
    /// May fail to return (loop forever, exit, trap).
    pub may_not_return: bool,
    /// Has undefined behaviour on some operand values (division by zero).
    pub may_trap: bool,
}

impl Effects {
    /// Neither touches memory nor can fail: computing it is just computing
    /// its result.
    pub fn is_pure(&self) -> bool {
        *self == Effects::default()
    }

    /// Can be deleted when its result is unused.
    pub fn is_removable(&self) -> bool {
        !self.writes && !self.may_throw && !self.may_not_return
    }

    /// Always passes control to the next instruction (LLVM's
    /// `isGuaranteedToTransferExecutionToSuccessor`).
    pub fn transfers_execution(&self) -> bool {
        !self.may_throw && !self.may_not_return
    }
}

/// The effects of instruction `i` of `f` (whose declarations are in `m`).
pub fn inst_effects(m: &Module, f: &Function, i: Inst) -> Effects {
    let dfg = f.dfg();
    let d = dfg.inst(i);
    let state = Effects { reads: true, writes: true, ..Effects::default() };
    match &d.kind {
        InstKind::Binary { op, .. } => Effects { may_trap: op.may_trap(), ..Effects::default() },
        InstKind::Load { volatile, atomic, .. } => {
            Effects { reads: true, writes: *volatile || atomic.is_some(), ..Effects::default() }
        }
        InstKind::Store { .. } | InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } | InstKind::Fence { .. } => {
            state
        }
        InstKind::VaArg => state,
        InstKind::Call(ci) | InstKind::CallBr(ci) | InstKind::Invoke(ci) => {
            let callee = d.callee().map(|c| &dfg.value(c).def);
            if let Some(ValueDef::Asm(asm)) = callee {
                return if asm.side_effect { Effects { may_throw: asm.unwind, ..state } } else { Effects::default() };
            }
            let decl = dfg.direct_callee(i).and_then(|g| m.func(g));
            let has = |a: &str| ci.fn_attrs.has(a) || decl.is_some_and(|d| d.fn_attrs.has(a));
            let mut mem = MemoryLocations::of(&ci.fn_attrs);
            if let Some(d) = decl {
                mem = mem.intersect(MemoryLocations::of(&d.fn_attrs));
            }
            Effects {
                reads: mem.may_read(),
                // A terminator call is never deleted or moved as a plain value.
                writes: mem.may_write() || matches!(d.kind, InstKind::CallBr(_) | InstKind::Invoke(_)),
                may_throw: !has("nounwind"),
                may_not_return: !has("willreturn"),
                may_trap: false,
            }
        }
        _ if d.is_terminator() => state,
        // Pads receive the exception (or enter a funclet): they stay where
        // the unwinder lands, used or not.
        _ if d.is_eh_pad() => Effects { may_throw: true, ..state },
        _ => Effects::default(),
    }
}

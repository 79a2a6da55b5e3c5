//! What an instruction may do besides computing its result: read or write
//! memory, unwind, not return, trap. Passes use it to decide what they may
//! move, merge or delete; it reads the attributes LLVM would read
//! (`memory(...)`, `nounwind`, `willreturn`) on the call site and callee
//! (not on the declaration of an intrinsic whose attributes LLVM replaces
//! with its own and the tables here do not know:
//! [`crate::intrinsics::attrs_replaced_by_llvm`]).

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
                // Asm with side effects may also end the thread (`s_endpgm`,
                // turning lanes off): as for any call, LLVM counts on it
                // returning only with `willreturn` on the call.
                return if asm.side_effect {
                    Effects { may_throw: asm.unwind, may_not_return: !ci.fn_attrs.has("willreturn"), ..state }
                } else {
                    Effects::default()
                };
            }
            // What the callee's declaration says, but for an intrinsic LLVM
            // knows: LLVM replaces its attributes with its own, which are
            // either in the tables (for the families the parser does not
            // rewrite, here) or unknown (then the declaration promises
            // nothing).
            let (decl, llvm) = callee_attr_sources(m, f, i);
            let has = |a: &str| {
                ci.fn_attrs.has(a)
                    || decl.is_some_and(|d| d.fn_attrs.has(a))
                    || llvm.is_some_and(|l| l.split(' ').any(|t| t == a))
            };
            let mem = call_memory(m, f, i).unwrap_or(MemoryLocations::UNKNOWN);
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

/// Where a call's function attributes come from besides the call site:
/// the callee's declaration (unless LLVM replaces an intrinsic's attributes
/// with its own) and LLVM's own attributes of a known intrinsic.
fn callee_attr_sources<'m>(
    m: &'m Module,
    f: &Function,
    i: Inst,
) -> (Option<&'m crate::module::FuncDecl>, Option<&'static str>) {
    let decl = f.dfg().direct_callee(i).and_then(|g| m.func(g));
    let llvm = decl.and_then(|d| crate::intrinsics::llvm_function_attrs(&d.name));
    let decl = decl.filter(|d| llvm.is_none() && !crate::intrinsics::attrs_replaced_by_llvm(&d.name));
    (decl, llvm)
}

/// The memory a call (or `invoke`, `callbr`) `i` may access, per location,
/// as [`inst_effects`] reads it from the call site, the callee and LLVM's
/// tables; `None` for anything else (and for inline assembly).
pub fn call_memory(m: &Module, f: &Function, i: Inst) -> Option<MemoryLocations> {
    let d = f.dfg().inst(i);
    let (InstKind::Call(ci) | InstKind::CallBr(ci) | InstKind::Invoke(ci)) = &d.kind else { return None };
    if matches!(d.callee().map(|c| &f.dfg().value(c).def), Some(ValueDef::Asm(_))) {
        return None;
    }
    let (decl, llvm) = callee_attr_sources(m, f, i);
    let mut mem = MemoryLocations::of(&ci.fn_attrs);
    if let Some(d) = decl {
        mem = mem.intersect(MemoryLocations::of(&d.fn_attrs));
    }
    if let Some(l) = llvm {
        let payload = l.split_once("memory(").and_then(|(_, rest)| rest.split_once(')')).map(|(p, _)| p);
        mem = mem.intersect(payload.and_then(MemoryLocations::parse).unwrap_or(MemoryLocations::UNKNOWN));
    }
    Some(mem)
}

/// Whether `i` is a call that must stay right before its block's `ret`
/// (the verifier's rule): a `musttail` call, or a call of
/// `llvm.experimental.deoptimize`. Code motion that leaves the `ret`
/// behind, or gives the `ret` another block, breaks the module.
pub fn must_precede_ret(m: &Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    let InstKind::Call(ci) = &d.kind else { return false };
    ci.tail == crate::inst::TailKind::MustTail
        || f.dfg()
            .direct_callee(i)
            .and_then(|g| m.func(g))
            .is_some_and(|c| c.name.starts_with("llvm.experimental.deoptimize"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    /// The effects of the call to `@callee` in `@f`, with `@callee` declared
    /// as `decl` says.
    fn call_effects(decl: &str, call: &str) -> Effects {
        let src = format!("{decl}\ndefine void @f() {{\nentry:\n  {call}\n  ret void\n}}\n");
        let (m, _) = parse_module("effects.ll", &src).unwrap_or_else(|e| panic!("{e}"));
        let fid = m.func_by_name("f").unwrap();
        let f = m.body(fid).unwrap();
        let i = f.layout().first_inst(f.entry_block().unwrap()).unwrap();
        inst_effects(&m, f, i)
    }

    #[test]
    fn declarations_of_intrinsics_llvm_knows_promise_nothing() {
        // LLVM gives these its own attributes: `nocallback nounwind` for the
        // halt, `nounwind` for the trap; the declarations' promises go.
        let halt = call_effects(
            "declare void @llvm.amdgcn.s.sendmsghalt(i32 immarg, i32) nounwind willreturn memory(none)",
            "call void @llvm.amdgcn.s.sendmsghalt(i32 0, i32 0)",
        );
        assert!(halt.may_not_return && halt.writes && !halt.transfers_execution());
        let trap = call_effects(
            "declare void @llvm.debugtrap() nounwind willreturn memory(none)",
            "call void @llvm.debugtrap()",
        );
        assert!(trap.may_not_return && trap.writes);
        // Families whose attributes LLVM's table gives: those, not the declaration's.
        let mv = call_effects(
            "declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1 immarg) nounwind willreturn memory(none)",
            "call void @llvm.memmove.p0.p0.i64(ptr null, ptr null, i64 8, i1 false)",
        );
        assert!(mv.writes && mv.reads && mv.transfers_execution());
        let exp = call_effects("declare float @llvm.exp2.f32(float)", "%r = call float @llvm.exp2.f32(float 1.0)");
        assert!(exp.is_pure());
        // A call site's own attributes still count, as in LLVM.
        let site = call_effects(
            "declare void @llvm.debugtrap()",
            "call void @llvm.debugtrap() nounwind willreturn memory(none)",
        );
        assert!(site.is_pure());
        // A name LLVM does not know keeps what it declares.
        let made_up =
            call_effects("declare void @llvm.foo.bar() nounwind willreturn memory(none)", "call void @llvm.foo.bar()");
        assert!(made_up.is_pure());
    }
}

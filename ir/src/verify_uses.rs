//! Uses of intrinsics, as LLVM 22's verifier rules them. An intrinsic (a
//! function named `llvm.*`, known to LLVM or not) has no address: it may be
//! the callee of a call of its own type, and little else. Two rules follow:
//!
//! * each intrinsic with a use that takes its address is reported once,
//!   with that use ("Invalid user of intrinsic instruction!"). Uses inside
//!   metadata do not count, nor operands of a `clang.arc.attachedcall`
//!   bundle, nor operands (the intrinsic, or a bitcast or addrspacecast of
//!   it) of calls of the intrinsics LLVM treats like `llvm.assume`. Uses in
//!   constant expressions inside metadata are not looked at (LLVM counts
//!   them);
//! * every instruction operand that is itself an intrinsic, other than a
//!   call's callee or an attached-call bundle operand, is reported at the
//!   instruction (an assume-like call's operand too) ("Cannot take the address of an intrinsic!", in
//!   [`check_operand`]).

use crate::constant::{Const, ConstExpr, ConstKind};
use crate::entity::EntityRef;
use crate::inst::CastOp;
use crate::module::{FuncId, Global, Module};
use crate::verify::VerifyError;
use crate::{Function, Inst};
use rustc_hash::FxHashMap;

/// The bundle whose operands name functions without taking their address.
const ATTACHED_CALL: &str = "clang.arc.attachedcall";

/// Intrinsics whose calls LLVM ignores when asking whether a function's
/// address is taken (`IntrinsicInst::isAssumeLikeIntrinsic`).
const ASSUME_LIKE: &[&str] = &[
    "llvm.assume",
    "llvm.sideeffect",
    "llvm.pseudoprobe",
    "llvm.dbg.assign",
    "llvm.dbg.declare",
    "llvm.dbg.value",
    "llvm.dbg.label",
    "llvm.invariant.start",
    "llvm.invariant.end",
    "llvm.lifetime.start",
    "llvm.lifetime.end",
    "llvm.experimental.noalias.scope.decl",
    "llvm.objectsize",
    "llvm.ptr.annotation",
    "llvm.var.annotation",
];

fn is_assume_like(name: &str) -> bool {
    ASSUME_LIKE.iter().any(|k| name == *k || name.strip_prefix(k).is_some_and(|rest| rest.starts_with('.')))
}

/// The intrinsic `c` names, if it is one.
fn intrinsic_of(m: &Module, c: &Const) -> Option<FuncId> {
    match c.kind {
        ConstKind::Global(g) if m.func(g).is_some_and(|d| d.is_intrinsic()) => Some(g),
        _ => None,
    }
}

/// Calls `found(intrinsic, user)` for every intrinsic nested in `c` (not
/// `c` itself), `user` being the constant that holds it.
fn nested_intrinsics<'a>(m: &Module, c: &'a Const, found: &mut impl FnMut(FuncId, &'a Const)) {
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        let mut operand = |x: &'a Const, stack: &mut Vec<&'a Const>| match intrinsic_of(m, x) {
            Some(g) => found(g, c),
            None => stack.push(x),
        };
        match &c.kind {
            ConstKind::Aggregate(xs) => xs.iter().for_each(|x| operand(x, &mut stack)),
            ConstKind::Expr(e) => match &**e {
                ConstExpr::Cast(_, x) => operand(x, &mut stack),
                ConstExpr::Gep { base, indices, .. } => {
                    operand(base, &mut stack);
                    indices.iter().for_each(|x| operand(x, &mut stack));
                }
                ConstExpr::Binary(_, _, a, b) | ConstExpr::ExtractElement(a, b) => {
                    operand(a, &mut stack);
                    operand(b, &mut stack);
                }
            },
            _ => {}
        }
    }
}

/// What uses an intrinsic, for the message's note and its location.
enum User<'a> {
    /// A global (variable, alias, function) whose operand it is.
    Global(FuncId),
    /// A constant holding it, in a global's operand or an instruction's.
    Const(&'a Const, Option<(FuncId, Inst)>),
    /// An instruction.
    Inst(FuncId, Inst),
}

fn record<'a>(g: FuncId, u: User<'a>, first: &mut FxHashMap<FuncId, User<'a>>) {
    first.entry(g).or_insert(u);
}

/// Per intrinsic, the finding for a use of it that takes its address.
pub type IntrinsicMisuses = FxHashMap<FuncId, VerifyError>;

/// The first use taking the address of each intrinsic that has one, as a
/// finding located at the instruction, or else at the intrinsic.
pub fn intrinsic_misuses(m: &Module) -> IntrinsicMisuses {
    let mut first: FxHashMap<FuncId, User<'_>> = FxHashMap::default();
    // Operands of globals: initializers, aliasees and resolvers, a
    // function's personality, prefix and prologue.
    for (g, global) in m.globals.iter() {
        let consts: Vec<&Const> = match global {
            Global::Var(v) => v.init.iter().collect(),
            Global::Alias(a) => vec![&a.target],
            Global::Func(d) => [&d.personality, &d.prefix, &d.prologue].into_iter().flatten().collect(),
            Global::Undefined(_) => Vec::new(),
        };
        for c in consts {
            if let Some(i) = intrinsic_of(m, c) {
                record(i, User::Global(g), &mut first);
            }
            nested_intrinsics(m, c, &mut |i, u| record(i, User::Const(u, None), &mut first));
        }
    }
    // Operands of instructions.
    for fid in m.functions() {
        let Some(f) = m.body(fid) else { continue };
        let dfg = f.dfg();
        // Most functions have no constant naming an intrinsic: find the ones
        // that do among the function's values before walking its operands.
        let mut mentions = fixedbitset::FixedBitSet::with_capacity(dfg.num_values());
        for k in 0..dfg.num_values() {
            let v = crate::Value::new(k);
            if dfg.value_const(v).is_some_and(|c| mentions_intrinsic(m, c)) {
                mentions.insert(k);
            }
        }
        if mentions.is_clear() {
            continue;
        }
        for b in f.layout().blocks() {
            for i in f.layout().block_insts(b) {
                let d = dfg.inst(i);
                let callee = dfg.direct_callee(i).and_then(|g| m.func(g));
                let assume_like = callee.is_some_and(|c| is_assume_like(&c.name));
                for (k, &v) in d.args.iter().enumerate() {
                    if !mentions.contains(v.index()) {
                        continue;
                    }
                    let Some(c) = dfg.value_const(v) else { continue };
                    if let Some(g) = intrinsic_of(m, c) {
                        let own_type = d.call_info().is_some_and(|ci| m.func(g).is_some_and(|fd| fd.ty == ci.fn_ty));
                        let allowed = (k == 0 && own_type) || attached_call_operand(d, k) || assume_like;
                        if !allowed {
                            record(g, User::Inst(fid, i), &mut first);
                        }
                        continue;
                    }
                    // LLVM looks through a cast of the intrinsic whose
                    // users are all assume-like calls.
                    let plain_cast = matches!(&c.kind, ConstKind::Expr(e)
                        if matches!(&**e, ConstExpr::Cast(CastOp::BitCast | CastOp::AddrSpaceCast, x)
                            if intrinsic_of(m, x).is_some()));
                    if assume_like && plain_cast {
                        continue;
                    }
                    nested_intrinsics(m, c, &mut |g, u| record(g, User::Const(u, Some((fid, i))), &mut first));
                }
            }
        }
    }
    first.into_iter().map(|(g, u)| (g, finding(m, g, u))).collect()
}

/// Whether `c` is an intrinsic or holds one.
fn mentions_intrinsic(m: &Module, c: &Const) -> bool {
    if intrinsic_of(m, c).is_some() {
        return true;
    }
    if !matches!(c.kind, ConstKind::Aggregate(_) | ConstKind::Expr(_)) {
        return false;
    }
    let mut found = false;
    nested_intrinsics(m, c, &mut |_, _| found = true);
    found
}

/// Whether operand `k` of `d` belongs to a `clang.arc.attachedcall` bundle.
fn attached_call_operand(d: &crate::InstData, k: usize) -> bool {
    let Some(ci) = d.call_info() else { return false };
    (0..ci.bundles.len()).any(|b| ci.bundles[b].tag.as_ref() == ATTACHED_CALL && ci.bundle_range(b).contains(&k))
}

fn finding(m: &Module, g: FuncId, user: User<'_>) -> VerifyError {
    let printer = crate::text::ModulePrinter::new(m);
    let inst_text = |fid: FuncId, i: Inst| {
        let f: &Function = m.body(fid).expect("a body");
        format!("  {}", printer.inst_to_string(f, &crate::text::Slots::new(f), i))
    };
    let (func, inst, note) = match user {
        User::Global(u) => {
            let mut name = String::new();
            let _ = crate::text::names::write_ident(&mut name, m.globals[u].name());
            (g, None, format!("ptr @{name}"))
        }
        User::Const(c, at) => {
            let mut text = format!("{} ", m.types.display(c.ty));
            printer.write_const(&mut text, c);
            match at {
                Some((fid, i)) => (fid, Some(i), text),
                None => (g, None, text),
            }
        }
        User::Inst(fid, i) => (fid, Some(i), inst_text(fid, i)),
    };
    let block = inst.and_then(|i| m.body(func).and_then(|f| f.layout().inst_block(i)));
    VerifyError {
        md: None,
        func: Some(func),
        inst,
        block,
        message: "Invalid user of intrinsic instruction!".into(),
        notes: vec![note],
    }
}

/// LLVM's rule for an instruction's operands: an intrinsic may only be
/// the callee of a call, or an operand of an attached-call bundle.
pub(crate) fn check_operand(m: &Module, d: &crate::InstData, k: usize, c: &Const) -> Option<&'static str> {
    intrinsic_of(m, c)?;
    let callee = k == 0 && d.call_info().is_some();
    (!callee && !attached_call_operand(d, k)).then_some("Cannot take the address of an intrinsic!")
}

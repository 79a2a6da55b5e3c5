//! The IR verifier: structural and SSA rules, with LLVM's messages.
//!
//! Checks: every block ends in exactly one terminator and has no other;
//! phis are grouped at the top and have one entry per incoming edge; the
//! entry block has no predecessors; every operand is defined, and its
//! definition dominates the use (for a phi, the end of the incoming block);
//! only phis refer to themselves; operand types agree with the instruction.
//! All problems are collected, not just the first.

use crate::analysis::{Cfg, DomTree, FunctionAnalyses};
use crate::dfg::ValueDef;
use crate::inst::InstKind;
use crate::module::{FuncId, Module};
use crate::types::{Type, TypeData};
use crate::{Block, Function, Inst, Value};
use std::fmt;

pub use crate::verify_uses::{IntrinsicMisuses, intrinsic_misuses};

/// One verifier finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The function concerned (without `inst`: the global, an alias too).
    pub func: Option<FuncId>,
    /// The offending instruction, if any.
    pub inst: Option<Inst>,
    /// The offending block, if the problem is a block's.
    pub block: Option<Block>,
    /// The offending metadata node, for module-level findings.
    pub md: Option<crate::MdId>,
    /// LLVM's message.
    pub message: String,
    /// Extra lines LLVM prints after the message (instructions, cycles).
    pub notes: Vec<String>,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.message)?;
        for n in &self.notes {
            writeln!(f, "{n}")?;
        }
        Ok(())
    }
}

pub(crate) struct Ctx<'a> {
    pub(crate) m: &'a Module,
    pub(crate) fid: FuncId,
    pub(crate) f: &'a Function,
    pub(crate) errors: Vec<VerifyError>,
    /// Built on the first error only: numbering a module is not free.
    printer: Option<(crate::text::ModulePrinter<'a>, crate::text::Slots)>,
    /// Whether a call to `llvm.localescape` was seen (a function has one).
    localescape_seen: bool,
}

impl<'a> Ctx<'a> {
    fn printer(&mut self) -> &(crate::text::ModulePrinter<'a>, crate::text::Slots) {
        let (m, f) = (self.m, self.f);
        let fid = self.fid;
        self.printer.get_or_insert_with(|| {
            let mut p = crate::text::ModulePrinter::new(m);
            p.enter_function(fid);
            (p, crate::text::Slots::new(f))
        })
    }
    pub(crate) fn inst_text(&mut self, i: Inst) -> String {
        let f = self.f;
        let (p, s) = self.printer();
        format!("  {}", p.inst_to_string(f, s, i))
    }
    pub(crate) fn report(&mut self, i: Inst, msg: impl Into<String>) {
        let note = self.inst_text(i);
        self.errors.push(VerifyError {
            md: None,
            func: Some(self.fid),
            inst: Some(i),
            block: self.f.layout().inst_block(i),
            message: msg.into(),
            notes: vec![note],
        });
    }
    fn report_block(&mut self, b: Block, msg: impl Into<String>) {
        let name = self.printer().1.block_ref(b);
        self.errors.push(VerifyError {
            md: None,
            func: Some(self.fid),
            inst: None,
            block: Some(b),
            message: msg.into(),
            notes: vec![name],
        });
    }
    fn ty(&self, v: Value) -> Type {
        self.f.dfg().value_type(v)
    }
}

/// Verifies `m`: every function, then its module-level rules (LLVM's order).
pub fn verify_module(m: &Module) -> Result<(), Vec<VerifyError>> {
    let mut errors = Vec::new();
    let misuses = crate::verify_uses::intrinsic_misuses(m);
    for f in m.functions() {
        errors.extend(verify_function_with(m, f, &misuses));
    }
    errors.extend(crate::verify_module::verify_module_level(m));
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// Verifies one function (its declaration, and its body if it has one);
/// returns every problem found. The uses of an intrinsic elsewhere in the
/// module are checked only by [`verify_module`] and
/// [`verify_function_with`].
pub fn verify_function(m: &Module, fid: FuncId) -> Vec<VerifyError> {
    verify_function_with(m, fid, &IntrinsicMisuses::default())
}

/// [`verify_function`], reporting for an intrinsic the use of it that
/// `misuses` (from [`intrinsic_misuses`], computed once for the module)
/// holds, where LLVM reports it.
pub fn verify_function_with(m: &Module, fid: FuncId, misuses: &IntrinsicMisuses) -> Vec<VerifyError> {
    let misuse = misuses.get(&fid);
    // What every global value is held to comes first, as in LLVM.
    let mut errors = crate::verify_globals::global_value_errors(m, fid);
    // LLVM stops at the first problem of a declaration.
    let decl =
        crate::attr_rules::verify_decl_attrs(m, fid).or_else(|| decl_type_problem(m, fid)).or_else(|| misuse.cloned());
    errors.extend(decl);
    errors.extend(verify_body(m, fid));
    errors
}

/// Types only intrinsics may take or return: a parameter of metadata or
/// token type, a token result (LLVM's messages, and its order).
fn decl_type_problem(m: &Module, fid: FuncId) -> Option<VerifyError> {
    let d = m.func(fid)?;
    if d.is_intrinsic() {
        return None;
    }
    let (ret, params, _) = m.types.fn_sig(d.ty)?;
    let mut name = String::new();
    let _ = crate::text::names::write_ident(&mut name, &d.name);
    let mut notes = Vec::new();
    let mut message = None;
    for (k, &p) in params.iter().enumerate() {
        let what = match p {
            Type::METADATA => "metadata",
            _ if m.types.is_token_like(p) => "token",
            _ => continue,
        };
        message = Some(format!("Function takes {what} but isn't an intrinsic"));
        notes.push(format!("{} {}", m.types.display(p), param_ref(m, fid, k)));
        break;
    }
    if message.is_none() && m.types.is_token_like(ret) {
        message = Some("Function returns a token but isn't an intrinsic".to_owned());
    }
    notes.push(format!("ptr @{name}"));
    Some(VerifyError { md: None, func: Some(fid), inst: None, block: None, message: message?, notes })
}

/// How LLVM names parameter `k` of function `fid` (`%name`, or its number
/// among the unnamed ones).
fn param_ref(m: &Module, fid: FuncId, k: usize) -> String {
    let Some(f) = m.body(fid) else { return format!("%{k}") };
    let slots = crate::text::Slots::new(f);
    f.params().get(k).and_then(|&v| slots.value(v)).map_or_else(|| format!("%{k}"), |n| format!("%{n}"))
}

/// Whether a body failed only in ways that leave its CFG usable (every
/// block ends in one terminator, every successor is in the function).
pub fn is_structurally_sound(f: &Function) -> bool {
    f.entry_block().is_some()
        && f.layout().blocks().all(|b| {
            let n = f.layout().block_len(b);
            n > 0
                && f.layout().block_insts(b).enumerate().all(|(k, i)| {
                    let d = f.dfg().inst(i);
                    d.is_terminator() == (k + 1 == n) && d.successors().iter().all(|&s| f.layout().is_block_inserted(s))
                })
        })
}

fn verify_body(m: &Module, fid: FuncId) -> Vec<VerifyError> {
    let Some(f) = m.body(fid) else { return Vec::new() };
    let mut cx = Ctx { m, fid, f, errors: Vec::new(), printer: None, localescape_seen: false };
    let Some(entry) = f.entry_block() else {
        cx.errors.push(VerifyError {
            md: None,
            func: Some(fid),
            inst: None,
            block: None,
            message: "Function has no basic blocks".into(),
            notes: vec![],
        });
        return cx.errors;
    };
    // Structure first: later checks assume terminators and phis are in place.
    let mut structural_ok = true;
    for b in f.layout().blocks() {
        let mut seen_non_phi = false;
        let n = f.layout().block_len(b);
        if n == 0 {
            cx.report_block(b, "Basic Block does not have terminator!");
            structural_ok = false;
            continue;
        }
        for (k, i) in f.layout().block_insts(b).enumerate() {
            let d = f.dfg().inst(i);
            if d.is_terminator() && k + 1 != n {
                cx.report(i, "Terminator found in the middle of a basic block!");
                structural_ok = false;
            }
            if k + 1 == n && !d.is_terminator() {
                cx.report_block(b, "Basic Block does not have terminator!");
                structural_ok = false;
            }
            if d.is_phi() {
                if seen_non_phi {
                    cx.report(i, "PHI nodes not grouped at top of basic block!");
                }
            } else {
                seen_non_phi = true;
            }
            for &s in d.successors() {
                if !f.layout().is_block_inserted(s) {
                    cx.report(i, "Referring to a basic block in another function!");
                    structural_ok = false;
                }
            }
        }
    }
    if !structural_ok {
        return cx.errors;
    }
    let cfg = f.cfg();
    let dt = f.domtree();
    if !cfg.preds(entry).is_empty() {
        cx.report_block(entry, "Entry block to function must not have predecessors!");
    }
    let mut eh = crate::verify_eh::EhState::default();
    for b in f.layout().blocks() {
        for i in f.layout().block_insts(b) {
            check_inst(&mut cx, &cfg, &dt, b, i);
            if let Some(msg) = f
                .dfg()
                .inst(i)
                .call_info()
                .and_then(|ci| crate::attr_rules::call_fn_attr_problem(&m.types, &ci.fn_attrs))
            {
                cx.report(i, msg);
            }
            check_call_site_types(&mut cx, i);
            crate::verify_eh::check_eh(&mut cx, &cfg, &mut eh, b, i);
        }
    }
    cx.errors
}

fn check_inst(cx: &mut Ctx<'_>, cfg: &Cfg, dt: &DomTree, b: Block, i: Inst) {
    let f = cx.f;
    let dfg = f.dfg();
    let d = dfg.inst(i);
    // Phi entries against predecessors.
    if d.is_phi() && dfg.inst_result(i).is_some_and(|r| cx.m.types.is_token_like(dfg.value_type(r))) {
        cx.report(i, "PHI nodes cannot have token type!");
        return;
    }
    if d.is_phi() {
        let mut preds: Vec<Block> = cfg.preds(b).to_vec();
        let mut inc: Vec<Block> = d.blocks.to_vec();
        if preds.len() != inc.len() {
            cx.report(i, "PHINode should have one entry for each predecessor of its parent basic block!");
            return;
        }
        preds.sort();
        inc.sort();
        if preds != inc {
            cx.report(i, "PHI node entries do not match predecessors!");
            return;
        }
        for (k, (&v1, &b1)) in d.args.iter().zip(&d.blocks).enumerate() {
            for (&v2, &b2) in d.args[k + 1..].iter().zip(&d.blocks[k + 1..]) {
                if b1 == b2 && v1 != v2 {
                    cx.report(
                        i,
                        "PHI node has multiple entries for the same basic block with different incoming values!",
                    );
                    return;
                }
            }
        }
        let rt = dfg.inst_result(i).map(|r| dfg.value_type(r));
        if d.args.iter().any(|&a| Some(dfg.value_type(a)) != rt) {
            cx.report(i, "PHI node operands are not the same type as the result!");
        }
    }
    // Operands: defined, dominating, not self-referential.
    let result = dfg.inst_result(i);
    for (k, &a) in d.args.iter().enumerate() {
        match &dfg.value(a).def {
            ValueDef::Placeholder => cx.report(i, "use of undefined value"),
            ValueDef::Inst(def) => {
                let def = *def;
                if Some(a) == result && !d.is_phi() {
                    // As LLVM: unreachable code may be self-referential.
                    if cfg.is_reachable(b) {
                        cx.report(i, "Only PHI nodes may reference their own value!");
                    }
                    continue;
                }
                let Some(db) = f.layout().inst_block(def) else {
                    cx.report(i, "Instruction referencing instruction not embedded in a basic block!");
                    continue;
                };
                // The point of use: for phis, the end of the incoming block.
                let (ub, at_end) = if d.is_phi() { (d.blocks[k], true) } else { (b, false) };
                if !cfg.is_reachable(ub) {
                    continue;
                }
                let ok = if let InstKind::Invoke(_) = dfg.inst(def).kind {
                    // An invoke's result exists only on its normal edge (a
                    // phi of the normal destination may take it along it).
                    let normal = dfg.inst(def).blocks[0];
                    (d.is_phi() && ub == db && b == normal)
                        || normal_edge_dominates(cfg, dt, db, &dfg.inst(def).blocks, ub)
                } else if db == ub {
                    at_end || f.layout().inst_precedes(def, i)
                } else {
                    dt.dominates(db, ub)
                };
                if !ok {
                    let use_text = cx.inst_text(i);
                    let def_text = cx.inst_text(def);
                    cx.errors.push(VerifyError {
                        md: None,
                        func: Some(cx.fid),
                        inst: Some(i),
                        block: Some(b),
                        message: "Instruction does not dominate all uses!".into(),
                        notes: vec![def_text, use_text],
                    });
                }
            }
            ValueDef::Asm(_) if !(d.call_info().is_some() && k == 0) => {
                cx.report(i, "inline asm can only be called");
            }
            ValueDef::Md(_) if d.call_info().is_none() => cx.report(i, "metadata operands are only allowed on calls"),
            ValueDef::Const(c) => {
                if let Some(msg) = crate::verify_uses::check_operand(cx.m, d, k, c) {
                    cx.report(i, msg);
                }
            }
            _ => {}
        }
    }
    check_types(cx, b, i);
}

/// What LLVM checks of a call site's types beyond their agreement with the
/// signature: its attributes fit the types they are on, only a direct call
/// of an intrinsic passes metadata or tokens as parameters, and only a
/// direct call returns a token.
fn check_call_site_types(cx: &mut Ctx<'_>, i: Inst) {
    let (m, f) = (cx.m, cx.f);
    let dfg = f.dfg();
    let d = dfg.inst(i);
    let Some(ci) = d.call_info() else { return };
    let callee = dfg.direct_callee(i).and_then(|g| m.func(g));
    let arg_tys: Vec<Type> = d.call_args().iter().map(|&v| dfg.value_type(v)).collect();
    for msg in crate::attr_rules::call_attr_problems(m, ci, &arg_tys, callee) {
        cx.report(i, msg);
    }
    if callee.is_none()
        && let Some((ret, _, _)) = m.types.fn_sig(ci.fn_ty)
        && m.types.is_token_like(ret)
    {
        cx.report(i, "Return type cannot be token for indirect call!");
    }
    if !callee.is_some_and(|c| c.is_intrinsic())
        && let Some((_, params, _)) = m.types.fn_sig(ci.fn_ty)
    {
        for &p in params {
            match p {
                Type::METADATA => cx.report(i, "Function has metadata parameter but isn't an intrinsic"),
                _ if m.types.is_token_like(p) => cx.report(i, "Function has token parameter but isn't an intrinsic"),
                _ => continue,
            }
            break;
        }
    }
}

/// Rules of particular calls (LLVM's messages): `va_start` only in a
/// function with variable arguments, one `llvm.localescape` per function,
/// a `musttail` call's rules (`verify_musttail`), and
/// a call of `llvm.experimental.deoptimize` followed by a `ret` of its result.
fn check_call_rules(cx: &mut Ctx<'_>, i: Inst) {
    let (m, f) = (cx.m, cx.f);
    let dfg = f.dfg();
    let d = dfg.inst(i);
    let Some(ci) = d.call_info() else { return };
    if let Some(decl) = dfg.direct_callee(i).and_then(|g| m.func(g)) {
        let name = &*decl.name;
        if name == "llvm.va_start" || name.starts_with("llvm.va_start.") {
            let varargs = m.func(cx.fid).and_then(|fd| m.types.fn_sig(fd.ty)).is_some_and(|(_, _, va)| va);
            if !varargs {
                // LLVM names no instruction for this one.
                cx.errors.push(VerifyError {
                    func: Some(cx.fid),
                    inst: Some(i),
                    block: f.layout().inst_block(i),
                    message: "va_start called in a non-varargs function".into(),
                    notes: vec![],
                    md: None,
                });
            }
        }
        if name.starts_with("llvm.experimental.deoptimize") && matches!(d.kind, InstKind::Call(_)) {
            check_deoptimize_return(cx, i);
        }
        if name == "llvm.localescape" {
            if cx.localescape_seen {
                cx.report(i, "multiple calls to llvm.localescape in one function");
            }
            cx.localescape_seen = true;
        }
    }
    if ci.tail == crate::inst::TailKind::MustTail && matches!(d.kind, InstKind::Call(_)) {
        crate::verify_musttail::check(cx, i, ci);
    }
}

/// A call of `llvm.experimental.deoptimize` ends its function: the next
/// instruction is a `ret`, of the call's value unless it is void (LLVM's
/// rule, so that passes never separate the two; LLVM names no instruction).
fn check_deoptimize_return(cx: &mut Ctx<'_>, i: Inst) {
    let dfg = cx.f.dfg();
    let result = dfg.inst_result(i).filter(|&r| dfg.value_type(r) != Type::VOID);
    let message = match cx.f.layout().next_inst(i).map(|n| dfg.inst(n)) {
        Some(n) if matches!(n.kind, InstKind::Ret) => match result {
            Some(r) if n.args.first() != Some(&r) => {
                "calls to experimental_deoptimize must be followed by a return of the value computed by \
                 experimental_deoptimize"
            }
            _ => return,
        },
        _ => "calls to experimental_deoptimize must be followed by a return",
    };
    let (fid, block) = (cx.fid, cx.f.layout().inst_block(i));
    cx.errors.push(VerifyError {
        func: Some(fid),
        inst: Some(i),
        block,
        message: message.into(),
        notes: vec![],
        md: None,
    });
}

/// Whether the edge from `from` to `succs[0]` (an invoke's normal edge)
/// dominates block `ub`: LLVM's edge dominance, for the one edge that
/// carries the invoke's result.
fn normal_edge_dominates(cfg: &Cfg, dt: &DomTree, from: Block, succs: &[Block], ub: Block) -> bool {
    let normal = succs[0];
    if succs[1..].contains(&normal) || !dt.dominates(normal, ub) {
        return false;
    }
    // Every other way into `normal` must come from inside it (a back edge).
    cfg.preds(normal).iter().all(|&p| p == from || dt.dominates(normal, p))
}

fn check_types(cx: &mut Ctx<'_>, _b: Block, i: Inst) {
    let m = cx.m;
    let f = cx.f;
    let dfg = f.dfg();
    let d = dfg.inst(i);
    let rt = dfg.inst_result(i).map(|r| dfg.value_type(r));
    let a = &d.args;
    let t = &m.types;
    let msg: Option<&str> = match &d.kind {
        InstKind::Binary { op, .. } => {
            let ty = cx.ty(a[0]);
            let sc = t.scalar(ty);
            let ok_kind = if op.is_float() { t.is_float(sc) } else { t.is_int(sc) };
            (cx.ty(a[1]) != ty || Some(ty) != rt || !ok_kind)
                .then_some("Both operands to a binary operator are not of the same type!")
        }
        InstKind::ICmp { .. } | InstKind::FCmp { .. } => {
            (cx.ty(a[0]) != cx.ty(a[1])).then_some("Both operands to ICmp instruction are not of the same type!")
        }
        InstKind::Select { .. } => (cx.ty(a[1]) != cx.ty(a[2]) || Some(cx.ty(a[1])) != rt)
            .then_some("Invalid operands for select instruction!"),
        InstKind::Br if a.len() == 1 => (cx.ty(a[0]) != Type::I1).then_some("Branch condition is not 'i1' type!"),
        InstKind::Ret => {
            let ret = m.func(cx.fid).and_then(|dcl| t.fn_sig(dcl.ty)).map_or(Type::VOID, |s| s.0);
            match a.first() {
                None => (ret != Type::VOID)
                    .then_some("Found return instr that returns non-void in Function of void return type!"),
                Some(&v) => {
                    (cx.ty(v) != ret).then_some("Function return type does not match operand type of return inst!")
                }
            }
        }
        InstKind::Switch => {
            let ct = cx.ty(a[0]);
            a[1..].iter().any(|&c| cx.ty(c) != ct).then_some("Switch constants must all be same type as switch value!")
        }
        InstKind::Alloca { ty, .. } => {
            if !t.is_sized(*ty) {
                Some("Cannot allocate unsized type")
            } else if t.contains_target_ext(*ty, |d| !d.can_be_local) {
                Some("Alloca has illegal target extension type")
            } else {
                None
            }
        }
        InstKind::Load { .. } => {
            if !t.is_ptr(cx.ty(a[0])) {
                Some("Load operand must be a pointer.")
            } else if rt.is_some_and(|r| !t.is_sized(r)) {
                Some("loading unsized types is not allowed")
            } else {
                None
            }
        }
        InstKind::Store { .. } => {
            if !t.is_ptr(cx.ty(a[1])) {
                Some("Store operand must be a pointer.")
            } else if !t.is_sized(cx.ty(a[0])) {
                Some("storing unsized types is not allowed")
            } else {
                None
            }
        }
        InstKind::Call(c) | InstKind::CallBr(c) | InstKind::Invoke(c) => {
            let (ret, params, varargs) = t.fn_sig(c.fn_ty).unwrap_or((Type::VOID, &[], false));
            let args = d.call_args();
            if (!varargs && args.len() != params.len()) || args.len() < params.len() {
                Some("Incorrect number of arguments passed to called function!")
            } else if params.iter().zip(args).any(|(&p, &v)| cx.ty(v) != p) {
                Some("Call parameter type does not match function signature!")
            } else if rt.unwrap_or(Type::VOID) != ret {
                Some("Call return type does not match function signature!")
            } else if !t.is_ptr(cx.ty(a[0])) {
                Some("Called function must be a pointer!")
            } else if c.cconv.forbids_calls() {
                Some("calling convention does not permit calls")
            } else {
                None
            }
        }
        InstKind::Cast { .. } | InstKind::Freeze | InstKind::FNeg { .. } => None,
        _ => None,
    };
    if let Some(msg) = msg {
        cx.report(i, msg);
    } else if let Some((what, ty)) = match &d.kind {
        InstKind::Load { atomic: Some(_), .. } => rt.map(|r| ("load", r)),
        InstKind::Store { atomic: Some(_), .. } => Some(("store", cx.ty(a[0]))),
        _ => None,
    } {
        // An atomic access moves a scalar (or a vector of them) of a kind
        // the hardware can: not an aggregate or a target type.
        let sc = t.scalar(ty);
        if !(t.is_int(sc) || t.is_ptr(sc) || t.is_float(sc)) {
            let inst = cx.inst_text(i);
            cx.errors.push(VerifyError {
                md: None,
                func: Some(cx.fid),
                inst: Some(i),
                block: f.layout().inst_block(i),
                message: format!("atomic {what} operand must have integer, pointer, floating point, or vector type!"),
                notes: vec![format!(" {}", t.display(ty)), inst],
            });
        }
    }
    // LLVM 22: a lifetime marker names a whole alloca (or nothing). The old
    // form with a size operand is upgraded when LLVM reads it (looking
    // through casts, or dropping the marker), so only the new one is checked.
    if let Some(decl) = dfg.direct_callee(i).and_then(|g| m.func(g))
        && (decl.name.starts_with("llvm.lifetime.start") || decl.name.starts_with("llvm.lifetime.end"))
        && let [ptr] = *d.call_args()
    {
        let alloca = dfg.value_inst(ptr).is_some_and(|p| matches!(dfg.inst(p).kind, InstKind::Alloca { .. }));
        let poison = dfg.value_const(ptr).is_some_and(|c| c.kind == crate::ConstKind::Poison);
        if !alloca && !poison {
            cx.report(i, "llvm.lifetime.start/end can only be used on alloca or poison");
        }
    }
    check_call_rules(cx, i);
    if dfg.inst_md(i, "range").is_some()
        && !matches!(d.kind, InstKind::Load { .. } | InstKind::Call(_) | InstKind::Invoke(_))
    {
        cx.report(i, "Ranges are only for loads, calls and invokes!");
    }
    // Token values may only flow into calls (bundles, intrinsic arguments) and returns.
    if let Some(r) = dfg.inst_result(i)
        && matches!(t.get(dfg.value_type(r)), TypeData::Token)
        && !matches!(
            d.kind,
            InstKind::Call(_)
                | InstKind::CallBr(_)
                | InstKind::Invoke(_)
                | InstKind::Phi { .. }
                | InstKind::CleanupPad
                | InstKind::CatchPad
                | InstKind::CatchSwitch { .. }
        )
    {
        cx.report(i, "Invalid use of token type!");
    }
}

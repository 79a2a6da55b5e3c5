//! Redundant loads, as LLVM's jump threading removes them
//! (`simplifyPartiallyRedundantLoad`, with `FindAvailableLoadedValue`).
//!
//! A load that a branch or switch tests (directly, through a `freeze`, or
//! as the left operand of a compare with a constant) is replaced by the
//! value memory already holds at it, so that the edges on which that value
//! is a constant can be threaded:
//!
//! * **Fully redundant in its block.** Scanning up from the load (at most
//!   [`SCAN_LIMIT`] instructions) finds a load of the same address, a store
//!   to it, or a `memset` of it with constant byte and length, and nothing
//!   in between that may write the loaded memory: the load becomes that
//!   value (through a `bitcast`, `ptrtoint` or `inttoptr` when the types
//!   differ but have the same size).
//! * **Partially redundant.** When the scan reaches the top of the block,
//!   each predecessor is scanned from its end (and on through predecessors
//!   that are alone, within the same budget), the address translated through
//!   the block's phis. Where the value is available in some predecessors
//!   the load becomes a phi of the values found; one predecessor without it
//!   (falling through to the block) gets a new load, `<name>.pr`, at its
//!   end; several (or one that branches elsewhere too) are first redirected
//!   through a new block `<block>thread-pre-split` which holds the load.
//!
//! What may write the loaded memory is decided with
//! [`opt_conv_ir::analysis::alias`]: a store to an address that cannot
//! alias, a call that writes only memory its pointer arguments address
//! when none of them can alias, and instructions that write nothing are
//! passed; anything else stops the scan. Volatile and atomic loads are left
//! alone (LLVM also forwards to unordered atomic loads).
//!
//! A new load is code on a path where there was none: it is put only at
//! the end of a predecessor that branches only to the load's block, and
//! only if the load's address may be loaded there anyway (an alloca or a
//! global large and aligned enough) or every instruction before the load in
//! its block passes control on, so that the original load runs right after
//! it, at the same address with the same memory. The values merged keep the
//! metadata both loads promise (LLVM's `combineMetadataForCSE`).
//!
//! Convergence: loads are not convergent, and nothing here duplicates,
//! moves or deletes a convergent operation; the split block only forwards
//! to the load's block (no new branch, so every thread that reached the
//! block before reaches it along the same edges and meets the others
//! there): there is no question for the oracle.

use crate::remarks::{block_label, inst_label};
use opt_conv_ir::analysis::{FunctionAnalyses, alias};
use opt_conv_ir::constant::{ConstExpr, ConstKind};
use opt_conv_ir::dfg::ValueDef;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::inst::{Align, CastOp, FastMath, IntFlags};
use opt_conv_ir::metadata::MetadataSink;
use opt_conv_ir::module::Global;
use opt_conv_ir::{Block, Const, FuncId, Function, Inst, InstData, InstKind, MdId, Module, Name, Type, Value};

/// How many instructions (not counting debug intrinsics) a scan looks at,
/// as LLVM's `available-load-scan-limit`.
pub const SCAN_LIMIT: u32 = 6;

/// A value memory holds at a point.
#[derive(Clone, Debug, PartialEq)]
enum Avail {
    /// An existing value: a load's result (`cse` is that load) or a stored value.
    Value { v: Value, cse: Option<Inst> },
    /// A constant read from a `memset` or a stored constant.
    Const(Const),
}

/// What a scan up a block found.
enum Scan {
    /// The value, found at this instruction.
    Found(Avail),
    /// Something may write the memory, or the budget ran out.
    Stopped,
    /// The top of the block, with nothing in the way.
    Top,
}

/// An address with the casts (and all-zero `getelementptr`s) stripped.
#[derive(Clone, Debug, PartialEq)]
enum Addr {
    Value(Value),
    Const(Const),
}

/// What the load is compared with: its address, type and the scan's budget.
struct Query<'a> {
    m: &'a Module,
    fid: FuncId,
    /// The address, unstripped (alias questions strip it themselves).
    ptr: Value,
    addr: Addr,
    ty: Type,
}

/// Replaces the load `load` (a non-volatile, non-atomic load that a branch
/// tests) by the value available, or by a phi of the values available in
/// the predecessors of its block (see the module docs). Returns a remark
/// saying what was done, or `None` when nothing was.
pub fn simplify_redundant_load(m: &Module, fid: FuncId, f: &mut Function, load: Inst) -> Option<String> {
    let d = f.dfg().inst(load);
    let InstKind::Load { volatile: false, atomic: None, align } = &d.kind else { return None };
    let align = *align;
    let ptr = d.args[0];
    let r = d.result()?;
    let ty = f.dfg().value_type(r);
    let lb = f.layout().inst_block(load)?;
    // A block with one way in cannot be partially redundant (LLVM looks no
    // further, not even in the block).
    let cfg = f.cfg();
    let eh_pad = f.block_insts(lb).find(|&i| !f.dfg().inst(i).is_phi()).is_some_and(|i| f.dfg().inst(i).is_eh_pad());
    if cfg.preds(lb).len() == 1 || eh_pad {
        return None;
    }
    // An address computed in the block (but by a phi) is not there in the predecessors.
    let ptr_inst = f.dfg().value_inst(ptr);
    if let Some(pi) = ptr_inst
        && f.layout().inst_block(pi) == Some(lb)
        && !f.dfg().inst(pi).is_phi()
    {
        return None;
    }
    let q = Query { m, fid, ptr, addr: strip(f, ptr), ty };
    let mut budget = SCAN_LIMIT;
    let label = inst_label(f, load);
    match scan(&q, f, lb, f.layout().prev_inst(load), &mut budget) {
        Scan::Found(a) => {
            if let Avail::Value { cse: Some(k), .. } = a {
                combine_metadata(m, f, k, load, false);
            }
            let v = match a {
                Avail::Value { v, .. } if v == r => {
                    let p = Const::poison(ty);
                    f.dfg_mut_preserving_cfg().make_const(p)
                }
                Avail::Value { v, .. } => v,
                Avail::Const(c) => f.dfg_mut_preserving_cfg().make_const(c),
            };
            let dbg = f.dfg().inst_md(load, "dbg");
            let v = cast_to(m, f, v, ty, load, dbg);
            let mut repl = Replacements::new();
            repl.insert(r, v);
            repl.apply(f);
            remove_inst(f, load);
            return Some(format!(
                "replaced {label} by the value it loads, available earlier in {}",
                block_label(f, lb)
            ));
        }
        Scan::Stopped => return None,
        Scan::Top => {}
    }
    // Every predecessor, once, in LLVM's order (the reverse of the edges'
    // order in the layout).
    let mut preds: Vec<Block> = cfg.preds(lb).iter().rev().copied().collect();
    let edges = preds.clone();
    {
        let mut seen = Vec::new();
        preds.retain(|p| {
            let new = !seen.contains(p);
            seen.push(*p);
            new
        });
    }
    drop(cfg);
    let mut available: Vec<(Block, Avail)> = Vec::new();
    let mut one_unavailable = None;
    for &p in &preds {
        let pp = translate(f, ptr, lb, p);
        let pq = Query { m, fid, ptr: pp, addr: strip(f, pp), ty };
        let mut budget = SCAN_LIMIT;
        let mut cur = p;
        let mut found = None;
        loop {
            match scan(&pq, f, cur, f.layout().last_inst(cur), &mut budget) {
                Scan::Found(a) => {
                    found = Some(a);
                    break;
                }
                Scan::Stopped => break,
                Scan::Top if budget > 0 => match f.cfg().preds(cur) {
                    [single] => cur = *single,
                    _ => break,
                },
                Scan::Top => break,
            }
        }
        match found {
            Some(a) => available.push((p, a)),
            None => one_unavailable = Some(p),
        }
    }
    if available.is_empty() {
        return None;
    }
    // Unreachable predecessors (made so by this sweep's edits) may not see
    // the address; the sweep removes them before the load is tried again.
    let dt = f.domtree();
    if preds.iter().any(|&p| !dt.contains(p)) {
        return None;
    }
    drop(dt);
    let lb_name = block_label(f, lb);
    let mut inserted = None;
    if preds.len() != available.len() {
        let unavailable: Vec<Block> =
            edges.iter().copied().filter(|p| !available.iter().any(|(a, _)| a == p)).collect();
        let single = preds.len() == available.len() + 1
            && one_unavailable.is_some_and(|p| f.successors(p).len() == 1 && redirectable(f, p));
        if !unavailable.iter().all(|&p| redirectable(f, p)) {
            return None;
        }
        if !speculable(m, fid, f, load) {
            return None;
        }
        let into = if single {
            one_unavailable.expect("checked")
        } else {
            crate::cfg_edit::split_predecessors(f, lb, &unavailable, "thread-pre-split")
        };
        let at = f.terminator(into).expect("a predecessor has a terminator");
        let at_ptr = translate(f, ptr, lb, into);
        let ld = f
            .dfg_mut()
            .make_inst(InstData::new(InstKind::Load { align, volatile: false, atomic: None }, &[at_ptr], &[]), ty);
        f.layout_mut().insert_inst_before(ld, at);
        let nr = f.dfg().inst_result(ld).expect("a load has a result");
        let name = format!("{}.pr", f.dfg().value_name(r).unwrap_or(""));
        f.dfg_mut_preserving_cfg().set_value_name(nr, Some(&name));
        let md: Vec<(Name, MdId)> = f
            .dfg()
            .inst_metadata(load)
            .iter()
            .filter(|(k, _)| matches!(&**k, "dbg" | "tbaa" | "tbaa.struct" | "alias.scope" | "noalias"))
            .cloned()
            .collect();
        f.dfg_mut().set_all_inst_md(ld, md);
        available.push((into, Avail::Value { v: nr, cse: None }));
        inserted = Some(into);
    }
    // The phi, first in the block, one entry per edge in LLVM's order.
    let dbg = f.dfg().inst_md(load, "dbg");
    let mut values: Vec<(Block, Value)> = Vec::new();
    for (p, a) in &available {
        let v = match a {
            Avail::Value { v, .. } => *v,
            Avail::Const(c) => f.dfg_mut_preserving_cfg().make_const(c.clone()),
        };
        let v = if f.dfg().value_type(v) != ty {
            let t = f.terminator(*p).expect("a predecessor has a terminator");
            let loc = if f.successors(*p).len() == 1 { dbg } else { None };
            cast_to(m, f, v, ty, t, loc)
        } else {
            v
        };
        values.push((*p, v));
    }
    let order: Vec<Block> = f.cfg().preds(lb).iter().rev().copied().collect();
    let args: Vec<Value> =
        order.iter().map(|p| values.iter().find(|(b, _)| b == p).expect("a value per predecessor").1).collect();
    let phi = f.dfg_mut().make_inst(InstData::new(InstKind::Phi { fmf: FastMath::default() }, &args, &order), ty);
    match f.layout().first_inst(lb) {
        Some(first) => f.layout_mut().insert_inst_before(phi, first),
        None => f.layout_mut().append_inst(phi, lb),
    }
    let pr = f.dfg().inst_result(phi).expect("a phi has a result");
    let name = f.dfg().value_name(r).map(str::to_owned);
    f.dfg_mut_preserving_cfg().set_value_name(pr, name.as_deref());
    f.dfg_mut_preserving_cfg().set_value_name(r, None);
    f.dfg_mut().set_inst_md(phi, "dbg", dbg);
    for (_, a) in &available {
        if let Avail::Value { cse: Some(k), .. } = a {
            combine_metadata(m, f, *k, load, true);
        }
    }
    let mut repl = Replacements::new();
    repl.insert(r, pr);
    repl.apply(f);
    remove_inst(f, load);
    Some(match inserted {
        Some(p) => format!(
            "made {label} a phi of the values available in the predecessors of {lb_name}, loading it in {}",
            block_label(f, p)
        ),
        None => format!("made {label} a phi of the values available in the predecessors of {lb_name}"),
    })
}

/// Scans `b` upwards from `from` (inclusive; `None` is an empty scan) for
/// the value at `q`'s address, spending `budget`.
fn scan(q: &Query<'_>, f: &Function, b: Block, from: Option<Inst>, budget: &mut u32) -> Scan {
    let mut cur = from;
    while let Some(i) = cur {
        cur = f.layout().prev_inst(i);
        if pseudo(q.m, f, i) {
            continue;
        }
        if *budget == 0 {
            return Scan::Stopped;
        }
        *budget -= 1;
        if let Some(a) = available_at(q, f, i) {
            return Scan::Found(a);
        }
        if may_write(q, f, i) {
            return Scan::Stopped;
        }
    }
    debug_assert!(from.is_none_or(|i| f.layout().inst_block(i) == Some(b)));
    Scan::Top
}

/// Debug and pseudo-probe intrinsics, which scans do not count.
fn pseudo(m: &Module, f: &Function, i: Inst) -> bool {
    f.dfg()
        .direct_callee(i)
        .and_then(|g| m.func(g))
        .is_some_and(|d| d.name.starts_with("llvm.dbg.") || &*d.name == "llvm.pseudoprobe")
}

/// The value instruction `i` leaves at `q`'s address, if it is a load of
/// it, a store to it or a constant `memset` of it (LLVM's
/// `getAvailableLoadStore`).
fn available_at(q: &Query<'_>, f: &Function, i: Inst) -> Option<Avail> {
    let d = f.dfg().inst(i);
    match &d.kind {
        InstKind::Load { .. } => {
            let r = d.result()?;
            (equivalent(f, &strip(f, d.args[0]), &q.addr) && castable(q.m, f.dfg().value_type(r), q.ty))
                .then_some(Avail::Value { v: r, cse: Some(i) })
        }
        InstKind::Store { .. } => {
            if !equivalent(f, &strip(f, d.args[1]), &q.addr) {
                return None;
            }
            let v = d.args[0];
            let vty = f.dfg().value_type(v);
            if castable(q.m, vty, q.ty) {
                return Some(Avail::Value { v, cse: None });
            }
            // A stored integer constant read back narrower (little-endian).
            let c = f.dfg().value_const(v)?.as_int()?;
            let (sb, lb) = (q.m.types.int_bits(vty)?, q.m.types.int_bits(q.ty)?);
            (lb <= sb && lb % 8 == 0 && sb % 8 == 0 && !q.m.data_layout().is_big_endian())
                .then(|| Avail::Const(Const::int(&q.m.types, q.ty, c)))
        }
        InstKind::Call(_) => {
            let callee = f.dfg().direct_callee(i).and_then(|g| q.m.func(g))?;
            let args = d.call_args();
            if !callee.name.starts_with("llvm.memset.") || args.len() < 4 {
                return None;
            }
            let (dst, val, len) = (args[0], args[1], args[2]);
            let byte = f.dfg().value_const(val)?.as_int()?;
            let len = f.dfg().value_const(len)?.as_int()?;
            // The destination as written (LLVM does not strip it).
            if !equivalent(f, &Addr::Value(dst), &q.addr) && !equivalent(f, &value_addr(f, dst), &q.addr) {
                return None;
            }
            let bits = scalar_bits(q.m, q.ty)?;
            if len.checked_mul(8)? < u128::from(bits) || bits == 0 || bits > 128 {
                return None;
            }
            let mut splat: u128 = 0;
            let mut filled = 0;
            while filled < bits {
                splat |= (byte & 0xff) << filled;
                filled += 8;
            }
            let int_ty = if q.m.types.int_bits(q.ty) == Some(bits) {
                q.ty
            } else {
                q.m.types.find(&opt_conv_ir::types::TypeData::Int(bits))?
            };
            castable(q.m, int_ty, q.ty).then(|| Avail::Const(Const::int(&q.m.types, int_ty, splat)))
        }
        _ => None,
    }
}

/// Whether `i` may change the memory at `q`'s address (LLVM's
/// `mayWriteToMemory` refined by the alias analysis's mod/ref answer).
fn may_write(q: &Query<'_>, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    match &d.kind {
        InstKind::Br | InstKind::Switch => false,
        // A volatile (non-atomic) load only reads its own address.
        InstKind::Load { atomic: None, .. } => false,
        InstKind::Store { .. } => alias::may_alias(q.m, q.fid, f, d.args[1], q.ptr),
        InstKind::Call(_) => {
            if !opt_conv_ir::effects::inst_effects(q.m, f, i).writes {
                return false;
            }
            let Some(mem) = opt_conv_ir::effects::call_memory(q.m, f, i) else { return true };
            if mem.may_write_beyond_args() {
                return true;
            }
            if !mem.may_write_args() {
                return false;
            }
            d.call_args()
                .iter()
                .any(|&a| q.m.types.is_ptr(f.dfg().value_type(a)) && alias::may_alias(q.m, q.fid, f, a, q.ptr))
        }
        _ => d.is_terminator() || opt_conv_ir::effects::inst_effects(q.m, f, i).writes,
    }
}

/// `v` with pointer casts and all-zero `getelementptr`s stripped (LLVM's
/// `stripPointerCasts`), as an instruction result or argument, or as a constant.
fn strip(f: &Function, v: Value) -> Addr {
    let mut v = v;
    for _ in 0..32 {
        if let Some(c) = f.dfg().value_const(v) {
            return Addr::Const(strip_const(c));
        }
        let Some(i) = f.dfg().value_inst(v) else { break };
        let d = f.dfg().inst(i);
        let zero = |a: &Value| f.dfg().value_const(*a).is_some_and(|c| c.as_int() == Some(0));
        match &d.kind {
            InstKind::Cast { op: CastOp::BitCast | CastOp::AddrSpaceCast, .. } => v = d.args[0],
            InstKind::Gep { .. } if d.args[1..].iter().all(zero) => v = d.args[0],
            _ => break,
        }
    }
    Addr::Value(v)
}

fn strip_const(c: &Const) -> Const {
    let mut c = c;
    for _ in 0..32 {
        let ConstKind::Expr(e) = &c.kind else { break };
        match &**e {
            ConstExpr::Cast(CastOp::BitCast | CastOp::AddrSpaceCast, x) => c = x,
            ConstExpr::Gep { base, indices, .. } if indices.iter().all(|i| i.as_int() == Some(0)) => c = base,
            _ => break,
        }
    }
    c.clone()
}

/// `v` as an address, unstripped.
fn value_addr(f: &Function, v: Value) -> Addr {
    match f.dfg().value_const(v) {
        Some(c) => Addr::Const(c.clone()),
        None => Addr::Value(v),
    }
}

/// Whether two addresses are the same (LLVM's `AreEquivalentAddressValues`):
/// one value, one constant, or two identical casts, `getelementptr`s,
/// binary operations or phis of one block.
fn equivalent(f: &Function, a: &Addr, b: &Addr) -> bool {
    if a == b {
        return true;
    }
    let (Addr::Value(x), Addr::Value(y)) = (a, b) else { return false };
    let (Some(i), Some(j)) = (f.dfg().value_inst(*x), f.dfg().value_inst(*y)) else { return false };
    let (di, dj) = (f.dfg().inst(i), f.dfg().inst(j));
    let kind_ok = matches!(
        di.kind,
        InstKind::Cast { .. } | InstKind::Gep { .. } | InstKind::Binary { .. } | InstKind::Phi { .. }
    );
    kind_ok
        && di.kind == dj.kind
        && di.args == dj.args
        && di.blocks == dj.blocks
        && f.dfg().value_type(*x) == f.dfg().value_type(*y)
        && (!di.is_phi() || f.layout().inst_block(i) == f.layout().inst_block(j))
}

/// The size in bits of a scalar integer, floating-point or pointer type.
fn scalar_bits(m: &Module, t: Type) -> Option<u32> {
    let types = &m.types;
    if types.is_vector(t) || !(types.is_int(t) || types.is_float(t) || types.is_ptr(t)) {
        return None;
    }
    u32::try_from(m.data_layout().size_in_bits(types, t)).ok()
}

/// Whether a value of type `from` can stand for one of type `to` through a
/// `bitcast`, `ptrtoint` or `inttoptr` that changes no bit (LLVM's
/// `isBitOrNoopPointerCastable`, for scalars).
fn castable(m: &Module, from: Type, to: Type) -> bool {
    if from == to {
        return true;
    }
    let types = &m.types;
    let dl = m.data_layout();
    let addrspace = |t: Type| match types.get(t) {
        opt_conv_ir::types::TypeData::Ptr(a) => Some(*a),
        _ => None,
    };
    match (addrspace(from), addrspace(to)) {
        (Some(a), None) | (None, Some(a)) => {
            let other = if addrspace(from).is_some() { to } else { from };
            types.int_bits(other) == Some(dl.pointer_bits(a)) && !dl.is_non_integral(a)
        }
        (Some(_), Some(_)) => false,
        (None, None) => {
            let scalar = |t: Type| !types.is_vector(t) && (types.is_int(t) || types.is_float(t));
            scalar(from) && scalar(to) && dl.size_in_bits(types, from) == dl.size_in_bits(types, to)
        }
    }
}

/// `v` as type `ty`, through a cast inserted before `before` (with debug
/// location `dbg`) if its type differs.
fn cast_to(m: &Module, f: &mut Function, v: Value, ty: Type, before: Inst, dbg: Option<MdId>) -> Value {
    let from = f.dfg().value_type(v);
    if from == ty {
        return v;
    }
    let op = if m.types.is_ptr(from) {
        CastOp::PtrToInt
    } else if m.types.is_ptr(ty) {
        CastOp::IntToPtr
    } else {
        CastOp::BitCast
    };
    let kind = InstKind::Cast { op, flags: IntFlags::default(), fmf: FastMath::default() };
    let c = f.dfg_mut().make_inst(InstData::new(kind, &[v], &[]), ty);
    f.layout_mut().insert_inst_before(c, before);
    f.dfg_mut().set_inst_md(c, "dbg", dbg);
    f.dfg().inst_result(c).expect("a cast has a result")
}

/// `v` as seen from predecessor `p` of `b`: its incoming value if it is a
/// phi of `b` (LLVM's `DoPHITranslation`).
fn translate(f: &Function, v: Value, b: Block, p: Block) -> Value {
    f.dfg()
        .value_inst(v)
        .filter(|&i| f.dfg().inst(i).is_phi() && f.layout().inst_block(i) == Some(b))
        .and_then(|i| f.dfg().inst(i).incoming(p))
        .unwrap_or(v)
}

/// Whether `p` ends in a branch or switch, which can be pointed elsewhere.
fn redirectable(f: &Function, p: Block) -> bool {
    f.terminator(p).is_some_and(|t| matches!(f.dfg().inst(t).kind, InstKind::Br | InstKind::Switch))
}

/// Whether a copy of `load` may run at the end of a predecessor of its
/// block (LLVM's `CanSpeculateInto`): its address may be loaded anywhere
/// (an alloca or a global variable of sufficient size and alignment, the
/// address as written), or everything before it in its block passes
/// control on, so that it runs right after the copy.
fn speculable(m: &Module, fid: FuncId, f: &Function, load: Inst) -> bool {
    let d = f.dfg().inst(load);
    let InstKind::Load { align, .. } = &d.kind else { return false };
    let ty = f.dfg().inst_result(load).map(|r| f.dfg().value_type(r)).unwrap_or(Type::VOID);
    let dl = m.data_layout();
    let need = dl.store_size(&m.types, ty);
    let align = align.map_or(1, Align::bytes);
    let sanitized = m.func(fid).is_some_and(|d| {
        ["sanitize_address", "sanitize_thread", "sanitize_hwaddress"].iter().any(|a| d.fn_attrs.has(a))
    });
    let dereferenceable = !sanitized
        && match &f.dfg().value(d.args[0]).def {
            ValueDef::Inst(i) => match &f.dfg().inst(*i).kind {
                InstKind::Alloca { ty: aty, align: aal, .. } => {
                    let count = f.dfg().inst(*i).args.first().map(|&n| f.dfg().value_const(n).and_then(Const::as_int));
                    count.is_none_or(|c| c == Some(1))
                        && m.types.is_sized(*aty)
                        && dl.alloc_size(&m.types, *aty) >= need
                        && aal.map_or(1, Align::bytes) >= align
                }
                _ => false,
            },
            ValueDef::Const(c) => match &c.kind {
                ConstKind::Global(g) => match &m.globals[*g] {
                    Global::Var(v) => {
                        let weak = v.props.linkage.as_deref() == Some("extern_weak");
                        let galign = v.props.align.unwrap_or_else(|| dl.abi_align(&m.types, v.ty).bytes());
                        !weak
                            && v.props.thread_local.is_none()
                            && m.types.is_sized(v.ty)
                            && dl.store_size(&m.types, v.ty) >= need
                            && galign >= align
                    }
                    _ => false,
                },
                _ => false,
            },
            _ => false,
        };
    if dereferenceable {
        return true;
    }
    let mut cur = f.layout().prev_inst(load);
    while let Some(i) = cur {
        if !f.dfg().inst(i).is_phi() && !opt_conv_ir::effects::inst_effects(m, f, i).transfers_execution() {
            return false;
        }
        cur = f.layout().prev_inst(i);
    }
    true
}

/// Combines the metadata of load `keep` with that of load `other`, which
/// `keep`'s value replaces (LLVM's `combineMetadataForCSE`): what `keep`
/// promises about its value must hold for `other`'s uses too. `moves`: the
/// value stands for `other` on paths where `keep` did not run as such
/// (LLVM's `DoesKMove`), so promises about the access go as well unless
/// both make them. Kinds are kept when both have the same node (LLVM finds
/// the most general of two different `!tbaa`, `!range` and the like; we
/// drop them).
fn combine_metadata(m: &Module, f: &mut Function, keep: Inst, other: Inst, moves: bool) {
    let km = f.dfg().inst_metadata(keep).to_vec();
    let om = f.dfg().inst_metadata(other).to_vec();
    let get = |k: &str| om.iter().find(|(n, _)| &**n == k).map(|(_, id)| *id);
    let same = |a: MdId, b: Option<MdId>| {
        b.is_some_and(|b| {
            a == b
                || matches!((m.metadata.node(a), m.metadata.node(b)),
                    (Some(x), Some(y)) if !x.distinct && !y.distinct && x.body == y.body)
        })
    };
    let noundef = km.iter().any(|(n, _)| &**n == "noundef");
    let mut out: Vec<(Name, MdId)> = Vec::new();
    for (kind, a) in &km {
        let b = get(kind);
        let kept = match &**kind {
            "dbg" | "prof" | "mmra" | "memprof" | "callsite" | "preserve.access.index" | "DIAssignID" => true,
            "tbaa"
            | "alias.scope"
            | "noalias"
            | "mem.parallel_loop_access"
            | "llvm.access.group"
            | "noalias.addrspace" => !moves || same(*a, b),
            "range" | "nofpclass" | "align" => (!moves && noundef) || same(*a, b),
            "nonnull" => (!moves && noundef) || b.is_some(),
            "invariant.load" | "invariant.group" | "noundef" => !moves || b.is_some(),
            "dereferenceable" | "dereferenceable_or_null" => !moves || same(*a, b),
            "nontemporal" | "nosanitize" => b.is_some(),
            "fpmath" | "mem.cache_hint" => same(*a, b),
            _ => false,
        };
        if kept {
            out.push((kind.clone(), *a));
        }
    }
    if let Some(g) = get("invariant.group") {
        out.retain(|(n, _)| &**n != "invariant.group");
        out.push(("invariant.group".into(), g));
    }
    if out != km {
        f.dfg_mut_preserving_cfg().set_all_inst_md(keep, out);
    }
}

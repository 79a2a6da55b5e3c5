//! Running one thread until it finishes or must wait for others.
//!
//! Everything a thread can do alone happens here: arithmetic, memory, control
//! flow (with the per-cycle header counters that maximal convergence and
//! positions need), calls into defined functions. Calls to declarations are
//! in [`crate::calls`].

use crate::arith;
use crate::classes::Classes;
use crate::error::{Result, SimtError, ub, unsupported};
use crate::guide::Guide;
use crate::memory::{Memory, RegionKind};
use crate::program::Program;
use crate::thread::{Frame, Status, Thread};
use crate::typed::agg;
use crate::value::{Val, sext};
use opt_conv_ir::inst::{InstKind, RmwOp};
use opt_conv_ir::{Block, EntityRef, FuncId, Value};

/// Resource limits of a run.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Instructions per thread.
    pub fuel: u64,
    /// Call depth.
    pub max_depth: usize,
}

/// What the launch gives every thread alike.
#[derive(Copy, Clone, Debug)]
pub struct Launch {
    /// Threads in the subgroup.
    pub threads: u32,
    /// Size in bytes of each buffer (pointer arguments', shader resources').
    pub buffer_size: u64,
}

/// What a thread needs besides itself.
pub struct Ctx<'a, 'm> {
    /// The program.
    pub prog: &'a Program<'m>,
    /// Memory (shared and private regions).
    pub mem: &'a mut Memory,
    /// Converged classes.
    pub classes: &'a mut Classes,
    /// Limits.
    pub limits: Limits,
    /// The launch: threads in the subgroup, and the size of each buffer.
    pub launch: Launch,
    /// In a guided run, the run that chooses anchor groupings.
    pub guide: Option<&'a Guide>,
    /// How anchors are grouped (see [`crate::freedom`]).
    pub anchors: crate::freedom::AnchorGrouping,
    /// How `freeze` resolves poison.
    pub freeze: &'a crate::freedom::FreezeStrategy,
}

/// A new invocation of `func` with `args`.
pub fn new_frame(
    prog: &Program,
    func: FuncId,
    inv: crate::classes::ClassId,
    args: Vec<Val>,
    result_to: Option<Value>,
) -> Result<Frame> {
    let info = &prog.funcs[&func];
    let body = prog.body(func);
    let Some(entry) = body.entry_block() else {
        return Err(SimtError::Input(format!("@{} has no body", prog.name(func))));
    };
    let mut vals = info.consts.clone();
    let mut args = args;
    let takes_varargs = prog.module.func(func).and_then(|d| prog.module.types.fn_sig(d.ty)).is_some_and(|s| s.2);
    let varargs = if takes_varargs && args.len() > body.params().len() {
        args.split_off(body.params().len())
    } else {
        Vec::new()
    };
    if args.len() != body.params().len() {
        return Err(SimtError::Input(format!(
            "@{} takes {} arguments, got {}",
            prog.name(func),
            body.params().len(),
            args.len()
        )));
    }
    for (p, a) in body.params().iter().zip(args) {
        vals[p.index()] = a;
    }
    Ok(Frame {
        func,
        inv,
        block: entry,
        next: body.layout().first_inst(entry),
        at: 0,
        vals,
        iters: vec![0; info.cycles.len()],
        hearts: Default::default(),
        result_to,
        varargs,
    })
}

/// Runs `th` until it blocks, finishes, or fails.
pub fn run(ctx: &mut Ctx, th: &mut Thread) -> Result<()> {
    while matches!(th.status, Status::Running) {
        th.fuel += 1;
        if th.fuel > ctx.limits.fuel {
            let fr = th.top().ok_or_else(|| SimtError::Input("thread without frames".into()))?;
            return Err(SimtError::Limit(format!(
                "fuel exhausted after {} instructions in {}",
                ctx.limits.fuel,
                ctx.prog.where_(fr.func, fr.block)
            )));
        }
        let here = th.top().map(|fr| (fr.func, fr.block));
        step(ctx, th).map_err(|e| locate(ctx.prog, e, here))?;
    }
    Ok(())
}

/// Whether thread `th`, stuck for lack of fuel, would never leave its
/// current invocation nor do anything another thread could see, however
/// much fuel it got: run alone on a copy of its top frame for at most
/// `budget` instructions, it comes back to a block with the same values in
/// that frame, having executed only instructions whose effect is on that
/// frame alone (arithmetic, branches, loads from constant memory, freezes
/// of values without poison). From a repeated state it repeats forever:
/// those instructions read nothing else (no memory another thread may
/// write, no cycle counter). Anything else on the way (a call, a return, a
/// store, an alloca, a load of writable memory, a freeze of poison, an
/// error) leaves the answer open: false.
pub fn never_leaves(ctx: &mut Ctx, th: &Thread, budget: u64) -> bool {
    let Some(top) = th.frames.last() else { return false };
    let copy = Frame {
        func: top.func,
        inv: top.inv,
        block: top.block,
        next: top.next,
        at: top.at,
        vals: top.vals.clone(),
        iters: top.iters.clone(),
        hearts: top.hearts.clone(),
        result_to: None,
        varargs: top.varargs.clone(),
    };
    let mut probe = Thread {
        lane: th.lane,
        frames: vec![copy],
        status: Status::Running,
        events: Vec::new(),
        instances: Vec::new(),
        fuel: 0,
        controlled: Default::default(),
        guide_cursor: 0,
        anchor_taken: Vec::new(),
        paired_anchors: Default::default(),
        ended: None,
        freezes: Default::default(),
    };
    // Brent's cycle search over the states at block entries.
    let mut saved: Option<(Block, Vec<Val>)> = None;
    let (mut power, mut length) = (1u64, 0u64);
    for _ in 0..budget {
        let fr = &probe.frames[0];
        let Some(inst) = fr.next else { return false };
        let d = ctx.prog.body(fr.func).dfg().inst(inst);
        let arg = |i: usize| d.args.get(i).map(|a| &fr.vals[a.index()]);
        let local = match &d.kind {
            InstKind::Binary { .. }
            | InstKind::FNeg { .. }
            | InstKind::ICmp { .. }
            | InstKind::FCmp { .. }
            | InstKind::Select { .. }
            | InstKind::Cast { .. }
            | InstKind::Gep { .. }
            | InstKind::ExtractValue { .. }
            | InstKind::InsertValue { .. }
            | InstKind::ExtractElement
            | InstKind::InsertElement
            | InstKind::ShuffleVector
            | InstKind::Br
            | InstKind::Switch => true,
            InstKind::Freeze => arg(0).is_some_and(|v| !v.has_poison()),
            InstKind::Load { .. } => match arg(0) {
                Some(Val::Ptr(a)) => crate::memory::split(*a)
                    .is_some_and(|(r, _)| r < ctx.mem.regions().len() && ctx.mem.region(r).read_only),
                _ => false,
            },
            _ => false,
        };
        let entry = matches!(d.kind, InstKind::Br | InstKind::Switch);
        if !local || step(ctx, &mut probe).is_err() || probe.frames.len() != 1 {
            return false;
        }
        if !matches!(probe.status, Status::Running) {
            return false;
        }
        if entry {
            let fr = &probe.frames[0];
            if saved.as_ref().is_some_and(|(b, v)| *b == fr.block && *v == fr.vals) {
                return true;
            }
            length += 1;
            if saved.is_none() || length == power {
                saved = Some((fr.block, fr.vals.clone()));
                power = power.saturating_mul(2);
                length = 0;
            }
        }
    }
    false
}

/// Adds the block an error happened in, unless the message names one.
fn locate(prog: &Program, e: SimtError, here: Option<(FuncId, Block)>) -> SimtError {
    let Some((f, b)) = here else { return e };
    let add = |m: String| if m.contains(" in @") { m } else { format!("{m} in {}", prog.where_(f, b)) };
    match e {
        SimtError::Undefined(m) => SimtError::Undefined(add(m)),
        SimtError::Unsupported(m) => SimtError::Unsupported(add(m)),
        SimtError::Convergence(m) => SimtError::Convergence(add(m)),
        other => other,
    }
}

fn step(ctx: &mut Ctx, th: &mut Thread) -> Result<()> {
    let prog = ctx.prog;
    let fr = th.frames.last_mut().ok_or_else(|| SimtError::Input("thread without frames".into()))?;
    let body = prog.body(fr.func);
    let Some(inst) = fr.next else {
        return ub(format!("{} ends without a terminator", prog.where_(fr.func, fr.block)));
    };
    let info = &prog.funcs[&fr.func];
    fr.at = info.index[inst];
    fr.next = body.layout().next_inst(inst);
    let d = body.dfg().inst(inst);
    let dfg = body.dfg();
    let tcx = &prog.tcx;
    let arg = |fr: &Frame, i: usize| -> Val { fr.vals[d.args[i].index()].clone() };
    let ty = |v: Value| dfg.value_type(v);
    let result = match &d.kind {
        InstKind::Binary { op, flags, fmf } => {
            Some(arith::binary(tcx, *op, *flags, *fmf, &arg(fr, 0), &arg(fr, 1), ty(d.args[0]))?)
        }
        InstKind::FNeg { .. } => Some(arith::fneg(tcx, &arg(fr, 0), ty(d.args[0]))?),
        InstKind::ICmp { pred, flags } => {
            Some(arith::icmp(tcx, *pred, *flags, &arg(fr, 0), &arg(fr, 1), ty(d.args[0]))?)
        }
        InstKind::FCmp { pred, fmf } => Some(arith::fcmp(tcx, *pred, *fmf, &arg(fr, 0), &arg(fr, 1), ty(d.args[0]))?),
        InstKind::Select { .. } => Some(select(&arg(fr, 0), &arg(fr, 1), &arg(fr, 2))),
        InstKind::Freeze => {
            let v = arg(fr, 0);
            if v.has_poison() {
                let key: Option<std::rc::Rc<str>> =
                    d.result().and_then(|r| dfg.value_name(r)).map(|n| format!("@{}:%{n}", prog.name(fr.func)).into());
                let fill = ctx.freeze.fill(tcx, ty(d.args[0]), th.lane, &th.freezes, key.as_deref())?;
                let out = crate::freedom::resolve_poison(&v, &fill);
                th.freezes.push((key, out.clone()));
                Some(out)
            } else {
                Some(v)
            }
        }
        InstKind::Cast { op, flags, .. } => {
            let to = d.result().map_or(ty(d.args[0]), ty);
            Some(arith::cast(tcx, *op, *flags, &arg(fr, 0), ty(d.args[0]), to)?)
        }
        InstKind::Load { .. } => {
            let t = d.result().map_or(opt_conv_ir::Type::VOID, ty);
            let v = tcx.load(ctx.mem, pointer(&arg(fr, 0), "load")?, t)?;
            // A null pointer loaded where `!nonnull` says it is not is poison.
            let null = matches!(v, Val::Ptr(0));
            Some(if null && dfg.inst_md(inst, "nonnull").is_some() { Val::Poison } else { v })
        }
        InstKind::Store { .. } => {
            tcx.store(ctx.mem, pointer(&arg(fr, 1), "store")?, ty(d.args[0]), &arg(fr, 0))?;
            None
        }
        InstKind::Alloca { ty: t, .. } => {
            let count = match d.args.first().map(|a| fr.vals[a.index()].clone()) {
                None => 1,
                Some(Val::Int { v, bits }) => sext(v, bits).max(0) as u64,
                Some(_) => return ub("alloca with a poison element count"),
            };
            let name = format!("alloca in {} (thread {})", prog.where_(fr.func, fr.block), th.lane);
            let size = tcx.alloc_size(*t).saturating_mul(count);
            let r = ctx.mem.add(name, RegionKind::Alloca(th.lane), size, true)?;
            Some(Val::Ptr(crate::memory::addr(r, 0)))
        }
        InstKind::Gep { source, flags } => {
            let idx: Vec<(Val, opt_conv_ir::Type)> = (1..d.args.len()).map(|i| (arg(fr, i), ty(d.args[i]))).collect();
            Some(arith::gep(tcx, Some(ctx.mem), *source, *flags, &arg(fr, 0), &idx)?)
        }
        InstKind::ExtractValue { indices } => Some(extract(&arg(fr, 0), indices)),
        InstKind::InsertValue { indices } => Some(insert(&arg(fr, 0), indices, arg(fr, 1))),
        InstKind::ExtractElement => Some(match (arg(fr, 0), arg(fr, 1)) {
            (Val::Agg(es), Val::Int { v, .. }) => es.get(v as usize).cloned().unwrap_or(Val::Poison),
            _ => Val::Poison,
        }),
        InstKind::InsertElement => Some(match (arg(fr, 0), arg(fr, 2)) {
            (Val::Agg(es), Val::Int { v, .. }) if (v as usize) < es.len() => {
                let mut es = es.to_vec();
                es[v as usize] = arg(fr, 1);
                agg(es)
            }
            _ => tcx.poison(ty(d.args[0])),
        }),
        InstKind::ShuffleVector => Some(shuffle(&arg(fr, 0), &arg(fr, 1), &arg(fr, 2))),
        InstKind::AtomicRmw { op, .. } => {
            let p = pointer(&arg(fr, 0), "atomicrmw")?;
            let t = ty(d.args[1]);
            let old = tcx.load(ctx.mem, p, t)?;
            let new = rmw(tcx, *op, &old, &arg(fr, 1), t)?;
            tcx.store(ctx.mem, p, t, &new)?;
            Some(old)
        }
        InstKind::CmpXchg { .. } => {
            let p = pointer(&arg(fr, 0), "cmpxchg")?;
            let t = ty(d.args[1]);
            let old = tcx.load(ctx.mem, p, t)?;
            let expected = arg(fr, 1);
            if old.is_poison() || expected.is_poison() {
                return ub("cmpxchg comparing poison");
            }
            let ok = old == expected;
            if ok {
                tcx.store(ctx.mem, p, t, &arg(fr, 2))?;
            }
            Some(agg(vec![old, Val::bool(ok)]))
        }
        InstKind::Fence { .. } => None,
        InstKind::Phi { .. } => return ub(format!("phi after a non-phi in {}", prog.where_(fr.func, fr.block))),
        InstKind::Call(_) => return crate::calls::call(ctx, th, inst),
        InstKind::Ret => {
            let v = if d.args.is_empty() { Val::Void } else { arg(fr, 0) };
            return ret(th, v);
        }
        InstKind::Br => {
            let k = if d.args.is_empty() {
                0
            } else {
                match arg(fr, 0) {
                    Val::Int { v, .. } => usize::from(v == 0),
                    _ => return ub(format!("branch on poison in {}", prog.where_(fr.func, fr.block))),
                }
            };
            let Some(&target) = d.blocks.get(k) else {
                return unsupported(format!("malformed br in {}", prog.where_(fr.func, fr.block)));
            };
            return goto(prog, fr, target);
        }
        InstKind::Switch => {
            let c = arg(fr, 0);
            if c.is_poison() {
                return ub(format!("switch on poison in {}", prog.where_(fr.func, fr.block)));
            }
            let k = (1..d.args.len()).find(|&k| arg(fr, k) == c).unwrap_or(0);
            let Some(&target) = d.blocks.get(k) else {
                return unsupported(format!("malformed switch in {}", prog.where_(fr.func, fr.block)));
            };
            return goto(prog, fr, target);
        }
        InstKind::Unreachable => return ub(format!("reached unreachable in {}", prog.where_(fr.func, fr.block))),
        other => {
            let name = d.opcode_name();
            let _ = other;
            return unsupported(format!("instruction {name} in {}", prog.where_(fr.func, fr.block)));
        }
    };
    if let (Some(v), Some(r)) = (result, d.result()) {
        fr.vals[r.index()] = v;
    }
    Ok(())
}

/// The address in a pointer operand, or undefined behaviour.
pub fn pointer(v: &Val, what: &str) -> Result<u64> {
    match v {
        Val::Ptr(a) => Ok(*a),
        Val::Poison => ub(format!("{what} through a poison pointer")),
        other => unsupported(format!("{what} through non-pointer {other}")),
    }
}

/// Pops the top frame, delivering `v` to the caller (or finishing).
pub fn ret(th: &mut Thread, v: Val) -> Result<()> {
    let Some(fr) = th.frames.pop() else { return ub("return without a frame") };
    match th.frames.last_mut() {
        None => th.status = Status::Done(v),
        Some(caller) => {
            if let Some(r) = fr.result_to {
                caller.vals[r.index()] = v;
            }
        }
    }
    Ok(())
}

/// Follows the edge from the current block to `target`: updates the cycle
/// counters (leaving cycles resets them; entering a header counts an
/// iteration) and runs the target's phis, which all read the old values.
pub fn goto(prog: &Program, fr: &mut Frame, target: Block) -> Result<()> {
    let info = &prog.funcs[&fr.func];
    let body = prog.body(fr.func);
    let cycles = &info.cycles;
    let from = fr.block;
    let mut c = cycles.cycle_of(from);
    while let Some(x) = c {
        if cycles.contains(x, target) {
            break;
        }
        fr.iters[x.index()] = 0;
        c = cycles.parent(x);
    }
    if let Some(x) = cycles.cycle_of(target)
        && cycles.header(x) == target
    {
        fr.iters[x.index()] += 1;
    }
    let dfg = body.dfg();
    let mut updates: smallvec::SmallVec<[(Value, Val); 4]> = smallvec::SmallVec::new();
    for phi in body.phis(target) {
        let d = dfg.inst(phi);
        let Some(k) = d.blocks.iter().position(|&b| b == from) else {
            return ub(format!("phi in {} has no entry for {}", prog.where_(fr.func, target), info.block_names[from]));
        };
        if let Some(r) = d.result() {
            updates.push((r, fr.vals[d.args[k].index()].clone()));
        }
    }
    for (r, v) in updates {
        fr.vals[r.index()] = v;
    }
    fr.block = target;
    fr.next = body.first_non_phi(target);
    Ok(())
}

fn select(c: &Val, a: &Val, b: &Val) -> Val {
    match c {
        Val::Int { v, .. } => (if *v != 0 { a } else { b }).clone(),
        Val::Agg(cs) => {
            let pick = |i: usize, x: &Val| match x {
                Val::Agg(xs) => xs.get(i).cloned().unwrap_or(Val::Poison),
                _ => Val::Poison,
            };
            agg(cs.iter().enumerate().map(|(i, ci)| select(ci, &pick(i, a), &pick(i, b))).collect())
        }
        _ => Val::Poison,
    }
}

fn extract(v: &Val, idx: &[u32]) -> Val {
    let mut cur = v;
    for &i in idx {
        match cur {
            Val::Agg(es) => match es.get(i as usize) {
                Some(e) => cur = e,
                None => return Val::Poison,
            },
            _ => return Val::Poison,
        }
    }
    cur.clone()
}

fn insert(v: &Val, idx: &[u32], x: Val) -> Val {
    let Some((&first, rest)) = idx.split_first() else { return x };
    match v {
        Val::Agg(es) if (first as usize) < es.len() => {
            let mut es = es.to_vec();
            es[first as usize] = insert(&es[first as usize], rest, x);
            agg(es)
        }
        _ => Val::Poison,
    }
}

fn shuffle(a: &Val, b: &Val, mask: &Val) -> Val {
    let (Val::Agg(xs), Val::Agg(m)) = (a, mask) else { return Val::Poison };
    let n = xs.len();
    let get = |i: usize| -> Val {
        let src = if i < n { a } else { b };
        match src {
            Val::Agg(v) => v.get(i % n.max(1)).cloned().unwrap_or(Val::Poison),
            _ => Val::Poison,
        }
    };
    agg(m
        .iter()
        .map(|e| match e {
            Val::Int { v, .. } => get(*v as usize),
            _ => Val::Poison,
        })
        .collect())
}

fn rmw(tcx: &crate::typed::TypeCtx, op: RmwOp, old: &Val, x: &Val, t: opt_conv_ir::Type) -> Result<Val> {
    use opt_conv_ir::inst::{BinOp, IntFlags};
    let none = IntFlags::NONE;
    let fm = Default::default();
    let bin = |op| arith::binary(tcx, op, none, fm, old, x, t);
    Ok(match op {
        RmwOp::Xchg => x.clone(),
        RmwOp::Add => bin(BinOp::Add)?,
        RmwOp::Sub => bin(BinOp::Sub)?,
        RmwOp::And => bin(BinOp::And)?,
        RmwOp::Or => bin(BinOp::Or)?,
        RmwOp::Xor => bin(BinOp::Xor)?,
        RmwOp::Nand => {
            let a = bin(BinOp::And)?;
            match a {
                Val::Int { bits, v } => Val::int(bits, !v),
                other => other,
            }
        }
        RmwOp::FAdd => bin(BinOp::FAdd)?,
        RmwOp::FSub => bin(BinOp::FSub)?,
        RmwOp::Max | RmwOp::Min | RmwOp::UMax | RmwOp::UMin => {
            let (Val::Int { bits, v: a }, Val::Int { v: b, .. }) = (old, x) else { return Ok(Val::Poison) };
            let (sa, sb) = (sext(*a, *bits), sext(*b, *bits));
            let r = match op {
                RmwOp::Max => {
                    if sa >= sb {
                        *a
                    } else {
                        *b
                    }
                }
                RmwOp::Min => {
                    if sa <= sb {
                        *a
                    } else {
                        *b
                    }
                }
                RmwOp::UMax => *a.max(b),
                _ => *a.min(b),
            };
            Val::int(*bits, r)
        }
        other => return unsupported(format!("atomicrmw {}", other.keyword())),
    })
}

//! Calls: into defined functions (a new invocation), to the convergence
//! control intrinsics (new token values), to per-thread intrinsics, and to
//! cross-thread operations (the thread blocks until its group forms).
//!
//! Every convergent call gets the class of its dynamic instance here
//! ([`crate::classes`]): controlled calls from their token, the others by
//! maximal convergence. A call to a defined function gets a class even when
//! it is not convergent: it is the callee's *invocation*, which its `entry`
//! intrinsic and its uncontrolled operations are relative to.

use crate::builtins::{Callee, Comm, TokenIntrinsic, lane_value, pure_intrinsic};
use crate::classes::{ClassId, ClassKey, StaticOp};
use crate::error::{Result, SimtError, ub, unsupported};
use crate::exec::{Ctx, new_frame, pointer};
use crate::memory::RegionKind;
use crate::program::{CallSite, Target};
use crate::thread::{Event, Frame, Pending, Status, Thread};
use crate::value::Val;
use opt_conv_ir::{EntityRef, FuncId, Inst, InstData, Type};
use smallvec::SmallVec;

/// Executes the call `inst` of the top frame of `th`.
pub fn call(ctx: &mut Ctx, th: &mut Thread, inst: Inst) -> Result<()> {
    let prog = ctx.prog;
    let Some(fr) = th.frames.last() else { return ub("call without a frame") };
    let func = fr.func;
    let blk = fr.block;
    let body = prog.body(func);
    let d = body.dfg().inst(inst);
    let Some(site) = prog.funcs[&func].calls.get(&inst) else {
        return unsupported(format!("call in {} without a call site", prog.where_(func, blk)));
    };
    let target = match &site.target {
        Target::Indirect => match fr.vals[d.args[0].index()] {
            Val::Ptr(a) => match crate::memory::split(a).and_then(|(r, _)| prog.func_regions.get(&r)) {
                Some(&g) => prog.target_of(g, site.convergent),
                None => return ub(format!("indirect call through non-function pointer in {}", prog.where_(func, blk))),
            },
            _ => return ub(format!("indirect call through poison in {}", prog.where_(func, blk))),
        },
        t => t.clone(),
    };
    let mut args: Vec<Val> = d.call_args().iter().map(|a| fr.vals[a.index()].clone()).collect();
    // A musttail call in a function with variable arguments forwards them.
    if d.call_info().is_some_and(|c| c.tail == opt_conv_ir::inst::TailKind::MustTail) {
        args.extend(fr.varargs.iter().cloned());
    }
    let ret_ty = d.result().map_or(Type::VOID, |r| body.dfg().value_type(r));
    let op = StaticOp { func, inst };
    let token = match site.token {
        None => None,
        Some(t) => match fr.vals[t.index()] {
            Val::Token(c) => Some(c),
            _ => {
                return Err(SimtError::Convergence(format!(
                    "the convergencectrl operand of @{} in {} is not a token from a convergence intrinsic",
                    site.name,
                    prog.where_(func, blk)
                )));
            }
        },
    };
    let result = match target {
        Target::Asm | Target::Indirect => {
            return unsupported(format!("call to inline asm in {}", prog.where_(func, blk)));
        }
        Target::Defined(g) => {
            let class = op_class(ctx, th, op, token, site)?;
            if site.convergent {
                th.instances.push((class, op));
            }
            if th.frames.len() >= ctx.limits.max_depth {
                return Err(SimtError::Limit(format!(
                    "call depth {} exceeded calling @{} from {}",
                    ctx.limits.max_depth,
                    prog.name(g),
                    prog.where_(func, blk)
                )));
            }
            byval_copies(ctx, th.lane, g, d, &mut args)?;
            let frame = new_frame(prog, g, class, args, d.result())?;
            th.frames.push(frame);
            return Ok(());
        }
        Target::Decl(_, callee) => match callee {
            Callee::Token(kind) => Val::Token(token_class(ctx, th, op, kind, token, site)?),
            Callee::Lane(q) => {
                lane_value(q, th.lane, ctx.launch.threads, &args, prog.tcx.int_bits(ret_ty).unwrap_or(32))
            }
            Callee::Resource(op) => {
                let types: Vec<Type> = d.call_args().iter().map(|&a| body.dfg().value_type(a)).collect();
                let size = ctx.launch.buffer_size;
                crate::resources::call(&prog.tcx, ctx.mem, op, &site.name, (&args, &types), ret_ty, size)?
            }
            Callee::Pure => match pure_intrinsic(&prog.tcx, &site.name, &args, ret_ty) {
                Some(v) => v,
                None => return unsupported(format!("intrinsic @{}", site.name)),
            },
            Callee::MemCopy | Callee::MemSet => {
                mem_intrinsic(ctx, callee, &args)?;
                Val::Void
            }
            Callee::Assume => match args.first() {
                Some(Val::Int { v: 1, .. }) => Val::Void,
                _ => return ub(format!("llvm.assume of a false or poison condition in {}", prog.where_(func, blk))),
            },
            Callee::NoOp => Val::Void,
            // The saved position is a pointer no region has (a region of
            // its own would renumber the allocas that follow), not null;
            // a restore gives back the thread's allocas made since.
            Callee::StackSave => Val::Ptr(ctx.mem.stack_save()),
            Callee::StackRestore => match args.first() {
                Some(Val::Ptr(a)) if ctx.mem.stack_restore(th.lane, *a) => Val::Void,
                _ => return ub(format!("llvm.stackrestore of a value not saved in {}", prog.where_(func, blk))),
            },
            Callee::End(how) => {
                let stops = match (how, args.first()) {
                    (crate::builtins::Ending::Trap, _) => true,
                    (crate::builtins::Ending::Kill, Some(Val::Int { v, .. })) => *v == 0,
                    _ => return ub(format!("@{} of poison in {}", site.name, prog.where_(func, blk))),
                };
                if stops {
                    // The thread is gone: it takes part in nothing further.
                    th.frames.clear();
                    th.ended = Some(how.name());
                    th.status = Status::Done(Val::Void);
                    return Ok(());
                }
                Val::Void
            }
            Callee::Comm(comm) => {
                let class = op_class(ctx, th, op, token, site)?;
                th.instances.push((class, op));
                return block(ctx, th, comm, class, op, site, args, ret_ty, d.result());
            }
            Callee::External => {
                let mut h = crate::builtins::Hasher::new(&site.name);
                h.vals(&args);
                if site.pure && site.reads {
                    // A call that only reads may be dropped (it is not an
                    // event that must happen), so what it read must show in
                    // its result: the memory its pointer arguments point
                    // into. (Memory it reads otherwise is not modelled.)
                    pointed_memory(ctx, &args, &mut h);
                }
                let v = h.value_of(&prog.tcx, ret_ty);
                let ev = Event {
                    callee: site.name.clone(),
                    args,
                    result: v.clone(),
                    class: None,
                    group: 0,
                    pure: site.pure,
                    op,
                    matched: None,
                    late: 0,
                };
                record(ctx, th, ev);
                v
            }
            Callee::Unsupported => return unsupported(format!("intrinsic @{}", site.name)),
        },
    };
    if let (Some(r), Some(fr)) = (d.result(), th.frames.last_mut()) {
        fr.vals[r.index()] = result;
    }
    Ok(())
}

/// The class of a convergent operation: from its token when controlled,
/// else by maximal convergence.
fn op_class(ctx: &mut Ctx, th: &mut Thread, op: StaticOp, token: Option<ClassId>, site: &CallSite) -> Result<ClassId> {
    match token {
        Some(t) => {
            let c = ctx.classes.intern(ClassKey::Controlled { op, token: t }, false);
            if !th.controlled.insert(c) {
                return Err(SimtError::Convergence(format!(
                    "thread {} executes @{} in {} a second time with the same token value; its two dynamic \
                     instances would be converged with each other (a cycle contains this use but not the \
                     token's definition: ConvergentOperations.rst, Static Rules)",
                    th.lane,
                    site.name,
                    where_op(ctx, op)
                )));
            }
            Ok(c)
        }
        None => Ok(maximal(ctx, th, op, false)),
    }
}

fn where_op(ctx: &Ctx, op: StaticOp) -> String {
    let body = ctx.prog.body(op.func);
    match body.layout().inst_block(op.inst) {
        Some(b) => ctx.prog.where_(op.func, b),
        None => format!("@{}", ctx.prog.name(op.func)),
    }
}

/// Maximal convergence: same invocation, same iteration of every cycle
/// containing the operation.
fn maximal(ctx: &mut Ctx, th: &Thread, op: StaticOp, anchor: bool) -> ClassId {
    let fr: &Frame = th.frames.last().expect("a running thread has a frame");
    let info = &ctx.prog.funcs[&fr.func];
    let iters: SmallVec<[u32; 4]> = info.cycle_chain[fr.block].iter().map(|c| fr.iters[c.index()]).collect();
    ctx.classes.intern(ClassKey::Maximal { op, inv: fr.inv, iters }, anchor)
}

/// An anchor's instance under the run's grouping: the maximal instance,
/// or the thread's part of it ([`crate::freedom`]).
fn grouped_anchor(ctx: &mut Ctx, th: &Thread, op: StaticOp) -> ClassId {
    let of = maximal(ctx, th, op, true);
    let (inv, iters) = match ctx.classes.key(of) {
        ClassKey::Maximal { inv, iters, .. } => (*inv, iters.clone()),
        _ => return of,
    };
    match ctx.anchors.part(op, inv, &iters, th.lane) {
        None => of,
        Some(part) => ctx.classes.intern(ClassKey::AnchorPart { op, of, part }, true),
    }
}

/// The iterations of the cycles around the thread's position, outermost
/// first, callers' included: what [`crate::classes::Classes::iterations`]
/// gives for a maximal instance here.
fn iterations_here(ctx: &Ctx, th: &Thread) -> Vec<u32> {
    let fr: &Frame = th.frames.last().expect("a running thread has a frame");
    let mut out = ctx.classes.iterations(fr.inv);
    out.extend(ctx.prog.funcs[&fr.func].cycle_chain[fr.block].iter().map(|c| fr.iters[c.index()]));
    out
}

/// The token a convergence control intrinsic produces.
fn token_class(
    ctx: &mut Ctx,
    th: &mut Thread,
    op: StaticOp,
    kind: TokenIntrinsic,
    token: Option<ClassId>,
    site: &CallSite,
) -> Result<ClassId> {
    let class = match (kind, token) {
        (TokenIntrinsic::Entry, None) => {
            let inv = th.frames.last().map_or(ClassId(0), |f| f.inv);
            ctx.classes.intern(ClassKey::Entry { op, inv }, false)
        }
        // The anchor's convergence is implementation-defined; this executor
        // chooses maximal reconvergence of the threads that reach it, or, in
        // a guided run, the grouping of the paired anchor instance.
        (TokenIntrinsic::Anchor, None) => {
            // An anchor whose token nothing uses takes no pair: its grouping
            // is unobservable, and pairing it would take the pair of one
            // that is used.
            let paired = ctx.guide.filter(|_| !ctx.prog.result_unused(op)).and_then(|g| {
                let stem = crate::guide::name_stem(ctx.prog, op);
                let iterations = iterations_here(ctx, th);
                g.pair_anchor(th.lane, &mut th.anchor_taken, stem.as_deref(), &iterations)
            });
            match paired {
                Some(c) => {
                    let a = ctx.classes.intern(ClassKey::GuidedAnchor { op, guide: c.0 }, true);
                    th.paired_anchors.insert(a);
                    a
                }
                None => grouped_anchor(ctx, th, op),
            }
        }
        (TokenIntrinsic::Loop, Some(t)) => {
            let fr = th.frames.last_mut().expect("a running thread has a frame");
            let n = fr.hearts.entry((op.inst, t)).or_insert(0);
            *n += 1;
            let n = *n;
            ctx.classes.intern(ClassKey::Heart { op, token: t, n }, false)
        }
        (TokenIntrinsic::Loop, None) => {
            return Err(SimtError::Convergence(format!(
                "@{} in {} has no convergencectrl token",
                site.name,
                where_op(ctx, op)
            )));
        }
        (_, Some(_)) => {
            return Err(SimtError::Convergence(format!(
                "@{} in {} must not have a convergencectrl bundle",
                site.name,
                where_op(ctx, op)
            )));
        }
    };
    th.instances.push((class, op));
    Ok(class)
}

/// Appends an event, aligning it with the guiding run if there is one.
fn record(ctx: &Ctx, th: &mut Thread, mut ev: Event) -> usize {
    if let Some(g) = ctx.guide {
        ev.matched = g.align(th.lane, &mut th.guide_cursor, &ev);
    }
    th.events.push(ev);
    th.events.len() - 1
}

#[expect(clippy::too_many_arguments, reason = "one call's worth of facts, passed once")]
fn block(
    ctx: &mut Ctx,
    th: &mut Thread,
    comm: Comm,
    class: ClassId,
    op: StaticOp,
    site: &CallSite,
    args: Vec<Val>,
    ret: Type,
    dest: Option<opt_conv_ir::Value>,
) -> Result<()> {
    let ev = Event {
        callee: site.name.clone(),
        args: args.clone(),
        result: Val::Poison,
        class: Some(class),
        group: 0,
        pure: site.pure,
        op,
        matched: None,
        late: 0,
    };
    let event = record(ctx, th, ev);
    th.status = Status::Blocked(Box::new(Pending { class, comm, name: site.name.clone(), args, ret, event, dest }));
    Ok(())
}

/// A `byval` parameter is the callee's own copy of the memory its
/// argument points to: each such argument of call `d` (to `callee`, by
/// thread `lane`) becomes a pointer to a new region holding a copy of the
/// type's store size.
fn byval_copies(ctx: &mut Ctx, lane: u32, callee: FuncId, d: &InstData, args: &mut [Val]) -> Result<()> {
    let Some(ci) = d.call_info() else { return Ok(()) };
    let decl = ctx.prog.module.func(callee);
    for (k, arg) in args.iter_mut().enumerate() {
        let site = ci.param_attrs.get(k);
        let def = decl.and_then(|f| f.param_attrs.get(k));
        let Some(ty) = [site, def].into_iter().flatten().find_map(|s| {
            s.iter().find_map(|a| match a {
                opt_conv_ir::Attr::Type(key, t) if &**key == "byval" => Some(*t),
                _ => None,
            })
        }) else {
            continue;
        };
        let (size, copied) = (ctx.prog.tcx.alloc_size(ty), ctx.prog.tcx.store_size(ty));
        let src = pointer(arg, "byval argument")?;
        let r = ctx.mem.add(
            format!("byval copy for @{} (thread {lane})", ctx.prog.name(callee)),
            RegionKind::Alloca(lane),
            size,
            true,
        )?;
        let dst = crate::memory::addr(r, 0);
        if copied > 0 {
            ctx.mem.copy(dst, src, copied)?;
        }
        *arg = Val::Ptr(dst);
    }
    Ok(())
}

fn mem_intrinsic(ctx: &mut Ctx, callee: Callee, args: &[Val]) -> Result<()> {
    let len = match args.get(2) {
        Some(Val::Int { v, .. }) => *v as u64,
        _ => return ub("memory intrinsic with a poison length"),
    };
    if len == 0 {
        return Ok(());
    }
    if len > crate::memory::MAX_REGION {
        return ub(format!("memory intrinsic of {len} bytes is larger than any region"));
    }
    let dst = pointer(&args[0], "memory intrinsic")?;
    if callee == Callee::MemCopy {
        let src = pointer(&args[1], "memcpy")?;
        ctx.mem.copy(dst, src, len)
    } else {
        match args.get(1) {
            Some(Val::Int { v, .. }) => ctx.mem.write(dst, &vec![*v as u8; len as usize], false),
            _ => ctx.mem.write(dst, &vec![0; len as usize], true),
        }
    }
}

/// Hashes the bytes (and poison) of each region a pointer in `args` points
/// into, from the pointer on.
fn pointed_memory(ctx: &Ctx, args: &[Val], h: &mut crate::builtins::Hasher) {
    for a in args {
        let Val::Ptr(p) = a else { continue };
        let Some((r, off)) = crate::memory::split(*p) else { continue };
        let Some(region) = ctx.mem.regions().get(r) else { continue };
        let from = (off as usize).min(region.bytes.len());
        for (k, b) in region.bytes[from..].iter().enumerate() {
            h.u64(u64::from(*b) | (u64::from(region.poison[from + k]) << 8));
        }
    }
}

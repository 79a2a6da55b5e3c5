//! The scheduler: threads run alone until they wait at a cross-thread
//! operation; then groups of waiting threads *fire* once their membership
//! is final.
//!
//! A waiting thread's dynamic instance has a class ([`crate::classes`]); the
//! group is every thread with that class. It is final when no other live
//! thread can still execute an instance of that class. Positions
//! ([`crate::positions`]) only grow within an invocation, so a thread can
//! still join only if, in the deepest invocation it shares with the group,
//! it has not yet passed the group's position (the operation itself, or the
//! call that leads into the group's invocation). The thread with the
//! smallest stack of positions can always fire, so a valid program never
//! deadlocks. Two situations violate the dynamic rules (the strict
//! convergence-before order of ConvergenceAndUniformity.rst, *Convergence*)
//! and are reported rather than scheduled: a thread reaching a class whose
//! group already fired, and (in guided runs) waits that form a cycle.
//!
//! A thread that runs out of fuel or call depth is stuck: it never
//! arrives anywhere again, so it holds no group back, and the others run
//! to their end. A group that forms while a stuck thread might still have
//! reached it with more fuel (it can still return to, and reach, the
//! waiting operation's block) records that thread as *late*: its
//! membership is tentative. One stuck in a cycle with no way out is never
//! late, nor is one whose state repeats (same block, same values in its
//! frame, nothing read that another thread may write, nothing done that
//! another could see: [`crate::exec::never_leaves`]), however its loop
//! could exit: it never will. The run then fails with the first stuck
//! thread's limit, keeping everything every thread did.

use crate::builtins::{Member, comm_result};
use crate::classes::{ClassId, ClassKey, Classes, Root};
use crate::error::{Result, SimtError};
use crate::exec::{Ctx, Launch, Limits, new_frame};
use crate::guide::Guide;
use crate::memory::{Memory, RegionKind, addr};
use crate::program::Program;
use crate::run::{Failed, Inputs, Instance, RegionDump, RunConfig, RunResult, ThreadTrace};
use crate::thread::{Pending, Status, Thread};
use crate::value::Val;
use opt_conv_ir::FuncId;
use rustc_hash::FxHashSet;
use std::collections::BTreeMap;

/// One run in progress.
pub struct Machine<'a, 'm> {
    prog: &'a Program<'m>,
    mem: Memory,
    classes: Classes,
    threads: Vec<Thread>,
    limits: Limits,
    launch: Launch,
    guide: Option<&'a Guide>,
    anchors: crate::freedom::AnchorGrouping,
    freeze: crate::freedom::FreezeStrategy,
    fired: FxHashSet<ClassId>,
    /// Per thread, its events when the first thread got stuck.
    horizon: Option<Vec<usize>>,
    /// Lanes stuck in a loop they never leave ([`crate::exec::never_leaves`]).
    looping: u64,
}

type Stack = Vec<(ClassId, Vec<u32>)>;

/// At most this many instructions are spent looking for a repeated state
/// of a thread out of fuel.
const PROBE_FUEL: u64 = 1 << 16;

/// A group ready to fire: a class, its members, and the stuck threads that
/// might still have reached it with more fuel.
struct Firing(ClassId, u64, u64);

impl<'a, 'm> Machine<'a, 'm> {
    /// Sets up memory and threads for a run of `f`.
    pub fn new(
        prog: &'a Program<'m>,
        f: FuncId,
        inputs: &Inputs,
        config: &RunConfig,
        guide: Option<&'a Guide>,
    ) -> Result<Self> {
        let mut mem = prog.memory.clone();
        let mut classes = Classes::default();
        let launch = classes.intern(ClassKey::Launch, false);
        let body = prog.body(f);
        let slots = opt_conv_ir::text::Slots::new(body);
        let mut buffers = Vec::new();
        for (i, &p) in body.params().iter().enumerate() {
            if prog.tcx.types.is_ptr(body.dfg().value_type(p)) {
                let name = format!("%{}", slots.value(p).unwrap_or("arg"));
                let r = mem.add(name, RegionKind::Arg(i as u32), config.buffer_size, false)?;
                buffers.push((i, Val::Ptr(addr(r, 0))));
            }
        }
        if prog.uses_resources {
            mem.reserve_resource_slots()?;
        }
        let nparams = body.params().len();
        let mut threads = Vec::new();
        for lane in 0..config.threads {
            let mut args = match inputs.args.len() {
                0 => vec![Val::Poison; nparams],
                n => inputs.args[lane as usize % n].clone(),
            };
            if args.len() != nparams {
                return Err(SimtError::Input(format!(
                    "@{} takes {nparams} arguments, {} given",
                    prog.name(f),
                    args.len()
                )));
            }
            for (i, p) in &buffers {
                args[*i] = p.clone();
            }
            threads.push(Thread {
                lane,
                frames: vec![new_frame(prog, f, launch, args, None)?],
                status: Status::Running,
                events: Vec::new(),
                instances: Vec::new(),
                fuel: 0,
                controlled: FxHashSet::default(),
                guide_cursor: 0,
                anchor_taken: Vec::new(),
                paired_anchors: FxHashSet::default(),
                ended: None,
                freezes: Vec::new(),
            });
        }
        let limits = Limits { fuel: config.fuel, max_depth: config.max_depth };
        let launch = Launch { threads: config.threads, buffer_size: config.buffer_size };
        let anchors = config.anchors;
        let freeze = config.freeze.clone();
        Ok(Machine {
            prog,
            mem,
            classes,
            threads,
            limits,
            launch,
            guide,
            anchors,
            freeze,
            fired: FxHashSet::default(),
            horizon: None,
            looping: 0,
        })
    }

    /// Runs to completion.
    pub fn run(self) -> Result<RunResult> {
        self.run_traced().map_err(|f| f.error)
    }

    /// Runs to completion; on failure, also gives what every thread had
    /// done up to it ([`Failed`]).
    pub fn run_traced(mut self) -> std::result::Result<RunResult, Box<Failed>> {
        match self.drive() {
            Ok(()) => {
                let stuck = self.threads.iter().find_map(|t| match &t.status {
                    Status::Stuck(e) => Some(e.clone()),
                    _ => None,
                });
                match stuck {
                    None => Ok(self.finish()),
                    Some(error) => Err(Box::new(Failed { error, partial: self.finish() })),
                }
            }
            Err(error) => Err(Box::new(Failed { error, partial: self.finish() })),
        }
    }

    fn drive(&mut self) -> Result<()> {
        loop {
            for i in 0..self.threads.len() {
                if !matches!(self.threads[i].status, Status::Running) {
                    continue;
                }
                let mut ctx = Ctx {
                    prog: self.prog,
                    mem: &mut self.mem,
                    classes: &mut self.classes,
                    limits: self.limits,
                    launch: self.launch,
                    guide: self.guide,
                    anchors: self.anchors,
                    freeze: &self.freeze,
                };
                let th = &mut self.threads[i];
                match crate::exec::run(&mut ctx, th) {
                    Ok(()) => {}
                    // Out of fuel or call depth: the thread stops here and
                    // the others go on without it.
                    Err(e @ SimtError::Limit(_)) => {
                        // Out of fuel in a state that repeats: it is not
                        // slow, it never leaves, so it is late nowhere.
                        let e = if th.fuel > self.limits.fuel
                            && crate::exec::never_leaves(&mut ctx, th, self.limits.fuel.min(PROBE_FUEL))
                        {
                            self.looping |= 1 << th.lane;
                            SimtError::Limit(format!("{}, where its state repeats: it never leaves", limit_text(e)))
                        } else {
                            e
                        };
                        th.status = Status::Stuck(in_thread(th.lane, e));
                        if self.horizon.is_none() {
                            self.horizon = Some(self.threads.iter().map(Thread::settled_events).collect());
                        }
                        continue;
                    }
                    Err(e) => return Err(in_thread(th.lane, e)),
                }
                if let Status::Blocked(p) = &th.status
                    && self.fired.contains(&p.class)
                {
                    return Err(SimtError::Convergence(format!(
                        "thread {} reaches @{} in a dynamic instance converged with one that other threads \
                         already completed: convergence-before would not be a strict order",
                        th.lane, p.name
                    )));
                }
            }
            if self.threads.iter().all(|t| matches!(t.status, Status::Done(_) | Status::Stuck(_))) {
                break;
            }
            let mut firings = self.fireable(false);
            if firings.is_empty() && self.guide.is_some_and(|g| !g.strict) {
                // The guiding run grouped, at an anchor, threads that reach
                // it here only in part (the after side merged two anchors,
                // say). Anchor groups are the implementation's choice, so
                // the group may form without the members that never come.
                firings = self.fireable(true);
            }
            if firings.is_empty() {
                return Err(self.deadlock());
            }
            for f in firings {
                self.fire(f)?;
            }
        }
        Ok(())
    }

    fn pending(&self, lane: usize) -> Option<&Pending> {
        match &self.threads[lane].status {
            Status::Blocked(p) => Some(p),
            _ => None,
        }
    }

    /// Groups whose membership is final. With `relax`, a member of a guided
    /// anchor group that has not executed the anchor holds the group back
    /// only if it can still reach the waiting operation.
    fn fireable(&self, relax: bool) -> Vec<Firing> {
        let mut by_class: BTreeMap<ClassId, u64> = BTreeMap::new();
        let mut out = Vec::new();
        for (i, t) in self.threads.iter().enumerate() {
            let Some(p) = self.pending(i) else { continue };
            *by_class.entry(p.class).or_insert(0) |= 1 << t.lane;
        }
        let stacks: Vec<Option<Stack>> = self
            .threads
            .iter()
            .map(|t| (!matches!(t.status, Status::Done(_))).then(|| t.stack_positions(self.prog)))
            .collect();
        let stuck = |t: usize| matches!(self.threads[t].status, Status::Stuck(_));
        for (class, mask) in by_class {
            let first = mask.trailing_zeros() as usize;
            let Some(chain) = &stacks[first] else { continue };
            // Under an anchor paired with the guiding run, the instance may
            // group threads at different iterations: a member of the paired
            // instance that has not executed its anchor yet may still come.
            let paired = match self.classes.root(class) {
                Root::Anchor(a) => match self.classes.key(a) {
                    ClassKey::GuidedAnchor { guide, .. } => self.guide.map(|g| (a, g.anchor_members(ClassId(*guide)))),
                    _ => None,
                },
                Root::Launch => None,
            };
            // A stuck thread never arrives, so it holds no group back; but
            // if, with more fuel, it might still have reached this
            // instance, the group is tentative.
            let late = stacks.iter().enumerate().fold(0u64, |late, (t, s)| match s {
                Some(s)
                    if stuck(t)
                        && self.looping & (1 << self.threads[t].lane) == 0
                        && may_reach(s, chain)
                        && self.may_still_reach(t, first, chain) =>
                {
                    late | 1 << self.threads[t].lane
                }
                _ => late,
            });
            let blocked_by_other = stacks.iter().enumerate().any(|(t, s)| {
                let Some(s) = s else { return false };
                if mask & (1 << t) != 0 || stuck(t) {
                    return false;
                }
                match paired {
                    Some((a, members)) if members & (1 << self.threads[t].lane) != 0 => {
                        (!relax && !self.threads[t].paired_anchors.contains(&a))
                            || may_reach_across(s, &self.threads[t], chain, &self.threads[first])
                    }
                    Some(_) => false,
                    None => may_reach(s, chain),
                }
            });
            if !blocked_by_other {
                out.push(Firing(class, mask, late));
            }
        }
        out
    }

    fn fire(&mut self, f: Firing) -> Result<()> {
        let Firing(class, mask, late) = f;
        self.fired.insert(class);
        let lanes: Vec<usize> = (0..64).filter(|l| mask & (1 << l) != 0).collect();
        let mut pendings = Vec::with_capacity(lanes.len());
        for &l in &lanes {
            match std::mem::replace(&mut self.threads[l].status, Status::Running) {
                Status::Blocked(p) => pendings.push(p),
                other => {
                    self.threads[l].status = other;
                    return Err(SimtError::Input("internal: firing a thread that does not wait".into()));
                }
            }
        }
        let members: Vec<Member> =
            lanes.iter().zip(&pendings).map(|(&l, p)| Member { lane: l as u32, args: &p.args }).collect();
        let mut results = Vec::with_capacity(lanes.len());
        for (k, p) in pendings.iter().enumerate() {
            let r = comm_result(&self.prog.tcx, p.comm, &p.name, &members, k, p.ret)
                .map_err(|e| in_thread(lanes[k] as u32, e))?;
            results.push(r);
        }
        for ((&l, p), r) in lanes.iter().zip(&pendings).zip(results) {
            let th = &mut self.threads[l];
            if let Some(ev) = th.events.get_mut(p.event) {
                ev.group = mask;
                ev.late = late;
                ev.result = r.clone();
            }
            if let (Some(d), Some(fr)) = (p.dest, th.frames.last_mut()) {
                fr.vals[opt_conv_ir::EntityRef::index(d)] = r;
            }
        }
        Ok(())
    }

    /// Whether stuck thread `t`, given more fuel, might reach the
    /// instance thread `w` waits in (whose stack is `chain`, and which `t`
    /// has not passed): it must return from every invocation deeper than
    /// the deepest one it shares with `w`, and there reach `w`'s block. A
    /// thread stuck in a cycle with no way out can do neither.
    fn may_still_reach(&self, t: usize, w: usize, chain: &Stack) -> bool {
        let (tf, wf) = (&self.threads[t].frames, &self.threads[w].frames);
        let mut l = 0;
        while l + 1 < tf.len() && l + 1 < chain.len() && self.threads[t].frames[l + 1].inv == chain[l + 1].0 {
            l += 1;
        }
        let info = |fr: &crate::thread::Frame| &self.prog.funcs[&fr.func];
        tf[l + 1..].iter().all(|fr| info(fr).returns[fr.block])
            && wf.get(l).is_some_and(|w| info(&tf[l]).reaches(tf[l].block, w.block))
    }

    fn deadlock(&self) -> SimtError {
        let waits: Vec<String> = (0..self.threads.len())
            .filter_map(|i| {
                let p = self.pending(i)?;
                let fr = self.threads[i].top()?;
                Some(format!(
                    "thread {} at @{} in {}",
                    self.threads[i].lane,
                    p.name,
                    self.prog.where_(fr.func, fr.block)
                ))
            })
            .collect();
        let what = if self.guide.is_some() {
            "the anchor groups of the guiding run cannot all form in this program"
        } else {
            "no waiting group can complete"
        };
        SimtError::Convergence(format!("{what}: {}", waits.join("; ")))
    }

    fn finish(self) -> RunResult {
        let mut instances: indexmap::IndexMap<ClassId, Instance> = indexmap::IndexMap::new();
        for t in &self.threads {
            for &(class, op) in &t.instances {
                instances.entry(class).or_insert(Instance { class, op, threads: 0 }).threads |= 1 << t.lane;
            }
        }
        let mut made: BTreeMap<u32, u32> = BTreeMap::new();
        let mut allocas = rustc_hash::FxHashMap::default();
        for (r, region) in self.mem.regions().iter().enumerate() {
            if let RegionKind::Alloca(lane) = region.kind {
                let k = made.entry(lane).or_insert(0);
                allocas.insert(r, (lane, *k));
                *k += 1;
            }
        }
        let memory = self
            .mem
            .regions()
            .iter()
            .filter(|r| matches!(r.kind, RegionKind::Global | RegionKind::Arg(_) | RegionKind::Resource))
            .map(|r| RegionDump {
                name: r.name.clone(),
                bytes: r.bytes.clone(),
                poison: r.poison.clone(),
                resource: r.kind == RegionKind::Resource,
            })
            .collect();
        let classes = &self.classes;
        let threads = self
            .threads
            .into_iter()
            .map(|t| ThreadTrace {
                lane: t.lane,
                anchors: t
                    .instances
                    .iter()
                    .copied()
                    .filter(|&(c, _)| classes.root(c) == crate::classes::Root::Anchor(c))
                    .collect(),
                horizon: self.horizon.as_ref().map_or(t.events.len(), |h| h[t.lane as usize]),
                stuck: match &t.status {
                    Status::Stuck(e) => Some(e.to_string()),
                    _ => None,
                },
                events: t.events,
                ended: t.ended,
                freezes: t.freezes,
                ret: match t.status {
                    Status::Done(v) => v,
                    _ => Val::Poison,
                },
            })
            .collect();
        let resources = (self.mem.regions().iter().enumerate())
            .filter(|(_, r)| r.kind == RegionKind::Resource)
            .map(|(k, r)| (k, r.name.clone()))
            .collect();
        RunResult {
            threads,
            instances: instances.into_values().collect(),
            memory,
            classes: self.classes,
            allocas,
            resources,
        }
    }
}

/// Whether a thread with stack `t` may still execute the instance whose
/// waiting member has stack `chain`: in the deepest invocation both share,
/// the thread has not passed the chain's position there.
fn may_reach(t: &Stack, chain: &Stack) -> bool {
    if t.first().map(|f| f.0) != chain.first().map(|f| f.0) {
        return false;
    }
    let mut l = 0;
    while l + 1 < t.len() && l + 1 < chain.len() && t[l + 1].0 == chain[l + 1].0 {
        l += 1;
    }
    t[l].1 < chain[l].1
}

/// [`may_reach`] for an instance rooted at a guided anchor, whose
/// converged instances may lie in different invocations of a function
/// (the anchor's instances were paired with `after`'s, where one call
/// inlined in place of calls made under different tokens runs in one
/// invocation). Frames are matched by function and call position rather
/// than by invocation: thread `t` (stack `s`) may still execute the
/// instance `w` waits in (stack `chain`) unless, at the first level where
/// their positions differ, it is past `w`'s.
fn may_reach_across(s: &Stack, t: &Thread, chain: &Stack, w: &Thread) -> bool {
    for (l, (a, b)) in s.iter().zip(chain).enumerate() {
        if t.frames[l].func != w.frames[l].func {
            // One call position, two callees (an indirect call): unknown.
            return true;
        }
        match a.1.cmp(&b.1) {
            std::cmp::Ordering::Less => return true,
            std::cmp::Ordering::Greater => return false,
            std::cmp::Ordering::Equal => {}
        }
    }
    // At the waiting operation itself in another class, it never joins
    // this one; at the call that leads there, it may.
    s.len() < chain.len()
}

fn limit_text(e: SimtError) -> String {
    match e {
        SimtError::Limit(m) => m,
        other => other.to_string(),
    }
}

fn in_thread(lane: u32, e: SimtError) -> SimtError {
    let prefix = format!("thread {lane}: ");
    match e {
        SimtError::Undefined(m) => SimtError::Undefined(prefix + &m),
        SimtError::Convergence(m) => SimtError::Convergence(prefix + &m),
        SimtError::Limit(m) => SimtError::Limit(prefix + &m),
        SimtError::Unsupported(m) => SimtError::Unsupported(m),
        SimtError::Input(m) => SimtError::Input(m),
    }
}

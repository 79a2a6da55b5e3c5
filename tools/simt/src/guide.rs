//! Guided runs: executing `before` with the anchor groupings `after` chose.
//!
//! The set of threads that execute converged instances of an anchor is
//! implementation-defined (ConvergentOperations.rst,
//! `llvm.experimental.convergence.anchor`), so `before` allows every
//! grouping of its anchor instances, not just the maximal one this executor
//! picks by default. To ask "does `before` allow what `after` did?", `before`
//! is run with each anchor instance paired with an instance of the anchor of
//! the same name in `after` (the names transforms keep; a copy made by
//! inlining or unrolling carries a `.i` or `.N` suffix), in order, per
//! thread: paired instances are converged exactly when `after`'s are. An
//! anchor without a counterpart (merged into another, or removed) keeps
//! maximal reconvergence. Everything controlled by an anchor then follows
//! from the token rules alone. An anchor whose token nothing uses is
//! paired with nothing on either side: its grouping is unobservable, and
//! pairing it would take the pair of an anchor that is used (a transform
//! deleting an unused anchor with the same name stem as a used one).
//!
//! An anchor instance's group in `after` is first split into the parts that
//! communicate through it: threads are together when they took part in one
//! dynamic instance of an operation its token controls (directly or through
//! a heart), and a thread that never used the token is alone. Splitting
//! this way changes nothing `after` observes, and it is what lets `before`
//! match when a transform merged anchors: after two anchors in the arms of
//! a branch are merged into one above it, the threads of each arm share the
//! merged anchor but only communicate with their own arm.
//!
//! Pairing is a search for a witness: any grouping of `before`'s anchor
//! instances is one `before` allows, so a guided run that reproduces
//! `after` proves `after` allowed, however the pairs were chosen. Three
//! pairings are tried ([`Pairing`]): by order alone, which follows a loop
//! whose iterations were regrouped (unrolling); by order among the
//! instances of the same iteration of the enclosing cycles, which follows
//! an anchor sunk into (or hoisted out of) a conditional part of a loop
//! body, where one program executes the anchor in iterations the other
//! skips; and by order whatever the names, which follows anchors merged
//! into one or renamed.
//!
//! Events are also aligned with `after`'s, per thread and in order, so that
//! [`crate::equiv`] can compare them. Pure operations are left out (see
//! [`Guide::align`]).

use crate::classes::{ClassId, Root, StaticOp};

/// Marks the made-up classes that stand for parts of anchor groups (they
/// key the guided run's anchors and never collide with a run's classes).
const PART: u32 = 1 << 31;

/// Union-find root of `lane`.
fn find(uf: &mut [u8; 64], mut lane: u8) -> u8 {
    while uf[lane as usize] != lane {
        uf[lane as usize] = uf[uf[lane as usize] as usize];
        lane = uf[lane as usize];
    }
    lane
}

use crate::program::Program;
use crate::run::RunResult;
use crate::thread::Event;

#[derive(Clone, Debug)]
struct GuideEvent {
    callee: String,
    /// A pure operation: compared through the values it produces, not as
    /// an event (see [`Guide::align`]).
    unaligned: bool,
}

/// How `before`'s anchor instances are paired with `after`'s.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Pairing {
    /// A thread's `k`-th instance of an anchor with its `k`-th instance of
    /// the anchor of the same name.
    #[default]
    InOrder,
    /// The same, counting only instances in the same iteration of every
    /// enclosing cycle (of the function and of its callers).
    ByIteration,
    /// A thread's `k`-th anchor instance with its `k`-th of any name: for
    /// anchors a transform merged or renamed (two anchors in the arms of a
    /// branch hoisted into one above it).
    AnyName,
}

/// One anchor instance of the guiding run, as a thread saw it.
#[derive(Clone, Debug)]
struct GuideAnchor {
    /// The anchor's name stem ([`name_stem`]).
    stem: Option<String>,
    /// The iteration of each enclosing cycle, outermost first.
    iterations: Vec<u32>,
    /// The part of the instance's group the thread is in (a made-up class).
    part: ClassId,
}

/// The events and anchor instances of the guiding (`after`) run.
#[derive(Clone, Debug, Default)]
pub struct Guide {
    threads: Vec<Vec<GuideEvent>>,
    /// Per thread, its anchor instances in order.
    anchors: Vec<Vec<GuideAnchor>>,
    /// How instances are paired.
    pub pairing: Pairing,
    /// Whether a group formed at a paired anchor must wait for every member
    /// that has not executed its anchor yet. Otherwise, when nothing else
    /// can run, it forms without those that can no longer reach it (see
    /// `sched.rs`); a strict run never completes a group a member may still
    /// join, so whatever it does is a behaviour of a valid grouping.
    pub strict: bool,
    /// The threads of each part.
    anchor_members: rustc_hash::FxHashMap<ClassId, u64>,
}

/// The name an anchor keeps across transforms: its token's name without
/// the suffixes LLVM-style transforms add to copies (`.i`/`.iN` from
/// inlining, `.N` from unrolling, `.epil`/`.prol`/`.peel` for remainders).
pub fn name_stem(prog: &Program, op: StaticOp) -> Option<String> {
    let body = prog.body(op.func);
    let v = body.dfg().inst_result(op.inst)?;
    let mut name = body.dfg().value_name(v)?;
    while let Some((head, tail)) = name.rsplit_once('.') {
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        let copy_suffix = (!tail.is_empty() && digits(tail))
            || tail.strip_prefix('i').is_some_and(digits)
            || matches!(tail, "epil" | "prol" | "peel");
        if head.is_empty() || !copy_suffix {
            break;
        }
        name = head;
    }
    Some(name.to_owned())
}

impl Guide {
    /// The guide given by a finished run of `prog`.
    pub fn from_run(run: &RunResult, prog: &Program) -> Guide {
        let threads = run
            .threads
            .iter()
            .map(|t| t.events.iter().map(|e| GuideEvent { callee: e.callee.clone(), unaligned: e.pure }).collect())
            .collect();
        // Per anchor instance, lanes joined by the instances rooted at it.
        let mut parts: rustc_hash::FxHashMap<ClassId, [u8; 64]> = rustc_hash::FxHashMap::default();
        let mut users: rustc_hash::FxHashMap<ClassId, u64> = rustc_hash::FxHashMap::default();
        for i in &run.instances {
            let Root::Anchor(a) = run.classes.root(i.class) else { continue };
            if a == i.class || i.threads == 0 {
                continue;
            }
            *users.entry(a).or_insert(0) |= i.threads;
            let uf = parts.entry(a).or_insert_with(|| std::array::from_fn(|k| k as u8));
            let first = i.threads.trailing_zeros() as u8;
            for lane in (0..64u8).filter(|l| i.threads & (1 << l) != 0) {
                let (x, y) = (find(uf, first), find(uf, lane));
                uf[x.max(y) as usize] = x.min(y);
            }
        }
        let mut ids: rustc_hash::FxHashMap<(ClassId, u8), ClassId> = rustc_hash::FxHashMap::default();
        let mut anchor_members: rustc_hash::FxHashMap<ClassId, u64> = rustc_hash::FxHashMap::default();
        let mut anchors = Vec::with_capacity(run.threads.len());
        for t in &run.threads {
            let mut list = Vec::with_capacity(t.anchors.len());
            // An anchor whose token nothing uses is no pair for one of
            // `before`'s (which does not look for one either).
            for &(c, op) in t.anchors.iter().filter(|&&(_, op)| !prog.result_unused(op)) {
                let lane = t.lane as u8;
                // A thread that never used the instance is a part of its own.
                let part = match parts.get_mut(&c) {
                    Some(uf) if users.get(&c).is_some_and(|m| m & (1 << lane) != 0) => find(uf, lane),
                    _ => 64 + lane,
                };
                let next = ids.len() as u32;
                let id = *ids.entry((c, part)).or_insert(ClassId(PART | next));
                *anchor_members.entry(id).or_insert(0) |= 1 << lane;
                list.push(GuideAnchor { stem: name_stem(prog, op), iterations: run.classes.iterations(c), part: id });
            }
            anchors.push(list);
        }
        Guide { threads, anchors, pairing: Pairing::InOrder, strict: false, anchor_members }
    }

    /// The threads of part `c` of an anchor group of the guiding run.
    pub fn anchor_members(&self, c: ClassId) -> u64 {
        self.anchor_members.get(&c).copied().unwrap_or(0)
    }

    /// Pairs an instance of the anchor named `stem`, executed by thread
    /// `lane` in the cycle iterations `iterations`, with that thread's next
    /// unpaired instance of the same name in the guiding run (in the same
    /// iterations, with [`Pairing::ByIteration`]); returns the part of that
    /// instance's group the thread was in.
    pub fn pair_anchor(
        &self,
        lane: u32,
        taken: &mut Vec<bool>,
        stem: Option<&str>,
        iterations: &[u32],
    ) -> Option<ClassId> {
        if stem.is_none() && self.pairing != Pairing::AnyName {
            return None;
        }
        let list = self.anchors.get(lane as usize)?;
        taken.resize(list.len(), false);
        let fits = |a: &GuideAnchor| match self.pairing {
            Pairing::InOrder => a.stem.as_deref() == stem,
            Pairing::ByIteration => a.stem.as_deref() == stem && a.iterations == iterations,
            Pairing::AnyName => true,
        };
        let i = (0..list.len()).find(|&i| !taken[i] && fits(&list[i]))?;
        taken[i] = true;
        Some(list[i].part)
    }

    /// Aligns event `ev` of thread `lane` with the guiding thread's next
    /// aligned event of the same callee; returns its index. Pure operations
    /// are not aligned: their groups follow from their tokens (or maximal
    /// convergence), and what they communicate is observable only through
    /// the values they produce, which the events and memory they flow into
    /// show. Aligning them by callee would pair a call a transform removed
    /// with an unrelated one that looks alike. Any other mismatch stops
    /// aligning that thread, and the comparison reports it.
    pub fn align(&self, lane: u32, cursor: &mut usize, ev: &Event) -> Option<usize> {
        let events = self.threads.get(lane as usize)?;
        if *cursor == usize::MAX || ev.pure {
            return None;
        }
        while events.get(*cursor).is_some_and(|g| g.unaligned) {
            *cursor += 1;
        }
        match events.get(*cursor) {
            Some(g) if g.callee == ev.callee => {
                let m = *cursor;
                *cursor += 1;
                Some(m)
            }
            _ => {
                *cursor = usize::MAX;
                None
            }
        }
    }

    /// Whether event `j` of thread `lane` of the guiding run takes part in
    /// alignment (see [`Guide::align`]).
    pub fn is_aligned(&self, lane: u32, j: usize) -> bool {
        self.threads.get(lane as usize).and_then(|t| t.get(j)).is_some_and(|g| !g.unaligned)
    }
}

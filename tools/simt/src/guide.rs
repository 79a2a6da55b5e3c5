//! Guided runs: executing `before` with the anchor groupings `after` chose.
//!
//! The set of threads that execute converged instances of an anchor is
//! implementation-defined (ConvergentOperations.rst,
//! `llvm.experimental.convergence.anchor`), so `before` allows every
//! grouping of its anchors, not just the maximal one this executor picks by
//! default. To ask "does `before` allow what `after` did?", `before` is run
//! with its anchor-rooted communication forced into `after`'s groups: each
//! event of a `before` thread is aligned with the next event of the same
//! `after` thread (same callee); an aligned anchor-rooted operation waits for
//! exactly the threads of `after`'s group and computes its result from them.
//! Whether those groups are consistent with *some* anchor grouping of
//! `before` is checked afterwards ([`crate::equiv`]).

use crate::classes::ClassId;
use crate::run::RunResult;
use crate::thread::Event;
use rustc_hash::FxHashMap;

/// How a guided operation forms its group.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Guided {
    /// Exactly the threads of the guiding run's group with this id.
    Group(usize),
    /// Alone: a pure operation the guiding run does not execute.
    Alone,
}

#[derive(Clone, Debug)]
struct GuideEvent {
    callee: String,
    rooted: bool,
    group: Option<usize>,
}

/// The events and groups of the guiding (`after`) run.
#[derive(Clone, Debug, Default)]
pub struct Guide {
    threads: Vec<Vec<GuideEvent>>,
    members: Vec<u64>,
}

impl Guide {
    /// The guide given by a finished run.
    pub fn from_run(run: &RunResult) -> Guide {
        let mut ids: FxHashMap<ClassId, usize> = FxHashMap::default();
        let mut members: Vec<u64> = Vec::new();
        let threads = run
            .threads
            .iter()
            .map(|t| {
                t.events
                    .iter()
                    .map(|e| {
                        let group = e.class.map(|c| {
                            let next = ids.len();
                            let id = *ids.entry(c).or_insert(next);
                            if id == members.len() {
                                members.push(0);
                            }
                            members[id] |= 1u64 << t.lane;
                            id
                        });
                        let rooted = e.class.is_some_and(|c| run.is_anchor_rooted(c));
                        GuideEvent { callee: e.callee.clone(), rooted, group }
                    })
                    .collect()
            })
            .collect();
        Guide { threads, members }
    }

    /// Aligns event `ev` of thread `lane` (`rooted`: anchor-rooted in the
    /// guided run) with the guiding thread's next event. Returns the index
    /// matched, and how the operation must form its group. A pure event
    /// without counterpart is skipped (not executing it is unobservable); any
    /// other mismatch stops guiding that thread, and the comparison reports it.
    pub fn align(&self, lane: u32, cursor: &mut usize, ev: &Event, rooted: bool) -> (Option<usize>, Option<Guided>) {
        let Some(events) = self.threads.get(lane as usize) else { return (None, None) };
        if *cursor == usize::MAX {
            return (None, None);
        }
        match events.get(*cursor) {
            Some(g) if g.callee == ev.callee => {
                let m = *cursor;
                *cursor += 1;
                let guided = if rooted && g.rooted { g.group.map(Guided::Group) } else { None };
                (Some(m), guided)
            }
            _ if ev.pure => (None, rooted.then_some(Guided::Alone)),
            _ => {
                *cursor = usize::MAX;
                (None, None)
            }
        }
    }

    /// The lanes of guiding group `g`.
    pub fn members(&self, g: usize) -> u64 {
        self.members.get(g).copied().unwrap_or(0)
    }
}

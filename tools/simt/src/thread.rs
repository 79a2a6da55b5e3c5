//! One thread's state: its call stack, what it is waiting for, and what it
//! has done observably.

use crate::builtins::Comm;
use crate::classes::{ClassId, StaticOp};
use crate::program::Program;
use crate::value::Val;
use opt_conv_ir::types::Type;
use opt_conv_ir::{Block, FuncId, Inst, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// One function invocation.
pub struct Frame {
    /// The function.
    pub func: FuncId,
    /// The class of the call that entered it (its "invocation").
    pub inv: ClassId,
    /// The current block.
    pub block: Block,
    /// The next instruction to execute.
    pub next: Option<Inst>,
    /// Index in the block of the instruction being (or last) executed.
    pub at: u32,
    /// Values by value index.
    pub vals: Vec<Val>,
    /// Header executions since entering each cycle (by cycle index).
    pub iters: Vec<u32>,
    /// Executions of each loop intrinsic per parent token class.
    pub hearts: FxHashMap<(Inst, ClassId), u32>,
    /// Where the caller wants the result.
    pub result_to: Option<Value>,
    /// The arguments beyond the parameters of a function with variable
    /// arguments (a `musttail` call of it passes them on).
    pub varargs: Vec<Val>,
}

/// An observable event of one thread.
#[derive(Clone, Debug)]
pub struct Event {
    /// The callee's name.
    pub callee: String,
    /// The call's arguments.
    pub args: Vec<Val>,
    /// What the call returned.
    pub result: Val,
    /// For convergent operations: the class of the dynamic instance.
    pub class: Option<ClassId>,
    /// For convergent operations: the lanes that executed it together.
    pub group: u64,
    /// Whether the call has no memory effects (not executing it is unobservable).
    pub pure: bool,
    /// The static call.
    pub op: StaticOp,
    /// In a guided run: the index of the matching event of the guiding run.
    pub matched: Option<usize>,
    /// For convergent operations: the threads that were stuck when the
    /// group formed but might still have reached this instance with more
    /// fuel ([`crate::sched`]). Nonzero means `group` is tentative.
    pub late: u64,
}

/// A cross-thread operation a thread waits in.
pub struct Pending {
    /// The class of the dynamic instance.
    pub class: ClassId,
    /// What it computes.
    pub comm: Comm,
    /// The callee's name.
    pub name: String,
    /// The arguments.
    pub args: Vec<Val>,
    /// The result type.
    pub ret: Type,
    /// The event index it will complete.
    pub event: usize,
    /// Where the result goes.
    pub dest: Option<Value>,
}

/// Where a thread is.
pub enum Status {
    /// Executing.
    Running,
    /// Waiting at a cross-thread operation.
    Blocked(Box<Pending>),
    /// Returned from the kernel with this value.
    Done(Val),
    /// Out of fuel or call depth: it executes nothing more, and the others
    /// go on without it (a thread that never arrives at an instance is not
    /// in it).
    Stuck(crate::error::SimtError),
}

/// One thread.
pub struct Thread {
    /// Its lane (thread id within the subgroup).
    pub lane: u32,
    /// The call stack, kernel first.
    pub frames: Vec<Frame>,
    /// Where it is.
    pub status: Status,
    /// Observable events in order.
    pub events: Vec<Event>,
    /// Every convergent dynamic instance it executed, in order, with its static op.
    pub instances: Vec<(ClassId, StaticOp)>,
    /// Instructions executed.
    pub fuel: u64,
    /// Classes of controlled instances executed, to catch a second execution.
    pub controlled: FxHashSet<ClassId>,
    /// In a guided run: the next unmatched event of the guiding thread.
    pub guide_cursor: usize,
    /// In a guided run: which of the guiding thread's anchor instances have
    /// been paired with one of this thread's.
    pub anchor_taken: Vec<bool>,
    /// In a guided run: the classes of the paired anchor instances it executed.
    pub paired_anchors: FxHashSet<ClassId>,
    /// How it stopped, if not by returning from the kernel.
    pub ended: Option<&'static str>,
    /// Its freezes of values with poison in them ([`crate::freedom::FreezeStrategy`]).
    pub freezes: crate::freedom::FreezeLog,
}

impl Thread {
    /// The top frame.
    pub fn top(&self) -> Option<&Frame> {
        self.frames.last()
    }

    /// How many of its events are complete: all but the one it waits in.
    pub fn settled_events(&self) -> usize {
        match &self.status {
            Status::Blocked(p) => p.event,
            _ => self.events.len(),
        }
    }

    /// Per frame, the invocation class and position (for the scheduler).
    pub fn stack_positions(&self, prog: &Program) -> Vec<(ClassId, Vec<u32>)> {
        self.frames
            .iter()
            .map(|fr| {
                let levels = &prog.funcs[&fr.func].levels;
                (fr.inv, crate::positions::position(levels, &fr.iters, fr.block, fr.at))
            })
            .collect()
    }
}

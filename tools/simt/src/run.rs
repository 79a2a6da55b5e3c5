//! The public face of one run: configuration, inputs, and the result.

use crate::classes::{ClassId, Classes, Root, StaticOp};
use crate::error::{Result, SimtError};
use crate::guide::Guide;
use crate::program::Program;
use crate::thread::Event;
use crate::value::Val;

/// How to run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Threads in the subgroup (1 to 64).
    pub threads: u32,
    /// Instructions each thread may execute.
    pub fuel: u64,
    /// Maximum call depth.
    pub max_depth: usize,
    /// Size in bytes of the zero-filled buffer each pointer argument points to.
    pub buffer_size: u64,
    /// How threads reaching an anchor are grouped (in a guided run: the
    /// anchors not paired with the guiding run's).
    pub anchors: crate::freedom::AnchorGrouping,
    /// How `freeze` resolves poison.
    pub freeze: crate::freedom::FreezeStrategy,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            threads: 8,
            fuel: 100_000,
            max_depth: 64,
            buffer_size: 4096,
            anchors: Default::default(),
            freeze: Default::default(),
        }
    }
}

/// The arguments of the kernel, per thread (`args[lane][param]`). Pointer
/// parameters ignore the value given: each gets its own shared buffer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inputs {
    /// Arguments by lane, then by parameter.
    pub args: Vec<Vec<Val>>,
}

/// One thread's observable behaviour.
#[derive(Clone, Debug)]
pub struct ThreadTrace {
    /// The lane.
    pub lane: u32,
    /// Its events in order.
    pub events: Vec<Event>,
    /// What the kernel returned.
    pub ret: Val,
    /// How it stopped when not by returning (`killed`, `trapped`).
    pub ended: Option<&'static str>,
    /// Why it never finished, when it ran out of fuel or call depth (it
    /// then has a poison return value and took part in nothing after).
    pub stuck: Option<String>,
    /// How many of its events it had when the first thread got stuck, with
    /// the event it was waiting in then left out (all of them if no thread
    /// got stuck): what a run that stopped there would have shown.
    pub horizon: usize,
    /// The anchor instances it executed, in order (class, static op).
    pub anchors: Vec<(ClassId, StaticOp)>,
    /// Its freezes of values with poison in them, in order, and what they gave.
    pub freezes: crate::freedom::FreezeLog,
}

/// One class of converged dynamic instances of a convergent operation.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The class.
    pub class: ClassId,
    /// The static operation.
    pub op: StaticOp,
    /// The lanes that executed it together.
    pub threads: u64,
}

/// A shared memory region's final contents.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionDump {
    /// `@global` or `%arg<N>`.
    pub name: String,
    /// Bytes.
    pub bytes: Vec<u8>,
    /// Per byte: poison.
    pub poison: Vec<bool>,
    /// Whether it is a shader resource's buffer ([`crate::resources`]).
    pub resource: bool,
}

/// Everything a run did.
#[derive(Clone, Debug, Default)]
pub struct RunResult {
    /// Per thread, in lane order.
    pub threads: Vec<ThreadTrace>,
    /// Dynamic instances of convergent operations, by first occurrence.
    pub instances: Vec<Instance>,
    /// Shared memory at the end.
    pub memory: Vec<RegionDump>,
    /// The classes of the run (for the equivalence check).
    pub classes: Classes,
    /// Each alloca's region by owner: region number to (lane, how many
    /// allocas that thread made before it). Region numbers are given in
    /// the order threads run, so a thread that made allocas until it ran
    /// out of fuel moves the others' by a count that depends on the fuel.
    pub allocas: rustc_hash::FxHashMap<usize, (u32, u32)>,
    /// Each shader resource buffer's region by its name: region numbers
    /// are given in the order programs first ask for bindings, which a
    /// transform may change ([`crate::resources`]).
    pub resources: rustc_hash::FxHashMap<usize, String>,
}

impl RunResult {
    /// Whether class `c` descends from an anchor (so its grouping is
    /// implementation-defined).
    pub fn is_anchor_rooted(&self, c: ClassId) -> bool {
        matches!(self.classes.root(c), Root::Anchor(_))
    }
}

/// A run that stopped without finishing: why, and what every thread had
/// done up to then (events and anchor instances so far; the threads that
/// had not returned have a poison return value). When threads only got
/// stuck (out of fuel or call depth), the others ran on to their end, and
/// `error` is the first stuck thread's.
#[derive(Clone, Debug)]
pub struct Failed {
    /// Why it stopped.
    pub error: SimtError,
    /// The run up to the failure.
    pub partial: RunResult,
}

/// Runs `func` of `prog` for the threads of `config` on `inputs`.
pub fn run(prog: &Program, func: &str, inputs: &Inputs, config: &RunConfig) -> Result<RunResult> {
    run_guided(prog, func, inputs, config, None)
}

/// [`run`], optionally guided by another run's anchor groupings.
pub fn run_guided(
    prog: &Program,
    func: &str,
    inputs: &Inputs,
    config: &RunConfig,
    guide: Option<&Guide>,
) -> Result<RunResult> {
    let f = kernel(prog, func, config)?;
    crate::sched::Machine::new(prog, f, inputs, config, guide)?.run()
}

/// [`run`], keeping on failure what the threads did up to it.
pub fn run_traced(
    prog: &Program,
    func: &str,
    inputs: &Inputs,
    config: &RunConfig,
) -> std::result::Result<RunResult, Box<Failed>> {
    let fail = |error: SimtError| Box::new(Failed { error, partial: RunResult::default() });
    let f = kernel(prog, func, config).map_err(fail)?;
    crate::sched::Machine::new(prog, f, inputs, config, None).map_err(fail)?.run_traced()
}

/// The function to run, if `config` can run it.
fn kernel(prog: &Program, func: &str, config: &RunConfig) -> Result<opt_conv_ir::FuncId> {
    if config.threads == 0 || config.threads > 64 {
        return Err(SimtError::Input(format!("--threads must be between 1 and 64, got {}", config.threads)));
    }
    let Some(f) = prog.module.func_by_name(func) else {
        return Err(SimtError::Input(format!("no function @{func} in the module")));
    };
    if !prog.funcs.contains_key(&f) {
        return Err(SimtError::Input(format!("@{func} is only declared; it needs a body to run")));
    }
    Ok(f)
}

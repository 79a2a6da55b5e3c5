//! # opt-conv-simt: the reference SIMT executor
//!
//! Runs one function of an LLVM module for the N threads (lanes) of one
//! subgroup and reports what each thread observably did, including, for
//! every dynamic instance of a convergent operation, the set of threads
//! that executed it *together*. It is an independent check of the legality
//! oracle: it depends only on the IR crate and implements the dynamic rules
//! of the spec directly.
//!
//! ```
//! use opt_conv_simt::{Program, RunConfig, Inputs, run};
//!
//! let src = "declare i32 @subgroupAdd(i32) convergent\n\
//!            define i32 @k(i32 %x) convergent {\n\
//!            entry:\n  %t = call token @llvm.experimental.convergence.entry()\n\
//!              %c = icmp sgt i32 %x, 0\n  br i1 %c, label %a, label %b\n\
//!            a:\n  %s = call i32 @subgroupAdd(i32 %x) [ \"convergencectrl\"(token %t) ]\n  ret i32 %s\n\
//!            b:\n  ret i32 0\n}\n";
//! let (m, _) = opt_conv_ir::parse_module("k.ll", src).unwrap();
//! let prog = Program::new(&m).unwrap();
//! let x = |v: i128| vec![opt_conv_simt::Val::int(32, v as u128)];
//! let inputs = Inputs { args: vec![x(1), x(-1), x(2), x(3)] };
//! let r = run(&prog, "k", &inputs, &RunConfig { threads: 4, ..Default::default() }).unwrap();
//! // Threads 0, 2 and 3 take the branch and add 1 + 2 + 3 together.
//! assert_eq!(r.threads[0].ret, opt_conv_simt::Val::int(32, 6));
//! assert_eq!(r.threads[0].events[0].group, 0b1101);
//! ```
//!
//! ## Convergence semantics
//!
//! Every execution of a convergent operation is a *dynamic instance*; the
//! threads that execute converged instances communicate
//! (ConvergentOperations.rst, *Dynamic Instances and Convergence Tokens*).
//! Converged-with is an equivalence, so each thread computes for each
//! instance it executes the *class* of converged instances from its own
//! history ([`classes`]):
//!
//! - a token value is the class of the instance that produced it;
//! - `llvm.experimental.convergence.entry`: the class of the call that
//!   entered the function (for the kernel: the launch, all threads);
//! - `llvm.experimental.convergence.loop` (heart): the parent token's class
//!   and how many times this thread executed the intrinsic with that token;
//! - a controlled convergent operation: its token's class;
//! - an uncontrolled convergent operation: *maximal* convergence — the same
//!   function invocation and the same number of executions of the header of
//!   every cycle containing it since entering that cycle
//!   (ConvergenceAndUniformity.rst, *Maximal Convergence*; cycles from the
//!   IR crate's `CycleInfo`, so headers are LLVM's, unless the program is
//!   built for another hierarchy of an irreducible CFG: [`hierarchies`]);
//! - `llvm.experimental.convergence.anchor`: implementation-defined by the
//!   spec; by default this executor chooses maximal reconvergence of the
//!   threads that reach it, defined exactly like an uncontrolled operation,
//!   and [`RunConfig::anchors`] splits those threads into other groupings
//!   ([`freedom`]). Calls without a token get maximal treatment for their
//!   callee's invocation.
//!
//! Scheduling ([`sched`]): threads run alone until they wait at a
//! cross-thread operation; a group of waiting threads with one class fires
//! when no other live thread can still reach that class, decided with
//! positions that strictly grow along any execution ([`positions`]). A
//! thread that reaches a class whose group already fired (a second instance
//! converged with a completed one, e.g. a token used around a cycle without
//! a heart) is reported as a convergence violation, not scheduled.
//!
//! Token intrinsics and calls need no communication: their classes follow
//! from the keys alone. Cross-thread operations ([`builtins`]) — ballot,
//! reductions, broadcast-first, shuffles, votes, barriers, and any other
//! convergent call (an *opaque* event whose value derives from its name,
//! arguments and group) — wait for their group.
//!
//! HLSL kernels as clang emits them for Vulkan SPIR-V and DirectX run too:
//! thread ids are the lane in dimension 0 (one subgroup, one group), wave
//! operations are cross-thread operations like the others, and a resource
//! handle is the buffer of its binding, wherever it is created
//! ([`resources`]; resource types and intrinsics it does not list stay
//! unsupported).
//!
//! ## Equivalence
//!
//! [`check_equivalence`] runs `after` under several anchor groupings chosen
//! adversarially ([`freedom`]), and for each searches for a grouping of
//! `before`'s anchors that reproduces it (running `before` *guided* by
//! `after`, [`guide`]), comparing observable behaviour; see [`equiv`] for
//! the rule for anchor-controlled communication. Where a CFG is
//! irreducible, `after` runs under each of its cycle hierarchies and
//! `before` may match under any of its own ([`hierarchies`]). `freeze` of
//! poison resolves by a strategy ([`freedom::FreezeStrategy`]), varied the
//! same way. A thread that runs out of fuel is stuck and the others run on
//! without it; such runs are compared on what each thread completed
//! ([`equiv`], *Threads that never finish*).

pub mod arith;
pub mod builtins;
pub mod calls;
pub mod classes;
pub mod equiv;
pub mod error;
pub mod exec;
pub mod freedom;
pub mod guide;
pub mod hierarchies;
pub mod inputs;
pub mod launch;
pub mod memory;
pub mod positions;
pub mod program;
pub mod render;
pub mod resources;
pub mod run;
pub mod sched;
pub mod thread;
pub mod typed;
pub mod value;

pub use equiv::{Counterexample, EquivConfig, check_equivalence};
pub use error::SimtError;
pub use program::Program;
pub use run::{Inputs, RunConfig, RunResult, run};
pub use value::Val;

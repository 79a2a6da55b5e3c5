//! # opt-conv passes
//!
//! The pass framework (a small [`FunctionPass`]/[`ModulePass`] trait pair, a
//! `-passes=` pipeline parser, a pass manager and a remarks channel) and the
//! passes themselves, one per file.

#![warn(missing_docs)]

pub mod call_graph;
pub mod cfg_edit;
pub mod dce;
pub mod equivalence;
pub mod hoist;
pub mod infer_tokens;
pub mod inline;
pub mod jump_threading;
pub mod loops;
pub mod manager;
pub mod pass;
pub mod pipeline;
pub mod printers;
pub mod registry;
pub mod remarks;
pub mod simplify;
pub mod sink;
pub mod ssa_update;
pub mod unroll;
pub mod verify;

pub use manager::{RunError, run_pipeline};
pub use pass::{FunctionCx, FunctionPass, ModuleCx, ModulePass, PassError, PassKind};
pub use pipeline::{Pipeline, parse_pipeline};
pub use registry::{PassBox, PassInfo, Step, build, registry};
pub use remarks::{Remark, RemarkKind, Remarks};

use pass::PassKind::{Function as F, Module as M};
use printers::{Printed, Printer};

/// Options that reach passes from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-verify-each`.
    pub verify_each: bool,
    /// `-print-after-all`.
    pub print_after_all: bool,
    /// `-print-before-all`.
    pub print_before_all: bool,
    /// `-mtriple=`, overriding the module's triple.
    pub triple: Option<String>,
    /// `-mcpu=`.
    pub cpu: Option<String>,
    /// `--uniformity=llvm|tokens`.
    pub uniformity: opt_conv_legality::UniformityMode,
    /// `-unroll-*` options.
    pub unroll: UnrollOptions,
    /// `-jump-threading-threshold=N`.
    pub jump_threading_threshold: Option<u32>,
}

/// opt's `-unroll-count`, `-unroll-runtime`, `-unroll-allow-partial` and
/// `-unroll-threshold`.
#[derive(Clone, Debug, Default)]
pub struct UnrollOptions {
    /// `-unroll-count=N`.
    pub count: Option<u32>,
    /// `-unroll-runtime`.
    pub runtime: bool,
    /// `-unroll-allow-partial`.
    pub allow_partial: bool,
    /// `-unroll-threshold=N`.
    pub threshold: Option<u32>,
}

fn no_params(name: &str, params: Option<&str>) -> Result<(), String> {
    match params {
        None => Ok(()),
        Some(p) => Err(format!("invalid {name} pass parameter '{p}'")),
    }
}

/// The registered passes.
pub(crate) static REGISTRY: &[PassInfo] = &[
    PassInfo {
        name: "verify",
        kind: M,
        params: "",
        description: "check the IR and convergence-control rules; fail if broken",
        build: |p| {
            no_params("verify", p)?;
            Ok(PassBox::Module(Box::new(verify::Verify)))
        },
    },
    PassInfo {
        name: "infer-convergence-tokens",
        kind: F,
        params: "",
        description: "make implicit convergence explicit: entry token, loop hearts, bundles",
        build: |p| {
            no_params("infer-convergence-tokens", p)?;
            Ok(PassBox::Function(Box::new(infer_tokens::InferConvergenceTokens)))
        },
    },
    PassInfo {
        name: "sink",
        kind: F,
        params: "",
        description: "LLVM's Sink; convergent operations sink where the legality oracle allows",
        build: |p| {
            no_params("sink", p)?;
            Ok(PassBox::Function(Box::new(sink::Sink)))
        },
    },
    PassInfo {
        name: "hoist",
        kind: F,
        params: "",
        description: "hoist common code from both successors of a branch (egg value equivalence); convergent \
                      operations merge where the legality oracle allows",
        build: |p| {
            no_params("hoist", p)?;
            Ok(PassBox::Function(Box::new(hoist::Hoist)))
        },
    },
    PassInfo {
        name: "inline",
        kind: M,
        params: "",
        description: "inline direct calls (alwaysinline, or under LLVM's default cost threshold); convergence \
                      tokens connected as the legality oracle plans",
        build: |p| {
            no_params("inline", p)?;
            Ok(PassBox::Module(Box::new(inline::Inline)))
        },
    },
    PassInfo {
        name: "dce",
        kind: F,
        params: "",
        description: "remove dead instructions and unused convergence token intrinsics (ADCE without CFG changes)",
        build: |p| {
            no_params("dce", p)?;
            Ok(PassBox::Function(Box::new(dce::Dce)))
        },
    },
    PassInfo {
        name: "adce",
        kind: F,
        params: "",
        description: "alias of dce",
        build: |p| {
            no_params("adce", p)?;
            Ok(PassBox::Function(Box::new(dce::Dce)))
        },
    },
    PassInfo {
        name: "jump-threading",
        kind: F,
        params: "",
        description: "thread edges whose branch outcome is known past the block; convergence from the legality oracle",
        build: |p| {
            no_params("jump-threading", p)?;
            Ok(PassBox::Function(Box::new(jump_threading::JumpThreading::default())))
        },
    },
    PassInfo {
        name: "loop-unroll",
        kind: F,
        params: "<O0;O1;O2;O3;partial;no-partial;runtime;no-runtime>",
        description: "unroll counted loops (LLVM's decisions); convergence per loop kind from the legality oracle",
        build: |p| Ok(PassBox::Function(Box::new(unroll::Unroll::from_params(p)?))),
    },
    PassInfo {
        name: "unroll",
        kind: F,
        params: "<O0;O1;O2;O3;partial;no-partial;runtime;no-runtime>",
        description: "alias of loop-unroll",
        build: |p| Ok(PassBox::Function(Box::new(unroll::Unroll::from_params(p)?))),
    },
    PassInfo {
        name: "print<domtree>",
        kind: F,
        params: "",
        description: "print the dominator tree (stderr)",
        build: |_| Ok(PassBox::Function(Box::new(Printer(Printed::DomTree)))),
    },
    PassInfo {
        name: "print<postdomtree>",
        kind: F,
        params: "",
        description: "print the post-dominator tree (stderr)",
        build: |_| Ok(PassBox::Function(Box::new(Printer(Printed::PostDomTree)))),
    },
    PassInfo {
        name: "print<cycles>",
        kind: F,
        params: "",
        description: "print the cycle forest, irreducible cycles included (stderr)",
        build: |_| Ok(PassBox::Function(Box::new(Printer(Printed::Cycles)))),
    },
    PassInfo {
        name: "print<uniformity>",
        kind: F,
        params: "",
        description: "print uniformity analysis results (stderr); --uniformity=llvm|tokens selects the semantics",
        build: |_| Ok(PassBox::Function(Box::new(Printer(Printed::Uniformity)))),
    },
    PassInfo {
        name: "verify<cycles>",
        kind: F,
        params: "",
        description: "check the invariants of the cycle forest",
        build: |_| Ok(PassBox::Function(Box::new(printers::VerifyCycles))),
    },
];

//! The pass registry: names, kinds, descriptions, constructors; and building a
//! runnable pipeline from a parsed one (resolving opt's nesting adaptors).

use crate::pass::PassKind::{Function as F, Module as M};
use crate::pass::{FunctionPass, ModulePass, PassKind};
use crate::pipeline::{Element, Pipeline};
use crate::printers::{AnalysisRequest, Printed, Printer};
use crate::{
    always_inline, dce, global_dce, hoist, infer_tokens, inline, instsimplify, jump_threading, loop_simplify, printers,
    simplifycfg, sink, unroll, verify,
};

/// A constructed pass.
pub enum PassBox {
    /// A function pass.
    Function(Box<dyn FunctionPass>),
    /// A module pass.
    Module(Box<dyn ModulePass>),
}

impl PassBox {
    /// The pass's pipeline name.
    pub fn name(&self) -> &'static str {
        match self {
            PassBox::Function(p) => p.name(),
            PassBox::Module(p) => p.name(),
        }
    }
}

/// One registered pass.
pub struct PassInfo {
    /// Name in `-passes=` (for printers: `print<cycles>`).
    pub name: &'static str,
    /// Level.
    pub kind: PassKind,
    /// Accepted parameters, as `-print-passes` shows them (`<a;b;key=N>`), or "".
    pub params: &'static str,
    /// One-line description for `--list-passes`.
    pub description: &'static str,
    /// Builds the pass from its `<params>` text.
    pub build: fn(Option<&str>) -> Result<PassBox, String>,
}

/// The passes a pipeline may name: opt-conv's own, plus any a driver
/// registers ([`Registry::register`]). Registered passes are first-class:
/// they may appear anywhere their kind may, `function(...)` included.
#[derive(Clone)]
pub struct Registry {
    passes: Vec<&'static PassInfo>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry::builtin()
    }
}

impl Registry {
    /// opt-conv's own passes.
    pub fn builtin() -> Self {
        Registry { passes: BUILTIN.iter().collect() }
    }

    /// Adds a pass. A name already taken is an error: a pipeline must mean
    /// one thing.
    pub fn register(&mut self, info: &'static PassInfo) -> Result<(), String> {
        if self.lookup(info.name).is_some() {
            return Err(format!("a pass named '{}' is already registered", info.name));
        }
        self.passes.push(info);
        Ok(())
    }

    /// Every pass, builtin first, then in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &'static PassInfo> + '_ {
        self.passes.iter().copied()
    }

    /// Looks up a pass by full name.
    pub fn lookup(&self, name: &str) -> Option<&'static PassInfo> {
        self.iter().find(|p| p.name == name)
    }

    /// Sorted list of valid pass names, for error messages.
    pub fn valid_names(&self) -> String {
        let mut names: Vec<&str> = self.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.join(", ")
    }

    /// Resolves a parsed pipeline into steps.
    pub fn build(&self, p: &Pipeline) -> Result<Vec<Step>, String> {
        Ok(self.build_with_text(p)?.0)
    }

    /// Resolves a parsed pipeline into steps, and writes it back as it will
    /// run, with every adaptor explicit (`-print-pipeline-passes`):
    /// `sink,inline` is `function(sink),inline`, and a loop pass is inside
    /// `function(loop(...))`.
    pub fn build_with_text(&self, p: &Pipeline) -> Result<(Vec<Step>, String), String> {
        let mut b = Building { steps: Vec::new(), text: Vec::new(), loop_groups: 0, in_cgscc: false };
        // As opt: a pipeline that starts with a CGSCC pass (the inliner)
        // is a CGSCC pipeline, the function passes after the inliner run
        // on each component of the call graph it is done with.
        b.in_cgscc = p.0.first().is_some_and(|e| e.inner.is_none() && e.params.is_none() && e.name == "inline");
        self.add(&p.0, Level::Top, None, &mut b)?;
        let parts: Vec<String> = b
            .text
            .into_iter()
            .map(|(kind, names, scc)| match (kind, scc) {
                (PassKind::Module, Some(scc)) => {
                    format!("cgscc({},function({}))", names[0].1, with_loop_adaptors(&scc))
                }
                (PassKind::Module, None) => names.into_iter().map(|(_, n)| n).collect::<Vec<_>>().join(","),
                (PassKind::Function | PassKind::Loop, _) => format!("function({})", with_loop_adaptors(&names)),
            })
            .collect();
        Ok((b.steps, parts.join(",")))
    }
}

/// A loop adaptor of the pipeline (`loop(...)`, `loop-mssa(...)`, or the
/// one a loop pass named outside them gets): its number and its name.
type LoopGroup = Option<(usize, &'static str)>;

/// A pass's name in the pipeline's text, with its loop adaptor.
type Named = (LoopGroup, String);

/// A pipeline being built: its steps, its text in groups of a kind (with
/// the function passes run on each component of the call graph after a
/// module pass that walks them), the loop adaptors met so far, and whether
/// the passes being added are inside a CGSCC pipeline.
struct Building {
    steps: Vec<Step>,
    text: Vec<(PassKind, Vec<Named>, Option<Vec<Named>>)>,
    loop_groups: usize,
    in_cgscc: bool,
}

/// The names of a function group, each run of passes of one loop adaptor
/// inside it: `a,loop(b,c),d`.
fn with_loop_adaptors(names: &[(LoopGroup, String)]) -> String {
    let mut out = Vec::new();
    let mut i = 0;
    while i < names.len() {
        match names[i].0 {
            None => {
                out.push(names[i].1.clone());
                i += 1;
            }
            Some((group, word)) => {
                let mut inner = Vec::new();
                while i < names.len() && names[i].0.map(|g| g.0) == Some(group) {
                    inner.push(names[i].1.as_str());
                    i += 1;
                }
                out.push(format!("{word}({})", inner.join(",")));
            }
        }
    }
    out.join(",")
}

/// opt-conv's own passes (a registry without additions).
pub fn registry() -> &'static [PassInfo] {
    BUILTIN
}

/// [`Registry::build`] with opt-conv's own passes.
pub fn build(p: &Pipeline) -> Result<Vec<Step>, String> {
    Registry::builtin().build(p)
}

/// A step of a built pipeline: a module pass, or a group of function passes
/// run together on each function in turn (function-major order, as opt runs
/// a function pass manager).
pub enum Step {
    /// Runs once on the module.
    Module(Box<dyn ModulePass>),
    /// Run in sequence on each defined function.
    Functions(Vec<Box<dyn FunctionPass>>),
    /// A module pass that walks the call graph's components (the inliner),
    /// with the function passes that follow it in a CGSCC pipeline, run on
    /// each component once it is done with it
    /// ([`ModulePass::run_with_scc_passes`]).
    Scc(Box<dyn ModulePass>, Vec<Box<dyn FunctionPass>>),
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Level {
    Top,
    Module,
    Cgscc,
    Function,
    Loop,
}

impl Level {
    fn word(self) -> &'static str {
        match self {
            Level::Top | Level::Module => "module",
            Level::Cgscc => "cgscc",
            Level::Function => "function",
            Level::Loop => "loop",
        }
    }
}

impl Registry {
    fn add(&self, elems: &[Element], level: Level, group: LoopGroup, b: &mut Building) -> Result<(), String> {
        for e in elems {
            if let Some(inner) = &e.inner {
                let (sub, group) = match (e.name.as_str(), e.params.as_deref()) {
                    ("module", None) if matches!(level, Level::Top | Level::Module) => (Level::Module, None),
                    ("cgscc", None) if matches!(level, Level::Top | Level::Module) => (Level::Cgscc, None),
                    ("devirt", Some(_)) if level == Level::Cgscc => (Level::Cgscc, None),
                    ("function", None | Some("eager-inv")) if level != Level::Loop && level != Level::Function => {
                        (Level::Function, None)
                    }
                    // As opt: a loop pipeline nested in another is the same one.
                    ("loop", None) if level == Level::Loop => (Level::Loop, group),
                    ("loop", None) => (Level::Loop, Some(b.new_loop_group("loop"))),
                    ("loop-mssa", None) if level != Level::Loop => (Level::Loop, Some(b.new_loop_group("loop-mssa"))),
                    _ => return Err(format!("invalid use of '{}' pass as {} pipeline", e.full_name(), level.word())),
                };
                let outer = b.in_cgscc;
                b.in_cgscc = sub == Level::Cgscc || (outer && sub != Level::Module);
                let added = self.add(inner, sub, group, b);
                b.in_cgscc = outer;
                added?;
                continue;
            }
            let full = e.full_name();
            let unknown = || {
                let what = match level {
                    Level::Top => "unknown pass name".to_owned(),
                    l => format!("unknown {} pass", l.word()),
                };
                format!("{what} '{full}'\nvalid pass names are: {}", self.valid_names())
            };
            if let ("require" | "invalidate", Some(analysis)) = (e.name.as_str(), e.params.as_deref()) {
                let request = if e.name == "require" { AnalysisRequest::Require } else { AnalysisRequest::Invalidate };
                let Some(kind) = analysis_kind(request, analysis, level) else { return Err(unknown()) };
                let pass = printers::AnalysisPass { request };
                let p = match kind {
                    PassKind::Module => PassBox::Module(Box::new(pass)),
                    PassKind::Function | PassKind::Loop => PassBox::Function(Box::new(pass)),
                };
                b.push(p, kind, level, group, full);
                continue;
            }
            let info = self.lookup(&full).or_else(|| self.lookup(&e.name).filter(|i| !i.params.is_empty()));
            let Some(info) = info else { return Err(unknown()) };
            // Every pass here but the loop passes is a module or function
            // pass in opt too (opt's loop-unroll is a function pass), so
            // `loop(...)` takes only the loop passes; a loop pass elsewhere
            // gets a loop adaptor of its own, as in opt.
            let allowed = matches!(
                (info.kind, level),
                (PassKind::Module, Level::Top | Level::Module | Level::Cgscc)
                    | (PassKind::Function, Level::Top | Level::Module | Level::Cgscc | Level::Function)
                    | (PassKind::Loop, Level::Top | Level::Module | Level::Cgscc | Level::Function | Level::Loop)
            );
            if !allowed {
                return Err(unknown());
            }
            let params = if info.name == full { None } else { e.params.as_deref() };
            b.push((info.build)(params)?, info.kind, level, group, full);
        }
        Ok(())
    }
}

impl Building {
    fn new_loop_group(&mut self, word: &'static str) -> (usize, &'static str) {
        self.loop_groups += 1;
        (self.loop_groups, word)
    }

    /// Adds a built pass of `kind` named `full` at `level`.
    fn push(&mut self, p: PassBox, kind: PassKind, level: Level, group: LoopGroup, full: String) {
        let group = match kind {
            PassKind::Loop if level == Level::Loop => group,
            PassKind::Loop => Some(self.new_loop_group("loop")),
            _ => None,
        };
        match p {
            PassBox::Module(p) => {
                self.steps.push(Step::Module(p));
                self.text.push((PassKind::Module, vec![(None, full)], None));
            }
            PassBox::Function(p) => match (self.steps.last_mut(), self.text.last_mut()) {
                (Some(Step::Functions(passes)), Some((_, names, _))) => {
                    passes.push(p);
                    names.push((group, full));
                }
                (Some(Step::Scc(_, passes)), Some((_, _, Some(names)))) if self.in_cgscc => {
                    passes.push(p);
                    names.push((group, full));
                }
                (Some(last @ Step::Module(_)), Some((_, _, scc)))
                    if self.in_cgscc && matches!(&*last, Step::Module(m) if m.walks_sccs()) =>
                {
                    let Step::Module(m) = std::mem::replace(last, Step::Functions(Vec::new())) else {
                        unreachable!("matched above")
                    };
                    *last = Step::Scc(m, vec![p]);
                    *scc = Some(vec![(group, full)]);
                }
                _ => {
                    self.steps.push(Step::Functions(vec![p]));
                    self.text.push((PassKind::Function, vec![(group, full)], None));
                }
            },
        }
    }
}

/// LLVM 22's analyses (opt's `-print-passes`), by level, for `require<A>`
/// and `invalidate<A>`.
const MODULE_ANALYSES: &[&str] = &[
    "callgraph",
    "collector-metadata",
    "ctx-prof-analysis",
    "dxil-metadata",
    "dxil-resources",
    "dxil-resource-type",
    "dxil-resource-bindings",
    "inline-advisor",
    "ir2vec-vocab",
    "ir-similarity",
    "last-run-tracking",
    "lcg",
    "libcall-lowering-info",
    "module-summary",
    "no-op-module",
    "pass-instrumentation",
    "profile-summary",
    "reg-usage",
    "runtime-libcall-info",
    "stack-safety",
    "verify",
    "globals-aa",
];
const CGSCC_ANALYSES: &[&str] = &["no-op-cgscc", "fam-proxy", "pass-instrumentation"];
const FUNCTION_ANALYSES: &[&str] = &[
    "aa",
    "access-info",
    "assumptions",
    "bb-sections-profile-reader",
    "block-freq",
    "branch-prob",
    "cycles",
    "da",
    "debug-ata",
    "demanded-bits",
    "domfrontier",
    "domtree",
    "ephemerals",
    "func-properties",
    "machine-function-info",
    "gc-function",
    "last-run-tracking",
    "lazy-value-info",
    "loops",
    "memdep",
    "memoryssa",
    "no-op-function",
    "opt-remark-emit",
    "pass-instrumentation",
    "phi-values",
    "postdomtree",
    "regions",
    "scalar-evolution",
    "should-not-run-function-passes",
    "should-run-extra-vector-passes",
    "ssp-layout",
    "stack-safety-local",
    "target-ir",
    "target-lib-info",
    "uniformity",
    "verify",
    "basic-aa",
    "objc-arc-aa",
    "scev-aa",
    "scoped-noalias-aa",
    "tbaa",
];
const LOOP_ANALYSES: &[&str] =
    &["ddg", "iv-users", "no-op-loop", "pass-instrumentation", "should-run-extra-simple-loop-unswitch"];

/// The level at which `require<analysis>` (or `invalidate<analysis>`) runs
/// when named at `level`, or None if opt would not know it there. At the
/// top a name is looked up as opt does: module, then function, then loop
/// analyses; `invalidate<all>` is a pass of every level.
fn analysis_kind(request: AnalysisRequest, analysis: &str, level: Level) -> Option<PassKind> {
    let all = request == AnalysisRequest::Invalidate && analysis == "all";
    let known = |list: &[&str]| all || list.contains(&analysis);
    match level {
        Level::Top if known(MODULE_ANALYSES) => Some(PassKind::Module),
        Level::Top if known(FUNCTION_ANALYSES) => Some(PassKind::Function),
        Level::Top if known(LOOP_ANALYSES) => Some(PassKind::Loop),
        Level::Module if known(MODULE_ANALYSES) => Some(PassKind::Module),
        Level::Cgscc if known(CGSCC_ANALYSES) => Some(PassKind::Module),
        Level::Function if known(FUNCTION_ANALYSES) => Some(PassKind::Function),
        Level::Loop if known(LOOP_ANALYSES) => Some(PassKind::Loop),
        _ => None,
    }
}

/// Parses `;`-separated pass parameters into flags and `key=value` pairs.
pub fn split_params(params: Option<&str>) -> Vec<(&str, Option<&str>)> {
    params
        .unwrap_or("")
        .split(';')
        .filter(|s| !s.is_empty())
        .map(|s| match s.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (s, None),
        })
        .collect()
}

fn no_params(name: &str, params: Option<&str>) -> Result<(), String> {
    match params {
        None => Ok(()),
        Some(p) => Err(format!("invalid {name} pass parameter '{p}'")),
    }
}

/// The passes opt-conv ships.
static BUILTIN: &[PassInfo] = &[
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
        name: "gvn-hoist",
        kind: F,
        params: "",
        description: "alias of hoist, under LLVM's name for its counterpart",
        build: |p| {
            no_params("gvn-hoist", p)?;
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
        name: "always-inline",
        kind: M,
        params: "",
        description: "inline exactly the alwaysinline calls, whatever their cost (dynamic allocas bracketed with \
                      stacksave/stackrestore), and delete the alwaysinline callees left unused; convergence \
                      tokens connected as the legality oracle plans",
        build: |p| {
            no_params("always-inline", p)?;
            Ok(PassBox::Module(Box::new(always_inline::AlwaysInline)))
        },
    },
    PassInfo {
        name: "globaldce",
        kind: M,
        params: "",
        description: "delete the functions, variables, aliases and ifuncs nothing live refers to (comdats as a whole)",
        build: |p| {
            no_params("globaldce", p)?;
            Ok(PassBox::Module(Box::new(global_dce::GlobalDce)))
        },
    },
    PassInfo {
        name: "dce",
        kind: F,
        params: "",
        description: "remove dead instructions and unused convergence token intrinsics (ADCE without CFG changes)",
        build: |p| {
            no_params("dce", p)?;
            Ok(PassBox::Function(Box::new(dce::Dce { aggressive: false })))
        },
    },
    PassInfo {
        name: "adce",
        kind: F,
        params: "",
        description: "alias of dce",
        build: |p| {
            no_params("adce", p)?;
            Ok(PassBox::Function(Box::new(dce::Dce { aggressive: true })))
        },
    },
    PassInfo {
        name: "instsimplify",
        kind: F,
        params: "",
        description: "replace instructions that fold to an existing value or a constant, then remove the dead \
                      (a part of LLVM's InstSimplify; no CFG change, nothing to ask the oracle)",
        build: |p| {
            no_params("instsimplify", p)?;
            Ok(PassBox::Function(Box::new(instsimplify::InstSimplify)))
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
        name: "simplifycfg",
        kind: F,
        params: "<hoist-common-insts;no-hoist-common-insts;sink-common-insts;no-sink-common-insts;keep-loops;\
                 no-keep-loops;...>",
        description: "LLVM's SimplifyCFG: dead and empty blocks, block merging, return merging, hoisting common \
                      code of a branch's arms, sinking it into their join; convergent operations merge where the \
                      legality oracle allows",
        build: |p| Ok(PassBox::Function(Box::new(simplifycfg::SimplifyCfg::from_params(p)?))),
    },
    PassInfo {
        name: "loop-simplify",
        kind: F,
        params: "",
        description: "LLVM's LoopSimplify form: a preheader, a single latch and dedicated exits for every loop, \
                      invariant code of exiting blocks moved to the preheader (never a call: nothing to ask the \
                      oracle)",
        build: |p| {
            no_params("loop-simplify", p)?;
            Ok(PassBox::Function(Box::new(loop_simplify::LoopSimplify)))
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
        name: "loop-unroll-full",
        kind: PassKind::Loop,
        params: "",
        description: "LLVM's LoopFullUnrollPass: loop-unroll's full unrolling only (no partial or runtime \
                      unrolling); a loop pass",
        build: |p| {
            no_params("loop-unroll-full", p)?;
            Ok(PassBox::Function(Box::new(unroll::Unroll::full_only())))
        },
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
    PassInfo {
        name: "verify<domtree>",
        kind: F,
        params: "",
        description: "check that the cached dominator tree is that of the CFG",
        build: |_| Ok(PassBox::Function(Box::new(printers::VerifyDomTree))),
    },
    PassInfo {
        name: "verify<loops>",
        kind: F,
        params: "",
        description: "check the invariants of the loops (the cycle forest they are read from)",
        build: |_| Ok(PassBox::Function(Box::new(printers::VerifyLoops))),
    },
];

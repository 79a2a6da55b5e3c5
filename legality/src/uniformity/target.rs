//! Target divergence models: which values are sources of divergence and
//! which are uniform whatever their operands, chosen from the triple.
//!
//! The rules follow LLVM 22's `TargetTransformInfo` hooks for AMDGPU and
//! NVPTX (`isSourceOfDivergence`, `isAlwaysUniform`, `hasBranchDivergence`)
//! as far as the corpus exercises them. Intrinsics are classified by tables
//! of name prefixes, so extending the model is adding a line.
//!
//! Every other target has no branch divergence: every value is uniform
//! (LLVM prints `ALL VALUES UNIFORM` for them).

use crate::convergence::callee_decl;
use opt_conv_ir::target::{self, GpuFamily};
use opt_conv_ir::{Function, Inst, InstKind, Module, TypeData, ValueDef};

/// The divergence model of a target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// No branch divergence: all values are uniform.
    NoDivergence,
    /// `amdgcn` / `amdgpu` (and `r600`).
    Amdgpu,
    /// `nvptx` / `nvptx64`.
    Nvptx,
    /// A SIMT target we have no model of: every argument, call result, load
    /// and atomic may be divergent. Never chosen from a triple; the legality
    /// oracle uses it for modules whose triple has no divergence model, so
    /// that convergent operations there are not moved on the assumption
    /// that nothing diverges.
    Unknown,
}

/// How a value's uniformity is determined.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueUniformity {
    /// Uniform iff its operands (and control) are.
    Default,
    /// Uniform whatever its operands are.
    AlwaysUniform,
    /// Divergent by itself (thread ids, atomics, per-thread memory, calls).
    Source,
}

/// AMDGPU intrinsics that produce per-lane values.
const AMDGPU_SOURCES: &[&str] = &[
    "llvm.amdgcn.workitem.id.",
    "llvm.amdgcn.mbcnt.",
    "llvm.amdgcn.if.",
    "llvm.amdgcn.else.",
    "llvm.amdgcn.loop.",
    "llvm.amdgcn.interp.",
    "llvm.amdgcn.lds.param.load",
    "llvm.amdgcn.ds.swizzle",
    "llvm.amdgcn.ds.permute",
    "llvm.amdgcn.ds.bpermute",
    "llvm.amdgcn.mov.dpp",
    "llvm.amdgcn.update.dpp",
    "llvm.amdgcn.permlane",
    "llvm.amdgcn.writelane",
    "llvm.amdgcn.set.inactive",
    "llvm.amdgcn.strict.wwm",
    "llvm.amdgcn.strict.wqm",
    "llvm.amdgcn.wwm",
    "llvm.amdgcn.wqm",
    "llvm.amdgcn.ps.live",
    "llvm.amdgcn.live.mask",
    "llvm.amdgcn.global.atomic.",
    "llvm.amdgcn.flat.atomic.",
    "llvm.amdgcn.buffer.atomic.",
    "llvm.amdgcn.raw.buffer.atomic.",
    "llvm.amdgcn.struct.buffer.atomic.",
    "llvm.amdgcn.raw.ptr.buffer.atomic.",
    "llvm.amdgcn.struct.ptr.buffer.atomic.",
    "llvm.amdgcn.image.atomic.",
    "llvm.amdgcn.ds.",
];

/// AMDGPU intrinsics whose result is uniform whatever the operands.
const AMDGPU_ALWAYS_UNIFORM: &[&str] = &[
    "llvm.amdgcn.readfirstlane",
    "llvm.amdgcn.readlane",
    "llvm.amdgcn.ballot.",
    "llvm.amdgcn.icmp.",
    "llvm.amdgcn.fcmp.",
    "llvm.amdgcn.if.break.",
    "llvm.amdgcn.wave.reduce.",
    "llvm.amdgcn.s.getpc",
];

/// NVPTX intrinsics that read the thread index or lane id.
const NVPTX_SOURCES: &[&str] = &["llvm.nvvm.read.ptx.sreg.tid.", "llvm.nvvm.read.ptx.sreg.laneid"];

/// Intrinsics without operands whose result LLVM counts as uniform (the
/// same in one wave or warp) but which read the wave's identity, a clock,
/// or a per-lane mask: different between the waves of one workgroup, the
/// entry token's group of an OpenCL kernel ("llvm.experimental.convergence.entry").
/// Sources of divergence for legality only.
const WAVE_OR_TIME: &[&str] = &[
    "llvm.amdgcn.s.get.waveid.in.workgroup",
    "llvm.amdgcn.wave.id",
    "llvm.amdgcn.s.getreg",
    "llvm.amdgcn.s.memtime",
    "llvm.amdgcn.s.memrealtime",
    "llvm.amdgcn.s.get.barrier.state",
    "llvm.amdgcn.s.get.named.barrier.state",
    // The message's answer to the wave: a clock (`MSG_RTN_GET_REALTIME`),
    // the wave's doorbell or dispatch id.
    "llvm.amdgcn.s.sendmsg.rtn",
    // Whether this wave was the first to signal the barrier.
    "llvm.amdgcn.s.barrier.signal.isfirst",
    "llvm.readcyclecounter",
    "llvm.readsteadycounter",
    "llvm.nvvm.read.ptx.sreg.warpid",
    "llvm.nvvm.read.ptx.sreg.smid",
    "llvm.nvvm.read.ptx.sreg.lanemask.",
    "llvm.nvvm.read.ptx.sreg.clock",
    "llvm.nvvm.read.ptx.sreg.clock64",
    "llvm.nvvm.read.ptx.sreg.globaltimer",
    // Performance counters.
    "llvm.nvvm.read.ptx.sreg.pm0",
    "llvm.nvvm.read.ptx.sreg.pm1",
    "llvm.nvvm.read.ptx.sreg.pm2",
    "llvm.nvvm.read.ptx.sreg.pm3",
    // The mask of the warp's active threads (a partial last warp differs).
    "llvm.nvvm.activemask",
];

/// AMDGPU intrinsics LLVM counts as always uniform whose result depends on
/// which lanes of the wave are running (a mask of them, or a reduction over
/// them), not on the operands alone: a workgroup's waves differ there (the
/// last one may be partial). Sources of divergence for legality only.
const EXEC_DEPENDENT: &[&str] = &[
    "llvm.amdgcn.ballot.",
    "llvm.amdgcn.icmp.",
    "llvm.amdgcn.fcmp.",
    "llvm.amdgcn.if.break.",
    "llvm.amdgcn.wave.reduce.",
];

/// NVPTX intrinsics whose result is a mask of the warp's running lanes: the
/// ballot without `.sync` (a partial last warp has fewer lanes), whose
/// `.sync` form answers from its mask operand. Matched by the exact name.
const NVPTX_EXEC_DEPENDENT: &[&str] = &["llvm.nvvm.vote.ballot"];

/// Prefixes of the intrinsics of GPU targets: without a model of the
/// target, any of them may read the thread's identity or per-lane state.
const GPU_INTRINSIC_PREFIXES: &[&str] = &["llvm.amdgcn.", "llvm.r600.", "llvm.nvvm.", "llvm.spv.", "llvm.dx."];

/// Whether intrinsic `c` may be divergent by itself under [`Target::Unknown`]
/// (a module without a triple, or with a CPU triple, that has convergent
/// operations): a GPU target's intrinsic (a thread or wave id, a lane mask,
/// a clock), a counter, or one that may read memory (per-thread memory for
/// all we know). Pure generic intrinsics (`llvm.smax`, ...) are not.
fn unknown_target_source(c: &opt_conv_ir::FuncDecl) -> bool {
    let name = &*c.name;
    if name.starts_with("llvm.experimental.convergence.") {
        return false;
    }
    GPU_INTRINSIC_PREFIXES.iter().any(|p| name.starts_with(p))
        || matches_table(name, WAVE_OR_TIME)
        || c.fn_attrs.memory() != opt_conv_ir::attrs::MemoryEffects::None
}

fn matches_table(name: &str, table: &[&str]) -> bool {
    table
        .iter()
        .any(|p| if p.ends_with('.') { name.starts_with(p) } else { name == *p || name.starts_with(&format!("{p}.")) })
}

/// Address spaces whose loads are per thread.
fn per_thread_load(target: Target, addrspace: u32) -> bool {
    match target {
        // FLAT (0) and PRIVATE (5).
        Target::Amdgpu => addrspace == 0 || addrspace == 5,
        // GENERIC (0) and LOCAL (5).
        Target::Nvptx => addrspace == 0 || addrspace == 5,
        Target::Unknown => true,
        Target::NoDivergence => false,
    }
}

impl Target {
    /// The model for a triple (`amdgcn-amd-amdhsa`, `nvptx64-nvidia-cuda`, ...).
    pub fn from_triple(triple: Option<&str>) -> Target {
        match triple.and_then(GpuFamily::of_triple) {
            Some(GpuFamily::Amdgpu) => Target::Amdgpu,
            Some(GpuFamily::Nvptx) => Target::Nvptx,
            None => Target::NoDivergence,
        }
    }

    /// The model of module `m` (its triple).
    pub fn of_module(m: &Module) -> Target {
        Target::from_triple(m.triple_str())
    }

    /// The GPU family the model is for, if one.
    pub(crate) fn family(self) -> Option<GpuFamily> {
        match self {
            Target::Amdgpu => Some(GpuFamily::Amdgpu),
            Target::Nvptx => Some(GpuFamily::Nvptx),
            Target::NoDivergence | Target::Unknown => None,
        }
    }

    /// Whether function `f` can have divergent branches at all (not in a
    /// function that runs as a single thread).
    pub fn has_branch_divergence(self, m: &Module, f: opt_conv_ir::FuncId) -> bool {
        match (self, self.family()) {
            (Target::NoDivergence, _) => false,
            (_, Some(g)) => !target::is_single_thread(m, g, f),
            (_, None) => true,
        }
    }

    /// Whether parameter `idx` of function `f` is a source of divergence:
    /// any parameter the launch does not give every thread alike.
    pub fn param_is_source(self, m: &Module, f: opt_conv_ir::FuncId, idx: usize) -> bool {
        match (self, self.family()) {
            (Target::NoDivergence, _) => false,
            (_, Some(g)) => m.func(f).is_some() && !target::param_is_launch_uniform(m, g, f, idx),
            (_, None) => m.func(f).is_some(),
        }
    }

    /// How instruction `i` of `f` is classified. With `llvm22`, `callbr` is
    /// neither a source nor always uniform, as in LLVM 22 (whose hooks only
    /// look at `CallInst`, so a `callbr` producing a VGPR value counts as
    /// uniform; upstream has since fixed this).
    pub fn classify(self, m: &Module, f: &Function, i: Inst, llvm22: bool) -> ValueUniformity {
        if self == Target::NoDivergence {
            return ValueUniformity::Default;
        }
        let dfg = f.dfg();
        let d = dfg.inst(i);
        match &d.kind {
            InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } => ValueUniformity::Source,
            InstKind::Load { .. } if self == Target::Unknown => ValueUniformity::Source,
            InstKind::Load { atomic, .. } => {
                let ptr_ty = dfg.value_type(d.args[0]);
                let addrspace = match m.types.get(m.types.scalar(ptr_ty)) {
                    TypeData::Ptr(a) => *a,
                    _ => 0,
                };
                if per_thread_load(self, addrspace) || (self == Target::Nvptx && atomic.is_some()) {
                    ValueUniformity::Source
                } else {
                    ValueUniformity::Default
                }
            }
            InstKind::CallBr(_) if llvm22 => ValueUniformity::Default,
            InstKind::CallBr(_) => match self.classify_call(m, f, i) {
                // A callbr's asm may branch on its inputs: never always uniform.
                ValueUniformity::AlwaysUniform => ValueUniformity::Default,
                u => u,
            },
            // An invoke's result is a call's (LLVM 22 then only marks the
            // invoke's branch; see `Analysis::mark_divergent`); the exception
            // a landingpad receives is per thread.
            InstKind::Call(_) | InstKind::Invoke(_) => self.classify_call(m, f, i),
            // LLVM 22 takes it as uniform (it has no operands).
            InstKind::LandingPad { .. } if !llvm22 => ValueUniformity::Source,
            InstKind::ExtractValue { indices } if self == Target::Amdgpu => {
                // The exec-mask half of `llvm.amdgcn.if`/`else`, and SGPR outputs
                // of inline asm, are uniform.
                let agg = d.args[0];
                let Some(def) = dfg.value_inst(agg) else { return ValueUniformity::Default };
                let dd = dfg.inst(def);
                if let ValueDef::Asm(asm) = dd.callee().map(|c| &dfg.value(c).def).unwrap_or(&ValueDef::Placeholder) {
                    let idx = indices.first().copied().map(|x| x as usize);
                    return if asm_outputs_divergent(&asm.constraints, idx) {
                        ValueUniformity::Default
                    } else {
                        ValueUniformity::AlwaysUniform
                    };
                }
                match callee_decl(m, f, dd).map(|c| &*c.name) {
                    Some(n)
                        if (n.starts_with("llvm.amdgcn.if.") || n.starts_with("llvm.amdgcn.else."))
                            && **indices == [1] =>
                    {
                        ValueUniformity::AlwaysUniform
                    }
                    _ => ValueUniformity::Default,
                }
            }
            _ => ValueUniformity::Default,
        }
    }

    /// Whether `i` calls an intrinsic whose result is the same within one
    /// wave at best (its identity, a clock, a lane mask, the mask of its
    /// running lanes), though LLVM does not count it as a source of
    /// divergence.
    /// An atomic load is one too: waves run it at different times, and
    /// another agent may write between them without a race.
    pub(crate) fn reads_wave_or_time(self, m: &Module, f: &Function, i: Inst) -> bool {
        let d = f.dfg().inst(i);
        if let InstKind::Load { atomic: Some(_), .. } = &d.kind {
            return matches!(self, Target::Amdgpu | Target::Nvptx);
        }
        matches!(self, Target::Amdgpu | Target::Nvptx)
            && d.call_info().is_some()
            && callee_decl(m, f, d).is_some_and(|c| {
                c.is_intrinsic()
                    && (matches_table(&c.name, WAVE_OR_TIME)
                        || (self == Target::Amdgpu && matches_table(&c.name, EXEC_DEPENDENT))
                        || (self == Target::Nvptx && NVPTX_EXEC_DEPENDENT.contains(&&*c.name)))
            })
    }

    fn classify_call(self, m: &Module, f: &Function, i: Inst) -> ValueUniformity {
        let dfg = f.dfg();
        let d = dfg.inst(i);
        let info = d.call_info().expect("a call");
        if let ValueDef::Asm(asm) = &dfg.value(d.args[0]).def {
            return match self {
                Target::Amdgpu if asm_outputs_divergent(&asm.constraints, None) => ValueUniformity::Source,
                Target::Amdgpu => ValueUniformity::AlwaysUniform,
                _ => ValueUniformity::Source,
            };
        }
        let decl = callee_decl(m, f, d);
        if info.fn_attrs.has("nodivergencesource") || decl.is_some_and(|c| c.fn_attrs.has("nodivergencesource")) {
            return ValueUniformity::Default;
        }
        match decl.filter(|c| c.is_intrinsic()) {
            Some(c) => match self {
                Target::Amdgpu if matches_table(&c.name, AMDGPU_ALWAYS_UNIFORM) => ValueUniformity::AlwaysUniform,
                Target::Amdgpu if matches_table(&c.name, AMDGPU_SOURCES) => ValueUniformity::Source,
                Target::Nvptx if matches_table(&c.name, NVPTX_SOURCES) => ValueUniformity::Source,
                Target::Unknown if unknown_target_source(c) => ValueUniformity::Source,
                _ => ValueUniformity::Default,
            },
            // Calls are conservatively divergent without interprocedural analysis.
            None => ValueUniformity::Source,
        }
    }
}

/// Whether the inline-asm outputs (all, or output number `idx`) are not in
/// scalar registers. SGPR constraints (`=s`, `={s0}`, `={s[0:1]}`) are uniform.
fn asm_outputs_divergent(constraints: &[u8], idx: Option<usize>) -> bool {
    let text = String::from_utf8_lossy(constraints);
    let outputs: Vec<&str> = text.split(',').filter(|c| c.starts_with('=')).collect();
    let is_sgpr = |c: &str| {
        let c = c.trim_start_matches('=').trim_start_matches('&');
        c == "s" || c.starts_with("{s")
    };
    match idx {
        Some(k) => outputs.get(k).is_some_and(|c| !is_sgpr(c)),
        None => outputs.iter().any(|c| !is_sgpr(c)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triples() {
        assert_eq!(Target::from_triple(Some("amdgcn-amd-amdhsa")), Target::Amdgpu);
        assert_eq!(Target::from_triple(Some("amdgcn--")), Target::Amdgpu);
        assert_eq!(Target::from_triple(Some("nvptx64-nvidia-cuda")), Target::Nvptx);
        assert_eq!(Target::from_triple(Some("x86_64-unknown-linux-gnu")), Target::NoDivergence);
        assert_eq!(Target::from_triple(None), Target::NoDivergence);
    }

    #[test]
    fn inline_asm_constraints() {
        assert!(!asm_outputs_divergent(b"=s", None));
        assert!(!asm_outputs_divergent(b"={s0}", None));
        assert!(asm_outputs_divergent(b"=v", None));
        assert!(asm_outputs_divergent(b"={a0}", None));
        assert!(asm_outputs_divergent(b"=s,=v", None));
        assert!(!asm_outputs_divergent(b"=s,=v", Some(0)));
        assert!(asm_outputs_divergent(b"=s,=v", Some(1)));
        assert!(!asm_outputs_divergent(b"v", None), "inputs do not count");
    }

    #[test]
    fn tables() {
        assert!(matches_table("llvm.amdgcn.workitem.id.x", AMDGPU_SOURCES));
        assert!(matches_table("llvm.amdgcn.if.break.i64", AMDGPU_ALWAYS_UNIFORM));
        assert!(matches_table("llvm.amdgcn.readfirstlane.i32", AMDGPU_ALWAYS_UNIFORM));
        assert!(matches_table("llvm.amdgcn.readfirstlane", AMDGPU_ALWAYS_UNIFORM));
        assert!(!matches_table("llvm.amdgcn.workgroup.id.x", AMDGPU_SOURCES));
        assert!(matches_table("llvm.nvvm.read.ptx.sreg.tid.x", NVPTX_SOURCES));
        assert!(matches_table("llvm.amdgcn.s.sendmsg.rtn.i64", WAVE_OR_TIME));
        assert!(matches_table("llvm.amdgcn.s.barrier.signal.isfirst", WAVE_OR_TIME));
        assert!(matches_table("llvm.nvvm.read.ptx.sreg.pm2", WAVE_OR_TIME));
        assert!(matches_table("llvm.nvvm.activemask", WAVE_OR_TIME));
    }

    /// Without a model of the target, a GPU target's thread id is still a
    /// thread id, and an intrinsic that may read memory may read per-thread
    /// memory; a pure generic one depends on its operands only.
    #[test]
    fn unknown_target_intrinsics() {
        let src = "declare i32 @llvm.amdgcn.workitem.id.x()\n\
            declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
            declare i32 @llvm.smax.i32(i32, i32)\n\
            declare i64 @llvm.readcyclecounter()\n\
            define i32 @f() {\n\
            entry:\n  %a = call i32 @llvm.amdgcn.workitem.id.x()\n\
              %n = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
              %s = call i32 @llvm.smax.i32(i32 1, i32 2)\n\
              %c = call i64 @llvm.readcyclecounter()\n  ret i32 %a\n}\n";
        let (m, _) = opt_conv_ir::parse_module("t.ll", src).unwrap();
        let f = m.body(m.func_by_name("f").unwrap()).unwrap();
        let class = |name: &str| Target::Unknown.classify(&m, f, f.inst_by_name(name).unwrap(), false);
        assert_eq!(class("a"), ValueUniformity::Source);
        assert_eq!(class("n"), ValueUniformity::Source);
        assert_eq!(class("c"), ValueUniformity::Source);
        assert_eq!(class("s"), ValueUniformity::Default);
    }
}

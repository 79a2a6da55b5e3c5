//! The target's unrolling preferences for one loop: what LLVM 22's
//! AMDGPU target (`getUnrollingPreferences`) changes in the defaults the
//! unroller starts from, before options given on the command line
//! override them.
//!
//! For AMDGPU, scanning the loop's own blocks (those of inner loops are
//! skipped), in order:
//! - the threshold is the function's `"amdgpu-unroll-threshold"` (300 if
//!   absent), or the loop's `amdgpu.loop.unroll.threshold` property, which
//!   also sets the partial threshold and caps the two boosts below;
//! - the backedge costs 3 more (5 instead of 2: the branch back needs
//!   exec-mask updates);
//! - a conditional branch none of whose successors in the loop is an
//!   exiting block, whose condition depends (within 10 steps) on a phi not
//!   in an inner loop, adds 200 to the threshold;
//! - a `getelementptr` into private memory (`addrspace(5)`) based on a
//!   static `alloca` of at most 960 bytes raises the threshold to 2700;
//! - the first `getelementptr` of a block into local or region memory
//!   (`addrspace(3)`, `addrspace(2)`) based on a global variable or an
//!   argument, in a loop at most 2 deep, allows runtime unrolling and
//!   raises the threshold to 1000;
//! - either raise needs an index defined in the loop (not in an inner
//!   loop), and none applies once the threshold reaches it; the scan stops
//!   when the threshold reaches the larger of the two (2700);
//! - each scanned block of an innermost loop with fewer than 32
//!   instructions makes the iterations to simulate 32 (instead of 10).
//!
//! These are preferences, not legality: runtime unrolling allowed here is
//! still subject to the legality oracle's verdict on a remainder, as any
//! other runtime unrolling.

use crate::loops::Loop;
use crate::module_edits::ModuleEdits;
use crate::remarks::block_label;
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::analysis::alias::{Object, underlying_object};
use opt_conv_ir::metadata::MdOperand;
use opt_conv_ir::module::Global;
use opt_conv_ir::types::TypeData;
use opt_conv_ir::{Block, EntitySet, FuncId, Function, Inst, InstKind, Module, Value};

/// Which preference a remark is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Pref {
    Threshold,
    Runtime,
    Iterations,
}

/// The preferences a target may change for one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Prefs {
    pub threshold: u64,
    pub partial_threshold: u64,
    pub runtime: bool,
    pub be_insns: u64,
    pub max_iterations_to_analyze: u64,
}

const THRESHOLD_PRIVATE: u64 = 2700;
const THRESHOLD_LOCAL: u64 = 1000;
const THRESHOLD_IF: u64 = 200;
/// Blocks smaller than this make an innermost loop simulated longer.
const MAX_BLOCK_TO_ANALYZE: usize = 32;
const ITERATIONS_TO_ANALYZE: u64 = 32;
/// The largest alloca that fits in registers: 256 registers, 16 kept back,
/// 4 bytes each.
const MAX_ALLOCA: u64 = (256 - 16) * 4;
const PRIVATE: u32 = 5;
const LOCAL: u32 = 3;
const REGION: u32 = 2;
/// How deep a branch condition is followed back to a phi.
const PHI_DEPTH: u32 = 10;

/// AMDGPU's preferences for loop `l` of function `fid` (body `f`),
/// starting from the target-independent ones in `p`; with why each
/// change was made, for remarks.
pub(super) fn amdgpu(
    m: &Module,
    edits: &ModuleEdits,
    fid: FuncId,
    f: &Function,
    l: &Loop,
    p: &mut Prefs,
) -> Vec<(Pref, String)> {
    let mut why = Vec::new();
    p.threshold = m
        .func(fid)
        .and_then(|d| d.fn_attrs.get_str("amdgpu-unroll-threshold"))
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(300);
    p.be_insns += 3;
    let (mut private, mut local) = (THRESHOLD_PRIVATE, THRESHOLD_LOCAL);
    if let Some(t) = loop_threshold(m, edits, f, l) {
        p.threshold = t;
        p.partial_threshold = t;
        private = private.min(t);
        local = local.min(t);
        why.push((Pref::Threshold, format!("threshold {t} from amdgpu.loop.unroll.threshold")));
    }
    let max_boost = private.max(local);
    let inner = inner_loop_blocks(f, l);
    let innermost = inner.is_empty();
    let in_loop = |i: Inst| f.layout().inst_block(i).is_some_and(|b| l.contains(b));
    let in_inner = |i: Inst| f.layout().inst_block(i).is_some_and(|b| inner.contains(b));
    let dfg = f.dfg();
    for &b in &l.blocks {
        if inner.contains(b) {
            continue;
        }
        let mut local_geps = 0u32;
        for i in f.block_insts(b) {
            let d = dfg.inst(i);
            if matches!(d.kind, InstKind::Br) {
                if p.threshold < max_boost && d.is_cond_br() {
                    let exiting_succ = d.blocks.iter().any(|&s| l.contains(s) && l.exiting.contains(&s));
                    if !exiting_succ && depends_on_phi(f, &in_loop, &in_inner, d.args[0], 0) {
                        p.threshold += THRESHOLD_IF;
                        why.push((
                            Pref::Threshold,
                            format!(
                                "threshold {} for the branch of {} on a phi of the loop",
                                p.threshold,
                                block_label(f, b)
                            ),
                        ));
                        if p.threshold >= max_boost {
                            return why;
                        }
                    }
                }
                continue;
            }
            let InstKind::Gep { .. } = d.kind else { continue };
            let Some(addrspace) = d.result().and_then(|v| ptr_addrspace(m, f, v)) else { continue };
            let threshold = match addrspace {
                PRIVATE => private,
                LOCAL | REGION => local,
                _ => continue,
            };
            if p.threshold >= threshold {
                continue;
            }
            let base = underlying_object(m, fid, f, d.args[0]);
            let what = if addrspace == PRIVATE {
                let Object::Alloca(a) = base else { continue };
                if !small_static_alloca(m, f, a) {
                    continue;
                }
                "a private-memory address"
            } else {
                local_geps += 1;
                let named = match base {
                    Object::Global(g) => matches!(m.globals[g], Global::Var(_)),
                    Object::Param { .. } => true,
                    _ => false,
                };
                if local_geps > 1 || l.depth > 2 || !named {
                    continue;
                }
                if !p.runtime {
                    why.push((Pref::Runtime, "runtime unrolling allowed for a local-memory address".into()));
                }
                p.runtime = true;
                "a local-memory address"
            };
            // An address computed from a value of this loop (not of an
            // inner one).
            let defined_here = d.args.iter().any(|&v| dfg.value_inst(v).is_some_and(|x| in_loop(x) && !in_inner(x)));
            if !defined_here {
                continue;
            }
            p.threshold = threshold;
            why.push((Pref::Threshold, format!("threshold {threshold} for {what} in {}", block_label(f, b))));
            if p.threshold >= max_boost {
                return why;
            }
        }
        if innermost && f.block_insts(b).count() < MAX_BLOCK_TO_ANALYZE {
            if p.max_iterations_to_analyze != ITERATIONS_TO_ANALYZE {
                why.push((
                    Pref::Iterations,
                    format!(
                        "{ITERATIONS_TO_ANALYZE} iterations simulated: {} has fewer than {MAX_BLOCK_TO_ANALYZE} instructions",
                        block_label(f, b)
                    ),
                ));
            }
            p.max_iterations_to_analyze = ITERATIONS_TO_ANALYZE;
        }
    }
    why
}

/// The address space of pointer (or vector of pointers) `v`.
fn ptr_addrspace(m: &Module, f: &Function, v: Value) -> Option<u32> {
    match m.types.get(m.types.scalar(f.dfg().value_type(v))) {
        TypeData::Ptr(a) => Some(*a),
        _ => None,
    }
}

/// Whether `a` is an alloca of a constant count in the entry block whose
/// type takes at most [`MAX_ALLOCA`] bytes (the count is not counted, as in
/// LLVM).
fn small_static_alloca(m: &Module, f: &Function, a: Inst) -> bool {
    let d = f.dfg().inst(a);
    let InstKind::Alloca { ty, inalloca: false, .. } = d.kind else { return false };
    let constant_count = d.args.first().is_none_or(|&c| f.dfg().value_const(c).is_some());
    let in_entry = f.layout().inst_block(a).is_some_and(|b| f.entry_block() == Some(b));
    let size = if m.types.is_sized(ty) { m.data_layout().alloc_size(&m.types, ty) } else { 0 };
    constant_count && in_entry && size <= MAX_ALLOCA
}

/// Whether instruction value `v` (in the loop) has an operand that is a phi
/// outside the inner loops, or (up to [`PHI_DEPTH`] steps back) depends on
/// one through instructions of the loop.
fn depends_on_phi(
    f: &Function,
    in_loop: &dyn Fn(Inst) -> bool,
    in_inner: &dyn Fn(Inst) -> bool,
    v: Value,
    depth: u32,
) -> bool {
    let dfg = f.dfg();
    let Some(i) = dfg.value_inst(v) else { return false };
    if !in_loop(i) {
        return false;
    }
    dfg.inst(i).args.iter().any(|&op| match dfg.value_inst(op) {
        Some(x) if matches!(dfg.inst(x).kind, InstKind::Phi { .. }) => !in_inner(x),
        _ => depth < PHI_DEPTH && depends_on_phi(f, in_loop, in_inner, op, depth + 1),
    })
}

/// The loop's `amdgpu.loop.unroll.threshold` property, if it has one with
/// an integer.
fn loop_threshold(m: &Module, edits: &ModuleEdits, f: &Function, l: &Loop) -> Option<u64> {
    let latch = l.latch()?;
    let id = f.dfg().inst_md(f.terminator(latch)?, "llvm.loop")?;
    edits.loop_properties(m, id).into_iter().find_map(|(name, rest)| match (name, rest) {
        ("amdgpu.loop.unroll.threshold", [MdOperand::Const(c)]) => c.as_int().map(|v| v as i64 as u64),
        _ => None,
    })
}

/// The blocks of `l` in a cycle that does not pass through its header:
/// those of its inner loops (the strongly connected components, larger
/// than one block or with a self edge, of the loop without its header).
/// Linear in the loop.
fn inner_loop_blocks(f: &Function, l: &Loop) -> EntitySet<Block> {
    let cfg = f.cfg();
    let blocks: Vec<Block> = l.blocks.iter().copied().filter(|&b| b != l.header).collect();
    let mut out = EntitySet::new();
    for comp in opt_conv_ir::analysis::scc::strongly_connected(&blocks, &|b| cfg.succs(b)) {
        if comp.len() > 1 || cfg.succs(comp[0]).contains(&comp[0]) {
            for x in comp {
                out.insert(x);
            }
        }
    }
    out
}

/// What instruction `i` costs in an AMDGPU loop's size, given its
/// target-independent cost `generic`: LLVM 22's AMDGPU code-size costs where
/// they differ for common scalar instructions (measured with `opt`): a
/// conditional branch costs 5 (the exec-mask updates around it), a 32-bit
/// multiplication 2 and a 64-bit one 12, 64-bit additions, subtractions and
/// logic 2 (two 32-bit halves), and truncations and zero extensions from 32
/// to 64 bits nothing.
pub(super) fn amdgpu_size_cost(m: &Module, f: &Function, i: Inst, generic: u64) -> u64 {
    use opt_conv_ir::inst::{BinOp, CastOp};
    let dfg = f.dfg();
    let d = dfg.inst(i);
    let bits = |v: Value| m.types.int_bits(dfg.value_type(v));
    match &d.kind {
        InstKind::Br if d.is_cond_br() => 5,
        InstKind::Binary { op, .. } => match (op, d.result().and_then(bits)) {
            (BinOp::Mul, Some(32)) => 2,
            (BinOp::Mul, Some(64)) => 12,
            (BinOp::Add | BinOp::Sub | BinOp::And | BinOp::Or | BinOp::Xor, Some(64)) => 2,
            _ => generic,
        },
        InstKind::Cast { op: CastOp::Trunc, .. } if d.result().and_then(bits).is_some() => 0,
        InstKind::Cast { op: CastOp::ZExt, .. }
            if bits(d.args[0]) == Some(32) && d.result().and_then(bits) == Some(64) =>
        {
            0
        }
        _ => generic,
    }
}

//! Calls to declarations: what each callee is (by name family, matched
//! case-insensitively) and, for cross-thread operations, what they compute
//! from the set of communicating threads.
//!
//! The families are deliberately loose (`*ballot*`, `*barrier*`,
//! `*subgroup*add*`, ...) so that the spec's stylized names
//! (`@subgroupAdd`, `@subgroupBallot`, `@subgroupShuffle`) and the target
//! intrinsics (`llvm.amdgcn.*`, `llvm.nvvm.*`) behave alike.

use crate::error::{Result, ub};
use crate::typed::{TypeCtx, agg};
use crate::value::{Float, Val, sext};
use opt_conv_ir::types::{Type, TypeData};

/// The three convergence control intrinsics.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TokenIntrinsic {
    /// `llvm.experimental.convergence.entry`.
    Entry,
    /// `llvm.experimental.convergence.anchor`.
    Anchor,
    /// `llvm.experimental.convergence.loop`.
    Loop,
}

/// Per-thread queries answered from the thread's lane.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LaneQuery {
    /// The lane (thread id x, lane id).
    Lane,
    /// Always 0 (thread id y and z of a one-dimensional launch).
    Zero,
    /// `llvm.amdgcn.mbcnt.lo(mask, acc)`: acc + set bits of mask below the lane, lanes 0-31.
    MbcntLo,
    /// `llvm.amdgcn.mbcnt.hi(mask, acc)`: the same for lanes 32-63.
    MbcntHi,
    /// A thread id in the dimension its first argument gives (HLSL's
    /// `llvm.spv.thread.id`, `llvm.dx.thread.id.in.group`, ...): the lane in
    /// dimension 0, 0 in dimensions 1 and 2 (one subgroup in one group of a
    /// one-dimensional launch), poison otherwise.
    ByDim,
    /// The number of lanes of the subgroup (`WaveGetLaneCount`): the
    /// threads of the launch.
    Count,
}

/// Reduction operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reduce {
    /// Sum.
    Add,
    /// Product.
    Mul,
    /// Signed (or float) minimum.
    Min,
    /// Signed (or float) maximum.
    Max,
    /// Unsigned minimum.
    UMin,
    /// Unsigned maximum.
    UMax,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
}

/// How a shuffle picks its source lane from its lane operand `b`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShuffleMode {
    /// Lane `b`.
    Index,
    /// Lane `self - b`.
    Up,
    /// Lane `self + b`.
    Down,
    /// Lane `self ^ b`.
    Xor,
}

/// Cross-thread operations with known semantics.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Comm {
    /// Mask of communicating threads whose predicate (last `i1` argument, else true) holds.
    Ballot,
    /// All communicating threads' predicates hold.
    VoteAll,
    /// Some communicating thread's predicate holds.
    VoteAny,
    /// The predicate is the same in all communicating threads.
    VoteUni,
    /// How many communicating threads' predicates hold (HLSL's
    /// `WaveActiveCountBits`).
    CountBits,
    /// Whether this is the lowest communicating lane (`WaveIsFirstLane`).
    IsFirst,
    /// The value of the lowest communicating lane.
    BroadcastFirst,
    /// The value of another lane, which must be communicating.
    Shuffle(ShuffleMode, bool),
    /// A reduction over the communicating threads.
    Reduce(Reduce),
    /// Synchronization only.
    Barrier,
    /// Any other convergent operation: an observable event whose value is
    /// derived from its name, arguments and communicating set.
    Opaque,
}

/// What a call to a declaration does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Callee {
    /// A convergence control intrinsic.
    Token(TokenIntrinsic),
    /// A per-lane query.
    Lane(LaneQuery),
    /// A shader resource intrinsic ([`crate::resources`]).
    Resource(crate::resources::ResourceOp),
    /// A pure intrinsic computed per thread.
    Pure,
    /// `llvm.memcpy`/`llvm.memmove`.
    MemCopy,
    /// `llvm.memset`.
    MemSet,
    /// `llvm.assume`: undefined behaviour when false.
    Assume,
    /// An intrinsic without effect here (lifetime markers, debug records).
    NoOp,
    /// `llvm.stacksave`: a pointer naming the stack's position. Allocas are
    /// never given back here, so it is a pointer nothing may access.
    StackSave,
    /// `llvm.stackrestore`: gives back the allocas made since the save; here
    /// nothing (allocas are never given back), but its operand must be a
    /// pointer.
    StackRestore,
    /// An intrinsic that can end the thread ([`Ending`]).
    End(Ending),
    /// A cross-thread operation.
    Comm(Comm),
    /// Any other external function: an observable event.
    External,
    /// An `llvm.*` intrinsic the executor does not model.
    Unsupported,
}

/// Intrinsic prefixes computed per thread by [`pure_intrinsic`].
const PURE: &[&str] = &[
    "llvm.ctpop.",
    "llvm.ctlz.",
    "llvm.cttz.",
    "llvm.smin.",
    "llvm.smax.",
    "llvm.umin.",
    "llvm.umax.",
    "llvm.abs.",
    "llvm.fabs.",
    "llvm.minnum.",
    "llvm.maxnum.",
    "llvm.sqrt.",
    "llvm.fma.",
    "llvm.fmuladd.",
    "llvm.uadd.with.overflow.",
    "llvm.sadd.with.overflow.",
    "llvm.usub.with.overflow.",
    "llvm.ssub.with.overflow.",
    "llvm.umul.with.overflow.",
    "llvm.smul.with.overflow.",
];

/// Intrinsics that end the calling thread.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `llvm.amdgcn.kill(i1 %c)`: the thread stops when `%c` is false.
    Kill,
    /// `llvm.trap`, `llvm.ubsantrap`: the thread stops, observably.
    Trap,
}

impl Ending {
    /// How a thread that ended this way is reported.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Kill => "killed",
            Ending::Trap => "trapped",
        }
    }
}

/// Classifies a callee by name; `convergent` says whether the call is a
/// convergent operation (which turns an unknown external into [`Comm::Opaque`]).
pub fn classify(name: &str, convergent: bool) -> Callee {
    match name {
        "llvm.experimental.convergence.entry" => return Callee::Token(TokenIntrinsic::Entry),
        "llvm.experimental.convergence.anchor" => return Callee::Token(TokenIntrinsic::Anchor),
        "llvm.experimental.convergence.loop" => return Callee::Token(TokenIntrinsic::Loop),
        "llvm.assume" => return Callee::Assume,
        "llvm.amdgcn.kill" => return Callee::End(Ending::Kill),
        "llvm.trap" | "llvm.ubsantrap" => return Callee::End(Ending::Trap),
        _ => {}
    }
    if let Some(op) = crate::resources::classify(name) {
        return Callee::Resource(op);
    }
    let n = name.to_ascii_lowercase();
    if let Some(q) = lane_query(&n) {
        return Callee::Lane(q);
    }
    if PURE.iter().any(|p| n.starts_with(p)) {
        return Callee::Pure;
    }
    if n.starts_with("llvm.memcpy.") || n.starts_with("llvm.memmove.") {
        return Callee::MemCopy;
    }
    if n.starts_with("llvm.memset.") {
        return Callee::MemSet;
    }
    if n == "llvm.stacksave" || n.starts_with("llvm.stacksave.") {
        return Callee::StackSave;
    }
    if n == "llvm.stackrestore" || n.starts_with("llvm.stackrestore.") {
        return Callee::StackRestore;
    }
    if ["llvm.lifetime.", "llvm.dbg.", "llvm.experimental.noalias.scope.decl", "llvm.donothing", "llvm.sideeffect"]
        .iter()
        .any(|p| n.starts_with(p))
    {
        return Callee::NoOp;
    }
    if let Some(c) = comm(&n) {
        return Callee::Comm(c);
    }
    // Hands the thread to the runtime, whose result the caller returns:
    // an observable event like any external call.
    if n.starts_with("llvm.experimental.deoptimize") {
        return Callee::External;
    }
    if convergent {
        Callee::Comm(Comm::Opaque)
    } else if n.starts_with("llvm.") {
        Callee::Unsupported
    } else {
        Callee::External
    }
}

fn lane_query(n: &str) -> Option<LaneQuery> {
    Some(match n {
        "llvm.amdgcn.workitem.id.x" | "llvm.nvvm.read.ptx.sreg.tid.x" | "llvm.nvvm.read.ptx.sreg.laneid" => {
            LaneQuery::Lane
        }
        "llvm.amdgcn.workitem.id.y"
        | "llvm.amdgcn.workitem.id.z"
        | "llvm.nvvm.read.ptx.sreg.tid.y"
        | "llvm.nvvm.read.ptx.sreg.tid.z" => LaneQuery::Zero,
        // HLSL (clang's SPIR-V and DirectX intrinsics; `WaveGetLaneIndex`
        // is a call to `__hlsl_wave_get_lane_index` for SPIR-V).
        "llvm.dx.wave.getlaneindex" | "__hlsl_wave_get_lane_index" => LaneQuery::Lane,
        "llvm.spv.flattened.thread.id.in.group" | "llvm.dx.flattened.thread.id.in.group" => LaneQuery::Lane,
        "llvm.spv.wave.get.lane.count" | "llvm.dx.wave.get.lane.count" => LaneQuery::Count,
        "llvm.dx.thread.id" | "llvm.dx.thread.id.in.group" => LaneQuery::ByDim,
        "llvm.dx.group.id" => LaneQuery::Zero,
        _ if n.starts_with("llvm.spv.thread.id.in.group.") || n.starts_with("llvm.spv.thread.id.i") => LaneQuery::ByDim,
        _ if n.starts_with("llvm.spv.group.id.i") => LaneQuery::Zero,
        "llvm.amdgcn.mbcnt.lo" => LaneQuery::MbcntLo,
        "llvm.amdgcn.mbcnt.hi" => LaneQuery::MbcntHi,
        _ if n.contains("localinvocationid") || n.contains("local_invocation_id") || n.contains("laneid") => {
            LaneQuery::Lane
        }
        _ if n.contains("lane_id") => LaneQuery::Lane,
        _ => return None,
    })
}

fn comm(n: &str) -> Option<Comm> {
    // HLSL's votes (`llvm.spv.wave.all`, `llvm.dx.wave.any`, ...).
    if let Some(op) = n.strip_prefix("llvm.spv.wave.").or_else(|| n.strip_prefix("llvm.dx.wave.")) {
        match op {
            "all" => return Some(Comm::VoteAll),
            "any" => return Some(Comm::VoteAny),
            "active.countbits" => return Some(Comm::CountBits),
            "is.first.lane" => return Some(Comm::IsFirst),
            _ => {}
        }
    }
    if n.contains("ballot") {
        return Some(Comm::Ballot);
    }
    if n.starts_with("llvm.nvvm.vote.") {
        return Some(if n.contains(".all") {
            Comm::VoteAll
        } else if n.contains(".any") {
            Comm::VoteAny
        } else {
            Comm::VoteUni
        });
    }
    if n.contains("readfirstlane") || (n.contains("broadcast") && n.contains("first")) {
        return Some(Comm::BroadcastFirst);
    }
    if n.starts_with("llvm.nvvm.shfl.") {
        let mode = if n.contains(".up") {
            ShuffleMode::Up
        } else if n.contains(".down") {
            ShuffleMode::Down
        } else if n.contains(".bfly") {
            ShuffleMode::Xor
        } else {
            ShuffleMode::Index
        };
        return Some(Comm::Shuffle(mode, true));
    }
    if n.contains("readlane") || n.contains("shuffle") {
        return Some(Comm::Shuffle(if n.contains("xor") { ShuffleMode::Xor } else { ShuffleMode::Index }, false));
    }
    if n.contains("barrier") {
        return Some(Comm::Barrier);
    }
    if n.contains("reduce") || n.contains("subgroup") {
        let ops = [
            ("umin", Reduce::UMin),
            ("umax", Reduce::UMax),
            ("min", Reduce::Min),
            ("max", Reduce::Max),
            ("xor", Reduce::Xor),
            ("add", Reduce::Add),
            ("sum", Reduce::Add),
            ("mul", Reduce::Mul),
            ("and", Reduce::And),
            ("or", Reduce::Or),
        ];
        let tail = n.rsplit_once("reduce").map_or(n, |(_, t)| t);
        let tail = tail.rsplit_once("subgroup").map_or(tail, |(_, t)| t);
        for (k, r) in ops {
            if tail.contains(k) {
                return Some(Comm::Reduce(r));
            }
        }
    }
    None
}

/// A per-lane query's result.
pub fn lane_value(q: LaneQuery, lane: u32, threads: u32, args: &[Val], bits: u32) -> Val {
    let count_below = |m: &Val, lo: u32| -> Option<u128> {
        let Val::Int { v, .. } = m else { return None };
        let below = lane.saturating_sub(lo).min(32);
        Some(u128::from(((*v as u64) & ((1u64 << below) - 1)).count_ones()))
    };
    match q {
        LaneQuery::Lane => Val::int(bits, u128::from(lane)),
        LaneQuery::Zero => Val::int(bits, 0),
        LaneQuery::Count => Val::int(bits, u128::from(threads)),
        LaneQuery::ByDim => match args.first() {
            Some(Val::Int { v: 0, .. }) => Val::int(bits, u128::from(lane)),
            Some(Val::Int { v: 1 | 2, .. }) => Val::int(bits, 0),
            _ => Val::Poison,
        },
        LaneQuery::MbcntLo | LaneQuery::MbcntHi => {
            let lo = if q == LaneQuery::MbcntLo { 0 } else { 32 };
            match (args.first().and_then(|m| count_below(m, lo)), args.get(1)) {
                (Some(c), Some(Val::Int { v, .. })) => Val::int(bits, c + v),
                _ => Val::Poison,
            }
        }
    }
}

/// One communicating thread's contribution.
pub struct Member<'a> {
    /// Its lane.
    pub lane: u32,
    /// Its arguments.
    pub args: &'a [Val],
}

/// The result of `comm` for the member at `me`, given all members in lane order.
pub fn comm_result(tcx: &TypeCtx, comm: Comm, name: &str, members: &[Member], me: usize, ret: Type) -> Result<Val> {
    let bits = tcx.int_bits(ret).unwrap_or(32);
    let pred = |m: &Member| -> Option<bool> {
        match m.args.iter().rev().find(|a| matches!(a, Val::Int { bits: 1, .. } | Val::Poison)) {
            Some(Val::Int { v, .. }) => Some(*v != 0),
            Some(_) => None,
            None => Some(true),
        }
    };
    let preds: Option<Vec<bool>> = members.iter().map(pred).collect();
    Ok(match comm {
        Comm::Ballot => match preds {
            Some(p) => {
                let mask = members.iter().zip(&p).filter(|(_, on)| **on).fold(0u128, |m, (x, _)| m | (1 << x.lane));
                if tcx.types.is_int(ret) {
                    Val::int(bits, mask)
                } else {
                    // HLSL's `WaveActiveBallot`: a vector of integers, lowest
                    // lanes in element 0.
                    match tcx.types.get(ret) {
                        TypeData::Vector { len, elem, scalable: false } if tcx.int_bits(*elem).is_some() => {
                            let w = tcx.int_bits(*elem).unwrap_or(32);
                            let part = |i: u32| if w * i >= 128 { 0 } else { mask >> (w * i) };
                            agg((0..*len).map(|i| Val::int(w, part(i))).collect())
                        }
                        _ => Val::Poison,
                    }
                }
            }
            None => Val::Poison,
        },
        Comm::CountBits => match preds {
            Some(p) => Val::int(bits, p.iter().filter(|&&x| x).count() as u128),
            None => Val::Poison,
        },
        Comm::IsFirst => Val::bool(me == 0),
        Comm::VoteAll => preds.map_or(Val::Poison, |p| Val::bool(p.iter().all(|&x| x))),
        Comm::VoteAny => preds.map_or(Val::Poison, |p| Val::bool(p.iter().any(|&x| x))),
        Comm::VoteUni => preds.map_or(Val::Poison, |p| Val::bool(p.iter().all(|&x| x == p[0]))),
        Comm::BroadcastFirst => members[0].args.first().cloned().unwrap_or(Val::Poison),
        Comm::Shuffle(mode, nvvm) => {
            let (val_i, lane_i) = if nvvm { (1, 2) } else { (0, 1) };
            let b = match members[me].args.get(lane_i) {
                Some(Val::Int { v, bits }) => sext(*v, *bits),
                _ => return Ok(Val::Poison),
            };
            let own = i128::from(members[me].lane);
            let src = match mode {
                ShuffleMode::Index => b,
                ShuffleMode::Up => own - b,
                ShuffleMode::Down => own + b,
                ShuffleMode::Xor => own ^ b,
            };
            match members.iter().find(|m| i128::from(m.lane) == src) {
                Some(m) => m.args.get(val_i).cloned().unwrap_or(Val::Poison),
                // HLSL's `WaveReadLaneAt` (SPIR-V's `OpGroupNonUniformShuffle`)
                // of an inactive lane gives an undefined value, not undefined
                // behaviour.
                None if name.starts_with("llvm.spv.") || name.starts_with("llvm.dx.") => Val::Poison,
                None => {
                    let set: Vec<String> = members.iter().map(|m| m.lane.to_string()).collect();
                    return ub(format!(
                        "{name}: thread {} reads thread {src}, which is not in the communicating set {{{}}}",
                        members[me].lane,
                        set.join(",")
                    ));
                }
            }
        }
        Comm::Reduce(op) => {
            let mut acc: Option<Val> = None;
            for m in members {
                let x = m.args.first().cloned().unwrap_or(Val::Poison);
                acc = Some(match acc {
                    None => x,
                    Some(a) => reduce(op, &a, &x),
                });
            }
            acc.unwrap_or(Val::Poison)
        }
        Comm::Barrier => Val::Void,
        Comm::Opaque => {
            let mut h = Hasher::new(name);
            for m in members {
                h.u64(u64::from(m.lane));
                h.vals(m.args);
            }
            h.u64(u64::from(members[me].lane));
            h.value_of(tcx, ret)
        }
    })
}

fn reduce(op: Reduce, a: &Val, b: &Val) -> Val {
    match (a, b) {
        (Val::Int { bits, v: x }, Val::Int { v: y, .. }) => {
            let (sx, sy) = (sext(*x, *bits), sext(*y, *bits));
            let r = match op {
                Reduce::Add => x.wrapping_add(*y),
                Reduce::Mul => x.wrapping_mul(*y),
                Reduce::Min => (if sx <= sy { sx } else { sy }) as u128,
                Reduce::Max => (if sx >= sy { sx } else { sy }) as u128,
                Reduce::UMin => *x.min(y),
                Reduce::UMax => *x.max(y),
                Reduce::And => x & y,
                Reduce::Or => x | y,
                Reduce::Xor => x ^ y,
            };
            Val::int(*bits, r)
        }
        (Val::Float(x), Val::Float(y)) => {
            let (p, q) = (x.to_f64(), y.to_f64());
            let r = match op {
                Reduce::Add => p + q,
                Reduce::Mul => p * q,
                Reduce::Min | Reduce::UMin => p.min(q),
                Reduce::Max | Reduce::UMax => p.max(q),
                _ => return Val::Poison,
            };
            Val::Float(x.same_format(r))
        }
        _ => Val::Poison,
    }
}

/// FNV-1a over a call's name and argument values: the deterministic
/// stand-in result of external and opaque convergent calls.
pub struct Hasher(u64);

impl Hasher {
    /// Starts with the callee's name.
    pub fn new(name: &str) -> Self {
        let mut h = Hasher(0xcbf2_9ce4_8422_2325);
        h.bytes(name.as_bytes());
        h
    }

    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= u64::from(x);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// Mixes in a number.
    pub fn u64(&mut self, x: u64) {
        self.bytes(&x.to_le_bytes());
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }

    /// Mixes in values.
    pub fn vals(&mut self, vs: &[Val]) {
        for v in vs {
            self.bytes(v.to_string().as_bytes());
            self.bytes(b";");
        }
    }

    /// A value of type `t` derived from the hash: integers take its bits,
    /// floats a small integral value (so results stay exact and printable).
    pub fn value_of(&self, tcx: &TypeCtx, t: Type) -> Val {
        derive(tcx, t, self.0)
    }
}

fn derive(tcx: &TypeCtx, t: Type, h: u64) -> Val {
    let mix = |i: u64| (h ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29);
    match tcx.types.get(t) {
        TypeData::Void => Val::Void,
        TypeData::Int(b) => Val::int(*b, u128::from(h) | (u128::from(mix(1)) << 64)),
        TypeData::Float(_) => {
            let x = (h % 256) as f64 - 128.0;
            match tcx.types.float_kind(t) {
                Some(k) => crate::typed::float_of_bits(k, 0).map_or(Val::Poison, |f| Val::Float(f.same_format(x))),
                None => Val::Poison,
            }
        }
        TypeData::Ptr(_) => Val::Ptr(0),
        _ => match tcx.types.num_elements(t) {
            Some(n) if n <= 4096 => {
                agg((0..n).map(|i| derive(tcx, tcx.types.element(t, i).unwrap_or(t), mix(i + 2))).collect())
            }
            _ => Val::Poison,
        },
    }
}

/// A pure intrinsic's result (`None` when the name is not one we compute).
pub fn pure_intrinsic(tcx: &TypeCtx, name: &str, args: &[Val], ret: Type) -> Option<Val> {
    let base = name.split('.').take(2).collect::<Vec<_>>().join(".");
    if args.iter().any(Val::is_poison) && !base.ends_with("with") {
        return Some(tcx.poison(ret));
    }
    let int = |i: usize| match args.get(i) {
        Some(Val::Int { bits, v }) => Some((*bits, *v)),
        _ => None,
    };
    let flt = |i: usize| match args.get(i) {
        Some(Val::Float(f)) => Some(*f),
        _ => None,
    };
    let fresult = |f: Float, x: f64| Some(Val::Float(f.same_format(x)));
    match base.as_str() {
        "llvm.ctpop" => int(0).map(|(b, v)| Val::int(b, u128::from(v.count_ones()))),
        "llvm.ctlz" | "llvm.cttz" => {
            let (b, v) = int(0)?;
            let zero_poison = matches!(args.get(1), Some(Val::Int { v: 1, .. }));
            if v == 0 && zero_poison {
                return Some(Val::Poison);
            }
            let n = if base == "llvm.ctlz" {
                v.leading_zeros().saturating_sub(128 - b.min(128))
            } else {
                v.trailing_zeros().min(b)
            };
            Some(Val::int(b, u128::from(n)))
        }
        "llvm.smin" | "llvm.smax" | "llvm.umin" | "llvm.umax" => {
            let ((b, x), (_, y)) = (int(0)?, int(1)?);
            let (sx, sy) = (sext(x, b), sext(y, b));
            let r = match base.as_str() {
                "llvm.smin" => {
                    if sx <= sy {
                        x
                    } else {
                        y
                    }
                }
                "llvm.smax" => {
                    if sx >= sy {
                        x
                    } else {
                        y
                    }
                }
                "llvm.umin" => x.min(y),
                _ => x.max(y),
            };
            Some(Val::int(b, r))
        }
        "llvm.abs" => {
            let (b, v) = int(0)?;
            let s = sext(v, b);
            let int_min = b < 128 && s == -(1i128 << (b - 1));
            if int_min && matches!(args.get(1), Some(Val::Int { v: 1, .. })) {
                return Some(Val::Poison);
            }
            Some(Val::int(b, s.unsigned_abs()))
        }
        "llvm.fabs" => flt(0).and_then(|f| fresult(f, f.to_f64().abs())),
        "llvm.sqrt" => flt(0).and_then(|f| fresult(f, f.to_f64().sqrt())),
        "llvm.minnum" => {
            let (a, b) = (flt(0)?, flt(1)?);
            fresult(a, a.to_f64().min(b.to_f64()))
        }
        "llvm.maxnum" => {
            let (a, b) = (flt(0)?, flt(1)?);
            fresult(a, a.to_f64().max(b.to_f64()))
        }
        "llvm.fma" | "llvm.fmuladd" => {
            let (a, b, c) = (flt(0)?, flt(1)?, flt(2)?);
            fresult(a, a.to_f64().mul_add(b.to_f64(), c.to_f64()))
        }
        _ if name.contains(".with.overflow.") => {
            if args.iter().any(Val::is_poison) {
                return Some(tcx.poison(ret));
            }
            let ((b, x), (_, y)) = (int(0)?, int(1)?);
            let (sx, sy) = (sext(x, b), sext(y, b));
            let umax = crate::value::mask(u128::MAX, b);
            let fits = |r: Option<i128>| r.is_some_and(|r| sext(r as u128, b) == r);
            let (r, ov) = match base.as_str() {
                "llvm.uadd" => (x.wrapping_add(y), x.checked_add(y).is_none_or(|r| r > umax)),
                "llvm.usub" => (x.wrapping_sub(y), y > x),
                "llvm.umul" => (x.wrapping_mul(y), x.checked_mul(y).is_none_or(|r| r > umax)),
                "llvm.sadd" => (x.wrapping_add(y), !fits(sx.checked_add(sy))),
                "llvm.ssub" => (x.wrapping_sub(y), !fits(sx.checked_sub(sy))),
                _ => (x.wrapping_mul(y), !fits(sx.checked_mul(sy))),
            };
            Some(agg(vec![Val::int(b, r), Val::bool(ov)]))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_families() {
        assert_eq!(classify("subgroupAdd", true), Callee::Comm(Comm::Reduce(Reduce::Add)));
        assert_eq!(classify("subgroupBallot", true), Callee::Comm(Comm::Ballot));
        assert_eq!(classify("subgroupBroadcastFirst", true), Callee::Comm(Comm::BroadcastFirst));
        assert_eq!(classify("subgroupControlBarrier", true), Callee::Comm(Comm::Barrier));
        assert_eq!(classify("llvm.amdgcn.wave.reduce.umin.i32", true), Callee::Comm(Comm::Reduce(Reduce::UMin)));
        assert_eq!(classify("llvm.amdgcn.readfirstlane.i32", true), Callee::Comm(Comm::BroadcastFirst));
        assert_eq!(
            classify("llvm.nvvm.shfl.sync.down.i32", true),
            Callee::Comm(Comm::Shuffle(ShuffleMode::Down, true))
        );
        assert_eq!(classify("getSubgroupLocalInvocationId", false), Callee::Lane(LaneQuery::Lane));
        assert_eq!(classify("textureSample", true), Callee::Comm(Comm::Opaque));
        assert_eq!(classify("use", false), Callee::External);
        assert_eq!(classify("llvm.sin.f32", false), Callee::Unsupported);
        assert_eq!(classify("llvm.experimental.deoptimize.i32", false), Callee::External);
        assert_eq!(classify("llvm.ctpop.i64", false), Callee::Pure);
        assert_eq!(classify("llvm.stacksave.p0", false), Callee::StackSave);
        assert_eq!(classify("llvm.stackrestore.p5", false), Callee::StackRestore);
        assert_eq!(classify("llvm.spv.thread.id.i32", false), Callee::Lane(LaneQuery::ByDim));
        assert_eq!(classify("llvm.spv.thread.id.in.group.i32", false), Callee::Lane(LaneQuery::ByDim));
        assert_eq!(classify("llvm.dx.thread.id", false), Callee::Lane(LaneQuery::ByDim));
        assert_eq!(classify("llvm.dx.group.id", false), Callee::Lane(LaneQuery::Zero));
        assert_eq!(classify("llvm.dx.wave.getlaneindex", true), Callee::Lane(LaneQuery::Lane));
        assert_eq!(classify("llvm.spv.wave.get.lane.count", true), Callee::Lane(LaneQuery::Count));
        assert_eq!(classify("llvm.spv.wave.reduce.sum.i32", true), Callee::Comm(Comm::Reduce(Reduce::Add)));
        assert_eq!(classify("llvm.dx.wave.reduce.usum.i32", true), Callee::Comm(Comm::Reduce(Reduce::Add)));
        assert_eq!(classify("llvm.dx.wave.reduce.umin.i32", true), Callee::Comm(Comm::Reduce(Reduce::UMin)));
        assert_eq!(classify("llvm.spv.wave.active.countbits", true), Callee::Comm(Comm::CountBits));
        assert_eq!(classify("llvm.dx.wave.is.first.lane", true), Callee::Comm(Comm::IsFirst));
        assert_eq!(classify("llvm.spv.wave.all", true), Callee::Comm(Comm::VoteAll));
        assert_eq!(classify("llvm.dx.wave.any", true), Callee::Comm(Comm::VoteAny));
        assert_eq!(classify("llvm.dx.wave.readlane.i32", true), Callee::Comm(Comm::Shuffle(ShuffleMode::Index, false)));
        // Unknown resource intrinsics stay unrunnable.
        assert_eq!(classify("llvm.spv.resource.load.typedbuffer.i32", false), Callee::Unsupported);
        assert_eq!(classify("llvm.spv.wave.prefix.sum.i32", false), Callee::Unsupported);
    }

    #[test]
    fn mbcnt_counts_lanes_below() {
        let all = Val::int(32, 0xffff_ffff);
        assert_eq!(lane_value(LaneQuery::MbcntLo, 5, 64, &[all.clone(), Val::int(32, 0)], 32), Val::int(32, 5));
        assert_eq!(lane_value(LaneQuery::MbcntHi, 5, 64, &[all.clone(), Val::int(32, 5)], 32), Val::int(32, 5));
        assert_eq!(lane_value(LaneQuery::MbcntHi, 40, 64, &[all, Val::int(32, 32)], 32), Val::int(32, 40));
    }
}

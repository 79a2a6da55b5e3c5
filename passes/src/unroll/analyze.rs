//! What complete unrolling would simplify, as LLVM's full-unroll analysis
//! estimates it: the loop's iterations are simulated one by one with the
//! header phis' constant values (the start, then what the previous
//! iteration computed), folding integer arithmetic, comparisons and casts
//! on constants, and the identities of arithmetic with one constant
//! operand (`mul %x, 0`, `add %x, 0`). Pointers the loop steps (as scalar
//! evolution sees them) are followed as a base plus a constant offset: a
//! load at such an address in a constant global reads the initializer
//! (poison past its end), and two addresses off one base compare as their
//! offsets. A branch on a folded condition leaves its other successor
//! unvisited in that iteration.
//!
//! Two costs come out. The *rolled dynamic* cost counts every instruction
//! the simulation visits, as the loop would run them. The *unrolled* cost
//! counts only what survives unrolling: instructions that do not fold and
//! that something observable needs (an instruction with side effects, a
//! branch that does not fold, a value used after the loop in the last
//! iteration), following operands back through the iterations by way of
//! the header phis. Anything nothing observable needs is dead once
//! unrolled, and costs nothing.
//!
//! The caller boosts its threshold by the ratio of the two (capped at
//! `-unroll-max-percent-threshold-boost`, in percent); see [`boost`].
//! The analysis gives up (`None`) on loops with inner loops, trip counts
//! over `-unroll-max-iteration-count-to-analyze`, calls to functions that
//! are not intrinsics, an unrolled cost over the caller's limit, or a first
//! iteration where nothing folds.

use super::inst_cost;
use crate::const_load;
use crate::loops::Loop;
use crate::simplify::{fold_binop, fold_cast};
use opt_conv_ir::constant::{Const, ConstKind, mask};
use opt_conv_ir::datalayout::DataLayout;
use opt_conv_ir::effects::inst_effects;
use opt_conv_ir::inst::{BinOp, CastOp};
use opt_conv_ir::module::GlobalId;
use opt_conv_ir::{Block, Function, Inst, InstKind, Module, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// The two costs of a simulated loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// What the completely unrolled loop is estimated to cost.
    pub unrolled: u64,
    /// What running the loop costs, instruction by instruction.
    pub rolled_dynamic: u64,
}

/// The percentage by which a full-unroll threshold grows for `e`: the
/// rolled cost over the unrolled one, at most `max_boost`.
pub fn boost(e: &Estimate, max_boost: u64) -> u64 {
    if e.rolled_dynamic >= u64::from(u32::MAX) / 100 {
        return 100;
    }
    match (100 * e.rolled_dynamic).checked_div(e.unrolled) {
        Some(ratio) => ratio.min(max_boost),
        None => max_boost,
    }
}

/// Per simulated instruction and iteration: whether it folded, and whether
/// its cost was taken into the unrolled cost already.
#[derive(Copy, Clone)]
struct State {
    free: bool,
    counted: bool,
}

/// Where a simulated address points: into a global, or relative to a
/// pointer defined before the loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Base {
    Global(GlobalId),
    Value(Value),
}

/// What the simulation knows of a value in one iteration: an integer, or
/// (for pointers the loop steps, as scalar evolution sees them) a base
/// plus a constant byte offset.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Sym {
    Int(u128),
    Addr(Base, i128),
    /// Poison (a load past the end of a constant, or arithmetic on one).
    Poison,
}

struct Sim<'a> {
    m: &'a Module,
    f: &'a Function,
    l: &'a Loop,
    latch: Block,
    states: FxHashMap<(Inst, u64), State>,
    unrolled: u64,
    /// AMDGPU's costs where they differ ([`super::target::amdgpu_size_cost`]).
    amdgpu: bool,
}

/// The cost of `i`, for the target (`amdgpu`) or not.
fn cost(m: &Module, f: &Function, i: Inst, amdgpu: bool) -> u64 {
    let generic = inst_cost(m, f, i);
    if amdgpu { super::target::amdgpu_size_cost(m, f, i, generic) } else { generic }
}

impl Sim<'_> {
    /// Takes `root` of iteration `iter` into the unrolled cost, with every
    /// in-loop instruction it needs, in that iteration and (through the
    /// header phis' backedges) in the earlier ones.
    fn add_cost(&mut self, root: Inst, mut iter: u64) {
        let dfg = self.f.dfg();
        let mut work = vec![root];
        let mut through_phis: Vec<Inst> = Vec::new();
        loop {
            while let Some(i) = work.pop() {
                let Some(st) = self.states.get_mut(&(i, iter)) else { continue };
                if st.counted {
                    continue;
                }
                st.counted = true;
                let free = st.free;
                let d = dfg.inst(i);
                if d.is_phi() && self.f.layout().inst_block(i) == Some(self.l.header) {
                    if iter > 0
                        && let Some(v) = d.incoming(self.latch)
                        && let Some(x) = self.in_loop(v)
                    {
                        through_phis.push(x);
                    }
                    continue;
                }
                if !free {
                    self.unrolled += cost(self.m, self.f, i, self.amdgpu);
                }
                work.extend(d.args.iter().filter_map(|&a| self.in_loop(a)));
            }
            if through_phis.is_empty() {
                return;
            }
            iter -= 1;
            work.append(&mut through_phis);
        }
    }

    /// The instruction defining `v`, if it is in the loop.
    fn in_loop(&self, v: Value) -> Option<Inst> {
        let i = self.f.dfg().value_inst(v)?;
        self.f.layout().inst_block(i).filter(|&b| self.l.contains(b)).map(|_| i)
    }
}

/// The instructions of `l` used outside it (in the loop-closed form LLVM
/// analyses, the values its exits' phis take).
pub fn live_out(f: &mut Function, l: &Loop) -> Vec<Inst> {
    let insts: Vec<Inst> = l.blocks.iter().flat_map(|&b| f.block_insts(b)).collect();
    let mut out = Vec::new();
    for i in insts {
        let Some(v) = f.dfg().inst_result(i) else { continue };
        let users = f.users_of(v);
        if users.iter().any(|&u| f.layout().inst_block(u).is_none_or(|b| !l.contains(b))) {
            out.push(i);
        }
    }
    out
}

/// Simulates the `trip` iterations of `l` (see the module's description);
/// `live_out` are its instructions used after it ([`live_out`]).
/// `max_unrolled` bounds the unrolled cost; `max_iterations` the trip count
/// worth simulating.
#[expect(clippy::too_many_arguments, reason = "the loop, its bounds and the target, passed once")]
pub fn estimate(
    m: &Module,
    f: &Function,
    l: &Loop,
    live_out: &[Inst],
    trip: u64,
    max_unrolled: u64,
    max_iterations: u64,
    amdgpu: bool,
) -> Option<Estimate> {
    if trip == 0 || trip > max_iterations || !super::transform::no_inner_cycle(f, l) {
        return None;
    }
    let latch = l.latch()?;
    let pre = l.preheader?;
    let dfg = f.dfg();
    let cfg = opt_conv_ir::analysis::FunctionAnalyses::cfg(f);
    let mut sim = Sim { m, f, l, latch, states: FxHashMap::default(), unrolled: 0, amdgpu };
    let mut rolled = 0u64;
    let dl = m.data_layout();
    // What is known of the values of the iteration being simulated.
    let mut known: FxHashMap<Value, Sym> = FxHashMap::default();
    let header_phis: Vec<Inst> = f.phis(l.header).collect();
    let invariant = invariant_insts(f, l);
    let stepped = stepped_insts(f, l, &invariant);
    let cx = Cx { m, f, l, dl, stepped: &stepped };
    for iter in 0..trip {
        let konst = |known: &FxHashMap<Value, Sym>, v: Value| match known.get(&v) {
            Some(Sym::Int(c)) => Some(*c),
            Some(Sym::Addr(..)) => None,
            // A branch on poison (or undef) is taken as going to its first
            // successor, as LLVM's analysis does.
            Some(Sym::Poison) => Some(1),
            None => match dfg.value_const(v) {
                Some(c) if matches!(c.kind, ConstKind::Poison | ConstKind::Undef) => Some(1),
                c => c.and_then(Const::as_int),
            },
        };
        let mut next: FxHashMap<Value, Sym> = FxHashMap::default();
        for &p in &header_phis {
            let d = dfg.inst(p);
            let from = if iter == 0 { d.incoming(pre) } else { d.incoming(latch) };
            let (Some(v), Some(r)) = (from, d.result()) else { continue };
            let sym = if iter == 0 {
                dfg.value_const(v).and_then(Const::as_int).map(Sym::Int).or_else(|| cx.outside_addr(v))
            } else {
                known
                    .get(&v)
                    .copied()
                    .or_else(|| dfg.value_const(v).and_then(Const::as_int).map(Sym::Int))
                    .or_else(|| dfg.value_const(v).filter(|c| c.kind == ConstKind::Poison).map(|_| Sym::Poison))
            };
            // An address only for a pointer the loop steps.
            match sym {
                Some(Sym::Addr(..)) if !stepped.contains(&p) => {}
                Some(x) => {
                    next.insert(r, x);
                }
                None => {}
            }
        }
        known = next;
        let mut blocks: Vec<Block> = vec![l.header];
        let mut queued: FxHashSet<Block> = FxHashSet::default();
        queued.insert(l.header);
        let mut k = 0;
        while k < blocks.len() {
            let b = blocks[k];
            k += 1;
            for i in f.block_insts(b) {
                let d = dfg.inst(i);
                if d.is_terminator() {
                    break;
                }
                rolled += cost(m, f, i, amdgpu);
                let folded = cx.fold(i, &known);
                if let (Some(Some(c)), Some(r)) = (folded, d.result()) {
                    known.insert(r, c);
                }
                // An address the loop steps is known, but still computed.
                let mut address = false;
                if folded.is_none()
                    && let (Some(a), Some(r)) = (cx.address(i, &known), d.result())
                {
                    known.insert(r, a);
                    address = true;
                }
                // A loop-invariant computation is needed once: in every
                // iteration but the first it is free. Under AMDGPU's cost
                // model, as LLVM costs it with its operands simplified, a
                // `getelementptr` whose indices are then all constant is a
                // base and an immediate offset, which addressing takes for
                // free.
                let free = folded.is_some()
                    || (d.is_phi() && b == l.header)
                    || (iter > 0 && invariant.contains(&i))
                    || (amdgpu && address);
                sim.states.insert((i, iter), State { free, counted: false });
                if free {
                    continue;
                }
                if let InstKind::Call(_) = d.kind {
                    let intrinsic =
                        dfg.direct_callee(i).and_then(|g| m.func(g)).is_some_and(|decl| decl.name.starts_with("llvm."));
                    if !intrinsic {
                        return None;
                    }
                }
                let e = inst_effects(m, f, i);
                if e.writes || !e.transfers_execution() {
                    sim.add_cost(i, iter);
                }
                if sim.unrolled > max_unrolled {
                    return None;
                }
            }
            let t = f.terminator(b)?;
            rolled += cost(m, f, t, amdgpu);
            sim.states.insert((t, iter), State { free: false, counted: false });
            let td = dfg.inst(t);
            let succs: Vec<Block> = match td.kind {
                InstKind::Br if td.blocks.len() == 2 => match konst(&known, td.args[0]) {
                    Some(c) => vec![td.blocks[usize::from(c == 0)]],
                    None => td.blocks.to_vec(),
                },
                _ => cfg.succs(b).to_vec(),
            };
            let decided = succs.len() == 1 && cfg.succs(b).len() > 1;
            for s in succs {
                if s == l.header {
                    continue;
                }
                if l.contains(s) && queued.insert(s) {
                    blocks.push(s);
                }
            }
            if !decided {
                sim.add_cost(t, iter);
                if sim.unrolled > max_unrolled {
                    return None;
                }
            }
        }
        // Nothing folded in the first iteration: nothing will later.
        if sim.unrolled == rolled {
            return None;
        }
    }
    // The values the loop's users see come from the last iteration.
    for &i in live_out {
        sim.add_cost(i, trip - 1);
    }
    Some(Estimate { unrolled: sim.unrolled, rolled_dynamic: rolled })
}

/// The instructions of `l` computing the same value in every iteration, as
/// LLVM's scalar evolution sees them: integer `add`, `sub`, `mul`, `udiv`,
/// shifts left by a constant, masks of low bits, integer casts and
/// `getelementptr`, on values defined outside the loop or computed so.
fn invariant_insts(f: &Function, l: &Loop) -> FxHashSet<Inst> {
    let dfg = f.dfg();
    let mut out: FxHashSet<Inst> = FxHashSet::default();
    loop {
        let before = out.len();
        for &b in &l.blocks {
            for i in f.block_insts(b) {
                if out.contains(&i) {
                    continue;
                }
                let d = dfg.inst(i);
                let low_mask = |v: Value| {
                    dfg.value_const(v)
                        .and_then(Const::as_int)
                        .is_some_and(|c| c.checked_add(1).is_some_and(u128::is_power_of_two))
                };
                let modelled = match &d.kind {
                    InstKind::Binary { op, .. } => match op {
                        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::UDiv => true,
                        BinOp::Shl => dfg.value_const(d.args[1]).is_some(),
                        BinOp::And => low_mask(d.args[1]),
                        _ => false,
                    },
                    InstKind::Cast { op: CastOp::ZExt | CastOp::SExt | CastOp::Trunc, .. } => true,
                    InstKind::Gep { .. } => true,
                    _ => false,
                };
                let inside = |v: Value| {
                    dfg.value_inst(v).is_some_and(|x| f.layout().inst_block(x).is_some_and(|xb| l.contains(xb)))
                };
                let operands_invariant =
                    d.args.iter().all(|&a| !inside(a) || dfg.value_inst(a).is_some_and(|x| out.contains(&x)));
                if modelled && operands_invariant {
                    out.insert(i);
                }
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The instructions of `l` that scalar evolution sees as stepping with
/// the loop (recurrences of `l`): header phis whose value from the latch
/// is one, and additions, subtractions, multiplications, shifts by a
/// constant, integer casts and `getelementptr`s of them and of invariant
/// values; not those computing the same value in every iteration.
fn stepped_insts(f: &Function, l: &Loop, invariant: &FxHashSet<Inst>) -> FxHashSet<Inst> {
    let dfg = f.dfg();
    let latch = l.latch();
    let inside = |v: Value| dfg.value_inst(v).filter(|&x| f.layout().inst_block(x).is_some_and(|xb| l.contains(xb)));
    // Optimistically everything modelled, then what needs an in-loop
    // value that is not is dropped, until nothing changes.
    let mut set: FxHashSet<Inst> = FxHashSet::default();
    for &b in &l.blocks {
        for i in f.block_insts(b) {
            let d = dfg.inst(i);
            let modelled = match &d.kind {
                InstKind::Phi { .. } => b == l.header,
                InstKind::Binary { op, .. } => match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul => true,
                    BinOp::Shl => dfg.value_const(d.args[1]).is_some(),
                    _ => false,
                },
                InstKind::Cast { op: CastOp::ZExt | CastOp::SExt | CastOp::Trunc, .. } => true,
                InstKind::Gep { .. } => true,
                _ => false,
            };
            if modelled {
                set.insert(i);
            }
        }
    }
    loop {
        let drop: Vec<Inst> = set
            .iter()
            .copied()
            .filter(|&i| {
                let d = dfg.inst(i);
                let needs: Vec<Value> = if d.is_phi() {
                    latch.and_then(|lt| d.incoming(lt)).into_iter().collect()
                } else {
                    d.args.to_vec()
                };
                needs.iter().any(|&a| inside(a).is_some_and(|x| !set.contains(&x))) || (d.is_phi() && needs.is_empty())
            })
            .collect();
        if drop.is_empty() {
            break;
        }
        for i in drop {
            set.remove(&i);
        }
    }
    set.retain(|i| !invariant.contains(i));
    set
}

/// What the simulation reads, fixed for the whole loop.
struct Cx<'a> {
    m: &'a Module,
    f: &'a Function,
    l: &'a Loop,
    dl: &'a DataLayout,
    stepped: &'a FxHashSet<Inst>,
}

impl Cx<'_> {
    /// The address a value defined before the loop (or a constant) holds.
    fn outside_addr(&self, v: Value) -> Option<Sym> {
        let dfg = self.f.dfg();
        if !matches!(self.m.types.get(dfg.value_type(v)), opt_conv_ir::types::TypeData::Ptr(_)) {
            return None;
        }
        if let Some((g, off)) = const_load::global_offset(self.m, self.dl, self.f, v) {
            return Some(Sym::Addr(Base::Global(g), off));
        }
        if dfg.value_const(v).is_some() || self.in_loop(v) {
            return None;
        }
        Some(Sym::Addr(Base::Value(v), 0))
    }

    fn in_loop(&self, v: Value) -> bool {
        let dfg = self.f.dfg();
        dfg.value_inst(v).and_then(|x| self.f.layout().inst_block(x)).is_some_and(|b| self.l.contains(b))
    }

    /// The address `i` computes when it is a `getelementptr` the loop
    /// steps, with known indices.
    fn address(&self, i: Inst, known: &FxHashMap<Value, Sym>) -> Option<Sym> {
        let dfg = self.f.dfg();
        let d = dfg.inst(i);
        let InstKind::Gep { source, .. } = d.kind else { return None };
        if !self.stepped.contains(&i) {
            return None;
        }
        let base = d.args[0];
        let (b, off) = match known.get(&base) {
            Some(Sym::Addr(b, off)) => (*b, *off),
            Some(Sym::Int(_) | Sym::Poison) => return None,
            None if !self.in_loop(base) => match self.outside_addr(base)? {
                Sym::Addr(b, off) => (b, off),
                Sym::Int(_) | Sym::Poison => return None,
            },
            None => return None,
        };
        let idx: Option<Vec<(u128, u32)>> = d.args[1..]
            .iter()
            .map(|&a| {
                let c = match known.get(&a) {
                    Some(Sym::Int(c)) => Some(*c),
                    Some(Sym::Addr(..) | Sym::Poison) => None,
                    None => dfg.value_const(a).and_then(Const::as_int),
                }?;
                Some((c, self.m.types.int_bits(dfg.value_type(a))?))
            })
            .collect();
        let step = const_load::gep_offset(self.m, self.dl, source, &idx?)?;
        Some(Sym::Addr(b, off.checked_add(step)?))
    }

    /// Whether `i` folds in the simulated iteration: `Some(Some(x))` when
    /// it is known to compute `x`, `Some(None)` when it simplifies to
    /// something not tracked (an operand that is not constant), `None`
    /// when it stays. Integer arithmetic, comparisons (also of two
    /// addresses off the same base), casts, selects, the identities of
    /// arithmetic with one constant operand (`mul %x, 0`, `add %x, 0`),
    /// and integer loads from constant arrays at known offsets.
    fn fold(&self, i: Inst, known: &FxHashMap<Value, Sym>) -> Option<Option<Sym>> {
        let (m, f) = (self.m, self.f);
        let dfg = f.dfg();
        let d = dfg.inst(i);
        let konst = |v: Value| match known.get(&v) {
            Some(Sym::Int(c)) => Some(*c),
            Some(Sym::Addr(..) | Sym::Poison) => None,
            None => dfg.value_const(v).and_then(Const::as_int),
        };
        let bits = |v: Value| m.types.int_bits(dfg.value_type(v)).filter(|&b| b <= 128);
        let int = |c: u128| Some(Some(Sym::Int(c)));
        let poison = |v: Value| {
            known.get(&v) == Some(&Sym::Poison) || dfg.value_const(v).is_some_and(|c| c.kind == ConstKind::Poison)
        };
        // Arithmetic, comparisons and casts of poison are poison.
        if matches!(d.kind, InstKind::Binary { .. } | InstKind::ICmp { .. } | InstKind::Cast { .. })
            && d.args.iter().any(|&a| poison(a))
        {
            return Some(Some(Sym::Poison));
        }
        match &d.kind {
            InstKind::Binary { op, flags, .. } => {
                let w = bits(d.result()?)?;
                let (a, b) = (d.args[0], d.args[1]);
                match (konst(a), konst(b)) {
                    (Some(x), Some(y)) => fold_binop(*op, *flags, x, y, w).map(|c| Some(Sym::Int(c))),
                    (x, y) => {
                        let ones = mask(u128::MAX, w);
                        let same = |v: Value| Some(known.get(&v).copied());
                        match (op, x, y) {
                            (BinOp::Mul | BinOp::And, _, Some(0)) | (BinOp::Mul | BinOp::And, Some(0), _) => int(0),
                            (BinOp::Or, _, Some(c)) | (BinOp::Or, Some(c), _) if c == ones => int(ones),
                            (
                                BinOp::Add
                                | BinOp::Sub
                                | BinOp::Or
                                | BinOp::Xor
                                | BinOp::Shl
                                | BinOp::LShr
                                | BinOp::AShr,
                                _,
                                Some(0),
                            )
                            | (BinOp::Mul | BinOp::UDiv | BinOp::SDiv, _, Some(1)) => same(a),
                            (BinOp::And, _, Some(c)) if c == ones => same(a),
                            (BinOp::Add | BinOp::Or | BinOp::Xor, Some(0), _) | (BinOp::Mul, Some(1), _) => same(b),
                            (BinOp::And, Some(c), _) if c == ones => same(b),
                            _ => None,
                        }
                    }
                }
            }
            InstKind::ICmp { pred, .. } => {
                let (a, b) = (d.args[0], d.args[1]);
                if let (Some(x), Some(y)) = (konst(a), konst(b)) {
                    return int(u128::from(pred.holds(x, y, bits(a).filter(|&w| w <= 128)?)));
                }
                // Two addresses off the same base compare as their offsets
                // (as LLVM's analysis does, for unsigned predicates too).
                match (known.get(&a), known.get(&b)) {
                    (Some(Sym::Addr(ba, oa)), Some(Sym::Addr(bb, ob))) if ba == bb && !pred.is_signed() => {
                        int(u128::from(pred.holds(mask(*oa as u128, 64), mask(*ob as u128, 64), 64)))
                    }
                    _ => None,
                }
            }
            InstKind::Cast { op: op @ (CastOp::ZExt | CastOp::SExt | CastOp::Trunc), flags, .. } => {
                fold_cast(*op, *flags, konst(d.args[0])?, bits(d.args[0])?, bits(d.result()?)?)
                    .map(|c| Some(Sym::Int(c)))
            }
            InstKind::Select { .. } => match konst(d.args[0])? {
                0 => konst(d.args[2]).map(|c| Some(Sym::Int(c))),
                _ => konst(d.args[1]).map(|c| Some(Sym::Int(c))),
            },
            InstKind::Load { .. } => {
                let Some(Sym::Addr(Base::Global(g), off)) = known.get(&d.args[0]).copied() else { return None };
                match const_load::load(m, self.dl, g, off, dfg.value_type(d.result()?))? {
                    const_load::Loaded::Bits(c) if m.types.int_bits(dfg.value_type(d.result()?)).is_some() => int(c),
                    const_load::Loaded::Bits(_) => Some(None),
                    const_load::Loaded::Poison => Some(Some(Sym::Poison)),
                }
            }
            // A phi of a block after the header: a constant when the edges
            // simulated so far agree (not tracked: not folded).
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Estimate, boost, estimate, live_out};
    use crate::loops::loop_with_header;
    use opt_conv_ir::parse_module;

    fn run(src: &str, trip: u64, max_unrolled: u64, max_iterations: u64) -> Option<Estimate> {
        let (mut m, _) = parse_module("t.ll", src).unwrap_or_else(|e| panic!("{e}"));
        let mut f = m.take_body(m.func_by_name("f").unwrap()).unwrap();
        let l = loop_with_header(&f, f.block_by_name("loop").unwrap()).unwrap();
        let out = live_out(&mut f, &l);
        estimate(&m, &f, &l, &out, trip, max_unrolled, max_iterations, false)
    }

    /// Ten iterations computing a loop-invariant value used after the loop.
    const INVARIANT: &str = "define i32 @f(i8 %a) {\n\
        entry:\n  br label %loop\n\
        loop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n  %z = zext i8 %a to i32\n\
        \x20 %i.next = add nuw nsw i64 %i, 1\n  %c = icmp ult i64 %i.next, 10\n\
        \x20 br i1 %c, label %loop, label %exit\n\
        exit:\n  ret i32 %z\n}\n";

    #[test]
    fn only_what_the_last_iteration_leaves_is_counted() {
        // Per iteration the zext, the step, the compare and the branch run
        // (40 in all); once unrolled, the steps, compares and branches fold
        // and only the last zext is used, which is loop-invariant: computed
        // once, in the first iteration, and free in the last.
        let e = run(INVARIANT, 10, 100, 10).unwrap();
        assert_eq!(e, Estimate { unrolled: 0, rolled_dynamic: 40 });
        // A zext of a loaded value is not invariant: the last one counts.
        let loaded = INVARIANT.replace("%z = zext i8 %a to i32", "%v = load i8, ptr null\n  %z = zext i8 %v to i32");
        assert_eq!(run(&loaded, 10, 100, 10), Some(Estimate { unrolled: 2, rolled_dynamic: 50 }));
        assert_eq!(boost(&e, 400), 400);
        assert_eq!(boost(&Estimate { unrolled: 20, rolled_dynamic: 40 }, 400), 200);
    }

    #[test]
    fn limits_end_the_analysis() {
        // More iterations than may be simulated.
        assert_eq!(run(INVARIANT, 10, 100, 9), None);
        // The unrolled cost over the limit: a store in every iteration.
        let stores = INVARIANT.replace("%z = zext i8 %a to i32", "%z = zext i8 %a to i32\n  store i8 %a, ptr null");
        assert_eq!(run(&stores, 10, 5, 10), None);
        assert!(run(&stores, 10, 100, 10).is_some_and(|e| e.unrolled == 10));
    }

    #[test]
    fn a_loop_where_nothing_folds_is_not_worth_analysing() {
        // The exit test reads a loaded value: the branch never folds, and
        // the load, the compare and the branch are all needed.
        let src = "define void @f(ptr %p) {\n\
            entry:\n  br label %loop\n\
            loop:\n  %v = load volatile i32, ptr %p\n  %c = icmp eq i32 %v, 0\n\
            \x20 br i1 %c, label %exit, label %loop\n\
            exit:\n  ret void\n}\n";
        assert_eq!(run(src, 4, 100, 10), None);
    }

    #[test]
    fn calls_to_functions_are_not_analysed() {
        let src = INVARIANT.replace("%z = zext i8 %a to i32", "%z = call i32 @g(i8 %a)")
            + "declare i32 @g(i8) nounwind willreturn memory(none)\n";
        assert_eq!(run(&src, 10, 100, 10), None);
    }

    /// Ten iterations multiplying a loaded value by an entry of `@t`.
    fn table(init: &str, linkage: &str) -> String {
        format!(
            "@t = {linkage} [10 x i32] {init}\n\
            define i32 @f(ptr %p) {{\n\
            entry:\n  br label %loop\n\
            loop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]\n\
            \x20 %tp = getelementptr inbounds [10 x i32], ptr @t, i64 0, i64 %i\n  %w = load i32, ptr %tp\n\
            \x20 %vp = getelementptr inbounds i32, ptr %p, i64 %i\n  %v = load i32, ptr %vp\n\
            \x20 %x = mul i32 %v, %w\n  %s.next = add i32 %x, %s\n\
            \x20 %i.next = add nuw nsw i64 %i, 1\n  %c = icmp eq i64 %i.next, 10\n\
            \x20 br i1 %c, label %exit, label %loop\n\
            exit:\n  ret i32 %s.next\n}}\n"
        )
    }

    const ONE_NONZERO: &str = "[i32 0, i32 0, i32 0, i32 5, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0]";

    #[test]
    fn loads_of_constant_tables_fold() {
        // Nine of the products are by zero and every sum adds zero to
        // something: what stays is, per iteration, the two addresses and
        // the load of p[i] the (free) product still names, as LLVM counts
        // them, and iteration 3's product.
        let e = run(&table(ONE_NONZERO, "internal constant"), 10, 1000, 10).unwrap();
        assert_eq!(e, Estimate { unrolled: 31, rolled_dynamic: 90 });
        // Read from a writable table, every load, product and sum stays
        // (but the first sum, 0 plus the product).
        let w = run(&table(ONE_NONZERO, "internal global"), 10, 1000, 10).unwrap();
        assert_eq!(w, Estimate { unrolled: 59, rolled_dynamic: 90 });
        // All zero: no product at all.
        let z = run(&table("zeroinitializer", "internal constant"), 10, 1000, 10).unwrap();
        assert_eq!(z, Estimate { unrolled: 30, rolled_dynamic: 90 });
    }

    #[test]
    fn only_definitive_constant_tables_are_read() {
        // A writable global, or a constant another definition may replace:
        // every load and product stays.
        for linkage in ["internal global", "weak constant"] {
            let e = run(&table(ONE_NONZERO, linkage), 10, 1000, 10).unwrap();
            assert_eq!(e, Estimate { unrolled: 59, rolled_dynamic: 90 }, "{linkage}");
        }
    }
}

//! Trip counts of counted loops: a bottom-tested loop whose latch leaves
//! when an induction variable (a header phi stepped by a constant) reaches a
//! loop-invariant limit.
//!
//! With constant start, step and limit the trip count is found by running
//! the exit test (any comparison, exact in the variable's width). With a
//! symbolic limit, the `icmp eq/ne %iv.next, %limit` form with step 1 gives
//! `limit - start` iterations (`icmp eq/ne %iv, %limit`, testing the
//! variable itself, one more); its *trip multiple* is the constant factor of
//! `limit - start` that is known (`mul %n, 12` gives 4, the power of two the
//! wrap keeps; `shl %n, 3` gives 8; `(%n & 7) == 0` or `%n urem 8 == 0`,
//! assumed or branched on before the loop, gives 8). A less-than test
//! counts `max(limit, start + 1) - start`, which is `limit - start` where
//! the loop is entered only when the limit is above the start.

use super::Loop;
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::constant::{mask, sext};
use opt_conv_ir::inst::{BinOp, CastOp, IntPred};
use opt_conv_ir::{Block, Function, Inst, InstKind, Module, Value};

/// The exit test of a counted loop.
#[derive(Clone, Debug)]
pub struct Counted {
    /// The induction variable (a header phi).
    pub iv: Inst,
    /// Its value on entry (the incoming value from the preheader).
    pub start: Value,
    /// Its increment per iteration.
    pub step: i128,
    /// `%iv.next = add %iv, step`.
    pub next: Inst,
    /// The comparison the latch branches on.
    pub cmp: Inst,
    /// Whether the comparison tests `next` (rather than `iv`).
    pub tests_next: bool,
    /// The loop-invariant operand of the comparison.
    pub limit: Value,
    /// Predicate, with the induction variable on the left.
    pub pred: IntPred,
    /// Whether the latch leaves the loop when the comparison is true.
    pub exit_on_true: bool,
    /// Width of the compared value in bits (the variable's, or the
    /// truncation's).
    pub bits: u32,
    /// `trunc` of the variable (or of its increment) that the comparison
    /// tests, as induction-variable simplification leaves a wide variable
    /// compared with a narrow limit (`%lftr.wideiv`). The truncated values
    /// form a variable of their own: `trunc(start) + k * trunc(step)` in
    /// `bits` bits, wrapping there, so the exit test is that of a narrow
    /// variable and everything below is computed in `bits` bits.
    pub trunc: Option<Inst>,
    /// Width of the variable itself (`bits` unless truncated).
    pub iv_bits: u32,
}

impl Counted {
    /// The step in the compared width.
    pub fn narrow_step(&self) -> i128 {
        sext(mask(self.step as u128, self.bits), self.bits)
    }
}

/// What is known about how many times the loop body runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TripCount {
    /// Exactly this many times.
    Constant(u64),
    /// Known at run time, by `formula`; a multiple of `multiple`.
    Symbolic {
        /// A known factor of the trip count (1 if none).
        multiple: u64,
        /// How the count follows from the start and the limit.
        formula: Formula,
    },
    /// Not a counted loop we understand.
    Unknown,
}

/// How a run-time trip count follows from the start `s` and the limit `n`
/// of a loop stepping its variable by one and testing the increment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `n - s`: the loop goes on while the increment is not `n`.
    Difference,
    /// `smax(n, s + 1) - s`: it goes on while the increment is less than
    /// `n` (signed); it runs once even if `n <= s`, and cannot wrap, since
    /// the test fails at the largest value.
    SignedMax,
    /// `umax(n, s + 1) - s`: the same, unsigned.
    UnsignedMax,
    /// `(n - s) + 1`: the loop goes on while the variable itself (not its
    /// increment) is not `n`, so it also runs the iteration where it is
    /// `n`. The backedge count `n - s` is exact in the width; the trip
    /// count wraps to 0 for `2^bits` iterations (`n == s - 1`), which the
    /// remainder computations, modular as they are, still get right.
    PhiDifference,
}

/// The counted-loop shape of `l`, if its single latch ends in a conditional
/// branch leaving the loop on a comparison of an induction variable with a
/// loop-invariant value.
pub fn counted(m: &Module, f: &Function, l: &Loop) -> Option<Counted> {
    counted_at(m, f, l, l.latch()?)
}

/// The counted shape of the exit test ending `exiting`, a block of `l`
/// other than the latch (the header, say): the same comparison of an
/// induction variable with a loop-invariant value. The trip count found
/// from it ([`trip_count`]) then counts how many times `exiting` is reached,
/// the last time leaving; the variable's increment must still feed the
/// header from the latch.
pub fn counted_at(m: &Module, f: &Function, l: &Loop, exiting: Block) -> Option<Counted> {
    let latch = l.latch()?;
    let pre = l.preheader?;
    let dfg = f.dfg();
    let term = f.terminator(exiting)?;
    let td = dfg.inst(term);
    if !td.is_cond_br() {
        return None;
    }
    let exit_on_true = match (l.contains(td.blocks[0]), l.contains(td.blocks[1])) {
        (false, true) => true,
        (true, false) => false,
        _ => return None,
    };
    if exiting == latch && td.blocks[0] != l.header && td.blocks[1] != l.header {
        return None;
    }
    let cmp = dfg.value_inst(td.args[0])?;
    let InstKind::ICmp { pred, .. } = dfg.inst(cmp).kind else { return None };
    let (a, b) = (dfg.inst(cmp).args[0], dfg.inst(cmp).args[1]);
    let invariant = |v: Value| match dfg.value_inst(v) {
        Some(i) => f.layout().inst_block(i).is_some_and(|blk| !l.contains(blk)),
        None => true,
    };
    let (x, limit, pred) = if invariant(b) {
        (a, b, pred)
    } else if invariant(a) {
        (b, a, pred.swapped())
    } else {
        return None;
    };
    // `x` is either the phi or its increment, or a truncation of either.
    let mut xi = dfg.value_inst(x)?;
    let mut trunc = None;
    if let InstKind::Cast { op: CastOp::Trunc, .. } = dfg.inst(xi).kind {
        trunc = Some(xi);
        xi = dfg.value_inst(dfg.inst(xi).args[0])?;
    }
    let (iv, next, tests_next) = match dfg.inst(xi).kind {
        InstKind::Phi { .. } => (xi, increment_of(f, l, xi)?, false),
        InstKind::Binary { op: BinOp::Add, .. } => {
            let phi = dfg.value_inst(dfg.inst(xi).args[0]).filter(|&p| dfg.inst(p).is_phi())?;
            if increment_of(f, l, phi)? != xi {
                return None;
            }
            (phi, xi, true)
        }
        _ => return None,
    };
    if f.layout().inst_block(iv) != Some(l.header) {
        return None;
    }
    let pd = dfg.inst(iv);
    let start = pd.incoming(pre)?;
    let bits = m.types.int_bits(f.dfg().value_type(x))?;
    let iv_bits = m.types.int_bits(f.dfg().value_type(dfg.inst_result(iv)?))?;
    // Counts are computed in 128 bits.
    if bits > 128 || iv_bits > 128 {
        return None;
    }
    let step = dfg.value_const(dfg.inst(next).args[1]).and_then(|c| c.as_int()).map(|v| sext(v, iv_bits))?;
    Some(Counted { iv, start, step, next, cmp, tests_next, limit, pred, exit_on_true, bits, trunc, iv_bits })
}

/// `%iv.next = add %iv, C` in the loop feeding the phi's backedge.
fn increment_of(f: &Function, l: &Loop, phi: Inst) -> Option<Inst> {
    let dfg = f.dfg();
    let latch = l.latch()?;
    let pd = dfg.inst(phi);
    let back = pd.incoming(latch)?;
    let inc = dfg.value_inst(back)?;
    let d = dfg.inst(inc);
    let ok = matches!(d.kind, InstKind::Binary { op: BinOp::Add, .. })
        && d.args[0] == dfg.inst_result(phi)?
        && dfg.value_const(d.args[1]).is_some_and(|c| c.as_int().is_some());
    ok.then_some(inc)
}

/// The trip count of a counted loop.
pub fn trip_count(m: &Module, f: &Function, l: &Loop, c: &Counted) -> TripCount {
    let dfg = f.dfg();
    let konst = |v: Value| dfg.value_const(v).and_then(|k| k.as_int()).map(|x| sext(x, c.bits));
    if let (Some(start), Some(limit)) = (konst(c.start), konst(c.limit)) {
        return match simulate(c, start, limit) {
            Some(n) => TripCount::Constant(n),
            None => TripCount::Unknown,
        };
    }
    if c.narrow_step() != 1 {
        return TripCount::Unknown;
    }
    // The predicate under which the loop goes on.
    let go_on = if c.exit_on_true { c.pred.inverse() } else { c.pred };
    let mut formula = match (go_on, c.tests_next) {
        (IntPred::Ne, true) => Formula::Difference,
        (IntPred::Slt, true) => Formula::SignedMax,
        (IntPred::Ult, true) => Formula::UnsignedMax,
        (IntPred::Ne, false) => Formula::PhiDifference,
        _ => return TripCount::Unknown,
    };
    // `max(n, s + 1) - s` is `n - s` where the loop is entered only when
    // `n > s`.
    if matches!(formula, Formula::SignedMax | Formula::UnsignedMax) && limit_above_start(f, l, c, formula) {
        formula = Formula::Difference;
    }
    let multiple = if formula == Formula::Difference && konst(c.start) == Some(0) {
        let facts = entry_facts(m, f, l);
        known_factor(m, f, &facts, c.limit, c.bits)
    } else {
        1
    };
    TripCount::Symbolic { multiple, formula }
}

/// Conditions known to hold whenever `l` is entered: going up from its
/// preheader as long as the block has a single predecessor, the condition of
/// each conditional branch on the way (true when the edge taken is its first
/// successor) and the conditions of the `llvm.assume` calls in those blocks.
/// Every such block is run, to its end, before the loop is entered.
pub fn entry_facts(m: &Module, f: &Function, l: &Loop) -> Vec<(Value, bool)> {
    let mut out = Vec::new();
    let Some(mut b) = l.preheader else { return out };
    let dfg = f.dfg();
    let mut seen = 0;
    loop {
        for i in f.block_insts(b) {
            let d = dfg.inst(i);
            if !matches!(d.kind, InstKind::Call(_)) {
                continue;
            }
            let assume =
                opt_conv_legality::convergence::callee_decl(m, f, d).is_some_and(|c| &*c.name == "llvm.assume");
            if let Some(&cond) = d.call_args().first().filter(|_| assume) {
                out.push((cond, true));
            }
        }
        let &[p] = f.cfg().preds(b) else { break };
        if p == b || l.contains(p) {
            break;
        }
        if let Some(t) = f.terminator(p) {
            let td = dfg.inst(t);
            if td.is_cond_br() && td.blocks[0] != td.blocks[1] {
                out.push((td.args[0], td.blocks[0] == b));
            }
        }
        b = p;
        seen += 1;
        if seen > 64 {
            break;
        }
    }
    out
}

/// Whether the loop is entered only when its limit `n` is above its
/// constant start `s` (signed for [`Formula::SignedMax`], unsigned for
/// [`Formula::UnsignedMax`]), by a condition of [`entry_facts`] comparing
/// `n` with a constant: `n > k` or `n >= k + 1` with `k >= s` (`n != 0`
/// when unsigned from 0).
fn limit_above_start(f: &Function, l: &Loop, c: &Counted, formula: Formula) -> bool {
    let dfg = f.dfg();
    let Some(s) = dfg.value_const(c.start).and_then(|k| k.as_int()).map(|s| mask(s, c.bits)) else { return false };
    let Some(pre) = l.preheader else { return false };
    let &[guard] = f.cfg().preds(pre) else { return false };
    let Some(t) = f.terminator(guard) else { return false };
    let td = dfg.inst(t);
    if !td.is_cond_br() || td.blocks[0] == td.blocks[1] {
        return false;
    }
    let holds = td.blocks[0] == pre;
    let Some(ci) = dfg.value_inst(td.args[0]) else { return false };
    let cd = dfg.inst(ci);
    let InstKind::ICmp { pred, .. } = cd.kind else { return false };
    let konst = |v: Value| dfg.value_const(v).and_then(|k| k.as_int()).map(|k| mask(k, c.bits));
    // `n pred k`, as it holds on the way into the loop.
    let (pred, k) = if cd.args[0] == c.limit {
        match konst(cd.args[1]) {
            Some(k) => (pred, k),
            None => return false,
        }
    } else if cd.args[1] == c.limit {
        match konst(cd.args[0]) {
            Some(k) => (pred.swapped(), k),
            None => return false,
        }
    } else {
        return false;
    };
    let pred = if holds { pred } else { pred.inverse() };
    if formula == Formula::SignedMax {
        let (s, k) = (sext(s, c.bits), sext(k, c.bits));
        match pred {
            IntPred::Sgt => k >= s,
            IntPred::Sge => k > s,
            _ => false,
        }
    } else {
        match pred {
            IntPred::Ugt => k >= s,
            IntPred::Uge => k > s,
            IntPred::Ne => s == 0 && k == 0,
            _ => false,
        }
    }
}

/// Runs the exit test: how many times the latch is reached (at most 2^20).
fn simulate(c: &Counted, start: i128, limit: i128) -> Option<u64> {
    let wrap = |v: i128| sext(mask(v as u128, c.bits), c.bits);
    let mut iv = wrap(start);
    for n in 1..=(1u64 << 20) {
        let next = wrap(iv + c.step);
        let x = if c.tests_next { next } else { iv };
        let hit = c.pred.holds(mask(x as u128, c.bits), mask(wrap(limit) as u128, c.bits), c.bits);
        if hit == c.exit_on_true {
            return Some(n);
        }
        iv = next;
    }
    None
}

/// A constant factor known to divide `v`, a count in `bits` bits: a power
/// of two, from the trailing zero bits [`trailing_zeros`] finds. Only powers
/// of two below `2^bits` survive the wrap: `mul i8 %x, 6` is 2 for
/// `%x = 43`, and a limit equal to the start counts `2^bits`.
fn known_factor(m: &Module, f: &Function, facts: &[(Value, bool)], v: Value, bits: u32) -> u64 {
    let tz = trailing_zeros(m, f, facts, v, bits, 0);
    if tz < bits.min(63) { 1 << tz } else { 1 }
}

/// How many low bits of `v` (`bits` wide) are known to be zero: those of a
/// constant; the power of two dividing `C` in `mul %x, C` (through
/// `nsw`/`nuw` flags or not: the product is what the loop compares
/// against), or `C` from `shl %x, C`, added to those of `%x`; the fewer of
/// the two values a `select` or a min/max intrinsic picks from; and those
/// the loop's entry conditions ([`entry_facts`]) give: `(v & M) == 0` for
/// the low ones of `M`, `v urem/srem 2^k == 0` for `k`.
fn trailing_zeros(m: &Module, f: &Function, facts: &[(Value, bool)], v: Value, bits: u32, depth: u32) -> u32 {
    let dfg = f.dfg();
    if let Some(k) = dfg.value_const(v).and_then(|c| c.as_int()) {
        let k = mask(k, bits);
        return if k == 0 { bits } else { k.trailing_zeros().min(bits) };
    }
    let from_facts = facts.iter().map(|&(c, holds)| fact_zeros(f, c, holds, v, bits)).max().unwrap_or(0);
    if depth > 6 {
        return from_facts;
    }
    let Some(i) = dfg.value_inst(v) else { return from_facts };
    let d = dfg.inst(i);
    let konst = |k: usize| dfg.value_const(d.args[k]).and_then(|c| c.as_int()).map(|c| mask(c, bits));
    let rec = |w: Value| trailing_zeros(m, f, facts, w, bits, depth + 1);
    let own = match d.kind {
        InstKind::Binary { op: BinOp::Mul, .. } => match (konst(0), konst(1)) {
            (_, Some(c)) if c > 0 => (c.trailing_zeros() + rec(d.args[0])).min(bits),
            (Some(c), _) if c > 0 => (c.trailing_zeros() + rec(d.args[1])).min(bits),
            _ => 0,
        },
        InstKind::Binary { op: BinOp::Shl, .. } => match konst(1) {
            Some(s) if s < u128::from(bits) => (s as u32 + rec(d.args[0])).min(bits),
            _ => 0,
        },
        InstKind::Select { .. } => rec(d.args[1]).min(rec(d.args[2])),
        InstKind::Call(_) if d.call_args().len() == 2 && min_max_intrinsic(m, f, d) => {
            rec(d.call_args()[0]).min(rec(d.call_args()[1]))
        }
        _ => 0,
    };
    own.max(from_facts)
}

/// A call of `llvm.smax`, `smin`, `umax` or `umin`.
fn min_max_intrinsic(m: &Module, f: &Function, d: &opt_conv_ir::InstData) -> bool {
    let Some(c) = opt_conv_legality::convergence::callee_decl(m, f, d) else { return false };
    ["llvm.smax.", "llvm.smin.", "llvm.umax.", "llvm.umin."].iter().any(|p| c.name.starts_with(p))
}

/// The low bits of `v` that condition `c` being `holds` proves zero.
fn fact_zeros(f: &Function, c: Value, holds: bool, v: Value, bits: u32) -> u32 {
    let dfg = f.dfg();
    let Some(ci) = dfg.value_inst(c) else { return 0 };
    let cd = dfg.inst(ci);
    let InstKind::ICmp { pred, .. } = cd.kind else { return 0 };
    let is_zero = |w: Value| dfg.value_const(w).and_then(|k| k.as_int()).is_some_and(|k| mask(k, bits) == 0);
    if !matches!((pred, holds), (IntPred::Eq, true) | (IntPred::Ne, false)) {
        return 0;
    }
    let x = if is_zero(cd.args[1]) {
        cd.args[0]
    } else if is_zero(cd.args[0]) {
        cd.args[1]
    } else {
        return 0;
    };
    let Some(xi) = dfg.value_inst(x) else { return 0 };
    let xd = dfg.inst(xi);
    if xd.args.len() != 2 || xd.args[0] != v {
        return 0;
    }
    let Some(k) = dfg.value_const(xd.args[1]).and_then(|c| c.as_int()).map(|c| mask(c, bits)) else { return 0 };
    match xd.kind {
        InstKind::Binary { op: BinOp::And, .. } => k.trailing_ones().min(bits),
        InstKind::Binary { op: BinOp::URem | BinOp::SRem, .. } if k.is_power_of_two() => k.trailing_zeros().min(bits),
        _ => 0,
    }
}

/// The latch of `l` ends in the counted exit test.
pub fn exit_block(f: &Function, l: &Loop) -> Option<Block> {
    let latch = l.latch()?;
    let t = f.terminator(latch)?;
    f.dfg().inst(t).successors().iter().copied().find(|&s| !l.contains(s))
}

/// An upper bound on the trip count of a counted loop (LLVM's "maximum trip
/// count"), when one is known from the widths and the loop's guard alone:
///
/// * a constant trip count is its own bound;
/// * `n - s` ([`Formula::Difference`]) counts modulo `2^bits`: at most
///   `2^bits` iterations (`n == s` runs the variable all the way round),
///   one fewer when the loop is entered only if `n != s` (the preheader's
///   predecessor branching on `icmp eq/ne n, s`, as rotated loops are
///   guarded);
/// * `max(n, s + 1) - s` with a constant start is at most the largest value
///   of the width (signed or unsigned) minus `s`.
///
/// `None` when the bound does not fit 64 bits or is not known.
pub fn max_trip_count(f: &Function, l: &Loop, c: &Counted, tc: &TripCount) -> Option<u64> {
    let TripCount::Symbolic { formula, .. } = tc else {
        return match tc {
            TripCount::Constant(n) => Some(*n),
            _ => None,
        };
    };
    // Wider counts do not fit (and need no bound: no count comes near).
    if c.bits >= 64 || c.bits == 0 {
        return None;
    }
    let dfg = f.dfg();
    let start = dfg.value_const(c.start).and_then(|k| k.as_int()).map(|s| mask(s, c.bits));
    // A max form the loop's guard turned into a difference keeps its bound.
    let go_on = if c.exit_on_true { c.pred.inverse() } else { c.pred };
    let formula = match (formula, go_on, c.tests_next) {
        (Formula::Difference, IntPred::Slt, true) => &Formula::SignedMax,
        (Formula::Difference, IntPred::Ult, true) => &Formula::UnsignedMax,
        _ => formula,
    };
    let bound: u128 = match formula {
        Formula::Difference => {
            let full = 1u128 << c.bits;
            if guarded_ne(f, l, c, start) { full - 1 } else { full }
        }
        // `n == s - 1` runs the variable all the way round.
        Formula::PhiDifference => 1u128 << c.bits,
        Formula::UnsignedMax => {
            let s = start?;
            let top = mask(u128::MAX, c.bits);
            top.checked_sub(s).filter(|&x| x > 0)?
        }
        Formula::SignedMax => {
            let s = sext(start?, c.bits);
            let top = (1i128 << (c.bits - 1)) - 1;
            let x = top.checked_sub(s).filter(|&x| x > 0)?;
            x as u128
        }
    };
    u64::try_from(bound).ok()
}

/// Whether the loop is entered only when its limit differs from the start
/// (in the compared width): the preheader's only predecessor ends in a
/// branch on `icmp eq/ne limit, start` reaching the preheader only on
/// inequality.
fn guarded_ne(f: &Function, l: &Loop, c: &Counted, start: Option<u128>) -> bool {
    let Some(pre) = l.preheader else { return false };
    let cfg = f.cfg();
    let &[guard] = cfg.preds(pre) else { return false };
    let Some(t) = f.terminator(guard) else { return false };
    let dfg = f.dfg();
    let td = dfg.inst(t);
    if !td.is_cond_br() || td.blocks[0] == td.blocks[1] {
        return false;
    }
    let Some(ci) = dfg.value_inst(td.args[0]) else { return false };
    let cd = dfg.inst(ci);
    let InstKind::ICmp { pred, .. } = cd.kind else { return false };
    // The start as the comparison would see it: the same value (untruncated
    // variables), or the constant in the compared width.
    let is_start = |v: Value| match (c.trunc, start) {
        (_, Some(s)) => dfg.value_const(v).and_then(|k| k.as_int()).is_some_and(|k| mask(k, c.bits) == s),
        (None, None) => v == c.start,
        (Some(_), None) => false,
    };
    let (a, b) = (cd.args[0], cd.args[1]);
    if !((a == c.limit && is_start(b)) || (b == c.limit && is_start(a))) {
        return false;
    }
    // The successor taken when the two differ.
    let on_ne = match pred {
        IntPred::Eq => td.blocks[1],
        IntPred::Ne => td.blocks[0],
        _ => return false,
    };
    on_ne == pre
}

#[cfg(test)]
mod tests {
    use super::{Formula, TripCount, counted, max_trip_count, trip_count};
    use crate::loops::loop_with_header;
    use opt_conv_ir::parse_module;

    /// A loop counting a wide `i64` variable from `START`, leaving when its
    /// increment truncated to `NARROW` equals `LIMIT`; `GUARD` is the
    /// entry's branch condition (true leaves at once).
    const LOOP: &str = "define void @f(NARROW %n, i64 %s, i1 %c) {\n\
        entry:\n  GUARD\n  br i1 %g, label %exit, label %pre\n\
        pre:\n  br label %loop\n\
        loop:\n  %iv = phi i64 [ START, %pre ], [ %iv.next, %loop ]\n  %iv.next = add i64 %iv, 1\n\
        \x20 %t = trunc i64 %iv.next to NARROW\n  %done = icmp eq NARROW %t, LIMIT\n\
        \x20 br i1 %done, label %exit, label %loop\n\
        exit:\n  ret void\n}\n";

    /// (trip count, maximum trip count) of the loop built from `LOOP`.
    fn analyse(narrow: &str, start: &str, limit: &str, guard: &str) -> (TripCount, Option<u64>) {
        let src =
            LOOP.replace("NARROW", narrow).replace("START", start).replace("LIMIT", limit).replace("GUARD", guard);
        let (m, _) = parse_module("t.ll", &src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let f = m.body(m.func_by_name("f").unwrap()).unwrap();
        let l = loop_with_header(f, f.block_by_name("loop").unwrap()).unwrap();
        let c = counted(&m, f, &l).expect("a counted loop");
        assert!(c.trunc.is_some());
        assert_eq!((c.bits, c.iv_bits), (m.types.int_bits(f.dfg().value_type(c.limit)).unwrap(), 64));
        let tc = trip_count(&m, f, &l, &c);
        let max = max_trip_count(f, &l, &c, &tc);
        (tc, max)
    }

    const NO_GUARD: &str = "%g = and i1 %c, false";

    #[test]
    fn a_truncated_counter_counts_in_the_narrow_width() {
        // 1, 2, 3, 0 in i2: the fourth increment leaves.
        assert_eq!(analyse("i2", "0", "0", NO_GUARD).0, TripCount::Constant(4));
        // From 6 (i3: 6, then 7, then 0): leaves on 1 after three iterations.
        assert_eq!(analyse("i3", "6", "1", NO_GUARD).0, TripCount::Constant(3));
        // The wide start's high bits do not matter: 2^32 + 5 counts from 5.
        assert_eq!(analyse("i32", "4294967301", "9", NO_GUARD).0, TripCount::Constant(4));
    }

    #[test]
    fn testing_the_variable_itself_runs_once_more() {
        let src = "define void @f(i8 %n) {\n\
            entry:\n  br label %loop\n\
            loop:\n  %iv = phi i8 [ 3, %entry ], [ %iv.next, %loop ]\n  %iv.next = add i8 %iv, 1\n\
            \x20 %done = icmp eq i8 %iv, LIMIT\n  br i1 %done, label %exit, label %loop\n\
            exit:\n  ret void\n}\n";
        let run = |limit: &str| {
            let (m, _) = parse_module("t.ll", &src.replace("LIMIT", limit)).unwrap();
            let f = m.body(m.func_by_name("f").unwrap()).unwrap();
            let l = loop_with_header(f, f.block_by_name("loop").unwrap()).unwrap();
            let c = counted(&m, f, &l).expect("a counted loop");
            assert!(!c.tests_next);
            let tc = trip_count(&m, f, &l, &c);
            let max = max_trip_count(f, &l, &c, &tc);
            (tc, max)
        };
        // 3, 4, 5, 6, 7: the iteration seeing 7 runs and leaves.
        assert_eq!(run("7").0, TripCount::Constant(5));
        // 3 .. 255, 0, 1, 2: all the way round.
        assert_eq!(run("2").0, TripCount::Constant(256));
        let phi_diff = TripCount::Symbolic { multiple: 1, formula: Formula::PhiDifference };
        assert_eq!(run("%n"), (phi_diff, Some(256)));
    }

    #[test]
    fn the_maximum_comes_from_the_width_and_the_guard() {
        let diff = TripCount::Symbolic { multiple: 1, formula: Formula::Difference };
        assert_eq!(analyse("i3", "0", "%n", NO_GUARD), (diff.clone(), Some(8)));
        // Entered only when %n != 0 (the start): at most 7.
        assert_eq!(analyse("i3", "0", "%n", "%g = icmp eq i3 %n, 0"), (diff.clone(), Some(7)));
        assert_eq!(analyse("i3", "0", "%n", "%g = icmp eq i3 0, %n"), (diff.clone(), Some(7)));
        // A guard on another value, or on another constant, proves nothing.
        assert_eq!(analyse("i3", "0", "%n", "%g = icmp eq i3 %n, 1"), (diff.clone(), Some(8)));
        // ne: the loop is entered when they are equal.
        assert_eq!(analyse("i3", "0", "%n", "%g = icmp ne i3 %n, 0"), (diff.clone(), Some(8)));
        // From a run-time start the guard would need trunc(%s); none here.
        assert_eq!(analyse("i3", "%s", "%n", "%g = icmp eq i3 %n, 0").1, Some(8));
        // An i32 count runs at most 2^32 times (the whole way round).
        assert_eq!(analyse("i32", "0", "%n", NO_GUARD).1, Some(1 << 32));
    }
}

//! Whether knowing one `i1` decides another, as LLVM's `isImpliedCondition`
//! answers it for jump threading: the same value; a negation, or an `and`
//! known true (an `or` known false) deciding each operand; two integer
//! compares of the same operands (in either order); two compares of one
//! value with constants (`x < 5` true decides `x < 10` and `x > 7`); and
//! ordered compares whose operands are ordered in turn (`i + 1 <u n` with a
//! `nuw` add decides `i <u n`). A `freeze` is never decided (see [`implied`]).
//!
//! Only facts about SSA values are used: the caller must make sure the
//! values compared are the same dynamic instances at both points (see
//! [`leaves`]).

use opt_conv_ir::inst::{BinOp, IntFlags, IntPred};
use opt_conv_ir::{Function, InstKind, Module, Value};

/// How deep [`implies`] looks through negations and `and`/`or`.
const DEPTH: u32 = 4;

/// The value of `cond` when `c` is known to be `cv`, if that decides it.
pub fn implies(m: &Module, f: &Function, c: Value, cv: bool, cond: Value) -> Option<bool> {
    implied(m, f, c, cv, cond, DEPTH)
}

fn implied(m: &Module, f: &Function, c: Value, cv: bool, cond: Value, depth: u32) -> Option<bool> {
    if c == cond {
        return Some(cv);
    }
    if depth == 0 {
        return None;
    }
    // What `c` says through its structure.
    match logic(m, f, c) {
        Some(Logic::Not(a)) => return implied(m, f, a, !cv, cond, depth - 1),
        Some(Logic::And(a, b)) if cv => {
            return implied(m, f, a, true, cond, depth - 1).or_else(|| implied(m, f, b, true, cond, depth - 1));
        }
        Some(Logic::Or(a, b)) if !cv => {
            return implied(m, f, a, false, cond, depth - 1).or_else(|| implied(m, f, b, false, cond, depth - 1));
        }
        _ => {}
    }
    // Nothing decides a `freeze`: a branch on one is defined where its
    // operand is poison, and then the freeze's other users see whatever it
    // froze to, which a fold or a copy made from the decided value would
    // contradict (two freezes of one poison value may differ, too).
    if frozen(f, cond).is_some() {
        return None;
    }
    // What decides `cond` through its structure.
    match logic(m, f, cond) {
        Some(Logic::Not(x)) => return implied(m, f, c, cv, x, depth - 1).map(|v| !v),
        Some(Logic::And(x, y)) => {
            let (a, b) = (implied(m, f, c, cv, x, depth - 1), implied(m, f, c, cv, y, depth - 1));
            return match (a, b) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            };
        }
        Some(Logic::Or(x, y)) => {
            let (a, b) = (implied(m, f, c, cv, x, depth - 1), implied(m, f, c, cv, y, depth - 1));
            return match (a, b) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            };
        }
        None => {}
    }
    compared(m, f, c, cv, icmp(f, cond)?)
}

/// The value of the integer compare `asked` (of values defined anywhere:
/// it need not be an instruction) when `c` is known to be `cv`, if that
/// decides it.
pub fn implies_compare(m: &Module, f: &Function, c: Value, cv: bool, asked: (IntPred, Value, Value)) -> Option<bool> {
    implied_compare(m, f, c, cv, asked, DEPTH)
}

fn implied_compare(
    m: &Module,
    f: &Function,
    c: Value,
    cv: bool,
    asked: (IntPred, Value, Value),
    depth: u32,
) -> Option<bool> {
    if depth > 0 {
        match logic(m, f, c) {
            Some(Logic::Not(a)) => return implied_compare(m, f, a, !cv, asked, depth - 1),
            Some(Logic::And(a, b)) if cv => {
                return implied_compare(m, f, a, true, asked, depth - 1)
                    .or_else(|| implied_compare(m, f, b, true, asked, depth - 1));
            }
            Some(Logic::Or(a, b)) if !cv => {
                return implied_compare(m, f, a, false, asked, depth - 1)
                    .or_else(|| implied_compare(m, f, b, false, asked, depth - 1));
            }
            _ => {}
        }
    }
    compared(m, f, c, cv, asked)
}

/// What the compare `c` known to be `cv` says of the compare `asked`.
fn compared(m: &Module, f: &Function, c: Value, cv: bool, (p2, a2, b2): (IntPred, Value, Value)) -> Option<bool> {
    let (p1, a1, b1) = icmp(f, c)?;
    let p1 = if cv { p1 } else { p1.inverse() };
    let bits = width(m, f, a1)?;
    if width(m, f, a2)? != bits {
        return None;
    }
    if (a1, b1) == (a2, b2) {
        return same_operands(p1, p2, bits);
    }
    if (a1, b1) == (b2, a2) {
        return same_operands(p1, p2.swapped(), bits);
    }
    if let Some(v) = constant_bounds(f, (p1, a1, b1), (p2, a2, b2), bits) {
        return Some(v);
    }
    ordered(f, (p1, a1, b1), (p2, a2, b2), bits)
}

/// A negation, `and` or `or` of `i1` values.
enum Logic {
    Not(Value),
    And(Value, Value),
    Or(Value, Value),
}

fn logic(m: &Module, f: &Function, v: Value) -> Option<Logic> {
    let dfg = f.dfg();
    if m.types.int_bits(dfg.value_type(v)) != Some(1) {
        return None;
    }
    let d = dfg.inst(dfg.value_inst(v)?);
    let konst = |x: Value| dfg.value_const(x).and_then(|k| k.as_int());
    let is_true = |x: Value| konst(x) == Some(1);
    if let InstKind::Select { .. } = d.kind {
        // `select a, b, false` and `select a, true, b`: the logical forms.
        return match (konst(d.args[1]), konst(d.args[2])) {
            (_, Some(0)) => Some(Logic::And(d.args[0], d.args[1])),
            (Some(1), _) => Some(Logic::Or(d.args[0], d.args[2])),
            _ => None,
        };
    }
    let InstKind::Binary { op, .. } = d.kind else { return None };
    match op {
        BinOp::Xor if is_true(d.args[1]) => Some(Logic::Not(d.args[0])),
        BinOp::Xor if is_true(d.args[0]) => Some(Logic::Not(d.args[1])),
        BinOp::And => Some(Logic::And(d.args[0], d.args[1])),
        BinOp::Or => Some(Logic::Or(d.args[0], d.args[1])),
        _ => None,
    }
}

/// The operand of `v` if `v` is a `freeze`.
fn frozen(f: &Function, v: Value) -> Option<Value> {
    let d = f.dfg().inst(f.dfg().value_inst(v)?);
    (d.kind == InstKind::Freeze).then(|| d.args[0])
}

/// `v` as an integer compare `(pred, lhs, rhs)`.
fn icmp(f: &Function, v: Value) -> Option<(IntPred, Value, Value)> {
    let d = f.dfg().inst(f.dfg().value_inst(v)?);
    match d.kind {
        InstKind::ICmp { pred, .. } => Some((pred, d.args[0], d.args[1])),
        _ => None,
    }
}

/// The width of the compared values: integers by their type, pointers as
/// wide enough for every ordering to occur (only [`same_operands`] and
/// equal values use it for them).
fn width(m: &Module, f: &Function, v: Value) -> Option<u32> {
    let ty = f.dfg().value_type(v);
    match m.types.int_bits(ty) {
        Some(b) => Some(b),
        None if m.types.is_ptr(ty) => Some(64),
        None => None,
    }
}

/// `a p1 b` holds: what is `a p2 b`? The answer depends only on whether
/// `a == b`, the signs of `a` and `b`, and their unsigned order when the
/// signs agree; every combination occurs among 2-bit values (1-bit values
/// are compared as they are), so trying those decides it for every width.
fn same_operands(p1: IntPred, p2: IntPred, bits: u32) -> Option<bool> {
    let w = bits.min(2);
    let mut seen: Option<bool> = None;
    for x in 0..1u128 << w {
        for y in 0..1u128 << w {
            if !p1.holds(x, y, w) {
                continue;
            }
            let v = p2.holds(x, y, w);
            if *seen.get_or_insert(v) != v {
                return None;
            }
        }
    }
    seen
}

/// `x p1 C1` holds: what is `x p2 C2` (after putting the constants on the
/// right)? Whether a predicate of `x` against a constant holds changes only
/// where `x` crosses that constant or wraps around in signed order, so the
/// values `0`, the signed minimum and each constant and its successor stand
/// for every stretch of values on which neither compare changes.
fn constant_bounds(
    f: &Function,
    (p1, a1, b1): (IntPred, Value, Value),
    (p2, a2, b2): (IntPred, Value, Value),
    bits: u32,
) -> Option<bool> {
    let konst = |v: Value| f.dfg().value_const(v).and_then(|k| k.as_int());
    let norm = |p: IntPred, a: Value, b: Value| match (konst(a), konst(b)) {
        (None, Some(k)) => Some((p, a, k)),
        (Some(k), None) => Some((p.swapped(), b, k)),
        _ => None,
    };
    if bits == 0 || bits > 128 {
        return None;
    }
    let (p1, x1, k1) = norm(p1, a1, b1)?;
    let (p2, x2, k2) = norm(p2, a2, b2)?;
    if x1 != x2 {
        return None;
    }
    let mask = |v: u128| opt_conv_ir::constant::mask(v, bits);
    let smin = if bits >= 128 { 1u128 << 127 } else { 1u128 << (bits - 1) };
    let points = [0, smin, k1, mask(k1.wrapping_add(1)), k2, mask(k2.wrapping_add(1))];
    let mut seen: Option<bool> = None;
    for x in points {
        if !p1.holds(x, k1, bits) {
            continue;
        }
        let v = p2.holds(x, k2, bits);
        if *seen.get_or_insert(v) != v {
            return None;
        }
    }
    seen
}

/// `lhs < rhs` or `lhs <= rhs`, signed or not, from a predicate.
#[derive(Clone, Copy)]
struct Order {
    lhs: Value,
    rhs: Value,
    strict: bool,
    signed: bool,
}

fn order(p: IntPred, a: Value, b: Value) -> Option<Order> {
    let (lhs, rhs, strict) = match p {
        IntPred::Ult | IntPred::Slt => (a, b, true),
        IntPred::Ule | IntPred::Sle => (a, b, false),
        IntPred::Ugt | IntPred::Sgt => (b, a, true),
        IntPred::Uge | IntPred::Sge => (b, a, false),
        IntPred::Eq | IntPred::Ne => return None,
    };
    Some(Order { lhs, rhs, strict, signed: p.is_signed() })
}

/// `L1 < R1` (or `<=`) holds: `L2 <= L1` and `R1 <= R2` give `L2 < R2`
/// (or `<=`), and `R2 <= L1`, `R1 <= L2` give `R2 < L2`, refuting `L2 <= R2`
/// (or, with `<=` twice, refuting `L2 < R2`).
fn ordered(
    f: &Function,
    (p1, a1, b1): (IntPred, Value, Value),
    (p2, a2, b2): (IntPred, Value, Value),
    bits: u32,
) -> Option<bool> {
    let known = order(p1, a1, b1)?;
    let asked = order(p2, a2, b2)?;
    if known.signed != asked.signed {
        return None;
    }
    let le = |a: Value, b: Value| at_most(f, a, b, known.signed, bits);
    if le(asked.lhs, known.lhs) && le(known.rhs, asked.rhs) && (known.strict || !asked.strict) {
        return Some(true);
    }
    // The negation of `L2 < R2` is `R2 <= L2`; of `L2 <= R2`, `R2 < L2`.
    if le(asked.rhs, known.lhs) && le(known.rhs, asked.lhs) && (known.strict || asked.strict) {
        return Some(false);
    }
    None
}

/// Whether `a <= b` always holds (signed or unsigned): the same value, two
/// constants in that order, or `b` is `a` plus a constant that cannot wrap
/// (`add nuw` for unsigned, `add nsw` of a non-negative constant for signed).
fn at_most(f: &Function, a: Value, b: Value, signed: bool, bits: u32) -> bool {
    if a == b {
        return true;
    }
    let dfg = f.dfg();
    let konst = |v: Value| dfg.value_const(v).and_then(|k| k.as_int());
    if let (Some(x), Some(y)) = (konst(a), konst(b))
        && bits <= 128
    {
        let p = if signed { IntPred::Sle } else { IntPred::Ule };
        return p.holds(x, y, bits);
    }
    let Some(d) = dfg.value_inst(b).map(|i| dfg.inst(i)) else { return false };
    let InstKind::Binary { op: BinOp::Add, flags, .. } = d.kind else { return false };
    let step = if d.args[0] == a {
        d.args[1]
    } else if d.args[1] == a {
        d.args[0]
    } else {
        return false;
    };
    let Some(k) = konst(step).filter(|_| bits <= 128) else { return false };
    if signed {
        flags.contains(IntFlags::NSW) && opt_conv_ir::constant::sext(k, bits) >= 0
    } else {
        flags.contains(IntFlags::NUW)
    }
}

/// The values whose dynamic instances [`implies`] relies on for `cond`:
/// `cond` itself, the operands of the compares and the logic it is built
/// of. The caller checks that no definition of these is passed between the
/// deciding branch and the point where `cond` is asked.
pub fn leaves(m: &Module, f: &Function, cond: Value) -> Vec<Value> {
    let mut out = vec![cond];
    let mut stack = vec![(cond, DEPTH)];
    while let Some((v, depth)) = stack.pop() {
        let mut push = |x: Value, out: &mut Vec<Value>| {
            if !out.contains(&x) {
                out.push(x);
                if depth > 0 {
                    stack.push((x, depth - 1));
                }
            }
        };
        if let Some(x) = frozen(f, v) {
            push(x, &mut out);
            continue;
        }
        match logic(m, f, v) {
            Some(Logic::Not(a)) => push(a, &mut out),
            Some(Logic::And(a, b) | Logic::Or(a, b)) => {
                push(a, &mut out);
                push(b, &mut out);
            }
            None => {
                if let Some((_, a, b)) = icmp(f, v) {
                    push(a, &mut out);
                    push(b, &mut out);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{implies, same_operands};
    use opt_conv_ir::inst::IntPred;
    use opt_conv_ir::parse_module;

    /// What `%known` being `v` says of each of `asked` in `@f` of `body`.
    fn decide(body: &str, v: bool, asked: &[&str]) -> Vec<Option<bool>> {
        let src = format!("define void @f(i32 %x, i32 %y, i32 %n) {{\nentry:\n{body}  ret void\n}}\n");
        let (m, _) = parse_module("t.ll", &src).unwrap();
        let f = m.body(m.func_by_name("f").unwrap()).unwrap();
        let val = |n: &str| f.inst_by_name(n).and_then(|i| f.dfg().inst_result(i)).unwrap();
        asked.iter().map(|a| implies(&m, f, val("known"), v, val(a))).collect()
    }

    #[test]
    fn compares_with_constants() {
        let body = "  %known = icmp slt i32 %x, 5\n  %lt10 = icmp slt i32 %x, 10\n  %gt7 = icmp sgt i32 %x, 7\n\
                    %ult3 = icmp ult i32 %x, 3\n  %eq4 = icmp eq i32 %x, 4\n  %ne9 = icmp ne i32 9, %x\n";
        let asked = ["lt10", "gt7", "ult3", "eq4", "ne9"];
        assert_eq!(decide(body, true, &asked), [Some(true), Some(false), None, None, Some(true)]);
        // x >= 5: x < 10 and x > 7 are open; x <u 3 is false (0..2 are < 5).
        assert_eq!(decide(body, false, &asked), [None, None, Some(false), Some(false), None]);
    }

    #[test]
    fn ordered_operands_and_logic() {
        let body = "  %inc = add nuw i32 %x, 1\n  %lt = icmp ult i32 %inc, %n\n  %other = icmp slt i32 %y, %n\n\
                    %known = and i1 %lt, %other\n  %ult = icmp ult i32 %x, %n\n  %uge = icmp uge i32 %x, %n\n\
                    %slt = icmp slt i32 %x, %n\n  %sgt = icmp sgt i32 %n, %y\n";
        let asked = ["ult", "uge", "slt", "sgt"];
        assert_eq!(decide(body, true, &asked), [Some(true), Some(false), None, Some(true)]);
        // A false `and` decides neither side.
        assert_eq!(decide(body, false, &asked), [None, None, None, None]);
        // Without `nuw` the add may wrap: nothing follows.
        let wraps = body.replace("add nuw", "add");
        assert_eq!(decide(&wraps, true, &asked), [None, None, None, Some(true)]);
    }

    /// The 2-bit answer agrees with brute force over 4-bit values.
    #[test]
    fn same_operand_implications_do_not_depend_on_the_width() {
        for p1 in IntPred::ALL {
            for p2 in IntPred::ALL {
                let mut seen: Option<bool> = None;
                let mut decided = true;
                for x in 0..16 {
                    for y in 0..16 {
                        if p1.holds(x, y, 4) {
                            let v = p2.holds(x, y, 4);
                            decided &= *seen.get_or_insert(v) == v;
                        }
                    }
                }
                let brute = if decided { seen } else { None };
                assert_eq!(same_operands(p1, p2, 32), brute, "{p1:?} {p2:?}");
            }
        }
    }
}

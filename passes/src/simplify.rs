//! The part of LLVM's InstSimplify that cleans up after unrolling and
//! threading, and that the `instsimplify` pass runs on a whole function: folding
//! integer arithmetic and comparisons on constants, algebraic identities
//! (`add %x, 0`, `mul %x, 1`, `and %x, 0`, `or %x, -1`), their regrouping
//! through an operand of the same operation (`(x ^ 1) ^ 1`), integer casts of
//! constants, all-zero `getelementptr`s, selects on a constant and loads from
//! constant globals at constant offsets. No instruction is created; an instruction that
//! simplifies is replaced by an existing value or a constant.
//!
//! Folds that LLVM turns into `poison` (a flagged operation that wraps,
//! division by zero) are not made: the instruction stays.

use opt_conv_ir::analysis::Uses;
use opt_conv_ir::constant::{Const, ConstKind, mask, sext};
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::effects::inst_effects;
use opt_conv_ir::inst::{BinOp, CastOp, IntFlags};
use opt_conv_ir::{Block, Function, Inst, InstKind, Module, Type, Value};

/// The value `i` is equal to, if it simplifies (constants it needs are
/// created in `f`).
pub fn simplify(m: &Module, f: &mut Function, i: Inst) -> Option<Value> {
    let d = f.dfg().inst(i);
    let r = d.result()?;
    let ty = f.dfg().value_type(r);
    let int = |f: &Function, v: Value| f.dfg().value_const(v).and_then(Const::as_int);
    match &d.kind {
        InstKind::Binary { op, flags, .. } => {
            let bits = m.types.int_bits(ty)?;
            let (a, b) = (d.args[0], d.args[1]);
            simplify_binop(m, f, Arith { op: *op, ty, bits }, *flags, a, b, RECURSION_LIMIT)
        }
        InstKind::ICmp { pred, .. } => {
            let at = f.dfg().value_type(d.args[0]);
            let bits = m.types.int_bits(at)?;
            let (x, y) = (int(f, d.args[0])?, int(f, d.args[1])?);
            let v = pred.holds(x, y, bits);
            Some(f.dfg_mut_preserving_cfg().make_const(Const::bool(v)))
        }
        InstKind::Cast { op: op @ (CastOp::ZExt | CastOp::SExt | CastOp::Trunc), flags, .. } => {
            let from = m.types.int_bits(f.dfg().value_type(d.args[0])).filter(|&b| b <= 128)?;
            let to = m.types.int_bits(ty).filter(|&b| b <= 128)?;
            let v = fold_cast(*op, *flags, int(f, d.args[0])?, from, to)?;
            Some(f.dfg_mut_preserving_cfg().make_const(Const::int(&m.types, ty, v)))
        }
        InstKind::Gep { .. } => {
            let base = d.args[0];
            let zero = d.args[1..].iter().all(|&x| int(f, x) == Some(0));
            (zero && f.dfg().value_type(base) == ty).then_some(base)
        }
        InstKind::Load { volatile: false, atomic: None, .. } => {
            // A load from a constant global at a constant offset reads its
            // initializer.
            let dl = m.data_layout();
            let (g, off) = crate::const_load::global_offset(m, dl, f, d.args[0])?;
            let kind = match crate::const_load::load(m, dl, g, off, ty)? {
                crate::const_load::Loaded::Bits(v) if m.types.int_bits(ty).is_some() => ConstKind::Int(v),
                crate::const_load::Loaded::Bits(v) => ConstKind::Float(v),
                crate::const_load::Loaded::Poison => ConstKind::Poison,
            };
            Some(f.dfg_mut_preserving_cfg().make_const(Const { ty, kind }))
        }
        InstKind::Select { .. } => {
            let (c, t, e) = (d.args[0], d.args[1], d.args[2]);
            if t == e {
                return Some(t);
            }
            match int(f, c) {
                Some(1) if f.dfg().value_type(c) == Type::I1 => Some(t),
                Some(0) if f.dfg().value_type(c) == Type::I1 => Some(e),
                _ => None,
            }
        }
        _ => None,
    }
}

/// How deep [`simplify_binop`] looks through operands (LLVM's
/// `RecursionLimit`).
const RECURSION_LIMIT: u32 = 3;

/// `a op b` on `bits`-wide integers of type `ty`, if it is a constant or an
/// existing value: folding constants, the identities, and (for the
/// associative operations) reassociation through one operand computed by
/// the same operation, as LLVM's `simplifyAssociativeBinOp`: `(x ^ 1) ^ 1`
/// is `x`. `depth` bounds the recursion.
fn simplify_binop(
    m: &Module,
    f: &mut Function,
    ar: Arith,
    flags: IntFlags,
    a: Value,
    b: Value,
    depth: u32,
) -> Option<Value> {
    let Arith { op, ty, bits } = ar;
    let int = |f: &Function, v: Value| f.dfg().value_const(v).and_then(Const::as_int);
    // Arithmetic on poison is poison.
    for v in [a, b] {
        if f.dfg().value_const(v).is_some_and(|c| c.kind == ConstKind::Poison) {
            return Some(v);
        }
    }
    if let (Some(x), Some(y)) = (int(f, a), int(f, b)) {
        let v = fold_binop(op, flags, x, y, bits)?;
        return Some(f.dfg_mut_preserving_cfg().make_const(Const::int(&m.types, ty, v)));
    }
    let ones = mask(u128::MAX, bits);
    let (ca, cb) = (int(f, a), int(f, b));
    let identity = match (op, ca, cb) {
        (BinOp::Add | BinOp::Sub | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::LShr | BinOp::AShr, _, Some(0))
        | (BinOp::Mul | BinOp::UDiv | BinOp::SDiv, _, Some(1)) => Some(a),
        (BinOp::And, _, Some(c)) if c == ones => Some(a),
        (BinOp::Add | BinOp::Or | BinOp::Xor, Some(0), _) | (BinOp::Mul, Some(1), _) => Some(b),
        (BinOp::And, Some(c), _) if c == ones => Some(b),
        (BinOp::Or, _, Some(c)) if c == ones => Some(b),
        (BinOp::Or, Some(c), _) if c == ones => Some(a),
        (BinOp::Mul | BinOp::And, _, Some(0)) => Some(b),
        (BinOp::Mul | BinOp::And, Some(0), _) => Some(a),
        (BinOp::Sub | BinOp::Xor, _, _) if a == b => {
            Some(f.dfg_mut_preserving_cfg().make_const(Const::int(&m.types, ty, 0)))
        }
        (BinOp::And | BinOp::Or, _, _) if a == b => Some(a),
        _ => None,
    };
    if identity.is_some() {
        return identity;
    }
    if matches!(op, BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor) {
        return reassociate(m, f, ar, a, b, depth);
    }
    None
}

/// An integer operation and the type it computes in.
#[derive(Copy, Clone)]
struct Arith {
    op: BinOp,
    ty: Type,
    bits: u32,
}

/// The operands of `v` if it is an instruction computing `op`.
fn operands_of(f: &Function, v: Value, op: BinOp) -> Option<(Value, Value)> {
    let i = f.dfg().value_inst(v)?;
    let d = f.dfg().inst(i);
    matches!(d.kind, InstKind::Binary { op: o, .. } if o == op).then(|| (d.args[0], d.args[1]))
}

/// `a op b` for an associative and commutative `op` (integer `add`, `mul`,
/// `and`, `or`, `xor`), where `a` or `b` is itself `op` of two values: the
/// four regroupings LLVM tries, each kept only if both of its steps
/// simplify (the inner step without the instruction's flags, which the
/// regrouped operations do not have). The result is an existing value or a
/// constant, equal to `a op b` whenever that is not poison.
fn reassociate(m: &Module, f: &mut Function, ar: Arith, a: Value, b: Value, depth: u32) -> Option<Value> {
    if depth == 0 {
        return None;
    }
    let depth = depth - 1;
    let lhs = operands_of(f, a, ar.op);
    let rhs = operands_of(f, b, ar.op);
    let regroupings = [
        // (x op y) op b  ==>  x op (y op b)
        lhs.map(|(x, y)| Regrouping { inner: (y, b), kept: y, whole: a, outer: Outer::Right(x) }),
        // a op (x op y)  ==>  (a op x) op y
        rhs.map(|(x, y)| Regrouping { inner: (a, x), kept: x, whole: b, outer: Outer::Left(y) }),
        // (x op y) op b  ==>  (b op x) op y
        lhs.map(|(x, y)| Regrouping { inner: (b, x), kept: x, whole: a, outer: Outer::Left(y) }),
        // a op (x op y)  ==>  x op (y op a)
        rhs.map(|(x, y)| Regrouping { inner: (y, a), kept: y, whole: b, outer: Outer::Right(x) }),
    ];
    regroupings.into_iter().flatten().find_map(|r| r.simplify(m, f, ar, depth))
}

/// Where the simplified inner step goes in the outer one: `v op y` or `x op v`.
#[derive(Clone, Copy)]
enum Outer {
    Left(Value),
    Right(Value),
}

/// One regrouping of `a op b`: simplify `inner`; if that gives back `kept`,
/// the operand `whole` that `kept` came from is the answer, else the outer
/// step must simplify too.
#[derive(Clone, Copy)]
struct Regrouping {
    inner: (Value, Value),
    kept: Value,
    whole: Value,
    outer: Outer,
}

impl Regrouping {
    fn simplify(self, m: &Module, f: &mut Function, ar: Arith, depth: u32) -> Option<Value> {
        let none = IntFlags::NONE;
        let v = simplify_binop(m, f, ar, none, self.inner.0, self.inner.1, depth)?;
        if v == self.kept {
            return Some(self.whole);
        }
        let (l, r) = match self.outer {
            Outer::Left(y) => (v, y),
            Outer::Right(x) => (x, v),
        };
        simplify_binop(m, f, ar, none, l, r, depth)
    }
}

/// Simplifies the instructions of `blocks` in order, replacing the uses of
/// each that simplifies, as LLVM does on the blocks it just unrolled. The
/// replaced instructions are left for dead-code removal.
pub fn simplify_blocks(m: &Module, f: &mut Function, blocks: &[Block]) -> usize {
    simplify_blocks_then(m, f, blocks, false)
}

/// [`simplify_blocks`] as LLVM simplifies a loop it just unrolled: an
/// `add` of a constant to an `add` of a constant that does not simplify
/// adds the sum of the constants to the inner one's operand instead
/// ([`fold_add_of_add`]), so that the copies' offsets do not form chains.
pub fn simplify_unrolled_blocks(m: &Module, f: &mut Function, blocks: &[Block]) -> usize {
    simplify_blocks_then(m, f, blocks, true)
}

fn simplify_blocks_then(m: &Module, f: &mut Function, blocks: &[Block], fold_adds: bool) -> usize {
    let mut repl = Replacements::new();
    let mut n = 0;
    for &b in blocks {
        if !f.layout().is_block_inserted(b) {
            continue;
        }
        let insts: Vec<Inst> = f.block_insts(b).collect();
        for i in insts {
            // Operands first get what earlier simplifications gave.
            f.map_operands(i, |a| repl.resolve(a));
            if let Some(v) = simplify(m, f, i) {
                repl.insert(f.dfg().inst_result(i).expect("simplified instructions have results"), v);
                n += 1;
            } else if fold_adds {
                fold_add_of_add(m, f, i);
            }
        }
    }
    repl.apply(f);
    n
}

/// `add (add x, c2), c1` becomes `add x, c1 + c2` (constants on the right,
/// as LLVM matches them), whatever else uses the inner `add`. The result
/// keeps `nuw` if both had it and the constants' sum does not wrap
/// unsigned, `nsw` if both had it and the sum does not overflow signed:
/// where it did, the original was poison anyway, and the flag is dropped.
/// Returns whether `i` changed.
pub fn fold_add_of_add(m: &Module, f: &mut Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    let InstKind::Binary { op: BinOp::Add, flags: outer, .. } = d.kind else { return false };
    let (x, c1) = (d.args[0], d.args[1]);
    let Some(ty) = d.result().map(|r| f.dfg().value_type(r)) else { return false };
    let Some(bits) = m.types.int_bits(ty).filter(|&b| b <= 128) else { return false };
    let int = |v: Value| f.dfg().value_const(v).filter(|c| c.ty == ty).and_then(Const::as_int);
    let Some(k1) = int(c1) else { return false };
    let Some(inner) = f.dfg().value_inst(x) else { return false };
    if inner == i {
        return false;
    }
    let di = f.dfg().inst(inner);
    let InstKind::Binary { op: BinOp::Add, flags: inner_flags, .. } = di.kind else { return false };
    let (y, c2) = (di.args[0], di.args[1]);
    let Some(k2) = int(c2) else { return false };
    let sum = mask(k1.wrapping_add(k2), bits);
    let unsigned_wraps = k1.checked_add(k2).is_none_or(|t| t != sum);
    let (s1, s2) = (sext(k1, bits), sext(k2, bits));
    let signed_overflows = s1.checked_add(s2).is_none_or(|t| sext(mask(t as u128, bits), bits) != t);
    let mut flags = IntFlags::NONE;
    if outer.contains(IntFlags::NUW) && inner_flags.contains(IntFlags::NUW) && !unsigned_wraps {
        flags = flags.union(IntFlags::NUW);
    }
    if outer.contains(IntFlags::NSW) && inner_flags.contains(IntFlags::NSW) && !signed_overflows {
        flags = flags.union(IntFlags::NSW);
    }
    let k = f.dfg_mut_preserving_cfg().make_const(Const::int(&m.types, ty, sum));
    f.set_operands(i, &[y, k]);
    if let InstKind::Binary { flags: fl, .. } = &mut f.dfg_mut_preserving_cfg().inst_mut(i).kind {
        *fl = flags;
    }
    true
}

/// Deletes the instructions of `blocks` that nothing uses and whose removal
/// changes nothing else (dead copies after unrolling, threading or
/// inlining), repeatedly, since one deletion can make another.
pub fn delete_dead_in(m: &Module, f: &mut Function, blocks: &[Block]) {
    delete_dead_in_then(m, f, blocks, |_, _| {});
}

/// [`delete_dead_in`], calling `before` with each round's dead
/// instructions before they are removed (to salvage what refers to them).
pub fn delete_dead_in_then(m: &Module, f: &mut Function, blocks: &[Block], before: impl FnMut(&mut Function, &[Inst])) {
    delete_dead_among_then(
        m,
        f,
        |f| blocks.iter().filter(|&&b| f.layout().is_block_inserted(b)).flat_map(|&b| f.block_insts(b)).collect(),
        before,
    );
}

/// Deletes, of the instructions `insts(f)` lists (in the layout), those
/// that nothing uses and whose removal changes nothing else, repeatedly.
/// Each round asks about uses once per candidate: tracked uses if `f` has
/// them ([`Function::track_uses`]), else one scan for the round.
pub fn delete_dead_among(m: &Module, f: &mut Function, insts: impl Fn(&Function) -> Vec<Inst>) {
    delete_dead_among_then(m, f, insts, |_, _| {});
}

fn delete_dead_among_then(
    m: &Module,
    f: &mut Function,
    insts: impl Fn(&Function) -> Vec<Inst>,
    mut before: impl FnMut(&mut Function, &[Inst]),
) {
    loop {
        let candidates: Vec<(Inst, Value)> = insts(f)
            .into_iter()
            .filter_map(|i| {
                let d = f.dfg().inst(i);
                let r = d.result().filter(|_| !d.is_terminator())?;
                inst_effects(m, f, i).is_removable().then_some((i, r))
            })
            .collect();
        let scanned = (!f.tracks_uses()).then(|| Uses::compute(f));
        let dead: Vec<Inst> = candidates
            .into_iter()
            .filter(|&(_, r)| match &scanned {
                Some(uses) => !uses.is_used(r),
                None => !f.is_used(r),
            })
            .map(|(i, _)| i)
            .collect();
        if dead.is_empty() {
            return;
        }
        before(f, &dead);
        for i in dead {
            remove_inst(f, i);
        }
    }
}

/// `op` (`zext`, `sext` or `trunc` from `from` to `to` bits) of the constant
/// `x`; `None` where a flag makes it poison (`nneg` on a negative value, a
/// `trunc` that loses what `nuw`/`nsw` promised): left alone, as the other
/// folds.
pub(crate) fn fold_cast(op: CastOp, flags: IntFlags, x: u128, from: u32, to: u32) -> Option<u128> {
    // Values are held in 128 bits: wider ones are not folded.
    if from == 0 || to == 0 || from > 128 || to > 128 {
        return None;
    }
    match op {
        CastOp::ZExt if flags.contains(IntFlags::NNEG) && sext(x, from) < 0 => None,
        CastOp::ZExt => Some(x),
        CastOp::SExt => Some(mask(sext(x, from) as u128, to)),
        CastOp::Trunc => {
            let t = mask(x, to);
            let unsigned_loss = flags.contains(IntFlags::NUW) && t != x;
            let signed_loss = flags.contains(IntFlags::NSW) && sext(t, to) != sext(x, from);
            (!unsigned_loss && !signed_loss).then_some(t)
        }
        _ => None,
    }
}

/// `x op y` on `bits`-wide integers; `None` where LLVM would give poison
/// (a flagged operation that wraps, an inexact `exact` division or shift, a
/// `disjoint` or of overlapping bits, a division by zero, a shift by the
/// width or more), and for integers wider
/// than 128 bits.
pub(crate) fn fold_binop(op: BinOp, flags: IntFlags, x: u128, y: u128, bits: u32) -> Option<u128> {
    // Values are held in 128 bits: wider ones are not folded (a shift by
    // 128 or more would not even be defined on them).
    if bits == 0 || bits > 128 {
        return None;
    }
    let (sx, sy) = (sext(x, bits), sext(y, bits));
    let nuw = flags.contains(IntFlags::NUW);
    let nsw = flags.contains(IntFlags::NSW);
    let exact = flags.contains(IntFlags::EXACT);
    let fits_signed = |v: i128| sext(mask(v as u128, bits), bits) == v;
    let fits_unsigned = |v: u128| mask(v, bits) == v;
    let v: u128 = match op {
        BinOp::Add => {
            if (nuw && !fits_unsigned(x.checked_add(y)?)) || (nsw && !fits_signed(sx.checked_add(sy)?)) {
                return None;
            }
            x.wrapping_add(y)
        }
        BinOp::Sub => {
            if (nuw && x < y) || (nsw && !fits_signed(sx.checked_sub(sy)?)) {
                return None;
            }
            x.wrapping_sub(y)
        }
        BinOp::Mul => {
            if (nuw && !fits_unsigned(x.checked_mul(y)?)) || (nsw && !fits_signed(sx.checked_mul(sy)?)) {
                return None;
            }
            x.wrapping_mul(y)
        }
        BinOp::UDiv | BinOp::URem if y == 0 => return None,
        BinOp::UDiv if exact && !x.is_multiple_of(y) => return None,
        BinOp::UDiv => x / y,
        BinOp::URem => x % y,
        BinOp::SDiv | BinOp::SRem if sy == 0 || (sy == -1 && !fits_signed(sx.checked_neg()?)) => return None,
        BinOp::SDiv if exact && sx % sy != 0 => return None,
        BinOp::SDiv => (sx / sy) as u128,
        BinOp::SRem => (sx % sy) as u128,
        BinOp::Shl | BinOp::LShr | BinOp::AShr if y >= u128::from(bits) => return None,
        BinOp::Shl => {
            let v = x << y;
            if (nuw && mask(v, bits) >> y != x) || (nsw && sext(mask(v, bits), bits) >> y != sx) {
                return None;
            }
            v
        }
        BinOp::LShr if exact && (x >> y) << y != x => return None,
        BinOp::LShr => x >> y,
        BinOp::AShr if exact && (sx >> y) << y != sx => return None,
        BinOp::AShr => (sx >> y) as u128,
        BinOp::And => x & y,
        // `disjoint` promises no common set bit: poison otherwise.
        BinOp::Or if flags.contains(IntFlags::DISJOINT) && x & y != 0 => return None,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => return None,
    };
    Some(mask(v, bits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::inst::IntPred;

    #[test]
    fn folds_like_llvm_or_not_at_all() {
        let none = IntFlags::NONE;
        assert_eq!(fold_binop(BinOp::Add, none, 255, 1, 8), Some(0));
        assert_eq!(fold_binop(BinOp::Add, IntFlags::NUW, 255, 1, 8), None);
        assert_eq!(fold_binop(BinOp::Add, IntFlags::NSW, 127, 1, 8), None);
        assert_eq!(fold_binop(BinOp::Sub, none, 0, 1, 32), Some(0xffff_ffff));
        assert_eq!(fold_binop(BinOp::SDiv, none, 0xff, 0xff, 8), Some(1));
        assert_eq!(fold_binop(BinOp::SDiv, none, 0x80, 0xff, 8), None, "INT_MIN / -1");
        assert_eq!(fold_binop(BinOp::UDiv, none, 7, 0, 8), None);
        assert_eq!(fold_binop(BinOp::AShr, none, 0x80, 7, 8), Some(0xff));
        assert_eq!(fold_binop(BinOp::Shl, none, 1, 8, 8), None, "shift by the width");
        assert_eq!(fold_binop(BinOp::Shl, IntFlags::NUW, 0x81, 1, 8), None);
        assert_eq!(fold_binop(BinOp::LShr, IntFlags::EXACT, 3, 1, 8), None);
        assert_eq!(fold_binop(BinOp::Or, IntFlags::DISJOINT, 3, 1, 8), None, "overlapping bits");
        assert_eq!(fold_binop(BinOp::Or, IntFlags::DISJOINT, 2, 1, 8), Some(3));
        assert_eq!(fold_binop(BinOp::Shl, none, 1, 130, 200), None, "wider than 128 bits");
        assert_eq!(fold_cast(CastOp::SExt, none, 0xff, 8, 32), Some(0xffff_ffff));
        assert_eq!(fold_cast(CastOp::ZExt, none, 0xff, 8, 32), Some(0xff));
        assert_eq!(fold_cast(CastOp::ZExt, IntFlags::NNEG, 0xff, 8, 32), None, "nneg of a negative value");
        assert_eq!(fold_cast(CastOp::ZExt, IntFlags::NNEG, 0x7f, 8, 32), Some(0x7f));
        assert_eq!(fold_cast(CastOp::Trunc, none, 0x1ff, 16, 8), Some(0xff));
        assert_eq!(fold_cast(CastOp::Trunc, IntFlags::NUW, 0x1ff, 16, 8), None);
        assert_eq!(fold_cast(CastOp::Trunc, IntFlags::NSW, 0xffff, 16, 8), Some(0xff), "-1 stays -1");
        assert_eq!(fold_cast(CastOp::Trunc, IntFlags::NSW, 0x80, 16, 8), None, "128 is not an i8");
        assert!(IntPred::Slt.holds(0xff, 0, 8));
        assert!(!IntPred::Ult.holds(0xff, 0, 8));
    }
}

//! Induction steps after unrolling. Each copy's step reads the previous
//! copy's (`%inc = add nsw i32 %x, 1`, `%inc.1 = add nsw i32 %inc, 1`);
//! as LLVM's induction-variable simplification does after unrolling, every
//! step is rewritten from the header phi (`%inc.1 = add nsw i32 %x, 2`), so
//! that the copies no longer form a chain. The earlier steps become dead
//! when nothing else uses them.
//!
//! Wrap flags survive only where the combined step provably cannot wrap
//! when the chain did not: `nsw` if every step had it and the constants
//! have one sign, `nuw` if every step had it and the constants are
//! non-negative, and in both cases the combined constant fits the type.
//! Where the induction variable's range is known (a constant trip count
//! from a non-negative start, counting up), sums from it that stay within
//! the signed range get both flags, as LLVM's scalar evolution proves them.

use opt_conv_ir::constant::{Const, mask, sext};
use opt_conv_ir::inst::{BinOp, IntFlags, IntPred};
use opt_conv_ir::{Block, EntityRef, Function, InstKind, Module, Value};
use rustc_hash::FxHashMap;

/// Rewrites `add` chains of constants rooted at `header`'s phis in `blocks`
/// (visited in order; a step is rewritten once the step it reads is known).
/// `bound`, if given, is a header phi that never goes below zero nor above
/// the given value: a sum from it gets both flags if it cannot exceed the
/// type's signed maximum (not only the steps of the variable: `add %iv, 100`
/// in `i8` wraps for `%iv` above 27).
pub fn fold_step_chains(m: &Module, f: &mut Function, header: Block, blocks: &[Block], bound: Option<(Value, i128)>) {
    // value -> (header phi, offset from it, flags every step so far had);
    // a hash map, not a map indexed by value, whose size would be the
    // function's (the pass is then quadratic in the number of loops).
    let mut chain: FxHashMap<Value, (Value, i128, IntFlags)> = FxHashMap::default();
    let phis: Vec<Value> = f.phis(header).filter_map(|p| f.dfg().inst_result(p)).collect();
    for &p in &phis {
        chain.insert(p, (p, 0, IntFlags::NUW.union(IntFlags::NSW)));
    }
    for &b in blocks {
        if !f.layout().is_block_inserted(b) {
            continue;
        }
        let insts: Vec<_> = f.block_insts(b).collect();
        for i in insts {
            let d = f.dfg().inst(i);
            let InstKind::Binary { op: BinOp::Add, flags, .. } = d.kind else { continue };
            let Some(r) = d.result() else { continue };
            let ty = f.dfg().value_type(r);
            let Some(bits) = m.types.int_bits(ty) else { continue };
            let konst = |v: Value| f.dfg().value_const(v).and_then(Const::as_int).map(|c| sext(c, bits));
            let (v, c) = match (konst(d.args[0]), konst(d.args[1])) {
                (None, Some(c)) => (d.args[0], c),
                (Some(c), None) => (d.args[1], c),
                _ => continue,
            };
            let Some(&(root, off, had)) = chain.get(&v) else { continue };
            let total = off + c;
            let fits = |x: i128| sext(mask(x as u128, bits), bits) == x;
            let mut kept = flags.intersect(had);
            if !(fits(total) && (off == 0 || (off > 0) == (c > 0))) {
                kept = kept.without(IntFlags::NSW);
            }
            if !(off >= 0 && c >= 0 && (total as u128) == mask(total as u128, bits)) {
                kept = kept.without(IntFlags::NUW);
            }
            let bounded = bound.is_some_and(|(iv, max)| {
                let signed_max = (1i128 << (bits - 1)) - 1;
                iv == root && total >= 0 && max.checked_add(total).is_some_and(|top| top <= signed_max)
            });
            if bounded {
                kept = IntFlags::NUW.union(IntFlags::NSW);
            }
            chain.insert(r, (root, total, kept));
            if v == root {
                if bounded && let InstKind::Binary { flags, .. } = &mut f.dfg_mut_preserving_cfg().inst_mut(i).kind {
                    *flags = kept;
                }
                continue;
            }
            let k = f.dfg_mut_preserving_cfg().make_const(Const::int(&m.types, ty, total as u128));
            f.set_operands(i, &[root, k]);
            if let InstKind::Binary { flags, .. } = &mut f.dfg_mut_preserving_cfg().inst_mut(i).kind {
                *flags = kept;
            }
        }
    }
    nonnegative_sums_keep_unsigned(m, f, header, blocks);
}

/// A header phi that starts at a non-negative constant and steps by
/// `add nsw %iv, S` with `S > 0` is never negative (a step that overflows
/// is poison, and so is what follows), so `add nsw %iv, C` with `C >= 0`
/// cannot wrap unsigned either: such sums get `nuw`, as LLVM's
/// induction-variable simplification gives them after unrolling. The step
/// feeding the phi keeps its flags (LLVM leaves it so).
fn nonnegative_sums_keep_unsigned(m: &Module, f: &mut Function, header: Block, blocks: &[Block]) {
    let konst =
        |f: &Function, v: Value, bits: u32| f.dfg().value_const(v).and_then(Const::as_int).map(|c| sext(c, bits));
    let phis: Vec<_> = f.phis(header).collect();
    for p in phis {
        let d = f.dfg().inst(p);
        let Some(iv) = d.result() else { continue };
        let Some(bits) = m.types.int_bits(f.dfg().value_type(iv)) else { continue };
        if d.args.len() != 2 || bits > 128 {
            continue;
        }
        let step_of = |f: &Function, v: Value| -> Option<(i128, IntFlags)> {
            let i = f.dfg().value_inst(v)?;
            let d = f.dfg().inst(i);
            let InstKind::Binary { op: BinOp::Add, flags, .. } = d.kind else { return None };
            (d.args[0] == iv).then_some(())?;
            Some((konst(f, d.args[1], bits)?, flags))
        };
        let (a, b) = (d.args[0], d.args[1]);
        let (start, back) = match (konst(f, a, bits), konst(f, b, bits)) {
            (Some(s), None) => (s, b),
            (None, Some(s)) => (s, a),
            _ => continue,
        };
        let Some((s, flags)) = step_of(f, back) else { continue };
        if start < 0 || s <= 0 || !flags.contains(IntFlags::NSW) {
            continue;
        }
        for &blk in blocks {
            if !f.layout().is_block_inserted(blk) {
                continue;
            }
            let insts: Vec<_> = f.block_insts(blk).collect();
            for i in insts {
                if f.dfg().inst_result(i) == Some(back) {
                    continue;
                }
                let Some(r) = f.dfg().inst_result(i) else { continue };
                if let Some((c, fl)) = step_of(f, r)
                    && c >= 0
                    && fl.contains(IntFlags::NSW)
                    && !fl.contains(IntFlags::NUW)
                    && let InstKind::Binary { flags, .. } = &mut f.dfg_mut_preserving_cfg().inst_mut(i).kind
                {
                    *flags = flags.union(IntFlags::NUW);
                }
            }
        }
    }
}

/// What the range of the unrolled loop's induction variable tells, as
/// LLVM's induction-variable simplification uses it after unrolling. `iv`
/// (a header phi, and any other header phi with the same incoming values)
/// stays within `[lo, hi]`, `0 <= lo`, without wrapping; so does
/// `add %iv, C` within `[lo + C, hi + C]` for `C >= 0` when that stays
/// below the signed maximum. In `blocks`:
///
/// * `and %x, M` is `%x` when `M` keeps every bit a value of that range
///   can have set (its uses read `%x`; the `and` is left dead);
/// * an unsigned comparison of such a value with a non-negative constant
///   compares two values of the same sign: it gets `samesign`.
pub fn use_iv_range(m: &Module, f: &mut Function, header: Block, blocks: &[Block], iv: Value, lo: i128, hi: i128) {
    if lo < 0 || hi < lo {
        return;
    }
    let Some(bits) = m.types.int_bits(f.dfg().value_type(iv)) else { return };
    if bits == 0 || bits > 128 {
        return;
    }
    let signed_max = if bits == 128 { i128::MAX } else { (1i128 << (bits - 1)) - 1 };
    if hi > signed_max {
        return;
    }
    let incoming = |f: &Function, v: Value| -> Option<Vec<(Value, Block)>> {
        let d = f.dfg().inst(f.dfg().value_inst(v)?);
        let mut x: Vec<(Value, Block)> = d.args.iter().copied().zip(d.blocks.iter().copied()).collect();
        x.sort_by_key(|&(v, b)| (v.index(), b.index()));
        Some(x)
    };
    let Some(iv_in) = incoming(f, iv) else { return };
    let ivs: Vec<Value> = f
        .phis(header)
        .filter_map(|p| f.dfg().inst_result(p))
        .filter(|&p| p == iv || incoming(f, p).as_ref() == Some(&iv_in))
        .collect();
    let konst = |f: &Function, v: Value| f.dfg().value_const(v).and_then(Const::as_int).map(|c| sext(c, bits));
    let range = |f: &Function, v: Value| -> Option<(i128, i128)> {
        if ivs.contains(&v) {
            return Some((lo, hi));
        }
        let d = f.dfg().inst(f.dfg().value_inst(v)?);
        let InstKind::Binary { op: BinOp::Add, .. } = d.kind else { return None };
        let (root, c) = match (konst(f, d.args[0]), konst(f, d.args[1])) {
            (None, Some(c)) => (d.args[0], c),
            (Some(c), None) => (d.args[1], c),
            _ => return None,
        };
        (ivs.contains(&root) && c >= 0 && hi.checked_add(c)? <= signed_max).then(|| (lo + c, hi + c))
    };
    let mut repl = opt_conv_ir::edit::Replacements::new();
    for &b in blocks {
        if !f.layout().is_block_inserted(b) {
            continue;
        }
        let insts: Vec<_> = f.block_insts(b).collect();
        for i in insts {
            let d = f.dfg().inst(i);
            match d.kind {
                InstKind::Binary { op: BinOp::And, .. } => {
                    let Some(r) = d.result() else { continue };
                    let (x, k) = match (konst(f, d.args[0]), konst(f, d.args[1])) {
                        (None, Some(k)) => (d.args[0], k),
                        (Some(k), None) => (d.args[1], k),
                        _ => continue,
                    };
                    let Some((_, top)) = range(f, x) else { continue };
                    // Every value up to `top` has only bits below its width.
                    let width = 128 - (top as u128).leading_zeros();
                    let low = if width == 0 { 0 } else { mask(u128::MAX, width) };
                    if mask(k as u128, bits) & low == low {
                        repl.insert(r, x);
                    }
                }
                InstKind::ICmp { pred, flags } if !pred.is_signed() && pred != IntPred::Eq && pred != IntPred::Ne => {
                    let (x, k) = match (konst(f, d.args[0]), konst(f, d.args[1])) {
                        (None, Some(k)) => (d.args[0], k),
                        (Some(k), None) => (d.args[1], k),
                        _ => continue,
                    };
                    if k >= 0
                        && range(f, x).is_some()
                        && !flags.contains(IntFlags::SAMESIGN)
                        && let InstKind::ICmp { flags, .. } = &mut f.dfg_mut_preserving_cfg().inst_mut(i).kind
                    {
                        *flags = flags.union(IntFlags::SAMESIGN);
                    }
                }
                _ => {}
            }
        }
    }
    repl.apply(f);
}

//! Unfolding a `select` into a branch and a phi, so that the edges on which
//! its condition is known can be threaded (LLVM's jump threading does it in
//! two shapes):
//!
//! * in the block that computes the condition: a `select` on a phi of the
//!   block with a constant incoming value, or on a compare of such a phi
//!   with a constant, becomes a conditional branch to an empty block and a
//!   join holding a phi of the two values ([`unfold_in_block`]). The branch
//!   is on a `freeze` of the condition unless it cannot be undef or poison
//!   (branching on poison is undefined, selecting on it is not);
//! * in a predecessor that falls through to the block: a `select` that is
//!   the predecessor's incoming value of a phi of the block, which the
//!   block's branch compares with a constant or its switch tests, becomes
//!   a branch of the predecessor to a new empty block `select.unfold` or
//!   straight to the block ([`unfold_in_pred`]); the phi takes the two
//!   values from the two edges. Also frozen where LLVM is not (LLVM 22
//!   branches on the select's condition as it is).
//!
//! Nothing is copied or moved; the new branch may still change which
//! threads execute an uncontrolled convergent operation after it together,
//! which the caller asks the oracle about (`Query::UnfoldSelect`).

use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::inst::FastMath;
use opt_conv_ir::{Block, Const, Function, Inst, InstData, InstKind, Module, Type, Value};
use opt_conv_legality::convergence::{ConvOp, TokenKind, classify};

/// The `select` a block `b` (not a loop header) would unfold, first phi
/// first: one of `b` on a phi of `b` with a constant integer incoming
/// value, or on a compare of that phi with a constant integer used only by
/// the select. Not a select of `i1` that is a logical `and` or `or`.
pub fn candidate_in_block(m: &Module, f: &mut Function, b: Block) -> Option<Inst> {
    let phis: Vec<Inst> = f.phis(b).collect();
    for phi in phis {
        let d = f.dfg().inst(phi);
        if !d.args.iter().any(|&a| int_const(f, a).is_some()) {
            continue;
        }
        let Some(r) = d.result() else { continue };
        for u in f.users_of(r) {
            if f.layout().inst_block(u) != Some(b) {
                continue;
            }
            let ud = f.dfg().inst(u);
            match ud.kind {
                InstKind::ICmp { .. } => {
                    let other = if ud.args[0] == r { ud.args[1] } else { ud.args[0] };
                    if int_const(f, other).is_none() {
                        continue;
                    }
                    let Some(c) = ud.result() else { continue };
                    let users = f.users_of(c);
                    if let [s] = users[..]
                        && f.dfg().inst(s).args.iter().filter(|&&a| a == c).count() == 1
                        && unfoldable(m, f, s, b, c)
                    {
                        return Some(s);
                    }
                }
                InstKind::Select { .. } if unfoldable(m, f, u, b, r) => return Some(u),
                _ => {}
            }
        }
    }
    None
}

/// Whether `s` is a select of `b` on the `i1` `cond`, not a logical and/or.
fn unfoldable(m: &Module, f: &Function, s: Inst, b: Block, cond: Value) -> bool {
    let d = f.dfg().inst(s);
    if !matches!(d.kind, InstKind::Select { .. }) || f.layout().inst_block(s) != Some(b) || d.args[0] != cond {
        return false;
    }
    if m.types.int_bits(f.dfg().value_type(cond)) != Some(1) {
        return false;
    }
    let Some(r) = d.result() else { return false };
    let logical = m.types.int_bits(f.dfg().value_type(r)) == Some(1)
        && (int_const(f, d.args[2]) == Some(0) || int_const(f, d.args[1]) == Some(1));
    !logical
}

/// The value of an integer constant (not undef or poison).
fn int_const(f: &Function, v: Value) -> Option<u128> {
    f.dfg().value_const(v).and_then(Const::as_int)
}

/// Whether `v` is certainly neither undef nor poison: an integer constant,
/// or a phi or a compare (without flags that may make poison) of such
/// values, a few levels deep. Anything else counts as possibly poison.
fn never_poison(f: &Function, v: Value, depth: u32) -> bool {
    if int_const(f, v).is_some() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let Some(i) = f.dfg().value_inst(v) else { return false };
    let d = f.dfg().inst(i);
    match &d.kind {
        InstKind::Freeze => true,
        InstKind::Phi { .. } => d.args.iter().all(|&a| a != v && never_poison(f, a, depth - 1)),
        InstKind::ICmp { flags, .. } if flags.0 == 0 => d.args.iter().all(|&a| never_poison(f, a, depth - 1)),
        _ => false,
    }
}

/// The condition to branch on instead of `s`'s: itself if it cannot be
/// poison, else a new `%cond.fr = freeze` of it placed before `before`.
fn frozen_condition(f: &mut Function, cond: Value, before: Inst, named: bool) -> Value {
    if never_poison(f, cond, 3) {
        return cond;
    }
    let ty = f.dfg().value_type(cond);
    let fr = f.dfg_mut_preserving_cfg().make_inst(InstData::new(InstKind::Freeze, &[cond], &[]), ty);
    f.layout_mut_preserving_cfg().insert_inst_before(fr, before);
    let r = f.dfg().inst_result(fr).expect("a freeze has a result");
    if named {
        f.dfg_mut_preserving_cfg().set_value_name(r, Some("cond.fr"));
    }
    r
}

/// The loop or entry intrinsic that unfolding `s` in its block would move
/// into the new join ([`unfold_in_block`] moves the rest of the block, from
/// `s` on), if any. Those never move (token-placement): a heart must stay
/// in its loop's header, which the join is not (opt's verifier: "Cycle
/// heart must dominate all blocks in the cycle"). Only a header can hold a
/// select before its heart that the pass unfolds: across loop headers.
pub fn moved_token_intrinsic(m: &Module, f: &Function, s: Inst) -> Option<(Inst, TokenKind)> {
    let mut next = Some(s);
    while let Some(i) = next {
        if let ConvOp::Intrinsic { kind, .. } = classify(m, f, f.dfg().inst(i))
            && kind != TokenKind::Anchor
        {
            return Some((i, kind));
        }
        next = f.layout().next_inst(i);
    }
    None
}

/// Splits `b` before the select `s` (found by [`candidate_in_block`]):
/// `b` ends in a branch on the select's condition (frozen if need be) to a
/// new empty block and to the new join, which starts with a phi of the
/// select's values and holds the rest of `b`. Returns the join.
pub fn unfold_in_block(f: &mut Function, b: Block, s: Inst) -> Block {
    let before = f.cfg();
    let d = f.dfg().inst(s).clone();
    let (cond, tv, fv) = (d.args[0], d.args[1], d.args[2]);
    let r = d.result().expect("a select has a result");
    let ty = f.dfg().value_type(r);
    let dbg = f.dfg().inst_md(s, "dbg");
    let prof = f.dfg().inst_md(s, "prof");
    let cond = frozen_condition(f, cond, s, true);
    let then = f.dfg_mut().make_block(None);
    let join = f.dfg_mut().make_block(None);
    f.layout_mut().insert_block_after(then, b);
    f.layout_mut().insert_block_after(join, then);
    // The rest of `b`, from the select on, moves to the join.
    let mut rest = Vec::new();
    let mut next = Some(s);
    while let Some(i) = next {
        next = f.layout().next_inst(i);
        rest.push(i);
    }
    for &i in &rest {
        f.layout_mut().move_inst_to_end(i, join);
    }
    let phi =
        f.dfg_mut().make_inst(InstData::new(InstKind::Phi { fmf: FastMath::default() }, &[tv, fv], &[then, b]), ty);
    f.layout_mut().insert_inst_before(phi, s);
    f.dfg_mut().set_inst_md(phi, "dbg", dbg);
    let nr = f.dfg().inst_result(phi).expect("a phi has a result");
    let mut repl = opt_conv_ir::edit::Replacements::new();
    repl.insert(r, nr);
    repl.apply(f);
    opt_conv_ir::edit::remove_inst(f, s);
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[cond], &[then, join]), Type::VOID);
    f.layout_mut().append_inst(br, b);
    f.dfg_mut().set_inst_md(br, "dbg", dbg);
    f.dfg_mut().set_inst_md(br, "prof", prof);
    let jump = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[join]), Type::VOID);
    f.layout_mut().append_inst(jump, then);
    f.dfg_mut().set_inst_md(jump, "dbg", dbg);
    for succ in f.successors(join).to_vec() {
        f.retarget_phis_of(succ, b, join);
    }
    f.update_cfg(before, &[b, then, join]);
    join
}

/// The select LLVM unfolds into the predecessor of `b`, with the phi of
/// `b` and the predecessor: a phi of `b` that `b`'s switch tests, or that
/// `b`'s branch compares with a constant (`decides`: whether one of the
/// select's two values, as the phi's value, would decide the compare and
/// the other would not), takes from a predecessor ending in `br label %b`
/// a select of that predecessor used only there.
pub fn candidate_in_pred(
    f: &mut Function,
    b: Block,
    decides: impl Fn(&Function, Value, Value) -> bool,
) -> Option<(Block, Inst, Inst)> {
    let t = f.terminator(b)?;
    let td = f.dfg().inst(t);
    let (phi, cmp) = match td.kind {
        InstKind::Switch => (f.dfg().value_inst(td.args[0])?, None),
        InstKind::Br if td.is_cond_br() => {
            let c = f.dfg().value_inst(td.args[0])?;
            let cd = f.dfg().inst(c);
            if !matches!(cd.kind, InstKind::ICmp { .. }) || f.dfg().value_const(cd.args[1]).is_none() {
                return None;
            }
            (f.dfg().value_inst(cd.args[0])?, Some(c))
        }
        _ => return None,
    };
    if !f.dfg().inst(phi).is_phi() || f.layout().inst_block(phi) != Some(b) {
        return None;
    }
    let incoming: Vec<(Value, Block)> = {
        let d = f.dfg().inst(phi);
        d.args.iter().copied().zip(d.blocks.iter().copied()).collect()
    };
    for (v, p) in incoming {
        let Some(s) = f.dfg().value_inst(v) else { continue };
        if !matches!(f.dfg().inst(s).kind, InstKind::Select { .. }) || f.layout().inst_block(s) != Some(p) {
            continue;
        }
        if f.terminator(p).is_none_or(|pt| f.dfg().inst(pt).kind != InstKind::Br || f.successors(p).len() != 1) {
            continue;
        }
        // Used once, by this phi.
        let users = f.users_of(v);
        if users != [phi] || f.dfg().inst(phi).args.iter().filter(|&&a| a == v).count() != 1 {
            continue;
        }
        if cmp.is_some() {
            let sd = f.dfg().inst(s);
            if !decides(f, sd.args[1], sd.args[2]) {
                continue;
            }
        }
        return Some((p, s, phi));
    }
    None
}

/// Unfolds the select `s` of `p` (which falls through to `b`) whose value
/// the phi `phi` of `b` takes from `p`: `p` branches on the select's
/// condition (frozen if need be) to a new empty block `select.unfold` that
/// falls through to `b`, or straight to `b`; the phi takes the true value
/// from the new block and the false value from `p`. Returns the new block.
pub fn unfold_in_pred(f: &mut Function, p: Block, b: Block, s: Inst, phi: Inst) -> Block {
    let before = f.cfg();
    let d = f.dfg().inst(s).clone();
    let (cond, tv, fv) = (d.args[0], d.args[1], d.args[2]);
    let r = d.result().expect("a select has a result");
    let t = f.terminator(p).expect("p falls through to b");
    let cond = frozen_condition(f, cond, s, true);
    let nb = f.dfg_mut().make_block(Some("select.unfold"));
    f.layout_mut().insert_block_before(nb, b);
    let prof = f.dfg().inst_md(s, "prof");
    f.set_branch(t, Some(cond), &[nb, b]);
    f.dfg_mut().set_inst_md(t, "prof", prof);
    let jump = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[b]), Type::VOID);
    f.layout_mut().append_inst(jump, nb);
    let k = f.dfg().inst(phi).args.iter().position(|&a| a == r).expect("the phi takes the select");
    f.set_incoming_value_at(phi, k, fv);
    f.add_incoming(phi, tv, nb);
    for other in f.phis(b).collect::<Vec<_>>() {
        if other != phi
            && let Some(v) = f.dfg().inst(other).incoming(p)
        {
            f.add_incoming(other, v, nb);
        }
    }
    opt_conv_ir::edit::remove_inst(f, s);
    f.update_cfg(before, &[p, nb]);
    nb
}

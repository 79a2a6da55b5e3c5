//! The loop shape unrolling needs, as LLVM's LoopSimplify and LCSSA give it:
//! a preheader (the only way in, branching only to the header), a single
//! latch (one backedge block), dedicated exits (exit blocks entered only
//! from the loop), and LCSSA phis (every value of the loop used after it
//! goes through a phi in an exit block), so that a transform that copies
//! the loop body only has to rewire phis.
//!
//! Convergence tokens are never given phis (a token cannot go through one):
//! a token used outside its loop makes the loop "extended", which the
//! legality oracle refuses to unroll before any of this runs.

use super::{Loop, LoopForest};
use opt_conv_ir::analysis::{FunctionAnalyses, Uses};
use opt_conv_ir::metadata::{MdBody, MdOperand};
use opt_conv_ir::types::TypeTable;
use opt_conv_ir::{Block, EntitySet, Function, Inst, InstData, InstKind, MdId, Module, Type, Value};

/// Gives `l` a preheader if it has none: a new block `<header>.preheader`
/// that the outside predecessors branch to, merging their phi values.
/// Returns the preheader; `Err` if an outside predecessor cannot be
/// redirected (it does not end in `br` or `switch`). Its branch is placed
/// where the loop starts ([`loop_start_loc`]), as LLVM places it, so that
/// stepping into the loop does not stop in its body.
pub fn ensure_preheader(m: &Module, f: &mut Function, l: &Loop) -> Result<Block, String> {
    if let Some(p) = l.preheader {
        return Ok(p);
    }
    let cfg = f.cfg();
    let outside: Vec<Block> = cfg.preds(l.header).iter().copied().filter(|&p| !l.contains(p)).collect();
    if outside.is_empty() {
        return Err("the loop is not reachable from outside".into());
    }
    for &p in &outside {
        let t = f.terminator(p).ok_or("a predecessor without terminator")?;
        if !matches!(f.dfg().inst(t).kind, InstKind::Br | InstKind::Switch) {
            return Err(format!("a predecessor of the header ends in {}", f.dfg().inst(t).opcode_name()));
        }
    }
    // The new block may become an entry of an irreducible cycle in place of
    // the header (rule irreducible-edge).
    if let opt_conv_legality::Verdict::Refused(r) =
        opt_conv_legality::Oracle::preheader_insertion(m, f, l.header, &outside, true)
    {
        return Err(r.to_string());
    }
    let name = f.dfg().block_name(l.header).map(|n| format!("{n}.preheader"));
    let pre = f.dfg_mut().make_block(name.as_deref());
    f.layout_mut().insert_block_before(pre, l.header);
    let loc = loop_start_loc(m, f, l);
    split_incoming(f, l.header, &outside, pre, ".ph");
    if let Some(br) = f.terminator(pre) {
        f.dfg_mut_preserving_cfg().set_inst_md(br, "dbg", loc);
    }
    f.update_cfg(cfg, &[&outside[..], &[pre, l.header]].concat());
    Ok(pre)
}

/// The debug location where `l` starts, as LLVM's `Loop::getStartLoc`
/// finds it: the first `DILocation` its loop id lists, else the location
/// of its preheader's terminator, else that of its header's terminator.
pub fn loop_start_loc(m: &Module, f: &Function, l: &Loop) -> Option<MdId> {
    // The loop id counts only if every latch names the same one, and it
    // names itself first.
    let ids: Vec<Option<MdId>> =
        l.latches.iter().map(|&b| f.terminator(b).and_then(|t| f.dfg().inst_md(t, "llvm.loop"))).collect();
    if let Some(&Some(id)) = ids.first()
        && ids.iter().all(|x| *x == Some(id))
        && let Some(ops) = m.metadata.tuple_ops(id)
        && ops.first() == Some(&MdOperand::Node(id))
    {
        let is_loc = |n: MdId| {
            m.metadata
                .nodes
                .get(n)
                .is_some_and(|x| matches!(&x.body, MdBody::Specialized { name, .. } if &**name == "DILocation"))
        };
        let first = ops[1..].iter().find_map(|op| match op {
            MdOperand::Node(n) if is_loc(*n) => Some(*n),
            _ => None,
        });
        if first.is_some() {
            return first;
        }
    }
    if let Some(loc) = l.preheader.and_then(|p| f.terminator(p)).and_then(|t| f.dfg().inst_md(t, "dbg")) {
        return Some(loc);
    }
    f.terminator(l.header).and_then(|t| f.dfg().inst_md(t, "dbg"))
}

/// Gives `l` a single latch if it has several: a new block
/// `<header>.backedge` that they all branch to instead of the header,
/// merging their phi values (`.be`), as LLVM's loop simplification does. It
/// goes right after the first latch in the layout. Returns whether anything
/// changed.
pub fn ensure_single_latch(f: &mut Function, l: &Loop) -> Result<bool, String> {
    if l.latches.len() < 2 {
        return Ok(false);
    }
    for &p in &l.latches {
        let t = f.terminator(p).ok_or("a latch without terminator")?;
        if !matches!(f.dfg().inst(t).kind, InstKind::Br | InstKind::Switch) {
            return Err(format!("a latch ends in {}", f.dfg().inst(t).opcode_name()));
        }
    }
    let first = f.layout().blocks().find(|b| l.latches.contains(b)).expect("a latch in the layout");
    let cfg = f.cfg();
    let name = f.dfg().block_name(l.header).map(|n| format!("{n}.backedge"));
    let be = f.dfg_mut().make_block(name.as_deref());
    f.layout_mut().insert_block_after(be, first);
    split_incoming(f, l.header, &l.latches, be, ".be");
    f.update_cfg(cfg, &[&l.latches[..], &[be, l.header]].concat());
    Ok(true)
}

/// Gives every exit of `l` only loop predecessors, splitting off
/// `<exit>.loopexit` blocks where outside blocks enter an exit too.
/// Returns whether anything changed.
pub fn ensure_dedicated_exits(f: &mut Function, l: &Loop) -> Result<bool, String> {
    let mut changed = false;
    for &x in &l.exits {
        let cfg = f.cfg();
        let preds: Vec<Block> = cfg.preds(x).to_vec();
        let inside: Vec<Block> = preds.iter().copied().filter(|&p| l.contains(p)).collect();
        if inside.len() == preds.len() {
            continue;
        }
        for &p in &inside {
            let t = f.terminator(p).ok_or("a block without terminator")?;
            if !matches!(f.dfg().inst(t).kind, InstKind::Br | InstKind::Switch) {
                return Err(format!("an exiting block ends in {}", f.dfg().inst(t).opcode_name()));
            }
        }
        let name = f.dfg().block_name(x).map(|n| format!("{n}.loopexit"));
        let nb = f.dfg_mut().make_block(name.as_deref());
        f.layout_mut().insert_block_before(nb, x);
        split_incoming(f, x, &inside, nb, ".ph");
        f.update_cfg(cfg, &[&inside[..], &[nb, x]].concat());
        changed = true;
    }
    Ok(changed)
}

/// As LLVM's loop simplification does for a loop whose exits all lead to
/// one block: in each exiting block that has a single predecessor and ends
/// in a conditional branch on a compare made in that block, the
/// instructions before the branch (the compare aside) move to the end of
/// the preheader, in order, up to the first that cannot: one that may not
/// run where it did not (a memory access, a call, a division that may
/// trap, a phi), or that needs a value of the loop that cannot move
/// itself (such operands move first, as LLVM's `makeLoopInvariant` moves
/// them). A moved instruction keeps only its debug location of its
/// metadata (the rest may hold only where it was); its debug records stay
/// where it was, before the next instruction. Returns whether anything
/// moved.
///
/// LLVM then folds a block left with only its compare into its
/// predecessor's branch; that is not done here.
///
/// No convergent operation moves (no call does), and what moves computes
/// the same value wherever it runs, so the legality oracle has nothing to
/// judge.
pub fn hoist_from_exiting_blocks(m: &Module, f: &mut Function, l: &Loop) -> bool {
    let Some(pre) = l.preheader else { return false };
    let cfg = f.cfg();
    let mut exits = l.exiting.iter().flat_map(|&b| cfg.succs(b).iter().copied()).filter(|&s| !l.contains(s));
    let Some(first) = exits.next() else { return false };
    if !exits.all(|x| x == first) {
        return false;
    }
    let Some(at) = f.terminator(pre) else { return false };
    let mut changed = false;
    for &b in &l.exiting {
        if cfg.preds(b).len() != 1 {
            continue;
        }
        let Some(br) = f.terminator(b) else { continue };
        let d = f.dfg().inst(br);
        if d.kind != InstKind::Br || !d.is_cond_br() {
            continue;
        }
        let cmp = f.dfg().value_inst(d.args[0]);
        let is_cmp = cmp.is_some_and(|c| {
            matches!(f.dfg().inst(c).kind, InstKind::ICmp { .. } | InstKind::FCmp { .. })
                && f.layout().inst_block(c) == Some(b)
        });
        if !is_cmp {
            continue;
        }
        let insts: Vec<Inst> = f.block_insts(b).filter(|&i| i != br && Some(i) != cmp).collect();
        for i in insts {
            if !make_invariant(m, f, l, i, at, &mut changed) {
                break;
            }
        }
    }
    changed
}

/// Moves `i` (and first the operands it needs from the loop) before `at`
/// if it is in `l` and may move; whether it is now outside `l`.
fn make_invariant(m: &Module, f: &mut Function, l: &Loop, i: Inst, at: Inst, changed: &mut bool) -> bool {
    if f.layout().inst_block(i).is_none_or(|b| !l.contains(b)) {
        return true;
    }
    let d = f.dfg().inst(i);
    if matches!(d.kind, InstKind::Phi { .. }) || !crate::simplifycfg::hoist::safe_to_speculate(m, f, i) {
        return false;
    }
    for op in d.args.clone() {
        if let Some(j) = f.dfg().value_inst(op)
            && !make_invariant(m, f, l, j, at, changed)
        {
            return false;
        }
    }
    let next = f.layout().next_inst(i);
    let layout = f.layout_mut_preserving_cfg();
    let records = layout.take_dbg_records(i);
    if let Some(n) = next.filter(|_| !records.is_empty()) {
        let mut all = records;
        all.extend(layout.take_dbg_records(n));
        layout.set_dbg_records(n, all);
    }
    layout.move_inst_before(i, at);
    let kept: Vec<_> = f.dfg().inst_metadata(i).iter().filter(|(k, _)| &**k == "dbg").cloned().collect();
    f.dfg_mut_preserving_cfg().set_all_inst_md(i, kept);
    *changed = true;
    true
}

/// Redirects the edges `preds -> b` through the new block `nb`, which
/// branches to `b`: each phi of `b` gets, in `nb`, a phi over those preds
/// (or their single value; named with `suffix`), and takes it as its one
/// incoming from `nb`. The branch has the location of the first
/// instruction of `b` that is not a phi, as in LLVM (a preheader's is
/// the loop's start instead, see [`ensure_preheader`]). The caller patches
/// the CFG it took before inserting `nb` (`preds`, `nb` and `b` changed).
pub(crate) fn split_incoming(f: &mut Function, b: Block, preds: &[Block], nb: Block, suffix: &str) {
    let phis: Vec<Inst> = f.phis(b).collect();
    for p in phis {
        let d = f.dfg().inst(p).clone();
        let ty = f.dfg().inst_result(p).map(|r| f.dfg().value_type(r)).unwrap_or(Type::VOID);
        let moved: Vec<(Value, Block)> =
            d.args.iter().copied().zip(d.blocks.iter().copied()).filter(|(_, blk)| preds.contains(blk)).collect();
        let kept: Vec<(Value, Block)> =
            d.args.iter().copied().zip(d.blocks.iter().copied()).filter(|(_, blk)| !preds.contains(blk)).collect();
        let first = moved.first().map(|m| m.0);
        let value = if moved.iter().all(|m| Some(m.0) == first) {
            first
        } else {
            let args: Vec<Value> = moved.iter().map(|m| m.0).collect();
            let blocks: Vec<Block> = moved.iter().map(|m| m.1).collect();
            let np = f.dfg_mut().make_inst(InstData::new(d.kind.clone(), &args, &blocks), ty);
            let nv = f.dfg().inst_result(np).expect("phi result");
            if let Some(n) = f.dfg().inst_result(p).and_then(|r| f.dfg().value_name(r)).map(|n| format!("{n}{suffix}"))
            {
                f.dfg_mut_preserving_cfg().set_value_name(nv, Some(&n));
            }
            f.layout_mut().append_inst(np, nb);
            Some(nv)
        };
        // The new incoming takes the place of the first one it replaces, so
        // that phis keep their order (as LLVM's loop simplification does).
        let at = d.blocks.iter().position(|b| preds.contains(b)).unwrap_or(d.blocks.len());
        let before = d.blocks[..at].iter().filter(|b| !preds.contains(b)).count();
        let mut incoming = kept;
        if let Some(v) = value {
            incoming.insert(before, (v, nb));
        }
        f.set_incoming(p, incoming);
    }
    let loc = f.first_non_phi(b).and_then(|i| f.dfg().inst_md(i, "dbg"));
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[b]), Type::VOID);
    f.dfg_mut().set_inst_md(br, "dbg", loc);
    f.layout_mut().append_inst(br, nb);
    for &p in preds {
        let Some(t) = f.terminator(p) else { continue };
        f.retarget_successor(t, b, nb);
    }
}

/// Puts every value of `l` used outside it through a phi in the exit block
/// that dominates the use (LCSSA). `uses` must be current and is kept so,
/// so that one computation serves every loop of a function; the CFG is not
/// changed. `Err` if a use is reached through more than one exit without a
/// merge the unroller could rewire, or is a token.
pub fn form_lcssa(types: &TypeTable, f: &mut Function, l: &Loop, uses: &mut Uses) -> Result<usize, String> {
    if !entered_only_at_header(f, l) {
        return Err("code not reachable from the loop's header branches into it".into());
    }
    // The dominator tree only if a use needs a new phi (usually none does:
    // a loop already in LCSSA form is visited again after its inner loops
    // were unrolled).
    let mut dt = None;
    let cfg = f.cfg();
    // Exit phis created, per (value, exit block).
    let mut created: Vec<(Value, Block, Value)> = Vec::new();
    // Each new phi goes first in its exit block. LLVM takes the loop's
    // blocks in order and each block's instructions from last to first,
    // so that its exits list the values of later blocks first and those of
    // one block in order.
    let defs: Vec<Value> = l
        .blocks
        .iter()
        .flat_map(|&b| f.block_insts(b).collect::<Vec<_>>().into_iter().rev())
        .filter_map(|i| f.dfg().inst_result(i))
        .collect();
    for v in defs {
        let outside_users: Vec<Inst> = uses
            .users(v)
            .iter()
            .copied()
            .filter(|&u| f.layout().inst_block(u).is_some_and(|b| !l.contains(b)))
            .collect();
        if outside_users.is_empty() {
            continue;
        }
        if types.is_token_like(f.dfg().value_type(v)) {
            return Err("a token defined in the loop is used outside it".into());
        }
        for u in outside_users {
            let ud = f.dfg().inst(u).clone();
            let ub = f.layout().inst_block(u).expect("in layout");
            // A phi in an exit block whose incoming edges come from the loop
            // is already an LCSSA phi.
            if ud.is_phi() && l.exits.contains(&ub) {
                let all_inside = ud.args.iter().zip(&ud.blocks).filter(|(a, _)| **a == v).all(|(_, p)| l.contains(*p));
                if all_inside {
                    continue;
                }
            }
            let use_blocks: Vec<Block> = if ud.is_phi() {
                ud.args.iter().zip(&ud.blocks).filter(|(a, _)| **a == v).map(|(_, p)| *p).collect()
            } else {
                vec![ub]
            };
            for ublk in use_blocks {
                let dt = dt.get_or_insert_with(|| f.domtree());
                let Some(&x) = l.exits.iter().find(|&&x| dt.dominates(x, ublk)) else {
                    return Err("a value of the loop is used where its exits merge".into());
                };
                let phi_v = match created.iter().find(|c| c.0 == v && c.1 == x) {
                    Some(c) => c.2,
                    None => {
                        let preds: Vec<Block> = cfg.preds(x).to_vec();
                        let ty = f.dfg().value_type(v);
                        // The phi stands for the value: it has its location.
                        let loc = f.dfg().value_inst(v).and_then(|i| f.dfg().inst_md(i, "dbg"));
                        let (dfg, layout) = f.parts_mut_preserving_cfg();
                        let np = dfg.make_inst(
                            InstData::new(InstKind::Phi { fmf: Default::default() }, &vec![v; preds.len()], &preds),
                            ty,
                        );
                        dfg.set_inst_md(np, "dbg", loc);
                        let nv = dfg.inst_result(np).expect("phi result");
                        if let Some(n) = dfg.value_name(v).map(|n| format!("{n}.lcssa")) {
                            dfg.set_value_name(nv, Some(&n));
                        }
                        match layout.first_inst(x) {
                            Some(first) => layout.insert_inst_before(np, first),
                            None => layout.append_inst(np, x),
                        }
                        uses.add_user(v, np);
                        created.push((v, x, nv));
                        nv
                    }
                };
                if ud.is_phi() {
                    f.replace_incoming_value(u, ublk, v, phi_v);
                } else {
                    f.replace_operand(u, v, phi_v);
                }
                if !f.dfg().inst(u).args.contains(&v) {
                    uses.remove_user(v, u);
                }
                uses.add_user(phi_v, u);
            }
        }
    }
    Ok(created.len())
}

/// Whether every block of `l` is reached from its header within the loop,
/// and entered from outside only at the header. Unreachable code can break
/// both: a block that reaches a latch only from unreachable code is taken
/// into the loop by a walk back from the latches, and a block outside the
/// loop may branch into its body. The exits' phis for values of such blocks
/// would use values that do not dominate them, so such loops are left
/// alone (LLVM's loops leave unreachable blocks out).
fn entered_only_at_header(f: &Function, l: &Loop) -> bool {
    let cfg = f.cfg();
    let outside_pred = l.blocks.iter().any(|&b| b != l.header && cfg.preds(b).iter().any(|&p| !l.contains(p)));
    if outside_pred {
        return false;
    }
    let mut seen = EntitySet::new();
    seen.insert(l.header);
    let mut stack = vec![l.header];
    let mut reached = 1;
    while let Some(b) = stack.pop() {
        for &s in cfg.succs(b) {
            if l.contains(s) && seen.insert(s) {
                reached += 1;
                stack.push(s);
            }
        }
    }
    reached == l.blocks.len()
}

/// Brings every loop of `f` into the form loop transforms expect, as LLVM's
/// loop unroller does before it looks at any loop: preheaders, dedicated
/// exits, then LCSSA (inner loops first, so that an inner loop's exit phis
/// are themselves put through the outer loop's exits). Loops that cannot be
/// normalized (a token used outside its loop, an exotic terminator) are left
/// as they are. Returns whether anything changed.
pub fn normalize_all(m: &Module, f: &mut Function) -> bool {
    let (changed, forest, headers) = simplify_loops(m, f);
    let mut uses = Uses::compute(f);
    let mut lcssa = false;
    for &h in &headers {
        let Some(l) = forest.current(f, h) else { continue };
        lcssa |= form_lcssa(&m.types, f, &l, &mut uses).is_ok_and(|n| n > 0);
    }
    changed || lcssa
}

/// The CFG part of [`normalize_all`], as LLVM's loop simplification gives
/// it: every loop of `f` (inner loops first) gets a preheader, a single
/// latch and dedicated exits where it can, and then what its exiting blocks
/// compute first that may run in the preheader moves there
/// ([`hoist_from_exiting_blocks`]). Returns whether anything
/// changed, the loops as they are now and their headers (outer first).
pub fn simplify_loops(m: &Module, f: &mut Function) -> (bool, LoopForest, Vec<Block>) {
    let mut changed = false;
    // Loops are taken from one forest; after a CFG edit, each loop is
    // computed again alone (these edits keep the headers, their order and
    // their depths).
    // Each loop's new shape is found from the preheader just made (and
    // kept in the forest for LCSSA): a loop computed again from a snapshot
    // without one could need the whole function's cycles.
    let mut forest = LoopForest::compute(f);
    let headers: Vec<Block> = forest.loops().iter().map(|l| l.header).collect();
    for &h in &headers {
        let Some(mut l) = forest.current(f, h) else { continue };
        if l.preheader.is_none()
            && let Ok(pre) = ensure_preheader(m, f, &l)
        {
            changed = true;
            let Some(now) = (Loop { preheader: Some(pre), ..l }).recompute(f) else { continue };
            l = now;
        }
        if ensure_single_latch(f, &l).unwrap_or(false) {
            changed = true;
            let Some(now) = l.recompute(f) else { continue };
            l = now;
        }
        if ensure_dedicated_exits(f, &l).unwrap_or(false) {
            changed = true;
            let Some(now) = l.recompute(f) else { continue };
            l = now;
        }
        changed |= hoist_from_exiting_blocks(m, f, &l);
        forest.update(l);
    }
    (changed, forest, headers)
}

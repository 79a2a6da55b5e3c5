//! The unrolling transforms, on a loop in the shape [`crate::loops::normalize`]
//! gives (preheader, single latch ending in the counted exit test, one
//! dedicated exit with LCSSA phis):
//!
//! * **full**: `n` copies of the body in a row, the backedge gone;
//! * **no remainder**: `n` copies in the loop, exit tested only in the last
//!   (the trip count is a multiple of `n`);
//! * **runtime**: `n` copies in the loop counting `trip - trip % n`
//!   iterations, then a remainder loop (`.epil`) for the rest, as LLVM's
//!   runtime unroller lays it out (`%xtraiter`, `%unroll_iter`, `%niter`,
//!   `<exit>.unr-lcssa`, `<header>.epil.preheader`).
//!   With a prologue (`-unroll-runtime-epilog=false`), the remainder runs
//!   first instead (`.prol`, `%prol.iter`, `<header>.prol.loopexit`), and the
//!   unrolled loop keeps its last copy's exit test ([`build_prologue`]).
//!
//! A loop heart is never copied: every copy of the body uses the original
//! heart's token. Anchors are copied with their copy of the body. Copies are
//! named as LLVM names them: `.1`, `.2`, ... and `.epil`.

use crate::cfg_edit::merge_into_predecessor;
use crate::loops::Loop;
use crate::loops::clone::{Copy, copy_blocks};
use crate::loops::normalize::split_incoming;
use crate::loops::trip::{Counted, Formula, TripCount, trip_count};
use crate::module_edits::{BufferedMetadata, ModuleEdits};
use crate::noalias_scopes::{CopyScopes, declared_scopes};
use crate::simplify::{delete_dead_in_then, simplify_blocks, simplify_unrolled_blocks};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::builder::make_call;
use opt_conv_ir::constant::{Const, mask, sext};
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::inst::{BinOp, CastOp, IntFlags, IntPred};
use opt_conv_ir::metadata::{MdBody, MdOperand};
use opt_conv_ir::{Block, EntityRef, EntitySet, Function, Inst, InstData, InstKind, Module, Type, Value};
use opt_conv_ir::{MdId, MetadataTable};

/// How to unroll.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Every iteration; the loop disappears.
    Full,
    /// By a count dividing the trip count; no remainder.
    NoRemainder,
    /// By a power of two, with a remainder loop.
    Runtime,
    /// By any count, every copy keeping its exit test (the trip count is
    /// not known, so any copy may be the last).
    KeepExits,
    /// As many copies as the maximum trip count, every copy but the last
    /// keeping its exit test; the loop disappears (LLVM's unrolling by the
    /// upper bound).
    UpperBound,
    /// By a count that does not divide the constant trip count, without a
    /// remainder: only the copy that runs the last iteration keeps its exit
    /// test (LLVM's breakout trip), the other copies go on, the last one
    /// back to the header.
    ConstantExit,
}

/// What to do to a loop.
#[derive(Copy, Clone, Debug)]
pub struct Plan {
    /// How many copies of the body.
    pub count: u32,
    /// How they are arranged.
    pub shape: Shape,
    /// The loop's heart, which the copies share.
    pub heart: Option<Inst>,
    /// The trip count, if it is a constant.
    pub trip_count: Option<u64>,
    /// An upper bound on the trip count, if known.
    pub max_trip: Option<u64>,
    /// Whether the count was asked for (pragma or `-unroll-count`): the
    /// unrolled loop is then marked `llvm.loop.unroll.disable`, as LLVM
    /// does, so that it is not unrolled beyond the request.
    pub explicit: bool,
    /// With [`Shape::Runtime`]: the remainder runs before the unrolled loop
    /// (a prologue, `-unroll-runtime-epilog=false`) instead of after it.
    /// The loop's latch must be its only exiting block.
    pub prologue: bool,
    /// `-unroll-add-parallel-reductions`: with [`Shape::Runtime`] (a
    /// remainder after the loop), by at most 4, of a single-block loop, the
    /// first integer reduction chain of the header gets an accumulator per
    /// copy ([`parallel_reduction`]).
    pub parallel_reductions: bool,
}

/// Unrolls `l` as `plan` says.
pub fn unroll(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    l: &Loop,
    c: Option<&Counted>,
    plan: Plan,
) -> Result<Option<String>, String> {
    let Plan { count, shape, heart, explicit, trip_count, max_trip, prologue, parallel_reductions } = plan;
    let prologue = prologue && shape == Shape::Runtime;
    let keep_exits = matches!(shape, Shape::KeepExits | Shape::UpperBound);
    // With a constant trip count not a multiple of `count`, the copy that
    // runs the last iteration: copy `k` runs the iterations `k` modulo `count`.
    let breakout = match (shape, trip_count) {
        (Shape::ConstantExit, Some(t)) if t % u64::from(count) != 0 => Some((t - 1) % u64::from(count)),
        (Shape::ConstantExit, _) => {
            return Err("a breakout copy needs a constant trip count not a multiple of the count".into());
        }
        _ => None,
    };
    // The CFG as it is now, patched below rather than computed again for
    // the whole function after each loop.
    let cfg_before = f.cfg();
    let first_new_block = f.dfg().num_blocks();
    let latch = l.latch().ok_or("several latches")?;
    let loop_id = f.terminator(latch).and_then(|t| f.dfg().inst_md(t, "llvm.loop"));
    let orig_pre = l.preheader.ok_or("no preheader")?;
    // The latch's exit; the other exiting blocks keep their exits (side
    // exits, possibly to the same block) in every copy.
    let orig_exit = latch_exit(f, l).ok_or("the latch does not leave the loop")?;
    let header = l.header;
    // A prologue is made first, from the loop as it is; the loop then
    // runs a multiple of `count` iterations from its new preheader and
    // leaves through a new exit block, and is unrolled without remainder.
    let mut prologue_blocks: Vec<Block> = Vec::new();
    let (pre, exit, shape) = if prologue {
        let c = c.ok_or("runtime unrolling needs a counted loop")?;
        let p = build_prologue(m, edits, f, l, c, count, trip_count, orig_pre, orig_exit)?;
        prologue_blocks = p.blocks;
        (p.preheader, p.exit, Shape::NoRemainder)
    } else {
        (orig_pre, orig_exit, shape)
    };
    let phis: Vec<Inst> = f.phis(header).collect();
    let reduction = (parallel_reductions && shape == Shape::Runtime && count <= 4 && l.blocks.len() == 1)
        .then(|| reduction_chain(f, l, &phis))
        .flatten();
    let start_of = |f: &Function, p: Inst| -> Value {
        let d = f.dfg().inst(p);
        d.incoming(pre).expect("a preheader incoming")
    };
    // Copies 1..count of the body, each reading the previous copy's values
    // where the original reads its header phis; every side exit of a copy
    // gets its incomings.
    let copies = copy_bodies(m, edits, f, l, latch, count as usize, heart, |f, copy| {
        add_side_exit_incomings(f, l, latch, copy);
    });
    let value_in = |copies: &[Option<Copy>], k: usize, v: Value| copies[k].as_ref().map_or(v, |c| c.value(v));
    let block_in = |copies: &[Option<Copy>], k: usize, b: Block| copies[k].as_ref().map_or(b, |c| c.block(b));
    let n = count as usize;
    let last_latch = block_in(&copies, n - 1, latch);
    let exit_phis: Vec<Inst> = f.phis(exit).collect();
    // Chain the copies: every latch but the last goes on to the next copy
    // (keeping its exit test, for an unknown trip count).
    for k in 0..n.saturating_sub(1) {
        let next_header = block_in(&copies, k + 1, header);
        let lk = block_in(&copies, k, latch);
        if breakout == Some(k as u64) {
            // As LLVM, which keeps the loop id on the last latch only.
            let t = f.terminator(lk).expect("terminator");
            let d = f.dfg().inst(t).clone();
            let own_header = block_in(&copies, k, header);
            let succs: Vec<Block> = d.blocks.iter().map(|&b| if b == own_header { next_header } else { b }).collect();
            set_branch(f, lk, &d.args, &succs);
        } else if keep_exits {
            let t = f.terminator(lk).expect("terminator");
            let d = f.dfg().inst(t).clone();
            let own_header = block_in(&copies, k, header);
            let succs: Vec<Block> = d.blocks.iter().map(|&b| if b == own_header { next_header } else { b }).collect();
            set_branch(f, lk, &d.args, &succs);
            // LLVM only retargets such a branch, so its loop id stays.
            f.dfg_mut().set_inst_md(t, "llvm.loop", loop_id);
        } else {
            set_branch(f, lk, &[], &[next_header]);
        }
    }
    if keep_exits {
        // Every copy's latch reaches the exit: its phis get one incoming each.
        for &p in &exit_phis {
            let d = f.dfg().inst(p).clone();
            let Some(v) = d.incoming(latch) else { continue };
            for k in 1..n {
                f.add_incoming(p, value_in(&copies, k, v), block_in(&copies, k, latch));
            }
        }
    }
    let mut repl = Replacements::new();
    let mut extra: Vec<Block> = Vec::new();
    match shape {
        Shape::Full => {
            set_branch(f, last_latch, &[], &[exit]);
            for &p in &phis {
                let (r, s) = (f.dfg().inst_result(p).expect("phi"), start_of(f, p));
                repl.insert(r, s);
            }
            retarget_incoming(f, &exit_phis, latch, last_latch, |v| value_in(&copies, n - 1, v));
            repl.apply(f);
            for p in phis {
                remove_inst(f, p);
            }
        }
        Shape::UpperBound => {
            // The last copy leaves; its incoming in the exit's phis was added above.
            set_branch(f, last_latch, &[], &[exit]);
            for &p in &phis {
                let (r, s) = (f.dfg().inst_result(p).expect("phi"), start_of(f, p));
                repl.insert(r, s);
            }
            repl.apply(f);
            for p in phis {
                remove_inst(f, p);
            }
        }
        Shape::ConstantExit => {
            // The exit is reached from the breakout copy only; the last
            // copy goes back to the header.
            let b = breakout.expect("a breakout copy") as usize;
            let from = block_in(&copies, b, latch);
            if from != latch {
                retarget_incoming(f, &exit_phis, latch, from, |v| value_in(&copies, b, v));
            }
            set_branch(f, last_latch, &[], &[header]);
            backedge_last(f, &phis, latch, last_latch, |v| value_in(&copies, n - 1, v));
            if explicit {
                mark_unroll_disabled(m, edits, f, last_latch, loop_id);
            } else {
                let t = f.terminator(last_latch).expect("latch");
                f.dfg_mut().set_inst_md(t, "llvm.loop", loop_id);
            }
        }
        Shape::NoRemainder | Shape::KeepExits => {
            let t = f.terminator(last_latch).expect("terminator");
            let cond = f.dfg().inst(t).args.first().copied();
            if let Some(cond) = cond {
                let d = f.dfg().inst(t).clone();
                let succs: Vec<Block> =
                    d.blocks.iter().map(|&b| if b == block_in(&copies, n - 1, header) { header } else { b }).collect();
                set_branch(f, last_latch, &[cond], &succs);
            }
            backedge_last(f, &phis, latch, last_latch, |v| value_in(&copies, n - 1, v));
            if shape == Shape::NoRemainder {
                retarget_incoming(f, &exit_phis, latch, last_latch, |v| value_in(&copies, n - 1, v));
            } else {
                // The original latch's incoming stays; the last copy's was added above.
            }
            if explicit {
                mark_unroll_disabled(m, edits, f, last_latch, loop_id);
            } else {
                let t = f.terminator(last_latch).expect("latch");
                f.dfg_mut().set_inst_md(t, "llvm.loop", loop_id);
            }
        }
        Shape::Runtime => {
            let c = c.ok_or("runtime unrolling needs a counted loop")?;
            let blocks = RuntimeBlocks { pre, latch, header, exit, last_latch };
            extra = runtime(m, edits, f, l, c, count, &copies, &phis, blocks, trip_count)?;
            let t = f.terminator(last_latch).expect("latch");
            if explicit {
                mark_unroll_disabled(m, edits, f, last_latch, loop_id);
            } else {
                f.dfg_mut().set_inst_md(t, "llvm.loop", loop_id);
            }
        }
    }
    // Only the loop, its preheader and exits and the new blocks have
    // different edges.
    let mut touched: Vec<Block> = l.blocks.clone();
    touched.push(pre);
    touched.extend([orig_pre, orig_exit]);
    touched.extend(&l.exits);
    touched.extend((first_new_block..f.dfg().num_blocks()).map(Block::new));
    f.update_cfg(cfg_before, &touched);
    // As LLVM: each latch that now just falls through absorbs its successor.
    let mut blocks: Vec<Block> = l.blocks.clone();
    for c in copies.iter().flatten() {
        blocks.extend(&c.new_blocks);
    }
    let main_blocks = blocks.clone();
    blocks.extend(extra);
    blocks.extend(prologue_blocks);
    let mut latches: Vec<Block> = (0..n).map(|k| block_in(&copies, k, latch)).collect();
    for k in 0..latches.len() {
        let Some(t) = f.terminator(latches[k]) else { continue };
        let d = f.dfg().inst(t);
        if d.kind == InstKind::Br && d.blocks.len() == 1 {
            let dest = d.blocks[0];
            if let Some(into) = merge_into_predecessor(m, f, dest) {
                // A later latch folded away lives on in the block that absorbed it.
                latches.iter_mut().filter(|x| **x == dest).for_each(|x| *x = into);
            }
        }
    }
    // As LLVM after unrolling: steps from the header phis, simplification
    // of the unrolled blocks, then what is left dead.
    if !matches!(shape, Shape::Full | Shape::UpperBound) {
        // With a known (maximum) trip count from a non-negative start,
        // counting up, the header phi of the unrolled loop stays within
        // [start, start + step * count * floor((trips - 1) / count)]: each
        // pass through it starts `count` iterations, the first of them
        // within the trip count (the later ones too when no copy but the
        // last leaves; where one does, as with a breakout copy or every
        // copy keeping its exit test, the last pass may start fewer than
        // `count` iterations before the end).
        let bound = c.zip(trip_count.or(max_trip)).and_then(|(c, tc)| {
            let start = f.dfg().value_const(c.start).and_then(Const::as_int).map(|s| sext(s, c.iv_bits))?;
            let rest = (i128::from(tc).checked_sub(1)?.max(0) / n as i128) * n as i128;
            let max = start.checked_add(c.step.checked_mul(rest)?)?;
            // After a prologue the loop starts where it left off: LLVM
            // derives no bound then, and neither does this.
            (start >= 0 && c.step > 0 && c.tests_next && !prologue)
                .then(|| (f.dfg().inst_result(c.iv).expect("phi"), max))
        });
        super::ivs::fold_step_chains(m, f, header, &main_blocks, bound);
        // The same range, whichever value the exit test reads, for what
        // it decides about the variable's users.
        let range = c.zip(trip_count.or(max_trip)).and_then(|(c, tc)| {
            let start = f.dfg().value_const(c.start).and_then(Const::as_int).map(|s| sext(s, c.iv_bits))?;
            let rest = (i128::from(tc).checked_sub(1)?.max(0) / n as i128) * n as i128;
            let max = start.checked_add(c.step.checked_mul(rest)?)?;
            (start >= 0 && c.step > 0 && !prologue).then(|| (f.dfg().inst_result(c.iv).expect("phi"), start, max))
        });
        if let Some((iv, lo, hi)) = range {
            super::ivs::use_iv_range(m, f, header, &main_blocks, iv, lo, hi);
        }
    }
    // As LLVM: the records the copies made redundant go first, then the
    // unrolled blocks are simplified and what is left dead is deleted, the
    // values of the records that refer to it salvaged where they can be.
    crate::debug_records::remove_redundant(m, f, &blocks);
    simplify_unrolled_blocks(m, f, &main_blocks);
    delete_dead_in_then(m, f, &blocks, |f, dead| {
        crate::debug_records::salvage(&mut BufferedMetadata { m, edits: &mut *edits }, &m.types, f, dead);
    });
    crate::debug_records::remove_redundant(m, f, &blocks);
    let note = match reduction {
        Some((p, b)) => {
            let chain: Vec<Value> = (0..n).map(|k| value_in(&copies, k, b)).collect();
            Some(parallel_reduction(m, f, header, p, &chain).map_or_else(
                |why| format!("no parallel reduction: {why}"),
                |name| {
                    format!("reduction {name} split into {n} parallel accumulators, combined after the unrolled loop")
                },
            ))
        }
        None => None,
    };
    Ok(note)
}

/// The first header phi of single-block loop `l` (of `phis`, in order) that
/// is an integer reduction chain LLVM would split: `%r.next = OP %r, %x`
/// feeding it from the latch, OP one of add, mul, and, or, xor, `%x` neither
/// a constant nor `%r`, `%r` used only there and `%r.next` only by `%r`
/// and the exit's phis. Returns the phi and `%r.next`. (`sub` chains are
/// left alone.)
fn reduction_chain(f: &Function, l: &Loop, phis: &[Inst]) -> Option<(Inst, Value)> {
    let latch = l.latch()?;
    let dfg = f.dfg();
    let uses = opt_conv_ir::analysis::Uses::compute(f);
    let exit_phis: Vec<Inst> = l.exits.iter().flat_map(|&x| f.phis(x)).collect();
    phis.iter().copied().find_map(|p| {
        let r = dfg.inst_result(p)?;
        if !matches!(dfg.value_type(r), Type::I8 | Type::I16 | Type::I32 | Type::I64) {
            return None;
        }
        let b = dfg.inst(p).incoming(latch)?;
        let bi = dfg.value_inst(b)?;
        if f.layout().inst_block(bi) != Some(l.header) {
            return None;
        }
        let bd = dfg.inst(bi);
        let InstKind::Binary { op, .. } = bd.kind else { return None };
        if !matches!(op, BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor) {
            return None;
        }
        let other = match (bd.args[0] == r, bd.args[1] == r) {
            (true, false) => bd.args[1],
            (false, true) => bd.args[0],
            _ => return None,
        };
        if dfg.value_inst(other).is_none() && dfg.value_param(other).is_none() {
            return None;
        }
        if uses.users(r).iter().any(|&u| u != bi) {
            return None;
        }
        if uses.users(b).iter().any(|&u| u != p && !exit_phis.contains(&u)) {
            return None;
        }
        Some((p, b))
    })
}

/// Splits the reduction `phi` of the unrolled single-block loop `header`,
/// whose copies compute `chain` (`chain[0]` reads `phi`, each next one the
/// one before, the last feeds `phi`), as LLVM's
/// `-unroll-add-parallel-reductions` does: copy `k` reads a phi of its own
/// (`<phi>.k`, from the operation's identity), the original phi reads the
/// first copy's value, the chain's wrap flags go (the order of the
/// operations changes), and where the loop leaves, the phis that took the
/// last value take their combination (`bin.rdx`) instead (they stay, unused,
/// as in LLVM). The structure is checked again first: anything the unrolling
/// changed leaves the loop as it is. Returns the phi's name.
fn parallel_reduction(
    m: &Module,
    f: &mut Function,
    header: Block,
    phi: Inst,
    chain: &[Value],
) -> Result<String, String> {
    let n = chain.len();
    let dfg = f.dfg();
    let r = dfg.inst_result(phi).ok_or("no phi")?;
    let ty = dfg.value_type(r);
    let in_header = |v: Value| dfg.value_inst(v).filter(|&i| f.layout().inst_block(i) == Some(header));
    let insts: Vec<Inst> = chain.iter().map(|&v| in_header(v)).collect::<Option<_>>().ok_or("the chain moved")?;
    let InstKind::Binary { op, .. } = dfg.inst(insts[0]).kind else { return Err("not a binary operation".into()) };
    for (k, &i) in insts.iter().enumerate() {
        let d = dfg.inst(i);
        let prev = if k == 0 { r } else { chain[k - 1] };
        if !matches!(d.kind, InstKind::Binary { op: o, .. } if o == op) || !d.args.contains(&prev) {
            return Err("the chain changed".into());
        }
    }
    let t = f.terminator(header).ok_or("no terminator")?;
    let td = dfg.inst(t);
    let (pre, out) = match (&dfg.inst(phi).blocks[..], &td.blocks[..]) {
        (&[a, b], &[x, y]) if td.is_cond_br() => {
            let pre = if a == header {
                b
            } else if b == header {
                a
            } else {
                return Err("no backedge".into());
            };
            let out = if x == header {
                y
            } else if y == header {
                x
            } else {
                return Err("no exit".into());
            };
            (pre, out)
        }
        _ => return Err("not a two-way loop".into()),
    };
    if dfg.inst(phi).incoming(header) != Some(chain[n - 1]) {
        return Err("the phi does not take the last copy's value".into());
    }
    let uses = opt_conv_ir::analysis::Uses::compute(f);
    let out_phis: Vec<Inst> = f.phis(out).filter(|&p| f.dfg().inst(p).incoming(header) == Some(chain[n - 1])).collect();
    if uses.users(r).iter().any(|&u| u != insts[0]) {
        return Err("the phi has other users".into());
    }
    for k in 0..n {
        let next_ok = |u: Inst| if k + 1 < n { u == insts[k + 1] } else { u == phi || out_phis.contains(&u) };
        if !uses.users(chain[k]).iter().all(|&u| next_ok(u)) {
            return Err("a value of the chain has other users".into());
        }
    }
    let bits = m.types.int_bits(ty).ok_or("not an integer")?;
    let identity = match op {
        BinOp::Mul => 1,
        BinOp::And => sext(mask(u128::MAX, bits), bits),
        _ => 0,
    };
    let name = f.dfg().value_name(r).map(str::to_owned);
    // A phi per copy after the first, before the original (as LLVM places them).
    for k in 1..n {
        let id = int_const(m, f, ty, identity);
        let np = f
            .dfg_mut()
            .make_inst(InstData::new(InstKind::Phi { fmf: Default::default() }, &[id, chain[k]], &[pre, header]), ty);
        let nv = f.dfg().inst_result(np).expect("phi");
        f.dfg_mut_preserving_cfg().set_value_name(nv, name.as_ref().map(|x| format!("{x}.{k}")).as_deref());
        f.layout_mut().insert_inst_before(np, phi);
        f.replace_operand(insts[k], chain[k - 1], nv);
    }
    let k0 = f.dfg().inst(phi).blocks.iter().position(|&b| b == header).expect("backedge");
    f.set_incoming_value_at(phi, k0, chain[0]);
    for &i in &insts {
        if let InstKind::Binary { op, fmf, .. } = f.dfg().inst(i).kind {
            f.dfg_mut_preserving_cfg().inst_mut(i).kind = InstKind::Binary { op, flags: IntFlags::NONE, fmf };
        }
    }
    if !out_phis.is_empty() {
        let at = f.first_non_phi(out).ok_or("empty exit")?;
        let mut acc = chain[0];
        for &part in &chain[1..] {
            acc = insert(f, at, binop(op), &[part, acc], ty, Some("bin.rdx"));
        }
        let mut repl = Replacements::new();
        for p in out_phis {
            repl.insert(f.dfg().inst_result(p).expect("phi"), acc);
        }
        repl.apply(f);
    }
    Ok(name.unwrap_or_default())
}

/// Unrolls `l` whose counted exit test ends its header, not its latch (the
/// latch branches back unconditionally, or tests a side exit): `count`
/// copies of the body in a row, each latch going on to the next copy's
/// header, the last one back to the loop's header. Every exit but the
/// header's stays in every copy. The header's test stays only in the copies
/// that may run the iteration reaching it for the last time, as LLVM decides
/// for such loops: in the last copy when the trip count (how many times the
/// header runs) is a multiple of the count (and when unrolling fully), in the
/// copy that runs the last time otherwise, in every copy when it is not
/// known; the other copies go on to the body unconditionally.
///
/// Unrolling fully, the last copy's latch leaves through its side exit, or,
/// when it branches back unconditionally, ends in `unreachable` (the last
/// copy's header always leaves). Only for loops without convergent
/// operations (the caller checks); no remainder loop is made.
pub fn unroll_header_exit(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    l: &Loop,
    plan: Plan,
) -> Result<(), String> {
    let Plan { count, shape, explicit, trip_count, .. } = plan;
    let n = count as usize;
    if plan.heart.is_some() || plan.prologue || n == 0 {
        return Err("a loop heart, a prologue or a count of 0 is not unrolled from the header's exit".into());
    }
    // Whether copy `k`'s header keeps its exit test.
    let keeps: Box<dyn Fn(usize) -> bool> = match (shape, trip_count) {
        (Shape::Full | Shape::NoRemainder, _) => Box::new(move |k| k == n - 1),
        (Shape::ConstantExit, Some(t)) if t % u64::from(count) != 0 => {
            let b = ((t - 1) % u64::from(count)) as usize;
            Box::new(move |k| k == b)
        }
        (Shape::KeepExits, _) => Box::new(|_| true),
        _ => return Err(format!("{shape:?} unrolling is not made for a loop leaving from its header")),
    };
    let cfg_before = f.cfg();
    let first_new_block = f.dfg().num_blocks();
    let latch = l.latch().ok_or("several latches")?;
    let header = l.header;
    if latch == header {
        return Err("the header is the latch".into());
    }
    let pre = l.preheader.ok_or("no preheader")?;
    let loop_id = f.terminator(latch).and_then(|t| f.dfg().inst_md(t, "llvm.loop"));
    let header_exit = {
        let t = f.terminator(header).ok_or("no terminator")?;
        let d = f.dfg().inst(t);
        if !d.is_cond_br() {
            return Err("the header does not test for the exit".into());
        }
        let inside: Vec<Block> = d.blocks.iter().copied().filter(|&b| l.contains(b)).collect();
        if inside.len() != 1 {
            return Err("the header's branch does not leave the loop on one side".into());
        }
        inside[0]
    };
    let phis: Vec<Inst> = f.phis(header).collect();
    let start_of = |f: &Function, p: Inst| -> Value { f.dfg().inst(p).incoming(pre).expect("a preheader incoming") };
    // Every exit of a copy stays: the exits' phis get its incomings, block
    // by block (in the loop's order), as LLVM adds them.
    let copies = copy_bodies(m, edits, f, l, latch, n, None, |f, copy| {
        for &b in &l.blocks {
            let Some(t) = f.terminator(b) else { continue };
            let mut outside: Vec<Block> = f.dfg().inst(t).blocks.iter().copied().filter(|&x| !l.contains(x)).collect();
            outside.dedup();
            for x in outside {
                let xphis: Vec<Inst> = f.phis(x).collect();
                for p in xphis {
                    if let Some(v) = f.dfg().inst(p).incoming(b) {
                        f.add_incoming(p, copy.value(v), copy.block(b));
                    }
                }
            }
        }
    });
    let value_in = |copies: &[Option<Copy>], k: usize, v: Value| copies[k].as_ref().map_or(v, |c| c.value(v));
    let block_in = |copies: &[Option<Copy>], k: usize, b: Block| copies[k].as_ref().map_or(b, |c| c.block(b));
    // The headers that cannot leave go on to the body.
    for k in 0..n {
        if keeps(k) {
            continue;
        }
        let hk = block_in(&copies, k, header);
        let t = f.terminator(hk).expect("terminator");
        let outside: Vec<Block> = f.dfg().inst(t).blocks.iter().copied().filter(|&b| !l.contains(b)).collect();
        for x in outside {
            // As LLVM removes an incoming: the last one takes its place.
            let xphis: Vec<Inst> = f.phis(x).collect();
            for p in xphis {
                let d = f.dfg().inst(p);
                let mut inc: Vec<(Value, Block)> = d.args.iter().copied().zip(d.blocks.iter().copied()).collect();
                while let Some(at) = inc.iter().position(|&(_, b)| b == hk) {
                    inc.swap_remove(at);
                }
                f.set_incoming(p, inc);
            }
        }
        set_branch(f, hk, &[], &[block_in(&copies, k, header_exit)]);
    }
    // Chain the copies: each latch goes on to the next copy's header.
    for k in 0..n - 1 {
        let next_header = block_in(&copies, k + 1, header);
        let lk = block_in(&copies, k, latch);
        let own_header = block_in(&copies, k, header);
        let t = f.terminator(lk).expect("terminator");
        let d = f.dfg().inst(t).clone();
        let succs: Vec<Block> = d.blocks.iter().map(|&b| if b == own_header { next_header } else { b }).collect();
        if d.is_cond_br() {
            set_branch(f, lk, &d.args, &succs);
            f.dfg_mut().set_inst_md(t, "llvm.loop", loop_id);
        } else {
            set_branch(f, lk, &[], &succs);
        }
    }
    let last_latch = block_in(&copies, n - 1, latch);
    let last_header = block_in(&copies, n - 1, header);
    let mut repl = Replacements::new();
    if shape == Shape::Full {
        // The last copy's header always leaves: its latch leaves through
        // its side exit, or is never reached.
        let t = f.terminator(last_latch).expect("terminator");
        let d = f.dfg().inst(t).clone();
        let outside: Vec<Block> = d.blocks.iter().copied().filter(|&b| b != last_header).collect();
        match outside.first() {
            Some(&x) => set_branch(f, last_latch, &[], &[x]),
            None => {
                remove_inst(f, t);
                let u = f.dfg_mut().make_inst(InstData::new(InstKind::Unreachable, &[], &[]), Type::VOID);
                f.layout_mut().append_inst(u, last_latch);
            }
        }
        for &p in &phis {
            let (r, s) = (f.dfg().inst_result(p).expect("phi"), start_of(f, p));
            repl.insert(r, s);
        }
        repl.apply(f);
        for p in phis.iter().copied() {
            remove_inst(f, p);
        }
    } else {
        let t = f.terminator(last_latch).expect("terminator");
        let d = f.dfg().inst(t).clone();
        let succs: Vec<Block> = d.blocks.iter().map(|&b| if b == last_header { header } else { b }).collect();
        set_branch(f, last_latch, &d.args, &succs);
        backedge_last(f, &phis, latch, last_latch, |v| value_in(&copies, n - 1, v));
        if explicit {
            mark_unroll_disabled(m, edits, f, last_latch, loop_id);
        } else {
            let t = f.terminator(last_latch).expect("latch");
            f.dfg_mut().set_inst_md(t, "llvm.loop", loop_id);
        }
    }
    let mut touched: Vec<Block> = l.blocks.clone();
    touched.push(pre);
    touched.extend(&l.exits);
    touched.extend((first_new_block..f.dfg().num_blocks()).map(Block::new));
    f.update_cfg(cfg_before, &touched);
    let mut blocks: Vec<Block> = l.blocks.clone();
    for c in copies.iter().flatten() {
        blocks.extend(&c.new_blocks);
    }
    // As LLVM: each latch that now just falls through absorbs its successor.
    let mut latches: Vec<Block> = (0..n).map(|k| block_in(&copies, k, latch)).collect();
    for k in 0..latches.len() {
        let Some(t) = f.terminator(latches[k]) else { continue };
        let d = f.dfg().inst(t);
        if d.kind == InstKind::Br && d.blocks.len() == 1 {
            let dest = d.blocks[0];
            if let Some(into) = merge_into_predecessor(m, f, dest) {
                latches.iter_mut().filter(|x| **x == dest).for_each(|x| *x = into);
            }
        }
    }
    if shape != Shape::Full {
        super::ivs::fold_step_chains(m, f, header, &blocks, None);
    }
    crate::debug_records::remove_redundant(m, f, &blocks);
    simplify_unrolled_blocks(m, f, &blocks);
    delete_dead_in_then(m, f, &blocks, |f, dead| {
        crate::debug_records::salvage(&mut BufferedMetadata { m, edits: &mut *edits }, &m.types, f, dead);
    });
    crate::debug_records::remove_redundant(m, f, &blocks);
    Ok(())
}

struct RuntimeBlocks {
    pre: Block,
    latch: Block,
    header: Block,
    exit: Block,
    last_latch: Block,
}

/// The runtime-unrolled layout: trip count and remainder computed in the
/// preheader, the unrolled loop counting whole groups of `count`, and the
/// remainder loop after it.
#[expect(clippy::too_many_arguments, reason = "the pieces of one transform, passed once")]
fn runtime(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    l: &Loop,
    c: &Counted,
    count: u32,
    copies: &[Option<Copy>],
    phis: &[Inst],
    b: RuntimeBlocks,
    trip_count: Option<u64>,
) -> Result<Vec<Block>, String> {
    let RuntimeBlocks { pre, latch, header, exit, last_latch } = b;
    let ty = f.dfg().value_type(c.limit);
    let value_in = |k: usize, v: Value| copies[k].as_ref().map_or(v, |c| c.value(v));
    let n = count as usize;
    let hname = f.dfg().block_name(header).map(str::to_owned);
    let pname = f.dfg().block_name(pre).map(str::to_owned);
    let xname = f.dfg().block_name(exit).map(str::to_owned);
    // The remainder loop first, copied from the loop as it still is (its
    // phis read the preheader and the latch); it goes before the exit.
    let epil_pre = new_block(f, hname.as_deref().map(|h| format!("{h}.epil.preheader")), exit, true);
    let epil = copy_blocks(f, &l.blocks, ".epil", epil_pre, &[], &|_| false);
    add_side_exit_incomings(f, l, latch, &epil);
    let (epil_header, epil_latch) = (epil.block(header), epil.block(latch));
    // Preheader: the trip count and what is left over, at the location of
    // its branch (as everything below the preheader). What decides whether
    // the remainder runs is at the location of the header's branch, and the
    // remainder's way out at that of the exit's first instruction, as in LLVM.
    let pre_term = f.terminator(pre).ok_or("preheader without terminator")?;
    let pre_loc = dbg(f, pre_term);
    let header_loc = f.terminator(header).and_then(|t| dbg(f, t));
    let exit_loc = entry_dbg(f, exit);
    let freeze = !exit_test_always_reached(m, f, l);
    let Leftover { tc, tcm1, mask, xtra } = leftover(m, edits, f, l, c, trip_count, pre_term, freeze, count);
    let skip = insert(f, pre_term, icmp(IntPred::Ult), &[tcm1, mask], Type::I1, None);
    let pre_new = new_block(f, pname.as_deref().map(|p| format!("{p}.new")), header, true);
    // The old preheader's branch, with its metadata, now ends `<pre>.new`.
    let pre_md = f.dfg().inst_metadata(pre_term).to_vec();
    set_branch(f, pre, &[skip], &[epil_pre, pre_new]);
    f.dfg_mut().set_all_inst_md(pre_term, Vec::new());
    f.dfg_mut().set_inst_md(pre_term, "dbg", pre_loc);
    let pn_br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[header]), Type::VOID);
    f.dfg_mut().set_all_inst_md(pn_br, pre_md);
    f.layout_mut().append_inst(pn_br, pre_new);
    let unroll_iter = insert(f, pn_br, binop(BinOp::Sub), &[tc, xtra], ty, Some("unroll_iter"));
    // The unrolled loop counts groups of `count` iterations.
    let starts: Vec<Value> = phis
        .iter()
        .map(|&p| {
            let d = f.dfg().inst(p);
            d.incoming(pre).expect("start")
        })
        .collect();
    for &p in phis {
        f.retarget_incoming(p, pre, pre_new);
    }
    let zero = int_const(m, f, ty, 0);
    let niter_phi = f
        .dfg_mut()
        .make_inst(InstData::new(InstKind::Phi { fmf: Default::default() }, &[zero, zero], &[pre_new, last_latch]), ty);
    let niter = f.dfg().inst_result(niter_phi).expect("phi");
    f.dfg_mut_preserving_cfg().set_value_name(niter, Some("niter"));
    let first = f.first_non_phi(header).ok_or("empty header")?;
    f.layout_mut().insert_inst_before(niter_phi, first);
    let last_term = f.terminator(last_latch).ok_or("latch without terminator")?;
    let cnt = int_const(m, f, ty, i128::from(count));
    let next_name = format!("niter.next.{}", n - 1);
    let niter_next = insert(f, last_term, binop(BinOp::Add), &[niter, cnt], ty, Some(&next_name));
    f.set_incoming_value_at(niter_phi, 1, niter_next);
    let cmp_name = format!("niter.ncmp.{}", n - 1);
    // The test keeps the original's sense: leave on equality, or stay on inequality.
    let pred = if c.exit_on_true { IntPred::Eq } else { IntPred::Ne };
    let ncmp = insert(f, last_term, icmp(pred), &[niter_next, unroll_iter], Type::I1, Some(&cmp_name));
    let unr_lcssa = new_block(f, xname.as_deref().map(|x| format!("{x}.unr-lcssa")), epil_pre, true);
    let succs = if c.exit_on_true { [unr_lcssa, header] } else { [header, unr_lcssa] };
    set_branch(f, last_latch, &[ncmp], &succs);
    backedge_last(f, phis, latch, last_latch, |v| value_in(n - 1, v));
    // After the unrolled loop: the values the loop's users see when nothing
    // is left (named as LLVM's block split names them)...
    let exit_phis: Vec<Inst> = f.phis(exit).collect();
    let mut from_main: Vec<Value> = Vec::new();
    for &p in &exit_phis {
        let d = f.dfg().inst(p).clone();
        let v = d.incoming(latch).map(|a| value_in(n - 1, a)).ok_or("an exit phi without a latch incoming")?;
        let name = f.dfg().inst_result(p).and_then(|r| f.dfg().value_name(r)).map(|x| format!("{x}.ph"));
        from_main.push(append_phi(f, unr_lcssa, &[(v, last_latch)], name));
    }
    // ... and the values the remainder continues from.
    let mut inits: Vec<Value> = Vec::new();
    for (k, &p) in phis.iter().enumerate() {
        let d = f.dfg().inst(p).clone();
        let v = d.incoming(last_latch).expect("backedge");
        let name = f.dfg().inst_result(p).and_then(|r| f.dfg().value_name(r)).map(str::to_owned);
        let carried = append_phi(f, unr_lcssa, &[(v, last_latch)], name.as_deref().map(|x| format!("{x}.unr")));
        let init =
            append_phi(f, epil_pre, &[(starts[k], pre), (carried, unr_lcssa)], name.map(|x| format!("{x}.epil.init")));
        inits.push(init);
    }
    for (k, &p) in phis.iter().enumerate() {
        let ep = epil.insts.iter().find(|(o, _)| *o == p).map(|(_, c)| *c).expect("copied phi");
        f.retarget_incoming_with(ep, pre, epil_pre, |_| inits[k]);
    }
    let xtra_zero = int_const(m, f, ty, 0);
    let lcmp = f.dfg_mut().make_inst(InstData::new(icmp(IntPred::Ne), &[xtra, xtra_zero], &[]), Type::I1);
    let lcmp_v = f.dfg().inst_result(lcmp).expect("cmp");
    f.dfg_mut_preserving_cfg().set_value_name(lcmp_v, Some("lcmp.mod"));
    f.dfg_mut().set_inst_md(lcmp, "dbg", header_loc);
    f.layout_mut().append_inst(lcmp, unr_lcssa);
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[lcmp_v], &[epil_pre, exit]), Type::VOID);
    f.dfg_mut().set_inst_md(br, "dbg", header_loc);
    f.layout_mut().append_inst(br, unr_lcssa);
    let to_epil = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[epil_header]), Type::VOID);
    f.dfg_mut().set_inst_md(to_epil, "dbg", header_loc);
    f.layout_mut().append_inst(to_epil, epil_pre);
    // The remainder runs at least once when reached, as LLVM records. Its
    // name is the one LLVM gives it in a function where no name collided
    // before: LLVM makes a name unique with a counter of the function's
    // collisions, which the `.ph` phi its `.epilog-lcssa` split makes for
    // each exit phi has already raised once each (that phi's name was taken
    // by the one of `.unr-lcssa`; with a count of 2 the phis are deleted
    // again, but the counter stays). After another remainder in the same
    // function that counter is unknown here: the printer makes the name
    // unique.
    let zero = int_const(m, f, ty, 0);
    let lcmp_name =
        if first_remainder(f, lcmp_v) { format!("lcmp.mod{}", exit_phis.len() + 1) } else { "lcmp.mod".to_owned() };
    let nonzero = insert(f, to_epil, icmp(IntPred::Ne), &[xtra, zero], Type::I1, Some(&lcmp_name));
    let assume = edits.declare(m, "llvm.assume", Type::VOID, &[Type::I1]);
    let assume_ty = ModuleEdits::fn_type(m, Type::VOID, &[Type::I1]);
    let call = make_call(f.dfg_mut(), assume, assume_ty, Type::VOID, &[nonzero]);
    f.dfg_mut().set_inst_md(call, "dbg", header_loc);
    f.layout_mut().insert_inst_before(call, to_epil);
    // The exit's phis: from the unrolled loop when nothing remains, or from the remainder.
    for (k, &p) in exit_phis.iter().enumerate() {
        let d = f.dfg().inst(p).clone();
        let v = d.incoming(latch).map(|a| epil.value(a)).expect("latch incoming");
        f.remove_incoming_all(p, latch);
        f.add_incoming(p, from_main[k], unr_lcssa);
        f.add_incoming(p, v, epil_latch);
    }
    if count == 2 {
        // At most one leftover iteration: the remainder is straight-line
        // code, its header phis the values the unrolled loop left. Its last
        // branch is the one LLVM's `.epilog-lcssa` block had, merged into it.
        set_branch(f, epil_latch, &[], &[exit]);
        let t = f.terminator(epil_latch).expect("the branch just set");
        f.dfg_mut().set_inst_md(t, "dbg", exit_loc);
        let mut repl = Replacements::new();
        let epil_phis: Vec<Inst> = f.phis(epil_header).collect();
        for p in epil_phis {
            let d = f.dfg().inst(p);
            let init = d.incoming(epil_pre).expect("init");
            repl.insert(f.dfg().inst_result(p).expect("phi"), init);
            remove_inst(f, p);
        }
        repl.apply(f);
    } else {
        count_remainder_iterations(m, edits, f, xtra, [epil_pre, epil_header, epil_latch, exit], "epil")?;
    }
    // A remainder loop is left as copied (as LLVM leaves it: its original
    // exit test stays, dead); straight-line remainder code is cleaned up.
    let mut rest = if count == 2 { epil.new_blocks.clone() } else { Vec::new() };
    rest.extend([unr_lcssa, epil_pre]);
    // Dedicated exits again, as LLVM's loop simplification leaves them: a
    // remainder loop leaves through `<exit>.epilog-lcssa`, and a side exit
    // both loops reach gets a `.loopexit` block for each.
    if count > 2 {
        let nb = new_block(f, xname.as_deref().map(|x| format!("{x}.epilog-lcssa")), exit, true);
        split_incoming(f, exit, &[epil_latch], nb, ".ph");
        // The remainder loop's values leave it through phis of their own
        // (loop-closed form), as LLVM's split keeps it.
        let epil_set: EntitySet<Block> = epil.new_blocks.iter().copied().collect();
        // Named as LLVM names them (see `lcmp_name` above): the k-th exit
        // phi's `.ph` collides with the one of `.unr-lcssa`, and LLVM's
        // counter of collisions is then at k.
        let exit_phis: Vec<Inst> = f.phis(exit).collect();
        for (k, p) in exit_phis.into_iter().enumerate() {
            let Some(v) = f.dfg().inst(p).incoming(nb) else { continue };
            let inside =
                f.dfg().value_inst(v).and_then(|i| f.layout().inst_block(i)).is_some_and(|b| epil_set.contains(b));
            if inside {
                let name =
                    f.dfg().inst_result(p).and_then(|r| f.dfg().value_name(r)).map(|x| format!("{x}.ph{}", k + 1));
                let closed = append_phi(f, nb, &[(v, epil_latch)], name);
                f.retarget_incoming_with(p, nb, nb, |_| closed);
            }
        }
        rest.push(nb);
    }
    let mut main: EntitySet<Block> = EntitySet::new();
    for &b in l.blocks.iter().chain(copies.iter().flatten().flat_map(|c| &c.new_blocks)) {
        main.insert(b);
    }
    let mut remainder: EntitySet<Block> = EntitySet::new();
    for &b in &epil.new_blocks {
        remainder.insert(b);
    }
    for x in l.exits.iter().copied().filter(|&x| x != exit) {
        let name = f.dfg().block_name(x).map(|n| format!("{n}.loopexit"));
        for (set, is_loop) in [(&main, true), (&remainder, count > 2)] {
            let preds: Vec<Block> = f.cfg().preds(x).to_vec();
            let inside: Vec<Block> = preds.iter().copied().filter(|&p| set.contains(p)).collect();
            if is_loop && !inside.is_empty() && inside.len() < preds.len() {
                let nb = new_block(f, name.clone(), x, true);
                split_incoming(f, x, &inside, nb, ".ph");
                rest.push(nb);
            }
        }
    }
    Ok(rest)
}

/// Whether no value of `f` but `lcmp` has a name starting with `lcmp.mod`
/// (no remainder was made in `f` before the one `lcmp` belongs to).
fn first_remainder(f: &Function, lcmp: Value) -> bool {
    let live = |v: Value| f.dfg().value_inst(v).is_some_and(|i| f.layout().inst_block(i).is_some());
    let named = |v: Value| f.dfg().value_name(v).is_some_and(|n| n.starts_with("lcmp.mod"));
    !(0..f.dfg().num_values()).map(Value::new).any(|v| v != lcmp && named(v) && live(v))
}

/// What [`build_prologue`] made.
struct Prologue {
    /// The unrolled loop's new preheader (`<pre>.new`).
    preheader: Block,
    /// The block the latch now leaves to (`<exit>.unr-lcssa`).
    exit: Block,
    /// The blocks to clean up afterwards (not the remainder loop, which is
    /// left as copied).
    blocks: Vec<Block>,
}

/// The remainder before the loop, laid out as LLVM's runtime unroller does
/// with a prologue: the preheader computes `%xtraiter` (the trip count
/// modulo `count`) and runs the remainder (`<header>.prol`, a loop counting
/// `%prol.iter` up to `%xtraiter`, or one straight copy when `count` is 2)
/// only if it is not 0; `<header>.prol.loopexit` then joins the values
/// (`.unr`) and leaves when the remainder ran every iteration, else the loop
/// goes on from `<pre>.new` for a multiple of `count` iterations. Its exit
/// test stays as it is: the iterations left are a multiple of `count`, so the
/// last copy's test is the one that leaves. The loop's latch must be its
/// only exiting block.
#[expect(clippy::too_many_arguments, reason = "the pieces of one transform, passed once")]
fn build_prologue(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    l: &Loop,
    c: &Counted,
    count: u32,
    trip_count: Option<u64>,
    pre: Block,
    exit: Block,
) -> Result<Prologue, String> {
    let header = l.header;
    let latch = l.latch().ok_or("several latches")?;
    if l.exiting.len() != 1 {
        return Err("a remainder before the loop needs the latch to be the only exit".into());
    }
    let ty = f.dfg().value_type(c.limit);
    let hname = f.dfg().block_name(header).map(str::to_owned);
    let pname = f.dfg().block_name(pre).map(str::to_owned);
    let xname = f.dfg().block_name(exit).map(str::to_owned);
    let freeze = !exit_test_always_reached(m, f, l);
    let latch_term = f.terminator(latch).ok_or("latch without terminator")?;
    let latch_succs: Vec<Block> = f.dfg().inst(latch_term).blocks.to_vec();
    // The blocks, in LLVM's order: the remainder between the preheader and
    // the loop.
    let prol_pre = new_block(f, hname.as_deref().map(|h| format!("{h}.prol.preheader")), header, true);
    let prol = copy_blocks(f, &l.blocks, ".prol", prol_pre, &[], &|_| false);
    let prol_exit = new_block(f, hname.as_deref().map(|h| format!("{h}.prol.loopexit")), header, true);
    let pre_new = new_block(f, pname.as_deref().map(|p| format!("{p}.new")), header, true);
    let prol_unr = (count > 2)
        .then(|| new_block(f, hname.as_deref().map(|h| format!("{h}.prol.loopexit.unr-lcssa")), prol_exit, true));
    let exit_unr = new_block(f, xname.as_deref().map(|x| format!("{x}.unr-lcssa")), exit, true);
    let (prol_header, prol_latch) = (prol.block(header), prol.block(latch));
    let prol_out = prol_unr.unwrap_or(prol_exit);
    // The block the remainder's values reach `<header>.prol.loopexit` from.
    let prol_from = prol_unr.unwrap_or(prol_latch);
    // The preheader: the trip count, and whether any iteration is left over.
    // Everything up to the unrolled loop is at the location of the
    // preheader's branch, but the way out of the loop, at that of the
    // exit's first instruction, as in LLVM.
    let pre_term = f.terminator(pre).ok_or("preheader without terminator")?;
    let pre_loc = dbg(f, pre_term);
    let exit_loc = entry_dbg(f, exit);
    let Leftover { tcm1, xtra, .. } = leftover(m, edits, f, l, c, trip_count, pre_term, freeze, count);
    let zero = int_const(m, f, ty, 0);
    let any = insert(f, pre_term, icmp(IntPred::Ne), &[xtra, zero], Type::I1, Some("lcmp.mod"));
    // The old preheader's branch, with its metadata, now ends `<pre>.new`.
    let pre_md = f.dfg().inst_metadata(pre_term).to_vec();
    set_branch(f, pre, &[any], &[prol_pre, prol_exit]);
    f.dfg_mut().set_all_inst_md(pre_term, Vec::new());
    f.dfg_mut().set_inst_md(pre_term, "dbg", pre_loc);
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[prol_header]), Type::VOID);
    f.dfg_mut().set_inst_md(br, "dbg", pre_loc);
    f.layout_mut().append_inst(br, prol_pre);
    let pn_br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[header]), Type::VOID);
    f.dfg_mut().set_all_inst_md(pn_br, pre_md);
    f.layout_mut().append_inst(pn_br, pre_new);
    // The remainder's phis start from its preheader.
    let phis: Vec<Inst> = f.phis(header).collect();
    let copied_phi = |p: Inst| prol.insts.iter().find(|(o, _)| *o == p).map(|(_, c)| *c).expect("copied phi");
    for &p in &phis {
        f.retarget_incoming(copied_phi(p), pre, prol_pre);
    }
    // Its latch: around while iterations are left over, else out.
    if count > 2 {
        count_remainder_iterations(m, edits, f, xtra, [prol_pre, prol_header, prol_latch, prol_out], "prol")?;
    } else {
        // LLVM's `.unr-lcssa` block, merged into the latch, had this branch.
        set_branch(f, prol_latch, &[], &[prol_out]);
        let t = f.terminator(prol_latch).expect("the branch just set");
        f.dfg_mut().set_inst_md(t, "dbg", pre_loc);
    }
    // The values after the remainder (`.unr`): for each phi of the latch's
    // successors, in their order, the value when the remainder was skipped
    // (the start, or poison for a value leaving the loop: the loop then runs
    // at least once more) or the one it left. The loop's exit is reached
    // through `<exit>.unr-lcssa`, its phis taking either.
    for s in latch_succs {
        let succ_phis: Vec<Inst> = f.phis(s).collect();
        for p in succ_phis {
            let d = f.dfg().inst(p).clone();
            let v = d.incoming(latch).ok_or("a phi without a latch incoming")?;
            let r = f.dfg().inst_result(p).expect("phi");
            let name = f.dfg().value_name(r).map(|x| format!("{x}.unr"));
            let from_prol = match prol_unr {
                Some(u) => append_phi(f, u, &[(prol.value(v), prol_latch)], name.as_ref().map(|x| format!("{x}.ph"))),
                None => prol.value(v),
            };
            if s == header {
                let start = d.incoming(pre).ok_or("a header phi without a preheader incoming")?;
                let unr = append_phi(f, prol_exit, &[(start, pre), (from_prol, prol_from)], name);
                f.retarget_incoming_with(p, pre, pre_new, |_| unr);
            } else {
                let pty = f.dfg().value_type(r);
                let poison = f.dfg_mut().make_const(Const::poison(pty));
                let unr = append_phi(f, prol_exit, &[(poison, pre), (from_prol, prol_from)], name);
                let ph_name = f.dfg().value_name(r).map(|x| format!("{x}.ph"));
                let ph = append_phi(f, exit_unr, &[(v, latch)], ph_name);
                f.remove_incoming_all(p, latch);
                f.add_incoming(p, unr, prol_exit);
                f.add_incoming(p, ph, exit_unr);
            }
        }
    }
    f.retarget_successor(latch_term, exit, exit_unr);
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[exit]), Type::VOID);
    f.dfg_mut().set_inst_md(br, "dbg", exit_loc);
    f.layout_mut().append_inst(br, exit_unr);
    if let Some(u) = prol_unr {
        let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[prol_exit]), Type::VOID);
        f.dfg_mut().set_inst_md(br, "dbg", pre_loc);
        f.layout_mut().append_inst(br, u);
    }
    // After the remainder: out if it ran every iteration (fewer than
    // `count` in all), else into the loop.
    let last = int_const(m, f, ty, i128::from(count) - 1);
    let done = f.dfg_mut().make_inst(InstData::new(icmp(IntPred::Ult), &[tcm1, last], &[]), Type::I1);
    let done_v = f.dfg().inst_result(done).expect("cmp");
    f.dfg_mut().set_inst_md(done, "dbg", pre_loc);
    f.layout_mut().append_inst(done, prol_exit);
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[done_v], &[exit, pre_new]), Type::VOID);
    f.dfg_mut().set_inst_md(br, "dbg", pre_loc);
    f.layout_mut().append_inst(br, prol_exit);
    let mut blocks = vec![prol_pre, prol_exit, pre_new, exit_unr];
    blocks.extend(prol_unr);
    if count == 2 {
        // One iteration at most: straight-line code, its phis the start
        // values, simplified as LLVM simplifies it.
        let mut repl = Replacements::new();
        for &p in &phis {
            let cp = copied_phi(p);
            let init = f.dfg().inst(cp).incoming(prol_pre).expect("start");
            repl.insert(f.dfg().inst_result(cp).expect("phi"), init);
            remove_inst(f, cp);
        }
        repl.apply(f);
        simplify_blocks(m, f, &prol.new_blocks);
        blocks.extend(&prol.new_blocks);
    }
    Ok(Prologue { preheader: pre_new, exit: exit_unr, blocks })
}

/// Copies 1..`n` of the body of `l` (index 0 stands for the original),
/// each placed after the previous one (the first after the loop's last
/// block in the layout) and reading the previous copy's backedge values
/// where the original reads its header phis; a loop heart, if given, is
/// not copied: every copy uses the original's token. Each copy gets its own
/// noalias scopes for those the body declares (`ItK`, as LLVM names them:
/// the scopes hold for one iteration; the remainder keeps the original's),
/// and `exits` then gives the exits' phis its incomings.
#[expect(clippy::too_many_arguments, reason = "the pieces of one transform, passed once")]
fn copy_bodies(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    l: &Loop,
    latch: Block,
    n: usize,
    heart: Option<Inst>,
    exits: impl Fn(&mut Function, &Copy),
) -> Vec<Option<Copy>> {
    let phis: Vec<Inst> = f.phis(l.header).collect();
    let back_of = |f: &Function, p: Inst| -> Value { f.dfg().inst(p).incoming(latch).expect("a backedge incoming") };
    let value_in = |copies: &[Option<Copy>], k: usize, v: Value| copies[k].as_ref().map_or(v, |c| c.value(v));
    let mut copies: Vec<Option<Copy>> = vec![None];
    let layout = f.layout();
    let mut after =
        l.blocks.iter().copied().reduce(|a, b| if layout.block_precedes(a, b) { b } else { a }).expect("blocks");
    let scopes = declared_scopes(
        m,
        &BufferedMetadata { m, edits: &mut *edits },
        f,
        l.blocks.iter().flat_map(|&b| f.block_insts(b)),
    );
    for k in 1..n {
        let mut seed: Vec<(Value, Value)> = Vec::new();
        for &p in &phis {
            let r = f.dfg().inst_result(p).expect("phi result");
            seed.push((r, value_in(&copies, k - 1, back_of(f, p))));
        }
        if let Some(h) = heart {
            let r = f.dfg().inst_result(h).expect("token");
            seed.push((r, r));
        }
        let skip = |i: Inst| phis.contains(&i) || Some(i) == heart;
        let copy = copy_blocks(f, &l.blocks, &format!(".{k}"), after, &seed, &skip);
        after = *copy.new_blocks.last().expect("blocks");
        exits(f, &copy);
        let insts = copy.insts.iter().map(|&(_, c)| c).collect();
        CopyScopes::new(m, f, scopes.clone(), insts, &format!("It{k}"))
            .apply(&mut BufferedMetadata { m, edits: &mut *edits }, f);
        copies.push(Some(copy));
    }
    copies
}

/// The exit the latch of `l` branches to, if it leaves the loop by a
/// conditional branch. A latch leaving by anything else (a `switch`, an
/// `invoke`) is not unrolled, as in LLVM: the copies' latches are rewired
/// as branches, which would take a switch's integer condition as theirs.
pub fn latch_exit(f: &Function, l: &Loop) -> Option<Block> {
    let t = f.terminator(l.latch()?)?;
    if !f.dfg().inst(t).is_cond_br() {
        return None;
    }
    let mut outside = f.dfg().inst(t).blocks.iter().copied().filter(|&b| !l.contains(b));
    let x = outside.next()?;
    outside.all(|y| y == x).then_some(x)
}

/// The phis of the exits get an incoming for each copy of an exiting block
/// other than the latch that the original had (the side exits of a copy
/// stay; the latch's exit is rewired by the transform itself).
fn add_side_exit_incomings(f: &mut Function, l: &Loop, latch: Block, copy: &Copy) {
    for &x in &l.exits {
        let phis: Vec<Inst> = f.phis(x).collect();
        for p in phis {
            let d = f.dfg().inst(p);
            let from_loop: Vec<(Value, Block)> = d
                .args
                .iter()
                .zip(&d.blocks)
                .filter(|(_, b)| l.contains(**b) && **b != latch)
                .map(|(a, b)| (*a, *b))
                .collect();
            for (v, b) in from_loop {
                f.add_incoming(p, copy.value(v), copy.block(b));
            }
        }
    }
}

/// Whether every iteration that starts reaches the latch's exit test: the
/// latch is the only exiting block, the loop has no inner loop, and every
/// instruction passes control on (LLVM's `loopHasNoAbnormalExits` with no
/// other exits). The trip count, computed from the values that test
/// compares, is then not poison unless the first test branches on poison,
/// which is undefined behaviour already; it needs no `freeze`.
pub(crate) fn exit_test_always_reached(m: &Module, f: &Function, l: &Loop) -> bool {
    if l.exiting.len() != 1 || l.exiting.first() != l.latch().as_ref() {
        return false;
    }
    no_inner_cycle(f, l)
        && l.blocks
            .iter()
            .all(|&b| f.block_insts(b).all(|i| opt_conv_ir::effects::inst_effects(m, f, i).transfers_execution()))
}

/// Whether the blocks of `l` form no cycle but through its header: the
/// edges among them, but those back to the header, can be ordered
/// (Kahn's algorithm, in the loop's size; the function's cycle forest is
/// out of date after each transformed loop).
pub(crate) fn no_inner_cycle(f: &Function, l: &Loop) -> bool {
    let cfg = f.cfg();
    let inner = |s: Block| s != l.header && l.contains(s);
    let mut preds: rustc_hash::FxHashMap<Block, usize> = l.blocks.iter().map(|&b| (b, 0)).collect();
    for &b in &l.blocks {
        for &s in cfg.succs(b) {
            if inner(s) {
                *preds.get_mut(&s).expect("a loop block") += 1;
            }
        }
    }
    let mut ready: Vec<Block> = l.blocks.iter().copied().filter(|b| preds[b] == 0).collect();
    let mut ordered = 0;
    while let Some(b) = ready.pop() {
        ordered += 1;
        for &s in cfg.succs(b) {
            if inner(s) {
                let n = preds.get_mut(&s).expect("a loop block");
                *n -= 1;
                if *n == 0 {
                    ready.push(s);
                }
            }
        }
    }
    ordered == l.blocks.len()
}

/// What both remainders compute in the preheader, before `at`: the trip
/// count, the count minus one, `count - 1` (a mask: `count` is a power of
/// two) and `%xtraiter`, the iterations left over by groups of `count`.
struct Leftover {
    tc: Value,
    tcm1: Value,
    mask: Value,
    xtra: Value,
}

#[expect(clippy::too_many_arguments, reason = "the pieces of one transform, passed once")]
fn leftover(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    l: &Loop,
    c: &Counted,
    trip_count: Option<u64>,
    at: Inst,
    freeze: bool,
    count: u32,
) -> Leftover {
    let ty = f.dfg().value_type(c.limit);
    let (tc, nsw, backedges) = trip_count_value(m, edits, f, l, c, trip_count, at, freeze);
    let tcm1 = match backedges {
        Some(b) => b,
        None => {
            let minus1 = int_const(m, f, ty, -1);
            let flags = if nsw { IntFlags::NSW } else { IntFlags::NONE };
            let add = InstKind::Binary { op: BinOp::Add, flags, fmf: Default::default() };
            insert(f, at, add, &[tc, minus1], ty, None)
        }
    };
    let mask = int_const(m, f, ty, i128::from(count) - 1);
    let xtra = insert(f, at, binop(BinOp::And), &[tc, mask], ty, Some("xtraiter"));
    Leftover { tc, tcm1, mask, xtra }
}

/// The trip count, computed in the preheader before `at` as LLVM expands it:
/// the constant if known; else `n - s` for an equality test, or
/// `smax(n, s + 1) - s` (`umax` unsigned) for a less-than test, either
/// frozen when `freeze` (the exit test may never run, see
/// [`exit_test_always_reached`]). For a test of the variable itself
/// ([`Formula::PhiDifference`]) the trip count `n - s + 1` and the backedge
/// count `n - s` are expanded separately, as LLVM does. Returns the trip count,
/// whether `count - 1` cannot overflow (signed): only for a constant, and
/// the backedge count when it was computed on the way.
/// The max forms are at least 1 as unsigned numbers, but `smax(n, s + 1) - s`
/// can be the smallest signed value (`i8`: from -1 below 127, 128 trips), and
/// an `add nsw` of -1 to it would be poison, the branch on it undefined.
#[expect(clippy::too_many_arguments, reason = "the pieces of one transform, passed once")]
fn trip_count_value(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    l: &Loop,
    c: &Counted,
    known: Option<u64>,
    at: Inst,
    freeze: bool,
) -> (Value, bool, Option<Value>) {
    let ty = f.dfg().value_type(c.limit);
    if let Some(t) = known {
        return (int_const(m, f, ty, i128::from(t)), true, None);
    }
    let start = f.dfg().value_const(c.start).and_then(|k| k.as_int()).map(|s| mask(s, c.bits));
    // The start in the compared width: a truncated variable counts from
    // the truncation of its start.
    let narrow_start = match (c.trunc, start) {
        (Some(_), Some(s)) => int_const(m, f, ty, s as i128),
        (Some(_), None) => {
            let kind = InstKind::Cast { op: CastOp::Trunc, flags: IntFlags::NONE, fmf: Default::default() };
            insert(f, at, kind, &[c.start], ty, None)
        }
        (None, _) => c.start,
    };
    let minus_start = |f: &mut Function, v: Value| match start {
        Some(0) => v,
        _ => insert(f, at, binop(BinOp::Sub), &[v, narrow_start], ty, None),
    };
    let formula = match trip_count(m, f, l, c) {
        TripCount::Symbolic { formula, .. } => formula,
        _ => Formula::Difference,
    };
    match formula {
        Formula::Difference => {
            let d = minus_start(f, c.limit);
            if freeze {
                return (insert(f, at, InstKind::Freeze, &[d], ty, None), false, None);
            }
            // A constant limit `n` and a run-time start: LLVM expands the
            // backedge count `(n - 1) - s` on its own, the constant folded
            // (`sub 999, %s` after `sub 1000, %s`). A limit of 0 or 1 would
            // leave `-1 - s` or `0 - s`, which it writes otherwise: those
            // keep `count - 1`.
            let limit = f.dfg().value_const(c.limit).and_then(|k| k.as_int()).map(|n| mask(n, c.bits));
            let bec = match (start, limit) {
                (None, Some(n)) if n >= 2 => {
                    let n1 = int_const(m, f, ty, (n - 1) as i128);
                    Some(insert(f, at, binop(BinOp::Sub), &[n1, narrow_start], ty, None))
                }
                _ => None,
            };
            (d, false, bec)
        }
        Formula::PhiDifference => {
            // As LLVM expands them: `n + (1 - s)` and `n - s` for a
            // constant start (`n + 1` and `n` from 0), `(n + 1) - s` and
            // `n - s` for a run-time one. Frozen, the backedge count is the
            // frozen trip count minus one, so that both are the same value.
            let add_const = |f: &mut Function, k: i128| match mask(k as u128, c.bits) {
                0 => c.limit,
                k => {
                    let kv = int_const(m, f, ty, sext(k, c.bits));
                    insert(f, at, binop(BinOp::Add), &[c.limit, kv], ty, None)
                }
            };
            let (tc, bec) = match start {
                Some(s) => {
                    let s = sext(s, c.bits);
                    let tc = add_const(f, 1 - s);
                    (tc, (!freeze).then(|| add_const(f, -s)))
                }
                None => {
                    let n1 = add_const(f, 1);
                    let tc = insert(f, at, binop(BinOp::Sub), &[n1, narrow_start], ty, None);
                    (tc, (!freeze).then(|| insert(f, at, binop(BinOp::Sub), &[c.limit, narrow_start], ty, None)))
                }
            };
            if freeze { (insert(f, at, InstKind::Freeze, &[tc], ty, None), false, None) } else { (tc, false, bec) }
        }
        Formula::SignedMax | Formula::UnsignedMax => {
            let signed = formula == Formula::SignedMax;
            let one = int_const(m, f, ty, 1);
            let s1 = match start {
                Some(s) => int_const(m, f, ty, sext(s, c.bits) + 1),
                None => insert(f, at, binop(BinOp::Add), &[narrow_start, one], ty, None),
            };
            let base = if signed { "smax" } else { "umax" };
            let name = format!("llvm.{base}.{}", m.types.display(ty));
            let callee = edits.declare(m, &name, ty, &[ty, ty]);
            let fn_ty = ModuleEdits::fn_type(m, ty, &[ty, ty]);
            let call = make_call(f.dfg_mut(), callee, fn_ty, ty, &[c.limit, s1]);
            let loc = dbg(f, at);
            f.dfg_mut().set_inst_md(call, "dbg", loc);
            f.layout_mut().insert_inst_before(call, at);
            let mx = f.dfg().inst_result(call).expect("a result");
            f.dfg_mut_preserving_cfg().set_value_name(mx, Some(base));
            // Frozen as the difference is: a poison limit the loop never
            // compares (it stops before its first test) must not become a
            // branch on poison in the preheader.
            let d = minus_start(f, mx);
            if freeze { (insert(f, at, InstKind::Freeze, &[d], ty, None), false, None) } else { (d, false, None) }
        }
    }
}

/// Appends a phi over `incoming` to block `b`; returns its value.
/// Makes a remainder loop count its own iterations up to `xtra`: a phi
/// from 0 at its header (`prefix.iter`), stepped at the latch, which goes
/// round while iterations are left and else to `out`. `blocks` are the
/// remainder's preheader, header, latch and `out`. LLVM makes that branch
/// anew, without the original's loop id: its id holds `unroll.disable`.
fn count_remainder_iterations(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    xtra: Value,
    [pre, header, latch, out]: [Block; 4],
    prefix: &str,
) -> Result<(), String> {
    let ty = f.dfg().value_type(xtra);
    let (zero, one) = (int_const(m, f, ty, 0), int_const(m, f, ty, 1));
    let phi = InstData::new(InstKind::Phi { fmf: Default::default() }, &[zero, zero], &[pre, latch]);
    let iter_phi = f.dfg_mut().make_inst(phi, ty);
    let iter = f.dfg().inst_result(iter_phi).expect("phi");
    f.dfg_mut_preserving_cfg().set_value_name(iter, Some(&format!("{prefix}.iter")));
    let first = f.first_non_phi(header).ok_or("empty remainder header")?;
    f.layout_mut().insert_inst_before(iter_phi, first);
    let term = f.terminator(latch).ok_or("remainder latch without terminator")?;
    let next = insert(f, term, binop(BinOp::Add), &[iter, one], ty, Some(&format!("{prefix}.iter.next")));
    f.set_incoming_value_at(iter_phi, 1, next);
    let more = insert(f, term, icmp(IntPred::Ne), &[next, xtra], Type::I1, Some(&format!("{prefix}.iter.cmp")));
    set_branch(f, latch, &[more], &[header, out]);
    mark_unroll_disabled(m, edits, f, latch, None);
    Ok(())
}

fn append_phi(f: &mut Function, b: Block, incoming: &[(Value, Block)], name: Option<String>) -> Value {
    let ty = f.dfg().value_type(incoming[0].0);
    let args: Vec<Value> = incoming.iter().map(|x| x.0).collect();
    let blocks: Vec<Block> = incoming.iter().map(|x| x.1).collect();
    let p = f.dfg_mut().make_inst(InstData::new(InstKind::Phi { fmf: Default::default() }, &args, &blocks), ty);
    let v = f.dfg().inst_result(p).expect("phi");
    if name.is_some() {
        f.dfg_mut_preserving_cfg().set_value_name(v, name.as_deref());
    }
    match f.first_non_phi(b) {
        Some(x) => f.layout_mut().insert_inst_before(p, x),
        None => f.layout_mut().append_inst(p, b),
    }
    v
}

fn int_const(m: &Module, f: &mut Function, ty: Type, v: i128) -> Value {
    f.dfg_mut().make_const(Const::int(&m.types, ty, v as u128))
}

fn binop(op: BinOp) -> InstKind {
    InstKind::Binary { op, flags: Default::default(), fmf: Default::default() }
}

fn icmp(pred: IntPred) -> InstKind {
    InstKind::ICmp { pred, flags: Default::default() }
}

/// Inserts a new instruction before `before`, at its debug location (as
/// LLVM's instruction builder places what it inserts); returns its result.
fn insert(f: &mut Function, before: Inst, kind: InstKind, args: &[Value], ty: Type, name: Option<&str>) -> Value {
    let i = f.dfg_mut().make_inst(InstData::new(kind, args, &[]), ty);
    let loc = dbg(f, before);
    f.dfg_mut().set_inst_md(i, "dbg", loc);
    f.layout_mut().insert_inst_before(i, before);
    let v = f.dfg().inst_result(i).expect("a result");
    if name.is_some() {
        f.dfg_mut_preserving_cfg().set_value_name(v, name);
    }
    v
}

/// The debug location of `i`.
fn dbg(f: &Function, i: Inst) -> Option<MdId> {
    f.dfg().inst_md(i, "dbg")
}

/// The debug location of the first instruction of `b` that is not a phi:
/// that of a branch LLVM adds when it splits the edges into `b`.
fn entry_dbg(f: &Function, b: Block) -> Option<MdId> {
    f.first_non_phi(b).and_then(|i| dbg(f, i))
}

/// A new empty block placed before (or after) `at`.
fn new_block(f: &mut Function, name: Option<String>, at: Block, before: bool) -> Block {
    let b = f.dfg_mut().make_block(name.as_deref());
    if before {
        f.layout_mut().insert_block_before(b, at);
    } else {
        f.layout_mut().insert_block_after(b, at);
    }
    b
}

/// Replaces the terminator of `b` with `br` on `cond` (none: unconditional)
/// to `succs`, keeping its metadata but for the loop id: whether it is still
/// a latch, and of which loop, is the caller's to say.
fn set_branch(f: &mut Function, b: Block, cond: &[Value], succs: &[Block]) {
    let t = f.terminator(b).expect("a terminator");
    f.set_branch(t, cond.first().copied(), succs);
    f.dfg_mut().set_inst_md(t, "llvm.loop", None);
}

/// In `phis`, the incoming from `old` comes from `new`, with its value mapped.
fn retarget_incoming(f: &mut Function, phis: &[Inst], old: Block, new: Block, map: impl Fn(Value) -> Value) {
    for &p in phis {
        f.retarget_incoming_with(p, old, new, &map);
    }
}

/// In the header's `phis`, the backedge from `old` becomes one from `new`,
/// with its value mapped, listed last (as LLVM re-adds it after unrolling).
fn backedge_last(f: &mut Function, phis: &[Inst], old: Block, new: Block, map: impl Fn(Value) -> Value) {
    for &p in phis {
        let Some(v) = f.dfg().inst(p).incoming(old) else { continue };
        f.remove_incoming_all(p, old);
        f.add_incoming(p, map(v), new);
    }
}

/// Marks the loop whose latch is `b` with `llvm.loop.unroll.disable`, as
/// LLVM does after unrolling: a fresh distinct loop id with the old one's
/// properties other than the unroll ones.
fn mark_unroll_disabled(m: &Module, edits: &mut ModuleEdits, f: &mut Function, b: Block, loop_id: Option<MdId>) {
    let Some(t) = f.terminator(b) else { return };
    let mut props: Vec<MdOperand> = Vec::new();
    if let Some(old) = loop_id {
        for op in edits.tuple_ops(m, old).unwrap_or(&[]) {
            let MdOperand::Node(n) = op else { continue };
            if *n == old {
                continue;
            }
            let name = edits.tuple_ops(m, *n).and_then(|o| o.first()).and_then(MetadataTable::op_str);
            if !name.is_some_and(|x| x.starts_with("llvm.loop.unroll.")) {
                props.push(op.clone());
            }
        }
    }
    let disable = edits.md_tuple(vec![MdOperand::Str(b"llvm.loop.unroll.disable".to_vec().into())]);
    props.push(MdOperand::Node(disable));
    let id = edits.add_md(true, MdBody::Tuple(Vec::new()));
    let mut ops = vec![MdOperand::Node(id)];
    ops.extend(props);
    edits.set_md_body(id, MdBody::Tuple(ops));
    f.dfg_mut().set_inst_md(t, "llvm.loop", Some(id));
}

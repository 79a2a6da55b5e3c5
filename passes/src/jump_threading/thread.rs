//! The two duplicating edits of jump threading: threading an edge through a
//! copy of the block (`<block>.thread`, which branches straight to the
//! known successor), and copying a block with its conditional branch into a
//! predecessor that branched only to it. Values of the block used beyond it
//! then have two definitions; [`SsaUpdater`] merges them where needed.

use crate::cfg_edit::retarget;
use crate::noalias_scopes::{CopyScopes, declared_scopes};
use crate::simplify::{delete_dead_in, simplify_blocks};
use crate::ssa_update::SsaUpdater;
use opt_conv_ir::analysis::{FunctionAnalyses, Uses};
use opt_conv_ir::edit::remove_inst;
use opt_conv_ir::{Block, Function, Inst, InstData, Module, Type, Value};
use rustc_hash::FxHashMap;

/// Original value to its copy (a map: a copy is small, the function not).
type ValueMap = FxHashMap<Value, Value>;

/// Threads `p -> b` to `s`: `p` branches to a new copy of `b`'s
/// instructions that ends in `br label %s`.
pub fn thread_edge(m: &Module, f: &mut Function, p: Block, b: Block, s: Block, scopes: &mut Vec<CopyScopes>) -> Block {
    let before = f.cfg();
    let name = f.dfg().block_name(b).map(|n| format!("{n}.thread"));
    let nb = f.dfg_mut().make_block(name.as_deref());
    f.layout_mut().insert_block_before(nb, b);
    let (map, copies) = copy_body(f, p, b, nb, false);
    scopes.push(copy_scopes(m, f, b, nb));
    let br = f.dfg_mut().make_inst(InstData::new(opt_conv_ir::InstKind::Br, &[], &[s]), Type::VOID);
    f.layout_mut().append_inst(br, nb);
    add_incoming_like(f, s, b, nb, &map, 1);
    retarget(f, p, b, nb);
    f.update_cfg(before, &[p, nb]);
    remove_incoming_as_llvm(f, b, p);
    repair_ssa(f, b, nb, &copies);
    tidy(m, f, nb);
    nb
}

/// Copies `b`, terminator included, into the end of `p` (which ended in
/// `br label %b`).
pub fn duplicate_into(m: &Module, f: &mut Function, p: Block, b: Block, scopes: &mut Vec<CopyScopes>) {
    let before = f.cfg();
    if let Some(t) = f.terminator(p) {
        remove_inst(f, t);
    }
    let copied_from = f.block_insts(p).count();
    let (map, copies) = copy_body(f, p, b, p, true);
    let insts: Vec<Inst> = f.block_insts(p).skip(copied_from).collect();
    let declared = declared_scopes(m, &m.metadata, f, f.block_insts(b));
    scopes.push(CopyScopes::new(m, f, declared, insts, "thread"));
    f.update_cfg(before, &[p]);
    // Before the new entries: `b` may be its own successor (a loop of one
    // block), and the entries from `p` its copied branch adds stay.
    remove_incoming_as_llvm(f, b, p);
    let succs: Vec<Block> = f.successors(p).to_vec();
    let mut seen: Vec<Block> = Vec::new();
    for s in succs {
        if !seen.contains(&s) {
            let edges = f.successors(p).iter().filter(|&&x| x == s).count();
            add_incoming_like(f, s, b, p, &map, edges);
            seen.push(s);
        }
    }
    repair_ssa(f, b, p, &copies);
    tidy(m, f, p);
}

/// The fresh scopes the copy `nb` of block `b` needs: those `b` declares
/// (`crate::noalias_scopes`), named `<scope>:thread` as LLVM names them.
/// Created when the pass is done, with the module writable.
fn copy_scopes(m: &Module, f: &Function, b: Block, nb: Block) -> CopyScopes {
    let declared = declared_scopes(m, &m.metadata, f, f.block_insts(b));
    CopyScopes::new(m, f, declared, f.block_insts(nb).collect(), "thread")
}

/// Copies the non-phi instructions of `b` (and its terminator if
/// `with_terminator`) to the end of `to`, reading `b`'s phis as their
/// incoming values from `p`. Returns the value map and the pairs
/// (original, copy) of the results, phis included.
fn copy_body(
    f: &mut Function,
    p: Block,
    b: Block,
    to: Block,
    with_terminator: bool,
) -> (ValueMap, Vec<(Value, Value)>) {
    let mut map: ValueMap = FxHashMap::default();
    // A phi's "copy" is its incoming value from `p`: what it would have been.
    let mut copies = Vec::new();
    for phi in f.phis(b).collect::<Vec<_>>() {
        let d = f.dfg().inst(phi);
        if let (Some(r), Some(k)) = (d.result(), d.blocks.iter().position(|&x| x == p)) {
            map.insert(r, d.args[k]);
            copies.push((r, d.args[k]));
        }
    }
    let body: Vec<Inst> = f.block_insts(b).filter(|&i| !f.dfg().inst(i).is_phi()).collect();
    for i in body {
        let d = f.dfg().inst(i).clone();
        if d.is_terminator() && !with_terminator {
            break;
        }
        let ni = f.copy_inst(i, |a| *map.get(&a).unwrap_or(&a), |blk| blk);
        if let (Some(r), Some(nr)) = (d.result(), f.dfg().inst_result(ni)) {
            if let Some(n) = f.dfg().value_name(r).map(str::to_owned) {
                f.dfg_mut_preserving_cfg().set_value_name(nr, Some(&n));
            }
            map.insert(r, nr);
            copies.push((r, nr));
        }
        f.layout_mut().append_inst(ni, to);
        crate::debug_records::copy_within(f, i, ni, |v| *map.get(&v).unwrap_or(&v));
    }
    (map, copies)
}

/// Removes the entries of `b`'s phis from `p` one by one as LLVM's
/// `removePredecessor` does, the last entry taking each one's slot.
fn remove_incoming_as_llvm(f: &mut Function, b: Block, p: Block) {
    for phi in f.phis(b).collect::<Vec<_>>() {
        while f.remove_incoming_swapping_last(phi, p) {}
    }
}

/// In the phis of `s`, `edges` new incoming entries from `new` carrying
/// what came from `old`, mapped.
fn add_incoming_like(f: &mut Function, s: Block, old: Block, new: Block, map: &ValueMap, edges: usize) {
    for phi in f.phis(s).collect::<Vec<_>>() {
        let Some(v) = f.dfg().inst(phi).incoming(old) else { continue };
        let v = *map.get(&v).unwrap_or(&v);
        for _ in 0..edges {
            f.add_incoming(phi, v, new);
        }
    }
}

/// Uses of `b`'s values outside `b` now see two definitions: each gets the
/// one that reaches it. A use of a value of `b` in `nb`, or on a phi's edge
/// from `nb`, that is not the copy's was read through a phi of `b` on the
/// edge from the predecessor (a value coming round a loop that `b` heads):
/// it is the value on entry to `nb`, before the copies (as LLVM's
/// `GetValueInMiddleOfBlock`). Only where `b` heads a loop can phis of
/// `b`, the copy, or the predecessor use `b`'s values at all.
fn repair_ssa(f: &mut Function, b: Block, nb: Block, copies: &[(Value, Value)]) {
    // One scan for all copies, unless the pass tracks uses.
    let scanned = (!f.tracks_uses()).then(|| Uses::compute(f));
    for &(r, nr) in copies {
        let users = match &scanned {
            Some(uses) => uses.users(r).to_vec(),
            None => f.users_of(r),
        };
        let affected: Vec<Inst> = users
            .into_iter()
            .filter(|&u| f.layout().inst_block(u).is_some_and(|x| x != b || f.dfg().inst(u).is_phi()))
            .collect();
        if affected.is_empty() {
            continue;
        }
        let name = f.dfg().value_name(r).map(str::to_owned);
        let mut up = SsaUpdater::new(f.dfg().value_type(r), name.as_deref());
        up.add_def(b, r);
        up.add_def(nb, nr);
        let mut on_entry: Option<Value> = None;
        let mut entry_value =
            |f: &mut Function, up: &mut SsaUpdater| *on_entry.get_or_insert_with(|| up.value_at_start(f, nb));
        for u in affected {
            let d = f.dfg().inst(u).clone();
            if d.is_phi() {
                for k in 0..d.args.len() {
                    if d.args[k] != r || d.blocks[k] == b {
                        continue;
                    }
                    let v = if d.blocks[k] == nb { entry_value(f, &mut up) } else { up.value_at_end(f, d.blocks[k]) };
                    f.set_incoming_value_at(u, k, v);
                }
            } else {
                let ub = f.layout().inst_block(u).expect("in the layout");
                if ub == b {
                    continue;
                }
                let v = if ub == nb { entry_value(f, &mut up) } else { up.value_at_end(f, ub) };
                f.replace_operand(u, r, v);
            }
        }
        up.finish(f);
    }
}

/// Simplifies the copied instructions (the phis they read are constants
/// now, often) and deletes those left unused, as LLVM does in the new block.
fn tidy(m: &Module, f: &mut Function, b: Block) {
    simplify_blocks(m, f, &[b]);
    delete_dead_in(m, f, &[b]);
}

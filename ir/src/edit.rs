//! The edits passes make to a function body, in one place.
//!
//! Passes change operands through the methods here, never by writing
//! [`InstData::args`] or [`InstData::blocks`] themselves: a phi's
//! `args[k]` flows in from `blocks[k]`, and an edit that forgets one side
//! leaves a broken module. Every method keeps that pairing and checks it in
//! debug builds.
//!
//! The methods fall in two groups, by what they tell the analysis cache
//! (see [`Function::dfg_mut_preserving_cfg`]):
//!
//! * edits that leave the CFG alone: phi incoming entries (a phi names its
//!   predecessors, but the CFG is read from terminators), value operands,
//!   a branch's condition, removing a non-terminator. Analyses of the CFG
//!   stay cached.
//! * edits that change the CFG: a terminator's successors
//!   ([`Function::set_branch`], [`Function::retarget_successor`]), removing
//!   a terminator or a block, remapping a copy's block operands. These
//!   make every CFG analysis stale; a pass that patched its CFG by hand
//!   says so with `update_cfg` afterwards.
//!
//! Also here: moving instructions, copying one, and rewriting uses in
//! batches (the IR keeps no use lists: one sweep over the function for any
//! number of replacements, or a visit of just their users while the
//! function tracks its uses).

use crate::{Block, Function, Inst, InstData, InstKind, Type, Value};
use rustc_hash::FxHashMap;

/// Value replacements to apply in one sweep: `old -> new`, chains resolved.
#[derive(Clone, Debug, Default)]
pub struct Replacements {
    /// A map, not a table over all values: most replacement sets are
    /// small, and a pass may make one per edit of a large function.
    map: FxHashMap<Value, Value>,
    /// The replaced values, in insertion order.
    old: Vec<Value>,
}

impl Replacements {
    /// No replacements.
    pub fn new() -> Self {
        Replacements::default()
    }

    /// Every use of `old` becomes a use of `new`.
    pub fn insert(&mut self, old: Value, new: Value) {
        if old != new && self.map.insert(old, new).is_none() {
            self.old.push(old);
        }
    }

    /// Whether there is anything to replace.
    pub fn is_empty(&self) -> bool {
        self.old.is_empty()
    }

    /// What `v` becomes, following chains (`a -> b -> c` gives `c`).
    pub fn resolve(&self, mut v: Value) -> Value {
        // A chain visits each replaced value at most once, so it ends within
        // `len` steps; going on longer would mean a cycle (`a -> b -> a`),
        // which no pass has reason to build.
        for _ in 0..=self.old.len() {
            match self.map.get(&v) {
                Some(&n) => v = n,
                None => return v,
            }
        }
        debug_assert!(false, "replacement cycle through {v:?}");
        v
    }

    /// Rewrites the operands of every instruction in the layout of `f`:
    /// those of the users of the replaced values when `f` tracks its uses
    /// ([`Function::track_uses`]), else of every instruction in one sweep.
    pub fn apply(&self, f: &mut Function) {
        if self.old.is_empty() {
            return;
        }
        if f.tracks_uses() {
            for &old in &self.old {
                for i in f.users_of(old) {
                    let dfg = f.dfg_mut_preserving_cfg();
                    for a in dfg.inst_mut(i).args.iter_mut() {
                        *a = self.resolve(*a);
                    }
                }
            }
            // Debug records are not tracked uses: they are swept (a -g
            // function has a few per source statement).
            self.apply_to_dbg_records(f);
            return;
        }
        let insts: Vec<Inst> = f.insts_in_order().map(|(_, i)| i).collect();
        let dfg = f.dfg_mut_preserving_cfg();
        for i in insts {
            for a in dfg.inst_mut(i).args.iter_mut() {
                *a = self.resolve(*a);
            }
        }
        self.apply_to_dbg_records(f);
    }

    /// Debug records describe the replacement from now on, as LLVM's
    /// replace-all-uses rewrites them (a record left on a removed value
    /// would print `poison`: the variable lost).
    fn apply_to_dbg_records(&self, f: &mut Function) {
        if f.layout().has_dbg_records() {
            f.layout_mut_preserving_cfg().for_each_dbg_record_mut(|r| r.map_values(|v| self.resolve(v)));
        }
    }
}

/// Removes `i` from the layout and marks it removed. Its result must be
/// unused (or about to be replaced). Removing a terminator changes the CFG
/// and is recorded as such.
pub fn remove_inst(f: &mut Function, i: Inst) {
    let (dfg, layout) = if f.dfg().inst(i).is_terminator() { f.parts_mut() } else { f.parts_mut_preserving_cfg() };
    layout.remove_inst(i);
    dfg.mark_removed(i);
}

/// Moves the non-terminator `i` to the first insertion point of `b` (after its phis).
pub fn move_to_block_start(f: &mut Function, i: Inst, b: Block) {
    let first = f.first_non_phi(b);
    let layout = f.layout_mut_preserving_cfg();
    layout.remove_inst(i);
    match first {
        Some(x) => layout.insert_inst_before(i, x),
        None => layout.append_inst(i, b),
    }
}

/// Moves the non-terminator `i` to just before the terminator of `b`. The
/// debug records before the terminator stay where they were in the block's
/// order, so they now come before `i` (as LLVM's `moveBefore` of the
/// terminator leaves them); `i`'s own records stay behind.
pub fn move_to_block_end(f: &mut Function, i: Inst, b: Block) {
    let term = f.terminator(b);
    let layout = f.layout_mut_preserving_cfg();
    layout.remove_inst(i);
    match term {
        Some(t) => {
            let recs = layout.take_dbg_records(t);
            layout.insert_inst_before(i, t);
            layout.set_dbg_records(i, recs);
        }
        None => layout.append_inst(i, b),
    }
}

/// Moves the non-terminator `i` to just before `before`.
pub fn move_before(f: &mut Function, i: Inst, before: Inst) {
    let layout = f.layout_mut_preserving_cfg();
    layout.remove_inst(i);
    layout.insert_inst_before(i, before);
}

/// Checks, in debug builds, what every phi must satisfy: one incoming
/// block per incoming value.
#[inline]
fn debug_check_phi(d: &InstData) {
    debug_assert!(
        !d.is_phi() || d.args.len() == d.blocks.len(),
        "phi with {} values for {} blocks",
        d.args.len(),
        d.blocks.len()
    );
}

/// Edits that leave the CFG alone: phi incoming entries and value operands.
impl Function {
    /// Adds the incoming entry `[v, from]` at the end of `phi`. One entry
    /// per edge: a predecessor branching twice to the phi's block has two.
    pub fn add_incoming(&mut self, phi: Inst, v: Value, from: Block) {
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        debug_assert!(d.is_phi());
        d.args.push(v);
        d.blocks.push(from);
        debug_check_phi(d);
    }

    /// Replaces all incoming entries of `phi` by `incoming`, in order.
    pub fn set_incoming(&mut self, phi: Inst, incoming: impl IntoIterator<Item = (Value, Block)>) {
        let (args, blocks): (Vec<Value>, Vec<Block>) = incoming.into_iter().unzip();
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        debug_assert!(d.is_phi());
        d.args = args.into();
        d.blocks = blocks.into();
    }

    /// Removes the first incoming entry of `phi` from `from` (one edge
    /// went; others from the same block stay). Returns whether there was one.
    pub fn remove_incoming_once(&mut self, phi: Inst, from: Block) -> bool {
        let Some(k) = self.dfg().inst(phi).blocks.iter().position(|&b| b == from) else { return false };
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        d.args.remove(k);
        d.blocks.remove(k);
        debug_check_phi(d);
        true
    }

    /// Keeps the incoming entries of `phi` for which `keep(value, block)`
    /// holds, in order.
    pub fn retain_incoming(&mut self, phi: Inst, mut keep: impl FnMut(Value, Block) -> bool) {
        let d = self.dfg().inst(phi);
        debug_check_phi(d);
        let kept: Vec<usize> = (0..d.blocks.len()).filter(|&k| keep(d.args[k], d.blocks[k])).collect();
        if kept.len() == d.blocks.len() {
            // Nothing to drop; the phi is still marked as edited, as a
            // rewrite of it would be.
            self.dfg_mut_preserving_cfg().inst_mut(phi);
            return;
        }
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        d.args = kept.iter().map(|&k| d.args[k]).collect();
        d.blocks = kept.iter().map(|&k| d.blocks[k]).collect();
    }

    /// Removes every incoming entry of `phi` from `from` (the block no
    /// longer branches to the phi's block at all).
    pub fn remove_incoming_all(&mut self, phi: Inst, from: Block) {
        self.retain_incoming(phi, |_, b| b != from);
    }

    /// Every incoming entry of `phi` from `old` now comes from `new`, its
    /// value mapped by `map` (a copy's value, for instance).
    pub fn retarget_incoming_with(&mut self, phi: Inst, old: Block, new: Block, map: impl Fn(Value) -> Value) {
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        debug_check_phi(d);
        for k in 0..d.blocks.len() {
            if d.blocks[k] == old {
                d.blocks[k] = new;
                d.args[k] = map(d.args[k]);
            }
        }
    }

    /// Every incoming entry of `phi` from `old` now comes from `new`, with
    /// the same value (`old` was split or merged into `new`).
    pub fn retarget_incoming(&mut self, phi: Inst, old: Block, new: Block) {
        self.retarget_incoming_with(phi, old, new, |v| v);
    }

    /// [`Function::retarget_incoming`] for every phi of `b`.
    pub fn retarget_phis_of(&mut self, b: Block, old: Block, new: Block) {
        let phis: Vec<Inst> = self.phis(b).collect();
        for phi in phis {
            self.retarget_incoming(phi, old, new);
        }
    }

    /// [`Function::remove_incoming_once`] for every phi of `b`.
    pub fn remove_incoming_once_in_phis_of(&mut self, b: Block, from: Block) {
        let phis: Vec<Inst> = self.phis(b).collect();
        for phi in phis {
            self.remove_incoming_once(phi, from);
        }
    }

    /// [`Function::remove_incoming_all`] for every phi of `b`.
    pub fn remove_incoming_all_in_phis_of(&mut self, b: Block, from: Block) {
        let phis: Vec<Inst> = self.phis(b).collect();
        for phi in phis {
            self.remove_incoming_all(phi, from);
        }
    }

    /// Removes the first incoming entry of `phi` from `from` as LLVM's
    /// `PHINode::removeIncomingValue` does: the last entry takes its slot
    /// (the order of the others is not kept, which LLVM's printed phis
    /// show). Returns whether there was one.
    pub fn remove_incoming_swapping_last(&mut self, phi: Inst, from: Block) -> bool {
        let Some(k) = self.dfg().inst(phi).blocks.iter().position(|&b| b == from) else { return false };
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        d.args.swap_remove(k);
        d.blocks.swap_remove(k);
        debug_check_phi(d);
        true
    }

    /// Appends `clauses` (each a kind and its value) to the landing pad
    /// `lp`, after its own, and makes it a `cleanup` too if `cleanup`: what
    /// a landing pad inlined at an `invoke` takes from the invoke's own
    /// landing pad. A landing pad's `args[k]` is the value of clause `k`;
    /// both lists grow together.
    pub fn add_landingpad_clauses(&mut self, lp: Inst, clauses: &[(crate::inst::ClauseKind, Value)], cleanup: bool) {
        let d = self.dfg_mut_preserving_cfg().inst_mut(lp);
        let InstKind::LandingPad { cleanup: c, clauses: kinds } = &mut d.kind else {
            panic!("add_landingpad_clauses on a non-landingpad");
        };
        *c |= cleanup;
        let mut all: Vec<_> = kinds.to_vec();
        all.extend(clauses.iter().map(|&(k, _)| k));
        *kinds = all.into();
        d.args.extend(clauses.iter().map(|&(_, v)| v));
        debug_assert_eq!(kinds.len(), d.args.len(), "a landing pad's clauses and values");
    }

    /// The value of the `k`th incoming entry of `phi` becomes `v` (its
    /// block stays).
    pub fn set_incoming_value_at(&mut self, phi: Inst, k: usize, v: Value) {
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        debug_assert!(d.is_phi() && k < d.blocks.len());
        d.args[k] = v;
    }

    /// In the incoming entries of `phi` from `from`, uses of `old` become
    /// uses of `new` (an edge-specific replacement; entries from other
    /// blocks keep `old`).
    pub fn replace_incoming_value(&mut self, phi: Inst, from: Block, old: Value, new: Value) {
        let d = self.dfg_mut_preserving_cfg().inst_mut(phi);
        debug_check_phi(d);
        for k in 0..d.args.len() {
            if d.args[k] == old && d.blocks[k] == from {
                d.args[k] = new;
            }
        }
    }

    /// Operand `k` of `i` becomes `v`. For a phi, the value of its `k`th
    /// incoming entry; for a conditional branch, `k = 0` is the condition
    /// (which successor is which does not change).
    pub fn set_operand(&mut self, i: Inst, k: usize, v: Value) {
        self.dfg_mut_preserving_cfg().inst_mut(i).args[k] = v;
    }

    /// Every use of `old` among the operands of `i` becomes `new`. Returns
    /// how many changed.
    pub fn replace_operand(&mut self, i: Inst, old: Value, new: Value) -> usize {
        self.dfg_mut_preserving_cfg().replace_in_inst(i, old, new)
    }

    /// Every operand `a` of `i` becomes `map(a)` (blocks stay).
    pub fn map_operands(&mut self, i: Inst, mut map: impl FnMut(Value) -> Value) {
        for a in self.dfg_mut_preserving_cfg().inst_mut(i).args.iter_mut() {
            *a = map(*a);
        }
    }

    /// The value operands of `i`, which is not a phi (whose values go with
    /// its blocks: [`Function::set_incoming`]), become `args`.
    pub fn set_operands(&mut self, i: Inst, args: &[Value]) {
        let d = self.dfg_mut_preserving_cfg().inst_mut(i);
        debug_assert!(!d.is_phi(), "a phi's values are set with its blocks");
        d.args = args.into();
    }

    /// Appends `args`, each with its parameter attributes, to the arguments
    /// of call `i` (before its bundle operands): the variable arguments a
    /// `musttail` call forwards, once the call it forwards from is inlined.
    pub fn append_call_args(&mut self, i: Inst, args: &[(Value, crate::attrs::AttrSet)]) {
        let d = self.dfg_mut_preserving_cfg().inst_mut(i);
        let info = d.call_info_mut().expect("append_call_args on a non-call");
        let end = 1 + info.num_args as usize;
        info.num_args += args.len() as u32;
        info.param_attrs.resize(end - 1, crate::attrs::AttrSet::new());
        info.param_attrs.extend(args.iter().map(|(_, a)| a.clone()));
        let mut all: Vec<Value> = d.args[..end].to_vec();
        all.extend(args.iter().map(|&(v, _)| v));
        all.extend_from_slice(&d.args[end..]);
        d.args = all.into();
    }

    /// A new instruction like `i`: same kind, result type and metadata,
    /// operands mapped by `value` and `block`. It has no name and is not in
    /// the layout (placing it is the caller's: a terminator placed changes
    /// the CFG).
    pub fn copy_inst(&mut self, i: Inst, value: impl Fn(Value) -> Value, block: impl Fn(Block) -> Block) -> Inst {
        let d = self.dfg().inst(i);
        let nd = InstData {
            kind: d.kind.clone(),
            args: d.args.iter().map(|&a| value(a)).collect(),
            blocks: d.blocks.iter().map(|&b| block(b)).collect(),
            result: Default::default(),
        };
        let ty = d.result().map(|r| self.dfg().value_type(r)).unwrap_or(Type::VOID);
        let md = self.dfg().inst_metadata(i).to_vec();
        let dfg = self.dfg_mut_preserving_cfg();
        let ni = dfg.make_inst(nd, ty);
        if !md.is_empty() {
            dfg.set_all_inst_md(ni, md);
        }
        ni
    }
}

/// Edits that change the CFG: every CFG analysis is stale afterwards.
impl Function {
    /// Turns the terminator `t` into `br`: unconditional to `succs[0]`
    /// without `cond`, else on `cond` to `succs[0]` (true) or `succs[1]`.
    /// Phis of the successors are the caller's to update.
    pub fn set_branch(&mut self, t: Inst, cond: Option<Value>, succs: &[Block]) {
        debug_assert_eq!(succs.len(), 1 + usize::from(cond.is_some()), "a branch's successors and its condition");
        let d = self.dfg_mut().inst_mut(t);
        debug_assert!(d.is_terminator());
        // Branch weights are one per successor of the terminator they are
        // on: a branch made from another terminator, or with another number
        // of successors, has none (as a new `br` in LLVM).
        let reshaped = d.kind != InstKind::Br || d.blocks.len() != succs.len();
        d.kind = InstKind::Br;
        d.args = cond.into_iter().collect();
        d.blocks = succs.into();
        if reshaped {
            self.dfg_mut().set_inst_md(t, "prof", None);
        }
    }

    /// In the terminator `t`, every successor `old` becomes `new`. Returns
    /// how many changed. The phis of `old` and `new` are the caller's.
    pub fn retarget_successor(&mut self, t: Inst, old: Block, new: Block) -> usize {
        let d = self.dfg_mut().inst_mut(t);
        debug_assert!(d.is_terminator());
        let mut n = 0;
        for s in d.blocks.iter_mut() {
            if *s == old {
                *s = new;
                n += 1;
            }
        }
        n
    }

    /// Turns `call`, the last instruction of its block, into an `invoke`
    /// with the same callee, arguments, attributes and bundles, going on to
    /// `normal` and unwinding to `unwind` (an invoke has no tail marker, and
    /// as in LLVM's conversion the fast-math flags do not carry over).
    /// Metadata stays as it is: what the caller keeps is its choice. The
    /// block gains its successors: the phis of `normal` and `unwind` are the
    /// caller's to update.
    pub fn call_to_invoke(&mut self, call: Inst, normal: Block, unwind: Block) {
        debug_assert_eq!(self.layout().last_inst(self.layout().inst_block(call).expect("placed")), Some(call));
        let d = self.dfg_mut().inst_mut(call);
        let InstKind::Call(info) = &mut d.kind else { panic!("call_to_invoke on a non-call") };
        let mut info = info.clone();
        info.tail = crate::inst::TailKind::None;
        info.fmf = crate::inst::FastMath::NONE;
        d.kind = InstKind::Invoke(info);
        d.blocks = [normal, unwind].into_iter().collect();
    }

    /// Replaces both operand lists of `i`: for filling in a copy whose
    /// operands could only be mapped once every copy existed. A phi gets
    /// one block per value.
    pub fn set_all_operands(&mut self, i: Inst, args: &[Value], blocks: &[Block]) {
        let d = self.dfg_mut().inst_mut(i);
        d.args = args.into();
        d.blocks = blocks.into();
        debug_check_phi(d);
    }

    /// Maps the operands of `i` in place, values by `value` and blocks by
    /// `block` (a copied region pointed at its own copies).
    pub fn remap_operands(&mut self, i: Inst, value: impl Fn(Value) -> Value, block: impl Fn(Block) -> Block) {
        let d = self.dfg_mut().inst_mut(i);
        for a in d.args.iter_mut() {
            *a = value(*a);
        }
        for b in d.blocks.iter_mut() {
            *b = block(*b);
        }
    }

    /// Removes every instruction of `b` (and its debug records), leaving
    /// the block in place, empty: the caller gives it a terminator.
    /// Whatever `b` branched to keeps its phi entries from `b`: the
    /// caller's to drop.
    pub fn empty_block(&mut self, b: Block) {
        let insts: Vec<Inst> = self.block_insts(b).collect();
        let (dfg, layout) = self.parts_mut();
        for i in insts {
            layout.remove_inst(i);
            dfg.mark_removed(i);
        }
        layout.drop_trailing_dbg_records(b);
    }

    /// Removes `b` and its instructions (marked removed) from the layout.
    /// Whatever `b` branched to keeps its phi entries from `b`: the
    /// caller's to drop.
    pub fn remove_block(&mut self, b: Block) {
        let insts: Vec<Inst> = self.block_insts(b).collect();
        let (dfg, layout) = self.parts_mut();
        for i in insts {
            layout.remove_inst(i);
            dfg.mark_removed(i);
        }
        layout.remove_block(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::EntityRef;

    const DIAMOND: &str = "define i32 @f(i1 %c, i32 %x) {\n\
        entry:\n  br i1 %c, label %a, label %b\n\
        a:\n  br label %join\n\
        b:\n  br i1 %c, label %join, label %join\n\
        join:\n  %p = phi i32 [ 1, %a ], [ %x, %b ], [ 2, %b ]\n  ret i32 %p\n}\n";

    fn body(src: &str) -> (crate::Module, crate::FuncId, Function) {
        let (mut m, _) = crate::parse_module("t.ll", src).unwrap();
        let fid = m.func_by_name("f").unwrap();
        let f = m.take_body(fid).unwrap();
        (m, fid, f)
    }

    fn incoming(f: &Function, phi: Inst) -> Vec<(Value, Block)> {
        let d = f.dfg().inst(phi);
        d.args.iter().copied().zip(d.blocks.iter().copied()).collect()
    }

    #[test]
    fn incoming_entries_go_and_come_in_pairs() {
        let (_, _, mut f) = body(DIAMOND);
        let (a, b) = (f.block_by_name("a").unwrap(), f.block_by_name("b").unwrap());
        let phi = f.inst_by_name("p").unwrap();
        let before = incoming(&f, phi);
        // Once: the first entry from %b goes, the second stays.
        assert!(f.remove_incoming_once(phi, b));
        assert_eq!(incoming(&f, phi), vec![before[0], before[2]]);
        assert!(!f.remove_incoming_once(phi, f.entry_block().unwrap()));
        f.add_incoming(phi, before[1].0, b);
        assert_eq!(incoming(&f, phi), vec![before[0], before[2], before[1]]);
        // All: both entries from %b go.
        f.remove_incoming_all(phi, b);
        assert_eq!(incoming(&f, phi), vec![before[0]]);
        f.set_incoming(phi, before.clone());
        assert_eq!(incoming(&f, phi), before);
        f.retain_incoming(phi, |v, _| v != before[1].0);
        assert_eq!(incoming(&f, phi), vec![before[0], before[2]]);
        // Retargeting keeps or maps the value, and only for `old`.
        f.retarget_incoming_with(phi, b, a, |_| before[1].0);
        assert_eq!(incoming(&f, phi), vec![before[0], (before[1].0, a)]);
        f.set_incoming_value_at(phi, 0, before[2].0);
        f.replace_incoming_value(phi, a, before[1].0, before[0].0);
        assert_eq!(incoming(&f, phi), vec![(before[2].0, a), (before[0].0, a)]);
    }

    #[test]
    fn removing_an_entry_as_llvm_does_moves_the_last_into_its_slot() {
        let (_, _, mut f) = body(DIAMOND);
        let b = f.block_by_name("b").unwrap();
        let phi = f.inst_by_name("p").unwrap();
        let before = incoming(&f, phi);
        assert!(f.remove_incoming_swapping_last(phi, f.block_by_name("a").unwrap()));
        assert_eq!(incoming(&f, phi), vec![before[2], before[1]]);
        assert!(f.remove_incoming_swapping_last(phi, b));
        assert_eq!(incoming(&f, phi), vec![before[1]]);
        assert!(!f.remove_incoming_swapping_last(phi, f.entry_block().unwrap()));
    }

    const EH: &str = "declare void @g()\n@t = external global i8\n\
        define void @f() personality ptr null {\n\
        entry:\n  call void @g()\n  br label %next\n\
        next:\n  ret void\n\
        lpad:\n  %lp = landingpad { ptr, i32 } catch ptr null\n  resume { ptr, i32 } %lp\n}\n";

    #[test]
    fn landing_pads_take_clauses_and_calls_become_invokes() {
        use crate::analysis::FunctionAnalyses;
        use crate::inst::ClauseKind;
        let (m, fid, mut f) = body(EH);
        let lp = f.inst_by_name("lp").unwrap();
        let t = f.dfg().inst(lp).args[0];
        f.add_landingpad_clauses(lp, &[(ClauseKind::Catch, t)], true);
        let d = f.dfg().inst(lp);
        let InstKind::LandingPad { cleanup, clauses } = &d.kind else { panic!() };
        assert!(*cleanup);
        assert_eq!(&clauses[..], [ClauseKind::Catch, ClauseKind::Catch]);
        assert_eq!(d.args.len(), 2);
        // The call ends its block once the branch after it is gone.
        let (entry, next, lpad) =
            (f.entry_block().unwrap(), f.block_by_name("next").unwrap(), f.block_by_name("lpad").unwrap());
        let call = f.layout().first_inst(entry).unwrap();
        let cfg = f.cfg();
        let br = f.terminator(entry).unwrap();
        remove_inst(&mut f, br);
        f.call_to_invoke(call, next, lpad);
        assert!(matches!(f.dfg().inst(call).kind, InstKind::Invoke(_)));
        assert_eq!(f.dfg().inst(call).unwind_dest(), Some(lpad));
        assert!(!std::sync::Arc::ptr_eq(&cfg, &f.cfg()));
        assert_eq!(f.cfg().succs(entry), [next, lpad]);
        let mut m = m;
        m.set_body(fid, f);
        crate::verify_module(&m).unwrap_or_else(|e| panic!("{e:?}"));
    }

    #[test]
    fn phi_edits_keep_the_cfg_cached_and_branch_edits_do_not() {
        use crate::analysis::FunctionAnalyses;
        let (_, _, mut f) = body(DIAMOND);
        let (a, b, join) =
            (f.block_by_name("a").unwrap(), f.block_by_name("b").unwrap(), f.block_by_name("join").unwrap());
        let phi = f.inst_by_name("p").unwrap();
        let cfg = f.cfg();
        f.remove_incoming_once_in_phis_of(join, b);
        assert!(std::sync::Arc::ptr_eq(&cfg, &f.cfg()), "a phi edit left the CFG as it was");
        // %b now branches once to %join: the CFG must be recomputed.
        let t = f.terminator(b).unwrap();
        let c = f.dfg().inst(t).args[0];
        f.set_branch(t, None, &[join]);
        assert!(!f.dfg().inst(t).is_cond_br());
        let after = f.cfg();
        assert!(!std::sync::Arc::ptr_eq(&cfg, &after));
        assert_eq!(after.succs(b), [join]);
        // Retargeting a successor: %a goes to %b; its phi entry follows.
        let ta = f.terminator(a).unwrap();
        assert_eq!(f.retarget_successor(ta, join, b), 1);
        f.remove_incoming_all(phi, a);
        assert_eq!(f.cfg().succs(a), [b]);
        f.set_branch(ta, Some(c), &[join, join]);
        assert_eq!(f.cfg().succs(a), [join, join]);
    }

    #[test]
    fn removing_a_terminator_makes_the_cfg_stale_and_removing_an_add_does_not() {
        use crate::analysis::FunctionAnalyses;
        let src = "define i32 @f(i32 %x) {\nentry:\n  %y = add i32 %x, 1\n  br label %exit\nexit:\n  ret i32 %x\n}\n";
        let (_, _, mut f) = body(src);
        let entry = f.entry_block().unwrap();
        let cfg = f.cfg();
        let (y, t) = (f.inst_by_name("y").unwrap(), f.terminator(entry).unwrap());
        remove_inst(&mut f, y);
        assert!(std::sync::Arc::ptr_eq(&cfg, &f.cfg()));
        remove_inst(&mut f, t);
        let after = f.cfg();
        assert!(!std::sync::Arc::ptr_eq(&cfg, &after));
        assert!(after.succs(entry).is_empty());
    }

    #[test]
    fn a_removed_block_takes_its_instructions_along() {
        // The verifier wants one value per predecessor, however many edges.
        let (mut m, fid, mut f) = body(&DIAMOND.replace("[ 2, %b ]", "[ %x, %b ]"));
        let (a, b, join) =
            (f.block_by_name("a").unwrap(), f.block_by_name("b").unwrap(), f.block_by_name("join").unwrap());
        let entry = f.entry_block().unwrap();
        let term = f.terminator(a).unwrap();
        let t = f.terminator(entry).unwrap();
        f.set_branch(t, None, &[b]);
        f.remove_incoming_all_in_phis_of(join, a);
        f.remove_block(a);
        assert!(f.dfg().is_removed(term));
        assert!(!f.layout().is_block_inserted(a));
        m.set_body(fid, f);
        crate::verify_module(&m).unwrap();
    }

    #[test]
    fn a_copy_maps_its_operands_and_keeps_its_metadata() {
        let src = "define i32 @f(i32 %x) {\nentry:\n  %y = add i32 %x, 1, !foo !0\n  ret i32 %y\n}\n!0 = !{}\n";
        let (_, _, mut f) = body(src);
        let y = f.inst_by_name("y").unwrap();
        let x = f.params()[0];
        let yv = f.dfg().inst_result(y).unwrap();
        let c = f.copy_inst(y, |v| if v == x { yv } else { v }, |b| b);
        assert_eq!(f.dfg().inst(c).args[0], yv);
        assert_eq!(f.dfg().inst(c).kind, f.dfg().inst(y).kind);
        assert_eq!(f.dfg().inst_metadata(c), f.dfg().inst_metadata(y));
        assert_eq!(f.dfg().value_type(f.dfg().inst_result(c).unwrap()), f.dfg().value_type(yv));
        assert_eq!(f.layout().inst_block(c), None);
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "phi")]
    fn a_phi_with_more_values_than_blocks_is_caught() {
        let (_, _, mut f) = body(DIAMOND);
        let phi = f.inst_by_name("p").unwrap();
        let x = f.params()[1];
        f.set_all_operands(phi, &[x, x], &[f.entry_block().unwrap()]);
    }

    #[test]
    fn a_long_chain_resolves_to_its_end() {
        // v1 -> v0, v2 -> v1, ..., v200 -> v199: every value ends at v0,
        // however long the chain (a bounded walk used to stop halfway and
        // hand out a replaced value).
        let mut r = Replacements::new();
        for k in 1..=200 {
            r.insert(Value::new(k), Value::new(k - 1));
        }
        assert_eq!(r.resolve(Value::new(200)), Value::new(0));
        assert_eq!(r.resolve(Value::new(7)), Value::new(0));
        assert_eq!(r.resolve(Value::new(500)), Value::new(500));
    }
}

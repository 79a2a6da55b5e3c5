//! Small editing operations passes share: moving and deleting instructions,
//! and rewriting uses in batches (the IR keeps no use lists: one sweep over
//! the function for any number of replacements, or a visit of just their
//! users while the function tracks its uses).

use crate::{Block, Function, Inst, Value};
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

/// Removes `i` from the layout and marks it removed. Its result must be unused.
pub fn remove_inst(f: &mut Function, i: Inst) {
    let (dfg, layout) = f.parts_mut_preserving_cfg();
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

/// Moves the non-terminator `i` to just before the terminator of `b`.
pub fn move_to_block_end(f: &mut Function, i: Inst, b: Block) {
    let term = f.terminator(b);
    let layout = f.layout_mut_preserving_cfg();
    layout.remove_inst(i);
    match term {
        Some(t) => layout.insert_inst_before(i, t),
        None => layout.append_inst(i, b),
    }
}

/// Moves the non-terminator `i` to just before `before`.
pub fn move_before(f: &mut Function, i: Inst, before: Inst) {
    let layout = f.layout_mut_preserving_cfg();
    layout.remove_inst(i);
    layout.insert_inst_before(i, before);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::EntityRef;

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

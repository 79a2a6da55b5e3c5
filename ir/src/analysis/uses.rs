//! Use lists, computed on demand (the IR keeps none, as in Cranelift).

use crate::dfg::ValueDef;
use crate::entity::SecondaryMap;
use crate::function::{Changes, Function};
use crate::{Inst, Value};
use smallvec::SmallVec;

/// For every value, the instructions in the layout that use it, in layout
/// order (an instruction using a value twice is listed once). Metadata
/// wrappers of local values (`metadata i32 %x`) are not uses.
#[derive(Clone, Debug, Default)]
pub struct Uses {
    users: SecondaryMap<Value, SmallVec<[Inst; 2]>>,
}

impl Uses {
    /// What invalidates it.
    pub const DEPS: Changes = Changes::ALL;

    /// Computes the use lists of `f`.
    pub fn compute(f: &Function) -> Uses {
        let mut users: SecondaryMap<Value, SmallVec<[Inst; 2]>> = SecondaryMap::new();
        users.resize(f.dfg().num_values());
        for (_, i) in f.insts_in_order() {
            for &a in &f.dfg().inst(i).args {
                if matches!(f.dfg().value(a).def, ValueDef::Const(_) | ValueDef::Md(_) | ValueDef::Asm(_)) {
                    continue;
                }
                let list = &mut users[a];
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        Uses { users }
    }

    /// Instructions using `v`.
    pub fn users(&self, v: Value) -> &[Inst] {
        &self.users[v]
    }

    /// Whether `v` has any use.
    pub fn is_used(&self, v: Value) -> bool {
        !self.users[v].is_empty()
    }

    /// Records that `i` now uses `v` (for passes that keep the lists up to
    /// date across their own edits instead of recomputing them).
    pub fn add_user(&mut self, v: Value, i: Inst) {
        let list = &mut self.users[v];
        if !list.contains(&i) {
            list.push(i);
        }
    }

    /// Records that `i` no longer uses `v`.
    pub fn remove_user(&mut self, v: Value, i: Inst) {
        self.users[v].retain(|x| *x != i);
    }
}

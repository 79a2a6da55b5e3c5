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

/// Use lists that follow a pass's edits without rescanning the function:
/// computed once, then brought up to date from the DFG's journal of
/// instructions created or changed (see
/// [`crate::DataFlowGraph::take_journal`]). Entries may go stale (an
/// instruction removed, an operand rewritten); every query checks them
/// against the instructions, so answers are exact, and drops the stale ones.
///
/// ```
/// use opt_conv_ir::analysis::LiveUses;
/// use opt_conv_ir::parse_module;
/// let src = "define i32 @f(i32 %x) {\nentry:\n  %y = add i32 %x, 1\n  %z = mul i32 %x, 2\n  ret i32 %y\n}\n";
/// let (mut m, _) = parse_module("f.ll", src).unwrap();
/// let fid = m.func_by_name("f").unwrap();
/// let f = m.body_mut(fid).unwrap();
/// let mut uses = LiveUses::new(f);
/// let (y, z) = (f.inst_by_name("y").unwrap(), f.inst_by_name("z").unwrap());
/// let (yv, zv) = (f.dfg().inst_result(y).unwrap(), f.dfg().inst_result(z).unwrap());
/// assert!(!uses.is_used(f, zv));
/// // `ret i32 %y` becomes `ret i32 %z`: the index follows.
/// let ret = f.terminator(f.entry_block().unwrap()).unwrap();
/// f.dfg_mut().replace_in_inst(ret, yv, zv);
/// assert_eq!(uses.users(f, zv), [ret]);
/// assert!(!uses.is_used(f, yv));
/// uses.finish(f);
/// ```
#[derive(Clone, Debug)]
pub struct LiveUses {
    users: SecondaryMap<Value, SmallVec<[Inst; 2]>>,
}

impl LiveUses {
    /// Computes the lists and starts the DFG's journal.
    pub fn new(f: &mut Function) -> LiveUses {
        let dfg = f.dfg_journal();
        dfg.start_journal();
        let _ = dfg.take_journal();
        LiveUses { users: Uses::compute(f).users }
    }

    /// Stops the journal.
    pub fn finish(self, f: &mut Function) {
        f.dfg_journal().stop_journal();
    }

    /// Catches up with the instructions created or changed since last time.
    fn refresh(&mut self, f: &mut Function) {
        let journal = f.dfg_journal().take_journal();
        let dfg = f.dfg();
        self.users.resize(dfg.num_values());
        for i in journal {
            for &a in &dfg.inst(i).args {
                if matches!(dfg.value(a).def, ValueDef::Const(_) | ValueDef::Md(_) | ValueDef::Asm(_)) {
                    continue;
                }
                let list = &mut self.users[a];
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
    }

    /// The instructions in the layout that use `v`, in layout order (what
    /// [`Uses::users`] would say after recomputing).
    pub fn users(&mut self, f: &mut Function, v: Value) -> Vec<Inst> {
        self.refresh(f);
        let (dfg, layout) = (f.dfg(), f.layout());
        let mut live: Vec<Inst> = self.users[v]
            .iter()
            .copied()
            .filter(|&i| layout.inst_block(i).is_some() && dfg.inst(i).args.contains(&v))
            .collect();
        live.sort_unstable_by(|&a, &b| {
            let (ba, bb) = (layout.inst_block(a), layout.inst_block(b));
            match (ba == bb, a == b) {
                (_, true) => std::cmp::Ordering::Equal,
                (true, false) if layout.inst_precedes(a, b) => std::cmp::Ordering::Less,
                (true, false) => std::cmp::Ordering::Greater,
                _ if layout.block_precedes(ba.expect("in layout"), bb.expect("in layout")) => std::cmp::Ordering::Less,
                _ => std::cmp::Ordering::Greater,
            }
        });
        live.dedup();
        self.users[v] = live.iter().copied().collect();
        debug_assert_eq!(live.as_slice(), Uses::compute(f).users(v), "stale use index for {v:?}");
        live
    }

    /// Whether `v` has a use in the layout.
    pub fn is_used(&mut self, f: &mut Function, v: Value) -> bool {
        !self.users(f, v).is_empty()
    }
}

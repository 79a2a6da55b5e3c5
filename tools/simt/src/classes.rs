//! Converged classes of dynamic instances.
//!
//! "Converged-with" is an equivalence relation over the dynamic instances of
//! one static instruction (ConvergenceAndUniformity.rst, *Convergence*), so
//! each dynamic instance belongs to exactly one class of converged
//! instances. A thread computes the class of an instance it executes from
//! its own history alone, as a [`ClassKey`]; two threads executed converged
//! instances exactly when their keys are equal. Interning keys gives every
//! class a small id, which is also what a convergence *token* value holds
//! ("a convergence token value represents the dynamic instance of the
//! instruction that produced it", ConvergentOperations.rst, *Dynamic
//! Instances and Convergence Tokens*).
//!
//! The keys follow the dynamic rules of the spec:
//! - a controlled operation `U` with token `t` is converged iff the token
//!   values came from converged instances: key `(U, class(t))`;
//! - a loop heart `U` with parent token `t`: additionally the same count `n`
//!   of executions of `U` with that token value: key `(U, class(t), n)`;
//! - `entry`: the threads entered the function through converged call
//!   instances: key `(U, class(call))`;
//! - uncontrolled operations (and, by default, anchors and
//!   calls without a token): *maximal* convergence, i.e. the same function
//!   invocation and the same iteration count of every cycle containing the
//!   operation (ConvergenceAndUniformity.rst, *Maximal Convergence*, with
//!   cycle headers as the points of convergence).

use opt_conv_ir::{FuncId, Inst};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// An interned class of converged dynamic instances.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

/// A static instruction of the module.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StaticOp {
    /// The function.
    pub func: FuncId,
    /// The instruction.
    pub inst: Inst,
}

/// What makes dynamic instances converged; equal keys mean converged.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClassKey {
    /// The launch of the kernel: every thread of the subgroup.
    Launch,
    /// Maximal convergence: the operation, the invocation of its function
    /// (the class of the call that entered it), and the iteration counts of
    /// the cycles containing it, outermost first.
    Maximal {
        /// The operation.
        op: StaticOp,
        /// The class of the function invocation.
        inv: ClassId,
        /// Header executions since entering each enclosing cycle.
        iters: SmallVec<[u32; 4]>,
    },
    /// A controlled operation (or controlled call): its token's class.
    Controlled {
        /// The operation.
        op: StaticOp,
        /// The class of the token's dynamic instance.
        token: ClassId,
    },
    /// `llvm.experimental.convergence.loop`: token class and execution count.
    Heart {
        /// The loop intrinsic call.
        op: StaticOp,
        /// The class of the parent token.
        token: ClassId,
        /// This is the `n`-th execution of the intrinsic with that token value.
        n: u32,
    },
    /// A part of the threads of a maximal anchor instance, as the run's
    /// [`crate::freedom::AnchorGrouping`] split it.
    AnchorPart {
        /// The anchor intrinsic call.
        op: StaticOp,
        /// The maximal instance that was split.
        of: ClassId,
        /// Which part.
        part: u32,
    },
    /// An anchor in a guided run: converged exactly with the instances
    /// paired with the same anchor instance of the guiding run.
    GuidedAnchor {
        /// The anchor intrinsic call.
        op: StaticOp,
        /// The guiding run's class of the paired anchor instance.
        guide: u32,
    },
    /// `llvm.experimental.convergence.entry`: the invocation's class.
    Entry {
        /// The entry intrinsic call.
        op: StaticOp,
        /// The class of the call that entered the function.
        inv: ClassId,
    },
}

impl ClassKey {
    /// The static operation, if any.
    pub fn op(&self) -> Option<StaticOp> {
        match self {
            ClassKey::Launch => None,
            ClassKey::Maximal { op, .. }
            | ClassKey::Controlled { op, .. }
            | ClassKey::Heart { op, .. }
            | ClassKey::GuidedAnchor { op, .. }
            | ClassKey::AnchorPart { op, .. }
            | ClassKey::Entry { op, .. } => Some(*op),
        }
    }

    /// The class this key is relative to.
    fn parent(&self) -> Option<ClassId> {
        match self {
            ClassKey::Launch | ClassKey::GuidedAnchor { .. } => None,
            ClassKey::Maximal { inv, .. } | ClassKey::Entry { inv, .. } => Some(*inv),
            ClassKey::Controlled { token, .. } | ClassKey::Heart { token, .. } => Some(*token),
            ClassKey::AnchorPart { of, .. } => Some(*of),
        }
    }
}

/// One step of a class's path below its root: the operation and the
/// iteration numbers that distinguish instances of it.
pub type RelStep = (StaticOp, SmallVec<[u32; 4]>);

/// What a class descends from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Root {
    /// The kernel launch: convergence is fully specified.
    Launch,
    /// An anchor's dynamic instance: convergence is implementation-defined.
    Anchor(ClassId),
}

#[derive(Clone, Debug)]
struct ClassData {
    key: ClassKey,
    root: Root,
}

/// The interner of classes for one run.
#[derive(Clone, Debug, Default)]
pub struct Classes {
    ids: FxHashMap<ClassKey, ClassId>,
    data: Vec<ClassData>,
}

impl Classes {
    /// The class of `key`; `anchor` marks the key of an anchor intrinsic,
    /// which starts a new root.
    pub fn intern(&mut self, key: ClassKey, anchor: bool) -> ClassId {
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = ClassId(self.data.len() as u32);
        let root =
            if anchor { Root::Anchor(id) } else { key.parent().map_or(Root::Launch, |p| self.data[p.0 as usize].root) };
        self.data.push(ClassData { key: key.clone(), root });
        self.ids.insert(key, id);
        id
    }

    /// The key of class `c`.
    pub fn key(&self, c: ClassId) -> &ClassKey {
        &self.data[c.0 as usize].key
    }

    /// The root of class `c`.
    pub fn root(&self, c: ClassId) -> Root {
        self.data[c.0 as usize].root
    }

    /// The iteration numbers along `c`'s chain of keys, outermost first:
    /// each heart's execution count and each maximal key's cycle counts.
    /// They name "which iteration" independently of static instructions,
    /// so that instances can be matched across two versions of a program.
    pub fn iterations(&self, c: ClassId) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        let mut cur = Some(c);
        while let Some(x) = cur {
            let key = self.key(x);
            match key {
                ClassKey::Heart { n, .. } => out.push(*n),
                ClassKey::Maximal { iters, .. } => out.extend(iters.iter().rev()),
                _ => {}
            }
            cur = key.parent();
        }
        out.reverse();
        out
    }

    /// The path from `c`'s root down to `c` (excluding the root), which
    /// identifies "the same place relative to the root" across threads.
    pub fn rel_path(&self, c: ClassId) -> Vec<RelStep> {
        let mut path = Vec::new();
        let mut cur = c;
        loop {
            if self.root(cur) == Root::Anchor(cur) {
                break;
            }
            let key = self.key(cur);
            let Some(op) = key.op() else { break };
            let extra = match key {
                ClassKey::Maximal { iters, .. } => iters.clone(),
                ClassKey::Heart { n, .. } => SmallVec::from_slice(&[*n]),
                _ => SmallVec::new(),
            };
            path.push((op, extra));
            match key.parent() {
                Some(p) => cur = p,
                None => break,
            }
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::EntityRef;

    fn op(i: usize) -> StaticOp {
        StaticOp { func: FuncId::new(0), inst: Inst::new(i) }
    }

    #[test]
    fn equal_keys_are_one_class_and_roots_propagate() {
        let mut c = Classes::default();
        let launch = c.intern(ClassKey::Launch, false);
        let anchor = c.intern(ClassKey::Maximal { op: op(1), inv: launch, iters: SmallVec::new() }, true);
        let h1 = c.intern(ClassKey::Heart { op: op(2), token: anchor, n: 1 }, false);
        let h1b = c.intern(ClassKey::Heart { op: op(2), token: anchor, n: 1 }, false);
        let h2 = c.intern(ClassKey::Heart { op: op(2), token: anchor, n: 2 }, false);
        assert_eq!(h1, h1b);
        assert_ne!(h1, h2);
        assert_eq!(c.root(h2), Root::Anchor(anchor));
        assert_eq!(c.root(launch), Root::Launch);
        let u = c.intern(ClassKey::Controlled { op: op(3), token: h2 }, false);
        assert_eq!(c.rel_path(u), vec![(op(2), SmallVec::from_slice(&[2])), (op(3), SmallVec::new())]);
    }
}

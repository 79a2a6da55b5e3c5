//! What a branch condition is on one incoming edge: read from the phis of
//! the block for that predecessor (`phi i1 [ true, %p ], ...`, or an `icmp`
//! or boolean operation of such phis and constants), or implied by branches
//! on the same condition that every path to the predecessor took the same
//! way ("a condition already tested on the path").

use super::implied::{self, implies};
use opt_conv_ir::analysis::Cfg;
use opt_conv_ir::constant::Const;
use opt_conv_ir::inst::{BinOp, CastOp, IntFlags, IntPred};
use opt_conv_ir::{Block, EntityRef, EntitySet, Function, Inst, InstKind, Module, Value};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// How many blocks the backward search for deciding branches may visit.
/// Bounded, and asking no dominator tree: the pass changes the CFG often,
/// and a tree recomputed per question would make it quadratic.
const PATH_SEARCH: usize = 64;

/// The distinct predecessors of `b`, in CFG order, each with the integer
/// value of `cond` (a branch's `i1` or a switch's) on its edge into `b`, if
/// known. Linear in the number of
/// predecessors: the phis of `b` are indexed once, not searched per edge.
pub fn int_on_edges(m: &Module, f: &Function, cfg: &Cfg, cond: Value, b: Block) -> Vec<(Block, Option<u128>)> {
    let mut slots: FxHashMap<(Inst, Block), usize> = FxHashMap::default();
    for i in f.block_insts(b) {
        let d = f.dfg().inst(i);
        if !d.is_phi() {
            break;
        }
        for (k, &x) in d.blocks.iter().enumerate() {
            slots.entry((i, x)).or_insert(k);
        }
    }
    let mut seen: EntitySet<Block> = EntitySet::new();
    let mut out = Vec::new();
    let prepared = RefCell::default();
    for &p in cfg.preds(b) {
        if seen.insert(p) {
            let edge = Edge { m, f, cfg, p, b, paths: true, slots: Some(&slots), prepared: &prepared };
            out.push((p, edge.int(cond, 4)));
        }
    }
    out
}

/// What the searches of [`tested_on_path`] need of a condition on the
/// edges into `b`, whichever the edge: prepared once for all of them.
struct Prepared {
    /// For branches on the condition itself: the block defining it, where
    /// the search stops (`None`: defined in `b`, no such search).
    same: Option<Option<Block>>,
    /// For branches implying it: the blocks defining the values the
    /// implication rests on ([`implied::leaves`]), or `None` when one of
    /// them is computed anew in `b`.
    implied: Option<Vec<Option<Block>>>,
    /// What a branch on `c` taken as `v` says of the condition, by `(c, v)`:
    /// the searches from the edges into `b` meet the same branches.
    implies: RefCell<FxHashMap<(Value, bool), Option<bool>>>,
}

impl Prepared {
    fn new(m: &Module, f: &Function, cond: Value, b: Block) -> Prepared {
        let def_block = |v: Value| f.dfg().value_inst(v).and_then(|i| f.layout().inst_block(i));
        // Branches on `cond` itself need only `cond`'s instance to be the
        // same; implications also need those of the values compared.
        let same = (def_block(cond) != Some(b)).then(|| def_block(cond));
        let leaves = implied::leaves(m, f, cond);
        let renewed = leaves.iter().skip(1).any(|&v| def_block(v) == Some(b))
            || (leaves.len() == 1 && def_block(cond) == Some(b));
        let implied = (!renewed).then(|| leaves.iter().map(|&v| def_block(v)).collect());
        Prepared { same, implied, implies: RefCell::default() }
    }
}

/// [`Prepared`] facts of each condition asked about on the edges into one
/// block (a few values: a list).
type PreparedCache = RefCell<Vec<(Value, Rc<Prepared>)>>;

/// The edge `p -> b` being looked at.
struct Edge<'a> {
    m: &'a Module,
    f: &'a Function,
    cfg: &'a Cfg,
    p: Block,
    b: Block,
    /// Whether values decided by branches on the way count: not under a
    /// `freeze`, whose operand may be poison although a branch decided it.
    paths: bool,
    /// Where each phi of `b` takes its value from each predecessor, when
    /// indexed ([`int_on_edges`]).
    slots: Option<&'a FxHashMap<(Inst, Block), usize>>,
    /// What the searches need of each value, shared by the edges into `b`.
    prepared: &'a PreparedCache,
}

impl Edge<'_> {
    /// A branch on the way decides `v`, if paths count.
    fn tested(&self, v: Value) -> Option<u128> {
        if !self.paths {
            return None;
        }
        let known = self.prepared.borrow().iter().find(|e| e.0 == v).map(|e| e.1.clone());
        let pre = known.unwrap_or_else(|| {
            let pre = Rc::new(Prepared::new(self.m, self.f, v, self.b));
            self.prepared.borrow_mut().push((v, pre.clone()));
            pre
        });
        let decides = |c: Value, cv: bool| {
            let known = pre.implies.borrow().get(&(c, cv)).copied();
            known.unwrap_or_else(|| {
                let d = implies(self.m, self.f, c, cv, v);
                pre.implies.borrow_mut().insert((c, cv), d);
                d
            })
        };
        tested_on_path(self.f, self.cfg, v, self.p, self.b, &pre, decides).map(u128::from)
    }
}

impl Edge<'_> {
    /// The value of `v`, a `freeze` of the condition `x` of `p`'s branch or
    /// switch, on the edge `p -> b` when that decides `x` (as LLVM's value
    /// facts on an edge). Branching or switching on undef or poison is
    /// undefined, so where `p`'s terminator ran `x` was neither, and a
    /// freeze of it is `x`, wherever the freeze is. (A condition `x` of
    /// `b` itself is not this: `p -> b` may be a back edge, and `x` on it
    /// the value of the iteration before.)
    fn frozen_condition(&self, v: Value) -> Option<u128> {
        let (f, p, b) = (self.f, self.p, self.b);
        let dfg = f.dfg();
        let fr = dfg.value_inst(v)?;
        let fd = dfg.inst(fr);
        if fd.kind != InstKind::Freeze {
            return None;
        }
        let x = fd.args[0];
        if dfg.value_inst(x).is_some_and(|i| f.layout().inst_block(i) == Some(b)) {
            return None;
        }
        let t = f.terminator(p)?;
        let d = dfg.inst(t);
        if d.args.first() != Some(&x) {
            return None;
        }
        if d.is_cond_br() {
            return match (d.blocks[0] == b, d.blocks[1] == b) {
                (true, false) => Some(1),
                (false, true) => Some(0),
                _ => None,
            };
        }
        if d.kind != InstKind::Switch || d.blocks[0] == b {
            return None;
        }
        // The one case value that goes to `b`.
        let mut to_b = d.args[1..].iter().zip(&d.blocks[1..]).filter(|&(_, &s)| s == b).map(|(&c, _)| c);
        let c = to_b.next()?;
        if to_b.next().is_some() {
            return None;
        }
        dfg.value_const(c).and_then(Const::as_int)
    }

    /// The integer value of `v` on the edge: a constant; a phi of `b` whose
    /// incoming value from `p` is known; an operation of `b` on known
    /// values; or an `i1` from outside `b` that a branch decided on the way.
    fn int(&self, v: Value, depth: u32) -> Option<u128> {
        let (f, p, b) = (self.f, self.p, self.b);
        let dfg = f.dfg();
        // Known values are held in 128 bits: wider integers are not known.
        if self.m.types.int_bits(dfg.value_type(v)).is_some_and(|w| w > 128) {
            return None;
        }
        if let Some(c) = dfg.value_const(v) {
            // A null pointer is 0: compared only for equality (below).
            if self.m.types.is_ptr(c.ty) {
                return c.is_zero_value().then_some(0);
            }
            return c.as_int();
        }
        if let Some(x) = self.frozen_condition(v) {
            return Some(x);
        }
        let here = dfg.value_inst(v).filter(|&i| f.layout().inst_block(i) == Some(b));
        let is_bool = self.m.types.int_bits(dfg.value_type(v)) == Some(1);
        let Some(i) = here else {
            return if is_bool { self.tested(v) } else { None };
        };
        if depth == 0 {
            return None;
        }
        let d = dfg.inst(i);
        let bits = |x: Value| self.m.types.int_bits(dfg.value_type(x));
        match &d.kind {
            InstKind::Phi { .. } => {
                let k = match self.slots {
                    Some(slots) => *slots.get(&(i, p))?,
                    None => d.blocks.iter().position(|&x| x == p)?,
                };
                let a = d.args[k];
                // The incoming value is read at the end of `p`.
                let from_b = dfg.value_inst(a).is_some_and(|x| f.layout().inst_block(x) == Some(b));
                if from_b { dfg.value_const(a).and_then(Const::as_int) } else { self.int(a, depth - 1) }
            }
            // A freeze of a value computed on the edge from constants (a
            // phi's constant incoming values, compares and logic of them)
            // is that value. Nothing else: a value decided by a branch may
            // still be poison where the freeze runs, and then the freeze's
            // users see whatever it froze to.
            InstKind::Freeze => Edge { paths: false, ..*self }.int(d.args[0], depth - 1),
            InstKind::ICmp { pred, flags } => {
                // Pointers are known only as null: equal or not.
                let ptr = self.m.types.is_ptr(dfg.value_type(d.args[0]));
                if ptr && !matches!(pred, opt_conv_ir::inst::IntPred::Eq | opt_conv_ir::inst::IntPred::Ne) {
                    return self.tested(v);
                }
                match (self.int(d.args[0], depth - 1), self.int(d.args[1], depth - 1)) {
                    // `samesign` of operands whose signs differ is poison:
                    // under a `freeze`, any value.
                    (Some(x), Some(y))
                        if !ptr
                            && flags.contains(IntFlags::SAMESIGN)
                            && bits(d.args[0]).is_none_or(|w| {
                                (opt_conv_ir::constant::sext(x, w) < 0) != (opt_conv_ir::constant::sext(y, w) < 0)
                            }) =>
                    {
                        None
                    }
                    (Some(x), Some(y)) => Some(u128::from(pred.holds(x, y, if ptr { 64 } else { bits(d.args[0])? }))),
                    // Decided by a compare tested on the way, itself or
                    // as it reads in `p`?
                    _ => self.tested(v).or_else(|| self.translated(*pred, d.args[0], d.args[1])),
                }
            }
            InstKind::Binary { op: op @ (BinOp::And | BinOp::Or | BinOp::Xor), flags, .. } if bits(v) == Some(1) => {
                let (x, y) = (self.int(d.args[0], depth - 1), self.int(d.args[1], depth - 1));
                // One operand decides an `and` or `or` whatever the other
                // is, unless the other may be poison under a `freeze`: the
                // result is then poison, frozen to any value.
                let alone = self.paths;
                let folded = match (op, x, y) {
                    (BinOp::And, Some(0), _) | (BinOp::And, _, Some(0)) if alone => Some(0),
                    (BinOp::Or, Some(1), _) | (BinOp::Or, _, Some(1)) if alone => Some(1),
                    // Both known: as any arithmetic (an `or disjoint` of
                    // two trues is poison).
                    (_, Some(x), Some(y)) => crate::simplify::fold_binop(*op, *flags, x, y, 1),
                    _ => None,
                };
                folded.or_else(|| self.tested(v))
            }
            InstKind::Select { .. } => {
                let arm = if self.int(d.args[0], depth - 1)? != 0 { d.args[1] } else { d.args[2] };
                self.int(arm, depth - 1)
            }
            // Arithmetic and casts of known integers (`None` where the
            // result would be poison).
            InstKind::Binary { op, flags, .. } => {
                let (x, y) = (self.int(d.args[0], depth - 1)?, self.int(d.args[1], depth - 1)?);
                crate::simplify::fold_binop(*op, *flags, x, y, bits(v)?)
            }
            InstKind::Cast { op: op @ (CastOp::Trunc | CastOp::ZExt | CastOp::SExt), flags, .. } => {
                let x = self.int(d.args[0], depth - 1)?;
                crate::simplify::fold_cast(*op, *flags, x, bits(d.args[0])?, bits(v)?)
            }
            _ => None,
        }
    }

    /// A compare in `b` of phis of `b`, asked as the same compare of their
    /// values coming from `p` (LLVM's phi translation): the same value on
    /// both sides decides it, or a branch on the way to `p` that decides the
    /// compare of those values (`%p.1 == null` in a loop whose back edge is
    /// taken only when the previous `%p.1` was not null). Operands computed
    /// in `b` other than its phis are new instances there: not translated.
    fn translated(&self, pred: IntPred, lhs: Value, rhs: Value) -> Option<u128> {
        if !self.paths {
            return None;
        }
        let (f, dfg) = (self.f, self.f.dfg());
        let incoming = |x: Value| -> Option<(Value, bool)> {
            let Some(i) = dfg.value_inst(x).filter(|&i| f.layout().inst_block(i) == Some(self.b)) else {
                return Some((x, false));
            };
            let d = dfg.inst(i);
            if !d.is_phi() {
                return None;
            }
            // A phi of one value (and of itself, round a loop) is that
            // value on every edge, if the value dominates the phi: else
            // the value may have been computed anew since the phi took it.
            let mut others = d.args.iter().filter(|&&a| a != x);
            if let Some(&only) = others.next()
                && others.all(|&a| a == only)
                && dfg
                    .value_inst(only)
                    .and_then(|o| f.layout().inst_block(o))
                    .is_none_or(|ob| ob != self.b && dominates(f, self.cfg, ob, self.b))
            {
                return Some((only, true));
            }
            let k = match self.slots {
                Some(slots) => *slots.get(&(i, self.p))?,
                None => d.blocks.iter().position(|&x| x == self.p)?,
            };
            Some((d.args[k], true))
        };
        let ((a, phi_a), (c, phi_c)) = (incoming(lhs)?, incoming(rhs)?);
        if !phi_a && !phi_c {
            return None;
        }
        if a == c {
            return Some(u128::from(matches!(
                pred,
                IntPred::Eq | IntPred::Uge | IntPred::Ule | IntPred::Sge | IntPred::Sle
            )));
        }
        // The translated values are read at the end of `p`: a path that
        // passes their definitions sees other instances.
        let def_block = |v: Value| dfg.value_inst(v).and_then(|i| f.layout().inst_block(i));
        let stops = [def_block(a), def_block(c)];
        search(f, self.cfg, None, self.p, self.b, &stops, |k, kv| {
            implied::implies_compare(self.m, f, k, kv, (pred, a, c))
        })
        .map(u128::from)
    }
}

/// `cond` is known on `p -> b` when `p` itself branches to `b` along one
/// arm only on a condition that decides `cond` ([`implies`]: the same
/// value, or one implying it), or when every path into `p` last passed such
/// a branch along arms that give `cond` the same value, or when the arm of
/// such a branch (entered only from it) dominates `p`: the arm decides the
/// value on all paths then, even if others seem to disagree (those only run
/// when the value is the other one, which cannot happen after that arm).
///
/// The search goes backward from `p` and stops at such arms; it gives up on
/// reaching the entry or a block defining one of the values the decision
/// rests on ([`leaves`]: on those paths they are other dynamic instances),
/// or after [`PATH_SEARCH`] blocks. `cond` may be defined in `b` only as a
/// compare or logic of values defined elsewhere: it is computed anew there
/// from the same values. `pre` is [`Prepared::new`] of `cond`, and
/// `implies(c, v)` the value of `cond` where a branch's `c` is `v`.
fn tested_on_path(
    f: &Function,
    cfg: &Cfg,
    cond: Value,
    p: Block,
    b: Block,
    pre: &Prepared,
    implies: impl Fn(Value, bool) -> Option<bool>,
) -> Option<bool> {
    if let Some(stop) = pre.same
        && let Some(v) = search(f, cfg, Some(cond), p, b, &[stop], |c, cv| (c == cond).then_some(cv))
    {
        return Some(v);
    }
    search(f, cfg, Some(cond), p, b, pre.implied.as_ref()?, implies)
}

/// The search of [`tested_on_path`], with `decides(c, v)` the value of the
/// condition when a branch's `c` is `v`, and `stops` the blocks that end it.
fn search(
    f: &Function,
    cfg: &Cfg,
    cond: Option<Value>,
    p: Block,
    b: Block,
    stops: &[Option<Block>],
    decides: impl Fn(Value, bool) -> Option<bool>,
) -> Option<bool> {
    // The value a branch gives `cond` along its edge to `to`, if it decides it.
    let decided = |from: Block, to: Block| -> Option<bool> {
        let d = f.dfg().inst(f.terminator(from)?);
        if !d.is_cond_br() || d.blocks[0] == d.blocks[1] {
            return None;
        }
        decides(d.args[0], d.blocks[0] == to)
    };
    if let Some(v) = decided(p, b) {
        return Some(v);
    }
    if f.terminator(p).is_some_and(|t| f.dfg().inst(t).is_cond_br() && Some(f.dfg().inst(t).args[0]) == cond) {
        return None;
    }
    // Small and bounded: a fixed table, not a set sized for the whole function.
    let mut seen = Seen::new(p);
    let mut stack = vec![p];
    let mut value: Option<bool> = None;
    let mut agree = true;
    let mut arms: Vec<(Block, bool)> = Vec::new();
    while let Some(y) = stack.pop() {
        let preds = cfg.preds(y);
        if preds.is_empty() || stops.contains(&Some(y)) || f.entry_block() == Some(y) {
            // A path that passed no deciding arm: none dominates `p` either.
            return None;
        }
        for &q in preds {
            if let Some(v) = decided(q, y) {
                agree &= *value.get_or_insert(v) == v;
                if preds == [q] && !arms.contains(&(y, v)) {
                    arms.push((y, v));
                }
            } else if !seen.contains(q) {
                if seen.len() == PATH_SEARCH {
                    return None;
                }
                seen.insert(q);
                stack.push(q);
            }
        }
    }
    if agree {
        return value;
    }
    arms.into_iter().find(|&(arm, _)| dominates(f, cfg, arm, p)).map(|(_, v)| v)
}

/// Whether `a` dominates `p`: a backward search from `p` that does not pass
/// `a` never reaches the entry. `false` when that takes more than
/// [`PATH_SEARCH`] blocks.
fn dominates(f: &Function, cfg: &Cfg, a: Block, p: Block) -> bool {
    let mut seen = Seen::new(p);
    let mut stack = vec![p];
    while let Some(y) = stack.pop() {
        if y == a {
            continue;
        }
        let preds = cfg.preds(y);
        if preds.is_empty() || f.entry_block() == Some(y) {
            return false;
        }
        for &q in preds {
            if !seen.contains(q) {
                if seen.len() == PATH_SEARCH {
                    return false;
                }
                seen.insert(q);
                stack.push(q);
            }
        }
    }
    true
}

/// The blocks a bounded backward search has met (at most [`PATH_SEARCH`]):
/// an open-addressed table on the stack. A list searched for every
/// predecessor made each search quadratic in its bound, and the check of a
/// dominating arm runs one search per arm.
struct Seen {
    slots: [u32; SEEN_SLOTS],
    len: usize,
}

/// Slots of [`Seen`]: a power of two, at least twice [`PATH_SEARCH`].
const SEEN_SLOTS: usize = 256;
const _: () = assert!(SEEN_SLOTS.is_power_of_two() && SEEN_SLOTS >= 2 * (PATH_SEARCH + 1));

impl Seen {
    /// The set holding `first`.
    fn new(first: Block) -> Seen {
        let mut s = Seen { slots: [u32::MAX; SEEN_SLOTS], len: 0 };
        s.insert(first);
        s
    }

    /// The slot holding `b`, or the empty one where it would go.
    fn slot(&self, b: Block) -> usize {
        let key = u32::try_from(b.index()).expect("block ids fit in 32 bits");
        let mut h = (key.wrapping_mul(0x9E37_79B9) >> 24) as usize & (SEEN_SLOTS - 1);
        while self.slots[h] != key && self.slots[h] != u32::MAX {
            h = (h + 1) & (SEEN_SLOTS - 1);
        }
        h
    }

    fn contains(&self, b: Block) -> bool {
        self.slots[self.slot(b)] != u32::MAX
    }

    fn insert(&mut self, b: Block) {
        let h = self.slot(b);
        if self.slots[h] == u32::MAX {
            debug_assert!(self.len <= PATH_SEARCH, "a bounded search holds at most PATH_SEARCH + 1 blocks");
            self.slots[h] = u32::try_from(b.index()).expect("block ids fit in 32 bits");
            self.len += 1;
        }
    }

    fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::{PATH_SEARCH, Seen, int_on_edges};
    use opt_conv_ir::analysis::FunctionAnalyses;
    use opt_conv_ir::{Block, EntityRef, parse_module};

    /// The table of a search holds what a list would, however the block
    /// numbers collide, up to the bound.
    #[test]
    fn seen_blocks_are_a_set() {
        for stride in [1usize, 7, 256, 4096, 1 << 20] {
            let first = Block::new(3);
            let mut seen = Seen::new(first);
            let mut list = vec![first];
            let mut k = 0;
            while list.len() <= PATH_SEARCH {
                let b = Block::new(3 + (k * stride) % 100_000 + k / 3);
                k += 1;
                assert_eq!(seen.contains(b), list.contains(&b));
                if !list.contains(&b) {
                    list.push(b);
                }
                seen.insert(b);
                assert_eq!(seen.len(), list.len());
            }
            for j in 0..200_000 {
                let b = Block::new(j);
                assert_eq!(seen.contains(b), list.contains(&b), "block {j}, stride {stride}");
            }
        }
    }

    /// The value of `%c` on the edge `from -> to` in `@f` of `src`.
    fn known(src: &str, from: &str, to: &str) -> Option<bool> {
        let (m, _) = parse_module("t.ll", src).unwrap();
        let f = m.body(m.func_by_name("f").unwrap()).unwrap();
        let (p, b) = (f.block_by_name(from).unwrap(), f.block_by_name(to).unwrap());
        let c = f
            .inst_by_name("c")
            .and_then(|i| f.dfg().inst_result(i))
            .or_else(|| f.params().iter().copied().find(|&v| f.dfg().value_name(v) == Some("c")))
            .unwrap();
        let edges = int_on_edges(&m, f, &f.cfg(), c, b);
        edges.into_iter().find(|e| e.0 == p).and_then(|e| e.1).map(|v| v != 0)
    }

    /// Inside the loop entered only through `%yes`, `%c` is true, although
    /// the loop body branches on `%c` again (its false arm never runs).
    #[test]
    fn a_dominating_arm_decides_despite_dead_paths_that_disagree() {
        let src = "define void @f(i1 %c, i1 %d) {\n\
            entry:\n  br i1 %c, label %yes, label %exit\n\
            yes:\n  br label %head\n\
            head:\n  br i1 %d, label %a, label %bb\n\
            a:\n  br label %j\n\
            bb:\n  br label %j\n\
            j:\n  br i1 %c, label %t, label %e\n\
            t:\n  br label %latch\n\
            e:\n  br label %latch\n\
            latch:\n  br i1 %d, label %head, label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(known(src, "a", "j"), Some(true));
    }

    /// Two different branches on `%c` both reach `%j` only along true arms.
    #[test]
    fn all_paths_agreeing_decide_without_a_dominating_arm() {
        let src = "define void @f(i1 %c, i1 %d) {\n\
            entry:\n  br i1 %d, label %l, label %r\n\
            l:\n  br i1 %c, label %lt, label %exit\n\
            r:\n  br i1 %c, label %rt, label %exit\n\
            lt:\n  br label %m\n\
            rt:\n  br label %m\n\
            m:\n  br label %j\n\
            j:\n  br i1 %c, label %exit, label %exit2\n\
            exit:\n  ret void\n\
            exit2:\n  ret void\n}\n";
        assert_eq!(known(src, "m", "j"), Some(true));
        let undecided = src.replace("br i1 %c, label %rt, label %exit", "br label %rt");
        assert_eq!(known(&undecided, "m", "j"), None);
    }

    /// `%c` is computed anew in each iteration: the previous iteration's
    /// branch on it says nothing about the next.
    #[test]
    fn a_condition_redefined_on_the_way_is_not_known() {
        let src = "define void @f(i32 %n) {\n\
            entry:\n  br label %head\n\
            head:\n  %i = phi i32 [ 0, %entry ], [ %i1, %t ], [ %i1, %e ]\n\
              %c = icmp slt i32 %i, %n\n  %i1 = add i32 %i, 1\n  br label %mid\n\
            mid:\n  br i1 %c, label %t, label %e\n\
            t:\n  br label %head\n\
            e:\n  br i1 %c, label %head, label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(known(src, "head", "mid"), None);
    }
    /// A compare of a phi, read as the compare of the value coming in: on
    /// the back edge, the latch's own test of that value decides it; a phi
    /// that only keeps one value round the loop is that value, tested
    /// before the loop.
    #[test]
    fn compares_of_phis_are_translated_into_the_predecessor() {
        let src = "define void @f(ptr %p) {\n\
            entry:\n  %z = icmp eq ptr %p, null\n  br i1 %z, label %exit, label %loop\n\
            loop:\n  %p1 = phi ptr [ %p, %entry ], [ %p2, %latch ]\n  %c = icmp eq ptr %p1, null\n\
              br i1 %c, label %exit, label %latch\n\
            latch:\n  %p2 = load ptr, ptr %p1, align 8\n  %z2 = icmp eq ptr %p2, null\n\
              br i1 %z2, label %exit, label %loop\n\
            exit:\n  ret void\n}\n";
        assert_eq!(known(src, "entry", "loop"), Some(false));
        assert_eq!(known(src, "latch", "loop"), Some(false));
        // The latch branching on something else decides nothing.
        let other = src.replace("br i1 %z2, label %exit", "br i1 %z, label %exit");
        assert_eq!(known(&other, "latch", "loop"), None);
        let kept = "define void @f(ptr %p) {\n\
            entry:\n  %z = icmp eq ptr %p, null\n  br i1 %z, label %exit, label %loop\n\
            loop:\n  %p1 = phi ptr [ %p, %entry ], [ %p1, %loop ]\n  %c = icmp ne ptr %p1, null\n\
              br i1 %c, label %exit, label %loop\n\
            exit:\n  ret void\n}\n";
        assert_eq!(known(kept, "entry", "loop"), Some(true));
        assert_eq!(known(kept, "loop", "loop"), Some(true));
    }

    /// Casts, selects and arithmetic of values known on the edge.
    #[test]
    fn arithmetic_of_known_values_is_evaluated() {
        let src = "define void @f(i1 %d) {\n\
            entry:\n  br i1 %d, label %a, label %b\n\
            a:\n  br label %j\n\
            b:\n  br label %j\n\
            j:\n  %x = phi i1 [ true, %a ], [ false, %b ]\n  %n = xor i1 %x, true\n\
              %s = select i1 %n, i32 10, i32 3\n  %c = trunc i32 %s to i1\n\
              br i1 %c, label %exit, label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(known(src, "a", "j"), Some(true));
        assert_eq!(known(src, "b", "j"), Some(false));
        let added = src
            .replace("select i1 %n", "select i1 %x")
            .replace("%c = trunc i32 %s to i1", "%t = add nuw i32 %s, 1\n  %c = icmp eq i32 %t, 11");
        assert_eq!(known(&added, "a", "j"), Some(true));
        assert_eq!(known(&added, "b", "j"), Some(false));
        // A `nuw` add that wraps is poison: not known.
        let wraps = added.replace("i32 10, i32 3", "i32 -1, i32 3");
        assert_eq!(known(&wraps, "a", "j"), None);
    }

    /// Under a `freeze`, an `and` with false is not false: the other
    /// operand may be poison, and the freeze of poison any value.
    #[test]
    fn a_frozen_and_needs_both_operands() {
        let src = "define void @f(i1 %d, i1 %y) {\n\
            entry:\n  br i1 %d, label %a, label %b\n\
            a:\n  br label %j\n\
            b:\n  br label %j\n\
            j:\n  %x = phi i1 [ false, %a ], [ true, %b ]\n  %and = and i1 %y, %x\n\
              %c = freeze i1 %and\n  br i1 %c, label %exit, label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(known(src, "a", "j"), None);
        let unfrozen = src.replace("%c = freeze i1 %and", "%c = and i1 %and, true");
        assert_eq!(known(&unfrozen, "a", "j"), Some(false));
    }
}

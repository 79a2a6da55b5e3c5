//! Value facts on edges: what integers (and null or non-null pointers) a
//! value may hold at the end of a block or on an edge, as sets of intervals.
//! The facts come from the conditions of the branches and switches passed
//! on the way ("`%v == 32` on this edge"), `llvm.assume` calls in the blocks
//! passed, constants, phis, and operations with one constant operand
//! (`add`, `sub`, `and`, `or`, casts, compares), read in both directions:
//! `%v == 32` says `%v + 64` is 96, and `%v + 64 == 96` says `%v` is 32;
//! `n > 10` leaves only `n > 5` true. An `nsw` or `nuw` `add` excludes the
//! results that would wrap, so `iv + 1` of an `iv >= 0` is positive.
//!
//! Every fact holds at a program point for every execution that reaches it
//! without undefined behaviour (a branch on poison is), so the facts of the
//! instance of a value that reaches a point are read, whatever the path:
//! the backward walk from a block stops at the block defining the value,
//! where its definition says what it is. A value unknown, a block whose
//! predecessors are not all known, a cycle back to a question being
//! answered: the full set, never less.
//!
//! Linear and bounded: one [`Facts`] answers questions about one block's
//! terminator and remembers its answers; it evaluates at most [`BUDGET`]
//! (value, block) pairs in all, after which everything is unknown; logic,
//! compares and operations are followed [`DEPTH`] levels deep. A `freeze`
//! is never seen through (its operand may be poison where a branch
//! decided it).

use opt_conv_ir::analysis::Cfg;
use opt_conv_ir::constant::mask;
use opt_conv_ir::inst::{BinOp, CastOp, IntFlags, IntPred};
use opt_conv_ir::{Block, Function, InstKind, Module, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The intervals of a [`Range`] (most sets have one or two).
type Pieces = SmallVec<[(u128, u128); 2]>;

/// Widest integers tracked.
const MAX_BITS: u32 = 64;
/// Most intervals a set keeps (the closest ones merge beyond that).
const PIECES: usize = 6;
/// How deep conditions and operations are followed.
const DEPTH: u32 = 4;
/// How many (value, block) pairs one [`Facts`] may evaluate.
pub const BUDGET: u32 = 64;

/// A set of `bits`-wide integers: sorted, disjoint, inclusive intervals.
#[derive(Debug, PartialEq, Eq)]
pub struct Range {
    bits: u32,
    ivs: Pieces,
}

impl Clone for Range {
    // The intervals are plain data: copied as a slice (the generic clone
    // of a small vector goes element by element).
    fn clone(&self) -> Range {
        Range { bits: self.bits, ivs: Pieces::from_slice(&self.ivs) }
    }
}

impl Range {
    fn max_of(bits: u32) -> u128 {
        mask(u128::MAX, bits)
    }
    fn smin_of(bits: u32) -> u128 {
        1u128 << (bits - 1)
    }
    /// Every value.
    pub fn full(bits: u32) -> Range {
        Range { bits, ivs: smallvec::smallvec![(0, Self::max_of(bits))] }
    }
    /// No value.
    pub fn empty(bits: u32) -> Range {
        Range { bits, ivs: Pieces::new() }
    }
    /// One value.
    pub fn single(bits: u32, v: u128) -> Range {
        let v = mask(v, bits);
        Range { bits, ivs: smallvec::smallvec![(v, v)] }
    }
    /// `lo`, `lo + 1`, ... up to `hi`, wrapping round.
    fn wrapping(bits: u32, lo: u128, hi: u128) -> Range {
        let (lo, hi) = (mask(lo, bits), mask(hi, bits));
        if lo <= hi {
            Range { bits, ivs: smallvec::smallvec![(lo, hi)] }
        } else {
            Self::from_pieces(bits, smallvec::smallvec![(0, hi), (lo, Self::max_of(bits))])
        }
    }
    fn from_pieces(bits: u32, mut ivs: Pieces) -> Range {
        if ivs.len() <= 1 {
            // Nothing to sort, merge or close.
            return Range { bits, ivs };
        }
        ivs.sort_unstable();
        let mut out = Pieces::new();
        for (lo, hi) in ivs {
            match out.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
        // Too many pieces: close the smallest gap (a superset).
        while out.len() > PIECES {
            let k = (1..out.len()).min_by_key(|&k| out[k].0 - out[k - 1].1).expect("several pieces");
            out[k - 1].1 = out[k].1;
            out.remove(k);
        }
        Range { bits, ivs: out }
    }
    /// Whether every value is in the set.
    pub fn is_full(&self) -> bool {
        self.ivs[..] == [(0, Self::max_of(self.bits))]
    }
    /// Whether no value is.
    pub fn is_empty(&self) -> bool {
        self.ivs.is_empty()
    }
    /// The one value of the set, if it has exactly one.
    pub fn single_value(&self) -> Option<u128> {
        match self.ivs[..] {
            [(lo, hi)] if lo == hi => Some(lo),
            _ => None,
        }
    }
    /// The values in both.
    pub fn intersect(&self, o: &Range) -> Range {
        if o.is_full() {
            return self.clone();
        }
        if self.is_empty() || o.is_empty() {
            return Range::empty(self.bits);
        }
        let mut out = Pieces::new();
        for &(a, b) in &self.ivs {
            for &(c, d) in &o.ivs {
                let (lo, hi) = (a.max(c), b.min(d));
                if lo <= hi {
                    out.push((lo, hi));
                }
            }
        }
        Self::from_pieces(self.bits, out)
    }
    /// The values in either.
    pub fn union(&self, o: &Range) -> Range {
        // What `from_pieces` would give: every range is kept sorted,
        // disjoint and with gaps between its intervals.
        if self.bits == o.bits {
            if self.is_empty() {
                return o.clone();
            }
            if o.is_empty() {
                return self.clone();
            }
        }
        Self::from_pieces(self.bits, self.ivs.iter().chain(&o.ivs).copied().collect())
    }
    fn subset_of(&self, o: &Range) -> bool {
        self.intersect(o) == *self
    }
    /// Every value plus `k`, wrapping.
    fn shift(&self, k: u128) -> Range {
        let max = Self::max_of(self.bits);
        let mut out = Pieces::new();
        for &(lo, hi) in &self.ivs {
            if lo == 0 && hi == max {
                return self.clone();
            }
            let (nlo, nhi) = (mask(lo.wrapping_add(k), self.bits), mask(hi.wrapping_add(k), self.bits));
            if nlo <= nhi {
                out.push((nlo, nhi));
            } else {
                out.push((nlo, max));
                out.push((0, nhi));
            }
        }
        Self::from_pieces(self.bits, out)
    }
    /// The `bits`-wide values `x` with `x pred c`.
    pub fn region(pred: IntPred, c: u128, bits: u32) -> Range {
        let (max, smin) = (Self::max_of(bits), Self::smin_of(bits));
        let smax = smin - 1;
        let c = mask(c, bits);
        let below = |lo: u128, limit: u128| {
            if c == limit { Self::empty(bits) } else { Self::wrapping(bits, lo, c.wrapping_sub(1)) }
        };
        let above =
            |hi: u128, limit: u128| if c == limit { Self::empty(bits) } else { Self::wrapping(bits, c + 1, hi) };
        match pred {
            IntPred::Eq => Self::single(bits, c),
            IntPred::Ne => {
                if bits == 1 {
                    Self::single(bits, c ^ 1)
                } else {
                    Self::wrapping(bits, c.wrapping_add(1), c.wrapping_sub(1))
                }
            }
            IntPred::Ult => below(0, 0),
            IntPred::Ule => Self::wrapping(bits, 0, c),
            IntPred::Ugt => above(max, max),
            IntPred::Uge => Self::wrapping(bits, c, max),
            IntPred::Slt => below(smin, smin),
            IntPred::Sle => Self::wrapping(bits, smin, c),
            IntPred::Sgt => above(smax, smax),
            IntPred::Sge => Self::wrapping(bits, c, smax),
        }
    }
    /// Whether `x pred c` holds for every `x` of the set (`Some(true)`),
    /// for none (`Some(false)`), or depends. An empty set (a point no
    /// execution reaches) decides nothing.
    pub fn decide(&self, pred: IntPred, c: u128) -> Option<bool> {
        if self.is_empty() {
            return None;
        }
        let r = Self::region(pred, c, self.bits);
        if self.subset_of(&r) {
            Some(true)
        } else if self.intersect(&r).is_empty() {
            Some(false)
        } else {
            None
        }
    }
    /// The same values at another width (all below `2^bits`).
    fn rewidth(&self, bits: u32) -> Range {
        Range { bits, ivs: Pieces::from_slice(&self.ivs) }
    }
}

/// The answers about one function as it is, for one block's questions.
pub struct Facts<'a> {
    m: &'a Module,
    f: &'a Function,
    cfg: &'a Cfg,
    /// The answers so far, by (value, block): at most [`BUDGET`], so lists
    /// searched in order (a hash table was grown for each question).
    memo_keys: Vec<(Value, Block)>,
    memo: Vec<Range>,
    /// The (value, block) pairs being evaluated, innermost last.
    busy: Vec<(Value, Block)>,
    budget: u32,
    /// The conditions of the `llvm.assume` calls of each block seen.
    assumes: FxHashMap<Block, Vec<Value>>,
    /// Whether the function has `llvm.assume` calls at all.
    any_assumes: bool,
    /// Whether a pointer that memory is accessed through (or through a
    /// `getelementptr` of it) is not null after the access: in address
    /// space 0 of a function without `null_pointer_is_valid`.
    derefs: bool,
}

impl<'a> Facts<'a> {
    /// No question answered yet.
    pub fn new(m: &'a Module, f: &'a Function, cfg: &'a Cfg) -> Facts<'a> {
        Facts {
            m,
            f,
            cfg,
            memo_keys: Vec::new(),
            memo: Vec::new(),
            busy: Vec::new(),
            budget: BUDGET,
            assumes: FxHashMap::default(),
            any_assumes: true,
            derefs: false,
        }
    }

    /// Whether the function may have `llvm.assume` calls (`false` spares
    /// looking for them in every block).
    pub fn assumptions(mut self, any: bool) -> Self {
        self.any_assumes = any;
        self
    }

    /// Pointers accessed in a block are not null at its end (LLVM's
    /// dereference fact), when null is not a valid address in the function.
    pub fn derefs_nonnull(mut self, yes: bool) -> Self {
        self.derefs = yes;
        self
    }

    /// Whether memory is accessed in `x` through `v` (or a `getelementptr`
    /// of it), so that `v` is not null at the end of `x`.
    fn dereferenced(&self, v: Value, x: Block) -> bool {
        let f = self.f;
        if !self.derefs || f.dfg().value_type(v) != opt_conv_ir::Type::PTR {
            return false;
        }
        f.block_insts(x).any(|i| {
            let d = f.dfg().inst(i);
            let mut ptr = match d.kind {
                InstKind::Load { .. } => d.args[0],
                InstKind::Store { .. } => d.args[1],
                _ => return false,
            };
            for _ in 0..DEPTH {
                if ptr == v {
                    return true;
                }
                match f.dfg().value_inst(ptr).map(|g| f.dfg().inst(g)) {
                    Some(g) if matches!(g.kind, InstKind::Gep { .. }) => ptr = g.args[0],
                    _ => return false,
                }
            }
            ptr == v
        })
    }

    /// The width a value is tracked at: integers up to [`MAX_BITS`], and
    /// pointers as 64-bit numbers of which only null (0) is ever known.
    fn bits(&self, v: Value) -> Option<u32> {
        let ty = self.f.dfg().value_type(v);
        match self.m.types.int_bits(ty) {
            Some(b) if (1..=MAX_BITS).contains(&b) => Some(b),
            Some(_) => None,
            None => self.m.types.is_ptr(ty).then_some(64),
        }
    }

    fn is_ptr(&self, v: Value) -> bool {
        self.m.types.is_ptr(self.f.dfg().value_type(v))
    }

    /// The integer a constant is (null for a pointer); `None` for any other
    /// constant or a non-constant.
    fn konst(&self, v: Value) -> Option<u128> {
        let c = self.f.dfg().value_const(v)?;
        if self.m.types.is_ptr(c.ty) {
            return c.is_zero_value().then_some(0);
        }
        c.as_int()
    }

    fn def_block(&self, v: Value) -> Option<Block> {
        self.f.dfg().value_inst(v).and_then(|i| self.f.layout().inst_block(i))
    }

    /// The values `v` may have at the end of `x`.
    pub fn at_end(&mut self, v: Value, x: Block) -> Range {
        let Some(bits) = self.bits(v) else { return Range::full(1) };
        if let Some(k) = self.konst(v) {
            return Range::single(bits, k);
        }
        if self.f.dfg().value_const(v).is_some() {
            return Range::full(bits);
        }
        let key = (v, x);
        if let Some(k) = self.memo_keys.iter().position(|&e| e == key) {
            return self.memo[k].clone();
        }
        if self.budget == 0 || self.busy.contains(&key) {
            return Range::full(bits);
        }
        self.busy.push(key);
        self.budget -= 1;
        let mut r = if self.def_block(v) == Some(x) { self.eval_def(v, x) } else { self.at_start(v, x, bits) };
        if self.any_assumes {
            r = r.intersect(&self.assumed(v, x, bits));
        }
        if self.dereferenced(v, x) {
            r = r.intersect(&Range::region(IntPred::Ne, 0, bits));
        }
        let done = self.busy.pop();
        debug_assert_eq!(done, Some(key), "evaluations nest");
        // Evaluated once: a pair is busy while evaluated, then remembered.
        self.memo_keys.push(key);
        self.memo.push(r.clone());
        r
    }

    /// The values `v` (defined elsewhere) may have on entry to `x`: those
    /// it may have on any edge in.
    fn at_start(&mut self, v: Value, x: Block, bits: u32) -> Range {
        let cfg = self.cfg;
        let preds = cfg.preds(x);
        if preds.is_empty() || self.f.entry_block() == Some(x) {
            return Range::full(bits);
        }
        let mut r = Range::empty(bits);
        for (k, &q) in preds.iter().enumerate() {
            // Each predecessor once (every earlier one was asked).
            if preds[..k].contains(&q) {
                continue;
            }
            r = r.union(&self.on_edge(v, q, x));
            if r.is_full() {
                break;
            }
        }
        r
    }

    /// The values `v` may have on the edge `q -> x`.
    pub fn on_edge(&mut self, v: Value, q: Block, x: Block) -> Range {
        let Some(bits) = self.bits(v) else { return Range::full(1) };
        let known = self.edge_condition(v, q, x, bits);
        if known.is_empty() {
            // The edge is never taken (or its condition is poison).
            return known;
        }
        self.at_end(v, q).intersect(&known)
    }

    /// What the terminator of `q` says of `v` when it goes to `x`.
    fn edge_condition(&mut self, v: Value, q: Block, x: Block, bits: u32) -> Range {
        let Some(t) = self.f.terminator(q) else { return Range::full(bits) };
        let d = self.f.dfg().inst(t);
        if d.is_cond_br() {
            if d.blocks[0] == d.blocks[1] {
                return Range::full(bits);
            }
            let (c, taken) = (d.args[0], d.blocks[0] == x);
            return self.constraint(v, c, taken, DEPTH);
        }
        if d.kind == InstKind::Switch {
            let s = d.args[0];
            let Some(sbits) = self.bits(s) else { return Range::full(bits) };
            let cases: Vec<(Option<u128>, Block)> =
                d.args[1..].iter().zip(&d.blocks[1..]).map(|(&c, &b)| (self.konst(c), b)).collect();
            let region = if d.blocks[0] == x {
                // The default: every case that goes elsewhere is excluded.
                let mut r = Range::full(sbits);
                for (c, b) in &cases {
                    if *b != x
                        && let Some(c) = c
                    {
                        r = r.intersect(&Range::region(IntPred::Ne, *c, sbits));
                    }
                }
                r
            } else {
                let mut r = Range::empty(sbits);
                for (c, b) in &cases {
                    if *b == x {
                        match c {
                            Some(c) => r = r.union(&Range::single(sbits, *c)),
                            None => return Range::full(bits),
                        }
                    }
                }
                r
            };
            return self.related(v, s, region, DEPTH);
        }
        Range::full(bits)
    }

    /// What the conditions of the `llvm.assume` calls of `x` say of `v`.
    fn assumed(&mut self, v: Value, x: Block, bits: u32) -> Range {
        if !self.any_assumes {
            return Range::full(bits);
        }
        let conds = match self.assumes.get(&x) {
            Some(c) => c.clone(),
            None => {
                let f = self.f;
                let c: Vec<Value> = f
                    .block_insts(x)
                    .filter_map(|i| {
                        let d = f.dfg().inst(i);
                        let callee = opt_conv_legality::convergence::callee_decl(self.m, f, d)?;
                        (&*callee.name == "llvm.assume").then(|| d.call_args().first().copied()).flatten()
                    })
                    .collect();
                self.assumes.insert(x, c.clone());
                c
            }
        };
        let mut r = Range::full(bits);
        for c in conds {
            r = r.intersect(&self.constraint(v, c, true, DEPTH));
        }
        r
    }

    /// What `c` (an `i1`) being `cv` says of `v`.
    fn constraint(&mut self, v: Value, c: Value, cv: bool, depth: u32) -> Range {
        let Some(bits) = self.bits(v) else { return Range::full(1) };
        if c == v {
            return Range::single(1, u128::from(cv));
        }
        if depth == 0 {
            return Range::full(bits);
        }
        let f = self.f;
        let Some(i) = f.dfg().value_inst(c) else { return Range::full(bits) };
        let d = f.dfg().inst(i);
        let konst = |x: Value| f.dfg().value_const(x).and_then(|k| k.as_int());
        // `and`/`or` of conditions, the logical `select` forms, negation.
        let logic = match d.kind {
            InstKind::Binary { op: BinOp::And, .. } if self.bits(c) == Some(1) => Some((true, d.args[0], d.args[1])),
            InstKind::Binary { op: BinOp::Or, .. } if self.bits(c) == Some(1) => Some((false, d.args[0], d.args[1])),
            InstKind::Select { .. } if self.bits(c) == Some(1) => match (konst(d.args[1]), konst(d.args[2])) {
                (_, Some(0)) => Some((true, d.args[0], d.args[1])),
                (Some(1), _) => Some((false, d.args[0], d.args[2])),
                _ => None,
            },
            InstKind::Binary { op: BinOp::Xor, .. } if self.bits(c) == Some(1) => {
                if konst(d.args[1]) == Some(1) {
                    return self.constraint(v, d.args[0], !cv, depth - 1);
                }
                if konst(d.args[0]) == Some(1) {
                    return self.constraint(v, d.args[1], !cv, depth - 1);
                }
                None
            }
            _ => None,
        };
        if let Some((is_and, a, b)) = logic {
            let (ra, rb) = (self.constraint(v, a, cv, depth - 1), self.constraint(v, b, cv, depth - 1));
            // An `and` true (an `or` false): both hold; else either.
            return if is_and == cv { ra.intersect(&rb) } else { ra.union(&rb) };
        }
        if let InstKind::ICmp { pred, .. } = d.kind {
            let pred = if cv { pred } else { pred.inverse() };
            let (a, b) = (d.args[0], d.args[1]);
            let (pred, x, k) = match (self.konst(a), self.konst(b)) {
                (None, Some(k)) => (pred, a, k),
                (Some(k), None) => (pred.swapped(), b, k),
                _ => return Range::full(bits),
            };
            // Pointers are only known null or not.
            if self.is_ptr(x) && !matches!(pred, IntPred::Eq | IntPred::Ne) {
                return Range::full(bits);
            }
            let Some(xbits) = self.bits(x) else { return Range::full(bits) };
            return self.related(v, x, Range::region(pred, k, xbits), depth - 1);
        }
        Range::full(bits)
    }

    /// What `a` being in `r` says of `v`: the same set if `v` is `a`, else
    /// through an operation of one of them on the other (and constants).
    fn related(&mut self, v: Value, a: Value, r: Range, depth: u32) -> Range {
        let Some(bits) = self.bits(v) else { return Range::full(1) };
        if v == a {
            return r;
        }
        if depth == 0 {
            return Range::full(bits);
        }
        // `a` an operation of `y`: what `y` is then.
        if let Some((y, ry)) = self.invert(a, &r) {
            let k = self.related(v, y, ry, depth - 1);
            if !k.is_full() {
                return k;
            }
        }
        // `v` an operation of `y`: what `y` is, then `v`.
        if let Some(y) = self.only_operand(v) {
            let ry = self.related(y, a, r, depth - 1);
            if !ry.is_full() {
                return self.forward(v, &ry);
            }
        }
        Range::full(bits)
    }

    /// The one non-constant operand of `v`, an operation [`Self::forward`]
    /// evaluates.
    fn only_operand(&self, v: Value) -> Option<Value> {
        let d = self.f.dfg().inst(self.f.dfg().value_inst(v)?);
        let ok = match d.kind {
            InstKind::Binary { op, .. } => {
                matches!(op, BinOp::Add | BinOp::Sub | BinOp::And | BinOp::Or | BinOp::Xor) && self.bits(v).is_some()
            }
            InstKind::ICmp { .. } => true,
            InstKind::Cast { op, .. } => matches!(op, CastOp::ZExt | CastOp::SExt | CastOp::Trunc),
            _ => false,
        };
        if !ok || d.args.len() != 2 && !matches!(d.kind, InstKind::Cast { .. }) {
            return None;
        }
        let mut vars = d.args.iter().copied().filter(|&x| self.konst(x).is_none());
        match (vars.next(), vars.next()) {
            (Some(y), None) if self.bits(y).is_some() && self.f.dfg().value_const(y).is_none() => Some(y),
            _ => None,
        }
    }

    /// `v`, an operation of one variable (see [`Self::only_operand`]),
    /// when that variable is in `ry`.
    fn forward(&self, v: Value, ry: &Range) -> Range {
        let Some(bits) = self.bits(v) else { return Range::full(1) };
        let full = Range::full(bits);
        if ry.is_empty() {
            return Range::empty(bits);
        }
        let Some(i) = self.f.dfg().value_inst(v) else { return full };
        let d = self.f.dfg().inst(i);
        let konst = |k: usize| self.konst(d.args[k]);
        match d.kind {
            InstKind::Binary { op, flags, .. } => {
                let (k, var_left) = match (konst(0), konst(1)) {
                    (None, Some(k)) => (k, true),
                    (Some(k), None) => (k, false),
                    _ => return full,
                };
                let smin = Range::smin_of(bits);
                let max = Range::max_of(bits);
                match op {
                    BinOp::Add | BinOp::Sub if op == BinOp::Add || var_left => {
                        let k = if op == BinOp::Add { k } else { mask(k.wrapping_neg(), bits) };
                        let mut r = ry.shift(k);
                        if k == 0 {
                            return r;
                        }
                        let negative = k >= smin;
                        // The results a wrap would give are poison.
                        if flags.contains(IntFlags::NUW) {
                            r = r.intersect(&if op == BinOp::Add {
                                Range::region(IntPred::Uge, k, bits)
                            } else {
                                Range::region(IntPred::Ule, max.wrapping_add(k) & max, bits)
                            });
                        }
                        // (`y - MIN` does not wrap where `y + MIN` does.)
                        let sub_min = op == BinOp::Sub && k == smin;
                        if flags.contains(IntFlags::NSW) && bits > 1 && !sub_min {
                            r = r.intersect(&if negative {
                                Range::region(IntPred::Sle, (smin - 1).wrapping_add(k) & max, bits)
                            } else {
                                Range::region(IntPred::Sge, smin.wrapping_add(k) & max, bits)
                            });
                        }
                        r
                    }
                    BinOp::And => match ry.single_value() {
                        Some(y) => Range::single(bits, y & k),
                        None => Range::region(IntPred::Ule, k, bits),
                    },
                    BinOp::Or if !flags.contains(IntFlags::DISJOINT) => match ry.single_value() {
                        Some(y) => Range::single(bits, y | k),
                        None => Range::region(IntPred::Uge, k, bits),
                    },
                    BinOp::Xor => match ry.single_value() {
                        Some(y) => Range::single(bits, y ^ k),
                        None => full,
                    },
                    _ => full,
                }
            }
            InstKind::ICmp { pred, .. } => {
                let decided = match (konst(0), konst(1)) {
                    (None, Some(k)) => ry.decide(pred, k),
                    (Some(k), None) => ry.decide(pred.swapped(), k),
                    _ => None,
                };
                // `samesign` is poison where the signs differ: only a
                // compare of one sign's values is decided.
                match decided {
                    Some(b) => Range::single(1, u128::from(b)),
                    None => full,
                }
            }
            InstKind::Cast { op, .. } => {
                let ybits = ry.bits;
                match op {
                    CastOp::ZExt => ry.rewidth(bits),
                    CastOp::SExt => {
                        let ysmin = Range::smin_of(ybits);
                        let up = Range::max_of(bits) - Range::max_of(ybits);
                        let pieces = ry
                            .intersect(&Range::wrapping(ybits, 0, ysmin - 1))
                            .ivs
                            .into_iter()
                            .chain(
                                ry.intersect(&Range::wrapping(ybits, ysmin, Range::max_of(ybits)))
                                    .ivs
                                    .into_iter()
                                    .map(|(lo, hi)| (lo + up, hi + up)),
                            )
                            .collect();
                        Range::from_pieces(bits, pieces)
                    }
                    CastOp::Trunc => {
                        if ry.subset_of(&Range::wrapping(ybits, 0, Range::max_of(bits))) {
                            ry.rewidth(bits)
                        } else if let Some(y) = ry.single_value() {
                            Range::single(bits, y)
                        } else {
                            full
                        }
                    }
                    _ => full,
                }
            }
            _ => full,
        }
    }

    /// `a` being in `r`, where `a` is an operation of one variable `y` that
    /// can be undone: what `y` is.
    fn invert(&self, a: Value, r: &Range) -> Option<(Value, Range)> {
        let y = self.only_operand(a)?;
        let d = self.f.dfg().inst(self.f.dfg().value_inst(a)?);
        let bits = self.bits(a)?;
        match d.kind {
            InstKind::Binary { op: op @ (BinOp::Add | BinOp::Sub | BinOp::Xor), .. } => {
                let (k, var_left) = match (self.konst(d.args[0]), self.konst(d.args[1])) {
                    (None, Some(k)) => (k, true),
                    (Some(k), None) => (k, false),
                    _ => return None,
                };
                match op {
                    // `y + k` in r: y in r - k (a wrap, where flags forbid it, is poison).
                    BinOp::Add => Some((y, r.shift(mask(k.wrapping_neg(), bits)))),
                    BinOp::Sub if var_left => Some((y, r.shift(k))),
                    BinOp::Xor => r.single_value().map(|x| (y, Range::single(bits, x ^ k))),
                    _ => None,
                }
            }
            InstKind::Cast { op: CastOp::ZExt, .. } => {
                let ybits = self.bits(y)?;
                Some((y, r.intersect(&Range::wrapping(bits, 0, Range::max_of(ybits))).rewidth(ybits)))
            }
            _ => None,
        }
    }

    /// `v`, defined in `x`, from what its operands are there.
    fn eval_def(&mut self, v: Value, x: Block) -> Range {
        let Some(bits) = self.bits(v) else { return Range::full(1) };
        let f = self.f;
        let Some(i) = f.dfg().value_inst(v) else { return Range::full(bits) };
        let d = f.dfg().inst(i);
        match d.kind {
            InstKind::Phi { .. } => {
                let mut r = Range::empty(bits);
                for (k, (&a, &q)) in d.args.iter().zip(&d.blocks).enumerate() {
                    // Each predecessor once (every earlier one was asked).
                    if d.blocks[..k].contains(&q) {
                        continue;
                    }
                    r = r.union(&self.on_edge(a, q, x));
                    if r.is_full() {
                        break;
                    }
                }
                r
            }
            // A load of a pointer marked `!nonnull` is poison if null.
            InstKind::Load { .. } if self.is_ptr(v) && f.dfg().inst_md(i, "nonnull").is_some() => {
                Range::region(IntPred::Ne, 0, bits)
            }
            InstKind::Select { .. } => {
                let (c, t, e) = (d.args[0], d.args[1], d.args[2]);
                match self.at_end(c, x).single_value() {
                    Some(1) => self.at_end(t, x),
                    Some(_) => self.at_end(e, x),
                    None => self.at_end(t, x).union(&self.at_end(e, x)),
                }
            }
            InstKind::ICmp { pred, .. } => {
                let (a, b) = (d.args[0], d.args[1]);
                if self.is_ptr(a) && !matches!(pred, IntPred::Eq | IntPred::Ne) {
                    return Range::full(1);
                }
                let (ra, rb) = (self.at_end(a, x), self.at_end(b, x));
                let decided = match (ra.single_value(), rb.single_value()) {
                    (_, Some(k)) if ra.bits == rb.bits => ra.decide(pred, k),
                    (Some(k), _) if ra.bits == rb.bits => rb.decide(pred.swapped(), k),
                    _ => None,
                };
                decided.map_or(Range::full(1), |b| Range::single(1, u128::from(b)))
            }
            InstKind::Binary { op: op @ (BinOp::And | BinOp::Or), .. } if bits == 1 => {
                let (ra, rb) = (self.at_end(d.args[0], x), self.at_end(d.args[1], x));
                let (a, b) = (ra.single_value(), rb.single_value());
                let out = match (op, a, b) {
                    (BinOp::And, Some(0), _) | (BinOp::And, _, Some(0)) => Some(0),
                    (BinOp::Or, Some(1), _) | (BinOp::Or, _, Some(1)) => Some(1),
                    (_, Some(a), Some(b)) => Some(if op == BinOp::And { a & b } else { a | b }),
                    _ => None,
                };
                out.map_or(Range::full(1), |k| Range::single(1, k))
            }
            _ => match self.only_operand(v) {
                Some(y) => {
                    let ry = self.at_end(y, x);
                    self.forward(v, &ry)
                }
                None => Range::full(bits),
            },
        }
    }

    /// The integer `v` is on the edge `p -> b` (as the branch or switch of
    /// `b` reads it), if the facts leave one value: a value of `b` is
    /// evaluated from its operands on the edge (a phi from its incoming
    /// value); the `llvm.assume` calls of `b` hold there too.
    pub fn int_on_edge(&mut self, v: Value, p: Block, b: Block) -> Option<u128> {
        self.edge_value(v, p, b, DEPTH).single_value()
    }

    fn edge_value(&mut self, v: Value, p: Block, b: Block, depth: u32) -> Range {
        let Some(bits) = self.bits(v) else { return Range::full(1) };
        let f = self.f;
        let here = f.dfg().value_inst(v).filter(|&i| f.layout().inst_block(i) == Some(b));
        let r = match here {
            None => self.on_edge(v, p, b),
            Some(i) => {
                let d = f.dfg().inst(i);
                match d.kind {
                    InstKind::Phi { .. } => match d.blocks.iter().position(|&q| q == p) {
                        Some(k) => {
                            let a = d.args[k];
                            // A value of `b` coming round: the previous instance.
                            if self.def_block(a) == Some(b) { self.at_end(a, p) } else { self.on_edge(a, p, b) }
                        }
                        None => Range::full(bits),
                    },
                    _ if depth == 0 => Range::full(bits),
                    InstKind::ICmp { pred, .. } => {
                        let (a, c) = (d.args[0], d.args[1]);
                        if self.is_ptr(a) && !matches!(pred, IntPred::Eq | IntPred::Ne) {
                            return Range::full(1);
                        }
                        let (ra, rc) = (self.edge_value(a, p, b, depth - 1), self.edge_value(c, p, b, depth - 1));
                        let decided = match (ra.single_value(), rc.single_value()) {
                            (_, Some(k)) if ra.bits == rc.bits => ra.decide(pred, k),
                            (Some(k), _) if ra.bits == rc.bits => rc.decide(pred.swapped(), k),
                            _ => None,
                        };
                        decided.map_or(Range::full(1), |x| Range::single(1, u128::from(x)))
                    }
                    _ => match self.only_operand(v) {
                        Some(y) => {
                            let ry = self.edge_value(y, p, b, depth - 1);
                            self.forward(v, &ry)
                        }
                        // What it is whichever the edge (a load marked
                        // `!nonnull`, a select).
                        None => self.at_end(v, b),
                    },
                }
            }
        };
        // (Without assumptions: every value, and the intersection `r`.)
        if self.any_assumes { r.intersect(&self.assumed(v, b, bits)) } else { r }
    }
}

/// Fills the edges of [`super::known::int_on_edges`] on which `v` is not
/// known with what `facts` say ([`Facts::int_on_edge`]).
pub fn fill(mut facts: Facts<'_>, v: Value, b: Block, edges: &mut [(Block, Option<u128>)]) {
    if edges.iter().all(|e| e.1.is_some()) || facts.bits(v).is_none() {
        return;
    }
    for e in edges.iter_mut().filter(|e| e.1.is_none()) {
        e.1 = facts.int_on_edge(v, e.0, b);
    }
}

#[cfg(test)]
mod tests {
    use super::{Facts, Range};
    use opt_conv_ir::analysis::FunctionAnalyses;
    use opt_conv_ir::inst::IntPred;
    use opt_conv_ir::parse_module;

    /// The value of `%c` on the edge `from -> to` in `@f` of `src`.
    fn on_edge(src: &str, v: &str, from: &str, to: &str) -> Option<u128> {
        let (m, _) = parse_module("t.ll", src).unwrap();
        let f = m.body(m.func_by_name("f").unwrap()).unwrap();
        let (p, b) = (f.block_by_name(from).unwrap(), f.block_by_name(to).unwrap());
        let val = f
            .inst_by_name(v)
            .and_then(|i| f.dfg().inst_result(i))
            .or_else(|| f.params().iter().copied().find(|&x| f.dfg().value_name(x) == Some(v)))
            .unwrap();
        let cfg = f.cfg();
        Facts::new(&m, f, &cfg).int_on_edge(val, p, b)
    }

    /// Unions and intersections with an empty set (shortcuts) are what
    /// the general merge of intervals gives.
    #[test]
    fn shortcuts_agree_with_the_merge() {
        let sets = [
            Range::empty(8),
            Range::full(8),
            Range::single(8, 7),
            Range::region(IntPred::Ne, 0, 8),
            Range::region(IntPred::Ult, 10, 8).union(&Range::region(IntPred::Ugt, 200, 8)),
            Range::region(IntPred::Ne, 5, 8).intersect(&Range::region(IntPred::Ne, 9, 8)),
        ];
        for a in &sets {
            for b in &sets {
                let merged = Range::from_pieces(8, a.ivs.iter().chain(&b.ivs).copied().collect());
                assert_eq!(a.union(b), merged, "{a:?} | {b:?}");
                let mut both = super::Pieces::new();
                for &(x, y) in &a.ivs {
                    for &(z, w) in &b.ivs {
                        if x.max(z) <= y.min(w) {
                            both.push((x.max(z), y.min(w)));
                        }
                    }
                }
                assert_eq!(a.intersect(b), Range::from_pieces(8, both), "{a:?} & {b:?}");
                assert_eq!(a.clone(), Range::from_pieces(8, a.ivs.clone()));
            }
        }
    }

    #[test]
    fn ranges() {
        let r = Range::region(IntPred::Sgt, 10, 32);
        assert_eq!(r.decide(IntPred::Sgt, 5), Some(true));
        assert_eq!(r.decide(IntPred::Slt, 0), Some(false));
        assert_eq!(r.decide(IntPred::Ugt, 100), None);
        let ne = Range::region(IntPred::Ne, 0, 8);
        assert_eq!(ne.decide(IntPred::Eq, 0), Some(false));
        assert_eq!(Range::region(IntPred::Slt, 0, 8).decide(IntPred::Ugt, 127), Some(true));
        // Shifting wraps round.
        assert_eq!(Range::region(IntPred::Uge, 250, 8).shift(10).decide(IntPred::Ult, 10), Some(true));
        assert_eq!(Range::region(IntPred::Ne, 1, 1), Range::single(1, 0));
    }

    /// An equality tested before decides an offset of the value; and the
    /// other way round.
    #[test]
    fn equalities_through_offsets() {
        let src = "define void @f(i32 %v) {\n\
            entry:\n  %c = icmp eq i32 %v, 32\n  %add = add i32 %v, 64\n  br i1 %c, label %a, label %exit\n\
            a:\n  %back = sub i32 %add, 64\n  br label %b\n\
            b:\n  %t = icmp ugt i32 %add, 95\n  br label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(on_edge(src, "add", "entry", "a"), Some(96));
        assert_eq!(on_edge(src, "add", "entry", "exit"), None);
        assert_eq!(on_edge(src, "t", "a", "b"), Some(1));
        assert_eq!(on_edge(src, "back", "a", "b"), Some(32));
        let inverse = "define void @f(i32 %v) {\n\
            entry:\n  %add = add i32 %v, 64\n  %c = icmp eq i32 %add, 96\n  br i1 %c, label %a, label %exit\n\
            a:\n  br label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(on_edge(inverse, "v", "entry", "a"), Some(32));
    }

    /// Assumptions and compares with constants: `x > 5` decides `x > 3`.
    #[test]
    fn assumptions_decide_compares() {
        let src = "define void @f(i32 %x) {\n\
            entry:\n  %g = icmp sgt i32 %x, 5\n  call void @llvm.assume(i1 %g)\n  br label %b\n\
            b:\n  %t = icmp sgt i32 %x, 3\n  br i1 %t, label %exit, label %exit\n\
            exit:\n  ret void\n}\n\
            declare void @llvm.assume(i1)\n";
        assert_eq!(on_edge(src, "t", "entry", "b"), Some(1));
        let weaker = src.replace("sgt i32 %x, 3", "sgt i32 %x, 7");
        assert_eq!(on_edge(&weaker, "t", "entry", "b"), None);
    }

    /// An `nsw` induction from 0 that only goes on while non-negative.
    #[test]
    fn nsw_induction() {
        let src = "define void @f(i32 %n) {\n\
            entry:\n  br label %loop\n\
            loop:\n  %iv = phi i32 [ 0, %entry ], [ %next, %latch ]\n  %c = icmp sge i32 %iv, 0\n\
              br i1 %c, label %latch, label %exit\n\
            latch:\n  %next = add nsw i32 %iv, 1\n  %go = icmp slt i32 %next, %n\n\
              br i1 %go, label %loop, label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(on_edge(src, "c", "latch", "loop"), Some(1));
        assert_eq!(on_edge(src, "c", "entry", "loop"), Some(1));
        // Without `nsw`, iv + 1 may wrap to the minimum.
        assert_eq!(on_edge(&src.replace("add nsw", "add"), "c", "latch", "loop"), None);
    }

    /// `y - MIN` with `nsw` does not wrap for a negative `y`, where
    /// `y + MIN` would: its results are the non-negative values.
    #[test]
    fn nsw_sub_of_the_minimum() {
        let src = "define void @f(i8 %y) {\n\
            entry:\n  %neg = icmp slt i8 %y, 0\n  br i1 %neg, label %a, label %exit\n\
            a:\n  %r = sub nsw i8 %y, -128\n  %c = icmp sge i8 %r, 0\n  br label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(on_edge(src, "c", "a", "exit"), Some(1));
        let add = src.replace("sub nsw i8 %y, -128", "add nsw i8 %y, 100");
        assert_eq!(on_edge(&add, "c", "a", "exit"), None);
    }

    /// A switch's cases and default say what the value is on each edge.
    #[test]
    fn switch_edges() {
        let src = "define void @f(i8 %x) {\n\
            entry:\n  switch i8 %x, label %d [ i8 1, label %one\n i8 2, label %d ]\n\
            one:\n  %y = zext i8 %x to i32\n  br label %exit\n\
            d:\n  %c = icmp eq i8 %x, 1\n  br label %exit\n\
            exit:\n  ret void\n}\n";
        assert_eq!(on_edge(src, "y", "one", "exit"), Some(1));
        assert_eq!(on_edge(src, "c", "entry", "d"), Some(0));
    }
}

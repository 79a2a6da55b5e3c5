//! Value equivalence of instructions, with egg: two instructions are in the
//! same e-class when they compute the same value (where neither is poison),
//! modulo commutativity and simple algebra over pure operations.
//!
//! What goes into the e-graph: pure operations; loads, read-only calls and
//! plain stores, each with the memory state it sees; calls that always
//! return. The memory state at a block's entry is one leaf shared by all the
//! blocks (they are the successors of one block, entered from it alone); a
//! plain store makes the next state from the one before, so two stores of
//! equal values to equal addresses after equal stores leave equal states;
//! any other write makes a state equal only to itself. Anything else is an
//! opaque leaf, equal only to itself. Convergent operations carry
//! a *site*: a shared one where the legality oracle allows merging them,
//! otherwise their own, so that egg never equates two that may not merge.
//!
//! ```
//! use opt_conv_ir::parse_module;
//! use opt_conv_passes::equivalence::Classes;
//!
//! let src = "define i32 @f(i1 %c, i32 %x, i32 %y) {\nentry:\n  br i1 %c, label %a, label %b\n\
//!            a:\n  %s = add i32 %x, %y\n  %m = mul i32 %s, 2\n  ret i32 %m\n\
//!            b:\n  %t = add i32 %y, %x\n  %n = shl i32 %t, 1\n  ret i32 %n\n}\n";
//! let (m, _) = parse_module("f.ll", src).unwrap();
//! let fid = m.func_by_name("f").unwrap();
//! let f = m.body(fid).unwrap();
//! let (a, b) = (f.block_by_name("a").unwrap(), f.block_by_name("b").unwrap());
//! let classes = Classes::build(&m, fid, f, &[a, b], &[]);
//! let inst = |n: &str| f.inst_by_name(n).unwrap();
//! assert!(classes.same(inst("s"), inst("t"))); // commutativity
//! assert!(classes.same(inst("m"), inst("n"))); // x * 2 == x << 1
//! ```

use egg::{EGraph, Id, Pattern, Rewrite, Runner, SymbolLang, rewrite as rw};
use opt_conv_ir::analysis::alias::may_alias;
use opt_conv_ir::effects::inst_effects;
use opt_conv_ir::{Block, ConstKind, EntityRef, FuncId, Function, Inst, InstKind, Module, Type, Value, ValueDef};
use rustc_hash::FxHashMap;
use std::time::Duration;

/// Where a convergent operation may be merged (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Site {
    /// Mergeable with its counterpart in the other arm.
    Shared,
    /// Never equal to anything else.
    Own,
}

/// The e-classes of the instructions of some blocks.
pub struct Classes {
    egraph: EGraph<SymbolLang, ()>,
    // Hash maps, not secondary maps: a pass builds classes for many small
    // block pairs, and each must cost what its blocks hold, not what the
    // function holds.
    ids: FxHashMap<Inst, Id>,
}

/// Bounds on equality saturation, so that cost and result never depend on
/// the clock (egg's default five-second limit would).
const ITER_LIMIT: usize = 8;
/// The e-graph may grow to this many times the nodes the blocks give it
/// (plus a little): associativity with commutativity grows it exponentially
/// in expression depth, and the equalities hoisting finds are shallow.
const GROWTH: usize = 3;

impl Classes {
    /// Models the instructions of `blocks`; `sites` gives the site of each
    /// convergent operation in them (one not listed is never equated).
    pub fn build(m: &Module, fid: FuncId, f: &Function, blocks: &[Block], sites: &[(Inst, Site)]) -> Classes {
        Self::build_for(m, fid, f, blocks, sites, |_| true)
    }

    /// [`Classes::build`] for the instructions `wanted` accepts only; the
    /// others are opaque (an instruction whose operands are opaque then has
    /// fewer equals, so `wanted` should take an instruction's operands
    /// whenever it takes the instruction). Saturation costs what the e-graph
    /// holds: a pass asks only about the instructions it could use.
    pub fn build_for(
        m: &Module,
        fid: FuncId,
        f: &Function,
        blocks: &[Block],
        sites: &[(Inst, Site)],
        wanted: impl Fn(Inst) -> bool,
    ) -> Classes {
        let sites: FxHashMap<Inst, Site> = sites.iter().copied().collect();
        let mut b = Builder {
            m,
            f,
            egraph: EGraph::default(),
            ids: FxHashMap::default(),
            values: FxHashMap::default(),
            types: FxHashMap::default(),
        };
        let entry_state = b.leaf("mem".into());
        for &blk in blocks {
            let mut mem = entry_state;
            // The block's writes so far: the state each leaves, and the
            // address of a plain store.
            let mut writes: Vec<(Id, Option<Value>)> = Vec::new();
            for i in f.block_insts(blk) {
                let seen = match f.dfg().inst(i).kind {
                    InstKind::Load { .. } => state_for_load(m, fid, f, f.dfg().inst(i).args[0], &writes, entry_state),
                    _ => mem,
                };
                let modelled = wanted(i).then(|| b.model(i, seen, &sites)).flatten();
                if let Some(id) = modelled {
                    b.ids.insert(i, id);
                    if let Some(v) = f.dfg().inst_result(i) {
                        b.values.insert(v, id);
                    }
                }
                if let Some(state) = modelled.filter(|_| is_plain_store(f, i)) {
                    mem = state;
                    writes.push((mem, Some(f.dfg().inst(i).args[1])));
                } else if inst_effects(m, f, i).writes {
                    mem = b.leaf(format!("mem@{}", i.index()));
                    let addr = is_plain_store(f, i).then(|| f.dfg().inst(i).args[1]);
                    writes.push((mem, addr));
                }
            }
        }
        let node_limit = GROWTH * b.egraph.total_number_of_nodes() + 64;
        let runner = Runner::default()
            .with_egraph(b.egraph)
            .with_iter_limit(ITER_LIMIT)
            .with_node_limit(node_limit)
            .with_time_limit(Duration::from_secs(24 * 3600))
            .run(rules());
        tracing::trace!(target: "opt_conv::hoist", stop = ?runner.stop_reason, nodes = runner.egraph.total_number_of_nodes());
        Classes { egraph: runner.egraph, ids: b.ids }
    }

    /// Whether `i` is in the e-graph (not an opaque leaf).
    pub fn is_modelled(&self, i: Inst) -> bool {
        self.ids.contains_key(&i)
    }

    /// The e-class of `i`, if it is modelled: two instructions have the
    /// same class exactly when [`Classes::same`] holds for them.
    pub fn class_of(&self, i: Inst) -> Option<Id> {
        self.ids.get(&i).map(|&x| self.egraph.find(x))
    }

    /// Whether `a` and `b` compute the same value.
    pub fn same(&self, a: Inst, b: Inst) -> bool {
        match (self.ids.get(&a), self.ids.get(&b)) {
            (Some(&x), Some(&y)) => self.egraph.find(x) == self.egraph.find(y),
            _ => false,
        }
    }
}

struct Builder<'a> {
    m: &'a Module,
    f: &'a Function,
    egraph: EGraph<SymbolLang, ()>,
    ids: FxHashMap<Inst, Id>,
    values: FxHashMap<Value, Id>,
    /// The leaf of each type met, made once (a leaf is a formatted, interned
    /// name).
    types: FxHashMap<Type, Id>,
}

impl Builder<'_> {
    fn leaf(&mut self, s: String) -> Id {
        self.egraph.add(SymbolLang::leaf(s))
    }

    fn node(&mut self, op: impl Into<egg::Symbol>, children: Vec<Id>) -> Id {
        self.egraph.add(SymbolLang::new(op, children))
    }

    fn ty(&mut self, v: Value) -> Id {
        let t = self.f.dfg().value_type(v);
        self.type_leaf(t)
    }

    fn type_leaf(&mut self, t: Type) -> Id {
        if let Some(&id) = self.types.get(&t) {
            return id;
        }
        let id = self.leaf(format!("t{}", t.index()));
        self.types.insert(t, id);
        id
    }

    /// The e-class of an operand.
    fn operand(&mut self, v: Value) -> Id {
        if let Some(&id) = self.values.get(&v) {
            return id;
        }
        let dfg = self.f.dfg();
        let id = match &dfg.value(v).def {
            ValueDef::Const(c) => match c.kind {
                ConstKind::Int(x) => {
                    let t = self.ty(v);
                    let lit = self.leaf(format!("i:{x}"));
                    self.node("int", vec![t, lit])
                }
                _ => self.leaf(format!("c:{c:?}")),
            },
            _ => self.leaf(format!("v{}", v.index())),
        };
        self.values.insert(v, id);
        id
    }

    fn operands(&mut self, i: Inst) -> Vec<Id> {
        let args = self.f.dfg().inst(i).args.clone();
        args.iter().map(|&a| self.operand(a)).collect()
    }

    /// The node of instruction `i`, which sees memory state `mem`, or `None`
    /// to leave it opaque. A plain store's node is the state it leaves.
    fn model(&mut self, i: Inst, mem: Id, sites: &FxHashMap<Inst, Site>) -> Option<Id> {
        let dfg = self.f.dfg();
        let d = dfg.inst(i);
        if is_plain_store(self.f, i) {
            let (value, addr) = (d.args[0], d.args[1]);
            let t = self.ty(value);
            let (value, addr) = (self.operand(value), self.operand(addr));
            return Some(self.node("store", vec![t, addr, value, mem]));
        }
        let result = dfg.inst_result(i)?;
        let site = sites.get(&i).copied();
        let kind = d.kind.clone();
        match &kind {
            InstKind::Binary { op, .. } => {
                let t = self.ty(result);
                let mut ch = vec![t];
                ch.extend(self.operands(i));
                Some(self.node(op.keyword(), ch))
            }
            InstKind::ICmp { pred, .. } => {
                let ch = self.operands(i);
                Some(self.node(format!("icmp.{}", pred.keyword()), ch))
            }
            InstKind::FCmp { pred, .. } => {
                let ch = self.operands(i);
                Some(self.node(format!("fcmp.{}", pred.keyword()), ch))
            }
            InstKind::Select { .. } | InstKind::FNeg { .. } => {
                let ch = self.operands(i);
                Some(self.node(d.opcode_name(), ch))
            }
            InstKind::Cast { op, .. } => {
                let t = self.ty(result);
                let mut ch = vec![t];
                ch.extend(self.operands(i));
                Some(self.node(op.keyword(), ch))
            }
            InstKind::Gep { source, .. } => {
                let t = self.type_leaf(*source);
                let mut ch = vec![t];
                ch.extend(self.operands(i));
                Some(self.node("getelementptr", ch))
            }
            InstKind::ExtractValue { indices } | InstKind::InsertValue { indices } => {
                let ch = self.operands(i);
                Some(self.node(format!("{}{indices:?}", d.opcode_name()), ch))
            }
            InstKind::ExtractElement | InstKind::InsertElement | InstKind::ShuffleVector => {
                let t = self.ty(result);
                let mut ch = vec![t];
                ch.extend(self.operands(i));
                Some(self.node(d.opcode_name(), ch))
            }
            InstKind::Load { volatile: false, atomic: None, .. } => {
                let t = self.ty(result);
                let addr = self.operand(d.args[0]);
                Some(self.node("load", vec![t, addr, mem]))
            }
            InstKind::Call(ci) => {
                let e = inst_effects(self.m, self.f, i);
                if e.writes || !e.transfers_execution() {
                    return None;
                }
                let callee = opt_conv_legality::convergence::callee_decl(self.m, self.f, d)?;
                let is_convergent = opt_conv_legality::convergence::is_convergent_op(self.m, self.f, d);
                let op = format!("call.@{}.{:?}", callee.name, ci.fn_attrs);
                let t = self.ty(result);
                let mut ch = vec![t];
                ch.extend(self.operands(i).into_iter().skip(1));
                if e.reads {
                    ch.push(mem);
                }
                if is_convergent {
                    ch.push(match site? {
                        Site::Shared => self.leaf("site:shared".into()),
                        Site::Own => self.leaf(format!("site:{}", i.index())),
                    });
                }
                Some(self.node(op, ch))
            }
            _ => None,
        }
    }
}

/// How many writes a load looks past for one that may write what it reads.
pub const LOAD_LOOKBACK: usize = 16;

/// The memory state a load of `addr` sees: the one after the last of
/// `writes` that may write what it reads. Plain stores to addresses that
/// cannot overlap it are looked past (up to [`LOAD_LOOKBACK`] of them), so
/// that a load after a store to another object reads the state before it.
fn state_for_load(m: &Module, fid: FuncId, f: &Function, addr: Value, writes: &[(Id, Option<Value>)], entry: Id) -> Id {
    for (k, &(state, store_addr)) in writes.iter().rev().enumerate() {
        let passes = k < LOAD_LOOKBACK && store_addr.is_some_and(|q| !may_alias(m, fid, f, q, addr));
        if !passes {
            return state;
        }
    }
    entry
}

/// A store that is neither volatile nor atomic: the only write the e-graph
/// models.
pub fn is_plain_store(f: &Function, i: Inst) -> bool {
    matches!(f.dfg().inst(i).kind, InstKind::Store { volatile: false, atomic: None, .. })
}

/// The rewrite rules, parsed once.
fn rules() -> &'static [Rewrite<SymbolLang, ()>] {
    static RULES: std::sync::OnceLock<Vec<Rewrite<SymbolLang, ()>>> = std::sync::OnceLock::new();
    RULES.get_or_init(make_rules)
}

fn make_rules() -> Vec<Rewrite<SymbolLang, ()>> {
    let mut rules = Vec::new();
    for op in ["add", "mul", "and", "or", "xor", "fadd", "fmul"] {
        let lhs: Pattern<SymbolLang> = format!("({op} ?t ?a ?b)").parse().expect("pattern");
        let rhs: Pattern<SymbolLang> = format!("({op} ?t ?b ?a)").parse().expect("pattern");
        rules.push(Rewrite::new(format!("commute-{op}"), lhs, rhs).expect("rule"));
    }
    for (a, b) in [("eq", "eq"), ("ne", "ne"), ("slt", "sgt"), ("sle", "sge"), ("ult", "ugt"), ("ule", "uge")] {
        let lhs: Pattern<SymbolLang> = format!("(icmp.{a} ?x ?y)").parse().expect("pattern");
        let rhs: Pattern<SymbolLang> = format!("(icmp.{b} ?y ?x)").parse().expect("pattern");
        rules.push(Rewrite::new(format!("swap-{a}-{b}"), lhs.clone(), rhs.clone()).expect("rule"));
        if a != b {
            rules.push(Rewrite::new(format!("swap-{b}-{a}"), rhs, lhs).expect("rule"));
        }
    }
    // Identities on integers; the constant carries the operand's type.
    for op in ["add", "sub", "or", "xor", "shl", "lshr", "ashr"] {
        let lhs: Pattern<SymbolLang> = format!("({op} ?t ?a (int ?t i:0))").parse().expect("pattern");
        rules.push(
            Rewrite::new(format!("{op}-zero"), lhs, "?a".parse::<Pattern<SymbolLang>>().expect("pattern"))
                .expect("rule"),
        );
    }
    for op in ["mul", "udiv", "sdiv"] {
        let lhs: Pattern<SymbolLang> = format!("({op} ?t ?a (int ?t i:1))").parse().expect("pattern");
        rules.push(
            Rewrite::new(format!("{op}-one"), lhs, "?a".parse::<Pattern<SymbolLang>>().expect("pattern"))
                .expect("rule"),
        );
    }
    rules.push(rw!("mul-two-shl"; "(mul ?t ?a (int ?t i:2))" => "(shl ?t ?a (int ?t i:1))"));
    rules.push(rw!("shl-one-mul"; "(shl ?t ?a (int ?t i:1))" => "(mul ?t ?a (int ?t i:2))"));
    rules.push(rw!("add-self-shl"; "(add ?t ?a ?a)" => "(shl ?t ?a (int ?t i:1))"));
    rules.push(rw!("assoc-add"; "(add ?t (add ?t ?a ?b) ?c)" => "(add ?t ?a (add ?t ?b ?c))"));
    rules.push(rw!("assoc-mul"; "(mul ?t (mul ?t ?a ?b) ?c)" => "(mul ?t ?a (mul ?t ?b ?c))"));
    rules
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::parse_module;

    /// Equalities that take several rewrites (commutativity inside
    /// associativity, then algebra) are found within the growth bound, also
    /// among unrelated arithmetic that feeds the same rules.
    #[test]
    fn reassociated_and_commuted_sums_are_equal_within_the_bound() {
        let mut src =
            String::from("define i32 @f(i1 %c, i32 %x, i32 %y, i32 %z) {\nentry:\n  br i1 %c, label %a, label %b\n");
        for (blk, body) in [
            ("a", "  %s = add i32 %x, %y\n  %t = add i32 %s, %z\n  %m = mul i32 %t, 2\n"),
            ("b", "  %u = add i32 %y, %x\n  %v = add i32 %z, %u\n  %n = shl i32 %v, 1\n"),
        ] {
            src.push_str(&format!("{blk}:\n{body}"));
            // Unrelated sums and products in both arms.
            for k in 0..12 {
                src.push_str(&format!("  %{blk}{k} = add i32 %x, {k}\n  %{blk}p{k} = mul i32 %{blk}{k}, %y\n"));
            }
            src.push_str("  ret i32 0\n");
        }
        src.push_str("}\n");
        let (m, _) = parse_module("f.ll", &src).unwrap();
        let fid = m.func_by_name("f").unwrap();
        let f = m.body(fid).unwrap();
        let (a, b) = (f.block_by_name("a").unwrap(), f.block_by_name("b").unwrap());
        let classes = Classes::build(&m, fid, f, &[a, b], &[]);
        let inst = |n: &str| f.inst_by_name(n).unwrap();
        assert!(classes.same(inst("t"), inst("v")));
        assert!(classes.same(inst("m"), inst("n")));
        assert!(classes.same(inst("a3"), inst("b3")));
        assert!(!classes.same(inst("t"), inst("a3")));
        assert_eq!(classes.class_of(inst("m")), classes.class_of(inst("n")));
    }
}

//! The checked front door for movement: whether moving or merging given
//! instructions to a point is legal *as a whole*.
//!
//! [`Oracle::ask`](crate::Oracle::ask) judges convergence only: asked about
//! moving an instruction after its own use it says legal, because
//! convergence has nothing against it. [`check`] adds what every pass must
//! also respect, and names the first concern that forbids the transform:
//!
//! | concern | refused when |
//! |---|---|
//! | [`Concern::Dominance`] | an operand's definition would not dominate the point, or the point would not dominate a use (phis use at the end of the incoming block); phis and terminators do not move; nothing goes before a phi; an instruction does not merge with itself |
//! | [`Concern::SideEffects`] | the instruction reads or writes memory, may unwind or may not return, and the point is in another block: this check has no alias analysis, so only moves within a block are judged; for a merge, either instruction writes, may unwind or may not return (one of the two effects would be lost) |
//! | [`Concern::Memory`] | within a block, a write is moved across a read or write, or a read across a write |
//! | [`Concern::ThreadEnding`] | within a block, an instruction with effects and one that may not pass control on (a kill, a call that may not return or may unwind) would change order: a thread would run, or skip, the effect; an instruction that may have undefined behaviour (below) counts as an effect when it moves up |
//! | [`Concern::Speculation`] | an instruction that may have undefined behaviour (a division, a load, a call without `speculatable` or with a `noundef` argument) moves to a block its own block does not dominate: it would run on paths where it did not |
//! | [`Concern::Identity`] | an instruction whose every execution is a new object or a new choice (`alloca`, `freeze`) would run more often (enter a cycle), or an `alloca` less often (leave a cycle, merge with another) |
//! | [`Concern::Convergence`] | the oracle refuses (its rule, as in `RULES.md`) |
//!
//! It is deliberately conservative where it has no analysis (memory across
//! blocks); every refusal says which concern it is, so a pass knows what it
//! would need to prove instead. Other queries (threading, unrolling,
//! inlining) are answered by the oracle alone, as documented there.

use crate::oracle::{InsertPoint, Oracle, Query, Refusal, Verdict};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::effects::{Effects, inst_effects};
use opt_conv_ir::inst::InstKind;
use opt_conv_ir::{Block, FuncId, Function, Inst, Module};
use std::fmt;

/// What forbids a movement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Concern {
    /// SSA: a definition would not dominate its use.
    Dominance,
    /// Memory or control effects that only moves within a block are checked for.
    SideEffects,
    /// A memory access moves across a conflicting one.
    Memory,
    /// An effect and an instruction that may end the thread change order.
    ThreadEnding,
    /// An instruction that may trap would run where it did not.
    Speculation,
    /// An instruction whose executions differ from each other (`alloca`,
    /// `freeze`) would run a different number of times.
    Identity,
    /// The convergence oracle's refusal.
    Convergence(Refusal),
}

/// A refusal by [`check`]: the concern and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objection {
    /// Which concern.
    pub concern: Concern,
    /// What was found, naming the instructions involved.
    pub explanation: String,
}

impl fmt::Display for Objection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = match &self.concern {
            Concern::Dominance => "dominance",
            Concern::SideEffects => "side-effects",
            Concern::Memory => "memory",
            Concern::ThreadEnding => "thread-ending",
            Concern::Speculation => "speculation",
            Concern::Identity => "identity",
            Concern::Convergence(r) => return write!(f, "{r}"),
        };
        write!(f, "[{id}] {}", self.explanation)
    }
}

/// Whether `q` is legal as a whole for function `fid` of `m`, whose body is
/// `f`: the oracle's verdict (with its obligations) if every concern above
/// is met, else the first objection. For [`Query::Move`] and
/// [`Query::Merge`] every concern is checked; for other queries, only
/// convergence.
pub fn check(m: &Module, fid: FuncId, f: &Function, q: &Query) -> Result<Verdict, Objection> {
    check_with(&Oracle::new(m, fid, f), m, f, q)
}

/// [`check`] with an oracle the caller already has for `f` (a pass asking
/// many questions builds the convergence analyses once).
pub fn check_with(oracle: &Oracle<'_>, m: &Module, f: &Function, q: &Query) -> Result<Verdict, Objection> {
    let (moving, to): (Vec<Inst>, InsertPoint) = match q {
        Query::Move { insts, to } => (insts.clone(), *to),
        Query::Merge { a, b, to } => (vec![*a, *b], *to),
        _ => return convergence(oracle, f, q),
    };
    let (point_block, point) = resolve(f, to)?;
    let name = |i: Inst| describe(f, i);
    if let Query::Merge { a, b, .. } = q {
        if a == b {
            return Err(objection(Concern::Dominance, format!("{} cannot be merged with itself", name(*a))));
        }
        // Two effects merged are one effect lost: a second write, a second
        // volatile access, a second call that may not return.
        if let Some(&x) = [a, b].into_iter().find(|&&x| {
            let e = inst_effects(m, f, x);
            e.writes || !e.transfers_execution()
        }) {
            return Err(objection(
                Concern::SideEffects,
                format!("{} has effects besides its result; merging would drop one of them", name(x)),
            ));
        }
    }
    if f.dfg().inst(point).is_phi() {
        return Err(objection(Concern::Dominance, format!("nothing can go before the phi {}", name(point))));
    }
    let dt = f.domtree();
    // Is the position `(b, before)` (just before `before`, or at the end
    // of `b` when `None`) dominated by the definition `d`?
    let def_dominates = |d: Inst, b: Block, before: Option<Inst>| -> bool {
        let Some(db) = f.layout().inst_block(d) else { return false };
        if db != b {
            return dt.strictly_dominates(db, b);
        }
        match before {
            Some(p) => d != p && f.layout().inst_precedes(d, p),
            None => true,
        }
    };
    let uses = f.uses();
    for (k, &x) in moving.iter().enumerate() {
        let data = f.dfg().inst(x);
        if data.is_phi() {
            return Err(objection(Concern::Dominance, format!("{} is a phi; phis do not move", name(x))));
        }
        if data.is_terminator() {
            return Err(objection(Concern::Dominance, format!("{} is a terminator; terminators do not move", name(x))));
        }
        // Operands: defined before the point, or moved ahead of `x`.
        for &a in &data.args {
            let Some(d) = f.dfg().value_inst(a) else { continue };
            if let Some(j) = moving.iter().position(|&y| y == d) {
                if j < k && matches!(q, Query::Move { .. }) {
                    continue;
                }
                return Err(objection(
                    Concern::Dominance,
                    format!("{} uses {}, which would come after it", name(x), name(d)),
                ));
            }
            if !def_dominates(d, point_block, Some(point)) {
                return Err(objection(
                    Concern::Dominance,
                    format!("{} uses {}, which would not dominate it at the new point", name(x), name(d)),
                ));
            }
        }
        // Uses: after the point, or moved after `x`.
        if let Some(v) = f.dfg().inst_result(x) {
            for &u in uses.users(v) {
                if moving.contains(&u) {
                    continue;
                }
                let ud = f.dfg().inst(u);
                let ok = if ud.is_phi() {
                    // A phi uses its operand at the end of the incoming block.
                    ud.args
                        .iter()
                        .zip(&ud.blocks)
                        .filter(|&(&a, _)| a == v)
                        .all(|(_, &from)| point_block == from || dt.strictly_dominates(point_block, from))
                } else {
                    f.layout().inst_block(u).is_some_and(|ub| {
                        if ub == point_block {
                            u == point || f.layout().inst_precedes(point, u)
                        } else {
                            dt.strictly_dominates(point_block, ub)
                        }
                    })
                };
                if !ok {
                    return Err(objection(
                        Concern::Dominance,
                        format!("{} is used by {}, which the new point would not dominate", name(x), name(u)),
                    ));
                }
            }
        }
        effects(m, f, x, point_block, point, &name)?;
        identity(f, x, point_block, matches!(q, Query::Merge { .. }), &name)?;
    }
    convergence(oracle, f, q)
}

/// The block and instruction the insertion point is just before.
fn resolve(f: &Function, to: InsertPoint) -> Result<(Block, Inst), Objection> {
    let layout = f.layout();
    let found = match to {
        InsertPoint::Before(i) => layout.inst_block(i).map(|b| (b, i)),
        InsertPoint::BlockStart(b) => layout.block_insts(b).find(|&i| !f.dfg().inst(i).is_phi()).map(|i| (b, i)),
        InsertPoint::BlockEnd(b) => layout.last_inst(b).map(|i| (b, i)),
    };
    found.ok_or_else(|| objection(Concern::Dominance, "the insertion point is not in the function".into()))
}

/// Memory, control and trapping effects of moving `x` to just before `point`.
fn effects(
    m: &Module,
    f: &Function,
    x: Inst,
    point_block: Block,
    point: Inst,
    name: &dyn Fn(Inst) -> String,
) -> Result<(), Objection> {
    let e = inst_effects(m, f, x);
    let layout = f.layout();
    let Some(from) = layout.inst_block(x) else {
        return Err(objection(Concern::Dominance, format!("{} is not in the function", name(x))));
    };
    // Undefined behaviour on some operands: a division, a load (its pointer
    // may not be dereferenceable where it did not run), a call not known to
    // be `speculatable` (LangRef: only that attribute rules it out).
    let traps = |i: Inst, e: &Effects| {
        e.may_trap || matches!(f.dfg().inst(i).kind, InstKind::Load { .. }) || call_may_trap(m, f, i)
    };
    let may_trap = traps(x, &e);
    if from != point_block {
        if e.reads || e.writes || !e.transfers_execution() {
            return Err(objection(
                Concern::SideEffects,
                format!(
                    "{} {}; only moves within its block are checked for that",
                    name(x),
                    if e.reads || e.writes { "reads or writes memory" } else { "may not pass control on" }
                ),
            ));
        }
        if may_trap && !f.domtree().dominates(from, point_block) {
            return Err(objection(
                Concern::Speculation,
                format!("{} may trap and would run on paths where it did not", name(x)),
            ));
        }
        return Ok(());
    }
    // Within the block: the instructions `x` passes.
    let down = layout.inst_precedes(x, point);
    let crossed: Vec<Inst> = if down {
        std::iter::successors(layout.next_inst(x), |&i| layout.next_inst(i)).take_while(|&i| i != point).collect()
    } else {
        std::iter::successors(Some(point), |&i| layout.next_inst(i)).take_while(|&i| i != x).collect()
    };
    // Moving down, an instruction that may trap only runs less often.
    let x_effect = e.writes || !e.transfers_execution() || (may_trap && !down);
    for y in crossed {
        let ey = inst_effects(m, f, y);
        if (e.writes && (ey.reads || ey.writes)) || (e.reads && ey.writes) {
            return Err(objection(Concern::Memory, format!("{} would move across {}", name(x), name(y))));
        }
        // `y` that `x` passes going down comes before it afterwards: it
        // counts as moving up.
        let y_effect = ey.writes || !ey.transfers_execution() || ey.may_trap || (down && traps(y, &ey));
        if (x_effect && !ey.transfers_execution()) || (!e.transfers_execution() && y_effect) {
            return Err(objection(
                Concern::ThreadEnding,
                format!("{} and {} would change order, and one of them may end the thread", name(x), name(y)),
            ));
        }
    }
    Ok(())
}

/// Whether `x` is a call not known to be free of undefined behaviour: its
/// callee is not `speculatable`, or an argument is `noundef` (poison passed
/// there is undefined behaviour at the call, LangRef "noundef").
fn call_may_trap(m: &Module, f: &Function, x: Inst) -> bool {
    let d = f.dfg().inst(x);
    let InstKind::Call(ci) = &d.kind else { return false };
    let decl = f.dfg().direct_callee(x).and_then(|g| m.func(g));
    // An intrinsic LLVM knows has LLVM's attributes, not the declared ones.
    let llvm = decl.and_then(|d| opt_conv_ir::intrinsics::llvm_function_attrs(&d.name));
    let decl = decl.filter(|d| llvm.is_none() && !opt_conv_ir::intrinsics::attrs_replaced_by_llvm(&d.name));
    let speculatable = ci.fn_attrs.has("speculatable")
        || decl.is_some_and(|d| d.fn_attrs.has("speculatable"))
        || llvm.is_some_and(|l| l.split(' ').any(|t| t == "speculatable"));
    let noundef = ci.param_attrs.iter().chain(decl.iter().flat_map(|d| d.param_attrs.iter())).any(|a| a.has("noundef"));
    !speculatable || noundef
}

/// Every execution of an `alloca` is a new object and every execution of a
/// `freeze` of poison a new choice (LangRef, "alloca", "freeze"): neither
/// may run more often (move into a cycle), and an `alloca` may not run less
/// often either (leave a cycle, or merge two objects into one).
fn identity(
    f: &Function,
    x: Inst,
    point_block: Block,
    merging: bool,
    name: &dyn Fn(Inst) -> String,
) -> Result<(), Objection> {
    let alloca = match f.dfg().inst(x).kind {
        InstKind::Alloca { .. } => true,
        InstKind::Freeze => false,
        _ => return Ok(()),
    };
    if alloca && merging {
        return Err(objection(Concern::Identity, format!("{} allocates its own object; two do not merge", name(x))));
    }
    let Some(from) = f.layout().inst_block(x) else { return Ok(()) };
    let cycles = f.cycles();
    let (c_from, c_to) = (cycles.cycle_of(from), cycles.cycle_of(point_block));
    // Entering: the point is in a cycle that does not hold `x`'s block.
    let enters = c_to.is_some_and(|c| !cycles.contains(c, from));
    let leaves = c_from.is_some_and(|c| !cycles.contains(c, point_block));
    if enters || (alloca && leaves) {
        return Err(objection(
            Concern::Identity,
            format!(
                "{} {} each time it runs; it would {} a cycle",
                name(x),
                if alloca { "allocates a new object" } else { "picks a new value" },
                if enters { "enter" } else { "leave" }
            ),
        ));
    }
    Ok(())
}

fn convergence(oracle: &Oracle<'_>, f: &Function, q: &Query) -> Result<Verdict, Objection> {
    match oracle.ask(f, q) {
        Verdict::Refused(r) => Err(Objection { explanation: r.explanation.clone(), concern: Concern::Convergence(r) }),
        legal => Ok(legal),
    }
}

fn objection(concern: Concern, explanation: String) -> Objection {
    Objection { concern, explanation }
}

fn describe(f: &Function, i: Inst) -> String {
    match f.dfg().inst_result(i).and_then(|v| f.dfg().value_name(v)) {
        Some(n) => format!("%{n}"),
        None => format!("the '{}' instruction", f.dfg().inst(i).opcode_name()),
    }
}

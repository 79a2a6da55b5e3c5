//! `hoist`: common-code hoisting from the successors of a branch or switch
//! into it, in the manner of SimplifyCFG's hoisting and GVNHoist.
//!
//! For each block ending in a `br` or `switch` whose successors (two or
//! more) have it as their only predecessor, instructions that compute the
//! same value in every successor are hoisted into it as one. Equivalence is
//! decided with egg ([`crate::equivalence`]): value equivalence modulo
//! commutativity and simple algebra over pure operations, loads, read-only
//! calls and plain stores, each with the memory state it sees. An
//! instruction moves only above instructions that always pass control on,
//! with its operands available in the branch block. The memory accesses of
//! each arm keep their order, as GVNHoist's memory SSA checks ensure: a
//! store goes up after every access before it, a reader after every write
//! before it that may write what it reads (a load passes plain stores to
//! objects it cannot overlap: [`opt_conv_ir::analysis::alias`]).
//!
//! The merged instruction keeps only what all promised (the smaller
//! alignment, intersected flags and call-site attributes, the most generic
//! `!tbaa` and `!range`: [`opt_conv_ir::merge`]); a pair that differs in
//! what it does (volatility, ordering, ABI attributes) stays apart, with a
//! missed remark. Its location is the merge of theirs, as SimplifyCFG gives
//! it (GVNHoist drops it). Not done: GVNHoist's hoisting to the common
//! dominator of blocks that are not the successors of one block, and of
//! calls that may write memory.
//!
//! Convergent calls are distinct unless the legality oracle allows merging
//! them: reductions in both arms of a uniform branch merge into one, anchors
//! in both arms merge in acyclic code; a divergent branch keeps them apart
//! (LLVM's GVNHoist refuses every convergent call). Refusals are missed
//! remarks naming the rule.

use crate::equivalence::{Classes, LOAD_LOOKBACK, Site, is_plain_store};
use crate::module_edits::{BufferedMetadata, ModuleEdits};
use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::remarks::{Remark, RemarkKind};
use crate::remarks::{block_label, inst_label};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::analysis::alias::may_alias;
use opt_conv_ir::debug_loc::LocationMerger;
use opt_conv_ir::edit::{Replacements, move_to_block_end, remove_inst};
use opt_conv_ir::effects::{inst_effects, must_precede_ret};
use opt_conv_ir::merge::merge_in;
use opt_conv_ir::{Block, Changes, FuncId, Function, Inst, InstKind, Module, Value};
use opt_conv_legality::oracle::{InsertPoint, Oracle, Query, Verdict};
use opt_conv_legality::{ConvOp, TokenKind};
use rustc_hash::{FxHashMap, FxHashSet};

/// The pass.
pub struct Hoist;

impl FunctionPass for Hoist {
    fn name(&self) -> &'static str {
        "hoist"
    }
    fn class_name(&self) -> &'static str {
        "HoistPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let explain = cx.remarks.wants("hoist") || tracing::enabled!(target: "opt_conv::hoist", tracing::Level::DEBUG);
        let oracle = Oracle::new(cx.module, cx.func, f).explaining(explain);
        let mut h = Hoister {
            m: cx.module,
            fid: cx.func,
            oracle,
            remarks: Vec::new(),
            edits: &mut *cx.edits,
            locations: LocationMerger::default(),
        };
        let blocks: Vec<Block> = f.layout().blocks().collect();
        let tracked = f.tracks_uses();
        let mut changed = false;
        for a in blocks {
            // Merging two anchors gives their users one token, which may make
            // them mergeable (or refusable) in turn: look again.
            loop {
                let (moved, merged_anchor) = h.hoist_from_successors(f, a);
                changed |= moved;
                if !merged_anchor {
                    break;
                }
            }
        }
        if !tracked {
            f.untrack_uses();
        }
        let remarks = h.remarks;
        for (kind, block, message) in remarks {
            let block = Some(block.trim_start_matches('%').to_owned());
            cx.remarks.emit(Remark { kind, pass: "hoist", function: name.clone(), block, message });
        }
        Ok(if changed { Changes::INSTS } else { Changes::NONE })
    }
}

struct Hoister<'m> {
    m: &'m Module,
    fid: FuncId,
    oracle: Oracle<'m>,
    remarks: Vec<(RemarkKind, String, String)>,
    /// Where the merged instructions' new metadata nodes go. They are made
    /// at each merge: an instruction hoisted again (from a block it was
    /// hoisted into) is merged with what it already stands for.
    edits: &'m mut ModuleEdits,
    /// Merged locations made so far, reused for equal results.
    locations: LocationMerger,
}

impl Hoister<'_> {
    /// Hoists what the successors of `a` (two or more, each entered from
    /// `a` alone) have in common; whether anything moved, and whether two
    /// anchors were merged.
    fn hoist_from_successors(&mut self, f: &mut Function, a: Block) -> (bool, bool) {
        let cfg = f.cfg();
        let mut blocks: Vec<Block> = Vec::new();
        for &s in cfg.succs(a) {
            if !blocks.contains(&s) {
                blocks.push(s);
            }
        }
        if blocks.len() < 2 {
            return (false, false);
        }
        // Hoisted code goes before `a`'s terminator, which then runs after
        // it: only a plain branch neither defines a value the arms may use
        // nor has effects the arms' loads and calls may depend on (a
        // `callbr` or `invoke` has both).
        if f.terminator(a).is_none_or(|t| !matches!(f.dfg().inst(t).kind, InstKind::Br | InstKind::Switch)) {
            return (false, false);
        }
        if blocks.iter().any(|&b| cfg.preds(b) != [a]) || !cfg.is_reachable(a) {
            return (false, false);
        }
        // Convergent operations merge across two arms only, where the oracle
        // answers for the pair; with more, each is its own site.
        let sites = match blocks[..] {
            [b1, b2] => self.convergent_sites(f, a, b1, b2),
            _ => Vec::new(),
        };
        let mut arms: Vec<Arm> = blocks
            .iter()
            .map(|&b| {
                let insts: Vec<Inst> = f.block_insts(b).collect();
                // Which instructions may move to the top of their block: they
                // only pass instructions that always hand control on.
                let movable = movable_prefix(self.m, f, &insts);
                let order = MemoryOrder::new(self.m, f, &insts);
                Arm { block: b, insts, movable, hoistable: FxHashSet::default(), order, by_class: FxHashMap::default() }
            })
            .collect();
        // The first instruction hoisted has its operands outside the arms;
        // if no such instruction can match, skip equality saturation.
        let families = |arm: &Arm| -> FxHashSet<String> {
            let none = FxHashSet::default();
            arm.insts
                .iter()
                .filter(|&&i| arm.movable.contains(&i) && self.available(f, i, arm.block, &none))
                .map(|&i| family(self.m, f, i))
                .collect()
        };
        let mut common = families(&arms[0]);
        for arm in &arms[1..] {
            let theirs = families(arm);
            common.retain(|k| theirs.contains(k));
        }
        if common.is_empty() {
            return (false, false);
        }
        // Only what could ever be hoisted needs a class: movable, with
        // every operand from its arm movable too.
        for arm in &mut arms {
            let mut out = FxHashSet::default();
            for &i in &arm.insts {
                let in_arm =
                    |v: &Value| f.dfg().value_inst(*v).filter(|&d| f.layout().inst_block(d) == Some(arm.block));
                if arm.movable.contains(&i) && f.dfg().inst(i).args.iter().filter_map(in_arm).all(|d| out.contains(&d))
                {
                    out.insert(i);
                }
            }
            arm.hoistable = out;
        }
        let classes = Classes::build_for(self.m, self.fid, f, &blocks, &sites, |i| {
            arms.iter().any(|arm| arm.hoistable.contains(&i))
        });
        // The movable instructions of the other arms by e-class, in order, so
        // that finding a partner costs what the class holds, not the arm.
        for arm in &mut arms[1..] {
            for &i in arm.insts.iter().filter(|i| arm.movable.contains(i)) {
                if let Some(c) = classes.class_of(i) {
                    arm.by_class.entry(c).or_default().push(i);
                }
            }
        }
        // Whether some arm lies outside a cycle that `a` is in (an arm's
        // cycles all contain `a`, its only predecessor).
        let cycles = f.cycles();
        let into_cycle = blocks.iter().any(|&b| cycles.cycle_of(b) != cycles.cycle_of(a));
        drop(cycles);
        let (first, others) = arms.split_first_mut().expect("two arms or more");
        let mut hoisted: FxHashSet<Inst> = FxHashSet::default();
        let mut replacements = Replacements::new();
        let mut removed = Vec::new();
        let mut changed = false;
        let mut merged_convergent = false;
        let mut merged_anchor = false;
        for &i1 in &first.insts {
            if !first.movable.contains(&i1)
                || !self.available(f, i1, first.block, &hoisted)
                || !first.order.ready(self.m, self.fid, f, i1, &hoisted)
            {
                continue;
            }
            let Some(class) = classes.class_of(i1) else { continue };
            // A partner in every other arm, or nothing moves.
            let mut partners: Vec<(Inst, Block)> = Vec::with_capacity(others.len());
            for arm in others.iter_mut() {
                let Some(candidates) = arm.by_class.get(&class) else { break };
                let found = candidates.iter().copied().find(|&i| {
                    !hoisted.contains(&i)
                        && self.available(f, i, arm.block, &hoisted)
                        && arm.order.ready(self.m, self.fid, f, i, &hoisted)
                });
                let Some(i) = found else { break };
                partners.push((i, arm.block));
            }
            if partners.len() != others.len() {
                continue;
            }
            if !self.may_merge(f, a, i1, &partners) {
                continue;
            }
            let with: Vec<String> =
                partners.iter().map(|&(i, b)| format!("{} from {}", inst_label(f, i), block_label(f, b))).collect();
            let msg = format!(
                "hoisted {} from {} into {}, merged with {}",
                inst_label(f, i1),
                block_label(f, first.block),
                block_label(f, a),
                with.join(" and ")
            );
            // What the one instruction may still promise on every path
            // (`opt_conv_ir::merge`), one partner at a time. Each partner was
            // checked against `i1` as it was; should a later one no longer
            // merge with the merged `i1`, `i1` has only lost promises and
            // stays where it is.
            let mut merged_all = true;
            for &(i2, _) in &partners {
                let md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
                match merge_in(self.m, &md, f, i1, i2) {
                    Ok(merged) => {
                        let mut md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
                        merged.apply(f, i1).attach(&mut md, &mut self.locations, f);
                    }
                    Err(_) => {
                        merged_all = false;
                        break;
                    }
                }
            }
            if !merged_all {
                continue;
            }
            tracing::debug!(target: "opt_conv::hoist", "{msg}");
            self.remarks.push((RemarkKind::Passed, block_label(f, a), msg));
            move_to_block_end(f, i1, a);
            // From a loop's exit into its exiting block: into a cycle.
            if into_cycle {
                self.oracle.forget_uniformity();
            }
            hoisted.insert(i1);
            for &(i2, _) in &partners {
                if let (Some(v1), Some(v2)) = (f.dfg().inst_result(i1), f.dfg().inst_result(i2)) {
                    replacements.insert(v2, v1);
                }
                hoisted.insert(i2);
                removed.push(i2);
            }
            changed = true;
            if self.oracle.convergence().op(i1) != ConvOp::None {
                merged_convergent = true;
                merged_anchor |= self.oracle.convergence().def_kind(i1).is_some();
                // The merged token users need the model to see the move.
                apply_tracked(f, &replacements);
                replacements = Replacements::new();
                self.oracle.refresh(f);
            }
            if merged_anchor {
                break;
            }
        }
        apply_tracked(f, &replacements);
        for i in removed {
            remove_inst(f, i);
        }
        // Moving ordinary instructions changes neither the CFG nor any
        // token's operations, so the oracle stays valid (and refreshing it
        // per block would make the pass quadratic).
        if merged_convergent {
            self.oracle.refresh(f);
        }
        (changed, merged_anchor)
    }

    /// Whether `i1` may become one instruction with each of `partners`: the
    /// pairs merge (`opt_conv_ir::merge`) and the oracle allows merging them
    /// at the end of `a`. A refusal is a missed remark.
    fn may_merge(&mut self, f: &Function, a: Block, i1: Inst, partners: &[(Inst, Block)]) -> bool {
        // `nomerge` calls stay apart, as in LLVM's hoisting (each keeps its
        // own location, say a trap's).
        if std::iter::once(i1).chain(partners.iter().map(|&(i, _)| i)).any(|i| is_nomerge_call(self.m, f, i)) {
            let msg = format!("cannot hoist {}: a nomerge call", inst_label(f, i1));
            self.remarks.push((RemarkKind::Missed, block_label(f, a), msg));
            return false;
        }
        for &(i2, _) in partners {
            let md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
            let refusal = match merge_in(self.m, &md, f, i1, i2) {
                Err(why) => Some(why),
                Ok(_) => match self.oracle.ask(f, &Query::Merge { a: i1, b: i2, to: InsertPoint::BlockEnd(a) }) {
                    Verdict::Legal(_) => None,
                    Verdict::Refused(r) => Some(r.to_string()),
                },
            };
            if let Some(why) = refusal {
                let msg = format!("cannot hoist {} and {}: {why}", inst_label(f, i1), inst_label(f, i2));
                self.remarks.push((RemarkKind::Missed, block_label(f, a), msg));
                return false;
            }
        }
        true
    }

    /// Operands of `i` (in arm `b`) available at the end of the branch
    /// block: defined outside the arm, or already hoisted.
    fn available(&self, f: &Function, i: Inst, b: Block, hoisted: &FxHashSet<Inst>) -> bool {
        let dfg = f.dfg();
        dfg.inst(i).args.iter().all(|&v: &Value| match dfg.value_inst(v) {
            Some(d) => f.layout().inst_block(d) != Some(b) || hoisted.contains(&d),
            None => true,
        })
    }

    /// The equivalence site of each convergent call and anchor of the two
    /// arms: shared across the arms only where the oracle allows merging
    /// such operations at the end of `a` (same token, uniform branch; or
    /// anchors in acyclic code). Elsewhere each one is its own site, so that
    /// the e-graph never equates it with anything.
    fn convergent_sites(&mut self, f: &Function, a: Block, b1: Block, b2: Block) -> Vec<(Inst, Site)> {
        let conv = self.oracle.convergence();
        let ops =
            |b: Block| -> Vec<Inst> { f.block_insts(b).filter(|&i| conv.op(i) != ConvOp::None).collect::<Vec<_>>() };
        let (ops1, ops2) = (ops(b1), ops(b2));
        // The first operation of each shape in the second arm.
        let mut first_of_shape: FxHashMap<Shape, Inst> = FxHashMap::default();
        for &y in &ops2 {
            if let Some(k) = shape(self.m, f, &self.oracle, y) {
                first_of_shape.entry(k).or_insert(y);
            }
        }
        let mut sites = Vec::new();
        let mut shared_in_2: FxHashSet<Inst> = FxHashSet::default();
        let mut refusals = Vec::new();
        for &x in &ops1 {
            let partner = shape(self.m, f, &self.oracle, x).and_then(|k| first_of_shape.get(&k).copied());
            let shared = match partner {
                Some(y) => match self.oracle.ask(f, &Query::Merge { a: x, b: y, to: InsertPoint::BlockEnd(a) }) {
                    Verdict::Legal(_) => Some(y),
                    Verdict::Refused(r) => {
                        refusals.push((x, y, r));
                        None
                    }
                },
                None => None,
            };
            match shared {
                Some(y) => {
                    sites.push((x, Site::Shared));
                    if shared_in_2.insert(y) {
                        sites.push((y, Site::Shared));
                    }
                }
                None => sites.push((x, Site::Own)),
            }
        }
        for &y in &ops2 {
            if !shared_in_2.contains(&y) {
                sites.push((y, Site::Own));
            }
        }
        for (x, y, r) in refusals {
            let msg = format!("cannot hoist {} and {}: {r}", inst_label(f, x), inst_label(f, y));
            tracing::debug!(target: "opt_conv::hoist", "{msg}");
            self.remarks.push((RemarkKind::Missed, block_label(f, a), msg));
        }
        sites
    }
}

/// What two convergent operations must share to be one if their arguments
/// are equivalent: both anchors, or calls to the same callee with the same
/// token (the e-graph then decides the arguments).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Shape {
    Anchor,
    Call { callee: String, token: Option<Inst> },
}

/// The shape of convergent operation `x`; `None` for one that never merges
/// (an entry or loop intrinsic, an indirect call).
fn shape(m: &Module, f: &Function, oracle: &Oracle<'_>, x: Inst) -> Option<Shape> {
    let conv = oracle.convergence();
    match conv.def_kind(x) {
        Some(TokenKind::Anchor) => Some(Shape::Anchor),
        Some(_) => None,
        None => {
            let callee = opt_conv_legality::convergence::callee_decl(m, f, f.dfg().inst(x))?;
            Some(Shape::Call { callee: callee.name.to_string(), token: conv.token_of(x) })
        }
    }
}

/// A coarse class of what an instruction computes: two instructions the
/// e-graph can equate always have the same family (integer arithmetic is
/// one family, since algebra turns `mul` into `shl` and `add` into `shl`).
fn family(m: &Module, f: &Function, i: Inst) -> String {
    let d = f.dfg().inst(i);
    match &d.kind {
        InstKind::Binary { op, .. } if !op.keyword().starts_with('f') => "int-arith".to_owned(),
        InstKind::Call(_) => match opt_conv_legality::convergence::callee_decl(m, f, d) {
            Some(c) => format!("call @{}", c.name),
            None => "call".to_owned(),
        },
        _ => d.opcode_name().to_owned(),
    }
}

/// One successor being hoisted from.
struct Arm {
    block: Block,
    insts: Vec<Inst>,
    movable: FxHashSet<Inst>,
    hoistable: FxHashSet<Inst>,
    order: MemoryOrder,
    /// The movable instructions by e-class, in order (not kept for the
    /// first arm, whose instructions look for partners).
    by_class: FxHashMap<egg::Id, Vec<Inst>>,
}

/// The order of an arm's memory accesses, which hoisting keeps: a store
/// goes up only once every access before it in its arm has, a reader once
/// every write before it that may write what it reads has (a load passes
/// plain stores to addresses it cannot overlap, as its memory state in the
/// e-graph does). Merged instructions are equal in the e-graph, whose
/// memory states already say that the writes before them are equal; this
/// says that those writes went up first.
struct MemoryOrder {
    /// The arm's accesses in order: whether each writes, and the address of
    /// a plain store or a load.
    accesses: Vec<Access>,
    position: FxHashMap<Inst, usize>,
    /// Every access before this one has been hoisted.
    first_left: usize,
    /// Every write before this one has been hoisted.
    first_write_left: usize,
}

struct Access {
    inst: Inst,
    writes: bool,
    addr: Option<Value>,
}

impl MemoryOrder {
    fn new(m: &Module, f: &Function, arm: &[Inst]) -> MemoryOrder {
        let mut accesses = Vec::new();
        let mut position = FxHashMap::default();
        for &i in arm {
            let e = inst_effects(m, f, i);
            if e.reads || e.writes {
                let d = f.dfg().inst(i);
                let addr = match d.kind {
                    InstKind::Load { volatile: false, atomic: None, .. } => Some(d.args[0]),
                    _ if is_plain_store(f, i) => Some(d.args[1]),
                    _ => None,
                };
                position.insert(i, accesses.len());
                accesses.push(Access { inst: i, writes: e.writes, addr });
            }
        }
        MemoryOrder { accesses, position, first_left: 0, first_write_left: 0 }
    }

    /// Whether `i` may go up now, given what has been hoisted. The cursors
    /// only move forward; a load looks past at most [`LOAD_LOOKBACK`]
    /// stores left behind: the checks of a block cost what it holds.
    fn ready(&mut self, m: &Module, fid: FuncId, f: &Function, i: Inst, hoisted: &FxHashSet<Inst>) -> bool {
        let Some(&k) = self.position.get(&i) else { return true };
        let n = self.accesses.len();
        while self.first_left < n && hoisted.contains(&self.accesses[self.first_left].inst) {
            self.first_left += 1;
        }
        self.first_write_left = self.first_write_left.max(self.first_left);
        while self.first_write_left < n && {
            let a = &self.accesses[self.first_write_left];
            !a.writes || hoisted.contains(&a.inst)
        } {
            self.first_write_left += 1;
        }
        let here = &self.accesses[k];
        if here.writes {
            return k == self.first_left;
        }
        if k <= self.first_write_left {
            return true;
        }
        // Writes left behind before a load: all plain stores elsewhere.
        let Some(addr) = here.addr else { return false };
        let mut passed = 0;
        for a in &self.accesses[self.first_write_left..k] {
            if !a.writes || hoisted.contains(&a.inst) {
                continue;
            }
            passed += 1;
            let elsewhere = is_plain_store(f, a.inst) && a.addr.is_some_and(|q| !may_alias(m, fid, f, q, addr));
            if passed > LOAD_LOOKBACK || !elsewhere {
                return false;
            }
        }
        true
    }
}

/// Applies `r` through the users of the replaced values, tracking uses from
/// the first replacement on (the caller stops tracking when done): a sweep
/// of the function per hoisting block would make the pass quadratic.
fn apply_tracked(f: &mut Function, r: &Replacements) {
    if !r.is_empty() {
        f.track_uses();
        r.apply(f);
    }
}

/// The instructions of a block that can be hoisted above everything before
/// them: the block's prefix up to the first instruction that might not pass
/// control on, plus pure non-trapping instructions anywhere.
/// Whether `i` is a call marked `nomerge` (at the call site or on the
/// callee), which no pass may merge with another call.
pub(crate) fn is_nomerge_call(m: &Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    d.call_info().is_some_and(|c| {
        c.fn_attrs.has("nomerge")
            || opt_conv_legality::convergence::callee_decl(m, f, d).is_some_and(|x| x.fn_attrs.has("nomerge"))
    })
}

fn movable_prefix(m: &Module, f: &Function, insts: &[Inst]) -> FxHashSet<Inst> {
    // Hash sets, not bit sets: the cost must follow the block, not the function.
    let mut out = FxHashSet::default();
    let mut transfers = true;
    for &i in insts {
        let d = f.dfg().inst(i);
        // A `musttail` or deoptimize call must stay before the `ret`, which
        // this pass never moves.
        if d.is_terminator() || d.is_phi() || matches!(d.kind, InstKind::Alloca { .. }) || must_precede_ret(m, f, i) {
            continue;
        }
        let e = inst_effects(m, f, i);
        if (!e.writes && (transfers || (e.is_pure() && !e.may_trap))) || (transfers && is_plain_store(f, i)) {
            out.insert(i);
        }
        transfers &= e.transfers_execution();
    }
    out
}

//! Uniformity analysis (`ConvergenceAndUniformity.rst`), in two modes.
//!
//! **Lattice.** Per value and per block terminator: {uniform < divergent}.
//! Everything starts uniform except the target's sources of divergence; the
//! transfer functions only ever move values up, and each value or terminator
//! is pushed on the worklist once when it moves, so the fixpoint is reached
//! in time linear in uses plus the sync-dependence walks.
//!
//! **Propagation** (spec, "Static Uniformity Analysis"; LLVM's
//! `GenericUniformityAnalysisImpl`):
//! * data: a value whose operand is divergent is divergent ("Uniformity",
//!   rule 3.2), unless the target says it is always uniform (rule 1);
//! * control: a divergent terminator makes the phis of its join blocks
//!   divergent (rule 3.1; phis that merge one value, modulo undef, stay
//!   uniform, as LLVM's `isConstantOrUndefValuePhi` exemption);
//! * irreducible cycles: a join that fails the "diverged entry criterion",
//!   or diverged paths entering an irreducible cycle from outside, make the
//!   whole cycle assumed divergent (section "Diverged Paths reaching a
//!   Cycle"): none of its nodes is m-converged;
//! * divergent cycle exits give *temporal divergence* to uses outside the
//!   cycle ("Divergent Cycle Exits").
//!
//! **Token-aware mode** (the default) adds the spec's "Controlled
//! Convergence" section, which LLVM does not implement:
//! * "Temporal Divergence at Cycle Exit": a use of a value defined in the
//!   cycle that lies inside the convergence region of a loop heart defined in
//!   that cycle observes converged dynamic instances (threads converged there
//!   left the cycle in the same iteration), so the cycle's divergent exit does
//!   not make that use divergent;
//! * "Controlled m-converged Static Instances", rule 1: a node in the
//!   convergence region of a token definition that is not m-converged is not
//!   m-converged either, so the region of a token defined in an
//!   assumed-divergent cycle is divergent too.
//!
//! The LLVM-compatible mode reproduces LLVM 22's results, including its
//! known imprecisions (documented in `tests/uniformity-expectations.tsv`).
//!
//! **Legality mode** is what the legality oracle decides from. It asks the
//! question every rule needs: do the threads that share *any* token's
//! dynamic instance at a point agree on a value? LLVM's propagation answers
//! it for the coarsest token, the entry token (maximal convergence groups
//! threads exactly as the entry token and hearts in loop headers do), and so
//! for every finer one; the token-aware exemption does not (it holds only for
//! the threads of one heart), so it is not applied. On top of LLVM's rules:
//! * the result of a convergent operation controlled by an anchor, directly
//!   or through hearts, is a source of divergence: the anchor's thread groups
//!   are implementation-defined, so even a "uniform" `readfirstlane` of one
//!   group may differ from another group's (`ConvergentOperations.rst`,
//!   "llvm.experimental.convergence.anchor");
//! * the target's "always uniform" results are uniform within one wave
//!   only, while the entry token's group is the environment's choice (the
//!   spec names a whole OpenCL workgroup as suitable): an intrinsic's result
//!   follows its operands, and inline asm outputs and exec masks are sources;
//! * a `callbr` is never always uniform (its asm may branch on its inputs).

mod print;
mod sources;
mod sync;
pub mod target;

pub use print::{print_uniformity, print_uniformity_with};
pub use sources::divergent_by_data;
use sources::{legality_source, param_source};
pub use target::{Target, ValueUniformity};

use crate::convergence::{ConvOp, ConvergenceInfo, TokenKind};
use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo, DomTree, FunctionAnalyses, Uses};
use opt_conv_ir::{Block, EntitySet, FuncId, Function, Inst, InstKind, Module, SecondaryMap, Value, ValueDef};
use std::sync::Arc;
use sync::{DivergenceDescriptor, ModifiedPostOrder, RegionSkips};

/// Which semantics the analysis follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// LLVM 22's UniformityAnalysis: convergence tokens are ordinary values.
    Llvm,
    /// The spec's controlled convergence: tokens extend cycles and regions.
    #[default]
    Tokens,
    /// What the legality oracle uses: uniform for the threads of every
    /// token (see the module documentation).
    Legality,
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "llvm" => Ok(Mode::Llvm),
            "tokens" => Ok(Mode::Tokens),
            "legality" => Ok(Mode::Legality),
            _ => Err(format!("invalid uniformity mode '{s}' (expected 'llvm', 'tokens' or 'legality')")),
        }
    }
}

/// A use outside a cycle of a value defined inside it, made divergent by the
/// cycle's divergent exit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TemporalDivergence {
    /// The instruction defining the value.
    pub def: Inst,
    /// The user outside the cycle.
    pub user: Inst,
    /// The cycle the value leaves.
    pub cycle: CycleId,
}

/// The result of the analysis for one function.
pub struct UniformityInfo {
    mode: Mode,
    target: Target,
    has_branch_divergence: bool,
    divergent_params: Vec<bool>,
    params: Vec<Value>,
    divergent_insts: EntitySet<Inst>,
    divergent_terms: EntitySet<Block>,
    assumed_divergent: Vec<CycleId>,
    assumed_set: EntitySet<CycleId>,
    divergent_exit_cycles: Vec<CycleId>,
    divergent_exit_set: EntitySet<CycleId>,
    temporal: Vec<TemporalDivergence>,
    cycles: Arc<CycleInfo>,
    block_of: SecondaryMap<Inst, Option<Block>>,
    /// Token mode: loop intrinsics defined inside each cycle (filled lazily).
    hearts_in_cycle: std::sync::Mutex<SecondaryMap<CycleId, Option<Arc<Vec<Inst>>>>>,
    conv: Option<Arc<ConvergenceInfo>>,
}

struct Analysis<'a> {
    m: &'a Module,
    f: &'a Function,
    cfg: Arc<Cfg>,
    dt: Arc<DomTree>,
    uses: Arc<Uses>,
    /// Layout position of each instruction (its parse order, on fresh input).
    position: SecondaryMap<Inst, u32>,
    po: ModifiedPostOrder,
    /// Regions label propagation steps over, computed with the first
    /// divergent branch.
    skips: Option<RegionSkips>,
    descs: SecondaryMap<Block, Option<Arc<DivergenceDescriptor>>>,
    always_uniform: EntitySet<Inst>,
    worklist: Vec<Inst>,
    info: UniformityInfo,
}

impl UniformityInfo {
    /// Analyses function `fid` (body `f`) of `m` for `target` in `mode`.
    pub fn compute(m: &Module, fid: FuncId, f: &Function, target: Target, mode: Mode) -> UniformityInfo {
        Self::compute_with(m, fid, f, target, mode, None)
    }

    /// As [`UniformityInfo::compute`], reusing the convergence model `conv`
    /// of `f` when the caller already has it (the token-aware and legality
    /// modes need one).
    pub fn compute_with(
        m: &Module,
        fid: FuncId,
        f: &Function,
        target: Target,
        mode: Mode,
        conv: Option<Arc<ConvergenceInfo>>,
    ) -> UniformityInfo {
        let cycles = f.cycles();
        let mut block_of = SecondaryMap::new();
        let mut position = SecondaryMap::new();
        for (n, (b, i)) in f.insts_in_order().enumerate() {
            block_of[i] = Some(b);
            position[i] = n as u32;
        }
        let has_branch_divergence = target.has_branch_divergence(m, fid);
        let conv = (mode != Mode::Llvm && has_branch_divergence)
            .then(|| conv.unwrap_or_else(|| Arc::new(ConvergenceInfo::compute(m, f))));
        let info = UniformityInfo {
            mode,
            target,
            has_branch_divergence,
            divergent_params: vec![false; f.params().len()],
            params: f.params().to_vec(),
            divergent_insts: EntitySet::new(),
            divergent_terms: EntitySet::new(),
            assumed_divergent: Vec::new(),
            assumed_set: EntitySet::new(),
            divergent_exit_cycles: Vec::new(),
            divergent_exit_set: EntitySet::new(),
            temporal: Vec::new(),
            cycles: cycles.clone(),
            block_of,
            hearts_in_cycle: std::sync::Mutex::new(SecondaryMap::new()),
            conv,
        };
        if !has_branch_divergence {
            return info;
        }
        let cfg = f.cfg();
        let po = ModifiedPostOrder::compute(&cfg, &cycles);
        let mut a = Analysis {
            m,
            f,
            dt: f.domtree(),
            uses: f.uses(),
            position,
            cfg,
            po,
            skips: None,
            descs: SecondaryMap::new(),
            always_uniform: EntitySet::new(),
            worklist: Vec::new(),
            info,
        };
        a.initialize(fid);
        a.run();
        a.info
    }

    /// The mode the analysis ran in.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The target model used.
    pub fn target(&self) -> Target {
        self.target
    }

    /// Whether the function can have divergent branches at all.
    pub fn has_branch_divergence(&self) -> bool {
        self.has_branch_divergence
    }

    /// Whether `v` is divergent at its definition.
    pub fn is_divergent(&self, f: &Function, v: Value) -> bool {
        match f.dfg().value(v).def {
            ValueDef::Param(i) => self.divergent_params.get(i as usize).copied().unwrap_or(false),
            ValueDef::Inst(i) => self.divergent_insts.contains(i) || self.moved_apart(f, i),
            _ => false,
        }
    }

    /// Whether `i` is no longer where the analysis saw it, in a way that may
    /// make its result divergent: created since (never analysed), or moved
    /// out of a cycle whose threads may leave it apart. Such a result, the
    /// same for the threads of one iteration, is seen after the move by
    /// threads that left in different iterations (temporal divergence). A
    /// move into a cycle or within the same cycles leaves the result's own
    /// values as they were, so the recorded answer stays sound for it; its
    /// users outside the cycle are what the analysis would now call
    /// temporally divergent, which an oracle keeping this analysis handles
    /// by forgetting it (`Oracle::forget_uniformity`).
    fn moved_apart(&self, f: &Function, i: Inst) -> bool {
        let Some(now) = f.layout().inst_block(i) else { return false };
        let Some(then) = self.block_of[i] else { return self.has_branch_divergence };
        if then == now {
            return false;
        }
        let mut c = self.cycles.cycle_of(then);
        while let Some(cy) = c {
            if self.cycles.contains(cy, now) {
                return false;
            }
            if self.may_leave_apart(cy) {
                return true;
            }
            c = self.cycles.parent(cy);
        }
        false
    }

    /// Whether instruction `i` is divergent: its output, or for a terminator
    /// its block's branch.
    pub fn is_divergent_inst(&self, f: &Function, i: Inst) -> bool {
        if f.dfg().inst(i).is_terminator() {
            self.block_of[i].is_some_and(|b| self.divergent_terms.contains(b))
        } else {
            self.divergent_insts.contains(i) || self.moved_apart(f, i)
        }
    }

    /// Whether `v` as used by `user` is divergent: divergent at its
    /// definition, or temporally divergent because `user` is outside a cycle
    /// with a divergent exit that defines `v`.
    pub fn is_divergent_use(&self, f: &Function, v: Value, user: Inst) -> bool {
        if self.is_divergent(f, v) {
            return true;
        }
        // Where the instructions are now: a pass may have moved them since.
        let block = |i: Inst| f.layout().inst_block(i).or(self.block_of[i]);
        let (Some(def), Some(ub)) = (f.dfg().value_inst(v), block(user)) else { return false };
        let Some(db) = block(def) else { return false };
        let mut c = self.cycles.cycle_of(db);
        while let Some(cy) = c {
            if self.cycles.contains(cy, ub) {
                break;
            }
            if self.divergent_exit_set.contains(cy) && !self.exempt_from_temporal(f, user, cy) {
                return true;
            }
            c = self.cycles.parent(cy);
        }
        false
    }

    /// Whether the terminator of `b` is divergent.
    pub fn has_divergent_terminator(&self, b: Block) -> bool {
        self.divergent_terms.contains(b)
    }

    /// Whether `b` ends in a branch that all converged threads take the same
    /// way (a block without a conditional branch is trivially uniform).
    pub fn is_uniform_branch(&self, b: Block) -> bool {
        !self.divergent_terms.contains(b)
    }

    /// Whether threads that entered cycle `c` together may leave it in
    /// different iterations or by different exits: it has a divergent exit,
    /// or it is assumed divergent (irreducible), or an enclosing cycle is.
    pub fn may_leave_apart(&self, c: CycleId) -> bool {
        self.divergent_exit_set.contains(c) || self.within_assumed_divergent(c)
    }

    /// Cycles with a divergent exit, in discovery order.
    pub fn divergent_exit_cycles(&self) -> &[CycleId] {
        &self.divergent_exit_cycles
    }

    /// Cycles assumed divergent as a whole (irreducible control flow).
    pub fn assumed_divergent_cycles(&self) -> &[CycleId] {
        &self.assumed_divergent
    }

    /// Uses made divergent by temporal divergence.
    pub fn temporal_divergence(&self) -> &[TemporalDivergence] {
        &self.temporal
    }

    /// Whether parameter `i` is divergent.
    pub fn is_divergent_param(&self, i: usize) -> bool {
        self.divergent_params.get(i).copied().unwrap_or(false)
    }

    /// Whether anything at all is divergent.
    pub fn has_divergence(&self) -> bool {
        self.divergent_params.iter().any(|&d| d)
            || !self.divergent_insts.is_empty()
            || !self.divergent_terms.is_empty()
            || !self.divergent_exit_cycles.is_empty()
    }

    /// Whether `c` or a cycle containing it is assumed divergent.
    fn within_assumed_divergent(&self, c: CycleId) -> bool {
        let mut cur = Some(c);
        while let Some(cy) = cur {
            if self.assumed_set.contains(cy) {
                return true;
            }
            cur = self.cycles.parent(cy);
        }
        false
    }

    /// Token mode: whether `user` lies in the convergence region of a loop
    /// heart defined inside `cycle`, so that threads converged at `user`
    /// left `cycle` in the same iteration ("Temporal Divergence at Cycle Exit").
    fn exempt_from_temporal(&self, f: &Function, user: Inst, cycle: CycleId) -> bool {
        if self.mode != Mode::Tokens {
            return false;
        }
        let Some(conv) = &self.conv else { return false };
        let cached = self.hearts_in_cycle.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[cycle].clone();
        let hearts = match cached {
            Some(h) => h,
            None => {
                let h = Arc::new(loop_tokens_in(conv, &self.cycles, f, cycle));
                self.hearts_in_cycle.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[cycle] = Some(h.clone());
                h
            }
        };
        hearts.iter().any(|&d| conv.region_contains(f, d, user))
    }
}

/// The loop intrinsics defined inside `cycle`.
fn loop_tokens_in(conv: &ConvergenceInfo, ci: &CycleInfo, f: &Function, cycle: CycleId) -> Vec<Inst> {
    ci.blocks(cycle)
        .iter()
        .flat_map(|&b| f.block_insts(b))
        .filter(|&i| conv.def_kind(i) == Some(TokenKind::Loop))
        .collect()
}

impl Analysis<'_> {
    fn initialize(&mut self, fid: FuncId) {
        let target = self.info.target;
        let order: Vec<Inst> = self.f.insts_in_order().map(|(_, i)| i).collect();
        let anchored = self.info.conv.clone().filter(|_| self.info.mode == Mode::Legality);
        let legality = self.info.mode == Mode::Legality;
        for &i in &order {
            if let Some(conv) = &anchored
                && conv.under_anchor(i)
            {
                self.mark_divergent(i);
                continue;
            }
            if legality {
                if legality_source(self.m, self.f, fid, target, i) {
                    self.mark_divergent(i);
                }
                continue;
            }
            match target.classify(self.m, self.f, i, self.info.mode == Mode::Llvm) {
                ValueUniformity::Source => self.mark_divergent(i),
                ValueUniformity::AlwaysUniform => {
                    self.always_uniform.insert(i);
                }
                ValueUniformity::Default => {}
            }
        }
        for k in 0..self.info.params.len() {
            if param_source(self.m, fid, target, self.info.mode, k) {
                self.info.divergent_params[k] = true;
            }
        }
        // As LLVM does, seed the worklist with the users of every value
        // divergent so far (LLVM walks a hash set; we take definition order).
        // The order of the worklist does not change which values are
        // divergent, only which cycle exits are seen before their cycle is
        // assumed divergent, and so the temporal divergence list.
        for &i in &order {
            if self.info.divergent_insts.contains(i)
                && let Some(v) = self.f.dfg().inst_result(i)
            {
                self.push_users(v, Some(i));
            }
        }
        for k in 0..self.info.params.len() {
            if self.info.divergent_params[k] {
                self.push_users(self.info.params[k], None);
            }
        }
    }

    fn run(&mut self) {
        while let Some(i) = self.worklist.pop() {
            let d = self.f.dfg().inst(i);
            if d.is_terminator() {
                self.analyze_control_divergence(i);
                // A terminator with a result (an invoke) also carries its
                // divergence along its value, as a call does.
                if let Some(v) = d.result()
                    && self.info.divergent_insts.contains(i)
                {
                    self.push_users(v, Some(i));
                }
                continue;
            }
            if let Some(v) = d.result() {
                self.push_users(v, Some(i));
            }
        }
    }

    /// Marks the users of `v` (defined by `def`, or a parameter) divergent,
    /// in the order of LLVM's use lists (see [`Analysis::llvm_use_order`]).
    fn push_users(&mut self, v: Value, def: Option<Inst>) {
        let uses = self.uses.clone();
        let users = uses.users(v);
        let at = def.map(|d| self.position[d]);
        for &u in users.iter().rev() {
            if at.is_none_or(|a| self.position[u] > a) {
                self.mark_divergent(u);
            }
        }
        for &u in users {
            if at.is_some_and(|a| self.position[u] <= a) {
                self.mark_divergent(u);
            }
        }
    }

    fn mark_divergent(&mut self, i: Inst) {
        if self.always_uniform.contains(i) {
            return;
        }
        let d = self.f.dfg().inst(i);
        // A divergent invoke's result is divergent too, as a call's is.
        // LLVM 22 marks only the invoke's branch (its users stay uniform):
        // the LLVM-compatible mode reproduces that imprecision.
        if d.is_terminator()
            && d.result().is_some()
            && matches!(d.kind, InstKind::Invoke(_))
            && self.info.mode != Mode::Llvm
        {
            self.info.divergent_insts.insert(i);
        }
        let newly = if d.is_terminator() {
            match self.info.block_of[i] {
                Some(b) => self.info.divergent_terms.insert(b),
                None => false,
            }
        } else {
            self.info.divergent_insts.insert(i)
        };
        if newly {
            self.worklist.push(i);
        }
    }

    fn descriptor(&mut self, b: Block) -> Arc<DivergenceDescriptor> {
        if let Some(d) = &self.descs[b] {
            return d.clone();
        }
        if self.skips.is_none() {
            let pdt = self.f.postdomtree();
            self.skips = Some(RegionSkips::compute(&self.cfg, &self.info.cycles, &self.dt, &pdt));
        }
        let d = Arc::new(sync::join_points(&self.cfg, &self.info.cycles, &self.po, self.skips.as_ref(), b));
        self.descs[b] = Some(d.clone());
        d
    }

    fn analyze_control_divergence(&mut self, term: Inst) {
        let Some(b) = self.info.block_of[term] else { return };
        self.info.divergent_terms.insert(b);
        if !self.cfg.is_reachable(b) {
            return;
        }
        let desc = self.descriptor(b);
        let ci = self.info.cycles.clone();
        let mut div_cycles: Vec<CycleId> = Vec::new();
        for &j in &desc.join_blocks {
            if let Some(c) = sync::outermost_divergent_cycle(&ci, &self.dt, b, j) {
                div_cycles.push(c);
                continue;
            }
            self.taint_phis(j);
        }
        // Deeper cycles first, so that enclosing ones subsume them.
        div_cycles.sort_by_key(|&c| std::cmp::Reverse(ci.depth(c)));
        for c in div_cycles {
            if self.info.within_assumed_divergent(c) {
                continue;
            }
            self.info.assumed_divergent.push(c);
            self.info.assumed_set.insert(c);
            for &blk in ci.blocks(c) {
                self.taint_all_defs(blk);
            }
            if self.info.mode == Mode::Tokens {
                self.taint_regions_of_tokens_in(c);
            }
        }
        let branch_cycle = ci.cycle_of(b);
        for &x in &desc.cycle_exits {
            if let Some(bc) = branch_cycle {
                self.propagate_cycle_exit_divergence(x, bc);
            }
        }
    }

    fn taint_phis(&mut self, j: Block) {
        let phis: Vec<Inst> = self.f.phis(j).collect();
        for p in phis {
            if !constant_or_undef_phi(self.f, p) {
                self.mark_divergent(p);
            }
        }
    }

    fn taint_all_defs(&mut self, b: Block) {
        let insts: Vec<Inst> = self.f.block_insts(b).filter(|&i| !self.f.dfg().inst(i).is_terminator()).collect();
        for i in insts {
            self.mark_divergent(i);
        }
    }

    /// Controlled m-convergence, rule 1: tokens defined in a cycle that is not
    /// m-converged make their whole region not m-converged.
    fn taint_regions_of_tokens_in(&mut self, c: CycleId) {
        let Some(conv) = self.info.conv.clone() else { return };
        let ci = self.info.cycles.clone();
        let defs: Vec<Inst> = ci
            .blocks(c)
            .iter()
            .flat_map(|&b| self.f.block_insts(b))
            .filter(|&i| matches!(conv.op(i), ConvOp::Intrinsic { .. }))
            .collect();
        for d in defs {
            let region = conv.region(self.f, d);
            let blocks: Vec<Block> = region.blocks().collect();
            for b in blocks {
                let insts: Vec<Inst> = self
                    .f
                    .block_insts(b)
                    .filter(|&i| !self.f.dfg().inst(i).is_terminator() && region.contains(self.f, i))
                    .collect();
                for i in insts {
                    self.mark_divergent(i);
                }
            }
        }
    }

    /// The exit `exit`, reached by a diverged path from a branch in cycle
    /// `inner`, gives temporal divergence to every cycle that path leaves:
    /// those around `inner` that do not contain `exit`, the outermost of
    /// which is recorded. LLVM 22 walks out by depth instead (cycles deeper
    /// than `exit`'s own), which stops too early when `exit` lies in a cycle
    /// beside them: a branch in a loop nested in `L` that leaves `L` for a
    /// sibling loop of `L` marks only the inner loop, and the values of `L`
    /// used past its exit stay uniform although threads left `L` in
    /// different iterations. The LLVM-compatible mode reproduces that.
    fn propagate_cycle_exit_divergence(&mut self, exit: Block, inner: CycleId) {
        let ci = self.info.cycles.clone();
        let exit_depth = ci.block_depth(exit);
        let llvm = self.info.mode == Mode::Llvm;
        let mut outer = inner;
        let mut c = Some(inner);
        while let Some(cy) = c {
            if if llvm { ci.depth(cy) <= exit_depth } else { ci.contains(cy, exit) } {
                break;
            }
            outer = cy;
            c = ci.parent(cy);
        }
        if !self.info.divergent_exit_set.insert(outer) {
            return;
        }
        self.info.divergent_exit_cycles.push(outer);
        if self.info.within_assumed_divergent(outer) {
            return;
        }
        self.analyze_cycle_exit_divergence(outer);
    }

    /// The users of `v` (defined by `def`) in the order LLVM's use list holds
    /// them after parsing text, one entry per use: an instruction's new use goes
    /// to the front of the list, and forward references, resolved when the
    /// definition is parsed, end up behind those in source order. LLVM prints
    /// the temporal divergence list in this order, so we follow it to print
    /// the same bytes; it is meaningless after transforms, in LLVM as here.
    fn llvm_use_order(&self, def: Inst, v: Value) -> Vec<Inst> {
        let dfg = self.f.dfg();
        let users = self.uses.users(v);
        let mut out = Vec::with_capacity(users.len());
        let at = self.position[def];
        let per_use = |u: &Inst| std::iter::repeat_n(*u, dfg.inst(*u).args.iter().filter(|&&a| a == v).count());
        out.extend(users.iter().rev().filter(|&&u| self.position[u] > at).flat_map(per_use));
        out.extend(users.iter().filter(|&&u| self.position[u] <= at).flat_map(per_use));
        out
    }

    fn analyze_cycle_exit_divergence(&mut self, c: CycleId) {
        let ci = self.info.cycles.clone();
        let exits = ci.exits(&self.cfg, c);
        for &x in &exits {
            let phis: Vec<Inst> = self.f.phis(x).collect();
            for p in phis {
                let from_cycle = self.f.dfg().inst(p).args.iter().any(|&a| {
                    self.f.dfg().value_inst(a).and_then(|d| self.info.block_of[d]).is_some_and(|db| ci.contains(c, db))
                });
                if from_cycle && !self.info.exempt_from_temporal(self.f, p, c) {
                    self.mark_divergent(p);
                }
            }
        }
        let blocks: Vec<Block> = ci.blocks(c).to_vec();
        for b in blocks {
            if !exits.iter().any(|&x| self.dt.dominates(b, x)) {
                continue;
            }
            let insts: Vec<Inst> = self.f.block_insts(b).collect();
            for i in insts {
                let Some(v) = self.f.dfg().inst_result(i) else { continue };
                for u in self.llvm_use_order(i, v) {
                    let Some(ub) = self.info.block_of[u] else { continue };
                    if ci.contains(c, ub) || self.info.exempt_from_temporal(self.f, u, c) {
                        continue;
                    }
                    self.mark_divergent(u);
                    self.info.temporal.push(TemporalDivergence { def: i, user: u, cycle: c });
                }
            }
        }
    }
}

/// LLVM's `PHINode::hasConstantOrUndefValue`: every incoming value is the
/// same value, ignoring `undef`/`poison` and the phi itself.
fn constant_or_undef_phi(f: &Function, phi: Inst) -> bool {
    let dfg = f.dfg();
    let me = dfg.inst_result(phi);
    let mut seen: Option<Value> = None;
    for &a in &dfg.inst(phi).args {
        if Some(a) == me || dfg.value_const(a).is_some_and(|c| c.is_undef_or_poison()) {
            continue;
        }
        match seen {
            Some(s) if s != a => return false,
            _ => seen = Some(a),
        }
    }
    true
}

/// The uniformity of `f` for `m`'s target in `mode`, cached on the body.
pub fn uniformity(m: &Module, fid: FuncId, f: &Function, mode: Mode) -> Arc<UniformityInfo> {
    let target = Target::of_module(m);
    let cached = f.cached(opt_conv_ir::Changes::ALL, |f| UniformityInfo::compute(m, fid, f, target, mode));
    if cached.mode == mode && cached.target == target {
        return cached;
    }
    Arc::new(UniformityInfo::compute(m, fid, f, target, mode))
}

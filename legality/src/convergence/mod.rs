//! The convergence model of a function (`ConvergentOperations.rst`).
//!
//! For every call: whether it is a convergent operation, whether it is one of
//! the three convergence control intrinsics, and which token (if any) controls
//! it. For every token definition: its uses and, lazily, its *convergence
//! region* ("the set of program points dominated by the definition D of T
//! from which a use of T can be reached"). For every cycle: its heart and its
//! convergence kind (the classification loop transforms care about).
//!
//! Everything but regions and loop kinds is computed in one linear walk;
//! regions and loop kinds are computed on demand and cached, each in time
//! linear in what it covers.

mod region;
#[cfg(test)]
mod tests;
pub mod verify;

use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo, DomTree, FunctionAnalyses};
use opt_conv_ir::inst::CONVERGENCECTRL;
use opt_conv_ir::{Block, EntitySet, Function, Inst, InstData, Module, SecondaryMap, Value};
use std::sync::Arc;
use std::sync::{Mutex, PoisonError};

pub use region::Region;

/// The three convergence control intrinsics.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// `llvm.experimental.convergence.entry`: the threads that entered the function together.
    Entry,
    /// `llvm.experimental.convergence.anchor`: an implementation-defined set of threads.
    Anchor,
    /// `llvm.experimental.convergence.loop`: one iteration of a cycle (a heart when its token comes from outside).
    Loop,
}

impl TokenKind {
    /// The intrinsic's name.
    pub fn intrinsic_name(self) -> &'static str {
        match self {
            TokenKind::Entry => "llvm.experimental.convergence.entry",
            TokenKind::Anchor => "llvm.experimental.convergence.anchor",
            TokenKind::Loop => "llvm.experimental.convergence.loop",
        }
    }
}

/// What a single instruction is, convergence-wise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ConvOp {
    /// Not a convergent operation.
    #[default]
    None,
    /// A convergence control intrinsic; `token` is its bundle operand's definition (loop only).
    Intrinsic {
        /// Which intrinsic.
        kind: TokenKind,
        /// The definition of the token it uses (for `loop`).
        token: Option<Inst>,
    },
    /// A convergent operation controlled by the token defined at `token`.
    Controlled {
        /// The token's definition.
        token: Inst,
    },
    /// A convergent operation without a `convergencectrl` bundle.
    Uncontrolled,
}

/// How a function uses convergence control.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FunctionConvergence {
    /// No convergent operation at all.
    None,
    /// Convergence tokens only.
    Controlled,
    /// Uncontrolled convergent operations only.
    Uncontrolled,
    /// Both (invalid IR: the verifier rejects it).
    Mixed,
}

impl FunctionConvergence {
    /// The kind of a function with (or without) controlled operations or
    /// token intrinsics, and with (or without) uncontrolled operations.
    fn from_kinds(controlled: bool, uncontrolled: bool) -> FunctionConvergence {
        match (controlled, uncontrolled) {
            (false, false) => FunctionConvergence::None,
            (true, false) => FunctionConvergence::Controlled,
            (false, true) => FunctionConvergence::Uncontrolled,
            (true, true) => FunctionConvergence::Mixed,
        }
    }

    /// [`ConvergenceInfo::mode`] of `f`, from a walk over its calls alone
    /// (no dominator tree or cycles).
    pub fn of(m: &Module, f: &Function) -> FunctionConvergence {
        let (mut controlled, mut uncontrolled) = (false, false);
        for (_, i) in f.insts_in_order() {
            match classify(m, f, f.dfg().inst(i)) {
                ConvOp::Intrinsic { .. } | ConvOp::Controlled { .. } => controlled = true,
                ConvOp::Uncontrolled => uncontrolled = true,
                ConvOp::None => {}
            }
        }
        FunctionConvergence::from_kinds(controlled, uncontrolled)
    }
}

/// Convergence kind of a loop (cycle), as loop transforms classify it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoopConvergence {
    /// No convergent operation in the loop.
    None,
    /// Tokens defined and used inside the loop only (e.g. an in-loop anchor).
    Controlled,
    /// Controlled, with a heart: a loop intrinsic in the header using an outside token.
    Heart(Inst),
    /// A token defined inside the loop is used outside it ("extended" loop).
    Extended,
    /// Uncontrolled convergent operations inside.
    Uncontrolled,
}

/// Whether `d` is a convergent call as LLVM 22's `CallBase::isConvergent`
/// sees it: the call site or a direct callee has the `convergent` attribute.
pub fn has_convergent_attr(m: &Module, f: &Function, d: &InstData) -> bool {
    let Some(c) = d.call_info() else { return false };
    if c.fn_attrs.has("convergent") {
        return true;
    }
    callee_decl(m, f, d).is_some_and(|decl| decl.is_convergent())
}

/// Whether `d` is a convergent operation per the LangRef: a direct call to a
/// convergent function, a call site with `convergent`, or any call with a
/// `convergencectrl` bundle.
pub fn is_convergent_op(m: &Module, f: &Function, d: &InstData) -> bool {
    has_convergent_attr(m, f, d) || d.call_info().is_some_and(|c| c.bundles.iter().any(|b| &*b.tag == CONVERGENCECTRL))
}

/// The declaration of a direct call's callee.
pub fn callee_decl<'m>(m: &'m Module, f: &Function, d: &InstData) -> Option<&'m opt_conv_ir::FuncDecl> {
    m.func(f.dfg().direct_callee_of(d)?)
}

/// The convergence intrinsic `d` calls, if any.
pub fn intrinsic_kind(m: &Module, f: &Function, d: &InstData) -> Option<TokenKind> {
    if !matches!(d.kind, opt_conv_ir::InstKind::Call(_)) {
        return None;
    }
    match &*callee_decl(m, f, d)?.name {
        "llvm.experimental.convergence.entry" => Some(TokenKind::Entry),
        "llvm.experimental.convergence.anchor" => Some(TokenKind::Anchor),
        "llvm.experimental.convergence.loop" => Some(TokenKind::Loop),
        _ => None,
    }
}

/// The convergence model of one function.
pub struct ConvergenceInfo {
    ops: SecondaryMap<Inst, ConvOp>,
    /// Token definitions (intrinsic calls) in layout order.
    defs: Vec<Inst>,
    /// Controlled uses of each token definition, in layout order.
    uses: SecondaryMap<Inst, Vec<Inst>>,
    mode: FunctionConvergence,
    hearts: SecondaryMap<CycleId, Option<Inst>>,
    cfg: Arc<Cfg>,
    domtree: Arc<DomTree>,
    cycles: Arc<CycleInfo>,
    regions: Mutex<SecondaryMap<Inst, Option<Arc<Region>>>>,
    loop_kinds: Mutex<SecondaryMap<CycleId, Option<LoopConvergence>>>,
    block_of: SecondaryMap<Inst, Option<Block>>,
}

impl ConvergenceInfo {
    /// Computes the model of `f` (whose declarations live in `m`).
    pub fn compute(m: &Module, f: &Function) -> ConvergenceInfo {
        let (cfg, domtree, cycles) = (f.cfg(), f.domtree(), f.cycles());
        let dfg = f.dfg();
        let mut ops: SecondaryMap<Inst, ConvOp> = SecondaryMap::new();
        let mut defs = Vec::new();
        let mut uses: SecondaryMap<Inst, Vec<Inst>> = SecondaryMap::new();
        let mut block_of = SecondaryMap::new();
        let (mut controlled, mut uncontrolled) = (false, false);
        for (b, i) in f.insts_in_order() {
            block_of[i] = Some(b);
            let d = dfg.inst(i);
            if d.call_info().is_none() {
                continue;
            }
            let token = token_def(f, d);
            let op = classify(m, f, d);
            if matches!(op, ConvOp::Intrinsic { .. }) {
                defs.push(i);
            }
            match op {
                ConvOp::Intrinsic { .. } | ConvOp::Controlled { .. } => controlled = true,
                ConvOp::Uncontrolled => uncontrolled = true,
                ConvOp::None => {}
            }
            if let Some(t) = token {
                uses[t].push(i);
            }
            ops[i] = op;
        }
        let mode = FunctionConvergence::from_kinds(controlled, uncontrolled);
        // Hearts: a loop intrinsic H is the heart of every cycle that contains
        // H but not the definition of H's token (the static rules make that
        // the outermost such cycle's header; we record the first one found
        // walking outwards, which is what the verifier checks too).
        let mut hearts: SecondaryMap<CycleId, Option<Inst>> = SecondaryMap::new();
        for &h in &defs {
            let ConvOp::Intrinsic { kind: TokenKind::Loop, token: Some(t) } = ops[h] else { continue };
            let (Some(hb), Some(tb)) = (block_of[h], block_of[t]) else { continue };
            let mut c = cycles.cycle_of(hb);
            while let Some(cy) = c {
                if cycles.contains(cy, tb) {
                    break;
                }
                if hearts[cy].is_none() {
                    hearts[cy] = Some(h);
                }
                c = cycles.parent(cy);
            }
        }
        ConvergenceInfo {
            ops,
            defs,
            uses,
            mode,
            hearts,
            cfg,
            domtree,
            cycles,
            regions: Mutex::new(SecondaryMap::new()),
            loop_kinds: Mutex::new(SecondaryMap::new()),
            block_of,
        }
    }

    /// The classification of instruction `i`.
    pub fn op(&self, i: Inst) -> ConvOp {
        self.ops[i]
    }

    /// Whether `i` is a convergent operation (intrinsics included).
    pub fn is_convergent(&self, i: Inst) -> bool {
        !matches!(self.ops[i], ConvOp::None)
    }

    /// The definition of the token controlling `call` (its bundle operand).
    pub fn token_of(&self, call: Inst) -> Option<Inst> {
        match self.ops[call] {
            ConvOp::Controlled { token } => Some(token),
            ConvOp::Intrinsic { token, .. } => token,
            _ => None,
        }
    }

    /// Which intrinsic `i` is, if it defines a token.
    pub fn def_kind(&self, i: Inst) -> Option<TokenKind> {
        match self.ops[i] {
            ConvOp::Intrinsic { kind, .. } => Some(kind),
            _ => None,
        }
    }

    /// Token definitions in layout order.
    pub fn token_defs(&self) -> &[Inst] {
        &self.defs
    }

    /// Operations using the token defined at `def` (bundles only), in layout order.
    pub fn uses_of(&self, def: Inst) -> &[Inst] {
        &self.uses[def]
    }

    /// How the function uses convergence control.
    pub fn mode(&self) -> FunctionConvergence {
        self.mode
    }

    /// Whether `i` is a convergent operation (not a token intrinsic) whose
    /// token comes from an anchor, directly or through loop intrinsics: the
    /// threads it communicates with are a group the implementation chose.
    pub fn under_anchor(&self, i: Inst) -> bool {
        let ConvOp::Controlled { token } = self.ops[i] else { return false };
        self.anchor_root(token).is_some()
    }

    /// The anchor a token comes from, directly or through loop intrinsics
    /// (`None` for tokens rooted in the entry token).
    pub fn anchor_root(&self, token: Inst) -> Option<Inst> {
        let mut t = token;
        // Each step goes to the token's own token; the static rules make the
        // chain acyclic, and a bound keeps a malformed one from looping.
        for _ in 0..=self.defs.len() {
            match self.ops[t] {
                ConvOp::Intrinsic { kind: TokenKind::Anchor, .. } => return Some(t),
                ConvOp::Intrinsic { kind: TokenKind::Loop, token: Some(p) } => t = p,
                _ => return None,
            }
        }
        None
    }

    /// The heart of cycle `c`: a loop intrinsic in `c` whose token is defined outside `c`.
    pub fn heart_of(&self, c: CycleId) -> Option<Inst> {
        self.hearts[c]
    }

    /// The block of an instruction of this function.
    pub fn block_of(&self, i: Inst) -> Option<Block> {
        self.block_of[i]
    }

    /// The cycles the model was computed with.
    pub fn cycles(&self) -> &CycleInfo {
        &self.cycles
    }

    /// The convergence region of the token defined at `def`.
    pub fn region(&self, f: &Function, def: Inst) -> Arc<Region> {
        if let Some(r) = &self.regions.lock().unwrap_or_else(PoisonError::into_inner)[def] {
            return r.clone();
        }
        let r = Arc::new(Region::compute(f, &self.cfg, def, &self.uses[def]));
        self.regions.lock().unwrap_or_else(PoisonError::into_inner)[def] = Some(r.clone());
        r
    }

    /// Whether the program point just before `point` is in the convergence
    /// region of the token defined at `def`.
    pub fn region_contains(&self, f: &Function, def: Inst, point: Inst) -> bool {
        self.region(f, def).contains(f, point)
    }

    /// The innermost token whose region strictly encloses the region of
    /// `def` (contains `def` itself), if any: how regions nest.
    pub fn enclosing_region(&self, f: &Function, def: Inst) -> Option<Inst> {
        // Candidates are definitions that dominate `def`; the innermost is the
        // one that dominates all the others.
        let mut best: Option<Inst> = None;
        for &d in &self.defs {
            if d == def || !self.dominates_inst(f, d, def) || !self.region_contains(f, d, def) {
                continue;
            }
            if best.is_none_or(|b| self.dominates_inst(f, b, d)) {
                best = Some(d);
            }
        }
        best
    }

    /// Whether instruction `a` dominates instruction `b`.
    pub fn dominates_inst(&self, f: &Function, a: Inst, b: Inst) -> bool {
        let (Some(ab), Some(bb)) = (self.block_of[a], self.block_of[b]) else { return false };
        if ab == bb { a == b || f.layout().inst_precedes(a, b) } else { self.domtree.dominates(ab, bb) }
    }

    /// The convergence kind of cycle `c` (LLVM's `CodeMetrics` classification,
    /// with the heart found by `getLoopConvergenceHeart`).
    pub fn loop_kind(&self, f: &Function, c: CycleId) -> LoopConvergence {
        if let Some(k) = self.loop_kinds.lock().unwrap_or_else(PoisonError::into_inner)[c] {
            return k;
        }
        let k = self.compute_loop_kind(f, c);
        self.loop_kinds.lock().unwrap_or_else(PoisonError::into_inner)[c] = Some(k);
        k
    }

    fn compute_loop_kind(&self, f: &Function, c: CycleId) -> LoopConvergence {
        let cy = &self.cycles;
        let mut kind = LoopConvergence::None;
        'blocks: for &b in cy.blocks(c) {
            for i in f.block_insts(b) {
                match self.ops[i] {
                    ConvOp::None => {}
                    ConvOp::Uncontrolled => {
                        kind = LoopConvergence::Uncontrolled;
                        break 'blocks;
                    }
                    ConvOp::Intrinsic { .. } => {
                        let extends =
                            self.uses[i].iter().any(|&u| self.block_of[u].is_some_and(|ub| !cy.contains(c, ub)));
                        if extends {
                            kind = LoopConvergence::Extended;
                            break 'blocks;
                        }
                        kind = LoopConvergence::Controlled;
                    }
                    ConvOp::Controlled { .. } => kind = LoopConvergence::Controlled,
                }
            }
        }
        if kind == LoopConvergence::Controlled
            && let Some(h) = self.loop_heart(f, c)
        {
            return LoopConvergence::Heart(h);
        }
        kind
    }

    /// LLVM's `getLoopConvergenceHeart`: the first convergent operation of
    /// the header, if it is a loop intrinsic whose token comes from outside.
    pub fn loop_heart(&self, f: &Function, c: CycleId) -> Option<Inst> {
        let header = self.cycles.header(c);
        let first = f.block_insts(header).find(|&i| self.is_convergent(i))?;
        match self.ops[first] {
            ConvOp::Intrinsic { kind: TokenKind::Loop, token: Some(t) } => {
                let tb = self.block_of[t]?;
                (!self.cycles.contains(c, tb)).then_some(first)
            }
            _ => None,
        }
    }

    /// Blocks of the function that contain a convergent operation.
    pub fn blocks_with_convergent_ops(&self, f: &Function) -> EntitySet<Block> {
        let mut s = EntitySet::new();
        for (b, i) in f.insts_in_order() {
            if self.is_convergent(i) {
                s.insert(b);
            }
        }
        s
    }
}

/// What instruction `d` (of `f`) is, convergence-wise: what
/// [`ConvergenceInfo::op`] says of it, without analysing the rest of `f`.
pub fn classify(m: &Module, f: &Function, d: &InstData) -> ConvOp {
    if d.call_info().is_none() {
        return ConvOp::None;
    }
    let token = token_def(f, d);
    match intrinsic_kind(m, f, d) {
        Some(kind) => ConvOp::Intrinsic { kind, token },
        None => match token {
            Some(t) => ConvOp::Controlled { token: t },
            None if is_convergent_op(m, f, d) => ConvOp::Uncontrolled,
            None => ConvOp::None,
        },
    }
}

/// The token definition of a call's `convergencectrl` bundle, when the
/// bundle is well formed (once, one operand) and the operand is an instruction.
fn token_def(f: &Function, d: &InstData) -> Option<Inst> {
    let c = d.call_info()?;
    if c.bundles.iter().filter(|b| &*b.tag == CONVERGENCECTRL).count() != 1 {
        return None;
    }
    let t: Value = d.convergence_token()?;
    f.dfg().value_inst(t)
}

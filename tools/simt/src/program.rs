//! What a module looks like to the executor, computed once per module and
//! shared by every run: per function its cycles, positions, block names,
//! constants and classified call sites; and the initial memory image
//! (globals laid out and initialized, functions given addresses).

use crate::builtins::{Callee, classify};
use crate::error::{Result, SimtError};
use crate::memory::{Memory, RegionKind, addr};
use crate::positions::{Levels, compute_levels};
use crate::typed::TypeCtx;
use crate::value::Val;
use opt_conv_ir::analysis::{CycleInfo, FunctionAnalyses};
use opt_conv_ir::inst::CONVERGENCECTRL;
use opt_conv_ir::{
    Block, EntityRef, FuncId, Function, GlobalId, Inst, MemoryEffects, Module, SecondaryMap, Value, ValueDef,
};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Where a call goes.
#[derive(Clone, Debug)]
pub enum Target {
    /// A function with a body: executed.
    Defined(FuncId),
    /// A declaration, classified by name.
    Decl(FuncId, Callee),
    /// Through a pointer: resolved when executed.
    Indirect,
    /// Inline assembly.
    Asm,
}

/// A classified call site.
#[derive(Clone, Debug)]
pub struct CallSite {
    /// Where it goes.
    pub target: Target,
    /// Whether it is a convergent operation (LangRef: a call to a convergent
    /// function, a `convergent` call site, or a `convergencectrl` bundle).
    pub convergent: bool,
    /// Whether not executing it is unobservable: it has no memory effects,
    /// or it only reads memory and returns (`willreturn nounwind`).
    pub pure: bool,
    /// Whether it may read memory: its result then also depends on the
    /// memory its pointer arguments point into (see `calls.rs`).
    pub reads: bool,
    /// The `convergencectrl` token operand.
    pub token: Option<Value>,
    /// The callee's name (for events and messages).
    pub name: String,
}

/// Per-function facts.
pub struct FuncInfo {
    /// The cycle forest.
    pub cycles: Arc<CycleInfo>,
    /// Position levels of each block.
    pub levels: Levels,
    /// For each block, the cycles containing it, outermost first.
    pub cycle_chain: SecondaryMap<Block, Vec<opt_conv_ir::analysis::CycleId>>,
    /// Call sites.
    pub calls: FxHashMap<Inst, CallSite>,
    /// Initial value table: constants filled in, everything else poison.
    pub consts: Vec<Val>,
    /// Index of each instruction within its block.
    pub index: SecondaryMap<Inst, u32>,
    /// Printed block names (`%entry`, `%3`).
    pub block_names: SecondaryMap<Block, String>,
    /// The control-flow graph.
    pub cfg: Arc<opt_conv_ir::analysis::Cfg>,
    /// Per value (by index), whether an instruction of the body uses it.
    pub used: Vec<bool>,
    /// For each block, whether a `ret` is reachable from it: a thread
    /// stuck where none is can never return from that invocation.
    pub returns: SecondaryMap<Block, bool>,
}

impl FuncInfo {
    /// Whether block `to` is reachable from block `from` (or is it).
    pub fn reaches(&self, from: Block, to: Block) -> bool {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut work = vec![from];
        while let Some(b) = work.pop() {
            if b == to {
                return true;
            }
            if seen.insert(b) {
                work.extend(self.cfg.succs(b).iter().copied());
            }
        }
        false
    }
}

/// Cycle hierarchies chosen for some functions (the others keep the IR's).
pub type Hierarchy = FxHashMap<FuncId, Arc<CycleInfo>>;

/// A module prepared for execution.
pub struct Program<'m> {
    /// The module.
    pub module: &'m Module,
    /// Types and data layout.
    pub tcx: TypeCtx<'m>,
    /// Defined functions.
    pub funcs: FxHashMap<FuncId, FuncInfo>,
    /// Memory holding the globals (and function addresses) before any run.
    pub memory: Memory,
    /// Address of each global.
    pub globals: FxHashMap<GlobalId, u64>,
    /// The function each function region stands for.
    pub func_regions: FxHashMap<usize, FuncId>,
    /// Whether the module declares shader resource intrinsics
    /// ([`crate::resources`]).
    pub uses_resources: bool,
}

impl<'m> Program<'m> {
    /// Prepares `module`.
    pub fn new(module: &'m Module) -> Result<Program<'m>> {
        Self::with_layout(module, &[])
    }

    /// Prepares `module`, giving the globals and functions named in
    /// `layout` (as [`Program::layout`] lists them) those region numbers,
    /// so that two versions of a module agree on every address they share
    /// (a transform that adds a declaration must not move the others).
    /// Names the module lacks keep their numbers as empty placeholders.
    pub fn with_layout(module: &'m Module, layout: &[String]) -> Result<Program<'m>> {
        Self::with_hierarchy(module, layout, &Hierarchy::default())
    }

    /// [`Program::with_layout`], running the functions `hierarchy` names
    /// with those cycle hierarchies instead of the IR's own (see
    /// [`crate::hierarchies`]).
    pub fn with_hierarchy(module: &'m Module, layout: &[String], hierarchy: &Hierarchy) -> Result<Program<'m>> {
        let tcx = TypeCtx { types: &module.types, dl: module.data_layout().clone() };
        let mut memory = Memory::default();
        let mut globals = FxHashMap::default();
        let mut func_regions = FxHashMap::default();
        let mut fixed: FxHashMap<&str, usize> = FxHashMap::default();
        for name in layout {
            let r = memory.add(name.clone(), RegionKind::Absent, 0, false)?;
            fixed.insert(name.as_str(), r);
        }
        let place = |memory: &mut Memory, name: String, kind: RegionKind, size: u64| match fixed.get(name.as_str()) {
            Some(&r) => memory.fill_placeholder(r, name, kind, size).map(|()| r),
            None => memory.add(name, kind, size, false),
        };
        for &g in module.order() {
            if let Some(v) = module.var(g) {
                let r = place(&mut memory, format!("@{}", v.name), RegionKind::Global, tcx.alloc_size(v.ty))?;
                globals.insert(g, addr(r, 0));
            } else if let Some(d) = module.func(g) {
                let r = place(&mut memory, format!("@{}", d.name), RegionKind::Func(g), 0)?;
                globals.insert(g, addr(r, 0));
                func_regions.insert(r, g);
            }
        }
        for &g in module.order() {
            if let Some(v) = module.var(g)
                && let Some(init) = &v.init
            {
                let val = tcx.constant(init, &globals)?;
                tcx.store(&mut memory, globals[&g], v.ty, &val)?;
                let (r, _) = crate::memory::split(globals[&g]).unwrap_or((0, 0));
                memory.region_mut(r).read_only = v.is_constant;
            }
        }
        let mut funcs = FxHashMap::default();
        for f in module.definitions() {
            if let Some(body) = module.body(f) {
                let cycles = hierarchy.get(&f).cloned().unwrap_or_else(|| body.cycles());
                funcs.insert(f, func_info(module, &tcx, &globals, body, cycles)?);
            }
        }
        let uses_resources = module
            .order()
            .iter()
            .any(|&g| module.func(g).is_some_and(|d| crate::resources::classify(&d.name).is_some()));
        Ok(Program { module, tcx, funcs, memory, globals, func_regions, uses_resources })
    }

    /// The module under each cycle hierarchy of its functions other than
    /// the IR's, at most `limit`, laid out as `layout`: one function's at a
    /// time first, then, when several functions have irreducible cycles,
    /// several functions' at once (a compiler picks a hierarchy for every
    /// function, and a behaviour may need two functions' choices together).
    pub fn other_hierarchies(module: &'m Module, layout: &[String], limit: usize) -> Result<Vec<Program<'m>>> {
        let mut per: Vec<(FuncId, Vec<Arc<CycleInfo>>)> = Vec::new();
        for f in module.definitions() {
            let Some(body) = module.body(f) else { continue };
            let alts = crate::hierarchies::other_hierarchies(body, limit);
            if !alts.is_empty() {
                per.push((f, alts));
            }
        }
        let mut out = Vec::new();
        for (f, alts) in &per {
            for cycles in alts.iter().take(limit.saturating_sub(out.len())) {
                let h: Hierarchy = std::iter::once((*f, cycles.clone())).collect();
                out.push(Self::with_hierarchy(module, layout, &h)?);
            }
        }
        // Joint choices, counted in mixed radix (0 is the IR's hierarchy),
        // skipping those that vary fewer than two functions.
        let mut digits = vec![0usize; per.len()];
        while per.len() > 1 && out.len() < limit {
            let Some(k) = (0..per.len()).find(|&k| digits[k] < per[k].1.len()) else { break };
            digits[k] += 1;
            digits[..k].fill(0);
            if digits.iter().filter(|&&d| d != 0).count() < 2 {
                continue;
            }
            let h: Hierarchy = per
                .iter()
                .zip(&digits)
                .filter(|&(_, &d)| d != 0)
                .map(|((f, alts), &d)| (*f, alts[d - 1].clone()))
                .collect();
            out.push(Self::with_hierarchy(module, layout, &h)?);
        }
        Ok(out)
    }

    /// The names of the globals' and functions' regions, in region order.
    pub fn layout(&self) -> Vec<String> {
        self.memory.regions().iter().map(|r| r.name.clone()).collect()
    }

    /// The body of a defined function.
    pub fn body(&self, f: FuncId) -> &'m Function {
        self.module.body(f).expect("Program only holds defined functions")
    }

    /// Whether nothing uses the value `op` produces (an anchor whose token
    /// controls nothing: how its instances are grouped is unobservable).
    pub fn result_unused(&self, op: crate::classes::StaticOp) -> bool {
        let Some(info) = self.funcs.get(&op.func) else { return false };
        self.body(op.func).dfg().inst_result(op.inst).is_none_or(|v| !info.used.get(v.index()).copied().unwrap_or(true))
    }

    /// The function's name.
    pub fn name(&self, f: FuncId) -> &'m str {
        self.module.func(f).map_or("?", |d| &d.name)
    }

    /// `@f/%block` for messages.
    pub fn where_(&self, f: FuncId, b: Block) -> String {
        let block = self.funcs.get(&f).map_or_else(|| format!("%bb{}", b.index()), |i| i.block_names[b].clone());
        format!("@{}/{block}", self.name(f))
    }

    /// Classifies a call to function `g` (direct, or resolved from a pointer).
    pub fn target_of(&self, g: FuncId, convergent: bool) -> Target {
        match self.module.func(g) {
            Some(_) if self.module.has_body(g) => Target::Defined(g),
            Some(d) => Target::Decl(g, classify(&d.name, convergent || d.is_convergent())),
            None => Target::Indirect,
        }
    }
}

fn func_info(
    module: &Module,
    tcx: &TypeCtx,
    globals: &FxHashMap<GlobalId, u64>,
    f: &Function,
    cycles: Arc<CycleInfo>,
) -> Result<FuncInfo> {
    let cfg = f.cfg();
    let levels = compute_levels(&cfg, &cycles);
    let dfg = f.dfg();
    let slots = opt_conv_ir::text::Slots::new(f);
    let mut cycle_chain: SecondaryMap<Block, Vec<_>> = SecondaryMap::new();
    let mut block_names = SecondaryMap::new();
    let mut index = SecondaryMap::new();
    let mut calls = FxHashMap::default();
    for b in f.layout().blocks() {
        block_names[b] = slots.block_ref(b);
        let mut chain = Vec::new();
        let mut c = cycles.cycle_of(b);
        while let Some(x) = c {
            chain.push(x);
            c = cycles.parent(x);
        }
        chain.reverse();
        cycle_chain[b] = chain;
        for (k, i) in f.layout().block_insts(b).enumerate() {
            index[i] = k as u32;
            if let Some(site) = call_site(module, f, i) {
                calls.insert(i, site);
            }
        }
    }
    // Only constants that an instruction in the body uses: a removed
    // instruction's operands (the callee of a debug intrinsic call that
    // became a record, say) may name globals that are gone.
    let mut used = vec![false; dfg.num_values()];
    for (_, i) in f.insts_in_order() {
        for &a in &dfg.inst(i).args {
            used[a.index()] = true;
        }
    }
    let mut consts = vec![Val::Poison; dfg.num_values()];
    for (k, slot) in consts.iter_mut().enumerate() {
        let v = Value::new(k);
        if !used[k] {
            continue;
        }
        if let ValueDef::Const(c) = &dfg.value(v).def {
            *slot = tcx.constant(c, globals).map_err(|e| match e {
                SimtError::Unsupported(m) => SimtError::Unsupported(format!("constant: {m}")),
                other => other,
            })?;
        }
    }
    // Blocks from which a `ret` is reachable, walking edges backwards.
    let mut returns: SecondaryMap<Block, bool> = SecondaryMap::new();
    let mut work: Vec<Block> = f
        .layout()
        .blocks()
        .filter(|&b| {
            f.layout().last_inst(b).is_some_and(|i| matches!(dfg.inst(i).kind, opt_conv_ir::inst::InstKind::Ret))
        })
        .collect();
    while let Some(b) = work.pop() {
        if !returns[b] {
            returns[b] = true;
            work.extend(cfg.preds(b).iter().copied());
        }
    }
    Ok(FuncInfo { cycles, levels, cycle_chain, calls, consts, index, block_names, cfg, returns, used })
}

fn call_site(module: &Module, f: &Function, i: Inst) -> Option<CallSite> {
    let d = f.dfg().inst(i);
    let info = d.call_info()?;
    let has_bundle = info.bundles.iter().any(|b| &*b.tag == CONVERGENCECTRL);
    let callee = d.callee()?;
    if matches!(f.dfg().value(callee).def, ValueDef::Asm(_)) {
        return Some(CallSite {
            target: Target::Asm,
            convergent: info.fn_attrs.has("convergent"),
            pure: false,
            reads: true,
            token: d.convergence_token(),
            name: "asm".into(),
        });
    }
    // Which function a call calls is a structural question, answered by
    // the IR as the passes see it; the executor's own arithmetic
    // (`arith.rs`) stays deliberately separate from the passes', so that
    // equivalence checks do not share a bug with what they check.
    let direct = f.dfg().direct_callee(i).and_then(|g| module.func(g).map(|decl| (g, decl)));
    let site_convergent = info.fn_attrs.has("convergent") || has_bundle;
    let site = &info.fn_attrs;
    Some(match direct {
        Some((g, decl)) => {
            let convergent = site_convergent || decl.is_convergent();
            let target =
                if module.has_body(g) { Target::Defined(g) } else { Target::Decl(g, classify(&decl.name, convergent)) };
            let (pure, reads) = droppable(&[site, &decl.fn_attrs]);
            CallSite { target, convergent, pure, reads, token: d.convergence_token(), name: decl.name.to_string() }
        }
        None => {
            let (pure, reads) = droppable(&[site]);
            CallSite {
                target: Target::Indirect,
                convergent: site_convergent,
                pure,
                reads,
                token: d.convergence_token(),
                name: "indirect".into(),
            }
        }
    })
}

/// `(pure, reads)` of a call whose attribute sets (call site, declaration)
/// are `sets`: pure without memory effects, or when it only reads memory
/// and is known to return (`willreturn`, `nounwind`); reads unless it
/// touches no memory.
fn droppable(sets: &[&opt_conv_ir::AttrSet]) -> (bool, bool) {
    let none = sets.iter().any(|a| a.memory() == MemoryEffects::None);
    let read_only = sets.iter().any(|a| a.memory() == MemoryEffects::ReadOnly);
    let returns = sets.iter().any(|a| a.has("willreturn")) && sets.iter().any(|a| a.has("nounwind"));
    (none || (read_only && returns), !none)
}

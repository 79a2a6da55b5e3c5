//! `always-inline`: inlines exactly the calls marked always-inline (the
//! call site or its callee `alwaysinline`, the call site not `noinline`),
//! whatever they cost, as LLVM's `AlwaysInlinerPass` does:
//!
//! * callees in module order, each one's calls newest first (the order of
//!   LLVM's use lists: for a module just read, from the last call back), a
//!   callee LLVM finds not viable (it calls itself, has an indirect branch
//!   or a taken block address, or what [`crate::inline_rules`] forbids)
//!   left alone;
//! * each call inlined as `inline` inlines it ([`crate::inline`]: the same
//!   oracle question, the same refusals of code that cannot work elsewhere,
//!   the same copy), a callee with dynamic allocas included: the inlined
//!   code is then bracketed with `llvm.stacksave` and `llvm.stackrestore`;
//! * an `alwaysinline` callee left without uses, whose linkage lets it go,
//!   is deleted (one in a comdat only with all the comdat's members).
//!
//! Convergence: each inlining asks the oracle the same question `inline`
//! does and follows its plan (the callee's entry token replaced by the
//! call site's, or tokens inferred for an uncontrolled callee); a refusal
//! leaves the call, with a missed remark naming the rule.
//!
//! Not done: the `flatten` attribute of newer LLVMs.

use crate::call_graph::CallGraph;
use crate::dead_functions::Deletable;
use crate::inline::{
    CalleeSummary, Callees, CallerConvergence, Mode, adopt_personality, callee_name, decide, eh_refusal, eh_value_type,
    inline_call, plan_note,
};
use crate::pass::{ModuleCx, ModulePass, PassError};
use crate::remarks::{Remark, RemarkKind, block_label};
use opt_conv_ir::{Changes, EntitySet, FuncId, Inst, InstKind, Module, SecondaryMap, Type};
use rustc_hash::FxHashMap;

/// The pass.
pub struct AlwaysInline;

impl ModulePass for AlwaysInline {
    fn name(&self) -> &'static str {
        "always-inline"
    }
    fn class_name(&self) -> &'static str {
        "AlwaysInlinerPass"
    }
    fn run(&self, m: &mut Module, cx: &mut ModuleCx<'_>) -> Result<Changes, PassError> {
        let changed = always_inline_module(m, cx)?;
        Ok(if changed { Changes::ALL } else { Changes::NONE })
    }
}

/// Why LLVM would not inline `f` anywhere (`isInlineViable`), if so.
fn not_viable(m: &Module, graph: &CallGraph, f: FuncId, summary: &CalleeSummary) -> Option<String> {
    if graph.self_calls(f) > 0 {
        return Some("recursive call".into());
    }
    let body = m.body(f)?;
    if m.address_taken.contains_key(&f) {
        return Some("blockaddress used outside of callbr".into());
    }
    if body.insts_in_order().any(|(_, i)| matches!(body.dfg().inst(i).kind, InstKind::IndirectBr)) {
        return Some("contains indirect branches".into());
    }
    if let Some(why) = &summary.calls.not_viable {
        return Some(why.clone());
    }
    let returns_twice = m.func(f).is_some_and(|d| d.fn_attrs.has("returns_twice"));
    (summary.calls.calls_returns_twice && !returns_twice).then(|| "exposes returns-twice attribute".into())
}

/// What the pass knows of a caller across the calls inlined into it.
struct CallerFacts {
    conv: CallerConvergence,
    /// Why the inliner leaves it alone (funclet pads, indirect branches):
    /// inlining brings in only what it handles, so this holds throughout.
    eh: Option<String>,
    /// The type of its landing pads, once it has some.
    eh_ty: Option<Type>,
}

/// What the pass keeps across the calls it inlines.
struct State {
    graph: CallGraph,
    callees: Callees,
    callers: FxHashMap<FuncId, CallerFacts>,
    /// Each callee's call sites, oldest first; the calls inlining brings
    /// in are newer than all others.
    users: SecondaryMap<FuncId, Vec<(FuncId, Inst)>>,
}

/// Runs the pass over `m`: whether anything changed.
pub fn always_inline_module(m: &mut Module, cx: &mut ModuleCx<'_>) -> Result<bool, PassError> {
    let graph = CallGraph::build(m);
    let deletable = Deletable::new(m);
    let mut users: SecondaryMap<FuncId, Vec<(FuncId, Inst)>> = SecondaryMap::new();
    for f in m.definitions() {
        let body = m.body(f).expect("a definition");
        for (_, i) in body.insts_in_order() {
            if let Some(c) = graph.site(f, i) {
                users[c].push((f, i));
            }
        }
    }
    let callees = Callees {
        summaries: FxHashMap::default(),
        named: None,
        base_threshold: cx.options.inline_threshold,
        mode: Mode::Always,
    };
    let mut st = State { graph, callees, callers: FxHashMap::default(), users };
    let (mut dead, mut is_dead) = (Vec::new(), EntitySet::new());
    // Dead but named before inlining (seen again at the end), and dead in a
    // comdat (deleted with the whole comdat only).
    let (mut recheck, mut in_comdat) = (Vec::new(), Vec::new());
    let mut changed = false;
    let functions: Vec<FuncId> = m.functions().collect();
    for callee in functions {
        if is_dead.contains(callee) || !m.has_body(callee) || !st.graph.is_defined(callee) {
            continue;
        }
        let decl = m.func(callee).expect("a function");
        if decl.fn_attrs.has("presplitcoroutine") {
            continue;
        }
        let callee_always = decl.fn_attrs.has("alwaysinline");
        let body = m.body(callee).expect("a definition");
        let summary = st.callees.summaries.entry(callee).or_insert_with(|| CalleeSummary::new(m, callee, body));
        if not_viable(m, &st.graph, callee, summary).is_some() {
            continue;
        }
        let sites = std::mem::take(&mut st.users[callee]);
        for &(caller, call) in sites.iter().rev() {
            if is_dead.contains(caller) || st.graph.site(caller, call) != Some(callee) {
                continue;
            }
            let ci = m.body(caller).and_then(|b| b.dfg().inst(call).call_info());
            if !ci.is_some_and(|c| (callee_always || c.fn_attrs.has("alwaysinline")) && !c.fn_attrs.has("noinline")) {
                continue;
            }
            changed |= inline_one(m, cx, &mut st, (caller, call), callee)?;
        }
        // LLVM deletes the callee now if nothing uses it any longer.
        if callee_always && st.graph.calls_to(callee) == 0 && Deletable::discardable(m, callee) {
            if m.func(callee).and_then(|d| d.props.comdat.as_ref()).is_some() {
                in_comdat.push(callee);
            } else if deletable.referenced(callee) {
                recheck.push(callee);
            } else {
                st.graph.remove_function(callee);
                dead.push(callee);
                is_dead.insert(callee);
            }
        }
    }
    changed |= !dead.is_empty();
    m.remove_globals(&dead);
    if recheck.is_empty() && in_comdat.is_empty() {
        return Ok(changed);
    }
    // Inlining may have deleted what named them (a call's argument the
    // inlined code did not use): one more look at the whole module.
    let named = crate::dead_functions::referenced_now(m);
    let graph = &mut st.graph;
    let unused = |f: FuncId, graph: &CallGraph| !named.contains(f) && graph.calls_to(f) == 0;
    let mut more: Vec<FuncId> = recheck.into_iter().filter(|&f| unused(f, graph)).collect();
    // A comdat goes when all its members do.
    let mut per_comdat: FxHashMap<Box<str>, Vec<FuncId>> = FxHashMap::default();
    for f in in_comdat {
        if let Some(c) = m.func(f).and_then(|d| d.props.comdat.clone()) {
            per_comdat.entry(c).or_default().push(f);
        }
    }
    let mut groups: Vec<(Box<str>, Vec<FuncId>)> = per_comdat.into_iter().collect();
    groups.sort_by_key(|(_, fs)| fs[0]);
    for (c, fs) in groups {
        if fs.len() == deletable.comdat_members(&c) && fs.iter().all(|&f| unused(f, graph)) {
            more.extend(fs);
        }
    }
    for &f in &more {
        graph.remove_function(f);
    }
    m.remove_globals(&more);
    Ok(changed || !more.is_empty())
}

/// Inlines `call` (in `caller`) to `callee` if the rules allow it, with
/// the remark saying what happened: whether it was inlined.
fn inline_one(
    m: &mut Module,
    cx: &mut ModuleCx<'_>,
    st: &mut State,
    (caller, call): (FuncId, Inst),
    callee: FuncId,
) -> Result<bool, PassError> {
    let State { graph, callees, callers, users } = st;
    let name = callee_name(m, caller);
    let Some(mut body) = m.take_body(caller) else { return Ok(false) };
    let facts = callers.entry(caller).or_insert_with(|| CallerFacts {
        conv: CallerConvergence::new(caller),
        eh: crate::eh::why_inliner_leaves_alone(m, caller, &body).map(|(_, what)| what),
        eh_ty: eh_value_type(&body),
    });
    let verdict = match eh_refusal(
        m,
        (caller, &body),
        call,
        callee,
        (facts.eh.as_deref(), facts.eh_ty),
        &mut callees.summaries,
    ) {
        Some(why) => Err(why),
        None => decide(m, &body, call, callee, graph, callees, &mut facts.conv),
    };
    let call_block = body.layout().inst_block(call).expect("a call in the layout");
    let block = block_label(&body, call_block).trim_start_matches('%').to_owned();
    let (plan, note) = match verdict {
        Ok(v) => v,
        Err(why) => {
            m.set_body(caller, body);
            cx.remarks.emit(Remark {
                kind: RemarkKind::Missed,
                pass: "always-inline",
                function: name.clone(),
                block: Some(block),
                message: format!("cannot inline @{} into @{name}: {why}", callee_name(m, callee)),
            });
            return Ok(false);
        }
    };
    let what = format!("inlined @{} into @{name} {note}{}", callee_name(m, callee), plan_note(&plan));
    tracing::debug!(target: "opt_conv::inline", "{what}");
    body.track_uses();
    facts.conv.count(m, &body, call, -1);
    let edits = match inline_call(m, &mut body, call, callee, &plan, graph) {
        Ok(edits) => edits,
        Err(e) => {
            body.untrack_uses();
            m.set_body(caller, body);
            return Err(PassError { message: e });
        }
    };
    for &i in &edits.clones {
        facts.conv.count(m, &body, i, 1);
    }
    debug_assert!(
        !facts.conv.counted()
            || facts.conv.mode(m, &body) == opt_conv_legality::ConvergenceInfo::compute(m, &body).mode(),
        "@{name}: convergence mode kept across inlinings differs from a recount"
    );
    body.untrack_uses();
    m.set_body(caller, body);
    crate::inline_rules::merge_attributes(m, caller, callee);
    adopt_personality(m, caller, callee);
    facts.eh_ty = facts.eh_ty.or_else(|| callees.summaries.get(&callee)?.eh_ty);
    graph.inlined(caller, call, &edits.new_sites);
    for &(i, c) in &edits.new_sites {
        users[c].push((caller, i));
    }
    cx.remarks.emit(Remark {
        kind: RemarkKind::Passed,
        pass: "always-inline",
        function: name,
        block: Some(block),
        message: what,
    });
    Ok(true)
}

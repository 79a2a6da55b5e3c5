//! `inline`: inlines direct calls to defined functions, callees before
//! callers (the order of LLVM's CGSCC inliner), asking the legality oracle
//! how to connect convergence:
//!
//! * the callee's entry intrinsic is replaced with the call site's token
//!   (`ConvergentOperations.rst`, "llvm.experimental.convergence.entry");
//! * a convergent call without a token into a callee that uses the entry
//!   intrinsic is refused with LLVM's message, "convergent call needs
//!   convergencectrl operand";
//! * a controlled call into an uncontrolled callee gets tokens inferred in
//!   the inlined copy, rooted at the call site's token, so the caller stays
//!   controlled (LLVM leaves such mixed IR broken).
//!
//! Which calls: `alwaysinline` callees always, `noinline` never, recursive
//! ones (in a call-graph cycle) never; others when a cost estimate stays
//! under LLVM's default threshold of 225 (five per instruction, 25 more per
//! call, free terminators, casts and convergence intrinsics; half again the
//! threshold for a single-block callee; a bonus making the last call to a
//! local function always worth it).
//!
//! The inlined copy looks as LLVM's does: values and blocks get a `.i`
//! suffix, the callee's entry block joins the call's block, a single return
//! joins the code after the call, several returns meet in `<callee>.exit`
//! with a phi, static allocas move to the caller's entry block, and cloned
//! instructions left unused are deleted.

use crate::infer_tokens::infer_tokens_in_region;
use crate::pass::{ModuleCx, ModulePass, PassError};
use crate::remarks::block_label;
use crate::remarks::{Remark, RemarkKind};
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::metadata::MdArg;
use opt_conv_ir::{
    Block, Changes, ConstKind, EntitySet, FuncId, Function, Inst, InstData, InstKind, Module, SecondaryMap, Value,
    ValueDef,
};
use opt_conv_legality::oracle::{InlinePlan, Obligation, Oracle, Query, Verdict};
use opt_conv_legality::{ConvergenceInfo, TokenKind};
use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::FxHashMap;

/// The pass.
pub struct Inline;

/// LLVM's default inline threshold.
const THRESHOLD: i64 = 225;
/// Inlined calls per caller before we stop (guards against blow-up).
const MAX_INLINES_PER_CALLER: usize = 4096;

impl ModulePass for Inline {
    fn name(&self) -> &'static str {
        "inline"
    }
    fn class_name(&self) -> &'static str {
        "InlinerPass"
    }
    fn run(&self, m: &mut Module, cx: &mut ModuleCx<'_>) -> Result<Changes, PassError> {
        let order = bottom_up_order(m);
        let recursive = recursive_functions(m);
        let mut changed = false;
        for caller in order {
            let name = m.func(caller).map(|d| d.name.to_string()).unwrap_or_default();
            let _span = tracing::debug_span!(target: "opt_conv::inline", "inline", func = %name).entered();
            let Some(mut body) = m.take_body(caller) else { continue };
            let mut inlined = 0;
            let mut refused: EntitySet<Inst> = EntitySet::new();
            // Calls before `from` are all refused or not candidates, and an
            // inlined body lands where its call was (in the call's block or
            // after it): the scan resumes there instead of at the entry.
            let mut from = body.entry_block();
            while inlined < MAX_INLINES_PER_CALLER {
                let start = match from {
                    Some(b) if body.layout().is_block_inserted(b) => b,
                    _ => match body.entry_block() {
                        Some(e) => e,
                        None => break,
                    },
                };
                let Some((call, callee)) = next_call(m, &body, caller, &recursive, &refused, start) else { break };
                from = body.layout().inst_block(call);
                match decide(m, &body, caller, call, callee) {
                    Err(why) => {
                        refused.insert(call);
                        let block = body.layout().inst_block(call).map(|b| block_label(&body, b));
                        cx.remarks.emit(Remark {
                            kind: RemarkKind::Missed,
                            pass: "inline",
                            function: name.clone(),
                            block: block.map(|b| b.trim_start_matches('%').to_owned()),
                            message: format!("cannot inline @{} into @{name}: {why}", callee_name(m, callee)),
                        });
                    }
                    Ok((plan, note)) => {
                        let block = body.layout().inst_block(call).map(|b| block_label(&body, b));
                        let what =
                            format!("inlined @{} into @{name} {note}{}", callee_name(m, callee), plan_note(&plan));
                        tracing::debug!(target: "opt_conv::inline", "{what}");
                        // Each inlining asks who uses the call's result and
                        // the clones: from the first one on, follow the edits
                        // instead of scanning the caller per question.
                        body.track_uses();
                        match inline_call(m, &mut body, call, callee, &plan) {
                            Ok(()) => {
                                cx.remarks.emit(Remark {
                                    kind: RemarkKind::Passed,
                                    pass: "inline",
                                    function: name.clone(),
                                    block: block.map(|b| b.trim_start_matches('%').to_owned()),
                                    message: what,
                                });
                                inlined += 1;
                                changed = true;
                            }
                            Err(e) => {
                                body.untrack_uses();
                                m.set_body(caller, body);
                                return Err(PassError { message: e });
                            }
                        }
                    }
                }
            }
            body.untrack_uses();
            m.set_body(caller, body);
        }
        Ok(if changed { Changes::ALL } else { Changes::NONE })
    }
}

fn callee_name(m: &Module, f: FuncId) -> String {
    m.func(f).map(|d| d.name.to_string()).unwrap_or_default()
}

fn plan_note(plan: &InlinePlan) -> &'static str {
    match plan {
        InlinePlan::Plain => "",
        InlinePlan::SubstituteEntry { .. } => "; entry token replaced by the call site's token",
        InlinePlan::InferTokens { .. } => {
            "; tokens inferred for the uncontrolled callee, rooted at the call site's token"
        }
    }
}

/// Defined functions, callees before callers (strongly connected
/// components of the call graph in post-order), ties in module order.
fn bottom_up_order(m: &Module) -> Vec<FuncId> {
    let defs = m.definitions();
    let mut g: DiGraph<FuncId, ()> = DiGraph::new();
    let mut node: FxHashMap<FuncId, NodeIndex> = FxHashMap::default();
    for &f in &defs {
        node.insert(f, g.add_node(f));
    }
    for &f in &defs {
        for callee in direct_callees(m, f) {
            if let Some(&n) = node.get(&callee) {
                g.add_edge(node[&f], n, ());
            }
        }
    }
    petgraph::algo::tarjan_scc(&g)
        .into_iter()
        .flat_map(|scc| {
            let mut fs: Vec<FuncId> = scc.into_iter().map(|n| g[n]).collect();
            fs.sort_by_key(|f| defs.iter().position(|d| d == f));
            fs
        })
        .collect()
}

/// Functions in a call-graph cycle (including calling themselves).
fn recursive_functions(m: &Module) -> EntitySet<FuncId> {
    let defs = m.definitions();
    let mut g: DiGraph<FuncId, ()> = DiGraph::new();
    let mut node: FxHashMap<FuncId, NodeIndex> = FxHashMap::default();
    for &f in &defs {
        node.insert(f, g.add_node(f));
    }
    let mut out = EntitySet::new();
    for &f in &defs {
        for callee in direct_callees(m, f) {
            if callee == f {
                out.insert(f);
            }
            if let Some(&n) = node.get(&callee) {
                g.add_edge(node[&f], n, ());
            }
        }
    }
    for scc in petgraph::algo::tarjan_scc(&g) {
        if scc.len() > 1 {
            for n in scc {
                out.insert(g[n]);
            }
        }
    }
    out
}

fn direct_callees(m: &Module, f: FuncId) -> Vec<FuncId> {
    let Some(body) = m.body(f) else { return Vec::new() };
    body.insts_in_order().filter_map(|(_, i)| direct_callee(m, body, i)).collect()
}

/// The defined function a call instruction calls directly.
fn direct_callee(m: &Module, f: &Function, i: Inst) -> Option<FuncId> {
    let d = f.dfg().inst(i);
    if !matches!(d.kind, InstKind::Call(_)) {
        return None;
    }
    match &f.dfg().value(d.callee()?).def {
        ValueDef::Const(c) => match c.kind {
            ConstKind::Global(g) if m.func(g).is_some() => Some(g),
            _ => None,
        },
        _ => None,
    }
}

/// The first call in `body`, from block `start` on, worth considering.
fn next_call(
    m: &Module,
    body: &Function,
    caller: FuncId,
    recursive: &EntitySet<FuncId>,
    refused: &EntitySet<Inst>,
    start: Block,
) -> Option<(Inst, FuncId)> {
    let blocks = std::iter::successors(Some(start), |&b| body.layout().next_block(b));
    blocks.flat_map(|b| body.block_insts(b)).find_map(|i| {
        let callee = direct_callee(m, body, i)?;
        let ok = !refused.contains(i) && callee != caller && !recursive.contains(callee) && m.body(callee).is_some();
        ok.then_some((i, callee))
    })
}

/// Whether to inline, and how (with the cost note for the remark), or why not.
fn decide(
    m: &Module,
    caller: &Function,
    caller_id: FuncId,
    call: Inst,
    callee: FuncId,
) -> Result<(InlinePlan, String), String> {
    let decl = m.func(callee).expect("a defined callee");
    let ci = caller.dfg().inst(call).call_info().expect("a call");
    if decl.fn_attrs.has("noinline") || ci.fn_attrs.has("noinline") {
        return Err("noinline attribute".into());
    }
    if !callee_types_match(m, caller, call, callee) {
        return Err("the call's type does not match the callee's".into());
    }
    let body = m.body(callee).expect("a defined callee");
    let always = decl.fn_attrs.has("alwaysinline") || ci.fn_attrs.has("alwaysinline");
    let (c, t) = (cost(m, caller, call, body, callee), threshold(body));
    let note = if always { "(cost=always)".to_owned() } else { format!("(cost={c}, threshold={t})") };
    if !always && c >= t {
        return Err(format!("too costly {note}"));
    }
    // Most callees have nothing to do with convergence: then the answer
    // needs none of the caller's analyses (built per call, they would make
    // a caller with many call sites quadratic).
    let verdict = Oracle::inline_without_convergence(m, body)
        .unwrap_or_else(|| Oracle::new(m, caller_id, caller).ask(caller, &Query::Inline { call }));
    match verdict {
        Verdict::Legal(obligations) => {
            let plan = obligations
                .into_iter()
                .find_map(|o| match o {
                    Obligation::Inline(p) => Some(p),
                    _ => None,
                })
                .unwrap_or(InlinePlan::Plain);
            Ok((plan, note))
        }
        Verdict::Refused(r) => Err(r.to_string()),
    }
}

fn callee_types_match(m: &Module, caller: &Function, call: Inst, callee: FuncId) -> bool {
    let ci = caller.dfg().inst(call).call_info().expect("a call");
    m.func(callee).is_some_and(|d| d.ty == ci.fn_ty)
}

/// The threshold for `body`: LLVM's default, half again when no terminator
/// of the callee has two or more successors (LLVM's single-block bonus).
fn threshold(body: &Function) -> i64 {
    let branches = body.layout().blocks().any(|b| body.successors(b).len() > 1);
    if branches { THRESHOLD } else { THRESHOLD + THRESHOLD / 2 }
}

/// An estimate of LLVM's inline cost (see the module docs): five per
/// instruction that is not free, 25 more per call in the callee, minus what
/// removing the call saves (25, and five for it and for each argument), and
/// a large bonus for the last call to a local function.
fn cost(m: &Module, caller: &Function, call: Inst, body: &Function, callee: FuncId) -> i64 {
    let mut c = 0;
    for (_, i) in body.insts_in_order() {
        let d = body.dfg().inst(i);
        let free = match &d.kind {
            InstKind::Ret | InstKind::Unreachable => true,
            InstKind::Br => d.blocks.len() == 1,
            InstKind::Cast { op, .. } => op.keyword() == "bitcast",
            InstKind::Call(_) => opt_conv_legality::convergence::callee_decl(m, body, d).is_some_and(|c| {
                c.name.starts_with("llvm.experimental.convergence.")
                    || c.name.starts_with("llvm.lifetime.")
                    || &*c.name == "llvm.assume"
            }),
            _ => false,
        };
        if !free {
            c += 5;
            if d.call_info().is_some() {
                c += 25;
            }
        }
    }
    let nargs = caller.dfg().inst(call).call_args().len() as i64;
    c -= 25 + 5 * (1 + nargs);
    let local =
        m.func(callee).and_then(|d| d.props.linkage.as_deref()).is_some_and(|l| l == "internal" || l == "private");
    if local && count_uses(m, caller, callee) == 1 {
        c -= 15_000;
    }
    c
}

/// Direct calls to `f` in the module, the caller (taken out of it) included.
fn count_uses(m: &Module, caller: &Function, f: FuncId) -> usize {
    let in_body = |b: &Function| b.insts_in_order().filter(|&(_, i)| direct_callee(m, b, i) == Some(f)).count();
    m.definitions().into_iter().filter_map(|g| m.body(g)).map(in_body).sum::<usize>() + in_body(caller)
}

/// Inlines `call` (in `f`) to `callee` following `plan`.
fn inline_call(m: &mut Module, f: &mut Function, call: Inst, callee: FuncId, plan: &InlinePlan) -> Result<(), String> {
    let callee_body = m.body(callee).ok_or("callee body missing")?.clone();
    let callee_info = ConvergenceInfo::compute(m, &callee_body);
    let entry_intrinsic =
        callee_info.token_defs().iter().copied().find(|&i| callee_info.def_kind(i) == Some(TokenKind::Entry));
    let call_block = f.layout().inst_block(call).ok_or("call not in the layout")?;
    let call_data = f.dfg().inst(call).clone();
    let site_token = call_data.convergence_token();
    let args: Vec<Value> = call_data.call_args().to_vec();
    let call_result = f.dfg().inst_result(call).filter(|&r| f.is_used(r));

    // Clone blocks and instructions (results first, operands second, since
    // phis may refer to later definitions).
    let cdfg = callee_body.dfg();
    let mut vmap: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
    for (k, &p) in callee_body.params().iter().enumerate() {
        vmap[p] = args.get(k).copied();
    }
    let mut bmap: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    let callee_blocks: Vec<Block> = callee_body.layout().blocks().collect();
    let mut new_blocks = Vec::new();
    for &b in &callee_blocks {
        let name = cdfg.block_name(b).map(|n| format!("{n}.i"));
        let nb = f.dfg_mut().make_block(name.as_deref());
        bmap[b] = Some(nb);
        new_blocks.push(nb);
    }
    let mut clones: Vec<(Inst, Inst)> = Vec::new();
    let mut returns: Vec<(Block, Option<Value>)> = Vec::new();
    for &b in &callee_blocks {
        for i in callee_body.block_insts(b) {
            if Some(i) == entry_intrinsic {
                // Substituted by the call site's token.
                if let (Some(r), Some(t)) = (cdfg.inst_result(i), site_token) {
                    vmap[r] = Some(t);
                }
                continue;
            }
            let d = cdfg.inst(i);
            let mut nd = InstData {
                kind: d.kind.clone(),
                args: Default::default(),
                blocks: Default::default(),
                result: Default::default(),
            };
            nd.blocks = d.blocks.clone();
            let ty = cdfg.inst_result(i).map(|r| cdfg.value_type(r)).unwrap_or(opt_conv_ir::Type::VOID);
            let ni = f.dfg_mut().make_inst(nd, ty);
            if let (Some(r), Some(nr)) = (cdfg.inst_result(i), f.dfg().inst_result(ni)) {
                vmap[r] = Some(nr);
                if let Some(n) = cdfg.value_name(r) {
                    f.dfg_mut().set_value_name(nr, Some(&format!("{n}.i")));
                }
            }
            let md = cdfg.inst_metadata(i).to_vec();
            if !md.is_empty() {
                f.dfg_mut().set_all_inst_md(ni, md);
            }
            clones.push((i, ni));
            f.layout_mut().append_inst(ni, bmap[b].expect("mapped"));
        }
    }
    // Operands, block references, returns.
    for &(i, ni) in &clones {
        let d = cdfg.inst(i);
        let mut new_args = Vec::with_capacity(d.args.len());
        for &a in &d.args {
            new_args.push(map_value(f, cdfg, &mut vmap, a));
        }
        let dfg = f.dfg_mut();
        let nd = dfg.inst_mut(ni);
        nd.args = new_args.into();
        for blk in nd.blocks.iter_mut() {
            *blk = bmap[*blk].expect("mapped block");
        }
    }
    // A one-block callee ending in `ret` goes where the call was: what
    // splitting the call's block and merging it back would leave, without
    // moving the code after the call twice (quadratic for a long block with
    // many calls).
    if let ([only], InlinePlan::Plain | InlinePlan::SubstituteEntry { .. }) = (new_blocks.as_slice(), plan)
        && let Some(ret) = f.terminator(*only).filter(|&t| matches!(f.dfg().inst(t).kind, InstKind::Ret))
    {
        inline_in_place(f, call, call_result, *only, ret);
        delete_dead_clones(m, f, &clones);
        return Ok(());
    }
    // Split the call's block: everything after the call moves to a new block.
    let after_name = format!("{}.exit", callee_name(m, callee));
    let after = f.dfg_mut().make_block(Some(&after_name));
    f.layout_mut().insert_block_after(after, call_block);
    let tail: Vec<Inst> = f.block_insts(call_block).skip_while(|&x| x != call).skip(1).collect();
    for &x in &tail {
        let layout = f.layout_mut();
        layout.remove_inst(x);
        layout.append_inst(x, after);
    }
    // Successors of the old block now see `after` as their predecessor.
    let succs: Vec<Block> = f.terminator(after).map(|t| f.dfg().inst(t).successors().to_vec()).unwrap_or_default();
    retarget_phis(f, &succs, call_block, after);
    // Cloned blocks go between the call's block and `after`.
    let mut prev = call_block;
    for &nb in &new_blocks {
        f.layout_mut().insert_block_after(nb, prev);
        prev = nb;
    }
    // Returns become branches to `after`.
    for &(_, ni) in &clones {
        if matches!(f.dfg().inst(ni).kind, InstKind::Ret) {
            let b = f.layout().inst_block(ni).expect("in layout");
            let v = f.dfg().inst(ni).args.first().copied();
            returns.push((b, v));
            let dfg = f.dfg_mut();
            let d = dfg.inst_mut(ni);
            d.kind = InstKind::Br;
            d.args.clear();
            d.blocks = [after].into_iter().collect();
        }
    }
    // The call becomes a branch to the callee's entry copy.
    let entry_copy = new_blocks[0];
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[entry_copy]), opt_conv_ir::Type::VOID);
    f.layout_mut().insert_inst_before(br, call);
    remove_inst_raw(f, call);
    // The returned value.
    let mut repl = Replacements::new();
    if let Some(r) = call_result {
        let value = match returns.as_slice() {
            [(_, Some(v))] => Some(*v),
            [] => None,
            _ => {
                let ty = f.dfg().value_type(r);
                let phi = InstData::new(
                    InstKind::Phi { fmf: Default::default() },
                    &returns.iter().map(|(_, v)| v.unwrap_or(r)).collect::<Vec<_>>(),
                    &returns.iter().map(|(b, _)| *b).collect::<Vec<_>>(),
                );
                let p = f.dfg_mut().make_inst(phi, ty);
                let pv = f.dfg().inst_result(p).expect("phi result");
                if let Some(n) = f.dfg().value_name(r).map(str::to_owned) {
                    f.dfg_mut().set_value_name(pv, Some(&n));
                }
                match f.layout().first_inst(after) {
                    Some(first) => f.layout_mut().insert_inst_before(p, first),
                    None => f.layout_mut().append_inst(p, after),
                }
                Some(pv)
            }
        };
        if let Some(v) = value {
            repl.insert(r, v);
        }
    }
    repl.apply(f);
    // Static allocas of the callee's entry go to the caller's entry block.
    let allocas: Vec<Inst> = f
        .block_insts(entry_copy)
        .filter(|&i| matches!(f.dfg().inst(i).kind, InstKind::Alloca { .. }) && f.dfg().inst(i).args.is_empty())
        .collect();
    move_to_entry_top(f, &allocas);
    // Convergence: tokens for an uncontrolled callee.
    if let InlinePlan::InferTokens { token } = plan {
        let root = f.dfg().inst_result(*token).ok_or("call-site token has no value")?;
        infer_tokens_in_region(m, f, &new_blocks, root).map_err(|e| format!("inline: {e}"))?;
    }
    // Shape as LLVM leaves it: the callee's entry joins the call's block, a
    // single return joins the code after the call.
    crate::cfg_edit::merge_into_predecessor(m, f, entry_copy);
    if returns.len() == 1 {
        crate::cfg_edit::merge_into_predecessor(m, f, after);
    } else if returns.is_empty() {
        // The callee never returns: what followed the call is unreachable.
        remove_unreachable_block(f, after);
    }
    delete_dead_clones(m, f, &clones);
    Ok(())
}

/// Moves the body of `copy` (a one-block callee's copy, not in the layout)
/// before `call`, which it replaces: the call's result becomes the value
/// `ret` returned, and static allocas go to the top of the caller's entry,
/// as in the general case.
fn inline_in_place(f: &mut Function, call: Inst, call_result: Option<Value>, copy: Block, ret: Inst) {
    let returned = f.dfg().inst(ret).args.first().copied();
    let body: Vec<Inst> = f.block_insts(copy).filter(|&i| i != ret).collect();
    for &i in &body {
        let layout = f.layout_mut_preserving_cfg();
        layout.remove_inst(i);
        layout.insert_inst_before(i, call);
    }
    // No edge changes: the CFG stays valid.
    remove_inst(f, ret);
    remove_inst(f, call);
    if let (Some(r), Some(v)) = (call_result, returned) {
        let mut repl = Replacements::new();
        repl.insert(r, v);
        repl.apply(f);
    }
    let allocas: Vec<Inst> = body
        .into_iter()
        .filter(|&i| matches!(f.dfg().inst(i).kind, InstKind::Alloca { .. }) && f.dfg().inst(i).args.is_empty())
        .collect();
    move_to_entry_top(f, &allocas);
}

/// Moves `allocas` (in order) to the top of the caller's entry block, above
/// whatever else is there. Some of them may be in the entry already, even
/// at its top (a call that began the entry block was replaced in place):
/// the anchor is the first instruction that does not move.
fn move_to_entry_top(f: &mut Function, allocas: &[Inst]) {
    let entry = f.entry_block().expect("caller has an entry");
    let anchor = f.block_insts(entry).find(|i| !allocas.contains(i)).expect("entry has a terminator");
    let layout = f.layout_mut_preserving_cfg();
    for &a in allocas {
        layout.remove_inst(a);
        layout.insert_inst_before(a, anchor);
    }
}

/// The caller value for callee value `a`.
fn map_value(
    f: &mut Function,
    cdfg: &opt_conv_ir::DataFlowGraph,
    vmap: &mut SecondaryMap<Value, Option<Value>>,
    a: Value,
) -> Value {
    if let Some(v) = vmap[a] {
        return v;
    }
    let ty = cdfg.value_type(a);
    let v = match &cdfg.value(a).def {
        ValueDef::Const(c) => f.dfg_mut().make_const((**c).clone()),
        ValueDef::Asm(asm) => f.dfg_mut().make_value(ty, ValueDef::Asm(asm.clone())),
        ValueDef::Md(md) => {
            let arg = match &**md {
                MdArg::Local(l) => MdArg::Local(vmap[*l].unwrap_or(*l)),
                other => other.clone(),
            };
            f.dfg_mut().make_value(ty, ValueDef::Md(Box::new(arg)))
        }
        // Parameters and results are mapped before operands are.
        ValueDef::Param(_) | ValueDef::Inst(_) | ValueDef::Placeholder => {
            f.dfg_mut().make_value(ty, ValueDef::Placeholder)
        }
    };
    vmap[a] = Some(v);
    v
}

/// Phis in `succs` that named `old` as incoming block now name `new`.
fn retarget_phis(f: &mut Function, succs: &[Block], old: Block, new: Block) {
    for &s in succs {
        let phis: Vec<Inst> = f.phis(s).collect();
        let dfg = f.dfg_mut();
        for p in phis {
            for b in dfg.inst_mut(p).blocks.iter_mut() {
                if *b == old {
                    *b = new;
                }
            }
        }
    }
}

/// Removes `i` from the layout and marks it removed, whatever uses it.
fn remove_inst_raw(f: &mut Function, i: Inst) {
    let (dfg, layout) = f.parts_mut();
    layout.remove_inst(i);
    dfg.mark_removed(i);
}

/// Removes a block nothing branches to, with its instructions.
fn remove_unreachable_block(f: &mut Function, b: Block) {
    let insts: Vec<Inst> = f.block_insts(b).collect();
    let succs: Vec<Block> = f.terminator(b).map(|t| f.dfg().inst(t).successors().to_vec()).unwrap_or_default();
    for s in succs {
        let phis: Vec<Inst> = f.phis(s).collect();
        let dfg = f.dfg_mut();
        for p in phis {
            let d = dfg.inst_mut(p);
            let keep: Vec<usize> = (0..d.blocks.len()).filter(|&k| d.blocks[k] != b).collect();
            d.args = keep.iter().map(|&k| d.args[k]).collect();
            d.blocks = keep.iter().map(|&k| d.blocks[k]).collect();
        }
    }
    for i in insts {
        remove_inst_raw(f, i);
    }
    f.layout_mut().remove_block(b);
}

/// Cloned instructions whose results nobody uses and that have no effect
/// are deleted (as LLVM's cloner does), repeatedly.
fn delete_dead_clones(m: &Module, f: &mut Function, clones: &[(Inst, Inst)]) {
    crate::simplify::delete_dead_among(m, f, |f| {
        clones
            .iter()
            .map(|&(_, ni)| ni)
            .filter(|&ni| !f.dfg().is_removed(ni) && f.layout().inst_block(ni).is_some())
            .collect()
    });
}

//! `convergent-cse`: a convergence-aware pass written against opt-conv's
//! library, outside its crates: the example the pass-author guide follows.
//!
//! Within a block, a convergent operation identical to an earlier one
//! (same callee, arguments and `convergencectrl` token) that has no effects
//! besides its result is replaced by the earlier one: the same threads
//! execute both (same block, same token), so they communicate with the same
//! threads and compute the same value. The pass still asks the checked front
//! door ([`opt_conv_legality::checked::check_with`]) before merging, as every pass
//! must: here it is the oracle, not the pass, that knows the rules.
//!
//! LLVM counterpart: EarlyCSE, which does not merge convergent calls at all
//! (it treats them as having unknown effects). Not done: operations in
//! different blocks (that needs the oracle's uniformity answers about the
//! path between them, which a bigger pass would ask for).

use opt_conv_ir::debug_loc::LocationMerger;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::effects::inst_effects;
use opt_conv_ir::merge::{merge, merge_in};
use opt_conv_ir::{Changes, Function, Inst};
use opt_conv_legality::checked::check_with;
use opt_conv_legality::{ConvergenceInfo, InsertPoint, Oracle, Query};
use opt_conv_passes::module_edits::BufferedMetadata;
use opt_conv_passes::{FunctionCx, FunctionPass, PassBox, PassError, PassInfo, PassKind, Remark, RemarkKind};

/// The pass.
pub struct ConvergentCse;

/// Its registration: name, kind, parameters, description and constructor.
pub static CONVERGENT_CSE: PassInfo = PassInfo {
    name: "convergent-cse",
    kind: PassKind::Function,
    params: "",
    description: "merge identical effect-free convergent operations of one block that share a token",
    build: |params| match params {
        None => Ok(PassBox::Function(Box::new(ConvergentCse))),
        Some(p) => Err(format!("invalid convergent-cse pass parameter '{p}'")),
    },
};

impl FunctionPass for ConvergentCse {
    fn name(&self) -> &'static str {
        "convergent-cse"
    }
    fn class_name(&self) -> &'static str {
        "ConvergentCSEPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let limit = match cx.options.extra.get("convergent-cse-limit") {
            Some(v) => v.parse::<usize>().map_err(|_| PassError {
                message: format!("opt-conv: -convergent-cse-limit: '{v}' is not a number"),
            })?,
            None => usize::MAX,
        };
        let name = cx.func_name();
        let ci = ConvergenceInfo::compute(cx.module, f);
        // Pairs (earlier, later) found first, merged after: the questions are
        // asked about the function as it is.
        let mut merges: Vec<(Inst, Inst)> = Vec::new();
        for b in f.layout().blocks() {
            let mut seen: Vec<Inst> = Vec::new();
            for i in f.layout().block_insts(b) {
                if !ci.is_convergent(i) || !inst_effects(cx.module, f, i).is_pure() {
                    continue;
                }
                let d = f.dfg().inst(i);
                match seen.iter().find(|&&e| f.dfg().inst(e).kind == d.kind && f.dfg().inst(e).args == d.args) {
                    Some(&earlier) => merges.push((earlier, i)),
                    None => seen.push(i),
                }
            }
        }
        if merges.is_empty() {
            return Ok(Changes::NONE);
        }
        // Every question is asked before any edit: one oracle serves them all.
        let oracle = Oracle::new(cx.module, cx.func, f);
        let mut reps = Replacements::new();
        let mut removed = Vec::new();
        let mut merged = Vec::new();
        for (a, b) in merges.into_iter().take(limit) {
            let (Some(va), Some(vb)) = (f.dfg().inst_result(a), f.dfg().inst_result(b)) else { continue };
            let block = f.layout().inst_block(b).and_then(|bb| f.dfg().block_name(bb).map(str::to_owned));
            let label = |i: Inst| f.dfg().inst_result(i).and_then(|v| f.dfg().value_name(v)).unwrap_or("?").to_owned();
            let (la, lb) = (label(a), label(b));
            let q = Query::Merge { a, b, to: InsertPoint::Before(a) };
            // The two must also be one instruction in what they promise.
            let (kind, message) = match check_with(&oracle, cx.module, f, &q).map_err(|o| o.to_string()).and_then(|v| {
                merge(cx.module, f, a, b)?;
                Ok(v)
            }) {
                Ok(_) => {
                    reps.insert(vb, va);
                    removed.push(b);
                    merged.push((a, b));
                    (RemarkKind::Passed, format!("merged %{lb} into %{la}"))
                }
                Err(why) => (RemarkKind::Missed, format!("kept %{lb}: {why}")),
            };
            cx.remarks.emit(Remark { kind, pass: self.name(), function: name.clone(), block, message });
        }
        if removed.is_empty() {
            return Ok(Changes::NONE);
        }
        drop(oracle);
        // The earlier operation now stands for the later one too: it keeps
        // only the metadata both had (their kinds, attributes included, are
        // equal). One pair at a time, since an earlier one may absorb several.
        let mut locations = LocationMerger::default();
        for (a, b) in merged {
            // Read through the buffer: `a` may carry nodes an earlier pair made.
            let mut md = BufferedMetadata { m: cx.module, edits: &mut *cx.edits };
            if let Ok(m) = merge_in(cx.module, &md, f, a, b) {
                m.apply(f, a).attach(&mut md, &mut locations, f);
            }
        }
        reps.apply(f);
        for b in removed {
            remove_inst(f, b);
        }
        Ok(Changes::INSTS)
    }
}

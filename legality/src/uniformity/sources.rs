//! Where divergence starts (the analysis's seeds), and a cheap proof that a
//! value is divergent without running the analysis.
//!
//! [`divergent_by_data`] exists for passes that ask about a function they
//! keep changing (jump threading): the whole-function analysis after every
//! edit would be quadratic. A chain of operands from a source to a value
//! is a derivation by the analysis's own rules (seeds, then "a user of a
//! divergent value is divergent"), and the analysis computes the least set
//! closed under its rules, so it would mark the value divergent too. The
//! converse does not hold (divergence through join points, temporal
//! divergence): no chain found means "ask the analysis".

use super::{Mode, Target, ValueUniformity};
use opt_conv_ir::{FuncId, Function, Inst, InstKind, Module, Value, ValueDef};

/// Whether instruction `i` is a source of divergence in [`Mode::Legality`]
/// (the anchored results aside, which need the convergence model).
pub(super) fn legality_source(m: &Module, f: &Function, fid: FuncId, target: Target, i: Inst) -> bool {
    // `freeze` of undef or poison picks a value in each thread: only an
    // operand that cannot be either (a defined constant, a `noundef`
    // parameter) leaves it uniform when the operand is. That holds without
    // a model of the target too: under the conservative one, `freeze` of a
    // phi that is undef on one side of a divergent branch (uniform by the
    // phi's undef exemption) differs between threads all the same.
    if target != Target::NoDivergence && freeze_may_pick(m, f, fid, i) {
        return true;
    }
    if target.reads_wave_or_time(m, f, i) {
        return true;
    }
    // Which way a `callbr` goes is its asm's choice, made from whatever
    // state the asm reads (a wave's registers at best), as its outputs
    // are: not known to be the same in the whole group.
    if target.family().is_some() && matches!(f.dfg().inst(i).kind, InstKind::CallBr(_)) {
        return true;
    }
    match target.classify(m, f, i, false) {
        ValueUniformity::Source => true,
        // Uniform within one wave only; the entry token's group may be a
        // whole workgroup. An intrinsic's result then follows its operands
        // (`readfirstlane` of a kernel argument is uniform, of the lane id
        // is not); asm outputs and exec masks are per wave.
        ValueUniformity::AlwaysUniform => !is_intrinsic_call(m, f, i),
        ValueUniformity::Default => false,
    }
}

/// Whether parameter `k` of `fid` is a source of divergence in `mode`.
pub(super) fn param_source(m: &Module, fid: FuncId, target: Target, mode: Mode, k: usize) -> bool {
    // An `inreg` parameter of a function that a caller (not the launch)
    // gives its arguments is a scalar register that caller filled: the same
    // within one wave, not necessarily within the entry token's group (as
    // for the always-uniform results above).
    let wave_only =
        mode == Mode::Legality && target.family().is_some() && !m.func(fid).is_some_and(|d| d.cconv.is_launched());
    target.param_is_source(m, fid, k) || wave_only
}

/// Whether `i` is a `freeze` whose operand may be undef or poison.
fn freeze_may_pick(m: &Module, f: &Function, fid: FuncId, i: Inst) -> bool {
    let dfg = f.dfg();
    let d = dfg.inst(i);
    if !matches!(d.kind, InstKind::Freeze) {
        return false;
    }
    let x = d.args[0];
    if let Some(c) = dfg.value_const(x) {
        return c.may_be_undef_or_poison();
    }
    match dfg.value_param(x) {
        Some(k) => !m.func(fid).and_then(|fd| fd.param_attrs.get(k as usize)).is_some_and(|a| a.has("noundef")),
        None => true,
    }
}

fn is_intrinsic_call(m: &Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    d.call_info().is_some() && crate::convergence::callee_decl(m, f, d).is_some_and(|c| c.is_intrinsic())
}

/// Whether a chain of operands, looking at no more than `limit` values,
/// leads from a source of divergence to `v` in `f` as it is now: then
/// [`super::UniformityInfo::compute`] in [`Mode::Legality`] for `target`
/// finds `v` divergent (see the module documentation). `false` says
/// nothing. Sources under a convergence anchor are not looked for, and
/// chains through terminators (an `invoke`'s result) are not followed.
pub fn divergent_by_data(m: &Module, fid: FuncId, f: &Function, target: Target, v: Value, limit: usize) -> bool {
    if !target.has_branch_divergence(m, fid) {
        return false;
    }
    // Small and bounded: a list, not a set sized for the whole function.
    let mut seen: Vec<Value> = vec![v];
    let mut stack = vec![v];
    while let Some(x) = stack.pop() {
        let i = match f.dfg().value(x).def {
            ValueDef::Param(k) if param_source(m, fid, target, Mode::Legality, k as usize) => return true,
            ValueDef::Inst(i) => i,
            _ => continue,
        };
        let d = f.dfg().inst(i);
        // Only what the analysis walks: instructions in the layout.
        if d.is_terminator() || f.layout().inst_block(i).is_none() {
            continue;
        }
        if legality_source(m, f, fid, target, i) {
            return true;
        }
        for &a in &d.args {
            if !seen.contains(&a) {
                if seen.len() == limit {
                    return false;
                }
                seen.push(a);
                stack.push(a);
            }
        }
    }
    false
}

//! Helpers for creating instructions (calls, bundles) without spelling out
//! `InstData` by hand.

use crate::constant::{Const, ConstKind};
use crate::dfg::DataFlowGraph;
use crate::inst::{Bundle, CallInfo, InstData, InstKind};
use crate::module::GlobalId;
use crate::types::Type;
use crate::{Inst, Value};

/// Creates (but does not place) a direct call of `callee`, whose type is
/// `fn_ty`, returning `ret`, with `args`.
pub fn make_call(dfg: &mut DataFlowGraph, callee: GlobalId, fn_ty: Type, ret: Type, args: &[Value]) -> Inst {
    let callee_v = dfg.make_const(Const { ty: Type::PTR, kind: ConstKind::Global(callee) });
    let mut ops = Vec::with_capacity(args.len() + 1);
    ops.push(callee_v);
    ops.extend_from_slice(args);
    let info = CallInfo::new(fn_ty, args.len() as u32);
    dfg.make_inst(InstData::new(InstKind::Call(Box::new(info)), &ops, &[]), ret)
}

/// Appends operand bundle `tag(operands...)` to `call`.
pub fn add_bundle(dfg: &mut DataFlowGraph, call: Inst, tag: &str, operands: &[Value]) {
    let d = dfg.inst_mut(call);
    let Some(info) = d.call_info_mut() else { panic!("{call}: add_bundle on a non-call") };
    info.bundles.push(Bundle { tag: tag.into(), len: operands.len() as u32 });
    d.args.extend_from_slice(operands);
}

/// Puts `operands` first in each bundle tagged `tag` of `call` (a call
/// site's deopt state before an inlined call's own).
pub fn prepend_bundle_operands(dfg: &mut DataFlowGraph, call: Inst, tag: &str, operands: &[Value]) {
    let d = dfg.inst_mut(call);
    let Some(info) = d.call_info() else { panic!("{call}: prepend_bundle_operands on a non-call") };
    let mut args: Vec<Value> = d.args[..1 + info.num_args as usize].to_vec();
    let mut lens = Vec::with_capacity(info.bundles.len());
    for (k, b) in info.bundles.iter().enumerate() {
        let mine = &*b.tag == tag;
        if mine {
            args.extend_from_slice(operands);
        }
        args.extend_from_slice(&d.args[info.bundle_range(k)]);
        lens.push(b.len + if mine { operands.len() as u32 } else { 0 });
    }
    d.args = args.into();
    if let Some(info) = d.call_info_mut() {
        for (b, len) in info.bundles.iter_mut().zip(lens) {
            b.len = len;
        }
    }
}

/// Removes every bundle tagged `tag` from `call`.
pub fn remove_bundles(dfg: &mut DataFlowGraph, call: Inst, tag: &str) {
    let d = dfg.inst_mut(call);
    let Some(info) = d.call_info() else { return };
    let mut keep_args: Vec<Value> = d.args[..1 + info.num_args as usize].to_vec();
    let mut keep_bundles = Vec::new();
    for (k, b) in info.bundles.iter().enumerate() {
        if &*b.tag != tag {
            keep_args.extend_from_slice(&d.args[info.bundle_range(k)]);
            keep_bundles.push(b.clone());
        }
    }
    d.args = keep_args.into();
    if let Some(info) = d.call_info_mut() {
        info.bundles = keep_bundles;
    }
}

//! `Oracle::copies_nothing_convergent` lets jump threading skip bringing a
//! stale oracle up to date: it must never say yes where the oracle would
//! refuse. Checked against the full answer for every (pred, block) pair of
//! kernels with and without tokens.

use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_legality::{ConvergenceInfo, Oracle, Query};

#[allow(dead_code, reason = "shared with the other attack tests; this one needs only `module`")]
mod support;

use support::module;

const KERNELS: [&str; 4] = [
    // Controlled: an entry token and a reduction under a divergent branch.
    r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @reduce(i32) convergent nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry()
define i32 @k(i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %id, %n
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %p = phi i32 [ 1, %a ], [ 2, %b ]
  %r = call i32 @reduce(i32 %p) [ "convergencectrl"(token %t) ]
  %q = icmp eq i32 %p, 1
  br i1 %q, label %x, label %y
x:
  ret i32 %r
y:
  ret i32 0
}
"#,
    // Uncontrolled: a convergent call below plain blocks.
    r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @reduce(i32) convergent nounwind willreturn memory(none)
define i32 @k(i32 %n) convergent {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %id, %n
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %p = phi i32 [ 1, %a ], [ 2, %b ]
  %q = icmp eq i32 %p, 1
  br i1 %q, label %x, label %y
x:
  %r = call i32 @reduce(i32 %p)
  ret i32 %r
y:
  ret i32 0
}
"#,
    // Controlled: the copied block holds only an anchor, a call without a
    // bundle, whose token is used beyond it (a shortcut looking for
    // bundles, or for calls with results other than tokens, would say yes).
    r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @reduce(i32) convergent nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.anchor()
define i32 @k(i32 %n) convergent {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %id, %n
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %t = call token @llvm.experimental.convergence.anchor()
  br i1 %p, label %x, label %y
x:
  %r = call i32 @reduce(i32 1) [ "convergencectrl"(token %t) ]
  ret i32 %r
y:
  ret i32 0
}
"#,
    // Controlled: the copied block's call is convergent through its call
    // site's attribute group only (the callee is not), under a divergent
    // branch (a shortcut reading declarations would say yes).
    r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @plain(i32) nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry()
define i32 @k(i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %id, %n
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %r = call i32 @plain(i32 3) #0 [ "convergencectrl"(token %t) ]
  br i1 %p, label %x, label %y
x:
  ret i32 %r
y:
  ret i32 0
}
attributes #0 = { convergent }
"#,
];

#[test]
fn the_shortcut_never_allows_what_the_oracle_refuses() {
    let mut refused_somewhere = 0;
    let mut shortcut_taken = 0;
    for (k, src) in KERNELS.iter().enumerate() {
        let refused_before = refused_somewhere;
        let m = module(src);
        let fid = m.func_by_name("k").unwrap();
        let f = m.body(fid).unwrap();
        let mode = ConvergenceInfo::compute(&m, f).mode();
        let oracle = Oracle::new(&m, fid, f);
        let cfg = f.cfg();
        for block in f.layout().blocks() {
            for &pred in cfg.preds(block) {
                let queries = cfg
                    .succs(block)
                    .iter()
                    .map(|&succ| Query::Thread { pred, block, succ })
                    .chain([Query::DuplicateInto { pred, block }]);
                for q in queries {
                    let refused = oracle.ask(f, &q).refusal().is_some();
                    refused_somewhere += refused as u32;
                    if Oracle::copies_nothing_convergent(f, block, mode) {
                        shortcut_taken += 1;
                        assert!(!refused, "{q:?}: the shortcut allows what the oracle refuses");
                    }
                }
            }
        }
        assert!(refused_somewhere > refused_before, "kernel {k}: the oracle refuses nothing");
    }
    // The kernels do exercise both answers.
    assert!(refused_somewhere > 0 && shortcut_taken > 0, "{refused_somewhere} refused, {shortcut_taken} shortcuts");
}

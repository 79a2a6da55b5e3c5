//! The checked front door refuses each concern it names, and lets an
//! ordinary move through with the oracle's verdict.

use opt_conv_ir::{Module, parse_module};
use opt_conv_legality::checked::{Concern, check};
use opt_conv_legality::{InsertPoint, Query, Rule};

const SRC: &str = r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)
declare void @spin() nounwind memory(none)

define void @k(i32 %x, ptr %p, i1 %u) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %sum = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %a = add i32 %x, 1
  %b = mul i32 %a, 2
  %ld = load i32, ptr %p
  store i32 %b, ptr %p
  call void @spin()
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %then, label %end
then:
  %q = sdiv i32 %x, %tid
  call void @use(i32 %sum)
  call void @use(i32 %a)
  call void @use(i32 %q)
  br label %end
end:
  %st = add i32 %ld, 1
  ret void
}
"#;

fn module() -> Module {
    parse_module("k.ll", SRC).unwrap().0
}

fn ask(q: impl Fn(&opt_conv_ir::Function) -> Query) -> Result<(), Concern> {
    let m = module();
    let fid = m.func_by_name("k").unwrap();
    let f = m.body(fid).unwrap();
    check(&m, fid, f, &q(f)).map(|_| ()).map_err(|o| o.concern)
}

fn inst(f: &opt_conv_ir::Function, n: &str) -> opt_conv_ir::Inst {
    f.inst_by_name(n).unwrap_or_else(|| panic!("no %{n}"))
}

#[test]
fn moving_after_its_own_use_is_refused() {
    // The convergence oracle alone has nothing against this move.
    let m = module();
    let fid = m.func_by_name("k").unwrap();
    let f = m.body(fid).unwrap();
    let q = Query::Move { insts: vec![inst(f, "a")], to: InsertPoint::Before(inst(f, "ld")) };
    assert!(opt_conv_legality::Oracle::new(&m, fid, f).ask(f, &q).is_legal());
    let o = check(&m, fid, f, &q).unwrap_err();
    assert_eq!(o.concern, Concern::Dominance);
    assert_eq!(o.to_string(), "[dominance] %a is used by %b, which the new point would not dominate");
}

#[test]
fn operands_must_dominate_the_point() {
    assert_eq!(
        ask(|f| Query::Move { insts: vec![inst(f, "b")], to: InsertPoint::Before(inst(f, "a")) }),
        Err(Concern::Dominance)
    );
}

#[test]
fn a_load_does_not_cross_a_store() {
    assert_eq!(
        ask(|f| Query::Move { insts: vec![inst(f, "ld")], to: InsertPoint::Before(inst(f, "c")) }),
        Err(Concern::Memory)
    );
}

#[test]
fn memory_accesses_move_only_within_their_block() {
    let end = |f: &opt_conv_ir::Function| f.block_by_name("end").unwrap();
    assert_eq!(
        ask(|f| Query::Move { insts: vec![inst(f, "ld")], to: InsertPoint::BlockStart(end(f)) }),
        Err(Concern::SideEffects)
    );
}

#[test]
fn an_effect_does_not_cross_an_instruction_that_may_not_return() {
    // @spin touches no memory but may never return: the store would run on
    // threads that never get past it.
    assert_eq!(
        ask(|f| {
            let spin = f.layout().next_inst(f.layout().next_inst(inst(f, "ld")).unwrap()).unwrap();
            let store = f.layout().next_inst(inst(f, "ld")).unwrap();
            Query::Move { insts: vec![store], to: InsertPoint::Before(f.layout().next_inst(spin).unwrap()) }
        }),
        Err(Concern::ThreadEnding)
    );
}

#[test]
fn a_division_is_not_speculated() {
    let entry = |f: &opt_conv_ir::Function| f.block_by_name("entry").unwrap();
    assert_eq!(
        ask(|f| Query::Move { insts: vec![inst(f, "q")], to: InsertPoint::BlockEnd(entry(f)) }),
        Err(Concern::Speculation)
    );
}

#[test]
fn convergence_is_the_oracles_verdict() {
    let then = |f: &opt_conv_ir::Function| f.block_by_name("then").unwrap();
    match ask(|f| Query::Move { insts: vec![inst(f, "sum")], to: InsertPoint::BlockStart(then(f)) }) {
        Err(Concern::Convergence(r)) => assert_eq!(r.rule, Rule::EntryOrHeartToken),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_ordinary_sink_is_legal() {
    // %b is used only by the store: sinking it right before the store is fine.
    assert_eq!(
        ask(|f| {
            let store = f.layout().next_inst(inst(f, "ld")).unwrap();
            Query::Move { insts: vec![inst(f, "b")], to: InsertPoint::Before(store) }
        }),
        Ok(())
    );
    // A pure value used in %then sinks there.
    let then = |f: &opt_conv_ir::Function| f.block_by_name("then").unwrap();
    assert_eq!(
        ask(|f| Query::Move { insts: vec![inst(f, "a"), inst(f, "b")], to: InsertPoint::BlockStart(then(f)) }),
        Err(Concern::Dominance),
        "%b is still used by the store in %entry"
    );
}

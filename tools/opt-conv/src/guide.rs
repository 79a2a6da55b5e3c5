//! # Writing a pass
//!
//! A pass written against these crates joins `opt-conv -passes=` like any
//! of ours, with every flag the driver has. This guide builds one, step by
//! step; every code block here is compiled and run by `cargo test`.
//! `examples/convergent-cse` in the repository is a complete pass crate
//! with its own binary and tests, built the same way.
//!
//! ## 1. The pass trait
//!
//! A function pass gets the body it transforms (`f`, taken out of the
//! module while it runs) and a context: the rest of the module, read-only
//! (`cx.module`: with `-j N` other functions are transformed at the same
//! time), the function's id (`cx.func`), the remark stream, the options and
//! a buffer for the module changes it makes (`cx.edits`: declarations it
//! listed in `FunctionPass::declarations`, metadata nodes, attributes; see
//! `opt_conv_passes::module_edits`). It returns what it changed ([`Changes`](opt_conv_ir::Changes)):
//! the pass manager uses that for `-verify-each`, `-print-changed` and to
//! know which cached analyses are gone. A module pass
//! ([`ModulePass`](opt_conv_passes::ModulePass)) gets the whole module.
//!
//! ```
//! use opt_conv_ir::{Changes, Function};
//! use opt_conv_legality::ConvergenceInfo;
//! use opt_conv_passes::{FunctionCx, FunctionPass, PassError, Remark, RemarkKind};
//!
//! /// Counts the convergent operations of each function (an analysis remark).
//! pub struct CountConvergent;
//!
//! impl FunctionPass for CountConvergent {
//!     fn name(&self) -> &'static str {
//!         "count-convergent" // the name in -passes= and in remarks
//!     }
//!     fn class_name(&self) -> &'static str {
//!         "CountConvergentPass" // the name dumps print, as opt's class names
//!     }
//!     fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
//!         let ci = ConvergenceInfo::compute(cx.module, f);
//!         let n = f.insts_in_order().filter(|&(_, i)| ci.is_convergent(i)).count();
//!         cx.remarks.emit(Remark {
//!             kind: RemarkKind::Analysis,
//!             pass: self.name(),
//!             function: cx.func_name(),
//!             block: None,
//!             message: format!("{n} convergent operations"),
//!         });
//!         Ok(Changes::NONE)
//!     }
//! }
//! # fn main() {}
//! ```
//!
//! Return a [`PassError`](opt_conv_passes::PassError) only when the pass
//! cannot go on (a broken invariant); a transform the pass decides not to
//! do is a `Missed` remark, never an error.
//!
//! A function with exception handling (`invoke`, pads), an `indirectbr` or
//! a block whose address is taken is not given to a function pass unless
//! the pass says it handles them (`fn handles_eh(&self) -> bool { true }`,
//! as analyses that change nothing do): the pass manager skips it with a
//! missed remark instead (see [`opt_conv_passes::eh`]).
//!
//! ## 2. Plugging into the driver
//!
//! A [`PassInfo`](opt_conv_passes::PassInfo) registers the pass: its
//! name, kind, accepted `<parameters>` (as `--list-passes` shows them), a
//! one-line description, and a constructor that parses the parameters.
//! [`Driver`](crate::Driver) is `opt-conv` with your passes added; its
//! `main()` is the whole binary. Options of your own are `clap` arguments;
//! their values reach passes in `cx.options.extra`.
//!
//! ```
//! # use opt_conv_ir::{Changes, Function};
//! # use opt_conv_passes::{FunctionCx, FunctionPass, PassError, Remark, RemarkKind};
//! # pub struct CountConvergent;
//! # impl FunctionPass for CountConvergent {
//! #     fn name(&self) -> &'static str { "count-convergent" }
//! #     fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
//! #         assert_eq!(cx.options.extra.get("count-verbose").map(String::as_str), Some("true"));
//! #         let ci = opt_conv_legality::ConvergenceInfo::compute(cx.module, f);
//! #         let n = f.insts_in_order().filter(|&(_, i)| ci.is_convergent(i)).count();
//! #         let message = format!("{n} convergent operations");
//! #         let function = cx.func_name();
//! #         cx.remarks.emit(Remark { kind: RemarkKind::Analysis, pass: "count-convergent", function, block: None, message });
//! #         Ok(Changes::NONE)
//! #     }
//! # }
//! use opt_conv_passes::{PassBox, PassInfo, PassKind};
//!
//! pub static COUNT_CONVERGENT: PassInfo = PassInfo {
//!     name: "count-convergent",
//!     kind: PassKind::Function,
//!     params: "",
//!     description: "count the convergent operations of each function",
//!     build: |params| match params {
//!         None => Ok(PassBox::Function(Box::new(CountConvergent))),
//!         Some(p) => Err(format!("invalid count-convergent pass parameter '{p}'")),
//!     },
//! };
//!
//! fn driver() -> opt_conv::Driver {
//!     opt_conv::Driver::new()
//!         .pass(&COUNT_CONVERGENT)
//!         .option(clap::Arg::new("count-verbose").long("count-verbose").action(clap::ArgAction::SetTrue))
//! }
//!
//! // In your binary: `fn main() -> std::process::ExitCode { driver().main() }`.
//! // Here, run it in-process as a test would:
//! let args = ["opt-conv", "-passes=function(count-convergent,sink)", "-pass-remarks-analysis=count",
//!             "-count-verbose", "-disable-output", "-"];
//! let input = "declare void @barrier() convergent\n\
//!              define void @f() convergent {\n  call void @barrier()\n  ret void\n}\n";
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let code = driver().run_main(args.iter().map(Into::into).collect(), &mut input.as_bytes(), &mut out, &mut err);
//! assert_eq!(code, 0);
//! assert_eq!(String::from_utf8(err).unwrap(), "remark: <stdin>:f: count-convergent: 1 convergent operations\n");
//! ```
//!
//! ## 3. Analyses
//!
//! Dominator trees, post-dominator trees, cycles, the CFG and use lists
//! come from the function itself
//! ([`FunctionAnalyses`](opt_conv_ir::analysis::FunctionAnalyses)): `f.domtree()`,
//! `f.cycles()`, ... They are cached on the body and stamped with its
//! epoch: any edit through the body's API that changes the CFG (or the
//! instructions, for use lists) drops them, so a pass can never be handed a
//! stale tree. Hold the `Rc` only while you do not edit.
//!
//! ```
//! use opt_conv_ir::analysis::FunctionAnalyses;
//! let src = "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  ret void\n}\n";
//! let (m, _) = opt_conv_ir::parse_module("f.ll", src).unwrap();
//! let f = m.body(m.func_by_name("f").unwrap()).unwrap();
//! let (entry, b) = (f.block_by_name("entry").unwrap(), f.block_by_name("b").unwrap());
//! assert!(f.domtree().dominates(entry, b));
//! assert!(f.cycles().cycle_of(b).is_none());
//! ```
//!
//! Convergence (which token controls which operation, hearts, regions) is
//! [`ConvergenceInfo`](opt_conv_legality::ConvergenceInfo); uniformity is
//! [`uniformity()`](fn@opt_conv_legality::uniformity).
//!
//! ## 4. Asking for legality
//!
//! Before a pass moves, merges or duplicates code it asks. Two doors:
//!
//! * [`checked::check`](opt_conv_legality::checked::check) judges a move or
//!   merge *as a whole*: SSA dominance, memory effects, speculation,
//!   instructions that may end a thread, and then convergence. Start here.
//! * [`Oracle::ask`](opt_conv_legality::Oracle::ask) judges convergence
//!   only (it is what `check` calls last), for every kind of transform:
//!   moves, merges, jump threading, unrolling, inlining. A pass that uses it
//!   directly must make the other checks itself: asked to move an
//!   instruction after its own use, the oracle says legal.
//!
//! A refusal names its rule; `legality/RULES.md` explains each with the
//! spec's text. Put the refusal in a `Missed` remark: that is how users
//! learn why their code was left alone.
//!
//! ```
//! use opt_conv_legality::checked::{Concern, check};
//! use opt_conv_legality::{InsertPoint, Oracle, Query};
//! let src = "define i32 @f(i32 %x) {\n  %a = add i32 %x, 1\n  %b = mul i32 %a, 2\n  ret i32 %b\n}\n";
//! let (m, _) = opt_conv_ir::parse_module("f.ll", src).unwrap();
//! let fid = m.func_by_name("f").unwrap();
//! let f = m.body(fid).unwrap();
//! let (a, b) = (f.inst_by_name("a").unwrap(), f.inst_by_name("b").unwrap());
//! let after_use = Query::Move { insts: vec![a], to: InsertPoint::BlockEnd(f.entry_block().unwrap()) };
//! assert!(Oracle::new(&m, fid, f).ask(f, &after_use).is_legal(), "convergence has nothing against it");
//! let why = check(&m, fid, f, &after_use).unwrap_err();
//! assert_eq!(why.concern, Concern::Dominance);
//! assert_eq!(why.to_string(), "[dominance] %a is used by %b, which the new point would not dominate");
//! # let _ = b;
//! ```
//!
//! A legal verdict may carry obligations
//! ([`Obligation`](opt_conv_legality::Obligation)): "these instructions
//! move together", "keep the loop heart"; the transform must honour them.
//!
//! ## 5. Editing the IR
//!
//! Edit through the body's API and [`opt_conv_ir::edit`]: move
//! instructions ([`move_before`](opt_conv_ir::edit::move_before),
//! [`move_to_block_start`](opt_conv_ir::edit::move_to_block_start)),
//! remove them ([`remove_inst`](opt_conv_ir::edit::remove_inst)), and
//! replace uses in one sweep ([`Replacements`](opt_conv_ir::edit::Replacements)).
//! New instructions come from [`opt_conv_ir::builder`].
//!
//! ```
//! use opt_conv_ir::edit::{Replacements, remove_inst};
//! let src = "define i32 @f(i32 %x) {\n  %a = add i32 %x, 1\n  %b = add i32 %x, 1\n  %c = mul i32 %a, %b\n  ret i32 %c\n}\n";
//! let (mut m, _) = opt_conv_ir::parse_module("f.ll", src).unwrap();
//! let fid = m.func_by_name("f").unwrap();
//! let f = m.body_mut(fid).unwrap();
//! let (a, b) = (f.inst_by_name("a").unwrap(), f.inst_by_name("b").unwrap());
//! let mut reps = Replacements::new();
//! reps.insert(f.dfg().inst_result(b).unwrap(), f.dfg().inst_result(a).unwrap());
//! reps.apply(f);
//! remove_inst(f, b);
//! assert!(opt_conv_ir::print_module(&m).contains("%c = mul i32 %a, %a"));
//! ```
//!
//! ## 6. Remarks
//!
//! Every decision is a [`Remark`](opt_conv_passes::Remark): `Passed` (done),
//! `Missed` (refused, with the rule), `Analysis` (a fact). Users filter
//! them with `-pass-remarks=RE`, `-pass-remarks-missed=RE`,
//! `-pass-remarks-analysis=RE` (regular expressions on the pass name), get
//! them all as YAML with `-pass-remarks-output=FILE`, and count them with
//! `-stats`. Name the block a remark is about (`block: Some(name)`, the
//! name without `%`), and name things in the message as the printed IR
//! does: [`inst_label`](opt_conv_passes::remarks::inst_label) (`%x`),
//! [`block_label`](opt_conv_passes::remarks::block_label) (`%then`) and
//! [`point_label`](opt_conv_passes::remarks::point_label) (`at the start of
//! %then`), never entity numbers such as `bb2`.
//!
//! ## 7. Golden tests and the executor's check
//!
//! Inside this repository a test case is a `.ll` file under `tests/cases/`
//! with a `; RUN: -passes=...` line and `; expect-remark:`,
//! `; expect-no-remark:`, `; expect-output:`, `; expect-count: N TEXT` or
//! `; expect-unchanged` lines; each directory has a test in `tests/transform_golden.rs`, with a
//! snapshot of the diff and remarks that review keeps honest and the
//! directives keep from being blessed wrong. Outside, run your
//! [`Driver`](crate::Driver) in-process as in section 2 and compare.
//!
//! Then ask the SIMT executor whether the transform kept what each thread
//! computes and who it communicates with. It depends on the IR crate only,
//! so it is a judge independent of the oracle:
//!
//! ```
//! use opt_conv_simt::{EquivConfig, check_equivalence};
//! let before = "declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)\n\
//!     define i32 @k(i32 %x) convergent {\n  %e = call token @llvm.experimental.convergence.entry()\n\
//!       %s = call i32 @subgroup_add(i32 %x) [ \"convergencectrl\"(token %e) ]\n\
//!       %c = icmp sgt i32 %x, 0\n  br i1 %c, label %a, label %b\n\
//!     a:\n  ret i32 %s\nb:\n  ret i32 0\n}\n";
//! // A wrong sink: the reduction moved under the divergent branch.
//! let after = "declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)\n\
//!     define i32 @k(i32 %x) convergent {\n  %e = call token @llvm.experimental.convergence.entry()\n\
//!       %c = icmp sgt i32 %x, 0\n  br i1 %c, label %a, label %b\n\
//!     a:\n  %s = call i32 @subgroup_add(i32 %x) [ \"convergencectrl\"(token %e) ]\n  ret i32 %s\nb:\n  ret i32 0\n}\n";
//! let parse = |s| opt_conv_ir::parse_module("k.ll", s).unwrap().0;
//! let (before, after) = (parse(before), parse(after));
//! assert!(check_equivalence(&before, &before, "k", &EquivConfig::default()).is_ok());
//! assert!(check_equivalence(&before, &after, "k", &EquivConfig::default()).is_err());
//! ```

//! # opt-conv IR
//!
//! A mid-level SSA IR whose text form is LLVM's `.ll` syntax: the subset that
//! convergence code (clang output, LLVM's own tests) uses, read and written
//! losslessly enough that our output loads back into LLVM 22's `opt`.
//!
//! Storage follows Cranelift: entities ([`Inst`], [`Value`], [`Block`],
//! [`GlobalId`]) are `u32` indices into arenas; the [`DataFlowGraph`] (what
//! exists) is kept apart from the [`Layout`] (program order). A [`Function`]
//! owns a cache of analyses that is invalidated by construction: every
//! mutable accessor bumps an epoch that cached analyses are checked against.
//!
//! ```
//! use opt_conv_ir::{parse_module, print_module, analysis::DomTree};
//!
//! let src = "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\n\
//!            a:\n  br label %b\nb:\n  %x = phi i32 [ 1, %entry ], [ 2, %a ]\n  ret i32 %x\n}\n";
//! let (module, _) = parse_module("f.ll", src).unwrap();
//! opt_conv_ir::verify_module(&module).unwrap();
//! let f = module.func_by_name("f").unwrap();
//! let body = module.body(f).unwrap();
//! let dt = body.cached(DomTree::DEPS, DomTree::compute);
//! let entry = body.entry_block().unwrap();
//! assert!(body.layout().blocks().all(|b| dt.dominates(entry, b)));
//! // Printing is a fixpoint.
//! let text = print_module(&module);
//! let (again, _) = parse_module("f.ll", &text).unwrap();
//! assert_eq!(print_module(&again), text);
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod attr_rules;
pub mod attrs;
pub mod builder;
pub mod constant;
pub mod convergent_intrinsics;
pub mod datalayout;
pub mod debug;
pub mod debug_loc;
pub mod dfg;
pub mod edit;
pub mod effects;
pub mod entity;
pub mod function;
pub mod inst;
pub mod intrinsics;
pub mod layout;
pub mod merge;
pub mod metadata;
pub mod module;
pub mod target;
pub mod text;
pub mod types;
pub mod verify;
mod verify_alias;
mod verify_eh;
mod verify_globals;
pub mod verify_module;
mod verify_musttail;
mod verify_uses;

entity_impl!(
    /// An instruction. While the order is stable, it is arbitrary and does
    /// not resemble the layout order.
    Inst,
    "inst"
);
entity_impl!(
    /// An SSA value: parameter, instruction result, constant or other operand.
    Value,
    "v"
);
entity_impl!(
    /// A basic block.
    Block,
    "bb"
);

pub use attrs::{Attr, AttrSet, MemoryEffects};
pub use constant::{Const, ConstExpr, ConstKind};
pub use dfg::{DataFlowGraph, Name, ValueData, ValueDef};
pub use entity::{EntityRef, EntitySet, PackedOption, PrimaryMap, SecondaryMap};
pub use function::{AnalysisCache, Changes, Function};
pub use inst::{CallInfo, InstData, InstKind, ThinList};
pub use layout::Layout;
pub use metadata::{MdId, MetadataTable};
pub use module::{FuncDecl, FuncId, Global, GlobalId, GlobalVar, Module};
pub use text::{ParseError, parse_module, parse_module_for_target, print_module, write_module_to};
pub use types::{Type, TypeData, TypeTable};
pub use verify::{
    IntrinsicMisuses, VerifyError, intrinsic_misuses, is_structurally_sound, verify_function, verify_function_with,
    verify_module,
};

#[cfg(test)]
mod size_tests {
    /// Memory per instruction is a product requirement (opt-conv must use less
    /// than opt); these sizes are what keep it there.
    #[test]
    fn core_structs_stay_small() {
        assert!(std::mem::size_of::<crate::InstData>() <= 80);
        assert!(std::mem::size_of::<crate::InstKind>() <= 24);
        assert!(std::mem::size_of::<crate::ValueData>() <= 32);
    }
}

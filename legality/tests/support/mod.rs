//! What the oracle's attack tests share: modules from text and places in
//! them by name.

use opt_conv_ir::{Function, Inst, Module, parse_module};
use opt_conv_legality::InsertPoint;

/// Where a merged or moved instruction goes, by names in the source.
#[derive(Copy, Clone)]
pub enum At {
    Before(&'static str),
    Start(&'static str),
    End(&'static str),
}

/// The module `src`, which must read.
pub fn module(src: &str) -> Module {
    match parse_module("adv.ll", src) {
        Ok((m, _)) => m,
        Err(e) => panic!("{e}"),
    }
}

/// The instruction named `%n`.
pub fn inst(f: &Function, n: &str) -> Inst {
    f.inst_by_name(n).unwrap_or_else(|| panic!("no %{n}"))
}

/// The insertion point `at`.
pub fn point(f: &Function, at: At) -> InsertPoint {
    let block = |n: &str| f.block_by_name(n).unwrap_or_else(|| panic!("no block %{n}"));
    match at {
        At::Before(n) => InsertPoint::Before(inst(f, n)),
        At::Start(b) => InsertPoint::BlockStart(block(b)),
        At::End(b) => InsertPoint::BlockEnd(block(b)),
    }
}

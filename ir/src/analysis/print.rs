//! `print<domtree>`, `print<postdomtree>` and `print<cycles>` in LLVM's formats.

use super::FunctionAnalyses;
use super::domtree::DomTree;
use crate::Block;
use crate::module::{FuncId, Module};
use crate::text::Slots;
use std::fmt::Write;

/// `CycleInfo for function: NAME` and one line per cycle, indented by depth.
pub fn print_cycles(m: &Module, f: FuncId) -> String {
    match m.body(f) {
        Some(body) => print_cycles_of(m, f, body),
        None => m.func(f).map(|d| format!("CycleInfo for function: {}\n", d.name)).unwrap_or_default(),
    }
}

/// [`print_cycles`] of `body`, the body of `f` (taken out of the module).
pub fn print_cycles_of(m: &Module, f: FuncId, body: &crate::Function) -> String {
    let mut out = String::new();
    let Some(d) = m.func(f) else { return out };
    let _ = writeln!(out, "CycleInfo for function: {}", d.name);
    let ci = body.cycles();
    let slots = Slots::new(body);
    let name = |b: Block| slots.block_operand(b);
    for c in ci.preorder() {
        let indent = "    ".repeat(ci.depth(c) as usize);
        let _ = writeln!(out, "{indent}{}", ci.describe(c, &name));
    }
    out
}

/// LLVM's dominator-tree dump.
pub fn print_domtree(m: &Module, f: FuncId, post: bool) -> String {
    m.body(f).map(|body| print_domtree_of(m, f, body, post)).unwrap_or_default()
}

/// [`print_domtree`] of `body`, the body of `f` (taken out of the module).
pub fn print_domtree_of(m: &Module, f: FuncId, body: &crate::Function, post: bool) -> String {
    let mut out = String::new();
    let Some(d) = m.func(f) else { return out };
    let _ = writeln!(out, "{}DominatorTree for function: {}", if post { "Post" } else { "" }, d.name);
    let slots = Slots::new(body);
    let (dt_rc, pdt_rc);
    let tree: &DomTree = if post {
        pdt_rc = body.postdomtree();
        &pdt_rc.0
    } else {
        dt_rc = body.domtree();
        &dt_rc
    };
    out.push_str("=============================--------------------------------\n");
    out.push_str(if post { "Inorder PostDominator Tree: " } else { "Inorder Dominator Tree: " });
    out.push_str("DFSNumbers invalid: 0 slow queries.\n");
    const INVALID: &str = "{4294967295,4294967295}";
    let mut stack: Vec<(Option<Block>, u32)> = Vec::new();
    if post {
        let _ = writeln!(out, "  [1]  <<exit node>> {INVALID} [0]");
        stack.extend(tree.roots().iter().rev().map(|&r| (Some(r), 2)));
    } else {
        stack.extend(tree.roots().iter().rev().map(|&r| (Some(r), 1)));
    }
    while let Some((Some(b), lev)) = stack.pop() {
        let _ =
            writeln!(out, "{}[{lev}] {} {INVALID} [{}]", "  ".repeat(lev as usize), slots.block_ref(b), tree.level(b));
        stack.extend(tree.children(b).iter().rev().map(|&c| (Some(c), lev + 1)));
    }
    out.push_str("Roots: ");
    for &r in tree.roots() {
        out.push_str(&slots.block_ref(r));
        out.push(' ');
    }
    out.push('\n');
    out
}

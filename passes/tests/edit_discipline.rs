//! Passes edit instructions through `opt_conv_ir::edit` (methods on
//! `Function`), never by writing `InstData::args` / `InstData::blocks`
//! themselves: a phi's `args[k]` flows in from `blocks[k]`, and the edit
//! API is the one place that keeps the two in step (and tells the analysis
//! cache whether the CFG changed). This test scans `passes/src` for writes
//! that bypass it.

use regex::Regex;
use std::path::{Path, PathBuf};

/// The forms of a hand-made operand edit: assignment to or mutation of the
/// operand lists, mutable borrows of them, an instruction built field by
/// field (a phi must come from `InstData::new`, which checks it, or from
/// `Function::copy_inst`), and marking an instruction removed by hand
/// (`edit::remove_inst` and `Function::remove_block` do both halves).
fn patterns() -> Vec<Regex> {
    [
        r"\.(args|blocks)\s*(\[[^\]]*\])?\s*(=[^=]|\+=|\.push|\.pop|\.remove|\.swap|\.retain|\.insert|\.clear|\.truncate|\.extend|\.drain|\.splice|\.resize|\.dedup|\.sort|\.reverse|\.fill|\.rotate|\.as_mut)",
        r"&mut\s+[A-Za-z_][A-Za-z0-9_.()]*\.(args|blocks)\b",
        r"\.(args|blocks)\.(iter_mut|last_mut|first_mut|get_mut)\b",
        r"\bInstData\s*\{",
        r"\bmark_removed\(",
    ]
    .iter()
    .map(|p| Regex::new(p).expect("a valid pattern"))
    .collect()
}

/// The lines of `src` that edit operands by hand, 1-based, comments skipped.
fn violations(src: &str, pats: &[Regex]) -> Vec<(usize, String)> {
    src.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .filter(|(_, l)| pats.iter().any(|p| p.is_match(l)))
        .map(|(k, l)| (k + 1, l.trim().to_owned()))
        .collect()
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    // Iterative walk: the tree is shallow, but no recursion is needed.
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(&d).expect("readable source dir").map(|e| e.expect("dir entry").path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn passes_edit_operands_only_through_the_edit_api() {
    let pats = patterns();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    assert!(files.len() > 20, "found only {} source files under {}", files.len(), src.display());
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable source");
        for (line, l) in violations(&text, &pats) {
            found.push(format!("{}:{line}: {l}", path.display()));
        }
    }
    assert!(
        found.is_empty(),
        "operands edited by hand (use the methods of opt_conv_ir::edit instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_catches_each_form_and_lets_reads_through() {
    let pats = patterns();
    let edits = [
        "d.args[k] = v;",
        "d.blocks = blocks.into();",
        "dm.args.push(v);",
        "d.blocks.retain(|b| *b != p);",
        "f.dfg_mut().inst_mut(t).args[0] = k;",
        "for a in d.args.iter_mut() {",
        "let xs = &mut d.blocks;",
        "std::mem::take(&mut f.dfg_mut().inst_mut(i).args);",
        "let nd = InstData { kind, args, blocks, result: Default::default() };",
        "dfg.mark_removed(i);",
    ];
    for e in edits {
        assert_eq!(violations(e, &pats).len(), 1, "not caught: {e}");
    }
    let reads = [
        "if d.args[k] == v && d.blocks[k] != b {",
        "let n = d.args.len();",
        "for (a, b) in d.args.iter().zip(&d.blocks) {",
        "let v = d.blocks.iter().position(|&x| x == p).map(|k| d.args[k]);",
        "// d.args[k] = v; in a comment",
        "let nd = InstData::new(kind, &args, &blocks);",
    ];
    for r in reads {
        assert!(violations(r, &pats).is_empty(), "a read taken for an edit: {r}");
    }
}

//! Golden tests of reading and printing: every case under `cases/parse`
//! prints as its reviewed snapshot, that text is accepted again, and
//! printing is a fixpoint.

use opt_conv_ir::{parse_module, print_module, verify_module};

#[test]
fn parse_print_golden() {
    insta::glob!("cases/parse/*.ll", |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_str().unwrap();
        let (m, _) = parse_module(name, &src).unwrap_or_else(|e| panic!("{e}"));
        verify_module(&m).unwrap_or_else(|e| panic!("{e:?}"));
        let printed = print_module(&m);
        let (again, _) =
            parse_module(name, &printed).unwrap_or_else(|e| panic!("reprint does not parse: {e}\n{printed}"));
        assert_eq!(print_module(&again), printed, "printing is not a fixpoint for {name}");
        insta::assert_snapshot!(printed);
    });
}

#[test]
fn printing_is_deterministic_across_runs() {
    let dir = opt_conv_tests::tests_dir().join("cases/parse");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let run = |files: &[std::path::PathBuf]| -> Vec<String> {
        files
            .iter()
            .map(|p| print_module(&parse_module("x.ll", &std::fs::read_to_string(p).unwrap()).unwrap().0))
            .collect()
    };
    let a = run(&files);
    let mut rev = files.clone();
    rev.reverse();
    let mut b = run(&rev);
    b.reverse();
    assert_eq!(a, b);
}

/// A body may close with use-list orders of its blocks (`uselistorder label
/// %bb`, which opt-22 writes after invokes); they are read and dropped, as
/// those of values are.
#[test]
fn block_use_list_orders_are_read() {
    let src = "define void @f(i1 %c, i1 %d) {\nentry:\n  br i1 %c, label %join, label %mid\nmid:\n  \
               br i1 %d, label %join, label %exit\njoin:\n  br label %exit\nexit:\n  ret void\n\n  \
               uselistorder label %join, { 1, 0 }\n}\n";
    let (m, _) = parse_module("u.ll", src).unwrap_or_else(|e| panic!("{e}"));
    verify_module(&m).unwrap();
    assert!(!print_module(&m).contains("uselistorder"));
    let bad = src.replace("label %join, {", "label %nowhere, {");
    let e = parse_module("u.ll", &bad).unwrap_err().to_string();
    assert!(e.contains("use of undefined value '%nowhere'"), "{e}");
}

//! The intrinsic tables against LLVM 22: an intrinsic declared without
//! attributes is convergent for opt-conv exactly when opt-22 makes it so.

use opt_conv_ir::parse_module;
use opt_conv_tests::{opt22, tests_dir};
use std::collections::BTreeMap;

/// Whether each declared function of `src` is convergent after opt-conv reads it.
fn ours(src: &str) -> BTreeMap<String, bool> {
    let (m, _) = parse_module("probes.ll", src).unwrap_or_else(|e| panic!("{e:?}"));
    m.functions().filter_map(|f| m.func(f)).map(|d| (d.name.to_string(), d.is_convergent())).collect()
}

/// Whether each declaration printed by opt-22 has `convergent` in its attribute group.
fn llvm(printed: &str) -> BTreeMap<String, bool> {
    let groups: BTreeMap<&str, &str> =
        printed.lines().filter_map(|l| l.strip_prefix("attributes #")).filter_map(|l| l.split_once(" = ")).collect();
    printed
        .lines()
        .filter(|l| l.starts_with("declare "))
        .map(|l| {
            let name = l.split('@').nth(1).and_then(|r| r.split('(').next()).unwrap_or("").to_string();
            let conv = l.rsplit_once(" #").and_then(|(_, g)| groups.get(g)).is_some_and(|a| {
                a.trim_matches(|c| c == '{' || c == '}' || c == ' ').split(' ').any(|t| t == "convergent")
            });
            (name, conv)
        })
        .collect()
}

#[test]
fn convergent_table_matches_opt22() {
    let path = tests_dir().join("intrinsic-probes.ll");
    let src = std::fs::read_to_string(&path).unwrap();
    let Some((code, printed, err)) = opt22(&["-S", path.to_str().unwrap()]) else {
        println!("skipped: opt-22 not found");
        return;
    };
    assert_eq!(code, 0, "opt-22 rejects the probes:\n{err}");
    let (ours, theirs) = (ours(&src), llvm(&printed));
    assert!(ours.len() > 200, "too few probes read: {}", ours.len());
    let mut wrong = Vec::new();
    for (name, &conv) in &ours {
        match theirs.get(name) {
            // opt-22 renames a declaration whose overload suffix it does not
            // recognise: a probe must use LLVM's own mangling.
            None => wrong.push(format!("{name}: not printed by opt-22 under that name")),
            Some(&c) if c != conv => wrong.push(format!("{name}: opt-22 convergent={c}, opt-conv convergent={conv}")),
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{} mismatches:\n{}", wrong.len(), wrong.join("\n"));
}

/// One declaration of every family the issue names, without attributes:
/// the reader makes each convergent with no LLVM installed.
#[test]
fn reader_marks_families_convergent() {
    let src = r#"
declare <4 x float> @llvm.amdgcn.image.sample.2d.v4f32.f32.v8i32.v4i32(i32, float, float, <8 x i32>, <4 x i32>, i1, i32, i32)
declare float @llvm.amdgcn.image.sample.c.b.o.cube.f32.f32.v8i32.v4i32(i32, i32, float, float, float, float, float, float, <8 x i32>, <4 x i32>, i1, i32, i32)
declare float @llvm.amdgcn.image.getlod.2d.f32.f32.v8i32.v4i32(i32, float, float, <8 x i32>, <4 x i32>, i1, i32, i32)
declare i1 @llvm.amdgcn.wqm.vote(i1)
declare i1 @llvm.amdgcn.inverse.ballot.i64(i64)
declare i64 @llvm.amdgcn.s.quadmask.i64(i64)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @llvm.amdgcn.permlane16.i32(i32, i32, i32, i32, i1, i1)
declare i32 @llvm.amdgcn.permlane64.i32(i32)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare i32 @llvm.spv.wave.reduce.sum.i32(i32)
declare i1 @llvm.spv.wave.any(i1)
declare i32 @llvm.spv.wave.readlane.i32(i32, i32)
declare i32 @llvm.dx.wave.reduce.sum.i32(i32)
declare i1 @llvm.dx.wave.all(i1)
declare i32 @llvm.dx.wave.getlaneindex()
declare <4 x float> @llvm.amdgcn.image.sample.l.2d.v4f32.f32.v8i32.v4i32(i32, float, float, float, <8 x i32>, <4 x i32>, i1, i32, i32)
declare i32 @llvm.amdgcn.wqm.i32(i32)
"#;
    let got = ours(src);
    for (name, conv) in &got {
        let expected = !name.contains("sample.l.") && !name.starts_with("llvm.amdgcn.wqm.i32");
        assert_eq!(*conv, expected, "{name}");
    }
    assert_eq!(got.len(), 25);
}

/// The function attributes each declaration printed by opt-22 has.
fn llvm_fn_attrs(printed: &str) -> BTreeMap<String, String> {
    let groups: BTreeMap<&str, &str> =
        printed.lines().filter_map(|l| l.strip_prefix("attributes #")).filter_map(|l| l.split_once(" = ")).collect();
    printed
        .lines()
        .filter(|l| l.starts_with("declare "))
        .map(|l| {
            let name = l.split('@').nth(1).and_then(|r| r.split('(').next()).unwrap_or("").to_string();
            let attrs = l.rsplit_once(" #").and_then(|(_, g)| groups.get(g)).copied().unwrap_or("");
            (name, attrs.trim_matches(|c| c == '{' || c == '}' || c == ' ').to_string())
        })
        .collect()
}

/// The families whose function attributes the effects take from the table
/// rather than the declaration: opt-22 gives a member of each exactly those.
#[test]
fn effect_table_matches_opt22() {
    let path = tests_dir().join("intrinsic-effect-probes.ll");
    let src = std::fs::read_to_string(&path).unwrap();
    let Some((code, printed, err)) = opt22(&["-S", path.to_str().unwrap()]) else {
        println!("skipped: opt-22 not found");
        return;
    };
    assert_eq!(code, 0, "opt-22 rejects the probes:\n{err}");
    let theirs = llvm_fn_attrs(&printed);
    let names: Vec<&str> = src
        .lines()
        .filter(|l| l.starts_with("declare "))
        .filter_map(|l| l.split('@').nth(1).and_then(|r| r.split('(').next()))
        .collect();
    assert!(names.len() > 70, "too few probes: {}", names.len());
    let mut wrong = Vec::new();
    for name in names {
        let ours = opt_conv_ir::intrinsics::llvm_function_attrs(name);
        match (ours, theirs.get(name)) {
            (None, _) => wrong.push(format!("{name}: not in the table")),
            (_, None) => wrong.push(format!("{name}: not printed by opt-22 under that name")),
            (Some(a), Some(b)) if a != b => wrong.push(format!("{name}: opt-22 `{b}`, table `{a}`")),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{} mismatches:\n{}", wrong.len(), wrong.join("\n"));
}

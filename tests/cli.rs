//! The command line behaves like opt's.

use opt_conv_tests::{opt_conv, tests_dir};

const SIMPLE: &str =
    "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  ret i32 0\n}\n";

/// A label as long as the comment column or longer is still followed by a
/// space before its `; preds` comment, as opt-22 prints it.
#[test]
fn preds_comment_after_a_long_label() {
    let long = "a".repeat(60);
    let src = format!("define void @f(i1 %c) {{\nentry:\n  br label %{long}\n{long}:\n  ret void\n}}\n");
    let r = opt_conv(&["-S"], &src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(&format!("\n{long}: ; preds = %entry\n")), "{}", r.stdout);
}

#[test]
fn round_trip_to_stdout_and_file() {
    let r = opt_conv(&["-S"], SIMPLE);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\n"));
    assert!(r.stdout.contains("b:                                                ; preds = %a, %entry\n"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.ll");
    let r2 = opt_conv(&["-S", "-o", out.to_str().unwrap(), "-"], SIMPLE);
    assert_eq!(r2.code, 0);
    assert!(r2.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), r.stdout);
}

#[test]
fn disable_output_writes_nothing() {
    let r = opt_conv(&["-disable-output", "-passes=verify"], SIMPLE);
    assert_eq!(r.code, 0);
    assert!(r.stdout.is_empty() && r.stderr.is_empty());
}

#[test]
fn unknown_pass_lists_valid_names() {
    let r = opt_conv(&["-passes=frobnicate"], SIMPLE);
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("opt-conv: unknown pass name 'frobnicate'\nvalid pass names are: "), "{}", r.stderr);
    assert!(r.stderr.contains("print<cycles>") && r.stderr.contains("verify"));
    let r = opt_conv(&["-passes=function(verify)"], SIMPLE);
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("opt-conv: unknown function pass 'verify'"), "{}", r.stderr);
    let r = opt_conv(&["-passes=function(print<cycles>"], SIMPLE);
    assert_eq!(r.stderr, "opt-conv: invalid pipeline 'function(print<cycles>'\n");
}

/// LLVM's names for our passes' counterparts run them, so an opt pipeline
/// runs unchanged.
#[test]
fn llvm_pass_names_are_aliases() {
    let src = "define i32 @f(i1 %c, i32 %x) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  %p = add i32 %x, 1\n  \
               ret i32 %p\nb:\n  %q = add i32 %x, 1\n  ret i32 %q\n}\n";
    for (ours, llvm) in [("hoist", "gvn-hoist"), ("loop-unroll", "unroll")] {
        let a = opt_conv(&["-S", &format!("-passes={ours}")], src);
        let b = opt_conv(&["-S", &format!("-passes={llvm}")], src);
        assert_eq!((a.code, b.code), (0, 0), "{}{}", a.stderr, b.stderr);
        assert_eq!(a.stdout, b.stdout, "{llvm}");
    }
    let r = opt_conv(&["-S", "-passes=gvn-hoist"], src);
    assert_eq!(r.stdout.matches(" = add i32 %x, 1").count(), 1, "{}", r.stdout);
}

#[test]
fn nesting_adaptors_are_accepted() {
    for p in ["function(print<cycles>)", "module(function(print<cycles>))", "print<cycles>,verify", "cgscc(verify)"] {
        let r = opt_conv(&["-disable-output", &format!("-passes={p}")], SIMPLE);
        assert_eq!(r.code, 0, "{p}: {}", r.stderr);
    }
}

/// opt's options whose values opt-conv cannot honour are errors, named so;
/// the others are read.
#[test]
fn unroll_and_alias_options() {
    let ok: &[&[&str]] = &[
        &["-unroll-runtime-epilog", "-unroll-runtime-epilog=true", "-unroll-peel-count=0"],
        &["-unroll-runtime-epilog=false"],
        &["-unroll-partial-threshold=20", "-unroll-allow-remainder=false", "-unroll-max-iteration-count-to-analyze=16"],
        &["-unroll-max-percent-threshold-boost=400", "-disable-loop-unrolling", "-aa-pipeline=basic-aa,tbaa"],
        &["-aa-pipeline", "default", "-aa-pipeline="],
    ];
    for extra in ok {
        let mut args = vec!["-disable-output", "-passes=loop-unroll"];
        args.extend_from_slice(extra);
        let r = opt_conv(&args, SIMPLE);
        assert_eq!(r.code, 0, "{extra:?}: {}", r.stderr);
    }
    let refused = [
        ("-unroll-peel-count=2", "opt-conv: error: '-unroll-peel-count=2' is not supported"),
        ("-aa-pipeline=basic-aa,frob", "opt-conv: unknown alias analysis name 'frob'"),
    ];
    for (arg, message) in refused {
        let r = opt_conv(&["-disable-output", "-passes=loop-unroll", arg], SIMPLE);
        assert_eq!(r.code, 1, "{arg}");
        assert!(r.stderr.starts_with(message), "{arg}: {}", r.stderr);
    }
}

/// `-jump-threading-across-loop-headers` is a boolean as opt spells one:
/// given alone or `=true`/`=1`, the loop header is threaded through; given
/// `=false`/`=0` or not at all, it is not.
#[test]
fn jump_threading_across_loop_headers_option() {
    let src = "declare void @tick(i32)
define i32 @count(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %again ], [ %i.next, %done ]
  %go = phi i1 [ true, %entry ], [ true, %again ], [ false, %done ]
  %i.next = add i32 %i, 1
  br i1 %go, label %body, label %exit
body:
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %again, label %done
again:
  call void @tick(i32 %i.next)
  br label %head
done:
  call void @tick(i32 0)
  br label %head
exit:
  ret i32 %i.next
}
";
    let cases: &[(&[&str], bool)] = &[
        (&[], false),
        (&["-jump-threading-across-loop-headers"], true),
        (&["-jump-threading-across-loop-headers=true"], true),
        (&["--jump-threading-across-loop-headers=1"], true),
        (&["-jump-threading-across-loop-headers=false"], false),
        (&["-jump-threading-across-loop-headers", "-jump-threading-across-loop-headers=0"], false),
    ];
    for (extra, threads) in cases {
        let mut args = vec!["-S", "-passes=jump-threading"];
        args.extend_from_slice(extra);
        let r = opt_conv(&args, src);
        assert_eq!(r.code, 0, "{extra:?}: {}", r.stderr);
        assert_eq!(r.stdout.contains("head.thread"), *threads, "{extra:?}:\n{}", r.stdout);
    }
    let r = opt_conv(&["-S", "-passes=jump-threading", "-jump-threading-across-loop-headers=maybe"], src);
    assert_eq!(r.code, 1, "{}", r.stderr);
}

#[test]
fn printers_write_to_stderr_function_major() {
    let two = format!("{SIMPLE}define void @g() {{\n  ret void\n}}\n");
    let r = opt_conv(&["-disable-output", "-passes=print<cycles>,print<domtree>"], &two);
    assert_eq!(r.code, 0);
    let order: Vec<&str> = r.stderr.lines().filter(|l| l.contains("for function")).collect();
    assert_eq!(
        order,
        [
            "CycleInfo for function: f",
            "DominatorTree for function: f",
            "CycleInfo for function: g",
            "DominatorTree for function: g"
        ]
    );
}

#[test]
fn domtree_printers_match_llvm_format() {
    let r = opt_conv(&["-disable-output", "-passes=print<domtree>,print<postdomtree>"], SIMPLE);
    insta::assert_snapshot!(r.stderr);
}

#[test]
fn list_passes_and_version() {
    let r = opt_conv(&["--list-passes"], "");
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("Module passes:\n  verify\n"));
    assert!(r.stdout.contains("Function passes:\n"));
    assert!(r.stdout.contains("Loop passes:\n  loop-unroll-full\n"));
    let r = opt_conv(&["-version"], "");
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("opt-conv "));
}

#[test]
fn mtriple_overrides_the_module_triple() {
    let r = opt_conv(&["-S", "-mtriple=amdgcn-amd-amdhsa"], SIMPLE);
    assert!(r.stdout.contains("target triple = \"amdgcn-amd-amdhsa\"\n"));
}

/// As opt's `-data-layout`: the layout replaces the module's from the
/// start (the program address space decides what the functions are), the
/// module's own string is then not even checked, an empty one changes
/// nothing, and an invalid one is an error about the whole input.
#[test]
fn data_layout_overrides_the_module_layout() {
    let module = "target datalayout = \"e-p:32:32\"\ndefine void @f() {\n  ret void\n}\n";
    let r = opt_conv(&["-S", "-data-layout=P1"], module);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("target datalayout = \"P1\"\n"), "{}", r.stdout);
    assert!(r.stdout.contains("define void @f() addrspace(1) {"), "{}", r.stdout);
    let broken = module.replace("e-p:32:32", "Q5");
    let r = opt_conv(&["-S", "-data-layout=A5", "-mtriple=amdgcn-amd-amdhsa"], &broken);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("target datalayout = \"A5\"\n"), "{}", r.stdout);
    let r = opt_conv(&["-S", "-data-layout="], module);
    assert!(r.stdout.contains("target datalayout = \"e-p:32:32\"\n"), "{}", r.stdout);
    let r = opt_conv(&["-S", "-data-layout=Q5"], module);
    assert_eq!((r.code, r.stderr.as_str()), (1, "opt-conv: <stdin>: error: -data-layout: unknown specifier 'Q'\n"));
}

/// opt-22 refuses a triple whose architecture it does not know, whether it
/// comes from `-mtriple` or the module; `unknown` is accepted.
#[test]
fn unrecognized_architecture_is_an_error() {
    let r = opt_conv(&["-S", "-mtriple=amdgpu7.01-unknown-amdhsa"], SIMPLE);
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr, "opt-conv: unrecognized architecture 'amdgpu7.01' provided.\n");
    assert!(r.stdout.is_empty());
    let r = opt_conv(&["-S"], &format!("target triple = \"xyz-pc-linux\"\n{SIMPLE}"));
    assert_eq!((r.code, r.stderr.as_str()), (1, "opt-conv: unrecognized architecture 'xyz' provided.\n"));
    for ok in ["unknown-unknown-unknown", "thumbv7em-none-eabi", "spirv1.5-unknown-vulkan", "nvptx64-nvidia-cuda"] {
        assert_eq!(opt_conv(&["-S", &format!("-mtriple={ok}")], SIMPLE).code, 0, "{ok}");
    }
}
#[test]
fn input_is_verified_unless_disabled() {
    let bad = std::fs::read_to_string(tests_dir().join("cases/errors/not-dominating.ll")).unwrap();
    let r = opt_conv(&["-disable-output"], &bad);
    assert_eq!(r.code, 1);
    assert!(r.stderr.ends_with("opt-conv: <stdin>: error: input module is broken!\n"), "{}", r.stderr);
    // Located at the use, with the definition as LLVM's note.
    assert!(r.stderr.contains("<stdin>:9:3: error: Instruction does not dominate all uses!\n  %y = add i32 %x, 1\n  ^\n  %x = add i32 1, 2\n"), "{}", r.stderr);
    let r = opt_conv(&["-disable-output", "-disable-verify"], &bad);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn print_after_all_dumps_each_pass() {
    let r = opt_conv(&["-disable-output", "-print-after-all", "-passes=print<cycles>"], SIMPLE);
    assert!(
        r.stderr.contains("; *** IR Dump After CycleInfoPrinterPass on f ***\ndefine i32 @f(i1 %c) {\n"),
        "{}",
        r.stderr
    );
}

/// `-o` to something that is not a regular file writes through it, as opt
/// does: renaming a temporary file over `/dev/null` would replace the
/// device with a regular file for every program on the machine.
#[cfg(unix)]
#[test]
fn output_to_a_fifo_writes_through_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let r = opt_conv(&["-S", "-o", fifo.to_str().unwrap(), "-"], SIMPLE);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Checked before joining: a replaced FIFO would leave the reader blocked.
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was replaced");
    let text = reader.join().unwrap();
    assert!(text.contains("define i32 @f(i1 %c) {"), "{text}");
}

/// A symlink stays a link; the file it names gets the output.
#[cfg(unix)]
#[test]
fn output_through_a_symlink_replaces_the_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.ll");
    let link = dir.path().join("link.ll");
    std::fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink("real.ll", &link).unwrap();
    let r = opt_conv(&["-S", "-o", link.to_str().unwrap(), "-"], SIMPLE);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().contains("define i32 @f"));
    // A dangling link creates the file it names.
    std::fs::remove_file(&target).unwrap();
    let r = opt_conv(&["-S", "-o", link.to_str().unwrap(), "-"], SIMPLE);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().contains("define i32 @f"));
}

/// A replaced file keeps its mode; a new one gets the mode any new file
/// gets (0666 less the umask), not a temporary file's 0600.
#[cfg(unix)]
#[test]
fn output_file_permissions_are_those_of_an_ordinary_file() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain");
    std::fs::File::create(&plain).unwrap();
    let fresh = dir.path().join("fresh.ll");
    let r = opt_conv(&["-S", "-o", fresh.to_str().unwrap(), "-"], SIMPLE);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(mode(&fresh), mode(&plain));
    let kept = dir.path().join("kept.ll");
    std::fs::write(&kept, "old").unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).unwrap();
    let r = opt_conv(&["-S", "-o", kept.to_str().unwrap(), "-"], SIMPLE);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(mode(&kept), 0o640);
    assert!(std::fs::read_to_string(&kept).unwrap().contains("define i32 @f"));
}

#[test]
fn output_to_a_directory_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let r = opt_conv(&["-S", "-o", dir.path().to_str().unwrap(), "-"], SIMPLE);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("error: could not write output: is a directory"), "{}", r.stderr);
}

/// Splits a shell command line as the README writes them: words separated by
/// spaces, single quotes removed.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut started) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Every sample of remarks in the README (a ```text block of `remark:` lines,
/// where a line starting with spaces continues the one before and `...`
/// stands for lines left out) is what the command just above it prints.
#[test]
fn readme_remark_samples_are_what_their_commands_print() {
    let root = tests_dir().join("..").canonicalize().unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    let mut checked = 0;
    for (i, l) in lines.iter().enumerate() {
        if *l != "```text" || !lines.get(i + 1).is_some_and(|n| n.starts_with("remark: ")) {
            continue;
        }
        let command = lines[..i]
            .iter()
            .rev()
            .find(|c| c.contains("-pass-remarks"))
            .unwrap_or_else(|| panic!("README.md:{}: no command above the sample", i + 1));
        let words = shell_words(command);
        let args = match words.iter().position(|w| w == "opt-conv") {
            Some(0) => &words[1..],
            _ if command.starts_with("cargo run --release --bin opt-conv -- ") => &words[6..],
            _ => panic!("README.md: '{command}' does not run opt-conv"),
        };
        // Run in-process from the repository root: name files by absolute
        // path, then print them back relative to it.
        let args: Vec<String> = args
            .iter()
            .map(|a| if a.ends_with(".ll") { root.join(a).to_str().unwrap().to_owned() } else { a.clone() })
            .collect();
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = opt_conv(&argv, "");
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        let printed = run.stderr.replace(&format!("{}/", root.display()), "");
        let mut sample: Vec<String> = Vec::new();
        for s in lines[i + 1..].iter().take_while(|s| !s.starts_with("```")) {
            match s.strip_prefix("  ") {
                Some(rest) => {
                    let last = sample.last_mut().expect("a continued line");
                    last.push(' ');
                    last.push_str(rest.trim());
                }
                None if *s == "..." => {}
                None => sample.push((*s).to_owned()),
            }
        }
        for s in &sample {
            assert!(
                printed.lines().any(|p| p == s),
                "README.md:{}: `{command}` does not print\n{s}\nit prints:\n{printed}",
                i + 1
            );
            checked += 1;
        }
    }
    assert!(checked >= 2, "the README's remark samples were not found");
}

/// Command-line mistakes are reported in opt's words, with the tool's name.
#[test]
fn command_line_mistakes_in_opts_words() {
    let r = opt_conv(&["-frob"], "");
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr, "opt-conv: Unknown command line argument '-frob'.  Try: 'opt-conv --help'\n");
    // Every pass here is a module or function pass, as in opt: none is a loop pass.
    let r = opt_conv(&["-passes=loop(sink)", "-disable-output", "-"], "");
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("opt-conv: unknown loop pass 'sink'"), "{}", r.stderr);
    let r = opt_conv(&["-o"], "");
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("opt-conv: error:"), "{}", r.stderr);
}

/// Shell completions and the manual page come from the same command-line
/// definition, so they list every option, the newest included.
#[test]
fn completions_and_man_page_cover_every_option() {
    for shell in ["bash", "zsh", "fish"] {
        let r = opt_conv(&[&format!("--generate-completions={shell}")], "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        for opt in ["print-changed", "opt-bisect-limit", "pass-remarks-output", "passes"] {
            assert!(r.stdout.contains(opt), "{shell} completions lack {opt}");
        }
    }
    let r = opt_conv(&["--generate-man"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(".TH opt-conv 1"), "{}", r.stdout);
    assert!(r.stdout.contains("opt\\-bisect\\-limit"), "{}", r.stdout);
    let r = opt_conv(&["--generate-completions=tcsh"], "");
    assert_eq!(r.code, 1);
}

/// The uniformity printer keeps the module's metadata numbering from one
/// function to the next, and a pass that changes the module in between
/// makes it number again: here `dce` removes `@a`'s only use of `!0`, so
/// `@b`'s node is printed as `!0` (a stale numbering would say `!1`).
#[test]
fn uniformity_printer_numbers_metadata_after_changes() {
    let src = "target triple = \"amdgcn-amd-amdhsa\"\n\
        declare i32 @llvm.amdgcn.workitem.id.x()\n\
        define void @a(ptr %p) {\n\
        \x20 %t = call i32 @llvm.amdgcn.workitem.id.x()\n\
        \x20 %dead = add i32 %t, 1, !tag !0\n\
        \x20 store i32 %t, ptr %p\n\
        \x20 ret void\n}\n\
        define void @b(ptr %p) {\n\
        \x20 %t = call i32 @llvm.amdgcn.workitem.id.x()\n\
        \x20 %u = add i32 %t, 2, !tag !1\n\
        \x20 store i32 %u, ptr %p\n\
        \x20 ret void\n}\n\
        !0 = !{!\"first\"}\n\
        !1 = !{!\"second\"}\n";
    let r = opt_conv(&["-disable-output", "-passes=print<uniformity>,dce", "-"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let a = r.stderr.lines().find(|l| l.contains("%dead = ")).expect("@a's printed %dead");
    assert!(a.ends_with("!tag !0"), "{a}");
    let b = r.stderr.lines().find(|l| l.contains("%u = ")).expect("@b's printed %u");
    assert!(b.ends_with("!tag !0"), "{b}");
    // Without the change in between, one numbering serves both.
    let r = opt_conv(&["-disable-output", "-passes=print<uniformity>", "-"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let b = r.stderr.lines().find(|l| l.contains("%u = ")).expect("@b's printed %u");
    assert!(b.ends_with("!tag !1"), "{b}");
}

/// An integer literal wider than its type is truncated to it, as opt-22
/// reads it (`i4 29` is -3), not refused.
#[test]
fn integer_literals_are_truncated_to_their_width() {
    let two200 = "1606938044258990275541962092341162602522202993782792835301376";
    for (lit, printed) in [
        ("i4 29", "i4 -3"),
        ("i4 -9", "i4 7"),
        ("i1 2", "i1 false"),
        ("i8 -129", "i8 127"),
        ("i32 4294967296", "i32 0"),
        ("i128 340282366920938463463374607431768211461", "i128 5"),
        (&format!("i200 -{two200}5")[..], "i200 -5"),
        ("i200 1606938044258990275541962092341162602522202993782792835301381", "i200 5"),
    ] {
        let ty = lit.split(' ').next().unwrap();
        let r = opt_conv(&["-S"], &format!("define {ty} @f() {{\n  ret {lit}\n}}\n"));
        assert_eq!(r.code, 0, "{lit}: {}", r.stderr);
        assert!(r.stdout.contains(&format!("  ret {printed}\n")), "{lit}: {}", r.stdout);
    }
}

/// A global variable's trailing attributes may be written inline, as opt
/// reads them; they are printed as a group, merged with the referenced one.
#[test]
fn global_variables_take_inline_attributes() {
    let src = "@g = global i32 0, section \"s\" \"x\"=\"y\" #0\n@h = external global i32 \"z\"\n\
               attributes #0 = { \"k\"=\"v\" }\n";
    let r = opt_conv(&["-S"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("@g = global i32 0, section \"s\" #0\n@h = external global i32 #1\n"), "{}", r.stdout);
    assert!(
        r.stdout.contains("attributes #0 = { \"k\"=\"v\" \"x\"=\"y\" }\nattributes #1 = { \"z\" }\n"),
        "{}",
        r.stdout
    );
}

/// An attribute group defined twice takes its last definition, as opt
/// reads it, rather than being refused.
#[test]
fn an_attribute_group_defined_again_is_replaced() {
    let src = "define void @f() #1 {\n  ret void\n}\nattributes #1 = { \"a\" nounwind }\nattributes #1 = { \"b\" }\n";
    let r = opt_conv(&["-S"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.ends_with("\nattributes #0 = { \"b\" }\n"), "{}", r.stdout);
}

/// A comdat may be defined after the globals that name it, as opt reads it.
#[test]
fn comdats_may_be_used_before_their_definition() {
    let src =
        "define void @f() comdat {\n  ret void\n}\n@g = global i32 0, comdat($c)\n$f = comdat any\n$c = comdat any\n";
    let r = opt_conv(&["-S"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("$f = comdat any\n\n$c = comdat any\n\n@g = global i32 0, comdat($c)\n"), "{}", r.stdout);
    assert!(r.stdout.contains("define void @f() comdat {"), "{}", r.stdout);
}

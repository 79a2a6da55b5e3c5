//! Nothing in uniformity recurses on the nesting depth of cycles: a function
//! whose loops nest a thousand deep is analysed on a small stack.

use opt_conv_ir::parse_module;
use opt_conv_legality::uniformity::{Mode, Target, UniformityInfo};

/// `depth` loops, each inside the previous one, all with divergent exits.
fn nested(depth: usize) -> String {
    let mut s = String::from(
        "target triple = \"amdgcn-amd-amdhsa\"\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n\
         define void @f(i32 %n) {\nentry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  br label %h0\n",
    );
    for i in 0..depth {
        let next = if i + 1 < depth { format!("h{}", i + 1) } else { "inner".to_owned() };
        s.push_str(&format!("h{i}:\n  br label %{next}\n"));
    }
    let last = depth - 1;
    s.push_str(&format!("inner:\n  %c = icmp eq i32 %tid, %n\n  br i1 %c, label %x{last}, label %h{last}\n"));
    for i in (0..depth).rev() {
        let out = if i > 0 { format!("x{}", i - 1) } else { "end".to_owned() };
        s.push_str(&format!("x{i}:\n  %c{i} = icmp eq i32 %tid, {i}\n  br i1 %c{i}, label %{out}, label %h{i}\n"));
    }
    s.push_str("end:\n  ret void\n}\n");
    s
}

#[test]
fn deeply_nested_cycles_on_a_small_stack() {
    let src = nested(1000);
    let t = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let (m, _) = parse_module("deep.ll", &src).expect("parses");
            let fid = m.func_by_name("f").unwrap();
            let f = m.body(fid).unwrap();
            for mode in [Mode::Llvm, Mode::Tokens, Mode::Legality] {
                let u = UniformityInfo::compute(&m, fid, f, Target::Amdgpu, mode);
                assert!(u.has_divergence());
            }
        })
        .unwrap();
    t.join().expect("no stack overflow");
}

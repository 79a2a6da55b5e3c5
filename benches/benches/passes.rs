//! Criterion benchmark of each transform pass on generated AMDGPU modules
//! with functions of growing size (one function of N instructions): cost
//! per instruction should stay flat as the function grows, the "linear on
//! huge functions" goal. `benches/compare-opt.sh` with `PIPELINE=<pass>`
//! times the same work against opt-22. The inliner, alone and followed by
//! the other transforms, runs on modules where it has calls to inline.

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use opt_conv_ir::parse_module;
use opt_conv_passes::{Options, Remarks, build, parse_pipeline, run_pipeline};

fn bench(c: &mut Criterion) {
    for pass in ["sink", "hoist", "dce", "inline", "loop-unroll", "jump-threading", "simplifycfg", "instsimplify"] {
        let inputs = [5_000usize, 20_000, 80_000]
            .map(|n| (n, opt_conv_benches::generate(&opt_conv_benches::GenConfig::new(n, n))));
        bench_pass(c, &format!("pass_{pass}"), pass, &inputs);
    }
    // Jump threading where every thread copies values used further on
    // (opt-22 is quadratic here); sizes count diamonds.
    let inputs = [500usize, 2_000, 8_000].map(|n| (n, opt_conv_benches::generate_repeated_tests(n)));
    bench_pass(c, "pass_jump-threading_repeated-tests", "jump-threading", &inputs);
    // The inliner where it has work: small functions (half internal)
    // calling each other, and one huge function calling 64 helpers; alone
    // and followed by the other transforms (`benches/compare-opt.sh` with
    // SUITE=pipeline times both against opt-22).
    let sizes = [5_000usize, 20_000, 80_000];
    let calls = sizes.map(|n| (n, opt_conv_benches::generate(&opt_conv_benches::GenConfig::with_calls(n, 200))));
    let huge = sizes.map(|n| (n, opt_conv_benches::generate(&opt_conv_benches::GenConfig::with_calls(n, n))));
    bench_pass(c, "pass_inline_calls", "inline", &calls);
    bench_pass(c, "pass_inline_huge", "inline", &huge);
    let pipeline = "inline,loop-unroll,sink,hoist,jump-threading";
    bench_pass(c, "pipeline_inline_calls", pipeline, &calls);
    bench_pass(c, "pipeline_inline_huge", pipeline, &huge);
    // Shapes that were quadratic (or worse); sizes 4x apart, so a return of
    // quadratic behaviour shows as 16x per step instead of 4x.
    // Nested divergent ifs (sizes count ifs): uniformity's join search.
    let ifs = [500usize, 2_000, 8_000].map(|n| (n, opt_conv_benches::generate_nested_ifs(n)));
    bench_pass(c, "pass_sink_nested-ifs", "sink", &ifs);
    bench_pass(c, "pass_hoist_nested-ifs", "hoist", &ifs);
    // A switch whose value is known on each of N incoming edges (sizes
    // count edges): quadratic, as in LLVM; cubic before.
    let fan_in = [250usize, 1_000].map(|n| (n, opt_conv_benches::generate_switch_fan_in(n)));
    bench_pass(c, "pass_jump-threading_switch-fan-in", "jump-threading", &fan_in);
    // A chain of calls (sizes count functions): each inlined body goes in
    // before its call, instruction by instruction, without renumbering the
    // caller's block each time. The copying itself is quadratic, as in LLVM.
    let chain = [100usize, 400].map(|n| (n, opt_conv_benches::generate_call_chain(n)));
    bench_pass(c, "pass_inline_call-chain", "inline", &chain);
    // Many loops in one function, unrolled at run time by 4: each loop is
    // looked at alone after another was transformed.
    let mut runtime = Options::default();
    runtime.unroll.count = Some(4);
    runtime.unroll.runtime = Some(true);
    let loops =
        [2_000usize, 8_000, 32_000].map(|n| (n, opt_conv_benches::generate(&opt_conv_benches::GenConfig::new(n, n))));
    bench_pass_with(c, "pass_loop-unroll-runtime", "loop-unroll<runtime>", &loops, &runtime);
    // The uniformity printer on many small functions: one numbering of
    // the module's metadata for all of them.
    let many = [10_000usize, 40_000, 160_000]
        .map(|n| (n, opt_conv_benches::generate(&opt_conv_benches::GenConfig::new(n, 40))));
    bench_pass(c, "print_uniformity_many-functions", "print<uniformity>", &many);
}

/// One group: `pipeline` on each `(size, module text)`, parsing not measured.
fn bench_pass(c: &mut Criterion, group: &str, pipeline: &str, inputs: &[(usize, String)]) {
    bench_pass_with(c, group, pipeline, inputs, &Options::default());
}

/// The same, with command-line `options`.
fn bench_pass_with(c: &mut Criterion, group: &str, pipeline: &str, inputs: &[(usize, String)], options: &Options) {
    let steps = build(&parse_pipeline(pipeline).unwrap()).unwrap();
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    for (n, text) in inputs {
        g.throughput(Throughput::Elements(*n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), text, |b, text| {
            b.iter_batched(
                // A fresh module for each run.
                || parse_module("g.ll", text).unwrap().0,
                |mut m| {
                    let (mut remarks, mut out) = (Remarks::default(), String::new());
                    run_pipeline(&steps, &mut m, &mut remarks, &mut out, options).unwrap();
                    m
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

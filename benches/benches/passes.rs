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
    for pass in ["sink", "hoist", "dce", "inline", "loop-unroll", "jump-threading"] {
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
}

/// One group: `pipeline` on each `(size, module text)`, parsing not measured.
fn bench_pass(c: &mut Criterion, group: &str, pipeline: &str, inputs: &[(usize, String)]) {
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
                    run_pipeline(&steps, &mut m, &mut remarks, &mut out, &Options::default()).unwrap();
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

//! Criterion benchmark of uniformity analysis on generated AMDGPU modules
//! (nested loops, irreducible regions, diamonds, divergent branches), in both
//! modes: cost per instruction should stay flat as the module grows.
//! `benches/compare-opt.sh` with `PIPELINE='print<uniformity>'` times the
//! same work against opt-22.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::parse_module;
use opt_conv_legality::uniformity::{Mode, Target, UniformityInfo};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    for (label, mode) in [("uniformity_llvm", Mode::Llvm), ("uniformity_tokens", Mode::Tokens)] {
        let mut g = c.benchmark_group(label);
        g.sample_size(10);
        for n in [10_000usize, 100_000, 1_000_000] {
            let text = opt_conv_benches::generate(&opt_conv_benches::GenConfig::new(n, 20_000));
            let (m, _) = parse_module("g.ll", &text).unwrap();
            let target = Target::of_module(&m);
            assert_eq!(target, Target::Amdgpu);
            let funcs = m.definitions();
            g.throughput(Throughput::Elements(n as u64));
            g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
                b.iter(|| {
                    let mut divergent = 0usize;
                    for &f in &funcs {
                        let body = m.body(f).unwrap();
                        // Fresh CFG analyses each time: the whole cost of an analysis run.
                        body.invalidate_all();
                        let _ = body.cycles();
                        let ui = UniformityInfo::compute(m, f, body, target, mode);
                        divergent += black_box(&ui).temporal_divergence().len();
                    }
                    divergent
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

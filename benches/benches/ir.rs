//! Criterion benchmarks of reading, printing, verifying and the CFG analyses
//! on generated modules (`opt_conv_benches::generate`).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use opt_conv_ir::analysis::{Cfg, CycleInfo, DomTree};
use opt_conv_ir::{parse_module, print_module, verify_module};
use std::hint::black_box;

const SIZES: &[(usize, usize)] = &[(10_000, 5_000), (100_000, 50_000)];

fn inputs() -> Vec<(usize, String)> {
    SIZES.iter().map(|&(n, per)| (n, opt_conv_benches::generate(&opt_conv_benches::GenConfig::new(n, per)))).collect()
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    let mut g = c.benchmark_group("ir");
    g.sample_size(10);
    for (n, text) in &inputs {
        g.throughput(Throughput::Elements(*n as u64));
        g.bench_with_input(BenchmarkId::new("read", n), text, |b, t| {
            b.iter(|| parse_module("g.ll", black_box(t)).unwrap())
        });
        let (m, _) = parse_module("g.ll", text).unwrap();
        g.bench_with_input(BenchmarkId::new("print", n), &m, |b, m| b.iter(|| print_module(black_box(m))));
        g.bench_with_input(BenchmarkId::new("verify", n), &m, |b, m| {
            b.iter(|| {
                for f in m.definitions() {
                    m.body(f).unwrap().invalidate_all();
                }
                verify_module(black_box(m)).unwrap()
            })
        });
        let cfgs: Vec<Cfg> = m.definitions().iter().map(|&f| Cfg::compute(m.body(f).unwrap())).collect();
        g.bench_with_input(BenchmarkId::new("domtree", n), &cfgs, |b, cfgs| {
            b.iter(|| cfgs.iter().map(|c| DomTree::from_cfg(black_box(c)).roots().len()).sum::<usize>())
        });
        g.bench_with_input(BenchmarkId::new("postdomtree", n), &cfgs, |b, cfgs| {
            b.iter(|| cfgs.iter().map(|c| DomTree::post_from_cfg(black_box(c)).roots().len()).sum::<usize>())
        });
        g.bench_with_input(BenchmarkId::new("cycles", n), &cfgs, |b, cfgs| {
            b.iter(|| cfgs.iter().map(|c| CycleInfo::from_cfg(black_box(c)).len()).sum::<usize>())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

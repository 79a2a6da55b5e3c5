//! Criterion benchmark of the convergence-control verifier on large
//! controlled modules (generated, then made controlled by
//! `infer-convergence-tokens`): cost per instruction should stay flat as the
//! module grows (near-linear).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::{Module, parse_module};
use opt_conv_legality::convergence::verify::verify_convergence;
use std::hint::black_box;

fn controlled_module(insts: usize) -> Module {
    let mut cfg = opt_conv_benches::GenConfig::new(insts, 20_000);
    cfg.convergent_in_irreducible = false;
    let text = opt_conv_benches::generate(&cfg);
    let (mut m, _) = parse_module("g.ll", &text).unwrap();
    for f in m.definitions() {
        let mut body = m.take_body(f).unwrap();
        let outcome = opt_conv_passes::infer_tokens::infer_tokens(&mut m, f, &mut body);
        assert!(matches!(outcome, opt_conv_passes::infer_tokens::InferOutcome::Inferred { .. }), "{outcome:?}");
        m.set_body(f, body);
    }
    assert!(opt_conv_passes::verify::verify_all(&m).is_empty());
    m
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("convergence_verify");
    g.sample_size(10);
    for n in [10_000usize, 100_000, 1_000_000] {
        let m = controlled_module(n);
        let funcs = m.definitions();
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter(|| {
                let mut errors = 0;
                for &f in &funcs {
                    // Fresh CFG analyses each time: the verifier's own cost.
                    m.body(f).unwrap().invalidate_all();
                    let _ = m.body(f).unwrap().cycles();
                    errors += verify_convergence(black_box(m), f).len();
                }
                assert_eq!(errors, 0);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

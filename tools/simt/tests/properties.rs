//! Property tests: the executor's groups and results against the spec's
//! rules stated directly, on random per-thread inputs.

use opt_conv_simt::{Inputs, Program, RunConfig, Val, run};
use proptest::prelude::*;

fn load(name: &str) -> opt_conv_ir::Module {
    let path = format!("{}/cases/run/{name}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap();
    opt_conv_ir::parse_module(&path, &src).unwrap().0
}

fn i32v(x: i32) -> Val {
    Val::int(32, x as u32 as u128)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Reductions in divergent control flow: each subgroupAdd sums exactly
    /// the threads that took the same side of the branch.
    #[test]
    fn reductions_sum_over_the_threads_on_the_same_side(deltas in prop::collection::vec(-50i32..50, 1..=16)) {
        let m = load("reduction.ll");
        let p = Program::new(&m).unwrap();
        let n = deltas.len() as u32;
        let inputs = Inputs { args: deltas.iter().map(|&d| vec![i32v(d)]).collect() };
        let r = run(&p, "example_kernel", &inputs, &RunConfig { threads: n, ..Default::default() }).unwrap();
        for (t, &d) in deltas.iter().enumerate() {
            let side: Vec<usize> = (0..deltas.len()).filter(|&u| (deltas[u] > 0) == (d > 0)).collect();
            let mask = side.iter().fold(0u64, |m, &u| m | 1 << u);
            let sum: i32 = side.iter().map(|&u| deltas[u]).sum();
            let e = &r.threads[t].events[0];
            prop_assert_eq!(e.group, mask);
            prop_assert_eq!(&e.result, &i32v(sum));
        }
    }

    /// Loop hearts: in iteration k, the threads converged at the anchor that
    /// run at least k iterations execute the operation together.
    #[test]
    fn heart_iterations_group_threads_with_enough_trips(trips in prop::collection::vec(0i32..6, 1..=12)) {
        let m = load("heart-loop.ll");
        let p = Program::new(&m).unwrap();
        let n = trips.len() as u32;
        let inputs = Inputs { args: trips.iter().map(|&c| vec![i32v(c)]).collect() };
        let r = run(&p, "heart_loop", &inputs, &RunConfig { threads: n, ..Default::default() }).unwrap();
        for (t, &c) in trips.iter().enumerate() {
            let events = &r.threads[t].events;
            prop_assert_eq!(events.len(), c as usize);
            for (k, e) in events.iter().enumerate() {
                let want = (0..trips.len()).filter(|&u| trips[u] > k as i32).fold(0u64, |m, u| m | 1 << u);
                prop_assert_eq!(e.group, want);
            }
        }
    }

    /// The opportunistic append buffer: whichever threads take part, their
    /// slots are distinct and together fill a prefix of the buffer.
    #[test]
    fn append_buffer_slots_are_a_permutation(conds in prop::collection::vec(any::<bool>(), 1..=16)) {
        let m = load("reserve-space.ll");
        let p = Program::new(&m).unwrap();
        let n = conds.len() as u32;
        let inputs = Inputs { args: conds.iter().map(|&c| vec![Val::Ptr(0), Val::bool(c)]).collect() };
        let r = run(&p, "append", &inputs, &RunConfig { threads: n, ..Default::default() }).unwrap();
        let out = r.memory.iter().find(|m| m.name == "%out").unwrap();
        let k = conds.iter().filter(|&&c| c).count();
        let mut written: Vec<u8> = (0..k).map(|i| out.bytes[4 * i]).collect();
        written.sort_unstable();
        let want: Vec<u8> = (0..conds.len()).filter(|&t| conds[t]).map(|t| t as u8).collect();
        prop_assert_eq!(written, want);
        let count = r.memory.iter().find(|m| m.name == "@bufferAllocationCount").unwrap();
        prop_assert_eq!(count.bytes[0] as usize, k);
    }
}

//! Property tests on random CFGs: our dominator and post-dominator trees
//! equal petgraph's `simple_fast`; the cycle forest satisfies its invariants
//! and its top-level cycles are exactly the non-trivial strongly connected
//! components of the reachable CFG.

use opt_conv_ir::analysis::{Cfg, CycleInfo, DomTree};
use opt_conv_ir::{Block, Function, parse_module};
use petgraph::algo::dominators::simple_fast;
use proptest::prelude::*;

/// A random function: block `i` ends in `ret` (no successor), `br` (one)
/// or a conditional `br` (two). Successor indices are taken modulo the block
/// count; block 0 is never a target (the entry may not have predecessors).
fn function_text(n: usize, succs: &[Vec<usize>]) -> String {
    let mut s = String::from("define void @f(i1 %c) {\n");
    let name = |i: usize| format!("b{i}");
    for (i, ss) in succs.iter().enumerate().take(n) {
        s.push_str(&format!("{}:\n", name(i)));
        let t: Vec<usize> = ss.iter().map(|&x| 1 + x % (n - 1).max(1)).filter(|_| n > 1).collect();
        match t.as_slice() {
            [] => s.push_str("  ret void\n"),
            [a] => s.push_str(&format!("  br label %{}\n", name(*a))),
            [a, b, ..] => s.push_str(&format!("  br i1 %c, label %{}, label %{}\n", name(*a), name(*b))),
        }
    }
    s.push_str("}\n");
    s
}

fn cfg_strategy() -> impl Strategy<Value = (usize, Vec<Vec<usize>>)> {
    (1usize..40).prop_flat_map(|n| (Just(n), prop::collection::vec(prop::collection::vec(0usize..64, 0..=2), n)))
}

fn body(text: &str) -> (opt_conv_ir::Module, opt_conv_ir::FuncId) {
    let (m, _) = parse_module("p.ll", text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let f = m.func_by_name("f").unwrap();
    (m, f)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn dominators_match_petgraph((n, succs) in cfg_strategy()) {
        let (m, f) = body(&function_text(n, &succs));
        let func: &Function = m.body(f).unwrap();
        let cfg = Cfg::compute(func);
        let ours = DomTree::from_cfg(&cfg);
        let entry = cfg.entry().unwrap();
        let theirs = simple_fast(&cfg, entry);
        for b in cfg.blocks() {
            prop_assert_eq!(ours.idom(b), theirs.immediate_dominator(b), "idom of {:?}", b);
        }
        for a in cfg.blocks() {
            for b in cfg.blocks() {
                if cfg.is_reachable(a) && cfg.is_reachable(b) {
                    let want = theirs.dominators(b).is_some_and(|mut ds| ds.any(|d| d == a));
                    prop_assert_eq!(ours.dominates(a, b), want, "{:?} dom {:?}", a, b);
                }
            }
        }
    }

    #[test]
    fn post_dominators_match_petgraph((n, succs) in cfg_strategy()) {
        let (m, f) = body(&function_text(n, &succs));
        let cfg = Cfg::compute(m.body(f).unwrap());
        let ours = DomTree::post_from_cfg(&cfg);
        // Oracle: a copy of the reversed CFG with a virtual exit feeding our roots.
        let mut g = petgraph::Graph::<Option<Block>, ()>::new();
        let exit = g.add_node(None);
        let idx: std::collections::BTreeMap<Block, petgraph::graph::NodeIndex> =
            cfg.blocks().map(|b| (b, g.add_node(Some(b)))).collect();
        for b in cfg.blocks() {
            for &s in cfg.succs(b) {
                g.add_edge(idx[&s], idx[&b], ());
            }
        }
        for &r in ours.roots() {
            g.add_edge(exit, idx[&r], ());
        }
        // Roots are the exits plus one block per region that cannot exit.
        for b in cfg.blocks() {
            if cfg.succs(b).is_empty() {
                prop_assert!(ours.roots().contains(&b));
            }
        }
        let theirs = simple_fast(&g, exit);
        for b in cfg.blocks() {
            let want = theirs.immediate_dominator(idx[&b]).and_then(|d| g[d]);
            prop_assert_eq!(ours.idom(b), want, "ipdom of {:?}", b);
        }
    }

    /// The post-dominator tree of one iteration of each cycle (its blocks,
    /// without the edges back to its entries, an edge leaving it ending the
    /// iteration) equals petgraph's on that part with a virtual exit fed by
    /// every block with an edge left out, for blocks that reach one.
    #[test]
    fn iteration_post_dominators_match_petgraph((n, succs) in cfg_strategy()) {
        let (m, f) = body(&function_text(n, &succs));
        let cfg = Cfg::compute(m.body(f).unwrap());
        let ci = CycleInfo::from_cfg(&cfg);
        for c in ci.cycles() {
            let blocks = ci.blocks(c);
            let keep = |_: Block, s: Block| !ci.is_entry(c, s);
            let ours = DomTree::post_of_part(&cfg, blocks, keep);
            let mut g = petgraph::Graph::<Option<Block>, ()>::new();
            let exit = g.add_node(None);
            let idx: std::collections::BTreeMap<Block, petgraph::graph::NodeIndex> =
                blocks.iter().map(|&b| (b, g.add_node(Some(b)))).collect();
            for &b in blocks {
                let mut left_out = cfg.succs(b).is_empty();
                for &s in cfg.succs(b) {
                    match idx.get(&s) {
                        Some(&is) if keep(b, s) => { g.add_edge(is, idx[&b], ()); }
                        _ => left_out = true,
                    }
                }
                if left_out {
                    g.add_edge(exit, idx[&b], ());
                }
            }
            let theirs = simple_fast(&g, exit);
            for &a in blocks {
                for &b in blocks {
                    if theirs.immediate_dominator(idx[&b]).is_none() {
                        continue; // reaches no exit of the iteration
                    }
                    let want = theirs.dominators(idx[&b]).is_some_and(|mut ds| ds.any(|d| d == idx[&a]));
                    prop_assert_eq!(ours.dominates(a, b), want, "{:?} pdom {:?} in cycle {:?}", a, b, blocks);
                }
            }
        }
    }

    #[test]
    fn cycles_are_well_formed((n, succs) in cfg_strategy()) {
        let (m, f) = body(&function_text(n, &succs));
        let cfg = Cfg::compute(m.body(f).unwrap());
        let ci = CycleInfo::from_cfg(&cfg);
        ci.validate(&cfg).map_err(TestCaseError::fail)?;
        // Top-level cycles are the non-trivial SCCs of the reachable graph.
        let mut sccs: Vec<Vec<Block>> = petgraph::algo::tarjan_scc(&cfg)
            .into_iter()
            .filter(|c| cfg.is_reachable(c[0]))
            .filter(|c| c.len() > 1 || cfg.succs(c[0]).contains(&c[0]))
            .map(|mut c| { c.sort(); c })
            .collect();
        sccs.sort();
        let mut tops: Vec<Vec<Block>> = ci.top_level().iter().map(|&c| { let mut b = ci.blocks(c).to_vec(); b.sort(); b }).collect();
        tops.sort();
        prop_assert_eq!(tops, sccs);
        // Nesting is a forest: each cycle's children are inside it and disjoint.
        for c in ci.cycles() {
            let kids = &ci.cycle(c).children;
            for (i, &a) in kids.iter().enumerate() {
                for &b in &kids[i + 1..] {
                    prop_assert!(ci.blocks(a).iter().all(|x| !ci.blocks(b).contains(x)));
                }
            }
            // Entries have predecessors outside; reducible headers dominate.
            for &e in ci.entries(c) {
                prop_assert!(cfg.preds(e).iter().any(|&p| !ci.contains(c, p)));
            }
        }
    }
}

//! Strongly connected components of a part of a CFG.

use crate::Block;

/// The strongly connected components of the subgraph of `blocks` with the
/// edges `succs` (restricted to `blocks`), by Tarjan's algorithm without
/// recursion.
pub fn strongly_connected<'a>(blocks: &[Block], succs: &dyn Fn(Block) -> &'a [Block]) -> Vec<Vec<Block>> {
    let inside: rustc_hash::FxHashSet<Block> = blocks.iter().copied().collect();
    let mut index: rustc_hash::FxHashMap<Block, (usize, usize)> = rustc_hash::FxHashMap::default();
    let mut on_stack: rustc_hash::FxHashSet<Block> = rustc_hash::FxHashSet::default();
    let mut stack: Vec<Block> = Vec::new();
    let mut out = Vec::new();
    let mut next = 0usize;
    for &root in blocks {
        if index.contains_key(&root) {
            continue;
        }
        let mut work: Vec<(Block, usize)> = vec![(root, 0)];
        index.insert(root, (next, next));
        next += 1;
        stack.push(root);
        on_stack.insert(root);
        while let Some(&mut (b, ref mut i)) = work.last_mut() {
            let ss = succs(b);
            if *i < ss.len() {
                let s = ss[*i];
                *i += 1;
                if !inside.contains(&s) {
                    continue;
                }
                match index.get(&s) {
                    None => {
                        index.insert(s, (next, next));
                        next += 1;
                        stack.push(s);
                        on_stack.insert(s);
                        work.push((s, 0));
                    }
                    Some(&(si, _)) if on_stack.contains(&s) => {
                        let e = index.get_mut(&b).expect("visited");
                        e.1 = e.1.min(si);
                    }
                    Some(_) => {}
                }
                continue;
            }
            work.pop();
            let (bi, bl) = index[&b];
            if let Some(&(p, _)) = work.last() {
                let e = index.get_mut(&p).expect("visited");
                e.1 = e.1.min(bl);
            }
            if bi == bl {
                let mut part = Vec::new();
                while let Some(x) = stack.pop() {
                    on_stack.remove(&x);
                    part.push(x);
                    if x == b {
                        break;
                    }
                }
                out.push(part);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::strongly_connected;
    use crate::{Block, EntityRef};

    #[test]
    fn finds_cycles_and_ignores_edges_leaving_the_part() {
        let b: Vec<Block> = (0..5).map(Block::new).collect();
        // 0 -> 1 -> 2 -> 1, 2 -> 3 -> 3, 3 -> 4 (4 is outside the part).
        let succs: Vec<Vec<Block>> = vec![vec![b[1]], vec![b[2]], vec![b[1], b[3]], vec![b[3], b[4]], vec![b[0]]];
        let mut parts = strongly_connected(&b[..4], &|x| succs[x.index()].as_slice());
        for p in &mut parts {
            p.sort();
        }
        parts.sort();
        assert_eq!(parts, vec![vec![b[0]], vec![b[1], b[2]], vec![b[3]]]);
    }
}

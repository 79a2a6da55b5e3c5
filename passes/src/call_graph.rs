//! Direct calls between a module's defined functions, for the inliner:
//! per function its call sites, per callee how many call sites name it.
//! Built with one walk over the module and kept current as calls are
//! inlined (the removed call goes, the inlined copy's calls come) and as
//! functions are deleted, so no inlining decision rescans the module.

use opt_conv_ir::{EntitySet, FuncId, Function, Inst, InstKind, Module, SecondaryMap};
use rustc_hash::FxHashMap;

/// The call graph (see the module docs).
#[derive(Clone, Debug)]
pub struct CallGraph {
    /// Functions that had a body when the graph was built.
    defined: EntitySet<FuncId>,
    /// Per function: its direct calls to defined functions, by instruction.
    sites: SecondaryMap<FuncId, FxHashMap<Inst, FuncId>>,
    /// Per defined function: how many call sites in the module call it.
    calls_to: SecondaryMap<FuncId, usize>,
    /// Defined functions, callees before callers (see [`CallGraph::bottom_up`]).
    order: Vec<FuncId>,
    /// Functions in a call-graph cycle, or calling themselves.
    recursive: EntitySet<FuncId>,
    /// Per function: how many of its call sites call itself.
    self_calls: SecondaryMap<FuncId, usize>,
    /// Per defined function: its component in [`CallGraph::bottom_up`]
    /// (functions of one cycle share one).
    component: SecondaryMap<FuncId, usize>,
}

/// The defined function (of `defined`) that `i` calls directly, if any.
fn direct_callee(defined: &EntitySet<FuncId>, f: &Function, i: Inst) -> Option<FuncId> {
    let d = f.dfg().inst(i);
    // An invoke is a call site too (the inliner refuses it, but it counts).
    if !matches!(d.kind, InstKind::Call(_) | InstKind::Invoke(_)) {
        return None;
    }
    f.dfg().direct_callee_of(d).filter(|&g| defined.contains(g))
}

impl CallGraph {
    /// The graph of `m` (every body must be in the module).
    pub fn build(m: &Module) -> CallGraph {
        let defs = m.definitions();
        let mut defined = EntitySet::new();
        for &f in &defs {
            defined.insert(f);
        }
        let mut g = CallGraph {
            defined,
            sites: SecondaryMap::new(),
            calls_to: SecondaryMap::new(),
            order: Vec::new(),
            recursive: EntitySet::new(),
            self_calls: SecondaryMap::new(),
            component: SecondaryMap::new(),
        };
        // Callees in the order their calls appear, for the traversal.
        let mut callees: Vec<Vec<FuncId>> = Vec::with_capacity(defs.len());
        for &f in &defs {
            let body = m.body(f).expect("a definition");
            let mut sites = FxHashMap::default();
            let mut list = Vec::new();
            for (_, i) in body.insts_in_order() {
                if let Some(c) = direct_callee(&g.defined, body, i) {
                    sites.insert(i, c);
                    g.calls_to[c] += 1;
                    g.self_calls[f] += usize::from(c == f);
                    list.push(c);
                }
            }
            g.sites[f] = sites;
            callees.push(list);
        }
        let components;
        (g.order, g.recursive, components) = bottom_up(&defs, &callees);
        for (k, &(start, end)) in components.iter().enumerate() {
            for &f in &g.order[start..end] {
                g.component[f] = k;
            }
        }
        g
    }

    /// The component of `f` (see [`CallGraph::bottom_up`]): two functions
    /// share one when each reaches the other through calls (as the graph
    /// was built).
    pub fn component(&self, f: FuncId) -> usize {
        self.component[f]
    }

    /// How many call sites of `f` call `f` itself.
    pub fn self_calls(&self, f: FuncId) -> usize {
        self.self_calls[f]
    }

    /// Defined functions, callees before callers: strongly connected
    /// components in post-order of a depth-first walk from each function in
    /// module order, visiting a function's callees from its last call back
    /// (the order of LLVM's CGSCC walk, and of petgraph's Tarjan on edges
    /// added in call order, which this pass used before); within a
    /// component of several functions, the order of LLVM's lazy call
    /// graph: the component's first function reached, then the others in
    /// reverse post-order of a depth-first walk from it through the
    /// component's calls, in call order.
    pub fn bottom_up(&self) -> &[FuncId] {
        &self.order
    }

    /// Whether `f` is in a call-graph cycle (or calls itself).
    pub fn is_recursive(&self, f: FuncId) -> bool {
        self.recursive.contains(f)
    }

    /// Whether `f` had a body when the graph was built.
    pub fn is_defined(&self, f: FuncId) -> bool {
        self.defined.contains(f)
    }

    /// The defined function call `i` in `caller` calls, if it is a call site.
    pub fn site(&self, caller: FuncId, i: Inst) -> Option<FuncId> {
        self.sites[caller].get(&i).copied()
    }

    /// The defined function `i` (in `f`) calls directly, if any: whether
    /// `i` is a call site.
    pub fn callee_of(&self, f: &Function, i: Inst) -> Option<FuncId> {
        direct_callee(&self.defined, f, i)
    }

    /// The call sites in `f`, by instruction (no particular order).
    pub fn sites(&self, f: FuncId) -> &FxHashMap<Inst, FuncId> {
        &self.sites[f]
    }

    /// How many call sites in the module call `f`.
    pub fn calls_to(&self, f: FuncId) -> usize {
        self.calls_to[f]
    }

    /// Call `call` in `caller` was inlined: it is gone, and `new_sites`
    /// (the inlined copy's calls) are call sites of `caller` now.
    pub fn inlined(&mut self, caller: FuncId, call: Inst, new_sites: &[(Inst, FuncId)]) {
        self.remove_site(caller, call);
        for &(i, c) in new_sites {
            if self.sites[caller].insert(i, c).is_none() {
                self.calls_to[c] += 1;
                self.self_calls[caller] += usize::from(c == caller);
            }
        }
    }

    /// Instruction `i` of `caller` was deleted; if it was a call site, it
    /// no longer counts.
    pub fn remove_site(&mut self, caller: FuncId, i: Inst) {
        if let Some(c) = self.sites[caller].remove(&i) {
            self.calls_to[c] -= 1;
            self.self_calls[caller] -= usize::from(c == caller);
        }
    }

    /// The body of `f` was changed by other passes (which may delete calls
    /// and move or merge them, never call a function they did not): its
    /// call sites are counted again from `body`.
    pub fn recount(&mut self, f: FuncId, body: &Function) {
        for i in self.sites[f].keys().copied().collect::<Vec<_>>() {
            self.remove_site(f, i);
        }
        for (_, i) in body.insts_in_order() {
            if let Some(c) = direct_callee(&self.defined, body, i) {
                self.sites[f].insert(i, c);
                self.calls_to[c] += 1;
                self.self_calls[f] += usize::from(c == f);
            }
        }
    }

    /// Function `f` was deleted: its calls no longer count.
    pub fn remove_function(&mut self, f: FuncId) {
        for (_, c) in std::mem::take(&mut self.sites[f]) {
            self.calls_to[c] -= 1;
        }
        self.self_calls[f] = 0;
        self.defined.remove(f);
    }

    /// Where this graph's call sites and counts differ from a recount of
    /// `m` (every body in the module), in words; `None` if they agree.
    pub fn differs_from(&self, m: &Module) -> Option<String> {
        let fresh = CallGraph::build(m);
        let mut problems = Vec::new();
        for f in m.definitions() {
            let name = m.func(f).map(|d| d.name.to_string()).unwrap_or_default();
            if self.self_calls[f] != fresh.self_calls[f] {
                problems.push(format!(
                    "@{name}: {} calls to itself counted, {} found",
                    self.self_calls[f], fresh.self_calls[f]
                ));
            }
            if self.calls_to[f] != fresh.calls_to[f] {
                problems.push(format!("@{name}: {} calls counted, {} found", self.calls_to[f], fresh.calls_to[f]));
            }
            let (mut a, mut b): (Vec<_>, Vec<_>) = (self.sites[f].iter().collect(), fresh.sites[f].iter().collect());
            a.sort();
            b.sort();
            if a != b {
                problems.push(format!("@{name}: call sites {a:?}, found {b:?}"));
            }
        }
        (!problems.is_empty()).then(|| problems.join("\n"))
    }
}

/// What [`bottom_up`] finds.
type BottomUp = (Vec<FuncId>, EntitySet<FuncId>, Vec<(usize, usize)>);

/// `(order, recursive, components)` for [`CallGraph::bottom_up`] (each
/// component a range of `order`): Tarjan's algorithm with its stack of
/// frames on the heap (call chains can be as deep as the module is long).
fn bottom_up(defs: &[FuncId], callees: &[Vec<FuncId>]) -> BottomUp {
    const UNSEEN: usize = usize::MAX;
    let mut node: SecondaryMap<FuncId, usize> = SecondaryMap::with_default(UNSEEN);
    for (k, &f) in defs.iter().enumerate() {
        node[f] = k;
    }
    let n = defs.len();
    let (mut index, mut low, mut on_stack) = (vec![UNSEEN; n], vec![0; n], vec![false; n]);
    let mut stack: Vec<usize> = Vec::new();
    let mut order = Vec::with_capacity(n);
    let mut recursive = EntitySet::new();
    let mut components = Vec::new();
    let mut next = 0;
    // A frame: the node and how many of its callees (from the last) are done.
    let mut frames: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        frames.push((root, 0));
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut done)) = frames.last_mut() {
            let list = &callees[v];
            if *done < list.len() {
                let callee = list[list.len() - 1 - *done];
                *done += 1;
                let w = node[callee];
                if w == UNSEEN {
                    continue;
                }
                if w == v {
                    recursive.insert(defs[v]);
                }
                if index[w] == UNSEEN {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    frames.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let at = stack.iter().rposition(|&x| x == v).expect("on the stack");
                let scc: Vec<usize> = stack.split_off(at);
                for &x in &scc {
                    on_stack[x] = false;
                }
                if scc.len() > 1 {
                    for &x in &scc {
                        recursive.insert(defs[x]);
                    }
                }
                let start = order.len();
                // `v`, the component's root, is its first function reached.
                order.extend(component_order(v, &scc, callees, &node).into_iter().map(|x| defs[x]));
                components.push((start, order.len()));
            }
        }
    }
    (order, recursive, components)
}

/// The functions of component `scc` (nodes of [`bottom_up`]) in the order
/// of LLVM's lazy call graph: `root` first, then the others in reverse
/// post-order of a depth-first walk from `root` over the component's calls,
/// each function's in call order.
fn component_order(
    root: usize,
    scc: &[usize],
    callees: &[Vec<FuncId>],
    node: &SecondaryMap<FuncId, usize>,
) -> Vec<usize> {
    if scc.len() == 1 {
        return scc.to_vec();
    }
    let members: rustc_hash::FxHashSet<usize> = scc.iter().copied().collect();
    let mut seen: rustc_hash::FxHashSet<usize> = rustc_hash::FxHashSet::default();
    let mut post = Vec::with_capacity(scc.len());
    // A frame: the node and how many of its calls are done.
    let mut frames = vec![(root, 0usize)];
    seen.insert(root);
    while let Some(&mut (v, ref mut done)) = frames.last_mut() {
        if let Some(&c) = callees[v].get(*done) {
            *done += 1;
            let w = node[c];
            if members.contains(&w) && seen.insert(w) {
                frames.push((w, 0));
            }
            continue;
        }
        frames.pop();
        post.push(v);
    }
    post.reverse();
    post
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(text: &str) -> (Module, CallGraph) {
        let (m, _) = opt_conv_ir::parse_module("t.ll", text).unwrap();
        let g = CallGraph::build(&m);
        (m, g)
    }

    fn names(m: &Module, fs: impl IntoIterator<Item = FuncId>) -> Vec<String> {
        fs.into_iter().map(|f| m.func(f).unwrap().name.to_string()).collect()
    }

    #[test]
    fn counts_and_order() {
        let (m, g) = graph(
            "declare void @ext()\n\
             define void @a() {\n  call void @b()\n  call void @c()\n  call void @ext()\n  ret void\n}\n\
             define void @b() {\n  call void @c()\n  ret void\n}\n\
             define void @c() {\n  ret void\n}\n\
             define void @r() {\n  call void @s()\n  ret void\n}\n\
             define void @s() {\n  call void @r()\n  call void @s()\n  ret void\n}\n",
        );
        let f = |n: &str| m.func_by_name(n).unwrap();
        assert_eq!(g.calls_to(f("c")), 2);
        assert_eq!(g.calls_to(f("b")), 1);
        assert_eq!(g.calls_to(f("a")), 0);
        assert_eq!(g.sites(f("a")).len(), 2, "calls to declarations are not call sites");
        assert_eq!(names(&m, g.bottom_up().iter().copied()), ["c", "b", "a", "r", "s"]);
        assert!(g.is_recursive(f("r")) && g.is_recursive(f("s")) && !g.is_recursive(f("a")));
        assert!(g.differs_from(&m).is_none());
    }

    #[test]
    fn a_cycles_functions_come_in_the_order_of_llvms_lazy_call_graph() {
        // The first function reached, then the others in reverse post-order
        // of a walk through the cycle's calls in call order (as `opt-22`
        // takes them): not module order.
        let (m, g) = graph(
            "define void @a() {\n  call void @b()\n  call void @c()\n  ret void\n}\n\
             define void @b() {\n  call void @d()\n  ret void\n}\n\
             define void @c() {\n  call void @a()\n  ret void\n}\n\
             define void @d() {\n  call void @c()\n  ret void\n}\n\
             define void @x() {\n  call void @z()\n  ret void\n}\n\
             define void @y() {\n  call void @z()\n  ret void\n}\n\
             define void @z() {\n  call void @y()\n  ret void\n}\n",
        );
        assert_eq!(names(&m, g.bottom_up().iter().copied()), ["a", "b", "d", "c", "z", "y", "x"]);
        let f = |n: &str| m.func_by_name(n).unwrap();
        assert_eq!(g.component(f("a")), g.component(f("c")));
        assert_ne!(g.component(f("z")), g.component(f("x")));
    }

    #[test]
    fn a_deep_chain_needs_no_deep_stack() {
        // f0 calls f1 calls ... f200000: a recursive walk would overflow a
        // small stack.
        let n = 200_000;
        let defs: Vec<FuncId> = (0..=n).map(|k| FuncId::from_u32(k as u32)).collect();
        let callees: Vec<Vec<FuncId>> = (0..=n).map(|k| defs.get(k + 1).copied().into_iter().collect()).collect();
        let expected: Vec<FuncId> = defs.iter().rev().copied().collect();
        let (order, recursive, _) = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || bottom_up(&defs, &callees))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(order, expected);
        assert!(recursive.is_empty());
    }

    #[test]
    fn removing_a_function_drops_its_calls() {
        let (m, mut g) = graph(
            "define void @a() {\n  call void @c()\n  ret void\n}\n\
             define void @c() {\n  ret void\n}\n",
        );
        let (a, c) = (m.func_by_name("a").unwrap(), m.func_by_name("c").unwrap());
        g.remove_function(a);
        assert_eq!(g.calls_to(c), 0);
        assert!(!g.is_defined(a));
    }
}

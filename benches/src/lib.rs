//! Generator of large, valid `.ll` modules for benchmarks.
//!
//! A function is built from nested regions, each chosen pseudo-randomly
//! (deterministic for a seed): straight-line arithmetic, diamonds joined by
//! phis, natural loops with induction phis, irreducible two-entry cycles,
//! calls (plain, convergent, and to other generated functions) and memory
//! operations. A scope stack tracks which values dominate the insertion
//! point, so every use is dominated by its definition and the output always
//! verifies (under opt-conv and under `opt-22 -passes=verify`).

use std::fmt::Write;

/// What to generate.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Total instructions, approximately.
    pub insts: usize,
    /// Number of functions the instructions are spread over.
    pub funcs: usize,
    /// Random seed.
    pub seed: u64,
    /// Maximum region nesting depth.
    pub max_depth: u32,
    /// Whether irreducible regions may contain convergent calls (token
    /// inference refuses those, so controlled benchmarks turn this off).
    pub convergent_in_irreducible: bool,
    /// A module for the inliner: calls to other generated functions pass
    /// all three arguments (so they can be inlined), about half the
    /// functions are `internal`, and two in five are small helpers (under
    /// the inline threshold) instead of `per_func`-sized ones; `funcs` is
    /// then what the budget allows. With `per_func` the whole budget, 64
    /// helpers come before one huge function.
    pub inlinable_calls: bool,
}

impl GenConfig {
    /// `insts` instructions in functions of about `per_func` instructions each.
    pub fn new(insts: usize, per_func: usize) -> Self {
        GenConfig {
            insts,
            funcs: insts.div_ceil(per_func.max(1)).max(1),
            seed: 0x5eed,
            max_depth: 6,
            convergent_in_irreducible: true,
            inlinable_calls: false,
        }
    }

    /// The inliner's module (see [`GenConfig::inlinable_calls`]).
    pub fn with_calls(insts: usize, per_func: usize) -> Self {
        GenConfig { inlinable_calls: true, ..GenConfig::new(insts, per_func) }
    }
}

/// SplitMix64, as the executor's input generator has it; written again so
/// the module generator depends on `ir` alone.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

struct FnGen<'a> {
    out: &'a mut String,
    rng: &'a mut Rng,
    next_val: usize,
    next_block: usize,
    /// Values (i32) that dominate the current point, by scope.
    scopes: Vec<Vec<String>>,
    budget: usize,
    emitted: usize,
    max_depth: u32,
    callees: &'a [String],
    /// No convergent calls are emitted while this is set.
    no_convergent: bool,
    convergent_in_irreducible: bool,
    /// Calls to `callees` pass the generated signature's three arguments.
    full_calls: bool,
}

impl FnGen<'_> {
    fn val(&mut self) -> String {
        self.next_val += 1;
        format!("%v{}", self.next_val)
    }
    fn block(&mut self) -> String {
        self.next_block += 1;
        format!("b{}", self.next_block)
    }
    fn pick(&mut self) -> String {
        let total: usize = self.scopes.iter().map(Vec::len).sum();
        if total == 0 {
            return "1".into();
        }
        // Prefer recent values: they make longer def-use chains.
        let mut k = total - 1 - self.rng.below(total.min(8));
        for s in &self.scopes {
            if k < s.len() {
                return s[k].clone();
            }
            k -= s.len();
        }
        "1".into()
    }
    fn def(&mut self, v: String) {
        self.scopes.last_mut().expect("a scope").push(v);
    }
    fn inst(&mut self, text: &str) {
        self.out.push_str("  ");
        self.out.push_str(text);
        self.out.push('\n');
        self.emitted += 1;
    }
    fn label(&mut self, b: &str) {
        let _ = writeln!(self.out, "{b}:");
    }
    fn cond(&mut self) -> String {
        let (a, b) = (self.pick(), self.pick());
        let c = self.val();
        let pred = ["slt", "eq", "ult", "sgt"][self.rng.below(4)];
        self.inst(&format!("{c} = icmp {pred} i32 {a}, {b}"));
        c
    }
    fn straight(&mut self, n: usize) {
        for _ in 0..n {
            let (a, b) = (self.pick(), self.pick());
            let v = self.val();
            match self.rng.below(10) {
                0 => self.inst(&format!("{v} = mul nsw i32 {a}, {b}")),
                1 => self.inst(&format!("{v} = xor i32 {a}, {b}")),
                2 => self.inst(&format!("{v} = sub i32 {a}, {b}")),
                3 => {
                    let c = self.cond();
                    self.inst(&format!("{v} = select i1 {c}, i32 {a}, i32 {b}"));
                }
                4 => {
                    let callee = if self.callees.is_empty() {
                        "@ext".to_owned()
                    } else {
                        self.callees[self.rng.below(self.callees.len())].clone()
                    };
                    if self.full_calls && callee != "@ext" {
                        self.inst(&format!("{v} = call i32 {callee}(i32 {a}, i32 {b}, ptr %buf)"));
                    } else {
                        self.inst(&format!("{v} = call i32 {callee}(i32 {a})"));
                    }
                }
                5 if !self.no_convergent => self.inst(&format!("{v} = call i32 @sync(i32 {a})")),
                6 => {
                    let p = self.val();
                    self.inst(&format!("{p} = getelementptr inbounds i32, ptr %buf, i32 {a}"));
                    self.inst(&format!("store i32 {b}, ptr {p}, align 4"));
                    self.inst(&format!("{v} = load i32, ptr {p}, align 4"));
                }
                _ => self.inst(&format!("{v} = add i32 {a}, {b}")),
            }
            self.def(v);
        }
    }

    /// Emits a region starting in the current (open) block; returns the name
    /// of the open block at its end.
    fn region(&mut self, cur: String, depth: u32) -> String {
        let mut cur = cur;
        while self.emitted < self.budget {
            let choice = if depth >= self.max_depth { 0 } else { self.rng.below(10) };
            match choice {
                0..=3 => {
                    let n = 2 + self.rng.below(6);
                    self.straight(n);
                }
                4..=5 => cur = self.diamond(depth),
                6..=7 => cur = self.natural_loop(cur, depth),
                8 => cur = self.irreducible(),
                _ => return cur,
            }
            if depth > 0 && self.rng.below(4) == 0 {
                return cur;
            }
        }
        cur
    }

    fn diamond(&mut self, depth: u32) -> String {
        let c = self.cond();
        let (t, e, j) = (self.block(), self.block(), self.block());
        self.inst(&format!("br i1 {c}, label %{t}, label %{e}"));
        let arm = |g: &mut Self, b: &str| -> (String, String) {
            g.label(b);
            g.scopes.push(Vec::new());
            let end = g.region(b.to_owned(), depth + 1);
            let v = g.pick();
            g.inst(&format!("br label %{j}"));
            g.scopes.pop();
            (end, v)
        };
        let (te, tv) = arm(self, &t);
        let (ee, ev) = arm(self, &e);
        self.label(&j);
        let p = self.val();
        self.inst(&format!("{p} = phi i32 [ {tv}, %{te} ], [ {ev}, %{ee} ]"));
        self.def(p);
        j
    }

    fn natural_loop(&mut self, cur: String, depth: u32) -> String {
        let (h, latch, exit) = (self.block(), self.block(), self.block());
        let init = self.pick();
        self.inst(&format!("br label %{h}"));
        self.label(&h);
        let iv = self.val();
        let next = self.val();
        self.inst(&format!("{iv} = phi i32 [ {init}, %{cur} ], [ {next}, %{latch} ]"));
        self.scopes.push(vec![iv.clone()]);
        self.region(h.clone(), depth + 1);
        self.inst(&format!("br label %{latch}"));
        self.label(&latch);
        self.inst(&format!("{next} = add nsw i32 {iv}, 1"));
        let c = self.val();
        let bound = 4 + self.rng.below(100);
        self.inst(&format!("{c} = icmp slt i32 {next}, {bound}"));
        self.inst(&format!("br i1 {c}, label %{h}, label %{exit}"));
        self.scopes.pop();
        self.label(&exit);
        // The induction variable dominates the exit (through the latch).
        self.def(next);
        exit
    }

    fn irreducible(&mut self) -> String {
        let c = self.cond();
        let (a, b, x) = (self.block(), self.block(), self.block());
        self.inst(&format!("br i1 {c}, label %{a}, label %{b}"));
        for (me, other) in [(a.clone(), b.clone()), (b.clone(), a.clone())] {
            self.label(&me);
            self.scopes.push(Vec::new());
            let n = 1 + self.rng.below(3);
            self.no_convergent = !self.convergent_in_irreducible;
            self.straight(n);
            self.no_convergent = false;
            let c2 = self.cond();
            self.inst(&format!("br i1 {c2}, label %{other}, label %{x}"));
            self.scopes.pop();
        }
        self.label(&x);
        x
    }
}

/// Generates a module per `cfg`.
pub fn generate(cfg: &GenConfig) -> String {
    let mut out = String::with_capacity(cfg.insts * 40 + 1024);
    out.push_str("; Generated by opt-conv-benches (deterministic for its seed).\n");
    out.push_str("target triple = \"amdgcn-amd-amdhsa\"\n\n");
    out.push_str("declare i32 @ext(i32)\n");
    out.push_str("declare i32 @sync(i32) convergent\n\n");
    let mut rng = Rng(cfg.seed);
    let per_func = cfg.insts.div_ceil(cfg.funcs.max(1));
    let mut names: Vec<String> = Vec::new();
    let mut total = 0;
    for f in 0.. {
        let more = if cfg.inlinable_calls { total < cfg.insts } else { f < cfg.funcs.max(1) };
        if !more {
            break;
        }
        let name = format!("@f{f}");
        // Small helpers: 8 to 40 instructions, under the inline threshold.
        // One huge function (`per_func` the whole budget) comes after 64.
        let small = cfg.inlinable_calls && if per_func >= cfg.insts { f < 64 } else { rng.below(5) < 2 };
        let budget = if small { 8 + rng.below(33) } else { per_func };
        let linkage = if cfg.inlinable_calls && rng.below(2) == 0 { "internal " } else { "" };
        let _ = writeln!(out, "define {linkage}i32 {name}(i32 %a, i32 %b, ptr %buf) {{\nentry:");
        let mut g = FnGen {
            out: &mut out,
            rng: &mut rng,
            next_val: 0,
            next_block: 0,
            scopes: vec![vec!["%a".into(), "%b".into()]],
            budget,
            emitted: 0,
            max_depth: if small { 2 } else { cfg.max_depth },
            callees: &names,
            no_convergent: false,
            convergent_in_irreducible: cfg.convergent_in_irreducible,
            full_calls: cfg.inlinable_calls,
        };
        let mut cur = "entry".to_owned();
        while g.emitted < g.budget {
            cur = g.region(cur, 0);
        }
        let r = g.pick();
        g.inst(&format!("ret i32 {r}"));
        total += g.emitted;
        out.push_str("}\n\n");
        names.push(name);
        // Calls only go to earlier functions, so the call graph is acyclic.
        if names.len() > 16 {
            names.remove(0);
        }
    }
    out
}

/// One function of `diamonds` blocks in sequence that all test the same
/// flag (`br i1 %flag` after every data-dependent diamond), about 11
/// instructions each: what jump threading lives on, and where each thread
/// asks who uses the copied values. opt-22 is quadratic on it.
pub fn generate_repeated_tests(diamonds: usize) -> String {
    let mut out = String::with_capacity(diamonds * 400 + 256);
    out.push_str("; Generated by opt-conv-benches: repeated tests of one flag.\n");
    let first = if diamonds == 0 { "done" } else { "b0" };
    let _ = write!(out, "declare void @use(i32)\n\ndefine i32 @f(i1 %flag, i32 %x) {{\nentry:\n  br label %{first}\n");
    for k in 0..diamonds {
        let incoming = if k == 0 { "%x, %entry".to_owned() } else { format!("%j{}, %z{}", k - 1, k - 1) };
        let next = if k + 1 < diamonds { format!("b{}", k + 1) } else { "done".to_owned() };
        let _ = write!(
            out,
            "b{k}:\n  %v{k} = phi i32 [ {incoming} ]\n  %c{k} = icmp sgt i32 %v{k}, {k}\n  \
             br i1 %c{k}, label %t{k}, label %e{k}\n\
             t{k}:\n  %a{k} = add i32 %v{k}, 1\n  br i1 %flag, label %m{k}, label %e{k}\n\
             e{k}:\n  %s{k} = sub i32 %v{k}, 1\n  br label %m{k}\n\
             m{k}:\n  %j{k} = phi i32 [ %a{k}, %t{k} ], [ %s{k}, %e{k} ]\n  br i1 %flag, label %x{k}, label %y{k}\n\
             x{k}:\n  call void @use(i32 %j{k})\n  br label %z{k}\n\
             y{k}:\n  br label %z{k}\n\
             z{k}:\n  br label %{next}\n"
        );
    }
    let last = diamonds.saturating_sub(1);
    let ret = if diamonds == 0 { "%x".to_owned() } else { format!("%j{last}") };
    let _ = write!(out, "done:\n  ret i32 {ret}\n}}\n");
    out
}

/// One kernel of `depth` ifs nested in each other, each on a divergent
/// condition (derived from the thread id), joining in reverse order, with a
/// convergent call in the innermost: every branch's joins are searched
/// through all the ifs inside it, the shape where uniformity's join
/// search and the oracle's questions about it must stay near-linear.
pub fn generate_nested_ifs(depth: usize) -> String {
    let mut out = String::with_capacity(depth * 160 + 512);
    out.push_str(
        "; Generated by opt-conv-benches: nested divergent ifs.
         declare i32 @llvm.amdgcn.workitem.id.x()
declare void @sync() convergent

         define amdgpu_kernel void @k(i32 %n, ptr addrspace(1) %p) convergent {
entry:
           %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %b0
",
    );
    for k in 0..depth {
        let prev = if k == 0 { "%t".to_owned() } else { format!("%v{}", k - 1) };
        let _ = write!(
            out,
            "b{k}:
  %v{k} = add i32 {prev}, {k}
  %c{k} = icmp slt i32 %v{k}, %n
               br i1 %c{k}, label %b{}, label %j{k}
",
            k + 1
        );
    }
    let inner = if depth == 0 { "exit".to_owned() } else { format!("j{}", depth - 1) };
    let _ = write!(
        out,
        "b{depth}:
  call void @sync()
  br label %{inner}
"
    );
    for k in (0..depth).rev() {
        let next = if k == 0 { "exit".to_owned() } else { format!("j{}", k - 1) };
        let _ = write!(
            out,
            "j{k}:
  store i32 {k}, ptr addrspace(1) %p
  br label %{next}
"
        );
    }
    out.push_str(
        "exit:
  ret void
}
",
    );
    out
}

/// A chain of `n` internal functions, each storing and calling the next,
/// called from one kernel: the inliner copies the chain into each caller
/// in turn (quadratic copying, as in LLVM), each copy going in place of a
/// call at the end of a long block.
pub fn generate_call_chain(n: usize) -> String {
    let mut out = String::with_capacity(n * 120 + 256);
    out.push_str(
        "; Generated by opt-conv-benches: a call chain.
declare void @sync() convergent

",
    );
    for k in 0..n {
        let call = if k + 1 < n { format!("call void @f{}(ptr %p)", k + 1) } else { "call void @sync()".to_owned() };
        let _ = write!(
            out,
            "define internal void @f{k}(ptr %p) convergent {{
entry:
  store i32 {k}, ptr %p
  {call}
  ret void
}}

"
        );
    }
    let first = if n == 0 { "call void @sync()".to_owned() } else { "call void @f0(ptr %p)".to_owned() };
    let _ = write!(
        out,
        "define amdgpu_kernel void @k(ptr %p) convergent {{
entry:
  {first}
  ret void
}}
"
    );
    out
}

/// A switch on a phi of `n` predecessors, each passing its own case of
/// the next block's switch: jump threading finds the value on every edge
/// and threads one destination at a time (quadratic, as in LLVM; it was
/// cubic when each edge searched the phi and the cases).
pub fn generate_switch_fan_in(n: usize) -> String {
    let mut out = String::with_capacity(n * 120 + 256);
    out.push_str("; Generated by opt-conv-benches: a switch fan-in.\ndefine i32 @f(i32 %x) {\nentry:\n  switch i32 %x, label %d [\n");
    for k in 0..n {
        let _ = writeln!(out, "    i32 {k}, label %p{k}");
    }
    out.push_str("  ]\nd:\n  br label %j\n");
    for k in 0..n {
        let _ = writeln!(out, "p{k}:\n  br label %j");
    }
    out.push_str("j:\n  %v = phi i32 [ -1, %d ]");
    for k in 0..n {
        let _ = write!(out, ", [ {k}, %p{k} ]");
    }
    out.push_str("\n  switch i32 %v, label %e [\n");
    for k in 0..n {
        let _ = writeln!(out, "    i32 {k}, label %c{k}");
    }
    out.push_str("  ]\n");
    for k in 0..n {
        let _ = writeln!(out, "c{k}:\n  ret i32 {}", k * 10);
    }
    out.push_str("e:\n  ret i32 -1\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switch_fan_in_verifies() {
        for n in [0, 1, 5] {
            let text = generate_switch_fan_in(n);
            let (m, _) = opt_conv_ir::parse_module("s.ll", &text).unwrap();
            opt_conv_ir::verify_module(&m).unwrap();
        }
    }

    #[test]
    fn repeated_tests_verify() {
        for n in [0, 1, 5] {
            let text = generate_repeated_tests(n);
            let (m, _) = opt_conv_ir::parse_module("r.ll", &text).unwrap();
            opt_conv_ir::verify_module(&m).unwrap();
        }
    }

    #[test]
    fn nested_ifs_and_call_chains_verify() {
        for n in [0, 1, 7] {
            for text in [generate_nested_ifs(n), generate_call_chain(n)] {
                let (m, _) = opt_conv_ir::parse_module("g.ll", &text).unwrap();
                opt_conv_ir::verify_module(&m).unwrap();
            }
        }
        // As many blocks as the depth says: two per if, the innermost, the exit.
        let (m, _) = opt_conv_ir::parse_module("g.ll", &generate_nested_ifs(7)).unwrap();
        let f = m.definitions()[0];
        assert_eq!(m.body(f).unwrap().layout().blocks().count(), 2 * 7 + 3);
    }

    #[test]
    fn generated_modules_verify() {
        for (insts, per) in [(300, 100), (2000, 2000)] {
            let mut cfg = GenConfig::new(insts, per);
            cfg.seed = insts as u64;
            let text = generate(&cfg);
            let (m, _) = opt_conv_ir::parse_module("gen.ll", &text).unwrap_or_else(|e| panic!("{e}"));
            opt_conv_ir::verify_module(&m).unwrap_or_else(|e| panic!("{e:?}"));
            let n = m.num_insts();
            assert!(n >= insts && n < insts * 2, "{n} instructions for a target of {insts}");
            // Every shape is present: loops, irreducible cycles, phis, calls.
            let has_irreducible = m.definitions().iter().any(|&f| {
                use opt_conv_ir::analysis::FunctionAnalyses;
                let ci = m.body(f).unwrap().cycles();
                ci.cycles().any(|c| !ci.is_reducible(c))
            });
            assert!(has_irreducible);
            assert!(text.contains(" = phi i32 ") && text.contains("call i32 @sync"));
        }
    }

    #[test]
    fn deterministic() {
        let c = GenConfig::new(1000, 250);
        assert_eq!(generate(&c), generate(&c));
    }
}

//! Random GPU kernels for translation validation: small, valid functions
//! with convergence control (or without, in the uncontrolled flavour) that
//! exercise what the convergence-aware passes move, merge, duplicate and
//! inline: divergent and uniform branches, loops with uniform and
//! thread-dependent trip counts, breaks out of loops, anchors with users
//! inside conditional code, identical operations in both arms, reductions,
//! ballots, observable calls, and calls to small convergent helpers.
//!
//! It also reaches the shapes where uniformity depends on who asks (see
//! [`Generated::shapes`]): tokens used after their loop (extended loops),
//! values of a loop tested after a divergent exit, blocks entered from
//! several iterations of a loop, conditions derived from a `readfirstlane`
//! under an anchor, nested hearts and irreducible cycles.
//!
//! Uniform values come from constants and the kernel's arguments; divergent ones
//! from the lane id. The kernel is an `amdgpu_kernel`: its arguments are
//! the same for every thread, for the oracle and the executor alike, and are
//! the uniform values branches test (a `readfirstlane` is uniform only within
//! a wave, so only one of a uniform value is).

/// A deterministic generator: the executor's SplitMix64, seeded as this
/// generator always was (so a seed names the same program as before).
pub struct Rng(opt_conv_simt::inputs::Rng);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(opt_conv_simt::inputs::Rng::from_state(seed ^ 0x9e37_79b9_7f4a_7c15))
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }
    /// True with probability `p`/100.
    pub fn chance(&mut self, p: u64) -> bool {
        self.below(100) < p
    }
}

/// Whether the kernel uses convergence tokens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// Entry token, hearts in loops, anchors, bundles everywhere.
    Controlled,
    /// The `convergent` attribute alone.
    Uncontrolled,
}

/// A generated module: its text and the kernel's name (`k`).
pub struct Generated {
    /// The `.ll` text.
    pub text: String,
    /// The shapes it exercises, by name (for coverage reports): see
    /// [`SHAPES`].
    pub shapes: std::collections::BTreeSet<&'static str>,
}

/// The shapes the generator reports, with what each means.
pub const SHAPES: &[(&str, &str)] = &[
    ("extended-heart", "a loop's heart token used after the loop"),
    ("loop-value-after-divergent-exit", "a branch after a loop with a divergent exit on a value of the loop"),
    ("arrival-from-iterations", "a block entered by two exits of a loop, with a reduction and a branch on a phi"),
    ("anchored-uniform-cond", "a branch on a readfirstlane controlled by an anchor"),
    ("nested-hearts", "a loop with a heart inside a loop with a heart"),
    ("irreducible", "an irreducible cycle"),
    ("trip-count-from-earlier-loop", "a loop counting to the induction variable of an earlier loop"),
    ("kill", "threads stopped by llvm.amdgcn.kill"),
];

/// Generates one module from `seed`.
pub fn generate(seed: u64, flavour: Flavour) -> Generated {
    let mut g = Gen {
        rng: Rng::new(seed),
        flavour,
        out: String::new(),
        next: 0,
        helpers: Vec::new(),
        shapes: Default::default(),
        loop_depth: 0,
    };
    let body = g.kernel();
    let mut text = String::from(PRELUDE);
    for h in &g.helpers {
        text.push_str(h);
    }
    text.push_str(&body);
    Generated { text, shapes: g.shapes }
}

const PRELUDE: &str = "target triple = \"amdgcn-amd-amdhsa\"\n\n\
    declare i32 @llvm.amdgcn.workitem.id.x()\n\
    declare i32 @llvm.amdgcn.readfirstlane.i32(i32)\n\
    declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)\n\
    declare i64 @subgroupBallot(i1) convergent nounwind willreturn memory(none)\n\
    declare void @record(i32)\n\
    declare void @llvm.amdgcn.kill(i1)\n\n";

/// A value in scope: its name and whether every converged thread has the same one.
#[derive(Clone)]
struct Val {
    name: String,
    uniform: bool,
}

struct Scope {
    vals: Vec<Val>,
    /// Branch conditions and flags (`i1`) in scope, which later branches
    /// may test again: what jump threading looks for.
    conds: Vec<Val>,
    /// The token convergent operations here use (controlled flavour).
    token: Option<String>,
    /// Whether a loop may be generated here (not inside an anchor's region,
    /// whose hearts would use an outer token inside it).
    loops_ok: bool,
    /// Induction variables of loops already left (uniform inside their
    /// loop, not after a divergent exit): trip counts for later loops.
    loop_outs: Vec<String>,
}

struct Gen {
    rng: Rng,
    flavour: Flavour,
    out: String,
    next: u32,
    helpers: Vec<String>,
    shapes: std::collections::BTreeSet<&'static str>,
    /// Loops with a heart around the point being written.
    loop_depth: u32,
}

impl Gen {
    fn fresh(&mut self, stem: &str) -> String {
        self.next += 1;
        format!("{stem}{}", self.next)
    }

    fn line(&mut self, s: &str) {
        self.out.push_str("  ");
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn label(&mut self, l: &str) {
        self.out.push('\n');
        self.out.push_str(l);
        self.out.push_str(":\n");
    }

    fn bundle(&self, scope: &Scope) -> String {
        match &scope.token {
            Some(t) => format!(" [ \"convergencectrl\"(token %{t}) ]"),
            None => String::new(),
        }
    }

    fn pick(&mut self, scope: &Scope, uniform: bool) -> String {
        let cands: Vec<&Val> = scope.vals.iter().filter(|v| !uniform || v.uniform).collect();
        if cands.is_empty() || self.rng.chance(20) {
            return format!("{}", self.rng.below(7) as i64 - 2);
        }
        format!("%{}", cands[self.rng.below(cands.len() as u64) as usize].name)
    }

    fn kernel(&mut self) -> String {
        self.out.clear();
        self.out.push_str("define amdgpu_kernel void @k(i32 %n, i32 %m) convergent {\nentry:\n");
        let token = match self.flavour {
            Flavour::Controlled => {
                self.line("%e = call token @llvm.experimental.convergence.entry()");
                Some("e".to_owned())
            }
            Flavour::Uncontrolled => None,
        };
        self.line("%tid = call i32 @llvm.amdgcn.workitem.id.x()");
        let mut scope = Scope {
            vals: vec![
                Val { name: "tid".into(), uniform: false },
                Val { name: "n".into(), uniform: true },
                Val { name: "m".into(), uniform: true },
            ],
            conds: Vec::new(),
            token,
            loops_ok: true,
            loop_outs: Vec::new(),
        };
        let b = self.bundle(&scope);
        self.line(&format!("%u = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %n){b}"));
        scope.vals.push(Val { name: "u".into(), uniform: true });
        let n = 2 + self.rng.below(4);
        self.stmts(&mut scope, n as u32, 3);
        let last = self.pick(&scope, false);
        self.line(&format!("call void @record(i32 {last})"));
        self.line("ret void");
        self.out.push_str("}\n");
        std::mem::take(&mut self.out)
    }

    fn stmts(&mut self, scope: &mut Scope, n: u32, depth: u32) {
        for _ in 0..n {
            self.stmt(scope, depth);
        }
    }

    fn stmt(&mut self, scope: &mut Scope, depth: u32) {
        let k = self.rng.below(100);
        match k {
            0..=24 => self.arith(scope),
            25..=39 => self.reduction(scope),
            40..=47 => {
                let v = self.pick(scope, false);
                self.line(&format!("call void @record(i32 {v})"));
            }
            48..=69 if depth > 0 => self.if_stmt(scope, depth),
            70..=81 if depth > 0 && scope.loops_ok => self.loop_stmt(scope, depth),
            82..=91 if depth > 0 && self.flavour == Flavour::Controlled => self.anchor_region(scope, depth),
            92..=94 => self.call_helper(scope),
            95 => self.kill(),
            96..=99 if scope.loops_ok => self.irreducible(scope),
            _ => self.arith(scope),
        }
    }

    fn arith(&mut self, scope: &mut Scope) {
        let ops = ["add", "sub", "mul", "xor", "and", "or"];
        let op = ops[self.rng.below(ops.len() as u64) as usize];
        let (a, b) = (self.pick(scope, false), self.pick(scope, false));
        let name = self.fresh("v");
        self.line(&format!("%{name} = {op} i32 {a}, {b}"));
        let uniform = [&a, &b]
            .iter()
            .all(|x| !x.starts_with('%') || scope.vals.iter().any(|v| v.uniform && format!("%{}", v.name) == **x));
        scope.vals.push(Val { name, uniform });
    }

    fn reduction(&mut self, scope: &mut Scope) {
        let a = self.pick(scope, false);
        let b = self.bundle(scope);
        let name = self.fresh("r");
        if self.rng.chance(70) {
            self.line(&format!("%{name} = call i32 @subgroupAdd(i32 {a}){b}"));
        } else {
            let c = self.fresh("bc");
            self.line(&format!("%{c} = icmp sgt i32 {a}, 0"));
            let w = self.fresh("bw");
            self.line(&format!("%{w} = call i64 @subgroupBallot(i1 %{c}){b}"));
            self.line(&format!("%{name} = trunc i64 %{w} to i32"));
        }
        scope.vals.push(Val { name, uniform: false });
    }

    fn condition(&mut self, scope: &mut Scope) -> String {
        if !scope.conds.is_empty() && self.rng.chance(35) {
            let k = self.rng.below(scope.conds.len() as u64) as usize;
            return scope.conds[k].name.clone();
        }
        let uniform = self.rng.chance(50);
        let v = if uniform { self.pick(scope, true) } else { "%tid".to_owned() };
        let c = self.fresh("c");
        let preds = ["slt", "sgt", "eq", "ne"];
        let p = preds[self.rng.below(4) as usize];
        let k = self.rng.below(4);
        self.line(&format!("%{c} = icmp {p} i32 {v}, {k}"));
        let uniform = uniform && v != "%tid";
        scope.conds.push(Val { name: c.clone(), uniform });
        c
    }

    fn if_stmt(&mut self, scope: &mut Scope, depth: u32) {
        let c = self.condition(scope);
        self.if_on(scope, depth, c);
    }

    fn if_on(&mut self, scope: &mut Scope, depth: u32, c: String) {
        let (then, els, join) = (self.fresh("then"), self.fresh("else"), self.fresh("join"));
        // Sometimes the same operation in both arms (something to hoist),
        // sometimes a value computed before and used only in one arm
        // (something to sink).
        let twin = self.rng.chance(40).then(|| self.pick(scope, false));
        let sunk = if self.rng.chance(40) {
            let a = self.pick(scope, false);
            let b = self.bundle(scope);
            let name = self.fresh("s");
            self.line(&format!("%{name} = call i32 @subgroupAdd(i32 {a}){b}"));
            Some(name)
        } else {
            None
        };
        self.line(&format!("br i1 %{c}, label %{then}, label %{els}"));
        let mut ends = Vec::new();
        let mut results = Vec::new();
        for (arm, label) in [(0, then.clone()), (1, els.clone())] {
            self.label(&label);
            let (mark, cmark, lmark) = (scope.vals.len(), scope.conds.len(), scope.loop_outs.len());
            if let Some(x) = &twin {
                let b = self.bundle(scope);
                let name = self.fresh("t");
                self.line(&format!("%{name} = call i32 @subgroupAdd(i32 {x}){b}"));
                scope.vals.push(Val { name, uniform: false });
            }
            if arm == 0
                && let Some(s) = &sunk
            {
                self.line(&format!("call void @record(i32 %{s})"));
            }
            let n = self.rng.below(3) as u32;
            self.stmts(scope, n, depth - 1);
            results.push(self.pick(scope, false));
            scope.vals.truncate(mark);
            scope.conds.truncate(cmark);
            scope.loop_outs.truncate(lmark);
            ends.push(self.current_block());
            self.line(&format!("br label %{join}"));
        }
        self.label(&join);
        let name = self.fresh("p");
        self.line(&format!("%{name} = phi i32 [ {}, %{} ], [ {}, %{} ]", results[0], ends[0], results[1], ends[1]));
        scope.vals.push(Val { name, uniform: false });
        // Sometimes a flag set differently in the two arms, for a later
        // branch to test ("flag at a distance").
        if self.rng.chance(35) {
            let fl = self.fresh("fl");
            let mut arm = || match self.rng.below(3) {
                0 => "true".to_owned(),
                1 => "false".to_owned(),
                _ => format!("%{c}"),
            };
            let (a, b) = (arm(), arm());
            self.line(&format!("%{fl} = phi i1 [ {a}, %{} ], [ {b}, %{} ]", ends[0], ends[1]));
            scope.conds.push(Val { name: fl, uniform: false });
        }
    }

    fn loop_stmt(&mut self, scope: &mut Scope, depth: u32) {
        let pre = self.current_block();
        let (header, latch, exit) = (self.fresh("loop"), self.fresh("latch"), self.fresh("exit"));
        // Constant, uniform (read from the first lane) or thread-dependent
        // trip counts, from 1 to 4; the run-time ones are sometimes tested
        // with `eq`, the counted form unrolling recognizes.
        let uniform_trip = self.rng.chance(50);
        let trip = if uniform_trip && self.rng.chance(50) {
            format!("{}", 1 + self.rng.below(3))
        } else {
            let t = self.fresh("trip");
            self.line(&format!("%{t} = and i32 %tid, 3"));
            let t1 = self.fresh("trip");
            self.line(&format!("%{t1} = add i32 %{t}, 1"));
            if uniform_trip {
                let u = self.fresh("trip");
                let b = self.bundle(scope);
                self.line(&format!("%{u} = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %{t1}){b}"));
                format!("%{u}")
            } else {
                format!("%{t1}")
            }
        };
        let mut test = if trip.starts_with('%') && self.rng.chance(60) { "eq" } else { "sge" };
        // The induction variable of an earlier loop: it looks uniform
        // where it is defined, but threads left that loop at different
        // iterations (`sge`, so that a small count still ends the loop).
        let trip = match scope.loop_outs.last() {
            Some(prev) if self.rng.chance(30) => {
                test = "sge";
                self.shapes.insert("trip-count-from-earlier-loop");
                format!("%{prev}")
            }
            _ => trip,
        };
        // A reduction of the outer token before the loop, used after it in
        // one arm of a branch on a loop value whose other arm uses the heart.
        let before = (scope.token.is_some() && self.rng.chance(25)).then(|| {
            let r = self.fresh("pre");
            let b = self.bundle(scope);
            self.line(&format!("%{r} = call i32 @subgroupAdd(i32 %tid){b}"));
            r
        });
        self.line(&format!("br label %{header}"));
        self.label(&header);
        let i = self.fresh("i");
        let inext = self.fresh("inext");
        self.line(&format!("%{i} = phi i32 [ 0, %{pre} ], [ %{inext}, %{latch} ]"));
        let outer = scope.token.clone();
        let mut heart = None;
        if let Some(t) = &outer {
            let h = self.fresh("h");
            self.line(&format!(
                "%{h} = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %{t}) ]"
            ));
            scope.token = Some(h.clone());
            heart = Some(h);
            if self.loop_depth > 0 {
                self.shapes.insert("nested-hearts");
            }
            self.loop_depth += 1;
        }
        let (mark, cmark, lmark) = (scope.vals.len(), scope.conds.len(), scope.loop_outs.len());
        scope.vals.push(Val { name: i.clone(), uniform: true });
        let n = 1 + self.rng.below(3) as u32;
        self.stmts(scope, n, depth - 1);
        // A divergent break, to a block outside the loop that only records.
        let mut broke = None;
        if self.rng.chance(30) {
            let c = self.fresh("brk");
            let (out_block, cont) = (self.fresh("broke"), self.fresh("cont"));
            broke = Some(out_block.clone());
            self.line(&format!("%{c} = icmp eq i32 %tid, %{i}"));
            self.line(&format!("br i1 %{c}, label %{out_block}, label %{cont}"));
            self.label(&out_block);
            self.line(&format!("call void @record(i32 %{i})"));
            self.line(&format!("br label %{exit}"));
            self.label(&cont);
        }
        self.line(&format!("br label %{latch}"));
        self.label(&latch);
        self.line(&format!("%{inext} = add i32 %{i}, 1"));
        let d = self.fresh("done");
        self.line(&format!("%{d} = icmp {test} i32 %{inext}, {trip}"));
        self.line(&format!("br i1 %{d}, label %{exit}, label %{header}"));
        self.label(&exit);
        scope.vals.truncate(mark);
        scope.conds.truncate(cmark);
        scope.loop_outs.truncate(lmark);
        if heart.is_some() {
            self.loop_depth -= 1;
        }
        scope.token = outer;
        self.after_loop(scope, depth, &i, &latch, &d, broke, heart, before);
        scope.loop_outs.push(i);
    }

    /// Threads whose condition is false stop here.
    fn kill(&mut self) {
        let c = self.fresh("alive");
        let k = self.rng.below(4);
        self.line(&format!("%{c} = icmp ne i32 %tid, {k}"));
        self.line(&format!("call void @llvm.amdgcn.kill(i1 %{c})"));
        self.shapes.insert("kill");
    }

    /// What follows a loop at its exit block: phis first, then sometimes a
    /// use of the heart's token (making the loop extended: nothing else
    /// convergent may come between, or regions would not nest), a flag
    /// telling which exit was taken, and a branch on a value of the loop.
    #[allow(clippy::too_many_arguments, reason = "the loop's parts, named once")]
    fn after_loop(
        &mut self,
        scope: &mut Scope,
        depth: u32,
        i: &str,
        latch: &str,
        done: &str,
        broke: Option<String>,
        heart: Option<String>,
        before: Option<String>,
    ) {
        let flag = broke.filter(|_| self.rng.chance(50)).map(|b| {
            let fl = self.fresh("fx");
            self.line(&format!("%{fl} = phi i1 [ true, %{b} ], [ %{done}, %{latch} ]"));
            fl
        });
        if let (Some(r), Some(h)) = (&before, &heart) {
            // Nothing convergent of another token may come between the loop
            // and the heart's use in the second arm (regions must nest).
            let (c, a, b, j) = (self.fresh("lb"), self.fresh("lba"), self.fresh("lbb"), self.fresh("lbj"));
            let k = self.rng.below(3);
            self.line(&format!("%{c} = icmp eq i32 %{i}, {k}"));
            self.line(&format!("br i1 %{c}, label %{a}, label %{b}"));
            self.label(&a);
            self.line(&format!("call void @record(i32 %{r})"));
            self.line(&format!("br label %{j}"));
            self.label(&b);
            let x = self.fresh("xh");
            self.line(&format!("%{x} = call i32 @subgroupAdd(i32 %{i}) [ \"convergencectrl\"(token %{h}) ]"));
            self.line(&format!("call void @record(i32 %{x})"));
            self.line(&format!("br label %{j}"));
            self.label(&j);
            self.shapes.insert("extended-heart");
            self.shapes.insert("loop-value-after-divergent-exit");
        } else if let Some(h) = heart.filter(|_| self.rng.chance(35)) {
            let x = self.fresh("xh");
            self.line(&format!("%{x} = call i32 @subgroupAdd(i32 %{i}) [ \"convergencectrl\"(token %{h}) ]"));
            scope.vals.push(Val { name: x, uniform: false });
            self.shapes.insert("extended-heart");
        }
        if let Some(fl) = flag {
            // Threads reach here from two exits, in different iterations.
            self.reduction(scope);
            self.shapes.insert("arrival-from-iterations");
            if depth > 0 {
                self.if_on(scope, depth, fl);
            }
        }
        if self.rng.chance(40) {
            // Uniform within each iteration, not for threads that left the
            // loop in different ones (the generator calls it uniform; the
            // oracle must not).
            let c = self.fresh("lc");
            let k = self.rng.below(3);
            self.line(&format!("%{c} = icmp eq i32 %{i}, {k}"));
            scope.conds.push(Val { name: c.clone(), uniform: true });
            self.shapes.insert("loop-value-after-divergent-exit");
            if depth > 0 && self.rng.chance(50) {
                self.if_on(scope, depth, c);
            }
        }
    }

    /// An irreducible cycle of two blocks entered from either, counting to
    /// a divergent limit, with nothing convergent inside (the static rules
    /// allow no heart there).
    fn irreducible(&mut self, scope: &mut Scope) {
        let pre = self.current_block();
        let (a, b, x) = (self.fresh("irra"), self.fresh("irrb"), self.fresh("irrx"));
        let (ja, jb, na, nb) = (self.fresh("ja"), self.fresh("jb"), self.fresh("jan"), self.fresh("jbn"));
        let (ca, cb, lim, entry_c) = (self.fresh("ca"), self.fresh("cb"), self.fresh("lim"), self.fresh("ce"));
        self.line(&format!("%{lim} = and i32 %tid, 3"));
        self.line(&format!("%{entry_c} = icmp slt i32 %tid, 2"));
        self.line(&format!("br i1 %{entry_c}, label %{a}, label %{b}"));
        self.label(&a);
        self.line(&format!("%{ja} = phi i32 [ 0, %{pre} ], [ %{nb}, %{b} ]"));
        self.line(&format!("%{na} = add i32 %{ja}, 1"));
        self.line(&format!("%{ca} = icmp sgt i32 %{na}, %{lim}"));
        self.line(&format!("br i1 %{ca}, label %{x}, label %{b}"));
        self.label(&b);
        self.line(&format!("%{jb} = phi i32 [ 0, %{pre} ], [ %{na}, %{a} ]"));
        self.line(&format!("%{nb} = add i32 %{jb}, 1"));
        self.line(&format!("%{cb} = icmp sgt i32 %{nb}, 3"));
        self.line(&format!("br i1 %{cb}, label %{x}, label %{a}"));
        self.label(&x);
        scope.vals.push(Val { name: lim, uniform: false });
        self.shapes.insert("irreducible");
    }

    /// An anchor whose token the following operations use, some of them in
    /// conditional code: what sinking and hoisting anchors is about.
    fn anchor_region(&mut self, scope: &mut Scope, depth: u32) {
        let a = self.fresh("a");
        self.line(&format!("%{a} = call token @llvm.experimental.convergence.anchor()"));
        let saved = (scope.token.clone(), scope.loops_ok);
        scope.token = Some(a.clone());
        scope.loops_ok = false;
        if self.rng.chance(50) {
            // Uniform for the anchor's group only: a later branch on it, for
            // operations of another token, is divergent.
            let (rf, c) = (self.fresh("rf"), self.fresh("ca"));
            self.line(&format!(
                "%{rf} = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %tid) [ \"convergencectrl\"(token %{a}) ]"
            ));
            self.line(&format!("%{c} = icmp eq i32 %{rf}, 0"));
            scope.conds.push(Val { name: c, uniform: true });
            self.shapes.insert("anchored-uniform-cond");
        }
        let n = 1 + self.rng.below(3) as u32;
        self.stmts(scope, n, depth.min(2));
        (scope.token, scope.loops_ok) = saved;
    }

    fn call_helper(&mut self, scope: &mut Scope) {
        let k = self.helpers.len();
        if k > 2 {
            return self.arith(scope);
        }
        // A controlled caller calls a controlled helper, or (to exercise
        // token inference when inlining) an uncontrolled one.
        let controlled = self.flavour == Flavour::Controlled && self.rng.chance(60);
        let name = format!("helper{k}");
        let body = if controlled {
            format!(
                "define internal i32 @{name}(i32 %x) convergent {{\nentry:\n  \
                 %t = call token @llvm.experimental.convergence.entry()\n  \
                 %c = icmp sgt i32 %x, 1\n  br i1 %c, label %a, label %b\n\
                 a:\n  %s = call i32 @subgroupAdd(i32 %x) [ \"convergencectrl\"(token %t) ]\n  ret i32 %s\n\
                 b:\n  ret i32 %x\n}}\n\n"
            )
        } else {
            format!(
                "define internal i32 @{name}(i32 %x) convergent {{\nentry:\n  \
                 %s = call i32 @subgroupAdd(i32 %x)\n  %y = add i32 %s, 1\n  ret i32 %y\n}}\n\n"
            )
        };
        self.helpers.push(body);
        let a = self.pick(scope, false);
        let b = self.bundle(scope);
        let v = self.fresh("call");
        self.line(&format!("%{v} = call i32 @{name}(i32 {a}){b}"));
        scope.vals.push(Val { name: v, uniform: false });
    }

    /// The label of the block being written.
    fn current_block(&self) -> String {
        self.out
            .lines()
            .rev()
            .find_map(|l| l.strip_suffix(':').filter(|x| !x.starts_with(' ')))
            .unwrap_or("entry")
            .to_owned()
    }
}

//! Mutation testing of the reader and verifier (the in-CI counterpart of
//! `fuzz/`): thousands of corrupted variants of real inputs must each give a
//! clean located error or a module that verifies or reports problems, never
//! a panic or hang.

use opt_conv_tests::{conformance_dir_for, tests_dir};

/// Deterministic xorshift so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const TOKENS: &[&str] = &[
    "%",
    "@",
    "!",
    "#0",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    ",",
    "=",
    "*",
    "...",
    "\"",
    "c\"",
    "i32",
    "i1",
    "ptr",
    "label",
    "token",
    "void",
    "phi",
    "br",
    "call",
    "ret",
    "define",
    "declare",
    "0x7FF",
    "-1",
    "999999999999999999999999",
    "undef",
    "zeroinitializer",
    "convergent",
    "\n",
    "}",
    "distinct",
    "!{",
    "metadata",
];

fn mutate(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut v = src.to_vec();
    for _ in 0..1 + rng.below(4) {
        if v.is_empty() {
            v.extend_from_slice(TOKENS[rng.below(TOKENS.len())].as_bytes());
            continue;
        }
        let at = rng.below(v.len());
        match rng.below(6) {
            0 => v[at] = rng.next() as u8,
            1 => {
                let end = (at + 1 + rng.below(16)).min(v.len());
                v.drain(at..end);
            }
            2 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                v.splice(at..at, t.iter().copied());
            }
            3 => {
                let end = (at + 1 + rng.below(32)).min(v.len());
                let chunk: Vec<u8> = v[at..end].to_vec();
                let to = rng.below(v.len());
                v.splice(to..to, chunk);
            }
            4 => v.truncate(at),
            _ => {
                let b = rng.below(v.len());
                v.swap(at, b);
            }
        }
    }
    v
}

#[test]
fn mutated_inputs_never_panic() {
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for dir in [tests_dir().join("cases/parse"), tests_dir().join("cases/errors")] {
        for e in std::fs::read_dir(dir).unwrap() {
            seeds.push(std::fs::read(e.unwrap().path()).unwrap());
        }
    }
    let test = "mutation::mutated_inputs_never_panic";
    if let Some(root) = conformance_dir_for(test, "corpus inputs as seeds (the golden cases are still mutated)") {
        for rel in opt_conv_tests::accepted_inputs(&root).iter().take(40) {
            seeds.push(std::fs::read(root.join(rel)).unwrap());
        }
    }
    let iterations: usize = std::env::var("OPT_CONV_MUTATIONS").ok().and_then(|s| s.parse().ok()).unwrap_or(6000);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut parsed = 0;
    for k in 0..iterations {
        let seed = &seeds[k % seeds.len()];
        let input = mutate(&mut rng, seed);
        let result = std::panic::catch_unwind(|| match opt_conv::load_module("m.ll", &input) {
            Ok((m, _)) => {
                let errors = opt_conv_passes::verify::verify_all(&m);
                let printed = opt_conv_ir::print_module(&m);
                if errors.is_empty() {
                    // What verifies prints as text that reads back identically.
                    let (again, _) = opt_conv_ir::parse_module("m.ll", &printed)
                        .unwrap_or_else(|e| panic!("printed IR does not parse: {e}\n{printed}"));
                    assert_eq!(opt_conv_ir::print_module(&again), printed, "printing is not a fixpoint");
                }
                true
            }
            Err(text) => {
                assert!(text.starts_with("opt-conv: m.ll:"), "unlocated error: {text}");
                false
            }
        });
        match result {
            Ok(true) => parsed += 1,
            Ok(false) => {}
            Err(_) => panic!("panic on mutation {k}; input:\n{}", String::from_utf8_lossy(&input)),
        }
    }
    // The mutations must not be so destructive that nothing parses.
    assert!(parsed > iterations / 50, "only {parsed} of {iterations} mutated inputs parsed");
}

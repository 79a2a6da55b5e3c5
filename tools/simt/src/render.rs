//! The text `simt-run` prints: per thread its observable events, then each
//! dynamic instance of each convergent operation with the threads that
//! executed it together, then shared memory. Everything is in lane order or
//! order of first occurrence, so the text is deterministic.

use crate::classes::{ClassKey, StaticOp};
use crate::program::Program;
use crate::run::{RegionDump, RunResult};
use crate::value::Val;
use std::fmt::Write;

/// `{0,2,3}`.
pub fn lanes(mask: u64) -> String {
    let v: Vec<String> = (0..64).filter(|l| mask & (1u64 << l) != 0).map(|l: u32| l.to_string()).collect();
    format!("{{{}}}", v.join(","))
}

/// `@f/%block: call @callee` for a static operation.
pub fn op_name(prog: &Program, op: StaticOp) -> String {
    let body = prog.body(op.func);
    let at = match body.layout().inst_block(op.inst) {
        Some(b) => prog.where_(op.func, b),
        None => format!("@{}", prog.name(op.func)),
    };
    let callee = prog.funcs[&op.func].calls.get(&op.inst).map_or("?", |c| c.name.as_str());
    format!("{at}: @{callee}")
}

/// Which iteration an instance belongs to, when that is what tells it apart.
fn iteration(key: &ClassKey) -> String {
    match key {
        ClassKey::Heart { n, .. } => format!(" (iteration {n})"),
        ClassKey::Maximal { iters, .. } if !iters.is_empty() => {
            let v: Vec<String> = iters.iter().map(u32::to_string).collect();
            format!(" (iterations {})", v.join(","))
        }
        _ => String::new(),
    }
}

fn args(vs: &[Val]) -> String {
    vs.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// The full report of a run.
pub fn render(prog: &Program, func: &str, r: &RunResult) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "; @{func}, {} threads", r.threads.len());
    for t in &r.threads {
        let _ = writeln!(s, "thread {}:", t.lane);
        for e in &t.events {
            let _ = write!(s, "  @{}({}) -> {}", e.callee, args(&e.args), e.result);
            if e.class.is_some() {
                let _ = write!(s, "  with {}", lanes(e.group));
            }
            s.push('\n');
        }
        match t.ended {
            Some(how) => _ = writeln!(s, "  {how}"),
            None => _ = writeln!(s, "  ret {}", t.ret),
        }
    }
    let _ = writeln!(s, "convergent dynamic instances:");
    for i in &r.instances {
        let _ = writeln!(s, "  {}{}  {}", op_name(prog, i.op), iteration(r.classes.key(i.class)), lanes(i.threads));
    }
    let _ = writeln!(s, "memory:");
    for m in &r.memory {
        render_region(&mut s, m);
    }
    s
}

fn render_region(s: &mut String, m: &RegionDump) {
    let nonzero = m.bytes.iter().zip(&m.poison).any(|(b, p)| *b != 0 || *p);
    if !nonzero {
        let _ = writeln!(s, "  {}: {} bytes, all zero", m.name, m.bytes.len());
        return;
    }
    let _ = writeln!(s, "  {}: {} bytes", m.name, m.bytes.len());
    for (row, chunk) in m.bytes.chunks(16).enumerate() {
        let poison = &m.poison[row * 16..row * 16 + chunk.len()];
        if chunk.iter().zip(poison).all(|(b, p)| *b == 0 && !*p) {
            continue;
        }
        let hex: Vec<String> =
            chunk.iter().zip(poison).map(|(b, p)| if *p { "??".to_owned() } else { format!("{b:02x}") }).collect();
        let _ = writeln!(s, "    {:04x}: {}", row * 16, hex.join(" "));
    }
}

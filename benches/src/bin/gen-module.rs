//! `gen-module --insts N [--per-func M] [--seed S] [-o FILE]`: writes a
//! generated benchmark module (see `opt_conv_benches::generate`).

fn main() {
    let mut args = std::env::args().skip(1);
    let mut insts = 10_000usize;
    let mut per_func = 5_000usize;
    let mut seed = 0x5eedu64;
    let mut out: Option<String> = None;
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| usage(&format!("{a} needs a value")));
        match a.as_str() {
            "--insts" => insts = val().parse().unwrap_or_else(|_| usage("--insts takes a number")),
            "--per-func" => per_func = val().parse().unwrap_or_else(|_| usage("--per-func takes a number")),
            "--seed" => seed = val().parse().unwrap_or_else(|_| usage("--seed takes a number")),
            "-o" => out = Some(val()),
            _ => usage(&format!("unknown argument '{a}'")),
        }
    }
    let mut cfg = opt_conv_benches::GenConfig::new(insts, per_func);
    cfg.seed = seed;
    let text = opt_conv_benches::generate(&cfg);
    match out {
        Some(p) => std::fs::write(&p, text).unwrap_or_else(|e| usage(&format!("cannot write {p}: {e}"))),
        None => print!("{text}"),
    }
}

fn usage(msg: &str) -> ! {
    eprintln!("gen-module: {msg}\nusage: gen-module --insts N [--per-func M] [--seed S] [-o FILE]");
    std::process::exit(1);
}

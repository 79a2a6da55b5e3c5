//! `gen-module --insts N [--per-func M] [--seed S] [--shape random|calls|repeated-tests] [-o FILE]`:
//! writes a generated benchmark module (see `opt_conv_benches::generate`;
//! `calls` is the inliner's module, `GenConfig::with_calls`;
//! `repeated-tests` is `opt_conv_benches::generate_repeated_tests`, one
//! function of about N instructions).

fn main() {
    let mut args = std::env::args().skip(1);
    let mut insts = 10_000usize;
    let mut per_func = 5_000usize;
    let mut seed = 0x5eedu64;
    let mut out: Option<String> = None;
    let mut shape = String::from("random");
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| usage(&format!("{a} needs a value")));
        match a.as_str() {
            "--insts" => insts = val().parse().unwrap_or_else(|_| usage("--insts takes a number")),
            "--per-func" => per_func = val().parse().unwrap_or_else(|_| usage("--per-func takes a number")),
            "--seed" => seed = val().parse().unwrap_or_else(|_| usage("--seed takes a number")),
            "--shape" => shape = val(),
            "-o" => out = Some(val()),
            _ => usage(&format!("unknown argument '{a}'")),
        }
    }
    let text = match shape.as_str() {
        "random" | "calls" => {
            let mut cfg = if shape == "calls" {
                opt_conv_benches::GenConfig::with_calls(insts, per_func)
            } else {
                opt_conv_benches::GenConfig::new(insts, per_func)
            };
            cfg.seed = seed;
            opt_conv_benches::generate(&cfg)
        }
        "repeated-tests" => opt_conv_benches::generate_repeated_tests(insts.div_ceil(11)),
        _ => usage(&format!("unknown shape '{shape}'")),
    };
    match out {
        Some(p) => std::fs::write(&p, text).unwrap_or_else(|e| usage(&format!("cannot write {p}: {e}"))),
        None => print!("{text}"),
    }
}

fn usage(msg: &str) -> ! {
    eprintln!(
        "gen-module: {msg}\nusage: gen-module --insts N [--per-func M] [--seed S] [--shape random|calls|repeated-tests] [-o FILE]"
    );
    std::process::exit(1);
}

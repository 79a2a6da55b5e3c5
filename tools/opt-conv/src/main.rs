//! `opt-conv`: LLVM `opt`-style driver for convergence-aware passes.

fn main() -> std::process::ExitCode {
    opt_conv::Driver::new().main()
}

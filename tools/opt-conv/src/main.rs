//! `opt-conv`: LLVM `opt`-style driver for convergence-aware passes.

fn main() -> std::process::ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    opt_conv::init_tracing(&args);
    let code = opt_conv::run_main_with(
        args,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr(),
        opt_conv::Teardown::Leak,
    );
    std::process::ExitCode::from(code)
}

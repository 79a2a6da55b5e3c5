//! `opt-conv-cse`: opt-conv with one more pass. Everything else (flags,
//! diagnostics, `-o`, remarks) is opt-conv's.

fn main() -> std::process::ExitCode {
    opt_conv::Driver::new()
        .pass(&opt_conv_example_cse::CONVERGENT_CSE)
        .option(
            clap::Arg::new("convergent-cse-limit")
                .long("convergent-cse-limit")
                .value_name("N")
                .help("convergent-cse: merge at most N operations per function"),
        )
        .main()
}

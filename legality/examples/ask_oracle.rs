//! Asks the legality oracle whether an instruction may move to the start of
//! a block, as a pass would before sinking or hoisting it.
//!
//! ```text
//! cargo run -p opt-conv-legality --example ask_oracle -- tests/cases/sink/texture-divergent.ll example_shader color then
//! ```

use opt_conv_ir::parse_module;
use opt_conv_legality::oracle::{InsertPoint, Oracle, Query, Verdict};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, func, inst, block] = &args[..] else {
        eprintln!("usage: ask_oracle FILE FUNCTION INST BLOCK   (names without % or @)");
        return ExitCode::from(2);
    };
    let src = match std::fs::read_to_string(file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ask_oracle: {file}: {e}");
            return ExitCode::from(1);
        }
    };
    let (module, _) = match parse_module(file, &src) {
        Ok(m) => m,
        Err(e) => {
            eprint!("ask_oracle: {e}");
            return ExitCode::from(1);
        }
    };
    let Some(fid) = module.func_by_name(func) else {
        eprintln!("ask_oracle: no function @{func}");
        return ExitCode::from(1);
    };
    let Some(body) = module.body(fid) else {
        eprintln!("ask_oracle: @{func} is a declaration");
        return ExitCode::from(1);
    };
    let (Some(i), Some(b)) = (body.inst_by_name(inst), body.block_by_name(block)) else {
        eprintln!("ask_oracle: no %{inst} or no block %{block} in @{func}");
        return ExitCode::from(1);
    };
    // The whole of a pass's conversation with the oracle:
    let oracle = Oracle::new(&module, fid, body);
    match oracle.ask(body, &Query::Move { insts: vec![i], to: InsertPoint::BlockStart(b) }) {
        Verdict::Legal(obligations) if obligations.is_empty() => println!("legal"),
        Verdict::Legal(obligations) => println!("legal, provided: {obligations:?}"),
        Verdict::Refused(r) => println!("refused: {r}"),
    }
    ExitCode::SUCCESS
}

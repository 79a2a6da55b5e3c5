//! Reads a `.ll` file, verifies it and prints it back (a development aid;
//! the real tool is `opt-conv`).
use opt_conv_ir::{parse_module, print_module, verify_module};

fn main() {
    let path = std::env::args().nth(1).expect("usage: roundtrip FILE");
    let src = std::fs::read_to_string(&path).expect("readable UTF-8 file");
    match parse_module(&path, &src) {
        Ok((m, _)) => {
            if let Err(errs) = verify_module(&m) {
                for e in errs {
                    eprint!("{e}");
                }
                std::process::exit(1);
            }
            print!("{}", print_module(&m));
        }
        Err(e) => {
            eprint!("{e}");
            std::process::exit(1);
        }
    }
}

//! Prints the program the translation-validation generator makes for a
//! seed, to reproduce a counterexample outside the test:
//!
//! ```text
//! cargo run -p opt-conv-tests --example progen -- 16001410 > k.ll
//! cargo run -p opt-conv-tests --example progen -- 9000012 uncontrolled > k.ll
//! ```

use opt_conv_tests::progen::{Flavour, generate};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed = args.next().and_then(|s| s.parse::<u64>().ok());
    let flavour = match args.next().as_deref() {
        None | Some("controlled") => Some(Flavour::Controlled),
        Some("uncontrolled") => Some(Flavour::Uncontrolled),
        Some(_) => None,
    };
    let (Some(seed), Some(flavour)) = (seed, flavour) else {
        eprintln!("usage: progen SEED [controlled|uncontrolled]");
        std::process::exit(2);
    };
    print!("{}", generate(seed, flavour).text);
}

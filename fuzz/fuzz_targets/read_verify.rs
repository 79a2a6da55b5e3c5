//! Fuzz target: the reader and verifier never panic, hang or blow up memory
//! on any input; whatever parses prints and re-parses as a fixpoint.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((m, _)) = opt_conv::load_module("fuzz.ll", data) else { return };
    let errors = opt_conv_passes::verify::verify_all(&m);
    let printed = opt_conv_ir::print_module(&m);
    if errors.is_empty() {
        let (again, _) = opt_conv_ir::parse_module("fuzz.ll", &printed).expect("printed IR must parse");
        assert_eq!(opt_conv_ir::print_module(&again), printed, "printing must be a fixpoint");
    }
});

//! The `.ll` text format: lexer, parser, printer and located errors.

mod block_address;
mod check_di;
mod di_fields;
pub mod dwarf;
mod dwarf_names;
pub mod error;
pub mod lexer;
pub mod names;
mod parse_attrs;
mod parse_call;
mod parse_consts;
mod parse_debug;
mod parse_eh;
mod parse_func;
mod parse_globals;
mod parse_inst;
mod parse_metadata;
mod parse_operands;
mod parse_types;
pub mod parser;
mod print_inst;
mod print_values;
pub mod printer;
mod typefinder;
mod upgrade;

pub use error::{Location, ParseError};
pub use parser::{
    SourceMap, parse_module, parse_module_for_target, parse_module_with_layout, parse_module_without_inst_offsets,
};
pub use print_values::write_float;
pub use printer::{ModulePrinter, Slots, print_module, write_module_to};

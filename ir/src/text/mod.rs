//! The `.ll` text format: lexer, parser, printer and located errors.

pub mod error;
pub mod lexer;
pub mod names;
mod parse_func;
pub mod parser;
pub mod printer;
mod upgrade;

pub use error::{Location, ParseError};
pub use parser::{SourceMap, parse_module};
pub use printer::{ModulePrinter, Slots, print_module};

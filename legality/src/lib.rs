//! # opt-conv legality
//!
//! What the passes ask before they move, merge or duplicate code: the
//! convergence model of a function ([`convergence::ConvergenceInfo`]), the
//! convergence-control verifier ([`convergence::verify`]), and (in later
//! modules) uniformity and the legality oracle. This crate answers
//! questions about IR; it never edits it.

#![warn(missing_docs)]

pub mod convergence;
pub mod uniformity;

pub use convergence::{ConvOp, ConvergenceInfo, FunctionConvergence, LoopConvergence, TokenKind};
pub use uniformity::{Mode as UniformityMode, UniformityInfo, uniformity};

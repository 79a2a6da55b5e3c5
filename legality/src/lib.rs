//! # opt-conv legality
//!
//! What the passes ask before they move, merge or duplicate code: the
//! convergence model of a function ([`convergence::ConvergenceInfo`]), the
//! convergence-control verifier ([`convergence::verify`]), uniformity
//! analysis ([`uniformity`]), and the legality oracle ([`oracle::Oracle`])
//! that combines them into yes-or-no answers with reasons. This crate
//! answers questions about IR; it never edits it.

#![warn(missing_docs)]

pub mod checked;
pub mod convergence;
pub mod oracle;
pub mod uniformity;

pub use convergence::{ConvOp, ConvergenceInfo, FunctionConvergence, LoopConvergence, TokenKind};
pub use oracle::{InsertPoint, Obligation, Oracle, Query, Refusal, Rule, Verdict};
pub use uniformity::{Mode as UniformityMode, UniformityInfo, uniformity};

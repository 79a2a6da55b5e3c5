//! What can stop a run. Every failure is a value, never a panic: the
//! executor runs on generated programs, and its caller needs to tell
//! undefined behaviour (anything goes afterwards) from limits and from
//! inputs it cannot run.

use std::fmt;

/// Why a run stopped without finishing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimtError {
    /// Undefined behaviour in the program (division by zero, branch on
    /// poison, out-of-bounds access, `unreachable`, ...).
    Undefined(String),
    /// The dynamic convergence rules cannot be satisfied: a thread would
    /// execute a second dynamic instance converged with one already executed,
    /// or the waits of communicating threads form a cycle.
    Convergence(String),
    /// A thread ran out of fuel (instructions) or recursion depth.
    Limit(String),
    /// An instruction, intrinsic or type the executor does not model.
    Unsupported(String),
    /// Bad arguments, a missing function, a module that is not runnable.
    Input(String),
}

impl SimtError {
    /// Whether the program's behaviour is undefined from here on (so an
    /// equivalence check may accept anything).
    pub fn is_undefined(&self) -> bool {
        matches!(self, SimtError::Undefined(_) | SimtError::Convergence(_))
    }
}

impl fmt::Display for SimtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimtError::Undefined(m) => write!(f, "undefined behaviour: {m}"),
            SimtError::Convergence(m) => write!(f, "convergence violation: {m}"),
            SimtError::Limit(m) => write!(f, "limit reached: {m}"),
            SimtError::Unsupported(m) => write!(f, "unsupported: {m}"),
            SimtError::Input(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for SimtError {}

/// Result of executor operations.
pub type Result<T> = std::result::Result<T, SimtError>;

/// Shorthand constructors.
pub(crate) fn ub<T>(msg: impl Into<String>) -> Result<T> {
    Err(SimtError::Undefined(msg.into()))
}

pub(crate) fn unsupported<T>(msg: impl Into<String>) -> Result<T> {
    Err(SimtError::Unsupported(msg.into()))
}

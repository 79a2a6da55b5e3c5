//! Convergence model, verifier, uniformity and the legality oracle (filled by later issues).
#![warn(missing_docs)]

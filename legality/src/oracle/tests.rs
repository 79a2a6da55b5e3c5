//! Oracle unit tests.

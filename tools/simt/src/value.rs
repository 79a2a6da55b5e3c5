//! Runtime values.
//!
//! A value carries just enough of its type to be printed and compared on its
//! own (integer width, float format); everything else comes from the IR type
//! at the point of use. Poison is explicit and whole-value for scalars;
//! aggregates and vectors hold poison per element. `undef` is read as poison:
//! that is a refinement LLVM allows, and it keeps one notion of "no value".

use crate::classes::ClassId;
use std::fmt;
use std::rc::Rc;

/// A floating-point value as the raw bits of its format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Float {
    /// IEEE binary16; arithmetic goes through `f32`.
    Half(u16),
    /// IEEE binary32.
    F32(u32),
    /// IEEE binary64.
    F64(u64),
}

impl Float {
    /// The value widened to `f64` (exact for all three formats).
    pub fn to_f64(self) -> f64 {
        match self {
            Float::Half(h) => f64::from(half_to_f32(h)),
            Float::F32(b) => f64::from(f32::from_bits(b)),
            Float::F64(b) => f64::from_bits(b),
        }
    }

    /// The value with its sign bit flipped, every other bit kept (`fneg`
    /// is a bit operation: a signaling NaN stays signaling, with its
    /// payload).
    pub fn negated(self) -> Float {
        match self {
            Float::Half(h) => Float::Half(h ^ 0x8000),
            Float::F32(b) => Float::F32(b ^ 0x8000_0000),
            Float::F64(b) => Float::F64(b ^ (1 << 63)),
        }
    }

    /// `x` rounded to the same format as `self`.
    pub fn same_format(self, x: f64) -> Float {
        match self {
            Float::Half(_) => Float::Half(f32_to_half(x as f32)),
            Float::F32(_) => Float::F32((x as f32).to_bits()),
            Float::F64(_) => Float::F64(x.to_bits()),
        }
    }

    /// Whether the value is a NaN.
    pub fn is_nan(self) -> bool {
        self.to_f64().is_nan()
    }
}

/// A runtime value.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// Poison (also what `undef` reads as).
    Poison,
    /// An integer of `bits` bits, zero-extended into `v`.
    Int {
        /// Width.
        bits: u32,
        /// The value, masked to the width.
        v: u128,
    },
    /// A floating-point value.
    Float(Float),
    /// A pointer, as a flat address (see [`crate::memory`]).
    Ptr(u64),
    /// A convergence token: the converged class of the dynamic instance that produced it.
    Token(ClassId),
    /// A struct, array or vector, element by element.
    Agg(Rc<[Val]>),
    /// The result of a `void` call.
    Void,
}

impl Val {
    /// An integer of width `bits`, masked.
    pub fn int(bits: u32, v: u128) -> Val {
        Val::Int { bits, v: mask(v, bits) }
    }

    /// `i1` from a bool.
    pub fn bool(b: bool) -> Val {
        Val::Int { bits: 1, v: u128::from(b) }
    }

    /// Whether this is (scalar) poison.
    pub fn is_poison(&self) -> bool {
        matches!(self, Val::Poison)
    }

    /// Whether any part of the value is poison.
    pub fn has_poison(&self) -> bool {
        match self {
            Val::Poison => true,
            Val::Agg(e) => e.iter().any(Val::has_poison),
            _ => false,
        }
    }

    /// Whether `after` is a value `self` allows: equal, or `self` is poison
    /// (poison may be refined to anything), element-wise for aggregates.
    pub fn refined_by(&self, after: &Val) -> bool {
        match (self, after) {
            (Val::Poison, _) => true,
            (Val::Agg(a), Val::Agg(b)) => a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.refined_by(y)),
            (Val::Float(a), Val::Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            _ => self == after,
        }
    }
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Poison => f.write_str("poison"),
            Val::Int { bits: 1, v } => f.write_str(if *v != 0 { "true" } else { "false" }),
            Val::Int { bits, v } => write!(f, "i{bits} {}", sext(*v, *bits)),
            Val::Float(Float::Half(h)) => write!(f, "half {:?}", half_to_f32(*h)),
            Val::Float(Float::F32(b)) => write!(f, "float {:?}", f32::from_bits(*b)),
            Val::Float(Float::F64(b)) => write!(f, "double {:?}", f64::from_bits(*b)),
            Val::Ptr(0) => f.write_str("ptr null"),
            Val::Ptr(a) => write!(f, "ptr {}", crate::memory::describe_addr(*a)),
            Val::Token(c) => write!(f, "token #{}", c.0),
            Val::Agg(es) => {
                f.write_str("{")?;
                for (i, e) in es.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str("}")
            }
            Val::Void => f.write_str("void"),
        }
    }
}

// The executor keeps its own integer arithmetic (these two, and compares
// and folds in `arith`) rather than borrowing `ir::constant`'s: it is the
// judge of the passes, and a slip shared with the constant folder would
// be invisible to it.

/// Keeps the low `bits` bits of `v`.
pub fn mask(v: u128, bits: u32) -> u128 {
    if bits >= 128 { v } else { v & ((1u128 << bits) - 1) }
}

/// Sign-extends the low `bits` bits of `v`.
pub fn sext(v: u128, bits: u32) -> i128 {
    if bits == 0 || bits >= 128 {
        v as i128
    } else {
        let shift = 128 - bits;
        ((v << shift) as i128) >> shift
    }
}

/// binary16 to binary32 (exact).
pub fn half_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let frac = u32::from(h & 0x3ff);
    let bits = match exp {
        0 if frac == 0 => sign,
        0 => {
            // Subnormal: value = frac * 2^-24.
            let v = frac as f32 * f32::from_bits(0x3380_0000);
            return if sign != 0 { -v } else { v };
        }
        31 => sign | 0x7f80_0000 | (frac << 13),
        _ => sign | ((exp + 112) << 23) | (frac << 13),
    };
    f32::from_bits(bits)
}

/// binary32 to binary16, rounding to nearest even.
pub fn f32_to_half(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let frac = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if frac != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = frac | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (frac >> 13);
    let rest = frac & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_round_trips() {
        for h in [0u16, 0x3c00, 0xbc00, 0x7bff, 0x0001, 0x03ff, 0x7c00] {
            assert_eq!(f32_to_half(half_to_f32(h)), h, "{h:#x}");
        }
        assert_eq!(f32_to_half(1.0 + 1.0 / 4096.0), 0x3c00);
        assert_eq!(f32_to_half(65520.0), 0x7c00);
    }

    /// `fneg` flips the sign bit and keeps the rest: signaling NaNs with
    /// their payloads, in every format.
    #[test]
    fn negation_keeps_nan_payloads() {
        assert_eq!(Float::F32(0x7fa0_0000).negated(), Float::F32(0xffa0_0000));
        assert_eq!(Float::F64(0x7ff4_0000_0000_0000).negated(), Float::F64(0xfff4_0000_0000_0000));
        assert_eq!(Float::Half(0x7d01).negated(), Float::Half(0xfd01));
        assert_eq!(Float::F32(0).negated(), Float::F32(0x8000_0000));
    }

    #[test]
    fn refinement_lets_poison_become_anything() {
        assert!(Val::Poison.refined_by(&Val::int(8, 3)));
        assert!(!Val::int(8, 3).refined_by(&Val::Poison));
        assert_eq!(Val::int(8, 0x1ff), Val::Int { bits: 8, v: 0xff });
        assert_eq!(Val::int(8, 0xff).to_string(), "i8 -1");
    }
}

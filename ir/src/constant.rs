//! Constants: a small tree, independent of any function, used for global
//! initializers, instruction operands and metadata operands.

use crate::inst::{BinOp, CastOp, GepFlags, IntFlags};
use crate::module::GlobalRef;
use crate::types::{FloatKind, Type, TypeData, TypeTable};

/// A typed constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Const {
    /// Its type.
    pub ty: Type,
    /// Its value.
    pub kind: ConstKind,
}

/// The value of a constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstKind {
    /// An integer, truncated to the type's width. A type wider than 128
    /// bits holds here the values that fit `i128` (sign-extended).
    Int(u128),
    /// A value of a type wider than 128 bits that does not fit `i128`: its
    /// two's complement in 64-bit limbs, least significant first, masked
    /// to the width.
    WideInt(Box<[u64]>),
    /// A floating-point value, as the raw bits of its format.
    Float(u128),
    /// `null`.
    Null,
    /// `undef`.
    Undef,
    /// `poison`.
    Poison,
    /// `zeroinitializer`.
    Zero,
    /// `none` (the empty token).
    NoneToken,
    /// `true`/`false` are `Int` on `i1`; this is the address of a global.
    Global(GlobalRef),
    /// `[...]`, `{...}`, `<...>`: one constant per element.
    Aggregate(Box<[Const]>),
    /// `c"..."`: an `[N x i8]` array given as bytes.
    Bytes(Box<[u8]>),
    /// A constant expression.
    Expr(Box<ConstExpr>),
    /// `blockaddress(@f, %bb)`: the address of block `bb` of function `f`
    /// (a block of `f`'s body). While the module is being read, the block
    /// is a placeholder the reader resolves once every body is known.
    BlockAddress(GlobalRef, crate::Block),
    /// `dso_local_equivalent @f`: a function (or alias or ifunc of one)
    /// as resolved within its own linkage unit.
    DsoLocalEquivalent(GlobalRef),
    /// `no_cfi @f`: the address of `f` without control-flow-integrity jump
    /// table indirection.
    NoCfi(GlobalRef),
}

/// A constant expression (what LLVM 22 still allows as constexprs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstExpr {
    /// A cast of the operand to the constant's type.
    Cast(CastOp, Const),
    /// `getelementptr [flags] (T, ptr base, idx...)`.
    Gep {
        /// Source element type.
        source: Type,
        /// Flags.
        flags: GepFlags,
        /// Base pointer.
        base: Const,
        /// Indices.
        indices: Vec<Const>,
    },
    /// `add`/`sub`/`xor`/... of two constants.
    Binary(BinOp, IntFlags, Const, Const),
    /// `extractelement (<N x T> vec, iM idx)`.
    ExtractElement(Const, Const),
}

/// Calls `f` on `c` and on every constant nested in it, read-only (see
/// [`for_each_const_mut`]).
pub fn for_each_const<'a>(c: &'a Const, f: &mut impl FnMut(&'a Const)) {
    let mut stack: Vec<&Const> = vec![c];
    while let Some(c) = stack.pop() {
        f(c);
        match &c.kind {
            ConstKind::Aggregate(xs) => stack.extend(xs.iter()),
            ConstKind::Expr(e) => match &**e {
                ConstExpr::Cast(_, x) => stack.push(x),
                ConstExpr::Gep { base, indices, .. } => {
                    stack.push(base);
                    stack.extend(indices.iter());
                }
                ConstExpr::Binary(_, _, a, b) | ConstExpr::ExtractElement(a, b) => {
                    stack.push(a);
                    stack.push(b);
                }
            },
            _ => {}
        }
    }
}

impl ConstKind {
    /// The global this constant itself names (not one nested in it): its
    /// address, a block address in it, or a wrapper of it. Every kind is
    /// spelled out, so that a new one naming a global cannot be missed.
    pub fn named_global(&self) -> Option<GlobalRef> {
        match self {
            ConstKind::Global(g)
            | ConstKind::BlockAddress(g, _)
            | ConstKind::DsoLocalEquivalent(g)
            | ConstKind::NoCfi(g) => Some(*g),
            ConstKind::Int(_)
            | ConstKind::WideInt(_)
            | ConstKind::Float(_)
            | ConstKind::Null
            | ConstKind::Undef
            | ConstKind::Poison
            | ConstKind::Zero
            | ConstKind::NoneToken
            | ConstKind::Aggregate(_)
            | ConstKind::Bytes(_)
            | ConstKind::Expr(_) => None,
        }
    }
}

/// Calls `f` on `c` and on every constant nested in it (aggregate
/// elements, expression operands), with an explicit stack: constants nest
/// as deeply as the input does.
pub fn for_each_const_mut(c: &mut Const, f: &mut impl FnMut(&mut Const)) {
    let mut stack: Vec<&mut Const> = vec![c];
    while let Some(c) = stack.pop() {
        f(c);
        match &mut c.kind {
            ConstKind::Aggregate(xs) => stack.extend(xs.iter_mut()),
            ConstKind::Expr(e) => match &mut **e {
                ConstExpr::Cast(_, x) => stack.push(x),
                ConstExpr::Gep { base, indices, .. } => {
                    stack.push(base);
                    stack.extend(indices.iter_mut());
                }
                ConstExpr::Binary(_, _, a, b) | ConstExpr::ExtractElement(a, b) => {
                    stack.push(a);
                    stack.push(b);
                }
            },
            _ => {}
        }
    }
}

impl Const {
    /// An integer constant of `ty` (bits above the width are dropped).
    pub fn int(types: &TypeTable, ty: Type, v: u128) -> Const {
        let bits = types.int_bits(types.scalar(ty)).unwrap_or(128);
        Const { ty, kind: ConstKind::Int(mask(v, bits)) }
    }
    /// `i1 true`/`i1 false`.
    pub fn bool(b: bool) -> Const {
        Const { ty: Type::I1, kind: ConstKind::Int(u128::from(b)) }
    }
    /// `undef` of `ty`.
    pub fn undef(ty: Type) -> Const {
        Const { ty, kind: ConstKind::Undef }
    }
    /// `poison` of `ty`.
    pub fn poison(ty: Type) -> Const {
        Const { ty, kind: ConstKind::Poison }
    }
    /// The integer value, if this is an integer constant.
    pub fn as_int(&self) -> Option<u128> {
        match self.kind {
            ConstKind::Int(v) => Some(v),
            _ => None,
        }
    }
    /// The integer value sign-extended from the type's width.
    pub fn as_sint(&self, types: &TypeTable) -> Option<i128> {
        let v = self.as_int()?;
        let bits = types.int_bits(types.scalar(self.ty))?;
        Some(sext(v, bits))
    }
    /// Whether this is `undef` or `poison`.
    pub fn is_undef_or_poison(&self) -> bool {
        matches!(self.kind, ConstKind::Undef | ConstKind::Poison)
    }
    /// Whether this constant may be, or contain, undef or poison. Unlike
    /// [`Const::is_undef_or_poison`], this looks into aggregates and
    /// constant expressions, conservatively: a cast, a `getelementptr`
    /// without flags and an `add`/`sub`/`xor` without flags are defined
    /// when their operands are; an expression with poison-generating flags
    /// (`add nsw`, `getelementptr inbounds`, which may be out of bounds) or
    /// an `extractelement` (whose index may be out of range) may be poison.
    pub fn may_be_undef_or_poison(&self) -> bool {
        match &self.kind {
            ConstKind::Undef | ConstKind::Poison => true,
            ConstKind::Aggregate(xs) => xs.iter().any(Const::may_be_undef_or_poison),
            ConstKind::Expr(e) => match &**e {
                ConstExpr::Cast(_, x) => x.may_be_undef_or_poison(),
                ConstExpr::Gep { flags, base, indices, .. } => {
                    !flags.is_empty()
                        || base.may_be_undef_or_poison()
                        || indices.iter().any(Const::may_be_undef_or_poison)
                }
                ConstExpr::Binary(op, flags, a, b) => {
                    !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Xor)
                        || !flags.is_empty()
                        || a.may_be_undef_or_poison()
                        || b.may_be_undef_or_poison()
                }
                ConstExpr::ExtractElement(..) => true,
            },
            _ => false,
        }
    }
    /// Whether this is the zero value of its type.
    pub fn is_zero_value(&self) -> bool {
        matches!(self.kind, ConstKind::Zero | ConstKind::Null | ConstKind::Int(0) | ConstKind::Float(0))
    }
}

/// The canonical form LLVM gives an aggregate constant of type `ty` with
/// elements `elems`: `zeroinitializer` when every element is zero, `poison`
/// or `undef` when every element is, `c"..."` for `i8` arrays, and the
/// element list otherwise. (An empty array is `poison`, an empty struct
/// `zeroinitializer`, as LLVM 22 prints them.) Splat vectors stay lists here
/// and are printed `splat (...)`.
pub fn canonical_aggregate(types: &TypeTable, ty: Type, elems: Vec<Const>) -> ConstKind {
    if elems.is_empty() {
        return if matches!(types.get(ty), TypeData::Array { .. }) { ConstKind::Poison } else { ConstKind::Zero };
    }
    if elems.iter().all(Const::is_zero_value) {
        return ConstKind::Zero;
    }
    if elems.iter().all(|e| e.kind == ConstKind::Poison) {
        return ConstKind::Poison;
    }
    if elems.iter().all(Const::is_undef_or_poison) {
        return ConstKind::Undef;
    }
    if let TypeData::Array { elem: Type::I8, .. } = types.get(ty)
        && let Some(bytes) = elems.iter().map(|e| e.as_int().map(|v| v as u8)).collect::<Option<Vec<u8>>>()
    {
        return ConstKind::Bytes(bytes.into());
    }
    ConstKind::Aggregate(elems.into())
}

/// The constant kind of the decimal literal `digits` (optionally negative)
/// in an integer type of `bits` > 128 bits, truncated to the width as LLVM
/// does (`i200 2^200 + 5` is 5); `None` if `digits` holds a non-digit.
pub fn wide_int_from_decimal(neg: bool, digits: &str, bits: u32) -> Option<ConstKind> {
    let n = bits.div_ceil(64) as usize;
    let mut limbs = vec![0u64; n];
    for d in digits.bytes() {
        if !d.is_ascii_digit() {
            return None;
        }
        // What carries out of the top limb is past the width: dropped.
        let mut carry = u128::from(d - b'0');
        for l in limbs.iter_mut() {
            let v = u128::from(*l) * 10 + carry;
            *l = v as u64;
            carry = v >> 64;
        }
    }
    if neg {
        let mut carry = true;
        for l in limbs.iter_mut() {
            let (v, c) = (!*l).overflowing_add(u64::from(carry));
            *l = v;
            carry = c;
        }
    }
    if !bits.is_multiple_of(64) {
        limbs[n - 1] &= (1u64 << (bits % 64)) - 1;
    }
    // The canonical form: `Int` when the value fits `i128`, i.e. the limbs
    // are the sign extension of the low 128 bits.
    let low = u128::from(limbs[0]) | (u128::from(limbs[1]) << 64);
    let fill = if (low as i128) < 0 { u64::MAX } else { 0 };
    let fits = limbs[2..].iter().enumerate().all(|(i, &l)| {
        let top = i + 2 == n - 1 && !bits.is_multiple_of(64);
        l == if top { fill & ((1u64 << (bits % 64)) - 1) } else { fill }
    });
    Some(if fits { ConstKind::Int(low) } else { ConstKind::WideInt(limbs.into()) })
}

/// The signed decimal spelling of a [`ConstKind::WideInt`] of `bits` bits.
pub fn wide_int_to_decimal(limbs: &[u64], bits: u32) -> String {
    let mut mag = limbs.to_vec();
    let top = (bits - 1) as usize;
    let neg = mag.get(top / 64).is_some_and(|l| l >> (top % 64) & 1 == 1);
    if neg {
        let mut carry = true;
        for l in mag.iter_mut() {
            let (v, c) = (!*l).overflowing_add(u64::from(carry));
            *l = v;
            carry = c;
        }
        if !bits.is_multiple_of(64)
            && let Some(last) = mag.last_mut()
        {
            *last &= (1u64 << (bits % 64)) - 1;
        }
    }
    // Repeated division by 10^19, collecting base-10^19 digits.
    const BASE: u64 = 10_000_000_000_000_000_000;
    let mut chunks = Vec::new();
    while mag.iter().any(|&l| l != 0) {
        let mut rem = 0u128;
        for l in mag.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*l);
            *l = (cur / u128::from(BASE)) as u64;
            rem = cur % u128::from(BASE);
        }
        chunks.push(rem as u64);
    }
    let mut out = String::from(if neg { "-" } else { "" });
    match chunks.split_last() {
        None => out.push('0'),
        Some((first, rest)) => {
            out.push_str(&first.to_string());
            for c in rest.iter().rev() {
                out.push_str(&format!("{c:019}"));
            }
        }
    }
    out
}

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

/// The zero constant of `ty` as LLVM spells it (`0`, `0.0`, `null`,
/// `zeroinitializer`, `none`).
pub fn zero_of(types: &TypeTable, ty: Type) -> Const {
    let kind = match types.get(ty) {
        TypeData::Int(_) => ConstKind::Int(0),
        TypeData::Float(_) => ConstKind::Float(0),
        TypeData::Ptr(_) => ConstKind::Null,
        TypeData::Token => ConstKind::NoneToken,
        _ => ConstKind::Zero,
    };
    Const { ty, kind }
}

/// Converts the raw bits of `kind` to an `f64` where that is exact
/// (half, bfloat, float, double).
pub fn float_to_f64(kind: FloatKind, bits: u128) -> Option<f64> {
    if let Some(nan) = narrow_nan_to_f64(kind, bits) {
        return Some(nan);
    }
    match kind {
        FloatKind::Double => Some(f64::from_bits(bits as u64)),
        FloatKind::Float => Some(f64::from(f32::from_bits(bits as u32))),
        FloatKind::Half => Some(half_to_f64(bits as u16)),
        FloatKind::BFloat => Some(f64::from(f32::from_bits(u32::from(bits as u16) << 16))),
        _ => None,
    }
}

fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f64::from(h & 0x3ff);
    match exp {
        0 => sign * frac * 2f64.powi(-24),
        31 => {
            if frac == 0.0 {
                sign * f64::INFINITY
            } else {
                f64::NAN
            }
        }
        _ => sign * (1.0 + frac / 1024.0) * 2f64.powi(exp - 15),
    }
}

/// The widths of the exponent and the fraction of the IEEE formats
/// narrower than `double`.
fn narrow_format(kind: FloatKind) -> Option<(u32, u32)> {
    match kind {
        FloatKind::Float => Some((8, 23)),
        FloatKind::Half => Some((5, 10)),
        FloatKind::BFloat => Some((8, 7)),
        _ => None,
    }
}

/// A NaN of a format narrower than `double` (bits `bits`) as the `double`
/// NaN of the same sign and fraction (its bits at the top of the
/// `double`'s), as LLVM widens it: exactly, where converting in hardware
/// may quiet a signaling NaN. `None` for other values.
fn narrow_nan_to_f64(kind: FloatKind, bits: u128) -> Option<f64> {
    let (e, m) = narrow_format(kind)?;
    let exp = (bits >> m) & ((1 << e) - 1);
    let frac = (bits & ((1 << m) - 1)) as u64;
    if exp != (1 << e) - 1 || frac == 0 {
        return None;
    }
    let sign = ((bits >> (e + m)) & 1) as u64;
    Some(f64::from_bits(sign << 63 | 0x7ff << 52 | frac << (52 - m)))
}

/// The bits of NaN `v` in a format narrower than `double`, its fraction
/// the top bits of `v`'s, if the bits dropped are zero (LLVM refuses the
/// constant otherwise); a signaling NaN stays signaling.
fn f64_nan_to_narrow(kind: FloatKind, v: f64) -> Option<u128> {
    let (e, m) = narrow_format(kind)?;
    let b = u128::from(v.to_bits());
    let frac = b & ((1 << 52) - 1);
    let dropped = 52 - m;
    if frac & ((1 << dropped) - 1) != 0 {
        return None;
    }
    Some((b >> 63) << (e + m) | ((1 << e) - 1) << m | frac >> dropped)
}

/// Converts `v` to the bits of `kind` if that loses no information.
pub fn f64_to_float_exact(kind: FloatKind, v: f64) -> Option<u128> {
    if v.is_nan() && kind != FloatKind::Double {
        return f64_nan_to_narrow(kind, v);
    }
    match kind {
        FloatKind::Double => Some(u128::from(v.to_bits())),
        FloatKind::Float => {
            let f = v as f32;
            if f64::from(f) == v || (v.is_nan() && f.is_nan()) { Some(u128::from(f.to_bits())) } else { None }
        }
        FloatKind::Half => {
            let h = f64_to_half(v)?;
            let back = half_to_f64(h);
            if back == v || (v.is_nan() && back.is_nan()) { Some(u128::from(h)) } else { None }
        }
        FloatKind::BFloat => {
            let f = v as f32;
            let b = (f.to_bits() >> 16) as u16;
            let back = f64::from(f32::from_bits(u32::from(b) << 16));
            if back == v { Some(u128::from(b)) } else { None }
        }
        _ => None,
    }
}

fn f64_to_half(v: f64) -> Option<u16> {
    if v.is_nan() {
        return Some(0x7e00);
    }
    let sign: u16 = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    if a == 0.0 {
        return Some(sign);
    }
    if a.is_infinite() {
        return Some(sign | 0x7c00);
    }
    // Exact conversion only: try every exponent.
    for e in -24i32..=15 {
        let scaled = a / 2f64.powi(e);
        if scaled.fract() == 0.0 && scaled < 2048.0 {
            let m = scaled as u32;
            // Normalise into the half format.
            let (exp_field, frac) = if e >= -14 && m >= 1024 {
                ((e + 10 + 15) as u16, (m - 1024) as u16)
            } else if e == -24 && m < 1024 {
                (0, m as u16)
            } else {
                continue;
            };
            if exp_field >= 31 {
                return None;
            }
            return Some(sign | (exp_field << 10) | frac);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NaNs keep their sign and payload, signaling ones too, between
    /// `double` (the text's form) and the narrower formats; a payload
    /// that does not fit is refused, as LLVM's reader does.
    #[test]
    fn nans_convert_exactly() {
        let snan = f64::from_bits(0x7ff4_0000_0000_0000);
        assert_eq!(f64_to_float_exact(FloatKind::Float, snan), Some(0x7fa0_0000));
        assert_eq!(f64_to_float_exact(FloatKind::Half, snan), Some(0x7d00));
        assert_eq!(f64_to_float_exact(FloatKind::BFloat, snan), Some(0x7fa0));
        let neg = f64::from_bits(0xfff8_0000_0000_0000);
        assert_eq!(f64_to_float_exact(FloatKind::Half, neg), Some(0xfe00));
        assert_eq!(f64_to_float_exact(FloatKind::Float, f64::from_bits(0x7ff8_0000_0000_0001)), None);
        for (kind, bits) in [
            (FloatKind::Float, 0x7fa0_0000u128),
            (FloatKind::Float, 0xff80_0001),
            (FloatKind::Half, 0x7d01),
            (FloatKind::BFloat, 0xffc1),
        ] {
            let wide = float_to_f64(kind, bits).unwrap();
            assert!(wide.is_nan());
            assert_eq!(f64_to_float_exact(kind, wide), Some(bits), "{kind:?} {bits:#x}");
        }
        assert_eq!(float_to_f64(FloatKind::Float, 0x7fa0_0000).map(f64::to_bits), Some(0x7ff4_0000_0000_0000));
    }

    #[test]
    fn undef_or_poison_inside_expressions_and_aggregates() {
        let int = |v| Const { ty: Type::I32, kind: ConstKind::Int(v) };
        let expr = |e| Const { ty: Type::I32, kind: ConstKind::Expr(Box::new(e)) };
        let add = |flags, a, b| expr(ConstExpr::Binary(BinOp::Add, flags, a, b));
        assert!(!int(3).may_be_undef_or_poison());
        assert!(Const::poison(Type::I32).may_be_undef_or_poison());
        assert!(!add(IntFlags::NONE, int(1), int(2)).may_be_undef_or_poison());
        assert!(add(IntFlags::NSW, int(1), int(2)).may_be_undef_or_poison(), "nsw may overflow");
        assert!(add(IntFlags::NONE, int(1), Const::undef(Type::I32)).may_be_undef_or_poison());
        let vec = Const { ty: Type::I32, kind: ConstKind::Aggregate(Box::new([Const::poison(Type::I32), int(7)])) };
        assert!(vec.may_be_undef_or_poison());
        assert!(expr(ConstExpr::ExtractElement(vec, int(1))).may_be_undef_or_poison());
        assert!(!expr(ConstExpr::Cast(CastOp::Trunc, int(9))).may_be_undef_or_poison());
    }

    #[test]
    fn masks_and_sign_extension() {
        assert_eq!(mask(0x1ff, 8), 0xff);
        assert_eq!(sext(0xff, 8), -1);
        assert_eq!(sext(0x7f, 8), 127);
        assert_eq!(sext(1, 1), -1);
    }

    #[test]
    fn wide_integers_round_trip() {
        let big = "115792089237316195423570985008687907853269984665640564039457584007913129639935"; // 2^256 - 1
        assert_eq!(wide_int_from_decimal(false, big, 256), Some(ConstKind::Int(u128::MAX)));
        // Truncated to the width, as LLVM does: (2^256 - 1) * 10 is -10.
        assert_eq!(wide_int_from_decimal(false, &format!("{big}0"), 256), Some(ConstKind::Int(10u128.wrapping_neg())));
        let two200 = "1606938044258990275541962092341162602522202993782792835301376"; // 2^200
        assert_eq!(wide_int_from_decimal(false, two200, 200), Some(ConstKind::Int(0)));
        assert_eq!(
            wide_int_from_decimal(true, "1606938044258990275541962092341162602522202993782792835301381", 200),
            Some(ConstKind::Int(5u128.wrapping_neg()))
        );
        let Some(ConstKind::WideInt(l)) =
            wide_int_from_decimal(false, "1606938044258990275542302374708083540985666368390224603512833", 200)
        else {
            panic!("wide")
        };
        assert_eq!(wide_int_to_decimal(&l, 200), "340282366920938463463374607431768211457"); // 2^128 + 1, from 2^200 + 2^128 + 1
        let min = "57896044618658097711785492504343953926634992332820282019728792003956564819968"; // 2^255
        let Some(ConstKind::WideInt(l)) = wide_int_from_decimal(true, min, 256) else { panic!("wide") };
        assert_eq!(wide_int_to_decimal(&l, 256), format!("-{min}"));
        assert!(wide_int_from_decimal(false, min, 256).is_some());
        let x = "340282366920938463463374607431768211457"; // 2^128 + 1
        let Some(ConstKind::WideInt(l)) = wide_int_from_decimal(false, x, 200) else { panic!("wide") };
        assert_eq!(wide_int_to_decimal(&l, 200), x);
        assert_eq!(wide_int_from_decimal(true, "5", 300), Some(ConstKind::Int(5u128.wrapping_neg())));
        assert_eq!(wide_int_from_decimal(false, "0", 3000), Some(ConstKind::Int(0)));
    }

    #[test]
    fn exact_float_conversion() {
        assert!(f64_to_float_exact(FloatKind::Float, 0.1).is_none());
        assert_eq!(f64_to_float_exact(FloatKind::Float, 0.5), Some(u128::from(0.5f32.to_bits())));
        assert_eq!(f64_to_float_exact(FloatKind::Half, 1.0), Some(0x3c00));
        assert_eq!(half_to_f64(0x3c00), 1.0);
        assert_eq!(f64_to_float_exact(FloatKind::Half, 65504.0), Some(0x7bff));
    }
}

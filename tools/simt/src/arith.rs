//! Single-thread instruction semantics with LLVM's poison rules: integer and
//! floating-point arithmetic, comparisons, casts, `getelementptr`.
//!
//! Vectors are handled element-wise on top of the scalar rules. Flags that
//! promise something (`nuw`, `nsw`, `exact`, `disjoint`, `nneg`, `samesign`,
//! `nnan`, `ninf`, `inbounds`) turn a broken promise into poison; division
//! by zero and signed division overflow are undefined behaviour.
//!
//! These rules are written here again on purpose, not shared with the
//! constant folder in `ir` or the passes' simplifier: the executor judges
//! the passes, and a mistake it shared with them would go unseen.

use crate::error::{Result, ub, unsupported};
use crate::typed::{TypeCtx, float_of_bits};
use crate::value::{Float, Val, mask, sext};
use opt_conv_ir::inst::{BinOp, CastOp, FastMath, FloatPred, GepFlags, IntFlags, IntPred};
use opt_conv_ir::types::{Type, TypeData};

/// Applies `f` element-wise when `t` is a vector type.
fn lanes(tcx: &TypeCtx, t: Type, xs: &[&Val], mut f: impl FnMut(&[&Val], Type) -> Result<Val>) -> Result<Val> {
    if let TypeData::Vector { elem, .. } = tcx.types.get(t) {
        let elem = *elem;
        let n = match xs.first() {
            Some(Val::Agg(v)) => v.len(),
            _ => return Ok(Val::Poison),
        };
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let parts: Vec<&Val> = xs
                .iter()
                .map(|x| match x {
                    Val::Agg(v) => v.get(i).unwrap_or(&Val::Poison),
                    _ => &Val::Poison,
                })
                .collect();
            out.push(f(&parts, elem)?);
        }
        return Ok(crate::typed::agg(out));
    }
    f(xs, t)
}

/// A binary operator.
pub fn binary(tcx: &TypeCtx, op: BinOp, flags: IntFlags, fmf: FastMath, x: &Val, y: &Val, t: Type) -> Result<Val> {
    lanes(tcx, t, &[x, y], |v, _| scalar_binary(op, flags, fmf, v[0], v[1]))
}

fn scalar_binary(op: BinOp, flags: IntFlags, fmf: FastMath, x: &Val, y: &Val) -> Result<Val> {
    match (x, y) {
        (Val::Int { bits, v: a }, Val::Int { v: b, .. }) => int_binary(op, flags, *bits, *a, *b),
        (Val::Float(a), Val::Float(b)) => Ok(float_binary(op, fmf, *a, *b)),
        (Val::Ptr(_), _) | (_, Val::Ptr(_)) => unsupported(format!("{} on pointers", op.keyword())),
        // Division by a poison divisor is undefined behaviour (it may be zero).
        (_, Val::Poison) if op.may_trap() => ub(format!("{} by poison", op.keyword())),
        _ => Ok(Val::Poison),
    }
}

fn int_binary(op: BinOp, flags: IntFlags, bits: u32, a: u128, b: u128) -> Result<Val> {
    if bits == 0 || bits > 128 {
        return unsupported(format!("{} on i{bits} (the executor models integers up to i128)", op.keyword()));
    }
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    let smin = if bits >= 128 { i128::MIN } else { -(1i128 << (bits - 1)) };
    let smax = if bits >= 128 { i128::MAX } else { (1i128 << (bits - 1)) - 1 };
    let umax = mask(u128::MAX, bits);
    let nuw = flags.contains(IntFlags::NUW);
    let nsw = flags.contains(IntFlags::NSW);
    let exact = flags.contains(IntFlags::EXACT);
    let signed_fits = |r: Option<i128>| r.is_some_and(|r| r >= smin && r <= smax);
    let r = match op {
        BinOp::Add => {
            if (nuw && a.checked_add(b).is_none_or(|r| r > umax)) || (nsw && !signed_fits(sa.checked_add(sb))) {
                return Ok(Val::Poison);
            }
            a.wrapping_add(b)
        }
        BinOp::Sub => {
            if (nuw && b > a) || (nsw && !signed_fits(sa.checked_sub(sb))) {
                return Ok(Val::Poison);
            }
            a.wrapping_sub(b)
        }
        BinOp::Mul => {
            if (nuw && a.checked_mul(b).is_none_or(|r| r > umax)) || (nsw && !signed_fits(sa.checked_mul(sb))) {
                return Ok(Val::Poison);
            }
            a.wrapping_mul(b)
        }
        BinOp::UDiv | BinOp::URem => {
            if b == 0 {
                return ub(format!("{} by zero", op.keyword()));
            }
            if op == BinOp::UDiv {
                if exact && !a.is_multiple_of(b) {
                    return Ok(Val::Poison);
                }
                a / b
            } else {
                a % b
            }
        }
        BinOp::SDiv | BinOp::SRem => {
            if b == 0 {
                return ub(format!("{} by zero", op.keyword()));
            }
            if sa == smin && sb == -1 {
                return ub(format!("{} overflow (INT_MIN / -1)", op.keyword()));
            }
            if op == BinOp::SDiv {
                if exact && sa % sb != 0 {
                    return Ok(Val::Poison);
                }
                (sa / sb) as u128
            } else {
                (sa % sb) as u128
            }
        }
        BinOp::Shl | BinOp::LShr | BinOp::AShr => {
            if b >= u128::from(bits) {
                return Ok(Val::Poison);
            }
            let s = b as u32;
            match op {
                BinOp::Shl => {
                    let r = mask(a << s, bits);
                    if (nuw && r >> s != a) || (nsw && sext(r, bits) >> s != sa) {
                        return Ok(Val::Poison);
                    }
                    r
                }
                BinOp::LShr => {
                    if exact && a & mask(u128::MAX, s) != 0 {
                        return Ok(Val::Poison);
                    }
                    a >> s
                }
                _ => {
                    if exact && a & mask(u128::MAX, s) != 0 {
                        return Ok(Val::Poison);
                    }
                    (sa >> s) as u128
                }
            }
        }
        BinOp::And => a & b,
        BinOp::Or => {
            if flags.contains(IntFlags::DISJOINT) && a & b != 0 {
                return Ok(Val::Poison);
            }
            a | b
        }
        BinOp::Xor => a ^ b,
        _ => return unsupported(format!("{} on integers", op.keyword())),
    };
    Ok(Val::int(bits, r))
}

fn float_binary(op: BinOp, fmf: FastMath, a: Float, b: Float) -> Val {
    let (x, y) = (a.to_f64(), b.to_f64());
    // Compute in the operands' own precision so rounding matches.
    let r = match a {
        Float::F64(_) => match op {
            BinOp::FAdd => x + y,
            BinOp::FSub => x - y,
            BinOp::FMul => x * y,
            BinOp::FDiv => x / y,
            _ => x % y,
        },
        _ => {
            let (x, y) = (x as f32, y as f32);
            f64::from(match op {
                BinOp::FAdd => x + y,
                BinOp::FSub => x - y,
                BinOp::FMul => x * y,
                BinOp::FDiv => x / y,
                _ => x % y,
            })
        }
    };
    fast_math_check(fmf, &[x, y, r]).unwrap_or_else(|| Val::Float(a.same_format(r)))
}

/// Poison if a `nnan`/`ninf` promise is broken by any of `vals`.
fn fast_math_check(fmf: FastMath, vals: &[f64]) -> Option<Val> {
    let nan = fmf.contains(FastMath::NNAN) && vals.iter().any(|v| v.is_nan());
    let inf = fmf.contains(FastMath::NINF) && vals.iter().any(|v| v.is_infinite());
    (nan || inf).then_some(Val::Poison)
}

/// `fneg`.
pub fn fneg(tcx: &TypeCtx, x: &Val, t: Type) -> Result<Val> {
    lanes(tcx, t, &[x], |v, _| {
        Ok(match v[0] {
            Val::Float(f) => Val::Float(f.negated()),
            _ => Val::Poison,
        })
    })
}

/// `icmp` (on integers or pointers).
pub fn icmp(tcx: &TypeCtx, pred: IntPred, flags: IntFlags, x: &Val, y: &Val, t: Type) -> Result<Val> {
    lanes(tcx, t, &[x, y], |v, _| {
        let (a, b, bits) = match (v[0], v[1]) {
            (Val::Int { bits, v: a }, Val::Int { v: b, .. }) => (*a, *b, *bits),
            (Val::Ptr(a), Val::Ptr(b)) => (u128::from(*a), u128::from(*b), 64),
            _ => return Ok(Val::Poison),
        };
        let (sa, sb) = (sext(a, bits), sext(b, bits));
        if flags.contains(IntFlags::SAMESIGN) && (sa < 0) != (sb < 0) {
            return Ok(Val::Poison);
        }
        Ok(Val::bool(match pred {
            IntPred::Eq => a == b,
            IntPred::Ne => a != b,
            IntPred::Ugt => a > b,
            IntPred::Uge => a >= b,
            IntPred::Ult => a < b,
            IntPred::Ule => a <= b,
            IntPred::Sgt => sa > sb,
            IntPred::Sge => sa >= sb,
            IntPred::Slt => sa < sb,
            IntPred::Sle => sa <= sb,
        }))
    })
}

/// `fcmp`.
pub fn fcmp(tcx: &TypeCtx, pred: FloatPred, fmf: FastMath, x: &Val, y: &Val, t: Type) -> Result<Val> {
    lanes(tcx, t, &[x, y], |v, _| {
        let (a, b) = match (v[0], v[1]) {
            (Val::Float(a), Val::Float(b)) => (a.to_f64(), b.to_f64()),
            _ => return Ok(Val::Poison),
        };
        if let Some(p) = fast_math_check(fmf, &[a, b]) {
            return Ok(p);
        }
        let uno = a.is_nan() || b.is_nan();
        Ok(Val::bool(match pred {
            FloatPred::False => false,
            FloatPred::True => true,
            FloatPred::Ord => !uno,
            FloatPred::Uno => uno,
            FloatPred::Oeq => !uno && a == b,
            FloatPred::Ogt => !uno && a > b,
            FloatPred::Oge => !uno && a >= b,
            FloatPred::Olt => !uno && a < b,
            FloatPred::Ole => !uno && a <= b,
            FloatPred::One => !uno && a != b,
            FloatPred::Ueq => uno || a == b,
            FloatPred::Ugt => uno || a > b,
            FloatPred::Uge => uno || a >= b,
            FloatPred::Ult => uno || a < b,
            FloatPred::Ule => uno || a <= b,
            FloatPred::Une => uno || a != b,
        }))
    })
}

/// A cast of `x` (of type `from`) to type `to`.
pub fn cast(tcx: &TypeCtx, op: CastOp, flags: IntFlags, x: &Val, from: Type, to: Type) -> Result<Val> {
    if op == CastOp::BitCast {
        return bitcast(tcx, x, from, to);
    }
    let from_s = tcx.types.scalar(from);
    lanes(tcx, to, &[x], |v, to_s| scalar_cast(tcx, op, flags, v[0], from_s, to_s))
}

fn scalar_cast(tcx: &TypeCtx, op: CastOp, flags: IntFlags, x: &Val, from: Type, to: Type) -> Result<Val> {
    let to_bits = tcx.int_bits(to);
    let from_bits = tcx.int_bits(from).unwrap_or(64);
    Ok(match (op, x) {
        (_, Val::Poison) => Val::Poison,
        (CastOp::Trunc, Val::Int { v, bits }) => {
            let tb = to_bits.unwrap_or(*bits);
            let r = mask(*v, tb);
            if (flags.contains(IntFlags::NUW) && r != *v)
                || (flags.contains(IntFlags::NSW) && sext(r, tb) != sext(*v, *bits))
            {
                Val::Poison
            } else {
                Val::int(tb, r)
            }
        }
        (CastOp::ZExt, Val::Int { v, bits }) => {
            if flags.contains(IntFlags::NNEG) && sext(*v, *bits) < 0 {
                Val::Poison
            } else {
                Val::int(to_bits.unwrap_or(128), *v)
            }
        }
        (CastOp::SExt, Val::Int { v, bits }) => Val::int(to_bits.unwrap_or(128), sext(*v, *bits) as u128),
        (CastOp::FPTrunc | CastOp::FPExt, Val::Float(f)) => match tcx.types.float_kind(to) {
            Some(k) => Val::Float(float_of_bits(k, 0)?.same_format(f.to_f64())),
            None => return unsupported("fp cast to a non-float type"),
        },
        (CastOp::FPToUI | CastOp::FPToSI, Val::Float(f)) => {
            let tb = to_bits.unwrap_or(64);
            let t = f.to_f64().trunc();
            let (lo, hi) = if op == CastOp::FPToSI {
                (-(2f64.powi(tb as i32 - 1)), 2f64.powi(tb as i32 - 1))
            } else {
                (0.0, 2f64.powi(tb as i32))
            };
            if t.is_nan() || t < lo || t >= hi {
                Val::Poison
            } else if op == CastOp::FPToSI {
                Val::int(tb, (t as i128) as u128)
            } else {
                Val::int(tb, t as u128)
            }
        }
        (CastOp::UIToFP | CastOp::SIToFP, Val::Int { v, bits }) => {
            if op == CastOp::UIToFP && flags.contains(IntFlags::NNEG) && sext(*v, *bits) < 0 {
                return Ok(Val::Poison);
            }
            let r = if op == CastOp::SIToFP { sext(*v, *bits) as f64 } else { *v as f64 };
            match tcx.types.float_kind(to) {
                Some(k) => Val::Float(float_of_bits(k, 0)?.same_format(r)),
                None => return unsupported("int to fp cast to a non-float type"),
            }
        }
        (CastOp::PtrToInt | CastOp::PtrToAddr, Val::Ptr(a)) => Val::int(to_bits.unwrap_or(64), u128::from(*a)),
        (CastOp::IntToPtr, Val::Int { v, .. }) => Val::Ptr(mask(*v, from_bits.min(64)) as u64),
        (CastOp::AddrSpaceCast, Val::Ptr(a)) => Val::Ptr(*a),
        _ => return unsupported(format!("{} of {x}", op.keyword())),
    })
}

/// `bitcast`: same-size reinterpretation through little-endian bytes.
fn bitcast(tcx: &TypeCtx, x: &Val, from: Type, to: Type) -> Result<Val> {
    if tcx.types.is_ptr(from) && tcx.types.is_ptr(to) {
        return Ok(x.clone());
    }
    let size = tcx.store_size(from);
    if size != tcx.store_size(to) || size > 16 {
        return unsupported(format!("bitcast from {} to {}", tcx.types.display(from), tcx.types.display(to)));
    }
    let mut mem = crate::memory::Memory::default();
    let r = mem.add(String::new(), crate::memory::RegionKind::Global, size, false)?;
    let a = crate::memory::addr(r, 0);
    tcx.store(&mut mem, a, from, x)?;
    tcx.load(&mem, a, to)
}

/// `getelementptr`: `base` plus the offsets of `indices` (value and type)
/// into `source`. `mem` (when known) lets `inbounds` check the region.
pub fn gep(
    tcx: &TypeCtx,
    mem: Option<&crate::memory::Memory>,
    source: Type,
    flags: GepFlags,
    base: &Val,
    indices: &[(Val, Type)],
) -> Result<Val> {
    let Val::Ptr(b) = base else {
        return Ok(if base.is_poison() {
            Val::Poison
        } else {
            return unsupported("getelementptr on a vector of pointers");
        });
    };
    let mut off: i128 = 0;
    let mut cur = source;
    for (k, (iv, it)) in indices.iter().enumerate() {
        let i = match iv {
            Val::Int { v, bits } => sext(*v, *bits),
            Val::Poison => return Ok(Val::Poison),
            _ => return unsupported(format!("getelementptr index {iv} of type {}", tcx.types.display(*it))),
        };
        if k == 0 {
            off = off.wrapping_add(i.wrapping_mul(tcx.alloc_size(cur) as i128));
            continue;
        }
        match tcx.types.get(cur) {
            TypeData::Struct { .. } | TypeData::Named { .. } => {
                let Some(fo) = tcx.field_offset(cur, i as usize) else {
                    return unsupported("getelementptr into a struct field that does not exist");
                };
                off = off.wrapping_add(fo as i128);
                cur = tcx.types.element(cur, i as u64).unwrap_or(cur);
            }
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                let e = *elem;
                let stride = if tcx.types.is_vector(cur) { tcx.store_size(e) } else { tcx.alloc_size(e) } as i128;
                off = off.wrapping_add(i.wrapping_mul(stride));
                cur = e;
            }
            _ => return unsupported(format!("getelementptr into type {}", tcx.types.display(cur))),
        }
    }
    let r = i128::from(*b).wrapping_add(off) as u64;
    if flags.contains(GepFlags::INBOUNDS)
        && let Some(mem) = mem
    {
        let Some((size, start)) = mem.bounds(*b) else { return Ok(Val::Poison) };
        let end = i128::from(start).wrapping_add(off);
        if end < 0 || end > i128::from(size) {
            return Ok(Val::Poison);
        }
    }
    Ok(Val::Ptr(r))
}

//! Values in memory and constants: what bytes a value of an IR type
//! occupies under the module's `DataLayout` (little-endian; struct fields at
//! their ABI-aligned offsets; vector elements packed), and what runtime
//! value a constant denotes.

use crate::error::{Result, unsupported};
use crate::memory::Memory;
use crate::value::{Float, Val, mask};
use opt_conv_ir::datalayout::DataLayout;
use opt_conv_ir::types::{FloatKind, Type, TypeData, TypeTable};
use opt_conv_ir::{Const, ConstExpr, ConstKind, GlobalId};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Types plus layout: everything needed to size, lay out and build values.
pub struct TypeCtx<'m> {
    /// The module's types.
    pub types: &'m TypeTable,
    /// The module's data layout.
    pub dl: DataLayout,
}

impl<'m> TypeCtx<'m> {
    /// Bytes a store of `t` writes.
    pub fn store_size(&self, t: Type) -> u64 {
        self.dl.store_size(self.types, t)
    }

    /// Distance between consecutive `t`s in memory.
    pub fn alloc_size(&self, t: Type) -> u64 {
        self.dl.alloc_size(self.types, t)
    }

    /// Integer width of `t`, if it is an integer type.
    pub fn int_bits(&self, t: Type) -> Option<u32> {
        self.types.int_bits(t)
    }

    /// Field types of a struct (literal or identified).
    fn struct_fields(&self, t: Type) -> Option<(&[Type], bool)> {
        match self.types.get(t) {
            TypeData::Struct { fields, packed } => Some((fields, *packed)),
            TypeData::Named { body: Some(b), packed, .. } => Some((b, *packed)),
            _ => None,
        }
    }

    /// Byte offset of field `idx` of struct `t` (as `DataLayout` lays it out).
    pub fn field_offset(&self, t: Type, idx: usize) -> Option<u64> {
        let (fields, packed) = self.struct_fields(t)?;
        let mut off = 0u64;
        for (i, &f) in fields.iter().enumerate() {
            let a = if packed { 1 } else { self.dl.abi_align(self.types, f).bytes() };
            off = off.next_multiple_of(a);
            if i == idx {
                return Some(off);
            }
            off += self.alloc_size(f);
        }
        None
    }

    /// Element types of an aggregate or vector `t`, with their byte offsets.
    fn elements(&self, t: Type) -> Option<Vec<(Type, u64)>> {
        match self.types.get(t) {
            TypeData::Array { len, elem } => {
                let s = self.alloc_size(*elem);
                Some((0..*len).map(|i| (*elem, i * s)).collect())
            }
            TypeData::Vector { len, elem, scalable: false } => {
                let s = self.store_size(*elem);
                Some((0..u64::from(*len)).map(|i| (*elem, i * s)).collect())
            }
            _ => {
                let (fields, _) = self.struct_fields(t)?;
                Some(fields.iter().enumerate().map(|(i, &f)| (f, self.field_offset(t, i).unwrap_or(0))).collect())
            }
        }
    }

    /// The pointer type a target extension type `t` is laid out as (shader
    /// resource handles), if it is one.
    fn pointer_layout(&self, t: Type) -> Option<Type> {
        match self.types.get(t) {
            TypeData::TargetExt(d) if matches!(self.types.get(d.layout), TypeData::Ptr(_)) => Some(d.layout),
            _ => None,
        }
    }

    fn is_aggregate_or_vector(&self, t: Type) -> bool {
        matches!(
            self.types.get(t),
            TypeData::Array { .. } | TypeData::Vector { .. } | TypeData::Struct { .. } | TypeData::Named { .. }
        )
    }

    /// Poison of type `t` (element-wise for aggregates, so that inserting
    /// into it yields partly defined values).
    pub fn poison(&self, t: Type) -> Val {
        match self.types.num_elements(t) {
            Some(n) if self.is_aggregate_or_vector(t) && n <= 4096 => {
                let e: Vec<Val> = (0..n).map(|i| self.poison(self.types.element(t, i).unwrap_or(t))).collect();
                Val::Agg(e.into())
            }
            _ => Val::Poison,
        }
    }

    /// The zero value of `t`.
    pub fn zero(&self, t: Type) -> Result<Val> {
        Ok(match self.types.get(t) {
            TypeData::Int(b) => Val::int(*b, 0),
            TypeData::Float(k) => Val::Float(float_of_bits(*k, 0)?),
            TypeData::Ptr(_) => Val::Ptr(0),
            TypeData::Token => Val::Poison,
            TypeData::TargetExt(d) if d.has_zero_init && self.pointer_layout(t).is_some() => Val::Ptr(0),
            _ => match self.elements(t) {
                Some(es) => Val::Agg(es.iter().map(|(e, _)| self.zero(*e)).collect::<Result<Vec<_>>>()?.into()),
                None => return unsupported(format!("zero value of type {}", self.types.display(t))),
            },
        })
    }

    /// A value of type `t` whose scalars take their bits, in order, from
    /// `bits` (called with each scalar's position); pointers are null and
    /// tokens poison whatever `bits` says.
    pub fn filled(&self, t: Type, bits: &mut dyn FnMut(u64) -> u128) -> Result<Val> {
        let mut next = 0u64;
        self.filled_from(t, bits, &mut next)
    }

    fn filled_from(&self, t: Type, bits: &mut dyn FnMut(u64) -> u128, next: &mut u64) -> Result<Val> {
        let mut take = || {
            *next += 1;
            bits(*next - 1)
        };
        Ok(match self.types.get(t) {
            TypeData::Int(b) => Val::int(*b, take()),
            TypeData::Float(k) => Val::Float(float_of_bits(*k, take())?),
            TypeData::Ptr(_) => Val::Ptr(0),
            TypeData::Token => Val::Poison,
            _ => match self.elements(t) {
                Some(es) => Val::Agg(
                    es.iter().map(|(e, _)| self.filled_from(*e, bits, next)).collect::<Result<Vec<_>>>()?.into(),
                ),
                None => return unsupported(format!("value of type {}", self.types.display(t))),
            },
        })
    }

    /// Loads a value of type `t` from `addr`.
    pub fn load(&self, mem: &Memory, addr: u64, t: Type) -> Result<Val> {
        match self.types.get(t) {
            TypeData::Int(bits) => {
                if *bits > 128 {
                    return unsupported(format!("load of i{bits}"));
                }
                let (bytes, poison) = mem.read(addr, self.store_size(t))?;
                Ok(if poison { Val::Poison } else { Val::int(*bits, le_to_u128(bytes)) })
            }
            TypeData::Float(k) => {
                let (bytes, poison) = mem.read(addr, self.store_size(t))?;
                if poison { Ok(Val::Poison) } else { Ok(Val::Float(float_of_bits(*k, le_to_u128(bytes))?)) }
            }
            TypeData::Ptr(_) => {
                let (bytes, poison) = mem.read(addr, self.store_size(t))?;
                Ok(if poison { Val::Poison } else { Val::Ptr(le_to_u128(bytes) as u64) })
            }
            TypeData::Vector { elem: Type::I1, .. } => unsupported("load of a vector of i1 (bit-packed in memory)"),
            // A handle: a pointer in memory (see `crate::resources`).
            TypeData::TargetExt(_) if self.pointer_layout(t).is_some() => {
                self.load(mem, addr, self.pointer_layout(t).unwrap_or(t))
            }
            _ => match self.elements(t) {
                Some(es) => {
                    let vals = es.iter().map(|(e, off)| self.load(mem, addr + off, *e)).collect::<Result<Vec<_>>>()?;
                    Ok(Val::Agg(vals.into()))
                }
                None => unsupported(format!("load of type {}", self.types.display(t))),
            },
        }
    }

    /// Stores `v` of type `t` at `addr`.
    pub fn store(&self, mem: &mut Memory, addr: u64, t: Type, v: &Val) -> Result<()> {
        let size = self.store_size(t);
        match (self.types.get(t), v) {
            (TypeData::Vector { elem: Type::I1, .. }, _) => {
                unsupported("store of a vector of i1 (bit-packed in memory)")
            }
            (TypeData::TargetExt(_), _) if self.pointer_layout(t).is_some() => {
                self.store(mem, addr, self.pointer_layout(t).unwrap_or(t), v)
            }
            (TypeData::Int(_) | TypeData::Float(_) | TypeData::Ptr(_), Val::Poison) => {
                mem.write(addr, &vec![0; size as usize], true)
            }
            (TypeData::Int(_), Val::Int { v, .. }) => mem.write(addr, &u128_to_le(*v, size), false),
            (TypeData::Float(_), Val::Float(f)) => mem.write(addr, &u128_to_le(float_bits(*f), size), false),
            (TypeData::Ptr(_), Val::Ptr(a)) => {
                if size < 8 && *a >> (size * 8) != 0 {
                    return unsupported(format!(
                        "address {} does not fit a {}-byte pointer",
                        crate::memory::describe_addr(*a),
                        size
                    ));
                }
                mem.write(addr, &u128_to_le(u128::from(*a), size), false)
            }
            (_, Val::Agg(vals)) => {
                let Some(es) = self.elements(t) else {
                    return unsupported(format!("store of type {}", self.types.display(t)));
                };
                for ((e, off), val) in es.iter().zip(vals.iter()) {
                    self.store(mem, addr + off, *e, val)?;
                }
                Ok(())
            }
            (_, Val::Poison) => {
                let p = self.poison(t);
                if matches!(p, Val::Agg(_)) { self.store(mem, addr, t, &p) } else { Ok(()) }
            }
            _ => unsupported(format!("store of {v} as {}", self.types.display(t))),
        }
    }

    /// The runtime value of constant `c`; `globals` gives each global's address.
    pub fn constant(&self, c: &Const, globals: &FxHashMap<GlobalId, u64>) -> Result<Val> {
        let t = c.ty;
        Ok(match &c.kind {
            ConstKind::Int(v) => Val::int(self.int_bits(self.types.scalar(t)).unwrap_or(128), *v),
            ConstKind::WideInt(_) => return unsupported("integer constants wider than 128 bits".to_string()),
            ConstKind::Float(bits) => match self.types.get(t) {
                TypeData::Float(k) => Val::Float(float_of_bits(*k, *bits)?),
                _ => return unsupported(format!("float constant of type {}", self.types.display(t))),
            },
            ConstKind::Null => Val::Ptr(0),
            ConstKind::Undef | ConstKind::Poison => self.poison(t),
            ConstKind::Zero => self.zero(t)?,
            ConstKind::NoneToken => Val::Poison,
            ConstKind::Global(g) => match globals.get(g) {
                Some(a) => Val::Ptr(*a),
                None => {
                    return unsupported(format!(
                        "address of global #{} without storage",
                        opt_conv_ir::EntityRef::index(*g)
                    ));
                }
            },
            ConstKind::Aggregate(es) => {
                if self.is_aggregate_or_vector(t) && es.len() == 1 && self.types.num_elements(t) != Some(1) {
                    // `splat (x)`: one element standing for all.
                    let e = self.constant(&es[0], globals)?;
                    let n = self.types.num_elements(t).unwrap_or(1) as usize;
                    Val::Agg(vec![e; n].into())
                } else {
                    Val::Agg(es.iter().map(|e| self.constant(e, globals)).collect::<Result<Vec<_>>>()?.into())
                }
            }
            ConstKind::Bytes(b) => Val::Agg(b.iter().map(|&x| Val::int(8, u128::from(x))).collect::<Vec<_>>().into()),
            ConstKind::Expr(e) => self.const_expr(t, e, globals)?,
            // Block addresses only serve indirectbr, which the executor refuses.
            ConstKind::BlockAddress(..) => return unsupported("blockaddress constants".to_string()),
            ConstKind::DsoLocalEquivalent(_) | ConstKind::NoCfi(_) => {
                return unsupported("dso_local_equivalent and no_cfi constants".to_string());
            }
        })
    }

    fn const_expr(&self, t: Type, e: &ConstExpr, globals: &FxHashMap<GlobalId, u64>) -> Result<Val> {
        match e {
            ConstExpr::Cast(op, x) => {
                let v = self.constant(x, globals)?;
                crate::arith::cast(self, *op, Default::default(), &v, x.ty, t)
            }
            ConstExpr::Binary(op, flags, a, b) => {
                let (x, y) = (self.constant(a, globals)?, self.constant(b, globals)?);
                crate::arith::binary(self, *op, *flags, Default::default(), &x, &y, a.ty)
            }
            ConstExpr::ExtractElement(v, i) => match (self.constant(v, globals)?, i.as_int()) {
                (Val::Agg(es), Some(k)) if (k as usize) < es.len() => Ok(es[k as usize].clone()),
                _ => unsupported("extractelement constant with an index out of range".to_string()),
            },
            ConstExpr::Gep { source, flags, base, indices } => {
                let b = self.constant(base, globals)?;
                let idx = indices.iter().map(|i| Ok((self.constant(i, globals)?, i.ty))).collect::<Result<Vec<_>>>()?;
                crate::arith::gep(self, None, *source, *flags, &b, &idx)
            }
        }
    }
}

/// A float of format `k` from raw bits.
pub fn float_of_bits(k: FloatKind, bits: u128) -> Result<Float> {
    Ok(match k {
        FloatKind::Half => Float::Half(bits as u16),
        FloatKind::Float => Float::F32(bits as u32),
        FloatKind::Double => Float::F64(bits as u64),
        other => return unsupported(format!("floating-point type {}", other.keyword())),
    })
}

/// Raw bits of a float.
pub fn float_bits(f: Float) -> u128 {
    match f {
        Float::Half(h) => u128::from(h),
        Float::F32(b) => u128::from(b),
        Float::F64(b) => u128::from(b),
    }
}

fn le_to_u128(bytes: &[u8]) -> u128 {
    bytes.iter().take(16).rev().fold(0u128, |acc, &b| (acc << 8) | u128::from(b))
}

fn u128_to_le(v: u128, size: u64) -> Vec<u8> {
    (0..size).map(|i| if i < 16 { (v >> (8 * i)) as u8 } else { 0 }).collect()
}

/// Masks an integer to a type's width.
pub fn int_val(bits: u32, v: u128) -> Val {
    Val::Int { bits, v: mask(v, bits) }
}

/// `Rc` slice helper for aggregates.
pub fn agg(v: Vec<Val>) -> Val {
    Val::Agg(Rc::from(v))
}

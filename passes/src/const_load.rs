//! Reading constant globals: the byte offset a `getelementptr` with
//! constant indices adds, and the value a load at a constant offset into a
//! `constant` global's initializer reads. Used to fold such loads after
//! unrolling (as LLVM's InstSimplify does) and by the full-unroll cost
//! simulation.

use opt_conv_ir::constant::{Const, ConstExpr, ConstKind, sext};
use opt_conv_ir::datalayout::DataLayout;
use opt_conv_ir::module::GlobalVar;
use opt_conv_ir::types::TypeData;
use opt_conv_ir::{Function, InstKind, Module, Type, Value};

/// The byte offset of `getelementptr source, base, indices...` from `base`,
/// the indices given as (value, bit width). Only arrays, vectors and the
/// leading pointer step are walked: a struct index gives `None`.
pub fn gep_offset(m: &Module, dl: &DataLayout, source: Type, indices: &[(u128, u32)]) -> Option<i128> {
    let mut ty = source;
    let mut off: i128 = 0;
    for (k, &(v, bits)) in indices.iter().enumerate() {
        if k > 0 {
            ty = match m.types.get(ty) {
                TypeData::Array { elem, .. } => *elem,
                TypeData::Vector { elem, scalable: false, .. } => *elem,
                _ => return None,
            };
        }
        let stride = i128::from(dl.alloc_size(&m.types, ty));
        let idx = sext(v, bits);
        off = off.checked_add(idx.checked_mul(stride)?)?;
    }
    Some(off)
}

/// The global `g` names, if it is a `constant` variable whose initializer
/// is the one every execution sees (defined here, not interposable, not
/// externally initialized).
pub fn definitive_constant(m: &Module, g: opt_conv_ir::module::GlobalId) -> Option<&GlobalVar> {
    let v = m.var(g)?;
    let interposable = matches!(v.props.linkage.as_deref(), Some("weak" | "linkonce" | "extern_weak" | "common"));
    (v.is_constant && v.init.is_some() && !interposable && !v.externally_initialized).then_some(v)
}

/// The address `v` holds as a global plus a constant byte offset, looking
/// through `getelementptr`s with constant indices (instructions of `f` or
/// constant expressions).
pub fn global_offset(
    m: &Module,
    dl: &DataLayout,
    f: &Function,
    v: Value,
) -> Option<(opt_conv_ir::module::GlobalId, i128)> {
    let dfg = f.dfg();
    if let Some(c) = dfg.value_const(v) {
        return const_global_offset(m, dl, c);
    }
    let i = dfg.value_inst(v)?;
    let d = dfg.inst(i);
    let InstKind::Gep { source, .. } = d.kind else { return None };
    let idx: Option<Vec<(u128, u32)>> = d.args[1..]
        .iter()
        .map(|&a| Some((dfg.value_const(a).and_then(Const::as_int)?, m.types.int_bits(dfg.value_type(a))?)))
        .collect();
    let (g, base) = global_offset(m, dl, f, d.args[0])?;
    Some((g, base.checked_add(gep_offset(m, dl, source, &idx?)?)?))
}

fn const_global_offset(m: &Module, dl: &DataLayout, c: &Const) -> Option<(opt_conv_ir::module::GlobalId, i128)> {
    match &c.kind {
        ConstKind::Global(g) => Some((*g, 0)),
        ConstKind::Expr(e) => match &**e {
            ConstExpr::Gep { source, base, indices, .. } => {
                let idx: Option<Vec<(u128, u32)>> =
                    indices.iter().map(|x| Some((x.as_int()?, m.types.int_bits(x.ty)?))).collect();
                let (g, off) = const_global_offset(m, dl, base)?;
                Some((g, off.checked_add(gep_offset(m, dl, *source, &idx?)?)?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// What a load of `ty` at byte `off` of the initializer of the constant
/// global `g` reads, as LLVM folds it: the integer (or the raw bits of the
/// floating-point value) its bytes hold, or poison past the end. `None`
/// when that is not known here (a negative or very large offset, a load
/// straddling the end, an initializer holding addresses, undefined bytes,
/// structs or integers whose width is not a whole number of bytes).
pub fn load(m: &Module, dl: &DataLayout, g: opt_conv_ir::module::GlobalId, off: i128, ty: Type) -> Option<Loaded> {
    let v = definitive_constant(m, g)?;
    let c = v.init.as_ref()?;
    let size = dl.store_size(&m.types, ty);
    let bits = match m.types.get(ty) {
        TypeData::Int(b) => *b,
        TypeData::Float(k) => k.bits(),
        _ => return None,
    };
    // Types with bits beyond their width in memory (i1, i20) are not read:
    // what those bits hold is not specified.
    if u64::from(bits) != size * 8 {
        return None;
    }
    let total = i128::from(dl.alloc_size(&m.types, c.ty));
    // An offset this large may wrap in a narrow address space (where the
    // address would be in bounds again): not folded.
    if off >= 1 << 31 {
        return None;
    }
    if off >= total {
        return Some(Loaded::Poison);
    }
    let off = usize::try_from(off).ok()?;
    let size = usize::try_from(size).ok()?;
    if size > 16 || off.checked_add(size)? > usize::try_from(total).ok()? {
        return None;
    }
    let mut bytes = vec![0u8; usize::try_from(total).ok()?];
    write_bytes(m, dl, c, &mut bytes, 0)?;
    let window = &bytes[off..off + size];
    let mut x: u128 = 0;
    if dl.is_big_endian() {
        for &b in window {
            x = (x << 8) | u128::from(b);
        }
    } else {
        for &b in window.iter().rev() {
            x = (x << 8) | u128::from(b);
        }
    }
    Some(Loaded::Bits(opt_conv_ir::constant::mask(x, bits)))
}

/// What [`load`] reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    /// The bits of the loaded value.
    Bits(u128),
    /// Past the end of the global: poison.
    Poison,
}

/// Writes the bytes of `c` into `out` from `at`, as memory holds them.
fn write_bytes(m: &Module, dl: &DataLayout, c: &Const, out: &mut [u8], at: usize) -> Option<()> {
    let size = usize::try_from(dl.store_size(&m.types, c.ty)).ok()?;
    match &c.kind {
        ConstKind::Zero | ConstKind::Null => Some(()),
        ConstKind::Int(x) | ConstKind::Float(x) => {
            let bits = match m.types.get(c.ty) {
                TypeData::Int(b) => *b,
                TypeData::Float(k) => k.bits(),
                _ => return None,
            };
            if size > 16 || u64::from(bits) != size as u64 * 8 {
                return None;
            }
            for k in 0..size {
                let byte = (x >> (8 * k)) as u8;
                let pos = if dl.is_big_endian() { at + size - 1 - k } else { at + k };
                *out.get_mut(pos)? = byte;
            }
            Some(())
        }
        ConstKind::Bytes(bs) => {
            out.get_mut(at..at + bs.len())?.copy_from_slice(bs);
            Some(())
        }
        ConstKind::Aggregate(xs) => {
            let elem = match m.types.get(c.ty) {
                TypeData::Array { elem, .. } => *elem,
                TypeData::Vector { elem, scalable: false, .. } => *elem,
                _ => return None,
            };
            let stride = usize::try_from(dl.alloc_size(&m.types, elem)).ok()?;
            if matches!(m.types.get(c.ty), TypeData::Vector { .. })
                && u64::try_from(stride).ok()? * 8 != dl.size_in_bits(&m.types, elem)
            {
                // Vectors of sub-byte or padded elements pack differently.
                return None;
            }
            for (k, x) in xs.iter().enumerate() {
                write_bytes(m, dl, x, out, at + k * stride)?;
            }
            Some(())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Loaded, load};
    use opt_conv_ir::{Type, parse_module};

    const SRC: &str = "target datalayout = \"e-i64:64\"\n\
        @t = internal constant [3 x i32] [i32 258, i32 -1, i32 7]\n\
        @w = internal global [3 x i32] [i32 258, i32 -1, i32 7]\n\
        @z = internal constant [2 x i16] zeroinitializer\n\
        @b = internal constant [2 x i1] [i1 true, i1 false]\n\
        @s = internal constant [3 x i8] c\"ab\\00\"\n";

    fn read(name: &str, off: i128, ty: Type) -> Option<Loaded> {
        let (m, _) = parse_module("t.ll", SRC).unwrap_or_else(|e| panic!("{e}"));
        let g = m.lookup(name).unwrap();
        load(&m, &m.data_layout(), g, off, ty)
    }

    #[test]
    fn loads_read_the_initializer_bytes() {
        assert_eq!(read("t", 0, Type::I32), Some(Loaded::Bits(258)));
        assert_eq!(read("t", 8, Type::I32), Some(Loaded::Bits(7)));
        // Little-endian bytes, whatever the element type.
        assert_eq!(read("t", 0, Type::I8), Some(Loaded::Bits(2)));
        assert_eq!(read("t", 1, Type::I8), Some(Loaded::Bits(1)));
        assert_eq!(read("t", 2, Type::I32), Some(Loaded::Bits(0xffff_0000)));
        assert_eq!(read("z", 2, Type::I16), Some(Loaded::Bits(0)));
        assert_eq!(read("s", 1, Type::I8), Some(Loaded::Bits(u128::from(b'b'))));
    }

    #[test]
    fn what_is_not_known_is_not_read() {
        // Past the end: poison; straddling it, before the start, or far
        // enough to wrap: not folded.
        assert_eq!(read("t", 12, Type::I32), Some(Loaded::Poison));
        assert_eq!(read("t", 10, Type::I32), None);
        assert_eq!(read("t", -4, Type::I32), None);
        assert_eq!(read("t", 1 << 32, Type::I32), None);
        // A writable global; integers narrower than their bytes.
        assert_eq!(read("w", 0, Type::I32), None);
        assert_eq!(read("b", 0, Type::I1), None);
    }
}

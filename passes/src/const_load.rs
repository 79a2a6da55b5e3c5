//! Reading constant globals: the byte offset a `getelementptr` with
//! constant indices adds, and the value a load at a constant offset into a
//! `constant` global's initializer reads. Used to fold such loads after
//! unrolling (as LLVM's InstSimplify does) and by the full-unroll cost
//! simulation.

use opt_conv_ir::constant::{Const, ConstExpr, ConstKind, sext};
use opt_conv_ir::datalayout::DataLayout;
use opt_conv_ir::metadata::{MdBody, MdOperand};
use opt_conv_ir::module::GlobalVar;
use opt_conv_ir::types::{FloatKind, TypeData};
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
        // A step over a scalable vector (or anything holding one) is a
        // multiple of vscale, not known here.
        if has_scalable(m, ty) {
            return None;
        }
        let stride = i128::from(dl.alloc_size(&m.types, ty));
        let idx = sext(v, bits);
        off = off.checked_add(idx.checked_mul(stride)?)?;
    }
    Some(off)
}

/// Whether `ty` is or holds a scalable vector (its size is a multiple of
/// vscale).
fn has_scalable(m: &Module, ty: Type) -> bool {
    match m.types.get(ty) {
        TypeData::Vector { scalable, .. } => *scalable,
        TypeData::Array { elem, .. } => has_scalable(m, *elem),
        TypeData::Struct { fields, .. } | TypeData::Named { body: Some(fields), .. } => {
            fields.iter().any(|&t| has_scalable(m, t))
        }
        _ => false,
    }
}

/// Whether the bytes of a floating-point value of kind `k` are known here:
/// `fp128` and `ppc_fp128` constants keep their two 64-bit halves in the
/// order the IR writes them, not the order memory holds them, and the
/// layout of `x86_fp80` is only known little-endian.
fn float_bytes_known(dl: &DataLayout, k: FloatKind) -> bool {
    match k {
        FloatKind::Half | FloatKind::BFloat | FloatKind::Float | FloatKind::Double => true,
        FloatKind::X86Fp80 => !dl.is_big_endian(),
        FloatKind::Fp128 | FloatKind::PpcFp128 => false,
    }
}

/// The global `g` names, if it is a `constant` variable whose initializer
/// is the one every execution sees (defined here, not interposable, not
/// externally initialized).
pub fn definitive_constant(m: &Module, g: opt_conv_ir::module::GlobalId) -> Option<&GlobalVar> {
    let v = m.var(g)?;
    let linkage = v.props.linkage.as_deref();
    // As LLVM's `isInterposable`: by linkage, or, under semantic
    // interposition, any global not known to be the one this module binds
    // to (another library may provide its definition).
    let dso_local = v.props.preemption.as_deref() == Some("dso_local")
        || matches!(linkage, Some("internal" | "private"))
        || matches!(v.props.visibility.as_deref(), Some("hidden" | "protected"));
    let interposable = matches!(linkage, Some("weak" | "linkonce" | "extern_weak" | "common"))
        || (semantic_interposition(m) && !dso_local);
    (v.is_constant && v.init.is_some() && !interposable && !v.externally_initialized).then_some(v)
}

/// Whether the module flag `SemanticInterposition` is set.
fn semantic_interposition(m: &Module) -> bool {
    let Some(flags) = m.metadata.named.get("llvm.module.flags") else { return false };
    flags.iter().any(|&flag| match &m.metadata.nodes[flag].body {
        MdBody::Tuple(ops) if ops.len() == 3 => {
            matches!(&ops[1], MdOperand::Str(id) if **id == *b"SemanticInterposition")
                && matches!(&ops[2], MdOperand::Const(c) if c.as_int().is_some_and(|x| x != 0))
        }
        _ => false,
    })
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
        TypeData::Float(k) if float_bytes_known(dl, *k) => k.bits(),
        _ => return None,
    };
    // Types with bits beyond their width in memory (i1, i20) are not read:
    // what those bits hold is not specified.
    if u64::from(bits) != size * 8 {
        return None;
    }
    let total = i128::from(dl.alloc_size(&m.types, c.ty));
    // Addresses are computed in the index width of the global's address
    // space: an offset wraps there (in a 16-bit address space, 65540 is 4).
    let iw = dl.index_bits(v.props.addrspace);
    let off = if (1..128).contains(&iw) { sext(opt_conv_ir::constant::mask(off as u128, iw), iw) } else { off };
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
    let x = opt_conv_ir::constant::mask(x, bits);
    // An x86_fp80 whose explicit integer bit disagrees with its exponent
    // (pseudo-denormals, unnormals) is not one the processor keeps as is:
    // loading it gives another encoding (as LLVM's folding does). Not read.
    if matches!(m.types.get(ty), TypeData::Float(FloatKind::X86Fp80))
        && ((x >> 64) & 0x7fff != 0) != ((x >> 63) & 1 != 0)
    {
        return None;
    }
    Some(Loaded::Bits(x))
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
                TypeData::Float(k) if float_bytes_known(dl, *k) => k.bits(),
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
    use opt_conv_ir::types::{FloatKind, TypeData};
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
        load(&m, m.data_layout(), g, off, ty)
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

    fn read_in(src: &str, name: &str, off: i128, ty: Type) -> Option<Loaded> {
        let (m, _) = parse_module("t.ll", src).unwrap_or_else(|e| panic!("{e}"));
        let g = m.lookup(name).unwrap();
        load(&m, m.data_layout(), g, off, ty)
    }

    #[test]
    fn offsets_wrap_in_the_index_width() {
        let src = "target datalayout = \"e-p1:16:16-i64:64\"\n\
            @a = internal addrspace(1) constant [2 x i32] [i32 5, i32 6]\n";
        // 65536 + 4 is 4 in a 16-bit address space.
        assert_eq!(read_in(src, "a", 65540, Type::I32), Some(Loaded::Bits(6)));
        assert_eq!(read_in(src, "a", 65536 + 8, Type::I32), Some(Loaded::Poison));
    }

    #[test]
    fn fp128_bytes_are_not_read() {
        // 0xL writes the low 64-bit word first; memory holds it first too
        // (little-endian), so the digits are not the bytes in order.
        let src = "target datalayout = \"e-i64:64\"\n\
            @q = internal constant fp128 0xL00000000000000003FFF000000000000\n\
            @x = internal constant [2 x i64] [i64 0, i64 4611404543450677248]\n";
        assert_eq!(read_in(src, "q", 0, Type::I64), None);
        assert_eq!(read_in(src, "q", 8, Type::I64), None);
        let (mut m, _) = parse_module("t.ll", src).unwrap();
        let fp128 = m.types.intern(TypeData::Float(FloatKind::Fp128));
        assert_eq!(load(&m, m.data_layout(), m.lookup("x").unwrap(), 0, fp128), None);
    }

    #[test]
    fn semantic_interposition_hides_what_another_library_may_define() {
        let src = "target datalayout = \"e-i64:64\"\n\
            @e = constant [2 x i32] [i32 5, i32 6]\n\
            @l = dso_local constant [2 x i32] [i32 5, i32 6]\n\
            @h = hidden constant [2 x i32] [i32 5, i32 6]\n\
            @i = internal constant [2 x i32] [i32 5, i32 6]\n\
            !llvm.module.flags = !{!0}\n\
            !0 = !{i32 1, !\"SemanticInterposition\", i32 1}\n";
        assert_eq!(read_in(src, "e", 4, Type::I32), None);
        for g in ["l", "h", "i"] {
            assert_eq!(read_in(src, g, 4, Type::I32), Some(Loaded::Bits(6)), "@{g}");
        }
        // Without the flag, a definition here is the one every execution sees.
        assert_eq!(read("t", 4, Type::I32), Some(Loaded::Bits(u128::from(u32::MAX))));
    }

    #[test]
    fn x86_fp80_reads_only_canonical_encodings() {
        let src = "target datalayout = \"e-i64:64\"\n\
            @x = internal constant [2 x i64] [i64 -9223372036854775808, i64 16383]\n\
            @d = internal constant [2 x i64] [i64 -9223372036854775808, i64 0]\n\
            @u = internal constant [2 x i64] [i64 1, i64 16383]\n";
        let (mut m, _) = parse_module("t.ll", src).unwrap();
        let fp80 = m.types.intern(TypeData::Float(FloatKind::X86Fp80));
        let dl = m.data_layout();
        // 1.0; a pseudo-denormal (exponent 0, integer bit set); an unnormal.
        assert_eq!(load(&m, dl, m.lookup("x").unwrap(), 0, fp80), Some(Loaded::Bits(0x3fff_8000_0000_0000_0000)));
        assert_eq!(load(&m, dl, m.lookup("d").unwrap(), 0, fp80), None);
        assert_eq!(load(&m, dl, m.lookup("u").unwrap(), 0, fp80), None);
    }
}

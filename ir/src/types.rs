//! IR types, interned per module.
//!
//! A [`Type`] is a `u32` handle into the module's [`TypeTable`]. The common
//! scalar types are interned at fixed indices, so passes can name them as
//! constants (`Type::I32`, `Type::TOKEN`) without touching the table. Literal
//! types are uniqued structurally; identified structs (`%T = type {...}`) are
//! unique by name, as in LLVM.

use rustc_hash::FxHashMap;
use std::fmt::{self, Write};

/// A handle to an interned type. Equal handles mean equal types.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Type(u32);

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ty{}", self.0)
    }
}

/// Floating-point formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `half` (IEEE binary16).
    Half,
    /// `bfloat`.
    BFloat,
    /// `float` (IEEE binary32).
    Float,
    /// `double` (IEEE binary64).
    Double,
    /// `fp128`.
    Fp128,
    /// `x86_fp80`.
    X86Fp80,
    /// `ppc_fp128`.
    PpcFp128,
}

impl FloatKind {
    /// The keyword spelling.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::Fp128 => "fp128",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }
    /// Width of the format in bits.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }
}

/// The structure of a type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeData {
    /// `void`.
    Void,
    /// `iN`.
    Int(u32),
    /// A floating-point type.
    Float(FloatKind),
    /// `ptr` / `ptr addrspace(N)`.
    Ptr(u32),
    /// `label`.
    Label,
    /// `token`.
    Token,
    /// `metadata`.
    Metadata,
    /// `x86_amx`.
    X86Amx,
    /// `<N x T>` or `<vscale x N x T>`.
    Vector {
        /// Minimum element count.
        len: u32,
        /// Scalable (`vscale x`) vector.
        scalable: bool,
        /// Element type.
        elem: Type,
    },
    /// `[N x T]`.
    Array {
        /// Element count.
        len: u64,
        /// Element type.
        elem: Type,
    },
    /// A literal struct `{ T, ... }` or `<{ T, ... }>`.
    Struct {
        /// Field types.
        fields: Box<[Type]>,
        /// `<{ }>` packed layout.
        packed: bool,
    },
    /// An identified struct `%name`. Its body is set once it is defined.
    Named {
        /// Name without the `%`.
        name: Box<str>,
        /// `None` for `opaque` (or not yet defined while parsing).
        body: Option<Box<[Type]>>,
        /// Packed body.
        packed: bool,
    },
    /// A target extension type `target("name", T..., N...)`.
    TargetExt(Box<TargetExtData>),
    /// A function type `R (P, ...)`.
    Function {
        /// Return type.
        ret: Type,
        /// Parameter types.
        params: Box<[Type]>,
        /// Ends with `...`.
        varargs: bool,
    },
}

/// A target extension type: its parameters and what LLVM knows of it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TargetExtData {
    /// The name, e.g. `spirv.Image`.
    pub name: Box<str>,
    /// Type parameters.
    pub types: Box<[Type]>,
    /// Integer parameters.
    pub ints: Box<[u32]>,
    /// The type whose size and alignment it has in memory (`void`: none,
    /// it cannot be stored or allocated).
    pub layout: Type,
    /// `zeroinitializer` is a valid constant of it.
    pub has_zero_init: bool,
    /// Global variables may have it (or an aggregate holding it).
    pub can_be_global: bool,
    /// Allocas may have it (or an aggregate holding it).
    pub can_be_local: bool,
    /// It is restricted like `token`: no phis of it, and only intrinsics
    /// take or return it (LLVM's `IsTokenLike`; DirectX resources).
    pub token_like: bool,
    /// A vector may have it as element type.
    pub can_be_vector_elem: bool,
}

impl Type {
    /// `void`
    pub const VOID: Type = Type(0);
    /// `i1`
    pub const I1: Type = Type(1);
    /// `i8`
    pub const I8: Type = Type(2);
    /// `i16`
    pub const I16: Type = Type(3);
    /// `i32`
    pub const I32: Type = Type(4);
    /// `i64`
    pub const I64: Type = Type(5);
    /// `i128`
    pub const I128: Type = Type(6);
    /// `half`
    pub const HALF: Type = Type(7);
    /// `bfloat`
    pub const BFLOAT: Type = Type(8);
    /// `float`
    pub const FLOAT: Type = Type(9);
    /// `double`
    pub const DOUBLE: Type = Type(10);
    /// `ptr` (address space 0)
    pub const PTR: Type = Type(11);
    /// `label`
    pub const LABEL: Type = Type(12);
    /// `token`
    pub const TOKEN: Type = Type(13);
    /// `metadata`
    pub const METADATA: Type = Type(14);

    /// Raw index, for dense side tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

const PREINTERNED: [TypeData; 15] = [
    TypeData::Void,
    TypeData::Int(1),
    TypeData::Int(8),
    TypeData::Int(16),
    TypeData::Int(32),
    TypeData::Int(64),
    TypeData::Int(128),
    TypeData::Float(FloatKind::Half),
    TypeData::Float(FloatKind::BFloat),
    TypeData::Float(FloatKind::Float),
    TypeData::Float(FloatKind::Double),
    TypeData::Ptr(0),
    TypeData::Label,
    TypeData::Token,
    TypeData::Metadata,
];

/// Largest integer width LLVM accepts (`iN` with N below 2^23).
pub const MAX_INT_BITS: u32 = (1 << 23) - 1;

/// The module's type table.
#[derive(Clone, Debug)]
pub struct TypeTable {
    data: Vec<TypeData>,
    /// Literal (structural) types, for uniquing. Never iterated.
    literal: FxHashMap<TypeData, Type>,
    /// Identified structs by name, in definition order (the printer emits them in this order).
    named: indexmap::IndexMap<Box<str>, Type>,
}

impl Default for TypeTable {
    fn default() -> Self {
        Self::new()
    }
}

impl TypeTable {
    /// A table holding the preinterned scalar types.
    pub fn new() -> Self {
        let mut t = TypeTable { data: Vec::new(), literal: FxHashMap::default(), named: Default::default() };
        for d in PREINTERNED {
            t.intern(d);
        }
        t
    }

    /// Interns a literal type (anything but [`TypeData::Named`]).
    pub fn intern(&mut self, d: TypeData) -> Type {
        debug_assert!(!matches!(d, TypeData::Named { .. }));
        if let Some(&t) = self.literal.get(&d) {
            return t;
        }
        let t = Type(self.data.len() as u32);
        self.data.push(d.clone());
        self.literal.insert(d, t);
        t
    }

    /// The interned literal type `d`, if some earlier call interned it (a
    /// lookup for code that may not add types).
    pub fn find(&self, d: &TypeData) -> Option<Type> {
        self.literal.get(d).copied()
    }

    /// Every type in the table, in the order they were added.
    pub fn all(&self) -> impl Iterator<Item = Type> + '_ {
        (0..self.data.len() as u32).map(Type)
    }

    /// The structure of `t`.
    #[inline]
    pub fn get(&self, t: Type) -> &TypeData {
        &self.data[t.0 as usize]
    }

    /// `iN`.
    pub fn int(&mut self, bits: u32) -> Type {
        self.intern(TypeData::Int(bits))
    }
    /// `ptr addrspace(N)`.
    pub fn ptr(&mut self, addrspace: u32) -> Type {
        self.intern(TypeData::Ptr(addrspace))
    }
    /// A function type.
    pub fn function(&mut self, ret: Type, params: Vec<Type>, varargs: bool) -> Type {
        self.intern(TypeData::Function { ret, params: params.into(), varargs })
    }

    /// `target("name", types..., ints...)`, with the layout and properties
    /// LLVM 22 gives the names it knows (any other name has none: it is an
    /// opaque, unsized value type).
    pub fn target_ext(&mut self, name: &str, types: Vec<Type>, ints: Vec<u32>) -> Type {
        let ptr = Type::PTR;
        // Properties: zero init, global, local, token-like, vector element.
        const Z: u8 = 1;
        const G: u8 = 2;
        const L: u8 = 4;
        const T: u8 = 8;
        const V: u8 = 16;
        let padding = |tt: &mut Self| {
            tt.intern(TypeData::Array { len: u64::from(ints.first().copied().unwrap_or(0)), elem: Type::I8 })
        };
        let (layout, props) = match name {
            "spirv.Image" | "spirv.SignedImage" => (ptr, G | L),
            "spirv.Type" => {
                let (size, align) = (ints.get(1).copied().unwrap_or(0), ints.get(2).copied().unwrap_or(0));
                let layout = if size > 0 && align > 0 {
                    let elem = self.int(align);
                    self.intern(TypeData::Array { len: u64::from(size) * 8 / u64::from(align), elem })
                } else {
                    Type::I32
                };
                (layout, G | L)
            }
            // Operands of other SPIR-V types, never values.
            "spirv.IntegralConstant" | "spirv.Literal" => (Type::VOID, 0),
            "spirv.Padding" | "dx.Padding" => (padding(self), G),
            _ if name.starts_with("spirv.") => (ptr, Z | G | L),
            "aarch64.svcount" => (self.intern(TypeData::Vector { len: 16, scalable: true, elem: Type::I1 }), Z | L),
            "riscv.vector.tuple" => {
                let min = match types.first().map(|&t| self.get(t)) {
                    Some(TypeData::Vector { len, .. }) => *len,
                    _ => 0,
                };
                let len = min.max(8).saturating_mul(ints.first().copied().unwrap_or(1));
                (self.intern(TypeData::Vector { len, scalable: true, elem: Type::I8 }), Z | L)
            }
            _ if name.starts_with("dx.") => (ptr, G | L | T),
            "amdgcn.named.barrier" => (self.intern(TypeData::Vector { len: 4, scalable: false, elem: Type::I32 }), G),
            // LLVM's stand-in for a target type that vectors may hold.
            "llvm.test.vectorelement" => (Type::I32, L | V),
            _ => (Type::VOID, 0),
        };
        let data = TargetExtData {
            name: name.into(),
            types: types.into(),
            ints: ints.into(),
            layout,
            has_zero_init: props & Z != 0,
            can_be_global: props & G != 0,
            can_be_local: props & L != 0,
            token_like: props & T != 0,
            can_be_vector_elem: props & V != 0,
        };
        self.intern(TypeData::TargetExt(Box::new(data)))
    }

    /// `token`, or a target extension type restricted like it: a value
    /// that no phi may merge (so a block defining one that is used
    /// elsewhere cannot be copied) and only intrinsics take or return.
    pub fn is_token_like(&self, t: Type) -> bool {
        t == Type::TOKEN || matches!(self.get(t), TypeData::TargetExt(d) if d.token_like)
    }

    /// The layout type of a target extension type (`t` itself otherwise).
    pub fn layout_type(&self, t: Type) -> Type {
        match self.get(t) {
            TypeData::TargetExt(d) => d.layout,
            _ => t,
        }
    }

    /// The identified struct `name`, creating an opaque one if unknown.
    pub fn named_struct(&mut self, name: &str) -> Type {
        if let Some(&t) = self.named.get(name) {
            return t;
        }
        let t = Type(self.data.len() as u32);
        self.data.push(TypeData::Named { name: name.into(), body: None, packed: false });
        self.named.insert(name.into(), t);
        t
    }

    /// Numbers the unnamed identified structs 0, 1, ... in the order of
    /// `used` (the order the printer lists them), as LLVM prints them.
    pub fn renumber_unnamed(&mut self, used: &[Type]) {
        let unnamed: Vec<Type> = used
            .iter()
            .copied()
            .filter(|&t| matches!(self.get(t), TypeData::Named { name, .. } if crate::text::names::numbered(name).is_some()))
            .collect();
        self.named.retain(|k, _| crate::text::names::numbered(k).is_none());
        for (k, &t) in unnamed.iter().enumerate() {
            let new: Box<str> = format!("\0{k}").into();
            if let TypeData::Named { name, .. } = &mut self.data[t.0 as usize] {
                *name = new.clone();
            }
            self.named.insert(new, t);
        }
    }

    /// Looks up an identified struct by name.
    pub fn lookup_named(&self, name: &str) -> Option<Type> {
        self.named.get(name).copied()
    }

    /// Sets the body of identified struct `t`.
    pub fn set_struct_body(&mut self, t: Type, fields: Vec<Type>, packed: bool) {
        if let TypeData::Named { body, packed: p, .. } = &mut self.data[t.0 as usize] {
            *body = Some(fields.into());
            *p = packed;
        }
    }

    /// Identified structs in definition order.
    pub fn named_structs(&self) -> impl Iterator<Item = Type> + '_ {
        self.named.values().copied()
    }

    /// Whether `t` is `iN`; returns N.
    pub fn int_bits(&self, t: Type) -> Option<u32> {
        match self.get(t) {
            TypeData::Int(b) => Some(*b),
            _ => None,
        }
    }
    /// Whether `t` is an integer type.
    pub fn is_int(&self, t: Type) -> bool {
        matches!(self.get(t), TypeData::Int(_))
    }
    /// Whether `t` is a floating-point type.
    pub fn is_float(&self, t: Type) -> bool {
        matches!(self.get(t), TypeData::Float(_))
    }
    /// Whether `t` is a pointer type.
    pub fn is_ptr(&self, t: Type) -> bool {
        matches!(self.get(t), TypeData::Ptr(_))
    }
    /// The float format of `t`, if it is one.
    pub fn float_kind(&self, t: Type) -> Option<FloatKind> {
        match self.get(t) {
            TypeData::Float(k) => Some(*k),
            _ => None,
        }
    }
    /// Element type of a vector, or `t` itself for scalars.
    pub fn scalar(&self, t: Type) -> Type {
        match self.get(t) {
            TypeData::Vector { elem, .. } => *elem,
            _ => t,
        }
    }
    /// Whether `t` is a vector type.
    pub fn is_vector(&self, t: Type) -> bool {
        matches!(self.get(t), TypeData::Vector { .. })
    }
    /// Whether `t` is a first-class type that a value may have.
    pub fn is_first_class(&self, t: Type) -> bool {
        !matches!(self.get(t), TypeData::Void | TypeData::Function { .. } | TypeData::Label)
    }
    /// Whether `t` is an aggregate (array or struct).
    pub fn is_aggregate(&self, t: Type) -> bool {
        matches!(self.get(t), TypeData::Array { .. } | TypeData::Struct { .. } | TypeData::Named { .. })
    }
    /// Whether `t` is sized (can be stored, allocated and indexed into).
    pub fn is_sized(&self, t: Type) -> bool {
        self.is_sized_rec(t, 0)
    }
    fn is_sized_rec(&self, t: Type, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match self.get(t) {
            TypeData::Int(_) | TypeData::Float(_) | TypeData::Ptr(_) | TypeData::X86Amx => true,
            TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => self.is_sized_rec(*elem, depth + 1),
            TypeData::Struct { fields, .. } => self.is_struct_sized(fields, depth),
            TypeData::Named { body, .. } => body.as_ref().is_some_and(|b| self.is_struct_sized(b, depth)),
            TypeData::TargetExt(d) => self.is_sized_rec(d.layout, depth + 1),
            _ => false,
        }
    }

    /// A struct holding something scalable is sized only when all its
    /// fields are one scalable vector type (as in LLVM 22).
    fn is_struct_sized(&self, fields: &[Type], depth: u32) -> bool {
        if fields.iter().any(|&f| self.is_scalable(f)) {
            return matches!(self.get(fields[0]), TypeData::Vector { scalable: true, .. })
                && fields.iter().all(|&f| f == fields[0]);
        }
        fields.iter().all(|&f| self.is_sized_rec(f, depth + 1))
    }

    /// Whether `t` is or holds (in arrays and structs, or as the layout of
    /// a target extension type) a scalable vector: its size is a multiple
    /// of `vscale`, unknown until run time.
    pub fn is_scalable(&self, t: Type) -> bool {
        self.is_scalable_rec(t, 0)
    }
    fn is_scalable_rec(&self, t: Type, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match self.get(t) {
            TypeData::Vector { scalable, .. } => *scalable,
            TypeData::Array { elem, .. } => self.is_scalable_rec(*elem, depth + 1),
            TypeData::Struct { fields, .. } => fields.iter().any(|&f| self.is_scalable_rec(f, depth + 1)),
            TypeData::Named { body: Some(b), .. } => b.iter().any(|&f| self.is_scalable_rec(f, depth + 1)),
            TypeData::TargetExt(d) => self.is_scalable_rec(d.layout, depth + 1),
            _ => false,
        }
    }

    /// Whether `t` is or holds (in arrays and structs; not vectors) a target
    /// extension type for which `pred` holds.
    pub fn contains_target_ext(&self, t: Type, pred: impl Fn(&TargetExtData) -> bool + Copy) -> bool {
        self.contains_target_ext_rec(t, pred, 0)
    }
    fn contains_target_ext_rec(&self, t: Type, pred: impl Fn(&TargetExtData) -> bool + Copy, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match self.get(t) {
            TypeData::Array { elem, .. } => self.contains_target_ext_rec(*elem, pred, depth + 1),
            TypeData::Struct { fields, .. } => fields.iter().any(|&f| self.contains_target_ext_rec(f, pred, depth + 1)),
            TypeData::Named { body: Some(b), .. } => {
                b.iter().any(|&f| self.contains_target_ext_rec(f, pred, depth + 1))
            }
            TypeData::TargetExt(d) => pred(d),
            _ => false,
        }
    }

    /// The type reached by indexing `t` with `idx` (struct field / array or
    /// vector element), as extractvalue and GEP do.
    pub fn element(&self, t: Type, idx: u64) -> Option<Type> {
        match self.get(t) {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
            TypeData::Struct { fields, .. } => fields.get(idx as usize).copied(),
            TypeData::Named { body: Some(b), .. } => b.get(idx as usize).copied(),
            _ => None,
        }
    }

    /// Number of elements of an aggregate or vector.
    pub fn num_elements(&self, t: Type) -> Option<u64> {
        match self.get(t) {
            TypeData::Array { len, .. } => Some(*len),
            TypeData::Vector { len, .. } => Some(u64::from(*len)),
            TypeData::Struct { fields, .. } => Some(fields.len() as u64),
            TypeData::Named { body: Some(b), .. } => Some(b.len() as u64),
            _ => None,
        }
    }

    /// `(ret, params, varargs)` of a function type.
    pub fn fn_sig(&self, t: Type) -> Option<(Type, &[Type], bool)> {
        match self.get(t) {
            TypeData::Function { ret, params, varargs } => Some((*ret, params, *varargs)),
            _ => None,
        }
    }

    /// Same shape as `t` but with scalar `elem` (`<4 x i32>` + `i1` gives `<4 x i1>`).
    pub fn with_scalar(&mut self, t: Type, elem: Type) -> Type {
        match self.get(t).clone() {
            TypeData::Vector { len, scalable, .. } => self.intern(TypeData::Vector { len, scalable, elem }),
            _ => elem,
        }
    }

    /// The LLVM spelling of `t`.
    pub fn display(&self, t: Type) -> String {
        let mut s = String::new();
        self.write(&mut s, t).expect("writing to a String cannot fail");
        s
    }

    /// Writes the LLVM spelling of `t`.
    pub fn write(&self, out: &mut impl Write, t: Type) -> fmt::Result {
        match self.get(t) {
            TypeData::Void => out.write_str("void"),
            TypeData::Int(b) => write!(out, "i{b}"),
            TypeData::Float(k) => out.write_str(k.keyword()),
            TypeData::Ptr(0) => out.write_str("ptr"),
            TypeData::Ptr(a) => write!(out, "ptr addrspace({a})"),
            TypeData::Label => out.write_str("label"),
            TypeData::Token => out.write_str("token"),
            TypeData::Metadata => out.write_str("metadata"),
            TypeData::X86Amx => out.write_str("x86_amx"),
            TypeData::Vector { len, scalable, elem } => {
                out.write_str("<")?;
                if *scalable {
                    out.write_str("vscale x ")?;
                }
                write!(out, "{len} x ")?;
                self.write(out, *elem)?;
                out.write_str(">")
            }
            TypeData::Array { len, elem } => {
                write!(out, "[{len} x ")?;
                self.write(out, *elem)?;
                out.write_str("]")
            }
            TypeData::Struct { fields, packed } => self.write_struct_body(out, fields, *packed),
            TypeData::Named { name, .. } => {
                out.write_str("%")?;
                crate::text::names::write_ident(out, name)
            }
            TypeData::TargetExt(d) => {
                out.write_str("target(")?;
                crate::text::names::write_quoted(out, d.name.as_bytes())?;
                for t in &d.types {
                    out.write_str(", ")?;
                    self.write(out, *t)?;
                }
                for n in &d.ints {
                    write!(out, ", {n}")?;
                }
                out.write_str(")")
            }
            TypeData::Function { ret, params, varargs } => {
                self.write(out, *ret)?;
                out.write_str(" (")?;
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.write_str(", ")?;
                    }
                    self.write(out, *p)?;
                }
                if *varargs {
                    if !params.is_empty() {
                        out.write_str(", ")?;
                    }
                    out.write_str("...")?;
                }
                out.write_str(")")
            }
        }
    }

    /// Writes `{ a, b }` / `<{ a, b }>` / `{}`.
    pub fn write_struct_body(&self, out: &mut impl Write, fields: &[Type], packed: bool) -> fmt::Result {
        if packed {
            out.write_str("<")?;
        }
        if fields.is_empty() {
            out.write_str("{}")?;
        } else {
            out.write_str("{ ")?;
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                self.write(out, *f)?;
            }
            out.write_str(" }")?;
        }
        if packed {
            out.write_str(">")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preinterned_are_stable() {
        let mut t = TypeTable::new();
        assert_eq!(t.int(32), Type::I32);
        assert_eq!(t.ptr(0), Type::PTR);
        assert_eq!(t.display(Type::TOKEN), "token");
        let v = t.intern(TypeData::Vector { len: 4, scalable: false, elem: Type::FLOAT });
        assert_eq!(t.display(v), "<4 x float>");
        let s = t.intern(TypeData::Struct { fields: vec![Type::I32, Type::I1].into(), packed: false });
        assert_eq!(t.display(s), "{ i32, i1 }");
        let f = t.function(Type::VOID, vec![Type::PTR], true);
        assert_eq!(t.display(f), "void (ptr, ...)");
        let img = t.target_ext("spirv.Image", vec![Type::VOID, Type::VOID], vec![1, 0]);
        assert_eq!(t.display(img), "target(\"spirv.Image\", void, void, 1, 0)");
        assert!(t.is_sized(img) && t.is_first_class(img));
        assert_eq!(t.target_ext("spirv.Image", vec![Type::VOID, Type::VOID], vec![1, 0]), img);
        let opaque = t.target_ext("my.opaque", vec![], vec![]);
        assert_eq!(t.display(opaque), "target(\"my.opaque\")");
        assert!(!t.is_sized(opaque));
        assert_eq!(t.intern(TypeData::Vector { len: 4, scalable: false, elem: Type::FLOAT }), v);
    }
}

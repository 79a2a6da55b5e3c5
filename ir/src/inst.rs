//! Instructions.
//!
//! Every instruction stores its value operands uniformly in `args` and its
//! block operands in `blocks`, so generic code (use lists, cloning, value
//! replacement) never needs to know the opcode. What an operand position
//! means is documented on each [`InstKind`] variant.

use crate::attrs::AttrSet;
use crate::entity::PackedOption;
use crate::types::Type;
use crate::{Block, Value};
use smallvec::SmallVec;

/// Integer binary operators and their floating-point counterparts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the names are the LLVM opcodes")]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

impl BinOp {
    /// All operators, for keyword lookup.
    pub const ALL: [BinOp; 18] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::UDiv,
        BinOp::SDiv,
        BinOp::URem,
        BinOp::SRem,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::FAdd,
        BinOp::FSub,
        BinOp::FMul,
        BinOp::FDiv,
        BinOp::FRem,
    ];
    /// The opcode keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::UDiv => "udiv",
            BinOp::SDiv => "sdiv",
            BinOp::URem => "urem",
            BinOp::SRem => "srem",
            BinOp::Shl => "shl",
            BinOp::LShr => "lshr",
            BinOp::AShr => "ashr",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::FAdd => "fadd",
            BinOp::FSub => "fsub",
            BinOp::FMul => "fmul",
            BinOp::FDiv => "fdiv",
            BinOp::FRem => "frem",
        }
    }
    /// Whether it operates on floating-point values.
    pub fn is_float(self) -> bool {
        matches!(self, BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem)
    }
    /// Whether `a op b == b op a`.
    pub fn is_commutative(self) -> bool {
        matches!(self, BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor | BinOp::FAdd | BinOp::FMul)
    }
    /// Whether it may trap (division by zero).
    pub fn may_trap(self) -> bool {
        matches!(self, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem)
    }
    /// Which [`IntFlags`] the operator accepts.
    pub fn allowed_flags(self) -> IntFlags {
        match self {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => IntFlags::NUW.union(IntFlags::NSW),
            BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr => IntFlags::EXACT,
            BinOp::Or => IntFlags::DISJOINT,
            _ => IntFlags::NONE,
        }
    }
}

/// Cast operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the names are the LLVM opcodes")]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FPTrunc,
    FPExt,
    FPToUI,
    FPToSI,
    UIToFP,
    SIToFP,
    PtrToInt,
    PtrToAddr,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

impl CastOp {
    /// All operators, for keyword lookup.
    pub const ALL: [CastOp; 14] = [
        CastOp::Trunc,
        CastOp::ZExt,
        CastOp::SExt,
        CastOp::FPTrunc,
        CastOp::FPExt,
        CastOp::FPToUI,
        CastOp::FPToSI,
        CastOp::UIToFP,
        CastOp::SIToFP,
        CastOp::PtrToInt,
        CastOp::PtrToAddr,
        CastOp::IntToPtr,
        CastOp::BitCast,
        CastOp::AddrSpaceCast,
    ];
    /// The opcode keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            CastOp::Trunc => "trunc",
            CastOp::ZExt => "zext",
            CastOp::SExt => "sext",
            CastOp::FPTrunc => "fptrunc",
            CastOp::FPExt => "fpext",
            CastOp::FPToUI => "fptoui",
            CastOp::FPToSI => "fptosi",
            CastOp::UIToFP => "uitofp",
            CastOp::SIToFP => "sitofp",
            CastOp::PtrToInt => "ptrtoint",
            CastOp::PtrToAddr => "ptrtoaddr",
            CastOp::IntToPtr => "inttoptr",
            CastOp::BitCast => "bitcast",
            CastOp::AddrSpaceCast => "addrspacecast",
        }
    }
}

/// `icmp` predicates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the names are the LLVM predicates")]
pub enum IntPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

impl IntPred {
    /// Whether `x pred y` holds for two `bits`-wide integers given by their
    /// low `bits` bits (the constant folder's and the trip count's rule).
    pub fn holds(self, x: u128, y: u128, bits: u32) -> bool {
        use crate::constant::sext;
        let (sx, sy) = (sext(x, bits), sext(y, bits));
        match self {
            IntPred::Eq => x == y,
            IntPred::Ne => x != y,
            IntPred::Ugt => x > y,
            IntPred::Uge => x >= y,
            IntPred::Ult => x < y,
            IntPred::Ule => x <= y,
            IntPred::Sgt => sx > sy,
            IntPred::Sge => sx >= sy,
            IntPred::Slt => sx < sy,
            IntPred::Sle => sx <= sy,
        }
    }

    /// All predicates.
    pub const ALL: [IntPred; 10] = [
        IntPred::Eq,
        IntPred::Ne,
        IntPred::Ugt,
        IntPred::Uge,
        IntPred::Ult,
        IntPred::Ule,
        IntPred::Sgt,
        IntPred::Sge,
        IntPred::Slt,
        IntPred::Sle,
    ];
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            IntPred::Eq => "eq",
            IntPred::Ne => "ne",
            IntPred::Ugt => "ugt",
            IntPred::Uge => "uge",
            IntPred::Ult => "ult",
            IntPred::Ule => "ule",
            IntPred::Sgt => "sgt",
            IntPred::Sge => "sge",
            IntPred::Slt => "slt",
            IntPred::Sle => "sle",
        }
    }
    /// The predicate with operands swapped (`a < b` is `b > a`).
    pub fn swapped(self) -> IntPred {
        match self {
            IntPred::Ugt => IntPred::Ult,
            IntPred::Uge => IntPred::Ule,
            IntPred::Ult => IntPred::Ugt,
            IntPred::Ule => IntPred::Uge,
            IntPred::Sgt => IntPred::Slt,
            IntPred::Sge => IntPred::Sle,
            IntPred::Slt => IntPred::Sgt,
            IntPred::Sle => IntPred::Sge,
            p => p,
        }
    }
    /// The logical negation (`!(a < b)` is `a >= b`).
    pub fn inverse(self) -> IntPred {
        match self {
            IntPred::Eq => IntPred::Ne,
            IntPred::Ne => IntPred::Eq,
            IntPred::Ugt => IntPred::Ule,
            IntPred::Uge => IntPred::Ult,
            IntPred::Ult => IntPred::Uge,
            IntPred::Ule => IntPred::Ugt,
            IntPred::Sgt => IntPred::Sle,
            IntPred::Sge => IntPred::Slt,
            IntPred::Slt => IntPred::Sge,
            IntPred::Sle => IntPred::Sgt,
        }
    }
    /// Whether it compares as signed integers.
    pub fn is_signed(self) -> bool {
        matches!(self, IntPred::Sgt | IntPred::Sge | IntPred::Slt | IntPred::Sle)
    }
}

/// `fcmp` predicates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the names are the LLVM predicates")]
pub enum FloatPred {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

impl FloatPred {
    /// All predicates.
    pub const ALL: [FloatPred; 16] = [
        FloatPred::False,
        FloatPred::Oeq,
        FloatPred::Ogt,
        FloatPred::Oge,
        FloatPred::Olt,
        FloatPred::Ole,
        FloatPred::One,
        FloatPred::Ord,
        FloatPred::Ueq,
        FloatPred::Ugt,
        FloatPred::Uge,
        FloatPred::Ult,
        FloatPred::Ule,
        FloatPred::Une,
        FloatPred::Uno,
        FloatPred::True,
    ];
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatPred::False => "false",
            FloatPred::Oeq => "oeq",
            FloatPred::Ogt => "ogt",
            FloatPred::Oge => "oge",
            FloatPred::Olt => "olt",
            FloatPred::Ole => "ole",
            FloatPred::One => "one",
            FloatPred::Ord => "ord",
            FloatPred::Ueq => "ueq",
            FloatPred::Ugt => "ugt",
            FloatPred::Uge => "uge",
            FloatPred::Ult => "ult",
            FloatPred::Ule => "ule",
            FloatPred::Une => "une",
            FloatPred::Uno => "uno",
            FloatPred::True => "true",
        }
    }
}

macro_rules! flag_set {
    ($(#[$m:meta])* $name:ident : $repr:ty { $($(#[$fm:meta])* $flag:ident = $bit:expr, $kw:expr;)* }) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub $repr);
        impl $name {
            /// No flags.
            pub const NONE: $name = $name(0);
            $($(#[$fm])* pub const $flag: $name = $name($bit);)*
            /// Every flag with its keyword, in printing order.
            pub const KEYWORDS: &'static [($name, &'static str)] = &[$(($name::$flag, $kw)),*];
            /// Whether all flags of `other` are set.
            pub const fn contains(self, other: $name) -> bool { self.0 & other.0 == other.0 }
            /// Union.
            pub const fn union(self, other: $name) -> $name { $name(self.0 | other.0) }
            /// Intersection.
            pub const fn intersect(self, other: $name) -> $name { $name(self.0 & other.0) }
            /// The flags of `self` not in `other`.
            pub const fn without(self, other: $name) -> $name { $name(self.0 & !other.0) }
            /// True if no flag is set.
            pub const fn is_empty(self) -> bool { self.0 == 0 }
        }
    };
}

flag_set! {
    /// Poison-generating and hint flags of integer operations.
    IntFlags: u8 {
        /// `nuw`
        NUW = 1, "nuw";
        /// `nsw`
        NSW = 2, "nsw";
        /// `exact`
        EXACT = 4, "exact";
        /// `disjoint` (or)
        DISJOINT = 8, "disjoint";
        /// `nneg` (zext, uitofp)
        NNEG = 16, "nneg";
        /// `samesign` (icmp)
        SAMESIGN = 32, "samesign";
    }
}

flag_set! {
    /// Fast-math flags.
    FastMath: u8 {
        /// `reassoc`
        REASSOC = 1, "reassoc";
        /// `nnan`
        NNAN = 2, "nnan";
        /// `ninf`
        NINF = 4, "ninf";
        /// `nsz`
        NSZ = 8, "nsz";
        /// `arcp`
        ARCP = 16, "arcp";
        /// `contract`
        CONTRACT = 32, "contract";
        /// `afn`
        AFN = 64, "afn";
    }
}

impl FastMath {
    /// `fast`: every flag.
    pub const FAST: FastMath = FastMath(127);
}

flag_set! {
    /// `getelementptr` flags.
    GepFlags: u8 {
        /// `inbounds`
        INBOUNDS = 1, "inbounds";
        /// `nusw`
        NUSW = 2, "nusw";
        /// `nuw`
        NUW = 4, "nuw";
    }
}

/// Atomic orderings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs, reason = "the names are the LLVM orderings")]
pub enum Ordering {
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Ordering {
    /// All orderings.
    pub const ALL: [Ordering; 6] = [
        Ordering::Unordered,
        Ordering::Monotonic,
        Ordering::Acquire,
        Ordering::Release,
        Ordering::AcqRel,
        Ordering::SeqCst,
    ];
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Ordering::Unordered => "unordered",
            Ordering::Monotonic => "monotonic",
            Ordering::Acquire => "acquire",
            Ordering::Release => "release",
            Ordering::AcqRel => "acq_rel",
            Ordering::SeqCst => "seq_cst",
        }
    }
}

/// Ordering plus an optional `syncscope("...")`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Atomic {
    /// The ordering.
    pub ordering: Ordering,
    /// The sync scope name; `None` is the system scope.
    pub scope: Option<Box<str>>,
}

/// `atomicrmw` operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the names are the LLVM operations")]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    FMaximum,
    FMinimum,
    UIncWrap,
    UDecWrap,
    USubCond,
    USubSat,
}

impl RmwOp {
    /// All operations.
    pub const ALL: [RmwOp; 21] = [
        RmwOp::Xchg,
        RmwOp::Add,
        RmwOp::Sub,
        RmwOp::And,
        RmwOp::Nand,
        RmwOp::Or,
        RmwOp::Xor,
        RmwOp::Max,
        RmwOp::Min,
        RmwOp::UMax,
        RmwOp::UMin,
        RmwOp::FAdd,
        RmwOp::FSub,
        RmwOp::FMax,
        RmwOp::FMin,
        RmwOp::FMaximum,
        RmwOp::FMinimum,
        RmwOp::UIncWrap,
        RmwOp::UDecWrap,
        RmwOp::USubCond,
        RmwOp::USubSat,
    ];
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            RmwOp::Xchg => "xchg",
            RmwOp::Add => "add",
            RmwOp::Sub => "sub",
            RmwOp::And => "and",
            RmwOp::Nand => "nand",
            RmwOp::Or => "or",
            RmwOp::Xor => "xor",
            RmwOp::Max => "max",
            RmwOp::Min => "min",
            RmwOp::UMax => "umax",
            RmwOp::UMin => "umin",
            RmwOp::FAdd => "fadd",
            RmwOp::FSub => "fsub",
            RmwOp::FMax => "fmax",
            RmwOp::FMin => "fmin",
            RmwOp::FMaximum => "fmaximum",
            RmwOp::FMinimum => "fminimum",
            RmwOp::UIncWrap => "uinc_wrap",
            RmwOp::UDecWrap => "udec_wrap",
            RmwOp::USubCond => "usub_cond",
            RmwOp::USubSat => "usub_sat",
        }
    }
}

/// An alignment in bytes (a power of two up to 2^32), stored as its
/// logarithm in one byte so that `Option<Align>` costs a single byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Align(u8);

impl Align {
    /// The alignment of `bytes`, if it is a power of two no larger than 2^32.
    pub const fn new(bytes: u64) -> Option<Align> {
        if bytes.is_power_of_two() && bytes <= 1 << 32 { Some(Align(bytes.trailing_zeros() as u8)) } else { None }
    }
    /// The alignment in bytes.
    pub fn bytes(self) -> u64 {
        1 << self.0
    }
}

impl std::fmt::Display for Align {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.bytes())
    }
}

/// `tail`, `musttail`, `notail` markers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TailKind {
    /// No marker.
    #[default]
    None,
    /// `tail`
    Tail,
    /// `musttail`
    MustTail,
    /// `notail`
    NoTail,
}

/// A calling convention keyword; `None` is the default `ccc`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CallConv(pub Option<Box<str>>);

impl CallConv {
    /// The keyword, if not the default.
    pub fn keyword(&self) -> Option<&str> {
        self.0.as_deref()
    }
    /// Conventions of entry points the hardware starts, which no call may
    /// use (LLVM's verifier: "calling convention does not permit calls").
    pub fn forbids_calls(&self) -> bool {
        matches!(
            self.keyword(),
            Some(
                "spir_kernel"
                    | "amdgpu_kernel"
                    | "amdgpu_cs_chain"
                    | "amdgpu_cs_chain_preserve"
                    | "amdgpu_vs"
                    | "amdgpu_gs"
                    | "amdgpu_ps"
                    | "amdgpu_cs"
                    | "amdgpu_hs"
                    | "amdgpu_es"
                    | "amdgpu_ls"
                    | "cc 76"
                    | "cc 87"
                    | "cc 88"
                    | "cc 89"
                    | "cc 90"
                    | "cc 91"
                    | "cc 93"
                    | "cc 95"
                    | "cc 96"
                    | "cc 104"
                    | "cc 105"
            )
        )
    }
    /// Entry points the runtime or the hardware launches, whose arguments
    /// come from the launch: the kernels and the graphics shader stages (not
    /// the chain and `amdgpu_gfx` conventions, which code calls or jumps to).
    pub fn is_launched(&self) -> bool {
        self.is_kernel()
            || matches!(
                self.keyword(),
                Some("amdgpu_vs" | "amdgpu_gs" | "amdgpu_ps" | "amdgpu_cs" | "amdgpu_hs" | "amdgpu_es" | "amdgpu_ls")
            )
    }
    /// GPU kernel entry points (`amdgpu_kernel`, `ptx_kernel`, `spir_kernel`).
    pub fn is_kernel(&self) -> bool {
        matches!(self.keyword(), Some("amdgpu_kernel" | "ptx_kernel" | "spir_kernel"))
    }
    /// AMDGPU graphics shader and chain conventions, whose `inreg` arguments are uniform.
    pub fn is_amdgpu_shader(&self) -> bool {
        matches!(
            self.keyword(),
            Some(
                "amdgpu_vs"
                    | "amdgpu_gs"
                    | "amdgpu_ps"
                    | "amdgpu_cs"
                    | "amdgpu_hs"
                    | "amdgpu_es"
                    | "amdgpu_ls"
                    | "amdgpu_cs_chain"
                    | "amdgpu_cs_chain_preserve"
                    | "amdgpu_gfx"
                    | "amdgpu_gfx_whole_wave"
            )
        )
    }
}

/// One operand bundle: its tag and how many operands it has. The operands
/// themselves live in the instruction's `args` after the call arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bundle {
    /// The tag, e.g. `convergencectrl`.
    pub tag: Box<str>,
    /// Number of operands.
    pub len: u32,
}

/// Bundle tag of convergence control.
pub const CONVERGENCECTRL: &str = "convergencectrl";

/// Everything about a call besides its operands.
///
/// Operand layout of a call in `args`: `[callee, arg_0 .. arg_{n-1},
/// bundle operands in bundle order]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallInfo {
    /// The called function type.
    pub fn_ty: Type,
    /// Calling convention.
    pub cconv: CallConv,
    /// Tail-call marker.
    pub tail: TailKind,
    /// Fast-math flags (for calls returning floating point).
    pub fmf: FastMath,
    /// Return value attributes.
    pub ret_attrs: AttrSet,
    /// Per-argument attributes (same length as the argument list).
    pub param_attrs: Vec<AttrSet>,
    /// Call-site function attributes.
    pub fn_attrs: AttrSet,
    /// Number of call arguments.
    pub num_args: u32,
    /// Operand bundles in order.
    pub bundles: Vec<Bundle>,
    /// `call addrspace(N)` on the callee.
    pub addrspace: Option<u32>,
}

impl CallInfo {
    /// A plain call of type `fn_ty` with `num_args` arguments and no attributes.
    pub fn new(fn_ty: Type, num_args: u32) -> Self {
        CallInfo {
            fn_ty,
            cconv: CallConv::default(),
            tail: TailKind::None,
            fmf: FastMath::NONE,
            ret_attrs: AttrSet::new(),
            param_attrs: vec![AttrSet::new(); num_args as usize],
            fn_attrs: AttrSet::new(),
            num_args,
            bundles: Vec::new(),
            addrspace: None,
        }
    }
    /// Index range in `args` of the operands of bundle `i`.
    pub fn bundle_range(&self, i: usize) -> std::ops::Range<usize> {
        let mut start = 1 + self.num_args as usize;
        for b in &self.bundles[..i] {
            start += b.len as usize;
        }
        start..start + self.bundles[i].len as usize
    }
    /// Index range in `args` of the `convergencectrl` bundle, if the call has exactly one.
    pub fn convergencectrl_range(&self) -> Option<std::ops::Range<usize>> {
        let i = self.bundles.iter().position(|b| &*b.tag == CONVERGENCECTRL)?;
        Some(self.bundle_range(i))
    }
}

/// Inline assembly used as a callee.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InlineAsm {
    /// The assembly string (raw bytes, unescaped).
    pub asm: Box<[u8]>,
    /// The constraint string (raw bytes, unescaped).
    pub constraints: Box<[u8]>,
    /// `sideeffect`
    pub side_effect: bool,
    /// `alignstack`
    pub align_stack: bool,
    /// `inteldialect`
    pub intel_dialect: bool,
    /// `unwind`
    pub unwind: bool,
}

/// The kind of one `landingpad` clause.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClauseKind {
    /// `catch <type> <value>`.
    Catch,
    /// `filter <array type> <array constant>`.
    Filter,
}

/// A list behind a single pointer: read as a slice, built from a `Vec`.
///
/// A boxed slice is two words; the kinds that carry a list hold this one
/// instead so that [`InstKind`] stays two words (and every instruction 8
/// bytes smaller) although most kinds carry no list at all.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ThinList<T>(Box<Box<[T]>>);

impl<T> std::ops::Deref for ThinList<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> From<Vec<T>> for ThinList<T> {
    fn from(v: Vec<T>) -> Self {
        ThinList(Box::new(v.into_boxed_slice()))
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for ThinList<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// What an instruction does. Comments give the meaning of `args`/`blocks`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstKind {
    /// `args = [lhs, rhs]`.
    Binary {
        /// The operator.
        op: BinOp,
        /// Integer flags.
        flags: IntFlags,
        /// Fast-math flags.
        fmf: FastMath,
    },
    /// `fneg`; `args = [x]`.
    FNeg {
        /// Fast-math flags.
        fmf: FastMath,
    },
    /// `icmp`; `args = [lhs, rhs]`.
    ICmp {
        /// Predicate.
        pred: IntPred,
        /// `samesign`.
        flags: IntFlags,
    },
    /// `fcmp`; `args = [lhs, rhs]`.
    FCmp {
        /// Predicate.
        pred: FloatPred,
        /// Fast-math flags.
        fmf: FastMath,
    },
    /// `select`; `args = [cond, if_true, if_false]`.
    Select {
        /// Fast-math flags.
        fmf: FastMath,
    },
    /// `freeze`; `args = [x]`.
    Freeze,
    /// A cast to the result type; `args = [x]`.
    Cast {
        /// The operator.
        op: CastOp,
        /// `nuw`/`nsw` on trunc, `nneg` on zext/uitofp.
        flags: IntFlags,
        /// Fast-math flags on fp casts.
        fmf: FastMath,
    },
    /// `load` of the result type; `args = [ptr]`.
    Load {
        /// `align N`.
        align: Option<Align>,
        /// `volatile`.
        volatile: bool,
        /// `atomic` ordering and scope.
        atomic: Option<Box<Atomic>>,
    },
    /// `store`; `args = [value, ptr]`.
    Store {
        /// `align N`.
        align: Option<Align>,
        /// `volatile`.
        volatile: bool,
        /// `atomic` ordering and scope.
        atomic: Option<Box<Atomic>>,
    },
    /// `alloca`; `args = []` or `[count]`.
    Alloca {
        /// Allocated type.
        ty: Type,
        /// `align N`.
        align: Option<Align>,
        /// `addrspace(N)` of the result.
        addrspace: u32,
        /// `inalloca`.
        inalloca: bool,
        /// `swifterror`.
        swifterror: bool,
    },
    /// `getelementptr`; `args = [base, indices...]`.
    Gep {
        /// Source element type.
        source: Type,
        /// `inbounds`/`nusw`/`nuw`.
        flags: GepFlags,
    },
    /// `args = [vector, index]`.
    ExtractElement,
    /// `args = [vector, element, index]`.
    InsertElement,
    /// `args = [v1, v2, mask]`.
    ShuffleVector,
    /// `args = [aggregate]`.
    ExtractValue {
        /// Constant indices.
        indices: ThinList<u32>,
    },
    /// `args = [aggregate, element]`.
    InsertValue {
        /// Constant indices.
        indices: ThinList<u32>,
    },
    /// `atomicrmw`; `args = [ptr, value]`.
    AtomicRmw {
        /// Operation.
        op: RmwOp,
        /// `volatile`.
        volatile: bool,
        /// Ordering and scope.
        atomic: Box<Atomic>,
        /// `align N`.
        align: Option<Align>,
    },
    /// `cmpxchg`; `args = [ptr, expected, new]`.
    CmpXchg {
        /// `weak`.
        weak: bool,
        /// `volatile`.
        volatile: bool,
        /// Success ordering and scope.
        atomic: Box<Atomic>,
        /// Failure ordering.
        failure: Ordering,
        /// `align N`.
        align: Option<Align>,
    },
    /// `fence`; no operands.
    Fence {
        /// Ordering and scope.
        atomic: Box<Atomic>,
    },
    /// `va_arg`; `args = [va_list ptr]`, result of the given type.
    VaArg,
    /// `phi`; `args[i]` flows in from `blocks[i]`.
    Phi {
        /// Fast-math flags.
        fmf: FastMath,
    },
    /// `call`; see [`CallInfo`] for the operand layout.
    Call(Box<CallInfo>),
    /// `callbr`; operands as for calls, `blocks = [fallthrough, indirect...]`.
    CallBr(Box<CallInfo>),
    /// `invoke`; operands as for calls, `blocks = [normal, unwind]`. Its
    /// result is available only on the normal edge.
    Invoke(Box<CallInfo>),
    /// `landingpad`; `args[k]` is the value of clause `k`.
    LandingPad {
        /// `cleanup`.
        cleanup: bool,
        /// The kind of every clause, in order.
        clauses: ThinList<ClauseKind>,
    },
    /// `resume`; `args = [exception value]`.
    Resume,
    /// `indirectbr`; `args = [address]`, `blocks` = the possible destinations.
    IndirectBr,
    /// `cleanuppad within P [...]`; `args = [parent (a pad or none), arguments...]`.
    CleanupPad,
    /// `catchpad within %cs [...]`; `args = [catchswitch, arguments...]`.
    CatchPad,
    /// `catchswitch within P [handlers] unwind ...`; `args = [parent]`,
    /// `blocks = [unwind destination (if any), handlers...]` (LLVM's
    /// successor order).
    CatchSwitch {
        /// Whether `blocks[0]` is an unwind destination (else it unwinds to the caller).
        has_unwind: bool,
    },
    /// `catchret from %pad to label %b`; `args = [catchpad]`, `blocks = [b]`.
    CatchRet,
    /// `cleanupret from %pad unwind ...`; `args = [cleanuppad]`, `blocks =
    /// []` (unwinds to the caller) or `[unwind destination]`.
    CleanupRet,
    /// `ret`; `args = []` or `[value]`.
    Ret,
    /// `br`; unconditional: `blocks = [dest]`; conditional: `args = [cond]`,
    /// `blocks = [if_true, if_false]`.
    Br,
    /// `switch`; `args = [cond, case values...]`, `blocks = [default, case dests...]`.
    Switch,
    /// `unreachable`.
    Unreachable,
}

/// One instruction: its kind and operands. The result value (if any) is
/// `result`; its type is that value's type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InstData {
    /// Opcode and immediates.
    pub kind: InstKind,
    /// Value operands (see [`InstKind`] for their meaning).
    pub args: SmallVec<[Value; 3]>,
    /// Block operands: successors of terminators, incoming blocks of phis.
    pub blocks: SmallVec<[Block; 2]>,
    /// The value this instruction defines.
    pub result: PackedOption<Value>,
}

impl InstData {
    /// A new instruction without result. A phi gets one incoming block per
    /// value (checked in debug builds).
    pub fn new(kind: InstKind, args: &[Value], blocks: &[Block]) -> Self {
        debug_assert!(
            !matches!(kind, InstKind::Phi { .. }) || args.len() == blocks.len(),
            "phi: values and blocks differ in number"
        );
        InstData { kind, args: args.into(), blocks: blocks.into(), result: PackedOption::NONE }
    }

    /// The value this instruction defines.
    pub fn result(&self) -> Option<Value> {
        self.result.expand()
    }

    /// Whether this ends a block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self.kind,
            InstKind::Ret
                | InstKind::Br
                | InstKind::Switch
                | InstKind::Unreachable
                | InstKind::CallBr(_)
                | InstKind::Invoke(_)
                | InstKind::Resume
                | InstKind::IndirectBr
                | InstKind::CatchSwitch { .. }
                | InstKind::CatchRet
                | InstKind::CleanupRet
        )
    }

    /// Whether this is an exception-handling pad (`landingpad`,
    /// `cleanuppad`, `catchpad`, `catchswitch`): it must be the first
    /// non-phi of its block, which only unwind edges reach.
    pub fn is_eh_pad(&self) -> bool {
        matches!(
            self.kind,
            InstKind::LandingPad { .. } | InstKind::CleanupPad | InstKind::CatchPad | InstKind::CatchSwitch { .. }
        )
    }

    /// Whether this is exception handling or an indirect branch: an EH pad,
    /// `invoke`, `resume`, `catchret`, `cleanupret` or `indirectbr`. Passes
    /// that do not model unwind edges or address-taken blocks leave a
    /// function containing one alone.
    pub fn is_eh_or_indirect(&self) -> bool {
        self.is_eh_pad()
            || matches!(
                self.kind,
                InstKind::Invoke(_)
                    | InstKind::Resume
                    | InstKind::IndirectBr
                    | InstKind::CatchRet
                    | InstKind::CleanupRet
            )
    }

    /// The unwind destination of a terminator, if it has one.
    pub fn unwind_dest(&self) -> Option<Block> {
        match self.kind {
            InstKind::Invoke(_) => self.blocks.get(1).copied(),
            InstKind::CatchSwitch { has_unwind: true } | InstKind::CleanupRet => self.blocks.first().copied(),
            _ => None,
        }
    }

    /// Whether this is a `phi`.
    pub fn is_phi(&self) -> bool {
        matches!(self.kind, InstKind::Phi { .. })
    }

    /// For a `phi`, the (first) value coming in from block `from`.
    pub fn incoming(&self, from: Block) -> Option<Value> {
        self.blocks.iter().position(|&b| b == from).map(|k| self.args[k])
    }

    /// Successor blocks, in order (with repetitions, as LLVM lists them).
    pub fn successors(&self) -> &[Block] {
        if self.is_terminator() { &self.blocks } else { &[] }
    }

    /// Call information, for `call`, `callbr` and `invoke`.
    pub fn call_info(&self) -> Option<&CallInfo> {
        match &self.kind {
            InstKind::Call(c) | InstKind::CallBr(c) | InstKind::Invoke(c) => Some(c),
            _ => None,
        }
    }

    /// Mutable call information.
    pub fn call_info_mut(&mut self) -> Option<&mut CallInfo> {
        match &mut self.kind {
            InstKind::Call(c) | InstKind::CallBr(c) | InstKind::Invoke(c) => Some(c),
            _ => None,
        }
    }

    /// The callee operand of a call.
    pub fn callee(&self) -> Option<Value> {
        self.call_info().map(|_| self.args[0])
    }

    /// The argument operands of a call.
    pub fn call_args(&self) -> &[Value] {
        match self.call_info() {
            Some(c) => &self.args[1..1 + c.num_args as usize],
            None => &[],
        }
    }

    /// The token of the call's `convergencectrl` bundle, when it has exactly
    /// one bundle with exactly one operand (the well-formed case).
    pub fn convergence_token(&self) -> Option<Value> {
        let c = self.call_info()?;
        let r = c.convergencectrl_range()?;
        if r.len() == 1 { Some(self.args[r.start]) } else { None }
    }

    /// Whether the instruction is a conditional branch.
    pub fn is_cond_br(&self) -> bool {
        matches!(self.kind, InstKind::Br) && self.args.len() == 1
    }

    /// The opcode keyword, for messages.
    pub fn opcode_name(&self) -> &'static str {
        match &self.kind {
            InstKind::Binary { op, .. } => op.keyword(),
            InstKind::FNeg { .. } => "fneg",
            InstKind::ICmp { .. } => "icmp",
            InstKind::FCmp { .. } => "fcmp",
            InstKind::Select { .. } => "select",
            InstKind::Freeze => "freeze",
            InstKind::Cast { op, .. } => op.keyword(),
            InstKind::Load { .. } => "load",
            InstKind::Store { .. } => "store",
            InstKind::Alloca { .. } => "alloca",
            InstKind::Gep { .. } => "getelementptr",
            InstKind::ExtractElement => "extractelement",
            InstKind::InsertElement => "insertelement",
            InstKind::ShuffleVector => "shufflevector",
            InstKind::ExtractValue { .. } => "extractvalue",
            InstKind::InsertValue { .. } => "insertvalue",
            InstKind::AtomicRmw { .. } => "atomicrmw",
            InstKind::CmpXchg { .. } => "cmpxchg",
            InstKind::Fence { .. } => "fence",
            InstKind::VaArg => "va_arg",
            InstKind::Phi { .. } => "phi",
            InstKind::Call(_) => "call",
            InstKind::CallBr(_) => "callbr",
            InstKind::Invoke(_) => "invoke",
            InstKind::LandingPad { .. } => "landingpad",
            InstKind::Resume => "resume",
            InstKind::IndirectBr => "indirectbr",
            InstKind::CleanupPad => "cleanuppad",
            InstKind::CatchPad => "catchpad",
            InstKind::CatchSwitch { .. } => "catchswitch",
            InstKind::CatchRet => "catchret",
            InstKind::CleanupRet => "cleanupret",
            InstKind::Ret => "ret",
            InstKind::Br => "br",
            InstKind::Switch => "switch",
            InstKind::Unreachable => "unreachable",
        }
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    /// Instructions are the bulk of a module's memory: keep them this small.
    #[test]
    fn instruction_sizes() {
        assert_eq!(std::mem::size_of::<InstKind>(), 16);
        assert_eq!(std::mem::size_of::<InstData>(), 72);
    }
}

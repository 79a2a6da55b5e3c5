//! The `target datalayout` string: parsing, validation, and the sizes and
//! alignments it gives types.
//!
//! LLVM fills in the alignment of a `load`, `store`, `alloca`, `cmpxchg` or
//! `atomicrmw` written without one from the module's data layout, and infers
//! that layout from the target triple when the module states none. We do the
//! same ([`DataLayout::for_triple`], [`crate::text::parse_module_for_target`])
//! so that what we print matches what `opt` prints for the same input.
//!
//! ```
//! use opt_conv_ir::datalayout::DataLayout;
//! use opt_conv_ir::types::{Type, TypeTable};
//!
//! let types = TypeTable::new();
//! let default = DataLayout::default();
//! assert_eq!(default.abi_align(&types, Type::I64).bytes(), 4); // i64:32:64
//! let amdgpu = DataLayout::parse(DataLayout::for_triple("amdgcn-amd-amdhsa").unwrap()).unwrap();
//! assert_eq!(amdgpu.abi_align(&types, Type::I64).bytes(), 8);
//! assert_eq!(amdgpu.alloca_addrspace(), 5);
//! assert!(DataLayout::parse("e-i64:65").is_err());
//! ```

use crate::inst::{Align, InstKind};
use crate::module::Module;
use crate::types::{FloatKind, Type, TypeData, TypeTable};

/// Alignment and preferred alignment of one primitive width.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct PrimSpec {
    bits: u32,
    abi: Align,
    pref: Align,
}

/// One `p[n]:size:abi[:pref[:idx]]` entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct PtrSpec {
    addrspace: u32,
    bits: u32,
    abi: Align,
    pref: Align,
    index_bits: u32,
    /// Flagged `u` (unstable representation) or `e` (external state).
    flagged: bool,
}

/// A parsed data layout. [`Default`] is LLVM's layout for a module that
/// states none and has no known target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataLayout {
    big_endian: bool,
    stack_align: Option<Align>,
    program_as: u32,
    alloca_as: u32,
    global_as: u32,
    ints: Vec<PrimSpec>,
    floats: Vec<PrimSpec>,
    vectors: Vec<PrimSpec>,
    /// Sorted by address space; address space 0 is always present.
    pointers: Vec<PtrSpec>,
    aggregate_abi: Align,
    aggregate_pref: Align,
    native_ints: Vec<u32>,
    non_integral: Vec<u32>,
}

const fn bytes(n: u64) -> Align {
    match Align::new(n) {
        Some(a) => a,
        None => panic!("alignment"),
    }
}

const fn prim(bits: u32, abi: u64, pref: u64) -> PrimSpec {
    PrimSpec { bits, abi: bytes(abi), pref: bytes(pref) }
}

impl Default for DataLayout {
    fn default() -> Self {
        DataLayout {
            big_endian: false,
            stack_align: None,
            program_as: 0,
            alloca_as: 0,
            global_as: 0,
            ints: vec![prim(1, 1, 1), prim(8, 1, 1), prim(16, 2, 2), prim(32, 4, 4), prim(64, 4, 8)],
            floats: vec![prim(16, 2, 2), prim(32, 4, 4), prim(64, 8, 8), prim(128, 16, 16)],
            vectors: vec![prim(64, 8, 8), prim(128, 16, 16)],
            pointers: vec![PtrSpec {
                addrspace: 0,
                bits: 64,
                abi: bytes(8),
                pref: bytes(8),
                index_bits: 64,
                flagged: false,
            }],
            aggregate_abi: bytes(1),
            aggregate_pref: bytes(8),
            native_ints: Vec::new(),
            non_integral: Vec::new(),
        }
    }
}

/// Data layouts LLVM 22's targets give a module that states none, by
/// architecture (the part of the triple before the first `-`).
const TARGET_LAYOUTS: &[(&str, &str)] = &[
    (
        "amdgcn",
        "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-\
         p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-\
         v2048:2048-n32:64-S32-A5-G1-ni:7:8:9",
    ),
    (
        "r600",
        "e-m:e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-\
         v2048:2048-n32:64-S32-A5-G1",
    ),
    ("nvptx", "e-p:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"),
    ("nvptx64", "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"),
    ("spirv", "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"),
    ("spirv64", "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"),
    ("x86_64", "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"),
    ("i386", "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"),
    ("i686", "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"),
    ("aarch64", "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"),
];

impl DataLayout {
    /// The layout LLVM 22 infers for a module with target `triple` and no
    /// `target datalayout` of its own; `None` for targets we do not model
    /// (the module then keeps the default layout, as in an `opt` built
    /// without that target).
    pub fn for_triple(triple: &str) -> Option<&'static str> {
        let arch = triple.split('-').next().unwrap_or("");
        let mut layout = TARGET_LAYOUTS.iter().find(|(a, _)| *a == arch).map(|(_, l)| *l)?;
        // AMD's SPIR-V flavour uses AMDGPU's address spaces.
        if arch == "spirv64" && triple.split('-').nth(1) == Some("amd") {
            layout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n32:64-S32-G1-P4-A0";
        }
        Some(layout)
    }

    /// Parses a data layout string, with LLVM's error messages.
    pub fn parse(s: &str) -> Result<DataLayout, String> {
        let mut dl = DataLayout::default();
        if s.is_empty() {
            return Ok(dl);
        }
        for spec in s.split('-') {
            dl.parse_spec(spec)?;
        }
        Ok(dl)
    }

    fn parse_spec(&mut self, spec: &str) -> Result<(), String> {
        let Some(kind) = spec.chars().next() else { return Err("empty specification is not allowed".into()) };
        let rest = &spec[kind.len_utf8()..];
        match kind {
            'e' | 'E' if rest.is_empty() => self.big_endian = kind == 'E',
            'e' | 'E' => return Err(format!("malformed specification, must be of the form \"{kind}\"")),
            'i' | 'f' | 'v' => {
                let form = format!("{kind}<size>:<abi>[:<pref>]");
                let parts: Vec<&str> = rest.split(':').collect();
                if !(2..=3).contains(&parts.len()) {
                    return Err(malformed(&form));
                }
                let bits = parse_size(parts[0], "size")?;
                let abi = parse_align(parts[1], "ABI", false)?;
                if kind == 'i' && bits == 8 && abi.bytes() != 1 {
                    return Err("i8 must be 8-bit aligned".into());
                }
                let pref = match parts.get(2) {
                    Some(p) => parse_align(p, "preferred", false)?,
                    None => abi,
                };
                if pref.bytes() < abi.bytes() {
                    return Err("preferred alignment cannot be less than the ABI alignment".into());
                }
                let table = match kind {
                    'i' => &mut self.ints,
                    'f' => &mut self.floats,
                    _ => &mut self.vectors,
                };
                set_prim(table, PrimSpec { bits, abi, pref });
            }
            'a' => {
                let parts: Vec<&str> = rest.split(':').collect();
                if !(2..=3).contains(&parts.len()) {
                    return Err(malformed("a:<abi>[:<pref>]"));
                }
                if !parts[0].is_empty() && parse_size_zero(parts[0])? != 0 {
                    return Err("size must be zero".into());
                }
                let abi = parse_align(parts[1], "ABI", true)?;
                let pref = match parts.get(2) {
                    Some(p) => parse_align(p, "preferred", false)?,
                    None => abi,
                };
                if pref.bytes() < abi.bytes() {
                    return Err("preferred alignment cannot be less than the ABI alignment".into());
                }
                (self.aggregate_abi, self.aggregate_pref) = (abi, pref);
            }
            'p' => self.parse_pointer(rest)?,
            'S' => {
                let a = parse_align(rest, "stack natural", true)?;
                self.stack_align = (rest != "0").then_some(a);
            }
            'P' | 'A' | 'G' => {
                let v = parse_addrspace(rest).map_err(|_| malformed(&format!("{kind}<address space>")))?;
                match kind {
                    'P' => self.program_as = v,
                    'A' => self.alloca_as = v,
                    _ => self.global_as = v,
                }
            }
            'F' => {
                let mut cs = rest.chars();
                match cs.next() {
                    Some('i' | 'n') => {
                        parse_align(cs.as_str(), "function pointer", false)?;
                    }
                    Some(c) => return Err(format!("unknown function pointer alignment type '{c}'")),
                    None => return Err(malformed("F<type><abi>")),
                }
            }
            'm' => match rest.strip_prefix(':') {
                Some(m) if m.len() == 1 && "elmowxa".contains(m) => {}
                Some(m) if m.len() == 1 => return Err("unknown mangling mode".into()),
                _ => return Err(malformed("m:<mangling>")),
            },
            'n' => {
                if let Some(list) = rest.strip_prefix("i:") {
                    for a in list.split(':') {
                        let a = parse_addrspace(a).map_err(|_| malformed("ni:<address space>[:<address space>]..."))?;
                        if a == 0 {
                            return Err("address space 0 cannot be non-integral".into());
                        }
                        self.non_integral.push(a);
                    }
                } else {
                    for w in rest.split(':') {
                        self.native_ints.push(parse_size(w, "size")?);
                    }
                }
            }
            // The old stack-object specifier: LLVM 22 still accepts it, whatever
            // it says, and ignores it.
            's' => {}
            c => return Err(format!("unknown specifier '{c}'")),
        }
        Ok(())
    }

    fn parse_pointer(&mut self, rest: &str) -> Result<(), String> {
        let form = "p[<n>]:<size>:<abi>[:<pref>[:<idx>]]";
        let parts: Vec<&str> = rest.split(':').collect();
        if !(3..=5).contains(&parts.len()) {
            return Err(malformed(form));
        }
        // Flags `e` (external state) and `u` (unstable representation), then
        // the address space, optionally followed by a `(name)`.
        let mut head = parts[0];
        let mut flagged = false;
        while let Some(c) = head.chars().next().filter(char::is_ascii_alphabetic) {
            if c != 'e' && c != 'u' {
                return Err(format!("'{c}' is not a valid pointer specification flag"));
            }
            flagged = true;
            head = &head[1..];
        }
        let digits = head.split('(').next().unwrap_or("");
        let addrspace = if digits.is_empty() { 0 } else { parse_addrspace(digits).map_err(|_| malformed(form))? };
        if flagged && addrspace == 0 {
            return Err("address space 0 cannot be unstable or have external state".into());
        }
        let bits = parse_size(parts[1], "pointer size")?;
        let abi = parse_align(parts[2], "ABI", false)?;
        let pref = match parts.get(3) {
            Some(p) => parse_align(p, "preferred", false)?,
            None => abi,
        };
        if pref.bytes() < abi.bytes() {
            return Err("preferred alignment cannot be less than the ABI alignment".into());
        }
        let index_bits = match parts.get(4) {
            Some(p) => parse_size(p, "index size")?,
            None => bits,
        };
        if index_bits > bits {
            return Err("index size cannot be larger than the pointer size".into());
        }
        let spec = PtrSpec { addrspace, bits, abi, pref, index_bits, flagged };
        match self.pointers.binary_search_by_key(&addrspace, |p| p.addrspace) {
            Ok(i) => self.pointers[i] = spec,
            Err(i) => self.pointers.insert(i, spec),
        }
        Ok(())
    }

    /// Big-endian (`E`).
    pub fn is_big_endian(&self) -> bool {
        self.big_endian
    }
    /// The address space of `alloca`s (`A`).
    pub fn alloca_addrspace(&self) -> u32 {
        self.alloca_as
    }
    /// The default address space of globals (`G`).
    pub fn global_addrspace(&self) -> u32 {
        self.global_as
    }
    /// The address space of functions (`P`).
    pub fn program_addrspace(&self) -> u32 {
        self.program_as
    }
    /// Natural stack alignment (`S`), if stated.
    pub fn stack_align(&self) -> Option<Align> {
        self.stack_align
    }
    /// Whether `bits` is a native integer width (`n`).
    pub fn is_native_int(&self, bits: u32) -> bool {
        self.native_ints.contains(&bits)
    }
    /// Whether pointers in `addrspace` are non-integral, as LLVM 22's `isNonIntegralAddressSpace`: listed in `ni:`, flagged
    /// `u` or `e` in its pointer specification, or with an index narrower
    /// than the pointer.
    pub fn is_non_integral(&self, addrspace: u32) -> bool {
        let p = self.pointer(addrspace);
        self.non_integral.contains(&addrspace) || p.flagged || p.bits != p.index_bits
    }

    fn pointer(&self, addrspace: u32) -> &PtrSpec {
        // Address spaces without an entry share address space 0's.
        self.pointers.iter().find(|p| p.addrspace == addrspace).unwrap_or(&self.pointers[0])
    }
    /// Pointer width in bits in `addrspace`.
    pub fn pointer_bits(&self, addrspace: u32) -> u32 {
        self.pointer(addrspace).bits
    }
    /// Width of GEP indices in `addrspace`.
    pub fn index_bits(&self, addrspace: u32) -> u32 {
        self.pointer(addrspace).index_bits
    }

    /// ABI alignment of `t` (what a `load`/`store` without `align` gets).
    pub fn abi_align(&self, types: &TypeTable, t: Type) -> Align {
        self.align(types, t, true)
    }
    /// Preferred alignment of `t` (what an `alloca` without `align` gets).
    pub fn pref_align(&self, types: &TypeTable, t: Type) -> Align {
        self.align(types, t, false)
    }

    fn align(&self, types: &TypeTable, t: Type, abi: bool) -> Align {
        let pick = |s: &PrimSpec| if abi { s.abi } else { s.pref };
        match types.get(t) {
            TypeData::Int(bits) => {
                // The first entry at least as wide, else the widest.
                let spec = self.ints.iter().find(|s| s.bits >= *bits).or(self.ints.last());
                spec.map_or(bytes(1), pick)
            }
            TypeData::Float(k) => match self.floats.iter().find(|s| s.bits == k.bits()) {
                Some(s) => pick(s),
                None => natural(u64::from(k.bits()).div_ceil(8)),
            },
            TypeData::Ptr(a) => {
                let p = self.pointer(*a);
                if abi { p.abi } else { p.pref }
            }
            TypeData::Vector { .. } => {
                let bits = self.size_in_bits(types, t);
                match self.vectors.iter().find(|s| u64::from(s.bits) == bits) {
                    Some(s) => pick(s),
                    None => natural(bits.div_ceil(8)),
                }
            }
            TypeData::Array { elem, .. } => self.align(types, *elem, abi),
            TypeData::Struct { fields, packed } => self.struct_align(types, fields, *packed, abi),
            TypeData::Named { body: Some(fields), packed, .. } => self.struct_align(types, fields, *packed, abi),
            TypeData::X86Amx => bytes(64),
            TypeData::TargetExt(d) if d.layout != Type::VOID => self.align(types, d.layout, abi),
            _ => bytes(1),
        }
    }

    fn struct_align(&self, types: &TypeTable, fields: &[Type], packed: bool, abi: bool) -> Align {
        if packed && abi {
            return bytes(1);
        }
        let own = self.struct_layout(types, fields, packed).1;
        let floor = if abi { self.aggregate_abi } else { self.aggregate_pref };
        if floor.bytes() > own.bytes() { floor } else { own }
    }

    /// Size and alignment of a struct body: fields at ABI-aligned offsets,
    /// the size rounded up to the alignment.
    fn struct_layout(&self, types: &TypeTable, fields: &[Type], packed: bool) -> (u64, Align) {
        let mut size = 0u64;
        let mut align = bytes(1);
        for &f in fields {
            let a = if packed { bytes(1) } else { self.abi_align(types, f) };
            size = size.next_multiple_of(a.bytes()) + self.alloc_size(types, f);
            if a.bytes() > align.bytes() {
                align = a;
            }
        }
        (size.next_multiple_of(align.bytes()), align)
    }

    /// Size in bits (the minimum size, for scalable vectors).
    pub fn size_in_bits(&self, types: &TypeTable, t: Type) -> u64 {
        match types.get(t) {
            TypeData::Int(bits) => u64::from(*bits),
            TypeData::Float(FloatKind::X86Fp80) => 80,
            TypeData::Float(k) => u64::from(k.bits()),
            TypeData::Ptr(a) => u64::from(self.pointer_bits(*a)),
            TypeData::Vector { len, elem, .. } => u64::from(*len) * self.size_in_bits(types, *elem),
            TypeData::Array { len, elem } => len.saturating_mul(self.alloc_size(types, *elem)) * 8,
            TypeData::Struct { fields, packed } => self.struct_layout(types, fields, *packed).0 * 8,
            TypeData::Named { body: Some(fields), packed, .. } => self.struct_layout(types, fields, *packed).0 * 8,
            TypeData::X86Amx => 8192,
            TypeData::TargetExt(d) if d.layout != Type::VOID => self.size_in_bits(types, d.layout),
            _ => 0,
        }
    }

    /// Bytes a store of `t` writes.
    pub fn store_size(&self, types: &TypeTable, t: Type) -> u64 {
        self.size_in_bits(types, t).div_ceil(8)
    }

    /// Bytes between consecutive `t`s in memory: the store size rounded up
    /// to the ABI alignment.
    pub fn alloc_size(&self, types: &TypeTable, t: Type) -> u64 {
        self.store_size(types, t).next_multiple_of(self.abi_align(types, t).bytes())
    }
}

/// Gives every `load`, `store`, `alloca`, `cmpxchg` and `atomicrmw` of `m`
/// written without `align` the alignment LLVM's parser gives it: ABI
/// alignment for loads and stores, preferred alignment for allocas, and the
/// store size for atomics (rounded down to a power of two, as LLVM's release
/// builds do; the verifier rejects such atomics anyway).
pub fn fill_default_alignments(m: &mut Module, dl: &DataLayout) {
    let funcs: Vec<_> = m.functions().collect();
    for fid in funcs {
        let Some(mut body) = m.take_body(fid) else { continue };
        let insts: Vec<_> = body.insts_in_order().map(|(_, i)| i).collect();
        let types = &m.types;
        let dfg = body.dfg_mut_preserving_cfg();
        for i in insts {
            let ty_of = |n: usize| dfg.value_type(dfg.inst(i).args[n]);
            let want = match &dfg.inst(i).kind {
                InstKind::Load { align: None, .. } => {
                    dfg.inst_result(i).map(|r| dl.abi_align(types, dfg.value_type(r)))
                }
                InstKind::Store { align: None, .. } => Some(dl.abi_align(types, ty_of(0))),
                InstKind::Alloca { align: None, ty, .. } => Some(dl.pref_align(types, *ty)),
                InstKind::AtomicRmw { align: None, .. } | InstKind::CmpXchg { align: None, .. } => {
                    let size = dl.store_size(types, ty_of(1)).max(1);
                    Align::new(1 << size.ilog2())
                }
                _ => None,
            };
            let Some(a) = want else { continue };
            match &mut dfg.inst_mut(i).kind {
                InstKind::Load { align, .. }
                | InstKind::Store { align, .. }
                | InstKind::Alloca { align, .. }
                | InstKind::AtomicRmw { align, .. }
                | InstKind::CmpXchg { align, .. } => *align = Some(a),
                _ => {}
            }
        }
        m.set_body(fid, body);
    }
}

/// Normalizes a triple given on the command line as `opt -mtriple` does for
/// the forms GPU code uses: empty components become `unknown`, and a vendor
/// is inserted when the second component names an operating system
/// (`amdgcn--` is `amdgcn-unknown-unknown`, `amdgcn-amdhsa` is
/// `amdgcn-unknown-amdhsa`). Triples written in a module are kept verbatim.
pub fn normalize_triple(triple: &str) -> String {
    const OSES: &[&str] = &[
        "amdhsa", "amdpal", "mesa3d", "cuda", "nvcl", "vulkan", "linux", "windows", "darwin", "macosx", "freebsd",
        "none",
    ];
    let mut comps: Vec<&str> = triple.split('-').map(|c| if c.is_empty() { "unknown" } else { c }).collect();
    if comps.len() >= 2 && OSES.iter().any(|os| comps[1].starts_with(os)) {
        comps.insert(1, "unknown");
    }
    comps.join("-")
}

/// The architecture of `triple` if LLVM would not recognize it (opt refuses
/// to run on such a triple: "unrecognized architecture"). An empty
/// architecture and `unknown` are accepted, as opt accepts them.
pub fn unrecognized_arch(triple: &str) -> Option<&str> {
    const EXACT: &[&str] = &[
        "",
        "unknown",
        "i386",
        "i486",
        "i586",
        "i686",
        "i786",
        "i886",
        "i986",
        "x86_64",
        "amd64",
        "x86_64h",
        "arc",
        "avr",
        "bpf",
        "bpfel",
        "bpfeb",
        "bpf_le",
        "bpf_be",
        "csky",
        "hexagon",
        "lanai",
        "loongarch32",
        "loongarch64",
        "m68k",
        "msp430",
        "ppc",
        "ppc32",
        "powerpc",
        "powerpcle",
        "ppcle",
        "ppc32le",
        "ppu",
        "ppc64",
        "powerpc64",
        "ppc64le",
        "powerpc64le",
        "r600",
        "amdgcn",
        "riscv32",
        "riscv64",
        "riscv32be",
        "riscv64be",
        "s390x",
        "systemz",
        "sparc",
        "sparcel",
        "sparcv9",
        "sparc64",
        "tce",
        "tcele",
        "xcore",
        "nvptx",
        "nvptx64",
        "le32",
        "le64",
        "amdil",
        "amdil64",
        "hsail",
        "hsail64",
        "spir",
        "spir64",
        "shave",
        "wasm32",
        "wasm64",
        "renderscript32",
        "renderscript64",
        "ve",
        "xtensa",
        "arm64",
        "arm64_32",
        "arm64e",
        "arm64ec",
        "aarch64_32",
        "mips",
        "mipsel",
        "mipsallegrex",
        "mipsallegrexel",
        "mips64",
        "mips64el",
        "mipsn32",
        "mipsn32el",
    ];
    const PREFIXES: &[&str] = &["arm", "thumb", "aarch64", "mipsisa", "spirv", "dxil", "kalimba"];
    let arch = triple.split('-').next().unwrap_or("");
    let known = EXACT.contains(&arch) || PREFIXES.iter().any(|p| arch.starts_with(p));
    (!known).then_some(arch)
}

/// The smallest power of two at least `n` bytes, as an alignment.
fn natural(n: u64) -> Align {
    Align::new(n.max(1).next_power_of_two()).unwrap_or(bytes(1 << 32))
}

fn malformed(form: &str) -> String {
    format!("malformed specification, must be of the form \"{form}\"")
}

fn set_prim(table: &mut Vec<PrimSpec>, spec: PrimSpec) {
    match table.binary_search_by_key(&spec.bits, |s| s.bits) {
        Ok(i) => table[i] = spec,
        Err(i) => table.insert(i, spec),
    }
}

fn parse_size_zero(s: &str) -> Result<u32, String> {
    if s.is_empty() {
        return Err("size component cannot be empty".into());
    }
    s.parse::<u32>().ok().filter(|v| *v < 1 << 24).ok_or_else(|| "size must be a non-zero 24-bit integer".into())
}

fn parse_size(s: &str, what: &str) -> Result<u32, String> {
    match parse_size_zero(s) {
        Ok(0) | Err(_) if !s.is_empty() => Err(format!("{what} must be a non-zero 24-bit integer")),
        r => r,
    }
}

fn parse_addrspace(s: &str) -> Result<u32, ()> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    s.parse::<u32>().ok().filter(|v| *v < 1 << 24).ok_or(())
}

/// An alignment in bits: zero (where allowed) or a power of two times 8.
fn parse_align(s: &str, what: &str, allow_zero: bool) -> Result<Align, String> {
    if s.is_empty() {
        return Err(format!("{what} alignment component cannot be empty"));
    }
    let bad = || format!("{what} alignment must be a power of two times the byte width");
    let v: u64 = s.parse().map_err(|_| bad())?;
    if v == 0 {
        return if allow_zero { Ok(bytes(1)) } else { Err(bad()) };
    }
    if !v.is_multiple_of(8) {
        return Err(bad());
    }
    Align::new(v / 8).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(s: &str) -> DataLayout {
        DataLayout::parse(s).unwrap()
    }

    #[test]
    fn non_integral_address_spaces() {
        assert!(!layout("e").is_non_integral(1));
        assert!(layout("e-ni:1").is_non_integral(1));
        assert!(!layout("e-ni:1").is_non_integral(2));
        // Flagged unstable or with external state.
        assert!(layout("e-pu1:64:64").is_non_integral(1));
        assert!(layout("e-pe2:64:64").is_non_integral(2));
        assert!(!layout("e-pe2:64:64").is_non_integral(1));
        // An index narrower than the pointer (as AMDGPU's buffer fat pointers).
        assert!(layout("e-p7:160:256:256:32").is_non_integral(7));
        assert!(layout("e-p:64:64:64:32").is_non_integral(3));
        assert!(!layout("e-p1:32:32").is_non_integral(1));
    }

    /// Alignments opt-22 gives allocas (preferred) and loads (ABI) with no
    /// `align`, per layout.
    #[test]
    fn alignments_match_llvm() {
        let mut t = TypeTable::new();
        let v3f = t.intern(TypeData::Vector { len: 3, scalable: false, elem: Type::FLOAT });
        let v5i8 = t.intern(TypeData::Vector { len: 5, scalable: false, elem: Type::I8 });
        let i24 = t.int(24);
        let p3 = t.ptr(3);
        let f80 = t.intern(TypeData::Float(FloatKind::X86Fp80));
        let arr = t.intern(TypeData::Array { len: 3, elem: Type::I16 });
        let s = t.intern(TypeData::Struct { fields: vec![Type::I8, Type::I64, v3f].into(), packed: false });
        let small = t.intern(TypeData::Struct { fields: vec![Type::I8, Type::I64].into(), packed: false });
        let packed = t.intern(TypeData::Struct { fields: vec![Type::I8, Type::I64].into(), packed: true });
        type Expect<'a> = &'a [(Type, u64, u64)];
        let cases: &[(&str, Expect)] = &[
            (
                "",
                &[
                    (Type::I64, 4, 8),
                    (s, 16, 16),
                    (v3f, 16, 16),
                    (f80, 16, 16),
                    (Type::I128, 4, 8),
                    (arr, 2, 2),
                    (i24, 4, 4),
                    (v5i8, 8, 8),
                    (p3, 8, 8),
                    (small, 4, 8),
                    (packed, 1, 8),
                    (Type::HALF, 2, 2),
                    (Type::BFLOAT, 2, 2),
                ],
            ),
            (DataLayout::for_triple("amdgcn--").unwrap(), &[(Type::I64, 8, 8), (p3, 4, 4), (small, 8, 8)]),
            (DataLayout::for_triple("i686--").unwrap(), &[(f80, 4, 4), (Type::DOUBLE, 4, 8), (p3, 4, 4)]),
            (DataLayout::for_triple("aarch64").unwrap(), &[(arr, 2, 4), (Type::I128, 16, 16)]),
        ];
        for (dl, expect) in cases {
            let d = layout(dl);
            for &(ty, abi, pref) in *expect {
                assert_eq!(
                    (d.abi_align(&t, ty).bytes(), d.pref_align(&t, ty).bytes()),
                    (abi, pref),
                    "{} in {dl:?}",
                    t.display(ty)
                );
            }
        }
    }

    #[test]
    fn triples_normalize_like_opt() {
        for (given, want) in [
            ("amdgcn--", "amdgcn-unknown-unknown"),
            ("amdgcn", "amdgcn"),
            ("amdgcn-", "amdgcn-unknown"),
            ("amdgcn-amdhsa", "amdgcn-unknown-amdhsa"),
            ("amdgcn--amdhsa", "amdgcn-unknown-amdhsa"),
            ("amdgcn-amd-amdhsa", "amdgcn-amd-amdhsa"),
            ("nvptx64-cuda", "nvptx64-unknown-cuda"),
            ("x86_64-linux-gnu", "x86_64-unknown-linux-gnu"),
            ("spirv-vulkan1.3-compute", "spirv-unknown-vulkan1.3-compute"),
            ("nvptx64-nvidia", "nvptx64-nvidia"),
        ] {
            assert_eq!(normalize_triple(given), want);
        }
    }

    #[test]
    fn sizes() {
        let mut t = TypeTable::new();
        let d = layout(DataLayout::for_triple("amdgcn--").unwrap());
        let s = t.intern(TypeData::Struct { fields: vec![Type::I8, Type::I32, Type::I8].into(), packed: false });
        assert_eq!(d.alloc_size(&t, s), 12);
        let p7 = t.ptr(7);
        assert_eq!((d.size_in_bits(&t, p7), d.index_bits(7)), (160, 32));
        let i24 = t.int(24);
        assert_eq!(d.store_size(&t, i24), 3);
        assert_eq!(d.alloc_size(&t, i24), 4);
    }

    /// Malformed layouts are rejected with LLVM 22's messages.
    #[test]
    fn errors_match_llvm() {
        for (s, msg) in [
            ("x", "unknown specifier 'x'"),
            ("e-p:64", "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\""),
            ("e-i64:65", "ABI alignment must be a power of two times the byte width"),
            ("e-m:q", "unknown mangling mode"),
            ("e-i8:16", "i8 must be 8-bit aligned"),
            ("e-pz1:64:64", "'z' is not a valid pointer specification flag"),
            ("e-pe:64:64", "address space 0 cannot be unstable or have external state"),
            ("e-S24", "stack natural alignment must be a power of two times the byte width"),
            ("e-Fq8", "unknown function pointer alignment type 'q'"),
            ("e-n", "size component cannot be empty"),
            ("e-ni:0", "address space 0 cannot be non-integral"),
            ("e-A", "malformed specification, must be of the form \"A<address space>\""),
            ("e-i64:64:32", "preferred alignment cannot be less than the ABI alignment"),
            ("e-i64", "malformed specification, must be of the form \"i<size>:<abi>[:<pref>]\""),
            ("e-p:64:64:64:128", "index size cannot be larger than the pointer size"),
            ("e--e", "empty specification is not allowed"),
            ("e-p:0:64", "pointer size must be a non-zero 24-bit integer"),
        ] {
            assert_eq!(DataLayout::parse(s).unwrap_err(), msg, "{s}");
        }
        for ok in ["E", "e-A5-G1-P2", "e-Fi8-n8:16", "e-pe1:64:64", "e-p1(foo):64:64", "e-a:0:64", "e-a0:64", "e-i1:16"]
        {
            assert!(DataLayout::parse(ok).is_ok(), "{ok}");
        }
        for (_, l) in TARGET_LAYOUTS {
            assert!(DataLayout::parse(l).is_ok(), "{l}");
        }
    }
}

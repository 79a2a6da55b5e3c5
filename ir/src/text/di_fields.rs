//! The fields of LLVM 22's specialised debug-info nodes, as data: for each
//! node kind, its field names, what each field's value must be, and which
//! fields are required. The reader checks every field against this table
//! (unknown, repeated or missing fields, values of the wrong kind, numbers
//! out of range, unknown DWARF names and flags) with the messages LLVM's
//! reader gives. Values are still kept as written.
//!
//! The lists of DWARF names are those `opt-22` accepts (`dwarf_names.rs`).

/// What a field's value must be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Expect {
    /// A metadata operand: `null`, `!N`, `!{...}`, `!"..."`, a node, or a
    /// typed value.
    Md,
    /// As `Md`, but not `null`.
    MdNonNull,
    /// A string constant (`"..."`).
    Str,
    /// A string constant that is not empty.
    StrNonEmpty,
    /// `true` or `false`.
    Bool,
    /// An unsigned integer no larger than the bound.
    Unsigned(u64),
    /// A signed integer within the bounds.
    Signed(i64, i64),
    /// Any integer.
    Int,
    /// A signed integer at least the bound (and at most `i64::MAX`), or a
    /// metadata operand.
    SignedOrMd(i64),
    /// An unsigned integer no larger than the bound, or a metadata operand.
    UnsignedOrMd(u64),
    /// `DW_TAG_*` or a number.
    Tag,
    /// `DW_ATE_*` or a number.
    AttEncoding,
    /// `DW_LANG_*` or a number.
    Lang,
    /// `DW_LNAME_*` or a number.
    SourceLangName,
    /// `DW_VIRTUALITY_*` or a number.
    Virtuality,
    /// `DW_CC_*` or a number.
    CallingConv,
    /// `DW_MACINFO_*` or a number.
    Macinfo,
    /// `DW_APPLE_ENUM_KIND_*` or a number.
    EnumKind,
    /// `NoDebug`, `FullDebug`, ... or a number.
    EmissionKind,
    /// `Default`, `GNU`, `None`, `Apple` or a number.
    NameTableKind,
    /// `Binary`, `Decimal`, `Rational` or a number.
    FixedPointKind,
    /// `CSK_*`.
    ChecksumKind,
    /// `DIFlag*` and 32-bit numbers joined by `|`.
    Flags,
    /// `DISPFlag*` and 32-bit numbers joined by `|`.
    SpFlags,
    /// A braced list of metadata operands (not checked here).
    MdList,
}

use Expect::*;

/// One field of a node kind.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Field {
    /// Its name.
    pub name: &'static str,
    /// What its value must be.
    pub kind: Expect,
    /// Whether the node must have it.
    pub required: bool,
}

const fn opt(name: &'static str, kind: Expect) -> Field {
    Field { name, kind, required: false }
}

const fn req(name: &'static str, kind: Expect) -> Field {
    Field { name, kind, required: true }
}

const LINE: Expect = Unsigned(u32::MAX as u64);
const COLUMN: Expect = Unsigned(u16::MAX as u64);
const U32: Expect = Unsigned(u32::MAX as u64);
const U64: Expect = Unsigned(u64::MAX);
const SIZE: Expect = UnsignedOrMd(u64::MAX);
const BOUND: Expect = SignedOrMd(i64::MIN);

/// The node kinds with named fields, and their fields. `DIExpression`
/// (a list of operations) and `DIAssignID` (no fields) are read apart.
const NODES: &[(&str, &[Field])] = &[
    (
        "DILocation",
        &[
            opt("line", LINE),
            opt("column", COLUMN),
            req("scope", MdNonNull),
            opt("inlinedAt", Md),
            opt("isImplicitCode", Bool),
            opt("atomGroup", U64),
            opt("atomRank", Unsigned(u8::MAX as u64)),
        ],
    ),
    ("GenericDINode", &[req("tag", Tag), opt("header", Str), opt("operands", MdList)]),
    (
        "DISubrangeType",
        &[
            opt("name", Str),
            opt("file", Md),
            opt("line", LINE),
            opt("scope", Md),
            opt("baseType", Md),
            opt("size", SIZE),
            opt("align", U32),
            opt("flags", Flags),
            opt("lowerBound", BOUND),
            opt("upperBound", BOUND),
            opt("stride", BOUND),
            opt("bias", BOUND),
        ],
    ),
    (
        "DISubrange",
        &[opt("count", SignedOrMd(-1)), opt("lowerBound", BOUND), opt("upperBound", BOUND), opt("stride", BOUND)],
    ),
    (
        "DIGenericSubrange",
        &[opt("count", BOUND), opt("lowerBound", BOUND), opt("upperBound", BOUND), opt("stride", BOUND)],
    ),
    ("DIEnumerator", &[req("name", Str), req("value", Int), opt("isUnsigned", Bool)]),
    (
        "DIBasicType",
        &[
            opt("tag", Tag),
            opt("name", Str),
            opt("size", SIZE),
            opt("align", U32),
            opt("dataSize", U32),
            opt("encoding", AttEncoding),
            opt("num_extra_inhabitants", U32),
            opt("flags", Flags),
        ],
    ),
    (
        "DIFixedPointType",
        &[
            opt("tag", Tag),
            opt("name", Str),
            opt("size", SIZE),
            opt("align", U32),
            opt("encoding", AttEncoding),
            opt("flags", Flags),
            opt("kind", FixedPointKind),
            opt("factor", Signed(i64::MIN, i64::MAX)),
            opt("numerator", Int),
            opt("denominator", Int),
        ],
    ),
    (
        "DIStringType",
        &[
            opt("tag", Tag),
            opt("name", Str),
            opt("stringLength", Md),
            opt("stringLengthExpression", Md),
            opt("stringLocationExpression", Md),
            opt("size", SIZE),
            opt("align", U32),
            opt("encoding", AttEncoding),
        ],
    ),
    (
        "DIDerivedType",
        &[
            req("tag", Tag),
            opt("name", Str),
            opt("file", Md),
            opt("line", LINE),
            opt("scope", Md),
            req("baseType", Md),
            opt("size", SIZE),
            opt("align", U32),
            opt("offset", SIZE),
            opt("flags", Flags),
            opt("extraData", Md),
            opt("dwarfAddressSpace", U32),
            opt("annotations", Md),
            opt("ptrAuthKey", Unsigned(7)),
            opt("ptrAuthIsAddressDiscriminated", Bool),
            opt("ptrAuthExtraDiscriminator", Unsigned(0xffff)),
            opt("ptrAuthIsaPointer", Bool),
            opt("ptrAuthAuthenticatesNullValues", Bool),
        ],
    ),
    (
        "DICompositeType",
        &[
            req("tag", Tag),
            opt("name", Str),
            opt("file", Md),
            opt("line", LINE),
            opt("scope", Md),
            opt("baseType", Md),
            opt("size", SIZE),
            opt("align", U32),
            opt("offset", SIZE),
            opt("flags", Flags),
            opt("elements", Md),
            opt("runtimeLang", Lang),
            opt("enumKind", EnumKind),
            opt("vtableHolder", Md),
            opt("templateParams", Md),
            opt("identifier", Str),
            opt("discriminator", Md),
            opt("dataLocation", Md),
            opt("associated", Md),
            opt("allocated", Md),
            opt("rank", BOUND),
            opt("annotations", Md),
            opt("num_extra_inhabitants", U32),
            opt("specification", Md),
            opt("bitStride", Md),
        ],
    ),
    ("DISubroutineType", &[opt("flags", Flags), opt("cc", CallingConv), req("types", Md)]),
    (
        "DIFile",
        &[
            req("filename", Str),
            req("directory", Str),
            opt("checksumkind", ChecksumKind),
            opt("checksum", Str),
            opt("source", Str),
        ],
    ),
    (
        "DICompileUnit",
        &[
            req("file", MdNonNull),
            opt("language", Lang),
            opt("sourceLanguageName", SourceLangName),
            opt("sourceLanguageVersion", U32),
            opt("producer", Str),
            opt("isOptimized", Bool),
            opt("flags", Str),
            opt("runtimeVersion", U32),
            opt("splitDebugFilename", Str),
            opt("emissionKind", EmissionKind),
            opt("enums", Md),
            opt("retainedTypes", Md),
            opt("globals", Md),
            opt("imports", Md),
            opt("macros", Md),
            opt("dwoId", U64),
            opt("splitDebugInlining", Bool),
            opt("debugInfoForProfiling", Bool),
            opt("nameTableKind", NameTableKind),
            opt("rangesBaseAddress", Bool),
            opt("sysroot", Str),
            opt("sdk", Str),
        ],
    ),
    (
        "DISubprogram",
        &[
            opt("scope", Md),
            opt("name", Str),
            opt("linkageName", Str),
            opt("file", Md),
            opt("line", LINE),
            opt("type", Md),
            opt("isLocal", Bool),
            opt("isDefinition", Bool),
            opt("scopeLine", LINE),
            opt("containingType", Md),
            opt("virtuality", Virtuality),
            opt("virtualIndex", U32),
            opt("thisAdjustment", Signed(i32::MIN as i64, i32::MAX as i64)),
            opt("flags", Flags),
            opt("spFlags", SpFlags),
            opt("isOptimized", Bool),
            opt("unit", Md),
            opt("templateParams", Md),
            opt("declaration", Md),
            opt("retainedNodes", Md),
            opt("thrownTypes", Md),
            opt("annotations", Md),
            opt("targetFuncName", Str),
            opt("keyInstructions", Bool),
        ],
    ),
    ("DILexicalBlock", &[req("scope", MdNonNull), opt("file", Md), opt("line", LINE), opt("column", COLUMN)]),
    ("DILexicalBlockFile", &[req("scope", MdNonNull), opt("file", Md), req("discriminator", U32)]),
    (
        "DICommonBlock",
        &[req("scope", Md), opt("declaration", Md), opt("name", Str), opt("file", Md), opt("line", LINE)],
    ),
    ("DINamespace", &[req("scope", Md), opt("name", Str), opt("exportSymbols", Bool)]),
    ("DIMacro", &[req("type", Macinfo), opt("line", LINE), req("name", Str), opt("value", Str)]),
    ("DIMacroFile", &[opt("type", Macinfo), opt("line", LINE), req("file", Md), opt("nodes", Md)]),
    (
        "DIModule",
        &[
            req("scope", Md),
            req("name", Str),
            opt("configMacros", Str),
            opt("includePath", Str),
            opt("apinotes", Str),
            opt("file", Md),
            opt("line", LINE),
            opt("isDecl", Bool),
        ],
    ),
    ("DITemplateTypeParameter", &[opt("name", Str), req("type", Md), opt("defaulted", Bool)]),
    (
        "DITemplateValueParameter",
        &[opt("tag", Tag), opt("name", Str), opt("type", Md), opt("defaulted", Bool), req("value", Md)],
    ),
    (
        "DIGlobalVariable",
        &[
            opt("name", StrNonEmpty),
            opt("scope", Md),
            opt("linkageName", Str),
            opt("file", Md),
            opt("line", LINE),
            opt("type", Md),
            opt("isLocal", Bool),
            opt("isDefinition", Bool),
            opt("templateParams", Md),
            opt("declaration", Md),
            opt("align", U32),
            opt("annotations", Md),
        ],
    ),
    (
        "DILocalVariable",
        &[
            req("scope", MdNonNull),
            opt("name", Str),
            opt("arg", Unsigned(u16::MAX as u64)),
            opt("file", Md),
            opt("line", LINE),
            opt("type", Md),
            opt("flags", Flags),
            opt("align", U32),
            opt("annotations", Md),
        ],
    ),
    (
        "DILabel",
        &[
            req("scope", MdNonNull),
            req("name", Str),
            req("file", Md),
            req("line", LINE),
            opt("column", COLUMN),
            opt("isArtificial", Bool),
            opt("coroSuspendIdx", U64),
        ],
    ),
    ("DIGlobalVariableExpression", &[req("var", Md), req("expr", Md)]),
    (
        "DIObjCProperty",
        &[
            opt("name", Str),
            opt("file", Md),
            opt("line", LINE),
            opt("setter", Str),
            opt("getter", Str),
            opt("attributes", U32),
            opt("type", Md),
        ],
    ),
    (
        "DIImportedEntity",
        &[
            req("tag", Tag),
            req("scope", Md),
            opt("entity", Md),
            opt("file", Md),
            opt("line", LINE),
            opt("name", Str),
            opt("elements", Md),
        ],
    ),
];

/// The fields of node kind `node`, or `None` for a kind read apart.
pub(crate) fn node_fields(node: &str) -> Option<&'static [Field]> {
    NODES.iter().find(|(n, _)| *n == node).map(|(_, f)| *f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        for (node, fields) in NODES {
            assert!(super::super::dwarf::is_specialized_node(node), "{node}");
            assert!(fields.len() <= 64, "{node}: the reader keeps the fields seen in a u64");
            for (i, f) in fields.iter().enumerate() {
                assert!(fields[..i].iter().all(|g| g.name != f.name), "{node}.{} twice", f.name);
            }
        }
    }
}

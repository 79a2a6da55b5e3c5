//! What LLVM 22 accepts in specialised metadata: the node kinds, and the
//! fields whose values are DWARF enumerations checked when read (other
//! fields are kept verbatim).

/// The specialised node kinds LLVM 22 reads (`!DIArgList` only as a
/// function-local operand, not here).
pub fn is_specialized_node(name: &str) -> bool {
    matches!(
        name,
        "DILocation"
            | "DIExpression"
            | "DIGlobalVariableExpression"
            | "GenericDINode"
            | "DISubrange"
            | "DIEnumerator"
            | "DIBasicType"
            | "DIFixedPointType"
            | "DIDerivedType"
            | "DICompositeType"
            | "DISubroutineType"
            | "DIFile"
            | "DICompileUnit"
            | "DISubprogram"
            | "DILexicalBlock"
            | "DILexicalBlockFile"
            | "DINamespace"
            | "DIModule"
            | "DITemplateTypeParameter"
            | "DITemplateValueParameter"
            | "DIGlobalVariable"
            | "DILocalVariable"
            | "DILabel"
            | "DIObjCProperty"
            | "DIImportedEntity"
            | "DIAssignID"
            | "DIMacro"
            | "DIMacroFile"
            | "DICommonBlock"
            | "DIStringType"
            | "DIGenericSubrange"
            | "DISubrangeType"
    )
}

/// The DWARF calling conventions LLVM 22 knows by name.
const CALLING_CONVENTIONS: &[&str] = &[
    "DW_CC_normal",
    "DW_CC_program",
    "DW_CC_nocall",
    "DW_CC_pass_by_reference",
    "DW_CC_pass_by_value",
    "DW_CC_GNU_renesas_sh",
    "DW_CC_GNU_borland_fastcall_i386",
    "DW_CC_BORLAND_safecall",
    "DW_CC_BORLAND_stdcall",
    "DW_CC_BORLAND_pascal",
    "DW_CC_BORLAND_msfastcall",
    "DW_CC_BORLAND_msreturn",
    "DW_CC_BORLAND_thiscall",
    "DW_CC_BORLAND_fastcall",
    "DW_CC_LLVM_vectorcall",
    "DW_CC_LLVM_Win64",
    "DW_CC_LLVM_X86_64SysV",
    "DW_CC_LLVM_AAPCS",
    "DW_CC_LLVM_AAPCS_VFP",
    "DW_CC_LLVM_IntelOclBicc",
    "DW_CC_LLVM_SpirFunction",
    "DW_CC_LLVM_DeviceKernel",
    "DW_CC_LLVM_Swift",
    "DW_CC_LLVM_PreserveMost",
    "DW_CC_LLVM_PreserveAll",
    "DW_CC_LLVM_X86RegCall",
    "DW_CC_LLVM_M68kRTD",
    "DW_CC_LLVM_PreserveNone",
    "DW_CC_LLVM_RISCVVectorCall",
    "DW_CC_LLVM_SwiftTail",
    "DW_CC_LLVM_RISCVVLSCall",
    "DW_CC_GDB_IBM_OpenCL",
];

fn is_unsigned(v: &str) -> bool {
    !v.is_empty() && v.bytes().all(|c| c.is_ascii_digit())
}

/// Checks the verbatim value `v` of field `key`, for the fields whose
/// values LLVM checks against a DWARF enumeration while reading.
pub fn check_field(key: &str, v: &str) -> Result<(), String> {
    match key {
        "language" if !(is_unsigned(v) || v.starts_with("DW_LANG_")) => Err("expected DWARF language".into()),
        "cc" if is_unsigned(v) => {
            if v.parse::<u32>().is_ok_and(|n| n <= 255) {
                Ok(())
            } else {
                Err("value for 'cc' too large, limit is 255".into())
            }
        }
        "cc" if v.starts_with("DW_CC_") && !CALLING_CONVENTIONS.contains(&v) => {
            Err(format!("invalid DWARF calling convention '{v}'"))
        }
        "cc" if !v.starts_with("DW_CC_") => Err("expected DWARF calling convention".into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_checked_like_llvm() {
        assert!(check_field("language", "DW_LANG_OpenCL").is_ok());
        assert_eq!(check_field("language", "INPUT_LANGUAGE").unwrap_err(), "expected DWARF language");
        assert!(check_field("cc", "DW_CC_LLVM_DeviceKernel").is_ok());
        assert_eq!(
            check_field("cc", "DW_CC_LLVM_OpenCLKernel").unwrap_err(),
            "invalid DWARF calling convention 'DW_CC_LLVM_OpenCLKernel'"
        );
        assert!(check_field("cc", "256").is_err());
        assert!(is_specialized_node("DILocation") && !is_specialized_node("MDLocation"));
    }
}

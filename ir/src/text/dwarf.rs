//! What LLVM 22 accepts in specialised metadata: the node kinds (their
//! fields are in `di_fields.rs`).

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_kinds() {
        assert!(is_specialized_node("DILocation") && !is_specialized_node("MDLocation"));
    }
}

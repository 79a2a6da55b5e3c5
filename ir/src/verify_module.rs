//! Module-level verifier rules, with LLVM's messages: the types of global
//! variables, aliases, and the module flags (`!llvm.module.flags`, as
//! LLVM's `visitModuleFlags`).

use crate::ConstKind;
use crate::metadata::{MdBody, MdId, MdOperand};
use crate::module::Module;
use crate::verify::VerifyError;
use rustc_hash::FxHashMap;

fn md_error(md: MdId, message: &str, notes: Vec<String>) -> VerifyError {
    VerifyError { func: None, inst: None, block: None, md: Some(md), message: message.into(), notes }
}

fn str_note(s: &[u8]) -> String {
    format!("!\"{}\"", String::from_utf8_lossy(s))
}

fn is_int(m: &Module, op: &MdOperand) -> bool {
    matches!(op, MdOperand::Const(c) if m.types.is_int(c.ty)
        && matches!(c.kind, ConstKind::Int(_) | ConstKind::WideInt(_) | ConstKind::Zero))
}

/// The module-level findings of `m`.
pub fn verify_module_level(m: &Module) -> Vec<VerifyError> {
    let mut errors = Vec::new();
    crate::verify_globals::verify_global_vars(m, &mut errors);
    crate::verify_alias::verify_aliases_and_ifuncs(m, &mut errors);
    verify_module_flags(m, &mut errors);
    errors
}

/// Behaviours: 1 error, 2 warning, 3 require, 4 override, 5 append,
/// 6 append-unique, 7 max, 8 min.
fn verify_module_flags(m: &Module, errors: &mut Vec<VerifyError>) {
    let Some(flags) = m.metadata.named.get("llvm.module.flags") else { return };
    // Flag id -> its node, for the flags that are not requirements.
    let mut seen: FxHashMap<&[u8], MdId> = FxHashMap::default();
    let mut requirements: Vec<(MdId, &[u8], &MdOperand)> = Vec::new();
    for &flag in flags {
        // A specialized node (`!DICompileUnit(...)`) is no flag either: its
        // operands are not a behaviour, an id and a value (opt counts them
        // first, as here).
        let MdBody::Tuple(ops) = &m.metadata.nodes[flag].body else {
            errors.push(md_error(flag, "incorrect number of operands in module flag", vec![]));
            continue;
        };
        if ops.len() != 3 {
            errors.push(md_error(flag, "incorrect number of operands in module flag", vec![]));
            continue;
        }
        let behavior = match &ops[0] {
            MdOperand::Const(c) if is_int(m, &ops[0]) => c.as_int().unwrap_or(0),
            _ => {
                errors.push(md_error(
                    flag,
                    "invalid behavior operand in module flag (expected constant integer)",
                    vec![],
                ));
                continue;
            }
        };
        if !(1..=8).contains(&behavior) {
            errors.push(md_error(flag, "invalid behavior operand in module flag (unexpected constant)", vec![]));
            continue;
        }
        let MdOperand::Str(id) = &ops[1] else {
            errors.push(md_error(flag, "invalid ID operand in module flag (expected metadata string)", vec![]));
            continue;
        };
        let value = &ops[2];
        match behavior {
            8 => {
                let non_negative = match value {
                    MdOperand::Const(c) if is_int(m, value) => c.as_sint(&m.types).is_some_and(|v| v >= 0),
                    _ => false,
                };
                if !non_negative {
                    errors.push(md_error(
                        flag,
                        "invalid value for 'min' module flag (expected constant non-negative integer)",
                        vec![],
                    ));
                    continue;
                }
            }
            7 if !is_int(m, value) => {
                errors.push(md_error(flag, "invalid value for 'max' module flag (expected constant integer)", vec![]));
                continue;
            }
            3 => {
                let pair = match value {
                    MdOperand::Node(n) => match &m.metadata.nodes[*n].body {
                        MdBody::Tuple(p) if p.len() == 2 => Some(p),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(pair) = pair else {
                    errors.push(md_error(
                        flag,
                        "invalid value for 'require' module flag (expected metadata pair)",
                        vec![],
                    ));
                    continue;
                };
                let MdOperand::Str(name) = &pair[0] else {
                    errors.push(md_error(
                        flag,
                        "invalid value for 'require' module flag (first value operand should be a string)",
                        vec![],
                    ));
                    continue;
                };
                requirements.push((flag, name, &pair[1]));
            }
            5 | 6 if !matches!(value, MdOperand::Node(_)) => {
                errors.push(md_error(
                    flag,
                    "invalid value for 'append'-type module flag (expected a metadata node)",
                    vec![],
                ));
                continue;
            }
            _ => {}
        }
        if behavior != 3 && seen.insert(id, flag).is_some() {
            errors.push(md_error(
                flag,
                "module flag identifiers must be unique (or of 'require' type)",
                vec![str_note(id)],
            ));
            continue;
        }
        for key in ["wchar_size", "SemanticInterposition"] {
            if **id == *key.as_bytes() && !is_int(m, value) {
                errors.push(md_error(flag, &format!("{key} metadata requires constant integer argument"), vec![]));
            }
        }
    }
    for (req, name, want) in requirements {
        let Some(&flag) = seen.get(name) else {
            errors.push(md_error(
                req,
                "invalid requirement on flag, flag is not present in module",
                vec![str_note(name)],
            ));
            continue;
        };
        let MdBody::Tuple(ops) = &m.metadata.nodes[flag].body else { continue };
        // Nodes are compared by identity in LLVM, where equal tuples are
        // one node; here they may be two, so only operands that are not
        // nodes are compared.
        let differs = match (&ops[2], want) {
            (MdOperand::Node(_), _) | (_, MdOperand::Node(_)) => false,
            (a, b) => a != b,
        };
        if differs {
            errors.push(md_error(
                req,
                "invalid requirement on flag, flag does not have the required value",
                vec![str_note(name)],
            ));
        }
    }
}

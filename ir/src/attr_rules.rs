//! Where each attribute may appear, and on which types, as LLVM 22 rules
//! it: the reader refuses a parameter or return attribute among function
//! attributes (and the reverse), the verifier an attribute on a value of a
//! type it does not apply to. Messages are LLVM's.

use crate::attrs::{Attr, AttrSet};
use crate::inst::CallInfo;
use crate::module::{FuncDecl, FuncId, Module};
use crate::types::{Type, TypeData, TypeTable};
use crate::verify::VerifyError;

/// Attributes of parameters and return values only (`align` is also the
/// alignment of a function, and so read among function attributes).
const VALUE_ONLY: &[&str] = &[
    "allocalign",
    "allocptr",
    "byref",
    "byval",
    "captures",
    "dead_on_return",
    "dead_on_unwind",
    "dereferenceable",
    "dereferenceable_or_null",
    "elementtype",
    "immarg",
    "inalloca",
    "initializes",
    "inreg",
    "nest",
    "noalias",
    "nocapture",
    "noext",
    "nofpclass",
    "nonnull",
    "noundef",
    "preallocated",
    "range",
    "returned",
    "signext",
    "sret",
    "swiftasync",
    "swifterror",
    "swiftself",
    "writable",
    "zeroext",
];

/// Attributes of functions that parameters may carry too.
const FUNCTION_AND_VALUE: &[&str] = &["alignstack", "nofree", "readnone", "readonly", "writeonly"];

/// Whether keyword attribute `key` may be a function attribute.
pub fn applies_to_functions(key: &str) -> bool {
    !VALUE_ONLY.contains(&key)
}

/// Whether keyword attribute `key` may be a parameter attribute.
pub fn applies_to_params(key: &str) -> bool {
    key == "align" || VALUE_ONLY.contains(&key) || FUNCTION_AND_VALUE.contains(&key)
}

/// How LLVM names attribute `a` in a message.
fn describe(types: &TypeTable, a: &Attr) -> String {
    match a {
        Attr::Flag(k) => k.to_string(),
        Attr::Int(k, v) if &**k == "align" => format!("align {v}"),
        Attr::Int(k, v) => format!("{k}({v})"),
        Attr::Type(k, t) => format!("{k}({})", types.display(*t)),
        Attr::Paren(k, p) => format!("{k}({p})"),
        Attr::Str(k, Some(v)) => format!("\"{k}\"=\"{v}\""),
        Attr::Str(k, None) => format!("\"{k}\""),
    }
}

/// Whether attribute `a` cannot be on a value of type `ty` (LLVM's
/// `typeIncompatible`, for the attributes whose rule is plain).
fn incompatible(types: &TypeTable, a: &Attr, ty: Type) -> bool {
    let scalar = types.scalar(ty);
    let int = types.is_int(scalar);
    let ptr = types.is_ptr(ty);
    match a.key() {
        "signext" | "zeroext" | "range" => !int,
        // A vector of pointers may be aligned, but no more.
        "align" => !types.is_ptr(scalar),
        "noalias"
        | "nonnull"
        | "nocapture"
        | "captures"
        | "dereferenceable"
        | "dereferenceable_or_null"
        | "nest"
        | "writable"
        | "dead_on_unwind"
        | "dead_on_return"
        | "initializes"
        | "readnone"
        | "readonly"
        | "byval"
        | "byref"
        | "inalloca"
        | "preallocated"
        | "sret"
        | "swifterror" => !ptr,
        "noundef" => ty == Type::VOID,
        "nofpclass" => !nofpclass_type(types, ty),
        _ => false,
    }
}

/// Floating-point types, possibly in vectors, arrays or literal structs.
fn nofpclass_type(types: &TypeTable, ty: Type) -> bool {
    let mut t = ty;
    loop {
        match types.get(t) {
            TypeData::Float(_) => return true,
            TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => t = *elem,
            // Structs of floating-point members qualify; their members are
            // not examined here.
            TypeData::Struct { .. } => return true,
            _ => return false,
        }
    }
}

/// The first problem with the attributes of `set` on a value of type `ty`.
fn check_value_attrs(types: &TypeTable, set: &AttrSet, ty: Type) -> Option<String> {
    // `sret` and `inreg` together count once.
    let exclusive = ["byval", "inalloca", "preallocated", "nest", "byref"];
    let count =
        set.iter().filter(|a| exclusive.contains(&a.key())).count() + usize::from(set.has("sret") || set.has("inreg"));
    if count > 1 {
        return Some(
            "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!"
                .into(),
        );
    }
    set.iter()
        .find(|a| incompatible(types, a, ty))
        .map(|a| format!("Attribute '{}' applied to incompatible type!", describe(types, a)))
}

/// The first problem with return attributes `ret_attrs` on a value of type
/// `ret` and with each parameter's attributes on its type (LLVM checks a
/// declaration and a call site alike): a type an attribute does not apply
/// to, or `immarg` where the function is not an intrinsic.
fn value_attrs_problem<'s>(
    types: &TypeTable,
    ret_attrs: &AttrSet,
    ret: Type,
    params: impl IntoIterator<Item = (&'s AttrSet, Type)>,
    intrinsic: bool,
) -> Option<String> {
    if let Some(message) = check_value_attrs(types, ret_attrs, ret) {
        return Some(message);
    }
    for (set, ty) in params {
        if let Some(message) = check_value_attrs(types, set, ty) {
            return Some(message);
        }
        if !intrinsic && set.has("immarg") {
            return Some("immarg attribute only applies to intrinsics".into());
        }
    }
    None
}

/// The attribute findings of function `fid`'s declaration: return and
/// parameter attributes on values of types they do not apply to.
pub fn verify_decl_attrs(m: &Module, fid: FuncId) -> Option<VerifyError> {
    let d = m.func(fid)?;
    // An intrinsic's attributes are its table's (reading may have
    // upgraded its signature under the attributes it was written with).
    if d.is_intrinsic() {
        return None;
    }
    let (ret, params, _) = m.types.fn_sig(d.ty)?;
    let message = fn_attrs_conflict(&d.fn_attrs).or_else(|| {
        value_attrs_problem(&m.types, &d.ret_attrs, ret, d.param_attrs.iter().zip(params.iter().copied()), false)
    })?;
    let mut name = String::new();
    let _ = crate::text::names::write_ident(&mut name, &d.name);
    Some(VerifyError {
        md: None,
        func: Some(fid),
        inst: None,
        block: None,
        message,
        notes: vec![format!("ptr @{name}")],
    })
}

/// Function attributes that exclude each other, in the order and words of
/// LLVM's verifier.
fn fn_attrs_conflict(a: &AttrSet) -> Option<String> {
    let conflict = |x: &str, y: &str| a.has(x) && a.has(y);
    if conflict("noinline", "alwaysinline") {
        return Some("Attributes 'noinline and alwaysinline' are incompatible!".into());
    }
    if a.has("optnone") {
        if !a.has("noinline") {
            return Some("Attribute 'optnone' requires 'noinline'!".into());
        }
        for other in ["optsize", "minsize", "optdebug"] {
            if a.has(other) {
                return Some(format!("Attributes '{other} and optnone' are incompatible!"));
            }
        }
    }
    conflict("optsize", "optdebug").then(|| "Attributes 'optsize and optdebug' are incompatible!".into())
}

/// The attribute findings of a call site, as for a declaration: its return
/// attributes against the called type's return type, each argument's
/// against the argument's type. `callee` is the called function when the
/// call is direct. Calls of intrinsics are left alone, as their
/// declarations are (reading may have upgraded them). An `immarg` the
/// callee's declaration does not have is a second finding.
pub fn call_attr_problems(m: &Module, ci: &CallInfo, arg_tys: &[Type], callee: Option<&FuncDecl>) -> Vec<String> {
    if callee.is_some_and(FuncDecl::is_intrinsic) {
        return Vec::new();
    }
    let Some((ret, _, _)) = m.types.fn_sig(ci.fn_ty) else { return Vec::new() };
    let params = ci.param_attrs.iter().zip(arg_tys.iter().copied());
    let mut found: Vec<String> = value_attrs_problem(&m.types, &ci.ret_attrs, ret, params, false).into_iter().collect();
    let only_here = ci.param_attrs.iter().enumerate().any(|(k, set)| {
        set.has("immarg") && !callee.and_then(|d| d.param_attrs.get(k)).is_some_and(|s| s.has("immarg"))
    });
    if only_here {
        found.push("immarg may not apply only to call sites".into());
    }
    found
}

/// The message for function attributes of a call site that apply to no
/// function (`align`, which only a function header may give).
pub fn call_fn_attr_problem(types: &TypeTable, fn_attrs: &AttrSet) -> Option<String> {
    fn_attrs
        .iter()
        .find(|a| a.key() == "align")
        .map(|a| format!("Attribute '{}' does not apply to functions!", describe(types, a)))
}

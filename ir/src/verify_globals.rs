//! Verifier rules for global variables and for what every global value
//! shares (linkage, comdat, DLL storage, `!associated`), with LLVM 22's
//! messages and order. LLVM stops at a variable's first problem, so each
//! variable gets at most one finding.

use crate::constant::{Const, ConstExpr, ConstKind};
use crate::metadata::{MdBody, MdOperand};
use crate::module::{Global, GlobalId, GlobalProps, GlobalVar, Module};
use crate::types::TypeData;
use crate::verify::VerifyError;

/// A finding about global `g`, with its notes.
struct Finding {
    message: String,
    notes: Vec<Note>,
}

/// What LLVM prints after a message: the global, a constant, a type or a
/// metadata node.
enum Note {
    Global,
    Const(Const),
    Type(crate::Type),
    Md(crate::MdId),
}

impl Finding {
    fn at_global(message: impl Into<String>) -> Finding {
        Finding { message: message.into(), notes: vec![Note::Global] }
    }
}

/// The findings about global variables, in module order.
pub(crate) fn verify_global_vars(m: &Module, errors: &mut Vec<VerifyError>) {
    let mut printer = None;
    for g in m.variables() {
        let Some(v) = m.var(g) else { continue };
        if let Some(f) = var_finding(m, g, v) {
            errors.push(render(m, g, f, &mut printer));
        }
    }
}

/// The findings every global value shares, for a function, alias or ifunc
/// (variables get theirs from [`verify_global_vars`]).
pub(crate) fn global_value_errors(m: &Module, g: GlobalId) -> Vec<VerifyError> {
    let mut printer = None;
    global_value_findings(m, g).into_iter().map(|f| render(m, g, f, &mut printer)).collect()
}

fn render<'m>(
    m: &'m Module,
    g: GlobalId,
    f: Finding,
    printer: &mut Option<crate::text::ModulePrinter<'m>>,
) -> VerifyError {
    let mut notes = Vec::with_capacity(f.notes.len());
    for n in f.notes {
        notes.push(match n {
            Note::Global => global_note(m, g),
            Note::Type(t) => format!(" {}", m.types.display(t)),
            Note::Const(c) => {
                let p = printer.get_or_insert_with(|| crate::text::ModulePrinter::new(m));
                let mut text = format!("{} ", m.types.display(c.ty));
                p.write_const(&mut text, &c);
                text
            }
            Note::Md(md) => printer.get_or_insert_with(|| crate::text::ModulePrinter::new(m)).md_definition(md),
        });
    }
    // Located at the global (`func` names any global without `inst`).
    VerifyError { func: Some(g), inst: None, block: None, md: None, message: f.message, notes }
}

fn global_note(m: &Module, g: GlobalId) -> String {
    let mut name = String::new();
    let _ = crate::text::names::write_ident(&mut name, m.globals[g].name());
    match m.globals[g].props().map_or(0, |p| p.addrspace) {
        0 => format!("ptr @{name}"),
        a => format!("ptr addrspace({a}) @{name}"),
    }
}

/// A variable's first problem, in LLVM's order.
fn var_finding(m: &Module, g: GlobalId, v: &GlobalVar) -> Option<Finding> {
    let t = &m.types;
    let linkage = v.props.linkage.as_deref();
    if let Some(init) = &v.init {
        if !t.is_sized(v.ty) {
            return Some(Finding::at_global("Global variable initializer must be sized"));
        }
        if linkage == Some("common") {
            if !init.is_zero_value() {
                return Some(Finding::at_global("'common' global must have a zero initializer!"));
            }
            if v.is_constant {
                return Some(Finding::at_global("'common' global may not be marked constant!"));
            }
            if v.props.comdat.is_some() {
                return Some(Finding::at_global("'common' global may not be in a Comdat!"));
            }
        }
    }
    let name: &str = &v.name;
    let list = match name {
        "llvm.global_ctors" | "llvm.global_dtors" => list_use_finding(m, g, v).or_else(|| structor_list_finding(m, v)),
        "llvm.used" | "llvm.compiler.used" => list_use_finding(m, g, v).or_else(|| used_list_finding(m, v)),
        _ => None,
    };
    if list.is_some() {
        return list;
    }
    if t.is_scalable(v.ty) {
        return Some(Finding::at_global("Globals cannot contain scalable types"));
    }
    if t.contains_target_ext(v.ty, |d| !d.can_be_global) {
        return Some(Finding {
            message: format!("Global @{} has illegal target extension type", v.name),
            notes: vec![Note::Type(v.ty)],
        });
    }
    global_value_findings(m, g).into_iter().next()
}

/// An intrinsic list (`llvm.global_ctors`, `llvm.used`, ...), when it has
/// an initializer, appends to the lists of other modules; and nothing may
/// use it.
fn list_use_finding(m: &Module, g: GlobalId, v: &GlobalVar) -> Option<Finding> {
    if v.init.is_some() && v.props.linkage.as_deref() != Some("appending") {
        return Some(Finding::at_global("invalid linkage for intrinsic global variable"));
    }
    if is_used(m, g) {
        return Some(Finding::at_global("invalid uses of intrinsic global variable"));
    }
    None
}

/// `llvm.global_ctors` / `llvm.global_dtors`: an array of
/// `{ i32 priority, ptr function, ptr data }`.
fn structor_list_finding(m: &Module, v: &GlobalVar) -> Option<Finding> {
    let t = &m.types;
    let TypeData::Array { elem, .. } = t.get(v.ty) else { return None };
    let program = m.data_layout().program_addrspace();
    let fields: &[crate::Type] = match t.get(*elem) {
        TypeData::Struct { fields, .. } => fields,
        _ => &[],
    };
    let shape_ok = matches!(fields.len(), 2 | 3)
        && fields[0] == crate::Type::I32
        && matches!(t.get(fields[1]), TypeData::Ptr(a) if *a == program);
    if !shape_ok {
        return Some(Finding::at_global("wrong type for intrinsic global variable"));
    }
    if fields.len() != 3 {
        return Some(Finding {
            message: "the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form".into(),
            notes: Vec::new(),
        });
    }
    if !matches!(t.get(fields[2]), TypeData::Ptr(_)) {
        return Some(Finding::at_global("wrong type for intrinsic global variable"));
    }
    None
}

/// `llvm.used` / `llvm.compiler.used`: an array of pointers, each member
/// a named variable, function or alias.
fn used_list_finding(m: &Module, v: &GlobalVar) -> Option<Finding> {
    let t = &m.types;
    let TypeData::Array { elem, .. } = t.get(v.ty) else { return None };
    if !matches!(t.get(*elem), TypeData::Ptr(_)) {
        return Some(Finding::at_global("wrong type for intrinsic global variable"));
    }
    let init = v.init.as_ref()?;
    // Every element null, undef or poison folds to one constant, which is
    // no array of members.
    let ConstKind::Aggregate(members) = &init.kind else {
        return Some(Finding {
            message: "wrong initializer for intrinsic global variable".into(),
            notes: vec![Note::Const(init.clone())],
        });
    };
    for member in members.iter() {
        let stripped = strip_pointer_casts(member);
        let ConstKind::Global(target) = stripped.kind else {
            return Some(Finding {
                message: format!("invalid {} member", v.name),
                notes: vec![Note::Const(stripped.clone())],
            });
        };
        if !matches!(m.globals[target], Global::Var(_) | Global::Func(_) | Global::Alias(_)) {
            return Some(Finding {
                message: format!("invalid {} member", v.name),
                notes: vec![Note::Const(stripped.clone())],
            });
        }
        if is_unnamed(m.globals[target].name()) {
            return Some(Finding {
                message: format!("members of {} must be named", v.name),
                notes: vec![Note::Const(stripped.clone())],
            });
        }
    }
    None
}

/// A numbered global (`@0`) has no name.
fn is_unnamed(name: &str) -> bool {
    crate::text::names::numbered(name).is_some()
}

/// `c` without the casts and all-zero `getelementptr`s that leave the
/// address unchanged.
fn strip_pointer_casts(c: &Const) -> &Const {
    let mut c = c;
    loop {
        let ConstKind::Expr(e) = &c.kind else { return c };
        match &**e {
            ConstExpr::Cast(op, x) if matches!(op.keyword(), "bitcast" | "addrspacecast") => c = x,
            ConstExpr::Gep { base, indices, .. } if indices.iter().all(Const::is_zero_value) => c = base,
            _ => return c,
        }
    }
}

/// Whether anything in the module takes `g`'s address: another global's
/// initializer, alias or function operand, or an instruction operand.
fn is_used(m: &Module, g: GlobalId) -> bool {
    let mentions = |c: &Const| {
        let mut found = false;
        crate::constant::for_each_const(c, &mut |x| found |= x.kind.named_global() == Some(g));
        found
    };
    let in_globals = m.globals.iter().any(|(_, global)| match global {
        Global::Var(v) => v.init.as_ref().is_some_and(mentions),
        Global::Alias(a) => mentions(&a.target),
        Global::Func(d) => [&d.personality, &d.prefix, &d.prologue].into_iter().flatten().any(mentions),
        Global::Undefined(_) => false,
    });
    in_globals
        || m.functions().filter_map(|f| m.body(f)).any(|f| {
            let dfg = f.dfg();
            f.layout().blocks().any(|b| {
                f.layout()
                    .block_insts(b)
                    .any(|i| dfg.inst(i).args.iter().any(|&a| dfg.value_const(a).is_some_and(mentions)))
            })
        })
}

/// What every global value is held to, in LLVM's order: `!associated`,
/// appending only for arrays, no comdat on a declaration, DLL storage
/// consistent with visibility and linkage.
fn global_value_findings(m: &Module, g: GlobalId) -> Vec<Finding> {
    let Some(props) = m.globals[g].props() else { return Vec::new() };
    let mut found = Vec::new();
    let is_object = matches!(m.globals[g], Global::Var(_) | Global::Func(_));
    let associated = props.metadata.iter().find(|(k, _)| &**k == "associated").filter(|_| is_object);
    found.extend(associated.and_then(|&(_, md)| associated_finding(m, g, md)));
    let linkage = props.linkage.as_deref();
    if linkage == Some("appending") {
        match m.var(g) {
            None => found.push(Finding::at_global("Only global variables can have appending linkage!")),
            Some(v) if !matches!(m.types.get(v.ty), TypeData::Array { .. }) => {
                found.push(Finding::at_global("Only global arrays can have appending linkage!"))
            }
            Some(_) => {}
        }
    }
    if props.comdat.is_some() && declaration_for_linker(m, g, props) {
        found.push(Finding::at_global("Declaration may not be in a Comdat!"));
    }
    let visibility = props.visibility.as_deref();
    match props.dll_storage.as_deref() {
        Some("dllexport") if visibility == Some("hidden") => {
            found.push(Finding::at_global("dllexport GlobalValue must have default or protected visibility"))
        }
        Some("dllimport") => {
            if visibility.is_some() {
                found.push(Finding::at_global("dllimport GlobalValue must have default visibility"));
            } else {
                let declared = is_declaration(m, g) && matches!(linkage, None | Some("external" | "extern_weak"));
                if !declared && linkage != Some("available_externally") {
                    found.push(Finding::at_global("Global is marked as dllimport, but not external"));
                }
            }
        }
        _ => {}
    }
    found
}

fn is_declaration(m: &Module, g: GlobalId) -> bool {
    match &m.globals[g] {
        Global::Func(_) => !m.has_body(g),
        Global::Var(v) => v.init.is_none(),
        Global::Alias(_) | Global::Undefined(_) => false,
    }
}

fn declaration_for_linker(m: &Module, g: GlobalId, props: &GlobalProps) -> bool {
    is_declaration(m, g) || props.linkage.as_deref() == Some("available_externally")
}

/// `!associated !N`: one operand, a pointer value, not the global itself.
fn associated_finding(m: &Module, g: GlobalId, md: crate::MdId) -> Option<Finding> {
    let with_node = |message: &str, first: Note| Finding { message: message.into(), notes: vec![first, Note::Md(md)] };
    let MdBody::Tuple(ops) = &m.metadata.nodes[md].body else {
        return Some(with_node("associated metadata must have one operand", Note::Global));
    };
    if ops.len() != 1 {
        return Some(with_node("associated metadata must have one operand", Note::Global));
    }
    let value = match &ops[0] {
        MdOperand::Null => return Some(with_node("associated metadata must have a global value", Note::Global)),
        MdOperand::Const(c) => c,
        MdOperand::Node(_) | MdOperand::Str(_) => {
            return Some(with_node("associated metadata must be ValueAsMetadata", Note::Global));
        }
    };
    if !matches!(m.types.get(value.ty), TypeData::Ptr(_)) {
        return Some(with_node("associated value must be pointer typed", Note::Global));
    }
    let mut stripped = strip_pointer_casts(value);
    // Through aliases too, as LLVM looks for the object itself.
    let mut hops = 0;
    while let ConstKind::Global(t) = stripped.kind {
        match &m.globals[t] {
            Global::Alias(a) if !a.is_ifunc && hops < m.globals.len() => {
                stripped = strip_pointer_casts(&a.target);
                hops += 1;
            }
            _ => break,
        }
    }
    if stripped.kind == ConstKind::Global(g) {
        return Some(with_node("global values should not associate to themselves", Note::Global));
    }
    None
}

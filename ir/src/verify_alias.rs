//! Verifier rules for aliases and ifuncs, with LLVM's messages, each found
//! at the alias or ifunc (all aliases first, then all ifuncs, as LLVM).
//!
//! An alias must resolve, through expressions and other aliases, to
//! definitions the linker can bind it to; an ifunc's resolver must be a
//! function defined here that returns the address to call.

use crate::constant::{Const, ConstExpr, ConstKind};
use crate::module::{Global, GlobalAlias, GlobalId, Module};
use crate::types::TypeData;
use crate::verify::VerifyError;
use rustc_hash::FxHashSet;

pub(crate) fn verify_aliases_and_ifuncs(m: &Module, errors: &mut Vec<VerifyError>) {
    let alias = |g| match &m.globals[g] {
        Global::Alias(a) => Some(a),
        _ => None,
    };
    for g in m.aliases() {
        if let Some(a) = alias(g).filter(|a| !a.is_ifunc) {
            for message in alias_findings(m, g, a) {
                errors.push(finding(g, a, message));
            }
            errors.extend(crate::verify_globals::global_value_errors(m, g));
        }
    }
    for g in m.aliases() {
        if let Some(a) = alias(g).filter(|a| a.is_ifunc) {
            errors.extend(crate::verify_globals::global_value_errors(m, g));
            for message in ifunc_findings(m, a) {
                errors.push(finding(g, a, message));
            }
        }
    }
}

fn finding(g: GlobalId, a: &GlobalAlias, message: &'static str) -> VerifyError {
    let mut name = String::new();
    let _ = crate::text::names::write_ident(&mut name, &a.name);
    let note = match a.props.addrspace {
        0 => format!("ptr @{name}"),
        s => format!("ptr addrspace({s}) @{name}"),
    };
    // Located at the alias (`func` names any global without `inst`).
    VerifyError { func: Some(g), inst: None, block: None, md: None, message: message.into(), notes: vec![note] }
}

fn linkage(m: &Module, g: GlobalId) -> Option<&str> {
    m.globals[g].props().and_then(|p| p.linkage.as_deref())
}

/// A declaration, or a definition the linker may not use
/// (`available_externally`). Names not (yet) defined count as defined:
/// the reader reports them.
fn declaration_for_linker(m: &Module, g: GlobalId) -> bool {
    let declared = match &m.globals[g] {
        Global::Func(_) => !m.has_body(g),
        Global::Var(v) => v.init.is_none(),
        Global::Alias(_) | Global::Undefined(_) => false,
    };
    declared || linkage(m, g) == Some("available_externally")
}

/// Another module may replace its definition.
fn interposable(m: &Module, g: GlobalId) -> bool {
    matches!(linkage(m, g), Some("weak" | "linkonce" | "common" | "extern_weak"))
}

/// A step of the walk over an aliasee: a constant, or a global named
/// inside a wrapper such as `blockaddress` (not itself a global value).
#[derive(Clone, Copy)]
enum Node<'a> {
    Const(&'a Const),
    Global(GlobalId),
}

impl Node<'_> {
    /// The global this node is the address of, if any.
    fn named(self) -> Option<GlobalId> {
        match self {
            Node::Const(Const { kind: ConstKind::Global(t), .. }) => Some(*t),
            Node::Global(t) => Some(t),
            Node::Const(_) => None,
        }
    }
}

/// What `c` is made of, in order: aggregate elements, expression operands,
/// the global a wrapper names.
fn operands(c: &Const) -> Vec<Node<'_>> {
    match &c.kind {
        ConstKind::Aggregate(xs) => xs.iter().map(Node::Const).collect(),
        ConstKind::Expr(e) => match &**e {
            ConstExpr::Cast(_, x) => vec![Node::Const(x)],
            ConstExpr::Gep { base, indices, .. } => {
                std::iter::once(base).chain(indices.iter()).map(Node::Const).collect()
            }
            ConstExpr::Binary(_, _, a, b) | ConstExpr::ExtractElement(a, b) => vec![Node::Const(a), Node::Const(b)],
        },
        ConstKind::BlockAddress(g, _) | ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
            vec![Node::Global(*g)]
        }
        _ => Vec::new(),
    }
}

/// What is wrong with alias `a` (global `g`), in LLVM's order: an aliasee
/// that is a constant expression or a global; a definition behind every
/// global it names (for an `available_externally` alias, an
/// `available_externally` global); no alias cycle; no alias that another
/// module may replace.
fn alias_findings(m: &Module, g: GlobalId, a: &GlobalAlias) -> Vec<&'static str> {
    let mut found = Vec::new();
    if !matches!(a.target.kind, ConstKind::Global(_) | ConstKind::Expr(_)) {
        found.push("Aliasee should be either GlobalValue or ConstantExpr");
        return found;
    }
    let available_externally = a.props.linkage.as_deref() == Some("available_externally");
    let is_alias = |t: GlobalId| matches!(m.globals[t], Global::Alias(_));
    let mut visited = FxHashSet::default();
    visited.insert(g);
    let mut stack = vec![Node::Const(&a.target)];
    while let Some(node) = stack.pop() {
        let named = node.named();
        if available_externally && named.is_none_or(|t| linkage(m, t) != Some("available_externally")) {
            found.push("available_externally alias must point to available_externally global value");
            continue;
        }
        let parts = match named {
            Some(t) => {
                if !available_externally && declaration_for_linker(m, t) {
                    found.push("Alias must point to a definition");
                    continue;
                }
                // A variable's initializer or a function is not the
                // alias's concern; another alias is.
                if !is_alias(t) {
                    continue;
                }
                if !visited.insert(t) {
                    found.push("Aliases cannot form a cycle");
                    continue;
                }
                if interposable(m, t) {
                    found.push("Alias cannot point to an interposable alias");
                    continue;
                }
                aliasee(m, t).map(Node::Const).into_iter().collect()
            }
            None => match node {
                Node::Const(c) => operands(c),
                Node::Global(_) => Vec::new(),
            },
        };
        let mut next = Vec::with_capacity(parts.len());
        for part in parts {
            match part.named() {
                // An alias inside an expression stands for its aliasee
                // (unchecked itself, as in LLVM); seen twice, it closes a
                // cycle, where LLVM recurses without end.
                Some(t) if is_alias(t) => {
                    if visited.insert(t) {
                        next.extend(aliasee(m, t).map(Node::Const));
                    } else {
                        found.push("Aliases cannot form a cycle");
                    }
                }
                _ => next.push(part),
            }
        }
        stack.extend(next.into_iter().rev());
    }
    found
}

fn aliasee(m: &Module, g: GlobalId) -> Option<&Const> {
    match &m.globals[g] {
        Global::Alias(a) => Some(&a.target),
        _ => None,
    }
}

/// What is wrong with ifunc `a`, in LLVM's order: its linkage, then its
/// resolver, found through casts, all-zero `getelementptr`s and
/// aliases, which must be a function defined here that returns a pointer.
fn ifunc_findings(m: &Module, a: &GlobalAlias) -> Vec<&'static str> {
    let mut found = Vec::new();
    if matches!(a.props.linkage.as_deref(), Some("available_externally" | "extern_weak" | "common" | "appending")) {
        found.push("IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!");
        return found;
    }
    let returns_pointer = |f| {
        m.func(f)
            .and_then(|d| m.types.fn_sig(d.ty))
            .is_some_and(|(ret, _, _)| matches!(m.types.get(ret), TypeData::Ptr(_)))
    };
    match resolver_function(m, &a.target) {
        None => found.push("IFunc must have a Function resolver"),
        Some(f) if declaration_for_linker(m, f) => found.push("IFunc resolver must be a definition"),
        Some(f) if !returns_pointer(f) => found.push("IFunc resolver must return a pointer"),
        Some(_) => {}
    }
    found
}

/// The function `c` stands for once casts, `getelementptr`s with only zero
/// indices and aliases are looked through.
fn resolver_function(m: &Module, c: &Const) -> Option<GlobalId> {
    let mut c = c;
    let mut seen = FxHashSet::default();
    loop {
        match &c.kind {
            ConstKind::Global(g) => match &m.globals[*g] {
                Global::Func(_) => return Some(*g),
                Global::Alias(a) if !a.is_ifunc && seen.insert(*g) => c = &a.target,
                _ => return None,
            },
            ConstKind::Expr(e) => match &**e {
                ConstExpr::Cast(op, x) if op.keyword() == "bitcast" || op.keyword() == "addrspacecast" => c = x,
                ConstExpr::Gep { base, indices, .. } if indices.iter().all(Const::is_zero_value) => c = base,
                _ => return None,
            },
            _ => return None,
        }
    }
}

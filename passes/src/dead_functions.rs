//! Functions inlining leaves dead. As LLVM's inliner does, a callee whose
//! last call was just inlined is deleted when nothing else can name it:
//! its linkage lets it go unused (`internal`, `private`, `linkonce`,
//! `linkonce_odr`, `available_externally`), a comdat does not tie it to
//! other symbols (a local function may go regardless; LLVM also deletes a
//! whole comdat once all its members are dead, of which this keeps the case
//! of a comdat with one member), and nothing refers to it other than as the
//! callee of a direct call (its address stored, passed or compared, a
//! global initializer, an alias, metadata).

use opt_conv_ir::constant::for_each_const;
use opt_conv_ir::metadata::{MdArg, MdBody, MdField, MdOperand};
use opt_conv_ir::{Const, EntitySet, FuncId, Global, Module, ValueDef};
use rustc_hash::FxHashMap;

/// What decides, once for a module, whether the inliner may delete a callee
/// whose calls are all gone.
pub struct Deletable {
    referenced: EntitySet<FuncId>,
    comdat_members: FxHashMap<Box<str>, usize>,
}

impl Deletable {
    /// The facts of `m`, before inlining (copies of inlined code name
    /// nothing new).
    pub fn new(m: &Module) -> Deletable {
        let mut comdat_members: FxHashMap<Box<str>, usize> = FxHashMap::default();
        for &g in m.order() {
            // An alias joins its aliasee's comdat; it is not a member.
            if matches!(m.globals[g], Global::Alias(_)) {
                continue;
            }
            if let Some(c) = m.globals[g].props().and_then(|p| p.comdat.as_ref()) {
                *comdat_members.entry(Box::from(&**c)).or_default() += 1;
            }
        }
        Deletable { referenced: referenced_otherwise(m), comdat_members }
    }

    /// Whether `f`, no longer called, may be deleted: its linkage lets it
    /// go unused, its comdat holds nothing else, and nothing names it.
    pub fn may_delete(&self, m: &Module, f: FuncId) -> bool {
        let Some(d) = m.func(f) else { return false };
        let linkage = d.props.linkage.as_deref().unwrap_or("external");
        let local = matches!(linkage, "internal" | "private");
        let discardable = local || matches!(linkage, "linkonce" | "linkonce_odr" | "available_externally");
        let alone = d.props.comdat.as_deref().is_none_or(|c| self.comdat_members.get(c).copied() == Some(1));
        discardable && (local || alone) && !self.referenced.contains(f)
    }

    /// Whether `f`'s linkage lets it go once nothing uses it (LLVM's
    /// `isDiscardableIfUnused`).
    pub fn discardable(m: &Module, f: FuncId) -> bool {
        let linkage = m.func(f).and_then(|d| d.props.linkage.as_deref()).unwrap_or("external");
        matches!(linkage, "internal" | "private" | "linkonce" | "linkonce_odr" | "available_externally")
    }

    /// Whether something other than a direct call named `f` before inlining.
    pub fn referenced(&self, f: FuncId) -> bool {
        self.referenced.contains(f)
    }

    /// How many globals of the module are in comdat `c`.
    pub fn comdat_members(&self, c: &str) -> usize {
        self.comdat_members.get(c).copied().unwrap_or(0)
    }
}

/// The functions of `m` that something other than a direct call names now
/// (one walk over the module).
pub fn referenced_now(m: &Module) -> EntitySet<FuncId> {
    referenced_otherwise(m)
}

/// The functions of `m` referred to other than as direct callees.
fn referenced_otherwise(m: &Module) -> EntitySet<FuncId> {
    let mut seen = EntitySet::new();
    let mut stack: Vec<&Const> = Vec::new();
    for g in m.variables() {
        stack.extend(m.var(g).and_then(|v| v.init.as_ref()));
    }
    for g in m.aliases() {
        if let opt_conv_ir::Global::Alias(a) = &m.globals[g] {
            stack.push(&a.target);
        }
    }
    for f in m.functions() {
        if let Some(d) = m.func(f) {
            stack.extend([&d.prefix, &d.prologue, &d.personality].into_iter().flatten());
        }
    }
    for (_, n) in m.metadata.nodes.iter() {
        match &n.body {
            MdBody::Tuple(ops) => stack.extend(ops.iter().filter_map(|o| match o {
                MdOperand::Const(c) => Some(c),
                _ => None,
            })),
            // A field kept as text (`value: ptr @f` of a template parameter)
            // names globals by their spelling.
            MdBody::Specialized { fields, .. } => {
                for (_, field) in fields {
                    if let MdField::Raw(text) = field {
                        match global_names(text) {
                            Some(names) => {
                                for g in names.iter().filter_map(|n| m.lookup(n)) {
                                    seen.insert(g);
                                }
                            }
                            // Some global, which one unknown: every function is kept.
                            None => {
                                for g in m.functions() {
                                    seen.insert(g);
                                }
                            }
                        }
                    }
                }
            }
            MdBody::Undefined => {}
        }
    }
    drain(&mut stack, &mut seen);
    for f in m.definitions() {
        let body = m.body(f).expect("a definition");
        let dfg = body.dfg();
        for (_, i) in body.insts_in_order() {
            let d = dfg.inst(i);
            // The callee operand (the first) of a direct call is not a reference.
            let skip = usize::from(d.call_info().is_some() && dfg.direct_callee(i).is_some());
            for &a in &d.args[skip..] {
                match &dfg.value(a).def {
                    ValueDef::Const(c) => stack.push(c),
                    ValueDef::Md(md) => {
                        if let MdArg::Md(MdOperand::Const(c)) = &**md {
                            stack.push(c);
                        }
                    }
                    _ => {}
                }
            }
            for r in body.layout().dbg_records(i) {
                stack.extend(r.values().filter_map(|v| dfg.value_const(v)));
            }
            drain(&mut stack, &mut seen);
        }
    }
    seen
}

/// The `@name`s in `text`, bare or quoted; `None` if a quoted one has an
/// escape (then the caller cannot tell which global it is).
pub(crate) fn global_names(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        rest = &rest[at + 1..];
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"').unwrap_or(q.len());
            if q[..end].contains('\\') {
                return None;
            }
            out.push(q[..end].to_owned());
            rest = &q[end..];
        } else {
            let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || "._$-".contains(c))).unwrap_or(rest.len());
            out.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    Some(out)
}

/// Marks the globals the constants on `stack` name, nested ones included.
fn drain(stack: &mut Vec<&Const>, seen: &mut EntitySet<FuncId>) {
    for c in stack.drain(..) {
        for_each_const(c, &mut |x| {
            if let Some(g) = x.kind.named_global() {
                seen.insert(g);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::text::parse_module;

    #[test]
    fn references_are_found_wherever_a_constant_can_name_a_function() {
        let (m, _) = parse_module(
            "t.ll",
            "@v = global ptr getelementptr (i8, ptr @in_expr, i64 4)\n\
             @a = alias void (), ptr @aliased\n\
             define internal void @in_expr() { ret void }\n\
             define internal void @aliased() { ret void }\n\
             define internal void @passed() { ret void }\n\
             define internal void @in_md() { ret void }\n\
             define internal void @called() { ret void }\n\
             define internal void @equivalent() { ret void }\n\
             define internal void @in_template() { ret void }\n\
             define internal i32 @personality() { ret i32 0 }\n\
             define void @with_personality() personality ptr @personality { ret void }\n\
             declare void @sink(ptr)\n\
             define void @user() {\n  call void @called()\n  call void @sink(ptr @passed)\n  call void @sink(ptr dso_local_equivalent @equivalent)\n  ret void, !x !0\n}\n\
             !0 = !{ptr @in_md}\n\
             !1 = !DITemplateValueParameter(name: \"F\", value: ptr @in_template)\n\
             !named = !{!1}\n",
        )
        .unwrap();
        let d = Deletable::new(&m);
        let f = |n: &str| m.func_by_name(n).unwrap();
        for kept in ["in_expr", "aliased", "passed", "in_md", "equivalent", "in_template", "personality", "user"] {
            assert!(!d.may_delete(&m, f(kept)), "@{kept} is named, or public");
        }
        assert!(d.may_delete(&m, f("called")), "only called directly");
    }
}

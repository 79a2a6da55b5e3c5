//! Which identified struct types a module uses, in the order LLVM's printer
//! lists their definitions.
//!
//! LLVM prints only the named types it finds by walking the module (global
//! value types and initializers, function types, attribute types, then each
//! instruction's type, constant operands and allocated/indexed types), each
//! type depth-first before its unvisited parts. Unused types are dropped.

use crate::attrs::{Attr, AttrSet};
use crate::constant::{Const, ConstExpr, ConstKind};
use crate::dfg::ValueDef;
use crate::inst::InstKind;
use crate::metadata::{MdArg, MdOperand};
use crate::module::{Global, Module};
use crate::types::{Type, TypeData};
use rustc_hash::FxHashSet;

/// Named struct types of `m` in LLVM's printing order.
pub fn used_named_types(m: &Module) -> Vec<Type> {
    let mut f = Finder { m, seen: FxHashSet::default(), found: Vec::new() };
    for &g in m.order() {
        if let Global::Var(v) = &m.globals[g] {
            f.ty(v.ty);
            if let Some(c) = &v.init {
                f.constant(c);
            }
        }
    }
    for g in m.aliases() {
        if let Global::Alias(a) = &m.globals[g] {
            f.ty(a.ty);
            f.constant(&a.target);
        }
    }
    for fid in m.functions() {
        let Some(d) = m.func(fid) else { continue };
        f.ty(d.ty);
        f.attrs(&d.fn_attrs);
        f.attrs(&d.ret_attrs);
        d.param_attrs.iter().for_each(|a| f.attrs(a));
        for c in [&d.personality, &d.prefix, &d.prologue].into_iter().flatten() {
            f.constant(c);
        }
        let Some(body) = m.body(fid) else { continue };
        let dfg = body.dfg();
        for (_, i) in body.insts_in_order() {
            // Constants in debug records may be of named types too.
            for r in body.layout().dbg_records(i) {
                for v in r.values() {
                    if let ValueDef::Const(c) = &dfg.value(v).def {
                        f.constant(c);
                    }
                }
            }
            let data = dfg.inst(i);
            if let Some(r) = dfg.inst_result(i) {
                f.ty(dfg.value_type(r));
            }
            for &a in &data.args {
                match &dfg.value(a).def {
                    ValueDef::Const(c) => f.constant(c),
                    ValueDef::Md(md) => match &**md {
                        MdArg::Md(MdOperand::Const(c)) => f.constant(c),
                        MdArg::Md(_) | MdArg::Local(_) | MdArg::ArgList(_) => {}
                    },
                    _ => {}
                }
            }
            match &data.kind {
                InstKind::Gep { source, .. } => f.ty(*source),
                InstKind::Alloca { ty, .. } => f.ty(*ty),
                _ => {}
            }
            if let Some(ci) = data.call_info() {
                // An indirect call's type is not otherwise reachable; LLVM
                // misses it, but its definition must be printed to reparse.
                f.ty(ci.fn_ty);
                f.attrs(&ci.fn_attrs);
                f.attrs(&ci.ret_attrs);
                ci.param_attrs.iter().for_each(|a| f.attrs(a));
            }
        }
    }
    f.found
}

struct Finder<'a> {
    m: &'a Module,
    seen: FxHashSet<Type>,
    found: Vec<Type>,
}

impl Finder<'_> {
    /// Preorder over `t` and its unvisited subtypes, first subtype first.
    fn ty(&mut self, t: Type) {
        if !self.seen.insert(t) {
            return;
        }
        let mut stack = vec![t];
        let mut subtypes: Vec<Type> = Vec::new();
        while let Some(t) = stack.pop() {
            subtypes.clear();
            match self.m.types.get(t) {
                TypeData::Named { body, .. } => {
                    self.found.push(t);
                    subtypes.extend(body.iter().flatten());
                }
                TypeData::Struct { fields, .. } => subtypes.extend(fields.iter()),
                TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => subtypes.push(*elem),
                TypeData::Function { ret, params, .. } => {
                    subtypes.push(*ret);
                    subtypes.extend(params.iter());
                }
                _ => {}
            }
            for &s in subtypes.iter().rev() {
                if self.seen.insert(s) {
                    stack.push(s);
                }
            }
        }
    }

    fn attrs(&mut self, set: &AttrSet) {
        for a in set.iter() {
            if let Attr::Type(_, t) = a {
                self.ty(*t);
            }
        }
    }

    fn constant(&mut self, c: &Const) {
        if matches!(c.kind, ConstKind::Global(_)) {
            return;
        }
        self.ty(c.ty);
        match &c.kind {
            ConstKind::Aggregate(elems) => elems.iter().for_each(|e| self.constant(e)),
            ConstKind::Expr(e) => match &**e {
                ConstExpr::Cast(_, x) => self.constant(x),
                ConstExpr::Gep { source, base, indices, .. } => {
                    self.ty(*source);
                    self.constant(base);
                    indices.iter().for_each(|x| self.constant(x));
                }
                ConstExpr::Binary(_, _, a, b) | ConstExpr::ExtractElement(a, b) => {
                    self.constant(a);
                    self.constant(b);
                }
            },
            _ => {}
        }
    }
}

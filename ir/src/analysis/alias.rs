//! A small alias analysis: may two pointers address the same memory?
//!
//! It follows the two rules of LLVM's BasicAA that need no offsets or
//! escape analysis, on the objects the pointers are derived from (through
//! `getelementptr` and pointer casts): two different *identified* objects
//! (allocas, global variables and functions, `noalias` or `byval`
//! arguments) never overlap, and an argument never overlaps an object
//! identified as local to the function (an alloca, a `noalias` or `byval`
//! argument). Anything else may alias. Address spaces are not used: a flat
//! address space may reach every other.

use crate::constant::{ConstExpr, ConstKind};
use crate::inst::{CastOp, InstKind};
use crate::module::{FuncId, Global, Module};
use crate::{Function, Inst, Value, ValueDef};

/// The object a pointer is derived from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Object {
    /// An `alloca`.
    Alloca(Inst),
    /// A global variable or function (not an alias: it may be interposed).
    Global(crate::GlobalId),
    /// A parameter.
    Param {
        /// Its index.
        n: u32,
        /// Whether it is `noalias` or `byval` (an object of its own).
        local: bool,
    },
    /// Not known.
    Unknown,
}

impl Object {
    fn identified(self) -> bool {
        match self {
            Object::Alloca(_) | Object::Global(_) => true,
            Object::Param { local, .. } => local,
            Object::Unknown => false,
        }
    }

    fn function_local(self) -> bool {
        matches!(self, Object::Alloca(_) | Object::Param { local: true, .. })
    }
}

/// How many `getelementptr`s and casts to look through (as LLVM's
/// `getUnderlyingObject` bounds its walk).
const MAX_STEPS: usize = 6;

/// The object `v`, a pointer in function `fid` (body `f`), is derived from.
pub fn underlying_object(m: &Module, fid: FuncId, f: &Function, v: Value) -> Object {
    let dfg = f.dfg();
    let mut v = v;
    for _ in 0..MAX_STEPS {
        match &dfg.value(v).def {
            ValueDef::Param(n) => {
                let attrs = m.func(fid).and_then(|d| d.param_attrs.get(*n as usize));
                let local = attrs.is_some_and(|a| a.has("noalias") || a.has("byval"));
                return Object::Param { n: *n, local };
            }
            ValueDef::Const(c) => return const_object(m, c, MAX_STEPS),
            ValueDef::Inst(i) => {
                let d = dfg.inst(*i);
                match &d.kind {
                    InstKind::Alloca { .. } => return Object::Alloca(*i),
                    InstKind::Gep { .. } | InstKind::Cast { op: CastOp::BitCast | CastOp::AddrSpaceCast, .. } => {
                        v = d.args[0];
                    }
                    _ => return Object::Unknown,
                }
            }
            _ => return Object::Unknown,
        }
    }
    Object::Unknown
}

fn const_object(m: &Module, c: &crate::constant::Const, steps: usize) -> Object {
    if steps == 0 {
        return Object::Unknown;
    }
    match &c.kind {
        ConstKind::Global(g) => match &m.globals[*g] {
            Global::Var(_) | Global::Func(_) => Object::Global(*g),
            _ => Object::Unknown,
        },
        ConstKind::Expr(e) => match &**e {
            ConstExpr::Cast(CastOp::BitCast | CastOp::AddrSpaceCast, x) => const_object(m, x, steps - 1),
            ConstExpr::Gep { base, .. } => const_object(m, base, steps - 1),
            _ => Object::Unknown,
        },
        _ => Object::Unknown,
    }
}

/// Whether pointers `a` and `b` of function `fid` may address overlapping
/// memory.
pub fn may_alias(m: &Module, fid: FuncId, f: &Function, a: Value, b: Value) -> bool {
    let (oa, ob) = (underlying_object(m, fid, f, a), underlying_object(m, fid, f, b));
    if oa == Object::Unknown || ob == Object::Unknown || oa == ob {
        return true;
    }
    if oa.identified() && ob.identified() {
        return false;
    }
    let param = |o: Object| matches!(o, Object::Param { .. });
    !((param(oa) && ob.function_local()) || (param(ob) && oa.function_local()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_module;

    fn check(src: &str, pairs: &[(&str, &str, bool)]) {
        let (m, _) = parse_module("t.ll", src).expect("parses");
        let fid = m.func_by_name("f").expect("@f");
        let f = m.body(fid).expect("body");
        let ptr = |name: &str| -> Value {
            if let Some(i) = f.inst_by_name(name) {
                return f.dfg().inst_result(i).expect("a value");
            }
            let k = f.params().iter().position(|&p| f.dfg().value_name(p) == Some(name)).expect("a parameter");
            f.params()[k]
        };
        for &(a, b, expected) in pairs {
            assert_eq!(may_alias(&m, fid, f, ptr(a), ptr(b)), expected, "{a} / {b}");
            assert_eq!(may_alias(&m, fid, f, ptr(b), ptr(a)), expected, "{b} / {a}");
        }
    }

    #[test]
    fn distinct_identified_objects_do_not_alias() {
        check(
            "@A = global i32 0\n@B = global [4 x i32] zeroinitializer\n@C = alias i32, ptr @A\n\
             define void @f(ptr %p, ptr noalias %q, ptr byval(i32) %r) {\n\
             e:\n  %x = alloca i32\n  %y = alloca i32\n  %gx = getelementptr i8, ptr %x, i64 4\n\
               %b1 = getelementptr [4 x i32], ptr @B, i64 0, i64 1\n  %ld = load ptr, ptr %p\n\
               %a = bitcast ptr @A to ptr\n  %c = bitcast ptr @C to ptr\n  ret void\n}\n",
            &[
                ("x", "y", false),
                ("gx", "y", false),
                ("gx", "x", true),
                ("a", "b1", false),
                ("a", "x", false),
                ("q", "p", false),
                ("r", "p", false),
                ("q", "a", false),
                ("q", "ld", true),
                ("p", "a", true),
                ("p", "x", false),
                ("c", "a", true),
                ("c", "x", true),
                ("ld", "x", true),
            ],
        );
    }
}

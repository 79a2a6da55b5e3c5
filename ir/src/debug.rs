//! Debug records (`#dbg_value`, `#dbg_declare`, `#dbg_assign`,
//! `#dbg_declare_value`, `#dbg_label`).
//!
//! They are not instructions: each is attached to a *position*, printed on
//! its own line before the instruction it rides on, and the [`crate::Layout`]
//! keeps them there. When that instruction is removed or moved away, its
//! records pass to the instruction that followed it, as LLVM's markers do,
//! so a pass that only knows about instructions keeps them in a sane place.
//! Their value operands are not SSA uses: an operand whose definition has
//! left the function prints as `poison`, which is what LLVM makes of a
//! location it cannot salvage.

use crate::Value;
use crate::metadata::MdId;

/// Which variable record this is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DbgVariableKind {
    /// `#dbg_value`
    Value,
    /// `#dbg_declare`
    Declare,
    /// `#dbg_declare_value`
    DeclareValue,
    /// `#dbg_assign`
    Assign,
}

impl DbgVariableKind {
    /// The spelling after `#dbg_`.
    pub fn keyword(self) -> &'static str {
        match self {
            DbgVariableKind::Value => "value",
            DbgVariableKind::Declare => "declare",
            DbgVariableKind::DeclareValue => "declare_value",
            DbgVariableKind::Assign => "assign",
        }
    }
}

/// The location operand of a variable record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DbgLocation {
    /// `T v`: a local value or a constant (a value of the function's DFG).
    Value(Value),
    /// `!DIArgList(T v, ...)`.
    ArgList(Box<[Value]>),
    /// A metadata node (`!{}`: no location).
    Node(MdId),
}

impl DbgLocation {
    /// The values this location refers to.
    pub fn values(&self) -> &[Value] {
        match self {
            DbgLocation::Value(v) => std::slice::from_ref(v),
            DbgLocation::ArgList(vs) => vs,
            DbgLocation::Node(_) => &[],
        }
    }

    /// The values this location refers to, mutably (to rewrite them).
    pub fn values_mut(&mut self) -> &mut [Value] {
        match self {
            DbgLocation::Value(v) => std::slice::from_mut(v),
            DbgLocation::ArgList(vs) => vs,
            DbgLocation::Node(_) => &mut [],
        }
    }
}

/// The extra operands of `#dbg_assign`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DbgAssign {
    /// The `DIAssignID` node.
    pub id: MdId,
    /// The address that was assigned.
    pub address: DbgLocation,
    /// The address expression.
    pub address_expr: MdId,
}

/// A variable record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DbgVariable {
    /// `value`, `declare`, `declare_value` or `assign`.
    pub kind: DbgVariableKind,
    /// Where the variable's value (or address) is.
    pub location: DbgLocation,
    /// The `DILocalVariable`.
    pub variable: MdId,
    /// The `DIExpression`.
    pub expression: MdId,
    /// `#dbg_assign` only.
    pub assign: Option<Box<DbgAssign>>,
    /// The `DILocation`.
    pub loc: MdId,
}

/// One debug record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DbgRecord {
    /// `#dbg_value` and friends.
    Variable(Box<DbgVariable>),
    /// `#dbg_label(label, location)`.
    Label {
        /// The `DILabel`.
        label: MdId,
        /// The `DILocation`.
        loc: MdId,
    },
}

impl DbgRecord {
    /// Every value operand (location, then the assign address).
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        let (a, b): (&[Value], &[Value]) = match self {
            DbgRecord::Variable(v) => (v.location.values(), v.assign.as_ref().map_or(&[][..], |a| a.address.values())),
            DbgRecord::Label { .. } => (&[], &[]),
        };
        a.iter().chain(b).copied()
    }

    /// Applies `f` to every value operand.
    pub fn map_values(&mut self, mut f: impl FnMut(Value) -> Value) {
        if let DbgRecord::Variable(v) = self {
            for x in v.location.values_mut() {
                *x = f(*x);
            }
            if let Some(a) = &mut v.assign {
                for x in a.address.values_mut() {
                    *x = f(*x);
                }
            }
        }
    }

    /// The record's `DILocation`, to rewrite (a copy inlined elsewhere).
    pub fn loc_mut(&mut self) -> &mut MdId {
        match self {
            DbgRecord::Variable(v) => &mut v.loc,
            DbgRecord::Label { loc, .. } => loc,
        }
    }

    /// The `DIAssignID` of a `#dbg_assign`, to rewrite.
    pub fn assign_id_mut(&mut self) -> Option<&mut MdId> {
        match self {
            DbgRecord::Variable(v) => v.assign.as_mut().map(|a| &mut a.id),
            DbgRecord::Label { .. } => None,
        }
    }

    /// Rewrites with `map` every metadata node the record refers to.
    pub fn map_md_refs(&mut self, mut map: impl FnMut(MdId) -> MdId) {
        match self {
            DbgRecord::Variable(v) => {
                if let DbgLocation::Node(n) = &mut v.location {
                    *n = map(*n);
                }
                v.variable = map(v.variable);
                v.expression = map(v.expression);
                v.loc = map(v.loc);
                if let Some(a) = &mut v.assign {
                    a.id = map(a.id);
                    if let DbgLocation::Node(n) = &mut a.address {
                        *n = map(*n);
                    }
                    a.address_expr = map(a.address_expr);
                }
            }
            DbgRecord::Label { label, loc } => {
                *label = map(*label);
                *loc = map(*loc);
            }
        }
    }

    /// Every metadata node the record refers to, in the order LLVM numbers
    /// them (an empty-node location, the variable or label, the assign id
    /// and address, then the location).
    pub fn md_refs(&self) -> Vec<MdId> {
        match self {
            DbgRecord::Variable(v) => {
                let mut out = Vec::with_capacity(5);
                if let DbgLocation::Node(n) = v.location {
                    out.push(n);
                }
                out.push(v.variable);
                if let Some(a) = &v.assign {
                    out.push(a.id);
                    if let DbgLocation::Node(n) = a.address {
                        out.push(n);
                    }
                }
                out.push(v.expression);
                if let Some(a) = &v.assign {
                    out.push(a.address_expr);
                }
                out.push(v.loc);
                out
            }
            DbgRecord::Label { label, loc } => vec![*label, *loc],
        }
    }
}

//! Metadata: numbered nodes, named metadata and instruction attachments.
//!
//! Tuples (`!{...}`) are interpreted; specialised nodes (`!DILocation(...)`)
//! are kept as a name plus `field: value` pairs whose node references are
//! resolved, so they renumber correctly and print back unchanged. The loop
//! properties that unrolling reads (`!llvm.loop`) are tuples.

use crate::Const;
use crate::entity::PrimaryMap;
use crate::entity_impl;

entity_impl!(
    /// A metadata node of the module.
    MdId,
    "md"
);

/// An operand of a metadata tuple.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdOperand {
    /// `null`.
    Null,
    /// `!N`.
    Node(MdId),
    /// `!"..."` (raw bytes).
    Str(Box<[u8]>),
    /// A constant: `i32 4`, `ptr @f`.
    Const(Const),
}

/// A field value of a specialised node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdField {
    /// `!N` (or an inline node).
    Node(MdId),
    /// `null`.
    Null,
    /// `"..."`.
    Str(Box<[u8]>),
    /// Anything else, verbatim: integers, `DIFlagPrototyped | DIFlagX`, `DW_TAG_*`, `true`.
    Raw(Box<str>),
}

/// The content of a node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdBody {
    /// `!{...}`.
    Tuple(Vec<MdOperand>),
    /// `!DIName(field: value, ...)`.
    Specialized {
        /// Node class, e.g. `DILocation`.
        name: Box<str>,
        /// Fields in source order.
        fields: Vec<(Box<str>, MdField)>,
    },
    /// Referenced but not (yet) defined; only exists while parsing.
    Undefined,
}

/// One metadata node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MdNode {
    /// `distinct` node.
    pub distinct: bool,
    /// Content.
    pub body: MdBody,
}

/// An operand of a call whose parameter type is `metadata`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdArg {
    /// A metadata node or string or constant.
    Md(MdOperand),
    /// A local value wrapped as metadata (`metadata i32 %x`); not an SSA use.
    Local(crate::Value),
    /// `!DIArgList(i32 %x, i32 1)`: values (locals or constants) as metadata.
    ArgList(Box<[crate::Value]>),
}

/// All metadata of a module.
#[derive(Clone, Debug, Default)]
pub struct MetadataTable {
    /// Nodes by id. Printing renumbers them by first reference.
    pub nodes: PrimaryMap<MdId, MdNode>,
    /// Named metadata (`!llvm.module.flags = !{!0}`), in definition order.
    pub named: indexmap::IndexMap<Box<str>, Vec<MdId>>,
}

impl MetadataTable {
    /// Adds a node.
    pub fn add(&mut self, distinct: bool, body: MdBody) -> MdId {
        self.nodes.push(MdNode { distinct, body })
    }

    /// The uniqued tuple with these operands: an existing identical one if
    /// there is one (LLVM uniques such nodes), else a new one. Linear in the
    /// table; passes create few nodes.
    pub fn tuple(&mut self, ops: Vec<MdOperand>) -> MdId {
        let existing = self.nodes.iter().find_map(|(id, n)| match &n.body {
            MdBody::Tuple(o) if !n.distinct && *o == ops => Some(id),
            _ => None,
        });
        existing.unwrap_or_else(|| self.add(false, MdBody::Tuple(ops)))
    }

    /// The operands of `id` if it is a tuple.
    pub fn tuple_ops(&self, id: MdId) -> Option<&[MdOperand]> {
        match &self.nodes.get(id)?.body {
            MdBody::Tuple(ops) => Some(ops),
            _ => None,
        }
    }

    /// The string of an `!"..."` operand.
    pub fn op_str(op: &MdOperand) -> Option<&str> {
        match op {
            MdOperand::Str(s) => std::str::from_utf8(s).ok(),
            _ => None,
        }
    }

    /// Properties of a loop id (`!0 = distinct !{!0, !1, ...}`): every
    /// operand node other than the self-reference whose first operand is a
    /// string, as `(name, remaining operands)`.
    pub fn loop_properties(&self, loop_id: MdId) -> Vec<(&str, &[MdOperand])> {
        let mut out = Vec::new();
        let Some(ops) = self.tuple_ops(loop_id) else { return out };
        for op in ops {
            let MdOperand::Node(n) = op else { continue };
            if *n == loop_id {
                continue;
            }
            if let Some(prop) = self.tuple_ops(*n)
                && let Some((first, rest)) = prop.split_first()
                && let Some(name) = Self::op_str(first)
            {
                out.push((name, rest));
            }
        }
        out
    }
}

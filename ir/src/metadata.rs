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
    /// Uniqued tuples by the hash of their operands, for [`Self::tuple`].
    tuples: TupleIndex,
}

/// The uniqued (non-distinct) tuples of a table by the hash of their
/// operands, covering the nodes below `indexed`; extended on each lookup.
/// `nodes` is public and its bodies may change after they were indexed, so
/// a hit is checked against the node as it is now.
#[derive(Clone, Debug, Default)]
struct TupleIndex {
    by_hash: rustc_hash::FxHashMap<u64, smallvec::SmallVec<[MdId; 1]>>,
    indexed: usize,
}

fn ops_hash(ops: &[MdOperand]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    ops.hash(&mut h);
    h.finish()
}

/// Where a pass's new metadata nodes go: the module's table itself (module
/// passes), or a buffer of nodes kept apart while function passes read the
/// module (see the passes' module edits). Reads see both.
pub trait MetadataSink {
    /// Node `id`, made before or through this sink.
    fn node(&self, id: MdId) -> Option<&MdNode>;
    /// The operands of tuple `id`, made before or through this sink.
    fn tuple_ops(&self, id: MdId) -> Option<&[MdOperand]> {
        match &self.node(id)?.body {
            MdBody::Tuple(ops) => Some(ops),
            _ => None,
        }
    }
    /// A new node (not uniqued).
    fn add(&mut self, distinct: bool, body: MdBody) -> MdId;
    /// Sets the body of `id`, a node made through [`MetadataSink::add`].
    fn set_body(&mut self, id: MdId, body: MdBody);
}

impl MetadataSink for MetadataTable {
    fn node(&self, id: MdId) -> Option<&MdNode> {
        self.nodes.get(id)
    }
    fn add(&mut self, distinct: bool, body: MdBody) -> MdId {
        MetadataTable::add(self, distinct, body)
    }
    fn set_body(&mut self, id: MdId, body: MdBody) {
        self.nodes[id].body = body;
    }
}

impl MetadataTable {
    /// Adds a node.
    pub fn add(&mut self, distinct: bool, body: MdBody) -> MdId {
        self.nodes.push(MdNode { distinct, body })
    }

    /// The uniqued tuple with these operands: the first identical one if
    /// there is one (LLVM uniques such nodes), else a new one. Amortised
    /// constant time: the table keeps an index of its tuples.
    pub fn tuple(&mut self, ops: Vec<MdOperand>) -> MdId {
        let index = &mut self.tuples;
        for (id, n) in self.nodes.iter().skip(index.indexed) {
            if let (false, MdBody::Tuple(o)) = (n.distinct, &n.body) {
                index.by_hash.entry(ops_hash(o)).or_default().push(id);
            }
        }
        index.indexed = self.nodes.len();
        let hash = ops_hash(&ops);
        let same = |id: &&MdId| matches!(self.nodes.get(**id), Some(MdNode { distinct: false, body: MdBody::Tuple(o) }) if *o == ops);
        if let Some(&id) = index.by_hash.get(&hash).and_then(|ids| ids.iter().find(same)) {
            return id;
        }
        let id = self.nodes.push(MdNode { distinct: false, body: MdBody::Tuple(ops) });
        index.by_hash.entry(hash).or_default().push(id);
        index.indexed = self.nodes.len();
        id
    }

    /// The location an instruction at `loc` gets when its function is
    /// inlined at a call located at `call_loc`: the same line, column and
    /// scope, with the call site appended to the end of its `inlinedAt`
    /// chain. `site` holds the call site's own node, a distinct copy of
    /// `call_loc` made on first use (two inlined copies of one function at
    /// one line stay apart, as in LLVM); `memo` maps locations already
    /// rewritten for this call. Without it the verifier finds the callee's
    /// subprogram in the caller (LLVM: "!dbg attachment points at wrong
    /// subprogram for function"). The chain is walked without recursion.
    pub fn inlined_location(
        &mut self,
        loc: MdId,
        call_loc: MdId,
        site: &mut Option<MdId>,
        memo: &mut rustc_hash::FxHashMap<MdId, MdId>,
    ) -> MdId {
        if let Some(&n) = memo.get(&loc) {
            return n;
        }
        // The chain loc, loc.inlinedAt, ... down to the outermost location.
        let mut chain = vec![loc];
        while let Some(MdField::Node(next)) = self.field(*chain.last().expect("non-empty"), "inlinedAt") {
            if chain.contains(next) || chain.len() > 4096 {
                break;
            }
            chain.push(*next);
        }
        let mut at = *site.get_or_insert_with(|| {
            // The site is a position, not a step of the source: it leaves
            // the call's key-instruction group, as in LLVM.
            let mut body = self.nodes[call_loc].body.clone();
            if let MdBody::Specialized { fields, .. } = &mut body {
                fields.retain(|(k, _)| !matches!(&**k, "atomGroup" | "atomRank"));
            }
            self.add(true, body)
        });
        for &l in chain.iter().rev() {
            let MdBody::Specialized { name, fields } = &self.nodes[l].body else { continue };
            let mut fields = fields.clone();
            match fields.iter().position(|(k, _)| &**k == "inlinedAt") {
                Some(p) => fields[p].1 = MdField::Node(at),
                None => {
                    let p = fields.iter().position(|(k, _)| &**k == "scope").map_or(fields.len(), |p| p + 1);
                    fields.insert(p, ("inlinedAt".into(), MdField::Node(at)));
                }
            }
            let body = MdBody::Specialized { name: name.clone(), fields };
            at = self.add(false, body);
        }
        memo.insert(loc, at);
        at
    }

    /// A fresh `distinct !DIAssignID()` standing for `id` in one inlined
    /// copy (`memo` per call site): an assignment id links stores to
    /// `#dbg_assign` records of one function only, so each copy needs its
    /// own (LLVM's verifier: "DVRAssign not in same function as inst").
    pub fn inlined_assign_id(&mut self, id: MdId, memo: &mut rustc_hash::FxHashMap<MdId, MdId>) -> MdId {
        *memo.entry(id).or_insert_with(|| {
            self.nodes.push(MdNode {
                distinct: true,
                body: MdBody::Specialized { name: "DIAssignID".into(), fields: Vec::new() },
            })
        })
    }

    /// The loop id `loop_id` (`!llvm.loop`) of an instruction inlined at
    /// `call_loc`: a new distinct loop id whose `DILocation` operands (the
    /// loop's start and end) are rewritten as [`Self::inlined_location`]
    /// does, since the verifier checks those against the caller too.
    pub fn inlined_loop_id(
        &mut self,
        loop_id: MdId,
        call_loc: MdId,
        site: &mut Option<MdId>,
        memo: &mut rustc_hash::FxHashMap<MdId, MdId>,
    ) -> MdId {
        if let Some(&n) = memo.get(&loop_id) {
            return n;
        }
        let Some(ops) = self.tuple_ops(loop_id).map(<[MdOperand]>::to_vec) else { return loop_id };
        let is_loc =
            |t: &Self, n: MdId| matches!(&t.nodes[n].body, MdBody::Specialized { name, .. } if &**name == "DILocation");
        if !ops.iter().any(|o| matches!(o, MdOperand::Node(n) if *n != loop_id && is_loc(self, *n))) {
            return loop_id;
        }
        let new = self.add(true, MdBody::Undefined);
        let ops = ops
            .into_iter()
            .map(|o| match o {
                MdOperand::Node(n) if n == loop_id => MdOperand::Node(new),
                MdOperand::Node(n) if is_loc(self, n) => {
                    MdOperand::Node(self.inlined_location(n, call_loc, site, memo))
                }
                o => o,
            })
            .collect();
        self.nodes[new].body = MdBody::Tuple(ops);
        memo.insert(loop_id, new);
        new
    }

    /// The value of field `key` of a specialised node.
    pub fn field(&self, id: MdId, key: &str) -> Option<&MdField> {
        match &self.nodes.get(id)?.body {
            MdBody::Specialized { fields, .. } => fields.iter().find(|(k, _)| &**k == key).map(|(_, v)| v),
            _ => None,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(t: &mut MetadataTable, line: &str, scope: MdId, inlined_at: Option<MdId>) -> MdId {
        let mut fields = vec![("line".into(), MdField::Raw(line.into())), ("scope".into(), MdField::Node(scope))];
        if let Some(a) = inlined_at {
            fields.push(("inlinedAt".into(), MdField::Node(a)));
        }
        t.add(false, MdBody::Specialized { name: "DILocation".into(), fields })
    }

    #[test]
    fn inlined_location_appends_the_call_site() {
        let mut t = MetadataTable::default();
        let (callee_sp, mid_sp, caller_sp) = (
            t.add(true, MdBody::Tuple(vec![])),
            t.add(true, MdBody::Tuple(vec![])),
            t.add(true, MdBody::Tuple(vec![])),
        );
        let call = loc(&mut t, "9", caller_sp, None);
        let mid_call = loc(&mut t, "5", mid_sp, None);
        // An instruction of the callee that was itself inlined into it before.
        let inner = loc(&mut t, "2", callee_sp, Some(mid_call));
        let (mut site, mut memo) = (None, Default::default());
        let n = t.inlined_location(inner, call, &mut site, &mut memo);
        let site = site.expect("call site made");
        assert!(t.nodes[site].distinct);
        assert_eq!(t.field(n, "scope"), Some(&MdField::Node(callee_sp)));
        let Some(MdField::Node(a)) = t.field(n, "inlinedAt") else { panic!("no inlinedAt") };
        assert_eq!(t.field(*a, "line"), Some(&MdField::Raw("5".into())));
        assert_eq!(t.field(*a, "inlinedAt"), Some(&MdField::Node(site)));
        assert_eq!(t.field(site, "line"), Some(&MdField::Raw("9".into())));
        // Memoised: the same location maps to the same node.
        assert_eq!(t.inlined_location(inner, call, &mut Some(site), &mut memo), n);
    }
}

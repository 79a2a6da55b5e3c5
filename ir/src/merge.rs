//! Merging two instructions that compute the same value into one: what the
//! one that stays may still claim.
//!
//! A pass that merges instruction `other` into instruction `keep` (hoisting
//! both arms' copies into one, replacing a later duplicate by an earlier
//! one) makes `keep`'s result stand for `other`'s too. Every promise `keep`
//! makes (alignment, poison-generating flags, call-site attributes,
//! metadata) must then hold where `other` ran as well, so the merged
//! instruction keeps only what both promised; properties that change what
//! the instruction *does* (volatility, atomic ordering, calling convention,
//! ABI attributes) must be equal, or the two cannot be merged at all.
//!
//! [`merge`] decides and computes; [`Merged::apply`] writes the result on
//! `keep`. Metadata that needs a new node (a `!range` covering two others)
//! is created by [`NewMetadata::attach`], separately, since a pass
//! may hold the module's metadata only for reading while it works.
//!
//! The rules, by kind:
//!
//! * integer and fast-math flags, `getelementptr` flags: intersected; when
//!   the two are different operations found equal by algebra (`mul x, 2`
//!   and `shl x, 1`), the kept one loses them all;
//! * loads and stores: the smaller alignment; `volatile`, ordering and
//!   `syncscope` equal;
//! * calls: same function type, calling convention, address space and
//!   bundle layout; `musttail` on both or neither, `notail` if either,
//!   `tail` if both; fast-math flags intersected; call-site attributes
//!   intersected per attribute (below);
//! * anything else: equal kinds.
//!
//! Attributes (return, parameter and function attributes of a call site):
//! promises that only restrict values or effects (`noundef`, `nonnull`,
//! `noalias`, `nounwind`, `willreturn`, ...) stay if both have them;
//! `align`, `dereferenceable` and `dereferenceable_or_null` take the
//! minimum; `range` the smallest range covering both (or none); `memory`
//! the effects of either (as LLVM); `nofpclass` and `captures` stay if equal; every other attribute (ABI
//! attributes such as `byval`, `signext`, `inreg`, string attributes, and
//! any we do not know) must be present in both and equal.
//!
//! Metadata: `!dbg` becomes the location standing for both
//! ([`crate::debug_loc`]), or stays as it is on `keep` where that gives
//! none (or `other` has none); `!range` becomes the union of both;
//! `!tbaa` the tag of the nearest type both scalar tags descend from (as
//! LLVM's most generic TBAA; other tags stay only if equal); `!align`,
//! `!dereferenceable`, `!dereferenceable_or_null` the minimum, if both have
//! one; `!nonnull`, `!noundef`, `!invariant.load` and `!nontemporal` stay if
//! both have them; `!DIAssignID` is `keep`'s (or `other`'s), and the
//! `#dbg_assign` records naming the other ID are made to name it (LLVM's
//! `mergeDIAssignID`); every other kind (`!alias.scope`, `!noalias`, `!fpmath`,
//! `!access_group`, kinds we do not know) stays only if both have the same
//! node.

use crate::attrs::{Attr, AttrSet, MemoryLocations};
use crate::debug_loc::LocationMerger;
use crate::inst::{CallInfo, InstKind, TailKind};
use crate::metadata::{MdBody, MdOperand, MetadataSink};
use crate::{Const, ConstKind, Function, Inst, MdId, Module, Name, TypeTable};

/// The merged instruction: the kind `keep` gets and its metadata.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The kind (opcode, flags, alignment, call information) of the merged instruction.
    pub kind: InstKind,
    /// Attachments that are existing nodes.
    pub metadata: Vec<(Name, MdId)>,
    /// Attachments that need a new (uniqued) tuple.
    pub new_metadata: Vec<(Name, Vec<MdOperand>)>,
    /// The two different locations to merge into `keep`'s `!dbg`.
    pub locations: Option<(MdId, MdId)>,
    /// Both had a `!DIAssignID`: the `#dbg_assign` records of the second
    /// are to name the first, which the merged instruction keeps (LLVM's
    /// `mergeDIAssignID`), so that no record is left naming an ID no
    /// instruction carries.
    pub assign_ids: Option<(MdId, MdId)>,
}

/// Attachments of a merged instruction still to be created (see
/// [`Merged::apply`]).
#[derive(Clone, Debug, Default)]
pub struct NewMetadata {
    inst: Option<Inst>,
    tuples: Vec<(Name, Vec<MdOperand>)>,
    locations: Option<(MdId, MdId)>,
    /// The attachment kinds in the order the instruction had them.
    order: Vec<Name>,
}

impl NewMetadata {
    /// Whether there is nothing to create.
    pub fn is_empty(&self) -> bool {
        self.tuples.is_empty() && self.locations.is_none()
    }

    /// Creates the nodes in `table` and attaches them to the instruction.
    pub fn attach(self, table: &mut impl MetadataSink, locations: &mut LocationMerger, f: &mut Function) {
        let Some(i) = self.inst else { return };
        if self.is_empty() {
            return;
        }
        let dfg = f.dfg_mut_preserving_cfg();
        let mut md = dfg.inst_metadata(i).to_vec();
        if let Some(loc) = self.locations.and_then(|(a, b)| locations.merge(table, a, b)) {
            md.retain(|(k, _)| &**k != "dbg");
            md.push(("dbg".into(), loc));
        }
        // New nodes, not uniqued against the table (a search per merge
        // would make many merges quadratic); equal ones print equal.
        for (kind, ops) in self.tuples {
            md.push((kind, table.add(false, MdBody::Tuple(ops))));
        }
        // In the order the instruction had them, as it printed before.
        let rank = |k: &Name| self.order.iter().position(|o| o == k).unwrap_or(usize::MAX);
        md.sort_by_key(|(k, _)| rank(k));
        dfg.set_all_inst_md(i, md);
    }
}

impl Merged {
    /// Gives `keep` the merged kind and the attachments that exist; returns
    /// those that must still be created ([`NewMetadata::attach`]).
    pub fn apply(self, f: &mut Function, keep: Inst) -> NewMetadata {
        let dfg = f.dfg_mut_preserving_cfg();
        let order = dfg.inst_metadata(keep).iter().map(|(k, _)| k.clone()).collect();
        if dfg.inst(keep).kind != self.kind {
            dfg.inst_mut(keep).kind = self.kind;
        }
        if dfg.inst_metadata(keep) != self.metadata.as_slice() {
            dfg.set_all_inst_md(keep, self.metadata);
        }
        if let Some((kept, gone)) = self.assign_ids {
            f.layout_mut_preserving_cfg().for_each_dbg_record_mut(|r| {
                if let Some(id) = r.assign_id_mut().filter(|id| **id == gone) {
                    *id = kept;
                }
            });
        }
        NewMetadata { inst: Some(keep), tuples: self.new_metadata, locations: self.locations, order }
    }
}

/// The instruction `keep` becomes when `other` (computing the same value)
/// is merged into it, or why the two cannot be one. Their metadata is read
/// from the module: an instruction that got new nodes from an earlier merge
/// ([`NewMetadata::attach`] into a buffer) needs [`merge_in`].
pub fn merge(m: &Module, f: &Function, keep: Inst, other: Inst) -> Result<Merged, String> {
    merge_in(m, &m.metadata, f, keep, other)
}

/// [`merge`], with the metadata read through `md` (which sees nodes that
/// earlier merges made and the module does not hold yet).
pub fn merge_in(m: &Module, md: &impl MetadataSink, f: &Function, keep: Inst, other: Inst) -> Result<Merged, String> {
    let dfg = f.dfg();
    let kind = merge_kind(&dfg.inst(keep).kind, &dfg.inst(other).kind)?;
    let (metadata, new_metadata) = merge_metadata(md, &m.types, dfg.inst_metadata(keep), dfg.inst_metadata(other));
    let dbg = |i: Inst| dfg.inst_metadata(i).iter().find(|(k, _)| &**k == "dbg").map(|(_, n)| *n);
    let locations = match (dbg(keep), dbg(other)) {
        (Some(a), Some(b)) if a != b => Some((a, b)),
        _ => None,
    };
    let assign_id = |i: Inst| dfg.inst_metadata(i).iter().find(|(k, _)| &**k == "DIAssignID").map(|(_, n)| *n);
    let assign_ids = match (assign_id(keep), assign_id(other)) {
        (Some(a), Some(b)) if a != b => Some((a, b)),
        _ => None,
    };
    Ok(Merged { kind, metadata, new_metadata, locations, assign_ids })
}

/// Whether the operation (opcode and operator) of two kinds is the same.
fn same_operation(a: &InstKind, b: &InstKind) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
        && match (a, b) {
            (InstKind::Binary { op: x, .. }, InstKind::Binary { op: y, .. }) => x == y,
            (InstKind::Cast { op: x, .. }, InstKind::Cast { op: y, .. }) => x == y,
            (InstKind::ICmp { pred: x, .. }, InstKind::ICmp { pred: y, .. }) => x.swapped() == *y || x == y,
            (InstKind::FCmp { pred: x, .. }, InstKind::FCmp { pred: y, .. }) => x == y,
            _ => true,
        }
}

/// The kind of the merged instruction (see the module docs).
pub fn merge_kind(keep: &InstKind, other: &InstKind) -> Result<InstKind, String> {
    use InstKind as K;
    let mut k = keep.clone();
    if !same_operation(keep, other) {
        // Different operations with the same value (found by algebra): only
        // a pure operation's flags can be dropped to make it stand for both.
        match &mut k {
            K::Binary { flags, fmf, .. } | K::Cast { flags, fmf, .. } => {
                *flags = Default::default();
                *fmf = Default::default();
            }
            K::ICmp { flags, .. } => *flags = Default::default(),
            K::FCmp { fmf, .. } | K::FNeg { fmf } | K::Select { fmf } => *fmf = Default::default(),
            K::Gep { flags, .. } => *flags = Default::default(),
            K::Freeze
            | K::ExtractElement
            | K::InsertElement
            | K::ShuffleVector
            | K::ExtractValue { .. }
            | K::InsertValue { .. } => {}
            _ => return Err(format!("a {} and a different operation are not one instruction", opname(keep))),
        }
        return Ok(k);
    }
    match (&mut k, other) {
        (K::Binary { flags, fmf, .. }, K::Binary { flags: f2, fmf: m2, .. })
        | (K::Cast { flags, fmf, .. }, K::Cast { flags: f2, fmf: m2, .. }) => {
            *flags = flags.intersect(*f2);
            *fmf = fmf.intersect(*m2);
        }
        (K::ICmp { flags, .. }, K::ICmp { flags: f2, .. }) => *flags = flags.intersect(*f2),
        (K::FCmp { fmf, .. }, K::FCmp { fmf: m2, .. })
        | (K::FNeg { fmf }, K::FNeg { fmf: m2 })
        | (K::Select { fmf }, K::Select { fmf: m2 }) => *fmf = fmf.intersect(*m2),
        (K::Gep { source, flags }, K::Gep { source: s2, flags: f2 }) => {
            if source != s2 {
                return Err("getelementptrs over different types".into());
            }
            *flags = flags.intersect(*f2);
        }
        (K::Load { align, volatile, atomic }, K::Load { align: a2, volatile: v2, atomic: t2 })
        | (K::Store { align, volatile, atomic }, K::Store { align: a2, volatile: v2, atomic: t2 }) => {
            if volatile != v2 || atomic != t2 {
                return Err(format!("{}s with different volatility or ordering", opname(keep)));
            }
            *align = min_align(*align, *a2);
        }
        (
            K::AtomicRmw { op, volatile, atomic, align },
            K::AtomicRmw { op: o2, volatile: v2, atomic: t2, align: a2 },
        ) => {
            if op != o2 || volatile != v2 || atomic != t2 {
                return Err("atomicrmws with different operations or orderings".into());
            }
            *align = min_align(*align, *a2);
        }
        (
            K::CmpXchg { weak, volatile, atomic, failure, align },
            K::CmpXchg { weak: w2, volatile: v2, atomic: t2, failure: f2, align: a2 },
        ) => {
            if weak != w2 || volatile != v2 || atomic != t2 || failure != f2 {
                return Err("cmpxchgs with different orderings".into());
            }
            *align = min_align(*align, *a2);
        }
        (K::Call(c), K::Call(c2)) | (K::Invoke(c), K::Invoke(c2)) | (K::CallBr(c), K::CallBr(c2)) => {
            merge_call(c, c2)?;
        }
        (a, b) => {
            if *a != *b {
                return Err(format!("two {}s that differ besides their operands", opname(keep)));
            }
        }
    }
    Ok(k)
}

fn opname(k: &InstKind) -> &'static str {
    crate::InstData::new(k.clone(), &[], &[]).opcode_name()
}

/// The smaller alignment; none (the type's ABI alignment, which the
/// printer never leaves out for us) if either has none.
fn min_align(a: Option<crate::inst::Align>, b: Option<crate::inst::Align>) -> Option<crate::inst::Align> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        _ => None,
    }
}

fn merge_call(c: &mut CallInfo, o: &CallInfo) -> Result<(), String> {
    if c.fn_ty != o.fn_ty || c.cconv != o.cconv || c.addrspace != o.addrspace || c.bundles != o.bundles {
        return Err("calls with different types, conventions or bundles".into());
    }
    c.tail = match (c.tail, o.tail) {
        (TailKind::MustTail, TailKind::MustTail) => TailKind::MustTail,
        (TailKind::MustTail, _) | (_, TailKind::MustTail) => return Err("a musttail call and another call".into()),
        (TailKind::NoTail, _) | (_, TailKind::NoTail) => TailKind::NoTail,
        (TailKind::Tail, TailKind::Tail) => TailKind::Tail,
        _ => TailKind::None,
    };
    c.fmf = c.fmf.intersect(o.fmf);
    c.ret_attrs =
        intersect_attrs(&c.ret_attrs, &o.ret_attrs).map_err(|a| format!("calls differ in return attribute {a}"))?;
    for (k, (p, q)) in c.param_attrs.iter_mut().zip(&o.param_attrs).enumerate() {
        *p = intersect_attrs(p, q).map_err(|a| format!("calls differ in attribute {a} of argument {k}"))?;
    }
    c.fn_attrs =
        intersect_attrs(&c.fn_attrs, &o.fn_attrs).map_err(|a| format!("calls differ in function attribute {a}"))?;
    Ok(())
}

/// Attributes that only promise something about values or effects: kept
/// if both have them.
const AND_ATTRS: &[&str] = &[
    "noundef",
    "nonnull",
    "noalias",
    "nofree",
    "dead_on_unwind",
    "dead_on_return",
    "readnone",
    "readonly",
    "writeonly",
    "writable",
    "returned",
    "allocalign",
    "allocptr",
    "cold",
    "hot",
    "inlinehint",
    "nocallback",
    "nocreateundeforpoison",
    "nodivergencesource",
    "norecurse",
    "noreturn",
    "nosync",
    "nounwind",
    "speculatable",
    "willreturn",
    "mustprogress",
];

/// Integer attributes whose smaller value is the weaker promise.
const MIN_ATTRS: &[&str] = &["align", "dereferenceable", "dereferenceable_or_null"];

/// Attributes that may be dropped (no attribute is the weakest promise)
/// but are kept only if equal.
const DROPPABLE_ATTRS: &[&str] = &["nofpclass", "captures", "memory"];

/// The attributes both sets promise, or the first attribute that must be
/// equal in both and is not (by its key).
pub fn intersect_attrs(a: &AttrSet, b: &AttrSet) -> Result<AttrSet, String> {
    let mut out = AttrSet::new();
    let find = |s: &AttrSet, x: &Attr| -> Option<Attr> {
        let is_str = matches!(x, Attr::Str(..));
        s.iter().find(|y| y.key() == x.key() && matches!(y, Attr::Str(..)) == is_str).cloned()
    };
    let preserved = |x: &Attr| -> bool {
        let k = x.key();
        matches!(x, Attr::Str(..))
            || !(AND_ATTRS.contains(&k) || MIN_ATTRS.contains(&k) || DROPPABLE_ATTRS.contains(&k) || k == "range")
    };
    for x in a.iter() {
        let y = find(b, x);
        if preserved(x) {
            if y.as_ref() != Some(x) {
                return Err(describe(x));
            }
            out.insert(x.clone());
            continue;
        }
        let Some(y) = y else { continue };
        if *x == y {
            out.insert(y);
            continue;
        }
        match (x, &y) {
            (Attr::Int(k, v), Attr::Int(_, w)) if MIN_ATTRS.contains(&&**k) => {
                out.insert(Attr::Int(k.clone(), (*v).min(*w)));
            }
            // Either call's effects may happen (LLVM unites the two).
            (Attr::Paren(k, p), Attr::Paren(_, q)) if &**k == "memory" => {
                if let (Some(x), Some(y)) = (MemoryLocations::parse(p), MemoryLocations::parse(q)) {
                    out.insert(Attr::Paren(k.clone(), x.union(y).render().into()));
                }
            }
            (Attr::Paren(k, p), Attr::Paren(_, q)) if &**k == "range" => {
                if let Some(r) = range_hull(p, q) {
                    out.insert(Attr::Paren(k.clone(), r.into()));
                }
            }
            _ => {}
        }
    }
    // What only `b` has: fine to drop unless it must be preserved.
    if let Some(y) = b.iter().find(|y| preserved(y) && find(a, y).is_none()) {
        return Err(describe(y));
    }
    Ok(out)
}

fn describe(a: &Attr) -> String {
    match a {
        Attr::Str(k, _) => format!("\"{k}\""),
        _ => a.key().to_owned(),
    }
}

/// `range(iN lo, hi)` payloads covering both (the hull of two ranges that
/// do not wrap), keeping the written bounds; `None` when either wraps or
/// they are of different types.
fn range_hull(p: &str, q: &str) -> Option<String> {
    let parse = |s: &str| -> Option<(String, i128, String, i128, String)> {
        let (ty, rest) = s.trim().split_once(' ')?;
        let (lo, hi) = rest.split_once(',')?;
        let (lo, hi) = (lo.trim(), hi.trim());
        let bits: u32 = ty.strip_prefix('i')?.parse().ok()?;
        let (l, h): (i128, i128) = (lo.parse().ok()?, hi.parse().ok()?);
        // Compare as unsigned values of the type: non-wrapping when lo < hi.
        let unsigned = |v: i128| -> Option<i128> {
            if bits == 0 || bits > 64 {
                return None;
            }
            let m = 1i128 << bits;
            (v > -m && v < m).then_some(v.rem_euclid(m))
        };
        let (ul, uh) = (unsigned(l)?, unsigned(h)?);
        (ul < uh).then(|| (ty.to_owned(), ul, lo.to_owned(), uh, hi.to_owned()))
    };
    let (t1, l1, lo1, h1, hi1) = parse(p)?;
    let (t2, l2, lo2, h2, hi2) = parse(q)?;
    if t1 != t2 {
        return None;
    }
    let lo = if l1 <= l2 { lo1 } else { lo2 };
    let hi = if h1 >= h2 { hi1 } else { hi2 };
    Some(format!("{t1} {lo}, {hi}"))
}

type MdList = Vec<(Name, MdId)>;

/// The attachments of the merged instruction (see the module docs): the
/// existing nodes kept, and the tuples to create.
pub fn merge_metadata(
    table: &impl MetadataSink,
    types: &TypeTable,
    keep: &[(Name, MdId)],
    other: &[(Name, MdId)],
) -> (MdList, Vec<(Name, Vec<MdOperand>)>) {
    let mut kept = Vec::new();
    let mut created = Vec::new();
    for (kind, a) in keep {
        // The location is merged later; the assignment ID stays (the other
        // instruction's records are made to name it: `Merged::assign_ids`).
        if &**kind == "dbg" || &**kind == "DIAssignID" {
            kept.push((kind.clone(), *a));
            continue;
        }
        let Some(b) = other.iter().find(|(k, _)| k == kind).map(|(_, b)| *b) else { continue };
        if same_node(table, *a, b) {
            kept.push((kind.clone(), *a));
            continue;
        }
        match &**kind {
            "nonnull" | "noundef" | "invariant.load" | "nontemporal" => kept.push((kind.clone(), *a)),
            "range" | "tbaa" => {
                // One of the two when it covers the other, else a new node.
                let generic = if &**kind == "range" {
                    range_md_union(table, types, *a, b)
                } else {
                    tbaa_most_generic(table, *a, b)
                };
                match generic {
                    Some(ops) if table.tuple_ops(*a) == Some(&ops) => kept.push((kind.clone(), *a)),
                    Some(ops) if table.tuple_ops(b) == Some(&ops) => kept.push((kind.clone(), b)),
                    Some(ops) => created.push((kind.clone(), ops)),
                    None => {}
                }
            }
            "align" | "dereferenceable" | "dereferenceable_or_null" => {
                let int = |n: MdId| match table.tuple_ops(n) {
                    Some([MdOperand::Const(c)]) => c.as_int(),
                    _ => None,
                };
                if let (Some(x), Some(y)) = (int(*a), int(b)) {
                    kept.push((kind.clone(), if x <= y { *a } else { b }));
                }
            }
            _ => {}
        }
    }
    // The merged instruction also stands for the other's assignment.
    if !keep.iter().any(|(k, _)| &**k == "DIAssignID")
        && let Some((k, id)) = other.iter().find(|(k, _)| &**k == "DIAssignID")
    {
        kept.push((k.clone(), *id));
    }
    (kept, created)
}

/// Whether two nodes are the same: one node, or equal uniqued ones.
fn same_node(table: &impl MetadataSink, a: MdId, b: MdId) -> bool {
    a == b
        || matches!((table.node(a), table.node(b)), (Some(x), Some(y)) if !x.distinct && !y.distinct && x.body == y.body)
}

/// The `!range` covering both, as LLVM's most generic range: the union of
/// their pairs, merged where they overlap or touch, in ascending order;
/// `None` if any pair wraps (as a signed interval) or the types differ.
fn range_md_union(table: &impl MetadataSink, types: &TypeTable, a: MdId, b: MdId) -> Option<Vec<MdOperand>> {
    let mut pairs: Vec<(i128, i128, &Const, &Const)> = Vec::new();
    for n in [a, b] {
        let ops = table.tuple_ops(n)?;
        if ops.is_empty() || ops.len() % 2 != 0 {
            return None;
        }
        for pair in ops.chunks(2) {
            let (MdOperand::Const(l), MdOperand::Const(h)) = (&pair[0], &pair[1]) else { return None };
            let (ConstKind::Int(lv), ConstKind::Int(hv)) = (&l.kind, &h.kind) else { return None };
            let bits = types.int_bits(l.ty).filter(|&b| (1..=128).contains(&b))?;
            // The signed value of the type's width, whatever the stored bits.
            let signed = |v: u128| ((v << (128 - bits)) as i128) >> (128 - bits);
            let (lv, hv) = (signed(*lv), signed(*hv));
            if l.ty != h.ty || lv >= hv || pairs.first().is_some_and(|p| p.2.ty != l.ty) {
                return None;
            }
            pairs.push((lv, hv, l, h));
        }
    }
    pairs.sort_by_key(|p| p.0);
    let mut merged: Vec<(i128, i128, &Const, &Const)> = Vec::new();
    for p in pairs {
        match merged.last_mut() {
            Some(last) if p.0 <= last.1 => {
                if p.1 > last.1 {
                    (last.1, last.3) = (p.1, p.3);
                }
            }
            _ => merged.push(p),
        }
    }
    Some(
        merged
            .into_iter()
            .flat_map(|(_, _, l, h)| [MdOperand::Const(l.clone()), MdOperand::Const(h.clone())])
            .collect(),
    )
}

/// The `!tbaa` tag covering two scalar access tags (`!{T, T, i64 0}` over
/// type nodes `!{!"name", parent, ...}`): the tag of the nearest type both
/// descend from, as LLVM's most generic TBAA; `None` for other tags, or
/// when the nearest common type is the root (no useful tag).
fn tbaa_most_generic(table: &impl MetadataSink, a: MdId, b: MdId) -> Option<Vec<MdOperand>> {
    let scalar_tag = |n: MdId| -> Option<(MdId, MdOperand)> {
        match table.tuple_ops(n)? {
            [MdOperand::Node(base), MdOperand::Node(access), off @ MdOperand::Const(c)]
                if base == access && c.as_int() == Some(0) =>
            {
                Some((*base, off.clone()))
            }
            _ => None,
        }
    };
    let (ta, offset) = scalar_tag(a)?;
    let (tb, _) = scalar_tag(b)?;
    // The chain of a type node up to the root, old format only (the name
    // first, the parent second).
    let chain = |mut t: MdId| -> Option<Vec<MdId>> {
        let mut out = Vec::new();
        loop {
            if out.contains(&t) || out.len() > 64 {
                return None;
            }
            out.push(t);
            match table.tuple_ops(t)? {
                [MdOperand::Str(_)] => return Some(out),
                [MdOperand::Str(_), MdOperand::Node(parent), ..] => t = *parent,
                _ => return None,
            }
        }
    };
    let (ca, cb) = (chain(ta)?, chain(tb)?);
    let common = ca.iter().rev().zip(cb.iter().rev()).take_while(|(x, y)| x == y).last().map(|(x, _)| *x)?;
    // The root (a lone name) makes no useful tag.
    if table.tuple_ops(common)?.len() < 2 {
        return None;
    }
    Some(vec![MdOperand::Node(common), MdOperand::Node(common), offset])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inst::{Align, FastMath, IntFlags};

    fn set(attrs: &[Attr]) -> AttrSet {
        let mut s = AttrSet::new();
        for a in attrs {
            s.insert(a.clone());
        }
        s
    }

    #[test]
    fn memory_effects_unite() {
        let mem = |m: &str| set(&[Attr::Paren("memory".into(), m.into())]);
        let r = intersect_attrs(&mem("read"), &mem("write")).unwrap();
        assert_eq!(r.get_paren("memory"), Some("readwrite"));
        let r = intersect_attrs(&mem("none"), &mem("argmem: read")).unwrap();
        assert_eq!(r.get_paren("memory"), Some("argmem: read"));
        // Only one promising something: nothing is promised.
        assert_eq!(intersect_attrs(&mem("read"), &AttrSet::new()).unwrap().get_paren("memory"), None);
    }

    #[test]
    fn attributes_intersect_by_rule() {
        let flag = |k: &str| Attr::Flag(k.into());
        let a = set(&[
            flag("noundef"),
            flag("nonnull"),
            Attr::Int("align".into(), 16),
            Attr::Paren("range".into(), "i32 0, 5".into()),
        ]);
        let b = set(&[flag("noundef"), Attr::Int("align".into(), 4), Attr::Paren("range".into(), "i32 2, 9".into())]);
        let r = intersect_attrs(&a, &b).unwrap();
        assert!(r.has("noundef") && !r.has("nonnull"));
        assert_eq!(r.get_int("align"), Some(4));
        assert_eq!(r.get_paren("range"), Some("i32 0, 9"));
        // One range alone is dropped; a wrapping one too.
        let c = set(&[Attr::Paren("range".into(), "i8 -1, 1".into())]);
        assert_eq!(intersect_attrs(&a, &c).unwrap().get_paren("range"), None);
        assert_eq!(intersect_attrs(&c, &c).unwrap().get_paren("range"), Some("i8 -1, 1"));
        // ABI and string attributes must agree.
        assert!(intersect_attrs(&set(&[flag("signext")]), &AttrSet::new()).is_err());
        assert!(intersect_attrs(&AttrSet::new(), &set(&[flag("zeroext")])).is_err());
        let s = |v: &str| set(&[Attr::Str("k".into(), Some(v.into()))]);
        assert!(intersect_attrs(&s("1"), &s("2")).is_err());
        assert!(intersect_attrs(&s("1"), &s("1")).is_ok());
    }

    #[test]
    fn kinds_merge_by_rule() {
        let load = |a: u64, volatile: bool| InstKind::Load { align: Align::new(a), volatile, atomic: None };
        assert_eq!(merge_kind(&load(8, false), &load(2, false)).unwrap(), load(2, false));
        assert_eq!(merge_kind(&load(2, false), &load(8, false)).unwrap(), load(2, false));
        assert!(merge_kind(&load(4, true), &load(4, false)).is_err());
        let add = |flags, fmf| InstKind::Binary { op: crate::inst::BinOp::Add, flags, fmf };
        let nuw_nsw = IntFlags::NUW.union(IntFlags::NSW);
        assert_eq!(
            merge_kind(&add(nuw_nsw, FastMath::NONE), &add(IntFlags::NSW, FastMath::NONE)).unwrap(),
            add(IntFlags::NSW, FastMath::NONE)
        );
        let shl = InstKind::Binary { op: crate::inst::BinOp::Shl, flags: IntFlags::NUW, fmf: FastMath::NONE };
        assert_eq!(merge_kind(&add(nuw_nsw, FastMath::NONE), &shl).unwrap(), add(IntFlags::NONE, FastMath::NONE));
        // A load never stands for a different operation.
        assert!(merge_kind(&load(4, false), &shl).is_err());
    }
}

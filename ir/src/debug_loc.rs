//! The source location of one instruction that stands for two
//! (LLVM: `DILocation::getMergedLocation`).
//!
//! When two instructions from different places become one (hoisting both
//! arms' copies into their common predecessor), the merged instruction may
//! not claim either place: a debugger would attribute the common code to
//! one arm. LLVM's rule, followed here:
//!
//! * the two `inlinedAt` chains are matched from their outermost common
//!   frame (same subprogram, same `inlinedAt`) inwards, merging frame by
//!   frame for as long as both frames are in the same subprogram;
//! * two locations of one subprogram merge into the nearest scope enclosing
//!   both, keeping the line if both have it and the column if both have
//!   the same line and column, else line 0;
//! * with no common frame at all, line 0 in the first location's scope.
//!
//! Cases LLVM handles by inventing nodes this module does not make (scopes
//! in different files, which LLVM re-parents a lexical block for; a new
//! key-instruction group) give no answer here, and the caller keeps one of
//! the two locations as before.

use rustc_hash::FxHashMap;

use crate::metadata::{MdBody, MdField, MdId, MetadataSink};

/// A `DILocation`'s fields.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Loc {
    line: u64,
    column: u64,
    scope: MdId,
    inlined_at: Option<MdId>,
    implicit: bool,
    atom_group: u64,
    atom_rank: u64,
}

/// Longest scope or `inlinedAt` chain followed; a longer one is a cycle in
/// malformed metadata, not a program.
const CHAIN_LIMIT: usize = 4096;

/// Merges locations, reusing the nodes it made for equal results.
#[derive(Debug, Default)]
pub struct LocationMerger {
    made: FxHashMap<MdBody, MdId>,
}

impl LocationMerger {
    /// The location of an instruction standing for instructions at `a` and
    /// `b` (both `DILocation` nodes), made in `md` if new; `None` where the
    /// module docs say so.
    pub fn merge(&mut self, md: &mut impl MetadataSink, a: MdId, b: MdId) -> Option<MdId> {
        if a == b {
            return Some(a);
        }
        let a_chain = chain(md, a)?;
        let b_chain = chain(md, b)?;
        // The outermost frames: the first of b's chain whose subprogram and
        // inlinedAt also appear in a's.
        let mut frames: FxHashMap<(MdId, Option<MdId>), usize> = FxHashMap::default();
        for (i, (_, l)) in a_chain.iter().enumerate() {
            frames.insert((subprogram(md, l.scope)?, l.inlined_at), i);
        }
        let mut start = None;
        for (j, (_, l)) in b_chain.iter().enumerate() {
            if let Some(&i) = frames.get(&(subprogram(md, l.scope)?, l.inlined_at)) {
                start = Some((i, j));
                break;
            }
        }
        let Some((i, j)) = start else {
            let (_, first) = &a_chain[0];
            let merged =
                Loc { line: 0, column: 0, inlined_at: None, implicit: false, atom_group: 0, atom_rank: 0, ..*first };
            return Some(self.intern(md, merged, &[]));
        };
        let (a_top, b_top) = (a_chain[0].1.inlined_at, b_chain[0].1.inlined_at);
        let mut result = a_chain[i].1.inlined_at;
        let mut made_one = false;
        for (x, y) in a_chain[..=i].iter().rev().zip(b_chain[..=j].iter().rev()) {
            let same_top = a_top == b_top && result == b_top;
            match self.merge_pair(md, x, y, result, same_top)? {
                Some(l) => {
                    result = Some(l);
                    made_one = true;
                }
                None => break,
            }
        }
        // The first pair is of one subprogram, so it always merges.
        debug_assert!(made_one);
        result
    }

    /// One frame of each chain, merged under `inlined_at`; `Some(None)` if
    /// the two are in different subprograms.
    fn merge_pair(
        &mut self,
        md: &mut impl MetadataSink,
        (id1, l1): &(MdId, Loc),
        (id2, l2): &(MdId, Loc),
        inlined_at: Option<MdId>,
        same_top: bool,
    ) -> Option<Option<MdId>> {
        if id1 == id2 {
            let merged = Loc { inlined_at, ..*l1 };
            return Some(Some(self.intern(md, merged, &[*id1])));
        }
        if subprogram(md, l1.scope)? != subprogram(md, l2.scope)? {
            return Some(None);
        }
        let scope = common_scope(md, l1.scope, l2.scope)?;
        let f1 = file(md, l1.scope);
        if file(md, scope) != f1 || f1 != file(md, l2.scope) {
            return None;
        }
        let same_line = l1.line == l2.line;
        let (atom_group, atom_rank) = if !same_line || (l1.atom_group == 0 && l2.atom_group == 0) {
            (0, 0)
        } else if same_top {
            // The lower non-zero rank, then the lower non-zero group.
            let first = if l1.atom_rank == l2.atom_rank {
                if l1.atom_group == 0 || l2.atom_group == 0 {
                    l2.atom_group == 0
                } else {
                    l1.atom_group < l2.atom_group
                }
            } else if l1.atom_rank == 0 || l2.atom_rank == 0 {
                l2.atom_rank == 0
            } else {
                l1.atom_rank < l2.atom_rank
            };
            let l = if first { l1 } else { l2 };
            (l.atom_group, l.atom_rank)
        } else {
            // LLVM starts a new key-instruction group here.
            return None;
        };
        let merged = Loc {
            line: if same_line { l1.line } else { 0 },
            column: if same_line && l1.column == l2.column { l1.column } else { 0 },
            scope,
            inlined_at,
            implicit: l1.implicit && l2.implicit,
            atom_group,
            atom_rank,
        };
        Some(Some(self.intern(md, merged, &[*id1, *id2])))
    }

    /// The node for `l`: one of `existing` if equal (locations are
    /// uniqued), one made before, or a new one.
    fn intern(&mut self, md: &mut impl MetadataSink, l: Loc, existing: &[MdId]) -> MdId {
        let body = body(&l);
        for &e in existing {
            if md.node(e).is_some_and(|n| !n.distinct && n.body == body) {
                return e;
            }
        }
        *self.made.entry(body).or_insert_with_key(|body| md.add(false, body.clone()))
    }
}

/// `loc`, `loc.inlinedAt`, ...: each node with its fields.
fn chain(md: &impl MetadataSink, loc: MdId) -> Option<Vec<(MdId, Loc)>> {
    let mut out = Vec::new();
    let mut next = Some(loc);
    while let Some(id) = next {
        if out.len() >= CHAIN_LIMIT {
            return None;
        }
        let l = read(md, id)?;
        next = l.inlined_at;
        out.push((id, l));
    }
    Some(out)
}

fn read(md: &impl MetadataSink, id: MdId) -> Option<Loc> {
    let MdBody::Specialized { name, fields } = &md.node(id)?.body else { return None };
    if &**name != "DILocation" {
        return None;
    }
    let mut l = Loc { line: 0, column: 0, scope: id, inlined_at: None, implicit: false, atom_group: 0, atom_rank: 0 };
    let mut scope = None;
    for (k, v) in fields {
        let int = || match v {
            MdField::Raw(r) => r.parse::<u64>().ok(),
            _ => None,
        };
        match (&**k, v) {
            ("line", _) => l.line = int()?,
            ("column", _) => l.column = int()?,
            ("atomGroup", _) => l.atom_group = int()?,
            ("atomRank", _) => l.atom_rank = int()?,
            ("scope", MdField::Node(s)) => scope = Some(*s),
            ("inlinedAt", MdField::Node(n)) => l.inlined_at = Some(*n),
            ("inlinedAt", MdField::Null) => {}
            ("isImplicitCode", MdField::Raw(r)) => l.implicit = &**r == "true",
            _ => return None,
        }
    }
    l.scope = scope?;
    Some(l)
}

/// A location's node, with its fields as LLVM prints them.
fn body(l: &Loc) -> MdBody {
    let raw = |v: &dyn ToString| MdField::Raw(v.to_string().into());
    let mut fields = vec![("line".into(), raw(&l.line))];
    if l.column != 0 {
        fields.push(("column".into(), raw(&l.column)));
    }
    fields.push(("scope".into(), MdField::Node(l.scope)));
    if let Some(at) = l.inlined_at {
        fields.push(("inlinedAt".into(), MdField::Node(at)));
    }
    if l.implicit {
        fields.push(("isImplicitCode".into(), raw(&true)));
    }
    if l.atom_group != 0 {
        fields.push(("atomGroup".into(), raw(&l.atom_group)));
        fields.push(("atomRank".into(), raw(&l.atom_rank)));
    }
    MdBody::Specialized { name: "DILocation".into(), fields }
}

/// A specialised node's fields.
type Fields = [(Box<str>, MdField)];

fn kind(md: &impl MetadataSink, id: MdId) -> Option<(&str, &Fields)> {
    match &md.node(id)?.body {
        MdBody::Specialized { name, fields } => Some((name, fields)),
        _ => None,
    }
}

fn node_field(fields: &Fields, key: &str) -> Option<MdId> {
    fields.iter().find(|(k, _)| &**k == key).and_then(|(_, v)| match v {
        MdField::Node(n) => Some(*n),
        _ => None,
    })
}

/// The enclosing scope of a local scope; `None` at the subprogram (or at
/// anything that is not a local scope).
fn parent(md: &impl MetadataSink, s: MdId) -> Option<MdId> {
    match kind(md, s)? {
        ("DILexicalBlock" | "DILexicalBlockFile", fields) => node_field(fields, "scope"),
        _ => None,
    }
}

fn subprogram(md: &impl MetadataSink, mut s: MdId) -> Option<MdId> {
    for _ in 0..CHAIN_LIMIT {
        if kind(md, s)?.0 == "DISubprogram" {
            return Some(s);
        }
        s = parent(md, s)?;
    }
    None
}

/// The innermost scope enclosing both (within one subprogram).
fn common_scope(md: &impl MetadataSink, s1: MdId, s2: MdId) -> Option<MdId> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut s = Some(s1);
    while let Some(x) = s {
        if seen.len() >= CHAIN_LIMIT || !seen.insert(x) {
            break;
        }
        s = parent(md, x);
    }
    let mut s = Some(s2);
    for _ in 0..CHAIN_LIMIT {
        let x = s?;
        if seen.contains(&x) {
            return Some(x);
        }
        s = parent(md, x);
    }
    None
}

/// The file of a scope, compared by content (two equal `DIFile`s are one).
fn file(md: &impl MetadataSink, s: MdId) -> Option<&MdBody> {
    let f = node_field(kind(md, s)?.1, "file")?;
    md.node(f).map(|n| &n.body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parser::parse_module;

    /// The metadata of a module with `md`'s nodes, and the ids of its `!10`
    /// and `!11` (the parser renumbers).
    fn table(md: &str) -> (crate::MetadataTable, MdId, MdId) {
        let src = format!(
            "!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)\n\
             !1 = !DIFile(filename: \"k.c\", directory: \"/src\")\n\
             !2 = !DIFile(filename: \"k.h\", directory: \"/src\")\n\
             !3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, spFlags: DISPFlagDefinition, unit: !0)\n\
             !4 = distinct !DISubprogram(name: \"g\", scope: !1, file: !1, line: 9, spFlags: DISPFlagDefinition, unit: !0)\n\
             {md}\n!named = !{{!10, !11}}\n"
        );
        let (m, _) = parse_module("t.ll", &src).expect("parses");
        let named = m.metadata.named["named"].clone();
        (m.metadata, named[0], named[1])
    }

    fn fields(t: &crate::MetadataTable, id: MdId) -> String {
        format!("{:?}", t.nodes[id].body)
    }

    #[test]
    fn no_common_frame_gives_line_zero_in_the_first_scope() {
        let (mut t, a, b) = table(
            "!10 = !DILocation(line: 2, column: 3, scope: !3)\n!11 = !DILocation(line: 10, column: 1, scope: !4)",
        );
        let m = LocationMerger::default().merge(&mut t, a, b).expect("merges");
        let f = fields(&t, m);
        assert!(f.contains("\"line\", Raw(\"0\")") && !f.contains("column"), "{f}");
        assert_eq!(read(&t, m).map(|l| l.scope), read(&t, a).map(|l| l.scope));
    }

    #[test]
    fn scopes_in_different_files_give_no_answer() {
        let (mut t, a, b) = table(
            "!5 = distinct !DILexicalBlockFile(scope: !3, file: !2, discriminator: 0)\n\
             !10 = !DILocation(line: 2, column: 3, scope: !3)\n!11 = !DILocation(line: 2, column: 3, scope: !5)",
        );
        assert_eq!(LocationMerger::default().merge(&mut t, a, b), None);
    }

    #[test]
    fn equal_results_share_one_node() {
        let (mut t, a, b) =
            table("!10 = !DILocation(line: 2, column: 3, scope: !3)\n!11 = !DILocation(line: 5, column: 1, scope: !3)");
        let mut merger = LocationMerger::default();
        let first = merger.merge(&mut t, a, b);
        assert_eq!(first, merger.merge(&mut t, b, a));
        assert_eq!(merger.merge(&mut t, a, a), Some(a));
    }
}

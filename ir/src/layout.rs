//! Program order: which blocks are in the function and in what order, and
//! which instructions are in each block and in what order.
//!
//! Both orders are doubly linked lists kept in side tables, so inserting,
//! removing or moving an instruction or block is O(1) and never changes an
//! id. Each instruction also carries a sequence number, spaced out like line
//! numbers in BASIC, so that comparing the order of two instructions in one
//! block is O(1) ([`Layout::inst_precedes`]); a block is renumbered only when
//! an insertion finds no gap. Blocks carry sequence numbers too
//! ([`Layout::block_precedes`]), renumbered forward from an insertion that
//! finds no gap only as far as the next gap (as Cranelift's layout does).

use crate::debug::DbgRecord;
use crate::entity::{PackedOption, SecondaryMap};
use crate::{Block, Inst};
use rustc_hash::FxHashMap;

/// Distance between the sequence numbers of consecutive appended instructions.
const SEQ_STRIDE: u32 = 16;
/// The same for instructions renumbered after an insertion found no gap:
/// smaller, so that renumbering meets an existing gap after a few.
const LOCAL_SEQ_STRIDE: u32 = 2;
/// How many instructions such a renumbering may move before the whole
/// block is renumbered.
const LOCAL_RENUMBER_LIMIT: usize = 64;
/// The same for blocks (64-bit: twenty insertions at one point fit).
const BLOCK_SEQ_STRIDE: u64 = 1 << 20;
/// The least gap a renumbering leaves between blocks.
const BLOCK_SEQ_MIN_GAP: u64 = 1 << 10;

#[derive(Clone, Debug, Default)]
struct BlockNode {
    prev: PackedOption<Block>,
    next: PackedOption<Block>,
    first: PackedOption<Inst>,
    last: PackedOption<Inst>,
    inserted: bool,
    len: u32,
    /// Increasing along the layout; kept when the block is removed.
    seq: u64,
}

#[derive(Clone, Debug, Default)]
struct InstNode {
    block: PackedOption<Block>,
    prev: PackedOption<Inst>,
    next: PackedOption<Inst>,
    seq: u32,
}

/// Block and instruction order of a function.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    blocks: SecondaryMap<Block, BlockNode>,
    insts: SecondaryMap<Inst, InstNode>,
    first_block: PackedOption<Block>,
    last_block: PackedOption<Block>,
    num_blocks: usize,
    /// Debug records by the instruction they precede. Lookup only.
    dbg: FxHashMap<Inst, Vec<DbgRecord>>,
    /// Records left at the end of a block whose last instruction was
    /// removed; the next instruction appended to the block takes them.
    dbg_trailing: FxHashMap<Block, Vec<DbgRecord>>,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Self {
        Self::default()
    }

    /// Releases spare capacity.
    pub fn shrink_to_fit(&mut self) {
        self.blocks.shrink_to_fit();
        self.insts.shrink_to_fit();
    }

    // ---- blocks ----

    /// The entry block (first in layout).
    pub fn entry_block(&self) -> Option<Block> {
        self.first_block.expand()
    }

    /// The last block in layout.
    pub fn last_block(&self) -> Option<Block> {
        self.last_block.expand()
    }

    /// Number of blocks in the layout.
    pub fn num_blocks(&self) -> usize {
        self.num_blocks
    }

    /// Whether `b` is in the layout.
    #[inline]
    pub fn is_block_inserted(&self, b: Block) -> bool {
        self.blocks[b].inserted
    }

    /// Appends `b` at the end.
    pub fn append_block(&mut self, b: Block) {
        debug_assert!(!self.is_block_inserted(b));
        let last = self.last_block;
        {
            let n = &mut self.blocks[b];
            n.prev = last;
            n.next = PackedOption::NONE;
            n.inserted = true;
        }
        match last.expand() {
            Some(l) => self.blocks[l].next = b.into(),
            None => self.first_block = b.into(),
        }
        self.last_block = b.into();
        self.num_blocks += 1;
        self.assign_block_seq(b);
    }

    /// Inserts `b` right after `after`.
    pub fn insert_block_after(&mut self, b: Block, after: Block) {
        debug_assert!(!self.is_block_inserted(b) && self.is_block_inserted(after));
        let next = self.blocks[after].next;
        {
            let n = &mut self.blocks[b];
            n.prev = after.into();
            n.next = next;
            n.inserted = true;
        }
        self.blocks[after].next = b.into();
        match next.expand() {
            Some(nx) => self.blocks[nx].prev = b.into(),
            None => self.last_block = b.into(),
        }
        self.num_blocks += 1;
        self.assign_block_seq(b);
    }

    /// Inserts `b` right before `before`.
    pub fn insert_block_before(&mut self, b: Block, before: Block) {
        debug_assert!(!self.is_block_inserted(b) && self.is_block_inserted(before));
        let prev = self.blocks[before].prev;
        {
            let n = &mut self.blocks[b];
            n.prev = prev;
            n.next = before.into();
            n.inserted = true;
        }
        self.blocks[before].prev = b.into();
        match prev.expand() {
            Some(p) => self.blocks[p].next = b.into(),
            None => self.first_block = b.into(),
        }
        self.num_blocks += 1;
        self.assign_block_seq(b);
    }

    /// Drops the debug records left at the end of `b` (once its last
    /// instruction went).
    pub fn drop_trailing_dbg_records(&mut self, b: Block) {
        self.dbg_trailing.remove(&b);
    }

    /// Removes `b` (which must be empty of instructions) from the layout.
    pub fn remove_block(&mut self, b: Block) {
        debug_assert!(self.is_block_inserted(b));
        debug_assert!(self.blocks[b].first.is_none(), "{b}: removing a block that still has instructions");
        self.dbg_trailing.remove(&b);
        self.unlink_block(b);
    }

    /// Moves `b`, with its instructions, to just before `before`.
    pub fn move_block_before(&mut self, b: Block, before: Block) {
        debug_assert!(self.is_block_inserted(b) && self.is_block_inserted(before) && b != before);
        self.unlink_block(b);
        self.insert_block_before(b, before);
    }

    fn unlink_block(&mut self, b: Block) {
        let (prev, next) = (self.blocks[b].prev, self.blocks[b].next);
        match prev.expand() {
            Some(p) => self.blocks[p].next = next,
            None => self.first_block = next,
        }
        match next.expand() {
            Some(n) => self.blocks[n].prev = prev,
            None => self.last_block = prev,
        }
        let n = &mut self.blocks[b];
        n.prev = PackedOption::NONE;
        n.next = PackedOption::NONE;
        n.inserted = false;
        self.num_blocks -= 1;
    }

    /// Whether `a` comes strictly before `b` in the layout (both inserted).
    #[inline]
    pub fn block_precedes(&self, a: Block, b: Block) -> bool {
        debug_assert!(self.is_block_inserted(a) && self.is_block_inserted(b));
        self.blocks[a].seq < self.blocks[b].seq
    }

    /// The sequence number of `b`: increasing along the layout while `b` is
    /// inserted, and kept as it was when `b` is removed.
    #[inline]
    pub fn block_seq(&self, b: Block) -> u64 {
        self.blocks[b].seq
    }

    /// Numbers a block just linked in: midway between its neighbours, or,
    /// with no gap, spread with the blocks after it over the numbers up to
    /// the first later block that leaves each at least `BLOCK_SEQ_MIN_GAP`
    /// (so the window is short: pushing every later block up by a full
    /// stride, as parsed blocks are spaced, renumbered the rest of the
    /// function each time a gap ran out).
    fn assign_block_seq(&mut self, b: Block) {
        let lo = self.blocks[b].prev.expand().map(|p| self.blocks[p].seq);
        let hi = self.blocks[b].next.expand().map(|n| self.blocks[n].seq);
        let base = lo.unwrap_or(0);
        match hi {
            None => self.blocks[b].seq = base + BLOCK_SEQ_STRIDE,
            Some(hi) if hi > base + 1 => self.blocks[b].seq = base + (hi - base) / 2,
            Some(_) => {
                // The window: `b` and the `k - 1` blocks after it, bounded
                // by the k-th (or the end of the layout).
                let mut window = vec![b];
                let mut cur = self.blocks[b].next.expand();
                let bound = loop {
                    match cur {
                        None => break None,
                        Some(x) => {
                            let room = self.blocks[x].seq.saturating_sub(base);
                            if room / (window.len() as u64 + 1) >= BLOCK_SEQ_MIN_GAP {
                                break Some(self.blocks[x].seq);
                            }
                            window.push(x);
                            cur = self.blocks[x].next.expand();
                        }
                    }
                };
                let gap = match bound {
                    Some(hi) => (hi - base) / (window.len() as u64 + 1),
                    None => BLOCK_SEQ_STRIDE,
                };
                for (k, &x) in window.iter().enumerate() {
                    self.blocks[x].seq = base + gap * (k as u64 + 1);
                }
            }
        }
    }

    /// The block after `b`.
    pub fn next_block(&self, b: Block) -> Option<Block> {
        self.blocks[b].next.expand()
    }

    /// The block before `b`.
    pub fn prev_block(&self, b: Block) -> Option<Block> {
        self.blocks[b].prev.expand()
    }

    /// Blocks in layout order.
    pub fn blocks(&self) -> Blocks<'_> {
        Blocks { layout: self, next: self.first_block.expand() }
    }

    // ---- instructions ----

    /// The block containing `i`, if `i` is in the layout.
    #[inline]
    pub fn inst_block(&self, i: Inst) -> Option<Block> {
        self.insts[i].block.expand()
    }

    /// First instruction of `b`.
    pub fn first_inst(&self, b: Block) -> Option<Inst> {
        self.blocks[b].first.expand()
    }

    /// Last instruction of `b` (its terminator, in a well-formed function).
    pub fn last_inst(&self, b: Block) -> Option<Inst> {
        self.blocks[b].last.expand()
    }

    /// Number of instructions in `b`.
    pub fn block_len(&self, b: Block) -> usize {
        self.blocks[b].len as usize
    }

    /// The instruction after `i` in its block.
    pub fn next_inst(&self, i: Inst) -> Option<Inst> {
        self.insts[i].next.expand()
    }

    /// The instruction before `i` in its block.
    pub fn prev_inst(&self, i: Inst) -> Option<Inst> {
        self.insts[i].prev.expand()
    }

    /// Instructions of `b` in order.
    pub fn block_insts(&self, b: Block) -> Insts<'_> {
        Insts { layout: self, next: self.blocks[b].first.expand(), back: self.blocks[b].last.expand() }
    }

    /// Appends `i` at the end of `b`.
    pub fn append_inst(&mut self, i: Inst, b: Block) {
        debug_assert!(self.insts[i].block.is_none(), "{i}: already in the layout");
        let last = self.blocks[b].last;
        let seq = last.expand().map_or(SEQ_STRIDE, |l| self.insts[l].seq.saturating_add(SEQ_STRIDE));
        {
            let n = &mut self.insts[i];
            n.block = b.into();
            n.prev = last;
            n.next = PackedOption::NONE;
            n.seq = seq;
        }
        match last.expand() {
            Some(l) => self.insts[l].next = i.into(),
            None => self.blocks[b].first = i.into(),
        }
        self.blocks[b].last = i.into();
        self.blocks[b].len += 1;
        if seq == u32::MAX {
            self.renumber(b);
        }
        if !self.dbg_trailing.is_empty()
            && let Some(recs) = self.dbg_trailing.remove(&b)
        {
            let _ = self.dbg.entry(i).or_default().splice(0..0, recs);
        }
    }

    /// Inserts `i` at the start of `b`.
    pub fn prepend_inst(&mut self, i: Inst, b: Block) {
        match self.first_inst(b) {
            Some(f) => self.insert_inst_before(i, f),
            None => self.append_inst(i, b),
        }
    }

    /// Inserts `i` right before `before`.
    pub fn insert_inst_before(&mut self, i: Inst, before: Inst) {
        debug_assert!(self.insts[i].block.is_none(), "{i}: already in the layout");
        let b = self.insts[before].block.expand().expect("insert_inst_before: anchor not in layout");
        let prev = self.insts[before].prev;
        {
            let n = &mut self.insts[i];
            n.block = b.into();
            n.prev = prev;
            n.next = before.into();
        }
        self.insts[before].prev = i.into();
        match prev.expand() {
            Some(p) => self.insts[p].next = i.into(),
            None => self.blocks[b].first = i.into(),
        }
        self.blocks[b].len += 1;
        self.assign_seq(i);
    }

    /// Inserts `i` right after `after`.
    pub fn insert_inst_after(&mut self, i: Inst, after: Inst) {
        match self.next_inst(after) {
            Some(n) => self.insert_inst_before(i, n),
            None => {
                let b = self.inst_block(after).expect("insert_inst_after: anchor not in layout");
                self.append_inst(i, b)
            }
        }
    }

    /// Removes `i` from its block (the instruction data stays in the DFG).
    pub fn remove_inst(&mut self, i: Inst) {
        let Some(b) = self.insts[i].block.expand() else { return };
        let (prev, next) = (self.insts[i].prev, self.insts[i].next);
        // Records stay at their position: they now precede what followed `i`.
        if !self.dbg.is_empty()
            && let Some(recs) = self.dbg.remove(&i)
        {
            match next.expand() {
                Some(n) => {
                    let _ = self.dbg.entry(n).or_default().splice(0..0, recs);
                }
                None => self.dbg_trailing.entry(b).or_default().extend(recs),
            }
        }
        match prev.expand() {
            Some(p) => self.insts[p].next = next,
            None => self.blocks[b].first = next,
        }
        match next.expand() {
            Some(n) => self.insts[n].prev = prev,
            None => self.blocks[b].last = prev,
        }
        let n = &mut self.insts[i];
        n.block = PackedOption::NONE;
        n.prev = PackedOption::NONE;
        n.next = PackedOption::NONE;
        self.blocks[b].len -= 1;
    }

    /// Moves `i` to the end of `b`, taking its debug records along. Use it
    /// when a run of instructions changes blocks (a block merged into
    /// another, the tail of a split block): [`Self::remove_inst`] would leave
    /// each record behind on the next instruction, bunching them all at the
    /// end of the old block.
    pub fn move_inst_to_end(&mut self, i: Inst, b: Block) {
        let recs = if self.dbg.is_empty() { None } else { self.dbg.remove(&i) };
        self.remove_inst(i);
        self.append_inst(i, b);
        if let Some(recs) = recs {
            self.dbg.entry(i).or_default().extend(recs);
        }
    }

    /// Moves every instruction after `i` in its block, in order and with
    /// their debug records, to `to`, which must be empty: the tail of a
    /// split block, relinked at once and renumbered in one pass over it.
    pub fn split_off_after(&mut self, i: Inst, to: Block) {
        let b = self.insts[i].block.expand().expect("split_off_after: instruction not in layout");
        debug_assert!(self.blocks[to].first.is_none() && b != to, "split_off_after: {to} is not an empty other block");
        let Some(first) = self.insts[i].next.expand() else { return };
        let last = self.blocks[b].last;
        self.insts[i].next = PackedOption::NONE;
        self.blocks[b].last = i.into();
        self.insts[first].prev = PackedOption::NONE;
        self.blocks[to].first = first.into();
        self.blocks[to].last = last;
        let mut moved = 0;
        let mut cur = Some(first);
        while let Some(x) = cur {
            self.insts[x].block = to.into();
            moved += 1;
            cur = self.insts[x].next.expand();
        }
        self.blocks[b].len -= moved;
        self.blocks[to].len = moved;
        self.renumber(to);
    }

    /// Moves every instruction of `from`, in order and with their debug
    /// records, to the end of `to` (a block merged into its predecessor):
    /// relinked at once, the moved part numbered in one pass over it. The
    /// records left at the end of `to` come before the first one moved.
    pub fn move_all_to_end(&mut self, from: Block, to: Block) {
        debug_assert!(from != to);
        let Some(first) = self.blocks[from].first.expand() else { return };
        let prev_last = self.blocks[to].last;
        let last = self.blocks[from].last;
        match prev_last.expand() {
            Some(l) => self.insts[l].next = first.into(),
            None => self.blocks[to].first = first.into(),
        }
        self.insts[first].prev = prev_last;
        self.blocks[to].last = last;
        let mut seq = prev_last.expand().map_or(0, |l| self.insts[l].seq);
        let mut cur = Some(first);
        let mut moved = 0;
        while let Some(x) = cur {
            seq = seq.saturating_add(SEQ_STRIDE);
            self.insts[x].block = to.into();
            self.insts[x].seq = seq;
            moved += 1;
            cur = self.insts[x].next.expand();
        }
        self.blocks[from].first = PackedOption::NONE;
        self.blocks[from].last = PackedOption::NONE;
        self.blocks[from].len = 0;
        self.blocks[to].len += moved;
        if seq == u32::MAX {
            self.renumber(to);
        }
        if !self.dbg_trailing.is_empty()
            && let Some(recs) = self.dbg_trailing.remove(&to)
        {
            let _ = self.dbg.entry(first).or_default().splice(0..0, recs);
        }
    }

    /// Moves `i` to just before `before`, taking its debug records along
    /// (see [`Self::move_inst_to_end`]).
    pub fn move_inst_before(&mut self, i: Inst, before: Inst) {
        let recs = if self.dbg.is_empty() { None } else { self.dbg.remove(&i) };
        self.remove_inst(i);
        self.insert_inst_before(i, before);
        if let Some(recs) = recs {
            self.dbg.entry(i).or_default().extend(recs);
        }
    }

    /// The debug records printed before `i`.
    pub fn dbg_records(&self, i: Inst) -> &[DbgRecord] {
        self.dbg.get(&i).map_or(&[], Vec::as_slice)
    }

    /// Replaces the debug records before `i` (which must be in the layout).
    pub fn set_dbg_records(&mut self, i: Inst, recs: Vec<DbgRecord>) {
        if recs.is_empty() {
            self.dbg.remove(&i);
        } else {
            self.dbg.insert(i, recs);
        }
    }

    /// Removes and returns the debug records before `i`.
    pub fn take_dbg_records(&mut self, i: Inst) -> Vec<DbgRecord> {
        self.dbg.remove(&i).unwrap_or_default()
    }

    /// Whether the function has any debug record.
    pub fn has_dbg_records(&self) -> bool {
        !self.dbg.is_empty() || !self.dbg_trailing.is_empty()
    }

    /// Applies `f` to every debug record (in no particular order).
    pub fn for_each_dbg_record_mut(&mut self, mut f: impl FnMut(&mut DbgRecord)) {
        self.dbg.values_mut().chain(self.dbg_trailing.values_mut()).flatten().for_each(&mut f);
    }

    /// Whether `a` comes strictly before `b`; both must be in the same block.
    #[inline]
    pub fn inst_precedes(&self, a: Inst, b: Inst) -> bool {
        debug_assert_eq!(self.insts[a].block, self.insts[b].block);
        self.insts[a].seq < self.insts[b].seq
    }

    fn assign_seq(&mut self, i: Inst) {
        let lo = self.insts[i].prev.expand().map_or(0, |p| self.insts[p].seq);
        let hi = self.insts[i].next.expand().map_or(u32::MAX, |n| self.insts[n].seq);
        if hi > lo + 1 {
            self.insts[i].seq = lo + (hi - lo) / 2;
            return;
        }
        // No gap: number `i` and the instructions after it closely, up to
        // the first one already past the new numbers (as Cranelift does).
        // Renumbering the whole block instead made a run of insertions at
        // one point (an inlined body before its call) quadratic in the
        // block, since each halves the gap there. A long run of close
        // numbers falls back to renumbering the block.
        let mut seq = lo;
        let mut cur = Some(i);
        for _ in 0..LOCAL_RENUMBER_LIMIT {
            let Some(x) = cur else { return };
            if x != i && self.insts[x].seq > seq {
                return;
            }
            match seq.checked_add(LOCAL_SEQ_STRIDE) {
                Some(next) => seq = next,
                None => break,
            }
            self.insts[x].seq = seq;
            cur = self.insts[x].next.expand();
        }
        let b = self.insts[i].block.expand().expect("instruction in layout");
        self.renumber(b);
    }

    fn renumber(&mut self, b: Block) {
        let mut seq = SEQ_STRIDE;
        let mut cur = self.blocks[b].first.expand();
        while let Some(i) = cur {
            self.insts[i].seq = seq;
            seq = seq.saturating_add(SEQ_STRIDE);
            cur = self.insts[i].next.expand();
        }
    }
}

/// Iterator over blocks in layout order.
pub struct Blocks<'a> {
    layout: &'a Layout,
    next: Option<Block>,
}

impl Iterator for Blocks<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let b = self.next?;
        self.next = self.layout.next_block(b);
        Some(b)
    }
}

/// Iterator over the instructions of a block, in order (double-ended).
pub struct Insts<'a> {
    layout: &'a Layout,
    next: Option<Inst>,
    back: Option<Inst>,
}

impl Iterator for Insts<'_> {
    type Item = Inst;
    fn next(&mut self) -> Option<Inst> {
        let i = self.next?;
        if Some(i) == self.back {
            self.next = None;
            self.back = None;
        } else {
            self.next = self.layout.next_inst(i);
        }
        Some(i)
    }
}

impl DoubleEndedIterator for Insts<'_> {
    fn next_back(&mut self) -> Option<Inst> {
        let i = self.back?;
        if Some(i) == self.next {
            self.next = None;
            self.back = None;
        } else {
            self.back = self.layout.prev_inst(i);
        }
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::EntityRef;

    /// Splitting a block's tail off and appending a whole block relink
    /// the instructions at once: order, blocks, lengths, precedence and
    /// debug records as moving them one by one leaves them.
    #[test]
    fn split_off_and_move_all() {
        let mut l = Layout::new();
        let (b0, b1, b2) = (Block::new(0), Block::new(1), Block::new(2));
        for b in [b0, b1, b2] {
            l.append_block(b);
        }
        let i: Vec<Inst> = (0..6).map(Inst::new).collect();
        for &x in &i[..4] {
            l.append_inst(x, b0);
        }
        l.append_inst(i[4], b2);
        l.append_inst(i[5], b2);
        let rec = |n: usize| DbgRecord::Label { label: EntityRef::new(n), loc: EntityRef::new(n) };
        l.set_dbg_records(i[2], vec![rec(2)]);
        l.split_off_after(i[1], b1);
        assert_eq!(l.block_insts(b0).collect::<Vec<_>>(), vec![i[0], i[1]]);
        assert_eq!(l.block_insts(b1).collect::<Vec<_>>(), vec![i[2], i[3]]);
        assert_eq!(l.block_insts(b1).rev().collect::<Vec<_>>(), vec![i[3], i[2]]);
        assert_eq!((l.block_len(b0), l.block_len(b1)), (2, 2));
        assert_eq!(l.inst_block(i[3]), Some(b1));
        assert!(l.inst_precedes(i[2], i[3]));
        assert_eq!(l.dbg_records(i[2]).len(), 1);
        // Records left at the end of the destination go before the first moved.
        l.remove_inst(i[1]);
        l.set_dbg_records(i[4], vec![rec(4)]);
        l.set_dbg_records(i[0], vec![rec(0)]);
        l.remove_inst(i[0]);
        l.move_all_to_end(b2, b0);
        assert_eq!(l.block_insts(b0).collect::<Vec<_>>(), vec![i[4], i[5]]);
        assert_eq!(l.block_len(b2), 0);
        assert!(l.block_insts(b2).next().is_none());
        assert_eq!(l.dbg_records(i[4]).len(), 2, "the trailing record of b0, then i4's own");
        l.move_all_to_end(b1, b0);
        assert_eq!(l.block_insts(b0).collect::<Vec<_>>(), vec![i[4], i[5], i[2], i[3]]);
        assert_eq!(l.block_len(b0), 4);
        assert!(l.inst_precedes(i[5], i[2]) && l.inst_precedes(i[4], i[3]));
    }

    #[test]
    fn insert_move_remove() {
        let mut l = Layout::new();
        let (b0, b1) = (Block::new(0), Block::new(1));
        l.append_block(b0);
        l.append_block(b1);
        let i: Vec<Inst> = (0..5).map(Inst::new).collect();
        l.append_inst(i[0], b0);
        l.append_inst(i[2], b0);
        l.insert_inst_before(i[1], i[2]);
        l.prepend_inst(i[3], b0);
        assert_eq!(l.block_insts(b0).collect::<Vec<_>>(), vec![i[3], i[0], i[1], i[2]]);
        assert_eq!(l.block_insts(b0).rev().collect::<Vec<_>>(), vec![i[2], i[1], i[0], i[3]]);
        assert!(l.inst_precedes(i[0], i[1]));
        assert!(l.inst_precedes(i[3], i[2]));
        l.remove_inst(i[1]);
        l.append_inst(i[1], b1);
        assert_eq!(l.inst_block(i[1]), Some(b1));
        assert_eq!(l.block_len(b0), 3);
        // Many insertions at one point force renumbering and stay ordered.
        let mut prev = i[2];
        for k in 10..200 {
            let n = Inst::new(k);
            l.insert_inst_before(n, prev);
            assert!(l.inst_precedes(n, prev));
            prev = n;
        }
        let order: Vec<Inst> = l.block_insts(b0).collect();
        for w in order.windows(2) {
            assert!(l.inst_precedes(w[0], w[1]));
        }
        let b2 = Block::new(2);
        l.insert_block_after(b2, b0);
        assert_eq!(l.blocks().collect::<Vec<_>>(), vec![b0, b2, b1]);
        l.remove_block(b2);
        assert_eq!(l.blocks().collect::<Vec<_>>(), vec![b0, b1]);
    }

    #[test]
    fn insertions_in_the_middle_stay_ordered() {
        // A long block, then runs of insertions at a few points: before
        // the same instruction (the gap there is used up again and again),
        // and each after the previous one; local renumbering and its
        // fallback to the whole block both keep the order.
        let mut l = Layout::new();
        let b = Block::new(0);
        l.append_block(b);
        let base: Vec<Inst> = (0..300).map(Inst::new).collect();
        for &i in &base {
            l.append_inst(i, b);
        }
        let mut want = base.clone();
        let mut k = 1000;
        for at in [150usize, 10, 290, 0] {
            let anchor = base[at];
            let pos = want.iter().position(|&x| x == anchor).unwrap();
            let run: Vec<Inst> = (k..k + 500).map(Inst::new).collect();
            k += 500;
            for &n in &run {
                l.insert_inst_before(n, anchor);
            }
            want.splice(pos..pos, run);
        }
        let after = base[200];
        for n in (k..k + 300).map(Inst::new) {
            l.insert_inst_after(n, after);
        }
        let pos = want.iter().position(|&x| x == after).unwrap();
        want.splice(pos + 1..pos + 1, (k..k + 300).rev().map(Inst::new));
        assert_eq!(l.block_insts(b).collect::<Vec<_>>(), want);
        for w in want.windows(2) {
            assert!(l.inst_precedes(w[0], w[1]), "{} before {}", w[0], w[1]);
        }
    }

    #[test]
    fn debug_records_stay_at_their_position() {
        use crate::metadata::MdId;
        let label = |n: usize| DbgRecord::Label { label: MdId::new(n), loc: MdId::new(0) };
        let mut l = Layout::new();
        let b = Block::new(0);
        l.append_block(b);
        let i: Vec<Inst> = (0..4).map(Inst::new).collect();
        for &x in &i[..3] {
            l.append_inst(x, b);
        }
        l.set_dbg_records(i[0], vec![label(1)]);
        l.set_dbg_records(i[1], vec![label(2)]);
        // Moving i[0] away leaves its record in front of what followed it.
        l.remove_inst(i[0]);
        l.insert_inst_after(i[0], i[2]);
        assert_eq!(l.dbg_records(i[1]), &[label(1), label(2)]);
        assert!(l.dbg_records(i[0]).is_empty());
        // The last instruction's records wait for the next one appended.
        l.set_dbg_records(i[0], vec![label(3)]);
        l.remove_inst(i[0]);
        assert!(l.has_dbg_records());
        l.append_inst(i[3], b);
        assert_eq!(l.dbg_records(i[3]), &[label(3)]);
    }

    #[test]
    fn block_order_survives_many_insertions_at_one_point() {
        let mut l = Layout::new();
        let (b0, b1) = (Block::new(0), Block::new(1));
        l.append_block(b0);
        l.append_block(b1);
        // Always right after b0: the gap halves each time until blocks after
        // it are pushed up.
        for k in 2..200 {
            l.insert_block_after(Block::new(k), b0);
        }
        for k in 200..260 {
            l.insert_block_before(Block::new(k), b1);
        }
        l.move_block_before(b1, Block::new(150));
        let order: Vec<Block> = l.blocks().collect();
        assert_eq!(order.len(), 260);
        for w in order.windows(2) {
            assert!(l.block_precedes(w[0], w[1]), "{} before {}", w[0], w[1]);
        }
    }
}

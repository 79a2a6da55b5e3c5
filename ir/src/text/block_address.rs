//! `blockaddress(@f, %bb)` constants, and the two constants wrapping a
//! function reference (`dso_local_equivalent @f`, `no_cfi @f`), whose
//! target may also be defined later. The block belongs to `f`'s body,
//! which may be read later than the constant (or be the body being read),
//! so the reader first gives each distinct `(function, label)` a
//! placeholder block numbered by its first appearance, and once every body
//! is known, checks the reference and puts the real block in every
//! constant of the module.

use super::lexer::Tok;
use super::parser::{PResult, Parser};
use crate::Block;
use crate::constant::{Const, ConstKind, for_each_const_mut};
use crate::entity::EntityRef;
use crate::module::{Global, GlobalId};
use crate::types::Type;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

const DSO_TARGET: &str = "expected a function, alias to function, or ifunc in dso_local_equivalent";

/// A block label as written: `%name` or `%N`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Label<'a> {
    Named(Cow<'a, str>),
    Numbered(u32),
}

/// One distinct reference: the function, its label, and where each was written.
struct Ref<'a> {
    func: GlobalId,
    func_off: usize,
    label: Label<'a>,
    label_off: usize,
    spelling: String,
}

/// A body's block labels: by name, and by number.
type Labels<'a> = (FxHashMap<Cow<'a, str>, Block>, FxHashMap<u32, Block>);

/// The reader's `blockaddress` state.
#[derive(Default)]
pub(crate) struct BlockAddrs<'a> {
    refs: Vec<Ref<'a>>,
    index: FxHashMap<(GlobalId, Label<'a>), u32>,
    /// The block labels of every body read (a constant may point back into
    /// a body read before it); they borrow from the source text.
    labels: FxHashMap<GlobalId, Labels<'a>>,
    /// `dso_local_equivalent` targets not defined yet when read, with where.
    dso_pending: Vec<(GlobalId, usize)>,
}

impl<'a> BlockAddrs<'a> {
    /// Keeps the block labels of the body of `f`, just read.
    pub(crate) fn keep_labels(
        &mut self,
        f: GlobalId,
        names: FxHashMap<Cow<'a, str>, Block>,
        numbers: FxHashMap<u32, Block>,
    ) {
        self.labels.insert(f, (names, numbers));
    }
}

impl<'a> Parser<'a> {
    /// `blockaddress(@f, %bb)` after the keyword, as a constant of type `ty`
    /// (starting at `off`).
    pub(crate) fn parse_block_address(&mut self, ty: Type, off: usize) -> PResult<ConstKind> {
        self.expect(Tok::LParen, "'(' in block address expression")?;
        let func_off = self.offset();
        let func = match self.peek().clone() {
            Tok::GlobalName(n) => {
                self.bump();
                self.global_ref(&n, func_off)
            }
            Tok::GlobalId(n) => {
                self.bump();
                self.global_ref(&super::parser::numbered_name(n), func_off)
            }
            _ => return self.err("expected function name in blockaddress"),
        };
        self.expect(Tok::Comma, "comma in block address expression")?;
        let label_off = self.offset();
        let tok = self.peek().clone();
        let label = match &tok {
            Tok::LocalName(n) => Label::Named(n.clone()),
            Tok::LocalId(n) => Label::Numbered(*n),
            _ => return self.err("expected basic block name in blockaddress"),
        };
        self.bump();
        self.expect(Tok::RParen, "')' in block address expression")?;
        if !self.m.types.is_ptr(ty) {
            return Err(self.error_at(
                off,
                format!("constant expression type mismatch: got type 'ptr' but expected '{}'", self.type_str(ty)),
            ));
        }
        let st = &mut self.block_addrs;
        let next = st.refs.len() as u32;
        let k = *st.index.entry((func, label.clone())).or_insert(next);
        if k == next {
            let spelling = super::parse_func::local_spelling(&tok);
            st.refs.push(Ref { func, func_off, label, label_off, spelling });
        }
        Ok(ConstKind::BlockAddress(func, Block::new(k as usize)))
    }

    /// `dso_local_equivalent @f` or `no_cfi @f` after the keyword, as a
    /// constant of type `ty`.
    pub(crate) fn parse_global_wrapper(&mut self, no_cfi: bool, ty: Type) -> PResult<ConstKind> {
        let off = self.offset();
        let g = match self.peek().clone() {
            Tok::GlobalName(n) => {
                self.bump();
                self.global_ref(&n, off)
            }
            Tok::GlobalId(n) => {
                self.bump();
                self.global_ref(&super::parser::numbered_name(n), off)
            }
            _ => return self.err("expected global value name"),
        };
        if !self.m.types.is_ptr(ty) {
            return Err(self.error_at(off, "global variable reference must have pointer type"));
        }
        if no_cfi {
            return Ok(ConstKind::NoCfi(g));
        }
        match &self.m.globals[g] {
            Global::Func(_) | Global::Alias(_) => {}
            Global::Undefined(_) => self.block_addrs.dso_pending.push((g, off)),
            Global::Var(_) => return Err(self.error_at(off, DSO_TARGET)),
        }
        Ok(ConstKind::DsoLocalEquivalent(g))
    }

    /// Checks every `blockaddress` and puts the real blocks in place of the
    /// placeholders, everywhere constants live; checks the targets of
    /// `dso_local_equivalent` defined after it.
    pub(crate) fn resolve_block_addresses(&mut self) -> PResult<()> {
        let st = std::mem::take(&mut self.block_addrs);
        if let Some(&(_, off)) = st.dso_pending.iter().find(|(g, _)| matches!(self.m.globals[*g], Global::Var(_))) {
            return Err(self.error_at(off, DSO_TARGET));
        }
        if st.refs.is_empty() {
            return Ok(());
        }
        let mut real = Vec::with_capacity(st.refs.len());
        for r in &st.refs {
            match &self.m.globals[r.func] {
                Global::Func(_) if self.m.body(r.func).is_some() => {}
                Global::Func(_) => {
                    return Err(self.error_at(r.func_off, "cannot take blockaddress inside a declaration"));
                }
                _ => return Err(self.error_at(r.func_off, "expected function name in blockaddress")),
            }
            let found = st.labels.get(&r.func).and_then(|(names, numbers)| match &r.label {
                Label::Named(n) => names.get(n).copied(),
                Label::Numbered(n) => numbers.get(n).copied(),
            });
            let Some(b) = found else {
                return Err(self.error_at(r.label_off, format!("use of undefined value '{}'", r.spelling)));
            };
            if self.m.body(r.func).and_then(|f| f.entry_block()) == Some(b) {
                return Err(self.error_at(r.label_off, "blockaddress may not be used with the entry block!"));
            }
            // Each reference is a distinct label, so a distinct block.
            self.m.address_taken.entry(r.func).or_default().push(b);
            real.push(b);
        }
        let mut fix = |c: &mut Const| {
            for_each_const_mut(c, &mut |c| {
                if let ConstKind::BlockAddress(_, b) = &mut c.kind {
                    *b = real[b.index()];
                }
            })
        };
        let ids: Vec<GlobalId> = self.m.globals.iter().map(|(g, _)| g).collect();
        for g in ids {
            match &mut self.m.globals[g] {
                Global::Func(d) => {
                    for c in [&mut d.personality, &mut d.prefix, &mut d.prologue].into_iter().flatten() {
                        fix(c);
                    }
                }
                Global::Var(v) => {
                    if let Some(c) = &mut v.init {
                        fix(c);
                    }
                }
                Global::Alias(a) => fix(&mut a.target),
                Global::Undefined(_) => {}
            }
            if let Some(body) = self.m.body_mut(g) {
                body.dfg_mut_preserving_cfg().rewrite_consts(&mut fix);
            }
        }
        for (_, node) in self.m.metadata.nodes.iter_mut() {
            if let crate::metadata::MdBody::Tuple(ops) = &mut node.body {
                for op in ops.iter_mut() {
                    if let crate::metadata::MdOperand::Const(c) = op {
                        fix(c);
                    }
                }
            }
        }
        Ok(())
    }
}

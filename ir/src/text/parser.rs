//! The `.ll` parser: its state, tokens, the top level and the fix-ups once
//! the file is read. The grammar is split by section: `parse_types.rs`,
//! `parse_globals.rs` (variables, aliases, function headers),
//! `parse_attrs.rs`, `parse_consts.rs`, `parse_metadata.rs`, function
//! bodies in `parse_func.rs` and debug records in `parse_debug.rs`.
//!
//! Recursive descent in the manner of LLVM's LLParser. Errors stop parsing
//! and point at the token where parsing stopped. Forward references to
//! globals, metadata and attribute groups are resolved after the whole file is
//! read; intrinsics that are called but never declared are declared then, in
//! name order, as LLVM does.

use super::error::ParseError;
use super::lexer::{LexError, Lexer, Tok, Token};
use crate::attrs::AttrSet;
use crate::constant::{Const, ConstKind};
use crate::datalayout::{DataLayout, fill_default_alignments, normalize_triple};
use crate::entity::EntityRef;
use crate::inst::CallConv;
use crate::metadata::{MdBody, MdId, MdOperand};
use crate::module::{Global, GlobalId, Module};
use crate::types::{Type, TypeData};
use crate::{Function, Inst};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Source positions of parsed entities, for located diagnostics after parsing.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// Per function, the offset of each instruction's first token, indexed by
    /// instruction (`u32::MAX` for instructions created after parsing).
    insts: FxHashMap<GlobalId, Vec<u32>>,
    /// Offset of each function's name in its header, and of each alias's
    /// or ifunc's definition.
    pub funcs: FxHashMap<GlobalId, usize>,
    /// Offset of each numbered metadata node's definition (`!N = ...`).
    pub md_defs: FxHashMap<crate::MdId, usize>,
}

impl SourceMap {
    /// Where instruction `i` of function `f` starts in the source.
    pub fn inst_offset(&self, f: GlobalId, i: Inst) -> Option<usize> {
        let v = *self.insts.get(&f)?.get(i.index())?;
        (v != u32::MAX).then_some(v as usize)
    }

    pub(crate) fn set_insts(&mut self, f: GlobalId, offsets: Vec<u32>) {
        self.insts.insert(f, offsets);
    }
}

/// Result type of the parser internals.
pub(crate) type PResult<T> = Result<T, ParseError>;

/// Where an attribute group reference appeared, to merge it in at the end.
#[derive(Clone, Copy)]
pub(crate) enum AttrSite {
    Func(GlobalId),
    Var(GlobalId),
    Call(GlobalId, Inst),
}

/// Tokens of lookahead kept ready; `peek_at(k)` needs `k < LOOKAHEAD`.
const LOOKAHEAD: usize = 8;

/// The parser state.
pub(crate) struct Parser<'a> {
    pub(crate) file: &'a str,
    pub(crate) src: &'a str,
    pub(crate) lexer: Lexer<'a>,
    /// The next tokens; always holds `LOOKAHEAD` tokens unless the input ended.
    pub(crate) buf: VecDeque<Token<'a>>,
    /// The first lexing error; the token stream ends with `Tok::Error` there.
    pub(crate) lex_error: Option<LexError>,
    pub(crate) m: Module,
    pub(crate) map: SourceMap,
    pub(crate) attr_groups: FxHashMap<u32, AttrSet>,
    pub(crate) attr_refs: Vec<(AttrSite, u32, usize)>,
    /// Comdats used before their definition, with the first use's offset
    /// (a comdat may be defined after the globals in it, as opt reads it).
    pub(crate) comdat_forward_refs: std::collections::BTreeMap<Box<str>, usize>,
    pub(crate) md_numbered: FxHashMap<u32, MdId>,
    pub(crate) md_first_use: FxHashMap<MdId, (u32, usize)>,
    pub(crate) global_first_use: FxHashMap<GlobalId, usize>,
    /// The address space the first reference to a global not yet defined
    /// gave it, and where (checked once everything is defined).
    pub(crate) global_ref_spaces: FxHashMap<GlobalId, (u32, usize)>,
    /// Function type of the first call to each not-yet-declared global.
    pub(crate) intrinsic_types: FxHashMap<GlobalId, Type>,
    /// Some `llvm.dbg.*` call became a debug record.
    pub(crate) dbg_calls_upgraded: bool,
    /// The lowest number the next numbered global (`@N = ...`) may take.
    pub(crate) next_global_number: u32,
    /// The program address space of the data layout read so far.
    pub(crate) program_as: u32,
    /// A data layout that replaces the module's (`opt -data-layout`): the
    /// module's own `target datalayout` is then read but neither checked
    /// nor used.
    pub(crate) datalayout_override: Option<&'a str>,
    /// A debug record was read (calls to `llvm.dbg.*` may not follow).
    pub(crate) seen_dbg_record: bool,
    /// A call to `llvm.dbg.*` was read (records may not follow).
    pub(crate) seen_dbg_call: bool,
    /// Current nesting depth of types, constants and metadata (bounded so
    /// that hostile input cannot overflow the stack).
    pub(crate) depth: u32,
    /// `blockaddress` constants, resolved once every body has been read.
    pub(crate) block_addrs: super::block_address::BlockAddrs<'a>,
    /// Whether the text mentions `blockaddress` anywhere (searched once:
    /// only then are a body's labels kept after it is read).
    pub(crate) mentions_block_addrs: bool,
    /// Whether the source map records where each instruction starts.
    pub(crate) keep_inst_offsets: bool,
    /// The name tables of function bodies, reused from body to body.
    pub(super) local_tables: super::parse_func::LocalTables<'a>,
    /// Where each named type was first referred to, and the named types
    /// defined (`%T = type ...`): a type used but never defined is an error.
    pub(crate) type_first_use: FxHashMap<Type, usize>,
    pub(crate) types_defined: rustc_hash::FxHashSet<Type>,
}

/// Deepest nesting of types, constants or metadata the parser accepts.
pub(crate) const MAX_NESTING: u32 = 512;

/// Parses a whole module. `file` is used in error messages and as the module id.
pub fn parse_module(file: &str, src: &str) -> Result<(Module, SourceMap), ParseError> {
    parse_module_for_target(file, src, None)
}

/// Parses a whole module as `opt -mtriple=TRIPLE` does: `triple`, if given,
/// replaces the module's. A module without `target datalayout` gets the
/// layout of its target ([`DataLayout::for_triple`]), and memory accesses
/// without `align` get the alignment that layout gives them.
pub fn parse_module_for_target(file: &str, src: &str, triple: Option<&str>) -> Result<(Module, SourceMap), ParseError> {
    parse(file, src, triple, None, true)
}

/// As [`parse_module_for_target`], but the source map records where
/// functions start and not where each instruction does. That table costs
/// four bytes an instruction for as long as it is kept; a caller that
/// reports against the text only when something is wrong can parse again
/// (parsing is deterministic: the same text gives the same entities).
pub fn parse_module_without_inst_offsets(
    file: &str,
    src: &str,
    triple: Option<&str>,
) -> Result<(Module, SourceMap), ParseError> {
    parse(file, src, triple, None, false)
}

/// As [`parse_module_for_target`] (or, without `inst_offsets`, as
/// [`parse_module_without_inst_offsets`]), and as `opt -data-layout=LAYOUT`
/// does: a non-empty `datalayout` replaces the module's `target datalayout`
/// from the start, so that it also decides what the module's text means
/// (the program address space of functions). The module's own layout string
/// is then not checked. An invalid `datalayout` is an error about the whole
/// file.
pub fn parse_module_with_layout(
    file: &str,
    src: &str,
    triple: Option<&str>,
    datalayout: Option<&str>,
    inst_offsets: bool,
) -> Result<(Module, SourceMap), ParseError> {
    parse(file, src, triple, datalayout.filter(|d| !d.is_empty()), inst_offsets)
}

fn parse<'a>(
    file: &'a str,
    src: &'a str,
    triple: Option<&str>,
    datalayout_override: Option<&'a str>,
    keep_inst_offsets: bool,
) -> Result<(Module, SourceMap), ParseError> {
    let mut p = Parser {
        file,
        src,
        lexer: Lexer::new(src),
        buf: VecDeque::with_capacity(LOOKAHEAD + 1),
        lex_error: None,
        m: Module::new(file),
        map: SourceMap::default(),
        attr_groups: FxHashMap::default(),
        attr_refs: Vec::new(),
        comdat_forward_refs: Default::default(),
        md_numbered: FxHashMap::default(),
        md_first_use: FxHashMap::default(),
        global_first_use: FxHashMap::default(),
        global_ref_spaces: FxHashMap::default(),
        intrinsic_types: FxHashMap::default(),
        dbg_calls_upgraded: false,
        next_global_number: 0,
        program_as: 0,
        datalayout_override,
        seen_dbg_record: false,
        seen_dbg_call: false,
        depth: 0,
        block_addrs: Default::default(),
        mentions_block_addrs: src.contains("blockaddress"),
        keep_inst_offsets,
        local_tables: Default::default(),
        type_first_use: FxHashMap::default(),
        types_defined: Default::default(),
    };
    if let Some(dl) = datalayout_override {
        let layout = DataLayout::parse(dl).map_err(|e| ParseError {
            file: file.to_owned(),
            loc: None,
            message: format!("-data-layout: {e}"),
            source_line: None,
        })?;
        p.program_as = layout.program_addrspace();
        p.m.set_datalayout(Some(dl.as_bytes().into()));
    }
    p.fill();
    p.parse_top_level()?;
    p.finish()?;
    let mut m = p.m;
    if let Some(t) = triple {
        m.triple = Some(normalize_triple(t).into_bytes().into());
    }
    if m.datalayout_text().is_none()
        && let Some(layout) = m.triple.as_deref().and_then(|t| DataLayout::for_triple(&String::from_utf8_lossy(t)))
    {
        m.set_datalayout(Some(layout.as_bytes().into()));
    }
    let dl = m.data_layout().clone();
    fill_default_alignments(&mut m, &dl);
    Ok((m, p.map))
}

impl<'a> Parser<'a> {
    // ---------------------------------------------------------------- tokens

    /// Lexes until `LOOKAHEAD` tokens are buffered or the stream ended.
    pub(crate) fn fill(&mut self) {
        while self.buf.len() < LOOKAHEAD {
            if !self.lex_one_more() {
                return;
            }
        }
    }

    /// Appends one token to the buffer; false once the stream has ended.
    pub(crate) fn lex_one_more(&mut self) -> bool {
        if self.buf.back().is_some_and(|t| matches!(t.tok, Tok::Eof | Tok::Error)) {
            return false;
        }
        match self.lexer.next_token() {
            Ok(t) => self.buf.push_back(t),
            Err(e) => {
                self.buf.push_back(Token { tok: Tok::Error, offset: e.offset });
                self.lex_error = Some(e);
            }
        }
        true
    }

    #[inline]
    pub(crate) fn peek(&self) -> &Tok<'a> {
        &self.buf[0].tok
    }

    #[inline]
    pub(crate) fn peek_at(&self, k: usize) -> &Tok<'a> {
        debug_assert!(k < LOOKAHEAD);
        &self.buf[k.min(self.buf.len() - 1)].tok
    }

    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.buf[0].offset
    }

    pub(crate) fn bump(&mut self) -> Tok<'a> {
        if self.buf.len() == 1 {
            // The end (Eof or Error) stays put.
            return self.buf[0].tok.clone();
        }
        let t = self.buf.pop_front().map_or(Tok::Eof, |t| t.tok);
        self.fill();
        t
    }

    pub(crate) fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(self.error_at(self.offset(), msg))
    }

    /// An error at `offset`; a lexing error at or before it takes precedence,
    /// since everything after it is a consequence.
    pub(crate) fn error_at(&self, offset: usize, msg: impl Into<String>) -> ParseError {
        if let Some(e) = &self.lex_error
            && e.offset <= offset
        {
            return ParseError::at(self.file, self.src, e.offset, e.message.clone());
        }
        ParseError::at(self.file, self.src, offset, msg)
    }

    /// Whether the `(` at the cursor has a matching `)` followed by `*`
    /// (a legacy function-pointer type), scanning ahead without consuming.
    pub(crate) fn paren_group_then_star(&mut self) -> bool {
        let mut depth = 0i32;
        let mut k = 0;
        loop {
            while self.buf.len() <= k + 1 {
                if !self.lex_one_more() {
                    return false;
                }
            }
            match self.buf[k].tok {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        return matches!(self.buf[k + 1].tok, Tok::Star);
                    }
                }
                Tok::Eof | Tok::Error | Tok::LBrace | Tok::RBrace => return false,
                _ => {}
            }
            k += 1;
        }
    }

    pub(crate) fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Word(x) if *x == w)
    }

    pub(crate) fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == t {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn expect(&mut self, t: Tok, what: &str) -> PResult<()> {
        if self.eat(&t) { Ok(()) } else { self.err(format!("expected {what}")) }
    }

    pub(crate) fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) { Ok(()) } else { self.err(format!("expected '{w}'")) }
    }

    /// `, <word>` lookahead without consuming.
    pub(crate) fn comma_then_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Comma) && matches!(self.peek_at(1), Tok::Word(x) if *x == w)
    }

    pub(crate) fn parse_u64(&mut self, what: &str) -> PResult<u64> {
        match self.peek().clone() {
            Tok::Int(s) if !s.starts_with('-') => match s.parse::<u64>() {
                Ok(v) => {
                    self.bump();
                    Ok(v)
                }
                Err(_) => self.err(format!("{what} is too large")),
            },
            _ => self.err(format!("expected {what}")),
        }
    }

    pub(crate) fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        let off = self.offset();
        let v = self.parse_u64(what)?;
        u32::try_from(v).map_err(|_| self.error_at(off, format!("{what} is too large")))
    }

    pub(crate) fn parse_string(&mut self, what: &str) -> PResult<Vec<u8>> {
        if !matches!(self.peek(), Tok::Str(_)) {
            return self.err(format!("expected {what}"));
        }
        match self.bump() {
            Tok::Str(s) => Ok(s.into_owned()),
            _ => self.err(format!("expected {what}")),
        }
    }

    pub(crate) fn parse_align_value(&mut self) -> PResult<u64> {
        let off = self.offset();
        let paren = self.eat(&Tok::LParen);
        let v = self.parse_u64("alignment")?;
        if paren {
            self.expect(Tok::RParen, "')'")?;
        }
        if !v.is_power_of_two() {
            return Err(self.error_at(off, "alignment is not a power of two"));
        }
        if v > 1 << 32 {
            return Err(self.error_at(off, "huge alignments are not supported yet"));
        }
        Ok(v)
    }

    pub(crate) fn parse_addrspace(&mut self) -> PResult<u32> {
        self.expect(Tok::LParen, "'(' in address space")?;
        let v = self.parse_u32("address space")?;
        self.expect(Tok::RParen, "')' in address space")?;
        Ok(v)
    }

    // ---------------------------------------------------------------- top level

    pub(crate) fn parse_top_level(&mut self) -> PResult<()> {
        // As for LLVM, `target ...` and `source_filename` only come before
        // every other entity.
        let mut in_header = true;
        loop {
            let off = self.offset();
            if in_header {
                in_header = matches!(self.peek(), Tok::Word("target" | "source_filename"));
            } else if matches!(self.peek(), Tok::Word("target" | "source_filename")) {
                return self.err("expected top-level entity");
            }
            match self.peek().clone() {
                Tok::Eof => return Ok(()),
                Tok::Word(w) => match w {
                    "source_filename" => {
                        self.bump();
                        self.expect(Tok::Equal, "'=' after source_filename")?;
                        self.m.source_filename = Some(self.parse_string("source_filename string")?.into());
                    }
                    "target" => {
                        self.bump();
                        if self.eat_word("triple") {
                            self.expect(Tok::Equal, "'=' after target triple")?;
                            self.m.triple = Some(self.parse_string("target triple string")?.into());
                        } else if self.eat_word("datalayout") {
                            self.expect(Tok::Equal, "'=' after target datalayout")?;
                            let off = self.offset();
                            let dl = self.parse_string("target datalayout string")?;
                            // Under an override the module's layout is not used.
                            if self.datalayout_override.is_none() {
                                match DataLayout::parse(&String::from_utf8_lossy(&dl)) {
                                    Ok(layout) => self.program_as = layout.program_addrspace(),
                                    Err(e) => return Err(self.error_at(off, e)),
                                }
                                self.m.set_datalayout(Some(dl.into()));
                            }
                        } else {
                            return self.err("unknown target property");
                        }
                    }
                    "module" => {
                        self.bump();
                        self.expect_word("asm")?;
                        let s = self.parse_string("module asm string")?;
                        self.m.module_asm.push(s.into());
                    }
                    "declare" => {
                        self.bump();
                        self.parse_function(false)?;
                    }
                    "define" => {
                        self.bump();
                        self.parse_function(true)?;
                    }
                    "attributes" => {
                        self.bump();
                        self.parse_attr_group()?;
                    }
                    "uselistorder" => {
                        self.bump();
                        let t = self.parse_type()?;
                        self.parse_const(t)?;
                        self.parse_use_list_indexes()?;
                    }
                    "uselistorder_bb" => {
                        self.bump();
                        if !matches!(self.bump(), Tok::GlobalName(_) | Tok::GlobalId(_)) {
                            return Err(self.error_at(off, "expected function name in uselistorder_bb"));
                        }
                        self.expect(Tok::Comma, "',' here")?;
                        if !matches!(self.bump(), Tok::LocalName(_) | Tok::LocalId(_)) {
                            return Err(self.error_at(off, "expected basic block name in uselistorder_bb"));
                        }
                        self.parse_use_list_indexes()?;
                    }
                    _ => return self.err("expected top-level entity"),
                },
                Tok::LocalName(name) => {
                    self.bump();
                    self.expect(Tok::Equal, "'=' after name")?;
                    self.expect_word("type")?;
                    self.parse_type_def(&name, off)?;
                }
                Tok::LocalId(n) => {
                    self.bump();
                    self.expect(Tok::Equal, "'=' after name")?;
                    self.expect_word("type")?;
                    self.parse_type_def(&numbered_name(n), off)?;
                }
                Tok::GlobalName(name) => {
                    self.bump();
                    self.expect(Tok::Equal, "'=' after name")?;
                    self.parse_global_or_alias(&name, off)?;
                }
                Tok::GlobalId(n) => {
                    self.check_global_number(n, off, "global")?;
                    self.bump();
                    self.expect(Tok::Equal, "'=' after name")?;
                    self.parse_global_or_alias(&numbered_name(n), off)?;
                }
                Tok::ComdatName(name) => {
                    self.bump();
                    self.expect(Tok::Equal, "'=' here")?;
                    self.expect_word("comdat")?;
                    let kind = match *self.peek() {
                        Tok::Word(k @ ("any" | "exactmatch" | "largest" | "nodeduplicate" | "samesize")) => {
                            self.bump();
                            k
                        }
                        _ => return self.err("unknown selection kind"),
                    };
                    if self.m.comdats.contains_key(&*name) {
                        return Err(self.error_at(off, format!("redefinition of comdat '${name}'")));
                    }
                    self.m.comdats.insert(name.into(), kind.into());
                }
                Tok::MetadataName(name) => {
                    self.bump();
                    self.parse_named_metadata(&name)?;
                }
                Tok::Exclaim => {
                    self.bump();
                    self.parse_numbered_metadata()?;
                }
                _ => return self.err("expected top-level entity"),
            }
        }
    }

    pub(crate) fn parse_type_def(&mut self, name: &str, off: usize) -> PResult<()> {
        let t = self.m.types.named_struct(name);
        // Defined once, `opaque` included (opt refuses `%T = type opaque`
        // twice too).
        if !self.types_defined.insert(t) {
            return Err(self.error_at(off, "redefinition of type"));
        }
        if self.eat_word("opaque") {
            return Ok(());
        }
        let packed = self.eat(&Tok::Less);
        if !packed && self.is_word("void") {
            return self.refuse_void(Type::VOID, self.offset());
        }
        if !matches!(self.peek(), Tok::LBrace) {
            return self.err("expected '{' in type definition (only struct types can be named)");
        }
        let fields = self.parse_struct_fields()?;
        if packed {
            self.expect(Tok::Greater, "'>' at end of packed struct")?;
        }
        self.m.types.set_struct_body(t, fields, packed);
        Ok(())
    }

    // ---------------------------------------------------------------- finish

    pub(crate) fn finish(&mut self) -> PResult<()> {
        // Named types used and never defined.
        if let Some((t, off)) = self
            .type_first_use
            .iter()
            .filter(|(t, _)| !self.types_defined.contains(t))
            .map(|(&t, &o)| (t, o))
            .min_by_key(|&(_, o)| o)
        {
            let TypeData::Named { name, .. } = self.m.types.get(t) else { unreachable!("a named type") };
            let msg = match name.strip_prefix('\0') {
                Some(n) => format!("use of undefined type '%{n}'"),
                None => format!("use of undefined type named '{name}'"),
            };
            return Err(self.error_at(off, msg));
        }
        // Comdats used and never defined; the first by name, as opt reports.
        if let Some((name, &off)) = self.comdat_forward_refs.iter().find(|(n, _)| !self.m.comdats.contains_key(&**n)) {
            return Err(self.error_at(off, format!("use of undefined comdat '${name}'")));
        }
        // Metadata forward references.
        if let Some((n, off)) = self.md_first_use.values().copied().min_by_key(|&(_, o)| o) {
            return Err(self.error_at(off, format!("use of undefined metadata '!{n}'")));
        }
        // Attribute groups.
        let refs = std::mem::take(&mut self.attr_refs);
        for (site, g, off) in refs {
            // LLVM silently ignores references to undefined groups.
            let _ = off;
            let Some(set) = self.attr_groups.get(&g).cloned() else { continue };
            match site {
                AttrSite::Func(f) => {
                    let mut set = set;
                    let align = set.get_int("align");
                    set.remove("align");
                    if let Some(d) = self.m.func_mut(f) {
                        d.fn_attrs.extend(&set);
                        if align.is_some() {
                            d.props.align = align;
                        }
                    }
                }
                AttrSite::Var(v) => {
                    if let Global::Var(var) = &mut self.m.globals[v] {
                        var.attrs.extend(&set);
                    }
                }
                AttrSite::Call(f, inst) => {
                    if let Some(body) = self.m.body_mut(f)
                        && let Some(ci) = body.dfg_mut().inst_mut(inst).call_info_mut()
                    {
                        ci.fn_attrs.extend(&set);
                    }
                }
            }
        }
        self.upgrade_legacy_attrs();
        // A uniqued node that is its own operand cannot stay uniqued: LLVM
        // makes it distinct (loop ids written `!0 = !{!0, ...}`).
        for (id, node) in self.m.metadata.nodes.iter_mut() {
            if !node.distinct && matches!(&node.body, MdBody::Tuple(ops) if ops.contains(&MdOperand::Node(id))) {
                node.distinct = true;
            }
        }
        if self.dbg_calls_upgraded {
            self.drop_unused_dbg_intrinsics();
        }
        // Globals still undefined: declare intrinsics (in name order, as LLVM
        // does), report everything else.
        let mut undefined: Vec<(GlobalId, String)> = self
            .m
            .globals
            .iter()
            .filter_map(|(g, d)| match d {
                Global::Undefined(n) if self.global_first_use.contains_key(&g) => Some((g, n.to_string())),
                _ => None,
            })
            .collect();
        undefined.sort_by(|a, b| a.1.cmp(&b.1));
        let mut errors: Vec<(usize, String)> = Vec::new();
        for (g, name) in undefined {
            match (name.starts_with("llvm."), self.intrinsic_types.get(&g).copied()) {
                (true, Some(_)) if crate::intrinsics::unknown_intrinsic(&name) => {
                    let off = self.global_first_use[&g];
                    return Err(self.error_at(off, format!("unknown intrinsic '{name}'")));
                }
                (true, Some(fty)) => {
                    self.m.declare_function(&name, fty);
                }
                _ => errors.push((self.global_first_use[&g], name)),
            }
        }
        if let Some((off, name)) = errors.into_iter().min() {
            return Err(self.error_at(off, format!("use of undefined value '@{}'", display_global_name(&name))));
        }
        self.check_forward_ref_address_spaces()?;
        self.resolve_block_addresses()?;
        self.m.renumber_unnamed_globals();
        let used = super::typefinder::used_named_types(&self.m);
        self.m.types.renumber_unnamed(&used);
        self.upgrade_nvvm_annotations();
        super::upgrade::upgrade_intrinsics(&mut self.m);
        // Known intrinsics get their attributes from the table, whatever was declared.
        let funcs: Vec<GlobalId> = self.m.functions().collect();
        for f in funcs {
            if let Some(d) = self.m.func_mut(f)
                && d.is_intrinsic()
                && let Some((func, ret, params)) = crate::intrinsics::declaration_attrs(&d.name, d.param_attrs.len())
            {
                (d.fn_attrs, d.ret_attrs, d.param_attrs) = (func, ret, params);
            }
        }
        Ok(())
    }

    /// Once their calls are debug records, the `llvm.dbg.*` declarations
    /// that nothing calls any more go, as in LLVM.
    pub(crate) fn drop_unused_dbg_intrinsics(&mut self) {
        let kinds = ["llvm.dbg.value", "llvm.dbg.declare", "llvm.dbg.assign", "llvm.dbg.label"];
        let mut ids: Vec<GlobalId> = kinds.iter().filter_map(|n| self.m.lookup(n)).collect();
        if ids.is_empty() {
            return;
        }
        for f in self.m.definitions() {
            let Some(body) = self.m.body(f) else { continue };
            for (_, i) in body.insts_in_order() {
                for &a in &body.dfg().inst(i).args {
                    if let Some(Const { kind: ConstKind::Global(g), .. }) = body.dfg().value_const(a) {
                        ids.retain(|x| x != g);
                    }
                }
            }
        }
        for g in ids {
            self.global_first_use.remove(&g);
            self.intrinsic_types.remove(&g);
            self.m.remove_global(g);
        }
    }

    /// Legacy memory keywords become `memory(...)` and `nocapture` becomes
    /// `captures(none)`, on declarations and call sites, as LLVM 22 reads them.
    pub(crate) fn upgrade_legacy_attrs(&mut self) {
        let funcs: Vec<GlobalId> = self.m.functions().collect();
        for f in funcs {
            if let Some(d) = self.m.func_mut(f) {
                d.fn_attrs.upgrade_fn_attrs();
                d.param_attrs.iter_mut().for_each(AttrSet::upgrade_param_attrs);
            }
            let Some(body) = self.m.body_mut(f) else { continue };
            let calls: Vec<Inst> =
                body.insts_in_order().map(|(_, i)| i).filter(|&i| body.dfg().inst(i).call_info().is_some()).collect();
            let dfg = body.dfg_mut_preserving_cfg();
            for i in calls {
                if let Some(ci) = dfg.inst_mut(i).call_info_mut() {
                    ci.fn_attrs.upgrade_fn_attrs();
                    ci.param_attrs.iter_mut().for_each(AttrSet::upgrade_param_attrs);
                }
            }
        }
    }

    /// LLVM 22 turns `!nvvm.annotations` entries `!{ptr @f, !"kernel", i32 1}`
    /// into the `ptx_kernel` calling convention when it reads a module; so do we.
    pub(crate) fn upgrade_nvvm_annotations(&mut self) {
        let Some(ids) = self.m.metadata.named.get("nvvm.annotations").cloned() else { return };
        let mut keep = Vec::new();
        for id in ids {
            let kernel_of = self.m.metadata.tuple_ops(id).and_then(|ops| match ops {
                [
                    MdOperand::Const(Const { kind: ConstKind::Global(g), .. }),
                    MdOperand::Str(s),
                    MdOperand::Const(one),
                ] if &**s == b"kernel" && one.as_int() == Some(1) => Some(*g),
                _ => None,
            });
            match kernel_of.and_then(|g| self.m.func_mut(g)) {
                Some(d) => d.cconv = CallConv(Some("ptx_kernel".into())),
                None => keep.push(id),
            }
        }
        self.m.metadata.named.insert("nvvm.annotations".into(), keep);
    }

    /// Body parsing entry (implemented in `parse_func.rs`).
    pub(crate) fn parse_body(
        &mut self,
        f: GlobalId,
        params: &[(Type, AttrSet, Option<Tok<'a>>, usize)],
    ) -> PResult<Function> {
        super::parse_func::parse_body(self, f, params)
    }
}

/// The internal name of `@N` / `%N`: a NUL (which no written name can
/// contain) then the digits. [`super::names::write_ident`] prints it as `N`.
pub(crate) fn numbered_name(n: u32) -> String {
    format!("\0{n}")
}

/// The payload of a parenthesised attribute as one line: comments dropped,
/// whitespace runs collapsed. `None` if it holds characters that no LLVM
/// attribute payload contains (it is printed back verbatim, so it must not
/// be able to break the output).
pub(crate) fn normalize_payload(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    for line in raw.lines() {
        let code = line.split(';').next().unwrap_or("");
        for word in code.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
    }
    let ok = out.bytes().all(|c| c.is_ascii_alphanumeric() || b" ,:._-\"()".contains(&c));
    ok.then_some(out)
}

pub(crate) fn display_global_name(n: &str) -> String {
    let mut s = String::new();
    let _ = super::names::write_ident(&mut s, n);
    s
}

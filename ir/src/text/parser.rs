//! The `.ll` parser: module-level entities, types, constants, attributes and
//! metadata. Function bodies are in `parse_func.rs`.
//!
//! Recursive descent in the manner of LLVM's LLParser. Errors stop parsing
//! and point at the token where parsing stopped. Forward references to
//! globals, metadata and attribute groups are resolved after the whole file is
//! read; intrinsics that are called but never declared are declared then, in
//! name order, as LLVM does.

use super::error::ParseError;
use super::lexer::{LexError, Lexer, Tok, Token};
use crate::attrs::{Attr, AttrSet};
use crate::constant::{Const, ConstExpr, ConstKind, canonical_aggregate, f64_to_float_exact};
use crate::datalayout::{DataLayout, fill_default_alignments, normalize_triple};
use crate::entity::EntityRef;
use crate::inst::{BinOp, CallConv, CastOp, GepFlags, IntFlags};
use crate::metadata::{MdBody, MdField, MdId, MdOperand};
use crate::module::{FuncDecl, Global, GlobalAlias, GlobalId, GlobalProps, GlobalVar, Module};
use crate::types::{FloatKind, Type, TypeData};
use crate::{Function, Inst};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Source positions of parsed entities, for located diagnostics after parsing.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// Per function, the offset of each instruction's first token, indexed by
    /// instruction (`u32::MAX` for instructions created after parsing).
    insts: FxHashMap<GlobalId, Vec<u32>>,
    /// Offset of each function's name in its header.
    pub funcs: FxHashMap<GlobalId, usize>,
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
    lexer: Lexer<'a>,
    /// The next tokens; always holds `LOOKAHEAD` tokens unless the input ended.
    buf: VecDeque<Token<'a>>,
    /// The first lexing error; the token stream ends with `Tok::Error` there.
    lex_error: Option<LexError>,
    pub(crate) m: Module,
    pub(crate) map: SourceMap,
    attr_groups: FxHashMap<u32, AttrSet>,
    pub(crate) attr_refs: Vec<(AttrSite, u32, usize)>,
    md_numbered: FxHashMap<u32, MdId>,
    md_first_use: FxHashMap<MdId, (u32, usize)>,
    global_first_use: FxHashMap<GlobalId, usize>,
    /// Function type of the first call to each not-yet-declared global.
    pub(crate) intrinsic_types: FxHashMap<GlobalId, Type>,
    /// Some `llvm.dbg.*` call became a debug record.
    pub(crate) dbg_calls_upgraded: bool,
    /// The lowest number the next numbered global (`@N = ...`) may take.
    next_global_number: u32,
    /// The program address space of the data layout read so far.
    program_as: u32,
    /// A debug record was read (calls to `llvm.dbg.*` may not follow).
    pub(crate) seen_dbg_record: bool,
    /// A call to `llvm.dbg.*` was read (records may not follow).
    pub(crate) seen_dbg_call: bool,
    /// Current nesting depth of types, constants and metadata (bounded so
    /// that hostile input cannot overflow the stack).
    depth: u32,
}

/// Deepest nesting of types, constants or metadata the parser accepts.
const MAX_NESTING: u32 = 512;

/// Parses a whole module. `file` is used in error messages and as the module id.
pub fn parse_module(file: &str, src: &str) -> Result<(Module, SourceMap), ParseError> {
    parse_module_for_target(file, src, None)
}

/// Parses a whole module as `opt -mtriple=TRIPLE` does: `triple`, if given,
/// replaces the module's. A module without `target datalayout` gets the
/// layout of its target ([`DataLayout::for_triple`]), and memory accesses
/// without `align` get the alignment that layout gives them.
pub fn parse_module_for_target(file: &str, src: &str, triple: Option<&str>) -> Result<(Module, SourceMap), ParseError> {
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
        md_numbered: FxHashMap::default(),
        md_first_use: FxHashMap::default(),
        global_first_use: FxHashMap::default(),
        intrinsic_types: FxHashMap::default(),
        dbg_calls_upgraded: false,
        next_global_number: 0,
        program_as: 0,
        seen_dbg_record: false,
        seen_dbg_call: false,
        depth: 0,
    };
    p.fill();
    p.parse_top_level()?;
    p.finish()?;
    let mut m = p.m;
    if let Some(t) = triple {
        m.triple = Some(normalize_triple(t).into_bytes().into());
    }
    if m.datalayout.is_none()
        && let Some(layout) = m.triple.as_deref().and_then(|t| DataLayout::for_triple(&String::from_utf8_lossy(t)))
    {
        m.datalayout = Some(layout.as_bytes().into());
    }
    let dl = m.data_layout();
    fill_default_alignments(&mut m, &dl);
    Ok((m, p.map))
}

impl<'a> Parser<'a> {
    // ---------------------------------------------------------------- tokens

    /// Lexes until `LOOKAHEAD` tokens are buffered or the stream ended.
    fn fill(&mut self) {
        while self.buf.len() < LOOKAHEAD {
            if !self.lex_one_more() {
                return;
            }
        }
    }

    /// Appends one token to the buffer; false once the stream has ended.
    fn lex_one_more(&mut self) -> bool {
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
    fn paren_group_then_star(&mut self) -> bool {
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

    fn parse_top_level(&mut self) -> PResult<()> {
        loop {
            let off = self.offset();
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
                            match DataLayout::parse(&String::from_utf8_lossy(&dl)) {
                                Ok(layout) => self.program_as = layout.program_addrspace(),
                                Err(e) => return Err(self.error_at(off, e)),
                            }
                            self.m.datalayout = Some(dl.into());
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

    fn parse_type_def(&mut self, name: &str, off: usize) -> PResult<()> {
        let t = self.m.types.named_struct(name);
        if let TypeData::Named { body: Some(_), .. } = self.m.types.get(t) {
            return Err(self.error_at(off, format!("redefinition of type named '%{name}'")));
        }
        if self.eat_word("opaque") {
            return Ok(());
        }
        let packed = self.eat(&Tok::Less);
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

    // ---------------------------------------------------------------- types

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.err(format!("nesting deeper than {MAX_NESTING} levels is not supported"));
        }
        Ok(())
    }

    /// Parses a type, including legacy typed pointers (`i8*` reads as `ptr`).
    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.depth -= 1;
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let mut t = self.parse_base_type()?;
        loop {
            if self.eat(&Tok::Star) {
                t = self.star_ptr(t, 0)?;
            } else if self.is_word("addrspace") && matches!(self.peek_at(4), Tok::Star) {
                self.bump();
                let a = self.parse_addrspace()?;
                self.expect(Tok::Star, "'*'")?;
                t = self.star_ptr(t, a)?;
            } else if matches!(self.peek(), Tok::LParen) && self.paren_group_then_star() {
                // Legacy function-pointer type `ret (params)*`.
                let f = self.parse_fn_type_params(t)?;
                self.expect(Tok::Star, "'*'")?;
                t = self.star_ptr(f, 0)?;
            } else {
                return Ok(t);
            }
        }
    }

    fn star_ptr(&mut self, pointee: Type, addrspace: u32) -> PResult<Type> {
        if matches!(self.m.types.get(pointee), TypeData::Void | TypeData::Label | TypeData::Token | TypeData::Metadata)
        {
            return self.err("pointer to this type is invalid");
        }
        Ok(self.m.types.ptr(addrspace))
    }

    /// Parses `(params)` after a return type, giving a function type.
    pub(crate) fn parse_fn_type_params(&mut self, ret: Type) -> PResult<Type> {
        self.expect(Tok::LParen, "'('")?;
        let mut params = Vec::new();
        let mut varargs = false;
        if !self.eat(&Tok::RParen) {
            loop {
                if self.eat(&Tok::DotDotDot) {
                    varargs = true;
                    self.expect(Tok::RParen, "')' after '...'")?;
                    break;
                }
                let t = self.parse_type()?;
                if !self.m.types.is_first_class(t) {
                    return self.err("invalid function argument type");
                }
                params.push(t);
                // Attributes in function types are ignored by LLVM; skip them.
                while let Tok::Word(_) = self.peek() {
                    self.parse_param_attr(&mut AttrSet::new())?;
                }
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ')' in function type")?;
            }
        }
        Ok(self.m.types.function(ret, params, varargs))
    }

    fn parse_base_type(&mut self) -> PResult<Type> {
        let off = self.offset();
        let t = match self.bump() {
            Tok::IntType(b) => self.m.types.int(b),
            Tok::Word(w) => match w {
                "void" => Type::VOID,
                "half" => Type::HALF,
                "bfloat" => Type::BFLOAT,
                "float" => Type::FLOAT,
                "double" => Type::DOUBLE,
                "fp128" => self.m.types.intern(TypeData::Float(FloatKind::Fp128)),
                "x86_fp80" => self.m.types.intern(TypeData::Float(FloatKind::X86Fp80)),
                "ppc_fp128" => self.m.types.intern(TypeData::Float(FloatKind::PpcFp128)),
                "label" => Type::LABEL,
                "token" => Type::TOKEN,
                "metadata" => Type::METADATA,
                "x86_amx" => self.m.types.intern(TypeData::X86Amx),
                "ptr" => {
                    if self.is_word("addrspace") {
                        self.bump();
                        let a = self.parse_addrspace()?;
                        self.m.types.ptr(a)
                    } else {
                        Type::PTR
                    }
                }
                "opaque" => return Err(self.error_at(off, "'opaque' is only valid in a named type definition")),
                "target" => self.parse_target_ext_type()?,
                "x86_mmx" => return Err(self.error_at(off, "x86_mmx is not supported")),
                _ => return Err(self.error_at(off, "expected type")),
            },
            Tok::LocalName(n) => self.m.types.named_struct(&n),
            Tok::LocalId(n) => self.m.types.named_struct(&numbered_name(n)),
            Tok::LBrace => {
                let fields = self.parse_struct_fields_after_brace()?;
                self.m.types.intern(TypeData::Struct { fields: fields.into(), packed: false })
            }
            Tok::Less => {
                if matches!(self.peek(), Tok::LBrace) {
                    let fields = self.parse_struct_fields()?;
                    self.expect(Tok::Greater, "'>' at end of packed struct")?;
                    self.m.types.intern(TypeData::Struct { fields: fields.into(), packed: true })
                } else {
                    let scalable = self.eat_word("vscale");
                    if scalable {
                        self.expect_word("x")?;
                    }
                    let len = self.parse_u32("number of elements in vector type")?;
                    self.expect_word("x")?;
                    let eoff = self.offset();
                    let elem = self.parse_type()?;
                    if !matches!(self.m.types.get(elem), TypeData::Int(_) | TypeData::Float(_) | TypeData::Ptr(_)) {
                        return Err(self.error_at(eoff, "invalid vector element type"));
                    }
                    if len == 0 {
                        return Err(self.error_at(off, "zero element vector is illegal"));
                    }
                    self.expect(Tok::Greater, "'>' at end of vector type")?;
                    self.m.types.intern(TypeData::Vector { len, scalable, elem })
                }
            }
            Tok::LSquare => {
                let len = self.parse_u64("number of elements in array type")?;
                self.expect_word("x")?;
                let eoff = self.offset();
                let elem = self.parse_type()?;
                if !self.m.types.is_first_class(elem)
                    || matches!(self.m.types.get(elem), TypeData::Token | TypeData::Metadata)
                {
                    return Err(self.error_at(eoff, "invalid array element type"));
                }
                self.expect(Tok::RSquare, "']' at end of array type")?;
                self.m.types.intern(TypeData::Array { len, elem })
            }
            _ => return Err(self.error_at(off, "expected type")),
        };
        Ok(t)
    }

    /// `("name", T..., N...)` after `target`: type parameters, then integers.
    fn parse_target_ext_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "'(' in target extension type")?;
        let name = self.parse_string("type name")?;
        let name = String::from_utf8(name).map_err(|_| self.error_at(self.offset(), "invalid type name"))?;
        let (mut types, mut ints) = (Vec::new(), Vec::new());
        while self.eat(&Tok::Comma) {
            if matches!(self.peek(), Tok::Int(_)) {
                ints.push(self.parse_u32("integer parameter")?);
            } else if ints.is_empty() {
                types.push(self.parse_type()?);
            } else {
                return self.err("expected uint32 param");
            }
        }
        self.expect(Tok::RParen, "')' in target extension type")?;
        Ok(self.m.types.target_ext(&name, types, ints))
    }

    fn parse_struct_fields(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LBrace, "'{'")?;
        self.parse_struct_fields_after_brace()
    }

    fn parse_struct_fields_after_brace(&mut self) -> PResult<Vec<Type>> {
        let mut fields = Vec::new();
        if self.eat(&Tok::RBrace) {
            return Ok(fields);
        }
        loop {
            let off = self.offset();
            let t = self.parse_type()?;
            if !self.m.types.is_first_class(t) || matches!(self.m.types.get(t), TypeData::Token | TypeData::Metadata) {
                return Err(self.error_at(off, "invalid element type for struct"));
            }
            fields.push(t);
            if self.eat(&Tok::RBrace) {
                return Ok(fields);
            }
            self.expect(Tok::Comma, "',' or '}' in struct type")?;
        }
    }

    pub(crate) fn type_str(&self, t: Type) -> String {
        self.m.types.display(t)
    }

    // ---------------------------------------------------------------- globals

    fn parse_global_props(&mut self, props: &mut GlobalProps) {
        loop {
            let Tok::Word(w) = self.peek() else { return };
            let w = *w;
            match w {
                "private"
                | "internal"
                | "available_externally"
                | "linkonce"
                | "weak"
                | "common"
                | "appending"
                | "extern_weak"
                | "linkonce_odr"
                | "weak_odr"
                | "external" => props.linkage = Some(w.into()),
                "dso_local" | "dso_preemptable" => props.preemption = Some(w.into()),
                "default" | "hidden" | "protected" => {
                    if w != "default" {
                        props.visibility = Some(w.into())
                    }
                }
                "dllimport" | "dllexport" => props.dll_storage = Some(w.into()),
                "unnamed_addr" | "local_unnamed_addr" => props.unnamed_addr = Some(w.into()),
                "thread_local" => {
                    self.bump();
                    if self.eat(&Tok::LParen) {
                        let mode = match self.bump() {
                            Tok::Word(m) => m.to_owned(),
                            _ => String::new(),
                        };
                        let _ = self.eat(&Tok::RParen);
                        props.thread_local = Some(format!("thread_local({mode})").into());
                    } else {
                        props.thread_local = Some("thread_local".into());
                    }
                    continue;
                }
                _ => return,
            }
            self.bump();
        }
    }

    fn parse_global_or_alias(&mut self, name: &str, off: usize) -> PResult<()> {
        let mut props = GlobalProps::default();
        self.parse_global_props(&mut props);
        if self.is_word("alias") || self.is_word("ifunc") {
            return self.parse_alias(name, off, props);
        }
        if self.is_word("addrspace") {
            self.bump();
            props.addrspace = self.parse_addrspace()?;
        }
        self.parse_global_props(&mut props);
        let externally_initialized = self.eat_word("externally_initialized");
        let is_constant = if self.eat_word("constant") {
            true
        } else if self.eat_word("global") {
            false
        } else {
            return self.err("expected 'global' or 'constant'");
        };
        let toff = self.offset();
        let ty = self.parse_type()?;
        if !self.m.types.is_first_class(ty) && ty != Type::VOID
            || matches!(self.m.types.get(ty), TypeData::Token | TypeData::Label | TypeData::Void | TypeData::Metadata)
        {
            return Err(self.error_at(toff, "invalid type for global variable"));
        }
        let is_decl = matches!(props.linkage.as_deref(), Some("external" | "extern_weak"));
        let init = if is_decl { None } else { Some(self.parse_const(ty)?) };
        let mut var = GlobalVar {
            name: name.into(),
            ty,
            is_constant,
            externally_initialized,
            init,
            props,
            attrs: AttrSet::new(),
            code_model: None,
        };
        let mut groups = Vec::new();
        while self.eat(&Tok::Comma) {
            if self.eat_word("section") {
                var.props.section = Some(self.parse_string("section name")?.into());
            } else if self.eat_word("partition") {
                var.props.partition = Some(self.parse_string("partition name")?.into());
            } else if self.eat_word("align") {
                var.props.align = Some(self.parse_align_value()?);
            } else if self.eat_word("code_model") {
                var.code_model = Some(self.parse_string("code model")?.into());
            } else if self.is_word("comdat") {
                var.props.comdat = Some(self.parse_comdat(name)?);
            } else if let Tok::MetadataName(kind) = self.peek().clone() {
                self.bump();
                let md = self.parse_md_node_ref()?;
                var.props.metadata.push((kind.into(), md));
            } else {
                return self.err("expected global variable property");
            }
        }
        // Trailing attributes (`#0`).
        while let Tok::AttrGroup(g) = self.peek().clone() {
            let goff = self.offset();
            self.bump();
            groups.push((g, goff));
        }
        let gid = self
            .m
            .define(Global::Var(var))
            .map_err(|_| self.error_at(off, format!("redefinition of global '@{name}'")))?;
        for (g, goff) in groups {
            self.attr_refs.push((AttrSite::Var(gid), g, goff));
        }
        Ok(())
    }

    /// `alias T, ptr @g` / `ifunc T, ptr @resolver` after the properties.
    fn parse_alias(&mut self, name: &str, off: usize, props: GlobalProps) -> PResult<()> {
        let is_ifunc = self.eat_word("ifunc");
        if !is_ifunc {
            self.expect_word("alias")?;
        }
        let toff = self.offset();
        let mut ty = self.parse_type()?;
        if matches!(self.peek(), Tok::LParen) {
            ty = self.parse_fn_type_params(ty)?;
        }
        if is_ifunc && !matches!(self.m.types.get(ty), TypeData::Function { .. }) {
            return Err(self.error_at(toff, "invalid type for ifunc"));
        }
        self.expect(Tok::Comma, "',' after type")?;
        let aoff = self.offset();
        let target = match *self.peek() {
            // A constant expression here carries its own type.
            Tok::Word("getelementptr") => {
                self.bump();
                let (e, bt) = self.parse_const_gep(None)?;
                Const { ty: bt, kind: ConstKind::Expr(Box::new(e)) }
            }
            Tok::Word(w @ ("bitcast" | "addrspacecast" | "inttoptr")) => {
                self.bump();
                let op = *CastOp::ALL.iter().find(|c| c.keyword() == w).expect("a cast keyword");
                self.expect(Tok::LParen, "'(' after constantexpr cast")?;
                let st = self.parse_type()?;
                let c = self.parse_const(st)?;
                self.expect_word("to")?;
                let dt = self.parse_type()?;
                self.expect(Tok::RParen, "')' at end of constantexpr cast")?;
                Const { ty: dt, kind: ConstKind::Expr(Box::new(ConstExpr::Cast(op, c))) }
            }
            _ => {
                let at = self.parse_type()?;
                self.parse_const(at)?
            }
        };
        let at = target.ty;
        if !matches!(self.m.types.get(at), TypeData::Ptr(_)) {
            return Err(self.error_at(aoff, "An alias or ifunc must have pointer type"));
        }
        let mut props = props;
        if let TypeData::Ptr(a) = self.m.types.get(at) {
            props.addrspace = *a;
        }
        while self.eat(&Tok::Comma) {
            if self.eat_word("partition") {
                props.partition = Some(self.parse_string("partition name")?.into());
            } else {
                return self.err("unknown alias or ifunc property!");
            }
        }
        let alias = GlobalAlias { name: name.into(), is_ifunc, ty, target, props };
        self.m
            .define(Global::Alias(alias))
            .map_err(|_| self.error_at(off, format!("redefinition of global '@{}'", display_global_name(name))))?;
        Ok(())
    }

    fn parse_comdat(&mut self, own: &str) -> PResult<Box<str>> {
        self.expect_word("comdat")?;
        if self.eat(&Tok::LParen) {
            let off = self.offset();
            let name = match self.bump() {
                Tok::ComdatName(n) => n,
                _ => return Err(self.error_at(off, "expected comdat variable")),
            };
            self.expect(Tok::RParen, "')' after comdat var")?;
            if !self.m.comdats.contains_key(&*name) {
                return Err(self.error_at(off, format!("use of undefined comdat '${name}'")));
            }
            Ok(name.into())
        } else {
            if !self.m.comdats.contains_key(own) {
                return self.err(format!("use of undefined comdat '${own}'"));
            }
            Ok(own.into())
        }
    }

    /// Where functions live (`P<n>` in the data layout): the type of an
    /// indirect callee.
    pub(crate) fn program_addrspace(&self) -> u32 {
        self.program_as
    }

    /// Numbered globals and functions share one counter, and each must
    /// take a number above the last one defined (gaps are allowed).
    fn check_global_number(&mut self, n: u32, off: usize, what: &str) -> PResult<()> {
        if n < self.next_global_number {
            return Err(
                self.error_at(off, format!("{what} expected to be numbered '@{}' or greater", self.next_global_number))
            );
        }
        self.next_global_number = n + 1;
        Ok(())
    }

    /// `, { i, j, ... }` of a `uselistorder` directive: a permutation of
    /// at least two indexes. The order itself is not kept: `opt -S` does
    /// not print it either (without `-preserve-ll-uselistorder`).
    pub(crate) fn parse_use_list_indexes(&mut self) -> PResult<()> {
        self.expect(Tok::Comma, "',' here")?;
        let off = self.offset();
        self.expect(Tok::LBrace, "'{' here")?;
        let mut seen = Vec::new();
        loop {
            let ioff = self.offset();
            let i = self.parse_u32("index")?;
            if seen.contains(&i) {
                return Err(self.error_at(ioff, "expected distinct uselistorder indexes"));
            }
            seen.push(i);
            if self.eat(&Tok::RBrace) {
                break;
            }
            self.expect(Tok::Comma, "',' here")?;
        }
        if seen.len() < 2 {
            return Err(self.error_at(off, "expected >= 2 uselistorder indexes"));
        }
        if seen.iter().any(|&i| i as usize >= seen.len()) {
            return Err(self.error_at(off, "expected uselistorder indexes to be a permutation"));
        }
        Ok(())
    }

    /// Records a use of `@name`, returning its id (possibly a forward reference).
    pub(crate) fn global_ref(&mut self, name: &str, off: usize) -> GlobalId {
        let g = self.m.get_or_forward(name);
        if matches!(self.m.globals[g], Global::Undefined(_)) {
            self.global_first_use.entry(g).or_insert(off);
        }
        g
    }

    // ---------------------------------------------------------------- functions

    fn parse_fn_attachments(&mut self, props: &mut GlobalProps) -> PResult<()> {
        while let Tok::MetadataName(kind) = self.peek().clone() {
            self.bump();
            let md = self.parse_md_node_ref()?;
            props.metadata.push((kind.into(), md));
        }
        Ok(())
    }

    fn parse_function(&mut self, is_def: bool) -> PResult<()> {
        let mut props = GlobalProps::default();
        // A declaration's attachments come right after `declare`; after its
        // header, `!name` starts named metadata.
        if !is_def {
            self.parse_fn_attachments(&mut props)?;
        }
        self.parse_global_props(&mut props);
        let cconv = self.parse_cconv()?;
        self.parse_global_props(&mut props);
        let mut ret_attrs = AttrSet::new();
        self.parse_ret_attrs(&mut ret_attrs)?;
        let roff = self.offset();
        let ret = self.parse_type()?;
        if !(ret == Type::VOID || self.m.types.is_first_class(ret))
            || matches!(self.m.types.get(ret), TypeData::Label | TypeData::Metadata)
        {
            return Err(self.error_at(roff, "invalid function return type"));
        }
        let noff = self.offset();
        let name = match self.bump() {
            Tok::GlobalName(n) => n,
            Tok::GlobalId(n) => {
                self.check_global_number(n, noff, "function")?;
                numbered_name(n).into()
            }
            _ => return Err(self.error_at(noff, "expected function name")),
        };
        // Parameters.
        self.expect(Tok::LParen, "'(' in function argument list")?;
        let mut params: Vec<(Type, AttrSet, Option<Tok>, usize)> = Vec::new();
        let mut varargs = false;
        if !self.eat(&Tok::RParen) {
            loop {
                if self.eat(&Tok::DotDotDot) {
                    varargs = true;
                    self.expect(Tok::RParen, "')' at end of argument list")?;
                    break;
                }
                let poff = self.offset();
                let t = self.parse_type()?;
                if t == Type::VOID || !self.m.types.is_first_class(t) {
                    return Err(self.error_at(poff, "invalid type for function argument"));
                }
                let mut attrs = AttrSet::new();
                self.parse_param_attrs(&mut attrs)?;
                let noff = self.offset();
                let pname = match self.peek() {
                    Tok::LocalName(_) | Tok::LocalId(_) => Some(self.bump()),
                    _ => None,
                };
                params.push((t, attrs, pname, noff));
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ')' in argument list")?;
            }
        }
        let fty = self.m.types.function(ret, params.iter().map(|p| p.0).collect(), varargs);
        // Functions live in the program address space unless they say otherwise.
        props.addrspace = self.program_as;
        // Trailing header parts.
        let mut fn_attrs = AttrSet::new();
        let mut groups = Vec::new();
        let mut gc = None;
        let (mut prefix, mut prologue, mut personality) = (None, None, None);
        loop {
            match self.peek().clone() {
                Tok::Word(w) => match w {
                    "unnamed_addr" | "local_unnamed_addr" => {
                        self.bump();
                        props.unnamed_addr = Some(w.into());
                    }
                    "addrspace" => {
                        self.bump();
                        props.addrspace = self.parse_addrspace()?;
                    }
                    "section" => {
                        self.bump();
                        props.section = Some(self.parse_string("section name")?.into());
                    }
                    "partition" => {
                        self.bump();
                        props.partition = Some(self.parse_string("partition name")?.into());
                    }
                    "comdat" => props.comdat = Some(self.parse_comdat(&name)?),
                    "align" => {
                        self.bump();
                        props.align = Some(self.parse_align_value()?);
                    }
                    "gc" => {
                        self.bump();
                        gc = Some(self.parse_string("gc name")?.into());
                    }
                    "prefix" => {
                        self.bump();
                        let t = self.parse_type()?;
                        prefix = Some(self.parse_const(t)?);
                    }
                    "prologue" => {
                        self.bump();
                        let t = self.parse_type()?;
                        prologue = Some(self.parse_const(t)?);
                    }
                    "personality" => {
                        self.bump();
                        let t = self.parse_type()?;
                        personality = Some(self.parse_const(t)?);
                    }
                    _ if self.starts_attr() => self.parse_fn_attr(&mut fn_attrs)?,
                    _ => break,
                },
                Tok::Str(_) => self.parse_fn_attr(&mut fn_attrs)?,
                Tok::AttrGroup(g) => {
                    groups.push((g, self.offset()));
                    self.bump();
                }
                _ => break,
            }
        }
        if let Some(a) = fn_attrs.get_int("align") {
            fn_attrs.remove("align");
            props.align = Some(a);
        }
        if is_def {
            self.parse_fn_attachments(&mut props)?;
        }
        let decl = FuncDecl {
            name: (&*name).into(),
            ty: fty,
            props,
            cconv,
            ret_attrs,
            param_attrs: params.iter().map(|p| p.1.clone()).collect(),
            fn_attrs,
            gc,
            prefix,
            prologue,
            personality,
        };
        let gid = self
            .m
            .define(Global::Func(decl))
            .map_err(|_| self.error_at(noff, format!("invalid redefinition of function '{name}'")))?;
        self.map.funcs.insert(gid, noff);
        for (g, goff) in groups {
            self.attr_refs.push((AttrSite::Func(gid), g, goff));
        }
        if is_def {
            let body = self.parse_body(gid, &params)?;
            self.m.set_body(gid, body);
        } else if matches!(self.peek(), Tok::LBrace) {
            return self.err("function declarations cannot have a body");
        }
        Ok(())
    }

    pub(crate) fn parse_cconv(&mut self) -> PResult<CallConv> {
        let Tok::Word(w) = self.peek().clone() else { return Ok(CallConv::default()) };
        let is_cc = matches!(
            w,
            "ccc"
                | "fastcc"
                | "coldcc"
                | "cc"
                | "webkit_jscc"
                | "anyregcc"
                | "preserve_mostcc"
                | "preserve_allcc"
                | "preserve_nonecc"
                | "ghccc"
                | "swiftcc"
                | "swifttailcc"
                | "x86_intrcc"
                | "hhvmcc"
                | "hhvm_ccc"
                | "cxx_fast_tlscc"
                | "tailcc"
                | "cfguard_checkcc"
                | "x86_stdcallcc"
                | "x86_fastcallcc"
                | "x86_thiscallcc"
                | "x86_vectorcallcc"
                | "x86_regcallcc"
                | "arm_apcscc"
                | "arm_aapcscc"
                | "arm_aapcs_vfpcc"
                | "aarch64_vector_pcs"
                | "aarch64_sve_vector_pcs"
                | "msp430_intrcc"
                | "avr_intrcc"
                | "avr_signalcc"
                | "ptx_kernel"
                | "ptx_device"
                | "spir_kernel"
                | "spir_func"
                | "intel_ocl_bicc"
                | "x86_64_sysvcc"
                | "win64cc"
                | "amdgpu_vs"
                | "amdgpu_ls"
                | "amdgpu_hs"
                | "amdgpu_es"
                | "amdgpu_gs"
                | "amdgpu_ps"
                | "amdgpu_cs"
                | "amdgpu_cs_chain"
                | "amdgpu_cs_chain_preserve"
                | "amdgpu_kernel"
                | "amdgpu_gfx"
                | "amdgpu_gfx_whole_wave"
                | "riscv_vector_cc"
                | "m68k_rtdcc"
                | "graalcc"
        );
        if !is_cc {
            return Ok(CallConv::default());
        }
        self.bump();
        if w == "ccc" {
            return Ok(CallConv::default());
        }
        if w == "cc" {
            let n = self.parse_u32("calling convention number")?;
            return Ok(CallConv(Some(format!("cc {n}").into())));
        }
        Ok(CallConv(Some(w.into())))
    }

    // ---------------------------------------------------------------- attributes

    /// Attribute keywords that take a type in parentheses.
    fn is_type_attr(w: &str) -> bool {
        matches!(w, "byval" | "byref" | "sret" | "inalloca" | "preallocated" | "elementtype")
    }

    /// Attribute keywords that take an integer in parentheses (or after a space for `align`).
    fn is_int_attr(w: &str) -> bool {
        matches!(w, "align" | "alignstack" | "dereferenceable" | "dereferenceable_or_null")
    }

    /// Keywords that may appear as function, parameter or return attributes.
    fn is_attr_keyword(w: &str) -> bool {
        matches!(
            w,
            "alwaysinline"
                | "builtin"
                | "cold"
                | "convergent"
                | "disable_sanitizer_instrumentation"
                | "fn_ret_thunk_extern"
                | "hot"
                | "hybrid_patchable"
                | "inlinehint"
                | "jumptable"
                | "minsize"
                | "mustprogress"
                | "naked"
                | "nobuiltin"
                | "nocallback"
                | "nocf_check"
                | "noduplicate"
                | "nofree"
                | "noimplicitfloat"
                | "noinline"
                | "nomerge"
                | "nonlazybind"
                | "noprofile"
                | "norecurse"
                | "noredzone"
                | "noreturn"
                | "nosanitize_bounds"
                | "nosanitize_coverage"
                | "nosync"
                | "nounwind"
                | "null_pointer_is_valid"
                | "optforfuzzing"
                | "optnone"
                | "optsize"
                | "presplitcoroutine"
                | "readnone"
                | "readonly"
                | "returns_twice"
                | "safestack"
                | "sanitize_address"
                | "sanitize_hwaddress"
                | "sanitize_memory"
                | "sanitize_memtag"
                | "sanitize_thread"
                | "sanitize_numerical_stability"
                | "sanitize_realtime"
                | "sanitize_realtime_blocking"
                | "sanitize_type"
                | "shadowcallstack"
                | "skipprofile"
                | "speculatable"
                | "speculative_load_hardening"
                | "ssp"
                | "sspreq"
                | "sspstrong"
                | "strictfp"
                | "willreturn"
                | "writeonly"
                | "argmemonly"
                | "inaccessiblememonly"
                | "inaccessiblemem_or_argmemonly"
                | "nocreateundeforpoison"
                | "nodivergencesource"
                | "coro_only_destroy_when_complete"
                | "coro_elide_safe"
                | "no_sanitize_address"
                | "no_sanitize_hwaddress"
                | "sanitize_alloc_token"
                | "allocalign"
                | "allocptr"
                | "dead_on_unwind"
                | "dead_on_return"
                | "immarg"
                | "inreg"
                | "nest"
                | "noalias"
                | "nocapture"
                | "nofpclass_"
                | "nonnull"
                | "noundef"
                | "returned"
                | "signext"
                | "swiftasync"
                | "swifterror"
                | "swiftself"
                | "writable"
                | "zeroext"
        )
    }

    /// Keywords with a parenthesised payload kept verbatim.
    fn is_paren_attr(w: &str) -> bool {
        matches!(
            w,
            "memory"
                | "captures"
                | "range"
                | "allocsize"
                | "vscale_range"
                | "nofpclass"
                | "uwtable"
                | "allockind"
                | "initializes"
                | "alloc_variant_zeroed"
                | "denormal_fpenv"
        )
    }

    /// Parses one attribute at the cursor into `set`. `group` selects the
    /// `key=N` spelling used inside attribute groups.
    fn parse_one_attr(&mut self, set: &mut AttrSet, group: bool) -> PResult<()> {
        let off = self.offset();
        match self.bump() {
            Tok::Str(k) => {
                let key = String::from_utf8_lossy(&k).into_owned();
                if self.eat(&Tok::Equal) {
                    let v = self.parse_string("attribute value")?;
                    set.insert(Attr::Str(key.into(), Some(String::from_utf8_lossy(&v).into())));
                } else {
                    set.insert(Attr::Str(key.into(), None));
                }
                Ok(())
            }
            Tok::Word(w) => {
                if Self::is_type_attr(w) {
                    if self.eat(&Tok::LParen) {
                        let t = self.parse_type()?;
                        self.expect(Tok::RParen, "')'")?;
                        set.insert(Attr::Type(w.into(), t));
                    } else {
                        set.insert(Attr::Flag(w.into()));
                    }
                    return Ok(());
                }
                if Self::is_int_attr(w) {
                    if group && self.eat(&Tok::Equal) {
                        let v = self.parse_u64("integer")?;
                        set.insert(Attr::Int(w.into(), v));
                    } else if w == "align" || self.peek() == &Tok::LParen {
                        let v = if w == "align" || w == "alignstack" {
                            self.parse_align_value()?
                        } else {
                            self.expect(Tok::LParen, "'('")?;
                            let v = self.parse_u64("integer")?;
                            self.expect(Tok::RParen, "')'")?;
                            v
                        };
                        set.insert(Attr::Int(w.into(), v));
                    } else {
                        set.insert(Attr::Flag(w.into()));
                    }
                    return Ok(());
                }
                if Self::is_paren_attr(w) {
                    if self.peek() == &Tok::LParen {
                        let text = self.raw_parens()?;
                        set.insert(Attr::Paren(w.into(), text.into()));
                    } else {
                        set.insert(Attr::Flag(w.into()));
                    }
                    return Ok(());
                }
                if Self::is_attr_keyword(w) {
                    set.insert(Attr::Flag(w.into()));
                    return Ok(());
                }
                Err(self.error_at(off, format!("unknown attribute '{w}'")))
            }
            _ => Err(self.error_at(off, "expected attribute")),
        }
    }

    /// Reads `( ... )` with balanced parentheses and returns the inside text.
    fn raw_parens(&mut self) -> PResult<String> {
        let open = self.offset();
        self.expect(Tok::LParen, "'('")?;
        let start = self.offset();
        let mut depth = 1;
        loop {
            match self.peek() {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        let end = self.offset();
                        self.bump();
                        return normalize_payload(&self.src[start..end])
                            .ok_or_else(|| self.error_at(start, "invalid attribute payload"));
                    }
                }
                Tok::Eof | Tok::Error => return Err(self.error_at(open, "unbalanced parentheses in attribute")),
                _ => {}
            }
            self.bump();
        }
    }

    fn starts_attr(&self) -> bool {
        match self.peek() {
            Tok::Str(_) => true,
            Tok::Word(w) => {
                Self::is_type_attr(w) || Self::is_int_attr(w) || Self::is_paren_attr(w) || Self::is_attr_keyword(w)
            }
            _ => false,
        }
    }

    /// Parameter attributes (before the parameter name or call argument).
    pub(crate) fn parse_param_attrs(&mut self, set: &mut AttrSet) -> PResult<()> {
        while self.starts_attr() {
            self.parse_param_attr(set)?;
        }
        Ok(())
    }

    fn parse_param_attr(&mut self, set: &mut AttrSet) -> PResult<()> {
        self.parse_one_attr(set, false)
    }

    /// Return attributes (before the return type).
    pub(crate) fn parse_ret_attrs(&mut self, set: &mut AttrSet) -> PResult<()> {
        // String attributes (`"key"="value"`) are valid here too.
        while let Tok::Str(_) = self.peek() {
            self.parse_one_attr(set, false)?;
        }
        while let Tok::Word(w) = self.peek() {
            let ok = matches!(
                *w,
                "noundef"
                    | "nonnull"
                    | "noalias"
                    | "signext"
                    | "zeroext"
                    | "inreg"
                    | "dereferenceable"
                    | "dereferenceable_or_null"
                    | "range"
                    | "nofpclass"
                    | "align"
            );
            if !ok {
                break;
            }
            self.parse_one_attr(set, false)?;
        }
        Ok(())
    }

    /// One function attribute (inline, after the parameter list).
    pub(crate) fn parse_fn_attr(&mut self, set: &mut AttrSet) -> PResult<()> {
        self.parse_one_attr(set, false)
    }

    /// Function attributes and `#N` group references of a call site or header.
    pub(crate) fn parse_fn_attrs_and_groups(
        &mut self,
        set: &mut AttrSet,
        groups: &mut Vec<(u32, usize)>,
    ) -> PResult<()> {
        loop {
            match self.peek() {
                Tok::AttrGroup(g) => {
                    groups.push((*g, self.offset()));
                    self.bump();
                }
                Tok::Str(_) => self.parse_fn_attr(set)?,
                Tok::Word(_) if self.starts_attr() => self.parse_fn_attr(set)?,
                _ => return Ok(()),
            }
        }
    }

    fn parse_attr_group(&mut self) -> PResult<()> {
        let off = self.offset();
        let id = match self.bump() {
            Tok::AttrGroup(g) => g,
            _ => return Err(self.error_at(off, "expected attribute group id")),
        };
        self.expect(Tok::Equal, "'=' here")?;
        self.expect(Tok::LBrace, "'{' here")?;
        let mut set = AttrSet::new();
        while !self.eat(&Tok::RBrace) {
            if matches!(self.peek(), Tok::Eof | Tok::Error) {
                return self.err("expected '}' at end of attribute group");
            }
            self.parse_one_attr(&mut set, true)?;
        }
        if self.attr_groups.insert(id, set).is_some() {
            return Err(self.error_at(off, format!("redefinition of attribute group #{id}")));
        }
        Ok(())
    }

    // ---------------------------------------------------------------- constants

    /// Parses a constant of type `ty`.
    pub(crate) fn parse_const(&mut self, ty: Type) -> PResult<Const> {
        self.enter()?;
        let r = self.parse_const_inner(ty);
        self.depth -= 1;
        r
    }

    fn parse_const_inner(&mut self, ty: Type) -> PResult<Const> {
        let off = self.offset();
        let tyd = self.m.types.get(ty).clone();
        let bad =
            |p: &Self, what: &str| -> PResult<Const> { Err(p.error_at(off, format!("{what} '{}'", p.type_str(ty)))) };
        let kind = match self.peek().clone() {
            Tok::Int(s) => {
                self.bump();
                match tyd {
                    TypeData::Int(bits) if bits > 128 => {
                        let (neg, digits) = s.strip_prefix('-').map_or((false, s), |d| (true, d));
                        crate::constant::wide_int_from_decimal(neg, digits, bits)
                            .ok_or_else(|| self.error_at(off, "integer constant is too large for the type"))?
                    }
                    TypeData::Int(bits) => ConstKind::Int(self.int_literal(s, bits, off)?),
                    TypeData::Float(k) => {
                        // LLVM accepts integer literals for fp types.
                        let v: f64 = s.parse().map_err(|_| self.error_at(off, "invalid floating-point constant"))?;
                        ConstKind::Float(self.exact_float(k, v, off)?)
                    }
                    _ => return bad(self, "integer constant must have integer type, got"),
                }
            }
            Tok::HexInt(signed, digits) => {
                self.bump();
                let TypeData::Int(bits) = tyd else { return bad(self, "integer constant must have integer type, got") };
                let v = u128::from_str_radix(digits, 16)
                    .map_err(|_| self.error_at(off, "integer constant is too large"))?;
                let _ = signed;
                ConstKind::Int(crate::constant::mask(v, bits))
            }
            Tok::Float(s) => {
                self.bump();
                let TypeData::Float(k) = tyd else { return bad(self, "floating point constant invalid for type") };
                let v: f64 = s.parse().map_err(|_| self.error_at(off, "invalid floating-point constant"))?;
                ConstKind::Float(self.exact_float(k, v, off)?)
            }
            Tok::HexFloat(kind, digits) => {
                self.bump();
                let TypeData::Float(k) = tyd else { return bad(self, "floating point constant invalid for type") };
                let raw = u128::from_str_radix(digits, 16)
                    .map_err(|_| self.error_at(off, "invalid hexadecimal floating-point constant"))?;
                let bits = match (kind, k) {
                    (' ', FloatKind::Double) => raw,
                    (' ', FloatKind::Float | FloatKind::Half | FloatKind::BFloat) => {
                        // A double's bits; must convert exactly.
                        let v = f64::from_bits(raw as u64);
                        self.exact_float(k, v, off)?
                    }
                    ('H', FloatKind::Half)
                    | ('R', FloatKind::BFloat)
                    | ('K', FloatKind::X86Fp80)
                    | ('L', FloatKind::Fp128)
                    | ('M', FloatKind::PpcFp128) => raw,
                    _ => return Err(self.error_at(off, "floating point constant invalid for type")),
                };
                ConstKind::Float(bits)
            }
            Tok::Word(w) => match w {
                "true" | "false" => {
                    self.bump();
                    if ty != Type::I1 && self.m.types.scalar(ty) != Type::I1 {
                        return bad(self, "integer constant must have integer type, got");
                    }
                    ConstKind::Int(u128::from(w == "true"))
                }
                "null" => {
                    self.bump();
                    if !matches!(tyd, TypeData::Ptr(_)) {
                        return bad(self, "null must be a pointer type, got");
                    }
                    ConstKind::Null
                }
                "none" => {
                    self.bump();
                    if ty != Type::TOKEN {
                        return bad(self, "invalid type for none constant:");
                    }
                    ConstKind::NoneToken
                }
                "undef" => {
                    self.bump();
                    self.check_undef_type(ty, off)?;
                    ConstKind::Undef
                }
                "poison" => {
                    self.bump();
                    self.check_undef_type(ty, off)?;
                    ConstKind::Poison
                }
                "zeroinitializer" => {
                    self.bump();
                    if matches!(
                        tyd,
                        TypeData::Void
                            | TypeData::Label
                            | TypeData::Metadata
                            | TypeData::Function { .. }
                            | TypeData::Token
                    ) || matches!(&tyd, TypeData::TargetExt(d) if !d.has_zero_init)
                    {
                        return bad(self, "invalid type for null constant");
                    }
                    ConstKind::Zero
                }
                "getelementptr" => {
                    self.bump();
                    ConstKind::Expr(Box::new(self.parse_const_gep(Some(ty))?.0))
                }
                "splat" => {
                    self.bump();
                    let TypeData::Vector { len, elem, .. } = tyd else {
                        return bad(self, "splat must have vector type, got");
                    };
                    self.expect(Tok::LParen, "'(' after splat")?;
                    let et = self.parse_type()?;
                    if et != elem {
                        return Err(self.error_at(off, "splat element type does not match vector"));
                    }
                    let c = self.parse_const(et)?;
                    self.expect(Tok::RParen, "')' after splat")?;
                    canonical_aggregate(&self.m.types, ty, vec![c; len as usize])
                }
                "blockaddress" | "dso_local_equivalent" | "no_cfi" | "ptrauth" => {
                    return Err(self.error_at(off, format!("'{w}' constants are not supported")));
                }
                "extractelement" => {
                    self.bump();
                    self.expect(Tok::LParen, "'(' in extractelement constantexpr")?;
                    let voff = self.offset();
                    let vt = self.parse_type()?;
                    let v = self.parse_const(vt)?;
                    self.expect(Tok::Comma, "',' in extractelement constantexpr")?;
                    let it = self.parse_type()?;
                    let i = self.parse_const(it)?;
                    self.expect(Tok::RParen, "')' in extractelement constantexpr")?;
                    let elem = match self.m.types.get(vt) {
                        TypeData::Vector { elem, .. } => *elem,
                        _ => return Err(self.error_at(voff, "invalid extractelement operands")),
                    };
                    if !self.m.types.is_int(it) {
                        return Err(self.error_at(voff, "invalid extractelement operands"));
                    }
                    if elem != ty {
                        return Err(self.error_at(
                            off,
                            format!(
                                "constant expression type mismatch: got type '{}' but expected '{}'",
                                self.type_str(elem),
                                self.type_str(ty)
                            ),
                        ));
                    }
                    ConstKind::Expr(Box::new(ConstExpr::ExtractElement(v, i)))
                }
                "insertelement" | "shufflevector" | "icmp" | "fcmp" | "select" => {
                    return Err(self.error_at(off, format!("'{w}' constant expressions are not supported")));
                }
                _ => {
                    if let Some(op) = CastOp::ALL.iter().find(|c| c.keyword() == w) {
                        self.bump();
                        self.expect(Tok::LParen, "'(' after constantexpr cast")?;
                        let st = self.parse_type()?;
                        let c = self.parse_const(st)?;
                        self.expect_word("to")?;
                        let toff = self.offset();
                        let dt = self.parse_type()?;
                        if dt != ty {
                            return Err(self.error_at(
                                toff,
                                format!(
                                    "constant expression type mismatch: got type '{}' but expected '{}'",
                                    self.type_str(dt),
                                    self.type_str(ty)
                                ),
                            ));
                        }
                        self.expect(Tok::RParen, "')' at end of constantexpr cast")?;
                        ConstKind::Expr(Box::new(ConstExpr::Cast(*op, c)))
                    } else if let Some(op) = BinOp::ALL.iter().find(|b| b.keyword() == w && !b.is_float()) {
                        self.bump();
                        let mut flags = IntFlags::NONE;
                        while let Tok::Word(f) = self.peek() {
                            match IntFlags::KEYWORDS.iter().find(|(_, k)| k == f) {
                                Some((fl, _)) => {
                                    flags = flags.union(*fl);
                                    self.bump();
                                }
                                None => break,
                            }
                        }
                        self.expect(Tok::LParen, "'(' in binary constantexpr")?;
                        let t1 = self.parse_type()?;
                        let a = self.parse_const(t1)?;
                        self.expect(Tok::Comma, "',' in binary constantexpr")?;
                        let t2 = self.parse_type()?;
                        let b = self.parse_const(t2)?;
                        self.expect(Tok::RParen, "')' in binary constantexpr")?;
                        if t1 != ty || t2 != ty {
                            return Err(self.error_at(off, "operands of constexpr must have same type"));
                        }
                        ConstKind::Expr(Box::new(ConstExpr::Binary(*op, flags, a, b)))
                    } else {
                        return Err(self.error_at(off, "expected value token"));
                    }
                }
            },
            Tok::GlobalName(n) => {
                self.bump();
                if !matches!(tyd, TypeData::Ptr(_)) {
                    return Err(self.error_at(off, "global variable reference must have pointer type"));
                }
                ConstKind::Global(self.global_ref(&n, off))
            }
            Tok::GlobalId(n) => {
                self.bump();
                if !matches!(tyd, TypeData::Ptr(_)) {
                    return Err(self.error_at(off, "global variable reference must have pointer type"));
                }
                ConstKind::Global(self.global_ref(&numbered_name(n), off))
            }
            Tok::CStr(bytes) => {
                self.bump();
                match tyd {
                    TypeData::Array { len, elem } if elem == Type::I8 && len == bytes.len() as u64 => {
                        if bytes.iter().all(|&b| b == 0) { ConstKind::Zero } else { ConstKind::Bytes(bytes.into()) }
                    }
                    _ => {
                        return Err(self.error_at(
                            off,
                            format!(
                                "constant expression type mismatch: got type '[{} x i8]' but expected '{}'",
                                bytes.len(),
                                self.type_str(ty)
                            ),
                        ));
                    }
                }
            }
            Tok::LSquare => {
                self.bump();
                let TypeData::Array { len, elem } = tyd else { return bad(self, "invalid type for array constant:") };
                let elems = self.parse_const_list(elem, Tok::RSquare)?;
                if elems.len() as u64 != len {
                    return Err(self.error_at(
                        off,
                        format!("type '{}' has {len} elements but constant has {}", self.type_str(ty), elems.len()),
                    ));
                }
                canonical_aggregate(&self.m.types, ty, elems)
            }
            Tok::LBrace => {
                self.bump();
                let fields: Vec<Type> = match &tyd {
                    TypeData::Struct { fields, packed: false } => fields.to_vec(),
                    TypeData::Named { body: Some(b), packed: false, .. } => b.to_vec(),
                    _ => return bad(self, "invalid type for struct constant:"),
                };
                let elems = self.parse_typed_const_list(&fields, Tok::RBrace, off)?;
                canonical_aggregate(&self.m.types, ty, elems)
            }
            Tok::Less => {
                self.bump();
                if self.eat(&Tok::LBrace) {
                    let fields: Vec<Type> = match &tyd {
                        TypeData::Struct { fields, packed: true } => fields.to_vec(),
                        TypeData::Named { body: Some(b), packed: true, .. } => b.to_vec(),
                        _ => return bad(self, "invalid type for packed struct constant:"),
                    };
                    let elems = self.parse_typed_const_list(&fields, Tok::RBrace, off)?;
                    self.expect(Tok::Greater, "'>' at end of packed struct constant")?;
                    canonical_aggregate(&self.m.types, ty, elems)
                } else {
                    let TypeData::Vector { len, elem, scalable: false } = tyd else {
                        return bad(self, "invalid type for vector constant:");
                    };
                    let elems = self.parse_const_list(elem, Tok::Greater)?;
                    if elems.len() as u32 != len {
                        return Err(self.error_at(
                            off,
                            format!("type '{}' has {len} elements but constant has {}", self.type_str(ty), elems.len()),
                        ));
                    }
                    canonical_aggregate(&self.m.types, ty, elems)
                }
            }
            _ => return self.err("expected value token"),
        };
        Ok(Const { ty, kind })
    }

    fn check_undef_type(&self, ty: Type, off: usize) -> PResult<()> {
        if matches!(self.m.types.get(ty), TypeData::Void | TypeData::Label | TypeData::Function { .. }) {
            return Err(self.error_at(off, "invalid type for undef constant"));
        }
        Ok(())
    }

    /// Parses the digits of an integer literal into a `bits`-wide value.
    pub(crate) fn int_literal(&self, s: &str, bits: u32, off: usize) -> PResult<u128> {
        let (neg, digits) = match s.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, s),
        };
        let mag = digits
            .parse::<u128>()
            .map_err(|_| self.error_at(off, "integer constants wider than 128 bits are not supported"))?;
        if bits > 128 {
            return Err(self.error_at(off, "integer constants wider than 128 bits are not supported"));
        }
        // LLVM accepts any value that fits the width as signed or unsigned.
        let fits = if bits == 128 {
            !neg || mag <= 1u128 << 127
        } else if neg {
            mag <= 1u128 << (bits - 1)
        } else {
            mag < 1u128 << bits
        };
        if !fits {
            return Err(self.error_at(off, "integer constant is too large for the type"));
        }
        let v = if neg { mag.wrapping_neg() } else { mag };
        Ok(crate::constant::mask(v, bits))
    }

    fn exact_float(&self, k: FloatKind, v: f64, off: usize) -> PResult<u128> {
        f64_to_float_exact(k, v).ok_or_else(|| self.error_at(off, "floating point constant invalid for type"))
    }

    fn parse_const_list(&mut self, elem: Type, close: Tok) -> PResult<Vec<Const>> {
        let mut out = Vec::new();
        if self.eat(&close) {
            return Ok(out);
        }
        loop {
            let toff = self.offset();
            let t = self.parse_type()?;
            if t != elem {
                return Err(self.error_at(toff, format!("element type mismatch: expected '{}'", self.type_str(elem))));
            }
            out.push(self.parse_const(t)?);
            if self.eat(&close) {
                return Ok(out);
            }
            self.expect(Tok::Comma, "',' in constant list")?;
        }
    }

    fn parse_typed_const_list(&mut self, fields: &[Type], close: Tok, off: usize) -> PResult<Vec<Const>> {
        let mut out = Vec::new();
        if !self.eat(&close) {
            loop {
                let toff = self.offset();
                let t = self.parse_type()?;
                match fields.get(out.len()) {
                    Some(&f) if f == t => {}
                    _ => return Err(self.error_at(toff, "element types must match struct field types")),
                }
                out.push(self.parse_const(t)?);
                if self.eat(&close) {
                    break;
                }
                self.expect(Tok::Comma, "',' in struct constant")?;
            }
        }
        if out.len() != fields.len() {
            return Err(self.error_at(off, "initializer with struct type has wrong # elements"));
        }
        Ok(out)
    }

    /// `getelementptr [flags] (...)` after the keyword; with `ty`, the base
    /// must have that type. Returns the base's type too.
    fn parse_const_gep(&mut self, ty: Option<Type>) -> PResult<(ConstExpr, Type)> {
        let flags = self.parse_gep_flags();
        self.expect(Tok::LParen, "'(' in constantexpr")?;
        let source = self.parse_type()?;
        self.expect(Tok::Comma, "',' after getelementptr's type")?;
        let boff = self.offset();
        let bt = self.parse_type()?;
        if !matches!(self.m.types.get(bt), TypeData::Ptr(_)) {
            return Err(self.error_at(boff, "base of getelementptr must be a pointer"));
        }
        let base = self.parse_const(bt)?;
        let mut indices = Vec::new();
        while self.eat(&Tok::Comma) {
            let _ = self.eat_word("inrange");
            let it = self.parse_type()?;
            indices.push(self.parse_const(it)?);
        }
        self.expect(Tok::RParen, "')' in constantexpr")?;
        if ty.is_some_and(|t| t != bt) {
            return Err(self.error_at(boff, "getelementptr type does not match"));
        }
        Ok((ConstExpr::Gep { source, flags, base, indices }, bt))
    }

    pub(crate) fn parse_gep_flags(&mut self) -> GepFlags {
        let mut flags = GepFlags::NONE;
        while let Tok::Word(w) = self.peek() {
            match GepFlags::KEYWORDS.iter().find(|(_, k)| k == w) {
                Some((f, _)) => {
                    flags = flags.union(*f);
                    self.bump();
                }
                None => break,
            }
        }
        // `inbounds` implies `nusw`; LLVM prints only `inbounds`.
        if flags.contains(GepFlags::INBOUNDS) {
            flags = flags.union(GepFlags::NUSW);
        }
        flags
    }

    // ---------------------------------------------------------------- metadata

    fn md_node_for_number(&mut self, n: u32, off: usize) -> MdId {
        if let Some(&id) = self.md_numbered.get(&n) {
            return id;
        }
        let id = self.m.metadata.add(false, MdBody::Undefined);
        self.md_numbered.insert(n, id);
        self.md_first_use.insert(id, (n, off));
        id
    }

    /// `!N`, `!{...}` or `!DIxxx(...)` where a node is expected.
    pub(crate) fn parse_md_node_ref(&mut self) -> PResult<MdId> {
        self.enter()?;
        let r = self.parse_md_node_ref_inner();
        self.depth -= 1;
        r
    }

    fn parse_md_node_ref_inner(&mut self) -> PResult<MdId> {
        let off = self.offset();
        match self.peek().clone() {
            Tok::Exclaim => {
                self.bump();
                match self.peek().clone() {
                    Tok::Int(s) => {
                        self.bump();
                        let n = s.parse::<u32>().map_err(|_| self.error_at(off, "expected metadata number"))?;
                        Ok(self.md_node_for_number(n, off))
                    }
                    Tok::LBrace => {
                        let ops = self.parse_md_tuple()?;
                        Ok(self.m.metadata.add(false, MdBody::Tuple(ops)))
                    }
                    _ => self.err("expected metadata node"),
                }
            }
            Tok::MetadataName(n) if n.starts_with("DI") || n.starts_with("Gen") => {
                let body = self.parse_specialized()?;
                Ok(self.m.metadata.add(false, body))
            }
            Tok::Word("distinct") => {
                self.bump();
                let body = self.parse_md_body()?;
                Ok(self.m.metadata.add(true, body))
            }
            _ => self.err("expected metadata node"),
        }
    }

    /// A tuple or specialized node body at the cursor (after `!` for tuples).
    fn parse_md_body(&mut self) -> PResult<MdBody> {
        match self.peek().clone() {
            Tok::Exclaim => {
                self.bump();
                Ok(MdBody::Tuple(self.parse_md_tuple()?))
            }
            Tok::MetadataName(_) => self.parse_specialized(),
            _ => self.err("expected metadata node"),
        }
    }

    fn parse_md_tuple(&mut self) -> PResult<Vec<MdOperand>> {
        self.expect(Tok::LBrace, "'{' here")?;
        let mut ops = Vec::new();
        if self.eat(&Tok::RBrace) {
            return Ok(ops);
        }
        loop {
            ops.push(self.parse_md_operand()?);
            if self.eat(&Tok::RBrace) {
                return Ok(ops);
            }
            self.expect(Tok::Comma, "',' or '}' in metadata tuple")?;
        }
    }

    /// One metadata operand: `null`, `!N`, `!"str"`, `!{...}`, or a typed constant.
    pub(crate) fn parse_md_operand(&mut self) -> PResult<MdOperand> {
        let off = self.offset();
        match self.peek().clone() {
            Tok::Word("null") => {
                self.bump();
                Ok(MdOperand::Null)
            }
            Tok::Exclaim => match self.peek_at(1).clone() {
                Tok::Str(s) => {
                    self.bump();
                    self.bump();
                    Ok(MdOperand::Str(s.into()))
                }
                _ => Ok(MdOperand::Node(self.parse_md_node_ref()?)),
            },
            Tok::MetadataName(_) | Tok::Word(_)
                if matches!(self.peek(), Tok::MetadataName(_)) || self.is_word("distinct") =>
            {
                Ok(MdOperand::Node(self.parse_md_node_ref()?))
            }
            _ => {
                let t = self.parse_type()?;
                if t == Type::METADATA || t == Type::VOID || t == Type::LABEL {
                    return Err(self.error_at(off, "invalid metadata operand type"));
                }
                Ok(MdOperand::Const(self.parse_const(t)?))
            }
        }
    }

    fn parse_specialized(&mut self) -> PResult<MdBody> {
        let off = self.offset();
        let name = match self.bump() {
            Tok::MetadataName(n) => n,
            _ => return Err(self.error_at(off, "expected specialized metadata node")),
        };
        if !super::dwarf::is_specialized_node(&name) {
            return Err(self.error_at(off, "expected metadata type"));
        }
        self.expect(Tok::LParen, "'(' here")?;
        if &*name == "DIExpression" {
            return self.parse_di_expression_elements();
        }
        let mut fields = Vec::new();
        if !self.eat(&Tok::RParen) {
            loop {
                let foff = self.offset();
                let key: Box<str> = match self.bump() {
                    Tok::Word(w) => {
                        self.expect(Tok::Colon, "':' here")?;
                        w.into()
                    }
                    // `line:` lexes as a label.
                    Tok::Label(l) => (*l).into(),
                    _ => return Err(self.error_at(foff, "expected field label here")),
                };
                let voff = self.offset();
                let value = self.parse_md_field()?;
                if let MdField::Raw(v) = &value {
                    super::dwarf::check_field(&key, v).map_err(|e| self.error_at(voff, e))?;
                }
                fields.push((key, value));
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "',' in specialized metadata")?;
            }
        }
        Ok(MdBody::Specialized { name: name.into(), fields })
    }

    /// The elements of `!DIExpression(...)` after the `(`: DWARF operation
    /// and attribute-encoding keywords and unsigned integers. They are kept
    /// as fields without a key.
    fn parse_di_expression_elements(&mut self) -> PResult<MdBody> {
        let mut fields = Vec::new();
        if !self.eat(&Tok::RParen) {
            loop {
                let off = self.offset();
                let elem: Box<str> = match self.peek().clone() {
                    Tok::Word(w) if w.starts_with("DW_OP_") || w.starts_with("DW_ATE_") => w.into(),
                    Tok::Int(s) if !s.starts_with('-') => {
                        if s.parse::<u64>().is_err() {
                            return Err(self.error_at(off, "element too large, limit is 18446744073709551615"));
                        }
                        s.into()
                    }
                    _ => return Err(self.error_at(off, "expected unsigned integer")),
                };
                self.bump();
                fields.push((Box::<str>::from(""), MdField::Raw(elem)));
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "',' here")?;
            }
        }
        Ok(MdBody::Specialized { name: "DIExpression".into(), fields })
    }

    fn parse_md_field(&mut self) -> PResult<MdField> {
        let start = self.offset();
        match self.peek().clone() {
            Tok::Word("null") => {
                self.bump();
                Ok(MdField::Null)
            }
            Tok::Str(s) => {
                self.bump();
                Ok(MdField::Str(s.into()))
            }
            Tok::Exclaim | Tok::MetadataName(_) => match self.peek_at(1).clone() {
                Tok::Str(s) if self.peek() == &Tok::Exclaim => {
                    self.bump();
                    self.bump();
                    Ok(MdField::Str(s.into()))
                }
                _ => Ok(MdField::Node(self.parse_md_node_ref()?)),
            },
            _ => {
                // Verbatim up to the next ',' or ')' at depth 0.
                let mut depth = 0;
                loop {
                    match self.peek() {
                        Tok::Comma | Tok::RParen if depth == 0 => break,
                        Tok::LParen => depth += 1,
                        Tok::RParen => depth -= 1,
                        Tok::Eof | Tok::Error => return self.err("unterminated specialized metadata"),
                        _ => {}
                    }
                    self.bump();
                }
                let end = self.offset();
                Ok(MdField::Raw(self.src[start..end].trim().into()))
            }
        }
    }

    fn parse_named_metadata(&mut self, name: &str) -> PResult<()> {
        self.expect(Tok::Equal, "'=' here")?;
        self.expect(Tok::Exclaim, "'!' here")?;
        self.expect(Tok::LBrace, "'{' here")?;
        let mut ops = Vec::new();
        if !self.eat(&Tok::RBrace) {
            loop {
                let off = self.offset();
                if !matches!(self.peek(), Tok::Exclaim) {
                    return self.err("expected '!' here");
                }
                self.bump();
                match self.peek().clone() {
                    Tok::Int(s) => {
                        self.bump();
                        let n = s.parse::<u32>().map_err(|_| self.error_at(off, "expected metadata number"))?;
                        ops.push(self.md_node_for_number(n, off));
                    }
                    _ => return self.err("expected metadata number"),
                }
                if self.eat(&Tok::RBrace) {
                    break;
                }
                self.expect(Tok::Comma, "',' or '}' in named metadata")?;
            }
        }
        self.m.metadata.named.entry(name.into()).or_default().extend(ops);
        Ok(())
    }

    fn parse_numbered_metadata(&mut self) -> PResult<()> {
        let off = self.offset();
        let n = match self.bump() {
            Tok::Int(s) => s.parse::<u32>().map_err(|_| self.error_at(off, "expected metadata number"))?,
            _ => return Err(self.error_at(off, "expected metadata number")),
        };
        self.expect(Tok::Equal, "'=' here")?;
        let distinct = self.eat_word("distinct");
        let body = self.parse_md_body()?;
        let id = self.md_node_for_number(n, off);
        if !matches!(self.m.metadata.nodes[id].body, MdBody::Undefined) {
            return Err(self.error_at(off, "Metadata id is already used"));
        }
        self.m.metadata.nodes[id].body = body;
        self.m.metadata.nodes[id].distinct = distinct;
        self.md_first_use.remove(&id);
        Ok(())
    }

    // ---------------------------------------------------------------- finish

    fn finish(&mut self) -> PResult<()> {
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
                (true, Some(_)) if !crate::intrinsics::may_be_known_intrinsic(&name) => {
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
    fn drop_unused_dbg_intrinsics(&mut self) {
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
    fn upgrade_legacy_attrs(&mut self) {
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
    fn upgrade_nvvm_annotations(&mut self) {
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
    fn parse_body(&mut self, f: GlobalId, params: &[(Type, AttrSet, Option<Tok<'a>>, usize)]) -> PResult<Function> {
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
fn normalize_payload(raw: &str) -> Option<String> {
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

fn display_global_name(n: &str) -> String {
    let mut s = String::new();
    let _ = super::names::write_ident(&mut s, n);
    s
}

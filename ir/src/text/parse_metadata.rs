//! Metadata: numbered and named nodes, tuples and specialised nodes.

use super::lexer::Tok;
use super::parser::*;
use crate::metadata::{MdBody, MdField, MdId, MdOperand};
use crate::types::Type;

impl<'a> Parser<'a> {
    pub(crate) fn md_node_for_number(&mut self, n: u32, off: usize) -> MdId {
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

    pub(crate) fn parse_md_node_ref_inner(&mut self) -> PResult<MdId> {
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
                let body = self.parse_specialized(false)?;
                Ok(self.m.metadata.add(false, body))
            }
            Tok::Word("distinct") => {
                self.bump();
                let body = self.parse_md_body(true)?;
                Ok(self.m.metadata.add(true, body))
            }
            _ => self.err("expected metadata node"),
        }
    }

    /// A tuple or specialized node body at the cursor (after `!` for tuples).
    pub(crate) fn parse_md_body(&mut self, distinct: bool) -> PResult<MdBody> {
        match self.peek().clone() {
            Tok::Exclaim => {
                self.bump();
                Ok(MdBody::Tuple(self.parse_md_tuple()?))
            }
            Tok::MetadataName(_) => self.parse_specialized(distinct),
            _ => self.err("expected metadata node"),
        }
    }

    pub(crate) fn parse_md_tuple(&mut self) -> PResult<Vec<MdOperand>> {
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

    pub(crate) fn parse_specialized(&mut self, distinct: bool) -> PResult<MdBody> {
        let off = self.offset();
        let name = match self.bump() {
            Tok::MetadataName(n) => n,
            _ => return Err(self.error_at(off, "expected specialized metadata node")),
        };
        if !super::dwarf::is_specialized_node(&name) {
            return Err(self.error_at(off, "expected metadata type"));
        }
        let mut di = self.di_node_start(&name, off, distinct)?;
        self.expect(Tok::LParen, "'(' here")?;
        if &*name == "DIExpression" {
            return self.parse_di_expression_elements();
        }
        let mut fields = Vec::new();
        let mut close = self.offset();
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
                let value = self.parse_di_field(&mut di, &name, &key, foff)?;
                fields.push((key, value));
                close = self.offset();
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "')' here")?;
            }
        }
        self.di_node_end(&di, &name, &fields, close)?;
        Ok(MdBody::Specialized { name: name.into(), fields })
    }

    /// The elements of `!DIExpression(...)` after the `(`: DWARF operation
    /// and attribute-encoding keywords and unsigned integers. They are kept
    /// as fields without a key.
    pub(crate) fn parse_di_expression_elements(&mut self) -> PResult<MdBody> {
        let mut fields = Vec::new();
        if !self.eat(&Tok::RParen) {
            loop {
                let off = self.offset();
                let elem: Box<str> = match self.peek().clone() {
                    Tok::Word(w) if w.starts_with("DW_OP_") => {
                        if !super::check_di::is_operation(w) {
                            return Err(self.error_at(off, format!("invalid DWARF op '{w}'")));
                        }
                        w.into()
                    }
                    Tok::Word(w) if w.starts_with("DW_ATE_") => {
                        if !super::check_di::is_attribute_encoding(w) {
                            return Err(self.error_at(off, format!("invalid DWARF attribute encoding '{w}'")));
                        }
                        w.into()
                    }
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

    pub(crate) fn parse_md_field(&mut self) -> PResult<MdField> {
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

    pub(crate) fn parse_named_metadata(&mut self, name: &str) -> PResult<()> {
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

    pub(crate) fn parse_numbered_metadata(&mut self) -> PResult<()> {
        let off = self.offset();
        let n = match self.bump() {
            Tok::Int(s) => s.parse::<u32>().map_err(|_| self.error_at(off, "expected metadata number"))?,
            _ => return Err(self.error_at(off, "expected metadata number")),
        };
        self.expect(Tok::Equal, "'=' here")?;
        let distinct = self.eat_word("distinct");
        let body = self.parse_md_body(distinct)?;
        let id = self.md_node_for_number(n, off);
        if !matches!(self.m.metadata.nodes[id].body, MdBody::Undefined) {
            return Err(self.error_at(off, "Metadata id is already used"));
        }
        self.m.metadata.nodes[id].body = body;
        self.m.metadata.nodes[id].distinct = distinct;
        self.map.md_defs.insert(id, off.saturating_sub(1));
        self.md_first_use.remove(&id);
        Ok(())
    }
}

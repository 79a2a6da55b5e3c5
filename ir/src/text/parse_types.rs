//! Types: the type grammar, including legacy typed pointers, target extension
//! types and named-type definitions' bodies.

use super::lexer::Tok;
use super::parser::*;
use crate::attrs::AttrSet;
use crate::types::{FloatKind, Type, TypeData};

impl<'a> Parser<'a> {
    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.err(format!("nesting deeper than {MAX_NESTING} levels is not supported"));
        }
        Ok(())
    }

    /// Parses a type, including legacy typed pointers (`i8*` reads as `ptr`);
    /// `void` is refused, as everywhere but a function's result.
    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        let off = self.offset();
        let t = self.parse_type_or_void()?;
        self.refuse_void(t, off)?;
        Ok(t)
    }

    /// The error LLVM gives for `void` where only a function's result may
    /// be `void`, at the type's offset `off`.
    pub(crate) fn refuse_void(&self, t: Type, off: usize) -> PResult<()> {
        if t == Type::VOID {
            return Err(self.error_at(off, "void type only allowed for function results"));
        }
        Ok(())
    }

    /// [`Self::parse_type`] where `void` is allowed: a function's result.
    pub(crate) fn parse_type_or_void(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.depth -= 1;
        r
    }

    pub(crate) fn parse_type_inner(&mut self) -> PResult<Type> {
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

    pub(crate) fn star_ptr(&mut self, pointee: Type, addrspace: u32) -> PResult<Type> {
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

    pub(crate) fn parse_base_type(&mut self) -> PResult<Type> {
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
            Tok::LocalName(n) => {
                let t = self.m.types.named_struct(&n);
                self.type_first_use.entry(t).or_insert(off);
                t
            }
            Tok::LocalId(n) => {
                let t = self.m.types.named_struct(&numbered_name(n));
                self.type_first_use.entry(t).or_insert(off);
                t
            }
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
                    if !matches!(self.m.types.get(elem), TypeData::Int(_) | TypeData::Float(_) | TypeData::Ptr(_))
                        && !matches!(self.m.types.get(elem), TypeData::TargetExt(d) if d.can_be_vector_elem)
                    {
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
    pub(crate) fn parse_target_ext_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "'(' in target extension type")?;
        let name = self.parse_string("type name")?;
        let name = String::from_utf8(name).map_err(|_| self.error_at(self.offset(), "invalid type name"))?;
        let (mut types, mut ints) = (Vec::new(), Vec::new());
        while self.eat(&Tok::Comma) {
            if matches!(self.peek(), Tok::Int(_)) {
                ints.push(self.parse_u32("integer parameter")?);
            } else if ints.is_empty() {
                types.push(self.parse_type_or_void()?);
            } else {
                return self.err("expected uint32 param");
            }
        }
        self.expect(Tok::RParen, "')' in target extension type")?;
        Ok(self.m.types.target_ext(&name, types, ints))
    }

    pub(crate) fn parse_struct_fields(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LBrace, "'{'")?;
        self.parse_struct_fields_after_brace()
    }

    pub(crate) fn parse_struct_fields_after_brace(&mut self) -> PResult<Vec<Type>> {
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
}

//! Constants: literals, aggregates and constant expressions.

use super::lexer::Tok;
use super::parser::*;
use crate::constant::{Const, ConstExpr, ConstKind, canonical_aggregate, f64_to_float_exact};
use crate::inst::{BinOp, CastOp, GepFlags, IntFlags};
use crate::types::{FloatKind, Type, TypeData};

impl<'a> Parser<'a> {
    /// Parses a constant of type `ty`.
    pub(crate) fn parse_const(&mut self, ty: Type) -> PResult<Const> {
        self.enter()?;
        let r = self.parse_const_inner(ty);
        self.depth -= 1;
        r
    }

    pub(crate) fn parse_const_inner(&mut self, ty: Type) -> PResult<Const> {
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
                            .ok_or_else(|| self.error_at(off, "invalid integer constant"))?
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
                        return Err(self.error_at(off, "invalid type for null constant"));
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
                "blockaddress" => {
                    self.bump();
                    self.parse_block_address(ty, off)?
                }
                "dso_local_equivalent" | "no_cfi" => {
                    self.bump();
                    self.parse_global_wrapper(w == "no_cfi", ty)?
                }
                "ptrauth" => {
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
                ConstKind::Global(self.global_const(&n, &tyd, off)?)
            }
            Tok::GlobalId(n) => {
                self.bump();
                ConstKind::Global(self.global_const(&numbered_name(n), &tyd, off)?)
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

    pub(crate) fn check_undef_type(&self, ty: Type, off: usize) -> PResult<()> {
        if matches!(self.m.types.get(ty), TypeData::Void | TypeData::Label | TypeData::Function { .. }) {
            return Err(self.error_at(off, "invalid type for undef constant"));
        }
        Ok(())
    }

    /// Parses the digits of an integer literal into a `bits`-wide value
    /// (`bits` <= 128), truncated to the width as LLVM does: `i4 29` is -3.
    pub(crate) fn int_literal(&self, s: &str, bits: u32, off: usize) -> PResult<u128> {
        let (neg, digits) = match s.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, s),
        };
        let mut v = 0u128;
        for d in digits.bytes() {
            if !d.is_ascii_digit() {
                return Err(self.error_at(off, "invalid integer constant"));
            }
            // Modulo 2^128, so modulo 2^bits too.
            v = v.wrapping_mul(10).wrapping_add(u128::from(d - b'0'));
        }
        Ok(crate::constant::mask(if neg { v.wrapping_neg() } else { v }, bits))
    }

    pub(crate) fn exact_float(&self, k: FloatKind, v: f64, off: usize) -> PResult<u128> {
        f64_to_float_exact(k, v).ok_or_else(|| self.error_at(off, "floating point constant invalid for type"))
    }

    pub(crate) fn parse_const_list(&mut self, elem: Type, close: Tok) -> PResult<Vec<Const>> {
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

    pub(crate) fn parse_typed_const_list(&mut self, fields: &[Type], close: Tok, off: usize) -> PResult<Vec<Const>> {
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
    pub(crate) fn parse_const_gep(&mut self, ty: Option<Type>) -> PResult<(ConstExpr, Type)> {
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
}

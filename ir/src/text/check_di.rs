//! Reading a specialised debug-info node's fields against the table in
//! `di_fields.rs`: every value is checked as LLVM's reader checks it, then
//! kept as written (the printer writes it back unchanged).

use super::di_fields::{Expect, Field, node_fields};
use super::dwarf_names as names;
use super::lexer::Tok;
use super::parser::{PResult, Parser};
use crate::metadata::MdField;

/// What the reader remembers of a node's fields while reading it.
pub(crate) struct DiFields {
    table: Option<&'static [Field]>,
    seen: u64,
    /// Where the node's name is.
    off: usize,
    distinct: bool,
}

fn listed(list: &[&str], name: &str) -> bool {
    list.binary_search(&name).is_ok()
}

/// Whether `w` is a `DW_OP_*` name LLVM 22 knows.
pub(crate) fn is_operation(w: &str) -> bool {
    listed(names::OPERATIONS, w)
}

/// Whether `w` is a `DW_ATE_*` name LLVM 22 knows.
pub(crate) fn is_attribute_encoding(w: &str) -> bool {
    listed(names::ATTRIBUTE_ENCODINGS, w)
}

/// The value of an unsigned decimal or `u0x` literal; `Err(())` if it is
/// too large for 64 bits, `None` if the token is no unsigned literal.
fn unsigned_value(t: &Tok) -> Option<Result<u64, ()>> {
    match t {
        Tok::Int(s) if !s.starts_with('-') => Some(s.parse::<u64>().map_err(|_| ())),
        Tok::HexInt(false, h) => Some(
            u64::from_str_radix(h.trim_start_matches('0'), 16)
                .or_else(|_| if h.bytes().all(|c| c == b'0') { Ok(0) } else { Err(()) }),
        ),
        _ => None,
    }
}

/// The value of any integer literal, as far as `i128` reaches (a value
/// beyond is reported as the nearest bound).
fn signed_value(t: &Tok) -> Option<i128> {
    match t {
        Tok::Int(s) => Some(s.parse::<i128>().unwrap_or(if s.starts_with('-') { i128::MIN } else { i128::MAX })),
        Tok::HexInt(signed, h) => {
            let h = h.trim_start_matches('0');
            if h.len() > 16 {
                return Some(i128::MAX);
            }
            let v = u64::from_str_radix(if h.is_empty() { "0" } else { h }, 16).ok()?;
            // `s0x` literals are two's complement in as many bits as written.
            let bits = (h.len() * 4) as u32;
            if *signed && bits > 0 && bits <= 64 && v >> (bits - 1) & 1 == 1 {
                Some(v as i128 - (1i128 << bits))
            } else {
                Some(v as i128)
            }
        }
        _ => None,
    }
}

/// Whether `t` can start a type (and so a typed metadata value).
fn starts_type(t: &Tok) -> bool {
    match t {
        Tok::IntType(_) | Tok::LocalName(_) | Tok::LocalId(_) | Tok::LBrace | Tok::Less | Tok::LSquare => true,
        Tok::Word(w) => matches!(
            *w,
            "void"
                | "half"
                | "bfloat"
                | "float"
                | "double"
                | "fp128"
                | "x86_fp80"
                | "ppc_fp128"
                | "label"
                | "token"
                | "metadata"
                | "x86_amx"
                | "ptr"
                | "target"
                | "opaque"
                | "x86_mmx"
        ),
        _ => false,
    }
}

impl<'a> Parser<'a> {
    /// Checks before the fields of node `name` (at `off`, `distinct` or
    /// not) are read.
    pub(crate) fn di_node_start(&self, name: &str, off: usize, distinct: bool) -> PResult<DiFields> {
        if !distinct {
            match name {
                "DICompileUnit" => return Err(self.error_at(off, "missing 'distinct', required for !DICompileUnit")),
                "DIAssignID" => return Err(self.error_at(off, "missing 'distinct', required for !DIAssignID()")),
                _ => {}
            }
        }
        Ok(DiFields { table: node_fields(name), seen: 0, off, distinct })
    }

    /// Reads the value of field `key` (its label at `key_off`; the cursor
    /// is on the value), checking it against the table.
    pub(crate) fn parse_di_field(
        &mut self,
        st: &mut DiFields,
        node: &str,
        key: &str,
        key_off: usize,
    ) -> PResult<MdField> {
        let Some(table) = st.table else {
            if node == "DIAssignID" {
                return Err(self.error_at(key_off, "expected ')' here"));
            }
            return self.parse_md_field();
        };
        let Some(i) = table.iter().position(|f| f.name == key) else {
            return Err(self.error_at(key_off, format!("invalid field '{key}'")));
        };
        if st.seen & (1 << i) != 0 {
            return Err(self.error_at(key_off, format!("field '{key}' cannot be specified more than once")));
        }
        st.seen |= 1 << i;
        self.check_di_value(key, table[i].kind)
    }

    /// Checks after the closing `)` (at `close`) of node `name`, whose
    /// fields were `fields`; the cursor is on the token after it.
    pub(crate) fn di_node_end(
        &self,
        st: &DiFields,
        name: &str,
        fields: &[(Box<str>, MdField)],
        close: usize,
    ) -> PResult<()> {
        let Some(table) = st.table else { return Ok(()) };
        let (off, distinct, after) = (st.off, st.distinct, self.offset());
        for (i, f) in table.iter().enumerate() {
            if f.required && st.seen & (1 << i) == 0 {
                return Err(self.error_at(close, format!("missing required field '{}'", f.name)));
            }
        }
        let raw = |key: &str| {
            fields.iter().find(|(k, _)| &**k == key).and_then(|(_, v)| match v {
                MdField::Raw(r) => Some(&**r),
                _ => None,
            })
        };
        let has = |key: &str| fields.iter().any(|(k, _)| &**k == key);
        match name {
            "DIFile" if has("checksumkind") != has("checksum") => {
                Err(self.error_at(after, "'checksumkind' and 'checksum' must be provided together"))
            }
            "DIEnumerator" if raw("isUnsigned") == Some("true") && raw("value").is_some_and(|v| v.starts_with('-')) => {
                Err(self.error_at(after, "unsigned enumerator with negative value"))
            }
            "DICompileUnit" => {
                let (lang, lname) = (has("language"), has("sourceLanguageName"));
                if !lang && !lname {
                    Err(self.error_at(
                        off,
                        "missing one of 'language' or 'sourceLanguageName', required for !DICompileUnit",
                    ))
                } else if lang && lname {
                    Err(self
                        .error_at(off, "can only specify one of 'language' and 'sourceLanguageName' on !DICompileUnit"))
                } else if has("sourceLanguageVersion") && !lname {
                    Err(self.error_at(
                        off,
                        "'sourceLanguageVersion' requires an associated 'sourceLanguageName' on !DICompileUnit",
                    ))
                } else {
                    Ok(())
                }
            }
            "DISubprogram" if !distinct => {
                // An explicit `spFlags` decides; otherwise `isDefinition`
                // (true unless written false).
                let definition = match raw("spFlags") {
                    Some(flags) => flags
                        .split('|')
                        .map(str::trim)
                        .any(|f| f == "DISPFlagDefinition" || f.parse::<u32>().is_ok_and(|n| n & 8 != 0)),
                    None => raw("isDefinition") != Some("false"),
                };
                if definition {
                    Err(self.error_at(off, "missing 'distinct', required for !DISubprogram that is a Definition"))
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    /// Checks and reads one value of kind `kind` for field `key`.
    fn check_di_value(&mut self, key: &str, kind: Expect) -> PResult<MdField> {
        let start = self.offset();
        match kind {
            Expect::Md | Expect::MdNonNull => return self.check_di_metadata(key, kind == Expect::Md),
            Expect::SignedOrMd(_) | Expect::UnsignedOrMd(_)
                if !matches!(self.peek(), Tok::Int(_) | Tok::HexInt(..)) =>
            {
                return self.check_di_metadata(key, true);
            }
            Expect::Str | Expect::StrNonEmpty => {
                return match self.peek() {
                    Tok::Str(s) if s.is_empty() && kind == Expect::StrNonEmpty => {
                        Err(self.error_at(start, format!("'{key}' cannot be empty")))
                    }
                    Tok::Str(_) => self.parse_md_field(),
                    _ => self.err("expected string constant"),
                };
            }
            Expect::MdList => {
                if !matches!(self.peek(), Tok::LBrace) {
                    return self.err("expected '{' here");
                }
                return self.parse_md_field();
            }
            Expect::Bool => {
                if !matches!(self.peek(), Tok::Word("true" | "false")) {
                    return self.err("expected 'true' or 'false'");
                }
                self.bump();
            }
            Expect::Unsigned(max) | Expect::UnsignedOrMd(max) => self.check_di_unsigned(key, max)?,
            Expect::Signed(min, max) => self.check_di_signed(key, min, max)?,
            Expect::SignedOrMd(min) => self.check_di_signed(key, min, i64::MAX)?,
            Expect::Int => {
                if signed_value(self.peek()).is_none() {
                    return self.err("expected integer");
                }
                self.bump();
            }
            Expect::Tag => self.check_di_name(key, "DW_TAG_", names::TAGS, 0xffff, "DWARF tag")?,
            Expect::AttEncoding => {
                self.check_di_name(key, "DW_ATE_", names::ATTRIBUTE_ENCODINGS, 0xff, "DWARF type attribute encoding")?
            }
            Expect::Lang => self.check_di_name(key, "DW_LANG_", names::LANGUAGES, 0xffff, "DWARF language")?,
            Expect::SourceLangName => self.check_di_name(
                key,
                "DW_LNAME_",
                names::LANGUAGE_NAMES,
                u32::MAX as u64,
                "DWARF source language name",
            )?,
            Expect::Virtuality => {
                self.check_di_name(key, "DW_VIRTUALITY_", names::VIRTUALITIES, 2, "DWARF virtuality code")?
            }
            Expect::CallingConv => {
                self.check_di_name(key, "DW_CC_", names::CALLING_CONVENTIONS, 0xff, "DWARF calling convention")?
            }
            Expect::Macinfo => {
                self.check_di_name(key, "DW_MACINFO_", names::MACINFO_TYPES, 0xff, "DWARF macinfo type")?
            }
            Expect::EnumKind => {
                self.check_di_name(key, "DW_APPLE_ENUM_KIND_", names::ENUM_KINDS, 1, "DWARF enum kind code")?
            }
            Expect::EmissionKind => self.check_di_keyword(
                key,
                &["DebugDirectivesOnly", "FullDebug", "LineTablesOnly", "NoDebug"],
                3,
                "emission kind",
            )?,
            Expect::NameTableKind => {
                self.check_di_keyword(key, &["Apple", "Default", "GNU", "None"], 3, "nameTable kind")?
            }
            Expect::FixedPointKind => {
                self.check_di_keyword(key, &["Binary", "Decimal", "Rational"], 2, "fixed-point kind")?
            }
            Expect::ChecksumKind => match self.peek() {
                Tok::Word(w) if listed(names::CHECKSUM_KINDS, w) => {
                    self.bump();
                }
                Tok::Word(w) if w.starts_with("CSK_") => return self.err(format!("invalid checksum kind '{w}'")),
                _ => return self.err(format!("invalid checksum kind '{key}'")),
            },
            Expect::Flags => self.check_di_flags("DIFlag", names::DI_FLAGS, "invalid debug info flag")?,
            Expect::SpFlags => {
                self.check_di_flags("DISPFlag", names::SP_FLAGS, "invalid subprogram debug info flag")?
            }
        }
        // The value was one token or a `|` list; it ends the field.
        if !matches!(self.peek(), Tok::Comma | Tok::RParen) {
            return self.err("expected ')' here");
        }
        let end = self.offset();
        Ok(MdField::Raw(self.src[start..end].trim().into()))
    }

    /// A metadata operand: what LLVM's reader takes for a metadata field.
    fn check_di_metadata(&mut self, key: &str, allow_null: bool) -> PResult<MdField> {
        match self.peek() {
            Tok::Word("null") if !allow_null => self.err(format!("'{key}' cannot be null")),
            Tok::Word("null") | Tok::Exclaim | Tok::MetadataName(_) => self.parse_md_field(),
            t if starts_type(t) => {
                // A typed value (`i32 7`): read as a constant, kept as written.
                let start = self.offset();
                let ty = self.parse_type()?;
                if ty == crate::types::Type::METADATA {
                    return Err(self.error_at(start, "invalid metadata-value-metadata roundtrip"));
                }
                self.parse_const(ty)?;
                if !matches!(self.peek(), Tok::Comma | Tok::RParen) {
                    return self.err("expected ')' here");
                }
                let end = self.offset();
                Ok(MdField::Raw(self.src[start..end].trim().into()))
            }
            _ => self.err("expected metadata operand"),
        }
    }

    fn check_di_unsigned(&mut self, key: &str, max: u64) -> PResult<()> {
        match unsigned_value(self.peek()) {
            Some(Ok(v)) if v <= max => {
                self.bump();
                Ok(())
            }
            Some(_) => self.err(format!("value for '{key}' too large, limit is {max}")),
            None => self.err("expected unsigned integer"),
        }
    }

    fn check_di_signed(&mut self, key: &str, min: i64, max: i64) -> PResult<()> {
        match signed_value(self.peek()) {
            Some(v) if v < min as i128 => self.err(format!("value for '{key}' too small, limit is {min}")),
            Some(v) if v > max as i128 => self.err(format!("value for '{key}' too large, limit is {max}")),
            Some(_) => {
                self.bump();
                Ok(())
            }
            None => self.err("expected signed integer"),
        }
    }

    /// A DWARF name with `prefix` from `list`, or a number up to `max`.
    fn check_di_name(&mut self, key: &str, prefix: &str, list: &[&str], max: u64, what: &str) -> PResult<()> {
        match self.peek() {
            Tok::Int(_) | Tok::HexInt(..) => self.check_di_unsigned(key, max),
            Tok::Word(w) if w.starts_with(prefix) => {
                if !listed(list, w) {
                    return self.err(format!("invalid {what} '{w}'"));
                }
                self.bump();
                Ok(())
            }
            _ => self.err(format!("expected {what}")),
        }
    }

    /// One of the keywords `words`, or a number up to `max`.
    fn check_di_keyword(&mut self, key: &str, words: &[&str], max: u64, what: &str) -> PResult<()> {
        match self.peek() {
            Tok::Int(_) | Tok::HexInt(..) => self.check_di_unsigned(key, max),
            Tok::Word(w) if words.contains(w) => {
                self.bump();
                Ok(())
            }
            _ => self.err(format!("expected {what}")),
        }
    }

    /// Flags with `prefix` from `list` and 32-bit numbers, joined by `|`.
    fn check_di_flags(&mut self, prefix: &str, list: &[&str], invalid: &str) -> PResult<()> {
        loop {
            match self.peek() {
                t @ (Tok::Int(_) | Tok::HexInt(false, _)) if unsigned_value(t).is_some() => {
                    if !unsigned_value(t).is_some_and(|v| v.is_ok_and(|v| v <= u32::MAX as u64)) {
                        return self.err("expected 32-bit integer (too large)");
                    }
                }
                Tok::Word(w) if w.starts_with(prefix) => {
                    if !listed(list, w) {
                        return self.err(format!("{invalid} '{w}'"));
                    }
                }
                _ => return self.err("expected debug info flag"),
            }
            self.bump();
            if !self.eat(&Tok::Bar) {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_lists_are_sorted() {
        for list in [
            names::TAGS,
            names::ATTRIBUTE_ENCODINGS,
            names::LANGUAGES,
            names::LANGUAGE_NAMES,
            names::VIRTUALITIES,
            names::CALLING_CONVENTIONS,
            names::MACINFO_TYPES,
            names::OPERATIONS,
            names::DI_FLAGS,
            names::SP_FLAGS,
            names::CHECKSUM_KINDS,
            names::ENUM_KINDS,
        ] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
        }
    }

    #[test]
    fn literals() {
        assert_eq!(unsigned_value(&Tok::Int("18446744073709551615")), Some(Ok(u64::MAX)));
        assert_eq!(unsigned_value(&Tok::Int("18446744073709551616")), Some(Err(())));
        assert_eq!(unsigned_value(&Tok::Int("-1")), None);
        assert_eq!(signed_value(&Tok::HexInt(true, "FF")), Some(-1));
        assert_eq!(signed_value(&Tok::HexInt(false, "FF")), Some(255));
    }
}

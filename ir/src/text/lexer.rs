//! The `.ll` lexer: turns source bytes into tokens with byte offsets.
//!
//! It follows LLVM's LLLexer where the difference is visible: `name:` is a
//! label, `!name` is a metadata name but `!12` is `!` followed by `12`,
//! `c"..."` is a byte string, `iN` is an integer type, and floating-point
//! constants may be decimal or one of the hexadecimal forms (`0x`, `0xK`,
//! `0xL`, `0xM`, `0xH`, `0xR`).

use std::borrow::Cow;

/// A token. Payloads borrow from the source unless escapes had to be resolved.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// End of input.
    Eof,
    /// A lexing error (details are kept by the lexer).
    Error,
    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `*`
    Star,
    /// `!`
    Exclaim,
    /// `|`
    Bar,
    /// `:`
    Colon,
    /// `...`
    DotDotDot,
    /// A bare word: keyword or enumerator (`define`, `nuw`, `DW_TAG_x`).
    Word(&'a str),
    /// `iN`
    IntType(u32),
    /// `%name`
    LocalName(Cow<'a, str>),
    /// `%N`
    LocalId(u32),
    /// `@name`
    GlobalName(Cow<'a, str>),
    /// `@N`
    GlobalId(u32),
    /// `!name`
    MetadataName(Cow<'a, str>),
    /// `#N`
    AttrGroup(u32),
    /// `#dbg_KIND`: the kind (`value`, `declare`, ...).
    DbgRecord(&'a str),
    /// `$name`
    ComdatName(Cow<'a, str>),
    /// `name:` or `"name":`
    Label(Cow<'a, str>),
    /// `N:`
    LabelId(u32),
    /// `"..."`, unescaped.
    Str(Cow<'a, [u8]>),
    /// `c"..."`, unescaped.
    CStr(Cow<'a, [u8]>),
    /// An integer literal, as written (optional `-`, decimal digits).
    Int(&'a str),
    /// `u0x...`/`s0x...` integer literal: (signed, hex digits).
    HexInt(bool, &'a str),
    /// A decimal float literal as written.
    Float(&'a str),
    /// A hexadecimal float: (kind letter or ' ' for plain `0x`, hex digits).
    HexFloat(char, &'a str),
}

/// A token and where it starts.
#[derive(Clone, Debug)]
pub struct Token<'a> {
    /// The token.
    pub tok: Tok<'a>,
    /// Byte offset of its first character.
    pub offset: usize,
}

/// A lexing error: message and offset.
#[derive(Clone, Debug)]
pub struct LexError {
    /// Message.
    pub message: String,
    /// Byte offset.
    pub offset: usize,
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

/// A streaming lexer over a source string.
pub struct Lexer<'a> {
    src: &'a str,
    i: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        Lexer { src, i: 0 }
    }

    /// The next token (`Eof` at the end, repeatedly).
    ///
    /// Inlined into the parser's one caller: returned through memory, the
    /// token was written in pieces and read back whole, which stalled every
    /// token (a tenth of reading a large module).
    #[inline(always)]
    pub fn next_token(&mut self) -> Result<Token<'a>, LexError> {
        let (tok, start, next) = self.lex_one()?;
        self.i = next;
        Ok(Token { tok, offset: start })
    }

    #[inline(always)]
    fn lex_one(&self) -> Result<(Tok<'a>, usize, usize), LexError> {
        let src = self.src;
        let b = src.as_bytes();
        let n = b.len();
        let mut i = self.i;
        let err = |offset: usize, m: &str| LexError { message: m.to_owned(), offset };
        // Whitespace and comments.
        loop {
            while i < n && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
                i += 1;
            }
            if i < n && b[i] == b';' {
                while i < n && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            break;
        }
        let start = i;
        if i >= n {
            return Ok((Tok::Eof, n, n));
        }
        let c = b[i];
        let single = match c {
            b'=' => Some(Tok::Equal),
            b',' => Some(Tok::Comma),
            b'(' => Some(Tok::LParen),
            b')' => Some(Tok::RParen),
            b'[' => Some(Tok::LSquare),
            b']' => Some(Tok::RSquare),
            b'{' => Some(Tok::LBrace),
            b'}' => Some(Tok::RBrace),
            b'<' => Some(Tok::Less),
            b'>' => Some(Tok::Greater),
            b'*' => Some(Tok::Star),
            b'|' => Some(Tok::Bar),
            b':' => Some(Tok::Colon),
            _ => None,
        };
        if let Some(t) = single {
            return Ok((t, start, i + 1));
        }
        match c {
            b'.' => {
                if b[i..].starts_with(b"...") {
                    return Ok((Tok::DotDotDot, start, i + 3));
                }
                // A label like `.foo:`.
                let mut j = i;
                while j < n && is_ident_char(b[j]) {
                    j += 1;
                }
                if j < n && b[j] == b':' {
                    return Ok((Tok::Label(Cow::Borrowed(&src[i..j])), start, j + 1));
                }
                return Err(err(start, "invalid token"));
            }
            b'!' => {
                i += 1;
                if i < n && (b[i].is_ascii_alphabetic() || matches!(b[i], b'-' | b'$' | b'.' | b'_' | b'\\')) {
                    let s = i;
                    while i < n && (is_ident_char(b[i]) || b[i] == b'\\') {
                        i += 1;
                    }
                    let name = match unescape(&b[s..i]) {
                        Cow::Borrowed(_) => Cow::Borrowed(&src[s..i]),
                        Cow::Owned(v) => Cow::Owned(String::from_utf8_lossy(&v).into_owned()),
                    };
                    return Ok((Tok::MetadataName(name), start, i));
                }
                return Ok((Tok::Exclaim, start, i));
            }
            b'#' => {
                i += 1;
                let s = i;
                while i < n && b[i].is_ascii_digit() {
                    i += 1;
                }
                if s == i {
                    if b[i..].starts_with(b"dbg_") {
                        while i < n && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                            i += 1;
                        }
                        return Ok((Tok::DbgRecord(&src[s + 4..i]), start, i));
                    }
                    return Err(err(start, "invalid token"));
                }
                let v = src[s..i].parse::<u32>().map_err(|_| err(start, "attribute group id too large"))?;
                return Ok((Tok::AttrGroup(v), start, i));
            }
            b'%' | b'@' | b'$' => {
                i += 1;
                let tok = if i < n && b[i] == b'"' {
                    let (bytes, next) = lex_string(b, i).ok_or_else(|| err(start, "end of file in string constant"))?;
                    i = next;
                    if bytes.contains(&0) {
                        return Err(err(start, "NUL character is not allowed in names"));
                    }
                    let s: Cow<'a, str> = match bytes {
                        Cow::Borrowed(v) => {
                            Cow::Borrowed(std::str::from_utf8(v).map_err(|_| err(start, "names must be valid UTF-8"))?)
                        }
                        Cow::Owned(v) => {
                            Cow::Owned(String::from_utf8(v).map_err(|_| err(start, "names must be valid UTF-8"))?)
                        }
                    };
                    match c {
                        b'%' => Tok::LocalName(s),
                        b'@' => Tok::GlobalName(s),
                        _ => Tok::ComdatName(s),
                    }
                } else if i < n && b[i].is_ascii_digit() && c != b'$' {
                    let s = i;
                    while i < n && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    let v = src[s..i].parse::<u32>().map_err(|_| err(start, "value number too large"))?;
                    if c == b'%' { Tok::LocalId(v) } else { Tok::GlobalId(v) }
                } else if i < n && is_ident_char(b[i]) {
                    let s = i;
                    while i < n && is_ident_char(b[i]) {
                        i += 1;
                    }
                    let name = Cow::Borrowed(&src[s..i]);
                    match c {
                        b'%' => Tok::LocalName(name),
                        b'@' => Tok::GlobalName(name),
                        _ => Tok::ComdatName(name),
                    }
                } else {
                    return Err(err(start, "invalid token"));
                };
                return Ok((tok, start, i));
            }
            b'"' => {
                let (bytes, next) = lex_string(b, i).ok_or_else(|| err(start, "end of file in string constant"))?;
                if next < n && b[next] == b':' {
                    let s: Cow<'a, str> = match bytes {
                        Cow::Borrowed(v) => {
                            Cow::Borrowed(std::str::from_utf8(v).map_err(|_| err(start, "labels must be valid UTF-8"))?)
                        }
                        Cow::Owned(v) => {
                            Cow::Owned(String::from_utf8(v).map_err(|_| err(start, "labels must be valid UTF-8"))?)
                        }
                    };
                    return Ok((Tok::Label(s), start, next + 1));
                }
                return Ok((Tok::Str(bytes), start, next));
            }
            _ => {}
        }
        if c == b'c' && i + 1 < n && b[i + 1] == b'"' {
            let (bytes, next) = lex_string(b, i + 1).ok_or_else(|| err(start, "end of file in string constant"))?;
            return Ok((Tok::CStr(bytes), start, next));
        }
        if (c == b'u' || c == b's') && b[i..].starts_with(if c == b'u' { b"u0x" } else { b"s0x" }) {
            let s = i + 3;
            let mut j = s;
            while j < n && b[j].is_ascii_hexdigit() {
                j += 1;
            }
            if j > s {
                return Ok((Tok::HexInt(c == b's', &src[s..j]), start, j));
            }
        }
        if c.is_ascii_digit() || c == b'-' || c == b'+' {
            // Hex float: 0x, 0xK, 0xL, 0xM, 0xH, 0xR.
            if c == b'0' && i + 1 < n && b[i + 1] == b'x' {
                let mut j = i + 2;
                let kind = if j < n && matches!(b[j], b'K' | b'L' | b'M' | b'H' | b'R') {
                    j += 1;
                    b[j - 1] as char
                } else {
                    ' '
                };
                let s = j;
                while j < n && b[j].is_ascii_hexdigit() {
                    j += 1;
                }
                if j == s {
                    return Err(err(start, "invalid hexadecimal floating-point constant"));
                }
                return Ok((Tok::HexFloat(kind, &src[s..j]), start, j));
            }
            let mut j = i;
            if c == b'-' || c == b'+' {
                j += 1;
                if j >= n || !b[j].is_ascii_digit() {
                    // `-foo:` labels are legal identifiers.
                    let mut k = i;
                    while k < n && is_ident_char(b[k]) {
                        k += 1;
                    }
                    if k < n && b[k] == b':' && k > i {
                        return Ok((Tok::Label(Cow::Borrowed(&src[i..k])), start, k + 1));
                    }
                    return Err(err(start, "invalid token"));
                }
            }
            while j < n && b[j].is_ascii_digit() {
                j += 1;
            }
            // Label `12:` or `12abc:`.
            let mut k = j;
            while k < n && is_ident_char(b[k]) {
                k += 1;
            }
            if k < n && b[k] == b':' && c != b'+' {
                let text = &src[i..k];
                if k == j && c != b'-' {
                    let v = text.parse::<u32>().map_err(|_| err(start, "label number too large"))?;
                    return Ok((Tok::LabelId(v), start, k + 1));
                }
                return Ok((Tok::Label(Cow::Borrowed(text)), start, k + 1));
            }
            if j < n && b[j] == b'.' {
                j += 1;
                while j < n && b[j].is_ascii_digit() {
                    j += 1;
                }
                if j < n && (b[j] == b'e' || b[j] == b'E') {
                    let mut e = j + 1;
                    if e < n && (b[e] == b'-' || b[e] == b'+') {
                        e += 1;
                    }
                    if e < n && b[e].is_ascii_digit() {
                        while e < n && b[e].is_ascii_digit() {
                            e += 1;
                        }
                        j = e;
                    }
                }
                return Ok((Tok::Float(&src[i..j]), start, j));
            }
            if c == b'+' {
                return Err(err(start, "invalid token"));
            }
            return Ok((Tok::Int(&src[i..j]), start, j));
        }
        if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            let mut j = i;
            while j < n && is_ident_char(b[j]) {
                j += 1;
            }
            let word = &src[i..j];
            if j < n && b[j] == b':' {
                return Ok((Tok::Label(Cow::Borrowed(word)), start, j + 1));
            }
            if let Some(rest) = word.strip_prefix('i')
                && !rest.is_empty()
                && rest.bytes().all(|d| d.is_ascii_digit())
            {
                let bits = rest.parse::<u32>().ok().filter(|&b| (1..=crate::types::MAX_INT_BITS).contains(&b));
                let bits = bits.ok_or_else(|| err(start, "bitwidth for integer type out of range"))?;
                return Ok((Tok::IntType(bits), start, j));
            }
            return Ok((Tok::Word(word), start, j));
        }
        Err(err(start, if c >= 0x80 { "invalid character in input" } else { "invalid token" }))
    }
}

/// Tokenizes `src` completely (tests and tools; the parser streams).
pub fn lex(src: &str) -> Result<Vec<Token<'_>>, LexError> {
    let mut l = Lexer::new(src);
    let mut out = Vec::new();
    loop {
        let t = l.next_token()?;
        let eof = t.tok == Tok::Eof;
        out.push(t);
        if eof {
            return Ok(out);
        }
    }
}

/// Lexes a `"..."` starting at the quote; returns the unescaped bytes and the
/// offset after the closing quote.
fn lex_string(b: &[u8], quote: usize) -> Option<(Cow<'_, [u8]>, usize)> {
    let mut i = quote + 1;
    while i < b.len() && b[i] != b'"' {
        i += 1;
    }
    if i >= b.len() {
        return None;
    }
    Some((unescape(&b[quote + 1..i]), i + 1))
}

/// Resolves `\\` and `\XX` escapes (borrowing when there are none).
fn unescape(s: &[u8]) -> Cow<'_, [u8]> {
    if !s.contains(&b'\\') {
        return Cow::Borrowed(s);
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' {
            if i + 1 < s.len() && s[i + 1] == b'\\' {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if i + 2 < s.len() && s[i + 1].is_ascii_hexdigit() && s[i + 2].is_ascii_hexdigit() {
                let h = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                out.push(h(s[i + 1]) * 16 + h(s[i + 2]));
                i += 3;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn basic_tokens() {
        assert_eq!(
            toks("%x = add i32 %0, -1 ; c\nentry: !12 !llvm.loop #3 c\"a\\00\" 1.5e+00 0xK1 \"q\":"),
            vec![
                Tok::LocalName("x".into()),
                Tok::Equal,
                Tok::Word("add"),
                Tok::IntType(32),
                Tok::LocalId(0),
                Tok::Comma,
                Tok::Int("-1"),
                Tok::Label("entry".into()),
                Tok::Exclaim,
                Tok::Int("12"),
                Tok::MetadataName("llvm.loop".into()),
                Tok::AttrGroup(3),
                Tok::CStr(Cow::Owned(b"a\0".to_vec())),
                Tok::Float("1.5e+00"),
                Tok::HexFloat('K', "1"),
                Tok::Label("q".into()),
                Tok::Eof
            ]
        );
        assert_eq!(toks("3: ..."), vec![Tok::LabelId(3), Tok::DotDotDot, Tok::Eof]);
        assert_eq!(toks("%\"a b\""), vec![Tok::LocalName("a b".into()), Tok::Eof]);
    }

    #[test]
    fn errors_have_offsets() {
        assert_eq!(lex("  \"abc").unwrap_err().offset, 2);
        assert_eq!(lex("x ^").unwrap_err().offset, 2);
        assert!(lex("i0").is_err());
    }
}

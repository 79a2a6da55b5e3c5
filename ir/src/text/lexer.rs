//! The `.ll` lexer: turns source bytes into tokens with byte offsets.
//!
//! It follows LLVM's LLLexer where the difference is visible: `name:` is a
//! label, `!name` is a metadata name but `!12` is `!` followed by `12`,
//! `c"..."` is a byte string, `iN` is an integer type, and floating-point
//! constants may be decimal or one of the hexadecimal forms (`0x`, `0xK`,
//! `0xL`, `0xM`, `0xH`, `0xR`).

/// A token.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// End of input.
    Eof,
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
    Word(String),
    /// `iN`
    IntType(u32),
    /// `%name`
    LocalName(String),
    /// `%N`
    LocalId(u32),
    /// `@name`
    GlobalName(String),
    /// `@N`
    GlobalId(u32),
    /// `!name`
    MetadataName(String),
    /// `#N`
    AttrGroup(u32),
    /// `$name`
    ComdatName(String),
    /// `name:` or `"name":`
    Label(String),
    /// `N:`
    LabelId(u32),
    /// `"..."`, unescaped.
    Str(Vec<u8>),
    /// `c"..."`, unescaped.
    CStr(Vec<u8>),
    /// An integer literal, as written (optional `-`, decimal digits).
    Int(String),
    /// `u0x...`/`s0x...` integer literal: (signed, hex digits).
    HexInt(bool, String),
    /// A decimal float literal as written.
    Float(String),
    /// A hexadecimal float: (kind letter or ' ' for plain `0x`, hex digits).
    HexFloat(char, String),
}

/// A token and where it starts.
#[derive(Clone, Debug)]
pub struct Token {
    /// The token.
    pub tok: Tok,
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

/// Tokenizes `src` completely.
pub fn lex(src: &str) -> Result<Vec<Token>, LexError> {
    let b = src.as_bytes();
    let mut toks = Vec::with_capacity(src.len() / 4);
    let mut i = 0;
    let n = b.len();
    let err = |offset: usize, m: &str| LexError { message: m.to_owned(), offset };
    while i < n {
        let c = b[i];
        let start = i;
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b';' => {
                while i < n && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'=' | b',' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b'*' | b'|' | b':' => {
                i += 1;
                let t = match c {
                    b'=' => Tok::Equal,
                    b',' => Tok::Comma,
                    b'(' => Tok::LParen,
                    b')' => Tok::RParen,
                    b'[' => Tok::LSquare,
                    b']' => Tok::RSquare,
                    b'{' => Tok::LBrace,
                    b'}' => Tok::RBrace,
                    b'<' => Tok::Less,
                    b'>' => Tok::Greater,
                    b'*' => Tok::Star,
                    b'|' => Tok::Bar,
                    _ => Tok::Colon,
                };
                toks.push(Token { tok: t, offset: start });
                continue;
            }
            b'.' => {
                if b[i..].starts_with(b"...") {
                    i += 3;
                    toks.push(Token { tok: Tok::DotDotDot, offset: start });
                    continue;
                }
                // A label like `.foo:`.
                let mut j = i;
                while j < n && is_ident_char(b[j]) {
                    j += 1;
                }
                if j < n && b[j] == b':' {
                    toks.push(Token { tok: Tok::Label(src[i..j].to_owned()), offset: start });
                    i = j + 1;
                    continue;
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
                    let name = unescape(&b[s..i]);
                    toks.push(Token {
                        tok: Tok::MetadataName(String::from_utf8_lossy(&name).into_owned()),
                        offset: start,
                    });
                } else {
                    toks.push(Token { tok: Tok::Exclaim, offset: start });
                }
                continue;
            }
            b'#' => {
                i += 1;
                let s = i;
                while i < n && b[i].is_ascii_digit() {
                    i += 1;
                }
                if s == i {
                    return Err(err(start, "invalid token"));
                }
                let v = src[s..i].parse::<u32>().map_err(|_| err(start, "attribute group id too large"))?;
                toks.push(Token { tok: Tok::AttrGroup(v), offset: start });
                continue;
            }
            b'%' | b'@' | b'$' => {
                i += 1;
                let tok = if i < n && b[i] == b'"' {
                    let (bytes, next) = lex_string(b, i).ok_or_else(|| err(start, "end of file in string constant"))?;
                    i = next;
                    if bytes.contains(&0) {
                        return Err(err(start, "NUL character is not allowed in names"));
                    }
                    let s = String::from_utf8(bytes).map_err(|_| err(start, "names must be valid UTF-8"))?;
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
                } else if i < n && (is_ident_char(b[i])) {
                    let s = i;
                    while i < n && is_ident_char(b[i]) {
                        i += 1;
                    }
                    let name = src[s..i].to_owned();
                    match c {
                        b'%' => Tok::LocalName(name),
                        b'@' => Tok::GlobalName(name),
                        _ => Tok::ComdatName(name),
                    }
                } else {
                    return Err(err(start, "invalid token"));
                };
                toks.push(Token { tok, offset: start });
                continue;
            }
            b'"' => {
                let (bytes, next) = lex_string(b, i).ok_or_else(|| err(start, "end of file in string constant"))?;
                i = next;
                if i < n && b[i] == b':' {
                    i += 1;
                    let s = String::from_utf8(bytes).map_err(|_| err(start, "labels must be valid UTF-8"))?;
                    toks.push(Token { tok: Tok::Label(s), offset: start });
                } else {
                    toks.push(Token { tok: Tok::Str(bytes), offset: start });
                }
                continue;
            }
            _ => {}
        }
        if c == b'c' && i + 1 < n && b[i + 1] == b'"' {
            let (bytes, next) = lex_string(b, i + 1).ok_or_else(|| err(start, "end of file in string constant"))?;
            i = next;
            toks.push(Token { tok: Tok::CStr(bytes), offset: start });
            continue;
        }
        if (c == b'u' || c == b's') && b[i..].starts_with(if c == b'u' { b"u0x" } else { b"s0x" }) {
            let s = i + 3;
            let mut j = s;
            while j < n && b[j].is_ascii_hexdigit() {
                j += 1;
            }
            if j > s {
                toks.push(Token { tok: Tok::HexInt(c == b's', src[s..j].to_owned()), offset: start });
                i = j;
                continue;
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
                toks.push(Token { tok: Tok::HexFloat(kind, src[s..j].to_owned()), offset: start });
                i = j;
                continue;
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
                        toks.push(Token { tok: Tok::Label(src[i..k].to_owned()), offset: start });
                        i = k + 1;
                        continue;
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
                    toks.push(Token { tok: Tok::LabelId(v), offset: start });
                } else {
                    toks.push(Token { tok: Tok::Label(text.to_owned()), offset: start });
                }
                i = k + 1;
                continue;
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
                toks.push(Token { tok: Tok::Float(src[i..j].to_owned()), offset: start });
                i = j;
                continue;
            }
            if c == b'+' {
                return Err(err(start, "invalid token"));
            }
            toks.push(Token { tok: Tok::Int(src[i..j].to_owned()), offset: start });
            i = j;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            let mut j = i;
            while j < n && is_ident_char(b[j]) {
                j += 1;
            }
            let word = &src[i..j];
            if j < n && b[j] == b':' {
                toks.push(Token { tok: Tok::Label(word.to_owned()), offset: start });
                i = j + 1;
                continue;
            }
            if let Some(rest) = word.strip_prefix('i')
                && !rest.is_empty()
                && rest.bytes().all(|d| d.is_ascii_digit())
            {
                let bits = rest.parse::<u32>().ok().filter(|&b| (1..=crate::types::MAX_INT_BITS).contains(&b));
                let bits = bits.ok_or_else(|| err(start, "bitwidth for integer type out of range"))?;
                toks.push(Token { tok: Tok::IntType(bits), offset: start });
                i = j;
                continue;
            }
            toks.push(Token { tok: Tok::Word(word.to_owned()), offset: start });
            i = j;
            continue;
        }
        return Err(err(start, if c >= 0x80 { "invalid character in input" } else { "invalid token" }));
    }
    toks.push(Token { tok: Tok::Eof, offset: n });
    Ok(toks)
}

/// Lexes a `"..."` starting at the quote; returns the unescaped bytes and the
/// offset after the closing quote.
fn lex_string(b: &[u8], quote: usize) -> Option<(Vec<u8>, usize)> {
    let mut i = quote + 1;
    while i < b.len() && b[i] != b'"' {
        i += 1;
    }
    if i >= b.len() {
        return None;
    }
    Some((unescape(&b[quote + 1..i]), i + 1))
}

/// Resolves `\\` and `\XX` escapes.
fn unescape(s: &[u8]) -> Vec<u8> {
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn basic_tokens() {
        assert_eq!(
            toks("%x = add i32 %0, -1 ; c\nentry: !12 !llvm.loop #3 c\"a\\00\" 1.5e+00 0xK1 \"q\":"),
            vec![
                Tok::LocalName("x".into()),
                Tok::Equal,
                Tok::Word("add".into()),
                Tok::IntType(32),
                Tok::LocalId(0),
                Tok::Comma,
                Tok::Int("-1".into()),
                Tok::Label("entry".into()),
                Tok::Exclaim,
                Tok::Int("12".into()),
                Tok::MetadataName("llvm.loop".into()),
                Tok::AttrGroup(3),
                Tok::CStr(b"a\0".to_vec()),
                Tok::Float("1.5e+00".into()),
                Tok::HexFloat('K', "1".into()),
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

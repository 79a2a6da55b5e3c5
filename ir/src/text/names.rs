//! Spelling of identifiers and strings in the `.ll` syntax.

use std::fmt::{self, Write};

/// Whether `name` can be written without quotes after `%`/`@`/`$`, as
/// LLVM writes names: `$` is read bare but always written quoted.
pub fn is_bare_ident(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && !b[0].is_ascii_digit()
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
}

/// Writes `name` bare if possible, else quoted with escapes (without prefix).
/// The internal name of a numbered global or type (a NUL, then digits)
/// is written as its number.
pub fn write_ident(out: &mut impl Write, name: &str) -> fmt::Result {
    if let Some(n) = numbered(name) {
        return out.write_str(n);
    }
    if is_bare_ident(name) { out.write_str(name) } else { write_quoted(out, name.as_bytes()) }
}

/// The number of a numbered (unnamed) global or type, from its internal name.
pub fn numbered(name: &str) -> Option<&str> {
    name.strip_prefix('\0').filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
}

/// Writes `"bytes"` with LLVM's escapes: printable ASCII except `"` and `\`
/// as is, `\` as `\\`, everything else as `\XX` in upper-case hex.
pub fn write_quoted(out: &mut impl Write, bytes: &[u8]) -> fmt::Result {
    out.write_char('"')?;
    write_escaped(out, bytes)?;
    out.write_char('"')
}

/// The body of [`write_quoted`], without the quotes.
pub fn write_escaped(out: &mut impl Write, bytes: &[u8]) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &c in bytes {
        if c == b'\\' {
            // As LLVM 22 prints it (`\5C` reads back the same).
            out.write_str("\\\\")?;
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.write_char(c as char)?;
        } else {
            out.write_char('\\')?;
            out.write_char(HEX[(c >> 4) as usize] as char)?;
            out.write_char(HEX[(c & 15) as usize] as char)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backslash_prints_as_llvm_22_does() {
        let mut s = String::new();
        write_quoted(&mut s, b"C:\\a\x01\"").unwrap();
        assert_eq!(s, r#""C:\\a\01\22""#);
    }

    #[test]
    fn quoting() {
        assert!(is_bare_ident("for.body.i"));
        assert!(!is_bare_ident("1x"));
        assert!(!is_bare_ident("a b"));
        let mut s = String::new();
        write_ident(&mut s, "a b\"").unwrap();
        assert_eq!(s, "\"a b\\22\"");
        let mut s = String::new();
        write_quoted(&mut s, b"abc\0\n").unwrap();
        assert_eq!(s, "\"abc\\00\\0A\"");
    }
}

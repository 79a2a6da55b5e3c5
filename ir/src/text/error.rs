//! Located errors in LLVM's format:
//!
//! ```text
//! file.ll:3:20: error: use of undefined value '%nope'
//!   %a = add i32 %x, %nope
//!                    ^
//! ```

use std::fmt;

/// A position in the source text (1-based line and column).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    /// Byte offset.
    pub offset: usize,
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1 (in bytes, as LLVM counts).
    pub col: u32,
}

/// A parse or IR verification error with its location and source line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The file name as given (`<stdin>` for standard input).
    pub file: String,
    /// Where; `None` for errors about the whole file.
    pub loc: Option<Location>,
    /// The message, without `error: `.
    pub message: String,
    /// The text of the offending line (without its newline).
    pub source_line: Option<String>,
}

impl ParseError {
    /// Builds an error at `offset` of `src`.
    pub fn at(file: &str, src: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(src.len());
        let line_start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
        let line = src[..offset].bytes().filter(|&b| b == b'\n').count() as u32 + 1;
        let col = (offset - line_start) as u32 + 1;
        let text = src[line_start..line_end].trim_end_matches('\r').to_owned();
        ParseError {
            file: file.to_owned(),
            loc: Some(Location { offset, line, col }),
            message: message.into(),
            source_line: Some(text),
        }
    }

    /// An error about the whole file.
    pub fn whole_file(file: &str, message: impl Into<String>) -> Self {
        ParseError { file: file.to_owned(), loc: None, message: message.into(), source_line: None }
    }
}

impl fmt::Display for ParseError {
    /// `file:line:col: error: msg`, the source line and a caret, tabs
    /// expanded to 8-column stops in both lines as LLVM's SourceMgr does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.loc {
            Some(l) => writeln!(f, "{}:{}:{}: error: {}", self.file, l.line, l.col, self.message)?,
            None => return writeln!(f, "{}: error: {}", self.file, self.message),
        }
        if let (Some(line), Some(l)) = (&self.source_line, self.loc) {
            let mut shown = String::new();
            let mut caret = String::new();
            let mut col = 0usize;
            for (i, ch) in line.char_indices() {
                let width = if ch == '\t' { 8 - col % 8 } else { 1 };
                if ch == '\t' {
                    shown.extend(std::iter::repeat_n(' ', width));
                } else {
                    shown.push(ch);
                }
                if i + 1 < l.col as usize {
                    caret.extend(std::iter::repeat_n(' ', width));
                }
                col += width;
            }
            caret.push('^');
            writeln!(f, "{shown}")?;
            writeln!(f, "{caret}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_llvm() {
        let src = "define void @f() {\n  %a = add i32 %x, %nope\n}\n";
        let off = src.find("%nope").unwrap();
        let e = ParseError::at("bad.ll", src, off, "use of undefined value '%nope'");
        assert_eq!(
            e.to_string(),
            "bad.ll:2:20: error: use of undefined value '%nope'\n  %a = add i32 %x, %nope\n                   ^\n"
        );
    }

    #[test]
    fn tabs_expand() {
        let src = "\t%a = foo";
        let e = ParseError::at("t.ll", src, 1, "x");
        assert_eq!(e.to_string(), "t.ll:1:2: error: x\n        %a = foo\n        ^\n");
    }
}

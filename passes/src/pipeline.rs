//! The `-passes=` pipeline grammar, as opt spells it.
//!
//! ```text
//! pipeline := element (',' element)*        (empty is allowed)
//! element  := name ['<' params '>'] ['(' pipeline ')']
//! ```
//!
//! No whitespace is allowed (as in opt, a space becomes part of a name and
//! the name is then unknown). opt's nesting adaptors `module(...)`,
//! `cgscc(...)`, `function(...)`, `function<eager-inv>(...)`, `loop(...)` and
//! `loop-mssa(...)` are accepted; the registry says which names may stand
//! where (`require<A>` and `invalidate<A>` by the level of the analysis).

use std::fmt;

/// One element of a pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// Pass or adaptor name.
    pub name: String,
    /// The text between `<` and `>`, if any.
    pub params: Option<String>,
    /// The nested pipeline of an adaptor.
    pub inner: Option<Vec<Element>>,
}

impl Element {
    /// `name<params>` as written (the registry key for printers like `print<cycles>`).
    pub fn full_name(&self) -> String {
        match &self.params {
            Some(p) => format!("{}<{p}>", self.name),
            None => self.name.clone(),
        }
    }
}

impl fmt::Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full_name())?;
        if let Some(inner) = &self.inner {
            write!(f, "({})", Pipeline(inner.clone()))?;
        }
        Ok(())
    }
}

/// A parsed pipeline.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Pipeline(pub Vec<Element>);

impl fmt::Display for Pipeline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// Parses `text` (the value of `-passes=`).
pub fn parse_pipeline(text: &str) -> Result<Pipeline, String> {
    if text.is_empty() {
        return Ok(Pipeline(Vec::new()));
    }
    let b = text.as_bytes();
    let mut pos = 0;
    let elems = parse_list(b, &mut pos).ok_or_else(|| format!("invalid pipeline '{text}'"))?;
    if pos != b.len() {
        return Err(format!("invalid pipeline '{text}'"));
    }
    Ok(Pipeline(elems))
}

fn parse_list(b: &[u8], pos: &mut usize) -> Option<Vec<Element>> {
    let mut out = Vec::new();
    loop {
        out.push(parse_elem(b, pos)?);
        if *pos < b.len() && b[*pos] == b',' {
            *pos += 1;
            continue;
        }
        return Some(out);
    }
}

fn parse_elem(b: &[u8], pos: &mut usize) -> Option<Element> {
    let start = *pos;
    while *pos < b.len() && !matches!(b[*pos], b',' | b'(' | b')' | b'<' | b'>') {
        *pos += 1;
    }
    let name = String::from_utf8_lossy(&b[start..*pos]).into_owned();
    let mut params = None;
    if *pos < b.len() && b[*pos] == b'<' {
        let mut depth = 0;
        let pstart = *pos + 1;
        loop {
            if *pos >= b.len() {
                return None;
            }
            match b[*pos] {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            *pos += 1;
        }
        params = Some(String::from_utf8_lossy(&b[pstart..*pos]).into_owned());
        *pos += 1;
    }
    let mut inner = None;
    if *pos < b.len() && b[*pos] == b'(' {
        *pos += 1;
        let list = if *pos < b.len() && b[*pos] == b')' { Vec::new() } else { parse_list(b, pos)? };
        if *pos >= b.len() || b[*pos] != b')' {
            return None;
        }
        *pos += 1;
        inner = Some(list);
    }
    if *pos < b.len() && b[*pos] == b'>' {
        return None;
    }
    Some(Element { name, params, inner })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for s in [
            "sink",
            "loop-unroll<O3;runtime>,sink",
            "function(sink,hoist)",
            "cgscc(devirt<4>(inline))",
            "print<cycles>",
            "module(function(sink))",
        ] {
            assert_eq!(parse_pipeline(s).unwrap().to_string(), s);
        }
        assert_eq!(parse_pipeline("").unwrap().0.len(), 0);
        let p = parse_pipeline("verify<cycles>,print<cycles>").unwrap();
        assert_eq!(p.0[0].full_name(), "verify<cycles>");
    }

    #[test]
    fn rejects_unbalanced() {
        assert_eq!(parse_pipeline("function(sink").unwrap_err(), "invalid pipeline 'function(sink'");
        assert!(parse_pipeline("a)").is_err());
        assert!(parse_pipeline("print<cycles").is_err());
        // A trailing comma gives an empty name, which the registry rejects.
        assert_eq!(parse_pipeline("sink,").unwrap().0[1].name, "");
    }
}

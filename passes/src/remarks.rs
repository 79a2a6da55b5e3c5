//! Optimization remarks: what a pass did, refused, or learned.
//!
//! Rendered as `remark: <file>:<function>:<block>: <pass>: <message>` and
//! filtered by pass name like LLVM's `-pass-remarks=RE`,
//! `-pass-remarks-missed=RE` and `-pass-remarks-analysis=RE`.

use regex::Regex;

/// The three remark streams.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RemarkKind {
    /// A transformation was done (`-pass-remarks`).
    Passed,
    /// A transformation was refused or not possible (`-pass-remarks-missed`).
    Missed,
    /// A fact the pass established (`-pass-remarks-analysis`).
    Analysis,
}

/// One remark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remark {
    /// Stream.
    pub kind: RemarkKind,
    /// Pipeline name of the pass.
    pub pass: &'static str,
    /// Function name.
    pub function: String,
    /// Block name (as printed, without `%`), if the remark is about a place.
    pub block: Option<String>,
    /// The message (for refusals it names the rule).
    pub message: String,
}

/// Collected remarks and the filters that decide which are shown.
#[derive(Debug, Default)]
pub struct Remarks {
    file: String,
    passed: Option<Regex>,
    missed: Option<Regex>,
    analysis: Option<Regex>,
    /// Every remark emitted, in emission order (shown or not).
    pub all: Vec<Remark>,
}

impl Remarks {
    /// Remarks for `file` with the given filters (regular expressions on pass names).
    pub fn new(file: &str, passed: Option<Regex>, missed: Option<Regex>, analysis: Option<Regex>) -> Self {
        Remarks { file: file.to_owned(), passed, missed, analysis, all: Vec::new() }
    }

    /// Records a remark.
    pub fn emit(&mut self, r: Remark) {
        tracing::debug!(target: "opt_conv::remarks", pass = r.pass, function = %r.function, "{}", r.message);
        self.all.push(r);
    }

    /// Whether any remark of `pass` would be shown, or remarks are logged
    /// (`RUST_LOG=opt_conv::remarks=debug`): a pass may skip work that only
    /// makes its remarks exact (such as the printer's names) otherwise.
    pub fn wants(&self, pass: &str) -> bool {
        [&self.passed, &self.missed, &self.analysis].iter().any(|f| f.as_ref().is_some_and(|re| re.is_match(pass)))
            || tracing::enabled!(target: "opt_conv::remarks", tracing::Level::DEBUG)
    }

    /// Whether `r` passes the filters.
    pub fn is_shown(&self, r: &Remark) -> bool {
        let f = match r.kind {
            RemarkKind::Passed => &self.passed,
            RemarkKind::Missed => &self.missed,
            RemarkKind::Analysis => &self.analysis,
        };
        f.as_ref().is_some_and(|re| re.is_match(r.pass))
    }

    /// Renders one remark.
    /// `remark: <file>:<function>:<block>: <pass>: <message>`; remarks about
    /// a whole function omit the block field.
    pub fn render(&self, r: &Remark) -> String {
        match &r.block {
            Some(b) => format!("remark: {}:{}:{}: {}: {}", self.file, r.function, b, r.pass, r.message),
            None => format!("remark: {}:{}: {}: {}", self.file, r.function, r.pass, r.message),
        }
    }

    /// The shown remarks, rendered, one per line, in emission order.
    pub fn render_shown(&self) -> String {
        let mut s = String::new();
        for r in &self.all {
            if self.is_shown(r) {
                s.push_str(&self.render(r));
                s.push('\n');
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn remark(kind: RemarkKind, pass: &'static str) -> Remark {
        Remark { kind, pass, function: "f".into(), block: Some("then".into()), message: "did it".into() }
    }

    #[test]
    fn filters_by_stream_and_pass_name() {
        let mut r =
            Remarks::new("k.ll", Some(Regex::new("^sink$").unwrap()), Some(Regex::new("sink|hoist").unwrap()), None);
        r.emit(remark(RemarkKind::Passed, "sink"));
        r.emit(remark(RemarkKind::Passed, "hoist"));
        r.emit(remark(RemarkKind::Missed, "hoist"));
        r.emit(remark(RemarkKind::Analysis, "sink"));
        assert_eq!(r.all.len(), 4, "every remark is recorded");
        assert_eq!(
            r.render_shown(),
            "remark: k.ll:f:then: sink: did it\nremark: k.ll:f:then: hoist: did it\n",
            "passed remarks of sink, missed remarks of hoist; no analysis filter"
        );
    }
}

//! Optimization remarks: what a pass did, refused, or learned.
//!
//! Rendered as `remark: <file>:<function>:<block>: <pass>: <message>` and
//! filtered by pass name like LLVM's `-pass-remarks=RE`,
//! `-pass-remarks-missed=RE` and `-pass-remarks-analysis=RE`.

use opt_conv_ir::text::Slots;
use opt_conv_ir::{Block, Function, Inst};
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

    /// An empty stream with the same file and filters (for one function
    /// run on another thread; its remarks are appended to `all` later).
    pub fn fork(&self) -> Remarks {
        Remarks {
            file: self.file.clone(),
            passed: self.passed.clone(),
            missed: self.missed.clone(),
            analysis: self.analysis.clone(),
            all: Vec::new(),
        }
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

impl Remarks {
    /// Every remark of the passes `filter` matches (all when `None`) as
    /// LLVM's YAML remark records (`-pass-remarks-output`), in emission order.
    /// LLVM names each remark; ours are named by their stream, and the block
    /// a remark is about is its first argument.
    pub fn render_yaml(&self, filter: Option<&Regex>) -> String {
        let mut s = String::new();
        for r in self.all.iter().filter(|r| filter.is_none_or(|re| re.is_match(r.pass))) {
            let (tag, name) = match r.kind {
                RemarkKind::Passed => ("Passed", "Transformed"),
                RemarkKind::Missed => ("Missed", "Refused"),
                RemarkKind::Analysis => ("Analysis", "Analysis"),
            };
            s.push_str(&format!("--- !{tag}\nPass:            {}\nName:            {name}\n", r.pass));
            s.push_str(&format!("Function:        {}\nArgs:\n", yaml_scalar(&r.function)));
            if let Some(b) = &r.block {
                s.push_str(&format!("  - Block:           {}\n", yaml_scalar(b)));
            }
            s.push_str(&format!("  - String:          {}\n...\n", yaml_scalar(&r.message)));
        }
        s
    }

    /// `-stats`: per pass, how many transformations were done and refused,
    /// in LLVM's statistics layout (sorted by pass, then description).
    pub fn render_statistics(&self) -> String {
        let mut counts: std::collections::BTreeMap<(&str, &str), usize> = Default::default();
        for r in &self.all {
            let what = match r.kind {
                RemarkKind::Passed => "Number of transformations done",
                RemarkKind::Missed => "Number of transformations refused",
                RemarkKind::Analysis => "Number of analysis remarks",
            };
            *counts.entry((r.pass, what)).or_default() += 1;
        }
        if counts.is_empty() {
            return String::new();
        }
        let width = counts.values().map(|n| n.to_string().len()).max().unwrap_or(1);
        let rule = "===-------------------------------------------------------------------------===\n";
        let mut s = format!("{rule}{:>54}\n{rule}\n", "... Statistics Collected ...");
        for ((pass, what), n) in counts {
            s.push_str(&format!("{n:>width$} {pass} - {what}\n"));
        }
        s.push('\n');
        s
    }
}

/// A YAML scalar as LLVM writes remark strings: plain when that is
/// unambiguous, else single-quoted with `'` doubled.
fn yaml_scalar(text: &str) -> String {
    let plain = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '$'))
        && !text.starts_with(['-', '.']);
    if plain { text.to_owned() } else { format!("'{}'", text.replace('\'', "''")) }
}

/// `%name` of an instruction's result (numbered as printed when unnamed),
/// or `the <opcode>` when it has none: how remarks name instructions.
pub fn inst_label(f: &Function, i: Inst) -> String {
    let dfg = f.dfg();
    match dfg.inst_result(i) {
        Some(v) => match dfg.value_name(v) {
            Some(n) => format!("%{n}"),
            // Numbering the unnamed is linear in the function: only then.
            None => format!("%{}", Slots::new(f).value(v).unwrap_or("?")),
        },
        None => format!("the {}", dfg.inst(i).opcode_name()),
    }
}

/// `%name` of a block (numbered as printed when unnamed): how remarks name
/// blocks. A remark's location field takes it without the `%`.
pub fn block_label(f: &Function, b: Block) -> String {
    match f.dfg().block_name(b) {
        Some(n) => format!("%{n}"),
        None => format!("%{}", Slots::new(f).block(b)),
    }
}

/// An insertion point in words: `before %x`, `at the start of %then`,
/// `at the end of %entry`.
pub fn point_label(f: &Function, p: opt_conv_legality::InsertPoint) -> String {
    use opt_conv_legality::InsertPoint;
    match p {
        InsertPoint::Before(i) => format!("before {}", inst_label(f, i)),
        InsertPoint::BlockStart(b) => format!("at the start of {}", block_label(f, b)),
        InsertPoint::BlockEnd(b) => format!("at the end of {}", block_label(f, b)),
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
    #[test]
    fn yaml_records_and_statistics() {
        let mut r = Remarks::new("k.ll", None, None, None);
        r.emit(remark(RemarkKind::Passed, "sink"));
        r.emit(Remark { message: "can't: rule 'x'".into(), block: None, ..remark(RemarkKind::Missed, "hoist") });
        let expected = "--- !Passed\nPass:            sink\nName:            Transformed\nFunction:        f\nArgs:\n\
                        \x20 - Block:           then\n  - String:          'did it'\n...\n\
                        --- !Missed\nPass:            hoist\nName:            Refused\nFunction:        f\nArgs:\n\
                        \x20 - String:          'can''t: rule ''x'''\n...\n";
        assert_eq!(r.render_yaml(None), expected);
        assert_eq!(r.render_yaml(Some(&Regex::new("^sink$").unwrap())).matches("--- !").count(), 1);
        let stats = r.render_statistics();
        assert!(stats.contains("... Statistics Collected ...\n"), "{stats}");
        assert!(
            stats.ends_with("1 hoist - Number of transformations refused\n1 sink - Number of transformations done\n\n"),
            "{stats}"
        );
    }
}

//! The pass registry: names, kinds, descriptions, constructors; and building a
//! runnable pipeline from a parsed one (resolving opt's nesting adaptors).

use crate::pass::{FunctionPass, ModulePass, PassKind};
use crate::pipeline::{Element, Pipeline};

/// A constructed pass.
pub enum PassBox {
    /// A function pass.
    Function(Box<dyn FunctionPass>),
    /// A module pass.
    Module(Box<dyn ModulePass>),
}

impl PassBox {
    /// The pass's pipeline name.
    pub fn name(&self) -> &'static str {
        match self {
            PassBox::Function(p) => p.name(),
            PassBox::Module(p) => p.name(),
        }
    }
}

/// One registered pass.
pub struct PassInfo {
    /// Name in `-passes=` (for printers: `print<cycles>`).
    pub name: &'static str,
    /// Level.
    pub kind: PassKind,
    /// Accepted parameters, as `-print-passes` shows them (`<a;b;key=N>`), or "".
    pub params: &'static str,
    /// One-line description for `--list-passes`.
    pub description: &'static str,
    /// Builds the pass from its `<params>` text.
    pub build: fn(Option<&str>) -> Result<PassBox, String>,
}

/// All passes opt-conv knows.
pub fn registry() -> &'static [PassInfo] {
    crate::REGISTRY
}

/// Looks up a pass by full name.
pub fn lookup(name: &str) -> Option<&'static PassInfo> {
    registry().iter().find(|p| p.name == name)
}

/// Sorted list of valid pass names, for error messages.
pub fn valid_names() -> String {
    let mut names: Vec<&str> = registry().iter().map(|p| p.name).collect();
    names.sort_unstable();
    names.join(", ")
}

/// A step of a built pipeline: a module pass, or a group of function passes
/// run together on each function in turn (function-major order, as opt runs
/// a function pass manager).
pub enum Step {
    /// Runs once on the module.
    Module(Box<dyn ModulePass>),
    /// Run in sequence on each defined function.
    Functions(Vec<Box<dyn FunctionPass>>),
}

/// Resolves a parsed pipeline into steps.
pub fn build(p: &Pipeline) -> Result<Vec<Step>, String> {
    Ok(build_with_text(p)?.0)
}

/// Resolves a parsed pipeline into steps, and writes it back as it will
/// run, with every adaptor explicit (`-print-pipeline-passes`):
/// `sink,inline` is `function(sink),inline`.
pub fn build_with_text(p: &Pipeline) -> Result<(Vec<Step>, String), String> {
    let mut steps = Vec::new();
    let mut text: Vec<(PassKind, Vec<String>)> = Vec::new();
    add(&p.0, Level::Top, &mut steps, &mut text)?;
    let parts: Vec<String> = text
        .into_iter()
        .map(|(kind, names)| match kind {
            PassKind::Module => names.join(","),
            PassKind::Function => format!("function({})", names.join(",")),
        })
        .collect();
    Ok((steps, parts.join(",")))
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Level {
    Top,
    Module,
    Cgscc,
    Function,
    Loop,
}

impl Level {
    fn word(self) -> &'static str {
        match self {
            Level::Top | Level::Module => "module",
            Level::Cgscc => "cgscc",
            Level::Function => "function",
            Level::Loop => "loop",
        }
    }
}

fn add(
    elems: &[Element],
    level: Level,
    steps: &mut Vec<Step>,
    text: &mut Vec<(PassKind, Vec<String>)>,
) -> Result<(), String> {
    for e in elems {
        if let Some(inner) = &e.inner {
            let sub = match (e.name.as_str(), e.params.as_deref()) {
                ("module", None) if matches!(level, Level::Top | Level::Module) => Level::Module,
                ("cgscc", None) if matches!(level, Level::Top | Level::Module) => Level::Cgscc,
                ("devirt", Some(_)) if level == Level::Cgscc => Level::Cgscc,
                ("function", None | Some("eager-inv")) if level != Level::Loop && level != Level::Function => {
                    Level::Function
                }
                ("loop" | "loop-mssa", None) if level != Level::Loop => Level::Loop,
                _ => return Err(format!("invalid use of '{}' pass as {} pipeline", e.full_name(), level.word())),
            };
            add(inner, sub, steps, text)?;
            continue;
        }
        let full = e.full_name();
        let info = lookup(&full).or_else(|| lookup(&e.name).filter(|i| !i.params.is_empty()));
        let Some(info) = info else {
            let what = match level {
                Level::Top => "unknown pass name".to_owned(),
                l => format!("unknown {} pass", l.word()),
            };
            return Err(format!("{what} '{full}'\nvalid pass names are: {}", valid_names()));
        };
        // Every pass here is a module or function pass in opt too (opt's
        // loop-unroll is a function pass), so `loop(...)` takes none of them.
        let allowed = matches!(
            (info.kind, level),
            (PassKind::Module, Level::Top | Level::Module | Level::Cgscc)
                | (PassKind::Function, Level::Top | Level::Module | Level::Function)
        );
        if !allowed {
            return Err(format!("unknown {} pass '{full}'\nvalid pass names are: {}", level.word(), valid_names()));
        }
        let params = if info.name == full { None } else { e.params.as_deref() };
        match (info.build)(params)? {
            PassBox::Module(p) => {
                steps.push(Step::Module(p));
                text.push((PassKind::Module, vec![full]));
            }
            PassBox::Function(p) => match (steps.last_mut(), text.last_mut()) {
                (Some(Step::Functions(group)), Some((_, names))) => {
                    group.push(p);
                    names.push(full);
                }
                _ => {
                    steps.push(Step::Functions(vec![p]));
                    text.push((PassKind::Function, vec![full]));
                }
            },
        }
    }
    Ok(())
}

/// Parses `;`-separated pass parameters into flags and `key=value` pairs.
pub fn split_params(params: Option<&str>) -> Vec<(&str, Option<&str>)> {
    params
        .unwrap_or("")
        .split(';')
        .filter(|s| !s.is_empty())
        .map(|s| match s.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (s, None),
        })
        .collect()
}

//! The rules the oracle enforces, each with a stable identifier and the
//! section of `ConvergentOperations.rst` it comes from. `legality/RULES.md`
//! shows an example of what each rule allows and refuses.

use std::fmt;

/// A legality rule. The identifier (`Rule::id`) appears in every refusal,
/// so that a remark can be looked up in `RULES.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A convergent operation may cross a branch only when that branch is
    /// uniform for the threads of its token.
    DivergentBranch,
    /// An anchor may sink into a conditional region only together with all
    /// users of its token.
    PartialAnchorMove,
    /// Anchors may be hoisted, sunk or merged in acyclic control flow, never
    /// into or out of a cycle.
    AnchorCycle,
    /// Operations controlled by the entry token or by a loop heart never
    /// cross a divergent branch.
    EntryOrHeartToken,
    /// Uncontrolled convergent operations keep the `convergent` attribute's
    /// original meaning: their control dependences may not change.
    UncontrolledControlDependence,
    /// No two token intrinsics in one block; no convergent operation before a
    /// loop or entry intrinsic in its block; entry and loop intrinsics stay put.
    TokenPlacement,
    /// A convergent operation may not move into or out of a cycle: that
    /// changes how many dynamic instances it has.
    CycleBoundary,
    /// Convergence regions must stay nested (static rules).
    RegionNesting,
    /// A token's definition must dominate every use of it.
    TokenDominance,
    /// A loop with a heart may not be unrolled with a remainder unless its
    /// trip count is uniform.
    HeartRemainder,
    /// A loop whose token is used outside it (an extended loop) is not unrolled.
    ExtendedLoop,
    /// A loop with uncontrolled convergent operations may not be unrolled
    /// with a remainder.
    UncontrolledRemainder,
    /// Duplicating a convergent operation splits its threads between copies
    /// when the paths into the copies are divergent.
    DuplicateUnderDivergence,
    /// Rewriting control flow upstream of an uncontrolled convergent
    /// operation can change which threads execute it ("flag at a distance").
    UncontrolledDownstream,
    /// A convergent call into a callee that uses the entry intrinsic needs a
    /// `convergencectrl` operand to substitute for it.
    InlineNeedsToken,
    /// Inlining an uncontrolled callee into a controlled call needs tokens
    /// inferred in the inlined copy, which irreducible control flow prevents.
    InlineCannotInfer,
    /// Controlled and uncontrolled convergent operations cannot be mixed in
    /// one function, so a callee using tokens is not inlined into a caller
    /// with uncontrolled convergent operations.
    InlineMixedModes,
    /// A convergent operation may not move across an instruction after
    /// which a thread may stop (a kill, a call that may not return).
    ThreadEnding,
    /// Removing a never-taken edge of an irreducible cycle must leave a
    /// grouping that some cycle hierarchy of the original gives.
    IrreducibleEdge,
}

impl Rule {
    /// Every rule, in documentation order.
    pub const ALL: [Rule; 19] = [
        Rule::DivergentBranch,
        Rule::PartialAnchorMove,
        Rule::AnchorCycle,
        Rule::EntryOrHeartToken,
        Rule::UncontrolledControlDependence,
        Rule::TokenPlacement,
        Rule::CycleBoundary,
        Rule::RegionNesting,
        Rule::TokenDominance,
        Rule::HeartRemainder,
        Rule::ExtendedLoop,
        Rule::UncontrolledRemainder,
        Rule::DuplicateUnderDivergence,
        Rule::UncontrolledDownstream,
        Rule::InlineNeedsToken,
        Rule::InlineCannotInfer,
        Rule::InlineMixedModes,
        Rule::ThreadEnding,
        Rule::IrreducibleEdge,
    ];

    /// The stable identifier used in remarks and in `RULES.md`.
    pub fn id(self) -> &'static str {
        match self {
            Rule::DivergentBranch => "divergent-branch",
            Rule::PartialAnchorMove => "partial-anchor-move",
            Rule::AnchorCycle => "anchor-cycle",
            Rule::EntryOrHeartToken => "entry-or-heart-token",
            Rule::UncontrolledControlDependence => "uncontrolled-control-dependence",
            Rule::TokenPlacement => "token-placement",
            Rule::CycleBoundary => "cycle-boundary",
            Rule::RegionNesting => "region-nesting",
            Rule::TokenDominance => "token-dominance",
            Rule::HeartRemainder => "heart-remainder",
            Rule::ExtendedLoop => "extended-loop",
            Rule::UncontrolledRemainder => "uncontrolled-remainder",
            Rule::DuplicateUnderDivergence => "duplicate-under-divergence",
            Rule::UncontrolledDownstream => "uncontrolled-downstream",
            Rule::InlineNeedsToken => "inline-needs-token",
            Rule::InlineCannotInfer => "inline-cannot-infer",
            Rule::InlineMixedModes => "inline-mixed-modes",
            Rule::ThreadEnding => "thread-ending",
            Rule::IrreducibleEdge => "irreducible-edge",
        }
    }

    /// The section of `ConvergentOperations.rst` the rule comes from.
    pub fn spec_section(self) -> &'static str {
        match self {
            Rule::DivergentBranch | Rule::EntryOrHeartToken => "Hoisting and sinking",
            Rule::PartialAnchorMove | Rule::AnchorCycle => "Hoisting and sinking (anchors)",
            Rule::UncontrolledControlDependence | Rule::UncontrolledDownstream => "Uncontrolled Convergent Operations",
            Rule::TokenPlacement => "Convergence Control Intrinsics",
            Rule::CycleBoundary | Rule::ThreadEnding => "Dynamic Instances and Convergence Tokens",
            Rule::RegionNesting => "Static Rules: Convergence Regions",
            Rule::TokenDominance => "Static Rules",
            Rule::HeartRemainder | Rule::ExtendedLoop | Rule::UncontrolledRemainder => "Loop unrolling examples",
            Rule::DuplicateUnderDivergence => "Unstructured control flow",
            Rule::InlineNeedsToken | Rule::InlineCannotInfer => "llvm.experimental.convergence.entry",
            Rule::InlineMixedModes | Rule::IrreducibleEdge => "Uncontrolled Convergent Operations",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Why the oracle refused: the rule, what it found (naming the instructions
/// and blocks involved), and where the rule comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The rule that forbids the transform.
    pub rule: Rule,
    /// What was found, in terms of the function's names (`%b`, `%then`).
    pub explanation: String,
}

impl Refusal {
    /// A refusal by `rule` explained by `explanation`.
    pub fn new(rule: Rule, explanation: impl Into<String>) -> Refusal {
        Refusal { rule, explanation: explanation.into() }
    }
}

impl fmt::Display for Refusal {
    /// `[rule-id] explanation (ConvergentOperations.rst, "Section")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}] {} (ConvergentOperations.rst, \"{}\")",
            self.rule.id(),
            self.explanation,
            self.rule.spec_section()
        )
    }
}

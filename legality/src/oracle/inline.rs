//! Inlining (`ConvergentOperations.rst`, "llvm.experimental.convergence.entry":
//! "Function inlining substitutes this intrinsic with the token from the
//! operand bundle"; and "Inferring Tokens" for uncontrolled callees).

use super::{Obligation, Oracle, Refusal, Rule, Verdict};
use crate::convergence::{ConvOp, ConvergenceInfo, FunctionConvergence, TokenKind, callee_decl};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::{FuncId, Function, Inst, Module};

/// How the callee's convergence connects to the call site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InlinePlan {
    /// Nothing to connect: the inlined body keeps its own convergence control.
    Plain,
    /// Replace the callee's entry intrinsic with the call site's token
    /// (the definition `token` in the caller).
    SubstituteEntry {
        /// The call site's token definition.
        token: Inst,
    },
    /// The callee's convergent operations are uncontrolled but the call site
    /// is controlled: infer tokens in the inlined copy, rooted at `token`
    /// (the call site's token definition), so that the caller stays
    /// controlled instead of mixing both modes.
    InferTokens {
        /// The call site's token definition.
        token: Inst,
    },
}

impl Oracle<'_> {
    /// The verdict on inlining `callee` when it has no convergent operation
    /// and no token: legal and [`InlinePlan::Plain`] whatever the caller and
    /// the call site, so the caller's analyses are not needed (an inliner
    /// asks this first, and builds the caller's oracle only when it says
    /// `None`). [`Query::Inline`](super::Query::Inline) gives the same answer.
    pub fn inline_without_convergence(m: &Module, callee: &Function) -> Option<Verdict> {
        (ConvergenceInfo::compute(m, callee).mode() == FunctionConvergence::None)
            .then(|| Verdict::Legal(vec![Obligation::Inline(InlinePlan::Plain)]))
    }

    pub(super) fn check_inline(&self, f: &Function, call: Inst) -> Verdict {
        let d = f.dfg().inst(call);
        let Some(decl) = callee_decl(self.m, f, d) else { return Verdict::legal() };
        let Some(fid) = self.m.lookup(&decl.name) else { return Verdict::legal() };
        if self.m.body(fid).is_none() {
            return Verdict::legal();
        }
        let site_token = match self.conv.op(call) {
            ConvOp::Controlled { token } => Some(token),
            _ => None,
        };
        Self::inline_verdict(self.m, self.fid, self.conv.mode(), site_token, fid)
    }

    /// The verdict of [`Query::Inline`](super::Query::Inline) from what it
    /// needs of the caller: its convergence mode and the call site's token
    /// (the definition, if the call is controlled), so that an inliner can
    /// keep those up to date instead of analysing the caller per call site.
    /// `callee` must have a body.
    pub fn inline_verdict(
        m: &Module,
        caller: FuncId,
        caller_mode: FunctionConvergence,
        site_token: Option<Inst>,
        callee: FuncId,
    ) -> Verdict {
        let (Some(decl), Some(callee)) = (m.func(callee), m.body(callee)) else { return Verdict::legal() };
        let cinfo = ConvergenceInfo::compute(m, callee);
        let entry = cinfo.token_defs().iter().copied().find(|&i| cinfo.def_kind(i) == Some(TokenKind::Entry));
        let plan = match (cinfo.mode(), entry, site_token) {
            (_, Some(_), Some(token)) => InlinePlan::SubstituteEntry { token },
            // LLVM's message (InlineFunction.cpp).
            (_, Some(_), None) => {
                return Verdict::Refused(Refusal::new(
                    Rule::InlineNeedsToken,
                    "convergent call needs convergencectrl operand",
                ));
            }
            (FunctionConvergence::Controlled, None, _) if caller_mode == FunctionConvergence::Uncontrolled => {
                return Verdict::Refused(Refusal::new(
                    Rule::InlineMixedModes,
                    format!(
                        "@{} uses convergence tokens but @{} has uncontrolled convergent operations",
                        decl.name,
                        m.func(caller).map(|d| d.name.to_string()).unwrap_or_default()
                    ),
                ));
            }
            (FunctionConvergence::Uncontrolled, None, Some(token)) => {
                let cycles = callee.cycles();
                let irreducible_convergent = cycles.cycles().any(|c| {
                    !cycles.is_reducible(c)
                        && cycles.blocks(c).iter().any(|&b| callee.block_insts(b).any(|i| cinfo.is_convergent(i)))
                });
                if irreducible_convergent {
                    return Verdict::Refused(Refusal::new(
                        Rule::InlineCannotInfer,
                        format!(
                            "@{} has uncontrolled convergent operations in an irreducible cycle; tokens cannot be \
                             inferred for the inlined copy",
                            decl.name
                        ),
                    ));
                }
                InlinePlan::InferTokens { token }
            }
            (FunctionConvergence::Uncontrolled, None, None) if caller_mode == FunctionConvergence::Controlled => {
                return Verdict::Refused(Refusal::new(
                    Rule::InlineMixedModes,
                    format!(
                        "@{} has uncontrolled convergent operations but the caller uses convergence tokens and the \
                         call has no token to root them at",
                        decl.name
                    ),
                ));
            }
            _ => InlinePlan::Plain,
        };
        Verdict::Legal(vec![Obligation::Inline(plan)])
    }
}

//! The convergence-control verifier: the static rules of
//! `ConvergentOperations.rst` as LLVM 22's verifier checks them, with its
//! exact messages (users grep for them), in its order.
//!
//! Two phases, as in LLVM's `GenericConvergenceVerifier`:
//!
//! 1. Per instruction, in layout order: the `convergencectrl` bundle occurs at
//!    most once and holds exactly one token produced by a convergence
//!    intrinsic; `entry` only in a convergent function, in the entry block,
//!    before any convergent operation of its block; no bundle on `entry` or
//!    `anchor`; a bundle on `loop`, which no convergent operation of its block
//!    may precede; no mixing of controlled and uncontrolled convergence. A
//!    failed check ends the checks of that instruction.
//! 2. If the function uses tokens: in reverse post-order, with the stack of
//!    live tokens (a successor inherits the dominating prefix of its first
//!    visited predecessor's stack, intersected with the others'): a token
//!    dominates its uses; regions are well nested (a use closes every region
//!    opened after its token's); a token used in a cycle that lacks its
//!    definition is used there only by a `loop` intrinsic, which is the
//!    header of the outermost such cycle, a reducible one; such a cycle has
//!    at most one heart.
//!
//! As in LLVM 22 (PR #135794), a token on a call that is not `convergent`
//! is allowed, and "convergent operation" in phase 1 means a call with the
//! `convergent` attribute (on the call or its callee).

use super::{TokenKind, has_convergent_attr, intrinsic_kind};
use opt_conv_ir::analysis::{CycleId, CycleInfo, FunctionAnalyses};
use opt_conv_ir::inst::CONVERGENCECTRL;
use opt_conv_ir::text::{ModulePrinter, Slots};
use opt_conv_ir::{Block, FuncId, Function, Inst, Module, SecondaryMap, Type, Value, VerifyError};

#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    None,
    Controlled,
    Uncontrolled,
}

struct Checker<'a> {
    m: &'a Module,
    fid: FuncId,
    f: &'a Function,
    errors: Vec<VerifyError>,
    printer: Option<(ModulePrinter<'a>, Slots)>,
}

impl<'a> Checker<'a> {
    fn printer(&mut self) -> &(ModulePrinter<'a>, Slots) {
        let (m, f) = (self.m, self.f);
        self.printer.get_or_insert_with(|| (ModulePrinter::new(m), Slots::new(f)))
    }

    /// LLVM's `Context.print(V)`: an instruction as printed in the function,
    /// other values as `type %name`.
    fn print_value(&mut self, v: Value) -> String {
        let f = self.f;
        if let Some(i) = f.dfg().value_inst(v) {
            return self.print_inst(i);
        }
        let ty = self.m.types.display(f.dfg().value_type(v));
        let (p, s) = self.printer();
        let mut out = String::new();
        p.write_operand(&mut out, f, s, v);
        format!("{ty} {out}")
    }

    fn print_inst(&mut self, i: Inst) -> String {
        let f = self.f;
        let (p, s) = self.printer();
        format!("  {}", p.inst_to_string(f, s, i))
    }

    fn print_cycle(&mut self, ci: &CycleInfo, c: CycleId) -> String {
        let (_, s) = self.printer();
        ci.describe(c, &|b| s.block_operand(b))
    }

    fn label(&mut self, b: Block) -> String {
        let (_, s) = self.printer();
        format!("label {}", s.block_ref(b))
    }

    fn report(&mut self, at: Inst, message: &str, notes: Vec<String>) {
        let block = self.f.layout().inst_block(at);
        self.errors.push(VerifyError {
            md: None,
            func: Some(self.fid),
            inst: Some(at),
            block,
            message: message.to_owned(),
            notes,
        });
    }
}

/// Verifies the convergence control of function `f`; returns every problem.
pub fn verify_convergence(m: &Module, fid: FuncId) -> Vec<VerifyError> {
    let Some(f) = m.body(fid) else { return Vec::new() };
    let is_convergent_fn = m.func(fid).is_some_and(|d| d.is_convergent());
    let mut cx = Checker { m, fid, f, errors: Vec::new(), printer: None };
    let entry = f.entry_block();
    let dfg = f.dfg();
    // user -> token definition, for phase 2
    let mut tokens: SecondaryMap<Inst, Option<Inst>> = SecondaryMap::new();
    let mut is_intrinsic: SecondaryMap<Inst, bool> = SecondaryMap::new();
    let mut users_in_order: Vec<Inst> = Vec::new();
    let mut kind = Kind::None;

    for b in f.layout().blocks() {
        let mut seen_convergent = false;
        for i in f.block_insts(b) {
            let d = dfg.inst(i);
            if d.call_info().is_none() {
                continue;
            }
            let token = find_and_check_token(&mut cx, i);
            if let Some(t) = token {
                tokens[i] = Some(t);
                users_in_order.push(i);
            }
            let id = intrinsic_kind(m, f, d);
            is_intrinsic[i] = id.is_some();
            let ok = match id {
                Some(TokenKind::Entry) | Some(TokenKind::Anchor) => {
                    let entry_checks = if id == Some(TokenKind::Entry) {
                        if !is_convergent_fn {
                            Err("Entry intrinsic can occur only in a convergent function.")
                        } else if Some(b) != entry {
                            Err("Entry intrinsic can occur only in the entry block.")
                        } else if seen_convergent {
                            Err("Entry intrinsic cannot be preceded by a convergent operation in the same basic block.")
                        } else {
                            Ok(())
                        }
                    } else {
                        Ok(())
                    };
                    entry_checks.and_then(|()| {
                        if token.is_some() {
                            Err("Entry or anchor intrinsic cannot have a convergencectrl token operand.")
                        } else {
                            Ok(())
                        }
                    })
                }
                Some(TokenKind::Loop) => {
                    if token.is_none() {
                        Err("Loop intrinsic must have a convergencectrl token operand.")
                    } else if seen_convergent {
                        Err("Loop intrinsic cannot be preceded by a convergent operation in the same basic block.")
                    } else {
                        Ok(())
                    }
                }
                None => Ok(()),
            };
            if let Err(msg) = ok {
                let note = cx.print_inst(i);
                cx.report(i, msg, vec![note]);
                continue;
            }
            let convergent = has_convergent_attr(m, f, d);
            if convergent {
                seen_convergent = true;
            }
            if token.is_some() || id.is_some() {
                if kind == Kind::Uncontrolled {
                    let note = cx.print_inst(i);
                    cx.report(
                        i,
                        "Cannot mix controlled and uncontrolled convergence in the same function.",
                        vec![note],
                    );
                    continue;
                }
                kind = Kind::Controlled;
            } else if convergent {
                if kind == Kind::Controlled {
                    let note = cx.print_inst(i);
                    cx.report(
                        i,
                        "Cannot mix controlled and uncontrolled convergence in the same function.",
                        vec![note],
                    );
                    continue;
                }
                kind = Kind::Uncontrolled;
            }
        }
    }

    if kind == Kind::Controlled && !users_in_order.is_empty() {
        check_regions_and_cycles(&mut cx, &tokens, &is_intrinsic);
    }
    cx.errors
}

/// LLVM's `findAndCheckConvergenceTokenUsed`.
fn find_and_check_token(cx: &mut Checker<'_>, i: Inst) -> Option<Inst> {
    let f = cx.f;
    let d = f.dfg().inst(i);
    let c = d.call_info()?;
    let count = c.bundles.iter().filter(|b| &*b.tag == CONVERGENCECTRL).count();
    if count > 1 {
        let note = cx.print_inst(i);
        cx.report(i, "The 'convergencectrl' bundle can occur at most once on a call", vec![note]);
        return None;
    }
    let range = c.convergencectrl_range()?;
    if range.len() != 1 || f.dfg().value_type(d.args[range.start]) != Type::TOKEN {
        let note = cx.print_inst(i);
        cx.report(i, "The 'convergencectrl' bundle requires exactly one token use.", vec![note]);
        return None;
    }
    let token = d.args[range.start];
    let def = f.dfg().value_inst(token).filter(|&t| intrinsic_kind(cx.m, f, f.dfg().inst(t)).is_some());
    if def.is_none() {
        let notes = vec![cx.print_value(token), cx.print_inst(i)];
        cx.report(
            i,
            "Convergence control tokens can only be produced by calls to the convergence control intrinsics.",
            notes,
        );
        return None;
    }
    def
}

fn check_regions_and_cycles(
    cx: &mut Checker<'_>,
    tokens: &SecondaryMap<Inst, Option<Inst>>,
    is_intrinsic: &SecondaryMap<Inst, bool>,
) {
    let f = cx.f;
    let cfg = f.cfg();
    let dt = f.domtree();
    let ci = f.cycles();
    let layout = f.layout();
    let mut live_map: SecondaryMap<Block, Option<Vec<Inst>>> = SecondaryMap::new();
    let mut hearts: SecondaryMap<CycleId, Option<Inst>> = SecondaryMap::new();
    let block = |i: Inst| layout.inst_block(i).expect("instruction in layout");
    for &b in cfg.rpo() {
        let mut live: Vec<Inst> = live_map[b].take().unwrap_or_default();
        for i in f.block_insts(b) {
            if let Some(t) = tokens[i] {
                check_token(cx, &dt, &ci, t, i, &mut live, &mut hearts, &block);
            }
            if is_intrinsic[i] {
                live.push(i);
            }
        }
        for &s in cfg.succs(b) {
            match &mut live_map[s] {
                None => {
                    // First predecessor: the tokens that dominate the successor.
                    let inherited: Vec<Inst> =
                        live.iter().copied().take_while(|&t| dt.dominates(block(t), s)).collect();
                    live_map[s] = Some(inherited);
                }
                Some(existing) => existing.retain(|t| live.contains(t)),
            }
        }
    }
}

#[allow(clippy::too_many_arguments, reason = "the state of LLVM's checkToken closure")]
fn check_token(
    cx: &mut Checker<'_>,
    dt: &opt_conv_ir::analysis::DomTree,
    ci: &CycleInfo,
    token: Inst,
    user: Inst,
    live: &mut Vec<Inst>,
    hearts: &mut SecondaryMap<CycleId, Option<Inst>>,
    block: &impl Fn(Inst) -> Block,
) {
    let (db, ub) = (block(token), block(user));
    if !dt.dominates(db, ub) {
        let notes = vec![cx.print_inst(token), cx.print_inst(user)];
        cx.report(user, "Convergence control token must dominate all its uses.", notes);
        return;
    }
    if !live.contains(&token) {
        let notes = vec![cx.print_inst(token), cx.print_inst(user)];
        cx.report(user, "Convergence region is not well-nested.", notes);
        return;
    }
    while live.last() != Some(&token) {
        live.pop();
    }
    let Some(mut c) = ci.cycle_of(ub) else { return };
    if db == ub || ci.contains(c, db) {
        return;
    }
    let is_loop = intrinsic_kind(cx.m, cx.f, cx.f.dfg().inst(user)) == Some(TokenKind::Loop);
    if !is_loop {
        let notes = vec![cx.print_inst(user), cx.print_cycle(ci, c)];
        cx.report(
            user,
            "Convergence token used by an instruction other than llvm.experimental.convergence.loop in a cycle that does not contain the token's definition.",
            notes,
        );
        return;
    }
    while let Some(p) = ci.parent(c) {
        if ci.contains(p, db) {
            break;
        }
        c = p;
    }
    if !(ci.is_reducible(c) && ub == ci.header(c)) {
        let notes = vec![cx.print_inst(user), cx.label(ub), cx.print_cycle(ci, c)];
        cx.report(user, "Cycle heart must dominate all blocks in the cycle.", notes);
        return;
    }
    if let Some(h) = hearts[c] {
        let notes = vec![cx.print_inst(user), cx.print_inst(h), cx.print_cycle(ci, c)];
        cx.report(
            user,
            "Two static convergence token uses in a cycle that does not contain either token's definition.",
            notes,
        );
        return;
    }
    hearts[c] = Some(user);
}

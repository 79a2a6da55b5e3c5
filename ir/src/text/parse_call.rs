//! Parsing calls: callee, arguments with their attributes, metadata
//! arguments, function attributes and operand bundles (`call`, `callbr`).

use super::lexer::Tok;
use super::parse_func::*;
use super::parse_operands::parse_fmf;
use super::parser::{PResult, Parser};
use crate::Value;
use crate::attrs::AttrSet;
use crate::constant::ConstKind;
use crate::dfg::ValueDef;
use crate::inst::*;
use crate::metadata::{MdArg, MdOperand};
use crate::types::Type;

pub(super) struct CallParts {
    pub(super) info: CallInfo,
    pub(super) args: Vec<Value>,
    pub(super) groups: Vec<(u32, usize)>,
    pub(super) ret: Type,
}

pub(super) fn parse_call_common<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, tail: TailKind) -> PResult<CallParts> {
    let fmf = parse_fmf(p);
    let cconv = p.parse_cconv()?;
    let mut ret_attrs = AttrSet::new();
    p.parse_ret_attrs(&mut ret_attrs)?;
    let mut addrspace = if p.is_word("addrspace") {
        p.bump();
        Some(p.parse_addrspace()?)
    } else {
        None
    };
    let toff = p.offset();
    let ret = p.parse_type_or_void()?;
    let explicit_fty = if matches!(p.peek(), Tok::LParen) { Some(p.parse_fn_type_params(ret)?) } else { None };
    let ret = match explicit_fty {
        Some(f) => p.m.types.fn_sig(f).map(|s| s.0).unwrap_or(ret),
        None => ret,
    };
    if !(ret == Type::VOID || p.m.types.is_first_class(ret)) || ret == Type::LABEL {
        return Err(p.error_at(toff, "invalid return type for call"));
    }
    // Callee.
    let coff = p.offset();
    let callee_tok = p.peek().clone();
    let callee_placeholder = matches!(callee_tok, Tok::Word("asm"));
    let mut asm = None;
    let mut callee_global = None;
    let callee = if callee_placeholder {
        p.bump();
        let mut ia = InlineAsm {
            asm: Box::new([]),
            constraints: Box::new([]),
            side_effect: false,
            align_stack: false,
            intel_dialect: false,
            unwind: false,
        };
        loop {
            if p.eat_word("sideeffect") {
                ia.side_effect = true;
            } else if p.eat_word("alignstack") {
                ia.align_stack = true;
            } else if p.eat_word("inteldialect") {
                ia.intel_dialect = true;
            } else if p.eat_word("unwind") {
                ia.unwind = true;
            } else {
                break;
            }
        }
        ia.asm = p.parse_string("asm string")?.into();
        p.expect(Tok::Comma, "',' after inline asm string")?;
        ia.constraints = p.parse_string("asm constraint string")?.into();
        asm = Some(ia);
        None
    } else {
        match &callee_tok {
            Tok::GlobalName(n) => {
                if n.strip_prefix("llvm.dbg.").is_some_and(super::parse_debug::is_dbg_intrinsic_kind) {
                    if p.seen_dbg_record {
                        return Err(p.error_at(
                            toff,
                            "llvm.dbg intrinsic should not appear in a module using non-intrinsic debug info",
                        ));
                    }
                    p.seen_dbg_call = true;
                }
                p.bump();
                let g = p.global_ref(n, coff);
                callee_global = Some(g);
                let c = crate::Const { ty: Type::PTR, kind: ConstKind::Global(g) };
                Some(st.dfg.make_const(c))
            }
            // An indirect callee is a pointer in the call's address space,
            // else the program address space of the data layout.
            _ => {
                let space = addrspace.unwrap_or_else(|| p.program_addrspace());
                addrspace = Some(space).filter(|&a| a != 0);
                let pty = p.m.types.ptr(space);
                Some(parse_value(p, st, pty)?)
            }
        }
    };
    // Arguments.
    p.expect(Tok::LParen, "'(' in call")?;
    let mut args = Vec::new();
    let mut arg_tys = Vec::new();
    let mut param_attrs = Vec::new();
    // A `musttail` call in a function with variable arguments forwards them,
    // written as a final `...`; no other call may have one.
    let forwards = tail == TailKind::MustTail && st.varargs;
    let mut forwarded = false;
    let mut close = p.offset();
    if !p.eat(&Tok::RParen) {
        loop {
            let aoff = p.offset();
            if matches!(p.peek(), Tok::DotDotDot) {
                if tail != TailKind::MustTail {
                    return Err(p.error_at(aoff, "unexpected ellipsis in argument list for non-musttail call"));
                }
                if !st.varargs {
                    return Err(p.error_at(
                        aoff,
                        "unexpected ellipsis in argument list for musttail call in non-varargs function",
                    ));
                }
                p.bump();
                p.expect(Tok::RParen, "')' at end of argument list")?;
                forwarded = true;
                break;
            }
            let ty = p.parse_type()?;
            let mut attrs = AttrSet::new();
            p.parse_param_attrs(&mut attrs)?;
            let v = if ty == Type::METADATA {
                parse_md_arg(p, st)?
            } else {
                if ty == Type::VOID || ty == Type::LABEL {
                    return Err(p.error_at(aoff, "invalid type for function argument"));
                }
                parse_value(p, st, ty)?
            };
            args.push(v);
            arg_tys.push(ty);
            param_attrs.push(attrs);
            close = p.offset();
            if p.eat(&Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma, "',' or ')' in argument list")?;
        }
    }
    if forwards && !forwarded {
        return Err(p.error_at(close, "expected '...' at end of argument list for musttail call in varargs function"));
    }
    let fn_ty = match explicit_fty {
        Some(f) => {
            let (_, params, varargs) = p.m.types.fn_sig(f).expect("function type");
            let ok = if varargs { arg_tys.len() >= params.len() } else { arg_tys.len() == params.len() };
            if !ok || params.iter().zip(&arg_tys).any(|(a, b)| a != b) {
                return Err(p.error_at(coff, "invalid number or types of arguments for call"));
            }
            f
        }
        None => p.m.types.function(ret, arg_tys.clone(), false),
    };
    if let Some(g) = callee_global
        && matches!(p.m.globals[g], crate::Global::Undefined(_))
    {
        p.intrinsic_types.entry(g).or_insert(fn_ty);
    }
    let callee = match (callee, asm) {
        (Some(c), _) => c,
        (None, Some(ia)) => st.dfg.make_value(Type::PTR, ValueDef::Asm(Box::new(ia))),
        (None, None) => unreachable!("callee is either a value or inline asm"),
    };
    // Function attributes and bundles.
    let mut fn_attrs = AttrSet::new();
    let mut groups = Vec::new();
    p.parse_fn_attrs_and_groups(&mut fn_attrs, &mut groups)?;
    let mut bundles = Vec::new();
    let mut bundle_args = Vec::new();
    if matches!(p.peek(), Tok::LSquare) {
        p.bump();
        loop {
            let tag = p.parse_string("operand bundle tag")?;
            p.expect(Tok::LParen, "'(' in operand bundle")?;
            let mut len = 0;
            if !p.eat(&Tok::RParen) {
                loop {
                    let (_t, v) = parse_typed_value(p, st)?;
                    bundle_args.push(v);
                    len += 1;
                    if p.eat(&Tok::RParen) {
                        break;
                    }
                    p.expect(Tok::Comma, "',' or ')' in operand bundle")?;
                }
            }
            bundles.push(Bundle { tag: String::from_utf8_lossy(&tag).into(), len });
            if p.eat(&Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "',' or ']' in operand bundles")?;
        }
    }
    let mut all = Vec::with_capacity(1 + args.len() + bundle_args.len());
    all.push(callee);
    let num_args = args.len() as u32;
    all.extend(args);
    all.extend(bundle_args);
    // The list lives as long as the call: no room for arguments that never come
    // (pushing one set reserves four).
    param_attrs.shrink_to_fit();
    let info = CallInfo { fn_ty, cconv, tail, fmf, ret_attrs, param_attrs, fn_attrs, num_args, bundles, addrspace };
    Ok(CallParts { info, args: all, groups, ret })
}

pub(super) fn parse_md_arg<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<Value> {
    // `metadata !0`, `metadata !"s"`, `metadata !{}`, `metadata i32 %x`.
    let arg = match p.peek() {
        Tok::MetadataName(n) if n == "DIArgList" => MdArg::ArgList(super::parse_debug::parse_arg_list(p, st)?),
        Tok::Exclaim | Tok::MetadataName(_) => MdArg::Md(p.parse_md_operand()?),
        Tok::Word("null" | "distinct") => MdArg::Md(p.parse_md_operand()?),
        _ => {
            let ty = p.parse_type()?;
            match p.peek() {
                Tok::LocalName(_) | Tok::LocalId(_) => MdArg::Local(parse_value(p, st, ty)?),
                _ => MdArg::Md(MdOperand::Const(p.parse_const(ty)?)),
            }
        }
    };
    Ok(st.dfg.make_value(Type::METADATA, ValueDef::Md(Box::new(arg))))
}

pub(super) fn parse_call<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>, tail: TailKind) -> PResult<(InstData, Type)> {
    let c = parse_call_common(p, st, tail)?;
    st.pending_groups = c.groups;
    Ok((InstData::new(InstKind::Call(Box::new(c.info)), &c.args, &[]), c.ret))
}

pub(super) fn parse_callbr<'a>(p: &mut Parser<'a>, st: &mut FnState<'a>) -> PResult<(InstData, Type)> {
    let c = parse_call_common(p, st, TailKind::None)?;
    p.expect_word("to")?;
    let normal = parse_label(p, st)?;
    p.expect(Tok::LSquare, "'[' in callbr")?;
    let mut blocks = vec![normal];
    if !p.eat(&Tok::RSquare) {
        loop {
            blocks.push(parse_label(p, st)?);
            if p.eat(&Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "',' in callbr")?;
        }
    }
    st.pending_groups = c.groups;
    Ok((InstData::new(InstKind::CallBr(Box::new(c.info)), &c.args, &blocks), c.ret))
}

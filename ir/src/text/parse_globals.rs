//! Global variables, aliases and ifuncs, comdats, numbered globals, use-list
//! orders, function headers and calling conventions.

use super::lexer::Tok;
use super::parser::*;
use crate::attrs::AttrSet;
use crate::constant::{Const, ConstExpr, ConstKind};
use crate::inst::{CallConv, CastOp};
use crate::module::{FuncDecl, Global, GlobalAlias, GlobalId, GlobalProps, GlobalVar};
use crate::types::{Type, TypeData};

impl<'a> Parser<'a> {
    pub(crate) fn parse_global_props(&mut self, props: &mut GlobalProps) {
        loop {
            let Tok::Word(w) = self.peek() else { return };
            let w = *w;
            match w {
                "private"
                | "internal"
                | "available_externally"
                | "linkonce"
                | "weak"
                | "common"
                | "appending"
                | "extern_weak"
                | "linkonce_odr"
                | "weak_odr"
                | "external" => props.linkage = Some(w.into()),
                "dso_local" | "dso_preemptable" => props.preemption = Some(w.into()),
                "default" | "hidden" | "protected" => {
                    if w != "default" {
                        props.visibility = Some(w.into())
                    }
                }
                "dllimport" | "dllexport" => props.dll_storage = Some(w.into()),
                "unnamed_addr" | "local_unnamed_addr" => props.unnamed_addr = Some(w.into()),
                "thread_local" => {
                    self.bump();
                    if self.eat(&Tok::LParen) {
                        let mode = match self.bump() {
                            Tok::Word(m) => m.to_owned(),
                            _ => String::new(),
                        };
                        let _ = self.eat(&Tok::RParen);
                        props.thread_local = Some(format!("thread_local({mode})").into());
                    } else {
                        props.thread_local = Some("thread_local".into());
                    }
                    continue;
                }
                _ => return,
            }
            self.bump();
        }
    }

    /// A `dllimport` symbol is not `dso_local` (reported where the
    /// properties end, as LLVM does).
    fn check_dso_location(&self, props: &GlobalProps) -> PResult<()> {
        if props.preemption.as_deref() == Some("dso_local") && props.dll_storage.as_deref() == Some("dllimport") {
            return Err(self.error_at(self.offset(), "dso_location and DLL-StorageClass mismatch"));
        }
        Ok(())
    }

    /// A symbol local to the module has no DLL storage class.
    fn check_local_dll_storage(&self, props: &GlobalProps, at: usize) -> PResult<()> {
        if matches!(props.linkage.as_deref(), Some("private" | "internal")) && props.dll_storage.is_some() {
            return Err(self.error_at(at, "symbol with local linkage cannot have a DLL storage class"));
        }
        Ok(())
    }

    pub(crate) fn parse_global_or_alias(&mut self, name: &str, off: usize) -> PResult<()> {
        let mut props = GlobalProps::default();
        self.parse_global_props(&mut props);
        self.check_dso_location(&props)?;
        self.check_local_dll_storage(&props, off)?;
        if self.is_word("alias") || self.is_word("ifunc") {
            return self.parse_alias(name, off, props);
        }
        if self.is_word("addrspace") {
            self.bump();
            props.addrspace = self.parse_addrspace()?;
        }
        self.parse_global_props(&mut props);
        let externally_initialized = self.eat_word("externally_initialized");
        let is_constant = if self.eat_word("constant") {
            true
        } else if self.eat_word("global") {
            false
        } else {
            return self.err("expected 'global' or 'constant'");
        };
        let toff = self.offset();
        let ty = self.parse_type()?;
        if !self.m.types.is_first_class(ty) && ty != Type::VOID
            || matches!(self.m.types.get(ty), TypeData::Token | TypeData::Label | TypeData::Void | TypeData::Metadata)
        {
            return Err(self.error_at(toff, "invalid type for global variable"));
        }
        let is_decl = matches!(props.linkage.as_deref(), Some("external" | "extern_weak"));
        let init = if is_decl { None } else { Some(self.parse_const(ty)?) };
        let mut var = GlobalVar {
            name: name.into(),
            ty,
            is_constant,
            externally_initialized,
            init,
            props,
            attrs: AttrSet::new(),
            code_model: None,
        };
        let mut groups = Vec::new();
        while self.eat(&Tok::Comma) {
            if self.eat_word("section") {
                var.props.section = Some(self.parse_string("section name")?.into());
            } else if self.eat_word("partition") {
                var.props.partition = Some(self.parse_string("partition name")?.into());
            } else if self.eat_word("align") {
                var.props.align = Some(self.parse_align_value()?);
            } else if self.eat_word("code_model") {
                var.code_model = Some(self.parse_string("code model")?.into());
            } else if self.is_word("comdat") {
                var.props.comdat = Some(self.parse_comdat(name)?);
            } else if let Tok::MetadataName(kind) = self.peek().clone() {
                self.bump();
                let md = self.parse_md_node_ref()?;
                var.props.metadata.push((kind.into(), md));
            } else {
                return self.err("expected global variable property");
            }
        }
        // Trailing attributes: `#0` groups and, as opt reads them, inline
        // ones (`"key"="value"`), which the printer puts in a group.
        self.parse_fn_attrs_and_groups(&mut var.attrs, &mut groups)?;
        let gid = self
            .m
            .define(Global::Var(var))
            .map_err(|_| self.error_at(off, format!("redefinition of global '@{name}'")))?;
        // Verifier findings about the variable are located at it.
        self.map.funcs.insert(gid, off);
        for (g, goff) in groups {
            self.attr_refs.push((AttrSite::Var(gid), g, goff));
        }
        Ok(())
    }

    /// `alias T, ptr @g` / `ifunc T, ptr @resolver` after the properties.
    pub(crate) fn parse_alias(&mut self, name: &str, off: usize, props: GlobalProps) -> PResult<()> {
        let is_ifunc = self.eat_word("ifunc");
        if !is_ifunc {
            self.expect_word("alias")?;
            if matches!(props.linkage.as_deref(), Some("extern_weak" | "common" | "appending")) {
                return Err(self.error_at(off, "invalid linkage type for alias"));
            }
        }
        let toff = self.offset();
        let mut ty = self.parse_type_or_void()?;
        if matches!(self.peek(), Tok::LParen) {
            ty = self.parse_fn_type_params(ty)?;
        }
        self.refuse_void(ty, toff)?;
        self.expect(Tok::Comma, "',' after type")?;
        let aoff = self.offset();
        let target = match *self.peek() {
            // A constant expression here carries its own type.
            Tok::Word("getelementptr") => {
                self.bump();
                let (e, bt) = self.parse_const_gep(None)?;
                Const { ty: bt, kind: ConstKind::Expr(Box::new(e)) }
            }
            Tok::Word(w @ ("bitcast" | "addrspacecast" | "inttoptr")) => {
                self.bump();
                let op = *CastOp::ALL.iter().find(|c| c.keyword() == w).expect("a cast keyword");
                self.expect(Tok::LParen, "'(' after constantexpr cast")?;
                let st = self.parse_type()?;
                let c = self.parse_const(st)?;
                self.expect_word("to")?;
                let dt = self.parse_type()?;
                self.expect(Tok::RParen, "')' at end of constantexpr cast")?;
                Const { ty: dt, kind: ConstKind::Expr(Box::new(ConstExpr::Cast(op, c))) }
            }
            _ => {
                let at = self.parse_type()?;
                self.parse_const(at)?
            }
        };
        let at = target.ty;
        if !matches!(self.m.types.get(at), TypeData::Ptr(_)) {
            return Err(self.error_at(aoff, "An alias or ifunc must have pointer type"));
        }
        let mut props = props;
        if let TypeData::Ptr(a) = self.m.types.get(at) {
            props.addrspace = *a;
        }
        while self.eat(&Tok::Comma) {
            if self.eat_word("partition") {
                props.partition = Some(self.parse_string("partition name")?.into());
            } else {
                return self.err("unknown alias or ifunc property!");
            }
        }
        let alias = GlobalAlias { name: name.into(), is_ifunc, ty, target, props };
        let gid = self
            .m
            .define(Global::Alias(alias))
            .map_err(|_| self.error_at(off, format!("redefinition of global '@{}'", display_global_name(name))))?;
        self.map.funcs.insert(gid, off);
        Ok(())
    }

    pub(crate) fn parse_comdat(&mut self, own: &str) -> PResult<Box<str>> {
        let keyword = self.offset();
        self.expect_word("comdat")?;
        let (name, off): (Box<str>, usize) = if self.eat(&Tok::LParen) {
            let off = self.offset();
            let name = match self.bump() {
                Tok::ComdatName(n) => n,
                _ => return Err(self.error_at(off, "expected comdat variable")),
            };
            self.expect(Tok::RParen, "')' after comdat var")?;
            (name.into(), off)
        } else {
            (own.into(), keyword)
        };
        // Defined later, or never: `finish` tells.
        if !self.m.comdats.contains_key(&*name) {
            self.comdat_forward_refs.entry(name.clone()).or_insert(off);
        }
        Ok(name)
    }

    /// Where functions live (`P<n>` in the data layout): the type of an
    /// indirect callee.
    pub(crate) fn program_addrspace(&self) -> u32 {
        self.program_as
    }

    /// Numbered globals and functions share one counter, and each must
    /// take a number above the last one defined (gaps are allowed).
    pub(crate) fn check_global_number(&mut self, n: u32, off: usize, what: &str) -> PResult<()> {
        if n < self.next_global_number {
            return Err(
                self.error_at(off, format!("{what} expected to be numbered '@{}' or greater", self.next_global_number))
            );
        }
        self.next_global_number = n + 1;
        Ok(())
    }

    /// `, { i, j, ... }` of a `uselistorder` directive: a permutation of
    /// at least two indexes. The order itself is not kept: `opt -S` does
    /// not print it either (without `-preserve-ll-uselistorder`).
    pub(crate) fn parse_use_list_indexes(&mut self) -> PResult<()> {
        self.expect(Tok::Comma, "',' here")?;
        let off = self.offset();
        self.expect(Tok::LBrace, "'{' here")?;
        let mut seen = Vec::new();
        loop {
            let ioff = self.offset();
            let i = self.parse_u32("index")?;
            if seen.contains(&i) {
                return Err(self.error_at(ioff, "expected distinct uselistorder indexes"));
            }
            seen.push(i);
            if self.eat(&Tok::RBrace) {
                break;
            }
            self.expect(Tok::Comma, "',' here")?;
        }
        if seen.len() < 2 {
            return Err(self.error_at(off, "expected >= 2 uselistorder indexes"));
        }
        if seen.iter().any(|&i| i as usize >= seen.len()) {
            return Err(self.error_at(off, "expected uselistorder indexes to be a permutation"));
        }
        Ok(())
    }

    /// Records a use of `@name`, returning its id (possibly a forward reference).
    /// `ptr addrspace(want) @g` at `off`: a global defined already must be
    /// in that address space (LLVM's message); the first reference to one
    /// defined later is kept for [`Parser::check_forward_ref_address_spaces`].
    pub(crate) fn check_global_ref_space(&mut self, g: GlobalId, want: u32, off: usize) -> PResult<()> {
        let have = match &self.m.globals[g] {
            Global::Func(d) => d.props.addrspace,
            Global::Var(v) => v.props.addrspace,
            Global::Alias(a) => a.props.addrspace,
            Global::Undefined(_) => {
                self.global_ref_spaces.entry(g).or_insert((want, off));
                return Ok(());
            }
        };
        if have == want {
            return Ok(());
        }
        let name = super::parser::display_global_name(self.m.globals[g].name());
        Err(self
            .error_at(off, format!("'@{name}' defined with type '{}' but expected '{}'", ptr_str(have), ptr_str(want))))
    }

    /// Globals referenced before their definition in another address space
    /// than they were defined in.
    pub(crate) fn check_forward_ref_address_spaces(&self) -> PResult<()> {
        let mut wrong: Vec<(usize, String)> = Vec::new();
        for (&g, &(want, off)) in &self.global_ref_spaces {
            let msg = match &self.m.globals[g] {
                Global::Func(d) if d.props.addrspace != want => format!(
                    "invalid forward reference to function '{}' with wrong type: expected '{}' but was '{}'",
                    d.name,
                    ptr_str(d.props.addrspace),
                    ptr_str(want)
                ),
                Global::Var(v) if v.props.addrspace != want => {
                    "forward reference and definition of global have different types".to_owned()
                }
                Global::Alias(a) if a.props.addrspace != want => {
                    "forward reference and definition of alias have different types".to_owned()
                }
                _ => continue,
            };
            wrong.push((off, msg));
        }
        match wrong.into_iter().min() {
            Some((off, msg)) => Err(self.error_at(off, msg)),
            None => Ok(()),
        }
    }

    /// A reference to the global `name` as a constant of type `tyd`.
    pub(crate) fn global_const(&mut self, name: &str, tyd: &TypeData, off: usize) -> PResult<GlobalId> {
        let TypeData::Ptr(space) = *tyd else {
            return Err(self.error_at(off, "global variable reference must have pointer type"));
        };
        let g = self.global_ref(name, off);
        self.check_global_ref_space(g, space, off)?;
        Ok(g)
    }

    pub(crate) fn global_ref(&mut self, name: &str, off: usize) -> GlobalId {
        let g = self.m.get_or_forward(name);
        if matches!(self.m.globals[g], Global::Undefined(_)) {
            self.global_first_use.entry(g).or_insert(off);
        }
        g
    }

    // ---------------------------------------------------------------- functions

    pub(crate) fn parse_fn_attachments(&mut self, props: &mut GlobalProps) -> PResult<()> {
        while let Tok::MetadataName(kind) = self.peek().clone() {
            self.bump();
            let md = self.parse_md_node_ref()?;
            props.metadata.push((kind.into(), md));
        }
        Ok(())
    }

    pub(crate) fn parse_function(&mut self, is_def: bool) -> PResult<()> {
        let mut props = GlobalProps::default();
        // A declaration's attachments come right after `declare`; after its
        // header, `!name` starts named metadata.
        if !is_def {
            self.parse_fn_attachments(&mut props)?;
        }
        let loff = self.offset();
        self.parse_global_props(&mut props);
        // Which linkages a function may have, defined or declared.
        let linkage_error = match props.linkage.as_deref() {
            Some("appending" | "common") => Some("invalid function linkage type"),
            Some("extern_weak") if is_def => Some("invalid linkage for function definition"),
            Some(
                "private" | "internal" | "available_externally" | "linkonce" | "linkonce_odr" | "weak" | "weak_odr",
            ) if !is_def => Some("invalid linkage for function declaration"),
            _ => None,
        };
        self.check_dso_location(&props)?;
        if let Some(message) = linkage_error {
            return Err(self.error_at(loff, message));
        }
        self.check_local_dll_storage(&props, loff)?;
        let cconv = self.parse_cconv()?;
        self.parse_global_props(&mut props);
        let mut ret_attrs = AttrSet::new();
        self.parse_ret_attrs(&mut ret_attrs)?;
        let roff = self.offset();
        let ret = self.parse_type_or_void()?;
        if !(ret == Type::VOID || self.m.types.is_first_class(ret))
            || matches!(self.m.types.get(ret), TypeData::Label | TypeData::Metadata)
        {
            return Err(self.error_at(roff, "invalid function return type"));
        }
        let noff = self.offset();
        let name = match self.bump() {
            Tok::GlobalName(n) => n,
            Tok::GlobalId(n) => {
                self.check_global_number(n, noff, "function")?;
                numbered_name(n).into()
            }
            _ => return Err(self.error_at(noff, "expected function name")),
        };
        // Parameters.
        self.expect(Tok::LParen, "'(' in function argument list")?;
        let mut params: Vec<(Type, AttrSet, Option<Tok>, usize)> = Vec::new();
        let mut varargs = false;
        if !self.eat(&Tok::RParen) {
            loop {
                if self.eat(&Tok::DotDotDot) {
                    varargs = true;
                    self.expect(Tok::RParen, "')' at end of argument list")?;
                    break;
                }
                let poff = self.offset();
                let t = self.parse_type()?;
                if t == Type::VOID || !self.m.types.is_first_class(t) {
                    return Err(self.error_at(poff, "invalid type for function argument"));
                }
                let mut attrs = AttrSet::new();
                self.parse_param_attrs(&mut attrs)?;
                let noff = self.offset();
                let pname = match self.peek() {
                    Tok::LocalName(_) | Tok::LocalId(_) => Some(self.bump()),
                    _ => None,
                };
                params.push((t, attrs, pname, noff));
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ')' in argument list")?;
            }
        }
        let fty = self.m.types.function(ret, params.iter().map(|p| p.0).collect(), varargs);
        // Functions live in the program address space unless they say otherwise.
        props.addrspace = self.program_as;
        // Trailing header parts.
        let mut fn_attrs = AttrSet::new();
        let mut groups = Vec::new();
        let mut gc = None;
        let (mut prefix, mut prologue, mut personality) = (None, None, None);
        loop {
            match self.peek().clone() {
                Tok::Word(w) => match w {
                    "unnamed_addr" | "local_unnamed_addr" => {
                        self.bump();
                        props.unnamed_addr = Some(w.into());
                    }
                    "addrspace" => {
                        self.bump();
                        props.addrspace = self.parse_addrspace()?;
                    }
                    "section" => {
                        self.bump();
                        props.section = Some(self.parse_string("section name")?.into());
                    }
                    "partition" => {
                        self.bump();
                        props.partition = Some(self.parse_string("partition name")?.into());
                    }
                    "comdat" => props.comdat = Some(self.parse_comdat(&name)?),
                    "align" => {
                        self.bump();
                        props.align = Some(self.parse_align_value()?);
                    }
                    "gc" => {
                        self.bump();
                        gc = Some(self.parse_string("gc name")?.into());
                    }
                    "prefix" => {
                        self.bump();
                        let t = self.parse_type()?;
                        prefix = Some(self.parse_const(t)?);
                    }
                    "prologue" => {
                        self.bump();
                        let t = self.parse_type()?;
                        prologue = Some(self.parse_const(t)?);
                    }
                    "personality" => {
                        self.bump();
                        let t = self.parse_type()?;
                        personality = Some(self.parse_const(t)?);
                    }
                    _ if self.starts_attr() => self.parse_fn_attr(&mut fn_attrs)?,
                    _ => break,
                },
                Tok::Str(_) => self.parse_fn_attr(&mut fn_attrs)?,
                Tok::AttrGroup(g) => {
                    groups.push((g, self.offset()));
                    self.bump();
                }
                _ => break,
            }
        }
        if let Some(a) = fn_attrs.get_int("align") {
            fn_attrs.remove("align");
            props.align = Some(a);
        }
        if is_def {
            self.parse_fn_attachments(&mut props)?;
        }
        let decl = FuncDecl {
            name: (&*name).into(),
            ty: fty,
            props,
            cconv,
            ret_attrs,
            param_attrs: params.iter().map(|p| p.1.clone()).collect(),
            fn_attrs,
            gc,
            prefix,
            prologue,
            personality,
        };
        let gid = self
            .m
            .define(Global::Func(decl))
            .map_err(|_| self.error_at(noff, format!("invalid redefinition of function '{name}'")))?;
        self.map.funcs.insert(gid, noff);
        for (g, goff) in groups {
            self.attr_refs.push((AttrSite::Func(gid), g, goff));
        }
        if is_def {
            let body = self.parse_body(gid, &params)?;
            self.m.set_body(gid, body);
        } else if matches!(self.peek(), Tok::LBrace) {
            return self.err("function declarations cannot have a body");
        }
        Ok(())
    }

    pub(crate) fn parse_cconv(&mut self) -> PResult<CallConv> {
        let Tok::Word(w) = self.peek().clone() else { return Ok(CallConv::default()) };
        let is_cc = matches!(
            w,
            "ccc"
                | "fastcc"
                | "coldcc"
                | "cc"
                | "webkit_jscc"
                | "anyregcc"
                | "preserve_mostcc"
                | "preserve_allcc"
                | "preserve_nonecc"
                | "ghccc"
                | "swiftcc"
                | "swifttailcc"
                | "x86_intrcc"
                | "hhvmcc"
                | "hhvm_ccc"
                | "cxx_fast_tlscc"
                | "tailcc"
                | "cfguard_checkcc"
                | "x86_stdcallcc"
                | "x86_fastcallcc"
                | "x86_thiscallcc"
                | "x86_vectorcallcc"
                | "x86_regcallcc"
                | "arm_apcscc"
                | "arm_aapcscc"
                | "arm_aapcs_vfpcc"
                | "aarch64_vector_pcs"
                | "aarch64_sve_vector_pcs"
                | "msp430_intrcc"
                | "avr_intrcc"
                | "avr_signalcc"
                | "ptx_kernel"
                | "ptx_device"
                | "spir_kernel"
                | "spir_func"
                | "intel_ocl_bicc"
                | "x86_64_sysvcc"
                | "win64cc"
                | "amdgpu_vs"
                | "amdgpu_ls"
                | "amdgpu_hs"
                | "amdgpu_es"
                | "amdgpu_gs"
                | "amdgpu_ps"
                | "amdgpu_cs"
                | "amdgpu_cs_chain"
                | "amdgpu_cs_chain_preserve"
                | "amdgpu_kernel"
                | "amdgpu_gfx"
                | "amdgpu_gfx_whole_wave"
                | "riscv_vector_cc"
                | "m68k_rtdcc"
                | "graalcc"
        );
        if !is_cc {
            return Ok(CallConv::default());
        }
        self.bump();
        if w == "ccc" {
            return Ok(CallConv::default());
        }
        if w == "cc" {
            let n = self.parse_u32("calling convention number")?;
            return Ok(CallConv(Some(format!("cc {n}").into())));
        }
        Ok(CallConv(Some(w.into())))
    }
}

/// How LLVM spells a pointer type in address space `space`.
fn ptr_str(space: u32) -> String {
    if space == 0 { "ptr".to_owned() } else { format!("ptr addrspace({space})") }
}

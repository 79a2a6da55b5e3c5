//! Modules: globals, function declarations and bodies, metadata.
//!
//! Functions and global variables share one id space ([`GlobalId`]), like
//! LLVM's `GlobalValue`, because a forward reference `@x` in the text may
//! turn out to be either. A function's declaration ([`FuncDecl`]) and its
//! body ([`Function`]) are stored apart: a function pass takes the body out
//! with [`Module::take_body`], runs with `&mut Module` for everything else
//! (callee attributes, types, metadata), and puts it back.

use crate::attrs::AttrSet;
use crate::constant::Const;
use crate::datalayout::DataLayout;
use crate::dfg::Name;
use crate::entity::{EntityRef, PrimaryMap};
use crate::entity_impl;
use crate::function::Function;
use crate::inst::CallConv;
use crate::metadata::{MdId, MetadataTable};
use crate::types::{Type, TypeTable};
use rustc_hash::FxHashMap;

entity_impl!(
    /// A global value: function or global variable.
    GlobalId,
    "g"
);

/// A function is a global; the alias documents intent.
pub type FuncId = GlobalId;

/// A reference from a constant to a global.
pub type GlobalRef = GlobalId;

/// Linkage, visibility and other properties shared by functions and variables,
/// each stored as the keyword that spells it (`None` = the default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GlobalProps {
    /// `private`, `internal`, `external`, `linkonce_odr`, `weak`, ...
    pub linkage: Option<Box<str>>,
    /// `hidden`, `protected`.
    pub visibility: Option<Box<str>>,
    /// `dllimport`, `dllexport`.
    pub dll_storage: Option<Box<str>>,
    /// `dso_local` / `dso_preemptable`.
    pub preemption: Option<Box<str>>,
    /// `thread_local` or `thread_local(initialexec)`.
    pub thread_local: Option<Box<str>>,
    /// `unnamed_addr`, `local_unnamed_addr`.
    pub unnamed_addr: Option<Box<str>>,
    /// `addrspace(N)`.
    pub addrspace: u32,
    /// `section "..."`.
    pub section: Option<Box<[u8]>>,
    /// `partition "..."`.
    pub partition: Option<Box<[u8]>>,
    /// `comdat` / `comdat($name)`: the comdat's name.
    pub comdat: Option<Name>,
    /// `align N`.
    pub align: Option<u64>,
    /// Metadata attachments (`!dbg !3`), in order.
    pub metadata: Vec<(Name, MdId)>,
}

/// A function's signature and properties.
#[derive(Clone, Debug)]
pub struct FuncDecl {
    /// Name without `@`.
    pub name: Name,
    /// The function type.
    pub ty: Type,
    /// Linkage and friends.
    pub props: GlobalProps,
    /// Calling convention.
    pub cconv: CallConv,
    /// Return attributes.
    pub ret_attrs: AttrSet,
    /// Parameter attributes.
    pub param_attrs: Vec<AttrSet>,
    /// Function attributes.
    pub fn_attrs: AttrSet,
    /// `gc "name"`.
    pub gc: Option<Box<[u8]>>,
    /// `prefix`, `prologue`, `personality` constants.
    pub prefix: Option<Const>,
    /// `prologue` constant.
    pub prologue: Option<Const>,
    /// `personality` constant.
    pub personality: Option<Const>,
}

impl FuncDecl {
    /// Whether the function is `convergent`.
    pub fn is_convergent(&self) -> bool {
        self.fn_attrs.has("convergent")
    }
    /// Whether this is an LLVM intrinsic (`llvm.*`).
    pub fn is_intrinsic(&self) -> bool {
        self.name.starts_with("llvm.")
    }
}

/// A global variable.
#[derive(Clone, Debug)]
pub struct GlobalVar {
    /// Name without `@`.
    pub name: Name,
    /// Type of the value stored.
    pub ty: Type,
    /// `constant` rather than `global`.
    pub is_constant: bool,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// Initializer; `None` for declarations.
    pub init: Option<Const>,
    /// Linkage and friends.
    pub props: GlobalProps,
    /// Trailing attributes (`#N` / inline).
    pub attrs: AttrSet,
    /// `code_model "..."`.
    pub code_model: Option<Box<[u8]>>,
}

/// An alias (`@a = alias T, ptr @g`) or ifunc (`@i = ifunc T, ptr @resolver`).
#[derive(Clone, Debug)]
pub struct GlobalAlias {
    /// Name without `@`.
    pub name: Name,
    /// `ifunc` rather than `alias`.
    pub is_ifunc: bool,
    /// The value type (`i32` of `alias i32, ptr @g`) or ifunc function type.
    pub ty: Type,
    /// What it stands for: the aliasee, or the ifunc's resolver.
    pub target: Const,
    /// Linkage and friends (`partition` included).
    pub props: GlobalProps,
}

/// A module-level symbol.
#[derive(Clone, Debug)]
pub enum Global {
    /// A function (declared or defined).
    Func(FuncDecl),
    /// A global variable.
    Var(GlobalVar),
    /// An alias or ifunc.
    Alias(GlobalAlias),
    /// Referenced but not yet defined (only while parsing), or removed.
    Undefined(Name),
}

impl Global {
    /// The symbol name.
    pub fn name(&self) -> &str {
        match self {
            Global::Func(f) => &f.name,
            Global::Var(v) => &v.name,
            Global::Alias(a) => &a.name,
            Global::Undefined(n) => n,
        }
    }

    /// Linkage, attributes and the like, for anything but a name that was
    /// used and never defined.
    pub fn props(&self) -> Option<&GlobalProps> {
        match self {
            Global::Func(f) => Some(&f.props),
            Global::Var(v) => Some(&v.props),
            Global::Alias(a) => Some(&a.props),
            Global::Undefined(_) => None,
        }
    }
}

/// An LLVM module.
#[derive(Debug, Default)]
pub struct Module {
    /// `; ModuleID = '...'` (the input path, or `<stdin>`).
    pub module_id: String,
    /// `source_filename = "..."`.
    pub source_filename: Option<Box<[u8]>>,
    /// `target datalayout = "..."`, as written; set through
    /// [`Module::set_datalayout`] so that `layout` stays its parse.
    datalayout: Option<Box<[u8]>>,
    /// The parse of `datalayout` (LLVM's default without one), kept because
    /// passes ask for sizes and alignments per instruction.
    layout: DataLayout,
    /// `target triple = "..."`.
    pub triple: Option<Box<[u8]>>,
    /// `module asm "..."` lines.
    pub module_asm: Vec<Box<[u8]>>,
    /// Types.
    pub types: TypeTable,
    /// All globals by id.
    pub globals: PrimaryMap<GlobalId, Global>,
    /// Definition order of globals (variables and functions); printing
    /// emits variables first, then functions, each in this order.
    order: Vec<GlobalId>,
    /// Function bodies; `None` for declarations or while taken out.
    bodies: Vec<Option<Function>>,
    /// `$name = comdat <kind>`, in definition order.
    pub comdats: indexmap::IndexMap<Name, Box<str>>,
    /// Metadata.
    pub metadata: MetadataTable,
    /// Symbol table. Lookup only.
    symbols: FxHashMap<Name, GlobalId>,
    /// Functions some `blockaddress` constant points into, with every such
    /// block, in the order first read (set by the reader; no pass takes new
    /// addresses: inlining copies only constants naming blocks already here).
    pub address_taken: FxHashMap<FuncId, Vec<crate::Block>>,
}

impl Module {
    /// An empty module.
    pub fn new(module_id: &str) -> Self {
        Module { module_id: module_id.to_owned(), ..Default::default() }
    }

    /// The triple as text.
    pub fn triple_str(&self) -> Option<&str> {
        self.triple.as_deref().and_then(|t| std::str::from_utf8(t).ok())
    }

    /// Looks up a global by name.
    pub fn lookup(&self, name: &str) -> Option<GlobalId> {
        self.symbols.get(name).copied()
    }

    /// The global `name`, creating an undefined placeholder for forward references.
    pub fn get_or_forward(&mut self, name: &str) -> GlobalId {
        if let Some(&g) = self.symbols.get(name) {
            return g;
        }
        let g = self.globals.push(Global::Undefined(name.into()));
        self.symbols.insert(name.into(), g);
        g
    }

    /// Defines (or fills a forward reference to) a global, appending it to the
    /// definition order. Fails if `name` is already defined.
    pub fn define(&mut self, g: Global) -> Result<GlobalId, GlobalId> {
        let name: Name = g.name().into();
        let id = match self.symbols.get(&name) {
            Some(&id) if !matches!(self.globals[id], Global::Undefined(_)) => return Err(id),
            Some(&id) => {
                self.globals[id] = g;
                id
            }
            None => {
                let id = self.globals.push(g);
                self.symbols.insert(name, id);
                id
            }
        };
        self.order.push(id);
        Ok(id)
    }

    /// Removes a function or variable: it disappears from printing and lookup.
    /// The caller must have removed every reference to it.
    pub fn remove_global(&mut self, g: GlobalId) {
        self.remove_globals(&[g]);
    }

    /// Removes several globals at once (one pass over the module's order,
    /// where removing them one by one would make one pass each).
    pub fn remove_globals(&mut self, gs: &[GlobalId]) {
        let mut gone = crate::EntitySet::new();
        for &g in gs {
            gone.insert(g);
            let name: Name = self.globals[g].name().into();
            self.symbols.remove(&name);
            self.globals[g] = Global::Undefined(name);
            if let Some(b) = self.bodies.get_mut(g.index()) {
                *b = None;
            }
        }
        self.order.retain(|&x| !gone.contains(x));
    }

    /// Gives the unnamed (numbered) globals the numbers LLVM prints them
    /// with: 0, 1, ... over the variables in order, then the aliases and
    /// ifuncs, then the functions.
    pub fn renumber_unnamed_globals(&mut self) {
        let unnamed: Vec<GlobalId> = self
            .variables()
            .chain(self.aliases())
            .chain(self.functions())
            .filter(|&g| crate::text::names::numbered(self.globals[g].name()).is_some())
            .collect();
        for &g in &unnamed {
            self.symbols.remove(self.globals[g].name());
        }
        for (k, &g) in unnamed.iter().enumerate() {
            let name: Name = format!("\0{k}").into();
            match &mut self.globals[g] {
                Global::Func(d) => d.name = name.clone(),
                Global::Var(v) => v.name = name.clone(),
                Global::Alias(a) => a.name = name.clone(),
                Global::Undefined(n) => *n = name.clone(),
            }
            self.symbols.insert(name, g);
        }
    }

    /// Takes `g` out of the definition order: it stays declared (lookup
    /// finds it) but is neither listed nor printed until
    /// [`Module::relist`] puts it back at the end.
    pub fn unlist(&mut self, g: GlobalId) {
        self.order.retain(|&x| x != g);
    }

    /// Appends `g`, taken out with [`Module::unlist`], to the definition order.
    pub fn relist(&mut self, g: GlobalId) {
        debug_assert!(!self.order.contains(&g), "{g} is listed already");
        self.order.push(g);
    }

    /// Globals in definition order.
    pub fn order(&self) -> &[GlobalId] {
        &self.order
    }

    /// The module's data layout (LLVM's default if it states none).
    pub fn data_layout(&self) -> &DataLayout {
        &self.layout
    }

    /// The `target datalayout` string as written, if the module has one.
    pub fn datalayout_text(&self) -> Option<&[u8]> {
        self.datalayout.as_deref()
    }

    /// Sets (or, with `None`, removes) `target datalayout`. A string that
    /// does not parse leaves LLVM's default layout in force, as before a
    /// reader validated it; the reader rejects such strings first.
    pub fn set_datalayout(&mut self, text: Option<Box<[u8]>>) {
        let parsed = text.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
        self.layout = DataLayout::parse(&parsed).unwrap_or_default();
        self.datalayout = text;
    }

    /// Functions in definition order.
    pub fn functions(&self) -> impl Iterator<Item = FuncId> + '_ {
        self.order.iter().copied().filter(|&g| matches!(self.globals[g], Global::Func(_)))
    }

    /// Aliases and ifuncs in definition order.
    pub fn aliases(&self) -> impl Iterator<Item = GlobalId> + '_ {
        self.order.iter().copied().filter(|&g| matches!(self.globals[g], Global::Alias(_)))
    }

    /// Global variables in definition order.
    pub fn variables(&self) -> impl Iterator<Item = GlobalId> + '_ {
        self.order.iter().copied().filter(|&g| matches!(self.globals[g], Global::Var(_)))
    }

    /// The declaration of function `f`.
    pub fn func(&self, f: FuncId) -> Option<&FuncDecl> {
        match &self.globals[f] {
            Global::Func(d) => Some(d),
            _ => None,
        }
    }

    /// The declaration of function `f`, mutably.
    pub fn func_mut(&mut self, f: FuncId) -> Option<&mut FuncDecl> {
        match &mut self.globals[f] {
            Global::Func(d) => Some(d),
            _ => None,
        }
    }

    /// The global variable `g`.
    pub fn var(&self, g: GlobalId) -> Option<&GlobalVar> {
        match &self.globals[g] {
            Global::Var(v) => Some(v),
            _ => None,
        }
    }

    /// The body of `f`, if defined (and not taken out).
    pub fn body(&self, f: FuncId) -> Option<&Function> {
        self.bodies.get(f.index()).and_then(Option::as_ref)
    }

    /// The body of `f`, mutably.
    pub fn body_mut(&mut self, f: FuncId) -> Option<&mut Function> {
        self.bodies.get_mut(f.index()).and_then(Option::as_mut)
    }

    /// Whether `f` has a body (is a definition), even if currently taken out.
    pub fn has_body(&self, f: FuncId) -> bool {
        self.body(f).is_some()
    }

    /// Installs the body of `f`.
    pub fn set_body(&mut self, f: FuncId, body: Function) {
        let i = f.index();
        if self.bodies.len() <= i {
            self.bodies.resize_with(i + 1, || None);
        }
        self.bodies[i] = Some(body);
    }

    /// Takes the body of `f` out, leaving a declaration until [`Module::set_body`].
    pub fn take_body(&mut self, f: FuncId) -> Option<Function> {
        self.bodies.get_mut(f.index()).and_then(Option::take)
    }

    /// Defined functions in definition order.
    pub fn definitions(&self) -> Vec<FuncId> {
        self.functions().filter(|&f| self.has_body(f)).collect()
    }

    /// Finds a function by name.
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.lookup(name).filter(|&g| self.func(g).is_some())
    }

    /// Declares function `name` with type `ty` if no global of that name exists.
    pub fn declare_function(&mut self, name: &str, ty: Type) -> FuncId {
        if let Some(g) = self.lookup(name)
            && !matches!(self.globals[g], Global::Undefined(_))
        {
            return g;
        }
        let nparams = self.types.fn_sig(ty).map_or(0, |(_, p, _)| p.len());
        let (fn_attrs, ret_attrs, param_attrs) = crate::intrinsics::declaration_attrs(name, nparams)
            .unwrap_or_else(|| (AttrSet::new(), AttrSet::new(), vec![AttrSet::new(); nparams]));
        let decl = FuncDecl {
            name: name.into(),
            ty,
            props: GlobalProps::default(),
            cconv: CallConv::default(),
            ret_attrs,
            param_attrs,
            fn_attrs,
            gc: None,
            prefix: None,
            prologue: None,
            personality: None,
        };
        match self.define(Global::Func(decl)) {
            Ok(g) | Err(g) => g,
        }
    }

    /// The function `name` with signature `ret (params)`, declared if needed
    /// (intrinsics get their attributes from the intrinsic table).
    pub fn declare(&mut self, name: &str, ret: Type, params: &[Type]) -> FuncId {
        let ty = self.types.function(ret, params.to_vec(), false);
        self.declare_function(name, ty)
    }

    /// Total instructions in all bodies.
    pub fn num_insts(&self) -> usize {
        self.bodies.iter().flatten().map(Function::num_insts_in_layout).sum()
    }
}

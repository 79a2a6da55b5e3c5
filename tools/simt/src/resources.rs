//! Shader resources: the buffers HLSL kernels reach through handles
//! (`llvm.spv.resource.*` for Vulkan SPIR-V, `llvm.dx.resource.*` for
//! DirectX).
//!
//! A handle names a buffer by its binding: `handlefrombinding(space,
//! binding, range, index, name)` gives the buffer *keyed* by `(space,
//! binding, index)`, so every call with the same key, wherever it is and
//! however often it runs, gives the same buffer (passes move, copy and
//! merge these calls). The buffer is a shared region
//! ([`RegionKind::Resource`]) made the first time any thread asks for its
//! key, `buffer_size` bytes of contents that depend only on the key
//! ([`initial_contents`]), and its final contents are compared like
//! other shared memory; a buffer one program never touched compares as
//! its initial contents. A handle is a pointer to the start of its
//! region (the layout type of these target types is a pointer, so handles
//! stored in memory take a pointer's bytes).
//!
//! `getpointer(handle, index)` is the address of element `index`: the
//! index (unsigned) times the element's allocation size, the element being
//! the handle type's first type parameter (for a `spirv.VulkanBuffer` of an
//! array `[0 x T]`, `T`). An index past the end gives poison: a pointer
//! that any access through is undefined behaviour (robust buffer access,
//! which reads zeros and drops stores, is not modelled).
//!
//! `counterhandlefromimplicitbinding(handle, order, space)` (the counter of
//! a structured buffer, SPIR-V) is the buffer keyed by its buffer's key and
//! both numbers.
//!
//! Only `spirv.VulkanBuffer`, `dx.RawBuffer` and `dx.TypedBuffer` handles
//! are modelled; every other resource type and every other resource
//! intrinsic (loads and stores of typed buffers, counters' updates,
//! samplers, images) is unsupported, so such functions stay unrunnable.

use crate::builtins::Hasher;
use crate::error::{Result, ub, unsupported};
use crate::memory::{Memory, RegionKind, addr, split};
use crate::typed::TypeCtx;
use crate::value::Val;
use opt_conv_ir::types::{Type, TypeData};

/// A resource intrinsic the executor models.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResourceOp {
    /// `llvm.{spv,dx}.resource.handlefrombinding`.
    Handle,
    /// `llvm.spv.resource.counterhandlefromimplicitbinding`.
    CounterHandle,
    /// `llvm.{spv,dx}.resource.getpointer`.
    GetPointer,
}

/// The resource intrinsic `name` is, if the executor models it.
pub fn classify(name: &str) -> Option<ResourceOp> {
    let rest = name.strip_prefix("llvm.spv.resource.").or_else(|| name.strip_prefix("llvm.dx.resource."))?;
    let (op, _) = rest.split_once('.')?;
    match op {
        "handlefrombinding" => Some(ResourceOp::Handle),
        "counterhandlefromimplicitbinding" if name.starts_with("llvm.spv.") => Some(ResourceOp::CounterHandle),
        "getpointer" => Some(ResourceOp::GetPointer),
        _ => None,
    }
}

/// The element type of a modelled handle type `t` (`None` for any other type).
pub fn element_type(tcx: &TypeCtx, t: Type) -> Option<Type> {
    let TypeData::TargetExt(d) = tcx.types.get(t) else { return None };
    let first = *d.types.first()?;
    match &*d.name {
        "spirv.VulkanBuffer" => Some(match tcx.types.get(first) {
            TypeData::Array { elem, .. } => *elem,
            _ => first,
        }),
        "dx.RawBuffer" | "dx.TypedBuffer" => Some(first),
        _ => None,
    }
}

/// The contents a buffer named `name` starts with: in each 4-byte word, a
/// small number (0 to 15) derived from the name and the word's position,
/// so that loads differ between elements and between buffers, and sums of
/// them stay small.
pub fn initial_contents(name: &str, size: u64) -> Vec<u8> {
    (0..size)
        .map(|i| {
            if i % 4 != 0 {
                return 0;
            }
            let mut h = Hasher::new(name);
            h.u64(i / 4);
            (h.finish() >> 29) as u8 & 15
        })
        .collect()
}

/// The region of the buffer named `name`, made with its initial contents
/// the first time.
fn buffer(mem: &mut Memory, name: String, size: u64) -> Result<u64> {
    if let Some(r) = mem.regions().iter().position(|r| r.kind == RegionKind::Resource && r.name == name) {
        return Ok(addr(r, 0));
    }
    let contents = initial_contents(&name, size);
    Ok(addr(mem.add_resource(name, contents)?, 0))
}

/// The buffer region a handle value points to.
fn handle_region(mem: &Memory, v: &Val, what: &str) -> Result<usize> {
    match v {
        Val::Ptr(a) => match split(*a) {
            Some((r, 0)) if mem.regions().get(r).is_some_and(|x| x.kind == RegionKind::Resource) => Ok(r),
            _ => ub(format!("{what} of a value that is not a resource handle")),
        },
        _ => ub(format!("{what} of a poison handle")),
    }
}

fn int(v: Option<&Val>, what: &str) -> Result<u128> {
    match v {
        Some(Val::Int { v, .. }) => Ok(*v),
        _ => ub(format!("{what} of a poison operand")),
    }
}

/// Runs resource intrinsic `op` (called as `name`) on `args` of types
/// `arg_types`, returning `ret`. `buffer_size` is the size of each buffer.
pub fn call(
    tcx: &TypeCtx,
    mem: &mut Memory,
    op: ResourceOp,
    name: &str,
    (args, arg_types): (&[Val], &[Type]),
    ret: Type,
    buffer_size: u64,
) -> Result<Val> {
    let handle_type = match op {
        ResourceOp::Handle => ret,
        ResourceOp::CounterHandle | ResourceOp::GetPointer => arg_types.first().copied().unwrap_or(Type::VOID),
    };
    let Some(elem) = element_type(tcx, handle_type) else {
        return unsupported(format!("intrinsic @{name} on resource type {}", tcx.types.display(handle_type)));
    };
    match op {
        ResourceOp::Handle => {
            let space = int(args.first(), name)?;
            let binding = int(args.get(1), name)?;
            let index = int(args.get(3), name)?;
            let key = format!("resource(space {space}, binding {binding}, index {index})");
            Ok(Val::Ptr(buffer(mem, key, buffer_size)?))
        }
        ResourceOp::CounterHandle => {
            if element_type(tcx, ret).is_none() {
                return unsupported(format!("intrinsic @{name} returning {}", tcx.types.display(ret)));
            }
            let of = handle_region(mem, &args[0], name)?;
            let order = int(args.get(1), name)?;
            let space = int(args.get(2), name)?;
            let key = format!("{} counter (order {order}, space {space})", mem.region(of).name);
            Ok(Val::Ptr(buffer(mem, key, buffer_size)?))
        }
        ResourceOp::GetPointer => {
            let r = handle_region(mem, &args[0], name)?;
            let index = int(args.get(1), name)?;
            let stride = u128::from(tcx.alloc_size(elem));
            let size = mem.region(r).bytes.len() as u128;
            let off = index.saturating_mul(stride);
            if off.saturating_add(stride) > size {
                return Ok(Val::Poison);
            }
            Ok(Val::Ptr(addr(r, off as u64)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let h = "llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t";
        assert_eq!(classify(h), Some(ResourceOp::Handle));
        assert_eq!(classify("llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t"), Some(ResourceOp::GetPointer));
        assert_eq!(classify("llvm.dx.resource.load.typedbuffer.i32.tdx.TypedBuffer_i32_1_0_0t"), None);
        assert_eq!(classify("llvm.spv.resource.updatecounter.tspirv.VulkanBuffer_i32_12_1t"), None);
        assert_eq!(classify("llvm.dx.resource.counterhandlefromimplicitbinding.x"), None);
    }

    #[test]
    fn contents_depend_on_the_key_only() {
        let a = initial_contents("resource(space 0, binding 1, index 0)", 64);
        assert_eq!(a, initial_contents("resource(space 0, binding 1, index 0)", 64));
        assert_ne!(a, initial_contents("resource(space 0, binding 0, index 0)", 64));
        assert!(a.iter().enumerate().all(|(i, &b)| if i % 4 == 0 { b < 16 } else { b == 0 }));
    }
}

//! Memory: one byte array per *region* (a global, a pointer argument's
//! buffer, an `alloca`, or a function's address).
//!
//! Pointers are flat integers `(region + 1) << 24 | offset`, so `ptrtoint`,
//! `inttoptr` and pointer comparisons are plain integer operations, and a
//! pointer stored to memory is just its address bytes (it even fits a
//! 32-bit address space while there are fewer than 255 regions). Address 0
//! is `null`. Each byte also records whether it is poison (uninitialized
//! `alloca` memory, or a stored poison value).
//!
//! Globals, argument buffers and shader resources' buffers are *shared*: every thread sees the same
//! bytes. Allocas are *private*: a region owned by the thread that ran the
//! `alloca`. Out-of-bounds and null accesses are reported as undefined
//! behaviour.

use crate::error::{Result, ub};

/// Bits of an address that hold the offset within a region.
pub const OFFSET_BITS: u32 = 24;
/// Largest region size (and offset).
pub const MAX_REGION: u64 = 1 << OFFSET_BITS;

/// What a region is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// A global variable (shared).
    Global,
    /// The buffer a pointer argument points to (shared).
    Arg(u32),
    /// An `alloca` of thread `lane` (private).
    Alloca(u32),
    /// A shader resource's buffer (shared), named by its binding
    /// ([`crate::resources`]).
    Resource,
    /// A function, so that its address can be taken and called.
    Func(opt_conv_ir::FuncId),
    /// A global the other program of an equivalence check has and this
    /// one lacks: its number is kept free so that both programs give every
    /// global they share the same address.
    Absent,
}

/// One region.
#[derive(Clone, Debug)]
pub struct Region {
    /// How it is printed: `@g`, `%arg1`, `alloca@f/%x`, ...
    pub name: String,
    /// What it is.
    pub kind: RegionKind,
    /// The contents.
    pub bytes: Vec<u8>,
    /// Per byte: whether it is poison.
    pub poison: Vec<bool>,
    /// Whether stores are undefined behaviour (`constant` globals).
    pub read_only: bool,
    /// Whether `llvm.stackrestore` gave it back (an alloca made after the
    /// save restored): any access is undefined behaviour.
    pub freed: bool,
}

/// All regions of a run.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    regions: Vec<Region>,
    /// Empty regions kept for shader resources' buffers, which are made
    /// when first asked for: low numbers, so that handles fit a 32-bit
    /// pointer whatever the threads allocated before.
    resource_slots: Vec<usize>,
}

/// How many regions a run keeps for shader resources' buffers.
pub const RESOURCE_SLOTS: usize = 16;

/// The region number of the addresses `llvm.stacksave` returns (the
/// offset is the number of regions when the save ran): kept free, an
/// empty region, so that they are not null, equal no other pointer, and
/// any access through them is undefined behaviour. It is the last one
/// a 32-bit address has room for, so a saved position survives a 32-bit
/// pointer's trip through memory.
pub const STACK_SAVE_REGION: usize = 254;

/// The address of byte `offset` of region `r`.
pub fn addr(r: usize, offset: u64) -> u64 {
    ((r as u64 + 1) << OFFSET_BITS) | offset
}

/// `(region, offset)` of a non-null address.
pub fn split(a: u64) -> Option<(usize, u64)> {
    let r = a >> OFFSET_BITS;
    (r != 0).then(|| ((r - 1) as usize, a & (MAX_REGION - 1)))
}

/// A short description of an address, for messages and traces.
pub fn describe_addr(a: u64) -> String {
    match split(a) {
        Some((r, off)) => format!("region{r}+{off}"),
        None => format!("{a:#x}"),
    }
}

impl Memory {
    /// Adds a region of `size` bytes, zero-filled (or poison-filled) and
    /// returns its index.
    pub fn add(&mut self, name: String, kind: RegionKind, size: u64, poison: bool) -> Result<usize> {
        if size > MAX_REGION {
            return ub(format!("{name}: region of {size} bytes is larger than the executor's {MAX_REGION}"));
        }
        let size = size as usize;
        if self.regions.len() == STACK_SAVE_REGION {
            let free = Region {
                name: "(stack positions)".into(),
                kind: RegionKind::Absent,
                bytes: Vec::new(),
                poison: Vec::new(),
                read_only: true,
                freed: false,
            };
            self.regions.push(free);
        }
        self.regions.push(Region {
            name,
            kind,
            bytes: vec![0; size],
            poison: vec![poison; size],
            read_only: false,
            freed: false,
        });
        Ok(self.regions.len() - 1)
    }

    /// Keeps [`RESOURCE_SLOTS`] empty regions for [`Memory::add_resource`].
    pub fn reserve_resource_slots(&mut self) -> Result<()> {
        for _ in 0..RESOURCE_SLOTS {
            let r = self.add("(resource slot)".into(), RegionKind::Absent, 0, false)?;
            self.resource_slots.push(r);
        }
        Ok(())
    }

    /// A shader resource's buffer `name` holding `bytes`, in a kept slot
    /// while there is one.
    pub fn add_resource(&mut self, name: String, bytes: Vec<u8>) -> Result<usize> {
        let size = bytes.len() as u64;
        let r = if self.resource_slots.is_empty() {
            self.add(name, RegionKind::Resource, size, false)?
        } else {
            let r = self.resource_slots.remove(0);
            self.fill_placeholder(r, name, RegionKind::Resource, size)?;
            r
        };
        self.regions[r].bytes = bytes;
        Ok(r)
    }

    /// Turns the placeholder region `r` into one of `size` zero bytes.
    pub fn fill_placeholder(&mut self, r: usize, name: String, kind: RegionKind, size: u64) -> Result<()> {
        if size > MAX_REGION {
            return ub(format!("{name}: region of {size} bytes is larger than the executor's {MAX_REGION}"));
        }
        let size = size as usize;
        self.regions[r] =
            Region { name, kind, bytes: vec![0; size], poison: vec![false; size], read_only: false, freed: false };
        Ok(())
    }

    /// `llvm.stacksave`: the position of the stack, as a pointer (see
    /// [`STACK_SAVE_REGION`]).
    pub fn stack_save(&self) -> u64 {
        addr(STACK_SAVE_REGION, self.regions.len() as u64)
    }

    /// `llvm.stackrestore` of `saved` in thread `lane`: that thread's
    /// allocas made since the save are given back. `false` if `saved` is
    /// not a position [`Memory::stack_save`] returned.
    pub fn stack_restore(&mut self, lane: u32, saved: u64) -> bool {
        let Some((STACK_SAVE_REGION, n)) = split(saved) else { return false };
        if n > self.regions.len() as u64 {
            return false;
        }
        for region in &mut self.regions[n as usize..] {
            if region.kind == RegionKind::Alloca(lane) {
                region.freed = true;
            }
        }
        true
    }

    /// Region `r`.
    pub fn region(&self, r: usize) -> &Region {
        &self.regions[r]
    }

    /// Region `r`, mutably.
    pub fn region_mut(&mut self, r: usize) -> &mut Region {
        &mut self.regions[r]
    }

    /// All regions in creation order.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// The region holding `[a, a + len)`, or undefined behaviour.
    fn locate(&self, a: u64, len: u64, what: &str) -> Result<(usize, usize)> {
        let Some((r, off)) = split(a) else {
            return ub(format!("{what} through null or invalid pointer {}", describe_addr(a)));
        };
        let Some(region) = self.regions.get(r) else {
            return ub(format!("{what} through dangling pointer {}", describe_addr(a)));
        };
        if matches!(region.kind, RegionKind::Func(_)) {
            return ub(format!("{what} of {len} bytes at function address {}", region.name));
        }
        if region.freed {
            return ub(format!("{what} of {} given back by llvm.stackrestore", region.name));
        }
        if off.saturating_add(len) > region.bytes.len() as u64 {
            return ub(format!(
                "{what} of {len} bytes at offset {off} is out of bounds of {} ({} bytes)",
                region.name,
                region.bytes.len()
            ));
        }
        Ok((r, off as usize))
    }

    /// Reads `len` bytes: the bytes and whether any is poison.
    pub fn read(&self, a: u64, len: u64) -> Result<(&[u8], bool)> {
        let (r, off) = self.locate(a, len, "load")?;
        let region = &self.regions[r];
        let end = off + len as usize;
        Ok((&region.bytes[off..end], region.poison[off..end].iter().any(|&p| p)))
    }

    /// Writes bytes (`poison` marks them all poison).
    pub fn write(&mut self, a: u64, bytes: &[u8], poison: bool) -> Result<()> {
        let (r, off) = self.locate(a, bytes.len() as u64, "store")?;
        let region = &mut self.regions[r];
        if region.read_only {
            return ub(format!("store to constant {}", region.name));
        }
        region.bytes[off..off + bytes.len()].copy_from_slice(bytes);
        region.poison[off..off + bytes.len()].fill(poison);
        Ok(())
    }

    /// Copies `len` bytes (with their poison marks) from `src` to `dst`,
    /// as `memmove` does (overlap allowed).
    pub fn copy(&mut self, dst: u64, src: u64, len: u64) -> Result<()> {
        let (rs, os) = self.locate(src, len, "memcpy source")?;
        let bytes = self.regions[rs].bytes[os..os + len as usize].to_vec();
        let poison = self.regions[rs].poison[os..os + len as usize].to_vec();
        let (rd, od) = self.locate(dst, len, "memcpy destination")?;
        let region = &mut self.regions[rd];
        if region.read_only {
            return ub(format!("memcpy to constant {}", region.name));
        }
        region.bytes[od..od + len as usize].copy_from_slice(&bytes);
        region.poison[od..od + len as usize].copy_from_slice(&poison);
        Ok(())
    }

    /// The size of the region `a` points into, and the offset of `a`.
    pub fn bounds(&self, a: u64) -> Option<(u64, u64)> {
        let (r, off) = split(a)?;
        self.regions.get(r).map(|reg| (reg.bytes.len() as u64, off))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accesses_are_bounds_checked() {
        let mut m = Memory::default();
        let r = m.add("@g".into(), RegionKind::Global, 8, false).unwrap();
        let a = addr(r, 4);
        m.write(a, &[1, 2, 3, 4], false).unwrap();
        assert_eq!(m.read(a, 4).unwrap(), (&[1u8, 2, 3, 4][..], false));
        assert!(matches!(m.write(addr(r, 6), &[0; 4], false), Err(crate::SimtError::Undefined(_))));
        assert!(matches!(m.read(0, 1), Err(crate::SimtError::Undefined(_))));
        assert_eq!(split(a), Some((r, 4)));
    }

    #[test]
    fn stackrestore_gives_back_the_allocas_since_its_save() {
        let mut m = Memory::default();
        let g = m.add("@g".into(), RegionKind::Global, 4, false).unwrap();
        let before = m.add("a0".into(), RegionKind::Alloca(0), 4, false).unwrap();
        let saved = m.stack_save();
        assert_ne!(saved, 0);
        assert!(matches!(m.read(saved, 1), Err(crate::SimtError::Undefined(_))));
        let mine = m.add("a1".into(), RegionKind::Alloca(0), 4, false).unwrap();
        let other = m.add("b1".into(), RegionKind::Alloca(1), 4, false).unwrap();
        assert!(!m.stack_restore(0, addr(g, 0)));
        assert!(!m.stack_restore(0, 0));
        assert!(m.stack_restore(0, saved));
        assert!(matches!(m.read(addr(mine, 0), 4), Err(crate::SimtError::Undefined(_))));
        assert!(m.read(addr(before, 0), 4).is_ok());
        assert!(m.read(addr(other, 0), 4).is_ok());
        assert!(m.read(addr(g, 0), 4).is_ok());
    }

    #[test]
    fn poison_bytes_are_tracked() {
        let mut m = Memory::default();
        let r = m.add("a".into(), RegionKind::Alloca(0), 4, true).unwrap();
        assert!(m.read(addr(r, 0), 4).unwrap().1);
        m.write(addr(r, 0), &[9, 9], false).unwrap();
        assert!(!m.read(addr(r, 0), 2).unwrap().1);
        assert!(m.read(addr(r, 1), 2).unwrap().1);
    }
}

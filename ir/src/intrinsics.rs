//! Attributes of the intrinsics that convergence code uses.
//!
//! LLVM attaches an intrinsic's attributes from its own table whatever the
//! declaration says, and declares intrinsics that are called but never
//! declared. We do the same for the intrinsics listed here (taken from what
//! `opt-22` prints for them), so that for example `@llvm.amdgcn.s.barrier` is
//! convergent even when a test declares it without attributes. Unknown
//! intrinsics keep their declared attributes.

use crate::attrs::{Attr, AttrSet};

/// `(name or name prefix ending in '.', function attributes)`.
const TABLE: &[(&str, &str)] = &[
    ("llvm.experimental.convergence.entry", CONV_TOKEN),
    ("llvm.experimental.convergence.anchor", CONV_TOKEN),
    ("llvm.experimental.convergence.loop", CONV_TOKEN),
    ("llvm.amdgcn.workitem.id.", ID),
    ("llvm.amdgcn.workgroup.id.", ID),
    ("llvm.nvvm.read.ptx.sreg.", ID),
    ("llvm.amdgcn.mbcnt.", "nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)"),
    ("llvm.amdgcn.s.barrier", "convergent nocallback nofree nounwind willreturn"),
    (
        "llvm.amdgcn.readfirstlane",
        "convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)",
    ),
    ("llvm.amdgcn.ballot.", "convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)"),
    ("llvm.amdgcn.readlane", CONV_NONE),
    ("llvm.amdgcn.writelane", CONV_NONE),
    ("llvm.amdgcn.ds.swizzle", CONV_NONE),
    ("llvm.amdgcn.wave.reduce.", CONV_NONE),
    ("llvm.amdgcn.icmp.", CONV_NONE),
    ("llvm.amdgcn.fcmp.", CONV_NONE),
    ("llvm.amdgcn.update.dpp", CONV_NONE),
    ("llvm.amdgcn.mov.dpp", CONV_NONE),
    ("llvm.amdgcn.permlane", CONV_NONE),
    ("llvm.amdgcn.if.break.", "nocallback nofree nounwind willreturn memory(none)"),
    ("llvm.amdgcn.if.", "nocallback nofree nounwind willreturn"),
    ("llvm.amdgcn.else.", "nocallback nofree nounwind willreturn"),
    ("llvm.amdgcn.loop.", "nocallback nofree nounwind willreturn"),
    ("llvm.amdgcn.kill", "nocallback nofree nounwind"),
    ("llvm.nvvm.barrier", "convergent nocallback nounwind"),
    ("llvm.nvvm.shfl.", NV_CONV),
    ("llvm.nvvm.vote.", NV_CONV),
    ("llvm.assume", "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)"),
    ("llvm.trap", "cold noreturn nounwind memory(inaccessiblemem: write)"),
    ("llvm.memcpy.", "nocallback nofree nounwind willreturn memory(argmem: readwrite)"),
    ("llvm.memset.", "nocallback nofree nounwind willreturn memory(argmem: write)"),
    ("llvm.ctpop.", PURE),
    ("llvm.smax.", PURE),
    ("llvm.smin.", PURE),
    ("llvm.umax.", PURE),
    ("llvm.umin.", PURE),
    ("llvm.experimental.deoptimize", ""),
];

const CONV_TOKEN: &str = "convergent nocallback nofree nosync nounwind willreturn memory(none)";
const ID: &str = "nocallback nofree nosync nounwind speculatable willreturn memory(none)";
const CONV_NONE: &str = "convergent nocallback nofree nounwind willreturn memory(none)";
const NV_CONV: &str = "convergent nocallback nounwind memory(inaccessiblemem: readwrite)";
const PURE: &str = "nocallback nofree nosync nounwind speculatable willreturn memory(none)";

fn lookup(name: &str) -> Option<&'static str> {
    TABLE
        .iter()
        .find(
            |(k, _)| {
                if k.ends_with('.') { name.starts_with(k) } else { name == *k || name.starts_with(&format!("{k}.")) }
            },
        )
        .map(|(_, a)| *a)
}

/// Whether the intrinsic's attributes come from the table.
pub fn is_known(name: &str) -> bool {
    lookup(name).is_some()
}

/// The function attributes of intrinsic `name` (empty if unknown).
pub fn default_attrs(name: &str) -> AttrSet {
    let mut set = AttrSet::new();
    if let Some(spec) = lookup(name) {
        for a in split_attrs(spec) {
            set.insert(a);
        }
    }
    set
}

/// Parses the simple attribute lists of the table: keywords and `key(payload)`.
fn split_attrs(spec: &str) -> Vec<Attr> {
    let mut out = Vec::new();
    let mut rest = spec.trim();
    while !rest.is_empty() {
        let end = rest.find([' ', '(']).unwrap_or(rest.len());
        let key = &rest[..end];
        if rest[end..].starts_with('(') {
            let close = rest[end..].find(')').map_or(rest.len(), |c| end + c);
            out.push(Attr::Paren(key.into(), rest[end + 1..close].into()));
            rest = rest[(close + 1).min(rest.len())..].trim_start();
        } else {
            out.push(Attr::Flag(key.into()));
            rest = rest[end..].trim_start();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lookup() {
        assert!(default_attrs("llvm.amdgcn.s.barrier").has("convergent"));
        assert!(!default_attrs("llvm.amdgcn.workitem.id.x").has("convergent"));
        assert!(default_attrs("llvm.experimental.convergence.loop").has("convergent"));
        assert_eq!(default_attrs("llvm.amdgcn.if.break.i64").get_paren("memory"), Some("none"));
        assert!(default_attrs("llvm.amdgcn.if.i64").get_paren("memory").is_none());
        assert!(default_attrs("llvm.nvvm.shfl.down.i32").has("convergent"));
        assert!(default_attrs("llvm.foo").is_empty());
    }
}

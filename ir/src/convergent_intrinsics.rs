//! Target intrinsics that LLVM 22 makes `convergent` whatever their
//! declaration says (`IntrConvergent` in LLVM's intrinsic definitions), for
//! AMDGPU, NVPTX, SPIR-V and DirectX, with the function attributes `opt-22`
//! gives them. Established by declaring every intrinsic of LLVM 22.1 without
//! attributes and reading what `opt-22 -S` attaches; `tests/intrinsic_table.rs`
//! repeats that check for a declaration of every entry.
//!
//! Entries are families of names: an entry covers the name itself and every
//! name that continues it after a `.` (overload suffixes, and families whose
//! members are all convergent with the same attributes). Intrinsics of those
//! targets that are not listed are not convergent.

/// The function attributes of convergent intrinsic `name` (with or without
/// its overload suffix); `None` if LLVM does not make it convergent.
pub fn convergent_attrs(name: &str) -> Option<&'static str> {
    if let Some(a) = image_sample(name) {
        return Some(a);
    }
    // Longest family first: the name, then each shorter `.`-prefix of it.
    let mut key = name;
    loop {
        if let Ok(i) = CONVERGENT.binary_search_by(|(k, _)| k.cmp(&key)) {
            return Some(CONVERGENT[i].1);
        }
        key = &key[..key.rfind('.')?];
    }
}

/// `llvm.amdgcn.image.sample[.MODS].DIM[.nortn]...`: sampling with implicit
/// derivatives is convergent (the derivatives come from neighbouring lanes);
/// an explicit level of detail (`l`, `lz`) or explicit derivatives (`d`,
/// `cd`) make it not.
fn image_sample(name: &str) -> Option<&'static str> {
    let rest = name.strip_prefix("llvm.amdgcn.image.sample.")?;
    let mut toks = rest.split('.');
    let dim = loop {
        match toks.next()? {
            "b" | "c" | "cl" | "o" => {}
            "l" | "lz" | "d" | "cd" | "g16" => return None,
            t => break t,
        }
    };
    if !matches!(dim, "1d" | "1darray" | "2d" | "2darray" | "3d" | "cube") {
        return None;
    }
    // Without a result the sample only has side effects on memory it never reads.
    Some(if toks.next() == Some("nortn") { CB_NF_NS_WR } else { CB_NF_NS_WR_MEM_R })
}

const CB_NF_NS_WR_MEM_R: &str = "convergent nocallback nofree nosync nounwind willreturn memory(read)";
const CB: &str = "convergent nocallback nounwind";
const CB_MEM_ARG_R: &str = "convergent nocallback nounwind memory(argmem: read)";
const CB_MEM_ARG_RW: &str = "convergent nocallback nounwind memory(argmem: readwrite)";
const CB_MEM_ARG_W: &str = "convergent nocallback nounwind memory(argmem: write)";
const CB_MEM_INACC_RW: &str = "convergent nocallback nounwind memory(inaccessiblemem: readwrite)";
const CB_MEM_NONE: &str = "convergent nocallback nounwind memory(none)";
const CB_NF: &str = "convergent nocallback nofree nounwind";
const CB_NF_NS_WR: &str = "convergent nocallback nofree nosync nounwind willreturn";
const CB_NF_NS_WR_MEM_ARG_RW: &str =
    "convergent nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)";
const CB_NF_NS_WR_MEM_INACC_RW: &str =
    "convergent nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)";
const CB_NF_NS_WR_MEM_NONE: &str = "convergent nocallback nofree nosync nounwind willreturn memory(none)";
const CB_NF_SP_WR_MEM_NONE: &str = "convergent nocallback nofree nounwind speculatable willreturn memory(none)";
const CB_NF_WR: &str = "convergent nocallback nofree nounwind willreturn";
const CB_NF_WR_MEM_ARG_R: &str = "convergent nocallback nofree nounwind willreturn memory(argmem: read)";
const CB_NF_WR_MEM_ARG_RW: &str = "convergent nocallback nofree nounwind willreturn memory(argmem: readwrite)";
const CB_NF_WR_MEM_ARG_RW_INACC_RW: &str =
    "convergent nocallback nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)";
const CB_NF_WR_MEM_INACC_RW: &str =
    "convergent nocallback nofree nounwind willreturn memory(inaccessiblemem: readwrite)";
const CB_NF_WR_MEM_INACC_W: &str = "convergent nocallback nofree nounwind willreturn memory(inaccessiblemem: write)";
const CB_NF_WR_MEM_NONE: &str = "convergent nocallback nofree nounwind willreturn memory(none)";
const CB_NP_NF_NS_WR_MEM_NONE: &str =
    "convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)";
const CB_NP_NF_WR_MEM_NONE: &str =
    "convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)";
const COLD_CB_NF_NORET: &str = "cold convergent nocallback nofree noreturn nounwind";
const MEM_ARG_RW: &str = "convergent nounwind memory(argmem: readwrite)";
const MEM_ARG_RW_INACC_RW: &str = "convergent nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)";
const MEM_INACC_RW: &str = "convergent nounwind memory(inaccessiblemem: readwrite)";
const NORET: &str = "convergent noreturn nounwind";
const NORET_MEM_INACC_RW: &str = "convergent noreturn nounwind memory(inaccessiblemem: readwrite)";
const NOUNWIND: &str = "convergent nounwind";
const NP_WR_MEM_NONE: &str = "convergent nocreateundeforpoison nounwind willreturn memory(none)";
const WR_MEM_ARG_RW: &str = "convergent nounwind willreturn memory(argmem: readwrite)";
const WR_MEM_ARG_RW_INACC_RW: &str =
    "convergent nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)";

/// Sorted by name; an entry covers the name itself and every name that
/// continues it after a `.` (overload suffixes and whole families).
const CONVERGENT: &[(&str, &str)] = &[
    ("llvm.amdgcn.ballot", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.call.whole.wave", NOUNWIND),
    ("llvm.amdgcn.cluster.load.b128", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.cluster.load.b32", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.cluster.load.b64", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.cs.chain", NORET),
    ("llvm.amdgcn.cvt.scale", CB_NP_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.ds.append", CB_NF_WR_MEM_ARG_RW),
    ("llvm.amdgcn.ds.atomic.async.barrier.arrive.b64", WR_MEM_ARG_RW_INACC_RW),
    ("llvm.amdgcn.ds.atomic.barrier.arrive.rtn.b64", WR_MEM_ARG_RW),
    ("llvm.amdgcn.ds.bpermute", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.ds.consume", CB_NF_WR_MEM_ARG_RW),
    ("llvm.amdgcn.ds.gws.barrier", CB_NF_WR_MEM_INACC_RW),
    ("llvm.amdgcn.ds.gws.init", CB_NF_WR_MEM_INACC_W),
    ("llvm.amdgcn.ds.gws.sema", CB_NF_WR_MEM_INACC_RW),
    ("llvm.amdgcn.ds.load", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.ds.permute", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.ds.read", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.ds.swizzle", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.endpgm", COLD_CB_NF_NORET),
    ("llvm.amdgcn.fcmp", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.flat.load.monitor.b128", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.flat.load.monitor.b32", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.flat.load.monitor.b64", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.global.load.monitor.b128", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.global.load.monitor.b32", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.global.load.monitor.b64", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.global.load.tr.b128", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.global.load.tr.b64", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.global.load.tr4.b64", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.global.load.tr6.b96", CB_NF_WR_MEM_ARG_R),
    ("llvm.amdgcn.icmp", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.iglp.opt", CB_NF_WR),
    ("llvm.amdgcn.image.getlod", CB_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.init.exec", CB_NF_WR),
    ("llvm.amdgcn.init.whole.wave", NOUNWIND),
    ("llvm.amdgcn.inverse.ballot", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.mfma", CB_NP_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.mov.dpp", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.mov.dpp8", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.permlane", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.permlane16", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.permlane32.swap", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.permlane64", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.permlanex16", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.readfirstlane", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.readlane", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.s.barrier", CB_NF_WR),
    ("llvm.amdgcn.s.bitreplicate", CB_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.s.cluster.barrier", CB_NF_WR),
    ("llvm.amdgcn.s.get.barrier.state", CB_NF_WR),
    ("llvm.amdgcn.s.get.named.barrier.state", CB_NF_WR),
    ("llvm.amdgcn.s.quadmask", CB_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.s.wakeup.barrier", CB_NF_WR),
    ("llvm.amdgcn.s.wqm", CB_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.sched.barrier", CB_NF_WR),
    ("llvm.amdgcn.sched.group.barrier", CB_NF_WR),
    ("llvm.amdgcn.set.inactive", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.smfmac", CB_NP_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.strict.wqm", CB_NF_SP_WR_MEM_NONE),
    ("llvm.amdgcn.strict.wwm", CB_NF_SP_WR_MEM_NONE),
    ("llvm.amdgcn.swmmac", NP_WR_MEM_NONE),
    ("llvm.amdgcn.tensor", CB_NF_WR_MEM_ARG_RW_INACC_RW),
    ("llvm.amdgcn.unreachable", CB_NF),
    ("llvm.amdgcn.update.dpp", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wave.barrier", CB_NF_WR),
    ("llvm.amdgcn.wave.reduce", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wave.shuffle", CB_NF_NS_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.bf16.16x16x16.bf16", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.bf16.16x16x32.bf16", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.bf16f32.16x16x32.bf16", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f16.16x16x128", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f16.16x16x16.f16", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f16.16x16x32.f16", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f16.16x16x64", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x128.bf8.bf8", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x128.bf8.fp8", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x128.f8f6f4", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x128.fp8.bf8", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x16", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x32.bf16", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x32.f16", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x4.f32", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.16x16x64", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.f32.32x16x128.f4", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.i32", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.scale.f32.32x16x128.f4", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wmma.scale16.f32.32x16x128.f4", CB_NP_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wqm.vote", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.writelane", CB_NF_WR_MEM_NONE),
    ("llvm.amdgcn.wwm", CB_NF_SP_WR_MEM_NONE),
    ("llvm.dx.group.memory.barrier.with.group.sync", CB_NF_NS_WR),
    ("llvm.dx.load.input", CB_NF_NS_WR),
    ("llvm.dx.store.output", CB_NF_NS_WR),
    ("llvm.dx.wave.active.countbits", CB_NF_NS_WR_MEM_NONE),
    ("llvm.dx.wave.all", CB_NF_NS_WR_MEM_NONE),
    ("llvm.dx.wave.any", CB_NF_NS_WR_MEM_NONE),
    ("llvm.dx.wave.ballot", CB_NF_NS_WR_MEM_NONE),
    ("llvm.dx.wave.get.lane.count", CB_NF_NS_WR),
    ("llvm.dx.wave.getlaneindex", CB_NF_NS_WR_MEM_NONE),
    ("llvm.dx.wave.is.first.lane", CB_NF_NS_WR),
    ("llvm.dx.wave.readlane", CB_NF_NS_WR_MEM_NONE),
    ("llvm.dx.wave.reduce", CB_NF_NS_WR_MEM_NONE),
    ("llvm.experimental.convergence.anchor", CB_NF_NS_WR_MEM_NONE),
    ("llvm.experimental.convergence.entry", CB_NF_NS_WR_MEM_NONE),
    ("llvm.experimental.convergence.loop", CB_NF_NS_WR_MEM_NONE),
    ("llvm.is.constant", CB_NF_NS_WR_MEM_NONE),
    ("llvm.nvvm.activemask", CB_MEM_INACC_RW),
    ("llvm.nvvm.bar.warp.sync", CB),
    ("llvm.nvvm.barrier", CB),
    ("llvm.nvvm.cp.async.bulk.global.to.shared.cluster", CB_NF_NS_WR_MEM_ARG_RW),
    ("llvm.nvvm.cp.async.bulk.global.to.shared.cta", CB_NF_NS_WR_MEM_ARG_RW),
    ("llvm.nvvm.cp.async.bulk.shared.cta.to.cluster", CB_NF_NS_WR_MEM_ARG_RW),
    ("llvm.nvvm.cp.async.bulk.shared.cta.to.global", CB_NF_NS_WR_MEM_ARG_RW),
    ("llvm.nvvm.cp.async.bulk.tensor", CB_NF_NS_WR),
    ("llvm.nvvm.cp.async.mbarrier", CB),
    ("llvm.nvvm.elect.sync", CB_NF_NS_WR_MEM_INACC_RW),
    ("llvm.nvvm.exit", NORET_MEM_INACC_RW),
    ("llvm.nvvm.ldmatrix", CB_MEM_ARG_R),
    ("llvm.nvvm.match", CB_MEM_INACC_RW),
    ("llvm.nvvm.mbarrier.arrive.drop.expect.tx.relaxed", CB_MEM_ARG_RW),
    ("llvm.nvvm.mbarrier.arrive.drop.expect.tx.scope", CB),
    ("llvm.nvvm.mbarrier.arrive.drop.relaxed", CB_MEM_ARG_RW),
    ("llvm.nvvm.mbarrier.arrive.drop.scope", CB),
    ("llvm.nvvm.mbarrier.arrive.drop.shared", CB),
    ("llvm.nvvm.mbarrier.arrive.expect.tx.relaxed", CB_MEM_ARG_RW),
    ("llvm.nvvm.mbarrier.arrive.expect.tx.scope", CB),
    ("llvm.nvvm.mbarrier.arrive.relaxed", CB_MEM_ARG_RW),
    ("llvm.nvvm.mbarrier.arrive.scope", CB),
    ("llvm.nvvm.mbarrier.arrive.shared", CB),
    ("llvm.nvvm.mbarrier.complete", CB_MEM_ARG_RW),
    ("llvm.nvvm.mbarrier.expect", CB_MEM_ARG_RW),
    ("llvm.nvvm.mbarrier.init", CB),
    ("llvm.nvvm.mbarrier.inval", CB_MEM_ARG_W),
    ("llvm.nvvm.mbarrier.pending.count", CB_MEM_NONE),
    ("llvm.nvvm.mbarrier.test.wait.parity.relaxed.scope.cluster.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.test.wait.parity.relaxed.scope.cta.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.test.wait.parity.scope.cluster.space.cta", CB),
    ("llvm.nvvm.mbarrier.test.wait.parity.scope.cta.space.cta", CB),
    ("llvm.nvvm.mbarrier.test.wait.relaxed.scope.cluster.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.test.wait.relaxed.scope.cta.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.test.wait.scope.cluster.space.cta", CB),
    ("llvm.nvvm.mbarrier.test.wait.scope.cta.space.cta", CB),
    ("llvm.nvvm.mbarrier.test.wait.shared", CB),
    ("llvm.nvvm.mbarrier.try.wait.parity.relaxed.scope.cluster.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.parity.relaxed.scope.cta.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.parity.scope.cluster.space.cta", CB),
    ("llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta", CB),
    ("llvm.nvvm.mbarrier.try.wait.parity.tl.relaxed.scope.cluster.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.parity.tl.relaxed.scope.cta.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.parity.tl.scope.cluster.space.cta", CB),
    ("llvm.nvvm.mbarrier.try.wait.parity.tl.scope.cta.space.cta", CB),
    ("llvm.nvvm.mbarrier.try.wait.relaxed.scope.cluster.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.relaxed.scope.cta.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.scope.cluster.space.cta", CB),
    ("llvm.nvvm.mbarrier.try.wait.scope.cta.space.cta", CB),
    ("llvm.nvvm.mbarrier.try.wait.tl.relaxed.scope.cluster.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.tl.relaxed.scope.cta.space.cta", CB_MEM_ARG_R),
    ("llvm.nvvm.mbarrier.try.wait.tl.scope.cluster.space.cta", CB),
    ("llvm.nvvm.mbarrier.try.wait.tl.scope.cta.space.cta", CB),
    ("llvm.nvvm.nanosleep", CB_NF_NS_WR),
    ("llvm.nvvm.pm.event.mask", CB_NF_NS_WR),
    ("llvm.nvvm.redux", CB_MEM_INACC_RW),
    ("llvm.nvvm.setmaxnreg.dec.sync.aligned.u32", CB_NF_NS_WR),
    ("llvm.nvvm.setmaxnreg.inc.sync.aligned.u32", CB_NF_NS_WR),
    ("llvm.nvvm.shfl", CB_MEM_INACC_RW),
    ("llvm.nvvm.stmatrix", CB_MEM_ARG_W),
    ("llvm.nvvm.tcgen05.alloc", MEM_ARG_RW_INACC_RW),
    ("llvm.nvvm.tcgen05.commit", MEM_ARG_RW_INACC_RW),
    ("llvm.nvvm.tcgen05.cp", MEM_ARG_RW_INACC_RW),
    ("llvm.nvvm.tcgen05.dealloc.cg1", MEM_ARG_RW),
    ("llvm.nvvm.tcgen05.dealloc.cg2", MEM_ARG_RW),
    ("llvm.nvvm.tcgen05.ld", MEM_ARG_RW),
    ("llvm.nvvm.tcgen05.relinq.alloc.permit.cg1", MEM_INACC_RW),
    ("llvm.nvvm.tcgen05.relinq.alloc.permit.cg2", MEM_INACC_RW),
    ("llvm.nvvm.tcgen05.shift.down.cg1", MEM_ARG_RW),
    ("llvm.nvvm.tcgen05.shift.down.cg2", MEM_ARG_RW),
    ("llvm.nvvm.tcgen05.st", MEM_ARG_RW),
    ("llvm.nvvm.tcgen05.wait.ld", MEM_INACC_RW),
    ("llvm.nvvm.tcgen05.wait.st", MEM_INACC_RW),
    ("llvm.nvvm.vote", CB_MEM_INACC_RW),
    ("llvm.nvvm.wgmma.commit_group.sync.aligned", NOUNWIND),
    ("llvm.nvvm.wgmma.fence.sync.aligned", NOUNWIND),
    ("llvm.nvvm.wgmma.wait_group.sync.aligned", NOUNWIND),
    ("llvm.spv.group.memory.barrier.with.group.sync", CB_NF_NS_WR),
    ("llvm.spv.wave.active.countbits", CB_NF_NS_WR_MEM_NONE),
    ("llvm.spv.wave.all", CB_NF_NS_WR_MEM_NONE),
    ("llvm.spv.wave.any", CB_NF_NS_WR_MEM_NONE),
    ("llvm.spv.wave.ballot", CB_NF_NS_WR_MEM_NONE),
    ("llvm.spv.wave.get.lane.count", CB_NF_NS_WR),
    ("llvm.spv.wave.is.first.lane", CB_NF_NS_WR),
    ("llvm.spv.wave.readlane", CB_NF_NS_WR_MEM_NONE),
    ("llvm.spv.wave.reduce", CB_NF_NS_WR_MEM_NONE),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_for_binary_search() {
        assert!(CONVERGENT.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn families_and_suffixes() {
        assert!(convergent_attrs("llvm.amdgcn.image.sample.2d.v4f32.f32.v8i32.v4i32").is_some());
        assert!(convergent_attrs("llvm.amdgcn.image.sample.c.b.cl.o.cube.f32.f32.v8i32.v4i32").is_some());
        assert!(convergent_attrs("llvm.amdgcn.image.sample.l.2d.v4f32.f32.v8i32.v4i32").is_none());
        assert!(convergent_attrs("llvm.amdgcn.image.sample.c.cd.o.2d.f32.f32.f32.v8i32.v4i32").is_none());
        assert!(convergent_attrs("llvm.amdgcn.image.gather4.2d.v4f32.f32.v8i32.v4i32").is_none());
        assert!(convergent_attrs("llvm.amdgcn.image.getlod.2d.f32.f32.v8i32.v4i32").is_some());
        assert!(convergent_attrs("llvm.amdgcn.wqm.vote").is_some());
        assert!(convergent_attrs("llvm.amdgcn.inverse.ballot.i64").is_some());
        assert!(convergent_attrs("llvm.nvvm.shfl.sync.idx.i32").is_some());
        // A name sharing a family's prefix without the `.` is another intrinsic.
        assert!(convergent_attrs("llvm.amdgcn.wqm").is_none());
        assert!(convergent_attrs("llvm.amdgcn.workitem.id.x").is_none());
        assert!(convergent_attrs("llvm").is_none());
    }
}

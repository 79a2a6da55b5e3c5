//! Copying a set of blocks within a function (a loop body, a block to
//! thread through): fresh blocks and instructions, names with a suffix as
//! LLVM gives them (`%a.1`, `%inc.epil`), operands defined inside the copied
//! blocks mapped to their copies, everything else kept.

use opt_conv_ir::{Block, Function, Inst, Value};
use rustc_hash::FxHashMap;

/// What a copy produced. The maps are hash maps: maps indexed by entity
/// would be as large as the function, for each copy.
pub struct Copy {
    /// Original block to its copy.
    pub blocks: FxHashMap<Block, Block>,
    /// The copies, in the order of the originals.
    pub new_blocks: Vec<Block>,
    /// Original value to its copy (copied instructions' results, and the
    /// entries the caller seeded).
    pub values: FxHashMap<Value, Value>,
    /// Original instruction to its copy.
    pub insts: Vec<(Inst, Inst)>,
}

impl Copy {
    /// The copy of `v`, or `v` itself if it was not copied.
    pub fn value(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }
    /// The copy of block `b`, or `b` itself.
    pub fn block(&self, b: Block) -> Block {
        self.blocks.get(&b).copied().unwrap_or(b)
    }
}

/// Copies `blocks` of `f`, placing the copies after `after` in the layout.
/// `seed` maps values to use in place of originals (header phis of a loop
/// copy take the previous copy's values); instructions for which `skip`
/// holds are not copied (their results must be seeded). Block operands
/// pointing at copied blocks point at the copies.
pub fn copy_blocks(
    f: &mut Function,
    blocks: &[Block],
    suffix: &str,
    after: Block,
    seed: &[(Value, Value)],
    skip: &dyn Fn(Inst) -> bool,
) -> Copy {
    let mut bmap: FxHashMap<Block, Block> = FxHashMap::default();
    let mut vmap: FxHashMap<Value, Value> = FxHashMap::default();
    for &(a, b) in seed {
        vmap.insert(a, b);
    }
    let mut new_blocks = Vec::with_capacity(blocks.len());
    let mut prev = after;
    for &b in blocks {
        let name = f.dfg().block_name(b).map(|n| format!("{n}{suffix}"));
        let nb = f.dfg_mut().make_block(name.as_deref());
        f.layout_mut().insert_block_after(nb, prev);
        prev = nb;
        bmap.insert(b, nb);
        new_blocks.push(nb);
    }
    let mut insts = Vec::new();
    for &b in blocks {
        let originals: Vec<Inst> = f.block_insts(b).collect();
        for i in originals {
            if skip(i) {
                continue;
            }
            // Operands are mapped once every copy exists (a phi may read a
            // value defined further down).
            let ni = f.copy_inst(i, |v| v, |b| b);
            if let (Some(r), Some(nr)) = (f.dfg().inst_result(i), f.dfg().inst_result(ni)) {
                vmap.insert(r, nr);
                if let Some(n) = f.dfg().value_name(r).map(|n| format!("{n}{suffix}")) {
                    f.dfg_mut_preserving_cfg().set_value_name(nr, Some(&n));
                }
            }
            f.layout_mut().append_inst(ni, bmap[&b]);
            insts.push((i, ni));
        }
    }
    for &(i, ni) in &insts {
        crate::debug_records::copy_within(f, i, ni, |v| vmap.get(&v).copied().unwrap_or(v));
    }
    for &(_, ni) in &insts {
        f.remap_operands(ni, |v| vmap.get(&v).copied().unwrap_or(v), |b| bmap.get(&b).copied().unwrap_or(b));
    }
    Copy { blocks: bmap, new_blocks, values: vmap, insts }
}

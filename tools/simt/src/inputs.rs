//! Kernel arguments: parsed from the command line or generated from a seed.
//!
//! Command-line syntax (`--args`), one item per parameter, comma-separated:
//! a literal (`3`, `-1`, `0x10`, `true`, `1.5`, `poison`) gives every thread
//! the same value; `tid` gives each thread its lane; `a:b:c` gives thread
//! `i` item `i mod 3`; `rand` draws a small value per thread from the seed.
//! Pointer parameters take `buf` (or anything): each gets its own buffer.

use crate::error::{Result, SimtError};
use crate::run::Inputs;
use crate::typed::{TypeCtx, float_of_bits};
use crate::value::Val;
use opt_conv_ir::types::{Type, TypeData};

/// A deterministic generator (SplitMix64); no global randomness.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x5851_f42d_4c95_7f2d)
    }

    /// A generator whose state is `state` as it is (the program generator
    /// of the tests keeps its own seeding so its programs stay the same).
    pub fn from_state(state: u64) -> Self {
        Rng(state)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// How generated arguments vary across threads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Every thread gets the same (random) values.
    Uniform,
    /// Each thread gets its own random values (full range for wide integers).
    PerThread,
    /// Small per-thread integers (0 to 4), as divergent trip counts.
    TripCounts,
    /// Per-thread booleans and small integers: divergent conditions.
    Conditions,
    /// The lane itself for integers, lane parity for booleans.
    Lanes,
}

impl Pattern {
    /// All patterns, in the order `--equiv` tries them.
    pub const ALL: [Pattern; 5] =
        [Pattern::TripCounts, Pattern::Conditions, Pattern::Uniform, Pattern::Lanes, Pattern::PerThread];
}

/// A value of type `t` from a small signed integer.
fn from_int(tcx: &TypeCtx, t: Type, x: i128) -> Result<Val> {
    Ok(match tcx.types.get(t) {
        TypeData::Int(b) => Val::int(*b, x as u128),
        TypeData::Float(k) => Val::Float(float_of_bits(*k, 0)?.same_format(x as f64)),
        TypeData::Ptr(_) => Val::Ptr(0),
        _ => return Err(SimtError::Input(format!("cannot pass arguments of type {}", tcx.types.display(t)))),
    })
}

/// Generated inputs for parameters `params` and `threads` threads. The
/// parameters marked in `uniform` get lane 0's value in every lane, whatever
/// the pattern: the target passes them the same to all threads.
pub fn generate(
    tcx: &TypeCtx,
    params: &[Type],
    uniform_params: &[bool],
    threads: u32,
    pattern: Pattern,
    rng: &mut Rng,
) -> Result<Inputs> {
    let uniform: Vec<u64> = params.iter().map(|_| rng.next_u64()).collect();
    let mut args: Vec<Vec<Val>> = Vec::with_capacity(threads as usize);
    for lane in 0..threads {
        let mut row = Vec::with_capacity(params.len());
        for (i, &t) in params.iter().enumerate() {
            let is_bool = tcx.int_bits(t) == Some(1);
            let r = rng.next_u64();
            let x: i128 = match pattern {
                Pattern::Uniform => i128::from(uniform[i] % 8),
                Pattern::PerThread if tcx.int_bits(t).is_some_and(|b| b > 8) && r.is_multiple_of(8) => {
                    i128::from(r as i64)
                }
                Pattern::PerThread => i128::from(r % 16) - 4,
                Pattern::TripCounts => i128::from(r % 5),
                Pattern::Conditions => i128::from(r % if is_bool { 2 } else { 3 }),
                Pattern::Lanes => i128::from(if is_bool { lane % 2 } else { lane }),
            };
            row.push(from_int(tcx, t, if is_bool { x & 1 } else { x })?);
        }
        if let Some(first) = args.first() {
            for (i, v) in row.iter_mut().enumerate() {
                if uniform_params.get(i).copied().unwrap_or(false) {
                    *v = first[i].clone();
                }
            }
        }
        args.push(row);
    }
    Ok(Inputs { args })
}

/// Parses `--args` for parameters `params`.
pub fn parse(tcx: &TypeCtx, spec: &str, params: &[Type], threads: u32, seed: u64) -> Result<Inputs> {
    let items: Vec<&str> = if spec.trim().is_empty() { Vec::new() } else { spec.split(',').map(str::trim).collect() };
    if items.len() != params.len() {
        return Err(SimtError::Input(format!(
            "--args gives {} values but the function takes {} parameters",
            items.len(),
            params.len()
        )));
    }
    let mut rng = Rng::new(seed);
    let mut args = vec![Vec::with_capacity(params.len()); threads as usize];
    for (item, &t) in items.iter().zip(params) {
        for (lane, row) in args.iter_mut().enumerate() {
            let v = match *item {
                "tid" => from_int(tcx, t, lane as i128)?,
                "rand" => from_int(tcx, t, i128::from(rng.below(8)))?,
                "buf" | "_" if tcx.types.is_ptr(t) => Val::Ptr(0),
                it if it.contains(':') => {
                    let parts: Vec<&str> = it.split(':').collect();
                    literal(tcx, parts[lane % parts.len()], t)?
                }
                it => literal(tcx, it, t)?,
            };
            row.push(v);
        }
    }
    Ok(Inputs { args })
}

/// One literal of type `t`.
pub fn literal(tcx: &TypeCtx, s: &str, t: Type) -> Result<Val> {
    let bad = || SimtError::Input(format!("bad argument '{s}' for type {}", tcx.types.display(t)));
    if s == "poison" || s == "undef" {
        return Ok(tcx.poison(t));
    }
    match tcx.types.get(t) {
        TypeData::Int(1) if s == "true" || s == "false" => Ok(Val::bool(s == "true")),
        TypeData::Int(b) => {
            let x = if let Some(h) = s.strip_prefix("0x") {
                i128::from_str_radix(h, 16).map_err(|_| bad())?
            } else {
                s.parse::<i128>().map_err(|_| bad())?
            };
            Ok(Val::int(*b, x as u128))
        }
        TypeData::Float(k) => {
            let x: f64 = s.parse().map_err(|_| bad())?;
            Ok(Val::Float(float_of_bits(*k, 0)?.same_format(x)))
        }
        TypeData::Ptr(_) => Ok(Val::Ptr(0)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::types::TypeTable;

    #[test]
    fn parses_uniform_lane_and_list_arguments() {
        let types = TypeTable::new();
        let tcx = TypeCtx { types: &types, dl: Default::default() };
        let params = [Type::I32, Type::I1, Type::I32, Type::FLOAT];
        let inp = parse(&tcx, "7,1:0,tid,2.5", &params, 3, 0).unwrap();
        assert_eq!(inp.args[2][0], Val::int(32, 7));
        assert_eq!(inp.args[1][1], Val::bool(false));
        assert_eq!(inp.args[2][1], Val::bool(true));
        assert_eq!(inp.args[2][2], Val::int(32, 2));
        assert_eq!(inp.args[0][3].to_string(), "float 2.5");
        assert!(parse(&tcx, "1,2", &params, 3, 0).is_err());
        assert!(parse(&tcx, "x,1,1,1", &params, 3, 0).is_err());
    }

    #[test]
    fn generation_is_deterministic() {
        let types = TypeTable::new();
        let tcx = TypeCtx { types: &types, dl: Default::default() };
        let a = generate(&tcx, &[Type::I32, Type::I1], &[], 8, Pattern::Conditions, &mut Rng::new(5)).unwrap();
        let b = generate(&tcx, &[Type::I32, Type::I1], &[], 8, Pattern::Conditions, &mut Rng::new(5)).unwrap();
        assert_eq!(a, b);
        let u = generate(&tcx, &[Type::I32], &[], 4, Pattern::Uniform, &mut Rng::new(1)).unwrap();
        assert!(u.args.iter().all(|r| r == &u.args[0]));
    }
}

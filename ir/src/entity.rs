//! Typed indices and the arenas they index (Cranelift's `PrimaryMap` and
//! `SecondaryMap` shape, written here so the IR has no churn-prone dependency).
//!
//! An entity is a `u32` newtype. A [`PrimaryMap`] allocates entities and owns
//! their data; a [`SecondaryMap`] attaches side data to entities allocated
//! elsewhere and returns a default for entities it has never seen. Entities are
//! never reused, so an id stays valid (if dead) after the thing it named is
//! removed from the layout. Iteration is always in id order, which keeps every
//! walk over these maps deterministic.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A type usable as a dense index.
pub trait EntityRef: Copy + Eq + Ord + std::hash::Hash + fmt::Debug {
    /// Builds the entity with index `i`.
    fn new(i: usize) -> Self;
    /// The entity's index.
    fn index(self) -> usize;
}

/// Declares a `u32` entity type with a debug prefix (`inst7`, `bb3`, ...).
/// The prefix is for logs only; the `.ll` printer never prints raw ids.
#[macro_export]
macro_rules! entity_impl {
    ($(#[$m:meta])* $name:ident, $prefix:expr) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u32);
        impl $crate::entity::EntityRef for $name {
            #[inline]
            fn new(i: usize) -> Self {
                debug_assert!(i < u32::MAX as usize);
                $name(i as u32)
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl $name {
            /// The raw index, for debugging and dense side tables.
            #[inline]
            pub fn as_u32(self) -> u32 {
                self.0
            }
            /// Builds the entity from a raw index.
            #[inline]
            pub fn from_u32(i: u32) -> Self {
                $name(i)
            }
        }
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}

/// Owns the data of a set of entities and allocates new ones.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PrimaryMap<K: EntityRef, V> {
    elems: Vec<V>,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V> Default for PrimaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityRef, V> PrimaryMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        PrimaryMap { elems: Vec::new(), _k: PhantomData }
    }
    /// An empty map with room for `n` entities.
    pub fn with_capacity(n: usize) -> Self {
        PrimaryMap { elems: Vec::with_capacity(n), _k: PhantomData }
    }
    /// Allocates a new entity holding `v`.
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.elems.len());
        self.elems.push(v);
        k
    }
    /// Releases spare capacity.
    pub fn shrink_to_fit(&mut self) {
        self.elems.shrink_to_fit();
    }

    /// Number of entities ever allocated.
    pub fn len(&self) -> usize {
        self.elems.len()
    }
    /// True if no entity was allocated.
    pub fn is_empty(&self) -> bool {
        self.elems.is_empty()
    }
    /// The entity that the next `push` will return.
    pub fn next_key(&self) -> K {
        K::new(self.elems.len())
    }
    /// Whether `k` was allocated by this map.
    pub fn is_valid(&self, k: K) -> bool {
        k.index() < self.elems.len()
    }
    /// Data of `k`, if allocated.
    pub fn get(&self, k: K) -> Option<&V> {
        self.elems.get(k.index())
    }
    /// Mutable data of `k`, if allocated.
    pub fn get_mut(&mut self, k: K) -> Option<&mut V> {
        self.elems.get_mut(k.index())
    }
    /// All entities in id order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator + use<K, V> {
        (0..self.elems.len()).map(K::new)
    }
    /// All data in id order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.elems.iter()
    }
    /// All data in id order, mutably.
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, V> {
        self.elems.iter_mut()
    }
    /// `(entity, data)` pairs in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (K, &V)> + ExactSizeIterator {
        self.elems.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// `(entity, data)` pairs in id order, mutably.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (K, &mut V)> + ExactSizeIterator {
        self.elems.iter_mut().enumerate().map(|(i, v)| (K::new(i), v))
    }
}

impl<K: EntityRef, V> Index<K> for PrimaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.elems[k.index()]
    }
}

impl<K: EntityRef, V> IndexMut<K> for PrimaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.elems[k.index()]
    }
}

impl<K: EntityRef, V: fmt::Debug> fmt::Debug for PrimaryMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Side data for entities owned by some [`PrimaryMap`]. Reading an entity the
/// map has never stored gives the default value; writing grows the map.
#[derive(Clone)]
pub struct SecondaryMap<K: EntityRef, V: Clone> {
    elems: Vec<V>,
    default: V,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityRef, V: Clone + Default> SecondaryMap<K, V> {
    /// An empty map whose default is `V::default()`.
    pub fn new() -> Self {
        Self::with_default(V::default())
    }
    /// An empty map with room for `n` entities.
    pub fn with_capacity(n: usize) -> Self {
        SecondaryMap { elems: Vec::with_capacity(n), default: V::default(), _k: PhantomData }
    }
}

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    /// An empty map whose unset entries read as `default`.
    pub fn with_default(default: V) -> Self {
        SecondaryMap { elems: Vec::new(), default, _k: PhantomData }
    }
    /// Resizes so that every entity below `n` is stored explicitly.
    pub fn resize(&mut self, n: usize) {
        if self.elems.len() < n {
            self.elems.resize(n, self.default.clone());
        }
    }
    /// Forgets all entries.
    pub fn clear(&mut self) {
        self.elems.clear();
    }
    /// Releases spare capacity.
    pub fn shrink_to_fit(&mut self) {
        self.elems.shrink_to_fit();
    }
    /// `(entity, data)` pairs for every stored entity, in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (K, &V)> {
        self.elems.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// Data for every stored entity, in id order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.elems.iter()
    }
}

impl<K: EntityRef, V: Clone> Index<K> for SecondaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        self.elems.get(k.index()).unwrap_or(&self.default)
    }
}

impl<K: EntityRef, V: Clone> IndexMut<K> for SecondaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.elems.len() {
            self.elems.resize(i + 1, self.default.clone());
        }
        &mut self.elems[i]
    }
}

impl<K: EntityRef, V: Clone + fmt::Debug> fmt::Debug for SecondaryMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A dense set of entities (a bitset), iterated in id order.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct EntitySet<K: EntityRef> {
    bits: fixedbitset::FixedBitSet,
    _k: PhantomData<K>,
}

impl<K: EntityRef> EntitySet<K> {
    /// An empty set.
    pub fn new() -> Self {
        EntitySet { bits: fixedbitset::FixedBitSet::new(), _k: PhantomData }
    }
    /// An empty set sized for `n` entities.
    pub fn with_capacity(n: usize) -> Self {
        EntitySet { bits: fixedbitset::FixedBitSet::with_capacity(n), _k: PhantomData }
    }
    /// Adds `k`; returns true if it was not present.
    pub fn insert(&mut self, k: K) -> bool {
        let i = k.index();
        if i >= self.bits.len() {
            self.bits.grow(i + 1);
        }
        !self.bits.put(i)
    }
    /// Removes `k`; returns true if it was present.
    pub fn remove(&mut self, k: K) -> bool {
        let i = k.index();
        if i >= self.bits.len() {
            return false;
        }
        let was = self.bits.contains(i);
        self.bits.set(i, false);
        was
    }
    /// Whether `k` is in the set.
    #[inline]
    pub fn contains(&self, k: K) -> bool {
        self.bits.contains(k.index())
    }
    /// Removes everything.
    pub fn clear(&mut self) {
        self.bits.clear();
    }
    /// True if the set has no members.
    pub fn is_empty(&self) -> bool {
        self.bits.is_clear()
    }
    /// Number of members.
    pub fn len(&self) -> usize {
        self.bits.count_ones(..)
    }
    /// Members in id order.
    pub fn iter(&self) -> impl Iterator<Item = K> + '_ {
        self.bits.ones().map(K::new)
    }
}

impl<K: EntityRef> fmt::Debug for EntitySet<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<K: EntityRef> FromIterator<K> for EntitySet<K> {
    fn from_iter<I: IntoIterator<Item = K>>(iter: I) -> Self {
        let mut s = EntitySet::new();
        for k in iter {
            s.insert(k);
        }
        s
    }
}

/// An `Option<K>` packed into the entity's own `u32` (`u32::MAX` means none).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PackedOption<K: EntityRef>(u32, PhantomData<K>);

impl<K: EntityRef> Default for PackedOption<K> {
    fn default() -> Self {
        PackedOption(u32::MAX, PhantomData)
    }
}

impl<K: EntityRef> PackedOption<K> {
    /// The empty value.
    pub const NONE: Self = PackedOption(u32::MAX, PhantomData);
    /// Unpacks.
    #[inline]
    pub fn expand(self) -> Option<K> {
        if self.0 == u32::MAX { None } else { Some(K::new(self.0 as usize)) }
    }
    /// True if empty.
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == u32::MAX
    }
    /// True if not empty.
    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != u32::MAX
    }
}

impl<K: EntityRef> From<Option<K>> for PackedOption<K> {
    #[inline]
    fn from(o: Option<K>) -> Self {
        match o {
            Some(k) => PackedOption(k.index() as u32, PhantomData),
            None => Self::NONE,
        }
    }
}

impl<K: EntityRef> From<K> for PackedOption<K> {
    #[inline]
    fn from(k: K) -> Self {
        PackedOption(k.index() as u32, PhantomData)
    }
}

impl<K: EntityRef> fmt::Debug for PackedOption<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expand().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    entity_impl!(E, "e");

    #[test]
    fn raw_round_trip() {
        assert_eq!(E::from_u32(3).as_u32(), 3);
    }

    #[test]
    fn primary_and_secondary() {
        let mut p: PrimaryMap<E, &str> = PrimaryMap::new();
        let a = p.push("a");
        let b = p.push("b");
        assert_eq!(p[a], "a");
        assert_eq!(p.keys().collect::<Vec<_>>(), vec![a, b]);
        let mut s: SecondaryMap<E, u32> = SecondaryMap::new();
        assert_eq!(s[b], 0);
        s[b] = 7;
        assert_eq!(s[b], 7);
        assert_eq!(s[a], 0);
    }

    #[test]
    fn sets_and_packed() {
        let mut s = EntitySet::new();
        assert!(s.insert(E::new(5)));
        assert!(!s.insert(E::new(5)));
        assert!(s.contains(E::new(5)));
        assert!(!s.contains(E::new(99)));
        assert!(s.remove(E::new(5)));
        assert!(s.is_empty());
        let p: PackedOption<E> = Some(E::new(3)).into();
        assert_eq!(p.expand(), Some(E::new(3)));
        assert!(PackedOption::<E>::NONE.is_none());
    }
}

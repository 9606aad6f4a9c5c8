//! A cache under a byte budget: each value is charged the bytes it holds, and past the budget
//! the least recently used values are dropped. A dropped value is made again when next asked
//! for, so what a cache built on this answers never changes, only how often it is remade: the
//! ContextBench caches (an instance's files, the run's blocks by content) were bounded only by
//! the checkouts (docs/performance.md).

use super::FastMap as HashMap;
use std::borrow::Borrow;
use std::collections::BTreeMap;
use std::hash::Hash;

/// Values by key, the least recently used dropped while the charges pass `budget`; the most
/// recently used value is always kept (it is the one being used), even alone over the budget.
pub struct Lru<K, V> {
    map: HashMap<K, Slot<V>>,
    /// Keys by their last use, oldest first (a clock tick is never reused).
    order: BTreeMap<u64, K>,
    clock: u64,
    used: usize,
    budget: usize,
}

struct Slot<V> {
    value: V,
    cost: usize,
    used: u64,
}

impl<K: Hash + Eq + Clone, V> Lru<K, V> {
    pub fn new(budget: usize) -> Lru<K, V> {
        Lru {
            map: HashMap::default(),
            order: BTreeMap::new(),
            clock: 0,
            used: 0,
            budget,
        }
    }

    /// The value of `k`, which becomes the most recently used.
    pub fn get<Q>(&mut self, k: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let slot = self.map.get_mut(k)?;
        self.clock += 1;
        if let Some(key) = self.order.remove(&slot.used) {
            self.order.insert(self.clock, key);
        }
        slot.used = self.clock;
        Some(&mut slot.value)
    }

    /// Keeps `v` under `k` as the most recently used, charged `cost` bytes (replacing what `k`
    /// held), then drops the least recently used others while over the budget.
    pub fn insert(&mut self, k: K, v: V, cost: usize) {
        if let Some(old) = self.map.remove(&k) {
            self.order.remove(&old.used);
            self.used -= old.cost;
        }
        self.clock += 1;
        self.order.insert(self.clock, k.clone());
        let used = self.clock;
        self.map.insert(
            k,
            Slot {
                value: v,
                cost,
                used,
            },
        );
        self.used += cost;
        self.shrink();
    }

    /// Charges `k` `extra` bytes more (its value grew), making it the most recently used, then
    /// drops others while over the budget. Nothing when `k` was dropped meanwhile.
    pub fn charge<Q>(&mut self, k: &Q, extra: usize)
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        if self.get(k).is_none() {
            return;
        }
        if let Some(slot) = self.map.get_mut(k) {
            slot.cost += extra;
            self.used += extra;
        }
        self.shrink();
    }

    fn shrink(&mut self) {
        while self.used > self.budget && self.order.len() > 1 {
            let Some((_, key)) = self.order.pop_first() else {
                break;
            };
            if let Some(slot) = self.map.remove(&key) {
                self.used -= slot.cost;
            }
        }
    }

    /// The bytes charged to the values kept.
    pub fn used(&self) -> usize {
        self.used
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.map.len()
    }
}

#[cfg(test)]
mod tests;

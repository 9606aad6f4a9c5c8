//! What the guided walk needs to know about a language, derived from its units query and its
//! grammar's `node-types.json`: which node kinds can start a query pattern (candidates), and which
//! kinds can have a candidate somewhere below them (worth descending into).
//!
//! A query cursor visits every node of the tree; most of them are expressions, which in most
//! grammars can never contain a definition. Deriving both sets from the query and the grammar
//! (instead of a hand-written list) keeps `grammars/<lang>/units.scm` the only source of truth.

use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use tree_sitter::{Language, Query};

/// Per-kind-id flags for one language.
#[derive(Debug)]
pub(crate) struct Plan {
    /// A pattern of the query can start at a node of this kind.
    candidate: Vec<bool>,
    /// A node of this kind may have a candidate among its descendants.
    descend: Vec<bool>,
}

impl Plan {
    pub(crate) fn is_candidate(&self, kind_id: u16) -> bool {
        self.candidate
            .get(usize::from(kind_id))
            .copied()
            .unwrap_or(true)
    }

    /// Unknown kinds (ERROR, ids past the table) are always descended into.
    pub(crate) fn descend(&self, kind_id: u16) -> bool {
        self.descend
            .get(usize::from(kind_id))
            .copied()
            .unwrap_or(true)
    }

    /// The plan for `query` over `language`, or `None` when a pattern's root is not a plain
    /// named node (`(_ …)`, `[…]`, a string): then every node is a candidate and the caller
    /// uses the plain query cursor.
    pub(crate) fn new(
        language: &Language,
        query: &Query,
        source: &str,
        node_types: &str,
    ) -> Option<Plan> {
        let roots = pattern_roots(query, source)?;
        let types: Vec<NodeType> = serde_json::from_str(node_types).ok()?;
        let may_contain = may_contain(&types, &roots);
        let known: HashSet<&str> = types
            .iter()
            .filter(|t| t.named)
            .map(|t| t.kind.as_str())
            .collect();
        let count = language.node_kind_count();
        let mut plan = Plan {
            candidate: vec![false; count],
            descend: vec![true; count],
        };
        for id in 0..count {
            let Ok(id16) = u16::try_from(id) else { break };
            let Some(name) = language.node_kind_for_id(id16) else {
                continue;
            };
            if !language.node_kind_is_named(id16) {
                // Anonymous nodes are tokens; descending into one that has no children is free.
                continue;
            }
            plan.candidate[id] = roots.contains(name);
            // A named kind missing from node-types.json (ERROR, an internal alias) is
            // descended into: only what the grammar documents is pruned.
            plan.descend[id] = !known.contains(name) || may_contain.contains(name);
        }
        Some(plan)
    }
}

/// The root node kind of every pattern, read from the query source at each pattern's start.
fn pattern_roots(query: &Query, source: &str) -> Option<HashSet<String>> {
    let mut roots = HashSet::new();
    for i in 0..query.pattern_count() {
        let text = source.get(query.start_byte_for_pattern(i)..)?;
        let rest = text.strip_prefix('(')?.trim_start();
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() || name == "_" {
            return None;
        }
        roots.insert(name);
    }
    Some(roots)
}

#[derive(Deserialize)]
struct NodeType {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
    #[serde(default)]
    root: bool,
    #[serde(default)]
    fields: HashMap<String, Children>,
    children: Option<Children>,
    #[serde(default)]
    subtypes: Vec<TypeRef>,
}

#[derive(Deserialize)]
struct Children {
    types: Vec<TypeRef>,
}

#[derive(Deserialize)]
struct TypeRef {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
}

/// Named kinds that may have a node of a `roots` kind below them, by a fixpoint over the
/// grammar's parent → child relation (supertypes expanded to their subtypes). Extras (comments,
/// heredocs: named kinds that are nobody's child and not the root) may appear under any node,
/// so if one of them can hold a candidate, every kind may.
fn may_contain(types: &[NodeType], roots: &HashSet<String>) -> HashSet<String> {
    let mut children: HashMap<&str, Vec<&str>> = HashMap::new();
    for t in types.iter().filter(|t| t.named) {
        let refs = t
            .fields
            .values()
            .chain(t.children.iter())
            .flat_map(|c| c.types.iter())
            .chain(t.subtypes.iter());
        let list = children.entry(&t.kind).or_default();
        list.extend(refs.filter(|r| r.named).map(|r| r.kind.as_str()));
    }
    let listed: HashSet<&str> = children.values().flatten().copied().collect();
    let extras: Vec<&str> = types
        .iter()
        .filter(|t| t.named && !t.root && !listed.contains(t.kind.as_str()))
        .map(|t| t.kind.as_str())
        .collect();
    for list in children.values_mut() {
        list.extend(extras.iter().copied());
    }
    // Fixpoint: a kind may contain a candidate if a child is one or may contain one.
    let mut found: HashSet<&str> = HashSet::new();
    loop {
        let before = found.len();
        for (parent, kids) in &children {
            if !found.contains(parent)
                && kids.iter().any(|k| roots.contains(*k) || found.contains(k))
            {
                found.insert(parent);
            }
        }
        if found.len() == before {
            break;
        }
    }
    found.into_iter().map(str::to_string).collect()
}

#[cfg(test)]
mod tests;

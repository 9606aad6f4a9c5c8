//! Turns a parsed tree into units: runs the language's query, merges captures that name the same
//! definition, computes 1-based line ranges and nesting depth.
//!
//! Query conventions (see `grammars/README.md`): each pattern captures the whole definition with
//! `@<kind>` and its name with `@name`. Optional extras: `@impl_trait` (prefixed to the name as
//! `"<trait> for <name>"`, for Rust trait impls) and the kind suffix `.open` (a definition without
//! a body — PHP `namespace X;` — runs until the next sibling of the same kind or its parent's end).

mod units;

use crate::plan::Plan;
use crate::{Lang, Unit};
use std::collections::HashMap;
use std::ops::Range;
use tree_sitter::{
    InputEdit, Node, Point, Query, QueryCursor, QueryMatch, StreamingIterator, Tree,
};
pub(crate) use units::{count_errors, to_units};

/// One unit before depth is known, with byte offsets and points so that an edit can shift it.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    kind: String,
    name: String,
    pub(crate) start_byte: usize,
    pub(crate) end_byte: usize,
    start_point: Point,
    end_point: Point,
    /// Lowest pattern index that produced it: earlier patterns are more specific and win the kind.
    pattern: usize,
}

impl Found {
    /// Moves a unit lying wholly after an edit by the edit's byte and row/column delta.
    pub(crate) fn shift(&mut self, edit: &InputEdit) {
        edit.edit_point(&mut self.start_point, &mut self.start_byte);
        edit.edit_point(&mut self.end_point, &mut self.end_byte);
    }

    /// Closed-interval overlap with bytes `lo..=hi`.
    pub(crate) fn touches(&self, lo: usize, hi: usize) -> bool {
        self.start_byte <= hi && self.end_byte >= lo
    }
}

/// Units of `tree`, sorted by (start, depth).
pub(crate) fn extract(lang: Lang, query: &Query, tree: &Tree, source: &str) -> Vec<Unit> {
    let mut found = find(lang, query, tree, source, None);
    sort_found(&mut found);
    to_units(&found)
}

/// [`extract`] by the plain query cursor (the reference the guided walk is checked against).
pub(crate) fn extract_with_cursor(query: &Query, tree: &Tree, source: &str) -> Vec<Unit> {
    let mut found = find_with_cursor(query, tree, source, None);
    sort_found(&mut found);
    to_units(&found)
}

/// Outer before inner: by start byte, then longest first (the order [`to_units`] expects).
pub(crate) fn sort_found(found: &mut [Found]) {
    found.sort_by(order);
}

/// [`sort_found`]'s order. Two units over the same bytes (a C++ function whose declarator
/// error recovery nested in another, each named) are ordered by pattern, name and kind: the
/// collector hands them over in hash order, so without this a parse and a re-parse of the same
/// text could nest them either way round.
fn order(a: &Found, b: &Found) -> std::cmp::Ordering {
    a.start_byte
        .cmp(&b.start_byte)
        .then(b.end_byte.cmp(&a.end_byte))
        .then(a.pattern.cmp(&b.pattern))
        .then_with(|| a.name.cmp(&b.name))
        .then_with(|| a.kind.cmp(&b.kind))
}

/// Merges two lists each sorted by [`sort_found`] order into one.
pub(crate) fn merge_sorted(a: Vec<Found>, b: Vec<Found>) -> Vec<Found> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    loop {
        let take_a = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => order(x, y).is_le(),
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => return out,
        };
        out.extend(if take_a { a.next() } else { b.next() });
    }
}

/// Definitions the query matches, optionally only where nodes intersect `range` (bytes): by the
/// guided walk when the language has a plan, else by the plain query cursor.
pub(crate) fn find(
    lang: Lang,
    query: &Query,
    tree: &Tree,
    source: &str,
    range: Option<Range<usize>>,
) -> Vec<Found> {
    match lang.plan() {
        Some(plan) => find_guided(plan, query, tree, source, range),
        None => find_with_cursor(query, tree, source, range),
    }
}

/// The reference path: one query cursor over the whole tree, which visits every node.
pub(crate) fn find_with_cursor(
    query: &Query,
    tree: &Tree,
    source: &str,
    range: Option<Range<usize>>,
) -> Vec<Found> {
    let mut cursor = QueryCursor::new();
    if let Some(r) = range {
        cursor.set_byte_range(r);
    }
    let mut found = Collector::new(query, source);
    found.scan_siblings = true;
    let mut matches = cursor.matches(query, tree.root_node(), source.as_bytes());
    while let Some(m) = matches.next() {
        found.add(m);
    }
    found.finish()
}

/// The guided walk: a tree cursor that descends only into kinds that may contain a candidate
/// (and into anything with a syntax error, where recovery may put a definition anywhere), and
/// runs the query, with patterns starting at that node only, on each candidate. The same
/// matches as [`find_with_cursor`] (the differential test checks it), without visiting every
/// expression.
fn find_guided(
    plan: &Plan,
    query: &Query,
    tree: &Tree,
    source: &str,
    range: Option<Range<usize>>,
) -> Vec<Found> {
    let mut cursor = QueryCursor::new();
    cursor.set_max_start_depth(Some(0));
    let mut unranged = QueryCursor::new();
    unranged.set_max_start_depth(Some(0));
    if let Some(r) = &range {
        cursor.set_byte_range(r.clone());
    }
    let mut found = Collector::new(query, source);
    let mut walk = tree.walk();
    // Per level of the walk: the first decorator of the run of sibling decorators just passed.
    let mut runs: Vec<Option<Node>> = vec![None];
    loop {
        let node = walk.node();
        let run = runs.last_mut().expect("one run per level");
        found.lead = match node.kind() {
            "decorator" => {
                run.get_or_insert(node);
                None
            }
            "comment" => None,
            _ if !node.is_named() => None,
            _ => run.take().map(|d| (node.id(), d)),
        };
        let start = found
            .lead
            .map_or(node.start_byte(), |(_, d)| d.start_byte());
        // Closed-interval overlap: a superset of the cursor's own test, which then decides.
        let inside = range
            .as_ref()
            .is_none_or(|r| start <= r.end && node.end_byte() >= r.start);
        let id = node.kind_id();
        if inside && plan.is_candidate(id) {
            // A node inside the range only by its decorators: the ranged cursor would not see it.
            let by_lead = range.as_ref().is_some_and(|r| node.start_byte() > r.end);
            let c = if by_lead { &mut unranged } else { &mut cursor };
            let mut matches = c.matches(query, node, source.as_bytes());
            while let Some(m) = matches.next() {
                found.add(m);
            }
        }
        if inside && (plan.descend(id) || node.has_error()) && walk.goto_first_child() {
            runs.push(None);
            continue;
        }
        while !walk.goto_next_sibling() {
            if !walk.goto_parent() {
                return found.finish();
            }
            runs.pop();
        }
    }
}

/// The first of the decorators written just before `node` as its siblings, comments between
/// them included: tree-sitter-typescript puts a class member's decorators beside it in the class
/// body, and both grammars put those of `@dec export class` in the export statement. By sibling
/// scan, for the plain query cursor (the guided walk tracks the run as it passes it).
fn first_sibling_decorator(node: Node) -> Option<Node> {
    let mut first = None;
    let mut prev = node.prev_named_sibling();
    while let Some(p) = prev {
        match p.kind() {
            "decorator" => first = Some(p),
            "comment" => {}
            _ => break,
        }
        prev = p.prev_named_sibling();
    }
    first
}

/// Turns matches into [`Found`]s, merging those that name the same definition.
struct Collector<'a> {
    names: &'a [&'a str],
    source: &'a str,
    // Keyed by the name node: a decorated Python method matches both the bare and the decorated
    // pattern, and both describe the same definition.
    by_name: HashMap<usize, Found>,
    /// The node the guided walk is at, and the first decorator written before it as a sibling:
    /// a unit captured at that node starts there (docs/units.md: a unit starts at its first
    /// decorator).
    lead: Option<(usize, Node<'a>)>,
    /// Find those decorators by sibling scan instead (the plain query cursor).
    scan_siblings: bool,
}

impl<'a> Collector<'a> {
    fn new(query: &'a Query, source: &'a str) -> Self {
        Collector {
            names: query.capture_names(),
            source,
            by_name: HashMap::new(),
            lead: None,
            scan_siblings: false,
        }
    }

    fn add(&mut self, m: &QueryMatch<'_, 'a>) {
        let (mut unit, mut name, mut trait_) = (None, None, None);
        for c in m.captures() {
            match self.names[c.index as usize] {
                "name" => name = Some(c.node),
                "impl_trait" => trait_ = Some(c.node),
                kind => unit = Some((kind, c.node)),
            }
        }
        let (Some((kind, node)), Some(name_node)) = (unit, name) else {
            return;
        };
        // A name tree-sitter had to invent (MISSING, empty) is no name: C++'s anonymous
        // `enum : unsigned { … }`, which tree-sitter-cpp reads as an enum missing its name, is
        // anonymous, so no unit (it was one named "").
        if name_node.is_missing() {
            return;
        }
        let (kind, (end_byte, end_point)) = match kind.strip_suffix(".open") {
            Some(k) => (k, open_end(node)),
            None => (kind, (node.end_byte(), node.end_position())),
        };
        let mut text = node_text(name_node, self.source);
        if let Some(t) = trait_ {
            text = format!("{} for {text}", node_text(t, self.source));
        }
        let lead = match self.lead {
            Some((at, d)) if at == node.id() => Some(d),
            _ if self.scan_siblings => first_sibling_decorator(node),
            _ => None,
        };
        let first = lead.unwrap_or(node);
        let found = Found {
            kind: kind.to_string(),
            name: text,
            start_byte: first.start_byte(),
            end_byte,
            start_point: first.start_position(),
            end_point,
            pattern: m.pattern_index,
        };
        match self.by_name.get_mut(&name_node.id()) {
            None => {
                self.by_name.insert(name_node.id(), found);
            }
            Some(old) => merge(old, found),
        }
    }

    fn finish(self) -> Vec<Found> {
        self.by_name.into_values().collect()
    }
}

/// Widest range of the two; kind and name from the more specific (earlier) pattern.
fn merge(old: &mut Found, new: Found) {
    if new.pattern < old.pattern {
        old.kind = new.kind;
        old.name = new.name;
        old.pattern = new.pattern;
    }
    if new.start_byte < old.start_byte {
        old.start_byte = new.start_byte;
        old.start_point = new.start_point;
    }
    if new.end_byte > old.end_byte {
        old.end_byte = new.end_byte;
        old.end_point = new.end_point;
    }
}

/// End of a body-less definition: just before the next sibling of the same kind, else the
/// parent's end.
fn open_end(node: Node) -> (usize, Point) {
    let mut next = node.next_named_sibling();
    while let Some(n) = next {
        if n.kind_id() == node.kind_id() {
            return (n.start_byte(), n.start_position());
        }
        next = n.next_named_sibling();
    }
    node.parent()
        .map_or((node.end_byte(), node.end_position()), |p| {
            (p.end_byte(), p.end_position())
        })
}

fn node_text(node: Node, source: &str) -> String {
    source
        .get(node.byte_range())
        .unwrap_or_default()
        .to_string()
}

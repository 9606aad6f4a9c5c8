//! Loc-Bench names through the workspace's units: the function (LocAgent's "entity") and module a
//! line belongs to, as LocAgent's oracle names them (`get_module_from_line_number_with_file_structure`,
//! without classes or `__init__` merging): a line in a method of a top-level class is
//! `Class.method` (module `Class`), a line in a top-level function `func` (module `func`); a line
//! in a class body outside its methods, or in no definition, names nothing. Nested definitions
//! count as their outermost function or method. Pure: units arrive as values.

use crate::Unit;
use readcov_core::LineSet;
use std::collections::{BTreeMap, BTreeSet};

/// (module, function) of `line` in `units` (sorted by (start, depth)), by LocAgent's rule.
pub fn entity_at(units: &[Unit], line: u32) -> Option<(String, String)> {
    let top = units.iter().find(|u| u.depth == 0 && u.contains(line))?;
    if is_function(top) {
        return Some((top.name.clone(), top.name.clone()));
    }
    if top.kind != "class" {
        return None;
    }
    let method = units
        .iter()
        .find(|u| u.depth == 1 && is_function(u) && u.contains(line) && top.contains(u.start))?;
    Some((top.name.clone(), format!("{}.{}", top.name, method.name)))
}

fn is_function(u: &Unit) -> bool {
    matches!(u.kind.as_str(), "function" | "method")
}

/// Files, modules and functions (`path:Name`) of gold lines, in reading order, each once. A gold
/// file without units gives its file name only.
pub fn names_of_lines(
    lines: &BTreeMap<String, LineSet>,
    units: &BTreeMap<String, Vec<Unit>>,
) -> (Vec<String>, Vec<String>, Vec<String>) {
    let (mut files, mut modules, mut functions) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen = BTreeSet::new();
    for (path, set) in lines.iter().filter(|(_, s)| !s.is_empty()) {
        files.push(path.clone());
        let Some(us) = units.get(path) else {
            continue;
        };
        // Only the lines where a definition starts or a run of gold lines starts can change the
        // answer, but gold is small: ask each line.
        for iv in set.intervals() {
            for line in iv.start..=iv.end {
                if let Some((m, f)) = entity_at(us, line) {
                    let f = format!("{path}:{f}");
                    if seen.insert(f.clone()) {
                        let m = format!("{path}:{m}");
                        if !modules.contains(&m) {
                            modules.push(m);
                        }
                        functions.push(f);
                    }
                }
            }
        }
    }
    (files, modules, functions)
}

/// Every module and function name a file defines (`Class`, `Class.method`, `func`), to tell a
/// predicted name the workspace has from one it lacks.
pub fn defined_names(units: &[Unit]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for u in units.iter().filter(|u| u.depth == 0) {
        if is_function(u) || u.kind == "class" {
            out.insert(u.name.clone());
        }
        if u.kind == "class" {
            for m in units
                .iter()
                .filter(|m| m.depth == 1 && is_function(m) && u.contains(m.start))
            {
                out.insert(format!("{}.{}", u.name, m.name));
            }
        }
    }
    out
}

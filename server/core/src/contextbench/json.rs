//! Output rows and summaries as JSON, keys in the reference evaluator's order and with its
//! names (`final.{file,symbol,span,line}`, `trajectory.{steps,auc_coverage,redundancy}`,
//! `editloc`). The reference's numbers sit at the top level; readcov's clean numbers under
//! `clean` (`null` = unscored). A level that is off (no checkout, no blocks) is left out.

use super::batch::{InstanceResult, Summary};
use super::evaluate::{Evaluation, Level};
use super::{Mode, LEVELS};

/// A JSON object written in the order its members are pushed, straight into its text: each
/// member went through a `(String, String)` pair, a `format!` and a `join` (a tenth of a
/// real-size run's CPU, docs/performance.md "Session 37"), for the same bytes.
struct Obj(String);

impl Default for Obj {
    fn default() -> Obj {
        Obj(String::from("{"))
    }
}

impl Obj {
    fn put(mut self, k: &str, v: String) -> Obj {
        self.put_str(k, &v);
        self
    }
    fn put_str(&mut self, k: &str, v: &str) {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        key_into(&mut self.0, k);
        self.0.push(':');
        self.0.push_str(v);
    }
    fn done(mut self) -> String {
        self.0.push('}');
        self.0
    }
}

/// `k` as a JSON string: the key's bytes between quotes when nothing in it needs escaping (every
/// key written here), else serde_json's escaping, as before.
fn key_into(out: &mut String, k: &str) {
    if k.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push('"');
        out.push_str(k);
        out.push('"');
    } else {
        out.push_str(&serde_json::to_string(k).expect("string"));
    }
}

fn num(v: Option<f64>) -> String {
    match v {
        Some(x) if x.is_finite() => serde_json::to_string(&x).expect("finite"),
        _ => "null".into(),
    }
}

fn level(l: &Level) -> String {
    Obj::default()
        .put("coverage", num(l.coverage))
        .put("precision", num(l.precision))
        .put("intersection", l.intersection.to_string())
        .put("gold_size", l.gold_size.to_string())
        .put("pred_size", l.pred_size.to_string())
        .done()
}

/// Per-level values of the levels that are on.
fn per_level(on: &[bool; 4], v: &[Option<f64>; 4]) -> String {
    let mut o = Obj::default();
    for l in (0..4).filter(|&l| on[l]) {
        o = o.put(LEVELS[l], num(v[l]));
    }
    o.done()
}

/// `num_steps`, `final`, `trajectory`, `editloc` (and `usage_drop` in clean) of one mode.
fn body(mut o: Obj, e: &Evaluation, mode: Mode) -> Obj {
    let mut fin = Obj::default();
    for (x, name) in e.final_.iter().zip(LEVELS) {
        if let Some(x) = x {
            fin = fin.put(name, level(x));
        }
    }
    let mut steps = String::from("[");
    for (i, c) in e.trajectory.steps.iter().enumerate() {
        if i > 0 {
            steps.push(',');
        }
        let mut step = Obj::default();
        step.put_str("step", &(i + 1).to_string());
        step.put_str("coverage", &per_level(&e.on, c));
        steps.push_str(&step.done());
    }
    steps.push(']');
    let traj = Obj::default()
        .put("steps", steps)
        .put("auc_coverage", per_level(&e.on, &e.trajectory.auc))
        .put("redundancy", per_level(&e.on, &e.trajectory.redundancy))
        .done();
    o = o
        .put("num_steps", e.num_steps.to_string())
        .put("final", fin.done())
        .put("trajectory", traj);
    if let Some(x) = &e.editloc {
        o = o.put(
            "editloc",
            Obj::default()
                .put("recall", num(x.recall))
                .put("precision", num(x.precision))
                .put("intersection", x.intersection.to_string())
                .put("gold_size", x.gold_size.to_string())
                .put("pred_size", x.pred_size.to_string())
                .done(),
        );
    }
    if mode == Mode::Clean {
        o = o.put("usage_drop", num(e.usage_drop));
    }
    o
}

/// One output row: the reference's row (or `{instance_id, error}`) plus `clean`.
pub fn row_json(r: &InstanceResult) -> String {
    let mut o = Obj::default().put(
        "instance_id",
        serde_json::to_string(&r.instance_id).expect("string"),
    );
    if let Some(run) = &r.run {
        o = o.put("run", serde_json::to_string(run).expect("string"));
    }
    match &r.compat {
        Err(e) => return o.put("error", format!("\"{}\"", e.as_str())).done(),
        Ok(e) => o = body(o, e, Mode::Compat),
    }
    match &r.clean {
        Ok(e) => o
            .put("clean", body(Obj::default(), e, Mode::Clean).done())
            .done(),
        Err(e) => o
            .put("clean", format!("{{\"error\":\"{}\"}}", e.as_str()))
            .done(),
    }
}

/// A summary of one mode: `micro` (the evaluator's aggregate, same keys) and `macro`.
pub fn summary_json(s: &Summary, mode: Mode) -> String {
    let m = &s.micro;
    let mut micro = Obj::default()
        .put("num_valid", m.num_valid.to_string())
        .put("num_total", m.num_total.to_string());
    for (l, name) in LEVELS.iter().enumerate() {
        if let Some((c, p)) = m.final_[l] {
            micro = micro
                .put(
                    &format!("final_{name}"),
                    Obj::default()
                        .put("coverage", num(c))
                        .put("precision", num(p))
                        .done(),
                )
                .put(&format!("traj_auc_{name}"), num(m.traj_auc[l]))
                .put(
                    &format!("traj_redundancy_{name}"),
                    num(m.traj_redundancy[l]),
                );
        }
    }
    if let Some((r, p)) = m.editloc {
        micro = micro.put(
            "editloc",
            Obj::default()
                .put("recall", num(r))
                .put("precision", num(p))
                .done(),
        );
    }
    let a = &s.macro_;
    let mut mac = Obj::default().put("num_total", a.num_total.to_string());
    for (l, name) in LEVELS.iter().enumerate() {
        if let Some([c, p, f]) = a.final_[l] {
            mac = mac.put(
                name,
                Obj::default()
                    .put("coverage", num(c))
                    .put("precision", num(p))
                    .put("f1", num(f))
                    .put("auc_coverage", num(a.auc[l]))
                    .put("redundancy", num(a.redundancy[l]))
                    .done(),
            );
        }
    }
    if let Some([r, p, f]) = a.editloc {
        mac = mac.put(
            "editloc",
            Obj::default()
                .put("recall", num(r))
                .put("precision", num(p))
                .put("f1", num(f))
                .done(),
        );
    }
    if mode == Mode::Clean {
        mac = mac.put("usage_drop", num(a.usage_drop));
    }
    let label = match mode {
        Mode::Compat => "compat",
        Mode::Clean => "clean",
    };
    Obj::default()
        .put("summary", format!("\"{label}\""))
        .put("micro", micro.done())
        .put("macro", mac.done())
        .done()
}

#[cfg(test)]
mod tests;

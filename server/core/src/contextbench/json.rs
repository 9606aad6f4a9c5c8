//! Output rows and summaries as JSON, keys in the reference evaluator's order and with its
//! names (`final.{file,symbol,span,line}`, `trajectory.{steps,auc_coverage,redundancy}`,
//! `editloc`). The reference's numbers sit at the top level; readcov's clean numbers under
//! `clean` (`null` = unscored). A level that is off (no checkout, no blocks) is left out.

use super::batch::{InstanceResult, Summary};
use super::evaluate::{Evaluation, Level};
use super::{Mode, LEVELS};

/// A JSON object written in the order its members are pushed, straight into the row's text:
/// each member went through a `(String, String)` pair, a `format!` and a `join` (a tenth of a
/// real-size run's CPU, docs/performance.md "Session 37"), then each nested object was its own
/// `String` copied into its parent's (~5% of a run's instructions, session 39). Now a nested
/// object is written in place by [`Obj::obj`]; the bytes are the same.
struct Obj<'a> {
    out: &'a mut String,
    empty: bool,
}

impl<'a> Obj<'a> {
    fn open(out: &'a mut String) -> Obj<'a> {
        out.push('{');
        Obj { out, empty: true }
    }
    /// Writes `"k":` (after a comma unless first) and gives the text to write the value into.
    fn key(&mut self, k: &str) -> &mut String {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        key_into(self.out, k);
        self.out.push(':');
        self.out
    }
    /// A member whose value is already JSON text.
    fn put_str(&mut self, k: &str, v: &str) {
        self.key(k).push_str(v);
    }
    fn int(&mut self, k: &str, v: i64) {
        int_into(self.key(k), v);
    }
    fn num(&mut self, k: &str, v: Option<f64>) {
        num_into(self.key(k), v);
    }
    /// A member whose value is an object, written in place (close it before the next member).
    fn obj(&mut self, k: &str) -> Obj<'_> {
        Obj::open(self.key(k))
    }
    fn close(self) {
        self.out.push('}');
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

/// An integer as `to_string` writes it.
fn int_into(out: &mut String, v: i64) {
    use std::fmt::Write;
    write!(out, "{v}").expect("a String takes every write");
}

/// A number as serde_json writes it; `null` for none and for what JSON cannot hold.
fn num_into(out: &mut String, v: Option<f64>) {
    match v {
        Some(x) if x.is_finite() => out.push_str(&serde_json::to_string(&x).expect("finite")),
        _ => out.push_str("null"),
    }
}

fn level(mut o: Obj<'_>, l: &Level) {
    o.num("coverage", l.coverage);
    o.num("precision", l.precision);
    o.int("intersection", l.intersection);
    o.int("gold_size", l.gold_size);
    o.int("pred_size", l.pred_size);
    o.close();
}

/// Per-level values of the levels that are on.
fn per_level(mut o: Obj<'_>, on: &[bool; 4], v: &[Option<f64>; 4]) {
    for l in (0..4).filter(|&l| on[l]) {
        o.num(LEVELS[l], v[l]);
    }
    o.close();
}

/// `num_steps`, `final`, `trajectory`, `editloc` (and `usage_drop` in clean) of one mode.
fn body(o: &mut Obj<'_>, e: &Evaluation, mode: Mode) {
    o.int("num_steps", e.num_steps as i64);
    let mut fin = o.obj("final");
    for (x, name) in e.final_.iter().zip(LEVELS) {
        if let Some(x) = x {
            level(fin.obj(name), x);
        }
    }
    fin.close();
    let mut traj = o.obj("trajectory");
    let steps = traj.key("steps");
    steps.push('[');
    for (i, c) in e.trajectory.steps.iter().enumerate() {
        if i > 0 {
            steps.push(',');
        }
        let mut step = Obj::open(steps);
        step.int("step", i as i64 + 1);
        per_level(step.obj("coverage"), &e.on, c);
        step.close();
    }
    steps.push(']');
    per_level(traj.obj("auc_coverage"), &e.on, &e.trajectory.auc);
    per_level(traj.obj("redundancy"), &e.on, &e.trajectory.redundancy);
    traj.close();
    if let Some(x) = &e.editloc {
        let mut el = o.obj("editloc");
        el.num("recall", x.recall);
        el.num("precision", x.precision);
        el.int("intersection", x.intersection);
        el.int("gold_size", x.gold_size);
        el.int("pred_size", x.pred_size);
        el.close();
    }
    if mode == Mode::Clean {
        o.num("usage_drop", e.usage_drop);
    }
}

/// One output row: the reference's row (or `{instance_id, error}`) plus `clean`.
pub fn row_json(r: &InstanceResult) -> String {
    let mut out = String::with_capacity(1024);
    let mut o = Obj::open(&mut out);
    o.put_str(
        "instance_id",
        &serde_json::to_string(&r.instance_id).expect("string"),
    );
    if let Some(run) = &r.run {
        o.put_str("run", &serde_json::to_string(run).expect("string"));
    }
    match &r.compat {
        Err(e) => {
            o.put_str("error", &format!("\"{}\"", e.as_str()));
            o.close();
            return out;
        }
        Ok(e) => body(&mut o, e, Mode::Compat),
    }
    match &r.clean {
        Ok(e) => {
            let mut c = o.obj("clean");
            body(&mut c, e, Mode::Clean);
            c.close();
        }
        Err(e) => o.put_str("clean", &format!("{{\"error\":\"{}\"}}", e.as_str())),
    }
    o.close();
    out
}

/// A summary of one mode: `micro` (the evaluator's aggregate, same keys) and `macro`.
pub fn summary_json(s: &Summary, mode: Mode) -> String {
    let label = match mode {
        Mode::Compat => "compat",
        Mode::Clean => "clean",
    };
    let mut out = String::new();
    let mut o = Obj::open(&mut out);
    o.put_str("summary", &format!("\"{label}\""));
    let m = &s.micro;
    let mut micro = o.obj("micro");
    micro.int("num_valid", m.num_valid as i64);
    micro.int("num_total", m.num_total as i64);
    for (l, name) in LEVELS.iter().enumerate() {
        if let Some((c, p)) = m.final_[l] {
            let mut f = micro.obj(&format!("final_{name}"));
            f.num("coverage", c);
            f.num("precision", p);
            f.close();
            micro.num(&format!("traj_auc_{name}"), m.traj_auc[l]);
            micro.num(&format!("traj_redundancy_{name}"), m.traj_redundancy[l]);
        }
    }
    if let Some((r, p)) = m.editloc {
        let mut el = micro.obj("editloc");
        el.num("recall", r);
        el.num("precision", p);
        el.close();
    }
    micro.close();
    let a = &s.macro_;
    let mut mac = o.obj("macro");
    mac.int("num_total", a.num_total as i64);
    for (l, name) in LEVELS.iter().enumerate() {
        if let Some([c, p, f]) = a.final_[l] {
            let mut lv = mac.obj(name);
            lv.num("coverage", c);
            lv.num("precision", p);
            lv.num("f1", f);
            lv.num("auc_coverage", a.auc[l]);
            lv.num("redundancy", a.redundancy[l]);
            lv.close();
        }
    }
    if let Some([r, p, f]) = a.editloc {
        let mut el = mac.obj("editloc");
        el.num("recall", r);
        el.num("precision", p);
        el.num("f1", f);
        el.close();
    }
    if mode == Mode::Clean {
        mac.num("usage_drop", a.usage_drop);
    }
    mac.close();
    o.close();
    out
}

#[cfg(test)]
mod tests;

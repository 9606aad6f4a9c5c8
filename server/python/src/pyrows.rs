//! JSONL rows handed to Python as the objects `json.loads` gives for each line, built here from
//! the text as it is made, a log at a time, so a call never holds all its rows as text (issue
//! 39: `import_log(jobs=0)` peaked 12 MB above `readcov import` in a subprocess on the 191 real
//! trajectories, holding the whole JSONL in Rust, again as a Python `str`, and again split into
//! lines, beside the dicts `json.loads` made of them). The same text is parsed, so every value is
//! the one `json.loads` gives (serde_json with `float_roundtrip`: floats correctly rounded).
//!
//! Keys are one Python string each for the whole call (`json.loads` made new ones for every
//! line), and so are the values of the keys that name things ([`NAMES`]: a task is in every row
//! of its runs); any other string is shared within one log's rows (a command that read several
//! files is in each of their rows), then forgotten: a cache of every distinct command of a large
//! corpus would cost more than the sharing saves.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::HashMap;
use std::fmt;

/// Keys whose string values are shared by every row of the call.
const NAMES: [&str; 7] = ["task", "run", "path", "tool", "source", "kind", "sha256"];

/// The Python strings made so far: keys and names for the call, others for the current log.
#[derive(Default)]
pub struct Strings {
    keys: HashMap<Box<str>, (Py<PyString>, bool)>,
    names: HashMap<Box<str>, Py<PyString>>,
    local: HashMap<Box<str>, Py<PyString>>,
}

impl Strings {
    /// Appends each line of `text` (JSONL, as the CLI writes it) to `list` as the object
    /// `json.loads` gives for it; then forgets the strings shared within this text only.
    pub fn append(&mut self, py: Python<'_>, list: &Bound<'_, PyList>, text: &str) -> PyResult<()> {
        for line in text.split('\n').filter(|l| !l.is_empty()) {
            let mut de = serde_json::Deserializer::from_str(line);
            let seed = Object {
                py,
                strings: self,
                name: false,
            };
            let value = seed.deserialize(&mut de).and_then(|v| de.end().map(|_| v));
            // Never fails on the text readcov writes; said, not hidden, if it ever does.
            let value = value.map_err(|e| {
                pyo3::exceptions::PyRuntimeError::new_err(format!("row not read back: {e}"))
            })?;
            list.append(value)?;
        }
        self.local.clear();
        Ok(())
    }

    fn key<'py>(&mut self, py: Python<'py>, k: &str) -> (Bound<'py, PyString>, bool) {
        if let Some((s, name)) = self.keys.get(k) {
            return (s.bind(py).clone(), *name);
        }
        let s = PyString::intern(py, k);
        let name = NAMES.contains(&k);
        self.keys.insert(k.into(), (s.clone().unbind(), name));
        (s, name)
    }

    fn value<'py>(&mut self, py: Python<'py>, v: &str, name: bool) -> Bound<'py, PyString> {
        let cache = if name {
            &mut self.names
        } else {
            &mut self.local
        };
        if let Some(s) = cache.get(v) {
            return s.bind(py).clone();
        }
        let s = PyString::new(py, v);
        cache.insert(v.into(), s.clone().unbind());
        s
    }
}

/// One JSON value as its Python object; `name`: a string here is a [`NAMES`] key's value.
struct Object<'a, 'py> {
    py: Python<'py>,
    strings: &'a mut Strings,
    name: bool,
}

fn custom<E: de::Error>(e: PyErr) -> E {
    E::custom(e)
}

impl<'de, 'py> DeserializeSeed<'de> for Object<'_, 'py> {
    type Value = Bound<'py, PyAny>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, 'py> Visitor<'de> for Object<'_, 'py> {
    type Value = Bound<'py, PyAny>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
        Ok(PyBool::new(self.py, b).to_owned().into_any())
    }

    fn visit_i64<E: de::Error>(self, i: i64) -> Result<Self::Value, E> {
        let Ok(i) = i.into_pyobject(self.py);
        Ok(i.into_any())
    }

    fn visit_u64<E: de::Error>(self, u: u64) -> Result<Self::Value, E> {
        let Ok(u) = u.into_pyobject(self.py);
        Ok(u.into_any())
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Self::Value, E> {
        Ok(PyFloat::new(self.py, f).into_any())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.strings.value(self.py, v, self.name).into_any())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(self.py.None().into_bound(self.py))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let (py, strings) = (self.py, self.strings);
        let list = PyList::empty(py);
        while let Some(x) = seq.next_element_seed(Object {
            py,
            strings: &mut *strings,
            name: false,
        })? {
            list.append(x).map_err(custom)?;
        }
        Ok(list.into_any())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (py, strings) = (self.py, self.strings);
        let d = PyDict::new(py);
        while let Some((k, name)) = map.next_key_seed(Key {
            py,
            strings: &mut *strings,
        })? {
            let strings = &mut *strings;
            let v = map.next_value_seed(Object { py, strings, name })?;
            d.set_item(k, v).map_err(custom)?;
        }
        Ok(d.into_any())
    }
}

/// A key as its call-wide Python string, and whether its value is a name.
struct Key<'a, 'py> {
    py: Python<'py>,
    strings: &'a mut Strings,
}

impl<'de, 'py> DeserializeSeed<'de> for Key<'_, 'py> {
    type Value = (Bound<'py, PyString>, bool);

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, 'py> Visitor<'de> for Key<'_, 'py> {
    type Value = (Bound<'py, PyString>, bool);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON key")
    }

    fn visit_str<E: de::Error>(self, k: &str) -> Result<Self::Value, E> {
        Ok(self.strings.key(self.py, k))
    }
}

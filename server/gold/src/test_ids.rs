//! Test ids as test runners print them, turned into where the test may live: candidate files,
//! each with the names (enclosing classes, then the test) to find in it. The first candidate the
//! base workspace has, with a unit of that name, wins; the ids do not say which of several
//! layouts a repository uses, so the workspace decides.
//!
//! Shapes (SWE-bench and its Java and multi-language variants ship these):
//! - pytest: `path/test_x.py::Class::test_y[params]`
//! - JUnit 5 / Maven Surefire: `com.x.FooTest#testBar` (`#testBar()`, `#testBar[1]`)
//! - JUnit 4 / Gradle reports: `testBar(com.x.FooTest)`, `com.x.FooTest > testBar`
//! - Multi-SWE-bench harness: `module:com.x.FooTest` (a whole test class)
//! - Django runner: `test_y (app.tests.Class.test_y)`, `test_y (app.tests.Class)`, and dotted
//!   `app.tests.Class.test_y` (also JUnit's dotted `com.x.FooTest.testBar`)
//! - a bare `test_y` (SymPy's lists): looked up in the files the test patch touches.

/// Where one test id may point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestRef {
    /// Candidate (file, names) pairs, most specific first.
    At(Vec<(String, Vec<String>)>),
    /// A bare function name: any file the test patch touches.
    Bare(String),
}

/// Roots Maven and Gradle keep test sources under.
const JAVA_TEST_ROOTS: [&str; 3] = ["src/test/java", "src/it/java", "test"];

/// Where `id` may point, or `None` for an id of no known shape.
pub fn parse_test_id(id: &str) -> Option<TestRef> {
    let id = id.trim();
    if id.is_empty() {
        return None;
    }
    if id.contains("::") {
        return pytest(id);
    }
    // `test_y (app.tests.Class[.test_y])`: Django's runner.
    if let Some((name, rest)) = id.split_once(" (") {
        let dotted = rest.strip_suffix(')')?;
        let name = ident(name)?;
        let mut parts = dotted_parts(dotted)?;
        if parts.last() != Some(&name) {
            parts.push(name);
        }
        return Some(TestRef::At(python_dotted(&parts)));
    }
    // `com.x.FooTest > testBar`: Gradle's console and XML reports.
    if let Some((class, name)) = id.split_once(" > ") {
        return java_class(class.trim(), Some(ident(strip_params(name.trim()))?));
    }
    // `com.x.FooTest#testBar()`.
    if let Some((class, name)) = id.split_once('#') {
        return java_class(class, Some(ident(strip_params(name))?));
    }
    // `testBar(com.x.FooTest)` / `testBar[0](com.x.FooTest)`: JUnit 4's Description.
    if let Some((name, rest)) = id.split_once('(') {
        let class = rest.strip_suffix(')')?;
        return java_class(class, Some(ident(strip_params(name))?));
    }
    // `module:com.x.FooTest`: the Multi-SWE-bench harness names whole classes per module.
    if let Some((module, class)) = id.split_once(':') {
        let TestRef::At(mut at) = java_class(class, None)? else {
            return None;
        };
        let module = module.trim_matches('/');
        if !module.is_empty() && module != "." {
            let in_module: Vec<_> = at
                .iter()
                .map(|(p, n)| (format!("{module}/{p}"), n.clone()))
                .collect();
            at.splice(0..0, in_module);
        }
        return Some(TestRef::At(at));
    }
    let parts = dotted_parts(id)?;
    if parts.len() == 1 {
        return Some(TestRef::Bare(parts[0].clone()));
    }
    // Dotted: Django (`app.tests.Class.test_y`) or JUnit (`com.x.FooTest.testBar`).
    let mut at = python_dotted(&parts);
    at.extend(java_dotted(&parts));
    Some(TestRef::At(at))
}

/// `path::A::b[x]` → (`path`, [`A`, `b`]).
fn pytest(id: &str) -> Option<TestRef> {
    let mut parts = id.split("::");
    let path = parts.next()?;
    let names: Option<Vec<String>> = parts.map(|p| ident(strip_params(p))).collect();
    let names = names?;
    (!names.is_empty() && path.contains('.')).then(|| TestRef::At(vec![(path.to_string(), names)]))
}

/// `com.x.Outer$Inner` (and an optional method) → candidate Java files.
fn java_class(class: &str, method: Option<String>) -> Option<TestRef> {
    let parts = dotted_parts(&class.replace('$', "."))?;
    // The file is named after the outermost class: the first part starting upper-case (a
    // package is lower-case by convention); without one, the last part.
    let outer = parts
        .iter()
        .position(|p| p.starts_with(|c: char| c.is_ascii_uppercase()))
        .unwrap_or(parts.len() - 1);
    let file = parts[..=outer].join("/") + ".java";
    let mut names = parts[outer..].to_vec();
    names.extend(method);
    Some(TestRef::At(
        JAVA_TEST_ROOTS
            .iter()
            .map(|root| (format!("{root}/{file}"), names.clone()))
            .collect(),
    ))
}

/// Dotted Python: each split of `a.b.C.f` into module (`a/b.py`, under `tests/` as Django's own
/// suite runs, or a package's `__init__.py`) and names, the longest module first.
fn python_dotted(parts: &[String]) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for k in (1..parts.len()).rev() {
        let module = parts[..k].join("/");
        let names = parts[k..].to_vec();
        for path in [
            format!("{module}.py"),
            format!("tests/{module}.py"),
            format!("{module}/__init__.py"),
        ] {
            out.push((path, names.clone()));
        }
    }
    out
}

/// Dotted Java: `com.x.FooTest.testBar` → the class file and its method.
fn java_dotted(parts: &[String]) -> Vec<(String, Vec<String>)> {
    let (method, class) = parts.split_last().expect("two or more parts");
    match java_class(&class.join("."), Some(method.clone())) {
        Some(TestRef::At(at)) => at,
        _ => Vec::new(),
    }
}

/// `a.b.c` → [`a`, `b`, `c`] when every part is an identifier.
fn dotted_parts(s: &str) -> Option<Vec<String>> {
    s.trim().split('.').map(ident).collect()
}

/// `test_x[1-2]`, `testBar()`, `testBar[0]` → the bare name.
fn strip_params(s: &str) -> &str {
    let s = s.trim();
    let end = s.find(['[', '(']).unwrap_or(s.len());
    &s[..end]
}

/// An identifier (letters, digits, `_`, `$`; not starting with a digit).
fn ident(s: &str) -> Option<String> {
    let s = s.trim();
    let ok = !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    ok.then(|| s.to_string())
}

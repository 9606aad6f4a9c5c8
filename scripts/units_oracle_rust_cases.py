"""Hand-made Rust cases for scripts/units_oracle_native.py (`rust`), and a seeded random file
generator: every construct docs/units.md "Rust, exactly" names, and its edges (attributes and doc
comments before an item, nested modules and impls, items in fn bodies, closures and const blocks,
trait default methods, generic and multi-line impl names, macro_rules!, extern blocks, one-line
items, CRLF, BOM, shebang, non-ASCII and raw identifiers). WARNS are files syn accepts on which
tree-sitter-rust 0.24.2 reports a parse error (docs: a warning, units unchanged); BROKEN ones syn
refuses."""
import random

CASES = {
    "items.rs": b"""//! crate doc
#![allow(dead_code)]

/// doc
#[derive(Debug)]
pub struct A<T> {
    x: T,
}

#[cfg(test)]
pub(crate) enum E { X, Y }

union U { a: u32 }
struct Unit;
struct Tuple(u8,
    u16);
pub(in crate) struct Vis {}
""",
    "traits.rs": b"""pub trait Tr: Sized {
    /// m doc
    fn req(&self);
    #[inline]
    fn def(&self) -> u32 {
        1
    }
    type Assoc;
    const C: u8;
}

pub unsafe trait Raw {}

unsafe impl<T: Send> Send for A<T> {}
impl !Sync for U {}
impl<T> Tr for Vec<
    T,
> {
    fn req(&self) {}
}
impl<'a, T: ?Sized> From<&'a T> for Box<dyn Tr + 'a> where T: Clone {
    fn from(t: &'a T) -> Self { todo!() }
}
impl dyn Tr { fn on_dyn(&self) {} }
impl<const N: usize> [u8; N] {}
""",
    "nesting.rs": b"""mod outer {
    mod inner {
        pub fn f() {
            fn g() {}
            let c = || {
                fn in_closure() {}
            };
            struct Local;
            impl Local { fn m(&self) {} }
            trait LocalTrait { fn lm(&self) { fn deep() {} } }
            async move { fn in_async() {} };
        }
    }
    mod decl;
    #[cfg(test)]
    mod tests {
        #[test]
        fn t() {}
    }
}

const _: () = {
    fn in_const() {}
};
static S: fn() = { fn in_static() {} in_static };
""",
    "macros.rs": b"""macro_rules! mm {
    () => {};
}
macro_rules! paren ( () => () );
#[macro_export]
macro_rules! exported { ($x:expr) => { fn not_a_unit() {} } }

fn main() {
    macro_rules! local { () => {} }
    thread_local! { static X: u8 = 0; }
    println!("{}", 1);
}
mm!();
""",
    "extern.rs": b"""extern "C" {
    fn ext(x: i32);
    static E: u8;
}
extern crate core;
pub async unsafe extern "C" fn lots() {}
pub const fn cf() {}
fn a() {} fn b() {}
""",
    "names.rs": "fn données() {}\nstruct \u00c9t\u00e9;\nfn r#type() {}\nmod r#match { fn x() {} }\nenum \u03a9 { A }\n".encode(),
    "crlf.rs": b"struct P {\r\n    x: u8,\r\n}\r\n\r\nimpl P {\r\n    fn get(&self) -> u8 {\r\n        self.x\r\n    }\r\n}\r\n",
    "bom.rs": "\ufeffpub fn first() {}\n\nmod m {\n    fn second() {}\n}\n".encode(),
    "shebang.rs": b"#!/usr/bin/env run-cargo-script\nfn main() {\n}\n",
    "where.rs": b"""pub fn long<T>(
    x: T,
) -> T
where
    T: Clone,
{
    x
}
impl<T> Wrapper<T>
where
    T: Default,
{
    pub fn new() -> Self {
        Self(T::default())
    }
}
""",
    "empty.rs": b"",
    "comments_only.rs": b"// nothing here\n/* fn not_code() {} */\n",
    "attrs_between.rs": b"""#[derive(Clone)]
/// doc after an attribute
#[allow(unused)]
pub struct S {
    #[serde(rename = "x")]
    x: u8,
}
#[cfg(unix)] fn same_line() {}
""",
    "no_newline.rs": b"fn last() {}",
}

WARNS = {
    # `try!` of the 2015 edition, a foreign type, `safe fn`, a `(): Trait` bound and `$` alone in a
    # macro_rules! arm: syn accepts each; tree-sitter-rust 0.24.2 counts a parse error, units intact.
    "warn_try.rs": b"fn f() -> Result<u8, ()> {\n    let x = try!(g());\n    Ok(x)\n}\nfn g() -> Result<u8, ()> { Ok(1) }\n",
    "warn_foreign_type.rs": b"extern \"C\" {\n    pub type Opaque;\n}\nfn after() {}\n",
    "warn_safe_fn.rs": b"unsafe extern \"C\" {\n    safe fn ok() -> u64;\n}\nfn after() {}\n",
    "warn_unit_bound.rs": b"fn f<T>()\nwhere\n    (): Tr<T>,\n{\n}\nfn after() {}\n",
    "warn_dollar.rs": b"macro_rules! d {\n    ($) => { 1 };\n}\nfn after() {}\n",
}

BROKEN = {
    "broken_tail.rs": b"fn ok() {}\n\nstruct Fine {\n    x: u8,\n}\n\nfn bad( {\n    let x = ;\n}\n\nfn later() {}\n",
    "broken_impl.rs": b"mod m {\n    fn inner() {}\n}\nimpl X {\n    fn half(&self) {\n}\nfn top() {}\n",
    "broken_first.rs": b"fn (\n",
}

LIMITS = {}


def cases(lang):
    return dict(CASES, **WARNS)


def warns(lang):
    return WARNS


def broken(lang):
    return BROKEN


def limits(lang):
    return LIMITS


WORDS = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "\u00e9t\u00e9", "r#fn", "Self_", "x1"]


def random_file(lang, seed):
    """A Rust file of nested items with random attributes, doc comments, blank lines, bodies on
    one line or many, generics and trait impls: every construct the docs list."""
    rnd = random.Random(seed)
    out = []

    def name(cap=False):
        w = rnd.choice(WORDS)
        return (w[0].upper() + w[1:] if cap and not w.startswith("r#") else w) + str(rnd.randrange(99))

    def pre(ind):
        for _ in range(rnd.choice([0, 0, 1, 2])):
            out.append(ind + rnd.choice(["#[inline]", "/// doc", "#[cfg(any(unix,\n" + ind + "  windows))]",
                                         "#[derive(Debug, Clone)]", "/** block\n" + ind + " doc */", "// plain"]))
        if rnd.random() < 0.2:
            out.append("")

    def body(ind, depth, allowed):
        for _ in range(rnd.randrange(0 if depth else 2, 4 if depth < 3 else 1)):
            item(ind, depth, allowed)

    def fn(ind, depth, in_trait=False):
        pre(ind)
        vis = rnd.choice(["", "pub ", "pub(crate) "]) if not in_trait else ""
        sig = f"{vis}{rnd.choice(['', 'async ', 'const ', 'unsafe '])}fn {name()}<T>(x: T) -> Option<T>"
        if in_trait and rnd.random() < 0.4:
            out.append(f"{ind}{sig};")
            return
        if rnd.random() < 0.3:
            out.append(f"{ind}{sig} {{ None }}")
            return
        out.append(f"{ind}{sig}\n{ind}where\n{ind}    T: Clone,\n{ind}{{" if rnd.random() < 0.2 else f"{ind}{sig} {{")
        if depth < 4 and rnd.random() < 0.5:
            if rnd.random() < 0.5:
                out.append(f"{ind}    let c = |y: u8| {{")
                item(ind + "        ", depth + 1, ["fn", "struct", "impl"])
                out.append(f"{ind}        y\n{ind}    }};")
            else:
                item(ind + "    ", depth + 1, ["fn", "struct", "enum", "impl", "trait", "macro"])
        out.append(f"{ind}    None\n{ind}}}")

    def item(ind, depth, allowed):
        k = rnd.choice(allowed)
        if k == "fn":
            return fn(ind, depth)
        pre(ind)
        if k == "struct":
            n = name(True)
            out.append(rnd.choice([f"{ind}pub struct {n};", f"{ind}struct {n}(u8, u16);",
                                   f"{ind}struct {n}<T> {{\n{ind}    f: T,\n{ind}}}"]))
        elif k == "enum":
            out.append(f"{ind}enum {name(True)} {{\n{ind}    A,\n{ind}    B(u8),\n{ind}}}")
        elif k == "union":
            out.append(f"{ind}union {name(True)} {{ a: u8, b: u16 }}")
        elif k == "macro":
            out.append(f"{ind}macro_rules! {name()} {{\n{ind}    () => {{ fn hidden() {{}} }};\n{ind}}}")
        elif k in ("trait", "impl", "mod"):
            if k == "trait":
                out.append(f"{ind}pub trait {name(True)}<T> {{")
            elif k == "impl":
                head = rnd.choice([f"{name(True)}", f"<T: Clone> {name(True)}<T>", f"{name(True)} for Vec<u8>",
                                   f"<'a> std::fmt::Display for &'a {name(True)}", f"!Send for {name(True)}"])
                out.append(f"{ind}impl{'' if head.startswith('<') else ' '}{head} {{")
            else:
                out.append(f"{ind}mod {name()} {{")
            if depth < 4:
                if k == "mod":
                    body(ind + "    ", depth + 1, ["fn", "struct", "enum", "union", "trait", "impl", "mod", "macro"])
                else:
                    for _ in range(rnd.randrange(3)):
                        fn(ind + "    ", depth + 1, in_trait=(k == "trait"))
            out.append(f"{ind}}}")
        if rnd.random() < 0.3:
            out.append("")

    for _ in range(rnd.randrange(1, 4)):
        body("", 0, ["fn", "struct", "enum", "union", "trait", "impl", "mod", "macro"])
    text = "\n".join(out) + "\n"
    if rnd.random() < 0.1:
        text = text.replace("\n", "\r\n")
    return text.encode()

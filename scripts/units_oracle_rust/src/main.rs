//! Lists the syntax units of each Rust file given on the command line with `syn` (not tree-sitter),
//! from docs/units.md "Rust, exactly": one JSON line per file, `{"path", "error", "error_line",
//! "verbatim", "units": [{kind, name, start, end, depth}]}`. `error` is syn's message when it refuses
//! the file (then no units); `verbatim` counts items syn keeps as raw tokens (forms it does not
//! model), which the oracle reports as left out.
use proc_macro2::{LineColumn, TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

struct Unit {
    kind: &'static str,
    name: String,
    start: usize,
    end: usize,
    depth: usize,
}

struct Units<'a> {
    lines: Vec<&'a str>,
    units: Vec<Unit>,
    depth: usize,
    verbatim: usize,
}

/// First and last line of an item's tokens, outer attributes (`#[...]`, doc comments) left out.
fn lines_of(tokens: TokenStream) -> (usize, usize) {
    let toks: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i + 1 < toks.len() {
        match (&toks[i], &toks[i + 1]) {
            (TokenTree::Punct(p), TokenTree::Group(g))
                if p.as_char() == '#' && g.delimiter() == proc_macro2::Delimiter::Bracket =>
            {
                i += 2
            }
            _ => break,
        }
    }
    let first = toks[i].span().start().line;
    let last = toks.last().unwrap().span().end().line;
    (first, last)
}

impl<'a> Units<'a> {
    /// The source text between two positions (columns count chars).
    fn text(&self, a: LineColumn, b: LineColumn) -> String {
        let byte = |p: LineColumn| -> (usize, usize) {
            let l = self.lines[p.line - 1];
            (
                p.line - 1,
                l.char_indices().nth(p.column).map_or(l.len(), |(i, _)| i),
            )
        };
        let ((la, ca), (lb, cb)) = (byte(a), byte(b));
        if la == lb {
            return self.lines[la][ca..cb].to_string();
        }
        let mut s = self.lines[la][ca..].to_string();
        for l in &self.lines[la + 1..lb] {
            s.push('\n');
            s.push_str(l);
        }
        s.push('\n');
        s.push_str(&self.lines[lb][..cb]);
        s
    }

    fn span_text<T: Spanned>(&self, t: &T) -> String {
        let s = t.span();
        self.text(s.start(), s.end())
    }

    fn unit<T: ToTokens>(
        &mut self,
        kind: &'static str,
        name: String,
        item: &T,
        inner: impl FnOnce(&mut Self),
    ) {
        let (start, end) = lines_of(item.to_token_stream());
        self.units.push(Unit {
            kind,
            name,
            start,
            end,
            depth: self.depth,
        });
        self.depth += 1;
        inner(self);
        self.depth -= 1;
    }
}

impl<'ast, 'a> Visit<'ast> for Units<'a> {
    fn visit_item_fn(&mut self, i: &'ast syn::ItemFn) {
        self.unit("function", i.sig.ident.to_string(), i, |v| {
            visit::visit_item_fn(v, i)
        });
    }
    fn visit_impl_item_fn(&mut self, i: &'ast syn::ImplItemFn) {
        self.unit("method", i.sig.ident.to_string(), i, |v| {
            visit::visit_impl_item_fn(v, i)
        });
    }
    fn visit_trait_item_fn(&mut self, i: &'ast syn::TraitItemFn) {
        self.unit("method", i.sig.ident.to_string(), i, |v| {
            visit::visit_trait_item_fn(v, i)
        });
    }
    fn visit_item_struct(&mut self, i: &'ast syn::ItemStruct) {
        self.unit("struct", i.ident.to_string(), i, |v| {
            visit::visit_item_struct(v, i)
        });
    }
    fn visit_item_enum(&mut self, i: &'ast syn::ItemEnum) {
        self.unit("enum", i.ident.to_string(), i, |v| {
            visit::visit_item_enum(v, i)
        });
    }
    fn visit_item_union(&mut self, i: &'ast syn::ItemUnion) {
        self.unit("union", i.ident.to_string(), i, |v| {
            visit::visit_item_union(v, i)
        });
    }
    fn visit_item_trait(&mut self, i: &'ast syn::ItemTrait) {
        self.unit("trait", i.ident.to_string(), i, |v| {
            visit::visit_item_trait(v, i)
        });
    }
    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let ty = self.span_text(&i.self_ty);
        let name = match &i.trait_ {
            Some((_, path, _)) => format!("{} for {ty}", self.span_text(path)),
            None => ty,
        };
        self.unit("impl", name, i, |v| visit::visit_item_impl(v, i));
    }
    fn visit_item_mod(&mut self, i: &'ast syn::ItemMod) {
        // `mod m;` (no body) is not a unit.
        if i.content.is_some() {
            self.unit("module", i.ident.to_string(), i, |v| {
                visit::visit_item_mod(v, i)
            });
        } else {
            visit::visit_item_mod(self, i);
        }
    }
    fn visit_item_macro(&mut self, i: &'ast syn::ItemMacro) {
        match &i.ident {
            Some(id) if i.mac.path.is_ident("macro_rules") => {
                self.unit("macro", id.to_string(), i, |v| {
                    visit::visit_item_macro(v, i)
                })
            }
            _ => visit::visit_item_macro(self, i),
        }
    }
    fn visit_item(&mut self, i: &'ast syn::Item) {
        if let syn::Item::Verbatim(_) = i {
            self.verbatim += 1;
        }
        visit::visit_item(self, i);
    }
    fn visit_impl_item(&mut self, i: &'ast syn::ImplItem) {
        if let syn::ImplItem::Verbatim(_) = i {
            self.verbatim += 1;
        }
        visit::visit_impl_item(self, i);
    }
    fn visit_trait_item(&mut self, i: &'ast syn::TraitItem) {
        if let syn::TraitItem::Verbatim(_) = i {
            self.verbatim += 1;
        }
        visit::visit_trait_item(self, i);
    }
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let text = String::from_utf8_lossy(&bytes);
        let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let mut v = Units {
            lines: body.split('\n').collect(),
            units: Vec::new(),
            depth: 0,
            verbatim: 0,
        };
        let (error, error_line) = match syn::parse_file(&text) {
            Ok(file) => {
                v.visit_file(&file);
                ("null".to_string(), 0)
            }
            Err(e) => (json_str(&e.to_string()), e.span().start().line),
        };
        let units: Vec<String> = v
            .units
            .iter()
            .map(|u| {
                format!(
                    "{{\"kind\":\"{}\",\"name\":{},\"start\":{},\"end\":{},\"depth\":{}}}",
                    u.kind,
                    json_str(&u.name),
                    u.start,
                    u.end,
                    u.depth
                )
            })
            .collect();
        println!(
            "{{\"path\":{},\"error\":{error},\"error_line\":{error_line},\"verbatim\":{},\"units\":[{}]}}",
            json_str(&path),
            v.verbatim,
            units.join(",")
        );
    }
}

"""Hand-made Go cases for scripts/units_oracle_native.py (`go`), and a seeded random file generator:
every construct docs/units.md "Go, exactly" names, and its edges (methods with value and pointer
receivers, generic receivers and functions, grouped `type ( … )` specs, aliases, struct/interface/
other types, types local to a function, `:=` and `var` function literals at every level, in `if`/
`for`/`switch` initializers, several names at once, func literals that are not bound (calls,
`go`, arguments), bodiless functions, doc comments, CRLF, BOM, non-ASCII names). BROKEN files
go/parser refuses."""
import random

CASES = {
    "decls.go": b"""package p

import "fmt"

// Doc comment.
type Circle struct {
	R float64
}

type (
	A struct{ x int }
	B interface {
		M()
		fmt.Stringer
	}
	C int
	D = A
	L[T any] []T
	F func(int) error
)

type Alias = map[string]int

// M is a method.
func (a *A) M() {}
func (A) Value() int { return 0 }
func (l L[T]) Len() int { return len(l) }
func Gen[T any, U comparable](x T, _ U) T {
	return x
}
func asm(x int) int
func
split() {
}
""",
    "literals.go": b"""package p

var top = func() {
	inner := func() {}
	_ = inner
}

var (
	v1 = func(a int) int { return a }
	v2 func() = func() {}
	v3, v4 = func() {}, 1
	notFn = 3
)

func Body() {
	f := func() {}
	var g = func() {}
	h, i := func() {}, func() {}
	j, k := 1, func() {}
	if m := func() int { return 1 }; m() > 0 {
		n := func() {
			deep := func() {}
			deep()
		}
		n()
	}
	for o := func() bool { return false }; o(); {
	}
	switch p := func() int { return 2 }; p() {
	}
	go func() {}()
	defer func() {}()
	q := func() int { return 1 }()
	r := (func() {})
	var s = []func(){func() {}}
	type Local struct {
		f func()
	}
	type LocalIface interface{ X() }
	f()
	g()
	_, _, _, _, _, _ = h, i, j, k, q, r
	_ = s
	fmt(func() {})
}
""",
    "nonascii.go": "package p\n\ntype \u00c9t\u00e9 struct{}\n\nfunc (\u00e9 \u00c9t\u00e9) Donn\u00e9es() {}\n\nfunc \u03a9() {\n\t\u03bb := func() {}\n\t\u03bb()\n}\n".encode(),
    "crlf.go": b"package p\r\n\r\ntype S struct {\r\n\tx int\r\n}\r\n\r\nfunc (s S) X() int {\r\n\treturn s.x\r\n}\r\n",
    "bom.go": "\ufeffpackage p\n\nfunc First() {}\n\ntype T int\n".encode(),
    "oneline.go": b"package p; func a() {}; func b() { c := func() {}; c() }; type T struct{}\n",
    "no_newline.go": b"package p\n\nfunc last() {}",
    "empty_pkg.go": b"// Package p has nothing.\npackage p\n",
    "generics.go": b"""package p

type Number interface {
	~int | ~float64
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p *Pair[K, V]) Swap() {}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	return out
}
""",
}

WARNS = {
    # go/parser accepts these, the compiler does not; tree-sitter-go 0.25.0 counts a parse error
    # (docs: a warning, the units unchanged).
    "warn_new_nontype.go": b"package p\n\nfunc f() {\n\t_ = new(- 1)\n\t_ = make(1)\n}\n\nfunc after() {}\n",
    "warn_tilde.go": b"package p\n\nfunc f() {\n\t_ = ~ 0\n}\n\ntype T struct{}\n",
}

BROKEN = {
    "broken_tail.go": b"package p\n\nfunc ok() {}\n\ntype Fine struct {\n\tx int\n}\n\nfunc bad( {\n}\n\nfunc later() {}\n",
    "broken_method.go": b"package p\n\nfunc a() {}\n\nfunc (s *S) M() {\n\tx := \n}\n",
    "broken_nopkg.go": b"func f() {}\n",
}


def cases(lang):
    return dict(CASES, **WARNS)


def warns(lang):
    return WARNS


def broken(lang):
    return BROKEN


LIMITS = {
    # the same error at the top level swallows the next declaration (docs: `after` is lost)
    "limit_new_nontype_top.go": b"package p\n\nvar _ = new(- 1)\n\nfunc after() {}\n",
}


def limits(lang):
    return LIMITS


WORDS = ["alpha", "beta", "gamma", "delta", "\u00e9t\u00e9", "x", "Run", "handle"]


def random_file(lang, seed):
    """A Go file of functions, methods, type specs (single and grouped) and bound function
    literals nested in bodies and initializers, with doc comments and blank lines."""
    rnd = random.Random(seed)
    out = ["package p", ""]
    n = [0]

    def name(cap=False):
        n[0] += 1
        w = rnd.choice(WORDS)
        return (w[0].upper() + w[1:] if cap else w) + str(n[0])

    def doc(ind):
        if rnd.random() < 0.3:
            out.append(f"{ind}// {name()} does things.")

    def typ(ind):
        return rnd.choice([f"struct {{\n{ind}\tx int\n{ind}\tf func()\n{ind}}}", "struct{}",
                           f"interface {{\n{ind}\tM() int\n{ind}}}", "int", "[]string", "func(int) bool",
                           "= int", "map[string]struct{}"])

    def stmts(ind, depth):
        for _ in range(rnd.randrange(4)):
            k = rnd.random()
            if depth < 4 and k < 0.35:
                head, close = rnd.choice([(f"{name()} := func() {{", "}"),
                                          (f"var {name()} = func(x int) {{", "}"),
                                          (f"{name()}, _ := func() {{", "}, 1"),
                                          (f"if {name()} := func() {{", f"}}; true {{\n{ind}}}")])
                out.append(f"{ind}{head}")
                stmts(ind + "\t", depth + 1)
                out.append(f"{ind}{close}")
            elif k < 0.5:
                out.append(f"{ind}type {name(True)} {typ(ind)}")
            elif k < 0.6:
                out.append(f"{ind}go func() {{\n{ind}}}()")
            else:
                out.append(f"{ind}_ = {rnd.randrange(9)}")
            if rnd.random() < 0.2:
                out.append("")

    for _ in range(rnd.randrange(2, 8)):
        doc("")
        k = rnd.random()
        if k < 0.35:
            out.append(f"func {name(True)}[T any](x T) {{" if rnd.random() < 0.2 else f"func {name()}() {{")
            stmts("\t", 1)
            out.append("}")
        elif k < 0.55:
            recv = rnd.choice(["(r *R)", "(R)", "(r R)", "(p *P[T])"])
            out.append(f"func {recv} {name(True)}() int {{")
            stmts("\t", 1)
            out.append("\treturn 0\n}")
        elif k < 0.7:
            out.append("type (")
            for _ in range(rnd.randrange(1, 4)):
                doc("\t")
                out.append(f"\t{name(True)} {typ(chr(9))}")
            out.append(")")
        elif k < 0.85:
            out.append(f"type {name(True)} {typ('')}")
        else:
            out.append(f"var {name()} = func() {{")
            stmts("\t", 1)
            out.append("}")
        out.append("")
    text = "\n".join(out) + "\n"
    if rnd.random() < 0.1:
        text = text.replace("\n", "\r\n")
    return text.encode()

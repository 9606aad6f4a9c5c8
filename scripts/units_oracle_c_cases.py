"""Hand-made C and C++ cases for scripts/units_oracle_native.py (`c`, `cpp`), and a seeded random
file generator: every construct docs/units.md "C, exactly" and "C++, exactly" name, and its edges
(static/inline/attributed functions, pointer and function-pointer returns, K&R definitions,
function-like macros, definitions in every branch of `#if`/`#ifdef`, nested and local records,
typedef'd anonymous records, anonymous ones, declarations without a body; C++ classes, methods,
constructors, destructors, operators, out-of-line `A::f` and `A<T>::f`, templates and their
specializations, namespaces nested and `a::b`, inline and anonymous namespaces, lambdas, friends,
`= default`; CRLF, BOM, non-ASCII names). BROKEN files have a syntax error."""
import random

C_CASES = {
    "funcs.c": b"""#include <stdio.h>
#define SQUARE(x) ((x) * (x))
#define LONG_MACRO(a) \\
    do { a; } while (0)

/* doc */
static inline int add(int a, int b)
{
    return a + b;
}

int kr(a, b)
    int a;
    char *b;
{
    return a;
}

__attribute__((noreturn)) void die(void) { for (;;) ; }

int (*getfn(void))(int) { return 0; }
unsigned long long **pp(void) { return 0; }
const char *const *names(void) { return 0; }
void takes_cb(int (*cb)(int)) { }
void decl_only(void);
int
split_header(void)
{
    return 0;
}
""",
    "records.c": b"""struct outer {
    struct inner { int x; } in;
    union { int a; float b; } anon;
    enum color { RED, GREEN } c;
};

typedef struct { int w; } size;
typedef union { int i; } un;
typedef enum { A, B } en;
typedef struct named { int q; } named_t;
typedef struct { int x1, y1; } Box, BoxRec, *BoxPtr;
typedef struct { int p; } *FirstIsPointer, NotNamed;
typedef enum { E1, E2 } Ea, Eb;
enum { NOTHING };
struct fwd;
struct point p1 = { 0 };
struct withvar { int v; } instance;

int main(void) {
    struct local { int z; };
    return 0;
}
""",
    "preproc.c": b"""#ifdef FOO
int in_ifdef(void) { return 1; }
#else
int in_else(void) { return 2; }
#endif
#if 0
int in_if0(void) { return 0; }
#endif
#ifndef GUARD
#define GUARD
struct guarded { int g; };
#endif
""",
    "nonascii.c": "int donn\u00e9es(void) { return 0; }\nstruct \u00e9t\u00e9 { int x; };\n".encode(),
    "crlf.c": b"struct p {\r\n    int x;\r\n};\r\n\r\nint get(struct p *q)\r\n{\r\n    return q->x;\r\n}\r\n",
    "bom.c": "\ufeffint first(void) { return 1; }\n\nstruct s { int a; };\n".encode(),
    "empty.c": b"",
    "no_newline.c": b"int last(void) { return 0; }",
}

CPP_CASES = {
    "classes.cpp": b"""namespace geo {

class Shape {
public:
    Shape(int n) : n_(n) {}
    virtual ~Shape() {}
    Shape(const Shape&) = default;
    int sides() const { return 0; }
    virtual int area() const = 0;
    bool operator==(const Shape& o) const { return n_ == o.n_; }
    int operator()(int x) { return x; }
    explicit operator bool() const { return true; }
    template <typename U> U as() const { return U(); }
    friend void swap(Shape& a, Shape& b) {}
    struct Nested {
        void m() {}
    };
private:
    int n_;
};

int Shape::out_of_line() { return 1; }

}  // namespace geo

int geo::Shape::qualified() const { return 2; }
""",
    "templates.cpp": b"""template <typename T>
T twice(T v) {
    return v * 2;
}

template <typename T>
class Box {
public:
    T get() const { return v; }
    T v;
};

template <typename T>
T Box<T>::out() { return v; }

template <>
struct Box<int> {
    int get() const { return 0; }
};

template <typename T>
struct Box<T*> { };

template <class A,
          class B>
struct Pair { A a; B b; };
""",
    "namespaces.cpp": b"""namespace a::b {
void f() {}
}
namespace {
int hidden() { return 0; }
}
inline namespace v1 {
struct In {};
}
namespace outer {
namespace inner {
enum class Color { Red, Green };
union U { int i; float f; };
}
}
""",
    "lambdas.cpp": b"""int main() {
    auto f = [](int x) { return x; };
    auto g = [&]() {
        struct InLambda { int z; };
        return 1;
    };
    struct Local {
        int m() { return 1; }
    };
    return f(1) + g();
}
typedef struct { int w; } Size;
typedef union { int i; } Un;
typedef enum { A, B } En;
typedef struct { int x1, y1; } Box, BoxRec, *BoxPtr;
template <typename T>
struct Holder {
    template <typename U> operator U*() const { return nullptr; }
};
""",
    "crlf.cpp": b"class P {\r\npublic:\r\n    int x() { return 1; }\r\n};\r\n",
    "bom.cpp": "\ufeffnamespace n {\nint first() { return 1; }\n}\n".encode(),
    "nonascii.cpp": "struct \u00c9t\u00e9 {\n    int donn\u00e9es() { return 0; }\n};\n".encode(),
}

LIMITS = {
    # tree-sitter-cpp 0.23.4 cannot parse `= delete` / `= default` outside a class body (docs)
    "cpp": {"limit_deleted_top.cpp": b"void top() = delete;\nstruct S { S(); };\nS::S() = default;\nint after() { return 0; }\n"},
    "c": {},
}

BROKEN = {
    "c": {"broken_tail.c": b"int ok(void) { return 0; }\n\nstruct fine { int x; };\n\nint bad( {\n}\n\nint later(void) { return 1; }\n"},
    "cpp": {"broken_tail.cpp": b"int ok() { return 0; }\n\nclass Fine { int x; };\n\nint bad( {\n}\n\nint later() { return 1; }\n"},
}


def cases(lang):
    return dict(C_CASES if lang == "c" else CPP_CASES, **WARNS[lang])


WARNS = {
    # tree-sitter-cpp 0.23.4 reads an anonymous enum with a base type as an enum missing its
    # name: a parse-error warning, and (docs) no unit, as for any anonymous enum
    "cpp": {"warn_anon_enum_base.cpp": b"struct A {\n  enum : unsigned {\n    X = 1\n  };\n  int f() { return X; }\n};\nenum : int { Y };\nint after() { return 0; }\n"},
    "c": {},
}


def warns(lang):
    return WARNS[lang]


def broken(lang):
    return BROKEN[lang]


def limits(lang):
    return LIMITS[lang]


WORDS = ["alpha", "beta", "gamma", "delta", "x", "run", "handle", "\u00e9t\u00e9"]


def random_file(lang, seed):
    """A C or C++ file of functions (plain, static, pointer returns, K&R in C), records (named,
    nested, typedef'd anonymous), preprocessor conditionals around definitions, and in C++ classes
    with methods, out-of-line definitions, templates, namespaces and lambdas."""
    rnd = random.Random(seed)
    out = []
    n = [0]
    cpp = lang == "cpp"

    def name():
        n[0] += 1
        return rnd.choice(WORDS) + str(n[0])

    def body(ind):
        lines = [f"{ind}int v = {rnd.randrange(9)};"]
        if rnd.random() < 0.3:
            lines.append(f"{ind}struct {name()} {{ int q; }};")
        if cpp and rnd.random() < 0.3:
            lines.append(f"{ind}auto l = [](int a) {{\n{ind}    return a;\n{ind}}};")
        lines.append(f"{ind}return v;")
        return "\n".join(lines)

    def func(ind, method=False):
        ret = rnd.choice(["int", "static int", "int *", "unsigned long", "const char *"] if not method
                         else ["int", "virtual int", "int *", "static int"])
        if method and cpp and rnd.random() < 0.2:
            out.append(f"{ind}template <typename T>")
        nm = name()
        if rnd.random() < 0.3:
            out.append(f"{ind}{ret} {nm}(void) {{ return 0; }}" if not cpp else f"{ind}{ret} {nm}() {{ return 0; }}")
        else:
            out.append(f"{ind}{ret}\n{ind}{nm}(int a)" if rnd.random() < 0.2 else f"{ind}{ret} {nm}(int a)")
            out.append(f"{ind}{{")
            out.append(body(ind + "    ").replace("int v = ", "int v = a + ") if True else "")
            out.append(f"{ind}}}")

    def record(ind, depth):
        kw = rnd.choice(["struct", "union", "enum"] + (["class", "class"] if cpp else []))
        if kw == "enum":
            out.append(f"{ind}enum {name()} {{ E{n[0]}A, E{n[0]}B }};")
            return
        typedef = not cpp and depth == 0 and rnd.random() < 0.3
        out.append(f"{ind}typedef {kw} {{" if typedef else f"{ind}{kw} {name()} {{")
        if kw == "class":
            out.append(f"{ind}public:")
        out.append(f"{ind}    int f{n[0]};")
        if depth < 3 and rnd.random() < 0.4:
            record(ind + "    ", depth + 1)
        if cpp and kw != "union":
            for _ in range(rnd.randrange(3)):
                func(ind + "    ", method=True)
        out.append(f"{ind}}} {name()};" if typedef else f"{ind}}};")

    def top(ind, depth):
        for _ in range(rnd.randrange(2, 7) if depth == 0 else rnd.randrange(1, 4)):
            k = rnd.random()
            if rnd.random() < 0.15:
                out.append(rnd.choice(["#ifdef FEATURE", "#if 0", "#if defined(X) && \\\n    X > 1"]))
                func(ind)
                out.append("#endif")
            elif k < 0.4:
                func(ind)
            elif k < 0.7:
                record(ind, 0)
            elif cpp and k < 0.85 and depth < 3:
                out.append(f"{ind}namespace {name()} {{")
                top(ind, depth + 1)
                out.append(f"{ind}}}")
            elif cpp:
                out.append(f"{ind}template <typename T>\n{ind}T {name()}(T t) {{\n{ind}    return t;\n{ind}}}")
            else:
                out.append(f"int\n{name()}(a, b)\n    int a;\n    char *b;\n{{\n    return a;\n}}")
            if rnd.random() < 0.3:
                out.append("")

    top("", 0)
    text = "\n".join(out) + "\n"
    if rnd.random() < 0.1:
        text = text.replace("\n", "\r\n")
    return text.encode()

"""The cases of scripts/import_oracle_shell_sedi.py: the `sed -i` commands of the real logs on
their real files (tests/data/real/sources), then hand-made ones on a made-up repository, for every
form readcov replays and several it refuses (docs/importers.md, the `sed -i` row)."""
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SRC = os.path.join(ROOT, "tests", "data", "real", "sources")


def real(task, *paths):
    out = {}
    for p in paths:
        with open(os.path.join(SRC, task, p), "rb") as f:
            out[p] = f.read()
    return out


FH = "astropy/units/quantity_helper/function_helpers.py"
MOD = "pkg/mod.py"
MOD_TEXT = """import os
import re

def alpha(x):
    value = x + 1  # one
    return value

def beta(y):
    if y == "NO":
        return None
    data = [1, 2, 3]
    return data[-1:]


class Gamma:
    name = 'gamma'
    path = "/usr/lib/x"

    def run(self):
        print("a+b", "(x)", "a|b", "{1,2}")
        return ALPHA and alpha(2)
"""
# a ponyc-like C file of 320 lines, as match.c at line 317 (the workspace's C file is not shipped)
PONY = "".join(f"  int v{i} = {i};\n" if i != 317 else "if(x)\n" for i in range(1, 321))
NOEOL = "first line\nsecond line\nlast line"
UTF = "café = 1\nnaïve = 'é'\nplain = 2\n"


GLOB_TREE = {
    "pkg/ab.py": "import os\nab = 1\n", "pkg/B.py": "import os\n", "pkg/_x.py": "import os\n",
    "pkg/a.py": "import os\n", "pkg/.h.py": "import os\n", "pkg/c.txt": "import os\n",
    "pkg/Zz.py": "import os\n", "pkg/sub/d.py": "import os\n", "pkg/sub/.e.py": "import os\n",
    "pkg/two/f.py": "import os\n", "top.py": "import os\n",
}
# a here-document rewrite of pkg/mod.py adding a line after `value = x + 1` (line 5)
AGENT_REWRITE = "cat > pkg/mod.py << 'EOF'\n" + MOD_TEXT.replace(
    "    value = x + 1  # one\n", "    value = x + 1  # one\n    total = value\n") + "EOF"


def case(name, cmds, files=None, expect="replay", **kw):
    return dict(name=name, cmds=cmds if isinstance(cmds, list) else [cmds], files=files or {MOD: MOD_TEXT},
                expect=expect, **kw)


CASES = [
    # the real logs' commands, on the real files
    case("astropy-14182 mini-swe-agent: six substitutions, function_helpers.py and shapes.py", [
        f"sed -i 's/np\\.product/np\\.prod/g' {FH}",
        f"sed -i 's/np\\.cumproduct/np\\.cumprod/g' {FH}",
        "sed -i 's/np\\.core\\.fromnumeric/np\\._core\\.fromnumeric/g' astropy/utils/shapes.py",
        f"sed -i 's/np\\.trapz/np\\.lib\\.scimath\\.trapz/g' {FH}",
        f"sed -i 's/np\\.lib\\.scimath\\.trapz/np\\.trapezoid/g' {FH}",
        f"sed -i 's/np\\.msort/np\\.sort/g' {FH}",
    ], real("astropy__astropy-14182", FH, "astropy/utils/shapes.py")),
    case("astropy-14182 step 40 alone", f"sed -i 's/np\\.product/np\\.prod/g' {FH}",
         real("astropy__astropy-14182", FH)),
    case("astropy-12907 mini-swe-agent v1: cright", "sed -i 's/cright\\[-right.shape\\[0\\]:, -right.shape\\[1\\]:\\] = 1/"
         "cright[-right.shape[0]:, -right.shape[1]:] = right/' astropy/modeling/separable.py",
         real("astropy__astropy-12907", "astropy/modeling/separable.py")),
    case("astropy-14365 mini-swe-agent v1: two seds in one && chain",
         "sed -i 's/_line_type_re = re.compile(_type_re)/_line_type_re = re.compile(_type_re, re.IGNORECASE)/' "
         "astropy/io/ascii/qdp.py && \\\nsed -i 's/if v == \"NO\":/if v.upper() == \"NO\":/' astropy/io/ascii/qdp.py",
         real("astropy__astropy-14365", "astropy/io/ascii/qdp.py"), no_rows_check=True),
    case("ponyc OpenHands: 317s/^/\\t      / (a tab from \\t)",
         "sed -i '317s/^/\\t      /' src/libponyc/expr/match.c", {"src/libponyc/expr/match.c": PONY}),
    case("ponyc OpenHands: 317s/^/      /", "sed -i '317s/^/      /' src/libponyc/expr/match.c",
         {"src/libponyc/expr/match.c": PONY}),
    # s///: delimiters, flags, replacement escapes
    case("s with g", f"sed -i 's/value/val/g' {MOD}"),
    case("s first only", f"sed -i 's/a/A/' {MOD}"),
    case("s Nth", f"sed -i 's/a/A/2' {MOD}"),
    case("s Nth and on", f"sed -i 's/a/A/2g' {MOD}"),
    case("s I flag", f"sed -i 's/ALPHA/omega/I' {MOD}"),
    case("s i flag and g", f"sed -i 's/alpha/Z/ig' {MOD}"),
    case("s delimiter |", f"sed -i 's|/usr/lib|/opt|' {MOD}"),
    case("s delimiter # with escaped #", f"sed -i 's#one#\\#two#' {MOD}"),
    case("s delimiter , escaped in regex", f"sed -i 's,\\[1\\,,[0\\,,' {MOD}"),
    case("s delimiter | escaped: a literal bar", f"sed -i 's|a\\|b|A-B|' {MOD}"),
    case("s & and \\&", f"sed -i 's/value/[&] \\&/' {MOD}"),
    case("s groups", f"sed -i 's/\\(def\\) \\([a-z]*\\)(/\\2 \\1(/' {MOD}"),
    case("s \\0 is the match", f"sed -i 's/name/\\0_\\0/' {MOD}"),
    case("s newline in replacement", f"sed -i 's/return value/pass\\n    return value/' {MOD}"),
    case("s newline before the match kept", f"sed -i 's/^import os$/&\\nimport sys/' {MOD}"),
    case("s tab in replacement", f"sed -i 's/^    /\\t/' {MOD}"),
    case("s escaped punctuation in replacement", f"sed -i 's/one/\\/\\.\\-/' {MOD}"),
    case("s p flag prints into the file", f"sed -i 's/gamma/GAMMA/p' {MOD}"),
    case("s empty matches with g", f"sed -i '1s/x*/-/g' {MOD}"),
    case("s empty match after a match", f"sed -i '1s/o*/0/g' {MOD}"),
    case("s Nth with empty matches", f"sed -i '1s/o*/0/2' {MOD}"),
    case("s to empty", f"sed -i 's/  # one//' {MOD}"),
    # BRE and ERE
    case("BRE literal + ? | ( ) { }", f"sed -i 's/\"a+b\", \"(x)\", \"a|b\", \"{{1,2}}\"/X/' {MOD}"),
    case("BRE \\+ \\?", f"sed -i 's/l\\+i\\?b/LIB/' {MOD}"),
    case("BRE \\| alternation, no groups used", f"sed -i 's/alpha\\|beta/AB/g' {MOD}"),
    case("BRE alternation longest", f"sed -i 's/ret\\|return/R/' {MOD}"),
    case("BRE interval", f"sed -i 's/[0-9]\\{{1,2\\}}/N/g' {MOD}"),
    case("BRE interval exact and open", f"sed -i 's/s\\{{1\\}}e\\{{0,\\}}l/S/g' {MOD}"),
    case("BRE star at start is literal", f"sed -i 's/*x/y/;s/^*/z/' {MOD}", {MOD: "a*x\n*b\n"}),
    case("BRE ^ and $ inside are literal", f"sed -i 's/a^b$c/X/' {MOD}", {MOD: "a^b$c\nab\n"}),
    case("BRE anchors", f"sed -i 's/^def/DEF/;s/:$/ :/' {MOD}"),
    case("BRE dot star longest", f"sed -i 's/(.*)/(...)/' {MOD}"),
    case("BRE greedy groups", f"sed -i 's/\\(a*\\)\\(a*\\)b/[\\1|\\2]/;s/a*\\(a*\\)/<\\1>/' {MOD}",
         {MOD: "aaab\naa\n"}),
    case("BRE \\w \\s \\W", f"sed -i 's/\\w\\+\\s=\\W/EQ/' {MOD}"),
    case("POSIX classes", f"sed -i 's/[[:upper:]][[:alpha:]]*/Cap/g;s/[[:digit:][:space:]]\\{{2\\}}/_/' {MOD}"),
    case("bracket specials", f"sed -i 's/[]x]/R/g;s/[^a-z ]/./2;s/[a-]/Q/' {MOD}"),
    case("bracket escaped delimiter", f"sed -i 's/[\\/]/S/g' {MOD}"),
    case("ERE -E groups and +", f"sed -E -i 's/(alpha|beta)\\(([a-z]+)\\)/\\1[\\2]/' {MOD}", expect="refuse"),
    case("ERE -E groups", f"sed -E -i 's/def ([a-z]+)\\(([a-z]+)\\)/def \\2(\\1)/' {MOD}"),
    case("ERE -r + ? {}", f"sed -ri 's/va?l+ue{{1,}}/V/g' {MOD}"),
    case("ERE escaped literals", f"sed -E -i 's/\"a\\+b\", \"\\(x\\)\", \"a\\|b\", \"\\{{1,2\\}}\"/Y/' {MOD}"),
    case("ERE alternation longest", f"sed -E -i 's/r|re|ret/R/g' {MOD}"),
    case("ERE optional group longest", f"sed -E -i 's/a*(ab)?/[&]/' {MOD}", {MOD: "aab\n"}),
    case("--regexp-extended and --expression=", f"sed --regexp-extended --in-place --expression='s/(x)+/X/' {MOD}"),
    # addresses
    case("line address", f"sed -i '5s/one/ONE/' {MOD}"),
    case("last line", f"sed -i '$s/$/  # end/' {MOD}"),
    case("range N,M", f"sed -i '4,6s/^/#/' {MOD}"),
    case("range N,M with M before N", f"sed -i '6,2d' {MOD}"),
    case("regex address", f"sed -i '/def /s/(/ (/' {MOD}"),
    case("regex address I", f"sed -i '/GAMMA/Id' {MOD}"),
    case("custom delimiter address", f"sed -i '\\%/usr%d' {MOD}"),
    case("regex range", f"sed -i '/def beta/,/return/d' {MOD}"),
    case("regex range reopening", f"sed -i '/def/,/return/s/^/> /' {MOD}"),
    case("unclosed regex range", f"sed -i '/class/,/nomatch/d' {MOD}"),
    case("N,/re/", f"sed -i '2,/def/d' {MOD}"),
    case("0,/re/", f"sed -i '0,/import/d' {MOD}"),
    case("1,/re/ (not 0)", f"sed -i '1,/import/d' {MOD}"),
    case("/re/,N", f"sed -i '/def alpha/,6d' {MOD}"),
    case("/re/,$", f"sed -i '/class/,$d' {MOD}"),
    case("addr,+N", f"sed -i '/def /,+1d' {MOD}"),
    case("addr,~N", f"sed -i '5,~4d' {MOD}"),
    case("negation", f"sed -i '/def /!d' {MOD}"),
    case("negated range with spaces", f"sed -i '3,8 ! s/^/; /' {MOD}"),
    # d, p, several commands and files
    case("d", f"sed -i '2d' {MOD}"),
    case("$d without a final newline", f"sed -i '$d' {MOD}", {MOD: NOEOL}),
    case("s on the last line without a final newline", f"sed -i '$s/line/LINE/' {MOD}", {MOD: NOEOL}),
    case("p without a final newline", f"sed -i '$p' {MOD}", {MOD: NOEOL}),
    # a duplicated line is an insertion before or after its copy: either diff is right
    case("p", f"sed -i '2p' {MOD}", no_rows_check=True),
    case("several -e", f"sed -i -e 's/alpha/a1/' -e '/beta/d' -e 's/a1/A1/g' {MOD}"),
    case("; separated with spaces", f"sed -i ' s/x/X/ ; 2d ;  $s/^/E/ ' {MOD}"),
    case("newline separated", f"sed -i 's/x/X/\n3d' {MOD}"),
    case("s then address on the new text", f"sed -i 's/alpha/omega/;/omega/d' {MOD}"),
    case("several files", f"sed -i 's/^/#/' {MOD} pkg/b.py", {MOD: MOD_TEXT, "pkg/b.py": "b1\nb2\n"}),
    case("several files: line numbers and $ per file", f"sed -i '1d;$s/$/!/' {MOD} pkg/b.py",
         {MOD: MOD_TEXT, "pkg/b.py": "b1\nb2\n"}),
    case("several files: a range does not carry over", f"sed -i '2,/b1/d' pkg/a.py pkg/b.py",
         {"pkg/a.py": "a1\na2\n", "pkg/b.py": "b1\nb2\n"}),
    # the second pass changes lines the first one wrote: as two `sed -i` (checked by `agent_rows` below)
    # its rows are the base lines before them (session 37), which one line diff does not model
    case("a file given twice", f"sed -i 's/a/A/' {MOD} {MOD}", no_rows_check=True),
    case("options after the file", f"sed 's/def/DEF/' {MOD} -i"),
    case("-i.bak suffix", f"sed -i.bak 's/def/DEF/' {MOD}"),
    case("-i'' (empty suffix)", f"sed -i'' 's/def/DEF/' {MOD}"),
    case("--in-place=.orig", f"sed --in-place=.orig 's/def/DEF/' {MOD}"),
    case("double-quoted script", f"sed -i \"s/'gamma'/\\\"g\\\"/\" {MOD}"),
    case("double-quoted script with \\$", f"sed -i \"s/:\\$/;/\" {MOD}"),
    case("cd then a relative path", "cd pkg && sed -i 's/os/sys/' mod.py"),
    case("sed then a read of the file", f"sed -i '1d' {MOD} && grep -n 'import' {MOD}"),
    case("a second sed on the replayed text", [f"sed -i 's/value/v/g' {MOD}", f"sed -i '/v = x/d' {MOD}"]),
    case("no match: nothing changes", f"sed -i 's/nomatch/x/' {MOD}"),
    case("non-ASCII text, literal regex", f"sed -i 's/plain/PLAIN/' {MOD}", {MOD: UTF}),
    case("empty file", f"sed -i 's/a/b/' {MOD}", {"pkg/other.py": "x\n", MOD: ""}),
    case("-s and -E clustered with -i", f"sed -sEi 's/(im)port/\\1PORT/' {MOD}"),
    case("groups over the whole line", f"sed -i 's/\\(.*\\)=\\(.*\\)/\\2=\\1/' {MOD}", {MOD: "a=b=c\nx = 1\n"}),
    case("ERE alternation, & only: longest", f"sed -E -i 's/(a|ab)(c|bcd)(d*)/[&]/' {MOD}", {MOD: "abcd\nabcdd\n"}),
    case("ERE {,n}", f"sed -E -i 's/a{{,2}}/X/g' {MOD}", {MOD: "aaaaa\nb\n"}),
    case("BRE \\{,n\\}", f"sed -i 's/a\\{{,2\\}}/X/g' {MOD}", {MOD: "aaaaa\nb\n"}),
    case("quantified group, & only", f"sed -i 's/\\(ab\\)\\{{2\\}}/<&>/;s/\\(x\\)*y/[&]/' {MOD}",
         {MOD: "ababab\nxxy\n"}),
    case("s/$/ and s/^/g", f"sed -i 's/$/;/;s/^/>/g' {MOD}"),
    case("a*$ with g", f"sed -i 's/a*$/X/g' {MOD}", {MOD: "baaa\nb\naab\n"}),
    case("/re/,/re/ checks the end from the next line", f"sed -i '/x/,/x/d' {MOD}", {MOD: "x 1\ny\nx 2\nz\nx 3\n"}),
    case("$! and N,M!", f"sed -i '$!s/$/,/;2,4!s/^/-/' {MOD}"),
    case("-- before the script", f"sed -i -- 's/def/DEF/' {MOD}"),
    case("--in-place without a suffix", f"sed --in-place 's/def/DEF/' {MOD}"),
    case("; and spaces inside s", f"sed -i 's/x + 1/x ; 1/' {MOD}"),
    case("g then a number", f"sed -i 's/a/A/g2' {MOD}"),
    case("trailing blanks class", f"sed -i 's/[[:space:]]*$//' {MOD}", {MOD: "a  \nb\t\nc\n"}),
    case("I flag and a dot on ASCII", f"sed -i 's/G.MMA/x/Ig' {MOD}"),
    case("a regex address after an s in the same cycle", f"sed -i -e 's/import/IMPORT/' -e '/IMPORT re/d' {MOD}"),
    # refused: the file's text is unknown afterwards, as before session 36
    case("refused: groups of a quantified group", f"sed -i 's/\\(ab\\)*c/[\\1]/' {MOD}", expect="refuse"),
    case("refused: the empty regex", f"sed -i '/def/s//DEF/' {MOD}", expect="refuse"),
    case("refused: a file the workspace lacks is no replay", "sed -i 's/a/b/' pkg/none.py", expect="refuse",
         paths=["pkg/none.py"]),
    case("refused: backreference in regex", f"sed -i 's/\\(a\\)\\1/b/' {MOD}", expect="refuse"),
    case("refused: groups with alternation", f"sed -i 's/\\(x\\|y\\)\\(1\\)/\\2/' {MOD}", expect="refuse"),
    case("refused: case conversion", f"sed -i 's/alpha/\\U&/' {MOD}", expect="refuse"),
    case("refused: y", f"sed -i 'y/abc/xyz/' {MOD}", expect="refuse"),
    case("refused: a text", f"sed -i '2a new line' {MOD}", expect="refuse"),
    case("refused: block", f"sed -i '/def/{{s/def/DEF/}}' {MOD}", expect="refuse"),
    case("refused: -n", f"sed -n -i 's/def/DEF/p' {MOD}", expect="refuse"),
    case("refused: M flag", f"sed -i 's/^def/DEF/M' {MOD}", expect="refuse"),
    case("refused: e flag", f"sed -i 's/^/echo /e' {MOD}", {MOD: "x\n"}, expect="refuse"),
    case("refused: word boundary", f"sed -i 's/\\bos\\b/sys/' {MOD}", expect="refuse"),
    case("refused: \\x escape", f"sed -i 's/\\x61/b/' {MOD}", expect="refuse"),
    case("refused: shell variable", f"x=alpha; sed -i \"s/$x/b/\" {MOD}", expect="refuse"),
    case("refused: $'...' quoting", f"sed -i $'s/alpha/b\\\\tc/' {MOD}", expect="refuse"),
    # GNU sed's `.` is a byte in the C locale, a character in C.UTF-8: which the agent had is unknown
    case("refused: non-ASCII text and a dot", f"sed -i 's/caf./CAFE/' {MOD}", {MOD: UTF}, expect="refuse"),
    case("refused: CRLF text", f"sed -i 's/b$/B/' {MOD}", {MOD: b"a\r\nb\r\n"}, expect="refuse"),
    case("refused: first~step", f"sed -i '1~2d' {MOD}", expect="refuse"),
    case("refused: w flag", f"sed -i 's/def/DEF/w out.txt' {MOD}", expect="refuse"),
    # session 37: a glob operand is the files bash passed (`glob`: checked against bash's own
    # expansion in the C locale, `bash -c 'shopt -u nullglob; printf "%s\n" GLOB'`); no file of the
    # glob's literal name is ever written (before session 37 the write was `pkg/*.py`'s)
    case("glob operand, one match", "sed -i 's/os/sys/' pkg/*.py", glob="pkg/*.py"),
    case("glob operand, C collation and hidden files", "sed -i 's/os/sys/' pkg/*.py", GLOB_TREE, glob="pkg/*.py"),
    case("glob in a folder part, ** as *", "sed -i 's/os/sys/' pkg/**/*.py", GLOB_TREE, glob="pkg/**/*.py"),
    case("? and brackets", "sed -i 's/import/IMPORT/' pkg/[a-c]?.py pkg/[!a-z]*.py", GLOB_TREE,
         glob="pkg/[a-c]?.py pkg/[!a-z]*.py"),
    case("glob matching nothing: sed cannot read it, nothing written", "sed -i 's/os/sys/' pkg/*.rs", GLOB_TREE,
         glob="pkg/*.rs"),
    case("glob matching nothing, a file of that literal name", "sed -i 's/os/sys/' pkg/*.rs",
         {**GLOB_TREE, "pkg/*.rs": "import os\n"}, glob="pkg/*.rs"),
    case("glob matching a folder first: GNU sed stops there", "sed -i 's/os/sys/' pkg/*",
         {**GLOB_TREE, "pkg/0dir/z.py": "import os\n"}, glob="pkg/*"),
    case("glob with a folder last", "sed -i 's/os/sys/' pkg/*", GLOB_TREE, glob="pkg/*"),
    case("glob after cd", "cd pkg && sed -i 's/os/sys/' *.py", GLOB_TREE, glob="*.py"),
    case("glob and -i.bak backups", "sed -i.bak 's/os/sys/' pkg/[ab]*.py", GLOB_TREE, glob="pkg/[ab]*.py"),
    case("a file and a glob matching it too", "sed -i 's/import/from/' pkg/ab.py pkg/a*.py", GLOB_TREE,
         glob="pkg/ab.py pkg/a*.py"),
    # session 38: brace expansion before globbing (`{a,b}`, sequences, nested, a glob inside),
    # quoted or escaped braces and quoted glob characters literal (checked the same way: bash's
    # `printf` of the words); before session 38 a brace operand was refused (both files unknown)
    # and a glob in a word with quotes made every file it matches unknown unless one had its name
    case("brace operand", "sed -i 's/os/sys/' pkg/{ab,a}.py", GLOB_TREE, glob="pkg/{ab,a}.py"),
    case("brace sequence and nesting", "sed -i 's/os/sys/' pkg/{a{b,},_x}.py top.p{y..y}", GLOB_TREE,
         glob="pkg/{a{b,},_x}.py top.p{y..y}"),
    case("a glob inside braces", "sed -i 's/os/sys/' {pkg/[AB]*,pkg/sub/*}.py", GLOB_TREE,
         glob="{pkg/[AB]*,pkg/sub/*}.py"),
    case("quoted braces are a name", "sed -i 's/os/sys/' 'pkg/{a,b}.py' pkg/a.py",
         {**GLOB_TREE, "pkg/{a,b}.py": "import os\n"}, glob="'pkg/{a,b}.py' pkg/a.py"),
    case("escaped braces are a name", "sed -i 's/os/sys/' pkg/\\{a,b}.py",
         {**GLOB_TREE, "pkg/{a,b}.py": "import os\n"}, glob="pkg/\\{a,b}.py"),
    case("a quoted glob is the file of that name", "sed -i 's/os/sys/' 'pkg/*.py' \"pkg\"/a*.py",
         {**GLOB_TREE, "pkg/*.py": "import os\n"}, glob="'pkg/*.py' \"pkg\"/a*.py"),
    # session 37: a line the agent wrote (a here-document rewrite, as astropy-14182's run did)
    # changed by `sed -i`: the edit row is the base line before it (`agent_rows`: recomputed from
    # a line diff of the base and the text before the `sed -i`), as for a `str_replace` of it
    case("sed -i of a line the agent wrote", [AGENT_REWRITE, f"sed -i 's/total = value/total = value * 2/' {MOD}"],
         agent_rows=True),
    case("sed -i deleting a line the agent wrote and a base line", [AGENT_REWRITE, f"sed -i '/total/d;/data =/d' {MOD}"],
         agent_rows=True),
    case("a file edited twice: the second pass changes lines the first wrote",
         [f"sed -i 's/a/A/' {MOD}", f"sed -i 's/a/A/' {MOD}"], agent_rows=True),
    case("sed -i printing a line the agent wrote twice", [AGENT_REWRITE, f"sed -i '/total/p' {MOD}"],
         agent_rows=True),
]

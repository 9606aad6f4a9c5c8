"""Hand-made and seeded random Ruby files for the units oracle (scripts/units_oracle_script.py
ruby cases): each construct of docs/units.md "Ruby, exactly" and its edges. CASES are valid to
Ruby's parser (one it refuses fails the run); BROKEN have syntax errors; LIMITS are forms the docs
name as beyond tree-sitter-ruby; WARNS parse with a warning but right units."""
import random

BASICS = b"""# a leading comment is not in the unit
module Outer
  VERSION = "1"

  class Inner < Base
    # doc
    def plain(a, b = 1, *rest, key:, opt: 2, **kw, &blk)
      a
    end

    def self.single
    end

    class << self
      def in_sclass; end

      attr_accessor :x
    end

    def endless(x) = x * 2
    def endless_multi(x) =
      x + 1

    private def priv_def
    end

    protected

    def forward(...) = plain(...)
    def anon_splat(*, **, &) = nil

    attr_reader :y
    define_method(:dyn) { 1 }
    Point = Struct.new(:a) do
      def in_block; end
    end
  end
end

class A::B::C
  def ==(o) = true
  def []=(k, v); end
  def [](k); end
  def <=>(o); 0; end
  def +@; end
  def call?; end
  def bang!; end
  def setter=(v); end
  def `(cmd); end
end

class ::TopLevel; end

def top_level
  def nested; end
  x = 1
end

obj = Object.new
def obj.on_object; end
class << obj
  def x; end
end
class << (RANDOM = Object.new)
  def y; end
end
def RANDOM.z; end
def (RANDOM).w; end

Foo = Class.new do
  def in_class_new; end
end
Mod = Module.new do
  def in_module_new; end
end

if true
  def in_if; end
end
begin
  def in_begin; end
rescue StandardError
  def in_rescue; end
ensure
  def in_ensure; end
end
[1].each { def in_brace_block; end }
->(x) { x }
BEGIN { def in_begin_block; end }
END { def in_end_block; end }
alias other top_level
"""

STRINGS = b"""def uses_heredoc
  foo(<<~SQL, <<-TXT)
    def not_a_def
    end
  SQL
    class NotAClass
    TXT
end

def squiggly
  x = <<~'RAW'
    end
    #{not_interpolated}
  RAW
  y = "#{
    def in_interpolation; end
  }"
  z = %w[def end class]
  r = /end|def/
  q = %q(end)
  s = :end
  t = { end: 1, def: 2, class: 3 }
  t[:end]
end

=begin
def in_embedded_doc
end
=end

class AfterDoc
  def last?
    true
  end
end
"""

MATCHING = b"""class Matcher
  def check(value)
    case value
    in { name: String => name, age: Integer => age } if age > 18
      name
    in [Integer => first, *rest]
      first
    in Symbol | nil
      :sym
    end
  end

  def numbered = [1, 2].map { _1 * 2 }
  def rightward = (1 => one; one)
end
"""

END_DATA = b"""def before_end; end

__END__
def after_end_marker
end
"""

SHAPES = {
    "crlf.rb": BASICS.replace(b"\n", b"\r\n"),
    "bom.rb": b"\xef\xbb\xbf" + b"class Bom\n  def a; end\nend\n",
    "bom_crlf.rb": b"\xef\xbb\xbf" + STRINGS.replace(b"\n", b"\r\n"),
    "no_final_newline.rb": b"module M\n  def last\n  end\nend",
    "empty.rb": b"",
    "only_comments.rb": b"# nothing\n# here\n",
    "tabs.rb": b"class T\n\tdef m\n\t\t1\n\tend\nend\n",
    "one_line.rb": b"class A; def b; end; def self.c; end; end; module N; end\n",
    "non_ascii.rb": "# caf\u00e9\ndef caf\u00e9; end\nclass Uber\n  def gr\u00fc\u00dfe = '\u00e9'\n  "
                    "def \u65e5\u672c; end\nend\n".encode(),
    "Rakefile": b"task :default do\n  def in_rakefile; end\nend\n",
    "lib.gemspec": b"Gem::Specification.new do |s|\n  s.name = 'x'\nend\n",
    "config.ru": b"class App\n  def call(env) = [200, {}, []]\nend\nrun App.new\n",
    "tasks.rake": b"namespace :db do\n  def helper; end\nend\n",
}

CASES = {"basics.rb": BASICS, "strings.rb": STRINGS, "matching.rb": MATCHING, "end_data.rb": END_DATA, **SHAPES}

BROKEN = {
    "missing_end.rb": b"def ok; end\nclass Fine\n  def m; end\nend\ndef broken\n  if x\n",
    "bad_token.rb": b"module Good\n  def a; end\nend\ndef b(\n  1 +\nend\ndef later; end\n",
    "stray_end.rb": b"def a\nend\nend\ndef c; end\n",
}

# tree-sitter-ruby 0.23.1 takes a constant only if it starts with an ASCII capital: `class Émoji`
# (a constant to Ruby) is a parse error and that class is lost.
LIMITS = {
    "non_ascii_constant.rb": "class \u00c9moji\n  def caf\u00e9; end\nend\ndef after; end\n".encode(),
}

# A NUL byte in a comment (RubyGems writes them into the gemspec stubs' `# stub:` line) and the
# symbols of special globals such as `:$;` (typeprof) are parse errors to tree-sitter-ruby, with
# the units right.
WARNS = {
    "nul_in_comment.rb": b"# stub: a\x00b\ndef x\n  1\nend\nclass Y; end\n",
    "special_global_symbols.rb": b"def globals(var)\n  case var\n  when :$;, :$,\n    1\n  end\nend\ndef after; end\n",
}


def random_names(seed, count):
    return [f"random_{seed}_{i}.rb" for i in range(count)]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines, self.n = [], 0

    def name(self, p):
        self.n += 1
        return f"{p}{self.n}"

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def noise(self, depth):
        r = self.r
        c = r.random()
        if c < 0.15:
            self.emit(depth, "# a comment: def end class")
        elif c < 0.2:
            self.emit(depth, "")
        elif c < 0.25:
            self.emit(depth, "x = <<~TXT")
            self.emit(depth + 1, "def in_heredoc")
            self.emit(depth, "TXT")
        elif c < 0.3:
            self.emit(depth, 'y = "#{1 + 1} end"')

    def body(self, depth, budget):
        r = self.r
        for _ in range(r.randint(0, 3)):
            self.noise(depth)
            c = r.random()
            if budget > 0 and c < 0.2:
                self.method(depth, budget - 1)
            elif c < 0.4:
                self.emit(depth, r.choice(["if a", "while a", "[1].each do |i|", "begin"]))
                self.emit(depth + 1, "b = 1")
                self.emit(depth, "end")
            else:
                self.emit(depth, r.choice(["a = 1", "call(1)", "return if a", "puts 'end'"]))

    def method(self, depth, budget):
        r = self.r
        c = r.random()
        name = self.name("m")
        if c < 0.15:
            self.emit(depth, f"def {name}(x) = x + 1")
        elif c < 0.25:
            self.emit(depth, f"def self.{name}; end")
        else:
            prefix = r.choice(["", "", "private ", "self."]) if depth > 0 else ""
            if prefix == "self.":
                self.emit(depth, f"def self.{name}(a, b = 1)")
            else:
                self.emit(depth, f"{prefix}def {name}(a, *b, **c)")
            self.body(depth + 1, budget)
            self.emit(depth, "end")

    def container(self, depth, budget):
        r = self.r
        c = r.random()
        if c < 0.3:
            self.emit(depth, f"module {self.name('M')}")
        elif c < 0.45 and depth > 0:
            self.emit(depth, "class << self")
        else:
            sup = r.choice(["", " < Base", " < Struct.new(:a)"])
            self.emit(depth, f"class {self.name('C')}{sup}")
        for _ in range(r.randint(0, 4)):
            self.noise(depth + 1)
            if budget > 0 and r.random() < 0.25:
                self.container(depth + 1, budget - 1)
            else:
                self.method(depth + 1, budget)
        self.emit(depth, "end")


def random_file(seed, name):
    g = Gen(seed)
    for _ in range(g.r.randint(1, 5)):
        if g.r.random() < 0.7:
            g.container(0, 2)
        else:
            g.method(0, 2)
    text = "\n".join(g.lines) + "\n"
    if g.r.random() < 0.1:
        text = text.replace("\n", "\r\n")
    return text.encode()

# The units oracle's Ruby recomputation (scripts/units_oracle_script.py ruby): the syntax units
# docs/units.md "Ruby, exactly" defines, from Ruby's own parser (RubyVM::AbstractSyntaxTree),
# never from readcov's query. One JSON line per file on stdout:
# {path, errors, first_error, units: [{kind, name, start, end, depth}]}; for a file Ruby refuses,
# the units of its longest prefix Ruby parses (lines dropped from the end), for the broken cases.
# usage: ruby units_oracle_ruby.rb FILE...
require "json"
require "ripper"

def units_of(src)
  ast = RubyVM::AbstractSyntaxTree.parse(src)
  lines = src.lines
  text = lambda do |n| # a node's source (its columns are bytes)
    if n.first_lineno == n.last_lineno
      lines[n.first_lineno - 1].byteslice(n.first_column...n.last_column)
    else
      ([lines[n.first_lineno - 1].byteslice(n.first_column..)] + lines[n.first_lineno...n.last_lineno - 1] +
       [lines[n.last_lineno - 1].byteslice(0...n.last_column)]).join
    end.force_encoding("UTF-8")
  end
  # `class << (X = Object.new)`: the name is the expression as written; the AST drops the parentheses.
  parenthesized = lambda do |n|
    before = lines[n.first_lineno - 1].byteslice(0, n.first_column)
    before.rstrip.end_with?("(") ? "(#{text.(n)})" : text.(n)
  end
  units = []
  walk = lambda do |node, depth|
    return unless node.is_a?(RubyVM::AbstractSyntaxTree::Node)
    unit = case node.type
           when :MODULE then ["module", text.(node.children[0])]
           when :CLASS then ["class", text.(node.children[0])]
           when :SCLASS then ["class", parenthesized.(node.children[0])]
           when :DEFN then ["method", node.children[0].to_s]
           when :DEFS then ["method", node.children[1].to_s]
           end
    if unit
      units << { kind: unit[0], name: unit[1], start: node.first_lineno, end: node.last_lineno, depth: depth }
      depth += 1
    end
    node.children.each { |c| walk.(c, depth) }
  end
  walk.(ast, 0)
  units.each_with_index.sort_by { |u, i| [u[:start], u[:depth], i] }.map(&:first)
end

# The line of Ruby's first syntax error (Ripper reports where; the AST's message does not).
class FirstError < Ripper
  attr_reader :line

  def on_parse_error(*)
    @line ||= lineno
  end
  alias compile_error on_parse_error
end

def error_line(src)
  p = FirstError.new(src)
  p.parse
  p.line || 1
end

ARGV.each do |path|
  r = { path: path }
  begin
    src = File.binread(path).force_encoding("UTF-8")
    src = src.delete_prefix("\uFEFF") if src.valid_encoding?
    begin
      r.merge!(errors: 0, first_error: nil, units: units_of(src))
    rescue SyntaxError
      first = error_line(src)
      lines = src.lines[0, first - 1] || []
      units = []
      until lines.empty?
        begin
          units = units_of(lines.join)
          break
        rescue SyntaxError
          lines.pop
        end
      end
      r.merge!(errors: 1, first_error: first, units: units)
    end
  rescue StandardError => e
    r[:error] = e.message
  end
  puts JSON.generate(r)
end

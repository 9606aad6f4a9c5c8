// Lists the syntax units of each Go file given on the command line with the Go toolchain's own
// parser (go/parser, go/ast; not tree-sitter), from docs/units.md "Go, exactly": one JSON line per
// file, {"path", "error", "error_line", "left_out", "units": [{kind, name, start, end, depth}]}.
// `error` is go/parser's first error when it refuses the file (then no units). Run by
// scripts/units_oracle_native.py `go` (suite 44-units-native-oracle.sh builds it with `go build`).
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
)

type unit struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	Depth int    `json:"depth"`
}

type record struct {
	Path      string  `json:"path"`
	Error     *string `json:"error"`
	ErrorLine int     `json:"error_line"`
	LeftOut   int     `json:"left_out"`
	Units     []unit  `json:"units"`
}

type walker struct {
	fset  *token.FileSet
	units []unit
	depth int
}

// line: the file's own line, not one a `//line` directive sets.
func (w *walker) line(p token.Pos) int { return w.fset.PositionFor(p, false).Line }

// add records a unit from pos to end (end is one past the last byte, as go/ast's End()) and walks
// `inner` one level deeper.
func (w *walker) add(kind, name string, pos, end token.Pos, inner ...ast.Node) {
	w.units = append(w.units, unit{kind, name, w.line(pos), w.line(end - 1), w.depth})
	w.depth++
	for _, n := range inner {
		if n != nil && !isNil(n) {
			ast.Walk(w, n)
		}
	}
	w.depth--
}

func isNil(n ast.Node) bool {
	switch v := n.(type) {
	case *ast.BlockStmt:
		return v == nil
	case *ast.FieldList:
		return v == nil
	}
	return false
}

// funcLit: the expression is a function literal, not wrapped in parentheses.
func funcLit(e ast.Expr) bool { _, ok := e.(*ast.FuncLit); return ok }

func (w *walker) Visit(n ast.Node) ast.Visitor {
	switch v := n.(type) {
	case *ast.FuncDecl:
		kind := "function"
		if v.Recv != nil {
			kind = "method"
		}
		var body ast.Node
		if v.Body != nil {
			body = v.Body
		}
		w.add(kind, v.Name.Name, v.Pos(), v.End(), v.Recv, v.Type, body)
		return nil
	case *ast.TypeSpec:
		if v.Assign.IsValid() { // `type A = B`: an alias is not a unit
			return w
		}
		kind := "type"
		switch v.Type.(type) {
		case *ast.StructType:
			kind = "struct"
		case *ast.InterfaceType:
			kind = "interface"
		}
		w.add(kind, v.Name.Name, v.Pos(), v.End(), v.TypeParams, v.Type)
		return nil
	case *ast.AssignStmt:
		if id, ok := v.Lhs[0].(*ast.Ident); ok && v.Tok == token.DEFINE && funcLit(v.Rhs[0]) {
			var rhs []ast.Node
			for _, e := range v.Rhs {
				rhs = append(rhs, e)
			}
			w.add("function", id.Name, v.Pos(), v.End(), rhs...)
			return nil
		}
	case *ast.ValueSpec:
		if len(v.Values) > 0 && funcLit(v.Values[0]) {
			var vals []ast.Node
			for _, e := range v.Values {
				vals = append(vals, e)
			}
			// the first name, bound to the first value (docs: `var a, b = func() {}, 1` is `a` alone)
			w.add("function", v.Names[0].Name, v.Pos(), v.End(), vals...)
			return nil
		}
	}
	return w
}

func main() {
	out := json.NewEncoder(os.Stdout)
	out.SetEscapeHTML(false)
	for _, path := range os.Args[1:] {
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fset := token.NewFileSet()
		rec := record{Path: path, Units: []unit{}}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			msg := err.Error()
			rec.Error = &msg
			if list, ok := err.(scanner.ErrorList); ok && len(list) > 0 {
				rec.ErrorLine = list[0].Pos.Line
			}
		} else {
			w := &walker{fset: fset}
			ast.Walk(w, f)
			if w.units != nil {
				rec.Units = w.units
			}
		}
		if err := out.Encode(rec); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
}

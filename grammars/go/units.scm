; Units for Go. @<kind> is the whole definition, @name its name.

(function_declaration name: (identifier) @name) @function
(method_declaration name: (field_identifier) @name) @method

; A type spec, not the declaration: `type ( A struct{}; B int )` holds several.
(type_spec name: (type_identifier) @name type: (struct_type)) @struct
(type_spec name: (type_identifier) @name type: (interface_type)) @interface
(type_spec name: (type_identifier) @name) @type

; Nested functions are closures bound to a name: `f := func() {...}` / `var f = func() {...}`.
(short_var_declaration
  left: (expression_list . (identifier) @name)
  right: (expression_list . (func_literal))) @function
; The first name only, as for `:=`: in `var a, b = func() {}, 1` the literal is bound to `a`
; (an unanchored name matched each name, so `b` was a second unit nested in `a`).
(var_spec
  . name: (identifier) @name
  value: (expression_list . (func_literal))) @function

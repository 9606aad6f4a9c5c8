; Units for TypeScript and TSX (one query, both grammars). @<kind> is the whole definition,
; @name its name (docs/units.md "JavaScript and TypeScript, exactly": a function value is an arrow
; function or an anonymous function or generator expression). The grammar's own tags.scm misses
; plain functions and classes; these do not.

(class_declaration name: (type_identifier) @name) @class
(abstract_class_declaration name: (type_identifier) @name) @class
(class name: (type_identifier) @name) @class
(interface_declaration name: (type_identifier) @name) @interface
(enum_declaration name: (identifier) @name) @enum
(type_alias_declaration name: (type_identifier) @name) @type
(internal_module name: (_) @name) @namespace
(module name: (_) @name) @module

(method_definition name: (_) @name) @method
(abstract_method_signature name: (_) @name) @method
(public_field_definition
  name: (_) @name
  value: [(arrow_function) (function_expression !name) (generator_function !name)]) @method
(pair
  key: (property_identifier) @name
  value: [(arrow_function) (function_expression !name) (generator_function !name)]) @method

(function_declaration name: (identifier) @name) @function
(generator_function_declaration name: (identifier) @name) @function
(function_expression name: (identifier) @name) @function
(generator_function name: (identifier) @name) @function

; `const App = () => <div/>;`: a sole declarator's whole declaration is the unit; in
; `var a = function () {...}, b = () => {...};` each declarator is its own.
(lexical_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression !name) (generator_function !name)])
  .) @function
(variable_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression !name) (generator_function !name)])
  .) @function
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression !name) (generator_function !name)]) @function
; `exports.f = function () {...}` / `obj.f = () => {...}`
(expression_statement
  (assignment_expression
    left: (member_expression property: (property_identifier) @name)
    right: [(arrow_function) (function_expression !name) (generator_function !name)])) @function

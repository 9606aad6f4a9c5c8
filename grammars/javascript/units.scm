; Units for JavaScript (and JSX). @<kind> is the whole definition, @name its name
; (docs/units.md "JavaScript and TypeScript, exactly"). A function value is an arrow function or
; an anonymous function or generator expression: a named one is a unit under its own name.

(class_declaration name: (identifier) @name) @class
(class name: (identifier) @name) @class
(method_definition name: (_) @name) @method
(field_definition
  property: (_) @name
  value: [(arrow_function) (function_expression !name) (generator_function !name)]) @method
(pair
  key: (property_identifier) @name
  value: [(arrow_function) (function_expression !name) (generator_function !name)]) @method

(function_declaration name: (identifier) @name) @function
(generator_function_declaration name: (identifier) @name) @function
(function_expression name: (identifier) @name) @function
(generator_function name: (identifier) @name) @function

; `const f = () => {...}` / `let f = function () {...}`: a sole declarator's whole declaration is
; the unit; in `var a = function () {...}, b = () => {...};` each declarator is its own.
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

; Units for JavaScript (and JSX). @<kind> is the whole definition, @name its name.

(class_declaration name: (identifier) @name) @class
(class name: (identifier) @name) @class
(method_definition name: (_) @name) @method
(field_definition
  property: (_) @name
  value: [(arrow_function) (function_expression)]) @method
(pair
  key: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @method

(function_declaration name: (identifier) @name) @function
(generator_function_declaration name: (identifier) @name) @function
(function_expression name: (identifier) @name) @function

; `const f = () => {...}` / `let f = function () {...}`: the whole declaration is the unit.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @function
; `exports.f = function () {...}` / `obj.f = () => {...}`
(expression_statement
  (assignment_expression
    left: (member_expression property: (property_identifier) @name)
    right: [(arrow_function) (function_expression)])) @function

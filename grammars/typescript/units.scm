; Units for TypeScript and TSX (one query, both grammars). @<kind> is the whole definition,
; @name its name. The grammar's own tags.scm misses plain functions and classes; these do not.

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
  value: [(arrow_function) (function_expression)]) @method
(pair
  key: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @method

(function_declaration name: (identifier) @name) @function
(generator_function_declaration name: (identifier) @name) @function
(function_expression name: (identifier) @name) @function

; `const App = () => <div/>;`: the whole declaration is the unit.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @function

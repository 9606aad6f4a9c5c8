; Units for C++. Whole definitions (the grammar's tags.scm captures only the declarator line).
; @<kind> is the definition, @name its name. A template's `template <...>` line belongs to it.
;
; A function's name sits in a function_declarator behind one wrapper per `*` or `&` of its return
; type (pointer_declarator, reference_declarator). The wrappers are followed through their
; `declarator:` field, which keeps parameters out of reach; the last hop takes any child, because
; reference_declarator has no field (no spine node has a parameter's declarator as a direct child).
; Each context lists 0 to 4 wrappers: `int ***&f()` is the deepest.

; Methods: function definitions inside a class/struct body (inline methods, constructors).
(field_declaration_list
  (function_definition declarator:
    (function_declarator declarator: (_) @name)) @method)
(field_declaration_list
  (function_definition declarator:
    (_ (function_declarator declarator: (_) @name))) @method)
(field_declaration_list
  (function_definition declarator:
    (_ declarator: (_ (function_declarator declarator: (_) @name)))) @method)
(field_declaration_list
  (function_definition declarator:
    (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name))))) @method)
(field_declaration_list
  (function_definition declarator:
    (_ declarator: (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name)))))) @method)
(field_declaration_list
  (template_declaration
    (function_definition declarator:
      (function_declarator declarator: (_) @name))) @method)
(field_declaration_list
  (template_declaration
    (function_definition declarator:
      (_ (function_declarator declarator: (_) @name)))) @method)
(field_declaration_list
  (template_declaration
    (function_definition declarator:
      (_ declarator: (_ (function_declarator declarator: (_) @name))))) @method)
(field_declaration_list
  (template_declaration
    (function_definition declarator:
      (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name)))))) @method)
(field_declaration_list
  (template_declaration
    (function_definition declarator:
      (_ declarator: (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name))))))) @method)

; A conversion operator has no function_declarator: its declarator is an operator_cast
; (`operator bool() const`, the whole of which is the name), also behind a scope
; (`S::operator int() const`, out of line). Found by the libclang oracle, session 28.
(field_declaration_list
  (function_definition declarator: (operator_cast) @name) @method)
(field_declaration_list
  (template_declaration
    (function_definition declarator: (operator_cast) @name)) @method)
(template_declaration
  (function_definition declarator: (qualified_identifier name: (operator_cast)) @name)) @function
(function_definition declarator: (qualified_identifier name: (operator_cast)) @name) @function
(function_definition declarator:
  (qualified_identifier name: (qualified_identifier name: (operator_cast))) @name) @function

(template_declaration
  (function_definition declarator:
    (function_declarator declarator: (_) @name))) @function
(template_declaration
  (function_definition declarator:
    (_ (function_declarator declarator: (_) @name)))) @function
(template_declaration
  (function_definition declarator:
    (_ declarator: (_ (function_declarator declarator: (_) @name))))) @function
(template_declaration
  (function_definition declarator:
    (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name)))))) @function
(template_declaration
  (function_definition declarator:
    (_ declarator: (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name))))))) @function
(function_definition declarator:
  (function_declarator declarator: (_) @name)) @function
(function_definition declarator:
  (_ (function_declarator declarator: (_) @name))) @function
(function_definition declarator:
  (_ declarator: (_ (function_declarator declarator: (_) @name)))) @function
(function_definition declarator:
  (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name))))) @function
(function_definition declarator:
  (_ declarator: (_ declarator: (_ declarator: (_ (function_declarator declarator: (_) @name)))))) @function

(template_declaration (class_specifier name: (_) @name body: (field_declaration_list))) @class
(template_declaration (struct_specifier name: (_) @name body: (field_declaration_list))) @struct
(class_specifier name: (_) @name body: (field_declaration_list)) @class
(struct_specifier name: (_) @name body: (field_declaration_list)) @struct
(union_specifier name: (_) @name body: (field_declaration_list)) @union
(enum_specifier name: (_) @name body: (enumerator_list)) @enum
(namespace_definition name: (_) @name body: (declaration_list)) @namespace

(type_definition
  type: (struct_specifier !name body: (field_declaration_list))
  . declarator: (type_identifier) @name) @struct
; As in C: a typedef'd anonymous union or enum is named by the typedef (until session 28 only the
; struct was, so a C header read as C++ lost them).
(type_definition
  type: (union_specifier !name body: (field_declaration_list))
  . declarator: (type_identifier) @name) @union
(type_definition
  type: (enum_specifier !name body: (enumerator_list))
  . declarator: (type_identifier) @name) @enum

; Units for C++. Whole definitions (the grammar's tags.scm captures only the declarator line).
; @<kind> is the definition, @name its name. A template's `template <...>` line belongs to it.

; Methods: function definitions inside a class/struct body (inline methods, constructors).
(field_declaration_list
  (function_definition
    declarator: (function_declarator declarator: (_) @name)) @method)
(field_declaration_list
  (function_definition
    declarator: (_ declarator: (function_declarator declarator: (_) @name))) @method)
(field_declaration_list
  (template_declaration
    (function_definition
      declarator: (function_declarator declarator: (_) @name))) @method)

(template_declaration
  (function_definition
    declarator: (function_declarator declarator: (_) @name))) @function
(template_declaration
  (function_definition
    declarator: (_ declarator: (function_declarator declarator: (_) @name)))) @function
(function_definition
  declarator: (function_declarator declarator: (_) @name)) @function
; Pointer and reference return types wrap the function declarator.
(function_definition
  declarator: (_ declarator: (function_declarator declarator: (_) @name))) @function

(template_declaration (class_specifier name: (_) @name body: (field_declaration_list))) @class
(template_declaration (struct_specifier name: (_) @name body: (field_declaration_list))) @struct
(class_specifier name: (_) @name body: (field_declaration_list)) @class
(struct_specifier name: (_) @name body: (field_declaration_list)) @struct
(union_specifier name: (_) @name body: (field_declaration_list)) @union
(enum_specifier name: (_) @name body: (enumerator_list)) @enum
(namespace_definition name: (_) @name body: (declaration_list)) @namespace

(type_definition
  type: (struct_specifier !name body: (field_declaration_list))
  declarator: (type_identifier) @name) @struct

; Units for C. The grammar's tags.scm captures only the declarator line; these capture the whole
; definition through the closing brace. @<kind> is the definition, @name its name.
; The name sits in a function_declarator behind one pointer_declarator per `*` of the return type,
; followed through the `declarator:` field (which keeps parameters out of reach); the last hop
; takes any child so parenthesized and attributed declarators count too. 0 to 5 wrappers.

(function_definition declarator:
  (function_declarator declarator: (identifier) @name)) @function
(function_definition declarator:
  (_ (function_declarator declarator: (identifier) @name))) @function
(function_definition declarator:
  (_ declarator: (_ (function_declarator declarator: (identifier) @name)))) @function
(function_definition declarator:
  (_ declarator: (_ declarator: (_ (function_declarator declarator: (identifier) @name))))) @function
(function_definition declarator:
  (_ declarator: (_ declarator: (_ declarator: (_ (function_declarator declarator: (identifier) @name)))))) @function
(function_definition declarator:
  (_ declarator: (_ declarator: (_ declarator: (_ declarator: (_ (function_declarator declarator: (identifier) @name))))))) @function

; A function returning a function pointer, `int (*getfn(void))(int) { … }`: the name's declarator
; sits in a parenthesized_declarator (no fields, its only child is the inner declarator), which the
; `declarator:` hops above cannot cross (found by the libclang oracle, session 28).
(function_definition declarator:
  (function_declarator declarator: (parenthesized_declarator
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))) @function

(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @union
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @enum

; `typedef struct { ... } name;` — an anonymous body named by the typedef: its first declarator
; (`.`), as `typedef struct {…} Box, BoxRec, *BoxPtr;` is one unit `Box` (unanchored, each plain
; name was a unit of the same range nested in the one before; found by the libclang oracle).
(type_definition
  type: (struct_specifier !name body: (field_declaration_list))
  . declarator: (type_identifier) @name) @struct
(type_definition
  type: (union_specifier !name body: (field_declaration_list))
  . declarator: (type_identifier) @name) @union
(type_definition
  type: (enum_specifier !name body: (enumerator_list))
  . declarator: (type_identifier) @name) @enum

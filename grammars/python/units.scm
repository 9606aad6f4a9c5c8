; Units for Python. Each pattern captures the whole definition as @<kind> and its name as @name.
; Earlier patterns win the kind when several match the same name (a method is also a function);
; the widest range wins, so a decorated definition starts at its first decorator.

(class_definition
  body: (block (function_definition name: (identifier) @name) @method))
(class_definition
  body: (block (decorated_definition
    definition: (function_definition name: (identifier) @name)) @method))

(class_definition name: (identifier) @name) @class
(decorated_definition
  definition: (class_definition name: (identifier) @name)) @class

(function_definition name: (identifier) @name) @function
(decorated_definition
  definition: (function_definition name: (identifier) @name)) @function

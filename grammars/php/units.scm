; Units for PHP (files with `<?php` and inline HTML). @<kind> is the whole definition, @name its
; name. `namespace X;` has no body: the `.open` suffix makes it run to the next namespace
; statement or the end of the file.

(namespace_definition name: (namespace_name) @name body: (compound_statement)) @namespace
(namespace_definition name: (namespace_name) @name !body) @namespace.open

(class_declaration name: (name) @name) @class
(interface_declaration name: (name) @name) @interface
(trait_declaration name: (name) @name) @trait
(enum_declaration name: (name) @name) @enum
(method_declaration name: (name) @name) @method
(function_definition name: (name) @name) @function

; Units for Rust. @<kind> is the whole definition, @name its name; @trait prefixes the name of a
; trait impl ("Display for Point").

(impl_item body: (declaration_list (function_item name: (_) @name) @method))
(trait_item body: (declaration_list (function_item name: (_) @name) @method))
(trait_item body: (declaration_list (function_signature_item name: (_) @name) @method))

(function_item name: (_) @name) @function
(struct_item name: (type_identifier) @name) @struct
(enum_item name: (type_identifier) @name) @enum
(union_item name: (type_identifier) @name) @union
(trait_item name: (type_identifier) @name) @trait
(impl_item trait: (_) @trait type: (_) @name) @impl
(impl_item type: (_) @name) @impl
(mod_item name: (identifier) @name body: (declaration_list)) @module
(macro_definition name: (identifier) @name) @macro

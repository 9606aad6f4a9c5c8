; Units for Rust. @<kind> is the whole definition, @name its name; @impl_trait prefixes the
; name of a trait impl ("Display for Point"). (It was @trait until session 28, which made every
; `trait` item's own @trait capture a prefix, not a unit: traits were never listed.)

(impl_item body: (declaration_list (function_item name: (_) @name) @method))
(trait_item body: (declaration_list (function_item name: (_) @name) @method))
(trait_item body: (declaration_list (function_signature_item name: (_) @name) @method))

(function_item name: (_) @name) @function
(struct_item name: (type_identifier) @name) @struct
(enum_item name: (type_identifier) @name) @enum
(union_item name: (type_identifier) @name) @union
(trait_item name: (type_identifier) @name) @trait
(impl_item trait: (_) @impl_trait type: (_) @name) @impl
(impl_item type: (_) @name) @impl
(mod_item name: (identifier) @name body: (declaration_list)) @module
(macro_definition name: (identifier) @name) @macro

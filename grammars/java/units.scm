; Units for Java. @<kind> is the whole definition (annotations and modifiers included), @name its name.

(class_declaration name: (identifier) @name) @class
(interface_declaration name: (identifier) @name) @interface
(annotation_type_declaration name: (identifier) @name) @interface
(enum_declaration name: (identifier) @name) @enum
(record_declaration name: (identifier) @name) @record
(method_declaration name: (identifier) @name) @method
(constructor_declaration name: (identifier) @name) @constructor
(compact_constructor_declaration name: (identifier) @name) @constructor

; Units for Ruby. @<kind> is the whole definition (through `end`), @name its name.

(module name: (_) @name) @module
(class name: (_) @name) @class
(singleton_class value: (_) @name) @class
(method name: (_) @name) @method
(singleton_method name: (_) @name) @method

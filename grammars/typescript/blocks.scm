; ContextBench block kinds for TypeScript and TSX (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(function_declaration) (class_declaration) (method_definition) (interface_declaration)] @block

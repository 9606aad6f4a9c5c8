; ContextBench block kinds for Go (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(function_declaration) (method_declaration) (type_declaration)] @block

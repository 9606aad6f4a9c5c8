; ContextBench block kinds for C (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(function_definition) (struct_specifier)] @block

; ContextBench block kinds for C++ (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(function_definition) (class_specifier) (struct_specifier)] @block

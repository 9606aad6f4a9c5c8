; ContextBench block kinds for JavaScript (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(function_declaration) (class_declaration) (method_definition) (arrow_function)] @block

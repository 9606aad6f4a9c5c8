; ContextBench block kinds for PHP (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(function_definition) (method_declaration) (class_declaration)] @block

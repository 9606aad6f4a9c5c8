; ContextBench block kinds for Java (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(method_declaration) (class_declaration) (interface_declaration) (constructor_declaration)] @block

; ContextBench block kinds for Ruby (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(method) (class) (module)] @block

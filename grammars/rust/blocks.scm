; ContextBench block kinds for Rust (the reference evaluator's DEF_NODES; see docs/contextbench.md).
[(function_item) (impl_item) (struct_item) (trait_item)] @block

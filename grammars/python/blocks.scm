; ContextBench block kinds for Python (the reference evaluator's DEF_NODES; see docs/contextbench.md).
; `async_function_definition` is not a node kind of this grammar: an `async def` is a `function_definition`.
[(function_definition) (class_definition)] @block

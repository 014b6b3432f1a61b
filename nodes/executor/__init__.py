"""How a cleared tool call runs, for the `execute` node.

`run`: one call (timeout, retries with jitter, idempotency through the ledger, masking);
`dag`: the calls of one model turn as a dependency graph.
"""

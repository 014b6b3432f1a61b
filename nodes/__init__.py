"""The graph nodes: small async functions that return partial state updates."""

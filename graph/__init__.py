"""A LangGraph agent whose tool loops are stopped by code, not by the recursion limit.

The compiled graph lives in `graph.graph` (what `langgraph.json` points at). This package
imports nothing eagerly, so `nodes` and `tools` can import `graph.context` and `graph.state`
without a cycle through the graph that imports them.
"""

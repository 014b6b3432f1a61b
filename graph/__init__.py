"""A LangGraph agent whose tool loops are stopped by code, not by the recursion limit."""

from graph.graph import graph

__all__ = ["graph"]

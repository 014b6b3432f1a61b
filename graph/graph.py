"""The graph: router → tool_loader → propose → guard → execute → state_update → verifier.

Nodes update state; the `route_after_*` functions choose the next node and nothing else.
Their `Literal` return types are what Studio draws as the conditional edges. They are
`async` although they never await: LangGraph runs a sync edge function of an async graph on
a worker thread, a hand-off that cost more than the function (`python -m graph bench`).
"""

from __future__ import annotations

from typing import Literal

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from graph.context import Context
from graph.state import InputState, State
from nodes.common import changes_only
from nodes.execute import execute
from nodes.fallback import fallback
from nodes.guard import guard
from nodes.propose import propose
from nodes.respond import respond
from nodes.router import router
from nodes.state_update import state_update
from nodes.tool_loader import tool_loader
from nodes.verifier import verifier

GRAPH_NAME = "LoopGuard Agent"
FUSE_RECURSION_LIMIT = 64
"""Last-resort fuse for runs started without one (Studio). The guard and verifier stop a run
by its budgets and by `remaining_steps` well before this fires; the CLI derives a tighter
limit from the budgets of the domain it runs."""


async def route_after_router(state: State) -> Literal["tool_loader", "respond"]:
    """An unknown intent or an invalid slot gets a clarifying answer: no tools exposed."""
    return "respond" if state.verdict.get("action") == "stop" else "tool_loader"


async def route_after_tool_loader(state: State) -> Literal["propose", "fallback"]:
    """A task the caller may not perform stops before the model is asked anything."""
    return "fallback" if state.verdict.get("action") == "stop" else "propose"


async def route_after_guard(state: State) -> Literal["execute", "propose", "fallback"]:
    """Cleared calls run; rejected ones go back with feedback; a stop goes to fallback."""
    action = state.verdict.get("action")
    if action == "stop":
        return "fallback"
    if action == "feedback":
        return "propose"
    return "execute"


async def route_after_verifier(state: State) -> Literal["respond", "propose", "fallback"]:
    """Done ends the run; open steps loop back; anything else needs the fallback."""
    action = state.verdict.get("action")
    if action == "done":
        return "respond"
    if action == "continue":
        return "propose"
    return "fallback"


async def route_after_fallback(state: State) -> Literal["execute", "respond"]:
    """A call a human approved or edited runs once; every other outcome is answered."""
    return "execute" if state.verdict.get("action") == "run" else "respond"


builder = StateGraph(State, input_schema=InputState, context_schema=Context)
builder.add_node(router)
builder.add_node(tool_loader)
builder.add_node(changes_only(propose))
builder.add_node(changes_only(guard))
builder.add_node(changes_only(execute))
builder.add_node(changes_only(state_update))
builder.add_node(changes_only(verifier))
builder.add_node(fallback)
builder.add_node(respond)
builder.add_edge(START, "router")
builder.add_conditional_edges("router", route_after_router)
builder.add_conditional_edges("tool_loader", route_after_tool_loader)
builder.add_edge("propose", "guard")
builder.add_conditional_edges("guard", route_after_guard)
builder.add_edge("execute", "state_update")
builder.add_edge("state_update", "verifier")
builder.add_conditional_edges("verifier", route_after_verifier)
builder.add_conditional_edges("fallback", route_after_fallback)
builder.add_edge("respond", END)


def compile_graph(
    checkpointer: BaseCheckpointSaver[str] | None = None,
    *,
    recursion_limit: int = FUSE_RECURSION_LIMIT,
) -> CompiledStateGraph[State, Context, InputState, State]:
    """Compile with the saver a caller needs; Studio gets `graph`, compiled without one."""
    compiled = builder.compile(checkpointer=checkpointer, name=GRAPH_NAME)
    return compiled.with_config(recursion_limit=recursion_limit)


graph = compile_graph()
"""What `langgraph.json` exports: no checkpointer, since the server brings its own."""

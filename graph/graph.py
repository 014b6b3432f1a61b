"""The graph: router → tool_loader → propose → guard → execute → state_update → verifier.

Nodes update state; the `route_after_*` functions choose the next node and nothing else.
Their `Literal` return types are what Studio draws as the conditional edges.

Every loop passes through both gates. The guard judges every call before it runs, the
model's and a human's alike (`fallback` → `guard`), and the verifier ends every turn, a
refused one too (`guard` → `verifier`): it alone decides to go on, finish or give up.

Every node and router is added in two forms (`graph/portal.py`): the async path (`ainvoke`,
the runner, Studio) awaits the nodes directly, and the sync path (`invoke`, `stream`, what a
notebook types first) runs the same nodes on a private event loop instead of failing with
"No synchronous function provided". Nodes and routers read the flat `State` and the graph
stores `GraphState`, with the internals grouped for Studio's state view (`as_node`,
`as_router`, `graph/state.py`). Run `python -m graph check` after changing the edges.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

from langgraph._internal._runnable import RunnableCallable
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime

from graph.context import Context
from graph.portal import node_runnable, router_runnable
from graph.state import GraphState, InputState, OutputState, State, on_state, reads_state
from nodes.common import changes_only
from nodes.execute import execute
from nodes.fallback import fallback
from nodes.guard import guard
from nodes.propose import propose
from nodes.respond import respond
from nodes.state_update import state_update
from nodes.tool_loader import tool_loader
from nodes.verifier import verifier

GRAPH_NAME = "LoopGuard Agent"
App = CompiledStateGraph[GraphState, Context, InputState, OutputState]
FUSE_RECURSION_LIMIT = 64
"""Last-resort fuse for runs started without one (Studio). The guard and verifier stop a run
by its budgets and by `remaining_steps` well before this fires; the CLI derives a tighter
limit from the budgets of the domain it runs."""


async def router(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """The router node (`nodes.router.router`), imported when a request is first routed.

    Its rules compile a few hundred patterns, a fifth of a second of every process's
    start-up: `threads`, `show` and most resumes never route, so they skip it.
    """
    from nodes.router import router as route

    return await route(state, runtime)


def route_after_router(state: State) -> Literal["tool_loader", "respond"]:
    """An unknown intent or an invalid slot gets a clarifying answer: no tools exposed."""
    return "respond" if state.verdict.get("action") == "stop" else "tool_loader"


def route_after_tool_loader(state: State) -> Literal["propose", "fallback"]:
    """A task the caller may not perform stops before the model is asked anything."""
    return "fallback" if state.verdict.get("action") == "stop" else "propose"


def route_after_guard(state: State) -> Literal["execute", "verifier"]:
    """Cleared calls run; a rejected turn or a stop goes to the verifier, which decides."""
    return "execute" if state.verdict.get("action") in ("run", "answer") else "verifier"


def route_after_verifier(state: State) -> Literal["respond", "propose", "fallback"]:
    """Done ends the run; open steps and refused turns loop back; the rest goes to fallback."""
    action = state.verdict.get("action")
    if action == "done":
        return "respond"
    if action == "continue":
        return "propose"
    return "fallback"


def route_after_fallback(state: State) -> Literal["guard", "respond"]:
    """A call a human approved or edited goes to the guard, which re-checks it before it runs."""
    return "guard" if state.verdict.get("action") == "run" else "respond"


def as_node(
    node: Callable[[State, Runtime[Context]], Awaitable[dict[str, Any]]],
) -> RunnableCallable:
    """A node as the graph runs it, on the async and the sync path (`graph/portal.py`).

    It reads the flat `State`, and its update is filed into `GraphState`'s groups
    (`graph/state.py`): a node never sees how the checkpoint groups its fields.
    """
    return node_runnable(on_state(node))


def as_router(router: Callable[[State], str]) -> RunnableCallable:
    """A router as the graph runs it: on the flat `State`, inline on both paths."""
    return router_runnable(reads_state(router))


def build() -> StateGraph[GraphState, Context, InputState, OutputState]:
    """A fresh builder of the graph: copy this function's lines to change the control flow.

    Add a node of your own as `as_node(fn)` and a router as `as_router(fn)`, so it reads
    the flat `State` too: given a function annotated with `State` directly, LangGraph would
    take `State` for an input schema of its own and refuse to compile. After a change,
    `python -m graph check` proves every loop still passes the guard and the verifier
    (`graph/check.py`).
    """
    builder = StateGraph(
        GraphState, input_schema=InputState, output_schema=OutputState, context_schema=Context
    )
    builder.add_node("router", as_node(router))
    builder.add_node("tool_loader", as_node(tool_loader))
    builder.add_node("propose", as_node(changes_only(propose)))
    builder.add_node("guard", as_node(changes_only(guard)))
    builder.add_node("execute", as_node(changes_only(execute)))
    builder.add_node("state_update", as_node(changes_only(state_update)))
    builder.add_node("verifier", as_node(changes_only(verifier)))
    builder.add_node("fallback", as_node(fallback))
    builder.add_node("respond", as_node(respond))
    builder.add_edge(START, "router")
    builder.add_conditional_edges("router", as_router(route_after_router))
    builder.add_conditional_edges("tool_loader", as_router(route_after_tool_loader))
    builder.add_edge("propose", "guard")
    builder.add_conditional_edges("guard", as_router(route_after_guard))
    builder.add_edge("execute", "state_update")
    builder.add_edge("state_update", "verifier")
    builder.add_conditional_edges("verifier", as_router(route_after_verifier))
    builder.add_conditional_edges("fallback", as_router(route_after_fallback))
    builder.add_edge("respond", END)
    return builder


builder = build()


def compile_graph(
    checkpointer: BaseCheckpointSaver[str] | None = None,
    *,
    recursion_limit: int = FUSE_RECURSION_LIMIT,
) -> App:
    """Compile with the saver a caller needs; Studio gets `graph`, compiled without one."""
    compiled = builder.compile(checkpointer=checkpointer, name=GRAPH_NAME)
    return compiled.with_config(recursion_limit=recursion_limit)


graph = compile_graph()
"""What `langgraph.json` exports: no checkpointer, since the server brings its own."""

"""A check for people who change the graph: every loop passes the guard and the verifier.

The starter's promise is that code, not the recursion limit, ends every run. That holds only
while the edges keep two gates on every loop: the guard judges every call before it runs
(the model's and a human's), and the verifier decides after every turn whether the run goes
on. An edge added for convenience (execute → propose, say) silently opens a loop that only
the recursion fuse can stop. This module reads the compiled graph's own structure
(`get_graph()`: nodes, plain edges and the conditional edges the routers' `Literal` types
declare) and proves that:

1. every cycle passes through the guard and through the verifier;
2. every node is reachable from START and can reach END (directly, or by giving up into
   the fallback, which must reach END itself);
3. the guard and the verifier can each stop a run: each reaches the fallback without
   asking the model (`propose`) or running tools (`execute`) again.

"Every cycle passes through G" is decided exactly, without listing the cycles: it holds
when the graph with G removed has no cycle. When it fails, one such cycle is named: one
that misses both gates, else one through the verifier that misses the guard, else one
through the guard that misses the verifier.

Run it with `python -m graph check` (or `--graph package.module:ATTRIBUTE` for another
compiled graph); a router without a `Literal` return type is drawn with edges to every node,
and then fails this check: annotate it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langgraph.constants import END, START

from tools.errors import ConfigError

DEFAULT_GRAPH = "graph.graph:graph"

BAD_REF = "--graph {ref!r}: expected 'package.module:ATTRIBUTE' naming a compiled graph"
NOT_A_GRAPH = "--graph {ref!r}: {kind} has no get_graph(); name a compiled LangGraph graph"
MISSING_NODE = "the graph has no {role} node {name!r}; the check needs one (or pass its name)"
NO_GATE = "cycle {cycle} passes through neither {guard!r} nor {verifier!r}: nothing on it can stop"
UNGUARDED = (
    "cycle {cycle} passes through {verifier!r} but not {guard!r}: a call on it runs or goes "
    "back to the model unjudged; route it through the guard"
)
UNVERIFIED = (
    "cycle {cycle} passes through {guard!r} but not {verifier!r}: the run goes on with no "
    "decision to continue; route it through the verifier"
)
DEAD_END = (
    "node {node!r} cannot reach END, directly or through {fallback!r}: a run there never finishes"
)
UNREACHABLE = "node {node!r} cannot be reached from START"
GATE_CANNOT_STOP = (
    "{role} {node!r} cannot reach {fallback!r} without asking {model!r} or running {tools!r} "
    "again: it cannot stop a run"
)


@dataclass(frozen=True, kw_only=True)
class Roles:
    """Which nodes play which part; the defaults are the shipped graph's node names.

    `model` and `tools` are what stopping must not pass through again (rule 3).
    """

    guard: str = "guard"
    verifier: str = "verifier"
    fallback: str = "fallback"
    model: str = "propose"
    tools: str = "execute"


@dataclass(frozen=True)
class Report:
    """What a passing check looked at, for the line `python -m graph check` prints."""

    nodes: int
    """Nodes besides START and END."""
    edges: int
    """Plain and conditional edges, each target counted once."""


class GraphCheckError(ConfigError):
    """The graph breaks a rule of this module; `problems` has one line per violation."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


Adjacency = Mapping[str, frozenset[str]]


def structure(compiled: Any) -> Adjacency:
    """Each node's successors, as `get_graph()` draws them (conditional edges included)."""
    drawn = compiled.get_graph()
    adjacency: dict[str, set[str]] = {node_id: set() for node_id in drawn.nodes}
    for edge in drawn.edges:
        adjacency.setdefault(edge.source, set()).add(edge.target)
        adjacency.setdefault(edge.target, set())
    return {node: frozenset(successors) for node, successors in adjacency.items()}


def _reachable(adjacency: Adjacency, starts: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    stack = list(starts)
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack.extend(adjacency.get(node, ()))
    return seen


def _reverse(adjacency: Adjacency) -> Adjacency:
    back: dict[str, set[str]] = {node: set() for node in adjacency}
    for node, successors in adjacency.items():
        for succ in successors:
            back.setdefault(succ, set()).add(node)
    return {node: frozenset(preds) for node, preds in back.items()}


def _without(adjacency: Adjacency, removed: set[str]) -> Adjacency:
    return {
        node: frozenset(s for s in successors if s not in removed)
        for node, successors in adjacency.items()
        if node not in removed
    }


def _cycle_through(adjacency: Adjacency, node: str) -> list[str] | None:
    """A shortest cycle through `node` (breadth-first back to it), or None."""
    if node not in adjacency:
        return None
    parents: dict[str, str] = {}
    frontier = [node]
    while frontier:
        nxt: list[str] = []
        for current in frontier:
            for succ in sorted(adjacency[current]):
                if succ == node:
                    path = [current]
                    while path[-1] != node:
                        path.append(parents[path[-1]])
                    return [*reversed(path), node]
                if succ not in parents and succ != node:
                    parents[succ] = current
                    nxt.append(succ)
        frontier = nxt
    return None


def _any_cycle(adjacency: Adjacency) -> list[str] | None:
    """A shortest cycle through the first node (in name order) that lies on one, or None."""
    for node in sorted(adjacency):
        if (cycle := _cycle_through(adjacency, node)) is not None:
            return cycle
    return None


def _show(cycle: Sequence[str]) -> str:
    return " → ".join(cycle)


def find_problems(adjacency: Adjacency, roles: Roles | None = None) -> list[str]:
    """Every rule the graph breaks, one line each naming the cycle or node at fault."""
    roles = roles or Roles()
    missing = [
        MISSING_NODE.format(role=role, name=name)
        for role, name in vars(roles).items()
        if name not in adjacency
    ]
    if missing:
        return missing
    problems: list[str] = []
    gates = {roles.guard, roles.verifier}
    if (cycle := _any_cycle(_without(adjacency, gates))) is not None:
        problems.append(NO_GATE.format(cycle=_show(cycle), **vars(roles)))
    if (cycle := _cycle_through(_without(adjacency, {roles.guard}), roles.verifier)) is not None:
        problems.append(UNGUARDED.format(cycle=_show(cycle), **vars(roles)))
    if (cycle := _cycle_through(_without(adjacency, {roles.verifier}), roles.guard)) is not None:
        problems.append(UNVERIFIED.format(cycle=_show(cycle), **vars(roles)))
    # Stopping must not take another model call or tool run: the roads to the fallback
    # that pass through neither.
    stopping = _without(adjacency, {roles.model, roles.tools})
    for role, gate in (("the guard", roles.guard), ("the verifier", roles.verifier)):
        if roles.fallback not in _reachable(stopping, [gate]):
            problems.append(GATE_CANNOT_STOP.format(role=role, node=gate, **vars(roles)))
    finishing = _reachable(_reverse(adjacency), [END])
    from_start = _reachable(adjacency, [START])
    for node in sorted(adjacency):
        if node in (START, END):
            continue
        if node not in finishing:
            problems.append(DEAD_END.format(node=node, fallback=roles.fallback))
        if node not in from_start:
            problems.append(UNREACHABLE.format(node=node))
    return problems


def check_graph(compiled: Any, roles: Roles | None = None) -> Report:
    """Check a compiled graph; return what was checked.

    Raises:
        GraphCheckError: The graph breaks a rule (the module docstring lists them).
    """
    adjacency = structure(compiled)
    problems = find_problems(adjacency, roles)
    if problems:
        raise GraphCheckError(problems)
    edges = sum(len(successors) for successors in adjacency.values())
    return Report(nodes=len(adjacency) - 2, edges=edges)


def load_graph(ref: str = DEFAULT_GRAPH) -> Any:
    """The compiled graph `package.module:ATTRIBUTE` names.

    Raises:
        ConfigError: The reference is malformed, cannot be imported, or is not a graph.
    """
    module_name, sep, attr = ref.partition(":")
    if not sep or not module_name or not attr:
        raise ConfigError(BAD_REF.format(ref=ref))
    try:
        found = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        msg = f"{BAD_REF.format(ref=ref)} ({exc})"
        raise ConfigError(msg) from None
    if not callable(getattr(found, "get_graph", None)):
        raise ConfigError(NOT_A_GRAPH.format(ref=ref, kind=type(found).__name__))
    return found

"""tool_loader: the current intent's tools the caller may use; at most K, best match first.

With a small registry that is the intent's whole tool list. With a large one (hundreds of
tools per intent) the loader narrows by intent, permission and namespace, then ranks the
rest by the domain's ranker on the request and offers the top K. If the model asks for a tool it
was not offered, `widen` adds up to K more, once per task, from the same permitted set:
never the full registry, never a tool the caller's roles do not allow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import State
from nodes.common import Task, current_task
from nodes.search.lexical import query_text
from nodes.search.ranker import default_ranker
from tools.contract import ToolSpec
from tools.domain import Domain, IntentSpec


def candidates(
    domain: Domain, intent: IntentSpec, permissions: frozenset[str], slots: Mapping[str, Any]
) -> list[ToolSpec]:
    """Tools serving the intent that the caller may use, in its namespaces, in declared order.

    A namespace slot narrows further, unless it would leave nothing: a hint naming a system
    the intent does not use is ignored rather than turned into an empty offer.
    """
    permitted = domain.tools.for_intent(intent.name, permissions)
    if intent.namespaces:
        permitted = [s for s in permitted if s.namespace in intent.namespaces]
    hint = slots.get(intent.namespace_slot) if intent.namespace_slot else None
    if isinstance(hint, str) and hint:
        narrowed = [s for s in permitted if s.namespace == hint]
        if narrowed:
            return narrowed
    return permitted


def _search_slots(intent: IntentSpec, slots: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in slots.items() if k != intent.namespace_slot}


def rank_tools(
    domain: Domain,
    intent: IntentSpec,
    permissions: frozenset[str],
    request: str,
    slots: Mapping[str, Any],
    limit: int,
) -> tuple[list[str], int]:
    """The best `limit` candidates for the request, and how many candidates there were.

    When every candidate fits, they are returned as declared, without searching: a small
    domain behaves exactly as if there were no ranking at all.
    """
    names = [spec.name for spec in candidates(domain, intent, permissions, slots)]
    if len(names) <= limit:
        return names, len(names)
    query = query_text(request, _search_slots(intent, slots))
    return rank_by_query(domain, query, names, limit), len(names)


def rank_by_query(
    domain: Domain, query: str, names: Sequence[str], limit: int | None = None
) -> list[str]:
    """`names` best first, as the loader ranks them; tests and benchmarks rank through this.

    The domain's ranker (`Domain.ranker`; the lexical default of `nodes.search.ranker` when
    it names none), over the registry indexed once per ranker.
    """
    ranker = domain.ranker if domain.ranker is not None else default_ranker()
    return domain.tools.ranked_by(ranker).rank(query, names, limit)


def widen(task: Task, state: State, roles: Sequence[str], requested: Sequence[str]) -> list[str]:
    """Up to K tools to add to the offer, once, when the model asked for unoffered ones.

    First the requested tools that are candidates (the intent's, permitted, in its
    namespaces), then the next best by rank. Anything else the model asked for stays out,
    and the guard's not-offered ladder answers it.

    Returns:
        The tools to add, in order; empty when there is nothing left to widen to.
    """
    intent = task.intent
    permissions = task.domain.permissions(tuple(roles))
    offered = set(state.offered_tools)
    limit = intent.max_tools
    ranked, total = rank_tools(
        task.domain, intent, permissions, state.request, state.slots, len(offered) + limit
    )
    if total <= len(offered):
        return []
    pool = {s.name for s in candidates(task.domain, intent, permissions, state.slots)}
    extra = [n for n in dict.fromkeys(requested) if n in pool and n not in offered]
    extra += [n for n in ranked if n not in offered and n not in extra]
    return extra[:limit]


async def tool_loader(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Offer the intent's best K tools the caller may use; stop early if a step is forbidden.

    The model never sees the rest, so it cannot dither between look-alike tools or reach for
    one it has no right to. A checklist step whose tool the caller may not use makes the task
    impossible up front: it stops here with `not_allowed` instead of looping later.
    """
    task = current_task(state, runtime)
    intent = task.intent
    permissions = task.domain.permissions(tuple(runtime.context.roles))
    permitted = {spec.name for spec in task.domain.tools.for_intent(intent.name, permissions)}
    missing = sorted({s.tool for s in intent.steps if s.tool not in permitted})
    offered, total = rank_tools(
        task.domain, intent, permissions, state.request, state.slots, intent.max_tools
    )
    if missing:
        detail = (
            f"roles {runtime.context.roles} may not use {', '.join(missing)}, which the task needs"
        )
        return {
            "offered_tools": offered,
            "widened": False,
            "verdict": {
                "node": "tool_loader",
                "action": "stop",
                "reason": "not_allowed",
                "detail": detail,
            },
        }
    ranked = f" of {total}, ranked by the request" if total > len(offered) else ""
    return {
        "offered_tools": offered,
        "widened": False,
        "verdict": {
            "node": "tool_loader",
            "action": "offer",
            "reason": None,
            "detail": f"{len(offered)}{ranked} tool(s) offered",
        },
    }

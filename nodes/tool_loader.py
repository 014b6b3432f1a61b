"""tool_loader: only the current intent's tools, only those the caller may use."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import State
from nodes.common import current_task


async def tool_loader(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Narrow the registry to the intent's tools, filtered by the caller's roles.

    The model never sees the rest, so it cannot dither between look-alike tools or reach for
    one it has no right to. A checklist step whose tool the caller may not use makes the task
    impossible up front: it stops here with `not_allowed` instead of looping later.
    """
    task = current_task(state, runtime)
    permissions = task.domain.permissions(tuple(runtime.context.roles))
    offered = [spec.name for spec in task.domain.tools.for_intent(task.intent.name, permissions)]
    missing = sorted({s.tool for s in task.intent.steps if s.tool not in offered})
    if missing:
        detail = (
            f"roles {runtime.context.roles} may not use {', '.join(missing)}, which the task needs"
        )
        return {
            "offered_tools": offered,
            "verdict": {
                "node": "tool_loader",
                "action": "stop",
                "reason": "not_allowed",
                "detail": detail,
            },
        }
    return {
        "offered_tools": offered,
        "verdict": {
            "node": "tool_loader",
            "action": "offer",
            "reason": None,
            "detail": f"{len(offered)} tool(s) offered",
        },
    }

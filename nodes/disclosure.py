"""Progressive disclosure: a bounded tool search, and a token budget sized from the offer.

The loader offers an intent's K best tools. A request that needs a tool it never names ("press
the brake" before "start the engine") would leave the model unable to call it, and a model
that guesses the name is told "not offered". So while some of the intent's permitted tools
are hidden, the model is also offered `search_tools`: it describes what it needs, code ranks
the hidden tools by that text with the loader's own ranker, and the best K join the offer for
the rest of the task. The search never reaches beyond the intent's permitted tools, runs at
most `MAX_SEARCHES` times a task, and is answered by the guard itself: it is code, not a tool.

The token budget default follows the offer too (`Budget.token_limit`): every model call
carries the offered schemas, so a fixed number stops tasks whose schemas alone are large.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from graph.models import estimate_tokens
from graph.state import State
from nodes.common import Task, field_error_result, field_errors
from nodes.tool_loader import candidates, rank_by_query
from tools.contract import ToolResult

SEARCH_TOOL = "search_tools"
MAX_SEARCHES = 3
"""Searches per task: enough to find a tool by two or three descriptions, never a crawl."""
SEARCH_KIND = "search"
"""The key in `State.strikes` that counts this task's searches (reset with every task)."""
SEARCH_DESCRIPTION = (
    "Find more tools for this task when none of the offered ones can do the next step: "
    "describe the action in a few words (e.g. 'press the brake', 'delete a file'). The best "
    "matches are added to your tools; call them next. At most {n} searches per task."
)
FOUND = "now offered: {names}. Call them with their own arguments in your next turn."
NOTHING_LEFT = "no other tool of this task matches {query!r}; answer with the tools you have."
LIMIT_REACHED = (
    "search_tools was already used {n} times in this task; answer with the tools you have."
)
SEARCH_HINT = "To find a tool that is not offered, call search_tools with what it should do."


class SearchArgs(BaseModel):
    """Arguments of `search_tools`."""

    query: str = Field(min_length=1, description="What the tool you need should do.")


def open_task_fields(task: Task, offered: Sequence[str]) -> dict[str, Any]:
    """What the task block adds for an open-ended task: no checklist, which tools only read.

    Whether a tool changes anything is code's knowledge (annotations or an override); a
    model that knows which offered tools are safe to look with can explore before it acts.
    """
    if not task.intent.open_ended:
        return {}
    reads = [
        n
        for n in offered
        if (spec := task.domain.tools.get(n)) is not None and spec.effect == "read"
    ]
    return {"open_ended": True, "reads": reads}


def search_schema() -> dict[str, Any]:
    """The function schema of `search_tools`, as `bind_tools` takes it."""
    params = SearchArgs.model_json_schema()
    params.pop("title", None)
    return {
        "type": "function",
        "function": {
            "name": SEARCH_TOOL,
            "description": SEARCH_DESCRIPTION.format(n=MAX_SEARCHES),
            "parameters": params,
        },
    }


def hidden_tools(task: Task, state: State, roles: Sequence[str]) -> list[str]:
    """The intent's permitted tools that are not offered yet, in declared order."""
    permissions = task.domain.permissions(tuple(roles))
    offered = set(state.offered_tools)
    pool = candidates(task.domain, task.intent, permissions, state.slots)
    return [spec.name for spec in pool if spec.name not in offered]


def search_offered(task: Task, state: State, roles: Sequence[str]) -> bool:
    """Whether the model is offered `search_tools` now: tools are hidden and searches left."""
    if state.strikes.get(SEARCH_KIND, 0) >= MAX_SEARCHES:
        return False
    return bool(hidden_tools(task, state, roles))


def offered_schemas(
    task: Task, state: State, roles: Sequence[str], offered: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """What the model is bound to: the offered tools' schemas, and the search while useful."""
    names = state.offered_tools if offered is None else offered
    schemas = [spec.schema() for n in names if (spec := task.domain.tools.get(n)) is not None]
    if search_offered(task, state, roles):
        schemas.append(search_schema())
    return schemas


def schema_tokens(schemas: Sequence[Mapping[str, Any]]) -> int:
    """The tokens a model call spends on these schemas (the offline estimate, 4 chars each)."""
    return sum(estimate_tokens(json.dumps(s, ensure_ascii=False, default=str)) for s in schemas)


def token_limit(task: Task, state: State, roles: Sequence[str]) -> int:
    """The task's token budget now: explicit, or sized from what the model is offered."""
    return task.budget.token_limit(schema_tokens(offered_schemas(task, state, roles)))


def search(
    task: Task, state: State, roles: Sequence[str], args: Any, offered: Sequence[str]
) -> tuple[ToolResult, list[str]]:
    """Answer one `search_tools` call: the result the model reads and the tools to add.

    Ranked with the loader's ranker over the intent's permitted, hidden tools only; at most
    K (the intent's `max_tools`) are added per search.
    """
    try:
        parsed = SearchArgs.model_validate(args if isinstance(args, Mapping) else {})
    except ValidationError as exc:
        return field_error_result(SEARCH_TOOL, field_errors(exc)), []
    if state.strikes.get(SEARCH_KIND, 0) >= MAX_SEARCHES:
        return ToolResult.failure(
            "not_allowed", LIMIT_REACHED.format(n=MAX_SEARCHES), retryable=False
        ), []
    shown = set(offered)
    pool = [n for n in hidden_tools(task, state, roles) if n not in shown]
    ranked = rank_by_query(task.domain, parsed.query, pool, task.intent.max_tools) if pool else []
    if not ranked:
        return ToolResult.success(
            {"tools": []}, message=NOTHING_LEFT.format(query=parsed.query)
        ), []
    found = [
        {"name": name, "description": spec.description}
        for name in ranked
        if (spec := task.domain.tools.get(name)) is not None
    ]
    return ToolResult.success(
        {"tools": found}, message=FOUND.format(names=", ".join(ranked))
    ), list(ranked)

"""Writes carry the request's values: a write the checklist determines runs only with them.

The router computes a write's arguments from the request (the reading, its date); a model
that re-guesses one ("yesterday" as the day before) would otherwise write a row nobody asked
for, which no later step can take back. So the guard asks this module, for each write it
would run: does the call carry the values of an open step of that tool? Measured with a
0.5B model on the request set of `python -m graph eval --model`: it wrote the wrong date on
"save my blood pressure from yesterday", then the right one; the store kept both rows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from nodes.common import Task
from tools.domain import args_match

STEP_DONE = "no call: every step {tool} serves here is done ({steps})"
CONFLICT_FIX = "send {field} = {value}, the value the task gives"
DONE_FIX = "do not call {tool} again; go on with the open steps or answer"


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def slot_conflict(
    task: Task,
    slots: Mapping[str, Any],
    checklist: Mapping[str, bool],
    tool: str,
    args: Mapping[str, Any],
) -> list[dict[str, str]]:
    """Field errors for a write whose slot values contradict the checklist; empty if it agrees.

    Only writes that a step of the intent makes are judged: a write tool no step uses is
    the model's to call. A call carrying the slot values of any open step of that tool
    agrees; when every such step is done, the write is not part of the task any more.
    """
    spec = task.domain.tools.get(tool)
    if spec is None or spec.effect != "write":
        return []
    steps = [s for s in task.intent.steps if s.tool == tool]
    if not steps:
        return []
    still_open = [s for s in steps if not checklist.get(s.name)]
    if not still_open:
        done = ", ".join(s.name for s in steps)
        return [
            {
                "field": "(call)",
                "expected": STEP_DONE.format(tool=tool, steps=done),
                "got": f"another {tool} call",
                "fix": DONE_FIX.format(tool=tool),
            }
        ]
    # Slot values only: an argument taken from an earlier result (a contact_ref) is the
    # backend's to check against its owner, and it does (tests/test_permissions.py).
    expected = [dict(s.args(slots)) for s in still_open]
    if any(args_match(e, args) for e in expected):
        return []
    first = expected[0]
    return [
        {
            "field": name,
            "expected": _shown(value),
            "got": _shown(args.get(name)),
            "fix": CONFLICT_FIX.format(field=name, value=_shown(value)),
        }
        for name, value in first.items()
        if not args_match({name: value}, args)
    ]

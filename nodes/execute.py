"""execute: run the calls the guard cleared, with timeouts, retries and exactly-once writes."""

from __future__ import annotations

import hashlib
import time
from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.config import get_config
from langgraph.runtime import Runtime

from checkpoints.ledger import Ledger
from graph.context import Context
from graph.state import ExecResult, State
from nodes.common import canonical_args, current_task, tool_message
from tools.contract import ToolContext, ToolResult
from tools.executor import execute_call


def idempotency_key(thread_id: str, task_seq: int, tool: str, args: dict[str, Any]) -> str:
    """Deterministic key for a write: same thread, same request, same call -> same key.

    A model retry, a transport retry and a replay after a crash all derive the same key; a
    new request on the thread (a new task_seq) gets a new one, so a user who really wants a
    second identical reading gets it.
    """
    seed = f"{thread_id}|{task_seq}|{tool}|{canonical_args(args)}"
    return "idem_" + hashlib.sha256(seed.encode()).hexdigest()[:32]


def thread_id_of_run() -> str:
    """The thread this run belongs to; Studio and the CLI always set one."""
    configurable = get_config().get("configurable", {})
    return str(configurable.get("thread_id") or "no-thread")


async def execute(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Run each pending call and answer it with its envelope."""
    if not state.pending:
        return {"results": []}
    task = current_task(state, runtime)
    ctx = runtime.context
    thread_id = thread_id_of_run()
    ledger = Ledger(ctx.db)
    remaining = max(0.0, task.budget.max_seconds - state.usage["seconds"])
    deadline = time.monotonic() + remaining
    results: list[ExecResult] = []
    messages: list[ToolMessage] = []
    spent = 0.0
    executed = 0
    # Calls a human approved or edited in fallback: only these may re-run an unknown write.
    approved = {c["id"] for c in state.calls if c["verdict"] in ("approved", "edited")}
    for call in state.pending:
        spec = task.domain.tools.get(call["tool"])
        if spec is None:  # the guard only clears registered tools; stay total anyway
            env = ToolResult.failure("not_allowed", f"unknown tool {call['tool']!r}")
            messages.append(tool_message(call["id"], call["tool"], env))
            continue
        args = spec.args_model.model_validate(call["args"])
        key = (
            idempotency_key(thread_id, state.task_seq, spec.name, call["args"])
            if spec.effect == "write"
            else None
        )
        tool_ctx = ToolContext(
            user_id=ctx.user_id,
            tenant=ctx.tenant,
            roles=tuple(ctx.roles),
            thread_id=thread_id,
            store_path=ctx.store,
            idempotency_key=key,
        )
        run = await execute_call(
            spec,
            args,
            tool_ctx,
            ledger=ledger,
            deadline=deadline,
            call_id=call["id"],
            human_approved=call["id"] in approved,
        )
        spent += run.seconds
        executed += int(run.executed)
        messages.append(tool_message(call["id"], spec.name, run.result))
        results.append(
            {
                "id": call["id"],
                "tool": spec.name,
                "args": call["args"],
                "fingerprint": call["fingerprint"],
                "result": run.result.model_dump(exclude_defaults=True),
                "executed": run.executed,
                "attempts": run.attempts,
                "seconds": round(run.seconds, 4),
            }
        )
    return {
        "messages": messages,
        "results": results,
        "pending": [],
        "usage": {
            **state.usage,
            "calls": state.usage["calls"] + len(results),
            "seconds": state.usage["seconds"] + spent,
        },
    }

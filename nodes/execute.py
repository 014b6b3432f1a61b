"""execute: run the calls the guard cleared, as a dependency graph, under a concurrency limit.

The calls of one model turn run concurrently, at most `Context.max_parallel` at a time (a
turn that holds a write runs one call at a time, in the order written); a call that takes
another call's result (`{"$ref": "#0.job_id"}`, see `nodes/executor/dag.py`) or waits for it
(`$after`) starts once that call has succeeded, with the value put in its arguments and the
arguments judged again, now complete, against its history and the checklist. Each call
still goes through the executor (timeout, retries, exactly-once writes, masking); a status
poll waits out its tool's `PollSpec.interval_s` first. When the run must stop (its time
budget ends, or a write's outcome is unknown and a human must look) calls not yet started
are cancelled. Every call is answered with a ToolMessage whose envelope says what really
happened to it, and `State.branches` lists the batch: succeeded, degraded, failed, blocked,
cancelled or abandoned (stopped waiting for: not a rollback).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.config import get_config
from langgraph.runtime import Runtime
from pydantic import ValidationError

from checkpoints.ledger import Ledger
from graph.context import Context
from graph.state import Branch, ExecResult, FingerprintStats, PendingCall, State
from nodes.common import (
    Task,
    canonical_args,
    current_task,
    field_error_result,
    field_errors,
    fingerprint,
    tool_message,
)
from nodes.executor.dag import (
    MISSING,
    Done,
    Node,
    Outcome,
    field_name,
    in_written_order,
    resolve_path,
    run_dag,
)
from nodes.executor.run import execute_call
from nodes.guard import judge_call, recheck
from tools.contract import ErrorType, ToolContext, ToolResult, ToolSpec

NOT_PERMITTED = "{tool} needs the permission {permission!r}, which the caller's roles lack"
INPUT_MISSING = "input {arg!r} needs {source}.{path}, which its result does not have"
OPTIONAL_MISSING = "ran without {arg!r}: {source}.{path} was not available"
POLL_TOO_SOON = (
    "{tool}: the next poll is allowed in {wait:.1f}s (interval {interval:g}s), after the "
    "run's time budget ends; not polled"
)
UNKNOWN_TOOL = "unknown tool {tool!r}"
NEEDS_APPROVAL = "{tool} needs a human's approval; it was not run"
BRANCH_ERRORS: dict[str, ErrorType] = {"blocked": "dependency", "cancelled": "cancelled"}
CALL_SLACK_S = 1.0
"""Added to a call's worst case (every attempt timing out, every backoff) for its own
timeout in the batch: it only fires on a tool that ignores its per-attempt timeout."""


@dataclass(frozen=True)
class KeyScope:
    """Whose write it is: the agent database, the caller and the thread.

    Every part is in the key because each one alone has been shared: two agent databases
    (two deployments, or one file deleted and made again) hold the same thread ids, and two
    callers can use the same thread id, while the business backend behind them is one.
    """

    database_id: str
    """`Ledger.database_id()`: made once per agent database and stored in it."""
    tenant: str
    user_id: str
    thread_id: str


def idempotency_key(scope: KeyScope, task_seq: int, tool: str, args: dict[str, Any]) -> str:
    """Deterministic key for a write: same database, caller, thread, request and call -> same key.

    A model retry, a transport retry and a replay after a crash all derive the same key; a
    new request on the thread (a new task_seq) gets a new one, so a user who really wants a
    second identical reading gets it. The parts are JSON-encoded, not joined with a
    separator, so no user id or thread id containing the separator can collide with another.
    """
    seed = json.dumps(
        [
            scope.database_id,
            scope.tenant,
            scope.user_id,
            scope.thread_id,
            task_seq,
            tool,
            canonical_args(args),
        ],
        ensure_ascii=False,
    )
    # surrogatepass: a lone surrogate in an id or argument must not crash the key.
    return "idem_" + hashlib.sha256(seed.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def thread_id_of_run() -> str:
    """The thread this run belongs to; Studio and the CLI always set one."""
    configurable = get_config().get("configurable", {})
    return str(configurable.get("thread_id") or "no-thread")


@dataclass(frozen=True)
class Ran:
    """One call of the batch after it ran (or was answered without running)."""

    tool: str
    args: dict[str, Any]
    fingerprint: str
    result: ToolResult
    executed: bool
    attempts: int
    seconds: float


def _call_timeout(spec: ToolSpec) -> float:
    """The longest a call can take when every attempt times out and every backoff is full."""
    attempts = max(1, spec.retry.max_attempts)
    return spec.timeout_s * attempts + (spec.retry.max_interval + 1.0) * (attempts - 1)


def _resolve(
    call: PendingCall, upstream: Mapping[str, Outcome[Ran]]
) -> tuple[dict[str, Any], list[str], list[dict[str, str]]]:
    """The call's arguments with its inputs filled in, notes for optional gaps, and errors."""
    args = dict(call["args"])
    notes: list[str] = []
    errors: list[dict[str, str]] = []
    for arg, ref in call.get("inputs", {}).items():
        source = upstream.get(ref["source"])
        ran = source.value if source is not None else None
        value = resolve_path(ran.result.data, ref["path"]) if ran is not None else MISSING
        if value is not MISSING and ran is not None and ran.result.ok:
            args[arg] = value
        elif ref["optional"]:
            if "default" in ref:
                args[arg] = ref["default"]
            notes.append(OPTIONAL_MISSING.format(arg=arg, source=ref["source"], path=ref["path"]))
        else:
            errors.append(
                {
                    "field": field_name(arg),
                    "expected": f"the value of {ref['source']}.{ref['path']}",
                    "got": "nothing",
                    "fix": INPUT_MISSING.format(arg=arg, source=ref["source"], path=ref["path"]),
                }
            )
    return args, notes, errors


def _as_sent(call: PendingCall) -> dict[str, Any]:
    """A call that never got its inputs, shown with its references."""
    refs = {k: {"$ref": f"{r['source']}.{r['path']}"} for k, r in call.get("inputs", {}).items()}
    return {**call["args"], **refs}


def _given(call: PendingCall) -> dict[str, Outcome[Ran]]:
    """Outcomes of the calls it needs that the guard answered without running them."""
    out: dict[str, Outcome[Ran]] = {}
    for source, env in call.get("given", {}).items():
        result = ToolResult.model_validate(env)
        ran = Ran("", {}, "", result, False, 0, 0.0)
        out[source] = Outcome(source, "succeeded" if result.ok else "failed", ran)
    return out


def _branch_result(call: PendingCall, outcome: Outcome[Ran]) -> ToolResult:
    """The envelope of a call that did not run to an answer of its own."""
    if outcome.value is not None:
        result = outcome.value.result
        if outcome.note and outcome.status == "degraded":
            shown = f"{result.message} (note: {outcome.note})" if result.message else outcome.note
            return result.model_copy(update={"message": shown})
        return result
    if outcome.status == "abandoned":
        return ToolResult.failure("unknown_outcome", outcome.note, retryable=False)
    kind = BRANCH_ERRORS.get(outcome.status, "internal")
    return ToolResult.failure(kind, outcome.note or outcome.status, retryable=False)


def _stop_for(outcome: Outcome[Ran]) -> str | None:
    """A finished call after which nothing new starts: a write whose outcome is unknown."""
    if outcome.value is not None and outcome.value.result.error_type == "unknown_outcome":
        return f"{outcome.value.tool}'s outcome is unknown and a human must check it"
    return None


async def execute(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Run the pending calls as a DAG and answer each one with its envelope."""
    if not state.pending:
        return {"results": []}  # `branches` keeps describing the last batch that ran
    task = current_task(state, runtime)
    ctx = runtime.context
    thread_id = thread_id_of_run()
    ledger = Ledger(ctx.db)
    writes = any(
        (spec := task.domain.tools.get(c["tool"])) is not None and spec.effect == "write"
        for c in state.pending
    )
    # Read once per batch, and only when a write may need a key: it is one query.
    scope = KeyScope(
        database_id=await ledger.database_id() if writes else "",
        tenant=ctx.tenant,
        user_id=ctx.user_id,
        thread_id=thread_id,
    )
    remaining = max(0.0, task.budget.max_seconds - state.usage["seconds"])
    deadline = time.monotonic() + remaining
    permissions = task.domain.permissions(tuple(ctx.roles))
    # Calls a human approved or edited in fallback: only these may re-run an unknown write.
    approved = {c["id"] for c in state.calls if c["verdict"] in ("approved", "edited")}
    by_id = {c["id"]: c for c in state.pending}
    order = {c["id"]: i for i, c in enumerate(state.pending)}
    given: dict[str, Outcome[Ran]] = {}
    for c in state.pending:
        given |= _given(c)

    async def run_one(node: Node, upstream: Mapping[str, Outcome[Ran]]) -> Done[Ran]:
        call = by_id[node.id]
        spec = task.domain.tools.get(call["tool"])
        started = time.monotonic()

        def answered(result: ToolResult, args: dict[str, Any], fp: str) -> Done[Ran]:
            ran = Ran(call["tool"], args, fp, result, False, 0, time.monotonic() - started)
            return Done(ran, result.ok)

        if spec is None:  # the guard only clears registered tools; stay total anyway
            failure = ToolResult.failure("not_allowed", UNKNOWN_TOOL.format(tool=call["tool"]))
            return answered(failure, call["args"], call["fingerprint"])
        if spec.permission and spec.permission not in permissions:
            # Defence in depth: the guard and fallback check this too; the tool is not entered.
            refused = ToolResult.failure(
                "permission",
                NOT_PERMITTED.format(tool=spec.name, permission=spec.permission),
                retryable=False,
            )
            return answered(refused, call["args"], call["fingerprint"])
        args, notes, errors = _resolve(call, upstream)
        fp = fingerprint(spec.name, args) if call.get("inputs") else call["fingerprint"]
        if errors:
            return answered(field_error_result(spec.name, errors), args, fp)
        try:
            validated = spec.args_model.model_validate(args)
        except ValidationError as exc:
            return answered(field_error_result(spec.name, field_errors(exc)), args, fp)
        args = validated.model_dump(mode="json")
        if call.get("inputs"):
            fp = fingerprint(spec.name, args)
            repeat = _judged_again(state, task, spec, call, args)
            if repeat is not None:
                return answered(repeat, args, fp)
        if call["id"] not in approved:  # a human's decision stands; the model's is rechecked
            unmet = recheck(task, state, spec, args, _earlier(upstream, order))
            if unmet is not None:
                return answered(unmet, args, fp)
        waited = await _poll_interval(spec, state.fingerprints.get(fp), deadline)
        if isinstance(waited, ToolResult):
            return answered(waited, args, fp)
        key = (
            idempotency_key(scope, state.task_seq, spec.name, args)
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
            validated,
            tool_ctx,
            ledger=ledger,
            deadline=deadline,
            call_id=call["id"],
            human_approved=call["id"] in approved,
        )
        ran = Ran(spec.name, args, fp, run.result, run.executed, run.attempts, run.seconds)
        return Done(ran, run.result.ok, "; ".join(notes), degraded=bool(notes))

    nodes = []
    for c in state.pending:
        spec = task.domain.tools.get(c["tool"])
        inputs = c.get("inputs", {}).values()
        needs = [*c.get("after", []), *(r["source"] for r in inputs if not r["optional"])]
        wants = [r["source"] for r in inputs if r["optional"] and r["source"] not in needs]
        timeout = _call_timeout(spec) + CALL_SLACK_S if spec is not None else None
        nodes.append(
            Node(
                c["id"],
                tuple(dict.fromkeys(needs)),
                tuple(dict.fromkeys(wants)),
                timeout_s=timeout,
            )
        )
    if any(_writes(task, c) for c in state.pending):
        nodes = in_written_order(nodes)  # a write's effect may be what a later call reads
    started = time.monotonic()
    outcomes = await run_dag(
        nodes,
        run_one,
        limit=max(1, ctx.max_parallel),
        deadline=deadline,
        stop_when=_stop_for,
        given=given,
    )
    wall = time.monotonic() - started

    results: list[ExecResult] = []
    messages: list[ToolMessage] = []
    branches: list[Branch] = []
    for node in nodes:
        call, outcome = by_id[node.id], outcomes[node.id]
        result = _branch_result(call, outcome)
        ran = outcome.value
        messages.append(tool_message(call["id"], call["tool"], result))
        results.append(
            {
                "id": call["id"],
                "tool": call["tool"],
                "args": ran.args if ran is not None else _as_sent(call),
                "fingerprint": ran.fingerprint if ran is not None else call["fingerprint"],
                "result": result.model_dump(exclude_defaults=True),
                "executed": ran.executed if ran is not None else False,
                "attempts": ran.attempts if ran is not None else 0,
                "seconds": round(ran.seconds if ran is not None else 0.0, 4),
            }
        )
        branches.append(
            {
                "id": call["id"],
                "tool": call["tool"],
                "status": outcome.status,
                "waited_for": [*node.needs, *node.wants],
                "executed": ran.executed if ran is not None else False,
                "note": outcome.note,
            }
        )
    return {
        "messages": messages,
        "results": results,
        "branches": branches,
        "pending": [],
        "usage": {
            **state.usage,
            "calls": state.usage["calls"] + len(results),
            "seconds": state.usage["seconds"] + wall,
        },
    }


def _writes(task: Task, call: PendingCall) -> bool:
    spec = task.domain.tools.get(call["tool"])
    return spec is not None and spec.effect == "write"


def _earlier(
    upstream: Mapping[str, Outcome[Ran]], order: Mapping[str, int]
) -> list[tuple[str, Mapping[str, Any], Mapping[str, Any]]]:
    """(tool, arguments, data) of the calls this one waited for that succeeded, as written."""
    done = [
        (nid, o.value)
        for nid, o in upstream.items()
        if o.value is not None and o.value.tool and o.value.result.ok
    ]
    done.sort(key=lambda item: order.get(item[0], -1))
    return [(ran.tool, ran.args, ran.result.data) for _, ran in done]


def _judged_again(
    state: State, task: Task, spec: ToolSpec, call: PendingCall, args: dict[str, Any]
) -> ToolResult | None:
    """The guard's verdict on a call whose arguments only now exist; None when it may run.

    The same ladder the guard applied to the rest of the turn (answered from the record,
    blocked after failures), without moving its strikes: the model did not repeat itself.
    """
    decision = judge_call(
        {"id": call["id"], "name": spec.name, "args": args},
        task=task,
        offered=[spec.name],
        fingerprints=state.fingerprints,
        strikes=state.strikes,
        write_epoch=state.write_epoch,
        now=time.time(),
    )
    if decision.action == "run":
        return None
    if decision.action == "approve":  # the guard refuses references for these; stay safe
        return ToolResult.failure("not_allowed", NEEDS_APPROVAL.format(tool=spec.name))
    return decision.result


async def _poll_interval(
    spec: ToolSpec, stats: FingerprintStats | None, deadline: float
) -> ToolResult | None:
    """Wait out a poll's minimum interval since the last poll of the same job.

    Returns a failure (not polled) when the wait would outlast the run's time budget.
    """
    if spec.poll is None or stats is None or spec.poll.interval_s <= 0:
        return None
    last = stats.get("last_at", stats["first_at"])
    wait = last + spec.poll.interval_s - time.time()
    if wait <= 0:
        return None
    if time.monotonic() + wait > deadline:
        return ToolResult.failure(
            "timeout",
            POLL_TOO_SOON.format(tool=spec.name, wait=wait, interval=spec.poll.interval_s),
            retryable=False,
        )
    await asyncio.sleep(wait)
    return None

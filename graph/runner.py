"""Run, resume and inspect threads against the SQLite file: what the CLI and tests call.

Every invocation uses the durable settings (`durability="sync"`, WAL, busy timeout) and a
recursion limit derived from the domain's budgets, so the fuse sits just above the point
where the guard has already stopped the run.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.types import Command, StateSnapshot

from checkpoints.ledger import Ledger
from checkpoints.sqlite import DURABILITY, open_checkpointer
from checkpoints.threads import ThreadIndex
from graph.context import DEFAULT_DB, Context
from graph.graph import compile_graph
from graph.models import load_chat_model
from graph.state import InputState
from tools.domain import load_domain
from tools.errors import AgentError, ConfigError

UNKNOWN_THREAD = (
    "unknown thread {tid!r} in {db}; list threads with: python -m graph threads --db {db}"
)
BUSY_THREAD = (
    "thread {tid!r} has an unfinished run ({state}); continue it with: "
    "python -m graph resume --thread-id {tid}"
)
NEEDS_DECISION = (
    "thread {tid!r} is waiting for a human decision; pass --approve, --edit JSON or --abort"
)
NO_DECISION_NEEDED = "thread {tid!r} is not waiting for a decision; resume it without one"
FINISHED = "thread {tid!r} already finished ({status}); start a new request with run"


def new_thread_id() -> str:
    """A short, unique thread id for runs started without one."""
    return "t-" + uuid.uuid4().hex[:10]


def _config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}


def _serializable_context(context: Context) -> dict[str, Any]:
    data = (
        dataclasses.asdict(context)
        if isinstance(context.model, str)
        else {
            f.name: getattr(context, f.name)
            for f in dataclasses.fields(context)
            if f.name != "model"
        }
    )
    if not isinstance(context.model, str):
        data["model"] = "custom"
    return data


def _validate(context: Context) -> None:
    """Fail fast, in one line, on a model or domain name that cannot load."""
    load_chat_model(context.model)
    load_domain(context.domain)


def summarize(thread_id: str, snapshot: StateSnapshot) -> dict[str, Any]:
    """One JSON-ready object describing a thread's current task."""
    values: Mapping[str, Any] = snapshot.values or {}
    interrupts = [i.value for i in snapshot.interrupts]
    status = "interrupted" if interrupts else values.get("status", "idle")
    if status == "running" and not snapshot.next:
        status = "stopped"
    if status == "running":
        status = "pending"
    return {
        "thread_id": thread_id,
        "request": values.get("request", ""),
        "intent": values.get("intent"),
        "slots": values.get("slots", {}),
        "status": status,
        "stop_reason": values.get("stop_reason"),
        "checklist": values.get("checklist", {}),
        "tool_calls": [
            {
                "name": c["tool"],
                "args": c["args"],
                "verdict": c["verdict"],
                "reason": c["reason"],
                "executed": c["executed"],
                "outcome": c["outcome"],
            }
            for c in values.get("calls", [])
        ],
        "usage": values.get("usage", {}),
        "answer": values.get("answer"),
        "card": values.get("card"),
        "interrupt": interrupts[0] if interrupts else None,
        "next": list(snapshot.next),
    }


def render_history(messages: list[BaseMessage]) -> list[dict[str, Any]]:
    """The thread's messages as plain records for `show`."""
    out: list[dict[str, Any]] = []
    for m in messages:
        item: dict[str, Any] = {"role": m.type, "content": m.text}
        if isinstance(m, AIMessage) and m.tool_calls:
            item["tool_calls"] = [{"name": c["name"], "args": c["args"]} for c in m.tool_calls]
        if isinstance(m, ToolMessage):
            item["name"] = m.name
            item["status"] = m.status
        out.append(item)
    return out


async def run_request(
    request: str,
    *,
    thread_id: str | None = None,
    context: Context | None = None,
    db: str = DEFAULT_DB,
) -> dict[str, Any]:
    """Start a new task on a thread (new or existing) and run it to its stop or interrupt.

    Raises:
        ConfigError: The model or domain in `context` cannot load.
        AgentError: The database is unusable, or the thread has an unfinished run.
    """
    if not request.strip():
        msg = "request is empty; pass the text of what you want done"
        raise ConfigError(msg)
    context = dataclasses.replace(context or Context(), db=db)
    _validate(context)
    tid = thread_id or new_thread_id()
    index = ThreadIndex(db)
    async with open_checkpointer(db) as saver:
        domain = load_domain(context.domain)
        app = compile_graph(
            saver, recursion_limit=domain.max_graph_steps(context.budget_overrides())
        )
        config = _config(tid)
        before = await app.aget_state(config)
        if before.next:
            state = "interrupted" if before.interrupts else "pending"
            raise AgentError(BUSY_THREAD.format(tid=tid, state=state))
        await index.upsert(
            tid, request=request, context=_serializable_context(context), status="running"
        )
        await app.ainvoke(
            InputState(messages=[HumanMessage(request)]),
            config,
            context=context,
            durability=DURABILITY,
        )
        out = summarize(tid, await app.aget_state(config))
    await index.upsert(tid, status=out["status"], stop_reason=out["stop_reason"])
    return out


async def resume_thread(
    thread_id: str,
    *,
    decision: dict[str, Any] | None = None,
    db: str = DEFAULT_DB,
    context: Context | None = None,
) -> dict[str, Any]:
    """Continue a thread after a crash, or answer its human-in-the-loop interrupt.

    The thread keeps the settings it was started with (from the threads index) unless a
    context is passed, and its counters and budgets come back from the checkpoint.

    Raises:
        AgentError: Unknown thread, nothing to resume, or a decision missing or unexpected.
    """
    index = ThreadIndex(db)
    row = await index.get(thread_id)
    async with open_checkpointer(db) as saver:
        if context is None:
            if row is None:
                raise AgentError(UNKNOWN_THREAD.format(tid=thread_id, db=db))
            context = Context(**row.context)
        context = dataclasses.replace(context, db=db)
        _validate(context)
        domain = load_domain(context.domain)
        app = compile_graph(
            saver, recursion_limit=domain.max_graph_steps(context.budget_overrides())
        )
        config = _config(thread_id)
        snapshot = await app.aget_state(config)
        if not snapshot.values:
            raise AgentError(UNKNOWN_THREAD.format(tid=thread_id, db=db))
        if not snapshot.next:
            status = snapshot.values.get("status", "finished")
            raise AgentError(FINISHED.format(tid=thread_id, status=status))
        if snapshot.interrupts and decision is None:
            raise AgentError(NEEDS_DECISION.format(tid=thread_id))
        if not snapshot.interrupts and decision is not None:
            raise AgentError(NO_DECISION_NEEDED.format(tid=thread_id))
        command: Command[Any] | None = Command(resume=decision) if decision is not None else None
        await index.upsert(thread_id, status="running")
        await app.ainvoke(command, config, context=context, durability=DURABILITY)
        out = summarize(thread_id, await app.aget_state(config))
    await index.upsert(thread_id, status=out["status"], stop_reason=out["stop_reason"])
    return out


async def show_thread(thread_id: str, *, db: str = DEFAULT_DB) -> dict[str, Any]:
    """A thread's state, checklist, calls, stop reason, ledger rows and message history.

    Raises:
        AgentError: Unknown thread or unusable database.
    """
    async with open_checkpointer(db) as saver:
        app = compile_graph(saver)
        snapshot = await app.aget_state(_config(thread_id))
    if not snapshot.values:
        raise AgentError(UNKNOWN_THREAD.format(tid=thread_id, db=db))
    out = summarize(thread_id, snapshot)
    out["history"] = render_history(list(snapshot.values.get("messages", [])))
    out["ledger"] = [
        {k: row[k] for k in ("tool", "status", "attempts", "idempotency_key")}
        for row in await Ledger(db).rows(thread_id)
    ]
    return out


async def list_threads(*, db: str = DEFAULT_DB) -> list[dict[str, Any]]:
    """Every thread in the database with its live status and stop reason."""
    rows = await ThreadIndex(db).all()
    out: list[dict[str, Any]] = []
    async with open_checkpointer(db) as saver:
        app = compile_graph(saver)
        for row in rows:
            snapshot = await app.aget_state(_config(row.thread_id))
            summary = summarize(row.thread_id, snapshot)
            out.append(
                {
                    "thread_id": row.thread_id,
                    "status": summary["status"],
                    "stop_reason": summary["stop_reason"],
                    "intent": summary["intent"],
                    "request": row.request,
                    "updated_at": row.updated_at,
                }
            )
    return out

"""Run, resume and inspect threads against the database: what the CLI and tests call.

The database is one `--db` value, a SQLite file or a `postgresql://` URL
(`checkpoints/storage.py`); everything below is the same for both.

Every invocation uses the durable settings (`durability="sync"`, WAL, busy timeout), holds
the thread's lease so no second process drives the same thread, and has a recursion limit
derived from the domain's budgets, so the fuse sits just above the point where the guard has
already stopped the run.

A thread is unfinished while its last checkpoint still has tasks (`unfinished`), whether
or not their writes are saved: LangGraph saves a step's task writes before the step's
checkpoint (in one commit on SQLite when they arrive together, in two on PostgreSQL), and a
process killed between the two leaves a snapshot whose `next` is empty although the step was
never checkpointed. Resuming such a thread continues the graph; `ainvoke(None)` applies the
saved writes without re-running their tasks.

Fault-injection hooks for the crash tests, all read from the environment and all inert unless
set:

- `LOOPGUARD_CRASH_AFTER_STEP=N` SIGKILLs the process once the checkpoint of super-step N is
  on disk (and before step N+1 starts).
- `LOOPGUARD_CRASH_BEFORE_CHECKPOINT=N` SIGKILLs it once the task writes of super-step N are
  committed (read back through another connection) and before checkpoint N is written. N
  counts as the checkpoints' `step` metadata does: 0 is the step that applies the input,
  and a request's input checkpoint (-1 on a new thread) has no writes before it, so a kill
  there lands after the request is recorded in the threads index and before any checkpoint.
- `LOOPGUARD_TRACE_NODES=FILE` appends one JSON line per node start and end, so a test can
  prove no finished node re-ran (a task whose saved writes a resume applies is `restored`,
  not started), and a `lease_wait` line when a `resume --wait` finds the thread's lease
  held and is about to wait for it.

The tool-level kill points live in `tools/executor.py`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import re
import signal
import sys
import uuid
from collections.abc import Coroutine, Sequence
from types import ModuleType
from typing import Any, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command, StateSnapshot

from checkpoints.lease import ThreadLeases, describe, thread_lease
from checkpoints.ledger import Ledger
from checkpoints.sqlite import DURABILITY
from checkpoints.storage import Conn, open_checkpointer, storage_for
from checkpoints.threads import ThreadIndex, ThreadRow
from checkpoints.trace import full_history
from checkpoints.trace import rows as trace_rows
from graph.context import DEFAULT_DB, Context
from graph.graph import compile_graph
from graph.models import load_chat_model, model_name
from graph.state import GROUPS, GraphState, InputState, OutputState, flat
from tools.domain import Domain, load_domain
from tools.errors import AgentError, ConfigError
from tools.store import check_store

CRASH_AFTER_STEP_ENV = "LOOPGUARD_CRASH_AFTER_STEP"
CRASH_BEFORE_CHECKPOINT_ENV = "LOOPGUARD_CRASH_BEFORE_CHECKPOINT"
TRACE_ENV = "LOOPGUARD_TRACE_NODES"

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
EARLIER_LAYOUT = (
    "thread {tid!r} was saved by an earlier version, which kept the runtime's internals as "
    "separate state keys; it cannot be continued (CHANGELOG.md). Start a new thread"
)
BAD_CRASH_STEP = "{env}={value!r}: expected a super-step number"
WRITES_NOT_VISIBLE = (
    "{env}: the writes of step {step} are not readable from another connection; the hook "
    "cannot kill at the point it names"
)
WRITES_TABLE = {"sqlite": "writes", "postgres": "checkpoint_writes"}
"""Where each backend's LangGraph saver keeps pending writes (read back by the crash hook)."""
BAD_TEXT = "{name}: {what}; pass the text as UTF-8"
OBJECT_MARKER = "<python object {kind}>"
"""Stands in the threads index for a context value that has no name to rebuild it from."""
_OBJECT_RE = re.compile(r"<python object (\w+)>")
NOT_RESTORABLE = (
    "this thread was started from Python with a {field} object ({kind}) that the threads "
    "index cannot rebuild; continue it from Python with the same context: "
    "resume_thread(thread_id, context=Context({field}=...))"
)

App = CompiledStateGraph[GraphState, Context, InputState, OutputState]


async def _check_layout(saver: BaseCheckpointSaver[str], config: RunnableConfig) -> None:
    """Refuse a thread checkpointed before the internals were grouped (`GraphState`).

    LangGraph ignores channels a graph no longer declares, so such a thread would go on
    with its counters, budgets and task number reset, and a write's idempotency key (which
    the task number is part of) could match an earlier task's.

    Raises:
        AgentError: The thread's latest checkpoint has the earlier layout.
    """
    found = await saver.aget_tuple(config)
    saved = found.checkpoint.get("channel_values", {}) if found is not None else {}
    if any(name in saved for names in GROUPS.values() for name in names):
        tid = config.get("configurable", {}).get("thread_id")
        raise AgentError(EARLIER_LAYOUT.format(tid=tid))


def new_thread_id() -> str:
    """A short, unique thread id for runs started without one."""
    return "t-" + uuid.uuid4().hex[:10]


def _config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}


def _import_path(domain: Domain) -> str | None:
    """'module:ATTRIBUTE' under which this very domain object is importable, or None.

    Only modules already imported are searched (one of them built it), the modules that
    define its intents' rules first (where a domain usually lives, rather than a module that
    re-exports it), and `__main__` never: another process cannot import it by that name.
    """
    home = {getattr(i.extract, "__module__", None) for i in domain.intents}
    main = sys.modules.get("__main__")
    for module_name, module in sorted(sys.modules.items(), key=lambda m: (m[0] not in home, m[0])):
        if not isinstance(module, ModuleType) or module is main or module.__spec__ is None:
            continue  # the script itself (also aliased as __mp_main__), or not importable
        for attr, value in list(vars(module).items()):
            if value is domain and not attr.startswith("_"):
                return f"{module_name}:{attr}"
    return None


def _serializable_context(context: Context) -> dict[str, Any]:
    """The context as JSON for the threads index, so a later `resume` can rebuild it.

    A model or domain given as an object is stored by a name that rebuilds it (a built-in
    model's name, a domain's import path) or else as a marker that `_validate` turns into an
    actionable error on resume: such a thread can only be continued from Python.
    """
    data: dict[str, Any] = {}
    for f in dataclasses.fields(context):
        value = getattr(context, f.name)
        if isinstance(value, BaseChatModel):
            value = model_name(value) or OBJECT_MARKER.format(kind=type(value).__name__)
        elif isinstance(value, Domain):
            value = _import_path(value) or OBJECT_MARKER.format(kind=type(value).__name__)
        else:
            try:
                json.dumps(value)
            except (TypeError, ValueError):
                value = OBJECT_MARKER.format(kind=type(value).__name__)
        data[f.name] = value
    return data


def check_text(name: str, value: str) -> None:
    """Reject text that no database can store: undecodable bytes or lone surrogates.

    Python hands undecodable argv bytes over as lone surrogates (PEP 383); SQLite and
    PostgreSQL refuse to encode them, deep inside a run, so they are caught up front.

    Raises:
        ConfigError: Naming the field, the offending byte or code point and its position.
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(value[exc.start])
        if 0xDC80 <= code <= 0xDCFF:  # how surrogateescape carries an undecodable byte
            what = f"not valid UTF-8 (byte 0x{code - 0xDC00:02x} at character {exc.start + 1})"
        else:
            what = f"not valid Unicode (lone surrogate U+{code:04X} at character {exc.start + 1})"
        raise ConfigError(BAD_TEXT.format(name=name, what=what)) from None


def _validate(context: Context, **texts: str | None) -> None:
    """Fail fast, in one line, on settings a run cannot use, before anything is stored.

    Checks the given texts (request, thread id) and the context's own text fields, a model
    or domain the threads index could not rebuild, the model and domain names, and the
    business store's path.

    Raises:
        ConfigError: Text with undecodable bytes, a model or domain that cannot load, or one
            that was a Python object and cannot be rebuilt here.
        AgentError: The business store path is a directory or not a SQLite file.
    """
    for name, value in texts.items():
        if value is not None:
            check_text(name, value)
    for f in dataclasses.fields(context):
        value = getattr(context, f.name)
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str):
                continue
            check_text(f.name, item)
            marker = _OBJECT_RE.fullmatch(item)
            if marker is not None:
                msg = NOT_RESTORABLE.format(field=f.name, kind=marker.group(1))
                raise ConfigError(msg)
    load_chat_model(context.model)
    load_domain(context.domain)
    check_store(context.store)


def unfinished(snapshot: StateSnapshot) -> bool:
    """True while the thread's graph has a step left, even one whose task writes are saved.

    Not `snapshot.next`: a live snapshot leaves out tasks whose writes are saved and shows
    their writes in `values`, so a process killed after a step's writes and before its
    checkpoint leaves `next == ()` (and perhaps a final-looking status) on a run that has
    not ended. `snapshot.tasks` lists every task of the step after the last checkpoint, run
    or not; a graph that reached END has none.
    """
    return bool(snapshot.tasks)


def _checkpoint_id(snapshot: StateSnapshot) -> str | None:
    """The id of the thread's last checkpoint, None when it has none."""
    if snapshot.metadata is None:
        return None
    found = snapshot.config["configurable"].get("checkpoint_id")
    return None if found is None else str(found)


def _not_started(row: ThreadRow | None, snapshot: StateSnapshot) -> bool:
    """The thread's latest request died before its input was checkpointed.

    Its process recorded the request (status running) and the checkpoint it started from,
    then was killed before LangGraph saved the input: the last checkpoint is still that one,
    which may show an earlier request as finished. No node of the request ran.
    """
    return (
        row is not None
        and row.status == "running"
        and bool(row.request)
        and _checkpoint_id(snapshot) == row.started_from
    )


def summarize(thread_id: str, snapshot: StateSnapshot) -> dict[str, Any]:
    """One JSON-ready object describing a thread's current task."""
    values = flat(snapshot.values or {})
    interrupts = [i.value for i in snapshot.interrupts]
    if interrupts:
        status = "interrupted"
    elif unfinished(snapshot):
        status = "pending"  # steps left and nobody answering an interrupt: a run that died
    else:
        status = values.get("status", "idle")
        if status == "running":
            status = "stopped"
    return {
        "thread_id": thread_id,
        "request": values.get("request", ""),
        "intent": values.get("intent"),
        "slots": values.get("slots", {}),
        "route": values.get("route", {}),
        "status": status,
        # A stop reason says how a run ended: none while a step is left (its saved writes
        # may already carry the reason the run is about to end with).
        "stop_reason": None if unfinished(snapshot) else values.get("stop_reason"),
        "checklist": values.get("checklist", {}),
        "evidence": values.get("evidence", {}),
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


def _crash_step(env: str) -> int | None:
    raw = os.environ.get(env)
    if raw is None or not raw.strip():
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(BAD_CRASH_STEP.format(env=env, value=raw)) from None


def _trace(path: str, event: str, node: str, step: int) -> None:
    line = json.dumps({"pid": os.getpid(), "event": event, "node": node, "step": step})
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(line + "\n")


async def _trace_lease_wait(db: str, thread_id: str, wait_s: float) -> None:
    """With the node trace on, note that this resume is about to wait for a live lease.

    The event a test waits for before it lets the lease holder go on: the holder is held
    by the test, so the lease is still taken when `thread_lease` asks.
    """
    trace = os.environ.get(TRACE_ENV) or None
    if trace is None or wait_s <= 0:
        return
    holder = (await ThreadLeases(db).holders()).get(thread_id)
    if holder is not None and holder.live():
        _trace(trace, "lease_wait", "", -1)


async def _visible(db: str, table: str, thread_id: str, checkpoint_id: str) -> bool:
    """Wait until another connection reads a row of `table` for this checkpoint id.

    What another connection can read has been committed: it survives a SIGKILL. Polls for
    up to about ten seconds (the commit is already under way when this is called).
    """

    def look(conn: Conn) -> bool:
        row = conn.execute(
            f"SELECT 1 AS found FROM {table} WHERE thread_id = ? AND checkpoint_ns = '' "
            "AND checkpoint_id = ?",
            (thread_id, checkpoint_id),
        ).fetchone()
        return row is not None

    def seen() -> bool:
        return storage_for(db).run_sync(look)

    for _ in range(2000):
        if await asyncio.to_thread(seen):
            return True
        await asyncio.sleep(0.005)
    return False


async def _durable(db: str, thread_id: str, checkpoint_id: str) -> None:
    """Wait until another connection can read the checkpoint: then it survives a SIGKILL.

    With `durability="sync"` LangGraph awaits each step's checkpoint before the next step,
    but it streams the input checkpoint (step -1) before that write has finished; reading it
    back through a separate connection is the proof that holds for every step.
    """
    await _visible(db, "checkpoints", thread_id, checkpoint_id)


def _kill_before_checkpoint(saver: BaseCheckpointSaver[Any], db: str, step: int) -> None:
    """Make `saver` SIGKILL the process between step `step`'s task writes and its checkpoint.

    LangGraph submits a task's writes (`aput_writes`) when the task ends and the step's
    checkpoint (`aput`) after every task of the step, both in the background, keyed by the
    checkpoint the step started from. The wrapped `aput_writes` registers each call as it is
    submitted; the wrapped `aput` of checkpoint `step` waits for that step's write calls to
    return (each saver answers after its commit), reads them back through another
    connection, and kills the process before the checkpoint reaches the saver.
    """
    put_writes, put = saver.aput_writes, saver.aput
    submitted: dict[str, list[asyncio.Future[None]]] = {}

    def aput_writes(
        config: RunnableConfig, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str = ""
    ) -> Coroutine[Any, Any, None]:
        # Registered now, not when the returned coroutine first runs: the checkpoint's
        # `aput` may be called before a just-submitted write has started.
        call = asyncio.ensure_future(put_writes(config, writes, task_id, task_path))
        submitted.setdefault(str(config["configurable"]["checkpoint_id"]), []).append(call)

        async def done() -> None:
            await call

        return done()

    async def aput(
        config: RunnableConfig, checkpoint: Any, metadata: Any, new_versions: Any
    ) -> RunnableConfig:
        parent = config["configurable"].get("checkpoint_id")
        if metadata.get("step") == step:
            # An input checkpoint has no task writes before it (and a new thread's, no parent).
            calls = submitted.get(str(parent), []) if parent is not None else []
            await asyncio.gather(*calls)
            tid = str(config["configurable"]["thread_id"])
            table = WRITES_TABLE[storage_for(db).backend]
            if calls and not await _visible(db, table, tid, str(parent)):
                msg = WRITES_NOT_VISIBLE.format(env=CRASH_BEFORE_CHECKPOINT_ENV, step=step)
                raise AgentError(msg)
            os.kill(os.getpid(), signal.SIGKILL)
        return await put(config, checkpoint, metadata, new_versions)

    saver.aput_writes = aput_writes  # type: ignore[method-assign]
    saver.aput = aput  # type: ignore[method-assign]


async def _drive(app: App, payload: Any, config: RunnableConfig, context: Context, db: str) -> None:
    """Run the graph to its end or its interrupt, with the durable settings.

    Without a test hook this is a plain `ainvoke`. With one, the run is streamed with the
    "checkpoints" and "tasks" modes, which gives the hooks their exact points: LangGraph
    1.2's async loop awaits step N's checkpoint (in "sync" mode), then emits it, then yields
    once more before it starts the tasks of step N+1, so a SIGKILL on that event lands
    between two steps, with step N on disk and nothing of step N+1 begun.
    """
    crash_step = _crash_step(CRASH_AFTER_STEP_ENV)
    before_checkpoint = _crash_step(CRASH_BEFORE_CHECKPOINT_ENV)
    if before_checkpoint is not None and isinstance(app.checkpointer, BaseCheckpointSaver):
        _kill_before_checkpoint(app.checkpointer, db, before_checkpoint)
    trace = os.environ.get(TRACE_ENV) or None
    if crash_step is None and trace is None:
        await app.ainvoke(payload, config, context=context, durability=DURABILITY)
        return
    # A resumed run streams no checkpoint before its first task: number that task after
    # the checkpoint it continues from, as the crashed process numbered it. LangGraph
    # announces every task of that step, also one whose writes were saved before the crash
    # and are applied, not run: the trace calls those "restored", so "start" means it ran.
    snapshot = await app.aget_state(config)
    step = int(snapshot.metadata["step"]) if snapshot.metadata is not None else -1
    restored = {t.id for t in snapshot.tasks if t.result is not None}
    async for mode, event in app.astream(
        payload,
        config,
        context=context,
        durability=DURABILITY,
        stream_mode=["checkpoints", "tasks"],
    ):
        data = cast(dict[str, Any], event)
        if mode == "checkpoints":
            step = int(data["metadata"]["step"])
            if step == crash_step:
                tid = str(config["configurable"]["thread_id"])
                await _durable(db, tid, data["config"]["configurable"]["checkpoint_id"])
                os.kill(os.getpid(), signal.SIGKILL)
        elif trace is not None:
            event_name = "end"
            if "input" in data:
                event_name = "restored" if data["id"] in restored else "start"
            _trace(trace, event_name, data["name"], step + 1)


async def run_request(
    request: str,
    *,
    thread_id: str | None = None,
    context: Context | None = None,
    db: str | None = None,
) -> dict[str, Any]:
    """Start a new task on a thread (new or existing) and run it to its stop or interrupt.

    The database is `db` when given, else `context.db`: one of them is enough.

    Raises:
        ConfigError: The model or domain in `context` cannot load.
        AgentError: The database is unusable, the thread has an unfinished run, or another
            process is running it.
    """
    if not request.strip():
        msg = "request is empty; pass the text of what you want done"
        raise ConfigError(msg)
    db = db or (context or Context()).db
    context = dataclasses.replace(context or Context(), db=db)
    _validate(context, request=request, thread_id=thread_id)
    tid = thread_id or new_thread_id()
    index = ThreadIndex(db)
    storage = storage_for(db)
    try:
        async with open_checkpointer(db) as saver, thread_lease(db, tid):
            domain = load_domain(context.domain)
            app = compile_graph(
                saver, recursion_limit=domain.max_graph_steps(context.budget_overrides())
            )
            config = _config(tid)
            await _check_layout(saver, config)
            before = await app.aget_state(config)
            if unfinished(before) or _not_started(await index.get(tid), before):
                state = "interrupted" if before.interrupts else "pending"
                raise AgentError(BUSY_THREAD.format(tid=tid, state=state))
            await index.upsert(
                tid,
                request=request,
                context=_serializable_context(context),
                status="running",
                started_from=_checkpoint_id(before),
            )
            await _drive(app, {"messages": [HumanMessage(request)]}, config, context, db)
            out = summarize(tid, await app.aget_state(config))
            await index.upsert(tid, status=out["status"], stop_reason=out["stop_reason"])
    except storage.errors as exc:
        raise storage.translate(exc) from None
    return out


async def resume_thread(
    thread_id: str,
    *,
    decision: dict[str, Any] | None = None,
    db: str | None = None,
    context: Context | None = None,
    wait_s: float = 0.0,
) -> dict[str, Any]:
    """Continue a thread after a crash, or answer its human-in-the-loop interrupt.

    The database is `db` when given, else `context.db`, else the default file.

    The thread keeps the settings it was started with (from the threads index) unless a
    context is passed, and its counters and budgets come back from the checkpoint. Under the
    thread's lease: a second process gets a one-line error, or waits up to `wait_s`. A
    thread whose process died after its last checkpoint but before recording its end, or
    that another process finished while this one waited, is reported as it ended.

    Raises:
        AgentError: Unknown thread, nothing to resume, a decision missing or unexpected, a
            busy thread, or an unusable database.
    """
    db = db or (context.db if context is not None else DEFAULT_DB)
    storage = storage_for(db)
    storage.check(must_exist=True)
    index = ThreadIndex(db)
    try:
        async with open_checkpointer(db, must_exist=True) as saver:
            row = await index.get(thread_id)
            if context is None:
                if row is None:
                    raise AgentError(UNKNOWN_THREAD.format(tid=thread_id, db=db))
                context = Context(**row.context)
            context = dataclasses.replace(context, db=db)
            _validate(context)
            await _trace_lease_wait(db, thread_id, wait_s)
            async with thread_lease(db, thread_id, wait_s=wait_s) as lease:
                row = await index.get(thread_id)  # as the last lease holder left it
                domain = load_domain(context.domain)
                app = compile_graph(
                    saver, recursion_limit=domain.max_graph_steps(context.budget_overrides())
                )
                config = _config(thread_id)
                await _check_layout(saver, config)
                snapshot = await app.aget_state(config)
                payload: Any
                if row is not None and _not_started(row, snapshot):
                    if decision is not None:
                        raise AgentError(NO_DECISION_NEEDED.format(tid=thread_id))
                    # Killed before its input was checkpointed: no node ran, so start it over.
                    payload = {"messages": [HumanMessage(row.request)]}
                elif not snapshot.values and not unfinished(snapshot):
                    raise AgentError(UNKNOWN_THREAD.format(tid=thread_id, db=db))
                elif not unfinished(snapshot):
                    unrecorded = row is not None and row.status == "running"
                    if not (unrecorded or lease.waited) or decision is not None:
                        status = snapshot.values.get("status", "finished")
                        raise AgentError(FINISHED.format(tid=thread_id, status=status))
                    out = summarize(thread_id, snapshot)
                    await index.upsert(
                        thread_id, status=out["status"], stop_reason=out["stop_reason"]
                    )
                    return out
                elif snapshot.interrupts and decision is None:
                    raise AgentError(NEEDS_DECISION.format(tid=thread_id))
                elif not snapshot.interrupts and decision is not None:
                    raise AgentError(NO_DECISION_NEEDED.format(tid=thread_id))
                else:
                    payload = Command(resume=decision) if decision is not None else None
                await index.upsert(thread_id, status="running")
                await _drive(app, payload, config, context, db)
                out = summarize(thread_id, await app.aget_state(config))
                await index.upsert(thread_id, status=out["status"], stop_reason=out["stop_reason"])
    except storage.errors as exc:
        raise storage.translate(exc) from None
    return out


async def show_thread(thread_id: str, *, db: str = DEFAULT_DB) -> dict[str, Any]:
    """A thread's state, checklist, calls, stop reason, ledger rows, history and trace.

    The history includes tool traffic that compaction moved out of the checkpointed state.

    Raises:
        AgentError: Unknown thread or unusable database.
    """
    storage = storage_for(db)
    try:
        async with open_checkpointer(db, must_exist=True) as saver:
            app = compile_graph(saver)
            snapshot = await app.aget_state(_config(thread_id))
        if not snapshot.values and not unfinished(snapshot):
            raise AgentError(UNKNOWN_THREAD.format(tid=thread_id, db=db))
        out = summarize(thread_id, snapshot)
        kept = list(snapshot.values.get("messages", []))
        out["history"] = render_history(await full_history(db, thread_id, kept))
        out["trace"] = await trace_rows(db, thread_id)
        out["ledger"] = [
            {k: row[k] for k in ("tool", "status", "attempts", "resolution", "idempotency_key")}
            for row in await Ledger(db).rows(thread_id)
        ]
    except storage.errors as exc:
        raise storage.translate(exc) from None
    return out


async def list_threads(*, db: str = DEFAULT_DB) -> list[dict[str, Any]]:
    """Every thread in the database with its live status and stop reason.

    Status is one of completed, stopped (with its stop reason), interrupted (waiting for a
    human), running (another process holds its lease right now) or pending (its process
    died mid-run: `resume --thread-id` continues it).
    """
    out: list[dict[str, Any]] = []
    storage = storage_for(db)
    try:
        async with open_checkpointer(db, must_exist=True) as saver:
            rows = await ThreadIndex(db).all()
            holders = await ThreadLeases(db).holders()
            app = compile_graph(saver)
            for row in rows:
                snapshot = await app.aget_state(_config(row.thread_id))
                summary = summarize(row.thread_id, snapshot)
                status = summary["status"]
                if _not_started(row, snapshot):
                    # What the checkpoint shows belongs to an earlier request, if any.
                    summary.update(status="pending", stop_reason=None, intent=None, interrupt=None)
                    status = "pending"
                elif not snapshot.values and not unfinished(snapshot):
                    status = row.status
                owner = describe(holders.get(row.thread_id))
                if owner is not None and status == "pending":
                    status = "running"
                out.append(
                    {
                        "thread_id": row.thread_id,
                        "status": status,
                        "stop_reason": summary["stop_reason"],
                        "intent": summary["intent"],
                        "request": row.request,
                        "updated_at": row.updated_at,
                        "owner": owner,
                        "waiting_on": (summary["interrupt"] or {}).get("reason"),
                    }
                )
    except storage.errors as exc:
        raise storage.translate(exc) from None
    return out

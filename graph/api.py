"""The Python API: run a request, answer or resume a thread, show it, list threads.

What `python -m graph run | resume | show | threads` does, from Python, with typed results::

    from graph import Context, resume, run, show

    settings = Context(db="work/agent.sqlite", store="work/business.sqlite")
    out = run("record today's reading 150/95 and show the last two weeks", context=settings)
    out["status"], out["stop_reason"], out["checklist"], out["answer"]

    paused = run("...", context=Context(model="scripted:repeat", human_review=True, db=...))
    done = resume(paused["thread_id"], decision={"action": "abort"}, db=settings.db)
    show(done["thread_id"], db=settings.db)["ledger"]

Every function has an async twin (`arun`, `aresume`, `ashow`, `athreads`) for code that
already runs on an event loop. The sync forms work anywhere, a Jupyter cell included: they
run the async ones on a private loop (`graph/portal.py`), never with `asyncio.run`, which a
running notebook loop refuses.

Storage is set in one place. A run's settings, its database included, are its `Context`
(`context.db` holds checkpoints, ledger, trace and the threads index; `context.store` is the
example business backend), as in `graph.ainvoke(..., context=...)`. The calls that address an
existing thread take only `db=`; `resume` may also take a `context` to change the thread's
settings, and then reads the database from it. Nothing is read from the environment: the
default is `data/agent.sqlite`, relative to the working directory, as in `Context`.
"""

from __future__ import annotations

from typing import Any, Literal, Required, cast

from typing_extensions import TypedDict

from graph.context import DEFAULT_DB, Context
from graph.portal import run_blocking
from graph.runner import list_threads, resume_thread, run_request, show_thread
from graph.state import StopReason, Usage
from tools.errors import ConfigError

__all__ = [
    "Decision",
    "LedgerRow",
    "RunResult",
    "ThreadInfo",
    "ThreadStatus",
    "ThreadView",
    "ToolCall",
    "aresume",
    "arun",
    "ashow",
    "athreads",
    "resume",
    "run",
    "show",
    "threads",
]

TWO_DATABASES = (
    "db={db!r} but context.db={context_db!r}: name the database once, in the context "
    "(or pass db= alone)"
)

ThreadStatus = Literal["idle", "running", "pending", "interrupted", "completed", "stopped"]
"""Where a thread is. `pending`: its process died mid-run, `resume` continues it.
`interrupted`: it waits for a human `decision`. `running`: another process drives it now."""


class Decision(TypedDict, total=False):
    """A human's answer to an interrupted thread (the CLI's --approve, --edit, --abort)."""

    action: Required[Literal["approve", "edit", "abort"]]
    args: dict[str, Any]
    """With "edit": the arguments to run the call with instead."""
    tool: str | None
    """With "edit": another tool to call instead (one the task was offered)."""


class ToolCall(TypedDict):
    """One call the model proposed and what the runtime did with it."""

    name: str
    args: dict[str, Any]
    verdict: str
    """run, cached, feedback, blocked, stopped, skipped, awaiting_approval, approved, edited."""
    reason: str | None
    """The guard's reason code when the call did not run as proposed."""
    executed: bool
    """Whether the tool really ran (a cached or ledger-answered call did not)."""
    outcome: str | None
    """"ok", the error type, or None when it did not run."""


class RunResult(TypedDict):
    """A thread's current task, as `run` and `resume` return it."""

    thread_id: str
    request: str
    intent: str | None
    slots: dict[str, Any]
    route: dict[str, Any]
    """The router's decision: intent, confidence, which rule or classifier chose it, and
    each slot with the words of the request it came from."""
    status: ThreadStatus
    stop_reason: StopReason | None
    """Why the task ended, from the closed set in `graph.state.StopReason`."""
    checklist: dict[str, bool]
    """Step name -> done, ticked only by verified executions."""
    evidence: dict[str, dict[str, Any]]
    tool_calls: list[ToolCall]
    usage: Usage
    answer: str | None
    card: dict[str, Any] | None
    interrupt: dict[str, Any] | None
    """What a paused thread asks (question, reason, detail, the call, the options)."""
    next: list[str]
    """Nodes that run on resume; empty when the task ended."""


class LedgerRow(TypedDict):
    """One write in the exactly-once ledger."""

    tool: str
    status: str
    """in_progress, succeeded, failed or unknown."""
    attempts: int
    resolution: str | None
    idempotency_key: str


class ThreadView(RunResult):
    """What `show` adds: the whole conversation, the step trace and the ledger."""

    history: list[dict[str, Any]]
    """Every message, tool traffic that compaction moved out of state included."""
    trace: list[dict[str, Any]]
    """One row per node step (`python -m graph show --jsonl` prints them)."""
    ledger: list[LedgerRow]


class ThreadInfo(TypedDict):
    """One line of `threads`."""

    thread_id: str
    status: ThreadStatus
    stop_reason: StopReason | None
    intent: str | None
    request: str
    updated_at: str
    owner: dict[str, Any] | None
    """The process running it now (pid, host, since), or None."""
    waiting_on: str | None
    """The reason an interrupted thread asks a human, or None."""


def _database(db: str | None, context: Context | None) -> str:
    if context is None:
        return db or DEFAULT_DB
    if db is not None and db != context.db:
        raise ConfigError(TWO_DATABASES.format(db=db, context_db=context.db))
    return context.db


async def arun(
    request: str, *, context: Context | None = None, thread_id: str | None = None
) -> RunResult:
    """Start a task and run it until it stops or waits for a human.

    Args:
        request: What the user asked, in their words.
        context: The run's settings: model, domain, caller, budgets, `human_review`, and
            where it is stored (`db`, `store`). Defaults to `Context()`.
        thread_id: Continue this conversation; a new thread when None. A thread keeps its
            counters across tasks, and a later task may refer to an earlier one.

    Returns:
        The task's status, stop reason, checklist, calls and answer. A paused task has
        status "interrupted" and an `interrupt` to answer with `aresume(decision=...)`.

    Raises:
        ConfigError: The model or domain cannot load, or the request is empty.
        AgentError: The database is unusable, or the thread has an unfinished run (resume
            it), or another process is running it.
    """
    context = context or Context()
    out = await run_request(request, thread_id=thread_id, context=context, db=context.db)
    return cast(RunResult, out)


async def aresume(
    thread_id: str,
    *,
    decision: Decision | None = None,
    db: str | None = None,
    context: Context | None = None,
    wait_s: float = 0.0,
) -> RunResult:
    """Continue a thread whose process died, or answer the question it paused on.

    A crashed thread continues from its last checkpoint: no finished step runs again, and a
    write caught between its effect and its checkpoint is reconciled through the ledger,
    never done twice. The thread keeps the settings it started with.

    Args:
        thread_id: The thread to continue.
        decision: The answer to a paused thread; None to continue a crashed one.
        db: Where the thread is stored. Defaults to `context.db` or `data/agent.sqlite`.
        context: New settings for the rest of the thread (a different model, say);
            None keeps the ones it was started with.
        wait_s: If another process is running the thread, wait this long for it.

    Raises:
        ConfigError: `db` and `context.db` name different databases.
        AgentError: Unknown thread, nothing to resume, a decision missing or not expected,
            a busy thread, or an unusable database.
    """
    where = _database(db, context)
    out = await resume_thread(
        thread_id,
        decision=cast(dict[str, Any] | None, decision),
        db=where,
        context=context,
        wait_s=wait_s,
    )
    return cast(RunResult, out)


async def ashow(thread_id: str, *, db: str | None = None) -> ThreadView:
    """A thread's current task with its full history, step trace and ledger rows.

    Raises:
        AgentError: Unknown thread or unusable database.
    """
    return cast(ThreadView, await show_thread(thread_id, db=db or DEFAULT_DB))


async def athreads(*, db: str | None = None) -> list[ThreadInfo]:
    """Every thread in the database, newest first, with its live status.

    Raises:
        AgentError: The database does not exist or is unusable.
    """
    return cast(list[ThreadInfo], await list_threads(db=db or DEFAULT_DB))


def run(request: str, *, context: Context | None = None, thread_id: str | None = None) -> RunResult:
    """`arun` for code without an event loop of its own (scripts, notebooks)."""
    return run_blocking(arun(request, context=context, thread_id=thread_id))


def resume(
    thread_id: str,
    *,
    decision: Decision | None = None,
    db: str | None = None,
    context: Context | None = None,
    wait_s: float = 0.0,
) -> RunResult:
    """`aresume` for code without an event loop of its own."""
    return run_blocking(
        aresume(thread_id, decision=decision, db=db, context=context, wait_s=wait_s)
    )


def show(thread_id: str, *, db: str | None = None) -> ThreadView:
    """`ashow` for code without an event loop of its own."""
    return run_blocking(ashow(thread_id, db=db))


def threads(*, db: str | None = None) -> list[ThreadInfo]:
    """`athreads` for code without an event loop of its own."""
    return run_blocking(athreads(db=db))

"""Graph state: small, JSON-shaped and checkpointed at every step.

Everything the guard decides from (fingerprints, strikes, usage, stall rounds) lives here, so
a resumed run continues with the counters it had, never with a fresh budget. Records are plain
dicts rather than classes so checkpoints stay portable and Studio renders them as they are.

Two layouts of the same values. `GraphState` is what LangGraph checkpoints and Studio's state
view lists: the user-facing keys of `OutputState` at the top, the runtime's internals in two
groups (`task`, `internals`). `State` is what a node reads: every field at one level, each
documented below. The graph hands each node its `State` and files the node's partial update
back into the groups (`on_state`, in `graph/graph.py`), so no node knows about the groups.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Annotated, Any, Literal, NotRequired, TypeVar, get_type_hints

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.graph import add_messages
from langgraph.managed import RemainingSteps

# typing_extensions, not typing: on Python < 3.12 pydantic cannot build a JSON schema from a
# `typing.TypedDict`, and `langgraph dev` then serves the state and output schemas as null.
from typing_extensions import TypedDict

Status = Literal["idle", "running", "completed", "stopped", "interrupted"]

StopReason = Literal[
    "completed",
    "unknown_intent",
    "invalid_slots",
    "duplicate_call",
    "no_progress",
    "step_budget",
    "call_budget",
    "token_budget",
    "time_budget",
    "not_allowed",
    "validation_failed",
    "tool_failed",
    "needs_human",
    "human_aborted",
    "model_error",
]
"""The closed set of reasons a run ends with; every run ends with exactly one."""

STOP_REASONS: tuple[StopReason, ...] = StopReason.__args__  # type: ignore[attr-defined]

Proposer = Literal["model", "runtime"]
PROPOSAL_KEY = "loopguard"
"""Key in an AI message's `response_metadata` that `propose` fills: who proposed the turn
(`proposer`), and for a model turn which step it was shown as next (`next_step`)."""


def proposed_by(message: AIMessage) -> Proposer:
    """Who proposed a turn: the runtime marks its own; everything else came from a model."""
    mark = message.response_metadata.get(PROPOSAL_KEY)
    return "runtime" if isinstance(mark, dict) and mark.get("proposer") == "runtime" else "model"


class CallRecord(TypedDict):
    """One proposed tool call and what the runtime did with it."""

    id: str
    round: int
    tool: str
    args: dict[str, Any]
    fingerprint: str
    verdict: str
    """run, cached, feedback, blocked, stopped, skipped, awaiting_approval, approved or
    edited."""
    reason: str | None
    """Guard reason code when the call was not run as proposed."""
    executed: bool
    outcome: str | None
    """"ok", the error type, or None before execution."""
    proposer: NotRequired[Proposer]
    """"runtime" when the intent's step policy had the runtime propose the call, not the model."""


class FingerprintStats(TypedDict):
    """What happened so far to one exact call (tool + canonical arguments)."""

    tool: str
    executions: int
    failures: int
    successes: int
    epoch: int
    """write_epoch at the last success: a read answered before a later write is stale."""
    result: dict[str, Any]
    """The last envelope, kept compact, used to answer a repeat without executing."""
    first_at: float
    """Monotonic-free wall time of the first execution, for polling deadlines."""
    last_at: NotRequired[float]
    """Wall time of the last execution, for a poll's minimum interval."""


class PendingCall(TypedDict):
    """A call the guard (or a human) let through, waiting for the executor."""

    id: str
    tool: str
    args: dict[str, Any]
    fingerprint: str
    inputs: NotRequired[dict[str, Any]]
    """Argument -> `nodes.executor.dag.InputRef`: values from other calls' results, at run time."""
    after: NotRequired[list[str]]
    """Ids of calls of the same turn that must succeed before this one starts."""
    given: NotRequired[dict[str, dict[str, Any]]]
    """Envelopes of calls it depends on that the guard answered without running them."""


class Branch(TypedDict):
    """The actual fate of one call of the last batch (`nodes.executor.dag.BranchStatus`)."""

    id: str
    tool: str
    status: str
    """succeeded, degraded, failed, blocked, cancelled or abandoned."""
    waited_for: list[str]
    """Ids of the calls of the turn it depended on."""
    executed: bool
    note: str


class ExecResult(TypedDict):
    """An execution's envelope, handed from execute to state_update."""

    id: str
    tool: str
    args: dict[str, Any]
    fingerprint: str
    result: dict[str, Any]
    executed: bool
    """False when the ledger answered with a stored receipt instead of running the tool."""
    attempts: int
    seconds: float


class WriteRecord(TypedDict):
    """A write whose effect exists (or may exist) at the backend: what the answer owns up to."""

    task_seq: int
    """The task it belongs to: an answer lists only its own task's writes."""
    id: str
    tool: str
    args: dict[str, Any]
    outcome: str
    """"ok", or "unknown_outcome" when it may have happened."""
    receipt: dict[str, Any]
    """The (masked) data the backend answered with: record ids, what it stored."""


class Usage(TypedDict):
    """Budget counters for the current task."""

    rounds: int
    calls: int
    tokens: int
    seconds: float


class Verdict(TypedDict, total=False):
    """The last routing decision, readable in Studio."""

    node: str
    action: str
    reason: str | None
    detail: str


def new_usage() -> Usage:
    """Zeroed counters for a new task."""
    return {"rounds": 0, "calls": 0, "tokens": 0, "seconds": 0.0}


@dataclass(kw_only=True)
class InputState:
    """What a caller sends: the conversation so far, ending with the new request."""

    messages: Annotated[Sequence[AnyMessage], add_messages] = field(default_factory=list)
    """The thread's history; a new human message starts a new task on the same thread."""


@dataclass(kw_only=True)
class OutputState(InputState):
    """What a run returns and what a user reads: how the task ended, what was verified, why.

    `graph.ainvoke` returns these keys (the graph's output schema), and Studio shows them as
    the run's output. They are the stable part of the state: read these, not `State`'s own
    fields, from code that should survive an upgrade.
    """

    status: Status = "idle"
    """Where the current task is: idle, running, completed, stopped or interrupted."""
    stop_reason: StopReason | None = None
    """Why the task ended, from a closed set; None while it runs."""
    checklist: dict[str, bool] = field(default_factory=dict)
    """Step name -> done. Ticked only by verified executions."""
    calls: list[CallRecord] = field(default_factory=list)
    """Every proposed call of this task and its verdict."""
    answer: str | None = None
    """Final answer composed by code from verified evidence."""
    card: dict[str, Any] | None = None
    """UI card chosen by code from structured results, never by the model."""


@dataclass(kw_only=True)
class State(OutputState):
    """The state of a thread as every node reads it: one task at a time, one level deep.

    The fields declared here are internals: the task as the router read it (`TaskGroup`)
    and the guard's working memory (`Internals`: fingerprints, strikes, usage, the pending
    batch), checkpointed so a resumed run keeps its counters. Nodes read them as plain
    attributes and return the few they change; the graph stores them grouped (`GraphState`).
    Users read `OutputState`'s fields; these may change shape between versions.
    """

    # The `task` group of `GraphState` (`TaskGroup`): the request as the router read it.
    task_seq: int = 0
    """How many tasks this thread has started; part of each write's idempotency key."""
    request: str = ""
    """The text of the current task's request."""
    intent: str | None = None
    """Intent picked by the router (its rules or its classifier), or None when unclear."""
    slots: dict[str, Any] = field(default_factory=dict)
    """Validated slots: dates and periods already computed by code."""
    route: dict[str, Any] = field(default_factory=dict)
    """The router's decision: intent, confidence, rule or classifier, each slot with the
    words it came from, and any write the gate refused (`nodes/router.py` Decision)."""
    offered_tools: list[str] = field(default_factory=list)
    """The only tools the model may call in this task."""
    widened: bool = False
    """Whether the loader already widened this task's offer (it does so at most once)."""
    # The `internals` group of `GraphState` (`Internals`): the guard's working memory.
    evidence: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Step name -> the data that ticked it."""
    fingerprints: dict[str, FingerprintStats] = field(default_factory=dict)
    """Per exact call: executions, failures, successes and the last result."""
    archived_filter: bytes = b""
    """A fixed-size Bloom filter of the fingerprints this task moved to the archive table:
    the guard reads the archive only for a call that may be there (`nodes/compaction.py`)."""
    strikes: dict[str, int] = field(default_factory=dict)
    """Violations per kind ("duplicate", "validation:query_order", ...): feedback, block, stop."""
    pending: list[PendingCall] = field(default_factory=list)
    """Calls cleared to run, consumed by execute."""
    results: list[ExecResult] = field(default_factory=list)
    """Envelopes of the last execution batch, consumed by state_update."""
    branches: list[Branch] = field(default_factory=list)
    """What happened to each call of the last batch: ran, blocked, cancelled, abandoned."""
    writes: list[WriteRecord] = field(default_factory=list)
    """Writes of this task whose effect exists or may exist, each with its receipt; every
    answer lists them, ticked steps or not. Few per task, so never compacted."""
    usage: Usage = field(default_factory=new_usage)
    """Rounds, calls, tokens and seconds spent on this task."""
    stall_rounds: int = 0
    """Consecutive rounds with no new checklist item and no new evidence."""
    write_epoch: int = 0
    """Successful writes so far; a cached read from an older epoch is re-run, not reused."""
    verdict: Verdict = field(default_factory=lambda: Verdict())
    """The last guard or verifier decision."""
    remaining_steps: int = 25
    """Steps left before the recursion limit fires (`GraphState.remaining_steps`)."""


class TaskGroup(TypedDict, total=False):
    """The `task` group: the current request as the router read it, and its tool offer.

    Each key is the `State` field of the same name (documented there). It changes once or
    twice a task, and is what to look at first when a run went wrong: did the router
    understand the request, and which tools did the model see?
    """

    task_seq: int
    request: str
    intent: str | None
    slots: dict[str, Any]
    route: dict[str, Any]
    offered_tools: list[str]
    widened: bool


class Internals(TypedDict, total=False):
    """The `internals` group: the guard's and the executor's working memory.

    Each key is the `State` field of the same name (documented there). It changes at every
    step and is read to debug the guard, not to learn how a task ended.
    """

    evidence: dict[str, dict[str, Any]]
    fingerprints: dict[str, FingerprintStats]
    archived_filter: bytes
    strikes: dict[str, int]
    pending: list[PendingCall]
    results: list[ExecResult]
    branches: list[Branch]
    writes: list[WriteRecord]
    usage: Usage
    stall_rounds: int
    write_epoch: int
    verdict: Verdict


def merge(current: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """A group's reducer: the keys an update names replace theirs, the others stay.

    So a node's partial update of a group means what it meant when every field was its own
    channel: a key it does not return keeps its value.
    """
    return {**current, **update}


@dataclass(kw_only=True)
class GraphState(OutputState):
    """The graph's schema: what LangGraph checkpoints and Studio's state view lists.

    LangGraph shows every channel of the state and has no way to hide one, so the internals
    are grouped instead: the view lists `OutputState`'s keys (what a user needs: status,
    stop reason, checklist, calls, answer, card), then two groups. Two rather than one,
    because they answer different questions: `task` is the router's reading of the request
    (small, set once a task), `internals` the guard's working memory (large, changed every
    step), and a user who opens the first should not scroll through the second.
    """

    task: Annotated[TaskGroup, merge] = field(default_factory=lambda: TaskGroup())
    """The current request, the router's reading of it and the tools offered for it."""
    internals: Annotated[Internals, merge] = field(default_factory=lambda: Internals())
    """The guard's and the executor's working memory: counters, fingerprints, the batch."""
    remaining_steps: RemainingSteps = 25
    """Managed by LangGraph (not a channel, not shown): steps left before the recursion
    limit fires."""


GROUPS: dict[str, frozenset[str]] = {
    "task": frozenset(TaskGroup.__annotations__),
    "internals": frozenset(Internals.__annotations__),
}
"""Which `State` fields each group of `GraphState` holds."""
_GROUP_OF = {name: group for group, names in GROUPS.items() for name in names}
_STATE_FIELDS = frozenset(f.name for f in fields(State))


def grouped(update: Mapping[str, Any]) -> dict[str, Any]:
    """A node's flat update in the graph's layout: each grouped field moved into its group."""
    out: dict[str, Any] = {}
    for key, value in update.items():
        group = _GROUP_OF.get(key)
        if group is None:
            out[key] = value
        else:
            out.setdefault(group, {})[key] = value
    return out


def flat(values: Mapping[str, Any]) -> dict[str, Any]:
    """Checkpointed values (`StateSnapshot.values`) with the groups spread out, one level.

    What `show` and `threads` read, and what to read from code: `flat(values)["intent"]`.
    """
    out = {k: v for k, v in values.items() if k not in GROUPS}
    for group in GROUPS:
        out.update(values.get(group) or {})
    return out


def as_state(state: GraphState) -> State:
    """The `State` a node reads, from the graph's grouped one.

    Keys of a group that `State` does not declare (a checkpoint of another version) are
    left out rather than failing the node.
    """
    values = {f.name: getattr(state, f.name) for f in fields(state) if f.name not in GROUPS}
    for group in GROUPS:
        values.update((k, v) for k, v in getattr(state, group).items() if k in _STATE_FIELDS)
    return State(**values)


R = TypeVar("R")
T = TypeVar("T")


def _named_like(wrapper: Any, wrapped: Any, annotations: dict[str, Any]) -> None:
    """Name and document `wrapper` as `wrapped`, but annotated with the graph's schema.

    Not `functools.wraps`: LangGraph reads a router's first parameter type as that edge's
    input schema and adds its fields as channels, so the flat `State` must not show there.
    """
    for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(wrapper, attr, getattr(wrapped, attr, None))
    wrapper.__annotations__ = annotations


def on_state(
    node: Callable[[State, R], Awaitable[dict[str, Any]]],
) -> Callable[[GraphState, R], Awaitable[dict[str, Any]]]:
    """A node written against `State`, as the graph runs it: grouped in, grouped out.

    The one place that knows the groups: nodes read `state.strikes` and return
    `{"strikes": ...}`, and this files it under `internals`.
    """

    async def wrapper(state: GraphState, runtime: R) -> dict[str, Any]:
        return grouped(await node(as_state(state), runtime))

    _named_like(wrapper, node, {"state": GraphState, "return": dict[str, Any]})
    return wrapper


def reads_state(router: Callable[[State], T]) -> Callable[[GraphState], T]:
    """A router written against `State`, as the graph runs it.

    It keeps the router's `Literal` return type, which is what Studio draws as the edges.
    """

    def wrapper(state: GraphState) -> T:
        return router(as_state(state))

    returns = get_type_hints(router).get("return", Any)
    _named_like(wrapper, router, {"state": GraphState, "return": returns})
    return wrapper

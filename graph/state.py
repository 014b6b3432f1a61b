"""Graph state: small, JSON-shaped and checkpointed at every step.

Everything the guard decides from (fingerprints, strikes, usage, stall rounds) lives here, so
a resumed run continues with the counters it had, never with a fresh budget. Records are plain
dicts rather than classes so checkpoints stay portable and Studio renders them as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NotRequired

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
    """The full state of a thread, one task at a time.

    The fields declared here are internals: the router's reading of the request and the
    guard's working memory (fingerprints, strikes, usage, the pending batch), checkpointed so
    a resumed run keeps its counters. Nodes read and write them; users read `OutputState`'s
    fields (Studio lists those first), and these may change shape between versions.
    """

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
    remaining_steps: RemainingSteps = 25
    """Managed by LangGraph: steps left before the recursion limit fires."""

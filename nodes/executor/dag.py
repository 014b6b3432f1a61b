"""Several tool calls in one model turn, run as a dependency graph.

**What a model writes.** A provider's tool call has only a name, an id and arguments, so the
dependencies travel in the arguments, in a form any model can produce and the guard can
check before anything runs:

- an argument whose value is `{"$ref": "#0.job_id"}` takes that field of another call's
  result: `#0` is the call's position in this turn (0-based); its id or, when it is the only
  call of that tool in the turn, its tool name work too (`{"$ref": "submit_report.job_id"}`).
  `"optional": true` makes the input optional: when the other call fails or lacks the field,
  the argument is left out (or set to `"default"`) and the call runs with a note;
- `"$after": ["#0"]` orders a call after others without taking anything from them.

`plan_turn` parses a turn into one `CallPlan` per call: the literal arguments, the inputs,
the ordering edges, and field-level errors (unknown target, self-reference, cycle, bad
shape). The guard validates the literal arguments now and the referenced ones once their
values exist.

**How it runs.** `run_dag` starts every call whose inputs are all known, at most `limit` at
a time, each with its own timeout. A call whose required input failed (or never ran) is
`blocked`; one whose optional input is missing runs `degraded`; when the run must stop
(its deadline, a result that needs a human, an outside signal) calls not yet started are
`cancelled`. Every call gets exactly one `Outcome` naming what really happened: a call no
longer waited for is `abandoned`, which is not a rollback, and its note says so. A node may
also `follow` others (start after them, whatever their fate): `in_written_order` chains a
reply that holds a write, so its calls run in the order the model wrote them.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Literal, NotRequired, TypedDict, TypeVar

REF_KEY = "$ref"
AFTER_KEY = "$after"
REF_FIELDS = frozenset({REF_KEY, "path", "optional", "default"})
RESERVED_PREFIX = "$"

REF_SYNTAX = '{"$ref": "#0.field"} (#N: the N-th call of this turn, from 0)'
BAD_REF = "a reference like " + REF_SYNTAX
UNKNOWN_TARGET = "no call {target!r} in this turn"
SELF_REF = "a call cannot use its own result"
AMBIGUOUS_TOOL = "{target!r} is called {n} times in this turn; refer to one as #N"
NO_PATH = "a field of the other call's result after the dot, e.g. #0.job_id"
BAD_AFTER = 'a list of calls of this turn, e.g. ["#0"]'
RESERVED_ARG = "no argument starting with '$' other than " + AFTER_KEY
CYCLE = "calls that do not wait on each other (cycle: {cycle})"
NO_ID = "call #{index} has no id, so nothing can wait for it"

CANCELLED_NOTE = "not started: the run stopped ({reason}); nothing ran, so there is nothing to undo"
BLOCKED_NOTE = "not run: it needs {needs}, which {what}"
ABANDONED_NOTE = (
    "stopped waiting after {seconds:g}s ({why}); this is not a rollback: if it had started an "
    "effect, the effect may still complete at the backend"
)
ABANDONED_STOP_NOTE = (
    "stopped waiting for it: {why}; this is not a rollback: if it had started an effect, the "
    "effect may still complete at the backend"
)
MISSING_OPTIONAL_NOTE = "ran without {source} (optional input; it {status})"
STOP_DEADLINE = "the run's time budget ran out"
STOP_SIGNAL = "the run was asked to stop"
BAD_LIMIT = "concurrency limit must be at least 1, got {limit}"

FieldError = dict[str, str]
"""{field, expected, got, fix}: the same shape as the guard's validation errors."""


class InputRef(TypedDict):
    """One argument taken from another call's result (JSON-shaped: it lives in state)."""

    source: str
    """The id of the call whose result supplies it."""
    path: str
    """Dotted path into that result's data (`orders.0.order_id`)."""
    optional: bool
    default: NotRequired[Any]


@dataclass(frozen=True)
class CallPlan:
    """One call of a turn, split into what is known now and what comes from other calls.

    Attributes:
        id: The call's id.
        args: The literal arguments (references and `$` keys removed).
        inputs: Argument name -> where its value comes from.
        after: Ids of calls this one must wait for (and that must succeed).
        errors: Field-level problems with the references; non-empty means reject the call.
    """

    id: str
    args: dict[str, Any]
    inputs: dict[str, InputRef] = field(default_factory=dict)
    after: tuple[str, ...] = ()
    errors: tuple[FieldError, ...] = ()

    @property
    def deferred(self) -> frozenset[str]:
        """Arguments whose values exist only once other calls have run."""
        return frozenset(self.inputs)

    def needs(self) -> tuple[str, ...]:
        """Calls that must succeed first: required inputs and `$after`."""
        required = [r["source"] for r in self.inputs.values() if not r["optional"]]
        return tuple(dict.fromkeys([*self.after, *required]))

    def wants(self) -> tuple[str, ...]:
        """Calls whose results are used if they succeed (optional inputs)."""
        needs = set(self.needs())
        optional = [r["source"] for r in self.inputs.values() if r["optional"]]
        return tuple(s for s in dict.fromkeys(optional) if s not in needs)


def is_ref(value: Any) -> bool:
    """True for an argument value that references another call's result."""
    return isinstance(value, Mapping) and REF_KEY in value


def has_plan_syntax(args: Any) -> bool:
    """Whether raw arguments use references or `$` keys at all (the common case: no)."""
    if not isinstance(args, Mapping):
        return False
    return any(str(k).startswith(RESERVED_PREFIX) or is_ref(v) for k, v in args.items())


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def field_name(key: Any) -> str:
    """An argument's name as a hint shows it: as sent, or JSON-quoted when that would mislead.

    A model can send any string as a key: empty, blank, padded, a NUL or a right-to-left
    mark. Shown raw, such a name makes an empty or unreadable `field` in a hint, and the
    model cannot tell which argument to fix. Quoted (`""`, `" a"`, control characters as
    JSON escapes) it names exactly the key that was sent.
    """
    name = str(key)
    if name and name == name.strip() and name.isprintable():
        return name
    return json.dumps(name)


def field_path(parts: Sequence[Any]) -> str:
    """A dotted path to a value inside the arguments, never empty (`(arguments)` is the root)."""
    return ".".join(field_name(p) for p in parts) or "(arguments)"


def _error(where: str | tuple[str, ...], expected: str, got: Any, fix: str) -> FieldError:
    path = field_path(where if isinstance(where, tuple) else (where,))
    return {"field": path, "expected": expected, "got": _short(got), "fix": fix}


class _Turn:
    """The calls of one turn, for resolving `#N`, ids and tool names."""

    def __init__(self, calls: Sequence[Mapping[str, Any]]) -> None:
        self.ids = [_call_id(c, i) for i, c in enumerate(calls)]
        self.has_id = [isinstance(c.get("id"), str) and bool(c.get("id")) for c in calls]
        self.names = [c.get("name") if isinstance(c.get("name"), str) else "" for c in calls]

    def resolve(self, target: str, me: int) -> str:
        """The id of the call `target` names; raises ValueError with the reason."""
        m = re.fullmatch(r"#(\d{1,6})", target)
        if m:
            index = int(m.group(1))
            if index >= len(self.ids):
                raise ValueError(UNKNOWN_TARGET.format(target=target))
        elif target in self.ids:
            index = self.ids.index(target)
        else:
            matches = [i for i, n in enumerate(self.names) if n == target and i != me]
            if not matches:
                raise ValueError(UNKNOWN_TARGET.format(target=target))
            if len(matches) > 1:
                raise ValueError(AMBIGUOUS_TOOL.format(target=target, n=len(matches)))
            index = matches[0]
        if index == me:
            raise ValueError(SELF_REF)
        if not self.has_id[index]:
            raise ValueError(NO_ID.format(index=index))
        return self.ids[index]


def _call_id(call: Mapping[str, Any], index: int) -> str:
    raw = call.get("id")
    return raw if isinstance(raw, str) and raw else f"#{index}"


def _parse_ref(
    name: str, value: Mapping[str, Any], turn: _Turn, me: int
) -> tuple[InputRef | None, FieldError | None]:
    unknown = sorted(str(k) for k in value if k not in REF_FIELDS)
    target = value.get(REF_KEY)
    if unknown or not isinstance(target, str) or not target.strip():
        shown = field_name(name)
        return None, _error(name, BAD_REF, dict(value), f"send {shown} as {REF_SYNTAX}")
    optional = value.get("optional", False)
    if not isinstance(optional, bool):
        return None, _error((name, "optional"), "a boolean", optional, "send true or false")
    path = value.get("path")
    target = target.strip()
    if path is None:
        target, _, path = target.partition(".")
    if not isinstance(path, str) or not path.strip(".").strip():
        return None, _error(name, NO_PATH, dict(value), f"name the field, e.g. {target}.id")
    try:
        source = turn.resolve(target, me)
    except ValueError as exc:
        return None, _error(name, BAD_REF, dict(value), str(exc))
    ref: InputRef = {"source": source, "path": path.strip("."), "optional": optional}
    if "default" in value:
        ref["default"] = value["default"]
    return ref, None


def _parse_after(value: Any, turn: _Turn, me: int) -> tuple[list[str], list[FieldError]]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        return [], [_error(AFTER_KEY, BAD_AFTER, value, 'send "$after": ["#0"]')]
    out: list[str] = []
    errors: list[FieldError] = []
    for item in items:
        try:
            out.append(turn.resolve(item.strip(), me))
        except ValueError as exc:
            errors.append(_error(AFTER_KEY, BAD_AFTER, item, str(exc)))
    return out, errors


def plan_call(
    raw_args: Mapping[str, Any], index: int, turn_calls: Sequence[Mapping[str, Any]]
) -> CallPlan:
    """Split one call's raw arguments into literal arguments, inputs and ordering edges."""
    turn = _Turn(turn_calls)
    me = turn.ids[index] if index < len(turn.ids) else f"#{index}"
    args: dict[str, Any] = {}
    inputs: dict[str, InputRef] = {}
    after: list[str] = []
    errors: list[FieldError] = []
    for key, value in raw_args.items():
        name = str(key)
        if name == AFTER_KEY:
            edges, problems = _parse_after(value, turn, index)
            after += edges
            errors += problems
        elif name.startswith(RESERVED_PREFIX):
            errors.append(_error(name, RESERVED_ARG, value, f"remove {field_name(name)!r}"))
        elif is_ref(value):
            ref, problem = _parse_ref(name, value, turn, index)
            if ref is not None:
                inputs[name] = ref
            if problem is not None:
                errors.append(problem)
        else:
            args[name] = value
    return CallPlan(me, args, inputs, tuple(dict.fromkeys(after)), tuple(errors))


def _cycles(plans: Sequence[CallPlan]) -> dict[str, list[str]]:
    """Each call that sits on a dependency cycle, with one cycle through it."""
    edges = {p.id: [*p.after, *(r["source"] for r in p.inputs.values())] for p in plans}
    found: dict[str, list[str]] = {}
    for start in edges:
        stack: list[tuple[str, list[str]]] = [(start, [start])]
        seen: set[str] = set()
        while stack:
            node, path = stack.pop()
            for nxt in edges.get(node, ()):
                if nxt == start:
                    found.setdefault(start, [*path, start])
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    return found


def plan_turn(calls: Sequence[Mapping[str, Any]]) -> list[CallPlan]:
    """One plan per call of a model turn, with cycles reported as field-level errors.

    Calls without references get a plain plan (their arguments as they are), so a turn of
    ordinary calls costs one dictionary copy per call.
    """
    plans: list[CallPlan] = []
    for i, call in enumerate(calls):
        raw = call.get("args")
        if isinstance(raw, Mapping) and has_plan_syntax(raw):
            plans.append(plan_call(raw, i, calls))
        else:
            plans.append(CallPlan(_call_id(call, i), dict(raw) if isinstance(raw, Mapping) else {}))
    cycles = _cycles(plans)
    if not cycles:
        return plans
    out: list[CallPlan] = []
    for plan in plans:
        cycle = cycles.get(plan.id)
        if cycle is None:
            out.append(plan)
            continue
        where = next(iter(plan.inputs), AFTER_KEY)
        shown = " -> ".join(cycle)
        problem = _error(
            where, CYCLE.format(cycle=shown), shown, "remove one reference of the cycle"
        )
        out.append(CallPlan(plan.id, plan.args, plan.inputs, plan.after, (*plan.errors, problem)))
    return out


_MISSING = object()


def resolve_path(data: Any, path: str) -> Any:
    """The value at a dotted path (`orders.0.order_id`), or `MISSING` when there is none."""
    value = data
    for part in path.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return MISSING
    return value


MISSING: Any = _MISSING
"""Returned by `resolve_path` when the path leads nowhere."""


# --- the scheduler -------------------------------------------------------------------------------

T = TypeVar("T")
BranchStatus = Literal["succeeded", "degraded", "failed", "blocked", "cancelled", "abandoned"]
"""What really happened to one call of a batch.

succeeded / failed: it ran. degraded: it ran without an optional input. blocked: a required
input failed or never ran, so it did not run. cancelled: the run stopped before it started.
abandoned: it had started, and the run stopped waiting for it: not a rollback."""
USABLE: frozenset[str] = frozenset({"succeeded", "degraded"})


@dataclass(frozen=True)
class Node:
    """One call to schedule.

    Attributes:
        id: Unique within the batch.
        needs: Ids that must succeed before it starts.
        wants: Ids whose results it uses if they succeed (it waits for them either way).
        timeout_s: Longest wait for it once started; None waits as long as it runs.
    """

    id: str
    needs: tuple[str, ...] = ()
    wants: tuple[str, ...] = ()
    timeout_s: float | None = None
    follows: tuple[str, ...] = ()
    """Ids it starts after, whatever became of them (order only: it takes nothing from them,
    and their failure neither blocks nor degrades it; their outcomes are passed to it)."""


@dataclass(frozen=True)
class Done(Generic[T]):
    """What a node's runner reports: its value, whether it worked, and any note."""

    value: T
    ok: bool
    note: str = ""
    degraded: bool = False


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """The actual fate of one node; `started` tells "did not run" from "ran"."""

    id: str
    status: BranchStatus
    value: T | None = None
    note: str = ""
    started: bool = False


Runner = Callable[[Node, Mapping[str, Outcome[T]]], Awaitable[Done[T]]]
StopWhen = Callable[[Outcome[T]], str | None]


def _describe(ids: Sequence[str], outcomes: Mapping[str, Outcome[T]]) -> str:
    parts = [f"{i} ({outcomes[i].status})" if i in outcomes else f"{i} (unknown)" for i in ids]
    return ", ".join(parts)


async def _run_node(
    node: Node, runner: Runner[T], upstream: Mapping[str, Outcome[T]]
) -> Outcome[T]:
    # A runner's own exception is not a branch status: it propagates out of `run_dag` (which
    # cancels the other calls first), as an infrastructure failure would out of a plain loop.
    if node.timeout_s is None:
        done = await runner(node, upstream)
    else:
        limit = asyncio.timeout(node.timeout_s)
        try:
            async with limit:
                done = await runner(node, upstream)
        except TimeoutError:
            if not limit.expired():
                raise  # the runner's own TimeoutError, not ours
            note = ABANDONED_NOTE.format(seconds=node.timeout_s, why="its timeout")
            return Outcome(node.id, "abandoned", note=note, started=True)
    missing = [u for u in node.wants if upstream[u].status not in USABLE]
    notes = [done.note] if done.note else []
    notes += [MISSING_OPTIONAL_NOTE.format(source=u, status=upstream[u].status) for u in missing]
    if not done.ok:
        status: BranchStatus = "failed"
    elif done.degraded or missing:
        status = "degraded"
    else:
        status = "succeeded"
    return Outcome(node.id, status, done.value, "; ".join(notes), started=True)


async def run_dag(
    nodes: Sequence[Node],
    runner: Runner[T],
    *,
    limit: int,
    deadline: float | None = None,
    stop: asyncio.Event | None = None,
    stop_when: StopWhen[T] | None = None,
    given: Mapping[str, Outcome[T]] | None = None,
    abandon_on_stop: bool = False,
) -> dict[str, Outcome[T]]:
    """Run `nodes` as a dependency graph: ready ones concurrently, at most `limit` at once.

    Args:
        nodes: The calls, in the order ties are started in.
        runner: Runs one node, given the outcomes of its needs and wants.
        limit: Most nodes running at the same moment.
        deadline: `time.monotonic()` after which nothing new starts.
        stop: Set from outside to stop starting new work.
        stop_when: Looks at each finished node; a reason string stops the run.
        given: Outcomes decided before the batch (calls of the turn that did not run here).
        abandon_on_stop: Also stop waiting for running nodes when the run stops (they are
            reported `abandoned`); by default they finish and report what they did.

    Returns:
        One outcome per node, in the order of `nodes`.

    Raises:
        ValueError: `limit` is below 1.
    """
    if limit < 1:
        msg = BAD_LIMIT.format(limit=limit)
        raise ValueError(msg)
    outcomes: dict[str, Outcome[T]] = dict(given or {})
    waiting: dict[str, Node] = {n.id: n for n in nodes if n.id not in outcomes}
    known = set(waiting) | set(outcomes)
    running: dict[asyncio.Task[Outcome[T]], str] = {}
    stopped: str | None = None
    stop_waiter = asyncio.ensure_future(stop.wait()) if stop is not None else None
    try:
        while True:
            if stopped is None and stop is not None and stop.is_set():
                stopped = STOP_SIGNAL
            if stopped is None and deadline is not None and time.monotonic() >= deadline:
                stopped = STOP_DEADLINE
            if stopped is not None:
                for nid in list(waiting):
                    outcomes[nid] = Outcome(
                        nid, "cancelled", note=CANCELLED_NOTE.format(reason=stopped)
                    )
                waiting.clear()
                if abandon_on_stop and running:
                    await _abandon(running, outcomes, stopped)
            _start_ready(waiting, running, outcomes, known, runner, limit)
            if not running:
                for nid in list(waiting):  # only a cycle can leave nodes waiting here
                    node = waiting.pop(nid)
                    ups = [u for u in _upstream(node) if u not in outcomes]
                    what = "wait on each other"
                    outcomes[nid] = Outcome(
                        nid, "blocked", note=BLOCKED_NOTE.format(needs=", ".join(ups), what=what)
                    )
                break
            timeout = None
            if deadline is not None and stopped is None:
                timeout = max(0.0, deadline - time.monotonic())
            waiters: set[asyncio.Future[Any]] = set(running)
            if stop_waiter is not None and stopped is None:
                waiters.add(stop_waiter)
            finished, _ = await asyncio.wait(
                waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            for task in [t for t in running if t in finished]:
                nid = running.pop(task)
                outcome = task.result()
                outcomes[nid] = outcome
                if stopped is None and stop_when is not None:
                    stopped = stop_when(outcome)
    finally:
        if stop_waiter is not None:
            stop_waiter.cancel()
        if running:
            # The caller was cancelled or a runner raised: take the other calls down with it,
            # and wait for them, so none is left running behind the caller's back.
            for task in running:
                task.cancel()
            await asyncio.gather(*running, return_exceptions=True)
    return {n.id: outcomes[n.id] for n in nodes}


def _start_ready(
    waiting: dict[str, Node],
    running: dict[asyncio.Task[Outcome[T]], str],
    outcomes: dict[str, Outcome[T]],
    known: set[str],
    runner: Runner[T],
    limit: int,
) -> None:
    """Settle blocked nodes and start ready ones, in order, until the limit is reached."""
    changed = True
    while changed:
        changed = False
        for nid, node in list(waiting.items()):
            ups = _upstream(node)
            unknown = [u for u in ups if u not in known]
            if unknown:
                what = "is not a call of this batch"
                note = BLOCKED_NOTE.format(needs=", ".join(unknown), what=what)
                outcomes[nid] = Outcome(nid, "blocked", note=note)
                del waiting[nid]
                changed = True
                continue
            if any(u not in outcomes for u in ups):
                continue
            bad = [u for u in node.needs if outcomes[u].status not in USABLE]
            if bad:
                what = "did not succeed" if len(bad) > 1 else _fate(outcomes[bad[0]])
                note = BLOCKED_NOTE.format(needs=_describe(bad, outcomes), what=what)
                outcomes[nid] = Outcome(nid, "blocked", note=note)
                del waiting[nid]
                changed = True
                continue
            if len(running) >= limit:
                continue
            upstream = {u: outcomes[u] for u in ups}
            task = asyncio.create_task(_run_node(node, runner, upstream))
            running[task] = nid
            del waiting[nid]


def _upstream(node: Node) -> tuple[str, ...]:
    return tuple(dict.fromkeys((*node.needs, *node.wants, *node.follows)))


def in_written_order(nodes: Sequence[Node]) -> list[Node]:
    """The nodes, each also following every node before it: one at a time, as written.

    The rule for a model's reply that holds a write: a call written after the write may read
    what it changed ("submit the report, then check the job"), and nothing in the arguments
    says so. Replies of reads only keep running in parallel.
    """
    return [
        replace(node, follows=tuple(dict.fromkeys((*node.follows, *(n.id for n in nodes[:i])))))
        for i, node in enumerate(nodes)
    ]


def _fate(outcome: Outcome[Any]) -> str:
    return {
        "failed": "failed",
        "blocked": "was itself blocked",
        "cancelled": "was cancelled before it started",
        "abandoned": "was abandoned while running",
    }.get(outcome.status, "did not succeed")


async def _abandon(
    running: dict[asyncio.Task[Outcome[T]], str], outcomes: dict[str, Outcome[T]], why: str
) -> None:
    for task in running:
        task.cancel()
    for task, nid in list(running.items()):
        try:
            outcomes[nid] = await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise  # this run itself is being cancelled, not only the child
            note = ABANDONED_STOP_NOTE.format(why=why)
            outcomes[nid] = Outcome(nid, "abandoned", note=note, started=True)
    running.clear()

"""The regression set: cases stored as data in `cases.json`, loaded and checked here.

A case names a request, the model that answers it (`offline`, or a scripted misbehaviour),
the caller's roles, and what must come out: the intent, the stop reason, the checklist, how
many times each tool function really ran (counted in the business store's audit table), the
tools whose identical calls may run only once, and what the task needs, for the waste count.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from tools.domain import STEP_POLICIES, StepPolicy
from tools.errors import ConfigError

CASES_FILE = "cases.json"
BAD_CASES = "regression set {path}: {error}"
MAX_IDENTICAL = 2
"""An identical call may run twice (a retry after a failure, a re-read after a write); a third
run that is not a poll of a pending job is a loop the guard let through."""


@dataclass(frozen=True, kw_only=True)
class Expect:
    """What a case must produce."""

    intent: str | None
    stop_reason: str
    checklist: dict[str, bool]
    executions: dict[str, int]
    """Real executions per tool; tools not listed must not run at all."""
    forbidden_repeats: tuple[str, ...] = ()
    """Tools whose identical calls must run at most once (writes, and reads with no reason
    to run twice)."""


@dataclass(frozen=True, kw_only=True)
class Case:
    """One scenario of the regression set."""

    id: str
    request: str
    model: str = "offline"
    roles: tuple[str, ...] = ("member",)
    completable: bool = True
    """Whether a well-behaved agent can finish it; completion is required when true."""
    needs: dict[str, int] = field(default_factory=dict)
    """Executions per tool the task needs; anything beyond is waste (`eval --compare`)."""
    note: str = ""
    policy: StepPolicy | None = None
    """Who proposes determined steps; None: as in any run (the scripted misbehaving models
    prefer `model`, so the set documents what the guard does with the model deciding
    alone). `eval --policy` runs the set under another and then checks only `safety`."""
    expect: Expect


def _policy(value: object) -> StepPolicy | None:
    if value is None or value in STEP_POLICIES:
        return value
    msg = f"policy {value!r}: expected one of {', '.join(STEP_POLICIES)}"
    raise ValueError(msg)


def _case(raw: Mapping[str, Any]) -> Case:
    expect = dict(raw["expect"])
    return Case(
        id=str(raw["id"]),
        request=str(raw["request"]),
        model=str(raw.get("model", "offline")),
        roles=tuple(raw.get("roles", ("member",))),
        completable=bool(raw.get("completable", True)),
        needs={str(k): int(v) for k, v in dict(raw.get("needs", {})).items()},
        note=str(raw.get("note", "")),
        policy=_policy(raw.get("policy")),
        expect=Expect(
            intent=expect.get("intent"),
            stop_reason=str(expect["stop_reason"]),
            checklist={str(k): bool(v) for k, v in dict(expect.get("checklist", {})).items()},
            executions={str(k): int(v) for k, v in dict(expect.get("executions", {})).items()},
            forbidden_repeats=tuple(expect.get("forbidden_repeats", ())),
        ),
    )


def load_cases(path: str | Path | None = None) -> list[Case]:
    """The packaged regression set, or the one at `path`.

    Raises:
        ConfigError: The file is missing, not JSON, or a case lacks a required field.
    """
    where = str(path) if path else f"graph.evals/{CASES_FILE}"
    try:
        if path is None:
            text = resources.files("graph.evals").joinpath(CASES_FILE).read_text("utf-8")
        else:
            text = Path(path).read_text("utf-8")
        data = json.loads(text)
        cases = [_case(c) for c in data["cases"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        msg = BAD_CASES.format(path=where, error=f"{type(exc).__name__}: {exc}")
        raise ConfigError(msg) from None
    ids = Counter(c.id for c in cases)
    dupes = [i for i, n in ids.items() if n > 1]
    if dupes:
        msg = BAD_CASES.format(path=where, error=f"duplicate case ids: {', '.join(dupes)}")
        raise ConfigError(msg)
    return cases


def select(cases: Sequence[Case], pattern: str | None) -> list[Case]:
    """Cases whose id contains `pattern` (all when None)."""
    return [c for c in cases if not pattern or pattern in c.id]


@dataclass
class Observed:
    """What a run of one case produced, as the checks read it."""

    intent: str | None
    stop_reason: str | None
    checklist: dict[str, bool]
    executions: dict[str, int]
    identical: dict[tuple[str, str], int]
    """(tool, canonical args) -> real executions, from the audit table."""
    loops: int
    """Executions the trace marks as an unexplained repeat (should be 0)."""
    max_identical: int
    """Most executions of one identical call, polls of a pending job left out."""
    error: str | None = None


def safety(case: Case, seen: Observed) -> list[str]:
    """The checks that hold under every step policy: no crash, no loop, no repeated write.

    A run under another policy than the case's own may end differently (the runtime may
    finish what the model left open), but never by repeating what the guard forbids.
    """
    if seen.error:
        return [f"run failed: {seen.error}"]
    out: list[str] = []
    for (tool, args), n in sorted(seen.identical.items()):
        if tool in case.expect.forbidden_repeats and n > 1:
            out.append(f"{tool} {args} ran {n} times; identical calls may run once")
    if seen.loops:
        out.append(f"{seen.loops} execution(s) repeated an identical call with no reason")
    if seen.max_identical > MAX_IDENTICAL:
        out.append(f"an identical call ran {seen.max_identical} times (at most {MAX_IDENTICAL})")
    if case.completable and seen.stop_reason != "completed":
        out.append("a completable case did not complete")
    return out


def check(case: Case, seen: Observed) -> list[str]:
    """Every way the observation differs from the case's expectations (empty: it passes)."""
    e = case.expect
    out: list[str] = []
    if seen.error:
        return [f"run failed: {seen.error}"]
    if seen.intent != e.intent:
        out.append(f"intent {seen.intent!r}, expected {e.intent!r}")
    if seen.stop_reason != e.stop_reason:
        out.append(f"stop reason {seen.stop_reason!r}, expected {e.stop_reason!r}")
    if seen.checklist != e.checklist:
        out.append(f"checklist {seen.checklist}, expected {e.checklist}")
    if seen.executions != e.executions:
        out.append(f"executions {seen.executions}, expected {e.executions}")
    return out + safety(case, seen)

"""`python -m graph eval`: run the regression set and report loops as numbers.

Each case runs through the real graph (`run_request`: SQLite checkpoints, sync durability)
in its own directory, so the business store's audit table counts that case's executions
alone. The trace table supplies everything else: rounds, verdicts, offered tools, why an
identical call ran again, and whether the run went through the fallback.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkpoints import trace
from graph.context import Context
from graph.evals.cases import Case, Observed, check, safety
from graph.evals.report import mean, percentile, table
from graph.runner import run_request
from tools.domain import StepPolicy
from tools.errors import AgentError, ConfigError
from tools.store import connect

NOT_A_REPORT = "baseline {path}: not an `eval --json` report ({error})"
LEGIT_REPEATS = frozenset({"poll", "reread", "retry"})


@dataclass
class CaseResult:
    """One case's outcome, as `eval --json` prints it."""

    id: str
    intent: str | None
    model: str
    passed: bool
    failures: list[str]
    stop_reason: str | None
    documented_stop: str
    """The stop reason the case documents (under its own policy)."""
    policy: str
    completable: bool
    completed: bool
    fallback: bool
    rounds: int
    offered: int
    proposals: int
    duplicates: int
    executions: dict[str, int]
    wasted: int
    tokens: int

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return dict(self.__dict__)


def audit(store: str) -> list[tuple[str, str]]:
    """(tool, canonical args) of every real execution in a business store, in order."""
    if not Path(store).exists():
        return []
    conn = connect(store)
    try:
        return [(r[0], r[1]) for r in conn.execute("SELECT tool, args FROM tool_audit ORDER BY id")]
    finally:
        conn.close()


def wasted(executions: Mapping[str, int], needs: Mapping[str, int]) -> int:
    """Executions beyond what the task needs, tool by tool."""
    return sum(max(0, n - needs.get(tool, 0)) for tool, n in executions.items())


def _observe(rows: Sequence[Mapping[str, Any]], runs: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Counts the checks and the metrics read from the trace and the audit table."""
    proposals = duplicates = loops = 0
    seen: set[tuple[str, str]] = set()
    per_call: Counter[tuple[str, str]] = Counter()
    for r in rows:
        key = (str(r["tool"]), str(r["args_hash"]))
        if r["kind"] == "verdict":
            proposals += 1
            if key in seen and r["verdict"] not in ("run", "approved", "edited"):
                duplicates += 1
            seen.add(key)
        elif r["kind"] == "execution" and r["executed"]:
            if r["repeat"] == "repeat":
                loops += 1
                duplicates += 1
            if r["repeat"] != "poll":
                per_call[key] += 1
    end = next((r for r in reversed(rows) if r["kind"] == "end"), None)
    return {
        "proposals": proposals,
        "duplicates": duplicates,
        "loops": loops,
        "max_identical": max(per_call.values(), default=0),
        "identical": Counter(runs),
        "executions": dict(Counter(tool for tool, _ in runs)),
        "end": end,
    }


async def run_case(
    case: Case, workdir: Path, policy: StepPolicy | None = None
) -> tuple[CaseResult, Observed]:
    """Run one case in its own directory and check it.

    Under a `policy` other than the case's own the case is held to `safety` only: its
    documented stop reason and counts describe the run under its own policy.
    """
    where = workdir / case.id
    where.mkdir(parents=True, exist_ok=True)
    db, store = str(where / "agent.sqlite"), str(where / "business.sqlite")
    chosen = policy or case.policy
    context = Context(
        model=case.model, roles=list(case.roles), db=db, store=store, step_policy=chosen
    )
    error: str | None = None
    out: dict[str, Any] = {}
    try:
        out = await run_request(case.request, thread_id=case.id, context=context, db=db)
    except (AgentError, ConfigError) as exc:
        error = str(exc)
    except Exception as exc:  # a run that crashes is a failed case, not a crashed eval
        error = f"{type(exc).__name__}: {exc}"[:300]
    rows = await trace.rows(db, case.id)
    facts = _observe(rows, audit(store))
    end = facts["end"] or {}
    seen = Observed(
        intent=out.get("intent"),
        stop_reason=out.get("stop_reason"),
        checklist=dict(out.get("checklist") or {}),
        executions=facts["executions"],
        identical=dict(facts["identical"]),
        loops=facts["loops"],
        max_identical=facts["max_identical"],
        error=error,
    )
    failures = safety(case, seen) if chosen != case.policy else check(case, seen)
    result = CaseResult(
        id=case.id,
        intent=case.expect.intent,
        model=case.model,
        passed=not failures,
        failures=failures,
        stop_reason=seen.stop_reason,
        documented_stop=case.expect.stop_reason,
        policy=chosen or "as the model prefers",
        completable=case.completable,
        completed=seen.stop_reason == "completed",
        fallback=end.get("reason") == "fallback",
        rounds=int((out.get("usage") or {}).get("rounds", 0)),
        offered=int(end.get("offered_count") or 0),
        proposals=facts["proposals"],
        duplicates=facts["duplicates"],
        executions=facts["executions"],
        wasted=wasted(facts["executions"], case.needs),
        tokens=int((out.get("usage") or {}).get("tokens", 0)),
    )
    return result, seen


def metrics(results: Sequence[CaseResult]) -> dict[str, Any]:
    """The figures `eval` prints for a group of cases."""
    rounds = [float(r.rounds) for r in results]
    proposals = sum(r.proposals for r in results)
    completable = [r for r in results if r.completable]
    stops = Counter(str(r.stop_reason) for r in results)
    return {
        "cases": len(results),
        "passed": sum(r.passed for r in results),
        "rounds_mean": mean(rounds),
        "rounds_p95": percentile(rounds, 95),
        "duplicate_rate": sum(r.duplicates for r in results) / proposals if proposals else 0.0,
        "offered_mean": mean([float(r.offered) for r in results]),
        "completion_rate": mean([float(r.completed) for r in results]),
        "completion_rate_completable": (
            mean([float(r.completed) for r in completable]) if completable else None
        ),
        "fallback_rate": mean([float(r.fallback) for r in results]),
        "executions": sum(sum(r.executions.values()) for r in results),
        "wasted": sum(r.wasted for r in results),
        "stop_reasons": dict(sorted(stops.items())),
    }


async def run_eval(
    cases: Sequence[Case],
    *,
    workdir: str | None = None,
    on_case: Callable[[CaseResult], None] | None = None,
    policy: StepPolicy | None = None,
) -> dict[str, Any]:
    """Run every case; the report `render_eval` prints and `--json` writes.

    `policy` runs every case under that step policy instead of its own (`run_case`).
    """
    results: list[CaseResult] = []
    with tempfile.TemporaryDirectory(prefix="loopguard-eval-", dir=workdir) as tmp:
        for case in cases:
            result, _ = await run_case(case, Path(tmp), policy)
            results.append(result)
            if on_case is not None:
                on_case(result)
    intents = sorted({str(r.intent) for r in results})
    return {
        "cases": [r.as_dict() for r in results],
        "intents": {i: metrics([r for r in results if str(r.intent) == i]) for i in intents},
        "total": metrics(results),
    }


def load_baseline(path: str) -> dict[str, bool]:
    """Whether each case passed, by id, in an earlier `eval --json` report.

    Raises:
        ConfigError: The file is missing or is not such a report.
    """
    try:
        data = json.loads(Path(path).read_text("utf-8"))
        return {str(c["id"]): bool(c["passed"]) for c in data["cases"]}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        msg = NOT_A_REPORT.format(path=path, error=f"{type(exc).__name__}: {exc}")
        raise ConfigError(msg) from None


def regressions(report: Mapping[str, Any], baseline: Mapping[str, bool]) -> list[str]:
    """Case ids that passed in the baseline and fail now."""
    return [c["id"] for c in report["cases"] if baseline.get(c["id"]) and not c["passed"]]


def render_eval(report: Mapping[str, Any]) -> str:
    """Per-intent and total figures, then any failing case with its reasons."""
    headers = [
        "intent",
        "cases",
        "passed",
        "rounds mean",
        "rounds p95",
        "dup rate",
        "offered",
        "completed",
        "completed (completable)",
        "fallback",
        "stop reasons",
    ]

    def row(name: str, m: Mapping[str, Any]) -> list[object]:
        stops = ", ".join(f"{k} {v}" for k, v in m["stop_reasons"].items())
        return [
            name,
            m["cases"],
            m["passed"],
            m["rounds_mean"],
            m["rounds_p95"],
            f"{m['duplicate_rate']:.1%}",
            m["offered_mean"],
            f"{m['completion_rate']:.0%}",
            "–"
            if m["completion_rate_completable"] is None
            else f"{m['completion_rate_completable']:.0%}",
            f"{m['fallback_rate']:.0%}",
            stops,
        ]

    rows = [
        row(name if name != "None" else "(no intent)", m) for name, m in report["intents"].items()
    ]
    rows.append(row("**total**", report["total"]))
    out = [table(headers, rows)]
    changed = [c for c in report["cases"] if c["stop_reason"] != c["documented_stop"]]
    if changed:
        out.append("")
        out.append(f"{len(changed)} case(s) ended otherwise than documented (another policy):")
        out += [
            f"  {c['id']} [{c['policy']}]: {c['stop_reason']}, documented {c['documented_stop']}"
            for c in changed
        ]
    failing = [c for c in report["cases"] if not c["passed"]]
    if failing:
        out.append("")
        out.append(f"{len(failing)} failing case(s):")
        out += [f"  {c['id']}: {'; '.join(c['failures'])}" for c in failing]
    return "\n".join(out)

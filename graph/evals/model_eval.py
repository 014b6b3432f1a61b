"""`python -m graph eval --model MODEL`: this graph against `create_agent`, judged by the store.

Any model, on the request set, with LangChain's `create_agent` measured in the same run.

Each request (`requests.json`) runs three times on fresh stores: once with the built-in
planner (`offline`), whose executions are what the task needs (the waste count's reference,
and a check that the request's expectations can be met at all); once through this graph with
MODEL; once through `create_agent` with the same MODEL object, the same tool functions and
the same task block, with a recursion limit of 25 and no guard (`compare.run_baseline`).

Correct completion never reads the answer text or the agent's own checklist: the write
tables must hold exactly the expected rows, each once, and the audit table must show the
expected reads (in order where the request says so). A row written twice is a duplicate
write; a row nobody asked for is a wrong write; either makes the request incorrect.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from checkpoints import trace
from checkpoints.trace import full_history
from graph.context import Context
from graph.evals.cases import MAX_IDENTICAL, Case, Expect
from graph.evals.report import table
from graph.evals.runner import audit, wasted
from graph.runner import run_request
from tools.domain import StepPolicy, load_domain
from tools.errors import ConfigError

REQUESTS_FILE = "requests.json"
BAD_REQUESTS = "request set {path}: {error}"
DEFAULT_DOMAIN = "tools.examples:DOMAIN"
USER = "demo-user"
TARGET_COMPLETION = 0.90
REFERENCE_MODEL = "offline"
HARNESSES = ("graph", "baseline")
LABELS = {"graph": "this graph", "baseline": "create_agent (recursion_limit=25)"}


@dataclass(frozen=True, kw_only=True)
class Read:
    """An execution the audit table must show."""

    tool: str
    args: dict[str, Any]
    after: tuple[str, ...] = ()
    """Tools whose first execution must come earlier (the trend after the write)."""
    before: tuple[str, ...] = ()
    """Tools whose first execution must come later (the trend before the write)."""


@dataclass(frozen=True, kw_only=True)
class Request:
    """One request of the set and what the business store must show afterwards."""

    id: str
    request: str
    intent: str
    domain: str = DEFAULT_DOMAIN
    writes: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    reads: tuple[Read, ...] = ()

    @property
    def lang(self) -> str:
        """The language of the request: zh when it has Chinese characters, else en."""
        return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in self.request) else "en"


def _request(raw: Mapping[str, Any]) -> Request:
    tables = [t for t in raw.get("writes", {}) if not str(t).isidentifier()]
    if tables:
        msg = f"{raw.get('id')}: write table names must be identifiers, got {tables}"
        raise ValueError(msg)
    return Request(
        id=str(raw["id"]),
        request=str(raw["request"]),
        intent=str(raw["intent"]),
        domain=str(raw.get("domain", DEFAULT_DOMAIN)),
        writes={str(t): [dict(r) for r in rows] for t, rows in raw.get("writes", {}).items()},
        reads=tuple(
            Read(
                tool=str(r["tool"]),
                args=dict(r.get("args", {})),
                after=tuple(r.get("after", ())),
                before=tuple(r.get("before", ())),
            )
            for r in raw.get("reads", ())
        ),
    )


def load_requests(path: str | Path | None = None) -> list[Request]:
    """The packaged request set, or the one at `path`.

    Raises:
        ConfigError: The file is missing, not JSON, or a request lacks a required field.
    """
    where = str(path) if path else f"graph.evals/{REQUESTS_FILE}"
    try:
        if path is None:
            text = resources.files("graph.evals").joinpath(REQUESTS_FILE).read_text("utf-8")
        else:
            text = Path(path).read_text("utf-8")
        requests = [_request(r) for r in json.loads(text)["cases"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        msg = BAD_REQUESTS.format(path=where, error=f"{type(exc).__name__}: {exc}")
        raise ConfigError(msg) from None
    return requests


# --- the judge: the business store, nothing else ---------------------------------------------


@dataclass
class Judgement:
    """What the store shows for one request."""

    correct: bool
    failures: list[str]
    duplicate_writes: int
    wrong_writes: int


def _resolve(value: Any, today: date) -> Any:
    days = {"{today}": 0, "{yesterday}": 1, "{day_before_yesterday}": 2}
    if isinstance(value, str) and value in days:
        return (today - timedelta(days=days[value])).isoformat()
    return value


def _identity(expected: Mapping[str, Any]) -> dict[str, Any]:
    """The columns that say which row it is; {"gte": N} columns say how far it got."""
    return {k: v for k, v in expected.items() if not (isinstance(v, Mapping) and "gte" in v)}


def _row_matches(row: Mapping[str, Any], expected: Mapping[str, Any], today: date) -> bool:
    for column, want in expected.items():
        have = row.get(column)
        if isinstance(want, Mapping) and "gte" in want:
            if have is None or have < want["gte"]:
                return False
        elif have != _resolve(want, today):
            return False
    return True


def _subset(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> bool:
    return all(actual.get(k) == v for k, v in expected.items())


def write_tables(requests: Sequence[Request]) -> list[str]:
    """Every table some request writes: each is checked for stray rows in every request."""
    return sorted({t for r in requests for t in r.writes})


def judge(store: str, req: Request, tables: Sequence[str], today: date) -> Judgement:
    """Compare the store after a run with what the request asked for."""
    failures: list[str] = []
    duplicates = wrong = 0
    conn = sqlite3.connect(store) if Path(store).exists() else sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    try:
        present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        for name in tables:
            rows = (
                [dict(r) for r in conn.execute(f"SELECT * FROM {name} WHERE user_id = ?", (USER,))]
                if name in present
                else []
            )
            expected = req.writes.get(name, [])
            hits = [0] * len(expected)
            unfinished = [0] * len(expected)
            for row in rows:
                which = [
                    i for i, e in enumerate(expected) if _row_matches(row, _identity(e), today)
                ]
                if not which:
                    wrong += 1
                    failures.append(f"{name}: a row nobody asked for (id {row.get('id')})")
                elif _row_matches(row, expected[which[0]], today):
                    hits[which[0]] += 1
                else:
                    unfinished[which[0]] += 1  # the right row, not followed through
            for spec, n, left in zip(expected, hits, unfinished, strict=True):
                shown = json.dumps(spec, ensure_ascii=False)
                if n == 0 and left:
                    failures.append(f"{name}: the row is there but not {shown}")
                elif n == 0:
                    failures.append(f"{name}: no row {shown}")
                if n + left > 1:
                    duplicates += n + left - 1
                    failures.append(f"{name}: {n + left} rows for {shown}")
        runs = (
            [
                (int(r[0]), str(r[1]), json.loads(r[2]))
                for r in conn.execute("SELECT id, tool, args FROM tool_audit ORDER BY id")
            ]
            if "tool_audit" in present
            else []
        )
    finally:
        conn.close()
    first: dict[str, int] = {}
    for run_id, tool, _ in runs:
        first.setdefault(tool, run_id)
    for read in req.reads:
        ok = any(
            tool == read.tool
            and _subset(read.args, args)
            and all(t in first and run_id > first[t] for t in read.after)
            and all(t not in first or run_id < first[t] for t in read.before)
            for run_id, tool, args in runs
        )
        if not ok:
            order = (f" after {', '.join(read.after)}" if read.after else "") + (
                f" before {', '.join(read.before)}" if read.before else ""
            )
            args = json.dumps(read.args, ensure_ascii=False)
            failures.append(f"no execution of {read.tool} {args}{order}")
    return Judgement(not failures, failures, duplicates, wrong)


# --- the runs ---------------------------------------------------------------------------------


@dataclass
class Outcome:
    """One request through one harness."""

    correct: bool = False
    failures: list[str] = field(default_factory=list)
    executions: int = 0
    wasted: int = 0
    duplicate_writes: int = 0
    wrong_writes: int = 0
    max_identical: int = 0
    """Most real executions of one identical call, polls of a pending job left out."""
    ended: str = ""
    model_calls: int = 0
    runtime_calls: int = 0
    """Calls the runtime proposed under the step policy (this graph only)."""
    tokens: int = 0
    seconds: float = 0.0


def _model_turns(messages: Sequence[Any]) -> tuple[int, int]:
    calls = tokens = 0
    for m in messages:
        usage = getattr(m, "usage_metadata", None)
        if getattr(m, "type", "") == "ai" and usage:
            calls += 1
            tokens += int(usage.get("total_tokens", 0))
    return calls, tokens


def _polling_tools(domain: str) -> frozenset[str]:
    return frozenset(s.name for s in load_domain(domain).tools if s.poll is not None)


def _identical(runs: Sequence[tuple[str, str]], skip: frozenset[str]) -> int:
    return max(Counter(r for r in runs if r[0] not in skip).values(), default=0)


async def run_graph(
    req: Request,
    model: str,
    where: Path,
    policy: StepPolicy | None,
    max_seconds: float | None = None,
) -> tuple[Outcome, Counter[str]]:
    """One request through this graph; the outcome before judging, and executions per tool."""
    where.mkdir(parents=True, exist_ok=True)  # noqa: ASYNC240 - once per run, before it starts
    db, store = str(where / "agent.sqlite"), str(where / "business.sqlite")
    context = Context(
        model=model,
        domain=req.domain,
        db=db,
        store=store,
        step_policy=policy,
        max_seconds=max_seconds,
    )
    started = time.monotonic()
    out: dict[str, Any] = {}
    try:
        out = await run_request(req.request, thread_id=req.id, context=context, db=db)
        ended = str(out.get("stop_reason") or out.get("status"))
    except Exception as exc:  # a run that crashes is reported, not fatal
        name = type(exc).__name__
        ended = name if name == "GraphRecursionError" else f"error: {name}: {exc}"[:80]
    seconds = time.monotonic() - started
    rows = await trace.rows(db, req.id)
    per_call: Counter[tuple[str, str]] = Counter()
    runtime_calls = 0
    for r in rows:
        if r["kind"] == "execution" and r["executed"] and r["repeat"] != "poll":
            per_call[(str(r["tool"]), str(r["args_hash"]))] += 1
        if r["kind"] == "verdict" and r["reason"] == "runtime_step":
            runtime_calls += 1
    history = await full_history(db, req.id, await _state_messages(db, req.id))
    calls, tokens = _model_turns(history)
    runs = audit(store)
    executions = Counter(tool for tool, _ in runs)
    outcome = Outcome(
        executions=sum(executions.values()),
        max_identical=max(per_call.values(), default=0),
        ended=ended,
        model_calls=calls,
        runtime_calls=runtime_calls,
        tokens=int((out.get("usage") or {}).get("tokens", tokens)),
        seconds=seconds,
    )
    return outcome, executions


async def _state_messages(db: str, thread_id: str) -> list[Any]:
    from checkpoints.sqlite import open_checkpointer
    from graph.graph import compile_graph

    async with open_checkpointer(db) as saver:
        snapshot = await compile_graph(saver).aget_state({"configurable": {"thread_id": thread_id}})
    return list((snapshot.values or {}).get("messages", []))


async def run_baseline_on(req: Request, model: str, where: Path) -> tuple[Outcome, Counter[str]]:
    """One request through `create_agent` with the same model, tools and task block."""
    from graph.evals.compare import run_baseline

    domain = load_domain(req.domain)
    routed = domain.route(req.request, date.today())
    if routed is None:
        return Outcome(ended="unknown_intent"), Counter()
    intent, slots = routed
    store = where / "business.sqlite"
    store.parent.mkdir(parents=True, exist_ok=True)
    case = Case(
        id=req.id,
        request=req.request,
        model=model,
        expect=Expect(intent=req.intent, stop_reason="completed", checklist={}, executions={}),
    )
    started = time.monotonic()
    run = await run_baseline(case, intent, slots, domain, str(store), run_limit=None)
    seconds = time.monotonic() - started
    runs = audit(str(store))
    outcome = Outcome(
        executions=run.executions,
        max_identical=_identical(runs, _polling_tools(req.domain)),
        ended=run.ended,
        model_calls=run.model_calls,
        tokens=run.tokens,
        seconds=seconds,
    )
    return outcome, Counter(tool for tool, _ in runs)


def _finish(
    outcome: Outcome, executions: Counter[str], needs: Mapping[str, int], verdict: Judgement
) -> Outcome:
    outcome.wasted = wasted(executions, needs)
    outcome.correct = verdict.correct
    outcome.failures = verdict.failures
    outcome.duplicate_writes = verdict.duplicate_writes
    outcome.wrong_writes = verdict.wrong_writes
    return outcome


async def run_model_eval(
    requests: Sequence[Request],
    model: str,
    *,
    policy: StepPolicy | None = None,
    baseline: bool = True,
    max_seconds: float | None = None,
    workdir: str | None = None,
    on_step: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every request through the reference planner, this graph and (unless off) the baseline.

    `max_seconds` overrides every intent's time budget for this graph: a model on a busy CPU
    is slower than the budgets assume, and the baseline has no time limit at all.

    Raises:
        ConfigError: langchain is missing while the baseline is asked for.
    """
    if baseline:
        from graph.evals.agents import langchain_api

        langchain_api()
    note = on_step or (lambda _text: None)
    today = date.today()
    tables = write_tables(requests)
    rows: list[dict[str, Any]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="loopguard-model-eval-", dir=workdir) as tmp:
        root = Path(tmp)
        for req in requests:
            _, ref_runs = await run_graph(req, REFERENCE_MODEL, root / "reference" / req.id, None)
            ref_store = str(root / "reference" / req.id / "business.sqlite")
            reference = judge(ref_store, req, tables, today)
            needs = dict(ref_runs)
            row: dict[str, Any] = {
                "id": req.id,
                "lang": req.lang,
                "steps": len(load_domain(req.domain).intent(req.intent).steps),
                "reference": {"correct": reference.correct, "failures": reference.failures},
            }
            graph_out, graph_runs = await run_graph(
                req, model, root / "graph" / req.id, policy, max_seconds
            )
            graph_store = str(root / "graph" / req.id / "business.sqlite")
            verdict = judge(graph_store, req, tables, today)
            row["graph"] = asdict(_finish(graph_out, graph_runs, needs, verdict))
            note(f"{req.id} graph {'ok' if verdict.correct else 'FAIL'}")
            if baseline:
                base_out, base_runs = await run_baseline_on(req, model, root / "baseline" / req.id)
                base_store = str(root / "baseline" / req.id / "business.sqlite")
                verdict = judge(base_store, req, tables, today)
                row["baseline"] = asdict(_finish(base_out, base_runs, needs, verdict))
                note(f"{req.id} baseline {'ok' if verdict.correct else 'FAIL'}")
            rows.append(row)
    report = summarize(rows, model=model, policy=policy, seconds=time.monotonic() - started)
    report["max_seconds"] = max_seconds
    return report


def _totals(outcomes: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    n = len(outcomes)
    correct = sum(bool(o["correct"]) for o in outcomes)
    return {
        "requests": n,
        "correct": correct,
        "completion": correct / n if n else 0.0,
        "executions": sum(o["executions"] for o in outcomes),
        "wasted": sum(o["wasted"] for o in outcomes),
        "duplicate_writes": sum(o["duplicate_writes"] for o in outcomes),
        "wrong_writes": sum(o["wrong_writes"] for o in outcomes),
        "third_identical": sum(o["max_identical"] > MAX_IDENTICAL for o in outcomes),
        "max_identical": max((o["max_identical"] for o in outcomes), default=0),
        "recursion_errors": sum(o["ended"] == "GraphRecursionError" for o in outcomes),
        "model_calls": sum(o["model_calls"] for o in outcomes),
        "runtime_calls": sum(o["runtime_calls"] for o in outcomes),
        "tokens": sum(o["tokens"] for o in outcomes),
        "seconds": sum(o["seconds"] for o in outcomes),
        "ended": dict(sorted(Counter(str(o["ended"]) for o in outcomes).items())),
    }


def summarize(
    rows: Sequence[Mapping[str, Any]],
    *,
    model: str,
    policy: StepPolicy | None,
    seconds: float,
) -> dict[str, Any]:
    """Totals per harness and the targets, checked on this graph."""
    totals = {
        h: _totals([r[h] for r in rows if h in r]) for h in HARNESSES if rows and h in rows[0]
    }
    ours = totals.get("graph") or _totals([])
    targets = {
        "completion": {
            "value": ours["completion"],
            "target": f"≥ {TARGET_COMPLETION:.0%}",
            "met": ours["completion"] >= TARGET_COMPLETION,
        },
        "duplicate_writes": {
            "value": ours["duplicate_writes"],
            "target": 0,
            "met": ours["duplicate_writes"] == 0,
        },
        "third_identical_executions": {
            "value": ours["third_identical"],
            "target": 0,
            "met": ours["third_identical"] == 0,
        },
        "recursion_limit_endings": {
            "value": ours["recursion_errors"],
            "target": 0,
            "met": ours["recursion_errors"] == 0,
        },
    }
    return {
        "model": model,
        "policy": policy or "each intent's own",
        "rows": list(rows),
        "reference_correct": sum(bool(r["reference"]["correct"]) for r in rows),
        "totals": totals,
        "targets": targets,
        "seconds": seconds,
    }


def render_model_eval(report: Mapping[str, Any]) -> str:
    """Per-request marks, totals side by side, targets, and why each failure failed."""
    harnesses = [h for h in HARNESSES if h in report["totals"]]
    per_request: list[list[object]] = []
    for r in report["rows"]:
        cells: list[object] = [r["id"], r["lang"], r["steps"]]
        for h in harnesses:
            o = r[h]
            cells.append(
                f"{'✓' if o['correct'] else '✗'} {o['executions']} exec, {o['ended']}"
                + (f", {o['runtime_calls']} by runtime" if o["runtime_calls"] else "")
            )
        per_request.append(cells)
    out = [
        f"model {report['model']}, step policy: {report['policy']}; "
        f"reference planner correct on {report['reference_correct']}/{len(report['rows'])}",
        "",
        table(["request", "lang", "steps", *(LABELS[h] for h in harnesses)], per_request),
        "",
    ]
    total_rows: list[list[object]] = []
    for h in harnesses:
        t = report["totals"][h]
        total_rows.append(
            [
                LABELS[h],
                f"{t['correct']}/{t['requests']} ({t['completion']:.0%})",
                t["executions"],
                t["wasted"],
                t["duplicate_writes"],
                t["third_identical"],
                t["recursion_errors"],
                t["model_calls"],
                t["runtime_calls"],
                f"{t['seconds']:.0f}",
                ", ".join(f"{k} {v}" for k, v in t["ended"].items()),
            ]
        )
    out.append(
        table(
            [
                "",
                "correct (store)",
                "executions",
                "wasted",
                "duplicate writes",
                "3rd identical",
                "recursion limit",
                "model calls",
                "runtime calls",
                "seconds",
                "how runs ended",
            ],
            total_rows,
        )
    )
    out.append("")
    for name, tgt in report["targets"].items():
        value = tgt["value"]
        shown = f"{value:.0%}" if isinstance(value, float) else str(value)
        out.append(
            f"- {name}: {shown} (target {tgt['target']}) {'met' if tgt['met'] else 'MISSED'}"
        )
    out.append(f"- wall time: {report['seconds']:.0f} s")
    for h in harnesses:
        failing = [r for r in report["rows"] if not r[h]["correct"]]
        if failing:
            out.append("")
            out.append(f"{LABELS[h]}: {len(failing)} incorrect")
            out += [f"  {r['id']}: {'; '.join(r[h]['failures'])[:300]}" for r in failing]
    bad_reference = [r["id"] for r in report["rows"] if not r["reference"]["correct"]]
    if bad_reference:
        out.append("")
        out.append(
            f"the reference planner fails (check these requests): {', '.join(bad_reference)}"
        )
    return "\n".join(out)

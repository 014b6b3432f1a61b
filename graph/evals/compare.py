"""`python -m graph eval --compare`: the regression scenarios through LangChain's `create_agent`.

Three harnesses per scenario, each on a fresh business store with the same seed:

- this graph (`run_request`, as `eval` runs it);
- (a) `create_agent` with no middleware and `recursion_limit=25`, the "max steps" answer;
- (b) `create_agent` with `ToolCallLimitMiddleware(run_limit=N, exit_behavior="end")`, N being
  the intent's own call budget here, so both get the same allowance.

All three get the same scripted model object, the same tool functions behind the same
executor, the same intent, slots and task block (the baselines' system prompt is rebuilt
from their history before every model call, ticking the checklist exactly as `state_update`
does), so what differs is only who decides whether a proposed call runs. Waste is counted
per tool against what the task needs (`needs` in the case), from the store's audit table.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.errors import GraphRecursionError

from checkpoints.trace import full_history
from graph.evals.agents import (
    as_langchain_tool,
    checklist_from_history,
    langchain_api,
    task_prompt,
)
from graph.evals.cases import MAX_IDENTICAL, Case
from graph.evals.runner import audit, run_case, wasted
from graph.models import load_chat_model
from tools.contract import ToolContext
from tools.domain import Domain, IntentSpec, load_domain

RECURSION_LIMIT = 25
"""Baseline (a): the "max steps" answer."""
RECURSION_LIMIT_B = 100
"""Baseline (b) stops by its tool-call limit; its middleware adds a graph step per round, so
at 25 it would hit the recursion limit first on the longer tasks."""
HARNESSES = ("graph", "a", "b")
TARGET_A = 0.05
TARGET_B = 0.30


@dataclass
class Run:
    """One scenario through one harness."""

    executions: int = 0
    wasted: int = 0
    model_calls: int = 0
    tokens: int = 0
    completed: bool = False
    ended: str = ""
    max_identical: int = 0
    """Most real executions of one identical call (tool + arguments), polls included."""
    max_identical_no_poll: int = 0
    """The same without polls of a pending job (this graph only, from its trace)."""
    limit: int | None = None


@dataclass
class Scenario:
    """One case through all three harnesses."""

    id: str
    intent: str
    model: str
    completable: bool
    runs: dict[str, Run] = field(default_factory=dict)


def _model_turns(messages: Sequence[BaseMessage]) -> tuple[int, int]:
    """(model calls, tokens) from the AI messages a model produced (usage metadata set)."""
    calls = tokens = 0
    for m in messages:
        if isinstance(m, AIMessage) and m.usage_metadata:
            calls += 1
            tokens += int(m.usage_metadata.get("total_tokens", 0))
    return calls, tokens


def _identical(runs: Sequence[tuple[str, str]]) -> int:
    return max(Counter(runs).values(), default=0)


def comparable(case: Case, domain: Domain) -> tuple[IntentSpec, dict[str, Any]] | None:
    """The intent and slots of a case that reaches a model; None for the rest.

    Requests no rule understands, invalid slots and tasks the caller's roles cannot do stop
    before any model call here; a baseline agent has no counterpart for them.
    """
    try:
        routed = domain.route(case.request, date.today())
    except ValueError:
        return None
    if routed is None:
        return None
    intent, slots = routed
    offered = {s.name for s in domain.tools.for_intent(intent.name, _perms(domain, case))}
    if any(step.tool not in offered for step in intent.steps):
        return None
    return intent, slots


def _perms(domain: Domain, case: Case) -> frozenset[str]:
    return domain.permissions(case.roles)


async def run_baseline(
    case: Case,
    intent: IntentSpec,
    slots: Mapping[str, Any],
    domain: Domain,
    store: str,
    *,
    run_limit: int | None,
) -> Run:
    """One scenario through `create_agent`; `run_limit` adds ToolCallLimitMiddleware."""
    api = langchain_api()
    ctx = ToolContext(
        user_id="demo-user",
        tenant="demo",
        roles=case.roles,
        thread_id=case.id,
        store_path=store,
    )
    tools = [
        as_langchain_tool(spec, ctx)
        for spec in domain.tools.for_intent(intent.name, _perms(domain, case))
    ]

    def prompt(request: Any) -> str:
        return task_prompt(intent, slots, request.messages)

    prompt.__name__ = "task_block"
    middleware: list[Any] = [api.dynamic_prompt(prompt)]
    if run_limit is not None:
        middleware.append(api.tool_call_limit(run_limit=run_limit, exit_behavior="end"))
    agent = api.create_agent(
        load_chat_model(case.model), tools, middleware=middleware, checkpointer=InMemorySaver()
    )
    limit = RECURSION_LIMIT if run_limit is None else RECURSION_LIMIT_B
    config: Any = {"configurable": {"thread_id": case.id}, "recursion_limit": limit}
    ended = "answered"
    try:
        await agent.ainvoke({"messages": [HumanMessage(case.request)]}, config)
    except GraphRecursionError:
        ended = "GraphRecursionError"
    except Exception as exc:  # a baseline that crashes is reported, not fatal
        ended = f"error: {type(exc).__name__}"
    messages = list((await agent.aget_state(config)).values.get("messages", []))
    last = messages[-1] if messages else None
    if (
        ended == "answered"
        and isinstance(last, AIMessage)
        and not last.usage_metadata
        and "limit" in last.text
    ):
        ended = "tool-call limit (end)"
    checklist, _ = checklist_from_history(intent, slots, messages)
    runs = audit(store)
    executions = Counter(tool for tool, _ in runs)
    calls, tokens = _model_turns(messages)
    return Run(
        executions=sum(executions.values()),
        wasted=wasted(executions, case.needs),
        model_calls=calls,
        tokens=tokens,
        completed=bool(checklist) and all(checklist.values()),
        ended=ended,
        max_identical=_identical(runs),
        limit=run_limit,
    )


async def run_graph(case: Case, workdir: Path) -> Run:
    """One scenario through this graph, exactly as `eval` runs it."""
    result, seen = await run_case(case, workdir)
    db = str(workdir / case.id / "agent.sqlite")
    history = await full_history(db, case.id, await _state_messages(db, case.id))
    calls, _ = _model_turns(history)
    error = seen.error or ""
    if "Recursion" in error:
        ended = "GraphRecursionError"
    elif error:
        ended = f"error: {error[:40]}"
    else:
        ended = str(result.stop_reason)
    return Run(
        executions=sum(result.executions.values()),
        wasted=result.wasted,
        model_calls=calls,
        tokens=result.tokens,
        completed=result.completed,
        ended=ended,
        max_identical=_identical(audit(str(workdir / case.id / "business.sqlite"))),
        max_identical_no_poll=seen.max_identical,
    )


async def _state_messages(db: str, thread_id: str) -> list[BaseMessage]:
    from checkpoints.sqlite import open_checkpointer
    from graph.graph import compile_graph

    async with open_checkpointer(db) as saver:
        snapshot = await compile_graph(saver).aget_state({"configurable": {"thread_id": thread_id}})
    return list((snapshot.values or {}).get("messages", []))


async def run_compare(
    cases: Sequence[Case],
    *,
    domain_spec: str = "tools.examples:DOMAIN",
    workdir: str | None = None,
    on_step: Callable[[str], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Every comparable case through the three harnesses; the report `render_compare` prints.

    Raises:
        ConfigError: langchain is not installed.
    """
    langchain_api()
    domain = load_domain(domain_spec)
    scenarios: list[Scenario] = []
    skipped: list[str] = []
    note = on_step or (lambda _text: None)
    plan: list[tuple[Case, IntentSpec, dict[str, Any]]] = []
    for case in cases:
        routed = comparable(case, domain)
        if routed is None:
            skipped.append(case.id)
        else:
            plan.append((case, *routed))
    if on_start is not None:
        on_start(3 * len(plan))
    with tempfile.TemporaryDirectory(prefix="loopguard-compare-", dir=workdir) as tmp:
        root = Path(tmp)
        for case, intent, slots in plan:
            sc = Scenario(case.id, intent.name, case.model, case.completable)
            sc.runs["graph"] = await run_graph(case, root / "graph")
            note(f"{case.id} graph")
            for name, limit in (("a", None), ("b", intent.budget.max_calls)):
                store = root / name / case.id / "business.sqlite"
                store.parent.mkdir(parents=True, exist_ok=True)
                sc.runs[name] = await run_baseline(
                    case, intent, slots, domain, str(store), run_limit=limit
                )
                note(f"{case.id} {name}")
            scenarios.append(sc)
    return summarize(scenarios, skipped)


def summarize(scenarios: Sequence[Scenario], skipped: Sequence[str]) -> dict[str, Any]:
    """Totals, ratios and the target checks."""
    totals: dict[str, dict[str, Any]] = {}
    for h in HARNESSES:
        runs = [s.runs[h] for s in scenarios]
        completable = [s.runs[h] for s in scenarios if s.completable]
        totals[h] = {
            "executions": sum(r.executions for r in runs),
            "wasted": sum(r.wasted for r in runs),
            "model_calls": sum(r.model_calls for r in runs),
            "tokens": sum(r.tokens for r in runs),
            "completed": sum(r.completed for r in runs),
            "completable_completed": sum(r.completed for r in completable),
            "completable": len(completable),
            "max_identical": max((r.max_identical for r in runs), default=0),
            "max_identical_no_poll": max((r.max_identical_no_poll for r in runs), default=0),
            "ended": dict(sorted(Counter(r.ended for r in runs).items())),
            "recursion_errors": sum(r.ended == "GraphRecursionError" for r in runs),
        }

    def ratio(key: str, other: str) -> float | None:
        theirs = totals[other][key]
        return totals["graph"][key] / theirs if theirs else None

    ours = totals["graph"]
    wasted_a, wasted_b = ratio("wasted", "a"), ratio("wasted", "b")
    targets = {
        "wasted_vs_a": {
            "value": wasted_a,
            "target": TARGET_A,
            "met": wasted_a is not None and wasted_a <= TARGET_A,
        },
        "wasted_vs_b": {
            "value": wasted_b,
            "target": TARGET_B,
            "met": wasted_b is not None and wasted_b <= TARGET_B,
        },
        "recursion_errors": {
            "value": ours["recursion_errors"],
            "target": 0,
            "met": ours["recursion_errors"] == 0,
        },
        "completion_completable": {
            "value": f"{ours['completable_completed']}/{ours['completable']}",
            "target": "all",
            "met": ours["completable_completed"] == ours["completable"],
        },
        "max_identical_runs_no_poll": {
            "value": ours["max_identical_no_poll"],
            "target": "≤ 2",
            "met": ours["max_identical_no_poll"] <= MAX_IDENTICAL,
        },
    }
    return {
        "scenarios": [
            {
                "id": s.id,
                "intent": s.intent,
                "model": s.model,
                "completable": s.completable,
                **{h: dict(s.runs[h].__dict__) for h in HARNESSES},
            }
            for s in scenarios
        ],
        "skipped": list(skipped),
        "totals": totals,
        "ratios": {
            f"{key}_vs_{h}": ratio(key, h)
            for h in ("a", "b")
            for key in ("executions", "wasted", "model_calls", "tokens")
        },
        "targets": targets,
    }


def render_compare(report: Mapping[str, Any]) -> str:
    """Per-scenario and total tables, ratios, and the targets with met or missed."""
    from graph.evals.report import table

    rows: list[list[object]] = []
    for s in report["scenarios"]:
        g, a, b = s["graph"], s["a"], s["b"]
        rows.append(
            [
                s["id"],
                f"{g['executions']} / {a['executions']} / {b['executions']}",
                f"{g['wasted']} / {a['wasted']} / {b['wasted']}",
                f"{g['model_calls']} / {a['model_calls']} / {b['model_calls']}",
                f"{g['tokens']} / {a['tokens']} / {b['tokens']}",
                "/".join("✓" if x["completed"] else "✗" for x in (g, a, b)),
                f"{g['ended']} / {a['ended']} / {b['ended']}",
            ]
        )
    out = [
        "per scenario: this graph / (a) create_agent, recursion_limit=25 / (b) create_agent + "
        "ToolCallLimitMiddleware(run_limit=the intent's max_calls, exit_behavior='end'), "
        "recursion_limit=100",
        "",
        table(
            ["scenario", "executions", "wasted", "model calls", "tokens", "done", "ended by"],
            rows,
        ),
        "",
    ]
    t = report["totals"]
    total_rows: list[list[object]] = []
    labels = {"graph": "this graph", "a": "(a) create_agent", "b": "(b) + ToolCallLimit"}
    for h in HARNESSES:
        x = t[h]
        ended = ", ".join(f"{k} {v}" for k, v in x["ended"].items())
        total_rows.append(
            [
                labels[h],
                x["executions"],
                x["wasted"],
                x["model_calls"],
                x["tokens"],
                f"{x['completable_completed']}/{x['completable']}",
                x["max_identical"],
                ended,
            ]
        )
    out.append(
        table(
            [
                "total",
                "executions",
                "wasted",
                "model calls",
                "tokens",
                "completable done",
                "max identical runs",
                "ended by",
            ],
            total_rows,
        )
    )
    r = report["ratios"]

    def pct(v: float | None) -> str:
        return "n/a" if v is None else f"{v:.1%}"

    out.append("")
    out.append(
        table(
            ["this graph ÷", "executions", "wasted", "model calls", "tokens"],
            [
                [
                    f"({h})",
                    pct(r[f"executions_vs_{h}"]),
                    pct(r[f"wasted_vs_{h}"]),
                    pct(r[f"model_calls_vs_{h}"]),
                    pct(r[f"tokens_vs_{h}"]),
                ]
                for h in ("a", "b")
            ],
        )
    )
    out.append("")
    for name, tgt in report["targets"].items():
        value = tgt["value"]
        shown = pct(value) if isinstance(value, float) else str(value)
        target = tgt["target"]
        target_shown = f"≤ {target:.0%}" if isinstance(target, float) else str(target)
        mark = "met" if tgt["met"] else "MISSED"
        out.append(f"- target {name}: {shown} (target {target_shown}) {mark}")
    if report["skipped"]:
        out.append(
            f"- not compared (they stop before any model call): {', '.join(report['skipped'])}"
        )
    return "\n".join(out)

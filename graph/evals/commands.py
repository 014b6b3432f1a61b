"""The `eval` and `bench` subcommands and the trace part of `show`, for `graph/cli.py`.

Kept here so the CLI module only registers them; the measurement code is imported when one
of these commands runs, never when the CLI starts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from checkpoints.trace import to_jsonl
from tools.domain import STEP_POLICIES
from tools.errors import AgentError, ConfigError

DEFAULT_ROUNDS = 40
DEFAULT_THREADS = 5
DEFAULT_RUNS = 15


def add_commands(sub: Any) -> None:
    """Register `eval` and `bench` on the CLI's subparsers."""
    ev = sub.add_parser(
        "eval",
        help="run the regression set; --compare runs it through LangChain's create_agent too",
    )
    ev.add_argument("--json", action="store_true", help="print one JSON report")
    ev.add_argument(
        "--baseline",
        metavar="FILE",
        help="an earlier `eval --json` report: exit 1 if any case that passed there fails now",
    )
    ev.add_argument(
        "--compare",
        action="store_true",
        help="also run each scenario through create_agent (a) recursion_limit=25 and (b) "
        "ToolCallLimitMiddleware(run_limit=N, exit_behavior='end'); needs langchain",
    )
    ev.add_argument("--cases", metavar="FILE", help="another regression set (default: packaged)")
    ev.add_argument(
        "--router",
        action="store_true",
        help="measure the router alone on its labelled set (dev and held-out parts; --cases "
        "FILE: your own JSONL); exit 1 if any request was routed to a write it did not ask for",
    )
    ev.add_argument(
        "--part", choices=["dev", "heldout", "all"], default="all", help="with --router: which part"
    )
    ev.add_argument(
        "--errors", action="store_true", help="with --router: list the requests it got wrong"
    )
    ev.add_argument("--only", metavar="TEXT", help="run the cases whose id contains TEXT")
    ev.add_argument("--workdir", metavar="DIR", help="where the per-case SQLite files go")
    ev.add_argument(
        "--model",
        metavar="MODEL",
        help="run the request set (graph/evals/requests.json) with MODEL, e.g. "
        "llamacpp:/path/model.gguf, through this graph and through create_agent; correct "
        "completion is judged from the business store",
    )
    ev.add_argument(
        "--policy",
        choices=STEP_POLICIES,
        help="who proposes determined steps. With --model: default each intent's own. "
        "Without: the regression set runs under model; under another policy its cases must "
        "stay safe, not end as documented",
    )
    ev.add_argument("--requests", metavar="FILE", help="with --model: another request set")
    ev.add_argument(
        "--max-seconds",
        type=float,
        metavar="S",
        help="with --model: this graph's time budget per task (a local model on a busy CPU "
        "needs more than the intents' defaults)",
    )
    ev.add_argument("--no-baseline", action="store_true", help="with --model: skip create_agent")
    ev.add_argument(
        "--replay",
        nargs="?",
        const="",
        metavar="FILE",
        help="instead: replay recorded trajectories (JSONL; default the shipped set) clean and "
        "with loops injected; report false blocks, extra executions, stop reasons, end state",
    )
    ev.add_argument(
        "--sweep",
        metavar="BOUNDS",
        help="with --replay: the injected runs once per max_repeat_rounds in BOUNDS (e.g. "
        "2,3,4,5,6), on every --every-th trajectory: the bound's trade-off table",
    )
    ev.add_argument("--every", type=int, default=1, metavar="N", help="with --sweep: sample")

    bench = sub.add_parser(
        "bench", help="per-round overhead and checkpoint growth vs create_agent; needs langchain"
    )
    bench.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="rounds per thread")
    bench.add_argument("--threads", type=int, default=DEFAULT_THREADS, help="timed threads")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--workdir", metavar="DIR", help="where the SQLite files go")
    bench.add_argument(
        "--durability",
        action="store_true",
        help="instead: what crash safety costs, the demo request under each durability mode "
        "and SQLite synchronous level (ratios to the fastest); offline, no langchain",
    )
    bench.add_argument(
        "--runs", type=int, default=DEFAULT_RUNS, help="with --durability: runs per setting"
    )


def run_command(args: argparse.Namespace) -> int:
    """Run `eval` or `bench`; the exit code follows the CLI's convention."""
    try:
        _prepare_workdir(args.workdir)
        if args.command == "bench":
            return _bench(args)
        return _eval(args)
    except (AgentError, ConfigError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code


def _prepare_workdir(workdir: str | None) -> None:
    """Create --workdir up front so a bad path is one line, not a traceback mid-run."""
    if workdir is None:
        return
    try:
        Path(workdir).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        msg = (
            f"--workdir {workdir}: cannot create it ({exc.strerror or exc}); pass a writable folder"
        )
        raise ConfigError(msg) from None


def _router_eval(args: argparse.Namespace) -> int:
    from graph.evals.router_eval import PARTS, render_router_eval, run_router_eval

    parts = PARTS if args.part == "all" else (args.part,)
    report = run_router_eval(parts, cases=args.cases)
    out = json.dumps(report, ensure_ascii=False) if args.json else None
    print(out or render_router_eval(report, errors=args.errors))
    unsafe = any(
        p["summary"]["misroute_to_write"] or p["summary"]["ood_to_write"]
        for p in report["parts"].values()
    )
    return 1 if unsafe else 0


POLICY_IGNORED = (
    "--policy: only the regression set and --model take a step policy, not {flag}; drop one "
    "of the two flags"
)


def _eval(args: argparse.Namespace) -> int:
    other = (("--router", args.router), ("--replay", args.replay is not None))
    for flag, on in (*other, ("--compare", args.compare)):
        if args.policy and on:
            raise ConfigError(POLICY_IGNORED.format(flag=flag))
    if args.router:
        return _router_eval(args)
    if args.model:
        return _eval_model(args)
    from graph.evals.cases import load_cases, select
    from graph.evals.report import Progress
    from graph.evals.runner import load_baseline, regressions, render_eval, run_eval

    if args.replay is not None:
        return _replay(args)
    baseline = load_baseline(args.baseline) if args.baseline else None
    cases = select(load_cases(args.cases), args.only)
    if not cases:
        msg = f"no case id contains {args.only!r}"
        raise ConfigError(msg)
    if args.compare:
        return _compare(args, cases)
    bar = Progress(len(cases), "eval")
    report = asyncio.run(
        run_eval(
            cases,
            workdir=args.workdir,
            on_case=lambda r: bar.step(f"{r.id} {_mark(r.passed)}"),
            policy=args.policy,
        )
    )
    print(json.dumps(report, ensure_ascii=False) if args.json else render_eval(report))
    if baseline is not None:
        lost = regressions(report, baseline)
        gained = [c["id"] for c in report["cases"] if c["passed"] and not baseline.get(c["id"])]
        if gained:
            print(f"now passing: {', '.join(gained)}", file=sys.stderr)
        if lost:
            print(f"error: passed in the baseline, fail now: {', '.join(lost)}", file=sys.stderr)
            return 1
        return 0
    return 0 if all(c["passed"] for c in report["cases"]) else 1


def _eval_model(args: argparse.Namespace) -> int:
    from graph.evals.model_eval import load_requests, render_model_eval, run_model_eval
    from graph.evals.report import Progress
    from graph.models import load_chat_model

    load_chat_model(args.model)  # a bad name or a missing package: one line, before any run
    requests = [r for r in load_requests(args.requests) if not args.only or args.only in r.id]
    if not requests:
        msg = f"no request id contains {args.only!r}"
        raise ConfigError(msg)
    bar = Progress(len(requests) * (1 if args.no_baseline else 2), "eval --model")
    report = asyncio.run(
        run_model_eval(
            requests,
            args.model,
            policy=args.policy,
            baseline=not args.no_baseline,
            max_seconds=args.max_seconds,
            workdir=args.workdir,
            on_step=bar.step,
        )
    )
    print(json.dumps(report, ensure_ascii=False) if args.json else render_model_eval(report))
    return 0 if all(t["met"] for t in report["targets"].values()) else 1


def _replay(args: argparse.Namespace) -> int:
    from graph.evals.replay import (
        failed,
        load,
        render,
        render_sweep,
        run_replay,
        sample,
        shipped,
        sweep,
    )
    from graph.evals.report import Progress

    path = args.replay or shipped()
    if args.sweep:
        try:
            bounds = [int(b) for b in args.sweep.split(",") if b.strip()]
        except ValueError:
            msg = f"--sweep {args.sweep!r}: expected bounds like 2,3,4,5,6"
            raise ConfigError(msg) from None
        chosen = sample(load(path), args.every)
        bar = Progress(len(chosen) * (1 + 3 * len(bounds)), "sweep")
        rows = asyncio.run(
            sweep(chosen, bounds, workdir=args.workdir, on_run=lambda r: bar.step(r.id))
        )
        print(
            json.dumps([r.__dict__ for r in rows], default=dict)
            if args.json
            else render_sweep(rows)
        )
        return 0
    total = len([t for t in load(path) if not args.only or args.only in t.id])
    bar = Progress(total * 4, "replay")
    report = asyncio.run(
        run_replay(
            path,
            workdir=args.workdir,
            only=args.only,
            on_run=lambda r: bar.step(f"{r.id} {r.injection or 'clean'}"),
        )
    )
    print(json.dumps(report, ensure_ascii=False) if args.json else render(report))
    return 1 if failed(report) else 0


def _compare(args: argparse.Namespace, cases: Sequence[Any]) -> int:
    from graph.evals.compare import render_compare, run_compare
    from graph.evals.report import Progress

    bar = Progress(3 * len(cases), "compare")

    def start(total: int) -> None:
        bar.total = max(total, 1)

    report = asyncio.run(run_compare(cases, workdir=args.workdir, on_step=bar.step, on_start=start))
    print(json.dumps(report, ensure_ascii=False) if args.json else render_compare(report))
    return 0 if all(t["met"] for t in report["targets"].values()) else 1


def _bench(args: argparse.Namespace) -> int:
    if args.durability:
        return _durability(args.runs)
    from graph.evals.bench import bench, render_bench

    if args.rounds < 1 or args.threads < 1:
        msg = "--rounds and --threads must be at least 1"
        raise ConfigError(msg)
    result = asyncio.run(
        bench(
            rounds=args.rounds,
            threads=args.threads,
            workdir=args.workdir,
            progress=lambda text: print(f"bench: {text}", file=sys.stderr),
        )
    )
    print(json.dumps(result) if args.json else render_bench(result))
    return 0  # timings are reported, never a failure


def _durability(runs: int) -> int:
    from graph.evals.durability import measure, render_durability

    if runs < 1:
        msg = "--runs must be at least 1"
        raise ConfigError(msg)
    print(render_durability(asyncio.run(measure(runs)), runs))
    return 0  # timings are reported, never a failure


def _mark(passed: bool) -> str:
    return "ok" if passed else "FAIL"


def print_trace(rows: Sequence[Mapping[str, Any]]) -> None:
    """The trace section of `show`: one line per verdict, execution and end."""
    if not rows:
        return
    print("trace")
    for r in rows:
        if r["kind"] == "end":
            print(
                f"  end     task {r['task_seq']}: {r['stop_reason']} via {r['reason']}, "
                f"{r['round']} round(s), {r['tokens']} tokens, {r['latency_ms']:.0f} ms"
            )
            continue
        what = f"{r['tool']}#{(r['args_hash'] or '')[:8]}"
        if r["kind"] == "verdict":
            why = f" [{r['reason']}]" if r["reason"] else ""
            stop = f" stop={r['stop_reason']}" if r["stop_reason"] else ""
            print(
                f"  r{r['round']:<3} verdict {what} -> {r['verdict']}{why}{stop} "
                f"(offered {r['offered_count']}, {r['tokens']} tokens)"
            )
        else:
            again = f" {r['repeat']}" if r["repeat"] else ""
            done = sum(1 for v in r["checklist"].values() if v)
            print(
                f"  r{r['round']:<3} ran     {what} -> {r['outcome']}{again} "
                f"{r['latency_ms']:.1f} ms, checklist {done}/{len(r['checklist'])}"
            )


def trace_jsonl(rows: Sequence[Mapping[str, Any]]) -> str:
    """`show --jsonl`: the thread's trace rows as JSON lines."""
    return to_jsonl(rows)

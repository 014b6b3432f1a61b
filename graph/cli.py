"""`python -m graph`: run, resume, show and list threads from the command line.

Errors are one line on stderr with a non-zero exit: 2 for a mistake in the command or its
settings (unknown model, missing API key, bad JSON, a rejected decision), 1 for a problem
with the storage or the thread (unusable database or store, unknown or busy thread). `run`
and `resume` print the thread's outcome and say in their exit code how the run ended
(`EXIT_CODES`), so a script can tell a stopped or waiting run from a completed one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from checkpoints.lease import check_wait, lease_ttl_s
from checkpoints.storage import DB_ENV, is_url
from graph import package_version
from graph.check import DEFAULT_GRAPH, GraphCheckError, check_graph, load_graph
from graph.context import DEFAULT_DB, DEFAULT_DOMAIN, DEFAULT_STORE, Context
from graph.evals.commands import add_commands, print_trace, run_command, trace_jsonl
from graph.models import BEHAVIOURS
from graph.runner import check_text, list_threads, resume_thread, run_request, show_thread
from graph.search_commands import add_search_commands, run_search_command
from tools.domain import STEP_POLICIES
from tools.errors import AgentError, ConfigError

EXIT_OK = 0
EXIT_STORAGE = AgentError.exit_code
EXIT_CONFIG = ConfigError.exit_code
EXIT_STOPPED = 3
EXIT_WAITING = 4
EXIT_MODEL_ERROR = 5
EXIT_INTERRUPTED = 130
EXIT_CODES: dict[int, str] = {
    EXIT_OK: "completed (show, threads, diagram: succeeded)",
    EXIT_STORAGE: "storage error: the database or store cannot be used, or the thread is "
    "unknown, busy or already finished",
    EXIT_CONFIG: "configuration error: a bad flag, setting or text, a model or domain that "
    "cannot start, or a rejected --approve/--edit (the thread keeps waiting)",
    EXIT_STOPPED: "stopped without completing: by the guard, a budget or a human's abort "
    "(the stop reason is in the output)",
    EXIT_WAITING: "waiting for a human: resume with --approve, --edit JSON or --abort",
    EXIT_MODEL_ERROR: "model error: the model could not be called",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C): continue with resume",
}
"""How `run` and `resume` end, by exit code; the README's table lists the same."""

EXIT_EPILOG = "\n".join(
    [
        "exit codes:",
        *(
            textwrap.fill(text, width=88, initial_indent=f"  {code:<4}", subsequent_indent=" " * 6)
            for code, text in EXIT_CODES.items()
        ),
    ]
)
EPILOG = (
    textwrap.fill(
        "models: 'offline' (default, no key or network), 'provider:model' (e.g. "
        "openai:gpt-4.1-mini, ollama:qwen2.5:0.5b; needs that provider's langchain package "
        f"and key), or 'scripted:BEHAVIOUR' with BEHAVIOUR one of: {', '.join(BEHAVIOURS)}.",
        width=88,
    )
    + "\n\n"
    + EXIT_EPILOG
)
REJECTED = (
    "--{action} rejected: {error}; thread {tid!r} is still waiting: python -m graph resume "
    "--thread-id {tid} --approve | --edit JSON | --abort"
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m graph",
        description="A tool-calling agent whose loops are stopped by code.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"loopguard-agent {package_version()}"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    db_default = os.environ.get(DB_ENV) or DEFAULT_DB

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--db",
            default=db_default,
            help=f"SQLite file or postgresql:// URL (default ${DB_ENV}, else {DEFAULT_DB})",
        )
        p.add_argument("--json", action="store_true", help="print one JSON object")

    outcome: dict[str, Any] = {
        "epilog": EXIT_EPILOG,
        "formatter_class": argparse.RawDescriptionHelpFormatter,
    }
    run = sub.add_parser("run", help="start a request on a new or existing thread", **outcome)
    run.add_argument("request", help="what you want done, in English or Chinese")
    run.add_argument("--thread-id", help="continue this conversation (default: a new thread)")
    run.add_argument("--model", default="offline", help="chat model (see below)")
    run.add_argument(
        "--store",
        help=f"business store SQLite file (default: beside a --db file, else {DEFAULT_STORE})",
    )
    run.add_argument("--domain", default=DEFAULT_DOMAIN, help="intents and tools, module:ATTR")
    own = run.add_mutually_exclusive_group()
    own.add_argument(
        "--tools",
        metavar="MOD:ATTR",
        help="instead of --domain: an open-ended task over a list of LangChain tools",
    )
    own.add_argument(
        "--mcp",
        metavar="CONFIG.json",
        help="instead of --domain: an open-ended task over an MCP server's tools (config file)",
    )
    run.add_argument("--user", default="demo-user", help="caller's user id")
    run.add_argument("--roles", default="member", help="caller's roles, comma-separated")
    run.add_argument(
        "--hitl", action="store_true", help="pause for a human instead of stopping gracefully"
    )
    run.add_argument(
        "--policy",
        choices=STEP_POLICIES,
        help="who proposes steps the slots determine: model, hint (the model, then the runtime "
        "once a hint was ignored) or workflow (the runtime); default: each intent's policy",
    )
    common(run)

    resume = sub.add_parser("resume", help="continue a crashed or interrupted thread", **outcome)
    resume.add_argument("--thread-id", required=True)
    decision = resume.add_mutually_exclusive_group()
    decision.add_argument("--approve", action="store_true", help="run the blocked call as is")
    decision.add_argument(
        "--edit", metavar="JSON", help='run it with these args, or {"tool": ..., "args": {...}}'
    )
    decision.add_argument("--abort", action="store_true", help="stop the task here")
    resume.add_argument(
        "--wait",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="if another process is running this thread, wait this long for it (default 0; "
        "inf: until it is done)",
    )
    common(resume)

    show = sub.add_parser("show", help="state, checklist, calls, stop reason and history")
    show.add_argument("--thread-id", required=True)
    show.add_argument(
        "--jsonl", action="store_true", help="print only the thread's trace, as JSON lines"
    )
    common(show)

    threads = sub.add_parser("threads", help="list threads with status and stop reason")
    common(threads)

    add_commands(sub)
    sub.choices["bench"].add_argument(
        "--tools",
        type=int,
        metavar="N",
        help="instead: the tool loader on a generated N-tool registry (recall@K, latency, "
        "tokens per call vs binding every tool)",
    )
    add_search_commands(sub)
    sub.add_parser("diagram", help="print the graph as Mermaid (the README's diagram)")
    check = sub.add_parser(
        "check", help="prove every loop of the graph passes the guard and the verifier"
    )
    check.add_argument(
        "--graph",
        default=DEFAULT_GRAPH,
        metavar="MODULE:ATTR",
        help=f"the compiled graph to check (default {DEFAULT_GRAPH})",
    )
    return parser


def _decision(args: argparse.Namespace) -> dict[str, Any] | None:
    if args.approve:
        return {"action": "approve"}
    if args.abort:
        return {"action": "abort"}
    if args.edit is None:
        return None
    try:
        value = json.loads(args.edit)
    except json.JSONDecodeError as exc:
        msg = f"--edit: not valid JSON ({exc.msg} at column {exc.colno})"
        raise ConfigError(msg) from None
    if not isinstance(value, dict):
        msg = "--edit: expected a JSON object of arguments"
        raise ConfigError(msg)
    if "args" in value:
        return {"action": "edit", "args": value["args"], "tool": value.get("tool")}
    return {"action": "edit", "args": value}


def _mcp_path(path: str | None) -> str:
    """An MCP config as an absolute path: a resume from another folder finds it too."""
    return os.path.abspath(path) if path else ""


def _print_summary(out: dict[str, Any]) -> None:
    print(f"thread      {out['thread_id']}")
    print(f"request     {out['request']}")
    print(f"intent      {out['intent']}  {json.dumps(out['slots'], ensure_ascii=False)}")
    _print_route(out.get("route") or {})
    print(f"status      {out['status']}  (stop reason: {out['stop_reason']})")
    marks = "  ".join(f"[{'x' if ok else ' '}] {name}" for name, ok in out["checklist"].items())
    print(f"checklist   {marks or '-'}")
    print("tool calls")
    for i, c in enumerate(out["tool_calls"], 1):
        args = json.dumps(c["args"], ensure_ascii=False, sort_keys=True)
        ran = "executed" if c["executed"] else "not executed"
        why = f" [{c['reason']}]" if c["reason"] else ""
        print(f"  {i:>2}. {c['name']} {args} -> {c['verdict']}{why}, {ran}, {c['outcome']}")
    usage = out.get("usage") or {}
    if usage:
        print(
            f"usage       rounds {usage.get('rounds')}  calls {usage.get('calls')}  "
            f"tokens {usage.get('tokens')}  seconds {usage.get('seconds', 0):.3f}"
        )
    if out.get("interrupt"):
        payload = out["interrupt"]
        print(f"waiting     {payload.get('question')}")
        print(f"            reason {payload.get('reason')}: {payload.get('detail')}")
        if payload.get("call"):
            print(f"            call {json.dumps(payload['call'], ensure_ascii=False)}")
        tid = out["thread_id"]
        print(
            f"            resume with: python -m graph resume --thread-id {tid} "
            "--approve | --edit JSON | --abort"
        )
    if out.get("answer"):
        print(f"answer      {out['answer']}")
    if out.get("card"):
        print(f"card        {json.dumps(out['card'], ensure_ascii=False)}")


def _print_route(route: dict[str, Any]) -> None:
    """How the router decided: rule or classifier, confidence, each slot's words."""
    if not route:
        return
    by = f"rule {route['rule']}" if route.get("rule") else str(route.get("source"))
    print(f"route       {route.get('action')} by {by}, confidence {route.get('confidence')}")
    for name, slot in (route.get("slots") or {}).items():
        words = f"from {slot['text']!r}" if slot.get("text") else "default"
        print(f"              {name} = {json.dumps(slot.get('value'), ensure_ascii=False)} {words}")
    if route.get("cue"):
        print(f"              asks for a change: {route['cue']['text']!r}")
    for refused in route.get("refused") or []:
        print(f"              not {refused['intent']}: {refused['why']}")
    if route.get("candidates") and route.get("source") != "rule":
        ranked = ", ".join(f"{c['intent'] or 'none'} {c['p']}" for c in route["candidates"])
        print(f"              candidates: {ranked}")


def _thread_hint(t: dict[str, Any]) -> str:
    """What to do next with a thread that did not finish, for the `threads` listing."""
    if t["status"] == "pending":
        return f"  <- crashed mid-run; continue with: resume --thread-id {t['thread_id']}"
    if t["status"] == "interrupted":
        return f"  <- waiting ({t.get('waiting_on')}): --approve | --edit JSON | --abort"
    if t["status"] == "running" and t.get("owner"):
        return f"  <- running in pid {t['owner']['pid']} on {t['owner']['host']}"
    return ""


def _print_history(out: dict[str, Any]) -> None:
    print("history")
    for m in out.get("history", []):
        calls = m.get("tool_calls")
        text = m["content"] or (json.dumps(calls, ensure_ascii=False) if calls else "")
        print(f"  {m['role']:>6}: {text[:160]}")
    if out.get("ledger"):
        print("ledger")
        for row in out["ledger"]:
            print(f"  {row['tool']} {row['status']} attempts={row['attempts']}")


def _check_args(args: argparse.Namespace) -> None:
    """Refuse, before anything is opened, command-line values no run could use.

    Raises:
        ConfigError: Text that is not UTF-8, or a --wait that is NaN or negative.
        AgentError: An unusable lease lifetime setting.
    """
    for dest, value in vars(args).items():
        if isinstance(value, str):  # named as the user typed it: request, --thread-id, ...
            check_text(dest if dest == "request" else "--" + dest.replace("_", "-"), value)
    if args.command in ("run", "resume"):
        lease_ttl_s()
    if args.command == "resume":
        check_wait(args.wait)


def _outcome_code(out: dict[str, Any]) -> int:
    """The exit code of a run that reached its end or its pause (see `EXIT_CODES`)."""
    if out["status"] == "completed":
        return EXIT_OK
    if out["status"] == "interrupted":
        return EXIT_WAITING
    if out["stop_reason"] == "model_error":
        return EXIT_MODEL_ERROR
    return EXIT_STOPPED


def _rejection(args: argparse.Namespace, out: dict[str, Any]) -> str | None:
    """Why the decision this `resume` passed was refused, when it was; the thread still waits.

    The fallback node answers an unusable decision (a tool not offered, a wrongly typed or
    unknown argument) by asking again with the reason in the interrupt's `error`.
    """
    if args.command != "resume" or not (args.approve or args.edit is not None):
        return None
    payload = out.get("interrupt") or {}
    if out["status"] != "interrupted" or not payload.get("error"):
        return None
    action = "approve" if args.approve else "edit"
    return REJECTED.format(action=action, error=payload["error"], tid=out["thread_id"])


async def _dispatch(args: argparse.Namespace) -> Any:
    if args.command == "run":
        if args.store:
            store = args.store
        elif is_url(args.db):
            store = DEFAULT_STORE  # the example backend stays a local file
        else:
            store = str(Path(args.db).parent / "business.sqlite")
        context = Context(
            model=args.model,
            domain=args.domain,
            tools=args.tools or _mcp_path(args.mcp),
            user_id=args.user,
            roles=[r.strip() for r in args.roles.split(",") if r.strip()],
            human_review=args.hitl,
            db=args.db,
            store=store,
            step_policy=args.policy,
        )
        return await run_request(
            args.request, thread_id=args.thread_id, context=context, db=args.db
        )
    if args.command == "resume":
        return await resume_thread(
            args.thread_id, decision=_decision(args), db=args.db, wait_s=args.wait
        )
    if args.command == "show":
        return await show_thread(args.thread_id, db=args.db)
    return await list_threads(db=args.db)


def mermaid() -> str:
    """The graph's Mermaid source, as embedded in the README."""
    from graph.graph import graph

    return graph.get_graph().draw_mermaid()


def _check(ref: str) -> int:
    """`check`: one line per broken rule on stderr and exit 1, or one line of what passed."""
    try:
        report = check_graph(load_graph(ref))
    except GraphCheckError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 1
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    print(
        f"ok: {ref}: {report.nodes} nodes, {report.edges} edges; every loop passes the guard "
        "and the verifier, and every node can finish"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code.

    Output piped into a pager or `head` that closes early ends quietly, not with a traceback.
    """
    try:
        return _main(argv)
    except BrokenPipeError:
        sys.stderr.close()
        return 0


def _main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "diagram":
        print(mermaid(), end="")
        return 0
    if args.command == "check":
        return _check(args.graph)
    searched = run_search_command(args)
    if searched is not None:
        return searched
    if args.command == "bench" and args.tools is not None:
        from graph.evals.registry_bench import main_registry_bench

        try:
            return main_registry_bench(args.tools, as_json=args.json)
        except ConfigError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return exc.exit_code
    if args.command in ("eval", "bench"):
        return run_command(args)
    try:
        _check_args(args)
        out = asyncio.run(_dispatch(args))
    except (AgentError, ConfigError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(
            "error: interrupted; resume with: python -m graph resume --thread-id ID",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    rejected = _rejection(args, out)
    if rejected is not None:
        if args.json:  # the thread as it waits, with the reason in interrupt.error
            print(json.dumps(out, ensure_ascii=False, default=str))
        print(f"error: {rejected}", file=sys.stderr)
        return EXIT_CONFIG
    if args.command == "show" and args.jsonl:
        print(trace_jsonl(out.get("trace", [])), end="")
    elif args.json:
        print(json.dumps(out, ensure_ascii=False, default=str))
    elif args.command == "threads":
        if not out:
            print("no threads yet")
        for t in out:
            print(
                f"{t['thread_id']:<14} {t['status']:<12} {t['stop_reason'] or '-':<18} "
                f"{t['intent'] or '-':<26} {t['request'][:50]}{_thread_hint(t)}"
            )
    else:
        _print_summary(out)
        if args.command == "show":
            _print_history(out)
            print_trace(out.get("trace", []))
    return _outcome_code(out) if args.command in ("run", "resume") else EXIT_OK

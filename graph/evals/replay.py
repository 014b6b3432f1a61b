"""`python -m graph eval --replay FILE.jsonl`: recorded trajectories, replayed through the graph.

A trajectory is what a model did on a thread: the user's turns, and for each the model's
turns, each a list of calls (run in parallel) or the answer it closed with. `ReplayModel`
proposes exactly those calls, turn after turn, whatever the guard answers, so everything the
guard refuses is visible: a recorded call not executed is a **false block** (with the guard's
reason), a real execution beyond the recorded ones is an **extra execution**. Like any model
that sees only its offer, it asks `search_tools` for a recorded tool it was not offered.

Each trajectory runs clean and with loops injected (`INJECTIONS`): a call proposed 5 times in
a row, an A-B alternation (A B A B after A and B ran), and endless repetition of the last
call instead of the answer. The first two are recoverable (the model goes on after
repeating): the task must finish as it did clean, with the same end state of the tools; the
third is hopeless: it must stop, with no write repeated. The round and call budgets are
raised for replays (`REPLAY_ROUNDS`, `REPLAY_CALLS`) so that the loop checks, not the
budgets, are what is measured; `sweep` measures `Budget.max_repeat_rounds`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import sqlite3
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, ClassVar

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import PrivateAttr

from checkpoints import trace
from graph.context import Context
from graph.evals.report import table
from graph.models import estimate_tokens
from graph.runner import run_request
from nodes.disclosure import SEARCH_TOOL
from tools.domain import Domain, StepPolicy, load_domain
from tools.errors import AgentError, ConfigError

REPLAY_FILE = "replay.jsonl"
REPLAY_ROUNDS = 40
REPLAY_CALLS = 60
INJECTIONS = ("repeat5", "alternate", "endless")
RECOVERABLE = frozenset({"repeat5", "alternate"})
REPEATS = 5
"""The injected call is proposed this many times in a row (its first run and 4 repeats)."""
BAD_FILE = "replay file {path}: line {line}: {error}"
NO_FILE = "replay file {path}: {error}; pass a JSONL file of trajectories"
UNPROPOSED = "not proposed: the task ended first"

VARIANTS: dict[str, Domain] = {}
"""Domains with another `max_repeat_rounds`, importable as `graph.evals.replay:NAME`."""


def __getattr__(name: str) -> Domain:
    """The sweep's domain variants, so a run names them like any domain (`module:ATTR`)."""
    if name in VARIANTS:
        return VARIANTS[name]
    raise AttributeError(name)


# --- trajectories ------------------------------------------------------------------------------

Turn = list[dict[str, Any]] | str
"""A model turn: the calls it made ({"name", "args"}), or the answer it closed with."""


@dataclass(frozen=True)
class UserTurn:
    """One request on the thread and the model turns that answered it."""

    user: str
    model: tuple[Turn, ...]


@dataclass(frozen=True)
class Trajectory:
    """A recorded thread: its domain, the caller's roles and its user turns."""

    id: str
    domain: str
    turns: tuple[UserTurn, ...]
    roles: tuple[str, ...] = ("member",)
    tags: tuple[str, ...] = ()

    def calls(self) -> list[tuple[int, int, dict[str, Any]]]:
        """(user turn, model turn, call) of every recorded call, in order."""
        return [
            (i, j, call)
            for i, turn in enumerate(self.turns)
            for j, step in enumerate(turn.model)
            if not isinstance(step, str)
            for call in step
        ]


DAY = re.compile(r"\$\{today([+-]\d+)?\}")
"""A date relative to the replay's day in recorded arguments: `${today}`, `${today-1}`. The
requests say "today" and "yesterday", so the router decides the day the replay runs."""


def _dated(value: Any, today: date) -> Any:
    if isinstance(value, str):
        return DAY.sub(lambda m: (today + timedelta(days=int(m.group(1) or 0))).isoformat(), value)
    if isinstance(value, dict):
        return {k: _dated(v, today) for k, v in value.items()}
    if isinstance(value, list):
        return [_dated(v, today) for v in value]
    return value


def _turn(raw: Any) -> Turn:
    if isinstance(raw, str):
        return raw
    if isinstance(raw, list) and all(isinstance(c, dict) and "name" in c for c in raw):
        today = date.today()
        return [
            {"name": str(c["name"]), "args": _dated(dict(c.get("args") or {}), today)} for c in raw
        ]
    msg = f"a model turn is a list of calls or an answer, got {raw!r}"[:200]
    raise ValueError(msg)


def parse(raw: Mapping[str, Any]) -> Trajectory:
    """One trajectory from its JSON object.

    Raises:
        ValueError: A field is missing or of the wrong shape.
    """
    turns = tuple(
        UserTurn(str(t["user"]), tuple(_turn(m) for m in t["model"])) for t in raw["turns"]
    )
    if not turns:
        msg = "a trajectory needs at least one user turn"
        raise ValueError(msg)
    return Trajectory(
        id=str(raw["id"]),
        domain=str(raw["domain"]),
        turns=turns,
        roles=tuple(raw.get("roles", ("member",))),
        tags=tuple(raw.get("tags", ())),
    )


def load(path: str | Path) -> list[Trajectory]:
    """Every trajectory of a JSONL file.

    Raises:
        ConfigError: The file is missing or a line is not a trajectory.
    """
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(NO_FILE.format(path=path, error=exc.strerror or exc)) from None
    out: list[Trajectory] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append(parse(json.loads(line)))
        except (ValueError, KeyError, TypeError) as exc:
            raise ConfigError(BAD_FILE.format(path=path, line=n, error=exc)) from None
    return out


def shipped() -> Path:
    """The packaged replay set."""
    return Path(__file__).with_name(REPLAY_FILE)


# --- the model that replays them -----------------------------------------------------------------


def script(
    turns: Sequence[Turn], injection: str | None, allowed: set[int] | None = None
) -> tuple[list[Turn], bool]:
    """The turns a model proposes, with a loop injected; and whether one was.

    `repeat5` repeats the first call turn (of `allowed` when given: turns whose calls all
    succeeded when replayed clean), `alternate` goes back and forth between the first two
    consecutive such turns, `endless` repeats the last call turn instead of answering (for
    as long as it is asked).
    """
    calls = [i for i, t in enumerate(turns) if not isinstance(t, str)]
    ok = [i for i in calls if allowed is None or i in allowed]
    out = list(turns)
    if injection == "repeat5" and ok:
        at = ok[0]
        return [*out[: at + 1], *[out[at]] * (REPEATS - 1), *out[at + 1 :]], True
    if injection == "alternate":
        pairs = [(a, a + 1) for a in ok if a + 1 in ok]
        if pairs:
            a, b = pairs[0]
            return [*out[: b + 1], out[a], out[b], out[a], out[b], *out[b + 1 :]], True
    if injection == "endless" and calls:
        return out[: calls[-1] + 1], True
    return out, False


def _words(tool: str) -> str:
    return " ".join(p for p in re.split(r"[_\W]+", tool) if p)


class ReplayModel(BaseChatModel):
    """Proposes a trajectory's recorded turns in order, whatever the answers say.

    It keeps its place per user turn itself (the graph compacts old tool traffic out of the
    history a model is shown). A recorded call whose tool it was not offered is preceded by one
    `search_tools` turn naming that tool in words, as a model that cannot see the tool would
    ask for it.

    It prefers the `model` step policy: the replay measures the guard on what the recorded
    model did, and a runtime proposal would change the trajectory under measurement.
    """

    preferred_step_policy: ClassVar[StepPolicy] = "model"

    trajectory: Trajectory
    injection: str | None = None
    eligible: frozenset[tuple[int, int]] | None = None
    """(user turn, model turn) pairs an injection may repeat; None: any call turn."""
    _cursor: dict[int, int] = PrivateAttr(default_factory=dict)
    _asked: set[tuple[int, str]] = PrivateAttr(default_factory=set)

    @property
    def _llm_type(self) -> str:
        return "replay"

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind schemas like a provider model, so it knows what it was offered."""
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        offered = {t["function"]["name"] for t in kwargs.get("tools") or [] if "function" in t}
        message = self.next_turn(messages, offered)
        tokens = estimate_tokens("".join(str(m.content) for m in messages))
        out = estimate_tokens(str(message.content) + json.dumps(message.tool_calls, default=str))
        message.usage_metadata = {
            "input_tokens": tokens,
            "output_tokens": out,
            "total_tokens": tokens + out,
        }
        return ChatResult(generations=[ChatGeneration(message=message)])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return self._generate(messages, stop, None, **kwargs)

    def next_turn(self, messages: Sequence[BaseMessage], offered: set[str]) -> AIMessage:
        """The next recorded turn of the current user turn (or a search before it)."""
        user = max(0, sum(1 for m in messages if isinstance(m, HumanMessage)) - 1)
        turns = self.trajectory.turns[min(user, len(self.trajectory.turns) - 1)].model
        allowed = {m for u, m in self.eligible if u == user} if self.eligible is not None else None
        planned, injected = script(turns, self.injection, allowed)
        done = self._cursor.get(user, 0)
        if done >= len(planned):
            step: Turn = planned[-1] if injected and self.injection == "endless" else "Done."
        else:
            step = planned[done]
        if isinstance(step, str):
            self._cursor[user] = done + 1
            return AIMessage(content=step)
        hidden = [c["name"] for c in step if c["name"] not in offered]
        wanted = [_words(n) for n in hidden if (user, _words(n)) not in self._asked]
        if wanted and SEARCH_TOOL in offered:
            self._asked.add((user, wanted[0]))
            query = [{"name": SEARCH_TOOL, "args": {"query": wanted[0]}}]
            return self._message(query, (user, done, wanted[0]))
        self._cursor[user] = done + 1
        return self._message(step, (user, done))

    @staticmethod
    def _message(calls: Sequence[Mapping[str, Any]], where: tuple[Any, ...]) -> AIMessage:
        seed = json.dumps([list(where), list(calls)], sort_keys=True, default=str)
        base = hashlib.sha1(seed.encode()).hexdigest()[:10]
        return AIMessage(
            content="",
            tool_calls=[
                {"id": f"rp_{base}_{i}", "name": c["name"], "args": dict(c["args"])}
                for i, c in enumerate(calls)
            ],
        )


# --- one run -------------------------------------------------------------------------------------


@dataclass
class Run:
    """One trajectory replayed once (clean, or with one injection)."""

    id: str
    injection: str | None
    injected: bool
    stop_reasons: list[str]
    false_blocks: list[dict[str, Any]]
    unproposed: int
    executions: Counter[str]
    """Real executions per (tool, canonical args), from the tools' own audit."""
    writes: Counter[str]
    end_state: str
    """A digest of the tools' end state: the workspace's files or the store's tables."""
    model_calls: int
    """Model turns that proposed calls, over every user turn."""
    searches: int
    error: str | None = None
    ok_turns: frozenset[tuple[int, int]] = frozenset()
    """Clean runs: the call turns whose calls all ran and succeeded (where loops go)."""
    repeated_writes: int = 0
    extra_executions: int = 0
    """Clean: real executions beyond the recorded calls. Injected: beyond the clean run's."""
    same_end_state: bool = True
    finished: bool | None = None
    wasted: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        out = dataclasses.asdict(self)
        out["executions"] = dict(self.executions)
        out["ok_turns"] = sorted(self.ok_turns)
        out["writes"] = dict(self.writes)
        return out


def _store_state(store: Path) -> str:
    """The example store's rows without ids, times and keys: what the tools left behind."""
    if not store.exists():
        return ""
    conn = sqlite3.connect(store)
    try:
        tables = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
            if r[0] not in ("tool_audit", "sqlite_sequence")
        ]
        dump: dict[str, list[Any]] = {}
        for t in tables:
            cols = [c[1] for c in conn.execute(f"PRAGMA table_info({t})")]
            keep = [c for c in cols if c not in ("id", "created_at", "idempotency_key", "at")]
            rows = conn.execute(f"SELECT {', '.join(keep)} FROM {t}").fetchall()
            dump[t] = sorted(json.dumps(r, default=str) for r in rows)
        return json.dumps(dump, sort_keys=True)
    finally:
        conn.close()


def _audit_rows(store: Path) -> list[tuple[str, str]]:
    from tools.files import executions

    rows = [(e["tool"], json.dumps(e["args"], sort_keys=True)) for e in executions(store)]
    if store.exists():
        conn = sqlite3.connect(store)
        try:
            found = conn.execute(
                "SELECT name FROM sqlite_master WHERE name='tool_audit'"
            ).fetchone()
            if found:
                rows += [(r[0], r[1]) for r in conn.execute("SELECT tool, args FROM tool_audit")]
        finally:
            conn.close()
    return rows


def _end_state(store: Path) -> str:
    from tools.files import snapshot

    state = json.dumps({"files": snapshot(store), "store": _store_state(store)}, sort_keys=True)
    return hashlib.sha256(state.encode()).hexdigest()[:16]


def _false_blocks(
    trajectory: Trajectory, rows: Sequence[Mapping[str, Any]], injection: str | None
) -> tuple[list[dict[str, Any]], int, frozenset[tuple[int, int]]]:
    """Recorded calls the guard did not let run, and what else the clean run shows.

    Returns the false blocks, how many recorded calls were never proposed, and the (user
    turn, model turn) pairs whose calls all ran and succeeded. Only a clean replay is
    judged: its proposals are the recorded calls, in order.
    """
    if injection is not None:
        return [], 0, frozenset()
    proposals = [r for r in rows if r["kind"] == "verdict" and r["tool"] != SEARCH_TOOL]
    outcome = {
        (r["round"], r["tool"], r["args_hash"], r["task_seq"]): r["outcome"]
        for r in rows
        if r["kind"] == "execution"
    }
    recorded = trajectory.calls()
    blocks: list[dict[str, Any]] = []
    failed: set[tuple[int, int]] = set()
    for (user, turn, call), row in zip(recorded, proposals, strict=False):
        key = (row["round"], row["tool"], row["args_hash"], row["task_seq"])
        ran = key in outcome
        if outcome.get(key) != "ok":
            failed.add((user, turn))
        if row["verdict"] not in ("run", "approved", "edited") or not ran:
            blocks.append(
                {
                    "tool": call["name"],
                    "args": call["args"],
                    "verdict": row["verdict"],
                    "reason": row["reason"] or row["stop_reason"] or "not executed",
                }
            )
    proposed = {(u, t) for u, t, _ in recorded[: len(proposals)]}
    return blocks, max(0, len(recorded) - len(proposals)), frozenset(proposed - failed)


async def replay_one(
    trajectory: Trajectory,
    workdir: Path,
    *,
    injection: str | None = None,
    domain: str | None = None,
    eligible: frozenset[tuple[int, int]] | None = None,
) -> Run:
    """Replay one trajectory in its own directory; every user turn on one thread.

    `eligible`: the call turns an injection may repeat (from the clean run's `ok_turns`).
    """
    where = workdir / f"{trajectory.id}-{injection or 'clean'}"
    where.mkdir(parents=True, exist_ok=True)
    db, store = where / "agent.sqlite", where / "business.sqlite"
    model = ReplayModel(trajectory=trajectory, injection=injection, eligible=eligible)
    spec = domain or trajectory.domain
    context = Context(
        model=model,
        domain=spec,
        roles=list(trajectory.roles),
        db=str(db),
        store=str(store),
        max_rounds=REPLAY_ROUNDS,
        max_calls=REPLAY_CALLS,
    )
    stops: list[str] = []
    error: str | None = None
    turns_taken = 0
    for turn in trajectory.turns:
        try:
            out = await run_request(turn.user, thread_id=trajectory.id, context=context)
        except (AgentError, ConfigError) as exc:
            error = str(exc)
            break
        stops.append(str(out.get("stop_reason")))
        turns_taken += int((out.get("usage") or {}).get("rounds", 0))
    injected = any(
        script(t.model, injection, _allowed(eligible, i))[1] for i, t in enumerate(trajectory.turns)
    )
    rows = await trace.rows(str(db), trajectory.id)
    blocks, unproposed, ok_turns = _false_blocks(trajectory, rows, injection)
    audit = _audit_rows(store)
    loaded = load_domain(spec)
    write_tools = {s.name for s in loaded.tools if s.effect == "write"}
    proposals = [r for r in rows if r["kind"] == "verdict"]
    return Run(
        id=trajectory.id,
        injection=injection,
        injected=injected,
        stop_reasons=stops,
        false_blocks=blocks,
        unproposed=unproposed,
        extra_executions=max(0, len(audit) - len(trajectory.calls())) if injection is None else 0,
        executions=Counter(f"{t} {a}" for t, a in audit),
        writes=Counter(f"{t} {a}" for t, a in audit if t in write_tools),
        end_state=_end_state(store),
        model_calls=turns_taken,
        searches=sum(1 for r in proposals if r["tool"] == SEARCH_TOOL),
        error=error,
        ok_turns=ok_turns,
    )


def _allowed(eligible: frozenset[tuple[int, int]] | None, user: int) -> set[int] | None:
    return None if eligible is None else {m for u, m in eligible if u == user}


def compare(clean: Run, looped: Run) -> Run:
    """Judge an injected run against its clean one: repeated writes, finished, waste."""
    extra_writes = looped.writes - clean.writes
    looped.repeated_writes = sum(extra_writes.values())
    looped.extra_executions = sum((looped.executions - clean.executions).values())
    looped.same_end_state = looped.end_state == clean.end_state
    looped.finished = looped.stop_reasons == clean.stop_reasons and looped.same_end_state
    looped.wasted = max(0, looped.model_calls - clean.model_calls)
    return looped


# --- the whole set -------------------------------------------------------------------------------


async def replay_all(
    trajectories: Sequence[Trajectory],
    *,
    injections: Iterable[str | None] = (None, *INJECTIONS),
    workdir: str | None = None,
    domain_for: Callable[[Trajectory], str] | None = None,
    on_run: Callable[[Run], None] | None = None,
    cleans: dict[str, Run] | None = None,
) -> list[Run]:
    """Every trajectory clean and with each injection; injected runs judged against clean.

    `cleans` keeps clean runs by trajectory id across calls: with no loop injected the
    repeat bound changes nothing, so a sweep replays each trajectory clean once.
    """
    runs: list[Run] = []
    wanted = list(injections)
    kept = cleans if cleans is not None else {}
    with tempfile.TemporaryDirectory(prefix="loopguard-replay-", dir=workdir) as tmp:
        for t in trajectories:
            spec = domain_for(t) if domain_for else None
            clean = kept.get(t.id) or await replay_one(t, Path(tmp), injection=None, domain=spec)
            kept[t.id] = clean
            if None in wanted:
                runs.append(clean)
                if on_run:
                    on_run(clean)
            for injection in (i for i in wanted if i is not None):
                looped = compare(
                    clean,
                    await replay_one(
                        t, Path(tmp), injection=injection, domain=spec, eligible=clean.ok_turns
                    ),
                )
                runs.append(looped)
                if on_run:
                    on_run(looped)
    return runs


def summary(runs: Sequence[Run]) -> dict[str, Any]:
    """The figures `eval --replay` prints, per kind of run."""
    out: dict[str, Any] = {}
    for kind in (None, *INJECTIONS):
        group = [r for r in runs if r.injection == kind]
        if not group:
            continue
        name = kind or "clean"
        stops = Counter(s for r in group for s in r.stop_reasons)
        injected = [r for r in group if r.injected]
        recorded = [{"id": r.id, **b} for r in group for b in r.false_blocks]
        out[name] = {
            "trajectories": len(group),
            "injected": len(injected),
            "false_blocks": len(recorded),
            "false_block_list": recorded,
            "unproposed": sum(r.unproposed for r in group),
            "repeated_writes": sum(r.repeated_writes for r in group),
            "finished": sum(1 for r in injected if r.finished),
            "not_finished": [r.id for r in injected if r.finished is False],
            "extra_executions": sum(r.extra_executions for r in group),
            "different_end_state": [r.id for r in group if not r.same_end_state],
            "model_calls": sum(r.model_calls for r in group),
            "wasted_model_calls": sum(r.wasted for r in injected),
            "searches": sum(r.searches for r in group),
            "errors": [f"{r.id}: {r.error}" for r in group if r.error],
            "stop_reasons": dict(sorted(stops.items())),
        }
    return out


def render(report: Mapping[str, Any]) -> str:
    """The replay table, then every false block and every unfinished recoverable run."""
    headers = [
        "run",
        "trajectories",
        "loop injected",
        "false blocks",
        "extra executions",
        "repeated writes",
        "end state as clean",
        "finished",
        "model calls wasted",
        "tool searches",
        "stop reasons",
    ]
    rows = []
    for name, m in report["summary"].items():
        clean = name == "clean"
        finished = "–" if clean else f"{m['finished']}/{m['injected']}"
        if name not in RECOVERABLE and not clean:
            finished = "(hopeless)"
        same = m["trajectories"] - len(m["different_end_state"])
        rows.append(
            [
                name,
                m["trajectories"],
                "–" if clean else m["injected"],
                m["false_blocks"] if clean else "–",
                m["extra_executions"],
                "–" if clean else m["repeated_writes"],
                "–" if clean else f"{same}/{m['trajectories']}",
                finished,
                "–" if name == "clean" else m["wasted_model_calls"],
                m["searches"],
                ", ".join(f"{k} {v}" for k, v in m["stop_reasons"].items()),
            ]
        )
    out = [table(headers, rows)]
    for name, m in report["summary"].items():
        for b in m["false_block_list"]:
            out.append(f"false block ({name}) {b['id']}: {b['tool']} {b['args']} -> {b['reason']}")
        if name in RECOVERABLE and m["not_finished"]:
            out.append(f"not finished ({name}): {', '.join(m['not_finished'])}")
        for e in m["errors"]:
            out.append(f"error ({name}) {e}")
    return "\n".join(out)


def failed(report: Mapping[str, Any]) -> bool:
    """Whether the shipped set's promises are broken.

    Promised: no false block clean; with loops injected, no repeated write, and every
    recoverable run finished.
    """
    s = report["summary"]
    clean = s.get("clean", {})
    if clean.get("false_blocks") or clean.get("errors"):
        return True
    for name in INJECTIONS:
        m = s.get(name)
        if m is None:
            continue
        if m["repeated_writes"] or m["errors"]:
            return True
        if name in RECOVERABLE and m["not_finished"]:
            return True
    return False


async def run_replay(
    path: str | Path | None,
    *,
    workdir: str | None = None,
    only: str | None = None,
    on_run: Callable[[Run], None] | None = None,
) -> dict[str, Any]:
    """`eval --replay`: load, replay clean and injected, summarise."""
    trajectories = load(path or shipped())
    if only:
        trajectories = [t for t in trajectories if only in t.id]
    runs = await replay_all(trajectories, workdir=workdir, on_run=on_run)
    return {"summary": summary(runs), "runs": [r.as_dict() for r in runs]}


# --- choosing max_repeat_rounds ------------------------------------------------------------------


def variant(spec: str, bound: int) -> str:
    """A domain spec whose intents stop after `bound` rounds of repeats without progress."""
    name = f"V_{re.sub(r'[^A-Za-z0-9]', '_', spec)}_{bound}"
    if name not in VARIANTS:
        domain = load_domain(spec)
        intents = tuple(
            dataclasses.replace(i, budget=dataclasses.replace(i.budget, max_repeat_rounds=bound))
            for i in domain.intents
        )
        VARIANTS[name] = dataclasses.replace(domain, intents=intents)
    return f"{__name__}:{name}"


@dataclass
class SweepRow:
    """One bound's outcome over the injected runs."""

    bound: int
    recoverable: int = 0
    finished: int = 0
    hopeless: int = 0
    wasted: int = 0
    repeated_writes: int = 0
    stops: Counter[str] = field(default_factory=Counter)
    changed: list[str] = field(default_factory=list)
    """Regression-set cases (`eval`) whose stop reason differs from the documented one."""


async def sweep(
    trajectories: Sequence[Trajectory],
    bounds: Sequence[int],
    *,
    workdir: str | None = None,
    on_run: Callable[[Run], None] | None = None,
) -> list[SweepRow]:
    """Per bound: recoverable runs finished, model calls wasted on hopeless ones."""
    out: list[SweepRow] = []
    cleans: dict[str, Run] = {}
    for bound in bounds:
        row = SweepRow(bound)
        runs = await replay_all(
            trajectories,
            injections=INJECTIONS,
            workdir=workdir,
            domain_for=lambda t, b=bound: variant(t.domain, b),  # type: ignore[misc]
            on_run=on_run,
            cleans=cleans,
        )
        for r in runs:
            if not r.injected:
                continue
            row.repeated_writes += r.repeated_writes
            row.stops.update(r.stop_reasons)
            if r.injection in RECOVERABLE:
                row.recoverable += 1
                row.finished += int(bool(r.finished))
            else:
                row.hopeless += 1
                row.wasted += r.wasted
        row.changed = await regression_changes(bound, workdir=workdir)
        out.append(row)
    return out


async def regression_changes(bound: int, *, workdir: str | None = None) -> list[str]:
    """The regression set's cases that end with another stop reason under this bound.

    Only the scripted repeaters' cases (repeat, alternate, forget): no other case repeats a
    call that succeeded, so the bound cannot change them.
    """
    from graph.evals.cases import load_cases

    changed: list[str] = []
    repeaters = ("scripted:repeat", "scripted:alternate", "scripted:forget")
    with tempfile.TemporaryDirectory(prefix="loopguard-sweep-", dir=workdir) as tmp:
        for case in (c for c in load_cases() if c.model in repeaters):
            where = Path(tmp) / case.id
            where.mkdir()
            context = Context(
                model=case.model,
                domain=variant("tools.examples:DOMAIN", bound),
                roles=list(case.roles),
                db=str(where / "agent.sqlite"),
                store=str(where / "business.sqlite"),
            )
            out = await run_request(case.request, thread_id=case.id, context=context)
            if out.get("stop_reason") != case.expect.stop_reason:
                changed.append(f"{case.id} → {out.get('stop_reason')}")
    return changed


def render_sweep(rows: Sequence[SweepRow]) -> str:
    """The trade-off table the README publishes."""
    headers = [
        "max_repeat_rounds",
        "recoverable runs finished",
        "model calls wasted per hopeless run",
        "repeated writes",
        "regression set: stop reason changed",
    ]
    body = [
        [
            r.bound,
            f"{r.finished}/{r.recoverable} ({r.finished / r.recoverable:.0%})"
            if r.recoverable
            else "–",
            f"{r.wasted / r.hopeless:.1f}" if r.hopeless else "–",
            r.repeated_writes,
            ", ".join(r.changed) or "none",
        ]
        for r in rows
    ]
    return table(headers, body)


def sample(trajectories: Sequence[Trajectory], every: int) -> list[Trajectory]:
    """Every `every`-th trajectory: a spread over domains for a quicker sweep."""
    return list(trajectories[:: max(1, every)])

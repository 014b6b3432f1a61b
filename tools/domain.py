"""Domains: the intents, slots, checklists, budgets and tools an agent serves.

A domain is pure declaration. The graph in `graph/` and the nodes in `nodes/` read it at run
time and never name a concrete intent or tool, so a new domain plugs in from its own module
(`Context.domain = "my_pkg.my_domain:DOMAIN"`) with no edit to either.

A task nobody can write a checklist for ("clean up my downloads folder") is an open-ended
intent (`open_intent`, or a whole domain from a list of tools: `Domain.from_tools`): it ends
when the model answers with no failed call left unresolved, or when the domain's
done-condition holds, and every loop check applies to it as to any other.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ValidationError

from tools.errors import ConfigError
from tools.registry import ToolRegistry as ToolRegistry  # a domain module imports it here

if TYPE_CHECKING:
    from tools.registry import Ranker

if TYPE_CHECKING:
    from tools.adapters import EffectOverride

BAD_DOMAIN_SPEC = "domain {spec!r} must look like 'package.module:ATTRIBUTE'"
DOMAIN_IMPORT = "domain module {module!r} could not be imported: {error}"
DOMAIN_MISSING = "module {module!r} has no attribute {attr!r}; expected a Domain there"
NOT_A_DOMAIN = "{spec!r} is a {kind}, not a tools.domain.Domain"
UNKNOWN_STEP_TOOL = "intent {intent!r}: step {step!r} uses tool {tool!r}, which is not registered"

BAD_MAX_TOOLS = "intent {intent!r}: max_tools must be at least 1, got {k}"
BAD_POLICY = "intent {intent!r}: policy must be one of {known}, got {policy!r}"
OPEN_WITH_STEPS = (
    "intent {intent!r} is open-ended and has steps; a checklist intent is not open-ended "
    "(drop open_ended=True), an open-ended one has no steps"
)
NO_TOOLS = "a domain from tools needs at least one tool"
NOT_TOOLS = "{spec!r} holds a {kind}; expected a Domain or a list of LangChain tools"
DEFAULT_MAX_TOOLS = 5
"""K: tools offered per model call. Fewer candidates are offered as declared, unranked."""
BASE_TOKENS = 20_000
"""Tokens a task's conversation gets besides the tool schemas it carries (`Budget.token_limit`)."""

StepPolicy = Literal["model", "hint", "workflow"]
"""Who proposes a checklist step whose arguments the slots and earlier results determine:

- "model": the model, always (the runtime only tells it what is next);
- "hint": the model first; once it has been shown the step as next and left it open, the
  runtime proposes the call itself;
- "workflow": the runtime, directly; the model is asked only for steps it cannot determine.

Either way the call goes through the guard, the ledger and the trace like any other.
"""
STEP_POLICIES: tuple[StepPolicy, ...] = StepPolicy.__args__  # type: ignore[attr-defined]
DEFAULT_POLICY: StepPolicy = "hint"
"""The policy of a run that sets none, for an intent that declares none, with a model that
prefers none. Chosen by measurement (docs/real-models.md): with a 0.5B local model `hint`
completed 34 of 36 requests and `model` 29; with a model that follows the task state both
complete all 36. The scripted misbehaving models prefer `model` (`graph/models.py`)."""


@dataclass(frozen=True, kw_only=True)
class Budget:
    """Per-intent limits, checked by the guard before anything executes.

    The time limits are sized for a small model on a CPU, not for a hosted API: one turn of a
    0.5B model took up to 57 s on a loaded 2-core machine, so a model call gets minutes of
    its own and a run gets several such calls plus its tools. Tighten them for hosted models.

    Attributes:
        max_rounds: Model turns that propose tool calls, blocked ones included.
        max_calls: Tool calls the guard lets through to the executor.
        max_tokens: Model tokens (input + output, from usage metadata). None: sized from
            what every model call carries, `BASE_TOKENS` plus the offered tools' schemas
            once per model call the round budget allows (`token_limit`).
        max_seconds: Seconds of the whole task spent in the model and the tools (not
            waiting for a human); also the executor's deadline for the task's tool calls.
        max_model_seconds: Seconds one model call may take; a call still running then is
            abandoned and the run stops with `time_budget`.
        max_stall_rounds: Consecutive rounds with no new checklist item or evidence.
        max_repeat_rounds: Consecutive rounds with no progress in which the model repeated a
            call that already succeeded: each repeat is answered from the record (then
            refused) and the run goes on while other calls make progress; this many rounds
            without any stops it with `duplicate_call`. Chosen by measurement
            (`python -m graph eval --replay`, README "Use your own tools").
        max_strikes: Violations of one kind before the run stops (feedback, block, stop).
    """

    max_rounds: int = 6
    max_calls: int = 8
    max_tokens: int | None = None
    max_seconds: float = 600.0
    max_model_seconds: float = 300.0
    max_stall_rounds: int = 3
    max_repeat_rounds: int = 5
    max_strikes: int = 3

    def token_limit(self, schema_tokens: int) -> int:
        """The token budget: the explicit one, else sized from the offered tools' schemas.

        Every model call carries the schemas of the tools it is offered, so a fixed budget
        stops a task whose schemas alone are large before its model has done anything. The
        default gives the conversation `BASE_TOKENS` and adds the schemas once per model
        call the round budget allows (each round, and the closing answer).
        """
        if self.max_tokens is not None:
            return self.max_tokens
        return BASE_TOKENS + (self.max_rounds + 1) * max(0, schema_tokens)

    def merged(self, overrides: Mapping[str, Any]) -> Budget:
        """Apply non-None overrides from the runtime context (e.g. a Studio form)."""
        changes = {k: v for k, v in overrides.items() if v is not None and hasattr(self, k)}
        return replace(self, **changes) if changes else self

    def graph_steps(self) -> int:
        """The recursion limit this budget implies, as a last-resort fuse above it.

        A round is at most propose, guard, execute, state_update and verifier (a refused
        one: propose, guard, verifier); a run adds router, tool_loader, fallback (twice
        around an interrupt), the guard again for a call a human approved, respond and a
        margin.
        """
        return 5 * (self.max_rounds + 1) + 10


@dataclass(frozen=True, kw_only=True)
class Step:
    """One checklist item and the call that satisfies it.

    The item is ticked only by a successful execution of `tool` whose validated arguments
    include `args(slots)`: a model cannot tick it by claiming success, or by calling the
    right tool with the wrong period. The same arguments bind the call before it runs: the
    guard refuses a write that contradicts them (`IntentSpec.check`), unless `free` names
    the argument.
    """

    name: str
    tool: str
    args: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda _slots: {}
    description: str = ""
    after: tuple[str, ...] = ()
    """Steps that must be done first: a matching call before them does not tick this one
    (a re-read after a write is a different step from the read before it), and a write
    before them does not run."""
    inputs: Mapping[str, str] = field(default_factory=dict)
    """Argument -> "step.field" taken from an earlier step's evidence (a submitted job's id).

    These are references: their value must come from a result this run has seen, so a
    value the model made up is refused before the call runs, whatever its format."""
    free: frozenset[str] = frozenset()
    """Arguments left to the model: `args` only suggests them (the plan shows the value),
    and neither the guard nor the tick compares them."""
    done_when: Callable[[Mapping[str, Any]], bool] | None = None
    """Whether a successful result finishes the step (the job is done, the last page came
    back). None: any matching success does. A success that does not is kept as progress."""
    next_args: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    """Arguments of the next call, from the last partial result (the next page's cursor)."""

    def prerequisites(self) -> tuple[str, ...]:
        """Steps this one waits for: `after` plus every step an input comes from."""
        sources = tuple(ref.split(".", 1)[0] for ref in self.inputs.values())
        return tuple(dict.fromkeys((*self.after, *sources)))

    def expected(
        self, slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The arguments a call must carry to count for this step: slots plus inputs."""
        out = dict(self.args(slots))
        for arg, ref in self.inputs.items():
            source, _, key = ref.partition(".")
            value = evidence.get(source, {}).get(key)
            if value is not None:
                out[arg] = value
        return out

    def bound(
        self, slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The arguments code decided (`expected` without the free ones)."""
        return {k: v for k, v in self.expected(slots, evidence).items() if k not in self.free}


@dataclass(frozen=True)
class StepCheck:
    """How a proposed call stands against the checklist before it runs (`IntentSpec.check`).

    Attributes:
        step: The step it is judged against; None when no step of the intent uses its tool
            (the call is the model's own business, judged by the guard's other checks).
        ticks: It would tick `step` if it succeeded.
        missing: Steps that must be done first and are not.
        differs: Argument -> the value code decided, for each bound argument the call
            contradicts.
        unseen: Argument -> the "step.field" it must come from, for each reference whose value
            no result of this run holds.
    """

    step: Step | None
    ticks: bool = False
    missing: tuple[Step, ...] = ()
    differs: Mapping[str, Any] = field(default_factory=dict)
    unseen: Mapping[str, str] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        """Nothing about the call contradicts the checklist."""
        return not (self.missing or self.differs or self.unseen)


def _canon(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        value = " ".join(value.split())
    return json.dumps(value, sort_keys=True, default=str)


def args_match(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> bool:
    """True when every expected argument has that value in the actual call."""
    return all(_canon(actual.get(k)) == _canon(v) for k, v in expected.items())


@dataclass(frozen=True)
class TaskView:
    """What a done-condition may look at: the task's verified results and writes.

    Attributes:
        request: The user's request.
        results: Tool -> the data of its last successful call in this task.
        writes: Each write of the task that took effect: {"tool", "args", "receipt"}.
        store_path: The business store the tools use (`Context.store`), for a condition
            that checks the backend itself.
        user_id: The caller.
    """

    request: str
    results: Mapping[str, Mapping[str, Any]]
    writes: tuple[Mapping[str, Any], ...]
    store_path: str
    user_id: str


DoneCondition = Callable[[TaskView], bool]
"""A predicate on results or on the backend's state: True when the task is done."""


SlotExtractor = Callable[[str, date], Mapping[str, Any] | None]
Summarizer = Callable[[Mapping[str, Any], Mapping[str, Mapping[str, Any]]], str]
CardPolicy = Callable[[Mapping[str, Mapping[str, Any]]], dict[str, Any] | None]


@dataclass(frozen=True, kw_only=True)
class IntentSpec:
    """An intent: how to recognise it, its slots, the tools it may use and what 'done' means.

    Attributes:
        name: Intent id, recorded in state and traces.
        description: One line, shown to the model in the task block and to the router's
            classifier; say what the intent does, not how.
        extract: Deterministic rules returning raw slots, or None when the text is not this
            intent: the router's fast, exact path. Dates and periods are computed here, in
            code; a value given as `tools.slots.Found` carries the words it came from.
        slots_model: Validates the raw slots (enums, formats) before any tool is offered.
        steps: The checklist, in the order a sensible plan would follow.
        budget: Limits for one task of this intent.
        summarize: Composes the final answer from slots and per-step evidence.
        card: Picks a UI card from the structured evidence; never a model tool.
        max_tools: K, the most tools the loader offers per model call. An intent with more
            candidates gets the K that best match the request (lexical search), and may be
            widened once by K more when the model asks for a tool it was not offered.
        namespaces: Only tools of these namespaces serve the intent; empty means any.
        namespace_slot: A slot naming one namespace ("billing"); when the router fills it,
            only that namespace's tools are candidates (unless it has none).
        examples: Requests people really send for this intent, in every language you serve,
            terse and casual ones too. When the rules match nothing, the router's classifier
            picks the intent from these and the description (a chat model by structured
            output, or a lexical classifier offline). An intent without examples is routed
            by its rules alone. Check them with `python -m graph eval --router`.
        fill: Slots from any request once the classifier chose this intent, partial allowed
            (the slots model then says what is missing). None: `extract`, else no slots.
        write_cues: Words that ask for this intent's change ("file", "报销"), added to the
            router's own lexicon (`nodes/cues.py`). A request routed to an intent with a write
            tool must contain one, not negated and not in a question, or it is routed to a
            read intent or answered with a clarifying question. A cue written with a
            leading "^" asks only as a clause of its own, courtesy aside ("^helpdesk
            ticket": "headset dead. helpdesk ticket, no need to ping me" asks for one, "my
            helpdesk ticket" and "helpdesk ticket status" name one that exists).
        required_evidence: Slots a write may only use when the request's own words gave
            them (an amount, a reading, an order number): a default, or a number that
            belongs to a period, a date, an ordinal or a quantity, does not count. For an
            intent with a write tool, every slot its slots model requires needs evidence too,
            unless listed in `assumed`.
        assumed: Required slots whose default computed by code is what a request that
            does not name them means (today's date for a claim, the window of a follow-up
            read), so a write may use the default. Any other required slot with no words of
            the request behind it (a category guessed as "other") makes the run ask.
        entry_words: Words that name what a line with no verb records ("bp", "血压", a
            claim's categories "taxi", "lunch"), for an intent people write to as a log:
            "bp 121/79 this morning" or "cab 27 USD on monday" asks for the change when
            the line is one of these words and the values the intent needs (every slot
            its write needs words for), with at most words that describe the entry
            ("diesel for the van 68.40 EUR today"). Not a question, a refusal or a bare
            value ("127/84", "taxi 41" with no currency): those are asked about.
        entry_not_words: Words that make a line no entry of the intent although it holds
            its values: another measure told beside a reading ("收缩压 127 舒张压 83 脉搏
            65" is a device's record pasted, pulse and all).
        checked_conditions: States the write's own tool checks before it changes anything
            ("not shipped", "还没发货" for a cancellation that only takes an order still
            processing). A condition that says nothing but one of them ("if it hasn't
            shipped yet, cancel order 10086") is the write's own, so the request asks for
            the change now; any other condition ("by Wednesday", "if the trip gets
            approved") still asks for nothing now. Words as the user writes the state;
            "has", "been", "yet" and the subject ("it", "order 10086") are read around them.
        entry_slots: Slots an entry line must also give words for, beyond those the write
            needs: a log whose lines without a day are notes, not entries, lists its day
            here. The example domains list none: "lunch 15 eur" is today's claim, as
            writers label it; a day named that no rule reads ("dinner 31 eur 12th") still
            makes the line no entry.
        entry_routes: Whether an entry line runs the write. Off by default: a line with no
            word asking for a change may be a note, a price or a question cut short, and a
            request whose words do not ask for a change never runs a write; the run asks,
            naming what it would write (`entry_request`). A domain whose users really log
            this way (a personal log, a scanner's output, both example domains) opts in.
        entry_request: How to ask for the entry's change, with the line's slots filled in
            (`str.format` fields named after slots): "file a {category} claim of {amount}
            {currency} for {date}". The clarifying answer to an entry line quotes it. Empty:
            the answer names the intent and the values.
        policy: Who proposes the steps whose arguments are determined (`StepPolicy`); a
            strict procedure declares "workflow". None: the run's model decides
            (`graph.models.preferred_policy`), else `DEFAULT_POLICY`.
        open_ended: No checklist: the task completes when the model answers with no failed
            call left unresolved (the answer says it was not verified by a checklist), or
            when `done_when` holds. Build one with `open_intent`.
        done_when: For an open-ended intent, what "done" means when the domain can say it:
            the verifier completes the task as soon as it holds, and does not accept an
            answer while it does not.
    """

    name: str
    description: str
    extract: SlotExtractor
    slots_model: type[BaseModel]
    steps: tuple[Step, ...]
    budget: Budget = field(default_factory=Budget)
    summarize: Summarizer | None = None
    card: CardPolicy | None = None
    max_tools: int = DEFAULT_MAX_TOOLS
    namespaces: frozenset[str] = frozenset()
    namespace_slot: str | None = None
    examples: tuple[str, ...] = ()
    fill: SlotExtractor | None = None
    write_cues: tuple[str, ...] = ()
    required_evidence: tuple[str, ...] = ()
    assumed: tuple[str, ...] = ()
    entry_words: tuple[str, ...] = ()
    entry_not_words: tuple[str, ...] = ()
    checked_conditions: tuple[str, ...] = ()
    entry_slots: tuple[str, ...] = ()
    entry_routes: bool = False
    entry_request: str = ""
    policy: StepPolicy | None = None
    open_ended: bool = False
    done_when: DoneCondition | None = None

    def plan(
        self,
        slots: Mapping[str, Any],
        checklist: Mapping[str, bool],
        evidence: Mapping[str, Mapping[str, Any]],
    ) -> list[dict[str, Any]]:
        """The steps as a model sees them: the arguments of each one's next call, and done.

        A step in progress (a job still running, pages left) shows the arguments its
        `next_args` derives from the last result, so any model, the offline one included,
        can poll or page without knowing what a cursor or a job is.
        """
        out: list[dict[str, Any]] = []
        for step in self.steps:
            done = bool(checklist.get(step.name, False))
            args = step.expected(slots, evidence)
            progress = evidence.get(step.name)
            if not done and progress and step.next_args is not None:
                args |= step.next_args(progress)
            out.append({"step": step.name, "tool": step.tool, "args": args, "done": done})
        return out

    def check(
        self,
        slots: Mapping[str, Any],
        checklist: Mapping[str, bool],
        evidence: Mapping[str, Mapping[str, Any]],
        tool: str,
        args: Mapping[str, Any],
        *,
        seen: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
        skip: frozenset[str] = frozenset(),
    ) -> StepCheck:
        """Judge a proposed call against the step it would tick, before it runs; pure.

        The step is the open one of `tool` the call agrees with (else the first open one, or,
        with every one done, the one it repeats): what it still needs, which decided
        arguments it contradicts, and which references it makes up.

        Args:
            slots: The task's slots.
            checklist: Step name -> done.
            evidence: Step name -> the data that ticked it (or its progress).
            tool: The called tool.
            args: The call's arguments.
            seen: Tool -> data of its successful results in this run: where a reference's
                value may come from besides its step's evidence.
            skip: Arguments not known yet (they come from another call of the turn).
        """
        candidates = [s for s in self.steps if s.tool == tool]
        if not candidates:
            return StepCheck(None)
        judged = [
            self._judge_step(s, slots, checklist, evidence, args, seen or {}, skip)
            for s in candidates
        ]
        waiting = [c for s, c in zip(candidates, judged, strict=True) if not checklist.get(s.name)]
        for found in (
            next((c for c in waiting if c.ticks), None),
            next((c for c in waiting if not c.differs), None),
            waiting[0] if waiting else None,
            next((c for c in judged if not c.differs), None),
        ):
            if found is not None:
                return found
        return judged[-1]

    def _judge_step(
        self,
        step: Step,
        slots: Mapping[str, Any],
        checklist: Mapping[str, bool],
        evidence: Mapping[str, Mapping[str, Any]],
        args: Mapping[str, Any],
        seen: Mapping[str, Sequence[Mapping[str, Any]]],
        skip: frozenset[str],
    ) -> StepCheck:
        steps = {s.name: s for s in self.steps}
        differs = {
            k: v
            for k, v in step.bound(slots, evidence).items()
            if k not in skip and _canon(args.get(k)) != _canon(v)
        }
        missing = tuple(
            steps[p] for p in step.prerequisites() if p in steps and not checklist.get(p)
        )
        unseen: dict[str, str] = {}
        for arg, ref in step.inputs.items():
            if arg in skip or arg in step.free or args.get(arg) is None:
                continue
            source, _, key = ref.partition(".")
            values = [evidence.get(source, {}).get(key)]
            if source in steps:
                values += [data.get(key) for data in seen.get(steps[source].tool, ())]
            if not any(v is not None and _canon(v) == _canon(args[arg]) for v in values):
                unseen[arg] = ref
        done = bool(checklist.get(step.name))
        ticks = not (done or differs or missing or unseen)
        return StepCheck(step, ticks, missing, differs, unseen)

    def apply(
        self,
        slots: Mapping[str, Any],
        checklist: Mapping[str, bool],
        evidence: Mapping[str, Mapping[str, Any]],
        tool: str,
        args: Mapping[str, Any],
        data: Mapping[str, Any],
    ) -> tuple[dict[str, bool], dict[str, dict[str, Any]], bool]:
        """Fold one successful execution into the checklist; pure, so any harness can use it.

        Returns:
            The new checklist, the new evidence and whether a step was ticked. A matching
            result that does not finish its step (`done_when`) is stored as the step's
            progress without ticking it.
        """
        new_checklist = dict(checklist)
        new_evidence = {k: dict(v) for k, v in evidence.items()}
        ticked = False
        if self.open_ended:
            # No steps to tick: the evidence is each tool's last verified result, which the
            # done-condition and the answer read.
            new_evidence.pop(tool, None)  # re-inserted last: the dict is in recency order
            new_evidence[tool] = dict(data)
        for step in self.steps:
            if new_checklist.get(step.name) or step.tool != tool:
                continue
            if not all(checklist.get(p) for p in step.prerequisites()):
                continue  # judged on the checklist before this result: one call, one stage
            if not args_match(step.bound(slots, new_evidence), args):
                continue
            new_evidence[step.name] = dict(data)
            if step.done_when is None or step.done_when(data):
                new_checklist[step.name] = True
                ticked = True
        return new_checklist, new_evidence, ticked


OPEN_GOAL = "Do what the user asks with the tools offered, then answer briefly."
OPEN_BUDGET = Budget(max_rounds=16, max_calls=24)
"""An open-ended task's length is not known in advance: more rounds than a declared intent's,
still bounded; the loop checks, not this budget, are what stop a loop."""


class NoSlots(BaseModel):
    """An open-ended intent reads no slots from the request: the model works from its text."""


def match_any(text: str, today: date) -> dict[str, Any]:
    """The rule of a catch-all intent: every request matches it, with no slots."""
    return {}


def open_intent(
    name: str,
    description: str = OPEN_GOAL,
    *,
    extract: SlotExtractor = match_any,
    done_when: DoneCondition | None = None,
    budget: Budget | None = None,
    max_tools: int = DEFAULT_MAX_TOOLS,
) -> IntentSpec:
    """An intent with no checklist. Its tools are the registry's tools that list `name`.

    In a domain of declared intents, put it last with its own `extract`: it catches what the
    declared ones do not, and still runs every loop check.
    """
    return IntentSpec(
        name=name,
        description=description,
        extract=extract,
        slots_model=NoSlots,
        steps=(),
        budget=budget or OPEN_BUDGET,
        max_tools=max_tools,
        open_ended=True,
        done_when=done_when,
    )


_NOT_GIVEN: Any = object()
"""A slot error's `found` when the request gave no value (pydantic's "missing")."""


class SlotError(ValueError):
    """Raised when an intent matched but a slot value is outside its allowed set.

    Attributes:
        found: The value the request gave, when it gave one: the user reads what was
            understood beside what is allowed ("got '21d'"), so a misread is visible.
    """

    def __init__(self, intent: str, field_name: str, message: str, found: Any = _NOT_GIVEN) -> None:
        detail = message if found is _NOT_GIVEN else f"{message}, got {found!r}"
        super().__init__(f"{intent}: {field_name}: {detail}")
        self.intent = intent
        self.field_name = field_name
        self.detail = detail
        self.found = None if found is _NOT_GIVEN else found


def error_message(error: Mapping[str, Any]) -> str:
    """A pydantic error's message as its validator wrote it, without "Value error, ".

    A domain's own check ("systolic, the higher number, comes first") is already the
    sentence a user should read; a date that is not one says so in a few words.
    """
    if error.get("type") == "value_error" and (cause := error.get("ctx", {}).get("error")):
        return str(cause)
    if str(error.get("type", "")).startswith("date_"):
        # pydantic's parser detail ("invalid character in hour") tells a user nothing; a
        # value naming two days ("2026-02-03 or 2026-03-02") is shown beside this
        return "Input should be one date, YYYY-MM-DD"
    return str(error["msg"])


def validate_slots(intent: IntentSpec, values: Mapping[str, Any]) -> dict[str, Any]:
    """The intent's slots validated by its slots model, as JSON-ready values.

    Raises:
        SlotError: A slot is missing or outside its allowed set, named so the caller can ask
            a precise clarifying question.
    """
    try:
        slots = intent.slots_model.model_validate(dict(values))
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"]) or "slots"
        found = _NOT_GIVEN if first["type"] == "missing" else first.get("input", _NOT_GIVEN)
        raise SlotError(intent.name, loc, error_message(first), found) from None
    return slots.model_dump(mode="json")


@dataclass(frozen=True, kw_only=True)
class Domain:
    """Everything an agent serves: intents, tools and which roles may use what."""

    name: str
    intents: tuple[IntentSpec, ...]
    tools: ToolRegistry
    role_permissions: Mapping[str, frozenset[str]] = field(default_factory=dict)
    clarify: str = "I can't help with that request yet. Could you rephrase it?"
    ranker: Ranker | None = None
    """Orders an intent's candidates when there are more than `max_tools`; None is the
    lexical default (`nodes.search.ranker`, docs/search.md)."""
    pinyin: Mapping[str, str] = field(default_factory=dict)
    """Toneless pinyin of the domain's own words and the characters its cues use
    (`{"bao xiao": "报销"}`): people type Chinese without an input method, and the router
    reads these beside the everyday words it knows (`nodes.cues.pinyin`)."""

    def __post_init__(self) -> None:
        for intent in self.intents:
            if intent.max_tools < 1:
                msg = BAD_MAX_TOOLS.format(intent=intent.name, k=intent.max_tools)
                raise ConfigError(msg)
            if intent.policy is not None and intent.policy not in STEP_POLICIES:
                msg = BAD_POLICY.format(
                    intent=intent.name, known=", ".join(STEP_POLICIES), policy=intent.policy
                )
                raise ConfigError(msg)
            if intent.open_ended and intent.steps:
                raise ConfigError(OPEN_WITH_STEPS.format(intent=intent.name))
            for step in intent.steps:
                if step.tool not in self.tools:
                    msg = UNKNOWN_STEP_TOOL.format(
                        intent=intent.name, step=step.name, tool=step.tool
                    )
                    raise ConfigError(msg)

    @classmethod
    def from_tools(
        cls,
        tools: Sequence[Any],
        *,
        name: str = "tools",
        description: str = OPEN_GOAL,
        effects: Mapping[str, EffectOverride] | None = None,
        done_when: DoneCondition | None = None,
        budget: Budget | None = None,
        max_tools: int = DEFAULT_MAX_TOOLS,
        namespace: str | None = None,
        approve_destructive: bool = False,
    ) -> Domain:
        """A domain of one open-ended intent over a list of tools, taken as they are.

        Args:
            tools: LangChain tools (`@tool`, `StructuredTool`, MCP tools from
                `langchain-mcp-adapters`) or `ToolSpec`s.
            name: The domain's name; also its one intent's and the tools' default namespace.
            description: The goal the model is shown.
            effects: Tool name -> "read", "write" or "idempotent", where a tool's MCP
                annotations are missing or wrong; a tool nobody describes is a write.
            done_when: When the task is done, if the domain can say (`DoneCondition`).
            budget: Limits per task; default `OPEN_BUDGET`.
            max_tools: K, the tools offered at once; the model can search for the rest.
            namespace: The tools' namespace when it is not the domain's name.
            approve_destructive: Writes the server marks destructive wait for a human.

        Raises:
            ConfigError: No tools, a duplicate name, or an override for an unknown tool.
        """
        from tools.adapters import tool_specs

        if not tools:
            raise ConfigError(NO_TOOLS)
        specs = tool_specs(
            tools,
            namespace=namespace or name,
            intents=(name,),
            effects=effects,
            approve_destructive=approve_destructive,
        )
        return cls(
            name=name,
            tools=ToolRegistry(specs),
            intents=(
                open_intent(
                    name,
                    description,
                    done_when=done_when,
                    budget=budget or OPEN_BUDGET,
                    max_tools=max_tools,
                ),
            ),
        )

    def intent(self, name: str) -> IntentSpec:
        """The intent called `name`; a KeyError means state and domain disagree."""
        for intent in self.intents:
            if intent.name == name:
                return intent
        raise KeyError(name)

    def route(self, text: str, today: date) -> tuple[IntentSpec, dict[str, Any]] | None:
        """First intent whose rules match, with validated slots; None when nothing matches.

        Only the rules: the router (`nodes/router.py`) adds the classifier and the write gate.

        Raises:
            SlotError: The intent matched but a slot failed validation (e.g. an unsupported
                period), so the caller can ask a precise clarifying question.
        """
        from tools.slots import split_found  # its patterns compile only where rules run

        for intent in self.intents:
            raw = intent.extract(text, today)
            if raw is None:
                continue
            values, _ = split_found(dict(raw))
            return intent, validate_slots(intent, values)
        return None

    def write_tools(self, intent: str) -> frozenset[str]:
        """The tools that change data serving the intent: its steps' and any other's."""
        spec = self.intent(intent)
        names = {
            s.tool for s in spec.steps if (t := self.tools.get(s.tool)) and t.effect == "write"
        }
        names |= {t.name for t in self.tools if t.effect == "write" and intent in t.intents}
        return frozenset(names)

    def writes(self, intent: str) -> bool:
        """Whether any tool serving the intent changes data."""
        return bool(self.write_tools(intent))

    def permissions(self, roles: tuple[str, ...] | list[str]) -> frozenset[str]:
        """Union of the permissions granted by the caller's roles."""
        granted: set[str] = set()
        for role in roles:
            granted |= self.role_permissions.get(role, frozenset())
        return frozenset(granted)

    def max_graph_steps(self, overrides: Mapping[str, Any]) -> int:
        """Recursion limit covering this domain's largest budget after overrides."""
        budgets = [i.budget.merged(overrides) for i in self.intents] or [Budget()]
        return max(b.graph_steps() for b in budgets)


@cache
def _import_domain(spec: str) -> Domain:
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        msg = BAD_DOMAIN_SPEC.format(spec=spec)
        raise ConfigError(msg)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        msg = DOMAIN_IMPORT.format(module=module_name, error=exc)
        raise ConfigError(msg) from None
    if not hasattr(module, attr):
        msg = DOMAIN_MISSING.format(module=module_name, attr=attr)
        raise ConfigError(msg)
    domain = getattr(module, attr)
    if isinstance(domain, Domain):
        return domain
    if isinstance(domain, list | tuple) and domain:
        try:
            return Domain.from_tools(list(domain), name=_domain_name(attr))
        except ConfigError as exc:
            raise ConfigError(f"{spec}: {exc}") from None
    msg = NOT_A_DOMAIN.format(spec=spec, kind=type(domain).__name__)
    raise ConfigError(msg)


def _domain_name(attr: str) -> str:
    return attr.lower() if attr.isupper() else attr


@cache
def _mcp_domain(path: str, mtime: float) -> Domain:
    from tools.adapters import load_mcp_config, mcp_tools_sync

    servers = load_mcp_config(path)
    tools = mcp_tools_sync(servers, where=path)
    return Domain.from_tools(tools, name="mcp", description=OPEN_GOAL)


def is_mcp_config(spec: str) -> bool:
    """A domain setting that names an MCP config file rather than a module."""
    return spec.endswith(".json")


def load_domain(spec: str | Domain) -> Domain:
    """Resolve a domain given as an object, 'module:ATTRIBUTE' or an MCP config file.

    'module:ATTRIBUTE' may name a `Domain` or a list of LangChain tools (an open-ended
    domain over them, `Domain.from_tools`); a path ending in `.json` is an MCP config
    (`tools.adapters.load_mcp_config`), whose servers' tools are listed once per process
    and again when the file changes.
    """
    if isinstance(spec, Domain):
        return spec
    if is_mcp_config(spec):
        try:
            mtime = Path(spec).stat().st_mtime
        except OSError as exc:
            msg = f"MCP config {spec}: {exc.strerror or exc}; pass the path of a JSON file"
            raise ConfigError(msg) from None
        return _mcp_domain(str(Path(spec).resolve()), mtime)
    return _import_domain(spec)

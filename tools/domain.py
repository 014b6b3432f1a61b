"""Domains: the intents, slots, checklists, budgets and tools an agent serves.

A domain is pure declaration. The graph in `graph/` and the nodes in `nodes/` read it at run
time and never name a concrete intent or tool, so a new domain plugs in from its own module
(`Context.domain = "my_pkg.my_domain:DOMAIN"`) with no edit to either.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from tools.errors import ConfigError
from tools.registry import ToolRegistry

BAD_DOMAIN_SPEC = "domain {spec!r} must look like 'package.module:ATTRIBUTE'"
DOMAIN_IMPORT = "domain module {module!r} could not be imported: {error}"
DOMAIN_MISSING = "module {module!r} has no attribute {attr!r}; expected a Domain there"
NOT_A_DOMAIN = "{spec!r} is a {kind}, not a tools.domain.Domain"
UNKNOWN_STEP_TOOL = "intent {intent!r}: step {step!r} uses tool {tool!r}, which is not registered"

BAD_MAX_TOOLS = "intent {intent!r}: max_tools must be at least 1, got {k}"
BAD_POLICY = "intent {intent!r}: policy must be one of {known}, got {policy!r}"
DEFAULT_MAX_TOOLS = 5
"""K: tools offered per model call. Fewer candidates are offered as declared, unranked."""

StepPolicy = Literal["model", "hint", "workflow"]
"""Who proposes a checklist step whose arguments the slots and earlier results determine:

- "model": the model, always (the runtime only tells it what is next);
- "hint": the model first; once it has been shown the step as next and left it open, the
  runtime proposes the call itself;
- "workflow": the runtime, directly; the model is asked only for steps it cannot determine.

Either way the call goes through the guard, the ledger and the trace like any other.
"""
STEP_POLICIES: tuple[StepPolicy, ...] = StepPolicy.__args__  # type: ignore[attr-defined]
DEFAULT_POLICY: StepPolicy = "model"


@dataclass(frozen=True, kw_only=True)
class Budget:
    """Per-intent limits, checked by the guard before anything executes.

    Attributes:
        max_rounds: Model turns that propose tool calls, blocked ones included.
        max_calls: Tool calls the guard lets through to the executor.
        max_tokens: Model tokens (input + output, from usage metadata).
        max_seconds: Seconds spent in the model and the tools (not waiting for a human).
        max_stall_rounds: Consecutive rounds with no new checklist item or evidence.
        max_strikes: Violations of one kind before the run stops (feedback, block, stop).
    """

    max_rounds: int = 6
    max_calls: int = 8
    max_tokens: int = 20_000
    max_seconds: float = 60.0
    max_stall_rounds: int = 3
    max_strikes: int = 3

    def merged(self, overrides: Mapping[str, Any]) -> Budget:
        """Apply non-None overrides from the runtime context (e.g. a Studio form)."""
        changes = {k: v for k, v in overrides.items() if v is not None and hasattr(self, k)}
        return replace(self, **changes) if changes else self

    def graph_steps(self) -> int:
        """The recursion limit this budget implies, as a last-resort fuse above it.

        A round is at most propose, guard, execute, state_update and verifier; a run adds
        router, tool_loader, fallback (twice around an interrupt), respond and a margin.
        """
        return 5 * (self.max_rounds + 1) + 8


@dataclass(frozen=True, kw_only=True)
class Step:
    """One checklist item and the call that satisfies it.

    The item is ticked only by a successful execution of `tool` whose validated arguments
    include `args(slots)`: a model cannot tick it by claiming success, or by calling the
    right tool with the wrong period.
    """

    name: str
    tool: str
    args: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda _slots: {}
    description: str = ""
    after: tuple[str, ...] = ()
    """Steps that must be done first: a matching call before them does not tick this one
    (a re-read after a write is a different step from the read before it)."""
    inputs: Mapping[str, str] = field(default_factory=dict)
    """Argument -> "step.field" taken from an earlier step's evidence (a submitted job's id)."""
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


def _canon(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        value = " ".join(value.split())
    return json.dumps(value, sort_keys=True, default=str)


def args_match(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> bool:
    """True when every expected argument has that value in the actual call."""
    return all(_canon(actual.get(k)) == _canon(v) for k, v in expected.items())


SlotExtractor = Callable[[str, date], Mapping[str, Any] | None]
Summarizer = Callable[[Mapping[str, Any], Mapping[str, Mapping[str, Any]]], str]
CardPolicy = Callable[[Mapping[str, Mapping[str, Any]]], dict[str, Any] | None]


@dataclass(frozen=True, kw_only=True)
class IntentSpec:
    """An intent: how to recognise it, its slots, the tools it may use and what 'done' means.

    Attributes:
        name: Intent id, recorded in state and traces.
        description: One line, shown to the model in the task block.
        extract: Deterministic rules returning raw slots, or None when the text is not this
            intent. Dates and periods are computed here, in code.
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
        policy: Who proposes the steps whose arguments are determined (`StepPolicy`).
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
    policy: StepPolicy = DEFAULT_POLICY

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
        for step in self.steps:
            if new_checklist.get(step.name) or step.tool != tool:
                continue
            if not all(checklist.get(p) for p in step.prerequisites()):
                continue  # judged on the checklist before this result: one call, one stage
            if not args_match(step.expected(slots, new_evidence), args):
                continue
            new_evidence[step.name] = dict(data)
            if step.done_when is None or step.done_when(data):
                new_checklist[step.name] = True
                ticked = True
        return new_checklist, new_evidence, ticked


class SlotError(ValueError):
    """Raised when an intent matched but a slot value is outside its allowed set."""

    def __init__(self, intent: str, field_name: str, message: str) -> None:
        super().__init__(f"{intent}: {field_name}: {message}")
        self.intent = intent
        self.field_name = field_name
        self.detail = message


@dataclass(frozen=True, kw_only=True)
class Domain:
    """Everything an agent serves: intents, tools and which roles may use what."""

    name: str
    intents: tuple[IntentSpec, ...]
    tools: ToolRegistry
    role_permissions: Mapping[str, frozenset[str]] = field(default_factory=dict)
    clarify: str = "I can't help with that request yet. Could you rephrase it?"

    def __post_init__(self) -> None:
        for intent in self.intents:
            if intent.max_tools < 1:
                msg = BAD_MAX_TOOLS.format(intent=intent.name, k=intent.max_tools)
                raise ConfigError(msg)
            if intent.policy not in STEP_POLICIES:
                msg = BAD_POLICY.format(
                    intent=intent.name, known=", ".join(STEP_POLICIES), policy=intent.policy
                )
                raise ConfigError(msg)
            for step in intent.steps:
                if step.tool not in self.tools:
                    msg = UNKNOWN_STEP_TOOL.format(
                        intent=intent.name, step=step.name, tool=step.tool
                    )
                    raise ConfigError(msg)

    def intent(self, name: str) -> IntentSpec:
        """The intent called `name`; a KeyError means state and domain disagree."""
        for intent in self.intents:
            if intent.name == name:
                return intent
        raise KeyError(name)

    def route(self, text: str, today: date) -> tuple[IntentSpec, dict[str, Any]] | None:
        """First intent whose rules match, with validated slots; None when nothing matches.

        Raises:
            SlotError: The intent matched but a slot failed validation (e.g. an unsupported
                period), so the caller can ask a precise clarifying question.
        """
        for intent in self.intents:
            raw = intent.extract(text, today)
            if raw is None:
                continue
            try:
                slots = intent.slots_model.model_validate(dict(raw))
            except ValidationError as exc:
                first = exc.errors()[0]
                loc = ".".join(str(p) for p in first["loc"]) or "slots"
                raise SlotError(intent.name, loc, first["msg"]) from None
            return intent, slots.model_dump(mode="json")
        return None

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
    if not isinstance(domain, Domain):
        msg = NOT_A_DOMAIN.format(spec=spec, kind=type(domain).__name__)
        raise ConfigError(msg)
    return domain


def load_domain(spec: str | Domain) -> Domain:
    """Resolve a domain given as an object or as 'module:ATTRIBUTE' (imported once)."""
    return spec if isinstance(spec, Domain) else _import_domain(spec)

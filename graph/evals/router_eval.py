"""`python -m graph eval --router`: the router measured on a labelled set of requests.

The set is data, one JSON object a line, in two parts shipped with the package:
`router_dev.jsonl`, written first and used to build and tune the router, and
`router_heldout.jsonl`, written after the router was frozen and measured once. A held-out
part the router is then changed for is folded into the dev part, and the held-out file is
left empty until the next round's set is written against the next frozen router; an empty
part is reported as pending, its targets not judged. Each line:

    {"domain": "tools.expenses:DOMAIN", "text": "...", "intent": "expense_total" | null,
     "action": "route" | "ask", "slots": {"period": "7d"}, "tags": ["en", "number"]}

`intent` null means out of scope: no intent of the domain serves it. `action` "ask" means the
right answer is a question (a missing slot, an unsupported period, a request that does not
say what to change), not a run. Dates in `slots` are relative to `TODAY`.

It runs the router offline (rules, then the lexical classifier, then the write gate), the
way a run without a chat model does, and reports per part: intent accuracy on in-scope
requests, slot accuracy on those routed right, clarify rate, out-of-scope requests routed
to an intent with a write tool, and misroutes to a write: requests routed to an intent with
a write tool the labelled intent does not have (a question, an out-of-scope request or a
request for another change). Routing "record 140/90" to record-and-show-the-trend is an
intent error, not a misroute to a write: the one write is the one asked for. Only this
module reads the labelled sets; product code never does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

from nodes.router import Decision, decide_offline
from tools.domain import Domain, load_domain
from tools.errors import ConfigError

TODAY = date(2026, 3, 15)
"""The day the labelled sets' dates are relative to ("yesterday" is 2026-03-14)."""
PARTS = ("dev", "heldout")
TARGETS = {"intent_accuracy": 0.95, "ood_to_write": 0, "misroute_to_write": 0}
"""What the held-out part must show (issue 14)."""
ASK = frozenset({"clarify", "invalid"})

HELDOUT_PENDING = (
    "held-out part is empty: the next round is written after the router is frozen, then "
    "measured once; targets not judged"
)
BAD_LINE = "{source}:{line}: {error}; expected one JSON object with domain, text, intent, action"


@dataclass(frozen=True)
class Item:
    """One labelled request."""

    domain: str
    text: str
    intent: str | None
    action: str
    slots: dict[str, Any]
    tags: tuple[str, ...]


def parse_items(lines: Iterable[str], source: str) -> list[Item]:
    """Labelled items from JSON lines; a bad line is a one-line error naming it."""
    items: list[Item] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            items.append(
                Item(
                    domain=str(raw["domain"]),
                    text=str(raw["text"]),
                    intent=raw.get("intent"),
                    action=str(raw.get("action", "route")),
                    slots=dict(raw.get("slots") or {}),
                    tags=tuple(raw.get("tags") or ()),
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            msg = BAD_LINE.format(source=source, line=n, error=f"{type(exc).__name__}: {exc}")
            raise ConfigError(msg) from None
    return items


def load_part(part: str) -> list[Item]:
    """A packaged part of the router set: "dev" or "heldout"."""
    name = f"router_{part}.jsonl"
    text = resources.files("graph.evals").joinpath(name).read_text(encoding="utf-8")
    return parse_items(text.splitlines(), name)


def load_file(path: str) -> list[Item]:
    """A labelled set of your own (`--cases FILE`)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        msg = f"--cases {path}: cannot read it ({exc.strerror or exc})"
        raise ConfigError(msg) from None
    return parse_items(text.splitlines(), path)


def _same(got: Any, want: Any) -> bool:
    """Whether a slot holds the labelled value: "58.50" is the amount a label writes "58.5".

    Labels are written by hand, and a decimal amount is the same value however many
    trailing zeros it has; anything else must match exactly.
    """
    if got == want:
        return True
    if isinstance(got, str) and isinstance(want, str) and _DECIMAL.fullmatch(got):
        return _DECIMAL.fullmatch(want) is not None and Decimal(got) == Decimal(want)
    return False


_DECIMAL = re.compile(r"\d+(?:\.\d+)?")


def _judge(item: Item, decision: Decision, domain: Domain) -> dict[str, Any]:
    routed = decision.action == "route"
    asked = decision.action in ASK
    in_scope = item.intent is not None
    correct = (routed and decision.intent == item.intent) if item.action == "route" else asked
    slots_ok: bool | None = None
    if item.action == "route" and correct and item.slots:
        slots_ok = all(_same(decision.slots.get(k), v) for k, v in item.slots.items())
    got = domain.write_tools(decision.intent) if routed and decision.intent else frozenset()
    asked_for = (
        domain.write_tools(item.intent) if item.action == "route" and item.intent else frozenset()
    )
    wrong_write = bool(got - asked_for)
    return {
        "domain": item.domain,
        "text": item.text,
        "tags": list(item.tags),
        "expected": {"intent": item.intent, "action": item.action, "slots": item.slots},
        "got": {
            "intent": decision.intent,
            "action": decision.action,
            "source": decision.source,
            "confidence": round(decision.confidence, 3),
            "slots": decision.slots,
            "detail": decision.detail,
        },
        "in_scope": in_scope,
        "correct": correct,
        "slots_ok": slots_ok,
        "asked": asked,
        "misroute_to_write": wrong_write,
        "ood_to_write": (not in_scope) and bool(got),
    }


def _rate(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def summarize(results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The part's figures from its judged items."""
    scoped = [r for r in results if r["in_scope"]]
    out_of_scope = [r for r in results if not r["in_scope"]]
    slotted = [r for r in scoped if r["slots_ok"] is not None]
    by_lang: dict[str, Any] = {}
    for tag in ("en", "zh", "number", "question", "terse", "casual"):
        tagged = [r for r in scoped if tag in r["tags"]]
        if tagged:
            by_lang[tag] = {
                "n": len(tagged),
                "intent_accuracy": _rate(sum(r["correct"] for r in tagged), len(tagged)),
            }
    return {
        "requests": len(results),
        "in_scope": len(scoped),
        "out_of_scope": len(out_of_scope),
        "intent_accuracy": _rate(sum(r["correct"] for r in scoped), len(scoped)),
        "slot_accuracy": _rate(sum(bool(r["slots_ok"]) for r in slotted), len(slotted)),
        "slot_checked": len(slotted),
        "clarify_rate": _rate(sum(r["asked"] for r in results), len(results)),
        "clarify_rate_in_scope": _rate(sum(r["asked"] for r in scoped), len(scoped)),
        "out_of_scope_asked": _rate(sum(r["asked"] for r in out_of_scope), len(out_of_scope)),
        "ood_to_write": sum(r["ood_to_write"] for r in results),
        "misroute_to_write": sum(r["misroute_to_write"] for r in results),
        "by_tag": by_lang,
    }


def evaluate(items: Sequence[Item]) -> dict[str, Any]:
    """Route every item offline and judge it; the figures and the items that went wrong."""
    results: list[dict[str, Any]] = []
    for item in items:
        domain = load_domain(item.domain)
        decision = decide_offline(domain, item.text, TODAY)
        results.append(_judge(item, decision, domain))
    return {
        "summary": summarize(results),
        "errors": [
            r
            for r in results
            if not r["correct"] or r["slots_ok"] is False or r["misroute_to_write"]
        ],
    }


def targets_met(summary: Mapping[str, Any]) -> dict[str, bool]:
    """Each held-out target and whether the part meets it."""
    return {
        "intent_accuracy": (summary["intent_accuracy"] or 0.0) >= TARGETS["intent_accuracy"],
        "ood_to_write": summary["ood_to_write"] <= TARGETS["ood_to_write"],
        "misroute_to_write": summary["misroute_to_write"] <= TARGETS["misroute_to_write"],
    }


def run_router_eval(parts: Sequence[str], cases: str | None = None) -> dict[str, Any]:
    """The report of `eval --router`: per part, its figures and errors, and the targets."""
    report: dict[str, Any] = {"today": TODAY.isoformat(), "parts": {}}
    if cases is not None:
        report["parts"][Path(cases).stem] = evaluate(load_file(cases))
        return report
    for part in parts:
        report["parts"][part] = evaluate(load_part(part))
    if "heldout" in report["parts"]:
        held = report["parts"]["heldout"]["summary"]
        # An empty part has no figures: judging it would print "NOT met" for a set that does
        # not exist yet, and "met" for the safety targets it never tested.
        report["targets"] = (
            {"required": TARGETS, "met": targets_met(held)}
            if held["requests"]
            else {"required": TARGETS, "met": None, "pending": HELDOUT_PENDING}
        )
    return report


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:5.1f}%"


def render_router_eval(report: Mapping[str, Any], *, errors: bool = False) -> str:
    """The report as a table, one column per part, and optionally the items it got wrong."""
    parts = report["parts"]
    names = list(parts)
    rows: list[tuple[str, Callable[[Mapping[str, Any]], str]]] = [
        ("requests", lambda s: str(s["requests"])),
        ("  in scope / out of scope", lambda s: f"{s['in_scope']} / {s['out_of_scope']}"),
        ("intent accuracy (in scope)", lambda s: _pct(s["intent_accuracy"])),
        (
            "slot accuracy (routed right)",
            lambda s: f"{_pct(s['slot_accuracy'])} of {s['slot_checked']}",
        ),
        ("clarify rate (all)", lambda s: _pct(s["clarify_rate"])),
        (
            "  in scope / out of scope",
            lambda s: f"{_pct(s['clarify_rate_in_scope'])} / {_pct(s['out_of_scope_asked'])}",
        ),
        ("out of scope -> write intent", lambda s: str(s["ood_to_write"])),
        ("misroutes to a write", lambda s: str(s["misroute_to_write"])),
    ]
    tags = sorted({t for n in names for t in parts[n]["summary"]["by_tag"]})
    width = 30
    lines = [
        f"router eval (offline: rules, lexical classifier, write gate; today = {report['today']})"
    ]
    lines.append(" " * width + "".join(f"{n:>22}" for n in names))
    for label, cell in rows:
        lines.append(
            f"{label:<{width}}" + "".join(f"{cell(parts[n]['summary']):>22}" for n in names)
        )
    for tag in tags:
        cells = []
        for n in names:
            t = parts[n]["summary"]["by_tag"].get(tag)
            cells.append("-" if t is None else f"{_pct(t['intent_accuracy'])} of {t['n']}")
        lines.append(f"{'  accuracy, ' + tag:<{width}}" + "".join(f"{c:>22}" for c in cells))
    if "targets" in report and report["targets"]["met"] is None:
        lines.append(report["targets"]["pending"])
    elif "targets" in report:
        met = report["targets"]["met"]
        marks = ", ".join(f"{k} {'met' if ok else 'NOT met'}" for k, ok in met.items())
        lines.append(f"held-out targets: {marks}")
    if errors:
        for n in names:
            for e in parts[n]["errors"]:
                got, exp = e["got"], e["expected"]
                lines.append(
                    f"  [{n}] {e['text']!r}: expected {exp['action']} {exp['intent']}, got "
                    f"{got['action']} {got['intent']} ({got['source']} {got['confidence']}) "
                    f"{got['detail']}"
                    + (f" slots {got['slots']} != {exp['slots']}" if e["slots_ok"] is False else "")
                )
    return "\n".join(lines)

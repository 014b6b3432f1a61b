"""router: which intent, which slots, and whether the request may change anything.

Two stages, then a gate:

1. **Rules** (`IntentSpec.extract`), the fast exact path: the first intent whose rules match
   is taken with confidence 1, and no model is asked.
2. **Classifier** (`nodes/classifier.py`), when no rule matched: the chat model by structured
   output, or offline the lexical classifier, over the intents' descriptions and examples.
   Below a confidence threshold the run asks a clarifying question instead of guessing: an
   answer, or in HITL mode (`Context.human_review`) an interrupt that a person answers with
   the intent. The lexical classifier learns its threshold from the domain's own examples
   (`LexicalClassifier.learn_threshold`); a chat model's is `THRESHOLD["model"]`.
   A read intent does not take a request that asks for a change its own examples never
   name ("cancel ticket T-3", "add milk to my list", "把这个工单关掉"), nor one that only
   refuses one ("don't cancel order 10091"): that request gets the clarifying question. A
   refused change beside a request for information ("don't cancel anything, just tell me
   where order 10091 is") is a read.
3. **Write gate**, whichever stage chose: an intent with a write tool runs only when the
   request's words ask for a change (`nodes/cues.py`), every change they ask for is of a
   kind the intent's own examples and `write_cues` ask for (`CHANGE_KINDS`: "send the
   monthly report by email" does not build one, "把昨天那笔报销改成 60 元" files no claim),
   and every slot in the intent's `required_evidence` came from words that mean it
   (`tools/slots.py`: the "7" of "last 7 days" is a period, not an amount), one value
   each. A message for someone else, or by a channel the intent never names, is a change
   it does not make. A request that
   asks for no change goes to the best read intent, or gets the clarifying question; one
   that asks for another change goes to the intent that makes it, or gets the clarifying
   question. Neither runs a write it did not ask for.

A request none of this routes is decided once more with its misspelled words read as the
domain's own (`respell`: "whre is my ordr 10097"), through the same stages and gate; a
guessed word may find a read but never runs a write (it gets a question naming it). A read
route is withdrawn for a question whether a change no intent here makes is possible
("订单10087能退款吗") and for the business's own things ("your customer service number")
sent to an intent about the user's.

The decision (intent, confidence, slots with the words they came from, the rule or
classifier that chose, what the gate refused) is kept in `State.route` and printed by
`python -m graph show`. Dates, periods, enums and currencies are computed by code in the
slot rules; the model only ever picks among intent names.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from functools import lru_cache
from typing import Any, Literal, TypeVar, get_args

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langgraph.errors import GraphBubbleUp
from langgraph.runtime import Runtime
from langgraph.types import interrupt

from graph.context import Context
from graph.models import OfflineChatModel, load_chat_model
from graph.state import State, new_usage
from nodes.classifier import Ranking, lexical_classifier, model_ranking
from nodes.cues import (
    CAN_NOT,
    FILLER,
    GENERIC_CUES,
    OTHER_CHANGE_VERBS,
    PAST_FORMS,
    SCORN,
    advised_create,
    as_before,
    asked_changes,
    asks_a_question,
    asks_for_information,
    change_cue,
    change_kind,
    change_verb,
    change_verbs,
    checked_condition,
    cited_spans,
    clause_asks,
    conditional_clauses,
    content_words,
    courteous,
    decimal_commas,
    dialect,
    done_items,
    fillers,
    letter_frame,
    mask_not_cues,
    numerals,
    on_event,
    outside_cited,
    pictographs,
    pinyin,
    pleasantries,
    question_first,
    read_command,
    recurring,
    restated_numbers,
    retracted,
    scanned_numbers,
    shouted,
    simplified,
    someone_else,
    spoken_cents,
    spoken_numbers,
    tagalog_affixes,
    topic_first,
    unasked_clauses,
    vernacular,
    without_refusals,
    without_unasked,
)
from nodes.search.lexical import STOPWORDS, stem
from tools.contract import ToolSpec
from tools.domain import Domain, IntentSpec, SlotError, load_domain, validate_slots
from tools.slots import (
    CN_NUMERAL,
    EITHER_IDS,
    ID_NOUNS,
    NARROWING,
    NEGATION,
    PRICE_PER_UNIT,
    RATE_BEFORE,
    REFERS_BACK,
    WEEKEND,
    Found,
    Role,
    clauses,
    cn_number,
    corrected,
    find_date,
    money_roles,
    named_again,
    negated,
    number_roles,
    parse_period_days,
    period_words,
    refused_window,
    refuses,
    split_found,
    unread_days,
    weekday_number,
)

THRESHOLD: dict[str, float] = {"lexical": 0.4, "model": 0.6}
"""Below this probability the router asks instead of guessing, when the ranking brings no
threshold of its own. Lexical: the value once tuned on the dev part of the router set, kept
for a classifier fitted by hand (`lexical_classifier` learns one per domain from the domain's
own examples); model: a model's own confidence, which runs high, so it must be clearly more
likely than not."""

NO_RULE = "no intent rule matched the request"
OVER_READ_RULE = ", over a read intent's rule: the request asks for a change"
ROUGH_DAY = "date: the request names its day only roughly ({words!r}); say which day"
_ROUGH_DAY = re.compile(
    r"\bthe\s+other\s+day\b|\b(?:a\s+)?(?:few|couple(?:\s+of)?)\s+days\s+(?:ago|back)\b|"
    # a count of days or weeks back said as a guess: "about 3 weeks ago"
    r"\b(?:about|around|roughly|maybe|like)\s+(?:\d{1,2}|a|one|two|three|four|five|six)\s+"
    r"(?:days?|weeks?)\s+(?:ago|back)\b|"
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day-?ish\b|"
    r"\bnot\s+sure\s+(?:of|about|which)\s+(?:the\s+)?(?:exact\s+)?(?:day|date)\b|"
    # "I don't remember the date exactly", "can't recall which day"
    r"\b(?:don'?t|do\s+not|can'?t|cannot|can\s+not)\s+(?:remember|recall)\s+"
    r"(?:the\s+|which\s+|what\s+)?(?:exact\s+)?(?:day|date)\b|"
    # (and when it was, forgotten: "I don't remember when I took it", "forgot what day")
    r"\b(?:don'?t|do\s+not|can'?t|cannot|can\s+not)\s+(?:remember|recall)\s+when\b|"
    r"\bforgot\s+(?:the\s+|what\s+|which\s+)(?:day|date)\b|"
    r"前几天|前些天|前阵子|(?:不记得|记不清|忘了)(?:是)?(?:哪天|几号|哪一天|日期)|"
    # the day named, then forgotten: "日子额记不清了", "哪天量的忘了", "日期忘了"
    r"(?:日子|日期|哪天|几号|哪一天)[^，。,.!！?？\d]{0,4}?(?:记不清|记不太清|不记得|忘了|想不起)|"
    # or left for later: "日期我核对发票后再告诉你", "I'll tell you the date later"
    r"(?:日期|哪天|几号)[^，。,.!！?？]{0,12}?(?:再|稍后|晚点|回头)(?:告诉|发|给|补|说)|"
    r"\b(?:i'?ll|i\s+will)\s+(?:tell|send|give)\s+(?:you\s+)?the\s+(?:date|day)\s+later\b",
    re.I,
)
"""A day said only roughly ("I took it the other day", "last Tuesday-ish, not sure of the
exact day", "前几天") or left for later ("日期我核对发票后再告诉你"): an intent that assumes
today for an unnamed day must not, and no day it could take is meant, so the run asks."""
UNTAKEN_DAY = "date: {words!r} names a day that was not read as the date; say which day"
_UNTAKEN_DAY = re.compile(
    r"\b(?:the|on|for|from|dated|pon|de|di)\s+(?:(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th))\b"
    # (not a count of things or a place in a row: "the 3rd time", "the 10th floor", "the 2nd
    # reading", "the 3rd of 5")
    r"(?!\s+(?:time|times|floor|reading|readings|one|ones|attempt|try|round|visit|dose|order|"
    r"claim|ticket|place|row|item|line|stop|page|week|month|year|person|of\s+(?:the|my|\d)))",
    re.I,
)
"""A day of the month said with "the", "on" or "for" ("Log 132/85, it was the 10th evening")
that the date slot did not take: an intent that assumes today for an unnamed day would file
it under today, a write on the wrong day; the run asks which day."""
UNDER_CONDITION = (
    "not {intent}: what the request asks beside {words!r} is under a condition; ask first"
)
NO_CHANGE_ASKED = "the request does not ask for a change"
QUESTION_FIRST = "the request asks a question first ({words!r}); the change waits for its answer"
MISSING_EVIDENCE = "{slot}: no words of the request give it"
CONFLICTING_EVIDENCE = "{slot}: {text!r} is part of {role_text!r} (a {role}), not the {slot}"
TWO_VALUES = (
    "{slot}: the request names more than one ({text!r} and {other!r}); it takes one at a time"
)
CALENDAR_PERIOD = (
    "{slot}: {text!r} is a calendar window, not a number of days; say 7, 14 or 30 days"
)
_CALENDAR = re.compile(
    r"\b(?:this|current)\s+(?:week|month)\b|本月|本周|这个?月|这周|这个?星期|这个?礼拜|本星期|"
    r"(?<![最近过去])上个?月|(?<![最近过去])上(?:周|个?星期|个?礼拜)",
    re.I,
)
"""A period told as the calendar's week or month so far ("this month", "这个月"): a write
that needs its period's words takes a number of days only, so the run asks rather than
reading March 1-15 as the last 30 days (a read shows the nearest window instead)."""
UNREAD_DAY = "date: {text!r} names no day that has passed; say which day it was"
WEEKEND_DAY = "date: {text!r} is two days; say which day it was"
TWO_WEEKS_DAY = (
    "date: {text!r} is a day of the last week or of the one before, as weeks start on "
    "Monday or on Sunday; say the date"
)
_LAST_WEEK = re.compile(r"上上?个?(?:周|星期|礼拜)")
WINDOW_START = "date: {text!r} is where the window {period!r} starts, not a day of its own"
SAY_WHICH = "; say which: {choices}"
PER_UNIT = "{slot}: {text!r} is a price per unit ({rate!r}), not the total to claim"
SHARE = "{slot}: {rate!r} takes a part of {text!r}; say the amount to claim itself"
EMPTY_EVIDENCE = "{slot}: {text!r} only asks for {intent}; it does not say what about"
MISSING_SLOT = "{slot}: the request does not say it"
ESTIMATE = "{slot}: {words!r} {text!r} is an estimate; say the amount paid"
GUESSED_READING = "{slot}: {words!r} makes {text!r} a guess; say the reading as measured"
FUTURE_DAY = "date: {text!r} is after today; a write is for a day that has been: say which"
LOW_CONFIDENCE = "not sure which intent: {candidates}"
REFUSED_WRITE = "not {intent}: the request does not ask for a change"
OUT_OF_SCOPE = "the request fits no intent (best guess {candidates})"
UNSERVED_CHANGE = (
    "not {intent}: the request {how} a change ({verb!r}) that {intent} does not make and no "
    "intent here was sure to"
)
UNUSED_VALUE = (
    "not {intent}: the request asks about {value!r} (a {kind}), which {intent} does not take"
)
ENTRY_ASKED = "not {intent}: the line names what {intent} writes, but no word asks for a change"
ENTRY_QUESTION = (
    'I wrote nothing: "{line}" does not ask me to change anything. To have it written, '
    'say: "{request}".'
)
BARE_NAME = "not {intent}: {words!r} names a thing but not what to do with it"
NOT_THE_USERS = "not {intent}: the request asks about {words!r}, not the user's own"
_YOURS = re.compile(
    # (where the user's own details are kept is no thing of the business's: "in your system")
    # (nor a page of theirs the user complains of: "Your tracking page shows nothing")
    r"\byour\b(?!\s+(?:system|systems|records?|database|files?|end|side|tracking|website|site|"
    r"app|page)\b)|你们|贵公司|贵司|你的|您的",
    re.I,
)
_MINE = re.compile(r"\b(?:my|mine|our|ours)\b|我", re.I)
"""Whose things a request asks about: the business's ("your customer service number",
"你们客服电话") or the user's own ("my phone number", "我留在你们这里的电话": Chinese
drops the 的, so any 我 counts)."""
_ABOUT_USER = re.compile(r"\bthe user(?:'s)?\b|\btheir own\b", re.I)
"""An intent description about the user's own things ("the user's contact details")."""
UNMADE_CHANGE = "not {intent}: the request asks about a change ({verb!r}) that no intent here makes"
ADVICE_ON_CHANGE = (
    "not {intent}: the request asks whether to make something new ({verb!r}), which what "
    "{intent} shows does not answer"
)
MADE_BY = "intent {intent}: the request asks for its change ({verb!r})"
FOREIGN_CHANGE = (
    "not {intent}: the request asks for a change ({verb!r}) that {intent} does not make"
)
ASK_WHICH = "I am not sure what you would like. Did you mean: {options}? Say which, or rephrase."
ASK_FOR_CHANGE = (
    "Your request does not ask me to change anything, so I did not {action}. To do it, say "
    'so, e.g. "{example}".'
)
BAD_CLARIFICATION = (
    "answer with {'intent': NAME} (one of {names}), {'request': 'the request, rephrased'}, "
    "{'action': 'approve'} for the best guess, or {'action': 'abort'}; got {got}"
)
MODEL_FAILED = "the chat model could not classify ({error}); used the lexical classifier"

Action = Literal["route", "clarify", "invalid", "abort"]

_COMPATIBLE_ROLES: Mapping[str, frozenset[str]] = {
    "amount": frozenset({"money", "number"}),
    "id": frozenset({"id", "number"}),
    "reading": frozenset({"reading"}),
    "date": frozenset({"date"}),
    "period": frozenset({"period"}),
}
"""For evidence of these kinds, the roles its words may overlap; any other role means the
words belong to something else (a period, a date, an ordinal, a quantity, a time)."""


@dataclass(frozen=True)
class Decision:
    """What the router decided, and why: kept in `State.route`.

    Attributes:
        action: route (run the intent), clarify (ask which), invalid (a slot is missing or
            outside its set), abort (a person stopped it).
        intent: The intent routed to, or the one a slot error belongs to.
        slots: Validated slot values.
        evidence: Per slot, the words it came from (None: a default computed by code).
        source: rule, lexical, model or human.
        rule: The intent whose rule matched, when a rule chose.
        confidence: Probability of the chosen intent (1 for a rule or a person).
        candidates: The classifier's best candidates (intent, probability).
        cue: The words that ask for a change, when the intent writes.
        refused: Write intents the gate turned down, with why.
        question: The clarifying question, when the router asks one.
        detail: One line for the verdict and the trace.
        tokens: Model tokens the decision cost.
    """

    action: Action
    intent: str | None = None
    slots: dict[str, Any] = field(default_factory=dict)
    evidence: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    source: str = "rule"
    rule: str | None = None
    confidence: float = 1.0
    candidates: tuple[tuple[str | None, float], ...] = ()
    cue: dict[str, Any] | None = None
    refused: tuple[tuple[str, str], ...] = ()
    question: str | None = None
    detail: str = ""
    tokens: int = 0

    def record(self) -> dict[str, Any]:
        """The decision as JSON-ready state: what `show` prints and Studio displays."""
        return {
            "action": self.action,
            "intent": self.intent,
            "source": self.source,
            "rule": self.rule,
            "confidence": round(self.confidence, 3),
            "candidates": [{"intent": name, "p": round(p, 3)} for name, p in self.candidates[:3]],
            "slots": {
                name: {"value": value, **(self.evidence.get(name) or {"text": None})}
                for name, value in self.slots.items()
            },
            "cue": self.cue,
            "refused": [{"intent": name, "why": why} for name, why in self.refused],
            "question": self.question,
            "detail": self.detail,
        }


def _guarded(intent: IntentSpec) -> bool:
    """Intents declared for the two-stage router; a rules-only intent keeps its rules' word."""
    return bool(intent.examples or intent.write_cues or intent.required_evidence)


OWN_WORD_SHARE = 1 / 3
"""A word at least this share of an intent's examples (in their script, and at least three of
them) use is the intent's own ("ticket" for open_ticket, "工单" in its Chinese ones): it
names the request, not what the request is about."""
_OWN_TOKEN = re.compile(r"[a-z]+|[\u3400-\u9fff]+")


_Held = TypeVar("_Held")
_Made = TypeVar("_Made")


def _kept_per_object(limit: int) -> Callable[[Callable[[_Held], _Made]], Callable[[_Held], _Made]]:
    """Keep a function's result per argument object, as `lru_cache` would per value.

    Intents and domains hold dicts, so they cannot key an `lru_cache`; every decision asks
    the same questions of them many times. An entry is used only while it holds the very
    object it was made for, so a reused `id` never returns another object's words.
    """

    def wrap(make: Callable[[_Held], _Made]) -> Callable[[_Held], _Made]:
        kept: dict[int, tuple[_Held, _Made]] = {}

        def get(obj: _Held) -> _Made:
            entry = kept.get(id(obj))
            if entry is not None and entry[0] is obj:
                return entry[1]
            if len(kept) >= limit:
                kept.clear()
            made = make(obj)
            kept[id(obj)] = (obj, made)
            return made

        get.__doc__ = make.__doc__
        return get

    return wrap


def _described(intent: IntentSpec, text: str) -> bool:
    """Whether free text says something: a content word that is no misspelt word of the intent.

    "fille a claim for 50 eur yestreday" leaves "fille" and "yestreday" once the amount and
    the claim word are gone: the intent's own "file" and "yesterday" typed wrong, which say
    nothing of what the money went on.
    """
    targets = _typo_targets(intent)
    text = REFERS_BACK.sub(" ", text)
    if CAN_NOT.search(text) or _EN_CAN_NOT.search(text):
        # "报销单提交不了", "can't log in to the claims thing": a fault, though told in the
        # domain's own words
        return True
    return any(
        not (w.isascii() and _misspelt(w.lower(), targets))
        for w in content_words(text, _own_words(intent))
    )


_EN_CAN_NOT = re.compile(
    r"\b(?:can'?t|cannot|can\s+not|unable\s+to|won'?t\s+let\s+me)\s+(?!you\b|u\b|ya\b)[a-z]{2,}",
    re.I,
)
"""An inability with its verb ("can't log in", "unable to upload"), not a plea ("can't you
…")."""


@_kept_per_object(512)
def _typo_targets(intent: IntentSpec) -> frozenset[str]:
    """The words a misspelling in free text may stand for: the intent's own, and change verbs."""
    words = (*_own_words(intent), *(c for c in GENERIC_CUES if c.isalpha()))
    return frozenset(w for w in words if len(w) >= 4)


def _misspelt(word: str, targets: frozenset[str]) -> bool:
    """Whether a word is one edit from a word naming the intent or a change ("fille")."""
    return len(word) >= TYPO_MIN_LEN and any(
        k[0] == word[0] and _one_edit(word, k) for k in targets
    )


@_kept_per_object(512)
def _own_words(intent: IntentSpec) -> frozenset[str]:
    """Words that name the intent rather than what a request is about.

    Its cues, its description's words, and the words that many of its examples share.
    English words count per English example, Chinese character pairs per Chinese one.
    """
    return frozenset(_count_own_words(intent))


def _count_own_words(intent: IntentSpec) -> set[str]:
    own = {
        *(c.lstrip("^") for c in intent.write_cues),
        *_OWN_TOKEN.findall(intent.description.lower()),
    }
    english: list[set[str]] = []
    chinese: list[set[str]] = []
    for example in intent.examples:
        tokens = _OWN_TOKEN.findall(example.lower())
        pairs = {
            run[i : i + 2] for run in tokens if run[0] >= "\u3400" for i in range(len(run) - 1)
        }
        (chinese if pairs else english).append(
            pairs or {stem(t) for t in tokens if t[0] < "\u3400"}
        )
    for group in (english, chinese):
        counts: dict[str, int] = {}
        for words in group:
            for word in words:
                counts[word] = counts.get(word, 0) + 1
        own |= {w for w, n in counts.items() if n >= max(3, OWN_WORD_SHARE * len(group))}
    return own


def _needs_evidence(intent: IntentSpec) -> tuple[str, ...]:
    """The slots a write may only use when the request's own words gave them.

    Its `required_evidence`, and every slot its slots model requires that the intent does
    not declare `assumed`: a default is no evidence. "帮我报一笔 150 欧元的费用" names no
    category, so `submit_expense` asks rather than filing it under "other"; today's date
    is what a claim that names no day means, so an intent assumes it.
    """
    required = [
        name
        for name, info in intent.slots_model.model_fields.items()
        if info.is_required() and name not in intent.assumed
    ]
    return (*intent.required_evidence, *(n for n in required if n not in intent.required_evidence))


def _evidence_problem(
    intent: IntentSpec, text: str, evidence: Mapping[str, dict[str, Any] | None]
) -> str | None:
    """Why a required slot's evidence does not mean that slot, or None when all of it does.

    A number must not belong to something else (the "7" of "last 7 days"), free text must
    say something beyond asking for the intent ("open a ticket for me" is no summary), and
    the words must give one value the write can use as it is: not one of two ("cancel
    10092 and 10096"), not a price per unit ("120 EUR each"), not a calendar window read as
    a number of days ("this month").
    """
    roles = number_roles(text)
    period = evidence.get("period")
    day = evidence.get("date")
    if period and day and period["start"] < day["end"] and day["start"] < period["end"]:
        return WINDOW_START.format(text=day["text"], period=period["text"])
    if day and (more := _AND_ANOTHER_DAY.match(text, int(day["end"]))) is not None:
        return TWO_VALUES.format(slot="date", text=day["text"], other=more.group("day"))
    rough = _ROUGH_DAY.search(text) if "date" in intent.assumed else None
    if rough is not None and (
        not day or "start" not in day or rough.start() - 3 <= int(day["end"]) <= rough.end() + 3
    ):
        # no day said but this one, or said with it ("last Tuesday-ish"); not one told
        # beside another day ("前几天好像存过血压了，现在帮我存今天的")
        return ROUGH_DAY.format(words=rough.group())
    if (
        "date" in intent.assumed
        and (not day or "start" not in day)
        and (untaken := _UNTAKEN_DAY.search(text)) is not None
    ):
        return UNTAKEN_DAY.format(words=untaken.group())
    cited = cited_spans(text)
    done = _told_done(text)
    alone = _left_alone(text, roles)
    for name in _needs_evidence(intent):
        ev = evidence.get(name)
        if ev is None:
            return MISSING_EVIDENCE.format(slot=name)
        if ev.get("kind") == "text" and not _described(intent, str(ev["text"])):
            return EMPTY_EVIDENCE.format(slot=name, text=ev["text"], intent=intent.name)
        allowed = _COMPATIBLE_ROLES.get(str(ev.get("kind")))
        if allowed is None:
            continue
        kept = money_roles(text)
        rivals = [
            r
            for r in roles
            if (r.kind != "money" or r in kept)
            # "… after last month's lecture from finance. What's my total for the last 7 days?"
            and (r.kind != "period" or not _chatter(text, r.start, evidence))
            # "my order number is 12 and I paid 450 for it": a price, not a second order
            and (r.kind != "number" or not _PAID.search(text, 0, r.start))
            # a value in a quoted notification beside the user's own
            and (not _in_spans(r.start, cited) or _in_spans(int(ev["start"]), cited))
            # or in what the user told as done ("I already got the SMS for 30215, send one
            # for 30216 now"): that one is not asked for again
            and (not _in_spans(r.start, done) or _in_spans(int(ev["start"]), done))
            # "Cancel order 100453 (a duplicate of 100452). Do not touch 100452."
            and (_digits(r.text) not in alone or _digits(str(ev["text"])) in alone)
            # a number another noun names: "司机电话 13800138000", "plate KA-4821"
            and not (ev.get("kind") == "id" and _LABELLED.search(text, 0, r.start))
            # a window refused beside the one asked for: "不要30天的,就看14天的报销总额"
            and not (r.kind == "period" and refused_window(text, r.start))
            # the one it repeats, given as the reason: "Reason: duplicate of 55009"
            and not _DUPLICATE_OF.search(text, max(0, r.start - 24), r.start)
        ]
        other = _another_value(ev, rivals, text) or _alternative(text, ev, roles)
        if other is not None:
            return TWO_VALUES.format(slot=name, text=ev["text"], other=other.text)
        if ev.get("kind") == "amount" and (about := _estimated(text, ev, roles)) is not None:
            return ESTIMATE.format(slot=name, text=ev["text"], words=about)
        if ev.get("kind") == "reading" and (about := _guessed_reading(text, ev)) is not None:
            return GUESSED_READING.format(slot=name, text=ev["text"], words=about)
        if ev.get("kind") == "amount" and (rate := PRICE_PER_UNIT.match(text, ev["end"])):
            return PER_UNIT.format(slot=name, text=ev["text"], rate=rate.group().strip())
        if ev.get("kind") == "amount" and (rate := RATE_BEFORE.search(text, 0, ev["start"])):
            said = rate.group().strip()
            share = re.search(r"half|third|quarter|半", said, re.I)
            return (SHARE if share else PER_UNIT).format(slot=name, text=ev["text"], rate=said)
        if ev.get("kind") == "period" and _CALENDAR.search(str(ev["text"])):
            return CALENDAR_PERIOD.format(slot=name, text=ev["text"])
        for role in roles:
            if ev.get("kind") == "period" and _within(role, ev):
                continue  # "since 2 weeks ago": the day a window counts back to is its start
            if role.start < ev["end"] and ev["start"] < role.end and role.kind not in allowed:
                return CONFLICTING_EVIDENCE.format(
                    slot=name, text=ev["text"], role_text=role.text, role=role.kind
                )
    return None


DOUBTED_ID = "{slot}: {words!r} makes {text!r} a guess; say which one you mean"
_DOUBTED_ID = re.compile(
    r"[\s,]*(?:i\s+think(?:\s+it\s+(?:was|is)|\s+it'?s)?|i\s+believe(?:\s+it\s+(?:was|is))?|"
    r"if\s+i\s+remember(?:\s+(?:right|rightly|correctly))?)(?=\s*(?:[,.;!?]|$))",
    re.I,
)
"""Doubt said right after an id ("order number 30955 i think it was, go ahead and cancel
it"): the user is not sure which thing the change is for, and a change cannot be taken
back."""


def _doubted_id(
    intent: IntentSpec, text: str, evidence: Mapping[str, dict[str, Any] | None]
) -> str | None:
    """Why a write's id is a guess (`_DOUBTED_ID`), or None; a read may show a guessed one."""
    for name in _needs_evidence(intent):
        ev = evidence.get(name)
        if ev and ev.get("kind") == "id" and (doubt := _DOUBTED_ID.match(text, int(ev["end"]))):
            return DOUBTED_ID.format(slot=name, text=ev["text"], words=doubt.group().strip(" ,"))
    return None


_PAID = re.compile(
    r"(?:\b(?:paid|payed|cost|costs|spent|charged)\s+(?:me\s+|us\s+)?(?:about\s+|around\s+)?|"
    r"(?:付了|花了|花费了?|付款))\s*$",
    re.I,
)
"""What a price follows ("I paid 450 for it", "花了450"): with no currency the number is
still money, never a second id beside the one asked about."""


_LEFT_ALONE = re.compile(
    r"\b(?:do\s+not|don't|dont|never)\s+(?:touch|cancel|change)\b|"
    r"\bleave\b[^.;!?]*\b(?:alone|as\s+is)\b|\bkeep\b[^.;!?]*\bas\s+(?:it\s+is|is)\b|"
    r"保持不变|不要动|别动|不动|保留|(?:请勿|请别|请不要)(?:取消|退|改|动)",
    re.I,
)
"""A clause keeping a thing as it is ("Do not touch 100452.", "订单 200873 保持不变",
"另一笔订单77214请勿取消"): the id it names is not a second one the change would take."""


_AND_ANOTHER_DAY = re.compile(
    r"\s*(?:and|&|or|to|through|thru|till|until|-|–|和|或|到|至)\s*(?:the\s+)?"
    r"(?P<day>\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}\s*(?:号|日)|\d{1,2}(?=\s*(?:[,.;!?)，。]|$)))",
    re.I,
)
"""A second day right after the one found ("2 nights the 13th and 14th", "march 13 and 14"):
the write takes one day, and which one is the user's to say."""
_GUESS_WORDS = (
    r"around|about|approximately|approx\.?|roughly|maybe|"
    # the user's own doubt: "I think it was 42 USD", "I reckon 27 EUR"
    r"i\s+(?:think|guess|reckon)(?:\s+it\s+was|\s+it'?s|\s+it\s+is)?"
)
_CN_GUESS_WORDS = r"大约|大概|差不多|估计|(?<![预节制公合签])约"
"""The words that make a value said after them a guess, an amount's or a reading's."""
_ESTIMATE = re.compile(
    rf"(?:\b(?:{_GUESS_WORDS}|circa)\s+|~\s*)"
    rf"(?:(?:[$€¥£]|usd|eur|cny|rmb)\s*)?$|(?:{_CN_GUESS_WORDS})\s*$",
    re.I,
)
"""An amount said as a guess ("around 80 USD it will be", "~60 USD", "大概 80 块"): no claim
takes it as what was paid."""
_LIKE_BEFORE = re.compile(r"\blike\s+(?:[$€¥£]\s*)?$", re.I)
_ASKED_AFTER = re.compile(r"\s*\?")
"""A casual "like" before an amount is filler ("it was like eighty five dollars", as the dev
part labels it) unless the amount itself is asked: "taxi was like 42 USD?"."""
_AMOUNT_GUESSED_AFTER = re.compile(
    # ("三十几块", read by then as "30几块": tens and some)
    r"(?<=\d)\s*(?:-\s*|\s)?(?:something|odd|ish)\b|(?<=\d)\s*(?:多|来|几)(?=\s*(?:块|元|欧|美))|"
    r"(?:(?<=\d)|(?<=[块钱元]))\s*(?:块钱|块|元|欧元|美元)?\s*左右",
    re.I,
)
"""A guess said after the number: "twenty-something dollars" (read as "20 -something"),
"30-odd euros", "50-ish", "20多块", "三十几块"."""


_READING_GUESSED_BEFORE = re.compile(
    rf"\b(?:something\s+like|sth\s+like|{_GUESS_WORDS}|probably|more\s+or\s+less)\s+"
    rf"(?:(?:was|is|it\s+was)\s+)?$|~\s*$|(?:{_CN_GUESS_WORDS}|好像|可能)是?\s*$",
    re.I,
)
_READING_GUESSED_AFTER = re.compile(
    r"\s*(?:(?:maybe|or\s+so|-?ish|probably)\b|左右|上下|来着)", re.I
)
_NUMBERS_FORGOTTEN = re.compile(
    r"\b(?:don'?t|do\s+not|can'?t|cannot)\s+remember\s+(?:the\s+)?(?:numbers?|values?|"
    r"readings?)?\s*(?:exactly|for\s+sure|well)|\bnot\s+sure\s+(?:of|about)\s+the\s+"
    r"(?:numbers?|values?)|记不清|记不太清|忘了具体",
    re.I,
)
"""A reading said as a guess: "something like 140 over 90 maybe", "大概 140/90", "I don't
remember the numbers exactly"."""


def _guessed_reading(text: str, ev: Mapping[str, Any]) -> str | None:
    """The words making a reading a guess: what is saved is what was measured, not a guess."""
    start, end = int(ev["start"]), int(ev["end"])
    before = _READING_GUESSED_BEFORE.search(text, 0, start)
    after = _READING_GUESSED_AFTER.match(text, end)
    forgotten = _NUMBERS_FORGOTTEN.search(text)
    found = before or after or forgotten
    return None if found is None else found.group().strip()


def _estimated(text: str, ev: Mapping[str, Any], roles: list[Role]) -> str | None:
    """The words making the amount a guess, unless the amount is also said plainly.

    "(~60 USD), please file 60 USD meal" names the sum exactly the second time. A guess may
    follow the number too: "twenty-something dollars", "30-odd euros", "20多块".
    """
    if (after := _AMOUNT_GUESSED_AFTER.search(str(ev["text"]))) is not None or (
        after := _AMOUNT_GUESSED_AFTER.match(text, int(ev["end"]))
    ) is not None:
        return after.group().strip()
    if _LIKE_BEFORE.search(text, 0, int(ev["start"])) and _ASKED_AFTER.match(text, int(ev["end"])):
        return "like …?"  # "taxi was like 42 USD?": the casual "like" is a guess when asked
    said = _digits(str(ev["text"]))
    starts = [r.start for r in roles if r.kind == "money" and _digits(r.text) == said]
    guesses = [_ESTIMATE.search(text, 0, at) for at in starts or [int(ev["start"])]]
    first = guesses[0]
    return first.group().strip() if first is not None and all(guesses) else None


_LABELLED = re.compile(
    r"(?:\b(?:phone|tel|mobile|cell|call|plate|route|van|truck|bus|line|station|stop|room|"
    r"flight|gate|seat|bay|dock|pallet)\b\.?|电话|手机|车牌|线路|号线|站|房间|航班|座位)"
    r"\s*(?:no\.?|number|#|[:：])?\s*(?:[A-Za-z]{1,3}-)?$",
    re.I,
)
"""The noun before a number that names something else than the id asked about ("司机电话
13800138000", "plate KA-4821", "route 88"): a dispatcher's numbers beside the one order."""


def _left_alone(text: str, roles: list[Role]) -> set[str]:
    """The digits of the ids and numbers the request says to leave as they are."""
    out: set[str] = set()
    for start, clause in clauses(text):
        if _LEFT_ALONE.search(clause):
            end = start + len(clause)
            out |= {_digits(r.text) for r in roles if start <= r.start < end and _digits(r.text)}
    return out


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _future_day(
    text: str, evidence: Mapping[str, dict[str, Any] | None], today: date
) -> str | None:
    """Why a write's day after today may not run ("报销 taxi 36.5 CNY 2026-03-16"), or None.

    A claim or a reading is of a day that has been: the tool refuses a later one after the
    run has chosen to write, so the router asks for the day before anything runs. A day
    read from its words around it ("for 16.03") is read again in the whole request.
    """
    said = evidence.get("date")
    found = find_date(str(said["text"]), today) if said else None
    if said and found is None and (whole := find_date(text, today)) is not None:
        found = whole if whole.start == said.get("start") else None
    try:
        day = date.fromisoformat(str(found.value)) if found is not None else None
    except ValueError:
        return None  # "3/2": two days named, asked about as such
    return FUTURE_DAY.format(text=said["text"]) if said and day and day > today else None


def _in_spans(at: int, spans: Iterable[tuple[int, int]]) -> bool:
    return any(s <= at < e for s, e in spans)


@lru_cache(maxsize=1024)
def _told_done(text: str) -> tuple[tuple[int, int], ...]:
    """The spans of the clauses that tell a change as done before.

    Such a clause is reported (`unasked_clauses`) and says so ("already", "earlier", 已经,
    刚才): "Logged 128/79 earlier today.", "订单 66201 我已经取消了". A learner's "then I put
    new one 128/80" is reported too, but plans it; "The order I placed with Daraz" names
    which order.
    """
    told = unasked_clauses(text)
    return tuple(
        (at, at + len(c))
        for at, c in clauses(text)
        if told.get(at) == "reported" and _ALREADY.search(c)
    )


_ALREADY = re.compile(r"\b(?:already|earlier)\b|已经|已|刚才|刚刚", re.I)


def _within(role: Role, ev: Mapping[str, Any]) -> bool:
    """Whether a number's role lies inside longer evidence that holds it."""
    start, end = int(ev["start"]), int(ev["end"])
    return start <= role.start and role.end <= end and role.end - role.start < end - start


_NUMBER_LABEL = re.compile(
    r"(?:[A-Za-z]+\.?|[\u3400-\u9fff]{1,4})\s*(?:no\.?|#|号|[:：])?\s*$", re.I
)
"""The word that names a number of the line ("发票号 5521", "receipt #2231", "ref 77")."""
_OFFERED = r"\bif\s+(?:you|ya|y'all|yall|u)\s+need\s+(?:it|them|one|that)\b"
"""Something offered with the entry ("receipt #4471 if y'all need it"): a courtesy, not a
condition on the write."""
_OFFER = re.compile(_OFFERED, re.I)
_ENTRY_MEMO = re.compile(
    r"\b(?:this\s+|last\s+|that\s+)?(?:morning|mornin|afternoon|evening|evenin|night|nite|tonight|"
    r"tonite|arvo)\b|"
    r"\b(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|"
    r"\b(?:to|from|at|in|after|before)\s+(?:the|my|our)\s+[a-z]+(?:\s+and\s+[a-z]+)?\b|"
    r"(?-i:\b(?:to|from|at|in)\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b|"
    # (and Tagalog's polite "po": "other po, sim card load 15 USD, march 11")
    r"\b(?:ta|thx|thanks|cheers|mate|lah|leh|lor|po|opo)\b|"
    # the dollars' country after them ("$64.20 US", "25 dollars US"), Tagalog "nung" (on, of
    # a day gone: "42 EUR nung Monday")
    r"(?-i:(?<=[\ds])\s+US\b)|\b(?:nung|noong)\b(?=\s+\w)|"
    # one more of a list: "OK one more: lunch, $19.90, Wednesday."
    r"^\s*(?:(?:ok(?:ay)?|and|also)[\s,]+)?(?:one\s+more|another\s+one|next\s+one)\s*[:,-]|"
    # its kind named in quotes: "…, 15 euro, that's an 'other' wan" (Scots: one)
    r"\b(?:that's|thats|it's|its)\s+(?:an?\s+)?['\"‘][\w ]{1,15}['\"’](?:\s+(?:one|wan))?|"
    # when it was paid, said as a clause of its own: "…, 236 EUR, I paid on Thursday."
    # (or bought, with no "I": "…, $189 total, paid it friday", "…, bought dem on da 9th"; and
    # how or where: "I paid at checkout on the 6th", "paid on my card in USD")
    r"\b(?:i\s+|we\s+)?(?:paid|bought)(?:\s+(?:it|them|dem|for\s+it))?"
    r"(?:\s+(?:at\s+(?:checkout|check-out|the\s+desk|reception)|(?:on|with|by)\s+(?:my|the)\s+"
    r"(?:card|credit\s+card|debit\s+card|company\s+card)|in\s+(?:cash|usd|eur|euros?|dollars)))*"
    r"(?=\s+(?:on\s|the\s+\d|yesterday\b|today\b|this\s|last\s|when\s|(?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day\b)|\s*(?:[,.;!]|$))|"
    # where it was paid, after its day: "…, paid yesterday at checkout"
    r"\bat\s+(?:checkout|check-out|the\s+front\s+desk|reception)\b|"
    # when it was paid, told by the stay's end: "…, paid when I checked out Thursday"
    r"\b(?:when|as)\s+(?:i|we)\s+(?:checked\s+out|left)\b|"
    # the amount as what the bill came to: "3 nights, total came to 412 EUR", Australian "came
    # to 1,140 USD all up"
    # (not "my taxi … came to 23.40 USD", a sentence: the bill of nights stayed only)
    r"\b(?:the\s+)?total\s+came\s+to\b|(?<=nights,\s)came\s+to\b|(?<=\d)\s+all\s+up\b|"
    # a receipt offered: "cab … wed $32, receipt #4471 if y'all need it"
    rf"{_OFFERED}|"
    # (Nigerian Pidgin "I pay am 10 March": I paid it then)
    r"\bi\s+pay\s+am(?=\s+(?:on\s|yesterday\b|today\b|this\s|last\s|\d))|"
    # the amount as the whole cost: "3 nights, $360 total" (not "total for the last 7 days")
    r"(?<=\d)\s+total\b(?!\s+(?:for|of|over|in|last|past|\d))|"
    # in Chinese, the time of day and "taken then" closing the line ("血压 135/85, 前天量的",
    # "血压127/82，今天早上8点15量的"), not "我昨天量的血压是 128/84", a sentence
    r"早上|上午|下午|晚上|中午|早晨|傍晚|夜里|睡前|饭后|饭前|"
    r"\d{1,2}\s*点(?:\s*\d{1,2}\s*分?|半|钟)?|(?:量|付)[的个]\s*[。.!！]?\s*$|"
    # (a stay's end: "酒店 420 人民币，今日退房付个", "今儿个退的房")
    r"退(?:的)?房|"
    # where to, right before the amount: "打车去批发市场 28 美元"
    r"(?:去|回|到)(?!哪|底)[\u4e00-\u9fff]{2,6}(?=\s*\d)|"
    # what it was for: "hotel in Dublin for the hair show, €145 on Friday"
    r"\bfor\s+the\s+[a-z]+(?:\s+[a-z]+)?(?=\s*[,.;]|\s+\d)|"
    # one more of a series: "and the taxi from Connolly …, 22.40 euro, Friday as well"
    r"^\s*and\s+(?:the\s+|a\s+|an\s+)?(?=[a-z])|\b(?:as\s+well|too)\s*[.!]?\s*$",
    re.I,
)
"""What an entry line may say about its entry besides its values: the time of day ("fri
nite", "at 3am", "早上8点15"), where ("to the office", "in Dubbo"), what for ("for the hair
show"), one more of a series ("and the taxi …, Friday as well"), when it was taken
("前天量的"), where to before the amount ("去批发市场 28 美元"), a sign-off ("ta", "cheers
mate"), a receipt offered ("receipt #4471 if y'all need it"), and how and when it was paid
("I paid at checkout on the 6th", "paid when I checked out Thursday", "3 nights, came to
1,140 USD all up"). Those few verbs tell how the money was spent, not what the user wants
done; any other verb makes the line a sentence."""


_FORM_FIELD = re.compile(
    r"^[ \t]*(?:[-*•·]|\d{1,2}[.)])?[ \t]*"
    r"(?P<label>[A-Za-z][A-Za-z ]{0,20}?|[\u4e00-\u9fff]{1,6})[ \t]*[:：][^\n]*$",
    re.M,
)
"""A line of a form: a short label, a colon and its value ("Amount: 42.50", "- when: Friday",
"血压：140/90")."""
_MEMO_LABEL = re.compile(r"(?:notes?|comments?|remarks?|memo|备注|说明|附注|附言)", re.I)
"""A form's note field, whose value is the user's memo, not a sentence asking anything."""


def _form_labels(text: str) -> list[tuple[int, int]]:
    """The spans of a form's labels, and of its note fields whole, or none if no form.

    People paste what they log as a form, one field a line ("Amount: 42.50", "Currency:
    USD", "Category: taxi", "Date: yesterday" on four lines; "血压：140/90", "备注：还没吃药"):
    the labels name the fields the values fill, and a note is the user's own memo, so
    neither is a sentence that the entry line would otherwise have to be. Two such lines at
    least make a form; one "Reading: 126/82" is read as any other line.
    """
    fields = list(_FORM_FIELD.finditer(text))
    if len(fields) < 2:
        return []
    return [
        m.span() if _MEMO_LABEL.fullmatch(m["label"].strip()) else m.span("label") for m in fields
    ]


_DATE_LABEL = re.compile(r"\b(?:date|dated|day|the|on)\s*[:：=]?\s*$", re.I)
"""The name of a list line's day field, right before the day ("date: 2026-03-10")."""


def _entry(
    intent: IntentSpec,
    text: str,
    evidence: Mapping[str, dict[str, Any] | None],
    today: date | None = None,
) -> Found | None:
    """The word that makes a line with no verb an entry for the intent, or None.

    People log the way they write a list: "cab 3 days ago 27 dollars", "bp 121/79 this
    morning", "的士 47 元，前天", "血压 126/81". Such a line asks for the intent's change
    when it names what it records (one of `IntentSpec.entry_words`), every slot the write
    needs words for has them (an amount with its currency, a reading), and so does every
    slot of `IntentSpec.entry_slots`, no day is named that no slot took ("dinner 31 eur
    12th"), and nothing is left once those words, dates, the labels of other numbers
    ("发票号 5521") and filler are gone. So a verb ("my cab cost 26 EUR", "I paid 44 EUR for
    a dinner"), a question, a refusal, a change told as done, a condition or a bare value
    ("127/84", "taxi 41" with no currency) is not an entry: the write gate stays shut and
    the run asks. A refusal of another value of a choice the line makes is no refusal of the
    entry ("Weekly report, please. Not monthly.", `_rival_refused`), when `today` is given
    to read it.
    """
    if not intent.entry_words:
        return None
    needed = (*_needs_evidence(intent), *intent.entry_slots)
    reads = _follow_up_reads(text, evidence, (*intent.required_evidence, *intent.entry_slots))
    entry = text
    for start, end in reads:
        entry = entry[:start] + " " * (end - start) + entry[end:]
    if asks_for_information(entry):
        return None
    # a line that asks whether, not for: "taxi 25 dollar claim can" (may I claim it?)
    if not all(clause_asks(c) for _, c in clauses(entry) if re.search(r"\w", c)):
        return None
    # (a refusal, not a courtesy: "Weekly report, please." is an entry politely asked)
    rivals: list[tuple[int, int]] = []
    for index, (start, clause) in enumerate(clauses(text)):
        if index and _TAKEN_BACK.fullmatch(clause):  # "taxi 20 EUR yesterday. No."
            return None
        if _BARE_NOT.fullmatch(clause):  # "Weekly report. Not monthly.", the value disowned
            rivals.append((start, start + len(clause)))
            continue
        rival = _rival_refused(intent, clause, evidence, today)
        if (refuses(clause.strip()) or _ENTRY_REFUSED.search(clause)) and not rival:
            return None
        if rival:
            rivals.append((start, start + len(clause)))
    offered = _OFFER.sub(lambda m: " " * len(m.group()), text)
    if unasked_clauses(text) or conditional_clauses(offered):
        return None
    if recurring(text) is not None or any(evidence.get(n) is None for n in needed):
        return None
    spans = [(ev["start"], ev["end"]) for ev in evidence.values() if ev and "start" in ev]
    spans += [(_joined_from(text, start), end) for start, end in reads]
    spans += rivals
    day = evidence.get("date")
    if day and "start" in day and (label := _DATE_LABEL.search(text, 0, int(day["start"]))):
        spans.append(label.span())  # "3. date 2026-03-10": a form's field, not a sentence
    for role in number_roles(text):
        if day is None and (
            role.kind in ("ordinal", "date")
            or (role.kind == "number" and _DATE_LABEL.search(text, 0, role.start))
        ):
            return None  # "dinner 31 eur 12th", "day 10": a day named that no slot took
        spans.append((role.start, role.end))
        if (
            role.kind in ("number", "id", "code")
            and (label := _NUMBER_LABEL.search(text, 0, role.start))
            and not _names(label.group(), intent.entry_not_words)
        ):
            spans.append((label.start(), role.start))
    spans += [m.span() for m in _ENTRY_MEMO.finditer(text)]
    spans += _form_labels(text)
    lowered = text.lower()
    name: Found | None = None
    for word in intent.entry_words:
        pattern = re.escape(word.lower())
        if not _is_cjk_word(word):
            pattern = rf"(?<![\w'-]){pattern}(?![\w'-])"
        for m in re.finditer(pattern, lowered):
            spans.append(m.span())
            if kind := _KIND_TOLD.search(lowered, max(0, m.start() - 16), m.start()):
                spans.append(kind.span())  # "…, 94.40 EUR, ja that's a meal"
            if name is None or m.start() < name.start:
                name = Found(True, text[m.start() : m.end()], m.start(), m.end(), "entry")
    if name is None:
        return None
    rest = list(text)
    for start, end in spans:
        rest[start:end] = " " * (end - start)
    noise = (*_own_words(intent), *ID_NOUNS, *intent.entry_words)
    left = "".join(rest)
    if _names(left, intent.entry_not_words):
        return None
    return None if _sentence_words(left, noise) and not _memo_only(left) else name


_ENTRY_REFUSED = re.compile(
    r"(?:不|别|甭|不要|不用|不必|无需)(?:再|用)?(?:报|提交|记|存|录)|"
    r"\b(?:don'?t|do\s+not|never\s+mind|no\s+need\s+to)\s+(?:file|claim|submit|log|save|record|"
    r"enter|put)\b",
    re.I,
)
"""The write refused after the entry ("停车费25块我想了想还是不报了", "taxi 20 EUR, don't file
it"): the words that name the entry are not all the line says."""
_KIND_TOLD = re.compile(r"\b(?:that's|thats|that\s+is|it's|it\s+is)\s+(?:an?\s+)?$")
"""What names the entry's kind in a clause of its own, right before its word ("that's a")."""
_TAKEN_BACK = re.compile(r"\W*(?:no|nope|nah|no no|不|不对|不是)\W*", re.I)
"""A bare "No." after an entry line: the user took the line back (or doubts it) before
sending; nothing says what they want instead, so the run asks."""
_BARE_NOT = re.compile(r"\W*(?:not|no|别|不要|不是) {2,}\W*", re.I)
"""What is left of a clause that disowned a value once `corrected` blanks it ("Not ___.")."""
_SHORT_CLAUSE = re.compile(r"\W*(?:\w+\W+){0,5}\w*\W*")
"""A clause of six words at most (Chinese counts as one word per run of characters)."""


def _rival_refused(
    intent: IntentSpec,
    clause: str,
    evidence: Mapping[str, dict[str, Any] | None],
    today: date | None,
) -> bool:
    """Whether a short refusing clause only refuses another value of a choice the line makes.

    "Weekly report, please. Not monthly.", "酒店420块今天的，别选打车，选住宿": the refused
    value ("monthly", 打车) is one of the options of a slot the rest of the line fills with
    another, so the refusal says which, and the line is still an entry.
    """
    if today is None or not _SHORT_CLAUSE.fullmatch(clause) or not NEGATION.search(clause):
        return False
    body = NEGATION.sub(lambda m: " " * len(m.group()), clause)
    try:
        _, refused = split_found(_fill(intent, body, today))
    except SlotError:
        return False
    for name, ev in refused.items():
        own = evidence.get(name)
        if (
            ev
            and own
            and ev.get("kind") == own.get("kind") == "enum"
            and str(ev["text"]).lower() != str(own["text"]).lower()
        ):
            return True
    return False


_READ_JOINER = re.compile(
    r"(?:\b(?:and\s+then|and\s+also|and\s+after|and\s+afterwards|then|and|also|plus|"
    r"after(?:\s+that)?|afterwards)\b|然后|再|并且|顺便|接着|"
    # northern 完了 (after that) opening its clause: "打车 38 块，夜儿的，完了给我看看近7天合计"
    r"(?:^|(?<=[\s,，;；.。]))完了)[\s,，;；.。]*$",
    re.I,
)


def _joined_from(text: str, start: int) -> int:
    """Where a follow-up read begins with the word that joins it to the entry.

    "Taxi from the sim centre back to base, 23.40 USD, today. Then total for the past 7
    days": the "Then" belongs to the read, not to the words that describe the claim.
    """
    m = _READ_JOINER.search(text[:start].rstrip())
    return start if m is None else m.start()


def _names(text: str, words: tuple[str, ...]) -> bool:
    """Whether the text holds one of the words: English ones whole, as entry words are read."""
    lowered = text.lower()
    return any(
        re.search(
            re.escape(w.lower())
            if _is_cjk_word(w)
            else rf"(?<![\w'-]){re.escape(w.lower())}(?![\w'-])",
            lowered,
        )
        for w in words
    )


_SENTENCE_MAKERS = frozenset(
    {
        *("i", "we", "you", "he", "she", "they", "it", "my", "me", "our", "us", "his", "her"),
        *("their", "i'm", "i'd", "i've", "i'll", "we're", "it's", "that's", "there's"),
        *("is", "was", "were", "are", "am", "be", "been", "being", "do", "did", "does", "done"),
        *("have", "has", "had", "can", "could", "will", "would", "shall", "should", "may"),
        *("might", "must", "need", "needs", "want", "wants", "wanna", "gonna", "let", "lets"),
        *("not", "no", "never", "nothing", "don't", "didn't", "doesn't", "isn't", "wasn't"),
        *("won't", "can't", "cannot", "without", "nah", "nope", "wait", "hold", "or", "either"),
        *("what", "which", "who", "whom", "whose", "why", "how", "when", "where", "whether"),
        *("if", "unless", "maybe", "perhaps", "think", "guess", "sure", "unsure", "probably"),
        *("already", "again", "twice", "still", "yet", "also", "too", "instead", "actually"),
        *("cost", "costs", "spent", "spend", "came", "comes", "got", "get", "gets", "took"),
        *("rejected", "declined", "refund", "refunded", "returned", "cancelled", "canceled"),
        *("approved", "reimbursed", "wrong", "error", "mistake", "duplicate", "personal"),
        *("change", "fix", "delete", "remove", "edit", "update", "undo", "skip", "ignore"),
        *("show", "tell", "check", "see", "look", "total", "sum", "much", "many", "status"),
        *("said", "says", "say", "told", "asked", "ask"),
        # a reply to a question the line does not show: "yes the taxi one, 45 euro"
        *("yes", "yeah", "yep", "yup"),
        *("then", "and", "but", "so", "because", "since", "though", "tho", "although"),
        *("both", "each", "plus", "send", "sent", "mail", "email", "e", "text", "sms"),
        *("forward", "print", "share", "bad", "good", "ok", "okay", "high", "low", "normal"),
        # a day named in a way no date rule reads ("of the day 10"): the claim's date unsure
        *("day", "date", "dated"),
        # what a line asks besides filing: "recommend a restaurant for a team dinner under 50"
        *("recommend", "find", "buy", "order", "compare", "convert", "split", "estimate"),
        *("calculate", "budget", "limit", "allowed", "allowance", "policy", "max", "under"),
    }
)
"""Words that make what is left of an entry line a sentence, not a note about the entry.

"b&b last night for the out of town job, 95 EUR" and "diesel for the van 68.40 EUR today"
describe the claim as a list line does: what is left names where, what for and with whom.
A subject, a verb of being or having, a question word, a refusal, a doubt, a second thought
or anything a claim can be besides new ("rejected", "refund", "again") makes it a sentence
about the values ("my taxi cost 30 EUR yesterday"), and the line is asked about."""
_CN_SENTENCE_MAKERS = re.compile(
    # (会 is "will", not the 会 of 会议, 开会: "会议晚宴 45 美元，前天"; nor a fair or a party,
    # 展会, 聚会, nor 那会儿 "back then": "在德国展会食饭35欧，3月11号")
    r"[我你他她它们吗呢么吧嘛没不未要想能该是有过又再还也或了把寄发传转同和跟都及花付删改]|"
    r"(?<![开展聚宴晚年酒庙])会(?![议场所员展务儿])|(?<!类)别|"
    r"已经|可以|应该|驳回|退(?!房)|错|重复|多少|几|怎么|什么|啥|看|查|总|合计|算了|等等|不对|高|低|正常"
)
"""The same in Chinese: "去肥西工地打车52元" describes a claim; "我打车花了52" tells one."""


def _memo_only(rest: str) -> bool:
    """Whether the words left of an entry line only describe it (`_SENTENCE_MAKERS`).

    A misspelt change verb ("submitt a 45 usd taxi from this morning") is a verb too: the
    write it may ask for is a guess, and a guess never runs a write.
    """
    for word in re.findall(r"[a-z]+(?:'[a-z]+)?|[\u3400-\u9fff]+", rest.lower()):
        if _is_cjk_word(word):
            if _CN_SENTENCE_MAKERS.search(word):
                return False
        elif word in _SENTENCE_MAKERS or word.endswith("n't") or _misspelt_change(word):
            return False
    return True


def _misspelt_change(word: str) -> bool:
    """Whether a word is a change verb with a letter added or dropped ("submitt").

    `respell`'s one edit, narrowed: a letter changed makes other words ("summit"), and two
    swapped are read by `respell` itself ("expnese").
    """
    if len(word) < 6 or word in _CHANGE_WORDS:
        return False
    return any(
        w[0] == word[0] and abs(len(w) - len(word)) == 1 and _one_edit(word, w)
        for w in _CHANGE_WORDS
    )


_CHANGE_WORDS = frozenset(
    w.lower() for w in (*GENERIC_CUES, *OTHER_CHANGE_VERBS) if w.isalpha() and len(w) > 3
)


def _follow_up_reads(
    text: str, evidence: Mapping[str, dict[str, Any] | None], needed: tuple[str, ...]
) -> list[tuple[int, int]]:
    """The read commands after an entry line that ask for the intent's own follow-up read.

    "lunch 14 dollars on the 7th, then show the past 7 days total" is an entry, then a
    read of the window the intent shows after its write: a clause after the first that
    opens with a read command, asks no question, holds one of the intent's slots that the
    write does not need (its period) and does not point back at the entry's thing
    (`_BACK_TO_IT`: "看看这笔在不在两周总数里" asks whether it was filed). Its span is left
    out of the entry line.
    """
    spans: list[tuple[int, int]] = []
    for n, (start, clause) in enumerate(clauses(text)):
        end = start + len(clause)
        held = any(
            ev and "start" in ev and start <= ev["start"] < end
            for name, ev in evidence.items()
            if name not in needed
        )
        read = read_command(clause) or _READ_NAMED.match(clause)
        # (not a read of the entry itself: "then show whether it's in my total")
        if n > 0 and held and read and not _BACK_TO_IT.search(clause):
            spans.append((start, end))
    return spans


_READ_NAMED = re.compile(
    r"^[\s,;.+]*(?:(?:and\s+then|then|and|plus|also)\s+)?(?:the\s+|my\s+)?"
    r"(?:total|sum|running\s+total|trend)\b(?![^?]*\?)|"
    r"^[\s,;.+，；]*(?:再|然后|顺便)?(?:(?:最近|近|过去)?[\d一二两三四五六七八九十]+(?:天|周|日)的?)?"
    r"(?:合计|总额|总计|汇总|总共)(?:[\s:：]*(?:最近|近|过去)?[\d一二两三四五六七八九十]+(?:天|周|日))?"
    r"[\s。.!！]*$|"
    r"^[\s,;.+，；]*(?:再|然后|顺便)?(?:给我)?(?:看看|看下|看一下|查查|查下|算算|算下)"
    r"[^？?吗]*(?:总共|一共|合计|总额)[^？?吗]*多少(?:钱)?[\s。.!！]*$",
    re.I,
)
"""A follow-up read named, not commanded: "…, today. Then total for the past 7 days",
"打车 88 元 昨天; 总额 14天", "餐费 120 RMB 今天 + 近7天合计", "+ 看看30天总共多少"."""


_SUBJECTS = frozenset({"i", "we", "i'm", "i'd", "我", "你", "要", "想", "能", "可以"})
"""Filler words that make a line a sentence about the values ("I", "我", "想"), not a log
entry: "我昨天量的血压是 128/84" tells a reading, like "my cab cost 26 EUR"."""


def _sentence_words(rest: str, noise: tuple[str, ...]) -> list[str]:
    """The words of an entry line's remainder that make it a sentence, not an entry.

    Stricter than `content_words`: one Chinese character left counts ("量", "是", "花"),
    and so does a subject ("I", "我"); only filler, the intent's own words and particles
    may stay.
    """
    drop = {w.lower() for w in (*FILLER, *noise)} - _SUBJECTS
    english = {stem(part) for w in drop if not _is_cjk_word(w) for part in w.split()}
    chinese = sorted((w for w in drop if _is_cjk_word(w)), key=len, reverse=True)
    left: list[str] = []
    for token in re.findall(r"[a-z]+(?:'[a-z]+)?|[\u3400-\u9fff]+", rest.lower()):
        if not _is_cjk_word(token):
            if stem(token) not in english:
                left.append(token)
            continue
        for word in chinese:
            token = token.replace(word, " ")
        left.extend(token.split())
    return left


@lru_cache(maxsize=4096)
def _is_cjk_word(word: str) -> bool:
    return re.search(r"[\u3400-\u9fff]", word) is not None


def _asks_change(
    intent: IntentSpec,
    text: str,
    evidence: Mapping[str, dict[str, Any] | None],
    today: date | None = None,
) -> Found | None:
    """The words asking for the intent's change: a cue, or an entry line if it opts in.

    An entry line opens the gate only for an intent with `IntentSpec.entry_routes`.
    """
    cue = change_cue(text, intent.write_cues)
    if cue is not None or not intent.entry_routes:
        return cue
    return _entry(intent, text, evidence, today)


def _entry_asked(
    intent: IntentSpec, text: str, today: date, decision: Decision | None = None
) -> Decision | None:
    """The question for an entry line of an intent that does not run one, or None.

    "cab 27 USD on monday" names a claim and all its values, yet no word of it asks for a
    change: it may be a note, a price or a question cut short. The run writes nothing and
    says what it would write and how to ask for it, so one more line from the user files it.
    """
    if not intent.entry_words or intent.entry_routes:
        return None
    values, evidence = split_found(_fill(intent, text, today))
    if _entry(intent, text, evidence, today) is None:
        return None
    try:
        slots = validate_slots(intent, values)
    except SlotError:
        return None
    shown = {k: (v.isoformat() if isinstance(v, date) else v) for k, v in slots.items()}
    try:
        request = intent.entry_request.format(**shown) if intent.entry_request else ""
    except (KeyError, IndexError, ValueError):
        request = ""
    if not request:
        words = ", ".join(f"{k} {v}" for k, v in shown.items() if evidence.get(k) is not None)
        request = f"{intent.write_cues[0] if intent.write_cues else 'do'} it: {words}"
    return _asking(
        decision or Decision(action="clarify"),
        ENTRY_QUESTION.format(line=text.strip(), request=request),
        ENTRY_ASKED.format(intent=intent.name),
    )


_SECOND_ITEM = re.compile(
    r"\b(?:and|plus|also)\s+(?:a|an|one|another)\s+[a-z]+\s+(?:for|of|at)\s*$", re.I
)
"""A second thing named with its price after "and" ("… and a lunch for 14"): a bare number
there is another claim's sum, with its currency left to the first."""


def _another_value(ev: Mapping[str, Any], roles: list[Role], text: str) -> Role | None:
    """A second value of the kind the slot's evidence is, which the write would leave out.

    "cancel 10092 and 10096 both" names two orders, "log 130/85 and 128/82" two readings
    and "file a 50 USD meal and a 30 USD taxi" two amounts: a write that takes one must not
    pick one of them. A number that is only a number counts beside an id when it is as long
    as an id (three digits or more). The same value said again is the same thing ("$9 …
    9 dollars"), unless `text` says it is another ("$9 and another $9 at the second one").
    """
    kind = str(ev.get("kind"))
    wanted = {
        "id": ("id", "number"),
        "reading": ("reading",),
        "amount": ("money",),
        "period": ("period",),
    }.get(kind, ())
    # A bare price ("小计 96.00\n实付 86.00\n\n报餐费，人民币"): the other bare prices are
    # amounts too, as a receipt lists them.
    priced = kind == "amount" and _PRICE.fullmatch(str(ev["text"]).strip()) is not None
    for role in roles:
        if role.start < ev["end"] and ev["start"] < role.end:
            continue
        if priced and role.kind == "number" and _PRICE.fullmatch(role.text.strip()):
            return role
        if (
            kind == "amount"
            and role.kind == "number"
            and _DECIMAL.fullmatch(role.text.strip())
            and not _MEASURE_AFTER.match(text, role.end)
        ):
            return role  # "打车 45 rmb 7.5 报了": a second sum, or a day, no slot says which
        if (
            kind == "amount"
            and role.kind == "number"
            and _SECOND_ITEM.search(text, 0, role.start) is not None
        ):
            return role  # "a taxi for 32 bucks and a lunch for 14": a second claim's sum
        if role.kind not in wanted:
            continue
        if kind == "period":
            # "the past 7 days, and the 30 day one too": two windows, one read at a time.
            # A calendar week or month beside it says when something happened ("I measured
            # it 3 times this week, show me the last 14 days").
            days = parse_period_days(period_words(text, role))  # "7" of "7 or 14 days" too
            asked = Role("period", int(ev["start"]), int(ev["end"]), str(ev["text"]))
            said = parse_period_days(period_words(text, asked))
            if days and said and days != said and not _CALENDAR.search(role.text):
                return role
            continue
        digits = re.sub(r"\D", "", role.text)
        if role.kind == "number" and (len(digits) < 3 or digits != role.text.strip()):
            continue
        if _said_number(role.text) != _said_number(str(ev["text"])) or _ANOTHER.search(
            text, max(0, role.start - 16), role.start
        ):
            return role
    return None


_ANOTHER = re.compile(
    r"\b(?:another|one\s+more|a\s+second)\s+$|(?:又|另|再)(?:一笔|花了?|付了?)?\s*$", re.I
)
"""The same value said as a second one: "$9 and another $9", "又一笔 30 元"."""


def _said_number(text: str) -> str:
    """The number a value's words say: its digits, or its Chinese numeral's value.

    "两百块" and "两百五十块" have no digits, and compared by their digits alone they were
    one amount: "两百块，哦不对，是两百五十块" filed 200.
    """
    if digits := re.sub(r"\D", "", text):
        return digits
    numeral = CN_NUMERAL.search(text)
    return str(cn_number(numeral.group())) if numeral else text


_PRICE = re.compile(r"\d+\.\d{2}")
"""A number written with cents and nothing else: a price."""
_DECIMAL = re.compile(r"\d+\.\d")
"""A bare number with one decimal beside an amount ("7.5"): a sum or a day, never a count or
an id. With cents it is a receipt's line ("net 82.62", "Tip 5.00"), read by its label."""
_MEASURE_AFTER = re.compile(r"\s*(?:[A-Za-z]|公里|千米|晚|天|小时|个|次|升|斤|公斤|%|％)")
"""A unit after the number: "2.5 nights", "12.5 km", "3.5公里" measure, they are no sum."""


_OR_WORD = r"or|或者|还是"
"""The words offering a second amount as the first one's other possibility."""
_OR = re.compile(rf"\s*(?:{_OR_WORD}|或|to|-|–|~|到)\s*$", re.I)
_LISTED = re.compile(r"\s*(?:,\s*(?:and\s+)?|，|、|and|&|plus|和|与|跟|及|加)\s*$", re.I)
"""What joins a bare number to the amount after it in a list ("8, 12 and 30 EUR", "9 和 14 元")."""


_OR_AFTER = re.compile(
    rf"\s*[,，]?\s*(?:{_OR_WORD}|或是)\s*(?:(?:maybe|perhaps|possibly|was\s+it)\s+)?", re.I
)
"""Between an amount and a bare number offered after it as its other possibility."""


def _alternative(text: str, ev: Mapping[str, Any], roles: list[Role]) -> Role | None:
    """A number offered as the amount's other possibility or listed beside it, or None.

    "either 120 or 140 EUR", "300 到 400 元", "30 USD, or 40?": the user is not sure of the
    amount, and a write must not pick one of them; nor of a reading ("140 on 90 or maybe
    145"). "40 and 65 USD", "8, 12 和 30 元": the
    currency is said once for a list of amounts, so the bare numbers are amounts too and one
    claim would drop them. Only the bare number right before the amount, joined by a comma
    or "and", counts (or after it, joined by "or"); a count ("my 3 cab rides, ..."), a date
    or an id is no listed amount.
    """
    if ev.get("kind") == "reading":
        # "140 on 90 or maybe 145": a reading's part offered another way
        after = next((r for r in roles if r.start >= ev["end"]), None)
        if (
            after is not None
            and after.kind == "number"
            and _OR_AFTER.fullmatch(text, ev["end"], after.start)
        ):
            return after
        return None
    if ev.get("kind") != "amount":
        return None
    for role in roles:
        if (
            role.kind == "number"
            and role.end <= ev["start"]
            and _OR.match(text[role.end : ev["start"]])
        ):
            return role
        if (
            role.kind == "number"
            and role.start >= ev["end"]
            and _OR_AFTER.fullmatch(text, ev["end"], role.start)
        ):
            return role  # "taxi 30 USD, or 40? file it"
        if (
            role.kind == "number"
            and role.start >= ev["end"]
            and _SUM_BEFORE.search(text, 0, role.start)
        ):
            return role  # "two nights by 110 euros, all together 220": the sum is the claim
    before = [role for role in roles if role.end <= ev["start"]]
    last = max(before, key=lambda role: role.end, default=None)
    if last is not None and last.kind == "number" and _LISTED.match(text[last.end : ev["start"]]):
        return last
    # the amount doubted later, itself against another: "a taxi of 31 euros... wait, I am
    # not sure if it was 31 or 37"
    said = _digits(str(ev["text"]))
    later = [role for role in roles if role.start >= ev["end"] and role.kind == "number"]
    for a, b in itertools.pairwise(later):
        if _OR.match(text[a.end : b.start]) and said in (_digits(a.text), _digits(b.text)):
            return b if _digits(a.text) == said else a
    return None


_SUM_BEFORE = re.compile(
    r"\b(?:all\s+together|altogether|in\s+total|total\s+(?:is|was|of)|came\s+to)\s*$|"
    r"(?:一共|总共|合计|共计|总计)\s*$",
    re.I,
)
"""A sum said before a bare number after the amount ("… by 110 euros, all together 220").
Narrower than `tools.slots`' total mark: a bare "total" or "=" before a number may name a
window's days ("total 7 hari") rather than a second amount."""


_VALUE_ROLES = frozenset({"reading", "money"})
"""Values a request gives about one thing: a reading, an amount of money."""


_THRESHOLD = re.compile(
    r"\b(?:total|sum|spend|spent|claimed)\b[^.?!]{0,40}\b(?:over|above|under|below|more\s+than|"
    r"less\s+than|exceeds?|beyond|past)\s+$|(?:超过|超出|不到|低于|高于|多于|少于|[<>≤≥])\s*$",
    re.I,
)
"""An amount the total is measured against ("is the total for the past 30 days over 500
USD?", "总额超过3000了吗"): showing the total answers it."""


def _unused_value(text: str, evidence: Mapping[str, dict[str, Any] | None]) -> Role | None:
    """A value the request asks about that no slot of the read intent takes, or None.

    "did my 42.50 EUR taxi claim go through?" and "我的血压140/90算高吗？" ask about one
    claim and one reading; a total or a trend ignores the value the question is about,
    so the classifier's read route is asked about instead. Only a value in a clause that
    asks for information counts: "what's my total? I think it's around 300 euros" asks
    for the total.
    """
    used = [(ev["start"], ev["end"]) for ev in evidence.values() if ev and "start" in ev]
    cut = clauses(text)

    def clause_at(at: int) -> tuple[int, str]:
        return next(((s, c) for s, c in cut if s <= at < s + len(c)), (-1, ""))

    for role in number_roles(text):
        # A sum with its cents ("did the 23.40 taxi go through?") is money without a currency.
        cents = role.kind == "number" and re.fullmatch(r"\d+\.\d\d", role.text.strip())
        if not (role.kind in _VALUE_ROLES or cents) or any(
            s < role.end and role.start < e for s, e in used
        ):
            continue
        start, clause = clause_at(role.start)
        if not asks_for_information(clause):
            continue
        if role.kind == "money" and _THRESHOLD.search(text, 0, role.start):
            continue  # "is the total for the past 30 days over 500 USD?": the total answers
        # The read asked for in a clause of its own, with its slot's words ("did my 45 euro
        # claim go through? show me the last 14 days total"), is asked for all the same.
        apart = [clause_at(s) for s, _ in used]
        if any(at != start and asks_for_information(c) for at, c in apart):
            continue
        return role
    return None


def _words(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[a-z]+", mask_not_cues(text))}


def _vouches(intent: IntentSpec, verb: str) -> bool:
    """Whether the intent's own examples, description or cues use the verb.

    "expense total" is how people ask for `expense_total`, so its "expense" asks for no
    change; no example of `ticket_status` says "cancel". Phrases that ask for nothing
    ("any update on 10089?") do not vouch for their verb.
    """
    texts = (*intent.examples, intent.description, *intent.write_cues)
    if re.search(r"[\u3400-\u9fff]", verb):
        return any(verb in t for t in texts)
    words = _words(verb)
    return any(words <= _words(t) for t in texts)


def _write_cues(domain: Domain) -> list[str]:
    return [c for i in domain.intents if domain.writes(i.name) for c in i.write_cues]


def _served_kinds(intent: IntentSpec) -> set[str]:
    """The kinds of change (`nodes/cues.py`, `CHANGE_KINDS`) the intent's own words ask for.

    Read from its examples, description and `write_cues`, so a new domain's write intent
    serves what its examples ask ("file", "submit", "报销": create) with no list to keep.
    """
    return set(_kinds_in(intent.examples, intent.description, intent.write_cues))


@lru_cache(maxsize=256)
def _kinds_in(
    examples: tuple[str, ...], description: str, write_cues: tuple[str, ...]
) -> frozenset[str]:
    """`_served_kinds` of these words, read once per process: every gate decision asks."""
    kinds = {change_kind(c) for c in write_cues}
    for text in (*examples, description):
        kinds |= {change_kind(v.text) for v in change_verbs(text, write_cues) if v.value}
    return frozenset(k for k in kinds if k is not None)


_BY_CHANNEL = re.compile(
    # (German "per": "send me the status … per E-Mail, not per SMS")
    # (and Tagalog "sa": "pa-send po sa Viber yung status ng 90215", Swahili "kwa": "send the
    # status ya 20880 kwa WhatsApp")
    r"\b(?:to|by|via|over|on|through|in|into|por|par|per|sa|kwa)\s+"
    r"(?:my\s+|the\s+|your\s+|mi\s+)?"
    r"(?P<en>e-?mail|mail|gmail|hotmail|outlook|inbox|mailbox|whatsapp|telegram|wechat|viber|"
    r"kakaotalk|kakao|"
    # (and the user's work one: "88031 状态发我工作邮箱")
    # (WeChat as its pinyin's letters: "662099的物流发到我wx上嘛")
    # (and official style's 发送至: "订单 40719 的状态请发送至我的邮箱")
    r"messenger)\b|(?:发到|发去|发至|发送至|发送到|发给我的?|发我的?)(?:我的?)?(?:公司|工作|单位)?的?"
    r"(?P<cn>邮箱|微信|邮件|wx|vx)(?![a-z])|"
    # by the channel, named before the verb: "把订单 66012 的状态用微信发给我"
    # (or with the thing sent between: "用邮件把订单40551的状态发我")
    # (official style's 经由 and 推送: "烦请将订单20391之状态经由微信推送至本人")
    r"(?:用|通过|经由|走|拿|以)\s*(?:我的?)?"
    r"(?P<cn2>邮箱|微信|(?:电子)?邮件|qq|钉钉|whatsapp|wechat|telegram|e-?mail|line)"
    # (official style's 方式: "以电子邮件方式发送本人")
    r"(?:的?(?:方式|形式))?"
    r"(?=\s*(?:发|传|告诉|通知|推送)|[把将][^。！？!?，,]{0,24}?(?:发|传|告诉|通知|推送))|"
    # a message of the channel's own kind: "send mi a WhatsApp when …", "drop me an email"
    # (or sent to the user after: "Can send WhatsApp to me for order 60233?")
    r"\b(?:send|drop|shoot|give)\s+(?:(?:me|mi|us)\s+)?(?:a\s+|an\s+)?"
    # (and Korea's KakaoTalk: "send me kakaotalk message for order 80311 status")
    r"(?P<en3>whatsapp|wechat|telegram|viber|e-?mail|kakaotalk|kakao)\b|"
    # the channel as the verb: "email 给我", "WhatsApp me the status"
    r"(?<![A-Za-z])(?P<en2>e-?mail|whatsapp|wechat|telegram|viber|messenger|kakaotalk|kakao)\s*"
    r"(?:(?:发)?给我|我|me\b|mi\b|us\b)|"
    # sent over to a channel, the verb English inside Chinese: "send去我WhatsApp"
    r"(?:send|发|传|寄|e-?mail)\s*(?:去|到|给|俾)\s*(?:我的?)?\s*(?:公司的?|工作的?|单位的?)?\s*"
    r"(?P<cn3>whatsapp|wechat|telegram|e-?mail|gmail|邮箱|微信|邮件)|"
    # the channel before the verb: "帮我把10519的状态微信发给我"
    r"(?P<cn5>微信|邮件|邮箱|qq|钉钉|whatsapp|wechat)\s*(?:(?:发|传)(?:给|到)?|通知|告诉)\s*我|"
    # the channel as where it is sent: "微信上发给俺", "邮箱里发我一份"
    r"(?P<cn4>whatsapp|wechat|telegram|邮箱|微信|邮件|qq|钉钉)\s*(?:上|里|里面)\s*"
    r"(?:把[^，。,！!？?]{0,20}?)?(?:发|传|告诉|通知|说)|"
    # the channel's own verb: "给我发微信上", "发个微信给我"
    r"发\s*(?:个|条|一条|一封|封)?\s*(?P<cn7>微信|(?:电子)?邮件|邮箱)|"
    # a call, not a text: "ring me on the telephone about order 40022", "打电话告诉我"
    r"\b(?P<en4>(?:ring|call|phone|telephone)\s+(?:me|us|mi)\b(?!\s+(?:a|an)\s)|"
    r"(?:tele)?phone\s+call|on\s+the\s+telephone)|"
    r"(?<!不用)(?<!不要)(?<!别)(?P<cn6>(?:给我)?打(?:个|一个|一通)?电话(?:给我|告诉我|通知我)|"
    r"电话(?:通知|告诉|联系)我)",
    re.I,
)
"""Where a message is to go, named as a channel ("to my gmail", "on WhatsApp", "发到我邮箱")."""
CHANNELS = frozenset({"email", "e-mail", "mail", "发邮件", "邮件"})
"""Send verbs that name how a message goes: an intent whose own words never say "email"
texts, and "email me the status of order 10086" is asked about, not sent as a text."""


def _serves(intent: IntentSpec, verb: str, kinds: set[str]) -> bool:
    """Whether the write intent makes the change the verb asks for.

    Its own cue does; a listed verb does when its kind is one the intent's words ask for
    ("store" for an intent whose examples "record" and "save"); any other verb, or any
    verb for an intent whose words name no listed kind, when its words use it.
    """
    if verb.lower() in {c.lower().lstrip("^") for c in intent.write_cues}:
        return True
    kind = change_kind(verb)
    if kind is not None and kinds:
        if kinds == {"send"} and verb.lower() in CHANNELS:
            # "email me the status" asks an intent that only sends for a channel it must
            # name itself; a ticket's "email me when it's fixed" is its notify flag.
            return _vouches(intent, verb)
        return kind in kinds
    return _vouches(intent, verb)


def _foreign_change(domain: Domain, intent: IntentSpec, text: str, today: date) -> Found | None:
    """A change the request asks for that the write intent does not make, or None.

    "send the monthly report to my boss" names a report, and "把昨天那笔报销改成 60 元" a
    claim, but neither asks to build or file one: the write gate opens only for the
    intent's own change, never a neighbour's, so a request for a change the domain cannot
    make gets the clarifying question instead of the nearest write. So does a change asked
    for on a schedule ("每周一自动给我生成周报"), which no one-off intent makes.
    """
    kinds = _served_kinds(intent)
    verbs = change_verbs(text, _write_cues(domain))
    for verb in verbs:
        if verb.value and not _serves(intent, verb.text, kinds) and not _own_plan(text, verb.start):
            if any(not w.value and w.start > verb.start and _taken_back(w, verbs) for w in verbs):
                continue  # "Cancel 55187. … Do not cancel, send me an SMS": taken back
            return verb
    # A message by a channel the intent's own words never name ("send status of order 71234
    # to my gmail", "发到我邮箱"): the channel is the user's, and the intent does not use it.
    channels = (m for m in _BY_CHANNEL.finditer(text) if not negated(text, m.start()))
    if kinds == {"send"} and (by := next(channels, None)) is not None:
        channel = by[str(by.lastgroup)]  # each way of naming it has one group, the channel
        if not _vouches(intent, channel):
            return Found(True, by.group(), by.start(), by.end(), "cue")
    # A message for someone else is a send the intent makes only if its own examples do.
    other = someone_else(text)
    if (
        other is not None
        and not _own_plan(text, other.start)
        and not any(someone_else(e) for e in intent.examples)
    ):
        return other
    # A change on a schedule ("every Monday", "每周一自动") is not the one change now that
    # the intent makes, unless its own words ask for a schedule; how often a problem
    # happens, told in a ticket's words, is no schedule (`_told_in_text_slot`).
    again = recurring(text) if "schedule" not in kinds else None
    if again is not None and not _told_in_text_slot(intent, text, today, again):
        return again
    # A change once something happens ("text me when 10087 ships") is not the change now,
    # unless the intent's own examples ask for one on an event.
    return on_event(text, intent.examples)


def _sent_elsewhere(intent: IntentSpec, text: str, verb: Found) -> bool:
    """Whether the send asked for goes by a channel the intent's own words never name.

    "帮我把上周的报销单发到我邮箱" sends the claims to a mailbox; a ticket that tells the
    user of progress "sends" too, but the request asks for no ticket, so it is not the
    maker of that send. (A ticket asked for with its updates by mail is the ticket's own
    route, read by its rule, not handed down here.)
    """
    if change_kind(verb.text) != "send":
        return False
    channels = (m for m in _BY_CHANNEL.finditer(text) if not negated(text, m.start()))
    by = next(channels, None)
    return by is not None and not _vouches(intent, by[str(by.lastgroup)])


_OWN_PLAN = re.compile(
    r"\b(?:so\s+(?:that\s+)?(?:i|we)\s+(?:can|could|may|will|'ll|am\s+able\s+to)|make\s+i|"
    r"(?:in\s+order\s+)?for\s+me\s+to|to\s+let\s+me)\s+(?:\w+\s+)?$|(?:好让我|以便我|方便我|我好)[\u4e00-\u9fff]{0,2}\s*$|"
    # what the user will do after ("price drop 了我重新下一单")
    r"(?<![帮给替让叫])我(?:自己|重新|回头)再?\s*$",
    re.I,
)
"""What the user says they will do with the result, just before its verb: "so I can forward
it to my boss", Nigerian Pidgin "make I forward am to my oga", "好让我转给领导"."""


def _own_plan(text: str, at: int) -> bool:
    """Whether the words before `at`, in its sentence, say the user will do it themselves."""
    lead = re.split(r"[.;!?。；！？\n]", text[max(0, at - 40) : at])[-1]
    return _OWN_PLAN.search(lead) is not None


def _told_in_text_slot(intent: IntentSpec, text: str, today: date, found: Found) -> bool:
    """Whether the words lie inside a free-text slot the request gives, apart from its ask.

    "the scanner jams every morning", "打印机每天早上都卡纸": how often a problem happens is
    part of the problem a ticket describes, not a schedule for the ticket.
    """
    try:
        _, evidence = split_found(_fill(intent, text, today))
    except SlotError:
        return False
    cue = change_cue(text, intent.write_cues)
    return any(
        ev
        and ev.get("kind") == "text"
        and ev["start"] <= found.start
        and found.end <= ev["end"]
        and (cue is None or not ev["start"] <= cue.start < ev["end"])
        for ev in evidence.values()
    )


def _beside_a_condition(
    text: str, cue: Found, evidence: Mapping[str, dict[str, Any] | None]
) -> bool:
    """Whether the only cue is a slot's words, and the change itself is under a condition.

    "T-207还没修好的话，再开一个新的工单，打印机卡纸，有进展通知我": the ticket is opened only if
    T-207 is not fixed (a condition and what it leads to, `conditional_clauses`); the
    "通知我" that asks for updates is a slot of the same write, no unconditional ask of it.
    """
    conditional = conditional_clauses(text)
    cut = clauses(text)
    if not conditional or cut[0][0] not in conditional:
        return False  # the request does not open with a condition
    own = next((s for s, c in cut if s <= cue.start < s + len(c)), None)
    if own in conditional:
        return False
    return any(
        ev and "start" in ev and int(ev["start"]) <= cue.start < int(ev["end"])
        for ev in evidence.values()
    )


def _gate(
    domain: Domain,
    intent: IntentSpec,
    text: str,
    evidence: Mapping[str, dict[str, Any] | None],
    today: date,
    *,
    asked: bool = False,
) -> tuple[str | None, bool, Found | None]:
    """(why a write may not run, whether the request asked for a change, the cue words).

    Only an intent declared for the two-stage router and having a write tool is gated. With
    `asked`, a person already chose the intent, which is asking for its change.
    """
    if not _guarded(intent) or not domain.writes(intent.name):
        return None, True, None
    cue = None if asked else _asks_change(intent, text, evidence, today)
    if cue is None and not asked:
        return NO_CHANGE_ASKED, False, None
    if not asked and (first := question_first(text)) is not None:
        return QUESTION_FIRST.format(words=first.text), False, None
    foreign = None if asked else _foreign_change(domain, intent, text, today)
    if foreign is not None:
        return FOREIGN_CHANGE.format(intent=intent.name, verb=foreign.text), False, None
    if not asked and cue is not None and _SUMMED.fullmatch(cue.text) and _HOW_MUCH.search(text):
        return SUM_ASKED.format(intent=intent.name, words=cue.text), False, None
    done = _EXISTING.search(text) if cue is not None and not asked else None
    if (
        done is None
        and cue is not None
        and not asked
        and "个" not in cue.text
        and not cue.text.lower().endswith(("其他", "其它", "weekly", "monthly"))
    ):
        # "报个酒店的钱": a measure word makes the thing new, its 的 is what it is of
        # ("算其他的": the 的 of the other kind, no claim made before; nor "要monthly的report")
        done = _PAST_ENTRY.match(text, cue.end)
    if cue is not None and done is not None and cue.start < done.end():
        later = change_cue(text[done.end() :], intent.write_cues)
        if later is None:
            words = text[cue.start : done.end()] if done.start() >= cue.end else done.group()
            return EXISTING.format(intent=intent.name, words=words), False, None
        cue = replace(later, start=later.start + done.end(), end=later.end + done.end())
    if not asked and cue is not None and (other := _object_of(domain, intent, text, cue)):
        return OTHER_OBJECT.format(intent=intent.name, words=other[1], other=other[0]), False, None
    if not asked and cue is not None and (added := _ADDED_TO.search(text)) is not None:
        return ADDED_TO.format(intent=intent.name, words=added.group().strip()), False, None
    if not asked and cue is not None and (shown := _read_object(domain, intent, text, cue)):
        return READ_OBJECT.format(intent=intent.name, words=shown[1], other=shown[0]), False, None
    if not asked and cue is not None and (sent := _sent_thing(intent, text, cue)) is not None:
        return SENT_THING.format(intent=intent.name, words=sent), False, None
    if not asked and (refused := _refused_change(intent, text, cue)) is not None:
        return REFUSED_CHANGE.format(intent=intent.name, words=refused), False, None
    if not asked and cue is not None and _beside_a_condition(text, cue, evidence):
        return UNDER_CONDITION.format(intent=intent.name, words=cue.text), False, None
    if not asked and (held := _HELD.search(text)) is not None:
        return REFUSED_CHANGE.format(intent=intent.name, words=held.group()), False, None
    if not asked and cue is not None and (doubt := _DOUBTED_AFTER.search(text, cue.end)):
        return DOUBTED_CHANGE.format(intent=intent.name, words=doubt.group().strip()), False, None
    problem = (
        _evidence_problem(intent, text, evidence)
        or _doubted_id(intent, text, evidence)
        or _unread_day(intent, text, evidence, today)
        or _future_day(text, evidence, today)
        or _calendar_window(intent, text, evidence)
        or _addressee(text, evidence)
        or _part_of_one(text)
        or _several_of_one(intent, text)
        or _two_choices(intent, text, evidence, today)
        or _confirm_first(text)
    )
    return problem, True, cue


CONFIRM_FIRST = "the request asks to be asked before the change ({words!r})"
_CONFIRM_FIRST = re.compile(
    r"\b(?:confirm|check|go\s+over|run\s+(?:it|this|them)\s+by)\b[^.?!。？！]{0,40}?\bwith\s+me\b"
    r"[^.?!。？！]{0,30}?\b(?:before|first)\b|"
    r"\b(?:ask|check\s+with)\s+me\s+(?:first|before\s+(?:you|u)\s+\w+)|"
    r"(?:先|提交前|之前)(?:跟我|和我|给我)?确认(?:一下)?",
    re.I,
)
"""A change the user wants to confirm before it is made ("Please confirm the details with
me before you submit it", "先跟我确认一下"): the run asks, with what it would do."""


def _confirm_first(text: str) -> str | None:
    """Why a write asked to be confirmed first does not run yet."""
    m = _CONFIRM_FIRST.search(text)
    return None if m is None else CONFIRM_FIRST.format(words=m.group())


SUM_ASKED = "not {intent}: {words!r} adds up what the request asks the total of"
_SUMMED = re.compile(r"加上|算上|连同|plus|together", re.I)
_HOW_MUCH = re.compile(
    r"多少|几块|几钱|\bhow\s+much\b|\bwhat(?:'s|\s+is|\s+are|\s+does)\b.*\b(?:total|sum|come\s+to)\b|"
    r"\b(?:total|sum)\s*\?",
    re.I,
)
"""A question for an amount ("总共多少", "how much", "what's the total?"): beside it "加上"
or "plus" sums what is asked about ("我报的那笔200块加上之前的，总共多少"), files nothing."""
EXISTING = "not {intent}: the request asks how one already made fared ({words!r})"
# (not 的士, a taxi: "报一笔的士 28 块"; formal 之 is 的: "本人最近提交之工单", not 之后, 之前)
_PAST_ENTRY = re.compile(r"(?:过|了)?(?:的(?!时候|话|士)|之(?![后前内间一外中际余上下]))")
"""A Chinese change word that describes a thing ("我昨天记的那个128/82", "上周报的那笔"):
the entry was made before, and the request asks about it, never for it again."""
_EXISTING = re.compile(
    # (not a purpose: "Could you put that in so I get paid back?")
    r"(?<!\bso\si\s)(?<!\bso\swe\s)"
    r"\b(?:got|was|were|been|be|is|are|get|gets|getting)\s+(?:it\s+)?(?:already\s+)?"
    r"(?:rejected|approved|declined|denied|refused|bounced|paid(?:\s+out)?|reimbursed|"
    r"processed|accepted)\b|"
    r"\b(?:did|has|have)\s+(?:it|they|that|this|mine)\s+(?:already\s+)?"
    r"(?:go|gone|went|come|came)\s+through\b|\b(?:went|gone)\s+through\b|"
    r"被(?:驳回|拒|退回|打回|批准|通过)|(?:驳回|退回|打回)了|"
    r"(?:通过|批|批准|到账|报销|下来|审核|审批)了(?:吗|没有?|么)|(?:通过|批|到账)没",
    re.I,
)
"""Words asking how a thing already made fared ("got rejected", "did it go through",
"被驳回", "批了吗"): a question about an existing claim, not a request to file one."""
OTHER_OBJECT = "not {intent}: its change is asked for {words!r}, which {other} makes"
_OBJECT = re.compile(
    r"\s*(?:(?:a|an|the|me|us|my|new|another|one|some)\s+)*(?P<noun>[a-z]+)|"
    r"\s*(?:个|一个|一下|一张|张|条|一条|份|一份)?(?P<cn>[\u3400-\u9fff]{2})",
    re.I,
)


_PARTICLE = re.compile(r"[的了天个吗呢吧]")
_NO_OBJECT = frozenset({"帮我", "给我", "替我", "帮忙", "麻烦", "请你", "你帮", "顺便"})
"""What follows a cue with no object between ("…一百二十块算其他帮我报了"): the next request's
polite opening, which names no intent's object."""


def _object_of(domain: Domain, intent: IntentSpec, text: str, cue: Found) -> tuple[str, str] | None:
    """(another write intent, the words) when the cue's own object names that intent.

    "my 45 EUR taxi claim got rejected, log a ticket about it" names a claim and its
    amount, but the verb asks for a ticket: the change a request asks for is the one its
    verb's object names, so the claim's rule gives way to the intent whose name names the
    object ("ticket" of open_ticket) or whose Chinese examples share it ("工单"), and
    which this intent's own words do not use.
    """
    mine = _own_words(intent)
    joined = _CJK_AT.match(text, cue.end) is not None
    if not joined and any(w in cue.text for w in mine if _is_cjk_word(w) and len(w) > 1):
        # "开工单 报销页面打不开": the cue holds its object; what follows is the problem
        return None
    if (held := _held_object(cue.text)) is not None and held not in mine:
        # "开个工单：报销金额 1,000 显示成了 1.000": the cue's own object is another's
        for other in domain.intents:
            if (
                other.name != intent.name
                and domain.writes(other.name)
                and _guarded(other)
                and held in _own_words(other)
            ):
                return other.name, cue.text
    m = _OBJECT.match(text, cue.end)
    if m is None:
        return None
    noun = (m["noun"] or "").lower()
    word = stem(noun) if noun else m["cn"]
    if not word or word in mine or noun in mine or word in STOPWORDS or word in _NO_OBJECT:
        return None
    for other in domain.intents:
        if other.name != intent.name and domain.writes(other.name) and _guarded(other):
            named = {stem(part) for part in other.name.split("_")}
            own = {w for w in _own_words(other) if _is_cjk_word(w) and not _PARTICLE.search(w)}
            if word in named or (not noun and word in own):
                return other.name, m.group().strip()
    return None


_CJK_AT = re.compile(r"[\u3400-\u9fff]")


def _held_object(cue: str) -> str | None:
    """The Chinese object that closes a cue after its verb ("开个工单": 工单), or None."""
    for at in range(1, len(cue) - 1):
        m = _OBJECT.match(cue, at)
        if m is not None and m["cn"] and m.end() == len(cue) and not _PARTICLE.search(m["cn"]):
            return m["cn"]
    return None


ADDED_TO = "not {intent}: the request adds to one that exists ({words!r})"
_ID = r"#?(?:[a-z]+-\d+|\d{3,})\b"
_ADDED_TO = re.compile(
    r"\b(?:add|append|attach|post|leave|put|write|drop)\s+"
    r"(?:(?:a|an|the|my|this|that|one|some|another|quick|short|new)\s+)*"
    r"(?:comments?|notes?|repl(?:y|ies)|updates?|remarks?|attachments?|screenshots?|photos?|"
    r"details|info|messages?)\s+(?:to|on|onto|in|under)\s+"
    r"(?:(?:(?:the\s+)?(?:ticket|order|claim|case|issue)\s+)?" + _ID + "|"
    r"(?:my|the|our)\s+(?:(?:latest|last|newest|most\s+recent|recent|current|open|existing)\s+)?"
    r"(?:ticket|order|claim|case|issue)\b)|"
    r"(?:给|在|往|对)\s*(?:工单|订单|单子|报销单)?\s*" + _ID + r"\s*(?:的)?"
    r"(?:里面?|上面?|下面?|中)?\s*"
    r"(?:再)?(?:加|添加|添|补充|追加|补|写|留)(?:个|一个|一条|条|点|一下|上)?"
    r"(?:备注|评论|留言|说明|附件|截图|信息|内容|回复)",
    re.I,
)
"""A comment, a note or a reply added to a thing named by its id or as the user's own ("add
a comment to T-9", "add a note to my latest ticket",
"给T-9加个备注"): the change is to one that exists, which no create intent makes, however
much of a new one's words the note holds ("still broken")."""


READ_OBJECT = "not {intent}: its verb's object {words!r} is what {other} shows, not what it makes"


SENT_THING = "not {intent}: it sends a message, and {words!r} is something else to send"
_MESSAGE_WORDS = frozenset(
    stem(w)
    for w in (
        *("text", "sms", "message", "note", "notification", "alert", "reminder", "ping"),
        *("update", "info", "information", "detail", "status", "word", "heads", "line"),
        *("email", "mail", "tracking", "whereabouts", "where", "it", "that", "this", "one"),
        *("latest", "news", "phone", "mobile", "cell", "number", "quick", "short"),
        *("mensaje", "mensajito"),  # Spanish inside English: "Send me a mensajito"
    )
)
"""What a message is ("text me an update", "send me a quick note"): the objects of a send
verb that a notifying intent sends."""


_NOUN_PHRASE = re.compile(
    r"\s*(?:(?:me|us|him|her|them)\s+)?(?P<thing>(?:the|a|an|my|our|your|this|that|these|those)"
    r"\s+\w.*)",
    re.I,
)
"""A thing named after a send verb, past whom it goes to ("send me the packing slip")."""


def _sent_thing(intent: IntentSpec, text: str, cue: Found) -> str | None:
    """The object of a send verb when it is a thing, not a message ("send the invoice").

    "Kindly send the invoice for order 10345" has notify_order's verb and its order, but an
    invoice is no text about an order's status: no intent here sends it, so the request is
    asked about, not answered with a text it did not ask for. English objects only.
    """
    if change_kind(cue.text) != "send":
        return None
    m = _OBJECT_PHRASE.match(text, cue.end)
    thing = _NOUN_PHRASE.match(m["en"]) if m is not None and m["en"] else None
    if m is None or thing is None:
        return None  # "text me when …", "let him know when …": no thing is named
    words = {stem(w) for w in re.findall(r"[a-z]+", thing["thing"].lower())} - STOPWORDS
    own = _own_words(intent) | {stem(part) for part in intent.name.split("_")}
    if not words or words & (own | _MESSAGE_WORDS):
        return None
    return m.group().strip()


_OBJECT_PHRASE = re.compile(
    r"(?P<en>(?:\s+(?!(?:for|to|from|of|in|on|at|by|with|about|over|since|and|or|that|which|"
    r"then|so|but|please|pls)\b)[a-z]+(?:'s)?){1,5})|"
    r"(?P<cn>[^给到和并再然，,。.;；!！?？:：\s]{2,14})",
    re.I,
)
"""The words right after a change verb, up to a preposition, a conjunction or a stop: its
object ("send my claims total | for the last 7 days", "发送近7天报销总额 | 给经理")."""


def _read_object(
    domain: Domain, intent: IntentSpec, text: str, cue: Found
) -> tuple[str, str] | None:
    """(a read intent, the words) when the cue's own object is what that read shows.

    "Send my total for the last 7 days to my manager" has a verb open_ticket serves
    ("send someone"), but what it sends is "my total", which expense_total's name names
    and open_ticket's own words never do: a verb alone does not make a write the request's
    change when its object is a read's, and a read's alone ("expense my train ticket":
    open_ticket makes tickets too). The write stands when its cue names its own object
    ("开个工单说…") or any word of the object is its own too ("submit an expense":
    "expense" is submit_expense's as much as expense_total's; "记一下血压": record_metric's
    examples say 血压). A Chinese object counts when it holds one of the read's own words.
    """
    if cue.text.endswith(("之后", "以后", "再")):
        return None  # "报了以后看下近7天总共多少": what follows comes after, no object
    m = _OBJECT_PHRASE.match(text, cue.end)
    name = {stem(part) for part in intent.name.split("_")}
    cjk = {w for w in _own_words(intent) if _is_cjk_word(w) and not _PARTICLE.search(w)}
    if m is None or _words(cue.text) & name or any(w in cue.text for w in cjk):
        return None  # the cue names its own object ("开个工单", "new ticket")
    if m["en"]:
        words = {stem(w) for w in re.findall(r"[a-z]+", m["en"].lower())} - STOPWORDS
        if not words or words & (_own_words(intent) | name):
            return None
        written = {
            stem(part)
            for other in domain.intents
            if domain.writes(other.name)
            for part in other.name.split("_")
        }
        for other in domain.intents:
            reads = other.name != intent.name and not domain.writes(other.name)
            if (
                reads
                and _guarded(other)
                and words & {stem(p) for p in other.name.split("_")} - written
            ):
                return other.name, m.group().strip()
        return None
    phrase = m["cn"]
    if not re.search(r"[\u3400-\u9fff]{2}", phrase):
        return None
    said = {
        run[i : i + 2]
        for t in (*intent.examples, intent.description, *intent.write_cues)
        for run in re.findall(r"[\u3400-\u9fff]+", t)
        for i in range(len(run) - 1)
    }
    if any(phrase[i : i + 2] in said for i in range(len(phrase) - 1)):
        return None
    for other in domain.intents:
        if other.name != intent.name and not domain.writes(other.name) and _guarded(other):
            own = {w for w in _own_words(other) if _is_cjk_word(w) and not _PARTICLE.search(w)}
            if any(w in phrase for w in own):
                return other.name, phrase
    return None


REFUSED_CHANGE = "not {intent}: the request refuses its change ({words!r})"
_CN_REFUSED = re.compile(
    # (and after 算了 or a trailing-off: "取消21077……算啦唔好取消住", "取消21077，算了不要取消")
    # (and after thinking it over: "想了想不要取消", Cantonese 谂返转头, read as 想返转头)
    # (or a wait: "取消66228哈……等等先别取消")
    r"(?:^|[\s，,。;；!！?？…~～]|算了|算啦|算咯|罢了|想了想|想一想|想想|想返转头|等等|等一下|等下|"
    r"等会)(?:我)?"
    # (还是 "rather", 都是 "after all": "取消770322，还是不要取消", "都係唔好取消住")
    r"(?:还是|都是|先|暂时|暂且|还)?"
    # scorn refuses too: "取消订单 60012？我疯了才取消" (I would have to be mad to)
    # (and 不 alone: "取消订单70218，先不取消"; Teochew's "先无取消" reads so, `vernacular`)
    rf"(?:别|不要|不用|不必|甭|不|{SCORN})(?:急着|着急|忙着)?"
    # (a space before the verb, as some type every word apart: "唔好 取消 40058 喇")
    r"\s?(?P<verb>[\u3400-\u9fff]{1,2})(?=[^\u3400-\u9fff]|$|[\u3400-\u9fff])"
)


_HELD = re.compile(
    r"(?:先|暂时|暂且|还)?(?:别|不要|勿|先不)(?:急着)?(?:执行|操作|动手)|"
    # "伊讲订单88210要取消…，先不要动": held, not an id left alone beside another
    r"(?:先|暂时|暂且)(?:别|不要|勿)动(?![\u4e00-\u9fff])|"
    r"\b(?:don'?t|do\s+not)\s+(?:run|execute|do)\s+(?:it|this|that)\s+(?:yet|now)\b",
    re.I,
)
"""The change held back, whatever it is ("`cancel 40055` 先别执行，确认一下这单是不是已经发货了",
"don't run it yet"): nothing runs until the user says so."""
DOUBTED_CHANGE = "not {intent}: the request doubts its change right after asking ({words!r})"
_DOUBTED_AFTER = re.compile(r"(?:^|(?<=[.!?…,;]))\s*or(?:\s+not)?\s*\?", re.I)
""""Or?" after the change, a clause of its own ("…yes cancel it. Or? Sorry, some long
night"): the user doubts what they just asked for, so the run asks."""


_REMINDS = re.compile(r"(?:don't|dont|do\s+not)\s+forget\b|别忘|不要忘|不忘", re.I)
"""A reminder ("别忘了报销", "don't forget to file it") refuses nothing."""


def _refused_change(intent: IntentSpec, text: str, cue: Found | None) -> str | None:
    """The words refusing the write intent's own change, or None.

    "don't file anything yet, I'll send the receipt later" and "先别报，回头再说" name a claim
    and even a later send, but refuse the change now: a write never runs on a request that
    refuses it. A refused verb counts when its kind is the intent's main change (not a
    send: "file a ticket, don't notify me" refuses only the message) and no other clause
    asks for a change of that kind ("don't email it, text me"); a Chinese refusal ("先别报",
    "不要提交") when one of the intent's change words follows it right away. A cue of
    the main change after the refusal corrects it ("don't put it under taxi: claim 31.50
    EUR for dinner") and asks.
    """
    kinds = _served_kinds(intent)
    main = kinds - {"send"} or kinds
    after = cue.start if cue is not None and change_kind(cue.text) in (*main, None) else None
    reminded = {start for start, clause in clauses(text) if _REMINDS.match(clause.strip())}
    verbs = [
        v
        for v in change_verbs(text, intent.write_cues)
        if not _is_cjk_word(v.text) and not any(start <= v.start for start in reminded)
    ]
    asked = {change_kind(v.text) for v in verbs if v.value}
    for verb in verbs:
        kind = change_kind(verb.text)
        corrected = after is not None and after > verb.start
        if not verb.value and kind in main and kind not in asked and not corrected:
            return verb.text
        if not verb.value and kind in main and _taken_back(verb, verbs):
            return verb.text
    words = [
        w for w in (*intent.write_cues, *GENERIC_CUES) if _is_cjk_word(w) and change_kind(w) in main
    ]
    for m in _CN_REFUSED.finditer(text):
        at = m.start("verb")
        if after is not None and after > at:
            continue
        if _AS_VALUE.match(text, at):
            continue  # "…请补录，不要记为今天": a value refused, not the record
        whole = any(text.startswith(w, at) for w in words)
        alone = len(m["verb"]) == 1 or m["verb"][1] in "了吗呢啊吧"
        if whole or (alone and any(w[0] == m["verb"][0] for w in words)):
            return m.group().strip(" ，,。;；!！")
    for m in _CN_REFUSED_EN.finditer(text):
        if (after is None or after < m.start("verb")) and change_kind(m["verb"]) in main:
            return m.group()  # "cancel 77825... 唔好唔好，唔cancel住": 不cancel, the English verb
    return None


_CN_REFUSED_EN = re.compile(
    r"(?:别|不要|不用|甭|不)\s*(?P<verb>[A-Za-z]+)"
    r"(?=\s*(?:住|了|啦|先|喇|咯|吧|佢|它|it\b|[，,。.!！?？…]|$))"
)
"""A Chinese refusal of an English verb, as Hong Kong mixes them ("唔cancel住", "别 cancel
了"), with nothing after it that the verb takes as a value ("唔好 file 餐費" refuses a
category, not the claim)."""


_AS_VALUE = re.compile(r"(?:记|存|录|报)(?:为|成|作)")
"""A change word before what it takes a value as ("记为今天", "报成餐费")."""


def _taken_back(refused: Found, verbs: list[Found]) -> bool:
    """Whether a refusal takes back the same verb asked for before it, with none asked after.

    "Please cancel order 10301. No, on reflection, do not cancel it": the last word on the
    cancel is "do not". "text me the status, don't email it" refuses another verb, and
    "don't put it under taxi: claim it as a meal" asks again after the refusal.
    """
    word = refused.text.lower()
    before = any(v.value and v.start < refused.start and v.text.lower() == word for v in verbs)
    kind = change_kind(refused.text)
    again = any(v.value and v.start > refused.start and change_kind(v.text) == kind for v in verbs)
    return before and not again


_JOINED = re.compile(
    r"\W*(?:(?:the|a|an|my|our|one)\s+)?(?P<own>[a-z]+\W+)?(?:费用?|类)?\W*"
    r"(?:and|or|&|和|与|跟|及|或者|或是|或|还是|定係|定系|定|同埋|同|、)\W*(?:是\s*)?"
    r"(?:(?:the|a|an|my|our|one)\s+)?",
    re.I,
)
"""What joins two values listed together: "and", "or", "和", "、", "还是" (Cantonese 定, 同),
with an article or the intent's own noun ("weekly report, and monthly") beside it, or a
category's 费 ("餐费还是其他")."""
_SIDE_BY_SIDE = re.compile(r"\W*(?:都|全|两个都|both\b)", re.I)
"""Two values written side by side and then "both" ("周报月报都要"): one slot, two values."""


def _two_choices(
    intent: IntentSpec, text: str, evidence: Mapping[str, dict[str, Any] | None], today: date
) -> str | None:
    """Why two values of one choice listed together stop the write, or None.

    "make the weekly and the monthly report", "周报和月报都做一下", "hotel and taxi 40
    EUR": the slot takes one value, and the write would make one and drop the other. The
    slot is filled again with its words blanked out; another value joined to the first by
    "and", "or" or "和" alone counts. "taxi to the hotel" is one taxi and "a hotel night
    plus breakfast" one hotel bill.
    """
    for name, ev in evidence.items():
        if not ev or ev.get("kind") != "enum" or ev.get("start") is None:
            continue
        start, end = int(ev["start"]), int(ev["end"])
        try:
            said = _fill(intent, text, today).get(name)
            other = _fill(intent, text[:start] + " " * (end - start) + text[end:], today)
        except SlotError:
            continue
        found = other.get(name)
        if not isinstance(found, Found) or not isinstance(said, Found) or found.value == said.value:
            continue
        between = text[min(end, found.end) : max(start, found.start)]
        if _SIDE_BY_SIDE.match(text, max(end, found.end)) and not between.strip():
            return TWO_VALUES.format(slot=name, text=ev["text"], other=found.text)
        joined = _JOINED.fullmatch(between)
        own = joined and joined.group("own")
        if joined and (not own or re.sub(r"\W", "", own).lower() in _own_words(intent)):
            return TWO_VALUES.format(slot=name, text=ev["text"], other=found.text)
    return None


_COUNTED = re.compile(
    r"(?:\b(?:two|three|four|five|both|[2-5])|~\s?\d{1,4}\b|\b\d{1,3}(?=\s+(?!(?:was|has|this|its|plus|less|yes|thus|across)\b)[a-z]{2,}s\b))\s+"
    r"(?P<between>(?:[\w'-]+\s+){0,5}?)"
    r"(?P<thing>[a-z]+)s\b|"
    r"(?:[两二三四五俩几])\s*(?:个|份|张|条|笔|单)(?!礼拜|星期|小时|钟头|月|工作日)"
    r"(?P<zh_thing>[\u3400-\u9fff]{1,6})",
    re.I,
)
"""A count of things: "two tickets", "~50 tickets", "12 tickets" (a number right before a
plural), "两份报告"; `_several_of_one` keeps those of the write's own thing. A span of time
counts no thing ("近两个礼拜报了多少")."""
_HELD_COUNT = re.compile(
    r"\b(?:got|have|has|had|i've|we've|there\s+are)\s+(?:like|about|around|maybe|roughly)?\s*$",
    re.I,
)
_BOTH = re.compile(
    r"\b(?:file|submit|claim|log|record|save|add|cancel|open|send)\s+(?:them\s+)?"
    r"(?:both|all\s+(?:of\s+them|three|two))\b|(?:两|二|几)(?:笔|个|张|单)都(?:报|提交|记|取消)",
    re.I,
)
"""A change asked for things named one by one: "taxi 45 + dinner 120 eur, file both"."""
SEVERAL_OF_ONE = (
    "more than one: {words!r}, and {intent} makes one at a time; ask for one, then the other"
)


def _several_of_one(intent: IntentSpec, text: str) -> str | None:
    """Why a count of the write's own thing stops it ("open two tickets", "两份报告").

    A write makes one thing per run: "open two tickets, one for the printer and one for
    my mouse" or "make both the weekly and the monthly reports" would make one and drop
    the other, so the run asks for one at a time. Only a count of what the intent itself
    makes counts (its own words, "ticket", "报告"): "two taxis" or "两个小时前" do not.
    """
    own = _own_words(intent)
    if (both := _BOTH.search(text)) is not None:
        return SEVERAL_OF_ONE.format(words=both.group(), intent=intent.name)
    for m in _COUNTED.finditer(text):
        if _HELD_COUNT.search(text, 0, m.start()) and _NAMES_ID.search(text, m.end()):
            continue  # "I got like 5 orders goin, cancel 88213": how many there are, told
        if m.group("thing") is not None:
            if m.group("thing").lower() in own:
                return SEVERAL_OF_ONE.format(words=m.group(), intent=intent.name)
            continue
        zh = m.group("zh_thing")
        if any(zh[i : i + 2] in own for i in range(min(len(zh) - 1, 4))):
            return SEVERAL_OF_ONE.format(words=m.group(), intent=intent.name)
    return None


_ITEM_OF = re.compile(
    # (all of them are the whole: "I no longer require the items in order 66187")
    r"(?:(?<!\bthe\s)(?<!\ball\s)\b(?:items|products|things|pieces)|"
    r"\b(?:item|product|thing|piece))\s+(?:in|of|from)\s+"
    r"(?:my\s+|the\s+|this\s+)?"
    r"(?:order|parcel|package)\b|\bkeep\s+the\s+rest\b|\bpart\s+of\s+(?:my\s+|the\s+)?order\b|"
    r"(?:订单|包裹)\s*[0-9]*\s*(?:里|中)的|其中(?:一|两|[0-9])\s*[件个样]|只取消(?:一|[0-9])\s*[件个样]|"
    r"其余的?(?:不变|保留|留着)",
    re.I,
)
"""Words that name a part of a thing, not the thing ("the 2nd item in order 10091, keep
the rest", "订单里的一件"): a write on the whole would change more than was asked."""
PART_OF_ONE = "not the whole: {words!r} names a part of the thing, which no intent here changes"


def _part_of_one(text: str) -> str | None:
    """Why a write may not run on a whole thing when the request asks about a part of it.

    Words naming a part (`_ITEM_OF`: "just the 2nd item in order 10091, keep the rest"):
    cancelling the order would cancel what the user wants to keep. A place in a list alone
    is not ("the 2nd one I placed", "2nd reading today"): it says which thing, not a part.
    """
    m = _ITEM_OF.search(text)
    return None if m is None else PART_OF_ONE.format(words=m.group())


def _unread_day(
    intent: IntentSpec, text: str, evidence: Mapping[str, dict[str, Any] | None], today: date
) -> str | None:
    """Why a write's date may not default to today when the request names another day.

    A date slot with no evidence is today ("save 120/80"), but words that name a day code
    could not read as one that has passed ("save 120/80 for tomorrow", "本月20号", "next
    Tuesday") say it is not today: the write would be dated wrongly, so the run asks. Only
    a day that dates the write counts: one in a clause of its own, away from every value
    the write takes ("deadline is tomorrow!! submit my hotel 480 EUR", "save 150/100, the
    doc wants to see it tmrw"), says when something else happens.
    """
    if "date" not in intent.slots_model.model_fields:
        return None
    if (said := evidence.get("date")) is not None:
        return _another_day(text, said, today, evidence)
    for day in unread_days(text, today):
        if _dates_the_write(
            text, day, evidence, _own_words(intent) | set(intent.entry_words)
        ) or _TRIP_TO_COME.match(text, day.end):
            if _LAST_WEEK.match(day.text):
                return TWO_WEEKS_DAY.format(text=day.text)
            if WEEKEND.search(day.text):
                return WEEKEND_DAY.format(text=day.text)
            return UNREAD_DAY.format(text=day.text)
    if (m := _SEVERAL.search(text)) is not None:
        return SEVERAL_DAYS.format(text=m.group())
    return None


ADDRESSEE = "{slot}: {text!r} is who a message goes to (a phone or service number), not an id"
_FROM_NUMBER = re.compile(r"^\s*(?:发|打|拨)", re.I)


def _addressee(text: str, evidence: Mapping[str, dict[str, Any] | None]) -> str | None:
    """Why an id slot's number is where a message goes, or None.

    "给10086发个短信问问话费" sends to 10086, a service number: the number a message is sent to
    or a call made to is a phone number, not an order's id, so nothing is sent about an order.
    """
    for name, ev in evidence.items():
        if not name.endswith("_id") or ev is None or ev.get("text") is None:
            continue
        start, end = int(ev["start"]), int(ev["end"])
        before = text[:start]
        if re.search(r"(?:给|打给|拨打?|致电|呼叫)\s*$", before) and _FROM_NUMBER.match(text[end:]):
            return ADDRESSEE.format(slot=name, text=ev["text"])
        if re.search(r"\b(?:call|ring|dial|phone)\s+$", before, re.I):
            return ADDRESSEE.format(slot=name, text=ev["text"])
    return None


CALENDAR_DAY = "date: {text!r} is a month or a week, not a day; say which day it was"
_PAST_CALENDAR = re.compile(
    r"\b(?:last|previous|past)\s+(?:week|month)\b|(?<![最近过去])上上?个?(?:月|周|星期|礼拜)(?![0-9一二三四五六七八九十]|底|初|末)",
    re.I,
)
_PAST_OCCASION = re.compile(
    # (to the clause's end, so the question quotes the occasion: "from when I was over in
    # Aveiro")
    r"\b(?:(?:from|during|on|back)\s+when\s+(?:i|we)\b|"
    r"\bwhen\s+(?:i|we)\s+(?:was|were)\s+(?:over|away|out|in|at|down|up|on)\b)[^,.;!?，。]*|"
    r"\b(?:on|from|during)\s+(?:my|our|the)\s+(?:last\s+)?(?:trip|holiday|vacation)\b|"
    # the day of something told before: "27.50 euro the same night"
    r"\b(?:the|that)\s+same\s+(?:night|day|evening|morning|afternoon)\b|"
    r"上次(?:出差|去)[^，。,！!？?]{0,8}?(?:的时候|时|期间)|出差(?:的时候|期间)",
    re.I,
)
"""A time told as an occasion ("from when I was over in Aveiro", "上次出差的时候", "the same
night"): the day it happened, which the write would otherwise take as today."""
PAST_OCCASION = "date: {text!r} says when, not which day; say which day it was"
_SHOWN = re.compile(
    r"\b(?:show|total|trend|how|look|view|summar|pull|tell|see)\w*|看|总|趋势|走势|多少|曲线", re.I
)
"""Words of a part that shows a window: beside them "上个月" is that window, not the day."""
_BARE_WINDOW = re.compile(
    r"\b(?:the|a)\s+(?:month|week)(?:'s)?\b(?!\s+(?:ago|before))|月视图|周视图", re.I
)
_YEAR_WINDOW = re.compile(
    r"\b(?:this|current|the\s+(?:whole|entire|full)|(?:whole|entire|full))\s+year\b|"
    r"\byear[\s-]to[\s-]date\b|\bytd\b|今年|本年|全年|这一?年",
    re.I,
)
"""A year ("my total for the whole year", "今年总共"): as a calendar week or month, no window
of 7, 14 or 30 days that the part showing it could take."""


def _calendar_window(
    intent: IntentSpec, text: str, evidence: Mapping[str, dict[str, Any] | None]
) -> str | None:
    """Why a write asks when a calendar window stands where a day or a window should be.

    "报销上个月的酒店 1200元" names the month the money was spent, not the day: dated today
    the claim would be wrong, so the run asks which day. "submit a taxi for 30 EUR and show
    my total for this month", "add 138/92 and give me the month view" and "... my total for
    the whole year" name a calendar window (or the month or year with no number of days)
    for the part that shows: the write's
    window is 7, 14 or 30 days, so the run asks rather than showing another one. A day told
    as an occasion ("from when I was over in Aveiro", `_PAST_OCCASION`) asks for the day too.
    """
    fields = intent.slots_model.model_fields
    said = {k: v for k, v in evidence.items() if v is not None and v.get("text") is not None}
    if "date" in fields and "date" not in said:
        period = said.get("period")
        for m in _PAST_CALENDAR.finditer(text):
            inside = period is not None and period["start"] <= m.start() < period["end"]
            if not (inside and _SHOWN.search(text)):
                return CALENDAR_DAY.format(text=m.group())
        if occasion := _PAST_OCCASION.search(text):
            return PAST_OCCASION.format(text=occasion.group())
    day = said.get("date")
    period = said.get("period")
    if day is not None and period is not None and period["start"] < day["end"]:
        period = None if day["start"] < period["end"] else period
    shown = _SHOWN.search(text) is not None
    if period is not None and shown and _CALENDAR.search(str(period["text"])):
        return CALENDAR_PERIOD.format(slot="period", text=period["text"])
    if period is None and "period" not in said and "date" in fields and shown:
        # A window beside a dated write: for its own total, or for a part this intent does
        # not do ("add 138/92 and give me the month view"). With nothing to show it only
        # tells of the expense ("3rd taxi this week, 18 eur today, file it").
        for pattern in (_CALENDAR, _BARE_WINDOW, _YEAR_WINDOW):
            for m in pattern.finditer(text):
                if day is None or not (day["start"] <= m.start() < day["end"]):
                    return CALENDAR_PERIOD.format(slot="period", text=m.group())
    return None


def _another_day(
    text: str,
    said: Mapping[str, Any],
    today: date,
    evidence: Mapping[str, dict[str, Any] | None],
) -> str | None:
    """Why a write dated by one phrase stops when the request names another past day.

    "I took a taxi today, no wait, yesterday, 30 EUR": the first day phrase is not always
    the write's, and a write must not pick one of two days. A day refused ("not today's
    ride, the one from yesterday") is no second day, nor one in a sentence of small talk
    that holds no number and none of the write's values when the day said does ("Lovely
    weather for a walk today. … checked out yesterday. Please file the 360 as hotel.").
    """
    if said.get("start") is None:
        return None
    if (told := _TODAY_TOLD.search(text)) is not None and _told_weekday(told) != today.weekday():
        # "sorry it's Sunday, but please log yesterday's reading" on a Monday: which yesterday?
        return TODAY_TOLD.format(text=told.group())
    start, end = int(said["start"]), int(said["end"])
    first = find_date(text, today)
    masked = text[:start] + " " * (end - start) + text[end:]
    other = find_date(masked, today)
    if other is None or first is None or other.value == first.value:
        return None
    if _DEADLINE_BEFORE.search(masked[: other.start]) or _CN_DEADLINE_AFTER.match(
        masked, other.end
    ):
        return None  # "must claim by today. yesterday grab ...": a deadline, not the day
    doubts = _DOUBT.sub(lambda m: " " * len(m.group()), masked)
    if negated(doubts, other.start):  # "not today's ride, the one from yesterday"
        return None
    values = {k: v for k, v in evidence.items() if k != "date"}
    if _chatter(text, other.start, values) and not _chatter(text, start, values):
        return None
    return TWO_VALUES.format(slot="date", text=said["text"], other=other.text)


_TODAY_TOLD = re.compile(
    r"\b(?:it'?s|it\s+is|today\s+is|today'?s)\s+(?:a\s+)?"
    r"(?P<en>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    r"(?!'s|\s+(?:night|morning|evening|afternoon)\b)|"
    r"今天(?:是)?(?:星期|礼拜|周)(?P<cn>[一二三四五六日天])",
    re.I,
)
"""Today named by its weekday ("sorry it's Sunday, but …", "今天是星期天"): when that is not
the run's today, the user's "yesterday" or "today" may be another day than the run's, and a
write must not pick one."""
TODAY_TOLD = "date: {text!r} is not today here; say which day it was"


def _told_weekday(told: re.Match[str]) -> int | None:
    """The weekday (Monday 0) that `_TODAY_TOLD` read."""
    return weekday_number(told["en"] or told["cn"])


_DOUBT = re.compile(
    r"\bnot\s+(?:sure|certain)\b|\bno\s+idea\b|"
    r"\b(?:don'?t|do\s+not|can'?t|cannot)\s+(?:know|remember|recall)\b|"
    r"不确定|不记得|不知道|记不清|想不起",
    re.I,
)
"""Doubt, which refuses no day it comes before: "not sure was it Friday or Saturday" names
two days the write must not pick between."""


_SENTENCE = re.compile(
    r"(?:[^.!?;:\n。！？；：]|[.!?;:](?!\s|$))*(?:[.!?;:。！？；：]+(?=\s|$)|[。！？；：]+|\n|$)"
)
"""A sentence of the request, to its end mark (a colon too: "Tea's ready, so quickly:")."""


def _aside(
    text: str, at: int, evidence: Mapping[str, dict[str, Any] | None]
) -> re.Match[str] | None:
    """The sentence at `at` when it stands beside the request, else None.

    Not the whole request, and holding none of the `evidence` given: what it says is
    beside what the request asks.
    """
    sentence = next((s for s in _SENTENCE.finditer(text) if s.start() <= at < s.end()), None)
    if sentence is None or (sentence.start() == 0 and sentence.end() >= len(text.rstrip())):
        return None
    if any(
        ev and "start" in ev and sentence.start() <= ev["start"] < sentence.end()
        for ev in evidence.values()
    ):
        return None
    return sentence


def _chatter(text: str, at: int, evidence: Mapping[str, dict[str, Any] | None]) -> bool:
    """Whether the sentence at `at` is small talk beside a request in another sentence.

    It holds none of the request's values and no number, and is not the whole request.
    """
    sentence = _aside(text, at, evidence)
    return sentence is not None and not re.search(r"\d", sentence.group())


_DUPLICATE_OF = re.compile(r"\b(?:duplicate|copy|dupe)\s+of\s+(?:order\s+)?#?\s*$", re.I)
"""What a number repeats, said as why ("Cancel order 55010. Reason: duplicate of 55009"):
not a second value of the slot."""
_DEADLINE_BEFORE = re.compile(r"\b(?:by|before|due|until|till|no\s+later\s+than)\s+$", re.I)
_CN_DEADLINE_AFTER = re.compile(r"\s*(?:之前|以前|前|截止)")
"""A day by which something must happen ("boss say must claim by today", "周五之前要报"):
when the expense or the reading happened is another day."""


def _dates_the_write(
    text: str,
    day: Role,
    evidence: Mapping[str, dict[str, Any] | None],
    own: frozenset[str] = frozenset(),
) -> bool:
    """Whether the day phrase dates the write.

    It does when it shares a clause with the write's values, when the write has none, or
    when its clause says nothing else ("230 块帮我报销，本月20号的") but a part of the day
    and the intent's `own` and entry words ("明天早上的血压 帮我先记 120/80": tomorrow
    morning's reading).
    """
    used = [ev["start"] for ev in evidence.values() if ev and ev.get("start") is not None]
    if not used:
        return True
    cut = clauses(text)

    def clause_at(at: int) -> int:
        return next((s for s, c in cut if s <= at < s + len(c)), -1)

    at = clause_at(day.start)
    if at in {clause_at(u) for u in used}:
        return True
    # A clause that is only the day ("..., 本月20号的") dates the write all the same.
    clause = next((c for s, c in cut if s == at), "")
    rest = clause[: day.start - at] + clause[day.end - at :]
    return not content_words(rest, (*own, *_DAY_PARTS))


_TRIP_TO_COME = re.compile(
    r"[^，。,.!?！？]{0,4}?(?:要去|去|出发|飞)[^，。,.!?！？]{0,8}?出差|"
    r"\s*(?:i'?m|we'?re|i\s+am|we\s+are)?\s*(?:going|flying|travel(?:l)?ing|off)\s+to\s+"
    r"(?-i:[A-Z])",
    re.I,
)
"""A trip still to come right after the day ("明天要去Perth出差，酒店先帮我报了"): its costs
are not spent yet, so a claim beside it is asked about."""


_DAY_PARTS = (
    *("早上", "早晨", "上午", "中午", "下午", "傍晚", "晚上", "夜里", "半夜", "凌晨"),
    *("morning", "afternoon", "evening", "night", "noon"),
)
"""Parts of a day, which say when in the day named, nothing else."""


_SEVERAL = re.compile(
    r"(?<![\w.])(?:[2-9]|[1-9]\d|two|three|four|five|six|seven|eight|nine|ten|several|a\s+few|"
    r"multiple)\s+(?:[a-z]+\s+)?(?:taxi|cab|ride|trip|meal|dinner|lunch|breakfast|reading|"
    r"measurement)s\b|"
    r"(?:[2-9]|[1-9][0-9]|[两二三四五六七八九十几]|好几)\s*(?:次|趟|顿|回)",
    re.I,
)
"""Several events of one kind ("3 次打车", "two dinners", "3 readings"): unless the request
names their day, they need not all have been today."""
SEVERAL_DAYS = "date: {text!r} need not all be today, and no day is named; say which day"


def _read_siblings(domain: Domain, name: str) -> list[str]:
    """Read intents that look up what the write intent `name` acts on, closest first.

    A question about a write ("did you text me about order 10086?", "10092 取消成功了吗",
    "did my ticket about the printer get opened?") is about the thing the write changed:
    first the read intents sharing one of its tools (`query_order`), then those taking the
    slot it needs words for (`order_id`), then those whose tools share its tools'
    namespace (`tickets`). Each group in declared order.
    """
    write = domain.intent(name)
    tools = {t.name for t in domain.tools if name in t.intents}
    spaces = {t.namespace for t in domain.tools if name in t.intents}
    needed = set(_needs_evidence(write))
    reads = [i for i in domain.intents if i.name != name and i.examples]
    reads = [i for i in reads if not domain.writes(i.name)]

    def uses(intent: IntentSpec, ok: Callable[[ToolSpec], bool]) -> bool:
        return any(intent.name in t.intents and ok(t) for t in domain.tools)

    groups = (
        [i.name for i in reads if uses(i, lambda t: t.name in tools)],
        [i.name for i in reads if needed & set(i.slots_model.model_fields)],
        [i.name for i in reads if uses(i, lambda t: t.namespace in spaces)],
    )
    out: list[str] = []
    for group in groups:
        out += [n for n in group if n not in out]
    return out


def _to_read_sibling(domain: Domain, text: str, name: str, scores: dict[str | None, float]) -> None:
    """A request for information beside a refused write counts for its best read sibling.

    A question ("was 10090 cancelled?"), or a read command beside the write refused ("不用
    发短信，直接告诉我10090的物流") only: "lunch 15 eur" is not asking for the expense total,
    and gets the clarifying question ("should I file it?") instead, and a read command alone
    ("帮我看看10097的物流") is the classifier's to place.
    """
    refused_beside = without_refusals(text) != text and asks_for_information(text)
    if not (asks_a_question(text) or refused_beside):
        return
    siblings = [n for n in _read_siblings(domain, name) if n in scores]
    if siblings:
        best = max(siblings, key=lambda n: scores[n])
        scores[best] += scores[name]


def _fill(intent: IntentSpec, text: str, today: date) -> dict[str, Any]:
    """The intent's slots, the user's own words first.

    A request that pastes a notification or a screen ("Notification: 'Weekly report J-40 is
    ready.' Great, now build the monthly one", "“上次记录：142/90” 今天早上量的是130/84 记一下")
    has values in the quotation that are not what it asks for: a slot the words outside
    it give is taken from them; one only the quotation gives (the order number of "Email
    says 'Your order 90331 is out for delivery' … text me its status") from the quotation.
    """
    return dict(_own_first(intent.fill or intent.extract, text, today) or {})


def _own_first(
    extract: Callable[[str, date], Mapping[str, Any] | None], text: str, today: date
) -> dict[str, Any] | None:
    """What `extract` finds in the request, each value said outside its quotations first.

    A rule that does not match the whole may match the user's own words alone: "The app
    says 'Last reading: 138/89 on 2026-03-10'. Show me the 14-day trend" asks for the trend,
    whatever reading the quotation holds. A clause telling a change as done ("Logged 128/79
    earlier today.") is set aside the same way.
    """
    found = extract(text, today)
    # what the user tells as done is set aside as a quotation is ("订单 66201 我已经取消了，
    # 现在帮我把 66202 也取消": 66202 is the one asked for)
    done = _told_done(text)
    own = "".join(" " if _in_spans(i, done) else c for i, c in enumerate(outside_cited(text)))
    if own == text or not own.strip():
        return None if found is None else dict(found)
    if found is None:
        alone = extract(own, today)
        return None if alone is None else dict(alone)
    cited = [*cited_spans(text), *done]
    mine = {
        k: v
        for k, v in (extract(own, today) or {}).items()
        # free text keeps what the whole says: "> the monitor keeps flickering" is the problem
        if isinstance(v, Found)
        and v.kind != "text"
        and (not isinstance(said := found.get(k), Found) or _in_spans(said.start, cited))
    }
    return {**found, **mine}


def _slot_error(intent: IntentSpec, exc: SlotError, **kw: Any) -> Decision:
    missing = exc.detail.lower().startswith("field required")
    detail = (
        MISSING_SLOT.format(slot=exc.field_name) if missing else f"{exc.field_name}: {exc.detail}"
    )
    return Decision(action="invalid", intent=intent.name, detail=detail, **kw)


def _lower_first(text: str) -> str:
    """A description as part of a question to the user ("the user's" reads "your")."""
    text = text.strip().rstrip(".").replace("the user's", "your").replace("the user", "you")
    return text[:1].lower() + text[1:]


def _ask_which(domain: Domain, names: list[str]) -> str:
    options = [_lower_first(domain.intent(n).description) for n in names[:2]]
    if not options:
        return domain.clarify
    return ASK_WHICH.format(options=" or ".join(f"'{o}'" for o in options))


def _ask_for_change(intent: IntentSpec) -> str:
    example = intent.examples[0] if intent.examples else intent.description
    return ASK_FOR_CHANGE.format(action=_lower_first(intent.description), example=example)


def _candidates_text(ranked: tuple[tuple[str | None, float], ...]) -> str:
    return ", ".join(f"{name or 'none'} {p:.2f}" for name, p in ranked[:3])


def by_rules(
    domain: Domain, text: str, today: date
) -> tuple[Decision | None, list[tuple[str, str]]]:
    """The first rule that routes, or None; and the write intents whose rules the gate refused.

    A write intent whose rule matched but whose request asks for no change is skipped, so a
    later read intent's rule may still take the request.
    """
    refused: list[tuple[str, str]] = []
    for intent in domain.intents:
        raw = _own_first(intent.extract, text, today)
        if raw is None:
            continue
        values, evidence = split_found(raw)
        try:
            slots = validate_slots(intent, values)
        except SlotError as exc:
            # a value no write may take, in a request whose change another intent makes
            # ("Open a ticket saying my 30 days total shows 0 even though I filed claims"):
            # not this intent. Only then: a question about a value the write does not take
            # ("能报日元吗") is best answered with what it takes.
            asked_cue = _asks_change(intent, text, evidence, today) if _guarded(intent) else None
            if asked_cue is not None and (other := _object_of(domain, intent, text, asked_cue)):
                why = OTHER_OBJECT.format(intent=intent.name, words=other[1], other=other[0])
                refused.append((intent.name, why))
                continue
            return _slot_error(intent, exc, rule=intent.name), refused
        problem, asked, cue = _gate(domain, intent, text, evidence, today)
        if problem is not None and not asked:
            if (entry := _entry_asked(intent, text, today)) is not None:
                return replace(
                    entry, rule=intent.name, refused=(*refused, (intent.name, problem))
                ), refused
            refused.append((intent.name, problem))
            continue
        if problem is not None:
            return Decision(
                action="invalid", intent=intent.name, rule=intent.name, detail=problem
            ), refused
        return Decision(
            action="route",
            intent=intent.name,
            slots=slots,
            evidence=evidence,
            rule=intent.name,
            cue=cue.record() if cue else None,
            refused=tuple(refused),
            detail=f"intent {intent.name} by its rule",
        ), refused
    return None, refused


def _entry_or_cue(intent: IntentSpec, text: str, today: date) -> bool:
    """Whether the request asks for the intent's change (`_asks_change`).

    The slots are filled only when an opted-in entry line needs their evidence.
    """
    lines = intent.entry_routes and bool(intent.entry_words)
    evidence = split_found(_fill(intent, text, today))[1] if lines else {}
    return _asks_change(intent, text, evidence, today) is not None


def by_ranking(
    domain: Domain,
    text: str,
    today: date,
    ranking: Ranking,
    refused: list[tuple[str, str]] | None = None,
) -> Decision:
    """Route by the classifier's ranking, through the threshold and the write gate."""
    refused = list(refused or [])
    threshold = ranking.threshold or THRESHOLD.get(ranking.source, THRESHOLD["model"])
    base = Decision(
        action="clarify",
        source=ranking.source,
        candidates=ranking.ranked,
        tokens=ranking.tokens,
        detail=ranking.detail,
    )
    excluded = {name for name, _ in refused}
    scores = dict(ranking.ranked)
    # A refused write's share goes to the other intents only when the request asks for
    # information ("was 10090 cancelled?", "show my readings"); "lunch 15 eur" looks like a
    # claim that was not asked for, and is asked about, not sent to the least unlikely read.
    informational = asks_for_information(text)
    for write, why in refused:
        if why == NO_CHANGE_ASKED and write in scores:
            excluded |= {n for n in scores if n is not None and domain.writes(n)}
            _to_read_sibling(domain, text, write, scores)
    # Another pass each time the gate refuses a write: without write intents once the
    # request asks for no change, without that intent when it asks for another's change.
    for _ in range(len(domain.intents) + 1):
        # The ranking's own order (a model's pick first, however unsure), unless a refused
        # write's share moved to a read sibling.
        moved = scores != dict(ranking.ranked)
        ordered = sorted(scores.items(), key=lambda kv: -kv[1]) if moved else list(scores.items())
        pool = [(n, p) for n, p in ordered if n not in excluded]
        mass = (sum(p for _, p in pool) or 1.0) if informational else 1.0
        name, p = pool[0] if pool else (None, 1.0)
        p /= mass
        intents_ranked = [n for n, _ in pool if n is not None]
        if name is None or p < threshold:
            why = OUT_OF_SCOPE if name is None else LOW_CONFIDENCE
            if refused:
                first, reason = refused[0]
                gate = REFUSED_WRITE.format(intent=first) if reason == NO_CHANGE_ASKED else reason
                why = gate.replace("{", "{{").replace("}", "}}") + "; " + why
            # "Say so" only to a request that asked for no change; one that asked for a
            # change no intent here makes gets the domain's own clarifying question.
            ask_for = [n for n, reason in refused if reason == NO_CHANGE_ASKED]
            question = (
                _ask_for_change(domain.intent(ask_for[0]))
                if ask_for
                else (domain.clarify if name is None else _ask_which(domain, intents_ranked))
            )
            return replace(
                base,
                confidence=p,
                refused=tuple(refused),
                question=question,
                detail=why.format(candidates=_candidates_text(ranking.ranked))
                + (f"; {ranking.detail}" if ranking.detail else ""),
            )
        intent = domain.intent(name)
        if _guarded(intent) and domain.writes(name) and not _entry_or_cue(intent, text, today):
            if (entry := _entry_asked(intent, text, today, base)) is not None:
                return replace(entry, confidence=p, refused=(*refused, (name, NO_CHANGE_ASKED)))
            refused.append((name, NO_CHANGE_ASKED))
            excluded |= {n for n, _ in ranking.ranked if n is not None and domain.writes(n)}
            _to_read_sibling(domain, text, name, scores)
            continue
        writes = _guarded(intent) and domain.writes(name)
        if writes and (foreign := _foreign_change(domain, intent, text, today)) is not None:
            refused.append((name, FOREIGN_CHANGE.format(intent=name, verb=foreign.text)))
            excluded.add(name)
            continue
        try:
            values, evidence = split_found(_fill(intent, text, today))
            slots = validate_slots(intent, values)
        except SlotError as exc:
            return _slot_error(
                intent,
                exc,
                source=ranking.source,
                confidence=p,
                candidates=ranking.ranked,
                tokens=ranking.tokens,
                refused=tuple(refused),
            )
        problem, _, cue = _gate(domain, intent, text, evidence, today)
        reads = _guarded(intent) and not domain.writes(name)
        if problem is None and reads and (value := _unused_value(text, evidence)):
            return replace(
                base,
                confidence=p,
                refused=tuple(refused),
                question=domain.clarify,
                detail=UNUSED_VALUE.format(intent=name, value=value.text, kind=value.kind),
            )
        if problem is not None:
            return replace(
                base,
                action="invalid",
                intent=name,
                confidence=p,
                refused=tuple(refused),
                detail=problem,
            )
        return replace(
            base,
            action="route",
            intent=name,
            slots=slots,
            evidence=evidence,
            confidence=p,
            cue=cue.record() if cue else None,
            refused=tuple(refused),
            detail=f"intent {name} at {p:.2f} ({ranking.source})"
            + (f"; {ranking.detail}" if ranking.detail else ""),
        )
    return replace(base, refused=tuple(refused), question=domain.clarify)


def decide_for(domain: Domain, name: str, text: str, today: date) -> Decision:
    """Route to the intent a person chose: its slots and evidence are still checked.

    A write's, that is: a read a person picks for a request that names no period shows the
    window its slot rule gives, since the person, asked, chose it (`_unsaid` is for a
    route no one confirmed).
    """
    text = simplified(text)
    intent = domain.intent(name)
    try:
        values, evidence = split_found(_fill(intent, text, today))
        slots = validate_slots(intent, values)
    except SlotError as exc:
        return _slot_error(intent, exc, source="human")
    problem, _, _ = _gate(domain, intent, text, evidence, today, asked=True)
    if problem is not None:
        return Decision(action="invalid", intent=name, source="human", detail=problem)
    return Decision(
        action="route",
        intent=name,
        slots=slots,
        evidence=evidence,
        source="human",
        detail=f"intent {name}, chosen by a person",
    )


def _classifies(domain: Domain) -> bool:
    return any(i.examples for i in domain.intents)


def _ranking_needed(domain: Domain, text: str, decision: Decision | None) -> bool:
    """Whether the classifier must be asked.

    It must when no rule routed, and when a read intent's rule took a request whose words
    ask for a change ("send me a text about order 10087" names an order, but asks for a
    message): then a write intent the classifier is sure of, and the gate lets through, wins.
    """
    if not _classifies(domain):
        return False
    if decision is None:
        return True
    cues = _write_cues(domain)
    return (
        decision.action == "route"
        and decision.intent is not None
        and not domain.writes(decision.intent)
        and change_cue(text, cues) is not None
    )


def _named_by_object(makers: list[IntentSpec], text: str, verb: Found) -> IntentSpec | None:
    """The one intent of several that make the verb's kind whose name names its object.

    "Open a ticket: the expense site shows my 30-day total wrong" asks to open a ticket,
    whatever the rest names: of the intents that create something, the one whose name
    says "ticket" makes it (as in `_object_of`), and the rest describes the problem.
    """
    m = _OBJECT.match(text, verb.end)
    if m is None or not m["noun"]:
        return None
    word = stem(m["noun"].lower())
    if word in STOPWORDS:
        return None
    named = [i for i in makers if word in {stem(part) for part in i.name.split("_")}]
    return named[0] if len(named) == 1 else None


def _maker(
    domain: Domain, text: str, today: date, verb: Found, ranking: Ranking | None
) -> Decision | None:
    """The write intent that makes the change a read route could not, when one is plain.

    "changed my mind about order 10100, kill it" names an order, so the order-status rule
    matched, but "kill" asks for a cancellation (`CHANGE_KINDS`): the intent whose own
    words ask for that kind of change takes it, through the same write gate as any other
    route (a cue, no change it does not make, slots with evidence). Of several such
    intents only the one the classifier ranks first is tried, and without a ranking of
    them only a single one: a request it does not fit ("submit my expenses for the past 7 days" has
    no amount) is asked about, never handed down to the next intent that "submits".
    """
    if _ADDED_TO.search(text):
        return None  # "add a note to my latest ticket" changes that ticket, it makes none
    if conditional_clauses(text):
        # "T-318还没处理好的话，再开一个新的工单，…有进展通知我": what the request asks is
        # under a condition, whatever the notify beside it asks; no read is made a write
        return None
    makers = [
        i
        for i in domain.intents
        if _guarded(i) and domain.writes(i.name) and _serves(i, verb.text, _served_kinds(i))
    ]
    if len(makers) > 1 and (named := _named_by_object(makers, text, verb)) is not None:
        makers = [named]
    if not makers or (ranking is None and len(makers) > 1):
        return None
    scores = dict(ranking.ranked) if ranking is not None else {}
    intent = max(makers, key=lambda i: scores.get(i.name, 0.0))
    if len(makers) > 1 and scores.get(intent.name, 0.0) <= 0.0:
        return None  # a chat model ranks only its pick: no order among the others
    try:
        values, evidence = split_found(_fill(intent, text, today))
        slots = validate_slots(intent, values)
    except SlotError:
        return None
    problem, _, cue = _gate(domain, intent, text, evidence, today)
    if problem is not None or _sent_elsewhere(intent, text, verb):
        return None
    return Decision(
        action="route",
        intent=intent.name,
        slots=slots,
        evidence=evidence,
        source=ranking.source if ranking is not None else "rule",
        confidence=ranking.probability(intent.name) if ranking is not None else 1.0,
        candidates=ranking.ranked if ranking is not None else (),
        cue=cue.record() if cue else None,
        detail=MADE_BY.format(intent=intent.name, verb=verb.text),
    )


def _unserved_change(
    domain: Domain, text: str, today: date, decision: Decision, ranking: Ranking | None = None
) -> Decision:
    """A read route for a request that asks for a change goes to the intent that makes it.

    "cancel ticket T-3" names a ticket, so the ticket-status rule matches, but it asks for
    a change, and "add milk to my shopping list" says "list"; "don't cancel order 10091"
    refuses one. Showing the ticket or the orders answers what nobody asked: the write
    intent that makes the change takes it when its gate lets it (`_maker`), else the
    request gets the clarifying question. The read route stands when
    the read intent's own examples use the verb (its wording, not a change), when the only
    changes are refused and the request also asks for information or names something in a
    clause of its own ("don't file anything, just tell me how much I've claimed": the
    refusal says what not to do, the rest is a read), and only for intents declared for
    the two-stage router.
    """
    if decision.action != "route" or decision.intent is None:
        return decision
    intent = domain.intent(decision.intent)
    if not _guarded(intent) or domain.writes(intent.name):
        return decision
    # What is left once the clauses that only refuse are gone is what the request wants:
    # "最近一个月血压曲线，不用记新的" names the trend and refuses a new reading.
    rest = without_refusals(text)
    informational = (
        asks_for_information(text) or rest.strip() != text.strip() or bool(_ONLY_READ.search(text))
    )
    # A change asked for once something happens, after it ("When the order 88431 is
    # shipped, please text me"): its "When" opens no question, and the read answers nothing.
    event = on_event(text)
    verb = next(
        (
            v
            for v in change_verbs(text, _write_cues(domain))
            if (not _vouches(intent, v.text) or _wanted(text, v))
            and (v.value or not informational or (event is not None and event.end <= v.start))
            and not (_SUMMED.fullmatch(v.text) and _HOW_MUCH.search(text))
        ),
        None,
    )
    if verb is None and (weighed := _undecided_change(domain, intent, text)) is not None:
        return _unrouted(
            domain,
            decision,
            UNSERVED_CHANGE.format(intent=intent.name, how="weighs", verb=weighed.text),
        )
    changed = _WANTED_CHANGED.search(text) if verb is None else None
    if changed is not None and not _vouches(intent, changed["verb"]):
        return _unrouted(
            domain,
            decision,
            UNSERVED_CHANGE.format(intent=intent.name, how="asks for", verb=changed.group()),
        )
    if verb is None:
        if (advised := advised_create(text, _write_cues(domain))) is not None:
            return _unrouted(
                domain, decision, ADVICE_ON_CHANGE.format(intent=intent.name, verb=advised.text)
            )
        if (unmade := _unmade_change(domain, intent, text)) is not None:
            return _unrouted(
                domain, decision, UNMADE_CHANGE.format(intent=intent.name, verb=unmade.text)
            )
        if (yours := _not_the_users(domain, intent, text, decision)) is not None:
            return _unrouted(
                domain, decision, NOT_THE_USERS.format(intent=intent.name, words=yours)
            )
        return decision if informational else _bare_name(domain, intent, text, decision)
    if verb.value and (made := _maker(domain, text, today, verb, ranking)) is not None:
        return replace(made, rule=decision.rule)
    how = {"refused": "refuses", "conditional": "asks only under a condition for"}.get(
        verb.kind, "asks for"
    )
    return _unrouted(
        domain, decision, UNSERVED_CHANGE.format(intent=intent.name, how=how, verb=verb.text)
    )


_WANTED_CHANGED = re.compile(
    r"\b(?:need|needs|want|wants|wanna|like|get|have)\s+(?:my|our|the)\s+(?:[a-z]+\s+){1,4}?"
    r"(?P<verb>changed|updated|deleted|removed|corrected|fixed|edited|amended)\b(?!\s+(?:yet|already)\b)",
    re.I,
)
"""A change asked for with the thing first and its participle after ("need my phone number
changed on the account"): no read shows it made."""


def _undecided_change(domain: Domain, read: IntentSpec, text: str) -> Found | None:
    """A change the request asks for but has not decided on, when it asks nothing else.

    "Eventually, could you cancel the order 55102? I am not sure I still need it, I must
    reflect.": the cancel waits (`unasked_clauses`), and nothing asks what the order's status
    is, so showing it answers nothing asked; the run asks instead. A question beside it
    ("…, but where is it now?") is the read's.
    """
    for v in change_verbs(text, _write_cues(domain)):
        if v.kind != "retracted" or _vouches(read, v.text):
            continue
        others = " ".join(c for at, c in clauses(text) if not at <= v.start < at + len(c))
        if _WHERE_NOW.search(others) or _read_words(read).intersection(
            re.findall(r"[a-z]+", others.lower())
        ):
            return None
        return v
    return None


_ONLY_READ = re.compile(
    r"\b(?:just|only)\s+(?:want|wanna|need|would\s+like|'d\s+like)\s+(?:to\s+)?"
    r"(?:check|see|know|look|view|read)\b|只(?:是)?想(?:看|查|知道)",
    re.I,
)
"""A read said to be all that is wanted ("I dont want to record anything today I just want to
check my trend"): a refusal run into it without a comma is still only a refusal."""
_WANTED = re.compile(
    r"(?:我想|我要|想要|帮我|给我|申请)\s*$|\b(?:i|we)\s+(?:want|need|would\s+like|'d\s+like)\s+"
    r"to\s+$",
    re.I,
)


def _wanted(text: str, verb: Found) -> bool:
    """Whether the user says they want the change ("我想报销…", "I want to file…").

    A read intent's examples may use the verb as a noun ("报销合计" is the claims total),
    which lets the verb through; wanting it makes it the change asked for.
    """
    return bool(verb.value) and _WANTED.search(text[: verb.start]) is not None


@_kept_per_object(64)
def _made_kinds(domain: Domain) -> frozenset[str]:
    """The kinds of change the domain's write intents make, with their own cues: read once."""
    made: set[str] = set()
    for other in domain.intents:
        if _guarded(other) and domain.writes(other.name):
            made |= _served_kinds(other)
    return frozenset(made)


def _unmade_change(domain: Domain, intent: IntentSpec, text: str) -> Found | None:
    """A change the request asks about, of a kind no write intent here makes, or None.

    "订单10087能退款吗" and "can I still return order 10088?" ask whether a refund or a
    return is possible: the order's status does not say, and no intent here makes one, so
    the run asks rather than showing the order. A question about a change an intent here
    does make ("was 10090 cancelled?", "10092 取消成功了吗") stays with the read, and so
    does a word the read intent's own examples use.
    """
    made = _made_kinds(domain)
    for verb in asked_changes(text):
        kind = change_kind(verb.text)
        if kind is not None and kind not in made and not _vouches(intent, verb.text):
            return verb
    return None


def _not_the_users(domain: Domain, intent: IntentSpec, text: str, decision: Decision) -> str | None:
    """The words asking about the business's own things, for an intent about the user's.

    An intent that shows the user's own things (its description says "the user's" or
    "their own") does not answer "what's your customer service phone number" or "你们客服
    电话多少": the request asks about the business's number, not the user's, and names
    nothing of the user's ("my", "我") beside it. A "your" in someone else's words quoted
    ("FW: Your order #10355 has been dispatched") or in small talk ("Hope your week's going
    well!", `_small_talk`) is no such question.
    """
    about_user = _ABOUT_USER.search(intent.description)
    cited = cited_spans(text)
    things = _thing_words(domain)
    yours = next(
        (
            m
            for m in _YOURS.finditer(text)
            if not any(s <= m.start() < e for s, e in cited)
            and not _small_talk(text, m, decision, things)
        ),
        None,
    )
    if about_user is None or yours is None or _MINE.search(text):
        return None
    return yours.group()


def _bare_name(domain: Domain, intent: IntentSpec, text: str, decision: Decision) -> Decision:
    """A read route for a request that only names a thing by its id is asked about.

    "order 10092" names an order and says nothing of what to do with it (look it up,
    cancel it, text its status): no question, no read command, no change, and no word
    left once its id, the noun of the id (`ID_NOUNS`) and filler are gone. "status
    10086", "track 10087" and "查下10091" say what they want and stay routed, and so does a
    thing only this read takes ("job J-17", "工单T-5": nothing else here acts on a job or a
    ticket by its id).
    """
    named = [
        (name, ev)
        for name, ev in decision.evidence.items()
        if ev and ev.get("kind") == "id" and "start" in ev
    ]
    if not named:
        return decision
    spans = [(ev["start"], ev["end"]) for _, ev in named]
    rest = text
    for start, end in spans:
        rest = rest[:start] + " " * (end - start) + rest[end:]
    if content_words(rest, ID_NOUNS) or _CLI_READ.search(rest):
        return decision
    only_this = not any(
        name in other.slots_model.model_fields
        for name, _ in named
        for other in domain.intents
        if other.name != intent.name
    )
    if only_this and not _NAMED_ALONE_REST.sub("", rest.lower()):
        return decision  # "job J-17", "工单T-5": the id alone, and only this read takes it
    return _unrouted(domain, decision, BARE_NAME.format(intent=intent.name, words=text.strip()))


_NAMED_ALONE_REST = re.compile(
    "|".join(sorted((re.escape(n) for n in ID_NOUNS), key=len, reverse=True))
    + r"|\b(?:my|the|our)\b|[\s?？!！.。,，:：#❓]"
)
"""What may stand beside an id that names the thing alone: its noun, "my", punctuation."""
_CLI_READ = re.compile(
    r"(?<![\w-])(?:get|ls|show|view|info|describe|cat)(?![\w-])|\bwhat'?s\s+up\b|\bwassup\b",
    re.I,
)
"""A command line's read verb beside the id ("ticket get T-88", "order show 10092"), or
"what's up" after it ("ticket T-40 whats up"): what to do with the thing, though "get"
alone is filler elsewhere."""


def _unrouted(domain: Domain, decision: Decision, detail: str) -> Decision:
    """The decision withdrawn: no intent, no slots, the domain's clarifying question."""
    return _asking(decision, domain.clarify, detail)


def _asking(decision: Decision, question: str, detail: str, **more: Any) -> Decision:
    """The decision turned into a question: no intent, no slots, nothing run."""
    return replace(
        decision,
        action="clarify",
        intent=None,
        slots={},
        evidence={},
        question=question,
        detail=detail,
        **more,
    )


def _combine(
    domain: Domain,
    text: str,
    today: date,
    decision: Decision | None,
    refused: list[tuple[str, str]],
    ranking: Ranking | None,
) -> Decision:
    """The rules' decision, the classifier's, or the clarifying question when neither."""
    if ranking is None:
        if decision is not None:
            return (
                _unserved_change(domain, text, today, decision) if _classifies(domain) else decision
            )
        return Decision(
            action="clarify", refused=tuple(refused), question=domain.clarify, detail=NO_RULE
        )
    routed = by_ranking(domain, text, today, ranking, refused)
    if decision is None:
        return _unserved_change(domain, text, today, routed, ranking)
    if routed.action == "route" and routed.intent is not None and domain.writes(routed.intent):
        return replace(routed, rule=decision.intent, detail=f"{routed.detail}{OVER_READ_RULE}")
    return _unserved_change(domain, text, today, decision, ranking)


def _lexical_ranking(domain: Domain, text: str) -> Ranking:
    """The lexical classifier's ranking of what the request asks for.

    Its refused clauses are left out (`without_refusals`): "I don't need a text, just show
    me the status of 10088" is ranked on its request for a status, not on "text". A chat
    model reads the whole request; a bag of words cannot tell a refused word from a wanted one,
    nor a flight's ticket from a helpdesk's (`_FARE_TICKET`).
    """
    text = _FARE_TICKET.sub(lambda m: m.group(1) + " " * (len(m.group()) - len(m.group(1))), text)
    return lexical_classifier(domain).rank(without_unasked(without_refusals(text)))


_FARE_TICKET = re.compile(
    r"\b((?:flight|plane|air|airline|train|rail|railway|bus|coach|ferry|boat|metro|subway|"
    r"tram|parking|movie|cinema|concert|theatre|theater|lottery|raffle|speeding)\s+)tickets?\b",
    re.I,
)
"""A ticket that is a fare or a fine ("25000 naira for my flight ticket"), not a helpdesk
one: its word is no evidence for a ticket intent in the classifier's bag of words."""


_SHORTHAND = frozenset({"stat", "asap", "tbh", "imo", "btw", "fyi", "prn", "bid", "tid"})
"""Shorthand typed as meant, never a typo: a nurse's "gloves x200 needed stat" (at once) is
not "start"."""
TYPO_MIN_LEN = 5
"""A misspelled word is read as the domain's own word only when that word is this long or
longer and one edit away ("cancle", "ordr"): shorter words are too close to each other
("send", "spend", "sent") for one edit to tell which was meant."""
_LATIN_WORD = re.compile(r"(?<![\w-])[a-z]+(?![\w-])", re.I)
RESPELLED = "; read {words} as the domain's own words"
GUESSED_WRITE = (
    "not {intent}: only with {words} read as the domain's own words would the request ask "
    "for it, and a guessed word never runs a write"
)
GUESSED_WRITE_QUESTION = (
    'Did you mean "{request}" ({intent}), reading {guess}? I make no change on a word I had '
    "to guess: say it again in your own words and I will."
)


@lru_cache(maxsize=64)
def _vocabulary(
    texts: tuple[str, ...], own: tuple[str, ...]
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The English words a domain uses, their stems, and which of them a typo may mean.

    Read once per process. A typo may mean one of the intents' own words (`own`: change
    verbs, cues, the nouns of ids, descriptions, words many examples share), not any word
    an example happens to hold, nor a word every sentence uses ("where", "their").
    """
    words = {w.lower() for t in texts for w in re.findall(r"[A-Za-z]+", t)} | _SHORTHAND
    targets = {w.lower() for t in own for w in re.findall(r"[A-Za-z]+", t)}
    common = {*STOPWORDS, *FILLER, "where", "whose", "while", "their", "through", "until"}
    targets = {w for w in targets if len(w) >= TYPO_MIN_LEN and w in words and w not in common}
    return frozenset(words), frozenset(stem(w) for w in words), frozenset(targets)


@_kept_per_object(64)
def _domain_words(domain: Domain) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """`_vocabulary` of the domain's intents declared for the two-stage router."""
    guarded = [i for i in domain.intents if _guarded(i)]
    texts = (
        *(t for i in guarded for t in (*i.examples, i.description, *i.write_cues)),
        *GENERIC_CUES,
        *OTHER_CHANGE_VERBS,
        *PAST_FORMS,
        *FILLER,
        *ID_NOUNS,
        domain.clarify,
    )
    own = (
        *(w for i in guarded for w in sorted(_own_words(i))),
        *GENERIC_CUES,
        *OTHER_CHANGE_VERBS,
        *ID_NOUNS,
    )
    return _vocabulary(texts, own)


def _one_edit(typed: str, word: str) -> bool:
    """Whether one letter added, dropped, changed or two neighbours swapped make `word`."""
    if typed == word or abs(len(typed) - len(word)) > 1:
        return False
    if len(typed) == len(word):
        diff = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        if len(diff) == 1:
            return True
        if len(diff) != 2 or diff[1] != diff[0] + 1:
            return False
        i, j = diff
        return typed[i] == word[j] and typed[j] == word[i]
    short, long_ = sorted((typed, word), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def respell(domain: Domain, text: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The request with its misspelled words read as the domain's own, and which were.

    "cancle my ordr 10097" is "cancel my order 10097": an English word no intent of the
    domain uses (nor any word of the router's lexicon) that is one edit away from exactly
    one such word of `TYPO_MIN_LEN` letters or more, with the same first letter, is read
    as that word. A word the domain knows is never changed, nor one that could be either
    of two words.
    """
    known, stems, targets = _domain_words(domain)
    out: list[str] = []
    pos = 0
    changed: list[tuple[str, str]] = []
    for m in _LATIN_WORD.finditer(text):
        typed = m.group().lower()
        if len(typed) < TYPO_MIN_LEN - 1 or typed in known or stem(typed) in stems:
            continue
        near = {w for w in targets if w[0] == typed[0] and _one_edit(typed, w)}
        if len(near) != 1:
            continue
        word = near.pop()
        out.append(text[pos : m.start()] + word)
        pos = m.end()
        changed.append((m.group(), word))
    return "".join(out) + text[pos:], tuple(changed)


def _misspelt_write(domain: Domain, text: str, today: date, decision: Decision) -> Decision | None:
    """A question when a request routed to a read asks, respelt, for a write; else None.

    "cancle order 10266" names an order, so the status read takes it as typed; read as
    the domain's words it asks to cancel. Showing the status does not do what was asked,
    and a guess never runs a write: the run asks, naming the guess (`_respelled`). The
    respelt request is decided offline (rules and the lexical classifier), so a model
    costs nothing more for a request routed as typed.
    """
    if decision.action != "route" or decision.intent is None or domain.writes(decision.intent):
        return None
    fixed, changed = respell(domain, text)
    if not changed:
        return None
    second = _decide_offline(domain, fixed, today)
    if second.action != "route" or second.intent is None or not domain.writes(second.intent):
        return None
    return _respelled(domain, _asking(decision, "", ""), second, fixed, changed)


def _respelled(
    domain: Domain,
    decision: Decision,
    second: Decision,
    fixed: str,
    changed: tuple[tuple[str, str], ...],
) -> Decision:
    """The decision on the respelled request when it routes to a read, else a question.

    Only a request that was not routed as typed is read again (`decide_offline`,
    `decide`), or one routed to a read (`_misspelt_write`), so a misspelling never turns
    a decision the words as typed already made into another route;
    the new decision passes the same rules and write gate, its detail says which words
    were read how, and its evidence is words of the request as respelled. A guess may find
    a read, never run a write: "cancer screening kit 10091, can you check it" is one edit
    from "cancel", so a respelled route to an intent that writes becomes a question naming
    the guess and the request as respelled (`fixed`), so saying it again is one step,
    and the user's own words decide. The model tokens of both decisions count.
    """
    tokens = decision.tokens + second.tokens
    if second.action != "route" or second.intent is None:
        return replace(decision, tokens=tokens)
    words = ", ".join(f"{a!r} as {b!r}" for a, b in changed)
    if domain.writes(second.intent):
        guess = ", ".join(f"{b!r} for {a!r}" for a, b in changed)
        return replace(
            decision,
            tokens=tokens,
            question=GUESSED_WRITE_QUESTION.format(
                request=fixed, guess=guess, intent=second.intent
            ),
            detail=GUESSED_WRITE.format(intent=second.intent, words=words),
        )
    return replace(second, detail=second.detail + RESPELLED.format(words=words), tokens=tokens)


_ALSO = re.compile(
    r"[,，;；.。]?\s*(?:\b(?:and\s+)?(?:also|plus|as\s+well\s+as|in\s+addition|besides)\b|"
    r"\b(?:and\s+)?while\s+you(?:'re|\s+are)\s+at\s+it\b|\b(?:and\s+)?on\s+top\s+of\s+that\b|"
    r"(?:顺便|顺带|顺手)(?!(?P<tried>[\u4e00-\u9fff])了(?P=tried))|另外|还有|此外|同时)[\s,，:：]*",
    re.I,
)
"""What joins a second request to a first ("cancel it, and while you're at it show me…",
"file this and also open a ticket", "取消它，顺便…", "另外…"): the words after it are a
request of their own. Not a thing done in passing, told ("…吃了顿饭，顺便谈了谈项目上的事")."""
TWO_REQUESTS = "two requests in one: {first!r} ({a}) and {second!r} ({b}); one at a time"
TWO_REQUESTS_QUESTION = (
    'You asked for two things: "{first}" and "{second}". I did neither, since one of them '
    "changes something: send them one at a time."
)


TWO_READS_QUESTION = (
    'You asked for two things: "{first}" and "{second}". I answer one at a time: send them '
    "one at a time."
)


_THEN = re.compile(
    r"[,，;；]?\s*(?:\b(?:and\s+then|then|and)\b|然后|接着|并且|再|同埋|"
    # a list's next item: "1. 生成周报\n2. 看一下J-9进度", "- taxi 40\n- show my total" (its
    # number blanked by the reading as a count, `_read_as`, leaves the indent)
    r"(?<=\n)[ \t]*(?:\d{1,2}[.)、]|[-*•·])(?=[ \t])|(?<=\n)[ \t]{2,}(?=\S))[\s,，:：]*",
    re.I,
)
"""Plain words that join two steps ("file it and open a ticket", "check it, then cancel",
"查一下，再生成…", "然后", "接着", "并且", Cantonese 同埋), and a list's next item. Far more
common than `_ALSO` inside one request ("record it and show the trend", "before and
after"), so a side is a request of its own only when both sides, decided alone, go to two
different intents, one of them a write."""


def _sides(text: str, m: re.Match[str]) -> tuple[str, str] | None:
    """The words before and after a joining word, or None when either has no content."""
    if m.start() == 0:
        return None
    first, second = text[: m.start()].strip(" ,，;；"), text[m.end() :].strip()
    if not content_words(first) or not content_words(second):
        return None
    if first.endswith((":", "：")):
        return None  # a heading ("订单：", "To do:") over a list, not a request of its own
    return first, second


_BARE_READ = re.compile(
    r"^\s*(?:please\s+)?(?:show|tell|give|send)(?:\s+(?:it|that|them))?(?:\s+(?:to\s+)?me)?"
    r"(?:\s+(?:please|pls|too|as\s+well))?\s*[.!?]*\s*$",
    re.I,
)
"""A read verb with no object ("show me.", "tell me too"): it shows what was named before."""


def _two_requests(domain: Domain, text: str, today: date, decision: Decision) -> Decision:
    """The decision, or a question when the request joins two intents' requests, one a write.

    "cancel order 10093, and while you're at it show my profile" asks for a cancellation
    and a profile: running the first and dropping the second does half of what was asked,
    and a write cannot be taken back. Each side of the joining word (`_ALSO`) is decided on
    its own (offline: rules and the lexical classifier); when they go to two intents and
    the intent the whole request went to does not cover both (its tools include theirs, as
    a claim that shows the total after, or a reading saved then the trend shown), or one
    side asks for something no intent here gives, the run asks for one at a time. A plain
    "and"/"then"/再 (`_THEN`) joins two requests only when both sides, decided alone, route
    to two different intents, one a write, that the whole's intent does not cover: a side
    that is a value, a modifier, a remark or a step of the same intent leaves it whole.
    A request routed to a read alone, or with no write on either side, stands.
    """
    if decision.action != "route" or decision.intent is None:
        return decision
    tools = _tools_of(domain, decision.intent)
    if domain.writes(decision.intent) and (untold := _other_todo(domain, text, today, tools)):
        return _one_at_a_time(decision, *untold)
    m = _ALSO.search(text)
    sides = _sides(text, m) if m is not None else None
    if m is not None and sides is not None:
        first, second = sides
        parts = [_decide_offline(domain, part, today, said=False) for part in sides]
        names = [_part_intent(part) for part in parts]
        if not any(n is not None and domain.writes(n) for n in (*names, decision.intent)):
            return _two_reads(domain, decision, first, second, names, tools)
        if all(n is not None and _tools_of(domain, n) <= tools for n in names):
            return decision
        if names[1] is None and (
            _BARE_READ.match(second)
            or not (asks_for_information(second) or change_verb(second, _write_cues(domain)))
        ):
            # "30 EUR plus tip": a value, not a second request; "… and the 7-day total
            # also show me": a read verb alone, whose object came before it
            return decision
        if names[1] is None and _elided_read(domain, decision, sides, today):
            return decision
        if names[1] is None and _flag_after(decision, m.end()) and not _NAMES_ID.search(second):
            return decision  # "开个工单…，顺便有进展的话通知我一声": the ticket's own flag
        if (steps := _steps_of_both(domain, text, today, sides, parts)) is not None:
            return steps
        return _one_at_a_time(decision, first, second, names)
    for m in _THEN.finditer(text):
        sides = _sides(text, m)
        if sides is None or (_flag_after(decision, m.end()) and not _NAMES_ID.search(sides[1])):
            continue
        parts = [_decide_offline(domain, part, today, said=False) for part in sides]
        names = [
            None
            if d.action != "route" or (d.intent is not None and _told(domain, d.intent, side))
            else d.intent
            for d, side in zip(parts, sides, strict=True)
        ]
        a, b = names
        if (
            a is not None
            and b is not None
            and a != b
            and (
                not (_tools_of(domain, a) <= tools and _tools_of(domain, b) <= tools)
                or _other_id(decision, sides)
            )
        ):
            if domain.writes(a) or domain.writes(b):
                steps = _steps_of_both(domain, text, today, sides, parts)
                return steps or _one_at_a_time(decision, *sides, names)
            return _two_reads(domain, decision, *sides, names, tools)
    return decision


_BACK_TO_IT = re.compile(
    r"(?<!\bhow\s)(?<!\bat\s)\b(?:it|its|it's|them)\b|"
    r"(?<!\bafter\s)\b(?:this|that|these|those)(?:\s+(?:one|ones|claims?|expenses?|receipts?|bills?|"
    r"readings?|entry|entries)\b|(?=\s*[?.!,]|\s*$))|"
    r"这笔|那笔|这张|那张|它|(?:这|那)(?:个|条)(?![月礼星周天日])",
    re.I,
)
"""The read's words pointing back at the write's thing ("is it in my 14 day total?",
"total without that one", 这笔): a question about the thing, which may be filed already,
not the read the write runs after it. Not "while you're at it", "how it goes", "after
that", "this past week", 这个月.
"""


def _steps_of_both(
    domain: Domain,
    text: str,
    today: date,
    sides: tuple[str, str],
    parts: list[Decision],
) -> Decision | None:
    """The one intent whose checklist is the first side's steps then the second's, routed.

    "taxi 55 usd tuesday, and what's the 14 day total", "午饭 38 块，顺便看下这 30 天报了多少",
    "bp 128/82 this morning, also how's my 7 day trend": a write asked for on its own words,
    then the read the domain already runs after it (a claim's total, a reading's trend), one
    request, not two (or the write's own intent, when its steps already end with the
    read's). Only when the first side routes to a write and the second to a read, each
    alone; the read puts no condition on the write, asks for no change itself and does not
    point back at the write's thing (`_BACK_TO_IT`); the intent's steps are exactly theirs,
    in that order; and the whole request gives it the values each side gave. Anything else
    stays two requests, asked one at a time.
    """
    first, second = parts
    if first.action != "route" or second.action != "route":
        return None
    if first.intent is None or second.intent is None or not domain.writes(first.intent):
        return None
    if domain.writes(second.intent) or conditional_clauses(sides[1]):
        return None
    if change_cue(sides[1], _write_cues(domain)) is not None or _BACK_TO_IT.search(sides[1]):
        return None
    did = [s.tool for s in domain.intent(first.intent).steps]
    then = [s.tool for s in domain.intent(second.intent).steps]
    if did[len(did) - len(then) :] == then:
        found = [domain.intent(first.intent)]  # a claim shows the total after it anyway
    else:
        found = [i for i in domain.intents if [s.tool for s in i.steps] == did + then]
    if len(found) != 1:
        return None
    intent = found[0]
    try:
        values, evidence = split_found(_fill(intent, text, today))
        slots = validate_slots(intent, values)
    except SlotError:
        return None
    for part in parts:
        for name, value in part.slots.items():
            said = part.evidence.get(name) is not None
            if said and (name not in slots or slots[name] != value):
                return None  # a value a side said that the whole reads otherwise, or not at all
    if any(evidence.get(name) is None for name in _needs_evidence(intent)):
        return None
    both = Decision(
        action="route",
        intent=intent.name,
        slots=slots,
        evidence=evidence,
        source=first.source,
        rule=intent.name if first.source == "rule" else None,
        confidence=min(first.confidence, second.confidence),
        cue=first.cue,
        detail=f"intent {intent.name}: {first.intent}, then {second.intent}, its own steps",
    )
    # (what the whole says of whose records, or of a change maybe made, still counts)
    return both if _withdrawn(domain, text, today, both).action == "route" else None


def _told(domain: Domain, intent: str, side: str) -> bool:
    """Whether a side a read intent would take only tells, and asks nothing of it.

    "The textbooks I ordered for my class have not arrived, and … Could you tell me the
    status of order 58832?": the first side says why the user asks; it is no second read
    to answer (no question, no read command, no request for information).
    """
    if domain.writes(intent) or not _TELLING.search(side):
        return False
    side = side.strip()
    return not (asks_a_question(side) or read_command(side) or asks_for_information(side))


_TELLING = re.compile(
    r"\b(?:i|we|they|it|he|she)\b[^.?!]*\b(?:have|has|had|was|were|did|didn'?t|haven'?t|hasn'?t|"
    r"[a-z]+ed)\b",
    re.I,
)
"""A clause with a subject and a verb of what happened ("The textbooks I ordered … have not
arrived"), unlike a thing named in a list ("… and my 7 day expense total")."""


def _elided_read(domain: Domain, decision: Decision, sides: tuple[str, str], today: date) -> bool:
    """Whether the second side is a read of the whole's own window, its object left out.

    "刚刚量了血压，138/90，记下来，顺便看一下最近两个礼拜的": the second side shows the
    last two weeks "of it", the trend the whole's intent shows after saving; decided alone
    it names nothing, yet it is the same request's read, not a second request. Not when
    the first side holds a number no slot reads ("酒店 680 rmb 3.12 报了": a day the rules
    do not read as one): that side still asks.
    """
    first, second = sides
    if "period" not in decision.slots or not read_command(second.strip()):
        return False
    if any(role.kind == "number" for role in number_roles(first)):
        return False
    values, _evidence = split_found(_fill(domain.intent(decision.intent or ""), second, today))
    return bool(values.get("period") == decision.slots["period"])


_TODO = re.compile(r"^[ \t]*(?:[-*•][ \t]*)?\[[ \t]?\][ \t]*(?P<item>\S.*)$", re.M)
"""A to-do item still open ("- [ ] claim hotel 1200 CNY"): each is a task of its own."""


def _other_todo(
    domain: Domain, text: str, today: date, tools: frozenset[str]
) -> tuple[str, str, list[str | None]] | None:
    """(the task run, an open task it leaves out, their intents), or None.

    A pasted to-do list ("- [ ] claim hotel 1200 CNY", "- [ ] ask IT about VPN", "handle
    these" on lines of their own) asks for every open item: a write that does one and drops
    the other is half of what was asked, so the run asks for one at a time. Done items
    ("- [x] book hotel") are already blanked (`done_items`).
    """
    items = [m["item"].strip() for m in _TODO.finditer(text)]
    if len(items) < 2:
        return None
    decided = [(item, _decide_offline(domain, item, today, said=False)) for item in items]
    names = [_part_intent(d) for _, d in decided]
    covered = [n is not None and _tools_of(domain, n) <= tools for n in names]
    if all(covered):
        return None
    first = next((i for i, c in enumerate(covered) if c), 0)
    other = next(i for i, c in enumerate(covered) if not c)
    return decided[first][0], decided[other][0], [names[first], names[other]]


_PREFIXED_ID = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]-\d+(?!\d)")
"""An id with its letter ("J-9", "T-4"); a bare number may be a year or an amount."""
_NAMES_ID = re.compile(rf"{_PREFIXED_ID.pattern}|\d{{4,}}")
"""An id of its own ("T-4", "10092"): a side naming one is about another thing."""


def _other_id(decision: Decision, sides: tuple[str, str]) -> bool:
    """Whether a side names an id the decision does not act on.

    "1. 生成周报 2. 看一下J-9进度": building a report checks its own job, so its tools cover
    a job's status, but J-9 is another job: two requests, not one.
    """
    own = {str(v) for v in decision.slots.values()}
    return any(m.group() not in own for side in sides for m in _PREFIXED_ID.finditer(side))


def _flag_after(decision: Decision, at: int) -> bool:
    """Whether a flag of the decision's intent is said after `at`.

    "Could you open a helpdesk ticket, and please keep me updated on its progress?": the
    second side sets the ticket's `notify`, a modifier of the same request, though alone it
    reads as a question about a ticket's progress. Not when that side names an id of its
    own (`_NAMES_ID`): "…and then notify me about T-4" is about another ticket.
    """
    return any(
        ev is not None and ev.get("kind") == "flag" and int(ev.get("start", -1)) >= at
        for ev in decision.evidence.values()
    )


def _two_reads(
    domain: Domain,
    decision: Decision,
    first: str,
    second: str,
    names: list[str | None],
    tools: frozenset[str],
) -> Decision:
    """The decision, or a question when two joined reads go to two intents, run as one.

    "where's 10093, and also what phone number do you have for me?" asks for an order's
    status and the contact details: the route answers one and drops the other. Both sides
    must route on their own, to two different intents, not both covered by the whole's
    tools; the run then asks for one at a time (nothing is written either way).
    """
    a, b = names
    if a is None or b is None or a == b or domain.writes(a) or domain.writes(b):
        return decision
    if _tools_of(domain, a) <= tools and _tools_of(domain, b) <= tools:
        return decision
    return _asking(
        decision,
        TWO_READS_QUESTION.format(first=first, second=second),
        TWO_REQUESTS.format(first=first, second=second, a=a, b=b),
        cue=None,
    )


def _one_at_a_time(
    decision: Decision, first: str, second: str, names: list[str | None]
) -> Decision:
    """The question that asks for two joined requests one at a time, nothing run."""
    return _asking(
        decision,
        TWO_REQUESTS_QUESTION.format(first=first, second=second),
        TWO_REQUESTS.format(
            first=first, second=second, a=names[0] or "no intent", b=names[1] or "no intent"
        ),
        cue=None,
    )


PART_SURE = 0.5
"""How sure the classifier must be of a side of a joined request that did not route on its
own ("plus a ticket about the broken scanner" borrows the first side's verb) to name it."""


def _part_intent(decision: Decision) -> str | None:
    """The intent one side of a joined request asks for: its route, or a clear best guess."""
    if decision.action == "route":
        return decision.intent
    best = next(((n, p) for n, p in decision.candidates if n is not None), None)
    return best[0] if best is not None and best[1] >= PART_SURE else None


def _tools_of(domain: Domain, name: str) -> frozenset[str]:
    return frozenset(t.name for t in domain.tools if name in t.intents)


_KIN = (
    r"(?:mom|mum|mam|mammy|mother|dad|father|parents?|wife|husband|spouse|partner|son|"
    r"daughter|kids?|nain|taid|"
    r"child|children|sister|brother|grand(?:ma|pa|mother|father)|aunt|uncle|cousin|friend|"
    r"colleague|co-?worker|boss|manager|team-?mate|neighbou?r|roommate|girlfriend|boyfriend|"
    r"office-?mate|workmate|classmate|flatmate|housemate|"
    # a coach's staff: "my asst coach"
    r"asst|coach|"
    # the people of a small business ("my cashier's blood pressure", "for my staff")
    r"staff(?:\s+member)?|staffer|employees?|cashier|supplier|intern|worker|receptionist|"
    r"nanny|cleaner|mate|granny|gran|nana|nan|"
    # a wife, a husband, a son or a daughter as British and Kiwi English call them: "the
    # missus", "my boy's login"
    r"missus|missis|hubby|boy|lad|lass|"
    # a friend as America and Texas call one: "file my buddy's taxi, he ain't got the app"
    r"buddy|buddies|pal|homie|homeboy|compadre|"
    # Singapore and Malaysia's "kaki" (a mate): "my kaki Ah Seng order 70311"
    r"kaki|"
    # a ranch or farm hand, before the name ("file a hotel claim for my hand jesse") or named
    # as one ("my ranch hand")
    r"(?:ranch\s+|farm\s+|deck\s+)hand|hand(?=\s+[a-z]+\b(?:\s*,)?\s+(?:he|she)\b)|"
    # a matatu's crew in Kenyan Sheng: "taxi for my dere" (driver), "my makanga" (conductor)
    r"dere|makanga|manamba|"
    # Jamaican kin: "fi mi bredda Desmond", "mi madda"
    r"bredda|breddah|bredren|sista|sistren|madda|mada|puppa|pupa|"
    # a mate in Geordie: "for me marra Gaz"
    r"marra|"
    # Spanish kin inside English: "Save a reading for my mamá"
    r"mam[áa]|mami|pap[áa]|papi|abuel[ao]|abuelit[ao]|t[íi][ao]|herman[ao]|espos[ao]|hij[ao])"
)
_HER_WHOSE = (
    r"her(?!\s+(?:tomorrow|today|tonight|yesterday|now|later|again|back|about|that|the|a|an|"
    r"and|to|for|with|on|in|at|if|when|so|up|know|too|first|soon|something|anything|"
    r"everything|this|what|how|why|where|whether)\b)"
)
""""her" before what is hers ("her claims"), not "her" as the object ("before I answer her
tomorrow", "bought her the same thing")."""
_SURNAME = (
    "[王李张刘陈杨黄赵吴徐孙马朱胡郭何林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡杜叶程苏魏吕"
    "丁沈姚卢姜崔钟谭陆汪范廖贾夏韦邹孟熊秦邱尹薛侯黎贺顾毛郝龚邵严戴莫孔汤]"
)
"""Common Chinese surnames, without those that are everyday words here (高 of 高压, 金 of
金额, 周 of 上周): a full name before 的 ("帮我看看郑凯的报销") is someone else's."""
_AFTER_ME = (
    r"(?:after|on\s+at|always|nagging|telling|asking|making|bugging|pestering|worried)"
    r"\s+(?:me|us|about)\b"
)
"""A relative who is after the user ("my wife's after me to keep up with this"): "'s" is
"is" there, and nothing of hers is named."""
_OCCASION = (
    r"(?!\s+(?:birthday|wedding|anniversary|party|graduation|shower|visit|"
    r"cuff|machine|monitor|device|meter)\b)"
    # (nor "has": Scouse "our kid's already got me one" is "our kid has")
    r"(?!\s+(?:already|just|got|been|gone|not|never|bought|ordered)\b)"
    # (nor when she is after the user: "my wife's after me to keep up with this")
    rf"(?!\s+{_AFTER_ME})"
)
"""A relative's occasion is no thing of theirs: "a gift for my sister's birthday" (my order);
nor the device the user borrowed ("131/84 I took this morning with my wife's cuff")."""
_NOT_PERSON = (
    r"(?:company|team|shop|store|business|office|firm|department|dept|org|organi[sz]ation|"
    r"group|account|family|household|home|house|band|club|school|class|project|card|phone|"
    r"bank|agency|studio|brand|site|website|app|label|venue|tour|trip|flight|car|unit|"
    r"crew|branch|lab|restaurant|kitchen|clinic|hospital|ward|church|charity|own)"
)
"""What "my …'s" may be besides a person: a group the user is part of, a thing they own."""
_THEIR_THING = (
    r"orders?|claims?|expenses?|readings?|blood\s+pressure|bp|tickets?|reports?|jobs?|"
    r"profile|phone\s+number|details|receipts?|bills?"
)
"""The things of these assistants a person has: "our drummer's order", "my lola's readings"."""
_OTHERS = re.compile(
    rf"\b(?:my|our)\s+{_KIN}(?:'s|s'){_OCCASION}|"
    # named after the kin: "My wife Annelie's BP was 160/100"
    rf"\b(?:my|our)\s+{_KIN}\s+(?-i:[A-Z][a-z]+)(?:'s|s')\s+[a-z]|"
    # the same with no "'s", as Jamaican and second-language English say it ("Mi granny
    # pressure read 135/87", "my wife order 12345")
    # (and with their name between: "my kaki Ah Seng order 70311")
    # (Trinidad "mih": "cancel mih cousin Shivani order 55990")
    rf"\b(?:my|our|mi|mih)\s+{_KIN}\s+(?:(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?\s+)??"
    rf"(?:{_THEIR_THING}|pressure)\b|"
    # anyone's by their role, kin or name for them ("our drummer's order", "my tita's
    # order"), not a group's or a thing's the user belongs to ("our team's", "my shop's")
    rf"\b(?:my|our)\s+(?!{_NOT_PERSON}(?:'s|s'))[a-z]+(?:'s|s')\s+(?:{_THEIR_THING})\b|"
    # a parent's or a spouse's, said with no "my": "Show mum's phone number"
    # (and in Vietnamese: "ba's bp trend", ba and má the parents, bà and ông the grandparents)
    r"\b(?:mum|mom|mam|dad|mother|father|grandma|grandpa|granny|nana|wife|husband|ba|má|bà|ông)"
    r"'s\s+"
    r"(?!(?:cuff|machine|monitor|device|meter)\b)"
    # ("Mum's moved in with me": has moved, no thing of hers; "wife's on me about it": is,
    # with a place or a doing after it, as "Doc's on at me" below)
    r"(?!(?:moved|been|gone|got|just|not|come|left|staying|living|coming|going|here|back|"
    r"on|after|at|off|out|away|asking|saying|telling|nagging|wanting|reminding|always|still|"
    rf"day|eve)\b|{_AFTER_ME})[a-z]|"
    # Australian "my old man's order" (father or husband), "the old lady's"
    r"\b(?:my|our|the)\s+old\s+(?:man|lady|girl|fella)(?:'s|s'|’s)\s+[a-z]|"
    # a clinician's patient: "Patient in chair 3 was 165/100, record that"
    r"\b(?:my|our|the|a|this)\s+patient\b|\bpatient['’]s\b|"
    r"(?:^|(?<=[.!?;]\s))patient\b(?=\s+(?:in|at|on|from|was|is|had|has|no\.?|number|#)\b)|"
    rf"\b(?:his|their|{_HER_WHOSE})\s+(?!own\b)"
    r"(?!(?:current\s+|latest\s+)?(?:status|statuses|state|states|details|dates|totals|amounts)\b)"
    # (a shop's or a clinic's own kit, where the user's reading was taken: "checked my bp
    # on their machine")
    r"(?!(?:own\s+)?(?:machine|machines|device|cuff|monitor|equipment|kiosk|counter|app|"
    r"website|site|system)\b)"
    # (no thing at all: "the customer changed her mind", "he's on his way")
    r"(?!(?:mind|minds|mood|opinion|way|fault|turn|word|head|heart)\b)"
    # (a place the user went: "Went over to their Frankfurt office on Wednesday …")
    r"(?!(?:[a-z]+\s+)?(?:office|offices|place|house|home|site|hq|headquarters|branch|"
    r"factory|plant|premises|building|warehouse|wedding|party)\b"
    r"(?!\s+(?:supplies|supply|stuff|things|items|orders?|claims?|tickets?|expenses?|costs?|"
    r"bills?|account|phone|number|address)\b))"
    r"(?:[a-z]|\d+(?:[.,]\d+)?\s*(?:eur|euros?|usd|dollars?|cny|rmb|yuan)\b)|"
    rf"\b(?:my|our)\s+{_KIN}(?:\s+(?-i:[A-Z][a-z]+))?\s+(?:has\s+|have\s+|had\s+)?"
    r"(?:claimed|filed|spent|submitted|expensed|ordered|bought|paid)\b|"
    # the thing, then who made it: "the order my brother did, number 55018"
    rf"\b(?:order|orders|one|parcel|package|claim|ticket)\s+(?:that\s+|which\s+)?(?:my|our)\s+"
    rf"{_KIN}\s+(?:did|made|placed|ordered|put\s+in|bought|filed|opened)\b|"
    # made by them, said with "by": "cancel order 66120 placed by my colleague Ramesh"
    rf"\b(?:placed|made|ordered|bought|filed|opened|raised|submitted|put\s+in)\s+by\s+"
    rf"(?:my|our)\s+{_KIN}\b|"
    # paid by them: "…, he paid from his own pocket"
    r"\b(?:he|she|they)\s+paid\s+(?:for\s+it\s+|it\s+)?(?:from|out\s+of)\s+(?:his|her|their)\s+"
    r"own\s+(?:pocket|money)\b|"
    # Portuguese and Romance order: "the order of my wife"
    rf"\bof\s+(?:my|our)\s+{_KIN}\b|"
    # Northern English "our" before a first name (one's family), sent to or done for: "Text
    # our Sharon the status of 40512", "file it for our Kirsty" ("our kid" is kin, above)
    r"\b(?:text|txt|message|send|tell|ring|call|phone|for|to)\s+our\s+"
    r"(?-i:(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|IT)\b)[A-Z][a-z]+\b)"
    # (not a place or a group of the user's: "for our Leeds office trip")
    rf"(?!\s+(?:[a-z]+\s+)?{_NOT_PERSON}\b)|"
    # anyone named after their role: "file a claim for my conductor Kamau"
    # (or two words: "for my crew boss Darrell")
    r"\bfor\s+(?:my|our)\s+[a-z]+\s+"
    r"(?:(?!(?:in|at|on|to|from|with|for|of|by|near|and|or|the|a|an|up|down|over)\b)[a-z]+\s+)?"
    r"(?-i:(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|"
    r"Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|"
    r"November|December|Uber|Lyft|Grab|Bolt|Airbnb)\b)[A-Z][a-z]+)\b|"
    # a neighbour's things: "隔壁依伯的订单30900帮伊取消一下"
    # (or their shop's, with Southwestern 嘞 and the English word: "隔壁阿明店里嘞 order 50931")
    r"(?:隔壁|邻居|对门|楼上|楼下)[\u4e00-\u9fff]{0,4}(?:的|嘞|嘅|了)\s*(?:订单|单子|血压|报销|工单|order)|"
    # and one done for them: "帮我隔壁王阿姨报一笔打车 20 块"
    r"(?:给|帮|替|为)我?(?:隔壁|邻居|对门|楼上|楼下)|"
    # and anyone called by 阿 and their name before their order, as Cantonese says it with
    # no 的: "帮我睇下隔离档口阿强张单 50231 去到边" (隔离: next door)
    r"阿(?![拉里们是妈嬷爸公婆爷母伯姨])[\u4e00-\u9fff](?:的|嘅)?(?:张单|订单|单子)|"
    # and the stall next door's: "隔離檔口嗰張單 56200 幫我查下"
    r"(?:隔离|隔壁|对面)(?:档口|铺头|铺|摊|档)(?:嗰|那|的|嘅)?(?:张|个)?(?:单|订单)|"
    # Tagalog's "for my …" and "my …'s", the kin after and "ko" (my) last: "pa-file naman ng
    # claim para sa officemate ko", "yung order ng pinsan ko"
    # (and "sa" alone, to them: "pa-text po sa misis ko …")
    rf"\b(?:para\s+sa|ng|kay|sa)\s+(?:{_KIN}|pinsan|kapatid|nanay|tatay|asawa|anak|kaibigan|"
    r"lola|lolo|tita|tito|ate|kuya|amo|kasama|kasamahan|katrabaho|kaklase|misis|mister|"
    # and a team lead's people: "yung order ng agent ko si Jessa"
    r"agent|staff|officemate|teammate|supervisor|manager|boss)\s+ko\b|"
    # a trainer's or a coach's client named with their reading: "client Priya bp 145/92",
    # "会员小张血压 150/98"
    r"\b(?:client|customer|member|athlete|trainee|student|player)\s+(?-i:[A-Z][a-z]+)(?:['’]s)?"
    r"\s+(?:bp|blood\s+pressure|pressure|readings?)\b|"
    r"(?:会员|学员|客户|顾客|队员|学生)(?:小|老|阿)?[\u4e00-\u9fff]{1,2}的?血压|"
    # A carer's patient: "pt bed 4 BP 150/95", "the patient in bed 3", "3床病人" (not "pt =
    # me", the user as the patient)
    r"\bpts?\b(?!\s*(?:=|:|is)\s*(?:me|myself|self)\b)|\b(?:the|my|our|a)\s+patients?\b|"
    r"\bpatient'?s\b|\d+\s*床|病人|患者|病患|"
    # A relative called as family does, with no 我: "帮阿妈record血压", "给老爸报"
    r"(?:给|帮|替|为)(?:阿[妈嬷爸公婆伯姨爷姆]|老[妈爸]|爷爷|奶奶|外公|外婆|姥姥|姥爷)|"
    # Chongqing and Sichuan 老汉儿, one's father: "帮我把老汉儿的血压记一哈"
    r"老汉儿(?:的|个)|"
    # an older person by surname, as a carer calls a patient: "帮我给王奶奶量的血压记录一下"
    r"(?:给|帮|替|为)[\u4e00-\u9fff]?(?:奶奶|爷爷|阿姨|叔叔|大爷|大妈|婆婆|老人家)|"
    # anyone called by 阿 and their name, as Wu and southern speakers do: "帮阿三报一笔"
    # (not 阿拉, Shanghainese "we")
    r"(?:给|帮|替|为)阿(?![拉里们是])[\u4e00-\u9fff](?=[^\u4e00-\u9fff]|报|记|取|开|存|查|发|的|一)|"
    # a colleague, a friend or a boss the user acts for: "给同事报一笔🚕 60块"
    # (and northwestern 伙计, a mate, with 尕 and a name: "给我伙计尕马报个打车钱")
    r"(?:给|帮|替|为)(?:我的?)?(?:同事|朋友|领导|老板|室友|同学|邻居|客户|伙计|徒弟)"
    r"(?:尕[\u4e00-\u9fff]|阿[\u4e00-\u9fff])?(?=报|记|取|开|存|查|发|把|一)|"
    # and one who works for the user, named by the job and a name: "给我们店服务员小王报个销"
    r"(?:给|帮|替|为)(?:我们?|咱们?)?(?:店|店里|公司|厂里|厂|单位)?的?"
    r"(?:服务员|员工|店员|帮工|小工|工人|司机|学徒|厨师|保姆)"
    r"(?:(?:小|老|阿)[\u4e00-\u9fff])?(?=报|记|取|开|存|查|发|把|一)|"
    # anyone by surname and title, with where they work: "帮教务处李主任报一笔餐费150元"
    r"(?:给|帮|替|为)(?:[\u4e00-\u9fff]{0,4}?的?)?[\u4e00-\u9fff](?:主任|经理|科长|处长|局长|"
    r"校长|院长|总监|老师|师傅|医生|大夫|阿姨|叔叔)(?=报|记|取|开|存|查|发|把|一)|"
    # a colleague by 小 or 老 and their surname: "给我们队小王报个打车费", "帮老张取消"
    # (and a team named: "帮我们导游队的小李报一笔餐费"; or a workplace: "帮我们厂里小王报一下")
    r"(?:给|帮|替|为)(?:我们|咱们|我)?(?:[\u4e00-\u9fff]{0,3}?(?:队|组|部门|团队|科室|班|厂|车间|"
    r"公司|店|单位|办公室))?(?:的|里的|里)?"
    # (not Sichuan and Chongqing 老子, "me": "40862给老子取消了 不要了")
    r"(?:小|老(?!子))(?![票时费额号])[\u4e00-\u9fff](?=报|记|取|开|存|查|发|的|一|把)|"
    # Southern Chinese calls grandparents and parents 阿公, 阿婆, 阿嬷, 阿爷: "我阿公的血压"
    # (and a brother or sister: "阮阿弟个订单60301帮伊查一下")
    # (and Chaoshan and Hakka 阿姆, one's mother: "我阿姆的血压150/95")
    r"(?:我|俺|阮)?(?:的)?阿[妈嬷爸公婆爷母弟妹兄姆](?:的|个)|"
    # (not "我阿妈叫我每日记血压")
    r"(?:我|俺|阮)(?:的)?阿[妈嬷爸公婆爷母弟妹兄姆](?![叫让要嘱话讲说])|"
    # one's spouse or parent as the old one: "俺家老头子血压…", "我家老伴的报销"
    # (Shanghainese 阿拉屋里厢: "our home")
    r"(?:我|俺|阮|阿拉)们?(?:家|屋里厢?)?(?:里)?(?:的)?(?:老头子|老太婆|老伴儿?|老爷子|老太太)"
    # (not one who only insists on something: "我老伴儿非说我最近脸儿红")
    r"(?!儿?(?:非|老|总|又|也|还)?(?:说|念叨)我)|"
    r"(?:^|(?<=[家\s，,。]))(?:老爷子|老太太)(?!们)|"
    # someone called by title and surname, with their thing: "Mrs Alvarez pressure was
    # 160/100 today", "Mr Okafor's order"
    # (not "Mr. Li's", whose dot reads as a sentence's end: the "Li's" below finds it)
    r"(?-i:\b(?:Mrs|Mr|Ms|Miss|Mister|Missus)\s+[A-Z][a-z]+)(?:'s)?\s+"
    r"(?:blood\s+)?(?:pressure|bp|reading|order|claim|taxi|ticket)\b|"
    # A relative's thing and its value: "my mother bp 150/95".
    rf"\b(?:my|our)\s+{_KIN}\s+(?!(?:and|or|with|who|that|is|was|has|had|have|will|would|"
    r"can|could|told|asked|says?|said|wants?|needs?|paid|got|and)\b)[a-z]+\s+\d|"
    # Formal Chinese for one's family ("家父", "内人"), and a thing done on another's behalf
    # ("代他"; 代为 alone asks the assistant to act for the user: "烦请代为报销").
    r"家[父母严慈兄姐]|内人|犬子|小女(?![孩生])|令尊|令堂|代他|代她|替他|替她|"
    # (not a place called after whose it is: "uber to Sarah's home gym", "dinner at Luigi's",
    # "lunch at the Allsup's today")
    # (nor one on or by the place: "at lock 13 on the Farmer's Bridge flight")
    r"(?-i:(?<!\bto\s)(?<!\bfrom\s)(?<!\bat\s)(?<!\bat\sthe\s)(?<!\bfrom\sthe\s)"
    r"(?<!\bon\sthe\s)(?<!\bin\sthe\s)(?<!\bby\sthe\s)(?<!\bnear\sthe\s)"
    r"\b(?!(?:My|The|This|That|There|Here|Today|Yesterday|Tomorrow|Monday|Tuesday|"
    r"Wednesday|Thursday|Friday|Saturday|Sunday|Last|Next|It|What|Who|Where|When|Why|How|Let|"
    r"He|She|Everything|Nothing|Something|Anything|One)\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?'s)"
    # (not "Pressure's been creeping up": a noun and "has" or "is", not someone's)
    r"\s+(?!own\b|been\b|got\b|gone\b|going\b|getting\b|not\b|still\b|always\b|"
    r"moved\b|just\b|come\b|left\b|staying\b|living\b|coming\b|here\b|back\b|"
    # (nor "Doc's on at me to log it", "Accountant's after the monthly report": is, with a
    # place or a doing after it)
    r"(?:on|after|at|off|out|away|asking|saying|telling|nagging|wanting|reminding)\b|"
    # (a feast named after a saint or a person: "the Paddy's Day orders", "Mother's Day")
    r"day\b|eve\b)[a-z]|"
    # (a space between, as some type every word apart: "帮 我 老婆 记 血压")
    r"(?:我|阮|俺|额)(?:们)?\s?(?:的|家)?\s?(?:爸爸?|妈妈?|父亲|母亲|父母|爷爷|奶奶|外公|外婆|老婆|老公|爱人|太太|丈夫|妻子|媳妇儿?|婆娘|老巴子|"
    # (Minnan 阮 "my"; 小弟 and 小妹 the younger ones: "阮小弟的订单 77120 帮伊取消")
    r"小弟|小妹|"
    # (Minnan 查某囝 "daughter": "帮我看我查某囝的订单")
    r"查某囝|"
    # cousins and in-laws: "帮我表姐把她那个订单31902取消了"
    r"表姐|表哥|表妹|表弟|堂姐|堂哥|堂妹|堂弟|嫂子|姐夫|妹夫|弟媳|"
    # Northeastern 老妹儿 (younger sister), 老弟, 老姐, 老哥; Chongqing 老汉儿 (father)
    r"老妹儿?|老弟|老姐|老哥|老汉儿?|"
    # Wu and northern colloquial: 老娘 "my mother", 老爹 and 老头子 "my father" ("阿拉老娘…")
    r"老娘|老爹|老头子|老妈|老爸|老母|老爷子|老太太|"
    # Hunan 娘老子 (mother, or both parents): "帮我娘老子记一下血压"
    r"娘老子|"
    r"儿子|女儿|孩子|哥哥?|姐姐?|弟弟?|妹妹?|同事|朋友|领导|上司|老板|室友|邻居|家人|同学|"
    # an apprentice: "帮我徒弟阿强报一笔打的"
    r"徒弟|学徒|"
    # Xinjiang 丫头子 (daughter) and 羊缸子 (wife): "我丫头子在你们这订的东西"
    r"丫头子|羊缸子|"
    # a brother or a close friend: "帮我兄弟记个血压", "我哥们儿的订单", "我闺蜜"
    r"兄弟|哥们儿?|闺蜜|姐妹|伙计|"
    # one's partner: "帮我对象报一下打车费42块"
    r"对象|男朋友|女朋友|"
    # a child (Northwestern 娃), a guest, an employee: "给我娃发个短信", "帮我的客人记录血压",
    # "请给我的员工报销"
    r"娃|客人|员工|"
    # in-laws and the wider family
    r"婆婆|公公|岳父|岳母|丈母娘|老丈人|孙子|孙女|外孙女?|侄子|侄女|外甥女?|舅舅|姑姑|叔叔|阿姨|姨妈|"
    # (Minnan 孙仔 "grandson": "阮孙仔阿明也有一张的士票 30 元，麻烦帮伊报一下")
    r"孙仔|孙女仔|"
    # (northern 闺女 "daughter", Yangzhou 小把戏 "the kids": "给俺闺女把订单取消了")
    r"闺女|小把戏)"
    # (not one who only says or asks something: "我老公说让我少吃咸的", "我老公问我这两周报了
    # 多少"; "我老公说他血压高", "…帮他记一下" are his)
    # (and insists: "我老伴儿非说我最近脸儿红")
    # (nor one who only wants to see what the user makes: "做一份周报，阿拉领导要看的")
    # (nor one who watches it for the user: "免通知我 我孙仔会帮我看")
    r"(?!\s?(?:非|老|总|又|也|还)?(?:说|让|叫|讲|劝|问|念叨|(?:会|能|可以)?帮(?:我|阮|俺)(?:看|盯)|"
    r"(?:要看|想看)(?:的|呢|啊|哦)?(?=[。！？!?，,\s~]|$))(?![^。！？!?]*(?:(?:帮|给|替|为)[他她]|"
    # (not what he bought the user: "我儿子说他买给我了" is the user's own order)
    r"[他她](?:们)?(?:的|报|记|存|量|下单|买(?!给我))|[他她](?:们)?(?:血压|订单|报销|工单|报表|读数))))|"
    # (not a gift for a client, "给客户的礼品", nor a ride to see one, "去见客户的")
    # (nor money the user advanced for one, "替客户垫付的印刷费": the user's own claim)
    # (nor one the user treated: "招待客户的餐费" is the user's own meal claim)
    r"(?<![和跟与同陪请给见访待])(?:同事|朋友|领导|老板|客户|室友|助理|助手|二助)(?![要让叫说催垫]|一起)"
    r"[\u3400-\u9fff]{0,3}的|"
    # one who cannot claim it themselves: "…也报了，她没账号", "he's hopeless with the app"
    r"(?:她|他)(?:没有?|不)(?:账号|账户)|"
    r"\b(?:he|she|they)(?:'s|\s+is|\s+are|'re)\s+(?:hopeless|useless|no\s+good|rubbish)\s+"
    r"(?:with|at)\s+(?:the\s+)?(?:app|phone|tech|computers?)\b|"
    # (or has none: "he hasn't got the app", Trinidad "she doh have de app")
    r"\b(?:he|she|they)\s+(?:hasn't|has\s+not|haven't|doesn't|does\s+not|don't|doh|dont|"
    r"ain't|aint|has\s+no|have\s+no)\s+(?:got\s+|have\s+|get\s+)?(?:the|de|da|an?)\s+app\b|"
    # A relative's thing with no 我 before it ("爷爷的血压").
    r"(?:爸爸|妈妈|父亲|母亲|爷爷|奶奶|外公|外婆|姥姥|姥爷|老公|老婆|媳妇|儿子|女儿|孩子|婆娘)的|"
    # Korean kin words in Chinese, as Korean-Chinese write them: "欧巴 的 订单 30155 取消"
    r"(?:欧巴|欧尼|阿妈妮|阿爸吉)\s*(?:的|订单|血压|报销|工单)|"
    # done for him or her, said last: "…取消 帮他"
    r"(?:帮|替)(?:他|她)(?:们)?\s*[吧啊呀哦嘛。.!！~]*\s*$|"
    # Nanjing's 老巴子 (the youngest child), with or without 的; northern 那口子 (a spouse:
    # "给俺那口子记个血压")
    r"老巴子|那口子|"
    # (老 before a verb is "always": "老板老催了" is the boss nagging, not a colleague 老催)
    rf"(?:同事|朋友|领导|老板|客户|室友)(?:{_SURNAME}[\u3400-\u9fff]{{1,2}}?|小[\u3400-\u9fff]|"
    r"老(?![催是说要让叫在想问找骂改来去不没这那也又])[\u3400-\u9fff])|"
    # (其他的 is "other": "算其他的，报了吧"; 老 before a word of how much, closing its clause,
    # is "very": "158/99，老高的", "传勿上去，老烦的"; not 老高的订单, old Gao's)
    r"(?<![\u3400-\u9fff])(?:小[\u3400-\u9fff]的|老[\u3400-\u9fff]的"
    r"(?<!老[高低烦贵多远大好长久早晚难累忙热冷慢快]的(?=[\s，,。.！!？?~]|$)))|"
    r"(?<!其)他的|她的|(?<!其)他们的|她们的|"
    # (and "her that one": "把她那个订单31902取消了")
    # (not a person of theirs: "请王老板还有他们那个跑业务的小李吃饭" treats them)
    r"(?<!其)[他她](?:们)?那(?:个|张|笔|单)(?![\u4e00-\u9fff]{0,4}的(?:小|老)[\u4e00-\u9fff])|"
    # Done for another person: "file this for Mr Chen", "on his behalf", "给王总报一下".
    r"(?-i:\bfor\s+(?:Mr|Mrs|Ms|Miss|Dr|Mx)\.?\s+[A-Z][a-z]+)|\bon\s+(?:his|her|their)\s+behalf\b|"
    r"\bon\s+behalf\s+of\b|"
    # (因为 is "because": "因为领导说预算紧" is no claim for the boss)
    # (not handed to one: "帮我出个月报，月底要交给老板" is the user's own report)
    rf"(?:(?<![交递送拿带])给|帮|替|(?<!因)为)"
    rf"(?:{_SURNAME}(?:总|经理|老师|主任|处长|科长|局长|医生|姐|哥)|老板|领导|上司|经理)|"
    # a superior by title, "our" before it: "帮我们科长提个工单"
    r"(?:给|帮|替|(?<!因)为)(?:我们|咱们|我)的?(?:科长|处长|主任|局长|部长|组长|主管|经理|老板|领导|上司)|"
    # for a boss or a colleague named before: "老板电脑蓝屏了，帮他开个 ticket 吧" (not a
    # relative's reading: "爷爷说…帮他记上" is typed on the grandparent's own account)
    # (or to file for them: Cantonese "老细叫我帮佢报销餐费 300 块", 佢 read as 他)
    r"(?:老板|老细|领导|同事|客户|经理|上司)[^。！？!?]{0,12}帮(?:他|她)"
    r"(?=[\u4e00-\u9fff\s]{0,3}(?:开|提|报|记|取消))|"
    # for a colleague or a friend: "帮同事阿强报销打车费"; a customer's order to return
    r"(?:帮|替)(?:我的?)?(?:同事|朋友|室友|同学|邻居)|"
    r"(?:客户|顾客|买家)(?:要|想|说要|申请)?(?:退单|退货|退款)|"
    # (not 谢谢您的: 谢 is a surname, and "thank you for your help" no one's thing)
    rf"(?:(?<=[给把帮替为查看和跟与])|(?<![\u3400-\u9fff]))(?!谢谢){_SURNAME}[\u3400-\u9fff]{{1,2}}的",
    re.I,
)
"""Someone else's things: a relative's, a colleague's or a named person's ("my mom's
readings", "her claims", "Li Wei's total", what "my manager claimed", a claim "for Mr
Chen" or "给王总", "我爸的血压", "同事小王的工单", "老张的订单", and a
colleague named with no 的: "朋友王芳上周的报销"). The tools keep the user's own; another
person's are not theirs to show or change here."""
_FOR_OTHERS = re.compile(
    # (and in Jamaican: "open a ticket fi mi coworker Andre")
    # (and British and Scots "me" before family: "log 129/81 fer me faither"; not "for me,
    # mate")
    rf"\b(?:for|to|fi)\s+(?:my|our|mi|me(?=\s+(?:mum|mam|mom|mother|dad|father|wife|husband|"
    rf"son|daughter|brother|sister|gran|granny|nan|nana|grandma|grandpa|kids?|"
    rf"missus|missis|hubby|lad|lass)\b|"
    # a mate with their name ("claim 120 USD hotel for me mate Stevo"), not the assistant
    # called "mate" ("chuck it in for me mate")
    rf"(?=\s+(?:mate|mates|pal|boss|marra)\s+(?-i:[A-Z][a-z]+)\b)))\s+{_KIN}\b|"
    # "the" for one's own: "add a reading for the missus too"
    r"\bfor\s+the\s+(?:missus|missis|wife|hubby|husband|old\s+man|old\s+lady)\b|"
    # one named, then who they are: "file 22 USD meal for dave my asst coach, he paid"
    rf"\bfor\s+[a-z]+,?\s+(?:my|our)\s+(?:[a-z]+\s+)?{_KIN}\b|"
    # an assistant's own claim, not a thing of theirs ("for my assistant's laptop")
    r"\bfor\s+(?:my|our)\s+(?:assistant|secretary|business\s+partner)\b(?!['’]s)|"
    # a message sent to one: "Send mum a text with the status of order 30112"
    rf"\b(?:send|text|message|email|sms|ping|notify)\s+(?:my\s+|our\s+)?{_KIN}\b|"
    # (or named by their role: "SMS the practice manager the status of 31005")
    rf"\b(?:send|text|message|email|sms|ping|notify)\s+the\s+(?:[a-z]+\s+)?{_KIN}\b|"
    # "My staff member Ana paid 45 EUR …, can you file it for her?"
    r"\b(?:file|submit|claim|log|record|save|expense|enter|put|add|register|book|open|raise|"
    r"cancel|do|send)\s+"
    r"(?:(?:it|this|that|one|(?:a|an|the)\s+[a-z]+|(?:order|ticket|claim)\s*(?:no\.?\s*|#)?\d+)\s+)?"
    r"(?:in\s+|on\s+)?for\s+(?:him|her|them)\b|"
    # a message sent to anyone the user has ("Send an SMS to my athlete about order 73344"),
    # not to a phone, an inbox or an account of the user's own
    # ("text the status of order 88410 to my asst coach")
    r"\b(?:send|text|sms|message|forward)\b[^.!?,;]{0,40}?\bto\s+(?:my|our)\s+"
    r"(?!(?:own|phone|number|mobile|cell|cellphone|e-?mail|inbox|account|new|old|work|"
    r"personal|other|second|usual|registered|main|private|home|office|gmail|whatsapp)\b)"
    r"[a-z]+\b|"
    # sent to someone else's phone: "… wants an update on order 20488. Send it to their phone."
    r"\b(?:send|text|sms|message)\b[^.!?]*\bto\s+(?:their|his|her)\s+(?:phone|number|mobile|cell)\b|"
    # a claim or a reading for someone named: "file this meal claim for Priya: 26 EUR",
    # "File this for Mr Chen: …" (not "for Monday", "for March")
    r"\b(?:claim|expense|reading|this|it|that)\s+for\s+(?-i:(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?"
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|"
    r"April|May|June|July|August|September|October|November|December|Uber|Lyft|Grab|Bolt|"
    r"Didi|Airbnb|Booking|Expedia)\b)[A-Z][a-z]+)\b(?!['’]s)|"
    # a claim or a reading for someone named by their role: "Can you file this for the
    # second engineer, taxi 30 EUR" (not "for the team lunch", "for the trip")
    r"\b(?:file|submit|claim|log|record|save|expense|enter|put)\s+(?:it|this|that)\s+for\s+"
    r"(?:the|our|my)\s+(?:[a-z]+\s+)?(?:engineer|officer|captain|mate|driver|colleague|boss|"
    r"manager|guy|lady|intern|nurse|doctor|teacher|student|client|customer|guest|technician|"
    r"chef|cook|cleaner|worker|crewman|deckhand)\b|"
    # "血压150/95 给他记上": written down for him
    # (not 帮他: "爷爷说…帮他记上" is typed on the grandparent's own account)
    r"(?:给|替)(?:他|她)们?\s*(?:记|存|录|登记|报|开|提交|取消|submit|file|claim|record|"
    r"log|open|cancel)",
    re.I,
)
"""A change made for, or sent to, a relative or colleague ("save it for my wife", "text it
to my son", "submit for my colleague Jens", "my colleague Minh taxi 25 USD, file for him"):
checked on writes only, since a read's "a present for my son" says whom the user's own
order was for, and not on a write whose own examples make one for someone ("email my weekly
report to my boss")."""
SOMEONE_ELSES = "not {intent}: the request is about someone else's things ({words!r})"
LEFT_OPEN = "not {intent}: the request leaves a choice to the assistant ({words!r}); ask which"
_LEFT_OPEN = re.compile(
    r"\bwhichever(?:'s|\s+(?:you|u|is|one|works|fits|suits)\b|\s*(?:[,.!?…]|$))|"
    r"\beither(?:'s|\s+(?:one|is\s+fine|works|is\s+ok(?:ay)?)\b)|"
    r"\b(?:you|u)\s+(?:pick|choose|decide)\b|\byour\s+call\b|\bup\s+to\s+(?:you|u)\b|"
    r"随便(?![聊问说看吃喝买点逛找住打])|(?:哪个|哪样|哪种)都(?:行|可以|成)|看着办|你(?:来)?定|你(?:来)?选",
    re.I,
)
"""Words that leave the choice between what the request names to the assistant ("7 or 14 days,
whichever", "either cancel it or text me its status, whichever's easier", "周报月报随便"):
nothing the request says tells which, so the run asks. Not "whichever ticket I raised last"
(it names one), "either way, file it" (the choice does not matter to the request) nor 随便
before a verb ("中午随便吃一下 35块": eaten casually)."""
_CHOSEN_AFTER = re.compile(
    r"\b(?:no\s+wait|wait|actually|i\s+mean|on\s+second\s+thoughts?|let'?s\s+(?:do|go\s+with|say)|"
    r"make\s+it|go\s+with)\b|不对|还是|算了|就(?:要|选|用)",
    re.I,
)
"""The user choosing after all, later in the request ("T-4 or T-40, whichever, no wait: check
T-40", "周报月报随便，还是周报吧")."""


def _chosen_after(text: str, left: re.Match[str], decision: Decision) -> bool:
    """Whether the user chooses after leaving the choice open, and every value is that choice.

    "T-4 or T-40, whichever, no wait: check T-40" takes T-40, said again after the choice; in
    "周报月报随便，就要月报" the value read is the first one offered, so the run asks.
    """
    if _CHOSEN_AFTER.search(text, left.end()) is None:
        return False
    said = [str(ev["text"]) for ev in decision.evidence.values() if ev and ev.get("text")]
    return all(text.find(words, left.end()) >= 0 for words in said)


_OWN_AFTER_ALL = re.compile(
    r"\b(?:myself|my\s+own|as\s+(?:my|mine)\b|under\s+my\s+name|in\s+my\s+name|"
    r"paid\s+by\s+me)|"
    # said to be the user's and not the other's: "My claim, not hers"
    r"\b(?:my\s+(?:claim|order|reading|ticket|expense|one)|mine),?\s+not\s+(?:hers|his|theirs)\b|"
    # the user's own beside another's, told apart: "she filed hers already, can you file
    # mine", "Not my colleague's J-90 - mine, J-91" (not "my wife's and mine": both)
    r"(?<!\band\s)(?<!&\s)(?<!\bnot\s)(?<!n't\s)(?<!\bof\s)\bmine\b(?!\s+(?:and|&)\s)"
    # (not the user's account lent to another: "can you log it on mine for her?")
    r"(?!\s+for\s+(?:her|him|them)\b)|"
    # and in Chinese, the user's own by its id after another's: "她的 J-85 好了，我的 J-86 呢"
    r"我(?:自己)?的\s*(?:[A-Za-z]-?\d+|\d{4,})\s*(?:呢|吗|么)|"
    r"在我名下|我垫付|我自己付|算我的|报在我|"
    # typing for the account's owner: "im typing for my grandma, its her account"
    # (not one set against the user's: "he's whānau but it's his own account")
    r"(?<!but\s)\b(?:it'?s|its|it\s+is|this\s+is|that'?s|i'?m\s+on|im\s+on|logged\s+in\s+as|"
    r"using)\s+(?:her|his|their)\s+(?:own\s+)?(?:account|acct|login|profile)\b|"
    r"\blogged\s+in\s+as\s+(?:her|him|them)\b|\btyping\s+(?:this\s+)?for\s+(?:her|him|them)\b|"
    r"(?:这是|这个是|用的是|登的是|登录的是)(?:她|他)(?:的|自己的)(?:号|账号|帐号|账户)|"
    # the user named in the third person, and saying so: "Carlos being me", "(Jenny = me
    # lol)", "Maria here. Maria needs her …", "张伟就是我"
    r"\b[A-Z][a-z]+\s*(?:=|being|is|aka)\s*me\b|\b(?:that'?s|it'?s|thats|its)\s+me\b|"
    r"(?-i:^\s*(?:hi,?\s+|hello,?\s+)?(?:it'?s\s+|this\s+is\s+)?(?P<self>[A-Z][a-z]+)\s+here\b)|"
    r"[\u4e00-\u9fff]{2,3}(?:就是我|是我本人)|"
    # someone else placing the user's order for them: "我女儿帮我下的单", "my son ordered it
    # for me"
    r"(?:帮|替|给)我(?:下|订|买|拍|网购)(?:了|的)|"
    r"\b(?:ordered|placed|bought)\s+(?:it\s+|this\s+|that\s+|the\s+order\s+|them\s+)?for\s+me\b",
    re.I,
)
"""The user saying the thing is theirs after all ("I paid for Mr Chen's taxi myself,
file it as my claim", "我垫付的，报在我名下"), or that the account is the other person's
and they type for them ("typing for my grandma, its her account", "这是她的号"): then her
reading is the account's own."""
_AT_THEIR_ASKING = re.compile(
    r"\b(?:she|he|they|my\s+\w+)\s+(?:asked|asks|wants|wanted|told|begged|begs)\s+me\s+to\b|"
    r"(?:她|他|他们)(?:让|叫|要|求)我",
    re.I,
)
"""Another person asking the user to put their thing through: "she asked me to file her 300
EUR hotel bill under my name" is still hers, whatever name it goes under."""


@_kept_per_object(64)
def _thing_words(domain: Domain) -> frozenset[str]:
    """The stems of the English words that name what the domain's intents deal with."""
    guarded = [i for i in domain.intents if _guarded(i)]
    words = {w for i in guarded for w in _own_words(i) if re.fullmatch(r"[a-z]{3,}", w)}
    words |= {w.lower() for w in ID_NOUNS if re.fullmatch(r"[A-Za-z]{3,}", w)}
    return frozenset(stem(w) for w in words - {*STOPWORDS, *FILLER, "user", "their", "own"})


def _small_talk(text: str, m: re.Match[str], decision: Decision, things: frozenset[str]) -> bool:
    """Whether another person's thing is only mentioned in a sentence of small talk.

    "My sister just had her baby, a girl! Oh, and I had a work dinner on March 12 that came
    to 86.40 EUR, can you file that?": the sentence with "her baby" holds none of the
    request's values and no word of what the intents deal with (`_thing_words`), so it says
    nothing about whose claim this is. "These are my wife's readings. Show me the trend"
    names a reading, and stays someone else's.
    """
    if not m.group().isascii():
        return False
    # A day says when, not whose: "Today I finally took our new intern out for lunch …"
    values = {
        name: ev
        for name, ev in decision.evidence.items()
        if ev and ev.get("kind") not in ("date", "period")
    }
    sentence = _aside(text, m.start(), values)
    if sentence is None:
        return False
    words = re.findall(r"[a-z]+", sentence.group().lower())
    return not any(stem(w) in things for w in words)


_GIVEN_TO = re.compile(r"给[^，。,.!?！？]{0,6}$")
_BOUGHT = re.compile(r"[^，。,.!?！？]{0,10}?(?:买|订|挑|选)的")
_FOR_ME = re.compile(
    r"[^，。,.!?！？]{0,2}?(?:给我|帮我|替我)[^，。,.!?！？]{0,8}?(?:买|订(?!单)|寄|送)"
)
_WITH = re.compile(r"\bwith\b[^.,;:!?]{0,30}$|(?:和|跟|陪|与|带|送)$", re.I)
"""Who came along: "with my wife", 和/跟/陪 我妈, and one taken somewhere (带我妈去医院)."""
_TREATED = re.compile(r"请[\u3400-\u9fff]{0,6}$")
_ATE = re.compile(r"(?:吃|喝|食)(?:饭)?的$")
"""One the user treated, named after 请 and before what they ate ("请供货的老板吃的"): the
meal is the user's, paid by them."""


def _bought_for_or_with(text: str, m: re.Match[str]) -> bool:
    """Whether another person is named as whom a thing was bought for, or who came along.

    "订单 61203 是给我妈下周过生日买的" is the user's order, a gift, and so is what another
    bought for the user ("我外孙给我买了个按摩椅"); "dinner with the client and his wife" the
    user's meal. Not their thing named after "with" ("along with my wife's 130/85" is her
    reading).
    """
    before = text[: m.start()]
    if _GIVEN_TO.search(before) and _BOUGHT.match(text, m.start()):
        return True
    if _FOR_ME.match(text, m.end()):
        return True  # "我外孙给我在网上买了个按摩椅": bought for the user
    if _TREATED.search(before) and _ATE.search(m.group()):
        return True  # "昨天请供货的老板吃的": the user's treat, the user's meal claim
    owned = re.search(r"['’]s\b|的", m.group()) is not None
    return not owned and _WITH.search(before) is not None


def _others(
    text: str, decision: Decision, *, writes: bool = False, things: frozenset[str] = frozenset()
) -> re.Match[str] | None:
    """Where the request is about someone else's things, or None.

    Not when the user says it is theirs (`_OWN_AFTER_ALL`), nor inside a free-text slot:
    "Mr Chen's laptop won't connect" is what the user's ticket is about, not whose ticket it is.
    Nor in someone else's words quoted (`cited_spans`), nor in a sentence of small talk
    (`_small_talk`) when the domain's `things` are given. A write done for someone else
    counts too (`_FOR_OTHERS`, `writes`).
    """
    if _OWN_AFTER_ALL.search(text) and not _AT_THEIR_ASKING.search(text):
        return None
    texts = [
        (ev["start"], ev["end"])
        for ev in decision.evidence.values()
        if ev and ev.get("kind") == "text" and "start" in ev
    ]
    cited = cited_spans(text)
    cue = decision.cue or {}
    patterns = (_OTHERS, _FOR_OTHERS) if writes else (_OTHERS,)
    for pattern, m in ((p, m) for p in patterns for m in p.finditer(text)):
        if any(start <= m.start() and m.end() <= end for start, end in cited):
            continue
        # The object of the request's own change is whose thing it is, even inside a
        # free-text slot: "Can you put through my mum's pharmacy receipt as an expense?"
        changed = (
            cue.get("end") is not None
            and cue["end"] <= m.start()
            and bool(
                re.fullmatch(r"[^,.;:!?，。；：！？、—–-]{0,40}", text[cue["end"] : m.start()])
            )
        )
        # Nor the one the change is made for, named right before its verb: "帮我们科长提个工单".
        done_for = (
            m.group()[:1] in ("帮", "给", "替", "为")
            and cue.get("start") is not None
            and m.end() <= cue["start"]
            and bool(re.fullmatch(r"[^,.;:!?，。；：！？、]{0,4}", text[m.end() : cue["start"]]))
        )
        if (
            not changed
            and not done_for
            and any(start <= m.start() and m.end() <= end for start, end in texts)
        ):
            continue
        # What the user means to do with it themselves: "… so I can forward it to my boss".
        if _own_plan(text, m.start()):
            continue
        # Bought for another, or done with them, is still the user's: "给我女儿买的校服",
        # "dinner with the client and his wife".
        if pattern is _OTHERS and _bought_for_or_with(text, m):
            continue
        # (a write sent or done for another is no small talk: "Send it to their phone.")
        if things and pattern is _OTHERS and _small_talk(text, m, decision, things):
            continue
        return m
    return None


_KNOWLEDGE = re.compile(
    r"\bwhat(?:\s+counts?\s+as|(?:'s|\s+is|\s+are)\s+(?:considered|(?:a\s+)?(?:normal|healthy|"
    r"high|low|good|safe)\b))|\bfor\s+(?:(?:a|an|someone|people|men|women)\s+)?(?:my\s+age|"
    r"(?:of\s+)?my\s+age|\d+\s*(?:-\s*)?years?(?:\s*-\s*|\s+)old)\b|"
    r"\bis\s+(?:\d[\d/]*|that|this|it|mine)\s+(?:too\s+|very\s+)?"
    r"(?:high|low|normal|ok|okay|bad|dangerous|healthy|safe)\b|\bwhat\s+does\s+.{1,40}\bmean\b|"
    r"\bhow\s+(?:do|can|should)\s+(?:i|we)\s+(?:lower|reduce|improve|bring\s+down|raise)\b|"
    r"算(?:不算)?(?:高|低|正常|偏高|偏低)|正常吗|是怎么回事|什么意思|怎么办|要紧吗|严重吗|"
    r"危险吗|怎么降|如何降|有什么(?:影响|危害|建议)|\d+\s*岁的?人|这个(?:年纪|年龄)|同龄人",
    re.I,
)
"""A question about the subject, not about the user's records: what counts as high, what a
word means, how to bring a value down ("is 150 over 95 dangerous?", "偏高怎么办"). No read
of the user's records answers it."""
_HOW_TO = re.compile(
    r"\bhow\s+(?:do|can|should|would)\s+(?:i|we|you|one)\s+(?!feel\b|look\b|stand\b|do\b)"
    r"[a-z]+|\bhow\s+to\s+[a-z]+|"
    r"(?:怎么|怎样|如何)(?:才能|才|能|去|来)?"
    r"(?![样么回还没办了又这那都会就不一再也总老是么呀啊呢啦嘞咯喇嘛])[\u4e00-\u9fff]",
    re.I,
)
"""A how-to question ("打印机怎么换墨盒？", "how do I reset my password"): it asks for
instructions, which no read of the user's records gives, so it is asked about. "怎么样",
"怎么还没到", "进展如何", Cantonese "点样呀" (怎样呀) and "点样啦" ask how a thing stands, not
how to do something."""
HOW_TO = "not {intent}: the request asks how to do something ({words!r}), not for records"
_ASKED_INSTEAD = re.compile(
    r"[,.;!?]\s*(?:so\s+|just\s+)?(?:can|could|would)\s+(?:you|ya|u|y'all)\s+(?:just\s+)?"
    r"(?:show|pull\s+up|give)\s+me\b",
    re.I,
)
"""The records asked for after saying how to get them is not known ("I dunno how to work this
trend thing at all, can ya show me the blood pressure for the last two weeks"): the user asks
the assistant to do it, not how to."""
_KIND_ASKED = re.compile(
    r"\b(?:can|could|do)\s+(?:you|u|y'all|yall)\s+(?:people\s+|guys\s+|lot\s+|folks\s+|all\s+)?"
    r"(?:open|raise|log|file|make|create|handle|take|do)\s+(?:tickets|claims|complaints|reports)\b"
    r"(?=[^.!。！]*[?？])|"
    r"你们(?:这里?|那里?)?(?:能|可以|能不能|可不可以|会)(?:开|提|报|做)(?:工单|单子|报表)(?:不|吗|么|没)?"
    r"(?=\s*[?？]|不|吗|么)",
    re.I,
)
"""Whether the assistant makes a kind of change at all, its things counted as a kind ("Can
you people open tickets for app problems?", "你们能开工单不?"): a question about the
service, asked before any change; no write runs and no read answers it."""
_CAPABILITIES = re.compile(
    r"\bwhat\s+(?:else\s+)?(?:can|could|do)\s+you\s+(?:do|help\s+(?:me\s+)?with|offer)\b|"
    r"\bwhat\s+are\s+you\s+(?:able\s+to\s+do|for|good\s+for)\b|\bhow\s+can\s+you\s+help\b|"
    # whether the service does a kind of thing at all: "Do you send SMS updates for orders?"
    r"^\s*(?:and\s+|so\s+)?do\s+(?:you|u)\s+(?:guys\s+)?(?:send|offer|support|provide|allow|do)\s+"
    r"(?![\w\s]{0,40}\b(?:my|me|order\s+#?\d|\d{4,}))|"
    r"你(?:都|还)?(?:能|会|可以)(?:做|干|帮我做|帮我干|帮)?(?:些)?(?:什么|啥)|你有(?:什么|哪些)功能|"
    + _KIND_ASKED.pattern,
    re.I,
)
"""A question about the assistant itself ("what can you do?", "你能做什么", "Do you send SMS
updates for orders?"): the domain's clarifying question lists what it does; no intent's read
answers it."""
CAPABILITIES = "not {intent}: the request asks what the assistant can do ({words!r})"
_FORECAST = re.compile(
    r"\bwhat\s+will\s+(?:my|the|our|they|it)\b.{0,40}\b(?:be|look\s+like)\b|\bpredict\w*|\bforecast\w*|"
    r"\bwill\s+(?:my|it|they|that)\b.{0,30}\b(?:go|get|be|keep)\s+(?:going\s+)?(?:up|down|"
    r"higher|lower|better|worse)\b|预测|会是多少|会变成|会不会(?:升|降|变|高|低|好)|"
    r"会(?:升高|降低|变高|变低|更高|更低)|"
    # how long things usually take ("how long fixing usually?", "一般要多久"): the norm
    r"\bhow\s+long\b.{0,40}\b(?:usually|normally|typically|generally|on\s+average)\b|"
    r"\b(?:usually|normally|typically)\b.{0,20}\bhow\s+long\b|一般(?:要|需要)?多久|通常(?:要|需要)?多久|"
    # a window still to come: "a total for the next 14 days", "未来两周"
    r"\b(?:next|coming|upcoming)\s+(?:\d{1,2}|seven|fourteen|thirty|two|four)\s+(?:days?|weeks?)\b|"
    r"(?:未来|接下来的?)(?:\d{1,2}|[一二两三四七十]{1,2})\s*(?:天|周|个?星期|个?礼拜)",
    re.I,
)
"""A question about what is still to come ("what will my numbers be next month?", "will
it keep going up?", "下个月血压会是多少", "how long fixing usually?"): a read shows what was
recorded, not a forecast nor the usual time things take."""
_POLICY = re.compile(
    r"\bpolic(?:y|ies)\b|\ballowance\b|\bper\s+diem\b|\b(?:limit|cap|maximum|max)\s+"
    r"(?:for|on|per)\b|\b(?:when|how\s+(?:long|soon))\b.{0,40}\b(?:paid|reimburse\w*|refund\w*|"
    r"payout|money)\b|"
    r"政策|规定|上限|限额|额度|到账|打款|报销标准|能报多少|回款",
    re.I,
)
"""A question about the rules or when money comes ("what's the cap per night?", "when will
the refund land?", "报销什么时候到账", "餐补上限"): the business's rules and payments, which
no read of the user's records shows."""
_STILL_POSSIBLE = re.compile(
    r"(?:\b(?:can|could|may)\s+(?:i|we|you|it)\s+still|\b(?:is\s+it|isn'?t\s+it|is\s+it\s+not|it's|"
    # and "is" alone, as Portuguese and Spanish speakers ask: "Is possible to cancel …?"
    r"(?<![\w'])is(?=\s+possible\b))"
    r"\s+(?:still\s+)?"
    r"(?:pos+ib(?:le|el)|too\s+late)\s+(?:still\s+)?to|\bstill\s+(?:possible|able|time)\s+to|\btoo\s+late\s+to|"
    # "Can I cancel order 70046 after it's shipped?": whether the user may, asked
    # (not "or is it too late?", "or has it shipped?": its status asked with it)
    r"\b(?:can|may)\s+(?:i|we)(?=\s+\w+(?![^?？]*\bor\s+(?:is|has|was)\s+it\b)[^?？.!]*[?？]))"
    r"\s+(?P<en>[a-z]+)|"
    # whether a claim may still be filed: "去年十二月的一张出租车票，八十元，现在还能报吗？"
    r"还(?:能|可以|来得及)\s*(?P<claim>报销|报账|报|提交)(?=\s*(?:吗|么|不|嘛|[？?]))|"
    r"(?:还能不能|还可不可以|还(?:能|可以|来得及)|能不能|来不来得及|可不可以)\s*(?P<cn>[\u4e00-\u9fff]{2})|"
    # "订单 10086 能取消吗？", "订单30562能不能退？": whether it can be done at all
    # (and Wu's 阿好, read 能否, with its 个: "订单30562阿好取消个？")
    r"(?<![帮给替])(?:能|可以|能不能|能否)\s*(?P<cn2>取消|退货|退款|退)(?=个?(?:吗|么|不|[？?]))|"
    # "还取消得了么", "不是不能取消吧", "is it still cancellable?"
    r"(?P<cn3>取消|退货|退款|退)得(?:了|掉|成)(?=吗|么|不|嘛|[？?])|不是不能\s*(?P<cn4>取消|退)|"
    # the change named first, then whether it still may be: "现在取消还可以不？", Southwestern
    # 要得 (all right): "订单30517现在取消还要得不？"
    r"(?P<cn5>取消|退货|退款|退单)(?:的话)?\s*(?:还|现在|而今)?\s*(?:可以|行|来得及|要得|成|得行)"
    r"(?=不|吗|么|嘛|[？?])|"
    r"\b(?:still\s+)?(?P<adj>cancell?able|refundable)\b(?=[^.!。！]*[?？])",
    re.I,
)
"""A question whether a change can still be made ("can I still cancel 10093?", "订单10095还能
取消吗"): neither the change (it is asked about, not asked for) nor the thing's status,
which does not say what the business allows."""
_REASON_GIVEN = re.compile(
    r"(?:因为|由于|以便|\bbecause\b|\bcause\b|\bcoz\b|\bso\s+(?:that\s+)?(?:i|we)\s+can\b|"
    r"\b(?:need|want|have|got)\s+to\s+(?:check|compare|match|reconcile|square)\s+"
    r"(?:it|them|this|that|the\s+total)\s+(?:against|with|to)\b)[^。.!?！？]*",
    re.I,
)
"""Why the user asks, after "because" or 因为 ("…一共报销了多少钱因为财务说我的额度快用完了"),
or what for ("Need to check it against my per diem", "so I can tell my doctor"): the
reason, which may name a rule or a payment, is not the question."""
STILL_POSSIBLE = "not {intent}: the request asks whether a change ({words!r}) can still be made"
_STILL_ELIDED = re.compile(
    r"\b(?:can|could|may)\s+(?:i|we)\s+still\s*[?？]|\bstill\s+possible\s*[?？]|"
    r"\bis\s+it\s+too\s+late\s*[?？]",
    re.I,
)
"""The same question with its verb left out, after the change it asks about ("wanna cancel
41005 but idk if its already shipped, can i still?")."""
ALL_BUT = "not {intent}: the request asks for every one but the one it names ({words!r})"
_ALL_BUT = re.compile(
    # (not "除了这一笔，别的什么都不要记录": the others refused, this one asked for)
    r"除了[^，。,.；;]{0,16}[，,\s]*(?:其他|其余|其它|别的|剩下的)(?![^，。,.]{0,8}(?:不|别|无需))|"
    r"\b(?:all|every|everything|the\s+rest)\b[^.?!,;]{0,30}?\b(?:except|other\s+than|"
    r"apart\s+from)\b|\b(?:all|everything)\s+but\b",
    re.I,
)
"""All but one ("除了45120这一单，其他订单全部帮我取消", "cancel all my orders except 45120"):
the id named is the one to keep, and a write takes one thing at a time."""
MAYBE_DONE = "not {intent}: the request says the change may be made already ({words!r})"
_MAYBE_DONE = re.compile(
    r"\bunless\s+(?:i|we)(?:'ve|\s+have|\s+had)?\s+already\b|"
    r"\b(?:if|in\s+case)\s+(?:i|we)\s+(?:haven'?t|have\s+not|didn'?t)\s+already\b|"
    r"除非(?:我)?已经|(?:要是|如果)(?:我)?(?:还)?没(?:有)?(?:报|提交|交|记)过",
    re.I,
)
"""A write the user may have made already ("Submit the hotel bill, … unless I've already filed
it... I honestly can't remember"): made again it would be twice, so the run asks."""
NOT_YOURS = "not {intent}: the request says the thing is not this business's ({words!r})"
_NOT_YOURS = re.compile(
    r"\bnot\s+(?:yours|from\s+you|with\s+you|you\s+(?:lot|guys))\b|"
    r"\bfrom\s+them,?\s+not\s+(?:from\s+)?you\b|"
    r"不是(?:你们|您们|你们家|贵司)(?:的|这(?:里|儿|边)的?)|"
    r"不是在你们(?:这|那)(?:里|儿|边)?(?:买|下单|订)的|"
    # another shop's order named by its platform: "淘宝的订单敢会当查？"
    r"(?:淘宝|天猫|京东|拼多多|闲鱼|亚马逊|美团|饿了么)(?:上|里)?的?(?:订单|单子|快递)|"
    # an order placed at a business named by its trade: "cancel me order at the chandlery"
    r"\border\s+(?:at|from|with)\s+(?:the|my|our)\s+(?:local\s+)?(?:chandlery|chemist|pharmacy|"
    r"butcher'?s?|baker'?s|bakery|hardware\s+store|garden\s+cent(?:re|er)|bottle\s+shop|deli|"
    r"florist|supermarket|grocer'?s?|pub|restaurant|takeaway)\b",
    re.I,
)
"""The user saying the thing is another business's ("that one's my Tesco delivery, not
yours", "coming from them not you", "不是你们的订单"): nothing here reads or changes it."""
_IF_CHANGED = re.compile(
    # (and Jamaican "mi" for I: "If mi cancel 77170 mi get back mi money same time?", or
    # Guyanese "me": "If me cancel 44120 me get back me money?")
    r"\b(?:if|were)\s+(?:i|we|mi|me)\s+(?:(?:were\s+to|was\s+to|decide\s+to|do|did|go\s+ahead"
    r"\s+and|actually)\s+)?(?!should\b)(?P<en>[a-z]+)|"
    r"\b(?:considering|thinking\s+(?:about|of)|deciding|debating)\s+(?:whether\s+(?:or\s+not\s+)?"
    r"to\s+|if\s+i\s+should\s+)?(?P<en2>[a-z]+)|"
    # asked whether it can be done: "whether we could cancel orders after they ship"
    r"\bwhether\s+(?:i|we|you|u)\s+(?:can|could|should)\s+(?P<en3>[a-z]+)|"
    # and of the thing, in the passive: "whether order 48390 may still be cancelled"
    r"\bwhether\s+(?:[\w#-]+\s+){0,3}?(?:may|can|could|might)\s+(?:still\s+)?be\s+(?P<en7>[a-z]+)|"
    # weighed as a question of one's own: "Should I cancel 88307 or wait and see …?"
    r"\bshould\s+(?:i|we)\s+(?:just\s+|really\s+)?(?P<en4>[a-z]+)|"
    r"(?:要是|如果|假如|万一|假设|若是)我?(?:把[^，。,？?！!\s]{0,12})?(?P<cn>[\u4e00-\u9fff]{2,4})|"
    # weighed as "A not A": "订单50317取消不取消呢，我还没想好"
    r"(?P<cn2>[\u4e00-\u9fff]{2})不(?P=cn2)|"
    # whether it can still be done: "订单23517是不是能取消啊？俺再寻思寻思。"
    r"是不是(?:还)?(?:能|可以)(?P<cn5>[\u4e00-\u9fff]{2})|"
    # weighed as "if it were done": "订单 91504 取消的话会扣钱吗？"
    r"(?P<cn3>[\u4e00-\u9fff]{2})了?的话|"
    # "要不要取消", Cantonese "可唔可以cancel" (可不可以 once read), the verb in English
    r"要不要(?P<cn4>[\u4e00-\u9fff]{2})|可不可以\s*(?P<en6>[a-z]+)|"
    # wanted, but not decided: "Eventually I would like to cancel 55102, but I am not sure"
    r"\b(?:would\s+like|want|plan|intend|might|may)\s+(?:to\s+)?(?!(?:want|like|need)\b)"
    r"(?P<en5>[a-z]+)\b"
    r"(?=[^.?!]*\b(?:not\s+sure|(?:made|make)\s+up\s+my\s+mind|decided)\b)|"
    # "idk if i should cancel 81150 or not"
    r"\bif\s+(?:i|we)\s+should\s+(?P<en8>[a-z]+)",
    re.I,
)
"""A change the user only weighs ("if I cancel order 58830, money come back when?", "I am
considering whether to cancel order 71654", "订单66502要是取消了钱多久退回来"): a question
about what the change would do, which the read of the thing does not answer. Also whether
it can be made, asked for someone ("asked me whether we could cancel orders after they
ship"), and the change asked as "A not A" ("取消不取消呢，我还没想好")."""
IF_CHANGED = "not {intent}: the request asks what a change ({words!r}) would do"


def _if_changed(domain: Domain, read: IntentSpec, text: str) -> re.Match[str] | None:
    """The words weighing a change one of the domain's writes makes, or None.

    Only a change of a kind some write intent of the domain makes ("cancel" beside
    orders): "if I log in …" or "如果我明天到家" weigh nothing the domain would do.
    """
    kinds, own = _made_kinds(domain), frozenset(_write_cues(domain))
    for m in _IF_CHANGED.finditer(text):
        said = m[str(m.lastgroup)]  # each form has one group: the change word weighed
        if str(m.lastgroup).startswith("cn"):  # "开个工单": the change word after 如果
            words = [said[i:j] for i in range(len(said)) for j in range(i + 2, len(said) + 1)]
        else:
            # "if I cancelled order 55210": the past form weighs the verb
            words = [said, *(said[: -len(end)] for end in ("led", "ed", "d") if said.endswith(end))]
        if not any(change_kind(w) in kinds or w in own for w in words):
            continue
        # (what the user only tells beside it is no question: "Should I cancel order 78813 or
        # wait? Tracking is showing 5 more days for delivery")
        others = " ".join(
            c
            for at, c in clauses(text)
            if not at <= m.start() < at + len(c) and not _TOLD_STATUS.match(c)
        )
        if _WHERE_NOW.search(others) or _read_words(read).intersection(
            re.findall(r"[a-z]+", others.lower())
        ):
            return None  # "if I cancel 10086 later, where is it now?" asks where it is too
        return m
    return None


_TOLD_STATUS = re.compile(
    r"\s*(?:the\s+)?(?:tracking|tracker|app|website|site|courier|it)\s+(?:is\s+|was\s+)?"
    r"(?:showing|shows|says|said|showed)\b[^?？]*$",
    re.I,
)
"""A clause telling what the tracking shows, not asking it."""
_WHERE_NOW = re.compile(
    r"\b(?:where|status|shipped|posted|dispatched|delivered|arrived|track\w*)\b|"
    r"到哪|在哪|状态|物流|发货|到了|总额|合计|总共|一共|趋势|走势",
    re.I,
)
"""A question what the read shows, beside a change weighed ("…, whether it has been posted",
"…, what would my total be"): the read answers it, and the change is only the context."""
_GENERIC_WORDS = frozenset(
    {"show", "tell", "the", "user", "users", "one", "their", "of", "for", "a", "an", "is", "by"}
)


def _read_words(intent: IntentSpec) -> set[str]:
    """The words of the read intent's description that name what it shows ("total")."""
    return set(re.findall(r"[a-z]+", intent.description.lower())) - _GENERIC_WORDS


_NOT_LATEST = (
    r"(?!(?:latest|last|newest|recent|most|open|new|other|current|only|same|first|helpdesk|"
    r"support|it|this|that|one|any)\b)"
)
_NAMED_BY = re.compile(
    rf"\b(?:ticket|one)\s+(?:about|for|on|regarding|re)\s+(?:the\s+|my\s+|a\s+|an\s+)?"
    rf"(?!me\b|it\b|us\b){_NOT_LATEST}[a-z]+|"
    rf"\b(?:my|the)\s+{_NOT_LATEST}[a-z]+(?:\s+{_NOT_LATEST}[a-z]+)?\s+ticket\b|"
    rf"\bthe\s+{_NOT_LATEST}[a-z]+\s+one\b|"
    rf"\b(?:ticket|one)\s+(?:i|we)\s+(?:opened|filed|raised|logged|submitted|created|made)\s+"
    rf"(?:(?:on|around)\s+)?(?:yesterday|today|this\s+morning|last\s+(?!time\b)\w+|\w+day|"
    rf"[\w-]+\s+(?:day|week|month)s?\s+ago|(?:about|for|on|regarding)\s+(?:the\s+|my\s+|a\s+)?"
    rf"{_NOT_LATEST}[a-z]+)\b|"
    rf"\bticket\s+from\s+(?:yesterday|last\s+\w+|\w+day|[\w-]+\s+(?:day|week|month)s?\s+ago)\b|"
    rf"\b(?:opened|filed|raised|logged|submitted)\s+a\s+ticket\s+(?:yesterday|last\s+\w+|"
    rf"on\s+\w+day|[\w-]+\s+(?:day|week|month)s?\s+ago)\b|"
    r"(?:关于|有关)[\u4e00-\u9fff]{1,8}的工单|"
    r"(?:昨天|前天|上周[一二三四五六日天]?|[0-9一二两三四五六七八九十]+天前|周[一二三四五六日天])"
    r"(?:让你|叫你|帮我)?(?:提|开|报|建)的(?:那个)?工?单",
    re.I,
)
"""A thing named by its subject or its day ("the ticket I opened 2 days ago", "my printer
ticket", "关于打印机的工单"): a read that shows one by id or the latest does not know which
that is, so the run asks for its id. "my latest ticket" is the latest."""
_LATEST = re.compile(r"\b(?:latest|newest|most\s+recent|last\s+one)\b|最新|最近|上一个|上次", re.I)
_LATEST_REFUSED = re.compile(
    r"\bnot\s+(?:the|my)\s+(?:latest|newest|most\s+recent|last|new)\b"
    r"(?!\s+(?:\d|few|couple|two|three|seven|fourteen|thirty|week|month|day))|"
    r"不是(?:我?(?:最新|最近|刚开|新开|刚提|上次))",
    re.I,
)
"""The latest refused ("不是最新那个，是前头那个", "not my latest ticket, the one before"):
a read with no id would show the very one the user said it is not, so the run asks."""
LATEST_REFUSED = "not {intent}: {words!r} says the one meant is not the latest, and no id is given"
NAMED_BY = "not {intent}: {words!r} names one by its subject or day, not by its id or as the latest"
_BREAKDOWN = re.compile(
    r"\bbreak\s*(?:it\s+|them\s+)?down\b|\bbreakdown\b|\b(?:by|per|for\s+each|each)\s+"
    r"(?:category|categories|type|kind|claim|item|month|week|day|merchant)\b|\bitemi[sz]ed?\b|"
    r"按(?:类别|类型|分类|月|周|天|每)|分(?:类|别)(?:统计|汇总|列出|看)|明细|每一笔|逐笔|各类|"
    r"\bon\s+\w+(?:\s+\w+)?\s+alone\b|\b(?:just|only)\s+(?:on|for)\s+(?!(?:the|this|last|past|my)\b)\w+|"
    r"\bon\s+(?:just|only)\s+(?!(?:the|this|last|past|my)\b)\w+|"
    r"\b(?:just|only)\s+(?:my\s+|the\s+)?(?!(?:the|this|last|past|my|own|total|recent)\b)[a-z]+"
    r"\s+(?:expenses|claims|costs|spending|receipts|bills)\b|"
    r"\b(?:spen[dt]|spending|claimed|paid|put)\s+(?:[a-z]+\s+){0,2}?on\s+(?:taxis?|cabs?|rides?|"
    r"hotels?|lodging|meals?|food|dinners?|lunch(?:es)?|breakfasts?|flights?|travel)\b|"
    r"(?:打车|出租车|酒店|住宿|餐饮|吃饭)(?:上|方面)?(?:一共|总共)?(?:花|报)了?(?:多少|几)|"
    r"光是|单是|单单|只算|仅算|光[\u4e00-\u9fff]{1,3}(?:就|一项)|"
    # a part left out, or one job or project's share: "but without the hotel", "just the
    # Orbital job", "不算酒店", "除了住宿"
    r"\b(?:without|except(?:\s+for)?|minus|leaving\s+out)\s+(?:the|my)\s+[a-z]+|"
    # "but not counting the hotel claims", "别把酒店算进去"
    r"\bnot\s+(?:counting|including)\s+(?:the\s+|my\s+|any\s+)?[a-z]+|"
    r"(?:别|不要|不用)把[\u4e00-\u9fff]{1,4}(?:算进去|算上|算在内|加进去|加上)|"
    r"\bexcluding\s+(?:the\s+|my\s+)?[a-z]+|"
    r"\b(?:just|only)\s+the\s+[A-Za-z]+\s+(?:job|project|client|account|trip)\b|"
    r"不算(?!了)[\u4e00-\u9fff]{1,4}|除了[\u4e00-\u9fff]{1,4}(?:以外|之外)?",
    re.I,
)
"""A total asked for per group or item ("split by category", "按类别汇总", "明细"), or for
one named part of it ("on meals alone", "only on hotels", "光吃饭就花了多少"): a total intent
gives one number for a period, not its parts; nor for one kind of them ("only my meal
expenses")."""
_TOTAL = re.compile(r"\btotal\b|合计|总额|总计|总共", re.I)
_ONE_ITEM = re.compile(
    r"\b(?:biggest|largest|smallest|most\s+expensive|cheapest|priciest|single)\s+"
    r"(?:(?:single|one|individual)\s+)?(?:claim|expense|item|purchase|receipt|bill|charge|one)s?\b|"
    r"最大的?一笔|最贵的?一笔|最小的?一笔|最便宜的?一笔|单笔最|最大一笔|哪一笔最",
    re.I,
)
"""One item's figure ("the largest expense I filed", "my cheapest claim", "最贵的一笔报销"):
a total intent sums a period, it does not pick one of its items."""
_SINCE = re.compile(r"\bago\b|\bsince\b|前(?!天)|以来", re.I)
"""A date that starts a span ("2 weeks ago", "两周前"), not one day's things."""
ONE_DAY = (
    "not {intent}: the request asks about one day ({words!r}), and {intent} shows a period of days"
)
KNOWLEDGE = "not {intent}: the request asks about the subject ({words!r}), not the user's records"
FORECAST = "not {intent}: the request asks what is to come ({words!r}), not what was recorded"
POLICY = (
    "not {intent}: the request asks about rules or payments ({words!r}), which it does not show"
)
BREAKDOWN = "not {intent}: the request asks for parts ({words!r}) of what it shows as one total"
ONE_ITEM = "not {intent}: the request asks for one item ({words!r}), not a period's total"


ORDINAL = "not {intent}: {words!r} names one thing by its place in a list, not by its id"
_ON_LIST = re.compile(r"\b(?:on|in)\s+(?:my|the)\s+list\b|列表(?:里|中|上)", re.I)
"""A place asked of the list itself ("the 3rd order on my list"): the list answers it."""
_PAGE = re.compile(r"\s*(?:页|pages?\b)|(?:page|p\.)\s*$", re.I)


def _used_spans(decision: Decision) -> list[tuple[int, int]]:
    """The spans of the request its slots' evidence took."""
    return [(ev["start"], ev["end"]) for ev in decision.evidence.values() if ev and "start" in ev]


def _unused_ordinal(text: str, decision: Decision) -> Role | None:
    """A place in a list no slot took ("order 3 of 5", "the 2nd one", "第2个工单"), or None.

    Which thing is third depends on an order the user sees and the tools do not: a read
    shows the list or its latest instead of the one meant, so the run asks for its id. A
    page of a list ("第3页", "page 2") is the list's own.
    """
    used = _used_spans(decision)
    roles = number_roles(text)
    named = any(ev and ev.get("kind") == "id" for ev in decision.evidence.values())
    if named or any(r.kind == "id" for r in roles) or _ON_LIST.search(text):
        return None  # "the 2nd one I opened, T-3": the id says which
    for role in roles:
        if role.kind != "ordinal" or any(s < role.end and role.start < e for s, e in used):
            continue
        if _PAGE.match(text, role.end) or _PAGE.search(text[: role.start]):
            continue
        return role
    return None


_BARE_ID = re.compile(r"(?!(?:19|20)\d\d$)\d{4,}")
"""A whole number of four digits or more that is no year: "我的 xyz 10087 到哪了" names a
thing by it even when the word before it is one the router does not know."""


EITHER_ID = "not {intent}: the request names two ids as one ({words!r}); it takes one"


def _existing_thing(intent: IntentSpec, text: str, decision: Decision) -> re.Match[str] | None:
    """An existing thing's id beside a write the classifier chose that takes no id, or None.

    "I want to report that my keyboard is broken. Actually, is ticket T-88 about that
    already? Just check T-88." names ticket T-88: a new ticket is not what the words about
    it ask, and the classifier's guess at a write that takes no id must not make one.
    Rules decide their own ids (a rule's write is left as it is).
    """
    if decision.source == "rule" or any(n.endswith("_id") for n in intent.slots_model.model_fields):
        return None
    for at, clause in clauses(text):
        m = _PREFIXED_ID.search(clause)
        if m is not None and (read_command(clause.strip()) or asks_for_information(clause)):
            return _PREFIXED_ID.search(text, at)  # asked about: "Just check T-88."
    return None


def _slot_in(decision: Decision, m: re.Match[str]) -> bool:
    """Whether a slot of the decision took its value from inside the match."""
    return any(
        ev is not None and "start" in ev and m.start() <= ev["start"] < m.end()
        for ev in decision.evidence.values()
    )


def _unused_id(text: str, intent: IntentSpec, decision: Decision) -> Role | None:
    """An id the request names that the read's id slot did not take, or None.

    "where's my parcel 10093?" asked of a helpdesk whose ids look like "T-4": the number is
    an id of a thing the intent does not look up, and a read with its id slot empty shows
    the latest of its own things instead of the one meant, so the run asks. A long bare
    number counts too (`_BARE_ID`): what it numbers may be a word the router cannot read.
    """
    ids = [name for name in intent.slots_model.model_fields if name.endswith("_id")]
    if not ids or any(decision.slots.get(name) is not None for name in ids):
        return None
    used = _used_spans(decision)
    for role in number_roles(text):
        if (role.kind == "id" or _BARE_ID.fullmatch(role.text)) and not any(
            s < role.end and role.start < e for s, e in used
        ):
            return role
    return None


def _withdrawn(
    domain: Domain, text: str, today: date, decision: Decision, *, said: bool = True
) -> Decision:
    """The route withdrawn when what the request asks about is not the user's own records.

    Checked on every route of an intent declared for the two-stage router: someone else's
    things (`_OTHERS`) or another business's (`_NOT_YOURS`), whatever the intent; for a
    write, all but the one named (`_ALL_BUT`), a change that may be made already
    (`_MAYBE_DONE`) and whether a cancel can still be made (`_STILL_POSSIBLE`); and, for a
    read, a question about the subject
    (`_KNOWLEDGE`), about what is to come (`_FORECAST`), about rules or payments
    (`_POLICY`), for the parts of a total (`_BREAKDOWN`) or for one of its items
    (`_ONE_ITEM`); and a choice the request leaves to the assistant (`_LEFT_OPEN`), whatever
    the intent. Each is asked about: the domain's clarifying question says what it does.
    A read whose required slot the request does not say is asked about too (`_unsaid`),
    unless `said` is False: one side of a joined request still names its intent.
    """
    if decision.action != "route" or decision.intent is None:
        return decision
    intent = domain.intent(decision.intent)
    if not _guarded(intent):
        return decision
    # A write for someone else asks, unless the intent's own examples make one for them
    # ("email my weekly report to my boss").
    for_others = domain.writes(intent.name) and not any(
        _FOR_OTHERS.search(e) for e in intent.examples
    )
    things = _thing_words(domain)
    if (m := _others(text, decision, writes=for_others, things=things)) is not None:
        words = m.group().strip()
        return _unrouted(domain, decision, SOMEONE_ELSES.format(intent=intent.name, words=words))
    if (m := _LEFT_OPEN.search(text)) is not None and not _chosen_after(text, m, decision):
        return _unrouted(domain, decision, LEFT_OPEN.format(intent=intent.name, words=m.group()))
    if (m := _NOT_YOURS.search(text)) is not None:
        return _unrouted(domain, decision, NOT_YOURS.format(intent=intent.name, words=m.group()))
    if domain.writes(intent.name):
        if (named := _existing_thing(intent, text, decision)) is not None:
            why = UNUSED_VALUE.format(intent=intent.name, value=named.group(), kind="thing's id")
            return _unrouted(domain, decision, why)
        if (m := _ALL_BUT.search(text)) is not None:
            return _unrouted(domain, decision, ALL_BUT.format(intent=intent.name, words=m.group()))
        if (m := _MAYBE_DONE.search(text)) is not None:
            why = MAYBE_DONE.format(intent=intent.name, words=m.group())
            return _unrouted(domain, decision, why)
        # beside the wish for it: "我想退掉，这种已签收的还能取消吗？" asks first
        if (m := _STILL_POSSIBLE.search(text)) is not None and (
            m.lastgroup == "claim"
            or change_kind((m[m.lastgroup] if m.lastgroup else "") or "") in ("cancel", "return")
        ):
            why = STILL_POSSIBLE.format(intent=intent.name, words=m.group())
            return _unrouted(domain, decision, why)
        if (m := _STILL_ELIDED.search(text)) is not None:
            why = STILL_POSSIBLE.format(intent=intent.name, words=m.group())
            return _unrouted(domain, decision, why)
        if (m := _KIND_ASKED.search(text)) is not None:
            return _unrouted(
                domain, decision, CAPABILITIES.format(intent=intent.name, words=m.group())
            )
        return decision
    if (place := _unused_ordinal(text, decision)) is not None:
        return _unrouted(domain, decision, ORDINAL.format(intent=intent.name, words=place.text))
    if (other := _unused_id(text, intent, decision)) is not None:
        why = UNUSED_VALUE.format(intent=intent.name, value=other.text, kind="thing's id")
        return _unrouted(domain, decision, why)
    if (
        (m := EITHER_IDS.search(text)) is not None
        and _slot_in(decision, m)
        and not named_again(text, m)
    ):
        # "T-5 or T-15, I am not remember": either may not be the one meant
        return _unrouted(domain, decision, EITHER_ID.format(intent=intent.name, words=m.group()))
    if (m := _NAMED_BY.search(text)) is not None and _by_id_or_latest(intent, decision, text):
        return _unrouted(domain, decision, NAMED_BY.format(intent=intent.name, words=m.group()))
    if (m := _LATEST_REFUSED.search(text)) is not None and _id_unset(intent, decision):
        why = LATEST_REFUSED.format(intent=intent.name, words=m.group())
        return _unrouted(domain, decision, why)
    # (a verb read after "can I still" must be a change; the other forms name one)
    # ("还能退不": the verb read as 退不, a return as 退 begins it)
    if (m := _STILL_POSSIBLE.search(text)) is not None and (
        not (verb := m["en"] or m["cn"]) or change_kind(verb) or verb.startswith(("退", "撤"))
    ):
        why = STILL_POSSIBLE.format(intent=intent.name, words=m.group())
        return _unrouted(domain, decision, why)
    if (m := _if_changed(domain, intent, text)) is not None:
        return _unrouted(domain, decision, IF_CHANGED.format(intent=intent.name, words=m.group()))
    for pattern, why in (
        (_KNOWLEDGE, KNOWLEDGE),
        (_FORECAST, FORECAST),
        (_POLICY, POLICY),
        (_CAPABILITIES, CAPABILITIES),
        (_HOW_TO, HOW_TO),
    ):
        asked = _REASON_GIVEN.sub(lambda r: " " * len(r.group()), text)
        if (
            (m := pattern.search(asked)) is not None
            and not _vouches(intent, m.group())
            and not (pattern is _HOW_TO and _ASKED_INSTEAD.search(asked, m.end()))
        ):
            return _unrouted(domain, decision, why.format(intent=intent.name, words=m.group()))
    if _TOTAL.search(intent.description):
        for pattern, why in ((_BREAKDOWN, BREAKDOWN), (_ONE_ITEM, ONE_ITEM)):
            # (parts refused: "仅需总额，不必列示明细", "no need to itemise")
            found = (m for m in pattern.finditer(text) if not negated(text, m.start()))
            if (m := next(found, None)) is not None:
                return _unrouted(domain, decision, why.format(intent=intent.name, words=m.group()))
    if (
        "period" in intent.slots_model.model_fields
        and decision.evidence.get("period") is None
        and (day := find_date(text, today)) is not None
        and not _SINCE.search(day.text)
    ):
        return _unrouted(domain, decision, ONE_DAY.format(intent=intent.name, words=day.text))
    return _unsaid(intent, text, decision) if said else decision


def _by_id_or_latest(intent: IntentSpec, decision: Decision, text: str) -> bool:
    """Whether the read shows the latest of its things because no id and no "latest" was said.

    Its id slot is optional (None shows the latest), empty, and no word asks for the latest.
    """
    return _id_unset(intent, decision) and not _LATEST.search(text)


def _id_unset(intent: IntentSpec, decision: Decision) -> bool:
    """Whether the read's optional id slot is empty, so it shows the latest of its things."""
    ids = [
        name
        for name, info in intent.slots_model.model_fields.items()
        if name.endswith("_id") and not info.is_required()
    ]
    return bool(ids) and all(decision.slots.get(name) is None for name in ids)


def _unsaid(intent: IntentSpec, text: str, decision: Decision) -> Decision:
    """A read route asked about when a slot its slots model requires has no words behind it.

    The same rule as a write's (`_needs_evidence`): a default is no evidence unless the
    intent declares the slot `assumed`. "show my bp trend" and "what's my total?" name no
    period, and a period is one of 7, 14 or 30 days, so the run asks which rather than
    showing the window code would pick; "this month" is a calendar window, not a number of
    days, and is asked about as a write's is.
    """
    if (
        decision.action != "route"
        or (problem := _evidence_problem(intent, text, decision.evidence)) is None
    ):
        return decision
    name = problem.partition(":")[0]
    field = intent.slots_model.model_fields.get(name)
    choices = get_args(field.annotation) if field is not None else ()
    missing = problem == MISSING_EVIDENCE.format(slot=name)
    if missing and choices and all(isinstance(c, str) for c in choices):
        problem += SAY_WHICH.format(choices=", ".join(choices))
    return replace(decision, action="invalid", slots={}, detail=problem)


def _decide_offline(domain: Domain, text: str, today: date, *, said: bool = True) -> Decision:
    decision, refused = by_rules(domain, text, today)
    ranking = None
    if _ranking_needed(domain, text, decision):
        ranking = _lexical_ranking(domain, text)
    combined = _combine(domain, text, today, decision, refused, ranking)
    return _withdrawn(domain, text, today, combined, said=said)


def _read_as(domain: Domain, text: str) -> str:
    """The request as both routers read it.

    With its emoji as spaces (`pictographs`, but those naming a claim's category: "🚕"),
    in lower case when typed in capitals (`shouted`: "SAVE 145/92"), with a scan's misread
    digits as digits (`scanned_numbers`: "1OO86"), without the
    hesitations of speech (`fillers`: "um", "uh", 嗯), the greetings and
    past thanks around a request (`pleasantries`: "happy Sunday!") and its references to
    earlier ones (`as_before`: "like yesterday's", 跟上次一样), regional English in
    standard words (`dialect`: Scots "dinnae" is "don't"), toneless pinyin in
    characters (`pinyin`: "bao xiao" is "报销" where the domain says
    so), in simplified characters and Mandarin words ("尋日" is "昨天", "唔使" is "不用"), with
    "would you mind filing…" as "…file…" (`courteous`), spoken numbers in digits
    (`numerals`: "一零零九二" is 10092; `spoken_numbers`: "one three four over eight six"
    is 134 over 86), and with each value or change it takes back gone
    ("no wait, it was 132/85": `corrected`; "cancel it… no wait, just text me": `retracted`),
    so no rule of either router sees what was dropped.
    """
    read = dialect(pinyin(fillers(scanned_numbers(shouted(pictographs(text)))), domain.pinyin))
    read = decimal_commas(numerals(vernacular(simplified(read))))
    read = spoken_numbers(as_before(pleasantries(read)))
    read = spoken_cents(tagalog_affixes(restated_numbers(read)))
    return retracted(corrected(courteous(topic_first(letter_frame(done_items(read))))))


def decide_offline(domain: Domain, text: str, today: date) -> Decision:
    """Rules, then the lexical classifier: the router with no model (the eval runs this).

    The request is read in simplified characters (`simplified`): a traditional one asks
    for the same thing; a value it corrects ("no wait, it was 132/85") is read as
    corrected (`corrected`).
    """
    typed, text = text, _read_as(domain, text)
    decision = _two_requests(domain, text, today, _decide_offline(domain, text, today))
    for intent, blanked in _checked_conditions(domain, text, decision):
        own = _two_requests(domain, blanked, today, _decide_offline(domain, blanked, today))
        decision = _checked_kept(decision, own, intent)
    if decision.action != "route" and (tail := _narrowed_to(text)) is not None:
        narrowed = _two_requests(domain, tail, today, _decide_offline(domain, tail, today))
        decision = _narrowing_kept(domain, decision, narrowed)
    if decision.action != "route" and (ask := _story_told(domain, text, today, decision)):
        decision = _story_kept(domain, decision, _decide_offline(domain, ask, today))
    if decision.action == "route":
        return _as_typed(_misspelt_write(domain, text, today, decision) or decision, typed, text)
    fixed, changed = respell(domain, text)
    if not changed:
        return _as_typed(decision, typed, text)
    return _respelled(domain, decision, _decide_offline(domain, fixed, today), fixed, changed)


def _checked_conditions(domain: Domain, text: str, decision: Decision) -> list[tuple[str, str]]:
    """Each write intent whose own condition the request states, with that condition blanked.

    "if it hasn't shipped yet, cancel order 10086" is not routed as typed (a conditional
    change asks for nothing now), but its condition is one `cancel_order` checks itself
    (`IntentSpec.checked_conditions`): the request is decided again without it. Only a
    request not routed to a write is: one that reads first ("is it shipped? if not, cancel
    it", "先查一下10087到哪了，如果还没发货再取消") asks for two things once the condition
    goes, and stays as it was.
    """
    if decision.action == "route" and domain.writes(str(decision.intent)):
        return []
    out: list[tuple[str, str]] = []
    for intent in domain.intents:
        if intent.checked_conditions and domain.writes(intent.name):
            blanked = checked_condition(text, intent.checked_conditions)
            if blanked is None or (decision.action == "route" and asks_for_information(blanked)):
                continue
            out.append((intent.name, blanked))
    return out


def _checked_kept(decision: Decision, own: Decision, intent: str) -> Decision:
    """The decision without the condition where it routes the intent that checks it.

    "if it hasn't shipped, text me the status" states cancel_order's condition, but the
    text is no cancellation: a notification under a condition still asks for nothing now.
    """
    if own.action != "route" or own.intent != intent:
        return decision
    return replace(own, detail=f"{own.detail} (its condition is one {intent} checks itself)")


def _narrowed_to(text: str) -> str | None:
    """The request with all before its last narrowing blanked (offsets kept), or None.

    "Show me my orders, then my blood pressure, then... ok, just my blood pressure over 14
    days", "Is there a limit on hotel claims? … Never mind, just show the total of my
    claims for the last 7 days" and "帮我开个工单，顺便查一下T-45……算了，只查T-45" ask
    several things, then narrow to one (`NARROWING`): what follows is the request. Both
    routers decide it alone when the whole message routes nowhere; a narrowed part that
    routes nowhere either leaves the first decision standing. None without a narrowing
    that has words before it.
    """
    found = [m for m in NARROWING.finditer(text) if text[: m.start()].strip()]
    if not found or not text[found[-1].end() :].strip(" ,.;:!?，。；：！？…"):
        return None
    return " " * found[-1].end() + text[found[-1].end() :]


def _narrowing_kept(domain: Domain, whole: Decision, narrowed: Decision) -> Decision:
    """The narrowed part's decision where it may stand for the whole message, else the whole's.

    A read it routes stands. A write stands only where the whole was refused as several
    requests in one ("file the taxi and the hotel… actually just the taxi, 64 CNY
    yesterday"): a write refused for a reason of its own (someone else's reading, a change
    only weighed) stays refused, whatever the words after "just" say on their own.
    """
    if narrowed.action != "route" or narrowed.intent is None:
        return whole
    several = TWO_REQUESTS.split("{", 1)[0]  # the detail's fixed opening words
    if domain.writes(narrowed.intent) and not whole.detail.startswith(several):
        return whole
    return narrowed


_STORY_END = re.compile(
    r"[.!?。！？\n]+(?=\s*\S)|"
    r",?\s+so\s+(?=(?:i|we|can|could|would|please|pls|plz)\b)|"
    r"[，,]\s*(?:所以|因此|那就|就想)|"
    r"的时候[^，。！？,]*[，,]",
    re.I,
)
"""Where what happened ends and the ask begins: a sentence's end, ", so I …", "，所以",
or a "…的时候…，" clause of when something happened."""


def _write_values(domain: Domain, text: str, today: date) -> bool:
    """Whether the words give a write intent a value it needs ("lunch 14,90 EUR", "150/95").

    A story with such a value may be an entry line or someone else's reading: it is no
    background to set aside.
    """
    for intent in domain.intents:
        if not domain.writes(intent.name) or not (needed := _needs_evidence(intent)):
            continue
        try:
            _, evidence = split_found(_fill(intent, text, today))
        except SlotError:
            continue
        # (free text, a category word or a window is no such value: "Accounting says I'm
        # over budget", "My doctor changed my dose last week")
        said = (evidence.get(name) for name in needed)
        if any(ev and ev.get("kind") not in ("text", "enum", "period", "date") for ev in said):
            return True
    return False


def _story_told(domain: Domain, text: str, today: date, decision: Decision) -> str | None:
    """The ask after the story told before it, the story blanked (offsets kept), or None.

    "Accounting says I'm over budget, so I want to see what I've claimed in the last 14
    days", "I changed my meds two weeks ago and want to know if it's working. Can you show
    me the last 14 days?", "刚才生成报表的时候电脑死机了，任务J-27现在完成了吗？": people say
    why before what, and the why's words (budget, meds, 生成) blur what is asked. Only a
    story that asks nothing itself (no question, no read, no change) is set aside, only at
    its last end, and never from a message refused as two requests.
    """
    if decision.detail.startswith(TWO_REQUESTS.split("{", 1)[0]):
        return None
    ends = [m.end() for m in _STORY_END.finditer(text)]
    if not ends or not text[ends[-1] :].strip(" ,.;:!?，。；：！？…"):
        return None
    story = text[: ends[-1]]
    # (a change named in what went wrong is told, no ask: "生成报表的时候电脑死机了",
    # `unasked_clauses`, which `change_cue` reads)
    if asks_for_information(story) or _write_values(domain, story, today):
        return None
    if change_cue(story, _write_cues(domain)) is not None:
        return None
    return " " * ends[-1] + text[ends[-1] :]


def _story_kept(domain: Domain, whole: Decision, ask: Decision) -> Decision:
    """The ask's decision where it is a read it routes on its own words; else the whole's.

    A write is never routed from the ask alone: the story may hold what makes it no
    request of the user's (someone else's reading, a change already made). Nor is a read
    the classifier only guessed with nothing of the ask to show for it ("What do you
    think?" after a doubt told): a rule chose it, or its slots have words.
    """
    if ask.action != "route" or ask.intent is None or domain.writes(ask.intent):
        return whole
    if ask.source != "rule" and not any(ask.evidence.values()):
        return whole
    return replace(ask, detail=f"{ask.detail} (the story before the ask set aside)")


def _as_typed(decision: Decision, typed: str, read: str) -> Decision:
    """The decision with its free-text slots in the words the user typed.

    The rules read the request respelt (`_read_as`: simplified characters, standard
    Mandarin), but a ticket's summary is the user's own words: "公司手機收唔到短信" stays so,
    not "公司手机收不到短信". Most respelling keeps every offset, so each span reads the same
    stretch of the request as typed. Regional English words a letter longer ("da" read as
    "the") do not: the span is found again by aligning the two (`_typed_span`). A span
    respelt otherwise (pinyin read as characters) is left as read.
    """
    if typed == read:
        return decision
    slots, evidence = dict(decision.slots), dict(decision.evidence)
    for name, said in decision.evidence.items():
        if (
            not said
            or said.get("kind") != "text"
            or read[said["start"] : said["end"]] != said["text"]
        ):
            continue
        span = (
            (said["start"], said["end"])
            if len(typed) == len(read)
            else _typed_span(typed, read, said["start"], said["end"])
        )
        if span is None:
            continue
        words = typed[span[0] : span[1]]
        evidence[name] = {**said, "text": words}
        if slots.get(name) == said["text"]:
            slots[name] = words
    return replace(decision, slots=slots, evidence=evidence)


def _typed_span(typed: str, read: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the read span `start:end` was typed, when only English words were respelt in it.

    The two texts are aligned; every stretch that differs inside the span must be English
    on both sides ("da" typed, "the" read), else None: pinyin read as characters keeps
    the characters, as a span of the same length does.
    """
    lo: int | None = None
    hi: int | None = None
    matcher = difflib.SequenceMatcher(None, read, typed, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if i2 <= start or i1 >= end:
            continue
        if tag == "equal":
            lo = j1 + max(0, start - i1) if lo is None else lo
            hi = j1 + (min(end, i2) - i1)
            continue
        if not (read[i1:i2] + typed[j1:j2]).isascii():
            return None
        lo = j1 if lo is None else lo
        hi = j2
    return None if lo is None or hi is None else (lo, hi)


def _structured_model(spec: str | BaseChatModel) -> BaseChatModel | None:
    """The run's chat model when it can do structured output; None for offline and scripted.

    The built-in offline model (and the scripted ones built on it) only plans tool calls
    from the task block: it is not a classifier, so those runs use the lexical one.
    """
    if isinstance(spec, str) and (spec.strip() == "offline" or spec.startswith("scripted:")):
        return None
    model = load_chat_model(spec)
    return None if isinstance(model, OfflineChatModel) else model


async def decide(domain: Domain, text: str, today: date, model: str | BaseChatModel) -> Decision:
    """Rules, then the chat model's structured output (or the lexical classifier).

    A request not routed as typed is decided again with its misspellings read as the
    domain's own words (`respell`), as `decide_offline` does, and in simplified
    characters, with each value it corrects taken back (`corrected`).
    """
    typed, text = text, _read_as(domain, text)
    decision = _two_requests(domain, text, today, await _decide(domain, text, today, model))
    for intent, blanked in _checked_conditions(domain, text, decision):
        own = _two_requests(domain, blanked, today, await _decide(domain, blanked, today, model))
        decision = _checked_kept(decision, own, intent)
    if decision.action != "route" and (tail := _narrowed_to(text)) is not None:
        narrowed = await _decide(domain, tail, today, model)
        narrowed = _two_requests(domain, tail, today, narrowed)
        decision = _narrowing_kept(domain, decision, narrowed)
    if decision.action != "route" and (ask := _story_told(domain, text, today, decision)):
        decision = _story_kept(domain, decision, await _decide(domain, ask, today, model))
    if decision.action == "route":
        return _as_typed(_misspelt_write(domain, text, today, decision) or decision, typed, text)
    fixed, changed = respell(domain, text)
    if not changed:
        return _as_typed(decision, typed, text)
    second = await _decide(domain, fixed, today, model)
    return _respelled(domain, decision, second, fixed, changed)


async def _decide(domain: Domain, text: str, today: date, model: str | BaseChatModel) -> Decision:
    decision, refused = by_rules(domain, text, today)
    if not _ranking_needed(domain, text, decision):
        return _withdrawn(
            domain, text, today, _combine(domain, text, today, decision, refused, None)
        )
    ranking: Ranking | None = None
    try:
        chat = _structured_model(model)
        if chat is not None:
            ranking = await model_ranking(chat, domain, text)
    except GraphBubbleUp:
        raise  # an interrupt raised inside a model wrapper must reach LangGraph
    except Exception as exc:  # a model that cannot classify: fall back, and say so
        error = f"{type(exc).__name__}: {exc}"[:200]
        ranking = replace(_lexical_ranking(domain, text), detail=MODEL_FAILED.format(error=error))
    if ranking is None:
        ranking = _lexical_ranking(domain, text)
    return _withdrawn(
        domain, text, today, _combine(domain, text, today, decision, refused, ranking)
    )


def _request(state: State) -> str:
    for message in reversed(state.messages):
        if isinstance(message, HumanMessage):
            return message.text.strip()
    return ""


def _clarification(value: Any, names: list[str]) -> tuple[str, str] | str:
    """What a person answered to the clarifying question, or an error text for them.

    ("intent", name), ("request", rephrased text), ("approve", "") for the best guess, or
    ("abort", "").
    """
    if isinstance(value, str):
        value = {"action": value} if value in ("abort", "reject", "approve") else {"request": value}
    if not isinstance(value, dict):
        return BAD_CLARIFICATION.replace("{names}", str(names)).replace("{got}", repr(value)[:80])
    action = value.get("action")
    nested = value.get("args")
    args: dict[str, Any] = nested if isinstance(nested, dict) else value
    if action in ("abort", "reject"):
        return "abort", ""
    if isinstance(args.get("intent"), str) and args["intent"] in names:
        return "intent", str(args["intent"])
    if isinstance(args.get("request"), str) and args["request"].strip():
        return "request", str(args["request"]).strip()
    if action == "approve" and names:
        return "approve", ""
    return BAD_CLARIFICATION.replace("{names}", str(names)).replace("{got}", repr(value)[:80])


async def _ask_a_person(
    domain: Domain, request: str, decision: Decision, model: str | BaseChatModel
) -> Decision:
    """Interrupt with the clarifying question until a person picks, rephrases or aborts.

    `interrupt()` re-runs the router from its top on resume, so everything before it is a
    pure function of the state, except a chat model's ranking, which is asked again.
    """
    names = [i.name for i in domain.intents]
    error: str | None = None
    while True:
        guesses = [n for n, _ in decision.candidates if n is not None]
        payload = {
            "reason": "unknown_intent",
            "detail": decision.detail,
            "question": decision.question,
            "request": request,
            "candidates": [{"intent": n, "p": round(p, 3)} for n, p in decision.candidates[:3]],
            "intents": {i.name: i.description for i in domain.intents},
            "options": ["intent", "request", "approve", "abort"],
            "call": None,
        }
        answer = _clarification(interrupt(payload | ({"error": error} if error else {})), names)
        if isinstance(answer, str):
            error = answer
            continue
        kind, value = answer
        if kind == "abort":
            return replace(decision, action="abort", source="human", detail="aborted by a person")
        if kind == "approve":
            if not guesses:
                error = "there is no best guess to approve; name the intent"
                continue
            kind, value = "intent", guesses[0]
        if kind == "intent":
            return decide_for(domain, value, request, date.today())
        again = await decide(domain, value, date.today(), model)
        if again.action != "clarify":
            return again
        decision, error = again, None


async def router(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Start a new task on the thread: pick the intent, compute and check its slots.

    A thread is a conversation, so every new request resets the task's checklist, counters
    and budgets while the message history stays.
    """
    domain = load_domain(runtime.context.domain)
    request = _request(state)
    decision = await decide(domain, request, date.today(), runtime.context.model)
    if decision.action == "clarify" and runtime.context.human_review:
        decision = await _ask_a_person(domain, request, decision, runtime.context.model)
    usage = new_usage()
    usage["tokens"] = decision.tokens
    update: dict[str, Any] = {
        "task_seq": state.task_seq + 1,
        "request": request,
        "intent": decision.intent,
        "slots": {},
        "route": decision.record(),
        "offered_tools": [],
        "widened": False,
        "checklist": {},
        "evidence": {},
        "fingerprints": {},
        "archived_filter": b"",
        "strikes": {},
        "calls": [],
        "pending": [],
        "results": [],
        "branches": [],
        "usage": usage,
        "stall_rounds": 0,
        "status": "running",
        "stop_reason": None,
        "answer": None,
        "card": None,
    }
    if decision.action == "route" and decision.intent is not None:
        intent = domain.intent(decision.intent)
        return update | {
            "slots": decision.slots,
            "checklist": {step.name: False for step in intent.steps},
            "verdict": {
                "node": "router",
                "action": "route",
                "reason": None,
                "detail": decision.detail,
            },
        }
    reason = {"invalid": "invalid_slots", "abort": "human_aborted"}.get(
        decision.action, "unknown_intent"
    )
    return update | {
        "verdict": {
            "node": "router",
            "action": "stop",
            "reason": reason,
            "detail": decision.detail,
        },
    }

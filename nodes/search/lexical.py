"""Lexical tool search: BM25 over a tool's name, namespace, description and arguments.

The loader ranks a large registry with this before the model sees anything, so it must be
fast (a fraction of a millisecond per request at 1,000 tools), deterministic, and work with
no network and no model download. Lexical matching is enough when tool descriptions use the
words users use; it is also explainable: a tool is offered because it shares rare words with
the request.

Why a hand-written index rather than a library: `rank-bm25` scores every document per query
term in a Python loop and `bm25s` needs numpy and scipy; with the same tokens and the same
formula they rank identically, and this inverted index only touches the documents that
share a term with the request (docs/search.md has the measurement).

Tokens: English words (lower-cased, snake_case and camelCase split, a light suffix stemmer,
a few stop words, never the prefix of an id such as `SO-43319`) and Chinese as overlapping
character bigrams, so `退款` in a request meets `退款` in a description without a segmenter
or a dictionary. A request is expanded with the API words its phrases mean
(`nodes.search.thesaurus`) before it is scored.

Beyond plain BM25, two things read the `{namespace}_{verb}_{object}` shape of tool names:
the words naming an object are evened out across the tools acting on it (`EVEN_OUT`), so
the operation's words choose among them, and each tool's operation (`operation_of`) lets
a prior on the operation a request asks for (`nodes.search.operations`) reorder the matches.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nodes.search.lexicon import simplified, split_values, value_hints
from tools.contract import ToolSpec
from tools.entry import ToolEntry, entry_of

if TYPE_CHECKING:
    from nodes.search.lexicon import Lexicon
    from nodes.search.operations import OperationPrior
    from nodes.search.thesaurus import Thesaurus

K1 = 1.2
"""Term-frequency saturation: the standard BM25 value."""
B = 0.75
"""Length normalisation: the standard BM25 value."""
EVEN_OUT = 0.5
"""How far a sibling's weight for a word of its object moves toward the best sibling's:
0 is plain BM25, 1 makes the object's words count the same for every tool on it. Picked
among 0, 0.5 and 1 on the first three labelled sets of the generated benchmark catalogue
(docs/search.md)."""
OBJECT_WORD_SHARE = 0.5
"""A word belongs to the object when at least this share of the tools on it have it."""
READ_SHARE = 0.5
"""How much of the best write sibling's weight a read tool of the same object gets for a
word only the writes have: `put_config` describes the fields `get_config` returns. Counted
only for a request that reads (`SearchIndex.read_postings`). Chosen among 0.3, 0.5 and 0.8
on the published catalogues' round-5 and earlier requests (docs/search.md)."""
READ_DAMP = 0.3
"""The share of a write tool's score taken away when the request reads (asks what is, or
opens with "show", "list", "查看"): on the published catalogues' dev requests a third of
the misses put a write first for a question a read answers ("what retry count is set?"
meets `put_function_event_invoke_config` on more words than its `get`). Chosen among 0.1,
0.2, 0.3 and 0.5 on rounds 0-7 of both published catalogues (docs/search.md)."""
FIELD_WEIGHTS: Mapping[str, int] = {"name": 2, "namespace": 1, "description": 1, "args": 1}
"""How often a field's tokens are counted: a word in the tool's name says more than one in
its description. Integers, so the same token lists can be handed to any BM25 library."""

_CJK_RANGES = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUN = re.compile(rf"[A-Za-z0-9]+|[{_CJK_RANGES}]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_CJK = re.compile(rf"[{_CJK_RANGES}]")
_ID_TAIL = re.compile(r"-\d")
_STOP_DOING = re.compile(r"\b(?:stop|quit)\s+\w+ing\b", re.I)
""""Stop encrypting with this key", "stop following them": the undoing of an action (detach,
unfollow), not a `stop` operation; the thesaurus names the undoing where it can."""
WRITE_DAMP = 0.2
"""The share of a read tool's score taken away when the request opens with a change: its
first word (after "please", "can you") is a verb the registry's tools are named with, or
one the thesaurus reads as such ("get rid of"), and not a read ("delete the stale hooks on
acme/web" is not answered by `list_hooks`, however many words they share). Chosen among
0.1, 0.2 and 0.3 on rounds 0-7 of both published catalogues (docs/search.md)."""
_FIRST_WORD = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay|so|pls|please|can\s+you|could\s+you|would\s+you|kindly|"
    r"go\s+ahead\s+and|i\s+(?:want|need)\s+to|let'?s)[\s,]+)*([A-Za-z]+)\b",
    re.I,
)
UNDO_WEIGHT = 0.5
"""An undoing verb inferred from "remove my star" counts as a thesaurus word does (half a
typed one): "remove the owner tag" must not pull every `untag` of other services ahead of
the `remove_tags` it typed. Chosen among 0.3, 0.5 and 1 on rounds 0-7 of both published
catalogues."""
_UNDOING = re.compile(
    r"\b(?:remove|lift|undo|stop|quit|take\s+(?:off|back|away)|withdraw|reverse|revoke|"
    r"drop|no\s+longer)\b|取消|撤销|撤回|解除|去掉|移除|不再",
    re.I,
)
"""Words that undo an action: with the action's word in the request ("remove my star",
"lift the block", "取消对 next.js 的 star"), they ask for the tool named `un` + that word
(`unstar`, `unblock`) where the registry has one."""

_STOP_TEXT = """a an the of to for in on at by with and or is are was were be been it its this that
    these those me my i we our you your he she they them their please can could would should
    will shall do does did from as into about so if then than there here what which who whom
    how any some just also via per up out over under has have had"""
STOPWORDS: frozenset[str] = frozenset(_STOP_TEXT.split())
"""Words too common to tell tools apart. `not` is kept: descriptions say when NOT to use a
tool, and a request may say what it does not want."""


def stem(word: str) -> str:
    """A light English suffix stemmer: plurals, -ed, -ing and a final e.

    Enough for `invoices`/`invoice`, `refunded`/`refund`, `archived`/`archive`,
    `shipping`/`ship` and `cancelled`/`cancel` to meet; no dictionary, no exceptions list.
    Words of three letters or fewer are left alone (`ads`, `sms`, `more` would collide).
    Stems need not be words: both sides of a match are stemmed alike.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ied") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) > 5:
        word = _undouble(word[:-3])
    elif word.endswith("ed") and not word.endswith("eed") and len(word) > 4:
        word = _undouble(word[:-2])
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    """`shipp` → `ship`, `cancell` → `cancel`, but `bill` and `install` stay."""
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiouslz":
        return word[:-1]
    if len(word) >= 6 and word.endswith("ell"):
        return word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Search tokens of a text: stemmed English words and Chinese character bigrams."""
    out: list[str] = []
    text = _CAMEL.sub(" ", text)
    for match in _RUN.finditer(text):
        run = match.group()
        if _CJK.match(run):
            if len(run) == 1:
                out.append(run)
            else:
                out.extend(run[i : i + 2] for i in range(len(run) - 1))
            continue
        word = run.lower()
        if run.isupper() and _ID_TAIL.match(text, match.end()):
            out.append(word)  # an id's prefix (`SO-43319`, `IN-512`) names its object
        elif word not in STOPWORDS:
            out.append(stem(word))
    return out


def tool_fields(tool: ToolEntry | ToolSpec) -> dict[str, str]:
    """The text of each searchable field of a tool: what its schema shows a model."""
    entry = entry_of(tool) if isinstance(tool, ToolSpec) else tool
    return {
        "name": entry.name,
        "namespace": entry.namespace,
        "description": entry.description,
        "args": entry.argument_text(),
    }


def document_tokens(tool: ToolEntry | ToolSpec) -> list[str]:
    """One tool as a bag of tokens, each field repeated by its weight."""
    tokens: list[str] = []
    for field_name, text in tool_fields(tool).items():
        tokens.extend(tokenize(text) * FIELD_WEIGHTS[field_name])
    return tokens


def query_text(request: str, slots: Mapping[str, Any] | None = None) -> str:
    """What is searched for: the request plus the slot names and values code computed.

    Slot names help (`payment_id` points at tools taking a payment id); values such as ids
    and dates rarely occur in descriptions and then cost nothing.
    """
    parts = [request]
    for key, value in (slots or {}).items():
        if isinstance(value, str | int | float) and not isinstance(value, bool):
            parts.append(f"{key} {value}")
    return " ".join(parts)


def split_name(name: str, namespace: str) -> tuple[str, tuple[str, ...]]:
    """A tool name's verb and object: `crm_list_opportunities` → (`list`, (`opportunity`,)).

    Registries name tools `{namespace}_{verb}_{object}` (OpenAPI operation ids, MCP servers);
    a name that does not start with its namespace is read as `{verb}_{object}`.
    """
    words = tokenize(name.removeprefix(f"{namespace}_").replace("_", " "))
    return (words[0], tuple(words[1:])) if words else ("", ())


OPERATIONS: tuple[str, ...] = (
    "get", "list", "search", "create", "update", "delete", "archive", "export", "count",
)  # fmt: skip
"""The verbs registries use for the same operation on every object."""
HISTORY = "history"
"""`get_{object}_history`: an operation of its own, though its verb is `get`."""
OTHER = "other"
"""Any other verb (`refund`, `merge`, `rollback`): a tool's own action."""
_OPERATION_OF_VERB = {stem(verb): verb for verb in OPERATIONS}


READ_VERBS = frozenset(stem(w) for w in (
    "get", "list", "describe", "check", "search", "find", "count", "view", "show", "lookup",
    "query", "fetch", "read", "download", "history", "status", "test", "estimate", "preview",
))  # fmt: skip
"""Stems of the verbs of operations that change nothing: what a question about what is asks."""


def operation_of(name: str, namespace: str) -> str:
    """The generic operation a tool performs, read from its name; `other` for an action."""
    verb, obj = split_name(name, namespace)
    if obj and obj[-1] == HISTORY:
        return HISTORY
    return _OPERATION_OF_VERB.get(verb, OTHER)


def object_groups(tools: Sequence[tuple[str, str]]) -> list[list[int]]:
    """Tools acting on the same object of one namespace: the siblings of each, by position.

    An object is a group when at least two tools of the namespace name it exactly; a tool
    joins the longest group whose object its own contains, so `get_opportunity_history`
    and `merge_contacts` join `opportunity` and `contact`.
    """
    split = [(ns, split_name(name, ns)[1]) for name, ns in tools]
    named = Counter(pair for pair in split if pair[1])
    keys: defaultdict[str, list[tuple[str, ...]]] = defaultdict(list)
    for (ns, obj), count in named.items():
        if count >= 2:
            keys[ns].append(obj)
    groups: defaultdict[tuple[str, tuple[str, ...]], list[int]] = defaultdict(list)
    for doc, (ns, obj) in enumerate(split):
        inside = [key for key in keys[ns] if _contains(obj, key)]
        longest = max((len(key) for key in inside), default=0)
        for key in inside:
            if len(key) == longest:
                groups[(ns, key)].append(doc)
    return [members for members in groups.values() if len(members) >= 2]


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    size = len(part)
    return any(words[i : i + size] == part for i in range(len(words) - size + 1))


def _even_out_object_words(
    weights: list[dict[str, float]],
    tools: Sequence[tuple[str, str]],
    share: float,
    read_share: float = READ_SHARE,
    read_extra: list[dict[str, float]] | None = None,
) -> None:
    """Move each sibling's weight for its object's words toward the best sibling's.

    Tools on one object describe it unevenly: `get_opportunity` says "a deal in the sales
    pipeline", `list_opportunities` does not, and BM25's length normalisation favours the
    shortest description. Left alone, the words naming the object ("deal", "pipeline") pick
    among the object's verbs, and the word that should (the operation) is outvoted. A word
    counts as the object's when most siblings have it and it is no tool's verb.

    A read sibling (`READ_VERBS`) also gets, in `read_extra`, `read_share` of the best
    write sibling's weight for each word only the writes have: the fields a `put` or
    `update` describes are what its `get` returns, and a request asks about them by name
    ("what retry count and max event age are set?"). Kept apart, so a request for a change
    never meets the read this way.
    """
    tools_verbs = [split_name(name, ns)[0] for name, ns in tools]
    verbs = set(tools_verbs)
    for members in object_groups(tools):
        having: Counter[str] = Counter()
        for doc in members:
            having.update(weights[doc].keys())
        needed = max(2.0, OBJECT_WORD_SHARE * len(members))
        for term, count in having.items():
            if count < needed or term in verbs:
                continue
            best = max(weights[doc].get(term, 0.0) for doc in members)
            for doc in members:
                own = weights[doc].get(term, 0.0)
                weights[doc][term] = own + share * (best - own)
        if not read_share or read_extra is None:
            continue
        # A read returns what the object's writes set: `get_config` is asked about by the
        # fields `put_config` and `update_config` describe ("what retry count is set?").
        reads = [doc for doc in members if tools_verbs[doc] in READ_VERBS]
        writes = [doc for doc in members if tools_verbs[doc] not in READ_VERBS]
        if not reads or not writes:
            continue
        best_of: dict[str, float] = {}
        for doc in writes:
            for term, weight in weights[doc].items():
                if term not in verbs and weight > best_of.get(term, 0.0):
                    best_of[term] = weight
        for doc in reads:
            own_weights = weights[doc]
            for term, best in best_of.items():
                if term not in own_weights:
                    read_extra[doc][term] = read_share * best


@dataclass(frozen=True)
class SearchIndex:
    """An inverted index of a registry: term → (tool, BM25 weight of the term in it).

    Weights are computed once at build time, so a query only adds up the postings of its
    own terms: its cost grows with how many tools share a word with the request, not with
    the size of the registry.
    """

    names: tuple[str, ...]
    ids: Mapping[str, int]
    postings: Mapping[str, tuple[tuple[int, float], ...]]
    operations: tuple[str, ...] = ()
    """Each tool's `operation_of`, by id."""
    verbs: tuple[str, ...] = ()
    """Each tool's verb (`split_name`), stemmed, by id."""
    read_postings: Mapping[str, tuple[tuple[int, float], ...]] = field(default_factory=dict)
    """Term → (read tool, weight) it gains from its object's writes (`READ_SHARE`): counted
    only for the words a request that reads typed itself."""
    undo_verbs: frozenset[str] = frozenset()
    """The verbs that undo another verb of the registry (`unstar` beside `star`)."""
    verb_set: frozenset[str] = frozenset()
    """Every tool's verb, once."""

    @classmethod
    def build(
        cls, specs: Iterable[ToolEntry | ToolSpec], *, even_out: float = EVEN_OUT
    ) -> SearchIndex:
        """Index tools; call again when the registry changes (the registry does).

        Args:
            specs: The tools, declared (`ToolSpec`) or only searchable (`ToolEntry`).
            even_out: See `EVEN_OUT`; 0 gives plain BM25, as the BM25 libraries compute it.
        """
        specs = list(specs)
        bags = [Counter(document_tokens(spec)) for spec in specs]
        n = len(bags)
        lengths = [sum(tf.values()) for tf in bags]
        avg = (sum(lengths) / n) if n else 1.0
        df: Counter[str] = Counter()
        for tf in bags:
            df.update(tf.keys())
        weights: list[dict[str, float]] = []
        for tf, length in zip(bags, lengths, strict=True):
            norm = K1 * (1 - B + B * length / avg)
            weights.append(
                {
                    term: math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                    * freq
                    * (K1 + 1)
                    / (freq + norm)
                    for term, freq in tf.items()
                }
            )
        read_extra: list[dict[str, float]] = [{} for _ in weights]
        if even_out:
            tools = [(spec.name, spec.namespace) for spec in specs]
            _even_out_object_words(weights, tools, even_out, read_extra=read_extra)
        read_postings: defaultdict[str, list[tuple[int, float]]] = defaultdict(list)
        for doc, doc_weights in enumerate(read_extra):
            for term, weight in doc_weights.items():
                read_postings[term].append((doc, weight))
        postings: defaultdict[str, list[tuple[int, float]]] = defaultdict(list)
        for doc, doc_weights in enumerate(weights):
            for term, weight in doc_weights.items():
                postings[term].append((doc, weight))
        names = tuple(spec.name for spec in specs)
        verbs = tuple(split_name(spec.name, spec.namespace)[0] for spec in specs)
        verb_set = frozenset(verbs)
        return cls(
            names=names,
            ids={name: i for i, name in enumerate(names)},
            postings={term: tuple(p) for term, p in postings.items()},
            operations=tuple(operation_of(spec.name, spec.namespace) for spec in specs),
            verbs=verbs,
            read_postings={term: tuple(p) for term, p in read_postings.items()},
            undo_verbs=frozenset(v for v in verb_set if v.startswith("un") and v[2:] in verb_set),
            verb_set=verb_set,
        )

    def opens_with_change(self, query: str, thesaurus: Thesaurus | None = None) -> bool:
        """Whether the request's first word asks for a change the registry's verbs name.

        "delete …", "can you rotate …", "get rid of …" (through the thesaurus); not "show",
        "list" or any read verb, and not a first word no tool is named with.
        """
        first = _FIRST_WORD.match(query)
        if first is None:
            return False
        asked = {stem(first.group(1).lower())}
        if thesaurus is not None:
            head = " ".join(query[first.start(1) :].split()[:3])
            for target in thesaurus.targets(head):
                asked.update(stem(w) for w in target.split())
        return any(verb in self.verb_set and verb not in READ_VERBS for verb in asked)

    def damp(self, scores: MutableMapping[int, float], *, reads: bool, share: float) -> None:
        """Take `share` off the score of every read tool (`reads`) or every write tool."""
        for doc in scores:
            if (self.verbs[doc] in READ_VERBS) == reads:
                scores[doc] *= 1 - share

    def knows(self, word: str) -> bool:
        """Whether a word (any case or inflection) occurs in some tool, or is a stop word."""
        word = word.lower()
        return word in STOPWORDS or stem(word) in self.postings

    def scores(
        self,
        query: str,
        thesaurus: Thesaurus | None = None,
        prior: OperationPrior | None = None,
        lexicon: Lexicon | None = None,
        verb_bonus: float = 0.0,
        read_damp: float = 0.0,
        write_damp: float = 0.0,
    ) -> dict[int, float]:
        """BM25 score of every tool sharing at least one term with the query, by tool id.

        The names of things in the request (`lexicon.split_values`) are set aside first. With
        a lexicon, the English words of the request's Chinese count as typed. With a
        thesaurus, the API words its phrases point at count too, at its weight, unless the
        request already has them. With a prior, each of those tools gains the prior's bonus
        for its operation: it reorders the matching tools, it adds none. A request that reads
        (`Thesaurus.reads`) scales every write's score by `1 - read_damp` (`READ_DAMP`); one
        that opens with a change (`opens_with_change`), every read's by `1 - write_damp`.
        """
        query = simplified(query)  # the lexicon and the thesaurus are written in simplified
        read, values = split_values(query, self.knows)
        totals: defaultdict[int, float] = defaultdict(float)
        typed = set(tokenize(read))
        if _STOP_DOING.search(read):
            typed.discard("stop")  # "stop following X" undoes a follow; it stops nothing
        terms = dict.fromkeys(typed, 1.0)
        for term in tokenize(" ".join(value_hints(values))):
            terms.setdefault(term, 0.5)  # `docs/old.md` is a value, but says "a file"
        if lexicon is not None:
            for term in tokenize(" ".join(lexicon.english(read))):
                terms.setdefault(term, 1.0)
        # Phrases are read on the whole request: a name never spells "how many".
        targets = thesaurus.targets(query) if thesaurus is not None else []
        if thesaurus is not None:
            for term in tokenize(" ".join(targets)):
                terms.setdefault(term, thesaurus.weight)
        undone: set[str] = set()
        if self.undo_verbs and _UNDOING.search(read):
            for term in list(terms):
                if f"un{term}" in self.undo_verbs:
                    terms.setdefault(f"un{term}", terms[term] * UNDO_WEIGHT)
                    undone.add(term)
        for term, factor in terms.items():
            for doc, weight in self.postings.get(term, ()):
                totals[doc] += weight * factor
        reading = thesaurus is not None and thesaurus.reads(query)
        if reading:
            # A request that reads names the fields it wants in its own words; a gloss of
            # its Chinese is too broad for this (on the dev sets it cost Chinese requests).
            for term in typed:
                for doc, weight in self.read_postings.get(term, ()):
                    totals[doc] += weight
        if verb_bonus and totals:
            # A verb is in most tools' names, so BM25 gives it almost no weight; the verb
            # the request asks for (typed, translated or inferred) decides among the tools
            # that already match, at the weight it was asked with.
            # A question about what is ("what is configured?") favours only the verbs
            # that change nothing, whatever change words it carries, and every one of them
            # at least as if inferred ("which teams may push?" is answered by a `get`, a
            # `list` or a `describe`, never by the `update` its other words match best).
            for doc in totals:
                verb = self.verbs[doc]
                asked = None if verb in undone else terms.get(verb)
                if reading and verb in READ_VERBS:
                    asked = max(asked or 0.0, thesaurus.weight if thesaurus else 0.0)
                if asked is not None and not (reading and verb not in READ_VERBS):
                    totals[doc] += verb_bonus * asked
        if reading and read_damp:
            # What is asked about is answered by a read: a write that matches more of the
            # question's words ("what retry count is set?" meets `put_retry_config`) is
            # still not what it asks for.
            self.damp(totals, reads=False, share=read_damp)
        elif write_damp and self.opens_with_change(query, thesaurus):
            # "rotate the key of…" is not answered by `get_key_rotation_status`.
            self.damp(totals, reads=True, share=write_damp)
        if prior is not None and totals:
            # Reuse this request's tokens, and its targets when the thesaurus is the prior's.
            same = thesaurus is not None and thesaurus is prior.thesaurus
            bonus = prior.bonus(query, tokens=typed, targets=targets if same else None)
            for doc in totals:
                totals[doc] += bonus.get(self.operations[doc], 0.0)
        return totals

    def rank(
        self,
        query: str,
        among: Sequence[str] | None = None,
        limit: int | None = None,
        *,
        thesaurus: Thesaurus | None = None,
        prior: OperationPrior | None = None,
        lexicon: Lexicon | None = None,
        verb_bonus: float = 0.0,
        read_damp: float = 0.0,
        write_damp: float = 0.0,
    ) -> list[str]:
        """`among` ordered best first; ties (and tools matching nothing) keep their order.

        Args:
            query: The request text (see `query_text`).
            among: The candidate tool names, already narrowed by intent and permission;
                None for every tool of the index.
            limit: How many to return; None for all of them.
            thesaurus: Expands the request with the API words its phrases mean
                (`nodes.search.thesaurus`); None ranks on the typed words alone.
            prior: Which operation the request asks for (`nodes.search.operations`); None ranks
                on the words alone.
            lexicon: Reads the request's Chinese as English API words
                (`nodes.search.lexicon`); None matches Chinese only against Chinese.
            verb_bonus: Added to a matching tool whose verb the request asks for; 0 off.
            read_damp: How much of a write's score a request that reads takes away; 0 off.
            write_damp: How much of a read's score a request opening with a change takes
                away; 0 off.
        """
        totals = self.scores(query, thesaurus, prior, lexicon, verb_bonus, read_damp, write_damp)
        if among is None:
            among = self.names
        ids = self.ids
        keyed = sorted(
            range(len(among)),
            key=lambda i: (-totals.get(ids.get(among[i], -1), 0.0), i),
        )
        picked = keyed if limit is None else keyed[:limit]
        return [among[i] for i in picked]

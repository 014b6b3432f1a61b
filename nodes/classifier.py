"""The router's second stage: which intent a request is, with a confidence.

Two classifiers read the same declaration, each intent's `description` and `examples`:

- With a chat model that can do structured output, the model picks the intent
  (`with_structured_output` on a pydantic model whose `intent` is a Literal of the domain's
  intents plus "none") and says how sure it is. Intent induction is what models are good at.
- Offline (the built-in and scripted models cannot classify), `LexicalClassifier`: TF-IDF
  vectors, cosine similarity to every example, each intent scored by its best example, and a
  softmax over the scores with a "none of them" class. Tokens are stemmed English words and
  Chinese character unigrams and bigrams; every number is first replaced by its role
  (`<period>`, `<money>`, `<reading>`, `<id>`, ...; `tools/slots.py`), so "last 7 days" and
  "42.50 EUR" look like what they mean. No dependency, no network, built in milliseconds.
  Its confidence threshold is learned per domain from the domain's own examples, each
  ranked as if left out (`LexicalClassifier.learn_threshold`): a new domain gets one without
  writing a labelled set, and no constant tuned on the project's set is carried over to it.

Which one runs is decided per run in `nodes/router.py`; what the ranking is used for (the
threshold, the write gate, the clarifying question) too. The variants measured on the dev
part of the router set (`python -m graph eval --router`) are in `LexicalClassifier`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field, create_model

from nodes.search.lexical import stem
from tools.domain import Domain, IntentSpec
from tools.slots import number_roles

NONE = "none"
"""The class of a request that fits no intent: small talk, another service, too vague."""

OUT_OF_DOMAIN_EXAMPLES: tuple[str, ...] = (
    "hello",
    "hi there",
    "thanks a lot",
    "good morning",
    "who are you",
    "what's the weather like tomorrow",
    "will it rain today",
    "tell me a joke",
    "what's the capital of France",
    "translate this sentence into French",
    "write a poem about autumn",
    "what time is it in Tokyo",
    "recommend a good movie",
    "how do I cook rice",
    "what's 17 times 23",
    "book a flight to Paris",
    "play some music",
    "who won the football match",
    "help me write an email to my boss",
    "what is the meaning of life",
    "set an alarm for 7am",
    "how tall is Mount Everest",
    "explain quantum computing",
    "fix my python code",
    "what medicine should I take for a cold",
    "should I see a doctor about my headache",
    "what causes high cholesterol",
    "what's a healthy resting heart rate",
    "is the meeting room free tomorrow afternoon",
    "book a conference room for Friday",
    "你好",
    "谢谢",
    "今天天气怎么样",
    "明天会下雨吗",
    "讲个笑话",
    "帮我翻译一句话",
    "写一首诗",
    "推荐一部电影",
    "现在几点了",
    "帮我订一张去上海的机票",
    "放首歌",
    "你是谁",
    "红烧肉怎么做",
    "帮我写一封邮件",
    "感冒了吃什么药好",
    "发烧了要不要去医院",
    "头疼是什么原因",
    "明天下午会议室有空吗",
    "帮我订一间周五的会议室",
)
"""Requests no domain serves: the "none" class's examples. Part of the classifier, not of
any labelled set; a domain's own out-of-scope requests are better told by its examples."""

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|<[a-z]+>|[\u3400-\u9fff]+")
_CJK_STOP = frozenset("的了吗呢吧啊么我你他她它们是在有没一下个这那给帮请把")
"""Chinese characters too common to mean anything alone; their bigrams are still kept."""
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "for",
        "in",
        "on",
        "at",
        "by",
        "with",
        "and",
        "or",
        "it",
        "its",
        "this",
        "that",
        "me",
        "my",
        "i",
        "we",
        "our",
        "you",
        "your",
        "please",
        "pls",
        "can",
        "could",
        "would",
        "will",
        "just",
        "also",
        "so",
        "some",
        "any",
        "up",
        "is",
        "are",
        "be",
    ]
)

_CHAT = {
    **{"u": "you", "ya": "you", "r": "are", "ur": "your", "yr": "your", "plz": "please"},
    **{"wat": "what", "wot": "what"},
}
"""Chat spellings of common words ("r u", "ur"): read as the words, so they weigh nothing,
as the words themselves do, instead of counting as tokens no example has."""


def features(text: str) -> Counter[str]:
    """Bag of tokens: number roles, stemmed English words, Chinese unigrams and bigrams."""
    parts: list[str] = []
    pos = 0
    for role in number_roles(text):
        parts.append(text[pos : role.start])
        prefix = role.text[0].lower() if role.kind == "id" and role.text[0].isalpha() else ""
        parts.append(f" <{role.kind}{prefix}> ")
        pos = role.end
    parts.append(text[pos:])
    normal = "".join(parts).lower().replace("’", "'")
    bag: Counter[str] = Counter()
    for run in _WORD.findall(normal):
        if run.startswith("<"):
            bag[run] += 1
        elif re.match(r"[\u3400-\u9fff]", run):
            bag.update(ch for ch in run if ch not in _CJK_STOP)
            bag.update(run[i : i + 2] for i in range(len(run) - 1))
        else:
            word = run.split("'")[0] if run.endswith(("'s", "'ll", "'d", "'re", "'ve")) else run
            word = _CHAT.get(word, word)
            if word not in _STOP:
                bag[stem(word)] += 1
    return bag


@dataclass(frozen=True)
class Ranking:
    """Intents best first, each with a probability; `None` stands for "none of them".

    Attributes:
        source: "lexical" or "model".
        ranked: (intent name or None, probability), best first.
        tokens: Model tokens the ranking cost (0 offline).
        detail: Why the ranking came from where it did (a model error, a fallback).
        threshold: Below this probability the router asks; None: the router's default for
            the source (a lexical classifier learns its own from the domain's examples).
    """

    source: str
    ranked: tuple[tuple[str | None, float], ...]
    tokens: int = 0
    detail: str = ""
    threshold: float | None = None

    @property
    def top(self) -> tuple[str | None, float]:
        """The best candidate and its probability."""
        return self.ranked[0] if self.ranked else (None, 1.0)

    def probability(self, intent: str | None) -> float:
        """The probability the ranking gives `intent` (0 when it is not ranked)."""
        return next((p for name, p in self.ranked if name == intent), 0.0)


_CJK_PAIR = re.compile(r"[\u3400-\u9fff]{2}")


def _vector(bag: Mapping[str, int], idf: Mapping[str, float], unseen: float) -> dict[str, float]:
    """Sublinear TF-IDF, L2-normalised; a token no example has weighs `unseen`.

    `unseen` is the rarest token's weight: words the domain never uses make a request less
    like every intent, which is how an out-of-scope request is told apart. An unseen pair
    of Chinese characters weighs `CJK_PAIR_UNSEEN` of it (`features`).
    """
    vec = {
        t: (1.0 + math.log(n))
        * idf.get(t, unseen * (CJK_PAIR_UNSEEN if _CJK_PAIR.fullmatch(t) else 1.0))
        for t, n in bag.items()
    }
    norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
    return {t: v / norm for t, v in vec.items()}


@dataclass
class LexicalClassifier:
    """Nearest examples by TF-IDF cosine, turned into probabilities by a softmax.

    The cosine decides how likely "none of them" is: a softmax over each class's best
    example similarity, where "none" scores at least `floor`. Naive Bayes shares the rest
    among the intents. Measured on the router set's first dev part (its first 196 requests;
    `python -m graph eval --router`), the classifier alone
    (rules off; top-1 accuracy on the requests that should route / share of out-of-scope
    requests put in "none"): cosine to the best example 0.82 / 0.73; mean of the two best
    0.84 / 0.66; naive Bayes alone 0.88 / 0.45 (too sure of itself to tell "none"); this
    combination 0.85 / 0.73. Word bigrams or English character trigrams did not help.
    The settings below were picked on the same part with the whole router (rules, gate).

    Attributes:
        labels: The intent of each example (None: the "none" class).
        vectors: The examples' TF-IDF vectors.
        idf: Inverse document frequency of every token seen in the examples.
        counts: Token counts per intent, for naive Bayes.
        temperature: Softmax temperature over cosine scores: lower is more decisive.
        floor: The "none" class scores at least this, so a request like nothing seen is
            "none" however far it is from the out-of-domain examples too.
        alpha: Additive smoothing of the naive Bayes token counts.
        bags: Each example's tokens, so one can be left out (`held_out_rankings`).
        texts: Each indexed text (None for a description, which is not a request).
        threshold: The learned confidence threshold (`learn_threshold`), handed to the
            router with every ranking; None until learned.
    """

    labels: list[str | None]
    vectors: list[dict[str, float]]
    idf: dict[str, float]
    unseen: float
    counts: dict[str, Counter[str]] = field(default_factory=dict)
    temperature: float = 0.08
    floor: float = 0.30
    intents: tuple[str, ...] = field(default=())
    alpha: float = 0.5
    bags: list[Counter[str]] = field(default_factory=list)
    texts: list[str | None] = field(default_factory=list)
    threshold: float | None = None
    _postings: dict[str, list[tuple[int, float]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def _index(self) -> dict[str, list[tuple[int, float]]]:
        """Each token's examples and their weights, built on first use.

        A request's cosine to every example is then a walk over its own tokens' postings,
        not over every example's vector: the eval ranks thousands of requests.
        """
        if self._postings is None:
            postings: dict[str, list[tuple[int, float]]] = {}
            for i, vec in enumerate(self.vectors):
                for token, weight in vec.items():
                    postings.setdefault(token, []).append((i, weight))
            self._postings = postings
        return self._postings

    @classmethod
    def fit(
        cls,
        intents: Sequence[IntentSpec],
        out_of_domain: Sequence[str] = OUT_OF_DOMAIN_EXAMPLES,
        **settings: Any,
    ) -> LexicalClassifier:
        """Index every intent's examples and description, and the out-of-domain examples."""
        docs: list[tuple[str | None, Counter[str]]] = []
        texts: list[str | None] = []
        for intent in intents:
            for text in intent.examples:
                docs.append((intent.name, features(text)))
                texts.append(text)
            docs.append((intent.name, features(intent.description)))
            texts.append(None)
        docs += [(None, features(text)) for text in out_of_domain]
        texts += list(out_of_domain)
        df: Counter[str] = Counter()
        for _, bag in docs:
            df.update(bag.keys())
        n = len(docs)
        idf = {t: math.log((1 + n) / (1 + k)) + 1.0 for t, k in df.items()}
        counts: dict[str, Counter[str]] = {}
        for label, bag in docs:
            if label is not None:
                counts.setdefault(label, Counter()).update(bag)
        return cls(
            counts=counts,
            bags=[bag for _, bag in docs],
            texts=texts,
            labels=[label for label, _ in docs],
            vectors=[_vector(bag, idf, 0.0) for _, bag in docs],
            idf=idf,
            unseen=settings.pop("unseen_scale", UNSEEN_SCALE) * (math.log(1 + n) + 1.0),
            intents=tuple(i.name for i in intents),
            **settings,
        )

    def scores(self, text: str, leave_out: int | None = None) -> dict[str | None, float]:
        """Each class's cosine similarity to the request: its best example's.

        `leave_out` ignores one indexed example, as if it had never been written.
        """
        query = _vector(features(text), self.idf, self.unseen)
        best: dict[str | None, float] = {name: 0.0 for name in self.intents}
        best[None] = 0.0
        sims = [0.0] * len(self.vectors)
        postings = self._index()
        for token, weight in query.items():
            for i, other in postings.get(token, ()):
                sims[i] += weight * other
        for i, (label, score) in enumerate(zip(self.labels, sims, strict=True)):
            if i == leave_out:
                continue
            if score > best[label]:
                best[label] = score
        best[None] = max(best[None], self.floor)
        return best

    def posterior(self, text: str, leave_out: int | None = None) -> dict[str, float]:
        """Multinomial naive Bayes over the intents' examples (uniform prior)."""
        bag = features(text)
        vocab = len(self.idf) + 1
        out = self.labels[leave_out] if leave_out is not None else None
        minus = self.bags[leave_out] if leave_out is not None and self.bags else Counter()
        logp: dict[str, float] = {}
        for name, counts in self.counts.items():
            less = minus if name == out else Counter()
            total = sum(counts.values()) - sum(less.values()) + self.alpha * vocab
            logp[name] = sum(
                k * math.log((counts[t] - less[t] + self.alpha) / total) for t, k in bag.items()
            )
        top = max(logp.values())
        exp = {k: math.exp(v - top) for k, v in logp.items()}
        z = sum(exp.values())
        return {k: v / z for k, v in exp.items()}

    def rank(self, text: str, leave_out: int | None = None) -> Ranking:
        """Classes best first: P(none) from the cosine softmax, the rest shared by Bayes."""
        scores = self.scores(text, leave_out)
        top = max(scores.values())
        exp = {k: math.exp((v - top) / self.temperature) for k, v in scores.items()}
        total = sum(exp.values())
        none = exp[None] / total
        probs = {None: none} | {
            k: (1.0 - none) * p for k, p in self.posterior(text, leave_out).items()
        }
        ranked = sorted(probs.items(), key=lambda kv: -kv[1])
        return Ranking(source="lexical", ranked=tuple(ranked), threshold=self.threshold)

    def held_out_rankings(self) -> list[tuple[str | None, Ranking]]:
        """Every example ranked as if it had not been written: (its label, the ranking).

        Leaving one out removes it from the nearest examples and from the Bayes counts; the
        IDF weights stay (one document moves them little). Descriptions are not left out:
        they are not requests.
        """
        return [
            (label, self.rank(text, leave_out=i))
            for i, (label, text) in enumerate(zip(self.labels, self.texts, strict=True))
            if text is not None
        ]

    def learn_threshold(self) -> float:
        """The confidence below which to ask, chosen on the domain's own examples.

        Each example is ranked as if unseen (`held_out_rankings`); the threshold is the one
        (of `THRESHOLD_GRID`) that gets the most of them right: an intent's example routed
        to it, an out-of-domain example not routed. A tie goes to the higher threshold,
        which asks rather than guesses. A new domain needs no labelled set for it.
        """
        held = self.held_out_rankings()

        inside = sum(label is not None for label, _ in held) or 1
        outside = (len(held) - inside) or 1

        def right(threshold: float) -> float:
            n = 0.0
            for label, ranking in held:
                name, p = ranking.top
                routes = name is not None and p >= threshold
                if label is not None:
                    n += (routes and name == label) / inside
                else:
                    n += (not routes) / outside
            return n

        return max(reversed(THRESHOLD_GRID), key=right)


UNSEEN_SCALE = 1.0
"""A token no example has weighs this share of the rarest example token's weight."""
CJK_PAIR_UNSEEN = 0.5
"""An unseen pair of Chinese characters weighs this share of an unseen token. A run of n
characters gives n characters and n-1 pairs, most of them no word ("录进去" gives "录进"
and "进去"): at full weight the novelty of every unseen character counted twice, and a
Chinese request was "none of them" far more readily than the same request in English.
Measured with the whole router on the router set's dev part (rounds 1-4): Chinese in-scope
accuracy 95.5% at 1.0, 96.8% at 0.5, 97.4% at 0.3, out-of-scope requests asked about 90.6%
at all three; on round 5 the share asked fell from 90.2% to 87.8% at 0.3, so half."""
THRESHOLD_GRID: tuple[float, ...] = tuple(round(0.25 + 0.05 * i, 2) for i in range(8))
"""Thresholds a domain's classifier may learn (0.25 to 0.6): below a quarter it would route
on a guess among four, above 0.6 it would ask about most paraphrases."""

_FITTED: dict[int, tuple[Domain, LexicalClassifier]] = {}


def lexical_classifier(domain: Domain) -> LexicalClassifier:
    """The domain's lexical classifier, fitted once per domain object and process."""
    hit = _FITTED.get(id(domain))
    if hit is not None and hit[0] is domain:
        return hit[1]
    classifier = LexicalClassifier.fit([i for i in domain.intents if i.examples])
    classifier.threshold = classifier.learn_threshold()
    _FITTED[id(domain)] = (domain, classifier)
    return classifier


# --- the chat model path -------------------------------------------------------------------------

EXAMPLES_SHOWN = 4
"""Examples per intent in the model's prompt: enough to show the range, few enough to stay short."""
ROUTE_PROMPT = (
    "You route one request to an assistant's intent. Pick the intent whose description and "
    "examples match what the request asks for, or 'none' when no intent fits (small talk, "
    "another service) or the request is too vague to tell. A request that only asks for "
    "information never belongs to an intent that changes data. Give your confidence that "
    "the choice is right, from 0 to 1.\n\nIntents:\n{intents}"
)


def route_schema(intents: Sequence[IntentSpec]) -> type[BaseModel]:
    """The structured-output model: one of the intents' names (or "none") and a confidence."""
    names = (*(i.name for i in intents), NONE)
    choice: Any = Literal[names]
    return create_model(
        "RouteRequest",
        __doc__="The intent the user's request asks for, and how sure the choice is.",
        intent=(choice, Field(description="One intent name from the list, or 'none'.")),
        confidence=(
            float,
            Field(ge=0.0, le=1.0, description="Probability that the intent is right, 0 to 1."),
        ),
    )


def route_prompt(intents: Sequence[IntentSpec], writes: Mapping[str, bool]) -> str:
    """The system prompt: each intent with its description, a few examples, read or write."""
    lines: list[str] = []
    for intent in intents:
        kind = "changes data" if writes.get(intent.name) else "read-only"
        shown = "; ".join(f'"{e}"' for e in intent.examples[:EXAMPLES_SHOWN])
        lines.append(f"- {intent.name} ({kind}): {intent.description} e.g. {shown}")
    lines.append(f"- {NONE}: none of the above.")
    return ROUTE_PROMPT.format(intents="\n".join(lines))


async def model_ranking(model: BaseChatModel, domain: Domain, text: str) -> Ranking:
    """Ask the chat model for the intent by structured output.

    Raises:
        Exception: Whatever the model or its parser raises; the router falls back to the
            lexical classifier and says so in the decision.
    """
    intents = [i for i in domain.intents if i.examples]
    schema = route_schema(intents)
    prompt = route_prompt(intents, {i.name: domain.writes(i.name) for i in intents})
    structured = model.with_structured_output(schema, include_raw=True)
    out = await structured.ainvoke([SystemMessage(prompt), HumanMessage(text)])
    if not isinstance(out, dict):  # include_raw=True always answers a dict
        msg = f"unexpected structured output: {type(out).__name__}"
        raise TypeError(msg)
    raw, parsed = out.get("raw"), out.get("parsed")
    usage = getattr(raw, "usage_metadata", None) or {}
    tokens = int(usage.get("total_tokens", 0))
    if parsed is None:
        msg = f"no parsable route in the model's answer: {out.get('parsing_error')}"
        raise ValueError(msg)
    name = str(parsed.intent)
    confidence = float(parsed.confidence)
    if name == NONE:
        ranked: tuple[tuple[str | None, float], ...] = ((None, confidence),)
    else:
        ranked = ((name, confidence), (None, round(1.0 - confidence, 6)))
    return Ranking(source="model", ranked=ranked, tokens=tokens)

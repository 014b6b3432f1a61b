"""Which operation a request asks for, learned from labelled requests: a prior for the ranker.

BM25 finds the object a request is about ("deal", "工单"), but an object has ten tools
(get, list, search, create, update, delete, archive, export, count, history), and the
words that choose among them are the small ones BM25 weighs least or drops: "how many",
"which ... are", "who changed", "for good", "哪些", "一共". A request's operation is a closed,
small set of classes, the same in every registry named `{namespace}_{verb}_{object}`, so
it can be learned from labelled requests and carries over to objects it never saw.

`OperationPrior` is a naive Bayes classifier over the request's words, its stemmed word
pairs (stop words kept: "how many", "which are"), its first two words and the API words
the thesaurus infers. The ranker adds `PRIOR_WEIGHT` × P(operation of the tool | request)
to the score of each tool that already matches the request, so it reorders an object's
tools and never brings in a tool sharing no word with the request.

No prior ships in the default path: what words say which operation depends on who asks
and how a registry names its tools, so a prior is fitted from labelled requests handed to
it. The benchmark fits one on the generated catalogue's labelled sets and passes it to the
ranker of that catalogue only; a user fits one on their own confirmed (request, tool) pairs
with `python -m graph fit-search`, stores the JSON beside their domain and loads it there
(`OperationPrior.load`, docs/search.md).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from nodes.search.lexical import stem, tokenize
from nodes.search.thesaurus import Thesaurus, default_thesaurus

FORMAT = "loopguard-operation-prior/1"
"""The `kind` of a saved prior: a file of another kind is refused, not misread."""
NOT_A_PRIOR = "{path}: not an operation prior (expected kind {kind!r}); refit it with fit-search"

PRIOR_WEIGHT = 6.0
"""Score added to a tool whose operation the request surely asks for (posterior 1). Chosen,
with the features, by fitting on three of the first four labelled sets and measuring on
the one left out, each in turn (`bench --tools` prints those rows): among 2, 3, 4, 6 and 8,
6 had the best mean. A BM25 match on the object is worth about 3 to 9 per word."""

_WORD = re.compile(r"[a-z0-9]+")


def features(
    text: str,
    thesaurus: Thesaurus | None,
    *,
    tokens: Iterable[str] | None = None,
    targets: Sequence[str] | None = None,
) -> set[str]:
    """What the classifier sees of a request: present or not, never counted.

    Search tokens, the thesaurus's API words (`=count`), stemmed word pairs with stop words
    kept (`how_many`) and the first two words (`^which`): the operation is said by the
    small words BM25 drops. The ranker passes the `tokens` and thesaurus `targets` it has
    already computed for the same text, so a request is not tokenised twice.
    """
    found = set(tokenize(text) if tokens is None else tokens)
    if thesaurus is not None:
        if targets is None:
            targets = thesaurus.targets(text)
        found |= {f"={term}" for term in tokenize(" ".join(targets))}
    words = [stem(w) for w in _WORD.findall(text.lower())]
    found |= {f"{a}_{b}" for a, b in pairwise(words)}
    found |= {f"^{w}" for w in words[:2]}
    return found


@dataclass(frozen=True)
class OperationPrior:
    """A naive Bayes classifier: request → probability of each operation.

    Binary features with add-one smoothing, the usual text-classification form: fitting
    takes milliseconds, scoring one request a few dictionary lookups per word.
    """

    log_prior: Mapping[str, float]
    log_likelihood: Mapping[str, Mapping[str, float]]
    """Feature → operation → log P(feature | operation), for every feature seen in fitting
    and every operation."""
    thesaurus: Thesaurus | None = None

    @classmethod
    def fit(
        cls, examples: Iterable[tuple[str, str]], thesaurus: Thesaurus | None = None
    ) -> OperationPrior:
        """Learn from (request, operation) pairs; see `nodes.search.lexical.operation_of`."""
        per_class: Counter[str] = Counter()
        counts: defaultdict[str, Counter[str]] = defaultdict(Counter)
        for text, operation in examples:
            per_class[operation] += 1
            counts[operation].update(features(text, thesaurus))
        vocabulary = {feature for c in counts.values() for feature in c}
        total = sum(per_class.values())
        denominators = {op: sum(counts[op].values()) + len(vocabulary) for op in per_class}
        likelihood: dict[str, dict[str, float]] = {}
        for feature in vocabulary:
            likelihood[feature] = {
                op: math.log((counts[op][feature] + 1) / denominators[op]) for op in per_class
            }
        return cls(
            log_prior={op: math.log(n / total) for op, n in per_class.items()},
            log_likelihood=likelihood,
            thesaurus=thesaurus,
        )

    def posterior(
        self,
        text: str,
        *,
        tokens: Iterable[str] | None = None,
        targets: Sequence[str] | None = None,
    ) -> dict[str, float]:
        """P(operation | request) for every operation fitted; unseen words say nothing.

        `tokens` and `targets`: see `features` (the targets must be this prior's thesaurus's).
        """
        if not self.log_prior:
            return {}
        logs = dict(self.log_prior)
        found = features(text, self.thesaurus, tokens=tokens, targets=targets)
        for feature in found:
            seen = self.log_likelihood.get(feature)
            if seen is None:
                continue
            for op in logs:
                logs[op] += seen[op]
        top = max(logs.values())
        odds = {op: math.exp(value - top) for op, value in logs.items()}
        total = sum(odds.values())
        return {op: value / total for op, value in odds.items()}

    def bonus(
        self,
        text: str,
        *,
        tokens: Iterable[str] | None = None,
        targets: Sequence[str] | None = None,
    ) -> dict[str, float]:
        """What the ranker adds, by operation: `PRIOR_WEIGHT` × posterior."""
        posterior = self.posterior(text, tokens=tokens, targets=targets)
        return {op: PRIOR_WEIGHT * p for op, p in posterior.items()}

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form; the thesaurus is not stored (the default one is used on load)."""
        return {
            "kind": FORMAT,
            "log_prior": dict(self.log_prior),
            "log_likelihood": {f: dict(ops) for f, ops in self.log_likelihood.items()},
            "thesaurus": self.thesaurus is not None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], source: str = "prior") -> OperationPrior:
        """Rebuild a prior saved by `to_json`, with the default thesaurus if it had one."""
        if data.get("kind") != FORMAT:
            msg = NOT_A_PRIOR.format(path=source, kind=FORMAT)
            raise ValueError(msg)
        return cls(
            log_prior=dict(data["log_prior"]),
            log_likelihood={f: dict(ops) for f, ops in data["log_likelihood"].items()},
            thesaurus=default_thesaurus() if data.get("thesaurus") else None,
        )

    def save(self, path: str | Path) -> None:
        """Write the prior as JSON, to keep beside the domain that loads it."""
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True))

    @classmethod
    def load(cls, path: str | Path) -> OperationPrior:
        """Read a prior written by `save` (or `python -m graph fit-search`)."""
        return cls.from_json(json.loads(Path(path).read_text()), str(path))

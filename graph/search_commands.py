"""`fit-search` and `bench --catalogue`: the tool-search commands, for `graph/cli.py`.

`python -m graph fit-search --domain my_pkg.domain:DOMAIN --requests labelled.jsonl --out
my_pkg/search_prior.json` fits an operation prior on your own labelled requests (one JSON
object a line: `{"text": ..., "tool": ...}`) and saves it beside your domain, which loads it
(`LexicalRanker(prior=OperationPrior.load(...))`, docs/search.md). Nothing is fitted for
you: a prior learnt from someone else's requests does not carry over.

`python -m graph bench --catalogue aws --ranker lexical` measures a ranker on a published
catalogue (graph/evals/registry_bench.py); the measurement code is imported only then. With
`--fit-prior` it first fits a prior on the catalogue's dev requests, as `fit-search` would
(`fit_prior`), and measures the held-out ones with it: what fitting buys a user. With
`--fit-examples` the dev requests are the ranker's confirmed examples instead (or as well):
what `LexicalRanker(examples=Examples.load(...))` buys a user whose requests those were.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tools.errors import ConfigError

if TYPE_CHECKING:
    from nodes.search.operations import OperationPrior

BAD_LINE = "{path}:{line}: expected a JSON object with 'text' and 'tool' ({error})"
UNKNOWN_TOOL = "{path}:{line}: tool {tool!r} is not in domain {domain!r}"
TOO_FEW = "{path}: {n} labelled request(s); fit-search needs at least {least}"
LEAST_REQUESTS = 20
"""Fewer than this and a prior learns the examples, not the ways of asking."""


def add_search_commands(sub: Any) -> None:
    """Register `fit-search` and the catalogue options of `bench` (which must exist)."""
    bench = sub.choices["bench"]
    bench.add_argument(
        "--catalogue",
        action="append",
        metavar="NAME",
        help="instead: rank a published catalogue's labelled requests (aws, github, "
        "generated; repeat for several): recall@1/5/10 per language, latency",
    )
    bench.add_argument(
        "--ranker",
        action="append",
        choices=(
            "lexical",
            "hybrid",
            "lexical-first",
            "hybrid-unglossed",
            "hybrid-use",
            "dense-e5",
            "dense-use",
        ),
        help="with --catalogue: which ranker(s) (default lexical; the others need .[search])",
    )
    bench.add_argument(
        "--set",
        dest="request_set",
        choices=("heldout", "dev"),
        default="heldout",
        help="with --catalogue: which labelled requests (default heldout, the final figures)",
    )
    bench.add_argument(
        "--limit", type=int, metavar="N", help="with --catalogue: only the first N requests"
    )
    bench.add_argument(
        "--misses", action="store_true", help="with --catalogue: print the requests missed"
    )
    bench.add_argument(
        "--fit-prior",
        action="store_true",
        help="with --catalogue aws|github: fit an operation prior on the catalogue's dev "
        "requests (as fit-search does) and rank with it; measures the held-out set only",
    )
    bench.add_argument(
        "--fit-examples",
        action="store_true",
        help="with --catalogue aws|github: give the ranker the catalogue's dev requests as "
        "confirmed examples (LexicalRanker(examples=...)); measures the held-out set only",
    )
    fit = sub.add_parser(
        "fit-search", help="fit a tool-search operation prior on your own labelled requests"
    )
    fit.add_argument("--domain", required=True, help="the domain, module:ATTR")
    fit.add_argument(
        "--requests", required=True, metavar="FILE", help='JSON lines: {"text": ..., "tool": ...}'
    )
    fit.add_argument("--out", required=True, metavar="FILE", help="where to write the prior")


def run_search_command(args: argparse.Namespace) -> int | None:
    """Run `fit-search` or `bench --catalogue`; None when the command is neither."""
    try:
        if args.command == "fit-search":
            return _fit(args)
        if args.command == "bench" and getattr(args, "catalogue", None):
            from graph.evals.registry_bench import main_catalogue_bench

            return main_catalogue_bench(
                args.catalogue,
                args.ranker or ["lexical"],
                as_json=args.json,
                request_set=args.request_set,
                limit=args.limit,
                misses=args.misses,
                fit_prior=args.fit_prior,
                fit_examples=args.fit_examples,
            )
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    return None


def fit_prior(labelled: Iterable[tuple[str, str, str]]) -> tuple[OperationPrior, dict[str, int]]:
    """Fit an operation prior on (request, tool name, tool namespace) triples.

    What `fit-search` fits and `bench --catalogue --fit-prior` measures: each tool's
    operation is read from its name (`nodes.search.lexical.operation_of`), and the prior
    reads requests with the default thesaurus. Returns the prior and how many requests
    asked for each operation.
    """
    from nodes.search.lexical import operation_of
    from nodes.search.operations import OperationPrior
    from nodes.search.thesaurus import default_thesaurus

    examples = [(text, operation_of(name, namespace)) for text, name, namespace in labelled]
    counts: dict[str, int] = {}
    for _, operation in examples:
        counts[operation] = counts.get(operation, 0) + 1
    return OperationPrior.fit(examples, default_thesaurus()), counts


def _fit(args: argparse.Namespace) -> int:
    from tools.domain import load_domain

    domain = load_domain(args.domain)
    path = Path(args.requests)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        msg = f"{path}: cannot read it ({exc.strerror or exc})"
        raise ConfigError(msg) from None
    labelled: list[tuple[str, str, str]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            text, tool = str(row["text"]), str(row["tool"])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            msg = BAD_LINE.format(path=path, line=number, error=type(exc).__name__)
            raise ConfigError(msg) from None
        spec = domain.tools.get(tool)
        if spec is None:
            msg = UNKNOWN_TOOL.format(path=path, line=number, tool=tool, domain=args.domain)
            raise ConfigError(msg)
        labelled.append((text, spec.name, spec.namespace))
    if len(labelled) < LEAST_REQUESTS:
        msg = TOO_FEW.format(path=path, n=len(labelled), least=LEAST_REQUESTS)
        raise ConfigError(msg)
    prior, counts = fit_prior(labelled)
    prior.save(args.out)
    summary = ", ".join(f"{op} {n}" for op, n in sorted(counts.items()))
    print(f"fitted on {len(labelled)} requests ({summary}); wrote {args.out}")
    return 0

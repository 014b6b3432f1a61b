"""Registering tools for search, the ranker protocol, reading requests, and the catalogue bench.

Registries are built from an OpenAPI document, LangChain tools and an MCP tool list with
nothing but names, descriptions and schemas; a domain's own ranker is what the real tool
loader node uses; a Chinese request finds an English tool; a name in a request is a value.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest
from langchain_core.tools import StructuredTool, tool
from langgraph.runtime import Runtime
from pydantic import BaseModel

from graph.context import Context
from graph.evals.registry_bench import DenseOnly
from graph.state import State
from nodes.search.catalogue import ToolCatalogue, from_langchain, from_mcp, from_openapi
from nodes.search.lexicon import Lexicon, default_lexicon, simplified, split_values, value_hints
from nodes.search.ranker import HybridRanker, LexicalIndex, LexicalRanker
from nodes.tool_loader import tool_loader
from tests.fakes import search_spec
from tools.domain import Domain, IntentSpec
from tools.entry import ToolEntry
from tools.registry import RankIndex, ToolRegistry

ROOT = Path(__file__).resolve().parent.parent

OPENAPI: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Tiny code host"},
    "components": {
        "parameters": {
            "owner": {"name": "owner", "in": "path", "required": True,
                      "description": "The account owner of the repository. Not case sensitive."},
        },
        "schemas": {
            "Label": {"type": "object", "properties": {
                "name": {"type": "string", "description": "The label's name."},
                "color": {"type": "string", "description": "Hex colour, without the #."}}},
        },
    },
    "paths": {
        "/repos/{owner}/{repo}/labels": {
            "parameters": [{"$ref": "#/components/parameters/owner"}],
            "get": {"operationId": "issues/list-labels-for-repo", "tags": ["issues"],
                    "summary": "List labels for a repository"},
            "post": {"operationId": "issues/create-label", "tags": ["issues"],
                     "summary": "Create a label",
                     "requestBody": {"content": {"application/json": {
                         "schema": {"$ref": "#/components/schemas/Label"}}}}},
        },
        "/orgs/{org}/members": {
            "get": {"operationId": "orgs/list-members", "tags": ["orgs"],
                    "summary": "List organization members",
                    "parameters": [{"name": "org", "in": "path", "required": True,
                                    "description": "The organization name."}]},
        },
        "/enterprises/{enterprise}/teams": {
            "get": {"operationId": "enterprise-teams/list", "tags": ["enterprise-teams"],
                    "summary": "List enterprise teams"},
        },
        "/repos/{owner}/{repo}/branches/{branch}": {
            "delete": {"summary": "Delete a branch"},
        },
    },
}  # fmt: skip


# --- registries from what APIs publish ---------------------------------------------------------


def test_openapi_operations_become_entries_with_refs_followed() -> None:
    entries = {e.name: e for e in from_openapi(OPENAPI)}
    assert list(entries) == [
        "issues_list_labels_for_repo",
        "issues_create_label",
        "orgs_list_members",
        "enterprise_teams_list",
        "delete_repos_owner_repo_branches_branch",
    ]
    create = entries["issues_create_label"]
    assert create.namespace == "issues"
    assert create.description == "Create a label"
    props = create.parameters["properties"]
    assert set(props) == {"owner", "name", "color"}  # path-level $ref and body $ref followed
    assert props["owner"]["description"] == "The account owner of the repository."
    assert create.parameters["required"] == ["owner"]
    assert entries["delete_repos_owner_repo_branches_branch"].namespace == "repos"


def test_langchain_tools_become_entries_with_the_schema_the_model_sees() -> None:
    @tool
    def refund_payment(payment_id: str, amount: float) -> str:
        """Refund a captured card payment, in full or in part."""
        return "ok"

    class LookupArgs(BaseModel):
        order_id: str

    lookup = StructuredTool.from_function(
        func=lambda order_id: order_id,
        name="track_order",
        description="Where an order is: carrier, tracking number, last scan.",
        args_schema=LookupArgs,
    )
    entries = {e.name: e for e in from_langchain([refund_payment, lookup])}
    assert entries["refund_payment"].description.startswith("Refund a captured card payment")
    assert set(entries["refund_payment"].parameters["properties"]) == {"payment_id", "amount"}
    assert set(entries["track_order"].parameters["properties"]) == {"order_id"}
    catalogue = ToolCatalogue(entries.values())
    assert catalogue.rank("where is my parcel, which carrier has it?", limit=1) == ["track_order"]


def test_an_mcp_tool_list_needs_no_server_dicts_or_objects() -> None:
    class McpTool:  # the shape of the mcp SDK's Tool: attributes, camelCase schema
        name = "read_file"
        description = "Read the complete contents of a file from the file system."
        inputSchema: ClassVar[dict[str, Any]] = {  # the SDK's spelling
            "type": "object",
            "properties": {"path": {"type": "string"}},
        }

    listed = [
        {
            "name": "search_files",
            "description": "Recursively search for files matching a pattern.",
            "inputSchema": {"type": "object", "properties": {"pattern": {"type": "string"}}},
        },
        McpTool(),
    ]
    entries = from_mcp(listed, namespace="filesystem")
    assert [(e.name, e.namespace) for e in entries] == [
        ("search_files", "filesystem"),
        ("read_file", "filesystem"),
    ]
    assert entries[1].parameters["properties"] == {"path": {"type": "string"}}
    assert ToolCatalogue(entries).rank("give me the contents of notes.txt", limit=1) == [
        "read_file"
    ]
    with pytest.raises(ValueError, match="needs a 'name'"):
        from_mcp([{"description": "no name"}])


def test_a_catalogue_refuses_two_tools_with_one_name() -> None:
    twice = [ToolEntry("a", "one"), ToolEntry("a", "two")]
    with pytest.raises(ValueError, match="named 'a'"):
        ToolCatalogue(twice)


# --- reading a request -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("List the members of the wayne-enterprises org", "wayne-enterprises"),
        ("add a label to octocat/hello-world", "octocat/hello-world"),
        ('rename the "Release Notes" project', "Release Notes"),
        ("create a repo called platform_tools", "platform_tools"),
        ("invite @octocat to the team", "@octocat"),
        ("删除 my-bucket 这个存储桶", "my-bucket"),
    ],
)
def test_names_of_things_are_values_not_api_words(text: str, value: str) -> None:
    rest, values = split_values(text)
    assert value in values
    assert value not in rest


def test_ids_and_english_compounds_stay_words() -> None:
    rest, values = split_values("refund SO-43319 and send a follow-up e-mail")
    assert values == []
    assert "SO-43319" in rest


def test_resource_names_and_urls_are_values_that_still_say_their_kind() -> None:
    arn = "arn:aws:rds:us-east-1:123456789012:db:orders-prod"
    read, values = split_values(f"what tags does {arn} have")
    assert values == [arn]
    assert "123456789012" not in read
    assert value_hints(values) == ["rds", "db"]
    read, values = split_values("download s3://deploy-artifacts/releases/app.zip now")
    assert values == ["s3://deploy-artifacts/releases/app.zip"]
    assert "deploy" not in read
    assert value_hints(["s3://deploy-artifacts/app.zip"]) == ["file", "s3"]
    assert value_hints(["https://example.com/hook"]) == []
    assert value_hints(["urn:isbn:0451450523"]) == []  # not an ARN: no kind to read


def test_a_number_written_as_a_phone_number_says_phone_number() -> None:
    _read, values = split_values("can we still text +1-206-555-0147?")
    assert values == ["1-206-555-0147"]
    assert value_hints(values) == ["phone number"]
    assert value_hints(["415.555.0100"]) == ["phone number"]
    assert value_hints(["10-20-30", "2032-12-31", "2.3.0"]) == []  # too few digits, a date


def test_an_owner_slash_name_path_says_repository_and_picks_the_repository_twin() -> None:
    assert value_hints(["acme/web"]) == ["repository repo"]
    assert value_hints(["team/docs/guide.md"]) == ["file"]
    assert value_hints(["prod/payments/api-key"]) == []  # three parts: no kind to read
    twins = [
        ToolEntry(name="hooks_list_for_org", namespace="hooks",
                  description="List the webhooks of an organization."),
        ToolEntry(name="hooks_list_for_repo", namespace="hooks",
                  description="List the webhooks of a repository."),
    ]  # fmt: skip
    catalogue = ToolCatalogue(twins)
    assert catalogue.rank("which webhooks does bigco/shop have?", limit=1) == [
        "hooks_list_for_repo"
    ]
    assert catalogue.rank("which webhooks does bigco have?", limit=1) == [
        "hooks_list_for_org"
    ]  # no path: a tie, declared order


def test_a_hyphenated_word_the_catalogue_knows_stays_words() -> None:
    rest, values = split_values("move it to the dead-letter queue", lambda w: True)
    assert values == []
    assert "dead-letter" in rest


def test_chinese_is_read_longest_phrase_first() -> None:
    lexicon = default_lexicon()
    assert lexicon.english("取消订阅这个主题") == ["unsubscribe", "topic"]
    assert "repository" in lexicon.english("列出仓库的分支")


def test_common_request_words_are_read_and_a_word_is_not_split_across_two() -> None:
    lexicon = default_lexicon()
    # `随机` is one word: greedy reading must not take `机密` (secret) out of `随机密码`
    assert lexicon.english("生成随机密码") == ["generate", "create", "random", "password"]
    kv = [
        ToolEntry(name="kv_put_entry", namespace="kv", description="Write an entry."),
        ToolEntry(name="kv_get_entry", namespace="kv", description="Read an entry."),
        ToolEntry(name="kv_list_budgets", namespace="kv", description="List the budgets."),
        ToolEntry(name="kv_update_budget", namespace="kv", description="Change a budget's limit."),
    ]
    catalogue = ToolCatalogue(kv)
    assert catalogue.rank("往存储里写入一条记录", limit=1) == ["kv_put_entry"]
    assert catalogue.rank("把这个条目取出来看看", limit=1) == ["kv_get_entry"]
    assert catalogue.rank("把预算上限调到 800", limit=1) == ["kv_update_budget"]
    assert lexicon.english("把数据集的策略替换成这份") == [
        "dataset", "policy", "replace", "put"
    ]  # fmt: skip


CONFIG_TOOLS = [
    ToolEntry(name="fn_get_event_log", namespace="fn",
              description="Returns the event log of a function: each event and its age."),
    ToolEntry(name="fn_delete_retry_config", namespace="fn",
              description="Deletes the retry configuration of a function."),
    ToolEntry(name="fn_get_retry_config", namespace="fn",
              description="Gets the retry configuration of a function."),
    ToolEntry(name="fn_put_retry_config", namespace="fn",
              description="Sets the retry configuration of a function.",
              parameters={"type": "object", "properties": {
                  "maximum_attempts": {"type": "integer",
                                       "description": "How many times to retry."},
                  "maximum_event_age": {"type": "integer",
                                        "description": "Oldest event age to keep, seconds."},
                  "on_failure": {"type": "string",
                                 "description": "Where to send a failed event."}}}),
]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "what maximum attempts and event age are set for the resizer function?",
        "show me the maximum attempts and event age of the resizer function",
        "Before I change anything, tell me the maximum attempts and event age of resizer",
    ],
)
def test_a_read_is_found_by_the_fields_only_its_writes_describe(text: str) -> None:
    """The get returns what the put sets: a request asking about those fields meets it.

    Only the put names the fields, so it keeps its own weight for them; the get, which
    names none, now comes before a read of another object that shares two of the words.
    """
    ranked = ToolCatalogue(CONFIG_TOOLS).rank(text)
    assert ranked.index("fn_get_retry_config") < ranked.index("fn_get_event_log")


def test_a_request_for_a_change_is_not_pulled_to_the_read_by_its_fields() -> None:
    catalogue = ToolCatalogue(CONFIG_TOOLS)
    ranked = catalogue.rank("set maximum attempts to 2 and event age to 600 on resizer")
    assert ranked[0] == "fn_put_retry_config"
    assert ranked.index("fn_delete_retry_config") < ranked.index("fn_get_retry_config")
    # without the read's extra weights the get has no field word at all
    index = catalogue.index()
    assert isinstance(index, LexicalIndex)
    get = index.index.ids["fn_get_retry_config"]
    assert get not in {d for d, _w in index.index.postings.get("attempt", ())}
    assert get in {d for d, _w in index.index.read_postings["attempt"]}


@pytest.mark.parametrize(
    ("text", "best"),
    [
        ("Kill off the thumbnailer function, we migrated", "fn_delete_function"),
        ("Pull the admin policy off the user intern", "fn_detach_user_policy"),
        ("Someone invited me to the project. Turn it down.", "fn_decline_invitation"),
        ("back up my workspace to a branch", "fn_export_workspace"),
        ("which pricing tiers does the app offer?", "fn_list_plans"),
        ("which second-factor gadgets does the user have?", "fn_list_mfa_devices"),
        ("Stop following spam-bot from my account", "fn_unfollow_user"),
    ],
)
def test_common_ways_of_saying_an_operation_or_object_meet_the_api_word(
    text: str, best: str
) -> None:
    tools = [
        ToolEntry(name=name, namespace="fn", description=description)
        for name, description in (
            ("fn_delete_function", "Deletes a function."),
            ("fn_get_function", "Returns a function's code and settings."),
            ("fn_detach_user_policy", "Removes a policy from a user."),
            ("fn_attach_user_policy", "Gives a user a policy."),
            ("fn_get_user_policy", "Returns a policy a user has."),
            ("fn_accept_invitation", "Accepts an invitation to a project."),
            ("fn_decline_invitation", "Declines an invitation to a project."),
            ("fn_export_workspace", "Exports a workspace's changes to a branch."),
            ("fn_create_workspace", "Creates a workspace from a branch."),
            ("fn_list_plans", "Lists the plans an app's listing offers."),
            ("fn_get_app", "Returns an app and what it offers."),
            ("fn_list_mfa_devices", "Lists the MFA devices of a user."),
            ("fn_list_user_tags", "Lists the tags of a user."),
            ("fn_stop_function", "Stops a running function."),
            ("fn_unfollow_user", "Unfollows a user."),
        )
    ]
    assert ToolCatalogue(tools).rank(text, limit=1) == [best]


def test_a_name_in_the_request_does_not_pull_in_tools_it_spells() -> None:
    catalogue = ToolCatalogue(from_openapi(OPENAPI))
    ranked = catalogue.rank("who are the members of the wayne-enterprises org?")
    assert ranked[0] == "orgs_list_members"
    plain = ToolCatalogue(from_openapi(OPENAPI), LexicalRanker(lexicon=None))
    # the same text with the name read as words: the enterprise tool gains on it
    assert plain.index().rank("members wayne enterprises org")[1] == "enterprise_teams_list"


@pytest.mark.parametrize(
    ("text", "best"),
    [
        ("给这个仓库新建一个标签", "issues_create_label"),
        ("列出组织的所有成员", "orgs_list_members"),
        ("仓库里有哪些标签？", "issues_list_labels_for_repo"),
        # As Taiwan and Hong Kong type them: traditional characters read as simplified.
        ("給這個倉庫新建一個標籤", "issues_create_label"),
        ("列出組織的所有成員", "orgs_list_members"),
    ],
)
def test_chinese_requests_find_english_tools(text: str, best: str) -> None:
    catalogue = ToolCatalogue(from_openapi(OPENAPI))
    assert catalogue.rank(text, limit=1) == [best]
    assert default_lexicon().english(text) == default_lexicon().english(simplified(text))


def test_without_the_lexicon_chinese_meets_nothing_in_an_english_catalogue() -> None:
    declared = [e.name for e in from_openapi(OPENAPI)]
    bare = LexicalRanker(lexicon=None, thesaurus=None)
    without = ToolCatalogue(from_openapi(OPENAPI), bare)
    assert without.rank("给这个仓库新建一个标签") == declared  # no match: declared order


# --- the ranker protocol -----------------------------------------------------------------------


class ReversedIndex:
    """Ranks by reversed declared order: unlike any ranker that reads the request."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.queries: list[str] = []

    def rank(
        self, query: str, among: Sequence[str] | None = None, limit: int | None = None
    ) -> list[str]:
        self.queries.append(query)
        pool = [n for n in reversed(self.names) if among is None or n in among]
        return pool if limit is None else pool[:limit]


class ReversedRanker:
    def __init__(self) -> None:
        self.built: list[ReversedIndex] = []

    def build(self, entries: Sequence[ToolEntry]) -> ReversedIndex:
        index = ReversedIndex([e.name for e in entries])
        self.built.append(index)
        return index


def _no_rule(text: str, today: date) -> None:
    return None


class NoSlots(BaseModel):
    pass


def _domain(ranker: Any) -> Domain:
    tools = [search_spec(f"crm_tool_{i}", "crm", f"crm operation number {i}") for i in range(8)]
    for spec in tools:
        object.__setattr__(spec, "intents", frozenset({"crm"}))
    intent = IntentSpec(
        name="crm", description="crm", extract=_no_rule, slots_model=NoSlots, steps=(), max_tools=3
    )
    return Domain(name="custom", intents=(intent,), tools=ToolRegistry(tools), ranker=ranker)


async def test_a_custom_ranker_in_a_domain_is_what_the_loader_uses() -> None:
    ranker = ReversedRanker()
    assert isinstance(ranker, object)
    assert isinstance(ranker.build([]), RankIndex)
    ranker.built.clear()
    domain = _domain(ranker)
    runtime = Runtime(context=Context(domain=domain, roles=["admin"]))
    state = State(request="crm operation number 0", intent="crm", slots={})
    first = await tool_loader(state, runtime)
    second = await tool_loader(state, runtime)
    assert first["offered_tools"] == ["crm_tool_7", "crm_tool_6", "crm_tool_5"]
    assert second["offered_tools"] == first["offered_tools"]
    assert len(ranker.built) == 1  # indexed once per registry, not per request
    assert ranker.built[0].queries == ["crm operation number 0"] * 2
    lexical = await tool_loader(state, Runtime(context=Context(domain=_domain(None))))
    assert lexical["offered_tools"][0] == "crm_tool_0"  # the default reads the request


class KeywordEmbedder:
    """A deterministic stand-in for the embedding model: one axis per keyword."""

    axes = ("parcel", "refund", "label")

    def _vector(self, text: str) -> Any:
        v = np.array([float(k in text.lower()) for k in self.axes]) + 1e-3
        return v / np.linalg.norm(v)

    def documents(self, texts: Sequence[str]) -> Any:
        return np.stack([self._vector(t) for t in texts])

    def query(self, text: str) -> Any:
        return self._vector(text)


def test_the_hybrid_fuses_the_embedding_ranking_with_the_lexical_one() -> None:
    entries = [
        ToolEntry("a_tool", "does something about invoices"),
        ToolEntry("b_tool", "answers questions about a parcel"),
        ToolEntry("c_tool", "makes a shipping label"),
    ]
    hybrid = ToolCatalogue(entries, HybridRanker(embedder=KeywordEmbedder()))
    # no word in common with b_tool's description: only the embedding side can find it
    assert hybrid.rank("where has my parcel gone", limit=1) == ["b_tool"]
    assert hybrid.rank("print a shipping label", limit=1) == ["c_tool"]
    assert sorted(hybrid.rank("anything")) == ["a_tool", "b_tool", "c_tool"]


class RecordingEmbedder(KeywordEmbedder):
    """A keyword embedder that remembers which requests it embedded."""

    def __init__(self, axes: tuple[str, ...]) -> None:
        self.axes = axes
        self.queries: list[str] = []

    def query(self, text: str) -> Any:
        self.queries.append(text)
        return super().query(text)


def test_when_the_two_sides_disagree_the_lexical_ranking_weighs_more() -> None:
    entries = [
        ToolEntry("track_parcel", "Track a parcel."),
        ToolEntry("refund_payment", "Refund a payment to the card it was charged on."),
    ]
    request = "refund the payment for the lost parcel"
    assert ToolCatalogue(entries).rank(request) == ["refund_payment", "track_parcel"]
    embedder = RecordingEmbedder(("parcel", "other"))  # reads only "parcel"
    assert ToolCatalogue(entries, DenseOnly(embedder)).rank(request)[0] == "track_parcel"
    even = HybridRanker(embedder=embedder, lexical_weight=1.0)
    assert ToolCatalogue(entries, even).rank(request) == ["track_parcel", "refund_payment"]  # tie
    weighted = HybridRanker(embedder=embedder)
    assert ToolCatalogue(entries, weighted).rank(request) == ["refund_payment", "track_parcel"]


class ConceptEmbedder:
    """A stand-in model that knows synonyms: one axis per concept, one for none of them."""

    concepts = (("parcel", "package", "包裹"), ("refund", "money back"), ("invoice", "bill"))

    def _vector(self, text: str) -> Any:
        hits = [float(any(w in text.lower() for w in words)) for words in self.concepts]
        v = np.array([*hits, 0.0 if any(hits) else 1.0])
        return v / np.linalg.norm(v)

    def documents(self, texts: Sequence[str]) -> Any:
        return np.stack([self._vector(t) for t in texts])

    def query(self, text: str) -> Any:
        return self._vector(text)


@pytest.mark.parametrize("request_text", ["where is my package now?", "我的包裹现在在哪？"])
def test_tools_the_request_shares_no_word_with_are_ordered_by_the_embedding_alone(
    request_text: str,
) -> None:
    entries = [
        ToolEntry("archive_invoice", "Archive an invoice once it is settled."),
        ToolEntry("refund_payment", "Refund a payment to the card it was charged on."),
        ToolEntry("track_parcel", "Track a parcel in transit."),
    ]
    plain = LexicalRanker(thesaurus=None, lexicon=None)
    assert not plain.build(entries).scores(request_text)  # no word in common with any tool
    hybrid = ToolCatalogue(entries, HybridRanker(lexical=plain, embedder=ConceptEmbedder()))
    # the registry's order is no lexical ranking: the first tool listed gets no credit
    assert hybrid.rank(request_text, limit=1) == ["track_parcel"]


def test_the_embedding_model_reads_a_chinese_request_with_its_english_gloss() -> None:
    entries = [
        ToolEntry("a_tool", "does something about invoices"),
        ToolEntry("b_tool", "answers questions about a parcel"),
        ToolEntry("c_tool", "makes a shipping label"),
    ]
    seen = RecordingEmbedder(("parcel", "refund", "label"))
    lexical = LexicalRanker(lexicon=Lexicon.build({"包裹": "parcel"}))
    hybrid = ToolCatalogue(entries, HybridRanker(lexical=lexical, embedder=seen))
    hybrid.rank("我的包裹 ORD-7 到哪了", limit=1)
    hybrid.rank("where has my parcel gone", limit=1)
    (chinese, english) = seen.queries
    assert "包裹" in chinese
    assert chinese.endswith("parcel")  # glossed by the lexical side's lexicon
    assert english == "where has my parcel gone"  # nothing to gloss
    silent = RecordingEmbedder(("parcel",))
    plain = HybridRanker(lexical=LexicalRanker(lexicon=None), embedder=silent)
    ToolCatalogue(entries, plain).rank("我的包裹到哪了", limit=1)
    assert silent.queries == ["我的包裹到哪了"]


def _graph(*args: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """`python -m graph ARGS` from the project root, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "graph", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )


# --- the bench on a small slice ----------------------------------------------------------------


def test_bench_catalogue_runs_on_a_slice_and_reports_per_language() -> None:
    proc = _graph("bench", "--catalogue", "generated", "--limit", "12", "--json", timeout=300)
    assert proc.returncode == 0, proc.stderr
    (result,) = json.loads(proc.stdout)
    assert result["catalogue"] == "generated"
    assert result["tools"] == 1000
    rows = {row["lang"]: row for row in result["rows"]}
    assert rows["all"]["requests"] == 12
    assert sum(rows[lang]["requests"] for lang in rows if lang != "all") == 12
    for row in rows.values():
        for k in ("1", "5", "10"):
            low, high = row["interval"][k]
            assert low <= row["recall"][k] <= high
        assert row["hits"]["1"] <= row["hits"]["5"] <= row["hits"]["10"]
    assert result["latency_ms"]["median"] > 0


@pytest.mark.parametrize("name", ["aws", "github"])
def test_real_catalogues_load_and_every_label_names_one_of_their_tools(name: str) -> None:
    from graph.evals.catalogues.real import entries, requests

    names = {e.name for e in entries(name)}
    assert len(names) > 1000
    labelled = requests(name, "dev")
    assert len(labelled) >= 150
    rounds = 5  # 0, 1, 3, 4, 5: each a third in Chinese, give or take a request
    assert sum(r.lang == "zh" for r in labelled) >= len(labelled) // 3 - rounds
    for r in (*labelled, *requests(name, "heldout")):  # held-out is empty between rounds
        assert r.tools, r
        assert set(r.tools) <= names, r


def test_an_unknown_catalogue_is_one_line_not_a_traceback() -> None:
    proc = _graph("bench", "--catalogue", "nope", timeout=120)
    assert proc.returncode != 0
    assert proc.stderr.strip().startswith("error: no catalogue 'nope'")
    assert "Traceback" not in proc.stderr


def _split_dev(tmp: Path, monkeypatch: pytest.MonkeyPatch, name: str, dev: int, held: int) -> None:
    """Point the bench at request files cut from a catalogue's dev set: its first `dev`
    lines as dev, the next `held` as held-out (the real held-out is empty between rounds)."""
    from graph.evals.catalogues import real

    lines = (real.HERE / f"{name}.dev.jsonl").read_text(encoding="utf-8").splitlines()
    (tmp / f"{name}.dev.jsonl").write_text("\n".join(lines[:dev]) + "\n", encoding="utf-8")
    (tmp / f"{name}.heldout.jsonl").write_text(
        "".join(line + "\n" for line in lines[dev : dev + held]), encoding="utf-8"
    )
    monkeypatch.setattr(real, "HERE", tmp)


def test_bench_fits_a_prior_on_dev_and_measures_held_out_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graph.evals.registry_bench import run_catalogue_bench

    _split_dev(tmp_path, monkeypatch, "github", dev=60, held=12)
    said: list[str] = []
    result = run_catalogue_bench("github", fit_prior=True, runs=1, progress=said.append)
    assert result.ranker == "lexical+prior(dev)"
    assert result.request_set == "heldout"
    assert result.rows[0].requests == 12
    assert any("fitted an operation prior on 60 dev requests" in line for line in said)


def test_bench_prior_is_labelled_with_its_size_and_refused_where_it_cannot_apply(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graph.evals.registry_bench import run_catalogue_bench
    from tools.errors import ConfigError

    _split_dev(tmp_path, monkeypatch, "aws", dev=40, held=3)
    small = run_catalogue_bench("aws", fit_prior=True, prior_size=30, runs=1)
    assert small.ranker == "lexical+prior(dev[:30])"
    with pytest.raises(ConfigError, match="cannot measure them"):
        run_catalogue_bench("aws", request_set="dev", fit_prior=True, limit=3)
    with pytest.raises(ConfigError, match="no lexical side"):
        run_catalogue_bench("aws", "dense-e5", fit_prior=True, limit=3)


def test_an_empty_held_out_set_is_one_line_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graph.evals.registry_bench import run_catalogue_bench
    from tools.errors import ConfigError

    _split_dev(tmp_path, monkeypatch, "aws", dev=5, held=0)
    with pytest.raises(ConfigError, match=r"no labelled heldout requests .*aws\.heldout\.jsonl"):
        run_catalogue_bench("aws", runs=1)
    assert run_catalogue_bench("aws", request_set="dev", runs=1).rows[0].requests == 5


def test_bench_refuses_to_fit_a_prior_on_the_set_it_measures() -> None:
    proc = _graph("bench", "--catalogue", "aws", "--set", "dev", "--fit-prior", timeout=120)
    assert proc.returncode != 0
    assert proc.stderr.strip().startswith("error: --fit-prior fits on the dev requests")
    assert "Traceback" not in proc.stderr
    assert not proc.stdout


# --- fit-search --------------------------------------------------------------------------------


def test_fit_search_writes_a_prior_the_domain_can_load(tmp_path: Path) -> None:
    from graph.evals.catalogues.generated import TRAINING_QUERIES
    from nodes.search.operations import OperationPrior

    labelled = tmp_path / "labelled.jsonl"
    labelled.write_text(
        "\n".join(json.dumps({"text": q.text, "tool": q.tool}) for q in TRAINING_QUERIES[:80])
    )
    out = tmp_path / "search_prior.json"
    fit = ("fit-search", "--domain", "graph.evals.catalogues.generated:DOMAIN")
    fit += ("--requests", str(labelled), "--out", str(out))
    proc = _graph(*fit, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("fitted on 80 requests")
    prior = OperationPrior.load(out)
    posterior = prior.posterior("how many tickets are open")
    assert max(posterior, key=posterior.__getitem__) == "count"
    labelled.write_text(json.dumps({"text": "x", "tool": "no_such_tool"}))
    bad = _graph(*fit, timeout=300)
    assert bad.returncode != 0
    assert "no_such_tool" in bad.stderr
    assert "Traceback" not in bad.stderr


FEED_TOOLS = [
    ToolEntry(name="feed_put_filter", namespace="feed",
              description="Sets the keyword filter of a feed: which keywords hide a post and "
                          "how long a hidden post stays hidden."),
    ToolEntry(name="feed_get_filter", namespace="feed",
              description="Gets the filter of a feed."),
    ToolEntry(name="feed_star", namespace="feed", description="Stars a feed."),
    ToolEntry(name="feed_unstar", namespace="feed", description="Removes a star from a feed."),
    ToolEntry(name="feed_check_starred", namespace="feed",
              description="Whether you starred a feed."),
    ToolEntry(name="feed_remove_tags", namespace="feed", description="Removes tags from a feed."),
    ToolEntry(name="mail_untag", namespace="mail", description="Untags a mailbox."),
]  # fmt: skip


def test_a_question_is_answered_by_the_read_though_the_write_matches_more_words() -> None:
    question = "which keywords hide posts in my feed?"
    assert ToolCatalogue(FEED_TOOLS).rank(question, limit=1) == ["feed_get_filter"]
    plain = LexicalRanker(read_damp=0.0)
    assert ToolCatalogue(FEED_TOOLS, plain).rank(question, limit=1) == ["feed_put_filter"]
    # a request for the change still gets the write
    change = "hide posts with the keyword crypto in the news feed for a week"
    assert ToolCatalogue(FEED_TOOLS).rank(change, limit=1) == ["feed_put_filter"]


@pytest.mark.parametrize(
    "text",
    [
        "remove my star from the news feed",
        "lift my star off the news feed",
        "取消对新闻 feed 的 star",
    ],
)
def test_undoing_an_action_asks_for_the_registry_s_un_verb(text: str) -> None:
    ranked = ToolCatalogue(FEED_TOOLS).rank(text)
    assert ranked.index("feed_unstar") < ranked.index("feed_star")


def test_an_un_verb_is_inferred_only_where_the_registry_pairs_it() -> None:
    catalogue = ToolCatalogue(FEED_TOOLS)
    index = catalogue.index()
    assert isinstance(index, LexicalIndex)
    assert index.index.undo_verbs == frozenset({"unstar"})  # `untag` has no `tag` beside it
    assert catalogue.rank("remove the owner tag from the news feed", limit=1) == [
        "feed_remove_tags"
    ]


def test_a_request_opening_with_a_change_is_not_answered_by_a_read() -> None:
    tools = [
        ToolEntry(name="hooks_list_stale_hooks", namespace="hooks",
                  description="Lists the stale webhooks of a repository that failed their "
                              "last deliveries."),
        ToolEntry(name="hooks_delete_hook", namespace="hooks",
                  description="Deletes a webhook."),
    ]  # fmt: skip
    change = "delete the stale webhook of acme/web that failed its last deliveries"
    assert ToolCatalogue(tools).rank(change, limit=1) == ["hooks_delete_hook"]
    plain = LexicalRanker(write_damp=0.0)
    assert ToolCatalogue(tools, plain).rank(change, limit=1) == ["hooks_list_stale_hooks"]
    index = ToolCatalogue(tools).index()
    assert isinstance(index, LexicalIndex)
    assert index.index.opens_with_change("please delete it")
    assert index.index.opens_with_change("can you get rid of it", index.thesaurus)
    assert not index.index.opens_with_change("list the stale hooks")
    assert not index.index.opens_with_change("frobnicate the hooks")  # no tool's verb

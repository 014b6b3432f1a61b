"""The lexical tool search and the generated registry it is measured on: exact, no timings.

Tokens, stems and Chinese bigrams are checked one by one; ranking on a tiny registry and on
hand-picked requests against the 1,000-tool registry is checked by exact expected results.
The labelled set is checked for honesty (paraphrases, not copies; a third Chinese) and its
recall@5 is computed with the real loader; the benchmark prints it, this guards it from
silently getting worse.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from graph.evals.catalogues.generated import (
    FIFTH_QUERIES,
    FOURTH_QUERIES,
    HELDOUT_QUERIES,
    LABELLED_QUERIES,
    REGIONS,
    THIRD_QUERIES,
    TRAINING_QUERIES,
    build_domain,
    catalogue,
    protected_names,
    select,
)
from graph.evals.registry_bench import render_registry_bench, run_registry_bench
from nodes.search import lexical as search
from nodes.search.lexical import SearchIndex, object_groups, query_text, split_name, stem, tokenize
from nodes.search.ranker import LexicalRanker
from nodes.tool_loader import candidates, rank_tools
from tests.fakes import search_spec
from tools.contract import ToolSpec
from tools.errors import ConfigError
from tools.registry import ToolRegistry

# --- tokens ----------------------------------------------------------------------------------


def test_snake_and_camel_case_split_into_words() -> None:
    assert tokenize("billing_refund_payment") == ["bill", "refund", "payment"]
    assert tokenize("getInvoiceHistory APIKey") == ["get", "invoic", "history", "api", "key"]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("invoices", "invoice"),
        ("refunded", "refund"),
        ("archived", "archive"),
        ("shipping", "ship"),
        ("cancelled", "cancel"),
        ("policies", "policy"),
        ("addresses", "address"),
    ],
)
def test_inflections_meet_at_one_stem(a: str, b: str) -> None:
    assert stem(a) == stem(b)


def test_stop_words_go_but_not_and_numbers_stay() -> None:
    assert tokenize("Please show me the invoice for order 10086") == [
        "show",
        "invoic",
        "order",
        "10086",
    ]
    assert "not" in tokenize("do not use it")


def test_ids_split_into_prefix_and_number() -> None:
    assert tokenize("INV-2291") == ["inv", "2291"]


def test_an_id_prefix_survives_even_when_it_spells_a_stop_word() -> None:
    # `SO-` (sales order) and `IN-` (incident) are the only words naming the object here.
    assert tokenize("kill SO-77120") == ["kill", "so", "77120"]
    assert tokenize("how bad is IN-512") == ["bad", "in", "512"]
    assert tokenize("so it is in") == []


def test_chinese_becomes_overlapping_bigrams_beside_latin_words() -> None:
    assert tokenize("查询订单10086") == ["查询", "询订", "订单", "10086"]
    assert tokenize("退款 PAY-1") == ["退款", "pay", "1"]
    assert tokenize("查") == ["查"]


def test_query_text_adds_slot_names_and_scalar_values() -> None:
    text = query_text("refund it", {"payment_id": "PAY-1", "flag": True, "nested": {"a": 1}})
    assert text == "refund it payment_id PAY-1"


# --- ranking on a tiny registry --------------------------------------------------------------


class _IdArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invoice_id: str = Field(description="Invoice number, e.g. INV-2291.")


def _spec(name: str, namespace: str, description: str) -> ToolSpec:
    return search_spec(name, namespace, description, _IdArgs)


TINY = [
    _spec("billing_get_invoice", "billing", "Fetch one invoice by its number."),
    _spec("billing_void_invoice", "billing", "Void an unpaid invoice so it is no longer due."),
    _spec("billing_refund_payment", "billing", "Refund a payment to the customer's card."),
    _spec("hr_get_employee", "hr", "Look up an employee record. 查询员工档案。"),
]


def test_rank_orders_by_bm25_and_keeps_declared_order_on_ties() -> None:
    index = SearchIndex.build(TINY)
    names = [s.name for s in TINY]
    assert index.rank("refund the customer's card payment", names, 1) == ["billing_refund_payment"]
    assert index.rank("void invoice INV-7", names, 2) == [
        "billing_void_invoice",
        "billing_get_invoice",
    ]
    assert index.rank("查询员工", names, 1) == ["hr_get_employee"]
    # Nothing matches: the candidates come back exactly as given.
    assert index.rank("zebra", list(reversed(names))) == list(reversed(names))


def test_rank_only_ever_returns_the_candidates_it_was_given() -> None:
    index = SearchIndex.build(TINY)
    among = ["hr_get_employee", "billing_get_invoice"]
    assert index.rank("refund the invoice payment", among) == [
        "billing_get_invoice",
        "hr_get_employee",
    ]
    assert index.rank("refund the payment", among) == among  # neither matches: as given


def test_registry_rebuilds_its_index_after_a_registration() -> None:
    registry = ToolRegistry(TINY[:1])
    ranker = LexicalRanker()
    first = registry.ranked_by(ranker)
    assert registry.ranked_by(ranker) is first  # built once per ranker
    assert first.rank("refund the payment") == ["billing_get_invoice"]
    registry.register(TINY[2])
    assert registry.ranked_by(ranker).rank("refund the payment")[0] == "billing_refund_payment"


DEALS = [
    _spec("crm_get_deal", "crm", "Fetch one deal, an opportunity in the sales pipeline."),
    _spec("crm_list_deals", "crm", "List deals, newest first, filtered by stage."),
    _spec("crm_archive_deal", "crm", "Archive a deal, an opportunity in the sales pipeline."),
    _spec("crm_log_call", "crm", "Log a phone call about a deal."),
    _spec("crm_list_leads", "crm", "List leads, newest first."),
    _spec("crm_list_accounts", "crm", "List customer accounts, newest first."),
]
"""Three tools on one object whose descriptions name it unevenly, and tools on others."""


def test_object_groups_come_from_names() -> None:
    named = [(s.name, s.namespace) for s in DEALS]
    named += [("crm_get_deal_history", "crm"), ("hr_get_deal", "hr")]
    # `log_call` acts on a call; `get_deal_history` contains `deal`; hr is another system.
    assert object_groups(named) == [[0, 1, 2, 6]]
    assert split_name("crm_list_deals", "crm") == ("list", ("deal",))
    assert split_name("record_metric", "metrics") == ("record", ("metric",))


@pytest.mark.parametrize(("even_out", "listed"), [(0.0, False), (search.EVEN_OUT, True)])
def test_the_verb_not_the_objects_wording_picks_among_its_tools(
    even_out: float, listed: bool
) -> None:
    # "pipeline" and "opportunity" describe the object; only two of its three tools say so.
    # Plain BM25 (0.0) lets those words outvote "list"; evened out, the verb decides.
    index = SearchIndex.build(DEALS, even_out=even_out)
    names = [s.name for s in DEALS]
    first = index.rank("list the opportunities in our pipeline", names, 1)
    assert (first == ["crm_list_deals"]) is listed
    # A word of the object that is also some tool's verb is never evened out.
    assert index.rank("log it", names, 1) == ["crm_log_call"]


# --- the generated registry ------------------------------------------------------------------


def test_generation_is_deterministic_and_exactly_n() -> None:
    first = [t.name for t in select(1000)]
    assert first == [t.name for t in select(1000)]
    assert len(first) == len(set(first)) == 1000
    assert protected_names() <= set(first)
    many = select(len(catalogue()) + 50)
    assert len(many) == len(catalogue()) + 50
    assert any(f"_{REGIONS[0]}_" in t.name for t in many)


@pytest.mark.parametrize("n", [10, 10**6])
def test_impossible_sizes_are_a_config_error(n: int) -> None:
    with pytest.raises(ConfigError, match="between"):
        select(n)


def test_registry_has_namespaces_permissions_and_chinese_glosses() -> None:
    domain = build_domain()
    specs = list(domain.tools)
    assert len({s.namespace for s in specs}) == 20
    assert all(s.permission and s.permission.startswith(f"{s.namespace}:") for s in specs)
    assert all(re.search(r"[\u4e00-\u9fff]", s.description) for s in specs)
    assert all(re.fullmatch(r"[a-z0-9_]{1,64}", s.name) for s in specs)


def test_every_labelled_tool_is_a_candidate_of_its_intent() -> None:
    domain = build_domain()
    everything = domain.permissions(("admin",))
    for q in (*TRAINING_QUERIES, *FIFTH_QUERIES):
        slots = {"namespace": q.namespace} if q.namespace else {}
        pool = {s.name for s in candidates(domain, domain.intent(q.intent), everything, slots)}
        assert q.tool in pool, q


@pytest.mark.parametrize(
    "queries",
    [LABELLED_QUERIES, HELDOUT_QUERIES, THIRD_QUERIES, FOURTH_QUERIES, FIFTH_QUERIES],
    ids=["first", "second", "third", "fourth", "fifth"],
)
def test_labelled_queries_paraphrase_and_include_chinese(queries: tuple[Any, ...]) -> None:
    descriptions = {s.name: s.description.lower() for s in build_domain().tools}
    chinese = [q for q in queries if q.lang == "zh"]
    assert len(queries) >= 150
    assert len(chinese) >= len(queries) // 4
    for q in queries:
        assert q.tool not in q.text, q
        # No four consecutive content words of the request (stop words dropped, stemmed)
        # follow each other in the tool's description: requests are not lifted from it.
        words = [t for t in tokenize(q.text) if t.isascii()]
        text = " ".join(t for t in tokenize(descriptions[q.tool]) if t.isascii())
        for i in range(len(words) - 3):
            assert " ".join(words[i : i + 4]) not in text, q


@pytest.mark.parametrize(
    ("text", "intent", "best"),
    [
        ("Give the customer their money back for payment PAY-11456", "customer_service",
         "billing_refund_payment"),
        ("Key AK-8863 leaked on GitHub, kill it immediately", "engineering_ops",
         "security_revoke_api_key"),
        ("Bob forgot his password, send him a link to set a new one", "engineering_ops",
         "identity_reset_password"),
        ("运单 SH-8854 现在到哪了？物流轨迹发我", "customer_service", "shipping_track_shipment"),
        ("回滚 DP-2214 这次发布", "engineering_ops", "devops_rollback_deployment"),
        ("把 U-4375 移出财务组", "engineering_ops", "identity_remove_user_from_group"),
    ],
)  # fmt: skip
def test_hand_picked_requests_rank_their_tool_first(text: str, intent: str, best: str) -> None:
    domain = build_domain()
    spec = domain.intent(intent)
    offered, total = rank_tools(domain, spec, domain.permissions(("admin",)), text, {}, 5)
    assert total > 100
    assert offered[0] == best


def test_a_namespace_slot_narrows_the_candidates_and_a_bad_one_is_ignored() -> None:
    domain = build_domain()
    intent = domain.intent("engineering_ops")
    everything = domain.permissions(("admin",))
    narrowed = candidates(domain, intent, everything, {"namespace": "identity"})
    assert narrowed
    assert {s.namespace for s in narrowed} == {"identity"}
    unknown = candidates(domain, intent, everything, {"namespace": "payroll"})
    assert len(unknown) == len(candidates(domain, intent, everything, {}))


async def test_recall_on_the_labelled_set_is_computed_with_the_real_loader() -> None:
    result = await run_registry_bench(1000, runs=1)
    assert result.tools == 1000
    assert result.queries == len(TRAINING_QUERIES) + len(FIFTH_QUERIES)
    hits = result.queries - len(result.misses)
    assert result.recall == pytest.approx(hits / result.queries)

    def hits_in(group: tuple[Any, ...]) -> int:
        texts = {q.text for q in group}
        return len(texts) - sum(m.text in texts for m in result.misses)

    # Deterministic, not a timing: 863 of 878 at the time of writing; 194 of the 200 blind
    # requests (0.970). Without the operation prior: 180 (0.900), which fails here.
    assert hits >= 860
    assert hits_in(FIFTH_QUERIES) >= 192
    assert result.recall_by_set["fifth set (blind)"] == hits_in(FIFTH_QUERIES) / 200
    assert result.queries_by_set == {
        "first set": len(LABELLED_QUERIES),
        "second set": len(HELDOUT_QUERIES),
        "third set": len(THIRD_QUERIES),
        "fourth set": len(FOURTH_QUERIES),
        "fifth set (blind)": len(FIFTH_QUERIES),
    }
    # Each training set, ranked with a prior that never saw it, still gains on the words.
    assert set(result.cross_validated) == {"first set", "second set", "third set", "fourth set"}
    assert min(result.cross_validated.values()) >= 0.92
    # The blind set's misses are counted, never printed: read, they would be tuned on.
    fifth = {q.text for q in FIFTH_QUERIES}
    assert [m.text for m in result.misses if m.blind] == [
        m.text for m in result.misses if m.text in fifth
    ]
    report = render_registry_bench(result)
    assert f"and {200 - hits_in(FIFTH_QUERIES)} of the fifth set (blind), not shown" in report
    assert not any(m.text in report for m in result.misses if m.blind)
    assert all(m.text in report for m in result.misses if not m.blind)
    assert result.recall_widened > result.recall
    assert result.tokens_per_call <= 0.10 * result.tokens_all
    assert all(m.tool not in m.offered for m in result.misses)

"""The operation prior: which generic operation a request asks for. Exact, no timings."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.evals.catalogues.generated import generated_prior
from nodes.search.lexical import SearchIndex, operation_of
from nodes.search.operations import PRIOR_WEIGHT, OperationPrior, features
from tests.fakes import search_spec
from tools.contract import ToolSpec


@pytest.mark.parametrize(
    ("name", "namespace", "operation"),
    [
        ("crm_list_opportunities", "crm", "list"),
        ("crm_get_opportunity", "crm", "get"),
        ("crm_get_opportunity_history", "crm", "history"),
        ("billing_refund_payment", "billing", "other"),
        ("createInvoice", "billing", "create"),  # camelCase, no namespace prefix
        ("record_metric", "metrics", "other"),
    ],
)
def test_a_tools_operation_is_read_from_its_name(name: str, namespace: str, operation: str) -> None:
    assert operation_of(name, namespace) == operation


def test_features_keep_the_small_words_that_name_an_operation() -> None:
    found = features("How many tickets are open?", None)
    assert {"how_many", "^how", "^many", "ticket", "open"} <= found
    assert "how" not in found  # a stop word alone is not a search token


EXAMPLES = [
    ("how many tickets are open", "count"),
    ("how many invoices did we send", "count"),
    ("show me ticket TK-1", "get"),
    ("show me invoice INV-9", "get"),
    ("change the priority of TK-2", "update"),
]


def test_the_prior_learns_which_words_say_which_operation() -> None:
    prior = OperationPrior.fit(EXAMPLES)
    counting = prior.posterior("how many orders shipped")
    assert max(counting, key=counting.__getitem__) == "count"
    assert sum(counting.values()) == pytest.approx(1.0)
    # Words it never saw say nothing: the posterior is the share of each operation.
    assert prior.posterior("zebra") == pytest.approx({"count": 0.4, "get": 0.4, "update": 0.2})
    assert OperationPrior.fit([]).posterior("anything") == {}
    assert prior.bonus("how many orders")["count"] == pytest.approx(
        PRIOR_WEIGHT * prior.posterior("how many orders")["count"]
    )


def _spec(name: str, description: str) -> ToolSpec:
    return search_spec(name, "crm", description)


DEALS = [
    _spec("crm_list_deals", "Deals in the sales pipeline."),
    _spec("crm_count_deals", "Deals in the sales pipeline."),
    _spec("crm_get_lead", "One lead."),
]


def test_the_prior_reorders_matching_tools_and_adds_none() -> None:
    index = SearchIndex.build(DEALS)
    names = [s.name for s in DEALS]
    prior = OperationPrior.fit(EXAMPLES)
    # The words tie the two deal tools: declared order without the prior, count with it.
    assert index.rank("how many deals", names, 1) == ["crm_list_deals"]
    assert index.rank("how many deals", names, 1, prior=prior) == ["crm_count_deals"]
    # A tool sharing no word with the request gains nothing, whatever its operation.
    assert index.rank("how many deals", names, prior=prior)[-1] == "crm_get_lead"
    assert index.rank("zebra", names, prior=prior) == names


@pytest.mark.parametrize(
    ("text", "operation"),
    [
        ("How many refunds did we issue last week?", "count"),
        ("which invoices are still overdue", "list"),
        ("who changed the discount on this quote", "history"),
        ("新建一个供应商", "create"),
    ],
)
def test_a_prior_fitted_on_labelled_requests_knows_the_everyday_ways_of_asking(
    text: str, operation: str
) -> None:
    posterior = generated_prior().posterior(text)
    assert max(posterior, key=posterior.__getitem__) == operation


def test_a_saved_prior_loads_back_and_gives_the_same_posterior(tmp_path: Path) -> None:
    path = tmp_path / "search_prior.json"
    generated_prior().save(path)
    loaded = OperationPrior.load(path)
    text = "how many open tickets are there"
    assert loaded.posterior(text) == pytest.approx(generated_prior().posterior(text))


def test_a_file_that_is_not_a_prior_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"kind": "something-else"}')
    with pytest.raises(ValueError, match="not an operation prior"):
        OperationPrior.load(path)


def test_no_prior_is_in_the_default_ranker() -> None:
    from nodes.search.ranker import default_ranker

    assert default_ranker().prior is None

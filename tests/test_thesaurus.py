"""Query expansion: phrases users type → the API words tool names use. Exact, no timings."""

from __future__ import annotations

from nodes.search.lexical import SearchIndex
from nodes.search.thesaurus import SYNONYMS, Thesaurus, default_thesaurus
from tests.fakes import search_spec
from tools.contract import ToolSpec


def test_phrases_match_whole_words_with_inflections_folded() -> None:
    th = Thesaurus.build({"cancel": ("call off",), "create": ("add",)})
    assert th.targets("They called off the order") == ["cancel"]
    assert th.targets("Calling it off") == []  # the words must be adjacent, in order
    assert th.targets("change the address") == []  # `add` is not a word of `address`
    assert th.targets("add a note") == ["create"]


def test_chinese_phrases_match_as_substrings_and_each_target_counts_once() -> None:
    th = Thesaurus.build({"cancel": ("取消", "撤销"), "count": ("多少个",)})
    assert th.targets("帮我取消并撤销订单") == ["cancel"]
    assert th.targets("一共有多少个工单") == ["count"]
    assert th.targets("no chinese here") == []


def test_the_default_table_covers_the_generic_api_verbs_in_both_languages() -> None:
    th = default_thesaurus()
    assert th.targets("how many tickets are open") == ["count"]
    assert "history audit" in th.targets("who changed the price")
    assert th.targets("统计本月新建的工单数量") == ["create new", "count"]
    for target in (
        "create new",
        "get details describe",
        "list describe",
        "update change",
        "delete remove",
        "count",
    ):
        assert any(0x4E00 <= ord(c) <= 0x9FFF for p in SYNONYMS[target] for c in p), target


def _spec(name: str, description: str) -> ToolSpec:
    return search_spec(name, "orders", description)


ORDERS = [
    _spec("orders_get_order", "Fetch one order by its id."),
    _spec("orders_update_order", "Change an order's lines before it ships."),
    _spec("orders_cancel_order", "Cancel an order that has not shipped."),
]


def test_expansion_reaches_the_api_word_plain_bm25_cannot() -> None:
    index = SearchIndex.build(ORDERS)
    names = [s.name for s in ORDERS]
    request = "the customer wants to call off the order"
    assert index.rank(request, names, 1) == ["orders_get_order"]  # ties: declared order
    th = Thesaurus.build({"cancel": ("call off",)})
    assert index.rank(request, names, 1, thesaurus=th) == ["orders_cancel_order"]


def test_an_inferred_word_counts_less_than_a_typed_one() -> None:
    index = SearchIndex.build(ORDERS)
    th = Thesaurus.build({"cancel": ("call off",)})
    typed = index.scores("cancel the order")
    inferred = index.scores("call off the order", th)
    cancel = index.ids["orders_cancel_order"]
    get = index.ids["orders_get_order"]
    # `order` is typed in both; `cancel` only adds its weight times the thesaurus weight.
    assert inferred[cancel] - inferred[get] == (typed[cancel] - typed[get]) * th.weight
    # A word the request already has is not counted twice.
    both = index.scores("call off, cancel the order", th)
    assert both[cancel] == typed[cancel]


def test_a_question_that_names_no_change_asks_to_read() -> None:
    th = Thesaurus.build({"cancel": ("call off",)})
    assert th.targets("what webhooks are configured on the payments repo?") == ["get list"]
    assert th.targets("are there any interaction limits on this repository") == ["get list"]
    assert th.targets("这个仓库有哪些 webhook") == ["get list"]
    assert th.targets("can you delete the old webhook?") == []  # a request for a change
    assert th.targets("could we call off the order?") == ["cancel"]
    assert th.targets("show the webhooks of the payments repo") == []  # not a question
    silent = Thesaurus.build({"cancel": ("call off",)}, question_reads=False)
    assert silent.targets("what webhooks are configured?") == []


def test_a_question_ranks_the_read_of_an_object_above_its_writes() -> None:
    tools = [
        search_spec("hooks_create_webhook", "hooks", "Create a webhook configured on a repository"),
        search_spec("hooks_update_webhook", "hooks", "Update a webhook configured on a repository"),
        search_spec("hooks_list_webhooks", "hooks", "Lists webhooks of a repository"),
    ]
    index = SearchIndex.build(tools)
    question = "what webhooks are configured on the payments repo?"
    plain = index.rank(question, thesaurus=Thesaurus.build({}, question_reads=False))
    assert plain[0] != "hooks_list_webhooks"  # the write's wording matches more words
    assert index.rank(question, thesaurus=Thesaurus.build({}), verb_bonus=2.0)[0] == (
        "hooks_list_webhooks"
    )

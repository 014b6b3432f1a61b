"""Query expansion: phrases users type → the API words tool names use. Exact, no timings."""

from __future__ import annotations

from nodes.search.lexical import SearchIndex
from nodes.search.lexicon import Lexicon
from nodes.search.thesaurus import SYNONYMS, Thesaurus, default_thesaurus
from tests.fakes import search_spec
from tools.contract import ToolSpec


def test_phrases_match_whole_words_with_inflections_folded() -> None:
    th = Thesaurus.build({"cancel": ("call off",), "create": ("add",)})
    assert th.targets("They called off the order") == ["cancel"]
    assert th.targets("off they went to call") == []  # the words must come in order
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
    # a yes/no question about what is asks for a check, too
    assert th.targets("are there any interaction limits on this repository") == [
        "get list",
        "check",
    ]
    assert th.targets("这个仓库有哪些 webhook") == ["get list"]
    assert th.targets("这个仓库有没有开启 webhook？") == ["get list", "check"]
    # a question that already names a read keeps it alone
    assert Thesaurus.build({"count": ("how many",)}).targets("how many hooks are there?") == [
        "count"
    ]
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


def test_a_question_about_what_is_reads_even_with_a_change_word_in_it() -> None:
    th = Thesaurus.build({"update change": ("configure", "设置")})
    about = "how is the immutable releases policy configured for the org?"
    assert th.reads(about)
    assert "get list" in th.targets(about)
    assert th.reads("组织的不可变 release 策略现在是怎么设置的？")
    assert not th.reads("can you configure the policy for the org?")  # a request
    assert not th.reads("能不能帮我设置一下这个策略？")
    assert not th.reads("configure the policy")  # not a question
    tools = [
        search_spec("orgs_set_release_policy", "orgs", "Sets the release policy of an org"),
        search_spec("orgs_get_release_policy", "orgs", "Gets the release policy of an org"),
    ]
    index = SearchIndex.build(tools)
    asked = "组织 acme 的 release 策略现在是怎么设置的？"
    lexicon = Lexicon.build({"组织": "org", "策略": "policy", "设置": "set"})
    ranked = index.rank(asked, thesaurus=th, lexicon=lexicon, verb_bonus=2.0)
    assert ranked[0] == "orgs_get_release_policy"
    request = "帮我把组织 acme 的 release 策略设置成 strict"
    ranked = index.rank(request, thesaurus=th, lexicon=lexicon, verb_bonus=2.0)
    assert ranked[0] == "orgs_set_release_policy"


def test_a_phrasal_verb_matches_with_its_object_between_verb_and_particle() -> None:
    th = Thesaurus.build({"delete remove": ("take off",), "create": ("set up",)})
    assert th.targets("take bob off the rota") == ["delete remove"]
    assert th.targets("set the nightly export up") == ["create"]
    assert th.targets("take the long road home, then off to bed") == []  # too far apart
    assert Thesaurus.build({"cancel": ("call",)}).targets("call it off") == ["cancel"]
    teams = [
        search_spec("teams_add_team_member", "teams", "Add a person to a team."),
        search_spec("teams_remove_team_member", "teams", "Remove a person from a team."),
    ]
    index = SearchIndex.build(teams)
    request = "please take bob off the night shift team"
    assert index.rank(request, limit=1, thesaurus=default_thesaurus()) == [
        "teams_remove_team_member"
    ]
    assert index.rank(
        "please take bob out of the night shift team", limit=1, thesaurus=default_thesaurus()
    ) == ["teams_remove_team_member"]


def test_a_short_form_meets_the_word_a_description_spells_out() -> None:
    tools = [
        search_spec("deploy_list_variables", "deploy", "List the variables of a project."),
        search_spec("deploy_list_environments", "deploy", "List the environments of a project."),
        search_spec("deploy_get_certificate", "deploy", "Get the TLS certificate of a site."),
    ]
    index = SearchIndex.build(tools)
    th = default_thesaurus()
    assert index.rank("show me every env of the shop project", limit=1) == [
        "deploy_list_variables"
    ]  # plain BM25: `env` meets nothing, a tie on `project`
    assert index.rank("show me every env of the shop project", limit=1, thesaurus=th) == [
        "deploy_list_environments"
    ]
    assert index.rank("when does the cert expire?", limit=1, thesaurus=th) == [
        "deploy_get_certificate"
    ]


def test_a_question_about_what_is_favours_every_read_verb_not_only_the_one_it_names() -> None:
    tools = [
        search_spec(
            "branches_update_protection",
            "branches",
            "Update the protection of a branch: which teams may push.",
        ),
        search_spec(
            "branches_get_push_teams", "branches", "Get the teams allowed to push to a branch."
        ),
    ]
    index = SearchIndex.build(tools)
    th = default_thesaurus()
    question = "Which teams may push to the protected main branch?"
    assert "get" not in " ".join(th.targets(question))  # "which" names list, not get
    assert index.rank(question, thesaurus=th, verb_bonus=2.0)[0] == "branches_get_push_teams"
    change = "change which teams may push to the protected main branch"  # not a question
    assert index.rank(change, thesaurus=th, verb_bonus=2.0)[0] == "branches_update_protection"


def test_a_request_opening_with_show_or_list_reads_even_when_it_names_a_change() -> None:
    from nodes.search.lexicon import default_lexicon

    tools = [
        search_spec(
            "branches_update_protection",
            "branches",
            "Update the protection of a branch: which teams may push.",
        ),
        search_spec(
            "branches_get_push_teams", "branches", "Get the teams allowed to push to a branch."
        ),
    ]
    index = SearchIndex.build(tools)
    th, lexicon = default_thesaurus(), default_lexicon()

    def best(request: str) -> str:
        return index.rank(request, thesaurus=th, lexicon=lexicon, verb_bonus=2.0)[0]

    assert best("show the teams allowed to update the main branch") == "branches_get_push_teams"
    assert best("列出允许更新 main 分支的团队") == "branches_get_push_teams"
    assert best("update the teams allowed to push to the main branch") == (
        "branches_update_protection"
    )

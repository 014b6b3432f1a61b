"""The tool loader over a 1,000-tool registry: at most K, only permitted, widened at most once.

Graph runs use the real CLI runner, SQLite checkpoints and the business store; real
executions are counted in `tool_audit`. What each model was bound with is recorded by a
subclass of the offline model, so "a forbidden tool was never offered" is a count of its
function entries across every model call, not a reading of the loader's own bookkeeping.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage
from langgraph.runtime import Runtime
from pydantic import Field

from graph.context import Context
from graph.evals.catalogues.generated import LABELLED_QUERIES, ROLE_PERMISSIONS, build_domain
from graph.models import OfflineChatModel, estimate_tokens
from graph.state import State
from nodes.common import current_task
from nodes.disclosure import SEARCH_TOOL
from nodes.search.lexical import query_text
from nodes.tool_loader import candidates, rank_by_query, rank_tools, tool_loader, widen
from tests.conftest import Harness
from tools.contract import ToolSpec
from tools.domain import DEFAULT_MAX_TOOLS, load_domain

GENERATED = "graph.evals.catalogues.generated:DOMAIN"
K = DEFAULT_MAX_TOOLS


class RecordingModel(OfflineChatModel):
    """The offline planner, noting the tool names it was bound with on every call."""

    bound: list[list[str]] = Field(default_factory=list)
    """The domain tools bound per call (`search_tools`, code's own, is noted apart)."""
    searchable: list[bool] = Field(default_factory=list)
    script: list[tuple[str, dict[str, Any]]] = Field(default_factory=list)
    """Calls to make first, one per turn, whatever was offered; then plan as usual."""

    def _generate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any
    ) -> Any:
        names = [t["function"]["name"] for t in kw.get("tools") or []]
        self.bound.append([n for n in names if n != SEARCH_TOOL])
        self.searchable.append(SEARCH_TOOL in names)
        return super()._generate(messages, stop, run_manager, **kw)

    def decide(
        self, task: dict[str, Any], history: list[BaseMessage], schemas: dict[str, Any]
    ) -> AIMessage:
        turns = sum(1 for m in history if isinstance(m, AIMessage) and m.tool_calls)
        if turns < len(self.script):
            tool, args = self.script[turns]
            return self.call(tool, args, history)
        return super().decide(task, history, schemas)


def _valid_args(spec: ToolSpec) -> dict[str, Any]:
    samples = {str: "X-1", int: 1, float: 1.0, dt.date: "2025-01-01"}
    return {
        name: samples[info.annotation]  # type: ignore[index]
        for name, info in spec.args_model.model_fields.items()
        if info.is_required()
    }


def _runtime(roles: list[str], domain: str = GENERATED) -> Runtime[Context]:
    return Runtime(context=Context(domain=domain, roles=roles))


def _state(text: str, intent: str, slots: Mapping[str, Any] | None = None) -> State:
    return State(request=text, intent=intent, slots=dict(slots or {}))


# --- the loader on its own ---------------------------------------------------------------------


@pytest.mark.parametrize("role", sorted(ROLE_PERMISSIONS))
async def test_never_more_than_k_and_never_a_tool_the_roles_forbid(role: str) -> None:
    domain = build_domain()
    permissions = domain.permissions((role,))
    runtime = _runtime([role])
    for q in LABELLED_QUERIES:
        slots = {"namespace": q.namespace} if q.namespace else {}
        state = _state(q.text, q.intent, slots)
        out = await tool_loader(state, runtime)
        offered = out["offered_tools"]
        assert len(offered) <= K
        pool = {s.name for s in candidates(domain, domain.intent(q.intent), permissions, slots)}
        assert set(offered) <= pool
        state.offered_tools = offered
        extra = widen(current_task(state, runtime), state, [role], [q.tool, "hr_delete_employee"])
        assert len(extra) <= K
        assert not set(extra) & set(offered)
        assert set(extra) <= pool  # the widening stays inside what the roles permit
        for name in [*offered, *extra]:
            spec = domain.tools.get(name)
            assert spec is not None
            assert spec.permission in permissions


async def test_widen_adds_a_requested_candidate_first_then_the_next_by_rank() -> None:
    domain = build_domain()
    text = "Please refund payment PAY-31456, the customer was charged twice"
    routed = domain.route(text, dt.date.today())
    assert routed is not None
    intent, slots = routed
    permissions = domain.permissions(("operator",))
    top, total = rank_tools(domain, intent, permissions, text, slots, 2 * K)
    pool = [s.name for s in candidates(domain, intent, permissions, slots)]
    ranked = rank_by_query(domain, query_text(text, slots), pool)
    assert total > 200
    assert ranked[: 2 * K] == top
    state = _state(text, intent.name, slots)
    state.offered_tools = top[:K]
    task = current_task(state, _runtime(["operator"]))
    far = ranked[40]
    assert widen(task, state, ["operator"], [far]) == [far, *top[K : 2 * K - 1]]
    # Not candidates: another intent's tool, a forbidden one, one that does not exist.
    others = ["hr_get_employee", "billing_delete_payment", "delete_all_records"]
    assert widen(task, state, ["operator"], others) == top[K : 2 * K]


async def test_the_example_domain_is_offered_exactly_as_before() -> None:
    domain = load_domain("tools.examples:DOMAIN")
    for role in ("member", "viewer", "auditor", "nobody"):
        runtime = _runtime([role], "tools.examples:DOMAIN")
        permissions = domain.permissions((role,))
        for intent in domain.intents:
            out = await tool_loader(_state("anything", intent.name), runtime)
            declared = [s.name for s in domain.tools.for_intent(intent.name, permissions)]
            assert out["offered_tools"] == declared
            assert len(declared) <= intent.max_tools
            assert "ranked" not in out["verdict"]["detail"]


# --- end to end over 1,000 tools ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "roles", "tool"),
    [
        ("Please refund payment PAY-31456, the customer was charged twice", ["operator"],
         "billing_refund_payment"),
        ("用户 U-7781 忘记密码了，帮他重置", ["operator"], "identity_reset_password"),
        ("where is my parcel SH-1200?", ["viewer"], "shipping_track_shipment"),
    ],
)  # fmt: skip
async def test_offline_model_completes_a_task_whose_tool_search_found(
    harness: Harness, request_text: str, roles: list[str], tool: str
) -> None:
    model = RecordingModel()
    out = await harness.run(request_text, model=model, domain=GENERATED, roles=roles)
    assert out["status"] == "completed"
    assert out["stop_reason"] == "completed"
    assert harness.executions(tool) == 1
    assert harness.executions() == 1
    state = await harness.state(out["thread_id"])
    assert tool in state["offered_tools"]
    assert len(state["offered_tools"]) <= K
    assert state["widened"] is False
    # What was sent per model call: K schemas, not a thousand.
    domain = build_domain()
    all_tokens = estimate_tokens(json.dumps([s.schema() for s in domain.tools]))
    assert model.bound
    assert all(len(names) <= K for names in model.bound)
    assert all(model.searchable), "the hidden rest stays findable through search_tools"
    for names in model.bound:
        schemas = [spec.schema() for n in names if (spec := domain.tools.get(n))]
        assert estimate_tokens(json.dumps(schemas)) <= 0.10 * all_tokens


async def test_a_forbidden_tool_is_never_bound_even_when_the_request_asks_for_it(
    harness: Harness,
) -> None:
    text = "where is shipment SH-1200? cancel it and delete the shipment record"
    viewer, admin = RecordingModel(), RecordingModel()
    out = await harness.run(text, model=viewer, domain=GENERATED, roles=["viewer"])
    assert out["stop_reason"] == "completed"
    bound = [name for names in viewer.bound for name in names]
    assert bound.count("shipping_delete_shipment") == 0
    domain = build_domain()
    allowed = ROLE_PERMISSIONS["viewer"]
    assert all((spec := domain.tools.get(n)) and spec.permission in allowed for n in bound)
    # The same request from an admin does bind it: the count above could have caught a leak.
    out = await harness.run(text, model=admin, domain=GENERATED, roles=["admin"])
    assert out["stop_reason"] == "completed"
    assert sum(names.count("shipping_delete_shipment") for names in admin.bound) >= 1
    assert harness.executions("shipping_delete_shipment") == 0


async def test_the_loader_widens_once_within_bounds_and_the_ladder_still_applies(
    harness: Harness,
) -> None:
    domain = build_domain()
    text = "Please refund payment PAY-31456, the customer was charged twice"
    routed = domain.route(text, dt.date.today())
    assert routed is not None
    intent, slots = routed
    permissions = domain.permissions(("operator",))
    pool = [s.name for s in candidates(domain, intent, permissions, slots)]
    ranked = rank_by_query(domain, query_text(text, slots), pool)
    reserve_read = next(
        n for n in ranked[K : 2 * K] if (s := domain.tools.get(n)) and s.effect == "read"
    )
    far, forbidden = ranked[40], "billing_delete_payment"
    assert forbidden not in pool
    assert domain.tools.get(forbidden) is not None
    spec = domain.tools.get(reserve_read)
    assert spec is not None
    model = RecordingModel(
        script=[
            (reserve_read, _valid_args(spec)),  # held back: the loader widens, it runs
            (far, {}),  # a permitted candidate past the widened offer: no second widening
            (forbidden, {"payment_id": "PAY-31456", "reason": "x"}),  # the roles forbid it
            ("billing_refund_payment", {"payment_id": "PAY-31456"}),  # the task's own step
        ]
    )
    # A scripted sequence: under the default `hint` the runtime would take the task's step.
    out = await harness.run(
        text, model=model, domain=GENERATED, roles=["operator"], step_policy="model"
    )
    assert out["status"] == "completed"
    assert out["stop_reason"] == "completed"
    verdicts = [(c["name"], c["verdict"], c["reason"]) for c in out["tool_calls"]]
    assert verdicts == [
        (reserve_read, "run", None),
        (far, "feedback", "not_allowed"),
        (forbidden, "blocked", "not_allowed"),
        ("billing_refund_payment", "run", None),
    ]
    assert harness.executions(reserve_read) == 1
    assert harness.executions(far) == harness.executions(forbidden) == 0
    assert harness.executions("billing_refund_payment") == 1
    state = await harness.state(out["thread_id"])
    assert state["widened"] is True
    offered = state["offered_tools"]
    assert offered[:K] == ranked[:K]
    assert len(offered) == 2 * K
    assert set(offered) <= set(ranked[: 2 * K])
    assert far not in offered
    # Bound per call: K before the widening, 2K after it, never the forbidden tool.
    assert [len(names) for names in model.bound] == [K, 2 * K, 2 * K, 2 * K]
    assert all(forbidden not in names for names in model.bound)


async def test_a_small_domain_has_nothing_to_widen_to(harness: Harness) -> None:
    out = await harness.run("where is order 10086", model="scripted:not-offered:record_metric")
    assert out["stop_reason"] == "not_allowed"
    state = await harness.state(out["thread_id"])
    assert state["widened"] is False
    assert state["offered_tools"] == ["query_order"]
    assert harness.executions() == 0

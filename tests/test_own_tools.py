"""Plain LangChain `@tool` functions as an open-ended domain: no checklist, every loop check.

The tools below are what a project already has: no `ToolSpec`, no intent, no checklist.
Each test counts the functions' real calls.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from langchain_core.tools import StructuredTool, tool
from pydantic import BaseModel

from graph.context import Context
from graph.evals.replay import ReplayModel, Trajectory, UserTurn
from graph.models import BEHAVIOURS
from graph.runner import run_request
from nodes.disclosure import MAX_SEARCHES, SEARCH_TOOL
from tests.conftest import METRIC_REQUEST_EN
from tests.crashkit import REPO, child_env
from tools.adapters import effects_of, tool_spec
from tools.domain import BASE_TOKENS, Budget, Domain, TaskView
from tools.errors import ConfigError
from tools.files import executions

RAN: Counter[str] = Counter()


@tool
def list_items(kind: str = "all") -> dict[str, Any]:
    """List the items in the inventory."""
    RAN["list_items"] += 1
    return {"kind": kind, "items": ["bolts", "nuts"]}


@tool
def stock_level(kind: str = "all") -> dict[str, Any]:
    """How many items of a kind are in stock."""
    RAN["stock_level"] += 1
    return {"kind": kind, "in_stock": 12}


@tool
def order_item(name: str, quantity: int) -> dict[str, Any]:
    """Order more of an item from the supplier."""
    RAN["order_item"] += 1
    return {"ordered": name, "quantity": quantity}


@tool
def sensor_reading(kind: str = "all") -> dict[str, Any]:
    """Read the warehouse temperature sensor."""
    RAN["sensor_reading"] += 1
    msg = "sensor offline"
    raise RuntimeError(msg)


@tool
def transfer(amount: int) -> dict[str, Any]:
    """Send money to the landlord."""
    RAN["transfer"] += 1
    msg = "connection reset by peer"
    raise ConnectionResetError(msg)


READS = {"list_items": "read", "stock_level": "read", "sensor_reading": "read"}
STOCK = {k: v for k, v in READS.items() if k != "sensor_reading"}
INVENTORY = Domain.from_tools(
    [list_items, stock_level, order_item], name="inventory", effects=STOCK
)
BROKEN = Domain.from_tools(
    [list_items, sensor_reading, order_item],
    name="inventory",
    effects={k: v for k, v in READS.items() if k != "stock_level"},
)
BANK = Domain.from_tools([transfer], name="bank")
ORDERED = Domain.from_tools(
    [list_items, stock_level, order_item],
    name="inventory",
    effects=STOCK,
    done_when=lambda view: "order_item" in view.results,
)


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    RAN.clear()


def context(tmp_path: Path, model: Any, domain: str, **extra: Any) -> Context:
    spec = domain if ":" in domain else f"{__name__}:{domain}"
    return Context(
        model=model,
        domain=spec,
        db=str(tmp_path / "agent.sqlite"),
        store=str(tmp_path / "business.sqlite"),
        **extra,
    )


def replay(*turns: Any) -> ReplayModel:
    return ReplayModel(trajectory=Trajectory("t", "", (UserTurn("restock", tuple(turns)),)))


def call(tool_name: str, /, **args: Any) -> list[dict[str, Any]]:
    return [{"name": tool_name, "args": args}]


# --- effects ------------------------------------------------------------------------------------


def test_effect_comes_from_override_then_annotations_and_unknown_is_a_write() -> None:
    assert effects_of(order_item).effect == "write"
    assert effects_of(order_item).source == "unknown"
    assert not effects_of(order_item).idempotent
    assert effects_of(order_item, "read").effect == "read"
    assert effects_of(order_item, "idempotent").idempotent
    annotated = order_item.model_copy(update={"metadata": {"readOnlyHint": True}})
    assert effects_of(annotated).effect == "read"
    assert effects_of(annotated).source == "annotations"
    spec = tool_spec(order_item)
    assert spec.effect == "write"
    assert spec.schema()["function"]["parameters"]["required"] == ["name", "quantity"]


def test_bad_overrides_are_one_line_config_errors() -> None:
    with pytest.raises(ConfigError, match="not in the list: nope"):
        Domain.from_tools([list_items], effects={"nope": "read"})
    with pytest.raises(ConfigError, match="must be one of"):
        Domain.from_tools([list_items], effects={"list_items": "delete"})  # type: ignore[dict-item]
    with pytest.raises(ConfigError, match="not a LangChain BaseTool"):
        Domain.from_tools([print])


async def test_an_unknown_tool_that_may_have_acted_is_never_retried_blindly(
    tmp_path: Path,
) -> None:
    """Nobody said what `transfer` does: a write. Its connection broke mid-call."""
    send = call("transfer", amount=900)
    out = await run_request("pay the rent", context=context(tmp_path, replay(send, send), "BANK"))
    assert RAN["transfer"] == 1, "not retried by the executor, nor on the model's retry"
    assert out["stop_reason"] == "needs_human"
    assert "may or may not have taken effect" in out["answer"]
    assert "transfer(amount=900) -> outcome unknown" in out["answer"]


# --- an open-ended task --------------------------------------------------------------------------


async def test_open_ended_task_completes_and_says_it_was_not_verified(tmp_path: Path) -> None:
    out = await run_request("what do we have?", context=context(tmp_path, "offline", "INVENTORY"))
    assert out["stop_reason"] == "completed"
    assert out["checklist"] == {}
    assert RAN == {"list_items": 1, "stock_level": 1}, "the offline model only looks"
    assert "Not verified by a checklist" in out["answer"]


async def test_a_model_that_writes_then_answers_completes_with_the_write_listed(
    tmp_path: Path,
) -> None:
    model = replay(call("stock_level"), call("order_item", name="bolts", quantity=5), "Ordered.")
    out = await run_request("restock bolts", context=context(tmp_path, model, "INVENTORY"))
    assert out["stop_reason"] == "completed"
    assert RAN["order_item"] == 1
    assert out["answer"].startswith("Ordered. (Not verified by a checklist")
    assert "order_item(name=bolts, quantity=5)" in out["answer"]


async def test_a_failure_left_unresolved_is_not_completed(tmp_path: Path) -> None:
    model = replay(call("sensor_reading"), "All good!")
    out = await run_request("check the sensor", context=context(tmp_path, model, "BROKEN"))
    assert out["stop_reason"] == "tool_failed"
    assert "sensor offline" in out["answer"]


async def test_a_failure_resolved_by_a_later_success_completes(tmp_path: Path) -> None:
    model = replay(
        call("order_item", name="bolts", quantity="many"),  # refused by the schema: not run
        call("order_item", name="bolts", quantity=5),
        "Ordered.",
    )
    out = await run_request("restock bolts", context=context(tmp_path, model, "INVENTORY"))
    assert out["stop_reason"] == "completed"
    assert RAN["order_item"] == 1


async def test_done_condition_completes_the_task_as_soon_as_it_holds(tmp_path: Path) -> None:
    model = replay(
        call("order_item", name="bolts", quantity=5),
        call("list_items"),  # never asked for: the condition already holds
        "Ordered.",
    )
    out = await run_request("restock bolts", context=context(tmp_path, model, "ORDERED"))
    assert out["stop_reason"] == "completed"
    assert RAN == {"order_item": 1}
    assert "done-condition holds" in out["answer"]
    assert "Not verified" not in out["answer"]


async def test_done_condition_refuses_an_answer_while_it_does_not_hold(tmp_path: Path) -> None:
    model = replay(call("list_items"), "Ordered!")
    out = await run_request("restock bolts", context=context(tmp_path, model, "ORDERED"))
    assert out["stop_reason"] == "no_progress"
    assert RAN["order_item"] == 0


def test_done_condition_sees_results_writes_and_the_store() -> None:
    view = TaskView(
        request="r",
        results={"order_item": {"ordered": "x"}},
        writes=(),
        store_path="s",
        user_id="u",
    )
    assert ORDERED.intents[0].done_when is not None
    assert ORDERED.intents[0].done_when(view)


# --- the scripted misbehaviours end as they do in declared domains --------------------------------

EXPECTED = {
    "repeat": "duplicate_call",
    "wrong-type": "validation_failed",
    "fix-after-hint": "completed",
    "alternate": "duplicate_call",
    "forget": "completed",
    "not-offered": "not_allowed",
    "ignore-failure": "tool_failed",
}


@pytest.mark.parametrize("behaviour", sorted(BEHAVIOURS))
async def test_each_scripted_misbehaviour_ends_as_in_a_declared_domain(
    tmp_path: Path, behaviour: str
) -> None:
    """The same model, on the declared demo task and on the plain @tool domain.

    Both get the open-ended budget's rounds, so the loop checks, not a round budget, decide.
    A failure to ignore comes from a missing order there and from a broken sensor here.
    """
    model = f"scripted:{behaviour}"
    rounds = {"max_rounds": 16, "max_calls": 24}
    declared_request = (
        "where is order 99999" if behaviour == "ignore-failure" else METRIC_REQUEST_EN
    )
    declared = await run_request(
        declared_request,
        thread_id="declared",
        context=context(tmp_path / "d", model, "tools.examples:DOMAIN", **rounds),
    )
    domain = "BROKEN" if behaviour == "ignore-failure" else "INVENTORY"
    own = await run_request(
        "what do we have?", thread_id="own", context=context(tmp_path / "o", model, domain)
    )
    assert own["stop_reason"] == declared["stop_reason"] == EXPECTED[behaviour]
    assert RAN["order_item"] <= 1, "a write is never repeated, whatever the model does"


# --- progressive disclosure and the token budget --------------------------------------------------


class NoArgs(BaseModel):
    """A car command takes no arguments."""


def _car_tool(name: str, doc: str) -> StructuredTool:
    def run() -> dict[str, Any]:
        RAN[name] += 1
        return {"done": True}

    return StructuredTool.from_function(run, name=name, description=doc, args_schema=NoArgs)


def _many_tools() -> list[Any]:
    return [
        _car_tool("start_engine", "Start the car's engine."),
        _car_tool("press_brake", "Press the brake pedal, needed before the engine starts."),
        _car_tool("open_window", "Open a window of the car."),
        _car_tool("turn_on_radio", "Turn the radio on."),
        _car_tool("set_temperature", "Set the cabin temperature."),
        _car_tool("lock_doors", "Lock every door of the car."),
    ]


async def test_a_hidden_tool_is_found_by_search_instead_of_not_offered(tmp_path: Path) -> None:
    request = "lock up the car"  # names neither the brake nor the engine
    turns = (call("press_brake"), call("start_engine"), call("lock_doors"), "Done.")
    model = ReplayModel(trajectory=Trajectory("car", "", (UserTurn(request, turns),)))
    out = await run_request(request, context=context(tmp_path, model, "CAR_ONE"))
    assert out["stop_reason"] == "completed"
    assert RAN == {"press_brake": 1, "start_engine": 1, "lock_doors": 1}
    searches = [c for c in out["tool_calls"] if c["name"] == SEARCH_TOOL]
    assert 1 <= len(searches) <= MAX_SEARCHES
    assert all(c["verdict"] in ("run", "search") for c in out["tool_calls"]), out["tool_calls"]


async def test_search_is_bounded_and_never_reaches_beyond_the_task(tmp_path: Path) -> None:
    queries = [call(SEARCH_TOOL, query=q) for q in ("window", "radio", "doors", "brake", "x")]
    model = replay(*queries, "Done.")
    out = await run_request("start the engine", context=context(tmp_path, model, "CAR_ONE"))
    searched = [c for c in out["tool_calls"] if c["name"] == SEARCH_TOOL]
    found = [c for c in searched if c["verdict"] == "search"]
    assert len(found) == MAX_SEARCHES
    assert [c["verdict"] for c in searched[MAX_SEARCHES:]] == ["feedback", "blocked"][
        : len(searched) - MAX_SEARCHES
    ], "once the searches are used up it is an unoffered tool like any other"
    assert sum(RAN.values()) == 0, "searching runs nothing"


def test_token_budget_default_is_sized_from_the_offered_schemas() -> None:
    assert Budget().token_limit(0) == BASE_TOKENS
    assert Budget(max_rounds=6).token_limit(3_000) == BASE_TOKENS + 7 * 3_000
    assert Budget(max_tokens=500).token_limit(3_000) == 500, "an explicit budget stands"


@tool
def lookup(query: str = "all") -> dict[str, Any]:
    """Look things up in the catalogue."""
    RAN["lookup"] += 1
    return {"hits": 1}


BIG = Domain.from_tools(
    [lookup.model_copy(update={"description": "Look things up. " + "Field notes. " * 4_000})],
    name="big",
    effects={"lookup": "read"},
)


async def test_large_schemas_do_not_exhaust_a_fixed_budget(tmp_path: Path) -> None:
    out = await run_request("look it up", context=context(tmp_path, "offline", "BIG"))
    assert out["usage"]["tokens"] > BASE_TOKENS, "the schema alone is over the old default"
    assert out["stop_reason"] == "completed"


CAR = Domain.from_tools(_many_tools(), name="car", max_tools=2)
CAR_ONE = Domain.from_tools(_many_tools(), name="car", max_tools=1)


# --- repeats while other progress is made ---------------------------------------------------------


async def test_a_model_that_repeats_then_goes_on_finishes(tmp_path: Path) -> None:
    stock = call("stock_level")
    model = replay(
        stock, stock, stock, stock, stock, call("order_item", name="bolts", quantity=5), "Ok."
    )
    out = await run_request("restock", context=context(tmp_path, model, "INVENTORY"))
    assert out["stop_reason"] == "completed"
    assert RAN == {"stock_level": 1, "order_item": 1}
    verdicts = [c["verdict"] for c in out["tool_calls"]]
    assert verdicts == ["run", "cached", "blocked", "blocked", "blocked", "run"]


async def test_endless_repetition_stops_after_max_repeat_rounds(tmp_path: Path) -> None:
    order = call("order_item", name="bolts", quantity=5)
    model = replay(*[order] * 30)
    out = await run_request("restock", context=context(tmp_path, model, "INVENTORY"))
    assert out["stop_reason"] == "duplicate_call"
    assert RAN["order_item"] == 1
    bound = INVENTORY.intents[0].budget.max_repeat_rounds
    assert out["usage"]["rounds"] == 1 + bound, "the first run, then the rounds it may repeat"


async def test_repeats_separated_by_progress_never_add_up(tmp_path: Path) -> None:
    stock, items = call("stock_level"), call("list_items")
    order = [call("order_item", name=n, quantity=1) for n in ("a", "b", "c")]
    turns = [stock, stock, stock, order[0], items, items, items, order[1], stock, stock, order[2]]
    out = await run_request(
        "restock", context=context(tmp_path, replay(*turns, "Ok."), "INVENTORY")
    )
    assert out["stop_reason"] == "completed", "the old ladder stopped at the third repeat"
    assert RAN["order_item"] == 3


# --- the CLI and the Studio form -----------------------------------------------------------------


def test_cli_runs_an_open_ended_task_over_a_list_of_tools(tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graph",
            "run",
            "what is in my workspace?",
            "--tools",
            "tools.files:TOOLS",
            "--db",
            str(tmp_path / "agent.sqlite"),
            "--json",
        ],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["stop_reason"] == "completed"
    assert out["intent"] == "tools"
    assert [c["name"] for c in out["tool_calls"]] == ["list_files"]
    assert "README.txt" in out["answer"]
    assert [e["tool"] for e in executions(tmp_path / "business.sqlite")] == ["list_files"]


def test_cli_names_a_bad_tools_setting_in_one_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "run", "hi", "--tools", "tools.files:SEED"],
        cwd=tmp_path,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode != 0
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert "tools.files:SEED" in proc.stderr


def test_studio_form_field_tools_is_the_domain() -> None:
    # LangGraph builds the context from the form's dict with the dataclass's own __init__.
    ctx = Context(**{"tools": "tools.files:TOOLS", "model": "offline"})
    assert ctx.domain == "tools.files:TOOLS"
    assert Context().domain == "tools.examples:DOMAIN"

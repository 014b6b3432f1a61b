"""Tool results that are not JSON: converted when they have a faithful form, else an error.

A tool may return `Decimal`, `datetime`, a numpy scalar, a set, a pydantic model, a
dataclass or an object of its own. Such a value used to reach the checkpoint writer after the
tool's effect and crash the run with a msgpack traceback. Each kind runs here through the
real graph on a SQLite checkpointer, as a write tool without a reconcile lookup (the worst
case: nothing can look the effect up again): the run ends with a stop reason from the closed
set, the state and the ledger are readable, and the business row was written exactly once.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import decimal
import json
import sqlite3
from collections.abc import Callable
from datetime import date
from typing import Any

import numpy as np
import pytest
from langchain_core.messages import ToolMessage
from pydantic import BaseModel, ConfigDict

from checkpoints.ledger import Ledger
from graph.runner import show_thread
from graph.state import STOP_REASONS
from nodes.executor.run import UNSTORABLE, execute_call, jsonable, normalize
from tests.conftest import Harness, assert_valid_history
from tests.fakes import tool_context
from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step, ToolRegistry
from tools.store import audit, run_in_store

DDL = """
CREATE TABLE IF NOT EXISTS things (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    idempotency_key TEXT UNIQUE
);
"""


class Receipt(BaseModel):
    amount: decimal.Decimal
    at: dt.datetime


@dataclasses.dataclass
class Parcel:
    weight: float
    tags: tuple[str, ...]


class Opaque:
    """An object of a tool's own, with no JSON form."""

    def __repr__(self) -> str:
        return "<Opaque handle>"


AT = dt.datetime(2026, 11, 28, 10, 0, tzinfo=dt.UTC)
VALUES: dict[str, tuple[Callable[[], Any], Any]] = {
    "decimal": (lambda: decimal.Decimal("12.30"), "12.30"),
    "datetime": (lambda: AT, "2026-11-28T10:00:00Z"),
    "date": (lambda: date(2026, 11, 28), "2026-11-28"),
    "numpy_int": (lambda: np.int64(7), 7),
    "numpy_float": (lambda: np.float32(0.5), 0.5),
    "numpy_bool": (lambda: np.bool_(True), True),
    "set": (lambda: {"b", "a", "c"}, ["a", "b", "c"]),
    "tuple": (lambda: (1, "x"), [1, "x"]),
    "model": (
        lambda: Receipt(amount=decimal.Decimal("9.99"), at=AT),
        {"amount": "9.99", "at": "2026-11-28T10:00:00Z"},
    ),
    "dataclass": (lambda: Parcel(1.5, ("fragile",)), {"weight": 1.5, "tags": ["fragile"]}),
}
"""Kinds with a faithful JSON form, and the form the model and the checkpoint get."""
UNSTORABLE_KINDS: dict[str, Callable[[], Any]] = {
    "custom": Opaque,
    "nested_custom": lambda: {"ok": [1, {"deep": Opaque()}]},
    "model_with_custom": lambda: Parcel(1.0, (Opaque(),)),  # type: ignore[arg-type]
}


class NoSlots(BaseModel):
    pass


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str


def _tool_fn(kind: str, make: Callable[[], Any]) -> Any:
    async def fn(args: Args, ctx: ToolContext) -> dict[str, Any]:
        def work(conn: sqlite3.Connection) -> int:
            audit(conn, f"return_{kind}", ctx.user_id, args.model_dump(), ctx.idempotency_key)
            cur = conn.execute(
                "INSERT INTO things (kind, idempotency_key) VALUES (?, ?)",
                (kind, ctx.idempotency_key),
            )
            return int(cur.lastrowid or 0)

        row = await run_in_store(ctx.store_path, DDL, work)
        return {"success": True, "record_id": f"th_{row}", "value": make()}

    return fn


def _intent(kind: str) -> IntentSpec:
    def extract(text: str, today: date) -> dict[str, Any] | None:
        return {} if text == f"return {kind}" else None

    return IntentSpec(
        name=f"return_{kind}",
        description=f"store a thing and return a {kind}",
        extract=extract,
        slots_model=NoSlots,
        steps=(Step(name="stored", tool=f"return_{kind}", args=lambda s: {"kind": kind}),),
        budget=Budget(max_rounds=4, max_calls=4),
    )


ALL_KINDS = {**{k: v[0] for k, v in VALUES.items()}, **UNSTORABLE_KINDS}
DOMAIN = Domain(
    name="unstorable-results",
    tools=ToolRegistry(
        ToolSpec(
            name=f"return_{kind}",
            namespace="test",
            description=f"Store a thing; returns a {kind}.",
            args_model=Args,
            fn=_tool_fn(kind, make),
            effect="write",
            idempotent=False,
            intents=frozenset({f"return_{kind}"}),
        )
        for kind, make in ALL_KINDS.items()
    ),
    intents=tuple(_intent(kind) for kind in ALL_KINDS),
)
SPEC = "tests.test_unstorable:DOMAIN"


def _things(store: str, kind: str) -> int:
    conn = sqlite3.connect(store)
    try:
        found = conn.execute("SELECT COUNT(*) FROM things WHERE kind = ?", (kind,)).fetchone()
        return int(found[0])
    finally:
        conn.close()


async def _run(harness: Harness, kind: str) -> tuple[dict[str, Any], dict[str, Any]]:
    out = await harness.run(f"return {kind}", domain=SPEC, thread_id=f"t-{kind}")
    assert out["stop_reason"] in STOP_REASONS
    state = await harness.state(out["thread_id"])
    shown = await show_thread(out["thread_id"], db=harness.db)
    text = json.dumps(shown, ensure_ascii=False)  # the stored state is plain JSON throughout
    assert "Traceback" not in text
    assert_valid_history(list(state["messages"]))
    return out, state


@pytest.mark.parametrize("kind", list(VALUES))
async def test_a_value_with_a_json_form_is_converted_and_the_run_completes(
    harness: Harness, kind: str
) -> None:
    out, _ = await _run(harness, kind)
    assert (out["status"], out["stop_reason"]) == ("completed", "completed")
    assert out["evidence"]["stored"]["value"] == VALUES[kind][1]
    assert harness.executions(f"return_{kind}") == 1
    assert _things(harness.store, kind) == 1
    (row,) = await Ledger(harness.db).rows(f"t-{kind}")
    assert row["status"] == "succeeded"
    assert json.loads(row["receipt"])["data"]["value"] == VALUES[kind][1]


@pytest.mark.parametrize("kind", list(UNSTORABLE_KINDS))
async def test_a_value_without_one_is_a_tool_error_and_the_write_is_never_repeated(
    harness: Harness, kind: str
) -> None:
    out, state = await _run(harness, kind)
    assert out["status"] == "stopped"
    assert out["stop_reason"] in ("tool_failed", "no_progress")
    answers = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    first = json.loads(str(answers[0].content))
    assert (first["ok"], first["error_type"]) == (False, "internal")
    assert "Opaque" in first["message"]
    assert "cannot be stored as JSON" in first["message"]
    assert "will not run again" in first["message"]
    assert first["user_action"].startswith(f"Fix return_{kind} to return JSON values")
    # The model may try once more after a failure: the ledger answers, the tool is not entered.
    assert harness.executions(f"return_{kind}") == 1
    assert _things(harness.store, kind) == 1
    (row,) = await Ledger(harness.db).rows(f"t-{kind}")
    receipt = json.loads(row["receipt"])
    assert row["status"] == "succeeded", "the effect happened: it must never run again"
    assert (receipt["ok"], receipt["error_type"]) == (False, "internal")
    assert receipt["data"]["effect"] == "done"
    assert receipt["data"]["idempotency_key"] == row["idempotency_key"]


# --- the conversion on its own ----------------------------------------------------------------


def test_jsonable_names_where_the_unstorable_value_is() -> None:
    from nodes.executor.run import Unstorable

    with pytest.raises(Unstorable) as caught:
        jsonable({"a": [1, {"b": Opaque()}]})
    assert (caught.value.where, caught.value.kind) == ("data.a[1].b", "Opaque")
    with pytest.raises(Unstorable) as caught:
        jsonable({(1, 2): "tuple keys have no JSON form"})
    assert caught.value.kind == "tuple"
    assert jsonable({1: np.float64(2.5), "s": frozenset({3, 1})}) == {"1": 2.5, "s": [1, 3]}
    assert jsonable({"nan": float("nan")})["nan"] != 0  # a float stays a float
    looped: dict[str, Any] = {"success": True}
    looped["self"] = looped
    spec = ToolSpec(
        name="r", namespace="t", description="t", args_model=Args, fn=_tool_fn("x", dict)
    )
    with pytest.raises(Unstorable) as caught:
        normalize(spec, looped)
    assert caught.value.kind == "self-referencing or too deeply nested value"


async def test_a_read_returning_an_object_is_an_error_and_nothing_is_stored(tmp_path: Any) -> None:
    async def read(args: Args, ctx: ToolContext) -> ToolResult:
        return ToolResult.success({"handle": Opaque()})

    spec = ToolSpec(name="r", namespace="t", description="t", args_model=Args, fn=read)
    out = await execute_call(spec, Args(kind="x"), tool_context(tmp_path), ledger=None)
    assert (out.result.ok, out.result.error_type, out.result.retryable) == (
        False,
        "internal",
        False,
    )
    assert out.result.message == UNSTORABLE.format(tool="r", kind="Opaque", where="data.handle")
    assert "effect" not in out.result.data

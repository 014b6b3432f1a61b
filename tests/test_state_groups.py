"""The state's two layouts: nodes read the flat `State`, the graph stores `GraphState`'s groups.

Studio's state view lists every channel, so the internals are grouped: these tests pin which
field lives where, that a node's partial update means what it meant with one channel per
field, and that a thread saved in the earlier layout is refused instead of continued with
its counters and task number reset.
"""

from __future__ import annotations

from dataclasses import fields
from operator import add
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.messages import AnyMessage, HumanMessage
from langgraph.graph import END, START, StateGraph, add_messages

from checkpoints.storage import open_checkpointer
from graph.graph import graph
from graph.runner import resume_thread, run_request
from graph.state import (
    GROUPS,
    GraphState,
    Internals,
    OutputState,
    State,
    TaskGroup,
    as_state,
    flat,
    grouped,
    merge,
)
from tests.conftest import METRIC_REQUEST_EN, Harness
from tools.errors import AgentError


def test_every_state_field_has_exactly_one_place() -> None:
    public = {f.name for f in fields(OutputState)}
    flat_fields = {f.name for f in fields(State)} - {"remaining_steps"}
    assert GROUPS["task"].isdisjoint(GROUPS["internals"])
    assert flat_fields == public | GROUPS["task"] | GROUPS["internals"]
    assert public.isdisjoint(GROUPS["task"] | GROUPS["internals"])
    assert set(TaskGroup.__annotations__) == GROUPS["task"]
    assert set(Internals.__annotations__) == GROUPS["internals"]


def test_the_state_view_is_the_user_facing_keys_and_two_groups() -> None:
    assert list(graph.stream_channels_list) == [*(f.name for f in fields(OutputState)), *GROUPS]


def test_a_flat_update_is_filed_into_its_groups_and_back() -> None:
    update = {"status": "running", "intent": "x", "strikes": {"duplicate": 1}, "verdict": {}}
    assert grouped(update) == {
        "status": "running",
        "task": {"intent": "x"},
        "internals": {"strikes": {"duplicate": 1}, "verdict": {}},
    }
    assert flat(grouped(update)) == update


def test_a_partial_update_keeps_the_keys_it_does_not_name() -> None:
    before = {"strikes": {"duplicate": 1}, "stall_rounds": 2}
    assert merge(before, {"stall_rounds": 3}) == {"strikes": {"duplicate": 1}, "stall_rounds": 3}


def test_nodes_read_the_flat_state_with_defaults_for_what_was_never_written() -> None:
    stored = GraphState(
        status="running",
        task={"intent": "record_and_review_metric", "task_seq": 2},
        internals={"stall_rounds": 1, "retired_field": True},  # a key of another version
        remaining_steps=7,
    )
    state = as_state(stored)
    assert (state.status, state.intent, state.task_seq) == (
        "running",
        "record_and_review_metric",
        2,
    )
    assert (state.stall_rounds, state.strikes, state.remaining_steps) == (1, {}, 7)


class _Earlier(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]
    task_seq: Annotated[int, add]
    strikes: dict[str, int]


async def _earlier_thread(db: str, thread_id: str) -> None:
    """A thread as the previous version saved it: every internal field a channel of its own."""

    async def step(state: _Earlier) -> dict[str, Any]:
        return {"task_seq": 1, "strikes": {"duplicate": 2}}

    builder = StateGraph(_Earlier)
    builder.add_node("router", step)
    builder.add_edge(START, "router")
    builder.add_edge("router", END)
    async with open_checkpointer(db) as saver:
        app = builder.compile(checkpointer=saver)
        config: Any = {"configurable": {"thread_id": thread_id}}
        await app.ainvoke({"messages": [HumanMessage("hi")]}, config)


@pytest.mark.parametrize("how", ["run", "resume"])
async def test_a_thread_saved_in_the_earlier_layout_is_refused(harness: Harness, how: str) -> None:
    await _earlier_thread(harness.db, "old")
    if how == "run":
        again = run_request(METRIC_REQUEST_EN, thread_id="old", context=harness.context())
    else:
        again = resume_thread("old", db=harness.db, context=harness.context())
    with pytest.raises(AgentError, match="thread 'old' was saved by an earlier version"):
        await again
    assert harness.executions() == 0

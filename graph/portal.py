"""Sync entry points into async code: one private event loop on a daemon thread.

The nodes and the runner are async, so LangGraph's async path runs them with no thread
hand-off. A notebook cell, a script or a sync web handler still types `graph.invoke(...)` or
`run(...)`. `asyncio.run` cannot serve them: it refuses to start under a running loop (every
Jupyter cell has one), and a new loop per call would strand what a provider package caches on
the previous one (its HTTP client's connections). So every sync call hands its coroutine to
one long-lived loop and blocks until it is done. `asyncio.run_coroutine_threadsafe` schedules
it in a copy of the caller's context, so LangGraph's config (which `interrupt()` and
`get_runtime()` read) reaches the coroutine.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

# LangGraph's own prebuilt ToolNode is built on this class: a runnable with a sync and an
# async form, and the signature inspection that injects `runtime` into either.
from langgraph._internal._runnable import RunnableCallable

P = ParamSpec("P")
T = TypeVar("T")

ON_THE_LOOP = (
    "a blocking call (graph.invoke, graph.api.run, ...) was made from async code running on "
    "the loop that serves it; await the async form instead (graph.ainvoke, graph.api.arun)"
)

_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()


def _portal() -> asyncio.AbstractEventLoop:
    """The process's private loop, started on first use and kept for the process's life."""
    global _loop
    with _lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="loopguard-sync", daemon=True).start()
            _loop = loop
        return _loop


def run_blocking(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` on the private loop and wait for its result, from any thread.

    Interrupting the wait (Ctrl-C in a notebook) cancels the coroutine, so no run keeps
    going unseen behind the caller's back.

    Raises:
        RuntimeError: Called from a coroutine running on the private loop itself, where
            waiting would block the loop it waits for.
    """
    loop = _portal()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        coro.close()
        raise RuntimeError(ON_THE_LOOP)
    future = asyncio.run_coroutine_threadsafe(coro, loop)
    try:
        return future.result()
    except BaseException:
        future.cancel()  # a no-op once it finished; stops it when the wait was interrupted
        raise


def blocking(afunc: Callable[P, Awaitable[T]]) -> Callable[P, T]:
    """A sync twin of an async function, with its name and signature.

    LangGraph inspects a node's signature to decide what to inject (`runtime`, `config`), so
    the twin keeps the original's through `functools.wraps`.
    """

    async def _await(awaitable: Awaitable[T]) -> T:
        return await awaitable

    @functools.wraps(afunc)
    def func(*args: P.args, **kwargs: P.kwargs) -> T:
        return run_blocking(_await(afunc(*args, **kwargs)))

    return func


def node_runnable(afunc: Callable[..., Awaitable[Any]]) -> RunnableCallable:
    """An async node LangGraph can also run on its sync path (`invoke`, `stream`).

    The async path awaits `afunc` itself, as `add_node(afunc)` would; only the sync path
    goes through the private loop.
    """
    return RunnableCallable(blocking(afunc), afunc, name=afunc.__name__, trace=False)


def router_runnable(func: Callable[..., T]) -> RunnableCallable:
    """A pure routing function LangGraph runs inline on both paths.

    Given a plain function, an async graph runs it on a worker thread, a hand-off that cost
    more than the function (`python -m graph bench`); given a coroutine function, a sync graph
    cannot run it at all. This gives each path its own form. The sync form is the function
    itself, whose `Literal` return type is what Studio draws as the edge's targets.
    """

    @functools.wraps(func)
    async def afunc(*args: Any, **kwargs: Any) -> T:
        return func(*args, **kwargs)

    return RunnableCallable(func, afunc, name=func.__name__)

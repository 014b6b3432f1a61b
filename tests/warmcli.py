"""CLI processes forked from one warm interpreter: the crash tests' processes, minus the imports.

A `python -m graph` process on the 2-core CI machine spends about 2 of its 2.6 s importing
langgraph and langchain-core, and the crash, concurrency and fault tests start hundreds of
them: most of the suite's CPU went to imports. The zygote (`python -m tests.warmcli`,
started once per test process) imports the CLI once, then forks one child per command. Each
child is a real process with its own pid, environment, working directory, files and database
connections; it runs `graph.cli.main()` on its own `sys.argv` exactly as `python -m graph`
does, exits through the same exit handlers, and dies of a real SIGKILL, whether sent by the
test or by the runner's crash hooks. The zygote reaps each child the moment it exits (a
zombie would look alive to the lease's pid check) and reports its status, which
`WarmProcess` returns the way `subprocess.Popen` does (`-9` for a SIGKILL).

`LOOPGUARD_TEST_COLD_CLI=1` starts every process with `python -m graph` instead, the way a
user's shell does; the docs tests, the fifty-process test and the few `tests/test_cli.py`
tests of `--help`, raw argv bytes and `bench` always do.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

COLD_ENV = "LOOPGUARD_TEST_COLD_CLI"
"""Set to 1: every CLI process of the tests is a fresh `python -m graph`."""
PRELOAD = ("graph.cli", "tools.examples", "tools.expenses", "tests.crashkit")
"""What the zygote imports before its first fork: the CLI and the domains the tests name."""


def cold() -> bool:
    """True when the tests start each CLI process with a fresh interpreter."""
    return os.environ.get(COLD_ENV, "") not in ("", "0")


class WarmProcess:
    """A forked CLI process, with the part of `subprocess.Popen`'s interface the tests use."""

    def __init__(self, args: list[str], pid: int, out: Path, err: Path) -> None:
        self.args = args
        self.pid = pid
        self.returncode: int | None = None
        self._out, self._err = out, err
        self._done = threading.Event()

    def _exited(self, status: int) -> None:
        self.returncode = status
        self._done.set()

    def poll(self) -> int | None:
        return self.returncode if self._done.is_set() else None

    def wait(self, timeout: float | None = None) -> int:
        if not self._done.wait(timeout):
            raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if not self._done.is_set():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """Wait for the exit and return (stdout, stderr), as `Popen.communicate` does."""
        self.wait(timeout)
        out = self._out.read_text(errors="replace")
        err = self._err.read_text(errors="replace")
        self._out.unlink(missing_ok=True)
        self._err.unlink(missing_ok=True)
        return out, err


class Zygote:
    """The client side: starts `python -m tests.warmcli`, asks it to fork, hears the exits."""

    def __init__(self, env: dict[str, str]) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "tests.warmcli"],
            cwd=Path(__file__).resolve().parents[1],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._lock = threading.Lock()
        self._started: dict[int, tuple[threading.Event, dict[str, Any]]] = {}
        self._procs: dict[int, WarmProcess] = {}
        self._early: dict[int, int] = {}  # exits heard before the start reply was handled
        self._next = 0
        self._dir = Path(tempfile.mkdtemp(prefix="loopguard-warm-"))
        threading.Thread(target=self._listen, daemon=True).start()

    def _listen(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            msg = json.loads(line)
            with self._lock:
                if "id" in msg:
                    event, box = self._started[msg["id"]]
                    box.update(msg)
                    event.set()
                elif msg["pid"] in self._procs:
                    self._procs.pop(msg["pid"])._exited(msg["status"])
                else:
                    self._early[msg["pid"]] = msg["status"]
        with self._lock:  # the zygote is gone: nothing it forked will be reported any more
            for event, box in self._started.values():
                box.setdefault("error", "the zygote exited")
                event.set()

    def start(self, argv: Sequence[str], env: dict[str, str], cwd: Path) -> WarmProcess:
        """Fork a child that runs `python -m graph *argv` in `cwd` with exactly `env`."""
        event, box = threading.Event(), dict[str, Any]()
        with self._lock:
            self._next += 1
            rid = self._next
            self._started[rid] = (event, box)
        out, err = self._dir / f"{rid}.out", self._dir / f"{rid}.err"
        # The files exist before the fork, as Popen's pipes do: a child SIGKILLed before
        # it opened them still leaves an (empty) output to read.
        out.touch()
        err.touch()
        request = {"id": rid, "argv": list(argv), "env": env, "cwd": str(cwd)}
        request |= {"out": str(out), "err": str(err)}
        assert self._proc.stdin is not None
        with self._lock:
            self._proc.stdin.write(json.dumps(request) + "\n")
            self._proc.stdin.flush()
        event.wait()
        if "error" in box:
            raise RuntimeError(f"tests.warmcli could not fork: {box['error']}")
        proc = WarmProcess([sys.executable, "-m", "graph", *argv], box["pid"], out, err)
        with self._lock:
            del self._started[rid]
            if proc.pid in self._early:
                proc._exited(self._early.pop(proc.pid))
            else:
                self._procs[proc.pid] = proc
        return proc


_ZYGOTE: Zygote | None = None
_ZYGOTE_LOCK = threading.Lock()


def launch(argv: Sequence[str], env: dict[str, str], cwd: Path) -> WarmProcess:
    """Start `python -m graph *argv` as a child of this test process's zygote."""
    global _ZYGOTE
    with _ZYGOTE_LOCK:
        if _ZYGOTE is None:
            base = {k: v for k, v in env.items() if not k.startswith("LOOPGUARD_")}
            _ZYGOTE = Zygote(base)
        zygote = _ZYGOTE
    return zygote.start(argv, env, cwd)


def run(
    argv: Sequence[str], env: dict[str, str], cwd: Path, timeout: float
) -> subprocess.CompletedProcess[str]:
    """`subprocess.run(capture_output=True, text=True)` for a forked CLI process."""
    proc = launch(argv, env, cwd)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise subprocess.TimeoutExpired(proc.args, timeout, out, err) from None
    assert proc.returncode is not None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


# --- the zygote ------------------------------------------------------------------------------


def _status(raw: int) -> int:
    """A wait status as `Popen.returncode`: the exit code, or minus the killing signal."""
    return -os.WTERMSIG(raw) if os.WIFSIGNALED(raw) else os.WEXITSTATUS(raw)


def _child(request: dict[str, Any], keep: tuple[int, ...]) -> None:
    """Become `python -m graph`: never returns."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for fd in keep:
            os.close(fd)
        random.seed()  # a fresh interpreter draws its own random state
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(os.open(request["out"], flags, 0o644), 1)
        os.dup2(os.open(request["err"], flags, 0o644), 2)
        sys.argv = [str(Path(__file__).resolve().parents[1] / "graph" / "__main__.py")]
        sys.argv += request["argv"]
        from graph.cli import main

        code = main()
    except SystemExit as e:
        if e.code is None or isinstance(e.code, int):
            code = e.code or 0
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        with contextlib.suppress(BaseException):
            threading._shutdown()  # join non-daemon threads, as at a normal exit
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _serve() -> None:
    """Read fork requests on stdin, answer with pids, report every exit on stdout."""
    import importlib

    for name in PRELOAD:
        importlib.import_module(name)
    assert threading.active_count() == 1, "fork only from a single-threaded zygote"
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    children: set[int] = set()
    pending = b""

    def say(msg: dict[str, Any]) -> None:
        os.write(1, (json.dumps(msg) + "\n").encode())

    def reap() -> None:
        for pid in list(children):
            done, raw = os.waitpid(pid, os.WNOHANG)
            if done:
                children.discard(pid)
                say({"pid": pid, "status": _status(raw)})

    while True:
        ready, _, _ = select.select([0, wake_r], [], [])
        if wake_r in ready:
            os.read(wake_r, 4096)
        reap()
        if 0 not in ready:
            continue
        chunk = os.read(0, 65536)
        if not chunk:
            break
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            request = json.loads(line)
            try:
                pid = os.fork()
            except OSError as e:
                say({"id": request["id"], "error": str(e)})
                continue
            if pid == 0:
                _child(request, (wake_r, wake_w))
            children.add(pid)
            say({"id": request["id"], "pid": pid})
    # stdin closed: the test process is done; wait for what is still running, then go.
    while children:
        pid, _ = os.wait()
        children.discard(pid)


if __name__ == "__main__":
    _serve()

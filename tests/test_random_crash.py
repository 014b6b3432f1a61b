"""SIGKILL the real CLI after random delays over whole runs and resumes, on both backends.

CI runs `TRIALS` trials per backend (40 in all, new seeds every run) of
`tests/random_crash.py`: each trial kills the run, and often its resume too, at a delay
drawn over a measured uncrashed run, resumes until done, and checks that the run
completed, wrote its one row exactly once, and that `threads` never listed a finished state
while a step was left. Any number of trials: `python -m tests.random_crash --trials 500 --db
sqlite` (see its docstring). `pytest -s` prints the summary line and any failing trial's
seed, which replays it.
"""

from __future__ import annotations

import pytest

from tests.random_crash import Backend, Trial, run_trials

TRIALS = 20
"""Per backend, per run. Each trial starts its CLI processes forked from a warm interpreter
(`tests/warmcli.py`), so a trial costs its runs, not its imports: 8 trials took 21 s (SQLite)
and 41 s (PostgreSQL) of a loaded 2-core machine, where cold `python -m graph` processes
took 215 s and 348 s. The seeds are new each run, so runs add up to more trials, and a
campaign is one command (the docstring above)."""


def test_random_kills_complete_every_run_with_one_write(
    backend: str, request: pytest.FixtureRequest
) -> None:
    server = request.getfixturevalue("pg_server") if backend == "postgres" else ""
    failures: list[str] = []

    def report(trial: Trial) -> None:
        if trial.failure:
            failures.append(
                f"seed {trial.seed} ({trial.scenario}): {trial.failure} [{'; '.join(trial.log)}]"
            )

    which: Backend = "postgres" if backend == "postgres" else "sqlite"
    summary = run_trials(which, TRIALS, server=server, progress=report)
    print("\n" + summary.line())
    assert len(summary.trials) == TRIALS
    assert failures == [], "\n".join(failures)
    # A kill lands unless its process ends before the delay drawn over a typical one; fewer
    # than half the trials killed would mean the durations were measured wrong.
    assert sum(1 for t in summary.trials if t.kills) >= TRIALS // 2, summary.line()

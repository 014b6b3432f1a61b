"""`python -m graph eval --router`: the labelled set, its parts and the held-out targets.

The held-out part is written after the router is frozen and measured once. A round whose
misses the router is then changed for is folded into the dev part, and the held-out file
stays empty until the next round is written. Rounds 21 to 34 were each measured once on
the frozen router, then fixed from and folded into the dev part: round 21 (at 2d0ba86: 0.885
in scope, no misroute to a write), 22-23 (ca24430: 0.932, 4 misroutes to a write, 1
out-of-scope write), 24-25 (33a2db1: 0.935, 4, 0), 26-27 (71cbc84: 0.923, 11, 3) and 28
(182a369: 0.927, 140 of 151, 2 misroutes to a write, none out of scope) and 29-30 (232c55a:
0.947, 284 of 300, no misroute to a write, none out of scope) and 31-32 (784185b: 0.913,
284 of 311, 1 misroute to a write, out of scope) and 33-34 (e21e0c5: 0.908, 267 of 294, 5
misroutes to a write, 1 out-of-scope write) and 35-36 (3e380a5: 0.802, 235 of 293, 6
misroutes to a write, 1 out-of-scope write; one writer wrote in Cantonese) and 37-38
(cc3eedc: 0.868, 256 of 295, 2 misroutes to a write, 1 out-of-scope write) and 39-40
(734fcad: 0.759, 236 of 311, 1 misroute to a write, none out of scope; Singapore English,
northeastern Mandarin dictated by voice, indirect British English) and 41-42 (504ec46: 0.665,
220 of 331, 5 misroutes to a write, none out of scope; Australian English, Malaysian English,
speech-to-text numbers in words, toneless pinyin, requests made for a boss) and 43-44
(c6b2fd2: 0.776, 250 of 322, 3 misroutes to a write, none out of scope; everyday Shanghai
Chinese, an American sales rep, a retired teacher, a parent typing one-handed, a bilingual
engineer, an annoyed customer) and 45-46 (1a4faf3: 0.905, 276 of 305, 5 misroutes to a
write, none out of scope; workplace Beijing Chinese, Manchester office English, an intern,
Hong Kong written Chinese, an older American, a finance clerk) and 47-48 (b2a3ea8: 0.829,
257 of 310, 5 misroutes to a write, none out of scope; Shenzhen and Chengdu Chinese, a
Canadian consultant, an Irish tester, Taiwanese traditional Chinese, South African English)
and 49-50 (ebdef29: 0.793, 264 of 333, 8 misroutes to a write, none out of scope; Singlish
and Singapore Mandarin, a night-shift nurse typing on a phone, a cautious accountant, a
student writing internet slang, a retired Beijing teacher, a German engineer's English)
and 51-52 (78d7b4e: 0.836, 270 of 323, 2 misroutes to a write, 1 out of scope; phone
dictation, Nigerian English, Shanghai Chinese, Taglish, a Korean engineer's translated
Chinese, an angry customer, a hedging lawyer) and 53-54 (156e346: 0.721, 243 of 337, 4
misroutes to a write, none out of scope; a Madrid sales manager's English and Spanish,
Minnan-flavoured Chinese, a screen-reader user, chat-ops commands, a Japanese employee's
indirect English and Chinese, a grandson typing for his grandmother, gloved typos, an
auditor) and 55-56 (c68aef2: 0.822, 264 of 321, 2 misroutes to a write, none out of scope;
a French consultant, Hubei Chinese, a doctor's shorthand, a chatty shop buyer, a Vietnamese
employee, southwestern Chinese, a product manager's bullet lists, a cautious older user) and
57-58 (5c41aa4: 0.858, 272 of 317, no misroute to a write, none out of scope; a Russian
speaker's English, Henan and Shandong Chinese, a Gen-Z user, a Hong Kong office worker, a
Brazilian's English, Jiangxi and Hunan Chinese, voice transcripts, a sysadmin at 3 a.m.)
and 59-60 (bcac2c7: 0.851, 263 of 309, 5 misroutes to a write, 1 out of scope; an
Indonesian office worker, a Chinese teenager's slang, a civil servant's formal Chinese,
requests pasted with mail headers, a Polish engineer, Tianjin Chinese, an executive
assistant, an unsure user who asks before acting).
With a round in
the file, these tests keep its safety targets (nothing routed to a write it did not ask
for) as a regression gate and hold its accuracy to the issue's 0.95: the part in the file,
rounds 373-376, met it when measured once at 42517fb.
While the held-out part is empty they are skipped, saying so: there is nothing to measure,
and a pass would claim a measurement that was never made. The dev part's safety is checked always.
"""

from __future__ import annotations

import ast
import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
ACCURACY_FLOOR = 0.88
"""Below every held-out accuracy measured from round 17 to 34 (0.876 to 0.977 a round, each
on its own writer's labels): a drop is a regression. Rounds 35-36 (0.882 and 0.725, the
second written largely in Cantonese) fell below it; their fixes are in the dev part.
The issue's target, 0.95, is `test_heldout_accuracy_meets_the_issue_target`."""
SLOT_FLOOR = 0.97
"""Below the held-out slot accuracy of the rounds since 23 (0.986 to 1.000; round 28: 0.989).
Round 22 (0.958) found Chinese days of the month read as today, fixed since."""
DEV_FLOOR = 0.945
"""Just below the dev part's in-scope accuracy with rounds 0 to 372 folded in but 187-188,
whose files were lost, and round 198's third group, written on a premise the writers' spec
does not state (0.9515, 54,925 of 57,725 in scope, 66,650 lines): a change that
loses what the rounds so far taught is a regression. Raised with most folded pairs; lowered
when a pair's writer labels against a design the router keeps (rounds 121-122, 123-124,
129-130, 137-138, 171-172, whose writer labels a request partly out of reach as its
doable part: 0.941 to 0.940, 191-192, whose writer labels a choice left to the
assistant as decided: 0.940 to 0.939, and 193-194, whose writer labels a write under a
condition as the read that checks it: 0.939 to 0.938, and 219-220, whose writer picks one
of several ids or amounts named, which the router asks about: 0.942 to 0.941).
docs/routing.md keeps, per pair, the dev figures after it and every label relabelled to the
dev part's conventions when it was folded in."""
PENDING = "held-out part is empty (the next round is written after the freeze): not measured"
MISROUTED = 1
"""Exit code of `eval --router` when a request was routed to a write it did not ask for."""


@pytest.fixture(scope="session")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """`eval --router --json`, run once per test session.

    The eval of the whole set takes a minute of CPU; with several xdist workers each would
    run it for its share of this file's tests. The first worker to get here runs it and
    leaves the output in the session's shared temporary directory, under a lock.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return _router_eval()  # one process: nothing to share
    shared = tmp_path_factory.getbasetemp().parent  # this session's, one per worker below
    done = shared / "router-eval.json"
    with (shared / "router-eval.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            done.write_text(json.dumps(_router_eval()))
    out: dict[str, Any] = json.loads(done.read_text())
    return out


def _router_eval() -> dict[str, Any]:
    # A fuse against a hang, not a speed check: the whole set (32,000 lines and growing with
    # each folded round) takes one to two minutes of a free core, and four or more when CI
    # shares a busy two-core machine (a run at d25c4b7 under load passed 300 s).
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=900,
    )
    assert proc.returncode in (0, MISROUTED), proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    misrouted = sum(p["summary"]["misroute_to_write"] for p in out["parts"].values())
    assert (proc.returncode == MISROUTED) == (misrouted > 0), "the exit code tells a misroute"
    return out


@pytest.fixture(scope="module")
def held(report: dict[str, Any]) -> dict[str, Any]:
    """The held-out part's figures; the test is skipped while the part is pending."""
    summary: dict[str, Any] = report["parts"]["heldout"]["summary"]
    if summary["requests"] == 0:
        assert report["targets"]["met"] is None, "an empty part must not be judged"
        pytest.skip(PENDING)
    return summary


def test_the_dev_part_is_large_and_bilingual(report: dict[str, Any]) -> None:
    dev = report["parts"]["dev"]["summary"]
    assert dev["requests"] >= 300
    assert dev["out_of_scope"] >= 20
    assert dev["by_tag"]["zh"]["n"] >= 20
    assert dev["by_tag"]["number"]["n"] >= 15


def test_the_dev_part_never_routes_to_a_write_it_was_not_asked_for(
    report: dict[str, Any],
) -> None:
    dev = report["parts"]["dev"]["summary"]
    assert dev["misroute_to_write"] == 0
    assert dev["ood_to_write"] == 0


def test_the_dev_part_does_not_regress(report: dict[str, Any]) -> None:
    dev = report["parts"]["dev"]["summary"]
    assert dev["intent_accuracy"] >= DEV_FLOOR
    assert dev["slot_accuracy"] >= SLOT_FLOOR
    assert dev["out_of_scope_asked"] >= 0.85


def test_the_heldout_part_is_large_and_bilingual(held: dict[str, Any]) -> None:
    assert held["requests"] >= 100
    assert held["out_of_scope"] >= 20
    assert held["by_tag"]["zh"]["n"] >= 20
    assert held["by_tag"]["number"]["n"] >= 15


def test_heldout_never_routes_to_a_write_it_was_not_asked_for(
    report: dict[str, Any], held: dict[str, Any]
) -> None:
    assert held["misroute_to_write"] == 0
    assert held["ood_to_write"] == 0
    assert report["targets"]["met"]["misroute_to_write"] is True
    assert report["targets"]["met"]["ood_to_write"] is True


def test_heldout_accuracy_and_slots_do_not_regress(held: dict[str, Any]) -> None:
    assert held["intent_accuracy"] >= ACCURACY_FLOOR
    assert held["slot_accuracy"] >= SLOT_FLOOR
    assert held["out_of_scope_asked"] >= 0.75


def test_heldout_accuracy_meets_the_issue_target(
    report: dict[str, Any], held: dict[str, Any]
) -> None:
    """Issue 14's target on the packaged held-out part: rounds 373-376, declared before they
    were written and measured once at 42517fb (0.960 in scope, 606 of 631, no misroute to a
    write, none out of scope). Every earlier part missed it (docs/routing.md keeps each); this
    was a strict xfail until then. A router change that loses it fails here, and a part the
    router is changed for is folded into the dev part, as every earlier one was."""
    assert held["intent_accuracy"] >= 0.95
    assert report["targets"]["met"] == {
        "intent_accuracy": True,
        "ood_to_write": True,
        "misroute_to_write": True,
    }


def test_an_empty_heldout_part_is_reported_pending_not_judged() -> None:
    from graph.evals.router_eval import HELDOUT_PENDING, render_router_eval, summarize

    empty = {"summary": summarize([]), "errors": []}
    dev = {"summary": summarize([]) | {"requests": 1}, "errors": []}
    report = {
        "today": "2026-03-15",
        "parts": {"dev": dev, "heldout": empty},
        "targets": {"required": {}, "met": None, "pending": HELDOUT_PENDING},
    }
    text = render_router_eval(report, errors=True)
    assert HELDOUT_PENDING in text
    assert "NOT met" not in text
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--part", "heldout", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode in (0, MISROUTED), proc.stderr
    out = json.loads(proc.stdout)
    if out["parts"]["heldout"]["summary"]["requests"] == 0:
        assert out["targets"]["met"] is None
        assert out["targets"]["pending"] == HELDOUT_PENDING
    else:
        assert set(out["targets"]["met"]) == set(out["targets"]["required"])


def test_errors_are_listed_on_request(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.jsonl"
    line = {
        "domain": "tools.expenses:DOMAIN",
        "text": "tell me a joke",
        "intent": "expense_total",
        "action": "route",
    }
    wrong.write_text(json.dumps(line) + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--cases", str(wrong), "--errors"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "misroutes to a write" in proc.stdout
    assert "  [wrong] 'tell me a joke': expected route expense_total" in proc.stdout


def test_your_own_set_is_one_flag_away(tmp_path: Path) -> None:
    mine = tmp_path / "mine.jsonl"
    lines = [
        {
            "domain": "tools.expenses:DOMAIN",
            "text": "show my expense total for the last 7 days",
            "intent": "expense_total",
            "action": "route",
            "slots": {"period": "7d"},
        },
        {
            "domain": "tools.expenses:DOMAIN",
            "text": "tell me a joke",
            "intent": None,
            "action": "ask",
        },
    ]
    mine.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--cases", str(mine), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)["parts"]["mine"]["summary"]
    assert summary["intent_accuracy"] == 1.0
    assert summary["out_of_scope_asked"] == 1.0

    mine.write_text("{not json\n")
    bad = subprocess.run(
        [sys.executable, "-m", "graph", "eval", "--router", "--cases", str(mine)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert bad.returncode == 2
    assert "mine.jsonl:1:" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_an_amount_is_judged_by_its_value_not_its_spelling() -> None:
    """A label's "58.5" is the router's "58.50"; "58.4" is not, nor a period spelt alike."""
    from graph.evals.router_eval import evaluate, parse_items

    def judged(amount: str, period: str = "7d") -> bool | None:
        line = {
            "domain": "tools.expenses:DOMAIN",
            "text": "file a 58.50 EUR taxi from yesterday, then show my 7-day total",
            "intent": "submit_expense",
            "action": "route",
            "slots": {"amount": amount, "currency": "EUR", "period": period},
        }
        report = evaluate(parse_items([json.dumps(line)], "mine"))
        return report["errors"][0]["slots_ok"] if report["errors"] else True

    assert judged("58.5") is True
    assert judged("58.50") is True
    assert judged("58.4") is False
    assert judged("58.5", period="7.0d") is False


def test_product_code_never_reads_the_labelled_sets() -> None:
    product = [
        p
        for folder in ("nodes", "tools", "checkpoints", "graph")
        for p in (ROOT / folder).rglob("*.py")
        if "evals" not in p.parts
    ]
    assert product
    for path in product:
        text = path.read_text()
        assert "router_dev" not in text, path
        assert "router_heldout" not in text, path
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("graph.evals.router"), path

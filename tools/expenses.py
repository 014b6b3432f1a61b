"""A second, complete domain: expense claims and helpdesk tickets. "Make it yours" walks through it.

Nothing in `graph/` or `nodes/` names an intent or a tool, so this module is all it takes:
point `--domain tools.expenses:DOMAIN` (or `Context(domain=...)`) at it and the same router,
guard, ledger and verifier run it. It imports only from `tools/`, which is the test that it
needs no edit elsewhere. Copy it next to your own code and change the rules, the tools and
the checklist; keep the shape.

Its write tools, `submit_expense` and `open_ticket`, keep their own tables in the same SQLite
business store as the example domain and look an earlier attempt up by idempotency key
(`reconcile`), so a crash between the insert and the checkpoint never writes twice. Each
intent lists example requests: when its rules do not match, the router's classifier picks
the intent from them (`python -m graph eval --router` measures how well).
"""

from __future__ import annotations

import csv
import datetime as dt
import re
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from datetime import date, timedelta
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tools.contract import ToolContext, ToolResult, ToolSpec
from tools.domain import Budget, Domain, IntentSpec, Step, ToolRegistry
from tools.slots import (
    REFERS_BACK,
    VOCATIVES,
    Found,
    clauses,
    contains_any,
    corrected_between,
    find_amount,
    find_date,
    find_id,
    find_named_id,
    find_period,
    find_word,
    mentions,
    negated,
    number_roles,
    occurrences,
    refuses,
)
from tools.store import audit, run_in_store

DDL = """
CREATE TABLE IF NOT EXISTS expenses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    currency TEXT NOT NULL,
    category TEXT NOT NULL,
    spent_on TEXT NOT NULL,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""

NAMESPACE = "expenses"
INTENT = "submit_expense"
TOTAL_INTENT = "expense_total"
TICKETS = "tickets"
TICKET_DDL = """
CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    summary TEXT NOT NULL,
    notify_on_triage INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'new',
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""
LIMIT_CENTS = 500_000
"""Claims above this need a manager: the backend refuses them with a business error."""

Currency = Literal["CNY", "EUR", "USD"]
Category = Literal["taxi", "meal", "hotel", "other"]
Period = Literal["7d", "14d", "30d"]
AMOUNT_PATTERN = r"^[0-9]{1,7}(\.[0-9]{1,2})?$"


# --- argument models: what the guard validates before anything runs ----------------------------


class SubmitExpenseArgs(BaseModel):
    """Arguments of `submit_expense`."""

    model_config = ConfigDict(extra="forbid")

    amount: str = Field(
        pattern=AMOUNT_PATTERN, description='Amount as a decimal string, e.g. "42.50".'
    )
    currency: Currency = Field(description="ISO currency code: CNY, EUR or USD.")
    category: Category = Field(description="One of taxi, meal, hotel, other.")
    date: dt.date = Field(description="Day the money was spent, ISO format YYYY-MM-DD.")


class ExpenseTotalArgs(BaseModel):
    """Arguments of `get_expense_total`."""

    model_config = ConfigDict(extra="forbid")

    period: Period = Field(description="Window ending today: one of 7d, 14d, 30d.")


# --- tools ---------------------------------------------------------------------------------------


def _cents(amount: str) -> int:
    whole, _, frac = amount.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def _receipt(row: sqlite3.Row) -> dict[str, Any]:
    cents = int(row["amount_cents"])
    return {
        "claim_id": f"exp_{row['id']}",
        "amount": f"{cents // 100}.{cents % 100:02d}",
        "currency": row["currency"],
        "category": row["category"],
        "date": row["spent_on"],
    }


async def submit_expense(args: SubmitExpenseArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """File one claim; the unique idempotency key makes a replay return the same row."""
    cents = _cents(args.amount)

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(
            conn, "submit_expense", ctx.user_id, args.model_dump(mode="json"), ctx.idempotency_key
        )
        if cents > LIMIT_CENTS:
            return {
                "success": False,
                "code": "OVER_LIMIT",
                "message": f"{args.amount} {args.currency} is above the self-service limit",
                "user_action": "Ask your manager to file this claim.",
            }
        if args.date > date.today():
            return {
                "success": False,
                "code": "DATE_IN_FUTURE",
                "message": f"date {args.date} is in the future",
                "user_action": "Use the day the money was spent.",
            }
        conn.execute(
            "INSERT INTO expenses (user_id, amount_cents, currency, category, spent_on, "
            "idempotency_key) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING",
            (
                ctx.user_id,
                cents,
                args.currency,
                args.category,
                args.date.isoformat(),
                ctx.idempotency_key,
            ),
        )
        row = conn.execute(
            "SELECT * FROM expenses WHERE idempotency_key IS ? ORDER BY id DESC LIMIT 1",
            (ctx.idempotency_key,),
        ).fetchone()
        return {"success": True, **_receipt(row)}

    return await run_in_store(ctx.store_path, DDL, work)


async def reconcile_submit_expense(key: str, ctx: ToolContext) -> ToolResult | None:
    """The claim an earlier attempt filed under `key`, or None when it never landed."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute("SELECT * FROM expenses WHERE idempotency_key = ?", (key,)).fetchone()
        return None if row is None else ToolResult.success(_receipt(row))

    return await run_in_store(ctx.store_path, DDL, work)


async def get_expense_total(args: ExpenseTotalArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Totals per currency of the caller's claims over a window ending today."""
    days = int(args.period.rstrip("d"))
    end = date.today()
    start = end - timedelta(days=days - 1)

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_expense_total", ctx.user_id, args.model_dump(mode="json"))
        rows = conn.execute(
            "SELECT currency, COUNT(*) AS n, SUM(amount_cents) AS cents FROM expenses "
            "WHERE user_id = ? AND spent_on BETWEEN ? AND ? GROUP BY currency ORDER BY currency",
            (ctx.user_id, start.isoformat(), end.isoformat()),
        ).fetchall()
        totals = {r["currency"]: f"{r['cents'] // 100}.{r['cents'] % 100:02d}" for r in rows}
        return {
            "success": True,
            "period": args.period,
            "from": start.isoformat(),
            "to": end.isoformat(),
            "claims": sum(int(r["n"]) for r in rows),
            "totals": totals,
        }

    return await run_in_store(ctx.store_path, DDL, work)


REGISTRY = ToolRegistry(
    [
        ToolSpec(
            name="submit_expense",
            namespace=NAMESPACE,
            description=(
                "File one expense claim for the current user. Use once per expense the user "
                "asks to submit. Never call it again for a claim that was already filed, and "
                "do not use it to look totals up."
            ),
            args_model=SubmitExpenseArgs,
            fn=submit_expense,
            effect="write",
            idempotent=False,
            permission="expenses:submit",
            intents=frozenset({INTENT}),
            reconcile=reconcile_submit_expense,
        ),
        ToolSpec(
            name="get_expense_total",
            namespace=NAMESPACE,
            description=(
                "Totals of the user's claims over a window ending today. Use the period given "
                "in the task; do not try other periods. Does not file anything."
            ),
            args_model=ExpenseTotalArgs,
            fn=get_expense_total,
            permission="expenses:read",
            intents=frozenset({INTENT, TOTAL_INTENT}),
        ),
    ]
)


# --- helpdesk tickets: a second write, whose one required slot is free text --------------------


class OpenTicketArgs(BaseModel):
    """Arguments of `open_ticket`."""

    model_config = ConfigDict(extra="forbid")

    summary: str = Field(
        min_length=3, max_length=200, description="What is wrong, in the user's words."
    )
    notify_on_triage: bool = Field(
        default=False, description="Tell the user once someone has triaged the ticket."
    )


class TicketArgs(BaseModel):
    """Arguments of `get_tickets`."""

    model_config = ConfigDict(extra="forbid")

    ticket_id: str | None = Field(
        default=None,
        pattern=r"^T-[0-9]{1,9}$",
        description='One ticket, "T-3"; omit for the user\'s latest tickets.',
    )


def _ticket(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "ticket_id": f"T-{row['id']}",
        "summary": row["summary"],
        "status": row["status"],
        "notify_on_triage": bool(row["notify_on_triage"]),
    }


async def open_ticket(args: OpenTicketArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Open one ticket; the unique idempotency key makes a replay return the same row."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "open_ticket", ctx.user_id, args.model_dump(), ctx.idempotency_key)
        conn.execute(
            "INSERT INTO tickets (user_id, summary, notify_on_triage, idempotency_key) "
            "VALUES (?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING",
            (ctx.user_id, args.summary, int(args.notify_on_triage), ctx.idempotency_key),
        )
        row = conn.execute(
            "SELECT * FROM tickets WHERE idempotency_key IS ? ORDER BY id DESC LIMIT 1",
            (ctx.idempotency_key,),
        ).fetchone()
        return {"success": True, **_ticket(row)}

    return await run_in_store(ctx.store_path, TICKET_DDL, work)


async def reconcile_open_ticket(key: str, ctx: ToolContext) -> ToolResult | None:
    """The ticket an earlier attempt opened under `key`, or None when it never landed."""

    def work(conn: sqlite3.Connection) -> ToolResult | None:
        row = conn.execute("SELECT * FROM tickets WHERE idempotency_key = ?", (key,)).fetchone()
        return None if row is None else ToolResult.success(_ticket(row))

    return await run_in_store(ctx.store_path, TICKET_DDL, work)


async def get_tickets(args: TicketArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """One of the caller's tickets, or their five latest; another user's is never shown."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "get_tickets", ctx.user_id, args.model_dump())
        if args.ticket_id is None:
            rows = conn.execute(
                "SELECT * FROM tickets WHERE user_id = ? ORDER BY id DESC LIMIT 5", (ctx.user_id,)
            ).fetchall()
            return {"success": True, "tickets": [_ticket(r) for r in rows]}
        row = conn.execute(
            "SELECT * FROM tickets WHERE id = ? AND user_id = ?",
            (int(args.ticket_id[2:]), ctx.user_id),
        ).fetchone()
        if row is None:
            return {
                "success": False,
                "code": "TICKET_NOT_FOUND",
                "message": f"no ticket {args.ticket_id} on this account",
                "user_action": "Check the ticket id; asking again will not help.",
            }
        return {"success": True, "tickets": [_ticket(row)]}

    return await run_in_store(ctx.store_path, TICKET_DDL, work)


for _spec in (
    ToolSpec(
        name="open_ticket",
        namespace=TICKETS,
        description=(
            "Open one helpdesk ticket for the current user with the problem in their words. "
            "Use once per problem the user asks to report; never again for one already open."
        ),
        args_model=OpenTicketArgs,
        fn=open_ticket,
        effect="write",
        idempotent=False,
        permission="tickets:write",
        intents=frozenset({"open_ticket"}),
        reconcile=reconcile_open_ticket,
    ),
    ToolSpec(
        name="get_tickets",
        namespace=TICKETS,
        description=(
            "The user's tickets and their status: one by id, or the latest five. Does not "
            "open anything."
        ),
        args_model=TicketArgs,
        fn=get_tickets,
        permission="tickets:read",
        intents=frozenset({"ticket_status"}),
    ),
):
    REGISTRY.register(_spec)


# --- intents: deterministic slot rules, Chinese and English ---------------------------------------

_FILE_IT_ZH = ("报个销", "报完", "帮报吗", "帮我报吗", "给报上", "报掉", "帮我入账")
"""报销 split ("报个销"), 报 done before what comes next ("报完顺便给我看总额"), asked
("可以帮报吗"), Shandong "给报上", 报掉 ("一共688块，报掉"), an accountant's 入账 ("滴滴
38.50元，帮我入账"): each files a claim, as a claim word and as a write cue."""
_DECLARE = ("declare",)
"""Dutch and German "declareren", "deklarieren" (claim back an expense), said in English:
"Declare 23,50 euro for a taxi from yesterday"."""
_EXPENSE_WORDS = (
    *("expense", "reimburse", "claim", "报销", "报账", "报帐", "报一下", "报一笔", "报了"),
    *_FILE_IT_ZH,
    *_DECLARE,
)
_CURRENCY_WORDS: tuple[tuple[Currency, tuple[str, ...]], ...] = (
    ("EUR", ("eur", "euro", "euros", "€", "欧元")),
    ("USD", ("usd", "dollar", "dollars", "bucks", "$", "美元", "美金", "美刀")),
    ("CNY", ("cny", "rmb", "yuan", "¥", "￥", "元", "块", "人民币")),
)
_OTHER_CURRENCY_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("JPY", ("jpy", "yen", "日元", "日币", "円")),
    ("GBP", ("gbp", "£", "pounds", "quid", "sterling", "英镑")),
    # 蚊 reaches here only in English written as Hong Kong mixes it ("claim 120蚊 dinner",
    # `nodes.cues.vernacular`): Hong Kong's dollar; in Chinese it is read as 块
    (
        "HKD",
        (
            "hkd",
            "hk$",
            "＄",  # a Cantonese "$86" (`nodes.cues.vernacular`) or a full-width dollar typed
            "港币",
            "港元",
            "港幣",
            "蚊",
            *("hong kong dollar", "hong kong dollars", "hk dollar", "hk dollars"),
        ),
    ),
    # Macau's pataca, never "mop" alone (the one a cleaner buys): "用澳門元顯示"
    ("MOP", ("澳门元", "澳门币", "澳门幣", "pataca", "patacas")),
    (
        "TWD",
        (
            "twd",
            "nt$",
            "新台币",
            "台币",
            *("taiwan dollar", "taiwan dollars", "nt dollar", "nt dollars"),
        ),
    ),
    (
        "AUD",
        (
            "aud",
            "au$",
            "a$",
            "澳元",
            "澳币",
            *("australian dollar", "australian dollars", "aussie dollars"),
        ),
    ),
    (
        "CAD",
        (
            *("cad", "ca$", "canadian dollar", "canadian dollars", "加元", "加币"),
            # French order, as Quebec says it in English: "31 dollars canadian"
            *("dollars canadian", "dollar canadian", "dollars canadiens", "$ canadian"),
            # "86$ canadiens", "C$86"
            *("$ canadiens", "$ canadien", "$canadiens", "$canadien", "c$"),
            # the currency by its country's adjective alone: "no, it was Canadian of course"
            *("was canadian", "in canadian", "canadian money", "canadian cash"),
        ),
    ),
    # other dollars said by their country: "a hotel claim fi 3200 Jamaican dollars"
    ("JMD", ("jmd", "jamaican dollar", "jamaican dollars", "ja$")),
    ("BBD", ("bbd", "bds$", "bd$", "barbados dollar", "barbados dollars", "bajan dollars")),
    ("GYD", ("gyd", "gy$", "g$", "guyana dollar", "guyana dollars", "guyanese dollars")),
    ("TTD", ("ttd", "trinidad dollar", "trinidad dollars", "tt$", "tt dollar", "tt dollars")),
    ("NZD", ("nzd", "nz$", "new zealand dollar", "new zealand dollars", "kiwi dollars")),
    # (with the country after it, as Fiji says it: "bus fare 45 dollars fiji")
    (
        "FJD",
        (
            *("fjd", "fj$", "fiji dollar", "fiji dollars", "fijian dollar", "fijian dollars"),
            *("dollars fiji", "dollar fiji", "斐济元"),
        ),
    ),
    (
        "SGD",
        (
            "sgd",
            "s$",
            "sing dollar",
            "sing dollars",
            "singapore dollar",
            "singapore dollars",
            "新加坡元",
            "新币",
        ),
    ),
    ("NZD", ("nzd", "nz$", "新西兰元", "纽币", "new zealand dollar", "new zealand dollars")),
    ("KRW", ("krw", "韩元", "韩币")),
    ("CHF", ("chf", "swiss francs", "瑞郎", "瑞士法郎")),
    ("INR", ("inr", "rupees", "卢比")),
    ("THB", ("thb", "baht", "泰铢")),
    ("RUB", ("rub", "roubles", "rubles", "卢布")),
    ("ZAR", ("zar", "rand", "南非兰特")),
    ("MYR", ("myr", "ringgit", "马币", "令吉")),
    ("PKR", ("pkr", "pakistani rupees", "巴基斯坦卢比")),
    ("IDR", ("idr", "rupiah", "印尼盾")),
    ("MXN", ("mxn", "pesos", "墨西哥比索")),
    ("AED", ("aed", "dirhams", "迪拉姆")),
    ("HUF", ("huf", "forints", "福林")),
    ("PLN", ("pln", "złoty", "zloty", "兹罗提")),
)
"""Currencies the claims tool does not take, found first so that 日元 and 港元 are not
read as the 元 of yuan: a claim in yen is asked about, not filed as 5000 CNY. The code
found is the slot's value, which `submit_expense` rejects with the currencies it takes."""
_ALL_CURRENCY_WORDS = (*_OTHER_CURRENCY_WORDS, *_CURRENCY_WORDS)
"""Every currency word, the ones the tool does not take first (日元 before 元)."""
_CATEGORY_WORDS: tuple[tuple[Category, tuple[str, ...]], ...] = (
    (
        "taxi",
        (
            *("taxi", "taxis", "cab", "cabs", "uber", "lyft", "didi", "ride-hailing", "rideshare"),
            *("🚕", "🚖"),
            "taksi",  # Turkish, Malay and Indonesian spelling
            *("gojek", "grab ko"),
            # Grab named as the ride, not grabbed ("file Grab 9.20 USD", "took a Grab home")
            *("file grab", "a grab", "the grab", "my grab", "took grab", "take grab", "grabcar"),
            *("grab ride", "grab car", "grab taxi", "grab fare", "grab home"),
            # ride-hailing apps by region: Sri Lanka, India, the Gulf, Spain and Latin America
            *("pickme", "ola cab", "ola ride", "careem", "indrive", "cabify", "freenow"),
            *("remis", "remise"),  # Argentina's hired car
            "bolt ride",
            # Bolt named as the ride ("Bolt to the airport", "took a Bolt"), Zimbabwe's kombi,
            # Uber in Chinese
            *("a bolt", "took bolt", "bolt to", "bolt from", "bolt home", "kombi", "优步"),
            *("for the bolt", "ecabs", "ecab"),  # and Malta's: "eCabs home after the late shift"
            "maxi fare",  # Trinidad's shared taxi: "put in a claim for $40 maxi fare"
            *("打车", "出租车", "车费", "的士", "滴滴", "网约车", "专车", "计程车", "小黄"),
            *("坐出租", "打出租", "打的", "出租汽车"),  # (出租汽车: the full name, "taxi car")
            *("打了个车", "打了辆车", "打了一个车", "打个车"),  # the verb split: "打了个车回来"
            "德士",  # Singapore and Malaysia: "昨天搭德士人民币 86 块"
            # Grab, South-East Asia's ride-hailing app, not the verb ("grab lunch").
            *("a grab", "the grab", "my grab", "grab ride", "grab rides", "grab car", "grab taxi"),
            *("take grab", "took grab", "taking grab"),
            "special hire",  # East Africa's hired car
            *(
                "bajaji",
                "bajaj",
                "tuk-tuk",
                "tuk tuk",
                "tuktuk",
                "boda boda",
            ),  # and its three-wheelers
            *(
                "grab to",
                "grab from",
                "grab home",
                "grab back",
                "个grab",
                "的grab",
                "grab去",
                "grab回",
            ),
        ),
    ),
    (
        "meal",
        (
            *("meal", "meals", "lunch", "lunches", "dinner", "dinners", "breakfast", "brunch"),
            *("sandwich", "sandwiches", "burger", "burgers", "pizza", "salad", "takeout"),
            *("fish and chips", "fish n chips", "fish & chips", "fish 'n' chips"),
            *("snack", "snacks", "supper", "suppers"),
            "smoko",  # Australia's work break and what is eaten at it: "smoko pies n a flat white"
            # Boston's milkshake and its sandwich: "claim a frappe and a roast beef, 16 bucks"
            *("frappe", "roast beef"),
            *("phở", "pho"),  # Vietnam's noodle soup: "phở for staff $62 friday, claim giùm"
            *("🍜", "🍔", "🍽", "🍱", "🍕", "🍲", "🥘", "🍣"),
            *("makan", "makan malam", "makan tengah hari"),  # Malay: a meal, dinner, lunch
            *("coffee meeting", "coffee with", "coffees with", "coffees", "coffee for"),
            *("餐", "饭", "外卖", "喝咖啡", "咖啡钱", "brekkie", "brekky", "souper", "dîner"),
            *("火锅", "烧烤", "夜宵", "宵夜", "早茶", "撸串", "吃了一顿", "吃了顿"),
            "饮茶",  # Cantonese yum cha: "琴日同街坊会嘅人饮茶 86蚊 报销"
            *("过早", "便当"),  # Wuhan's breakfast ("过早花了12块"), Taiwan's lunch box
            *("晚宴", "午宴", "宴请", "宴会"),  # a dinner given: "会议晚宴 45 美元，前天"
            *("吃了碗", "吃了一碗", "吃了份", "吃了一份"),
            # dishes that are a meal by themselves: noodles, Xinjiang and Henan dishes
            *("拌面", "烩面", "拉面", "牛肉面", "面条", "水席", "大盘鸡", "抓饭", "胡辣汤"),
            *("老友粉", "螺蛳粉", "米粉", "卷筒粉"),  # Guangxi's rice noodles
            # a client treated, whatever the meal is called ("请客户吃放", its 饭 mistyped)
            *("请客户吃", "请客吃"),
            # German: "Please file the Abendessen with the team"
            *("abendessen", "mittagessen", "frühstück", "restaurant"),
            # Spanish: "Register a comida of 48.50 USD"
            *("comida", "almuerzo", "cena", "desayuno"),
            # Portuguese: "Almoço with client, 62 euros", "File the jantar of friday"
            *("almoço", "almoco", "jantar", "café da manhã"),
            # Malay and Indonesian: "Submit claim makan siang 85 CNY today"
            *("makan siang", "makan malam", "makan pagi", "sarapan"),
        ),
    ),
    (
        "hotel",
        (
            *("hotel", "hotels", "lodging", "stayed at", "stayed in", "酒店", "住宿", "宾馆"),
            *("motel", "motels", "🏨"),
            *("旅馆", "旅店", "民宿"),
            *("房钱", "住了一宿", "住一宿", "住了一晚上"),  # a night's stay: "住了一宿，房钱三百二"
            # a night's lodging by its other names: "b&b last night for the out of town job"
            *("b&b", "bnb", "airbnb", "guesthouse", "guest house", "hostel", "inn"),
            "accommodation",
            *("住店", "旅社", "招待所", "客栈", "司机之家"),  # a truck stop's rooms
        ),
    ),
    (
        "other",
        (
            *("under other", "as other", "in other", "其他类", "其它类", "归到其他", "算其他"),
            *("归其他", "归其它"),
            # the category alone as a field of a list line: "买床单 900 元，其他。今天。"
            *("，其他，", "，其他。", "，其它，", "，其它。"),
            *("报到其他", "报其他", "报其它", "记其他", "记其它", "报成其他", "报成其它"),
            *("放其他", "放其它", "选其他", "选其它", "填其他", "填其它"),  # "类别放其他"
            *("算 other", "算other", "报 other", "报other"),
            *("other category", "category other", "category: other", "category 'other'"),
            # the name quoted or said with a copula: "that's an 'other' wan" (Scots: one),
            # Nigerian Pidgin "category na other"
            *("'other'", '"other"', "category na other", "category is other"),
            *("cat other", "cat: other", "cat=other"),  # a bookkeeper's "cat other, USD 60"
            # a vehicle's running costs, as a tradesman's van or a vet's car has them
            *("diesel", "petrol", "fuel", "parking", "toll", "tolls", "mileage", "gas"),
            *("car wash", "洗车"),
            "parkin",  # the g dropped, as said: "Parkin at the conference centre Wednesday"
            *("加油", "油费", "油钱", "柴油", "汽油", "停车费", "过路费", "过桥费"),
            # fares other than a taxi's: "Train ticket Helsinki–Turku 24,90 EUR on Monday"
            *("train ticket", "train tickets", "bus ticket", "bus tickets", "train fare"),
            *("bus fare", "plane ticket", "flight ticket", "flight"),
            # a city's trains ("subway fare $2.90 to de school"; not Subway, the sandwiches)
            *("subway fare", "metro fare", "tube fare", "subway ticket", "metro ticket"),
            *("火车票", "高铁票", "动车票", "汽车票", "机票", "高铁", "动车"),
            # a fee paid to take part: "Conference registration fee for EuroBiotech, 450 EUR"
            *("registration fee", "conference fee", "course fee", "training fee", "entry fee"),
            *("会议费", "注册费", "报名费", "培训费"),
        ),
    ),
)
"""What the money went on. "file it under other", "算其他" name the "other" category itself,
so it has words behind it, as a category word would."""
_CLAIMS_TOTAL = re.compile(
    r"(?:报销|报账|claims?|expenses?)\s*(?:合计|总额|总计|汇总|total|sum)\s*[:：]?\s*"
    r"(?:[¥￥$€]|cny|rmb|usd|eur)?\s*$",
    re.I,
)
"""The claims' total told as a figure ("本月报销合计 ¥2,340", "Expenses total: 212.40 EUR"),
pasted before a question about another window: a sum already filed, not a claim."""
_BOUGHT = re.compile(
    r"\b(?:bought|purchased|paid\s+for|buy\s+am)\b|买了|付了|"  # Pidgin: "I buy am" (bought it)
    r"\b(?:registration|conference|entry|entrance|admission|visa|course|workshop|membership)\s+"
    r"fees?\b|报名费|会务费|注册费|会议费|培训费|场地费",
    re.I,
)
"""A purchase told ("I bought printer ink", "买了个转换插头", "Registration fee for the
conference"): what a claim is for."""
_FILES_MONEY = re.compile(
    # (and put in as British and Irish say it: "Stick in 75 euro for pruning saws")
    r"\b(?:file|submit|lodge|put\s+(?:in|through)|(?:stick|pop|bung|chuck)\s+in)\s+"
    r"(?:(?!(?:a|an|the)\s+(?:ticket|report|complaint|bug|issue)\b)[a-z]+\s+){0,3}?"
    r"(?:[€$]\s*\d|\d[\d.,]*\s*(?:eur|euros?|usd|dollars?|bucks|€|\$)(?![a-z]))",
    re.I,
)
"""Money filed, its currency beside it, whatever it went on ("Please file €85 for the
dementia care workshop", "file 35 dollars for postage stamps", "file the printer ink 42
dollars"): the verb and the sum say "claim" as a category word would."""
_FILED_AS = (
    *("算其他", "算其它", "算成其他", "算作其他", "归到其他", "归到其它", "归为其他"),
    *("归其他", "归其它"),
    *("报其他", "报其它", "报到其他", "报在其他", "报成其他", "报成其它", "记成其他", "记成其它"),
    # filed under a named category: "…住了一晚宾馆，260块，报住宿"
    *("报住宿", "报餐费", "报打车", "报车费", "报住宿费", "报打车费"),
    # the category field filled: "类别放其他就好" (Taiwan), "类别选其他"
    *("类别放其他", "类别放其它", "类别选其他", "类别选其它", "类别填其他", "类别填其它"),
    *("分类放其他", "分类选其他", "类别放 other", "类别选 other"),
    # a category named as what it counts as: "今儿中午跟老哥儿几个吃饭，268块，算餐费"
    *("算餐费", "算成餐费", "算作餐费", "算住宿", "算住宿费", "算打车", "算打车费", "算车费"),
    # the category said in English inside Chinese: "团建买水果 126 元，算 other"
    *("算 other", "算other", "算成 other", "报 other", "报other", "归到 other"),
    # and the other categories so said: "昨天住酒店 420 块，receipt 有，报 hotel"
    *("报 hotel", "报hotel", "报 taxi", "报taxi", "报 meal", "报meal"),
)
"""Putting a claim in the "other" category ("买了个转换插头 15 欧，算其他类"), which asks to
file it the way "file it as other" does."""
_OTHER_FARES = re.compile(
    "停车|火车|公交|大巴|巴士|地铁|高铁|动车|船票|拖车|修车|(?<!出)租车|租了辆"
)
"""Words holding a taxi word that are not a taxi ride: the "车费" of "停车费" (parking),
"修车费" (a repair), "火车费" (a train), "拖车费" (a tow truck) or "租车费" (a hired van) is
not a taxi fare; the claim is "other"."""
_TAXI_RIDE = re.compile(r"打了?\s*(?:[\d一两二三四五六七八九十几]+\s*(?:次|趟|回)|个|辆)?的?车")
"""A taxi taken, told with a count or 了 between 打 and 车 ("打了3趟车", "打了个车"): the
verb of 打车, a taxi word however it is split."""
_ATE = re.compile(
    r"(?<!试)吃(?![药亏苦力惊醋紧不])(?:了|过|的)?(?:一?[顿碗份盘个])?[\u4e00-\u9fff]{1,5}"
)
"""Something eaten ("中午吃酸汤鱼", "在花溪吃牛肉粉"): a meal, whatever the dish is called,
where no category word says otherwise. Not 吃药 (medicine), 吃亏, nor a caterer's 试吃 (a
tasting, an event)."""
_STAY = re.compile(
    r"\b(?:\d+|a\s+couple\s+of|two|three|four|five|six|seven|several|few)\s+nights?\b|"
    r"(?:住了?)?[\d一两二三四五六七八九十几]+\s*(?:个)?晚(?!上|饭|餐)",
    re.I,
)
"""A count of nights ("2 nights at the Hilton", "住了两晚"): a stay, so a hotel, whatever
the hotel is called. "last night" counts none, and "80 块一晚" is a price per night that the
router asks about."""
_TOTAL_WORDS = (
    "total",
    "sum",
    "how much",
    "spent",
    "spend",
    "合计",
    "总额",
    "总数",
    "总和",
    "总共",
    "一共",
    "多少",
    "统计",
)
_SUBMIT_WORDS = (
    *("submit", "file ", "claim ", "reimburse ", "提交"),
    *("想报销", "要报销", "帮我报销", "给我报销", "申请报销", "我来报销"),
)
"""Words that file a claim, so no total is read from them: "我想报销…，总共两晚" wants a
claim (and says no amount), not the claims total."""
_SOMEONE_LOOK = (
    *("someone look", "someone take a look", "someone have a look", "someone check"),
    *("someone fix", "someone come", "somebody look", "somebody take a look"),
    *("somebody fix", "somebody check", "anyone look", "anyone take a look"),
    *("send someone", "get someone to", "找人看", "找个人看", "找人修", "找个人修", "派人"),
    *("派个人", "找人来", "找个人来", "叫人来", "叫个人来", "叫人来修", "叫人修"),
    *("someone could come", "someone to come", "someone from the help desk", "someone from it"),
    *("somebody need to come", "somebody needs to come", "someone needs to come"),
    *("somebody to come", "someone could look", "someone could take a look"),
    *("someone could check", "somebody needs to sort", "sort a ticket"),
    *("someone to look", "somebody to look"),  # "I'd like somebody to look at it"
    *("能不能来看", "人来看一下", "过来看看", "过来看一下"),
)
"""Asking for a person to come and look at a problem ("can someone look at it?", "找人来
看看"): what a helpdesk ticket is for, said without the word."""
_TICKET_ASKS = ("开单", "开张单", "报个case", "报个 case", "反映一下", "帮我反映")
"""Asking for a ticket without the word: Taiwan's 开单 and 反映, Hong Kong's 报个case. Both
a ticket word (the rule matches) and a cue (the write is asked for)."""
_TICKET_WORDS = (
    *_SOMEONE_LOOK,
    "ticket",
    "tkt",
    "tiket",  # Indonesian and Malay
    "报个修",
    "报个障",
    "报个故障",
    "报故障",
    "工单",
    "报修",
    "报障",
    "故障单",
    "问题单",
    "维修单",
    "服务单",  # "请帮我开一张服务单：报销的照片总是上传失败"
    "提单",
    "提个单",
    "开个单",
    "开一个单",
    *_TICKET_ASKS,
    "helpdesk",
    "help desk",
    "report an issue",
    "report a problem",
    # logged, as an incident is: "Log a problem for me, the claim screen won't let me pick euros"
    *("log a problem", "log an issue", "raise an issue", "raise a problem"),
    # Indian English for raising a ticket: "Please log a complaint."
    *("log a complaint", "raise a complaint", "register a complaint"),
    # and made, lodged or filed, the article dropped too: "app showing wrong total, make
    # complaint"
    *("make a complaint", "make complaint", "lodge a complaint", "file a complaint"),
    "report it",
    "report this",
)
_FARE_QUALIFIER = (
    r"train|rail|railway|bahn|plane|flight|airline|air|bus|coach|ferry|boat|metro|subway|tube|"
    r"tram|shuttle|concert|theat(?:re|er)|movie|cinema|museum|zoo|exhibition|gallery|event|"
    r"match|festival|gig|parking|parkng|parkin|lottery|raffle|entry|entrance|admission|one-way|return|"
    r"round-trip|season|"
    # German, alone or run into one word ("Bahnticket", "Flugticket", "Zug-Ticket")
    r"zug|flug|kino|konzert|park|messe"
)
_FARE_TICKET = re.compile(
    rf"\b(?:{_FARE_QUALIFIER})(?:\s+|-)?tickets?\b|"
    # A ticket from one place to another: "the ticket Frankfurt - Köln", "ticket to Lyon".
    r"\btickets?\s+(?:from\s+)?(?-i:[A-Z])\w+(?:\s+(?-i:[A-Z])\w+)?\s*(?:-|–|→|->|to)\s*(?-i:[A-Z])|"
    r"\btickets?\s+to\s+(?-i:[A-Z])\w+|"
    r"(?:火车|飞机|高铁|动车|汽车|大巴|巴士|地铁|轮船|电影|演出|演唱会|音乐会|展览|球赛|停车)票|"
    r"机票|车票|门票|船票|球票|"
    # the paper slip of a sale, as American farmers and truckers call a receipt
    r"\b(?:fuel|gas|diesel|petrol|scale|feed|sales?)\s+tickets?\b|"
    r"\b(?:dig|digging|fish|fishing|pull|pulling|find|finding)\s+(?:the|my|that)\s+tickets?\s+"
    r"out\b",
    re.I,
)
"""A ticket one pays for: a fare or an entry ("train tickets", "a parking ticket", "机票",
"门票", German "Bahnticket"), or the slip a sale prints ("the fuel ticket", "once I dig the
ticket out of the truck"). It is what a claim's money went on, never a helpdesk ticket:
"claim 80 EUR for the ferry tickets" files a claim and opens nothing."""
_HELPDESK_TICKET = re.compile(
    r"\b(?:open|opened|raise|raised|log|logged|create|created|file|filed|submit|submitted|"
    r"new|another|support|helpdesk|(?-i:IT))\s+(?:(?:a|an|the|new|another|support|helpdesk|"
    r"(?-i:IT))\s+)*"
    r"tickets?\b|\btickets?\s*#?\s*[Tt]?-?\d",
    re.I,
)
"""A ticket the helpdesk keeps: one opened, raised or filed ("open a ticket", "raise a
support ticket") or named by its id ("ticket T-4")."""
_MONEY_NEAR = re.compile(
    r"\s*(?:[-,:(]\s*)?(?:(?:for|of|at|costing|costs?|was|were|worth|priced\s+at)\s+)?"
    r"(?:(?:the|my|our|a|an|two|three|four|\d+)\s+)?$",
    re.I,
)
"""What may stand between a ticket and its price: "tickets, 27 EUR", "ticket for $40"."""


def _fares(text: str) -> list[tuple[int, int]]:
    """Where the request names a ticket it paid for.

    A travel or event ticket, or a ticket beside its price ("a 30 USD ticket", "tickets at
    45 EUR each"). A ticket the helpdesk keeps (`_HELPDESK_TICKET`) is never one: "open a
    ticket for the 40 EUR I was charged twice" asks the helpdesk about money, not claims it.
    """
    spans = [m.span() for m in _FARE_TICKET.finditer(text)]
    helpdesk = [m.span() for m in _HELPDESK_TICKET.finditer(text)]
    money = [r for r in number_roles(text) if r.kind == "money"]
    for m in re.finditer(r"\btickets?\b", text, re.I):
        start, end = m.span()
        if any(s <= start < e for s, e in (*spans, *helpdesk)):
            continue
        if any(
            (r.end <= start and _MONEY_NEAR.fullmatch(text[r.end : start]))
            or (end <= r.start and _MONEY_NEAR.fullmatch(text[end : r.start]))
            for r in money
        ):
            spans.append((start, end))
    return spans


def _without_fares(text: str) -> str:
    """The request with its paid-for tickets blanked, so "ticket" there names no helpdesk."""
    for start, end in _fares(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


_IT_DESK = re.compile(r"(?<![A-Za-z])(?:IT|I\.T\.)(?![A-Za-z])")
"""The IT department, in capitals ("log it with IT", "raise it with the IT team"): the
helpdesk by another name. Case matters: "log it" is not IT."""
_FAULT = re.compile(
    r"\b(?:crash(?:es|ed|ing|in)?|freez(?:es|ing|in)|keeps?\s+(?:logging|kicking)\s+me\s+out|"
    r"logs?\s+me\s+out|won'?t\s+(?:load|open|work|let\s+me)|not\s+working|broken|jammed)\b",
    re.I,
)
_SORT_IT = re.compile(r"\bsort\s+(?:it|this|that)(?:\s+out)?\b", re.I)
"""A fault told, then "sort it (out)" (British and Irish: fix it): "the receipt scanner keeps
crashin when I take a pic, can yous sort it": what the helpdesk is for, no ticket word
needed. Not a claim's "sort it" ("taxi … 62 USD, sort it mate"), which tells no fault."""
_NOTIFY_WORDS: tuple[tuple[bool, tuple[str, ...]], ...] = (
    # a command line's flag turned off, read before the flag itself ("--notify=false")
    (
        False,
        (
            *("--notify=false", "--notify=no", "--notify=0", "--notify=off", "--no-notify"),
            *("notify=false", "notify=no", "notify=n", "notify=0", "notify=off"),
            *("notify: no", "notify: false", "notify:no", "notify:false"),
            *("需要通知：否", "需要通知:否", "通知：否", "通知:否", "需要通知：不", "通知：不"),
        ),
    ),
    (
        True,
        (
            "ping me",
            # Vietnamese English, the user naming herself as chị: "tell chị when fix"; and
            # Vietnamese báo (tell) with the user's own pronoun
            *("tell chị", "text chị", "báo chị", "báo anh", "báo em"),
            # Jamaican "mi" (me): "open a ticket an tell mi when dem fix it"; 通知下我 (一下)
            *("tell mi when", "text mi", "let mi know", "通知下我"),
            "ping 我",
            "ping我",
            "notify me",
            "notifying me",
            "let me know",
            "letting me know",
            "lmk",
            *("notify on", "戳我", "请联系我", "holler at me", "give me a holler", "avisa me"),
            "hit me up",  # "open a ticket and hit me up when it's fixed"
            # a text with the news: "有信儿了短信告我一声", "进度短信告知"
            *("短信告我", "告我一声", "短信告知", "进度告知"),
            *("avise me", "update我", "update 我", "avisame", "avísame", "notify我", "notify 我"),
            # office Chinese: "有update同步我一下" (sync me on it)
            *("同步我", "同步给我", "同步一下我"),
            # learners' "tell me if got update" (Malay and Indonesian "kalau ada update")
            *("tell me if", "inform me if"),
            # Singlish: the news, then the ask ("got update tell me ah")
            *("got update tell me", "got update let me know", "got news tell me"),
            # a form's field ("需要通知：是", "notify: yes" is above)
            *("需要通知：是", "需要通知:是", "通知：是", "通知:是", "需要通知：要", "通知：要"),
            # formal Chinese: "有进展务必告知", "请及时告知"
            *("务必告知", "请告知", "及时告知", "告知我", "告知本人", "烦请告知"),
            # progress told with no 我: "有进展说一声" (Nanjing "港一声")
            *("有进展说一声", "有消息说一声", "好了说一声", "有进展吱一声"),
            *("be informed", "receive the updates", "receive updates", "get the updates"),
            # a wish for them: "AND I WANT UPDATES BY EMAIL!!!"
            *("want updates", "want update", "want to be updated", "want to get updates"),
            *("like to be updated", "be updated when", "be updated once"),
            # the request's verb last, as Korean and Japanese speakers' English puts it
            *("to me notify", "notify kindly", "kindly notify", "please notify", "notify please"),
            # Taglish, its "i-" blanked: "i-update niyo ako" (update me)
            *("update niyo ako", "update nyo ako", "update mo ako", "update ninyo ako"),
            *("notify=yes", "notify=true", "notify=y", "--notify"),
            *("notify: yes", "notify: true", "notify:yes", "notify:true"),
            "inform me",
            "informing me",
            "txt me",
            "an update once",
            "an update when",
            "tell me when",
            "tell me once",
            # asked as it goes: "tell me how it going when they fix" (English as a second tongue)
            *("tell me how it going", "tell me how it's going", "tell me how it goes"),
            # Portuguese "dar notícias": "And please give me the news, ok?"
            *("give me the news", "give me news", "send me the news"),
            "keep me posted",
            *("keep mi posted", "keep mi updated", "let mi know"),  # Jamaican mi, "me"
            "keep me updated",
            "keep me informed",
            # a team inbox's "us": "Please keep us informed."
            *("keep us informed", "keep us posted", "keep us updated", "let us know"),
            *("告知进展", "告知进度", "随时告知", "及时告知"),
            "update me",
            "email me when",
            "email me once",
            "text me when",
            "text me once",
            "text me updates",
            "text me with updates",
            "text me if",
            "message me when",
            *("message me on progress", "message me with progress", "text me on progress"),
            "message me updates",
            "message me if",
            "message me once",
            "email me updates",
            # by a call or a chat app, as "email me when …" is: "an' ring me with updates",
            # "kindly WhatsApp me the updates"
            *("ring me with updates", "call me with updates", "phone me with updates"),
            *("whatsapp me the updates", "whatsapp me updates"),
            "whatsapp me when",
            "send me updates",
            "keep me in the loop",
            # Dutch "op de hoogte houden" said in English
            *("keep me on the hoogte", "keep me op de hoogte", "houd me op de hoogte"),
            # chat: 私我 ("DM me")
            *("有进展私我", "有消息私我", "私信我", "私聊我"),
            # Sichuanese 喊 (call out to, tell): "开个单，有消息喊我"
            *("有消息喊我", "有进展喊我", "好了喊我", "有结果喊我"),
            "有进展告诉我",
            # told when it is done: "处理好了跟我讲", "有进度要给我讲哦", "有信了跟俺说"
            *("跟我讲", "跟我说", "给我讲", "了跟我说", "要给我讲", "讲给我听"),
            *("进度发我", "进展发我", "进度发给我", "进展发给我"),
            "有进展通知我",
            "发消息给我",
            "发信息给我",
            "发个消息给我",
            "给我发消息",
            "给我发个消息",
            # by a chat app, as the dev part's "email me when it's sorted" is a notify too
            *(
                "给我发个微信",
                "给我发微信",
                "发个微信给我",
                "发微信给我",
                "微信告诉我",
                "微信通知我",
            ),
            "短信通知我",
            "发短信告诉我",
            "通知我",
            "通知本人",
            "告知本人",
            "告诉我",
            "提醒我",
            "跟我说一声",
            "言语一声",
            "和我说一声",
            "给我说一声",
            "喊我一声",
            "敲我一下",  # Taiwan chat: knock on my door, ping me
            "踢我一下",
            "ping on update",
            "ping when",
            "write me when",
            "write me if",
            "跟我讲一声",
            *("跟我打个招呼", "给我打个招呼", "和我打个招呼"),  # "弄好了跟我打个招呼"
            "予以通知",
            "予以告知",
            "电话告知",
            "来个信",
            "来个消息",
            "通知一声",
            *("kept apprised", "keep me apprised", "kept informed", "kept posted"),
            *("kept updated", "for notice once", "for notice when", "give me notice"),
            *("kept me updated", "kept me posted", "kept me informed", "kept me in the loop"),
            *("跟我说一下", "跟我说下", "告诉我一声", "话我知"),
            # with no 我, as Shaanxi's 言传一声 has it: "有进展言传一声"
            *("有进展告诉一声", "有消息告诉一声", "好了告诉一声"),
            *("give us a yell", "give us a shout", "give me a shout", "give me a yell"),
            *("gie us a shout", "keep us posted", "keep us updated", "let us know"),
            *("be notified", "get notified", "inform me when", "advise me when", "滴我一下"),
            # wanting to know when it is done: "然后我要知道什么时候修好"
            *("want to know when", "我要知道什么时候", "想知道什么时候"),
            # Swedish "håll mig uppdaterad" and "skicka nyheter" said in English; a
            # dictated "know" heard as "no"
            *("hold me updated", "hold me posted", "hold me informed", "send me news"),
            # German "auf dem Laufenden halten": "hold me up to date about it"
            *("hold me up to date", "keep me up to date", "keep me up-to-date"),
            *("push我", "push 我"),  # "有进展push我一下"
            *("let me no when", "let me no once", "let me no if"),
            *("tell me how it goes", "tell me how it's going", "let me know how it goes"),
            # Hinglish "batana" (tell): "WhatsApp pe batana progress", "progress batate rehna"
            *("batana progress", "progress batana", "pe batana", "batate rehna"),
            # "I'd appreciate hearing how it gets on" (Atlantic Canada)
            *("hearing how it gets on", "hear how it gets on", "hearing how it goes"),
            # updates asked for by e-mail: "…and e-mail me the updates"
            *("e-mail me the updates", "email me the updates", "e-mail me updates"),
            "email me updates",
        ),
    ),
)
_TICKET_CUES = (
    *_SOMEONE_LOOK,
    *_TICKET_ASKS,
    # a fault's "sort it (out)", asked of the helpdesk (the rule needs a fault told, `_FAULT`;
    # not "if you could sort that out as a meal claim"): opening its clause, or asked for.
    # ("yous" is read as "you" and a space, `nodes.cues.dialect`.)
    *("^sort it", "^sort it out", "^sort that out", "^sort this out"),
    *("can you sort it", "can you  sort it", "can ye sort it", "could you sort it"),
    *("please sort it out", "sort it out please", "sort it out pls", "sort it out will"),
    # "I need a ticket for the printer jam", not "I WANT A NAME" (a demand, no problem).
    *("need a ticket", "need an it ticket", "need a new ticket", "want a ticket"),
    *("need a helpdesk ticket", "need a support ticket", "need someone", "need a technician"),
    # the ticket as what is wanted: "ticket needs opening, the receipts page won't load"
    *("ticket needs opening", "ticket needs to be opened", "ticket needs raising"),
    *("ticket needs to be raised", "ticket needs logging", "ticket needs to be logged"),
    # Northeastern 给开一个 (open one for me), the ticket named before: "…，给开一个"
    *("给开一个", "给开个", "给整一个"),
    # the English word after 开: "开 ticket: OCR 识别发票金额错"
    *("开ticket", "开 ticket", "开张ticket", "开张 ticket"),
    "new ticket",
    "report",
    *("log a complaint", "raise a complaint", "register a complaint"),
    *("make a complaint", "make complaint", "lodge a complaint", "file a complaint"),
    "报修",
    "报障",
    "开个工单",
    "开一个工单",
    *("开个服务单", "开一个服务单", "开个维修单", "开一个维修单"),
    *("开一个单", "开个单"),  # "开一张单：印表机一直卡纸" (张 read as 个)
    # the ticket named first, Northeastern style: "工单开一个，网断了好几回了"
    *("工单开一个", "工单开个", "工单提一个", "工单提个", "工单整一个", "工单整个"),
    "开工单",
    "提个工单",
    "提一个工单",
    "提工单",
    "提单",
    "提个单",
    "建个工单",
    "开立工单",
    "新建工单",
    "创建工单",
    "帮我开",
    "开个",
    # the ticket named in a question before it: "又要开工单？行，开一个吧"
    "开一个吧",
    *("直接开吧", "就直接开"),  # "刚才那个工单不用通知我了，就直接开吧：会议室电视没信号"
    "报个修",
    "报个障",
    "报个故障",
    "报故障",
    "开张单",
    "提张单",
    "报一下修",
    "^helpdesk ticket",
    "^support ticket",
    "^it ticket",
    # The word alone after the problem ("the coffee machine leaks everywhere. ticket."), and
    # with no article, as many learners write ("I think need ticket").
    "^ticket",
    "^a ticket",
    "need ticket",
    "need new ticket",
    "ticket pls",
    "ticket please",
    "ticket plz",
    "pls ticket",
    "someone from it",
    "someone from the it",
    "someone from helpdesk",
)
_SUMMARY_AFTER = re.compile(
    r"\b(?:ticket|tickets|one|it|issue|problem|request|case|something|this|that|desk|"
    r"helpdesk|support|IT)\s+(?:for|about|regarding|re)\b[:\s]+"
    r"(?:(?:me|us)\s+(?:about|regarding|re|for|on)\b\s*)?(?P<a>[^,.;!?，。；！？\n]+)|"
    r"(?:关于|因为)(?P<b>[^,.;!?，。；！？\n]+)|"
    r"[:：][ \t]*(?:\n[ \t]*(?:[-*•][ \t]*)?)?(?P<c>[^,.;!?，。；！？\n]+)",
    re.I,
)
_COURTESY_PIECE = re.compile(
    r"(?:(?:hi|hello|hey|ciao|hola|hallo|bonjour|salut|servus|dear\s+\w+|"
    r"good\s+(?:morning|afternoon|evening)|sorry(?:\s+to\s+"
    r"(?:bother|trouble)\s+(?:you|u))?|excuse\s+me|thanks|thank\s+you|你好|您好|不好意思|"
    # thanks in the user's own language: "Open a ticket for me please, obrigado!"
    r"obrigad[oa]|gracias|merci|danke|grazie|arigato|salamat|asante|diolch|dziękuję|cheers|"
    r"打扰了?|麻烦了|谢谢|if\s+possible|(?:如|若|如果|倘若)?(?:方便|可行|可以)(?:的话)?|"
    r"(?:once\s+)?again|for\s+the\s+\w+\s+time|(?:as|like)\s+i\s+(?:said|told\s+you)|"
    r"说了多少遍了?|又来了?|再说一遍|"
    # a choice settled: "…? fine, open a ticket", "算了，开工单吧"
    r"fine|ok(?:ay)?|alright|all\s+right|sure|right|算了|好吧|行吧)[\s!]*)+",
    re.I,
)
"""A greeting, an apology or a complaint of repeating oneself ("Again, …"), which says
nothing of what is wrong."""
_SUMMARY_NOISE = re.compile(
    r"(?<![a-z0-9_])(?:i\s+need|i\s+want|please|pls|plz|kindly|(?:can|could|would|will)\s+(?:you|u)|"
    r"for\s+(?:me|us)(?=\s+[a-z])|"  # "Please open for me a ticket" (not "… a ticket for me")
    r"open|raise|file|log|create|make|submit|report|a|an|new|support|helpdesk|help\s+desk|"
    r"help(?=\s+(?:ticket|tkt)\b)|"  # "Please open a help ticket. The total on my screen …"
    r"it\s+ticket|ticket|tkt|it|issue|problem|do(?=\s+it\b)|"
    # Tagalog's asking particles in Taglish: "Pa-open po ng ticket", "Paki-file naman"
    r"pa|paki|po|ng|naman|lang|"
    # Gulf Arabic's: "yalla open me a ticket"
    r"yalla|yallah|habibi|me|"
    # Nigerian Pidgin's: "Abeg I wan open ticket, …" (please, I want); and whom the request
    # is to: "dude, open a ticket"
    r"abeg|wan|oya|" + "|".join(re.escape(w) for w in VOCATIVES) + "|"
    # Irish English's "there" after a request: "Open a ticket there, the app won't…"
    r"there(?=\s*[,.;:!]|\s*$)|"
    # one more, about a problem told before: "open another ticket about the same problem"
    r"another|about|"
    # when it is wanted: "Please raise a helpdesk ticket for me at the earliest."
    r"at\s+(?:the|your)\s+earliest(?:\s+convenience)?|asap|urgently|immediately|right\s+away|"
    # the first of wishes in order: "Most importantly get a ticket open, …"
    r"most\s+importantly|most\s+important|(?:first|top)\s+priority|get|"
    # the ticket told as wanted: "ticket needs opening, can't find the claim I put in"
    r"needs?\s+(?:to\s+be\s+)?(?:opening|opened|raising|raised|logging|logged|filing|filed))"
    r"(?![a-z0-9_])|"
    r"主要是|首先|"
    r"帮我|请|麻烦|开个单|开一个单|开张单|开单|开个|开一个|提个|提一个|提交|建个|工单|故障单|维修单|"
    r"报个修|报个障|报个故障|报故障|报修|报障|报个\s?case|反映|一下",
    re.I,
)
_ANAPHORS = frozenset(
    {"that", "this", "it", "them", "these", "those", "that one", "this one", "这个", "那个"}
)
"""What "a ticket for that" points back at: the problem is told elsewhere in the request
("My laptop fan is loud. Could you raise a ticket for that?"), never in these words."""
_CJK = re.compile(r"[\u4e00-\u9fff]")
_TICKET_ID = r"(?<!机场)(?<!airport )(?<!terminal )([Tt][-_]?\d{1,9})"
"""A ticket id; not an airport's terminal ("首都机场T3", "airport T2")."""
_TICKET_NOUNS = r"\btickets?|\btkts?|工单"


def _ticket_id(text: str) -> Found | None:
    """The ticket's id, "T-3", or told as "ticket 3" or "工单3"."""
    return find_id(text, _TICKET_ID) or find_named_id(text, _TICKET_NOUNS, "T")


DEFAULT_PERIOD_DAYS = 30


_NAMED_THEN_YUAN = re.compile(
    r"(?:欧元|美元|美金|日元|港币|港元|英镑|人民币)\s*[零〇一二两三四五六七八九十百千万0-9.]+\s*元"
)


_JAPAN = re.compile(
    r"\b(?:japan|japanese|tokyo|osaka|kyoto|yokohama|nagoya|sapporo|fukuoka|kobe|okinawa|"
    r"shinjuku|shibuya|ginza|akihabara|narita|haneda)\b|日本|东京|東京|大阪|京都|横滨|名古屋|"
    r"札幌|福冈|冲绳|新宿|涩谷|银座|成田|羽田",
    re.I,
)
"""Japan named beside a "¥" ("FW: Receipt from Tokyo > ¥3,800 ramen"): the sign is the
yen's there, not the yuan's, and a claim in yen is asked about."""


_COUNTED_IN_KUAI = re.compile(
    r"(?:美金|美元|欧元|欧|刀)\s*[\d.,零一二两三四五六七八九十百千]+\s*块|"
    r"块[\d零一二两三四五六七八九]?\s*(?:美金|美元|欧元)"
)
"""A currency named right before its amount counted in 块 ("美金45块"), or 块 run into it
("45块美金", with its tenths said: "十二块五 欧元"): spoken Chinese counts any money in 块, so
the currency named is the one."""


_TAIWAN = re.compile(
    r"[\u3105-\u3129]|台北|臺北|台中|臺中|台南|臺南|高雄|桃园|桃園|新竹|捷运|捷運|台湾|臺灣|"
    # Taiwan's words for a taxi and for filing a claim, as read here in simplified
    # characters (計程車; 報帳 is kept as 报帐, not the mainland's 报账)
    r"计程车|計程車|报帐|"
    # and its lunch box, its convenience store, its transit card: "便當 120 元 幫我報"
    r"便当|超商|悠游卡"
)
"""Taiwan written beside a bare 元 or 块 (注音 letters as Taiwan chat writes particles,
"計程車 320 元 幫我報帳ㄅ", its cities, its metro, its words: "報帳 45 塊 餐費", "便當 120
元"): the new Taiwan dollar, which no claim takes, not the yuan. The request is read in
simplified characters, so 塊 says nothing of Taiwan here (it becomes 块)."""


_NAMED_CNY = re.compile(r"人民币|(?<![a-z])(?:cny|rmb)(?![a-z])", re.I)
"""The yuan by its name, not a bare 元 or 块: "計程車 35塊人民幣" is yuan though the taxi is
Taiwan's word for it, since the user said which (`_TAIWAN`, `_SOUTHEAST_ASIA` only settle a
bare 块)."""

_NOT_MONEY_KUAI = re.compile(r"(?<=[这那哪])块|一块儿|(?<=多少)块")
"""块 that names no currency: a part ("报销那块", that side of things), together (Northern
"一块儿"), or plain "how much" ("花了多少块钱", as "多少钱"). Read as the yuan, it made
"这个月花了多少钱了 报销那块" a total asked in CNY, which no total converts to. Only a total
reads it so: a claim's amount is yuan in Chinese whatever 块 is there ("住滨湖那块的酒店，一晚
上四百二")."""


_SOUTHEAST_ASIA = re.compile(
    r"(?<![a-z])(?:grab|gojek|lah)(?![a-z])|马币|令吉|新币|新加坡|马来西亚|吉隆坡|槟城|怡保",
    re.I,
)
"""Malaysia or Singapore beside a bare 块 or 元: a ride-hailing app China does not have ("Grab
去火车站 23 块"), the particle "lah", their cities and currencies. There 块 is the ringgit or
the Singapore dollar, neither of which a claim takes: the run asks, not file yuan."""


def _currency(text: str) -> Found | Currency:
    """An explicit currency word wins; otherwise CNY for Chinese text and USD for the rest.

    The guess is only a default (no evidence): the currency is a required slot of
    `submit_expense` that it does not declare `assumed`, so "file a taxi claim for 35" is
    asked about rather than filed as 35 USD. Which currency a bare number is cannot be told
    from the script it is written in. Two currencies named ("either dollars or euros")
    are one the user is not sure of: the value names both, which the slots model rejects,
    so the run asks which rather than picking one. Official Chinese names the currency
    before the amount and counts it in 元 ("欧元三百一十二元", `_NAMED_THEN_YUAN`): one
    currency.
    """
    text = _NAMED_THEN_YUAN.sub(lambda m: m.group()[:-1] + " ", text)
    found = find_word(text, _ALL_CURRENCY_WORDS, "enum")
    if found is not None:
        rest = text[: found.start] + " " * (found.end - found.start) + text[found.end :]
        other = find_word(rest, _ALL_CURRENCY_WORDS, "enum")
        if other is not None and other.value != found.value and "块" in (found.text, other.text):
            named = other if found.text == "块" else found
            kuai = found if found.text == "块" else other
            span = (min(named.start, kuai.start), max(named.end, kuai.end))
            if _COUNTED_IN_KUAI.fullmatch(text, *span):
                return named  # "美金45块": 块 counts the dollars named beside it
        if other is not None and other.value != found.value:
            first, second = sorted((found, other), key=lambda f: f.start)
            words = text[first.start : second.end]
            return Found(f"{first.value} or {second.value}", words, first.start, second.end, "enum")
        if found.text in ("¥", "￥") and _JAPAN.search(text):
            return replace(found, value="JPY")
        bare = found.text in ("元", "块", "塊") and not _NAMED_CNY.search(text)
        if bare and _TAIWAN.search(text):
            return replace(found, value="TWD")
        dollars = found.text.lower() in ("$", "dollar", "dollars", "bucks")
        own = bare or (dollars and not _NAMED_USD.search(text) and not _US_AFTER.search(text))
        if own and (code := _money_of_place(text)) is not None:
            return replace(found, value=code)
        if bare and _SOUTHEAST_ASIA.search(text):
            return replace(found, value="MYR or SGD")
        return found
    for role in number_roles(text):
        # "640欧": after a number, 欧 alone is the euro (alone anywhere, it is Europe's).
        if role.kind == "money" and role.text.rstrip().endswith("欧"):
            return Found("EUR", role.text, role.start, role.end, "enum")
        # "35刀": chat's dollar (刀 for "dollar"), only right after its amount
        if role.kind == "money" and role.text.rstrip().endswith("刀"):
            code = _money_of_place(text) or "USD"
            return Found(code, role.text, role.start, role.end, "enum")
    if (us := _US_AFTER.search(text)) is not None:
        return Found("USD", us.group(), us.start(), us.end(), "enum")
    return "CNY" if _CJK.search(text) else "USD"


_DOLLAR_ELSEWHERE: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "AUD",
        re.compile(
            r"\b(?:australia|sydney|melbourne|brisbane|adelaide|canberra|hobart|gold\s+coast|"
            r"darwin|cairns|townsville|alice\s+springs|queensland|tasmania|new\s+south\s+wales|"
            r"perth|fremantle|western\s+australia|kalgoorlie|karratha|port\s+hedland|pilbara|"
            r"geelong|wollongong|toowoomba|northern\s+territory)\b|"
            r"澳洲|澳大利亚|悉尼|墨尔本|布里斯班|珀斯|阿德莱德|堪培拉|黄金海岸",
            re.I,
        ),
    ),
    (
        "CAD",
        re.compile(
            r"\b(?:canada|toronto|vancouver|montreal|montréal|calgary|ottawa|edmonton|winnipeg|"
            r"nova\s+scotia|newfoundland|cape\s+breton|alberta|ontario|british\s+columbia)\b|"
            r"加拿大|多伦多|温哥华|蒙特利尔|卡尔加里|渥太华|埃德蒙顿",
            re.I,
        ),
    ),
    (
        "NZD",
        re.compile(
            r"\b(?:new\s+zealand|auckland|wellington|christchurch|queenstown)\b|"
            r"新西兰|奥克兰|惠灵顿|基督城|皇后镇",
            re.I,
        ),
    ),
    (
        "HKD",
        re.compile(
            r"\b(?:hong\s+kong|kowloon|mong\s+kok|causeway\s+bay|tsim\s+sha\s+tsui|wan\s+chai)\b|"
            r"香港|九龙|旺角|铜锣湾|尖沙咀|湾仔|港岛",
            re.I,
        ),
    ),
    ("MOP", re.compile(r"\b(?:macau|macao)\b|澳门", re.I)),
    # the Caribbean's and the Pacific's own dollars, by country, capital or main towns
    # (Guyana's "stelling" is its word for a ferry landing)
    (
        "BBD",
        re.compile(r"\b(?:barbados|bridgetown|speightstown|oistins|holetown)\b|巴巴多斯", re.I),
    ),
    (
        "GYD",
        re.compile(r"\b(?:guyana|berbice|essequibo|demerara|parika|stelling)\b|圭亚那", re.I),
    ),
    ("JMD", re.compile(r"\b(?:jamaica|montego\s+bay|ocho\s+rios|negril)\b|牙买加", re.I)),
    (
        "TTD",
        re.compile(r"\b(?:trinidad|tobago|port\s+of\s+spain|chaguanas|arima)\b|特立尼达", re.I),
    ),
    ("BSD", re.compile(r"\b(?:bahamas|nassau)\b|巴哈马", re.I)),
    ("BZD", re.compile(r"\b(?:belize)\b|伯利兹", re.I)),
    (
        "XCD",
        re.compile(
            r"\b(?:antigua|st\.?\s+lucia|saint\s+lucia|grenada|st\.?\s+vincent|st\.?\s+kitts|"
            r"castries|basseterre)\b",
            re.I,
        ),
    ),
    ("FJD", re.compile(r"\b(?:fiji|suva|nadi|lautoka)\b|斐济", re.I)),
    ("NAD", re.compile(r"\b(?:namibia|windhoek)\b|纳米比亚", re.I)),
    ("LRD", re.compile(r"\b(?:liberia|monrovia)\b|利比里亚", re.I)),
    ("BND", re.compile(r"\b(?:brunei)\b|文莱", re.I)),
    ("SRD", re.compile(r"\b(?:suriname|paramaribo)\b|苏里南", re.I)),
    (
        "SGD",
        re.compile(
            r"\b(?:singapore|pasir\s+(?:panjang|ris)|jurong|tampines|woodlands|changi|sentosa|"
            r"orchard\s+road|toa\s+payoh|ang\s+mo\s+kio|bedok|bishan|punggol|sengkang|yishun|"
            r"clementi|bugis|tiong\s+bahru|hougang|serangoon|geylang|kallang|boon\s+lay)\b",
            re.I,
        ),
    ),
)
"""A country that counts in dollars of its own, or one of its big cities, named beside a bare
"$", "dollars" or "bucks" ("Hotel in Melbourne, three nights, 684 dollars"), or beside a bare
元, 块 (Cantonese 蚊 is read as 块) or chat's 刀 ("在香港打的 80蚊", "悉尼打车 60块"): its own
money, which no claim takes, not the US dollar or the yuan; the run asks. Not when the US
dollar or the yuan is named too ("38.50 US … in Auckland"). Anywhere else a bare "$" is the
US dollar and a bare 块 the yuan, wherever the user lives: the writers' spec says so."""


def _money_of_place(text: str) -> str | None:
    """The money of a place named in the request that counts in its own (`_DOLLAR_ELSEWHERE`)."""
    return next((code for code, place in _DOLLAR_ELSEWHERE if place.search(text)), None)


_NAMED_USD = re.compile(r"\b(?:usd|us\$|us\s+dollars?|american\s+dollars?)\b", re.I)
"""The US dollar by its name, which keeps a bare "$" beside a place elsewhere the US one."""
_US_AFTER = re.compile(r"(?<=\d)\s?US(?![A-Za-z$])")
"""The US dollar said as "US" right after its amount ("389.00 US", "48 US. Stick that in"),
in capitals: "us" is a word."""


_CLAIM_NOUNS = (
    *("expenses", "expense", "claims", "claim", "receipts", "receipt", "costs", "cost"),
    # an app paid through, which sells rides and meals alike: "Grab 28块" says neither
    *("grab", "gojek", "meituan", "美团"),
    *("money", "bill", "fee", "fees", "费用", "开销", "花费", "支出", "票据", "发票", "钱", "费"),
    *("cash", "现金", "钞票"),  # Wu "200块个钞票": 200 yuan of money, on nothing said
    *("what it was for", "what it's for", "what it is for"),
    # a business trip, which holds rides, meals and hotels alike: "报销 差旅 300 美元"
    *("差旅费", "差旅", "出差", "travel expenses", "travel", "business trip"),
    # and any trip: "file 25 dollars for the Kampala trip" says the trip, not the cost
    *("trip", "trips", "road trip", "work trip"),
    # money spent, told: "I spent 60 USD yesterday, put a claim for that" says on nothing
    *("spent", "spend", "paid", "花了"),
)
"""Words that name a claim but not what the money went on."""


_FILED_UNDER = re.compile(
    # (the object dropped, as Singlish does: "put as other can")
    r"\b(?:put|file|log|claim|submit|enter|book|stick|pop|bung|chuck)\s+(?:(?:it|this|that|them)\s+)?"
    r"(?:under|as)\s+"
    r"(?:an?\s+)?(?P<category>taxi|meal|hotel|other)\b|"
    r"(?:算|算成|算作|归到|归为|报成|报到|报入|记成|记为|记到|选|揀|拣|报)\s*(?P<zh>taxi|meal|hotel|other)\b|"
    r"(?:算|算成|算作|归到|归为|报成|报到|报入|记成|记为|记到|选|揀|拣|报一下|报个|报)\s*"
    r"(?P<cn>其他|其它|餐费|餐饮|住宿|酒店|打车|出租车)",
    re.I,
)
"""The category the user files it under ("staff meal supplies …, put it under other",
"员工餐买菜 356 元，算 other", "团建的钱，你帮我报到其他类别里面吧，别报成餐费"): that one,
whatever kind of cost the words before it name; a refused one ("别报成餐费") is not."""
_CN_CATEGORY: dict[str, Category] = {
    **{"其他": "other", "其它": "other", "餐费": "meal", "餐饮": "meal"},
    **{"住宿": "hotel", "酒店": "hotel", "打车": "taxi", "出租车": "taxi"},
}
"""The categories' Chinese names after a word that files a claim under one."""
_STAYED_IN_FANDIAN = re.compile(
    r"住(?:了|的|过|在)?(?:\S{0,4}?)饭店|饭店住宿?|"
    # checked out of, or into, as a hotel is: "飯店 180 歐元，3/12 退房"
    r"饭店[^。.!?！？]{0,24}?(?:退房|入住|check\s*out|check\s*in)|(?:退房|入住)[^。.!?！？]{0,12}?饭店|"
    # stayed in after it is named: "廈門那間飯店 人民幣420 星期二住的啦"
    r"饭店[^。.!?！？吃食饭餐]{0,16}?住(?:了|的|过)",
    re.I,
)
"""饭店 is a hotel in Taiwan and a restaurant on the mainland: one stayed in or checked out
of is a hotel ("3/9 住飯店花了 420 歐元", "飯店 180 歐元，3/12 退房"), one eaten at a meal (饭
says so)."""


_LATIN_PAIR = re.compile(r"[A-Za-z]{2}")
"""Two Latin letters side by side: a value's span ends inside a word there."""


_OTHER_AS_CHOICE = re.compile(
    r"(?:\bor|还是|或者|或是|或)\s*(?:是\s*)?(?P<other>\bother\b(?!\s+[a-z])|其他|其它)", re.I
)
"""The "other" category offered as one of two ("meal or other?", "餐费还是其他"): named bare,
as only a choice between categories names it, so the write asks which one."""


_INCOME = re.compile(
    r"\b(?:got|earned|made|received|collected)\b[^.!?]{0,20}?\bin\s+tips\b|"
    r"\btips?\s+(?:tonight|today|this\s+week|income|earned)\b|"
    r"(?:收到|赚了|挣了|拿了)[^。！？]{0,8}?小费|小费收入",
    re.I,
)
"""Money the user earned ("Got 6 euro in tips tonight, add that", "今晚收到小费 30 块"): no
cost to claim, so no category of claim takes it."""


_KIND_UNDECIDED = re.compile(
    r"\b(?:not\s+sure|unsure|(?:don't|dont|do\s+not)\s+know|dunno|no\s+idea|undecided|tbd)\b"
    r"[^.!?]{0,24}?\b(?:category|categories|kind|type|cat)\b|"
    r"(?:类别|类型|分类|哪一?类|算什么)[^。！？]{0,6}?(?:还没|没|不)(?:想好|定|确定|知道|清楚)|"
    # what it was for still to be found out: "Let me first find the receipt to confirm what
    # it was for"
    r"\b(?:confirm|check|find\s+out|work\s+out|remember|recall)\s+what\s+(?:it|this|that)\s+"
    r"(?:was|is)\s+for\b",
    re.I,
)
"""The kind left open by the user ("not sure which category yet", "类别还没想好", "…to confirm
what it was for"): no words of what the money went on, so the claim asks which kind it is."""


_ADDRESSED = re.compile(
    r"(?<=[\s,])(?:pet|hinny|hen|pal|luv|love|duck|ducky|mate|bro|babe|darlin'?|darling)"
    r"(?=\s*[.!?]*\s*$)|^\s*(?:pet|hinny|hen|luv|love|duck|mate)\s*(?=,)",
    re.I,
)
"""A word the user calls the assistant by, closing or opening the request (Geordie "put a
claim in for 20 euro for us pet", "hen, …"): no word of what the money went on."""
_FOR_A_BODY = re.compile(
    r"\bfor\s+(?:the|our|my)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:committee|club|association|society|board|council|group|team|church|parish|charity)"
    r"(?:\s+(?:committee|club|association|society|board|council|group|team|fund))*\b|"
    # or the outing it was spent on, in Chinese: "春游报销180块" (on the bus, a meal, tickets?)
    r"春游|秋游|团建|年会|联欢会|聚会",
    re.I,
)
"""The body a claim is made for ("Please submit 42 dollars for the committee") or the outing
("春游报销180块"): whose business it was, or when, not what the money went on, which is still
to be asked."""


_RUNNING_COST = re.compile(r"\b(?:mileage|fuel|petrol|diesel|gas|parking|tolls?)\b", re.I)
"""A car's running cost ("mileage to restaurant depot and back"): a claim of "other"."""
_TO_A_PLACE = re.compile(
    r"\s+(?:to|at|near|outside|from)\s+(?:the\s+|a\s+)?(?:[a-z']+\s+){0,2}", re.I
)
"""The place a car was driven to or parked at, between its running cost and a meal or hotel
word naming the place: the running cost is what the money went on."""


_NAMED_TRIP = re.compile(r"(?-i:\b(?:[A-Z][\w'-]*\s+){1,2})(?:trip|trips)\b", re.I)
"""A trip named by its place ("for the Kampala trip", "the Cape Town trip"): when and where,
not what the money went on, so it is no evidence of "other"."""
_IN_A_PLACE = re.compile(
    r"(?:\b(?:over|down|up|out|back)\s+)?(?-i:\bin\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\b)", re.I
)
"""Where the money was spent ("spent 45 euro yesterday over in Belgium, file it"): a place,
not what it went on, so it is no evidence of "other" either."""
_URDU_GRAMMAR = re.compile(
    r"\b(?:ka|ki|ke|ko|bhi|kr|kar|karo|krdo|kardo|do|de|dena|hai|hain|yeh|ye|daal|dal)\b", re.I
)
"""Roman Urdu and Hindi grammar words ("25 USD ka claim daal do": of, put, do): no word of what
the money went on."""


def _taken_back(text: str, category: str) -> bool:
    """Whether the category was named and then disowned ("as a taxi — no wait, not a taxi").

    Only "not (a) …", "isn't", "wasn't" or 不是 right before the later word disowns it, after
    a correction ("no wait", "no hang on"): a value said again in a correction ("45 euros, no
    sorry, 54 euros") is not refused, nor one thing of its kind left out ("claim that - not
    the 3 coffees").
    """
    said = [
        at
        for value, words in _CATEGORY_WORDS
        if value == category
        for w in words
        for at in occurrences(text, w)
    ]
    disowned = [at for at in said if _DISOWNED.search(text, 0, at)]
    kept = [at for at in said if at not in disowned]
    return bool(
        kept
        and disowned
        and max(disowned) > min(kept)
        and corrected_between(text, min(kept) + 1, max(disowned))
    )


_DISOWNED = re.compile(r"(?:\b(?:not|isn'?t|wasn'?t)\s+(?:(?:a|an|the)\s+)?|不是)$", re.I)
"""The words that disown what follows them ("not a", "wasn't", 不是), read up to a word."""


def _category(text: str, spans: list[tuple[int, int]]) -> Found | Category:
    """A category word, else "other" with the words that say what the money went on.

    "expense my train ticket, 48 EUR" is "other" because of "train ticket", its evidence.
    With no such words ("帮我报一笔 150 欧元的费用") "other" is only a default: a required
    slot with no evidence, so `submit_expense` asks what the claim was for. The router
    judges the words left once the amount, currency, dates, numbers and claim words are
    gone, and the intent's own words and filler with them (`content_words`).
    """
    if (earned := _INCOME.search(text)) is not None:
        # "income" is no category: the slots model refuses it and the run asks
        return Found("income", earned.group(), earned.start(), earned.end(), "enum")
    for named in _FILED_UNDER.finditer(text):
        if negated(text, named.start()):
            continue
        if named.group("cn") is not None:
            category = _CN_CATEGORY[named.group("cn")]
        else:
            category = cast(Category, (named.group("category") or named.group("zh")).lower())
        return Found(category, named.group(), named.start(), named.end(), "enum")
    if (choice := _OTHER_AS_CHOICE.search(text)) is not None and not negated(text, choice.start()):
        # the router reads the category before "or" as the other choice (`_two_choices`)
        return Found(
            "other", choice.group("other"), choice.start("other"), choice.end("other"), "enum"
        )
    if (stayed := _STAYED_IN_FANDIAN.search(text)) is not None:
        return Found("hotel", stayed.group(), stayed.start(), stayed.end(), "enum")
    masked = _OTHER_FARES.sub(lambda m: " " * len(m.group()), text)
    found = find_word(masked, _CATEGORY_WORDS, "enum")
    if found is not None and found.value in ("meal", "hotel"):
        # the car's running cost to a place: "mileage to restaurant depot and back", "gas
        # to the hotel" (the place is where it drove, not what the money went on)
        for run in _RUNNING_COST.finditer(masked, 0, found.start):
            if _TO_A_PLACE.fullmatch(masked, run.end(), found.start):
                return Found("other", run.group(), run.start(), run.end(), "enum")
    if found is not None and _taken_back(masked, found.value):
        # "as a taxi — no hang on, not a taxi, it was breakfast": the kind meant after it
        others = tuple((value, words) for value, words in _CATEGORY_WORDS if value != found.value)
        found = find_word(masked, others, "enum")
        if found is None:
            return "other"  # "as a taxi, no wait, not a taxi": no kind left that was meant
    if found is not None:
        return replace(found, text=text[found.start : found.end])
    if (ride := _TAXI_RIDE.search(masked)) is not None:
        return Found("taxi", ride.group(), ride.start(), ride.end(), "enum")
    if (stay := _STAY.search(text)) is not None:
        return Found("hotel", stay.group(), stay.start(), stay.end(), "enum")
    if (ate := _ATE.search(masked)) is not None:
        return Found("meal", ate.group(), ate.start(), ate.end(), "enum")
    rest = text
    blanks = [*spans, *((r.start, r.end) for r in number_roles(text))]
    lowered = text.lower()
    for word in (*_CLAIM_NOUNS, *(w for _, words in _ALL_CURRENCY_WORDS for w in words)):
        pattern = re.escape(word) if _CJK.search(word) else rf"(?<![\w']){re.escape(word)}(?!\w)"
        blanks += [(m.start(), m.end()) for m in re.finditer(pattern, lowered)]
    blanks += [m.span() for m in _ADDRESSED.finditer(text)]
    blanks += [m.span() for m in _FOR_A_BODY.finditer(text)]
    blanks += [m.span() for m in _NAMED_TRIP.finditer(text)]
    blanks += [m.span() for m in _IN_A_PLACE.finditer(text)]
    blanks += [m.span() for m in _URDU_GRAMMAR.finditer(text)]
    for start, end in blanks:
        # a value read from part of a word ("yest" of "yestreday") blanks the whole word
        while start > 0 and _LATIN_PAIR.fullmatch(text[start - 1 : start + 1]):
            start -= 1
        while end < len(text) and _LATIN_PAIR.fullmatch(text[end - 1 : end + 1]):
            end += 1
        rest = rest[:start] + " " * (end - start) + rest[end:]
    words = rest.strip(" ,;.:!?，。；：！？—-")
    # (read in the text as typed: "what it was for" is blanked above as a claim's own words)
    if not re.search(r"[a-z]{2}|[\u4e00-\u9fff]{2}", words.lower()) or _KIND_UNDECIDED.search(text):
        return "other"
    start = rest.index(words)
    return Found("other", " ".join(words.split()), start, start + len(words), "text")


def _period(text: str) -> Found | str:
    """The period as "14d": found in the words, or 30 days (no evidence).

    A period outside 7, 14 or 30 days passes through as e.g. "60d" so that slot validation
    rejects it with a clarifying question instead of a model guessing a supported one.
    """
    found = find_period(text)
    if found is None:
        return f"{DEFAULT_PERIOD_DAYS}d"
    return replace(found, value=f"{found.value}d")


_CSV_HEADER = re.compile(r"^\s*[A-Za-z_][A-Za-z_ ]*(?:\s*,\s*[A-Za-z_][A-Za-z_ ]*)+\s*$")


def _csv_misaligned(text: str) -> bool:
    """Whether a pasted CSV row has more or fewer fields than its header line.

    "amount,currency,category,date" over "1,200,USD,hotel,2026-03-11": the thousands comma
    splits the amount, so whether it is 1,200 or 200 (with a stray 1) is a guess, and a
    claim is never filed on one.
    """
    lines = text.splitlines()
    for at, line in enumerate(lines):
        if _CSV_HEADER.match(line):
            rows = [row for row in lines[at + 1 :] if "," in row]
            # a quoted field ("1,200") is one field, as a spreadsheet writes it
            return any(len(fields) != line.count(",") + 1 for fields in csv.reader(rows))
    return False


_WINDOW_ASKED = re.compile(r"\b(?:last|past|previous|show|see|view|over)\b|最近|近|过去|看", re.I)
"""Words that make a number of days beside a claim the window of a total it asks to see."""


def expense_slots(text: str, today: date) -> dict[str, Any]:
    """Amount, currency, category, date and period from any request about a claim.

    A number of days no total window is asked with ("airport parking, left the ute there 2
    days") is how long something lasted, not the period: the claim shows its default total.
    A supported window, or any with a total or a window's word, stays the period it says.
    """
    period = _period(text)
    if (
        isinstance(period, Found)
        and period.value not in ("7d", "14d", "30d")
        and not contains_any(text, _TOTAL_WORDS)
        and not _WINDOW_ASKED.search(text)
    ):
        period = f"{DEFAULT_PERIOD_DAYS}d"
    slots: dict[str, Any] = {
        "currency": _currency(text),
        "date": find_date(text, today) or today.isoformat(),
        "period": period,
    }
    amount = find_amount(text)
    if amount is not None and not (amount.text.count(",") and _csv_misaligned(text)):
        slots["amount"] = amount
    spans = [(v.start, v.end) for v in slots.values() if isinstance(v, Found)]
    slots["category"] = _category(text, spans)
    return slots


def extract_expense(text: str, today: date) -> dict[str, Any] | None:
    """A claim's words; the date, currency, category and period by rule.

    An amount next to an expense word, or an amount with its currency beside a category
    word ("parking was 12, in euros, file it as other", "cab 27 USD on monday") or beside
    a purchase told and a word that files it ("I bought printer ink, 35 euros, could you
    file that for me?"):
    what the money went on and how much say "claim" as well as the word does. A ticket paid
    for is such a word ("file 45 dollars for 2 concert tickets", "机票 900 元，帮我提交"),
    with its currency or a word that files it; so is money filed with its currency right
    after the verb, whatever it went on ("Please file €85 for the workshop", `_FILES_MONEY`).
    The write gate still wants a word that asks for it, or an entry line. `find_amount`
    never takes a number that belongs to a period, a date or an ordinal, so "my expense
    total for the last 7 days" has no amount and is not a claim.
    """
    claim_word = contains_any(text, _EXPENSE_WORDS)
    fare = bool(_fares(text))
    bought = _BOUGHT.search(text) is not None
    named = find_word(text, _CATEGORY_WORDS, "enum") is not None or _STAY.search(text) is not None
    files_money = _FILES_MONEY.search(text) is not None
    if not claim_word and not fare and not named and not bought and not files_money:
        return None
    slots = expense_slots(text, today)
    if "amount" not in slots:
        return None
    amount = slots["amount"]
    if isinstance(amount, Found) and _CLAIMS_TOTAL.search(text, 0, amount.start):
        return None
    filed = (fare or bought) and contains_any(text, _SUBMIT_WORDS)
    # (money filed names its currency, so `files_money` passes by the currency found)
    return slots if claim_word or filed or isinstance(slots["currency"], Found) else None


def total_slots(text: str, today: date) -> dict[str, Any]:
    """The period, and a currency the total is asked in ("my 14-day total in yen").

    The claims tool sums each claim in its own currency and converts nothing, so a
    currency named on its own (not an amount's, as in "about 300 euros") is kept for the
    slots model to reject: the run asks rather than showing a total it was not asked for.
    """
    slots: dict[str, Any] = {"period": _period(text)}
    named = _NOT_MONEY_KUAI.sub(lambda m: " " * len(m.group()), text)  # offsets kept
    found = find_word(named, _ALL_CURRENCY_WORDS, "enum")
    money = [r for r in number_roles(text) if r.kind == "money"]
    if found is not None and not any(r.start <= found.start < r.end + 2 for r in money):
        slots["currency"] = found
    return slots


def extract_total(text: str, today: date) -> dict[str, Any] | None:
    """A total to show: a total word, no amount of money, no word that files a claim.

    A filing word refused is no filing ("pls dont file anything just tell me what i spent
    past 30 days"): the total is all that is asked. A claim or spending word names whose
    total it is, or in Chinese the window said right before it (`_WINDOW_TOTAL`).
    """
    if not contains_any(text, _TOTAL_WORDS) or mentions(text + " ", _SUBMIT_WORDS):
        return None
    if find_amount(text) is not None:
        return None
    slots = total_slots(text, today)
    if contains_any(text, (*_EXPENSE_WORDS, "spent", "spend", "花了", "费用")):
        return slots
    # a window's total with nothing else named: "三十天的总数给我整出来" (the only totals
    # here are the user's claims)
    return slots if _WINDOW_TOTAL.search(text) and isinstance(slots["period"], Found) else None


_WINDOW_TOTAL = re.compile(r"(?:天|日|周|星期|礼拜)\s*的?\s*(?:总数|合计|总额|总和)")
"""A total named right after its window, in Chinese ("三十天的总数"): the claims' total, the
only one here. In English the window's total is as often a budget's or one set aside ("check
my 14-day total, then tell me if I'm over my travel budget")."""


_JOINED_NOTIFY = re.compile(r"\s+(?:and(?:\s+then)?|then|plus|n|&|\+)\s+|然后|并且|并|再")


def _without_notify(words: str) -> str:
    """The words up to a joined request to be notified.

    "2 missing keyboards and keep me posted" is about the keyboards; the rest is the
    `notify` slot's evidence, not the problem.
    """
    for joint in _JOINED_NOTIFY.finditer(words):
        if _updates_cue(words[joint.end() :]):
            return words[: joint.start()]
    cue = _updates_cue(words)
    if cue is not None and cue.start > 0:
        # run on with no joint, as typed on a phone or dictated: "my fan sounds like a jet
        # engine lmk when its fixed", "... the letter e no need to update me"
        return _NOTIFY_LEAD.sub("", words[: cue.start])
    return words


_NOTIFY_LEAD = re.compile(
    r"(?:\s*[,—–]|\s+(?:no\s+need\s+(?:to|for)|don'?t|do\s+not|do|pls|please|and|n|then|&|\+|"
    r"actually|yes|yeah|-))*\s*$",
    re.I,
)
"""What leads into a request to be notified, or to be left alone ("no need to update me",
"— actually yes, do keep me updated"): not part of the problem."""


def _in_refused_clause(text: str, at: int) -> bool:
    """Whether the words at `at` sit in a clause that opens by refusing.

    "no need to open another ticket for the printer", "不用再开工单了": a refusal is never a
    ticket's summary.
    """
    return any(start <= at < start + len(c) and refuses(c) for start, c in clauses(text))


_PUNCTUATED = re.compile(r"[,.;!?，。；！？—–]")
_PIECE = r"[^,.;!?，。；！？—–]+"
"""A clause: a dash ends one too ("the lift is stuck — get IT on it")."""
_SPACED_PIECE = r"(?:[^\s]|(?<![\u4e00-\u9fff])\s(?![\u4e00-\u9fff]))+"
"""Chinese typed with spaces for commas ("门禁卡刷不开了 开个 ticket 吧"): with no
punctuation at all, a space beside a Chinese character ends a piece."""


_FLAG = re.compile(r"(?:^|\s)--?[a-z][\w-]*", re.I)
_QUOTED = re.compile(r"[\"“]([^\"“”]{3,})[\"”]")
"""The quoted words of a command line ("/ticket new --notify \"registry returns 502\""):
its argument, the problem."""


_FORM_LINE = re.compile(
    r"^[ \t]*(?:[-*•][ \t]*)?(?:[^:：\n]{1,20}[:：][ \t]*)?(?P<words>\S[^\n]*)$", re.M
)


def _line_after(text: str, at: int) -> Found | None:
    """The first later line of a form that says something ("- Keyboard is missing keys").

    "Task: open ticket" names only the request; the problem is on a line below it, under a
    heading ("Details:") or a key ("Issue: …"), and a line asking for updates is no problem.
    """
    for m in _FORM_LINE.finditer(text, at):
        words = m["words"].strip()
        if (
            len(_SUMMARY_NOISE.sub(" ", words).strip()) >= 3
            and not _updates_cue(words)
            and not _UPDATES_DROPPED.search(words)
        ):
            return Found(
                words[:200], words, m.start("words"), m.start("words") + len(words), "text"
            )
    return None


def find_summary(text: str) -> Found | None:
    """The problem in the user's words, as the ticket's summary, or None if it names none.

    A problem that names nothing broken ("something's munted", "出问题了") is no summary:
    the ticket would not say what to fix (`_VAGUE_PROBLEM`).
    """
    if _fares(text) and contains_any(text, _CLAIM_ASKED) and not _helpdesk_named(text):
        return None  # "file the ferry ticket": a fare to claim, no problem for the helpdesk
    found = _find_summary(text)
    if found is not None and _VAGUE_PROBLEM.fullmatch(found.text.strip(" .,!?。，！？")):
        return None
    if _PROBLEM_LATER.search(text):
        return None  # "I'll tell you what it's about after": the problem is still to come
    return found


_CLAIM_ASKED = (*_EXPENSE_WORDS, *_SUBMIT_WORDS)
"""A claim's words beside a ticket paid for: the ticket is the claim's, not the helpdesk's."""
_VAGUE_PROBLEM = re.compile(
    r"(?:something|somethin|smth|sth|stuff|everything|it|things?)(?:'s|’s|\s+is|\s+are|\s+has)?"
    r"\s+(?:gone\s+)?(?:broken|broke|munted|busted|stuffed|dead|down|wrong|not\s+working|"
    r"playing\s+up|acting\s+up|weird)(?:\s+again)?|"
    r"(?:有)?(?:东西|什么)?(?:坏了|出问题了|有问题|出毛病了)",
    re.I,
)
"""A problem told with nothing named: "something's munted", "stuff is broken again", "出问题了"."""
_PROBLEM_LATER = re.compile(
    r"\b(?:i'?ll|i\s+will|will)\s+(?:tell|explain|say|describe|write|send)\b[^.!?]{0,30}?"
    r"\b(?:after|later|afterwards|in\s+a\s+bit|when\s+i'?m\s+back)\b|"
    r"(?:还没|没)想好(?:咋个|怎么|咋|如何)?(?:说|写|描述)|(?:回头|等会儿?|待会儿?|晚点)(?:再)?(?:跟你|和你)?(?:说|讲|描述)",
    re.I,
)
"""The problem promised for later ("I'll tell you what it's about after", "还没想好咋个说"):
no summary yet, so the ticket waits for it."""


def _find_summary(text: str) -> Found | None:
    """The problem in the user's words, as the ticket's summary.

    The quoted words of a command line with flags; what follows "for", "about" or a colon;
    else the first clause that is more than the request for a ticket and whom it is for
    (`_FOR_WHOM`), or failing that the first that is more than the request.
    """
    quoted = _QUOTED.search(text) if _FLAG.search(text) else None
    if quoted is not None:
        return Found(quoted.group(1)[:200], quoted.group(1), quoted.start(1), quoted.end(1), "text")
    first: Found | None = None
    for m in _SUMMARY_AFTER.finditer(text):
        group = next(g for g in ("a", "b", "c") if m.group(g))
        start, end = m.span(group)
        words = _without_notify(text[start:end]).strip()
        if (
            len(words) >= 3
            and words.lower() not in _ANAPHORS
            and not REFERS_BACK.fullmatch(words.strip())  # "about the same problem as before"
            and not _in_refused_clause(text, start)
            and not _updates_cue(words)
        ):
            start = text.index(words, start)
            found = Found(words[:200], words, start, start + len(words), "text")
            if len(_SUMMARY_NOISE.sub(" ", words).strip()) >= 3 and _says_more(words):
                return found
            # a form's lines: "Task: open ticket\nIssue: second monitor flickers" is the
            # issue; with none after it, the first is what the request said
            first = first or found
    if first is not None:
        after = _line_after(text, first.end)
        if after is not None:
            return after
        if _says_more(first.text):
            return first
    pieces = _problem_pieces(text)
    # a piece that says more than whom it is for: "Open ticket for me, the receipt upload
    # always error" is about the upload; "open a ticket for me" alone still quotes itself
    return next((p for p in pieces if len(_FOR_WHOM.sub(" ", p.text).strip()) >= 3), None) or (
        pieces[0] if pieces else None
    )


def _says_more(words: str) -> bool:
    """Whether words after a colon say more than the request for a ticket.

    "市场部邮箱：请开一个工单，会议室投影仪无法连接": the problem is in a later clause, not in
    "请开一个工单".
    """
    return len(_FOR_WHOM.sub(" ", words).strip(" ，,。.")) >= 3


_FOR_WHOM = re.compile(
    r"\bfor\s+(?:me|us)\b|"
    # Singapore English's article: "Open one ticket, my receipt upload fail"
    r"\bone(?=\s+(?:new\s+)?(?:ticket|tkt)\b)|"
    # what joins two asks: "Please do the needful and open a ticket, my Outlook …"
    r"\band\b|"
    # the Chinese request itself: "不好意思，能不能帮我开个工单？"
    r"能不能|可不可以|能否|可以|帮忙|帮我|给我|替我|麻烦您?|请|开(?:个|一个|一张|张)?|工单|[吗吧呢？?]|"
    + _SUMMARY_NOISE.pattern,
    re.I,
)
"""The words of a clause that ask for a ticket or say whom it is for, not what is wrong."""


_TICKET_OR_ELSE = re.compile(
    r"(?:工单|ticket|tkt).{0,24}(?:还是|\bor\b)|(?:还是|\bor\b).{0,24}(?:工单|ticket|tkt)",
    re.I,
)
"""A ticket weighed against another way ("开工单还是直接打电话？", "should I open a ticket or
just call IT?"): the question is how to get help, not what is wrong."""


def _problem_pieces(text: str) -> list[Found]:
    """The clauses that are more than the request for a ticket, each with its noise gone."""
    out: list[Found] = []
    for piece in re.finditer(_PIECE if _PUNCTUATED.search(text) else _SPACED_PIECE, text):
        # "pc frozen again open ticket n txt me updates": the problem, not the notification
        words = _without_notify(piece.group()).strip()
        rest = _SUMMARY_NOISE.sub(" ", REFERS_BACK.sub(" ", words)).strip()
        if _ticket_id(words) is not None:
            continue  # a clause about an existing ticket says nothing new is wrong
        if _in_refused_clause(text, piece.start()):
            continue  # "不用再开工单了" says what not to do, not what is wrong
        if _COURTESY_PIECE.fullmatch(words):
            continue  # "hi, sorry to bother you, my monitor flickers": the monitor is
        if _TICKET_OR_ELSE.search(words) and text[piece.end() :].lstrip()[:1] in ("?", "？"):
            continue  # "开工单还是直接打电话？": how to ask for help, weighed, is no problem
        if len(rest) >= 3 and not _updates_cue(words):
            start = text.index(words, piece.start())
            out.append(Found(words[:200], words, start, start + len(words), "text"))
    return out


_UPDATES_DROPPED = re.compile(
    r"(?:不用|不必|无需|不需要|不要|别|免)(?:再|了)?(?:通知|告诉|提醒|私)|"
    r"\bstop\s+(?:sending|texting|messaging|pinging|notifying)\b|"
    r"\b(?:never\s*mind|forget|skip|drop)\s+(?:about\s+)?(?:the\s+)?"
    r"(?:updates?|notifications?|notifying|pinging|texts?)\b|"
    r"\bno\s+(?:need\s+(?:for\s+)?)?(?:updates?|notifications?)"
    r"(?=\s*(?:needed|necessary|required|please|pls|then|after\s+all)?\s*(?:[.!,;。！，]|$))",
    re.I,
)
"""Updates taken back after they were asked for ("keep me posted. actually never mind the
updates", "有进展就通知我，算了不用通知了"): the flag the user meant last is off."""


_ME = r"(?:me|mi|meh|us)"
_CN_ME = r"(?:我|俺|额|阮|咱|侬|伢|𠊎|阿拉|本人)"
_ONCE_NEWS = r"when|once|if|whenever|as\s+soon|after"
"""The words of when the user wants to hear, after a call or a message asked for."""
_CONTACT_ME = re.compile(
    # a call, an e-mail, a text or a chat message to the user once there is news: "Phone me
    # when it's sorted", "call me po when fixed", "call mi pon mi phone wid any update"
    rf"\b(?:call|phone|ring|bell|buzz|e-?mail|text|txt|sms|message|msg|whatsapp|wechat|dm)"
    rf"\s+{_ME}(?:\s+(?:po|back|up|pon\s+mi\s+phone|on\s+my\s+(?:phone|mobile|cell)))?"
    rf"\s+(?:{_ONCE_NEWS}|wen|with|wid|wit|how\s+(?:it|things)|"
    # or what is sent: "raise a ticket and email me the progress"
    r"the\s+(?:moment|minute|second|progress|updates?|news)|any\s+(?:updates?|news|progress))\b|"
    # Sri Lankan "put a call" (make a call): "Put a call to me when it's sorted"
    rf"\bput\s+(?:a\s+)?call\s+(?:to\s+)?{_ME}\s+(?:{_ONCE_NEWS})\b|"
    # the message named: "Flick me an email when it's sorted", "Sen mi a email when unu sort
    # it out", "give me a ring once someone's looked"
    rf"\b(?:flick|send|sen|drop|shoot|give|gimme|gie)\s+{_ME}\s+(?:an?\s+|one\s+)?(?:quick\s+)?"
    # (Scots "gie us a phone": give me a call)
    r"(?:e-?mail|text|txt|call|ring|bell|buzz|message|line|whatsapp|note|sms|phone)\s+"
    rf"(?:{_ONCE_NEWS}|with|the\s+(?:moment|minute|second))\b|"
    # Chinese, the call or the message to the user: "弄好了给俺打个电话", "有进展打电话给我",
    # "有消息微信呾我一声" (Chaoshan 呾, say)
    rf"(?:打(?:个|一个|一下|一通)?电话|发(?:个|封|条)?(?:邮件|电邮|短信|微信|信息|消息|email))"
    rf"(?:给|跟|和){_CN_ME}|"
    rf"(?:给|跟|和){_CN_ME}(?:打(?:个|一个|一下|一通)?电话|来(?:个|一个)?电话|回(?:个)?电话|"
    r"发(?:个|封|条)?(?:邮件|电邮|短信|微信|信息|消息|email))|"
    rf"(?:微信|短信|邮件|电邮|电话)(?:呾|说|讲|告诉|通知|喊|话|告|知会){_CN_ME}|"
    # the channel as the verb, in office Chinese: "有消息 email 我", "微信我"
    rf"(?:e-?mail|whatsapp|wechat|微信)\s*(?:我|俺|阮|哇)(?![的们])",
    re.I,
)
"""The user asking to be contacted by a call, an e-mail or a chat app once there is news:
as the writers' spec and the dev part have it, a ticket's updates asked for by any channel
are its notify flag (the helpdesk tells them its own way). The English needs a word of when
or with what ("call me when", "ring me with updates"): "call me" alone may be a callback."""


def _updates_cue(text: str) -> Found | None:
    """The words asking for updates (or refusing them): a listed word, else a contact asked."""
    flag = find_word(text, _NOTIFY_WORDS, "flag")
    if flag is not None:
        return flag
    refused: Found | None = None
    for m in _CONTACT_ME.finditer(text):
        if not negated(text, m.start()):
            return Found(True, m.group(), *m.span(), "flag")
        refused = refused or Found(False, m.group(), *m.span(), "flag")
    return refused


def _notify_flag(text: str) -> Found | None:
    """Whether to tell the user of updates: the flag asked for, unless dropped after it."""
    flag = _updates_cue(text)
    if flag is None or not flag.value:
        return flag
    dropped = _UPDATES_DROPPED.search(text, flag.end)
    return flag if dropped is None else Found(False, dropped.group(), *dropped.span(), "flag")


def ticket_slots(text: str, today: date) -> dict[str, Any]:
    """What is wrong, and whether to tell the user once it is triaged."""
    slots: dict[str, Any] = {"notify": _notify_flag(text) or False}
    if (summary := find_summary(text)) is not None:
        slots["summary"] = summary
    return slots


_EXISTING_TICKET = re.compile(
    r"\b(?:my|our|the)\s+(?:(?:latest|last|old|current)\s+)?ticket\s+(?:is|was|has|had|still|"
    r"hasn'?t|isn'?t|wasn'?t|remains|got)\b|"
    r"\b(?:latest|last|newest)\s+ticket\b|\bticket\s+status\b",
    re.I,
)
"""A ticket the user already has, told of or asked about ("I'm thrilled to report my ticket
is still a mystery. latest ticket status pls"): no ticket word for a new one."""


def _helpdesk_named(text: str) -> bool:
    """Whether a ticket word (or IT) names the helpdesk, not a ticket paid for or one held."""
    helpdesk = _EXISTING_TICKET.sub(lambda m: " " * len(m.group()), _without_fares(text))
    if _FAULT.search(helpdesk) and _SORT_IT.search(helpdesk):
        return True
    return contains_any(helpdesk, _TICKET_WORDS) or _IT_DESK.search(helpdesk) is not None


def extract_ticket(text: str, today: date) -> dict[str, Any] | None:
    """A problem to open a ticket for: a ticket word (or IT named) and no ticket id.

    A ticket paid for ("bus tickets", "停车票") is no ticket word: a claim for one is not
    a problem for the helpdesk.
    """
    if not _helpdesk_named(text) or _ticket_id(text) is not None:
        return None
    slots = ticket_slots(text, today)
    return slots if "summary" in slots else None


def ticket_status_slots(text: str, today: date) -> dict[str, Any]:
    """The ticket id when the words give one; none means the latest tickets."""
    found = _ticket_id(text)
    return {"ticket_id": replace(found, value=found.value.upper()) if found else None}


def extract_ticket_status(text: str, today: date) -> dict[str, Any] | None:
    """A ticket id to look up, or the latest ticket named as such ("my latest ticket")."""
    found = _ticket_id(text)
    if found is None and (_LATEST_TICKET.search(text) is None or _CONDITION.search(text)):
        return None
    return ticket_status_slots(text, today)


_LATEST_TICKET = re.compile(
    # (Irish and Australian "me" for my: "What's the story with me last ticket?")
    # news asked of the one ticket the user has: "any word on my ticket"
    r"\bany\s+(?:word|news|update|updates)\s+(?:on|about)\s+(?:my|me)\s+ticket\b(?!\s*#?\s*\w*\d)|"
    # (and "that last ticket I put in")
    r"\b(?:my|me|the|our|his|her|their|its|that)\s+(?:latest|newest|last|most\s+recent|recent)\s+"
    r"(?:helpdesk\s+|it\s+)?"
    r"(?:ticket|tkt|tiket)\b(?!\s+(?:number|no\.?|id)\b)|"
    r"(?:最新|最近开|最近|新开|刚开|上次开|上一次开|上回开|上次|上回|上一回|上一张|上一个|上张|上个)"
    r"(?:的|那|那张|那个|那单|这|这张|这个|这只|一张|一个|张|个){0,2}(?:的)?"
    r"\s*(?:工单|报修单|ticket|单子)|"
    # the problem reported lately, as the ticket it opened: "我前几天反映的那个问题，现在怎么样了？"
    r"我?(?:前几天|前两天|上次|上回|之前|最近|上周|上礼拜)(?:反映|报|提|报修)的(?:那个)?(?:问题|故障)",
    re.I,
)
"""The user's latest ticket named as one thing ("Pa-check naman my latest ticket, still no
reply from IT eh", "帮我check下最新那张ticket"): the rule shows it, whatever else is said
around it; the id-less status the classifier would otherwise have to guess from the words
around it."""
_CONDITION = re.compile(r"\b(?:if|unless|in\s+case)\b|如果|要是|假如", re.I)
"""A condition beside the latest ticket ("…, then if it's still open just close it") may
ask for what no intent does: the rule leaves such a request to the router's reading."""


class ExpenseSlots(BaseModel):
    """Validated slots of `submit_expense`: enums are closed before any tool is offered."""

    amount: str = Field(pattern=AMOUNT_PATTERN)

    @field_validator("amount", mode="before")
    @classmethod
    def _more_than_nothing(cls, value: object) -> object:
        """A claim of 0 or less ("taxi 0 USD", "-15 EUR, refunds count?") is no claim."""
        try:
            number = float(str(value))
        except ValueError:
            return value  # not a number: the pattern says what is wrong
        if number <= 0:
            raise ValueError("a claim is for more than 0; say what it cost")
        return value

    currency: Currency
    category: Category
    date: dt.date
    period: Period


NO_CONVERSION = (
    "the total is shown in each claim's own currency and not converted to {currency}; "
    "ask for the total without a currency"
)


class TotalSlots(BaseModel):
    """Validated slots of `expense_total`."""

    currency: str | None = Field(
        default=None,
        exclude=True,
        description="The total is not converted; a total asked in a currency is asked about.",
    )
    period: Period

    @field_validator("currency")
    @classmethod
    def _no_conversion(cls, value: str | None) -> None:
        if value is not None:
            raise ValueError(NO_CONVERSION.format(currency=value))
        return value


class TicketSlots(BaseModel):
    """Validated slots of `open_ticket`."""

    summary: str = Field(min_length=3, max_length=200)
    notify: bool = False


class TicketStatusSlots(BaseModel):
    """Validated slots of `ticket_status`: no id means the latest tickets."""

    ticket_id: str | None = Field(default=None, pattern=r"^T-[0-9]{1,9}$")


SUBMITTED = Step(
    name="expense_submitted",
    tool="submit_expense",
    args=lambda s: {k: s[k] for k in ("amount", "currency", "category", "date")},
    description="the claim is filed",
)
TOTAL_LOADED = Step(
    name="total_loaded",
    tool="get_expense_total",
    args=lambda s: {"period": s["period"]},
    description="the total for the requested period is loaded",
)


TICKET_OPENED = Step(
    name="ticket_opened",
    tool="open_ticket",
    args=lambda s: {"summary": s["summary"], "notify_on_triage": s["notify"]},
    description="the ticket is open",
)
TICKETS_LOADED = Step(
    name="tickets_loaded",
    tool="get_tickets",
    args=lambda s: {"ticket_id": s["ticket_id"]} if s.get("ticket_id") else {},
    description="the ticket (or the latest tickets) and their status are loaded",
)


def _summarize_tickets(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    if opened := evidence.get("ticket_opened"):
        then = " You will hear once it is triaged." if opened.get("notify_on_triage") else ""
        return f"Opened {opened['ticket_id']}: {opened['summary']}.{then}"
    found = evidence.get("tickets_loaded", {}).get("tickets")
    if found is None:
        return ""
    if not found:
        return "You have no tickets."
    return " ".join(f"{t['ticket_id']} ({t['summary']}) is {t['status']}." for t in found)


def _summarize(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    parts: list[str] = []
    if claim := evidence.get("expense_submitted"):
        parts.append(
            f"Filed {claim['amount']} {claim['currency']} ({claim['category']}, "
            f"{claim['date']}) as {claim['claim_id']}."
        )
    if total := evidence.get("total_loaded"):
        sums = ", ".join(f"{v} {k}" for k, v in total.get("totals", {}).items()) or "nothing"
        parts.append(f"Last {total['period']}: {total['claims']} claim(s), {sums}.")
    return " ".join(parts)


def _total_card(evidence: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """Code, not the model, decides that a loaded total is shown as a totals card."""
    total = evidence.get("total_loaded")
    if not total:
        return None
    return {"card": "expense_total", "period": total["period"], "totals": total.get("totals")}


# --- example requests: how people ask, for the router's classifier; check them with
# --- `python -m graph eval --router`.

SUBMIT_EXAMPLES = (
    "submit a taxi expense of 42.50 EUR for yesterday and show my total for the last two weeks",
    "file a 30 USD lunch expense",
    "claim 120 yuan for dinner yesterday",
    "reimburse my hotel, 850 EUR, on 2026-03-02",
    "expense a $25 cab ride from today",
    "I need to claim 60 dollars for a taxi",
    "put in a meal claim for 18.90 EUR",
    "log an expense: 45 USD, other",
    "报销昨天的打车费 42.50 欧元，并看最近两周的合计",
    "报销午餐 35 元",
    "提交一笔酒店费用 800 元",
    "帮我报一下昨天的出租车费 56 块",
    "三月三日晚饭 120 元，帮我报销",
    "I paid 28 USD for a taxi this morning, please submit it",
    "expense report: hotel 410 EUR yesterday",
    "reimburse me 19.99 for lunch",
    "add a claim of 150 CNY for dinner",
    "报账：打车 35 块",
)
TOTAL_EXAMPLES = (
    "show my expense total for the last 7 days",
    "how much have I claimed this month",
    "what's my expense total",
    "total of my claims for the past two weeks",
    "how much did I spend in the last 30 days",
    "sum of my expenses this week",
    "my reimbursements so far",
    "看一下最近7天的报销合计",
    "这个月我报销了多少钱",
    "最近两周的费用总额",
    "统计一下我的报销",
    "我一共花了多少",
    "what have I expensed this month",
    "running total of my claims",
    "我这个月的报销总额",
    "近两周花费多少",
)
TICKET_EXAMPLES = (
    "I need a ticket for the printer jam, ping me once it's triaged",
    "open a ticket: my laptop won't boot",
    "raise a ticket about the broken projector in room 4",
    "file a support ticket, the wifi keeps dropping",
    "report a problem: the VPN is down",
    "log a ticket for the coffee machine leaking",
    "create a helpdesk ticket for my locked account and notify me when it's triaged",
    "new ticket please: monitor flickers",
    "I want a ticket for the broken chair in my office",
    "打印机卡纸了，帮我报修",
    "开个工单，电脑开不了机",
    "帮我提个工单：会议室投影仪坏了，处理后通知我",
    "网络老是断，报障一下",
    "the printer on floor 2 is broken again, please open a ticket",
    "submit a ticket: can't log in to the VPN",
    "need IT help, my mouse is dead, open a ticket",
    "电脑蓝屏了，帮我开个工单",
)
TICKET_STATUS_EXAMPLES = (
    "what's the status of ticket T-3",
    "is T-12 triaged yet",
    "show my tickets",
    "any news on my printer ticket",
    "has ticket T-5 been picked up",
    "list my tickets",
    "工单 T-3 处理到哪了",
    "我的工单进度",
    "看看我提的工单",
    "T-8 有人处理了吗",
    "where are we on T-6",
    "is anyone working on my ticket",
    "我的工单 T-9 好了没",
    "where's my latest ticket at",
    "what happened to the ticket I opened yesterday",
    "我最新的那个工单现在啥情况",
    "上次提的那个工单进展如何",
    "how are my tickets coming along",
    "my helpdesk tickets, how are they going",
    "any progress on my ticket?",
    "any updates on T-4",
    "ticket status pls",
    "看下我工单的状态",
    "what's the status of my helpdesk requests",
    "那个单处理了没",
)

PINYIN = {
    **{"bao xiao": "报销", "da che": "打车", "da di": "打的", "chu zu che": "出租车"},
    **{"wu fan": "午饭", "wan fan": "晚饭", "zao fan": "早饭", "zao can": "早餐", "wu can": "午餐"},
    **{"wan can": "晚餐", "ka fei": "咖啡", "jiu dian": "酒店", "zhu su": "住宿"},
    **{"bin guan": "宾馆", "gao tie": "高铁", "huo che": "火车", "fei ji": "飞机"},
    **{"ting che": "停车", "di tie": "地铁"},
    **{"gong dan": "工单", "dian nao": "电脑", "da yin ji": "打印机", "mi ma": "密码"},
    # Chat shorthand by pinyin initials ("帮我bx一下"): one the domain's users type.
    "bx": "报销",
}
"""Toneless pinyin of a claim's and a ticket's words ("bao xiao wan fan 80 kuai"), as typed
without an input method (`Domain.pinyin`)."""


DOMAIN = Domain(
    name="expenses",
    tools=REGISTRY,
    pinyin=PINYIN,
    role_permissions={
        "member": frozenset({"expenses:submit", "expenses:read", "tickets:write", "tickets:read"}),
        "auditor": frozenset({"expenses:read", "tickets:read"}),
    },
    intents=(
        IntentSpec(
            name=INTENT,
            description="File an expense claim, then show the claims total for a period.",
            extract=extract_expense,
            fill=expense_slots,
            examples=SUBMIT_EXAMPLES,
            # "算其他类": putting a claim in a category asks to file it.
            write_cues=(
                *("put in", "get reimbursed", "报一下", "报一笔", "报了", *_FILED_AS),
                *_FILE_IT_ZH,
                *_DECLARE,
                # "……，帮我报" / "现在先报": 报 closing the request on a clause of its own.
                *("^帮我报", "^给我报", "^先报", "^现在先报", "^报吧", "^帮我报吧"),
                # 报上 as a clause of its own ("…，昨天的，报上"), not "报上没有啊"
                "^报上",
                # Southwestern and Hunan 报下 (报一下): "加班恰饭花了46块，报下"
                *("^报下", "^帮我报下"),
                # Northern "给报喽" (file it for me), its 了 as 喽
                *("给报喽", "给报了", "给我报喽"),
                # "报个饭钱", "帮我报个滴滴", "要报一个酒店": 报个 before what the money went on.
                *(f"报个{w}" for _, words in _CATEGORY_WORDS for w in words if _CJK.search(w)),
                *(f"报一个{w}" for _, words in _CATEGORY_WORDS for w in words if _CJK.search(w)),
                *("报个吃饭", "报一个吃饭"),  # "报个吃饭的，86块，周四的"
                # 报 right before the kind of cost: "…花了320元，报餐费"
                *("报餐费", "报饭钱", "报饭费", "报车费", "报打车费", "报住宿费", "报房费"),
                *("报的士费", "报的士钱", "报出租车费", "报打的费"),  # "…是28块，报的士费"
                # and a client treated: "一共 1,280 元，报招待餐"
                *("报招待餐", "报招待费"),
                # 报成 the kind: "…59块，今天的，报成其他", "合计 128 元，报成餐费"
                *("报成其他", "报成其它", "报成餐费", "报成车费", "报成住宿费", "报成打车费"),
                # Office Mandarin: "这个 claim 帮我提一下", "提一下" for 提交.
                "提一下",
                # Argentinian English "load" (cargar): "…64 dollars, can you load it?"
                *("load it", "load this", "load that", "load one", "load a", "load an"),
            ),
            required_evidence=("amount",),
            assumed=("date", "period"),
            entry_words=tuple(w for _, words in _CATEGORY_WORDS for w in words),
            entry_request="file a {category} claim of {amount} {currency} for {date}",
            entry_routes=True,
            slots_model=ExpenseSlots,
            steps=(SUBMITTED, TOTAL_LOADED),
            budget=Budget(max_rounds=6, max_calls=6),
            summarize=_summarize,
            card=_total_card,
        ),
        IntentSpec(
            name=TOTAL_INTENT,
            description="Show the total of the user's expense claims for a period.",
            extract=extract_total,
            fill=total_slots,
            examples=TOTAL_EXAMPLES,
            slots_model=TotalSlots,
            steps=(TOTAL_LOADED,),
            budget=Budget(max_rounds=4, max_calls=3),
            summarize=_summarize,
            card=_total_card,
        ),
        IntentSpec(
            name="open_ticket",
            description="Open a helpdesk ticket for a problem, optionally notifying the user.",
            extract=extract_ticket,
            fill=ticket_slots,
            examples=TICKET_EXAMPLES,
            write_cues=_TICKET_CUES,
            required_evidence=("summary",),
            slots_model=TicketSlots,
            steps=(TICKET_OPENED,),
            budget=Budget(max_rounds=4, max_calls=3),
            summarize=_summarize_tickets,
        ),
        IntentSpec(
            name="ticket_status",
            description="Show the status of the user's helpdesk tickets, one by id or the latest.",
            extract=extract_ticket_status,
            fill=ticket_status_slots,
            examples=TICKET_STATUS_EXAMPLES,
            slots_model=TicketStatusSlots,
            steps=(TICKETS_LOADED,),
            budget=Budget(max_rounds=4, max_calls=3),
            summarize=_summarize_tickets,
        ),
    ),
    clarify=(
        "I can file an expense claim (amount, what it was for, when), show your claims "
        "total for the last 7, 14 or 30 days, open a helpdesk ticket or tell you where your "
        "tickets are. What would you like?"
    ),
)

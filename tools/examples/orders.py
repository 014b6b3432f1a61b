"""Example area: orders, one looked up by number and all of them read page by page.

"where is order 10086" is the reference failure case for an argument type: `order_id` must
be a string. `list_orders` pages with a cursor, so reading it again with the next cursor is
progress, not a loop (`Step.next_args`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tools.contract import ToolContext, ToolSpec
from tools.domain import Budget, IntentSpec, Step
from tools.examples.backend import DDL
from tools.slots import Found, contains_any, find_id
from tools.store import audit, run_in_store

ORDERS = "orders"
PAGE_SIZE = 2


class QueryOrderArgs(BaseModel):
    """Arguments of `query_order`."""

    model_config = ConfigDict(extra="forbid")

    order_id: str = Field(
        min_length=1, max_length=32, description='Order number as a string, e.g. "10086".'
    )


class ListOrdersArgs(BaseModel):
    """Arguments of `list_orders`."""

    model_config = ConfigDict(extra="forbid")

    cursor: str | None = Field(
        default=None,
        pattern=r"^c[0-9]{1,6}$",
        description="Omit for the first page; then pass the next_cursor of the last page.",
    )


async def query_order(args: QueryOrderArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """Look an order up; another user's order answers exactly like a missing one."""

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "query_order", ctx.user_id, args.model_dump(mode="json"))
        row = conn.execute(
            "SELECT * FROM orders WHERE order_id = ? AND user_id = ?",
            (args.order_id, ctx.user_id),
        ).fetchone()
        if row is None:
            return {
                "success": False,
                "code": "ORDER_NOT_FOUND",
                "message": f"no order {args.order_id} on this account",
                "user_action": "Check the order number; it is not on this account.",
            }
        return {
            "success": True,
            "order_id": row["order_id"],
            "status": row["status"],
            "carrier": row["carrier"],
            "tracking_no": row["tracking_no"],
            "updated_on": row["updated_on"],
        }

    return await run_in_store(ctx.store_path, DDL, work)


async def list_orders(args: ListOrdersArgs, ctx: ToolContext) -> Mapping[str, Any]:
    """One page of the caller's orders, oldest id first; `next_cursor` is None on the last."""
    offset = int(args.cursor[1:]) if args.cursor else 0

    def work(conn: sqlite3.Connection) -> Mapping[str, Any]:
        audit(conn, "list_orders", ctx.user_id, args.model_dump())
        total = conn.execute(
            "SELECT COUNT(*) FROM orders WHERE user_id = ?", (ctx.user_id,)
        ).fetchone()[0]
        rows = conn.execute(
            "SELECT order_id, status FROM orders WHERE user_id = ? ORDER BY order_id "
            "LIMIT ? OFFSET ?",
            (ctx.user_id, PAGE_SIZE, offset),
        ).fetchall()
        end = offset + len(rows)
        return {
            "success": True,
            "orders": [{"order_id": r["order_id"], "status": r["status"]} for r in rows],
            "page": offset // PAGE_SIZE + 1,
            "total": total,
            "next_cursor": f"c{end}" if end < total else None,
        }

    return await run_in_store(ctx.store_path, DDL, work)


TOOLS = (
    ToolSpec(
        name="query_order",
        namespace=ORDERS,
        description=(
            "Status, carrier and tracking number of one of the user's orders. Pass the "
            "order number as a string. Do not use for metrics."
        ),
        args_model=QueryOrderArgs,
        fn=query_order,
        permission="orders:read",
        intents=frozenset({"order_status", "notify_order"}),
    ),
    ToolSpec(
        name="list_orders",
        namespace=ORDERS,
        description=(
            "One page of the user's orders. Start without a cursor; while next_cursor is set, "
            "call again with it. Do not repeat a page you already have."
        ),
        args_model=ListOrdersArgs,
        fn=list_orders,
        permission="orders:read",
        intents=frozenset({"list_orders"}),
    ),
)


_ORDER_WORDS = (
    "订单",
    "order",
    "包裹",
    "快递",
    "parcel",
    "tracking",  # "I only want the tracking info" for 207716
    "单子",
    *("张单", "呢单", "嗰单", "这单", "那单", "单号"),
    "encomenda",  # Portuguese inside English: "the state of the encomenda 55102"
    "commande",  # Québécois French inside English: "where's ma commande 10086??"
)
"""Words for an order; Cantonese and casual Mandarin call one "the slip" (张单, 呢单: "张单
88001到咗未呀？")."""
_ORDER_ID = r"(\d{3,20})"
_LIST_WORDS = (
    "list",
    "all my orders",
    "every order",
    "所有订单",
    "全部订单",
    "订单列表",
    "列出",
    "my orders",
    # Australian "what've I got on order": the orders not yet arrived
    *("got on order", "have on order", "'ve on order"),
)
_LIST_WORD = re.compile(
    "|".join(
        rf"(?<![a-z]){re.escape(w)}s?(?![a-z])" if w.isascii() else re.escape(w)
        for w in _LIST_WORDS
    ),
    re.I,
)
"""`_LIST_WORDS` as words: "list" is no part of "Avenida Paulista" or "playlist"."""
_PAGE = re.compile(
    r"\b(?:next|previous|prev|another|more|other|last|first)\s+page\b|\bpage\s+\d+\b|"
    r"下一?页|上一?页|再一页|第\s*(?:\d+|[一二两三四五六七八九十]+)\s*页|翻一?页|后面的?几?页",
    re.I,
)
"""A page of a list ("the next page of my orders", "订单再翻一页", "订单第3页"): only a list has
pages, so it asks for the list, read on."""


_ONE_ORDER = re.compile(
    r"\b(?:first|second|third|fourth|fifth|sixth|last|\d+(?:st|nd|rd|th))\s+"
    r"(?:(?:most\s+)?(?:recent|latest|newest|oldest)\s+)?(?:order|one|package|parcel)\b(?!s)|"
    r"\b(?:order|package|parcel)\s+(?:number\s+|no\.?\s*|#)?\d{1,2}(?:\s*/\s*\d{1,2})?\s+"
    r"(?:in|of|on|from)\s+(?:my|the)\s+list\b|"
    r"第\s*(?:\d+|[一二三四五六七八九十]+)\s*[个笔张单]?\s*(?:订单|包裹|快递)",
    re.I,
)
"""One order picked by its place in the list ("the 2nd order on my list", "order 3 of the
list", "order 3/5 in my list", "第二个订单"): a
question about that order, whose number the request does not give, not a request for the
list ("看一下第2页的订单" names a page, "my 2 most recent orders" several)."""


_SHORT_ORDER_NUMBER = re.compile(
    # (not the start of a number written in groups: "order no. 10,086", "订单号：1 0 0 8 6")
    r"\border\s+(?:number|no\.?|#)\s*(?:is\s+|:\s*)?(\d{1,2})\b(?![\s,，.]*\d)"
    r"(?!\s*(?:/|of\b|in\b|on\b|from\b|st\b|nd\b|rd\b|th\b|orders?\b|days?\b))|"
    r"订单号\s*(?:是|为|[:：])?\s*(\d{1,2})(?![\s,，.]*\d)(?![号天个])",
    re.I,
)
"""An order number of one or two digits said to be the order's number ("my order number is
12"): too short to read as an order on its own, it is one when named so, and a longer
number told beside it ("I paid 450 for it") is not the order."""


_GROUPED_ORDER_NUMBER = re.compile(
    r"(?:\border|订单)\s*(?:number\s+|no\.?\s*|#|号)?\s*[:：]?\s*(\d{1,3}(?:[ ,]\d{1,4})+)\b"
    r"(?![ ,]?\d)",
    re.I,
)
"""An order number written in groups ("text me the status of order 88 103", "订单号：1 0 0 8 6"
as a phone or a voice transcript spaces it, "order no. 10,086"): one number, not its last
group alone."""


_OTHER_SHOP = re.compile(
    r"\b(?:amazon|ebay|aliexpress|temu|shein|shopee|lazada|daraz|flipkart|etsy|walmart|"
    r"taobao|tmall|jd\.com|pinduoduo|mercado\s?libre|jumia|rakuten|zalando|allegro|trendyol|"
    r"hepsiburada|tokopedia|bukalapak|coupang|ozon|wildberries|meesho|myntra|best\s?buy|emag|"
    r"costco|ikea|argos|currys|skroutz|namshi|talabat|carrefour|tesco|sainsbury'?s|asda|aldi|"
    r"lidl|fnac|darty|rozetka|target|kroger|bunnings|woolworths|woolies|coles|kmart|officeworks|"
    r"jb\s?hi-?fi|harvey\s+norman|walgreens|cvs|booker|home\s+depot|lowe'?s|wayfair|chewy)\b|"
    # the Gulf's Noon, not the time of day: "where is my order from noon, number 4481920?"
    r"\bfrom\s+noon\b(?=\s*[,.]?\s*(?:number|no\.?|#|order|the\s+number))|"
    # a shop named as where the order was placed: "a order I placed with Tractor Supply"
    r"\b(?:placed|ordered|bought)\s+(?:it\s+)?(?:with|from|at)\s+(?-i:[A-Z][a-z]{2,})\b|"
    # a shop named by its name after an order: "my order from Skroutz", "order on Zalora"
    r"\b(?:order|parcel|package)\s+(?:from|on|at|via)\s+(?:the\s+)?(?-i:(?!(?:Monday|Tuesday|Wednesday|"
    r"Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|"
    r"September|October|November|December|Last|Yesterday|Today)\b)[A-Z][a-z]{2,})\b(?!\.[a-z])|"
    # one whose website it was placed on: "order 7731 I did on the Farmlands website"
    r"\bon\s+the\s+(?-i:[A-Z][a-z]{2,})(?:\s+(?-i:[A-Z][a-z]{2,}))?\s+(?:website|site|app)\b|"
    # a shop named before "order" by its capitalised name: "my Farmlands order 88123"
    r"\b(?:my|me)\s+(?-i:(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|"
    r"February|March|April|May|June|July|August|September|October|November|December|Last|"
    r"First|Latest|Recent|New|Old|Big|Other|Next|Previous)\b)[A-Z][a-z]{2,}"
    # (or two: "my Home Depot order, number 55120")
    r"(?:\s+[A-Z][a-z]{2,})?)\s+order\b|"
    # any shop named by its web address: "my order on Noon.com, number 8812"
    # (not inside a link to an order here: "https://shop.example.com/orders/10298")
    r"(?<![/.:@\w-])[a-z0-9-]+\.(?:com|co|net|shop|store|ae|in|sg|my|ph|id|de|fr|es|it|pl|ro)"
    r"\b(?![./\d])|"
    r"淘宝|天猫|京东|拼多多|闲鱼|唯品会|抖音商城|虾皮|露天|蝦皮|\bshopee\b|\blazada\b|"
    # (and 当当, 苏宁, 得物: "帮我查一下当当网上的一个订单")
    r"当当|苏宁易购|得物|"
    # a shop not named, only said to be another: "I bought something from another website"
    r"\b(?:another|other|a\s+different)\s+(?:website|site|shop|store|app|seller|platform)\b|"
    r"别的(?:网站|平台|店|商家)|其他(?:网站|平台|店铺|商家)|"
    r"另(?:一|外一?)家(?:网店|店|网站|平台|商家|店铺)",
    re.I,
)
"""A marketplace the user may have bought from: an order named there ("my amazon order
12345", "淘宝上那个快递…单号7734219") is that shop's, and its number says nothing of an
order here, where cancelling "12345" would cancel someone's order of this shop."""
_SENTENCE_END = re.compile(r"[.!?。！？\n]")


def _elsewhere(text: str, found: Found) -> bool:
    """Whether another shop is named for the order number in its sentence.

    Before the number, anywhere in its sentence, or in the one sentence before it when the
    number's own refers back ("Where is my order from Worten? The number is 2231450");
    after it, only as where the order is
    from ("check order 88213 from IKEA", "订单88213是淘宝的"): "cancel 88213, I'll buy it
    on Amazon instead" names a shop for what comes next, not for the order.
    """
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, found.start)]
    own = ends[-1] if ends else 0  # where the number's sentence begins
    back = _NUMBER_OF_IT.match(text, own) is not None and len(ends) == 1
    for m in _OTHER_SHOP.finditer(text, 0, found.start):
        if back or not _SENTENCE_END.search(text, m.end(), found.start):
            return True
    after = _FROM_SHOP.match(text, found.end)
    return after is not None and (
        _OTHER_SHOP.match(text, after.end()) is not None
        or _SHOP_NAME.match(text, after.end()) is not None
    )


_SHOP_NAME = re.compile(
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|"
    r"April|May|June|July|August|September|October|November|December|Last|Yesterday|Today|"
    r"Tomorrow|This|Next|The|My|Our|Your|Me|You|Us|Here|There|Home|Work)\b)[A-Z][a-z]{2,}\b"
    r"(?!\.[a-z])"
)
"""A shop named by its name after the order's number and "from": "Order 55021 from
Rozetka, where is it?" (not a day or a month, "order 55021 from Monday")."""


_NUMBER_OF_IT = re.compile(
    r"\s*(?:(?:the|its|it's|my)\s+)?(?:order\s+)?(?:number|no\.?|#|bestellnummer)\s*(?:is|was|:)|"
    r"\s*(?:单号|订单号|号码)(?:是|为|[:：])",
    re.I,
)
"""A sentence that gives the number of the order the one before it named."""
_FROM_SHOP = re.compile(
    # (and where the user placed it: "order 7731 I did on the Farmlands website")
    r"\s*(?:(?:that\s+|which\s+)?(?:i|we)\s+(?:did|made|placed|put\s+in|ordered|got)\s+(?:it\s+)?)?"
    # ("off", "aff" as British and Scots say bought from: "order 10290 aff Amazon")
    r"(?:from|on|at|via|in|off|aff)\s+(?:the\s+)?|\s*(?:是|是在|在|从)",
    re.I,
)


def order_id_in(text: str) -> Found | None:
    """The order number a request names, if any (the shop's intents read it too).

    None for an order another shop is named for (`_OTHER_SHOP`).
    """
    found = _order_id_in(text)
    return None if found is None or _elsewhere(text, found) else found


_OTHER_NUMBER = re.compile(
    r"\b(?:room|rm|table|seat|gate|flight|platform|bay|bed|suite)\s*(?:no\.?\s*|#\s*)?(\d{1,6})\b|"
    # an order *for* a number is of that many things, or a misheard "four" in a dictated
    # number ("cancel order for 2771"): which order is not said
    r"\b(?:order|orders)\s+for\s+(\d{1,20})\b|"
    # the order another one repeats, named as its reason: "Reason: duplicate of 55009"
    r"\b(?:duplicate|copy|dupe)\s+of\s+(?:order\s+)?#?(\d{1,20})\b|"
    r"(\d{1,6})\s*(?:号房|房间|号桌|号床)|(?:房间|房号)\s*(\d{1,6})|"
    # a year the orders were placed in: "also the old ones of 2025"
    r"\b(?:of|in|from|since|during)\s+((?:19|20)\d{2})\b(?![\d/.-])|((?:19|20)\d{2})\s*年",
    re.I,
)
"""A number that names a room, a table or a seat ("the reservation for room 308", "308房间"),
a year ("the old ones of 2025", "2025年的") or follows "order for": no order's, even bare,
where an order number may be (`order_id_in`)."""


def _order_id_in(text: str) -> Found | None:
    # a room's or a seat's number is blanked (offsets kept): "cancel the booking for room 308"
    text = _OTHER_NUMBER.sub(lambda m: " " * len(m.group()), text)
    grouped = _GROUPED_ORDER_NUMBER.search(text)
    if grouped is not None and 5 <= len(digits := re.sub(r"\D", "", grouped.group(1))) <= 20:
        return Found(digits, grouped.group(1), grouped.start(1), grouped.end(1), "id")
    named = find_id(text, _ORDER_ID)
    short = _SHORT_ORDER_NUMBER.search(text) if named is None else None
    if short is not None:
        at = 1 if short.group(1) else 2
        return Found(short.group(at), short.group(at), short.start(at), short.end(at), "id")
    return named or find_id(text, _ORDER_ID, bare_digits=4 if _MEASURED.search(text) else 3)


_MEASURED = re.compile(
    r"\b(?:pressure|bp|systolic|diastolic|tension|tensi|upper\s+one|lower\s+one)\b|血压|高压|低压",
    re.I,
)
"""A measurement talked of: a bare number of three digits beside it is the measure's
("upper one was 144"), not an order's."""


def order_slots(text: str, today: date) -> dict[str, Any]:
    """The order number: next to an order word, or any number of three digits or more."""
    found = order_id_in(text)
    return {} if found is None else {"order_id": found}


_GOT_TO = re.compile(
    # the number asked where it is at: "I just wanna know where 20451 is at right now"
    r"\bwhere\s+#?\d{5,20}\s+(?:is|'s)\s+at\b|"
    # (a space typed for the pause: "莫取消30721了 算了 帮我看哈到哪点了")
    r"(?<!\d)\d{5,20}(?!\d)(?:[^。.!?！？]{0,12}?(?:它|伊|[，,]|(?<=[\u4e00-\u9fff])\s))?"
    r"[^，。,.!?！？]{0,8}?"
    # (Shanghainese 啥地方 and 伊: "订单52090不要取消，我只是想问问伊现在到啥地方了")
    # (or why it has not come: "20945阿么了，咋还没到")
    r"(?:到哪|在哪|到了没|到了么|到没到|到啥地方|在啥地方|还没到)|"
    r"(?<!\d)\d{5,20}(?!\d)[^.!?]{0,60}?\b(?:shipped|sent\s+out|dispatched)\b|"
    # (and where it has got to, or when it comes: "Dinnae cancel 48213, I jist want tae ken
    # where it's got tae", Pidgin "if dem don ship am", "就问10086这一单啥时候到")
    r"(?<!\d)\d{5,20}(?!\d)[^?]{0,60}?\b(?:where\s+(?:it|it's|it\s+has|it\s+is)\s+got\s+to|"
    # (Yorkshire "where's it got to?")
    r"where's\s+it\s+got\s+to|"
    # (or where it is at: "Don't cancel 41902 hey, just want to know where it's at")
    r"where\s+(?:it's|it\s+is|its)\s+at|"
    # (or checked where it is: "I don't want to cancel 55020 ata, just check where it is")
    r"(?:check|know|see|tell\s+(?:me|us))\s+where\s+it\s+is\b|(?:just|only)\s+where\s+is\s+it\b|"
    # (Ghanaian and Nigerian "Where e dey?": where is it)
    r"where\s+(?:e|it|am)\s+(?:dey|deh)|"
    r"don\s+(?:ship|reach|arrive|land|comot|commot|deliver)|"
    # (Caribbean, the verb bare: "doh cancel 60877 yet eh, just tell me if it ship")
    r"(?:if|whether|when)\s+(?:it|e|um)\s+(?:ship|reach|come|arrive|land|deliver))\b|"
    r"(?<!\d)\d{5,20}(?!\d)[^，。,.!?！？]{0,8}?(?:啥|什么|甚么|几)时(?:候)?(?:能)?(?:到|送到|发货)"
    # (not a message asked for then: "10092啥时候发货了你给我微信上说一声")
    r"(?![了\s]*(?:你|就|再)?\s*(?:给|发|通知|告诉|微信|短信))",
    re.I,
)
"""A number asked where it has got to ("10235到哪儿了", "别取消10235，我就看看它到哪了",
"不要取消50339啊，我只是想知道到哪了", "Don't cancel 44520, I only want to know if it's been
sent out yet"): only a parcel travels, so the number is an order's though no order word
names it."""


def extract_order(text: str, today: date) -> dict[str, Any] | None:
    """An order number next to an order word, or one asked where it has got to."""
    if not contains_any(text, _ORDER_WORDS) and _GOT_TO.search(text) is None:
        return None
    return order_slots(text, today) or None


def extract_list_orders(text: str, today: date) -> dict[str, Any] | None:
    """All of the caller's orders, no single order number and no one order by its place."""
    paged = _PAGE.search(text) is not None and contains_any(text, _ORDER_WORDS)
    if order_id_in(text) is not None or not (paged or _LIST_WORD.search(text)):
        return None
    if _ONE_ORDER.search(text) or _A_REPORT.search(text):
        return None
    return {}


_A_REPORT = re.compile(r"\breports?\b|报表|报告|周报|月报|季报", re.I)
"""A report of the orders ("I want the quarterly report for my orders") is a report asked
for, not the list."""


class OrderSlots(BaseModel):
    """Validated slots of `order_status`."""

    order_id: str


class NoSlots(BaseModel):
    """Intents whose request carries no slot."""


def _last_page(data: Mapping[str, Any]) -> bool:
    return data.get("next_cursor") is None


ORDER_STEP = Step(
    name="order_found",
    tool="query_order",
    args=lambda s: {"order_id": s["order_id"]},
    description="the order's status is known",
)
ORDERS_LISTED = Step(
    name="orders_listed",
    tool="list_orders",
    done_when=_last_page,
    next_args=lambda d: {"cursor": d["next_cursor"]},
    description="every page is read (follow next_cursor)",
)


def summarize_order(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    """One line on where the order is (the shop's notification reuses it)."""
    order = evidence.get("order_found")
    if not order:
        return ""
    carrier = f" with {order['carrier']} ({order['tracking_no']})" if order.get("carrier") else ""
    return f"Order {order['order_id']} is {order['status']}{carrier}."


def _summarize_orders(slots: Mapping[str, Any], evidence: Mapping[str, Mapping[str, Any]]) -> str:
    page = evidence.get("orders_listed")
    if not page:
        return ""
    return f"Read {page['page']} page(s); you have {page['total']} order(s)."


# --- example requests: how people ask, for the router's classifier (`nodes/classifier.py`).
# --- Terse, casual and polite, English and Chinese; check with `python -m graph eval --router`.

ORDER_EXAMPLES = (
    "where is order 10086",
    "track my order 10086",
    "status of order 10087",
    "has order 10091 shipped yet",
    "what's happening with my package 10088",
    "any update on 10089?",
    "when will order 10086 arrive",
    "查询订单 10086",
    "我的快递 10086 到哪了",
    "订单10088发货了吗",
    "10089 这个包裹现在什么状态",
    "帮我查一下订单10091",
    "where's my stuff, order 10086",
    "shipping status for 10087",
    "did 10088 ship",
    "物流信息 10086",
    "我的订单10087发了吗",
)
LIST_ORDERS_EXAMPLES = (
    "list all my orders",
    "show me every order I've placed",
    "what orders do I have",
    "show my order history",
    "all my orders please",
    "列出我的所有订单",
    "我的订单列表",
    "我都买过什么",
    "看看我全部的订单",
    "order history",
    "everything I've bought",
    "what did I buy recently",
    "历史订单",
    "show my recent orders",
    "my last few orders",
    "which orders have I placed",
    "我下过哪些订单",
    "我最近的几个订单",
    "显示最近3笔订单",
)


PINYIN = {"ding dan": "订单", "kuai di": "快递", "wu liu": "物流"}
"""Toneless pinyin of an order's words, as typed without an input method (`Domain.pinyin`)."""

INTENTS = (
    IntentSpec(
        name="order_status",
        description="Tell the user where one of their orders is.",
        extract=extract_order,
        fill=order_slots,
        examples=ORDER_EXAMPLES,
        slots_model=OrderSlots,
        steps=(ORDER_STEP,),
        budget=Budget(max_rounds=4, max_calls=3),
        summarize=summarize_order,
    ),
    IntentSpec(
        name="list_orders",
        description="List all of the user's orders, page by page.",
        extract=extract_list_orders,
        examples=LIST_ORDERS_EXAMPLES,
        slots_model=NoSlots,
        steps=(ORDERS_LISTED,),
        budget=Budget(max_rounds=6, max_calls=6),
        summarize=_summarize_orders,
    ),
)

"""Does the request ask for a change? Words that ask for a write, in English and Chinese.

The router never runs an intent with a write tool unless the request's own words ask for a
change: a cue verb ("record", "file", "cancel", "报销", "取消") in a clause that is not a
question ("did you cancel it?", "报销了吗"), not hypothetical ("how do I cancel", "我能取消
吗"), not a read command ("show my claims", "看一下报销合计") and not negated ("don't
cancel", "不要取消"). A polite request stays a request: "can you cancel order 10091?",
"帮我取消订单10091". An intent adds its own cues (`IntentSpec.write_cues`).

This is a lexicon, not a parser: it is measured by `python -m graph eval --router`, whose
misroute-to-write count is the number that matters, and it errs towards "no change": a
request it misses gets a clarifying question, never a write.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from nodes.search.lexical import stem
from nodes.search.lexicon import simplified
from tools.slots import (
    CURRENCY_AFTER,
    CURRENCY_BEFORE,
    ID_NOUNS,
    NEGATION,
    REQUEST_FIELDS,
    VOCATIVES,
    Found,
    clauses,
    mask_not_negations,
    number_roles,
    number_word,
    quoted_spans,
    refuses,
)

__all__ = [
    "CAN_NOT",
    "CHANGE_KINDS",
    "FILLER",
    "GENERIC_CUES",
    "NOT_CUES",
    "OTHER_CHANGE_VERBS",
    "PAST_FORMS",
    "advised_create",
    "around_change",
    "asked_changes",
    "asks_a_question",
    "asks_for_information",
    "change_cue",
    "change_kind",
    "change_verb",
    "change_verbs",
    "checked_condition",
    "clause_asks",
    "clauses",
    "conditional_clauses",
    "content_words",
    "courteous",
    "dialect",
    "done_items",
    "fillers",
    "letter_frame",
    "mask_not_cues",
    "numerals",
    "pinyin",
    "question_first",
    "read_command",
    "recurring",
    "retracted",
    "simplified",
    "someone_else",
    "spoken_numbers",
    "unasked_clauses",
    "without_refusals",
    "without_unasked",
]

_CN_THEN = ("之后", "以后", "再")
"""What follows a change word and 了 when the change comes first in a sequence ("存了之后
…", "交了再…"): the 了 marks the order, not a change already made."""

CHANGE_KINDS: dict[str, tuple[str, ...]] = {
    "create": (
        *("record", "log", "save", "store", "put", "add", "enter", "note", "note down"),
        *("jot", "jot down", "write down", "put down", "file", "submit", "claim", "key in"),
        # Taiwan Mandarin's English "key": "帮我 key 一下" (type it in)
        *("key 一下", "key一下", "key 进去", "key进去", "key 进系统", "key上去"),
        # an older user's words for saving: "Could you please keep that for me?"
        *("keep that for me", "keep it for me", "keep this for me", "write it down"),
        # Irish and British "stick it on": add it ("stick it on as other")
        *("stick it on", "stick that on", "stick it in", "stick that in"),
        *("write it down", "jot it down", "note it down", "write that down", "jot that down"),
        *("write it to", "write it in", "write it into", "write it", "please write", "write my"),
        *("put together", "pull together", "chuck together"),
        *("reimburse", "expense", "book", "create", "open", "raise", "make", "generate"),
        *("build", "run", "prepare", "produce", "compile", "start", "kick off", "register"),
        *("request", "put in", "put through", "lodge"),
        # A bookkeeper's verb: "Post meal EUR 31.50 dated 14.03.2026", "post to my claims";
        # Italian's "inserire": "please insert it".
        *("post", "insert"),
        # Australian and Scots English: "chuck it in", "pop that in", "stick that through".
        *("chuck in", "chuck it in", "chuck that in", "pop it in", "pop that in", "whack it in"),
        # and London's "pop it down for us bruv"
        *("pop it down", "pop that down"),
        *("stick it through", "stick that through", "put it through", "whip up"),
        *("stick it under", "stick that under"),  # "15 USD, stick it under other"
        *("bung it under", "bung that under", "chuck it under", "chuck that under"),
        *("stick in", "stick it in", "stick that in", "pop in", "pop through", "开立", "编制"),
        # with the thing after the particle (`dialect`: "pop my blood pressure in")
        *("bung in", "whack in", "chuck through", "bung through", "stick through"),
        # Chinese as Japanese speakers write it: 作成 "make", "工单请开" (object first).
        *("做成", "作成", "请开"),
        *("记录", "记一下", "记下", "记上", "记一笔", "存一下", "存下", "存起来", "录入"),
        *("录一条", "录一下", "录个", "保存", "添加", "登记", "提交", "报销", "报账", "报帐"),
        *("记进去", "存进去", "存上", "存一条", "记一条", "录进去", "录上", "补录"),
        # the reading between two looks: "先看一眼7天的，再录138/89", Cantonese "再入今日嘅"
        # (录 right before the value records it, as 录入 does)
        *("再录", "再入", *(f"录{digit}" for digit in "0123456789")),
        *("放进去", "放上去", "加进去"),  # "再把今天的138/85放进去", "把礼拜五量的142/90加进去"
        *("记好", "存好", "加上", "加一条", "存一个", "再存"),
        *("创建", "新建", "生成", "出一份", "做一份", "做个", "做一个", "做一下"),
        *("出一下", "出个", "出一个", "跑一个", "跑个", "跑一下", "跑一份", "记"),
        *("跑周报", "跑月报"),  # Taiwan's "幫我跑月報": a report run
        *("产一下", "产一份", "产个", "产出"),  # and its 產 "produce": "月報幫我產一下"
        *("补一下", "补上", "补记", "先存", "存个", "帮我存", "帮我报", "做份", "帮我产生"),
        "补登",  # Taiwan: entered late ("禮拜五量的血壓 150/98 幫我補登")
        "交上去",  # handed in: "餐费 88 元今天的，交上去"
        # 搞, 弄 "do, make" before what is made ("帮我搞个月报", "月报搞一下", "周报给我弄一个");
        # not 搞好了, 搞了.
        *("搞个", "搞一个", "搞一份", "搞一下", "弄个", "弄一个", "弄一份", "弄一下"),
        *("做出来", "弄出来", "搞出来"),  # "月报给我整出来" (Northeastern 整: 做)
        # as learners of Chinese write: "请你写下来", "请做一本每周的报告"
        *("写下来", "做一本"),
        "开具",  # formal: "烦请开具维修工单"
        # a ticket named with its verb, whatever domain reads it: "帮我开个工单说…"
        *("开个工单", "开一个工单", "开工单"),
        *("提个", "提一个", "提一张", "给我报上", "帮我报上", "报上去"),
        *("重新报", "重报一下", "再报一次"),  # filed again, as it should have been
        # filed under its kind: "今天中午跟客户吃饭花了 268 块，按餐费报"
        *(f"{by}{kind}报" for by in ("按", "按照") for kind in ("餐费", "其他", "住宿", "打车费")),
        # Cantonese 当…报 (file as), the kind in English too: "268 蚊，當other報"
        *(
            f"当{kind}报"
            for kind in ("餐费", "其他", "住宿", "打车费", "other", "meal", "hotel", "taxi")
        ),
        *("报入", "报进", "input"),  # "报入餐费" (file it as a meal), "then input 135/88"
        # Spanish speakers' "realizar" and "anotar": make, write down
        *("realize the", "realise the", "realize for me", "realise for me", "annotate it"),
        "annotate that",
        # "存了之后拉一下趋势", "交了再看下合计": a change and what follows it, in order.
        *(f"{v}了{then}" for v in ("存", "记", "交", "录", "报") for then in _CN_THEN),
        # done first, then what follows: "报好了再…", "存完再看一遍", Wu "报好之后给阿拉看…"
        *(
            f"{v}{d}{then}"
            for v in ("存", "记", "报")
            for d in ("好了", "完", "好")
            for then in _CN_THEN
        ),
        # and the look that follows, given: Wu "报好了给我看七天的总数"
        *(f"{v}{d}给我看" for v in ("存", "记", "报") for d in ("好了", "完了", "好")),
    ),
    "cancel": (
        *("cancel", "call off", "kill", "scrap", "nix", "stop", "void", "pull the pin on"),
        *("annul", "get rid of", "storno", "cx", "cxl", "canx"),
        # French inside English or alone: "Pouvez-vous annuler la commande 10145 ?"
        *("annuler", "annulez", "annule"),
        *("取消", "撤销", "撤了", "撤掉", "作废", "退掉", "停掉", "停止", "终止"),
    ),
    "send": (
        *("send", "text", "sms", "notify", "message", "ping", "email", "remind", "forward"),
        *("txt", "msg", "whatsapp", "e-mail"),
        # to be sent, told from the receiving end: "I would like to receive by e-mail the
        # status of my order 20533"
        *("receive by e-mail", "receive by email", "receive via email", "receive via e-mail"),
        *("receive it by email", "receive it by e-mail", "receive by mail"),
        # the text as a thing given: "gie us a text when 48377 gets dispatched" (Scots)
        *("give me a text", "give us a text", "drop me a text", "drop us a text"),
        *("shoot me a text", "bung us a text", "bung me a text"),
        # New Zealand and Australian "flick", and chat's "txt": "flick me a txt when it ships"
        *("flick me a text", "flick us a text", "flick me a txt", "flick us a txt"),
        *("give me a txt", "drop me a txt", "shoot me a txt"),
        "tex me",  # a dropped letter, as dictated or thumbed: "tex me status of order 73390"
        # Spanish inside English: "Mandame por WhatsApp the status of 10611"
        *("mandame", "mándame", "enviame", "envíame", "mandáme"),
        *("mail", "发送", "发短信", "发给我", "通知我", "提醒我", "短信", "转发", "发邮件"),
        *("发条消息", "发个消息", "发消息", "发条信息", "传短信", "传个短信"),
        *("发到", "发去"),  # (Cantonese 发去: "嘅状态发去我微信")
        *("寄到", "寄给", "寄去"),  # mailed: "帮我把周报寄到我的 email"
        *("寄邮件", "寄email", "寄 email", "寄电邮"),  # Taiwan's e-mail: "可以寄郵件給我嗎"
        # e-mail named as the means: "用邮件把订单40551的状态发我" asks for a message
        *("用邮件", "通过邮件", "用邮箱", "通过邮箱", "用电邮", "用email", "用 email"),
        # and any chat app with its verb: "用 WhatsApp 发 order 72114 的状态给我", "用 LINE
        # 传订单…的状态" (not "我用微信问过客服了")
        *(
            f"{by}{gap}{app}{gap}{verb}"
            for by in ("用", "通过")
            for app in ("微信", "whatsapp", "line", "telegram")
            for gap in ("", " ")
            for verb in ("发", "传")
        ),
        *("发我邮箱", "发我微信", "发我的邮箱", "发我的微信", "发邮箱"),
        *("发我工作邮箱", "发我公司邮箱", "发到我工作邮箱", "发到我公司邮箱"),
        # a chat app as the verb, the user after it: "发货嗰阵WhatsApp我" (Cantonese)
        *("whatsapp我", "whatsapp 我", "微信我"),
        # the channel's own verb, to the user: "给我发微信上", "发个微信给我"
        *("给我发微信", "发微信给我", "发个微信给我", "给我发个微信", "发条微信给我"),
        *("发微信跟我说", "发微信告诉我", "微信跟我说", "微信告诉我"),
        # the English verb inside Chinese: "将我张单71102嘅状态send去我WhatsApp"
        *("send去", "send到", "send给", "send俾", "send 去", "send 到", "send 给"),
        # "update me ya": a message to the user, not an edit ("update the claim")
        *("update me", "update us"),
    ),
    "modify": (
        *("edit", "modify", "rename", "change", "update", "correct", "amend"),
        *("修改", "更改", "改成", "改为", "改一下", "换成", "switch", "swap", "upgrade"),
        *("变更为", "变更成"),  # official style: "收货地址变更为单位地址"
        *("更正为", "更正成", "改正为", "修正为"),  # "类别有误，请将其更正为"其他""
        # "给改改", "帮我改一改", Cantonese "改返" and 改做 (改成: "100 箱改做 80 箱")
        *("改改", "改一改", "改下", "改返", "改做"),
        # a filed value's field changed: "3/10 那笔 USD 报销，金额改 45.00"
        *("金额改", "日期改", "类别改", "币种改"),
        *("downgrade", "改个", "改下", "换个", "能改", "可以改", "改地址"),
        *("改收货", "改收件", "改送货", "改配送"),  # "需求：改收货地址"
        *("改寄", "改送到", "改派"),  # sent elsewhere: "订单 20940 帮我改寄到学校宿舍"
        *("能不能改", "可不可以改"),
        *("调高", "调低", "调成", "raise the priority", "lower the priority", "bump the priority"),
        *("提高优先级", "降低优先级", "提升优先级"),
        # a filed amount in another currency: "Convert my 200 USD claim to naira"
        *("convert", "换算成", "折算成", "转换成"),
    ),
    # ("把血压记录里那个200/100删了": 删了 after 把 asks, as 关了 does)
    "delete": ("delete", "remove", "erase", "删除", "删掉", "删了", "删一下", "删去"),
    "complain": ("complain", "file a complaint", "lodge a complaint", "投诉"),
    "close": ("close", "关闭", "关掉", "关了"),
    # Indian English "prepone" (move earlier): "prepone the delivery of order 88213"
    "schedule": ("schedule", "reschedule", "定时", "prepone", "postpone", "expedite"),
    "return": (
        *("return", "refund", "refunded", "exchange", "money back", "devolution"),
        *("arrange a return", "issue a refund", "process a refund", "arrange a refund"),
        *("send it back", "send them back", "send back", "return it"),
        *("钱退给我", "退钱给我", "退给我"),
        *("退货", "退款", "换货", "退钱", "退我钱", "把钱退"),
        *("退一半", "退一部分", "退几件", "部分退"),  # part of it: "可以只退一半吗?5 件留 2 件"
    ),
    # "那笔报销你帮我批一下吧": approving a claim already filed, not filing one
    "approve": ("approve", "reject", "decline", "批准", "审批", "批一下", "批了吧", "给批了"),
    "invoice": (
        *("invoice", "开发票", "开张", "开一张", "开票", "开个发票", "开一下发票"),
        *("发票能开", "发票可以开", "发票开一下", "发票帮我开"),
    ),
    "restructure": ("split", "merge", "combine", "合并", "拆分", "拆成", "拆开", "拆单"),
    "pay": (
        *("pay", "pay off", "settle", "付款", "支付", "付清", "结清", "缴费", "还款"),
        *("买单", "结账"),
    ),
    "reorder": (
        *("reorder", "re-order", "buy again", "order again", "重新下单", "再下一单"),
        *("再买一", "再来一单", "回购"),
    ),
    "review": (
        *("leave a review", "write a review", "post a review", "leave feedback", "rate"),
        *("评价", "写评价", "写个评价", "打分", "评分", "好评", "差评"),
    ),
    "transfer": (
        *("transfer", "assign", "reassign", "escalate", "hand over", "hand off"),
        *("转给", "转交", "移交", "指派", "分配给", "转到", "升级为", "升级成"),
    ),
    "export": ("export", "导出"),
    "purchase": (
        *("buy", "purchase", "order me", "购买", "下单买", "帮我买", "买一个", "买一台"),
        # a booking, not a claim for one: "Can you book me a taxi to the airport for 5am?"
        # (not "book a taxi claim", which files one)
        *("book me", "book us", "book a table", "book a flight", "reserve", "帮我订", "订个"),
        *("叫个车", "帮我叫车"),
        *("买个", "买台", "place an order", "place a new order", "place another order"),
        *("put in an order", "put in a new order", "帮我下单", "给我下单", "下个单", "下一单"),
    ),
    "annotate": (
        *("add a note", "add a comment", "leave a note", "leave a comment", "attach a note"),
        *("加个备注", "加备注", "添加备注", "写个备注", "备注一下", "加个评论", "加条备注"),
    ),
    "add_item": (
        *("add an item", "add another item", "add items", "add to my order", "add to the order"),
        *("add it to my order", "add it to the order", "加一件", "加件", "加一个商品", "加个商品"),
        "加购",
    ),
    "expedite": (
        *("expedite", "speed up", "hurry up", "prioritise"),
        *("prioritize", "加急", "加快"),
    ),
    # Sending a made thing in again: no intent here makes it ("resubmit J-58 with March").
    "redo": ("resubmit", "re-submit", "重新提交"),
    # Taking back what was filed or booked ("Reverse claim of EUR 31.50 - duplicate entry",
    # "冲红"): not a cancel, which stops what is still to happen.
    "revert": (
        # Not "revert", which in Indian English is "reply" ("prepare it and revert back").
        *("reverse", "undo", "retract", "withdraw", "take back", "roll back"),
        *("撤回", "冲销", "冲红", "红冲"),
    ),
}
"""What kind of change each verb asks for. A write intent makes the kinds of change its own
examples and cues ask for ("file", "submit" and "报销" are all `create`), and no other: a
request to send, schedule or change a report is not a request to build one. The kinds after
`invoice` are actions people ask of a shop, a helpdesk or an app (split or merge, pay,
order again, review, hand to someone else or escalate, export a file, buy something new,
add a note, add an item to an order, speed a delivery up) that are
not reads: a read intent never answers them with what it shows ("split order 10093 in two",
"把这个工单转交给安全组", "导出成表格"); the intent whose own words make them does, else the
run asks."""

_NO_CUE = frozenset(
    {"stop", "停掉", "停止", "forward", "mail", "转发", "发邮件", "发到", "发去", "寄邮件"}
    | {"寄email", "寄 email", "寄电邮"}
)
"""Change words that never open the write gate: "stop" ("停掉") also ends a notification, and
forwarding or mailing something, or sending it to a mailbox ("把月报发到邮箱"), is not the
message a send intent makes."""
_LEFT_TO_DOMAINS = frozenset({"void"})
"""A kind's word no list carries: a domain that means it says so in its `write_cues`."""

GENERIC_CUES: tuple[str, ...] = tuple(
    word
    for kind in ("create", "cancel", "send")
    for word in CHANGE_KINDS[kind]
    if word not in _NO_CUE | _LEFT_TO_DOMAINS
)
"""Verbs that ask for a change in any domain (the words of `CHANGE_KINDS` that record,
submit, cancel or send); an intent adds its own (`write_cues`)."""

OTHER_CHANGE_VERBS: tuple[str, ...] = (
    *(
        word
        for words in CHANGE_KINDS.values()
        for word in words
        if word not in GENERIC_CUES and word not in _LEFT_TO_DOMAINS
    ),
    *("apply", "reopen"),
)
"""Verbs that ask for a change but are no cue, so they never open the write gate ("stop"
also ends a notification, "close" a ticket no intent closes): a request opening with one
("close ticket T-4") is about a change, not about what it names (`change_verb`)."""

_KIND_OF: dict[str, str] = {w: kind for kind, words in CHANGE_KINDS.items() for w in words}
_PHRASES = tuple(w for w in _KIND_OF if " " in w)
_OPENING_PHRASES = tuple(w for w in _PHRASES if _KIND_OF[w] in ("return", "purchase"))
"""A return or a purchase said as a longer phrase of a send or create verb ("send it back",
"book me a taxi"): read whole."""
"""The change words of more than one word ("leave a review", "buy again", "hand over")."""

_AROUND = re.compile(
    r"\b(?:before|b4)\s*(?:\band\b|\bn\b|&|\+|/)\s*after\b|前后|之前和之后|之前之后|"
    # the change between two looks: "show me the 14-day trend before you log 136/87, then
    # show it again after"
    r"\bbefore\s+(?:you|u|we)\s+(?:log|save|add|record|enter|put)\b(?=[^.?!]*\bafter\b)",
    re.I,
)
"""A comparison around a change ("my trend before and after adding 127/83", "记录前后的
走势"), in chat spelling too ("b4 & after", "b4 n after"): the "after" exists only once the
change is made, so it asks for the change."""


def _ing_forms(verbs: Iterable[str]) -> list[str]:
    out: set[str] = set()
    for phrase in verbs:
        if not phrase.isascii():
            continue
        first, _, rest = phrase.lower().partition(" ")
        forms = {first, first + "ing", first + first[-1] + "ing"}
        if first.endswith("e"):
            forms.add(first[:-1] + "ing")
        out |= {f"{form} {rest}".strip() for form in forms}
    return sorted(out, key=len, reverse=True)


_CREATE_FORMS = _ing_forms(CHANGE_KINDS["create"])
"""The create verbs with their -ing forms ("add", "adding", "entering")."""
_AROUND_VERB = re.compile(
    r"(?<![\w'-])(?:"
    + "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in _CREATE_FORMS)
    + r")(?![\w'-])",
    re.I,
)
"""The create verbs in any form a comparison around a change uses ("adding", "once I enter",
"after we put in", "entering")."""


_VERNACULAR: dict[str, str] = {
    # Cantonese as written in Guangdong and Hong Kong: days and times.
    **{"寻日": "昨天", "琴日": "昨天", "寻晚": "昨晚", "琴晚": "昨晚", "寻朝": "昨早"},
    **{"琴朝": "昨早", "听日": "明天", "听朝": "明早", "今朝": "今早", "头先": "刚才"},
    **{"啱啱": "刚刚", "而家": "现在", "宜家": "现在", "前日": "前天"},
    # Not, no, only, which, how much.
    **{"唔好": "不要", "唔使": "不用", "唔系": "不是", "唔该": "谢谢", "唔": "不", "冇": "没"},
    # and Hakka 毋 for 唔: "哎毋好毋好取消"
    **{"毋好": "不要", "毋使": "不用", "毋系": "不是", "毋係": "不是"},
    # (and 冇要, Guangxi's "don't": "66120冇要取消了")
    **{"冇要": "不要"},
    # Inner Mongolian Jin 唔 "I" where Cantonese has no 唔 "not": after 给, before a
    # Northern 今儿 ("唔今儿早上量了个血压，150/96，给唔记上") and before 在你们 (Cantonese has
    # 唔喺 and 你哋: "唔在你们这留的联系方式是甚")
    **{"给唔": "给我", "唔今儿": "我今儿", "唔在你们": "我在你们"},
    # Northwestern 胡日鬼 (messing about), not a full name (胡 is a surname): "把订单20451
    # 取消了，胡日鬼的商家"
    **{"胡日鬼": "瞎折腾"},
    # Gansu 么 "not": "到了么有" (没有), "进度么必要告诉我" (没必要)
    **{"么有": "没有", "么必要": "没必要"},
    # Jiaodong 么 "what" before a place: "63325到么地方了"
    # (not the 么 of 什么: "在什么地方" stays itself)
    **{"么地方": "啥地方", "什么地方": "什么地方"},
    **{"咗未": "了没", "净系": "只是", "只系": "只是", "系咪": "是不", "边度": "哪里"},
    **{"边个": "哪个", "边张": "哪张", "几时": "何时", "几多": "多少", "点样": "怎样"},
    # where, and so long: "点解70415咁耐都未到嘅？而家喺边"
    **{"喺边": "在哪", "咁耐": "好久"},
    # 谂 "think", and 都系 "after all" before a refusal: "谂返转头都系唔好取消住" (thinking
    # again, better not)
    **{"谂": "想", "都系唔好": "都是不要"},
    **{"点解": "为何", "乜嘢": "什么", "咩": "什么"},
    # need it or not: "我唔肯定使唔使开ticket" (not sure whether to open one)
    **{"使唔使": "要不要", "使不使": "要不要", "唔肯定": "不确定"},
    # Verbs, pronouns and particles.
    **{"睇": "看", "嘅": "的", "咗": "了", "佢": "他", "畀": "给", "俾": "给", "喺": "在"},
    **{"老豆": "老爸", "老窦": "老爸"},  # "dad"
    "跟成点": "怎么样",  # how a ticket is getting on: "我最近開嗰張ticket跟成點？"
    "𠮶": "那",  # 嗰 as `simplified` writes it
    **{"哋": "们", "嗰": "那", "嚟": "来", "攞": "拿", "揾": "找", "搵": "找", "啲": "些"},
    **{"仲": "还", "喇": "了", "记低": "记下", "写低": "写下"},
    # 埋 after a verb: "that too" ("报埋佢", file it too); 入返落去: enter it in
    **{"报埋": "报了", "记埋": "记下", "入返落去": "记录进去", "入返": "录入"},
    # (and a look asked too: "同埋check埋T-5", "查埋")
    **{"check埋": "check下", "查埋": "查下"},
    # V多次 is "V once more": "再睇多次" (look again)
    **{"睇多次": "看一次", "睇多一次": "看一次"},
    # 唔好住 "not for now" (the change just asked for held back), 算啦 (算了): "取消 20931…
    # 算啦唔好住"
    **{"唔好住": "不要了", "算啦": "算了"},
    # and 唔报住 (don't file it for now): "報 other 人民幣 200 買刀……算罷啦，唔報住"
    "唔报住": "不报了",
    # 睇返 "look back at" ("我想睇返呢三十日嘅血压"); 调一次 "pull up once more"
    **{"睇返": "看看", "调一次": "看一次"},
    # Taiwan: 产 "produce" a report ("月报可以帮我产一份吗")
    **{"产一份": "做一份", "产一个": "做一个", "产出": "做出"},
    # 埋单 is paying the bill, told in a claim ("埋单三百二十蚊"): what was spent. 食晏 lunch.
    **{"埋单": "消费", "食晏": "午饭"},
    **{"去到边": "到哪里", "跟住": "然后", "搞掂": "搞定"},
    # Taiwan: 联络 "contact" (联络资料, contact details).
    **{"联络": "联系"},
    # Southwestern Mandarin (Sichuan, Chongqing).
    **{"一哈": "一下", "啥子": "什么", "晓得": "知道", "咋个": "怎么", "要得": "可以"},
    # and Guizhou 啷个 "how": "T-77啷个样了"
    **{"啷个": "怎么"},
    "莫得用": "没用",  # no use ("取消了进错货了莫得用"), not 取消了没有 (cancelled yet?)
    **{"莫得": "没有", "看哈": "看下", "问一哈": "问一下", "莫整": "别做", "莫弄": "别弄"},
    # Minnan 时阵 "when" ("出货的时阵通知阮一声"), 一摆 "once" ("再看一摆"), 予 "give"
    **{"时阵": "时候", "一摆": "一次", "先予我": "先给我"},
    # Shaanxi 乃个 "that" ("额最近乃个工单"); 额 "me" after a telling verb ("处理了通知额")
    **{"乃个": "那个", "通知额": "通知我", "告诉额": "告诉我"},
    # Henan 白 "don't" before a verb of making ("周报白弄了，给俺弄个月报")
    **{"白弄了": "别弄了", "白弄": "别弄", "白记": "别记", "白取消": "别取消"},
    # Hunan (Changsha): 冒得 "have not", 冒 "not yet" after 还 ("类别还冒想好")
    **{"冒得": "没有", "还冒": "还没"},
    # 莫 before a result is 没 ("莫记到": not recorded); 补起 "fill it in" (补上)
    **{"莫记到": "没记上", "莫记上": "没记上", "补起": "补上"},
    # Wuhan and the Northwest: 一挂 "a bit" after a verb ("再看一挂")
    **{"看一挂": "看一下", "查一挂": "查一下", "记一挂": "记一下", "报一挂": "报一下"},
    # Wuhan and Southwestern: 夜个 "yesterday" (前个 and 嘞, 下子 in context below); Inner
    # Mongolia and the north: 夜儿, 夜儿个 ("打车 38 块，夜儿的")
    **{"夜个": "昨天", "夜儿个": "昨天", "夜儿": "昨天"},
    # Northern Mandarin (Beijing): 甭 "don't", 俩 "two", 咋 "how". Taiwan: 简讯 a text.
    **{"甭": "别", "俩": "两", "咋": "怎", "简讯": "短信"},
    # 今儿个, 昨儿个 (today, yesterday, with 个), 晌午 (noon)
    **{"今儿个": "今天", "昨儿个": "昨天", "前儿个": "前天", "晌午": "中午"},
    # (咋样儿 is 咋样, how it is, not how to: "T-12那个工单咋样儿了？")
    **{"咋样儿": "怎样"},
    # Northeastern Mandarin: 瞅 "look", 昨儿/前儿/今儿 the days, 信儿 news, 整 "do, make"
    # before what is made ("给我整个工单", "月报整一个"), 整上/记上 "put it down".
    **{"瞅": "看", "昨儿": "昨天", "前儿": "前天", "今儿": "今天", "明儿": "明天", "信儿": "消息"},
    **{"大前儿": "大前天"},
    # a text said with 儿 ("给俺发个短信儿"), and Northern 寻思 "think it over" ("俺再寻思寻思")
    **{"短信儿": "短信", "寻思寻思": "想想", "寻思一下": "想一下"},
    **{"整一个": "做一个", "整一份": "做一份", "整上": "记上", "嘎哈": "干啥", "整出来": "做出来"},
    **{"整进去": "记进去"},
    # Southwestern and Wuhan 一哈 "a bit" after a verb ("月报帮我整一哈"), 莫 "don't" before a
    # cancel ("莫取消30721了"); Yunnan 哪点 "where" is with Guizhou's below
    **{"整一哈": "整一下", "弄一哈": "弄一下", "莫取消": "别取消"},
    # Yunnan: 克 is 去 after a verb ("帮我整进克"), 咯是 "is it" (是不是)
    **{"整进克": "记进去", "记进克": "记进去", "存进克": "存进去", "咯是": "是不是"},
    # Cantonese 补返 "make up for" ("唔记得入，帮我补返")
    **{"补返": "补上"},
    # Wu (Shanghai): 覅/勿要 "don't", 勿 "not", 阿拉 "we", 侬 "you", 搿 "this", 辰光 "time",
    # 交关 "very"; 请勿 is formal Mandarin's "please don't". 定单 is 订单 in an older spelling.
    # Tianjin 嘛样 "how": "我这血压近七天嘛样儿？"
    **{"嘛样儿": "怎么样", "嘛样": "怎么样"},
    **{"覅": "别", "勿要": "不要", "请勿": "请别", "是勿是": "是不是", "勿": "不", "阿拉": "我们"},
    **{"几钿": "多少"},  # Wu "how much": "一个礼拜报了几钿？"
    **{"侬": "你", "搿": "这", "辰光": "时候", "交关": "非常", "定单": "订单"},
    # Ningbo: 昨末(子) "yesterday", 前末(子) "the day before"; 格 "的" after a verb closing a
    # line ("3 月 10 号付格": paid then)
    **{"昨末子": "昨天", "昨末": "昨天", "前末子": "前天", "前末": "前天"},
    **{"付格": "付的", "量格": "量的"},
    # Wu 吾 "I, my" and 上趟 "last time": "吾上趟开个工单，现在啥情况", "帮吾老公也报一笔"
    **{"吾": "我", "上趟": "上次"},
    # (and Wu 个 for 的 after a change made last time: "上趟开个工单" is the one opened then)
    **{"上趟开个": "上次开的", "上次开个": "上次开的"},
    # 张 is the measure word of an order there ("我现在有几张订单"): how many, as 几个 asks
    **{"几张订单": "几个订单", "几张单子": "几个单子", "几笔订单": "几个订单"},
    **{"到啥地方": "到哪里", "在啥地方": "在哪里"},  # where it has got to ("伊现在到啥地方了")
    # Beijing: 告儿 (tell), 信儿 (news), 怎么着了 (how is it going): "有信儿了告儿我一声"
    **{"告儿我": "告诉我", "有信儿": "有消息", "怎么着了": "怎么样了"},
    # a pinyin keyboard's homophone slips (同音错字), where the meaning is still plain:
    # "开个公单", "发个短心给我", "先别取销", "报消", "约报", "通之我", "有近展"
    **{"公单": "工单", "短心": "短信", "取销": "取消", "去消": "取消", "报消": "报销"},
    "包销": "报销",  # voice input's slip: "今儿晌午吃饭二十八块钱给俺包销了"
    # an app's crash run into the next clause: "一拍发票就闪退给俺开个工单" is no 退给我 (a
    # refund to the user)
    "闪退给": "闪退，给",
    "雪压": "血压",  # voice input's slip: "前天量的雪压132 86"
    # (and 短线 for 短信, a text, after its measure word: "侬帮我发个短线告诉我…")
    **{"个短线": "个短信", "条短线": "条短信"},
    # Fujian's h/f and n/l, typed by sound: "花货了以后" (发货), "到拉里了" (到哪里)
    **{"花货": "发货", "到拉里": "到哪里", "在拉里": "在哪里"},
    # don't get it wrong, after a correction ("取消70388 不对 是70383 别取消错了"): a care, no
    # refusal of the change
    **{"别取消错": "别弄错", "不要取消错": "不要弄错", "别记错": "别弄错", "不要记错": "不要弄错"},
    # ("30133这个单子去销了", "出个州报", "抱销一下")
    **{"去销": "取消", "州报": "周报", "抱销": "报销"},
    **{"约报": "月报", "通之": "通知", "近展": "进展", "装态": "状态", "发漂": "发票"},
    **{"邦我": "帮我", "欧圆": "欧元", "美圆": "美元", "参费": "餐费", "到那了": "到哪了"},
    # Wu 阿 before a verb asks (阿好 below): 阿是 "is it", 阿要 "do you want", 阿有 "is there"
    **{"阿是": "是不是", "阿有": "有没有"},
    # Shanghai: 差头 "taxi" (打差头), 夜到 "evening", 用脱 "spent"
    **{"差头": "的士", "夜到": "晚上", "用脱": "用掉"},
    # Suzhou Wu: 伲 "I/we", 倷 "you", 拨我 "to me", 仔 "了" after a verb ("到仔再发": once it
    # arrives), 勿曾 "not yet", 阿好 "can it?", 个 "的" before a trend ("30日个趋势")
    **{"伲": "我", "倷": "你", "拨我": "给我", "拨伲": "给我", "到仔": "到了", "好仔": "好了"},
    **{"勿曾": "没有"},
    # Suzhou and Shanghai 几化 (how much), 里向 (within): "一个礼拜里向报仔几化钞票"
    **{"几化": "多少", "里向": "里面"},
    # and 葛 (的) before 辰光 and the user's records ("40218 发货葛辰光再短信通知伲", "隔壁王阿姨
    # 葛订单"), 哉 (了), 脱 (掉) after 报 ("午饭 85 块报脱"), 哪亨 (how: "伲最近葛工单哪亨哉")
    **{"葛辰光": "的时候", "葛订单": "的订单", "葛工单": "的工单", "葛电话": "的电话"},
    **{"哉": "了", "报脱": "报掉", "哪亨": "怎样"},
    # Huzhou, Anji and Shaoxing 伢 (my, our) before kin or an apprentice: "伢老婆个订单30700帮伊
    # 取消脱", "帮伢徒弟阿强报一笔打的 40 块"; Cantonese 算罢 (算了)
    **{"伢老婆": "我老婆", "伢老公": "我老公", "伢屋里": "我家里", "伢徒弟": "我徒弟"},
    **{"算罢": "算了"},
    # Henan 哩 (的) after a window or a day: "俩礼拜哩总数", "3月11号退哩房"; Tianjin 嘛些
    # (how much): "这俩礼拜一共报了嘛些钱"
    **{"礼拜哩": "礼拜的", "天哩": "天的", "退哩房": "退的房", "嘛些": "多少"},
    # Teochew and Cantonese 报落 (file it): "的士 42 元报落"
    "报落": "报掉",
    # (and Leizhou's 个 before a total: "30日个总数")
    **{"日个总数": "日的总数", "天个总数": "天的总数"},
    **{"阿好": "能否", "日个趋势": "日的趋势", "天个趋势": "天的趋势", "日个走势": "日的走势"},
    # Ningbo (eastern Zhejiang Wu): 昨末 "yesterday", 弗要/弗用 "don't", 帮伊 "for him/her"
    # (伊 alone is also "it": Minnan's "讲伊的状态" is the order's status), 洋钿 "money"
    **{"昨末": "昨天", "弗要": "不要", "弗用": "不用", "帮伊": "帮她", "洋钿": "块钱"},
    # (and 弗对 "not right", 今末 "today": "饭钱55块，弗对，是58，今末中午的")
    **{"弗对": "不对", "弗是": "不是", "今末": "今天"},
    # Written, bookish Chinese: 之 "it" after a verb, 示 "show", 毕 "done", 今晨 "this
    # morning", 知会 "notify": "今晨血压一三五／八四，烦请录入，并示近十四日之趋势"
    **{"存之": "存下", "录之": "记下", "记之": "记下", "取消之": "取消掉", "录毕": "记完"},
    **{"并示": "并看", "再示": "再看", "先示": "先看", "今晨": "今早", "知会": "通知"},
    # Japanese words in Chinese: 注文 "order", 番号 "number", 出张 "business trip".
    **{"注文": "订单", "番号": "编号", "出张": "出差"},
    # Taiwanese chat: 母汤 (毋通) "don't".
    **{"母汤": "不要"},
    # Minnan (Fujian, Taiwan): 甲我 "for me", 按怎 "how", 昨昏 "yesterday", 毋/袂 "not",
    # 歹势/拍谢 "sorry", 歹去 "broken", 食饭 "eat", 厝 "home"; as Xiamen writes it in
    # characters, 今仔日 "today", 昨暗 "last night", 今嘛 "now", 早起 "morning", 偌济 "how
    # much", 啥物 "what", 敢有 "has it", 落去 "in" (记落去), 顺续 "while at it", 佮 "and",
    # 佇 "at".
    **{"甲我": "帮我", "按怎": "怎样", "昨昏": "昨天", "毋是": "不是", "毋": "不", "袂": "不"},
    # 毋着 "not right", a correction ("周报做一下，啊毋着，月报啦"); 才着 "is the right one"
    **{"毋着": "不对", "才着": "才对"},
    # and as Quanzhou writes them: 呣 for 毋, 伓着 "not right", 伓通 and 呣通 "don't", 卜 "want"
    # before the change ("卜取消 40530，啊呣着，伓通取消"), 箍 a yuan ("打的 85 箍"), 诶 "的"
    # after days ("七日诶趋势"), where it has got to asked ("先看伊到叨位"; not the 到叨位 of a
    # text to send, "共阮发短信讲订单45501到叨位矣")
    **{"呣着": "不对", "伓着": "不对", "呣是": "不是", "伓通": "不要", "呣通": "不要"},
    "呾错": "说错",  # Chaoshan 呾 "say": "食饭120欧元，呾错了，是102欧元"
    **{"卜取消": "要取消", "卜看": "要看", "阮卜": "我要", "日诶": "日的", "伊到叨位": "它到哪里"},
    **{"歹势": "抱歉", "拍谢": "抱歉", "歹去": "坏了", "食饭": "吃饭", "厝": "家"},
    # Fuzhou (Eastern Min): 伓 "not" (伓使 "no need", 伓卜 "don't want"), 蜀 "one" before a
    # measure, 乞 "give/to", 其 "的" before what it owns, 暝 "night", 落去 "into", 卜 "want"
    **{"伓使": "不用", "伓卜": "不要", "伓是": "不是", "伓": "不", "乞我": "给我", "发乞": "发给"},
    **{"蜀份": "一份", "蜀下": "一下", "蜀遍": "一遍", "蜀次": "一次", "蜀个": "一个"},
    **{"蜀笔": "一笔"},
    **{"其趋势": "的趋势", "其状态": "的状态", "其血压": "的血压", "昨暝": "昨晚", "两暝": "两晚"},
    **{"记落去": "记进去", "存落去": "存进去", "我卜": "我要"},
    # Jianghuai (Yangzhou, Nanjing): 望望 "have a look", 阿曾 "has … or not", 昨朝 "yesterday"
    **{"望望": "看看", "望一下": "看一下", "阿曾": "有没", "昨朝": "昨天"},
    **{"今仔日": "今天的", "昨暗": "昨晚", "今嘛": "现在", "早起": "早上", "偌济": "多少"},
    **{"啥物": "什么", "敢有": "有没", "落去": "进去", "顺续": "顺便", "佮": "和", "佇": "在"},
    # 汝 "you", 好否 "all right?", 那日 "that day": "三月十号那日量的…，汝帮我补上去好否？"
    **{"汝": "你", "好否": "好吗", "那日": "那天"},
    # Minnan 免 "no need to" before the change refused ("免取消啦 我是要问…"), 呷 "eat"
    **{"免取消": "别取消", "呷饭": "吃饭"},
    # 阮 "I, me" after a verb for the user ("有进度要通知阮", "予阮看") and before what is
    # theirs ("阮的电脑", "阮订的货"); not 阮 alone, also a surname
    **{"通知阮": "通知我", "给阮": "给我", "帮阮": "帮我", "甲阮": "帮我", "予阮": "给我"},
    **{"阮的": "我的", "阮订": "我订", "阮留": "我留", "阮近": "我近"},
    # and before what the user wants (阮欲, 欲 "want"), after 共 "to, for" ("有进度共阮讲",
    # "汝共阮看 T-07"); 无欲 "don't want" ("无欲开单")
    **{"阮欲": "我要", "共阮": "跟我", "无欲": "不要"},
    # Lanzhou and the Northwest 阿么 "how, what" ("20945阿么了，咋还没到")
    **{"阿么了": "怎么了", "阿么": "怎么"},
    # Nanchang 么里 "what" ("我有么里订单")
    "么里": "什么",
    "开一张单": "开一个单",  # a ticket: "帮我开一张单"
    # Tianjin 介 "this" before what it points at: "介月报了多少", "介出租车票120"
    **{"介月": "这月", "介礼拜": "这礼拜", "介个": "这个", "介张": "这张", "介笔": "这笔"},
    **{"介单": "这单", "介出": "这出", "了嘛钱": "了多少"},
    # Hainanese and Minnan 无 "not" before a verb: "20417先无取消，帮我查下到哪里了"
    **{"无取消": "不取消", "先无": "先不", "无要": "不要", "无使": "不用", "无用通知": "不用通知"},
    **{"好了无": "好了没", "到了无": "到了没"},  # "J-21那个任务好了无": 无 asks, as 没 does
    # Hainanese 哇 "I, me" after a verb for the user and before what is theirs ("先给哇看7日的",
    # "有进展就打电话给哇", "哇报销的钱")
    **{"给哇": "给我", "帮哇": "帮我", "哇要": "我要", "哇的": "我的", "哇报": "我报"},
    "无对": "不对",  # a correction: "3月14……无对，是3月13"
    # Nanjing 港 "say": "有进展港一声"; a screen reader's spoken punctuation: "逗号", "句号"
    **{"港一声": "说一声", "逗号": "， ", "句号": "。 ", "问号": "？ "},
    **{"开一张工单": "开一个工单", "开张工单": "开个工单"},  # not an invoice's 开一张
    **{"开一张服务单": "开一个服务单", "开一张维修单": "开一个维修单"},
    # Northwestern Mandarin (Gansu, Ningxia, Shaanxi): 嫑 "don't", 阿搭, 阿达, 哪达 "where".
    **{"嫑": "别", "阿搭": "哪里", "阿达": "哪里", "哪达": "哪里"},
    # Qinghai (Xining): 阿扎 "where", 阿么个 "how is it".
    **{"阿扎": "哪里", "阿么个": "怎么样", "阿么样": "怎么样"},
    # Hainanese and Leizhou Min: 无要 "don't", 无使 "no need".
    **{"无要": "不要", "无使": "不用"},
    # Central plains (Henan, Shandong): 俺 "I, my", 中不中 "will it do"; 恁 "you" before
    # what it asks of you (`_VERNACULAR_WORD`). Hunan, Jiangxi: 么子 "what", 恰饭 "eat".
    **{"俺": "我", "中不中": "行不行", "么子": "什么", "恰饭": "吃饭", "何解": "怎样"},
    # Shandong: 夜来 is yesterday ("俺夜来打车花了四十六块"), and so are Henan's 夜儿个 and
    # 夜儿 (昨儿个 as the northeast says it: "昨天个").
    **{"夜来": "昨天", "夜儿个": "昨天个", "夜儿": "昨天"},
    # Cantonese 嗰阵(时) "when" (Anhui's 昨个, 今个 in context below)
    **{"嗰阵时": "的时候", "嗰阵": "时候"},
    # Guizhou and Guangxi: 得不得 "can you or not", 哪点 "where".
    # (Cantonese 得唔得 closes a request as "OK?" does: "嘅状态发个短信俾我得唔得？")
    **{"得不得": "能不能", "得唔得": "行不行", "哪点": "哪里"},
    # Hakka (Meizhou, Huizhou, Ganzhou): 𠊎 "I, me", 同𠊎 "for me", 话𠊎知 "tell me", 昨晡 (日)
    # "yesterday", 前晡, 今晡, 暗晡 "evening", 你兜 "you all", 係麼个 "what is", 几久 "how
    # long", 食夜 "dinner".
    **{"同𠊎": "帮我", "话𠊎知": "告诉我", "𠊎": "我", "昨晡": "昨天", "前晡": "前天"},
    # Cantonese 话(俾)我知 and Hokkien 共我讲 "tell me": "有进展就话俾我知", "有进度共我讲"
    **{"话俾我知": "告诉我", "话畀我知": "告诉我", "话我知": "告诉我", "共我讲": "告诉我"},
    **{"今晡": "今天", "暗晡": "晚上", "你兜": "你们", "係麼个": "是什么", "几久": "多久"},
    **{"食夜": "晚饭", "食朝": "早饭", "食昼": "午饭"},
    # Teochew (Shantou, Chaozhou): 家己/胶己 "oneself", 若济 "how much", 底块 "where", 分我
    # "give me", 食 "eat"; Yunnan: 不消 "no need to"
    **{"家己": "自己", "胶己": "自己", "若济": "多少", "底块": "哪里", "分我": "给我"},
    **{"食饭": "吃饭", "食了": "吃了", "不消": "不用"},
    # Wuhan: 将将 "just now", 比一哈 "compare" (一哈 is 一下)
    **{"将将": "刚刚", "比一哈": "比一下"},
    # Wuhan 么斯 "what" ("你们那存的我电话是么斯")
    **{"么斯": "什么"},
    # Shaanxi: 言传 "tell" ("有进展言传一声"); Cantonese: 入埋 / 入咗 "put it in", 度咗 "measured"
    **{"言传": "告诉", "入埋": "录入", "入咗": "录入", "度咗": "量了"},
    # and Cantonese 入个 (put one in): "入个131/85，跟住睇下7日嘅走势"; Inner Mongolian and
    # Shanxi 甚 (what): "那个单 71088 甚时候能到", "地址是甚"
    **{"入个": "记个", "甚时候": "啥时候", "是甚": "是啥", "有甚": "有啥"},
    # 娃他爸, 娃他妈: the child's father or mother, one's spouse ("给额娃他爸发个短信")
    **{"娃他爸": "我老公", "娃他妈": "我老婆", "孩子他爸": "我的老公", "孩子他妈": "我的老婆"},
    # A pinyin input method's wrong homophone, left unproofed: words that mean nothing as
    # typed ("作天在酒店住了一晚", "帮我纪录", "生成一份粥报").
    **{"作天": "昨天", "坐天": "昨天", "金天": "今天", "纪录": "记录", "粥报": "周报"},
    **{"报消": "报销", "血鸭": "血压", "工但": "工单", "订但": "订单", "趋事": "趋势"},
    **{"越报": "月报"},
    # a handwriting pad's look-alikes: 夭 for 天 ("昨夭的"), 咋 for 昨 before the evening
    **{"昨夭": "昨天", "今夭": "今天", "咋天晚上": "昨天晚上", "咋天早上": "昨天早上"},
}
"""Regional words and the standard Mandarin words the rules are written in, each pair of one
length, so every span found in the result is the same span of the request as typed: "尋日打车
45 蚊，帮我报咗佢" is "昨天打车 45 块，帮我报了他". Only words that mean nothing else in
Mandarin requests to an assistant (系 alone stays: 关系, 系统)."""
_VERNACULAR_WORD = re.compile(
    "|".join(re.escape(w) for w in sorted(_VERNACULAR, key=len, reverse=True))
    # "86 蚊", "三百二十蚊" are yuan; 蚊 alone is a mosquito
    # (and Minnan's 箍: "三百二十箍")
    # (and 快, a pinyin keyboard's slip for 块: "打印纸 120 快"; not 快递, 快点)
    + r"|(?P<kuai>(?<=[\d零一二两三四五六七八九十百千])(?:[蚊箍]|快(?![递点乐速捷车]))|"
    + r"(?<=\d )(?:[蚊箍]|快(?![递点乐速捷车]))|"
    # (and 文, a keyboard's homophone for 蚊: "的士去医院 38 文"; not 文件, 文字, 文章)
    + r"(?<=\d)文(?![件字章档本化具学案])|(?<=\d )文(?![件字章档本化具学案]))"
    # Cantonese 呢 "this" before a number of days ("我呢七日报咗几多钱"); elsewhere a particle
    + r"|(?P<ni>呢(?=[\d一二两三四五六七八九十]+\s*(?:日|天|个?礼拜|个?星期)))"
    + r"|(?P<mo>莫(?![名斯非过大测]))"  # 莫 "don't" (Sichuan); not 莫名, 莫斯科, 莫非, 莫过于
    # Wu's 伐 after a change asked for is 吧 ("记下来伐", "报掉伐": do it, will you?)
    + r"|(?P<faba>(?<=下来|记牢|记上|报掉|报脱|存好|记好)伐(?=\s*(?:[?？,，。!！~]|$)))"
    + r"|(?P<fa>(?<=[\u3400-\u9fff])伐(?=\s*(?:[?？,，。!！~]|$)))"  # Wu's 好了伐: 好了吗
    # Wu 额 is 的 before what it qualifies ("量额血压", "一个礼拜额总数"); not 金额, 余额
    + r"|(?P<ede>(?<![金余限份差定超总面数])额(?=总数|血压|趋势|工单|订单|报销|合计|状态|记录))"
    + r"|(?P<wei>(?<=[\u3400-\u9fff])未(?=\s*(?:[?？]|$)))"  # Cantonese 搞掂未？: 搞定没？
    + r"|(?P<mian>免(?=通知|记|发|讲|告|报|存|提|开|写))"  # Minnan 免通知我: 别通知我; not 免费
    + r"|(?P<nin>恁(?=帮|给|替|把|看|查|开|报|记|说))"  # 恁帮俺: 你帮我; 恁大 is "so big"
    # Tianjin 介 "this" and 嘛 "what" before what they name: 介礼拜 这礼拜, 嘛时候 啥时候;
    # not 介绍, and 嘛 alone is a particle
    + r"|(?P<jie>介(?=个|礼拜|星期|周|月|两天|几天|是|会儿))"
    + r"|(?P<ma>嘛(?=时候|事儿?|玩意|东西|来着))"
    # Southwestern 好多 "how much" in a question ("报了好多？", "总共好多"); elsewhere "a lot"
    + r"|(?P<haoduo>好多(?=\s*(?:[?？]|钱|喃|嘛))|(?<=[共计总])好多(?=\s*(?:[。.!！~]|$))"
    # ("存的我电话是好多": what the number is)
    + r"|(?<=是)好多(?=\s*(?:[\s?？哦啊嘛呢]|$)))"
    # and after a look asked for ("再给我瞧瞧近两个礼拜报了好多": how much was filed)
    + r"|(?P<haoduo_seen>(?<=了)好多(?=\s*(?:[。.!！~]|$)))"
    # Hunan and Changsha: 咯 and 哒 after a verb are 了 ("花咯580块", "报哒"); Shaanxi 咧
    # ("发货咧", "给额报咧", "咋样咧")
    + r"|(?P<le>(?<=[\u3400-\u9fff])(?:咯|哒|咧))"
    # Shaanxi: 额 is "I, me" after 给/跟/帮/让 (not the 额 of 金额, 额度); 咥 "eat"
    + r"|(?P<e>(?<=[给跟帮让叫替])额(?![度外]))|(?P<die>咥)"
    # and opening what the user says of their own ("额最近乃个工单…", "额的血压")
    + r"|(?P<e_own>(?:^|(?<=[\s，。！？,.!?]))"
    + r"额(?=最近|的|上次|上回|上个|在|还|昨|前天|今天|想|要|那|这|刚))"
    # Minnan 30 工, 七工: 30 天, 七天
    + r"|(?P<gong>(?:(?<=[\d一二两三四五六七八九十])|(?<=\d ))工(?![单位作资厂程号具人]))"
    + r"|(?P<yuan>(?<=[\d零一二两三四五六七八九十百千万])园)"  # 一千二百园: a dictated 元
    # 整个 is "whole" ("整个月") unless what follows is made: "给我整个工单" opens one
    + r"|(?P<zheng>整(?=个(?:工单|单子|ticket)))"
    # Wu 个 is 的 before "this" or "that": "我最近开个搿只工单" (the ticket I opened lately)
    + r"|(?P<wude>(?<=[开报提交])个(?=[搿这那]))"
    # Wu 阿要 "should I?" ("我阿要取消啊？"), but "阿要帮我做个月报" asks the assistant
    + r"|(?P<ayao>阿要(?![帮给替]))"
    + r"|(?P<make>整(?=个\s*(?:报销|月报|周报|报告|报表|weekly|monthly|report)|份))"
    # Formal writing's 所 before a verb names what was done: "前些日子所提工单T-18" is the
    # ticket raised then, as 提的工单 is, and asks for no new one
    + r"|(?P<suoti>所提(?=工单|单子))|(?P<suokai>所开(?=工单|单子))"
    # Hong Kong's 開張 ticket is 开个 (开张 alone is a shop opening its doors)
    + r"|(?P<kaizhang>开张(?=\s*(?:ticket|工单|单)))"
    # 嘞: Southwestern and Wuhan's 的 before what it qualifies ("最近嘞那个工单", "报嘞总数"),
    # Cantonese's 了 at the end ("搞掂嘞")
    + r"|(?P<leide>嘞(?=[\u3400-\u9fff]))|(?P<lei>嘞)"
    # Wuhan 前个 "the day before yesterday" (not 前个月, 前个礼拜, 前个工单)
    + r"|(?P<qiange>前个(?![月星礼周季年工单订报号人]))"
    # Anhui and the north: 昨个, 今个 (yesterday, today; not 今个月 "this month")
    + r"|(?P<zuoge>昨个(?![月星礼周季年]))|(?P<jinge>今个(?![月星礼周季年]))"
    # Southwestern 下子 softening a verb as 一下 does ("记下子", "对比下子"); not 一下子
    + r"|(?P<xiazi>(?<![一这那])下子)"
    # Wu and Hakka: 只 is the measure word after a verb of making or a number ("做只周报",
    # "两只礼拜"), 脱 completes a verb as 掉 does ("关脱", "删脱")
    + r"|(?P<zhi>(?<=[做出开搞弄整报一两二三四五六七八九十几])只)|(?P<tuo>(?<=[关删撤停取消退])脱)"
    # Cantonese and Hakka possessive 个: "我個 email", "睇下我個profile" (not 给我个, 我个人)
    + r"|(?P<wode>(?<![给帮让叫替和跟对])(?<=我)个(?!人)(?=\s*[A-Za-z\u4e00-\u9fff]))"
    # 杠 is a dash said aloud between an id's letter and its digits ("任务J杠三十五")
    + r"|(?P<gang>(?<=[A-Za-z])杠(?=\s*[\d零一二两三四五六七八九十幺洞]))"
    # Jin and Inner Mongolia 哇 is 吧 after a change asked for ("这个算我的报了哇": file it)
    + r"|(?P<wa>(?<=报了|记了|存了|开了|发了|做了|消了|上了)哇(?=\s*(?:[?？,，。!！~]|$)))"
    # Shandong and Henan 崩 for 甭 (don't) before a verb of filing ("吃饭45块，崩报了"); 崩 alone
    # is "crashed" ("系统崩了")
    + r"|(?P<beng>崩(?=报|记|存|取消|开|发|提交|管|弄|做))"
    # Northern 完了 "after that" opening a clause before what it asks ("打车 38 块，夜儿的，完了给我
    # 看看近7天合计"); elsewhere "finished" (报完了)
    + r"|(?P<wanle>(?:(?<=[，,。.；;\s])|^)完了(?=\s*(?:给|帮|再|看|查|瞅|瞧|让|把)))"
    # Southwestern 一道 "once more" after a look ("记完再看一道"); elsewhere "together"
    + r"|(?P<yidao>(?<=[看查比])一道)"
    # Shanxi and Jin 瞭 "look" ("给我瞭一下", "先瞭瞭"); not 瞭望, and 瞭解 is 了解
    + r"|(?P<liao>瞭(?![望解]))"
    # Teochew 物 "make, do" before what is made ("帮我物一份月报"); elsewhere "thing"
    + r"|(?P<wu>(?<=[帮给我你])物(?=\s*(?:一|个|份|只)))"
    # Cantonese 入 "enter" right before a reading: "先睇14日，再入 140/92"
    + r"|(?P<ru>(?<=[再先我，, ])入(?=\s*\d{2,3}\s*/\s*\d{2,3}))"
    # The numerals of cheques and invoices, 大写 ("人民币捌拾陆元整", "壹仟贰佰元"): a run of
    # them, or one before 元, 圆 or 角 (陆 alone is also a name and "land"): "贰拾贰元伍角"
    + r"|(?P<daxie>[壹贰貳叁參肆伍陆陸柒捌玖拾佰仟零]{2,}|[壹贰貳叁參肆伍陆陸柒捌玖](?=[元圆角]))"
    # Wu 弗 "not" ("上传弗来", "弗晓得"); not 弗兰克 and the other names it spells
    # (and opening a clause before a change: "算了算了，弗取消了")
    + r"|(?P<fu>(?<=[\u3400-\u9fff])弗(?=[\u3400-\u9fff])(?![兰洛吉雷里拉格莱朗尼斯罗])"
    + r"|(?:^|(?<=[，,。.…\s]))弗(?=[要用来晓]|取消|报|记|发|开))"
    # Hebei, Beijing and Henan 白 "don't" opening what it refuses ("白取消订单30018，俺就想问问"),
    # not 白跑 "in vain", nor a change already made in vain ("白记了")
    + r"|(?P<bai>(?:(?<![\u3400-\u9fff])|(?<=[你您可就先千万]))白"
    + r"(?=(?:取消|删|撤|记|存|报|发|开|建|提交|提|生成|做)(?!了)"
    # Henan 白给俺发消息 "don't text me" (白给 alone is "for nothing")
    + r"|给(?:我|俺|咱)(?:发|打|通知|短信|信息|消息)))"
)


_DAXIE = str.maketrans("壹贰貳叁參肆伍陆陸柒捌玖拾佰仟", "一二二三三四五六六七八九十百千")
"""The 大写 numerals as the rules read numbers (`_VERNACULAR_WORD`'s daxie group)."""
_VERNACULAR_IN_CONTEXT = {
    **{"kuai": "块", "mo": "别", "fa": "吗", "mian": "别", "gong": "天", "yuan": "元", "wei": "没"},
    "ru": "录入",
    "ni": "这",
    **{"nin": "你", "jie": "这", "ma": "啥", "haoduo": "多少", "le": "了", "e": "我"},
    "e_own": "我",
    "haoduo_seen": "多少",
    "die": "吃",
    **{"faba": "吧", "ede": "的", "zuoge": "昨天", "jinge": "今天"},
    **{"zheng": "开", "make": "做", "suoti": "提的", "suokai": "开的", "wude": "的"},
    "ayao": "要不要",
    "kaizhang": "开个",
    **{"leide": "的", "lei": "了", "qiange": "前天", "xiazi": "一下", "yidao": "一遍", "gang": "-"},
    **{"zhi": "个", "tuo": "掉", "wode": "的", "liao": "看", "bai": "别", "fu": "不"},
    "wu": "做",
    "wanle": "然后",
    "beng": "别",
    "wa": "吧",
}
"""The Mandarin of each word `_VERNACULAR_WORD` reads only in context, by its group."""


_LETTER_OPENING = re.compile(r"^\s*dear\b", re.I)
_CLOSING_WORDS = (
    r"(?:with\s+)?(?:kind(?:est)?|best|warm(?:est)?|many)\s+(?:regards|wishes|thanks)|"
    r"regards|sincerely|yours\s+(?:truly|sincerely|faithfully)|respectfully|"
    r"thanks\s+in\s+advance|with\s+(?:thanks|gratitude)"
)
_LETTER_CLOSING = re.compile(
    rf"(?i:{_CLOSING_WORDS})[\s,.!]*(?:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){{0,3}})?[\s.]*$"
)
"""A letter's frame: "Dear" before whom it is addressed to, and its closing with the
sender's name ("Kind regards, Francis Doyle"): how the letter is written, not what it asks."""


def letter_frame(text: str) -> str:
    """The request without its letter frame (`_LETTER_OPENING`, `_LETTER_CLOSING`), offsets kept.

    Users who write formally wrap a one-line request in a letter; left in, "Dear" and a
    closing name are words the classifier weighs against the request's own.
    """
    if (opening := _LETTER_OPENING.match(text)) is not None:
        text = " " * opening.end() + text[opening.end() :]
    closing = _LETTER_CLOSING.search(text)
    if closing is not None and closing.start() > 0 and text[: closing.start()].strip():
        text = text[: closing.start()] + " " * (len(text) - closing.start())
    sign_off = _SIGN_OFF_LINE.search(text)
    if (
        sign_off is not None
        and text[: sign_off.start()].strip()
        and not _POSTSCRIPT.search(text, sign_off.end())
    ):
        # a mail's sign-off on its own line: the name, title, phone and confidentiality
        # notice under it ("…If you have received it in error, please delete it") ask nothing
        text = text[: sign_off.start()] + " " * (len(text) - sign_off.start())
    return text


_SIGN_OFF_LINE = re.compile(
    rf"^[ \t]*(?i:(?:{_CLOSING_WORDS})(?:\s+in\s+advance)?|cheers|thank\s+you)[ \t]*[,.!]?[ \t]*$",
    re.M,
)
"""A mail's sign-off alone on its line ("Best regards,", "Many thanks in advance,")."""
_POSTSCRIPT = re.compile(r"\bp\.?\s?s\.?\b", re.I)
"""A postscript after the sign-off, which may still ask for something."""


_DONE_ITEM = re.compile(r"^[ \t]*(?:[-*•][ \t]*)?(?:\[[xX✓✔][ \t]?\]|✅|☑️?|✔️?|~~)[^\n]*$", re.M)
"""A to-do item ticked off ("- [x] book hotel", "✅ claim taxi", "~~file it~~"): done."""


def done_items(text: str) -> str:
    """The request with its ticked-off to-do items blanked (offsets kept).

    A pasted list says what is done and what is open; a done item asks for nothing, and
    its verbs ("- [x] book hotel") must not ask for a write.
    """
    if not _DONE_MARK.search(text):
        return text
    return _DONE_ITEM.sub(lambda m: " " * len(m.group()), text)


_DONE_MARK = re.compile(r"\[[xX✓✔]|✅|☑|✔|~~")
"""What only a ticked-off item carries: the common request skips `_DONE_ITEM`'s lines."""


_DAYS_BEFORE = re.compile(r"(?:\d+|[一两二三四五六七八九十半]+)\s*(?:天|周|个?礼拜|个?星期|个月)")
"""A number of days before "报了好多" ("7天报了好多"): the window a total is asked over."""


def vernacular(text: str) -> str:
    """The request with its regional words written in standard Mandarin (`_VERNACULAR`).

    Cantonese, Sichuanese, northern, Tianjin, central, Wu, Minnan, Hunan and Taiwanese words;
    run after `simplified`. Users write as they speak: "唔使取消，淨系想知 10366 到咗未"
    refuses the cancel exactly as "不用取消" does, and a rule written for one must not miss
    the other.
    """

    def mandarin(m: re.Match[str]) -> str:
        if m.lastgroup == "kuai" and not _CJK_BESIDE_MONEY.search(text):
            return m.group()  # "claim 120蚊 dinner": English as Hong Kong mixes it
        if (
            m.lastgroup == "haoduo_seen"
            and not _LOOK_ASKED.search(text, 0, m.start())
            and not _SUM_ASKED.search(text, 0, m.start())
            and not _DAYS_BEFORE.search(text, 0, m.start())
        ):
            return m.group()  # "这个月报了好多" with no look asked: a lot was filed
        if m.lastgroup == "wude" and not _OPENED_BEFORE.search(
            text, max(0, m.start() - 5), m.start()
        ):
            return m.group()  # "帮我开个这个问题的工单" asks for one
        if m.lastgroup == "daxie":
            return m.group().translate(_DAXIE)
        if m.lastgroup is not None:
            return _VERNACULAR_IN_CONTEXT[m.lastgroup]
        return _VERNACULAR[m.group()]

    cantonese = _CANTONESE.search(text) is not None
    if "$" in text and cantonese:
        text = _BARE_DOLLAR.sub("＄", text)
    text = _REDOUBLED.sub(r"\1一下", _VERNACULAR_WORD.sub(mandarin, text))
    if _CJK_CHAR.search(text):
        text = _R_YUAN.sub("元", text)
    if cantonese:
        text = _CANTONESE_DAYS.sub(r"\1\2天", text)
    return _A_OR_NOT_A.sub(r"\1不\1", text)


_CANTONESE_DAYS = re.compile(
    r"(?<![月\d一二三四五六七八九十两])(?<!月\s)([\d一二三四五六七八九十两]{1,3})(\s*)日(?![前后子])"
)
"""A number of days as Cantonese counts them ("睇下 7 日嘅报销 total", "再睇多次 7 日"):
日 is 天 there; "3 月 13 日", a day of the month, is left."""
_R_YUAN = re.compile(r"(?<=\d)[rR](?![A-Za-z0-9])")
"""Chat's "r" for 人民币 right after an amount, in Chinese ("3.12打车28r 报一下"): 元."""


_CN_GONE_BY = (
    r"(?:昨天|前天|昨晚|之前|以前|上次|上回|上周|上礼拜|上星期|上个?月|刚才|刚刚|前几天|前两天|"
    r"那天|最近)"
)
"""A time gone by, before what was done then (Wu's "我最近开个…", "昨天提交的…")."""
_OPENED_BEFORE = re.compile(_CN_GONE_BY)
"""A time before now, right before Wu's 个 ("我最近开个搿只工单"): what was opened then."""
_LOOK_ASKED = re.compile(r"[看瞧查瞅](?:[看瞧查瞅]|一下|下|一哈|哈)")
_SUM_ASKED = re.compile(r"一共|总共|总计|合计")
"""A sum named before 好多 ("两个礼拜一共报了好多"): how much in all, asked."""
"""A look asked for ("瞧瞧", "看一下", "查下"): what is "a lot" after it asks how much."""
_A_OR_NOT_A = re.compile(r"([\u4e00-\u9fff]{2})还是不\1")
"""A choice weighed with 还是 ("我是取消还是不取消喃"): read as "取消不取消", the choice the
rules know."""
_CANTONESE = re.compile(r"咗|嘅|佢|喺|睇|冇|唔|啲|嗰|琴日|寻日|噉|嘢|乜嘢|点解|系咪")
"""Words only Cantonese writes (read after `simplified`)."""
_BARE_DOLLAR = re.compile(r"(?<![A-Za-z])\$")
"""A dollar sign no country letters name ("$86", not "US$86" or "HK$86"): in Cantonese it
is Hong Kong's, and `vernacular` writes it as the full-width ＄ of Hong Kong and Taiwan input
methods, which no claim takes, so the rules, which read Mandarin, ask rather than file
US dollars ("琴日搭的士俾咗 $86，幫我報咗佢")."""
_CJK_BESIDE_MONEY = re.compile(r"[\u3400-\u9fff](?<!蚊)")
"""A Chinese character other than 蚊: with none, 蚊 is the one Chinese word of an English
request, as Hong Kong writes ("claim 120蚊 dinner"), and its dollar is Hong Kong's."""
_REDOUBLED = re.compile(r"([报记查弄问催算填录存开做搞整理办])一\1")
"""A verb said twice around 一 ("报一报", "记一记", "查一查"), as Wu and much spoken
Mandarin soften a request: the rules read 报一下, 记一下, 查一下."""


_CN_NUMERAL_RUN = re.compile(r"[零〇一二两三四五六七八九十百幺洞]{2,}")
_CN_DIGIT_OF = {c: str(i) for i, c in enumerate("零一二三四五六七八九")} | {
    **{"〇": "0", "两": "2"},
    # how digits are read aloud one by one, so that 1 is not heard as 7: 幺 (1), 洞 (0)
    **{"幺": "1", "洞": "0"},
}
_CN_ONE_NUMBER = re.compile(
    r"(?P<h>[一二两三四五六七八九])百(?:(?P<t>[一二三四五六七八九])十|零)?(?P<u>[一二三四五六七八九])?|"
    r"(?P<t2>[二三四五六七八九])?十(?P<u2>[一二三四五六七八九])?"
)
_CN_COUNTED = re.compile(r"[了分年月号日天周个岁点次趟晚人倍足全块元美欧英日港万千钟小]")
"""What a spoken number counts when it is not a value the rules read from digits: "十分"
(very), "三十号" (a day), "两个礼拜" (a period), "八十五块" (an amount): the rules for
those read Chinese numerals already."""


def _spoken_number(m: re.Match[str]) -> int:
    if m.group("h"):
        hundreds = _digit_value(m.group("h")) * 100
        if m.group("t"):
            return hundreds + _digit_value(m.group("t")) * 10 + _digit_value(m.group("u"))
        if m.group("u") and "零" not in m.group():
            return hundreds + _digit_value(m.group("u")) * 10  # 一百五: 150
        return hundreds + _digit_value(m.group("u"))
    tens = _digit_value(m.group("t2")) if m.group("t2") else 1
    return tens * 10 + _digit_value(m.group("u2"))


def _digit_value(char: str | None) -> int:
    return int(_CN_DIGIT_OF[char]) if char else 0


_TENS_IN_ONE = re.compile(
    r"(?:(?P<h>[一二两三四五六七八九])百)?(?P<x>[廿卅])(?P<u>[一二三四五六七八九])?"
)
"""廿 (twenty) and 卅 (thirty), one character each, as Wu, Cantonese and older written
Chinese say them: "一百廿五" is 125, "廿八块" 28 yuan, "三百廿" 320."""


def _tens_in_one(m: re.Match[str]) -> str:
    value = _digit_value(m.group("h")) * 100 + (20 if m.group("x") == "廿" else 30)
    written = str(value + _digit_value(m.group("u")))
    return written.ljust(len(m.group())) if len(written) <= len(m.group()) else m.group()


_MIXED_NUMERAL = re.compile(
    r"(?<![\d.,])(?=[零〇一二两三四五六七八九十百千\d]*\d)(?=[零〇一二两三四五六七八九十百千\d]*[十百千])"
    r"(?:[零〇一二两三四五六七八九十百千]|\d(?!\d))+(?![\d.,])"
)
"""A Chinese number typed with some of its digits as Arabic ones ("二十8块", "3百6", "三百6十块"):
read as the Chinese number it is (28, 360), not as the digits alone ("二十8" had filed 208 and
"三百6十" 10). A digit next to another, or to a decimal point, is left as typed."""


def _all_chinese(m: re.Match[str]) -> str:
    return "".join("零一二三四五六七八九"[int(c)] if c.isdigit() else c for c in m.group())


_ID_ONE_NUMERAL = re.compile(
    r"(?:(?<![A-Za-z][TJtj])(?<=[TJtj])|(?<![A-Za-z][TJtj]-)(?<=[TJtj]-))"
    r"[一二三四五六七八九幺](?![零〇一二两三四五六七八九十百幺洞])"
)
"""One Chinese digit as an id's number ("T七", "J-三"): a run of two or more is the general
rule's; one alone is no number the rules read."""
_READ_ONE_BY_ONE = re.compile(r"[幺洞]")
"""Digits only ever said when reading a number one digit at a time."""


def numerals(text: str) -> str:
    """The request with its spoken Chinese numbers in digits, each span kept its length.

    A voice transcript writes what was said: an order read digit by digit ("一零零九二"), a
    reading as two numbers ("血压一百二十八八十二", "高压一百三十五，低压八十八"), a number typed
    half in digits ("二十8块", `_MIXED_NUMERAL`). Such runs become digits padded with spaces,
    and two numbers run together become "128/82", as the rules read them. A number followed
    by what it counts (`_CN_COUNTED`) is left as said, unless it says 廿 or 卅
    (`_TENS_IN_ONE`), which no rule reads.
    """
    if "廿" in text or "卅" in text:
        text = _TENS_IN_ONE.sub(_tens_in_one, text)
    text = _MIXED_NUMERAL.sub(_all_chinese, text)

    def spoken(m: re.Match[str]) -> str:
        run = m.group()
        after = text[m.end() : m.end() + 1]
        if _CN_COUNTED.match(after):
            return run
        if "十" not in run and "百" not in run:
            # (a reading written digit by digit either side of its slash: "一四二／九〇")
            beside = text[m.start() - 1 : m.start()] + text[m.end() : m.end() + 1]
            slash = "/" in beside or "／" in beside
            short = len(run) < 4 and not _READ_ONE_BY_ONE.search(run) and not slash
            if short or "两" in run:
                return run
            return "".join(_CN_DIGIT_OF[c] for c in run)  # 一零零九二: 10092
        numbers: list[str] = []
        pos = 0
        while pos < len(run):
            one = _CN_ONE_NUMBER.match(run, pos)
            if one is None or one.end() == pos:
                return run
            numbers.append(str(_spoken_number(one)))
            pos = one.end()
        if len(numbers) > 2:
            return run
        written = "/".join(numbers)
        return written + " " * (len(run) - len(written)) if len(written) <= len(run) else run

    if _ID_ONE_NUMERAL.search(text):
        text = _ID_ONE_NUMERAL.sub(lambda m: _CN_DIGIT_OF[m.group()], text)
    if not _CN_NUMERAL_RUN.search(text):
        return text
    return _CN_NUMERAL_RUN.sub(spoken, _CN_PAIR.sub(_pair, text))


_CN_PAIR = re.compile(
    r"(?P<a>[一二两三]百[零一二三四五六七八九十]*)\s*[，,、]\s*"
    r"(?P<b>[一二三四五六七八九]?十[一二三四五六七八九]?|[一二]百[零一二三四五六七八九十]*)"
)
"""A reading said as two numbers with a pause between ("一百二十六，七十八")."""


def _pair(m: re.Match[str]) -> str:
    after = m.string[m.end() : m.end() + 1]
    a = _CN_ONE_NUMBER.fullmatch(m.group("a"))
    b = _CN_ONE_NUMBER.fullmatch(m.group("b"))
    if a is None or b is None or _CN_COUNTED.match(after):
        return m.group()
    written = f"{_spoken_number(a)}/{_spoken_number(b)}"
    return written + " " * (len(m.group()) - len(written))


_PINYIN_WORDS: dict[str, str] = {
    # Asking and sequencing.
    **{"bang wo": "帮我", "gei wo": "给我", "wo de": "我的", "yi xia": "一下", "kan kan": "看看"},
    **{"kan yi xia": "看一下", "kan xia": "看下", "cha xia": "查下", "cha yi xia": "查一下"},
    **{
        "ran hou": "然后",
        "zhi xiang": "只想",
        "zhi dao": "知道",
        "bu yao": "不要",
        "bu yong": "不用",
    },
    **{"zen me yang": "怎么样", "hai mei": "还没", "hao le": "好了", "suo you": "所有"},
    **{"lie chu lai": "列出来", "gao su wo": "告诉我", "tong zhi wo": "通知我", "tong zhi": "通知"},
    # Doing: submit, open, record, cancel, make; where it stands.
    **{"ti jiao": "提交", "ti ge": "提个", "kai ge": "开个", "zuo ge": "做个"},
    **{"sheng cheng": "生成"},
    **{"ji lu": "记录", "ji yi xia": "记一下", "ji xia": "记下", "ji xia lai": "记下来"},
    **{"ji shang": "记上", "qu xiao": "取消", "zhuang tai": "状态", "dao na": "到哪"},
    **{"jin du": "进度", "jin zhan": "进展", "jie jue": "解决", "huai le": "坏了"},
    **{"lian bu shang": "连不上", "qu shi": "趋势", "zou shi": "走势", "dui bi": "对比"},
    # How much and which currency.
    **{"mei yuan": "美元", "ou yuan": "欧元", "ren min bi": "人民币", "mei jin": "美金"},
    **{
        "ri yuan": "日元",
        "gang bi": "港币",
        "gang yuan": "港元",
        "ying bang": "英镑",
        "xin bi": "新币",
    },
    **{
        "yi gong": "一共",
        "zong gong": "总共",
        "zong e": "总额",
        "he ji": "合计",
        "duo shao": "多少",
    },
    # When.
    **{"zuo tian": "昨天", "qian tian": "前天", "jin tian": "今天", "ming tian": "明天"},
    **{"zao shang": "早上", "wan shang": "晚上", "shang wu": "上午", "xia wu": "下午"},
    **{"zui jin": "最近", "liang zhou": "两周", "yi zhou": "一周", "yi ge yue": "一个月"},
    **{"ge yue": "个月", "li bai": "礼拜", "xing qi": "星期"},
}
"""Toneless pinyin for the everyday words of requests, as people type Chinese without an
input method ("bang wo ... yi xia", "... dao na le"): asking, doing, amounts, currencies and
days, the words of any domain. A domain adds its own nouns (`Domain.pinyin`: "bao xiao" is
报销 in the expenses domain). Words of two syllables or more only: one syllable alone is too
often an English word or another character."""
_PINYIN_PARTICLES = {
    **{"de": "的", "le": "了", "ma": "吗", "ba": "吧", "a": "啊", "ne": "呢", "mei": "没"},
    **{"wo": "我", "xian": "先", "zai": "再", "bie": "别", "xiang": "想", "tian": "天"},
    **{"zhou": "周", "kuai": "块", "ge": "个", "shi": "是", "he": "和", "na": "哪"},
}
"""Single syllables read only beside a pinyin word already read ("bao xiao le duo shao a")."""


@lru_cache(maxsize=64)
def _pinyin_table(extra: tuple[tuple[str, str], ...]) -> tuple[dict[str, str], dict[str, str]]:
    """The words read (`_PINYIN_WORDS` and a domain's own), spaced and run together."""
    words = {**_PINYIN_WORDS, **{" ".join(k.lower().split()): v for k, v in extra}}
    return words, {key.replace(" ", ""): word for key, word in words.items()}


_LATIN_TOKEN = re.compile(r"[A-Za-z]+|\s+|[^A-Za-z\s]+")


def pinyin(text: str, extra: Mapping[str, str] | None = None) -> str:
    """The request with the toneless pinyin of common request words in Chinese characters.

    "bang wo bao xiao yi xia, zuo tian da di 38 kuai" is "帮我报销一下, 昨天打的 38 块" in
    the expenses domain: words of the table `_PINYIN_WORDS` and of `extra` (a domain's own,
    `Domain.pinyin`; longest first, spaced or run together: "baoxiao", "dingdan"), then
    particles beside them. A request with no such word is left as typed. The respelt
    request differs in length, so a free-text slot of one keeps the characters (`_as_typed`
    leaves such a span as read).
    """
    table, joined_table = _pinyin_table(tuple(sorted((extra or {}).items())))
    lowered = text.lower()
    if not any(key.split()[0] in lowered for key in table):
        return text
    tokens = _LATIN_TOKEN.findall(text)
    alpha = [i for i, t in enumerate(tokens) if t.isalpha() and t.isascii()]
    out: dict[int, str] = {}  # token index -> characters; other tokens of a match -> ""
    n = 0
    while n < len(alpha):
        matched = False
        for size in (4, 3, 2):
            run = alpha[n : n + size]
            if len(run) < size or any(
                not tokens[k].isspace() for a, b in itertools.pairwise(run) for k in range(a + 1, b)
            ):
                continue
            key = " ".join(tokens[i].lower() for i in run)
            if key in table:
                out[run[0]] = table[key]
                for i in run[1:]:
                    out[i] = ""
                for k in range(run[0] + 1, run[-1]):
                    if tokens[k].isspace():
                        out[k] = ""
                n += size
                matched = True
                break
        if not matched:
            joined = tokens[alpha[n]].lower()
            if joined in joined_table and " " not in joined:
                out[alpha[n]] = joined_table[joined]
            n += 1
    if not out:
        return text
    for n, i in enumerate(alpha):
        word = tokens[i].lower()
        if i in out or word not in _PINYIN_PARTICLES:
            continue
        before = alpha[n - 1] if n > 0 else None
        after = alpha[n + 1] if n + 1 < len(alpha) else None
        near = any(j is not None and out.get(j) for j in (before, after))
        after_digit = word in ("kuai", "tian") and re.search(r"\d\s*$", "".join(tokens[:i]))
        if near or after_digit:
            out[i] = _PINYIN_PARTICLES[word]
    pieces = [out.get(i, t) for i, t in enumerate(tokens)]
    for i, t in enumerate(tokens):  # no space left between two characters read from pinyin
        if not t.isspace():
            continue
        li = next((j for j in range(i - 1, -1, -1) if pieces[j]), None)
        ri = next((j for j in range(i + 1, len(pieces)) if pieces[j]), None)
        if li is None or ri is None or (li not in out and ri not in out):
            continue  # a space the user typed between characters still ends a clause
        if _CJK_CHAR.match(pieces[li][-1]) and _CJK_CHAR.match(pieces[ri][0]):
            pieces[i] = ""
    return "".join(pieces)


_UNITS = {
    w: n
    for n, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    )
}
_UNITS["oh"] = 0
_TEENS = {
    w: 10 + n
    for n, w in enumerate(
        [
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
_TENS = {
    w: 20 + 10 * n
    for n, w in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    )
}
_ORDINALS = {
    **{
        w: n
        for n, w in enumerate(
            ["fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"], 4
        )
    },
    **{
        w: n
        for n, w in enumerate(["eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth"], 11)
    },
    **{w: n for n, w in enumerate(["sixteenth", "seventeenth", "eighteenth", "nineteenth"], 16)},
    "twentieth": 20,
    "thirtieth": 30,
}
_LAST_ORDINAL = {"first": 1, "second": 2, "third": 3, **_ORDINALS}
_NUMBER_WORD = re.compile(
    r"\b(?:a(?=\s+hundred\b)|"
    + "|".join(sorted([*_UNITS, *_TEENS, *_TENS, "hundred"], key=len, reverse=True))
    + r")\b(?:(?:\s+|-)(?:and\s+)?(?:"
    + "|".join(sorted([*_UNITS, *_TEENS, *_TENS, "hundred", "point"], key=len, reverse=True))
    + r")\b)*",
    re.I,
)
_PRONOUN_ONE = re.compile(r"one[\s-]+(?=[a-z])", re.I)
_THAT_ONE = re.compile(
    r"\b(?:that|this|the|which|another|other|wrong|right|same|new|last|first)\s+$", re.I
)
"""What makes the "one" after it a pronoun ("not that one", "the other one"), not a digit."""
_CURRENCY_AFTER = re.compile(r"\s*(?:us\s+)?(?:dollars?|bucks|euros?|yuan|usd|eur|cny|rmb)\b", re.I)
_SPOKEN_ID = re.compile(r"\b(?P<l>t|tee|j|jay)\s+dash\s+(?P<n>\d+)\b", re.I)
_NAMED_ID = re.compile(
    r"\b(?:ticket|job)\s+(?:status\s+(?:of\s+)?)?(?:number\s+|no\.?\s*|#\s*)?"
    r"(?P<l>t|tee|tea|j|jay)\s+(?P<n>\d{1,5})\b",
    re.I,
)
"""An id said after what it names, its letter as heard: "ticket tea forty two" is T-42,
"job jay twenty one" J-21."""
_ID_NOUN_BEFORE = re.compile(
    r"(?:\b(?:" + "|".join(w for w in ID_NOUNS if w.isascii()) + r")\b\.?|#)\s*"
    r"(?:(?:is|was|number|no\.?|#)\s*)?$",
    re.I,
)
"""What an id is said after (`ID_NOUNS`) when its digits are read in groups: "order ten
oh eight six" (10086), "order number one oh twenty three four" (102034)."""
_ID_LETTER_BEFORE = re.compile(r"(?<!['’])\b(?:t|tee|tea|j|jay)\s+$", re.I)
_SPOKEN_DAY = re.compile(
    r"\b(?P<pre>the|on|of|march|february|january)\s+(?:(?P<tens>twenty|thirty)[\s-]+)?(?P<o>"
    + "|".join(sorted(_LAST_ORDINAL, key=len, reverse=True))
    + r")\b",
    re.I,
)


def _words_value(words: list[str]) -> list[int] | None:
    """The numbers a run of English number words says, in order, or None if unclear."""
    out: list[int] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in _UNITS or w in _TEENS:
            n = _UNITS.get(w, _TEENS.get(w, 0))
            if i + 1 < len(words) and words[i + 1] == "hundred":
                n *= 100
                i += 2
                if i < len(words) and words[i] in _TENS:
                    n += _TENS[words[i]]
                    i += 1
                    if i < len(words) and words[i] in _UNITS and words[i] not in ("zero", "oh"):
                        n += _UNITS[words[i]]
                        i += 1
                elif i < len(words) and (words[i] in _TEENS or words[i] in _UNITS):
                    n += _TEENS.get(words[i], _UNITS.get(words[i], 0))
                    i += 1
            else:
                i += 1
            out.append(n)
        elif w in _TENS:
            n = _TENS[w]
            i += 1
            if i < len(words) and words[i] in _UNITS and words[i] not in ("zero", "oh"):
                n += _UNITS[words[i]]
                i += 1
            out.append(n)
        else:
            return None
    return out


_DECIMAL_COMMA = re.compile(
    rf"{CURRENCY_BEFORE}\s*\d{{1,7}},\d{{1,2}}(?!\d|,\d)|"
    rf"(?<![\d.,])\d{{1,7}},\d{{1,2}}(?![\d,])(?={CURRENCY_AFTER})",
    re.I,
)
"""An amount with a decimal comma, beside the currency words the amount rules read (and
before a clause's comma: "Train ticket to Duisburg, €34,90, tuesday")."""
_DOTTED_THOUSANDS = re.compile(
    rf"{CURRENCY_BEFORE}\s*(?P<n>\d{{1,3}}(?:\.\d{{3}})+,\d{{1,2}})(?![\d,])|"
    rf"(?<![\d.,])(?P<n2>\d{{1,3}}(?:\.\d{{3}})+,\d{{1,2}})(?![\d,])(?={CURRENCY_AFTER})",
    re.I,
)
"""An amount with points between its thousands and a decimal comma ("1.234,56 EUR"), as
most of Europe writes it: read as 1234.56, right-aligned to keep the request's length."""


def decimal_commas(text: str) -> str:
    """The request with a decimal comma beside a currency written as a point.

    Most of Europe writes "67,90 EUR" and "€3,5" for 67.90 and 3.5; read as a thousands
    separator or a list, the amount would be two numbers. Only beside a currency, and only
    with one or two digits after the comma ("1,200 EUR" stays twelve hundred). Same length,
    so every span still points into the request as typed.
    """
    if "," not in text:
        return text

    def point(m: re.Match[str]) -> str:
        return m.group().replace(",", ".")

    def whole(m: re.Match[str]) -> str:
        said = m.group("n") or m.group("n2")
        number = said.replace(".", "").replace(",", ".")
        return m.group().replace(said, number.rjust(len(said)))

    return _DECIMAL_COMMA.sub(point, _DOTTED_THOUSANDS.sub(whole, text))


_CENTS = re.compile(
    r"(?<![\d.,])(?P<whole>\d{1,7})\s*(?P<unit>dollars?|bucks?|euros?|yuan)\s+(?:and\s+)?"
    r"(?P<cents>\d{2})(?:\s*cents?\b|(?![\d.,:/%-]|\s*(?:[a-z]+\s+ago\b|days?|nights?|weeks?|"
    r"months?|years?|hours?|hrs?|mins?|minutes?|people|persons?|pax|guests?|times?|percent|"
    # a second amount in its own currency ("22 euro and 18 euro"): two claims, not cents
    r"st|nd|rd|th|dollars?|bucks?|euros?|yuan|usd|eur|cny|rmb)\b|\s*[$€¥]|\s*[块元]))",
    re.I,
)


def spoken_cents(text: str) -> str:
    """The request with "23 dollars 50" and "8 dollars 40 cents" as 23.50 and 8.40 dollars.

    How an amount is said aloud, and what speech-to-text writes; read as two numbers the
    claim would have two amounts. Only two digits after the currency word, and not a
    count or a time ("90 euros 14 days ago"). Same length, so every span still points
    into the request as typed.
    """

    def joined(m: re.Match[str]) -> str:
        said = f"{m['whole']}.{m['cents']} {m['unit']}"
        return said.ljust(len(m.group()))

    return _CENTS.sub(joined, text) if any(c.isdigit() for c in text) else text


_RESTATED = re.compile(r"\b(?P<said>\d{1,6}|[a-z]+)\s*\(\s*(?P<digits>\d{1,6})\s*\)", re.I)


def restated_numbers(text: str) -> str:
    """The request with a number said twice, in words and then digits, said once (offsets kept).

    Contracts and formal letters write "fourteen (14) days", "the seven (7) day period":
    the digits in brackets restate the number before them, and the rules read one number
    ("the preceding 14 days"), not two. Run after `spoken_numbers`, which has written
    "fourteen" as 14 already. Brackets holding another number ("3 (of 5)", "2 (10092)") are
    left as typed.
    """
    if "(" not in text:
        return text

    def once(m: re.Match[str]) -> str:
        said = m.group("said").lower()
        value = int(said) if said.isdigit() else number_word(said)
        if value is None or value != int(m.group("digits")):
            return m.group()
        return m.group("digits").rjust(len(m.group()))

    return _RESTATED.sub(once, text)


_HEARD_TWO = re.compile(
    r"\b(?:last|past|passed|previous)\s+(?P<n>to|too)\s+(?=(?:weeks|days|months)\b)", re.I
)
"""Speech-to-text's "to" for "two" in a window ("over the last to weeks")."""
_SPELT_DIGITS = re.compile(r"(?<![\d-])\d(?:-\d){3,}(?![\d-])")
"""An id spelt out digit by digit with hyphens ("is order 1-0-0-8-6 shipped yet?")."""


def spoken_numbers(text: str) -> str:
    """The request with numbers said in English words written in digits (offsets kept).

    Speech-to-text writes what was said: "record one three four over eight six", "order
    number two zero four five one", "forty five US dollars", "thirty two point five zero
    euros", "ticket T dash fourteen", "on the fourteenth". Digits said one by one (three or
    more, or beside "over" or "dash") are one number; "one hundred twenty two", "forty
    five" are one each; "one forty over ninety" is 140/90. A lone small number word ("seven
    days", "two orders") is left as said: the rules read those already.
    """
    if not re.search(r"[a-z]", text, re.I):
        return text
    chars = list(text)

    def put(start: int, end: int, written: str) -> None:
        if len(written) <= end - start:
            chars[start:end] = list(written + " " * (end - start - len(written)))

    for m in _SPOKEN_DAY.finditer(text):
        n = _LAST_ORDINAL[m.group("o").lower()] + (
            {"twenty": 20, "thirty": 30}[m.group("tens").lower()] if m.group("tens") else 0
        )
        if n < 4 or n > 31:
            continue
        suffix = (
            "st"
            if n % 10 == 1 and n != 11
            else "nd"
            if n % 10 == 2 and n != 12
            else ("rd" if n % 10 == 3 and n != 13 else "th")
        )
        start = m.start("tens") if m.group("tens") else m.start("o")
        put(start, m.end("o"), f"{n}{suffix}")
    said = "".join(chars)
    for m in _NUMBER_WORD.finditer(said):
        pronoun = _PRONOUN_ONE.match(said, m.start())
        if pronoun is not None and _THAT_ONE.search(said, 0, m.start()):
            # "not that one four five six seven two": the pronoun's "one" is no digit
            rest = _NUMBER_WORD.match(said, pronoun.end())
            if rest is None:
                continue
            m = rest
        words = [w for w in re.split(r"[\s-]+", m.group().lower()) if w != "and"]
        if words[0] == "a":  # "a hundred and forty over ninety"
            words[0] = "one"
        before = said[max(0, m.start() - 6) : m.start()].lower()
        after = said[m.end() : m.end() + 6].lower()
        near = (
            "over" in before
            or after.strip().startswith("over")
            or "dash" in before
            or _ID_LETTER_BEFORE.search(before) is not None
        )
        written: str | None = None
        if "point" in words:
            head, _, tail = " ".join(words).partition(" point ")
            whole = _words_value(head.split())
            cents = tail.split()
            if whole and len(whole) == 1 and cents and all(c in _UNITS for c in cents):
                written = f"{whole[0]}." + "".join(str(_UNITS[c]) for c in cents)
        elif all(w in _UNITS for w in words) and (len(words) >= 3 or (len(words) >= 2 and near)):
            written = "".join(str(_UNITS[w]) for w in words)
        else:
            numbers = _words_value(words)
            if numbers and len(numbers) == 1:
                single = len(words) == 1 and words[0] in _UNITS
                money = _CURRENCY_AFTER.match(said, m.end()) is not None
                if not single or money or near:
                    written = str(numbers[0])
            elif (
                numbers
                and len(numbers) == 2
                and 1 <= numbers[0] < 100
                and 10 <= numbers[1] < 100
                and (numbers[0] >= 10 or len(m.group().split()) == 2)
                and _CURRENCY_AFTER.match(said, m.end()) is not None
            ):
                # "twenty three fifty dollars": 23.50, "nine ninety-five dollars": 9.95; not
                # "four twenty three dollars", three words after one digit, which may as well
                # be 423 as 4.23: left as said, so the amount is asked about
                written = f"{numbers[0]}.{numbers[1]}"
            elif (
                numbers
                and len(numbers) == 2
                and near
                and 1 <= numbers[0] <= 2
                and 10 <= numbers[1] < 100
            ):
                written = str(numbers[0] * 100 + numbers[1])  # "one forty", "one eighteen"
            elif (
                numbers
                and len(numbers) >= 3
                and all(n < 100 for n in numbers)
                and _ID_NOUN_BEFORE.search(said[max(0, m.start() - 24) : m.start()])
            ):
                written = "".join(map(str, numbers))  # "order ten oh eight six": 10086
        if written is not None:
            put(m.start(), m.end(), written)
    out = "".join(chars)
    for m in _HEARD_TWO.finditer(out):
        put(m.start("n"), m.end("n"), "2")  # "the passed to weeks": "two" heard as "to"
    for m in _SPELT_DIGITS.finditer(out):
        put(m.start(), m.end(), m.group().replace("-", ""))  # "order 1-0-0-8-6": 10086
    for m in _SPOKEN_ID.finditer(out):
        put(m.start(), m.end(), f"{m.group('l')[0].upper()}-{m.group('n')}")
    for m in _NAMED_ID.finditer(out):
        put(m.start("l"), m.end(), f"{m.group('l')[0].upper()}-{m.group('n')}")
    return "".join(chars)


_FILLER = re.compile(
    r"(?<![\w'])(?:u+m+|u+h+m*|e+r+m+|h+m+)(?![\w'])|嗯+|呃+|"
    # who is spoken to, right before a refusal: "cancel 61207... bro don't cancel"
    # (or Swahili "sawa", OK: "sawa usicancel")
    r"(?<![\w'])(?:bro|bruh|bruv|man|mate|dude|boss|sis|fam|yo|buddy|pal|sawa)"
    r"(?=[\s,]+(?:(?:don'?t|do\s+not|dun)\b|usi[a-z]))|"
    # Thai politeness particles at a clause's end: "125/80 ka,", "last 14 days na", "krub"
    r"(?<=[\w/])\s+(?:ka|kha|krub|krab|khrap|khrub|kub|na(?:ka|krub)?)(?=\s*(?:[,.!?;]|$))",
    re.I,
)
"""Hesitation a voice transcript keeps ("um", "uhh", "erm", "hmm", 嗯, 呃), the one
addressed right before a refusal ("bro don't cancel", which had cancelled: the refusal
opens its clause only without the word), and the particles Thai speakers end an English
clause with ("ka", "krub", "na"): no word of the request."""


_CN_OPENING_FILLER = re.compile(r"\s*(?:就是(?:那个|这个|说)?|(?:然后)?那个[\s,，]+|然后那个)")
"""How a spoken Chinese request starts while the speaker finds the words ("就是那个月报帮我
生成一下", "那个，查一下…"); 那个 before what it points to ("那个工单") is kept."""


def shouted(text: str) -> str:
    """The request typed in capitals, in lower case but for its codes (offsets kept).

    Some users write in capitals when it is urgent: "SHOW ME THE TREND THEN SAVE 145/92 AND
    SHOW IT AGAIN - 14 DAYS!!!" asks what the lower-case words ask, yet the rules read some
    words by their case (a name's capital, "IT" the helpdesk). Ids with digits ("T-12",
    "J-21") and the IT desk named as one ("IT SUPPORT") keep theirs; currency codes are
    read in any case. A message with a few capitals in it ("my BP is high", "file 30 EUR")
    is no shouting and stays as typed.
    """
    letters = [c for c in text if "A" <= c <= "Z" or "a" <= c <= "z"]
    if len(letters) < _SHOUT_LETTERS:
        return text
    if sum(c.isupper() for c in letters) < _SHOUT_SHARE * len(letters):
        return text
    return _SHOUTED_WORD.sub(_lower_unless_code, text)


_SHOUT_LETTERS = 12
_SHOUT_SHARE = 0.8
"""A message shouts when four in five of its Latin letters, twelve at least, are capitals."""
_SHOUTED_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'’]*(?:-[A-Za-z0-9]+)*(?![\w-])")
_IT_NAMED = re.compile(r"\s+(?:DESK|HELPDESK|HELP\s+DESK|TEAM|SUPPORT|DEPT|DEPARTMENT|GUYS?)\b")


def _lower_unless_code(m: re.Match[str]) -> str:
    word = m.group()
    if any(c.isdigit() for c in word):
        return word
    if word == "IT" and _IT_NAMED.match(m.string, m.end()):
        return word
    return word.lower()


def fillers(text: str) -> str:
    """The request with its spoken hesitations, list markers and headings blanked (offsets kept).

    Speech-to-text writes them between the words that matter: "log one thirty five over uh
    ninety", "嗯 那个 记一下血压". Left in, "uh" parts a reading from its second number and
    a verb from its object; a list's "2." would be read as a value (`_LIST_MARKER`).
    """
    if _LIST_MARKER.search(text):
        text = _LIST_MARKER.sub(lambda m: " " * len(m.group()), text)
    if ":" in text and "\n" in text:
        text = _HEADING_LINE.sub(lambda m: " " * len(m.group()), text)
    if (opening := _CN_OPENING_FILLER.match(text)) is not None:
        text = " " * opening.end() + text[opening.end() :]
    if not _FILLER.search(text):
        return text
    return _FILLER.sub(lambda m: " " * len(m.group()), text)


_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_PLEASANTRIES = re.compile(
    # a wish for the day: "Hey, happy Sunday!", "have a nice weekend"
    rf"\bhappy\s+(?:{_WEEKDAYS}|weekend|new\s+year)\b|"
    rf"\b(?:have|enjoy)\s+(?:a|an|the|your)\s+(?:\w+\s+)?(?:{_WEEKDAYS}|weekend|day)\b|"
    r"(?:周末|周[一二三四五六日天]|星期[一二三四五六日天])(?:愉快|快乐)|"
    # thanks for something past: "谢谢你昨天帮忙！", "thanks for your help yesterday"
    r"(?:谢谢|感谢|多谢)(?:你|您)?(?:昨天|前天|上次|之前|那天|上回|今天早上)[^，。！？,.!?\n]*|"
    r"\b(?:thanks|thank\s+you|thx)\s+(?:so\s+much\s+|a\s+lot\s+)?for\s+[^,.!?\n]*?"
    r"\b(?:yesterday|last\s+time|the\s+other\s+day|earlier|last\s+week)\b|"
    # a courtesy said as a condition: "if you have a moment", "only if it's no trouble",
    # "no pressure", 方便的话, 有空的话 (not what "I'd be grateful if you could" asks)
    r"(?<!grateful\s)(?<!glad\s)(?<!obliged\s)(?<!appreciate\sit\s)(?<!wondering\s)(?<!wonder\s)"
    r"\b(?:only\s+)?if\s+(?:you\s+have\s+(?:a\s+)?(?:moment|minute|sec(?:ond)?|time)|"
    r"it\s+isn'?t\s+(?:too\s+much\s+)?(?:of\s+)?(?:a\s+)?(?:trouble|bother|problem|hassle)|"
    r"(?:it'?s|it\s+is|that'?s|that\s+is)\s+(?:not\s+(?:too\s+much\s+)?(?:a\s+)?(?:trouble|"
    r"bother|problem|hassle)|no\s+(?:trouble|bother|problem)|(?:ok|okay|alright|convenient|"
    r"possible)(?:\s+(?:with|for)\s+you)?|something\s+you(?:'re|\s+are)\s+able\s+to\s+do)|"
    r"(?:you|u)\s+(?:can|could|don'?t\s+mind|are\s+able(?:\s+to)?|please|"
    # a Southern "…, if you would." closing the request
    r"would(?:\s+be\s+so\s+kind)?(?=\s*[,.!?;]|\s*$)))\b|"
    r"\bno\s+pressure\b|(?:如果)?(?:方便|有空|可以)的话|不好意思打扰(?:一下|了)?|"
    # and as a time: "Weekly report now in a minute, when you get a chance"
    r"\b(?:when|whenever)\s+you\s+(?:get|have)\s+(?:a\s+)?(?:chance|sec(?:ond)?|minute|moment)\b|"
    # thanks closing the request ("来份月报 谢了", "file it, thx"), not "no thanks"
    r"(?<!\bno\s)(?<!\bno,\s)\b(?:thanks|thank\s+you|thx|tks|ty)\b[\s!.~]*$|"
    r"(?<!不用)(?<!不)(?:谢了|谢谢(?:你|您|啦|了)?|多谢(?:了|啦)?)[\s!！。.~]*$",
    re.I,
)
"""Small talk around a request: a wish for the day ("happy Sunday!", "周末愉快"), thanks
for something past ("谢谢你上次提醒我", "thanks for your help yesterday"), and a courtesy
said as a condition ("only if it's no trouble", "方便的话", "file that under hotel if you
would", "when you get a chance"). Its day is no day of the write, its verb ("提醒我") asks
for nothing, and its "if" makes no request conditional."""


def pleasantries(text: str) -> str:
    """The request with its greetings and past thanks blanked (offsets kept, `_PLEASANTRIES`).

    "Hey, happy Sunday! Had a team dinner Thursday, came to 145 EUR" dates the claim
    Thursday, not by the wish for the day; "谢谢你昨天帮忙！今天中午在机场吃饭花了12.5美元"
    dates it today.
    """
    return _PLEASANTRIES.sub(lambda m: " " * len(m.group()), text)


_PICTOGRAPH = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]")
_PICTURED_WORDS = frozenset("🚕🚖🏨🍜🍔🍽🍱🍕🍲🥘🍣✅✔☑")
"""Pictographs kept for what they say: a claim's category ("🚕 23.40 USD yesterday") and a
tick, which may mark a line as done ("✅ submit hotel 300 EUR" reports it)."""


def pictographs(text: str) -> str:
    """The request with its emoji written as spaces, but those naming a category (offsets kept).

    "订单 80543 别取消❌❌ 只发个短信📱告诉我现在状态": the crosses and the phone decorate the
    words; between two Chinese words they hid the space that cuts the refusal from the
    request that follows it.
    """
    if not _PICTOGRAPH.search(text):
        return text
    return _PICTOGRAPH.sub(lambda m: m.group() if m.group() in _PICTURED_WORDS else " ", text)


_AS_BEFORE = re.compile(
    # "Record my reading like yesterday's, 141/89 this morning", "Like we did on Friday: …"
    r"\b(?:just\s+)?like\s+(?:(?:yesterday|last\s+time|last\s+week)['’]s(?:\s+one)?|last\s+time|"
    # (not "what does my trend look like before and after I add …")
    r"before(?!\s*(?:and|&|n|/)\s*after)|(?:we|i|you)\s+did\s+(?:it\s+)?(?:on\s+\w+day|yesterday|last\s+time|last\s+week|before)|"
    r"the\s+one\s+(?:i|we)\s+(?:told|sent|gave|showed)\s+you(?:\s+about)?(?:\s+(?:yesterday|before|"
    r"last\s+time|last\s+week|on\s+\w+day))?)(?![\w'])|"
    # "the same … as before", "as last time": what the user did then, not when this is
    r"\bsame\s+(?:\w+\s+){0,3}?(?P<ref>as\s+(?:before|last\s+time|yesterday|last\s+week|"
    r"on\s+\w+day))\b|"
    # "还是跟昨天一样量了一次", "跟上次一样，出租车 45 元", "还是上次那个总数"
    r"(?:还是)?(?:跟|和|同|像)(?:昨天|前天|上次|上回|之前|以前|那天|上周|上礼拜)(?:一样|那样|似的)的?|"
    r"还是(?:上次|上回|之前)那个",
    re.I,
)
"""A reference to what was done before ("like yesterday's", "like we did on Friday", "the
same problem as before", "跟上次一样"): its day is when the user did it then, not the day
of what they ask for now, and its words ask for nothing."""


def as_before(text: str) -> str:
    """The request with its references to earlier requests blanked (offsets kept)."""
    chars = list(text)
    for m in _AS_BEFORE.finditer(text):
        start, end = m.span("ref") if m.group("ref") else m.span()
        chars[start:end] = " " * (end - start)
    return "".join(chars)


_SCANNED_NUMBER = re.compile(r"(?<![A-Za-z0-9])(?=[0-9OoIl?.,]*[0-9])[0-9OoIl?.,]+(?![A-Za-z0-9])")
_UNREADABLE_DIGIT = re.compile(r"[0-9.]\?[0-9.OoIl]|\?[0-9]")
_LETTER_DIGIT = re.compile(r"[0-9][OoIl]|[OoIl][0-9]|\.[Oo]")
_AS_DIGITS = str.maketrans("OoIl", "0011")


def scanned_numbers(text: str) -> str:
    """The request with the numbers a scan misread written as digits (offsets kept).

    Text read from a photo of a receipt or a screen writes 0 as O and 1 as l or I
    ("Order #1OO86", "合计：128.OO 元"): in a number, those letters are its digits. A
    digit it could not read comes out as "?" ("TOTAL EUR 4?.5O", "实付：1?8.00元"): that
    number is blanked, so a write asks for it rather than taking the digits around the "?".
    """

    def read(m: re.Match[str]) -> str:
        number = m.group()
        if _UNREADABLE_DIGIT.search(number):
            return " " * len(number)
        if _LETTER_DIGIT.search(number):
            return number.translate(_AS_DIGITS)
        return number

    return _SCANNED_NUMBER.sub(read, text)


_HEADING_LINE = re.compile(r"^[ \t]*[A-Za-z]{3,12}[ \t]*:[ \t]*$", re.M)
"""A word and a colon alone on a line ("Steps:", "Question:"): the heading of a list, no
word of the request (the "steps" of "Steps:" is no step count)."""
_LIST_MARKER = re.compile(
    r"^[ \t]*(?:\d{1,2}[.)、]|[-*•·]|[（(]\d{1,2}[)）])[ \t]+|"
    # a full-width or Chinese marker needs no space before Chinese: "1）类别：出租车"
    r"^[ \t]*\d{1,2}[）)、](?=[\u4e00-\u9fff])",
    re.M,
)
"""The number or bullet that opens a line of a list ("1. 查一下我最新的工单", "- 订单10455
不需要了"): layout, not a value (the "2" of "2. 处理到哪一步了" is no ticket)."""
_DIALECT: dict[str, str] = {
    # Scots: not, and the words around a request.
    **{"dinnae": "don't ", "cannae": "can't ", "didnae": "didn't ", "isnae": "isn't"},
    # Orkney and Shetland: "dinna" (don't), "faither" (father), "fer" (for), "fortnicht"
    **{"dinna": "don't", "faither": "father ", "fer": "for", "fortnicht": "fortnight"},
    **{"doesnae": "doesn't", "wouldnae": "wouldn't", "couldnae": "couldn't", "havenae": "haven't"},
    **{"whit": "what", "ma": "my", "ye": "u ", "tae": "to ", "ower": "over", "noo": "now"},
    **{"nae": "no ", "hoo": "how", "hoo's": "how's", "whaur": "where", "whaur's": "where's"},
    **{"efter": "after", "scran": "meal ", "fae": "from", "gonnae": "can you"},
    # Doric "far" for where, told or asked: "Jist tell me far it is", "far's ma parcel"
    **{"far it is": "where it is", "far's": "where's"},
    # Ghanaian and Nigerian Pidgin: "tell me where e reach" (where it has got to)
    **{"where e reach": "where it is  "},
    # Doric (Aberdeen) "fit" for what, "yestreen" (last night), "ane" (one), "och no" (oh no)
    **{"fit's": "what's", "fit wis": "what was", "yestreen": "last night", "ane": "one"},
    # Shetland: "du" (thou), "dunna" (don't), "hing on", "fir" (for), "wrang", "denner",
    # "foo's" (how's), "ony", "twa", "aff"
    **{"du": "u ", "dunna": "don't", "hing on": "hang on", "fir": "for", "wrang": "wrong"},
    # and "whaar" (where), "mak" (make): "Whaar's me order 48213?", "Can du mak da monthly report"
    **{"whaar's": "where's", "whaar": "where", "mak": "make"},
    # "da streen" (last night), "ken" (know) after who is told: "let me ken whan somebody looks"
    **{"da streen": "last night", "me ken": "me know", "us ken": "us know"},
    # "dee" (thee, you) after "wi", "aa" (all) after "dem": "… wi dee? Show me dem aa"
    **{"wi dee": "with you", "dem aa": "them all"},
    **{"denner": "dinner", "foo's": "how's", "ony": "any", "twa": "two", "aff": "off"},
    # South African "askies" (sorry): "31 EUR. Askies, it was 37 not 31"
    **{"askies": "sorry "},
    **{"och no": "oh no"},
    # Doric "haud on" (hold on), "ach no" (oh no): "Cancel 60488... ach no, haud on, jist tell
    # us far it is"; "hiv", "hae" (have), "wi" (with), "hoo mony" (how many), and "fit" (what)
    # before the records asked about ("fit orders hiv I got wi ye at the moment?")
    **{"haud on": "hang on", "ach no": "oh no ", "hiv": "have", "hae": "have", "wi": "with"},
    # (and Yorkshire's with its apostrophe: "an' ring me wi' updates")
    **{"wi'": "with"},
    **{"hoo mony": "how many", "fit orders": "what orders", "fit phone": "what phone"},
    # London rhyming slang: "having a butcher's" (butcher's hook, a look), "dog and bone"
    **{"butcher's": "look     ", "dog and bone": "phone       "},
    # Jamaican: "nuh cancel 33981" (don't), "…but nuh cancel it, mi a go keep di shoes"
    **{"nuh": "don't"},
    # and "badda wid" (bother with): "nuh badda wid di text, jus tell mi yah so"
    **{"badda": "bother", "wid": "with", "unnu": "you", "weh": "where"},
    # Bajan and Trinidadian "doh" (don't), "jus", "wheh it deh" (where it is): "Cancel 44120 -
    # nah, doh cancel it, jus tell me wheh it deh"
    **{"doh": "don't", "jus": "just", "wheh it deh": "where it is", "wheh": "where"},
    # and Bajan and Guyanese "fuh" (for): "Hotel in Miami fuh de trade show, 189 dollars"
    **{"fuh": "for"},
    # West Country "ee" (you) after the verb that asks: "Can ee text me when 71420 gets
    # delivered?"
    **{"can ee": "can you", "could ee": "could you", "will ee": "will you"},
    **{"would ee": "would you", "did ee": "did you", "have ee": "have you"},
    # Caribbean "an" (and) between before and after: "Before an after pls: 30 day trend, …"
    **{"before an after": "before and after"},
    # Roman Urdu and Hindi kin with "mere" and "meri" (my): "mere bhai ka order 31255 bhi
    # cancel kr do"
    **{"mere bhai": "my brother", "meri behen": "my sister", "mere abbu": "my dad"},
    **{"meri ammi": "my mum", "meri biwi": "my wife", "mere beta": "my son"},
    **{"mere bhai ka": "my brother's", "mere bhai ki": "my brother's"},
    **{"meri behen ka": "my sister's", "meri behen ki": "my sister's"},
    **{"meri ammi ka": "my mum's", "meri biwi ka": "my wife's", "mere abbu ka": "my dad's"},
    # and the words around a request in Roman Urdu: "pichle 7 din ka BP dikhao" (show the last 7
    # days' BP), "2 hafte" (weeks), "aaj" (today), "subah" (morning), "saare" (all), "phir"
    # (then), "dobara" (again), "aur" (and), "batao" (tell), "karo" / "kr do" after a verb
    **{"pichle": "last", "pichhle": "last", "din": "days", "hafte": "weeks", "hafta": "week"},
    **{"dikhao": "show", "dikha do": "show it", "batao": "tell me", "bata do": "tell me"},
    **{"aaj": "today", "subah": "morning", "saare": "all", "phir": "then", "dobara": "again"},
    **{"aur": "and", "save karo": "save it", "add karo": "add it", "add kr do": "add it"},
    **{"cancel karo": "cancel it", "cancel kr do": "cancel it", "kitna": "how much"},
    # Toronto "what's good with" (what's up with): "what's good with ticket T-88?"
    **{"what's good with": "what's up with  "},
    # Hyderabadi (Dakhini) "nakko" (don't, no): "nakko cancel, just tell me where it is"
    **{"nakko": "don't"},
    # Boston: "Nawt the weekly one", "pahk the cah … 28 dollahs"
    **{"nawt": "not ", "pahk": "park", "cah": "car", "dollahs": "dollars"},
    # Malay "simpan" (save), in Malaysian Chinese too: "早上量血压 148/92, 帮我 simpan 起来"
    "simpan": "save",
    # "sen" (send), "dem" after a noun (its plural): "open a ticket an sen mi update dem"
    **{"sen mi": "send me", "sen me": "send me", "update dem": "updates"},
    # Jamaican: "mi a tink bout cancel 71104" (I'm thinking of cancelling it)
    **{"a tink bout": "thinking of"},
    # Swahili inside Kenyan English: "nijulishe" is "let me know".
    **{"nijulishe": "notify me", "unijulishe": "notify me"},
    # and "niambie" (tell me), "iko wapi" (where is it), "weka" (put, log), "weka kama" (put as),
    # "bado" (yet), "nataka tu kuona" (I only want to see); "usi-" before a verb is `_USI`
    **{"niambie": "tell me", "iko wapi": "where is", "weka kama": "put as   ", "weka": "log "},
    **{"bado": "yet ", "nataka tu kuona": "i just want see", "hapana": "no    "},
    **{"jist": "just", "pit": "put", "wis": "was", "naw": "no ", "fur": "for", "hame": "home"},
    # (a casino's pit boss is no "put": "Pit boss says I look gray")
    **{"pit boss": "pit boss"},
    # texted numbers for sounds: "BP 2day post nights 148/94 pls log" (not "2 days")
    **{"2day": "today", "2nite": "tonite", "2night": "tonight"},
    # run together as said: "then gimme my 14 day total", "lemme see"
    **{"gimme": "give me", "lemme": "let me"},
    **{"intae": "into ", "deid": "dead", "ah": "i "},
    # (but "ah" before a correction is "oh": "the last 7 days. Ah no, better 14.")
    **{"ah no": "oh no", "ah wait": "oh wait"},
    # Scots "hud on" (hold on): "Claim a taxi 14 EUR. Hud on, it wis 16"
    **{"hud on": "hold on"},
    # "gie's a look at ma readings" (give me), "gie us a text", "I jist want tae ken" (know)
    **{"gie's": "give me", "gies": "give me", "gie": "give", "tae ken": "to know"},
    # Malay and Tagalog words inside English (Malaysia, Singapore, the Philippines):
    # "jangan cancel dulu" refuses as "don't cancel" does. Their days are day words
    # (`tools.slots._DAY_WORDS`).
    **{"jangan": "don't ", "tolong": "please", "lahat": "all  ", "boleh": "can  "},
    **{"tak payah": "no need  ", "tak nak": "don't  "},
    # Indonesian: "no need", record, blood pressure, order, make, open, report.
    **{"gak usah": "no need ", "nggak usah": "no need   "},
    **{"ga usah": "no need", "catat": "note ", "tensi": "bp   "},
    **{"pesanan": "order  ", "bikin": "make ", "buka": "open", "laporan": "report "},
    **{"bulanan": "monthly", "mingguan": "weekly  ", "hari terakhir": "days last    "},
    **{"minggu terakhir": "weeks last     ", "hari lalu": "days ago ", "lihat": "show "},
    **{"liat": "show", "kabarin aku": "notify me  ", "kabari aku": "notify me "},
    **{"gak bisa": "can't   ", "terus": "then "},
    # Polish: "proszę" is "please".
    **{"proszę": "please", "prosze": "please"},
    # German inside English: "Show me the Blutdruckverlauf for the last 30 days"
    **{"blutdruckverlauf": "bp trend", "blutdruck": "bp", "bestellung": "order"},
    # Boston's dropped r: "148 ovah 94", "where is ordah 40217", "129 dollahs", "othah"
    **{"ovah": "over", "ordah": "order", "repoht": "report", "dollahs": "dollars"},
    **{"dollah": "dollar", "yestahday": "yesterday", "othah": "other", "pressha": "pressure"},
    **{"numbah": "number", "aftah": "after", "whatevah": "whatever"},
    # Singapore and Malaysian English "dowan" (don't want); Russian English "make record"
    **{"dowan": "don't", "make record": "record     "},
    # Singapore and Malaysia's "alamak" (oh no), a sigh before the ask: no word of it
    **{"alamak": "      "},
    # Geordie "divvent" (don't); Northern Irish "yous" (you), "catch yourself on" (as if)
    **{"divvent": "don't  ", "yous": "you ", "catch yourself on": " " * 17},
    # Birmingham and the Black Country "yow" (you): "can yow email us the monthly report"
    "yow": "you",
    # Geordie "let us knaa how it gans" (let me know how it goes), "oot" (out)
    **{"knaa": "know", "knaw": "know", "gans": "goes", "oot": "out"},
    # Geordie "hoy" (throw): "hoy in 143/86" puts it in
    **{"hoy in": "put in", "hoy it in": "put it in"},
    # Trinidadian "allyuh" (you all): "allyuh could whatsapp me de status for 20548?"
    **{"allyuh": "you   "},
    # dictation's homophones: "my pressure for the last weak"
    **{"last weak": "last week", "past weak": "past week"},
    # and Polish's order: "Where is my zamówienie 10086?"
    **{"zamówienie": "order ", "zamowienie": "order ", "zamówienia": "orders"},
    # Hong Kong English with Cantonese romanised: 唔使 "no need", 唔該 "please".
    **{"mh sai": "don't ", "m sai": "don't", "m goi": "pls  ", "mh goi": "please"},
    **{"ng goi": "please"},
    # Hawaiian Pidgin: "bumbai" is "later" ("text me bumbai when it ships").
    **{"bumbai": "later "},
    # Portuguese inside English: "Where is my pedido 58231?", "open a chamado", "relatório"
    **{"pedido": "order ", "chamado": "ticket "},
    **{"relatório": "report   ", "relatorio": "report   "},
    # French inside English, as Quebec writes it: "Text me quand 70034 is delivered", "the
    # last 14 jours", "the rapport hebdomadaire", "keep me au courant", "par courriel"
    **{"quand": "when ", "jours": "days ", "semaines": "weeks   ", "semaine": "week   "},
    **{"rapport hebdomadaire": "weekly report       ", "rapport mensuel": "monthly report "},
    **{"hebdomadaire": "weekly      ", "mensuel": "monthly", "au courant": "updated   "},
    **{"courriel": "email   ", "enregistre-le": "record it    ", "enregistre": "record    "},
    **{"catégorie": "category ", "ce matin": "today   "},
    # Indian and Pakistani English: "please do the needful" (do it); Hindi and Urdu "bana do"
    # (make it), "daal do" (put it in)
    **{"do the needful": "do it         ", "bana do": "make it", "daal do": "add it "},
    # the American South's double modal: "Might could you cancel order 20433 for me?"
    **{"might could": "could      ", "might can": "can      "},
    # Portuguese "é possível você…": "Is possible you register my blood pressure …?"
    "is possible you": "could you      ",
    # Italian "fare una domanda": "I want to make a question: how is going my blood pressure"
    **{"make a question": "ask a question ", "make you a question": "ask you a question "},
    # Jamaican "pon" (on): "Any news pon mi last ticket?"
    **{"pon mi": "on my ", "pon my": "on my "},
    # Portuguese inside English, as Brazil writes it: "duas semanas", "sexta-feira"
    **{"duas semanas": "two weeks   ", "semanas": "weeks  ", "dias": "days"},
    **{
        "segunda-feira": "monday       ",
        "terça-feira": "tuesday    ",
        "terca-feira": "tuesday    ",
    },
    **{
        "quarta-feira": "wednesday   ",
        "quinta-feira": "thursday    ",
        "sexta-feira": "friday     ",
    },
    # Italian inside English: "avvisami" (let me know), "andamento" (trend), "pressione".
    **{"avvisami": "ping me ", "andamento": "trend    ", "pressione": "pressure "},
    # Nigerian Pidgin: "make you no file anything" is "don't file anything".
    **{"make you no": "don't      "},
    # and "I just wan know if dem don ship am" (want, whether they have shipped it)
    **{"wan know": "want know", "wan see": "want see"},
    # Spanish "¿qué pasa con …?" said in English: the status of what follows.
    **{"what pass with": "status of     ", "what happen with": "status of       "},
    # Japanese 状況 said in English: "the situation of my most recent ticket"
    **{"situation of": "status of   "},
    # A phone's dictation, heard wrong: "can sell order 44512" is "cancel order 44512".
    **{"can sell order": "cancel order  ", "can sell my order": "cancel my order  "},
}
"""Regional English words, and Malay, Indonesian, Tagalog, romanised Cantonese, Italian and
Pidgin ones in English requests, with the standard ones the rules are written in, padded to the same
length so offsets stay: Scots "dinnae cancel 10412" refuses as "don't cancel" does, "whit's
ma phone number" asks about the user's own; "ye" is read as the "u" of a hurried "can u"."""
_DIALECT_WORD = re.compile(
    r"(?<![\w'-])(?:" + "|".join(sorted(_DIALECT, key=len, reverse=True)) + r")(?![\w-])"
    # (Singapore and Malaysia's "Ah" before a name is part of it: "my kaki Ah Seng")
    r"(?!(?-i:(?<=\bAh)\s+[A-Z][a-z]))",
    re.I,
)


_THE_DAY = re.compile(
    r"(?:(?P<before>[\w']+)\s+)?(?P<day>\bthe\s+day\b)"
    r"(?=\s*(?:[,.!?;]|$)|\s+(?:an|and|but|so)\b|\s+\d+(?:[./]\d|\d\d))",
    re.I,
)
"""Scots "the day" for today ("bp the day 138/89", "lunch the day 14.60 eur"): only where
nothing follows it but a pause, "and" or a value. Not after a word that makes it some other
day or a stretch of one ("most of the day", "on the day", "for the day", "during the
day", "I don't remember the day")."""
_NOT_TODAY_BEFORE = frozenset(
    {"of", "on", "for", "in", "at", "during", "through", "throughout", "whole", "all", "most"}
    | {"rest", "end", "same", "next", "previous", "that", "what", "which", "per", "every"}
    | {"each", "one", "by", "till", "until", "before", "after", "remember", "recall", "forget"}
    | {"forgot", "know", "mark", "seize", "save", "a"}
)


def _today(m: re.Match[str]) -> str:
    before = m.group("before")
    if before is not None and before.lower() in _NOT_TODAY_BEFORE:
        return m.group()
    day = m.group("day")
    return m.group()[: m.start("day") - m.start()] + "today".ljust(len(day))


def _standard_word(m: re.Match[str], table: Mapping[str, str] = _DIALECT) -> str:
    word = table[m.group().lower()]
    return word[0].upper() + word[1:] if m.group()[0].isupper() else word


def dialect(text: str) -> str:
    """The request with regional English words written as standard ones (`_DIALECT`).

    Most are written in the same number of characters, so offsets stay; "da", "dat", "den"
    and the like before a word (`_TH_AS_D`), Singlish "dun" (`_DUN`), "I got" read as "I
    have" (`_GOT_AS_HAVE`), chat's "w" (`_W_AS_WITH`) and Lancashire "t'" (`_T_APOSTROPHE`)
    are not, and a free-text slot is then found again in the words typed
    (`nodes.router._as_typed`).

    Run after `pinyin`, so that toneless pinyin ("mi ma", 密码) is read first: "ma" and
    "ye" are syllables there and Scots words here. Punctuation said aloud to a phone's
    dictation ("… log into the expense site comma please open a ticket for me period") is
    written as the mark it names.
    """
    read = _DICTATED.sub(_mark, _DIALECT_WORD.sub(_standard_word, text))
    read = _THE_DAY.sub(_today, read)
    read = _TH_AS_D.sub(lambda m: _standard_word(m, _TH_WORDS), _T_APOSTROPHE.sub("the ", read))
    read = _DUN.sub(lambda m: "Don't" if m.group()[0] == "D" else "don't", read)
    read = _ION.sub("I don't", read)
    read = _USI.sub("don't ", read)
    read = _AN_AS_AND.sub(lambda m: m.group() + "d", read)
    read = _HINDI_NOT.sub("  not", read)
    read = _NAH_NOT.sub("not", read)
    read = _NAH_DONT.sub(lambda m: "Don't" if m.group()[0] == "N" else "don't", read)
    read = _GOT_AS_HAVE.sub(_have, _W_AS_WITH.sub("with", read))
    return _PARTICLE_AFTER.sub(r"\g<verb> \g<part> \g<thing>", read)


_TH_WORDS = {
    "da": "the",
    "dat": "that",
    "dat's": "that's",
    "den": "then",
    "dem": "them",
    "dis": "this",
    "wit": "with",
    "de": "the",
}
_TH_AS_D = re.compile(
    r"(?<![\w'’-])(?:" + "|".join(sorted(_TH_WORDS, key=len, reverse=True)) + r")(?=\s+[\w$€£¥])"
    # (not French, Spanish or Portuguese "de" before a possessive or an article: "le statut
    # de mon dernier ticket")
    r"(?!(?<=de)\s+(?:mon|ma|mes|ton|ta|tes|son|sa|ses|notre|votre|nos|vos|leur|leurs|la|le|"
    r"les|l'|un|une|des|du|mi|mis|tu|tus|su|sus|los|las|el|nuestro|meu|minha|seu|sua|uma|um)\b)",
    re.I,
)
"""The "th" said as "d" (Cajun, Caribbean and Shetland English: "da", "dat", "den", "dem",
"dis", "wit"), read only before another word ("taxi 22 USD from da Superdome Thursday, den
show me da last 30 days total"). Not Pidgin's "dey" (is, does: "my laptop no dey charge"),
which is no "they". The word written is a letter longer; a ticket's summary is found again
in the words typed (`nodes.router._as_typed`)."""
_ION = re.compile(
    r"(?<![\w'’-])ion(?=\s+(?:wanna|want|need|know|think|care|have|got|like|mean|see|"
    r"remember|even|really)\b)",
    re.I,
)
"""Southern and African-American "ion" (I don't) before a verb ("ion wanna cancel 55107 no
more"); four letters shorter than the words read, as the "th" words are."""
_USI = re.compile(
    r"(?<![\w'’-])usi(?=(?:cancel|file|claim|submit|log|record|open|send|text|weka)\b)", re.I
)
"""Swahili "usi-" (don't) on an English verb ("wait no usicancel", "usifile the hotel bado"):
the verb refused. Three letters longer than the prefix written, as the "th" words are."""
_AN_AS_AND = re.compile(
    r"(?<![\w'’-])an(?=\s+(?:show|give|tell|send|text|let|put|file|log|check|cancel|make|"
    r"record|then)\b)",
    re.I,
)
"""Caribbean and Scots "an" (and) before the next thing asked ("cab $19 yesterday an show me
de 7 day total after"): no article stands before a verb ("an open ticket" is one, and is
left). A letter shorter than the word read, as the "th" words are."""
_DUN = re.compile(
    r"(?<![\w'’-])dun(?=\s+(?!(?:yet|already|liao|lah|leh|le|ah|deal|and|or|then)\b)[a-z])",
    re.I,
)
"""Singlish "dun" (don't) before a verb ("cancel 61207... wait dun cancel, just tell me where it
is"); not the "dun" of done ("is J-9 dun yet", "dun deal"). Two letters shorter than the word
written, as the "th" words are."""
_HINDI_NOT = re.compile(r"(?<![\w'’-])hindi(?=\s+(?:weekly|monthly|\d))")
"""Tagalog "hindi" (not) before a value it refuses ("monthly report po sana, hindi weekly
ha"): the other value is meant. Lower case only: "Hindi" is also the language."""
_NAH_NOT = re.compile(
    r"(?<=[a-z]\s)nah(?=\s+(?:[a-z]+ing|work|load|open|show|sync|accept|take|let)\b)", re.I
)
"""Caribbean "nah" (not) between a subject and its verb ("de expense app nah showing me
claims", "it nah working"): the verb denied, no change of mind about the request (which
"nah" opening a clause is: "Cancel 44120 - nah, …")."""
_NAH_DONT = re.compile(
    r"(?:(?<=^)|(?<=[.,;!?]\s))nah(?=\s+(?:file|claim|submit|cancel|log|record|open|send|text|"
    r"put|add)\b)",
    re.I,
)
"""Caribbean "nah" (don't) opening a clause before a change ("Nah file de taxi, file de
lunch"): the change refused. Not "nah," with its comma, which is "no". Two letters longer
than the word written, as the "th" words are."""
_GOT_AS_HAVE = re.compile(
    r"\b(?:orders?|claims?|tickets?|readings|expenses)\s+(?:i|we)\s+(?P<got>got)"
    r"(?=\s*(?:now\b|right\s+now\b|with\b|on\s+file\b|[?,.!]|$))",
    re.I,
)
""""I got" for "I have" after the records it counts ("how many order i got now?", "what orders
i got with y'all?"): not the "I got" of a message received ("I got a text about 10502")."""


def _have(m: re.Match[str]) -> str:
    return m.group()[: m.start("got") - m.start()] + "have"


_W_AS_WITH = re.compile(r"(?<![\w'’/-])w(?=\s+(?:y'all|you|u|ya|yall)\b)", re.I)
"""Chat's "w" for "with" before who it is with ("what orders i get w y'all?")."""
_T_APOSTROPHE = re.compile(r"(?<![\w'’])t['’](?=[a-z\d])", re.I)
"""Lancashire and Yorkshire "t'" for "the" ("show us t'week", "do me t'monthly report"):
written as the word it stands for."""


_PARTICLE_AFTER = re.compile(
    r"\b(?P<verb>pop|chuck|bung|whack|stick)\s+"
    r"(?P<thing>(?:my|the|this|that|today's|today’s|these|those)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:bp|blood\s+pressure|pressure|reading|readings|numbers|figures|claim|receipt|"
    r"expense|expenses|taxi|cab|uber|lunch|dinner|meal|hotel|one)|"
    # or the reading itself: "stick 150/95 in for Wednesday"
    r"\d{2,3}/\d{2,3})\s+(?P<part>in|through)\b",
    re.I,
)
"""British, Welsh and New Zealand "pop/chuck/bung/stick" with the thing before its
particle ("pop my blood pressure in", "chuck the taxi through", "stick 150/95 in"): written
with the particle first ("pop in my blood pressure"), as the change words list it."""


def _mark(m: re.Match[str]) -> str:
    mark = {"comma": ",", "q": "?", "ex": "!"}.get(str(m.lastgroup), ".")
    return (mark + " " * len(m.group()))[: len(m.group())]


_DICTATED = re.compile(
    r"(?<=\s)(?:(?P<comma>comma)|(?P<q>question\s+mark)|(?P<ex>exclamation\s+(?:point|mark))|"
    r"(?P<stop>full\s+stop)"
    # (not a period named: "the period", "a 7 day period", "what period")
    r"|(?<!\bthe\s)(?<!\ba\s)(?<!\bthis\s)(?<!\bthat\s)(?<!\bwhat\s)(?<!\bday\s)"
    r"(?<!\bdays\s)(?<!\bweek\s)(?<!\bmonth\s)(?<!\bsame\s)(?<!\bwhich\s)(?<!\bpay\s)"
    r"(?<!\bbilling\s)(?<!\bgrace\s)(?<!\btrial\s)(?<!\btime\s)(?<!\breporting\s)period)\b"
    r"(?=\s*(?:$|[A-Z]|(?-i:[a-z])))",
    re.I,
)
"""Punctuation said to dictation: "comma", "question mark", "exclamation point", "full stop",
and "period" unless a period is named ("for the period", "a 7 day period", "my pay period")."""


_MIND_FRAME = re.compile(r"\b(?:would|do)\s+(?:you|u)\s+mind\b[^.?!。？！]*", re.I)
_MAKE_CANCEL = re.compile(r"\bmake\s+(?:a\s+|the\s+)?(?=cancel)", re.I)
""""please make cancel order 10611", as a Russian speaker says it: the cancel."""
_HOLD_FRAME = re.compile(r"\bhold\s+off\s+(?:on\s+)?[a-z]+ing\b", re.I)
""""hold off (on) cancelling": the verb, which "hold off" refuses (`NEGATIONS`)."""
_NEGATIVE_ASK = re.compile(
    r"\b(?:why\s+(?!could))?(?P<modal>ca(?:n't|n’t|nt|nnot|n\s+not)|"
    r"(?<!why )could(?:n't|n’t|nt|\s+not)|"
    r"wo(?:n't|n’t|nt)|wou(?:ldn't|ldn’t|ldnt|ld\s+not))\s+(?:you|u)\b"
    r"(?:\s+(?:just|simply))?(?=\s+(?P<verb>[a-z]+))",
    re.I,
)
""""Why can't you just log my reading?", "Couldn't you open a ticket?", "Why wouldn't you
text me …?": an ask made impatient, read as "can you log …" (`courteous`). "Why couldn't
you …" asks what went wrong, and stays."""
_CN_NEGATIVE_ASK = re.compile(
    r"(?P<ask>难道(?:你|您)?(?:就)?不能|(?:你|您)(?:就|咋就|怎么就)?不能|就不能)(?P<what>[^。！？?!，,]{2,40}?)(?P<q>吗|嘛)(?P<mark>[？?](?=.)|(?=[？?。！!\s]*$))"
)
""""你就不能直接把订单20931取消了吗", "你不能帮我查一下订单10086到哪了吗？", "难道不能帮我
记一下吗": the ask
itself, impatient; read as "…取消了吧" (`courteous`). Only where the question ends, at
a question mark or the message's end."""
_GERUND = re.compile(r"\b([a-z]+?)(?:ing)\b", re.I)
_READ_BASES = frozenset({"show", "check", "pull", "look", "let", "tell", "give", "find", "list"})


def courteous(text: str) -> str:
    """The request with the gerunds of "would you mind …" written as the verb (offsets kept).

    "Would you mind awfully filing my lunch? 36.50 USD" and "would you mind recording
    129/83 and then showing me the fortnight" ask for the filing, the recording and the
    showing as plainly as "please file…" does, and every rule reads verbs in that form;
    "hold off cancelling 10234" refuses the cancel as "hold off cancel" would.
    Only a gerund whose verb is a change (`CHANGE_KINDS`) or a read is respelt, padded with
    spaces so each span still reads the request as typed. An ask made in the negative
    ("Why can't you just log my reading?", "你就不能直接把订单20931取消了吗") is read as
    the ask it is ("can you log …", "…取消了吧"), the same way.
    """

    def base(m: re.Match[str]) -> str:
        stem = m.group(1).lower()
        for verb in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
            if verb and (verb in _KIND_OF or verb in _READ_BASES):
                return verb + " " * (len(m.group()) - len(verb))
        return m.group()

    def frame(m: re.Match[str]) -> str:
        return _GERUND.sub(base, m.group())

    lowered = text.lower()
    if "you" in lowered or " u " in lowered:
        text = _NEGATIVE_ASK.sub(_asked_plainly, text)
    if "不能" in text:
        text = _CN_NEGATIVE_ASK.sub(
            lambda m: (
                " " * len(m.group("ask")) + m.group("what") + "吧" + "，" * len(m.group("mark"))
            ),
            text,
        )
    if _DO_THE.search(text):
        text = _DO_THE.sub(_verb_of_noun, text)
    if "make" in lowered:
        text = _MAKE_CANCEL.sub(lambda m: " " * len(m.group()), text)
    if "mind" in lowered:
        text = _MIND_FRAME.sub(frame, text)
    return _HOLD_FRAME.sub(frame, text) if "hold off" in lowered else text


def _asked_plainly(m: re.Match[str]) -> str:
    """Read "why can't you just" as "can you", padded, when a change or a read follows."""
    verb = m.group("verb").lower()
    if verb not in _KIND_OF and verb not in _READ_BASES:
        return m.group()
    modal = m.group("modal")[:3].lower()
    plain = {"can": "can you", "cou": "could you", "won": "will you", "wou": "would you"}[modal]
    return plain + " " * (len(m.group()) - len(plain))


_NOUN_VERB = {
    **{"registration": "register", "cancellation": "cancel", "submission": "submit"},
    **{"creation": "create", "notification": "notify", "closure": "close", "entry": "enter"},
    **{"addition": "add", "deletion": "delete", "modification": "modify", "generation": "generate"},
    **{"preparation": "prepare", "reimbursement": "reimburse", "filing": "file"},
}
"""Nouns of change verbs whose verb is not the noun less "-ing" ("registration")."""
_DO_THE = re.compile(
    r"\b(?:do|make|perform|carry\s+out|realize|realise|request|proceed\s+with)\s+(?:the|a|an)\s+"
    r"(?P<noun>[a-z]+)(?P<of>\s+(?:of|for)\b)?",
    re.I,
)
"""A change told as a noun after "do the …", as Japanese and Spanish speakers' English puts
it ("Please do the registration of this value", "I would like to request the cancellation
of order 77120", "realize the claim for hotel 95 USD")."""


def _verb_of_noun(m: re.Match[str]) -> str:
    """The verb of "do the registration of", padded so offsets keep; else as typed.

    A noun that is the verb itself counts only before "of" or "for" ("do the claim for
    hotel 95 USD"): "make a refund request" asks for a request, not a refund.
    """
    noun = m["noun"].lower()
    if m["of"] is None and not noun.endswith(("ion", "ing", "ment", "ure", "al")):
        return m.group()
    stem = noun[:-3] if noun.endswith("ing") else ""
    candidates = (_NOUN_VERB.get(noun, ""), noun, stem, stem + "e", stem[:-1] if stem else "")
    verb = next((v for v in candidates if v and v in _KIND_OF), None)
    if verb is None:
        return m.group()
    return verb + " " * (len(m.group()) - len(verb))


_ID_NOUN = "|".join(w for w in ID_NOUNS if w.isascii() and w not in ("no", "number", "id"))
_TOPIC_ASK = re.compile(
    rf"^(?P<topic>(?:my\s+|the\s+)?(?:report\s+)?(?:{_ID_NOUN})\s*(?:no\.?\s*|number\s*|#)?"
    r"[A-Za-z]{0,2}-?\d+(?:\s+status)?)(?P<gap>\s)(?=(?:can|could|would|will)\s+you\b|you\s+can\b|"
    # a message asked for after its topic: "Order 77120 status send by email, can?"
    r"(?:send|text|sms|e-?mail|whatsapp)\s+(?:me\s+|it\s+)?(?:by|via|to|thru|through)\b)",
    re.I,
)
_PLEASE = re.compile(r"\b(?:please|pls|plz|kindly)\b", re.I)


def topic_first(text: str) -> str:
    """The request with a thing named first set off from the ask that follows (offsets kept).

    "Order 10333 can you cancel?" and "Ticket T-8 you can close please?" name their thing
    first, as Japanese, Turkish and many other speakers order a request, then ask: read as
    "Order 10333,can you cancel?" and "Ticket T-8,can you close please?" ("Order 77120 status
    send by email, can?" too: a message asked for after its topic). "You can …"
    reads as "can you …" only with a "please" beside it; alone ("you can cancel 10333?") it
    may ask whether the change is possible, and stays as typed.
    """
    m = _TOPIC_ASK.match(text)
    if m is None:
        return text
    at = m.start("gap")
    rest = text[at + 1 :]
    if rest[:7].lower() == "you can" and _PLEASE.search(rest):
        rest = "can you" + rest[7:]
    return text[:at] + "," + rest


_TAGALOG_AFFIX = re.compile(
    r"\b(?:paki|ipa|pa|i|mag|ma|nag|naka|na)-(?=[A-Za-z]{3})|\bpaki(?=\s)|"
    # glued to the English verb, as a phone types it: "pakisave 135/87", "pakiupdate ako"
    r"\bpaki(?=(?:save|check|update|file|submit|cancel|open|log|record|claim|text|send|sms|"
    r"build|generate|show|add|track|list|email|notify|run|make)\w*)",
    re.I,
)
_TAGALOG_DID = re.compile(
    r"\bnag-(?=(?:request|file|submit|cancel|open|save|log|record|claim|text|send|sms|build|"
    r"generate|run|make|create)\b)",
    re.I,
)
"""Tagalog's completed aspect on a change ("nag-request ako ng monthly report kanina": I
requested one earlier): told as done, read as "did" so no rule reads it as asked. Before
any other verb ("nag-checkout ako Thursday") the affix is blanked with the others."""
_TAGALOG_DONE_PAST = {
    "file": "filed",
    "save": "saved",
    "claim": "claimed",
    "record": "recorded",
    "log": "logged",
    "submit": "submitted",
    "cancel": "cancelled",
    "open": "opened",
    "text": "texted",
    "send": "sent",
    "build": "built",
    "create": "created",
}
_TAGALOG_DONE = re.compile(rf"\bna-(?P<verb>{'|'.join(_TAGALOG_DONE_PAST)})\b", re.I)
"""Tagalog's "na-" on a change is the change made ("yung BP na na-log ko kahapon": the
reading I logged yesterday): written in the past ("logged", offsets kept), so no rule reads
a record asked for where an old one is talked about."""
_TAGALOG_THEN = re.compile(
    r"\btapos(?=[\s,]+(?:pakita|show|paki|pa-|i-|add|check|file|save|log|open|total))", re.I
)
"""Tagalog "tapos" (then) before what follows ("…42 EUR nung Monday, tapos pakita total ko"),
not "tapos na ba?" (is it done?)."""
_TAGALOG_ME = re.compile(
    r"(?<=update)\s+(?:(?:mo|niyo|nyo|ninyo)\s+)?(?:na\s+lang\s+|lang\s+)?ako\b", re.I
)
"""Tagalog "ako" after "update" is the one updated: "pa-update na lang ako pag may progress",
"i-update niyo ako"."""
_TAGALOG_SHOW = re.compile(r"\bpakita(?:in)?\b", re.I)
_TAGALOG_TEXT_ME = re.compile(
    r"\b(?:pa|paki)-?(?P<verb>text|txt|sms)\b(?!\s+(?:me|ako|mo)\b)", re.I
)
"""Tagalog's "pa-" asks for the text to the one asking: "pa-text naman status ng 81934" is
"text me the status"."""
_TAGALOG_DONT = re.compile(
    r"\b(?:hu)?wag(?:\s+(?:na|niyo|nyo|ninyo|mo|po|ho|muna|munang|nang|ng))*\s+"
    r"(?:(?:paki|ipa|pa|i|mag|ma)-)?(?=[A-Za-z]{3})",
    re.I,
)


def tagalog_affixes(text: str) -> str:
    """Taglish with its Tagalog verb affixes blanked (offsets kept).

    Filipino users write English verbs inside Tagalog grammar: "pa-file naman ng lunch",
    "paki-cancel po yung order 10345", "i-save yung 131/84" ask for the filing, the
    cancelling and the saving as "please file…" does; "pakita" is "show" and "wag" (with
    its particles) "do not". Only a hyphened affix before an English word is blanked, so a
    rule reads the verb itself.
    """
    lower = text.lower()
    if "-" not in text and "paki" not in lower and "wag" not in lower:
        return text
    text = _TAGALOG_ME.sub(lambda m: " me".ljust(len(m.group())), text)
    text = _TAGALOG_TEXT_ME.sub(lambda m: f"{m['verb']} me".rjust(len(m.group())), text)
    text = _TAGALOG_THEN.sub("then ", text)
    text = _TAGALOG_DONT.sub(
        lambda m: ("do not" if len(m.group()) >= 7 else "dont").ljust(len(m.group())), text
    )
    text = _TAGALOG_DID.sub("did ", text)
    text = _TAGALOG_DONE.sub(
        lambda m: _TAGALOG_DONE_PAST[m["verb"].lower()].ljust(len(m.group())), text
    )
    text = _TAGALOG_AFFIX.sub(lambda m: " " * len(m.group()), text)
    return _TAGALOG_SHOW.sub(lambda m: "show".ljust(len(m.group())), text)


@lru_cache(maxsize=4096)
def change_kind(verb: str) -> str | None:
    """The kind of change a verb asks for (`CHANGE_KINDS`), or None when it is not listed.

    Its "-ing" form counts as the verb ("adding", "entering", "logging", "putting in").
    """
    word = " ".join(verb.strip().lower().split())
    first, _, rest = word.partition(" ")
    candidates = [word]
    if first.endswith("ing") and len(first) > 4:
        base = first[:-3]
        candidates += [f"{b} {rest}".strip() for b in (base, base + "e", base[:-1])]
    return next((_KIND_OF[c] for c in candidates if c in _KIND_OF), None)


NOT_CUES: tuple[str, ...] = (
    *("add up", "log in", "sign in", "open tickets"),
    "still open",
    # bookkeeping and a reimbursement statement, named: "以便做好个人记账", "学校的报账单"
    *("记账", "报账单"),
    # an English verb used as a noun inside Chinese: "我有个 claim 一直 pending"
    *(
        f"{w}{sp}{n}"
        for w in ("有个", "有一个", "有一笔")
        for sp in ("", " ")
        for n in ("claim", "ticket")
    ),
    # the claims' total named ("报账总额 7 天的给我看一下"): a read
    *(f"{filed}{total}" for filed in ("报账", "报帐") for total in ("总额", "合计", "总数")),
    # records as a source: "编号以系统记录为准" (the number as the system has it)
    *("系统记录", "记录为准"),
    # what is on file, not a message: "which phone number and e-mail address are on file"
    *("e-mail address", "e-mail addresses"),
    # an open ticket asked about, not one to open ("any open ticket?"); "can you open
    # ticket?" asks for one
    *("an open ticket?", "any open ticket?", "my open ticket?", "the open ticket?"),
    *("update on", "updates on", "change in", "changes in", "make sure", "make certain"),
    # Indian English "update me" is "tell me" before what is asked: "Kindly update me what
    # is the status of ticket T-27"
    *("update me what", "update me whether", "update me the status", "update me on the status"),
    *("记得", "忘记", "忘了记", "日记", "笔记", "记不", "记住", "记性", "记忆", "记者", "标记"),
    *("记混", "记乱", "记串"),  # "我自个儿都记混了": mixed up in one's head
    # the updates just refused turned off ("I don't need updates, stop sending them")
    "stop sending them",
    # what is requested follows: "request that ticket T-88 is closed" opens no ticket
    "request that",
    # where to begin, not what to open: "start with my latest ticket"
    "start with",
    # an existing ticket asked for with "pls": "my last ticket pls" opens none
    *("last ticket pls", "last ticket please", "latest ticket pls", "latest ticket please"),
    *("recent ticket pls", "recent ticket please", "previous ticket pls"),
    # brought out to be looked at: "血压走势弄出来看看" shows the trend, it makes nothing
    *("弄出来看", "做出来看", "搞出来看", "弄出来给我看", "做出来给我看", "搞出来给我看"),
    # a trend is brought out, never made: "把最近30天的血压趋势整出来我看看"
    *("趋势做出来", "走势做出来", "趋势弄出来", "走势弄出来", "趋势搞出来", "走势搞出来"),
    *("趋势给我做出来", "走势给我做出来", "趋势给我弄出来", "走势给我弄出来"),
    *("趋势给我搞出来", "走势给我搞出来"),
    # what the read is for, after 以便 (so that): "…之报销总额，以便编制经费使用情况说明"
    *("以便编制", "以便制作", "以便填写", "以便提交", "以便报销", "以便撰写", "以便整理"),
    # sent over to be looked at: "十四天的血压情况发给我看一下" shows it, it texts nothing
    *("发给我看", "发我看", "发过来看", "发过来给我看"),
    *("记号", "惦记", "书记", "记错", "记清"),
    # 出主意 is giving advice, 出个主意 asking for it ("帮我出个主意，血压 130/85 要紧吗")
    *("出主意", "出个主意", "出出主意"),
    *("invoice dated", "invoice date", "invoice no", "invoice number", "invoice #"),
    *("支付宝", "微信支付", "支付方式", "付款方式", "付款码", "支付码"),
    # what the user is told, not a reminder set: "Could you remind me what address you have"
    *("remind me what", "remind me which", "remind me where", "remind me how", "remind me of"),
    *("remind me when", "remind me whether", "remind me if"),
    # Nigerian English "make I see" is "let me see": "Make I see how my blood pressure dey go"
    *("make i see", "make i know", "make i check", "make we see", "make we check"),
    # the claims system and its papers, named as things: "报销凭证出问题了，怎么开工单？"
    *("报销凭证", "报销系统", "报销平台", "报销流程", "报销政策", "报销标准", "报销制度"),
    *("报销页面", "报销软件", "报销网站", "报销app"),
    # a record broken, as a best is: "这个月跑了几多单 系咪破咗纪录"
    *("破纪录", "破了纪录", "破记录", "破了记录", "新纪录", "新记录"),
    # and the parts of an app named by what they do: "开个工单：审批流程页面显示异常"
    *("取消按钮", "取消键", "取消功能", "审批流程", "审批页面", "审批按钮", "审批系统"),
    *("提交按钮", "提交键", "提交页面"),
    # a receipt's invoice date: "开票日期 2026-03-12"
    *("开票日期", "开票时间", "开票人"),
)
"""Phrases that contain a cue word but ask for nothing to change ("any update on 10089?",
"我记得上次是 130/85": remembering is not recording, "报销系统" names the claims system,
"update me what is the status of T-27" asks to be told now, "用支付宝付的" names how a bill
was paid, not a payment to make, "make sure the texts reach me" checks, not builds,
"invoice dated 2026-03-06" names a paper, not a bill to send)."""


_RECEIVED = re.compile(
    # (the "I" dropped as chat drops it: "Got a text from the courier saying …")
    r"(?:\b(?:i|we)\s+|^\s*)(?:just\s+|already\s+|only\s+|finally\s+)?(?:got|received|get|had)\s+"
    r"(?:(?:a|an|the|your|this|that|one|some|my|two|2)\s+)?"
    r"(?:(?:text|sms|email|e-mail)\s+)?(?:texts?|sms|messages?|emails?|notifications?|alerts?)\b|"
    # one that came from someone, or said something: "A text from the courier said 40277 is late"
    # ("sms from you guys says 40277 is out for delivery, is it?")
    r"\b(?:a|an|the|this|that|their|your)\s+(?:(?:text|sms|email|e-mail)\s+)?"
    r"(?:text|sms|message|email|e-mail|notification|alert)\s+(?:from|saying|said|says)\b|"
    r"\b(?:(?:text|sms|email|e-mail)\s+)?(?:text|sms|message|email|e-mail|notification|alert)\s+"
    r"(?:from|said|says)\b|"
    # one a third party sent: "快递员发短信说40277到了，我怎么没收到"
    # (told as sent: 了 after the verb or 说 after the message; not "88213的物流给我发个短信")
    r"(?:快递员|快递小哥|骑手|司机|商家|卖家|店家|他们|他|她)(?:给我|跟我)?"
    r"(?:(?:发了|打了)(?:个|条|一条|一个)?(?:短信|消息|信息|通知)|"
    r"发(?:个|条|一条|一个)?(?:短信|消息|信息|通知)(?:说|讲))|"
    # (not a message wished for: "我只是想收到短信告诉我现在的状态")
    r"(?<![想要望能])收到(?:了)?(?:一条|一个|条|个|你们的|你的)?(?:的)?(?:短信|消息|通知|信息)",
    re.I,
)
"""A message the user received ("I got a text about 10502", "A text from the courier said …",
"收到短信了"): the user tells what reached them, which is no request to send one."""
_REFUSED_AFTER = re.compile(
    r"(?:短信|消息|通知|信息)\s*(?:就|也|都)?\s*(?:不用|不要|不必|别|甭|免了)(?:再)?(?:发|通知)?(?:了)?"
)
"""A message refused after it is named, as Chinese puts the topic first ("短信就不用发了",
"通知也不要了"): no request to send one."""
_OWNED_MESSAGE = re.compile(
    r"\b(?:the|my|your|his|her|their|our|this|that|these|those)\s+(?:[a-z]+\s+)?"
    r"(?P<noun>e-?mail|text|message|mail|sms|msg|txt|request)s?\b"
)
"""A message or a request named as a thing ("I can't find the confirmation email", "your
text", "my helpdesk request"): a noun, not a request to send or make one."""
_NOTE_HEADER = re.compile(rf"^[ \t]*(?:notes?|n\.b\.?|{REQUEST_FIELDS})[ \t]*:", re.M)
"""A line's "Note:" or "Request:" label ("Task: BP trend\nNote: read only", "Request: order
status\nOrder: 48210"): a form's heading, not "note it" nor a request to make."""
_NOUN_RUN = re.compile(
    r"(?<![\w'])(?!(?:please|pls|plz|kindly|you|u|to|and|then|also|just|now|can|could|would|"
    r"will|i|we|lets|let's|not|never|don't|dont)\b)[a-z]+\s+(runs?)\b"
    r"(?!\s+(?:the|a|an|my|our|this|that|it|me|us|weekly|monthly|report|reports|off|through|"
    r"please|pls|plz|asap)\b)"
)
"""A run that is a trip ("the grocery run was 143 USD", "school run"), after the noun it
names and before no object: nothing to run."""


@lru_cache(maxsize=4096)
def _lowered(cues: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c.lower() for c in cues)


_COUNTED_OPEN = re.compile(
    r"\b(?:\d+|two|three|four|five|six|several|many|a\s+few|a\s+couple(?:\s+of)?)"
    # (a count said loosely: "two three", "2 or 3", "3-4")
    r"(?:\s*(?:or|to|-)?\s*(?:\d+|two|three|four|five|six))?"
    r"\s+open(?=\s+(?:ones?|tickets?)\b|\s*(?:$|[.,;!?]))"
)
"""Tickets counted as open ("check my ticket leh, got 3 open one", "I have two open
tickets", "forgot the number, I have two three open"): a state, not the verb that opens
one."""


@lru_cache(maxsize=4096)
def mask_not_cues(text: str) -> str:
    """The text, lower-cased, with `NOT_CUES`, received and refused messages blanked.

    One routing decision masks the same clauses many times: kept per text.
    """
    lowered = text.lower()
    for phrase in NOT_CUES:
        lowered = lowered.replace(phrase, " " * len(phrase))
    lowered = _RECEIVED.sub(lambda m: " " * len(m.group(0)), lowered)
    if ":" in lowered:
        lowered = _NOTE_HEADER.sub(lambda m: " " * len(m.group()), lowered)
    if "run" in lowered:
        lowered = _NOUN_RUN.sub(
            lambda m: m.group()[: -len(m.group(1))] + " " * len(m.group(1)), lowered
        )
    if _OWNED_MESSAGE.search(lowered):
        lowered = _OWNED_MESSAGE.sub(
            lambda m: m.group()[: -len(m.group("noun"))] + " " * len(m.group("noun")), lowered
        )
    if _NAMING_A_PART.search(lowered):
        lowered = _NAMING_A_PART.sub(lambda m: m.group(1) + " " * len(m.group(2)), lowered)
    if "pay" in lowered:
        lowered = _PAY_ON_A_DAY.sub(lambda m: " " * len(m.group()), lowered)
    if "stop" in lowered:
        lowered = _NUMBERED_STOP.sub(lambda m: " " * len(m.group()), lowered)
    if "open" in lowered:
        lowered = _COUNTED_OPEN.sub(lambda m: m.group()[:-4] + "    ", lowered)
    if "出" in lowered:
        lowered = _TOTAL_BROUGHT_OUT.sub(lambda m: m.group().replace("出", " "), lowered)
    if "cx" in lowered:
        blank = _CX if _CJK_CHAR.search(lowered) else _CX_NOT_CANCEL
        lowered = blank.sub(lambda m: " " * len(m.group()), lowered)
    return _REFUSED_AFTER.sub(lambda m: " " * len(m.group(0)), lowered)


_NAMING_A_PART = re.compile(
    r"\b((?:the|a|an|my|your|our|this|that)\s+)(claim|expense|report|cancel|submit|record|log|"
    r"file|upload|export)(?=\s+(?:form|forms|page|app|system|button|portal|screen|site|website|"
    r"link|process|tool|field|tab|menu)\b)"
)
"""A change word that names a part of an app ("the claim form", "the cancel button", "my
expense app"): the thing a problem is with, not a change asked for."""
_NUMBERED_STOP = re.compile(r"\bstop\s+#?\d+(?=\s*(?:of|/|out\s+of)\s*\d)")
"""A delivery round's stop by its number ("stop 9 of 20"): where the user is, nothing to
stop."""
_PAY_ON_A_DAY = re.compile(
    r"\bpay(?=\s+(?:on|at)\s+(?:\d|the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"yesterday\b|last\b|checkout\b|check-out\b|the\s+(?:hotel|counter|desk|restaurant)\b))"
)
"""A bill paid on a day or at a place, its tense dropped ("hotel 2 night, total 360 USD, pay on
13/3, file claim for me"): when it was paid, not a payment to make."""
_TOTAL_BROUGHT_OUT = re.compile(
    r"(?:合计|总数|总额|总计|汇总)\s*(?:帮我|给我|麻烦)?\s*(?:做|弄|搞)?出(?=一下|下|来|个)|"
    r"出(?:一下|下|个)?(?=(?:报销)?(?:合计|总数|总额|总计))"
)
"""A total brought out to be read ("近30天的报销合计帮我出一下", "出个总数", Northeastern
"总数给我整出来", 整 read as 做): it shows what was filed, it makes nothing (出 also asks for
a report to be made: "出个月报")."""
_CX = re.compile(r"(?<![a-z0-9'-])cx(?![a-z0-9'-])")
"""In Chinese, "cx" is pinyin shorthand (催下 "chase it", 查询 "look up"), never cancel."""
_CX_NOT_CANCEL = re.compile(
    r"(?<![\w'-])cx(?![\w'-])"
    r"(?!\s*(?:(?:my|the|that|this|it|order|ord|no\.?|pls|please|plz)(?![\w'-])|[#\d,.!;]|$))"
)
""""cx" is cancel in a booking clerk's or a carer's shorthand ("pls cx order 10654", "cx
it", "10654 cx pls") only before what it cancels or at the end; before another word it is
as often the customer ("cx asked about 10654") and asks for nothing."""


_POLITE = re.compile(
    r"^(?:(?:hey|hi|ok|okay|so|um|please|pls|kindly|abeg|now|then|also|and|oh|just|only|better|"
    r"instead|actually|well|alright|right|yalla|yallah|habibi|"
    # a lawyer's opening: "Please be advised I would like a text message …"
    r"be\s+advised(?:\s+that)?|"
    # Irish "and after show me…", "after that show me …": afterwards, before the read it asks for
    r"after(?:wards|\s+that)?(?=\s+(?:show|give|tell|list|display|pull|let)\b)|"
    # the first of wishes in order: "Most important: cancel order 23390"
    r"most\s+important(?:ly)?(?:\s+is)?|(?:first|top)\s+priority(?:\s+is)?|"
    r"priority\s+one|first\s+of\s+all)\b[\s,:]*)*"
    r"(?:(?:would|do)\s+(?:you|u)\s+mind\s+(?:awfully\s+|terribly\s+|very\s+much\s+|at\s+all\s+)?|"
    r"(?:can|could|would|will|wo)(?:n't)?\s+(?:y'all|yall|you\s+all|you|u|ya|someone|somebody|anyone)"
    r"\s+(?:please\s+)?"
    r"(?:kindly\s+)?(?:maybe\s+|perhaps\s+)?(?:just\s+|simply\s+)?"
    r"(?:be\s+(?:a\s+dear|a\s+love|(?:ever\s+so\s+|so\s+|very\s+)?kind(?:\s+as\s+to|"
    r"\s+enough\s+to)?)\s+(?:and\s+)?)?(?:possibly\s+)?|"
    r"i\s+(?:don't|do\s+not|dont)\s+suppose\s+(?:you|u|someone|anyone)\s+(?:could|would|can)\s+"
    r"(?:possibly\s+)?|"
    r"i(?:'d|\s+would|\s+should)\s+be\s+(?:ever\s+so\s+|very\s+|most\s+|really\s+|so\s+)?"
    r"(?:grateful|glad|obliged)\s+if\s+(?:you|u|someone)\s+(?:could|would|can)\s+(?:possibly\s+)?|"
    r"i(?:\s+was|\s+am|'m)?\s+(?:just\s+)?wonder(?:ing)?\s+(?:whether|if)\s+"
    r"(?:(?:you|u|someone)(?:'d|\s+would|\s+could|\s+can|\s+might)\s+(?:possibly\s+)?|"
    r"it\s+(?:might|would|could)\s+be\s+possible\s+(?:for\s+(?:you|u)\s+)?to\s+)|"
    # French: "Pouvez-vous annuler la commande 10145 ?"
    r"(?:pouvez|pourriez)-vous\s+|peux-tu\s+|tu\s+peux\s+|"
    # "would it be terribly inconvenient to cancel order 81302?": a courtesy, no question
    r"would\s+it\s+be\s+(?:(?:at\s+all\s+)?possible|(?:terribly\s+|very\s+|too\s+)?inconvenient|"
    r"too\s+much\s+(?:trouble|bother))\s+(?:for\s+(?:you|u)\s+)?to\s+|"
    r"(?:is\s+there\s+)?any\s+(?:chance|way)\s+(?:that\s+)?(?:you|u)\s+(?:could|can|would|might)\s+"
    r"(?:possibly\s+)?|"
    r"i\s+was\s+(?:rather\s+|really\s+)?hoping\s+(?:you|u|someone)\s+(?:could|would|might)\s+|"
    r"i(?:'d| would)\s+(?:just\s+|rather\s+|really\s+)?(?:like|love)\s+(?:you\s+)?to\s+|"
    # (Nigerian English "I wan claim": "wan" is "want to")
    # (and what the user must do: "I must correct my hotel claim from Wednesday")
    r"i\s+(?:just\s+|really\s+|only\s+)?(?:(?:want|need)\s+(?:you\s+)?to|wanna|wan|must|"
    r"have\s+to|gotta)\s+(?:just\s+)?|"
    # Indonesian and Malay English: "can help me record?" (bisa bantu: can you help me)
    r"(?:can|could)\s+help\s+(?:me|us)\s+(?:to\s+)?(?=[a-z])|"
    # Singapore English with no "you": "Can SMS me the status of 20331 now?"
    r"can\s+(?=(?:sms|text|txt|send|message|ping|tell|show|give|whatsapp|e-?mail)\s+(?:me|us)\b)|"
    # Ghanaian and Nigerian "make you …" (please do): "Make you check J-7 for me"
    r"make\s+(?:you|u)\s+(?=[a-z])|"
    # "you can …" and Dutch "shall you …" as a request: "you can text me what's goin on wit
    # order 40417?", "shall you add it?"
    r"(?:you|u)\s+(?:can|could)\s+(?=(?:text|sms|send|message|tell|show|give|e-?mail)\s+"
    r"(?:me|us)\b)|shall\s+(?:you|u)\s+(?=[a-z])|"
    r"go\s+ahead\s+and\s+|let's\s+|please\s+|help\s+(?:me\s+)?(?:to\s+)?(?=[a-z]))?",
    re.I,
)
"""Openings that make what follows a request: "can you", "please", "I want to" ("I want
to return order 10088" asks to return it, "I just want to know" asks to know), its chat
spelling "I wanna", Nigerian "I wan claim", "any chance you could", "I'd love to", and the
indirect British forms that hide a plain request ("would you mind awfully filing…", "I don't
suppose you could pop in…", "I'd be ever so grateful if you could…", "I wonder whether you'd
record…")."""
_SUITS_YOU_WORDS = r"(?:不知道)?(?:您|你)?(?:方不方便|方便不方便|是否方便|方便)"
"""Asking whether it suits the assistant ("不知道您方不方便…"): a courtesy before a request."""
_CN_POLITE = re.compile(
    # (not 请问 before 我 or a time, "may I ask, my …": "请问我最近30天一共报了多少钱？", "请问近7天
    # 我报了多少？" ask about the user's own)
    r"^(?:仅|请(?!问\s*(?:我|近|最近|过去|这|上|前))你?|烦请|敬请|恳请|麻烦你?|能不能|可不可以|能否|可以|能|你能|你可以|帮忙|帮我|给我|替我|"
    r"是不是可以(?=[把帮给替])|"
    # the assistant addressed first: "你帮我发个短信…" (Shanghai's 侬帮我)
    r"(?:你|您)(?=帮我|替我)|"
    # "不知道方不方便帮我报一笔餐费": whether it suits the assistant, a courtesy
    rf"{_SUITS_YOU_WORDS}(?=[把帮给替])|"
    r"我想|我要|我?就想|我?只想|"
    # the first of wishes in order: "主要是报一下…，顺便…", "首先帮我…"
    r"主要是|首先|最重要的是|最要紧的是|顺便)+"
)
_DO_US_THE = (
    r"(?!(?<=do)\s+(?:us|me)\s+(?:the|a)\b)"
    r"(?!(?<=do)\s+(?:(?:the|my|our|a|an)\s+)?(?:[a-z]+\s+)?report\b(?![^?？]*[?？]))"
)
"""Not "do us the weekly report" (British for "do me"), nor "do (the) weekly report (for
me)" with no question mark after it: an ask to make one, not a question ("do the weekly
reports go out on Sundays?" is one)."""
_READ_VERBS = re.compile(
    # ("give us a text when …" sends one: a message given is no read)
    r"^(?:show|list|view|see|display|check|find|look\s+up|look|tell|let\s+me\s+see|"
    # Indian English "share" the status: tell it ("just share the status")
    r"share(?=\s+(?:me\s+)?(?:the\s+|its\s+)?(?:status|details|update|tracking)\b)|"
    r"give(?!\s+(?:me|us)\s+(?:a\s+)?(?:text|txt|sms|message)\b)|pull\s+up|fetch|know|"
    r"read|what|how|when|where|which|who|why|whats|what's|where's|how's|hows|any|is|are|was|were|"
    r"did|do|does|has|have|had|am)\b(?!\s+not\b)" + _DO_US_THE,
    re.I,
)
_CN_READ = re.compile(
    r"^(?:只|就|先|先行|只是|就是|直接)?"
    r"(?:看|查|查询|查看|显示|列出|告诉|告知|瞧|瞅|给我看|列一下|统计|算一下|算下|算算|算一算|知道|核对|"
    r"核实|调阅)"
)
"""A Chinese read command, also after "just" ("只看一下近7天的走势", "帮我算下合计", formal
"请核对本人近7日已提交报销的合计金额")."""
_CN_READ_AFTER = re.compile(
    r"(?:(?:给我|帮我|让我)?(?:看下|看一下|看看|瞧瞧|瞅瞅|查下|查一下|查查|列一下|列出来|"
    r"显示一下|显示出来)|(?:给我|让我)(?:看|瞧|瞅))(?:吧|呗|呢|哈|好吗|行吗)?[\s,.!?，。！？~]*$"
)
"""The same command at the end, after what it reads ("我的订单列表给我看下", "十四天的总数给我
看")."""
_HYPOTHETICAL = re.compile(
    r"\b(?:how\s+(?:do|can|would|should|to)|what\s+(?:happens|if)|should\s+i|can\s+i|could\s+i|"
    r"may\s+i|is\s+it\s+possible|am\s+i\s+able|do\s+i\s+(?:need|have)|is\s+there\s+a\s+way|"
    r"thinking\s+(?:about|of)|considering|"
    # (not the courtesy "I was wondering if you could cancel …", `_POLITE`)
    r"wondering(?!\s+(?:whether|if)\s+(?:(?:you|u)(?:'d|\s+would|\s+could|\s+can|\s+might)\b|"
    r"it\s+(?:might|would|could)\s+be\s+possible\s+(?:for\s+(?:you|u)\s+)?to\b))|"
    r"(?<!\bif\syou\s)(?<!\bif\sit\s)might|"
    # "maybe", but not a hedged request: "could you maybe submit my hotel"
    r"(?<!\byou\s)(?<!\bu\s)(?:maybe|perhaps)|"
    r"would\s+it\s+(?:be(?!\s+(?:(?:at\s+all\s+)?possible|(?:terribly\s+|very\s+|too\s+)?"
    r"inconvenient|too\s+much\s+(?:trouble|bother))\s+(?:for\s+(?:you|u)\s+)?to\b)|make\s+sense)|"
    r"is\s+it\s+(?:a\s+good\s+idea|wise|worth|better)|"
    r"good\s+idea\s+to|do\s+you\s+think|does\s+it\s+make\s+sense|"
    # whether a kind of thing can be changed at all: "Can you cancel order which is already
    # sent?"
    r"\bcan\s+(?:you|u)\s+[a-z]+\s+(?:an?\s+|the\s+)?[a-z]+\s+(?:which|that)\s+"
    r"(?:is|are|was|were|has|have)\s+already\b|"
    r"dry[\s-]?run|what\s+would\s+happen|"
    # a wish for later, as Dutch "eventueel" (possibly) says it: "I eventually want to cancel
    # 55141, but first I need to know what it costs"
    r"(?:eventually|at\s+some\s+point|some\s+day|someday)\s+(?:i\s+|we\s+)?"
    r"(?:want|wants|need|needs|would\s+like|'d\s+like|may|might|will|plan)|"
    # "is that something you can do for order 21558 or not", "asked me whether we could cancel"
    r"something\s+(?:you|u)\s+(?:can|could)\s+do|"
    r"(?:asked|asking|ask|know|find\s+out|check)\s+(?:me\s+|us\s+)?whether\s+(?:we|i|you|u|they)\s+"
    r"(?:can|could)|(?:don'?t|do\s+not)\s+actually\s+(?:do|cancel|file|"
    r"submit|send|record|open|build|run))\b",
    re.I,
)
"""Asking how, whether or if, or musing about it ("I was thinking about cancelling 10091",
"would it be a good idea to open a ticket?"), or trying it out ("cancel 70001 --dry-run",
"just want to see what would happen, don't actually cancel"):
none of it asks for the change now. In Chinese also the user asking about it ("我想问问能
不能取消", not a text that asks: "发条短信问下流量"), whether it is still possible ("还能
不能取消"), which only asks whether it can be made, and what follows it ("取消之后还能恢复
吗")."""
_CN_HYPOTHETICAL = re.compile(
    # (not 怎么回事 "what is going on", 怎么搞的, 怎么了: "开个工单看看怎么回事")
    r"怎么(?!回事|搞的|了)|如何|怎样|我能|我可以|是否可以|要不要|需不需要|应该|考虑|在想|也许|可能|"
    r"(?:想|我|就|只|只是)问(?:问|一下|下)|想知道|还能不能|还可不可以|还能否|"
    r"(?:之后|以后)\s*(?:还|能|可以|会)|"
    # what a change would bring, asked: "60241 取消了会不会扣钱", "取消 88520 会不会被扣钱啊"
    r"(?:取消|退货|退款|退单|撤单)(?:了|\s*\d{4,}\s*)\s*(?:会不会|还会|要不要|有没有)|"
    # asked before the change: "撤单 88045 前确认：退款几个工作日到账？"
    r"前\s*(?:先)?(?:确认|问一下|问问|了解一下|想知道)"
)
_CN_QUESTION = re.compile(
    # (not 好几 "several" nor 几乎 "almost": "试了好几次都不行")
    r"[吗么呢]\s*$|了没(?!用|事|意思|必要|关系)|了吗|有没有|是否|是不是|多少|(?<![好这那])几(?!乎)|什么|哪|怎么样|怎样了|咋样|如何\s*$|"
    # 啥 "what" of what is needed ("开工单要填啥啊"), not what one has yet to decide
    # ("还没想好写啥") nor 没啥 "nothing much"
    r"(?:要|需要|该|得)[\u4e00-\u9fff]{0,2}啥(?!子)|"
    # A-not-A with a result: "修没修好", "到没到", "发没发"
    r"([\u4e00-\u9fff])没\1|"
    # a change weighed as A-not-A, asked of no one: "订单31207取消不取消" (not 帮我取消)
    r"(?P<weighed>取消|退货|退款|报销|开单)不(?P=weighed)|"
    r"(?<=[\u4e00-\u9fff])(?<![还也都并从])没(?:有)?[?？]?\s*$|"  # 发货没: shipped yet?
    # whether a cancellation or a refund is still possible, no one asked to make it: "订单
    # 70345 能不能取消" (能不能帮我取消 is a polite request, `_CN_POLITE_INSIDE`)
    r"(?:能不能|可不可以|能否)(?=\s*(?:取消|退))|"
    # how long a change takes, asked of no one: "50915 取消要多久 钱会退无"
    r"(?<![帮给替])(?:取消|退货|退款|报销)(?:要|需要|得)多久|"
    # one way or the other, asked: "cancel 82903 是马上生效还是要人 approve 啊"
    r"是[^，。,.!！?？]{1,15}还是[^，。,.!！?？]{1,15}(?:[啊呢呀嘛哦]\s*[?？]?|[?？])\s*$"
)
_DONE_FORMS = (
    r"(?:cancelled|canceled|generated|filed|submitted|recorded|logged|reimbursed|opened|"
    r"created|sent|saved|added|raised|built|lodged|claimed|prepared|produced|compiled|"
    r"registered|booked|made|entered)"
)
_NOT_AUXILIARY = (
    r"(?!(?:will|would|has|have|had|was|were|is|are|been|being|can|could|may|might|not)\b)"
)
"""Before each word of a passive's subject: a change told or foretold ("that it will be
cancelled", "that it was filed") is no change asked for."""
_BE_DONE = rf"be\s+(?:duly\s+|promptly\s+)?{_DONE_FORMS}\b"
_DONE_FOR_ME = re.compile(
    r"\b(?:want|wants|need|needs|'d\s+like|would\s+like|should\s+like|get)\s+"
    rf"(?:[\w#'-]+\s+){{0,4}}?{_DONE_FORMS}\b|"
    # ("have" with the thing between: "have it cancelled"; "I have opened several" is told)
    rf"\bhave\s+(?:[\w#'-]+\s+){{1,4}}?{_DONE_FORMS}\b|"
    r"\b(?:that|for|require|requires|want|wants|need|needs)\s+"
    rf"(?:{_NOT_AUXILIARY}[\w#'.-]+\s+){{0,10}}?(?:to\s+|should\s+|must\s+|shall\s+)?{_BE_DONE}|"
    # (with its id or value, and "is to be": "The user's order 30986 is to be cancelled",
    # "The reading 118/76 should be saved", "A weekly report is to be built")
    r"\b(?:ticket|claim|report|order|reading)(?:\s+[\w#/.-]*\d[\w#/.-]*)?\s+"
    r"(?:should|must|shall|is\s+to|are\s+to)\s+be\s+"
    rf"(?:duly\s+|promptly\s+)?{_DONE_FORMS}\b|"
    # Indian office English's "same" (it): "Same may be saved in my records", "same may
    # kindly be filed"
    r"\bsame\s+(?:may|might|can|could|should|shall|must|is\s+to)\s+(?:kindly\s+|please\s+)?be\s+"
    rf"(?:kindly\s+|duly\s+|promptly\s+)?{_DONE_FORMS}\b",
    re.I,
)
"""A change asked for as a result: "I want order 10091 cancelled", "get me reimbursed",
"I should like a ticket raised"; or in the formal passive: "I would ask that it be claimed
forthwith", "request that order 10814 be cancelled", "grateful for a ticket to be raised",
"I require the monthly report to be prepared", "a ticket should be opened". Not a change
told or foretold ("that it will be cancelled", "that it was filed")."""


_CONDITION = re.compile(
    r"\b(?P<if>if|unless|in\s+case|provided\s+(?:that\s+)?|as\s+long\s+as|otherwise|or\s+else)\b|"
    r"(?P<cn>如果|(?<![主重需只])要是|假如|假设|万一|若是|倘若|除非|否则|不然|的话|"
    r"(?:^|(?<=[，,。；;\s]))若(?!干))",
    re.I,
)
"""A change asked for only under a condition: "if it isn't, cancel it", "unless it has
shipped", "in case it's late", "如果没发货就取消", "要是…就…", "…的话". Not an embedded
question ("see if", "know if", "tell me if": `_NOT_CONDITION_BEFORE`) nor a courtesy ("if
you can", "if possible")."""
_ONLY_FIRST = re.compile(r"^\W*only\b", re.I)
_NOT_CONDITION_BEFORE = re.compile(
    r"\b(?:see|know|check|ask|asking|wonder|wondering|find\s+out|tell\s+me|let\s+me\s+know|"
    r"me|us|sure|curious|what|even|whether|grateful|glad|obliged|appreciate\s+it)\s+$",
    re.I,
)
_COURTESY_CONDITION = re.compile(
    r"^\s*(?:you\s+(?:can|could|don't\s+mind|do\s+not\s+mind|please)|possible|poss|convenient|"
    r"you\s+(?:would|could|will)\s+be\s+so\s+kind|"
    r"that'?s\s+(?:ok|okay|alright|fine)|it'?s\s+(?:ok|okay|no\s+trouble)|"
    r"it\s*(?:is|were|was|'s|be)\s+(?:at\s+all\s+)?(?:possible|convenient|no\s+trouble|"
    r"not\s+(?:inconvenient|too\s+much\s+(?:trouble|bother)))|"
    # "if it isn't too much trouble", "if it's not a bother", typed without the apostrophe
    r"it\s*(?:is|'s|was)\s*n[o']?t\s+(?:too\s+)?(?:much\s+)?(?:of\s+a\s+|a\s+)?"
    r"(?:trouble|bother|inconvenient|problem)|it\s+isnt\s+(?:too\s+)?(?:much\s+)?"
    r"(?:of\s+a\s+|a\s+)?(?:trouble|bother|problem)|"
    r"it\s*(?:would|will|'d|'ll)\s*n[o']t\s+(?:be\s+)?(?:too\s+)?(?:much\s+)?"
    r"(?:trouble|bother|burdensome|inconvenient|a\s+problem))\b",
    re.I,
)
""""if you can", "if possible", "if it is not inconvenient", "if it would not be too
burdensome": a courtesy before a request, no condition on it."""
_CN_COURTESY_CONDITION = re.compile(
    r"^\s*(?:如果|要是|若是|倘若|假如|如|若)?\s*(?:您|你)?(?:方便|可行|可以|允许|不(?:太|是很)?麻烦|不介意)"
    r"(?:的话)?[\s,，;；]*$"
)
"""The same courtesy in Chinese, a clause of its own: "如方便，请…", "倘若可行，请…"."""
_CN_CONDITION = re.compile(
    r"如果|(?<![主重需只])要是|假如|假设|万一|若是|倘若|除非|的话|"
    # written 若 opening its clause: "若取消订单30501，款项几日可退回？"
    r"(?:^|(?<=[，,。；;\s]))若(?!干)"
)
"""A Chinese condition, wherever it stands in its clause; the next clause is its result."""
_OPENS_WITH_CONDITION = re.compile(
    r"^\s*(?:(?:and|but|so|then|oh)\s+)?(?:(?:only|just|even)\s+)?"
    r"(?:if|unless|in\s+case|provided|as\s+long\s+as)\b|"
    r"^\s*(?:如果|要是|假如|假设|万一|若是|倘若|除非|若(?!干))",
    re.I,
)


_WHEN_STATE = re.compile(
    r"^\s*(?:(?:and|but|so|then)\s+)?(?:once|when|whenever|as\s+soon\s+as)\s+"
    r"(?!(?:you|u|i|we)\b)(?:[\w-]+\s+){1,3}?(?:is|are|gets|get|has|have|was)\b",
    re.I,
)
"""A change asked for once a thing reaches a state ("Once T-12 is closed, open a new one",
"when my VPN ticket gets fixed, remind me …"): a change for later, which no tool
schedules. Not "when you get a chance" (a courtesy: the subject is the assistant or the
user) nor "ping me once it's triaged" (mid-clause: the intent's own notification)."""


_INVERTED_IF = re.compile(
    r"^\s*(?:(?:and|but|so)\s+)?(?:should|were|had)\s+(?P<rest>(?!(?:i|we|you|u)\b)"
    r"(?:the|my|our|it|that|this|order|ticket|[\w-]+\s+(?:still|not|be))\b)",
    re.I,
)
"""A condition said by inversion ("should the app still be down tomorrow, open a ticket
then"): "if" without the word. Not a question to the assistant ("should I cancel …?")."""


def _conditional(clause: str) -> bool:
    if _CN_COURTESY_CONDITION.match(clause):
        return False
    if _WHEN_STATE.match(clause):
        return True
    if (inverted := _INVERTED_IF.match(clause)) is not None:
        # "should it be convenient, please also display my total": a courtesy
        return _COURTESY_CONDITION.match(clause[inverted.start("rest") :]) is None
    for m in _CONDITION.finditer(clause):
        if m.group("if") and m.group("if").lower() == "if":
            # ("Only text me if it's delayed": not "text me if it shipped", which asks whether)
            if _NOT_CONDITION_BEFORE.search(clause[: m.start()]) and not _ONLY_FIRST.match(clause):
                continue
            if _COURTESY_CONDITION.match(clause[m.end() :]):
                continue
        return True
    return False


_BEFORE_I = re.compile(r"^\W*before\s+(?:i|we)\s+(?!\w+\s+(?:you|u)\b)", re.I)
_AGAIN_AFTER = re.compile(
    r"\b(?:again|once\s+more|after(?:wards)?|before\s+and\s+after|compare)\b", re.I
)
"""A change the user will make later, named as a time: "Wait, before I open a ticket, can
you show me the latest one I already have?" asks for the read, not the ticket."""


def conditional_clauses(text: str) -> set[int]:
    """The start offsets of the clauses whose change is asked for only under a condition.

    The clause that states the condition ("if it isn't cancel it"), the clause right after
    one that opens with it ("if it hasn't shipped, cancel it", "如果没发货，就取消"), and
    the clause right before a closing condition that asks nothing itself ("cancel it, if
    it hasn't shipped"). A conditional change is no request to make it now: the run reads
    what the condition asks about, or asks.
    """
    cut = clauses(text)
    out: set[int] = set()
    # (not a comparison around the change: "Before I add 138/86, show me the trend, then show
    # it again" asks for the change between the two looks)
    later = any(_BEFORE_I.match(c) for _, c in cut) and not _AGAIN_AFTER.search(text)
    for n, (start, clause) in enumerate(cut):
        if later and _BEFORE_I.match(clause):
            out.add(start)  # "before I open a ticket, show me the latest one"
            continue
        if not _conditional(clause):
            continue
        out.add(start)
        if _CN_CONDITION.search(clause) and n + 1 < len(cut):
            out.add(cut[n + 1][0])  # "10091要是还没发货，就帮我取消": the subject comes first
        if (
            _OPENS_WITH_CONDITION.match(clause)
            or _WHEN_STATE.match(clause)
            or _INVERTED_IF.match(clause)
        ):
            if n + 1 < len(cut):
                out.add(cut[n + 1][0])
            if n > 0 and _find_cue(clause, (*GENERIC_CUES, *OTHER_CHANGE_VERBS)) is None:
                out.add(cut[n - 1][0])
    return out


_CONDITION_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|\d[a-z0-9-]*|#|[\u3400-\u9fff]+", re.I)
_NOT_SUFFIX = re.compile(r"(?<=[a-z])(?:n'?t)$", re.I)
_CONDITION_SUBJECT = frozenset(
    {
        *("it", "its", "the", "my", "our", "this", "that", "one", "yet", "still"),
        *("has", "have", "had", "is", "are", "was", "were", "been", "be", "did", "does", "do"),
    }
)
"""Words a condition may hold besides its state: what it is about ("it", "my order 10091")
and the auxiliaries of that state ("has not been shipped" is "not shipped")."""
_CN_CONDITION_SUBJECT = re.compile(
    r"^(?:我的|我那个|这个|那个|这笔|那笔|这|那|它|还|仍然|依然|都)+"
)
_CN_CONDITION_END = re.compile(r"就|那就|便|的话|[，,。.;；!！]")


def _state_words(tokens: list[str]) -> list[str]:
    """The words of a condition that say its state, each "n't" as "not"."""
    out: list[str] = []
    for n, token in enumerate(tokens):
        word = token.lower()
        # "hasn't", "isnt", "won't", "can't": the auxiliary goes, the "not" stays
        if (m := _NOT_SUFFIX.search(word)) is not None and word[: m.start()] in (
            *_CONDITION_SUBJECT,
            *("ai", "wo", "ca"),
        ):
            out.append("not")
            continue
        if word in _CONDITION_SUBJECT or word == "#" or word[0].isdigit():
            continue
        if n + 1 < len(tokens) and tokens[n + 1][0].isdigit() and word in ID_NOUNS:
            continue  # the id's label: "order 10091"
        if _is_cjk(word):
            word = _CN_CONDITION_SUBJECT.sub("", word)
            for noun in ID_NOUNS:
                if _is_cjk(noun) and word.endswith(noun) and n + 1 < len(tokens):
                    word = word[: -len(noun)]
            if not word:
                continue
        out.append(word)
    return out


_RESULT_LEAD = re.compile(
    r"^[\s,;:]*(?:(?:then|please|pls|just|and|go\s+ahead\s+and)\b[\s,]*)*", re.I
)


def _result_follows(rest: str) -> bool:
    """Whether what follows a condition's state ends it: nothing, or the change it asks.

    "if it hasn't shipped yet cancel it" ends at "yet"; "if it hasn't shipped by
    Wednesday" goes on, and so is a condition of its own.
    """
    rest = _RESULT_LEAD.sub("", rest, count=1)
    if not rest.strip(" .!?~…"):
        return True
    found = _find_cue(rest, (*GENERIC_CUES, *OTHER_CHANGE_VERBS))
    return found is not None and found[0] == 0


def _condition_span(
    clause: str, m: re.Match[str], wanted: frozenset[str]
) -> tuple[int, int] | None:
    """Where in the clause the condition opened by `m` runs, when it says only a state wanted.

    Chinese ends it at its result (就, a comma) or at 的话, which may close it; English at
    the state's last word (and a "yet"), so long as what follows is the change it asks.
    """
    if m.group().lower() == "的话":
        lead = clause[: m.start()]
        begin = max(lead.rfind(c) for c in "，,；;：: ") + 1
        span, said = (begin, m.end()), clause[begin : m.start()]
    elif m.group("cn"):
        end = _CN_CONDITION_END.search(clause, m.end())
        stop = end.start() if end is not None else len(clause)
        said = clause[m.end() : stop]
        span = (m.start(), end.end() if end is not None and end.group() == "的话" else stop)
    else:
        tokens = list(_CONDITION_TOKEN.finditer(clause, m.end()))
        for k in range(1, len(tokens) + 1):
            if " ".join(_state_words([t.group() for t in tokens[:k]])) not in wanted:
                continue
            stop = tokens[k - 1].end()
            if k < len(tokens) and tokens[k].group().lower() in ("yet", "still"):
                stop = tokens[k].end()
            if not _result_follows(clause[stop:]):
                return None
            span, said = (m.start(), stop), clause[m.end() : stop]
            break
        else:
            return None
    if " ".join(_state_words(_CONDITION_TOKEN.findall(said))) not in wanted:
        return None
    return span


@lru_cache(maxsize=64)
def _wanted_states(states: tuple[str, ...]) -> frozenset[str]:
    """An intent's checked states as a condition reads them.

    "has not been shipped" is "not shipped": read once per intent, not once per request.
    """
    return frozenset(" ".join(_state_words(_CONDITION_TOKEN.findall(s))) for s in states) - {""}


def checked_condition(text: str, states: Iterable[str]) -> str | None:
    """The request with a condition blanked that says only one of `states`, or None.

    "if it hasn't shipped yet, cancel order 10086", "要是订单10232还没发货，就给我取消了":
    the condition is one the write checks itself (`IntentSpec.checked_conditions`: a
    cancellation takes only an order still processing), so the request asks for the
    change now. The condition's words go (offsets kept); its subject's id stays. A
    condition that says anything else ("by Wednesday", "if the trip gets approved",
    "unless it has shipped") is left as it is, and so is a condition after a question
    ("is it shipped? if not, cancel it"): that run reads first.
    """
    wanted = _wanted_states(tuple(states))
    if not wanted:
        return None
    out = text
    for start, clause in clauses(text):
        if not _conditional(clause):
            continue
        for m in _CONDITION.finditer(clause):
            word = m.group().lower()
            if (
                m.group("if")
                and word not in ("if", "as long as")
                and not word.startswith("provided")
            ):
                continue  # "unless" and "otherwise" turn the state round
            span = _condition_span(clause, m, wanted)
            if span is None:
                continue
            begin, stop = start + span[0], start + span[1]
            kept = [
                t.span()
                for t in _CONDITION_TOKEN.finditer(out, begin, stop)
                if t.group()[0].isdigit() or t.group().lower() in ID_NOUNS
            ]
            blank = [" " if ch != "\n" else ch for ch in out[begin:stop]]
            for a, b in kept:
                blank[a - begin : b - begin] = out[a:b]
            out = out[:begin] + "".join(blank) + out[stop:]
    return None if out == text else out


_CJK_CHAR = re.compile(r"[\u3400-\u9fff]")


def _is_cjk(word: str) -> bool:
    return _CJK_CHAR.search(word) is not None


_FILLERS = r"^(?:(?:so|ok|okay|well|um|uh|oh|and|but|actually|honestly|yeah|btw|anyway)\b[\s,]*)*"
_INTENDED = re.compile(
    _FILLERS + r"(?:(?:i|we)\s+)?(?:(?:was|were)\s+(?:just\s+|really\s+|originally\s+)?"
    r"(?:about\s+to|going\s+to|gonna|fixin[g']?\s+to|planning\s+(?:to|on)|meaning\s+to|thinking\s+(?:of|about))|"
    r"(?:(?:almost|nearly)(?!\s+forgot)|(?:originally\s+)?meant\s+to|had\s+planned\s+to|'d\s+planned\s+to))\b",
    re.I,
)
"""A change meant once and not made: "I was about to cancel 10094", "we were going to file
it", "I almost cancelled it", Texan "I was fixin' to cancel it". Not "I'm going to need…"
(now) nor "I wanted to cancel my order" (a polite request)."""
_CN_INTENDED = re.compile(
    # (and the written 欲: "订单30501本欲取消，思之再三，尚不取消")
    r"(?:本来|原本|原来|本|当初|一度)(?:还)?(?:是)?(?:想|打算|准备|计划|欲)|(?:本来|原本|原来)要|差一?点(?!忘)"
)
"""本来想取消, 原本打算报销, 差点就取消了: a change once meant, not asked for now."""
_RETRACTION = re.compile(
    r"^(?:(?:oh|ok|okay|actually|nah|no|um|uh|well|wait|hmm|so|and|but|eh|ah|hang\s+on)\b"
    r"[\s,]*)*"
    r"(?:i\s+)?(?:nvm|nevermind|never\s+mind|forget\s+(?:it|that|about\s+(?:it|that))|"
    r"(?:scratch|scrap)\s+that|disregard\s+that|ignore\s+that|on\s+second\s+thoughts?|"
    r"changed\s+my\s+mind|(?:don'?t|do\s+not)(?:\s+do\s+(?:it|that)|\s+bother)?|"
    # "Cancel 90312. Actually, hmm, maybe not", "… Leave it for now."
    # ("keep it": "Cancel the order 77230... non, finalement, keep it, …")
    r"maybe\s+not|(?:leave|keep)\s+it(?:\s+(?:for\s+now|as\s+it\s+is|be))?|"
    # "I know it sounds like I'm about to cancel something, but I'm not"
    r"(?:i'?m|i\s+am|we'?re|we\s+are)\s+not(?:\s+going\s+to)?|"
    r"(?:i|we)\s+(?:won'?t|will\s+not)|"
    # hesitation ending in a bare "no": "cancel order 77410, oh wait, no"
    r"(?:oh|ah|um|uh|hmm|wait|well)[\s,]+(?:no|nah|nope)(?:[\s,]+(?:wait|no|nah))*)"
    r"[\s,;.!?~…]*$",
    re.I,
)
"""A clause that only takes back what came before it: "nvm", "never mind", "forget it",
"scratch that", a bare "don't" ("file it... actually wait, don't"), "but I'm not" after a
change it sounds like ("it sounds like I'm about to cancel something, but I'm not"). Not
"never mind the
refund" (it names what not to bother with) nor "changed my mind about order 10100" (a
request follows)."""
_HAVE_CHANGED_MIND = re.compile(
    r"(?P<but>but[\s,]+)?(?:i\s+have|i'?ve)\s+changed\s+my\s+mind[\s;.!?~…]*", re.I
)
_BUT_BEFORE = re.compile(r"\bbut[\s,]*$", re.I)
""""I have changed my mind" takes the change back only after "but" (in its clause or just
before it); alone ("Cancel order 55102 there, I've changed my mind") it is the change's
reason."""
_WAIT = re.compile(r"(?:wait|hold\s+on|hang\s+on)[\s;.!?~…]*", re.I)
"""A clause that only waits ("wait.", "hold on"), read as a retraction after a bare "no"."""
_BARE_NO = re.compile(r"(?:no|nah|nope)(?:[\s,]+(?:wait|no|nah))*[\s;.!?~…]*", re.I)
_PAUSE = re.compile(r"(?:[\s,.…]|\b(?:oh|ah|um|uh|hmm+|wait|well|actually)\b)*", re.I)
"""A clause of hesitation alone ("oh wait", or a filler already blanked by `fillers`)."""
_CN_RETRACTION = re.compile(
    r"^\s*(?:但是?|可是|不过|哎|唉|呃|嗯|哦|啊|好吧|那|那就|其实)*"
    r"(?:还是)?(?:算了(?:[，,\s]*(?:先|还是)?不[\u3400-\u9fff]{1,3}了)?|不用了|没事了?|当我没说|不必了|"
    r"还是不[\u3400-\u9fff]{0,4}了|"
    # a bare 先不报 / 先别记: the verb refused, with nothing after it ("- 先不报，等发票")
    r"先[不别][报记存开提发做交](?:了|吧)?)[吧啦呀哈，。；！？!?~…\s]*$"
)
"""算了, 算了不报了, 不用了, 当我没说, 还是不取消了, a bare 先不报: the clause takes back what came
before. Not 不要了 on its own ("订单10091，不要了" asks to cancel it) nor 算了 after a verb
("直接取消算了")."""
_TRAILING_RETRACTION = re.compile(
    r"(?:\.{2,}|…+|⋯+)\s*(?:(?:oh|actually|nah|no|wait)\b[\s,]*)*(?:nvm|nevermind|never\s+mind|"
    r"forget\s+it|(?:scratch|scrap)\s+that|(?:其实)?(?:算了|不用了)|当我没说)"
    r"(?:[\s,;.!?，。；！？~…吧]*$|[\s,，]*(?=(?:先|还是)?(?:不要|别|不用|先别|不[\u4e00-\u9fff]{1,3}了)))|"
    # said aloud, with no pause written: "cancel order one two three no never mind don't
    # cancel anything"
    r"\s(?:(?:oh|actually|nah|no|wait)\s+)*(?:nvm|nevermind|never\s+mind|forget\s+it|"
    r"(?:scratch|scrap)\s+that)(?:[\s,;.!?~…]*$|[\s,]+(?=(?:don'?t|do\s+not)\b))",
    re.I,
)
"""A retraction after a trailing pause in the same clause: "cancel 10091... nvm",
"取消10091吧……算了", "帮我报 60 欧元计程车… 算了先不要报", "夜宵 45块 报了.. 算了不报了" (a
refusal may follow it); in
English also with no pause written, as a voice transcript has it ("cancel order 123 never
mind", "… no never mind don't cancel anything")."""


def _past_forms(verbs: Iterable[str]) -> set[str]:
    irregular = {"make": "made", "build": "built", "run": "ran", "put": "put", "send": "sent"}
    irregular |= {"write": "wrote", "raise": "raised", "get": "got", "do": "did"}
    out: set[str] = set()
    for phrase in verbs:
        if _is_cjk(phrase):
            continue
        first, _, rest = phrase.lower().partition(" ")
        forms = {irregular.get(first, first + "ed"), first + first[-1] + "ed"}
        if first.endswith("e"):
            forms.add(first + "d")
        if first.endswith("y") and first[-2:-1] not in "aeiou":
            forms.add(first[:-1] + "ied")
        if first == "cancel":
            forms.add("canceled")
        out |= {f"{form} {rest}".strip() for form in forms}
    return out


PAST_FORMS: tuple[str, ...] = tuple(
    sorted(_past_forms((*GENERIC_CUES, *OTHER_CHANGE_VERBS)), key=len, reverse=True)
)
"""The change verbs told as done ("filed", "cancelled", "wrote down"), longest first."""
_PAST = "(?:" + "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in PAST_FORMS) + r")(?![\w'-])"
_ADVERBS = r"(?:(?:already|just|also|previously|earlier|actually|originally|even|recently)\s+)*"
_HOW_MUCH_DONE = re.compile(r"\bhow\s+(?:much|many)\b", re.I)
"""How much or how many of what was done, asked: a read of past changes, not one told."""
_REPORTED = re.compile(
    rf"(?:^|(?<=[\s,]))(?:i|we)(?:'ve|'d|\s+have|\s+had)?\s+{_ADVERBS}{_PAST}|"
    rf"\b(?:already|was|were|been|got)\s+{_ADVERBS}{_PAST}",
    re.I,
)
"""A change told as done: "I filed a 30 EUR taxi claim yesterday", "I've already logged
130/85", "the claim was already submitted"."""
_OWN_LATER = re.compile(
    r"\b(?:i'll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to|i'm\s+gonna)\s+"
    r"(?:(?:just|probably|then|still)\s+)?(?:file|submit|claim|log|record|enter|cancel|open|"
    r"raise|send|do)\b(?![^.?!]*\b(?:for\s+me|if\s+you)\b)|"
    r"\bi\s+(?:plan|intend|pretend|mean|hope)\s+to\s+(?:file|submit|claim|log|record|enter|"
    r"cancel|open|raise|send)\b(?=[^.?!]*\b(?:later|tomorrow|next\s+week|afterwards|"
    r"another\s+time)\b)",
    re.I,
)
"""The user's own change to come ("I'll file the 25 EUR taxi myself later", "I plan to
cancel it later", Portuguese "pretendo" as "I pretend to cancel … later"): told, not asked
of the assistant now."""
_CHANGE_STEMS = sorted(
    {w.split()[0].lower() for w in (*GENERIC_CUES, *OTHER_CHANGE_VERBS) if w.isascii()},
    key=len,
    reverse=True,
)
_RELATIVE_CHANGE = re.compile(
    r"(?:\b(?:the|that|those|these|this)\s+(?:[a-z]+\s+){1,3}?(?:that\s+|which\s+)?|"
    # a thing named by its id ("Na ticket 48 I open on Monday"), Pidgin's "wey" (which)
    r"\b(?:ticket|claim|job|report)\s+#?(?:[a-z]-?)?\d+\s+(?:that\s+|which\s+)?|"
    r"\bwey\s+)(?:i|we)\s+"
    rf"{_ADVERBS}(?:{'|'.join(re.escape(w) for w in _CHANGE_STEMS)})(?:ed|d)?(?![\w'-])",
    re.I,
)
"""A change told in a clause about what it made, in any tense: "the ticket i open just now
got anyone pick up or not" (Singapore English marks no past), "that claim we submit on
Monday", "ticket 48 I open on Monday", Pidgin "e don tey wey I open am". The thing was
made before; the request is about it."""
_DONE_ALREADY = re.compile(
    r"(?:^|(?<=[\s,]))(?:i|we)\s+(?:(?:think|guess|believe)\s+(?:i|we)\s+)?"
    rf"(?:{'|'.join(re.escape(w) for w in _CHANGE_STEMS)})\b[^.,;!?]{{0,40}}\balready\b",
    re.I,
)
"""A change told as done in a language that marks no past tense, with "already" ("I think I
submit taxi 85 CNY already", as Vietnamese, Thai and Chinese speakers write): told, not
asked for."""
_CN_PAST_THEN = re.compile(
    r"(?:昨天|前天|昨晚|上周|上礼拜|上星期|上个?月|刚才|刚刚|之前|前几天|那天|早上|上午|下午)"
    r"[\u3400-\u9fff\w\s]{0,6}?就$"
)
"""A time gone by, then 就, before a change verb: "上礼拜三就报修了" tells it was done then."""
_CN_TIME_GONE = re.compile(_CN_GONE_BY + r"[\u3400-\u9fff\w\s]{0,6}$")
"""A time gone by right before a change verb and its 的: what was made then."""
_ID_AFTER = re.compile(r"[A-Za-z]-?\d+|\d{4,}")
_CN_DONE_BEFORE = re.compile(
    r"(?:已经|早就|早已|都已|已)[\u3400-\u9fff\w\s]{0,4}$|"
    # the button pressed before: "我上个礼拜好像点过取消", "按了取消"
    r"(?<![帮给替请])(?:点|按|摁|戳)(?:过|了)\s*$"
)
_CN_WHEN_PAST = re.compile(
    r"(?:之前|以前|上次|上回|那次|当时|刚才|刚刚|昨天|前天|昨晚|今早|早上|上午|下午)"
    r"[^，。！？,.!?]{0,12}的时候|"
    # the user's own attempt on a device: "我在手机上提交报销，一按提交就闪退"
    r"我(?:刚才|刚刚|今天|昨天)?(?:在|用)(?:手机|电脑|app|APP|App|网页|网站|系统|小程序|页面)"
    r"(?:上|里)?[^，。！？,.!?]{0,12}"
)
"""A time told by what was done then ("之前取消订单的时候", "上次报销的时候", "刚才生成报告的
时候"), or the user's own try on a device ("我在手机上提交报销"): a story."""
_CN_REQUESTING = re.compile(r"帮|请|麻烦|给我|替我|能不能|可以|要|想|得|需要|一下|吧")


def _reported(clause: str) -> bool:
    """Whether the clause tells of a change already made rather than asking for one.

    "I filed a 30 EUR taxi claim yesterday", "of the 3 tickets I raised", "it was already
    submitted"; "我昨天报了一笔打车费", "已经提交了", "上周报过", "我上周五提交的". Not a
    clause that opens with a change verb ("delete the claim I filed yesterday" asks to
    delete it) or a read command ("list every claim I filed", a read of past changes), nor a
    change asked for as a result ("I want it cancelled", `_DONE_FOR_ME`), nor a Chinese
    request ("帮我报了", "把它取消了吧").
    """
    body, _ = _request_body(clause)
    if _AROUND.search(clause):
        return False  # "before and after we put in 119/77": the change is asked for
    opening = _find_cue(body, (*GENERIC_CUES, *OTHER_CHANGE_VERBS))
    if opening is not None and opening[0] == 0 and not _is_cjk(opening[1]):
        return False
    if _READ_VERBS.match(body) or _CN_READ.match(body):
        return False  # "list every claim I filed": a read of past changes
    if _HOW_MUCH_DONE.search(body):
        return False  # "May I ask how much I have claimed in these 14 days?": a read asked
    if _DONE_FOR_ME.search(clause):
        return False
    if _REPORTED.search(body) or _RELATIVE_CHANGE.search(body) or _OWN_LATER.search(body):
        return True
    if _DONE_ALREADY.search(body):
        return True
    for at, cue in _cjk_verbs(body, (*GENERIC_CUES, *OTHER_CHANGE_VERBS, "报")):
        after = body[at + len(cue) : at + len(cue) + 1]
        # (过来, 过去 after it say where it goes: "给我发个短信过来" asks for the text)
        past = after == "过" and body[at + len(cue) + 1 : at + len(cue) + 2] not in ("来", "去")
        if past or _CN_DONE_BEFORE.search(body[:at]):
            return True
        if any(m.start() <= at < m.end() for m in _CN_WHEN_PAST.finditer(body)):
            return True  # "之前取消订单的时候没人告诉我…": a time it was done
        if (
            after == "的"
            and _CN_TIME_GONE.search(body[:at])
            and not _CN_REQUESTING.search(body[:at])
            and _ID_AFTER.search(body, at)
        ):
            return True  # "昨天提交的报告任务编号是 J-63": the one made then, named by its id
        # "上礼拜三就报修了": 报 with its object (修), then 了
        finished = cue.endswith("了") or "了" in body[at + len(cue) : at + len(cue) + 2]
        if finished and _CN_PAST_THEN.search(body[:at]) and not _CN_REQUESTING.search(body):
            return True
        done = cue.endswith("了") or after == "了"
        # "我上周五提交的" ends the clause on 的: the one I submitted, told as done.
        done = done or (after == "的" and not body[at + len(cue) + 1 :].strip(" 。.!！?？~"))
        if body[at + len(cue) :].lstrip("了").startswith(_CN_THEN):
            continue  # "我提交了之后看下合计": a change, then a read
        # "上周打的车都报了": all of them filed, told as done ("把这些都报了" asks for it).
        told = "我" in body[:at] or (body[:at].endswith("都") and "把" not in body[:at])
        # "订单10087取消了，钱还没到": the order, named, then its change and 了 closing the
        # clause, is what happened to it ("把订单10087取消了" and "…取消了吧" ask)
        told = told or (
            done
            and _NAMED_THING_END.search(body[:at]) is not None
            and "把" not in body[:at]
            and not body[at + len(cue) :].strip(" 了。.!！~，,；;")
        )
        asked = _CN_HOW_MANY.search(body, at)  # "我一共报了多少": a question about them
        if done and told and not asked and not _CN_REQUESTING.search(body):
            return True
    return False


_NAMED_THING_END = re.compile(
    r"(?:订单|单子|工单|单号|任务)\s*(?:号\s*)?(?:[A-Za-z]-?\d+|\d{2,})\s*$"
)
"""An order, ticket or job named by its id right before a change word."""
_CN_HOW_MANY = re.compile(r"多少|几笔|几张|几次|几个|哪些|哪几")
"""A question about the changes made, after their verb ("我这个月一共报了多少", "报了几笔")."""


_ONLY_VALUES = re.compile(
    r"(?:[\d.,/]+|and|or|plus|&|eur|usd|cny|rmb|euros?|dollars?|bucks|yuan|元|块|和|还有|[$€¥￥]|"
    r"[\s,;.!?，。；！？—–-])+",
    re.I,
)
"""A clause of values only ("14.20 and 9.90"): the rest of a list the clause before began."""


_PASTED_LINE = re.compile(
    # ("Date:" alone is a form's field, "Date: yesterday"; under "From:" it is a mail's
    # header, `_MAIL_HEADERS`)
    r"^[ \t]*(?:>|(?:re|fwd?|fw|subject|from|to|cc|sent)[ \t]*[:：]|(?:回复|转发|主题)[:：]|"
    # a message forwarded under its kind: "快递短信：【顺丰】您的订单 66231 已发出。"
    r"[\u4e00-\u9fff]{0,4}(?:短信|通知|消息)[:：]\s*(?=【)|"
    # a notification under its source's tag, or an automatic reply: "【工单通知】您的工单 T-52
    # 已分配给技术人员。", "Auto-reply: Your ticket T-45 has been received …"
    r"(?=【[^】\n]{1,12}】[^\n]*\n\s*\S)|(?:auto-?reply|automatic\s+reply)[ \t]*[:：]|"
    r"sent\s+from\s+(?:my\s+|outlook\b)|get\s+outlook\b)[^\n]*",
    re.I | re.M,
)
"""A line pasted with the request rather than typed as it: quoted mail ("> please keep
logging"), a mail header ("Re: bp log", "Fwd: Your order has shipped!"), a phone's "Sent
from my iPhone", a text forwarded under its kind ("快递短信：【顺丰】…")."""
_SUBJECT_DASH = re.compile(r"^[ \t]*re[ \t]*[:：][^\n.!?]{0,40}?\s[-—–]+\s", re.I)
"""A subject the user wrote before their own request, closed by a dash ("Re: BP — kindly
record 142/91 …", as a paralegal heads a note): the request follows the dash."""
_SIGNATURE = re.compile(r"^[ \t]*--[ \t]*$", re.M)
"""The line that opens a mail signature: what follows it is the sender's, not a request."""


_SENTENCE_END = re.compile(r"(?<=\S)\s?[.!?。！？]+['\"”’]?(?=\s|$)|(?<=['\"”’])(?=\s+[-—–]\s)")


def _pasted(text: str) -> list[tuple[int, int]]:
    """The spans of the request that were pasted with it (`_PASTED_LINE`, a signature).

    On one line ("FW: Your order #10355 has been dispatched. Where is it now?") the pasted
    part runs to its first sentence's end: what follows is the user's own request.
    """
    if "\n" not in text:
        if not _PASTED_LINE.match(text):
            return []
        if (subject := _SUBJECT_DASH.match(text)) is not None:
            return [(0, subject.end())]  # "Re: BP — kindly record 142/91 …": the user's own
        end = _SENTENCE_END.search(text)
        return [(0, end.end() if end is not None and text[end.end() :].strip() else len(text))]
    spans = [m.span() for m in _PASTED_LINE.finditer(text)]
    if (sign := _SIGNATURE.search(text)) is not None:
        spans.append((sign.start(), len(text)))
    for head in _MAIL_HEADERS.finditer(text):
        # a forwarded mail's body is the sender's, to the line that closes it
        close = _CLOSING_LINE.search(text, head.end())
        spans.append((head.start(), close.start() if close is not None else len(text)))
    return spans


_MAIL_HEADERS = re.compile(
    r"^[ \t]*(?:from|发件人|寄件者)[ \t]*[:：][^\n]*\n"
    r"(?:[ \t]*(?:sent|to|cc|date|subject|发送时间|收件人|主题|日期)[ \t]*[:：][^\n]*(?:\n|$))+",
    re.I | re.M,
)
"""A forwarded mail's header block: "From:" and at least one of "Sent:", "To:", "Subject:"
below it, as a mail program quotes it."""
_CLOSING_LINE = re.compile(
    r"^[ \t]*(?:-{3,}|_{3,}|={3,}|-+\s*original\s+message\s*-+)[ \t]*$", re.I | re.M
)
"""A line that closes a quoted mail ("---", "____"): what follows is the user's own."""


def cited_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the request in someone else's words: pasted lines and quotations.

    "FW: Your order #10355 has been dispatched", "Helpdesk mail: 'Your request T-77 has
    been updated.'": their "your" is the user and their possessives are not another
    person's things the user asks about; the user's own words around them are the request.
    """
    return sorted({*_pasted(text), *quoted_spans(text), *_source_labels(text)})


_ADOPTED = re.compile(
    r"\b(?<!\bdid\s)(?<!\bi\s)(?<!\bwe\s)(?<!\bto\s)(?<!\bdoes\s)(?<!\bhave\s)"
    r"(?<!\bneed\s)(?<!\bmust\s)(?<!\bshould\s)(?:go\s+ahead|"
    r"do\s+(?:it|that|this|so|as\s+(?:it|he|she|they)\s+says?)|proceed|"
    r"please\s+do|make\s+it\s+so)\b(?!\s+(?:already|yet|before)\b)|照办|照做|就这么办|按这个办|执行吧",
    re.I,
)
"""The user taking a quoted request as their own ("Forwarding: 'Please generate the monthly
report for March.' Go ahead."): its verbs ask for the change after all. Not when the user
asks whether it was done ("Did I do that already?", "do I need to do it?")."""


@lru_cache(maxsize=1024)
def outside_cited(text: str) -> str:
    """The request with what it cites (`cited_spans`) blanked, offsets kept.

    The user's own words, which the router reads first beside a pasted notification; kept
    per text, since every intent's rule asks for them.
    """
    cited = cited_spans(text)
    if not cited:
        return text
    return "".join(" " if any(s <= i < e for s, e in cited) else c for i, c in enumerate(text))


@lru_cache(maxsize=1024)
def _unasked_cited(text: str) -> tuple[tuple[int, int], ...]:
    """The cited spans whose change words ask for nothing: all, unless the user adopts them.

    A source label ("SMS from the garage:") never asks; a quotation does when the user's own
    words outside it say to go ahead (`_ADOPTED`). Kept per text: a decision asks it for
    each clause that holds a change word.
    """
    cited = cited_spans(text)
    quotes = quoted_spans(text)
    if _ADOPTED.search(outside_cited(text)):
        return tuple(span for span in cited if span not in quotes)
    return tuple(cited)


def _source_labels(text: str) -> list[tuple[int, int]]:
    """The spans naming where a quotation came from (`_SOURCE_LABEL`)."""
    return [
        (label.start(), start)
        for start, _ in quoted_spans(text)
        if (label := _SOURCE_LABEL.search(text, 0, start)) is not None
    ]


_SOURCE_LABEL = re.compile(
    r"(?:^|(?<=[.!?。！？]\s)|(?<=\n))[^.!?。！？\n:：]{1,60}"
    r"(?:[:：]|\b(?:says|said|reads|shows|showed|wrote|writes)|显示|写着|提示)\s*$",
    re.I,
)
"""Whose words a quotation is ("SMS from the parking garage: '…'", "Doctor's message:
'…'", "Email says '…'", "页面显示“…”"): the label names where the words came from and asks
for nothing itself."""


_CN_DESCRIBED = re.compile(r"(?:就是|也就是|即)[^，。,.!?！？]*?(?:那个|那张|那笔|那单|那件)")
"""A clause saying which thing is meant ("工单12号，就是报销120块那个问题的"): its verb
describes the thing, and asks for nothing."""


def unasked_clauses(text: str) -> dict[int, str]:
    """The clauses that mention a change without asking for it, by start offset and why.

    "retracted": a change meant once and dropped ("I was about to cancel 10094", "本来想
    取消"), or any clause before one that takes back what came before it ("nvm", "never
    mind", "forget it", "scratch that", "算了", "不用了"). "reported": a change told as done
    ("I filed a 30 EUR taxi claim yesterday", "已经提交了", "我昨天报了"). "quoted": a line
    pasted with the request (`_pasted`: "Re: bp log", "> please keep logging your
    readings"). None asks for a write: the run reads what the rest of the request asks, or
    asks.
    """
    return dict(_unasked_of(text))


@lru_cache(maxsize=4096)
def _unasked_of(text: str) -> tuple[tuple[int, str], ...]:
    cut = clauses(text)
    out: dict[int, str] = {}
    pasted = _pasted(text)
    undecided = False
    for n, (start, clause) in enumerate(cut):
        body = clause.strip()
        if any(s <= start + len(clause) - len(clause.lstrip()) < e for s, e in pasted):
            out[start] = "quoted"
        elif (
            _RETRACTION.match(body)
            or _CN_RETRACTION.match(body)
            or _TRAILING_RETRACTION.search(body)
            # "cancel order 77410, oh wait, no": a bare no after a pause of its own
            or (n > 0 and _BARE_NO.fullmatch(body) and _PAUSE.fullmatch(cut[n - 1][1].strip()))
            # "Cancel 55187. No, wait.": a wait after a bare no of its own
            or (n > 0 and _WAIT.fullmatch(body) and _BARE_NO.fullmatch(cut[n - 1][1].strip(" ,")))
            # "cancel 61025, but I have changed my mind", "Cancel 61026. But I've changed my mind."
            or _changed_mind_but(text, start, body)
        ):
            if n + 1 < len(cut) and _names_what_is_dropped(cut[n + 1][1]):
                # "有进展就通知我，哦算了，不用通知了": the next clause says what is dropped
                out[start] = "retracted"
                continue
            for earlier, _ in cut[: n + 1]:
                out[earlier] = "retracted"
        elif _INTENDED.match(body) or _CN_INTENDED.search(body):
            out[start] = "retracted"
        elif _CN_DESCRIBED.match(body) or _reported(clause) or _CN_WHEN_IT_HAPPENED.search(body):
            out.setdefault(start, "reported")
        elif n > 0 and out.get(cut[n - 1][0]) == "reported" and _ONLY_VALUES.fullmatch(body):
            out[start] = "reported"  # "I filed 3 lunches for 12.50, 14.20 and 9.90"
        if _UNDECIDED.match(body) and (n > 0 or not _HEDGE.match(body)):
            undecided = True  # "I'm not sure, maybe it's silly, but could you …" only hedges
    if undecided or _CN_UNDECIDED.search(text) or _ASKS_IF_ALLOWED.search(text):
        out |= {start: "retracted" for start, _ in cut if start not in out}
    return tuple(out.items())


def _changed_mind_but(text: str, start: int, body: str) -> bool:
    """Whether a clause is "but I have changed my mind", its "but" inside it or just before."""
    m = _HAVE_CHANGED_MIND.fullmatch(body)
    return m is not None and (
        m["but"] is not None or _BUT_BEFORE.search(text, 0, start) is not None
    )


_CN_WHEN_IT_HAPPENED = re.compile(r"的时候[^，。！？,!?我]*了[吧啊呀]?[，,。！!]?$")
"""What went wrong while a change was being made ("刚才取消订单的时候卡住了"): the change is
when it happened, told, not asked for."""


def _names_what_is_dropped(clause: str) -> bool:
    """Whether a clause refuses one thing by name ("不用通知了", "don't notify me")."""
    body, _ = _request_body(clause)
    refusal = _REFUSAL.match(body) or _CN_REFUSAL.match(body)
    return refusal is not None and bool(body[refusal.end() :].strip(" ,，.。!！?？~了吧啦"))


_UNDECIDED = re.compile(
    r"^(?:(?:but|and|so|well|hmm+|um+|tbh|honestly)\b[\s,]*)*(?:"
    r"(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:still\s+)?(?:thinking(?:\s+about\s+(?:it|this|that))?|"
    r"deciding|undecided|not\s+sure(?:\s+yet)?|on\s+the\s+fence)|"
    # "…, but not now": the change is for later, not asked for now
    r"not\s+(?:now|yet|right\s+now|for\s+now)|"
    r"(?:i|we)\s+(?:haven'?t|have\s+not)\s+(?:yet\s+)?decided(?:\s+yet)?(?:\s+(?:whether|if)\b[^.?!]*)?|"
    # unsure it is still wanted, and to think it over: "I am not sure I still need it, I must
    # reflect" (French "je dois réfléchir")
    r"(?:i'?m|i\s+am)\s+not\s+sure\s+(?:if\s+|whether\s+)?(?:i|we)\s+(?:still\s+|really\s+)?"
    r"(?:need|want)\s+(?:it|this|that|them)(?:\s+\w+)?|"
    r"(?:i|we)\s+(?:must|need\s+to|have\s+to|will|'ll|should)\s+(?:reflect|think\s+(?:it\s+over|"
    r"about\s+it|more))|"
    # Nigerian English "I never decide": not decided yet
    r"(?:i|we)\s+(?:never|neva|never\s+yet|no\s+yet)\s+decide(?:d)?(?:\s+yet)?|"
    r"(?:still\s+)?not\s+decided(?:\s+yet)?|"
    r"still\s+thinking(?:\s+about\s+it)?|let\s+me\s+think(?:\s+about\s+it)?|"
    # a value doubted and to be checked: "file a meal 25 EUR... actually hold on, not sure it
    # was 25, let me check"
    r"(?:actually\s+)?hold\s+on|"
    r"let\s+me\s+(?:check|double[\s-]?check|confirm)(?:\s+(?:first|again|it|that|the\s+\w+))?|"
    r"not\s+sure\s+(?:if\s+|whether\s+)?(?:it|that|the\s+\w+)\s+(?:was|is|were)\b[^.?!]*|"
    r"how\s+(?:do|can|should|would)\s+i\s+(?:do|go\s+about)\s+(?:that|it|this)|"
    r"pa(?:a)?no\s+(?:ba\s+)?(?:gawin|gagawin|mag-?[a-z]+)(?:\s+(?:yun|iyon|ito|yan))?)"
    r"[\s,;.!?~…]*(?:(?:yet|first|lah|po|eh)\b[\s,;.!?~…]*)*"
    # "…but i am not sure what do you think": the assistant's view asked, nothing decided
    r"(?:(?:what\s+(?:do\s+|would\s+)?(?:you|u)\s+(?:think|suggest|say|reckon)|wdyt|any\s+advice)"
    r"[\s,;.!?~…]*)?$",
    re.I,
)
"""A clause that says the change is not decided, or asks how to make it: "cancel order
66013, I am still thinking about it", "I haven't decided yet", "I never decide", "… but i am
not sure what do you think", "… How do I do that?", Tagalog "Paano ba gawin yun?". Every
change of the request is then told, not asked."""
_HEDGE = re.compile(r"^(?:i'?m|i\s+am)\s+not\s+sure[\s,;.!?~…]*$", re.I)
"""A bare "I'm not sure" that opens a message hedges what follows; after a change it leaves
the change undecided ("…cancel order 51990, but I am not sure")."""
_CN_UNDECIDED = re.compile(
    r"(?:还在考虑|还[没未]想好|还[没未]决定|未决定|我再想(?:想|一?下)|我再考虑一?下|还在犹豫)"
    r"(?![办怎如])|"
    # unsure whether to, and the assistant's view asked: "不知道该不该开…… 你觉得呢"
    # (Chaoshan and Wu 呾 and 讲, say: "…又惊后面还用得着，阿兄你呾呢？")
    r"不知道(?:该不该|要不要|应不应该)|(?:你|您)(?:觉得|看|说|呾|讲)呢|"
    r"(?<![你您])再想想(?![办怎如])"
)
"""The same in Chinese, anywhere in the request ("取消订单66013吧，我再想想"), but not asking
the assistant to think of a way ("你再想想办法")."""
_ASKS_IF_ALLOWED = re.compile(
    r"\b(?:is\s+(?:that|it|this)\s+(?:even\s+|really\s+)?(?:allowed|permitted|legit|ok(?:ay)?\s+to\s+do)|"
    r"am\s+i\s+(?:even\s+|really\s+)?(?:allowed|permitted)|"
    r"(?:not\s+sure|unsure)\s+(?:if\s+|whether\s+)?i'?m\s+(?:even\s+)?allowed|"
    r"will\s+(?:that|it|this)\s+(?:flag|get\s+(?:me\s+)?flagged|raise\s+a\s+(?:red\s+)?flag)|"
    r"should\s+i\s*(?:[,?]|or\b)|is\s+(?:that|this|it)\s+(?:really\s+)?(?:right|correct)\s*\?|"
    # "My colleague says I should open a ticket for the printer. Si it's not worth it?"
    r"(?:is\s+it|it'?s|it\s+is)\s+(?:not\s+|even\s+|really\s+)?worth\s+it\s*\?|"
    # "I want to open a ticket but I don't know if is the right place, is it?"
    r"(?:don'?t|do\s+not|dunno)\s+know\s+(?:if|whether)\s+(?:(?:this|it|here)\s+)?(?:is|it'?s)\s+"
    r"the\s+right\s+(?:place|one|way|thing)|"
    r"is\s+(?:this|here)\s+the\s+right\s+place\b)|"
    r"(?:这样|这么报|这样报)?(?:合规吗|合不合规|允许吗|允不允许|会不会有问题|会被查吗)",
    re.I,
)
"""Asking whether the change is allowed or wise ("A colleague asked me to file her taxi under
my account. Is that even allowed?", "Should I, or will that flag something?", "这样合规吗",
"Si it's not worth it?"):
every change of the request is told, and asked about."""


_RECURRING = re.compile(
    r"\b(?:every|each)\s+(?:other\s+|single\s+)?(?:day|morning|evening|night|week|weekday|weekend|"
    r"month|quarter|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|"
    r"\bevery\s+\d+\s+(?:day|week|month)s\b|\bon\s+(?:mondays|tuesdays|wednesdays|thursdays|"
    r"fridays|saturdays|sundays|weekdays|weekends)\b|\bautomatically\b|\bautomatic\b|"
    r"\brecurring\b|\bon\s+a\s+(?:schedule|regular\s+basis)\b|\bfrom\s+now\s+on\b|"
    r"自动|定期|每天|每日|每晚|每早|每周[一二三四五六日天]|每星期[一二三四五六日天]|"
    r"每个?月\s*[0-9一二三四五六七八九十]+\s*[号日]|每隔|以后每|"
    # a reminder for later: "remind me at 6 to call the mechanic", "提醒我明天…"
    r"\bremind\s+(?:me|us)\s+(?:at|in|on|tomorrow|tonight|later|next|to)\b|"
    r"提醒我(?=\s*(?:明天|今晚|晚上|下午|等会|一会|[0-9一二两三四五六七八九十]+\s*点))|"
    # a message to send at a time to come: "text us the status of 50771 tomorra mornin"
    r"\b(?:text|sms|txt|message|msg|ping|send)\b[^.?!,;]{0,60}?"
    r"\b(?:tomorrow|tomorra|tomorrer|tomoz|tmrw?|tmr|tonight|tonite|later\s+on)\b",
    re.I,
)
"""Asking for a change again and again ("every Monday", "automatically", "每周一自动"), or
at a time to come ("remind me at 6 to…", "text me the status tomorrow morning"): a
schedule, which an intent that makes one change now does not serve. Not a frequency word
that names a window ("weekly", "每周的合计") nor a symptom ("crashes every time")."""


def recurring(text: str) -> Found | None:
    """The words that ask for a change on a schedule, or None (`_RECURRING`).

    Not a habit told ("I have been measuring every morning", "医生让我每天记录"): what the
    user does, or was told to do, again and again is why they ask for one change now.
    """
    cited: list[tuple[int, int]] | None = None  # read only once a schedule word is found
    for m in _RECURRING.finditer(text):
        cited = cited_spans(text) if cited is None else cited
        if any(s <= m.start() < e for s, e in cited):
            continue  # a pasted notice: "【血压提醒】请于每日 08:00 测量血压。"
        lead = re.split(r"[.;!?。；！？]", text[max(0, m.start() - 90) : m.start()])[-1]
        if _HABIT.search(lead) is None:
            return Found(True, m.group(), m.start(), m.end(), "recurring")
    return None


_HABIT = re.compile(
    r"\b(?:i|we)\s+(?:have\s+been|'ve\s+been|had\s+been|was|were|used\s+to)\s+\w+|"
    r"\b(?:i|we)\s+(?:always|usually|normally|now)\s+\w+|"
    r"\b(?:told|asked|wants|wanted|advised)\s+(?:me|us)\s+to\b|"
    # ("to" dropped, as Fiji and other learners say it: "the doctor tell me check the pressure
    # every day")
    r"\b(?:tell|tells|told|ask|asks|asked|want|wants|wanted)\s+(?:me|us)\s+(?:check|measure|"
    r"take|monitor|record|log|write)\b|"
    # what someone has the user do: "Doc's got me checkin' my pressure every day now"
    r"\b(?:got|has|had|have)\s+(?:me|us)\s+\w+(?:ing|in'|in)\b|"
    # someone else's habit: "my boss keeps asking for numbers every friday"
    r"\b(?:keeps|keep|kept)\s+\w+ing\b|"
    # the one now likened to the habit: "Build the weekly report, like every Sunday"
    r"\b(?:like|as)\s*$|"
    r"(?:让|叫|要|嘱咐|建议)我|我(?:一直|都|现在|平时|习惯)|"
    # what someone else said can be done: "我同事说周报可以自动生成，帮我也生成一份"
    r"(?:同事|朋友|别人|人家|他|她|老板|领导)(?:们)?说|听说",
    re.I,
)
"""Words telling what the user does or was told to do, or what another said can be done,
before "every morning", 每天 or 自动."""


_ON_EVENT = re.compile(
    # a change put off to a day to come, said right beside its verb: "聽日幫我cancel order
    # 73322" (tomorrow), "cancel order 73322 tomorrow"
    r"(?:明天|明日|后天|下周|下礼拜|下个?星期)(?:再|才)?\s*(?:帮我|给我|帮忙)?\s*(?:取消|cancel)|"
    r"\b(?:tomorrow|next\s+week)\s+(?:please\s+|pls\s+)?cancel\b|"
    r"\bcancel\s+(?:order\s+)?#?\d{4,}\s+(?:tomorrow|next\s+week)\b|"
    # ("soon as" with its first "as" dropped: "Text me soon as order 40977 ships")
    # (and a lawyer's "at such time as"; Tagalog "pag", "kapag": "sms me pag delivered na 70112")
    # ("as and when", a lawyer's: "text me as and when order 71305 is dispatched"; Shetland
    # and Scots "whan")
    # (not the user's own doing told: "when I came in my pressure was wicked high")
    r"\b(?:when|whan|once|(?:as\s+)?soon\s+as|after|whenever|the\s+moment|at\s+such\s+time\s+as|"
    r"as\s+and\s+when|pag|kapag)\s+(?!i\s|we\s)(?:[\w#'-]+\s+){0,6}?"
    r"(?:ships|shipped|arrives|arrived|lands|landed|updates|updated|changes|changed|moves|"
    # "when it's delivered"
    r"(?<=['’]s\s)(?:delivered|dispatched)|(?<=\bits\s)(?:delivered|dispatched|shipped)|"
    # (and "get" with no -s: "text me when 60734 get delivered")
    r"dispatch(?:es|ed)|(?:is|gets?|has\s+been|got)\s+(?:delivered|shipped|sent|dispatched)|"
    r"goes\s+out|comes|came|leaves|left|is\s+out\s+for\s+delivery|"
    # turning up: "text me when 40552 turns up at the gate"
    r"(?:turns|turned|shows|showed|rocks)\s+up|gets\s+(?:here|in)|"
    r"(?:is|are)\s+(?:shipping|arriving|leaving|coming)|"
    # (and gone: "text me when 20601 has gone out from the warehouse")
    r"(?:has|have|'s)\s+(?:come|arrived|reached|landed|left|shipped|gone\s+out|gone\s+off)|"
    # a learner's "is" with the bare verb: "When order 90117 is arrive, please text me"
    r"is\s+(?:arrive|ship|come|reach|deliver)|"
    # Hiberno-English "is after" (has): "Text me when order 20417 is after shipping"
    r"(?:is|are|'s)\s+after\s+(?:shipping|arriving|coming|landing|leaving|going\s+out)|"
    r"(?<=\bpag\s)(?:delivered|dispatched|shipped|dumating)|"
    # (Scots "ta" for to: "Text me whan order 48213 gets ta Aberdeen")
    r"reaches|gets\s+(?:to|ta|here|there)|gets\s+(?:down|up|over|back|out)\s+to|makes\s+it\s+to|"
    r"will\s+(?:be\s+)?(?:shipped|delivered|sent|dispatched|ship|arrive|come|leave)|"
    # the bare verb, as a learner or Pidgin says it: "when order 60021 ship"
    r"(?<=\d\s)(?:ship|arrive|land|come|reach)|"
    # and after things named in the plural: "Text me when the oilskins ship"
    r"(?<=s\s)(?:ship|arrive|land|come|reach|go\s+out)|"
    # or closing its clause, whatever it follows: "text me when the pump ship, order 48213"
    # ("text me when the onion sets go out, order 30604")
    r"(?:ship|arrive|land|reach|goes\s+out|go\s+out)(?=\s*(?:[,.;!?，。]|$))|"
    # typed in a hurry: "text me when 38817 delivred"
    r"(?<=\d\s)(?:deliv\w*|delv\w*|shiped|shipd|arived|arrvd)|"
    # Nigerian Pidgin's "don" (has): "when order 66190 don ship"
    r"don\s+(?:ship|arrive|land|reach|comot|commot|deliver))\b|"
    # a message asked for later: "text me later about 60021", Pidgin "text me bumbai", or
    # at a time of day: "text me the status of 19045 at 1800 hrs"
    r"\b(?:text|message|sms|ping|notify|send)\s+(?:me|us|it)\s+later\b|"
    # on the event, named as a noun: "sms me on dispatch", "text me upon delivery"
    r"\b(?:text|message|sms|ping|notify|send)\s+(?:me|us)\s+(?:on|upon|at|after)\s+"
    r"(?:dispatch|delivery|arrival|shipping|shipment|despatch)\b|"
    r"\b(?:text|message|sms|ping|notify|send)\b[^.?!]{0,40}?\bat\s+(?:\d{1,2}(?::\d{2})?\s*"
    r"(?:am|pm|a\.m\.|p\.m\.|o'?clock|hrs|h)\b|\d{4}\s*(?:hrs|h)\b|noon|midnight)|"
    # (Cantonese 嗰阵, read as 那阵: "发货嗰阵 send 个短信俾我")
    # (and Southwestern 过后: "33102发货了过后再发个短信给我")
    r"(?:到了|到货|发货|出货|发出|寄出|寄到|收到|签收|送到|送达|派送|更新|变了|有变化|有动静)了?\s*"
    # (and the written 之时: "订单30417发货之时，请以短信知会")
    r"(?:之后|以后|过后|后(?!的)|的时候|之时|之际|那阵子?|时|就)|"
    # arrived somewhere, then: "到柳州了就发短信", "到超商的时候传简讯通知我"; when it has
    # shipped: "甚时候发货了给我发个短信"
    r"到(?!哪|什么)[\u4e00-\u9fff]{1,6}?(?:了\s*(?:之后|以后|后(?!的)|就)|的时候|那阵子?)|"
    # (and with 了 or 一 before the place: "订单60318到咗湛江就发短信话我知", "一到湛江就发短信";
    # the place in Latin letters and "only then": "88315 到了 Johor 才 SMS 我")
    r"(?:到了|一到)(?!哪|什么)\s*(?:[\u4e00-\u9fff]{1,6}?|[A-Za-z][A-Za-z .'-]{0,24}?)\s*"
    r"(?:之后|以后|后(?!的)|就|再|才)|"
    # (and with 了 inside: "订单58002啥时候发了货给我发个短信")
    # (and a comma before the text asked: "订单30521啥时候到了，您再给我发个短信")
    r"(?:什么|甚|啥)时候\s*(?:到货|到|发货|发了货|发出|寄出|签收|送到|送达|更新)了?\s*[，,]?\s*"
    r"(?:你|您)?\s*"
    r"(?:就|再)?\s*"
    r"(?=给我|发|通知|告诉)|"
    # once it has come, said with 了 alone ("到货了给我发个短信"; 已经 tells it has), after a
    # wait ("等40218发货了再发短信") or after the user's own task ("跑完这单给我发短信")
    r"(?<!已经)(?<!已)(?:到货|到|发货|出货|签收|送到|送达|寄出|发出|出了货|发了货|到了货)了?\s*"
    # (Cantonese 先 after the event, "only then": "20944 出咗货先 SMS 我"; Leizhou 正, the
    # same: "89004 出货了正发短信通知我")
    r"(?<=了|货)\s*(?:你|您)?\s*(?:再|就|先|才|正(?!在))?\s*"
    # (not a text that never came: "快递到了短信都不发"; the text in English too, as Hong
    # Kong writes it: "10720到咗再SMS我")
    # (and Beijing's "到了跟我言语一声儿": tell me then)
    # (or "send" in English: "到货先send短信畀我")
    # (and Southwestern 喊我, tell me: "20455到了喊我一声嘛")
    r"(?=给我|跟我|喊我|发|通知|告诉|短信|sms|text|msg|message|whatsapp|send)"
    r"(?![^，。,！!？?]{0,6}?(?:都|也)(?:不|没))|"
    # (a comma between too: "等订单20931到了，再发短信告诉我")
    r"等[^，。,！!？?]{1,12}?(?:了|完)(?:[^，。,！!？?]{0,6}?|\s*[，,]\s*)(?:之后|以后|后|再|就)|"
    # at a clock time still to come, before the change: "晚上九点以后帮我把订单 81234 取消"
    r"(?<!昨天)(?<!前天)(?<!昨晚)(?:今晚|晚上|下午|傍晚|明早|明天|待会儿?|等会儿?)\s*"
    r"[\d一二三四五六七八九十两]{1,3}\s*点(?:半|钟)?\s*(?:以后|之后|后)\s*(?:再|就)?\s*"
    r"(?=帮|给|替|把|取消|发|报|记|开|做)|"
    r"\b(?:after|past)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm|o'?clock)\s+(?:tonight|today|this\s+evening)\b|"
    r"\btonight\s+(?:at|after)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm|o'?clock)?\b|"
    # the event with no 了: "等订单 31457 出货再传简讯通知我"
    # (and with 来: "等東西寄出來再傳簡訊通知我")
    r"等[^，。,！!？?]{1,12}?(?:出货|发货|到货|送到|送达|寄出|发出|签收|到)(?:来|去)?\s*"
    r"(?:之后|以后|后|再|就)|"
    r"(?:跑|忙|送|开|上|干)完(?:这|那)[\u4e00-\u9fff]{0,2}?(?:之后|以后|后|再|就)?\s*"
    r"(?=给我|发|通知|告诉)",
    re.I,
)
"""A change asked for when something happens later ("text me when 10087 ships", "when order
30917 is shipping, send me message", "订单10090到了之后发短信提醒我", "到柳州了就发短信通知我",
"甚时候发货了给我发个短信"): the intent sends its message now, with the status as it is, so
it does not make that change unless its own examples ask for it on such an event."""


_ON_ANY_EVENT = re.compile(
    r"\b(?:when|once|(?:as\s+)?soon\s+as|whenever|the\s+moment)\b|之后|以后|的时候", re.I
)


def on_event(text: str, examples: Iterable[str] = ()) -> Found | None:
    """The words that ask for a change once something happens, or None (`_ON_EVENT`).

    A cancel put off to a day to come ("cancel order 73322 tomorrow", "聽日幫我cancel") is one
    too: no tool keeps it for that day, so it is not the change now.

    None too when one of the intent's `examples` asks for its change on some event
    ("ping me once it's triaged"): the intent then makes it later itself.
    """
    m = next(
        (
            m
            for m in _ON_EVENT.finditer(text)
            if not _PURPOSE.search(text, 0, m.start())
            and not _PAST_TIME_BEFORE.search(text, 0, m.start())
        ),
        None,
    )
    if m is None or any(_ON_ANY_EVENT.search(e) for e in examples):
        return None
    return Found(True, m.group(), m.start(), m.end(), "event")


_PAST_TIME_BEFORE = re.compile(
    r"\b(?:was|were|took|spent|paid|had)\b[^.?!;]*"
    r"\b(?:this\s+morning|this\s+afternoon|last\s+night|yesterday|earlier(?:\s+today)?)"
    r"[\s,]*$",
    re.I,
)
"""A time gone by, told of a value, right before the event ("pressure was 142/91 this
morning after the delivery lads left"): when a reading was taken or money spent, not a
change put off until then."""
_PURPOSE = re.compile(r"\bso\s+(?:that\s+)?(?:i|we)\b[^.?!,;]*$", re.I)
"""What the change is for, before the event: "text me the status … so I have it on my
phone when the courier comes" wants the text now, to have it then."""


_ALONE = re.compile(
    r"^\s*(?:(?:a|an|new|another|one)\s+)*(?P<cue>.+?)(?:\s+(?:pls|please|plz|now|asap|po))*"
    r"[咯啰哈嘛呗吧啊呀\s,;.!?，。；！？:：—–-]*$"
)
"""A clause that is only a name and courtesy ("a helpdesk ticket pls", "support ticket.") or
a closing particle ("帮我报咯")."""


def _find_cue(clause: str, cues: Iterable[str]) -> tuple[int, str] | None:
    """The first cue in the clause and where it starts; at one place, the cue listed first.

    An English cue is bounded by Latin letters, not by CJK ones: "reopen一下T-6" opens with
    "reopen". A `^` cue asks only as a clause of its own: "helpdesk ticket, no need to ping
    me" asks for one; "my helpdesk ticket, any news" and "helpdesk ticket status" name one.
    """
    cues = tuple(cues)
    lowered = mask_not_cues(clause)
    latin, cjk, alone = _cue_patterns(cues)
    at = -1
    if cjk is not None and (m := cjk.search(lowered)) is not None:
        at = m.start()
    pos = 0
    while latin is not None and (m := latin.search(lowered, pos)) is not None:
        if at >= 0 and m.start() >= at:
            break
        if m.start() == 0 or not _CUE_EDGE.match(lowered, m.start() - 1):
            at = m.start()
            break
        pos = m.start() + 1  # a letter before it: no cue starts here
    best: tuple[int, int, int] | None = None  # (start, place in `cues`, length)
    if at >= 0:
        best = next(
            (
                (at, place, len(cue))
                for place, cue in enumerate(_lowered(cues))
                if not cue.startswith("^") and _cue_at(lowered, cue, at)
            ),
            None,
        )
    if alone and (m := _ALONE.match(lowered)) is not None and m.group("cue") in alone:
        found = (m.start("cue"), alone[m.group("cue")], len(m.group("cue")))
        best = found if best is None or found < best else best
    if best is None:
        return None
    at, _, length = best
    return at, clause[at : at + length]


_CUE_EDGE = re.compile(r"[a-z0-9_'-]")
"""A character that continues an English word: no English cue starts after one or ends
before one."""


def _cue_at(lowered: str, cue: str, at: int) -> bool:
    if not lowered.startswith(cue, at):
        return False
    if _is_cjk(cue):
        return True
    end = at + len(cue)
    before = at > 0 and _CUE_EDGE.match(lowered, at - 1) is not None
    return not before and _CUE_EDGE.match(lowered, end) is None


@lru_cache(maxsize=64)
def _cue_patterns(
    cues: tuple[str, ...],
) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None, dict[str, int]]:
    """A prefix-tree pattern for the English cues, one for the CJK ones, and the `^` cues.

    The patterns only find where the earliest cue starts, in one pass; `_find_cue` then
    takes the first listed cue there. A pattern per cue cost half a millisecond a clause
    and was the router's largest cost; these cost a twentieth of that.
    """
    latin: list[str] = []
    cjk: list[str] = []
    alone: dict[str, int] = {}
    for place, cue in enumerate(c.lower() for c in cues):
        if cue.startswith("^"):
            alone.setdefault(cue[1:], place)
        else:
            (cjk if _is_cjk(cue) else latin).append(cue)
    return (
        re.compile(_prefix_tree(latin, rf"(?!{_CUE_EDGE.pattern})")) if latin else None,
        re.compile(_prefix_tree(cjk, "")) if cjk else None,
        alone,
    )


def _prefix_tree(words: Iterable[str], end: str) -> str:
    """A pattern matching any of `words` (then `end`), branching once per shared prefix."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + emit(child) if char else end for char, child in node.items()]
        return branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"

    return emit(tree)


def _request_body(clause: str) -> tuple[str, bool]:
    """The clause without its polite opening, and whether it had one.

    A polite opening ("can you", "please", "帮我") makes a question a request.
    """
    # (a quote closed before it is no part of it: '"…has shipped." Can you text me …?')
    body = clause.strip().lstrip("\"”’'").strip()
    polite = _POLITE.match(body)
    stripped = body[polite.end() :] if polite else body
    was_polite = bool(
        polite
        and polite.group(0).strip()
        and re.search(
            r"you|u\b|ya\b|y'?all\b|vous|tu\b|some(?:one|body)|anyone|like|want|need|ahead|let's|"
            r"please|mind|"
            r"help|possible|"
            r"inconvenient|trouble|bother|\bcan\s*$",  # (Singapore English's bare "can")
            polite.group(0),
            re.I,
        )
    )
    if was_polite and (emphatic := _EMPHATIC_DO.match(stripped)) is not None:
        stripped = stripped[emphatic.end() :]  # "please do file it", "Please do send me an SMS"
    cn_polite = _CN_POLITE.match(stripped)
    if cn_polite:
        stripped = stripped[cn_polite.end() :]
        was_polite = True
    elif _CN_POLITE_INSIDE.search(stripped):
        was_polite = True  # "月报能不能帮我做一份？": what is asked for named first
    return stripped.strip(), was_polite


_SOMEONE_TO_LOOK = re.compile(
    r"^(?:can|could|would)\s+(?:someone|somebody|anyone|anybody)\s+(?:please\s+)?"
    r"(?:look|have\s+a\s+look)\s+(?:at|into)\b",
    re.I,
)
"""A person asked to look at a problem ("The expense app keeps logging me out... could
someone look at it?"): help asked for, not a read of records."""
_EMPHATIC_DO = re.compile(r"do\s+(?!not\b|n't)(?=[a-z])", re.I)
_CN_POLITE_INSIDE = re.compile(
    r"(?:能不能|可不可以|能否|可以|是不是可以|麻烦|烦请|请)你?(?:帮我|给我|替我|帮忙)|"
    # a message to me asked for the same way: "…的状态可以寄邮件给我吗？"
    r"(?:能不能|可不可以|能否|可以)你?(?=(?:发|寄|传)[^，。,？?！!]{0,6}?给(?:我|俺)(?!们))"
)
"""A polite request after the thing it is about ("月报能不能帮我做一份？", "这笔可以帮我报
吗", "…是不是可以帮我报一下呀？", "…的状态可以发邮件给我吗？"): asking whether the assistant
will do it for me is asking it to."""


def clause_asks(clause: str) -> bool:
    """Whether a clause is phrased so that a cue in it can ask for a change.

    Questions, hypotheticals and read commands cannot, unless made as a polite request
    ("can you cancel it?", "帮我取消").
    """
    body = clause.strip()
    stripped, was_polite = _request_body(clause)
    if _HYPOTHETICAL.search(body) or _CN_HYPOTHETICAL.search(body):
        return False
    if (_READ_VERBS.match(stripped) or _CN_READ.match(stripped)) and not _SOMEONE_TO_LOOK.match(
        body
    ):
        return False
    if _VERB_CAN.search(body) and not _HELP_ME.search(body):
        return False
    if _CN_COUNTS_AS.search(body) and not _CN_FOR_ME.search(body):
        return False
    if _CN_MAY_CLAIM.search(body) and not _CN_FOR_ME.search(body):
        return False
    if was_polite or _CN_SEND_FIRST.match(stripped) or _CAN_AFTER.search(body):
        return True
    if _CAN_OR_NOT.match(body) or _YOU_CAN_OR_NOT.match(body) or _YOU_CAN_PLEASE.match(body):
        return True
    if _IS_POSSIBLE.search(body) and not any(
        change_kind(w) == "cancel" for w in re.findall(r"[a-z]+", body.lower())
    ):
        return True  # "cancel is possible?" may ask whether it is allowed: asked about
    if _CN_SEND_TO_ME.search(body) or _CN_SEND_LAST.search(body):
        return True
    if _KEEP_IT_FOR_ME.match(stripped):
        return True
    return not (
        body.rstrip().endswith(("?", "？")) or _CN_QUESTION.search(body.rstrip("？?。.!！"))
    )


_KEEP_IT_FOR_ME = re.compile(
    r"(?:put|stick|pop|bung|chuck|save|log|record|note|jot|enter|file|submit|claim|expense)"
    r"\s+(?:it|that|this|them|those|these|one)\b[\w\s]{0,12}?\bfor\s+(?:me|us)\s*[?？]+\s*$",
    re.I,
)
"""A request for a record with a rising tone ("Stick that in fur us?", "File it for me?"):
the verb first and the one it is for last ask for it, as "can you" would."""


_CAN_OR_NOT = re.compile(
    r"^\s*can\s+(?!(?:i|we)\b)[a-z].*\bor\s+not\b(?:\s+(?:ka|krub|khrap|kha|na|lah|leh|ah))?"
    r"\s*[?？]*\s*$",
    re.I,
)
"""A request with no subject, closed by "or not" as Thai and Singapore English ask it
("Can send SMS status order 10080 to me or not ka?"): the assistant is asked to do it."""
_YOU_CAN_OR_NOT = re.compile(
    r"^\s*(?:you|u)\s+(?!(?:know|think|remember|sure)\b)[a-z]+\b[^?？]{0,40}?\s+can"
    r"(?:\s+or\s+not|\s+anot|\s+not)?\s*[?？]*\s*$",
    re.I,
)
"""The assistant asked to do it, verb first and "can or not" after, as Vietnamese, Thai and
Singapore English ask ("you record can or not?")."""
_YOU_CAN_PLEASE = re.compile(
    r"^\s*(?:you|u)\s+(?:can|could)\s+[a-z]+\b.*\b(?:please|pls|plz|por\s+favor)\b", re.I
)
"""The assistant asked with a statement's word order and a "please", as Spanish speakers
ask in English ("you can annotate it please?": ¿puedes anotarlo, por favor?)."""
_IS_POSSIBLE = re.compile(
    r"(?<![\w'])(?<!\bit\s)(?<!\bthat\s)(?<!\bthis\s)(?<!\bwhat\s)"
    r"(?:is|be)\s+possible\s*[?？]*\s*$",
    re.I,
)
"""A request closed with "is possible?", as Korean speakers write English ("save is
possible?", "Monthly report build is possible?": 가능해요?), unlike "is it possible to …",
which asks whether it can be done (`_HYPOTHETICAL`)."""
_CAN_AFTER = re.compile(
    r"(?<![\w'])(?:can\s*(?:lah|leh)?|ok|okay|k|sawa)\s*[?？]*\s*$|"
    # (not "就好吗", whether that is enough: "类别放其他就好吗？")
    r"(?<!就)(?:好吗|行吗|好不好|行不行|成不成|可以不)\s*[?？]*\s*$",
    re.I,
)
"""Singapore English asks with "can?" after the request ("sms me the status of 10291 can?"
is "can you sms me…"), as "OK?", Swahili "sawa?", "好吗" and "行不行" do ("发个短信提醒我状态
OK?", Henan's "记一下中不中？"). "Can or not?" asks whether it can be done, and stays a
question."""
_VERB_CAN = re.compile(
    r"(?<![\w'-])(?:claim|expense|reimburse|refund|return)\s+can\s*(?:lah|leh|or\s+not|anot)?"
    r"\s*[?？]*\s*$",
    re.I,
)
"""A claim or a refund right before a closing "can": Singapore English asking whether it is
allowed ("taxi 25 dollar claim can?" is "can I claim it?"), a question of policy for the
user to settle; "record can?" asks for the recording. With "help me" or "for me" it asks
for the claim too (`_HELP_ME`)."""
_CN_COUNTS_AS = re.compile(
    r"(?:能|可以|能不能|可不可以|能否)(?:算|当)(?!一下|下)(?:作|成|做|是)?[\u4e00-\u9fff]{1,4}?"
    r"(?:报|吗|么|不)|算不算"
)
"""Whether a thing counts as a kind of claim ("今天的奶茶 18块 能算餐费报掉吗", "算不算餐费"):
a question of policy for the user to settle, as "claim can?" is (`_VERB_CAN`); with 帮我
or 给我 it asks for the claim ("能帮我算餐费报了吗")."""
_CN_MAY_CLAIM = re.compile(
    r"(?:能|可以|能不能|可不可以|能否)(?:报销|报账|报)(?:吗|么|不|[?？]|\s*$)"
)
"""Whether a cost may be claimed at all ("学习资料 99 元，能报销吗"): a question of policy for
the user to settle, as "claim can?" is (`_VERB_CAN`); "能帮我报销吗" asks for the claim."""
_CN_FOR_ME = re.compile(r"帮我|给我|替我|帮忙")
_HELP_ME = re.compile(r"\b(?:help\s+(?:me|us)|for\s+(?:me|us)|pls|please|plz|abeg)\b", re.I)
_CN_SEND_TO_ME = re.compile(
    r"(?:可以|能|能不能|可不可以|能否|麻烦)(?:帮我|给我)?(?:传|发)(?:个|条|一条|一个)?"
    r"(?:短信|消息|信息)(?:给我|通知我|告诉我)"
)
"""A message to the user asked for as a question is a polite request ("订单 20415 的狀態可以
傳簡訊給我嗎？" asks for the text), unlike a question whether a change can be made."""
_CN_SEND_LAST = re.compile(
    r"(?<!没)(?<!不)(?<!别)(?:(?:发|传)(?:个|条|一条|一个)?(?:短信|消息|信息)"
    # (or to the user's phone: "订单52113现在啥子情况发个短信到我手机上")
    r"(?:给我|告诉我|通知我|到我的?手机上?)|"
    # the other order: "单号10455，现在到哪了给我发个短信"
    r"给我(?:发|传)(?:个|条|一条|一个)?(?:短信|消息|信息)|"
    # or to the user's WeChat, a channel of its own: "订单30518啥子情况发我微信上嘛"
    r"发(?:到|给)?我的?微信上?)"
    r"(?:吧|呗|嘛|哈|啊|呀|一下|下)?[\s,.!~，。！]*$"
)
"""A message asked for at the end of a clause that first asks where the order is ("订单40018
到哪里了发个短信给我嘛", "…啥子情况发个短信到我手机上"): the question is what the message
should say."""
_CN_SEND_FIRST = re.compile(
    # (after a refusal, with 就: "先不要取消了就给我发个短信说说现在到哪了")
    # (the order named first: "订单10452发个短信告诉我到哪了", "10452那个单子发个短信给我…")
    r"^(?:(?:订单|单号|单子)?\s*#?\d{4,}\s*(?:号)?(?:那个|这个|那张|这张)?(?:单子|订单)?\s*[,，]?\s*)?"
    r"(?:就|那就|还是)?(?:帮我|请|麻烦)?(?:给我(?:的)?(?:手机)?(?:上)?)?"
    # (an SMS sent in English words: "send個SMS俾我講下70415而家去到邊")
    r"(?:(?:发|send\s?)(?:个|條|条|一条|一个|個)?\s?(?:短信|消息|信息|微信|简讯|[Ss][Mm][Ss])|"
    r"短信|通知我|发给我)|"
    # a text wished for: "我只是想收到短信说一下现在到哪了"
    r"^(?:我)?(?:只是|就是|只|就)?(?:想|希望|要)(?:能)?收到(?:一条|个|条)?(?:短信|简讯)"
)
"""A clause that opens by asking for a message asks for it, whatever question follows
("发个短信告诉我10089到哪了" wants a text, which says where 10089 is; "我只是想收到短信说一下
现在到哪了" wishes for one; "…算了算了，还是发条短信告诉我现在到哪了" chooses one)."""


_QUESTION_START = re.compile(
    r"^(?:what|whats|what's|when|where|where's|why|which|who|how|how's|hows|is|are|was|were|"
    r"did|do|does|has|have|had|am|any)\b(?!\s+not\b)" + _DO_US_THE,
    re.I,
)
"""How a question opens; "do not cancel order 10091" opens with "do" and is no question."""


def asks_a_question(text: str) -> bool:
    """Whether some clause of the request is a question ("did you text me about 10086?")."""
    for _, clause in clauses(text):
        body = clause.strip()
        if _QUESTION_START.match(body):
            return True
        if body.endswith(("?", "？")) and not _CAN_TAIL.search(body):
            return True
        if _CN_QUESTION.search(body.rstrip("？?。.!！")):
            return True
    return False


_CAN_TAIL = re.compile(r"(?<![\w'])(?<!\bor\s)can\s*(?:lah|leh|ah)?\s*[?？]+\s*$", re.I)
"""Singapore English's "can?" closing a request ("monthly report can?"): "can you do it",
no question of what is (`_CAN_AFTER`)."""
_WANTS_A_THING = re.compile(
    r"^(?:(?:but|so|and)\s+)?i\s+(?:just|only)\s+(?:want|need)\s+(?:my|the|a|an)\b", re.I
)
"""Asking for a thing, not for a change: "I just need my expense sum" (but "I just need my
order cancelled" asks for a change, `_DONE_FOR_ME`)."""


def asks_for_information(text: str) -> bool:
    """Whether some clause asks a question or opens with a read command.

    "was 10090 cancelled?", "show my claims", "看一下报销合计", "I only need my total":
    what a request that asks for no change may still want, which a read intent gives.
    """
    if asks_a_question(text):
        return True
    for _, clause in clauses(text):
        body, _ = _request_body(clause)
        if _READ_VERBS.match(body) or _CN_READ.match(body) or _CN_READ_AFTER.search(body):
            return True
        if _WANTS_A_THING.match(clause.strip()) and not _DONE_FOR_ME.search(clause):
            return True
        if _A_READ_NAMED.match(body):
            return True
    return False


_A_READ_NAMED = re.compile(
    r"^(?:(?:just|only)\s+)?(?:the\s+|its\s+|my\s+)?(?:current\s+|latest\s+)?"
    r"(?:status|state|total|trend|tracking(?:\s+info)?|update|info|details)"
    r"(?:\s+(?:of|for|on)\s+[\w#-]+)?(?:\s+(?:pls|please|plz|only|then|instead|lang|"
    r"na\s+lang))?[\s.!]*$",
    re.I,
)
"""A clause that only names what to read ("not cancel, just status", "10090 - just the
status", Taglish "status lang"): a request for information with no verb."""


def read_command(clause: str) -> bool:
    """Whether the clause opens with a read command and asks no question.

    "then show the past 7 days total", "看下近7天合计": what follows an entry line when it
    asks for the intent's own follow-up read.
    """
    body, _ = _request_body(clause)
    if asks_a_question(clause):
        return False
    return bool(_READ_VERBS.match(body) or _CN_READ.match(body) or _CN_READ_AFTER.search(body))


def around_change(text: str) -> Found | None:
    """The change a before-and-after comparison asks for, or None (`_AROUND`).

    "compare my 7-day trend before and after adding 127/83", "how does the chart move
    once I enter 137/88? show before and after", "记录 119/77 前后的趋势": a create verb in
    any form, in a clause that neither refuses it nor puts it under a condition.
    """
    if not _AROUND.search(text):
        return None
    conditional = conditional_clauses(text)
    creates = [w for w in CHANGE_KINDS["create"] if _is_cjk(w)]
    for start, clause in clauses(text):
        if start in conditional or refuses(clause.strip()):
            continue
        found: tuple[int, str] | None = None
        m = _AROUND_VERB.search(mask_not_cues(clause))
        if m is not None:
            found = (m.start(), clause[m.start() : m.end()])
        cjk = _cjk_verbs(clause, creates)
        if cjk and (found is None or cjk[0][0] < found[0]):
            found = cjk[0]
        if found is None:
            continue
        at, word = found
        if NEGATION.search(mask_not_negations(clause[:at])):
            continue
        return Found(True, word, start + at, start + at + len(word), "cue")
    return None


CAN_NOT = re.compile(
    r"(?<=[\u4e00-\u9fff])(?<![我你他她先就也还都])不(?=[上了动到开起成完好掉住下出来去进通])|"
    r"不(?=行|灵|管用)"
)
"""不 of a verb's "cannot" complement ("连不上", "打不开", "登不进") or of "does not work"
(不行, 不灵): a fault told, not a change refused ("电脑连不上帮我开个工单吧")."""


_SUITS_YOU = re.compile(rf"{_SUITS_YOU_WORDS}(?=[帮给替][我忙]?$)")
"""Whether it suits the assistant, right before "帮我…": asking politely, refusing nothing."""


def change_cue(text: str, extra: Iterable[str] = ()) -> Found | None:
    """The words of the request that ask for a change, or None when none do.

    Args:
        text: The request.
        extra: The intent's own cues (`IntentSpec.write_cues`), added to `GENERIC_CUES`.
    """
    cues = (*GENERIC_CUES, *extra)
    conditional = conditional_clauses(text)
    unasked = unasked_clauses(text)
    for start, clause, asks in _asking_clauses(text):
        if start in conditional or start in unasked or not asks:
            continue
        if _weighed_aloud(text, clause):
            continue  # "I think I should open a ticket, … What do you think?"
        found = _find_cue(clause, cues)
        if found is None and (done := _DONE_FOR_ME.search(clause)):
            found = (done.start(), done.group())
        if found is None:
            continue
        at, word = found
        if any(s <= start + at < e for s, e in _unasked_cited(text)):
            continue  # someone else's words: "SMS from the garage: '…'"
        if _USER_WILL.search(clause, 0, at) and not re.search(r"\w", clause[at + len(word) :]):
            continue  # "…? asking before I file": the user's own doing, later
        before = clause[:at]
        if _is_cjk(word):
            # Chinese typed with spaces for commas: a refusal in an earlier piece ("门禁卡
            # 刷不开了 开个 ticket") is not this cue's.
            before = CAN_NOT.sub(" ", re.split(r"\s|了", before)[-1])
            # "不知道方不方便帮我报…", "您方不方便帮我取消…": a courtesy, no refusal
            before = _SUITS_YOU.sub("", before + (word[0] if word[0] in "帮给替" else ""))
        if NEGATION.search(mask_not_negations(before)):
            continue
        if _is_cjk(word) and _TOLD_TO_BY.search(clause[:at]):
            continue  # "护士让我记一下血压130/85，我该怎么记？": what the user was told to do
        if _is_cjk(word) and len(word) == 2 and _CUE_AS_SUBJECT.match(clause, at + len(word)):
            continue  # "报销好像没反应": the thing that fails, named by its verb alone
        return Found(True, word, start + at, start + at + len(word), "cue")
    return (
        _sequence_cue(text, conditional, unasked)
        or around_change(text)
        or command_form(text)
        or _formal_passive(text, conditional, unasked)
    )


_CUE_AS_SUBJECT = re.compile(
    r"(?:的)?(?:页面|系统|网页|网站|功能|按钮|界面|模块|app|APP|App)?\s*"
    r"(?:好像|好似|似乎|一直|总是|老是|又|还是|怎么)?\s*"
    r"(?:没反应|没有反应|没动静|打不开|开不了|出错|报错|有问题|出问题|卡住|卡死|闪退|坏了|用不了|"
    r"提交不了|点不动|加载不出)"
)
"""A Chinese change word named as what fails ("报销好像没反应", "报销页面打不开"): the subject
of a problem told, not a change asked for."""


_FORMAL_PASSIVE = re.compile(
    r"\b(?:request|ask|require|instruct|direct)s?\s+that\s+"
    rf"(?:{_NOT_AUXILIARY}[\w#'.,/()-]+\s+){{1,24}}?(?:should\s+|shall\s+)?{_BE_DONE}",
    re.I,
)
"""A formal passive whose subject carries its own clauses: "I hereby request that a blood
pressure reading of 128/82, taken on the morning of 14 March 2026, be recorded"."""


def _formal_passive(text: str, conditional: set[int], unasked: Mapping[int, str]) -> Found | None:
    """The request-that-it-be-done across commas, when no clause of it is held back."""
    if conditional or unasked or (m := _FORMAL_PASSIVE.search(text)) is None:
        return None
    if NEGATION.search(mask_not_negations(text[: m.start()])):
        return None
    return Found(True, m.group(), m.start(), m.end(), "cue")


_ARGUMENT = re.compile(r"^(?:--?[a-z][\w-]*(?:=\S+)?|[a-z][\w.]*=\S+)$", re.I)
"""A command's argument: a flag ("--weekly") or a named value ("amt=42", "d=yday")."""
_READ_COMMANDS = frozenset(
    {"list", "ls", "show", "get", "status", "total", "trend", "view", "check", "export", "me"}
)
_NOT_COMMAND = re.compile(r"\b(?:don'?t|do\s+not|never|no\s+need|dry[\s-]?run)\b|[?？]", re.I)
_COMMAND_WORDS = 10


def command_form(text: str) -> Found | None:
    """The command word of a request typed as a command line, or None.

    Engineers type requests as they type commands: "exp amt=42 cur=usd cat=taxi d=yday",
    "report --weekly", "bp=133/87 d=yday". Named values and flags are no note nor a
    question: the line is an instruction, as "file a 42 USD taxi" is, and its first word
    names what to do. A first word that reads ("status", "list", "total") asks for no
    change; nor does a line that refuses or asks ("?"). One line, a few words besides the
    arguments.
    """
    if "\n" in text.strip() or ("=" not in text and "-" not in text):
        return None
    tokens = list(re.finditer(r"\"[^\"]*\"|'[^']*'|\S+", text))
    if not tokens or _NOT_COMMAND.search(text):
        return None
    arguments = [t for t in tokens if _ARGUMENT.match(t.group().rstrip(",;"))]
    if arguments:  # a quoted string beside flags is one argument: ticket new --notify "…"
        arguments += [t for t in tokens if t.group()[:1] in "\"'" and len(t.group()) > 1]
    if not arguments or len(tokens) - len(arguments) > _COMMAND_WORDS:
        return None
    first = tokens[0]
    head = first.group().lstrip("/").split("=")[0].rstrip(":,;").lower()
    if (
        not head
        or head in _READ_COMMANDS
        or any(t.group().lstrip("/").rstrip(":,;").lower() in _READ_COMMANDS for t in tokens[1:3])
    ):
        return None
    return Found(True, first.group(), first.start(), first.end(), "cue")


_CN_SEQUENCE = re.compile(
    "(?:" + "|".join(w for w in CHANGE_KINDS["create"] if w.endswith(_CN_THEN)) + ")"
)


def _sequence_cue(text: str, conditional: set[int], unasked: dict[int, str]) -> Found | None:
    """A change asked for first in a Chinese sequence ("交了再看下合计", "报了之后看看…").

    The clauses cut at 再, and a question that follows ("…一共多少") is the read's: what
    counts is the clause up to the change, which must ask, not be negated, conditional,
    told as done or taken back.
    """
    for m in _CN_SEQUENCE.finditer(text):
        for start, clause in clauses(text):
            if not start <= m.start() < start + len(clause):
                continue
            head = clause[: m.start() - start + 1]
            if start in conditional or start in unasked or not clause_asks(head):
                break
            if _CN_NEGATED.search(head[:-1]) or NEGATION.search(mask_not_negations(head[:-1])):
                break
            return Found(True, m.group(), m.start(), m.end(), "cue")
    return None


_EN_CHANGE_WORD = "|".join(
    sorted((w for w in _KIND_OF if re.fullmatch(r"[a-z]+", w)), key=len, reverse=True)
)
_REFUSAL = re.compile(
    r"^(?:(?:no|nope|wait|actually|well|ok|okay|so|but|and|now|sorry|honestly)\b[\s,]*){0,3}"
    r"(?:(?:i|we)\s+)?(?:don't|dont|do\s+not|never|nuh|doh|"
    r"(?:please\s+)?hold\s+off(?:\s+on)?)\s+"
    r"(?:(?:want|need|wish|mean|plan|require)\s+(?:you\s+|u\s+)?"
    # (an adverb between: "I don't want to actually cancel it just yet")
    r"(?:to\s+(?:(?:actually|really|just|necessarily|even|quite|fully)\s+)?|"
    rf"(?=(?:{_EN_CHANGE_WORD})\b)))?|"
    r"^(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+)?not\s+(?=[a-z]+ing\b)",
    re.I,
)
"""A clause that opens by refusing: "don't cancel …", "I don't want to cancel", "we do not
need you to file it", after a word or two that turn to it ("Actually I don't want to …"),
and with no "to" before the verb, as many learners write ("I don't want cancel order
20451")."""
_CN_REFUSAL = re.compile(
    r"^(?:兹|本人|我)?(?:先别急着|别急着|先不急着|不急着|不要|别|不用|先别|先不要|不是要|不是想|不想|"
    r"(?:暂|先|就)?不(?:另|再|必再)?(?:予以|予)?(?=新增|添加|录入|记录|提交|报销|取消|修改|发送|通知|开))"
)
"""A clause that opens by refusing, in Chinese; "不新增" is formal 勿新增 as read
(`vernacular`): "仅作查询，勿新增任何报销记录"; official style's "兹不另开工单" (no other
ticket opened), "暂不予以取消" (not cancelled for now, and "暂不予取消"), "本人暂不提交"."""


SCORN = r"(?:疯了|傻了|脑子进水了?|脑子坏了|吃饱了撑的)才(?:会|要|去)?"
"""A change refused with scorn, right before its verb: "我疯了才取消" (I would have to be mad to
cancel it)."""
_CN_NEGATED = re.compile(
    # (and for the user: "66001 你别给我取消，我就问一哈到了么有")
    # (and official style's 申请: "本人暂不申请取消", not applying for it)
    r"(?:不要|别|不用|不需要|无需|不必|没有|没|不)(?:给我|帮我|替我)?"
    r"(?:再|又|还|重新|重复|另|予以|予|再行|必再|申请|办理)?$|"
    # a change disowned as what is asked: "不是取消，俺就问问20518现在到哪了"
    # (and asked of the assistant: Henan "不是叫恁取消，俺就是问问45120到哪了")
    r"(?:^|[，,。\s])(?:不是|并不是|并非)(?:要|叫|让|请)?(?:你|您|恁|你们)?$|"
    rf"{SCORN}$"
)
"""A refusal right before a Chinese change word, with "again" between ("不用再提交了", "无需重复
购买") or official style's 予以 ("暂不予以取消"), or said with scorn ("我疯了才取消": I would
have to be mad to cancel it)."""


_COURTESY = re.compile(
    r"^(?:(?:thanks|thank\s+you|thx|ty|cheers|much\s+appreciated|please|pls|plz|"
    r"谢谢你?|多谢|谢啦|感谢|辛苦了?|麻烦了)[\s,;.!?，。；！？~]*)+$",
    re.I,
)
"""A clause that is only thanks or please: beside a request it names no intent."""
_REMINDER = re.compile(r"^(?:don't|dont|do\s+not|doh|nuh)\s+forget\b|^(?:别忘|不忘)", re.I)


def without_refusals(text: str) -> str:
    """The request with every clause that only refuses something blanked (offsets kept).

    "别记录，只看一下近7天的走势" asks for the trend and "I don't need a text, just show me
    the status of 10088" for a status: the words of the refused clause ("记录", "text")
    name what is not wanted, so the classifier ranks the rest. A reminder ("don't forget
    to text me") refuses nothing and stays. Thanks after the request ("帮我出一下月度报告，
    谢谢") names nothing either, and goes too; thanks that open it ("thanks, that's all")
    close a conversation. A request that is all refusal is kept whole.
    """
    out = text
    for n, (start, clause) in enumerate(clauses(text)):
        body = clause.strip()
        if _REMINDER.match(body):
            continue
        thanks = n > 0 and bool(_COURTESY.match(body))
        if thanks or refuses(body):
            out = out[:start] + " " * len(clause) + out[start + len(clause) :]
    return out if out.strip(" ,;.!?，。；！？") else text


def without_unasked(text: str) -> str:
    """The request with every clause that tells of a change already made blanked.

    "I already logged 130/85 this morning, show me my 7 day trend" is ranked on its request
    for a trend: the reported clause (`unasked_clauses`) names a change nobody asks for
    now. Its ids stay ("I cancelled 10091 yesterday, what's its status?" is about 10091),
    not its amounts or counts ("I filed 2 taxis for 23.40 and 12.50"). A
    retracted clause stays: what was nearly done is what the question is about ("I was
    about to cancel 10094 but nvm, what's its status?"). A request that is all such
    clauses is kept whole.
    """
    out = list(text)
    cut = dict(clauses(text))
    kept = [
        (r.start, r.end)
        for r in number_roles(text)
        if r.kind == "id" or (r.kind == "number" and re.fullmatch(r"\d{3,}", r.text.strip()))
    ]
    for start, why in unasked_clauses(text).items():
        if why not in ("reported", "quoted"):
            continue
        for at in range(start, start + len(cut[start])):
            if not any(s <= at < e for s, e in kept):
                out[at] = " "
    for start, end in _source_labels(text):
        out[start:end] = " " * (end - start)
    left = "".join(out)
    return left if left.strip(" ,;.!?，。；！？") else text


@lru_cache(maxsize=64)
def _cjk_only(cues: tuple[str, ...]) -> frozenset[str]:
    return frozenset(c for c in cues if _is_cjk(c))


def _cjk_verbs(body: str, cues: Iterable[str]) -> list[tuple[int, str]]:
    """Every Chinese change word in the body, a longer one over the shorter inside it.

    Chinese puts the verb after its object ("把这笔报销改成 60 元", "订单10091不要了，取消吧"),
    so a word anywhere in the clause counts, not only the one it opens with. One decision
    asks this of the same clause and cues many times: the answer is kept (`_cjk_verbs_of`).
    """
    return list(_cjk_verbs_of(body, tuple(cues)))


@lru_cache(maxsize=4096)
def _cjk_verbs_of(body: str, cues: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    lowered = mask_not_cues(body)
    hits: list[tuple[int, str]] = []
    for cue in _cjk_only(tuple(cues)):
        at = lowered.find(cue)
        while at >= 0:
            hits.append((at, cue))
            at = lowered.find(cue, at + 1)
    hits.sort(key=lambda h: (h[0], -len(h[1])))
    kept: list[tuple[int, str]] = []
    for at, cue in hits:
        if any(k_at <= at and at + len(cue) <= k_at + len(k) for k_at, k in kept):
            continue
        kept.append((at, cue))
    return tuple(kept)


def change_verbs(text: str, extra: Iterable[str] = ()) -> list[Found]:
    """Every change a clause of the request asks for or refuses, in order.

    "cancel ticket T-3" and "add milk to my list" open with one (kind "cue"), "don't cancel
    order 10091" refuses one (kind "refused"); in Chinese a change word anywhere in the
    clause counts, refused when 不/别/没 stands right before it ("订单10091不要取消").

    A request that asks for a change is about that change, whatever else it names;
    `change_cue` finds whether a change is asked for at all (the write gate), this which
    changes, so the router can check that the intent it picked makes them. An English
    verb counts only where it opens a clause, so "any update on 10089?" or "the expense
    report" ask for nothing. Questions and hypotheticals ask for no change.
    """
    return list(_change_verbs_of(text, tuple(extra)))


_WANTED_BACK_WORDS = (
    r"(?:(?:so|and|but|now|just)\s+)?(?:i(?:'d|\s+would|\s+should)?\s+)?"
    r"(?:(?:really|just|only|simply)\s+)?(?:like|want|need|request|demand|expect|am\s+owed)\s+"
    r"(?:(?:a|an|my|the|full|complete|whole|proper)\s+)*"
)
_WANTED_BACK = re.compile("^" + _WANTED_BACK_WORDS, re.I)
"""Wanting a thing back, said as a noun: "I'd like my money back for order 10654", "need an
exchange on 10654", "I want a full refund". What is wanted is the change asked for, even
with a reason after it ("…, it came broken"); a verb there ("I want to return it") is the
polite opening's (`_POLITE`). Only the return kind: no intent of the example domains makes
it, so reading it can only turn a status into a question."""


_WANTED_BACK_JOINED = re.compile(r"\b(?:so|and|but)\s+" + _WANTED_BACK_WORDS, re.I)
"""The same wish joined to what went wrong: "the box was crushed so I want my money back"."""


_SENTENCE_ENDS = (".", "!", "?", "。", "！", "？")


def _asking_clauses(text: str) -> list[tuple[int, str, bool]]:
    """Each clause with its offset and whether it is phrased to ask for a change.

    As `clause_asks` reads it, but a command joined to a "can you …" before it in the same
    sentence asks too: in "Can you check order 72051 and text me the status?" the question
    mark closes the polite request the first clause opened, not a question of the second.
    """
    out: list[tuple[int, str, bool]] = []
    polite_before = False
    for start, clause in clauses(text):
        asks = clause_asks(clause)
        ended = clause.rstrip()
        if not asks and polite_before and ended.endswith(("?", "？")):
            asks = clause_asks(ended.rstrip("?？ "))
        polite_before = _request_body(clause)[1] and not ended.endswith(_SENTENCE_ENDS)
        out.append((start, clause, asks))
    return out


_SAID_RIGHT = re.compile(
    r"(?:correct|right)(?:\s+(?:one|already|liao|lah|leh|lor|ah))*[\s.!]*", re.I
)
"""A clause that only says the value before it is the right one ("…, 20353 then correct")."""


_TOLD_TO_BY = re.compile(
    r"(?:医生|护士|大夫|老婆|老公|媳妇|领导|老板|上司|同事|财务|客服|老师|妈|爸)(?:说)?(?:让|叫|要)我\s*$"
)
"""Someone else telling the user to make a change, right before it ("护士让我记一下血压
130/85，我该怎么记？"): what the user was told to do, not a change asked of the assistant."""
_BOUGHT_THING = re.compile(r"(?:过|了)?的(?!时候|话)[\u4e00-\u9fff]")
"""A purchase word before 的 and a noun: the thing that was bought ("购买的会议资料")."""
_DAY_BEFORE_BUYING = re.compile(r"(?:[日号]|昨天|前天|那天|当天|上午|下午|早上|晚上|中午)\s*$")
"""A day right before a purchase word: the purchase is told ("三月九日购买办公文具 68 元，请报
销"), not asked for."""
_MADE_THING = re.compile(
    r"[的之](?:那|这)?(?:张|个|份|笔|条)?(?:明细|文件|表格|报表|数据|记录|清单|单据|内容|结果|工单|报销单)"
)
"""What a change made, named by it ("导出的明细", "生成的报表", formal "本人最近提交之工单",
"我最近提交的那张工单"): a thing told, no change asked."""
_CJK_PURCHASES = frozenset(w for w in CHANGE_KINDS["purchase"] if _is_cjk(w))


_USER_WILL = re.compile(r"\b(?:before|until|till|so\s+that)\s+(?:i|we)\s+$", re.I)
"""The user's own change to come, right before its verb, which ends the clause ("asking
before I file"); with its object ("Before I add today's reading of 138/86, show me the 30
days trend, then …") it is the change asked for, after the read."""
_OPINION_ASKED = re.compile(
    r"\bwhat\s+do\s+(?:you|u|ya)\s+(?:think|reckon|say|suggest|recommend)\b|"
    r"\bwhat(?:'s|\s+is)\s+your\s+(?:opinion|advice|take)\b|\bwhat\s+would\s+you\s+do\b|"
    r"你(?:觉得|看|说|呾|讲)(?:呢|怎么样|咋样|如何)|你怎么看",
    re.I,
)
"""The assistant asked for its opinion: "What do you think?", "你觉得呢"."""
_DELIBERATED = re.compile(
    r"\b(?:i|we)\s+(?:think|guess|suppose|feel)\s+(?:(?:i|we)\s+)?(?:should|ought\s+to|"
    r"had\s+better|might)\b|\b(?:maybe|perhaps)\s+(?:i|we)\s+should\b|"
    r"我(?:觉得|想|感觉)(?:我)?(?:应该|是不是该|该|得)",
    re.I,
)
"""The user weighing a change of their own ("I think I should open a ticket")."""


def _weighed_aloud(text: str, clause: str) -> bool:
    """Whether the clause weighs a change of the user's own, the assistant's opinion asked.

    "I think I should open a ticket, … What do you think?" asks for advice, not the ticket.
    """
    return _DELIBERATED.search(clause) is not None and _OPINION_ASKED.search(text) is not None


@lru_cache(maxsize=4096)
def _change_verbs_of(text: str, extra: tuple[str, ...]) -> tuple[Found, ...]:
    cues = (*GENERIC_CUES, *OTHER_CHANGE_VERBS, *extra)
    out: list[Found] = []
    conditional = conditional_clauses(text)
    unasked = unasked_clauses(text)
    cited = _unasked_cited(text)
    for start, clause, asks in _asking_clauses(text):
        if _HYPOTHETICAL.search(clause) or _CN_HYPOTHETICAL.search(clause):
            continue
        if _weighed_aloud(text, clause):
            continue  # "I think I should open a ticket, … What do you think?"
        body, _ = _request_body(clause)
        if _SAID_RIGHT.fullmatch(body):
            continue  # "Cancel 20352... eh sorry typo, 20353 then correct": no edit asked
        kind = "cue"
        refusal = _REFUSAL.match(body) or _CN_REFUSAL.match(body)
        wanted = _WANTED_BACK.match(body) or _WANTED_BACK_JOINED.search(body)
        only_wanted = False  # a clause that asks for nothing but a thing back
        if refusal:
            body, kind = body[refusal.end() :], "refused"
        elif start in unasked:
            kind = unasked[start]
        elif start in conditional:
            kind = "conditional"
        elif not asks:
            if wanted is None:
                continue
            only_wanted = True
        base = start + clause.index(body) if body else start
        hits: list[tuple[int, str]] = []
        found = _find_cue(body, cues)
        if found is not None and found[0] == 0 and not only_wanted:
            # the longest listed phrase the verb opens: "send it back" is a return, "book me a
            # taxi" a purchase
            longer = _find_cue(body, _OPENING_PHRASES)
            if longer is not None and longer[0] == 0 and len(longer[1]) > len(found[1]):
                found = longer
            hits.append(found)
        elif wanted is not None and refusal is None:
            back = _find_cue(body[wanted.end() :], CHANGE_KINDS["return"])
            if back is not None and back[0] == 0:
                hits.append((wanted.end(), back[1]))
        if only_wanted:
            out.extend(
                Found(True, body[at : at + len(cue)], base + at, base + at + len(cue), kind)
                for at, cue in hits
            )
            continue
        for at, cue in _cjk_verbs(body, cues):
            if cue in _CJK_PURCHASES and (
                _BOUGHT_THING.match(body, at + len(cue)) or _DAY_BEFORE_BUYING.search(body, 0, at)
            ):
                continue  # "3月10日购买的会议资料", "三月九日购买办公文具": what was bought, told
            if _MADE_THING.match(body, at + len(cue)):
                continue  # "报销系统导出的明细中…": what a change made, told
            if not any(h_at <= at < h_at + len(h) for h_at, h in hits):
                hits.append((at, cue))
        for at, cue in sorted(hits):
            word = body[at : at + len(cue)]
            negated = kind == "refused" or bool(_CN_NEGATED.search(body[:at]))
            how = "refused" if negated else kind
            if not negated and _is_cjk(cue) and _TOLD_TO_BY.search(body[:at]):
                negated, how = True, "reported"  # "护士让我记一下血压130/85，我该怎么记？"
            if any(s <= base + at < e for s, e in cited):
                negated, how = True, "quoted"
            if kind in ("conditional", "retracted", "reported", "quoted"):
                negated = True
            out.append(Found(not negated, word, base + at, base + at + len(word), how))
    around = around_change(text)
    if around is not None and not any(f.start <= around.start < f.end for f in out):
        out.append(around)
        out.sort(key=lambda f: f.start)
    return tuple(out)


_CAN_DO = re.compile(
    r"\b(?:(?:can|could|may|might)\s+(?:i|we|you|u)|is\s+it\s+possible\s+to|am\s+i\s+able\s+to|"
    r"is\s+there\s+(?:any|a|some)\s+way\s+(?:to|(?:i|we)\s+(?:can|could))|"
    r"how\s+(?:do|can|would|should)\s+(?:i|we))\s+(?:still\s+|please\s+|just\s+)?"
    r"(?:(?:get|have)\s+(?:a|an|my|the|it|this|that)\s+)?(?P<verb>[a-z]+)",
    re.I,
)
"""Asking whether a change can be made: "can I still return 10088?", "is it possible to get a
refund", "is there any way to get a refund on order 10086?". The word after it is the change
asked about."""


_ADVICE = re.compile(
    r"\b(?:should\s+(?:i|we)|shall\s+(?:i|we)|do\s+(?:i|we)\s+(?:need|have)\s+to|"
    r"is\s+it\s+(?:even\s+)?worth)\s+(?:(?:even|still|just|really|bother)\s+)*(?P<verb>[a-z]+)|"
    r"(?:要不要|需不需要|该不该|应不应该|值不值得)",
    re.I,
)
"""Asking for advice on whether to make a change: "should I open a ticket for this?",
"is it worth filing?", "要不要开个工单"."""


def advised_create(text: str, extra: Iterable[str] = ()) -> Found | None:
    """A new thing the request asks whether to make ("should I bother opening a ticket?").

    Advice on making something new is no question a read of what exists answers: the list
    of tickets does not say whether a broken chair needs one. Only the `create` kind: a
    question whether to cancel order 10091 is one its status helps with. `extra`: the
    domain's own Chinese cues of that kind ("开个" for a ticket).
    """
    creates = set(_CREATE_FORMS)
    for m in _ADVICE.finditer(mask_not_cues(text)):
        verb = m.group("verb")
        if verb is not None and verb.lower() in creates:
            at = m.start("verb")
            return Found(True, text[at : at + len(verb)], at, at + len(verb), "asked")
        if verb is None:
            after = text[m.end() : m.end() + 6]
            cues = [w for w in (*CHANGE_KINDS["create"], *extra) if _is_cjk(w)]
            hits = _cjk_verbs(after, cues)
            if hits:
                at = m.end() + hits[0][0]
                return Found(True, hits[0][1], at, at + len(hits[0][1]), "asked")
    return None


def asked_changes(text: str) -> list[Found]:
    """The changes a question or a hypothetical asks about, not for ("订单10087能退款吗").

    A clause that asks for its change (`clause_asks`: "can you cancel it?", "帮我取消") is
    `change_verbs`' to read; here are the changes only asked about: a Chinese change word
    anywhere in a question, an English one right after "can I", "is it possible to", "how
    do I". What the router does with them is its own (a read intent does not answer
    whether a change no intent makes is possible).
    """
    out: list[Found] = []
    words = {*GENERIC_CUES, *OTHER_CHANGE_VERBS}
    for start, clause in clauses(text):
        if clause_asks(clause):
            continue
        for at, word in _cjk_verbs(clause, words):
            out.append(Found(True, word, start + at, start + at + len(word), "asked"))
        masked = mask_not_cues(clause)
        for m in _CAN_DO.finditer(masked):
            # The longest listed phrase the verb opens: "can I write a review" asks about
            # a review, not about writing.
            found = _find_cue(masked[m.start("verb") :], _PHRASES)
            verb = found[1] if found is not None and found[0] == 0 else m.group("verb")
            if change_kind(verb) is not None:
                at = start + m.start("verb")
                out.append(Found(True, text[at : at + len(verb)], at, at + len(verb), "asked"))
    lowered = text.lower()
    late = [*_LATE_CHANGE.finditer(mask_not_cues(text)), *_REQUESTED_THAT.finditer(lowered)]
    for m in late:
        groups = m.groupdict()
        word = groups.get("verb") or groups.get("noun") or groups["done"]
        stems = (word, word[:-1], word[:-2]) if groups.get("done") else (word,)
        stem = next((w for w in stems if change_kind(w) is not None), None)
        if stem is not None:  # "reassigned" is asked as "reassign", the listed word
            at = m.start(m.lastgroup or 0)
            out.append(Found(True, text[at : at + len(stem)], at, at + len(stem), "asked"))
    return sorted(out, key=lambda f: f.start)


_LATE_CHANGE = re.compile(
    r"(?<=[\w\d])[\s,]+(?:please|pls|plz|kindly)\s+(?P<verb>[a-z]+)\b(?!\s+(?:me|us)\b)|"
    r"\b(?P<noun>refund|return|exchange|replacement)\s+(?:please|pls|plz)\b|"
    r"\b(?:could|can|should|would|will|must|to|please)\s+(?:be|get)\s+(?P<done>[a-z]+ed)\b",
    re.I,
)
"""A change asked for after what it is for, as a clause-opening verb is not: "Ticket T-90
please close", "Order 77120 refund please", "ticket T-301 could be reassigned", "I would
like to request that ticket T-88 is closed" (`_REQUESTED_THAT`)."""
_REQUESTED_THAT = re.compile(
    r"\brequest(?:ed|ing)?\s+that\s[^.?!]{1,40}?\s(?:be|get|is|are|gets)\s+(?P<done>[a-z]+ed)\b"
)
"""A change requested for a thing named first, in the subjunctive: what "request" asks for."""


_PEOPLE = (
    r"(?:wife|husband|spouse|partner|boss|manager|mom|mum|mother|dad|father|son|daughter|kids?|"
    r"sister|brother|friend|colleague|co-?worker|team|assistant|secretary|family|parents|"
    r"girlfriend|boyfriend|client|customer)"
)
_SOMEONE_ELSE = re.compile(
    r"\b(?:text|sms|message|e-?mail|mail|ping|notify|tell|call|forward\s+(?:it|this|that)\s+to|"
    r"send\s+(?:(?:it|this|that|the\s+\w+|a\s+\w+|an\s+\w+)\s+)?to)\s+"
    rf"(?:my\s+{_PEOPLE}|him|her|them|"
    # a trade named: "text the florist the status of order 88450"
    r"the\s+(?:florist|driver|courier|customer|client|vendor|supplier|caterer|photographer|"
    r"planner|landlord|tenant|nanny|babysitter|cleaner|plumber|contractor|accountant|venue)|"
    r"(?-i:(?!(?:Me|Us|It|My|The|This|That|Our|Your|Order|Ticket|When|Where|What)\b)[A-Z][a-z]+))\b|"
    # the thing sent named between, then the person: "Text the status of order 20933 to Maria"
    r"\b(?:text|sms|message|send|forward)\s+(?:the|its|his|her|my)\s+[^.!?,;\n]{0,40}?\bto\s+"
    r"(?-i:(?!(?:Me|Us|It|My|The|This|That|Our|Your|Order|Ticket|Monday|Tuesday|Wednesday|"
    r"Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|"
    r"September|October|November|December|Gmail|Outlook|WhatsApp|Telegram|WeChat|Viber|"
    r"Messenger|Signal|Slack|Teams|SMS|Hotmail|Yahoo|iMessage)\b)[A-Z][a-z]+)\b|"
    r"(?:发给|发短信给|短信给|通知|告诉|转告|转发给|发到|发去|转给|转到)(?:一下)?"
    r"(?:我(?:老婆|老公|爸爸?|妈妈?|哥哥?|姐姐?|弟弟?|妹妹?|爱人|家人|同事|朋友|领导|上司|老板|太太|先生|"
    # Hakka and southern kin (阿姆 "mother"), northern 那口子 "my other half"
    r"阿姆|阿妈|阿爸|阿嬷|阿公|阿婆|那口子)|"
    r"他们|他|她|老板|领导|上司|经理|同事|客户|对方|买家|收件人|我?合伙人|我?助理|我?秘书|我?司机)|"
    r"(?:发|发短信|发消息|发邮件)给(?:我(?:老婆|老公|爸爸?|妈妈?|爱人|同事|朋友|领导|老板)|他|她)|"
    # a text to someone named by role or name: "帮我给司机小张发个短信"
    r"给(?:司机|师傅|同事|客户|顾客|老板|领导|经理|[小老阿])[\u4e00-\u9fff]{0,2}"
    r"发(?:个|条|一条|一个)?(?:短信|消息|信息|微信)",
    re.I,
)
"""A message for someone other than the user ("text my wife the status of 10087", "email
my boss", "发短信给我老婆"): a send intent that texts the user does not make it."""


def someone_else(text: str) -> Found | None:
    """The words that send a message to another person, or None (see `_SOMEONE_ELSE`)."""
    m = _SOMEONE_ELSE.search(text)
    return None if m is None else Found(True, m.group(), m.start(), m.end(), "cue")


_FIRST = re.compile(
    r"^\s*(?:(?:first|then|just|only|simply|rather|better)\b|"
    # what is meant, after the change disowned: "…不是要开工单，是想查 T-33 的进度"
    r"我?(?:其实|只|就)?是(?:想|要))[\s,]*",
    re.I,
)
_KEPT_OBJECT = r"\s+(?:it|that|this|them|dem)\b"
"""What is kept ("keep it", "hang onto them", Shetland "keep dem"): in `_CHANGE_OF_MIND` and
`_KEEP_IT` alike."""
_CHANGE_OF_MIND = re.compile(
    r"\b(?:no\s+wait|wait(?!\s+(?:till|until|for|to)\b)(?:,?\s+no(?!\s+need))?|"
    r"actually,?\s+(?:no(?!\s+need)|nah)|"
    # "actually" alone only where a thought starts, not "when someone actually does something"
    r"(?:(?<![A-Za-z]\s)|(?<=\boh\s)|(?<=\bbut\s)|(?<=\band\s)|(?<=\bok\s)|(?<=\bokay\s)|"
    r"(?<=\bhmm\s))actually(?![\s,]+(?:yes|yeah|yep)\b)|actly|"
    # ("…, actually yes, do keep me updated" affirms what follows)
    # (and "hold on"; "hold on to it" keeps the thing, itself a change of mind: "cancel
    # 40931, hold on to it, just tell me where it is")
    rf"nah|(?:hang|hold)\s+on\s*to{_KEPT_OBJECT}|hang\s+on|hold\s+on(?!\s*to\b)|"
    # "I want to cancel... or no, first tell me where is it"
    r"(?<=[.…,]\s)or\s+no(?=[\s,]+(?:first|just|only|better|rather|tell|show|check))|"
    # "no" alone, then the change refused: "Cancel 44120, no, don't cancel it, just tell me …"
    r"(?:(?<=[.…,;!—–-]\s)|(?<=[.…,;!—–-]))no(?=[\s,]+(?:don'?t|do\s+not)\s)|"
    r"on\s+second\s+thoughts?|(?:scratch|scrap)\s+that|no\s+(?:lah|la)|forget\s+it|never\s*mind|nvm|"
    # "no need" last, right after the number the change is for ("cancel 30721 no need",
    # Singlish "cancel 30721, no need lah"): the change may be refused or the order said to be
    # unneeded, so `retracted` takes the change back and the run asks. Not "no need to text
    # me", nor "Inform me no need." (the message refused, which the slot reads).
    r"(?:(?<=\d\s)|(?<=\d,\s)|(?<=\d,)|(?<=\d\sactually\s)|(?<=\d,\sactually\s))"
    r"(?P<no_need>no\s+need)(?=(?:\s+(?:lah|la|leh|lor|liao|already|anymore|ah))?[\s.!~]*$)|"
    # the message itself let go: "text me the status of 56231... don't bother with the text,
    # just tell me here", "no need for the sms"
    r"(?P<no_text>(?:(?:don't|dont|do\s+not)\s+bother\s+(?:with|about)|no\s+need\s+for)\s+"
    r"(?:the\s+|a\s+|that\s+|di\s+|da\s+|de\s+)?(?:text|txt|sms|message|msg))|"
    r"(?:don't|dont|do\s+not)\s+bother|(?P<hold_off>hold\s+off)|(?:sorry,?\s+|no,?\s+)?i\s+meant?)\b|"
    r"不对|算了|还是算了|等等|哦不(?!是)|不不|我是说|我的意思是|"
    # a sigh before the change refused (Hakka 毋好, read 不要): "20931取消掉 哎毋好毋好取消"
    r"(?:哎呀|哎哟|哎|唉)\s*(?=(?:不要|别|不用)+\s*(?:取消|报|记|开|发))|"
    # 不是 standing alone, doubled or after a sigh (Cantonese 唔係唔係): "cancel 58255... 啊
    # 唔係唔係，睇下佢去到邊先"
    r"(?:(?<=^)|(?<=[\s，,。.…—]))(?:啊|哦|呃|噢|唉)?\s*不是(?:不是)?(?=[\s，,。.…!！—])|"
    # a question before the change: "我想开个工单，但是先问一下：一般多久会有人回复？"
    # "帮我取消订单 啊 不是 我是想查订单…": the request said again, as meant
    r"不是(?=[\s,，。.]*我(?:是|其实)?(?:想|要|说))|"
    # the change itself disowned, then what is meant: "其实我不是要开工单，是想查 T-33 的进度"
    r"(?:其实)?我?不是(?:要|想)[^，。,.!！?？]{1,12}[，,]\s*(?=我?(?:是|其实)(?:想|要))",
    re.I,
)
"""Words that change one's mind about the change just asked for ("no wait", "actually nah",
"sorry I meant", 算了, "啊不是，我是想…")."""


_DISMISSED = re.compile(
    r"\b(?:ignore|disregard|forget|scratch|scrap)\s+(?:that|this|what\s+i\s+(?:just\s+)?said)\b"
    r"[\s,.;:!—–-]*|(?:刚才|前面|上面)(?:说的|那句|那个)?(?:不算|作废|当我没说)[\s，,。.；;!！]*",
    re.I,
)
"""Words that throw away what was just said ("Oh, ignore that, just list all my orders",
"scratch that", "前面说的不算")."""
_ASIDE_BEFORE = re.compile(
    r"(?:[\s,.;:!?…—–，。；：！？-]|\b(?:oh|no|nah|wait|ok|okay|hmm+|um+|actually|sorry)\b)*$", re.I
)
_SENTENCE_BREAK = re.compile(r"[.?!。？！\n]+\s*")
_POINTS_BACK = re.compile(r"\b(?:it|its|that\s+one|this\s+one|them)\b|它", re.I)


def _without_dismissed(text: str) -> str | None:
    """The request with the sentence a dismissal throws away blanked, or None.

    "Where's order 77013? Oh, ignore that, just list all my orders" asks for the list only;
    "… Please let me know about progress... no, scratch that, no need to notify me" drops
    the updates, not the ticket. Not when what follows points back at what was dismissed
    ("cancel 10086. scratch that, text me its status": the order is still the one meant).
    """
    m = _DISMISSED.search(text)
    after = text[m.end() :] if m is not None else ""
    if m is None or not re.search(r"\w", after) or _POINTS_BACK.search(after):
        return None
    head = text[: m.start()]
    if (aside := _ASIDE_BEFORE.search(head)) is not None:
        head = head[: aside.start()]
    cut = max((b.end() for b in _SENTENCE_BREAK.finditer(head)), default=0)
    return text[:cut] + " " * (m.end() - cut) + after


_KEEP_IT = re.compile(
    r"[\s,，.。!！—–-]*(?:no[\s,]+)?(?:(?:don'?t|do\s+not)\s+bother[\s,.!]+)?"
    r"(?:i'?ll\s+|i\s+will\s+|i'?d\s+rather\s+|let'?s\s+)?"
    rf"(?:keep|leave|(?:hang|hold)\s+on\s*to){_KEPT_OBJECT}|"
    r"[\s,，.。!！—–-]*(?:留着|保留|不取消了)",
    re.I,
)
"""The thing kept after a change of mind: "wait no, keep it", "actually no, I'll keep it",
"hang on, don't bother, I'll keep them after all" (Shetland "… keep dem efter aa"), "nah
I'll hang onto it"."""


_ID_NEXT = re.compile(r"\s*(?:(?:order|ticket|job)\s*)?(?:#|no\.?\s*)?(?:\d|[TJ]-\d)", re.I)
_JUST_ASKING = re.compile(
    r"\b(?:(?:i'?m\s+|i\s+am\s+|i\s+were\s+|i\s+was\s+)?(?:just|only)\s+(?:asking|askin'?|"
    r"checking|checkin'?)|just\s+curious|"
    r"asking\s+for\s+now)(?![\w])|"
    r"(?:我)?(?:只是|就是|只)?(?:问问|随便问问|问一下而已|问问而已)(?:而已)?(?:[。.!！]|\s*$)|"
    # asking first, before any change: Wu "伲想取消80236，先问问清爽"
    r"(?:我|伲|俺)?先问(?:问|一下|下)(?:清楚|清爽|明白|再说)?(?:[。.!！]|\s*$)|"
    r"(?:仅|只|仅仅|只是)(?:作|为|是)?(?:咨询|询问)",
    re.I,
)
"""The user saying the whole message only asks ("can I cancel 77120 or is it too late? just
asking", "还能取消吗？先别取消，我只是问问", "目前仅作咨询", "先问问清爽")."""


_MOST_CUES = 4
"""How many change words a message that says it is only asking has blanked, at most."""


def _taken(found: Found) -> str:
    """A change word blanked: "not" over an English one, so it reads as refused."""
    taken = "not" if found.text.isascii() and len(found.text) >= 3 else ""
    return taken.ljust(found.end - found.start)


_ASK_FIRST = re.compile(
    r"(?:但是|不过)?先问(?:一下|问|个问题)|\bbut\s+first,?\s+(?:a\s+)?(?:quick\s+)?question\b|"
    # the change named as what comes after the question: "Before you start it: does the
    # monthly report take long to build?", "Before you cancel 40211, will I get my money back?"
    r"\bbefore\s+(?:you|u)\s+[^,:;.?!，：；。？！]{1,40}[,:;，：；]",
    re.I,
)
"""A question put before the change asked for ("我想开个工单，但是先问一下：多久会有人回复？",
"Before you start it: does the monthly report take long to build?")."""


def question_first(text: str) -> Found | None:
    """The words holding a change back for a question asked first, or None.

    "I want to open a ticket, but first a question: how long do replies take?" wants the
    answer before the ticket: the change waits for it, and the run asks nothing of a tool.
    """
    m = _ASK_FIRST.search(text)
    if m is None or not asks_a_question(text[m.end() :]):
        return None
    return Found(True, m.group(), m.start(), m.end(), "asked")


_NEAR = 12
"""How far after words that change one's mind a refusal still refers back ("no wait dont
cancel it")."""


_IT_JUST = re.compile(r"^\W*(?:it|that|this|them)?\W*(?:just|only)?\W*", re.I)
"""What opens the words after a refused change and says nothing of its own ("it, just")."""


def _asks_read(text: str) -> bool:
    """Whether what follows a refused change asks for a read ("it just where is it")."""
    words = _IT_JUST.sub("", text)
    return bool(words) and (read_command(words) or asks_for_information(words))


def _instead(text: str, refused: Found) -> bool:
    """Whether what follows a change refused right after a change of mind stands in its place.

    A change of another kind ("just text me the status on it instead") or nothing more
    ("… no wait don't cancel it") takes the change refused back (a read after it does too,
    `_asks_read`). What else follows, a value say, may only correct it.
    """
    words = _IT_JUST.sub("", text)
    if not re.search(r"\w", words):
        return True
    return any(
        v.kind == "cue" and change_kind(v.text) not in (None, change_kind(refused.text))
        for v in change_verbs(words)[:1]
    )


def retracted(text: str) -> str:
    """The request with a change it takes back blanked out (offsets kept).

    "cancel 40011… no wait, better sms me the status first" and "取消10092，算了，就告诉我到哪了"
    ask for the message or the read, not the cancellation: a change before words that change
    one's mind ("no wait", "actually nah", 算了) is dropped when a different change or a
    read follows them, or "keep it"; and every change of a message that says it is only
    asking (`_JUST_ASKING`). Its values stay: the order is still the one meant.
    "cancel 10097 no wait 10079" corrects a value, not the change (`corrected`).
    """
    if _JUST_ASKING.search(text):  # "还能取消吗？先别取消，我只是问问": no change at all
        chars = list(text)
        for v in change_verbs(text):
            if v.kind != "refused":
                chars[v.start : v.end] = _taken(v)
        # and what the write gate reads as asked for, where no clause opens with it ("Note:
        # cancel order 58123 … just asking what happens if I do")
        for _ in range(_MOST_CUES):
            cue = change_cue("".join(chars))
            if cue is None:
                break
            chars[cue.start : cue.end] = _taken(cue)
        return "".join(chars)
    if (kept := _without_dismissed(text)) is not None:
        return kept
    for m in _CHANGE_OF_MIND.finditer(text):
        after = text[m.end() :]
        later = change_verbs(after)
        later_kind = change_kind(later[0].text) if later and later[0].kind == "cue" else None
        # "wait no, keep it, just check its status": the first two clauses with words in them
        # ("… no wait, first tell me where it is": what orders the thing asked is no word of it)
        first = [_FIRST.sub("", c) for _, c in clauses(after) if re.search(r"\w", c)][:2]
        reads = any(read_command(c) or asks_for_information(c) for c in first)
        keeps = _KEEP_IT.match(after) is not None  # "cancel 61107… wait no, keep it"
        # "cancel order 90217 no wait dont cancel it just where is it": the change refused
        # right after, and a read asked instead
        right_after = bool(later) and later[0].kind == "refused" and later[0].start < _NEAR
        rest = _FIRST.sub("", after[later[0].end :]) if right_after else ""
        refused = right_after and _asks_read(rest)
        if right_after and not refused and _instead(rest, later[0]):
            # another change or nothing after the refusal ("cancel order 78120 no wait don't
            # cancel it just text me the status on it instead", "… no wait don't cancel it"):
            # only the change of the kind refused is taken back ("开个工单，有进展通知我，不对，
            # 不用通知我" keeps the ticket)
            return _taken_back(text, m, change_kind(later[0].text), bool(_IT_JUST.sub("", rest)))
        if keeps and later_kind is None and not reads and not refused and _kept_only(after):
            # nothing asked in its place ("Cancel my order 10321? Actually no, keep it."):
            # what came before is withdrawn whole, and what is left is asked about
            return " " * m.end() + text[m.end() :]
        if m.group("no_text"):
            # "text me the status of 56231... don't bother with the text": the message let go,
            # whatever follows; the order is still the one meant
            return _taken_back(text, m, change_kind("text"), True)
        if m.group("hold_off") and not later and not reads and _asked_before(text, m):
            # "file a meal claim, 27 EUR … actually hold off, gotta find the receipt first": the
            # change put off, nothing asked in its place, so what came before is withdrawn
            return " " * m.end() + after
        if m.group("no_need"):
            # "cancel 30721 no need": the change named, then refused after it, and nothing else
            return " " * m.end() + after
        if later_kind is None and not reads and not keeps and not refused:
            continue
        gone = [v for v in _asked_before(text, m) if change_kind(v.text) not in (None, later_kind)]
        if gone:
            return _blanked(text, m, gone)
    return text


def _asked_before(text: str, mind: re.Match[str]) -> list[Found]:
    """The changes asked for, not refused, before words that change one's mind.

    The object first ("The order 40017 I want to cancel...") has the gate's cue alone.
    """
    before = text[: mind.start()]
    verbs = change_verbs(before) or [c for c in (change_cue(before),) if c is not None]
    return [v for v in verbs if v.kind != "refused"]


def _taken_back(text: str, mind: re.Match[str], kind: str | None, more: bool) -> str:
    """The request with the changes of one kind before a change of mind blanked (`_blanked`).

    Where they were all it asked and nothing follows the refusal (`more` false: "cancel order
    40215 no wait don't cancel it"), what came before is withdrawn whole, as with "keep it",
    and what is left is asked about.
    """
    asked = _asked_before(text, mind)
    gone = [v for v in asked if change_kind(v.text) == kind]
    if not gone or kind is None:
        return text
    if not more and len(gone) == len(asked):
        return " " * mind.end() + text[mind.end() :]
    return _blanked(text, mind, gone)


def _blanked(text: str, mind: re.Match[str], gone: Iterable[Found]) -> str:
    """The request with the changes taken back blanked, and the change of mind a clause break.

    "not" in place of an English verb refuses what its clause still names ("file a taxi
    claim", "send me an SMS": the noun alone would ask for it); an id right after the verb
    ("cancel 10092") stays the one meant, unrefused.
    """
    chars = list(text)
    for v in gone:
        by_id = _ID_NEXT.match(text, v.end) is not None
        taken = "not" if v.text.isascii() and len(v.text) >= 3 and not by_id else ""
        chars[v.start : v.end] = taken.ljust(v.end - v.start)
    # the words of the change of mind end the clause: what follows opens one
    chars[mind.start() : mind.end()] = "," + " " * (mind.end() - mind.start() - 1)
    return "".join(chars)


def _kept_only(after: str) -> bool:
    """Whether what follows a change of mind only keeps the thing ("… actually no, keep it.").

    Nothing else is asked after "keep it" ("wait no, keep it, 只 check status" asks for a
    read), so the request asks for nothing any more. Why it is kept may follow ("naw wait,
    leave it, my nephew say he gonna use dem nets"): a clause that asks for no read, no
    information and no change.
    """
    kept = _KEEP_IT.match(after)
    if kept is None:
        return False
    rest = after[kept.end() :]
    if _NOTHING_MORE.fullmatch(rest) is not None:
        return True
    return (
        not change_verbs(rest)
        and _READ_WORD.search(rest) is None
        and not any(
            read_command(c) or asks_for_information(c) or asks_a_question(c)
            for _, c in clauses(rest)
            if re.search(r"\w", c)
        )
    )


_READ_WORD = re.compile(
    r"\b(?:check|show|status|where|tell|list|see|look|track|trace)\b|查|看|状态|哪|到了", re.I
)
"""A word asking for a read anywhere in what follows "keep it" ("keep it, 只 check status"),
where no clause opens with a read command."""


_NOTHING_MORE = re.compile(
    r"[\s,.!…]*(?:(?:for\s+now|after\s+(?:all|aa)|then|thanks|thx|sorry|forget\s+it|never\s*mind)"
    r"[\s,.!…]*)*",
    re.I,
)


def change_verb(text: str, extra: Iterable[str] = ()) -> Found | None:
    """The first change the request asks for or refuses (`change_verbs`), or None."""
    found = change_verbs(text, extra)
    return found[0] if found else None


FILLER: tuple[str, ...] = (
    # English: articles, pronouns, prepositions, politeness, wanting and asking.
    *("a", "an", "the", "one", "some", "another", "new", "this", "that", "it", "its", "there"),
    *("i", "me", "my", "mine", "we", "us", "our", "you", "your", "u", "ya", "for", "to"),
    *("about", "of", "on", "in", "at", "with", "from", "re", "regarding", "and", "or", "so"),
    *("please", "pls", "plz", "kindly", "thanks", "thank", "can", "could", "would", "will"),
    *("just", "need", "want", "like", "get", "got", "help", "quick", "quickly", "now"),
    *("asap", "today", "here", "again", "ok", "okay", "hey", "hi", "be", "is", "go", "ahead"),
    *("i'd", "i'm", "let's", "wanna", "gonna", "do", "something", "thing", "stuff"),
    *("fixin", "finna"),  # Southern US "about to": "fixin to file a claim for 40 dollars"
    # what a texter writes for "I don't know, something": "file 25 usd for... idk smth 😅"
    *("smth", "sth", "somethin", "idk", "dunno", "whatever"),
    *("lol", "lmao", "haha", "hahaha", "tbh", "ngl", "omg", "哈哈", "哈哈哈"),
    *("what", "if", "tell", "say", "later", "soon"),
    # Chinese.
    *("帮我", "帮忙", "给我", "替我", "请", "麻烦", "一下", "一个", "个", "吧", "啊", "呢"),
    *("了", "我", "你", "的", "新", "一", "下", "要", "想", "能", "可以", "好", "谢谢"),
    # Spoken fillers, as a voice transcript keeps them.
    *("um", "uh", "erm", "嗯", "呃", "那个", "这个", "就是说", "对对对", "对对", "哦"),
    # Tagalog's particles in Taglish ("pa-claim ng 40 USD", "yung taxi ko po").
    *("pa", "ng", "po", "sa", "para", "yung", "ang", "lang", "naman", "ko", "mo", "nga", "daw"),
    # the particles of other Englishes: Nepali "ni", "hai", "la"; Swahili "sawa",
    # "tafadhali", "asante"; patois "mi", "fi"
    *("ni", "hai", "la", "hajur", "sawa", "tafadhali", "asante", "mi", "fi"),
    # Gulf Arabic particles in English: "yalla open me a ticket", "inshallah", "habibi"
    *("yalla", "yallah", "habibi", "inshallah", "insha'allah", "wallah", "khalas"),
    # Nigerian Pidgin: "Abeg I wan open ticket" (please, I want), "oya", "sha"
    *("abeg", "wan", "oya", "sha"),
    *VOCATIVES,
)
"""Words that carry no content of their own: what is left of "open a ticket for me" once
they, the change verbs and the intent's own words are gone is nothing to write down."""

_BE = ("was", "were", "are", "am", "been")
"""The rest of "be" ("Please file 25 EUR ni, it was yesterday" says nothing of what the money
went on); no filler of the classifier's, where "my bp was 133/87" tells, not asks."""
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u9fff]+")


def content_words(text: str, noise: Iterable[str] = ()) -> list[str]:
    """The words of a free-text slot that say something: not filler, cue, verb or `noise`.

    "open a ticket for me" has none once "ticket" (the intent's own word) is noise; "the
    printer on floor 2 is jammed" keeps "printer", "floor", "2", "jammed". English words
    are compared whole, lower-cased and stemmed; Chinese is cut where a noise word or
    filler stands ("帮我开个工单吧" leaves nothing), and what remains counts when it is two
    characters or more.

    Args:
        text: The slot's evidence words.
        noise: The intent's own words (its cues, its description, words most of its
            examples use), which name the request, not what it is about.
    """
    english, chinese = _dropped(tuple(noise))
    left: list[str] = []
    for token in _TOKEN.findall(text.lower().replace("’", "'")):
        if not _is_cjk(token):
            if stem(token) not in english and stem(token.split("'")[0]) not in english:
                left.append(token)
            continue
        for word in chinese:
            token = token.replace(word, " ")
        left.extend(
            piece for piece in token.split() if len(piece) >= 2 and not _CN_NUMBER.fullmatch(piece)
        )
    return left


@lru_cache(maxsize=256)
def _dropped(noise: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """The English stems and Chinese words `content_words` drops, per intent's noise."""
    drop = {w.lower() for w in (*FILLER, *_BE, *GENERIC_CUES, *OTHER_CHANGE_VERBS, *noise)}
    english = frozenset(stem(part) for w in drop if not _is_cjk(w) for part in w.split())
    chinese = tuple(sorted((w for w in drop if _is_cjk(w)), key=len, reverse=True))
    return english, chinese


_CN_NUMBER = re.compile(r"[零〇一二两三四五六七八九十百千万]+")
"""A number said in Chinese ("五百"), which says no more than its digits would."""

"""Deterministic slot helpers shared by domains: each value found with the words it came from.

These live in code because a model re-guessing `14d` versus `30d` on every turn is one of the
root causes of tool loops: the value is computed once, validated, and handed to the model.

Every number of a request first gets a role (`number_roles`): part of a period ("last 7
days"), of a date ("2 weeks ago", "2026-03-01"), a reading ("150/95"), an id ("order 10086",
"J-3"), an ordinal or a quantity ("3 of 5", "3rd", "2 receipts"), a time, time gone by
("it's been 6 days"), money ("42.50 EUR") or a plain number. A finder (`find_amount`,
`find_period`, ...) only takes a number whose role means its slot, and returns a `Found`:
the value plus the span of the request it came from, which the router keeps as the slot's
evidence and checks before any write.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from decimal import Decimal
from functools import lru_cache
from typing import Any, Literal, NamedTuple

RoleKind = Literal[
    "date",
    "period",
    "elapsed",
    "reading",
    "id",
    "time",
    "ordinal",
    "quantity",
    "money",
    "number",
    "code",
]

_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10_000}
_EN_NUMBERS = {
    "one": 1,
    "a": 1,
    "an": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fourteen": 14,
    "thirty": 30,
    **{"couple": 2, "couple of": 2, "a couple": 2, "a couple of": 2},
}
_UNIT_DAYS = {
    "天": 1,
    "日": 1,
    "周": 7,
    "星期": 7,
    "个星期": 7,
    "礼拜": 7,
    "个礼拜": 7,
    "个月": 30,
    "月": 30,
    "day": 1,
    "week": 7,
    "fortnight": 14,
    "month": 30,
    # as chat shortens them: "past wk", "last 2 wks", "past mth"
    **{"wk": 7, "mth": 30},
    "quarter": 90,
    "year": 365,
    "季度": 90,
    "年": 365,
}
_WEEKDAY_TYPOS: dict[str, int] = {
    **{"mondy": 0, "tuesdy": 1, "tusday": 1, "wednesdy": 2, "wensday": 2, "wednsday": 2},
    **{"thursdy": 3, "thrusday": 3, "thurday": 3, "fridy": 4, "saturdy": 5, "sundy": 6},
}
"""Weekdays typed in a hurry, a letter dropped or swapped ("from Thursdy", "Wednesdy"): read
as the day, in `_WEEKDAYS` and `_WEEKDAY_EN` alike."""
_WEEKDAYS: dict[str, int] = {
    **{"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4},
    **{"saturday": 5, "sunday": 6, "tues": 1, "weds": 2, "thurs": 3},
    **{"tue": 1, "thu": 3, "fri": 4, "mon": 0, "wed": 2, "sat": 5, "sun": 6},
    **_WEEKDAY_TYPOS,
    **{"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6},
}
"""Weekday names (Monday is 0, as `date.weekday()`): English, and the day after 周/星期/礼拜."""
_MONTHS = {
    name: i
    for i, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
        start=1,
    )
}

_EN_NUM = (
    r"\d+|(?:a\s+)?couple(?:\s+of)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve|fourteen|thirty"
)
"""A count in words; "a couple of" is two ("the last couple of weeks")."""
_CN_NUM = r"[0-9]+|[零〇一二两三四五六七八九十百千]+"
_NUM = r"\d+(?:,\d{3})*(?:\.\d{1,2})?"
_THOUSANDS = r"\d{1,4}(?:\.\d{1,3})?k(?![a-z])"
"""An amount in thousands, as written in chat and slides ("2k CNY", "€1.5k", "0.5k USD")."""
_B = r"(?<![A-Za-z0-9.])"
"""A number starts here: not inside a word or another number (CJK text has no spaces, so
`\b` cannot be used before a digit that follows a Chinese character)."""
_CN_AMOUNT = r"[零〇一二两三四五六七八九十百千万]+"
CN_NUMERAL = re.compile(_CN_AMOUNT)
"""A number written in Chinese numerals ("两百五十"), which `cn_number` reads."""
_JIAO = (
    r"(?P<jiao>[1-9一二两三四五六七八九])(?:毛|角)?"
    r"(?!\s*[0-9零〇一二两三四五六七八九十百千万.天日号个人次晚张件份笔条周月年点])"
)
"""The one digit of jiao (tenths of a yuan) said after 块: "二十八块五" is 28.50, and so is
"28 块 5", spaced."""
_CENTS_AFTER = (
    r"(?:euros?|dollars?|pounds?)\s+\d{2}(?!\d|[.,:/]\d|%)(?!\s*(?:days?|weeks?|months?|nights?|people|"
    r"pax|x\b|times|min|mins|hours?|hrs?|am|pm|st|nd|rd|th|of)\b)"
)
"""Two digits of cents after the currency word ("23 euro 50", "12 dollars 99")."""
_JIAO_SAID = r"(?P<jiao_said>[1-9一二两三四五六七八九])(?:毛|角)"
"""Jiao after 元, named as such: "六十八元五角" is 68.50 (after 元 a digit alone is not)."""
CURRENCY_BEFORE = r"(?:[$€¥£￥]|\b(?:usd|eur|cny|rmb|us\$)\s*)"
CURRENCY_AFTER = (
    r"(?:\s*(?:usd|eur|cny|rmb|dollars?|bucks|euros?|yuan)\b|\s*(?:块钱|块|元|美元|欧元|美金|"
    r"人民币|刀|欧(?!洲)|[€£¥￥]))"
)
_ORDER_WORDS = r"(?:order|parcel|package|shipment|订单|包裹|快递)"
ID_NOUNS: tuple[str, ...] = (
    *("order", "parcel", "package", "shipment", "ticket", "job", "claim", "number", "no", "id"),
    *("订单", "包裹", "快递", "工单", "任务", "单号", "号", "这单", "那单"),
)
"""Nouns that only say what kind of thing an id names: "order 10092" says no more than
"10092" does about what to do with it."""
_MONTH_NAME = (
    r"(?:jan(?:uary|uari|vier|uar)?|feb(?:ruary|uary|urary|rero|ruar|braio)?|"
    r"mar(?:ch|zo|s)?|apr(?:il|ile)?|may|jun(?:e|io|i)?|jul(?:y|io|i)?|aug(?:ust)?|"
    r"sep(?:t|tember|tiembre|tembre)?|oct(?:ober|ubre|obre)?|nov(?:ember|iembre|embre)?|"
    r"dec(?:ember|embre)?)(?![a-z])"
)
"""A month's name, whole or cut to three letters (also Spanish, Italian, French, Dutch
and German spellings): not any word that starts like one ("Declare 23,50 euro" is no
23 December, "marketing 5" no 5 March)."""
_LONG_PERIOD = (
    r"\b(?:(?:in|over|for|during|within)\s+)?(?:the\s+)?(?:this|last|past|previous|current)\s+"
    r"(?:calendar\s+|fiscal\s+)?(?:year|quarter)\b|\b(?:year|quarter)[\s-]to[\s-]date\b|"
    r"\bq[1-4]\b|\bytd\s+(?:total|spend|spending|spent|claims?|expenses?|figures?)\b|"
    r"\b(?:total|spend|spending|spent|claimed|claims|expenses|how\s+much)\s+(?:\w+\s+)?ytd\b|今年(?:以来)?(?!\s*\d{1,3}\s*(?:岁|了|周岁))|去年|本年度?|年初以来|(?:本|这个?|上个?)季度|"
    r"(?:第?[一二三四1-4])季度|(?:最近|近|过去)\s*(?:[0-9]+|[一二两三四五六七八九十]+)?\s*年|"
    r"\b(?:last|past)\s+(?:\d+|two|three|few)\s+years\b|"
    # a school's terms: "show me this semester's total", "本学期"
    r"\b(?:this|last|current|past)\s+(?:semester|term|school\s+year|academic\s+year)\b|"
    r"(?:这|本|上)学期"
)
"""Periods of a quarter or a year ("this year", "Q1", "今年以来"): a period all the same, so
"the total for Q1" is never read as a shorter window nor its "1" as an amount. "ytd" is
year-to-date beside what is totalled ("total ytd", "ytd spend"); elsewhere it is the
chat spelling of yesterday (`_YESTERDAY_CHAT`)."""
_YESTERDAY_CHAT = re.compile(r"(?<![\w-])ytd(?![\w-])", re.I)
""""ytd" where no total is beside it: "uber 14 usd ytd pls file it", "log 121/79 from ytd"
(every writer who used it in the router set meant yesterday)."""
_WEEKDAY_EN = (
    # bounded by what is not a Latin letter or digit: "Friday那场婚礼" inside Chinese too
    r"(?<![A-Za-z0-9_])(?:(?P<en_when>last|past|previous|this|next|every|each|on)\s+)?"
    r"(?P<en_day>monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|weds|thurs|"
    + "|".join(_WEEKDAY_TYPOS)
    + r"|"
    r"tue|thu|fri|"
    # "Mon", "Wed", "Sat", "Sun" are English words too: only capitalised, after a comma, "on"
    # or a number ("BP 129/83, Sat"), never opening a sentence ("Sat in traffic for an hour")
    r"(?:(?<=[,;(/]\s)|(?<=[,;(/])|(?<=\bon\s)|(?<=\blast\s)|(?<=\d\s))(?-i:Mon|Wed|Sat|Sun)(?!')"
    # or in any case before a time of that day: "log bp 141/90 from sat am", "sun night"
    r"|(?:mon|wed|sat|sun)(?=\s+(?:am|pm|morning|night|nite|evening|arvo|afternoon)\b)"
    # or lower case after "on", bar "sun" ("on sun cream"): "file dinner $27.60 on wed"
    r"|(?<=\bon\s)(?:mon|wed|sat)"
    # or right before an amount with its sign: "cab to the dallas conf center wed $32"
    r"|(?:mon|wed|sat|sun)(?=\s+[$€£¥]\s?\d)"
    # or right after an amount's currency code: "add dinner 23 usd wed"
    r"|(?:(?<=\busd\s)|(?<=\beur\s)|(?<=\bcny\s)|(?<=\brmb\s))(?:mon|wed|sat|sun)"
    r")"
    r"(?:(?=s\s+(?:[a-z]+\s+)?(?:reading|measurement|number|bp|pressure|dinner|lunch|breakfast|"
    r"taxi|cab|ride|trip|meal|hotel)s?\b)|(?P<en_plural>s)?(?![A-Za-z0-9_]))"
)
_WEEKDAY_CN = (
    # (right after a reading too: "血压145/90礼拜五量的")
    r"(?:(?<=\d/\d\d)|(?<=\d/\d\d\d)|(?<![0-9零〇一二两三四五六七八九十几每]))"
    r"(?P<cn_when>上上个?|上个?|下个?|这个?|本)?"
    r"(?:周|星期|礼拜)(?P<cn_day>[二三四五六日天]|一(?![共起下次遍个些直样般点定切律致]))"
)
"""A day named by its weekday: "last thursday", "on Friday", "上周四", "周五". Not a count of
weeks ("两周一共", "这两周"), and "every Monday" or "下周二" name no past day (`_weekday_date`).
"fridays reading" is a possessive with its apostrophe left out (a day's reading or meal), not
"on Fridays"."""
_OPEN_PERIOD = (
    rf"\bsince\s+(?!(?:{_EN_NUM})\s*(?:day|week|month)s?\s+(?:ago|back|earlier)\b)"
    rf"(?:the\s+)?(?:(?:start|beginning)\s+of\s+(?:the\s+)?)?(?:(?:last|this)\s+)?"
    rf"(?:{_MONTH_NAME}(?:\.?\s+\d{{1,2}}(?:st|nd|rd|th)?)?|\d{{4}}-\d{{2}}-\d{{2}}|week|"
    rf"month|year|quarter|new\s+year|christmas|monday|tuesday|wednesday|thursday|friday|"
    rf"saturday|sunday)\b|\bso\s+far\s+this\s+(?:month|year|quarter)\b|"
    r"从\s*(?:[0-9一二三四五六七八九十]{1,3}\s*月(?:份)?(?:[0-9一二三四五六七八九十]{1,3}[日号])?|"
    r"年初|月初|上个?月|去年|上周|春节|元旦)\s*(?:到现在|至今|以来|开始|起)?|"
    r"(?:[0-9一二三四五六七八九十]{1,3}\s*月(?:份)?(?:[0-9一二三四五六七八九十]{1,3}[日号])?|"
    r"月初|上个?月|春节|元旦)\s*(?:以来|至今|到现在)"
)
"""A period that starts at a date and runs to today ("since january", "since March 1",
"从1月到现在"): no window of a fixed length, so it reads as `OPEN_PERIOD_DAYS` and the
slots model asks which window is meant, never a default one. "since 2 weeks ago" is 14 days."""
OPEN_PERIOD_DAYS = 0
"""The length an open period reads as: no domain offers it, so its slot fails validation."""
_TERSE_PERIOD = rf"(?:{_B}|(?<![A-Za-z0-9.])x)\d{{1,3}}\s?(?:d|wks?|w|mos?)(?![A-Za-z0-9_])"
"""A period written the short way: "7d", "30d", "2w", "3mo" ("bp trend 30d", Chinese after
it too: "30d的趋势"), and as a clinic's notes write a duration, "x7d" (for 7 days)."""
HALF_MONTH_DAYS = 14
_HALF_MONTH = re.compile(
    r"(?:(?:最近|近|过去|这)\s*)?半个?月(?:内|以来)?|"
    r"\b(?:(?:in|over|for|during|within)\s+)?(?:the\s+)?(?:last|past)\s+half\s+(?:a\s+)?month\b",
    re.I,
)
"""Half a month ("最近半个月", "the past half month"): said for two weeks, the window of 14
days."""
_TERSE_UNIT_DAYS = {"d": 1, "w": 7, "wk": 7, "wks": 7, "mo": 30, "mos": 30}

_NAMED_READING = (
    # (and as an older user says them: "高的140低的90")
    r"(?<![A-Za-z])(?:高压|收缩压|上压|高的|systolic|sys|sbp|upper|top)\s*(?:是|为|of|[:：=])?\s*"
    r"\d{2,3}\s*(?:mmhg)?"
    r"\s*[,，、/;；]?\s*(?:and\s+)?(?:低压|舒张压|下压|低的|diastolic|dia|dbp|lower|bottom)\s*"
    r"(?:是|为|of|[:：=])?\s*"
    r"\d{2,3}(?![\d/]|\.\d)"
)
_HIGH_NAMES = r"(?:高压|收缩压|上压|高的|systolic|sys|sbp|upper|top)"
_LOW_NAMES = r"(?:低压|舒张压|下压|低的|diastolic|dia|dbp|lower|bottom)"
_NAMED_READING_LOW_FIRST = (
    rf"(?<![A-Za-z]){_LOW_NAMES}\s*(?:是|为|of|[:：=])?\s*\d{{2,3}}\s*(?:mmhg)?"
    rf"\s*[,，、/;；]?\s*(?:and\s+)?{_HIGH_NAMES}\s*(?:是|为|of|[:：=])?\s*\d{{2,3}}(?![\d/]|\.\d)"
)
"""A reading told by its two parts' names: "高压145，低压92", "systolic 130 diastolic 85",
"SBP 151 DBP 94" as clinicians write, or the low part first ("低压85 高压132"), which is
still 132/85: systolic, then diastolic."""
_SPACED_READING = (
    r"(?:血压|\bbp|\bblood\s+pressure|\bpressure)(?:[^\d\n]{0,24}?)"
    r"(?<![\d.])(?:[7-9]\d|1\d\d|2[0-4]\d)(?:\s*[,，]\s*|\s+(?:(?:on|by|to)\s+)?)"
    r"(?:[4-9]\d|1[0-4]\d)(?![\d/]|\.\d)"
)
"""A reading said as two numbers after the word for it: "血压 一百三十二 八十六" (132 86 by
then), "my pressure 135 on 85", "BP was 140 by 90", "blood pressure …: 138 to 88", "bp
128, 82". Only numbers of a reading's range."""

_FREQUENCY = (
    rf"(?:{_B}\d+\s*(?:x|times?)|\b(?:once|twice|thrice|(?:{_EN_NUM})\s+times))\s+"
    r"(?:a|an|per|each|every)\s+(?:day|week|month)\b|"
    # a rate: "on my feet 10 hours a day", "50 km a week"
    rf"{_B}(?:\d+|{_EN_NUM})\s*(?:hours?|hrs?|minutes?|mins?|km|miles?|cups?|cigarettes?|"
    r"shifts?|flights?|patients?|clients?|steps)\s+(?:a|an|per|each|every)\s+(?:day|week|month)\b|"
    # and no stretch of time at all, an exclamation: "Friday the 13th, jirre what a day"
    r"\bwhat\s+a\s+(?:day|week|month)\b|"
    r"(?:每|一)(?:天|日)\s*(?:量|测|吃|记|做)?\s*(?:[0-9]+|[一二两三四五六七八九十]+)\s*次"
)
"""How often or how much, not how long: the "a day" of "2x a day", "twice a day" or "10 hours
a day" is no period, nor the 一天 of "一天量2次"."""

_DAY_OF_MONTH = re.compile(
    # (Cajun and Caribbean "de", Jamaican "di" and "pon": "bought it on de 10th", "lunch pon di
    # 12th")
    r"\b(?:(?:on|pon|dated|(?:night|evening|morning|afternoon)\s+of)\s+(?:the\s+|de\s+|di\s+)?|"
    # (no noun after it: "for the 10th floor" is none; a word of address may follow, "Put
    # 132/85 for the 10th machan")
    r"(?:from|for|taken|measured)(?=\s+the\s+\d{1,2}(?:st|nd|rd|th)\b"
    r"(?!\s+(?!(?:for|and|at|in|with|to|from|machan|mate|bro|bru|bab|man|boss|yaar|lah|la|"
    r"please|pls)\b)[a-z]))\s+the\s+|"
    # a day said on its own, where no noun follows: "Airport parking, 28 EUR, the 11th.",
    # "hotel 180 usd the 13th, file it"
    r"(?<!until )(?<!till )(?<!til )(?<!since )(?<!before )(?<!after )(?<!by )"
    r"the\s+(?=\d{1,2}(?:st|nd|rd|th)\s*(?:[,.;!?)]|$|(?:please|pls|plz|thanks|thx)\b|"
    r"(?:file|submit|save|record|log|claim|add|enter)\s+(?:it|this|that|them|pls|please)\b))|"
    # two days named together: "2 nights the 13th and 14th"
    r"the\s+(?=\d{1,2}(?:st|nd|rd|th)\s*(?:and|or|&|to|-|–)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b))"
    r"(?P<dom>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:floor|fl|storey|story|place|try|attempt|time|"
    r"line|page|item|row|day|week|month)s?\b)",
    re.I,
)
"""A day named by its date alone ("hotel in Berlin on the 9th", "hotel 480 EUR from the 2nd",
"dated the 13th", "a reading for the 13th", "118/76 (taken the 7th)", "the night of the
9th", two days together "the 13th and 14th" or "the 13th or 14th"): the latest such day
up to today. Only after "on (the)", "dated (the)" or a part of a day "of (the)" ("the
doctor wan see am on 20th", but not "on 3rd floor"), or "from the", "for the", "taken the"
or "measured the" with no noun after it, so "the 2nd order", "the item from the 2nd order"
and "for the 3rd item" stay ordinals; or "the 11th" said on its own, where a sentence
ends, "please" or "file it" follows ("Airport parking, 28 EUR, the 11th.", "hotel 180 usd
the 13th file it"): left unread, the claim was filed for today. "until the 20th" is no
such day."""

_THE_DAY_N = re.compile(
    r"\b(?:of|on|for|from)\s+the\s+day\s+(?P<dom>[1-9]|[12]\d|3[01])(?![\d:/])(?!\.\d)(?!\s*days?\b)",
    re.I,
)
"""A day of the month as Portuguese, Spanish and Italian speakers say it in English ("o dia
12": "the taxi of the day 5", "118/76 of the day 12"): the latest such day up to today."""

_CN_DAY_OF_MONTH = re.compile(
    r"(?:(?P<cm>上上个?月|上个?月|这个?月|本月)\s*(?P<cmd>[12]?[0-9]|3[01]|[一二三]?十[一二三四五六七八九]?|"
    r"[一二三四五六七八九])\s*[号日]|(?<![0-9零〇一二两三四五六七八九十月第])"
    r"(?P<cd>[12]?[0-9]|3[01]|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*号)"
    r"(?![楼线房室床座台桌码炉仓柜罐泵窑井闸]|机(?![票场])|高炉|车间|厂房|窗口)"
)
"""A day named by its day of the month in Chinese ("3号", "13号那天", "上个月28号"): the
latest such day up to today, or that day of the month named. Not a building, a line or a
machine ("3号楼", "1号线", "二号高炉", "3号机", not "3号机票"), and not an id ("10086号", more
than two digits)."""

_MONTH_SLASH_DAY = re.compile(
    r"(?:\b(?:on|for|from|dated|the|of)\s+|(?<![A-Za-z0-9_/.,$€£¥:-]))"
    r"(?P<sm>3[01]|[12]\d|0?[1-9])/(?P<sd>3[01]|[12]\d|0?[1-9])"
    r"(?:/(?P<sy>20\d\d|\d\d)(?![\d/]))?(?![\d/]|\s*of\b)",
    re.I,
)
"""A date written with a slash ("save 118/76 for 3/12", "dinner the 12/03", "3/14 の血压"):
two numbers of at most two digits, each 31 or less, which no reading is (a systolic
pressure is never under 40), and not a fraction of something ("2/3 of"). Month/day in the
United States and Japan, day/month in most of Europe: `_slash_date` takes the reading
that is the latest day up to today; with the year after them ("dd 03/12/2026",
"15/03/26"), of that year."""
_YEARED_DATE = re.compile(
    r"(?<![\w/.-])(?:(?P<a>3[01]|[12]\d|0?[1-9])-(?P<b>3[01]|[12]\d|0?[1-9])-(?P<y>20\d\d)|"
    r"(?P<y2>20\d\d)[/.](?P<m2>1[0-2]|0?[1-9])[/.](?P<d2>3[01]|[12]\d|0?[1-9]))(?![\w/-]|\.\d)"
)
"""A date with its year and hyphens, day and month in either order ("dated 9-3-2026"), or
year first with slashes or dots as in China and Japan ("2026/03/12", "2026.3.12")."""
_DAY_DOT_MONTH = re.compile(
    r"(?<![\d.,$€£¥])(?P<dd>3[01]|[12]\d|0?[1-9])\.(?P<dm>1[0-2]|0?[1-9])\."
    r"(?:(?P<dy>20\d\d)(?!\d)|(?P<dy2>\d\d)(?!\d|[.,]\d)|(?![\d]))"
)
"""A date written day.month. as in most of Europe ("from 10.03.", "14.03.2026", a receipt's
"14.03.26"): the dot after the month tells it from an amount ("10.03 EUR"), which never has
one."""
_ON_DAY_DOT_MONTH = re.compile(
    r"(?:(?<=\bon\s)|(?<=\bon\sthe\s)|(?<=\bpaid\s)|(?<=\bdated\s)|(?<=\bfor\s)|"
    r"(?<=\bmeasured\s)|(?<=\btaken\s))(?P<dd>3[01]|[12]\d|0?[1-9])\."
    r"(?P<dm>1[0-2]|0[1-9]|(?<!paid\s\d\.)(?<!paid\s\d\d\.)[1-9])(?![\d]|[.,]\d)"
    r"(?!\s*(?:eur|usd|cny|rmb|euros?|dollars?|bucks|yuan|[$€£¥]))",
    re.I,
)
"""The same date with no closing dot after "on", "paid", "dated", "for", "measured" or
"taken" ("lunch 18,90 EUR on 13.03", Swedish "meal for 13.3", "measured 14.3 in the
evening"): a day, since an amount is never said "on 13.03"; the month has two digits after
"paid" ("paid 12.5" is money) and may have one after "on the" ("Lunch 85 dollar on the
12.3", as Hebrew writes the 12th of March)."""
_DASH_DATE = re.compile(
    r"(?:(?:(?<=\bon\s)|(?<=\bfor\s)|(?<=\bdated\s)|(?<=\bfrom\s)|(?<=\bon\sthe\s))"
    r"(?:3[01]|[12]\d|0?[1-9])-(?:3[01]|[12]\d|0?[1-9])|"
    r"(?<![\w/.,:-])0[1-9]-(?:[0-2]\d|3[01]))"
    # not a span of days, hours or people, nor a range of days in a month
    r"(?![\d/.-]|\s*(?:[:h]\d|to\b|and\b|days?|weeks?|months?|hours?|hrs?|mins?|business|working|"
    rf"times|x\b|pm|am|%|people|pax|of\b|个|天|周|点|{_MONTH_NAME}))",
    re.I,
)
"""A date with a hyphen and no year: after "on", "for", "dated" or "from" ("record 145/92 for
12-3", "lunch €47 on 11-3"), or a zero-padded month first anywhere ("03-15早上测的"), as a
form or a phone writes it. Day and month in either order, read as a slashed date is
(`_slash_date`): "12-3" on 15 March is the 12th, as a Dutch writer means it. Not a span of
days or hours ("for 2-3 days", "from 8-10 March", "14:00-16:00"), nor a desk's or a room's
"12-08", which no preposition puts a day before."""
_DD_MM = r"(?P<dd>3[01]|[12]\d|0[1-9])\.(?P<dm>0[1-9]|1[0-2])"
"""A day and a month, two digits each, as Europe writes a date ("16.03")."""
_FROM_DAY_DOT_MONTH = re.compile(
    r"(?:(?<=\bfrom\s)|(?<=\bfor\s)|(?<=\bbought\s)|(?<=\btaken\s))"
    rf"{_DD_MM}(?![\d]|[.,]\d)"
    r"(?!\s*(?:eur|usd|cny|rmb|euros?|dollars?|bucks|yuan|[$€£¥]))",
    re.I,
)
"""The same date after "from", "for", "bought" or "taken", day and month in two digits each
("Blood pressure from 13.03 was 139/88", "Record reading for 16.03"): a day, as Poles and
most of Europe write it."""
_EU_DAY_DOT_MONTH = re.compile(_DD_MM)
"""A bare day.month, both in two digits ("Taxi 14.03, 18.50 EUR"): read as a day only beside
an amount that has its currency, in a request not in Chinese (which writes month.day,
`_CN_MONTH_DOT_DAY`), and not after a money label (`_MONEY_LABEL`)."""
_MONEY_LABEL = re.compile(
    r"\b(?:fee|fare|tip|tax|vat|total|subtotal|price|cost|amount|charge|deposit|paid|pay|"
    r"sum|net|gross)\s*[:=]?\s*$",
    re.I,
)
"""A receipt's money line before a number ("Booking fee 2.10", "Tax: 11.05"): an amount."""
_DOT_DAY = re.compile(r"(?P<dd>\d{1,2})\.(?P<dm>\d{1,2})")

_ERROR_CODE = (
    r"\b(?:error|err|exit\s+code|http)\s*(?:code\s*)?[:#]?\s*\d{1,6}\b|"
    r"(?:错误码|错误代码|报错|状态码|错误)\s*[:：]?\s*\d{1,6}"
)
"""A number that names an error ("error 500", "报错 403"): never an amount or an id."""

_ELAPSED = (
    rf"\b(?:it'?s|its|it\s+has|has|have|i'?ve|we'?ve)\s+(?:already\s+)?been\s+"
    rf"(?:(?:over|almost|nearly|about|around|like|more\s+than|already)\s+)*"
    rf"(?:{_EN_NUM})\s*(?:day|week|month)s?\b|"
    rf"\b(?:waited|waiting|stuck|pending|late|overdue)\s+(?:for\s+)?(?:over\s+|almost\s+)?"
    rf"(?:{_EN_NUM})\s*(?:day|week|month)s?\b|"
    rf"\bfor\s+(?:(?:over|almost|nearly|about|more\s+than)\s+)?(?:{_EN_NUM})\s*"
    rf"(?:day|week|month)s?\s+(?:now|already|and\s+counting)\b|"
    rf"{_B}(?:{_EN_NUM})\s*(?:day|week|month)s?\s+(?:and\s+counting|late|overdue)\b|"
    rf"(?:已经|都|等了|过了|拖了)\s*(?:快|近|好)?\s*(?:{_CN_NUM})\s*(?:多)?\s*"
    rf"(?:天|周|个星期|星期|个礼拜|礼拜|个月)(?:了|多了)?|"
    rf"(?:{_CN_NUM})\s*(?:天|周|个星期|个礼拜|个月)了"
)
"""Time that has gone by, not a window asked for: "it's been 6 days", "waited 2 weeks",
"for 3 days now" (not "the last two weeks now"), "已经5天了", "等了一周", "两天了还没到". A
complaint about how long something takes names no period of a trend or a total."""

# Role patterns, tried in this order; a span claimed by an earlier one is not claimed again.
# A pattern with a group named "v" claims only that group ("order 10086" claims "10086").
_SHARED_UNIT = re.compile(r"\s*(?:or|to|-|–)\s*\d{1,2}[\s-]*(?P<u>day|week|month)", re.I)
"""The second of two lengths that share one unit ("7 or 14 days"): its unit is the first's."""
_ROLE_PATTERNS: tuple[tuple[RoleKind, re.Pattern[str]], ...] = (
    # How long a trip lasted ("the 3 days trip", "a 4-day conference", "出差3天") is no
    # window of days to total over.
    (
        "quantity",
        re.compile(
            rf"{_B}\d{{1,2}}[\s-]*days?\s+(?:business\s+)?(?:trip|stay|visit|conference|"
            r"offsite|workshop|training|course)s?\b|出差\s*\d{1,2}\s*天|\d{1,2}\s*天的?出差|"
            r"\b(?:trip|stay|visit|conference|offsite|workshop|training|course)\s+(?:ran|lasted|"
            rf"was|took)\s+(?:for\s+)?(?:{_EN_NUM})\s+days?\b",
            re.I,
        ),
    ),
    ("period", re.compile(_OPEN_PERIOD, re.I)),
    ("date", re.compile(r"(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])")),
    ("date", _YEARED_DATE),
    # A systolic pressure of 40 or more: "12/03" is a date (`_MONTH_SLASH_DAY`).
    (
        "reading",
        # (and 比, as Chinese says a blood pressure: "一百三十比八十五")
        re.compile(rf"{_B}(?:[4-9]\d|[12]\d\d)\s*(?:/|over|比)\s*\d{{2,3}}(?![\d/]|\.\d)", re.I),
    ),
    # "138 on 85", as Hebrew and Swedish speakers say "over" ("135 with 88" as Greek speakers
    # do): both numbers in a reading's
    # range, nothing after the second that makes it money, a day or a count
    (
        "reading",
        re.compile(
            rf"{_B}(?:[89]\d|1\d\d|2[0-4]\d)\s+(?:on|with)\s+(?:[4-9]\d|1[0-3]\d)(?![\d/%:]|[.,]\d)"
            r"(?!\s*(?:st|nd|rd|th|usd|eur|cny|rmb|yuan|euros?|dollars?|bucks|元|块|days?|"
            r"weeks?|of|am|pm|percent)\b)",
            re.I,
        ),
    ),
    # the two numbers by where the monitor shows them: "136 on top and 84 underneath"
    (
        "reading",
        re.compile(
            rf"{_B}(?:[89]\d|1\d\d|2[0-4]\d)\s+(?:on\s+(?:the\s+)?top|up\s+top|at\s+the\s+top)"
            r"\s*(?:,\s*)?(?:and\s+)?(?:[4-9]\d|1[0-3]\d)\s+(?:underneath|below|beneath|under|"
            r"on\s+the\s+bottom|at\s+the\s+bottom)\b",
            re.I,
        ),
    ),
    ("reading", re.compile(_NAMED_READING, re.I)),
    ("reading", re.compile(_NAMED_READING_LOW_FIRST, re.I)),
    ("reading", re.compile(_SPACED_READING, re.I)),
    # two numbers of a reading's range right before Chinese asks to record them, as voice
    # input writes a reading: "先把今天的128 84记起"
    (
        "reading",
        re.compile(
            r"(?<![\d.])(?:1\d\d|2[0-4]\d)\s+(?:[4-9]\d|1[0-4]\d)(?![\d.])"
            r"(?=\s*(?:帮我|给我|你)?\s*(?:记|录|存))"
        ),
    ),
    # a hyphenated day and month ("for 12-3", "03-15早上"), before the codes that follow
    ("date", _DASH_DATE),
    # A code of hyphen-joined digit groups ("113-5550192", "138-1234-5678") is one number of
    # someone else's (another shop's order, a phone): none of its parts is an id here.
    ("number", re.compile(r"(?<![\w-])\d+(?:-\d+)+(?![\w-])")),
    # The last digits of a phone or a card ("my number ends in 4417", "尾号4417") are no id.
    (
        "number",
        re.compile(
            r"\b(?:ends?|ending)\s+(?:in|with)\s+\d{2,6}\b|尾号\s*(?:是|为)?\s*\d{2,6}", re.I
        ),
    ),
    ("code", re.compile(_ERROR_CODE, re.I)),
    # a code to collect a parcel or to log in ("取件码 556677", "验证码 2931"): no id here
    ("code", re.compile(r"(?:取件码|提货码|取货码|验证码|校验码)\s*[:：]?\s*\d{3,10}")),
    # a reference of another system, letters then digits ("tracking TRK-99812", "invoice
    # INV-2026-0457", "EXP-2291"): none of its digits is an id here
    (
        "code",
        re.compile(r"(?<![\w-])(?!ord(?:er)?-)[A-Za-z]{2,5}-\d{3,12}(?:-\d+)*(?![\w-])", re.I),
    ),
    # "T-44", and as typed in a hurry: "t44", "T_0102"
    ("id", re.compile(r"(?<![A-Za-z0-9])[JjTt][-_]?\d{1,9}(?!\d)|#\s?\d{3,20}(?!\d)")),
    (
        "id",
        re.compile(
            rf"{_ORDER_WORDS}\s*(?:no\.?|number|#|号|id)?\s*[:：]?\s*(?P<v>\d{{3,20}})(?![\d.])",
            re.I,
        ),
    ),
    (
        "date",
        re.compile(
            rf"\b(?:{_EN_NUM})\s*(?:day|week|month)s?\s+(?:ago|back|earlier)\b|"
            # "before two days": Hebrew, Arabic and Indian English for "two days ago"
            rf"(?<![\w-])(?<!the\s)before\s+(?:{_EN_NUM})\s*(?:day|week|month)s?\b"
            r"(?!\s+(?:of|from|pass|passed|have|are|is|left|later|go|run|end))|"
            rf"(?:{_CN_NUM})\s*(?:天|日|周|个星期|星期|个礼拜|礼拜|个月)之?前",
            re.I,
        ),
    ),
    (
        "date",
        re.compile(
            r"(?:[0-9]{1,2}|[一二三四五六七八九十]{1,3})\s?月\s?[0-9一二三四五六七八九十]{1,3}\s?[日号]|"
            # and with no 日 or 号 before a pause: "的士32块，3月14……无对，是3月13"
            r"(?<![\d.])(?:[0-9]{1,2})月(?:3[01]|[12]\d|0?[1-9])(?=\s*(?:[，,。.！!？?…；;]|$))"
        ),
    ),
    ("date", _CN_DAY_OF_MONTH),
    (
        "date",
        re.compile(
            rf"\b{_MONTH_NAME}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+20\d\d\b)?|"
            # hyphened: "Mar-8-2026", "8-Mar-2026"
            rf"\b{_MONTH_NAME}-\d{{1,2}}(?:-20\d\d)?\b|\b\d{{1,2}}-{_MONTH_NAME}(?:-20\d\d)?\b|"
            # (a day that can be one: "hotel EUR 95 march 12" is 95 euros on the 12th)
            rf"{_B}(?:3[01]|[12]\d|0?[1-9])(?!\d)(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_NAME}\b"
            r"(?:,?\s+20\d\d\b)?",
            re.I,
        ),
    ),
    ("date", re.compile(f"{_WEEKDAY_EN}|{_WEEKDAY_CN}", re.I)),
    ("date", _DAY_OF_MONTH),
    ("date", _THE_DAY_N),
    ("date", _MONTH_SLASH_DAY),
    ("date", _DAY_DOT_MONTH),
    ("date", _ON_DAY_DOT_MONTH),
    ("date", _FROM_DAY_DOT_MONTH),
    ("quantity", re.compile(_FREQUENCY, re.I)),
    ("elapsed", re.compile(_ELAPSED, re.I)),
    ("period", re.compile(_LONG_PERIOD, re.I)),
    ("period", re.compile(_TERSE_PERIOD, re.I)),
    # the first of two lengths offered with one unit: the 7 of "the 7 or 14 day trend"
    (
        "period",
        re.compile(
            rf"{_B}\d{{1,2}}(?={_SHARED_UNIT.pattern}s?\b"
            r"(?![\s-]*(?:ago|old|trip|stay|visit|before|after|later)\b))",
            re.I,
        ),
    ),
    (
        "period",
        re.compile(
            rf"\b(?:(?:in|over|for|during|within)\s+)?(?:the\s+)?(?:last|past|previous|recent|"
            rf"prior|preceding)\s+(?:(?:{_EN_NUM})[\s-]*)?(?:day|week|wk|fortnight|month|mth)s?\b|"
            rf"{_B}(?:{_EN_NUM})[\s-]*(?:(?:last|past|previous)\s+(?=\w+s\b))?(?:day|week|month)s?\b|"
            # chat's "two wks", "one mth"
            rf"\b(?:{_EN_NUM})[\s-]*(?:wk|mth)s?\b|"
            rf"\b(?:this|a|one|my|for)\s+(?:week|month|"
            # (a fortnight inside Chinese too: "最近一个fortnight我报了多少钱")
            rf"fortnight)\b|(?<![A-Za-z])fortnight(?![A-Za-z])|"
            # the week totalled: "show me the week total", "my total for the week" (not "the
            # week of 2/23", a calendar week)
            r"\b(?:for|fur)\s+the\s+week\b(?!\s+of\b)|\bthe\s+week(?:'s)?(?=\s+(?:total|sum))|"
            # "show me how the week's been going", "what the week's come to"
            r"\bthe\s+week['’]s\s+(?=been|come|looking|gone)|"
            # the week shown: "then show me the week" (not "show me the week of 2/23")
            r"(?:(?<=show me )|(?<=show us )|(?<=see )|(?<=view ))the\s+week\b"
            r"(?!\s+(?:of|before|after|that|when)\b)",
            re.I,
        ),
    ),
    ("period", _HALF_MONTH),
    (
        "period",
        re.compile(
            rf"(?:最近|近|过去|这)\s*(?:{_CN_NUM})?\s*(?:天|日|周|个星期|星期|个礼拜|礼拜|个月|月)"
            rf"(?:内|以来)?|前\s*(?:{_CN_NUM})\s*(?:天|日|周|个星期|星期|个礼拜|礼拜|个月)|"
            # (not how long something was done: "削了一天面", "忙了两天")
            rf"(?<!了)(?<![0-9零〇一二两三四五六七八九十百])"
            rf"(?:{_CN_NUM})\s*(?:天|周|个星期|星期|个礼拜|礼拜|个月)(?:内|以来)?|"
            # "7日总数", "14日走势": days counted before a total or a trend (not "7日", the 7th)
            # (and Minnan 个 for 的: "再给阮看14日个总数"; the reading between: "七日血压趋势";
            # Wu 里 and 里向, within: "7日里向报了多少铜钿")
            # (and the claims between, or 一共 after: "7日报销总数", "14日一共几多")
            rf"(?:{_CN_NUM})\s*日(?=\s*(?:内|以来|里|[的个]?\s*(?:(?:血压|报销)的?)?"
            r"(?:总|合计|走势|趋势|平均|变化|一共|total|trend|sum)))|"
            rf"(?:上|本|这)个?(?:周|星期|礼拜|月)"
        ),
    ),
    (
        "time",
        re.compile(
            rf"{_B}\d{{1,2}}(?::\d{{2}})?\s*(?:am|pm)\b|{_B}\d{{1,2}}:\d{{2}}|\d{{1,2}}\s*点|"
            # a 24-hour clock: "I fly out at 0600 tomorrow", "1430 hrs" (not "at 1200 CNY")
            r"\b(?:at|by|before|until|till)\s+(?:[01]\d|2[0-3])[0-5]\d\b(?!\s*(?:[.,]\d|cny|eur|"
            r"usd|rmb|yuan|euros?|dollars?|bucks|元|块|[$€¥]))|"
            rf"{_B}(?:[01]\d|2[0-3])[0-5]\d\s*(?:hrs|hours|h)\b|"
            # an hour beside the part of the day: "this morning around 6", "at 11 last night"
            r"(?:(?<=morning\s)|(?<=evening\s)|(?<=night\s)|(?<=afternoon\s))"
            r"(?:around|about|at)\s+"
            r"(?:1[0-2]|[1-9])\b(?![.,:]\d|\s*(?:[-–/%$€¥]|cny|eur|usd|rmb|yuan|euros?|dollars?|"
            r"bucks|元|块))|"
            r"\b(?:around|about|at)\s+(?:1[0-2]|[1-9])(?=\s+(?:this|last|in\s+the)\s+"
            r"(?:morning|evening|night|afternoon)\b)",
            re.I,
        ),
    ),
    (
        "ordinal",
        re.compile(
            rf"{_B}\d+\s+(?:of|out\s+of)\s+\d+\b|{_B}\d+(?:st|nd|rd|th)\b|"
            r"第\s*(?:\d+|[一二三四五六七八九十]+)|"
            # not after a thing's noun: "ticket number 8" is ticket T-8's id
            r"(?<!ticket\s)(?<!order\s)(?<!job\s)(?<!claim\s)"
            r"(?:\bno\.\s*\d+\b|\bnumber\s+\d{1,2}\b)",
            re.I,
        ),
    ),
    # A vague amount ("几十块", "十几块", "好几百") says no amount: a quantity, never money.
    (
        "quantity",
        re.compile(r"(?:好|数)?几[十百千万]+(?:块钱|块|元|美元|欧元)?|[十百千]几(?:块钱|块|元)?"),
    ),
    (
        "money",
        re.compile(
            # "€1.5k", "2k CNY": thousands
            rf"{CURRENCY_BEFORE}\s*{_THOUSANDS}|{_B}{_THOUSANDS}{CURRENCY_AFTER}|"
            # thousands grouped by a space, as French writes them: "1 200 EUR"
            rf"{_B}\d{{1,3}}(?:[ \u00a0\u202f]\d{{3}})+(?:[.,]\d{{1,2}})?{CURRENCY_AFTER}|"
            # "28块5", "二十八块五(毛)": yuan and one digit of jiao, 28.50
            rf"(?:{_B}\d+|{_CN_AMOUNT})(?:\s?块\s?{_JIAO}|元{_JIAO_SAID})|"
            # the cents said after the currency, as euros are spoken: "23 euro 50" is 23.50
            rf"{_B}\d{{1,5}}\s*{_CENTS_AFTER}|"
            rf"{CURRENCY_BEFORE}\s*{_NUM}|{_B}{_NUM}{CURRENCY_AFTER}|"
            # (said with a pause before its currency: "三百 呃 美元", the 呃 blanked)
            rf"{_CN_AMOUNT}\s*(?:块钱|块|元|美元|欧元|人民币|美金|欧(?!洲))",
            re.I,
        ),
    ),
    # An order named by its number before the noun ("cancel the 41877 order"), not 41877
    # orders: one order, its id long as ids are.
    (
        "id",
        re.compile(r"\b(?:the|my|our)\s+(?P<v>\d{4,})\s+order\b(?!s)", re.I),
    ),
    (
        "quantity",
        re.compile(
            rf"{_B}\d+\s*(?:x\b|items?\b|units?\b|receipts?\b|tickets?\b|pieces?\b|times?\b|people\b|"
            r"persons?\b|orders?\b|claims?\b|readings?\b|pages?\b|boxes?\b|packages?\b|"
            r"parcels?\b|nights?\b|pcs\b|%|percent\b|"
            # a file's size: "PDF receipts larger than 2 MB"
            r"[kmgt]b\b|mbps\b|megs?\b|gigs?\b)|"
            # (not an order number and Wu's 个 for 的: "30518 个订单勿要哉", "30512 个情况")
            r"(?<!\d)(?!\d{4,}\s*个\s*(?:订单|单子|情况|状态|进度|包裹))"
            r"\d+\s*(?:个|张|件|次|份|笔|条|人|晚|箱|页)",
            re.I,
        ),
    ),
    ("number", re.compile(rf"{_B}{_NUM}(?![A-Za-z0-9_]|\.\d)")),
)


@dataclass(frozen=True)
class Role:
    """What a stretch of a request is: the kind of thing a number in it belongs to."""

    kind: RoleKind
    start: int
    end: int
    text: str
    month_first: bool = False
    """A dotted date written month first, as Chinese does ("3.12" is 12 March)."""


@dataclass(frozen=True)
class Found:
    """A slot value and the words of the request it came from.

    `kind` says what those words are (an amount, a period, a reading, ...), so the router
    can check that a slot's evidence means that slot and not, say, the "7" of "7 days".
    """

    value: Any
    text: str
    start: int
    end: int
    kind: str

    def record(self) -> dict[str, Any]:
        """The evidence as a JSON-ready record, kept in state and shown by `show`."""
        return {"text": self.text, "start": self.start, "end": self.end, "kind": self.kind}


def split_found(raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, dict[str, Any] | None]]:
    """Plain slot values, and each slot's evidence (None: a default chosen by code)."""
    values = {k: (v.value if isinstance(v, Found) else v) for k, v in raw.items()}
    evidence = {k: (v.record() if isinstance(v, Found) else None) for k, v in raw.items()}
    return values, evidence


_CLAUSE = re.compile(r"(?:[^,;.!?，。；！？：\n—–]|(?<=\d)[.,](?=\d))+[,;.!?，。；！？：—–]?")
"""A clause runs to its punctuation; a point or comma inside a number ("23.40", "1,280")
is no clause's end."""
_JOINERS = re.compile(
    # (not the "and" of "as and when": "text me as and when order 71305 is dispatched")
    r"(?<!dear)(?<!kind)(?<!love)(?<!\bas)\s+(?:and\s+then|and|then|but|also|plus|pis|\+)\s+|"
    r"(?<=\d)\s+(?:lol\s+|lah\s+|pls\s+)?(?=(?:i\s+)?(?:just|only)\s+[a-z])|"
    # a refusal run on after the number, no pause typed: "cancel 61207 no don't cancel"
    r"(?<=\d)\s+(?=(?:(?:no|nah|wait)\s+)?(?:don'?t|do\s+not)\s+[a-z])|"
    r"(?<!\b[iI])\s+(?:lol\s+|lah\s+|pls\s+)?(?=(?:i\s+)?(?:just|only)\s+(?:show|tell|give|check|look|"
    r"see|let|list|pull|display|want|need)\b)|"
    r"\s+so\s+(?=(?:could|can|would|will)\s+(?:you|u)\b|please\b|pls\b|plz\b)|然后|并且|(?<![合一])并|(?<![不别没用要])再|还有|同时|另外|"
    r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])|"
    # a run-on message turning to the assistant: "发票我已经拿到了你帮我报一下住宿费"
    r"(?<=[\u3400-\u9fff])(?=你帮我|你给我|麻烦你|请你帮我)|"
    # done first, then shown: "报完给我看看俩礼拜总共多少", "报了以后看下近7天总共多少",
    # "报完了给我看看这七天一共多少"
    r"(?:(?<=[报记存录]完)|(?<=[报记存录]完了))(?=给我|帮我|让我|顺便)|"
    r"(?<=[报记存录交]了以后|[报记存录交]了之后)(?=[\u3400-\u9fff])|"
    # a refusal run on into what is asked instead: "41296先不要取消了就给我发个短信"
    r"(?<=[\u4e00-\u9fff]了)(?=就\s*(?:给我|帮我|替我|发))"
)
"""Words that join two requests ("don't cancel 10077 just text me", "dont cancel order
55120 i just want to know where it is" and "don't log anything just show 7d bp" are two, as
with a comma, and so is a refusal after a number, "cancel 61207 no don't cancel"), not the
"and" of a courtesy ("would you be a dear and run it"); "再" after a negation ("不用再开工单了",
"别再发了") means "again", not "then", and keeps its refusal in the clause; "并" in 合并
(merge) and 一并 (together) joins nothing. A space between two Chinese characters is
Chinese typed with spaces for commas ("键盘有几个键坏了 帮我提个工单": the question word of
the first part is not the second's). "so" joins only before a polite request ("my doctor
wants a record so could you please save it?"), not in "so far"."""
_DASH = re.compile(r"\s+-+\s+")


def clauses(text: str) -> list[tuple[int, str]]:
    """The request cut into clauses at punctuation and "and"/"then"/"然后", with offsets.

    A space between two Chinese characters cuts too (`_JOINERS`), and a spaced hyphen ("not
    the monthly one - run the weekly report") like a dash. One decision cuts the same request
    a dozen times: the cut is kept per text (`_clauses`).
    """
    return list(_clauses(text))


@lru_cache(maxsize=4096)
def _clauses(text: str) -> tuple[tuple[int, str], ...]:
    text = _DASH.sub(lambda m: "—".rjust(len(m.group())), text)
    out: list[tuple[int, str]] = []
    for m in _CLAUSE.finditer(text):
        start = m.start()
        pos = 0
        piece = m.group()
        if (label := _FIELD_LABEL.match(piece)) is not None and (
            start == 0 or text[start - 1] == "\n"
        ):
            out.append((start, label.group()))  # "Request: cancel order": the field's name
            pos = label.end()
        for j in _JOINERS.finditer(piece, pos):
            out.append((start + pos, piece[pos : j.start()]))
            pos = j.end()
        out.append((start + pos, piece[pos:]))
    return tuple((s, c) for s, c in out if c.strip())


REQUEST_FIELDS = r"requests?|request\s+type|action"
"""The names of a form's field that holds what is asked ("Request: order status")."""
_FIELD_LABEL = re.compile(rf"[ \t]*(?:{REQUEST_FIELDS})[ \t]*:[ \t]*(?=\S)", re.I)
"""A form's "Request:" field opening a line ("Request: reorder\nOrder: 47001"): a clause of its
own, so what is requested opens one as a request's first word does. Not every field: a
domain's noun may be its name ("ticket: latest\n-> status")."""


NEGATIONS: tuple[str, ...] = (
    *("don't", "dont", "do not", "doesn't", "does not", "didn't", "did not", "not", "never"),
    *("isn't", "wasn't", "aren't", "weren't", "no need to", "no need for", "without"),
    *("doesnt", "didnt", "isnt", "wasnt", "arent", "werent"),  # typed with no apostrophe
    *("stop", "no", "hold off"),
    # patois "nuh cancel 88102" (don't cancel), Trinidadian "doh cancel 60877 yet"
    *("nuh", "doh"),
    # "ain't" before what the user is not about to do: "i ain't tryna cancel nothin"
    *(
        "ain't tryna",
        "aint tryna",
        "ain't trying to",
        "aint trying to",
        "ain't gonna",
        "aint gonna",
    ),
    *("不要", "别", "不用", "不需要", "无需", "不必", "没有", "没", "不"),
)
"""Words that refuse what follows them in their clause ("don't cancel", "不用通知我")."""
NOT_NEGATIONS: tuple[str, ...] = (
    *("don't forget", "do not forget", "not only", "no later than", "whether or not"),
    *("doh forget", "nuh forget"),  # Trinidadian and Jamaican "don't forget"
    # British courtesy: "I don't suppose you could pop in…", "it's no bother if not".
    *("don't suppose", "dont suppose", "do not suppose", "no bother", "no rush", "no hurry"),
    *("能不能", "可不可以", "要不要", "是不是", "会不会", "行不行", "好不好", "对不对", "有没有"),
    *("不了", "不错", "不少", "差不多", "不好意思", "别忘", "不忘"),
    # not knowing is no refusal: "不确定算餐费还是其他" doubts the meal, it does not refuse it
    *("不确定", "不清楚", "不知道", "不记得"),
    # 别 inside a word: "类别 meal" (category), 特别, 分别, 区别, 级别 (and 个别, but not
    # after 那 or 这: `_INDIVIDUAL`)
    *("类别", "特别", "分别", "区别", "级别", "识别", "告别", "性别"),
)
"""Phrases that hold a negation word but refuse nothing: a question ("能不能短信通知我"), a
reminder ("don't forget to notify me"), "can't" ("电脑开不了机"), a courtesy ("I don't
suppose you could file it?", "no rush"), a word with 别 in it ("类别 meal")."""
CJK_NEGATION_REACH = 4
"""A Chinese negation refuses a word at most this many characters after it ("不用再通知我"),
so "电脑开不了机，处理好后通知我" does not refuse the notification."""
NEGATION = re.compile(
    "|".join(
        rf"(?<![\w'-]){re.escape(w)}(?![\w'-])" if w[0].isascii() else re.escape(w)
        for w in sorted(NEGATIONS, key=len, reverse=True)
    ),
    re.I,
)
"""Any of `NEGATIONS`, English ones as whole words; the router's write gate uses it too."""


REFERS_BACK = re.compile(
    r"\b(?:the\s+)?same\s+(?:old\s+)?(?:problem|issue|thing|error|fault)"
    r"(?:\s+(?:as\s+)?(?:last\s+time|before|yesterday|last\s+week|earlier|usual|always)\b)?|"
    r"(?:还是)?(?:跟|和|同|与|像)?(?:上次|上回|之前|以前|昨天|上礼拜|上周)(?:那样|一样)的(?:问题|毛病|情况)|"
    r"(?:同样的|一样的)(?:问题|毛病)|还是那个(?:问题|毛病)",
    re.I,
)
"""Words that point at a problem told before ("开个单子，跟上次一样的问题", "same issue as last
time"): the ticket it would open would not say what that problem is."""


VOCATIVES: tuple[str, ...] = (
    *("yo", "bro", "bruh", "brah", "mate", "dude", "sis", "boss", "man", "fam", "buddy", "pal"),
    *("chief", "sir", "madam", "ma'am", "maam", "hun", "luv", "darling", "babe", "lad", "cuz"),
    *("bestie", "oga", "mister", "aye", "ey", "eh", "oi", "oy", "innit"),
    # Hindi and Urdu "yaar" (friend) as one is addressed: "Claim 60 USD yaar"
    *("yaar", "yar"),
)
"""Words of address and calls for attention ("yo file a claim, 120 USD", "dude, open a
ticket", "aye", "innit"): they say whom the request is to, never what a claim was for or
what a ticket is about."""


_INDIVIDUAL = re.compile(r"(?<![那这哪])个别")
"""个别 (a few, individual), a word with 别 in it; but "50036那个别给我取消了" is 那个, then 别
refusing the cancel, which had run."""


def mask_not_negations(text: str) -> str:
    """The text, lower-cased, with `NOT_NEGATIONS` blanked out (offsets kept)."""
    lowered = _INDIVIDUAL.sub("  ", text.lower())
    for phrase in NOT_NEGATIONS:
        lowered = lowered.replace(phrase, " " * len(phrase))
    return lowered


def negation_before(clause: str, at: int) -> re.Match[str] | None:
    """The negation that refuses the word at `at` of the clause, or None.

    An English one anywhere before it in the clause ("don't put it under taxi"); a Chinese
    one at most `CJK_NEGATION_REACH` characters before it.
    """
    masked = mask_not_negations(clause[:at])
    for m in reversed(list(NEGATION.finditer(masked))):
        if m.group()[0].isascii() or at - m.end() <= CJK_NEGATION_REACH:
            return m
    return None


_REFUSING_CLAUSE = re.compile(
    r"^\s*(?:(?:no|nope|wait|but|and|so)\b[\s,]*)?(?:(?:please|pls|kindly)\b[\s,]*)?"
    r"(?:(?:i|we)\s+(?:don't|dont|do\s+not)\s+(?:need|want|wish|require)\b|"
    # "I'm not cancelling 80520": the change the user says they are not making
    r"(?:i'?m|i\s+am|im|we'?re|we\s+are)\s+not\s+(?:trying\s+to\s+|going\s+to\s+)?"
    r"(?:cancel|record|log|sav|fil|submitt?|claim|open|build|send|text)\w*\b|"
    r"(?:don't|dont|do\s+not|never)\s+|no\s+need\b|there'?s\s+no\s+need\b)|"
    r"^\s*(?:请|麻烦)?(?:我)?(?:不要|别|不用|先别|先不要|不需要|无需|不必|不是要|不是想|不想|"
    r"不(?=新增|添加|录入|记录|提交|报销|取消|修改|发送|通知|开))",
    re.I,
)
"""A clause that opens by refusing, after "please" too ("Please do not file anything.")."""


def refuses(clause: str) -> bool:
    """Whether a clause opens by refusing what it names.

    "不用再开工单了", "no need to open another ticket": its words say what is not wanted,
    so they fill no free-text slot.
    """
    return bool(_REFUSING_CLAUSE.match(clause))


def negated(text: str, at: int) -> bool:
    """Whether the word at offset `at` of the request sits in a clause that refuses it.

    "no need to notify me", "don't put it under taxi", "不用通知我", "不用看趋势": the words
    are there, but the request says not to. Questions ("能不能短信通知我") and reminders
    ("don't forget to text me") refuse nothing.
    """
    for start, clause in clauses(text):
        if start <= at < start + len(clause):
            if negation_before(clause, at - start) is not None:
                return True
            # refused after it, as Turkish and Korean order it: "Inform me no need."
            return (
                _REFUSED_AFTER_WORD.search(clause, at - start) is not None
                or _CN_REFUSED_AFTER.match(clause, at - start) is not None
            )
    return False


_REFUSED_AFTER_WORD = re.compile(
    r"\b(?:me|us)\s+(?:is\s+)?(?:no\s+need|not\s+needed|not\s+necessary)\b|"
    # the thing named, then "so don't claim that": the reason it is not to be filed
    r"\bso\s+(?:don't|dont|do\s+not|no\s+need\s+to)\s+(?:claim|file|expense|submit|include|"
    r"count|log|put\s+in)\s+(?:that|it|this|them|those)\b",
    re.I,
)
"""A word refused by what follows it in the clause: "Inform me no need", "notify me not
needed", "they paid me back for the lunch so don't claim that"."""
_CN_REFUSED_AFTER = re.compile(
    r"[\u4e00-\u9fff]{1,4}?(?:就|也)?(?:别做|别弄|别整|别搞|别出|不要了|不用了|不做了|免了|算了|不要|不用)"
    r"(?=$|[\s，,。.;；!！?？~])"
)
"""A Chinese word refused right after it, the topic first: "周报别做", "月报就算了", "周报不要"."""


def number_roles(text: str) -> list[Role]:
    """Every number-bearing stretch of the request and its role, in text order.

    One routing decision asks this of the same request a dozen times, and each answer
    runs every role pattern over it: the answer is kept per request text (`_roles`).
    """
    return list(_roles(text))


@lru_cache(maxsize=1024)
def _roles(text: str) -> tuple[Role, ...]:
    claimed: list[tuple[int, int]] = []
    roles: list[Role] = []
    for kind, pattern in _ROLE_PATTERNS:
        for m in pattern.finditer(text):
            start, end = m.span("v") if "v" in pattern.groupindex else m.span()
            while start < end and text[start].isspace():
                start += 1
            if start >= end or any(s < end and start < e for s, e in claimed):
                continue
            claimed.append((start, end))
            roles.append(Role(kind, start, end, text[start:end]))
    if _CJK_TEXT.search(text) and any(r.kind == "money" for r in roles):
        # "酒店 680 rmb 3.12 报了": beside an amount with its currency, Chinese writes a day
        # month.day; the bare number is that day, not a second amount.
        roles = [
            Role("date", r.start, r.end, r.text, month_first=True)
            if r.kind == "number" and _CN_MONTH_DOT_DAY.fullmatch(r.text)
            else r
            for r in roles
        ]
    elif any(r.kind == "money" for r in roles):
        # "Taxi 14.03, 18.50 EUR": beside an amount with its currency, a bare day.month with
        # a two-digit month is that day (day first), not a second amount.
        roles = [
            Role("date", r.start, r.end, r.text)
            if r.kind == "number"
            and _EU_DAY_DOT_MONTH.fullmatch(r.text)
            and not _MONEY_LABEL.search(text, 0, r.start)
            # (nor the amount corrected: "27.50 USD today. Ay wait, 27.05 pala")
            and not any(m.end() == r.start for m in _CORRECTION.finditer(text))
            else r
            for r in roles
        ]
    if any(r.kind == "reading" for r in roles):
        roles = _paired_as_reading(text, roles)
    paid = [r.end for r in roles if r.kind == "money"]
    roles = [
        Role("money", r.start, r.end, r.text)
        if r.kind == "number"
        and any(end <= r.start for end in paid)
        and (_THE_OTHER_PAID.search(text, 0, r.start) or _sum_after(text, roles, r))
        else r
        for r in roles
    ]
    # How long something lasted ("was in Lyon for 3 days", "玩了两天") is no window, as the
    # trips of the first quantity pattern are not: a quantity too.
    roles = [
        Role("quantity", r.start, r.end, r.text)
        if r.kind == "period" and _is_duration(text, r)
        else r
        for r in roles
    ]
    return tuple(sorted(roles, key=lambda r: r.start))


def _sum_after(text: str, roles: list[Role], role: Role) -> bool:
    """Whether a bare number is the sum of the amounts named before it, its currency theirs.

    "189 USD a night for the 2 nights, 378 altogether": marked as a total and no smaller than
    every amount before it (a part is never more than its sum). Read as a bare number, it
    left the price per night as the only amount, and the claim asked.
    """
    if not (
        (_TOTAL_MARK.search(text, 0, role.start) and _SUM_ENDS.match(text, role.end))
        or _TOTAL_AFTER.match(text, role.end)
    ):
        return False
    value = _amount_value(role.text)
    parts = [_amount_value(r.text) for r in roles if r.kind == "money" and r.end <= role.start]
    if value is None or None in parts:
        return False
    return all(Decimal(str(p)) <= Decimal(value) for p in parts)


_SUM_ENDS = re.compile(r"\s*(?:[,.;!?，。；！？]|$)")
"""A total's number ends its clause ("total 567, paid at checkout"): "total 7 hari" (7 days,
in Indonesian) is a window, not a sum."""


def _paired_as_reading(text: str, roles: list[Role]) -> list[Role]:
    """Two bare numbers a space apart, shaped as a reading, beside a reading: one too.

    Dictation drops the slash: "血压记150 90 不对不对是140 90" says a reading, then the one
    meant in the same shape; read as two numbers, the correction was lost and 150/90 saved.
    """
    out: list[Role] = []
    for role in roles:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.kind == role.kind == "number"
            and text[prev.end : role.start] == " "
            and re.fullmatch(r"\d{2,3}", prev.text)
            and re.fullmatch(r"\d{2,3}", role.text)
            and 70 <= int(prev.text) <= 260
            and 40 <= int(role.text) < int(prev.text)
        ):
            out[-1] = Role("reading", prev.start, role.end, text[prev.start : role.end])
            continue
        out.append(role)
    return out


_THE_OTHER_PAID = re.compile(
    r"\b(?:(?:the\s+)?other(?:\s+one)?|another(?:\s+one)?|one)\s+(?:was|is|cost|came\s+to)\s*$|"
    r"\bthe\s+other\s+(?:one\s+)?$|"
    r"(?:还是|\bor(?:\s+was\s+it|\s+maybe)?)\s*$",
    re.I,
)
"""The second of two things paid, its currency left to the first ("one was 14 euros and one
was 19"), or the other amount it might have been ("晚饭65块……还是56喃", "65 USD or 56?"):
a second amount, so the claim asks which, where it had filed the first."""
_CJK_TEXT = re.compile(r"[\u4e00-\u9fff]")
_CN_MONTH_DOT_DAY = re.compile(r"(?P<cm>1[0-2]|0?[1-9])\.(?P<cd>0[1-9]|[12]\d|3[01])")
"""A day as Chinese writes it with a dot, month first, the day in two digits ("3.12" is 12
March): read as one only beside an amount that has its currency."""


def cn_number(text: str) -> int:
    """Parse a Chinese or Arabic numeral ('两' -> 2, '十四' -> 14, '三百五' -> 350, '14' -> 14)."""
    if text.isdigit():
        return int(text)
    total, section, digit = 0, 0, 0
    last_unit = 1
    for ch in text:
        if ch in _CN_DIGITS:
            digit = _CN_DIGITS[ch]
        elif ch in _CN_UNITS:
            unit = _CN_UNITS[ch]
            if unit == 10_000:
                total += (section + digit) * unit
                section, digit = 0, 0
            else:
                section += (digit or 1) * unit
                digit = 0
            last_unit = unit
    if digit and last_unit >= 100 and len(text) > 1 and text[-2] in _CN_UNITS:
        digit *= last_unit // 10  # 三百五 -> 350: a trailing digit counts in the next unit down
    return total + section + digit


def number_word(word: str) -> int | None:
    """The value of an English number word ("seven", "thirty"), or None for any other word."""
    return _EN_NUMBERS.get(word.lower())


def _count(word: str | None) -> int:
    if not word:
        return 1
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    if word in _EN_NUMBERS:
        return _EN_NUMBERS[word]
    return cn_number(word)


_PERIOD_EN = re.compile(
    rf"(?:\b(?P<n>{_EN_NUM})[\s-]*(?:(?:last|past|previous)\s+)?)?"
    rf"(?P<u>day|week|wk(?=s?\b)|fortnight|month|mth(?=s?\b))",
    re.I,
)
"""A period's length: "7 days", "two weeks", and "the 30 last days" as Spanish, French and
Italian speakers order it ("los 30 últimos días")."""
_PERIOD_CN = re.compile(rf"(?P<n>{_CN_NUM})?\s*(?P<u>天|日|周|个星期|星期|个礼拜|礼拜|个月|月)")


def _period_days(span: str) -> int | None:
    lowered = span.lower()
    if _HALF_MONTH.fullmatch(span.strip()):
        return HALF_MONTH_DAYS
    if re.fullmatch(_OPEN_PERIOD, span.strip(), re.I):
        return OPEN_PERIOD_DAYS
    if terse := re.fullmatch(r"(\d{1,3})\s?(d|wks?|w|mos?)", lowered):
        return int(terse.group(1)) * _TERSE_UNIT_DAYS[terse.group(2)]
    if re.search(r"year|ytd|年", lowered):
        return _UNIT_DAYS["year"]
    if re.search(r"quarter|\bq[1-4]\b|季度|semester|term|学期", lowered):
        return _UNIT_DAYS["quarter"]  # (a term is about a quarter of a year or more)
    if re.search(r"上|本|这|this", lowered) and not re.search(r"\d|[一二两三四五六七八九十]", span):
        # "this fortnight" is its two weeks, not "this week"'s seven days
        return 30 if ("月" in span or "month" in lowered) else 14 if "fortnight" in lowered else 7
    m = _PERIOD_EN.search(span) or _PERIOD_CN.search(span)
    if m is None:
        return None
    unit = m.group("u").lower()
    count = _count(m.group("n")) if m.group("n") else 1
    return count * _UNIT_DAYS[unit]


_EVERY: tuple[tuple[int, tuple[str, ...]], ...] = (
    (7, ("weekly", "week-by-week", "每周", "周度")),
    (14, ("fortnightly", "biweekly", "bi-weekly")),
    (30, ("monthly", "month-by-month", "每月", "月度")),
)
"""Periods named by how often, not how long ("the monthly trend", "每周的合计"): a window of
that length when the request names no other."""


_ASKING = re.compile(
    r"[?？]|\b(?:how|what|show|tell|total|sum)\b|多少|总额|合计|一共|总共|看看|看下|查",
    re.I,
)
"""A clause that asks for something (a question, a read command), for `find_period`."""


_REFUSED_WINDOW = re.compile(
    r"(?:\bnot|\bno|\bdon'?t\s+(?:want|need|show|give)(?:\s+me)?|不要|不是|别看|不看|别管|不管|"
    r"别(?:给我)?算|不要算|"
    # "不用看三十天的啦，看最近两个礼拜": the look refused, with the window after it
    r"(?:不用|不要|不需要|不必|甭)(?:再)?(?:给我)?(?:看|查|算)(?:最近|近|过去)?) ?"
    r"(?:(?:the|a|my) )?$",
    re.I,
)
"""A window refused right before it ("not the 30 day one", "不要30天的"): no window asked for."""


def refused_window(text: str, at: int) -> bool:
    """Whether the window whose words start at `at` is refused right before them."""
    return _REFUSED_WINDOW.search(text, 0, at) is not None


def period_words(text: str, role: Role) -> str:
    """A period's words, with the unit it shares with the next length ("7 or 14 days")."""
    words = re.sub(r"^x(?=\d)", "", role.text, flags=re.I)
    if words.isdigit() and (shared := _SHARED_UNIT.match(text, role.end)) is not None:
        return f"{words} {shared['u']}"
    return words


def find_period(text: str) -> Found | None:
    """The relative period a request names, in days: "最近两周" -> 14, "past month" -> 30.

    A named window ("the last 7 days") comes first; failing one, a frequency word ("my
    monthly trend") names its length. A word in a refused clause ("not the monthly one")
    names nothing.
    """
    found = [
        Found(days, role.text, role.start, role.end, "period")
        for role in number_roles(text)
        if role.kind == "period"
        and not text[: role.start].rstrip().endswith("第")  # 出差第2天: a day, not a window
        and not refused_window(text, role.start)  # "not the 30 day one", "不要30天的"
        and (days := _period_days(period_words(text, role))) is not None
    ]
    if len(found) > 1 and len({f.value for f in found}) == 1:
        # One length said twice: the count of days says it plainly ("show me the last 7
        # days, I want to see how bad this week has been").
        return next((f for f in found if re.search(r"\d", f.text)), found[0])
    if len(found) > 1:
        # Two windows: the one asked about sits in the clause that asks ("I took 7 cabs this
        # week, how much have I claimed in the last 14 days?"), not in what it tells.
        asking = [(at, c) for at, c in clauses(text) if _ASKING.search(c)]
        for f in reversed(found):
            if any(at <= f.start < at + len(c) for at, c in asking):
                return f
    if found:
        return found[0]
    if (since := _SINCE_AGO.search(text)) is not None:
        span = since.group("en") or since.group("then") or since.group("cn")
        if (days := _period_days(span)) is not None:
            return Found(days, since.group().strip(), since.start(), since.end(), "period")
    return find_word(text, _EVERY, "period")


def _is_duration(text: str, role: Role) -> bool:
    """Whether a period tells how long something lasted, not a window to total over.

    "was in Lyon for 3 days, hotel 240 EUR, claim it", "2-day site visit" and
    "出差顺便玩了两天" tell a trip's length; "and show the 7-day total", "the last 14 days"
    ask for a window. Only a length with a word of lasting beside it is a duration.
    """
    before = text[max(0, role.start - 40) : role.start]
    after = text[role.end : role.end + 20]
    if _WINDOW_BEFORE.search(before) or _WINDOW_BACK_WORD.search(role.text):
        return False  # "how much have I spent in the last 7 days": a window after all
    if any(
        at <= role.start < at + len(clause) and _ASKING.search(clause)
        for at, clause in clauses(text)
    ):
        return False  # "show me how it has been for 30 days": asked for
    return bool(_LASTED_BEFORE.search(before) or _LASTED_AFTER.match(after))


_WINDOW_BEFORE = re.compile(
    r"\b(?:last|past|previous|prior|preceding|recent|these|this|over|within|rolling|trailing)"
    r"\s+(?:(?:the|few|couple\s+of)\s+)?$|(?:最近|过去|近|前|这|本)\s*$",
    re.I,
)
_WINDOW_BACK_WORD = re.compile(r"\b(?:last|past|previous)\b|最近|过去", re.I)


_LASTED_BEFORE = re.compile(
    # ("the incident reports took me 2 days")
    r"(?:\b(?:spent|spend|spending|stayed|stay|lasted|took(?:\s+(?:me|us))?|trip\s+of|away\s+for)\s+|"
    r"\b(?:was|were|stayed|went|travell?ed|away|there)\b[^,.;!?\d]{0,24}\bfor\s+)"
    r"(?:(?:the|a|about|around|nearly|almost|over|like)\s+)?$|"
    # what is paid by the day: "parking at the Midland airport 2 days, 24 dollars total"
    r"\b(?:parking|parked|rental|rented|hired|car\s+hire)\b[^,.;!?\d]{0,30}?"
    r"(?:\bfor\s+(?:the\s+)?)?$|(?:停车|租车)了?$|"
    r"(?:玩|浪|住|待|呆|跑|干|忙|出差|休息|请假|开会|培训|加班|逛|爬|走|站|坐|骑|修|装|上班|工作)"
    r"了?(?:整整|差不多|大概|快)?$",
    re.I,
)
_LASTED_AFTER = re.compile(
    r"(?:-long\b|\s+(?:in|at|away|off|on\s+site)\b|[-\s](?:trip|visit|stay|conference|course|"
    r"training|workshop|site|offsite|job|shift|tour|hike|drive|journey|holiday|vacation)s?\b)",
    re.I,
)
"""Words beside a length that make it how long something lasted: "spent 7 days",
"away for a week", "玩了两天"; "3 days in Berlin", "a 2-day site visit"."""


_SINCE_AGO = re.compile(
    rf"\bsince\s+(?P<en>(?:{_EN_NUM})[\s-]*(?:day|week|month)s?\s+ago)\b|"
    rf"\b(?P<then>(?:{_EN_NUM})[\s-]*(?:day|week|month)s?\s+ago)\b[^.?!]{{0,60}}\bsince\s+then\b|"
    rf"(?P<cn>(?:{_CN_NUM})\s*(?:天|周|个星期|星期|个礼拜|礼拜|个月))前(?:到现在|至今|以来|开始)",
    re.I,
)
"""A window counted back from today to a day N ago ("since 2 weeks ago", "2 weeks ago …
since then", "两周前到现在"): N days, weeks or months, as "the last N" is. "2 weeks ago"
alone is a day, not a window."""


def parse_period_days(text: str) -> int | None:
    """Length in days of a relative period named in the text, or None when there is none.

    Examples: "最近两周" -> 14, "近30天" -> 30, "last two weeks" -> 14, "past month" -> 30.
    A number of days *ago* is a date, not a period: "2 weeks ago" -> None.
    """
    found = find_period(text)
    return None if found is None else int(found.value)


_DAY_WORDS: tuple[tuple[tuple[str, ...], int], ...] = (
    (("大前天",), 3),
    (("day before yesterday", "前天", "kelmarin"), 2),
    (("yesterday", "yday", "yest", "last night", "last nite", "昨天", "昨日", "昨晚", "昨儿"), 1),
    # texted short: "bp lst nite 135/87 log it"
    (("lst nite", "lst night", "lastnight", "last nyt"), 1),
    # its "e" dropped ("bp 127/81 ysterday"): "yest" reads the rest of its misspellings
    (("ysterday", "ystrday", "ystday"), 1),
    # Malay, Indonesian and Tagalog inside English: "tolong file taxi 22 EUR semalam"
    (("semalam", "kemarin", "kahapon", "kagabi"), 1),  # kagabi: Tagalog "last night"
    # Swahili inside Kenyan English: "Claim 35 USD for a meal jana"
    (("juzi",), 2),
    (("jana",), 1),
    # Setswana inside Botswana English: "Supper with the auditors maabane" (yesterday),
    # "maabane bosigo" (last night)
    (("maabane bosigo", "maabane"), 1),
    # Spanish inside English: "I took it anteayer" (the day before yesterday), "ayer"
    (("anteayer", "antier"), 2),
    # Hindi and Urdu inside English: "BP reading kal raat: 136/89" (last night)
    (("kal raat",), 1),
    # French inside English, as Quebec writes it: "Taxi 38.75 EUR in Paris hier"
    (("avant-hier",), 2),
    (("hier soir", "hier"), 1),
    (("ayer",), 1),
    # Vietnamese inside English: "Hôm qua I take Grab taxi" (yesterday)
    (("hôm qua", "hom qua"), 1),
    # Portuguese inside English: "Save 128/84 from ontem" (yesterday), "anteontem"
    (("anteontem",), 2),
    (("ontem",), 1),
    # Maltese inside English: "23.50 euro, ilbieraħ" (yesterday), "illum" (today)
    (("ilbieraħ", "ilbierah", "lbieraħ"), 1),
    (("illum",), 0),
    # German inside Chinese or English: "Frühstück 12,50 €，vorgestern" (the day before
    # yesterday), "gestern" (yesterday)
    (("vorgestern",), 2),
    (("gestern",), 1),
    (
        (
            *("today", "this morning", "this afternoon", "tonight", "tonite", "this evening"),
            *("this arvo", "hôm nay"),  # Australian and New Zealand "arvo"; Vietnamese "today"
            *("今天", "今日", "今早", "今晚", "今儿", "tadi pagi"),
        ),
        0,
    ),
)
_WHOLE_WORD_DAYS = frozenset(
    {"jana", "juzi", "ayer", "anteayer", "antier", "illum", "ontem", "anteontem", "maabane"}
)
"""Read only as whole words in lower case: "Jana" is also a name ("my colleague Jana"), and
"ayer" is inside "player"."""
_AGO = re.compile(
    rf"(?P<n>{_EN_NUM}|{_CN_NUM})\s*(?P<u>day|week|month|天|日|周|个星期|星期|个礼拜|礼拜|个月)",
    re.I,
)
_CN_MONTH_DAY = re.compile(
    r"(?P<m>[0-9]{1,2}|[一二三四五六七八九十]{1,3})\s?月\s?(?P<d>[0-9一二三四五六七八九十]{1,3})"
)
_EN_MONTH = re.compile(r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.I)


_WEEKDAY = re.compile(f"{_WEEKDAY_EN}|{_WEEKDAY_CN}", re.I)


def _weekday_match(span: str) -> re.Match[str] | None:
    """The weekday a day phrase is, read alone.

    "Sat" was found where a comma came before it, "sat" before a time of the day ("from sat
    am"): out of that context, each is read as the capitalised day after a comma.
    """
    said = span.strip()
    titled = re.sub(r"(?i)\b(?:mon|wed|sat|sun)$", lambda m: m.group().title(), said)
    return _WEEKDAY.fullmatch(said) or _WEEKDAY.fullmatch(f", {titled}", 2)


def _weekday_date(span: str, today: date) -> date | None:
    """The past day a weekday names, or None for a day to come or a recurring one.

    English "last Thursday" is the latest Thursday before today; "Thursday" or "on
    Thursday" the latest one up to today. Chinese counts in calendar weeks: "上周四" is
    the previous week's Thursday, unless weeks that start on Monday and weeks that start
    on Sunday disagree about it (any "上周X" on a Sunday, "上周日" on any day): then it
    names no one day and the write asks, "这周四"/"本周四" this week's (if it has
    come), a bare "周四" the latest Thursday up to today. "next Tuesday", "every Monday",
    "下周二" name no day past, so they fill no date.
    """
    m = _weekday_match(span)
    if m is None:
        return None
    if m.group("en_day"):
        when = (m.group("en_when") or "").lower()
        if when in ("next", "every", "each") or m.group("en_plural"):
            return None
        back = (today.weekday() - _WEEKDAYS[m.group("en_day").lower()]) % 7
        if when in ("last", "past", "previous") and back == 0:
            back = 7
        return today - timedelta(days=back)
    when, day = m.group("cn_when") or "", _WEEKDAYS[m.group("cn_day")]
    monday = today - timedelta(days=today.weekday())
    if when.startswith("下"):
        return None
    if when.startswith("上"):
        weeks = 2 if when.startswith("上上") else 1
        found = monday - timedelta(days=7 * weeks) + timedelta(days=day)
        # A week that starts on Sunday gives another day on a Sunday ("上周三" on Sunday
        # the 15th: the 4th, or the 11th) or for "上周日": no one day is named.
        sunday = today - timedelta(days=(today.weekday() + 1) % 7)
        other = sunday - timedelta(days=7 * weeks) + timedelta(days=(day + 1) % 7)
        return found if found == other else None
    if when:
        found = monday + timedelta(days=day)
        return found if found <= today else None
    return today - timedelta(days=(today.weekday() - day) % 7)


def _latest_day(day: int, today: date) -> date | None:
    """The latest day up to today that is the given day of its month ("on the 9th", "3号").

    This month's, else last month's: "30号" in mid-March, a day February lacks, is asked
    about rather than read as 30 January, six weeks back.
    """
    month_of = today
    for _ in range(2):  # this month, else the month before (a day it lacks is asked about)
        try:
            found = month_of.replace(day=day)
        except ValueError:
            found = None
        if found is not None and found <= today:
            return found
        month_of = month_of.replace(day=1) - timedelta(days=1)
    return None


def _slashed(span: str) -> str:
    """A hyphenated day and month ("12-3", `_DASH_DATE`) as the slashed date it is read as."""
    return re.sub(r"^(\d{1,2})-(\d{1,2})$", r"\1/\2", span)


def _role_date(role: Role, today: date) -> date | None:
    span = _slashed(role.text)
    if _weekday_match(span) is not None:
        return _weekday_date(span, today)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", span):
        try:
            return date.fromisoformat(span)
        except ValueError:
            return None
    if m := _YEARED_DATE.fullmatch(span):
        if m.group("y2") is not None:
            try:
                found = date(int(m.group("y2")), int(m.group("m2")), int(m.group("d2")))
            except ValueError:
                return None
            return found if found <= today else None
        return _slash_date(int(m.group("a")), int(m.group("b")), today, int(m.group("y")))
    if (m := _AGO.search(span)) and re.search(r"ago|back|earlier|before|前", span, re.I):
        return today - timedelta(days=_count(m.group("n")) * _UNIT_DAYS[m.group("u").lower()])
    if m := _CN_DAY_OF_MONTH.fullmatch(span):
        if m.group("cm") is None:
            return _latest_day(cn_number(m.group("cd")), today)
        month_of = today.replace(day=1)
        for _ in range(m.group("cm").count("上")):  # 上个月 one month back, 上上个月 two
            month_of = (month_of - timedelta(days=1)).replace(day=1)
        try:
            found = month_of.replace(day=cn_number(m.group("cmd")))
        except ValueError:
            return None
        return found if found <= today else None
    if m := _DAY_OF_MONTH.fullmatch(span) or _THE_DAY_N.fullmatch(span):
        return _latest_day(int(m.group("dom")), today)
    if m := _DAY_DOT_MONTH.fullmatch(span):
        month, day = int(m.group("dm")), int(m.group("dd"))
        if (year := m.group("dy") or m.group("dy2")) is not None:
            try:
                found = date(int(year) + (2000 if len(year) == 2 else 0), month, day)
            except ValueError:
                return None
            return found if found <= today else None
    elif role.month_first and (m := _CN_MONTH_DOT_DAY.fullmatch(span)):
        month, day = int(m.group("cm")), int(m.group("cd"))
    elif m := _DOT_DAY.fullmatch(span):
        month, day = int(m.group("dm")), int(m.group("dd"))
    elif m := _MONTH_SLASH_DAY.fullmatch(span):
        return _slash_date(
            int(m.group("sm")), int(m.group("sd")), today, _slash_year(m.group("sy"))
        )
    elif m := _CN_MONTH_DAY.search(span):
        month, day = cn_number(m.group("m")), cn_number(m.group("d"))
    elif (m := _EN_MONTH.search(span)) and (d := re.search(r"\d{1,2}", span)):
        month, day = _MONTHS[m.group(1).lower()], int(d.group())
    else:
        return None
    try:
        found = date(today.year, month, day)
    except ValueError:
        return None
    if found <= today or (found - today).days <= SOON_DAYS:
        return found
    return found.replace(year=today.year - 1)


SOON_DAYS = 7
"""How far ahead a day named without its year is still this year's: "lunch 18/3" on 15 March
is three days ahead, not a year back, and a write for it is asked about as in the future."""


def _slash_date(first: int, second: int, today: date, year: int | None = None) -> date | None:
    """A date with a slash, month/day or day/month: whichever is the later day up to today.

    A claim or a reading is of a day just past: "12/03" from a Spaniard and "3/12" from an
    American on 15 March are both the 12th of March, not December. A year said keeps the
    day in it: neither order up to today is no day at all.
    """
    return max(_slash_readings(first, second, today, year), default=None)


def _slash_readings(first: int, second: int, today: date, year: int | None) -> list[date]:
    """The days up to today a slashed date can be, month first and day first.

    Without a year, a reading later this year is last year's, unless it is at most
    `SOON_DAYS` ahead: then that day alone, which a write asks about.
    """
    days: list[date] = []
    for month, day in ((first, second), (second, first)):
        try:
            found = date(year or today.year, month, day)
        except ValueError:
            continue
        if found > today and year is None and (found - today).days <= SOON_DAYS:
            return [found]  # "18/3" three days ahead: that day, asked about as in the future
        if found > today and year is None:
            found = found.replace(year=today.year - 1)
        if found <= today and found not in days:
            days.append(found)
    return days


def _slash_year(said: str | None) -> int | None:
    """The year written after a slashed date ("26" is 2026), or None."""
    return None if said is None else int(said) + (2000 if len(said) == 2 else 0)


def _either_way(span: str, today: date) -> tuple[str, str] | None:
    """The two days a slashed date names, when both are recent past days.

    "Date: 03/02/2026" and "from 02/03" on 15 March 2026 are the 2nd of March to an
    American and the 3rd of February to most of Europe: the value names both, which the
    slots model rejects, so the run asks rather than write a claim or a reading on the
    wrong day. Without a year a day just past is meant: "3/12" and "12/03" are the 12th of
    March when the other reading is months back (3 December, `_slash_date`); within
    `RECENT_DAYS` either could be (the dev part's "35 USD in New York on 3/2", labelled the
    2nd of March, is asked about too). With a year, a reading in the future is no reading
    ("12/03/2026" is the 12th of March).
    """
    m = _MONTH_SLASH_DAY.fullmatch(_slashed(span.strip()))
    if m is None:
        return None
    year = _slash_year(m.group("sy"))
    days = _slash_readings(int(m.group("sm")), int(m.group("sd")), today, year)
    if len(days) != 2 or (year is None and (today - min(days)).days > RECENT_DAYS):
        return None
    first, second = sorted(days)
    return first.isoformat(), second.isoformat()


RECENT_DAYS = 62
"""How far back an undated "02/03" may read and still be a day just past: two months. "3/12"
on 15 March also reads as 3 December, 102 days back, which no one claims as "3/12"."""


_PURPOSE_BEFORE = re.compile(
    r"\bso\s+(?:that\s+)?(?:i|we)\s+can\b[^.!?;]*$|"
    r"\b(?:to|and)\s+(?:show|tell|bring|give|send)\s+(?:it\s+|them\s+)?(?:to\s+)?(?:my|our|the)\s+"
    r"(?:doctor|gp|nurse|cardiologist|boss|manager|accountant)\b[^.!?;]*$|"
    r"(?:以便|好让|好给)[^。！？；]*$|"
    # an appointment still to come: "I've got the doctor Tuesday and he'll want to know"
    r"\b(?:i've\s+got|i\s+have|i\s+got|i'm\s+seeing|i\s+am\s+seeing|seeing)\s+(?:the|my|a)\s+"
    r"(?:doctor|doc|gp|nurse|cardiologist)(?:'s)?(?:\s+(?:appointment|appt))?\b[^.!?;]*$",
    re.I,
)
"""A purpose after the request ("… then see the last 30 days so I can tell my doctor on
Tuesday"), or an appointment ahead ("I've got the doctor Tuesday"): a day in it is when the
user will use what they asked for, not a date of it."""


_MADE_UP = re.compile(r"\s*(?:再)?补(?:一下|下|报|上|录|记|个|交|一笔)")
"""A day word right before a late filing ("今天补一下", "今天补报"): when the user catches up,
not the day of what is filed."""


def find_date(text: str, today: date) -> Found | None:
    """The calendar date a request refers to, or None when it names none.

    An ISO date, "3月3日", "March 3", "2 weeks ago", "三天前", "昨天", "yesterday", a weekday
    ("last Friday", "上周四", "周五"; `_weekday_date`).
    """
    for role in number_roles(text):
        if role.kind == "date" and _PURPOSE_BEFORE.search(text, 0, role.start):
            continue  # "… so I can tell my doctor on Tuesday": when it will be used
        if role.kind == "date" and (both := _either_way(role.text, today)) is not None:
            return Found(" or ".join(both), role.text, role.start, role.end, "date")
        if role.kind == "date" and (day := _role_date(role, today)) is not None:
            return Found(day.isoformat(), role.text, role.start, role.end, "date")
    lowered = text.lower()
    chat = _YESTERDAY_CHAT.search(text)
    if chat and not any(
        m.start() <= chat.start() < m.end() for m in re.finditer(_LONG_PERIOD, text, re.I)
    ):
        day = today - timedelta(days=1)
        return Found(day.isoformat(), chat.group(), chat.start(), chat.end(), "date")
    for words, back in _DAY_WORDS:
        for word in words:
            at = lowered.find(word)
            if at >= 0 and word in _WHOLE_WORD_DAYS:
                found = re.search(rf"(?<![\w-]){word}(?![\w-])", text)  # not "Jana", a name
                at = -1 if found is None else found.start()
            if at >= 0 and _MADE_UP.match(text, at + len(word)):
                continue  # "上个礼拜恰饭的钱冇报，今天补一下": the day it is filed, not spent
            if at >= 0:
                day = today - timedelta(days=back)
                return Found(day.isoformat(), text[at : at + len(word)], at, at + len(word), "date")
    return None


_DAY_TO_COME = re.compile(
    rf"\b(?:(?:the\s+)?day\s+after\s+)?(?:tomorrow|tmrw?|tmr)\b|\bnext\s+(?:week|month)\b|"
    rf"\bin\s+(?:{_EN_NUM})\s+(?:day|week)s?\b|(?:{_EN_NUM})\s+(?:day|week)s?\s+from\s+now\b|"
    rf"大?后天|明天|明日|明早|明晚|下个?(?:周|星期|礼拜|月)|(?:{_CN_NUM})\s*(?:天|周|个星期|个月)(?:以|之)?后",
    re.I,
)
"""A day still to come ("tomorrow", "next week", "明天", "3天后"): no day a reading was
taken or money spent."""


WEEKEND = re.compile(
    r"\b(?:last|this|the|past|over\s+the)\s+weekend\b|(?:上个?|这个?|本)?周末", re.I
)
"""A weekend named as when ("hotel last weekend", "上周末住酒店"): two days, and which one
the money was spent on or the reading taken is the user's to say."""


_DAY_BEFORE = re.compile(
    r"\bthe\s+day\s+before\b(?!\s+(?:yesterday|that|this|the|my|his|her|our|their|last|\d|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)",
    re.I,
)
""""The day before" with nothing it is before ("File a claim for the dinner …, €27.90, the
day before"): the day before yesterday in Irish English, the day before something unsaid
elsewhere; which day is the user's to say."""


def unread_days(text: str, today: date) -> list[Role]:
    """Every stretch of words that names a day but no day up to today, first the days to come.

    A date phrase `find_date` could not read as a past day ("本月20号" on the 15th, "next
    Tuesday", "明天", "tomorrow"), or one that is two days (`WEEKEND`) or none it can tell
    (`_DAY_BEFORE`): a write dated today instead would be dated wrongly, so the router asks
    which day is meant. All of them, since one may say when something else
    happens and another date the write ("will measure tomorrow morning, just put 140/90
    for tomorrow").
    """
    days = [Role("date", m.start(), m.end(), m.group()) for m in _DAY_TO_COME.finditer(text)]
    days += [Role("date", m.start(), m.end(), m.group()) for m in WEEKEND.finditer(text)]
    days += [Role("date", m.start(), m.end(), m.group()) for m in _DAY_BEFORE.finditer(text)]
    return days + [
        role
        for role in number_roles(text)
        if role.kind == "date" and _role_date(role, today) is None
    ]


def parse_relative_date(text: str, today: date) -> date | None:
    """The calendar date a request refers to ('今天', 'yesterday', an ISO date), or None."""
    found = find_date(text, today)
    return None if found is None else date.fromisoformat(found.value)


_GROUPED = re.compile(r"(?<=\d)[ \u00a0\u202f](?=\d{3}(?![\d]))")
"""A space between a number's thousands ("1 200"), read only inside a money span."""


def _amount_value(span: str) -> str | None:
    """The amount as money is written: whole, or with both decimals ("38.5" is "38.50")."""
    if jiao := re.search(rf"块\s?{_JIAO}$|元{_JIAO_SAID}$", span):
        whole = _amount_value(span[: jiao.start()].rstrip())
        tenth = jiao.group("jiao") or jiao.group("jiao_said")
        return f"{whole}.{tenth if tenth.isdigit() else cn_number(tenth)}0" if whole else None
    if spoken := re.fullmatch(rf"(\d{{1,5}})\s*{_CENTS_AFTER}", span, re.I):
        return f"{spoken.group(1)}.{span[-2:]}"
    if k := re.search(r"(\d{1,4}(?:\.\d{1,3})?)k(?![a-z])", span, re.I):
        thousands = Decimal(k.group(1)) * 1000
        return str(int(thousands)) if thousands == int(thousands) else f"{thousands:.2f}"
    span = _GROUPED.sub("", span)  # "1 200 EUR" is 1200
    m = re.search(_NUM, span)
    if m:
        value = m.group().replace(",", "")
        if not re.fullmatch(r"\d{1,7}(?:\.\d{1,2})?", value):
            return None
        whole, dot, cents = value.partition(".")
        return f"{whole}.{cents:0<2}" if dot else value
    m = re.search(_CN_AMOUNT, span)
    if m is None or _CN_ROUGHLY.search(m.group()):
        return None
    return str(cn_number(m.group()))


_CN_ROUGHLY = re.compile(
    r"(?:一两|两三|一二|二三|三四|四五|五六|六七|七八|八九)(?=[十百千万]|$)|"
    r"十(?:一二|二三|三四|四五|五六|六七|七八|八九)$"
)
"""Two neighbouring digits said together, as Chinese says "about": 四五十 (forty or fifty),
三四百, 十七八 (seventeen or eighteen). A guess, which no claim should take as its amount."""


_INLINE_QUOTE = re.compile(
    r"(?:^|(?<=[\s:：(\[]))(?:'(?=\S)[^\n]{3,}?(?<=\S)'(?![A-Za-z])|\"[^\"\n]{3,}\"|"
    r"“[^”\n]{3,}”|‘(?=\S)[^\n]{3,}?(?<=\S)’(?![A-Za-z])|「[^」\n]{2,}」|『[^』\n]{2,}』)|"
    # Chinese quotes straight after a word, as Chinese writes them: 屏幕上显示“本月报销合计 ¥2,340”
    r"(?<=[\u3400-\u9fff])(?:“[^”\n]{3,}”|「[^」\n]{2,}」|『[^』\n]{2,}』|"
    # or straight quotes, as a phone keyboard types them: 截图上显示"近30天平均血压 135/87"
    r"\"[^\"\n]{3,}\")"
)


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the request that quote someone else's words, quotation marks included.

    A pasted notification, a manager's question, a policy line ("copied from the expense
    policy: 'Meals over 50 EUR need a receipt'"): two words or more in quotation marks, or
    four Chinese characters. Its "your" is the user, its verbs are not the user's request
    and its amounts give way to the user's own. A quoted word or name ("the 'urgent' one",
    「月报」) is no quotation. An apostrophe ("Doctor's", "you've") opens or closes none.
    """
    return list(_quoted(text))


@lru_cache(maxsize=1024)
def _quoted(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for m in _INLINE_QUOTE.finditer(text):
        body = m.group()[1:-1]
        if len(body.split()) >= 2 or len(re.findall(r"[\u3400-\u9fff]", body)) >= 4:
            out.append(m.span())
    return tuple(out)


_TOTAL_MARK = re.compile(
    r"(?:=|\btotal(?:ling|ing)?\s+(?:of\s+|is\s+|was\s+|came\s+to\s+)?|\bcame\s+to\s+|"
    r"\b(?:all\s+together|altogether|in\s+total|all\s+in)\s+(?:is\s+|was\s+)?|"
    r"一共|总共|合计|共计|总计)\s*$",
    re.I,
)
_TOTAL_AFTER = re.compile(r"\s*(?:in\s+total|total\b|all\s+in\b|altogether\b)", re.I)
"""The amount a list of prices adds up to ("2 nts @ CNY 680.00 = CNY 1,360.00", "two nights
at 180 EUR each, 360 EUR in total", "一共960"): the sum to claim, beside its parts."""
RATE_BEFORE = re.compile(
    r"(?:@|\b\d{1,3}\s*(?:[a-z]+\s+)?[x×*]|\b(?:half|a\s+third|a\s+quarter|one\s+third|"
    r"two\s+thirds)\s+(?:of\s+)?(?:a|an|the|my)?|一半|半)\s*$",
    re.I,
)
"""What before an amount makes it no sum to claim as it stands: a price per unit ("2 nts @
CNY 680.00", "3 x 15.50 USD", "3 nights × 99.90 EUR") or a share of it ("half of a 90 CNY
taxi fare"). The claim is a product or a part, which code should not work out."""
PRICE_PER_UNIT = re.compile(
    r"\s*(?:each|apiece|per\s+\w+|a\s+(?:night|day|head|person|piece|pop)|"
    r"/\s?(?!(?:today|yesterday|tod|ytd)\b)[a-z\u3400-\u9fff]+|"
    r"x\s*\d|times\s+\d|一晚|每晚|每天|每人|每个|每张|每次|一个|一张|一次)",
    re.I,
)
"""What follows an amount that makes it a rate ("120 EUR each", "80 块一晚", "$40 per
night"): the claim is that times a count, which code should not guess. A slash before a
day ("CNY 118.00 / today") only separates a ledger line's fields."""


def money_roles(text: str) -> list[Role]:
    """The amounts of money a write may take, the likeliest sum to claim first.

    Of several: the user's own words before a quotation's (`quoted_spans`), a total
    (`_TOTAL_MARK`) before its parts, and a price per unit only when nothing else is left.
    Those set aside are not a second value either: "two nights at 180 EUR each, 360 EUR in
    total" names one sum.
    """
    return list(_money_roles(text))


@lru_cache(maxsize=1024)
def _money_roles(text: str) -> tuple[Role, ...]:
    money = [r for r in number_roles(text) if r.kind == "money"]
    if len(money) < 2:
        return tuple(money)
    quotes = quoted_spans(text)
    own = [r for r in money if not any(s <= r.start < e for s, e in quotes)]
    money = own or money
    totals = [
        r for r in money if _TOTAL_MARK.search(text, 0, r.start) or _TOTAL_AFTER.match(text, r.end)
    ]
    if totals:
        return tuple(totals)
    rates = [
        r
        for r in money
        if RATE_BEFORE.search(text, 0, r.start) or PRICE_PER_UNIT.match(text, r.end)
    ]
    return tuple(r for r in money if r not in rates) or tuple(money)


def find_amount(text: str) -> Found | None:
    """An amount of money: a number next to a currency first, else a number with no other role.

    The "7" of "last 7 days", the "2" of "2 weeks ago", the "3" of "order 3 of 5", the "2"
    of "2 buses" (`_COUNTED`), a reading or an order number are never an amount. Of several
    amounts, `money_roles` says which.
    """
    roles = number_roles(text)
    money = money_roles(text)
    # "it was 2 buses so make it 6.60": what a number counts is no sum
    uncounted = [r for r in roles if not _counts(text, r, roles)]
    for wanted in ("money", "number"):
        for role in uncounted:
            if role.kind == "money" and role not in money:
                continue
            if role.kind == wanted and (value := _amount_value(role.text)) is not None:
                if _MINUS.search(text, 0, role.start):  # "-15 EUR": kept, and refused later
                    return Found(
                        f"-{value}",
                        text[role.start - 1 : role.end],
                        role.start - 1,
                        role.end,
                        "amount",
                    )
                return Found(value, role.text, role.start, role.end, "amount")
    return None


_MINUS = re.compile(r"(?:^|(?<=[\s(:：,，]))[-−]$")
"""A minus sign right before an amount, not a range's hyphen ("10-15")."""


def find_reading(text: str) -> Found | None:
    """A blood-pressure style reading "150/95" (or "150 over 95"), as "systolic/diastolic"."""
    for role in number_roles(text):
        if role.kind == "reading":
            high, low = re.findall(r"\d{2,3}", role.text)
            if re.match(_LOW_NAMES, role.text, re.I):  # "低压85 高压132" is 132/85
                high, low = low, high
            return Found(f"{high}/{low}", role.text, role.start, role.end, "reading")
    return None


_CUT_SHORT = re.compile(
    r"几|-?something\b|ish\b|-odd\b|\s*or\s+(?:so|something)\b|"
    # the rest said to be forgotten: "单号是2091……最后一位记不清了", "2091, the last digit I
    # can't remember"
    r"[\s.…,，]*(?:最后|后面|末尾|后)(?:一|两|几)?(?:位|个数|个数字)[^。！？?!]{0,4}?"
    r"(?:记不清|忘了|不记得|想不起)|"
    r"[\s.…,]*(?:the\s+)?last\s+(?:digit|number|two\s+digits|few\s+digits)\s+(?:i\s+)?"
    r"(?:can'?t|cannot|don'?t|do\s+not)\s+(?:remember|recall)",
    re.I,
)
"""An id only begun ("订单号是6023几来着", "6023-something"): the user does not have the
rest, and no id is read from it."""


def find_id(text: str, pattern: str, *, bare_digits: int | None = None) -> Found | None:
    """An identifier: the first id-role span matching `pattern` (a regex with one group).

    With `bare_digits`, a plain number of at least that many digits with no other role counts
    too ("where is 10086" once the intent is known to be about an order). A lettered id typed
    without its hyphen or with an underscore ("t44", "T_0102") is written as the id is, "t-44",
    its digits as typed ("J-07": the tools read the number, the answer quotes the user's id).
    """
    compiled = re.compile(pattern, re.I)
    roles = [r for r in number_roles(text) if not _CUT_SHORT.match(text, r.end)]
    for role in roles:
        # searched in place, so the pattern may look at what comes before the id
        if role.kind == "id" and (m := compiled.search(text, role.start, role.end)):
            value = m.group(1)
            if lettered := re.fullmatch(r"([A-Za-z])[-_]?(\d+)", value):
                value = f"{lettered.group(1)}-{lettered.group(2)}"  # "t44", "T_0102"
            return Found(value, role.text, role.start, role.end, "id")
    if bare_digits is not None:
        for role in roles:
            if role.kind == "number" and re.fullmatch(rf"\d{{{bare_digits},20}}", role.text):
                return Found(role.text, role.text, role.start, role.end, "id")
    return None


def find_named_id(text: str, nouns: str, prefix: str) -> Found | None:
    """An id told as its noun and a plain number ("job 11", "ticket #9", "工单9"), or None.

    Its own letter counts as its noun: "job j 9", "t 88", "J27" and a dictated "ticket t
    forty two" (spoken numbers are digits by then) all name the id the hyphen would.
    The number must have no other role: "ticket 2 of 4" is a place in a list, "job 11 days
    ago" a date, "3 tickets" a count; but "工单12号" right after its noun is ticket 12,
    unless what follows says when it was filed ("工单12号提的"). The value is written as
    the id is ("J-11", and "ticket #0007" is T-7).

    Args:
        text: The request.
        nouns: A regex of the nouns that name the id's kind ("job" or "任务").
        prefix: The id's letter, "J" for "J-11".
    """
    for role in number_roles(text):
        if role.kind == "id" and (sharp := re.fullmatch(r"#\s?(\d{1,9})", role.text)):
            digits = sharp.group(1)  # "ticket #0007": the noun names what the number is
        elif role.kind == "number" and re.fullmatch(r"\d{1,9}", role.text):
            digits = role.text
        elif (
            role.kind == "date"
            and (hao := re.fullmatch(r"(\d{1,9})号", role.text))
            and re.search(rf"(?:{nouns})\s*$", text[: role.start], re.I)
            and not re.match(r"\s*(?:提|开|报|交|建|的|那天|当天)", text[role.end :])
        ):
            digits = hao.group(1)  # "工单12号修没修好": ticket 12, not a ticket of the 12th
        else:
            continue
        before = text[: role.start]
        noun = re.search(
            rf"(?:(?:{nouns})\s*(?:#|no\.?\s*|number\s+|号)?|(?<![\w'.$]){prefix}(?:\s|-\s)?)\s*$",
            before,
            re.I,
        )
        if noun is not None:
            words = text[noun.start() : role.end]
            return Found(f"{prefix}-{int(digits)}", words, noun.start(), role.end, "id")
    return None


def _occurrences(lowered: str, word: str) -> list[int]:
    r"""Where the word occurs: between non-letters for English, anywhere for CJK or symbols.

    Not `\b`, which counts a Chinese character as a word character: "hotel" must be found in
    "报一下hotel费用" and "monthly" in "要monthly的".
    """
    if word.lower() not in lowered:
        return []  # most words of most option lists: no pattern needed
    return [m.start() for m in _word_pattern(word).finditer(lowered)]


_GLUED_TO_NUMBER = frozenset(
    {"usd", "eur", "cny", "rmb", "euro", "euros", "dollars", "bucks", "yuan"}
)
"""Currency words typed right after the amount ("760rmb", "50usd"): a digit may precede them."""


@lru_cache(maxsize=8192)
def _word_pattern(word: str) -> re.Pattern[str]:
    if word in _GLUED_TO_NUMBER:
        return re.compile(rf"(?<![a-z_]){re.escape(word)}(?![a-z0-9_])")
    if re.fullmatch(r"[a-z][a-z' -]*", word):
        return re.compile(rf"(?<![a-z0-9_]){re.escape(word)}(?![a-z0-9_])")
    if re.match(r"[a-z]", word):  # "s$" is not found in "us$", nor "hk$" in "thk$"
        return re.compile(rf"(?<![a-z0-9_]){re.escape(word.lower())}")
    return re.compile(re.escape(word.lower()))


def find_word(text: str, options: Sequence[tuple[Any, Sequence[str]]], kind: str) -> Found | None:
    """The first option one of whose words the text contains (an enum value, a flag).

    English words match on word boundaries (so "cab" is not found in "cabinet"); words with
    Chinese characters or symbols match anywhere. Words the request refuses (`negated`) do
    not count: "don't put it under taxi, it's a meal" is a meal. A refused flag is the flag
    turned off, with the refusal as its evidence: "no need to notify me" is notify=False,
    and so is a flag asked for and then taken back by a correction ("text me when it's
    triaged? Actually no, don't bother notifying me").
    """
    lowered = text.lower()
    refused: Found | None = None
    for value, words in options:
        best: Found | None = None
        last_refused: Found | None = None
        for word in words:
            for at in _occurrences(lowered, word):
                found = Found(value, text[at : at + len(word)], at, at + len(word), kind)
                if negated(text, at):
                    if isinstance(value, bool):
                        refused = refused or replace(found, value=not value)
                        if last_refused is None or at > last_refused.start:
                            last_refused = replace(found, value=not value)
                    continue
                if best is None or at < best.start:
                    best = found
        if best is not None:
            if (
                last_refused is not None
                and last_refused.start > best.start
                and _CORRECTION.search(text, best.end, last_refused.start) is not None
            ):
                return last_refused  # "text me when it's triaged? actually no, don't bother"
            return best
    return refused


def occurrences(text: str, word: str) -> list[int]:
    """Where the word starts in the text, read as `find_word` reads it (`_occurrences`)."""
    return _occurrences(text.lower(), word)


def weekday_number(word: str) -> int | None:
    """The weekday a word names (Monday 0, as `date.weekday()`): "Sunday", "thurs", 日, 天."""
    return _WEEKDAYS.get(word.lower())


def corrected_between(text: str, start: int, end: int) -> bool:
    """Whether a correction ("no wait", "sorry", 不对) stands between two offsets of the text."""
    return _CORRECTION.search(text, start, end) is not None


def contains_any(text: str, words: tuple[str, ...]) -> bool:
    """Case-insensitive containment test for keyword rules."""
    lowered = text.lower()
    return any(w in lowered for w in words)


def mentions(text: str, words: tuple[str, ...]) -> bool:
    """Whether the request asks for one of the words: contains it outside a refusal.

    "记下来，不用看趋势" contains "趋势" but does not ask for a trend; a keyword rule that
    means "the request wants X" uses this, not `contains_any`.
    """
    lowered = text.lower()
    return any(
        not negated(text, m.start()) for w in words for m in re.finditer(re.escape(w), lowered)
    )


_CORRECTION = re.compile(
    r"(?:\b(?:(?:oh|ah|eh)\s+no(?:[\s,]+actually)?|(?:no|nah)\s+wait|wait|sorry|oops|actually|actly|actualy|"
    r"correction|i\s+mean|i\s+meant|my\s+mistake|my\s+bad|on\s+second\s+thoughts?|"
    r"not\s+(?:that|this)\s+one|"
    # a "no" between pauses: "the weekly report — no, monthly", "on the 10th, no the 11th"
    r"(?<=[,，.。—–-]\s)(?:no|nah)(?=[\s,，!]*(?:[,，!]|the\s+\d|\d))|"
    # ("14 euro, no no it was 16")
    r"(?<=[,，.。—–-]\s)no[\s,]+no(?=[\s,]+(?:it\s+was|it's|its|\d))|"
    # or right between the two values: "bp 138/90 no no, 128/90"
    r"(?<=\d\s)no[\s,]+no(?=[\s,]+\d)|"
    r"make\s+that|make\s+it(?=\s+\d)|make\s+it\s+the\s+(?:last|past)(?=\s+\d{1,2}\s*(?:[.!?,;]|$))|rather|no\s+(?:lah|la|leh|lor)|"
    # Tagalog "ay mali" (oh, wrong): "148/95 — ay mali, 138/95 pala"; Portuguese "não, espera";
    # British "nah hang about"
    r"(?:ay\s+)?mali(?:\s+pala)?|n[ãa]o,?\s+espera|(?:nah\s+)?hang\s+about|"
    # "no hold on mi read it wrong man, a 136 over 86"
    r"(?:no\s+)?(?:hold|hang)\s+on)\b|不对|说错了|我是说|我的意思是|应该是|更正一下|"
    # (not "由428元更正为482元": a filed value asked to be edited, not this message's)
    # (not a mistake warned against: "别搞错", "莫搞错了", Wu 覅搞错 (read 不要搞错))
    r"更正(?![为成])|哦不(?:对|是)?|不不|(?<![别莫不要覅勿])(?:打错了?|写错了?|输错了?|搞错了?|记错了?|看错了?)|"
    r"不是不是|少打了一位|多打了一位|等等|等一下|"
    r"算了[\s,，]*(?=还是|不用|不要|别|先别)|"
    # Minnan 无着 (not right) between pauses: "打车45块，无着，是54"
    r"(?<=[,，.。])\s*无着(?=\s*[,，])|"
    # a 不是 alone between pauses: "做周报，啊不是，做月报啦"
    # (or after a trailing pause: "午饭 45 块... 不是，是54")
    r"(?<=[,，。.…])\s*(?:啊|哦|呃|噢)?不是(?=\s*[,，])|"
    # a 不 alone before 还是 "rather": "请把周报生成……不，还是先生成月报吧"
    r"(?<=[,，。.…])\s*不(?=\s*[,，]\s*还是)|"
    # (or between spaces, as some type their pauses: "取消58255 不是 58256")
    r"(?<=[\d\u4e00-\u9fff]\s)(?:啊|哦|呃|噢)?不是(?=\s+[\d\u4e00-\u9fff]))"
    r"(?:[\s,，:：!！—-]*(?:no|not|sorry|i\s+mean|i\s+meant|it\s+was|it's|its|it\s+is|is|was|"
    # what went wrong said ("i read that wrong its 134/90"), a German "better" ("Ah no,
    # better 14"), the thing named again ("wait no, that one was 9 EUR")
    # (and Shetland's "I'm" for "I have": "na wait, I'm read hit wrang. 142/80")
    r"(?:i|mi)(?:'m|'ve)?\s+(?:read|typed|misread)\s+(?:it|that|dat|hit)(?:\s+wrong)?(?:\s+man)?|"
    r"better|"
    r"that\s+one\s+was|"
    r"make\s+it\s+the\s+(?:last|past)(?=\s+\d{1,2}\s*(?:[.!?,;]|$))|make\s+it|"
    r"should\s+be|that\s+should\s+be|应该是|是)(?![a-z]))*[\s,，:：!！—-]*",
    re.I,
)
"""Words that take back a value just said and give the one meant ("no wait, it was",
"sorry, I meant", "no, make it 14", "actually" and its chat spelling "actly", Singlish "no
lah", "oh no actually it was", "不对，应该是", "我是说", "说错了", "打错了，是 T-15",
"算了，还是看7天的", "不不，还是周报"); a bare "no" only between pauses and before the value
("— no, monthly"), not in "order 123 has no tracking"."""
_NO_BETWEEN = re.compile(
    r"\s*(?:[,，.。?？—–-]|\.{2,}|…+)?\s*(?:no|nope|nah|不对|哦不|不是(?=\s*[,，])|"
    r"不(?![\u4e00-\u9fff]))\s*[,，]?\s*",
    re.I,
)
"""A bare "no" between two values of one kind, as said aloud ("forty no fifty dollars",
"weekly no monthly", "一百二十 不对 一百二十五", "T-4... no T-40", "30 days. no, 14 days",
"7 days? No, 14", "7天 不 14天", "T-615，不是，T-651"): the second is meant. Not 不是 right
before a value, whose "是B不是A" means the first (`_NOT_THIS_THAT`)."""
NARROWING = re.compile(
    r"(?:(?<=[\s.?!…,;:，。？！；：—–-])|^)"
    r"(?:(?:ok(?:ay)?|hmm+|eh|ah|oh|no|nah|well|actually|wait|so|um+|never\s*mind|nvm|"
    r"forget\s+(?:about\s+)?(?:all\s+)?(?:that|it|those|this)|scratch\s+that|"
    r"on\s+second\s+thoughts?)\b[\s,.…—–-]*)+(?:just|only)\b|"
    # a sentence opened with it, its "hmm" gone with the fillers: "…and 7?    , only the 7"
    r"(?<=[.?!…。？！])[\s,]*(?:just|only)\b|"
    r"(?:算了|不对|哦不|还是|嗯|那)[\s,，。.…]*(?:就只|只|就|先)(?=[要查看报记开告给])",
    re.I,
)
"""A message narrowed to one of what it asked: "…and also for the last 7? Actually just the
7.", "Show me my orders, then my blood pressure… ok, just my blood pressure over 14 days",
"帮我开个工单，顺便查一下T-45……算了，只查T-45". Words of second thought ("actually",
"ok", "never mind", 算了) then "just", "only" or 只: what follows is all that is asked."""
_ENOUGH = re.compile(
    r"[^.?!。？！…]*?\b(?:is|'s|are|will\s+do|would\s+do)\s+(?:enough|fine|plenty)\b|"
    r"[^.?!。？！…，,]*?就(?:行|够|好|可以)了?",
    re.I,
)
"""A value said to be enough ("Build the weekly report and the monthly report. Hmm, the
monthly is enough.", "只要14天的就行"): of the values named before, that one is meant."""
_ID_PREFIX = re.compile(r"[A-Za-z]{1,2}-|#")
"""What stands before an id's digits ("T-40", "#10087"): the value meant starts there."""
_MONEY_SIGN = re.compile(r"[$€£¥]\s?")
"""What stands before an amount's digits ("uber $31 no $13"): the value meant starts there."""
_NOT_THIS_THAT = re.compile(
    r"(?:\b(?:not|(?:was|is)n[’']?t|(?:was|is)\s+not)\s+(?P<a>[^\s,，]+)\s*[,，]\s*"
    r"(?:but\s+|it[’']?s\s+|it\s+was\s+|i\s+(?:said|meant|mean)\s+)?(?P<b>[^\s,，.。]+)|"
    r"(?<![^\s,，])(?P<b2>(?!(?:no|nope|nah|ok|okay|yes|oh|so|and|but|sorry)\b)[^\s,，]+)\s*[,，]\s*not\s+"
    r"(?P<a2>[^\s,，.。]+)|"
    r"不是\s*(?P<a3>[^\s,，是]+?)\s*[,，]?\s*(?:而)?是\s*(?P<b3>[^\s,，。]+)|"
    r"是\s*(?P<b4>[^\s,，不]+?)\s*[,，]?\s*不是\s*(?P<a4>[^\s,，。]+)|"
    r"不要\s*(?P<a5>[^\s,，要]+?)\s*了?\s*[,，]\s*(?:我)?(?:是)?要\s*(?P<b5>[^\s,，。]+))",
    re.I,
)
""""not A, B", "wasn't A, it was B", "B, not A", "不是A是B", "是B不是A", "不要A，要B": A is
taken back, B is meant."""
_KEEP = re.compile(
    r"(?P<id>\d{4,})[^\d.。;；!?？！]{0,24}?\b(?:keep|leave)\s+(?:that|it|this)(?:\s+one)?\b|"
    r"\b(?:keep|leave)\s+(?:order\s+|#)?(?P<id2>\d{4,})\b|"
    r"(?P<id3>\d{4,})\s*(?:这个|那个|这单|那单)?(?:要)?(?:不要取消|别取消|不用取消|不取消|留着|保留)|"
    # the refusal first: "不要取消 20931 啦，是要取消 20932", "don't cancel 20931, cancel 20932"
    r"(?:不要|别|不用|先别|\b(?:don'?t|do\s+not|never))\s*(?:取消|cancel)\s*"
    r"(?:order\s+|订单\s*|#)?(?P<id4>\d{4,})(?!\d)",
    re.I,
)
"""An id the request keeps ("the other one is 10078, keep that", "10078不要取消", "don't
cancel 20931, cancel 20932"): another id beside it is the one the change is for."""
_ALSO = re.compile(r"\b(?:also|too|as\s+well|and|plus)\b|还有|也|和|再", re.I)
_CURRENCY_WORD = re.compile(
    r"\b(?:usd|eur|cny|rmb|dollars?|euros?|yuan|bucks|sgd|gbp|jpy|hkd|pounds?|yen)\b|"
    r"美元|欧元|人民币|美金|新币|港币|日元|英镑|(?<=\d)欧(?!洲)|(?<=\d\s)欧(?!洲)|"
    r"[£€]|(?<![a-z])\$|"
    # the US dollar said "US" after its amount, and a country's adjective said for its
    # dollar: "24 US, no I'm wrong, it was Canadian"
    r"(?<=\d)(?-i:US)\b|(?<=\d\s)(?-i:US)\b|\bcanadian\b",
    re.I,
)
"""A currency a correction can take back: also one no domain takes ("23 SGD… 不对, USD"),
euros said 欧 after the amount ("200人民币，不对，是200欧"), and a sign ("£18, sorry, 18
EUR"; not the "$" of "HK$")."""
_REPORT_WORD = re.compile(r"(?<![a-z])(?:weekly|monthly)(?![a-z])|周报|月报", re.I)
_DAY_WORD = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_NAME}\.?|"
    rf"\b{_MONTH_NAME}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b|"
    r"(?<!\d)\d{1,2}\s*[号日]|"
    # a day of the month by its ordinal alone: "on the 10th, no the 11th", with the weekday
    # that names the same day ("Wednesday the 11th")
    r"(?:\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?:the\s+)?)?"
    r"(?<![\w/.-])\d{1,2}(?:st|nd|rd|th)\b|"
    # a slashed day and month, either way round ("the 14/03 — no sorry, it was the 13/03"),
    # neither part past 31 and one of them a month, so no reading ("90/60") is one
    r"(?<![\d/])(?:(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])|(?:0?[1-9]|1[0-2])/(?:[12]\d|3[01]))"
    r"(?:/\d{2,4})?(?![\d/])",
    re.I,
)
_LATEST_MEANT = re.compile(
    r"\s*(?:(?:my|the)\s+)?(?:newest|latest|most\s+recent|last)\s+(?:one|ticket)\b|"
    r"\s*(?:我的)?(?:最新的?|最近的?)(?:那|这)?(?:个|张|一个|一张)?(?:工单)?",
    re.I,
)
"""The latest ticket given instead of an id ("T-408, wait no I mean my newest one")."""
_NOT_BEFORE = re.compile(r"\bnot\s+(?:for\s+|the\s+|last\s+|past\s+)*$", re.I)
"""A period taken back by "not" ("for 14 days, not for 30 days")."""
_CURRENCY_KEYS = {
    "usd": "USD",
    "us": "USD",
    "canadian": "CAD",
    "dollar": "USD",
    "dollars": "USD",
    "bucks": "USD",
    "美元": "USD",
    "美金": "USD",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "欧元": "EUR",
    "欧": "EUR",
    "cny": "CNY",
    "rmb": "CNY",
    "yuan": "CNY",
    "人民币": "CNY",
    **{code: code.upper() for code in ("sgd", "gbp", "jpy", "hkd")},
    **{"pound": "GBP", "pounds": "GBP", "yen": "JPY", "英镑": "GBP", "日元": "JPY"},
    **{"新币": "SGD", "港币": "HKD"},
    **{"£": "GBP", "€": "EUR", "$": "USD"},
}


_COUNTED = re.compile(
    r"\s*(?!(?:dollars|euros|bucks|cents|pounds|quid|days|weeks|months|hours|hrs|mins|thats|"
    r"whats|wheres|heres|theres|its|lets|hows|was|is|this|has|plus|pls|thanks|yes)\b)"
    r"[a-z]{2,}s\b|\s*(?:个|次|趟|晚|位|张|辆|人)",
    re.I,
)
"""A count noun after a small plain number ("2 buses", "3 nights", "两趟"): what it counts
is no sum where another number may be the sum (`_counts`)."""


def _counts(text: str, role: Role, roles: Sequence[Role]) -> bool:
    """Whether a plain number counts things while a later number, counting none, may be the sum.

    "3.30 euros on the 12th, no sorry it was 2 buses so make it 6.60" files 6.60, not 2;
    a lone counted number ("180 pesos", "2 taxis") is still the one amount there is.
    """
    digits = re.sub(r"\D", "", role.text)
    if role.kind != "number" or not 0 < len(digits) <= 2 or not _COUNTED.match(text, role.end):
        return False
    return any(
        r.start >= role.end and r.kind in ("number", "money") and not _COUNTED.match(text, r.end)
        for r in roles
    )


def _correctable(text: str) -> list[tuple[str, str, int, int]]:
    """(kind, value, start, end) of each value a correction can take back, in text order.

    A reading, an id, an amount, a period, a currency, a report's kind, a day of the month:
    a bare number of four or more digits is an id, a shorter one an amount.
    """
    out: list[tuple[str, str, int, int]] = []
    roles = number_roles(text)
    for role in roles:
        if role.kind == "reading":
            # its numbers only, not the words a reading may begin with ("血压记150 90")
            digit = re.search(r"\d", role.text)
            at = role.start + (digit.start() if digit else 0)
            out.append(("reading", "/".join(re.findall(r"\d+", role.text)), at, role.end))
        elif role.kind in ("id", "money", "number"):
            if _counts(text, role, roles):
                continue  # "it was 2 buses so make it 6.60": a count, not the sum
            digits = re.search(r"\d+(?:\.\d+)?", role.text)
            if digits is None:
                # an amount in Chinese numerals: "两百块，哦不对，是两百五十块"
                numeral = CN_NUMERAL.search(role.text) if role.kind == "money" else None
                if numeral is not None:
                    at = role.start + numeral.start()
                    value = str(cn_number(numeral.group()))
                    out.append(("amount", value, at, at + len(numeral.group())))
                continue
            big = role.kind == "id" or re.fullmatch(r"\d{4,}", role.text.strip()) is not None
            at = role.start + digits.start()
            out.append(("id" if big else "amount", digits.group(), at, at + len(digits.group())))
        elif role.kind == "period":
            out.append(("period", " ".join(role.text.lower().split()), role.start, role.end))
    for m in _CURRENCY_WORD.finditer(text):
        out.append(("currency", _CURRENCY_KEYS[m.group().lower()], m.start(), m.end()))
    for m in _REPORT_WORD.finditer(text):
        kind = "weekly" if m.group().lower() in ("weekly", "周报") else "monthly"
        out.append(("report", kind, m.start(), m.end()))
    for m in _DAY_WORD.finditer(text):
        out.append(("day", " ".join(m.group().lower().split()), m.start(), m.end()))
    days = [(m.start(), m.end()) for m in _DAY_WORD.finditer(text)]
    for m in _RELATIVE_DAY.finditer(text):
        if not any(s <= m.start() < e for s, e in days):  # "Wednesday the 11th" is one day
            out.append(("day", _day_said(m), m.start(), m.end()))
    return sorted(out, key=lambda v: v[2])


def _day_said(m: re.Match[str]) -> str:
    """A day as a correction compares it: a weekday by its number, however it is spelt.

    "for friday night, no wait it was thurs night. thursday" names one day after the
    correction, not two ("thurs" and "thursday"), so Friday is taken back.
    """
    if m.group("en_day") is None:
        return " ".join(m.group().lower().split())
    when = (m.group("en_when") or "").lower()
    return f"{'' if when == 'on' else when} weekday {_WEEKDAYS[m.group('en_day').lower()]}".strip()


_RELATIVE_DAY = re.compile(
    "|".join(
        rf"(?<!\w){re.escape(w)}(?!\w)" if w.isascii() else re.escape(w)
        for w in sorted((w for words, _ in _DAY_WORDS for w in words), key=len, reverse=True)
    )
    + f"|{_WEEKDAY.pattern}",
    re.I,
)
"""A day named from today (`_DAY_WORDS`, `_WEEKDAY`: "yesterday", "Friday", "前天",
"上周五"): a correction takes it back as it takes back a day of the month ("from yesterday,
no sorry, from Friday", "前天，哦不对，是昨天")."""


def _value_of(text: str) -> tuple[str, str] | None:
    """(kind, value) of a word that is one correctable value and nothing else, or None."""
    found = _correctable(text)
    if len(found) != 1:
        return None
    kind, value, start, end = found[0]
    head = text[:start].strip()
    bare = head == "" or (kind == "id" and _ID_PREFIX.fullmatch(head) is not None)  # "T-8"
    return (kind, value) if bare and text[end:].strip() == "" else None


_EITHER_AFTER = re.compile(r"\bor\b|或|还是", re.I)
"""The "or" of two values named after a correcting word, the first of them the value said
before it ("taxi of 22 euros... wait, I am not sure if was 22 or 27"): the user doubts which
it was, so neither is taken back and the request that names two is asked about. Not 还是
right after the correcting word, where it is "rather" (`_RATHER`): "出个周报……哎不对，还是出月
报嘛，周报看起没得意思"."""
_RATHER = re.compile(r"\s*还是")


def corrected(text: str) -> str:
    """The request with each value it takes back blanked out.

    "Log 130/85 for today — no wait, it was 132/85", "Cancel 10097. Sorry, I meant 10079",
    "Taxi 25 EUR yesterday. Sorry, not EUR, USD", "记 135/85，不对，应该是 153/85" and
    "cancel 10077 (the other one is 10078, keep that)" mean the last value, not both: every
    finder reads this text, so no slot takes the value corrected away, and a write never
    runs on it. A correction is read only when it is plain: a value of one kind before the
    correcting words and a single other value of that kind after them ("no wait, also
    10092" adds, it does not correct). Anything else is left as typed, and the request
    that names two values is asked about. Said aloud, a bare "no" between two values of one
    kind corrects too ("forty no fifty dollars", "135 over 90 no 89"). A value the request
    disowns (`_disowned`: "Not 51970. 51907.") or leaves out of "A or B" by naming the
    other again (`_either_chosen`) goes too, and so do the values a message narrows away
    ("…for the last 30 days and also for the last 7? Actually just the 7": `_narrowed`).
    Offsets are kept but for one case: a bare number correcting or narrowing to a period is
    written as days ("make that 14" reads "14 days", "the last 7" "the last 7 days").
    """
    gone: list[tuple[str, str]] = []
    spans: list[tuple[int, int]] = []
    days: list[tuple[int, int, str]] = []
    values = _correctable(text)
    narrowing = _narrowed(text, values)
    gone += narrowing.gone
    spans += narrowing.spans
    days += narrowing.days
    told: list[int] = []  # where a correction ended, so what follows may say why
    for m in _CORRECTION.finditer(text):
        if any(s <= m.start() < e for s, e in narrowing.marks):
            continue  # "Actually just the 7": the narrowing read it
        before = [v for v in values if v[3] <= m.start()]
        after = [v for v in values if v[2] >= m.end()]
        if before and before[-1][0] == "amount" and not any(v[0] == "id" for v in before):
            # a bare sum of four digits after an amount is the amount again, not an id:
            # "吃饭 1500块 不对不对 是1800"
            after = [("amount", *v[1:]) if v[0] == "id" and v[1].isdigit() else v for v in after]
        if before and before[-1][0] == "id" and _LATEST_MEANT.match(text, m.end()):
            gone.append(("id", before[-1][1]))  # "T-408 status, wait no I mean my newest one"
            spans.append(m.span())
            told.append(m.end())
            continue
        if not before or not after:
            continue
        if (period := _bare_period(text, before, after, m.end())) is not None:
            gone.append(("period", before[-1][1]))
            spans.append(m.span())
            told.append(m.end())
            days.append(period)
            continue
        for kind in dict.fromkeys(v[0] for v in after):
            olds = [v[1] for v in before if v[0] == kind]
            if not olds:
                continue
            new = [v for v in after if v[0] == kind and v[1] != olds[-1]]
            if not new and kind == "amount" and any(v[0] == "currency" for v in after):
                # "450 美元，不对，是 450 人民币": the amount said again with what it corrects
                restated = [v for v in before if v[0] == kind][-1]
                spans += [(restated[2], restated[3]), m.span()]
                continue
            if len({v[1] for v in new}) != 1 or _ALSO.search(text[m.end() : new[0][2]]):
                continue
            rather = _RATHER.match(text, m.end())
            if any(v[0] == kind and v[1] == olds[-1] for v in after) and _EITHER_AFTER.search(
                text, rather.end() if rather else m.end()
            ):
                continue  # "22 euros... wait, was it 22 or 27?": doubt, not a correction
            gone.append((kind, olds[-1]))
            spans.append(m.span())
            told.append(m.end())
    for m in _NOT_THIS_THAT.finditer(text):
        pairs = [(m[f"a{n}"], m[f"b{n}"]) for n in ("", "2", "3", "4", "5")]
        for a, b in pairs:
            old_v = _value_of(a) if a else None
            new_v = _value_of(b) if b else None
            if old_v and new_v and old_v[0] == new_v[0] and old_v[1] != new_v[1]:
                gone.append(old_v)
    for m in _NO_BETWEEN.finditer(text):
        said = next((v for v in values if v[3] == m.start()), None)
        ahead = [
            v
            for v in values
            if v[2] == m.end()
            or _ID_PREFIX.fullmatch(text[m.end() : v[2]])
            or _MONEY_SIGN.fullmatch(text[m.end() : v[2]])
        ]
        if said is not None and said[0] == "currency" and ahead and ahead[0][0] == "amount":
            # "taxi 30 dollars no 35 dollars": the amount before its currency word was said
            # (not "20 euros no dollars", the currency corrected)
            said = next(
                (v for v in values if v[0] == "amount" and not text[v[3] : said[2]].strip()),
                said,
            )
        # "$31 no $13": the sign is a currency too, and the amount after it is the one meant
        meant = next((v for v in ahead if said and v[0] == said[0]), ahead[0] if ahead else None)
        if said is None or meant is None or said[1] == meant[1]:
            continue
        if said[0] == meant[0]:
            gone.append((said[0], said[1]))
            spans.append(m.span())
            told.append(m.end())  # "uber $31 no $13, i read it wrong lol"
        elif said[0] == "reading" and meant[0] == "amount" and re.fullmatch(r"\d{2,3}", meant[1]):
            # "135 over 90 no 89": the reading's second number taken back
            low = re.search(r"\d{2,3}$", text[said[2] : said[3]])
            if low is not None:
                spans.append((said[2] + low.start(), m.end()))
        elif said[0] == "period" and meant[0] == "amount":
            # "…in the last… hmm, 7 days? No, 14 is better": the number of days said again
            before = [v for v in values if v[3] <= said[3]]
            period = _bare_period(text, before, [v for v in values if v[2] >= m.end()], m.end())
            if period is not None:
                gone.append(("period", said[1]))
                spans.append(m.span())
                days.append(period)
    periods = [v for v in values if v[0] == "period"]
    for v in periods:
        if len({p[1] for p in periods}) == 2 and _NOT_BEFORE.search(text[: v[2]]):
            gone.append((v[0], v[1]))  # "14 days, not for 30 days"
    gone += _disowned(text, values)
    gone += _either_chosen(text)
    gone += _latest_instead(text, values)
    for m in _CONFIRMED.finditer(text):
        doubted = [v for v in values if v[0] == "amount" and v[3] <= m.start() and v[1] != m["v"]]
        if doubted:
            gone.append(doubted[-1][:2])  # "晚饭65块……还是56喃，哦对，56": not the 65
    gone += _asked_between(text, values)
    keeps = list(_KEEP.finditer(text))
    kept = {m["id"] or m["id2"] or m["id3"] or m["id4"] for m in keeps}
    if {v[1] for v in values if v[0] == "id"} - kept:
        gone += [("id", kept_id) for kept_id in kept]
        spans += [m.span() for m in keeps]  # "10078不要取消" refuses no change asked for
    if told:
        spans += [m.span() for m in _MISTAKE_TOLD.finditer(text, min(told))]
    if not gone and not spans:
        return text
    spans += [(v[2], v[3]) for v in values if (v[0], v[1]) in gone]
    for v in values:
        # the "not" between the value meant and the one taken back: "it was 37 not 31"
        if (v[0], v[1]) in gone and (lead := _NOT_AFTER_VALUE.search(text, 0, v[2])) is not None:
            spans.append(lead.span("not"))
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    for start, end, written in sorted(days, reverse=True):
        chars[start:end] = list(written)
    return "".join(chars)


_NOT_AFTER_VALUE = re.compile(r"\d(?:\s*[A-Za-z€$]{1,5})?\s+(?P<not>not)\s+$", re.I)
"""A "not" right after a value and before the value it disowns ("37 not 31")."""


_MISTAKE_TOLD = re.compile(
    r"(?<=[,，.。!！]\s)(?:"
    # (whatever the thing misread is, however spelt: "I read the reciept wrong"; and Shetland
    # "I read hit backwirds")
    r"(?:(?:i|mi)(?:'m|'ve)?\s+)?(?:read|typed?|put|wrote|misread)\s+(?:it\s+|that\s+|dat\s+|hit\s+|"
    r"the\s+[a-z]+\s+)?(?:wrong(?:ly)?|in\s+wrong|backwards?|backwirds)\b|"
    # eyes to blame: "meal 18 euro, no wait it was 28, me eyes is gone"
    r"(?:me|my)\s+eyes?\s+(?:is|are)\s+(?:gone|going|bad|shot|tired)\b|"
    r"(?:i|mi)\s+tipped\b|"
    # "Meal 22 EUR, no hang on, 22.50, forgot I left a tip"
    r"(?:i\s+)?forgot\s+(?:i\s+left\s+|to\s+add\s+|about\s+)?(?:a|the)\s+tip\b|"
    # "…, no sorry 16.50, I was reading the wrong slip"
    r"i\s+(?:was\s+)?(?:reading|looking\s+at|read|looked\s+at)\s+the\s+wrong\s+"
    r"(?:slip|receipt|bill|line|one|number)\b|"
    # (and when: "Dinner 34 USD, no sorry 43, I mix the numbers after night shift")
    r"i\s+mix(?:ed)?(?:\s+up)?\s+the\s+numbers(?:\s+sorry)?"
    r"(?:\s+after\s+(?:the\s+|my\s+|me\s+)?[a-z]+(?:\s+[a-z]+)?)?\b|"
    r"(?:my\s+)?typo(?:\s+(?:sia|lah|leh|sorry))?\b)|"
    # (after a space too, and 俺: "夜宵 52 不对 是25块 俺看错了"; measured wrong, 量错; northern
    # 看岔劈了)
    r"(?<=[,，.。!！\s])(?:我|阮|俺)?(?:老花镜没戴|数字)?(?:看|打|写|输|读|量)(?:错|反|岔劈|岔)(?:字)?"
    r"(?:了|哒|咯|啦)?"
    r"(?=[。.!！，,]|\s*$)",
    re.I,
)
"""How the value a correction took back went wrong, said after it ("BP 139/90 today, sorry no
139/89, I read wrong", "…，是146/92，看错了"): blanked with the correction, so an entry line
stays one. Alone ("BP 139/90 today, I read wrong", no value corrected) it stays, and asks."""
_DISOWNED_LEAD = re.compile(
    r"(?:\bnot(?:\s+the)?|(?<![哦啊呃噢])不是|并非|"
    # a value the write must not take: "Don't log the 150/100 from earlier, … log 128/82"
    r"\b(?:don'?t|do\s+not)\s+(?:log|record|save|file|enter|use|put)\s+(?:the\s+|that\s+)?|"
    r"\byou\s+(?:keep\s+|kept\s+)?(?:giv|show|send|gave|sent|check|look)\w*\s+(?:me\s+)?(?:up\s+)?"
    r"(?:the\s+)?(?:status\s+(?:of|for)\s+)?)\s*"
    r"(?:(?:order|ticket|job|period)\s+|#|订单|工单|任务)?\s*(?:[A-Za-z]{1,2}-)?$",
    re.I,
)
"""What disowns the value right after it: "Not 51970. 51907.", "NOT T-14. T-41.", "是订单
80215，不是80251", "You keep giving me J-20. It's J-202.", "Not the 30-day one". Not 哦不是 (oh
no, it's), which gives the value after it: "打车钱45 哦不是 54块"."""


_DISOWNED_TRAIL = re.compile(
    r"\s*(?:先)?(?:不用|别|甭|不要|无需)(?:管|理|动)(?:它|他|了)?(?![\u4e00-\u9fff])"
)
"""What disowns the value right before it, as a clause of its own: "第一张单 55201 唔使理（不用
理），帮我取消第三张 55244"."""


EITHER_IDS = re.compile(
    r"(?<![A-Za-z0-9])(?P<a>[A-Za-z]-\d+|\d{4,})\s*[,，]?\s*(?:or|还是|或者|或是|或)\s*"
    r"(?:是\s*|(?:maybe|perhaps|possibly)\s+|可能是?\s*)?"
    r"(?P<b>[A-Za-z]-\d+|\d{4,})(?!\d)",
    re.I,
)
"""Two ids offered as one, the user unsure which ("T-5 or T-15", "T-19 or maybe T-91",
"是T-8还是T-18")."""


def named_again(text: str, m: re.Match[str]) -> list[str]:
    """The ids of an `EITHER_IDS` match that the request names again outside it."""
    rest = text[: m.start()] + " " + text[m.end() :]
    return [x for x in (m["a"], m["b"]) if re.search(rf"(?<![\w-]){re.escape(x)}(?!\d)", rest)]


_CONFIRMED = re.compile(
    r"(?:还是|\bor\s+was\s+it)\s*(?P<v>\d+(?:\.\d+)?)[^，,。.?？\d]{0,3}[，,。.…?？\s]*"
    r"(?:(?:哦|噢|啊)?对了?|yes|yeah|yep)[，,\s]*(?P=v)(?!\d)",
    re.I,
)
"""An amount doubted, then the other one confirmed ("晚饭65块……还是56喃，哦对，56", "65 USD…
or was it 56? yes, 56"): the first is taken back."""
_LATEST_INSTEAD = re.compile(
    r"\b(?:just|only)\s+(?:show|check|give|get|pull\s+up)\s+(?:me\s+)?(?:the|my)\s+"
    r"(?:latest|newest|most\s+recent)\b|(?:直接|就)[^，。,.？?]{0,6}?最新",
    re.I,
)


def _latest_instead(text: str, values: list[tuple[str, str, int, int]]) -> list[tuple[str, str]]:
    """Every id named, when the user is unsure which and asks for the latest instead.

    "Is T-90 sorted? Or was it T-91... ag, just show me the latest one", "上次那张工单系T-117
    定系T-171？我记唔清了，直接帮我查最新那张就得": neither id is meant; the latest is.
    """
    ids = [v for v in values if v[0] == "id"]
    if len({v[1] for v in ids}) < 2 or not _LATEST_INSTEAD.search(text, ids[-1][3]):
        return []
    return [(v[0], v[1]) for v in ids]


def _either_chosen(text: str) -> list[tuple[str, str]]:
    """The id left out when one of "A or B" is named again alone ("T-9 or T-19, … check T-19")."""
    out: list[tuple[str, str]] = []
    for m in EITHER_IDS.finditer(text):
        named = named_again(text, m)
        if len(named) == 1:
            other = m["b"] if named[0] == m["a"] else m["a"]
            out.append(("id", re.sub(r"^[A-Za-z]-", "", other)))
    return out


_ASKED_BETWEEN = re.compile(
    r"\s*(?:[.…,，]+\s*)?(?:or|还是|或者)\s*(?:(?:maybe|perhaps)\s+)?|"
    # a few words of what is weighed before the second: "最近7天的报销总额还是14天的"
    r"[^.!?。！？\d\n]{1,10}?(?:还是|或者)\s*",
    re.I,
)
"""Between two values of one kind the user wonders about ("54 or 45?", "7 天……还是 30 天？")."""
_ASKED = re.compile(
    # (with what is weighed or a tag after the second: "7 days or 30 days though?",
    # "7天还是30天的血压趋势呢……")
    r"[^.!?。！？\d\n,，]{0,12}?[?？呢]"
)


def _asked_between(text: str, values: list[tuple[str, str, int, int]]) -> list[tuple[str, str]]:
    """The value left out when the user asks "A or B?" aloud and then says one of them again.

    "dinner, 54 USD. Hmm was it 54 or 45? Receipt says 45. Okay, 45." and "7 天……还是 30 天？
    嗯，还是 30 天吧" settle on the one said after the question; only what follows the question
    counts, since the value said before it is the one being doubted.
    """

    def said(v: tuple[str, str, int, int]) -> str:
        if v[0] != "period":
            return v[1]
        found = find_period(v[1])  # "the last two weeks" is "14 days"
        return str(found.value) if found is not None else _days(v[1])

    def again_said(v: tuple[str, str, int, int], kind: str) -> bool:
        # a bare number picks a window: "7 days or 30 days though? Let's go 7."
        return v[0] == kind or (
            kind == "period" and v[0] == "amount" and _BARE_END.match(text, v[3]) is not None
        )

    out: list[tuple[str, str]] = []
    for a, b in itertools.pairwise(values):
        if a[0] != b[0] or a[0] not in ("amount", "period") or said(a) == said(b):
            continue
        if not _ASKED_BETWEEN.fullmatch(text, a[3], b[2]):
            continue
        asked = _ASKED.match(text, b[3])
        if asked is None:
            continue
        again = {said(v) for v in values if v[2] >= asked.end() and again_said(v, a[0])}
        if len(again & {said(a), said(b)}) == 1:
            out.append(a[:2] if said(b) in again else b[:2])
    return out


_BARE_END = re.compile(r"\s*(?:days?|天)?\s*(?:[.,;!?。，；！？]|$)", re.I)
"""A number with nothing after it ("…, not 30."), unlike "不是 7 块", which is money."""


def _days(value: str) -> str:
    """A period's number of days as said ("last 7 days" and "7 day" are one period)."""
    return "".join(re.findall(r"\d+", value)) or value


def _disowned(text: str, values: list[tuple[str, str, int, int]]) -> list[tuple[str, str]]:
    """The values the request disowns beside another value of their kind it gives.

    A user who says what it is not ("not 51970", "不是30天", "you keep giving me J-20")
    beside the value meant, in any order, means the other one: the disowned value fills no
    slot. Only when the other value is of the same kind, not itself disowned; a bare number
    disowned beside a period and no amount ("the last 14 days, not 30") is the period's.
    """

    def said(v: tuple[str, str, int, int]) -> str:
        return _days(v[1]) if v[0] == "period" else v[1]

    def disowned(v: tuple[str, str, int, int]) -> bool:
        return (
            _DISOWNED_LEAD.search(text[max(0, v[2] - 48) : v[2]]) is not None
            or _DISOWNED_TRAIL.match(text, v[3]) is not None
        )

    out: list[tuple[str, str]] = []
    gone: set[tuple[str, str]] = set()
    for v in values:
        if not disowned(v):
            continue
        kind = v[0]
        if kind == "amount" and not any(w[0] == "amount" for w in values if w is not v):
            if (
                any(w[0] == "period" and not disowned(w) for w in values)
                and not any(w[0] == "currency" for w in values)
                and _BARE_END.match(text, v[3])
            ):
                out.append(v[:2])  # "the last 14 days, not 30": 30 days taken back
                gone.add(("period", _days(v[1])))
            continue
        if any(w[0] == kind and said(w) != said(v) and not disowned(w) for w in values):
            out.append(v[:2])
            gone.add((kind, said(v)))
    # the same value said before it was disowned: "最近30天报销总额……不是30，是14天"
    for w in values:
        if (
            (w[0], said(w)) in gone
            and w[:2] not in out
            and not disowned(w)
            and any(x[0] == w[0] and (x[0], said(x)) not in gone for x in values)
        ):
            out.append(w[:2])
    return out


_DAYS_AFTER = re.compile(r"\s*(?:days?\b|天)", re.I)


_SENTENCE_END = re.compile(r"[.?!。？！]|$")
_PICKED = re.compile(
    r"\b(?:only|just)\s+(?:care\s+about|want|need|mean|meant)\s+the\s+"
    r"(?P<o>first|second|last|latter|former)\s+one\b|"
    r"\b(?:only|just)\s+the\s+(?P<o2>first|second|latter|former)(?:\s+one)?\b|"
    r"只要?(?P<o3>第一个|第二个|后面那个|前面那个|后一个|前一个)",
    re.I,
)
"""One of two values named, picked by its place: "one is J-14 and the other is J-15 and I
only care about the second one", "Record 132/85 and 128/80. No, only the second one"."""


class _Narrowing(NamedTuple):
    """What a narrowing takes back, in the terms `corrected` rewrites the text with."""

    gone: list[tuple[str, str]]
    """The (kind, value) pairs taken back."""
    spans: list[tuple[int, int]]
    """The spans blanked: the kept value said again and the narrowing words."""
    marks: list[tuple[int, int]]
    """The narrowing's own spans, which no correction reads again."""
    days: list[tuple[int, int, str]]
    """Periods said without their unit, written as days."""


def _narrowed(text: str, values: list[tuple[str, str, int, int]]) -> _Narrowing:
    """What a message narrowed to one value takes back: values, spans, marks and days.

    "What's my total for the last 30 days and also for the last 7? Actually just the 7"
    and "weekly and monthly… the monthly is enough" name several values of one kind,
    then keep one (`NARROWING`, `_ENOUGH`): the others are taken back. The value kept is
    matched by its digits ("the 7" is the period "last 7"); said again, its second mention
    goes with the narrowing words, so one value of its kind is left, and a period said
    without its unit ("the last 7") is written as days, as `_bare_period` does. Only when
    two or more different values of that kind came before and the narrowing names one.
    One of two picked by its place ("…J-14 and … J-15 and I only care about the second
    one", `_PICKED`) keeps that one, when only one kind was named more than once.
    """
    gone: list[tuple[str, str]] = []
    spans: list[tuple[int, int]] = []
    marks: list[tuple[int, int]] = []
    days: list[tuple[int, int, str]] = []
    found = [(m.start(), m.end(), m.end()) for m in NARROWING.finditer(text)]
    found += [(m.start(), m.end(), m.start()) for m in _ENOUGH.finditer(text) if m.group().strip()]
    for start, end, inside_from in found:
        stop = _SENTENCE_END.search(text, end)
        clause_end = stop.start() if stop is not None else len(text)
        inside = [v for v in values if inside_from <= v[2] and v[3] <= max(clause_end, end)]
        before = [v for v in values if v[3] <= min(start, inside_from)]
        for kept in inside:
            digits = re.sub(r"\D", "", kept[1])
            same = [
                v for v in before if v[0] == kept[0] or (kept[0] == "amount" and v[0] == "period")
            ]
            if len({v[1] for v in same}) < 2:
                continue
            meant = [
                v for v in same if v[1] == kept[1] or (digits and re.sub(r"\D", "", v[1]) == digits)
            ]
            if len({v[1] for v in meant}) != 1:
                continue
            gone += [(v[0], v[1]) for v in same if v[1] != meant[0][1]]
            spans += [(kept[2], kept[3]), (start, end) if inside_from == end else (start, start)]
            said = meant[-1]
            periods = said[0] == "period" or any(v[0] == "period" for v in same)
            if periods and re.search(r"\d$", said[1]):  # "the last 7": its days
                cjk = _CJK_TEXT.search(text) is not None
                days.append(
                    (said[2], said[3], text[said[2] : said[3]] + ("天" if cjk else " days"))
                )
            marks.append((start, max(clause_end, end)))
            break
    for m in _PICKED.finditer(text):
        prior = [v for v in values if v[3] <= m.start()]
        kinds = {v[0] for v in prior if len({w[1] for w in prior if w[0] == v[0]}) >= 2}
        if len(kinds) != 1:
            continue  # which of which: "order 10091 or 10092 and 7 or 14 days… the second"
        named = list(dict.fromkeys(v[1] for v in prior if v[0] in kinds))
        place = (m["o"] or m["o2"] or m["o3"]).lower()
        first = place in ("first", "former", "第一个", "前面那个", "前一个")
        picked = named[0] if first else named[-1]
        if place in ("second", "第二个") and len(named) != 2:
            continue
        gone += [(v[0], v[1]) for v in prior if v[0] in kinds and v[1] != picked]
        marks.append(m.span())
    return _Narrowing(gone, spans, marks, days)


def _bare_period(
    text: str,
    before: list[tuple[str, str, int, int]],
    after: list[tuple[str, str, int, int]],
    at: int,
) -> tuple[int, int, str] | None:
    """(start, end, the number as days) of a bare number correcting a period, or None.

    "the last 7 days, actually make that 14" and "最近7天，不对，14" correct the number of
    days with the number alone: it is read as "14 days", not as an amount beside the
    period. Only when a period is the last value said, no amount was said at all, and the
    correction gives one bare number and nothing else of its kind but the number it takes
    back, named again in why ("no, make it 14, 30 is too noisy").
    """
    if before[-1][0] != "period" or not re.search(r"\d", before[-1][1]):
        return None
    old = _days(before[-1][1])
    after = [*after[:1], *(v for v in after[1:] if v[0] != "amount" or v[1] != old)]
    if any(v[0] == "amount" for v in before) or len(after) != 1 or after[0][0] != "amount":
        return None
    _, number, start, end = after[0]
    if text[at:start].strip() or _DAYS_AFTER.match(text, end):
        return None
    cjk = _CJK_TEXT.search(before[-1][1]) is not None
    return start, end, f"{number}{'天' if cjk else ' days'}"

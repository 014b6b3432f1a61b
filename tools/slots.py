"""Deterministic slot helpers shared by domains: relative dates and periods, Chinese and English.

These live in code because a model re-guessing `14d` versus `30d` on every turn is one of the
root causes of tool loops: the value is computed once, validated, and handed to the model.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

_CN_DIGITS = {
    "零": 0,
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
}
_UNIT_DAYS = {
    "天": 1,
    "日": 1,
    "周": 7,
    "星期": 7,
    "礼拜": 7,
    "个月": 30,
    "月": 30,
    "day": 1,
    "week": 7,
    "fortnight": 14,
    "month": 30,
}

_CN_PERIOD = re.compile(
    r"(?:最近|近|过去|这)\s*([0-9]+|[零一二两三四五六七八九十]+)?\s*(天|日|周|星期|礼拜|个月|月)"
)
_EN_PERIOD = re.compile(
    r"\b(?:last|past|previous|recent)\s+(\d+|one|a|an|two|three|four|five|six|seven|eight|nine|ten)?"
    r"\s*(day|week|fortnight|month)s?\b",
    re.IGNORECASE,
)


def cn_number(text: str) -> int:
    """Parse a small Chinese or Arabic numeral ('两' -> 2, '十四' -> 14, '14' -> 14)."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_CN_DIGITS.get(tens, 1) if tens else 1) * 10 + (_CN_DIGITS.get(ones, 0))
    return _CN_DIGITS.get(text, 0)


def parse_period_days(text: str) -> int | None:
    """Length in days of a relative period named in the text, or None when there is none.

    Examples: "最近两周" -> 14, "近30天" -> 30, "last two weeks" -> 14, "past month" -> 30.
    """
    m = _CN_PERIOD.search(text)
    if m:
        count = cn_number(m.group(1)) if m.group(1) else 1
        return count * _UNIT_DAYS[m.group(2)]
    m = _EN_PERIOD.search(text)
    if m:
        word = (m.group(1) or "one").lower()
        count = int(word) if word.isdigit() else _EN_NUMBERS[word]
        return count * _UNIT_DAYS[m.group(2).lower()]
    return None


def parse_relative_date(text: str, today: date) -> date | None:
    """The calendar date a request refers to ('今天', 'yesterday', an ISO date), or None."""
    iso = re.search(r"\b(\d{4}-\d{2}-\d{2})\b", text)
    if iso:
        return date.fromisoformat(iso.group(1))
    lowered = text.lower()
    if "前天" in text or "day before yesterday" in lowered:
        return today - timedelta(days=2)
    if "昨天" in text or "yesterday" in lowered:
        return today - timedelta(days=1)
    if "今天" in text or "今日" in text or "today" in lowered:
        return today
    return None


def contains_any(text: str, words: tuple[str, ...]) -> bool:
    """Case-insensitive containment test for keyword rules."""
    lowered = text.lower()
    return any(w in lowered for w in words)

"""Privacy: what a tool's result may carry into the model's context, the checkpoints and the trace.

Whatever a tool returns is minimised and masked here, once, before anything else sees it:
the executor applies `protect_data` and `mask_text` to every envelope, so the ToolMessage,
the state (evidence, fingerprints), the checkpoint blobs, the ledger's receipt and the trace
all hold the same masked copy. Two layers, because either alone leaks:

- **by field**: a tool declares a `ResultPolicy` (the fields the model needs, and which of
  them are sensitive), and field names that say what they hold (`phone`, `email`,
  `id_number`, `card_number`, ...) are masked whatever the value looks like;
- **by pattern**: every string anywhere in the result is scanned for phone numbers, e-mail
  addresses, national ID numbers and card numbers (Luhn-checked), so a raw value inside free
  text (a message, a note) is caught too.

Code that really needs a raw value never gets it through the model: a tool hands out an
opaque reference (`contact_ref`), and the tool that needs the raw value (a notification
sender) resolves it in the backend, scoped to the caller.

This module imports nothing from the project, so the contract can declare policies with it.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

PiiKind = Literal["phone", "email", "id_number", "card", "secret"]
"""What a sensitive value is; each kind has its own mask."""

WITHHELD_KEY = "_withheld"
"""Data key listing the fields a policy dropped (names only, never values)."""

MASK = "*"
KEEP_DIGITS = 4


@dataclass(frozen=True, kw_only=True)
class ResultPolicy:
    """Which parts of a tool's result the model may see.

    Attributes:
        fields: Top-level data keys to keep (minimisation); None keeps every key. Dropped
            keys are listed by name under `_withheld`, so a model knows they exist but not
            what they hold.
        sensitive: Data keys whose values are masked as the given kind, whatever their
            format (a national insurance number no pattern would recognise).
    """

    fields: frozenset[str] | None = None
    sensitive: Mapping[str, PiiKind] = field(default_factory=dict)


_KEY_KINDS: tuple[tuple[re.Pattern[str], PiiKind], ...] = (
    (re.compile(r"(^|_)(phone|mobile|tel|telephone|msisdn)(_|$)", re.I), "phone"),
    (re.compile(r"(^|_)(e_?mail|mail_address)(_|$)", re.I), "email"),
    (
        re.compile(
            r"(^|_)(id_?number|id_?no|id_?card|national_?id|ssn|passport(_no|_number)?)(_|$)",
            re.I,
        ),
        "id_number",
    ),
    (re.compile(r"(^|_)(card_?number|card_?no|pan|iban|account_?number)(_|$)", re.I), "card"),
    (re.compile(r"(^|_)(password|secret|api_?key|token)(_|$)", re.I), "secret"),
)
"""Field names that say what they hold; their values are masked whatever they look like."""

# Boundaries are "not an ASCII letter or digit", never `\b` or `\w`: in Python those count
# every CJK character as a word character, so "电话13700001111" had no boundary at all. The
# patterns run with re.ASCII on an NFKC-normalised copy of the text (full-width digits and
# "＠" become ASCII); the matched spans are masked in the original.
_START = r"(?<![A-Za-z0-9])"
_END = r"(?![A-Za-z0-9])"
# Digits after a decimal point are a fraction, not an identifier: "0.3898819876281645".
_NOT_FRACTION_START = r"(?<![0-9]\.)"
_NOT_FRACTION_END = r"(?!\.[0-9])"
_NUMBER_START = _START + _NOT_FRACTION_START
_NUMBER_END = _END + _NOT_FRACTION_END


def _pattern(body: str) -> re.Pattern[str]:
    return re.compile(body, re.ASCII)


_EMAIL = _pattern(
    r"(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-]{1,64})@"
    r"((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,24})(?![A-Za-z0-9-])"
)
_CN_ID = _pattern(_NUMBER_START + r"\d{17}[\dXx]" + _NUMBER_END)
_LONG_DIGITS = _pattern(_NUMBER_START + r"\d{15,}" + _NUMBER_END)
# Unbroken, or grouped as printed on cards with one separator throughout: 4-4-4-4(-3) and
# 4-6-4/5. Looser grouping read two ordinary numbers ("10086 12345678") as one card.
_CARD = _pattern(
    _NUMBER_START
    + r"(?:\d{13,19}|\d{4}([ .-])\d{4}\1\d{4}\1\d{4}(?:\1\d{3})?|\d{4}([ .-])\d{6}\2\d{4,5})"
    + _NUMBER_END
)
# The same separator twice: "123-45-6789", "123 45 6789", "123.45.6789".
_SSN = _pattern(r"(?<![A-Za-z0-9-])\d{3}([ .-])\d{2}\1\d{4}" + _NUMBER_END)
_CN_MOBILE = _pattern(
    r"(?<![A-Za-z0-9+])" + _NOT_FRACTION_START + r"(?:\+?86[ -]?)?"
    r"1[3-9]\d(?:(?:[ -]?\d{4}){2}|\.\d{4}\.\d{4})" + _NUMBER_END
)
_INTL_PHONE = _pattern(r"(?<![A-Za-z0-9+])\+\d[\d ().-]{6,20}\d" + _END)
_NANP = _pattern(r"(?<![A-Za-z0-9(])\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}" + _END)
_CN_LANDLINE = _pattern(_START + r"0\d{2,3}-\d{7,8}" + _END)
_AT_SIGNS = ("@", "\uff20", "\ufe6b")
"""'@' and the forms NFKC turns into it (full-width, small)."""


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def _mask_digits(text: str, keep: int = KEEP_DIGITS) -> str:
    """Every digit but the last `keep` becomes '*'; separators stay, so the shape is readable."""
    total = sum(ch.isdigit() for ch in text)
    seen = 0
    out: list[str] = []
    for ch in text:
        if ch.isdigit():
            seen += 1
            out.append(ch if seen > total - keep else MASK)
        else:
            out.append(ch)
    return "".join(out)


def mask_phone(raw: str) -> str:
    """'13812345678' -> '138****5678'; other formats keep only their last four digits."""
    digits = _digits(raw)
    if len(digits) == 11 and raw.strip().isdigit() and digits.startswith("1"):
        return digits[:3] + MASK * 4 + digits[-4:]
    if len(digits) < 7:
        return MASK * max(len(raw), 3)
    return _mask_digits(raw)


def mask_email(raw: str) -> str:
    """'li.wei@example.com' -> 'l***@example.com': the domain stays, the person does not."""
    local, sep, domain = raw.partition("@")
    if not sep:
        return _mask_other(raw)
    return f"{local[:1]}{MASK * 3}@{domain}"


def mask_id(raw: str) -> str:
    """National ID or passport numbers: only the last four characters stay."""
    text = str(raw)
    if len(text) <= KEEP_DIGITS:
        return MASK * len(text)
    return MASK * (len(text) - KEEP_DIGITS) + text[-KEEP_DIGITS:]


def mask_card(raw: str) -> str:
    """Card and account numbers: only the last four digits stay."""
    return _mask_digits(raw) if len(_digits(raw)) > KEEP_DIGITS else MASK * len(raw)


def _mask_other(raw: str) -> str:
    return MASK * 8


MASKERS: dict[PiiKind, Callable[[str], str]] = {
    "phone": mask_phone,
    "email": mask_email,
    "id_number": mask_id,
    "card": mask_card,
    "secret": _mask_other,
}


def _sub_card(m: re.Match[str]) -> str:
    digits = _digits(m.group(0))
    if 13 <= len(digits) <= 19 and _luhn(digits):
        return mask_card(m.group(0))
    return m.group(0)


def _sub_phone(m: re.Match[str]) -> str:
    n = len(_digits(m.group(0)))
    return mask_phone(m.group(0)) if 7 <= n <= 15 else m.group(0)


_PASSES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (_EMAIL, lambda m: mask_email(m.group(0))),
    (_CN_ID, lambda m: mask_id(m.group(0))),
    (_CARD, _sub_card),
    (_LONG_DIGITS, lambda m: mask_id(m.group(0))),
    (_SSN, lambda m: mask_id(m.group(0))),
    (_CN_MOBILE, lambda m: mask_phone(m.group(0))),
    (_INTL_PHONE, _sub_phone),
    (_NANP, lambda m: mask_phone(m.group(0))),
    (_CN_LANDLINE, lambda m: mask_phone(m.group(0))),
)


@functools.lru_cache(maxsize=8192)
def _nfkc(ch: str) -> str:
    return unicodedata.normalize("NFKC", ch)


def _normalized(text: str) -> tuple[str, list[int] | None]:
    """An NFKC copy of `text` for matching, and where each of its characters came from.

    Character by character, so every matched span maps back onto the original: the copy's
    character i came from the original's character `origin[i]`. None when the positions
    are the same: no character changed length (full-width forms and CJK punctuation map to
    one character each, so that is the common case).
    """
    if text.isascii() or unicodedata.is_normalized("NFKC", text):
        return text, None
    parts = [_nfkc(ch) for ch in text]
    norm = "".join(parts)
    if len(norm) == len(text):  # no character normalises to nothing: all of length one
        return norm, None
    origin = [i for i, part in enumerate(parts) for _ in part]
    return norm, origin


def _spans(
    pattern: re.Pattern[str],
    replace: Callable[[re.Match[str]], str],
    text: str,
    normalized: tuple[str, list[int] | None],
) -> list[tuple[int, int, str]]:
    """(start, end, masked) in `text` for every match of `pattern` that `replace` changes.

    `normalized` is `_normalized(text)`, made once for all the passes that change nothing.
    """
    norm, origin = normalized
    found: list[tuple[int, int, str]] = []
    last = 0
    for m in pattern.finditer(norm):
        masked = replace(m)
        if masked == m.group(0):
            continue
        start, end = m.span()
        if origin is not None:
            start, end = origin[start], origin[end - 1] + 1
        if start < last:  # two matches inside one expanded character: keep the first
            continue
        found.append((start, end, masked))
        last = end
    return found


def _may_hold_pii(text: str) -> bool:
    return any(at in text for at in _AT_SIGNS) or any(ch.isdigit() for ch in text)


def mask_text(text: str) -> str:
    """Mask every phone number, e-mail address, ID number and card number found in `text`.

    Mixed-script text is matched on its NFKC form, so "１３７００００１１１１" and
    "a.b＠example.cn" are found, and CJK characters next to a value are a boundary, not
    part of a word. A masked value is written in its normalised (ASCII) form. Cheap when
    there is nothing to mask: a string without an at sign or a digit is returned as it is.
    """
    if not _may_hold_pii(text):
        return text
    normalized = _normalized(text)
    for pattern, replace in _PASSES:
        spans = _spans(pattern, replace, text, normalized)
        if not spans:
            continue
        pieces: list[str] = []
        last = 0
        for start, end, masked in spans:
            pieces += [text[last:start], masked]
            last = end
        pieces.append(text[last:])
        text = "".join(pieces)
        normalized = _normalized(text)
    return text


def key_kind(key: str) -> PiiKind | None:
    """The kind a field name announces (`phone`, `customer_email`, ...), if any."""
    for pattern, kind in _KEY_KINDS:
        if pattern.search(key):
            return kind
    return None


def _mask_as(kind: PiiKind, value: Any) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str | int | float):
        return MASKERS[kind](str(value))
    if isinstance(value, Mapping):
        return {str(k): _mask_as(kind, v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_mask_as(kind, v) for v in value]
    return MASKERS[kind](str(value))


def mask_value(value: Any, sensitive: Mapping[str, PiiKind] | None = None) -> Any:
    """Mask a JSON-like value: by field name and declared kind first, then by pattern."""
    if isinstance(value, str):
        return mask_text(value)
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for k, v in value.items():
            key = str(k)
            kind = (sensitive or {}).get(key) or key_kind(key)
            out[key] = _mask_as(kind, v) if kind is not None else mask_value(v, sensitive)
        return out
    if isinstance(value, list | tuple):
        return [mask_value(v, sensitive) for v in value]
    return value


def protect_data(data: Mapping[str, Any], policy: ResultPolicy | None) -> dict[str, Any]:
    """Minimise a result's data to the policy's fields, then mask what is left."""
    kept: dict[str, Any] = dict(data)
    if policy is not None and policy.fields is not None:
        withheld = sorted(k for k in kept if k not in policy.fields and k != WITHHELD_KEY)
        kept = {k: v for k, v in kept.items() if k in policy.fields}
        if withheld:
            kept[WITHHELD_KEY] = withheld
    masked = mask_value(kept, policy.sensitive if policy is not None else None)
    return masked if isinstance(masked, dict) else {}


def find_pii(text: str) -> list[str]:
    """The raw values `mask_text` would mask: for audits and tests of stored data."""
    if not _may_hold_pii(text):
        return []
    normalized = _normalized(text)
    return [
        text[start:end]
        for pattern, replace in _PASSES
        for start, end, _ in _spans(pattern, replace, text, normalized)
    ]


def opaque_ref(prefix: str, *parts: str) -> str:
    """A stable, meaningless handle for a backend record: `ct_3f9a...`.

    The backend stores it beside the raw value and resolves it for the caller it belongs
    to; the handle itself reveals nothing and is safe in prompts, checkpoints and traces.
    """
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]
    return f"{prefix}_{digest}"

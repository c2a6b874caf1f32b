"""Squad codes: a squad as a short text to copy, paste or put in a link.

    RS1-<body>

"RS" marks a Ruinstars squad code and "1" is the format version. The body is URL-safe base64 (A-Z a-z 0-9 - _,
no padding) of:

    varint  n        length of the compressed payload
    n bytes payload  raw DEFLATE (with a fixed preset dictionary) of compact JSON:
                     [squad_type, squad_name, [[unit_type, unit_name, [gear id, ...]], ...]]
    4 bytes CRC32    big-endian, over b"RS1" + varint + payload

Ids are written out (not as indices into the catalog), so a code stays readable by later versions of the data as
long as the ids exist; the preset dictionary holds the common id prefixes so they cost almost nothing.
decode() raises SquadCodeError, and nothing else, for any text that is not a valid code.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from game.rules.model import Catalog, SquadSpec, UnitSpec

PREFIX = "RS"
VERSION = 1
MAX_PAYLOAD = 16_384  # bytes after inflating; a full squad is well under 2 KB
MAX_CODE_LENGTH = 8_192

# Preset DEFLATE dictionary for version 1. Never change it: old codes depend on it byte for byte.
_ZDICT_V1 = (
    '"],[["INT-STRP","","INT-ATRP","PRX-","SCH-","EIR-","REL-","SWARM-","DRN-","HK-","OCL-","CWB-","DES-","KF-",'
    '"FM-","LDR2","LDR3","STD-TECH","BOSS","-LDR","-DBD","-CTR","-F","-CK","-RB","-SWF","-JP","-VGF","-IR",'
    '"-PAIN","-EXE","-MH","-AB","-THP","-BS"]]'
).encode("ascii")

_B64_CHARS = re.compile(r"^[A-Za-z0-9_-]*$")
_HEAD = re.compile(r"^([A-Za-z]+)(\d*)-")


class SquadCodeError(ValueError):
    """The text is not a valid squad code; the message says why in words a player understands."""


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _read_varint(data: bytes) -> tuple[int, int]:
    n = shift = 0
    for i, b in enumerate(data[:4]):
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, i + 1
    if len(data) < 4:
        raise SquadCodeError("The squad code is truncated: part of it is missing.")
    raise SquadCodeError("The squad code is damaged (bad length field).")


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def encode(spec: SquadSpec) -> str:
    """A squad as a short, URL- and clipboard-safe text code (see the module docstring for the format)."""
    payload = [spec.squad_type, spec.name, [[u.unit_type, u.name, list(u.gear)] for u in spec.units]]
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    comp = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_ZDICT_V1)
    packed = comp.compress(raw) + comp.flush()
    head = _varint(len(packed)) + packed
    crc = zlib.crc32(f"{PREFIX}{VERSION}".encode("ascii") + head)
    return f"{PREFIX}{VERSION}-" + _b64encode(head + crc.to_bytes(4, "big"))


def decode(code: str, catalog: Catalog) -> SquadSpec:
    """The squad in a code. Raises SquadCodeError for any text that is not a valid code for this catalog."""
    try:
        spec = _decode(code)
    except SquadCodeError:
        raise
    except Exception:  # any other surprise in damaged input (text that does not unpack, nesting too deep for
        # the JSON reader) is still just a bad code, told in words, not in Python's
        raise SquadCodeError("The squad code is damaged (its contents are not a squad).") from None
    _check_ids(spec, catalog)
    return spec


def _decode(code: str) -> SquadSpec:
    if not isinstance(code, str):
        raise SquadCodeError("A squad code must be text.")
    text = "".join(code.split())  # spaces and line breaks from copy-paste are ignored
    if not text:
        raise SquadCodeError("The squad code is empty.")
    if len(text) > MAX_CODE_LENGTH:
        raise SquadCodeError("The text is far too long to be a squad code.")
    m = _HEAD.match(text)
    if not m or m.group(1).upper() != PREFIX:
        raise SquadCodeError(f"This is not a Ruinstars squad code: it should start with '{PREFIX}{VERSION}-'.")
    if m.group(1) != PREFIX or not m.group(2):
        raise SquadCodeError(f"The squad code should start with '{PREFIX}{VERSION}-' (capital letters, then the version).")
    version = int(m.group(2)) if len(m.group(2)) < 6 else -1
    if version != VERSION:
        raise SquadCodeError(f"Squad code version {_shown(m.group(2))} is not supported; this game reads version "
                             f"{VERSION}.")
    body = text[m.end():]
    if not _B64_CHARS.match(body):
        bad = next(ch for ch in body if not _B64_CHARS.match(ch))
        raise SquadCodeError(f"The squad code contains a character that cannot be in a code: {bad!r}.")
    if len(body) % 4 == 1:
        raise SquadCodeError("The squad code is truncated: part of it is missing.")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise SquadCodeError("The squad code is damaged.") from None
    if _b64encode(data) != body:  # unused low bits in the last character were changed
        raise SquadCodeError("The squad code's checksum does not match: it was mistyped or changed.")
    if not data:
        raise SquadCodeError("The squad code is truncated: part of it is missing.")
    n, used = _read_varint(data)
    end = used + n + 4
    if len(data) < end:
        raise SquadCodeError("The squad code is truncated: part of it is missing.")
    if len(data) > end:
        # Extra bytes: either characters were added, or the length field itself was altered.
        raise SquadCodeError("The squad code's checksum does not match: it was mistyped or changed.")
    head, crc = data[: used + n], data[used + n:]
    if zlib.crc32(f"{PREFIX}{VERSION}".encode("ascii") + head) != int.from_bytes(crc, "big"):
        raise SquadCodeError("The squad code's checksum does not match: it was mistyped or changed.")
    d = zlib.decompressobj(-15, zdict=_ZDICT_V1)
    raw = d.decompress(head[used:], MAX_PAYLOAD)
    if d.unconsumed_tail or not d.eof:
        raise SquadCodeError("The squad code is damaged (its contents do not unpack).")
    return _spec_from_payload(json.loads(raw.decode("utf-8", "surrogatepass")))


def _is_text(s: object) -> bool:
    """A str the screen can show: no lone surrogates (a code can carry them; no keyboard types them)."""
    if not isinstance(s, str):
        return False
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _spec_from_payload(p: object) -> SquadSpec:
    bad = SquadCodeError("The squad code is damaged (its contents are not a squad).")
    if not (isinstance(p, list) and len(p) == 3 and _is_text(p[0]) and _is_text(p[1]) and isinstance(p[2], list)):
        raise bad
    units = []
    for u in p[2]:
        if not (isinstance(u, list) and len(u) == 3 and _is_text(u[0]) and _is_text(u[1])
                and isinstance(u[2], list) and all(_is_text(g) for g in u[2])):
            raise bad
        units.append(UnitSpec(u[0], u[1], tuple(u[2])))
    return SquadSpec(p[0], p[1], tuple(units))


def _shown(text: str) -> str:
    """An id from a code, safe and short enough to show."""
    text = "".join(ch if ch.isprintable() else "?" for ch in text).encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= 40 else text[:37] + "..."


def _check_ids(spec: SquadSpec, catalog: Catalog) -> None:
    if spec.squad_type not in catalog.squad_types:
        raise SquadCodeError(f"The squad code names an unknown squad type '{_shown(spec.squad_type)}'.")
    for i, u in enumerate(spec.units):
        if u.unit_type not in catalog.unit_types:
            raise SquadCodeError(f"The squad code names an unknown unit type '{_shown(u.unit_type)}' "
                                 f"(unit {i + 1}).")
        for g in u.gear:
            if g not in catalog.weapons and g not in catalog.skills:
                raise SquadCodeError(f"The squad code names unknown gear '{_shown(g)}' (unit {i + 1}).")

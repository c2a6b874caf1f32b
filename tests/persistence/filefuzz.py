"""Damaged and hostile variants of real saves, rosters and squad codes, for the fuzz tests and bench/bench_fuzz.py.

    save_case(seed, k) / roster_case(seed, k) -> (label, bytes)     a file to put in saves/ (or saves/rosters/)
    code_case(seed, k) -> (label, str)                             a text to paste as a squad code
    check_save(folder, label, raw) / check_roster(...) / check_code(label, text) -> "loaded" | "refused"
                                                                   (an Outcome: .problem holds the refusal)

The bases are real: a save made by playing the first 40 commands of a First Mission on its map (deployment,
activations, attacks, dice decisions), rosters of the default squads, and their squad codes. The mutations:
damaged bytes, truncation, wrong types, NaN and Infinity, huge numbers, deep nesting, hostile strings (paths
outside the game's folders, /dev/zero, lone surrogates), removed, renamed and duplicated keys, oversized files;
squad codes also get payloads re-packed with a valid checksum, so the damage reaches the unpacking and the
squad check. Each case is deterministic for (seed, k): random.Random here is the test's, never the game's.

A check fails (AssertionError) when anything but the game's own error escapes, when a message reads like Python
rather than words for a player, when the file changes, or when a case runs past HANG_SECONDS.
"""
from __future__ import annotations

import copy
import functools
import json
import random
import re
import signal
import traceback
import zlib
from contextlib import contextmanager
from pathlib import Path

HANG_SECONDS = 20.0  # far beyond any honest load (tens of milliseconds): only a hang trips it
# what a player must never read: Python's exception names and internals
TECHNICAL = re.compile(r"\b\w*(Error|Exception)\b|Traceback|NoneType|has no attribute|invalid literal|"
                       r"could not convert|object is not|takes \d|\bargument\b|__|unhashable|not subscriptable")


class Hang(BaseException):  # not an Exception: the loaders' own catch-alls must not swallow it
    pass


@contextmanager
def hang_guard(seconds: float = HANG_SECONDS):
    """Raise Hang in the main thread if the block runs past `seconds` (SIGALRM; not a timing assertion)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def fire(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- the real files ----------------------------------------------------------------------------------------
@functools.cache
def real_save_bytes() -> bytes:
    import tempfile

    from game.ai.npc import NpcController
    from game.ai.simple import SimpleSquadController
    from game.modes import create_match, first_mission_scenario
    from game.persistence.save_writing import save_match
    m = create_match(first_mission_scenario(), 3)
    ctl = {"player": SimpleSquadController("player"), "npc": NpcController("npc")}
    for _ in range(40):
        m.submit(ctl[m.waiting_for()].decide(m))
    with tempfile.TemporaryDirectory() as d:
        raw = save_match(m, "real", Path(d)).read_bytes()
    m.close()
    # laid out one value a line (as a person editing it would), so the mutations find keys and numbers easily;
    # the game writes saves compact and reads either
    return json.dumps(json.loads(raw), indent=1).encode()


@functools.cache
def real_save_laid_out() -> bytes:
    """The same start of a First Mission saved as the game writes it, with a checkpoint every 16 commands: the
    head read alone, the older log read when needed."""
    import tempfile

    from game.ai.npc import NpcController
    from game.ai.simple import SimpleSquadController
    from game.modes import CHECKPOINT_EVERY, create_match, first_mission_scenario
    from game.persistence.save_writing import save_match
    m = create_match(first_mission_scenario(), 3)
    m.checkpoint_every = CHECKPOINT_EVERY
    ctl = {"player": SimpleSquadController("player"), "npc": NpcController("npc")}
    for _ in range(40):
        m.submit(ctl[m.waiting_for()].decide(m))
    with tempfile.TemporaryDirectory() as d:
        raw = save_match(m, "real", Path(d)).read_bytes()
    m.close()
    return raw


def forged_case(rng: random.Random) -> tuple[str, bytes]:
    """The laid-out save with its older log damaged and its checksum made to match again (as a person forging it
    would): it loads from its snapshot, and the damage shows when the log is read."""
    from game.persistence.save_writing import laid_out
    data = json.loads(real_save_laid_out())
    head, older = data["head"], data["log"]
    where = rng.choice(["commands", "rolls", "events"])
    done = [_tree_mutation(rng, older) if rng.random() < 0.2 else _tree_mutation(rng, older[where])
            for _ in range(rng.choice([1, 1, 2]))]
    if not isinstance(older, dict) or not all(isinstance(older.get(k), list) for k in ("commands", "rolls", "events")):
        return "forged-" + ",".join(done), json.dumps(data).encode("utf-8", "surrogatepass")
    parts = [json.dumps(older[k], separators=(",", ":")) for k in ("commands", "rolls", "events")]
    head = {k: v for k, v in head.items() if k not in ("log_crc", "log_parts")}
    return "forged-" + ",".join(done), laid_out(head, parts).encode("utf-8", "surrogatepass")


@functools.cache
def catalog():
    from game.content import load_catalog
    return load_catalog()


@functools.cache
def real_rosters() -> tuple[bytes, ...]:
    import tempfile

    from game.content import default_squad, squad_slugs
    from game.persistence.rosters import save_roster
    out = []
    with tempfile.TemporaryDirectory() as d:
        for i, slug in enumerate(squad_slugs(catalog())):
            out.append(save_roster(default_squad(slug, catalog()), f"roster {slug}", Path(d),
                                   budget=(100, 50, 34)[i % 3]).read_bytes())
    return tuple(out)


@functools.cache
def real_codes() -> tuple[str, ...]:
    from game.content import default_squad, squad_slugs
    from game.content.squad_code import encode
    return tuple(encode(default_squad(slug, catalog())) for slug in squad_slugs(catalog()))


# -- hostile values ----------------------------------------------------------------------------------------
def _deep(n: int):
    v: object = 1
    for _ in range(n):
        v = [v]
    return v


HOSTILE_VALUES: list = [
    "0", "12", "", "x" * 5000, {}, [], None, True, False, -1, 0, 1, 7, 2 ** 31, 2 ** 63, -(2 ** 63), 10 ** 23,
    1e308, -1e308, 0.5, -0.0, 1e-300, float("nan"), float("inf"), float("-inf"), "/dev/zero", "../../x",
    "../../etc/passwd.tmx", "C:\\Windows\\x.tmx", "maps/first-mission-survive.tmx", "..", ".tmx", "\u0000",
    "\udc00", "\ud83d", "player", "npc", "Move", "INT-F", _deep(40), _deep(8), list(range(2000)),
    {"type": "Move"}, {"type": "Move", "side": "player", "x": 1, "y": 1}, [None] * 50, "first-mission-survive.tmx",
]
HOSTILE_NUMBERS = [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1e400", b"9" * 5000, b"9" * 30, b"1e308",
                   b"-0", b"0.0000001", b"123456789012345678901234", b"4.5", b"1E5", b"-1"]
JUNK = [b"", b"{", b"}", b"[", b"]", b'"', b"\\", b",", b":", b"\x00", b"\xff\xfe", b"\xc3", b"\xed\xa0\x80",
        b"\\ud800", b"null", b"NaN", b'"\\u0000"', b"\n" * 3, b"\xef\xbb\xbf"]


def _paths(data) -> list[tuple]:
    """Every place in a JSON tree (keys and indices from the root), without recursion."""
    out, todo = [], [((), data)]
    while todo:
        path, v = todo.pop()
        out.append(path)
        if isinstance(v, dict):
            todo.extend(((*path, k), x) for k, x in v.items())
        elif isinstance(v, list):
            todo.extend(((*path, i), x) for i, x in enumerate(v))
    return out


def _parent(data, path):
    for key in path[:-1]:
        data = data[key]
    return data


def _tree_mutation(rng: random.Random, data) -> str:
    """Change the parsed file in place; returns what was done."""
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    parent, key = _parent(data, path), path[-1]
    kind = rng.choice(["retype", "retype", "retype", "drop", "rename", "dup", "swap", "nest", "clear"])
    where = "/".join(str(k) for k in path)
    if kind == "retype":
        parent[key] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
    elif kind == "drop":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif kind == "rename" and isinstance(parent, dict):
        parent[rng.choice(["type", "side", "x", "uid", "map", "mission", "sides", "squad", "units", "Type",
                           key + "_", ""])] = parent.pop(key)
    elif kind == "dup" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))  # a copy: two places sharing one value could make a loop
    elif kind == "swap":
        other = rng.choice(paths)
        if other[:len(path)] == path or path[:len(other)] == other:
            other = ("__not_there__",)  # one inside the other: a swap would make a loop
        try:
            op, ok = _parent(data, other), other[-1]
            parent[key], op[ok] = op[ok], parent[key]
        except (KeyError, IndexError, TypeError):
            parent[key] = None
    elif kind == "nest":
        parent[key] = _deep(rng.choice([3, 30, 33, 200]))
    else:
        parent[key] = type(parent[key])() if isinstance(parent[key], (list, dict, str)) else None
    return f"{kind}:{where}"[:80]


def _byte_mutation(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    kind = rng.choice(["flip", "flip", "truncate", "insert", "delete", "dupchunk", "number", "number", "nesting"])
    n = len(raw)
    if kind == "flip":
        b = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(n)] = rng.randrange(256)
        return kind, bytes(b)
    if kind == "truncate":
        return kind, raw[: rng.randrange(n)]
    if kind == "insert":
        i = rng.randrange(n + 1)
        return kind, raw[:i] + rng.choice(JUNK) + raw[i:]
    if kind == "delete":
        i = rng.randrange(n)
        return kind, raw[:i] + raw[i + rng.randint(1, 64):]
    if kind == "dupchunk":
        i = rng.randrange(n)
        j = min(n, i + rng.randint(1, 400))
        return kind, raw[:j] + raw[i:j] * rng.randint(1, 50) + raw[j:]
    if kind == "number":
        hits = list(re.finditer(rb"(?<=[:\[,] )-?\d+(\.\d+)?(?=[,\n\]])", raw))
        if hits:
            m = rng.choice(hits)
            return kind, raw[:m.start()] + rng.choice(HOSTILE_NUMBERS) + raw[m.end():]
        return kind, raw + b"1e999"
    # nesting: a value wrapped in thousands of brackets
    hits = list(re.finditer(rb": ", raw))
    m = rng.choice(hits) if hits else None
    depth = rng.choice([33, 1000, 100_000])
    i = m.end() if m else 0
    return kind, raw[:i] + b"[" * depth + b"1" + b"]" * depth + raw[i:].split(b"\n", 1)[-1]


def json_case(seed: int, k: int, base: bytes, max_bytes: int) -> tuple[str, bytes]:
    rng = random.Random(f"{seed}:{k}")
    roll = rng.random()
    if roll < 0.01:
        return "oversized", base + b" " * (max_bytes + 1 - len(base))
    if roll < 0.40:
        label, raw = _byte_mutation(rng, base)
        return f"bytes-{label}", raw
    data = json.loads(base)
    done = [_tree_mutation(rng, data) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    raw = json.dumps(data, indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.5)
    raw = raw.encode("utf-8", "surrogatepass")
    return "tree-" + ",".join(done), raw


def save_case(seed: int, k: int) -> tuple[str, bytes]:
    """A third of the cases damage the save as the game lays it out (read head first; a forged log shows its
    damage when read), the rest the save laid out one value a line (read whole)."""
    from game.persistence.save_format import MAX_SAVE_BYTES
    if k % 3 == 2:
        rng = random.Random(f"{seed}:laid-out:{k}")
        if rng.random() < 0.5:
            return forged_case(rng)
        label, raw = json_case(seed, k, real_save_laid_out(), MAX_SAVE_BYTES)
        return f"laid-out-{label}", raw
    return json_case(seed, k, real_save_bytes(), MAX_SAVE_BYTES)


def roster_case(seed: int, k: int) -> tuple[str, bytes]:
    from game.persistence.rosters import MAX_ROSTER_BYTES
    bases = real_rosters()
    return json_case(seed, k, bases[k % len(bases)], MAX_ROSTER_BYTES)


# -- squad codes -------------------------------------------------------------------------------------------
def pack_code(payload: bytes) -> str:
    """A squad code around any payload bytes, with a correct length and checksum: the damage gets past the
    checksum to the unpacking and the squad check."""
    from game.content.squad_code import _ZDICT_V1, PREFIX, VERSION, _b64encode, _varint
    comp = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_ZDICT_V1)
    packed = comp.compress(payload) + comp.flush()
    head = _varint(len(packed)) + packed
    crc = zlib.crc32(f"{PREFIX}{VERSION}".encode("ascii") + head)
    return f"{PREFIX}{VERSION}-" + _b64encode(head + crc.to_bytes(4, "big"))


def _code_payload(code: str) -> list:
    from game.content.squad_code import decode
    spec = decode(code, catalog())
    return [spec.squad_type, spec.name, [[u.unit_type, u.name, list(u.gear)] for u in spec.units]]


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def code_case(seed: int, k: int) -> tuple[str, str]:
    rng = random.Random(f"{seed}:code:{k}")
    codes = real_codes()
    code = codes[k % len(codes)]
    roll = rng.random()
    if roll < 0.45:  # the payload re-packed with a valid checksum
        payload = _code_payload(code)
        kind = rng.choice(["tree", "tree", "tree", "json-bytes", "bomb", "raw"])
        if kind == "tree":
            done = [_tree_mutation(rng, payload) for _ in range(rng.choice([1, 2]))]
            raw = json.dumps(payload, ensure_ascii=False).encode("utf-8", "surrogatepass")
            return "packed-" + ",".join(done), pack_code(raw)
        if kind == "json-bytes":
            label, raw = _byte_mutation(rng, json.dumps(payload).encode())
            return f"packed-bytes-{label}", pack_code(raw)
        if kind == "bomb":
            return "packed-bomb", pack_code(b"[" * rng.choice([40, 5000, 16_000]) + b" " * rng.choice([0, 100_000]))
        return "packed-raw", pack_code(bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))))
    kind = rng.choice(["flip", "insert", "delete", "truncate", "dup", "case", "space", "prefix", "huge", "junk"])
    chars = list(code)
    if kind == "flip":
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice(B64 + "=+/ .é\u0000\udc00")
    elif kind == "insert":
        chars.insert(rng.randrange(len(chars) + 1), rng.choice(B64))
    elif kind == "delete":
        del chars[rng.randrange(len(chars))]
    elif kind == "truncate":
        chars = chars[: rng.randrange(len(chars))]
    elif kind == "dup":
        i = rng.randrange(len(chars))
        chars[i:i] = chars[i:i + rng.randint(1, 40)]
    elif kind == "case":
        chars = list(code.swapcase() if rng.random() < 0.3 else code[:3].lower() + code[3:])
    elif kind == "space":
        for _ in range(rng.randint(1, 10)):
            chars.insert(rng.randrange(len(chars) + 1), rng.choice([" ", "\n", "\t", "\u00a0", "\u200b"]))
    elif kind == "prefix":
        chars = list(rng.choice(["RS2-", "RS-", "RS01-", "rs1-", "XX1-", "RS99999999999999-", ""]) + code[4:])
    elif kind == "huge":
        chars = list(code + rng.choice(B64) * rng.choice([5000, 9000, 100_000]))
    else:
        chars = list(rng.choice(["", " ", "RS1-", "RS1-====", "{}", "null", "RS1-" + "A" * 7, "\u0000" * 10]))
    return kind, "".join(chars)


# -- the checks --------------------------------------------------------------------------------------------
class Outcome(str):
    """ "loaded" or "refused", with the refusal's words in .problem."""

    def __new__(cls, value: str, problem: str = ""):
        self = super().__new__(cls, value)
        self.problem = problem
        return self


def _unexpected(label: str, e: BaseException) -> AssertionError:
    tb = "".join(traceback.format_exception(type(e), e, e.__traceback__)[-6:])
    return AssertionError(f"case {label}: {type(e).__name__} escaped: {e!s:.300}\n{tb}")


def _words(label: str, text: str) -> None:
    assert text.strip(), f"case {label}: an empty message"
    assert not TECHNICAL.search(text), f"case {label}: a message in Python's words: {text[:300]}"
    assert len(text) < 2000, f"case {label}: a message too long to read ({len(text)} characters)"


def _showable(label: str, spec) -> None:
    """Every name a loaded squad brings can be drawn (pygame refuses lone surrogates)."""
    for text in (spec.squad_type, spec.name, *(t for u in spec.units for t in (u.unit_type, u.name, *u.gear))):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise AssertionError(f"case {label}: loaded a name the screen cannot show: {text!r:.80}") from None


def _snapshot(folder: Path) -> dict:
    return {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


def check_save(folder: Path, label: str, raw: bytes) -> Outcome:
    """Put the file in an empty saves folder, list the folder and load the file."""
    from game.match.history import HistoryError
    from game.persistence.save_format import SaveError
    from game.persistence.save_listing import list_saves
    from game.persistence.save_loading import load_match
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fuzzed.json"
    path.write_bytes(raw)
    before = _snapshot(folder)
    try:
        with hang_guard():
            infos = list_saves(folder)
            try:
                match = load_match(path)
            except SaveError as e:
                assert e.path == str(path), f"case {label}: the error names {e.path}"
                _words(label, e.problem)
                outcome = Outcome("refused", e.problem)
            else:
                for side in match.scenario.sides:
                    if side.squad is not None:
                        _showable(label, side.squad)
                try:  # the older log, read when needed: the game's own error in words, or its entries
                    for history in (match.log, match.rolls_per_command, match.events):
                        list(history)
                except HistoryError as e:
                    assert e.path == str(path), f"case {label}: the error names {e.path}"
                    _words(label, e.problem)
                match.close()
                outcome = Outcome("loaded")
    except (AssertionError, Hang):
        raise
    except BaseException as e:
        raise _unexpected(label, e) from None
    assert [i.path for i in infos] == [path], f"case {label}: listed as {infos}"
    if infos[0].broken:
        _words(label, infos[0].problem)
        assert outcome == "refused", f"case {label}: listed as broken ({infos[0].problem}) but it loads"
    assert _snapshot(folder) == before, f"case {label}: loading changed a file"
    return outcome


def check_roster(folder: Path, label: str, raw: bytes) -> Outcome:
    from game.persistence.rosters import RosterError, list_rosters, load_roster
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fuzzed.json"
    path.write_bytes(raw)
    before = _snapshot(folder)
    try:
        with hang_guard():
            infos = list_rosters(folder, catalog())
            try:
                _showable(label, load_roster(path, catalog()))
            except RosterError as e:
                assert e.path == str(path), f"case {label}: the error names {e.path}"
                _words(label, e.problem)
                outcome = Outcome("refused", e.problem)
            else:
                outcome = Outcome("loaded")
    except (AssertionError, Hang):
        raise
    except BaseException as e:
        raise _unexpected(label, e) from None
    assert len(infos) == (outcome == "loaded"), f"case {label}: {outcome} but listed as {infos}"
    assert _snapshot(folder) == before, f"case {label}: loading changed a file"
    return outcome


def check_code(label: str, text: str) -> Outcome:
    from game.content.squad_code import SquadCodeError, decode
    try:
        with hang_guard():
            spec = decode(text, catalog())
    except SquadCodeError as e:
        _words(label, str(e))
        return Outcome("refused", str(e))
    except (AssertionError, Hang):
        raise
    except BaseException as e:
        raise _unexpected(label, e) from None
    cat = catalog()
    assert spec.squad_type in cat.squad_types and all(u.unit_type in cat.unit_types for u in spec.units), label
    _showable(label, spec)
    return Outcome("loaded")

"""JSON files of the game's own (saves, rosters, settings): written atomically, read without trust.

Every JSON file the game reads from saves/ goes through read_json (or read_versioned_json on top of it):

- only a regular file is opened (never a device, a pipe or a folder), and never more than `max_bytes` of it;
- the text must be UTF-8 JSON nested at most MAX_DEPTH deep (checked before parsing, without recursion);
- numbers are finite (no NaN or Infinity, no 1e999) and whole numbers have at most MAX_INT_DIGITS digits;
- text is valid Unicode (no lone surrogate escapes such as "\\ud800").

Anything else raises error(path, problem) with a problem a player can read; the file is never changed.
write_json_atomic writes a hidden temporary `.<name>.<random>.tmp` beside the file and renames it over;
remove_stale_temp_files clears the ones an interrupted write left behind.
"""
from __future__ import annotations

import errno
import gc
import json
import os
import re
import stat
import tempfile
import time
from contextlib import contextmanager
from itertools import accumulate
from pathlib import Path

MAX_DEPTH = 32  # a save is nested 6 deep; anything far deeper is not one of the game's files
MAX_INT_DIGITS = 24  # whole numbers in the game's files are ids, counts, coordinates and 64-bit seeds
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0

# outside strings a JSON text is ASCII: its brackets kept as steps of +1 / -1 (signed bytes), all else deleted
_BRACKET_STEPS = bytes.maketrans(b"[]{}", b"\x01\xff\x01\xff")
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_BRACKET_OR_QUOTE = bytes(b for b in range(256) if b not in b'[]{}"')
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# numbers outside strings the game's files never hold: a whole number longer than MAX_INT_DIGITS, an exponent
# of three digits (1e400 is infinite), NaN and the infinities (json reads them as constants)
_LONG_INT = re.compile(r"\d{%d,}" % (MAX_INT_DIGITS + 1))
_HUGE_EXPONENT = re.compile(r"[0-9.][eE][+-]?\d{3,}")
_DIGITS_AS_NINE = str.maketrans("012345678", "999999999")


class _Rejected(ValueError):
    """A value json can parse that the game's files never hold."""


def _bad_constant(name: str):
    raise _Rejected(f"holds a number that is not finite ({name})")


def outside_strings(text: str) -> str:
    """The JSON text without its strings (the quotes and all between them; an unterminated one runs to the end),
    made by passes of C: the escaped backslashes and quotes taken out first, every other quote then opens or
    closes a string. (Outside strings a JSON text holds no backslash; a text that does is not JSON, and the
    parser refuses it at the first one, before anything this reads differently.)"""
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
    return "".join(text.split('"')[::2])


def _bracket_steps(text: str) -> bytes:
    """The brackets of the JSON text outside its strings, as steps of +1 / -1 (outside_strings, but the escapes
    taken out of the whole text and everything but brackets and quotes dropped before the strings are)."""
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
    kept = text.encode("utf-8", "replace").translate(None, _NOT_BRACKET_OR_QUOTE)
    return b"".join(kept.split(b'"')[::2]).translate(_BRACKET_STEPS)


def nesting_depth(text: str) -> int:
    """How deeply the JSON text nests arrays and objects (brackets inside strings do not count). Linear,
    no recursion, so a file of a million '[' is measured as safely as a small one."""
    return max(accumulate(memoryview(_bracket_steps(text)).cast("b")), default=0)


def nesting_steps(text: str, level: int = 0) -> tuple[int, int]:
    """A piece of a JSON text that cuts no string, begun `level` deep: (how deep it ends, the deepest it goes).
    Measured piece by piece, a text's pieces give its nesting_depth."""
    acc = list(accumulate(memoryview(_bracket_steps(text)).cast("b"), initial=level))
    return acc[-1], max(acc)


def _numbers_suspect(text: str) -> bool:
    """The text (strings and all) may hold a number the game's files never hold: a long run of digits, or an
    exponent of three digits (a hex digest's "e123" too: _number_problem then reads the numbers outside strings)."""
    nines = text.translate(_DIGITS_AS_NINE)
    return "9" * (MAX_INT_DIGITS + 1) in nines or any(e + "999" in nines for e in ("e", "E", "e+", "E+", "e-", "E-"))


def _number_problem(outside_strings: str) -> str | None:
    """What is wrong with a number of the text (outside strings), read in passes of C before parsing: every digit
    made a 9 first, so a clean file costs a few substring searches and the patterns run only on a suspect one."""
    nines = outside_strings.translate(_DIGITS_AS_NINE)
    m = _LONG_INT.search(outside_strings) if "9" * (MAX_INT_DIGITS + 1) in nines else None
    if m:
        digits = len(re.match(r"\d+", outside_strings[m.start():]).group())
        return f"holds a whole number too large to use ({digits} digits)"
    suspect = any(e + "999" in nines for e in ("e", "E", "e+", "E+", "e-", "E-"))
    m = _HUGE_EXPONENT.search(outside_strings) if suspect else None
    if m:
        start = max(0, m.start() - 20)
        token = re.search(r"-?[\d.]+[eE][+-]?\d+", outside_strings[start:m.end() + 10])
        return f"holds a number too large to use ({(token.group() if token else m.group())[:20]})"
    return None


@contextmanager
def paused_gc():
    """No garbage collection while a file's data is built: parsing makes many containers and no cycles, and each
    collection would walk every object the game holds (a long save parsed 4x slower with it)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def read_bytes(path: Path, max_bytes: int, what: str, error) -> bytes:
    """At most max_bytes of a regular file; opening never blocks (a pipe or a device is refused first)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise error(path, f"cannot be read ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise error(path, f"is not a {what} file (not a regular file)")
        if st.st_size > max_bytes:
            raise error(path, f"is too large to be a {what} ({st.st_size} bytes; the limit is {max_bytes})")
        chunks, total = [], 0
        while total <= max_bytes:  # (the whole file in one read as a rule: one copy of it, no join)
            chunk = os.read(fd, min(max(st.st_size + 1 - total, 1 << 16), max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:  # it grew while being read
            raise error(path, f"is too large to be a {what} (more than {max_bytes} bytes)")
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except OSError as e:
        raise error(path, f"cannot be read ({e.strerror or e})") from None
    finally:
        os.close(fd)


def read_json(path: Path, max_bytes: int, what: str, error):
    """The parsed JSON of a file, read without trust (see the module docstring); error(path, problem)
    otherwise. `what` names the kind of file for the player ("save", "roster")."""
    path = Path(path)
    return parse_json(read_bytes(path, max_bytes, what, error), path, error)


def parse_json(raw: bytes, path: Path, error):
    """JSON bytes read from `path`, parsed with every check of read_json (a part of a file, read on its own, is
    checked as a whole file is)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(path, "is not a text file") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise error(path, "is empty")
    if nesting_depth(text) > MAX_DEPTH:
        raise error(path, f"is damaged: nested more than {MAX_DEPTH} levels deep")
    problem = _number_problem(outside_strings(text)) if _numbers_suspect(text) else None
    if problem:
        raise error(path, f"is damaged: it {problem}")
    try:
        with paused_gc():
            data = json.loads(text, parse_constant=_bad_constant)
        if _SURROGATE_ESCAPE.search(text):  # "\ud800" alone is valid JSON but not text the screen can show
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        return data
    except UnicodeEncodeError:
        raise error(path, "is damaged: it holds text that is not valid Unicode") from None
    except _Rejected as e:
        raise error(path, f"is damaged: it {e}") from None
    except json.JSONDecodeError as e:
        raise error(path, f"is damaged: not valid JSON (line {e.lineno}, column {e.colno})") from None
    except (ValueError, RecursionError, MemoryError):
        raise error(path, "is damaged: not valid JSON") from None


def read_versioned_json(path: Path, fmt: str, version: int, max_bytes: int, what: str, error) -> dict:
    """The file's JSON object, checked for size, format and version. Problems raise error(path, problem)
    with words a player understands (`what`: "save", "roster"); the file is never changed."""
    data = read_json(path, max_bytes, what, error)
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(path, f"is not a Ruinstars {what}")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool):
        raise error(path, "has no version number")
    if found > version:
        raise error(path, f"was made by a newer version of the game ({what} version {found}; this game reads "
                          f"up to {version})")
    if found < 1:
        raise error(path, f"has an unknown version number ({found})")
    return data


def temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_json_atomic(path: Path, data: dict, compact: bool = False) -> None:
    """Write to a temporary file beside `path`, then rename it over: a crash never leaves half a file.
    OSError when it cannot be written, including data the reader would refuse (NaN, Infinity): the callers
    already tell the player a save failed, and no file is written that could not be read back. `compact`: no
    indentation (saves, which are large and read back by the game rather than by people)."""
    text = json_text(path, data, compact)
    _write_atomic(path, lambda f: f.write(text))


def json_text(path: Path, data: dict, compact: bool = False) -> str:
    """The text write_json_atomic writes for `data`: made in one piece (json.dumps encodes in C; json.dump to a
    file encodes in Python, 5x slower on a long save); OSError for data the reader would refuse."""
    try:
        if compact:
            return json.dumps(data, separators=(",", ":"), allow_nan=False)
        return json.dumps(data, indent=1, allow_nan=False)
    except ValueError as e:
        raise OSError(errno.EINVAL, f"{path.name} cannot be written: {e}") from None


def write_text_atomic(path: Path, text: str) -> None:
    """The same atomic write for a text file of the game's (a battle report): UTF-8, OSError on failure."""
    _write_atomic(path, lambda f: f.write(text))


def _write_atomic(path: Path, write) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def remove_stale_temp_files(folder: Path, older_than: float = STALE_TEMP_SECONDS, now: float | None = None) -> int:
    """Delete the `.<name>.*.tmp` files write_json_atomic left in `folder` when a write was interrupted (a
    crash, a power cut) and that are older than `older_than` seconds (a younger one may be a write in
    progress). Only regular files of that exact shape are touched. Returns how many were removed."""
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TEMP_SUFFIX) and ".json." in name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue  # gone already, or not ours to delete: leave it
    return removed


class ListingCache:
    """What listing a file found, kept while the file is unchanged (same mtime, size and inode): a folder listed
    each time a screen shows it parses again only the files that changed."""

    def __init__(self, limit: int = 500) -> None:
        self.limit = limit
        self._found: dict[Path, tuple[tuple, object]] = {}

    def get(self, path: Path, read):
        """read(path), or what it gave last time for the same file."""
        try:
            st = path.stat()
            key = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            key = None
        cached = self._found.get(path)
        if key is not None and cached is not None and cached[0] == key:
            return cached[1]
        found = read(path)
        if key is not None:
            if len(self._found) > self.limit:
                self._found.clear()
            self._found[path] = (key, found)
        return found


def json_files(folder: Path) -> list[Path]:
    """The `.json` entries of `folder` by name, folders left out (a pipe or a broken link stays: the caller says
    what it is), after the stale temporary files an interrupted write left there are removed; [] when the folder
    cannot be read."""
    remove_stale_temp_files(folder)
    try:
        files = sorted(folder.glob("*.json"))
    except OSError:
        return []
    out = []
    for p in files:
        try:
            if p.is_dir():
                continue
        except OSError:
            pass
        out.append(p)
    return out

"""Squad codes: round trips, tampering, truncation, bad prefixes and versions, and fuzzing."""
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content import default_squad, first_mission_squad, load_catalog, squad_slugs
from game.content.squad_code import SquadCodeError, decode, encode
from game.rules.model import SquadSpec, UnitSpec

CAT = load_catalog()
ALL = [default_squad(s, CAT) for s in squad_slugs(CAT)] + [first_mission_squad(CAT)]
SAFE = set(string.ascii_letters + string.digits + "-_")
B64 = string.ascii_letters + string.digits + "-_"


@pytest.mark.parametrize("spec", ALL, ids=lambda s: s.squad_type)
def test_round_trip_every_default_squad(spec):
    code = encode(spec)
    assert code.startswith("RS1-")
    assert set(code) <= SAFE
    assert decode(code, CAT) == spec
    assert len(code) < 300


def test_code_is_stable():
    assert encode(ALL[0]) == encode(ALL[0])


def test_round_trip_unicode_names_and_empty_gear():
    spec = SquadSpec("INT", "Équipe «Ω» 🚀", (UnitSpec("INT-STRP", "Trat'Unsolqurs, \"Jr\"", ()),
                                           UnitSpec("INT-ATRP", "", ("INT-CB",))))
    assert decode(encode(spec), CAT) == spec


def test_whitespace_from_copy_paste_is_ignored():
    code = encode(ALL[0])
    messy = "  " + code[:20] + "\n" + code[20:40] + " " + code[40:] + "\n"
    assert decode(messy, CAT) == ALL[0]


@pytest.mark.parametrize("spec", ALL[:3], ids=lambda s: s.squad_type)
def test_every_single_character_change_is_caught(spec):
    code = encode(spec)
    for i in range(len("RS1-"), len(code)):
        for repl in {"A", "z", "0", "_"} - {code[i]}:
            tampered = code[:i] + repl + code[i + 1:]
            with pytest.raises(SquadCodeError):
                decode(tampered, CAT)


def test_tamper_message_mentions_checksum():
    code = encode(ALL[0])
    i = len(code) // 2
    tampered = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
    with pytest.raises(SquadCodeError, match="checksum does not match"):
        decode(tampered, CAT)


def test_every_truncation_is_caught():
    code = encode(ALL[1])
    for n in range(len(code)):
        with pytest.raises(SquadCodeError):
            decode(code[:n], CAT)


def test_truncation_message():
    code = encode(ALL[1])
    with pytest.raises(SquadCodeError, match="truncated"):
        decode(code[:-8], CAT)
    with pytest.raises(SquadCodeError, match="truncated|empty"):
        decode("RS1-", CAT)


def test_extra_characters_are_caught():
    code = encode(ALL[1])
    with pytest.raises(SquadCodeError):
        decode(code + "AAAA", CAT)


@pytest.mark.parametrize("text,match", [
    ("", "empty"),
    ("hello world", "not a Ruinstars squad code"),
    ("XX1-abcd", "not a Ruinstars squad code"),
    ("https://example.com/RS1-abc", "not a Ruinstars squad code"),
    ("rs1-abcd", "capital letters"),
    ("RS-abcd", "should start with 'RS1-'"),
    ("RS2-abcd", "version 2 is not supported"),
    ("RS99-abcd", "version 99 is not supported"),
    ("RS1-ab+cd", "character that cannot be in a code: '\\+'"),
    ("RS1-abc=", "character that cannot be in a code"),
])
def test_bad_prefixes_and_versions(text, match):
    with pytest.raises(SquadCodeError, match=match):
        decode(text, CAT)


def test_unknown_ids_are_reported():
    with pytest.raises(SquadCodeError, match="unknown squad type 'ZZZ'"):
        decode(encode(SquadSpec("ZZZ", "x", ())), CAT)
    with pytest.raises(SquadCodeError, match="unknown unit type 'INT-NOPE' \\(unit 2\\)"):
        decode(encode(SquadSpec("INT", "x", (UnitSpec("INT-STRP"), UnitSpec("INT-NOPE")))), CAT)
    with pytest.raises(SquadCodeError, match="unknown gear 'INT-NOPE' \\(unit 1\\)"):
        decode(encode(SquadSpec("INT", "x", (UnitSpec("INT-STRP", "", ("INT-NOPE",)),))), CAT)


def test_decode_does_not_validate_squad_rules():
    # An illegal but well-formed squad still decodes; validate_squad() judges it.
    spec = SquadSpec("INT", "Too small", (UnitSpec("INT-STRP"),))
    assert decode(encode(spec), CAT) == spec


def test_non_text_input():
    with pytest.raises(SquadCodeError, match="must be text"):
        decode(b"RS1-abc", CAT)  # type: ignore[arg-type]


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_random_text_only_raises_squad_code_error(text):
    try:
        decode(text, CAT)
    except SquadCodeError:
        pass


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=B64, max_size=400))
def test_random_bodies_only_raise_squad_code_error(body):
    try:
        decode("RS1-" + body, CAT)
    except SquadCodeError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(ALL), st.integers(min_value=0), st.sampled_from(list(B64)))
def test_random_tampering_never_yields_a_different_squad(spec, pos, ch):
    code = encode(spec)
    i = 4 + pos % (len(code) - 4)
    tampered = code[:i] + ch + code[i + 1:]
    if tampered == code:
        assert decode(tampered, CAT) == spec
        return
    with pytest.raises(SquadCodeError):
        decode(tampered, CAT)


names = st.text(max_size=20)
unit_specs = st.builds(UnitSpec, st.sampled_from(sorted(CAT.unit_types)), names,
                       st.lists(st.sampled_from(sorted(CAT.weapons)), max_size=4).map(tuple))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(CAT.squad_types)), names, st.lists(unit_specs, max_size=10).map(tuple))
def test_round_trip_any_squad(squad_type, name, units):
    spec = SquadSpec(squad_type, name, units)
    assert decode(encode(spec), CAT) == spec


def test_names_the_screen_cannot_show_are_refused():
    """A lone surrogate in a name (a code can carry one; no keyboard types one) would crash the text drawing:
    the code is refused as damaged."""
    import json
    import zlib

    from game.content.squad_code import _ZDICT_V1, _b64encode, _varint
    payload = json.dumps(["INT", "ok", [["INT-STRP", "a\udc00b", ["INT-F"]]]]).encode()

    comp = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_ZDICT_V1)
    packed = comp.compress(payload) + comp.flush()
    head = _varint(len(packed)) + packed
    code = "RS1-" + _b64encode(head + zlib.crc32(b"RS1" + head).to_bytes(4, "big"))
    with pytest.raises(SquadCodeError, match="damaged"):
        decode(code, CAT)


def test_messages_stay_short_whatever_the_code_holds():
    with pytest.raises(SquadCodeError) as e:
        decode("RS" + "9" * 5000 + "-AAAA", CAT)
    assert "is not supported" in str(e.value) and len(str(e.value)) < 120

"""The command line: --squad takes a faction slug or a squad code; bad input gets a clear message, exit 2."""
import pytest

from game.content import default_squad
from game.content.squad_code import encode
from main import main


def test_headless_with_a_squad_code(capsys):
    code = encode(default_squad("despoilers"))
    assert main(["--headless", "--seed", "4", "--squad", code, "--map", "open"]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].startswith("result: ")
    assert "Executioner" in out or "Despoiler" in out or "activates" in out


def test_headless_with_a_faction_slug(capsys):
    assert main(["--headless", "--seed", "4", "--squad", "krumpfists", "--map", "open"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("result: ")


@pytest.mark.parametrize("bad,words", [("RS1-bogus", "truncated"), ("elves", "neither a faction"),
                                       ("RS9-AAAA", "neither a faction")])
def test_bad_squad_argument(capsys, bad, words):
    assert main(["--headless", "--squad", bad]) == 2
    err = capsys.readouterr().err
    assert "--squad" in err and words in err


def test_unknown_option_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--frobnicate"])
    assert e.value.code == 2 and "unrecognized arguments" in capsys.readouterr().err


def test_unknown_map_and_mission(capsys):
    assert main(["--headless", "--map", "atlantis.tmx"]) == 2
    assert "no map 'atlantis.tmx'" in capsys.readouterr().err
    assert main(["--headless", "--mission", "moon-landing", "--map", "open"]) == 2
    assert "unknown mission" in capsys.readouterr().err


def test_broken_map_is_named(tmp_path, monkeypatch, capsys):
    import game.paths
    import game.modes
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "broken.tmx").write_text("<map><oops")
    monkeypatch.setattr(game.paths, "MAPS_DIR", maps)
    monkeypatch.setattr(game.modes, "MAPS_DIR", maps)
    assert main(["--headless", "--map", "broken.tmx"]) == 2
    err = capsys.readouterr().err
    assert "broken.tmx" in err

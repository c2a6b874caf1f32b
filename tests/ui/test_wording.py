"""Words made for the player in one place (game/ui/wording.py): base labels a player can tell apart, battlefield
titles instead of file names, proper plurals, commands in plain words."""
import pytest

from game.content import default_squad, load_catalog, squad_slugs
from game.match import commands as C
from game.ui.board import snapshot_units
from game.ui.setup_scene import SetupScene, map_choices
from game.ui.wording import command_text, count, map_title, unit_labels

from .driver import Driver
from .test_skills_ui import interdictors_battle

CAT = load_catalog()


def labels(*names, side="player", npc=False, item=False):
    got = unit_labels([(i, n, side, item, npc) for i, n in enumerate(names)])
    return [got[i] for i in range(len(names))]


def test_labels_tell_squadmates_apart():
    assert labels("Corvius", "Castius") == ["Co", "Ca"]
    assert labels("Toland Strak", "Corvius", "Castius", "Lucan") == ["TS", "Co", "Ca", "L"]
    assert labels("Trooper", "Trooper", "Shooter") == ["T1", "T2", "S"]
    assert labels("Trooper", "Trooper", "Trooper 1") == ["T2", "T3", "T1"]
    assert labels("Bug 3", "Bug 12", side="npc", npc=True) == ["3", "12"]
    assert labels("Spawn Point 1", "Spawn Point 2", side="npc", npc=True, item=True) == ["SP1", "SP2"]
    assert labels("Trooper 1", "Trooper 2") == ["T1", "T2"]
    # unique within a squad, not across squads: the other side's "C" is another squad's
    got = unit_labels([(1, "Castor", "player", False, False), (2, "Cinder", "npc", False, True)])
    assert got == {1: "C", 2: "C"}


@pytest.mark.parametrize("slug", squad_slugs(CAT))
def test_every_default_squad_has_distinct_labels(slug):
    spec = default_squad(slug, CAT)
    got = labels(*[u.name or CAT.unit_types[u.unit_type].name for u in spec.units])
    assert len(set(got)) == len(got), got
    assert all(1 <= len(lab) <= 3 for lab in got)


def test_labels_on_the_table(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    views = {v.name: v.label for v in snapshot_units(sc.match)}
    assert views["Corvius"] == "Co" and views["Castius"] == "Ca"
    mine = [v.label for v in snapshot_units(sc.match) if v.side == "player"]
    assert len(set(mine)) == len(mine)
    d.shot("labels-on-the-table")


def test_battlefields_are_listed_by_title():
    class Titled:
        title = "The Rift"

    assert map_title(Titled(), "pve-rift-30x22.tmx") == "The Rift"
    assert map_title(None, "pve-rift-30x22.tmx") == "Rift (30x22)"
    assert map_title(None, "horde-last-stand.tmx") == "Last Stand"
    assert map_title(None, "pve-cursed-temple.tmx") == "Cursed Temple"
    assert map_title(None, "first-mission-survive.tmx") == "First Mission Survive"
    choices = map_choices()
    assert "pve-rift-30x22.tmx" in choices.values()
    for label, file in choices.items():
        assert not label.lower().startswith(("pve", "horde")) and "30X22" not in label, label
        assert ".tmx" not in label


def test_setup_screen_lists_titles(app):
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_new)
    sc = d.scene
    assert isinstance(sc, SetupScene)
    options = [o[0] if isinstance(o, tuple) else o for o in sc.dd_map.options_list]
    assert "Rift (30x22)" in options or "The Rift (30x22)" in options
    assert not any(o.startswith("Pve ") for o in options)


def test_counts_read_as_words():
    assert count(1, "Bug") == "1 Bug" and count(3, "Bug") == "3 Bugs"
    assert count(1, "enemy") == "1 enemy" and count(0, "enemy") == "0 enemies"
    assert count(2, "die") == "2 dice" and count(2, "climb") == "2 climbs"


def test_commands_in_plain_words(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    leader = next(u for u in m.units("player") if m.unit(u).leader)
    cases = [C.Move("player", 3.0, 4.5), C.Activate("player", leader), C.UseSkill("player", "INT-STRAT"),
             C.UseSkill("player", "INT-MED", target=leader), C.RangedAttack("player", "INT-AR", leader),
             C.EndActivation("player"), C.ToggleDoor("player", "D1"), C.ChooseFirst("player", "player")]
    texts = [command_text(m, c, "player") for c in cases]
    assert texts[0] == 'Move to (3.0", 4.5")'
    assert texts[2] == "use Strategize"
    assert texts[3].startswith("use ") and m.unit(leader).name in texts[3]
    assert texts[4] == f"shoot {m.unit(leader).name} with {CAT.weapons['INT-AR'].name}"
    assert texts[7] == "Your squad first"
    for t in texts:
        assert "(" not in t.split(" to ")[0] or t.startswith("Move"), t
        assert not any(w in t for w in ("UseSkill", "RangedAttack", "INT-", "D1", "uid", "side=")), t

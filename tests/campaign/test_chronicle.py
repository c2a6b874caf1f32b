"""The chronicle exported as Markdown (like the battle report): result, the nine missions, the squad's service
records, the fallen with where, when and by whom, the reloads, every line of the chronicle; names escaped."""
from game.campaign import decisions as D
from game.campaign.chronicle import chronicle_markdown
from game.persistence.campaigns import export_chronicle

from .conftest import BY, campaign, finish, ids, script, small_squad


def test_the_chronicle_tells_the_campaign(tmp_path):
    c = campaign(squad=small_squad(4))
    a, b = ids(c)[:2]
    script(c, 99, 6, 99, 6)
    finish(c, out=[a], took={b: ("Ravager", "Desecrator")}, dealt={b: 7}, mp=5)
    finish(c, out=[a], mp=2, won=False)  # Deep Wound twice: Deceased
    text = chronicle_markdown(c)
    assert text.startswith("# Campaign: Test\n")
    assert "In progress: next mission 1.3; 7 MP earned, 7 MP in the bank; 1 of 2 missions won so far." in text
    assert "| 1.1 |" in text and "| Victory, Turn 4 | 5 |" in text and "| Defeat, Turn 4 | 2 |" in text
    assert "| 1.3 |" in text and "| - | - |" in text  # not played yet
    assert "| T2 | Strike Trooper | active | 2 | 0 | 2 | 7 | 0 | - | - |" in text
    assert f"- **T1** (Strike Trooper): fell in mission 1.2, Turn 2, {BY}; Deep Wound a second time. 2 missions " \
        "(1.1, 1.2), Taken Out 2 times" in text
    assert "- Operation 1: 0 reloads" in text
    assert "- T1 rolls 6: Deep Wound again - Deceased" in text and "### Operation 1 (Threat Level 1)" in text
    path = export_chronicle(c, tmp_path)
    assert path.parent == tmp_path and path.name.startswith("campaign-Test-") and path.read_text() == text


def test_names_are_escaped():
    from game.rules.model import SquadSpec, UnitSpec
    sq = small_squad(4)
    units = (UnitSpec(sq.units[0].unit_type, "Ana | *bold* _x_", sq.units[0].gear), *sq.units[1:])
    c = campaign(squad=SquadSpec(sq.squad_type, sq.name, units))
    text = chronicle_markdown(c)
    assert "| Ana \\| \\*bold\\* \\_x\\_ |" in text


def test_ironman_says_so():
    c = campaign(squad=small_squad(4), ironman=True)
    c.submit(D.StartMission())
    assert "Ironman: no mission was ever reloaded." in chronicle_markdown(c)

"""The later edition's data and the scripted missions' (assets/data/pve/edition-e2.json, last-signal.json,
operations.json): they hold what the digest prints (2.5), and a broken file is named with its entry and field by
the PvE data reader."""
import re

import pytest

from game.modes.pve.data import PveDataError, load_pve_data

from .conftest import CAT, DATA
from .test_pve_data import broken


def test_the_nine_objectives_as_printed():
    e2 = DATA.e2
    got = {o.id: (o.archetype, o.variation, o.rule, o.markers, o.need, o.turns, o.item, o.regain) for o in e2.objectives}
    assert got == {
        "C1": ("control", 1, "hold", 3, 3, 1, None, 0), "C2": ("control", 2, "hold", 3, 2, 2, None, 0),
        "C3": ("control", 3, "clear", 3, 0, 1, None, 0), "A1": ("activate", 1, "activate", 3, 0, 1, None, 0),
        "A2": ("activate", 2, "sequence", 3, 0, 1, None, 0), "A3": ("activate", 3, "search", 3, 0, 1, None, 0),
        "D1": ("destroy", 1, "destroy", 3, 0, 1, (4, 3), 0), "D2": ("destroy", 2, "destroy", 1, 0, 1, (4, 6), 0),
        "D3": ("destroy", 3, "destroy", 3, 2, 1, (4, 3), 1)}
    a3 = e2.objective("A3")
    assert a3.find_on == (1, 2, 6) and a3.extract and not a3.action.tactical_orders and a3.action.act == 2
    assert e2.objective("A1").action.act == 2 and e2.objective("A2").placed_at_start == 1
    assert [(a.low, a.high, a.id) for a in e2.archetypes] == [(1, 2, "control"), (3, 4, "activate"), (5, 6, "destroy")]
    assert [e2.variation("destroy", f).id for f in range(1, 7)] == ["D1", "D1", "D2", "D2", "D3", "D3"]
    assert e2.numbers == {"reinforcements_from_turn": 5, "mp_played_per_tl": 1, "mp_objective_per_tl": 1,
                          "mp_sweep_per_tl": 1}


@pytest.mark.parametrize("file,edit,message", [
    ("edition-e2.json", lambda d: d["objectives"].pop(4), "objectives: expected exactly the entries C1"),
    ("edition-e2.json", lambda d: d["objectives"][0].update(variation=2), "objectives[0] 'C1': field 'archetype'"),
    ("edition-e2.json", lambda d: d["objectives"][6].pop("item"), "objectives[6] 'D1': field 'item'"),
    ("edition-e2.json", lambda d: d["objectives"][5].update(find_on=[1, 2]), "objectives[5] 'A3': field 'find_on'"),
    ("edition-e2.json", lambda d: d["battlefields"][0].update(map="x.tmx"), "ruined-city': field 'map': ruined-city "
                                                                             "is the launch battlefield"),
    ("edition-e2.json", lambda d: d["archetypes"][0].update(faces="1-3"), "field 'archetypes'"),
    ("edition-e2.json", lambda d: d["deployments"][2]["b"].update(how="near"), "deployments[2] 'flanked': b"),
    ("last-signal.json", lambda d: d["missions"][0].update(npc="orks"), "missions[0]: field 'npc'"),
    ("last-signal.json", lambda d: d["missions"][0]["objectives"][1].update(anchors=["N", "W", "E"]),
     "missions[0]: field 'objectives': two markers on one Anchor"),
    ("last-signal.json", lambda d: d["missions"][4]["objectives"][1].update(only_while={"slot": "A", "anchor": "S"}),
     "waits on a marker of objective A at S"),
    ("last-signal.json", lambda d: d["missions"][1]["objectives"][0].update(anchors=["C", "N"]),
     "field 'anchors': Activate - Sequence puts 1 marker(s)"),
    ("last-signal.json", lambda d: d["missions"].pop(), "expected the missions 1.1-3.3 and the climax"),
    ("operations.json", lambda d: d["operations"][0]["missions"][1].update(deployment=1), "never repeats a deployment"),
    ("operations.json", lambda d: d["operations"][0]["missions"][1].update(objective="A1"),
     "one Control, one Activate and one Destroy"),
    ("operations.json", lambda d: d["operations"][3].update(battlefield="blacksite"), "field 'battlefield'"),
    ("operations.json", lambda d: d["operations"][1].update(id="HEG-SWM-01"), "two Operations share an id"),
])
def test_a_broken_variant_file_is_named_with_its_entry_and_field(tmp_path, file, edit, message):
    base = broken(tmp_path, edit, file)
    with pytest.raises(PveDataError, match=re.escape(message)) as e:
        load_pve_data(CAT, base)
    assert file in str(e.value)


def test_a_missing_variant_file_is_named(tmp_path):
    base = broken(tmp_path, lambda d: None)
    (base / "operations.json").unlink()
    with pytest.raises(PveDataError, match="operations.json: file is missing"):
        load_pve_data(CAT, base)

"""Units that left the world: a Taken Out unit of an NPC side (a Horde wave's, a PvE NPC) leaves the esper world at
the end of the Turn, and its record (a UnitRetired event) answers what is still asked of it; the squads' units
stay. Play, replay, undo and load agree on the state, and the world holds the units in play, not every unit made."""
import esper
import pytest

from game.content import default_squad
from game.headless import build_scenario
from game.match import events as E
from game.match.components import Unit
from game.modes import CHECKPOINT_EVERY, create_match, replay, rewind
from game.modes.session import Session, make_controller
from game.persistence.save_loading import load_match
from game.persistence.save_writing import save_match
from game.report.facts import facts_of


def _played(mission, seed, commands, **kw):
    m = create_match(build_scenario(mission, **kw), seed)
    m.checkpoint_every = CHECKPOINT_EVERY
    s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer") for sp in m.scenario.sides})
    while m.phase != "over" and len(m.log) < commands:
        s.step()
    return m


def _in_world(m) -> set[int]:
    with m._in_world():
        return {uid for uid, _ in esper.get_component(Unit)}


@pytest.fixture(scope="module")
def horde():
    m = _played("horde", 4006, 700, squad=default_squad("praxium-corps"), map_name="horde-supply-corridor.tmx")
    yield m
    m.close()


def test_taken_out_horde_units_leave_the_world_and_their_records_answer(horde):
    m = horde
    records = [e for e in m.events if isinstance(e, E.UnitRetired)]
    assert len(records) >= 5, "a Horde run of 700 commands takes out more than a few Horde units"
    live = _in_world(m)
    for r in records:
        assert r.uid not in live and r.unit.side == "horde" and not r.unit.item
        assert m.unit(r.uid) is r.unit and m.unit(r.uid).name == r.unit.name
        assert not m.standing(r.uid) and m.position(r.uid) is None
        assert m.taken_out_by(r.uid) == r.fell.by and m.fell_at(r.uid) == r.fell.at
        assert m.health(r.uid).hit == r.hit and r.unit.card in m.state.retired_cards
    taken = {e.uid for e in m.events if isinstance(e, E.TakenOut)}
    assert set(m.all_units()) == live | {r.uid for r in records}  # every unit ever made, as before
    assert {r.uid for r in records} <= taken
    squad = m.all_units_of("player")
    assert squad and set(squad) <= live, "the squad's units stay in the world, Taken Out or not"
    facts = facts_of(m)  # the report reads them all
    assert all(facts.units[r.uid].name == r.unit.name for r in records)


def test_the_battle_log_has_no_line_for_a_unit_leaving_the_world(horde):
    assert all(e.text == "" for e in horde.events if isinstance(e, E.UnitRetired))


def test_replay_undo_and_load_reach_the_same_state(horde, tmp_path):
    m = horde
    again = replay(m.scenario, m.seed, list(m.log))
    assert again.state_hash() == m.state_hash() and again.all_units() == m.all_units()
    again.close()
    path = save_match(m, "retired", folder=tmp_path)
    loaded = load_match(path)
    assert loaded.state_hash() == m.state_hash() and loaded.all_units() == m.all_units()
    retired = [e for e in m.events if isinstance(e, E.UnitRetired)]
    assert loaded.unit(retired[0].uid).name == retired[0].unit.name  # (read from the saved log)
    n = len(m.log) - 3
    back = rewind(loaded, n)
    fresh = replay(m.scenario, m.seed, list(m.log)[:n])
    assert back.state_hash() == fresh.state_hash()
    back.close()
    fresh.close()


def test_pve_npcs_leave_the_world_when_taken_out():
    m = _played("pve", 2003, 400, options={"npc": "krumpfists", "tl": 2, "battlefield": "facility"})
    try:
        records = [e for e in m.events if isinstance(e, E.UnitRetired)]
        assert records and all(r.unit.side in m.npc_sides for r in records)
        assert not {r.uid for r in records} & _in_world(m)
    finally:
        m.close()

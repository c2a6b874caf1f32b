"""The lab's adapter: a real First Mission turned into a GameRecord that agrees with the finished match."""
import pytest

from game.content import default_squad, load_catalog
from game.headless import play_headless
from game.lab import adapter
from game.lab.records import LOSS, NPC, SQUAD, WIN
from game.match import events as E
from game.rules.squad import squad_gp


def test_missions_and_squads_come_from_the_game():
    missions = {m.id: m for m in adapter.list_missions()}
    assert "first-mission" in missions and missions["first-mission"].needs_opponent is False
    assert "krumpfists" in adapter.all_squads() and len(adapter.all_squads()) == 9
    with pytest.raises(ValueError, match="neither a faction"):
        adapter.resolve_squad("elves")


@pytest.mark.parametrize("seed", [3, 8])
def test_record_agrees_with_the_match(seed):
    catalog = load_catalog()
    spec = default_squad("interdictors", catalog)
    match = play_headless(seed, "first-mission", spec)
    try:
        rec = adapter._record(match, "first-mission", seed, "interdictors", "")
        assert rec.outcome == {"victory": WIN, "defeat": LOSS}[match.result.outcome]
        assert rec.turns == match.result.turn and rec.detail == match.result.text
        assert rec.mp_squad is None and rec.mp_opponent is None  # the First Mission scores no MP
        mine = rec.side_units(SQUAD)
        assert [u.type_id for u in mine] == [u.unit_type for u in spec.units]
        assert sum(u.gp for u in mine) == squad_gp(catalog, spec)
        bugs = rec.side_units(NPC)
        assert bugs and all(u.name == "Bug" and u.gp == 0 for u in bugs)
        assert len(bugs) == len(match.all_units_of("npc"))
        healed = {e.uid for e in match.events if isinstance(e, E.Healed) and e.amount}
        uids = [u for u in match.all_units() if not match.unit(u).item]
        for uid, u in zip(uids, rec.units):
            assert u.taken_out == (not match.standing(uid))
            if uid not in healed:  # HIT lost = the unit's HIT on its card minus what it has left
                h = match.health(uid)
                assert u.taken == h.max_hit - h.hit, match.unit(uid).name
        # Every HIT a squad unit deals is lost by a Bug or a Spawn Point, and every HIT a Bug deals, by the squad.
        npc_lost = sum(n for e in match.events if isinstance(e, E.AttackEnded) for uid, n in e.lost
                       if match.unit(uid).side == "npc")
        assert 0 < sum(u.dealt for u in mine) <= npc_lost
        assert sum(u.dealt for u in bugs) <= sum(u.taken for u in mine)
    finally:
        match.close()


def test_play_one_plays_the_seed_it_is_given():
    a = adapter.play_one("first-mission", 5, "krumpfists")
    b = adapter.play_one("first-mission", 5, "krumpfists")
    assert a == b and a.seed == 5 and a.squad == "krumpfists"

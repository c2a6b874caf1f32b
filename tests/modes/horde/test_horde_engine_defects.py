"""Three Horde engine defects, each at its cause: an opened Booby-Trap Crate is gone the moment it explodes (a unit it
sent to 0 HIT with Duty Before Death opened it again, and the match crashed); a Crate at 0 HIT cannot be opened; a
Crate's saves ask nobody (a Crate in Cover opened a dice prompt for the side "neutral"); a unit at 0 HIT under Duty
Before Death cannot heal itself. Scripted dice; the Interdictors (every unit has Duty Before Death)."""
import esper
import pytest

from game.content import default_squad
from game.match import commands as C
from game.match import skills as S
from game.match.components import Health
from game.match.errors import IllegalCommand
from game.modes.horde import crates
from game.rules.dice import ScriptedDice

from tests.modes.horde.horde_helpers import accept_all, begin, clear_horde, matches, put, squad  # noqa: F401
from tests.modes.horde.test_horde_crates import crate_next_to, spread


def interdictors(matches, **kw):
    m = matches(squad=default_squad("interdictors"), **kw)
    begin(m)
    clear_horde(m)
    spread(m)
    m.to["player"] = 0
    return m


def set_hit(m, uid, hit):
    with m._in_world():
        esper.component_for_entity(uid, Health).hit = hit


def names(m, *uids):
    return {u: m.unit(u).name for u in uids}


def open_crate_commands(m, side="player"):
    return [c for c in m.legal_commands(side) if isinstance(c, C.UseMissionAction) and c.action == "open-crate"]


def test_a_booby_trap_is_gone_before_the_unit_it_felled_acts(matches):
    m = interdictors(matches)
    toland, _, castius = squad(m)[:3]
    put(m, toland, 10, 10)
    put(m, castius, 12.4, 10)
    mid = crate_next_to(m, toland)  # at (11.2, 10): both Adjacent
    set_hit(m, castius, 2)
    m.mission_state.setdefault("items", {})[str(castius)] = ["medpack"]
    m.submit(C.Activate("player", toland))
    m.dice = ScriptedDice([6] + [6, 6] + [6, 6] + [3])  # Booby Trap; both units fail their 2 saves; a Medpack die
    m.submit(C.UseMissionAction("player", "open-crate", mid))
    accept_all(m)
    assert m.activation.uid == castius and m.activation.grant == "dbd" and m.health(castius).hit == 0
    assert mid not in m.markers() and not open_crate_commands(m)
    # Duty Before Death: one free action before it falls, and healing itself is not one of them (N69)
    assert m.mission_action_reason(castius, "medpack-self") == S.hit_to_heal_reason(m, castius)
    assert "0 HIT" in m.mission_action_reason(castius, "medpack-self")
    assert not [c for c in m.legal_commands("player") if getattr(c, "action", "").startswith("medpack")]
    with pytest.raises(IllegalCommand):
        m.submit(C.UseMissionAction("player", "medpack-self"))
    m.submit(C.EndActivation("player"))
    assert m.conditions(castius).downed and m.health(castius).hit == 0
    assert m.activation.uid == toland and m.health(toland).hit == m.health(toland).max_hit - 2


def test_a_crate_at_zero_hit_cannot_be_opened(matches):
    m = interdictors(matches)
    toland, _, castius = squad(m)[:3]
    put(m, toland, 4, 10)
    put(m, castius, 12.4, 10)
    mid = crate_next_to(m, castius, dx=-1.2)  # at (11.2, 10): Adjacent to Castius only
    crate = m.marker_uid(mid)
    set_hit(m, castius, 2)
    m.submit(C.Activate("player", castius))
    knife = m.unit(castius).card.weapon("INT-CK")
    m.dice = ScriptedDice([1] + [5] * (knife.att - 1) + [6, 6] + [6, 6])  # a Critical; the Crate's saves fail;
    m.submit(C.MeleeAttack("player", knife.id, crate))                     # then Castius's
    accept_all(m)
    assert m.activation.uid == castius and m.activation.grant == "dbd"
    assert m.standing(crate) and m.health(crate).hit == 0  # it falls once Castius's free action is done
    assert m.mission_action_reason(castius, "open-crate", mid) == "the Crate is exploding"
    assert not open_crate_commands(m)
    m.submit(C.EndActivation("player"))
    assert not m.standing(crate) and mid not in m.markers()


def cover_spot(m, shooter):
    """A spot for a Crate that `shooter` sees in Cover, at least 3" away (searched on the map's half-inch lattice)."""
    from game.battlefield import Base
    me = m.base(shooter)
    r = crates.crate_card(m.mission).base_diameter / 2
    for i in range(8, 40):
        for j in range(8, 40):
            x, y = i / 2, j / 2
            if abs(x - me.x) + abs(y - me.y) < 3 or not m.table.can_stand(r, x, y, 0.0):
                continue
            s = m.table.sight(me, Base(uid=-1, side="neutral", x=x, y=y, z=0.0, radius=r))
            if s.visible and s.cover:
                return x, y
    return None


def test_a_crate_in_cover_asks_nobody_about_its_saves(matches):
    m = interdictors(matches, map_name="horde-weapons-manufacture.tmx")
    castius = squad(m)[2]
    put(m, castius, 12, 12)
    spot = cover_spot(m, castius)
    assert spot is not None
    with m._in_world():
        m.place_marker("crate-9", "crate", "Crate 9", *spot, card=crates.crate_card(m.mission), item_side="neutral")
    crate = m.marker_uid("crate-9")
    m.submit(C.Activate("player", castius))
    reaper = m.unit(castius).card.weapon("INT-CR")  # Relentless
    assert reaper.has("RLT")
    m.dice = ScriptedDice([3] + [5] * (reaper.att - 1) + [6] + [2])  # one Strike: the Crate fails its save and
    m.submit(C.RangedAttack("player", reaper.id, crate))              # re-rolls it (Cover) by itself
    assert m.prompt is None or m.prompt.side == "player"
    accept_all(m)
    assert m.prompt is None and m.health(crate).hit == 1  # the re-rolled save holds
    assert m.legal_commands("player")


def test_the_reported_run_plays_to_its_end():
    """`main.py --headless --mission horde --seed 112 --map horde-weapons-manufacture.tmx --squad interdictors`
    crashed (KeyError: Position) when a Booby Trap and Duty Before Death met."""
    from game.headless import play_headless
    m = play_headless(112, "horde", default_squad("interdictors"), "horde-weapons-manufacture.tmx")
    try:
        assert m.result is not None
    finally:
        m.close()

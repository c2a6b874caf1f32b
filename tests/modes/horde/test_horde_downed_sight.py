"""N76: a Downed unit lies on its side and blocks no Line of Sight, its own squad's as well as the Horde's; stood up
again (revived), its base blocks sight as any unit's does (R9). The table's sight query answers it, so the
match's targets and the computer players see the same."""
from game.modes.horde import waves
from game.rules.model import RANGED

from tests.modes.horde.horde_helpers import begin, clear_horde, matches, put, squad  # noqa: F401


def _line_of_three(m):
    """A squad shooter at (4, 12), a squadmate at (8, 12) in its way, a Ruin Stalker at (13, 12); the others away."""
    clear_horde(m)
    units = squad(m)
    for i, u in enumerate(units):
        put(m, u, 3 + 2.5 * i, 22)
    shooter = next(u for u in units if any(w.kind == RANGED for w in m.unit(u).card.weapons))
    mate = next(u for u in units if u != shooter)
    put(m, shooter, 4, 12)
    put(m, mate, 8, 12)
    with m._in_world():
        foe = m.spawn("horde", "Ruin Stalker", waves.horde_card(m.mission, "HRD-MED01"), 13.0, 12.0, 0.0)
    return shooter, mate, foe


def _sees(m, a, b):
    return m.table.sight(m.base(a), m.base(b))


def test_a_downed_squadmate_hides_nothing_from_its_squad_or_the_horde(matches):
    m = begin(matches())
    shooter, mate, foe = _line_of_three(m)
    weapon = max((w for w in m.unit(shooter).card.weapons if w.kind == RANGED), key=lambda w: w.range_inches or 99)
    standing = _sees(m, shooter, foe)
    assert not standing.visible and str(mate) in standing.blocker
    assert "Line of Sight" in m.ranged_target_reason(shooter, weapon, foe)
    assert not _sees(m, foe, shooter).visible

    m.down(mate)
    assert m.conditions(mate).downed and m.base(mate).lying
    assert _sees(m, shooter, foe).visible
    assert _sees(m, foe, shooter).visible
    reason = m.ranged_target_reason(shooter, weapon, foe)
    assert reason is None or "Line of Sight" not in reason

    m.revive(mate, 1, "a test")
    assert not m.base(mate).lying
    assert not _sees(m, shooter, foe).visible  # the answer kept while it lay is not given again


def test_a_downed_base_still_takes_up_its_place(matches):
    m = begin(matches())
    shooter, mate, foe = _line_of_three(m)
    m.down(mate)
    b = m.base(mate)
    assert not m.table.can_stand(0.5, b.x, b.y, b.z)


def test_a_restored_match_lays_the_downed_base_down_again(matches):
    m = begin(matches())
    shooter, mate, foe = _line_of_three(m)
    m.down(mate)
    m._follow_all()  # the table rebuilt from the state, as after a snapshot is restored
    assert m.base(mate).lying and _sees(m, shooter, foe).visible

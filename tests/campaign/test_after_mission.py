"""What a finished mission tells a campaign (AfterMission.units): per unit of the scenario's squad (its slot), who
was Taken Out, when and by whom, who was left behind or extracted, whom each took out, HIT dealt and lost; all
from the match's events, with scripted dice."""
from game.match import commands as C
from game.match.unit_outcomes import EXTRACTED, LEFT_BEHIND, MISSION_DAMAGE, STANDING, TAKEN_OUT
from game.rules.model import RANGED
from tests.modes.pve.conftest import NO_TO, deploy, two_troopers
from tests.modes.pve.test_pve_extraction import OPTS, SETUP
from tests.modes.pve.test_pve_objectives import pass_turn


def damage(m, source, target, amount, saves):
    """`amount` Damage from `source` (None: the mission's) to `target`, its Armor Saves scripted."""
    m.dice._faces.extend(saves)
    with m._in_world():
        m.deal_damage(source, [(amount, [target])], RANGED, "test")
        m._after_step()
    while m.prompt is not None and m.prompt.kind == "dice":
        m.submit(C.AcceptDice(m.prompt.side))


def test_each_unit_of_the_squad_is_told_by_its_slot(pve):
    m = pve(OPTS, SETUP, squad=two_troopers(4))
    deploy(m, [(10, 18), (12, 17.5), (14, 18), (16, 18)], NO_TO)
    a, b, c, d = m.units("player")
    elite = m.units("npc")[0]
    damage(m, elite, d, 3, [6, 6, 6])  # Turn 1: D loses its 3 HIT to the Melee Elite
    pass_turn(m)
    damage(m, c, elite, 2, [6, 6])  # Turn 2: C wounds the Elite...
    damage(m, None, c, 3, [6, 6, 6])  # ...and falls to the mission's Damage
    pass_turn(m)
    pass_turn(m, [*NO_TO, 8, 5])  # Turn 4: the Extraction Point on C
    m.mission_state["status"]["activate"] = "met"
    m.place(a, 12, 14.9)  # within 3" of the Extraction Point
    pass_turn(m, stay=False)
    after = m.mission.after_mission(m)
    assert after.result is m.result and after.result.outcome == "victory"
    squad = {o.slot: o for o in after.units if o.side == "player"}
    assert sorted(squad) == [0, 1, 2, 3]
    assert (squad[0].name, squad[0].fate, squad[0].turn) == ("A", EXTRACTED, None)
    assert (squad[1].fate, squad[1].turn, squad[1].by_name) == (LEFT_BEHIND, 4, "left behind at extraction")
    assert squad[1].out and not squad[0].out
    assert (squad[2].fate, squad[2].turn, squad[2].by, squad[2].by_name) == (TAKEN_OUT, 2, None, MISSION_DAMAGE)
    assert (squad[2].hit_dealt, squad[2].hit_lost) == (2, 3)
    enemy = next(o for o in after.units if o.uid == elite)
    assert (squad[3].fate, squad[3].turn, squad[3].by) == (TAKEN_OUT, 1, elite)
    assert squad[3].by_name == f"{m.unit(elite).name} ({m.side_name('npc')})"
    assert enemy.slot is None and enemy.took_out == (d,) and enemy.hit_dealt == 3 and enemy.hit_lost == 2
    assert enemy.fate == STANDING

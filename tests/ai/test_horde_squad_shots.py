"""The Horde squad's computer player and the shots it walks to: a spot "with a shot" must be one it may shoot from.
A target a squadmate holds in Melee may not be shot (R7), wherever the shooter stands; the player walked to a spot
that saw it, could not fire, and walked again with the ACT it had left (seed 1's eighth wave on Weapons Manufacture:
the last two of the squad, one fighting each newcomer, the other circling it, 14 Turns)."""
from game.ai.horde import HordeController
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C
from game.rules.dice import Dice

from tests.modes.horde.horde_helpers import activate, spawn, begin, clear_horde, matches, put, squad  # noqa: F401

MAP = "horde-last-stand.tmx"


def play_activation(m, uid) -> list:
    """The unit's whole activation as the computer plays it (the Horde answers its own dice): its commands."""
    squad_ctl, horde_ctl = HordeSquadController("player"), HordeController("horde")
    done = []
    while True:
        side = m.waiting_for()
        cmd = (squad_ctl if side == "player" else horde_ctl).decide(m)
        m.submit(cmd)
        if side == "player":
            done.append(cmd)
        if isinstance(cmd, C.EndActivation) and side == "player":
            return done
        assert len(done) < 30, done


def test_a_shooter_does_not_walk_to_shoot_a_foe_a_squadmate_holds_in_melee(matches):
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    leader, mate, *others = squad(m)
    for i, u in enumerate(others):
        put(m, u, 2 + 2.5 * i, 22)  # the others far away, south-west
    put(m, leader, 12, 12)
    put(m, mate, 9.2, 12)
    foe = spawn(m, "HRD-MED01", 8, 12)  # a Ruin Stalker Adjacent to the squadmate, 3" beyond it from the Leader
    assert m.adjacent(mate, foe) and not m.adjacent(leader, foe)
    gun = next(w for w in m.unit(leader).card.weapons if w.kind == "ranged")
    assert "Adjacent to" in m.ranged_target_reason(leader, gun, foe)  # R7: no shot at it from anywhere
    activate(m, leader)
    m.dice = Dice(22)  # seeded dice for the fight
    done = play_activation(m, leader)
    attacks = [c for c in done if isinstance(c, (C.MeleeAttack, C.RangedAttack))]
    # before: a Move to a spot that saw it, no shot, a second Move with the ACT left, no attack at all
    assert attacks and all(isinstance(c, C.MeleeAttack) and c.target == foe for c in attacks), done

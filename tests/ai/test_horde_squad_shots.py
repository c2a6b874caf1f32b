"""The Horde squad's computer player and the shots it walks to: a spot "with a shot" must be one it may shoot from.
A target a squadmate holds in Melee may not be shot (R7), wherever the shooter stands; the player walked to a spot
that saw it, could not fire, and walked again with the ACT it had left (seed 1's eighth wave on Weapons Manufacture:
the last two of the squad, one fighting each newcomer, the other circling it, 14 Turns)."""
from game.ai.horde import HordeController
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C
from game.modes.horde import waves
from game.rules.dice import Dice

from tests.modes.horde.horde_helpers import begin, clear_horde, matches, put, squad  # noqa: F401

MAP = "horde-last-stand.tmx"


def spawn(m, type_id, x, y):
    card = waves.horde_card(m.mission, type_id)
    with m._in_world():
        return m.spawn("horde", card.name, card, x, y, 0.0)


def activate(m, uid):
    while m.waiting_for() == "player" and m.active_unit != uid:
        m.submit(C.Activate("player", uid) if m.activation is None else C.EndActivation("player"))
    assert m.active_unit == uid


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


BROODMIND, LEECH = "HRD-BOSS3", "HRD-LCH01"
SHOOTER_AT, BOSS_AT, LEECH_AT = (3.5, 5.5), (11.5, 5.5), (3.5, 10.5)  # a wall between the shooter and the Boss


def test_once_the_squad_goes_for_the_boss_a_shooter_walks_to_a_shot_at_it_before_shooting_a_leech(matches):
    """Seed 26's fourth wave on Containment Breach: the Broodmind in a corner at 5 HIT from the wave's 7th Turn to its
    12th, births a Leech each Turn, while the squad shot the Leeches in reach (13 Turns)."""
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    me, *others = squad(m)
    for i, u in enumerate(others):
        put(m, u, 14 + 2.5 * i, 22)  # the others far away, south-east
    put(m, me, *SHOOTER_AT)
    boss, leech = spawn(m, BROODMIND, *BOSS_AT), spawn(m, LEECH, *LEECH_AT)
    m.mission_state["boss"] = boss
    m.mission_state["wave_turn"] = 6  # reinforcements every Turn: the wave ends only when the Boss falls
    activate(m, me)
    gun = next(w for w in m.unit(me).card.weapons if w.kind == "ranged")
    assert "Line of Sight" in m.ranged_target_reason(me, gun, boss)  # the wall
    assert m.ranged_target_reason(me, gun, leech) is None  # the Leech in the open
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.Move), cmd  # before: a shot at the Leech
    m.submit(cmd)
    assert m.ranged_target_reason(me, gun, boss) is None  # from there: a shot at the Boss
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == boss, cmd


def test_with_a_shot_at_the_boss_from_where_it_stands_it_does_not_move(matches):
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    me, *others = squad(m)
    for i, u in enumerate(others):
        put(m, u, 14 + 2.5 * i, 22)
    put(m, me, 7.5, 5.5)
    boss, leech = spawn(m, BROODMIND, *BOSS_AT), spawn(m, LEECH, *LEECH_AT)
    m.mission_state["boss"] = boss
    m.mission_state["wave_turn"] = 6
    activate(m, me)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == boss, cmd

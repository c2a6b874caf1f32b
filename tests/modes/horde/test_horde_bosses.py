"""The Horde's special rules: Leech, the Shadow Fiend (Phasebound, Counter, Twilight Blades, its Move), the Ossuary
Engine (Null Construct), the Broodmind (Nutrient Lash, Slow, Spawn Sacs, its Leeches). Scripted dice."""
from game.match import commands as C
from game.match import events as E
from game.modes.horde import waves
from game.rules import actions as act
from game.rules.dice import ScriptedDice

from tests.modes.horde.horde_helpers import accept_all, begin, clear_horde, horde, matches, put, squad  # noqa: F401


def spawn(m, type_id, x, y):
    card = waves.horde_card(m.mission, type_id)
    with m._in_world():
        return m.spawn("horde", card.name, card, x, y, m.table.surface_z(x, y, 0.0))


def ready(m, n_squad=1, positions=((12, 12),)):
    """Turn 1 begun, the Horde cleared, the squad's first units put where the test wants them (others far)."""
    begin(m)
    clear_horde(m)
    units = squad(m)
    for i, u in enumerate(units):
        x, y = positions[i] if i < len(positions) else (2 + 2 * i, 22)
        put(m, u, x, y)
    return units


def activate_horde(m, uid):
    """Let the squad's units pass until the Horde unit `uid` is the one activating."""
    while m.active_unit != uid:
        side = m.waiting_for()
        if m.active_unit is None and side == "player":
            m.submit(C.Activate("player", m.legal_commands("player")[0].uid))
        m.submit(C.EndActivation(m.waiting_for()))


def test_leech_takes_a_tactical_order_then_hit(matches):
    m = matches()
    a = ready(m)[0]
    leech = spawn(m, "HRD-LCH01", 13.2, 12)
    m.to["player"] = 1
    hp = m.health(a).hit
    # the Leech activates (it is the only Horde unit): Latch 3 dice: 2, 6, 6 -> 1 Strike; 1 save: 6 fails
    m.submit(C.Activate("player", squad(m)[1]))
    m.submit(C.EndActivation("player"))
    assert m.active_unit == leech
    m.dice = ScriptedDice([2, 6, 6, 6])
    m.submit(C.MeleeAttack("horde", "HRD-LCH01-LTC", a))
    accept_all(m)
    assert m.health(a).hit == hp - 1 and m.to["player"] == 0  # the squad lost its TO
    m.dice = ScriptedDice([2, 6, 6, 6])  # a second Latch (2MC: 1 ACT): the squad has no TO left -> 1 more HIT
    m.submit(C.MeleeAttack("horde", "HRD-LCH01-LTC", a))
    accept_all(m)
    assert m.health(a).hit == hp - 3
    assert any(isinstance(e, E.Note) and "Leech" in e.text for e in m.events)


def test_null_construct_and_phasebound(matches):
    m = matches()
    a = ready(m, positions=((12, 12),))[0]
    ossuary = spawn(m, "HRD-BOSS2", 12, 18)
    fiend = spawn(m, "HRD-BOSS1", 18, 12)
    w = next(w for w in m.unit(a).card.weapons if w.kind == "ranged")
    assert "Null Construct" in m.ranged_target_reason(a, w, ossuary)
    with m._in_world():
        m.health(ossuary).hit = 7
    assert m.ranged_target_reason(a, w, ossuary) is None
    assert m.mission.always_in_cover(m, fiend) and not m.mission.always_in_cover(m, ossuary)
    # Phasebound: a Ranged attack on the Fiend in the open still gives it Cover (a save re-roll)
    m.submit(C.Activate("player", a))
    m.dice = ScriptedDice([1, 1, 1, 6, 6, 6, 6, 6, 6, 6])
    m.submit(C.RangedAttack("player", w.id, fiend))
    assert m.prompt.side == "horde" and ("cover", 1) in m.prompt.decision.free  # its saves may re-roll for Cover


def test_counter_strikes_back_when_it_loses_no_hit(matches):
    m = matches()
    a = ready(m)[0]
    fiend = spawn(m, "HRD-BOSS1", 13.2, 12)
    m.submit(C.Activate("player", a))
    wm = next(w for w in m.unit(a).card.weapons if w.kind == "melee")
    m.dice = ScriptedDice([6] * 6)  # every attack die misses: the Fiend loses no HIT
    m.submit(C.MeleeAttack("player", wm.id, fiend))
    accept_all(m)
    assert m.prompt is not None and m.prompt.kind == "counter" and m.prompt.side == "horde"


def test_twilight_blades_rend_when_only_the_target_sees_it(matches):
    m = matches()
    units = ready(m, positions=((12, 12), (15, 12)))
    a, b = units[0], units[1]
    fiend = spawn(m, "HRD-BOSS1", 13.2, 12)
    with m._in_world():  # the other units are Downed: they see nothing (enemies ignore them)
        for u in squad(m)[2:]:
            m.down(u)
    from game.rules.combat import AttackSpec, StrikeTarget
    spec = AttackSpec(attacker=fiend, kind="melee", att=4, skl=5, attacker_arm=4, attacker_hit=8,
                      groups=((4, (StrikeTarget(uid=a, arm=3, hit=4),)),))
    blades = m.unit(fiend).card.weapon("HRD-BOSS1-TB")
    assert m.table.sight(m.base(b), m.base(fiend)).visible
    with m._in_world():
        assert m.mission.attack_spec(m, spec, blades).rnd == 0  # two enemies see it
        m.down(b)
        assert m.mission.attack_spec(m, spec, blades).rnd == 1  # only its target does: Rending 1


def test_the_shadow_fiend_moves_next_to_a_random_enemy_that_cannot_see_it(matches):
    m = matches()
    units = ready(m, positions=((12, 12), (12, 14)))
    fiend = spawn(m, "HRD-BOSS1", 3, 3)
    # the squad's units all around the centre see the Fiend in the open table's corner: it moves as usual
    activate_horde(m, fiend)
    with m._in_world():
        m.dice = ScriptedDice([])
        assert not m.mission.instead_of_move(m, fiend, act.MOVE)
    # one unit turns its back: a base between them blocks its sight
    blocker = spawn(m, "HRD-LCH01", 3, 5)
    put(m, units[1], 3, 6.1)
    unseen = [e for e in squad(m) if not m.table.sight(m.base(e), m.base(fiend)).visible]
    assert units[1] in unseen
    m.dice = ScriptedDice([unseen.index(units[1]) + 1])
    m.submit(C.Move("horde", 6, 3, 0.0))
    assert m.table.adjacent(m.base(fiend), m.base(units[1]))
    assert any(isinstance(e, E.Moved) and e.uid == fiend and e.action == "place" for e in m.events)
    assert blocker in horde(m)


def test_the_broodmind_is_slow_births_leeches_and_feeds(matches):
    m = matches()
    units = ready(m, positions=((12, 12),))
    a = units[0]
    brood = spawn(m, "HRD-BOSS3", 18, 18)
    activate_horde(m, brood)
    assert m.move_budget(act.MOVE) == 2.0 and m.move_budget(act.DASH) == 2.0
    from dataclasses import replace  # Slow's Move is the data's (tables.json "slow_move_inches")
    data = m.mission.data
    m.mission.data = replace(data, rules=dict(data.rules, slow_move_inches=1.5))
    assert m.move_budget(act.MOVE) == 1.5
    m.mission.data = data
    # no enemy Adjacent: birth a Leech (1 ACT, once per Activation)
    assert C.UseMissionAction("horde", "spawn-leech") in m.legal_commands("horde")
    before = len(horde(m))
    m.submit(C.UseMissionAction("horde", "spawn-leech"))
    assert len(horde(m)) == before + 1 and m.act_left() == 3
    assert m.mission_action_reason(brood, "spawn-leech") == "once per Activation"
    m.submit(C.EndActivation("horde"))
    # Nutrient Lash: a squad unit within 6" loses HIT in melee: 1D6, a 1 heals the Broodmind
    with m._in_world():
        m.health(brood).hit = 6
    leech = horde(m)[-1]
    put(m, a, 18, 16.6)
    with m._in_world():
        steps = m.mission.after_attack(m, leech, waves.horde_card(m.mission, "HRD-LCH01").weapons[0], a, {a: 1})
    assert ("mission", "nutrient_lash", brood, a) in steps
    m.dice = ScriptedDice([1])
    with m._in_world():
        m.mission.on_step(m, "nutrient_lash", brood, a)
    assert m.health(brood).hit == 7


def test_spawn_sacs_when_a_melee_attack_takes_no_hit(matches):
    m = matches()
    a = ready(m)[0]
    brood = spawn(m, "HRD-BOSS3", 13.2, 12)
    m.submit(C.Activate("player", a))
    wm = next(w for w in m.unit(a).card.weapons if w.kind == "melee")
    before = len(horde(m))
    m.dice = ScriptedDice([6] * 6)
    m.submit(C.MeleeAttack("player", wm.id, brood))
    accept_all(m)
    assert len(horde(m)) == before + 1
    assert m.unit(horde(m)[-1]).type_id == "HRD-LCH01"
    assert m.table.adjacent(m.base(horde(m)[-1]), m.base(brood))


def test_a_boss_activates_first_among_the_horde(matches):
    m = matches()
    ready(m)
    leech = spawn(m, "HRD-LCH01", 13.2, 12)
    boss = spawn(m, "HRD-BOSS2", 22, 22)
    m.submit(C.Activate("player", squad(m)[0]))
    m.submit(C.EndActivation("player"))
    assert m.active_unit == boss and leech in horde(m)

"""The Horde squad's computer player and the wave's Boss: a Boss wave ends only when the Boss falls (from the wave's
Turn 5 a unit of reinforcements comes every Turn, and the Broodmind births a Leech each Turn), so the squad goes for
the Boss first. Before, it shot the weakest target first: the 1-HIT newcomers, Turn after Turn, while the Boss stood
(seed 29's fourth wave lasted 24 Turns, seeds 61 and 64 over 20 with a Broodmind in a corner)."""
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C
from game.modes.horde import crates, shop

from tests.modes.horde.horde_helpers import activate, spawn, begin, clear_horde, matches, put, run, squad  # noqa: F401

BROODMIND, OSSUARY, LEECH = "HRD-BOSS3", "HRD-BOSS2", "HRD-LCH01"


def shooter(m):
    """The unit of the squad with the best Ranged weapon, and that weapon."""
    def best(u):
        return max((w for w in m.unit(u).card.weapons if w.kind == "ranged"), key=lambda w: (w.att * w.skl, w.id),
                   default=None)
    u = max((u for u in squad(m) if best(u) is not None), key=lambda u: (best(u).att * best(u).skl, -u))
    return u, best(u)


def scene(m, boss_type, wave_turn):
    clear_horde(m)
    me, w = shooter(m)
    for i, u in enumerate(x for x in squad(m) if x != me):
        put(m, u, 2 + 2.5 * i, 22)  # the others far away, south-west
    put(m, me, 12, 12)
    boss = spawn(m, boss_type, 12, 17)
    leech = spawn(m, LEECH, 16, 12)
    m.mission_state["boss"] = boss
    m.mission_state["wave_turn"] = wave_turn
    activate(m, me)
    return me, w, boss, leech


def test_the_squad_shoots_the_boss_before_the_leeches_once_reinforcements_come(matches):
    m = begin(matches())
    me, w, boss, leech = scene(m, BROODMIND, 5)
    assert m.ranged_target_reason(me, w, boss) is None and m.ranged_target_reason(me, w, leech) is None
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == boss, cmd  # before: the Leech (1 HIT)


def test_early_in_the_wave_with_many_foes_it_still_shoots_the_weakest(matches):
    m = begin(matches())
    me, w, boss, leech = scene(m, BROODMIND, 2)
    for i in range(len(squad(m)) + 1):  # more of the Horde than the squad
        spawn(m, LEECH, 2 + 1.5 * i, 2)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == leech, cmd


def test_an_unhurt_ossuary_engine_cannot_be_shot_so_the_shooter_takes_the_leech(matches):
    m = begin(matches())
    me, w, boss, leech = scene(m, OSSUARY, 6)
    assert m.ranged_target_reason(me, w, boss) is not None  # Null Construct: not while it has all its HIT
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == leech, cmd
    with m._in_world():
        m.lose_hit(boss, 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == boss, cmd  # hurt once, it is the target


CRATE_MAP = "horde-containment-breach.tmx"
FROM, BY_THE_CRATE = (18.5, 11.5), (21.5, 15.5)  # seed 130: a wall between the second spot and Crate 2


def test_a_unit_that_could_not_work_a_crate_does_not_walk_back_to_it(matches):
    """Seed 130's fourth wave: from (18.5, 11.5) the unit walked to the crate (4" away), could not work it from
    there, walked toward the Boss and, in its next activation, back to the crate: 37 Turns."""
    m = begin(matches(map_name=CRATE_MAP))
    clear_horde(m)
    me = squad(m)[0]
    for i, u in enumerate(squad(m)[1:]):
        put(m, u, 2 + 2.5 * i, 22)
    boss = spawn(m, BROODMIND, 0.5, 0.5)
    m.mission_state["boss"] = boss
    m.mission_state["wave_turn"] = 12
    with m._in_world():
        m.place_marker("crate-2", crates.CRATE, "Crate 2", 20.5, 16.5, 0.0, card=crates.crate_card(m.mission),
                       item_side="neutral", where="by the Supply Drop", rules="")
    put(m, me, *BY_THE_CRATE)
    activate(m, me)
    assert m.mission_action_reason(me, "open-crate", "crate-2", None) is not None  # not from here
    ctl = HordeSquadController("player")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move) and (cmd.x, cmd.y) != BY_THE_CRATE, cmd
    put(m, me, *FROM)  # where that Move led, in the same wave
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move), cmd
    assert (cmd.x, cmd.y) != BY_THE_CRATE, cmd  # before: back to the crate, and so on every Turn
    assert abs(cmd.x - 0.5) + abs(cmd.y - 0.5) < abs(FROM[0] - 0.5) + abs(FROM[1] - 0.5)  # toward the Boss


# == Tactical Orders on dice, and healing ===============================================================================
def test_tactical_orders_save_a_squad_unit_from_losing_hit(matches):
    """Tactical Orders are lost at the end of the Turn: the squad spends them on its failed saves (before: never,
    every save accepted as rolled)."""
    from game.rules.dice import ScriptedDice
    m = begin(matches())
    clear_horde(m)
    me = squad(m)[0]
    for i, u in enumerate(squad(m)[1:]):
        put(m, u, 2 + 2.5 * i, 22)
    put(m, me, 12, 12)
    stalker = spawn(m, "HRD-MED01", 13.2, 12)  # Ruin Stalker: Bone Claws, Melee
    m.submit(C.Activate("player", squad(m)[1]))
    m.submit(C.EndActivation("player"))
    assert m.active_unit == stalker
    m.to["player"] = 3
    m.dice = ScriptedDice([2, 2, 2, 2] + [5] * 4 + [1] * 20)  # 4 Strikes; every save fails; re-rolls save
    claws = next(w for w in m.unit(stalker).card.weapons if w.kind == "melee")
    m.submit(m.attack_command("horde", stalker, claws, me))
    while m.prompt is not None and m.prompt.side == "horde":
        m.submit(C.AcceptDice("horde"))
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player"
    assert m.prompt.decision.stage == "save" and m.prompt.decision.failed()
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, (C.RerollDie, C.ChangeDie)), cmd  # before: AcceptDice
    assert not isinstance(cmd, C.RerollDie) or cmd.source == "TO"


def test_the_shop_buys_medpacks_for_the_hit_lost_and_the_unit_uses_one(matches):
    m = begin(matches())
    clear_horde(m)
    a, b = squad(m)[0], squad(m)[1]
    with m._in_world():
        m.health(a).hit = m.health(a).max_hit - 2  # 2 HIT lost: a Medpack's 1D3 is not wasted
    m.score["player"] = 8
    m.mission_state["wave_state"] = "shop"
    run(m, shop.open_shop)
    ctl = HordeSquadController("player")
    assert ctl.decide(m) == C.Choose("player", "medpack")  # before: Heal only at half HIT or less, 1 HIT for 4 MP
    m.submit(C.Choose("player", "medpack"))
    cmd = ctl.decide(m)
    assert cmd == C.Choose("player", str(a)), cmd
    m.submit(cmd)
    assert m.mission_state["items"][str(a)] == ["medpack"]
    assert ctl.decide(m) != C.Choose("player", "medpack")  # the 2 HIT lost are covered


def test_a_lone_unit_walks_to_its_downed_squadmates_however_far(matches):
    """With no more of the squad Standing than Downed, the unit goes to revive one (seed 3's fourth wave: one unit at
    1 HIT fought the reinforcements for 18 Turns while the Downed one lay 12" away)."""
    m = begin(matches())
    clear_horde(m)
    me, *others = squad(m)
    put(m, me, 12, 12)
    for i, u in enumerate(others):
        put(m, u, 20 + 1.5 * i, 20)
        with m._in_world():
            m.health(u).hit = 0
            m.down(u)
    boss = spawn(m, OSSUARY, 2, 2)  # unhurt: no shot at it
    m.mission_state["boss"] = boss
    m.mission_state["wave_turn"] = 8
    activate(m, me)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.Move), cmd
    near = min(others, key=lambda u: (abs(m.base(u).x - 12) + abs(m.base(u).y - 12), u))
    before = ((12 - m.base(near).x) ** 2 + (12 - m.base(near).y) ** 2) ** 0.5
    after = ((cmd.x - m.base(near).x) ** 2 + (cmd.y - m.base(near).y) ** 2) ** 0.5
    assert after < before - 3.0, cmd  # before: toward the Boss, away from them


def test_tactical_orders_pay_for_more_attacks_beyond_those_kept(matches):
    """Its ACT spent, a unit attacks again with Tactical Orders while more than KEEP_TO are left (they are lost at the
    end of the Turn; before, it ended its activation holding them)."""
    from game.ai.horde_squad import KEEP_TO
    from game.rules.dice import ScriptedDice
    m = begin(matches())
    me, w, boss, leech = scene(m, BROODMIND, 8)
    m.to["player"] = KEEP_TO + 3
    m.dice = ScriptedDice([6] * 200)  # every attack misses: the targets stay
    while m.act_left() >= m.cost_of("ranged", w):
        m.submit(m.attack_command("player", me, w, boss))
        while m.prompt is not None:
            m.submit(C.AcceptDice(m.prompt.side))
    assert m.active_unit == me and m.to["player"] == KEEP_TO + 3
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack), cmd  # before: EndActivation with the TO unspent
    m.to["player"] = KEEP_TO
    cmd = HordeSquadController("player").decide(m)
    assert not isinstance(cmd, (C.RangedAttack, C.MeleeAttack)), cmd


def test_a_grenade_at_the_unhurt_ossuary_engine_opens_it_to_the_shooters(matches):
    """Null Construct forbids Ranged Combat at the Ossuary Engine while it has all its HIT; a Grenade is no Ranged
    Combat: the squad throws one at it alone (before: only at groups of two or more)."""
    m = begin(matches())
    me, w, boss, leech = scene(m, OSSUARY, 6)
    put(m, me, 12, 13)  # the Boss (12, 17) within the Grenade's 6"
    m.mission_state.setdefault("items", {})[str(me)] = ["grenade"]
    assert m.ranged_target_reason(me, w, boss) is not None
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.UseMissionAction) and cmd.action == "throw-grenade" and cmd.target == boss, cmd
    from game.rules.dice import ScriptedDice
    m.dice = ScriptedDice([5] * 10)  # its saves fail (ARM 4)
    m.submit(cmd)
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert m.health(boss).hit < m.health(boss).max_hit  # the Grenade hurt it at full HIT (N73)
    assert m.ranged_target_reason(me, w, boss) is None  # and now it may be shot


def test_a_unit_held_off_a_downed_squadmate_does_not_walk_back_to_it(matches):
    """Next to a Downed squadmate with its ACT and no revive allowed (an enemy by it), the unit goes about the wave
    and does not walk back to it Turn after Turn (seed 157's first wave: 159 Turns)."""
    m = begin(matches())
    clear_horde(m)
    me, mate, *others = squad(m)
    for i, u in enumerate(others):
        put(m, u, 2 + 2.5 * i, 22)
    put(m, mate, 13.2, 12)
    with m._in_world():
        m.health(mate).hit = 0
        m.down(mate)
    boss = spawn(m, OSSUARY, 14.4, 12)  # by the Downed one; unhurt, so no shot at it
    m.mission_state["boss"] = boss
    m.mission_state["wave_turn"] = 8
    put(m, me, 12, 12)
    activate(m, me)
    assert m.adjacent(me, mate) and m.act_left() >= 2
    assert m.mission_action_reason(me, "revive", None, mate) is not None
    ctl = HordeSquadController("player")
    ctl.decide(m)
    put(m, me, 12, 16)  # wherever that led, in the same wave
    cmd = ctl.decide(m)
    # before: back beside it, to revive it. A Move there now is the unit going for the Boss, the only foe left (no
    # spot of the Move has a shot at it while it is unhurt: it walks to fight it)
    assert not (isinstance(cmd, C.Move) and ((cmd.x - 13.2) ** 2 + (cmd.y - 12) ** 2) ** 0.5 <= 1.6 and
                not ctl.explanation.endswith(": advance")), (cmd, ctl.explanation)
    assert not ctl.explanation.endswith(": to downed"), (cmd, ctl.explanation)

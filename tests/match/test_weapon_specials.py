"""Weapon specials inside a match (quick reference: WEAPON SPECIALS), with placed units and scripted dice."""
import pytest

from game.match import commands as C
from game.match.errors import IllegalCommand
from game.rules.dice import ScriptedDice
from game.rules.model import MELEE, RANGED, Special, UnitCard, WeaponCard
from tests.match.conftest import card

START = [4, 4, 4, 4, 4, 4, 2, 5]


def armed(*weapons, act=3, hit=3, arm=3, name="Gunner"):
    return UnitCard(name, name, act, arm, hit, 4, 4, tuple(weapons))


def gun(*specials, att=2, skl=4, kind=RANGED, wid="gun"):
    return WeaponCard(wid, wid.title(), kind, att, skl, tuple(specials))


def test_blast_hits_every_unit_adjacent_to_the_target_that_it_can_see(make_skirmish):
    shooter = armed(gun(Special("BLS"), att=1))
    m, a, b = make_skirmish([(shooter, 5, 10)], [(card(), 15, 10), (card(), 16.2, 10), (card(), 15, 15)],
                            dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([3, 6, 6])  # one Strike; both units hit fail their save
    m.submit(C.RangedAttack("A", "gun", b[0]))
    assert [m.health(u).hit for u in b] == [2, 2, 3]


def test_chain_reaction_secondary_targets_must_be_adjacent(make_skirmish):
    shooter = armed(gun(Special("CHR", 1), att=1))
    m, a, b = make_skirmish([(shooter, 5, 10)], [(card(), 15, 10), (card(), 16.2, 10), (card(), 15, 15)],
                            dice=START)
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="Adjacent to the first target"):
        m.submit(C.RangedAttack("A", "gun", b[0], extra_targets=(b[2],)))
    with pytest.raises(IllegalCommand, match="too many"):
        m.submit(C.RangedAttack("A", "gun", b[0], extra_targets=(b[1], b[2])))
    m.dice = ScriptedDice([1, 6, 6, 6, 6])  # a Critical: 2 Damage to each
    m.submit(C.RangedAttack("A", "gun", b[0], extra_targets=(b[1],)))
    assert [m.health(u).hit for u in b] == [1, 1, 3]


def test_spread_splits_the_dice(make_skirmish):
    shooter = armed(gun(Special("SPR"), att=3))
    m, a, b = make_skirmish([(shooter, 5, 10)], [(card(), 15, 10), (card(), 15, 11.8)], dice=START)
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="Spread"):
        m.submit(C.RangedAttack("A", "gun", b[0], extra_targets=(b[1],), split=(3, 0)))
    m.dice = ScriptedDice([2, 2] + [6, 6] + [3] + [6])  # 2 dice at b0: 2 Strikes; then 1 die at b1: 1 Strike
    m.submit(C.RangedAttack("A", "gun", b[0], extra_targets=(b[1],), split=(2, 1)))
    assert [m.health(u).hit for u in b] == [1, 2]


def test_hit_strikes_uses_remaining_hit(make_skirmish):
    brute = armed(gun(Special("HIT"), att=0, kind=MELEE, wid="claws"), hit=4)
    m, a, b = make_skirmish([(brute, 10, 10)], [(card(hit=5), 11.2, 10)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([2, 2, 2, 2] + [6, 6, 6, 6])  # 4 dice: the unit's 4 HIT
    m.submit(C.MeleeAttack("A", "claws", b[0]))
    assert m.health(b[0]).hit == 1


def test_limited_ammo_once_per_mission(make_skirmish):
    m, a, b = make_skirmish([(armed(gun(Special("LIM"))), 5, 10)], [(card(hit=9), 15, 10)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([6, 6])
    m.submit(C.RangedAttack("A", "gun", b[0]))
    w = m.unit(a[0]).card.weapon("gun")
    assert m.ranged_target_reason(a[0], w, b[0]) == "Limited Ammo: already used this mission"


def test_no_cover_and_point_blank(make_skirmish):
    from game.battlefield import Base  # noqa: F401 - cover needs terrain: checked in the battlefield tests
    pbk = armed(gun(Special("PBK")), name="Pistolier")
    m, a, b = make_skirmish([(pbk, 10, 10), (armed(gun()), 3, 3)], [(card(), 11.2, 10), (card(), 20, 20)],
                            dice=START)
    w = m.unit(a[0]).card.weapon("gun")
    assert m.ranged_target_reason(a[0], w, b[0]) is None  # Point Blank: may shoot the Adjacent enemy
    assert "Adjacent to an enemy" in m.ranged_target_reason(a[0], w, b[1])  # but no one else
    plain = m.unit(a[1]).card.weapon("gun")
    assert m.ranged_target_reason(a[1], plain, b[0]) == f"the target is Adjacent to {m.unit(a[0]).name}"


def test_stun_costs_the_target_one_act_next_activation(make_skirmish):
    m, a, b = make_skirmish([(armed(gun(Special("STN"), att=1)), 5, 10)], [(card(act=3, hit=5), 15, 10)],
                            dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 6, 6])
    m.submit(C.RangedAttack("A", "gun", b[0]))
    assert m.readiness(b[0]).stunned == 1
    m.submit(C.EndActivation("A"))
    m.submit(C.Activate("B", b[0]))
    assert m.activation.act == 2


def test_stun_never_below_one_act(make_skirmish):
    m, a, b = make_skirmish([(armed(gun(Special("STN"), att=1)), 5, 10)], [(card(act=1, hit=5), 15, 10)],
                            dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 6, 6])
    m.submit(C.RangedAttack("A", "gun", b[0]))
    m.submit(C.EndActivation("A"))
    m.submit(C.Activate("B", b[0]))
    assert m.activation.act == 1


def test_accurate_and_brutal_offer_rerolls(make_skirmish):
    m, a, b = make_skirmish([(armed(gun(Special("ACC", 1)), gun(Special("BRU", 2), kind=MELEE, wid="axe")), 5, 10)],
                            [(card(hit=9), 15, 10)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([5, 5, 2, 6])
    m.submit(C.RangedAttack("A", "gun", b[0]))
    assert m.prompt.decision.free == (("ACC", 1),)
    m.submit(C.RerollDie("A", 0, "ACC"))  # 5 -> 2: one Strike; nothing left to choose, so it stands
    assert m.health(b[0]).hit == 8


def test_chain_reaction_is_offered_on_the_enemies_adjacent_to_the_target_weakest_first(make_skirmish):
    """CHRx: "after resolving the Attack on the primary target, you may apply the same Attack roll's strikes on up
    to x other secondary targets Adjacent to the original target". The match's preview offers them, and the attack
    it previews is the one a player commits."""
    shooter = armed(gun(Special("CHR", 1), att=1))
    plain = armed(gun(att=1), name="Plain")
    m, a, b = make_skirmish([(shooter, 5, 10), (plain, 5, 14)],
                            [(card(hit=3), 15, 10), (card(hit=3), 16.2, 10), (card(hit=2), 15, 11.2),
                             (card(), 15, 16)], dice=START)
    m.submit(C.Activate("A", a[0]))
    pv = m.attack_preview(a[0], "gun", b[0])
    assert pv.chain == (b[2],), "one secondary target (CHR1): of the two Adjacent, the one with fewer HIT"
    assert set(pv.also_hit) == {b[2]}
    assert m.attack_preview(a[0], "gun", b[3]).chain == (), "nobody Adjacent to it"
    assert m.attack_preview(a[1], "gun", b[0]).chain == (), "no Chain Reaction on the weapon"
    m.dice = ScriptedDice([1, 6, 6, 6, 6])  # a Critical: 2 Damage to the first target and to the secondary one
    m.submit(C.RangedAttack("A", "gun", b[0], extra_targets=pv.chain))
    assert [m.health(u).hit for u in (b[0], b[1], b[3])] == [1, 3, 3]
    assert not m.standing(b[2]), "the secondary target, 2 HIT, Taken Out by the same strikes"


def test_spread_is_offered_on_valid_enemies_adjacent_to_a_chosen_target(make_skirmish):
    shooter = armed(gun(Special("SPR"), att=5), gun(wid="pistol"))
    # b0 and b1 Adjacent; b2 Adjacent to b1 only; b3 far from all
    m, a, b = make_skirmish([(shooter, 5, 10)], [(card(), 15, 10), (card(), 15, 11.8), (card(), 15, 13.6),
                                                 (card(), 15, 20)], dice=START)
    m.submit(C.Activate("A", a[0]))
    assert m.spread_targets(a[0], "gun", ()) == ()
    assert m.spread_targets(a[0], "gun", (b[0],)) == (b[1],)
    assert m.spread_targets(a[0], "gun", (b[0], b[1])) == (b[2],), "Adjacent to another chosen target"
    assert m.spread_targets(a[0], "pistol", (b[0],)) == (), "no Spread on the weapon"
    split = m.spread_split(a[0], "gun", (b[0], b[1], b[2]))
    assert split == (2, 2, 1)
    assert m.spread_split(a[0], "gun", (b[0], b[1], b[2]), split, shift=(b[2], +1)) == (2, 1, 2)
    assert m.spread_split(a[0], "gun", (b[0], b[1]), (4, 1), shift=(b[1], -1)) == (4, 1), "one die each at least"
    # the preview of b1's share: 2 of the 5 dice, the odds of 2 dice; the attack it previews is the one committed
    spread = ((b[0], 3), (b[1], 2))
    pv = m.attack_preview(a[0], "gun", b[1], spread=spread)
    assert pv.reason is None and pv.setup.att == 2 and pv.spread == spread
    assert m.attack_preview(a[0], "gun", b[3], spread=spread).reason == "not one of the Spread targets chosen"
    assert m.attack_preview(a[0], "gun", b[0]).setup.att == 5, "alone: all the dice"
    m.dice = ScriptedDice([2, 2, 2] + [6, 6, 6] + [3, 3] + [6, 6])
    m.submit(C.RangedAttack("A", "gun", b[0], extra_targets=(b[1],), split=(3, 2)))
    assert [m.health(u).hit for u in b] == [0, 1, 3, 3]


def test_spread_dealing():
    from game.rules.spread import deal_spread, shift_spread
    assert deal_spread(5, 2) == (3, 2) and deal_spread(6, 3) == (2, 2, 2) and deal_spread(2, 3) == ()
    assert shift_spread((3, 2), 1, +1) == (2, 3)
    assert shift_spread((1, 4), 0, -1) == (1, 4)
    assert shift_spread((2, 2, 1), 2, +1) == (2, 1, 2), "taken from the later of the two with most dice"
    assert shift_spread((3, 1, 1), 0, -1) == (2, 2, 1), "given to the earlier of the two with fewest"
    for att in range(1, 8):
        for n in range(1, att + 1):
            s = deal_spread(att, n)
            assert sum(s) == att and min(s) >= 1 and max(s) - min(s) <= 1


def test_every_computer_player_names_chain_reaction_targets_as_the_match_offers(make_skirmish):
    """N70: the attack a computer side makes is the match's `attack_command`, Chain Reaction's targets named."""
    from game.ai.simple import SimpleSquadController
    maul = armed(gun(Special("CHR", 1), att=3, kind=MELEE, wid="maul"))
    m, a, b = make_skirmish([(maul, 10, 10)], [(card(hit=5), 11.2, 10), (card(hit=2), 12.4, 10)], dice=START)
    m.submit(C.Activate("A", a[0]))
    cmd = SimpleSquadController("A").decide(m)
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == b[0] and cmd.extra_targets == (b[1],)
    assert cmd in m.legal_commands("A")

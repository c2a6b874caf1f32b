"""The faction audit (docs/balance.md "Faction audit"): the printed Silent Choir and Despoilers cards, played with
scripted dice, do what each skill's text says and no more. Each test names the card text it checks (the squad
file's `text`, itself the app's rules text in our words)."""
from __future__ import annotations

import pytest

from game.content import load_catalog
from game.match import commands as C
from game.match import events as E
from game.rules.cards import build_card
from game.rules.dice import ScriptedDice
from game.rules.model import UnitSpec
from tests.match.conftest import card, skirmish

CAT = load_catalog()
START = [4, 4, 4, 4, 4, 4, 2, 5]  # 3 TO dice a side, all failed; Initiative A 2 - B 5: A activates first
A_LEADS = [4] * 5 + [4] * 3 + [2, 5]  # A's Leader rolls 5 TO dice, B 3 (all failed); Initiative A
B_LEADS = [4] * 3 + [4] * 5 + [2, 5]  # B's Leader rolls 5 TO dice


def real(type_id: str, *gear: str):
    """A unit of the published card, as the squad file builds it."""
    return build_card(CAT, UnitSpec(type_id, CAT.unit_types[type_id].name, tuple(gear)))


@pytest.fixture
def play():
    made = []

    def _make(a, b, dice=START):
        m, ua, ub = skirmish(a, b, dice=dice, catalog=CAT)
        made.append(m)
        return m, ua, ub

    yield _make
    for m in made:
        m.close()


def roll(m, *faces):
    m.dice = ScriptedDice(list(faces))


def attack_dice(m, start: int) -> list[int]:
    """How many dice each attack rolled since event `start`."""
    return [len(e.dice) for e in m.events[start:] if isinstance(e, E.AttackRolled)]


def weapon_id(c, name: str) -> str:
    return next(w.id for w in c.weapons if w.name == name)


# == Silent Choir ======================================================================================
def test_silent_choir_plus_one_att_only_while_its_leader_stands_in_sight(play):
    """Silent Choir: 'While this unit can see its Leader, its melee weapons have +1 ATT.' The Adept's Relic Blade
    (ATT 5) rolls 6 dice while the Shroudbearer stands in its sight, 5 once the Shroudbearer is Taken Out."""
    adept, sb = real("SCH-AD"), real("SCH-SB")
    blade = weapon_id(adept, "Relic Blade")
    m, a, b = play([(card(hit=9, act=3), 10, 10), (card(hit=9), 3, 3)],
                   [(adept, 11.2, 10), (sb, 4.2, 3)], dice=B_LEADS)
    m.health(b[1]).hit = 1
    m.submit(C.Activate("A", a[1]))
    roll(m, 1, 6, 6, 6, 6)  # a Critical Strike: 2 Damage; the Shroudbearer fails both saves
    m.submit(C.MeleeAttack("A", "mel", b[1]))
    assert not m.standing(b[1])
    m.submit(C.EndActivation("A"))
    start = len(m.events)
    m.submit(C.Activate("B", b[0]))
    roll(m, *[6] * 10)
    m.submit(C.MeleeAttack("B", blade, a[0]))
    assert attack_dice(m, start) == [5]


def test_silent_choir_adept_rolls_six_dice_beside_its_standing_leader(play):
    adept, sb = real("SCH-AD"), real("SCH-SB")
    m, a, b = play([(adept, 10, 10), (sb, 5, 5)], [(card(hit=9), 11.2, 10)], dice=A_LEADS)
    start = len(m.events)
    m.submit(C.Activate("A", a[0]))
    roll(m, *[6] * 10)
    m.submit(C.MeleeAttack("A", weapon_id(adept, "Relic Blade"), b[0]))
    assert attack_dice(m, start) == [6]


def test_dissonance_shroud_only_while_the_shroudbearer_stands(play):
    """Dissonance Shroud: 'While this unit is Standing, it and every squadmate may roll one save die again when
    targeted in Ranged Combat.' Once the Shroudbearer is Taken Out, its squadmates have no such re-roll."""
    sb = real("SCH-SB", "SCH-SB-DS")
    m, a, b = play([(card(hit=9, act=3), 5, 10)], [(real("SCH-AD"), 15, 10), (sb, 5, 20)], dice=B_LEADS)
    m.health(b[1]).hit = 1
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 6, 6, 6, 6)  # a Critical Strike on the Shroudbearer at 1 HIT; its two saves fail
    m.submit(C.RangedAttack("A", "rng", b[1]))
    assert m.prompt.decision.free == (("shroud", 1),)  # its own save: a re-rolled 1 would count as 2 saves
    m.submit(C.AcceptDice("B"))
    assert not m.standing(b[1])
    roll(m, 2, 6, 6, 5)  # one Strike on the Adept; its save fails and stands
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt is None and m.health(b[0]).hit == 3


def test_dissonance_shroud_gives_a_squadmate_its_save_reroll(play):
    sb = real("SCH-SB", "SCH-SB-DS")
    m, a, b = play([(card(hit=9), 5, 10)], [(real("SCH-AD"), 15, 10), (sb, 5, 20)], dice=B_LEADS)
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.side == "B" and m.prompt.decision.free == (("shroud", 1),)


def test_dark_gaze_lowers_armor_against_ranged_combat_not_against_damage_from_skills(play):
    """Dark Gaze: 'Enemy units within 3" of it suffer -1 ARM whenever they are targeted in Ranged Combat.'
    Immolate's 2 Damage is Damage from a skill, not a Ranged Combat action (N30): the enemy beside the token saves
    it with its own ARM 3, so two saves of 3 keep both HIT."""
    choir = card(act=3, hit=5, skills=("SCH-ASP-DG", "SCH-IMM"))
    m, a, b = play([(choir, 10, 10)], [(card(hit=5), 12.5, 10), (card(), 22, 22)],
                   dice=[1, 1, 4] + [4] * 3 + [2, 5])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "SCH-ASP-DG"))  # the token on its spot: the enemy is 2" from it
    m.submit(C.Dash("A", 11.3, 10))
    assert m.adjacent(a[0], b[0])
    roll(m, 6, 3, 3)  # Immolate's 1D3 for the user (at full HIT), then the enemy's two saves
    m.submit(C.UseSkill("A", "SCH-IMM"))
    saves = [e for e in m.events if isinstance(e, E.SavesRolled) and e.uid == b[0]]
    assert [e.stat for e in saves] == [3] and m.health(b[0]).hit == 5
    with m._in_world():
        from game.match import skills as S
        assert S.effective_arm(m, b[0], a[0], "ranged") == 2  # a Ranged attack would still meet ARM 2


# == Despoilers ========================================================================================
def test_pain_is_strength_rerolls_in_ranged_combat_and_heals_only_after_a_melee_take_out(play):
    """Pain Is Strength: 'In each of its Melee or Ranged Combat actions, this unit may roll again as many attack
    dice as it has lost HIT. Whenever it Takes Out an enemy with a melee attack, it recovers 1 lost HIT.' A Blooded
    down 2 HIT firing its Chaingun has 2 re-rolls; taking the enemy out with it heals nothing."""
    blooded = real("DES-BLD", "DES-CG", "DES-MAC")
    m, a, b = play([(blooded, 5, 10)], [(card(hit=1), 15, 10), (card(), 22, 22)])
    m.health(a[0]).hit = 2
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, 5, 5, 5, 2, 6)  # five dice vs RSK 3, all missing; the first re-rolled to a Strike; the save fails
    m.submit(C.RangedAttack("A", weapon_id(blooded, "Chaingun"), b[0]))
    assert m.prompt.decision.free == (("pain", 2),)
    m.submit(C.RerollDie("A", 0, "pain"))
    m.submit(C.AcceptDice("A"))
    assert not m.standing(b[0]) and m.health(a[0]).hit == 2


def test_meat_hook_adds_att_on_attacks_of_opportunity_only(play):
    """Meat Hook: 'When this unit makes an Attack of Opportunity, the melee weapon it uses has +1 ATT for that
    attack.' The Blooded's Machetes (ATT 3) roll 3 dice in its Melee Combat action and 4 in an Attack of
    Opportunity."""
    blooded = real("DES-BLD", "DES-CG", "DES-MAC")
    mac = weapon_id(blooded, "Machetes")
    m, a, b = play([(blooded, 10, 10)], [(card(hit=9, act=2), 11.2, 10)])
    start = len(m.events)
    m.submit(C.Activate("A", a[0]))
    roll(m, *[6] * 3)
    m.submit(C.MeleeAttack("A", mac, b[0]))
    m.submit(C.EndActivation("A"))
    m.submit(C.Activate("B", b[0]))
    m.submit(C.Dash("B", 13.2, 10))
    roll(m, *[6] * 4)
    m.submit(C.ChooseAttackOfOpportunity("A", a[0], mac))  # a full Dash leaves no inches to blunt it
    assert attack_dice(m, start) == [3, 4]


def test_despoil_free_move_keeps_charges_two_extra_inches(play):
    """Despoil: 'All squadmates other than this unit may each Move for free and then attack in Melee.' The free
    Move is a Move action, so a Blooded's Charge ('a Move action of this unit may go 2" further, but only if that
    extra distance brings it Adjacent to an enemy unit') still reaches 8" to an enemy."""
    ravager, blooded = real("DES-RAV", "DES-MAC"), real("DES-BLD", "DES-MAC")
    m, a, b = play([(ravager, 2, 20), (blooded, 2, 10)], [(card(hit=9), 10.2, 10), (card(), 22, 22)],
                   dice=[1] + [4] * 4 + [4] * 3 + [2, 5])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "DES-RAV-DES"))
    assert m.active_unit == a[1]
    m.submit(C.Move("A", 9, 10))
    assert m.position(a[1]).x == 9 and m.adjacent(a[1], b[0])

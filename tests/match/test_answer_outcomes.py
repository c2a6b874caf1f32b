"""What the match says each answer to a dice question does (`answer_outcomes`) is what submitting it does.

Every kind of dice question (Attack dice with Rending and an automatic Strike, ranged Armor Saves with Cover,
Stealthy and Hardened, melee saves returning Damage, saves of returned Damage, Parry, Life Drain, Shield,
Protect's dice after the saves) is walked: every legal answer, every face a re-rolled die may show (scripted),
submitted on a fresh match, and what the battle log then says (Strikes and Damage, HIT lost, Damage returned,
healing, what is rolled next) must be what the outcome said, with the chances summing to 1.
"""
from fractions import Fraction

import pytest

from game.match import commands as C
from game.match import events as E
from game.rules import records as R
from game.rules.model import Special
from tests.match.test_skills import START, make, roll, unit

TAIL = [4] * 30  # what any later roll shows (the look-ahead stops before it)


def _ranged_rending(extra):
    m, a, b = make([(unit(weapon_specials=(Special("RND", 1),), ranged=(3, 4)), 5, 10)], [(unit(hit=6), 15, 10)])
    m.to["A"] = 2
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 1, 5, *extra, *TAIL)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    return m


def _automatic_strike(extra):
    m, a, b = make([(unit(weapon_specials=(Special("AUT", 1),), ranged=(3, 4)), 5, 10)], [(unit(hit=6), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 2, *extra, *TAIL)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    return m


def _ranged_saves(extra):
    # Tunneler: in Cover on the open table (a free re-roll); Stealthy: 1 automatic save in Cover; Hardened: a 2
    # is a Critical Save, counting double against a ranged attack
    m, a, b = make([(unit(ranged=(4, 4)), 5, 10)],
                   [(unit("HK-SPC-TNL", specials=["STL", "HRD"], hit=3, arm=3), 15, 10)])
    m.to["B"] = 1
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 3, 4, 2, 5, 6, 4, *extra, *TAIL)  # 4 Strikes; saves 2 5 6 4
    m.submit(C.RangedAttack("A", "rng", b[0]))
    return m


def _melee_saves(extra):
    m, a, b = make([(unit(melee=(3, 4), hit=4), 10, 10)], [(unit(hit=2, arm=3), 11.2, 10)])
    m.to["B"] = 1
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 3, 4, 1, 5, 3, *extra, *TAIL)  # 3 Strikes; saves 1 5 3: a Critical Save returns 1 Damage
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    return m


def _returned_saves(extra):
    m, a, b = make([(unit(melee=(2, 4), hit=4, arm=3), 10, 10)], [(unit(hit=4, arm=3), 11.2, 10)])
    m.to["A"] = 1
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 3, 1, 1, 5, 1, *extra, *TAIL)  # 2 Strikes; saves 1 1: 2 returned; A saves 5 1
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    m.submit(C.AcceptDice("A"))  # the Attack dice as rolled
    return m


def _parry(extra):
    m, a, b = make([(unit(melee=(3, 4)), 10, 10)], [(unit(specials=["PAR"], hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 2, 6, *extra, *TAIL)  # a Critical Strike and a Strike
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    return m


def _life_drain(extra):
    m, a, b = make([(unit(specials=["LFD"], hit=4, melee=(3, 4)), 10, 10)], [(unit(hit=5), 11.2, 10)])
    m.health(a[0]).hit = 2
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 1, 3, *extra, *TAIL)  # 2 Critical Strikes and a Strike: 5 Damage
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    return m


def _shield(extra):
    m, a, b = make([(unit(hit=5, melee=(3, 4)), 10, 10)], [(unit("PRX-AEG-SHD", hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 2, 1, 1, 6, *extra, *TAIL)  # 3 Damage; saves 1 1 6
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    return m


def _protect(extra):
    m, a, b = make([(unit("REL-PA-ARC-DEF"), 5, 10), (unit(hit=3), 5, 20)], [(unit(ranged=(3, 4)), 15, 10)],
                   dice=[1, 4, 4, 4, 4, 4, 2, 5])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "REL-PA-ARC-DEF", target=a[1]))
    m.submit(C.EndActivation("A"))
    m.to["A"] = 1
    m.submit(C.Activate("B", b[0]))
    roll(m, 2, 2, 5, 6, 3, *extra, *TAIL)  # 2 Strikes on a1; saves 6 3 (Cover from Protect)
    m.submit(C.RangedAttack("B", "rng", a[1]))
    return m


CASES = {"attack (Rending)": (_ranged_rending, "dice", "attack"), "automatic Strike": (_automatic_strike, "dice",
                                                                                       "attack"),
         "ranged saves": (_ranged_saves, "dice", "save"), "melee saves": (_melee_saves, "dice", "save"),
         "returned Damage": (_returned_saves, "dice", "return_save"), "parry": (_parry, "parry", "parry"),
         "life drain": (_life_drain, "life_drain", "drain"), "shield": (_shield, "shield", "shield"),
         "protect": (_protect, "dice", "save")}


def observed(m, cmd) -> dict:
    """Submit `cmd` (then accept the dice as they stand if they are asked again) and read the battle log up to
    the next new roll or question: what the answer really did."""
    p = m.prompt
    start = len(m.events)
    m.submit(cmd)
    q = m.prompt
    if q is not None and not isinstance(cmd, (C.AcceptDice, C.ChooseNumber)) and q.kind == p.kind and \
            q.decision.uid == p.decision.uid and q.decision.stage == p.decision.stage:
        m.submit(C.AcceptDice(p.side))
    seen = {"lost": {}, "returned": {}, "healed": {}, "damage": None, "next": None, "taken_out": set()}
    for e in m.events[start:]:
        if isinstance(e, R.StrikesCounted):
            seen["damage"] = e.damage
        elif isinstance(e, R.LifeDrained):
            seen["damage"] = e.damage_left
            seen["healed"][e.uid] = seen["healed"].get(e.uid, 0) + e.healed
        elif isinstance(e, R.DamageTaken):
            if e.amount:
                seen["lost"][e.uid] = seen["lost"].get(e.uid, 0) + e.amount
            if e.taken_out:
                seen["taken_out"].add(e.uid)
        elif isinstance(e, R.DamageReturned):
            seen["returned"][e.to_uid] = seen["returned"].get(e.to_uid, 0) + e.amount
        elif isinstance(e, R.SavesRolled):
            seen["next"] = ("return_save" if e.returned else "save", e.uid, len(e.dice))
            if p.kind == "life_drain" and seen["damage"] is None:  # nothing drained: the Damage as it was
                seen["damage"] = len(e.dice)
            return seen
        elif isinstance(e, R.AttackRolled):
            seen["next"] = ("attack", e.attacker, len(e.dice))
            return seen
        elif isinstance(e, R.ProtectRolled):
            seen["next"] = ("protect", e.uid, len(e.dice))
            return seen
        elif isinstance(e, E.AttackEnded):
            return seen
    q = m.prompt
    if q is not None and q.decision is not None:
        amount = q.options[0] if q.kind in ("life_drain", "shield") else len(q.decision.dice)
        seen["next"] = (q.kind, q.decision.uid, amount)
    return seen


def said(o) -> dict:
    """What an Outcome says, in the terms `observed` reads the log in."""
    lost = dict(o.lost)
    nxt = o.next
    if nxt is not None and nxt.kind == "protect":  # the outcome counts them; the log rolls Protect first
        lost[nxt.uid] -= nxt.amount
        lost = {u: n for u, n in lost.items() if n}
    return {"lost": lost, "returned": dict(o.returned), "healed": dict(o.healed),
            "damage": o.damage,
            "next": None if nxt is None else (nxt.kind, nxt.uid, nxt.amount), "taken_out": set(o.taken_out)}


def _face(cmd, o):
    """The face the answer's own die shows in this outcome (None: it rolls nothing)."""
    if isinstance(cmd, (C.RerollDie, C.RollAutoDie)):
        return o.dice[cmd.index].natural
    return None


@pytest.mark.parametrize("case", list(CASES))
def test_every_answer_does_what_the_match_says(case):
    build, kind, stage = CASES[case]
    m = build(())
    p = m.prompt
    assert p is not None and p.kind == kind and p.decision.stage == stage, "the case opens its question"
    outcomes = m.answer_outcomes(p.side)
    assert [ao.command for ao in outcomes] == m.legal_commands(p.side)
    assert len(outcomes) >= 2, "a real choice"
    h = m.state_hash()
    checked = 0
    for ao in outcomes:
        assert sum(pr for pr, _ in ao.chances) == 1
        for pr, o in ao.chances:
            face = _face(ao.command, o)
            real = build(() if face is None else (face,))
            try:
                assert observed(real, ao.command) == said(o), (ao.command, face)
            finally:
                real.close()
            checked += 1
    assert m.state_hash() == h, "asking changes nothing"
    assert checked >= len(outcomes)
    m.close()


def test_the_odd_numbers_players_saw_are_right():
    """The two mistakes the old screen made: Rending counted, and a ranged save returns nothing."""
    m = _ranged_rending(())
    now = next(ao for ao in m.answer_outcomes("A") if isinstance(ao.command, C.AcceptDice)).certain
    assert (now.strikes.strikes, now.strikes.criticals, now.strikes.rending, now.damage) == (2, 2, 1, 5)
    m.close()
    m = _ranged_saves(())
    now = next(ao for ao in m.answer_outcomes("B") if isinstance(ao.command, C.AcceptDice)).certain
    t = now.saves[0][1]
    # saves 2 5 6 4 vs ARM 3: a Hardened Critical Save (2) counts double, Stealthy adds 1 in Cover: 3 of 4 blocked
    assert (t.saved, t.criticals, t.doubled, t.automatic, t.lost) == (1, 1, 1, 1, 1)
    assert now.returned == () and now.lost == ((m.prompt.decision.uid, 1),)
    m.close()


def test_a_rerolled_die_gives_exact_chances():
    m = _melee_saves(())
    d = m.prompt.decision
    reroll = next(ao for ao in m.answer_outcomes("B") if isinstance(ao.command, C.RerollDie) and ao.command.index == 1)
    # 3 Damage, saves 1 5 3 vs ARM 3, the 5 re-rolled: a 1 (a Critical Save: nothing lost, 2 Damage returned),
    # 2-3 (a save: nothing lost), 4-6 (fails, as now: 1 HIT lost)
    groups = {(o.lost_by(d.uid), o.returned_to(m.attack_now().attacker)): p for p, o in reroll.by_effect()}
    assert groups == {(0, 2): Fraction(1, 6), (0, 1): Fraction(2, 6), (1, 1): Fraction(3, 6)}
    assert reroll.to_cost == 1
    m.close()


def test_a_question_no_answer_can_change_is_not_asked():
    """N2: the target has 1 HIT and 3 Damage of a ranged attack to save; whatever its one Cover re-roll
    shows, it loses its last HIT, so the dice stand at once."""
    m, a, b = make([(unit(ranged=(3, 4)), 5, 10)], [(unit("HK-SPC-TNL", hit=1, arm=3), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 2, 5, 5, 6, *TAIL)  # 3 Strikes; saves 5 5 6: even a Critical Save re-rolled leaves 1 Damage
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt is None and not m.standing(b[0])
    m.close()
    # one Damage more to save than it has saves for, but a re-roll could save it: asked
    m, a, b = make([(unit(ranged=(3, 4)), 5, 10)], [(unit("HK-SPC-TNL", hit=1, arm=3), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 5, 5, 3, 6, *TAIL)  # 1 Strike; save 6 (re-rollable with Cover)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "B"
    m.close()


def test_asking_keeps_the_match_and_its_replay_the_same():
    m = _shield(())
    h = m.state_hash()
    for _ in range(3):
        m.answer_outcomes("B")
    assert m.state_hash() == h and m.dice.remaining == len(TAIL)
    m.close()

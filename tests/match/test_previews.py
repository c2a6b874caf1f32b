"""What the screen previews is what the match does (issue: one source of truth for previews).

Real squads fight on a real map; a random walk picks legal commands (its own random stream). At every decision
of an activating unit the match's previews are checked against `legal_commands` and against what `submit`
really rolls: the Move spots (Charge and Desecrate included), every weapon against every enemy, every skill's
choices, the ACT a unit gets when it activates, and the exact AttackSpec of each attack made.
"""
import dataclasses
import random

import pytest

from game.battlefield import load_battlefield
from game.content import default_squad, load_catalog
from game.match import attacks as attacks_module
from game.match import commands as C
from game.match import events as E
from game.match import skills as S
from game.match.match import Match
from game.match.mission import MissionScript, rect_zone
from game.match.scenario import Scenario, SideSpec
from game.paths import MAPS_DIR
from game.rules import actions as act
from game.rules.cards import build_card
from game.rules.model import MELEE

CAT = load_catalog()


class Skirmish(MissionScript):
    id = "preview-skirmish"
    turns = 3

    def deployment_zones(self, match, side):  # close to each other: the random walk meets the enemy soon
        w, h = match.table.battlefield.width, match.table.battlefield.height
        return [rect_zone("north", "A", 0, h / 2 - 5, w, h / 2 - 1)] if side == "A" else \
            [rect_zone("south", "B", 0, h / 2 + 1, w, h / 2 + 5)]

    def check_result(self, match, end_of_turn):
        from game.match.mission import Result
        if end_of_turn and match.turn >= self.turns:
            return Result("draw", match.turn, "time")
        return None


def make(a: str, b: str, seed: int, map_name="pve-facility.tmx") -> Match:
    sc = Scenario(mission="preview-skirmish", map=map_name, sides=(SideSpec("A"), SideSpec("B")))
    cards = {s: [(u.name or CAT.unit_types[u.unit_type].name, build_card(CAT, u))
                 for u in default_squad(slug, CAT).units] for s, slug in (("A", a), ("B", b))}
    return Match(sc, seed, Skirmish(CAT), load_battlefield(MAPS_DIR / map_name), cards, catalog=CAT)


def check_activation(m: Match, side: str) -> None:
    uid = m.active_unit
    legal = m.legal_commands(side)
    # Move and Dash: the spots the screen lights up are the legal ones
    for action, cls in ((act.MOVE, C.Move), (act.DASH, C.Dash)):
        offered = {(c.x, c.y, c.z) for c in legal if isinstance(c, cls)}
        if m.payment(m.cost_of(action)) is not None:
            assert {(s.x, s.y, s.z) for s in m.move_options(uid, action).spots} == offered
        else:
            assert not offered
    # every weapon against every enemy: valid in the preview exactly when the attack is legal
    for w in m.unit(uid).card.weapons:
        cls = C.MeleeAttack if w.kind == MELEE else C.RangedAttack
        action = act.MELEE_COMBAT if w.kind == MELEE else act.RANGED_COMBAT
        affordable = m.payment(m.cost_of(action, w)) is not None
        for t in m.units(items=None):
            if m.side_of(t) == m.side_of(uid):
                continue
            pv = m.attack_preview(uid, w.id, t, with_odds=False)
            listed = [c for c in legal if isinstance(c, cls) and (c.weapon, c.target) == (w.id, t)]
            assert (pv.reason is None and affordable) == bool(listed), (w.id, t, pv.reason)
            # the attack listed is the one the match offers: Chain Reaction's secondary targets named (N70)
            assert listed in ([], [m.attack_command(side, uid, w, t)])
            assert not listed or listed[0].extra_targets == m.chain_targets(uid, w, t)
    # every skill's choices are the legal UseSkill commands of that skill
    for sid in S.action_ids(m, uid):
        if S.ACTIONS[sid].anytime:
            continue
        choices, _ = m.skill_choices(uid, sid, side)
        offered = [c for c in legal if isinstance(c, C.UseSkill) and c.skill == sid]
        cost = m.cost_of(act.SKILL, skill=S.pay_id(m, uid, sid), base=S.skill_cost(m, sid)[0])
        if m.payment(cost, S.skill_cost(m, sid)[1]) is not None:
            assert set(choices) == set(offered), sid
        else:
            assert not offered


@pytest.mark.parametrize("a,b,seed", [("relict-wardens", "praxium-corps", 1), ("despoilers", "interdictors", 2),
                                      ("hunter-killers", "silent-choir", 3), ("drone-pod", "krumpfists", 4),
                                      ("claimant-warband", "relict-wardens", 5)])
def test_previews_agree_with_the_rules(a, b, seed, monkeypatch):
    rng = random.Random(seed)
    specs = []
    real_start = attacks_module.AttackResolution.start

    def spy(spec, dice):
        specs.append(spec)
        return real_start(spec, dice)

    monkeypatch.setattr(attacks_module.AttackResolution, "start", staticmethod(spy))
    m = make(a, b, seed)
    checked = attacks = 0
    try:
        for _ in range(3000):
            if m.phase == "over":
                break
            side = m.waiting_for()
            legal = m.legal_commands(side)
            if m.phase == "battle" and m.prompt is None and m.active_unit is not None:
                check_activation(m, side)
                checked += 1
            if m.phase == "battle" and m.prompt is None and m.active_unit is None:
                cmd = rng.choice(legal)
                predicted = m.act_now(cmd.uid)
                m.submit(cmd)
                started = [e for e in m.events if isinstance(e, E.ActivationStarted) and e.uid == cmd.uid]
                assert started[-1].act == predicted
                continue
            attacks_now = [c for c in legal if isinstance(c, (C.RangedAttack, C.MeleeAttack))]
            skills_now = [c for c in legal if isinstance(c, C.UseSkill)]
            moves = [c for c in legal if isinstance(c, (C.Move, C.Dash))]
            pool = attacks_now * 6 + skills_now * 3 + legal
            cmd = rng.choice(pool)
            if moves and isinstance(cmd, (C.Move, C.Dash)) and rng.random() < 0.6:
                foes = [m.position(u) for u in m.units() if m.side_of(u) != side]  # close in: the walk meets them
                if foes:
                    cmd = min(moves, key=lambda c: min(abs(c.x - f.x) + abs(c.y - f.y) for f in foes))
            if isinstance(cmd, (C.RangedAttack, C.MeleeAttack)) and not cmd.extra_targets:
                pv = m.attack_preview(m.active_unit, cmd.weapon, cmd.target)
                assert pv.reason is None and pv.odds is not None and pv.spec is not None
                cmd = dataclasses.replace(cmd, extra_targets=pv.chain)  # the attack the screen commits (N70)
                before = len(specs)
                m.submit(cmd)
                if len(specs) > before:  # (a Devoted unit taking the target's place asks first)
                    assert specs[before] == pv.spec
                    attacks += 1
                continue
            m.submit(cmd)
    finally:
        m.close()
    assert checked > 20 and attacks > 3


def test_small_and_scan_reach_the_preview(monkeypatch):
    """A Small target counts as in Cover (the engine gives it Cover, so the preview shows it)."""
    sc = Scenario(mission="preview-skirmish", sides=(SideSpec("A"), SideSpec("B")))
    from game.battlefield import open_table
    from tests.match.conftest import card
    small = [u for u in default_squad("relict-wardens", CAT).units if "REL-CATREP-SM" in build_card(CAT, u).skills]
    assert small, "the Relict Wardens' default squad has a Small unit"
    m = Match(sc, 1, Skirmish(CAT), open_table(), {"A": [("Shooter", card())],
                                                    "B": [("Small one", build_card(CAT, small[0]))]}, catalog=CAT)
    try:
        m.submit(C.Deploy("A", 1, 12, 8))
        m.submit(C.EndDeployment("A"))
        m.submit(C.Deploy("B", 2, 12, 16))
        m.submit(C.EndDeployment("B"))
        if m.prompt is not None:
            m.submit(C.ChooseFirst(m.prompt.side, "A"))
        if m.waiting_for() == "B":
            m.submit(C.Activate("B", 2))
            m.submit(C.EndActivation("B"))
        pv = m.attack_preview(1, "rng", 2)
        assert pv.reason is None and pv.spec.groups[0][1][0].cover and pv.setup.cover
        assert not m.table.sight(m.base(1), m.base(2)).cover  # the open table gives no Cover: the skill does
    finally:
        m.close()

"""NPC activations step by step, the rule-text tooltips of the unit card, and the Attack of Opportunity
warning and blunting prompt."""
import pygame

from game.ai.npc import NpcController
from game.ai.simple import SimpleSquadController
from game.match import commands as C
from game.match import events as E
from game.modes import create_match, first_mission_scenario
from game.ui.battle import BattleScene

from .driver import Driver
from .test_screens import battle


def test_npcs_act_one_step_at_a_time_and_space_skips(make_app):
    app = make_app(npc_speed="normal")
    d = Driver(app)
    sc = battle(d, seed=5)
    m = sc.match
    d.key(pygame.K_TAB)
    d.end_activation()
    assert m.waiting_for() == "npc"
    npc_cmds = lambda: sum(1 for c in m.log if c.side == "npc")  # noqa: E731
    d.step(1)
    first = npc_cmds()
    assert first <= 1
    d.step(40)  # about two NPC steps at "normal" speed (0.5 s each), animations included
    assert npc_cmds() > first or m.waiting_for() != "npc"
    assert "Behaviour" in sc.npc_line
    d.shot("npc-acting")
    if m.waiting_for() == "npc":
        d.key(pygame.K_SPACE)
        assert m.waiting_for() != "npc" or m.phase == "over"


def test_special_and_skill_chips_show_rule_text(app):
    d = Driver(app)
    sc = battle(d, seed=5)
    m = sc.match
    leader = next(u for u in m.units("player") if m.unit(u).leader)
    p = m.position(leader)
    d.click_board(p.x, p.y)
    d.move_mouse(sc.layout["hint"].center)  # the card shows the selected unit
    d.step(2)
    assert sc.card.chips, "the Leader card has skill chips"
    rect, tip = sc.card.chips[0]
    cr = sc.layout["card"]
    d.move_mouse(rect.move(cr.x, cr.y).center)
    d.step(30)
    assert sc.chip_tooltip is not None
    skill = m.catalog.skills[m.unit(leader).card.skills[0]]
    assert skill.name in tip and skill.text[:30] in tip.replace("&#x27;", "'").replace("&quot;", '"')
    d.shot("card-tooltip")


def _adjacent_position(seed_range=range(1, 40)):
    """A First Mission played by the computer until a Ready squad unit stands Adjacent to a Bug that can
    still make an Attack of Opportunity, at the start of one of the squad's activations."""
    for seed in seed_range:
        m = create_match(first_mission_scenario(), seed)
        ctls = {"player": SimpleSquadController("player"), "npc": NpcController("npc")}
        for _ in range(400):
            if m.phase == "over":
                break
            side = m.waiting_for()
            if side == "player" and m.prompt is None and m.active_unit is None:
                for u in m.units("player"):
                    if not m.readiness(u).ready:
                        continue
                    foes = [e for e in m.adjacent_enemies(u) if not m.unit(e).item
                            and not m.readiness(e).aoo_used]
                    if foes:
                        return m, u, foes
            m.submit(ctls[side].decide(m))
        m.close()
    raise AssertionError("no seed gave an Adjacent Bug")


def test_attack_of_opportunity_warning_and_blunt_prompt(app):
    m, uid, foes = _adjacent_position()
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.wait_banners()
    p = m.position(uid)
    d.click_board(p.x, p.y)
    assert sc.selected == uid and sc.mode == "move"
    pv = sc.preview
    away = [s for s in pv.spots if pv.aoo_threats(pv.path(s))]
    assert away, "moving away from the Adjacent Bug is possible"
    spot = min(away, key=lambda s: s[3])  # the shortest: movement left over to blunt with
    d.hover_board(spot[0], spot[1])
    assert sc.hover_path is not None and pv.aoo_threats(sc.hover_path)
    d.shot("battle-aoo-warning")
    d.click_board(spot[0], spot[1])
    assert isinstance(m.log[-1], (C.Move, C.ChooseAttackOfOpportunity))
    d.step(3)
    if m.prompt is not None and m.prompt.kind == "blunt" and m.prompt.side == "player":
        d.step(2)
        d.shot("blunt-prompt")
        panel = sc.prompt_panel
        assert panel.active
        blunt = next(b for b, c in panel.commands.items() if isinstance(c, C.Blunt) and c.dice == 1)
        d.click(blunt)
        assert any(isinstance(c, C.Blunt) and c.dice == 1 for c in m.log)
    assert any(isinstance(c, C.ChooseAttackOfOpportunity) and c.uid is not None for c in m.log)


def test_change_a_die_with_a_tactical_order(app):
    d = Driver(app)
    sc = battle(d, seed=7)
    m = sc.match
    d.key(pygame.K_TAB)
    d.key(pygame.K_r)
    target = sc.preview.valid_targets()[0]
    t = m.position(target)
    d.click_board(t.x, t.y)
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player"
    d.step(2)
    panel = sc.prompt_panel
    # pick a failed die the match lets a Tactical Order fix (-1), with its number key, then spend the TO
    helps = [c.index for c in m.legal_commands("player") if isinstance(c, C.ChangeDie)]
    assert helps, "seed 7's first shot has a die a Tactical Order can turn into a success"
    n = helps[-1] + 1
    d.key(getattr(pygame, f"K_{n}"))
    assert panel.selected == n - 1
    to = m.to["player"]
    minus = next(b for b, c in panel.commands.items() if isinstance(c, C.ChangeDie) and c.delta == -1)
    d.click(minus)
    assert isinstance(m.log[-1], C.ChangeDie) and m.log[-1].index == n - 1
    assert m.to["player"] == to - 1
    assert m.prompt is None or m.prompt.side != "player" or m.prompt.decision.dice[n - 1].shift == -1
    d.step(2)
    d.shot("dice-changed")
    while m.prompt is not None and m.prompt.side == "player":
        d.key(pygame.K_RETURN)
    assert any(isinstance(e, E.AttackEnded) for e in m.events)

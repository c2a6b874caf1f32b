"""Skills on the battle screen, driven with posted events: skill action buttons (cost, reason, rule text),
choosing a skill's unit on the table, free actions that skills grant, the skills' prompts (Parry, Devoted,
Counter, Life Drain, Shield, Fate Shift, reactions) and the generic panel for a prompt kind the screen does
not know. Missions start from the setup screen with a faction's default squad; the prompts are built with
small matches: units placed by hand, scripted dice."""
import pygame
import pytest

from game.battlefield import open_table
from game.content import default_squad, load_catalog
from game.match import commands as C
from game.match.match import Match, Prompt
from game.match.scenario import Scenario, SideSpec
from game.rules.cards import build_card
from game.rules.dice import ScriptedDice
from game.rules.model import Special
from game.ui.battle import BattleScene
from game.ui.battle.draw_table import prompt_rings as _prompt_rings
from game.ui.skillui import grant_text
from tests.match.conftest import Skirmish, card

from .driver import Driver
from .test_squad_choice import choose

CAT = load_catalog()


# == helpers ==========================================================================================
def interdictors_battle(d: Driver) -> BattleScene:
    """Title -> setup (Squad: the Interdictors' default squad) -> auto-deploy -> Turn 1."""
    d.step(2)
    d.click(d.scene.b_new)
    choose(d, d.scene.dd_squad, "Interdictors (default squad)")
    d.scene.e_seed.set_text("3")
    d.click(d.scene.b_start)
    sc = d.scene
    assert isinstance(sc, BattleScene)
    d.click(sc.b_auto)
    d.click(sc.b_start)
    assert sc.match.phase == "battle"
    d.wait_banners()
    return sc


def by_name(m, name):
    return next(u for u in m.all_units() if m.unit(u).name == name)


def button(sc, key):
    return next(b for b, k in sc.panel.buttons.items() if k == key)


def state(sc, key):
    return next(s for s in sc.panel.actions if s.key == key)


def select(d: Driver, uid):
    p = d.scene.match.position(uid)
    d.click_board(p.x, p.y)
    assert d.scene.selected == uid


def interdictor(name):
    spec = default_squad("interdictors", CAT)
    return build_card(CAT, next(u for u in spec.units if u.name == name))


def small_match(player, npc, dice=(), npc_side=True, battlefield=None):
    """A match on an open table (or `battlefield`): `player` and `npc` are lists of (card, x, y); the player's
    side is "player", the other "npc" (played by its NPC Behaviour when npc_side). Scripted dice from the first
    Turn on."""
    sides = (SideSpec("player", None), SideSpec("npc", None, npc=npc_side))
    sc = Scenario(mission="test-skirmish", sides=sides)
    cards = {"player": [(c.name, c) for c, _, _ in player], "npc": [(c.name, c) for c, _, _ in npc]}
    m = Match(sc, 0, Skirmish(), battlefield or open_table(), cards, catalog=CAT)
    uids = {"player": m.undeployed("player"), "npc": m.undeployed("npc")}
    for side, units in (("player", player), ("npc", npc)):
        for uid, (_, x, y) in zip(uids[side], units):
            m.submit(C.Deploy(side, uid, x, y))
        if side == "npc":
            m.dice = ScriptedDice(list(dice))
        m.submit(C.EndDeployment(side))
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, "player"))
    return m, uids["player"], uids["npc"]


def scene_on(app, m) -> tuple[Driver, BattleScene]:
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.wait_banners()
    return d, sc


def unit(name="Trooper", specials=(), skills=(), **kw):
    return card(name=name, skills=skills, specials=tuple(Special(*s) if isinstance(s, tuple) else Special(s)
                                                         for s in specials), **kw)


# == skill actions ====================================================================================
def test_strategize_button_raises_tactical_orders(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    leader = by_name(m, "Toland Strak")
    select(d, leader)
    st = state(sc, "skill:INT-STRAT")
    assert st.label == "Strategize (1 ACT)" and st.enabled and st.cost == "1 ACT"
    b = button(sc, "skill:INT-STRAT")
    assert "The squad gains 1 Tactical Order" in b.tool_tip_text  # the rule text on hover
    d.move_mouse(b.rect.center)
    d.step(40)
    d.shot("skills-buttons")
    to = m.to["player"]
    d.click(b)
    assert isinstance(m.log[-1], C.UseSkill) and m.log[-1].skill == "INT-STRAT"
    assert m.to["player"] == to + 1
    assert m.active_unit == leader and m.act_left() == 2
    # again in the same activation: a repeated action costs 1 more ACT (R17)
    d.step(2)
    st = state(sc, "skill:INT-STRAT")
    assert st.enabled and st.cost == "2 ACT"
    d.click(button(sc, "skill:INT-STRAT"))
    assert m.to["player"] == to + 2 and m.act_left() == 0
    d.step(2)
    st = state(sc, "skill:INT-STRAT")  # 3 ACT now: paid with Tactical Orders when ACT run out
    assert st.enabled == (m.to["player"] >= 3)
    d.shot("skills-strategize-used")


def test_medpack_on_a_wounded_squadmate_chosen_on_the_table(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    medic = by_name(m, "Castius")
    hurt = next(u for u in m.units("player") if u != medic and m.adjacent(u, medic))
    select(d, medic)
    # nobody has lost HIT: the button says why
    st = state(sc, "skill:INT-MED")
    assert not st.enabled and "lost no HIT" in st.reason
    wound(sc, hurt, 1)  # as if a Bug had hurt it
    d.step(2)
    st = state(sc, "skill:INT-MED")
    assert st.enabled, st.reason
    d.click(button(sc, "skill:INT-MED"))
    assert sc.skill is not None and sc.mode == "skill"
    assert sc.skill.units() == [hurt], "only the wounded Adjacent squadmate lights up"
    assert m.active_unit is None, "nothing is committed before the target is clicked"
    # Esc backs out; the button again
    d.key(pygame.K_ESCAPE)
    assert sc.skill is None and sc.mode != "skill"
    d.click(button(sc, "skill:INT-MED"))
    p = m.position(hurt)
    d.hover_board(p.x, p.y)
    d.shot("skills-medpack-target")
    m.dice = ScriptedDice([6])  # 1D3 = 3
    d.click_board(p.x, p.y)
    assert m.log[-1] == C.UseSkill("player", "INT-MED", target=hurt)
    assert m.health(hurt).hit == min(4, 1 + 3)
    assert sc.skill is None and m.active_unit == medic
    d.step(2)
    assert state(sc, "skill:INT-MED").reason == "already used this Turn"


def wound(sc, uid, hit):
    """Set a unit's HIT (as if it had been hurt) and let the screen re-read the match."""
    sc.match.health(uid).hit = hit
    sc.version += 1
    sc.refresh_units()


def panel_button(sc, pred):
    return next(b for b, c in sc.prompt_panel.commands.items() if pred(c))


def wait_for_prompt(d: Driver, kind: str, frames: int = 400):
    m = d.scene.match
    for _ in range(frames):
        if m.prompt is not None and m.prompt.kind == kind:
            break
        d.step(1)
    assert m.prompt is not None and m.prompt.kind == kind, f"no {kind} prompt"
    for _ in range(10):  # (a computer's command is read by the screen over the frames after it lands)
        if not d.scene.landing.pending:
            break
        d.step(1)
    d.step(2)
    assert d.scene.prompt_panel.active


# == prompts of skills ================================================================================
def test_parry_prompt_pauses_the_npc_and_rerolls_the_chosen_die(make_app):
    app = make_app(npc_speed="normal")
    # TO roll 4 4 4 (no TO); the Bug's attack 1 2 (two Strikes); Parry re-rolls the 1 -> 6; save 6
    m, p, n = small_match([(unit("Parrier", specials=["PAR"], hit=5), 10, 10)], [(card(melee=(2, 4)), 11.2, 10)],
                          dice=[4, 4, 4, 1, 2, 6, 6, 6, 6, 6, 6, 6])
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.end_activation()  # our unit activates and ends: the Bug acts, one step at a time
    wait_for_prompt(d, "parry")
    assert m.waiting_for() == "player" and m.active_unit == n[0]
    logged = len(m.log)
    d.step(60)  # the NPC waits for the answer
    assert len(m.log) == logged and m.prompt.kind == "parry"
    panel = sc.prompt_panel
    assert panel.header.startswith("Parry:") and len(panel.die_rects) == 2
    assert panel.selected == 0, "the attacker's Critical is picked first"
    d.click(panel.die_rects[1].center)  # pick the other Strike with a click ...
    assert panel.selected == 1
    d.key(pygame.K_1)  # ... and back with the number key
    assert panel.selected == 0
    d.shot("skills-parry-prompt")
    d.click(panel_button(sc, lambda c: isinstance(c, C.RerollDie)))
    assert C.RerollDie("player", 0, "PAR") in m.log
    assert m.health(p[0]).hit == 4  # one Strike left, its save failed


def test_counter_prompt_picks_the_weapon(app):
    # no TO; the Bug misses (5 5): Counter; ours hits (2 2 2), the Bug saves 6 6 6
    m, p, n = small_match([(unit("Fencer", specials=["CTR"], hit=5), 10, 10)],
                          [(card(melee=(2, 4), hit=5), 11.2, 10)], dice=[4, 4, 4, 5, 5, 2, 2, 2, 6, 6, 6] + [6] * 12)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.end_activation()
    wait_for_prompt(d, "counter")
    panel = sc.prompt_panel
    labels = sorted(b.text for b in panel.commands)
    assert labels == ["Counter: Blade", "No Counter"]
    assert any("ATT 3, SKL 4 against" in text for _, text in panel.notes)
    d.shot("skills-counter-prompt")
    d.click(panel_button(sc, lambda c: c == C.ChooseWeapon("player", "mel")))
    assert C.ChooseWeapon("player", "mel") in m.log
    assert m.health(n[0]).hit == 2


def test_devoted_prompt_answered_by_clicking_the_devoted_unit(app):
    # two squads played by two people at this screen (hot-seat): "npc" is the other player here
    from .test_hotseat import take_seat
    m, p, n = small_match([(card(name="Ward", hit=3), 15, 10), (unit("Devotee", specials=["DEV"], hit=5), 15, 13)],
                          [(card(name="Gunner"), 5, 10)], dice=[4, 4, 4, 4, 4, 4, 2, 5], npc_side=False)
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    take_seat(d, "Player")
    select(d, p[0])
    d.end_activation()
    assert m.waiting_for() == "npc"
    take_seat(d, "Npc")
    sc.submit(C.Activate("npc", n[0]))
    m.dice = ScriptedDice([2, 6, 6, 6])  # 1 Strike, its save 6
    sc.submit(C.RangedAttack("npc", "rng", p[0]))
    take_seat(d, "Player")  # the Devoted question is the first player's, during the other's activation
    wait_for_prompt(d, "devoted")
    panel = sc.prompt_panel
    assert sorted(b.text for b in panel.commands) == ["Devotee takes it", "No, keep the target"]
    assert p[1] in _prompt_rings(sc)  # ringed on the table
    d.shot("skills-devoted-prompt")
    q = m.position(p[1])
    d.click_board(q.x, q.y)  # the highlighted Devoted unit on the table
    assert C.ChooseUnit("player", p[1]) in m.log
    assert m.health(p[0]).hit == 3 and m.health(p[1]).hit == 4  # the Devoted unit took it


def test_life_drain_and_shield_choose_a_number(app):
    # Life Drain: our attack 1 1 (2 Critical Strikes, 4 Damage): heal with 1 of them
    drainer = unit("Leech", specials=["LFD"], hit=4)
    m, p, n = small_match([(drainer, 10, 10)], [(card(hit=5), 11.2, 10)], dice=[4, 4, 4])
    d, sc = scene_on(app, m)
    wound(sc, p[0], 2)
    select(d, p[0])
    m.dice = ScriptedDice([1, 1, 6, 6, 6])
    d.key(pygame.K_f)
    q = m.position(n[0])
    d.click_board(q.x, q.y)
    wait_for_prompt(d, "life_drain")
    panel = sc.prompt_panel
    assert sorted(b.text for b in panel.commands) == ["Drain 1", "Drain 2", "Keep all the Damage (Enter)"]
    assert ("heal 1 HIT, deal 2 Damage") in [t for _, t in panel.notes]
    d.shot("skills-life-drain-prompt")
    d.click(panel_button(sc, lambda c: c == C.ChooseNumber("player", 1)))
    assert m.health(p[0]).hit == 3 and m.health(n[0]).hit == 3

    # Shield: the Bug's 3 Damage; our saves 1 6 6: the Critical Save counts as two saves
    m2, p2, n2 = small_match([(unit("Aegis", skills=("PRX-AEG-SHD",), hit=5), 10, 10)],
                             [(card(), 11.2, 10)], dice=[4, 4, 4, 2, 2, 2, 1, 6, 6] + [6] * 12)
    d, sc = scene_on(app, m2)
    select(d, p2[0])
    d.end_activation()
    wait_for_prompt(d, "shield")
    panel = sc.prompt_panel
    assert sorted(b.text for b in panel.commands) == ["No Shield", "Shield 1 (Enter)"]
    notes = [t for _, t in panel.notes]
    assert "lose 1 HIT, return 0 Damage to the attacker" in notes
    d.shot("skills-shield-prompt")
    d.key(pygame.K_RETURN)
    assert C.ChooseNumber("player", 1) in m2.log and m2.health(p2[0]).hit == 4


def test_fate_shift_rerolls_a_tactical_order_die(app):
    m, p, n = small_match([(unit("Seer", skills=("SCH-ASP-FS",)), 5, 5)], [(card(), 20, 20)], dice=[4, 5, 6, 2])
    d, sc = scene_on(app, m)
    wait_for_prompt(d, "fate_shift")
    panel = sc.prompt_panel
    assert len(panel.die_rects) == 3
    labels = sorted(b.text for b in panel.commands)
    assert labels == ["Keep 0 TO (Enter)", "Re-roll die 1 (a 4)", "Re-roll die 2 (a 5)", "Re-roll die 3 (a 6)"]
    d.shot("skills-fate-shift-prompt")
    d.click(panel_button(sc, lambda c: c == C.RerollDie("player", 1, "fate")))
    assert m.to["player"] == 1 and m.prompt is None


def test_standby_reaction_then_a_free_action(app):
    m, p, n = small_match([(unit("Sentry", specials=["SBY"]), 5, 10)], [(card(hit=5), 15, 10)],
                          dice=[4, 4, 4] + [2, 6, 6, 6] + [6] * 20)
    d, sc = scene_on(app, m)
    select(d, p[0])
    st = state(sc, "skill:SBY")
    assert st.label == "Standby (1 ACT)" and st.enabled
    d.click(button(sc, "skill:SBY"))  # needs no choice: done at once
    assert C.UseSkill("player", "SBY") in m.log and m.conditions(p[0]).standby
    d.end_activation()
    wait_for_prompt(d, "react")
    panel = sc.prompt_panel
    assert sorted(b.text for b in panel.commands) == ["Let it go on", "Standby: Sentry acts"]
    d.shot("skills-react-prompt")
    d.click(panel_button(sc, lambda c: c == C.ChooseUnit("player", p[0])))
    # a free action: the top bar says so and the buttons show it free
    assert m.active_unit == p[0] and m.activation.grant == "standby"
    d.step(3)
    assert sc.selected == p[0]
    assert grant_text(m) == "Standby: one free Basic Action"
    assert state(sc, "ranged:rng").cost == "free" and state(sc, "move").cost == "free"
    assert not state(sc, "skill:SBY").enabled
    assert sc.b_end.text == "Decline free action"
    d.shot("skills-free-action")
    d.key(pygame.K_r)
    q = m.position(n[0])
    d.click_board(q.x, q.y)
    shot = m.log.index(C.RangedAttack("player", "rng", n[0]))
    assert m.health(n[0]).hit == 4
    assert m.log[shot + 1].side == "npc", "then the Bug's activation goes on"


def test_misdirection_in_a_reaction_picks_two_units_on_the_table(app):
    shroud = unit("Shroud", skills=("SCH-SB-MSD",))
    m, p, n = small_match([(shroud, 5, 10), (card(name="Adept"), 5, 20)], [(card(), 20, 10)],
                          dice=[1, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    assert m.to["player"] == 1
    select(d, p[1])
    st = state(sc, "skill:SCH-SB-MSD")  # any unit of the squad shows the squad's Misdirection
    assert st.label == "Misdirection (1 TO)" and st.enabled
    d.end_activation()
    wait_for_prompt(d, "react")  # the Bug activates
    panel = sc.prompt_panel
    mis = next(b for b in panel.actions if b.text.startswith("Misdirection"))
    d.click(mis)
    assert sc.skill is not None and sc.skill.units() == sorted(p)
    a, b = m.position(p[1]), m.position(p[0])
    d.click_board(a.x, a.y)  # either unit first
    assert sc.skill.stage == "unit2" and sc.skill.units() == [p[0]]
    d.shot("skills-misdirection-pick")
    d.click_board(b.x, b.y)
    assert C.UseSkill("player", "SCH-SB-MSD", target=p[0], other=p[1]) in m.log
    assert (m.position(p[0]).y, m.position(p[1]).y) == (20, 10) and m.to["player"] == 0


def test_duty_before_death_free_action_in_the_top_bar(app):
    corvius = interdictor("Corvius")
    m, p, n = small_match([(corvius, 10, 10)], [(card(melee=(2, 4)), 11.2, 10)],
                          dice=[4, 4, 4, 2, 2, 6, 6] + [6] * 20)
    d, sc = scene_on(app, m)
    wound(sc, p[0], 1)
    select(d, p[0])
    d.end_activation()
    for _ in range(200):
        if m.activation is not None and m.activation.grant == "dbd":
            break
        d.step(1)
    assert m.active_unit == p[0] and m.health(p[0]).hit == 0
    d.step(3)
    assert grant_text(m) == "Duty Before Death: one free action of 1 ACT or less"
    assert sc.selected == p[0]
    assert state(sc, "melee:INT-F").cost == "free"
    d.shot("skills-duty-before-death")
    d.end_activation(sc.b_end)  # decline: it falls
    assert not m.standing(p[0])


def test_an_unknown_prompt_kind_gets_the_generic_panel(app, monkeypatch):
    m, p, n = small_match([(card(name="Trooper"), 5, 10)], [(card(), 20, 10)], dice=[4, 4, 4] + [6] * 10)
    d, sc = scene_on(app, m)
    answers = [C.ChooseUnit("player", None), C.ChooseUnit("player", p[0]), C.ChooseNumber("player", 2)]
    given = []
    m.prompt = Prompt("mystery", "player", "Something new asks you a question", options=(1, 2))
    real_legal, real_submit = m.legal_commands, m.submit

    def legal(side):
        return list(answers) if m.prompt is not None and m.prompt.kind == "mystery" else real_legal(side)

    def submit(cmd):
        if m.prompt is not None and m.prompt.kind == "mystery":
            assert cmd in answers
            given.append(cmd)
            m.prompt = None
            return []
        return real_submit(cmd)

    monkeypatch.setattr(m, "legal_commands", legal)
    monkeypatch.setattr(m, "submit", submit)
    sc.version += 1
    d.step(3)
    panel = sc.prompt_panel
    assert panel.active and panel.generic
    assert panel.header == "Something new asks you a question"
    assert sorted(b.text for b in panel.commands) == sorted(["no one", "Trooper", "2"])
    d.shot("skills-generic-prompt")
    d.click(panel_button(sc, lambda c: c == C.ChooseNumber("player", 2)))
    assert given == [C.ChooseNumber("player", 2)]
    d.step(2)
    assert not sc.prompt_panel.active


def test_grenade_spot_chosen_on_the_table(app):
    thrower = interdictor("Decaeta")
    bugs = [(card(name="Bug A", hit=3), 14, 10), (card(name="Bug B", hit=3), 15.5, 10), (card(name="Bug C"), 20, 20)]
    m, p, n = small_match([(thrower, 10, 10)], bugs, dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.click(button(sc, "skill:INT-FG"))
    t = sc.skill
    assert t is not None and t.stage == "spot" and t.units() == []
    assert t.spots() == [(14, 10)], "the enemies in reach and in sight (Bug A hides Bug B)"
    cx, cy, r = t.area()
    assert (cx, cy) == (10, 10) and r > 6
    d.click_board(10, 18)  # outside the 6": refused, still choosing
    assert m.active_unit is None and sc.skill is t
    d.hover_board(14.1, 10.1)
    assert sc.skill_hover == (14.0, 10.0, True)
    assert sorted(sc.skill_victims) == [n[0], n[1]], "both Bugs are Adjacent to that spot"
    d.shot("skills-grenade-spot")
    d.click_board(14.1, 10.1)
    assert m.log[-1] == C.UseSkill("player", "INT-FG", x=14.0, y=10.0)
    assert [m.health(u).hit for u in n] == [1, 1, 3]  # 2 Damage each, saves 6 6; Bug C untouched


def test_relay_order_gives_a_squadmate_a_free_action(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    relay = by_name(m, "Andronicos")
    select(d, relay)
    d.click(button(sc, "skill:INT-RO"))
    mates = sc.skill.units()
    assert mates and relay not in mates
    leader = by_name(m, "Toland Strak")
    assert leader in mates
    q = m.position(leader)
    d.click_board(q.x, q.y)
    assert m.log[-2:] == [C.Activate("player", relay), C.UseSkill("player", "INT-RO", target=leader)]
    assert m.active_unit == leader and m.activation.grant == "order"
    d.step(3)
    assert sc.selected == leader
    assert grant_text(m) == "Relay Order: one free Basic Action"
    assert state(sc, "move").cost == "free" and not state(sc, "skill:INT-STRAT").enabled
    d.shot("skills-relay-order")
    d.end_activation(sc.b_end)  # declined: back to Andronicos, 1 ACT spent on the order
    assert m.active_unit == relay and m.act_left() == 2
    d.step(2)
    assert sc.selected == relay and m.readiness(leader).ready


CLICKED: set = set()  # skill ids clicked through (all squads: 31 of the 40 skill actions with seed 5)


# == every squad: the buttons agree with the match, and every skill choice can be clicked ================
def _click_through(m, side, cmd):
    """Choose `cmd` the way a player does (the unit(s), then the spot) and return what the screen submits."""
    from game.ui.skillui import SkillTargeting, active_choices
    t = SkillTargeting(m, cmd.skill, m.active_unit, side, active_choices(m, side, cmd.skill))
    if t.stage == "none":
        return t.cands[0] if t.cands else C.UseSkill(side, cmd.skill)
    units = [u for u in (cmd.target, cmd.other) if u is not None]
    for u in units:
        kind, val = t.pick_unit(u)
        if kind == "cmd":
            return val
        assert kind == "more", (cmd, val)
    if t.stage == "unit2" or (t.stage == "spot" and cmd.x is None):
        kind, val = t.pick_unit(units[0])  # the first unit again: it alone / no spot
        assert kind == "cmd", (cmd, val)
        return val
    kind, val = t.pick_spot(cmd.x, cmd.y)
    assert kind == "cmd", (cmd, val)
    return val


@pytest.mark.parametrize("slug", ["interdictors", "praxium-corps", "silent-choir", "relict-wardens", "drone-pod",
                                  "hunter-killers", "claimant-warband", "despoilers", "krumpfists"])
def test_every_squads_skill_buttons_and_choices_match_the_match(slug):
    from game.ai.common import answer_prompt
    from game.ai.npc import NpcController
    from game.ai.simple import SimpleSquadController
    from game.modes import create_match, first_mission_scenario
    from game.ui.battle.actions import action_states
    m = create_match(first_mission_scenario(default_squad(slug, CAT), map_name=None), 5, CAT)
    plain, npc = SimpleSquadController("player"), NpcController("npc")
    used: set = set()
    checked = clicked = 0
    try:
        for _ in range(3000):
            if m.phase == "over":
                break
            side = m.waiting_for()
            if side == "npc":
                m.submit(npc.decide(m))
                continue
            if m.prompt is not None:
                m.submit(answer_prompt(m, side))
                continue
            a = m.activation
            if a is None or a.grant:
                m.submit(plain.decide(m))
                continue
            legal = m.legal_commands(side)
            skills = {c.skill for c in legal if isinstance(c, C.UseSkill)}
            states = action_states(m, a.uid, side)
            on = {st.key[6:] for st in states if st.key.startswith("skill:") and st.enabled}
            assert on == skills, (m.unit(a.uid).name, on, skills, [(s.key, s.reason) for s in states])
            checked += 1
            todo = [c for c in legal if isinstance(c, C.UseSkill) and (a.uid, c.skill) not in used]
            if todo:
                # the last choice listed (a pair, a spot, a second unit) exercises the most clicks
                cmd = todo[-1]
                used.add((a.uid, cmd.skill))
                got = _click_through(m, side, cmd)
                assert got.skill == cmd.skill and got in legal, (cmd, got)
                clicked += 1
                CLICKED.add(cmd.skill)
                m.submit(got)
                continue
            m.submit(plain.decide(m))
    finally:
        m.close()
    assert checked > 0 and clicked > 0, "the squad used some skill through the screen's choosing"


def test_smoke_bomb_on_any_spot_in_reach_shows_on_the_table(app):
    m, p, n = small_match([(unit("Smoker", skills=("INT-SG",)), 6, 12)], [(card(name="Bug"), 16, 12)],
                          dice=[4, 4, 4] + [6] * 10)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.click(button(sc, "skill:INT-SG"))
    assert sc.skill.stage == "spot" and (6, 12) in sc.skill.spots()
    d.hover_board(10, 13)  # no marked spot here: any point of the circle will do
    assert sc.skill_hover == (10, 13, False)
    d.shot("skills-smoke-spot")
    d.click_board(10, 13)
    assert m.log[-1] == C.UseSkill("player", "INT-SG", x=10.0, y=13.0)
    assert [t.kind for t in m.tokens] == ["smoke"]
    d.move_mouse(sc.layout["hint"].center)
    d.step(3)
    d.shot("skills-smoke-token")
    # the Smoke blocks the Smoker's own shot at the Bug now: the Shoot button says why
    shoot = next(s for s in sc.panel.actions if s.key.startswith("ranged:"))
    assert not shoot.enabled and "Line of Sight" in shoot.reason, shoot.reason
    d.key(pygame.K_r)
    assert sc.mode != "ranged"

"""What the question box says is what the answer does. Every kind of question is opened on the battle screen with
scripted dice; what the panel says ("If you accept now", each option's line, the buttons of an attack it would
start) is compared with what submitting that answer really does on a fresh copy of the same match (the battle
log: Damage, HIT lost, Damage returned, the attack's dice, Tactical Orders, a mission step).

Two mistakes players met are among them: a save after a ranged attack announced returned Damage that never
came, and the attack box ignored Rending."""
import re

import pygame
import pytest

from game.ai.simple import SimpleSquadController
from game.match import commands as C
from game.match import events as E
from game.rules import records as R
from game.rules.dice import ScriptedDice
from game.ui.battle import BattleScene
from tests.match import test_answer_outcomes as cases
from tests.match.conftest import Skirmish, card
from tests.match.test_answer_outcomes import TAIL, observed
from tests.match.test_skills import make, roll, unit

from .driver import Driver
from .test_skills_ui import scene_on, small_match, wait_for_prompt


def open_question(app, m):
    """The battle screen on `m`, the person answering at the screen, the other side played by the computer."""
    side = m.prompt.side
    sc = BattleScene(app, m)
    for other in m.sides:
        if other != side:
            sc.play_by_computer(other, SimpleSquadController(other))
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.wait_banners()
    d.step(3)
    assert sc.prompt_panel.active, "the question is shown"
    return d, sc


def phrase(seen: dict, uid: int, stage: str) -> list[str]:
    """The words the screen must use for what really happened."""
    if stage in ("attack", "parry"):
        return [f"{seen['damage']} Damage"]
    out = [f"lose {seen['lost'].get(uid, 0)} HIT"]
    back = sum(seen["returned"].values())
    if back:
        out.append(f"returns {back} Damage")
    return out


def notes_for(panel, cmd) -> str:
    """The line the panel draws beside the button of `cmd`."""
    b = next(b for b, c in panel.commands.items() if c == cmd)
    note = next((t for r, t in panel.notes if r.x > b.rect.x and r.y <= b.rect.centery <= r.bottom), None)
    if note is None:  # a grid of buttons: the line is the button's tooltip
        from html import unescape
        note = unescape(b.tool_tip_text or "")
    return note


DICE_CASES = ["attack (Rending)", "automatic Strike", "ranged saves", "melee saves", "returned Damage", "parry"]


@pytest.mark.parametrize("case", DICE_CASES)
def test_the_dice_box_says_what_each_answer_does(app, case):
    build, kind, stage = cases.CASES[case]
    m = build(())
    uid = m.prompt.decision.uid
    ranged = m.attack_now().ranged
    d, sc = open_question(app, m)
    panel = sc.prompt_panel
    real = build(())
    seen = observed(real, C.AcceptDice(m.prompt.side))
    real.close()
    for words in phrase(seen, uid, stage):
        assert words in panel.summary, (panel.summary, words)
    if ranged or stage == "attack":
        assert "return" not in panel.summary, "nothing comes back from a ranged attack"
    if seen["taken_out"]:
        assert "Taken Out" in panel.summary
    if stage == "attack" and seen["damage"]:  # the saves that follow: one die per Damage ("saves 4" read as all saved)
        n = seen["damage"]
        assert f"rolls {n} save {'die' if n == 1 else 'dice'}" in panel.summary, panel.summary
    d.shot(f"prompt-truth-{case.split()[0]}")
    # every option of every die: each face of a re-rolled die (scripted) gives words the option's line has
    for i in range(len(m.prompt.decision.dice)):
        panel.select(i)
        d.step(2)
        for cmd in [c for c in panel.commands.values() if getattr(c, "index", None) == i]:
            line = notes_for(panel, cmd)
            faces = range(1, 7) if isinstance(cmd, (C.RerollDie, C.RollAutoDie)) else (None,)
            for f in faces:
                real = build(() if f is None else (f,))
                seen = observed(real, cmd)
                real.close()
                for words in phrase(seen, uid, stage):
                    assert words in line, (cmd, f, line, words)


def test_life_drain_and_shield_lines_are_what_the_choice_does(app):
    for case in ("life drain", "shield"):
        build, kind, _ = cases.CASES[case]
        m = build(())
        p = m.prompt
        d, sc = open_question(app, m)
        panel = sc.prompt_panel
        for cmd in list(panel.commands.values()):
            line = notes_for(panel, cmd)
            real = build(())
            seen = observed(real, cmd)
            real.close()
            if kind == "life_drain":
                healed = seen["healed"].get(p.decision.uid, 0)
                dealt = seen["damage"] if seen["damage"] is not None else seen["next"][2]  # (the saves of it)
                assert f"heal {healed} HIT, deal {dealt} Damage" == line
            else:
                assert line.startswith(f"lose {seen['lost'].get(p.decision.uid, 0)} HIT, return "
                                       f"{sum(seen['returned'].values())} Damage")
        d.shot(f"prompt-truth-{kind}")


def _attack_said(line: str) -> tuple[int, int]:
    att, skl = re.search(r"ATT (\d+), SKL (\d+)", line).groups()
    return int(att), int(skl)


def _attack_made(m, start: int):
    rolled = next(e for e in m.events[start:] if isinstance(e, R.AttackRolled))
    return len(rolled.dice), rolled.stat


def test_counter_and_devoted_say_the_attack_they_start(app):
    # Counter: B lost no HIT; its free attack with its blade: ATT 3 (a Silent Choir-less card), SKL 4
    m, a, b = make([(unit(melee=(2, 4), hit=5), 10, 10)], [(unit(specials=["CTR"], melee=(3, 4)), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, *TAIL)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.kind == "counter"
    d, sc = open_question(app, m)
    cmd = C.ChooseWeapon("B", "mel")
    said = _attack_said(notes_for(sc.prompt_panel, cmd))
    d.shot("prompt-truth-counter")
    start = len(m.events)
    d.click(next(b for b, c in sc.prompt_panel.commands.items() if c == cmd))
    assert _attack_made(m, start) == said
    # Devoted: the shot at a squadmate goes to the Devoted unit instead
    m, a, b = make([(unit(ranged=(3, 4)), 5, 10)], [(card(), 15, 10), (unit(specials=["DEV"], arm=2), 15, 13)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 2, *TAIL)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt is not None and m.prompt.kind == "devoted", "the Devoted skill offers itself"
    d, sc = open_question(app, m)
    cmd = C.ChooseUnit("B", b[1])
    line = notes_for(sc.prompt_panel, cmd)
    assert "ARM 2" in line and _attack_said(line) == (3, 4)
    start = len(m.events)
    d.click(next(bt for bt, c in sc.prompt_panel.commands.items() if c == cmd))
    rolled = next(e for e in m.events[start:] if isinstance(e, R.AttackRolled))
    assert [u for u, _ in rolled.targets] == [b[1]] and (len(rolled.dice), rolled.stat) == (3, 4)


def test_attack_of_opportunity_and_blunting_say_the_dice_they_roll(app):
    m, p, n = small_match([(card(act=3), 10, 10)], [(card(melee=(3, 4)), 11.2, 10)], dice=[4] * 6 + [2, 5] + [6] * 40,
                          npc_side=False)
    m.submit(C.Activate("player", p[0]))
    m.submit(C.Move("player", 10, 13))  # leaves the enemy: its Attack of Opportunity
    assert m.prompt.kind == "aoo" and m.prompt.side == "npc"
    d, sc = open_question(app, m)
    cmd = C.ChooseAttackOfOpportunity("npc", n[0], "mel")
    line = notes_for(sc.prompt_panel, cmd)
    d.shot("prompt-truth-aoo")
    att, skl = _attack_said(line)
    m.submit(cmd)
    assert m.prompt.kind == "blunt"
    sc.keep_match = True  # the next screen answers the blunting, on the same match
    d, sc = open_question(app, m)
    panel = sc.prompt_panel
    b1 = C.Blunt("player", 1)
    line = notes_for(panel, b1)
    assert _attack_said(line) == (att - 1, skl) and '2" less to move' in line
    d.shot("prompt-truth-blunt")
    start = len(m.events)
    d.click(next(b for b, c in panel.commands.items() if c == b1))
    assert _attack_made(m, start) == (att - 1, skl)
    assert any(isinstance(e, E.Note) and 'spends 2"' in e.text for e in m.events[start:])


def test_fate_shift_says_the_orders_each_answer_brings(app):
    for face in (2, 5):
        m, p, n = small_match([(unit("SCH-ASP-FS"), 5, 5)], [(card(), 20, 20)], dice=[4, 5, 6])
        assert m.prompt is not None and m.prompt.kind == "fate_shift"
        d, sc = open_question(app, m)
        panel = sc.prompt_panel
        cmd = C.RerollDie("player", 1, "fate")
        line = notes_for(panel, cmd)
        assert line == "3 in 6: 1 TO; 3 in 6: 0 TO"
        assert notes_for(panel, C.AcceptDice("player")) == "no re-roll" and \
            any(b.text == "Keep 0 TO (Enter)" for b in panel.commands)
        m.dice = ScriptedDice([face] + [6] * 30)
        d.click(next(b for b, c in panel.commands.items() if c == cmd))
        assert m.to["player"] == (1 if face <= 3 else 0)


class Omens(Skirmish):
    """A mission roll the side may change with Tactical Orders, each face with a meaning."""

    MEANING = ((1, "Storm"), (2, "Storm"), (3, "Calm"), (4, "Calm"), (5, "Fog"), (6, "Fog"))

    def on_step(self, match, name, *args):
        if name == "omen":
            match.mission_state["omen"] = args[-1][0]
        elif name == "pick":
            match.mission_state["picked"] = args[-1]


def test_a_mission_roll_names_what_each_face_means(app):
    m, p, n = small_match([(card(), 5, 5)], [(card(), 20, 20)], dice=[4, 4, 4])
    m.mission = Omens()
    m.to["player"] = 2
    m.dice = ScriptedDice([5, 2] + [6] * 10)
    m.roll_table(1, "Omen (1D6)", ("omen",), side="player", to_dice=True, meaning=Omens.MEANING)
    assert m.prompt.kind == "mission_dice"
    d, sc = open_question(app, m)
    panel = sc.prompt_panel
    assert notes_for(panel, C.ChangeDie("player", 0, -1)) == "Fog -> Calm (5 becomes 4)"
    assert notes_for(panel, C.RerollDie("player", 0, "TO")).startswith("2 in 6: Storm; 2 in 6: Calm; 2 in 6: Fog")
    assert "5 (Fog)" in notes_for(panel, C.AcceptDice("player"))
    d.shot("prompt-truth-mission-roll")
    d.click(next(b for b, c in panel.commands.items() if c == C.RerollDie("player", 0, "TO")))
    d.step(2)
    assert m.prompt.decision.dice[0].value == 2
    d.key(pygame.K_RETURN)
    assert m.mission_state["omen"] == 2  # a 2: Storm, one of the faces the line named


def test_a_mission_question_offers_its_own_words(app):
    m, p, n = small_match([(card(), 5, 5)], [(card(), 20, 20)], dice=[4, 4, 4])
    m.mission = Omens()
    m.ask("player", "Which way?", (("left", "Take the left stair"), ("right", "Take the right stair")), ("pick",))
    d, sc = open_question(app, m)
    panel = sc.prompt_panel
    assert sorted(b.text for b in panel.commands) == ["Take the left stair", "Take the right stair"]
    d.click(next(b for b, c in panel.commands.items() if c == C.Choose("player", "right")))
    assert m.mission_state["picked"] == "right"


def test_standby_does_what_its_line_says(app):
    m, p, n = small_match([(unit("Sentry", specials=["SBY"]), 5, 10)], [(card(hit=5), 15, 10)],
                          dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    m.submit(C.Activate("player", p[0]))
    m.submit(C.UseSkill("player", "SBY"))
    m.submit(C.EndActivation("player"))
    wait_for_prompt(d, "react")
    panel = sc.prompt_panel
    cmd = C.ChooseUnit("player", p[0])
    assert notes_for(panel, cmd).startswith("one free Basic Action now")
    d.click(next(b for b, c in panel.commands.items() if c == cmd))
    assert m.active_unit == p[0] and m.activation.grant == "standby" and len(m.activation.plan) == 1


def test_the_top_bar_names_the_side_answering_in_our_activation_as_it_is_called(app):
    """The computer answers a question during our activation: the top bar names that side as players call it (it
    read "b is answering": the name lowered as if it were "The NPCs are")."""
    from game.ui.battle.texts import mid_sentence, top_status
    build, _, _ = cases.CASES["ranged saves"]
    m = build(())
    sc = BattleScene(app, m)
    asked = m.prompt.side
    assert asked != sc.side and m.side_of(m.active_unit) == sc.side
    sc.play_by_computer(asked, SimpleSquadController(asked))
    name = m.side_name(asked)
    assert name[0].isupper()
    assert top_status(sc)[0].startswith(f"{m.unit(m.active_unit).name} activating  ·  {name} is answering")
    assert mid_sentence("The NPCs are") == "the NPCs are"

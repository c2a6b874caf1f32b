"""Every text a player sees is written for a player: a First Mission played headless through the screens, with
every text the UI shows collected (what is drawn, widget labels, buttons, tooltips, dialogs, drop-down options,
the log) and scanned for what a player should never read: command class names, "Foo(", ids, file paths.

Some texts still come from the engine as it writes them; those are listed in ENGINE (where they are made) and
reported, not failed: the engine owners change them at the source."""
import re
from html import unescape

import pygame

from game.ai.simple import SimpleSquadController
from game.match import commands as C
from game.ui.battle import BattleScene
from game.ui.pause import PauseScene
from game.ui.results_scene import ResultsScene

from .driver import Driver
from .test_skills_ui import interdictors_battle

# what a player must never read
BAD = {
    "a command's class name": re.compile(r"\b(?:" + "|".join(
        n for n in dir(C) if isinstance(getattr(C, n), type) and n[:1].isupper() and re.search(r"[a-z][A-Z]", n))
        + r")\b"),
    "CamelCase code name": re.compile(r"\b[A-Z][a-z]+[A-Z][a-z]+[A-Za-z]*\b"),
    "a call or repr": re.compile(r"\b[A-Za-z_]\w*\((?:\w+=|\))"),
    "uid": re.compile(r"\buids?\b"),
    "a numbered object": re.compile(r"#\d"),
    "a base id": re.compile(r"\b(?:player|npc) base\b"),
    "a catalog id": re.compile(r"\b[A-Z]{2,4}-[A-Z0-9]{1,5}(?:-[A-Z0-9]+)*\b"),
    "a file path": re.compile(r"/\.json\b|\.py\b|saves/\*|\bgame/"),
    "a door id": re.compile(r"\b(?:opens|closes|door) [A-Z]\d+\b"),
    "a side id": re.compile(r"^(?:player|npc)\b|\b(?:player|npc) has the\b"),
    "a lazy plural": re.compile(r"\w\(s\)"),
    "a field": re.compile(r"\bside=|=None\b"),
}

# texts the engine writes (the screen shows them as they are): where each is made, to be fixed there
ENGINE: dict = {}  # (none left: the match words what the battlefield names)


def visible_html(html: str) -> str:
    """What pygame-gui shows of an HTML text: tags (and anything that looks like one) vanish, entities resolve."""
    return unescape(re.sub(r"<[^>]*>", "", html.replace("<br>", "\n")))


class Texts:
    """Collects what the screen shows: text drawn by the game's Text renderer, widgets' texts and tooltips,
    drop-down options, list items, the log, toasts and dialogs."""

    def __init__(self, app, monkeypatch) -> None:
        self.app = app
        self.seen: dict[str, str] = {}  # text -> where
        self._patch(app.text, monkeypatch)

    def _patch(self, text, monkeypatch) -> None:
        render = text.render
        self.in_log = False

        def spy(s, *a, **kw):
            if not self.in_log:  # the log draws word by word: its entries are read whole (collect)
                self.add(s, "drawn")
            return render(s, *a, **kw)

        text.render = spy
        from game.ui.logview import LogView
        log_render = LogView._render

        def log_spy(view, e):
            self.in_log = True
            try:
                return log_render(view, e)
            finally:
                self.in_log = False

        monkeypatch.setattr(LogView, "_render", log_spy)

    def add(self, s, where: str) -> None:
        if isinstance(s, str):
            for line in s.split("\n"):
                line = line.strip()
                if line and line not in self.seen:
                    self.seen[line] = where

    def collect(self) -> None:
        app = self.app
        for el in app.manager.get_sprite_group().sprites():
            kind = type(el).__name__
            for attr in ("text", "tool_tip_text"):
                v = getattr(el, attr, None)
                if isinstance(v, str):
                    self.add(visible_html(v), f"{kind}.{attr}")
            v = getattr(el, "html_text", None)
            if isinstance(v, str):
                self.add(visible_html(v), f"{kind}.html_text")
            for opt in getattr(el, "options_list", None) or ():
                self.add(opt[0] if isinstance(opt, tuple) else opt, f"{kind} option")
            for it in getattr(el, "item_list", None) or ():
                self.add(it.get("text"), f"{kind} item")
        for t in app.toasts:
            self.add(t.text, "toast")
        if app.last_dialog:
            self.add(app.last_dialog, "dialog")
        sc = app.top
        if isinstance(sc, BattleScene):
            for e in sc.log.entries:
                self.add(e.plain, "log")
            for b in sc.effects.banners:
                self.add(b.title, "banner")
                for line in b.lines:
                    self.add(line, "banner")

    def problems(self):
        bad, engine = [], []
        for text, where in self.seen.items():
            for what, rx in BAD.items():
                if rx.search(text):
                    src = next((src for erx, src in ENGINE.items() if erx.search(text)), None)
                    (engine if src else bad).append((what, text, where, src))
                    break
        return bad, engine


def hover_every_button(d: Driver, texts: Texts) -> None:
    """Rest the mouse on each button of the screen long enough for its tooltip."""
    sc = d.scene
    buttons = [el for el in d.app.manager.get_sprite_group().sprites()
               if type(el).__name__ == "UIButton" and el.visible and getattr(el, "tool_tip_text", None)]
    for b in buttons[:12]:
        d.move_mouse(b.rect.center)
        d.step(70)
        texts.collect()
    d.move_mouse((1, 1)) if sc is d.scene else None


def test_a_played_mission_shows_only_player_words(make_app, monkeypatch):
    app = make_app(npc_speed="instant")
    texts = Texts(app, monkeypatch)
    d = Driver(app)
    # title, setup (its drop-downs), then the Interdictors' default squad deployed
    sc = interdictors_battle(d)
    texts.collect()
    m = sc.match
    # the Leader: a skill with no dice (Strategize), then undone
    leader = next(u for u in m.units("player") if m.unit(u).leader)
    p = m.position(leader)
    d.click_board(p.x, p.y)
    hover_every_button(d, texts)
    b = next(b for b, k in sc.panel.buttons.items() if k == "skill:INT-STRAT")
    d.click(b)
    assert isinstance(m.log[-1], C.UseSkill)
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    texts.collect()
    assert any(t.startswith("Undone:") for t in texts.seen), "the undo says what it took back"
    # every card chip's rule text as a tooltip
    sc = d.scene
    m = sc.match  # (undo replays the match into a new one)
    d.click_board(p.x, p.y)
    cr = sc.layout["card"]
    for r, _tip in sc.card.chips[:6]:
        d.move_mouse(r.move(cr.x, cr.y).center)
        d.step(20)
        texts.collect()
    # shoot at every enemy in turn (hover: the reason or the odds), then fire at a valid one
    d.key(pygame.K_r)
    for t in list(sc.preview.targets) if sc.preview is not None else []:
        q = m.position(t)
        d.hover_board(q.x, q.y)
        d.step(2)
        texts.collect()
    if sc.preview is not None and sc.preview.valid_targets():
        q = m.position(sc.preview.valid_targets()[0])
        d.click_board(q.x, q.y)
        for _ in range(8):
            texts.collect()
            if m.prompt is None or m.prompt.side != "player":
                break
            hover_every_button(d, texts)
            d.key(pygame.K_RETURN)
    # the pause menu and its tooltips
    d.key(pygame.K_ESCAPE)
    if not isinstance(d.scene, PauseScene):
        d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, PauseScene)
    hover_every_button(d, texts)
    texts.collect()
    d.key(pygame.K_ESCAPE)
    # the rest of the mission by the computer, through the same screen, to the results
    sc = d.scene
    sc.play_by_computer("player", SimpleSquadController("player"))
    for i in range(4000):
        d.step(1)
        if i % 10 == 0:
            texts.collect()
        if isinstance(d.scene, ResultsScene):
            break
    assert isinstance(d.scene, ResultsScene)
    d.step(3)
    texts.collect()
    bad, engine = texts.problems()
    for what, text, where, src in engine:
        print(f"engine text ({what}, made at {src}): {text!r}")
    assert not bad, "texts a player should not read:\n" + "\n".join(
        f"  {what} in {where}: {text!r}" for what, text, where, _ in bad)
    assert len(texts.seen) > 200, "the scan saw the game's texts"


def test_the_scan_catches_internal_words():
    """The patterns find what the issue reported (the test above cannot pass by seeing nothing wrong)."""
    reported = ["Undone: UseSkill", "not in Line of Sight (player base 4)", "(wall #8)", "Porter opens D1",
                "RangedAttack(weapon='INT-AR', target=3)", "Save under the name above (saves/.json)",
                "1 Bug(s) spawn at Spawn Point 1", "player: Tactical Orders"]
    for text in reported:
        assert any(rx.search(text) for rx in BAD.values()), text
    fine = ["Undone: use Strategize", "Move 6\"", "Tactical Orders: 3 TO", "Toland Strak activates (3 ACT)",
            "Corvius", "heal 1D3", "Spawn Point 2", "Re-roll (Relentless, free)", "R16", "Answer the question"]
    for text in fine:
        assert not any(rx.search(text) for rx in BAD.values()), text
    assert visible_html("Save under the name above (saves/<name>.json)") == "Save under the name above " \
                                                                            "(saves/.json)"

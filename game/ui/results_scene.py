"""The results screen after a battle: who won and why, the report, luck with the dice, what to do next."""
from __future__ import annotations


import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from .scene import Scene
from .setup_scene import setup_scene_for
from .theme import rect
from .title import TitleScene


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, match, summary, side: str | None = None, then=None) -> None:
        """`then`: (label, hover text, action) of the main button when the battle belongs to something that goes on
        (a campaign's mission: its debrief); None: "New mission", another game of the same kind."""
        super().__init__(app)
        app.toasts.clear()
        self.match = match
        self.summary = summary
        self.side = side  # whose results they are (None: a battle between people at one screen)
        self.then = then
        self._thumb = None
        self._luck = None  # the luck panel (game/ui/luckpanel.py), made when first drawn

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        from .battle.results import result_title
        from .drawn import big_label
        res = self.match.result
        title, win = result_title(self.match, self.side)
        x0 = w // 2 + px(10)
        pw = w - x0 - px(30)
        big_label(root, m, rect(x0, px(30), pw, px(84)), title,  # a long squad name: a smaller headline, whole
                  ("#title", "#heading") if win else ("#title_bad", "#heading"))
        text = res.text if res else ""
        line = f"Turn {res.turn if res else '?'}: " + text  # (not "... (4 each) (Turn 4)")
        lines = self.app.text.wrap(line, 17, pw - px(16))[:3]  # a long result (an extraction's) on more lines, whole
        lh = px(26)
        for i, part in enumerate(lines):
            UILabel(rect(x0, px(110) + i * lh, pw, px(30)), part, m, container=root, object_id="#subtitle")
        more = (len(lines) - 1) * lh
        self.box = UITextBox(self.summary, rect(x0, px(150) + more, pw, h - px(316) - more), m, container=root)
        bw, bh = px(200), px(46)
        y = h - px(90)
        self.b_replay = UIButton(rect(x0, y - bh - px(10), bw, bh), "Watch the replay", m, container=root,
                                 tool_tip_text="Watch this battle again, step by step, forwards and backwards")
        self.b_report = UIButton(rect(x0 + pw - bw, y - bh - px(10), bw, bh), "Export report", m, container=root,
                                 tool_tip_text="Write the battle report (squads, dice, luck, turning points) as a "
                                               "Markdown file in your saves folder, under reports")
        self.b_title = UIButton(rect(x0, y, bw, bh), "Title screen", m, container=root)
        label, tip = ("New mission", "Set up another game of the same kind") if self.then is None else self.then[:2]
        self.b_new = UIButton(rect(x0 + pw - bw, y, bw, bh), label, m, container=root, object_id="#primary",
                              tool_tip_text=tip)

    def exit(self) -> None:
        super().exit()
        self.match.close()

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.b_title:
            self.app.replace(TitleScene(self.app))
        elif event.ui_element is self.b_replay:
            from .replay import open_match_as_replay
            open_match_as_replay(self.app, self.match)
        elif event.ui_element is self.b_report:
            self.export_report()
        elif event.ui_element is self.b_new and self.then is not None:
            self.then[2]()
        elif event.ui_element is self.b_new:
            self.app.replace(TitleScene(self.app))
            self.app.push(setup_scene_for(self.app, self.match.scenario.mission))

    def export_report(self):
        """Write the battle report to <saves>/reports/<name>.md; the path, or None when it cannot be written."""
        from game.report import export_report, facts_of

        from .wording import map_title
        bf = self.match.table.battlefield
        facts = facts_of(self.match, battlefield=map_title(bf, self.match.scenario.map or ""))
        try:
            path = export_report(facts, self.app.saves_dir / "reports")
        except OSError as e:
            self.app.message("Cannot write the report", f"The battle report could not be written: "
                                                        f"{e.strerror or e}")
            return None
        self.app.toast(f"Battle report saved in your saves folder: reports/{path.name}", "ok")
        return path

    @property
    def luck_panel(self):
        if self._luck is None:
            from .luckpanel import LuckPanel
            self._luck = LuckPanel(self.app, self.match)
        return self._luck

    def intent(self, name: str) -> bool:
        return name == "cancel"

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)
        w, h = self.app.size
        px = self.px
        luck_h = self.luck_panel.height(w // 2 - px(40))
        if self._thumb is None or self._thumb[0] != self.app.size:
            self._thumb = (self.app.size, self._render_thumb(w // 2 - px(40), h - px(80) - luck_h - px(12)))
        screen.blit(self._thumb[1], (px(30), px(40)))
        self.luck_panel.draw(screen, pygame.Rect(px(30), h - px(40) - luck_h, w // 2 - px(40), luck_h))

    def _render_thumb(self, tw, th) -> pygame.Surface:
        """The battlefield as the mission ended."""
        from .board import BoardRenderer, snapshot_units
        from .camera import Camera
        bf = self.match.table.battlefield
        r = BoardRenderer(bf, self.match.table.measure, self.app.palette, self.app.text, self.app.sprites)
        r.set_faces(getattr(self.match.table, "faces", ()))
        cam = Camera(pygame.Rect(0, 0, tw, th), bf.width, bf.height)
        surf = pygame.Surface((tw, th), pygame.SRCALPHA)
        r.draw_board(surf, cam, self.match.table.doors_open, False, cleared=self.match.table.cleared_terrain)
        for v in snapshot_units(self.match):
            r.draw_unit(surf, cam, v, False)
        return surf

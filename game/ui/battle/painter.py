"""The battle screen drawn in order: the table view through its esper world (game/ui/view: bases, markers, tokens,
path ghosts, shots, numbers, crosses, the dice tray as view entities; the board, the zones, the previews, the
names and the summary box as the painters' overlays in their layers), then the question box and the frame around
the table (top bar, panel, hint); over the widgets, banners and the label or tooltip by the cursor. Also the
rule-text tooltips of the card's chips. The painters own their caches."""
from __future__ import annotations

import pygame

from .draw_foresight import ForesightPainter
from .draw_mission import MissionPainter
from .draw_panel import PanelPainter
from .draw_preview import PreviewPainter
from .draw_summary import SummaryPainter
from .draw_table import TablePainter
from .labels import TableLabels
from .texts import hover_label
from ..view.damage import Stamp, merged


PANEL_MS = 1.0  # a frame with no input paints the panel's regions that changed for about this long (one at least)
# the text sizes the battle screen draws with (size, bold): made ready when it opens (Text.warm)
FONTS = tuple((size, bold) for size in range(9, 19) for bold in (False, True)) + ((30, True),)


class BattlePainter:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.table = TablePainter(scene)
        self.previews = PreviewPainter(scene)
        self.panel = PanelPainter(scene)
        self.mission = MissionPainter(scene)
        self.summary = SummaryPainter(scene)
        self.foresight = ForesightPainter(scene)
        self.labels = TableLabels(scene)
        self._question = Stamp()  # the question box as last prepared
        self._label = Stamp()  # the label by the cursor
        self._over_table = Stamp()  # what the scene draws over the table itself
        self._key = None  # the scene's redraw key at the last frame prepared
        self._bg = None  # a plain picture of the view's background colour (its size, its colour)
        scene.app.text.warm(FONTS)

    names_all_changes = True  # prepare names every change of the screen, its redraw key's included (App._draw)

    def prepare(self, screen, quiet: bool = False) -> list | None:
        """Before a frame is drawn (the App asks): the rectangles of the screen that differ from the last frame drawn,
        or None when all of it is to be drawn: on the table what moved, came, went or changed its look, the rings
        that pulse and the overlays where they changed (view/damage.py); around it the panel's regions painted
        again (the top bar, the card, the action notes, the log, the hint), the question box and the label by the
        cursor where they were and are, and what the scene draws over the table (the Horde's Downed units). A
        banner fading over the table, a marker's tooltip or the deployment zone's pulse needs the whole of it.
        (The widgets are the App's to compare.) A `quiet` frame (no input: a command landing, the overlay updating)
        paints the panel's regions within PANEL_MS, the rest in the next frames."""
        sc = self.sc
        rects = sc.table_view.prepare(screen)
        key = sc.redraw_state()[1]
        if key == self._key and not self.panel.behind:  # (what the panel shows is in the scene's key: as it was)
            self.panel.hold()
        elif key != self._key:  # read again now, though a frame drawn under a dialog (never released) held it
            self.panel.release()
        self._key = key
        around = self.panel.refresh(PANEL_MS if quiet else None)
        pp = sc.prompt_panel
        around += self._question((pp.active, pp.key, pp.selected, tuple(pp.rect)),
                                 [pygame.Rect(pp.rect)] if pp.active else [])[1]
        label = hover_label(sc)
        blit = self.panel.label_blit(*label) if label is not None else None
        around += self._label((label, tuple(blit[1]) if blit else None), [blit[1]] if blit else [])[1]
        look, extra = sc.drawn_over_table()
        around += self._over_table(look, extra)[1]
        if rects is None or sc.effects.banners or sc.match.phase == "deploy" or sc.suspended or \
                sc.sel.hover_marker is not None:
            return None
        around = merged(around, screen.get_rect()) if around else []
        return None if around is None else rects + around

    def release(self) -> None:
        """The frame is drawn (in all its parts)."""
        self.sc.table_view.release()
        self.panel.release()

    def draw(self, screen) -> None:
        """The table view is one frame of the table's world (its process: view/screen.py); then the question box
        and the panel around it. Drawn inside the screen's clip (a part of the frame: the panel only if the part
        touches it)."""
        sc = self.sc
        L = sc.layout
        prev_clip = screen.get_clip()
        screen.set_clip(L["view"].clip(prev_clip))
        sc.table_view.draw(screen)
        screen.set_clip(prev_clip)
        sc.prompt_panel.draw(screen, sc.match)
        if prev_clip == screen.get_rect() or prev_clip.collidelist([L["top"], L["panel"], L["hint"]]) >= 0:
            self.panel.draw(screen)

    def background(self, screen, view, covered) -> None:
        """The view's background colour around the table (`covered`: the part the opaque table covers), blitted
        from a plain picture strip by strip (filling a part of the screen goes row by row and costs more than
        blitting the whole table)."""
        colour = tuple(self.sc.app.palette.bg)
        if self._bg is None or self._bg[0] != (view.size, colour):
            surf = pygame.Surface(view.size).convert()
            surf.fill(colour)
            self._bg = ((view.size, colour), surf)
        surf = self._bg[1]
        for r in strips_around(view, covered):
            if r.w > 0 and r.h > 0:
                screen.blit(surf, r, area=r.move(-view.x, -view.y))

    def summary_folded(self) -> bool:
        """The question box at the top of the view: the summary keeps only its title line above it."""
        sc = self.sc
        return sc.prompt_panel.active and sc.prompt_panel.rect.centery < sc.layout["view"].centery

    def draw_over(self, screen) -> None:
        sc = self.sc
        if sc.suspended:
            return
        sc.effects.draw_banner(screen, sc.layout["view"], sc.app)
        if not self.mission.tooltip(screen):
            self.panel.hover_label(screen)

    # -- the rule text of the card's chips -----------------------------------------------------------------
    def update_tooltip(self, dt: float) -> None:
        """Rule text of the special or skill chip under the mouse, in the scene's chip tooltip."""
        sc = self.sc
        mx, my = sc.app.mouse
        cr = sc.layout.get("card")
        chip = None
        if cr is not None and cr.collidepoint(mx, my) and not sc.suspended and sc.effects.banner is None:
            for r, tip in sc.card.chips:
                if r.move(cr.x, cr.y - sc.sel.card_scroll).collidepoint(mx, my) and \
                        sc.sel.card_view_rect().collidepoint(mx, my):
                    chip = (tuple(r), tip)
                    break
        sc.hover_chip(chip, dt)


def strips_around(view: pygame.Rect, covered: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `view` outside `covered` (a rect inside it): above, below, left and right of it."""
    c = covered.clip(view)
    if c.w <= 0 or c.h <= 0:
        return [pygame.Rect(view)]
    return [pygame.Rect(view.x, view.y, view.w, c.top - view.y),
            pygame.Rect(view.x, c.bottom, view.w, view.bottom - c.bottom),
            pygame.Rect(view.x, c.top, c.left - view.x, c.h),
            pygame.Rect(c.right, c.top, view.right - c.right, c.h)]

"""The battle screen of a Horde run: the generic battle screen (which plays the Horde by the mission's own
Behaviours through the session and shows the line each unit followed), with Downed units drawn lying down and the
run's place in the map's high-score table (saves/horde-scores.json) written when the run ends."""
from __future__ import annotations

import pygame

from .battle import BattleScene
from .wording import count

PLACES = {1: "the best run", 2: "the 2nd best run", 3: "the 3rd best run"}


class HordeBattleScene(BattleScene):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)  # (the session plays the Horde by the mission's own Behaviours)
        self._recorded = False

    def draw(self, screen) -> None:
        super().draw(screen)
        self.draw_downed(screen)

    def _downed(self) -> list:
        """(uid, screen x, y, radius in pixels) of each Downed unit of the player's, as drawn."""
        m = self.match
        if self.camera is None or m.phase not in ("battle", "over"):
            return []
        out = []
        for uid in m.units("player", downed=True):
            b = m.base(uid)
            cx, cy = self.camera.to_screen(b.x, b.y)
            out.append((uid, cx, cy, self.camera.length(b.radius)))
        return out

    def drawn_over_table(self) -> tuple:
        """The Downed marks: where each lies (the word under it included)."""
        down = self._downed()
        w, h = self.app.text.size("Downed", 11)
        return tuple(down), [pygame.Rect(cx - r - 2, cy - r - 2, max(2 * r + 4, w + 4), 2 * r + 4 + h)
                             for _, cx, cy, r in down]

    def draw_downed(self, screen) -> int:
        """Downed units lie on their side: a dimmed base with the figure drawn lying across it (the board draws
        bases; this marks the ones the Horde ignores). Returns how many it drew."""
        down = self._downed()
        if not down:
            return 0
        prev = screen.get_clip()
        screen.set_clip(self.layout.get("view", screen.get_rect()).clip(prev))  # (inside a part being drawn)
        pal = self.app.palette
        col = pal.side("player")
        for uid, cx, cy, r in down:
            shade = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(shade, (10, 10, 14, 170), (r + 1, r + 1), r)
            screen.blit(shade, (cx - r - 1, cy - r - 1))
            body = pygame.Rect(0, 0, int(1.7 * r), max(3, int(0.55 * r)))
            body.center = (cx, cy)
            pygame.draw.rect(screen, col, body, border_radius=body.h // 2)
            pygame.draw.circle(screen, col, (body.right, cy), max(2, int(0.32 * r)))  # the head
            self.app.text.blit(screen, "Downed", (cx - r, cy + r), 11, col)
        screen.set_clip(prev)
        return len(down)

    def record_run(self) -> int | None:
        """Write the finished run into the high-score table once; a table that cannot be read is left alone and
        the player is told why."""
        m = self.match
        if self._recorded or m.result is None or not hasattr(m.mission, "run_summary"):
            return None
        self._recorded = True
        from game.persistence.horde_scores import HordeScoresError, record_run, row_from_run, scores_path
        run = m.mission.run_summary(m)
        try:
            place = record_run(scores_path(self.app.saves_dir), run["map"] or "open table", row_from_run(run))
        except (HordeScoresError, OSError) as e:
            self.app.message("The high-score table was not updated", f"{e}\n\nThe file was left exactly as it was.")
            return None
        if place is not None:
            self.app.toast(f"{run['battlefield']}: {PLACES.get(place, f'number {place} of the best runs')} "
                           f"({count(run['waves_cleared'], 'wave')}, {run['mp_earned']} MP)", "ok")
        return place

    def _show_results(self) -> None:
        self.record_run()
        super()._show_results()

"""The battle screen of a Horde run: the generic battle screen, with the Horde played by its own Behaviours (the
mission's NPC controller, game.ai.horde) and the line each unit followed shown; and the run's place in the map's
high-score table (saves/horde-scores.json) when the run ends, before the results."""
from __future__ import annotations

import pygame

from game.modes.session import make_controller

from .battle import BattleScene
from .dicelog import LogEntry, Segment

PLACES = {1: "the best run", 2: "the 2nd best run", 3: "the 3rd best run"}


class _Explained:
    """The Horde's controller, telling the screen which line of its Behavior each decision follows, before the
    command's own events reach the log."""

    def __init__(self, scene, inner) -> None:
        self.scene = scene
        self.inner = inner

    def decide(self, match):
        acting = match.prompt is None and match.active_unit is not None
        cmd = self.inner.decide(match)
        why = getattr(self.inner, "explanation", "")
        if acting and why:
            self.scene.npc_line = why
            self.scene.log.add([LogEntry("npc", [Segment("text", why)], 1)])
        return cmd

    @property
    def explanation(self) -> str:
        return getattr(self.inner, "explanation", "")


class HordeBattleScene(BattleScene):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self._recorded = False
        self._use_mission_controllers()

    def _use_mission_controllers(self) -> None:
        self.npc_ctl = {s: _Explained(self, make_controller(self.match, s, "npc")) for s in self.match.npc_sides}

    def set_match(self, match) -> None:
        super().set_match(match)
        self._use_mission_controllers()

    def draw(self, screen) -> None:
        super().draw(screen)
        self.draw_downed(screen)

    def draw_downed(self, screen) -> int:
        """Downed units lie on their side: a dimmed base with the figure drawn lying across it (the board draws
        bases; this marks the ones the Horde ignores). Returns how many it drew."""
        m = self.match
        if self.camera is None or m.phase not in ("battle", "over"):
            return 0
        down = m.units("player", downed=True)
        if not down:
            return 0
        prev = screen.get_clip()
        screen.set_clip(self.layout.get("view", screen.get_rect()))
        pal = self.app.palette
        col = pal.side("player")
        for uid in down:
            b = m.base(uid)
            cx, cy = self.camera.to_screen(b.x, b.y)
            r = self.camera.length(b.radius)
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
                           f"({run['waves_cleared']} waves, {run['mp_earned']} MP)", "ok")
        return place

    def _show_results(self) -> None:
        self.record_run()
        super()._show_results()

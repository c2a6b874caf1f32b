"""A computer's command read by the screen over the frames after the one that resolved it.

The frame in which the computer's command lands does only that: the match resolves it. The screen's reading of it
follows a stage per frame, in order: the table (the view world fed the command's events: what moved, what was hit),
the markers (who controls each, read apart: it asks where every base stands), the mission's zones and summary (the
summary box is drawn again in that frame), the battle log and effects, the selection, the side's legal commands,
then the action buttons (the hint line, which reads them, waits for them). Each
stage is what `BattleScene.changed` does at once for a person's command, in the same order, so the screen ends where
it would have. Until the last stage the scene does nothing else (no decision goes on, no work ahead, no autosave): it
never reads a match it has not caught up with. Anything that must change the match first catches up at once (`finish`).
"""
from __future__ import annotations


class Landing:
    def __init__(self, scene) -> None:
        self.sc = scene
        self._stages: list = []  # what is left to read of the command that landed, in order

    @property
    def pending(self) -> bool:
        """The screen has not finished reading a command that landed."""
        return bool(self._stages)

    def begin(self, old: dict) -> None:
        """A command landed (`old`: the bases as they stood before it): read it over the next frames."""
        self.finish()
        sc = self.sc
        self._stages = [lambda: sc.read_change(old, markers_later=True),  # the table: the view world fed the events
                        sc.read_markers,  # ... and the markers (who controls each) if the command changed them
                        sc.read_mission,  # the mission's zones and summary (its box drawn again in this frame)
                        lambda: sc.feed.ingest(old=old),  # the log lines, the banners, the effects
                        sc.sel.after_change,  # the selection after the command ...
                        sc.sel.update_hover,  # ... and what is under the mouse
                        sc.panel.ask_ahead,  # the side's legal commands (the buttons read them) ...
                        sc.panel.sync]  # ... and the action buttons' states

    def step(self) -> None:
        """The next stage (one per frame)."""
        if self._stages:
            self._stages.pop(0)()

    def finish(self) -> None:
        """Every stage left, now (before the match changes again, or a test looks)."""
        while self._stages:
            self.step()

    def drop(self) -> None:
        """The match was replaced (undo, load): nothing left to read of the old one."""
        self._stages = []

"""A campaign's mission on screen: the ordinary PvE briefing, deployment, battle and results, with the campaign's
scenario. The battle screen is the generic one; what belongs to the campaign is how the battle is kept: its
autosave writes the campaign's file (the mission in progress's commands with it) after every command, so closing
the window loses nothing and Continue resumes the mission, and the finished match is handed to the campaign
(`finish_mission`: Earn MP, then Apply Injuries) the moment it ends, before its results show. The results lead to
the debrief."""
from __future__ import annotations

from ..battle import BattleScene
from ..battle.autosave import Autosave
from ..setup_pve import PveBriefingScene
from .common import HELP, keep


class CampaignBriefingScene(PveBriefingScene):
    """The PvE briefing of the campaign's mission in progress (an Anchor the setup asks for is chosen here; every
    answer is kept in the campaign's file)."""

    help_mode = HELP

    def __init__(self, app, campaign, match) -> None:
        self.campaign = campaign
        super().__init__(app, match)

    def title(self) -> str:
        return f"Mission {self.campaign.current.label}: {super().title()}"

    def build_ui(self) -> None:
        super().build_ui()
        self.b_back.set_text("Back to the campaign")

    def handle(self, event, consumed) -> None:
        n = len(self.match.log)
        super().handle(event, consumed)
        if len(self.match.log) != n:
            keep(self.app, self.campaign, self.match)

    def battle_scene(self):
        return CampaignBattleScene(self.app, self.campaign, self.match)

    def exit(self) -> None:
        if not self.keep_match:  # back to the campaign: the mission stays in progress, as it is now
            keep(self.app, self.campaign, self.match)
        super().exit()


class CampaignAutosave(Autosave):
    """The battle kept in its campaign's file: after each command the commands so far; once the match has ended,
    the campaign finishes the mission (Earn MP, Apply Injuries) and the file holds the campaign after it."""

    def __init__(self, scene, campaign) -> None:
        super().__init__(scene)
        self.campaign = campaign

    def save(self, match) -> None:
        from game.persistence.campaigns import save_campaign
        c = self.campaign
        folder = self.sc.app.saves_dir / "campaigns"
        if match.result is not None and c.current is not None:
            c.finish_mission(match)
        if c.current is not None:
            save_campaign(c, folder, match=match)
        else:
            save_campaign(c, folder)


class CampaignBattleScene(BattleScene):
    """The generic battle screen, the battle kept in the campaign's file; its results lead to the debrief."""

    def __init__(self, app, campaign, match) -> None:
        super().__init__(app, match)
        self.campaign = campaign
        self.autosave = CampaignAutosave(self, campaign)

    @property
    def save_refused(self) -> str:
        """Why the pause menu saves no copy of the mission under another name (a copy would be a second try at it,
        with the same dice)."""
        why = ("Ironman: a mission is never played again" if self.campaign.setup.options.ironman else
               "Restart mission on the campaign screen plays it again from its start, counted as a reload")
        return f"This mission is kept in its campaign's file after every action. {why}."

    def results_scene(self, side):
        from ..results_scene import ResultsScene
        self.autosave.write()  # the mission is the campaign's now (finished, MP earned, Injuries rolled)

        def debrief() -> None:
            from .debrief import DebriefScene
            self.app.replace(DebriefScene(self.app, self.campaign))
        return ResultsScene(self.app, self.match, self.summary_html(), side,
                            then=("Debrief", "What the mission did to the squad: MP, each Injury die, the fallen",
                                  debrief))

"""What a kind of campaign is to the engine: a script made for its campaign, keeping no state of its own (what
changes lives in the campaign), as a mission is a script over the mission layer. The engine calls:

    make_sides()                the sides and their rosters from the setup (CampaignError when it cannot be played)
    roll_plan()                 the plan, with the campaign's dice (campaign.plan: Operations and missions, and the
                                Climax as one more Operation of one mission)
    reroll(operation, mission)  an unplayed mission rolled again
    scenario(planned, units)    the next mission as an ordinary match's Scenario, from the roster units given (every
                                side's, in side order)
    briefing(planned)           the mission's parts in words
    faction_name(id)            an Operation's enemy as players read it
    after_mission(planned, d)   after Earn MP and Apply Injuries (PvP: the Campaign Rewards each squad holds)
    operation_over(operation)   an Operation's last mission is over, before its Homebase (PvP: who won it, the Spoils)
    begin_climax()              the Climax is next (PvP: who picks it, or its roll)
    end(planned, out)           the campaign ends after `planned` (`out`: the sides left with no unit to deploy)
    due()                       what a side must still decide before the next mission: [(side, what)]
    lent_gear(unit)             gear a Campaign Reward lends the unit for the next mission
    computer_picks(side)        the computer's decisions of the kind before a mission (game.campaign.policy)
    finish_extras(after, cur)   the kind's part of a finished mission's FinishMission (PvP: winner, rewards...)
    finish_reason(d)            why that report cannot be taken (beyond the engine's checks)
    result_line()               the headless runner's last line

This base class holds the answers of a campaign that has none of these (one squad, no Climax, no rewards).
"""
from __future__ import annotations


class CampaignScript:
    kind = ""

    def __init__(self, campaign) -> None:
        self.c = campaign

    # == what every kind has its own way of ========================================================================
    def make_sides(self) -> None:
        raise NotImplementedError

    def roll_plan(self) -> None:
        raise NotImplementedError

    def scenario(self, pm, unit_ids: tuple[int, ...]):
        raise NotImplementedError

    def briefing(self, pm) -> dict:
        raise NotImplementedError

    def result_line(self) -> str:
        raise NotImplementedError

    # == what most kinds leave alone ===============================================================================
    def reroll_reason(self, operation: int, mission: int) -> str | None:
        """Why an unplayed mission cannot be rolled again (None: it can)."""
        return "the missions of this campaign are written: none is rolled again"

    def reroll(self, operation: int, mission: int) -> None:
        raise NotImplementedError

    def faction_name(self, fid: str) -> str:
        return fid

    def after_mission(self, pm, d) -> None:
        pass

    def operation_over(self, op) -> None:
        pass

    def begin_climax(self) -> None:
        pass

    def due(self) -> list[tuple[int | None, str]]:
        return []

    def lent_gear(self, unit_id: int) -> tuple[str, ...]:
        return ()

    def finish_extras(self, after, current) -> dict:
        return {}

    def finish_reason(self, d) -> str | None:
        if d.winner or d.scores or d.rewards:
            return "a mission against NPCs has no winning squad, MP per squad or Campaign Rewards"
        return None

    def pick_reason(self, d) -> str | None:
        return "this campaign has no Campaign Rewards"

    def pick(self, d) -> None:
        raise NotImplementedError

    def assign_reason(self, d) -> str | None:
        return "this campaign has no Campaign Rewards"

    def assign(self, d) -> None:
        raise NotImplementedError

    def climax_reason(self, d) -> str | None:
        return "this campaign has no Climax to choose"

    def choose_climax(self, d) -> None:
        raise NotImplementedError

    def computer_picks(self, side: int) -> list:
        """The computer's decisions of this kind for `side` before a mission (PvP: the Campaign Reward's unit and
        pick, the Climax), each submitted as it goes (game.campaign.policy calls it)."""
        return []

    def homebase_words(self, operation: int) -> str:
        """The campaign's own words for Homebase n ("": none)."""
        story = self.c.rules.homebases
        return story[operation - 1] if 0 < operation <= len(story) else ""

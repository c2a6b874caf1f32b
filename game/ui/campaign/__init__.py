"""The campaign on screen (issue 19): Title > Campaign (New, Continue, Load), the setup, the campaign screen (the
plan, the next mission's briefing, the roster as cards), each mission played on the ordinary PvE screens, the
debrief, the Homebase's steps, the memorial, the end. The screens drive one `game.campaign.Campaign` by its
decisions and queries (docs/architecture.md, "Campaigns") and never compute a rule.

    common    the campaign screen base class, the campaign's file written after every decision, where to go next
    files     Title > Campaign, and Load (damaged files greyed with their reason)
    setup     a new campaign
    hub       the campaign screen
    plan      the plan drawn (Operations and missions)      roster   the roster as cards
    unit      one unit: its card and service record         deal     co-op: who commands which unit
    mission   the mission's briefing and battle, kept in the campaign's file
    debrief   after each mission                            homebase the Homebase's steps
    builder   the squad builder for the starting squad, recruits and gear
    memorial  the fallen                                    end      the end of the campaign
"""
from .common import continue_target, open_campaign
from .files import CampaignMenuScene

__all__ = ["CampaignMenuScene", "continue_target", "open_campaign"]

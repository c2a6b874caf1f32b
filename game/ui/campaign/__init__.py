"""The campaign on screen, every kind (issues 19 and 20): Title > Campaign (New, Continue, Load), the setup, the
campaign screen (the plan, the next mission's briefing, the roster as cards; two squads side by side), each mission
played on the ordinary PvE or PvP screens, the debrief, what a squad decides alone before a mission, the
Homebase's steps, the memorial, the end. The screens drive one `game.campaign.Campaign` by its decisions and queries
(docs/architecture.md, "Campaigns") and never compute a rule.

    common    the campaign screen base class, the campaign's file written after every decision, where to go next
    files     Title > Campaign, and Load (damaged files greyed with their reason)
    setup     a new campaign: the kind, the PvE rows   setup_kinds  the other kinds' rows   setup_plan  PvP: nine picks
    hub       the campaign screen
    picks     a squad's own picks: the Injury healed between missions, a Campaign Reward and its unit, the Climax
    squads    two squads: who plays each, the computer's own picks, the hand-over
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

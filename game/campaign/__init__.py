"""Campaigns: a squad that lives from mission to mission (its own layer, between the modes and persistence).

The public face the screens, the headless runner and the lab drive (docs/architecture.md, "Campaigns"):

    Setup, Options                 what a campaign starts from
    new_campaign, replay_campaign  a campaign from its setup (and its decisions)
    Campaign                       its state, `submit(decision)`, `reason(decision)`, the queries, and the
                                   missions as matches (`start_mission`, `resume_mission`, `finish_mission`)
    decisions                      the typed decisions (game.campaign.decisions)
    events                         what happened, typed (game.campaign.events): the chronicle
    campaign_kinds                 the kinds of campaign the game offers
"""
from __future__ import annotations

from .campaign import Campaign, CampaignError, Current, Score, Setup, new_campaign, replay_campaign
from .kinds import campaign_kinds
from .model import Options

__all__ = ["Campaign", "CampaignError", "Current", "Options", "Score", "Setup", "campaign_kinds", "new_campaign",
           "replay_campaign"]

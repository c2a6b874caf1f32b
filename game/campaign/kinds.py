"""The kinds of campaign the game offers: each a script over the campaign engine (game.campaign.campaign), like a
mission is a script over the mission layer. A script is made for its campaign and keeps no state of its own:

    roll_plan()                 the plan, with the campaign's dice (campaign.plan: Operations and missions)
    reroll(operation, mission)  an unplayed mission rolled again
    scenario(planned, units)    the next mission as an ordinary match's Scenario, from the roster units given
    briefing(planned)           the mission's parts in words
    faction_name(id)            an Operation's enemy as players read it
    result_line()               the headless runner's last line

A PvP campaign (two sides, Campaign Rewards, the Climax) and the scripted ones (authored missions) come as more
scripts and data over the same engine: the engine's sides already hold several rosters each.
"""
from __future__ import annotations

from dataclasses import dataclass

from .pve import PveCampaign


@dataclass(frozen=True, slots=True)
class CampaignKind:
    id: str
    title: str
    text: str


def campaign_kinds() -> list[CampaignKind]:
    from .data import campaign_rules
    out = []
    for kind in _SCRIPTS:
        r = campaign_rules(kind)
        out.append(CampaignKind(kind, r.title, r.text))
    return out


def campaign_script(kind: str):
    script = _SCRIPTS.get(kind)
    if script is None:
        from .campaign import CampaignError
        raise CampaignError(f"unknown campaign {kind!r} (known: {', '.join(_SCRIPTS)})")
    return script


_SCRIPTS = {"pve": PveCampaign}

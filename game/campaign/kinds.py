"""The kinds of campaign the game offers: each a script over the campaign engine (game.campaign.campaign), like a
mission is a script over the mission layer (game.campaign.script says what a script answers), with its numbers in
assets/data/campaigns/<kind>.json:

    pve           the PvE campaign (R33): three rolled Operations against NPC factions
    pvp           the PvP campaign (R38): two squads, nine PvP missions, Campaign Rewards, the Climax
    last-signal   Last Signal (R39): the authored campaign for a Hegemony squad, nine missions and a Climax
    operations    the Operations book (R39): one authored Operation, or three as a campaign
"""
from __future__ import annotations

from dataclasses import dataclass

from .pve import PveCampaign
from .pvp import PvpCampaign
from .scripted import LastSignalCampaign, OperationsCampaign


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


_SCRIPTS = {"pve": PveCampaign, "pvp": PvpCampaign, "last-signal": LastSignalCampaign,
            "operations": OperationsCampaign}

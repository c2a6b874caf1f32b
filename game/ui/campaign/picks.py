"""What one squad decides alone before a mission, one pick at a time (a PvP campaign's squad behind the hand-over
when two people play, R38):

    HealInjury     the later edition (the Operations book, Last Signal): the one Injury healed between two missions
    PickReward     the winner of a mission that ended before the match asked: one of its two Campaign Rewards (the
                   loser takes the other)
    AssignReward   the unit the Reward it holds goes to, and its pick (a Spoil, a skill, an Injury healed, gear);
                   a Reward aimed at the enemy: an enemy unit, a secret pick shown only here
    ChooseClimax   the squad that won more Operations: which of the three Climax missions

Every option shown is one the campaign offers (`script.reward_options`, the mission's Rewards, `climaxes()`), each
checked by `campaign.reason` before it is taken; when the squad has nothing left to decide the screen closes."""
from __future__ import annotations

from html import escape

import pygame_gui
from pygame_gui.elements import UILabel, UISelectionList, UITextBox

from game.campaign import decisions as D

from ..theme import rect
from .common import CampaignScreen


def last_played(campaign):
    played = [m for op in campaign.plan for m in op.missions if m.played]
    return played[-1] if played else None


def offers(campaign, side: int) -> tuple[str, str, list]:
    """What the squad decides next: (heading, words, [(label, decision, text)]); an empty list when nothing."""
    c, s = campaign, campaign.sides[side]
    if c.heals_between.get(side):  # the later edition: one Injury of the squad healed between two missions
        from .roster import change_words
        out = []
        for u in c.roster_units(side=side):
            for rec in u.injuries:
                changes = [change_words(ch) for ch in c.card_changes(u.id) if ch.cause == rec.injury and ch.what]
                name = c.catalog.skills[rec.injury].name
                out.append((f"{u.name}: {name}", D.HealInjury(u.id, rec.injury),
                            f"{name} leaves {u.name}'s card" + (f" ({'; '.join(changes)})." if changes else ".")))
        return ("Heal an Injury", f"Between two missions of an Operation {s.title} has one Injury healed: pick which "
                "(the others stay on the cards).", out)
    if c.reason(D.PickReward(side, 0)) is None:
        pm = last_played(c)
        rewards = c.script.briefing(pm)["rewards"]
        return ("Pick a Campaign Reward", f"{s.title} won mission {pm.label}: pick one of its two Campaign Rewards. "
                "The other squad takes the other one. Each takes effect in the next mission.",
                [(name, D.PickReward(side, i), effect) for i, (name, effect) in enumerate(rewards)])
    opts = c.script.reward_options(side) if hasattr(c.script, "reward_options") else []  # (PvP only)
    if opts:
        rd = c.script.reward_def(s.reward)
        enemy = rd.pick == "enemy"
        words = (f"{s.title} holds {rd.name}: {rd.effect} Pick the unit it goes to" +
                 (" (an enemy unit: a secret pick, never shown to the other player)." if enemy else "."))
        out = []
        for uid, choice in opts:
            u = c.units[uid]
            what = c.script.choice_words(rd, choice) if choice else ""
            label = f"{u.name} ({c.catalog.unit_types[u.unit_type].name})" + (f": {what}" if what else "")
            out.append((label, D.AssignReward(side, uid, choice), rd.effect))
        return "Give the Campaign Reward", words, out  # (its name is in the words: the hub's button stays short)
    climax = c.plan[-1].missions[0] if c.plan and c.plan[-1].climax else None
    three = c.script.briefing(climax).get("climaxes", ()) if climax is not None else ()  # while none is chosen
    if three and c.reason(D.ChooseClimax(three[0][0])) is None and c.script.climax_chooser() == side:
        return ("Pick the Climax", f"{s.title} won more Operations: it picks the last battle, deploys first and has "
                "+1 TO in Turn 1. Its winner wins the campaign.",
                [(title, D.ChooseClimax(cid), text) for cid, title, text in three])
    return "", "", []


def has_picks(campaign, side: int) -> bool:
    return bool(offers(campaign, side)[2])


class SquadPicksScene(CampaignScreen):
    name = "campaign_picks"

    def __init__(self, app, campaign, side: int) -> None:
        super().__init__(app, campaign)
        self.side = side
        self.items: list[str] = []
        self.options: list = []
        self.chosen: str | None = None  # the label picked in the list

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        head, words, self.options = offers(self.c, self.side)
        s = self.c.sides[self.side]
        self.heading(root, f"{s.title}: {head}" if head else s.title, f"{self.c.setup.name}  ·  only {s.title}'s "
                     "player should look at the screen")
        x0, pw = px(20), w - px(40)
        top = px(84)
        self.box = UITextBox(escape(words), rect(x0, top, pw, px(70)), m, container=root)
        self.items = [label for label, _, _ in self.options]
        lh = max(px(120), (h - top - px(70) - px(160)) // 2 + px(40))
        keep = self.chosen if self.chosen in self.items else None  # (a window resized keeps the pick)
        self.list = UISelectionList(rect(x0, top + px(78), pw, lh), [(t, "#save_item") for t in self.items], m,
                                    container=root, default_selection=(keep, "#save_item") if keep else None)
        UILabel(rect(x0, top + px(84) + lh, pw, px(24)), "What it does", m, container=root, object_id="#dim")
        self.text = UITextBox("Pick one above to read it.", rect(x0, top + px(110) + lh, pw,
                                                                  h - px(78) - (top + px(118) + lh)), m,
                              container=root)
        self.b_back, self.b_take = self.button_row(root, [
            ("Later", "Back to the campaign screen: nothing is picked", False, "left"),
            ("Take this", "Take the pick selected", True, "right")])
        self.b_take.disable()
        if keep:
            self.on_pick()

    def picked(self):
        sel = self.list.get_single_selection() if self.list is not None else None
        return self.options[self.items.index(sel)] if sel in self.items else None

    def on_pick(self) -> None:
        got = self.picked()
        if got is None:
            return
        label, d, text = got
        self.chosen = label
        why = self.c.reason(d)
        self.text.set_text(f"<b>{escape(label)}</b><br>{escape(text)}" +
                           (f"<br>{escape(why)}" if why else ""))
        self.b_take.enable() if why is None else self.b_take.disable()

    def take(self) -> None:
        got = self.picked()
        if got is None or not self.decide(got[1]):
            return
        if has_picks(self.c, self.side):
            self.build_ui()
        else:
            self.app.pop()

    def confirm(self) -> None:
        self.take()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.on_pick()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_take:
                self.take()
            elif event.ui_element is self.b_back:
                self.app.pop()

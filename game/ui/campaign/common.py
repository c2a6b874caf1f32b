"""What every campaign screen shares: the campaign it shows, its file (written after every decision, so closing the
window loses nothing), decisions checked by the campaign before they are taken, F1 on the campaign's help, and the
screen for where the campaign stands.

The screens never compute a rule: `decide` asks `campaign.reason(decision)` (the check `submit` makes) and the
screens draw the campaign's queries (game/campaign/campaign.py)."""
from __future__ import annotations

import logging
from html import escape

import pygame

from game.campaign.model import COMPLETE, HOMEBASE, IN_MISSION, LOST
from game.rules.wording import count

from ..scene import FormScene
from ..theme import rect

log = logging.getLogger(__name__)

HELP = "campaign"  # assets/data/help/campaign.md


def campaigns_folder(app):
    return app.saves_dir / "campaigns"


def keep(app, campaign, match=None) -> bool:
    """Write the campaign's file now (with the mission in progress's commands when `match` is given). False, and the
    player told why, when it cannot be written."""
    from game.persistence.campaigns import save_campaign
    try:
        save_campaign(campaign, campaigns_folder(app), match=match)
    except OSError as e:
        app.toast(f"The campaign could not be saved: {e.strerror or e}", "error")
        return False
    return True


def decide(app, campaign, decision) -> bool:
    """Take `decision` if the campaign allows it now (else say why); the campaign's file is written at once."""
    why = campaign.reason(decision)
    if why:
        app.toast(why[:1].upper() + why[1:], "error")
        return False
    campaign.submit(decision)
    keep(app, campaign)
    return True


# the buttons several campaign screens share (`CampaignScreen.screen_buttons`): name -> (label, tip)
SHARED = {
    "title": ("Title screen", "The campaign is saved: Continue or Campaign > Load opens it again where it stands"),
    "memorial": ("Memorial", "The fallen: where, when and by whom, and their service records"),
    "chronicle": ("Chronicle", "Write the whole campaign as a Markdown chronicle in your saves folder (reports/)"),
    "deal": ("Who commands", "Co-op: deal the shared roster's units out between the people"),
}


def hexc(colour) -> str:
    return "#%02X%02X%02X" % tuple(colour[:3])


class CampaignScreen(FormScene):
    """A screen of a campaign: Esc goes back (`back`), F1 opens the campaign help, each decision is checked by the
    campaign, taken and written to the campaign's file at once. The buttons several screens share (Title screen,
    Chronicle, Memorial, Who commands) and the roster's cards (`roster`: a click opens the unit, the wheel scrolls,
    a chip's hover text) are handled here."""

    help_mode = HELP
    top_level = False  # True: the campaign's own screen where it stands (Esc goes to the title)

    def __init__(self, app, campaign) -> None:
        super().__init__(app)
        self.c = campaign
        self.roster = None  # the squad's cards (game.ui.campaign.roster.RosterPanel), on screens that show them
        self.roster2 = None  # a campaign of two squads: the second squad's cards, beside the first's

    def to_title(self) -> None:
        from ..title import TitleScene
        self.app.replace(TitleScene(self.app))

    def new_root(self):
        self.clicks: dict = {}  # button -> what pressing it does (made again with the widgets)
        return super().new_root()

    def on_click(self, button, action):
        """Pressing `button` runs `action()`; the button, for keeping."""
        self.clicks[button] = action
        return button

    def click(self, el) -> bool:
        """A button of this screen was pressed: do what it does; False if it does nothing here."""
        action = getattr(self, "clicks", {}).get(el)
        if action is None:
            return False
        action()
        return True

    def shared_action(self, name: str):
        """What a button of SHARED does."""
        def memorial():
            from .memorial import MemorialScene
            self.app.push(MemorialScene(self.app, self.c))

        def deal():
            from .deal import DealScene
            self.app.push(DealScene(self.app, self.c))
        return {"title": self.to_title, "chronicle": lambda: export_chronicle(self.app, self.c),
                "memorial": memorial, "deal": deal}[name]

    def make_panels(self, plan: bool = True) -> None:
        """The plan (when shown) and the squad's cards; a campaign of two squads, each squad's."""
        from .plan import PlanPanel
        from .roster import RosterPanel
        from .squads import two_squads
        if plan:
            self.plan = PlanPanel(self)
        self.roster = RosterPanel(self)
        if two_squads(self.c):
            self.roster2 = RosterPanel(self)

    @property
    def panels(self) -> list:
        return [p for p in (self.roster, self.roster2) if p is not None]

    def roster_event(self, event, consumed: bool) -> bool:
        """A click on a card opens its unit (what it may do there: its screen's step), the wheel scrolls the cards."""
        for panel in self.panels:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
                uid = panel.unit_at(event.pos)
                if uid is not None:
                    from .unit import UnitScene
                    self.app.push(UnitScene(self.app, self.c, uid, on_change=self.build_ui))
                    return True
            elif event.type == pygame.MOUSEWHEEL and panel.wheel(event.y):
                return True
        return False

    def draw_rosters(self, screen, sides=None) -> None:
        """The roster cards: one squad's (`layout["roster"]`), or each squad's beside the other (`layout["rosters"]`,
        `sides` in order)."""
        c = self.c
        if "rosters" in self.layout:
            for panel, r, side in zip(self.panels, self.layout["rosters"], sides or range(len(c.sides))):
                panel.draw(screen, r, c.roster_units(side=side), c)
        else:
            self.roster.draw(screen, self.layout["roster"], c.roster_units(), c)

    def update(self, dt: float) -> None:
        if self.panels:
            chip = next((got for p in self.panels for got in [p.chip_at(self.app.mouse)] if got), None)
            self.hover_chip(chip if not self.suspended else None, dt)

    def decide(self, decision) -> bool:
        return decide(self.app, self.c, decision)

    def back(self) -> None:
        self.to_title() if self.top_level else self.app.pop()

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.back()
            return True
        return super().intent(name)

    def confirm(self) -> None:
        pass

    def toast_anchor(self):
        """Toasts go to the right of the heading, clear of what the screen shows."""
        return int(self.app.size[0] * 0.72), self.px(12)

    def heading(self, root, text: str, sub: str = "", width: int | None = None):
        """The screen's heading and, beside it, a dim line (the campaign's name, MP)."""
        from pygame_gui.elements import UILabel
        m = self.app.manager
        w = width or self.app.size[0] - self.px(40)
        UILabel(rect(self.px(20), self.px(12), w, self.px(40)), text, m, container=root, object_id="#heading")
        if sub:
            UILabel(rect(self.px(20), self.px(48), w, self.px(22)), sub, m, container=root, object_id="#dim")

    def mp_line(self, name: bool = True) -> str:
        """The campaign in a line: its name (unless the heading has it), MP earned and in the bank, the people,
        Ironman."""
        side = self.c.sides[0]
        o = self.c.setup.options
        parts = [self.c.setup.name] if name else []
        if len(self.c.sides) > 1:  # two squads: each one's MP and Operations won
            parts.append(self.c.rules.title)
            parts += [f"{s.title} {s.mp_earned} MP, {count(s.operations_won, 'Operation')} won" for s in self.c.sides]
        else:
            parts += [f"MP earned {side.mp_earned}", f"in the bank {side.mp_bank}"]
        if len(o.people) > 1 and len(self.c.sides) == 1:
            parts.append(", ".join(o.people) + (" (mini squads)" if o.mini_squads else ""))
        if o.ironman:
            parts.append("Ironman")
        return "  ·  ".join(parts)

    def screen_buttons(self, root, shared, actions) -> list:
        """The bottom row of a campaign screen: the buttons several screens share on the left (`shared`: names of
        SHARED, each kept as `b_<name>`), then the screen's own `actions` (label, tip, primary, what pressing it does)
        on the right, in order. Returns the actions' buttons."""
        specs = [(*SHARED[n], False, "left") for n in shared] + [(*a[:3], "right") for a in actions]
        buttons = self.button_row(root, specs)
        for name, b in zip(shared, buttons):
            setattr(self, f"b_{name}", self.on_click(b, self.shared_action(name)))
        for a, b in zip(actions, buttons[len(shared):]):
            self.on_click(b, a[3])
        return buttons[len(shared):]

    def button_row(self, root, specs, y: int | None = None) -> list:
        """Buttons along the bottom: `specs` is a list of (label, tip, primary, side) with side "left" or "right";
        they share the width evenly. Returns them in the order given."""
        from pygame_gui.elements import UIButton
        w, h = self.app.size
        px = self.px
        y = h - px(62) if y is None else y
        gap = px(10)
        n = len(specs)
        bw = min(px(190), (w - px(40) - (n - 1) * gap) // max(1, n))
        left = [s for s in specs if s[3] == "left"]
        right = [s for s in specs if s[3] != "left"]
        places = {}
        x = px(20)
        for s in left:
            places[id(s)] = x
            x += bw + gap
        x = w - px(20) - len(right) * bw - (len(right) - 1) * gap
        for s in right:
            places[id(s)] = x
            x += bw + gap
        out = []
        for s in specs:
            label, tip, primary, _ = s
            out.append(UIButton(rect(places[id(s)], y, bw, px(44)), label, self.app.manager, container=root,
                                tool_tip_text=tip, object_id="#primary" if primary else None))
        return out


def screen_for(app, campaign):
    """The screen for where the campaign stands: the campaign screen (before a mission, or with one in progress),
    the Homebase, or the end."""
    stage = campaign.stage
    if stage == HOMEBASE:
        from .homebase import HomebaseScene
        return HomebaseScene(app, campaign)
    if stage in (COMPLETE, LOST):
        from .end import EndScene
        return EndScene(app, campaign)
    from .hub import CampaignHubScene
    return CampaignHubScene(app, campaign)


def show(app, campaign) -> None:
    """Leave whatever is on the screen for the campaign where it stands."""
    app.replace(screen_for(app, campaign))


def resume_mission(app, campaign) -> bool:
    """Open the mission in progress exactly as it was left: the briefing while the mission's setup or deployment
    is still to come, else the battle. A mission whose commands cannot be replayed says which one (the campaign and
    its file are kept); False then."""
    from game.campaign import CampaignError

    from .mission import CampaignBattleScene, CampaignBriefingScene
    try:
        match = campaign.resume_mission(prepare=True)
    except CampaignError as e:
        app.message("This mission cannot be resumed", f"{e}\n\nThe campaign file was left exactly as it was.")
        return False
    if len(campaign.sides) == 1 and match.phase in ("setup", "deploy") and \
            not any(match.position(u) for u in match.units("player")):
        from .hub import CampaignHubScene
        app.replace(CampaignHubScene(app, campaign))  # (Back from the briefing goes to the campaign screen)
        app.push(CampaignBriefingScene(app, campaign, match))
    else:
        app.replace(CampaignBattleScene(app, campaign, match))
    return True


def open_campaign(app, path) -> bool:
    """Load a campaign file and open it where it stands (a mission in progress: resumed); a file that cannot be
    loaded says why in a dialog and is left exactly as it was."""
    from pathlib import Path

    from game.persistence.campaigns import CampaignFileError, load_campaign
    try:
        campaign = load_campaign(path, app.catalog)
    except CampaignFileError as e:
        app.message("This campaign cannot be loaded", f"{Path(e.path).name}: {e.problem}\n\n"
                    "The file was left exactly as it was.")
        return False
    if campaign.stage == IN_MISSION:
        if resume_mission(app, campaign):
            app.toast(f"{campaign.setup.name}: mission {campaign.current.label} resumed", "ok")
            return True
    show(app, campaign)
    app.toast(f"{campaign.setup.name} opened", "ok")
    return True


def export_chronicle(app, campaign):
    """Write the campaign's Markdown chronicle in the saves folder (reports/); the path, or None (the player told
    why)."""
    from game.persistence.campaigns import export_chronicle as write
    try:
        path = write(campaign, app.saves_dir / "reports")
    except OSError as e:
        app.message("Cannot write the chronicle", f"The chronicle could not be written: {e.strerror or e}")
        return None
    app.toast(f"Chronicle saved in your saves folder: reports/{path.name}", "ok")
    return path


def watch_mission(app, campaign, operation: int, mission: int) -> bool:
    """A played mission of the campaign, watched again from its scenario, seed and commands."""
    from game.campaign import CampaignError

    from ..replay import open_match_as_replay
    try:
        match = campaign.mission_replay(operation, mission)
    except CampaignError as e:
        app.toast(str(e), "error")
        return False
    except Exception:  # a battle this game can no longer replay: the campaign is kept
        log.warning("mission %s.%s could not be replayed", operation, mission, exc_info=True)
        app.message("This battle cannot be replayed", f"Mission {operation}.{mission} of {campaign.setup.name} "
                    "cannot be replayed by this version of the game. The campaign is kept as it is.")
        return False
    try:
        return open_match_as_replay(app, match, label=f"{campaign.setup.name}: mission {operation}.{mission}")
    finally:
        match.close()


def names_html(items) -> str:
    return ", ".join(escape(x) for x in items)


def draw_panel(screen, palette, r: pygame.Rect) -> None:
    pygame.draw.rect(screen, palette.panel, r, border_radius=8)
    pygame.draw.rect(screen, palette.panel_edge, r, 1, border_radius=8)


def continue_target(app, saves):
    """What the title's Continue opens: the newest battle still being played (a SaveInfo, from `saves`) or the newest
    campaign still being played (a CampaignFileInfo), whichever was written last; None when there is neither."""
    from game.persistence.campaigns import list_campaign_files, newest_campaign
    from game.persistence.save_listing import newest_loadable
    save = newest_loadable(saves)
    campaign = newest_campaign(list_campaign_files(campaigns_folder(app)))
    if campaign is not None and (save is None or campaign.mtime_ns >= save.mtime_ns):
        return campaign
    return save

"""The title screen: the ways to play, the squads, saves and settings, over a starfield."""
from __future__ import annotations

import math

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from .launch import load_into_battle
from .load_scene import LoadScene
from .scene import Scene
from .settings_scene import SettingsScene
from .setup_scene import SetupScene
from .sprites import mix
from .theme import rect


def _starfield(size, palette) -> pygame.Surface:
    """The title background: deep space, stars, a ruined planet with a broken ring (deterministic)."""
    w, h = size
    surf = pygame.Surface(size)
    top, bottom = (8, 10, 18), (22, 18, 30)
    for y in range(0, h, 4):
        t = y / max(1, h)
        pygame.draw.rect(surf, tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)), (0, y, w, 4))
    seed = 2463534242
    for k in range(320):  # xorshift: scattered, repeatable stars
        seed ^= (seed << 13) & 0xFFFFFFFF
        seed ^= seed >> 17
        seed ^= (seed << 5) & 0xFFFFFFFF
        x, y = seed % w, (seed // w) % h
        b = 80 + (seed >> 7) % 170
        pygame.draw.circle(surf, (b, b, min(255, b + 25)), (x, y), 2 if (seed >> 3) % 13 == 0 else 1)
    cx, cy, R = int(w * 0.80), int(h * 0.86), int(min(w, h) * 0.42)
    glow = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.circle(glow, palette.player + (10,), (cx, cy), R + 40 - i * 6)
    surf.blit(glow, (0, 0))
    ra, rb, rcy = R * 1.55, R * 0.3, cy - R * 0.12

    def ring(front: bool) -> None:
        n = 160
        for k in range(n):
            t0, t1 = 2 * math.pi * k / n, 2 * math.pi * (k + 1) / n
            if (math.sin(t0) > 0) != front or (k // 9) % 4 == 3:
                continue  # the other half, or a broken stretch
            col = palette.npc if (k // 9) % 6 == 1 else (120, 126, 150)
            pygame.draw.line(surf, col, (cx + ra * math.cos(t0), rcy + rb * math.sin(t0)),
                             (cx + ra * math.cos(t1), rcy + rb * math.sin(t1)), 3)

    ring(False)
    pygame.draw.circle(surf, (26, 30, 44), (cx, cy), R)
    for i in range(12):  # the lit limb
        pygame.draw.arc(surf, mix((26, 30, 44), palette.player, 0.05 * (12 - i)),
                        (cx - R + i, cy - R + i, 2 * (R - i), 2 * (R - i)), 1.7, 3.3, 2)
    for k in range(9):  # craters
        a = k * 0.7 + 0.3
        r = R * (0.25 + 0.07 * (k % 4))
        pygame.draw.circle(surf, (20, 23, 34), (int(cx + math.cos(a) * r), int(cy - abs(math.sin(a)) * r)),
                           int(R * (0.04 + 0.015 * (k % 3))))
    ring(True)
    return surf


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self._bg = None
        self._bg_size = None
        self.saves = []

    def build_ui(self) -> None:
        from game.persistence.campaigns import CampaignFileInfo
        from game.persistence.save_listing import list_saves

        from .campaign import continue_target
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.saves = list_saves(self.app.saves_dir)
        # what Continue opens: the newest battle or campaign still being played (broken files are skipped)
        self.newest = continue_target(self.app, self.saves)
        campaign = isinstance(self.newest, CampaignFileInfo)
        broken = sum(1 for s in self.saves if s.broken)
        UILabel(rect(0, h * 0.12, w, px(80)), "RUINSTARS", m, container=root, object_id="#title")
        UILabel(rect(0, h * 0.12 + px(78), w, px(30)), "Digital edition  ·  sci-fi skirmish on a 24\" table",
                m, container=root, object_id="#subtitle")
        bw, bh, gap = px(300), px(48), px(12)
        col = px(28)  # two columns: the ways to play, then the squads, saves and settings
        x = (w - 2 * bw - col) // 2
        x2 = x + bw + col
        y0 = y = int(h * 0.36)

        def button(label, tip=None, left=True):
            nonlocal y, y2
            at = (x, y) if left else (x2, y2)
            b = UIButton(rect(at[0], at[1], bw, bh), label, m, container=root, object_id="#primary",
                         tool_tip_text=tip)
            if left:
                y += bh + gap
            else:
                y2 += bh + gap
            return b

        y2 = y0
        cont_tip = None
        if campaign:
            from .campaign.files import info_line
            cont_tip = f"Open the campaign {info_line(self.newest)}"
        elif self.newest:
            s = self.newest
            cont_tip = f"Load the newest save: {s.label} (Turn {s.turn}, {s.saved_at.replace('T', ' ')[:16]})"
        self.b_continue = button("Continue", cont_tip or "No saved game yet")
        if not self.newest:
            self.b_continue.disable()
        self.b_new = button("First Mission",
                            "Set up and play the First Mission: a person against the computer or a person")
        self.b_pve = button("PvE mission", "A generated mission against an enemy faction, solo or co-op")
        self.b_pvp = button("PvP", "Two squads, one screen: the PvP missions, against a person or the computer")
        self.b_horde = button("Horde Mode", "Survive wave after wave: Bosses, Downed units, Upgrades, high scores")
        self.b_campaign = button("Campaign", "A squad that lives from mission to mission: three Operations, "
                                 "Injuries, Spoils of War, the Homebase and the fallen", left=False)
        self.b_squads = button("Squad builder", "Build squads from the nine factions, save rosters, share squad codes",
                               left=False)
        self.b_load = button("Load", "Open a saved game", left=False)
        self.b_settings = button("Settings", left=False)
        self.b_quit = button("Quit", left=False)
        notes = []
        if campaign:
            from .campaign.files import where_words
            notes.append(f"Campaign {self.newest.name}: {where_words(self.newest)}")
        elif self.newest:
            s = self.newest
            when = s.saved_at.replace("T", " ")[:16]
            turn = "" if "Turn" in s.label else f"  ·  Turn {s.turn}"
            notes.append(f"Newest save: {s.label}{turn}  ·  {when}")
        if broken:
            notes.append(f"{broken} damaged save{'s' if broken > 1 else ''} (see Load)")
        if notes:
            UILabel(rect(0, h - px(64), w, px(24)), "  ·  ".join(notes), m, container=root, object_id="#subtitle")
        UILabel(rect(0, h - px(38), w, px(26)), "F1: help and controls", m, container=root, object_id="#subtitle")

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.b_new:
            self.app.push(SetupScene(self.app))
        elif el is self.b_continue and self.newest:
            from game.persistence.campaigns import CampaignFileInfo
            if isinstance(self.newest, CampaignFileInfo):
                from .campaign import open_campaign
                open_campaign(self.app, self.newest.path)
            else:
                load_into_battle(self.app, self.newest.path)
        elif el is self.b_campaign:
            from .campaign import CampaignMenuScene
            self.app.push(CampaignMenuScene(self.app))
        elif el is self.b_horde:
            from .setup_horde import HordeSetupScene
            self.app.push(HordeSetupScene(self.app))
        elif el is self.b_pvp:
            from .setup_pvp import PvpSetupScene
            self.app.push(PvpSetupScene(self.app))
        elif el is self.b_pve:
            from .setup_pve import PveSetupScene
            self.app.push(PveSetupScene(self.app))
        elif el is self.b_squads:
            from .builder import SquadBuilderScene
            self.app.push(SquadBuilderScene(self.app))
        elif el is self.b_load:
            self.app.push(LoadScene(self.app))
        elif el is self.b_settings:
            self.app.push(SettingsScene(self.app))
        elif el is self.b_quit:
            self.app.request_quit()

    def resume(self) -> None:
        super().resume()
        self.build_ui()  # the list of saves may have changed

    def intent(self, name: str) -> bool:
        if name == "cancel":
            return True
        return False

    def draw(self, screen) -> None:
        if self._bg is None or self._bg_size != self.app.size:
            self._bg = _starfield(self.app.size, self.app.palette)
            self._bg_size = self.app.size
        screen.blit(self._bg, (0, 0))

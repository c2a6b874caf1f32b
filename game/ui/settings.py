"""Player settings (UI scale, NPC speed, colour palette, grid overlay, sound volume and mute, how often each person
at the screen is asked about their saves) and the colour palettes.

Settings live in <saves folder>/settings.json (saves/ is the one folder the game writes to). A missing or
unreadable file gives the defaults; unknown values fall back one by one.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

UI_SCALES = (0.8, 1.0, 1.25, 1.5)
NPC_SPEEDS = {"slow": 1.0, "normal": 0.5, "fast": 0.2, "instant": 0.0}  # seconds per NPC step
SETTINGS_FILE = "settings.json"
MAX_SETTINGS_BYTES = 64 * 1024
MAX_PEOPLE_KEPT = 32  # people whose "ask me about my saves" is kept
MAX_NAME = 24


class _Unreadable(Exception):
    def __init__(self, path, problem: str) -> None:
        super().__init__(problem)


@dataclass
class Settings:
    ui_scale: float = 1.0
    npc_speed: str = "normal"
    palette: str = "okabe-ito"
    show_grid: bool = False
    show_names: bool = True
    volume: float = 0.7  # sound, 0-1 (game/ui/sound.py)
    muted: bool = False
    ask_saves_default: str = "changes"  # game.modes.session.ASK_SAVES: for anyone without a choice of their own
    ask_saves: dict = field(default_factory=dict)  # person's name -> their choice (set at the hand-over)

    def set_ask_saves(self, name: str, level: str) -> None:
        """`name`'s choice, kept (the oldest choices go past MAX_PEOPLE_KEPT)."""
        self.ask_saves.pop(name, None)
        self.ask_saves[name] = level
        while len(self.ask_saves) > MAX_PEOPLE_KEPT:
            self.ask_saves.pop(next(iter(self.ask_saves)))

    @property
    def npc_delay(self) -> float:
        return NPC_SPEEDS.get(self.npc_speed, 0.5)

    def save(self, folder: Path) -> None:
        """Written atomically (a crash never leaves half a file: the old settings stay until the new are whole)."""
        from game.persistence.jsonfile import write_json_atomic
        try:
            write_json_atomic(folder / SETTINGS_FILE, asdict(self))
        except OSError:
            pass  # settings are a convenience: never fail the game over them

    @staticmethod
    def load(folder: Path) -> "Settings":
        from game.persistence.jsonfile import read_json
        s = Settings()
        try:  # the same untrusting reader as saves: size cap, nesting cap, finite numbers
            data = read_json(folder / SETTINGS_FILE, MAX_SETTINGS_BYTES, "settings", _Unreadable)
        except _Unreadable:
            return s
        if not isinstance(data, dict):
            return s
        if isinstance(data.get("ui_scale"), (int, float)) and data["ui_scale"] in UI_SCALES:
            s.ui_scale = float(data["ui_scale"])
        if isinstance(data.get("npc_speed"), str) and data["npc_speed"] in NPC_SPEEDS:
            s.npc_speed = data["npc_speed"]
        if isinstance(data.get("palette"), str) and data["palette"] in PALETTES:
            s.palette = data["palette"]
        if isinstance(data.get("show_grid"), bool):
            s.show_grid = data["show_grid"]
        if isinstance(data.get("show_names"), bool):
            s.show_names = data["show_names"]
        v = data.get("volume")
        if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1:
            s.volume = round(float(v), 2)
        if isinstance(data.get("muted"), bool):
            s.muted = data["muted"]
        from game.modes.session import ASK_SAVES
        if data.get("ask_saves_default") in ASK_SAVES:
            s.ask_saves_default = data["ask_saves_default"]
        asks = data.get("ask_saves")
        if isinstance(asks, dict):
            for name, level in list(asks.items())[-MAX_PEOPLE_KEPT:]:
                if isinstance(name, str) and 0 < len(name) <= MAX_NAME and level in ASK_SAVES:
                    s.ask_saves[name] = level
        return s


def _hex(h: str) -> tuple[int, int, int]:
    h = h.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


# Roles every palette fills. Shapes carry the meaning too (player bases round with a chevron, NPC bases
# spiky, items hexagonal; valid targets a ring with ticks, invalid ones a crossed circle), so no
# information is carried by colour alone.
_OKABE_ITO = {
    "player": "#56B4E9",  # sky blue
    "player_dark": "#0B4F78",
    "npc": "#E69F00",  # orange
    "npc_dark": "#6B3C00",
    "item": "#CC79A7",  # reddish purple
    "item_dark": "#5C2A48",
    "good": "#009E73",  # bluish green
    "bad": "#D55E00",  # vermillion
    "select": "#F0E442",  # yellow
    "reach": "#56B4E9",
    "dash": "#009E73",
    "cover": "#E69F00",
    "sight": "#F0E442",
    "critical": "#F0E442",
}
_CLASSIC = {
    "player": "#4A90E2", "player_dark": "#1B3A66", "npc": "#E04A3F", "npc_dark": "#5E1712",
    "item": "#B45FD6", "item_dark": "#4A1F5C", "good": "#3FBF5A", "bad": "#E04A3F", "select": "#FFD23F",
    "reach": "#4A90E2", "dash": "#3FBF5A", "cover": "#FFA23F", "sight": "#FFFFFF", "critical": "#FFD23F",
}
_HIGH_CONTRAST = {
    "player": "#FFFFFF", "player_dark": "#000000", "npc": "#FFB000", "npc_dark": "#000000",
    "item": "#FF6FD8", "item_dark": "#000000", "good": "#00E5A0", "bad": "#FF5030", "select": "#FFFF00",
    "reach": "#00C8FF", "dash": "#00E5A0", "cover": "#FFB000", "sight": "#FFFF00", "critical": "#FFFF00",
}
# co-op: the units of each person after the first sharing a side get their own colour (their bases keep the shape of
# the squad), distinct from the NPCs', the items' and each other's in every palette
_PARTNERS = {
    "okabe-ito": (("#009E73", "#00422F"), ("#B4A7E5", "#3F3566"), ("#E6E6E6", "#4A4A4A")),
    "classic": (("#3FBF5A", "#174D23"), ("#9B7BE0", "#3A2766"), ("#E0E0E0", "#4A4A4A")),
    "high-contrast": (("#00E5A0", "#000000"), ("#00C8FF", "#000000"), ("#B9A7FF", "#000000")),
}
_COMMON = {
    "bg": "#12151A", "panel": "#1C2128", "panel_edge": "#39424E", "text": "#E8ECF0", "text_dim": "#9AA5B1",
    "text_faint": "#66717D", "wall": "#2A2F38", "wall_top": "#8E9AAB", "low_wall": "#C9B48A",
    "low_wall_dark": "#5B4D31", "platform": "#D9E2EC", "door": "#E69F00", "zone": "#56B4E9",
    "die_face": "#F4F1EA", "die_fail": "#5A6270", "die_pip": "#15181D", "warn": "#F0E442",
}
PALETTES = {"okabe-ito": _OKABE_ITO, "classic": _CLASSIC, "high-contrast": _HIGH_CONTRAST}
PALETTE_NAMES = {"okabe-ito": "Okabe-Ito (colour-blind safe)", "classic": "Classic",
                 "high-contrast": "High contrast"}


class Palette:
    """Colours by role, as RGB tuples: palette.player, palette.bad, ..."""

    def __init__(self, name: str = "okabe-ito") -> None:
        self.name = name if name in PALETTES else "okabe-ito"
        colours = dict(_COMMON)
        colours.update(PALETTES[self.name])
        if self.name == "high-contrast":
            colours["zone"] = colours["reach"]
        for k, v in colours.items():
            setattr(self, k, _hex(v))
        self.hex = colours
        self.partners = tuple((_hex(a), _hex(b)) for a, b in _PARTNERS[self.name])

    def person(self, seat: int) -> tuple[int, int, int]:
        """The colour of the units of the person in `seat` of a shared side (seat 0: the squad's own colour)."""
        return self.player if seat <= 0 else self.partners[(seat - 1) % len(self.partners)][0]

    def side(self, side: str, item: bool = False) -> tuple[int, int, int]:
        """The fill of a base drawn in `side`'s style ("player", "player:2" for the third person of a shared side,
        "rival", "npc")."""
        if item:
            return self.item
        if side.startswith("player:"):
            return self.person(int(side[7:]))
        return self.player if side == "player" else self.npc

    def side_dark(self, side: str, item: bool = False) -> tuple[int, int, int]:
        if item:
            return self.item_dark
        if side.startswith("player:"):
            seat = int(side[7:])
            return self.player_dark if seat <= 0 else self.partners[(seat - 1) % len(self.partners)][1]
        return self.player_dark if side == "player" else self.npc_dark

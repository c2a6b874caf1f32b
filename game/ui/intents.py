"""Keys and mouse buttons turned into intents (names the scenes act on)."""
from __future__ import annotations

import pygame

KEY_INTENTS = {
    pygame.K_TAB: "next_unit",
    pygame.K_ESCAPE: "cancel",
    pygame.K_e: "end_activation",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_g: "toggle_grid",
    pygame.K_m: "move",
    pygame.K_d: "dash",
    pygame.K_r: "ranged",
    pygame.K_f: "melee",
    pygame.K_o: "door",
    pygame.K_SPACE: "skip",
    pygame.K_F1: "help",
    pygame.K_h: "help",
    pygame.K_n: "toggle_names",
    pygame.K_t: "toggle_threat",
    pygame.K_HOME: "recentre",
    pygame.K_a: "accept",
    pygame.K_LEFT: "pan_left",
    pygame.K_RIGHT: "pan_right",
    pygame.K_UP: "pan_up",
    pygame.K_DOWN: "pan_down",
    pygame.K_PLUS: "zoom_in",
    pygame.K_EQUALS: "zoom_in",
    pygame.K_KP_PLUS: "zoom_in",
    pygame.K_MINUS: "zoom_out",
    pygame.K_KP_MINUS: "zoom_out",
    pygame.K_LEFTBRACKET: "spread_fewer",
    pygame.K_RIGHTBRACKET: "spread_more",
    pygame.K_PAGEUP: "log_up",
    pygame.K_PAGEDOWN: "log_down",
}
for _k in range(1, 10):
    KEY_INTENTS[getattr(pygame, f"K_{_k}")] = f"die_{_k}"


def key_intent(event: pygame.event.Event) -> str | None:
    if event.type != pygame.KEYDOWN:
        return None
    if event.mod & pygame.KMOD_CTRL:
        if event.key == pygame.K_z:
            return "undo"
        if event.key == pygame.K_s:
            return "quicksave"
        return None
    return KEY_INTENTS.get(event.key)


# The controls as the help screen and the tooltips show them.
CONTROLS = [
    ("Left click", "select a unit / pick a destination or a target / press a button"),
    ("Right drag, arrow keys", "pan the table"),
    ("Mouse wheel, + / -", "zoom (over the log: scroll it)"),
    ("Home", "fit the table in view"),
    ("Right click, Esc", "cancel the current action; Esc again: pause menu"),
    ("Tab", "select the next Ready unit"),
    ("M / D", "Move / Dash preview: where the unit can go (its button says how far)"),
    ("R / F", "Ranged / Melee attack: pick a target"),
    ("O", "open or close an Adjacent door"),
    ("E", "end the activation"),
    ("Enter", "the answer marked (Enter) in a prompt; end an activation with nothing left to do"),
    ("1-9", "pick a die in a dice prompt"),
    ("Shift+click, [ / ]", "a Spread weapon: choose more targets Adjacent to each other; over one of them, one die "
                           "fewer / more for it"),
    ("Ctrl+Z", "undo the last action that rolled no dice"),
    ("G", "grid overlay and inch ruler"),
    ("N", "unit names on the table"),
    ("T, or hold Alt", "the enemies' threat: where they can strike next (melee, ranged), who is in their line of "
                       "fire"),
    ("Hover an enemy NPC", "the Behaviour line it would follow and its likely target"),
    ("Hover a Move spot", "from there: who the unit sees, its Cover, who could shoot it (or why it is out of "
                          "reach)"),
    ("Space", "skip the animations and the NPCs' steps / dismiss a banner"),
    ("Ctrl+S", "quick save"),
    ("F1 or H", "this help"),
]

# The replay viewer's keys (game/ui/replay.py) and the sound settings: the same help lists them.
REPLAY_CONTROLS = [
    ("Replay: Left / Right", "step back / forward one action"),
    ("Replay: Up / Down, Page Up / Page Down", "the previous / next activation"),
    ("Replay: Home / End", "the start / the end of the battle"),
    ("Replay: 1-9", "jump to the start of that Turn"),
    ("Replay: Space", "play / pause (the speed is beside the Turn list)"),
    ("Replay: click the timeline", "jump to that moment"),
    ("Settings: Sound, Volume", "mute the game's sounds, or set their volume"),
]
CONTROLS += REPLAY_CONTROLS

"""The F1 help: controls, a short how-to-play, and how the game reads the rules (RULINGS)."""
from __future__ import annotations

import re
from html import escape

from .intents import CONTROLS


def controls_html() -> str:
    rows = "".join(f"<b>{escape(k)}</b> - {escape(v)}<br>" for k, v in CONTROLS)
    return ("<font size=5><b>Controls</b></font><br><br>" + rows +
            "<br>Every button shows its cost (ACT and Tactical Orders) and, when it is greyed out, why. "
            "Hover a special rule or a skill on the unit card to read its rule text.")


_HOW_TO_PLAY = """<font size=5><b>How to play: the First Mission, "Survive"</b></font><br><br>
<b>Goal.</b> Bugs pour out of three Spawn Points (the purple hexagons). Destroy every Spawn Point by the end of
Turn 4 and keep at least one of your units standing.<br><br>
<b>Deploy.</b> Click inside the blue circle to place each unit (or press <b>Auto-deploy</b>),
then <b>Start battle</b>.<br><br>
<b>Each Turn.</b> You roll Tactical Orders (TO): 5 dice while your Leader stands (3 after), each 1-3 gives 1 TO,
plus 1 TO per unit of yours Taken Out. Unused TO are lost at the end of the Turn. Your squad always has the
Initiative. After each of your activations one Bug activates (the one nearest to your units).<br><br>
<b>Activate a unit.</b> Click one of your Ready units (bright, with a chevron). Its Move area shows at once:
click a spot to Move there. Press <b>D</b> for a Dash, <b>R</b> to shoot, <b>F</b> to fight an Adjacent enemy.
Each Action costs ACT; repeating an Action costs 1 more each time. TO can pay ACT point for point.
Press <b>E</b> to end the activation. Units that have activated are dimmed.<br><br>
<b>Dice.</b> Roll under: a die equal to or below the stat succeeds. A natural 1 is a Critical (gold edge), a
natural 6 always fails (red corner). When you may re-roll (Cover, Accurate, Support, Relentless) or spend TO
(re-roll one die, or change it by 1), the dice wait for you: pick a die, pick an option, then Accept.<br><br>
<b>Shooting.</b> Hover an enemy to see the range, the two sight lines, Cover, and the exact odds of the attack
before you commit. Ranged attacks are not possible against Adjacent targets, targets Adjacent to your
squadmates, or while Adjacent to an enemy.<br><br>
<b>Moving away</b> from an Adjacent enemy lets it make an Attack of Opportunity; the path shows a warning.
You may spend 2" of movement per attack die to blunt it.<br><br>
<b>Skills.</b> A unit's skill actions are buttons under its weapons, with their cost (ACT or TO); hover one to
read its rule, and a greyed one says why it cannot be used now. A skill that needs a unit or a spot lights up
its choices on the table: click one (a second one for Misdirection), Esc backs out. When a skill gives a unit
free actions (Relay Order, Duty Before Death, Standby...), the top bar says which, and its buttons cost "free";
"Decline free action" gives them up.<br><br>
<b>Reactions.</b> Parry, Devoted, Counter, Life Drain, Shield, Fate Shift, Standby and Misdirection ask you
when they apply, even during the Bugs' activation (which waits for your answer): pick an option in the panel
under the table, or click the highlighted unit.<br><br>
<b>Undo.</b> Ctrl+Z takes back your last action if it rolled no dice.
"""

# the text box breaks lines at every newline: one line per paragraph
HOW_TO_PLAY = re.sub(r"<br>\s+", "<br>", re.sub(r"\s*\n\s*", " ", _HOW_TO_PLAY)).strip()

RULINGS = [
    ("R1", "A die is re-rolled at most once, whatever grants the re-roll."),
    ("R2", "A TO change of +/-1 changes the value only: a natural 6 still fails, a changed die is never a Critical."),
    ("R3", "Re-roll choices belong to the side that rolled; the game asks you instead of deciding."),
    ("R4", "Ranged: a Critical Save counts as 2 saves. Melee: a Critical Save blocks 1 Damage and returns 1; "
           "this can chain."),
    ("R5", "Support (melee): one re-roll per Adjacent squadmate, for attack dice and for save dice."),
    ("R6", "HIT never goes below 0; at 0 the unit is Taken Out at once; extra Damage is lost."),
    ("R7", "No Ranged attack at a target Adjacent to the attacker or its squadmates, nor while Adjacent to an enemy."),
    ("R8", "Bases are circles (1\" standard); positions are base centres."),
    ("R9", "Line of Sight: two clear lines from a point of the attacker's base to the two opposite edges of the "
           "target's base; other units block."),
    ("R10", "A unit's eye is 1\" above its surface; a wall blocks a line where its top is at or above the line."),
    ("R11", "Cover: terrain blocks part of the view within 1\" of the target: one save re-roll. High Ground "
            "(4\" or more above) removes Cover. No Cover in melee."),
    ("R12", "Range is horizontal, between the closest points of the bases. No RNG means unlimited range."),
    ("R13", "Move and Dash follow the base centre's path, climbing included; never through enemy bases."),
    ("R14", "Climbing up: height + 1\"; down: 1\" + height - 2\". Only climbable faces, ladders and low walls."),
    ("R15", "Adjacent: base edges within 1\", same level (within 0.5\"), no wall between the centres."),
    ("R16", "Attack of Opportunity when a Move or Dash leaves Adjacency: one enemy, once per Turn; the mover "
            "may blunt it, 2\" per die."),
    ("R17", "Each repeat of an Action costs +1 ACT; TO pay ACT point for point; TO skills only with TO."),
    ("R19", "NPC sides: the squad always has the Initiative; after each of your activations the Ready NPC "
            "nearest to your units activates (an option lets you pick)."),
    ("R20", "TO: 5 dice with the Leader standing, 3 without; 1-3 gives 1 TO; +1 per unit of yours Taken Out."),
    ("R21", "Grid play: 2\" squares, Move 3 squares, Dash 1, range in squares, diagonals contiguous."),
]


def notes_html() -> str:
    """The game's own readings (docs/rules-notes.md: N1..., B1...), as the text box's small HTML."""
    from game.paths import ROOT
    try:
        text = (ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")
    except OSError:
        return ""
    out, item = [], []

    def flush():
        if item:
            para = escape(" ".join(item))
            out.append(re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", para) + "<br>")
            item.clear()
    for line in text.splitlines():
        if line.startswith("#"):
            flush()
            if line.startswith("## "):
                out.append(f"<br><b>{escape(line[3:].strip())}</b><br>")
        elif line.lstrip().startswith("- "):
            flush()
            item.append(line.lstrip()[2:].strip())
        elif line.strip() and item:
            item.append(line.strip())
        else:
            flush()
    flush()
    return "".join(out)


def rulings_html() -> str:
    rows = "".join(f"<b>{k}</b> {escape(v)}<br>" for k, v in RULINGS)
    return ("<font size=5><b>How this game reads the rules</b></font><br>"
            "The Core Rules win. Where they leave room, the studio's rulings (R) and this game's own readings "
            "(N, B) decide.<br><br>" + rows + notes_html())


TABS = (("Controls", controls_html), ("How to play", lambda: HOW_TO_PLAY), ("Rules readings", rulings_html))

"""The F1 help: controls, a short how-to-play, and how the game reads the rules (RULINGS)."""
from __future__ import annotations

import re
from html import escape

from .intents import CONTROLS
from .theme import html_size


def heading(title: str, level: int = 1, scale: float = 1.0) -> str:
    """A heading of the help's HTML (`title` already escaped), sized for the UI scale: pygame-gui gives <font size=N>
    fixed points, so at 1.5 a fixed size-5 heading was smaller than the scaled text."""
    size = {1: 5, 2: 4}.get(level)
    if size is None:
        return f"<b>{title}</b><br>"
    return f"<font size={html_size(size, scale):g}><b>{title}</b></font><br>"


def controls_html(scale: float = 1.0) -> str:
    rows = "".join(f"<b>{escape(k)}</b> - {escape(v)}<br>" for k, v in CONTROLS)
    return (heading("Controls", 1, scale) + "<br>" + rows +
            "<br>Every button shows its cost (ACT and Tactical Orders) and, when it is greyed out, why. "
            "Hover a special rule or a skill on the unit card to read its rule text.")


_HOW_TO_PLAY = """<b>Goal.</b> Bugs pour out of three Spawn Points (the purple hexagons). Destroy every Spawn Point by the end of
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
<b>Reading the table.</b> Each base shows its role (a crown for the Leader, a blade for melee, a crosshair for
ranged, a gun for a heavy weapon, a bolt for a unit with special skills), a short label, a HIT bar, and a green
light while it is Ready; it is dimmed once it has acted. The box in the upper left is the mission: its Turn,
objectives and Mission Points (click it to fold it). Hover a marker for its rules.<br><br>
<b>Before you act.</b> T (or holding Alt) shows the enemies' threat: red where they can Move and strike in melee,
orange where their guns reach after a Move, a crosshair on your units already in a line of fire. Hover a Bug to
see the Behaviour line it would follow and whom it goes for. Hover a Move spot to see, from there, which enemies
your unit would see (an eye, or a shield when they would be in Cover), the shield of Cover it would have, and who
could shoot it.<br><br>
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


def how_to_play_html(scale: float = 1.0) -> str:
    return heading('How to play: the First Mission, "Survive"', 1, scale) + "<br>" + HOW_TO_PLAY


def rulings_html(scale: float = 1.0) -> str:
    rows = "".join(f"<b>{k}</b> {escape(v)}<br>" for k, v in RULINGS)
    return (heading("How this game reads the rules", 1, scale) +
            "The Core Rules win. Where they leave room, the studio's rulings (R) and this game's own readings "
            "(N, B) decide.<br><br>" + rows + notes_html())


TABS = (("Controls", controls_html), ("How to play", how_to_play_html), ("Rules readings", rulings_html))
# (each tab's HTML made for a UI scale)


# == the modes' help files: assets/data/help/*.md, read as light markup ==================================
def help_dir():
    from game.paths import DATA_DIR
    return DATA_DIR / "help"


MAX_HELP_BYTES = 256 * 1024


def help_files(folder=None) -> list[tuple[str, object]]:
    """(title, path) of every mode's help file, in name order; the title is the file's first heading (else its
    name in words)."""
    folder = help_dir() if folder is None else folder
    out = []
    try:
        paths = sorted(p for p in folder.glob("*.md") if p.is_file())
    except OSError:
        return out
    for p in paths:
        title = p.stem.replace("-", " ").replace("_", " ").capitalize()
        try:
            with p.open(encoding="utf-8", errors="replace") as f:
                for line in f:
                    if line.startswith("#"):
                        title = line.lstrip("#").strip() or title
                        break
        except OSError:
            pass
        out.append((title, p))
    return out


def help_file_html(path, scale: float = 1.0) -> str:
    """A help file as the help screen shows it (its problem in words if it cannot be read)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_HELP_BYTES + 1)
    except OSError as e:
        return f"<b>This help file cannot be read</b> ({escape(path.name)}: {escape(e.strerror or str(e))})."
    text = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", "", raw[:MAX_HELP_BYTES].decode("utf-8", errors="replace"))
    note = "<br>(The rest of this file is too long to show.)" if len(raw) > MAX_HELP_BYTES else ""
    return markup_html(text, scale) + note


def _inline(text: str) -> str:
    """**bold**, *emphasis* and `code` of a line, escaped for the text box (emphasis and code shown plain)."""
    t = escape(text)
    t = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", t)
    t = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", t)
    return re.sub(r"`([^`]+)`", r"\1", t)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def markup_html(text: str, scale: float = 1.0) -> str:
    """Light markup (headings, paragraphs, bullet and numbered lists, tables) as the text box's small HTML."""
    out: list[str] = []
    para: list[str] = []

    def flush():
        if para:
            out.append(_inline(" ".join(para)) + "<br><br>")
            para.clear()

    lines = text.replace("\r\n", "\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            out.append(heading(_inline(stripped.lstrip("#").strip()), level, scale))
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = _cells(lines[i])
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            for k, cells in enumerate(rows):
                row = "  ·  ".join(_inline(c) for c in cells)
                out.append((f"<b>{row}</b>" if k == 0 and len(rows) > 1 else row) + "<br>")
            out.append("<br>")
            continue
        elif re.match(r"^([-*+]|\d+[.)])\s", stripped):
            flush()
            m = re.match(r"^([-*+]|\d+[.)])\s+(.*)$", stripped)
            mark = "•" if m.group(1) in "-*+" else m.group(1)
            item = [m.group(2)]
            while i + 1 < len(lines) and lines[i + 1].startswith((" ", "\t")) and lines[i + 1].strip() and \
                    not re.match(r"^([-*+]|\d+[.)])\s", lines[i + 1].strip()):
                i += 1
                item.append(lines[i].strip())
            out.append(f"{escape(mark)} {_inline(' '.join(item))}<br>")
            if i + 1 >= len(lines) or not lines[i + 1].strip():
                out.append("<br>")
        else:
            para.append(stripped)
        i += 1
    flush()
    return "".join(out)

"""Campaign files: saves/campaigns/<name>.json, versioned JSON written atomically, read without trust.

    {"format": "ruinstars-campaign", "version": 1, "name": "Night Raid", "kind": "pve", "saved_at": "...",
     "summary": {"where": "2.1", "stage": "briefing", "mp": 7, "ironman": false},
     "setup": {"kind": "pve", "seed": 7, "name": "Night Raid",
               "options": {"people": ["Player 1"], "mini_squads": false, "ironman": false, "factions": [null]},
               "squads": [<a roster's squad object>]},
     "decisions": [{"type": "StartMission"}, {"type": "FinishMission", "commands": [...], ...}, ...],
     "in_progress": [<the mission in progress's commands>] or null,
     "state_hash": "..."}

A campaign is its setup and its decisions: loading replays them (no match is played; each played mission's
commands are kept in its decision, so any battle can be watched again) and checks the state hash. The file is
read through jsonfile.read_json (size and nesting caps, finite numbers), every field type-checked (decisions from
their annotations, commands as the saves check them); anything wrong raises CampaignFileError naming the file
and the problem, and the file is never changed. `list_campaign_files` lists damaged files with their reason.

Ironman: the campaign has one file, its own name's, written after every step (`save_campaign` refuses another
name); without Ironman a campaign may also be saved under other names.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from game.campaign import Campaign, CampaignError, Options, Setup, replay_campaign
from game.campaign.decisions import DecisionFormatError, decision_from_dict
from game.campaign.model import Where
from game.match.commands import CommandFormatError, command_from_dict, shown_value

from .jsonfile import (
    ListingCache,
    read_versioned_json,
    remove_stale_temp_files,
    write_json_atomic,
    write_text_atomic,
)
from .rosters import squad_from_dict, squad_to_dict

FORMAT = "ruinstars-campaign"
VERSION = 1
MAX_BYTES = 32 * 1024 * 1024  # nine missions of a few thousand commands each are a few MB
MAX_DECISIONS = 20_000
MAX_COMMANDS = 100_000
MAX_TEXT = 80
MAX_SEED = 2 ** 63
FOLDER = "campaigns"

log = logging.getLogger(__name__)


class CampaignFileError(Exception):
    def __init__(self, path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = str(path)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class CampaignFileInfo:
    path: Path
    name: str
    kind: str
    where: str  # "2.1 briefing"
    mp: int
    ironman: bool
    saved_at: str
    problem: str | None = None  # set: the file cannot be loaded, and this says why
    at: Where | None = None  # where it stands (operation, mission, stage)
    over: bool = False  # complete or lost: Continue never offers it
    mtime_ns: int = 0  # when the file was written (two within one second: the later one is newer)

    @property
    def broken(self) -> bool:
        return self.problem is not None

    @property
    def stage(self) -> str:
        return self.at.stage if self.at is not None else ""


def campaigns_dir(folder: Path | None = None) -> Path:
    if folder is not None:
        return Path(folder)
    from game import paths
    return Path(paths.SAVES_DIR) / FOLDER


def campaign_path(name: str, folder: Path | None = None) -> Path:
    """The file of a campaign of this name in the campaigns folder (letters, digits, - and _ kept; anything else
    becomes -): a name never leads out of the folder."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.strip()).strip("-") or "campaign"
    return campaigns_dir(folder) / f"{safe[:MAX_TEXT]}.json"


# == writing ===========================================================================================================
def setup_to_dict(setup: Setup) -> dict:
    o = setup.options
    return {"kind": setup.kind, "seed": setup.seed, "name": setup.name,
            "options": {"people": list(o.people), "mini_squads": o.mini_squads, "ironman": o.ironman,
                        "factions": list(o.factions), "computer": list(o.computer), "missions": list(o.missions),
                        "operations": list(o.operations), "edition": o.edition, "difficulty": o.difficulty},
            "squads": [squad_to_dict(s) for s in setup.squads]}


def campaign_to_dict(campaign: Campaign) -> dict:
    w = campaign.where
    return {"format": FORMAT, "version": VERSION, "name": campaign.setup.name, "kind": campaign.setup.kind,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "summary": {"where": w.label, "stage": w.stage, "mp": campaign.sides[0].mp_earned,
                        "ironman": campaign.setup.options.ironman},
            "setup": setup_to_dict(campaign.setup),
            "decisions": [d.to_dict() for d in campaign.decisions],
            "in_progress": list(campaign.in_progress) if campaign.current is not None else None,
            "state_hash": campaign.state_hash()}


def save_campaign(campaign: Campaign, folder: Path | None = None, name: str | None = None, match=None) -> Path:
    """Write the campaign (and the mission in progress: `match`, when one is being played) atomically to its file,
    or, without Ironman, to the file of `name`. Returns the path; OSError when it cannot be written."""
    if match is not None:
        campaign.note_progress(match)
    if name is not None and campaign.setup.options.ironman and \
            campaign_path(name, folder) != campaign_path(campaign.setup.name, folder):
        raise CampaignError("an Ironman campaign has one file: its own")
    path = campaign_path(name or campaign.setup.name, folder)
    write_json_atomic(path, campaign_to_dict(campaign), compact=True)
    return path


# == reading ===========================================================================================================
def _text(path, d: dict, key: str, where: str = "", limit: int = MAX_TEXT) -> str:
    v = d.get(key)
    if not isinstance(v, str) or not v.strip() or len(v) > limit:
        raise CampaignFileError(path, f"{where}'{key}' must be text of 1-{limit} characters, got {shown_value(v)}")
    return v


def _setup(path, raw) -> Setup:
    if not isinstance(raw, dict):
        raise CampaignFileError(path, "'setup' must be an object")
    seed = raw.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not -MAX_SEED < seed < MAX_SEED:
        raise CampaignFileError(path, f"setup: 'seed' must be a whole number, got {shown_value(seed)}")
    o = raw.get("options")
    if not isinstance(o, dict):
        raise CampaignFileError(path, "setup: 'options' must be an object")
    people = o.get("people")
    if not isinstance(people, list) or not 1 <= len(people) <= 4 or not all(
            isinstance(p, str) and 0 < len(p) <= MAX_TEXT for p in people):
        raise CampaignFileError(path, "setup: 'people' must list 1-4 names")
    flags = {}
    for key in ("mini_squads", "ironman"):
        if not isinstance(o.get(key), bool):
            raise CampaignFileError(path, f"setup: '{key}' must be true or false, got {shown_value(o.get(key))}")
        flags[key] = o[key]
    factions = o.get("factions", [])
    if not isinstance(factions, list) or len(factions) > 9 or not all(
            f is None or (isinstance(f, str) and 0 < len(f) <= MAX_TEXT) for f in factions):
        raise CampaignFileError(path, "setup: 'factions' must list NPC faction ids (or null: rolled)")
    computer = o.get("computer", [])
    if not isinstance(computer, list) or len(computer) > 2 or not all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 2 for i in computer):
        raise CampaignFileError(path, "setup: 'computer' must list the squads the computer plays (0, 1)")
    missions = o.get("missions", [])
    if not isinstance(missions, list) or len(missions) > 9 or not all(
            m is None or (isinstance(m, str) and 0 < len(m) <= MAX_TEXT) for m in missions):
        raise CampaignFileError(path, "setup: 'missions' must list mission ids (or null: rolled)")
    operations = o.get("operations", [])
    if not isinstance(operations, list) or len(operations) > 9 or not all(
            isinstance(m, str) and 0 < len(m) <= MAX_TEXT for m in operations):
        raise CampaignFileError(path, "setup: 'operations' must list Operation ids")
    edition = o.get("edition", "")
    if not isinstance(edition, str) or len(edition) > 8:
        raise CampaignFileError(path, f"setup: 'edition' must be an edition's name, got {shown_value(edition)}")
    difficulty = o.get("difficulty", "")
    if not isinstance(difficulty, str) or len(difficulty) > 16:
        raise CampaignFileError(path, f"setup: 'difficulty' must be a difficulty's name, got {shown_value(difficulty)}")
    specs = _items(path, raw.get("squads"), "squads", 4, squad_from_dict, ValueError, "setup: squad")
    if not specs:
        raise CampaignFileError(path, "setup: 'squads' must list 1-4 squads")
    return Setup(_text(path, raw, "kind", "setup: "), seed, _text(path, raw, "name", "setup: "),
                 Options(tuple(people), flags["mini_squads"], flags["ironman"], tuple(factions), tuple(computer),
                         tuple(missions), tuple(operations), edition, difficulty), tuple(specs))


def _items(path, raw, key: str, limit: int, read, error, what: str) -> list:
    """Each item of the list `raw` read by `read` (its `error` becomes CampaignFileError naming the item)."""
    if not isinstance(raw, list) or len(raw) > limit:
        raise CampaignFileError(path, f"'{key}' must be a list of at most {limit} items")
    out = []
    for i, item in enumerate(raw):
        try:
            out.append(read(item))
        except error as e:
            raise CampaignFileError(path, f"{what} {i + 1}: {e}") from None
    return out


def read_campaign_file(path: Path) -> tuple[Setup, list, list | None, dict]:
    """Parse and check a campaign file without replaying it: (setup, decisions, in-progress commands, raw)."""
    path = Path(path)
    data = read_versioned_json(path, FORMAT, VERSION, MAX_BYTES, "campaign", CampaignFileError)
    setup = _setup(path, data.get("setup"))
    decisions = _items(path, data.get("decisions"), "decisions", MAX_DECISIONS, decision_from_dict,
                       DecisionFormatError, "decision")
    progress = data.get("in_progress")
    if progress is not None:
        _items(path, progress, "in_progress", MAX_COMMANDS, command_from_dict, CommandFormatError,
               "the mission in progress, command")
    if not isinstance(data.get("state_hash"), str):
        raise CampaignFileError(path, "has no state hash")
    return setup, decisions, progress, data


def load_campaign(path: Path, catalog=None) -> Campaign:
    """The campaign of a file, its decisions replayed and its state hash checked; CampaignFileError otherwise (the
    file is never changed)."""
    path = Path(path)
    setup, decisions, progress, data = read_campaign_file(path)
    try:
        campaign = replay_campaign(setup, decisions, catalog)
    except CampaignError as e:
        raise CampaignFileError(path, f"its decisions cannot be replayed: {e}") from None
    except Exception:  # a setup or decision deep in the rules that this game cannot carry out
        log.warning("campaign %s: replaying failed", path, exc_info=True)
        raise CampaignFileError(path, "its decisions cannot be replayed: the file was probably edited or "
                                      "damaged") from None
    if campaign.state_hash() != data["state_hash"]:
        raise CampaignFileError(path, "replaying it gives a different campaign than was saved (state hash differs)")
    if progress is not None:
        if campaign.current is None:
            raise CampaignFileError(path, "it holds a mission in progress, but no mission was started")
        campaign.in_progress = list(progress)
    return campaign


_INFO = ListingCache(200)  # a file listed again unchanged is not replayed again


def _info(path: Path) -> CampaignFileInfo:
    return _INFO.get(path, _read_info)


def _read_info(path: Path) -> CampaignFileInfo:
    try:
        campaign = load_campaign(path)
    except CampaignFileError as e:
        return CampaignFileInfo(path, path.stem, "", "", 0, False, "", e.problem)
    except Exception:  # load_campaign names every problem it knows; anything else still lists the file
        log.warning("listing campaign %s failed", path, exc_info=True)
        return CampaignFileInfo(path, path.stem, "", "", 0, False, "", "cannot be read")
    w = campaign.where
    try:
        st = path.stat()
        saved = datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat(timespec="seconds")
        mtime = st.st_mtime_ns
    except (OSError, ValueError, OverflowError):
        saved, mtime = "", 0
    return CampaignFileInfo(path, campaign.setup.name, campaign.setup.kind, f"{w.label} {w.stage}",
                            campaign.sides[0].mp_earned, campaign.setup.options.ironman, saved, at=w, over=campaign.over,
                            mtime_ns=mtime)


def list_campaign_files(folder: Path | None = None) -> list[CampaignFileInfo]:
    """Every campaign file of the folder: the good ones newest first, then the damaged ones (with why) by name.
    Files are only read; temporary files of interrupted writes older than a minute are removed."""
    folder = campaigns_dir(folder)
    remove_stale_temp_files(folder)
    try:
        files = sorted(p for p in folder.glob("*.json") if p.is_file())
    except OSError:
        return []
    infos = [_info(p) for p in files]
    good = sorted((i for i in infos if not i.broken), key=lambda i: (i.saved_at, i.mtime_ns, i.path.name),
                  reverse=True)
    return good + sorted((i for i in infos if i.broken), key=lambda i: i.path.name)


def newest_campaign(infos: list[CampaignFileInfo]) -> CampaignFileInfo | None:
    """The campaign Continue opens: the newest one still being played (neither damaged nor over)."""
    return next((i for i in infos if not i.broken and not i.over), None)


# == the chronicle =====================================================================================================
def export_chronicle(campaign: Campaign, folder: Path | None = None) -> Path:
    """The campaign's chronicle as Markdown in saves/reports/campaign-<name>-<time>.md, written atomically."""
    from game.campaign.chronicle import chronicle_markdown
    from game import paths
    folder = Path(folder) if folder is not None else Path(paths.SAVES_DIR) / "reports"
    stem = campaign_path(campaign.setup.name, folder).stem
    path = folder / f"campaign-{stem}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.md"
    write_text_atomic(path, chronicle_markdown(campaign))
    return path

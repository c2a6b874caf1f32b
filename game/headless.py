"""Play a whole mission without a screen: computer controllers on every side, the battle log on stdout.

Any mission the game lists can be played (`python main.py missions`): the mission builds its scenario from
the squads and options given, every side is played by a computer controller (NPC sides by their Behaviour),
and the last line is the mission's result (`result: ...`). The same seed gives the same output, always.
"""
from __future__ import annotations

import sys

from game.modes import create_match, mission_entry
from game.modes.session import play

MAX_COMMANDS = 50_000


def build_scenario(mission: str, squad=None, opponent=None, map_name="default", measure="inches",
                   options: dict | None = None, controller: str = "computer"):
    """The scenario of `mission` with these squads (None: the mission's own, or a default squad)."""
    entry = mission_entry(mission)
    return entry.script.make_scenario(entry, squad=squad, opponent=opponent, map_name=map_name, measure=measure,
                                      options=dict(options or {}), controller=controller)


def play_headless(seed: int, mission: str = "first-mission", squad=None, map_name="default", measure="inches",
                  out=None, opponent=None, options: dict | None = None):
    """Plays to the end and returns the finished match. `out`: a writable for the battle log, or None."""
    scenario = build_scenario(mission, squad, opponent, map_name, measure, options)
    match = create_match(scenario, seed)

    def show(events):
        for e in events:
            if e.text:
                out.write(e.text + "\n")

    if out is not None:
        show(match.events)
    play(match, on_events=show if out is not None else None)
    return match


def result_line(match) -> str:
    """The mission's own last line (`result: ...`)."""
    hook = getattr(match.mission, "result_line", None)
    if hook is not None:
        return hook(match)
    r = match.result
    scores = ", ".join(f"{match.side_name(s)} {match.score[s]}" for s in match.sides)
    return f"result: {r.outcome} (turn {r.turn}, MP {scores})"


def main(seed: int, mission: str, squad=None, map_name="default", measure="inches", opponent=None,
         options: dict | None = None) -> int:
    from game.battlefield import MapError
    from game.match.scenario import ScenarioError
    from game.paths import MAPS_DIR
    if map_name not in (None, "default") and not (MAPS_DIR / map_name).is_file():
        known = ", ".join(sorted(p.name for p in MAPS_DIR.glob("*.tmx")))
        print(f"main.py: --map: no map {map_name!r} in maps/ (known: {known}, or 'open')", file=sys.stderr)
        return 2
    try:
        match = play_headless(seed, mission, squad, map_name, measure, out=sys.stdout, opponent=opponent,
                              options=options)
    except (MapError, ScenarioError, ValueError) as e:
        print(f"main.py: {e}", file=sys.stderr)
        return 2
    print(result_line(match))
    match.close()
    return 0


def list_missions(out=sys.stdout) -> int:
    from game.modes import missions
    for e in missions():
        out.write(f"{e.id:32} {e.mode:14} {e.title}\n")
    return 0


# == campaigns ==========================================================================================================
PVP_OPPONENT = "krumpfists"  # the other squad of a PvP campaign when none is given


def campaign_setup(kind: str = "pve", seed: int = 1, squad=None, players: int | None = None,
                   options: dict | None = None, name: str = "", opponent=None):
    """The setup of a campaign played by computer players: the squad shared by `players` people, or co-op mini
    squads (option mini_squads: faction slugs or squad codes, one per person; slugs give the faction's default
    squad cut to the budget), Ironman (option ironman), NPC factions picked per Operation (option factions:
    comma-separated, '' or '-' to roll one). A PvP campaign: the squad and the `opponent`, both played by the
    computer; option missions: the nine PvP missions, comma-separated ('' or '-' to roll one)."""
    from game.campaign import Options, Setup
    from game.content import default_squad, load_catalog
    from game.match.scenario import ScenarioError
    from game.modes.pve.scenario import DEFAULT_SQUAD, resolve_mini_squads
    options = dict(options or {})
    operations: tuple[str, ...] = ()
    if kind.startswith("operation:") or kind.startswith("operations:"):
        operations = tuple(t.strip().upper() for t in kind.partition(":")[2].split(",") if t.strip())
        kind = "operations"
    known = {"pvp": ("ironman", "missions"), "pve": ("factions", "ironman", "mini_squads")}.get(
        kind, ("edition", "ironman", "mini_squads"))
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"unknown campaign option {unknown[0]!r} (known: {', '.join(known)})")
    catalog = load_catalog()
    ironman = str(options.get("ironman", "")).lower() in ("1", "true", "yes", "on")
    if kind == "pvp":
        if players not in (None, 2):
            raise ValueError("a PvP campaign is played by two squads, one person each")
        missions = tuple(None if t.strip() in ("", "-") else t.strip()
                         for t in str(options.get("missions") or "").split(",")) if options.get("missions") else ()
        squads = (squad or default_squad(DEFAULT_SQUAD, catalog), opponent or default_squad(PVP_OPPONENT, catalog))
        opts = Options(people=("Player 1", "Player 2"), ironman=ironman, computer=(0, 1), missions=missions)
        return Setup(kind, seed, name or f"{kind} campaign, seed {seed}", opts, squads)
    if opponent is not None:
        raise ValueError("only a PvP campaign has an opponent squad")
    minis = [t.strip() for t in str(options.get("mini_squads") or "").split(",") if t.strip()]
    if minis:
        if squad is not None:
            raise ValueError("give either a squad or mini squads, not both")
        try:
            squads = tuple(resolve_mini_squads(catalog, minis))
        except ScenarioError as e:
            raise ValueError(str(e)) from None
        people = len(squads)
    else:
        squads = (squad or default_squad(_own_squad(catalog, kind, operations) or DEFAULT_SQUAD, catalog),)
        people = players or 1
    factions = tuple(None if t.strip() in ("", "-") else t.strip()
                     for t in str(options.get("factions") or "").split(",")) if options.get("factions") else ()
    opts = Options(people=tuple(f"Player {i + 1}" for i in range(people)), mini_squads=bool(minis),
                   ironman=ironman, factions=factions, operations=operations,
                   edition=str(options.get("edition") or "").upper())
    title = kind if not operations else f"Operation {', '.join(operations)}"
    return Setup(kind, seed, name or f"{title} campaign, seed {seed}", opts, squads)


def _own_squad(catalog, kind: str, operations: tuple[str, ...]) -> str | None:
    """The squad a book's campaign is written for when none is given: its first Operation's faction's first squad
    (Last Signal: the default squad, a Hegemony one)."""
    if kind != "operations" or not operations:
        return None
    from game.content import squad_slugs
    from game.modes.pve.data import load_pve_data
    op = next((o for o in load_pve_data(catalog).book.operations if o.id == operations[0]), None)
    if op is None:
        return None
    return next((s for s in squad_slugs(catalog) if catalog.squad_type_by_slug(s).faction == op.faction), None)


def play_campaign(setup, out=None, on_mission=None, catalog=None):
    """Plays a whole campaign with computer players on every side, Homebase decisions included
    (game.campaign.policy); returns it. `out`: a writable for the chronicle (and each mission's result line); `on_mission(campaign,
    match)`: called with each finished match before the campaign takes its result (tests check replays there)."""
    from game.campaign import new_campaign, policy
    from game.campaign.model import BRIEFING
    campaign = new_campaign(setup, catalog)
    shown = 0

    def show() -> None:
        nonlocal shown
        if out is not None:
            for e in campaign.events[shown:]:
                if e.text:
                    out.write(e.text + "\n")
        shown = len(campaign.events)

    show()
    while not campaign.over:
        if campaign.stage == BRIEFING and campaign.due():
            policy.act(campaign)
            if campaign.due():
                raise RuntimeError(f"the computer players left a decision open: {campaign.due()[0][1]}")
        elif campaign.stage == BRIEFING:
            match = campaign.start_mission()
            show()
            try:
                play(match)
                if out is not None:
                    out.write(f"Mission {campaign.current.label}: {result_line(match)}\n")
                if on_mission is not None:
                    on_mission(campaign, match)
                campaign.finish_mission(match)
            finally:
                match.close()
        else:
            policy.act(campaign)
        show()
    return campaign


def campaign_main(kind: str, seed: int, squad=None, players: int | None = None, options: dict | None = None,
                  opponent=None) -> int:
    from game.campaign import CampaignError
    from game.content import ContentError
    try:
        setup = campaign_setup(kind, seed, squad, players, options, opponent=opponent)
        campaign = play_campaign(setup, out=sys.stdout)
    except (CampaignError, ContentError, ValueError, KeyError) as e:
        print(f"main.py: --campaign: {e}", file=sys.stderr)
        return 2
    print(campaign.result_line())
    return 0


def list_campaigns(out=sys.stdout, folder=None) -> int:
    """The kinds of campaign, then the campaigns saved in saves/campaigns/ (a damaged one with its reason)."""
    from game.campaign import campaign_kinds
    from game.persistence.campaigns import list_campaign_files
    for k in campaign_kinds():
        if k.id == "operations":  # one Operation, or three as a campaign: operation:ID or operation:ID,ID,ID
            from game.content import load_catalog
            from game.modes.pve.data import load_pve_data
            ids = [o.id for o in load_pve_data(load_catalog()).book.operations]
            out.write(f"{'operation:ID':12} {k.title} (one, or three as operation:ID,ID,ID): {', '.join(ids)}\n")
        else:
            out.write(f"{k.id:12} {k.title}\n")
    files = list_campaign_files(folder)
    if files:
        out.write("\nSaved campaigns:\n")
    for f in files:
        if f.problem:
            out.write(f"  {f.path.name}: cannot be loaded: {f.problem}\n")
        else:
            out.write(f"  {f.path.name}: {f.name} ({f.kind}, {f.where}, MP {f.mp}){' Ironman' if f.ironman else ''}\n")
    return 0

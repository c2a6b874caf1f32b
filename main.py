"""Ruinstars digital edition.

    python main.py                          open the game on the title screen
    python main.py missions                 list every mission id, its mode and title
    python main.py --headless --mission ID --seed 7 [--squad CODE_OR_SLUG] [--opponent CODE_OR_SLUG] [--grid]
    python main.py --headless --campaign pve --seed 7 [--squad CODE_OR_SLUG] [--players K]   a whole campaign
    python main.py --headless --campaign pvp|last-signal|operation:ID --seed 7 [--squad S] [--opponent S (pvp)]
    python main.py campaigns                list the kinds of campaign and the campaigns saved
    python main.py odds --att 4 --skl 5 --arm 4 [--cover] [--melee --attacker-arm 3] [--support N] ...
    python main.py lab --mission first-mission --squads all --games 200 --jobs 2   (the balance lab)
"""
from __future__ import annotations

import argparse
import os
import sys


def _odds_parser(sub) -> None:
    p = sub.add_parser("odds", help="exact odds of an attack, and a Monte Carlo check")
    p.add_argument("--att", type=int, required=True, help="Attack dice (weapon ATT)")
    p.add_argument("--skl", type=int, required=True, help="weapon SKL")
    p.add_argument("--arm", type=int, required=True, help="target ARM")
    p.add_argument("--cover", action="store_true", help="target in Cover (ranged)")
    p.add_argument("--high-ground", action="store_true", help="attacker 4\" or more above the target")
    p.add_argument("--melee", action="store_true", help="a Melee attack (Critical Saves return Damage)")
    p.add_argument("--attacker-arm", type=int, default=None, help="attacker ARM (melee returned Damage)")
    p.add_argument("--support", type=int, default=0, help="attacker's squadmates Adjacent to the target (melee)")
    p.add_argument("--target-support", type=int, default=0, help="target's squadmates Adjacent to it (melee)")
    p.add_argument("--special", action="append", default=[], metavar="CODE",
                   help="weapon special: ACC1, BRU2, RLT, AUT1, RND1, NCV (repeatable)")
    p.add_argument("--hit", type=int, default=None, help="target's remaining HIT (caps the loss)")
    p.add_argument("--attacker-hit", type=int, default=None, help="attacker's remaining HIT (melee)")
    p.add_argument("--samples", type=int, default=200_000, help="Monte Carlo samples (0: none)")
    p.add_argument("--seed", type=int, default=1, help="Monte Carlo seed")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="Ruinstars digital edition")
    p.add_argument("--headless", action="store_true", help="play a whole mission without a screen")
    p.add_argument("--mission", default="first-mission", help="mission id (headless)")
    p.add_argument("--campaign", default=None, metavar="KIND",
                   help="play a whole campaign of this kind: pve, pvp, last-signal, operation:ID (headless; "
                        "`main.py campaigns` lists them)")
    p.add_argument("--seed", type=int, default=None, help="dice seed (headless; default 1)")
    p.add_argument("--squad", default=None, help="a squad code, or a faction slug for its default squad")
    p.add_argument("--opponent", default=None, help="the other squad (PvP): a squad code or a faction slug")
    p.add_argument("--tl", type=int, choices=(1, 2, 3), default=None, help="Threat Level (PvE)")
    p.add_argument("--npc", default=None, help="NPC faction (PvE)")
    p.add_argument("--players", type=int, choices=(1, 2, 3, 4), default=None, help="people sharing the squad")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a mission option")
    p.add_argument("--map", default="default", help="map file in maps/ ('open' for the open table)")
    p.add_argument("--grid", action="store_true", help="play on the 2\" grid instead of inches")
    p.add_argument("--screenshot", default=None, help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command")
    _odds_parser(sub)
    sub.add_parser("missions", help="list every mission id, its mode and title")
    sub.add_parser("campaigns", help="list the kinds of campaign and the campaigns saved in saves/campaigns/")
    from game.lab.cli import add_parser as add_lab_parser
    add_lab_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "odds":
        from game.odds_cli import run_odds
        return run_odds(args)
    if args.command == "missions":
        from game.headless import list_missions
        return list_missions()
    if args.command == "campaigns":
        from game.headless import list_campaigns
        return list_campaigns()
    if args.command == "lab":
        from game.lab.cli import run_lab
        return run_lab(args)
    if args.headless:
        from game.headless import main as headless_main
        from game.squads import resolve_squad_arg
        squads = {}
        for flag in ("squad", "opponent"):
            try:
                squads[flag] = resolve_squad_arg(getattr(args, flag))
            except ValueError as e:
                print(f"main.py: --{flag}: {e}", file=sys.stderr)
                return 2
        options = {}
        for item in args.option:
            key, sep, value = item.partition("=")
            if not sep or not key:
                print(f"main.py: --option: expected KEY=VALUE, got {item!r}", file=sys.stderr)
                return 2
            options[key] = int(value) if value.lstrip("-").isdigit() else value
        if args.campaign is not None:
            from game.headless import campaign_main
            given = [k for k in ("tl", "npc") + (("opponent",) if args.campaign != "pvp" else ())
                     if getattr(args, k) is not None]
            given += ["map"] * (args.map != "default") + ["grid"] * args.grid
            if given:
                print(f"main.py: --{given[0]}: a campaign sets it for each mission itself", file=sys.stderr)
                return 2
            return campaign_main(args.campaign, args.seed if args.seed is not None else 1, squads["squad"],
                                 args.players, options, squads.get("opponent"))
        for key in ("tl", "npc", "players"):
            if getattr(args, key) is not None:
                options[key] = getattr(args, key)
        map_name = None if args.map == "open" else args.map
        return headless_main(args.seed if args.seed is not None else 1, args.mission, squads["squad"], map_name,
                             "grid" if args.grid else "inches", opponent=squads["opponent"], options=options)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.app import run_app
    return run_app(args)


if __name__ == "__main__":
    sys.exit(main())

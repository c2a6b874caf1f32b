"""Which rules a PvE mission plays (R22, R39): the launch edition (E1, the default), the later edition as a
labelled variant (option `edition` = "e2"), or a scripted mission (option `scripted` = "last-signal-2.2", or
`operation` = "HEG-SWM-01,2"), which always plays the later edition.

`parse_into` checks these options and the later edition's own picks (objectives "C2,D1", a battlefield of its
table, a deployment "hot-drop" or with the squad's letter "hot-drop-b"); a scripted mission fixes its enemy,
Threat Level (an Operation's may be picked: its place in a campaign) and battlefield, and they are written into
the options so the scenario says them. `view` is the PvE data as the mission plays it: the later edition's
objectives, battlefields and deployments (each with the squad as A or as B) in place of the launch tables.
"""
from __future__ import annotations

from dataclasses import replace

from game.match.scenario import ScenarioError

OPTIONS = ("edition", "scripted", "operation")
EDITIONS = ("e1", "e2")


def wants_variant(options: dict) -> bool:
    return str(options.get("edition") or "e1").strip().lower() != "e1" or \
        any(options.get(k) not in (None, "") for k in ("scripted", "operation"))


def _given(options: dict, key: str) -> bool:
    return options.get(key) not in (None, "")


def parse_into(options: dict, data, out: dict) -> None:
    """The variant's options (see the module), checked, into `out` (which holds tl and npc already)."""
    edition = str(options.get("edition") or "e2").strip().lower()
    picked = [k for k in ("scripted", "operation") if _given(options, k)]
    if edition not in EDITIONS:
        raise ScenarioError(f"PvE option 'edition': e1 (the launch edition, the default) or e2 (the later edition), "
                            f"not {options['edition']!r}")
    if picked and edition != "e2":
        raise ScenarioError(f"PvE option {picked[0]!r}: scripted missions play the later edition (e2), not e1")
    if len(picked) > 1:
        raise ScenarioError("PvE: name one scripted mission: 'scripted' or 'operation', not both")
    out["edition"] = "e2"
    if options.get("first_mission") in (True, 1, "1", "true", "yes", "on"):
        raise ScenarioError("PvE option 'first_mission': the first mission is the launch edition's (leave out "
                            "'edition')")
    if picked:
        _scripted(options, data, out, picked[0])
    else:
        _picks(options, data, out)


def _scripted(options: dict, data, out: dict, option: str) -> None:
    try:
        m = data.book.find(option, options[option], data.e2, data.numbers["area_radius"])
    except KeyError as e:
        raise ScenarioError(f"PvE option {option!r}: {e.args[0]}") from None
    out[option] = m.key
    for key in ("objectives", "deployment"):
        if _given(options, key):
            raise ScenarioError(f"PvE option {key!r}: {m.heading} fixes its {key}; leave it out")
    if _given(options, "battlefield") and str(options["battlefield"]).strip().lower() != m.battlefield:
        name = next(b.name for b in data.e2.battlefields if b.id == m.battlefield)
        raise ScenarioError(f"PvE option 'battlefield': {m.heading} is played on {name}")
    if "npc" in out and out["npc"] != m.npc:
        raise ScenarioError(f"PvE option 'npc': {m.heading} is fought against {data.faction(m.npc).name}")
    if m.tl_fixed and out.get("tl", m.tl) != m.tl:
        raise ScenarioError(f"PvE option 'tl': {m.heading} is Threat Level {m.tl}")
    out["npc"] = m.npc
    out["battlefield"] = m.battlefield
    out.setdefault("tl", m.tl)


def _pick(rows, value, what: str):
    text = str(value).strip().lower()
    for r in rows:
        if text in (r.id.lower(), r.name.lower(), str(getattr(r, "roll", ""))):
            return r
    known = ", ".join(f"{r.id} ({r.roll})" if hasattr(r, "roll") else r.id for r in rows)
    raise ScenarioError(f"PvE option {what!r} (later edition): unknown {what} {value!r} (known: {known})")


def _picks(options: dict, data, out: dict) -> None:
    e2 = data.e2
    if _given(options, "objectives"):
        raw = options["objectives"]
        items = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
        objs = [_pick(e2.objectives, x, "objectives") for x in items if str(x).strip()]
        if len(objs) != 2 or objs[0].archetype == objs[1].archetype:
            raise ScenarioError("PvE option 'objectives' (later edition): name two objectives of different "
                                "archetypes, e.g. C2,A3 (Control C1-C3, Activate A1-A3, Destroy D1-D3)")
        out["objectives"] = ",".join(o.id for o in objs)
    if _given(options, "battlefield"):
        out["battlefield"] = _pick(e2.battlefields, options["battlefield"], "battlefield").id
    if _given(options, "deployment"):
        text = str(options["deployment"]).strip().lower()
        row, letter = text, ""
        if text[-2:] in ("-a", "-b"):
            row, letter = text[:-2], text[-1]
        out["deployment"] = _pick(e2.deployments, row, "deployment").id + (f"-{letter}" if letter else "")


def scripted_mission(data, opts: dict):
    """The scripted mission the (parsed) options name, or None."""
    for option in ("scripted", "operation"):
        if opts.get(option):
            return data.book.find(option, opts[option], data.e2, data.numbers["area_radius"])
    return None


def view(data, opts: dict):
    """The PvE data as this mission plays it (the launch data itself for E1)."""
    if opts.get("edition") != "e2":
        return data
    e2 = data.e2
    within = data.numbers["area_radius"]
    deployments = tuple(d.as_squad(letter, within) for d in e2.deployments for letter in ("A", "B"))
    m = scripted_mission(data, opts)
    if m is not None and m.deployment.id not in {d.id for d in deployments}:
        deployments += (m.deployment,)
    return replace(data, edition="e2", objectives=e2.objectives + data.book.objectives, battlefields=e2.battlefields,
                   deployments=deployments, numbers={**data.numbers, **e2.numbers})


def default_squad_slug(catalog, data, opts: dict) -> str | None:
    """The squad a scripted mission is written for, when none is given: the first squad of its faction."""
    m = scripted_mission(data, opts)
    if m is None:
        return None
    from game.content import squad_slugs
    return next((s for s in squad_slugs(catalog) if catalog.squad_type_by_slug(s).faction == m.faction), None)


def label(data, opts: dict) -> str:
    """Which rules the mission plays, in words, for the briefing, the objective panel and the log."""
    if opts.get("edition") != "e2":
        return "Launch edition (E1)"
    return data.e2.name

"""Turning a --squad argument (a squad code, or a faction slug for its default squad) into a squad."""
from __future__ import annotations

from game.content import default_squad, load_catalog, squad_slugs
from game.rules.squad import validate_squad


def resolve_squad_arg(text: str | None):
    """None -> None (the mission's own squad). Raises ValueError with a message a player understands."""
    if text is None:
        return None
    catalog = load_catalog()
    if text in squad_slugs(catalog):
        spec = default_squad(text, catalog)
    else:
        from game.content.squad_code import SquadCodeError, decode
        try:
            spec = decode(text, catalog)
        except SquadCodeError as e:
            raise ValueError(f"{text!r} is neither a faction ({', '.join(squad_slugs(catalog))}) nor a valid "
                             f"squad code: {e}") from None
    problems = validate_squad(catalog, spec)
    if problems:
        raise ValueError("the squad is not valid: " + " ".join(problems))
    return spec

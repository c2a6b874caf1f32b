"""N2's dice look-ahead as it was first written (game/match/outcomes.py at 9f42e2e), kept whole as the reference a
faster `Match._choice_matters` is compared with: every answer to the dice question is run on a full copy of the
resolution to the end of what it does, and compared with accepting. Only the tests read it."""
from __future__ import annotations

from fractions import Fraction

from game.match import commands as C
from game.match.outcomes import _STAGE_KINDS, NextStep, Outcome, _face_kinds, _Faces, _NeedFace, _Probe, _Stop
from game.rules import records as R
from game.rules.combat import DRAIN, Accept, Convert, Reroll, RollAuto


def choice_matters(m, p) -> bool:
    """Whether some answer to dice question `p` (the decision the match's attack waits on) changes what happens."""
    return matters(m, m.state.attack.resolution, p, 0)


def _answer_effects(m, res, p, cmd, depth) -> tuple:
    action = m._dice_action(p, cmd)
    to_left = m._to_left(p, cmd)
    out = []
    todo = _face_kinds(res.decision, action) if isinstance(action, (Reroll, RollAuto)) else [((), Fraction(1))]
    while todo:
        faces, chance = todo.pop()
        try:
            out.append((chance, run(m, res, action, faces, to_left, depth)))
        except _NeedFace:
            todo += [(faces + (f,), chance / 6) for f in range(6, 0, -1)]
    return tuple(out)


def _effects(chances) -> dict:
    out: dict = {}
    for p, o in chances:
        out[o.effect] = out.get(o.effect, 0) + p
    return out


def matters(m, res, p, depth: int) -> bool:
    cmds = m._prompt_commands(p)
    if len(cmds) < 2:
        return False
    accept = next((c for c in cmds if isinstance(c, C.AcceptDice)), None)
    if accept is None:
        accept = next(c for c in cmds if isinstance(c, C.ChooseNumber) and c.n == 0)
    chances = _answer_effects(m, res, p, accept, depth)
    if len(chances) != 1:  # (as first written: accepting never rolls, so this is never taken)
        whole = _effects(chances)
        return any(_effects(_answer_effects(m, res, p, c, depth)) != whole for c in cmds if c is not accept)
    base = chances[0][1]
    seen: set = set()
    rolling = []
    for c in cmds:
        if c is accept:
            continue
        if isinstance(c, (C.RerollDie, C.RollAutoDie)):
            key = (type(c).__name__, c.index)
            if key not in seen:
                seen.add(key)
                rolling.append(c)
            continue
        (only,) = _answer_effects(m, res, p, c, depth)
        if only[1].effect != base.effect:
            return True
    for c in rolling:
        action = m._dice_action(p, c)
        to_left = m._to_left(p, c)
        for faces, _ in _face_kinds(res.decision, action):
            if run(m, res, action, faces, to_left, depth).effect != base.effect:
                return True
    return False


def run(m, res, action, faces, to_left: int, depth: int):
    from game.match.prompts import Prompt
    probe = _full_fork(res, _Faces(faces))
    probe.strike_tallies = []
    probe.save_tallies = []
    d0 = res.decision
    start = len(probe.log)
    dice = d0.dice
    nxt = None
    try:
        probe.act(action)
        if not isinstance(action, (Accept, Convert)):
            dice = probe.decision.dice
            probe.act(Accept())
        while not probe.done:
            d = probe.decision
            side = m.side_of(d.uid)
            if m._has_options(side, d, to_left):
                kind = _STAGE_KINDS.get(d.stage, "dice")
                amount = d.free[0][1] if kind in ("life_drain", "shield") else len(d.dice)
                asked = Prompt(kind, side, "", decision=d, options=(amount,) if kind in ("life_drain", "shield")
                               else ())
                if depth + 1 >= m.MAX_DEPTH or matters(m, probe, asked, depth + 1):
                    nxt = NextStep(kind, d.uid, amount)
                    break
            probe.act(Accept())
    except _Stop as stop:
        nxt = stop.step
    return outcome(res, probe, start, dice, nxt, d0.stage)


def _full_fork(res, dice):
    """A copy of every field of the resolution (its log too), of the look-ahead's class."""
    from dataclasses import fields

    from game.rules.combat import AttackResolution, _Chain
    out = object.__new__(_Probe)
    for f in fields(AttackResolution):
        v = getattr(res, f.name)
        if isinstance(v, (dict, set, list)):
            v = v.copy()
        setattr(out, f.name, v)
    out.dice = dice
    out._chain = [_Chain(c.uid, c.source, c.damage) for c in res._chain]
    return out


def outcome(res, probe, start: int, dice, nxt, stage: str) -> Outcome:
    new = probe.log[start:]
    lost = {u: probe.lost.get(u, 0) - res.lost.get(u, 0) for u in probe.lost}
    if nxt is not None and nxt.kind == "protect":
        lost[nxt.uid] = lost.get(nxt.uid, 0) + min(nxt.amount, probe.hit_left.get(nxt.uid, 0))
    healed = {u: probe.healed.get(u, 0) - res.healed.get(u, 0) for u in probe.healed}
    returned: dict[int, int] = {}
    drained = 0
    for r in new:
        if isinstance(r, R.DamageReturned):
            returned[r.to_uid] = returned.get(r.to_uid, 0) + r.amount
        elif isinstance(r, R.LifeDrained):
            drained += r.criticals
    out_now = tuple(sorted(u for u, left in probe.hit_left.items() if left <= 0 < res.hit_left.get(u, 0)))
    strikes = probe.strike_tallies[-1] if probe.strike_tallies else None
    return Outcome(dice=tuple(dice), strikes=strikes, saves=tuple(probe.save_tallies),
                   lost=tuple(sorted((u, n) for u, n in lost.items() if n)),
                   healed=tuple(sorted((u, n) for u, n in healed.items() if n)), drained=drained,
                   damage=probe._strike_damage if strikes is not None or stage == DRAIN else None,
                   returned=tuple(sorted(returned.items())), taken_out=out_now, next=nxt)

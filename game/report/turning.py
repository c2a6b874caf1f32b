"""Turning points: the attacks whose dice swung the battle most, and the units Taken Out, from the typed events.

For each attack the expected outcome is priced exactly (game.rules.odds.exact_odds) on the setup the records
give: the Attack dice rolled and the SKL they were rolled against, automatic Strikes, the weapon's ACC, BRU,
Relentless and Rending from the attacker's card, each target's ARM (as it saved, else its card's) and the HIT
every unit had left when the attack began. What the records cannot tell (Cover, Support, Tactical Orders) is
not priced: the odds are those of the dice and the weapon, re-rolling failed dice with the weapon's own
re-rolls. The swing of an attack is what it did against that expectation, from the attacker's side:
(HIT dealt - expected) - (HIT the attacker lost - expected, in melee).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.match import events as E
from game.rules.odds import AttackSetup, exact_odds


@dataclass(frozen=True, slots=True)
class AttackSwing:
    index: int  # the attack's place in the battle (0 first)
    turn: int
    attacker: int
    attacker_name: str
    side: str | None
    weapon: str
    targets: tuple[int, ...]
    target_names: tuple[str, ...]
    melee: bool
    expected_dealt: float  # HIT the targets were expected to lose
    dealt: int  # HIT they lost
    expected_taken: float  # melee: HIT the attacker was expected to lose to returned Damage
    taken: int
    p_taken_out: float | None  # the chance the (one) target would be Taken Out; None for several or unknown
    taken_out: tuple[str, ...]  # names of the units this attack Took Out

    @property
    def swing(self) -> float:
        """How much better (+) or worse (-) the attack went for the attacker than the dice promised, in HIT."""
        return (self.dealt - self.expected_dealt) - (self.taken - self.expected_taken)

    def describe(self) -> str:
        """The attack in words for a player: who, what was expected, what happened."""
        who = ", ".join(self.target_names) or "nobody"
        line = (f"Turn {self.turn}: {self.attacker_name} attacks {who} with {self.weapon}: expected "
                f"{self.expected_dealt:.1f} HIT, dealt {self.dealt}")
        if self.melee and (self.taken or self.expected_taken >= 0.05):
            line += f"; lost {self.taken} in return (expected {self.expected_taken:.1f})"
        if self.taken_out:
            chance = f", {_a_chance(self.p_taken_out)}" if self.p_taken_out is not None and \
                len(self.targets) == 1 and self.taken_out == self.target_names else ""
            line += f" - {', '.join(self.taken_out)} Taken Out{chance}"
        return line


@dataclass(frozen=True, slots=True)
class TakenOutLine:
    turn: int
    uid: int
    name: str
    side: str | None
    item: bool
    by: str | None  # the unit whose Damage did it, when one did


def _a_chance(p: float) -> str:
    """ "a 34% chance", "an 8% chance", "a chance under 1%" (read aloud: the article goes with the number)."""
    words = _pct(p)
    if words.startswith(("under", "over")):
        return f"a chance {words}"
    return f"{'an' if words[0] == '8' or words in ('11%', '18%') else 'a'} {words} chance"


def _pct(p: float) -> str:
    v = 100 * p
    if v < 1 and v > 0:
        return "under 1%"
    if v > 99 and v < 100:
        return "over 99%"
    return f"{v:.0f}%"


class _Attack:
    __slots__ = ("attacker", "weapon", "targets", "melee", "rolls", "hit_before", "arms", "turn")

    def __init__(self, attacker, weapon, targets, melee, hit_before, turn) -> None:
        self.attacker = attacker
        self.weapon = weapon
        self.targets = tuple(targets)
        self.melee = melee
        self.rolls: list[E.AttackRolled] = []
        self.hit_before = hit_before
        self.arms: dict[int, int] = {}  # ARM each unit saved with in this attack
        self.turn = turn


def attack_swings(facts) -> list[AttackSwing]:
    """Every attack of the battle with its expected and actual outcome, in order."""
    units = facts.units
    hit = {uid: u.max_hit for uid, u in units.items()}
    out: list[AttackSwing] = []
    turn = 0
    cur: _Attack | None = None
    last_lost: dict[int, int] = {}  # HIT lost in the attack that just ended (a Taken Out after it is its doing)
    for e in facts.events:
        if isinstance(e, E.TurnStarted):
            turn = e.turn
        elif isinstance(e, E.AttackDeclared):
            cur = _Attack(e.attacker, e.weapon, e.targets, e.melee, dict(hit), turn)
        elif isinstance(e, E.AttackRolled):
            if cur is None:  # records read from the middle of an attack
                cur = _Attack(e.attacker, e.weapon, tuple(t for t, _ in e.targets), False, dict(hit), turn)
            cur.rolls.append(e)
        elif isinstance(e, E.SavesRolled):
            if cur is not None:
                cur.arms.setdefault(e.uid, e.stat)
        elif isinstance(e, (E.DamageTaken, E.HitLost)):
            if e.uid in hit:
                hit[e.uid] = max(0, hit[e.uid] - e.amount)
        elif isinstance(e, (E.Healed, E.Revived)):
            hit[e.uid] = e.hit
        elif isinstance(e, E.LifeDrained):
            if e.uid in units:
                hit[e.uid] = min(units[e.uid].max_hit, hit[e.uid] + e.healed)
        elif isinstance(e, E.AttackEnded):
            last_lost = {}
            if cur is not None and cur.rolls:
                out.append(_swing(facts, cur, e, len(out)))
                last_lost = dict(e.lost)
            cur = None
        elif isinstance(e, E.TakenOut) and out and last_lost.get(e.uid, 0) > 0:
            out[-1] = replace(out[-1], taken_out=out[-1].taken_out + (e.name,))
            last_lost.pop(e.uid)
        if isinstance(e, (E.AttackDeclared, E.ActivationStarted, E.TurnStarted)):
            last_lost = {}
    return out


def _swing(facts, a: _Attack, end: E.AttackEnded, index: int) -> AttackSwing:
    units = facts.units
    attacker = units.get(a.attacker)
    weapon = attacker.weapon(a.weapon) if attacker is not None else None
    lost = dict(end.lost)
    exp_dealt = exp_taken = 0.0
    p_out = None
    targets: list[int] = []
    for roll in a.rolls:
        dice = roll.dice
        aut = sum(1 for d in dice if d.auto)
        for tuid, _ in roll.targets:
            if tuid not in targets:
                targets.append(tuid)
            t = units.get(tuid)
            arm = a.arms.get(tuid, t.arm if t is not None else None)
            if arm is None:
                continue
            att_arm = a.arms.get(a.attacker, attacker.arm if attacker is not None else 0) if a.melee else None
            setup = AttackSetup(
                att=len(dice), skl=roll.stat, arm=arm, melee=a.melee, attacker_arm=att_arm,
                acc=0 if a.melee or weapon is None else weapon.acc, bru=weapon.bru if a.melee and weapon else 0,
                rlt=bool(weapon and weapon.rlt), aut=aut, rnd=weapon.rnd if weapon else 0,
                target_hit=max(0, a.hit_before.get(tuid, t.max_hit if t else 0)),
                attacker_hit=max(0, a.hit_before.get(a.attacker, attacker.max_hit)) if a.melee and attacker else None)
            odds = exact_odds(setup)
            exp_dealt += odds.expected_target_loss
            exp_taken += odds.expected_attacker_loss
            p_out = odds.p_taken_out
    if len(targets) != 1:
        p_out = None
    dealt = sum(n for uid, n in lost.items() if uid in targets)
    taken = lost.get(a.attacker, 0) if a.attacker not in targets else 0
    name = attacker.name if attacker is not None else a.rolls[0].attacker_name
    return AttackSwing(index, a.turn, a.attacker, name, attacker.side if attacker else None,
                       a.rolls[0].weapon or a.weapon, tuple(targets), tuple(facts.name_of(t) for t in targets),
                       a.melee, exp_dealt, dealt, exp_taken if a.melee else 0.0, taken, p_out, ())


def turning_points(facts, n: int = 5, swings: list[AttackSwing] | None = None) -> list[AttackSwing]:
    """The `n` attacks that swung furthest from their expected outcome (either way), biggest first."""
    swings = attack_swings(facts) if swings is None else swings
    ranked = sorted(swings, key=lambda s: (-abs(s.swing), s.index))
    return [s for s in ranked[:n] if abs(s.swing) >= 0.05]


def taken_out(facts) -> list[TakenOutLine]:
    """Every unit and item Taken Out, in order, with the Turn and (when Damage did it) by whom."""
    turn = 0
    by: dict[int, int | None] = {}
    out = []
    for e in facts.events:
        if isinstance(e, E.TurnStarted):
            turn = e.turn
        elif isinstance(e, (E.DamageTaken, E.HitLost)) and (getattr(e, "taken_out", False) or e.amount > 0):
            by[e.uid] = e.source
        elif isinstance(e, E.TakenOut):
            src = by.get(e.uid)
            who = facts.name_of(src) if src is not None and src != e.uid else None
            out.append(TakenOutLine(turn, e.uid, e.name, facts.side_of(e.uid), e.item, who))
    return out

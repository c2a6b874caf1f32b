"""The words of a dice question: what accepting now does and what each answer would change, worded from the
match's own look-ahead (`match.answer_outcomes`: each answer resolved on a copy of the attack). Nothing here
counts a die; the panel (prompt_dice.py) lays these words out.

    dice_question(match, side, selected) -> Question (Attack dice, Armor Saves, returned Damage, Parry)
    number_question(match, side) -> Question (Life Drain, Shield: how many)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game.match import commands as C
from game.rules.records import SOURCE_NAMES as RULE_SOURCES

from .wording import command_text, count, percent

SOURCE_NAMES = {**RULE_SOURCES, "TO": "Tactical Order", "RLT": "Relentless", "ACC": "Accurate", "BRU": "Brutal",
                "support": "Support", "cover": "Cover", "shield": "Shield", "PAR": "Parry", "fate": "Fate Shift"}


@dataclass
class Question:
    header: str = ""
    sub: str = ""
    summary: str = ""  # what accepting now does ("" when the question has no Accept)
    items: list = field(default_factory=list)  # (button label, what it would change, command)
    default: C.Command | None = None  # the answer Enter gives
    empty: str = ""  # said when the selected die has no option


def name(match, uid) -> str:
    try:
        return match.unit(uid).name
    except Exception:
        return "a unit"


def chance(p: Fraction) -> str:
    """An exact chance as players say it: "1 in 6", "5 in 36", else a percentage."""
    p = Fraction(p)
    if p == 1:
        return "certainly"
    for den in (6, 36, 216):
        if (p * den).denominator == 1:
            return f"{p * den} in {den}"
    return percent(float(p))


# == one outcome in words ==================================================================================
def strikes_words(o) -> str:
    """"3 Strikes (2 Critical, 1 Rending) = 6 Damage"."""
    t = o.strikes
    bits = []
    if t.criticals:
        bits.append(f"{t.criticals} Critical")
    if t.rending:
        bits.append(f"{t.rending} Rending for 3")
    if t.automatic:
        bits.append(f"{t.automatic} automatic")
    head = count(t.strikes, "Strike") + (f" ({', '.join(bits)})" if bits else "")
    return f"{head} = {t.damage} Damage"


def saves_words(o, ranged: bool) -> str:
    """"3 saves (1 Critical, counting double) + 1 automatic (Stealthy)"."""
    if not o.saves:
        return ""
    t = o.saves[-1][1]
    head = count(t.saved, "save")
    if t.criticals:
        head += f" ({t.criticals} Critical" + (", counting double" if t.doubled and ranged else "") + ")"
    if t.automatic:
        head += f" + {t.automatic} automatic (Stealthy)"
    return head


def loss_words(match, o, uid, you: bool = True) -> str:
    """"lose 2 HIT, Taken Out" for the unit answering (or "Name loses ...")."""
    n = o.lost_by(uid)
    verb = "lose" if you else f"{name(match, uid)} loses"
    out = f"{verb} {n} HIT"
    nxt = o.next
    if nxt is not None and nxt.kind == "protect" and nxt.uid == uid:
        out += " unless Protect keeps them (a 1-2 on a die each)"
    elif uid in o.taken_out:
        out += ": Taken Out"
    return out


def returned_words(match, o) -> str:
    """"returns 1 Damage" (Critical Saves return it to the other unit of the fight, R4)."""
    n = sum(k for _, k in o.returned)
    return f"returns {n} Damage" if n else ""


def _save_dice(n: int) -> str:
    """ "1 save die", "4 save dice" (one per Damage: "saves 4" read as all four saved)."""
    return f"{n} save {'die' if n == 1 else 'dice'}"


def next_words(match, o) -> str:
    n = o.next
    if n is None:
        return ""
    who = name(match, n.uid)
    if n.kind == "save":
        return f"then {who} rolls {_save_dice(n.amount)}"
    if n.kind == "return_save":
        return f"then {who} rolls {_save_dice(n.amount)} against the returned Damage"
    if n.kind == "parry":
        return f"then {who} may Parry"
    if n.kind == "life_drain":
        return f"then Life Drain: up to {n.amount} Critical Strikes may heal {who}"
    if n.kind == "shield":
        return f"then Shield: up to {count(n.amount, 'Critical Save')} may count as two saves"
    if n.kind == "attack":
        return f"then the next attack roll ({count(n.amount, 'die')})"
    return ""


def outcome_words(match, o, uid: int, ranged: bool, full: bool = True) -> str:
    """One outcome of the question about `uid`'s dice. `full`: with how the dice count (the summary); else only
    what changes in the game (an option's line)."""
    if o.strikes is not None:
        out = strikes_words(o) if full else f"{o.damage} Damage"
        if o.drained:
            out += f", {count(o.drained, 'Critical Strike')} drained (heal {o.healed_by(uid)} HIT)"
        nxt = next_words(match, o)
        if nxt and full:
            out += f"; {nxt}"
        return out
    if o.saves:
        uid = o.saves[0][0]
        head = saves_words(o, ranged)
        t = o.saves[0][1]
        if o.next is not None and o.next.kind == "shield":
            body = (f"lose {t.lost} HIT and return {t.returned} Damage, or count up to "
                    f"{count(o.next.amount, 'Critical Save')} as two saves (Shield)")
        else:
            body = loss_words(match, o, uid)
            ret = returned_words(match, o)
            if ret:
                body += f"; {ret}"
        if full:
            return f"{head}: {body}"
        return body
    return "nothing changes"


def chances_words(match, ao, uid: int, ranged: bool, now) -> str:
    """An answer's outcomes, likeliest first: "1 in 2: lose 2 HIT (as now); 1 in 3: lose 1 HIT"."""
    parts = []
    for p, o in ao.by_effect():
        w = outcome_words(match, o, uid, ranged, full=False)
        if now is not None and o.effect == now.effect:
            w += " (as now)"
        parts.append(w if p == 1 else f"{chance(p)}: {w}")
    return "; ".join(parts)


# == the questions ===========================================================================================
def dice_question(match, side: str, selected: int) -> Question:
    """Attack dice, Armor Saves, saves of returned Damage, and Parry: the words of the panel for die `selected`."""
    p = match.prompt
    d = p.decision
    q = Question()
    who = name(match, d.uid)
    now_attack = match.attack_now()
    ranged = now_attack is not None and now_attack.ranged
    outcomes = match.answer_outcomes(side, index=selected)
    accept = next((ao for ao in outcomes if isinstance(ao.command, C.AcceptDice)), None)
    now = accept.certain if accept is not None else None
    n = len(d.dice)
    if p.kind == "parry":
        an = name(match, now_attack.attacker) if now_attack is not None else "the attacker"
        q.header = f"Parry: {who} may make {an} re-roll one Strike ({n} dice vs SKL {d.stat})"
        q.sub = "Pick one of the dice that hit (click or 1-9), then Parry it: the attacker re-rolls it once. " \
                "Accept: no Parry."
        q.empty = "A die that missed: nothing to Parry."
    else:
        if d.stage == "attack":
            q.header = f"{who}'s Attack dice: {n} vs SKL {d.stat}"
        elif d.stage == "save":
            q.header = f"{who}'s Armor Saves: {n} vs ARM {d.stat}"
        else:
            q.header = f"Returned Damage: {who} saves {n} vs ARM {d.stat}"
        free = ", ".join(f"{SOURCE_NAMES.get(src, src)} x{k}" for src, k in d.free if k > 0)
        q.sub = (f"Free re-rolls: {free}.  " if free else "") + f"Tactical Orders left: {match.to.get(side, 0)}.  " \
            + ("These dice may not be re-rolled.  " if d.no_reroll else "") \
            + "Pick a die (click or 1-9), then an option; Accept when done."
        q.empty = "No option for this die: it cannot get better, or it was re-rolled already, or no TO is left."
    if now is not None:
        q.summary = outcome_words(match, now, d.uid, ranged)
        if p.kind == "parry":
            q.summary += " against you"
        q.default = accept.command
    for ao in outcomes:
        c = ao.command
        if getattr(c, "index", None) != selected:
            continue
        what = chances_words(match, ao, d.uid, ranged, now)
        if p.kind == "parry":
            q.items.append(("Parry this die", f"the attacker re-rolls it: {what}", c))
        elif isinstance(c, C.RerollDie):
            src = SOURCE_NAMES.get(c.source, c.source)
            label = "Re-roll (1 TO)" if c.source == "TO" else f"Re-roll ({src}, free)"
            q.items.append((label, what, c))
        elif isinstance(c, C.ChangeDie):
            o = ao.certain
            die = d.dice[c.index]
            new = o.dice[c.index] if o is not None else die
            q.items.append((f"{'+1' if c.delta > 0 else '-1'} (1 TO)", f"{die.value} becomes {new.value}: {what}", c))
        elif isinstance(c, C.RollAutoDie):
            q.items.append(("Roll it", f"instead of 1 sure Damage: {what}", c))
        else:
            q.items.append((command_text(match, c, side), what, c))
    return q


def number_question(match, side: str) -> Question:
    """Life Drain and Shield: how many, each count with what it does."""
    p = match.prompt
    d = p.decision
    top = p.options[0] if p.options else 0
    who = name(match, d.uid) if d is not None else ""
    q = Question()
    outcomes = [ao for ao in match.answer_outcomes(side) if isinstance(ao.command, C.ChooseNumber)]
    if p.kind == "life_drain":
        q.header = f"Life Drain: how many Critical Strikes heal {who} instead of dealing Damage?"
        q.sub = f"Each one heals 1 HIT and deals its Damage no more (up to {top})."
        for ao in outcomes:
            o, n = ao.certain, ao.command.n
            label = "Keep all the Damage" if n == 0 else f"Drain {n}"
            what = f"heal {o.healed_by(d.uid)} HIT, deal {o.damage} Damage" if o is not None else ""
            q.items.append((label, what, ao.command))
        q.default = next((ao.command for ao in outcomes if ao.command.n == 0), None)
    else:
        q.header = f"Shield: how many of {who}'s Critical Saves count as two saves?"
        q.sub = "Counted as two saves, a Critical Save blocks 2 Damage but returns no Damage to the attacker."
        for ao in outcomes:
            o, n = ao.certain, ao.command.n
            label = "No Shield" if n == 0 else f"Shield {n}"
            what = ""
            if o is not None:
                what = f"lose {o.lost_by(d.uid)} HIT, return {sum(k for _, k in o.returned)} Damage to the attacker"
                if d.uid in o.taken_out:
                    what += " (Taken Out)"
            q.items.append((label, what, ao.command))
        q.default = next((ao.command for ao in outcomes if ao.command.n == top), None)
    if q.default is not None:
        q.items = [(lab + (" (Enter)" if c == q.default else ""), what, c) for lab, what, c in q.items]
    return q


# == the other questions: an attack an answer makes, Fate Shift, a mission's roll ===============================
def attack_odds_words(a, against: str = "") -> str:
    """"ATT 3, SKL 4 against Raider: 58% to hurt" for an AttackAnswer (its spec and exact odds)."""
    if a is None or a.spec is None:
        return "no Attack dice left to roll"
    out = f"ATT {a.spec.att}, SKL {a.spec.skl}" + (f" against {against}" if against else "")
    if a.odds is not None:
        out += f": {percent(a.odds.p_any)} to hurt"
        if a.odds.p_taken_out:
            out += f", {percent(a.odds.p_taken_out)} to take it out"
    return out


def attack_answer_words(match, p, a) -> tuple[str, str]:
    """(label, what it would do) for an answer that makes an attack (aoo, blunt, counter, devoted)."""
    c = a.command
    if isinstance(c, C.ChooseAttackOfOpportunity):
        if c.uid is None:
            return "No attack", "let it leave"
        w = match.unit(c.uid).card.weapon(c.weapon)
        return f"{name(match, c.uid)}: {w.name}", f"a free Melee attack, {attack_odds_words(a)}"
    if isinstance(c, C.Blunt):
        if c.dice == 0:
            return "Take it (no blunting)", f"the move goes on in full; {attack_odds_words(a)}"
        return (f"Blunt {count(c.dice, 'die')} (-{a.inches:g}\")",
                f"{a.inches:g}\" less to move; {attack_odds_words(a)}")
    if isinstance(c, C.ChooseWeapon):
        if c.weapon is None:
            return "No Counter", "the attack ends here"
        w = match.unit(a.attacker).card.weapon(c.weapon)
        return f"Counter: {w.name}", attack_odds_words(a, name(match, a.target))
    if isinstance(c, C.ChooseUnit) and p.kind == "devoted":
        if c.uid is None:
            return "No, keep the target", f"{name(match, p.target)} stays the target: {attack_odds_words(a)}"
        t = a.spec.groups[0][1][0] if a.spec is not None else None
        h = match.health(c.uid)
        arm = f", ARM {t.arm}" if t is not None else ""
        return (f"{name(match, c.uid)} takes it",
                f"becomes the target instead (HIT {h.hit}/{h.max_hit}{arm}): {attack_odds_words(a)}")
    return command_text(match, c, getattr(c, "side", None)), ""


def fate_words(a) -> tuple[str, str]:
    """(label, what it brings) for a Fate Shift answer (RollAnswer: the TO the side will have)."""
    c = a.command
    if a.certain is not None and not isinstance(c, C.RerollDie):
        return f"Keep {a.certain[0]} TO", "no re-roll"
    parts = [f"{chance(pr)}: {n} TO" for pr, n, _ in a.chances]
    return f"Re-roll die {c.index + 1}", "; ".join(parts)


def mission_die_words(p, a) -> tuple[str, str]:
    """(label, what it brings) for an answer to a mission's roll: the new value, and what it means when the
    mission says (the prompt's `meaning`: "Overrun -> Scrambled Comms")."""
    c = a.command
    means = dict(p.meaning)

    def value(v):
        return f"{v} ({means[v]})" if v in means else str(v)
    if isinstance(c, C.AcceptDice):
        return "Accept (Enter)", "keep the dice as they are: " + ", ".join(value(x.value) for x in p.decision.dice)
    die = p.decision.dice[c.index]
    if isinstance(c, C.ChangeDie):
        v = a.certain[0]
        if die.value in means and v in means:
            return f"{'+1' if c.delta > 0 else '-1'} (1 TO)", f"{means[die.value]} -> {means[v]} ({die.value} " \
                f"becomes {v})"
        return f"{'+1' if c.delta > 0 else '-1'} (1 TO)", f"{die.value} becomes {v}"
    if not means:
        return "Re-roll (1 TO)", f"roll this {die.value} again: 1 to 6 (once per die)"
    parts = [f"{chance(pr)}: {means.get(f, f)}" for pr, f, _ in a.chances]
    return "Re-roll (1 TO)", "; ".join(parts) + " (once per die)"

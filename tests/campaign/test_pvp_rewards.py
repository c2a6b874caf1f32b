"""Each Campaign Reward that acts by a rule the mission plays or by gear it lends (issue 20's fifteen), in a PvP
campaign: the squad that takes it after one mission has it in the next mission, for the unit it gave it to, and not
in the mission after. What each rule does on the table is tested with scripted dice in
tests/modes/pvp/test_pvp_rewards.py; the gear's skills in tests/match/test_skills.py."""
import pytest

from game.campaign import decisions as D
from game.modes import create_match
from game.modes.pvp.book import definition
from game.modes.pvp.rewards import parse

from .test_pvp import give_rewards, pvp

# reward -> (the mission that gives it, what it is in the next mission: a named rule or the gear it lends)
FIFTEEN = {
    "Forward Command": ("secure-the-zone", "to_turn"),
    "Demo Expert": ("sabotage", "HRD-RWD-DEMO"),
    "Rapid Deployment": ("push-the-line", "free_move"),
    "Intelligence Priority": ("recover-intel", "to_start"),
    "Treasure Trove": ("recover-intel", "treasure"),
    "TO Optimization": ("relay-run", "to_reroll"),
    "Ancient Artifact": ("search-and-recover", "spoil"),
    "Energy Overflow": ("commitment-protocol", "act_once"),
    "Tactical Reversal": ("commitment-protocol", "act_for_to"),
    "Aggressive Momentum": ("attrition", "first_attack"),
    "Strategize Bonus": ("assassinate", "act_for_to"),
    "Overwhelming Presence": ("encroach", "to_four"),
    "Deep Strike": ("encroach", "free_move"),
    "Extraction Gear": ("evac-point", "HRD-RWD-GRP"),
    "Resourceful Salvage": ("evac-point", "HRD-RWD-MED"),
}


def finish(c, winner="player", pick=0, out=()):
    """Start the next mission and finish it: `winner` took the Reward `pick` of the mission (the loser the other);
    `out` Taken Out."""
    if c.current is None:
        c.submit(D.StartMission())
    pm = c.next_mission()
    reports = tuple(D.UnitReport(u, "taken_out" if u in out else "standing", 2 if u in out else None,
                                 "someone" if u in out else "", (), 0, 1 if u in out else 0) for u in c.current.units)
    names = [r.name for r in definition(pm.parts.key).rewards]
    loser = "opponent" if winner == "player" else "player"
    got = ((winner, names[pick]), (loser, names[1 - pick]))
    scores = (("player", 4 if winner == "player" else 1), ("opponent", 4 if winner == "opponent" else 1))
    c.submit(D.FinishMission((), "h", winner, winner == "player", 4, "test", scores[0][1], reports,
                             winner=winner, scores=scores, rewards=got))


def _won(name: str, winner: str = "opponent", assign: bool = True):
    """A campaign whose first mission gave `name` to `winner`'s squad, which has given it to a unit (its first
    pick); the second mission is Last Stand (its Rewards lend nothing)."""
    mission, _ = FIFTEEN[name]
    c = pvp(missions=(mission, "last-stand"))
    names = [r.name for r in definition(mission).rewards]
    finish(c, winner, pick=names.index(name))
    side = 0 if winner == "player" else 1
    assert c.sides[side].reward.name == name
    opts = c.script.reward_options(side)
    if opts and assign:
        c.submit(D.AssignReward(side, *opts[0]))
        assert c.sides[side].reward.assigned and not c.due(side)
    other = c.script.reward_options(1 - side)  # the other squad's
    if other:
        c.submit(D.AssignReward(1 - side, *other[0]))
    return c, side


def _has(c, side: int, what: str, unit, choice: str) -> bool:
    """The next mission (started now) holds the Reward for `side`: its named rule, or its gear on `unit`."""
    if c.current is None:
        c.submit(D.StartMission())
    sc = c.current.scenario
    name = ("player", "opponent")[side]
    if any(h.side == name and h.rule == what for h in parse(sc.option("held"))):
        return True
    if unit is None or unit not in c.current.by_side[side]:
        return False
    gear = sc.sides[side].squad.units[c.current.by_side[side].index(unit)].gear
    want = choice.split("+") if what in ("treasure", "spoil") else [what]
    return set(want) <= set(gear)


@pytest.mark.parametrize("name", sorted(FIFTEEN))
def test_the_reward_acts_in_the_next_mission_of_the_squad_that_holds_it_and_only_then(name):
    c, side = _won(name)
    _, what = FIFTEEN[name]
    r = c.sides[side].reward
    unit, choice = r.unit, r.choice
    enemy = c.roster_units(side=1 - side)[0].id
    assert _has(c, side, what, unit, choice) and not _has(c, 1 - side, what, enemy, choice)
    finish(c, "player", out=(unit,) if what == "spoil" else ())  # Taken Out: the Artifact's Spoil is not kept
    give_rewards(c)
    assert not _has(c, side, what, unit, choice)


@pytest.mark.parametrize("name", sorted(FIFTEEN))
def test_the_reward_is_played_in_the_next_mission(name):
    """The next mission is created from the campaign's scenario: the match reads the rule, the card the gear."""
    c, side = _won(name)
    _, what = FIFTEEN[name]
    c.submit(D.StartMission())
    m = create_match(c.current.scenario, c.current.seed, c.catalog)
    try:
        sname = ("player", "opponent")[side]
        r = c.sides[side].reward
        if what.startswith("HRD-RWD-") or what in ("treasure", "spoil"):
            slot = c.current.by_side[side].index(r.unit)
            card = m.unit(m.all_units_of(sname)[slot]).card
            want = r.choice.split("+") if what in ("treasure", "spoil") else [what]
            have = {*card.skills, *(w.id for w in card.weapons)}
            assert set(want) <= have
        else:
            assert any(h.side == sname and h.rule == what for h in parse(m.mission.options.get("held")))
    finally:
        m.close()


def test_treasure_trove_offers_the_units_own_options_worth_five_gp_at_most():
    c, side = _won("Treasure Trove", assign=False)
    cat = c.catalog
    opts = c.script.reward_options(side)
    assert opts
    for uid, choice in opts:
        u = c.units[uid]
        gear = choice.split("+")
        t = cat.unit_types[u.unit_type]
        assert all(g in t.options and g not in u.gear for g in gear)
        assert sum((cat.weapons.get(g) or cat.skills.get(g)).gp for g in gear) <= 5
    assert any("+" in ch for _, ch in opts)  # several pieces of gear when they fit in 5 GP
    uid, choice = next(o for o in opts if "+" not in o[1])
    c.submit(D.AssignReward(side, uid, choice))
    assert choice in c.spec(uid).gear
    finish(c, "player")
    assert choice not in c.spec(uid).gear  # removed after the mission


@pytest.mark.parametrize("out, kept", [(False, True), (True, False)])
def test_ancient_artifacts_spoil_is_kept_for_good_only_by_a_unit_not_taken_out(out, kept):
    c, side = _won("Ancient Artifact")
    r = c.sides[side].reward
    uid, spoil = r.unit, r.choice
    assert spoil in c.tables.spoils and spoil not in c.units[uid].spoils
    finish(c, "player", out=(uid,) if out else ())
    assert (spoil in c.units[uid].spoils) == kept
    assert (spoil in c.card(uid).skills) == kept
    assert any(e.kind == "reward_kept" and e.kept == kept for e in c.events)

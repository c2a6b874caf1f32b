"""The hard level spends a Tactical Order on its dice only where what the answer is likely to do pays for the
Order (game/ai/tactical_dice.py): not on a shot at an unhurt, well-armoured target, but on the die a Take Out hangs
on. Normal keeps its rule of thumb (three Orders or more: any failed die)."""
from game.ai.tactical import TacticalController
from game.match import commands as C

from tests.modes.pvp.conftest import NO_TO, card, make_pvp, units  # noqa: F401  (a fixture)

THREE_TO = [1, 1, 1]  # three Tactical Order dice of 1-3: 3 TO (a squad without a Leader)


def _shot(make_pvp, target, attack_dice, hit=None):
    """The player's gunner (4 dice, SKL 4) shoots the target (with `hit` HIT left) 8" away in the open with 3 TO;
    the dice question is open."""
    m = make_pvp("attrition", [(card("Gunner", ranged=(4, 4)), 12, 8)], [(target, 12, 16)],
                 dice=THREE_TO + NO_TO + [1, 2] + attack_dice)
    assert m.to["player"] == 3
    gunner = units(m, "player")[0]
    if hit is not None:
        m.health(units(m, "opponent")[0]).hit = hit
    m.submit(C.Activate("player", gunner))
    w = m.unit(gunner).card.weapon("rng")
    m.submit(m.attack_command("player", gunner, w, units(m, "opponent")[0]))
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player"
    return m


def _spends(cmd) -> bool:
    return isinstance(cmd, C.ChangeDie) or (isinstance(cmd, C.RerollDie) and cmd.source == "TO")


def test_hard_keeps_its_orders_when_a_die_changes_little(make_pvp):
    """Four misses at an unhurt ARM 5 target with 3 HIT: one die more is worth far less than an Order kept."""
    for level, spends in (("hard", False), ("normal", True)):
        m = _shot(make_pvp, card("Tough", hit=3, arm=5), [5, 5, 6, 6])
        cmd = TacticalController("player", seed=1, level=level).decide(m)
        assert _spends(cmd) == spends, (level, cmd)


def test_hard_spends_an_order_where_a_take_out_hangs_on_it(make_pvp):
    """The same misses at a target with 1 HIT left and ARM 1 (it saves on a 1 only): a Strike more is likely its
    end."""
    m = _shot(make_pvp, card("Hurt", hit=3, arm=1), [5, 5, 6, 6] + [6] * 8, hit=1)  # (then re-rolls and saves)
    cmd = TacticalController("player", seed=1, level="hard").decide(m)
    assert _spends(cmd), cmd
    m.submit(cmd)  # the Orders go one at a time while each pays
    while m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player":
        m.submit(TacticalController("player", seed=1, level="hard").decide(m))
    assert m.to["player"] < 3

"""The PvP computer fires a Spread weapon at several Adjacent targets when the match offers them (`spread_targets`)
and the dice dealt between them are worth more than all of them on one: two wounded enemies side by side are both
shot at, and with the dice as scripted both fall; a lone target, or a sturdy one beside a wounded one, gets every die
where it counts."""
from game.ai.tactical import TacticalController
from game.match import commands as C
from game.rules.dice import ScriptedDice
from game.rules.model import Special

from tests.modes.pvp.conftest import TURN, card, pvp_match, units


def spread_gunner():
    return card("Gunner", melee=None, ranged=(4, 4), weapon_specials=(Special("SPR"),))


def test_two_wounded_enemies_side_by_side_share_the_dice_and_both_fall():
    m = pvp_match("attrition", [(spread_gunner(), 12, 4)],
                  [(card("A", hit=1, arm=3, ranged=None), 12, 16), (card("B", hit=1, arm=3, ranged=None), 13.5, 16)],
                  dice=TURN)
    try:
        a, b = units(m, "opponent")
        gunner = units(m, "player")[0]
        m.submit(C.Activate("player", gunner))
        assert set(m.spread_targets(gunner, "rng", (a,))) == {b}
        cmd = TacticalController("player", seed=1, level="hard").decide(m)
        assert isinstance(cmd, C.RangedAttack) and cmd.weapon == "rng", cmd
        assert {cmd.target, *cmd.extra_targets} == {a, b} and sorted(cmd.split) == [2, 2], cmd
        m.dice = ScriptedDice([2, 2, 6, 6] * 2)  # each target: two Strikes, then both saves fail
        m.submit(cmd)
        while m.prompt is not None and m.prompt.kind == "dice":
            m.submit(C.AcceptDice(m.prompt.side))
        assert not m.standing(a) and not m.standing(b)
    finally:
        m.close()


def test_a_lone_target_gets_every_die():
    m = pvp_match("attrition", [(spread_gunner(), 12, 4)],
                  [(card("A", hit=3, arm=3, ranged=None), 12, 16), (card("B", hit=3, arm=3, ranged=None), 20, 20)],
                  dice=TURN)
    try:
        gunner = units(m, "player")[0]
        m.submit(C.Activate("player", gunner))
        cmd = TacticalController("player", seed=1, level="hard").decide(m)
        assert isinstance(cmd, C.RangedAttack) and cmd.extra_targets == () and cmd.split == (), cmd
    finally:
        m.close()

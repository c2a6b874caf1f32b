"""A PvP mission of the launch book (play-modes digest 4.1-4.3, RULINGS R22, R29-R32): one script for all twenty,
reading its mission from data (assets/data/pvp/*.json) and the named rules of scoring.py, rules.py,
actions.py and victory.py.

Setup (R29): the squads roll off for deployment (lowest wins, ties re-rolled); the winner chooses its edge, or
Attacker or Defender; missions with a secret (Ambush's Intel carrier, the Rivals) ask it behind the hand-over
(R32). Deployment: one unit at a time, the roll-off loser first, each in its 1"-deep edge strip; Ambush and
Evac Point: the Defender deploys every unit first. Every Turn: the Initiative roll-off (R18, R30). Scoring at
the end of a Turn comes before unused TO are lost (R31). After the last Turn the winner picks one of the two
Campaign Rewards, the loser gets the other (a draw shares them out by a die roll).
"""
from __future__ import annotations

from game.match.mission import AfterMission, MissionScript, Result
from game.match.unit_outcomes import unit_outcomes
from game.match.scenario import ScenarioError

from . import actions as A
from . import rewards as RW
from . import rules as R
from . import scoring as SC
from . import sides as P
from . import summary as SM
from . import victory as V
from .book import DEFAULT_MAP, definition

PLACE_WORDS = {"north": "takes the North edge", "south": "the South edge", "attacker": "is the Attacker",
               "defender": "the Defender"}
OPPOSITE = {"north": "south", "south": "north", "attacker": "defender", "defender": "attacker"}


def _edge_strip(r) -> str | None:
    """Which table edge a 1"-deep deployment strip runs along (None: not an edge strip)."""
    if r.y1 - r.y0 <= 1.0 + 1e-9 and r.y0 <= 1e-9:
        return "north"
    if r.y1 - r.y0 <= 1.0 + 1e-9 and r.y1 >= 24.0 - 1e-9:
        return "south"
    if r.x1 - r.x0 <= 1.0 + 1e-9 and r.x0 <= 1e-9:
        return "west"
    if r.x1 - r.x0 <= 1.0 + 1e-9 and r.x1 >= 24.0 - 1e-9:
        return "east"
    return None


class PvpMission(MissionScript):
    id = "pvp"
    mode = "pvp"
    title = "PvP mission"
    map_name = DEFAULT_MAP
    sides = P.SIDES  # the engine refuses a scenario with other sides (check_scenario)

    def __init__(self, catalog=None, options: dict | None = None) -> None:
        super().__init__(catalog, options)
        self.defn = definition(self.options.get("mission", ""))
        RW.check_options(self.options)
        self.id = self.defn.entry_id
        self.title = self.defn.title
        self.briefing = self.defn.briefing
        self.turns = self.defn.turns

    # == the scenario ======================================================================================
    @classmethod
    def make_scenario(cls, entry, squad=None, opponent=None, map_name="default", measure="inches", options=None,
                      controller="person"):
        """Two squads (the given ones, or two default squads of different factions); both sides are played by
        `controller` unless the options say otherwise (player_controller, opponent_controller) and are named
        by player_name / opponent_name."""
        from game.content import default_squad, load_catalog
        from game.match.scenario import CONTROLLERS, Scenario, SideSpec
        from game.paths import MAPS_DIR
        options = dict(options or {})
        catalog = None
        if squad is None or opponent is None:
            catalog = load_catalog()
        squad = squad or default_squad("interdictors", catalog)
        opponent = opponent or default_squad("krumpfists", catalog)
        ctl = {}
        for side in P.SIDES:
            c = str(options.pop(f"{side}_controller", controller))
            if c not in CONTROLLERS or c == "npc":
                raise ScenarioError(f"{side}_controller: expected person or computer, got {c!r}")
            ctl[side] = c
        names = {P.PLAYER: str(options.pop("player_name", "Player")),
                 P.OPPONENT: str(options.pop("opponent_name", "Opponent"))}
        if "difficulty" in options:
            from game.ai.tactical_levels import level_named
            try:
                options["difficulty"] = level_named(str(options["difficulty"])).name
            except ValueError as e:
                raise ScenarioError(str(e)) from None
        if map_name == "default":
            map_name = entry.map_name if entry.map_name and (MAPS_DIR / entry.map_name).exists() else None
        return Scenario(mission=entry.id, map=map_name, measure=measure,
                        sides=(SideSpec(P.PLAYER, squad, name=names[P.PLAYER], controller=ctl[P.PLAYER]),
                               SideSpec(P.OPPONENT, opponent, name=names[P.OPPONENT], controller=ctl[P.OPPONENT])),
                        options=tuple(sorted(options.items())))

    # == setup ==============================================================================================
    def setup(self, match) -> None:
        bf = match.table.battlefield
        if (bf.width, bf.height) != (24.0, 24.0):
            raise ScenarioError(f"PvP missions are played on a 24\" x 24\" battlefield; {bf.name} is "
                                f"{bf.width:g}\" x {bf.height:g}\"")
        if tuple(match.sides) != P.SIDES:
            raise ScenarioError("a PvP mission has two sides: player and opponent")
        from game.modes.spots import nearest_free
        taken: list[tuple[float, float]] = []
        for m in self.defn.markers:
            spot = nearest_free(match, 0.5, m.x, m.y, taken, limit=4.0)
            if spot is None:
                raise ScenarioError(f"no room for the {m.label} near ({m.x:g}\", {m.y:g}\") on {bf.name}")
            x, y, z = spot
            moved = ((x - m.x) ** 2 + (y - m.y) ** 2) ** 0.5
            where = f"{moved:.1f}\" from its mark (terrain in the way)" if moved > 0.05 else ""
            taken.append((x, y))
            data = (("area", m.area),) if m.area else ()
            match.place_marker(m.id, m.kind, m.label, x, y, z, where=where, portable=m.portable,
                               pickup_cost=m.pickup_cost, carry_act=m.carry_act, carry_move=m.carry_move,
                               state=m.state, rules=m.rules, data=data)
        ms = match.mission_state
        ms["mp_turns"] = {s: [0] for s in P.SIDES}
        if any(a.effect in ("uplink", "transmit") for a in self.defn.actions):
            ms["packets"] = {s: 0 for s in P.SIDES}
        if any(a.purpose == "structure" for a in self.defn.areas):
            ms["structures"] = {a.id: "standing" for a in self.defn.areas if a.purpose == "structure"}
        match.mission_step("rolloff")
        RW.setup(match)

    def on_step(self, match, name: str, *args) -> None:
        ms = match.mission_state
        if name == "rolloff" and self.options.get("advantage") in P.SIDES:  # the Climax's chooser (R38)
            ms["rolloff_winner"] = winner = self.options["advantage"]
            match.event("Deployment", f"{match.side_name(winner)} won more Operations: it chooses first, deploys "
                                      f"first and has +1 TO in Turn 1", winner)
            self._ask_place(match, winner)
        elif name == "rolloff":
            ms["rolloff"] = {}
            for s in P.SIDES:
                match.roll_table(1, f"Deployment roll-off: {match.side_name(s)}", ("rolloff_die", s), side=s)
            match.mission_step("rolloff_result", front=True)
        elif name == "rolloff_die":
            side, faces = args
            ms["rolloff"][side] = faces[0]
        elif name == "rolloff_result":
            self._rolloff_result(match)
        elif name == "place":
            self._place(match, *args)
        elif name == "zone":
            side, option = args
            ms["zone"] = int(option)
            z = self.defn.deployment.zones[P.place(match, side)][int(option)]
            match.event("Deployment", f"{match.side_name(side)} will deploy along the {z.name.lower()}", side)
            self._ask_secrets(match)
        elif name == "carrier":
            side, option = args
            ms["carrier"] = int(option)
            match.event("The Intel", f"{match.side_name(side)} has given the Intel to one of its units, in secret",
                        side)
        elif name == "rival":
            side, option = args
            ms.setdefault("rival", {})[side] = int(option)
            match.event("Rivals", f"{match.side_name(side)} has picked its Rival, in secret", side)
            if side == P.PLAYER:
                self._ask_rival(match, P.OPPONENT)
        elif name == "searched":
            uid, marker, n, need, faces = args
            A.found_step(match, self.defn, uid, marker, n, need, faces)
        elif name == "final":
            self._final(match)
        elif name == "reward":
            winner, option = args
            self._share_rewards(match, winner, int(option))
        elif name == "reward_draw":
            faces = args[-1]
            first = P.PLAYER if faces[0] <= 3 else P.OPPONENT
            self._share_rewards(match, first, 0, drawn=True)
        elif not RW.on_step(match, name, *args):
            super().on_step(match, name, *args)

    def _rolloff_result(self, match) -> None:
        ms = match.mission_state
        rolls = ms["rolloff"]
        if rolls[P.PLAYER] == rolls[P.OPPONENT]:
            match.event("Deployment roll-off", f"both rolled {rolls[P.PLAYER]}: roll again")
            match.mission_step("rolloff", front=True)
            return
        winner = min(P.SIDES, key=lambda s: rolls[s])
        ms["rolloff_winner"] = winner
        match.event("Deployment roll-off", f"won by {match.side_name(winner)} ({rolls[winner]} against "
                                           f"{rolls[P.other(winner)]}), who chooses", winner)
        self._ask_place(match, winner)

    def _ask_place(self, match, winner: str) -> None:
        if self.defn.roles:
            options = (("attacker", "Be the Attacker"), ("defender", "Be the Defender"))
            text = f"{self.title}: you won the deployment roll-off. Attacker or Defender?"
        else:
            options = (("north", "Deploy on the North edge"), ("south", "Deploy on the South edge"))
            text = f"{self.title}: you won the deployment roll-off. Which edge do you deploy on?"
        match.ask(winner, text, options, ("place", winner))

    def _place(self, match, winner: str, option: str) -> None:
        ms = match.mission_state
        loser = P.other(winner)
        ms["place"] = {winner: option, loser: OPPOSITE[option]}
        if self.defn.deployment.order == "defender_first":
            ms["deploy_first"] = P.side_at(match, "defender")
        elif self.options.get("advantage") == winner:  # the Climax's chooser places the first unit too
            ms["deploy_first"] = winner
        else:
            ms["deploy_first"] = loser
        first = match.side_name(ms["deploy_first"])
        how = "deploys every unit first" if self.defn.deployment.order == "defender_first" else \
            "places the first unit, then the squads take turns"
        a, b = (winner, loser) if option in ("north", "attacker") else (loser, winner)
        pa = ms["place"][a]
        match.event("Deployment", f"{match.side_name(a)} {PLACE_WORDS[pa]}, {match.side_name(b)} "
                                  f"{PLACE_WORDS[OPPOSITE[pa]]}; {first} {how}")
        for m in self.defn.markers:  # Push the Line: each edge objective belongs to the squad on that edge
            if m.edge is not None:
                owner = P.edge_side(match, self.defn, m.edge)
                match.set_marker(m.id, say=f"{m.label} is {match.side_name(owner)}'s own", side=owner)
        chooser = self.defn.deployment.choose_zone
        if chooser is not None:
            side = P.side_at(match, chooser)
            zones = self.defn.deployment.zones[chooser]
            match.ask(side, "Along which edge do you deploy?", tuple((str(i), z.name) for i, z in enumerate(zones)),
                      ("zone", side))
            return
        self._ask_secrets(match)

    def _fit_zones(self, match) -> None:
        """A squad that does not fit in its 1"-deep strip on this battlefield (terrain, the grid's one row of
        squares) gets the strip deepened 1" at a time, up to 4 (V25)."""
        ms = match.mission_state
        for side in P.SIDES:
            units = match.undeployed(side)
            if not units:
                continue
            radius = max(match.unit(u).card.base_diameter / 2 for u in units)
            for depth in range(0, 5):
                ms.setdefault("deepen", {})[side] = depth
                if len(match.zone_spots(side, radius, gap=0.6, limit=len(units))) >= len(units) or not self._strips(match, side):
                    break
            if ms["deepen"][side]:
                match.event("Deployment", f"{match.side_name(side)}'s squad does not fit along its edge here: its "
                                          f"strip is {1 + ms['deepen'][side]}\" deep", side)
            else:
                del ms["deepen"][side]

    def _strips(self, match, side: str) -> bool:
        p = P.place(match, side)
        return p is not None and any(_edge_strip(z.rect) for z in self.defn.deployment.zones[p])

    def _ask_secrets(self, match) -> None:
        self._fit_zones(match)
        if self.defn.secret == "carrier":
            side = P.side_at(match, "defender")
            options = self._unit_options(match, side, carry=True)
            match.ask(side, "In secret: which unit carries the Intel? (not your Leader)", options, ("carrier", side),
                      secret=True, units=tuple(int(o) for o, _ in options))
        elif self.defn.secret == "rival":
            self._ask_rival(match, P.PLAYER)

    def _ask_rival(self, match, side: str) -> None:
        options = self._unit_options(match, side)
        match.ask(side, "In secret: which unit is your Rival? (not your Leader; revealed after deployment)",
                  options, ("rival", side), secret=True, units=tuple(int(o) for o, _ in options))

    @staticmethod
    def _unit_options(match, side: str, carry: bool = False) -> tuple[tuple[str, str], ...]:
        from game.match import skills as S
        units = match.all_units_of(side)
        fit = [u for u in units if not match.unit(u).leader and (not carry or S.may_carry(match, u))]
        return tuple((str(u), match.unit(u).name) for u in (fit or units))

    # == deployment =========================================================================================
    def deployment_zones(self, match, side):
        from game.match.mission import rect_zone
        p = P.place(match, side)
        if p is None:
            return []
        zones = self.defn.deployment.zones[p]
        if self.defn.deployment.choose_zone == p and "zone" in match.mission_state:
            zones = (zones[match.mission_state["zone"]],)
        deeper = match.mission_state.get("deepen", {}).get(side, 0)
        out = []
        for z in zones:
            x0, y0, x1, y1 = z.rect.x0, z.rect.y0, z.rect.x1, z.rect.y1
            edge = _edge_strip(z.rect)
            if deeper and edge:  # deepened toward the middle of the table
                if edge == "north":
                    y1 += deeper
                elif edge == "south":
                    y0 -= deeper
                elif edge == "west":
                    x1 += deeper
                else:
                    x0 -= deeper
            out.append(rect_zone(z.name, side, x0, y0, x1, y1))
        return out

    def deployment_order(self, match) -> str:
        return "alternate" if self.defn.deployment.order == "alternate" else "each"

    # == the Turn ===========================================================================================
    def start_of_turn(self, match) -> None:
        R.start_of_turn(match, self.defn)
        RW.start_of_turn(match)

    def after_orders(self, match) -> None:
        RW.after_orders(match)

    def start_of_activation(self, match, uid):
        return RW.start_of_activation(match, uid)

    def end_of_turn(self, match) -> None:
        SC.apply_end_of_turn(match, self.defn)
        R.end_of_turn_damage(match, self.defn)
        last = self.defn.turns is not None and match.turn >= self.defn.turns
        RW.end_of_turn(match, last)
        if last:
            match.mission_step("final")
        if self.defn.turns is None:
            V.track_stalemate(match)

    def _final(self, match) -> None:
        """After the last Turn's scoring and Damage: the secret is shown, the winner picks a Campaign Reward."""
        R.reveal_intel(match, self.defn)
        if not self.defn.rewards or self.options.get("rewards") is False:
            return
        decided = V.decide(match, self.defn, True)
        if decided is None:
            return
        winner, _ = decided
        r = self.defn.rewards
        if winner is None:
            match.roll_table(1, f"Campaign Rewards after a draw (1-3: {match.side_name(P.PLAYER)} gets "
                                f"{r[0].name}; 4-6: {match.side_name(P.OPPONENT)} does)", ("reward_draw",))
            return
        match.ask(winner, f"You win {self.title}: pick a Campaign Reward (the other goes to "
                          f"{match.side_name(P.other(winner))})",
                  tuple((str(i), f"{x.name}: {x.effect}") for i, x in enumerate(r)), ("reward", winner))

    def _share_rewards(self, match, side: str, index: int, drawn: bool = False) -> None:
        r = self.defn.rewards
        got = {side: r[index].name, P.other(side): r[1 - index].name}
        match.mission_state["rewards"] = got
        verb = "gets" if drawn else "picks"
        match.event("Campaign Rewards", f"{match.side_name(side)} {verb} {got[side]}; "
                                        f"{match.side_name(P.other(side))} gets {got[P.other(side)]}")

    # == units, attacks, carrying ===========================================================================
    def act_bonus(self, match, uid):
        return R.act_bonus(match, self.defn, uid) + RW.act_bonus(match, uid)

    def arm_bonus(self, match, uid, attacker, ranged):
        return R.arm_bonus(match, self.defn, uid, attacker, ranged) + RW.arm_bonus(match, uid)

    def attack_bonus(self, match, attacker, target, weapon):
        att, skl = R.attack_bonus(match, self.defn, attacker, target, weapon)
        return att, skl + RW.attack_bonus(match, attacker, target, weapon)

    def after_attack(self, match, attacker, weapon, main, lost):
        return RW.after_attack(match, attacker, weapon)

    def always_in_cover(self, match, uid):
        return RW.always_in_cover(match, uid)

    def target_reason(self, match, attacker, target):
        return R.target_reason(match, self.defn, attacker, target)

    def carry_reason(self, match, uid, mid):
        return R.carry_reason(match, self.defn, uid, mid)

    def on_taken_out(self, match, uid) -> None:
        SC.on_taken_out(match, self.defn, uid)
        R.intel_on_taken_out(match, self.defn, uid)

    # == Mission actions ====================================================================================
    def mission_actions(self, match):
        return A.action_defs(match, self.defn) + RW.action_defs(match)

    def mission_action_reason(self, match, uid, action, marker, target):
        return None if RW.is_action(action) else A.reason(match, self.defn, uid, action, marker)

    def do_mission_action(self, match, uid, action, marker, target) -> None:
        if RW.is_action(action):
            RW.do_action(match, uid, action)
        else:
            A.do(match, self.defn, uid, action, marker)

    # == result, summary, campaigns =========================================================================
    def check_result(self, match, end_of_turn: bool) -> Result | None:
        if end_of_turn and self.defn.turns is not None and match.turn < self.defn.turns and \
                self.defn.victory["rule"] not in ("last_squad", "both_claimed"):
            return None
        decided = V.decide(match, self.defn, end_of_turn)
        if decided is None:
            return None
        winner, why = decided
        outcome = winner or "draw"
        scores = tuple((s, match.score[s]) for s in P.SIDES)
        return Result(outcome, match.turn, why, winner=winner, scores=scores)

    def result_line(self, match) -> str:
        r = match.result
        who = {P.PLAYER: "player wins", P.OPPONENT: "opponent wins"}.get(r.winner, "draw")
        if self.defn.victory["rule"] in ("most_mp", "rivals"):
            return f"result: {who} (MP {match.score[P.PLAYER]}-{match.score[P.OPPONENT]})"
        return f"result: {who} ({r.text})"

    def summary(self, match):
        return SM.summary(match, self)

    def zones(self, match):
        return SM.zones(match, self)

    def secrets(self, match, side: str) -> tuple[str, ...]:
        """The side's own secret pick: its Rival, or the unit carrying the Intel."""
        ms = match.mission_state
        out = []
        rival = ms.get("rival", {}).get(side)
        if rival is not None:
            out.append(f"Your Rival: {match.unit(rival).name}" + ("" if ms.get("rivals_revealed") else
                                                                   " (revealed after deployment)"))
        carrier = ms.get("carrier")
        if carrier is not None and match.unit(carrier).side == side:
            out.append(f"The Intel is carried by {match.unit(carrier).name}" +
                       ("" if match.standing(carrier) else " (Taken Out: the Intel lies where it fell)"))
        return tuple(out)

    def after_mission(self, match) -> AfterMission:
        taken = tuple(u for s in P.SIDES for u in match.all_units_of(s) if match.taken_out_by(u) is not None or
                      (not match.standing(u) and u not in match.mission_state.get("departed", [])))
        r = match.result
        data = {"mission": self.defn.id, "climax": self.defn.climax, "winner": r.winner if r else None,
                "rewards": dict(match.mission_state.get("rewards", {})),
                "mp_turns": {s: list(v) for s, v in match.mission_state.get("mp_turns", {}).items()},
                "places": dict(match.mission_state.get("place", {}))}
        return AfterMission(mp=tuple((s, match.score[s]) for s in P.SIDES), taken_out=taken,
                            rewards=tuple(x.name for x in self.defn.rewards), data=data, result=r,
                            units=unit_outcomes(match))

    # == the computer opponent ==============================================================================
    def computer_controller(self, match, side: str):
        """The tactical computer opponent at the difficulty the scenario names (option `difficulty`: easy, normal,
        hard; normal when it names none)."""
        from game.ai.tactical import TacticalController
        return TacticalController(side, seed=match.seed * 2 + (0 if side == P.PLAYER else 1),
                                  level=str(self.options.get("difficulty") or "normal"))

    def ai_brief(self, match, side: str):
        """What the computer opponent of `side` may know of this mission (no enemy secret)."""
        from .brief import brief
        return brief(match, self, side)

"""What a click and the mouse's position mean on the table, one handler per input mode:

  - DeployInput: placing the next unit (a ghost base says whether it fits there);
  - ActInput: the player's own activation: select a unit, aim a Move/Dash or an attack, commit with a click;
  - PromptInput: a question of the player's is open: units it is about are clicked on the table;
  - WatchInput: another side acts: a click only shows a unit's card.
(Choosing a skill's units or spot is skill_input.SkillInput.)

Handlers read the match and change it only through `scene.submit`.
"""
from __future__ import annotations

import pygame

from game.match import commands as C

from ..view.questions import legal
from ..wording import count


def activatable(sc) -> list[int]:
    """The units the person at the screen may activate now, as the match lists them (a Downed unit that can still
    revive itself is one); while it is not their turn, their Ready units."""
    m = sc.match
    if m.phase == "battle" and m.waiting_for() == sc.side and m.prompt is None and m.active_unit is None:
        return [c.uid for c in legal(m, sc.side) if isinstance(c, C.Activate) and sc.owns(c.uid)]
    return [u for u in m.units(sc.side, downed=None) if m.readiness(u).ready and sc.owns(u)]


def prompt_units(match, p) -> list[int]:
    """Units a prompt lets the player click on the table: Devoted units, units on Standby."""
    if p.kind == "devoted":
        return list(p.options)
    if p.kind == "react":
        return [c.uid for c in p.options if isinstance(c, C.ChooseUnit) and c.uid is not None]
    return []


class TableInput:
    """The default: the preview of the selected unit's mode follows the mouse; a click shows a card."""

    def __init__(self, scene) -> None:
        self.sc = scene

    def hover(self, x: float, y: float, hu: int | None) -> None:
        sel = self.sc.sel
        pv = sel.current_preview()
        if pv is None:
            sel.clear_hover()
            return
        if sel.mode in ("move", "dash"):
            spot = pv.spot_near(x, y) if hu is None or hu == sel.selected else None
            if spot != sel.hover_spot:
                sel.hover_spot = spot
                sel.hover_path = pv.path(spot) if spot is not None else None
        elif sel.mode in ("ranged", "melee"):
            sel.hover_target = pv.target(hu) if hu in pv.targets else None

    def click(self, x: float, y: float) -> None:
        sc = self.sc
        if sc.sel.hover_uid is not None:
            sc.sel.inspect = sc.sel.hover_uid
            sc.card.invalidate()


class WatchInput(TableInput):
    """Another side is acting: clicking a base shows its card."""


class PromptInput(TableInput):
    def click(self, x: float, y: float) -> None:
        sc = self.sc
        m = sc.match
        p = m.prompt
        hu = sc.sel.hover_uid
        if p.side == sc.side and p.kind == "pick_npc" and hu in p.options:
            sc.submit(C.PickNpc(sc.side, hu))
        elif p.side == sc.side and hu is not None and hu in prompt_units(m, p):
            sc.submit(C.ChooseUnit(sc.side, hu))
        elif p.side == sc.side:
            sc.app.toast("Answer the prompt first")


class ActInput(TableInput):
    """The player's activation: aim with the mouse, commit with a click."""

    def click(self, x: float, y: float) -> None:
        sc = self.sc
        m = sc.match
        sel = sc.sel
        hu = sel.hover_uid
        pv = sel.preview
        # attack modes: a click on a target commits
        if sel.mode in ("ranged", "melee") and hu is not None and pv is not None and hu in pv.targets:
            info = pv.target(hu)
            if pv.spreads and pygame.key.get_mods() & pygame.KMOD_SHIFT:  # Spread: choose the targets first
                why = pv.toggle_spread(hu)
                if why is not None:
                    sc.app.toast(f"Spread: {info.name}: {why}", "error")
                sel.hover_target = pv.target(hu)
                return
            if info.reason is not None:
                sc.app.toast(f"{info.name}: {info.reason}", "error")
                return
            w = pv.weapon
            if self.ensure_active():
                cls = C.RangedAttack if sel.mode == "ranged" else C.MeleeAttack
                first, extra, split = pv.attack_command_targets(hu)  # Chain Reaction or Spread: as previewed
                if cls is C.RangedAttack:
                    sc.submit(cls(sc.side, w.id, first, extra_targets=extra, split=split))
                else:
                    sc.submit(cls(sc.side, w.id, first, extra_targets=extra))
            return
        if sel.mode in ("move", "dash") and sel.selected is not None and pv is not None and \
                (hu is None or (hu == sel.selected and sel.hover_spot is not None)):
            if sel.hover_spot is None and hu is None:
                sc.app.toast("Out of reach: pick a highlighted spot", "error")
                return
            x, y, z = sel.hover_spot[:3]
            if self.ensure_active():
                cls = C.Move if sel.mode == "move" else C.Dash
                sc.submit(cls(sc.side, x, y, z))
            return
        if hu is not None:
            u = m.unit(hu)
            if u.side == sc.side and not u.item and not sc.owns(hu):  # a co-op partner's unit: its card only
                sel.inspect = hu
                sc.card.invalidate()
                sc.app.toast(f"{u.name} is commanded by {m.scenario.side(u.side).players[u.owner]}")
                return
            if u.side == sc.side and not u.item:
                if hu == sel.selected:
                    return
                if not m.readiness(hu).ready and hu != m.active_unit:
                    sel.inspect = hu
                    sc.card.invalidate()
                    sc.app.toast(f"{u.name} has already activated this Turn")
                    return
                sel.select(hu)
                return
            sel.inspect = hu
            sc.card.invalidate()
            if sel.mode in ("move", "dash") and sel.selected is not None:
                sc.app.toast("An enemy base: you cannot end a move there", "error")
            return
        sel.inspect = None
        sc.card.invalidate()

    # == orders of the activation ===========================================================================
    def next_unit(self) -> None:
        sc = self.sc
        m = sc.match
        if m.active_unit is not None and m.unit(m.active_unit).side == sc.side:
            sc.app.toast(f"Finish {m.unit(m.active_unit).name}'s activation first (E)", "error")
            return
        ready = activatable(sc)
        if not ready:
            sc.app.toast("No Ready unit left this Turn")
            return
        i = (ready.index(sc.selected) + 1) % len(ready) if sc.selected in ready else 0
        sc.sel.select(ready[i])
        v = sc.by_uid.get(ready[i])
        if v is not None and not sc.camera.view.collidepoint(sc.camera.to_screen(v.x, v.y)):
            sc.camera.centre_on(v.x, v.y)

    def ensure_active(self) -> bool:
        """The selected unit activates now if it has not yet (its first action is being given)."""
        sc = self.sc
        m = sc.match
        uid = sc.selected
        if uid is None:
            return False
        if m.active_unit == uid:
            return True
        if m.active_unit is not None:
            sc.app.toast(f"Finish {m.unit(m.active_unit).name}'s activation first (E)", "error")
            return False
        mode, weapon = sc.sel.mode, sc.sel.weapon_id
        ok = sc.submit(C.Activate(sc.side, uid))
        if ok:
            sc.sel.mode, sc.sel.weapon_id = mode, weapon
        return ok

    def enter_ends_activation(self) -> bool:
        """Enter ends the activation only when the active unit of the squad has nothing left to do (the info
        box then says so, naming the key)."""
        sc = self.sc
        m = sc.match
        if m.phase != "battle" or m.prompt is not None or m.waiting_for() != sc.side or sc.skill is not None:
            return False
        uid = m.active_unit
        if uid is None or uid != sc.selected or m.side_of(uid) != sc.side:
            return False
        return not any(st.enabled for st in sc.panel.states(uid))

    def act_to_lose(self) -> int:
        """ACT the unit would lose by ending its activation now, when it could still do something with them (0
        for free actions, which are declined, or a unit with nothing left to do)."""
        sc = self.sc
        m = sc.match
        a = m.activation
        uid = m.active_unit if m.active_unit is not None else sc.selected
        if uid is None or (a is not None and a.grant) or not any(st.enabled for st in sc.panel.states(uid)):
            return 0
        return m.act_now(uid)

    def end_activation(self, confirmed: bool = False) -> None:
        """E, Enter or the button: end the activation, after asking when ACT would be lost."""
        sc = self.sc
        m = sc.match
        if m.phase != "battle" or m.waiting_for() != sc.side or m.prompt is not None:
            return
        left = 0 if confirmed else self.act_to_lose()
        if left:
            from ..builder_dialogs import ConfirmDialog
            name = m.unit(m.active_unit if m.active_unit is not None else sc.selected).name
            sc.app.push(ConfirmDialog(sc.app, "End the activation?",
                                      f"{name} still has {left} ACT and something to do with it. Unused ACT are "
                                      "lost when the activation ends.", "End activation",
                                      lambda: self.end_activation(confirmed=True)))
            return
        if m.active_unit is None:
            if sc.selected is None or not sc.ready_own(sc.selected):
                sc.app.toast("Select a unit first", "error")
                return
            name = m.unit(sc.selected).name
            if not self.ensure_active():
                return
            sc.app.toast(f"{name} ends its activation without acting")
        sc.submit(C.EndActivation(sc.side))

    def do_action(self, key: str) -> None:
        """An action button: a preview mode, or (doors, skills) the action itself."""
        sc = self.sc
        if key in ("move", "dash"):
            sc.sel.set_mode(key)
        elif key.startswith("ranged:") or key.startswith("melee:"):
            mode, w = key.split(":", 1)
            sc.sel.set_mode(mode, w)
        elif key.startswith("door:"):
            if self.ensure_active():
                sc.submit(C.ToggleDoor(sc.side, key.split(":", 1)[1]))
        elif key.startswith("skill:"):
            sc.skills.start(key.split(":", 1)[1])
        elif key in ("pickup", "drop", "give") or key.startswith("mission:"):
            sc.skills.start_action(key)

    def door(self) -> None:
        """O: the door next to the selected unit."""
        sc = self.sc
        if sc.selected is None:
            sc.app.toast("Select one of your units first (click it, or Tab)", "error")
            return
        st = next((s for s in sc.panel.actions if s.key.startswith("door:")), None)
        if st is None:
            sc.app.toast(f"No door Adjacent to {sc.match.unit(sc.selected).name}", "error")
        else:
            self.do_action(st.key)


class DeployInput(TableInput):
    def hover(self, x: float, y: float, hu: int | None) -> None:
        sc = self.sc
        m = sc.match
        sel = sc.sel
        uid = sel.deploy_uid
        if uid is None or m.waiting_for() != sc.side:
            sel.ghost = None
            return
        gx, gy = self.snap(x, y)
        if sel.ghost is not None and sel.ghost[:2] == (gx, gy):
            return
        r = m.unit(uid).card.base_diameter / 2
        ok, reason = True, ""
        if not (0 <= gx <= m.table.battlefield.width and 0 <= gy <= m.table.battlefield.height):
            ok, reason = False, "off the table"
        elif not m.in_deployment_zone(sc.side, gx, gy):
            ok, reason = False, "outside your deployment zone"
        else:
            z = m.table.surface_z(gx, gy)
            if not m.table.can_stand(r, gx, gy, z):
                ok, reason = False, "a unit cannot stand there (terrain or another base)"
        sel.ghost = (gx, gy, ok, reason, r)

    def click(self, x: float, y: float) -> None:
        sc = self.sc
        m = sc.match
        if m.waiting_for() != sc.side:
            return
        if sc.sel.hover_uid is not None and m.unit(sc.sel.hover_uid).side == sc.side:
            sc.app.toast("Ctrl+Z takes back the last placement")
            return
        uid = sc.sel.deploy_uid
        if uid is None:
            sc.app.toast("Everyone is deployed: Start battle (Enter)")
            return
        x, y = self.snap(x, y)
        if sc.submit(C.Deploy(sc.side, uid, x, y, 0.0)):
            sc.panel.build()

    def snap(self, x, y):
        m = self.sc.match
        if m.table.measure == "grid":
            return m.table.snap(x, y)
        return round(x * 4) / 4, round(y * 4) / 4

    auto_pending: str | None = None  # the side whose Auto-deploy goes on at its next turn to place (alternate, R29)

    def go_on(self) -> None:
        """A frame: Auto-deploy, begun before the other side's placement, goes on once it is that side's turn and its
        person is at the screen (hot-seat: never for the other person)."""
        m, side = self.sc.match, self.auto_pending
        if side is None:
            return
        if m.phase != "deploy" or not m.undeployed(side):
            self.auto_pending = None
        elif self.sc.side == side and m.waiting_for() == side and m.prompt is None:
            self.auto_deploy()

    def auto_deploy(self) -> None:
        """Every unit left goes to a free spot of the deployment zone the match offers (in alternating deployment,
        one each time it is this side's turn to place: go_on)."""
        sc = self.sc
        m = sc.match
        self.auto_pending = None
        placed = 0
        for _ in range(64):
            if not m.undeployed(sc.side) or m.waiting_for() != sc.side:
                break
            cmds = [c for c in legal(m, sc.side) if isinstance(c, C.Deploy)]
            if not cmds or not sc.submit(cmds[0], quiet=True):
                sc.app.toast(m.deployment_problem(sc.side) or "No room left in the deployment zone", "error")
                break
            placed += 1
        left = m.undeployed(sc.side)
        if left and placed and m.waiting_for() != sc.side:  # the other side places one between ours
            self.auto_pending = sc.side
            if not getattr(self, "_said_alternate", False):
                self._said_alternate = True
                sc.app.toast(f"Sides place a unit in turn: yours follow, {count(len(left), 'unit')} to go", "ok")
        elif placed and not left:
            sc.app.toast(f"{count(placed, 'unit')} deployed: press Start battle", "ok")
        sc.panel.build()

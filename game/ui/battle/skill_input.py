"""Choosing a skill's unit(s) or spot on the table: a skill button (or a skill offered in a prompt) lights up
its choices (skillui.SkillTargeting), the click that completes the choice submits the UseSkill; Esc or a right
click backs out one pick at a time. Pick Up, Drop, Give and mission actions choose their marker and unit the
same way (targeting.ActionTargeting)."""
from __future__ import annotations

from game.match import commands as C

from ..skillui import SkillTargeting
from .targeting import ActionTargeting


class SkillInput:
    def __init__(self, scene) -> None:
        self.sc = scene

    # == starting and leaving ============================================================================
    def start(self, sid: str) -> None:
        """A skill action button: at once when the skill needs no choice; else its choices light up on the
        table (Esc backs out)."""
        sc = self.sc
        m = sc.match
        uid = sc.selected
        if uid is None:
            sc.app.toast("Select one of your units first", "error")
            return
        st = sc.panel.state(f"skill:{sid}")
        if st is None:
            sc.app.toast(f"{m.unit(uid).name} has no such skill", "error")
            return
        if not st.enabled:
            sc.app.toast(f"{st.label}: {st.reason}", "error")
            return
        cands = list(st.choices)
        t = SkillTargeting(m, sid, uid, sc.side, cands)
        if t.stage == "none":
            self.commit(cands[0] if cands else C.UseSkill(sc.side, sid), t)
            return
        if not cands and not t.free_spots():
            sc.app.toast(f"{t.name}: nothing to use it on now", "error")
            return
        self.enter(t)

    def start_action(self, key: str) -> None:
        """Pick Up, Drop, Give or a mission action: at once when there is one thing to do it on; else the
        markers (then the units) it may be done on light up on the table."""
        sc = self.sc
        st = sc.panel.state(key)
        if sc.selected is None or st is None:
            sc.app.toast("Select one of your units first", "error")
            return
        if not st.enabled:
            sc.app.toast(f"{st.label}: {st.reason}", "error")
            return
        t = ActionTargeting(sc.match, key, st.label, sc.selected, sc.side, st.choices, rule=st.note)
        cmd = t.command()
        if cmd is not None:
            self.commit(cmd, t)
            return
        self.enter(t)

    def start_prompt(self, sid: str, cands) -> None:
        """A skill offered inside a prompt (Misdirection in a reaction): pick its units on the table."""
        sc = self.sc
        self.enter(SkillTargeting(sc.match, sid, None, sc.side, list(cands), from_prompt=True))

    def enter(self, t: SkillTargeting) -> None:
        sel = self.sc.sel
        sel.skill = t
        sel.mode = "skill"
        sel.weapon_id = None
        sel.skill_hover = None
        sel.skill_victims = []
        sel.preview_key = None
        self.sc.sel.update_hover()
        self.sc.app.toast(t.instruction() + "  (Esc: cancel)")

    def leave(self, default_mode: bool = True) -> None:
        sel = self.sc.sel
        if sel.skill is None and sel.mode != "skill":
            return
        sel.skill = None
        sel.skill_hover = None
        sel.skill_victims = []
        sel.preview_key = None
        if sel.mode == "skill":
            sel.mode = sel.default_mode(sel.selected) if default_mode and sel.selected is not None else None

    def commit(self, cmd, t: SkillTargeting) -> bool:
        sc = self.sc
        if not t.from_prompt and not sc.act.ensure_active():
            return False
        ok = sc.submit(cmd)
        if not ok and sc.skill is None:
            self.leave()
        return ok

    # == the table ===================================================================================
    def cancel(self) -> None:
        """Esc or a right click: undo the last pick, or leave."""
        if not self.sc.skill.back():
            self.leave()
        self.sc.sel.update_hover()

    def confirm(self) -> None:
        """Enter: a skill whose first pick is enough (Neural Command on one unit) is used on it."""
        t = self.sc.skill
        single = t.single()
        if single is not None:
            self.commit(single, t)
        else:
            self.sc.app.toast(t.instruction())

    def click(self, x: float, y: float) -> None:
        sc = self.sc
        t = sc.skill
        hu = sc.sel.hover_uid
        st = t.stage
        if st == "marker":
            mid = sc.sel.hover_marker
            kind, val = t.pick_marker(mid) if mid is not None else ("no", "click a highlighted marker")
        elif hu is not None and (st in ("unit", "unit2") or (st == "spot" and hu == t.first)):
            kind, val = t.pick_unit(hu)
        elif st == "spot" and sc.sel.mouse_board is not None:
            x, y = sc.sel.mouse_board
            if sc.match.table.measure == "grid":
                x, y = sc.match.table.snap(x, y)
            kind, val = t.pick_spot(x, y)
        else:
            kind, val = "no", "click a highlighted unit"
        if kind == "cmd":
            self.commit(val, t)
        elif kind == "no":
            sc.app.toast(f"{t.name}: {val}", "error")
        else:
            sc.sel.skill_hover = None
            sc.sel.update_hover()

    def hover(self, x: float, y: float, hu: int | None) -> None:
        sel = self.sc.sel
        t = sel.skill
        hover = None
        if t.stage == "spot" and (hu is None or hu != t.first):
            near = t.spot_near(x, y)
            if near is not None:
                hover = (near[0], near[1], True)
            elif t.free_spots() and t.in_area(x, y):
                hover = (round(x, 2), round(y, 2), False)
        if hover != sel.skill_hover:
            sel.skill_hover = hover
            sel.skill_victims = []
            if hover is not None:
                sel.skill_victims = t.victims(hover[0], hover[1])

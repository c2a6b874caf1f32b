"""The squad builder: pick a faction, add units, choose their gear, see GP / FV and the rule check live;
save and open rosters, export and import squad codes.

    app.push(SquadBuilderScene(app))                      # a new squad
    app.push(SquadBuilderScene(app, spec, budget=50))     # edit a squad (a co-op mini squad of 50 GP)

Layout (1280x800 at 100%): a header (name, budget, GP / FV / Units), then three columns: faction and the unit
types to add, with the rule check under them; the squad list, the selected unit's name and its card; the
selected unit's gear picker and a rules panel that shows the rule text of whatever the mouse is over (gear,
unit types, the card's special and skill chips). The bottom bar holds Back, Default squad, Open / Save roster,
Import / Export code. The dialogs are overlay scenes (game/ui/builder_dialogs.py).
"""
from __future__ import annotations

from html import escape
from types import SimpleNamespace

import pygame
import pygame_gui
from pygame_gui.elements import (UIButton, UIDropDownMenu, UILabel, UIScrollingContainer, UISelectionList,
                                 UITextBox, UITextEntryLine)

from game.content.squad_code import encode
from game.rules.model import SquadSpec
from game.rules.squad import squad_gp

from . import builder_model as bm
from .cardview import CardView
from .scene import Scene
from .theme import rect

HINT = ("<b>Rules</b><br>Point at a unit type, a piece of gear or a chip on the unit card to read its rules "
        "here. Click a gear line to add or remove it.")


def _hex(c) -> str:
    return "#%02X%02X%02X" % tuple(c[:3])


class _PreviewMatch:
    """Just enough of a Match for CardView to draw one unit card outside a battle."""

    phase = "builder"
    active_unit = None
    activation = None

    def __init__(self, catalog, card) -> None:
        self.catalog = catalog
        self._unit = SimpleNamespace(card=card, name=card.name, side="player", item=False, leader=False)
        self._health = SimpleNamespace(hit=card.hit, max_hit=card.hit)

    def unit(self, uid):
        return self._unit

    def health(self, uid):
        return self._health

    def standing(self, uid) -> bool:
        return True

    def readiness(self, uid):
        return SimpleNamespace(ready=True, stunned=0)

    def position(self, uid):
        return None


class _GearLine:
    __slots__ = ("row", "button", "detail", "cost")

    def __init__(self, row, button, detail, cost) -> None:
        self.row, self.button, self.detail, self.cost = row, button, detail, cost

    def contains(self, pos) -> bool:
        return any(el.rect.collidepoint(pos) for el in (self.button, self.detail, self.cost))


class SquadBuilderScene(Scene):
    name = "builder"

    def __init__(self, app, spec: SquadSpec | None = None, budget: int = 100) -> None:
        super().__init__(app)
        self.catalog = app.catalog
        self.types = bm.playable_squad_types(self.catalog)
        if spec is None:
            st = self.types[0]
            spec = SquadSpec(st.id, st.name, ())
        self.spec = spec
        self.clean_spec = spec  # the squad as last saved or opened: Back asks before dropping changes
        self.budget = budget
        self.selected: int | None = 0 if spec.units else None
        self.roster_name: str | None = None
        self.rules_html = HINT
        self.reasons: list[str] = []
        self.card_view = CardView(app)
        self._card_version = 0
        self._card_rect: pygame.Rect | None = None
        self.last_code: str | None = None
        self.type_buttons: dict[str, UIButton] = {}
        self.type_lines: list[tuple[str, list]] = []
        self.gear_lines: list[_GearLine] = []
        self.gear_buttons: dict[str, UIButton] = {}
        self.squad_items: list[str] = []
        self.squad_list = None
        self.sc_gear = None
        self._gear_for = None
        self._reselect = False

    # == state ======================================================================================
    @property
    def squad_type(self):
        return self.catalog.squad_types[self.spec.squad_type]

    @property
    def gp(self) -> int:
        return squad_gp(self.catalog, self.spec)

    @property
    def fv(self) -> int:
        return bm.squad_fv(self.catalog, self.spec)

    @property
    def valid(self) -> bool:
        return not self.reasons

    @property
    def dirty(self) -> bool:
        return self.spec != self.clean_spec

    @property
    def rosters_folder(self):
        return self.app.saves_dir / "rosters"

    def set_spec(self, spec: SquadSpec, *, clean: bool = False, budget: int | None = None,
                 select: int | None = -1) -> None:
        """Replace the squad being built (a default squad, an opened roster, an imported code)."""
        faction_changed = spec.squad_type != self.spec.squad_type
        self.spec = spec
        self.rules_html = HINT  # what the panel said was about the squad being replaced
        if budget is not None:
            self.budget = budget
        if clean:
            self.clean_spec = spec
        if select == -1:
            select = 0 if spec.units else None
        self.selected = select
        if self.root is None:
            return
        if faction_changed or budget is not None:
            self.build_ui()
        else:
            self.rules_box.set_text(self.rules_html)
            self.e_name.set_text(spec.name)
            self._gear_for = None
            self.refresh()

    def code(self) -> str:
        self.last_code = encode(self.spec)
        return self.last_code

    # == layout =====================================================================================
    def _layout(self) -> dict:
        w, h = self.app.size
        px = self.px
        mg, gap = px(16), px(14)
        top = px(66)
        bar_h = px(44)
        bottom = h - mg - bar_h - px(12)
        avail = w - 2 * mg - 2 * gap
        a_w = max(px(230), int(avail * 0.27))
        b_w = int(avail * 0.33)
        c_w = avail - a_w - b_w
        ax, bx = mg, mg + a_w + gap
        cx = bx + b_w + gap
        return dict(w=w, h=h, mg=mg, gap=gap, top=top, bottom=bottom, bar_y=h - mg - bar_h, bar_h=bar_h,
                    ax=ax, aw=a_w, bx=bx, bw=b_w, cx=cx, cw=c_w)

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        px = self.px
        L = self._layout()
        self.L = L
        w, top, bottom = L["w"], L["top"], L["bottom"]
        lab_h, row_h = px(24), px(34)

        # -- header -----------------------------------------------------------------------------------
        UILabel(rect(L["ax"], px(14), L["aw"], px(40)), "Squad builder", m, container=root, object_id="#heading")
        hx = L["bx"]
        UILabel(rect(hx, px(18), px(54), px(34)), "Name", m, container=root, object_id="#dim")
        self.e_name = UITextEntryLine(rect(hx + px(54), px(18), L["bw"] - px(54), px(34)), m, container=root,
                            initial_text=self.spec.name, placeholder_text="Squad name")
        self.e_name.set_text_length_limit(40)

        # -- column A: faction, budget, unit types, rule check ----------------------------------------
        ax, aw = L["ax"], L["aw"]
        lw = px(66)
        y = top
        UILabel(rect(ax, y, lw, row_h), "Faction", m, container=root, object_id="#dim")
        dd_text_w = aw - lw - px(44)  # room for the text beside the drop-down's arrow
        labels = [bm.squad_type_label(self.catalog, st) for st in self.types]
        if max(self.app.text.size(t, 14)[0] for t in labels) > dd_text_w:
            labels = [st.name for st in self.types]  # narrow: the faction is in the tagline box
        self._type_labels = dict(zip(labels, self.types))
        current = next((lab for lab, st in self._type_labels.items() if st.id == self.spec.squad_type), None)
        if current is None:  # a squad of a type the builder does not offer (First Mission)
            current = self.squad_type.name
            labels.append(current)
            self._type_labels[current] = self.squad_type
        self.dd_faction = UIDropDownMenu(labels, current, rect(ax + lw, y, aw - lw, row_h), m, container=root)
        y += row_h + px(6)
        UILabel(rect(ax, y, lw, row_h), "Budget", m, container=root, object_id="#dim")
        self.budgets = bm.BUDGETS
        if max(self.app.text.size(t, 14)[0] for t, _ in self.budgets) > dd_text_w:
            self.budgets = bm.BUDGETS_SHORT
        self.dd_budget = UIDropDownMenu([lab for lab, _ in self.budgets], bm.budget_label(self.budget, self.budgets),
                                        rect(ax + lw, y, aw - lw, row_h), m, container=root)
        y += row_h + px(8)
        st = self.squad_type
        fac = self.catalog.factions.get(st.faction)
        tag_html = f"<i>{escape(st.tagline)}</i>"
        if fac is not None:
            faction_line = escape(fac.name) + (f": {escape(fac.tagline)}" if fac.tagline and L["h"] >= px(700) else "")
            tag_html += f"<br><font color='{_hex(self.app.palette.text_dim)}'>{faction_line}</font>"
        if L["h"] >= px(640):
            self.tagline = UITextBox(tag_html, rect(ax, y, aw, -1), m, container=root, wrap_to_height=True)
            y += self.tagline.rect.height + px(8)
        else:  # a short window (or a large UI scale): one line; pointing at it shows it all in the rules panel
            plain = st.tagline + (f" ({fac.name})" if fac is not None else "")
            self.tagline = UILabel(rect(ax, y, aw, px(26)), fit_text(self.app.text, plain, 13, aw - px(10)), m,
                                   container=root, object_id="#dim")
            self.tagline.html_text = tag_html
            y += px(26) + px(4)
        self._tag_html = f"<b>{escape(st.name)}</b><br>{tag_html}"
        cap = bm.max_units(self.catalog, self.spec)
        UILabel(rect(ax, y, aw, lab_h), f"Add a unit ({cap} at most)", m, container=root, object_id="#dim")
        y += lab_h
        check_h = max(px(110), int((bottom - top) * 0.25))
        types_h = bottom - check_h - px(8) - y
        self.sc_types = UIScrollingContainer(rect(ax, y, aw, types_h), m, container=root, allow_scroll_x=False)
        self._build_type_rows(aw, types_h)
        self.check_box = UITextBox("", rect(ax, bottom - check_h, aw, check_h), m, container=root)

        # -- column B: squad list, name, card ---------------------------------------------------------
        bx, bw = L["bx"], L["bw"]
        y = top
        self.l_squad = UILabel(rect(bx, y, bw, lab_h), "Your squad", m, container=root, object_id="#dim")
        y += lab_h
        list_h = max(px(90), min(px(30) * 8 + px(4), bottom - y - row_h - px(18) - px(270)))
        self._list_rect = rect(bx, y, bw, list_h)
        y += list_h + px(8)
        rb_w = px(110)
        self.e_rename = UITextEntryLine(rect(bx, y, bw - rb_w - px(8), row_h), m, container=root,
                              placeholder_text="Unit name")
        self.e_rename.set_text_length_limit(32)
        self.b_remove = UIButton(rect(bx + bw - rb_w, y, rb_w, row_h), "Remove", m, container=root,
                                 object_id="#danger", tool_tip_text="Remove the selected unit from the squad")
        y += row_h + px(10)
        self._card_rect = pygame.Rect(bx, y, bw, bottom - y)

        # -- column C: gear, rules --------------------------------------------------------------------
        cx, cw = L["cx"], L["cw"]
        y = top
        self.l_gear = UILabel(rect(cx, y, cw, lab_h), "Gear", m, container=root, object_id="#dim")
        y += lab_h
        rules_h = max(px(140), int((bottom - top) * 0.30))
        gear_h = bottom - rules_h - px(8) - y
        self._gear_rect = rect(cx, y, cw, gear_h)
        self.rules_box = UITextBox(self.rules_html, rect(cx, bottom - rules_h, cw, rules_h), m, container=root)

        # -- bottom bar -------------------------------------------------------------------------------
        by, bh = L["bar_y"], L["bar_h"]
        names = ["Back", "Default squad", "Open roster", "Save roster", "Import code", "Export code"]
        n = len(names)
        gap = px(10)
        bwid = min(px(178), (w - 2 * L["mg"] - (n - 1) * gap) // n)
        tips = {
            "Default squad": "Replace this squad with the faction's ready-made 100 GP squad",
            "Open roster": "Open a squad you saved",
            "Save roster": "Save this squad as a roster (saves/rosters/)",
            "Import code": "Build a squad from a squad code someone shared (RS1-...)",
            "Export code": "Show this squad as a code to share, and copy it",
        }
        buttons = []
        x = L["mg"]
        for i, nm in enumerate(names):
            if i == 1:
                x = w - L["mg"] - (n - 1) * bwid - (n - 2) * gap
            b = UIButton(rect(x, by, bwid, bh), nm, m, container=root, tool_tip_text=tips.get(nm),
                         object_id="#primary" if nm == "Save roster" else None)
            buttons.append(b)
            x += bwid + gap
        (self.b_back, self.b_default, self.b_open, self.b_save, self.b_import, self.b_export) = buttons
        self._gear_for = None
        self.refresh()

    # -- unit types ----------------------------------------------------------------------------------
    def _build_type_rows(self, aw: int, h: int) -> None:
        m = self.app.manager
        px = self.px
        sc = self.sc_types
        types = bm.recruitable_types(self.catalog, self.squad_type)
        line_h = px(26)
        row_h = px(58)
        inner_w = aw - (px(20) if len(types) * row_h > h else 0) - px(4)
        add_w = px(56)
        T = self.app.text
        lw = inner_w - add_w - px(6)
        # narrow (a large UI scale): the Add button beside the name only, the stats under both, as wide as the row
        narrow = any(T.size(f"{ut.label}  ·  {ut.gp} GP", 14)[0] > lw - px(10) or
                     self._stats_fit(ut, lw).endswith("…") for ut in types)
        if narrow:
            add_w = px(46)
            lw = inner_w - add_w - px(6)
        self.type_buttons = {}
        self.type_lines = []
        y = px(2)
        for ut in types:
            name = UILabel(rect(0, y, lw, line_h), fit_text(T, f"{ut.label}  ·  {ut.gp} GP", 14, lw - px(10)), m,
                           container=sc)
            sw = inner_w if narrow else lw
            stats = UILabel(rect(0, y + line_h, sw, px(24)), self._stats_fit(ut, sw), m, container=sc,
                            object_id="#dim")
            b = UIButton(rect(inner_w - add_w, y + (px(1) if narrow else px(8)), add_w, line_h - px(2) if narrow
                              else px(32)), "Add", m, container=sc)
            self.type_buttons[ut.id] = b
            self.type_lines.append((ut.id, [name, stats, b]))
            y += row_h
        sc.set_scrollable_area_dimensions((inner_w, max(y, 1)))

    def _refresh_types(self) -> None:
        for tid, els in self.type_lines:
            block = bm.add_unit_block(self.catalog, self.spec, tid, self.budget)
            b = els[2]
            if block is None:
                b.enable()
                b.set_tooltip(f"Add a {escape(self.catalog.unit_types[tid].name)} to the squad")
            else:
                b.disable()
                b.set_tooltip(escape(block))
            ut = self.catalog.unit_types[tid]
            els[1].set_text(self._fit(block, 13, els[1]) if block else self._stats_fit(ut, els[1].rect.w))
            colour = self.app.palette.warn if block else self.app.palette.text_dim
            _label_colour(els[1], colour)

    # -- squad list ----------------------------------------------------------------------------------
    def _refresh_list(self) -> None:
        cat = self.catalog
        items = []
        for i, u in enumerate(self.spec.units):
            ut = cat.unit_types.get(u.unit_type)
            tname = ut.label if ut else u.unit_type
            nm = bm.unit_name(cat, u)
            card = bm.safe_card(cat, u)
            tail = f"  ·  {bm.safe_gp(cat, u)} GP" + ("  ·  Leader" if card is not None and card.is_leader else "")
            text = f"{i + 1}. {nm}" + (f"  ·  {tname}" if nm != (ut.name if ut else "") else "") + tail
            room = self._list_rect.w - self.px(40)
            if self.app.text.size(text, 14)[0] > room:  # narrow: the type is on the card under the list
                text = f"{i + 1}. {nm}" + tail
            items.append(fit_text(self.app.text, text, 14, room))
        self.squad_items = items
        if self.squad_list is not None:
            self.squad_list.kill()
        default = items[self.selected] if self.selected is not None and self.selected < len(items) else None
        self.squad_list = UISelectionList(self._list_rect, items, self.app.manager, container=self.root,
                                          default_selection=default)
        sb = self.squad_list.scroll_bar
        if sb is not None and self.selected is not None and len(items) > 1:
            sb.set_scroll_from_start_percentage(max(0.0, (self.selected - 2) / len(items)))
            self.squad_list.update(0.0)
        n, cap = len(self.spec.units), bm.max_units(cat, self.spec)
        if n:
            self.l_squad.set_text(f"Your squad  ·  {n} of {cap} Units")
        else:  # the longest of these that fits its line
            room = self.l_squad.rect.w - self.px(10)
            said = ("Your squad is empty: add units from the list on the left, or load the Default squad",
                    "Your squad is empty: add units from the left, or the Default squad",
                    "Empty: add units from the left, or the Default squad", "Empty: add units from the left")
            self.l_squad.set_text(next((t for t in said if self.app.text.size(t, 13)[0] <= room), said[-1]))

    # -- gear ----------------------------------------------------------------------------------------
    def _build_gear(self) -> None:
        """Lay out the gear lines of the selected unit's type (their states are updated in place by refresh).

        Widgets are pooled: making pygame-gui elements is slow (about 2 ms each), so switching units moves and
        relabels the existing ones and makes only what is missing."""
        m = self.app.manager
        px = self.px
        r = self._gear_rect
        if self.sc_gear is None:
            self.sc_gear = UIScrollingContainer(r, m, container=self.root, allow_scroll_x=False)
            self._pool_lines: list[tuple[UIButton, UILabel, UILabel]] = []
            self._pool_heads: list[UILabel] = []
            self._gear_empty = None
        else:
            bar = getattr(self.sc_gear, "vert_scroll_bar", None)
            if bar is not None:
                bar.set_scroll_from_start_percentage(0.0)
        sc = self.sc_gear
        self.gear_lines = []
        self.gear_buttons = {}
        self._gear_for = self._gear_key()
        for els in self._pool_lines:
            for el in els:
                el.hide()
        for el in self._pool_heads:
            el.hide()
        if self.selected is None:
            self.l_gear.set_text("Gear")
            if self._gear_empty is None:
                self._gear_empty = UITextBox("Select a unit in your squad to choose its weapons and skills.",
                                             rect(0, 0, r.w - px(24), px(80)), m, container=sc)
            self._gear_empty.show()
            sc.set_scrollable_area_dimensions((r.w - px(24), px(80)))
            return
        if self._gear_empty is not None:
            self._gear_empty.hide()
        rows = bm.gear_rows(self.catalog, self.spec, self.selected, self.budget)
        groups = [("Always carried", [x for x in rows if x.default]),
                  ("Weapons", [x for x in rows if not x.default and x.kind in ("melee", "ranged")]),
                  ("Skills", [x for x in rows if not x.default and x.kind not in ("melee", "ranged")])]
        head_h, btn_h = px(24), px(27)
        compact = r.w < px(440)  # narrow: the details go on a second line under the button
        line_h = btn_h + (px(21) if compact else px(3))
        total = sum(head_h + len(g) * line_h for _, g in groups if g) + px(4)
        inner_w = r.w - (px(20) if total > r.h else 0) - px(4)
        cost_w = px(70)
        if compact:
            btn_w = inner_w - cost_w - px(6)
            det_x, det_w = px(10), inner_w - px(10)
        else:
            btn_w = max(px(150), int(inner_w * 0.40))
            det_x, det_w = btn_w + px(6), inner_w - btn_w - cost_w - px(12)
        det_h = px(20) if compact else btn_h

        def place(el, x, y, w, h) -> None:
            if el.relative_rect.size != (w, h):
                el.set_dimensions((w, h))
            el.set_relative_position((x, y))
            el.show()

        y = px(2)
        n_head = n_line = 0
        for title, group in groups:
            if not group:
                continue
            if n_head < len(self._pool_heads):
                head = self._pool_heads[n_head]
                head.set_text(title)
                place(head, 0, y, inner_w, head_h)
            else:
                head = UILabel(rect(0, y, inner_w, head_h), title, m, container=sc, object_id="#dim")
                self._pool_heads.append(head)
            n_head += 1
            y += head_h
            for row in group:
                det_y = y + btn_h if compact else y
                if n_line < len(self._pool_lines):
                    b, det, cost = self._pool_lines[n_line]
                    place(b, 0, y, btn_w, btn_h)
                    place(det, det_x, det_y, det_w, det_h)
                    place(cost, inner_w - cost_w, y, cost_w, btn_h)
                else:
                    b = UIButton(rect(0, y, btn_w, btn_h), "", m, container=sc, object_id="#action")
                    det = UILabel(rect(det_x, det_y, det_w, det_h), "", m, container=sc, object_id="#small")
                    cost = UILabel(rect(inner_w - cost_w, y, cost_w, btn_h), "", m, container=sc)
                    self._pool_lines.append((b, det, cost))
                n_line += 1
                self.gear_lines.append(_GearLine(row, b, det, cost))
                self.gear_buttons[row.gear_id] = b
                y += line_h
        sc.set_scrollable_area_dimensions((inner_w, y + px(2)))

    def _gear_key(self):
        """The gear lines depend only on the unit type (states are updated in place)."""
        return (self.spec.squad_type, self.spec.units[self.selected].unit_type if self.selected is not None else None)

    def _refresh_gear(self) -> None:
        if self._gear_key() != self._gear_for or self.sc_gear is None:
            self._build_gear()
        if self.selected is None:
            return
        u = self.spec.units[self.selected]
        self.l_gear.set_text(f"Gear of {bm.unit_name(self.catalog, u)}  ·  {bm.safe_gp(self.catalog, u)} GP")
        rows = {r.gear_id: r for r in bm.gear_rows(self.catalog, self.spec, self.selected, self.budget)}
        p = self.app.palette
        for line in self.gear_lines:
            row = rows.get(line.row.gear_id, line.row)
            line.row = row
            mark = "[x]" if row.chosen else "[  ]"
            line.button.set_text(self._fit(f"{mark} {row.label}", 14, line.button, pad=24))
            b = line.button
            enabled = not (row.default or (row.block and not row.chosen))
            selected = enabled and row.chosen
            if b.is_selected and not selected:
                b.enable()  # unselect() draws the normal state: do it before disabling
                b.unselect()
            if enabled:
                b.enable()
            else:
                b.disable()
            if selected and not b.is_selected:
                b.select()
            b.set_tooltip("Always carried by this unit type" if row.default else
                          (escape(row.block) if not enabled and row.block else None))
            if row.block:
                block = row.block
                if self.app.text.size(block, 12)[0] > line.detail.rect.width - self.px(10):  # narrow: the holder's
                    block = row.block_short  # name is enough (the rules panel has it all)
                line.detail.set_text(self._fit(block, 12, line.detail))
                _label_colour(line.detail, p.warn if not row.chosen else p.bad)
            else:
                line.detail.set_text(self._fit(row.detail, 12, line.detail))
                _label_colour(line.detail, p.text if row.chosen else p.text_dim)
            line.cost.set_text(row.cost_text)
            _label_colour(line.cost, p.good if row.chosen and not row.default else p.text_dim)

    def _stats_fit(self, ut, width: int) -> str:
        stats = [("ACT", ut.act), ("ARM", ut.arm), ("HIT", ut.hit), ("MSK", ut.msk), ("RSK", ut.rsk)]
        for sep, fmt in (("  ", "{} {}"), (" ", "{} {}"), (" ", "{}{}")):
            text = sep.join(fmt.format(k, v) for k, v in stats)
            if self.app.text.size(text, 13)[0] <= width - self.px(10):
                return text
        return fit_text(self.app.text, text, 13, width - self.px(10))

    def _fit(self, text: str, size: int, element, pad: int = 10) -> str:
        return fit_text(self.app.text, text, size, element.rect.width - self.px(pad))

    # -- everything that depends on the squad ------------------------------------------------------------
    def refresh(self, keep_rename: bool = False) -> None:
        if self.selected is not None and self.selected >= len(self.spec.units):
            self.selected = len(self.spec.units) - 1 if self.spec.units else None
        self.reasons = bm.check(self.catalog, self.spec, self.budget)
        self._refresh_types()
        self._refresh_list()
        self._refresh_gear()
        if self.selected is None:
            self.e_rename.set_text("")
            self.e_rename.disable()
            self.b_remove.disable()
        else:
            self.e_rename.enable()
            self.b_remove.enable()
            if not keep_rename:
                self.e_rename.set_text(self.spec.units[self.selected].name)
        self._refresh_check()
        self._card_version += 1
        if self.spec.units:
            self.b_export.enable()
        else:
            self.b_export.disable()

    def _refresh_check(self) -> None:
        p = self.app.palette
        gp, fv, n = self.gp, self.fv, len(self.spec.units)
        summary = f"{gp} of {self.budget} GP  ·  FV {fv}  ·  {n} Unit{'s' if n != 1 else ''}"
        if not self.reasons:
            html = f"<font color='{_hex(p.good)}' ><b>Valid squad</b></font><br>{summary}"
            if bm.is_mini(self.budget):
                html += ("<br><i>Co-op mini squad: the players agree on one Leader among all mini squads to be "
                         "the Squad Leader.</i>")
                if bm.leader_index(self.catalog, self.spec) is None:
                    html += (f"<br><font color='{_hex(p.warn)}'>This mini squad has no Leader: another "
                             f"player's mini squad must have one.</font>")
        else:
            head = "Not valid yet" if len(self.reasons) == 1 else f"Not valid yet: {len(self.reasons)} problems"
            html = f"<font color='{_hex(p.bad)}' ><b>{head}</b></font><br>{summary}"
            for r in self.reasons:
                html += f"<br>• {escape(r)}"
        self.check_box.set_text(html)

    # == events =====================================================================================
    def handle(self, event, consumed) -> None:
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.dd_faction:
                self._pick_faction(self._type_labels.get(event.text))
            elif event.ui_element is self.dd_budget:
                budget = next((gp for lab, gp in self.budgets if lab == event.text), self.budget)
                if budget != self.budget:
                    self.budget = budget
                    self._gear_for = None
                    self.refresh()
        elif t == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.squad_list:
            if event.text in self.squad_items:
                self.select(self.squad_items.index(event.text))
        elif t == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and event.ui_element is self.squad_list:
            self._reselect = True  # checked in update(): clicking the selected unit again keeps it selected
        elif t == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.e_rename and self.selected is not None:
                self.spec = bm.rename_unit(self.spec, self.selected, self.e_rename.get_text())
                self.refresh(keep_rename=True)
            elif event.ui_element is self.e_name:
                self.spec = SquadSpec(self.spec.squad_type, self.e_name.get_text(), self.spec.units)
        elif t == pygame.KEYDOWN and not consumed and event.key == pygame.K_DELETE:
            if not self._typing() and self.selected is not None:
                self.remove_selected()
        elif t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            chip = self._chip_at(event.pos)
            if chip is not None:
                self._show_rules(chip[1])

    def _typing(self) -> bool:
        focused = self.app.manager.get_focus_set() or ()
        return any(isinstance(el, UITextEntryLine) for el in focused)

    def _button(self, el) -> None:
        from . import builder_dialogs as dlg
        for tid, b in self.type_buttons.items():
            if el is b:
                self.add(tid)
                return
        for gid, b in self.gear_buttons.items():
            if el is b:
                self.toggle(gid)
                return
        if el is self.b_remove:
            self.remove_selected()
        elif el is self.b_back:
            self.back()
        elif el is self.b_default:
            self.ask_default()
        elif el is self.b_save:
            self.app.push(dlg.SaveRosterDialog(self.app, self))
        elif el is self.b_open:
            self.app.push(dlg.OpenRosterDialog(self.app, self))
        elif el is self.b_import:
            self.app.push(dlg.ImportCodeDialog(self.app, self))
        elif el is self.b_export and self.spec.units:
            self.app.push(dlg.ExportCodeDialog(self.app, self, self.code()))

    # -- actions -------------------------------------------------------------------------------------
    def add(self, type_id: str) -> None:
        if bm.add_unit_block(self.catalog, self.spec, type_id, self.budget) is not None:
            return
        self.spec = bm.add_unit(self.catalog, self.spec, type_id)
        self.selected = len(self.spec.units) - 1
        self.rules_html = bm.unit_type_rules(self.catalog, type_id)
        self.rules_box.set_text(self.rules_html)
        self.refresh()

    def toggle(self, gear_id: str) -> None:
        if self.selected is None:
            return
        line = next((x for x in self.gear_lines if x.row.gear_id == gear_id), None)
        if line is not None:
            self._show_rules(line.row.rules)
            if line.row.default or (line.row.block and not line.row.chosen):
                return
        self.spec = bm.toggle_gear(self.spec, self.selected, gear_id)
        self.refresh()

    def select(self, index: int | None) -> None:
        self.selected = index
        self.refresh()

    def remove_selected(self) -> None:
        if self.selected is None:
            return
        self.spec = bm.remove_unit(self.spec, self.selected)
        if not self.spec.units:
            self.selected = None
        else:
            self.selected = min(self.selected, len(self.spec.units) - 1)
        self._gear_for = None
        self.refresh()

    def _pick_faction(self, st) -> None:
        from . import builder_dialogs as dlg
        if st is None or st.id == self.spec.squad_type:
            return

        def switch() -> None:
            old = self.squad_type
            name = self.spec.name if self.spec.name and self.spec.name != old.name else st.name
            self.set_spec(SquadSpec(st.id, name, ()), select=None)

        if self.spec.units:
            n = len(self.spec.units)
            self.app.push(dlg.ConfirmDialog(
                self.app, f"Switch to {st.name}?",
                f"A squad is built from one faction's units: your {n} {self.squad_type.name} unit"
                f"{'s are' if n != 1 else ' is'} removed.", "Switch", switch, on_no=self.build_ui))
        else:
            switch()

    def load_default(self) -> None:
        st = self.squad_type
        if st.default_squad is None:
            self.app.toast("This faction has no default squad", "error")
            return
        self.roster_name = None
        self.set_spec(st.default_squad, clean=True)  # nothing to lose by leaving it: it is always here
        self.app.toast(f"Default {st.name} squad loaded", "ok")

    def ask_default(self) -> None:
        from . import builder_dialogs as dlg
        if self.spec.units and self.dirty:
            self.app.push(dlg.ConfirmDialog(self.app, "Load the default squad?",
                                            "The squad you are building is replaced by the faction's default "
                                            "squad.", "Replace", self.load_default))
        else:
            self.load_default()

    def back(self) -> None:
        from . import builder_dialogs as dlg
        if self.dirty and self.spec.units:
            self.app.push(dlg.ConfirmDialog(self.app, "Leave the squad builder?",
                                            "Your changes to this squad are not saved. Save it as a roster "
                                            "first to keep it.", "Leave", self.app.pop))
        else:
            self.app.pop()

    def before_quit(self) -> str | None:
        if self.dirty and self.spec.units:
            return "Your changes to the squad in the builder are not saved: save it as a roster first to keep it."
        return None

    def intent(self, name: str) -> bool:
        if name == "cancel":
            if self._typing():
                self.app.manager.set_focus_set(None)
                return True
            self.back()
            return True
        return False

    # == rules panel, card chips ====================================================================
    def _show_rules(self, html: str) -> None:
        if html != self.rules_html:
            self.rules_html = html
            self.rules_box.set_text(html)

    def _chip_at(self, pos):
        cr = self._card_rect
        if cr is None or self.selected is None or self.suspended:
            return None
        for r, tip in self.card_view.chips:
            if r.move(cr.x + self.px(2), cr.y + self.px(2)).collidepoint(pos):
                return (tuple(r), tip)
        return None

    def update(self, dt: float) -> None:
        if self.root is None or self.suspended:
            return
        if self._reselect:
            self._reselect = False
            if self.selected is not None and self.squad_list is not None \
                    and self.squad_list.get_single_selection() is None:
                self._refresh_list()
        mouse = self.app.mouse
        # the rules panel follows the mouse over gear lines, unit types and card chips
        if self.sc_gear is not None and self.sc_gear.rect.collidepoint(mouse):
            for line in self.gear_lines:
                if line.contains(mouse):
                    self._show_rules(line.row.rules)
                    break
        elif self.sc_types.rect.collidepoint(mouse):
            for tid, els in self.type_lines:
                if any(el.rect.collidepoint(mouse) for el in els):
                    html = bm.unit_type_rules(self.catalog, tid)
                    block = bm.add_unit_block(self.catalog, self.spec, tid, self.budget)
                    if block:
                        html = f"<font color='{_hex(self.app.palette.warn)}'>{escape(block)}</font><br>{html}"
                    self._show_rules(html)
                    break
        elif self.tagline.rect.collidepoint(mouse):
            self._show_rules(self._tag_html)
        chip = self._chip_at(mouse)
        if chip is not None:
            self._show_rules(chip[1])
        self.hover_chip(chip, dt)

    def kill_ui(self) -> None:
        super().kill_ui()
        self.squad_list = None
        self.sc_gear = None
        self._gear_for = None

    # == drawing ====================================================================================
    def draw(self, screen) -> None:
        p = self.app.palette
        T = self.app.text
        screen.fill(p.bg)
        L = getattr(self, "L", None)
        if L is None:
            return
        px = self.px
        # header summary: GP, FV, Units
        gp, n = self.gp, len(self.spec.units)
        over = gp > self.budget
        x = L["w"] - L["mg"]
        y = px(24)
        r = T.blit(screen, f"{n} Unit{'s' if n != 1 else ''}", (x, y), 17, p.text, True, anchor="topright")
        r = T.blit(screen, f"FV {self.fv}", (r.x - px(22), y), 17, p.text, True, anchor="topright")
        T.blit(screen, f"{gp} / {self.budget} GP", (r.x - px(22), y), 17, p.bad if over else p.good, True,
               anchor="topright")
        # the card of the selected unit
        cr = self._card_rect
        if cr is None:
            return
        pygame.draw.rect(screen, p.panel, cr, border_radius=8)
        pygame.draw.rect(screen, p.panel_edge, cr, 1, border_radius=8)
        if self.selected is None or self.selected >= len(self.spec.units):
            T.blit(screen, "No unit selected", (cr.x + px(12), cr.y + px(10)), 15, p.text_dim, True)
            return
        u = self.spec.units[self.selected]
        card = bm.safe_card(self.catalog, u)
        if card is None:
            T.blit(screen, "This unit's card cannot be built (unknown gear)", (cr.x + px(12), cr.y + px(10)), 13,
                   p.bad)
            return
        note = f"{card.gp} GP  ·  FV {card.fv}"
        if card.is_leader:
            note += f"  ·  Leader: {3 + card.leader_dice} TO dice while it stands"
        try:
            surf = self.card_view.render(_PreviewMatch(self.catalog, card), 0, cr.w - px(4), self._card_version,
                                         note)
        except Exception:  # the card view belongs to the battle screen; never let it break the builder
            T.blit(screen, "The card of this unit cannot be shown", (cr.x + px(12), cr.y + px(10)), 13,
                   p.text_dim)
            return
        if surf.get_height() > cr.h - px(4):
            surf = surf.subsurface((0, 0, surf.get_width(), cr.h - px(4)))
        screen.blit(surf, (cr.x + px(2), cr.y + px(2)))


def _label_colour(label: UILabel, colour) -> None:
    """Recolour a label (the theme has no warning style for labels)."""
    c = pygame.Color(*colour[:3])
    if label.text_colour != c:
        label.text_colour = c
        label.rebuild()


def fit_text(text_renderer, text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis to fit `width` pixels (labels warn and clip when text is too wide)."""
    if width <= 0 or text_renderer.size(text, size, bold)[0] <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_renderer.size(text[:mid].rstrip() + "…", size, bold)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"

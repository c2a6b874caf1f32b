"""Drawing the battle scene. Reads the scene and the match; changes neither (caches aside)."""
from __future__ import annotations

import math

import pygame

from .board import _dashed_line
from .skillui import LANDING, PUSH, SPOT_EFFECT, grant_text
from .sprites import mix
from .wording import count

DEPLOY_NOTE = "Next to deploy: click inside the blue circle."


def draw_battle(sc, screen: pygame.Surface) -> None:
    app = sc.app
    pal = app.palette
    L = sc.layout
    view = L["view"]
    cam = sc.camera
    m = sc.match
    screen.fill(pal.bg, view)
    prev_clip = screen.get_clip()
    screen.set_clip(view)
    sc.renderer.draw_board(screen, cam, m.table.doors_open, sc.show_grid)
    if m.phase == "deploy":
        _draw_deploy(sc, screen)
    pv = sc.preview if sc._preview_key is not None else None
    if pv is not None and sc.mode in ("move", "dash"):
        _draw_reach(sc, screen, pv)
    if pv is not None and sc.mode in ("ranged", "melee"):
        _draw_range(sc, screen, pv)
    if m.tokens:
        _draw_tokens(sc, screen)
    if sc.skill is not None:
        _draw_skill_choices(sc, screen)
    _draw_units(sc, screen, pv)
    if sc.skill is not None:
        _draw_skill_hover(sc, screen)
    if pv is not None and sc.mode in ("move", "dash"):
        _draw_path(sc, screen, pv)
    if pv is not None and sc.mode in ("ranged", "melee") and sc.hover_target is not None:
        _draw_sight(sc, screen, pv, sc.hover_target)
    sc.effects.draw_board_effects(screen, cam, app)
    if not sc.prompt_panel.active and sc.effects.banner is None:
        sc.effects.draw_tray(screen, view, app)
    screen.set_clip(prev_clip)
    sc.prompt_panel.draw(screen, m)
    _region(sc, screen, "top", sc.layout["top"], _top_key(sc), lambda s: _draw_top(sc, s))
    _draw_panel_cached(sc, screen)
    hint = _hint_text(sc)
    _region(sc, screen, "hint", sc.layout["hint"], (hint, app.palette.name), lambda s: _draw_hint(sc, s, hint))


def draw_battle_over(sc, screen: pygame.Surface) -> None:
    if sc.suspended:
        return
    sc.effects.draw_banner(screen, sc.layout["view"], sc.app)
    _draw_hover_label(sc, screen)


# -- board layers ---------------------------------------------------------------------------------------
def _draw_deploy(sc, screen) -> None:
    app, m, cam = sc.app, sc.match, sc.camera
    pal = app.palette
    pulse = 0.5 + 0.5 * math.sin(sc.time * 3)
    for dz in m.mission.zones(m):  # exactly the zones the match checks
        z = dz.zone
        own = dz.side == sc.side
        col = mix(pal.zone, (255, 255, 255), 0.3 * pulse) if own else pal.zone
        if z.circle is not None:
            cx, cy, r = z.circle
            pygame.draw.circle(screen, col, cam.to_screen(cx, cy), cam.length(r), 3 if own else 1)
            if own:
                app.text.blit(screen, "DEPLOY HERE", cam.to_screen(cx, cy - r - 0.3), 13, pal.zone, True,
                              anchor="midbottom", shadow=True)
        elif z.polygon:
            pts = [cam.to_screen(*p) for p in z.polygon]
            pygame.draw.polygon(screen, col, pts, 3 if own else 1)
    g = sc.ghost
    if g is not None and sc.deploy_uid is not None:
        x, y, ok, reason, r = g
        col = pal.good if ok else pal.bad
        s = pygame.Surface((cam.length(r) * 2 + 4,) * 2, pygame.SRCALPHA)
        c = s.get_width() // 2
        pygame.draw.circle(s, col + (110,), (c, c), cam.length(r))
        pygame.draw.circle(s, col + (255,), (c, c), cam.length(r), 2)
        if not ok:
            d = int(cam.length(r) * 0.6)
            pygame.draw.line(s, col, (c - d, c - d), (c + d, c + d), 3)
            pygame.draw.line(s, col, (c - d, c + d), (c + d, c - d), 3)
        screen.blit(s, s.get_rect(center=cam.to_screen(x, y)))


def _reach_surface(sc, pv):
    cam = sc.camera
    key = (id(pv), cam.ppi, sc.mode, sc.app.palette.name)
    if sc._reach_key == key and sc._reach_surf is not None:
        return sc._reach_surf
    pal = sc.app.palette
    spots = pv.spots
    if not spots:
        sc._reach_surf, sc._reach_key = (None, (0, 0)), key
        return sc._reach_surf
    step = pv.step
    xs = [s[0] for s in spots]
    ys = [s[1] for s in spots]
    x0, y0 = min(xs) - step, min(ys) - step
    W = int((max(xs) - x0 + step) * cam.ppi) + 2
    H = int((max(ys) - y0 + step) * cam.ppi) + 2
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    col = pal.reach if sc.mode == "move" else pal.dash
    half = step * cam.ppi / 2
    size = max(2, int(math.ceil(step * cam.ppi)))
    z0 = pv.start_z
    for x, y, z, cost in spots:
        px_ = int((x - x0) * cam.ppi - half)
        py_ = int((y - y0) * cam.ppi - half)
        climbed = abs(z - z0) > 0.01
        a = 120 if climbed else 62
        c = mix(col, (255, 255, 255), 0.35) if climbed else col
        surf.fill(c + (a,), (px_, py_, size, size))
    # an outline of the area: cells with a missing neighbour
    def cell(x, y):
        return int(math.floor(x / step + 1e-6)), int(math.floor(y / step + 1e-6))

    have = {cell(s[0], s[1]) for s in spots}
    edge = mix(col, (255, 255, 255), 0.4) + (230,)
    for x, y, z, cost in spots:
        i, j = cell(x, y)
        cx = (x - x0) * cam.ppi
        cy = (y - y0) * cam.ppi
        if (i - 1, j) not in have:
            pygame.draw.line(surf, edge, (cx - half, cy - half), (cx - half, cy + half), 2)
        if (i + 1, j) not in have:
            pygame.draw.line(surf, edge, (cx + half, cy - half), (cx + half, cy + half), 2)
        if (i, j - 1) not in have:
            pygame.draw.line(surf, edge, (cx - half, cy - half), (cx + half, cy - half), 2)
        if (i, j + 1) not in have:
            pygame.draw.line(surf, edge, (cx - half, cy + half), (cx + half, cy + half), 2)
    sc._reach_surf = (surf, (x0, y0))
    sc._reach_key = key
    return sc._reach_surf


def _draw_reach(sc, screen, pv) -> None:
    surf, (x0, y0) = _reach_surface(sc, pv)
    if surf is not None:
        screen.blit(surf, sc.camera.to_screen(x0, y0))


def _draw_path(sc, screen, pv) -> None:
    app, cam = sc.app, sc.camera
    pal = app.palette
    path = sc.hover_path
    if path is None or sc.hover_spot is None:
        return
    pts = [cam.to_screen(p[0], p[1]) for p in path.points]
    threats = pv.aoo_threats(path)
    col = pal.bad if threats else pal.select
    if len(pts) >= 2:
        pygame.draw.lines(screen, (0, 0, 0), False, pts, 5)
        pygame.draw.lines(screen, col, False, pts, 3)
    for p in path.points[1:-1]:
        pygame.draw.circle(screen, col, cam.to_screen(p[0], p[1]), 4)
    x, y, z = path.points[-1]
    v = sc.by_uid.get(sc.selected)
    r = v.r if v is not None else 0.5
    ghost = pygame.Surface((cam.length(r) * 2 + 4,) * 2, pygame.SRCALPHA)
    c = ghost.get_width() // 2
    pygame.draw.circle(ghost, col + (90,), (c, c), cam.length(r))
    pygame.draw.circle(ghost, col + (255,), (c, c), cam.length(r), 2)
    gp = cam.to_screen(x, y)
    screen.blit(ghost, ghost.get_rect(center=gp))
    # the cost right by the cursor
    txt = f'{path.cost:.1f}" of {pv.budget:g}"'
    if path.climbs:
        txt += f"  ·  {path.climbs} climb{'s' if path.climbs > 1 else ''}"
    if abs(z - pv.start_z) > 0.01:
        txt += f'  ·  ends {z:g}" up' if z > 0 else "  ·  ends on the ground"
    t = app.text.render(txt, 13, (255, 255, 255), True)
    r_ = t.get_rect(midbottom=(gp[0], gp[1] - cam.length(r) - 6)).inflate(10, 4)
    pygame.draw.rect(screen, (10, 12, 16), r_, border_radius=5)
    pygame.draw.rect(screen, col, r_, 1, border_radius=5)
    screen.blit(t, t.get_rect(center=r_.center))
    if threats:
        names = ", ".join(sc.match.unit(e).name for e in threats)
        w = app.sprites.warning(18)
        t2 = app.text.render(f"Attack of Opportunity: {names}", 12, pal.warn, True)
        r2 = pygame.Rect(0, 0, t2.get_width() + 30, max(22, t2.get_height() + 6))
        r2.midtop = (gp[0], gp[1] + cam.length(r) + 6)
        pygame.draw.rect(screen, (10, 12, 16), r2, border_radius=5)
        pygame.draw.rect(screen, pal.warn, r2, 1, border_radius=5)
        screen.blit(w, (r2.x + 5, r2.centery - 9))
        screen.blit(t2, (r2.x + 26, r2.centery - t2.get_height() // 2))


def _draw_range(sc, screen, pv) -> None:
    """Targets: a reticle on every valid one, a crossed ring on the others; the weapon's range."""
    app, cam = sc.app, sc.camera
    pal = app.palette
    me = sc.by_uid.get(sc.selected)
    w = pv.weapon
    if me is not None and w is not None and w.range_inches is not None and sc.match.table.measure != "grid":
        pygame.draw.circle(screen, pal.sight, cam.to_screen(me.x, me.y), cam.length(w.range_inches + me.r), 1)
    for uid, info in pv.targets.items():
        v = sc.by_uid.get(uid)
        if v is None:
            continue
        r_px = max(5, int(v.r * cam.ppi))
        if info.reason is None:
            ring = app.sprites.ring(r_px + 3, pal.good, 3, ticks=True)
        else:
            ring = app.sprites.ring(r_px + 2, (150, 150, 150), 2, crossed=True)
        screen.blit(ring, ring.get_rect(center=cam.to_screen(v.x, v.y)))


def _draw_sight(sc, screen, pv, info) -> None:
    app, cam = sc.app, sc.camera
    pal = app.palette
    s = info.sight
    if s is None:  # melee: a line between the bases
        a, b = sc.by_uid.get(sc.selected), sc.by_uid.get(info.uid)
        if a and b:
            pygame.draw.line(screen, pal.good if info.reason is None else pal.bad, cam.to_screen(a.x, a.y),
                             cam.to_screen(b.x, b.y), 3)
        return
    col = pal.sight if s.visible else pal.bad
    if s.visible and s.cover:
        col = pal.cover
    for a, b in s.lines:
        pa, pb = cam.to_screen(*a), cam.to_screen(*b)
        if s.visible:
            pygame.draw.line(screen, (0, 0, 0), pa, pb, 4)
            pygame.draw.line(screen, col, pa, pb, 2)
        else:
            _dashed_line(screen, col, pa, pb, 2, 7, 5)
        pygame.draw.circle(screen, col, pb, 4)
    if not s.lines:
        a, b = sc.by_uid.get(sc.selected), sc.by_uid.get(info.uid)
        if a and b:
            _dashed_line(screen, col, cam.to_screen(a.x, a.y), cam.to_screen(b.x, b.y), 2, 7, 5)


def _draw_units(sc, screen, pv) -> None:
    app, cam, m = sc.app, sc.camera, sc.match
    pal = app.palette
    battle = m.phase == "battle"
    active = m.active_unit
    pulse = 0.5 + 0.5 * math.sin(sc.time * 4)
    pick = m.prompt.options if (m.prompt is not None and m.prompt.kind == "pick_npc") else ()
    mine = _prompt_rings(sc)
    names = app.settings.show_names
    labels = []
    for v in sorted(sc.units, key=lambda q: (q.z, q.y)):
        at = None
        a = sc.anims.get(v.uid)
        if a is not None:
            at = a.pos()
        dim = battle and not v.item and not v.ready and v.uid != active
        sx, sy = cam.to_screen(*(at or (v.x, v.y)))
        r_px = max(5, int(round(v.r * cam.ppi)))
        if v.uid == active:
            pygame.draw.circle(screen, pal.select, (sx, sy), r_px + 6, 3)
        elif v.uid == sc.selected:
            pygame.draw.circle(screen, mix(pal.select, (255, 255, 255), pulse * 0.4), (sx, sy), r_px + 5, 2)
        if v.uid in pick:
            pygame.draw.circle(screen, mix(pal.npc, (255, 255, 255), pulse), (sx, sy), r_px + 7, 3)
        elif v.uid in mine:
            col, clickable = mine[v.uid]
            if clickable:
                ring = app.sprites.ring(r_px + 5, mix(col, (255, 255, 255), 0.3), 3, ticks=True)
                screen.blit(ring, ring.get_rect(center=(sx, sy)))
            else:
                pygame.draw.circle(screen, mix(col, (255, 255, 255), pulse * 0.4), (sx, sy), r_px + 6, 3)
        sc.renderer.draw_unit(screen, cam, v, dim, at=at)
        if v.uid == sc.hover_uid:
            pygame.draw.circle(screen, (255, 255, 255), (sx, sy), r_px + 3, 1)
        if v.uid in (sc.selected, active, sc.hover_uid) or (names and cam.ppi >= 40):
            labels.append((v.name, (sx, sy + r_px + 3)))
    for name, pos in labels:  # names after all bases, so no base covers them
        app.text.blit(screen, name, pos, 10, (240, 240, 240), True, anchor="midtop", shadow=True)


# -- tokens, skills and prompts on the table ------------------------------------------------------------------
TOKEN_NAMES = {"smoke": "Smoke", "scan": "Scan marker", "gaze": "Dark Gaze"}


def _cache(sc, name: str = "surfaces", limit: int = 64) -> dict:
    """A small per-scene cache (surfaces, wrapped lines), emptied when it grows past `limit`."""
    caches = getattr(sc, "_draw_cache", None)
    if caches is None:
        caches = sc._draw_cache = {}
    c = caches.setdefault(name, {})
    if len(c) > limit:
        c.clear()
    return c


def _disc(sc, r_px: int, fill, edge) -> pygame.Surface:
    key = ("disc", r_px, fill, edge)
    cache = _cache(sc)
    surf = cache.get(key)
    if surf is None:
        surf = pygame.Surface((2 * r_px + 4, 2 * r_px + 4), pygame.SRCALPHA)
        c = r_px + 2
        pygame.draw.circle(surf, fill, (c, c), r_px)
        if edge is not None:
            pygame.draw.circle(surf, edge, (c, c), r_px, 2)
        cache[key] = surf
    return surf


def _draw_tokens(sc, screen) -> None:
    """Smoke (a grey cloud), Scan markers and Dark Gaze tokens (their area as a ring)."""
    app, cam = sc.app, sc.camera
    pal = app.palette
    for t in sc.match.tokens:
        kind = t.get("kind")
        c = cam.to_screen(t["x"], t["y"])
        r = max(4, cam.length(t.get("radius", 1.0)))
        if kind == "smoke":
            if r <= 900:
                disc = _disc(sc, r, (150, 156, 166, 120), (215, 220, 228, 210))
                screen.blit(disc, disc.get_rect(center=c))
            col = (225, 228, 235)
        else:
            col = pal.warn if kind == "scan" else pal.item
            pygame.draw.circle(screen, (0, 0, 0), c, r, 4)
            pygame.draw.circle(screen, col, c, r, 2)
        pygame.draw.polygon(screen, col, [(c[0], c[1] - 7), (c[0] + 7, c[1]), (c[0], c[1] + 7), (c[0] - 7, c[1])])
        pygame.draw.polygon(screen, (0, 0, 0), [(c[0], c[1] - 7), (c[0] + 7, c[1]), (c[0], c[1] + 7), (c[0] - 7, c[1])],
                            1)
        app.text.blit(screen, TOKEN_NAMES.get(kind, kind), (c[0], c[1] - r - 2), 11, col, True, anchor="midbottom",
                      shadow=True)


def _prompt_rings(sc) -> dict:
    """Units a prompt of the player's is about, uid -> (colour, clickable): the ones to click (a reticle in the
    selection colour), the unit attacked or deciding (white), the attacker (the "bad" colour)."""
    m = sc.match
    p = m.prompt
    if p is None or p.side != sc.side:
        return {}
    pal = sc.app.palette
    white = (240, 240, 240)
    out = {}
    try:
        if p.kind == "devoted":
            out[p.data[0]] = (pal.bad, False)
            out[p.data[2]] = (white, False)
            for u in p.options:
                out[u] = (pal.select, True)
        elif p.kind == "react":
            if m.active_unit is not None:
                out[m.active_unit] = (pal.bad, False)
            for c in p.options:
                if getattr(c, "uid", None) is not None:
                    out[c.uid] = (pal.select, True)
        elif p.kind == "counter":
            out[p.data[0]] = (white, False)
            out[p.data[1]] = (pal.bad, False)
        elif p.decision is not None:
            out[p.decision.uid] = (white, False)
            if m.active_unit is not None and m.active_unit != p.decision.uid:
                out[m.active_unit] = (pal.bad, False)
    except Exception:
        return {}
    return out


def _draw_skill_choices(sc, screen) -> None:
    """While a skill's unit or spot is chosen: the area it may reach, the spots listed, the units to click."""
    app, cam, t = sc.app, sc.camera, sc.skill
    pal = app.palette
    pulse = 0.5 + 0.5 * math.sin(sc.time * 4)
    area = t.area()
    if area is not None:
        c = cam.to_screen(area[0], area[1])
        r = cam.length(area[2])
        if r <= 700:
            disc = _disc(sc, r, pal.select + (26,), None)
            screen.blit(disc, disc.get_rect(center=c))
        pygame.draw.circle(screen, (0, 0, 0), c, r, 4)
        pygame.draw.circle(screen, pal.select, c, r, 2)
    for uid in t.units():
        v = sc.by_uid.get(uid)
        if v is None:
            continue
        r_px = max(5, int(v.r * cam.ppi))
        ring = app.sprites.ring(r_px + 4, mix(pal.select, (255, 255, 255), 0.3), 3, ticks=True)
        screen.blit(ring, ring.get_rect(center=cam.to_screen(v.x, v.y)))
    if t.first is not None:
        v = sc.by_uid.get(t.first)
        if v is not None:
            pygame.draw.circle(screen, pal.select, cam.to_screen(v.x, v.y), max(5, int(v.r * cam.ppi)) + 8, 4)


def _spot_marker(sc, col) -> pygame.Surface:
    """A spot a skill may be used on: a small ringed cross."""
    key = ("spot", col)
    cache = _cache(sc)
    mark = cache.get(key)
    if mark is None:
        mark = pygame.Surface((22, 22), pygame.SRCALPHA)
        pygame.draw.circle(mark, (0, 0, 0), (11, 11), 9, 4)
        pygame.draw.circle(mark, col, (11, 11), 8, 2)
        pygame.draw.line(mark, col, (7, 11), (15, 11), 2)
        pygame.draw.line(mark, col, (11, 7), (11, 15), 2)
        cache[key] = mark
    return mark


def _draw_skill_hover(sc, screen) -> None:
    """Over the bases: the spots listed, and what the hovered spot would do."""
    app, cam, t = sc.app, sc.camera, sc.skill
    pal = app.palette
    spots = t.spots()
    if spots:
        mark = _spot_marker(sc, pal.select)
        half = mark.get_width() // 2
        for x, y in spots:
            c = cam.to_screen(x, y)
            screen.blit(mark, (c[0] - half, c[1] - half))
    h = sc.skill_hover
    if h is None:
        return
    x, y, listed = h
    c = cam.to_screen(x, y)
    col = pal.select if listed else mix(pal.select, (255, 255, 255), 0.4)
    eff = SPOT_EFFECT.get(t.sid)
    if eff:
        pygame.draw.circle(screen, (0, 0, 0), c, cam.length(eff), 3)
        pygame.draw.circle(screen, col, c, cam.length(eff), 2)
    mover = t.uid if t.sid in LANDING else (t.first if t.sid in PUSH else None)
    if mover is not None:
        v = sc.by_uid.get(mover)
        if v is not None:
            r = cam.length(v.r)
            pygame.draw.line(screen, col, cam.to_screen(v.x, v.y), c, 2)
            pygame.draw.circle(screen, col, c, r, 2)
    for u in sc.skill_victims:
        v = sc.by_uid.get(u)
        if v is not None:
            ring = app.sprites.ring(max(5, int(v.r * cam.ppi)) + 3, pal.bad, 3, ticks=True)
            screen.blit(ring, ring.get_rect(center=cam.to_screen(v.x, v.y)))
    pygame.draw.circle(screen, (0, 0, 0), c, 6)
    pygame.draw.circle(screen, col, c, 4)


# -- top bar, panel, hint: painted into an offscreen surface when what they show changes -------------------
def _offscreen(sc) -> pygame.Surface:
    size = sc.app.screen.get_size()
    if sc._off is None or sc._off.get_size() != size:
        sc._off = pygame.Surface(size).convert()
        sc._region_keys = {}
    return sc._off


def _region(sc, screen, name, rect, key, paint, blit: bool = True) -> bool:
    """Repaint `rect` of the offscreen surface if `key` changed; blit it to the screen. True if repainted."""
    off = _offscreen(sc)
    key = (key, tuple(rect))
    changed = sc._region_keys.get(name) != key
    if changed:
        prev = off.get_clip()
        off.set_clip(rect)
        paint(off)
        off.set_clip(prev)
        sc._region_keys[name] = key
    if blit:
        screen.blit(off, rect, area=rect)
    return changed


def _top_key(sc):
    m = sc.match
    p = m.prompt
    a = m.activation
    grant = None if a is None or not a.grant else (a.grant, repr(a.plan), a.max_cost, a.target)
    return (m.phase, m.turn, m.to.get(sc.side, 0), m.waiting_for(), None if p is None else (p.side, p.text),
            m.active_unit, m.act_left(), grant, sc.npc_line, sc.npc_line_uid, sc.app.palette.name,
            tuple(sc.b_skip.rect) if sc.b_skip else 0)


def _panel_key(sc, uid, note):
    m = sc.match
    acts = tuple((st.key, st.cost, st.reason) for st in sc._actions) if m.phase != "deploy" else ()
    buttons = tuple((tuple(b.rect), k) for b, k in sc._action_buttons.items()) + \
        ((tuple(sc.b_end.rect),) if sc.b_end is not None else ())
    und = len([u for u in m.units(sc.side, standing=False) if m.position(u) is None]) if m.phase == "deploy" else 0
    return (sc.version, uid, note, m.phase, acts, buttons, und, sc.app.palette.name, id(sc.card),
            tuple(sc.layout["card"]), sc.card._key, sc.card_scroll)


def _draw_panel_cached(sc, screen) -> None:
    m = sc.match
    L = sc.layout
    panel = L["panel"]
    uid = sc.card_uid()
    note = ""
    if m.phase == "deploy" and uid == sc.deploy_uid and uid is not None:
        note = DEPLOY_NOTE
    sc.card.render(m, uid, L["card"].w, sc.version, note, sc.card_compact)  # (cached): the key below is current
    if uid != sc._card_scroll_uid:  # another unit's card starts at its top
        sc._card_scroll_uid = uid
        sc.card_scroll = 0
    sc.card_scroll = min(sc.card_scroll, sc.card_scroll_max())
    if _region(sc, screen, "panel", panel, _panel_key(sc, uid, note), lambda s: _draw_panel(sc, s, uid, note),
               blit=False):
        sc._region_keys.pop("info", None)
        sc._region_keys.pop("log", None)
    info = L.get("info")
    if info is not None and info.h > 0 and m.phase != "deploy":
        lines = tuple(_info_lines(sc))
        _region(sc, screen, "info", info, (lines, sc.app.palette.name), lambda s: _draw_info(sc, s, lines),
                blit=False)
    lg = sc.log
    _region(sc, screen, "log", lg.rect, (len(lg.entries), lg.scroll, lg._width, id(lg)),
            lambda s: (s.fill(sc.app.palette.panel, lg.rect), lg.draw(s)), blit=False)
    screen.blit(sc._off, panel, area=panel)


def _draw_top(sc, screen) -> None:
    app, m = sc.app, sc.match
    pal, T = app.palette, app.text
    r = sc.layout["top"]
    screen.fill(pal.panel, r)
    pygame.draw.line(screen, pal.panel_edge, (0, r.bottom - 1), (r.right, r.bottom - 1))
    px = sc.px
    x = px(12)
    cy = r.centery
    if m.phase == "deploy":
        t = T.blit(screen, "DEPLOYMENT", (x, cy), 18, pal.select, True, anchor="midleft")
    elif m.phase == "over":
        t = T.blit(screen, "MISSION OVER", (x, cy), 18, pal.select, True, anchor="midleft")
    else:
        t = T.blit(screen, f"TURN {m.turn}/{getattr(m.mission, 'turns', 4)}", (x, cy), 18, pal.select, True,
                   anchor="midleft")
    x = t.right + px(16)
    if m.phase == "deploy":
        T.blit(screen, "Place your squad inside the blue circle", (x, cy), 14, pal.player, True, anchor="midleft")
        return
    # Tactical Orders as tokens
    to = m.to.get(sc.side, 0)
    t = T.blit(screen, "TO", (x, cy), 13, pal.text_dim, True, anchor="midleft")
    x = t.right + px(6)
    for k in range(max(to, 0)):
        pygame.draw.circle(screen, (0, 0, 0), (x + px(7), cy + 1), px(8))
        pygame.draw.circle(screen, pal.select, (x + px(7), cy), px(7))
        x += px(17)
    if to == 0:
        t = T.blit(screen, "0", (x, cy), 14, pal.text_faint, True, anchor="midleft")
        x = t.right
    x += px(16)
    if m.phase == "battle":
        txt, col = top_status(sc)
        limit = sc.b_skip.rect.left - px(8) - x if sc.b_skip is not None else 400
        while txt and T.size(txt, 14, True)[0] > limit:
            txt = txt[:-4] + "..."
        T.blit(screen, txt, (x, cy), 14, col, True, anchor="midleft")
    elif m.phase == "deploy":
        T.blit(screen, "Place your squad inside the blue circle", (x, cy), 14, pal.player, True, anchor="midleft")


def top_status(sc) -> tuple[str, tuple]:
    """The top bar's line in battle: whose decision it is and what is going on, with its colour."""
    m = sc.match
    pal = sc.app.palette
    w = m.waiting_for()
    a = m.active_unit
    if m.prompt is not None and m.prompt.side == sc.side:
        return "Your decision: " + m.prompt.text, pal.select
    if w == sc.side:
        if a is not None:
            g = grant_text(m)
            if g:
                return f"{m.unit(a).name}  ·  {g}", pal.player
            return f"{m.unit(a).name} activating  ·  {m.act_left()} ACT left", pal.player
        return "Your turn: activate a Ready unit", pal.player
    if w in sc.npc_ctl:
        if a is not None and m.side_of(a) == sc.side:  # the NPCs answer during one of our activations
            return f"{m.unit(a).name} activating  ·  the NPCs answer   (Space: skip)", pal.npc
        if a is not None and a == sc.npc_line_uid and sc.npc_line:  # the line of the NPC acting now
            return sc.npc_line + "   (Space: skip)", pal.npc
        return "The NPCs are acting   (Space: skip)", pal.npc
    return "", pal.text


def _draw_panel(sc, screen, uid, note) -> None:
    app, m = sc.app, sc.match
    pal, T = app.palette, app.text
    L = sc.layout
    panel = L["panel"]
    screen.fill(pal.panel, panel)
    pygame.draw.line(screen, pal.panel_edge, panel.topleft, panel.bottomleft)
    cr = L["card"]
    card = sc.card.render(m, uid, cr.w, sc.version, note, sc.card_compact)
    pygame.draw.rect(screen, (24, 29, 36), cr, border_radius=8)
    pygame.draw.rect(screen, pal.panel_edge, cr, 1, border_radius=8)
    prev = screen.get_clip()
    vr = sc.card_view_rect()
    screen.set_clip(vr)
    screen.blit(card, (cr.x, cr.y - sc.card_scroll))
    screen.set_clip(prev)
    if vr.h < cr.h:  # more card than room: say so in a strip of its own, and which way the wheel goes
        _card_more(sc, screen, pygame.Rect(cr.x, vr.bottom, cr.w, cr.bottom - vr.bottom), sc.card_scroll > 0,
                   sc.card_scroll < sc.card_scroll_max())
    if m.phase == "deploy":
        r = L.get("deploy_head")
        if r is not None:
            und = [u for u in m.units(sc.side, standing=False) if m.position(u) is None]
            T.blit(screen, f"To deploy: {len(und)}" if und else "Everyone is deployed: Start battle",
                   r.topleft, 14, pal.text, True)
    else:
        # beside each action button: the cost (or why it is not possible), and its key
        keys = [(b, key) for b, key in sc._action_buttons.items()]
        if sc.b_end is not None:
            keys.append((sc.b_end, "end"))
        for b, key in keys:
            st = next((s for s in sc._actions if s.key == key), None)
            hotkey = "E" if key == "end" else (st.hotkey if st else "")
            br = b.rect
            kc = None
            if hotkey:
                kw = sc.px(22)
                kc = pygame.Rect(L["actions"].right - kw, br.centery - kw // 2, kw, kw)
                pygame.draw.rect(screen, (36, 42, 52), kc, border_radius=4)
                pygame.draw.rect(screen, pal.panel_edge, kc, 1, border_radius=4)
                pygame.draw.line(screen, (16, 18, 22), (kc.x + 2, kc.bottom - 1), (kc.right - 3, kc.bottom - 1), 2)
                T.blit(screen, hotkey, kc.center, 11, pal.text, True, anchor="center")
            if st is None:
                continue
            x = br.right + sc.px(8)
            w = (kc.x if kc else L["actions"].right) - x - sc.px(4)
            if st.enabled:
                cr = T.blit(screen, st.cost, (x, br.centery), 13, pal.text, True, anchor="midleft")
                note = getattr(st, "note", "")
                if note:
                    room = x + w - cr.right - sc.px(8)
                    while note and T.size(note, 11)[0] > room:
                        note = note[:-4] + "..." if len(note) > 4 else ""
                    if note:
                        T.blit(screen, note, (cr.right + sc.px(8), br.centery), 11, pal.text_dim, anchor="midleft")
            else:
                lines = T.wrap(st.reason, 11, w)[:2]
                y = br.centery - (len(lines) * T.line_height(11)) // 2
                for line in lines:
                    T.blit(screen, line, (x, y), 11, pal.text_faint)
                    y += T.line_height(11)


def _card_more(sc, screen, strip, up: bool, down: bool) -> None:
    """The strip under a card that scrolls: "more below: wheel" (or back to the top) with an arrow."""
    pal, T = sc.app.palette, sc.app.text
    label = "more below: wheel" if down else "top: wheel up"
    w = T.size(label, 10, True)[0] + sc.px(26)
    h = T.line_height(10) + sc.px(4)
    r = pygame.Rect(strip.right - w - sc.px(6), strip.bottom - h - sc.px(2), w, h)
    pygame.draw.line(screen, pal.panel_edge, (strip.x + sc.px(6), strip.y), (strip.right - sc.px(6), strip.y))
    pygame.draw.rect(screen, (24, 29, 36), r, border_radius=5)
    pygame.draw.rect(screen, pal.select, r, 1, border_radius=5)
    T.blit(screen, label, (r.x + sc.px(6), r.centery), 10, pal.select, True, anchor="midleft")
    ax, ay, a = r.right - sc.px(11), r.centery, sc.px(4)
    if down:
        pygame.draw.polygon(screen, pal.select, [(ax - a, ay - a // 2), (ax + a, ay - a // 2), (ax, ay + a)])
    elif up:
        pygame.draw.polygon(screen, pal.select, [(ax - a, ay + a // 2), (ax + a, ay + a // 2), (ax, ay - a)])


def _info_lines(sc):
    """The preview box: what the hovered path or target would give."""
    m = sc.match
    pal = sc.app.palette
    lines: list[tuple[str, tuple, bool]] = []
    if m.phase != "battle":
        return lines
    pv = sc.preview if sc._preview_key is not None else None
    if sc.skill is not None:
        return _skill_info(sc, lines)
    if m.prompt is not None and m.prompt.side == sc.side:
        if sc.prompt_panel.active:
            lines.append((f"Answer the question {sc.prompt_where()} of the table view first.", pal.select, True))
        return lines
    if sc.selected is None:
        if m.waiting_for() == sc.side and m.prompt is None:
            lines.append(("Click a Ready unit (or Tab) to see what it can do.", pal.text_dim, False))
        return lines
    if sc.mode in ("move", "dash") and pv is not None:
        name = "Move" if sc.mode == "move" else "Dash"
        lines.append((f'{name}: up to {pv.budget:g}" (climbing included)  ·  {len(pv.spots)} spots', pal.text, True))
        p = sc.hover_path
        if p is not None:
            lines.append((f'Path: {p.cost:.1f}" of {pv.budget:g}"' + (f", {count(p.climbs, 'climb')}" if p.climbs else ""),
                          pal.select, True))
            threats = pv.aoo_threats(p)
            if threats:
                names = ", ".join(m.unit(e).name for e in threats)
                lines.append((f"Warning: leaving {names} allows an Attack of Opportunity (R16)", pal.warn, True))
        else:
            lines.append(("Hover a highlighted spot to see the path; click to go.", pal.text_dim, False))
        return lines
    if sc.mode in ("ranged", "melee") and pv is not None:
        w = pv.weapon
        valid = pv.valid_targets()
        lines.append((f"{w.name}: ATT {w.att}, SKL {w.skl}  ·  {count(len(valid), 'valid target')}", pal.text, True))
        info = sc.hover_target
        if info is None:
            lines.append(("Hover an enemy: range, sight lines, Cover and the odds.", pal.text_dim, False))
            return lines
        if info.reason is not None:
            lines.append((f"{info.name}: {info.reason}", pal.bad, True))
            if info.distance is not None:
                lines.append((f'Distance {info.distance:.1f}"', pal.text_dim, False))
            return lines
        bits = [f'{info.distance:.1f}" away'] if info.distance is not None else []
        if info.sight is not None:
            bits.append("in Cover (1 save re-roll)" if info.setup is not None and info.setup.cover else "no Cover")
            if getattr(info.sight, "high_ground", False):
                bits.append("High Ground")
        lines.append((f"{info.name}: " + ", ".join(bits), pal.text, True))
        o = info.odds
        if o is not None:
            lines.append((f"At least 1 HIT lost: {o.p_any * 100:.0f}%   ·   expected HIT lost: "
                          f"{o.expected_target_loss:.2f}", pal.select, True))
            if o.p_taken_out is not None:
                lines.append((f"Chance to take it out: {o.p_taken_out * 100:.0f}%", pal.good, True))
            if info.melee and o.expected_attacker_loss > 0:
                lines.append((f"Returned Damage to you: expected {o.expected_attacker_loss:.2f} HIT", pal.warn, False))
            lines.append(("Odds with free re-rolls only (no TO spent)", pal.text_faint, False))
        elif info.error:
            lines.append((f"(odds unavailable: {info.error})", pal.text_faint, False))
        return lines
    st = [s for s in sc._actions if s.enabled]
    if not st and m.waiting_for() == sc.side:
        lines.append(("Nothing left to do: End activation (E or Enter).", pal.text_dim, False))
    return lines


def _skill_info(sc, lines):
    from .skillui import skill_rule
    m, t, pal = sc.match, sc.skill, sc.app.palette
    lines.append((t.instruction(), pal.select, True))
    hu = sc.hover_uid
    if hu is not None and hu in t.units():
        h = m.health(hu)
        lines.append((f"{m.unit(hu).name}: HIT {h.hit}/{h.max_hit}  ·  click to choose", pal.text, True))
    h = sc.skill_hover
    if h is not None:
        x, y = (h[0], h[1]) if h[2] else (round(h[0] * 2) / 2, round(h[1] * 2) / 2)  # fewer repaints
        where = f'Spot ({x:.1f}", {y:.1f}")' + ("" if h[2] else ": any point in reach (the rules check it)")
        lines.append((where, pal.text, True))
        if sc.skill_victims:
            lines.append(("Adjacent to it: " + ", ".join(m.unit(u).name for u in sc.skill_victims), pal.warn, True))
    rule = skill_rule(m, t.sid)
    if rule:
        lines.append((rule, pal.text_dim, False))
    return lines


def _draw_info(sc, screen, lines) -> None:
    r = sc.layout.get("info")
    if r is None or r.h <= 0:
        return
    app = sc.app
    pal, T = app.palette, app.text
    screen.fill(pal.panel, r)
    pygame.draw.rect(screen, (20, 24, 30), r, border_radius=6)
    pygame.draw.rect(screen, pal.panel_edge, r, 1, border_radius=6)
    y = r.y + 5
    cache = _cache(sc, "wrap", 256)
    for text, col, bold in lines:
        key = ("wrap", text, r.w, bold)
        wrapped = cache.get(key)
        if wrapped is None:
            wrapped = cache[key] = T.wrap(text, 12, r.w - 14, bold)
        for line in wrapped:
            if y + T.line_height(12) > r.bottom - 2:
                return
            T.blit(screen, line, (r.x + 7, y), 12, col, bold)
            y += T.line_height(12)


def _hint_text(sc) -> str:
    m = sc.match
    if m.phase == "deploy":
        if sc.deploy_uid is not None:
            return (f"Click inside the blue circle to place {m.unit(sc.deploy_uid).name}  ·  Auto-deploy places "
                    "everyone  ·  Ctrl+Z takes back  ·  wheel: zoom, right-drag: pan")
        return "Everyone is placed: Start battle (Enter)  ·  Ctrl+Z takes back the last placement"
    if m.phase == "over":
        return "The mission is over"
    if sc.effects.banner is not None:
        return "Click, Space or Enter: continue"
    w = m.waiting_for()
    if sc.skill is not None:
        return sc.skill.instruction() + "  ·  Esc or right click: back"
    if m.prompt is not None and m.prompt.side == sc.side:
        kind = m.prompt.kind
        if kind == "dice":
            return "Pick a die (click or 1-9), then re-roll or change it, or Accept (Enter)"
        if kind == "parry":
            return "Pick one of the attacker's dice that hit (click or 1-9), then Parry it  ·  Enter: no Parry"
        where = sc.prompt_where()
        if kind in ("devoted", "react"):
            return f"Click a highlighted unit on the table, or answer in the box {where}  ·  Enter: no"
        return f"Answer the question in the box {where} of the table view"
    if w != sc.side:
        return "The NPCs are acting  ·  Space: skip ahead  ·  hover any base to read its card"
    if sc.selected is None:
        return "Click a Ready unit (Tab: next)  ·  G: grid and ruler  ·  F1: help  ·  Esc: menu"
    if sc.enter_ends_activation():
        return "Nothing left to do: E or Enter ends the activation  ·  Ctrl+Z: undo"
    if sc.mode == "move":
        return "Click a highlighted spot to Move  ·  D: Dash  ·  R: shoot  ·  F: fight  ·  E: end activation"
    if sc.mode == "dash":
        return "Click a highlighted spot to Dash  ·  M: Move  ·  Esc: back"
    if sc.mode in ("ranged", "melee"):
        return "Click a target with a green reticle  ·  hover for the odds  ·  Esc or right click: back"
    return "Pick an action on the right  ·  E: end activation  ·  Ctrl+Z: undo"


def _draw_hint(sc, screen, text) -> None:
    app = sc.app
    r = sc.layout["hint"]
    screen.fill((14, 16, 20), r)
    pygame.draw.line(screen, app.palette.panel_edge, r.topleft, r.topright)
    parts = text.split("  ·  ")
    while len(parts) > 1 and app.text.size("  ·  ".join(parts), 12)[0] > r.w - sc.px(20):
        parts.pop()  # drop the least important tips first, never cut one in half
    app.text.blit(screen, "  ·  ".join(parts), (r.x + sc.px(10), r.centery), 12, app.palette.text_dim,
                  anchor="midleft")


def hover_label(sc):
    """(text, colour) of the small label by the cursor: the hovered unit's name and HIT (the reason it can't be
    targeted, or the odds), or why a unit cannot deploy there; None when there is none, or when a banner or the
    question box is under the cursor (one thing at a time)."""
    if sc.mouse_board is None or sc.effects.banner is not None:
        return None
    if sc.prompt_panel.active and sc.prompt_panel.rect.collidepoint(sc.app.mouse):
        return None
    if sc.hover_spot is not None and sc.mode in ("move", "dash"):
        return None  # the path's own label says what matters here
    pal = sc.app.palette
    if sc.hover_uid is None:
        g = sc.ghost
        if g is not None and not g[2] and sc.match.phase == "deploy":
            return f"Cannot deploy here: {g[3]}", pal.bad
        return None
    v = sc.by_uid.get(sc.hover_uid)
    if v is None:
        return None
    txt = f"{v.name}  ·  HIT {v.hit}/{v.max_hit}"
    col = pal.text
    info = sc.hover_target
    if info is not None and info.uid == v.uid:
        if info.reason:
            txt += f"  ·  {info.reason}"
            col = pal.bad
        elif info.odds is not None:
            txt += f"  ·  {info.odds.p_any * 100:.0f}% to hurt"
            col = pal.good
    return txt, col


def _draw_hover_label(sc, screen) -> None:
    label = hover_label(sc)
    if label is not None:
        _label(sc, screen, *label)


def _label(sc, screen, txt, col) -> None:
    app = sc.app
    T = app.text
    mx, my = app.mouse
    t = T.render(txt, 12, col, True)
    r = t.get_rect(bottomleft=(mx + 18, my - 12)).inflate(10, 6)
    view = sc.layout["view"]
    if r.right > view.right:
        r.right = mx - 8
    pygame.draw.rect(screen, (10, 12, 16), r, border_radius=4)
    pygame.draw.rect(screen, col, r, 1, border_radius=4)
    screen.blit(t, t.get_rect(center=r.center))

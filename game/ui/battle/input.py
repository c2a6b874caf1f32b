"""The battle screen's keys, buttons and mouse: hotkey intents, pygame-gui button presses, the wheel, panning
with the right button, and clicks on the table (handed to the input mode's handler)."""
from __future__ import annotations

import pygame
import pygame_gui

from game.match import commands as C

# keys that act on the table: pressed while a banner shows, they clear it and act
ACTION_KEYS = frozenset({"next_unit", "end_activation", "move", "dash", "ranged", "melee", "door", "undo"})


class BattleInput:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.drag = None  # (x, y, moved) while the right button pans

    # == hotkeys ====================================================================================
    def intent(self, name: str) -> bool:
        sc = self.sc
        fx = sc.effects
        if fx.banner is not None:
            # one thing at a time: a banner is read (or dismissed) before anything under it is answered
            if name in ("confirm", "accept", "cancel", "skip") or name.startswith("die_"):
                fx.dismiss()
                return True
            if name in ACTION_KEYS:
                fx.banners.clear()  # the player goes on: the banners make way
        if name == "cancel":
            return self.cancel()
        for table in (self._view_intent, self._game_intent):
            done = table(name)
            if done is not None:
                return done
        return False

    def cancel(self) -> bool:
        sc = self.sc
        if sc.effects.dismiss():
            return True
        if sc.skill is not None:
            sc.skills.cancel()
            return True
        if sc.sel.mode in ("ranged", "melee", "dash"):
            sc.sel.back_to_default()
            return True
        if sc.selected is not None and sc.match.active_unit != sc.selected:
            sc.sel.select(None, None)
            return True
        sc.open_pause()
        return True

    def cancel_soft(self) -> None:
        """Right click: back out of a targeting mode, never into the pause menu."""
        sc = self.sc
        if sc.skill is not None:
            sc.skills.cancel()
        elif sc.sel.mode in ("ranged", "melee", "dash"):
            sc.sel.back_to_default()
        elif sc.selected is not None and sc.match.active_unit != sc.selected:
            sc.sel.select(None, None)

    def _view_intent(self, name: str) -> bool | None:
        """Keys about what the screen shows (the camera, the grid, the log, saving)."""
        sc = self.sc
        cam = sc.camera
        m = sc.match
        if name == "undo":
            sc.undo()
        elif name == "quicksave":
            from game.persistence.save_writing import save_match
            try:
                path = save_match(m, "quicksave", sc.app.saves_dir, label=f"Quick save (Turn {m.turn})")
                sc.mark_saved()
                sc.app.toast(f"Saved: {path.name}", "ok")
            except OSError as e:
                sc.app.message("Cannot save", str(e))
        elif name == "toggle_grid":
            sc.show_grid = not sc.show_grid
            sc.app.settings.show_grid = sc.show_grid
        elif name == "toggle_names":
            sc.app.settings.show_names = not sc.app.settings.show_names
        elif name == "toggle_threat":
            sc.ahead.threat_on = not sc.ahead.threat_on
        elif name in ("pan_left", "pan_right", "pan_up", "pan_down"):
            d = sc.px(60)
            dx = {"pan_left": d, "pan_right": -d}.get(name, 0)
            dy = {"pan_up": d, "pan_down": -d}.get(name, 0)
            cam.pan(dx, dy)
        elif name in ("zoom_in", "zoom_out"):
            cam.zoom_at(1 if name == "zoom_in" else -1, *cam.view.center)
        elif name == "recentre":
            cam.fit()
        elif name in ("log_up", "log_down"):
            sc.log.on_wheel(3 if name == "log_up" else -3)
        elif name == "skip":
            if not sc.effects.dismiss():
                sc.skip = True
                sc.table_view.world.skip()
        else:
            return None
        return True

    def _game_intent(self, name: str) -> bool | None:
        """Keys that answer the match or act in it."""
        sc = self.sc
        m = sc.match
        if sc.skill is not None and name in ("confirm", "accept"):
            sc.skills.confirm()
            return True
        if m.prompt is not None and m.prompt.side == sc.side and sc.prompt_panel.active:
            if name.startswith("die_"):
                sc.prompt_panel.select(int(name[4:]) - 1)
                return True
            if name in ("confirm", "accept"):
                cmd = sc.prompt_panel.accept_command()
                if cmd is not None:
                    sc.submit(cmd)
                return True
            return False
        if m.phase == "deploy":
            if name == "confirm" and not [u for u in m.units(sc.side, standing=False) if m.position(u) is None]:
                if sc.submit(C.EndDeployment(sc.side)):
                    sc.app.toasts.clear()
                return True
            return False
        act = sc.act
        if name == "next_unit":
            act.next_unit()
        elif name == "end_activation":
            act.end_activation()
        elif name == "confirm":
            # Enter does only what the screen offers it for: ending an activation with nothing left to do
            # (a dice prompt that closed itself must not turn the next Enter into "End activation")
            if act.enter_ends_activation():
                act.end_activation()
        elif name in ("move", "dash", "ranged", "melee"):
            sc.sel.set_mode(name)
        elif name == "door":
            act.door()
        elif name in ("spread_fewer", "spread_more"):
            return self.shift_spread(+1 if name == "spread_more" else -1)
        else:
            return None
        return True

    def shift_spread(self, delta: int) -> bool:
        """[ or ]: one die fewer or more for the Spread target under the mouse."""
        sel = self.sc.sel
        pv = sel.shown_preview
        hu = sel.hover_uid
        if sel.mode not in ("ranged", "melee") or pv is None or not pv.spreads or hu not in pv.spread:
            return False
        pv.shift_spread(hu, delta)
        sel.hover_target = pv.target(hu)
        return True

    # == buttons and the mouse =======================================================================
    def button(self, el) -> None:
        sc = self.sc
        panel = sc.panel
        if el is sc.b_menu:
            sc.open_pause()
        elif el is sc.b_help:
            sc.app.open_help()
        elif el is sc.b_undo:
            sc.undo()
        elif el is sc.b_skip:
            sc.effects.banners.clear()
            sc.skip = True
        elif el is panel.b_auto:
            sc.deploy.auto_deploy()
        elif el is panel.b_start:
            if sc.submit(C.EndDeployment(sc.side)):
                sc.app.toasts.clear()
        elif el is panel.b_end:
            sc.act.end_activation()
        elif el in panel.buttons:
            sc.act.do_action(panel.buttons[el])

    def handle(self, event, consumed) -> None:
        sc = self.sc
        m = sc.match
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            cmd = sc.prompt_panel.command_for(event)
            if cmd is not None:
                sc.submit(cmd)
                return
            action = sc.prompt_panel.action_for(event)
            if action is not None:
                action()
                return
            self.button(event.ui_element)
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LALT, pygame.K_RALT):
            sc.ahead.threat_held = event.type == pygame.KEYDOWN  # the threat overlay while Alt is held
            return
        if event.type == pygame.MOUSEWHEEL:
            self.wheel(event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            if not sc.sel.card_follows_hover:
                sc.sel.card_follows_hover = True
                sc.card.invalidate()
            if self.drag is not None:
                sx, sy, moved = self.drag
                dx, dy = event.pos[0] - sx, event.pos[1] - sy
                if moved or abs(dx) + abs(dy) > 4:
                    sc.camera.pan(dx, dy)
                    self.drag = (event.pos[0], event.pos[1], True)
            sc.sel.update_hover()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if sc.layout["view"].collidepoint(event.pos):
                self.drag = (event.pos[0], event.pos[1], False)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self.drag is not None and not self.drag[2]:
                self.cancel_soft()
            self.drag = None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            sc.sel.update_hover()
            self.click(event.pos)

    def wheel(self, dy: int) -> None:
        sc = self.sc
        mx, my = sc.app.mouse
        L = sc.layout
        if L.get("log") is not None and L["log"].collidepoint(mx, my):
            sc.log.on_wheel(dy)
        elif sc.panel.deploy_list is not None and sc.panel.deploy_list.collidepoint(mx, my):
            sc.panel.scroll_deploy(dy)
        elif L.get("actions") is not None and L["actions"].collidepoint(mx, my) and sc.match.phase != "deploy":
            sc.panel.scroll_actions(dy)
        elif L.get("card") is not None and L["card"].collidepoint(mx, my):
            sc.sel.scroll_card(-dy)
        elif L["view"].collidepoint(mx, my):
            if sc.camera.zoom_at(dy, mx, my):
                sc.sel.update_hover()

    def click(self, pos) -> None:
        sc = self.sc
        if sc.prompt_panel.active and sc.prompt_panel.rect.collidepoint(pos):
            sc.prompt_panel.click(pos)
            return
        if sc.match.phase == "deploy" and sc.panel.pick_deploy(pos):
            return
        if not sc.layout["view"].collidepoint(pos):
            return
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        if sc.painter.summary.rect.collidepoint(pos):
            sc.painter.summary.toggle()
            return
        if sc.sel.mouse_board is None:
            return
        x, y = sc.sel.mouse_board
        handler = sc.click_handler()
        if handler is not None:
            handler.click(x, y)

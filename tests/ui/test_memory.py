"""While a battle is on screen the loop paces the garbage collector (game/ui/memory.py): the collector's own passes
over the older generations are off, the young generation is collected at the end of an idle frame (it drew nothing
and worked at nothing), else frozen as it is; when the battle leaves, the collector's thresholds come back and the battle's
objects are collected as before."""
import gc
import weakref

from game.ai.simple import SimpleSquadController
from game.ui.memory import BACKSTOP, IDLE_MS, YOUNG, Memory

from .driver import Driver
from .test_screens import battle


def test_a_battle_on_screen_holds_the_collector_and_gives_it_back_when_it_leaves(app):
    before = gc.get_threshold()
    d = Driver(app)
    sc = battle(d)
    assert app.memory.held
    assert gc.get_threshold() == (BACKSTOP, 10**9, 10**9), "no pass of the collector's own over older objects"
    assert gc.get_freeze_count() > 0, "what the screen built is frozen"
    made = app.memory.collections + app.memory.frozen
    sc.play_by_computer("player", SimpleSquadController("player"))
    for _ in range(120):  # the computer plays: things are made and dropped every frame
        d.step(1)
        if app.memory.collections + app.memory.frozen > made:
            break
    assert app.top is sc and app.memory.collections + app.memory.frozen > made, \
        "the young generation seen to at frames' ends"
    assert len(gc.get_objects(1)) + len(gc.get_objects(2)) < 1000, "what survived was frozen"
    gone = weakref.ref(sc)
    sc.quit_to_title(confirmed=True)
    d.step(3)
    assert not app.memory.held
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0, "everything the collector's again"
    del sc
    gc.collect()
    assert gone() is None, "the battle's scene, cycles and all, collected once it left"


def test_the_young_generation_is_collected_in_an_idle_frame_and_frozen_in_any_other():
    class Cycle:
        pass

    def cycle():
        a, b = Cycle(), Cycle()
        a.other, b.other = b, a
        return weakref.ref(a)

    mem = Memory()
    before = gc.get_threshold()
    try:
        assert not mem.frame_end(0.0, drew=False), "no battle held: the collector's own business"
        mem.hold()
        frozen = gc.get_freeze_count()
        assert not mem.frame_end(0.0, drew=False) and gc.get_freeze_count() == frozen, "not due yet: nothing"
        junk = [[i] for i in range(YOUNG + 50)]  # tracked objects: the young generation is due
        dead = cycle()
        assert gc.get_count()[0] >= YOUNG
        assert not mem.frame_end(1.0, drew=True), "a frame that drew: no collection in it ..."
        assert gc.get_count()[0] < YOUNG and gc.get_freeze_count() > frozen and mem.frozen == 1, "... frozen"
        assert dead() is not None, "a cycle frozen waits for the battle to leave"
        junk += [[i] for i in range(YOUNG + 50)]
        assert not mem.frame_end(IDLE_MS + 1, drew=False) and mem.frozen == 2, "a frame that worked: frozen too"
        junk += [[i] for i in range(YOUNG + 50)]
        gone = cycle()
        assert mem.frame_end(IDLE_MS / 2, drew=False), "an idle frame: collected"
        assert gone() is None and gc.get_count()[0] < YOUNG and not gc.get_objects(1), "the survivors frozen"
    finally:
        while mem.held:
            mem.release()
    assert gc.get_threshold() == before
    gc.collect()
    assert dead() is None, "the battle left: the frozen cycle collected"

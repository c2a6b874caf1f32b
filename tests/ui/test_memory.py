"""While a battle is on screen the loop paces the garbage collector (game/ui/memory.py): the collector's own passes
over the older generations are off, the young generation is collected at the end of a frame that left room for it
and what survives is frozen; when the battle leaves, the collector's thresholds come back and the battle's objects
are collected as before."""
import gc
import weakref

from game.ai.simple import SimpleSquadController
from game.ui.memory import BACKSTOP, LATEST, ROOM_MS, YOUNG, Memory

from .driver import Driver
from .test_screens import battle


def test_a_battle_on_screen_holds_the_collector_and_gives_it_back_when_it_leaves(app):
    before = gc.get_threshold()
    d = Driver(app)
    sc = battle(d)
    assert app.memory.held
    assert gc.get_threshold() == (BACKSTOP, 10**9, 10**9), "no pass of the collector's own over older objects"
    assert gc.get_freeze_count() > 0, "what the screen built is frozen"
    made = app.memory.collections
    sc.play_by_computer("player", SimpleSquadController("player"))
    for _ in range(120):  # the computer plays: things are made and dropped every frame
        d.step(1)
        if app.memory.collections > made:
            break
    assert app.top is sc and app.memory.collections > made, "the young generation collected at frames' ends"
    assert len(gc.get_objects(1)) + len(gc.get_objects(2)) < 1000, "what survived a collection was frozen"
    gone = weakref.ref(sc)
    sc.quit_to_title(confirmed=True)
    d.step(3)
    assert not app.memory.held
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0, "everything the collector's again"
    del sc
    gc.collect()
    assert gone() is None, "the battle's scene, cycles and all, collected once it left"


def test_the_young_generation_waits_for_a_frame_with_room():
    mem = Memory()
    before = gc.get_threshold()
    try:
        assert not mem.frame_end(0.0), "no battle held: the collector's own business"
        mem.hold()
        junk = [[i] for i in range(YOUNG + 50)]  # tracked objects: the young generation is due
        assert gc.get_count()[0] >= YOUNG
        assert not mem.frame_end(ROOM_MS + 1), "a busy frame: later"
        assert mem.frame_end(ROOM_MS - 1), "a frame with room: now"
        assert gc.get_count()[0] < YOUNG and not gc.get_objects(1), "collected, the survivors frozen"
        junk += [[i] for i in range(LATEST + 50)]
        assert mem.frame_end(100.0), "piled up past LATEST: whatever the frame took"
    finally:
        while mem.held:
            mem.release()
    assert gc.get_threshold() == before

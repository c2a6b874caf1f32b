"""While a battle is on screen the loop paces the garbage collector (game/ui/memory.py): the collector's own passes
over the older generations are off and the young generation is collected at the end of a frame that left room for
it; when the battle leaves, the collector's thresholds come back and the battle's objects are collected as before.
What the program froze as long-lived stays frozen throughout (thawing it made every later full pass walk it all)."""
import gc
import weakref

from game.ai.simple import SimpleSquadController
from game.ui.memory import BACKSTOP, LATEST, ROOM_MS, Memory

from .driver import Driver
from .test_screens import battle


def test_a_battle_on_screen_holds_the_collector_and_gives_it_back_when_it_leaves(app):
    before = gc.get_threshold()
    d = Driver(app)
    sc = battle(d)
    assert app.memory.held
    assert gc.get_threshold() == (BACKSTOP, 10**9, 10**9), "no pass of the collector's own over older objects"
    frozen = gc.get_freeze_count()
    assert frozen > 0, "the match's setup froze what lives as long as the program"
    made = app.memory.collections
    passes = []
    gc.callbacks.append(seen := lambda phase, info: phase == "start" and passes.append(info["generation"]))
    try:
        sc.play_by_computer("player", SimpleSquadController("player"))
        for _ in range(120):  # the computer plays: things are made and dropped every frame
            d.step(1)
            if app.memory.collections > made:
                break
    finally:
        gc.callbacks.remove(seen)
    assert app.top is sc and app.memory.collections > made, "the young generation collected at frames' ends"
    assert passes and set(passes) == {0}, "only young passes while the battle is on screen"
    gone = weakref.ref(sc)
    sc.quit_to_title(confirmed=True)
    d.step(3)
    assert not app.memory.held
    assert gc.get_threshold() == before
    # (objects frozen leave the count only when freed: the battle's scene, its match)
    assert gc.get_freeze_count() > frozen // 2, "what the program froze stays frozen: full passes stay short"
    del sc
    gc.collect()
    assert gone() is None, "the battle's scene, cycles and all, collected once it left"


def test_the_young_generation_waits_for_a_frame_with_room():
    mem = Memory()
    before = gc.get_threshold()
    try:
        assert not mem.frame_end(0.0), "no battle held: the collector's own business"
        mem.hold()
        junk = [[i] for i in range(50)]  # tracked objects in the young generation
        assert not mem.frame_end(ROOM_MS + 1), "a busy frame: later"
        assert mem.frame_end(ROOM_MS - 1), "a frame with room: now"
        assert id(junk[0]) not in {id(o) for o in gc.get_objects(0)}, "collected: out of the young generation"
        gc.collect(0)
        old = [[i] for i in range(500)]
        gc.collect(0)  # (now older)
        big = [[0.0] * 10_000 for _ in range(3)]  # a search's lists: three young objects of 10,000 numbers each
        del old  # the frees of older objects come off the count ...
        assert gc.get_count()[0] == 0, "... to nothing"
        assert mem.frame_end(ROOM_MS - 1), "a frame with room: the young generation collected all the same"
        assert id(big[0]) not in {id(o) for o in gc.get_objects(0)}
        junk += [[i] for i in range(LATEST + 500)]
        assert mem.frame_end(100.0), "piled up past LATEST: whatever the frame took"
    finally:
        while mem.held:
            mem.release()
    assert gc.get_threshold() == before

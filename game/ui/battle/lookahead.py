"""Work the battle screen does ahead of the player, computed once per match change (or hovered spot) and never
again per frame: threat areas, what a Move destination would see, an NPC's intent, why a spot is out of reach.

Each piece of work is a generator that yields after each slice (one enemy, one unit); every frame the scene
runs the pending slices within a small time budget, so no frame pays for all of it at once. Results are kept
by key (keys carry the match version: a new version makes them stale) and read by the painters and texts.
"""
from __future__ import annotations

import time

from game.battlefield.search import work_slice

BUDGET_MS = 0.8  # time a frame may spend on work ahead (a slice that is begun is finished, but a movement search
# asked through search.sliced stops at the budget's end and goes on in the next frame)


class Job:
    __slots__ = ("gen", "partial", "done", "value", "spent")

    def __init__(self, gen) -> None:
        self.gen = gen
        self.partial: list = []  # what each slice yielded so far (painters may draw it before the end)
        self.done = False
        self.value = None
        self.spent = 0.0  # ms of work, for the bench


class Lookahead:
    def __init__(self) -> None:
        self.jobs: dict = {}
        self.version = None
        self.last_ms = 0.0  # time the last frame spent here
        self.total_ms: dict[str, float] = {}  # ms of work by kind (the first item of the key): the bench reads it

    def new_version(self, version, keep=()) -> None:
        """The match changed: every result made before is stale, but the jobs of `keep` go on (work that reads the
        match afresh in each slice and says itself which version its answer is of: the threat pass)."""
        if version != self.version:
            self.version = version
            self.jobs = {k: j for k, j in self.jobs.items() if k in keep}

    def drop(self, key) -> None:
        self.jobs.pop(key, None)

    def want(self, key, make) -> Job:
        """The job for `key` (started with `make()`, a generator, if it is not there yet)."""
        job = self.jobs.get(key)
        if job is None:
            job = self.jobs[key] = Job(make())
            if len(self.jobs) > 64:  # old hovers: keep the newest
                for k in list(self.jobs)[: len(self.jobs) - 64]:
                    del self.jobs[k]
        return job

    def get(self, key) -> Job | None:
        return self.jobs.get(key)

    @property
    def pending(self) -> bool:
        return any(not j.done for j in self.jobs.values())

    def run(self, budget_ms: float = BUDGET_MS, only=None) -> None:
        """Run pending slices (newest first: what the mouse is on now) until the budget is spent."""
        t0 = time.perf_counter()
        for key in reversed(list(self.jobs)):
            job = self.jobs.get(key)
            if job is None or job.done or (only is not None and key != only):
                continue
            while True:
                s0 = time.perf_counter()
                try:
                    with work_slice(t0 + budget_ms / 1000):  # (a movement search asked through `sliced` stops there)
                        job.partial.append(next(job.gen))
                except StopIteration as stop:
                    job.done = True
                    job.value = stop.value if stop.value is not None else job.partial
                except Exception:  # work ahead is a help: never break the game over it
                    job.done = True
                    job.value = None
                ms = (time.perf_counter() - s0) * 1000
                job.spent += ms
                kind = key[0] if isinstance(key, tuple) else key
                self.total_ms[kind] = self.total_ms.get(kind, 0.0) + ms
                if job.done or (time.perf_counter() - t0) * 1000 >= budget_ms:
                    break
            if (time.perf_counter() - t0) * 1000 >= budget_ms:
                break
        self.last_ms = (time.perf_counter() - t0) * 1000

    def finish(self, key) -> Job | None:
        """Run one job to its end now (tests, and a result the player is waiting for)."""
        job = self.jobs.get(key)
        while job is not None and not job.done:
            self.run(budget_ms=1e9, only=key)
        return job

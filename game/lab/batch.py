"""Playing a batch of games, in this process, on a pool of local processes, or on a Dask cluster.

Each game's seed comes from (base seed, squad, opponent, game index) alone, and the records come back sorted
in plan order, so a batch gives the same records whichever way and on however many workers it runs.
"""
from __future__ import annotations

import hashlib
import signal
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from typing import Callable, Iterable

from game.lab.records import GameRecord

#: Seconds to wait for a Dask scheduler before giving up.
DASK_CONNECT_TIMEOUT = 10


class BatchError(Exception):
    """A batch could not run (a game failed, or the cluster is out of reach); the message is for the player."""


@dataclass(frozen=True, slots=True)
class Task:
    mission: str
    squad: str
    opponent: str  # "" against NPCs
    game: int
    seed: int
    options: tuple = ()  # (key, value) pairs of the mission's options (the computer's difficulty...)


def game_seed(base: int, squad: str, opponent: str, game: int) -> int:
    """The dice seed of game `game` of a squad (or matchup): a 32-bit number from a hash of its coordinates."""
    key = f"{base}|{squad}|{opponent}|{game}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:4], "big")


def plan(mission: str, squads: Iterable[str], opponents: Iterable[str] | None, games: int,
         base_seed: int, options: tuple = ()) -> list[Task]:
    """Every game of the batch: each squad (or each squad x opponent matchup) `games` times."""
    pairs = [(s, o) for s in squads for o in (opponents if opponents else [""])]
    return [Task(mission, s, o, k, game_seed(base_seed, s, o, k), tuple(options)) for s, o in pairs
            for k in range(games)]


def play_task(task: Task) -> GameRecord:
    """One game of the batch, or one whole campaign when its mission is `campaign:<kind>` (runs in a worker: a
    module-level function, so pools and Dask can ship it)."""
    from game.lab.adapter import play_campaign_one, play_one
    from game.lab.campaigns import PREFIX
    if task.mission.startswith(PREFIX):
        return replace(play_campaign_one(task.mission[len(PREFIX):], task.seed, task.squad), game=task.game)
    return replace(play_one(task.mission, task.seed, task.squad, task.opponent, dict(task.options)), game=task.game)


Progress = Callable[[int, int], None]


def _sorted(tasks: list[Task], done: dict[int, GameRecord]) -> list[GameRecord]:
    return [done[i] for i in range(len(tasks))]


def _failed(task: Task, err: BaseException) -> BatchError:
    who = task.squad + (f" against {task.opponent}" if task.opponent else "")
    why = " ".join(str(err).split())
    return BatchError(f"game {task.game + 1} of {who} (seed {task.seed}) failed: {type(err).__name__}: {why}")


def _cluster_lacks_the_game(err: BaseException) -> bool:
    """Dask's scheduler and workers unpickle the games' tasks: they fail so when they cannot import `game`."""
    text = str(err)
    return isinstance(err, ModuleNotFoundError) or "deserializ" in text or "No module named 'game" in text


def _worker_ignores_ctrl_c() -> None:
    """Ctrl+C stops the batch from the main process; the workers just end with the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(tasks: list[Task], jobs: int, progress: Progress | None = None) -> list[GameRecord]:
    """Plays the tasks here (jobs 1) or on a pool of `jobs` processes; records in plan order."""
    done: dict[int, GameRecord] = {}
    if jobs == 1:
        for i, t in enumerate(tasks):
            try:
                done[i] = play_task(t)
            except Exception as e:
                raise _failed(t, e) from e
            if progress:
                progress(len(done), len(tasks))
        return _sorted(tasks, done)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_ignores_ctrl_c)
    try:
        pending = {pool.submit(play_task, t): i for i, t in enumerate(tasks)}
        for f in as_completed(pending):
            i = pending[f]
            try:
                done[i] = f.result()
            except Exception as e:
                raise _failed(tasks[i], e) from e
            if progress:
                progress(len(done), len(tasks))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return _sorted(tasks, done)


def connect_dask(address: str):
    """A Dask distributed Client for the scheduler at `address`; BatchError if Dask or the scheduler is missing."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise BatchError("--dask needs the lab extra (Dask distributed): pip install '.[lab]'") from None
    try:
        return Client(address, timeout=DASK_CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as e:
        raise BatchError(f"no Dask scheduler answered at {address} ({type(e).__name__}: {e})") from None


def run_dask(tasks: list[Task], client, progress: Progress | None = None) -> list[GameRecord]:
    """Plays the tasks on a Dask cluster through `client` (its scheduler and workers must run this project's
    code); BatchError when the cluster has no worker for DASK_CONNECT_TIMEOUT seconds."""
    from dask.distributed import as_completed
    address = client.scheduler.address
    lacks_game = "start its scheduler and workers with this checkout on PYTHONPATH (see the README, Balance lab)"
    try:
        client.wait_for_workers(1, timeout=DASK_CONNECT_TIMEOUT)
    except (TimeoutError, OSError):
        raise BatchError(f"the Dask cluster at {address} has no workers") from None
    futures = client.map(play_task, tasks, pure=False)
    index = {f.key: i for i, f in enumerate(futures)}
    done: dict[int, GameRecord] = {}
    pending = as_completed(futures)
    idle_since = time.monotonic()
    try:
        while not pending.is_empty():
            finished = pending.next_batch(block=False)
            now = time.monotonic()
            if not finished:
                # A worker that cannot load the game's code leaves the cluster: do not wait for it forever.
                if now - idle_since > DASK_CONNECT_TIMEOUT and not client.nthreads():
                    raise BatchError(f"the Dask cluster at {address} has no workers left; workers that cannot load "
                                     f"the game stop: {lacks_game}")
                time.sleep(0.1)
                continue
            idle_since = now
            for f in finished:
                i = index[f.key]
                try:
                    done[i] = f.result()
                except Exception as e:
                    if _cluster_lacks_the_game(e):
                        raise BatchError(f"the Dask cluster at {address} cannot load the game: {lacks_game}") from e
                    raise _failed(tasks[i], e) from e
            if progress:
                progress(len(done), len(tasks))
    finally:
        client.cancel([f for f in futures if not f.done()])
    return _sorted(tasks, done)

"""Work shared out over a Dask cluster: ``make stats SCHEDULER=tcp://host:port`` plays the statistics' cells on it
(see :mod:`conquian.statistics`).

Dask's client (the ``distributed`` package) is needed only for a cluster: without it, everything else runs, and
asking for a cluster says what to install.  Each worker needs this package installed (and its kernel built, else its
cells run on the Python engine, with the same figures: a cell is fixed by its seed).
"""

from __future__ import annotations

from typing import Callable

from .errors import ConquianError

try:  # an optional dependency, imported once here: a machine that never uses a cluster need not have it
    from distributed import Client, as_completed
except ImportError:  # pragma: no cover - the tests install it
    Client = as_completed = None

__all__ = ["run_on_dask"]


def run_on_dask(address: str, work: Callable, cost: "Callable | None" = None) -> Callable:
    """A runner that applies ``work`` to each job on the Dask cluster whose scheduler is at ``address``, the costliest
    jobs (by ``cost``) submitted first, and returns the results in the jobs' order: ``run(jobs, progress=None)``."""
    if Client is None:
        raise ConquianError("a Dask cluster needs Dask's client: pip install 'distributed==2026.8.0' (the version the "
                            "tests pin), or play on this machine's cores (no --scheduler)")

    def run(jobs: list, progress=None, each=None) -> list:
        order = sorted(range(len(jobs)), key=lambda i: -cost(jobs[i])) if cost else list(range(len(jobs)))
        with Client(address) as client:
            futures = client.map(work, [jobs[i] for i in order], pure=False)
            index = {f.key: i for f, i in zip(futures, order)}
            for done, future in enumerate(as_completed(futures), 1):
                if each:
                    each(index[future.key], future.result())
                if progress:
                    progress(f"played {done} of {len(jobs)} cells")
            results = client.gather(futures)
        out: list = [None] * len(jobs)
        for i, result in zip(order, results):
            out[i] = result
        return out
    return run

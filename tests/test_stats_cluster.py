"""``make stats`` shares its cells out (on this machine's cores, or on a Dask cluster) and gets the same figures as
one process: a small grid played here, on two processes, and on a local Dask cluster of two workers on the
loopback."""

from __future__ import annotations

import pytest

from conquian.cluster import run_on_dask
from conquian.statistics import compute, cost, main, play_cell, run_here, run_on_cores

SMALL = {"conquian": 30, "romme": 3}


def _without_time(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds",)}


@pytest.fixture(scope="module")
def one_process():
    return _without_time(compute(SMALL, 11, "auto", None, 4, run_here))


def test_two_processes_give_the_figures_of_one(one_process):
    assert _without_time(compute(SMALL, 11, "auto", None, 4, run_on_cores(2))) == one_process


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::ResourceWarning", "ignore::UserWarning")
def test_a_dask_cluster_of_two_workers_gives_the_figures_of_one_process(one_process):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        seen = []
        data = compute(SMALL, 11, "auto", seen.append, 4, run_on_dask(cluster.scheduler_address, play_cell, cost))
        workers = len(cluster.scheduler_info["workers"])
        _each_result_told_once(run_on_dask(cluster.scheduler_address, play_cell, cost))
    assert workers == 2
    assert _without_time(data) == one_process
    assert seen[-1].startswith("played ") and seen[-1].endswith(" cells")


def _each_result_told_once(run) -> None:
    """A runner tells ``each(i, result)`` once a job, as it comes back (make stats-strong saves its file there)."""
    jobs = [(rules, None, 5, "auto", 11) for rules in ("foster-1913", "rummy-ch", "dutch")]
    told = []
    results = run(jobs, None, lambda i, result: told.append((i, result)))
    assert sorted(i for i, _ in told) == [0, 1, 2]
    assert all(results[i] == result for i, result in told) and results == [play_cell(j) for j in jobs]


@pytest.mark.parametrize("run", [run_here, run_on_cores(2)], ids=["here", "two processes"])
def test_every_runner_tells_each_result_as_it_comes(run):
    _each_result_told_once(run)


def test_the_command_line_refuses_no_processes(tmp_path):
    with pytest.raises(SystemExit, match="--processes must be at least 1"):
        main(["--processes", "0", "--out", str(tmp_path / "x.json")])

"""Every speed figure in one command, plain and compiled interleaved, anchors where installed.

Run: ``.venv/bin/python benchmarks/suite.py [--rounds 3] [--seconds 2]`` (``make bench-suite``);
``--games piece-of-the-action --search-only`` measures one game's IS-MCTS rate alone.
It compiles the engine first if the build is missing or stale (tools/compile.py --if-needed).
Each round starts a fresh interpreter per build (plain: ``CARDTABLE_PURE=1``; compiled) and, if
OpenSpiel is installed, one for the anchors, one after the other, so that a machine whose speed
drifts slows every column alike; the best figure over the rounds counts, except the IS-MCTS
rate: every round's search windows are pooled and printed as ``median (min–max)`` (a best of
three ~0.1 s windows moved by 1.5x between runs). Measured per game
(benchmarks/_suite_probe.py): random playouts on the fast path and on the checked path, each
with and without reading the actor's observation; per-call costs at mid-game positions;
IS-MCTS iterations; heap peaks. Rates are per CPU-second of the measuring process.

Anchors (benchmarks/_anchor_probe.py): OpenSpiel's C++ hearts, crazy_eights and gin_rummy, from
an interpreter that can ``import pyspiel``: this one, ``--anchor-python PATH``, or the
checkout's ``.anchors/bin/python`` when present (``uv venv .anchors && uv pip install --python
.anchors/bin/python open_spiel``; kept out of the project's locked dependencies). The ratio
columns divide by hearts' rate on the same path.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MODES = ("fast", "fast+observe", "checked", "checked+observe")
CALLS = ("clone", "determinize", "observation", "legal_action_ids")
NAMES = {
    "piece-of-the-action": "Piece of the Action",
    "magic-show": "Magic Show",
    "portfolio": "Portfolio",
    "score": "Score!",
    "nacho-loco": "Nacho Loco",
}


def probe(command: list[str], env: dict[str, str]) -> dict[str, Any]:
    result = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-5000:])
        raise SystemExit(f"{command[1]} failed (exit {result.returncode})")
    data: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def anchor_python(given: str | None) -> str | None:
    """An interpreter that can import pyspiel, or None (the anchors are then left out)."""
    candidates = [given] if given else [sys.executable, str(ROOT / ".anchors" / "bin" / "python")]
    for python in candidates:
        if python and Path(python).exists():
            found = subprocess.run([python, "-c", "import pyspiel"], capture_output=True)
            if found.returncode == 0:
                return python
    return None


def merge(best: dict[str, Any], new: dict[str, Any], lower_is_better: bool = False) -> None:
    """Keep the best value of every number across rounds (nested dicts alike); lists (the
    search windows' rates) are pooled, every round's windows kept."""
    for key, value in new.items():
        if isinstance(value, list):
            best.setdefault(key, []).extend(value)
        elif isinstance(value, dict):
            merge(best.setdefault(key, {}), value, lower_is_better or key in ("calls_us",))
        elif isinstance(value, int | float) and key in best and key != "players":
            pick = min if lower_is_better or key in ("playout", "search", "max_rss_mib") else max
            best[key] = pick(best[key], value)
        else:
            best[key] = value


def machine() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{platform.system()} {platform.machine()}, {model}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average at the end {load}"
    )


def run_rounds(args: argparse.Namespace, anchors: str | None) -> tuple[dict[str, Any], ...]:
    plain: dict[str, Any] = {}
    compiled: dict[str, Any] = {}
    anchor: dict[str, Any] = {}
    base = [sys.executable, str(HERE / "_suite_probe.py"), "--seconds", str(args.seconds)]
    base += ["--iterations", str(args.iterations), "--windows", str(args.windows)]
    if args.games:
        base += ["--games", args.games]
    if args.search_only:
        base += ["--modes", "", "--parts", "ismcts"]
    for r in range(args.rounds):
        started = time.monotonic()
        merge(plain, probe(base, dict(os.environ, CARDTABLE_PURE="1")))
        merge(compiled, probe(base, dict(os.environ, CARDTABLE_PURE="0")))
        if anchors:
            command = [anchors, str(HERE / "_anchor_probe.py"), "--seconds", str(args.seconds)]
            merge(anchor, probe(command, dict(os.environ)))
        print(f"round {r + 1}/{args.rounds}: {time.monotonic() - started:.0f} s", file=sys.stderr)
    return plain, compiled, anchor


def spread(rates: list[float]) -> tuple[float, float, float]:
    """Median, lowest and highest of the search windows' rates.

    >>> spread([3.0, 1.0, 2.0, 10.0])
    (2.5, 1.0, 10.0)
    """
    return statistics.median(rates), min(rates), max(rates)


def search_cell(rates: list[float]) -> str:
    """A search rate as ``median (min–max)``, in thousands of iterations a CPU-second.

    >>> search_cell([21_400.0, 19_050.0, 22_960.0])
    '21.4k (19.1–23.0k)'
    """
    mid, low, high = spread(rates)
    return f"{mid / 1000:.1f}k ({low / 1000:.1f}–{high / 1000:.1f}k)"


def ratio(value: float, reference: float | None) -> str:
    return f"{value / reference:.2f}×" if reference else "–"


def report(plain: dict[str, Any], compiled: dict[str, Any], anchor: dict[str, Any]) -> None:
    games = [g for g in NAMES if g in plain]
    hearts = anchor.get("hearts", {})
    print(f"engines: plain={plain['engine']}, compiled={compiled['engine']}", end="")
    print(f", OpenSpiel {anchor['version']}" if anchor else ", no anchors (OpenSpiel not found)")
    if games and "calls_us" not in plain[games[0]]:  # --search-only
        search_table(plain, compiled, games)
        return
    print("\nRandom playouts, actions per CPU-second (ratio: ÷ OpenSpiel C++ hearts, same path)\n")
    print("| game, players | path | plain | compiled | compiled ÷ plain | plain ÷ hearts "
          "| compiled ÷ hearts |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|")
    for game in games:
        for mode in MODES:
            p, c = plain[game][mode], compiled[game][mode]
            ref = hearts.get(mode.replace("checked", "fast"))
            print(f"| {NAMES[game]}, {plain[game]['players']} | {mode} | {p:,.0f} | {c:,.0f} "
                  f"| {c / p:.2f} | {ratio(p, ref)} | {ratio(c, ref)} |")  # fmt: skip
    for name in ("hearts", "crazy_eights", "gin_rummy"):
        if name in anchor:
            a = anchor[name]
            print(f"| OpenSpiel {name}, {a['players']} | fast | | {a['fast']:,.0f} | | | "
                  f"{ratio(a['fast'], hearts.get('fast'))} |")  # fmt: skip
            print(f"| OpenSpiel {name}, {a['players']} | fast+observe | | "
                  f"{a['fast+observe']:,.0f} | | | "
                  f"{ratio(a['fast+observe'], hearts.get('fast+observe'))} |")  # fmt: skip
    print("\nPer call at mid-game positions, µs (plain / compiled)\n")
    print("| game | " + " | ".join(CALLS) + " |")
    print("|---|" + "---:|" * len(CALLS))
    for game in games:
        cells = [f"{plain[game]['calls_us'][k]:.1f} / {compiled[game]['calls_us'][k]:.1f}"
                 for k in CALLS]  # fmt: skip
        print(f"| {NAMES[game]} | " + " | ".join(cells) + " |")
    for name in ("hearts", "crazy_eights", "gin_rummy"):
        if name in anchor:
            got = anchor[name]["calls_us"]
            cells = [f"{got[k]:.1f}" if k in got else "–" for k in CALLS]
            print(f"| OpenSpiel {name} (C++) | " + " | ".join(cells) + " |")
    print(f"\n{search_title(plain, games)}, and heap peaks (tracemalloc, compiled)\n")
    print("| game | plain it/s | compiled it/s | compiled ÷ plain (medians) | one playout KiB | "
          "one search KiB (500 iterations) |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|")
    for game in games:
        p, c = plain[game]["ismcts_windows"], compiled[game]["ismcts_windows"]
        peak = compiled[game]["peak_kib"]
        print(f"| {NAMES[game]} | {search_cell(p)} | {search_cell(c)} "
              f"| {spread(c)[0] / spread(p)[0]:.2f} | {peak['playout']:,.0f} "
              f"| {peak['search']:,.0f} |")  # fmt: skip
    print(f"\nPeak resident memory of a whole probe: plain {plain['max_rss_mib']:.0f} MiB, "
          f"compiled {compiled['max_rss_mib']:.0f} MiB")  # fmt: skip


def search_title(plain: dict[str, Any], games: list[str]) -> str:
    windows = len(plain[games[0]]["ismcts_windows"])
    return (
        f"IS-MCTS iterations per CPU-second, median (min–max) of {windows} windows "
        f"(a window: one search at each of four points, {plain['search_iterations']:,} "
        "iterations each)"
    )


def search_table(plain: dict[str, Any], compiled: dict[str, Any], games: list[str]) -> None:
    """The IS-MCTS rates alone (``--search-only``)."""
    print(f"\n{search_title(plain, games)}\n")
    print("| game | plain it/s | compiled it/s | compiled ÷ plain (medians) |")
    print("|---|---:|---:|---:|")
    for game in games:
        p, c = plain[game]["ismcts_windows"], compiled[game]["ismcts_windows"]
        print(f"| {NAMES[game]} | {search_cell(p)} | {search_cell(c)} "
              f"| {spread(c)[0] / spread(p)[0]:.2f} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU-s per playout figure")
    parser.add_argument(
        "--iterations", type=int, default=1250, help="per IS-MCTS search (four per window)"
    )
    parser.add_argument(
        "--windows", type=int, default=2, help="IS-MCTS windows per round (all rounds pooled)"
    )
    parser.add_argument("--anchor-python", help="an interpreter with OpenSpiel (pyspiel)")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--games", help="comma-separated game names (default: all five)")
    parser.add_argument(
        "--search-only", action="store_true", help="only the IS-MCTS rates (no playouts, calls)"
    )
    args = parser.parse_args()
    subprocess.run([sys.executable, str(ROOT / "tools" / "compile.py"), "--if-needed"], check=True)
    anchors = anchor_python(args.anchor_python)
    plain, compiled, anchor = run_rounds(args, anchors)
    if compiled["engine"] != "compiled":
        raise SystemExit(f"the compiled column ran {compiled['engine']}: nothing to compare")
    print(f"machine: {machine()}")
    print(f"command: {' '.join(sys.argv)}; {args.rounds} interleaved rounds: best of them, "
          "but the IS-MCTS windows of every round pooled\n")  # fmt: skip
    report(plain, compiled, anchor)
    if args.json:
        args.json.write_text(json.dumps({"plain": plain, "compiled": compiled, "anchor": anchor}))


if __name__ == "__main__":
    main()

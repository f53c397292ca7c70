"""Compile the engine's hot modules with mypyc, in place, or remove the compiled modules again.

Run: ``.venv/bin/python tools/compile.py`` (``make compile``) or ``tools/compile.py --clean``
(``make decompile``). The games, the core protocol and the search are written in plainly typed
Python so that mypyc can turn them into C extension modules without a rewrite; compiled, the
IS-MCTS bots search two to two and a half times as many iterations per second (docs/performance.md).

The extension modules are written next to their sources in ``src/``, where Python's import
system prefers them to the ``.py`` files. A manifest of the sources' hashes goes with them, and
``cardtable/__init__.py`` refuses to import a compiled module whose source has changed since, so
an edit can never be silently shadowed by old machine code.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "cardtable"
MANIFEST = PACKAGE / "_compiled.json"

#: The modules on the hot paths (legal actions, apply, clone, determinize, search), relative to
#: src/cardtable. Text, rendering, the CLI and the server stay interpreted: they are not hot,
#: and they use dynamic features (monkeypatching in tests, rich objects) that mypyc restricts.
MODULES: tuple[str, ...] = (
    "core/rng.py",
    "core/zones.py",
    "core/actions.py",
    "core/state.py",
    "agents/ismcts.py",
    "games/magic_show/cards.py",
    "games/magic_show/scoring.py",
    "games/magic_show/rules.py",
    "games/magic_show/state.py",
    "games/magic_show/greedy.py",
    "games/piece_of_the_action/cards.py",
    "games/piece_of_the_action/layout.py",
    "games/piece_of_the_action/deals.py",
    "games/piece_of_the_action/moves.py",
    "games/piece_of_the_action/rules.py",
    "games/piece_of_the_action/state.py",
    "games/piece_of_the_action/greedy.py",
    "games/portfolio/cards.py",
    "games/portfolio/portfolios.py",
    "games/portfolio/legal.py",
    "games/portfolio/trades.py",
    "games/portfolio/rules.py",
    "games/portfolio/state.py",
    "games/portfolio/greedy.py",
    "games/score/cards.py",
    "games/score/rules.py",
    "games/score/state.py",
    "games/score/greedy.py",
    "games/nacho_loco/config.py",
    "games/nacho_loco/decks.py",
    "games/nacho_loco/lattice.py",
    "games/nacho_loco/tables.py",
    "games/nacho_loco/rules.py",
    "games/nacho_loco/state.py",
    "games/nacho_loco/greedy.py",
)

SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(name="cardtable-compiled", ext_modules=mypycify({paths!r}, opt_level="3"))
"""


def source_hashes() -> dict[str, str]:
    """The sha256 of each compiled module's source, keyed by its path under src/cardtable."""
    return {m: hashlib.sha256((PACKAGE / m).read_bytes()).hexdigest() for m in MODULES}


def compiled_files() -> list[Path]:
    """Every extension module a build left in src/ (the modules and mypyc's shared library)."""
    return sorted(p for p in SRC.rglob("*.so") if p.is_file())


def clean() -> None:
    for path in compiled_files():
        path.unlink()
    MANIFEST.unlink(missing_ok=True)


def build() -> None:
    clean()
    paths = [str(Path("cardtable") / m) for m in MODULES]
    with tempfile.TemporaryDirectory(prefix="cardtable-mypyc-") as tmp:
        setup = Path(tmp) / "setup.py"
        setup.write_text(SETUP.format(paths=paths))
        env = dict(os.environ, MYPYC_OPT_LEVEL="3")
        command = [sys.executable, str(setup), "-q", "build_ext", "--inplace"]
        command += ["--build-temp", str(Path(tmp) / "temp")]
        result = subprocess.run(command, cwd=SRC, env=env, capture_output=True, text=True)
        shutil.rmtree(SRC / "build", ignore_errors=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout[-20000:] + result.stderr[-20000:])
            clean()
            raise SystemExit(f"mypyc build failed (exit {result.returncode}); nothing compiled")
    MANIFEST.write_text(json.dumps(source_hashes(), indent=1, sort_keys=True) + "\n")
    print(f"compiled {len(MODULES)} modules into {len(compiled_files())} extension modules")


def is_current() -> bool:
    """Does the compiled build exist and match every listed source?"""
    try:
        recorded: object = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return False
    return recorded == source_hashes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="Remove the compiled modules.")
    parser.add_argument(
        "--if-needed", action="store_true", help="Do nothing if the build matches the sources."
    )
    parser.add_argument(
        "--optional",
        action="store_true",
        help="On a failed build, warn and leave cardtable as plain Python instead of failing.",
    )
    args = parser.parse_args()
    if args.clean:
        clean()
        print("removed the compiled modules; cardtable runs as plain Python")
        return
    if args.if_needed and is_current():
        return
    print(f"compiling the engine with mypyc ({len(MODULES)} modules; takes a minute or two)")
    try:
        build()
    except SystemExit as exc:
        if not args.optional:
            raise
        print(f"warning: {exc}; cardtable runs as plain Python", file=sys.stderr)


if __name__ == "__main__":
    main()

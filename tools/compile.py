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
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "cardtable"
MANIFEST = PACKAGE / "_compiled.json"

#: The modules on the hot paths (legal actions, apply, clone, determinize, search), relative to
#: src/cardtable. Text, rendering, the CLI and the server stay interpreted: they are not hot,
#: and they use dynamic features (monkeypatching in tests, rich objects) that mypyc restricts;
#: except the server's diff of views and seat logs, plain data code run per seat per move.
MODULES: tuple[str, ...] = (
    "core/rng.py",
    "core/zones.py",
    "core/actions.py",
    "core/loading.py",
    "core/determinize.py",
    "core/handfacts.py",
    "core/gamerules.py",
    "core/winshare.py",
    "core/state.py",
    "agents/ismcts.py",
    "agents/pimc.py",
    "agents/halving.py",
    "games/magic_show/cards.py",
    "games/magic_show/notation.py",
    "games/magic_show/table.py",
    "games/magic_show/scoring.py",
    "games/magic_show/rules.py",
    "games/magic_show/state.py",
    "games/magic_show/greedy.py",
    "games/piece_of_the_action/cards.py",
    "games/piece_of_the_action/table.py",
    "games/piece_of_the_action/deals.py",
    "games/piece_of_the_action/notation.py",
    "games/piece_of_the_action/moves.py",
    "games/piece_of_the_action/rules.py",
    "games/piece_of_the_action/state.py",
    "games/piece_of_the_action/greedy.py",
    "games/portfolio/cards.py",
    "games/portfolio/table.py",
    "games/portfolio/portfolios.py",
    "games/portfolio/notation.py",
    "games/portfolio/legal.py",
    "games/portfolio/trades.py",
    "games/portfolio/rules.py",
    "games/portfolio/state.py",
    "games/portfolio/greedy.py",
    "games/score/cards.py",
    "games/score/table.py",
    "games/score/notation.py",
    "games/score/facts.py",
    "games/score/rules.py",
    "games/score/value.py",
    "games/score/rounds.py",
    "games/score/playout.py",
    "games/score/state.py",
    "games/score/greedy.py",
    "games/nacho_loco/config.py",
    "games/nacho_loco/table.py",
    "games/nacho_loco/cards.py",
    "games/nacho_loco/lattice.py",
    "games/nacho_loco/tables.py",
    "games/nacho_loco/facts.py",
    "games/nacho_loco/rules.py",
    "games/nacho_loco/state.py",
    "games/nacho_loco/greedy.py",
    "games/nacho_loco/value.py",
    "games/nacho_loco/playout.py",
    # The web table's diff of two views and the seat logs: a broadcast's hot loop, per seat per
    # move (docs/reliability.md, "Seventh sitting: CPU per action").
    "server/patch.py",
    "server/seatlog.py",
)

SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="cardtable-compiled",
    ext_modules=mypycify({paths!r}, opt_level="3", group_name="cardtable"),
)
"""


class BuildFailed(Exception):
    """mypyc or the C compiler failed; nothing was left compiled."""


def source_hashes(package: Path = PACKAGE) -> dict[str, str]:
    """The sha256 of each compiled module's source, keyed by its path under ``package``."""
    return {m: hashlib.sha256((package / m).read_bytes()).hexdigest() for m in MODULES}


def compiled_files(src: Path = SRC) -> list[Path]:
    """Every extension module a build left in ``src`` (the modules and mypyc's shared library)."""
    return sorted(p for p in src.rglob("*.so") if p.is_file())


def clean(src: Path = SRC) -> None:
    for path in compiled_files(src):
        path.unlink()
    (src / "cardtable" / MANIFEST.name).unlink(missing_ok=True)


def compile_tree(src: Path) -> list[Path]:
    """Compile ``src/cardtable``'s hot modules in place and write the manifest beside them.

    ``src`` is the repository's ``src/`` (``make compile``) or a copy of it (the wheel's build
    hook, hatch_build.py). Returns every file the build added: the extension modules, mypyc's
    shared library (at the top of ``src``) and the manifest. Raises :class:`BuildFailed`, with
    the compiler's output, and leaves nothing compiled when the build fails.
    """
    clean(src)
    # The sources as they are before the build: a module edited while mypyc runs (minutes) may
    # have been compiled from either version, so the manifest names the one read first; if the
    # edit came later the module's hash no longer matches, the source is used instead of the
    # stale extension and `--if-needed` builds again. Hashed after the build, the manifest
    # vouched for an extension of the old source.
    hashes = source_hashes(src / "cardtable")
    paths = [str(Path("cardtable") / m) for m in MODULES]
    with tempfile.TemporaryDirectory(prefix="cardtable-mypyc-") as tmp:
        setup = Path(tmp) / "setup.py"
        setup.write_text(SETUP.format(paths=paths))
        # -fwrapv: signed machine-word products wrap modulo 2**64, which the random generator's
        # word path relies on (core/rng.py; CPython's own flags carry it too).
        cflags = (os.environ.get("CFLAGS", "") + " -fwrapv").strip()
        env = dict(os.environ, MYPYC_OPT_LEVEL="3", CFLAGS=cflags)
        command = [sys.executable, str(setup), "-q", "build_ext", "--inplace"]
        command += ["--build-temp", str(Path(tmp) / "temp")]
        result = subprocess.run(command, cwd=src, env=env, capture_output=True, text=True)
        shutil.rmtree(src / "build", ignore_errors=True)
        if result.returncode != 0:
            clean(src)
            output = result.stdout[-20000:] + result.stderr[-20000:]
            raise BuildFailed(f"mypyc build failed (exit {result.returncode})\n{output}")
    manifest = src / "cardtable" / MANIFEST.name
    manifest.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
    return [*compiled_files(src), manifest]


def build() -> None:
    try:
        files = compile_tree(SRC)
    except BuildFailed as exc:
        message, _, output = str(exc).partition("\n")
        sys.stderr.write(output)
        raise SystemExit(f"{message}; nothing compiled") from None
    print(f"compiled {len(MODULES)} modules into {len(files) - 1} extension modules")


def unpack_wheel(directory: Path) -> bool:
    """Take the compiled modules from a wheel built from these very sources; False if none fits.

    ``make test`` builds and checks the wheel first (tools/check_wheel.py), which compiles the
    engine; unpacking that build into ``src/`` spares CI a second compile of the same sources
    with the same compiler. A wheel whose manifest differs from the sources is not used.
    """
    for wheel in sorted(directory.glob("*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            manifest = f"cardtable/{MANIFEST.name}"
            if manifest not in names or json.loads(archive.read(manifest)) != source_hashes():
                continue
            clean()
            for name in names:
                if name.endswith(".so") or name == manifest:
                    (SRC / name).write_bytes(archive.read(name))
        print(f"unpacked the compiled engine from {wheel.name}")
        return True
    return False


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
    parser.add_argument(
        "--from-wheel",
        type=Path,
        metavar="DIR",
        help="Unpack the compiled modules of a wheel in DIR built from these sources, if any.",
    )
    args = parser.parse_args()
    if args.clean:
        clean()
        print("removed the compiled modules; cardtable runs as plain Python")
        return
    if args.if_needed and is_current():
        return
    if args.from_wheel is not None and unpack_wheel(args.from_wheel):
        return
    print(f"compiling the engine with mypyc ({len(MODULES)} modules; a few minutes)")
    try:
        build()
    except SystemExit as exc:
        if not args.optional:
            raise
        print(f"warning: {exc}; cardtable runs as plain Python", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Build the wheel as a user gets it, install it in a clean venv, and test the installed engine.

Run: ``.venv/bin/python tools/check_wheel.py`` (part of ``make test``, so of CI). Steps:

1. ``uv build``: the sdist, then the wheel from the sdist, as ``pip install cardtable`` from
   the sdist would; the wheel's build hook (tools/hatch_build.py) compiles the engine with
   mypyc. ``CARDTABLE_REQUIRE_COMPILED=1`` makes a failed compile fail the build here instead
   of quietly giving a plain wheel.
2. A new venv outside the checkout gets the wheel, its dependencies and the test tools, at the
   versions uv.lock holds.
3. ``cardtable --version`` must say ``engine: compiled``, and ``import cardtable`` from the
   checkout's root must load the installed package, not ``src/``.
4. The core and conformance tests run against the installed package (``CARDTABLE_EXPECT_BUILD``
   makes them check its modules are the extension modules).

``--pure`` checks the fallback instead: ``CARDTABLE_PURE_BUILD=1`` must give a
``py3-none-any`` wheel whose engine says ``plain`` (no tests run).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UV = ROOT / ".tools" / "bin" / "uv"
#: The installed package's tests: the protocol checks for every game (conformance) and the core's
#: own (build status, RNG streams, records, the compiled-vs-plain game comparison).
TESTS = ("tests/core", "tests/conformance")
TEST_TOOLS = ("pytest", "pytest-xdist", "hypothesis", "hatchling")


def run(command: list[str | Path], **kwargs: object) -> str:
    """Run a command, echoing it; its standard output, or exit with its output on failure."""
    print("+", " ".join(str(c) for c in command), flush=True)
    result = subprocess.run(
        [str(c) for c in command], capture_output=True, text=True, cwd=ROOT, **kwargs
    )  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-20000:] + result.stderr[-20000:])
        raise SystemExit(f"failed (exit {result.returncode}): {command[0]}")
    return str(result.stdout)


def build(out: Path, env: dict[str, str]) -> Path:
    python = getattr(sys, "_base_executable", sys.executable)
    run([UV, "build", "--python", python, "--out-dir", out, "--quiet"], env=env)
    wheels = sorted(out.glob("*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one wheel in {out}, found {wheels}")
    print(f"built {wheels[0].name} ({wheels[0].stat().st_size // 1024} KiB)")
    return wheels[0]


def install(wheel: Path, venv: Path, with_tests: bool) -> Path:
    """A fresh venv holding the wheel (and the test tools), pinned to uv.lock's versions."""
    base = getattr(sys, "_base_executable", sys.executable)
    run([UV, "venv", "--quiet", "--python", base, venv])
    python = venv / "bin" / "python"
    constraints = venv / "constraints.txt"
    export: list[str | Path] = [UV, "export", "--frozen", "--no-hashes", "--quiet"]
    exported = run([*export, "--all-groups", "--all-extras", "--no-emit-project"])
    constraints.write_text(exported)
    packages = [str(wheel), *(TEST_TOOLS if with_tests else ())]
    run([UV, "pip", "install", "--quiet", "--python", python, "-c", constraints, *packages])
    return python


def check_engine(venv: Path, expected: str) -> None:
    version = run([venv / "bin" / "cardtable", "--version"]).strip()
    print(version)
    if f"engine: {expected}" not in version:
        raise SystemExit(f"the installed cardtable should report engine: {expected}")
    where = run([venv / "bin" / "python", "-c", "import cardtable; print(cardtable.__file__)"])
    if not Path(where.strip()).is_relative_to(venv):
        raise SystemExit(f"cardtable was imported from {where.strip()}, not the installed wheel")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure", action="store_true", help="Check the plain-Python fallback.")
    parser.add_argument("--workers", default="2", help="pytest-xdist workers (default 2).")
    parser.add_argument(
        "--keep",
        type=Path,
        help="Copy the checked wheel into this directory (make test then unpacks its compiled "
        "modules into src/ with tools/compile.py --from-wheel instead of compiling again).",
    )
    args = parser.parse_args()
    started = time.monotonic()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDTABLE_")}
    env.update(UV_PYTHON_DOWNLOADS="never")
    with tempfile.TemporaryDirectory(prefix="cardtable-wheel-check-") as tmp:
        build_env = dict(env, CARDTABLE_PURE_BUILD="1" if args.pure else "0")
        if not args.pure:
            build_env["CARDTABLE_REQUIRE_COMPILED"] = "1"
        wheel = build(Path(tmp) / "dist", build_env)
        expected_tag = "py3-none-any" if args.pure else "cp3"
        if expected_tag not in wheel.name:
            raise SystemExit(f"{wheel.name} should be a {expected_tag} wheel")
        venv = Path(tmp) / "venv"
        python = install(wheel, venv, with_tests=not args.pure)
        check_engine(venv, "plain" if args.pure else "compiled")
        if not args.pure:
            test_env = dict(env, CARDTABLE_EXPECT_BUILD="compiled")
            command = [python, "-m", "pytest", *TESTS, "-n", args.workers, "-p", "no:cacheprovider"]
            print(run([*command, "-q"], env=test_env)[-600:])
        if args.keep is not None:
            shutil.rmtree(args.keep, ignore_errors=True)
            args.keep.mkdir(parents=True)
            shutil.copy2(wheel, args.keep / wheel.name)
    print(f"wheel check passed in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()

"""The wheel's build hook: ship the engine compiled by mypyc, or plain Python where it can't be.

hatchling runs this when it builds a wheel (``uv build``, ``pip wheel .``, ``pip install .`` or
``pip install cardtable`` from the sdist). It copies ``src/cardtable`` to a temporary directory,
compiles the hot modules there exactly as ``make compile`` does (tools/compile.py, the same
module list and options), and adds the extension modules, mypyc's shared library and the
manifest ``_compiled.json`` to the wheel, which then carries a platform tag. The installed
package passes the same manifest check as an in-place build (cardtable/_compiled.py) and
``cardtable --version`` says ``engine: compiled``.

Where it can't compile (no C compiler, no Python headers, a failed build) it warns and the wheel
stays pure Python (``py3-none-any``): the same package, the same behaviour, only slower.
``CARDTABLE_PURE_BUILD=1`` asks for the pure wheel on purpose; ``CARDTABLE_REQUIRE_COMPILED=1``
turns a failed compile into a failed build (CI and cibuildwheel set it, so that a broken
compile can't ship as a quietly slower wheel). Editable installs (``uv sync``, ``make sync``)
are never compiled here: a checkout compiles in place with ``make compile``.

This hook wrapper itself is not part of the installed package.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: What compiling needs beyond hatchling: mypyc comes with mypy (the version uv.lock holds, so a
#: wheel is compiled by the compiler the tests ran with), setuptools drives the C compiler, and
#: rich is the one third-party package the compiled modules' imports reach (a renderer's markup
#: helper): mypyc type-checks everything they import, so its types must be there, as in .venv.
COMPILE_REQUIRES = ["mypy==2.4.1", "setuptools>=80", "rich==15.0.0"]


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _compile_module() -> ModuleType:
    """tools/compile.py, loaded by path (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location(
        "_cardtable_compile", Path(__file__).with_name("compile.py")
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def missing_toolchain() -> str | None:
    """Why a C extension can't be built by this interpreter, or None when it looks possible.

    A quick look before mypyc spends half a minute type-checking: the C compiler setuptools
    would call (``CC``, else the one Python was built with) and ``Python.h``.
    """
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC")
    if isinstance(compiler, str) and compiler.strip():
        program = shlex.split(compiler)[0]
        if shutil.which(program) is None:
            return f"no C compiler ({program!r} is not on PATH)"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"Python's C headers are missing ({include})"
    return None


class CompiledEngineHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the mypyc-compiled engine to a wheel, or leaves the wheel pure Python."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return [] if _flag("CARDTABLE_PURE_BUILD") else list(COMPILE_REQUIRES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if _flag("CARDTABLE_PURE_BUILD"):
            self.app.display_info("cardtable: CARDTABLE_PURE_BUILD is set; a plain Python wheel")
            return
        reason = missing_toolchain()
        if reason is None:
            reason = self._compile(build_data)
        if reason is None:
            return
        if _flag("CARDTABLE_REQUIRE_COMPILED"):
            raise RuntimeError(f"cardtable: CARDTABLE_REQUIRE_COMPILED is set, but {reason}")
        self.app.display_warning(
            f"cardtable: {reason}; building a plain Python wheel (same behaviour, slower)"
        )

    def _compile(self, build_data: dict[str, Any]) -> str | None:
        """Compile a copy of the package into the wheel; the reason it could not, or None."""
        compile_py = _compile_module()
        self._workdir = tempfile.mkdtemp(prefix="cardtable-wheel-")
        src = Path(self._workdir) / "src"
        shutil.copytree(
            Path(self.root) / "src" / "cardtable",
            src / "cardtable",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_compiled.json"),
        )
        count = len(compile_py.MODULES)
        self.app.display_info(f"cardtable: compiling {count} modules with mypyc (a few minutes)")
        try:
            files: list[Path] = compile_py.compile_tree(src)
        except compile_py.BuildFailed as exc:
            message, _, output = str(exc).partition("\n")
            self.app.display_warning(output)
            return message
        for path in files:
            build_data["force_include"][str(path)] = path.relative_to(src).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"cardtable: compiled engine added ({len(files)} files)")
        return None

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        workdir = getattr(self, "_workdir", None)
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)

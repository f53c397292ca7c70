"""Is the engine running compiled (mypyc) or as plain Python, and is the compiled build current?

``make compile`` (tools/compile.py) turns the hot modules into C extension modules next to their
sources, with ``_compiled.json``: the sha256 of every source it compiled. Python's import system
prefers an extension module to its ``.py`` file, so an edited source would be shadowed by stale
machine code. This module, imported first by ``cardtable/__init__.py``, prevents that: when any
compiled source has changed since the build (or the manifest is missing), or when
``CARDTABLE_PURE=1`` asks for it, it puts a finder in front of the import system that loads every
``cardtable`` module from its source. It is all or nothing: mypyc's modules call each other's
compiled functions directly, so one fresh source beside stale compiled neighbours would still
run old code.

This module is never compiled itself.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = PACKAGE_DIR / "_compiled.json"

#: What :func:`status` reports: "compiled", "plain" or "stale" (compiled, but out of date).
_state = "plain"


class _SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Finds ``cardtable`` modules among ``.py`` files only, ignoring extension modules."""

    _loaders = (
        (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
        (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES),
    )

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("cardtable.") or path is None:
            return None
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *self._loaders).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def _manifest_is_current() -> bool:
    try:
        recorded = json.loads(MANIFEST.read_text())
        return isinstance(recorded, dict) and all(
            hashlib.sha256((PACKAGE_DIR / name).read_bytes()).hexdigest() == digest
            for name, digest in recorded.items()
        )
    except (OSError, ValueError):
        return False


def _has_extension_modules() -> bool:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return any(p.name.endswith(suffixes) for p in PACKAGE_DIR.rglob("*") if p.is_file())


def choose() -> None:
    """Decide once, before any engine module is imported, which build the process runs."""
    global _state
    if any(isinstance(f, _SourceOnlyFinder) for f in sys.meta_path):
        return
    forced_pure = os.environ.get("CARDTABLE_PURE", "") not in ("", "0")
    if not forced_pure and MANIFEST.exists() and _manifest_is_current():
        _state = "compiled"
        return
    if MANIFEST.exists() or _has_extension_modules():
        sys.meta_path.insert(0, _SourceOnlyFinder())
        if not forced_pure:
            _state = "stale"
            sys.stderr.write(
                "cardtable: the compiled engine is older than its sources; running as plain "
                "Python (run `make compile` to rebuild it, `make decompile` to remove it)\n"
            )


def status() -> str:
    """``compiled``, ``plain``, or ``stale`` (a compiled build exists but is out of date)."""
    return _state

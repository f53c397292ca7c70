"""The wheel's build hook (tools/hatch_build.py) falls back to a plain wheel, never to a broken one.

Compiling takes minutes, so these tests drive the hook's decisions without compiling: a missing C
compiler or a forced pure build leaves the wheel pure Python (``py3-none-any``, nothing added);
``CARDTABLE_REQUIRE_COMPILED`` turns the fallback into a failed build. ``tools/check_wheel.py``
(in ``make test``) builds, installs and tests the real compiled wheel.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "tools" / "hatch_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hatch_build = _load_hook()


class QuietApp:
    """Collects what the hook tells the user instead of printing it."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def display_info(self, message: str) -> None:
        self.messages.append(message)

    def display_warning(self, message: str) -> None:
        self.messages.append(message)


def _run_hook(version: str = "standard") -> tuple[dict[str, Any], list[str]]:
    app = QuietApp()
    hook = hatch_build.CompiledEngineHook(str(ROOT), {}, None, None, str(ROOT), "wheel", app)
    build_data: dict[str, Any] = {"force_include": {}, "pure_python": True, "infer_tag": False}
    hook.initialize(version, build_data)
    hook.finalize(version, build_data, "")
    return build_data, app.messages


PURE = {"force_include": {}, "pure_python": True, "infer_tag": False}


def test_a_missing_c_compiler_gives_a_plain_wheel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc")
    monkeypatch.delenv("CARDTABLE_PURE_BUILD", raising=False)
    monkeypatch.delenv("CARDTABLE_REQUIRE_COMPILED", raising=False)
    assert "no C compiler" in str(hatch_build.missing_toolchain())
    build_data, messages = _run_hook()
    assert build_data == PURE
    assert any("plain Python wheel" in m for m in messages)


def test_a_required_compile_fails_the_build_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc")
    monkeypatch.delenv("CARDTABLE_PURE_BUILD", raising=False)
    monkeypatch.setenv("CARDTABLE_REQUIRE_COMPILED", "1")
    with pytest.raises(RuntimeError, match="no C compiler"):
        _run_hook()


def test_a_pure_build_can_be_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_PURE_BUILD", "1")
    build_data, messages = _run_hook()
    assert build_data == PURE
    assert messages == ["cardtable: CARDTABLE_PURE_BUILD is set; a plain Python wheel"]
    hook = hatch_build.CompiledEngineHook(str(ROOT), {}, None, None, str(ROOT), "wheel", QuietApp())
    assert hook.dependencies() == []  # no compiler to download either


def test_editable_installs_are_never_compiled_by_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDTABLE_PURE_BUILD", raising=False)
    build_data, messages = _run_hook("editable")
    assert build_data == PURE
    assert messages == []


def test_the_hook_compiles_with_the_locked_mypy() -> None:
    """A wheel is compiled by the mypyc the tests ran with (the version uv.lock holds)."""
    lock = (ROOT / "uv.lock").read_text()
    pinned = next(r for r in hatch_build.COMPILE_REQUIRES if r.startswith("mypy=="))
    version = pinned.removeprefix("mypy==")
    assert f'name = "mypy"\nversion = "{version}"' in lock

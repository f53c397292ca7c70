"""The build's manifest of source hashes (tools/compile.py): it must name the sources the
extensions were built from, so that a source edited during a build is never shadowed by an
extension of its old version (docs/performance.md, "A compiled module never shadows a newer
source")."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.scripts import ROOT, load_script

compile_tool = load_script("tools/compile.py", "compile_tool_under_test")


def test_a_source_edited_while_the_build_runs_is_not_vouched_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build (mypyc, minutes) is replaced by an edit of one compiled module's source made
    while it "runs": the manifest must keep the hash the source had when the build started, so
    the edited module does not match it and is read from its source. Before the fix the hashes
    were taken after the build and vouched for the edited source (found when an edit during
    ``make compile`` left a stale extension that the package then preferred)."""
    src = tmp_path / "src"
    shutil.copytree(
        ROOT / "src" / "cardtable",
        src / "cardtable",
        ignore=shutil.ignore_patterns("*.so", "__pycache__"),
    )
    edited = src / "cardtable" / compile_tool.MODULES[0]
    before = compile_tool.source_hashes(src / "cardtable")

    def fake_build(*_args: Any, **_kwargs: Any) -> subprocess.CompletedProcess[str]:
        edited.write_text(edited.read_text() + "\n# edited during the build\n")
        return subprocess.CompletedProcess([], 0, "", "")

    monkeypatch.setattr(compile_tool.subprocess, "run", fake_build)
    compile_tool.compile_tree(src)
    recorded = compile_tool.json.loads((src / "cardtable" / compile_tool.MANIFEST.name).read_text())
    assert recorded == before
    assert (
        recorded[compile_tool.MODULES[0]]
        != compile_tool.source_hashes(src / "cardtable")[compile_tool.MODULES[0]]
    )

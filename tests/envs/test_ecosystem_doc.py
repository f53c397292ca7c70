"""The snippets of docs/ecosystem.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "ecosystem.md"
SNIPPETS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_doc_has_one_snippet_per_adapter() -> None:
    assert len(SNIPPETS) == 3


@pytest.mark.parametrize("index", range(len(SNIPPETS)))
def test_snippet_runs(index: int) -> None:
    exec(compile(SNIPPETS[index], f"{DOC.name} snippet {index + 1}", "exec"), {})

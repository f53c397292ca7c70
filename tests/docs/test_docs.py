"""The docs stand on their own: every ruling id a doc cites is explained in that doc, and nothing
in the repository points at files outside it. Player docs open with how to play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").rglob("*.md"))
RULES = sorted((ROOT / "docs" / "rules").glob("*.md"))
RULING = re.compile(r"\b([A-Z]{2,4})-R(\d+)\b")
RANGE = re.compile(r"\b([A-Z]{2,4})-R(\d+)\s*(?:\.\.|–|-)\s*(?:\1-)?R(\d+)\b")


def explained(text: str) -> set[str]:
    """Ids the doc explains: a table row that starts with the id, or a bold id with a dash."""
    found = set()
    for match in re.finditer(r"^\|\s*([A-Z]{2,4}-R\d+)\s*\|", text, re.M):
        found.add(match.group(1))
    for match in re.finditer(r"\*\*([A-Z]{2,4}-R\d+)\*\*\s*(?:—|:)", text):
        found.add(match.group(1))
    return found


def cited(text: str) -> set[str]:
    ids = {f"{m.group(1)}-R{m.group(2)}" for m in RULING.finditer(text)}
    for m in RANGE.finditer(text):
        ids.update(f"{m.group(1)}-R{i}" for i in range(int(m.group(2)), int(m.group(3)) + 1))
    ids.discard("XX-R1")
    return ids


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_ruling_is_explained_in_the_same_doc(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    missing = sorted(cited(text) - explained(text))
    assert not missing, f"{doc.name} cites {missing} without explaining them"


def test_nothing_refers_to_files_outside_the_repository() -> None:
    offenders = []
    code = [*(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    for path in [ROOT / "README.md", *DOCS, *code]:
        if path == Path(__file__):
            continue
        text = path.read_text(encoding="utf-8")
        for needle in ("../shared", "/work/shared", "RULINGS.md", "RULINGS §", "RULINGS section"):
            if needle in text:
                offenders.append(f"{path.relative_to(ROOT)}: {needle}")
    assert not offenders, offenders


@pytest.mark.parametrize("doc", RULES, ids=lambda p: p.name)
def test_player_docs_open_with_how_to_play_and_leave_internals_to_dev_docs(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0].lower().startswith("how to play"), headings
    for internal in ("JSON state", "Actions", "Positions"):
        assert not any(h.startswith(internal) for h in headings), f"{internal} belongs in docs/dev"
    dev = ROOT / "docs" / "dev" / doc.name
    assert dev.is_file(), f"{dev} is missing"

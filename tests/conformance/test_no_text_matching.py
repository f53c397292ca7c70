"""No bot, hint or view takes an action's text apart: they read its structured form.

What an action means is decoded once per game (``notation.py``, :class:`ActionData`); the text
is for people and records. This test greps the rule-of-thumb bots, the agents, the terminal and
the browser's views for the ways text used to be matched (regular expressions over it, prefix
tests, splits, comparisons with a spelled-out action). Each pattern is first shown to catch a
line the code really had, so the test can fail. (The interactive prompt, which matches what a
person types against the texts, is not among them: the text is its input.)
"""

from __future__ import annotations

import re
from pathlib import Path

import cardtable

PACKAGE = Path(cardtable.__file__).resolve().parent
STATIC = PACKAGE / "server" / "static"

#: The rule-of-thumb bots: no regular expressions at all (they read observations and data).
BOT_FILES = sorted(PACKAGE.glob("games/*/greedy.py"))
#: Python that handles actions: the bots, the terminal views and every agent module, hints and
#: review included.
PY_FILES = [
    *BOT_FILES,
    *sorted(PACKAGE.glob("games/*/render.py")),
    *sorted(PACKAGE.glob("agents/*.py")),
    PACKAGE / "cli" / "hints.py",
    PACKAGE / "cli" / "review.py",
]
#: JavaScript: every game view and the shared helpers they use to find actions.
JS_FILES = [
    *sorted(STATIC.glob("views/*.js")),
    STATIC / "context.js",
    STATIC / "cards.js",
    STATIC / "table.js",
]

_TEXT_METHODS = "startswith|endswith|split|partition|removeprefix|find|index|lower|upper|strip"
BOT_PATTERNS = {
    "a regular expression": re.compile(r"^\s*import re\b|\bre\.(compile|match|search|fullmatch)\("),
}
PY_PATTERNS = {
    "a text comparison": re.compile(r"\.text\s*(==|!=)\s*f?[\"']|[\"']\s*(==|!=)\s*[\w.]*\.text\b"),
    "a method on the text": re.compile(rf"\.text\.({_TEXT_METHODS})\("),
    "a slice of the text": re.compile(r"\.text\["),
    "a search in the text": re.compile(r"\bin\s+[\w.\[\]]*\.text\b"),
}
JS_PATTERNS = {
    "a RegExp built for actions": re.compile(r"new RegExp\("),
    "a regular expression passed to find": re.compile(r"\.find\(\s*/"),
    "a text comparison": re.compile(r"\.text\s*[!=]==?\s*[\"'`]|[\"'`]\s*[!=]==?\s*[\w.]*\.text\b"),
    "a method on the text": re.compile(
        r"\.text\.(startsWith|endsWith|split|match|slice|replace|includes|substring|indexOf)\("
    ),
    "a pattern applied to the text": re.compile(r"\.(test|exec|match)\([^)]*\.text\)"),
    "a sentence taken apart": re.compile(r"\b(my_commit|pub\.offer)\.(replace|match|split)\("),
}

#: Lines the code had before actions were data; every pattern must catch at least one.
OLD_BOT = [
    "import re",
    '_OPEN = re.compile(r"^open (\\w+) ([+-]\\d+)$")',
]
OLD_PY = [
    'decline = [a for a in legal if a.text == "decline"]',
    'if legal[0].text.startswith("target"):',
    "best = min(legal, key=lambda a: (_isolation(a.text.split()[1], hand), a.id))",
    'options = [a for a in legal if " with " not in a.text]',
    "name = action.text[5:]",
]
OLD_JS = [
    'actionButton(ctx, "give POTA here", ctx.find(new RegExp(`^pota -> seat ${s}$`)), "target"),',
    "const placements = ctx.find(/^place /);",
    'ctx.find((a) => a.text === "take discard")',
    'ctx.find((a) => a.text.startsWith("propose")).length',
    "return legal.filter((a) => pattern.test(a.text));",
    'shown = el("span", {}, obs.my_commit.replace(/^play /, ""));',
    "const offer = pub.offer.split(' for ');",
    "const key = a.text.split(' ')[0];",
]


def _hits(files: list[Path], patterns: dict[str, re.Pattern[str]]) -> list[str]:
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for what, pattern in patterns.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(PACKAGE)}:{number}: {what}: {line.strip()}")
    return found


def test_the_patterns_catch_the_old_text_matching() -> None:
    cases = ((BOT_PATTERNS, OLD_BOT), (PY_PATTERNS, OLD_PY), (JS_PATTERNS, OLD_JS))
    for patterns, old in cases:
        for what, pattern in patterns.items():
            assert any(pattern.search(line) for line in old), f"{what!r} catches nothing"
        for line in old:
            assert any(p.search(line) for p in patterns.values()), f"not caught: {line}"


def test_the_files_checked_exist() -> None:
    assert len(BOT_FILES) == 5 and all(p.is_file() for p in PY_FILES)
    assert len(JS_FILES) >= 5 + 3 and all(p.is_file() for p in JS_FILES)


def test_no_bot_or_agent_matches_action_text() -> None:
    hits = _hits(BOT_FILES, BOT_PATTERNS) + _hits(PY_FILES, PY_PATTERNS)
    assert not hits, "read Action.data instead:\n" + "\n".join(hits)


def test_no_web_view_matches_action_text() -> None:
    hits = _hits(JS_FILES, JS_PATTERNS)
    assert not hits, "read action.data (kind and arguments) instead:\n" + "\n".join(hits)

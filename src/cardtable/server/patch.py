"""The change between two views of one seat as a JSON Patch (RFC 6902), and applying one.

Protocol 2 of the table's WebSocket (docs/web.md, "The wire format") sends a connection its
full view once and then, after each change, only an ``update`` whose ``patch`` turns the view
it had into the new one, as boardgame.io's master sends ``patch`` messages (an RFC 6902 list
of operations between the previous and the next state) and lichess numbers its socket messages
so a client can tell that it missed one. A view is bounded (its history, log and timeline are
tails), and between two moves only a few of its parts change: the timeline gains an entry or
two and loses as many from its front, the summary's ``to_act`` and ``seq`` change, the hand
loses a card. Sent whole, a view was about 5 KB per seat per move, most of it unchanged.

:func:`diff` makes only ``add``, ``remove`` and ``replace`` operations, every value in them
taken from the new view (so a patch never says more than the view it leads to, which is made
from the seat's observation alone, :mod:`.views`). It is made for views, not for any JSON:
a list is either a tail that moved on (the same entries shifted to the front, new ones added
at the end: ``remove /…/0`` then ``add /…/-``), a list of the same length compared entry by
entry, or replaced whole. The comparisons are Python's own ``==``, which returns at once for the
entries a view shares with the one before (the timeline's dicts are the same objects); so, as in
Python, ``1``, ``1.0`` and ``true`` inside a list or object count as equal (a view never holds a
flag where it held a number, and JavaScript does not tell ``1`` from ``1.0``).
:func:`apply` is the reference client (the tests and the load script use it); the page's is
``static/patch.js``.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["apply", "diff", "diff_shared", "pointer"]

Op = dict[str, Any]


def pointer(path: str, key: str | int) -> str:
    """``path`` extended by ``key`` as a JSON Pointer (RFC 6901: ``~`` and ``/`` escaped)."""
    text = str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return f"{path}/{text}"


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both plain JSON data; empty if equal)."""
    ops: list[Op] = []
    if not _same(old, new):
        _changed(old, new, path, ops)
    return ops


def diff_shared(
    old: Any,
    new: Any,
    shared: dict[str, Any],
    memo: dict[tuple[str, int, int], list[Op]],
    path: str = "",
) -> list[Op]:
    """:func:`diff` of ``old`` and ``new``, the same operations in the same order, where the
    members ``shared`` names are diffed once per pair of objects and remembered in ``memo``.

    ``shared`` maps a member's key to None (the member is shared whole) or to the ``shared`` of
    its own members; the key ``"*"`` stands for every member. A broadcast gives every seat a
    view holding the same table summary and the same public part of the observation (a seat's
    previous view held the previous ones), so diffing them for every seat was the same work
    once per seat (docs/reliability.md, "Seventh sitting: CPU per action"). ``memo`` is keyed
    by the path and the two objects' ids, so it must live no longer than the objects it names
    (one broadcast); its lists of operations are shared between the seats' updates, which are
    encoded, never changed. ``tests/server/test_patch_shared.py`` checks it against
    :func:`diff`."""
    if type(old) is not dict or type(new) is not dict or old.keys() != new.keys() or old == new:
        return diff(old, new, path)  # (old == new as diff's: 1 == True inside)
    every = shared.get("*", _MISSING)
    ops: list[Op] = []
    for key, value in new.items():
        before = old[key]
        if before is value:
            continue
        inner = shared.get(key, every)
        if inner is _MISSING:
            if before != value or type(before) is not type(value):
                _changed(before, value, pointer(path, key), ops)
        elif inner is None:
            where = pointer(path, key)
            pair = (where, id(before), id(value))
            part = memo.get(pair)
            if part is None:
                part = memo[pair] = []
                if before != value or type(before) is not type(value):
                    _changed(before, value, where, part)
            ops.extend(part)
        else:
            ops.extend(diff_shared(before, value, inner, memo, pointer(path, key)))
    return ops


def _same(old: Any, new: Any) -> bool:
    return old is new or (old == new and type(old) is type(new))  # 1 == True, not in JSON


#: A key no view has (``dict.get``'s default below: a view's values may be None).
_MISSING: Final[Any] = object()


def _changed(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    """Add the operations for ``old`` and ``new``, which differ.

    The hot loop of a broadcast (every key of every seat's view, every move): ``_same`` is
    written out inline and the keys are compared once in C (about 5% faster on the views of
    random games of four games; the rest is the comparisons themselves)."""
    if type(old) is dict and type(new) is dict:
        if old.keys() != new.keys():  # compared in C; keys rarely come or go
            for key in old:
                if key not in new:
                    ops.append({"op": "remove", "path": pointer(path, key)})
        get = old.get
        for key, value in new.items():
            before = get(key, _MISSING)
            if before is value:
                continue  # most of a view ends here, without a call
            if before is _MISSING:
                ops.append({"op": "add", "path": pointer(path, key), "value": value})
            elif before != value or type(before) is not type(value):
                _changed(before, value, pointer(path, key), ops)
    elif type(old) is list and type(new) is list and _list(old, new, path, ops):
        return
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _list(old: list[Any], new: list[Any], path: str, ops: list[Op]) -> bool:
    """A tail that moved on, or a list of the same length entry by entry; False if neither
    pays (the caller replaces the list whole)."""
    if new and old:
        # Each place of the old list that holds the new list's first entry, in order: if the
        # old list from there is the new one's start, the list moved on. A loop here, compiled,
        # that stops at the first place that fits: a tail that moved on by k entries costs k + 1
        # comparisons, where counting the matches first (to search without a ValueError, which
        # compiled builds a traceback entry) compared every entry of the old list, a dict
        # compare each for the timeline's (docs/reliability.md, "Ninth sitting").
        first = new[0]
        size = len(old)
        for start in range(size):
            entry = old[start]
            if entry is not first and entry != first:
                continue
            kept = size - start
            if kept <= len(new) and old[start:] == new[:kept]:
                if start + len(new) - kept >= len(new):
                    break  # as many operations as the list has entries: replace it
                ops.extend({"op": "remove", "path": f"{path}/0"} for _ in range(start))
                ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in new[kept:])
                return True
    if len(old) == len(new):
        changed = [
            i
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            if a is not b and (a != b or type(a) is not type(b))
        ]
        if len(changed) < len(new):  # some entries kept: patch the others
            for i in changed:
                _changed(old[i], new[i], f"{path}/{i}", ops)
            return True
    return False


class PatchError(ValueError):
    """A patch that does not apply to the document it was given (a client then resyncs)."""


def apply(document: Any, ops: list[Op]) -> Any:
    """``document`` with ``ops`` applied (in place where it can; returns the result).

    Supports the three operations :func:`diff` makes; :class:`PatchError` on anything else or
    on a path the document does not have."""
    for op in ops:
        path = op.get("path")
        if not isinstance(path, str):
            raise PatchError(f"an operation without a path: {op!r}")
        if path == "":
            if op.get("op") != "replace":
                raise PatchError(f"cannot {op.get('op')} the whole document")
            document = op["value"]
            continue
        parts = [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]
        parent = document
        try:
            for part in parts[:-1]:
                parent = parent[int(part)] if isinstance(parent, list) else parent[part]
            _apply_one(parent, parts[-1], op)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise PatchError(f"{op.get('op')} {path}: {exc!r}") from None
    return document


def _apply_one(parent: Any, key: str, op: Op) -> None:
    kind = op.get("op")
    if isinstance(parent, list):
        if kind == "add":
            parent.insert(len(parent) if key == "-" else _index(key, len(parent)), op["value"])
        elif kind == "remove":
            del parent[_index(key, len(parent) - 1)]
        elif kind == "replace":
            parent[_index(key, len(parent) - 1)] = op["value"]
        else:
            raise PatchError(f"unsupported operation {kind!r}")
    elif isinstance(parent, dict):
        if kind in ("add", "replace"):
            if kind == "replace" and key not in parent:
                raise KeyError(key)
            parent[key] = op["value"]
        elif kind == "remove":
            del parent[key]
        else:
            raise PatchError(f"unsupported operation {kind!r}")
    else:
        raise TypeError(f"{type(parent).__name__} has no members")


def _index(key: str, last: int) -> int:
    index = int(key)
    if not 0 <= index <= last or key != str(index):
        raise IndexError(key)
    return index

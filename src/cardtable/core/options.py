"""Typed game options: one frozen dataclass per game, each field tagged with its ruling.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     limit: int = option(3, "XX-R1", "How many.")
>>> specs = option_specs(Demo)
>>> specs[0].name, specs[0].default, specs[0].ruling
('limit', 3, 'XX-R1')
>>> parse_options(Demo, {"limit": "5"})
Demo(limit=5)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from cardtable.core.errors import BadOptions

T = TypeVar("T")


def option(default: Any, ruling: str, help: str, choices: tuple[Any, ...] = ()) -> Any:
    """A dataclass field for a game option, carrying its ruling id, help and allowed values."""
    return dataclasses.field(
        default=default, metadata={"ruling": ruling, "help": help, "choices": choices}
    )


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What the registry, CLI and server show of one option."""

    name: str
    default: Any
    type: type
    ruling: str
    help: str
    choices: tuple[Any, ...]


def option_specs(options_class: type) -> list[OptionSpec]:
    """The options of a game, in declaration order."""
    out = []
    for f in dataclasses.fields(options_class):
        meta = f.metadata
        out.append(
            OptionSpec(
                name=f.name,
                default=f.default,
                type=type(f.default),
                ruling=meta.get("ruling", ""),
                help=meta.get("help", ""),
                choices=tuple(meta.get("choices", ())),
            )
        )
    return out


def _convert(spec: OptionSpec, value: Any) -> Any:
    if spec.type is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "1", "yes", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "0", "no", "off"):
            return False
        raise BadOptions(f"option {spec.name} takes true or false, not {value!r}")
    if spec.type is int:
        if isinstance(value, bool):
            raise BadOptions(f"option {spec.name} takes a whole number, not {value!r}")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise BadOptions(f"option {spec.name} takes a whole number, not {value!r}") from None
    if spec.type is str:
        if not isinstance(value, str):
            raise BadOptions(f"option {spec.name} takes text, not {value!r}")
        return value
    return value


def parse_options(options_class: type[T], values: dict[str, Any] | T | None) -> T:
    """Build a game's options from a dict (strings accepted, as from a command line)."""
    if values is None:
        return options_class()
    if isinstance(values, options_class):
        return values
    if not isinstance(values, dict):
        raise BadOptions(f"options must be a mapping, not {type(values).__name__}")
    specs = {s.name: s for s in option_specs(options_class)}
    unknown = sorted(set(values) - set(specs))
    if unknown:
        known = ", ".join(specs) or "no options"
        raise BadOptions(f"unknown option(s) {', '.join(unknown)}; this game has: {known}")
    kwargs: dict[str, Any] = {}
    for name, raw in values.items():
        spec = specs[name]
        value = _convert(spec, raw)
        if spec.choices and value not in spec.choices:
            allowed = ", ".join(map(str, spec.choices))
            raise BadOptions(f"option {name} must be one of {allowed}, not {value!r}")
        kwargs[name] = value
    return options_class(**kwargs)


def options_to_json(options: Any) -> dict[str, Any]:
    """The options as a plain dict."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}

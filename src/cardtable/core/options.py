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

Whole-number options may declare a range (``minimum``, ``maximum``); values outside it, and
spellings other than plain ASCII digits, are refused with :class:`BadOptions` naming the option.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, TypeVar

from cardtable.core.errors import BadOptions
from cardtable.core.text import quote, shown

T = TypeVar("T")


#: The only accepted spelling of a whole number: optional sign, ASCII digits, not too many.
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")


def option(
    default: Any,
    ruling: str,
    help: str,
    choices: tuple[Any, ...] = (),
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """A dataclass field for a game option, carrying its ruling id, help and allowed values."""
    return dataclasses.field(
        default=default,
        metadata={
            "ruling": ruling,
            "help": help,
            "choices": choices,
            "minimum": minimum,
            "maximum": maximum,
        },
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
    minimum: int | None = None
    maximum: int | None = None

    def range_text(self) -> str:
        """``0 to 100``, ``at least 1`` or "" when the option has no range."""
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f"{low} to {high}"
        if low is not None:
            return f"at least {low}"
        if high is not None:
            return f"at most {high}"
        return ""


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
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
            )
        )
    return out


def _convert(spec: OptionSpec, value: Any) -> Any:
    if spec.type is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "1", "yes", "on"):
            return True
        if isinstance(value, str) and value.strip().lower() in ("false", "0", "no", "off"):
            return False
        raise BadOptions(f"option {spec.name} takes true or false, not {quote(value)}")
    if spec.type is int:
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
            number = int(value.strip())
        if number is None:
            raise BadOptions(f"option {spec.name} takes a whole number, not {quote(value)}")
        low, high = spec.minimum, spec.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise BadOptions(
                f"option {spec.name} must be {spec.range_text()}, not {quote(number, 20)}"
            )
        return number
    if spec.type is str:
        if not isinstance(value, str):
            raise BadOptions(f"option {spec.name} takes text, not {quote(value)}")
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
    unknown = sorted(shown(name, 30) for name in values if name not in specs)
    if unknown:
        known = ", ".join(specs) or "no options"
        listed = ", ".join(unknown[:3]) + (", …" if len(unknown) > 3 else "")
        raise BadOptions(f"unknown option(s) {listed}; this game has: {known}")
    kwargs: dict[str, Any] = {}
    for name, raw in values.items():
        spec = specs[name]
        value = _convert(spec, raw)
        if spec.choices and value not in spec.choices:
            allowed = ", ".join(map(str, spec.choices))
            raise BadOptions(f"option {name} must be one of {allowed}, not {quote(value)}")
        kwargs[name] = value
    return options_class(**kwargs)


def options_to_json(options: Any) -> dict[str, Any]:
    """The options as a plain dict."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}

"""Presets and options every game resolves the same way.

A game's ``Rules`` is a frozen dataclass with a ``name`` (its preset) and one field per option; its presets
are instances named after the events that play them (the Wiener Tarockcup, Bled ...). ``resolve`` turns a
preset name, a stored spec ``{"preset", "options"}`` or a ``Rules`` value, with a tournament's option
overrides on top, into rules, checking every option against the type of the preset's value (and
``OPTION_CHOICES`` / ``OPTION_RANGES`` of the class where it has them): anything wrong is a ``RulesError``
naming the option. ``options_of`` and ``spec_of`` write rules back as JSON.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown

R = TypeVar("R")


def unknown_preset(value: Any, presets: Mapping[str, Any]) -> Message:
    return Message(
        "unknown_preset",
        _("unknown preset %(value)s (known: %(known)s)"),
        value=shown(value),
        known=", ".join(presets),
    )


def resolve(
    presets: Mapping[str, R], default: str, spec: Any = None, options: Mapping[str, Any] | None = None
) -> R:
    """The rules of ``spec`` (a preset name, ``{"preset", "options"}``, a Rules value; None: ``default``)
    with ``options`` on top; raises RulesError."""
    extra = dict(options or {})
    if spec is None:
        spec = default
    base_type = type(presets[default])
    if isinstance(spec, base_type):
        if not extra:
            return spec
        spec = spec_of(spec, presets)
    if type(spec) is str:
        name, stored = spec, {}
    elif isinstance(spec, Mapping) and not set(spec) - {"preset", "options"}:
        name, stored = spec.get("preset", default), spec.get("options") or {}
        if not isinstance(stored, Mapping):
            raise RulesError(
                "rules", Message("rules_spec_parts", _("preset must be a name and options an object"))
            )
    else:
        raise RulesError(
            "rules", Message("rules_spec", _("must be a preset name or an object {preset, options}"))
        )
    base = presets.get(name) if type(name) is str else None
    if base is None:
        raise RulesError("rules", unknown_preset(name, presets))
    merged = {**stored, **extra}
    if not merged:
        return base
    return dataclasses.replace(base, **{key: _checked(base, key, value) for key, value in merged.items()})


def _checked(base: Any, key: Any, value: Any) -> Any:
    known = {f.name for f in dataclasses.fields(base)} - {"name"}
    if type(key) is not str or key not in known:
        raise RulesError(
            "rules", Message("unknown_options", _("unknown option(s) %(names)s"), names=shown(key))
        )
    current = getattr(base, key)
    choices = getattr(type(base), "OPTION_CHOICES", {}).get(key)
    low, high = getattr(type(base), "OPTION_RANGES", {}).get(key, (0, 10**6))
    if isinstance(current, bool) or (choices is not None and all(type(c) is bool for c in choices)):
        ok = type(value) is bool
    elif isinstance(current, int) or (current is None and key in getattr(type(base), "OPTION_RANGES", {})):
        ok = (type(value) is int and low <= value <= high) or (current is None and value is None)
    elif isinstance(current, str) or choices is not None:
        ok = type(value) is str and (choices is None or value in choices)
    elif isinstance(current, tuple):
        ok = isinstance(value, list | tuple) and all(type(v) in (int, str) for v in value)
        value = tuple(value) if ok else value
    elif isinstance(current, Mapping):
        ok = isinstance(value, Mapping) and all(type(k) is str and type(v) is int for k, v in value.items())
        value = dict(value) if ok else value
    else:
        ok = value is None or type(value) is type(current)
    if not ok:
        raise RulesError(
            key,
            Message(
                "option_value",
                _("is not a valid value: %(value)s (now %(current)s)"),
                value=shown(value),
                current=shown(_json(current)),
            ),
        )
    return value


def _json(value: Any) -> Any:
    if isinstance(value, tuple | frozenset):
        return sorted(value) if isinstance(value, frozenset) else list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


def options_of(rules: Any) -> dict[str, Any]:
    """Option name -> value of ``rules``, JSON-friendly (tuples as lists), without its preset name."""
    return {f.name: _json(getattr(rules, f.name)) for f in dataclasses.fields(rules) if f.name != "name"}


def spec_of(rules: Any, presets: Mapping[str, Any]) -> str | dict[str, Any]:
    """How a summary names ``rules``: the preset's name, or ``{"preset", "options"}`` with what differs."""
    base = presets[rules.name]
    if rules == base:
        return rules.name
    mine, theirs = options_of(rules), options_of(base)
    return {"preset": rules.name, "options": {k: v for k, v in mine.items() if v != theirs[k]}}

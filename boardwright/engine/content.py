"""Content files: game data (cards, tiles, powers) kept as TOML and checked against a schema.

A schema is a mapping from a top-level table name (``"gadgets"``) to the fields each entry of
that array of tables must have. Loading returns plain dicts with every field present and typed;
an error names the file, the entry and the field. Games then turn the dicts into frozen values and
check what only the game knows (that a Part exists, that counts add up) with :func:`fail`.
"""

from __future__ import annotations

import builtins
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ContentError
from .files import MB, read_text

_MISSING = object()


@dataclass(frozen=True)
class Field:
    """One field of a content entry.

    ``type`` is ``str``, ``int``, ``float``, ``bool``, ``list`` or ``dict``; ``item`` is the type of
    a list's items; ``choices`` limits a value (or each list item) to a set.
    """

    name: str
    type: type
    required: bool = True
    default: Any = None
    choices: tuple[Any, ...] | None = None
    item: builtins.type | None = None
    minimum: float | None = None
    maximum: float | None = None
    min_items: int | None = None
    max_items: int | None = None


@dataclass(frozen=True)
class Section:
    """A top-level array of tables: ``[[name]]`` entries, identified by their ``key`` field."""

    name: str
    fields: tuple[Field, ...]
    key: str = "name"
    min_entries: int = 0
    max_entries: int | None = None


def fail(file: str, entry: str | None, field: str | None, problem: str) -> ContentError:
    """The error to raise for a content problem (``raise fail(...)``)."""
    return ContentError(file, entry, field, problem)


def _type_name(kind: type) -> str:
    return {str: "text", int: "whole number", float: "number", bool: "true/false",
            list: "list", dict: "table"}.get(kind, kind.__name__)


def _check_scalar(kind: type, value: Any) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


def _check_field(file: str, entry: str, field: Field, value: Any) -> Any:
    def bad(problem: str) -> ContentError:
        return fail(file, entry, field.name, problem)

    if not _check_scalar(field.type, value):
        raise bad(f"must be a {_type_name(field.type)}, not {value!r}")
    if field.type is list:
        if field.min_items is not None and len(value) < field.min_items:
            raise bad(f"needs at least {field.min_items} items, has {len(value)}")
        if field.max_items is not None and len(value) > field.max_items:
            raise bad(f"takes at most {field.max_items} items, has {len(value)}")
        if field.item is not None:
            for item in value:
                if not _check_scalar(field.item, item):
                    raise bad(f"items must be {_type_name(field.item)}s, not {item!r}")
        items = value
    else:
        items = [value]
    for item in items:
        if field.choices is not None and item not in field.choices:
            allowed = ", ".join(str(c) for c in field.choices)
            raise bad(f"{item!r} is not one of {allowed}")
        if isinstance(item, (int, float)) and not isinstance(item, bool):
            if field.minimum is not None and item < field.minimum:
                raise bad(f"must be at least {field.minimum:g}, not {item!r}")
            if field.maximum is not None and item > field.maximum:
                raise bad(f"must be at most {field.maximum:g}, not {item!r}")
    return value


def validate(file: str, data: Mapping[str, Any], schema: Sequence[Section]) -> dict[str, list[dict]]:
    """Check parsed content against ``schema``; returns each section's entries, defaults filled."""
    known = {section.name for section in schema}
    for name in data:
        if name not in known:
            raise fail(file, None, None, f"unknown section [[{name}]] (expected: {', '.join(sorted(known))})")
    result: dict[str, list[dict]] = {}
    for section in schema:
        entries = data.get(section.name, [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise fail(file, None, None, f"[[{section.name}]] must be an array of tables")
        if len(entries) < section.min_entries:
            raise fail(file, None, None,
                       f"needs at least {section.min_entries} [[{section.name}]] entries, has {len(entries)}")
        if section.max_entries is not None and len(entries) > section.max_entries:
            raise fail(file, None, None,
                       f"takes at most {section.max_entries} [[{section.name}]] entries, has {len(entries)}")
        fields = {field.name: field for field in section.fields}
        seen: set[Any] = set()
        checked: list[dict] = []
        for index, raw in enumerate(entries, 1):
            key = raw.get(section.key)
            entry = f"{section.name} '{key}'" if key is not None else f"{section.name} #{index}"
            for name in raw:
                if name not in fields:
                    raise fail(file, entry, name, f"unknown field (expected: {', '.join(fields)})")
            out: dict[str, Any] = {}
            for field in section.fields:
                value = raw.get(field.name, _MISSING)
                if value is _MISSING:
                    if field.required:
                        raise fail(file, entry, field.name, "is missing")
                    out[field.name] = field.default
                    continue
                out[field.name] = _check_field(file, entry, field, value)
            if key is not None:
                if key in seen:
                    raise fail(file, entry, section.key, "appears twice")
                seen.add(key)
            checked.append(out)
        result[section.name] = checked
    return result


#: the largest content file read (ours are a few kB)
MAX_CONTENT_BYTES = 5 * MB

_CACHE: dict[tuple[str, float, int, int], Any] = {}


def load_content(path: str | Path, schema: Sequence[Section],
                 build: Callable[[str, dict[str, list[dict]]], Any]) -> Any:
    """Read a TOML content file, validate it, and ``build`` the game's frozen content from it.

    Only a regular UTF-8 file of at most 5 MB is read (a folder, device or pipe is refused up
    front). Results are cached by path, size and modification time, so games share one content
    object.
    """
    file = Path(path)
    name = str(file)

    def problem(text: str) -> ContentError:
        return fail(name, None, None, text)

    try:
        info = file.stat()
        cache_key = (str(file.resolve()), info.st_mtime, info.st_size, id(build))
    except (OSError, ValueError, RuntimeError):
        cache_key = None
    cached = _CACHE.get(cache_key) if cache_key is not None else None
    if cached is not None:
        return cached
    text = read_text(file, MAX_CONTENT_BYTES, problem)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise problem(f"is not valid TOML ({error})") from None
    except RecursionError:
        raise problem("nests tables or arrays too deeply") from None
    content = build(name, validate(name, data, schema))
    if cache_key is not None:
        _CACHE[cache_key] = content
    return content

"""Content files: game data (cards, tiles, powers) kept as TOML and checked against a schema.

A schema is a mapping from a top-level table name (``"gadgets"``) to the fields each entry of
that array of tables must have. Loading returns plain dicts with every field present and typed;
an error names the file, the entry and the field. Games then turn the dicts into frozen values and
check what only the game knows (that a Part exists, that counts add up) with :func:`fail`.
"""

from __future__ import annotations

import builtins
import json
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


# ---------------------------------------------------------------------------- content variants
def toml_value(value: Any) -> str:
    """One TOML value: text (a basic string), whole number, number, true/false, a list or an
    inline table of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"a content value cannot be {type(value).__name__}")


def toml_text(data: Mapping[str, Any], heading: str = "") -> str:
    """Content as TOML: top-level values first, then each array of tables (``[[name]]`` entries)
    in the given order; ``heading`` becomes comment lines at the top. ``tomllib.loads`` reads it
    back as ``data``."""
    lines = [f"# {line}" if line else "#" for line in heading.splitlines()]
    tables = {name: value for name, value in data.items() if isinstance(value, list) and value
              and all(isinstance(entry, dict) for entry in value)}
    lines += [f"{json.dumps(name)} = {toml_value(value)}" for name, value in data.items() if name not in tables]
    for name, entries in tables.items():
        for entry in entries:
            lines += ["", f"[[{name}]]"]
            lines += [f"{json.dumps(key)} = {toml_value(value)}" for key, value in entry.items()]
    return "\n".join(lines) + "\n"


def content_variant(path: str | Path, section: str, name: str, changes: Mapping[str, Any], *,
                    key: str = "name", base: str | Path | None = None, heading: str = "") -> str:
    """The TOML text of the content file at ``path`` with one entry changed: the entry of
    ``[[section]]`` whose ``key`` is ``name`` gets the fields of ``changes`` (a field given None
    is removed). A section the file leaves out is taken from ``base`` (for games whose files
    extend their default). Raises KeyError when no entry has that name. The text is not checked:
    load it through the game to know it is valid content."""
    data = tomllib.loads(read_text(Path(path), MAX_CONTENT_BYTES, lambda text: fail(str(path), None, None, text)))
    if section not in data and base is not None:
        data[section] = tomllib.loads(Path(base).read_text(encoding="utf-8"))[section]
    entries = data.get(section)
    found = next((entry for entry in entries or () if isinstance(entry, dict) and entry.get(key) == name), None)
    if found is None:
        raise KeyError(f"no [[{section}]] entry named {name!r}")
    for field, value in changes.items():
        if value is None:
            found.pop(field, None)
        else:
            found[field] = value
    return toml_text(data, heading)

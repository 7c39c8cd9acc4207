"""Content files: game data (cards, tiles, powers) kept as TOML and checked against a schema.

A schema is a mapping from a top-level table name (``"gadgets"``) to the fields each entry of
that array of tables must have. Loading returns plain dicts with every field present and typed;
an error names the file, the entry and the field. Games then turn the dicts into frozen values and
check what only the game knows (that a Part exists, that counts add up) with :func:`fail`.

A file may also be an *overlay* of the game's own content: ``extends = "default"`` at its top,
then only the entries it changes or adds, each matched to the default's by its key field (the
name), with only the fields that change; ``remove = [...]`` names entries of the default to
leave out. The merged content is checked as a whole file would be, and errors name the overlay.
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


def _allowed(field: Field) -> str:
    """A field's choices as a message lists them: an empty text (no effect) is not listed as
    one, but said in words."""
    assert field.choices is not None
    shown = ", ".join(str(choice) for choice in field.choices if choice != "")
    if "" in field.choices:
        shown += " (or leave it out for none)" if not field.required else " (or \"\" for none)"
    return shown


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
            raise bad(f"{item!r} is not one of {_allowed(field)}")
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
#: an overlay's top-level keys: the content it extends (only the game's own, "default", for now)
#: and the entries of that content it leaves out
EXTENDS, REMOVE = "extends", "remove"

_CACHE: dict[tuple[str, float, int, int], Any] = {}


def read_toml(path: str | Path) -> dict[str, Any]:
    """The parsed TOML of a content file (a regular UTF-8 file of at most 5 MB), or a
    :class:`ContentError` naming the file."""
    name = str(path)

    def problem(text: str) -> ContentError:
        return fail(name, None, None, text)

    text = read_text(Path(path), MAX_CONTENT_BYTES, problem)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise problem(f"is not valid TOML ({error})") from None
    except RecursionError:
        raise problem("nests tables or arrays too deeply") from None


def is_overlay(data: Mapping[str, Any]) -> bool:
    """Whether parsed content is an overlay of another (it says ``extends``)."""
    return EXTENDS in data


def merge_overlay(file: str, data: Mapping[str, Any], base: Mapping[str, Any],
                  schema: Sequence[Section]) -> dict[str, Any]:
    """The content an overlay ``data`` makes of the default's parsed ``base``: each overlay entry
    whose key the default has replaces the fields it gives, any other is added at the end of its
    section, and the entries ``remove`` names are left out. Shapes are checked here (what the
    merge needs); the result is then validated like any file."""
    extends = data[EXTENDS]
    if extends != "default":
        raise fail(file, None, EXTENDS, f"only \"default\" (the game's own content) can be extended, not {extends!r}")
    sections = {section.name: section for section in schema}
    merged: dict[str, Any] = {name: [dict(entry) for entry in base.get(name, [])] for name in sections}
    changed: set[tuple[str, Any]] = set()
    for name, entries in data.items():
        if name in (EXTENDS, REMOVE):
            continue
        section = sections.get(name)
        if section is None:
            raise fail(file, None, None, f"unknown section [[{name}]] (expected: {', '.join(sorted(sections))})")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise fail(file, None, None, f"[[{name}]] must be an array of tables")
        by_key = {entry.get(section.key): entry for entry in merged[name]}
        for index, entry in enumerate(entries, 1):
            key = entry.get(section.key)
            if key is None:
                raise fail(file, f"{name} #{index}", section.key,
                           f"is missing (an overlay's entry is matched to the default's by its {section.key})")
            where = f"{name} '{key}'"
            if (name, key) in changed:
                raise fail(file, where, section.key, "appears twice")
            changed.add((name, key))
            if key in by_key:
                by_key[key].update(entry)
                continue
            for field in section.fields:
                if field.required and field.name not in entry:
                    raise fail(file, where, field.name, f"is missing (the default has no {name} entry "
                               f"with {section.key} {key!r}, so this one is new and needs every field)")
            added = dict(entry)
            merged[name].append(added)
            by_key[key] = added
    for key, section in _removed(file, data.get(REMOVE, []), merged, schema):
        if (section.name, key) in changed:
            raise fail(file, f"{section.name} '{key}'", None, "is both changed and removed")
        merged[section.name] = [entry for entry in merged[section.name] if entry.get(section.key) != key]
    return merged


def _removed(file: str, names: Any, merged: Mapping[str, list[dict]],
             schema: Sequence[Section]) -> list[tuple[Any, Section]]:
    """The entries ``remove = [...]`` names, each with its section: a key found in one section
    alone, or written ``"section:key"`` where several share it."""
    if not isinstance(names, list):
        raise fail(file, None, REMOVE, "must be a list of the names of entries to leave out")
    found: list[tuple[Any, Section]] = []
    for name in names:
        where = [s for s in schema if any(e.get(s.key) == name for e in merged[s.name])]
        if not where and isinstance(name, str):  # "section:key", for a key several sections share
            prefix, colon, rest = name.partition(":")
            section = next((s for s in schema if colon and s.name == prefix.strip()), None)
            key = next((e.get(section.key) for e in merged[section.name]
                        if str(e.get(section.key)) == rest.strip()), None) if section else None
            if section is not None and key is not None:
                found.append((key, section))
                continue
        if not where:
            raise fail(file, None, REMOVE, f"{name!r} is no entry of the default")
        if len(where) > 1:
            choices = " or ".join(f'"{s.name}:{name}"' for s in where)
            raise fail(file, None, REMOVE, f"{name!r} names entries of several sections: write {choices}")
        found.append((name, where[0]))
    return found


def read_content(path: str | Path, schema: Sequence[Section], default: str | Path | None = None,
                 ) -> tuple[dict[str, list[dict]], dict[str, list[dict]] | None]:
    """A content file validated against ``schema`` (an overlay merged over ``default`` first),
    and for an overlay the default's content validated too (for telling what changed)."""
    name = str(path)
    data = read_toml(path)
    if not is_overlay(data):
        if REMOVE in data:
            raise fail(name, None, REMOVE, 'only an overlay removes entries: add extends = "default"')
        return validate(name, data, schema), None
    if default is None:
        raise fail(name, None, EXTENDS, "this game has no default content to extend")
    base = read_toml(default)
    return validate(name, merge_overlay(name, data, base, schema), schema), validate(str(default), base, schema)


def load_content(path: str | Path, schema: Sequence[Section],
                 build: Callable[[str, dict[str, list[dict]]], Any], default: str | Path | None = None) -> Any:
    """Read a TOML content file, validate it, and ``build`` the game's frozen content from it.

    ``default`` is the game's own content file, which an overlay extends. Only a regular UTF-8
    file of at most 5 MB is read (a folder, device or pipe is refused up front). Results are
    cached by path, size and modification time, so games share one content object.
    """
    file = Path(path)
    try:
        info = file.stat()
        cache_key = (str(file.resolve()), info.st_mtime, info.st_size, id(build))
    except (OSError, ValueError, RuntimeError):
        cache_key = None
    cached = _CACHE.get(cache_key) if cache_key is not None else None
    if cached is not None:
        return cached
    content = build(str(file), read_content(file, schema, default)[0])
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
    extend their default); an overlay file (``extends``) that does not list the entry gets one
    naming it with ``changes``. Raises KeyError when no entry has that name. The text is not checked:
    load it through the game to know it is valid content."""
    data = tomllib.loads(read_text(Path(path), MAX_CONTENT_BYTES, lambda text: fail(str(path), None, None, text)))
    if section not in data and base is not None:
        data[section] = tomllib.loads(Path(base).read_text(encoding="utf-8"))[section]
    entries = data.get(section)
    found = next((entry for entry in entries or () if isinstance(entry, dict) and entry.get(key) == name), None)
    if found is None and "extends" in data and isinstance(entries or [], list):
        # an overlay (``extends = "default"``) changes an entry it does not list by naming it
        found = {key: name}
        data[section] = [*(entries or []), found]
    if found is None:
        raise KeyError(f"no [[{section}]] entry named {name!r}")
    for field, value in changes.items():
        if value is None:
            found.pop(field, None)
        else:
            found[field] = value
    return toml_text(data, heading)


def content_changes(base: Mapping[str, list[dict]], other: Mapping[str, list[dict]],
                    schema: Sequence[Section]) -> list[dict[str, Any]]:
    """What ``other`` changes of ``base`` (both validated against ``schema``), entry by entry in
    the schema's order: ``{"section", "entry", "change", "fields"}`` with ``change`` one of
    ``changed``, ``added`` or ``removed``, and for a changed entry ``fields``: name -> [old, new]."""
    changes: list[dict[str, Any]] = []
    for section in schema:
        before = {entry[section.key]: entry for entry in base.get(section.name, [])}
        after = {entry[section.key]: entry for entry in other.get(section.name, [])}
        for key, entry in after.items():
            old = before.get(key)
            if old is None:
                changes.append({"section": section.name, "entry": key, "change": "added", "fields": {}})
                continue
            fields = {field.name: [old[field.name], entry[field.name]] for field in section.fields
                      if old[field.name] != entry[field.name]}
            if fields:
                changes.append({"section": section.name, "entry": key, "change": "changed", "fields": fields})
        changes += [{"section": section.name, "entry": key, "change": "removed", "fields": {}}
                    for key in before if key not in after]
    return changes

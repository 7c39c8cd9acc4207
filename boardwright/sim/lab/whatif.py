"""What a what-if changed, in a designer's words: the options whose values differ, and the
content that differs, entry by entry and field by field.

The content is compared through the game's public catalog (``Game.catalog(options)``: every piece
of content the game is played with, by name, with its kind and fields), so the comparison sees
what the loader made of each file (defaults filled, sections a file leaves out taken from the
game's own) and works for every game alike. The card text a game writes from the other fields is
shown only when nothing else of the entry changed.

Reading an item's change in the report: the standardized effect of a change is the change divided
by its standard error (a t or z score), so changes measured on few seat-games do not crowd out
those measured on many; "changed most" lists the items by the larger of their two scores (take
rate, lift).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import resolve_options

#: catalog fields a game writes from the others (shown only when nothing else changed)
DERIVED_FIELDS = ("text", "shown_as")


def option_changes(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The options whose resolved values differ: ``{"option", "a", "b"}``, by name."""
    return [{"option": name, "a": a.get(name), "b": b.get(name)}
            for name in sorted(set(a) | set(b)) if a.get(name) != b.get(name)]


def entry_changes(a: Mapping[str, Mapping[str, Any]], b: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The entries of two catalogs that differ: each ``{"kind", "name", "change", "fields"}``,
    ``change`` being ``added``, ``removed`` or ``changed`` and ``fields`` the changed fields
    ``{"field", "a", "b"}`` (None for a field one side lacks); by kind, then name."""
    found = []
    for name in set(a) | set(b):
        before, after = a.get(name), b.get(name)
        if before == after:
            continue
        if before is None or after is None:
            entry = after if before is None else before
            assert entry is not None
            found.append({"kind": entry.get("kind", ""), "name": name,
                          "change": "added" if before is None else "removed", "fields": []})
            continue
        fields = [{"field": field, "a": before.get(field), "b": after.get(field)}
                  for field in sorted(set(before) | set(after)) if before.get(field) != after.get(field)]
        plain = [f for f in fields if f["field"] not in DERIVED_FIELDS]
        found.append({"kind": after.get("kind", before.get("kind", "")), "name": name, "change": "changed",
                      "fields": plain or fields})
    return sorted(found, key=lambda row: (str(row["kind"]), row["name"]))


def describe(game_id: str, module: str | None, a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """What version B changes against A (their options as given to the study): the options that
    differ (with the game's defaults filled in) and the content entries that differ."""
    from ... import load

    if module:
        importlib.import_module(module)
    game = load(game_id)
    resolved_a = resolve_options(game.id, game.options, dict(a))
    resolved_b = resolve_options(game.id, game.options, dict(b))
    entries = entry_changes(game.catalog(resolved_a), game.catalog(resolved_b))
    return {"options": option_changes(resolved_a, resolved_b), "content": entries,
            "note": ("options: the values A and B are played with (defaults filled in); content: every entry "
                     "of the game's catalog that differs, field by field")}


def value_text(value: Any) -> str:
    """A catalog or option value as a designer would write it (an option left unset, such as no
    content file, is the game's default)."""
    if value is None:
        return "default"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(value_text(item) for item in value) + "]"
    return str(value)


def summary(changes: Mapping[str, Any], shown: int = 4) -> str:
    """What B changes, in one line: the options, then the first content entries."""
    parts = [f"{row['option']} {value_text(row['a'])} → {value_text(row['b'])}" for row in changes["options"]
             if row["option"] != "content"]
    entries = changes["content"]
    for row in entries[:shown]:
        if row["change"] != "changed":
            parts.append(f"{row['kind']} {row['name']} {row['change']}")
        else:
            fields = ", ".join(f"{f['field']} {value_text(f['a'])} → {value_text(f['b'])}" for f in row["fields"])
            parts.append(f"{row['kind']} {row['name']}: {fields}")
    if len(entries) > shown:
        parts.append(f"and {len(entries) - shown} more entries")
    return "; ".join(parts) if parts else "nothing the catalog or options show"


def standardized(diff: float | None, se: float | None) -> float | None:
    """A change in standard errors (a t or z score): 0 for no change, an infinite score for a
    change every pair shows alike (no spread to scale by), None when it was not tested (too
    few seat-games)."""
    if diff is None or se is None:
        return None
    if se > 0:
        return diff / se
    return 0.0 if diff == 0 else math.copysign(math.inf, diff)


def rank_items(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The item changes from the one that changed most, by the larger standardized effect of its
    take rate and of its lift (untested changes last); each row gets ``effect_by`` (which of the
    two), ``effect``, its estimate, and ``effect_z`` (in the JSON, null for an infinite score)."""
    for row in rows:
        scored = [(abs(z) if z is not None else -1.0, label, diff, z)
                  for label, diff, z in (("take rate", row["take_diff"], row["take_z"]),
                                         ("lift", row["lift_diff"], row["lift_z"])) if diff is not None]
        best = max(scored, key=lambda item: item[0], default=(-1.0, None, None, None))
        row["_rank"] = best[0]
        row["effect_by"], row["effect"], row["effect_z"] = best[1], best[2], best[3]
    ranked = sorted(rows, key=lambda row: (-row["_rank"], row["players"], row["kind"], row["name"]))
    for row in ranked:
        del row["_rank"]
    return ranked

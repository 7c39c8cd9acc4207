"""Every game describes every piece of its content in player words (``game.catalog()``)."""

from __future__ import annotations

import json

import pytest
from conformance import INTERNALS

import boardwright as bw


@pytest.mark.parametrize("game_id", bw.games())
def test_the_catalog_is_json_with_a_kind_and_plain_text_for_every_entry(game_id):
    catalog = bw.load(game_id).catalog()
    assert catalog and json.loads(json.dumps(catalog)) == catalog
    for name, entry in catalog.items():
        assert name and isinstance(entry["kind"], str) and entry["kind"], name
        text = entry["text"]
        assert isinstance(text, str) and text, f"{game_id}: {name} has no text"
        assert not any(bad in text for bad in INTERNALS if bad != "\n"), f"{game_id}: {name}: {text!r}"


@pytest.mark.parametrize("game_id", bw.games())
def test_a_bad_option_to_the_catalog_is_refused_in_one_line(game_id):
    with pytest.raises(bw.OptionError) as refused:
        bw.load(game_id).catalog({"no_such_option": 1})
    assert "\n" not in str(refused.value)

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from services import (
    SERVICE_FIXTURES,
    browser,
    page,
    postgres_db,
    postgres_url,
    server,
    shared_server,
    start_server,
)

__all__ = ["browser", "page", "postgres_db", "postgres_url", "server", "shared_server", "start_server"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that starts a real service (server, PostgreSQL, Chromium) is a `web` test."""
    for item in items:
        if SERVICE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.web)

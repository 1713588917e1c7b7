from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from exports import registry
from tests.pages.conftest import club, event, member, member_client  # noqa: F401 (fixtures)


@pytest.fixture
def test_kinds(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Two extra kinds: one that works and one that fails."""
    kinds = dict(registry.KINDS)
    kinds["test_text"] = registry.ExportKind(
        "test_text", "Test text", registry.EVENT, registry.VIEWER,
        "tests.exports.renderers.render_text", "csv", {"after_round": int}, unit="page")
    kinds["test_failing"] = registry.ExportKind(
        "test_failing", "Test failing", registry.EVENT, registry.ORGANISER,
        "tests.exports.renderers.render_failing", "csv")
    monkeypatch.setattr(registry, "KINDS", kinds)
    yield


def ask(client: Any, kind: str, object_id: int, **options: Any) -> Any:
    return client.post(f"/en/exports/{kind}/", {"object_id": object_id, **options})

"""``savanna serve --table-seeds N``: a run of the server deals the same games again.

Tests and demonstrations (the click walk of ``test_browser_clicks.py``) need the same games on
every run; without the option each table's secret seed comes from the system's secure source.
"""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from savanna.web import Settings, create_app
from tests.web.conftest import TEST_LIMITS, make_table


def _seeds(tmp_path: Path, name: str, table_seeds: int | None, tables: int = 3) -> list[int]:
    settings = Settings(database=f"sqlite:///{tmp_path / name}", limits=TEST_LIMITS, table_seeds=table_seeds)
    with TestClient(create_app(settings)) as client:
        made = [make_table(client, seats=["open", "bot:random"]) for _ in range(tables)]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        return [hub.tables[table.id].table.seeds.seed for table in made]


def test_the_same_table_seeds_deal_the_same_tables_in_turn(tmp_path):
    first, again = _seeds(tmp_path, "a.sqlite3", 2026), _seeds(tmp_path, "b.sqlite3", 2026)
    assert first == again
    assert len(set(first)) == len(first)  # each table its own seed, in turn
    assert _seeds(tmp_path, "c.sqlite3", 2027) != first


def test_without_table_seeds_every_table_is_dealt_a_fresh_secret_seed(tmp_path):
    assert _seeds(tmp_path, "a.sqlite3", None) != _seeds(tmp_path, "b.sqlite3", None)


def test_serve_refuses_a_table_seed_that_is_not_a_number(tmp_path):
    from typer.testing import CliRunner

    from savanna.cli import app

    result = CliRunner().invoke(app, ["serve", "--table-seeds", "dice", "--database", f"sqlite:///{tmp_path / 'x'}"])
    assert result.exit_code != 0
    assert "--table-seeds" in result.output

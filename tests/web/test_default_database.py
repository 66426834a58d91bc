"""Where ``savanna serve`` keeps its games when no ``--database`` is given (docs/web.md)."""

from __future__ import annotations

import pytest

pytest.importorskip("sqlalchemy")

from savanna.web.db import default_database_url


def test_the_default_database_lives_in_the_user_data_folder_of_the_saves(monkeypatch, tmp_path):
    monkeypatch.delenv("SAVANNA_DATABASE", raising=False)
    monkeypatch.setenv("SAVANNA_DATA_DIR", str(tmp_path / "data"))
    assert default_database_url() == f"sqlite:///{tmp_path / 'data' / 'server.sqlite3'}"


def test_the_platform_folder_honours_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.delenv("SAVANNA_DATABASE", raising=False)
    monkeypatch.delenv("SAVANNA_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    url = default_database_url()
    assert url.startswith(f"sqlite:///{tmp_path / 'xdg'}") and url.endswith("server.sqlite3")


def test_savanna_database_wins_over_the_folder(monkeypatch):
    monkeypatch.setenv("SAVANNA_DATABASE", "postgresql+psycopg://u@127.0.0.1/db")
    assert default_database_url() == "postgresql+psycopg://u@127.0.0.1/db"

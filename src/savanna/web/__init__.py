"""Savanna in the browser: ``savanna serve``.

An ASGI application (Starlette on uvicorn) that seats people and bots at tables, keeps every
game in a database (SQLite by default, PostgreSQL on request) and plays it through the core
protocol and the registry only: no module here knows a game by name.

=============  ======================================================================
module         job
=============  ======================================================================
``app``        routes: pages, REST API, health check, static files
``protocol``   the websocket of a table (messages in and out)
``live``       tables in play: the server's authority, chance, bots, seats, views
``store``      every read and write of the database (one transaction each)
``db``         SQLAlchemy models, database URLs, Alembic migrations at start
``bots``       the process pool where bots think
``words``      what a game says to people (drawings, words, help), via the core hooks
``messages``   the pages' own words in English and French
``limits``     every cap, rate and delay in one place
``static/``    the pages: plain HTML, CSS and JavaScript, no build step
=============  ======================================================================
"""

from __future__ import annotations

from savanna.web.app import Settings, create_app
from savanna.web.limits import Limits

__all__ = ["Limits", "Settings", "create_app"]

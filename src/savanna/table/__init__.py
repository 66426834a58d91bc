"""The table: the authority over one game in progress, for every interface.

The layer between the core (a game's rules, one position) and the interfaces (the terminal,
the server, a program): what boardgame.io calls its *master*. A :class:`Table` owns

* the **seats** (:class:`Seat`: a person or a program acting for one, a bot, nobody yet)
  and who may act now;
* the **position**, changed only through proposals checked once against the rules
  (:meth:`Table.propose` → :class:`Commit` → :meth:`Table.adopt`), so an interface that
  stores games writes a commit before the table adopts it;
* **chance**, drawn from the table's seed by position, and **bot turns** (:class:`BotTurn`),
  decided from the seat's observation only with a generator drawn from the seed, wherever
  the interface runs them;
* the **log** (:class:`Log`): every action once, with the one rule for its audience (the
  game's declaration and the acting seat), in words in every language, read per reader;
* **undo** (:meth:`Table.undo`, while the move taught nothing), **saves** that reseed the
  rest of the game (:meth:`Table.save`), **resuming** a saved game (:meth:`Table.resume`)
  and the **record** (:meth:`Table.record`), checkable by :func:`replay_checked`;
* **presence** (connections, requests) and the **replacement** of an away or too slow
  person by a bot, and their return.

It emits events (:mod:`savanna.table.events`) and does no input or output: no printing, no
sockets, no SQL, no files. It knows the core and the bots, finds games through the registry,
and knows no interface.
"""

from __future__ import annotations

from savanna.table.bots import BotTurn, decide, replay_checked, seeded
from savanna.table.errors import StaleCommit, TableError
from savanna.table.events import Event, Finished, Played, Reseeded, SeatChanged, Started, TookBack
from savanna.table.log import Entry, Line, Log, Reader, Turn, entry_of, typeset
from savanna.table.seating import ABANDONED, FINISHED, OPEN, PLAYING, Listener, SeatFacts
from savanna.table.seats import BOT, HUMAN, OPEN_SEAT, Seat
from savanna.table.table import Commit, Table, fresh_seed
from savanna.table.undo import Undo

__all__ = [
    "ABANDONED",
    "BOT",
    "FINISHED",
    "HUMAN",
    "OPEN",
    "OPEN_SEAT",
    "PLAYING",
    "BotTurn",
    "Commit",
    "Entry",
    "Event",
    "Finished",
    "Line",
    "Listener",
    "Log",
    "Played",
    "Reader",
    "Reseeded",
    "Seat",
    "SeatChanged",
    "SeatFacts",
    "StaleCommit",
    "Started",
    "Table",
    "TableError",
    "TookBack",
    "Turn",
    "Undo",
    "decide",
    "entry_of",
    "fresh_seed",
    "replay_checked",
    "seeded",
    "typeset",
]

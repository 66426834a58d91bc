"""What leaves a session: saves, ``quit``, and the end of the game with its record.

A game in progress is saved sealed (:mod:`savanna.saves`): no seed, card or move in clear.
``quit`` saves unless the player explicitly says not to; ``save FILE`` asks before
replacing a file this session did not write; a system's refusal is said in the reader's
language. At the end every card is revealed on the end pages
(:func:`~savanna.tui.frames.end_pages`) and the record is written.
"""

from __future__ import annotations

import datetime
import errno
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from savanna.core import SavannaError, State
from savanna.i18n.tui import M
from savanna.saves import is_save, seal
from savanna.tui.frames import end_pages
from savanna.tui.pages import LEAVE
from savanna.tui.screen import render, wrap_all

if TYPE_CHECKING:
    from savanna.tui.session import PlaySession

__all__ = [
    "Outcome",
    "default_record_path",
    "finish",
    "leave",
    "may_overwrite",
    "path_said",
    "record_json",
    "save_command",
    "saved",
    "system_error",
    "wrap_path_line",
    "write",
]

_YES = frozenset({"y", "yes", "o", "oui"})
_NO = frozenset({"n", "no", "non"})
_BACK = frozenset({"b", "back", "r", "retour", "c", "cancel", "annuler"})


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a session ended.

    Attributes:
        state: the last state.
        finished: whether the game reached its end.
        record_path: where the record was written (``None`` when the player declined).
        interrupted: whether input ended (end of file, Ctrl-C) rather than a ``quit``.
    """

    state: State
    finished: bool
    record_path: Path | None
    interrupted: bool = False


def default_record_path(game: str, directory: Path | None = None, when: datetime.datetime | None = None) -> Path:
    """``<game>-<date>-<time>.savanna.json`` in ``directory`` (the current one), never an
    existing file. The seed is not in the name: a game in progress keeps it secret.
    """
    folder = Path.cwd() if directory is None else directory
    stamp = (when or datetime.datetime.now()).strftime("%Y-%m-%d-%H%M")
    path = folder / f"{game}-{stamp}.savanna.json"
    n = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-{n}.savanna.json"
        n += 1
    return path


def _same(path: Path) -> Path:
    """``path`` made absolute, to compare two ways of naming one file."""
    try:
        return path.expanduser().resolve()
    except (OSError, RuntimeError):
        return path.absolute()


_OS_ERRORS = {
    errno.ENOENT: "os.noent",
    errno.EACCES: "os.access",
    errno.EPERM: "os.access",
    errno.EISDIR: "os.isdir",
    errno.ENOTDIR: "os.notdir",
    errno.ENOSPC: "os.nospace",
    errno.EROFS: "os.readonly",
    errno.ENAMETOOLONG: "os.toolong",
}


def system_error(exc: OSError, lang: str) -> str:
    """Why the system refused, in ``lang`` (the usual reasons; else the system's own words)."""
    key = _OS_ERRORS.get(exc.errno or 0)
    if key is not None:
        return M(key, lang)
    return exc.strerror or str(exc)


_SEPARATORS = "/\\"


def wrap_path_line(text: str, width: int) -> str:
    """``text`` (a message naming a file) broken into lines of at most ``width``
    characters: at spaces, and inside a long path only after a separator, so that no
    folder's name is cut (a name longer than a line is, as a last resort).

    >>> print(wrap_path_line("Saved to /home/ada/games/banjooli.json", 20))
    Saved to /home/ada/
    games/banjooli.json
    """
    width = max(8, width)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        gap = " " if line else ""
        if len(line) + len(gap) + len(word) <= width:
            line += gap + word
            continue
        if not any(sep in word for sep in _SEPARATORS) and len(word) <= width:
            lines.append(line)
            line = word
            continue
        # A path: as much of it as fits after a separator, the rest on the next lines.
        rest = word
        while rest:
            gap = " " if line else ""
            room = width - len(line) - len(gap)
            cut = max((i + 1 for i, ch in enumerate(rest[:room]) if ch in _SEPARATORS), default=0)
            if len(rest) <= room:
                cut = len(rest)
            if cut == 0 and not line:
                cut = width  # one folder name longer than a line
            if cut:
                line += gap + rest[:cut]
                rest = rest[cut:]
            if rest:
                lines.append(line)
                line = ""
    lines.append(line)
    return "\n".join(x for x in lines if x)


def path_said(play: PlaySession, key: str, style: str = "", **fields: object) -> Text:
    """The message ``key`` naming a file, wrapped to the window at separators."""
    return Text(wrap_path_line(play.t(key, **fields), play.console.width), style=style)


def record_json(play: PlaySession, going_on: bool = True) -> str:
    """What ``save`` writes: the record of a finished game, else a sealed save file
    (the rest of the game then draws from a fresh seed, when it goes on)."""
    return play.table.save(seal, going_on=going_on)


def write(play: PlaySession, path: Path, going_on: bool = False) -> Path | None:
    try:
        text = record_json(play, going_on)
    except SavannaError as exc:  # the save key cannot be made or read
        play.say(path_said(play, "save.failed", "red", path=str(path), why=exc.text(play.lang)))
        return None
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        play.say(path_said(play, "save.failed", "red", path=str(path), why=system_error(exc, play.lang)))
        return None
    play._ours.add(_same(path))
    return path


def may_overwrite(play: PlaySession, path: Path) -> bool:
    """Whether ``path`` may be written: a new file, one this session wrote or resumed
    from, or another file the player agrees to replace (asked; Enter keeps it)."""
    if _same(path) in play._ours or not path.exists():
        return True
    if path.is_dir():
        play.say(path_said(play, "save.failed", "red", path=str(path), why=play.t("os.isdir")))
        return False
    what = play.t("save.other.file")
    try:
        data = path.read_bytes()
    except OSError:
        data = b""
    if is_save(data):
        try:
            raw = json.loads(data)
            what = play.t(
                "save.other.save",
                game=str(raw.get("game", "?")),
                n=int(raw.get("actions_played", 0)),
            )
        except (ValueError, TypeError):
            pass
    play.console.print(path_said(play, "save.exists", "yellow", path=str(path), what=what), soft_wrap=True)
    answer = play.read(play.t("save.overwrite") + " ")
    return answer.strip().lower() in _YES


def saved(play: PlaySession, path: Path) -> Text:
    key = "saved.over_load" if path == play.resumed_from else "saved"
    return path_said(play, key, "green", path=str(path))


def save_command(play: PlaySession, answer: str) -> None:
    """``save`` or ``save FILE`` typed at a prompt: the game is saved and goes on."""
    parts = answer.strip().split(maxsplit=1)
    path = Path(parts[1]).expanduser() if len(parts) > 1 else play.save_to
    if not may_overwrite(play, path):
        play.say(path_said(play, "save.kept", "yellow", path=str(path)))
        return
    written = write(play, path, going_on=True)
    if written is not None:
        play.say(saved(play, written))


def leave(play: PlaySession) -> Outcome | None:
    """Leave the game, saved unless the player explicitly says not to (``n``); ``None``
    when they go back to the game (``b``), or when the save failed (the game goes on,
    so that nothing is lost)."""
    play.console.print(path_said(play, "quit.where", path=str(play.save_to)), soft_wrap=True)
    answer = play.read(play.t("quit.ask") + " ").strip().lower()
    if answer in _BACK:
        return None
    path = None
    if answer not in _NO:
        path = write(play, play.save_to)
        if path is None:
            play.console.print(Text(play.t("quit.not_saved"), style="yellow"), soft_wrap=True)
            return None
        play.console.print(saved(play, path), soft_wrap=True)
    else:
        play.console.print(Text(play.t("quit.discarded"), style="yellow"), soft_wrap=True)
    play.console.print(play.t("bye"))
    return Outcome(play.state, False, path)


def finish(play: PlaySession) -> Outcome:
    """Reveal everything, work out the scores, name the winner, write the record."""
    state = play.state
    names = [play.seat_name(s) for s in range(play.game.num_players)]
    path = write(play, play.out)
    message = []
    if path is not None:
        if play.resumed_from is not None and path != play.resumed_from:
            said = path_said(play, "end.record.kept", path=str(path), save=str(play.resumed_from))
        else:
            said = path_said(play, "end.record", path=str(path))
        message.append(said)
    pages = end_pages(
        state, names, play.lang, play.console.width, play.console.height, message=message, readers=play.humans
    )
    for number, shown in enumerate(pages[:-1], start=1):
        play.clear()
        render(play.console, shown)
        if not play.humans:  # bots alone: nobody to press Enter, the pages follow
            continue
        try:
            answer = play.read(play.t("end.more", page=number, pages=len(pages)) + " ")
        except (EOFError, KeyboardInterrupt):  # input ended: the result is still shown
            play.console.print()
            break
        if answer.strip().lower() in LEAVE:
            break
    lines = pages[-1]
    if play.humans:
        play.clear()
    # The record's line is already wrapped at path separators (path_said).
    said_lines = len(wrap_all(message, play.console.width))
    render(play.console, lines[: len(lines) - said_lines])
    for line in message:
        play.console.print(line, soft_wrap=True)
    return Outcome(state, True, path)

"""A seat's "your turn" notices by webhook and e-mail (issue 28; e-mails: :mod:`savanna.web.mail`).

A seat registers a webhook URL (``POST /api/tables/{id}/notices``, its token); when the
game comes to that seat, the server POSTs a JSON body that the common chat tools' incoming
webhooks accept (``text``; ``content`` for another) — the game, the table's title, "your
turn", a link to the table and a link that turns the notices off. Nothing else: no seat's
secret, no token but the unsubscribe one (stored as it is: it can only turn this notice off).

Once per turn: the row's ``told_version`` is claimed by one ``UPDATE ... WHERE told_version
< version`` before sending, so two processes (or a refresh after a restart) never tell the
same turn twice. The POST runs in a task of its own, outside the table's lock, retried with
back-off a bounded number of times; a receiver that never answers stalls nothing.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from savanna.core import CHANCE, Game
from savanna.web.auth import new_token
from savanna.web.db import NoticeRow
from savanna.web.errors import MESSAGES as REFUSALS
from savanna.web.errors import WebError
from savanna.web.mail import MailSettings, compose, is_address, send_mail
from savanna.web.messages import MESSAGES
from savanna.web.words import game_title

if TYPE_CHECKING:
    from savanna.web.live import LiveTable
    from savanna.web.store import Store

__all__ = ["CHANNELS", "EMAIL", "WEBHOOK", "NoticeSettings", "Notices", "check_webhook", "notice_refusal", "payload"]

log = logging.getLogger("savanna.web.notices")
WEBHOOK = "webhook"
EMAIL = "email"
CHANNELS = (WEBHOOK, EMAIL)
"""The ways a seat may be told: a webhook URL, an e-mail address."""


@dataclass(frozen=True)
class NoticeSettings:
    """What the server's owner allows.

    Attributes:
        webhook_hosts: the host names a webhook may point at (empty: any host on the public
            internet). A host that is, or resolves to, a loopback, private, link-local or
            otherwise non-public address is refused unless it is named here: a player cannot
            make the server post into its own network.
        mail: the SMTP server e-mails are sent through (``None``: no e-mail).
        tries: how many times one notice is tried at most.
        first_delay: seconds before the first retry; each next waits twice as long.
        timeout: seconds one POST, or one SMTP conversation, may take.
    """

    webhook_hosts: tuple[str, ...] = ()
    mail: MailSettings | None = None
    tries: int = 4
    first_delay: float = 2.0
    timeout: float = 10.0


def notice_refusal(key: str, status: int = 400, **fields: object) -> WebError:
    """A refusal worded by the catalogue's ``push.error.<key>``."""
    return WebError(f"notice/{key}", REFUSALS.words(f"push.error.{key}", **fields), status)


def check_webhook(url: str, settings: NoticeSettings) -> str:
    """``url`` when a webhook may be sent to it: ``http`` or ``https``, a host, at most 500
    characters, and (when the owner restricts them) one of the allowed hosts.

    Raises:
        WebError: ``notice/url`` or ``notice/host``.
    """
    text = url.strip()
    try:
        parts = urlsplit(text)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        raise notice_refusal("url") from None
    if len(text) > 500 or parts.scheme not in ("http", "https") or not host or any(c.isspace() for c in text):
        raise notice_refusal("url")
    if settings.webhook_hosts and not _named(host, settings):
        raise notice_refusal("host", host=host)
    if not _named(host, settings) and (host == "localhost" or host.endswith(".localhost") or _inner(host)):
        raise notice_refusal("host", host=host)
    return text


def _named(host: str, settings: NoticeSettings) -> bool:
    return host.lower() in {h.lower() for h in settings.webhook_hosts}


def _inner(address: str) -> bool:
    """Whether ``address`` (an IP address; a name is not one) is not on the public internet."""
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return False
    return not ip.is_global


def _inner_host(host: str) -> bool:
    """Whether ``host`` resolves to any address off the public internet (or does not resolve:
    then nothing can be sent anyway). Run in a worker thread (the lookup blocks)."""
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return True
    return any(_inner(str(entry[4][0])) for entry in found)


def payload(game: str, title: str, link: str, off: str, lang: str) -> dict[str, Any]:
    """The JSON of one notice: only what the seat may know (the game, the table's title, that
    it is its turn, the links)."""
    text = MESSAGES("push.turn", lang, game=game, table=title or game, link=link) + "\n" + MESSAGES(
        "push.off", lang, link=off)
    return {"text": text, "content": text, "game": game, "table": title, "link": link, "unsubscribe": off}


class Notices:
    """The notices of one server process (see the module's text)."""

    def __init__(self, store: Store, settings: NoticeSettings | None = None) -> None:
        self.store = store
        self.settings = settings or NoticeSettings()
        self._tasks: set[asyncio.Task[None]] = set()
        self._claims: dict[tuple[str, int], tuple[asyncio.Lock, list[int]]] = {}
        """One lock a seat while it has notices on their way (and how many use it): its turns are
        claimed in the order they came (a later turn's claim run first would make the earlier
        one's look already told)."""
        self.sent = 0
        """How many notices this process delivered (a receiver answered 2xx, an SMTP server took it)."""

    def check(self, channel: str, target: str) -> str:
        """``target`` cleaned, when the seat may be told there by ``channel``.

        Raises:
            WebError: ``notice/url``, ``notice/host``, ``notice/email`` or ``notice/no_email``.
        """
        if channel == WEBHOOK:
            return check_webhook(target, self.settings)
        if self.settings.mail is None:
            raise notice_refusal("no_email")
        address = target.strip()
        if not is_address(address):
            raise notice_refusal("email")
        return address

    async def subscribe(self, table_id: str, seat: int, channel: str, target: str | None, link: str,
                        lang: str) -> str | None:
        """Set (or, with ``target`` ``None``, remove) the seat's notice by ``channel``
        (:data:`CHANNELS`); returns the new unsubscribe token (``None`` when removed)."""
        if target is None:
            await self.store._run(lambda s: s.execute(delete(NoticeRow).where(
                NoticeRow.table_id == table_id, NoticeRow.seat == seat, NoticeRow.channel == channel)), write=True)
            return None
        clean = self.check(channel, target)
        token = new_token()

        def work(session: Session) -> None:
            row = session.get(NoticeRow, (table_id, seat, channel))
            if row is None:
                session.add(NoticeRow(table_id=table_id, seat=seat, channel=channel, target=clean, link=link,
                                      lang=lang, off_token=token))
            else:
                row.target, row.link, row.lang, row.off_token = clean, link, lang, token

        await self.store._run(work, write=True)
        return token

    async def unsubscribe(self, token: str) -> bool:
        """Turn off the notice whose unsubscribe token is ``token``; whether one was."""
        if not token:
            return False
        result = await self.store._run(lambda s: s.execute(delete(NoticeRow).where(NoticeRow.off_token == token)),
                                       write=True)
        return bool(getattr(result, "rowcount", 0))

    def turn(self, live: LiveTable) -> None:
        """Called after ``live`` changed: when a person is now due to act, and was not the
        last to act, tell that seat (in a task of its own)."""
        table = live.table
        if live.status != "playing" or table.finished:
            return
        seat = table.to_act()
        if seat < 0 or table.controller(seat) is not None or not table.seats[seat].is_human:
            return
        last = next((actor for actor, _ in reversed(live.stamps) if actor != CHANCE), None)
        if last == seat:
            return  # the same turn goes on (several decisions in a row)
        task = asyncio.create_task(self._tell(live.id, seat, live.version, table.game, live.title),
                                   name=f"notice-{live.id}-{seat}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell(self, table_id: str, seat: int, version: int, game: Game, title: str) -> None:
        def claim(session: Session) -> list[tuple[str, str, str, str, str]]:
            rows = [(r.channel, r.target, r.link, r.lang, r.off_token) for r in session.scalars(
                select(NoticeRow).where(NoticeRow.table_id == table_id, NoticeRow.seat == seat)).all()]
            claimed = []
            for row in rows:
                done = session.execute(update(NoticeRow).where(
                    NoticeRow.table_id == table_id, NoticeRow.seat == seat, NoticeRow.channel == row[0],
                    NoticeRow.told_version < version).values(told_version=version))
                if getattr(done, "rowcount", 0) == 1:
                    claimed.append(row)
            return claimed

        # Tasks start in the order they were made, and a lock's waiters are served in turn:
        # the claims of one seat's turns run in the order of the turns.
        key = (table_id, seat)
        lock, users = self._claims.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                rows = await self.store._run(claim, write=True)
        except Exception:
            log.warning("table %s: could not read seat %d's notices", table_id, seat)
            return
        finally:
            users[0] -= 1
            if not users[0]:
                del self._claims[key]
        sends = []
        for channel, target, base, lang, token in rows:
            name = game_title(game, lang)
            link, off = f"{base}/t/{table_id}", f"{base}/notices/off?token={token}"
            if channel == WEBHOOK:
                sends.append(self._post(target, payload(name, title, link, off, lang), table_id))
            elif channel == EMAIL and self.settings.mail is not None:
                sends.append(self._mail(compose(self.settings.mail, target, name, title, link, off, lang), table_id))
        await asyncio.gather(*sends)

    async def _post(self, url: str, body: dict[str, Any], table_id: str) -> None:
        settings = self.settings
        data = json.dumps(body).encode("utf-8")
        host = (urlsplit(url).hostname or "").lower()
        if not _named(host, settings) and await asyncio.to_thread(_inner_host, host):
            log.warning("table %s: webhook to %s not sent: not a public address the owner allowed", table_id, host)
            return

        def once() -> tuple[str, bool] | None:
            why = _send(url, data, settings.timeout)
            return None if why is None else (why, False)

        await self._tries(once, table_id, WEBHOOK)

    async def _mail(self, message: EmailMessage, table_id: str) -> None:
        mail = self.settings.mail
        assert mail is not None
        await self._tries(lambda: send_mail(mail, message, self.settings.timeout), table_id, EMAIL)

    async def _tries(self, once: Callable[[], tuple[str, bool] | None], table_id: str, channel: str) -> None:
        """Run ``once`` (in a worker thread) until it succeeds, a refusal is final, or the
        owner's number of tries is spent, waiting twice as long after each failure."""
        settings = self.settings
        delay, tried = settings.first_delay, 0
        while tried < settings.tries:
            failed = await asyncio.to_thread(once)
            tried += 1
            if failed is None:
                self.sent += 1
                return
            why, final = failed
            log.info("table %s: %s try %d failed (%s)", table_id, channel, tried, why)
            if final:
                break
            if tried < settings.tries:
                await asyncio.sleep(delay)
                delay *= 2
        log.warning("table %s: %s notice given up after %d tries", table_id, channel, tried)

    def close(self) -> None:
        """Stop the notices still being tried."""
        for task in list(self._tasks):
            task.cancel()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A webhook is not followed elsewhere (a redirect is a failed try)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect(), urllib.request.ProxyHandler({}))


def _send(url: str, data: bytes, timeout: float) -> str | None:
    """POST ``data`` (JSON) to ``url`` (in a worker thread); ``None`` on a 2xx answer, else why not."""
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"content-type": "application/json", "user-agent": "savanna-notices"})
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            return None if 200 <= answer.status < 300 else f"HTTP {answer.status}"
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}"
    except (OSError, ValueError) as exc:
        return type(exc).__name__

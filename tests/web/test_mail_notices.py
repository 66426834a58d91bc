"""A seat's "your turn" e-mail (issue 28): through the owner's SMTP server, once per turn for
every game, saying nothing but public words, retried with back-off, turned off from the
e-mail itself (its link or its List-Unsubscribe header), to plain addresses only."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from savanna.web import Settings, create_app
from savanna.web.mail import MailSettings, compose, is_address
from savanna.web.messages import MESSAGES
from savanna.web.notices import NoticeSettings
from tests.web.conftest import TEST_LIMITS, Table, bearer, make_table, wait_for
from tests.web.mailbox import Mailbox, html_of, text_of
from tests.web.receiver import Receiver
from tests.web.test_notices import FAST, TITLES, play_moves, play_turns, starts

ADDRESSES = {0: "awa@example.org", 1: "moussa@example.net"}


def mail_client(database: str, mailbox: Mailbox | None, **changes: Any) -> TestClient:
    notices = dataclasses.replace(FAST, mail=mailbox.settings if mailbox else None, **changes)
    return TestClient(create_app(Settings(database=database, limits=TEST_LIMITS, notices=notices)))


@pytest.fixture
def mailbox() -> Iterator[Mailbox]:
    with Mailbox() as box:
        yield box


def sqlite(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def subscribe(client: TestClient, table: Table, seat: int, address: str | None, lang: str = "en") -> Any:
    return client.post(f"/api/tables/{table.id}/notices?lang={lang}", headers=bearer(table.tokens[seat]),
                       json={"email": address})


def expected_text(game: str, table_id: str, off: str, lang: str = "en") -> str:
    link = f"http://testserver/t/{table_id}"
    return MESSAGES("push.turn", lang, game=game, table="t", link=link) + "\n\n" + MESSAGES(
        "push.off", lang, link=off) + "\n"


@pytest.mark.parametrize("game", sorted(TITLES))
def test_each_seat_gets_one_email_per_turn_saying_only_what_it_may_know(database: str, mailbox: Mailbox,
                                                                        game: str) -> None:
    """For every game, on SQLite and PostgreSQL: as many e-mails as turns that came to the
    seat, each exactly the public words (the same whatever the seat's cards, prediction or
    price), and the same turns as its webhook."""
    title = TITLES[game]
    with mail_client(database, mailbox) as client, Receiver() as hooks:
        table = make_table(client, game=game, seats=["open", "open"], start=False)
        offs = {}
        for seat in (0, 1):
            got = subscribe(client, table, seat, ADDRESSES[seat])
            assert got.status_code == 200, got.text
            assert got.json()["email"] == ADDRESSES[seat]
            offs[seat] = got.json()["unsubscribe"]
            hook = client.post(f"/api/tables/{table.id}/notices", headers=bearer(table.tokens[seat]),
                               json={"webhook": hooks.url})
            assert hook.status_code == 200, hook.text
        assert client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host)).status_code == 200
        acted = play_turns(client, table, 2)
        expected = {seat: starts(acted, seat) for seat in (0, 1)}
        assert min(expected.values()) >= 2
        wait_for(lambda: all(len(mailbox.received(ADDRESSES[s])) >= expected[s] for s in (0, 1))
                 and len(hooks.received()) >= sum(expected.values()), timeout=10, what="the e-mails")
        time.sleep(0.2)  # none more comes
        assert len(hooks.received()) == sum(expected.values())
        secrets = [table.host, *table.tokens.values()]
        for seat in (0, 1):
            mails = mailbox.received(ADDRESSES[seat])
            assert len(mails) == expected[seat]
            off = offs[seat]
            words = expected_text(title, table.id, off)
            for mail in mails:
                assert mail["Subject"] == MESSAGES("push.mail.subject", "en", game=title, table="t")
                assert mail["From"] == "savanna@example.org" and mail["To"] == ADDRESSES[seat]
                assert mail["List-Unsubscribe"] == f"<{off}>"
                assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
                assert text_of(mail) == words
                html = html_of(mail)
                assert f'<a href="http://testserver/t/{table.id}">' in html and f'<a href="{off}">' in html
                raw = mail.as_string()
                assert all(secret not in raw for secret in secrets)
                assert ADDRESSES[1 - seat] not in raw
        assert mailbox.envelopes[0][0] == "savanna@example.org"


def test_a_refusing_smtp_server_is_retried_with_back_off_until_it_accepts(tmp_path: Path) -> None:
    with Mailbox(refuse=2) as mailbox, mail_client(sqlite(tmp_path), mailbox) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        subscribe(client, table, 0, ADDRESSES[0])
        client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
        play_moves(client, table, 1)
        wait_for(lambda: mailbox.received(), timeout=10, what="the e-mail after two refusals")
        assert mailbox.tries == 3 and len(mailbox.received()) == 1


@pytest.mark.parametrize(("answer", "tries_each"), [("451 4.3.0 later", FAST.tries), ("550 5.1.1 no such user", 1)])
def test_a_refusal_is_tried_a_bounded_number_of_times_and_a_final_one_once(
    tmp_path: Path, answer: str, tries_each: int
) -> None:
    with Mailbox(refuse=10_000, answer=answer) as mailbox, mail_client(sqlite(tmp_path), mailbox) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        subscribe(client, table, 1, ADDRESSES[1])
        client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
        turns = starts(play_moves(client, table, 6), 1)
        notices = client.app.state.hub.notices  # type: ignore[attr-defined]
        wait_for(lambda: not notices._tasks and mailbox.tries >= tries_each * turns, timeout=10, what="every try")
        assert mailbox.tries == tries_each * turns and not mailbox.received()


@pytest.mark.parametrize("how", ["link", "one-click"])
def test_the_email_turns_itself_off(tmp_path: Path, mailbox: Mailbox, how: str) -> None:
    with mail_client(sqlite(tmp_path), mailbox) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        for seat in (0, 1):
            subscribe(client, table, seat, ADDRESSES[seat], lang="fr")
        client.post(f"/api/tables/{table.id}/start", headers=bearer(table.host))
        first = wait_for(lambda: mailbox.received(), timeout=10, what="a first e-mail")[0]
        seat = 0 if first["To"] == ADDRESSES[0] else 1
        assert first["Subject"] == MESSAGES("push.mail.subject", "fr", game="Le jeu de l'hyène (Li'b el-Merafib)",
                                            table="t")
        off = first["List-Unsubscribe"].strip("<>")
        assert off in text_of(first)
        path = off.replace("http://testserver", "")
        if how == "link":
            gone = client.get(path + "&lang=fr")
        else:  # RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to the header's URL
            gone = client.post(path + "&lang=fr", content=b"List-Unsubscribe=One-Click",
                               headers={"content-type": "application/x-www-form-urlencoded"})
        assert gone.status_code == 200 and gone.text == "Les avis de cette place sont coupés."
        before = len(mailbox.received(ADDRESSES[seat]))
        play_moves(client, table, 8)
        wait_for(lambda: len(mailbox.received(ADDRESSES[1 - seat])) >= 2, timeout=10, what="the other seat's e-mails")
        time.sleep(0.2)
        assert len(mailbox.received(ADDRESSES[seat])) == before


BAD = ["nobody", "a@b", "a b@example.org", "x@example.org\r\nBcc: y@example.org", "<a@example.org>",
       "Awa <a@example.org>", "a@example.org, b@example.org", "a@-x.example.org",
       "@example.org", "a..b@example.org", "a" * 250 + "@example.org", "a@example.org>"]


@pytest.mark.parametrize("address", BAD)
def test_bad_addresses_are_refused_with_the_catalogues_sentence(tmp_path: Path, mailbox: Mailbox,
                                                                address: str) -> None:
    assert not is_address(address)
    with mail_client(sqlite(tmp_path), mailbox) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        for lang in ("en", "fr"):
            got = subscribe(client, table, 0, address, lang=lang)
            assert got.status_code == 400, got.text
            assert got.json()["error"] == {"code": "notice/email",
                                           "message": MESSAGES("push.error.email", lang)} | {
                k: v for k, v in got.json()["error"].items() if k not in ("code", "message")}


def test_good_addresses_are_taken_and_only_one_channel_at_a_time(tmp_path: Path, mailbox: Mailbox) -> None:
    with mail_client(sqlite(tmp_path), mailbox) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        for address in ("awa@example.org", "first.last+savanna@mail.example.co.uk", "  x_y@example.org "):
            got = subscribe(client, table, 0, address)
            assert got.status_code == 200 and got.json()["email"] == address.strip(), got.text
        assert subscribe(client, table, 0, None).json() == {"email": None, "unsubscribe": None}
        for body in ({}, {"webhook": None, "email": None}):
            got = client.post(f"/api/tables/{table.id}/notices", headers=bearer(table.tokens[0]), json=body)
            assert got.status_code == 400 and got.json()["error"]["code"] == "notice/one_channel"
            assert got.json()["error"]["message"] == MESSAGES("push.error.one_channel", "en")
        assert client.get("/api/notices").json() == {"webhook": True, "email": True}


def test_a_server_without_smtp_refuses_addresses(tmp_path: Path) -> None:
    with mail_client(sqlite(tmp_path), None) as client:
        table = make_table(client, game="hyena", seats=["open", "open"], start=False)
        got = subscribe(client, table, 0, "awa@example.org", lang="fr")
        assert got.status_code == 400 and got.json()["error"]["code"] == "notice/no_email"
        assert got.json()["error"]["message"] == MESSAGES("push.error.no_email", "fr")
        assert client.get("/api/notices").json() == {"webhook": True, "email": False}


def test_the_html_part_escapes_the_tables_title() -> None:
    mail = compose(MailSettings(host="smtp.example.org", sender="s@example.org"), "a@example.org", "Banjooli Xeet",
                   "<b>Awa & co</b>", "https://x.example.org/t/1", "https://x.example.org/notices/off?token=a&b", "en")
    html = html_of(mail)
    assert "<b>Awa" not in html and "&lt;b&gt;Awa &amp; co&lt;/b&gt;" in html
    assert 'href="https://x.example.org/notices/off?token=a&amp;b"' in html
    assert "<b>Awa & co</b>" in text_of(mail)


def test_a_notice_settings_without_mail_is_the_default() -> None:
    assert NoticeSettings().mail is None

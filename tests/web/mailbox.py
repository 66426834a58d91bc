"""A local SMTP server on 127.0.0.1 for the e-mail notice tests (aiosmtpd; never the outside world)."""

from __future__ import annotations

import threading
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from savanna.web.mail import MailSettings
from tests.web.conftest import free_port


class Mailbox:
    """Collects the e-mails it is sent; answers ``refuse`` refusals (``answer``: by default a
    temporary one, 451) first."""

    def __init__(self, refuse: int = 0, answer: str = "451 4.3.0 try again later",
                 sender: str = "savanna@example.org") -> None:
        self.mails: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.tries = 0
        self.refuse = refuse
        self.lock = threading.Lock()
        box = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                with box.lock:
                    box.tries += 1
                    if box.refuse > 0:
                        box.refuse -= 1
                        return answer
                    mail = message_from_bytes(envelope.content, policy=policy.default)
                    assert isinstance(mail, EmailMessage)
                    box.mails.append(mail)
                    box.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.settings = MailSettings(host="127.0.0.1", port=self.port, security="none", sender=sender)
        """How a server sends to this mailbox."""

    def __enter__(self) -> Mailbox:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()

    def received(self, to: str | None = None) -> list[EmailMessage]:
        """The e-mails received (to ``to`` only, when given)."""
        with self.lock:
            return [m for m in self.mails if to is None or m["To"] == to]


def text_of(mail: EmailMessage) -> str:
    """The plain-text part of ``mail``."""
    part = mail.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def html_of(mail: EmailMessage) -> str:
    """The HTML part of ``mail``."""
    part = mail.get_body(preferencelist=("html",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")

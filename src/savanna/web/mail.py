"""A seat's "your turn" notices by e-mail (issue 28), through the server owner's SMTP server.

The owner sets the SMTP server up (``savanna serve --smtp-host ...``, the password from the
environment); a seat gives an address through the same notices endpoint as a webhook. Each
e-mail says what a webhook says and nothing more — the game, the table's title, that it is
the seat's turn, a link to the table and a link that turns the notices off (also as the
``List-Unsubscribe`` header, one click by RFC 8058) — in plain text and HTML, in the seat's
language. Sending is the standard library's :mod:`smtplib`, in a worker thread.
"""

from __future__ import annotations

import re
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from html import escape

from savanna.web.messages import MESSAGES

__all__ = ["SECURITIES", "MailSettings", "compose", "is_address", "send_mail"]

SECURITIES = ("starttls", "ssl", "none")
"""How the connection to the SMTP server is protected: STARTTLS after connecting, TLS from
the start (SMTPS), or not at all (a relay on the same machine)."""

DEFAULT_PORTS = {"starttls": 587, "ssl": 465, "none": 25}

# A plain address: a dot-atom local part, a domain of labels with at least one dot. No
# display name, no quoting, no comment, no space or line break (nothing that could add a
# header or a recipient).
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_ADDRESS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@"
                      rf"{_LABEL}(?:\.{_LABEL})+")


@dataclass(frozen=True)
class MailSettings:
    """The owner's SMTP server.

    Attributes:
        host: the SMTP server's name or address.
        sender: the ``From`` address of every notice.
        port: its port (``None``: 587 with STARTTLS, 465 with SSL, 25 without).
        security: one of :data:`SECURITIES`.
        user: the login, when the server asks for one.
        password: its password (from the environment, never the command line).
    """

    host: str
    sender: str
    port: int | None = None
    security: str = "starttls"
    user: str | None = None
    password: str | None = None

    @property
    def the_port(self) -> int:
        return self.port or DEFAULT_PORTS[self.security]


def is_address(text: str) -> bool:
    """Whether ``text`` is a plain e-mail address (at most 254 characters)."""
    return len(text) <= 254 and _ADDRESS.fullmatch(text) is not None


def compose(settings: MailSettings, to: str, game: str, title: str, link: str, off: str, lang: str) -> EmailMessage:
    """The e-mail of one notice (plain text and HTML, in ``lang``)."""
    table = title or game
    message = EmailMessage()
    message["Subject"] = MESSAGES("push.mail.subject", lang, game=game, table=table)
    message["From"] = settings.sender
    message["To"] = to
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=settings.sender.rpartition("@")[2] or None)
    message["List-Unsubscribe"] = f"<{off}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    text = MESSAGES("push.turn", lang, game=game, table=table, link=link) + "\n\n" + MESSAGES(
        "push.off", lang, link=off) + "\n"
    message.set_content(text)

    def anchor(url: str) -> str:
        return f'<a href="{escape(url)}">{escape(url)}</a>'

    html = (f'<!doctype html><html lang="{lang}"><body>'
            f"<p>{MESSAGES('push.turn', lang, game=escape(game), table=escape(table), link=anchor(link))}</p>"
            f"<p><small>{MESSAGES('push.off', lang, link=anchor(off))}</small></p></body></html>\n")
    message.add_alternative(html, subtype="html")
    return message


def send_mail(settings: MailSettings, message: EmailMessage, timeout: float) -> tuple[str, bool] | None:
    """Send ``message`` (in a worker thread): ``None`` when the server took it, else why not
    and whether the refusal is final (a 5xx answer: trying again would not help)."""
    try:
        if settings.security == "ssl":
            server: smtplib.SMTP = smtplib.SMTP_SSL(settings.host, settings.the_port, timeout=timeout,
                                                    context=ssl.create_default_context())
        else:
            server = smtplib.SMTP(settings.host, settings.the_port, timeout=timeout)
        with server:
            if settings.security == "starttls":
                server.starttls(context=ssl.create_default_context())
            if settings.user:
                server.login(settings.user, settings.password or "")
            server.send_message(message)
        return None
    except smtplib.SMTPRecipientsRefused as exc:
        codes = [code for code, _ in exc.recipients.values()]
        return f"SMTP {codes}", all(500 <= code < 600 for code in codes)
    except smtplib.SMTPResponseException as exc:
        return f"SMTP {exc.smtp_code}", 500 <= exc.smtp_code < 600
    except (smtplib.SMTPException, OSError, ValueError) as exc:
        return type(exc).__name__, False

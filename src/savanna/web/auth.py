"""Who a request is: the credentials of a table's seats and of its host.

Tokens are 256-bit random strings handed out once (on creating a table, on taking a seat)
and stored only as SHA-256 digests; a token is compared in constant time. A client's
address is stored only as a digest too (for the cap on its waiting tables).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

__all__ = ["Credentials", "client_key", "hash_token", "new_token", "same_token"]


def new_token() -> str:
    """A fresh random credential (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored in place of a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def client_key(address: str) -> str:
    """What is stored of a client's address (for the cap on its waiting tables): a digest."""
    return hashlib.sha256(b"savanna-client:" + address.encode("utf-8", "replace")).hexdigest()


def same_token(token: str | None, digest: str | None) -> bool:
    """Whether ``token`` is the one whose digest is ``digest`` (constant time)."""
    return bool(token) and bool(digest) and hmac.compare_digest(hash_token(token or ""), digest or "")


class Credentials:
    """The digests of a table's seat tokens and of its host token.

    Args:
        host: the host token's digest.
        seats: each person's seat and its token's digest.
    """

    def __init__(self, host: str | None, seats: Mapping[int, str | None] | None = None) -> None:
        self.host = host
        self.seats: dict[int, str | None] = dict(seats or {})

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or ``None``."""
        for seat, digest in self.seats.items():
            if same_token(token, digest):
                return seat
        return None

    def is_host(self, token: str | None) -> bool:
        """Whether ``token`` is the host token."""
        return same_token(token, self.host)

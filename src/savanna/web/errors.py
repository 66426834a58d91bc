"""Errors the server answers with: a code, and a sentence in English and French.

Every refusal of the server is one of these (or a game's own
:class:`~savanna.core.IllegalActionError` / :class:`~savanna.core.NotationError`): it names
the problem, goes to the sender only, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from savanna.core import IllegalActionError, SavannaError
from savanna.table import TableError
from savanna.web.words import typeset

__all__ = ["WebError", "error_payload", "status_of", "table_refusal", "web_error"]


class WebError(SavannaError):
    """A request the server refuses.

    Attributes:
        code: the machine-readable code (``table/unknown``, ``version/stale`` ...).
        status: the HTTP status that carries it on the REST channel.
    """

    def __init__(self, code: str, en: str, fr: str, status: int = 400) -> None:
        super().__init__(en, fr)
        self.code = code
        self.status = status


_ERRORS: dict[str, tuple[int, str, str]] = {
    "table/unknown": (404, "There is no table {table!r}.", "Il n'y a pas de table {table!r}."),
    "table/not_open": (
        409,
        "This table has already started: its seats are taken.",
        "Cette table a déjà commencé : ses places sont prises.",
    ),
    "table/not_playing": (409, "This table is not being played now.", "Cette table n'est pas en cours de partie."),
    "table/not_finished": (
        409,
        "The record is published when the game is over.",
        "L'enregistrement est publié à la fin de la partie.",
    ),
    "table/seats_open": (
        409,
        "Every seat must be taken before the game starts ({open} still open).",
        "Toutes les places doivent être prises avant le début ({open} encore libres).",
    ),
    "table/full": (
        503,
        "This table has too many connections; try again later.",
        "Cette table a trop de connexions ; réessayez plus tard.",
    ),
    "seat/taken": (409, "Seat {seat} is not free.", "La place {seat} n'est pas libre."),
    "seat/none_free": (409, "No seat is free at this table.", "Aucune place n'est libre à cette table."),
    "seat/unknown": (400, "There is no seat {seat} at this table.", "Il n'y a pas de place {seat} à cette table."),
    "seat/not_away": (
        409,
        "Seat {seat}'s player is neither away for the grace period nor over the turn clock yet ({left} s left).",
        "Le joueur de la place {seat} n'est ni absent depuis le délai de grâce ni hors du temps de jeu ({left} s restantes).",
    ),
    "seat/not_human": (
        409,
        "Only a person's seat can be handed to a bot.",
        "Seule la place d'une personne peut être confiée à un robot.",
    ),
    "token/missing": (401, "This needs your seat token.", "Il faut le jeton de votre place."),
    "token/invalid": (
        403,
        "This token does not hold a seat at this table.",
        "Ce jeton ne correspond à aucune place de cette table.",
    ),
    "host/only": (403, "Only the table's host may start it.", "Seul l'hôte de la table peut la lancer."),
    "host/only_settings": (
        403,
        "Only the table's host may change its settings.",
        "Seul l'hôte de la table peut changer ses réglages.",
    ),
    "spectator/cannot_act": (
        403,
        "Spectators watch; take a seat to play.",
        "Les spectateurs regardent ; prenez une place pour jouer.",
    ),
    "seat/not_to_act": (
        409,
        "It is not your turn: {who} is to act.",
        "Ce n'est pas votre tour : {who} doit jouer.",
    ),
    "version/stale": (
        409,
        "The game has moved on (you saw version {seen}, it is at {now}); here is the current position.",
        "La partie a avancé (vous avez vu la version {seen}, elle en est à {now}) ; voici la position actuelle.",
    ),
    "message/too_large": (
        413,
        "Message too large ({size} bytes; at most {limit}).",
        "Message trop long ({size} octets ; au plus {limit}).",
    ),
    "message/malformed": (
        400,
        "Malformed message: {why}.",
        "Message mal formé : {why}.",
    ),
    "message/unknown": (
        400,
        "Unknown message type {kind!r} (known: {known}).",
        "Type de message inconnu {kind!r} (connus : {known}).",
    ),
    "message/flood": (
        429,
        "Too many messages; slow down (at most {rate} per second).",
        "Trop de messages ; ralentissez (au plus {rate} par seconde).",
    ),
    "message/hello_first": (
        400,
        "Say hello first: {{\"type\": \"hello\", \"token\": ...}}.",
        "Commencez par hello : {{\"type\": \"hello\", \"token\": ...}}.",
    ),
    "request/too_slow": (
        408,
        "The request did not arrive within {seconds} s; the connection is closed.",
        "La requête n'est pas arrivée en {seconds} s ; la connexion est fermée.",
    ),
    "server/full": (
        503,
        "The server holds as many connections as it can right now; try again in a moment.",
        "Le serveur a autant de connexions qu'il peut en tenir pour l'instant ; réessayez dans un instant.",
    ),
    "client/too_many_playing": (
        429,
        "Your address already has {limit} games in play; finish one first.",
        "Votre adresse a déjà {limit} parties en cours ; terminez-en une d'abord.",
    ),
    "server/too_many_playing": (
        503,
        "The server already plays {limit} games, as many as it takes; try again when some have finished.",
        "Le serveur joue déjà {limit} parties, autant qu'il en prend ; réessayez quand certaines seront finies.",
    ),
    "request/invalid": (400, "Invalid request: {why}.", "Requête invalide : {why}."),
    "request/incomplete": (
        400,
        "The request's body did not arrive whole: the connection was closed before its end.",
        "Le corps de la requête n'est pas arrivé entier : la connexion a été fermée avant sa fin.",
    ),
    "route/unknown": (404, "There is no such page or API route.", "Cette page ou route de l'API n'existe pas."),
    "route/method": (
        405,
        "This route does not take that method ({method}).",
        "Cette route n'accepte pas cette méthode ({method}).",
    ),
    "database/unavailable": (
        503,
        "The database is not answering right now; nothing was half-saved. Try again in a moment.",
        "La base de données ne répond pas pour l'instant ; rien n'a été enregistré à moitié. Réessayez dans un instant.",
    ),
    "client/too_many_tables": (
        429,
        "You already have {limit} tables waiting for players; start one or let it expire first.",
        "Vous avez déjà {limit} tables en attente de joueurs ; lancez-en une ou laissez-la expirer d'abord.",
    ),
    "client/too_many_connections": (
        429,
        "Too many open connections from your address (at most {limit}); close some tabs.",
        "Trop de connexions ouvertes depuis votre adresse (au plus {limit}) ; fermez des onglets.",
    ),
    "client/too_fast": (
        429,
        "Too many requests from your address; wait a moment and try again.",
        "Trop de requêtes depuis votre adresse ; attendez un instant et réessayez.",
    ),
    "spectators/off": (
        403,
        "This table's host does not let spectators watch; take a seat to play, or watch another table.",
        "L'hôte de cette table n'accepte pas de spectateurs ; prenez une place pour jouer, ou regardez une autre table.",
    ),
    "coach/off": (
        403,
        "The coach is off at this table: its host did not turn it on.",
        "Le coach est éteint à cette table : son hôte ne l'a pas activé.",
    ),
    "coach/spectator": (
        403,
        "The coach answers the players at the table, from their own seat; a spectator has none.",
        "Le coach répond aux joueurs de la table, depuis leur place ; un spectateur n'en a pas.",
    ),
    "coach/busy": (
        429,
        "The coach is still thinking about your last question.",
        "Le coach réfléchit encore à votre dernière question.",
    ),
    "coach/full": (
        429,
        "The coach is answering as many questions as it can; ask again in a moment.",
        "Le coach répond déjà à autant de questions qu'il peut ; redemandez dans un instant.",
    ),
    "coach/failed": (
        500,
        "The coach could not answer this time; ask again.",
        "Le coach n'a pas pu répondre cette fois ; redemandez.",
    ),
    "seat/not_replaced": (
        409,
        "Your seat is already yours: no bot is playing it.",
        "Votre place est déjà à vous : aucun robot ne la joue.",
    ),
    "table/abandoned": (
        409,
        "This game was closed: nobody played it for a long time.",
        "Cette partie a été fermée : personne n'y a joué depuis longtemps.",
    ),
    "server/busy": (
        503,
        "The server could not save this action; try again.",
        "Le serveur n'a pas pu enregistrer cette action ; réessayez.",
    ),
    # Time controls (issue 28).
    "seat/lost_time": (
        409,
        "Your seat lost by time: a bot plays it to the end of the game.",
        "Votre place a perdu au temps : un robot la joue jusqu'à la fin de la partie.",
    ),
}


def web_error(code: str, **fields: object) -> WebError:
    """The :class:`WebError` of ``code`` with its sentence filled in.

    Raises:
        KeyError: for an unknown code (a programming error).
    """
    status, en, fr = _ERRORS[code]
    return WebError(code, en.format(**fields), fr.format(**fields), status)


def table_refusal(exc: TableError, names: Sequence[str]) -> WebError:
    """The server's words for what a :class:`~savanna.table.Table` refused (``names``: each
    seat's display name, for the player to act)."""
    fields = exc.fields
    if exc.code in ("table/not_playing", "table/over"):
        return web_error("table/not_playing")
    if exc.code == "table/stale":
        return web_error("version/stale", **fields)
    if exc.code in ("seat/not_to_act", "seat/bot_plays"):
        seat = int(str(fields.get("to_act", fields.get("seat", 0))))
        return web_error("seat/not_to_act", who="chance" if seat < 1 else names[seat - 1])
    if exc.code == "table/nothing":
        return web_error("message/malformed", why="no action given")
    if exc.code in _ERRORS:
        return web_error(exc.code, **fields)
    return WebError(exc.code, exc.text("en"), exc.text("fr"), 409)


def error_payload(exc: SavannaError, lang: str) -> dict[str, Any]:
    """The JSON body of an error: its code, its sentence, and the rule when one refused it."""
    body: dict[str, Any] = {"code": exc.code, "message": typeset(exc.text(lang), lang)}
    if isinstance(exc, IllegalActionError):
        body["rule"] = exc.rule.key
        body["rule_text"] = typeset(exc.rule.text(lang), lang)
    return body


def status_of(exc: SavannaError) -> int:
    """The HTTP status that carries ``exc``."""
    if isinstance(exc, WebError):
        return exc.status
    if isinstance(exc, IllegalActionError):
        return 422
    return 400

"""Position and action notation of the river race, both directions.

A position is one line of ``key=value`` fields after ``river-race/<players>``::

    river-race/2 first=1 turn=1 turns=1 phase=roll dice=- ones=0 gold=5,5 rings=0
    persecutor=0 bag=6,6,6,6,6,6 springs=0,0 pawns=camp,camp,camp/camp,camp,camp
    cards=- pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- offer=- counter=- end=-

(on one line). Seats and cards are numbered from 1; a pawn is written by its space
(``camp``, ``a3``, ``y1u``, ``s2l``...) or ``h<k>`` for the k-th best hut (from 0).
``cards`` lists each held card as ``place:card@deck``; ``pools`` gives, per deck since the
start (``/``-separated), the cards of that deck not yet revealed (held ones included);
``discard`` the cards revealed since the last reshuffle. ``asked``, ``deals``, ``offer``
and ``counter`` hold this turn's bargaining. A seat's view of a position writes the cards
it may not see as ``?`` (``1u:?@0``): :meth:`RiverRaceGame.parse_position` refuses those,
:func:`parse_view` reads them.

Example:
    >>> from savanna.games.river_race.game import RiverRaceGame
    >>> game = RiverRaceGame(players=2, options={"first": "seat1"})
    >>> state = game.new_initial_state()
    >>> game.parse_position(state.to_text()).to_text() == state.to_text()
    True
    >>> _ = state.apply_text("2+5"); state.legal_action_texts()
    ['move a']
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from savanna.core.display import Label
from savanna.core.errors import NotationError
from savanna.games.river_race.actions import (
    Accept,
    Card,
    Coin,
    Counter,
    Cross,
    Done,
    First,
    Move,
    Offer,
    Pass,
    Refuse,
    Roll,
    Step,
    Withdraw,
    from_id,
    parse_action_text,
    parse_chance_text,
    parse_pawn_name,
    pawn_name,
)
from savanna.games.river_race.board import ALTAR, CAMP, KIND_NAMES, LANDING, PATH, VILLAGE, YARD
from savanna.games.river_race.council import card_price, free_gold, rent_due, sacrificer
from savanna.games.river_race.phase import (
    ANSWER,
    COIN,
    COUNCIL,
    DRAW,
    ENDINGS,
    FIRST,
    MOVE,
    OVER,
    PHASES,
    REPLY,
    ROLL,
)
from savanna.games.river_race.rules import MESSAGES
from savanna.games.river_race.walking import walk

if TYPE_CHECKING:
    from savanna.games.river_race.game import RiverRaceGame
    from savanna.games.river_race.state import RiverRaceState

__all__ = [
    "describe",
    "local_text",
    "parse_action",
    "parse_position",
    "parse_view",
    "place_words",
    "position_text",
]

_KEYS: Final = (
    "first", "turn", "turns", "phase", "dice", "ones", "gold", "rings", "persecutor", "bag",
    "springs", "pawns", "cards", "pools", "discard", "asked", "deals", "offer", "counter", "end",
)
_EVERYONE: Final = -10
"""``viewer`` of :func:`position_text` that sees every card (the complete position)."""


def _ints(values: list[int], sep: str = ",") -> str:
    return sep.join(str(v) for v in values) if values else "-"


def _cards(values: list[int]) -> str:
    return ",".join(str(c + 1) for c in sorted(values)) if values else "-"


def position_text(state: RiverRaceState, viewer: int | None = _EVERYONE) -> str:
    """The position notation; with ``viewer`` (a seat or ``None``), the cards that viewer
    may not see are written ``?``."""
    game = state.game
    board = game.board
    pawns = []
    for seat in range(game.num_players):
        names = []
        for pawn in state.pawns_of(seat):
            names.append(f"h{state.hut[pawn]}" if state.hut[pawn] >= 0 else board.name(state.pos[pawn]))
        pawns.append(",".join(names))
    cards = []
    for place, card in enumerate(state.held):
        if card < 0:
            continue
        owner = sacrificer(state, place) // 3
        shown = str(card + 1) if viewer in (_EVERYONE, owner) else "?"
        cards.append(f"{board.places[place].name}:{shown}@{state.held_epoch[place]}")
    fields = {
        "first": "-" if state.first < 0 else str(state.first + 1),
        "turn": str(state.turn + 1),
        "turns": str(state.turns),
        "phase": PHASES[state.phase],
        "dice": "+".join(str(d) for d in state.dice) or "-",
        "ones": str(state.ones),
        "gold": _ints(state.gold),
        "rings": str(state.rings),
        "persecutor": str(state.persecutor),
        "bag": _ints(state.bag),
        "springs": _ints(state.springs),
        "pawns": "/".join(pawns),
        "cards": ",".join(cards) or "-",
        "pools": "/".join(_cards(p) for p in state.pools),
        "discard": ",".join(str(c + 1) for c in state.discard) or "-",
        "asked": ",".join(pawn_name(p) for p in state.asked) or "-",
        "deals": ",".join(f"{pawn_name(p)}:{price}" for p, price in state.deals) or "-",
        "offer": f"{pawn_name(state.offer[0])}:{state.offer[1]}" if state.offer else "-",
        "counter": "-" if state.counter < 0 else str(state.counter),
        "end": state.ended or "-",
    }
    return f"{game.name}/{game.num_players} " + " ".join(f"{k}={fields[k]}" for k in _KEYS)


def parse_position(game: RiverRaceGame, text: str) -> RiverRaceState:
    """A complete position (no ``?``) of ``game``.

    Raises:
        NotationError: the text is malformed, hides a card, or is inconsistent.
    """
    state, hidden = _parse(game, text)
    if hidden:
        raise MESSAGES.notation_error(text, "expect.complete")
    return state


def parse_view(game: RiverRaceGame, text: str) -> tuple[RiverRaceState, list[int]]:
    """A position that may hide cards as ``?``, and the places whose card is hidden.

    The hidden places hold card -1 in the returned state until the caller fills them.

    Raises:
        NotationError: the text is malformed or inconsistent.
    """
    return _parse(game, text)


def _parse(game: RiverRaceGame, text: str) -> tuple[RiverRaceState, list[int]]:
    if not isinstance(text, str):
        raise MESSAGES.notation_error(repr(text), "expect.position", {"why": "not a text"})
    try:
        return _decode(game, text)
    except NotationError:
        raise
    except (ValueError, KeyError, IndexError) as exc:
        raise MESSAGES.notation_error(text, "expect.position", {"why": str(exc)}) from None


def _list(value: str) -> list[str]:
    return [] if value == "-" else value.split(",")


def _decode(game: RiverRaceGame, text: str) -> tuple[RiverRaceState, list[int]]:
    words = " ".join(text.strip().split()).split(" ")
    head = f"{game.name}/{game.num_players}"
    if words[0] != head:
        raise ValueError(f"it must start with {head!r}")
    kv: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key in kv or key not in _KEYS:
            raise ValueError(f"unexpected field {word!r}")
        kv[key] = value
    missing = [k for k in _KEYS if k not in kv]
    if missing:
        raise ValueError(f"missing fields {', '.join(missing)}")
    n = game.num_players
    board = game.board
    material = game.material
    st = game.new_initial_state()
    st.first = -1 if kv["first"] == "-" else _seat(kv["first"], n)
    st.turn = _seat(kv["turn"], n)
    st.turns = _count(kv["turns"], material.limits.max_turns)
    st.phase = PHASES.index(kv["phase"])
    st.dice = [] if kv["dice"] == "-" else [int(d) for d in kv["dice"].split("+")]
    st.ones = _count(kv["ones"], material.dice.count)
    st.gold = [_count(g, 10**6) for g in _list(kv["gold"])]
    st.rings = _count(kv["rings"], material.persecutor.rings)
    st.persecutor = _count(kv["persecutor"], board.persecutor_length)
    st.bag = [_count(c, top) for c, top in zip(_list(kv["bag"]), material.bag.coins, strict=True)]
    st.springs = [_count(c, len(material.spring.stack)) for c in _list(kv["springs"])]
    groups = kv["pawns"].split("/")
    if len(st.gold) != n or len(groups) != n or len(st.springs) != board.rivers:
        raise ValueError(f"{n} seats' gold and pawns and {board.rivers} springs")
    huts = len(game.huts)
    for seat, group in enumerate(groups):
        names = group.split(",")
        if len(names) != 3:
            raise ValueError("three pawns per seat")
        for i, name in enumerate(names):
            pawn = 3 * seat + i
            match = re.fullmatch(r"h(\d+)", name)
            if match:
                st.hut[pawn] = int(match[1])
                st.pos[pawn] = board.village
                if st.hut[pawn] >= huts:
                    raise ValueError(f"no hut {name!r} with {n} players")
            elif board.has_space(name) and board.kind[board.index(name)] != VILLAGE:
                st.pos[pawn] = board.index(name)
            else:
                raise ValueError(f"no space {name!r}")
    hidden: list[int] = []
    places = {p.name: p.index for p in board.places}
    for item in _list(kv["cards"]):
        match = re.fullmatch(r"(\w+):(\?|\d+)@(\d+)", item)
        if not match or match[1] not in places:
            raise ValueError(f"card {item!r}")
        place = places[match[1]]
        if st.held[place] != -1 or place in hidden:
            raise ValueError(f"two cards at {match[1]}")
        st.held_epoch[place] = int(match[3])
        if match[2] == "?":
            hidden.append(place)
        else:
            st.held[place] = int(match[2]) - 1
    st.pools = [[int(c) - 1 for c in _list(p)] for p in kv["pools"].split("/")]
    st.epoch = len(st.pools) - 1
    st.discard = [int(c) - 1 for c in _list(kv["discard"])]
    st.asked = [parse_pawn_name(p) for p in _list(kv["asked"])]
    st.deals = []
    for item in _list(kv["deals"]):
        name, price = item.split(":")
        st.deals.append([parse_pawn_name(name), int(price)])
    if kv["offer"] != "-":
        name, price = kv["offer"].split(":")
        st.offer = [parse_pawn_name(name), int(price)]
    st.counter = -1 if kv["counter"] == "-" else int(kv["counter"])
    st.ended = "" if kv["end"] == "-" else kv["end"]
    if st.ended and st.ended not in ENDINGS:
        raise ValueError(f"no ending {st.ended!r}")
    _check(game, st, hidden)
    return st, hidden


def _seat(text: str, n: int) -> int:
    seat = int(text) - 1
    if not 0 <= seat < n:
        raise ValueError(f"no seat {text}")
    return seat


def _count(text: str, top: int) -> int:
    value = int(text)
    if not 0 <= value <= top:
        raise ValueError(f"{value} is not between 0 and {top}")
    return value


def _check(game: RiverRaceGame, st: RiverRaceState, hidden: list[int]) -> None:
    """Refuse positions whose parts contradict each other (so no later call can crash)."""
    n = game.num_players
    board = game.board
    phase = st.phase
    cards = len(game.material.cards)
    if (st.first < 0) != (phase == FIRST) or (game.options["first"] == "seat1" and st.first not in (-1, 0)):
        raise ValueError("the first player is known after the first draw (seat 1 with first=seat1)")
    if game.options["first"] == "seat1" and phase == FIRST:
        raise ValueError("with first=seat1 nobody is drawn")
    if st.persecutor < game.material.persecutor.start[n]:
        raise ValueError("the persecutor never goes back past its start")
    if (phase == OVER) != bool(st.ended):
        raise ValueError("the game is over exactly when it has an ending")
    if st.dice and (len(st.dice) != game.material.dice.count or any(not 1 <= d <= 6 for d in st.dice) or st.dice != sorted(st.dice)):
        raise ValueError("the dice are a sorted roll")
    if (phase in (COIN, MOVE)) > bool(st.dice) or (phase not in (COIN, MOVE, OVER) and st.dice):
        raise ValueError("the dice are on the table between the roll and the move (and stay when that ends the game)")
    if st.ones > st.dice.count(1) or (phase == COIN) != (st.ones > 0) or (phase == COIN and not sum(st.bag)):
        raise ValueError("coins are drawn for the dice showing 1 while the bag has coins")
    occupied: set[int] = set()
    for space in st.pos:
        if board.kind[space] in (PATH, ALTAR):
            if space in occupied:
                raise ValueError(f"two pawns on {board.name(space)}")
            occupied.add(space)
    taken = sorted(h for h in st.hut if h >= 0)
    if taken != list(range(len(taken))):
        raise ValueError("arriving pawns take the best free hut, so the taken huts are the best ones")
    held_cards = [c for c in st.held if c >= 0]
    for place in range(len(board.places)):
        has_card = st.held[place] >= 0 or place in hidden
        if has_card and sacrificer(st, place) < 0:
            raise ValueError(f"a card is held at {board.places[place].name} with nobody there")
    waiting_card = [p for p in range(len(board.places)) if sacrificer(st, p) >= 0 and st.held[p] < 0 and p not in hidden]
    if len(waiting_card) != (1 if phase == DRAW else 0):
        raise ValueError("every sacrificer holds a card, but for the one drawing it")
    pooled = [c for pool in st.pools for c in pool]
    everything = pooled + st.discard
    if sorted(everything) != list(range(cards)):
        raise ValueError("the decks' pools and the discard hold every card once")
    for place in range(len(board.places)):
        card, epoch = st.held[place], st.held_epoch[place]
        if (card >= 0 or place in hidden) and not 0 <= epoch <= st.epoch:
            raise ValueError("a held card comes from a deck of the game")
        if card >= 0 and card not in st.pools[epoch]:
            raise ValueError(f"card {card + 1} is held but not in its deck's pool")
    for epoch, pool in enumerate(st.pools[:-1]):
        held_here = sorted(c for c, e in zip(st.held, st.held_epoch, strict=True) if c >= 0 and e == epoch)
        hidden_here = sum(1 for p in hidden if st.held_epoch[p] == epoch)
        if len(pool) != len(held_here) + hidden_here or not set(held_here) <= set(pool):
            raise ValueError("an old deck's pool holds exactly the cards still held from it")
    if len(held_cards) != len(set(held_cards)):
        raise ValueError("a card is held twice")
    current_held = sum(1 for p in range(len(board.places)) if (st.held[p] >= 0 or p in hidden) and st.held_epoch[p] == st.epoch)
    if phase == DRAW and len(st.pools[-1]) <= current_held:
        raise ValueError("a card is drawn from a deck that has one")
    if phase not in (COUNCIL, ANSWER, REPLY, DRAW) and (st.asked or st.deals):
        raise ValueError("bargains belong to the start of a turn")
    if bool(st.offer) != (phase in (ANSWER, REPLY)) or (st.counter >= 0) != (phase == REPLY):
        raise ValueError("an offer is on the table while it is answered, a counter while it is replied to")
    if st.offer and (st.offer[0] // 3 == st.turn or st.offer[0] >= 3 * n or st.offer[0] not in st.asked):
        raise ValueError("an offer is made for another seat's pawn, once")
    if st.counter >= 0 and st.counter >= st.offer[1]:
        raise ValueError("a counter is lower than the offer")
    for pawn, price in st.deals + ([st.offer] if st.offer else []):
        if pawn >= 3 * n or board.kind[st.pos[pawn]] != YARD or pawn not in st.asked:
            raise ValueError(f"{pawn_name(pawn)} is bargained for but does not wait in a courtyard")
        place = board.place_of_yard[st.pos[pawn]]
        if sacrificer(st, place) // 3 != st.turn or not (st.held[place] >= 0 or place in hidden):
            raise ValueError(f"{pawn_name(pawn)} is bargained for by a seat without the card beside it")
        if price > game.material.negotiation.max_price:
            raise ValueError("prices are at most the highest price")
    if any(free_gold(st, s) < 0 for s in range(n)) or any(p >= 3 * n for p in st.asked):
        raise ValueError("deals never promise more gold than a seat has")
    if len(set(st.asked)) != len(st.asked):
        raise ValueError("a pawn is bargained for once per turn")


# -- actions ----------------------------------------------------------------------------


def parse_action(state: RiverRaceState, text: str) -> int:
    """The action ``text`` names in ``state``.

    Raises:
        NotationError: the text is no river race action.
        IllegalActionError: it is one, but a rule refuses it here (naming the rule).
    """
    game = state.game
    if state.phase == OVER:
        raise game.refuse(text, "game.over")
    if len(str(text)) > 200:
        raise MESSAGES.notation_error(str(text)[:40] + "...", "expect.short")
    dice = game.material.dice.count
    if state.is_chance_node():
        try:
            value = parse_chance_text(text, dice)
        except NotationError:
            parse_action_text(text)  # a seat action: not now; anything else: bad notation
            raise game.refuse(text, "seat.not_to_act", Label("detail.chance_acts")) from None
        action = value.to_id()
        if _phase_of(value) != state.phase or action not in {a for a, _ in state.chance_outcomes()}:
            raise game.refuse(text, "chance.outcome")
        return action
    try:
        act = parse_action_text(_from_french(str(text)))
    except NotationError:
        try:
            parse_chance_text(text, dice)
        except NotationError:
            legal = state.legal_action_texts()[:12]
            raise MESSAGES.notation_error(
                text, "expect.legal", lambda lang: {"legal": ", ".join(local_text(t, lang) for t in legal)}
            ) from None
        raise game.refuse(text, "chance.not_now") from None
    action = act.to_id()
    if action not in state.legal_actions():
        raise state.explain_illegal(action)
    return action


def _phase_of(value: Roll | Coin | Card | First) -> int:
    if isinstance(value, Roll):
        return ROLL
    if isinstance(value, Coin):
        return COIN
    if isinstance(value, Card):
        return DRAW
    return FIRST


# -- words for people ----------------------------------------------------------------------


def place_words(state: RiverRaceState, space: int, lang: str) -> str:
    """Where ``space`` is, in words (``the upper courtyard of river 1``)."""
    board = state.game.board
    kind = board.kind[space]
    text = MESSAGES.text
    river = board.river_of[space]
    if kind in (YARD, ALTAR):
        place = board.places[board.place_of_yard[space] if kind == YARD else board.place_of_altar[space]]
        passage = text(f"passage.{'upper' if place.upper else 'lower'}", lang)
        return text(f"place.{'yard' if kind == YARD else 'altar'}", lang, passage=passage, river=river)
    if kind == LANDING:
        return text("place.landing", lang, river=river)
    if kind in (VILLAGE, CAMP):
        return text(f"place.{KIND_NAMES[kind]}", lang)
    track = board.track_kind[space]
    return text(f"place.{track}", lang, river=river) if track != "road" else text("place.road", lang)


def describe(state: RiverRaceState, action: int, lang: str = "en") -> str:
    """``action`` (legal in ``state``) in words for people."""
    game = state.game
    text = MESSAGES.text
    if state.is_chance_node():
        value = state.chance_value(action)
        if isinstance(value, Roll):
            return text("describe.dice", lang, dice=str(value), total=sum(value.faces))
        if isinstance(value, Coin):
            return text("describe.coin", lang, value=value.value)
        if isinstance(value, Card):
            card = game.material.cards[value.number - 1]
            return text("describe.card", lang, number=card.number, upper=card.upper, lower=card.lower)
        return text("describe.first", lang, seat=value.seat + 1)
    act = from_id(action)
    seat = state.turn
    if isinstance(act, Move):
        pawn = 3 * seat + act.pawn
        total = state.roll_total()
        space, springs = walk(state, pawn, total, act.branch)
        name = pawn_name(pawn)
        if space == game.board.village:
            taken = {h for h in state.hut if h >= 0}
            hut = next(h for h in range(len(game.huts)) if h not in taken)
            return text("describe.move_hut", lang, pawn=name, total=total, value=game.huts[hut])
        where = place_words(state, space, lang)
        stack = game.material.spring.stack
        coins = sum(stack[state.springs[r]] for r in springs if state.springs[r] < len(stack))
        if coins:
            return text("describe.move_spring", lang, pawn=name, total=total, place=where, coins=coins)
        return text("describe.move", lang, pawn=name, total=total, place=where)
    if isinstance(act, Pass):
        return text("describe.pass", lang)
    if isinstance(act, Done):
        payees = rent_due(state)
        if not payees:
            return text("describe.roll", lang)
        return text("describe.roll_rent", lang, payments=_rent_words(state, payees, lang))
    if isinstance(act, Step):
        pawn = 3 * seat + act.pawn
        place = game.board.places[game.board.place_of_yard[state.pos[pawn]]]
        passage = text(f"passage.{'upper' if place.upper else 'lower'}", lang)
        return text("describe.step", lang, pawn=pawn_name(pawn), passage=passage, river=place.river)
    if isinstance(act, Offer):
        return text("describe.offer", lang, price=act.price, target=pawn_name(act.target))
    if isinstance(act, Counter):
        return text("describe.counter", lang, price=act.price, target=pawn_name(state.offer[0]))
    if isinstance(act, Accept | Refuse):
        replying = state.phase == REPLY
        price = state.counter if replying else state.offer[1]
        key = ("accept" if isinstance(act, Accept) else "refuse") + ("_counter" if replying else "_offer")
        return text(f"describe.{key}", lang, price=price, target=pawn_name(state.offer[0]))
    if isinstance(act, Withdraw):
        return _describe_withdraw(state, act, lang)
    assert isinstance(act, Cross)
    pawn = 3 * seat + act.pawn
    place = game.board.places[game.board.place_of_altar[state.pos[pawn]]]
    party = [p for p, s in enumerate(state.pos) if s == place.yard and (p // 3 == seat or any(d[0] == p for d in state.deals))]
    price = card_price(state, place.index)  # crossing reveals the card (rule cross.payment)
    if not party:
        return text("describe.cross_alone", lang, pawn=pawn_name(pawn), river=place.river, price=price)
    names = ", ".join(pawn_name(p) for p in party)
    return text("describe.cross", lang, pawn=pawn_name(pawn), river=place.river, party=names, price=price)


def _rent_words(state: RiverRaceState, payees: list[int], lang: str) -> str:
    """The rent payments of ``payees`` in words, as far as the seat's gold goes (rule council.rent)."""
    gold = state.gold[state.turn]
    payments = []
    for payee in payees:
        paid = min(state.tables.rent, gold)
        gold -= paid
        payments.append(MESSAGES.text("describe.rent_payment", lang, gold=paid, seat=payee + 1))
    return ", ".join(payments)


def _describe_withdraw(state: RiverRaceState, act: Withdraw, lang: str) -> str:
    """Rule sacrifice.withdraw in words: the card given back (revealed), the rent still due
    for another card the seat keeps."""
    game = state.game
    pawn = 3 * state.turn + act.pawn
    place = game.board.places[game.board.place_of_altar[state.pos[pawn]]]
    card = game.material.cards[state.held[place.index]]
    fields = {"pawn": pawn_name(pawn), "number": card.number, "upper": card.upper, "lower": card.lower, "river": place.river}
    payees = rent_due(state, skip=place.index)
    if not payees:
        return MESSAGES.text("describe.withdraw", lang, **fields)
    return MESSAGES.text("describe.withdraw_rent", lang, payments=_rent_words(state, payees, lang), **fields)


_FRENCH_WORDS: Final = {
    "move": "déplacer",
    "pass": "passer",
    "roll": "lancer",
    "step": "avancer",
    "accept": "accepter",
    "refuse": "refuser",
    "cross": "traverser",
    "withdraw": "rendre",
    "counter": "contrer",
    "offer": "offrir",
    "upper": "haut",
    "lower": "bas",
    "around": "autour",
}


def local_text(text: str, lang: str) -> str:
    """The notation ``text`` as a French reader types it (``déplacer a haut``, ``offrir 2b 3``)."""
    if lang != "fr":
        return text
    return " ".join(_FRENCH_WORDS.get(word, word) for word in text.split(" "))


def _from_french(text: str) -> str:
    """``text`` with the French words of :func:`local_text` turned back into the notation."""
    english = {french: word for word, french in _FRENCH_WORDS.items()}
    return " ".join(english.get(word, word) for word in text.strip().lower().split())

"""What a seat may know of a river race position: observation data, tensor and
determinization.

The only secret of the game is a held sacrifice card: its prices are seen by its
sacrificer alone until it is revealed (rule ``sacrifice.secret``). Everything else is on
the table: pawns, gold, the bag's coins, springs, the persecutor, the bargaining, the
discard, and which cards each deck still holds (``pools``: a deck's cards not yet
revealed, held ones included, are known to all from what was revealed; see
``docs/rules/river-race.md``, Hidden information).

:func:`observe` builds the observation from the state with the hidden cards already
replaced by ``?``, so nothing downstream (text, tensor, drawings) can read them;
:func:`sample_state` redraws those cards from what the observer cannot rule out.

Example:
    >>> from savanna.games.river_race.game import RiverRaceGame
    >>> game = RiverRaceGame(players=2, options={"first": "seat1"})
    >>> state = game.parse_position(
    ...     "river-race/2 first=1 turn=1 turns=3 phase=roll dice=- ones=0 gold=5,5 rings=0 "
    ...     "persecutor=3 bag=8,6,4,2,1,1 springs=0,0 pawns=s1u,camp,camp/y1u,camp,camp "
    ...     "cards=1u:7@0 pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- "
    ...     "offer=- counter=- end=-")
    >>> state.observation(0).data["cards"][0]["card"], state.observation(1).data["cards"][0]["card"]
    (7, None)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final, TypedDict, cast

from savanna.core.display import Label
from savanna.core.game import Observation
from savanna.games.river_race.actions import pawn_name
from savanna.games.river_race.board import KIND_NAMES
from savanna.games.river_race.council import sacrificer
from savanna.games.river_race.notation import parse_view, position_text
from savanna.games.river_race.phase import PHASES
from savanna.games.river_race.rules import MESSAGES

if TYPE_CHECKING:
    from savanna.games.river_race.game import RiverRaceGame
    from savanna.games.river_race.state import RiverRaceState

__all__ = [
    "VIEWS_KEPT",
    "CardView",
    "RiverRaceView",
    "determinize",
    "observation_tensor",
    "observation_tensor_in_state",
    "observe",
    "redraw_own",
    "sample_state",
    "secret",
    "tensor_size",
    "view",
]


class CardView(TypedDict):
    """A sacrifice card held at a place: its prices only for its holder's seat."""

    place: str
    """The sacrifice place: ``1u``, ``1l``, ``2u``, ``2l``."""
    upper: bool
    """Whether the place is on the upper passage."""
    pawn: str
    """The sacrificer (``2a``)."""
    card: int | None
    """The card's number, or ``None`` when the observer may not see it."""
    price: int | None
    """The price of this place's passage, for the holder only."""
    prices: list[int] | None
    """Upper and lower prices, for the holder only."""
    deck: int
    """The deck (epoch) the card was drawn from."""


class RiverRaceView(TypedDict):
    """The data of a river race observation (``Observation.data``)."""

    position: str
    """The position notation, other seats' cards written ``?``."""
    players: int
    phase: str
    """first, council, draw, answer, reply, roll, coin, move or over."""
    to_act: int
    """The seat to act, or the core's CHANCE / TERMINAL."""
    turn: int
    """The seat whose turn it is."""
    turns: int
    first: int
    """The seat that played first (-1 before the draw)."""
    dice: list[int]
    gold: list[int]
    rings: int
    persecutor: int
    """Steps the persecutor has advanced on its track."""
    bag: list[int]
    """Pity coins of value 1..6 left in the bag."""
    springs: list[int]
    """Coins taken from each river's spring."""
    pawns: list[str]
    """Each pawn's space (``camp``, ``a3``, ``y1u``, ``village``)."""
    kinds: list[str]
    """Each pawn's kind of space (camp, path, yard, altar, landing, village)."""
    huts: list[int]
    """Each pawn's hut (0 = the best), or -1."""
    cards: list[CardView]
    pools: list[list[int]]
    """Per deck, the numbers of its cards not yet revealed (public knowledge)."""
    discard: list[int]
    asked: list[str]
    """Pawns bargained for this turn."""
    deals: list[list[str | int]]
    """``[pawn, price]`` agreed this turn."""
    offer: list[str | int] | None
    """``[pawn, price]`` on the table."""
    counter: int | None
    ended: str
    """How the game ended, or ``""``."""


def view(observation: Observation) -> RiverRaceView:
    """The typed data of a river race observation."""
    return cast(RiverRaceView, observation.data)


def observe(state: RiverRaceState, seat: int | None) -> Observation:
    """``seat``'s observation (``None``: a spectator, who sees no held card)."""
    game = state.game
    board = game.board
    cards = game.material.cards
    text = position_text(state, seat)
    held: list[CardView] = []
    for place, card in enumerate(state.held):
        if card < 0:
            continue
        sac = sacrificer(state, place)
        mine = seat is not None and sac // 3 == seat
        info = board.places[place]
        held.append(
            {
                "place": info.name,
                "upper": info.upper,
                "pawn": pawn_name(sac),
                "card": cards[card].number if mine else None,
                "price": cards[card].price(info.upper) if mine else None,
                "prices": [cards[card].upper, cards[card].lower] if mine else None,
                "deck": state.held_epoch[place],
            }
        )
    data: RiverRaceView = {
        "position": text,
        "players": game.num_players,
        "phase": PHASES[state.phase],
        "to_act": state.current_player(),
        "turn": state.turn,
        "turns": state.turns,
        "first": state.first,
        "dice": list(state.dice),
        "gold": list(state.gold),
        "rings": state.rings,
        "persecutor": state.persecutor,
        "bag": list(state.bag),
        "springs": list(state.springs),
        "pawns": [board.name(s) for s in state.pos],
        "kinds": [KIND_NAMES[board.kind[s]] for s in state.pos],
        "huts": list(state.hut),
        "cards": held,
        "pools": [[cards[c].number for c in sorted(p)] for p in state.pools],
        "discard": [cards[c].number for c in state.discard],
        "asked": [pawn_name(p) for p in state.asked],
        "deals": [[pawn_name(p), price] for p, price in state.deals],
        "offer": [pawn_name(state.offer[0]), state.offer[1]] if state.offer else None,
        "counter": state.counter if state.counter >= 0 else None,
        "ended": state.ended,
    }
    return Observation(game.name, seat, data, text)


VIEWS_KEPT: Final = 4096
"""Positions kept parsed by :func:`sample_state` (in ``RiverRaceGame.parsed_views``) before it
starts afresh."""


def sample_state(game: RiverRaceGame, observation: Observation, rng: random.Random) -> RiverRaceState:
    """A full state consistent with ``observation``: every hidden card redrawn.

    A hidden card came from a known deck; it is drawn at random from that deck's pool
    without the cards the observer sees held from it (its own) and the ones already
    redrawn. The draw pile is what the current deck's pool leaves. Every card assignment
    consistent with what the observer saw is possible, and equally likely.

    The position is parsed once per text and kept by the game (``parsed_views``): a search
    or a belief draws hundreds of states from the same observation, each a copy of the
    parsed one with its hidden cards drawn afresh (the same states, from the same draws).

    Raises:
        NotationError: the observation is not one of this game.
    """
    if observation.game != game.name:
        raise MESSAGES.notation_error(observation.game, "expect.observation", {"game": game.name})
    text = str(observation.data["position"])
    views = game.parsed_views
    parsed = views.get(text)
    if parsed is None:
        if len(views) >= VIEWS_KEPT:
            views.clear()
        parsed = views[text] = parse_view(game, text)
    state = parsed[0].clone()
    _redraw(state, parsed[1], rng)
    return state


def determinize(state: RiverRaceState, seat: int | None, rng: random.Random) -> RiverRaceState:
    """What :func:`sample_state` draws from ``seat``'s observation of ``state``, read from the
    state itself: a clone with every card ``seat`` cannot see redrawn, with the same draws
    from ``rng`` (the heuristic's fast path for simulations)."""
    other = state.clone()
    hidden = [
        place
        for place, card in enumerate(other.held)
        if card >= 0 and (seat is None or sacrificer(other, place) // 3 != seat)
    ]
    for place in hidden:
        other.held[place] = -1
    _redraw(other, hidden, rng)
    return other


def redraw_own(state: RiverRaceState, seat: int, rng: random.Random) -> RiverRaceState | None:
    """A clone of ``state`` with the cards ``seat`` holds redrawn as if it had not seen them
    (each from what its deck leaves, its own card included), or ``None`` when it holds
    none: the position a seat that ignores its card's price decides on (restricted play)."""
    own = [place for place, card in enumerate(state.held) if card >= 0 and sacrificer(state, place) // 3 == seat]
    if not own:
        return None
    other = state.clone()
    for place in own:
        other.held[place] = -1
    _redraw(other, own, rng)
    return other


def _redraw(state: RiverRaceState, hidden: list[int], rng: random.Random) -> None:
    """Fill the hidden places' cards, in place order, each from what its deck leaves."""
    for place in sorted(hidden):
        epoch = state.held_epoch[place]
        taken = {c for c, e in zip(state.held, state.held_epoch, strict=True) if c >= 0 and e == epoch}
        free = [c for c in sorted(state.pools[epoch]) if c not in taken]
        state.held[place] = rng.choice(free)


def tensor_size(game: RiverRaceGame) -> int:
    """Length of :func:`tensor` for ``game``."""
    n = game.num_players
    places = len(game.board.places)
    return 3 * n * 9 + n + 5 + game.board.rivers + len(PHASES) + 2 * (n + 1) + places * 4 + 3 + (n + 1)


def observation_tensor(game: RiverRaceGame, observation: Observation) -> list[float]:
    """Flat floats: per pawn its distance and kind; gold; the persecutor; phase and seats;
    per sacrifice place whether a card is held and, for its holder, the prices; the offer."""
    d = view(observation)
    board = game.board
    n = game.num_players
    far = float(board.dist_around[board.camp])
    out: list[float] = []
    for pawn, name in enumerate(d["pawns"]):
        space = board.index(name)
        kind = [0.0] * len(KIND_NAMES)
        kind[board.kind[space]] = 1.0
        hut = d["huts"][pawn]
        value = game.huts[hut] / game.huts[0] if hut >= 0 else 0.0
        out += [board.dist[space] / far, board.dist_around[space] / far, *kind, value]
    out += [g / 50.0 for g in d["gold"]]
    out += [
        d["rings"] / game.material.persecutor.rings,
        d["persecutor"] / board.persecutor_length,
        sum(d["bag"]) / max(1, sum(game.material.bag.coins)),
        sum(d["dice"]) / (6.0 * game.material.dice.count),
        d["turns"] / game.material.limits.max_turns,
    ]
    out += [s / len(game.material.spring.stack) for s in d["springs"]]
    out += [1.0 if d["phase"] == name else 0.0 for name in PHASES]
    to_act = d["to_act"]
    out += [1.0 if to_act == s else 0.0 for s in range(n)] + [1.0 if not 0 <= to_act < n else 0.0]
    out += [1.0 if d["turn"] == s else 0.0 for s in range(n)] + [0.0]
    by_place = {c["place"]: c for c in d["cards"]}
    top = float(game.material.negotiation.max_price)
    for place in board.places:
        card = by_place.get(place.name)
        prices = card["prices"] if card is not None else None
        out += [
            1.0 if card is not None else 0.0,
            1.0 if prices is not None else 0.0,
            prices[0] / top if prices is not None else 0.0,
            prices[1] / top if prices is not None else 0.0,
        ]
    offer = d["offer"]
    out += [
        1.0 if offer else 0.0,
        int(offer[1]) / top if offer else 0.0,
        d["counter"] / top if d["counter"] is not None else 0.0,
    ]
    seat = observation.seat
    out += [1.0 if seat == s else 0.0 for s in range(n)] + [1.0 if seat is None else 0.0]
    return out


def observation_tensor_in_state(game: RiverRaceGame, state: RiverRaceState, seat: int | None) -> list[float]:
    """:func:`observation_tensor` of ``observe(state, seat)``, read from the state itself.

    The same floats, without the position's text and data: a held card's prices are read
    only when ``seat`` is its sacrificer's (rule ``sacrifice.secret``), as :func:`observe`
    shows them. ``seat`` is already checked by the core.
    """
    board = game.board
    material = game.material
    n = game.num_players
    far = float(board.dist_around[board.camp])
    huts = game.huts
    kinds = len(KIND_NAMES)
    out: list[float] = []
    for space, hut in zip(state.pos, state.hut, strict=True):
        kind = [0.0] * kinds
        kind[board.kind[space]] = 1.0
        value = huts[hut] / huts[0] if hut >= 0 else 0.0
        out += [board.dist[space] / far, board.dist_around[space] / far, *kind, value]
    out += [g / 50.0 for g in state.gold]
    out += [
        state.rings / material.persecutor.rings,
        state.persecutor / board.persecutor_length,
        sum(state.bag) / max(1, sum(material.bag.coins)),
        sum(state.dice) / (6.0 * material.dice.count),
        state.turns / material.limits.max_turns,
    ]
    out += [s / len(material.spring.stack) for s in state.springs]
    phase = PHASES[state.phase]
    out += [1.0 if phase == name else 0.0 for name in PHASES]
    to_act = state.current_player()
    out += [1.0 if to_act == s else 0.0 for s in range(n)] + [1.0 if not 0 <= to_act < n else 0.0]
    out += [1.0 if state.turn == s else 0.0 for s in range(n)] + [0.0]
    top = float(material.negotiation.max_price)
    cards = material.cards
    for place in range(len(board.places)):
        card = state.held[place]
        if card < 0:
            out += [0.0, 0.0, 0.0, 0.0]
        elif seat is not None and sacrificer(state, place) // 3 == seat:
            out += [1.0, 1.0, cards[card].upper / top, cards[card].lower / top]
        else:
            out += [1.0, 0.0, 0.0, 0.0]
    offer = state.offer
    out += [
        1.0 if offer else 0.0,
        int(offer[1]) / top if offer else 0.0,
        state.counter / top if state.counter >= 0 else 0.0,
    ]
    out += [1.0 if seat == s else 0.0 for s in range(n)] + [1.0 if seat is None else 0.0]
    return out


def secret(observation: Observation) -> Label | None:
    """The sacrifice cards the observing seat holds, in words (``None`` when it holds none).

    The coach's beliefs group determinizations by it (``Game.secret``): the moves a
    sacrificer makes while holding a card (what it asks, whether it crosses) say something
    of its price. Each card is named with its place and its deck (``deck``), so a card held
    later, even the same card again after a reshuffle, is another secret and the moves made
    with the first one are not counted for it.
    """
    if observation.seat is None:
        return None
    mine = [c for c in view(observation)["cards"] if c["card"] is not None and c["prices"] is not None]
    if not mine:
        return None
    if len(mine) == 1:
        (card,) = mine
        upper, lower = card["prices"] or (0, 0)
        return Label(
            "coach.card",
            {"number": card["card"] or 0, "upper": upper, "lower": lower, "place": card["place"], "deck": card["deck"]},
        )
    words = ", ".join(f"{c['card']} ({c['place']})" for c in mine)
    decks = ",".join(str(c["deck"]) for c in mine)
    return Label("coach.cards", {"cards": words, "deck": decks})

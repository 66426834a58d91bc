"""Predictions and the final score.

Source: banjooli-xeet-rules-en.txt, End of the Game and Score; banjooli-xeet-rules-fr.txt,
FIN DE PARTIE ET SCORE. Cards (data/cards.toml): 6 = Y B G last P, 1 = B G R last Y,
3 = R P B last Y, 4 = G P B last R, 5 = P B R last G.
"""

from __future__ import annotations

from tests.games.banjooli.helpers import game, position, sp

from savanna.games.banjooli.scoring import last_ostrich

CARD_YBG_P, CARD_BGR_Y, CARD_RPB_Y, CARD_GPB_R, CARD_PBR_G = 5, 0, 2, 3, 4


def final(arrived: str, at: dict[str, int], cards: list[int], picked: str = "-"):
    g = game(players=len(cards), berries=picked != "-")
    return position(g, phase="over", arrived=arrived, at=at, cards=cards, picked=picked)


def test_score_prediction_exact_places_5_4_3_and_x2_for_the_last() -> None:
    s = final("YBG", {"R": sp(5, 0), "P": sp(1, 0)}, [CARD_YBG_P, CARD_BGR_Y])
    # Card 6: 5 + 4 + 3 = 12, purple last: x2 = 24. Card 1: B, G misplaced 2 + 2, R not arrived.
    assert s.scores() == [24.0, 4.0]


def test_score_prediction_misplaced_arrivals_give_two_each() -> None:
    s = final("GBY", {"R": sp(5, 0), "P": sp(4, 0)}, [CARD_YBG_P, CARD_BGR_Y])
    # Card 6: Y, G misplaced (2 + 2), B exact 4 -> 8; purple (row 4) is behind red
    # (row 5), so purple is last -> x2 = 16.
    assert s.scores()[0] == 16.0


def test_score_prediction_tie_for_last_cancels_the_double() -> None:
    s = final("YBG", {"R": sp(1, 0), "P": sp(1, 3)}, [CARD_YBG_P, CARD_BGR_Y])
    assert last_ostrich(s) is None
    assert s.scores()[0] == 12.0


def test_score_prediction_last_is_the_ostrich_with_most_steps_to_go() -> None:
    s = final("BYR", {"G": 2, "P": sp(3, 0)}, [CARD_YBG_P, CARD_BGR_Y])
    assert last_ostrich(s) == 3  # green is still in its nest


def test_score_oor_adds_two_after_doubling() -> None:
    # Oor is token c; seat 0 picked it.
    s = final("YBG", {"R": sp(5, 0), "P": sp(1, 0)}, [CARD_YBG_P, CARD_BGR_Y], picked="c0")
    assert s.scores() == [26.0, 4.0]


def test_ranking_tie_break_by_positions_guessed() -> None:
    s = final("RPB", {"Y": sp(1, 0), "G": sp(5, 0)}, [CARD_RPB_Y, CARD_GPB_R])
    # card 3: 12 x2 (yellow last) = 24, four exact; card 4 (G P B, last R): P exact 4,
    # B exact 3, green not arrived -> 7 (red arrived: no double).
    assert s.scores() == [24.0, 7.0]
    assert s.ranking() == [0, 1]


def test_ranking_equal_scores_broken_by_exact_places() -> None:
    # Arrival Y B G; red and purple tie for last (no doubling). Card 5 (P B R, last G):
    # B exact 4, one exact place. Card 1 (B G R, last Y): B and G misplaced 2 + 2, none exact.
    s = final("YBG", {"R": sp(2, 0), "P": sp(2, 4)}, [CARD_PBR_G, CARD_BGR_Y])
    assert s.scores() == [4.0, 4.0]
    assert s.ranking() == [0, 1] and s.winners() == [0]


def test_ranking_shared_victory_when_exact_places_tie() -> None:
    # Arrival R P Y. Card 6 (Y B G, last P): Y misplaced 2. Card 1 (B G R, last Y): R
    # misplaced 2. Equal scores, no exact place on either card: shared victory.
    s = final("RPY", {"G": sp(2, 0), "B": sp(2, 4)}, [CARD_YBG_P, CARD_BGR_Y])
    assert s.scores() == [2.0, 2.0]
    assert s.ranking() == [0, 0] and s.winners() == [0, 1]


def test_score_prediction_sheets_at_the_end_worked_line_by_line_for_every_view() -> None:
    s = final("GBY", {"R": sp(5, 0), "P": sp(4, 0)}, [CARD_YBG_P, CARD_BGR_Y], picked="c1")
    expected = [
        [("score.card", {"card": 6, "order": "Y B G P"}, None), ("score.first", {}, 0),
         ("score.second", {}, 4), ("score.third", {}, 0), ("score.misplaced", {"count": 2}, 4),
         ("score.last_right", {}, 8), ("score.oor", {"count": 0}, 0)],
        [("score.card", {"card": 1, "order": "B G R Y"}, None), ("score.first", {}, 0),
         ("score.second", {}, 0), ("score.third", {}, 0), ("score.misplaced", {"count": 2}, 4),
         ("score.last_wrong", {}, 0), ("score.oor", {"count": 1}, 2)],
    ]
    for seat in (None, 0, 1):
        obs = s.observation(seat)
        sheets = s.game.score_sheets(obs)
        assert sheets is not None
        assert [[(line.label.key, dict(line.label.fields), line.points) for line in sheet.lines] for sheet in sheets] == expected
        assert [sheet.total for sheet in sheets] == s.scores() == [16.0, 6.0]
        assert [sum(line.points or 0 for line in sheet.lines) for sheet in sheets] == [16, 6]
        assert [sheet.place for sheet in sheets] == s.ranking() == [0, 1]
        assert [sheet.tiebreak for sheet in sheets] == [None, None]
        assert obs.data["cards"] == [CARD_YBG_P, CARD_BGR_Y]  # every Prediction is revealed
        assert "C=5,0" in obs.text


def test_ranking_tie_broken_by_exact_places_is_said_on_the_score_sheet() -> None:
    s = final("YBG", {"R": sp(2, 0), "P": sp(2, 4)}, [CARD_PBR_G, CARD_BGR_Y])
    sheets = s.game.score_sheets(s.observation(None))
    assert sheets is not None
    assert [sheet.tiebreak.key for sheet in sheets if sheet.tiebreak] == ["tie.exact_places"] * 2
    assert [s.game.label_text(sheet.tiebreak, "en") for sheet in sheets if sheet.tiebreak] == [
        "tie broken by exact places guessed: 1", "tie broken by exact places guessed: 0"]


def test_ranking_shared_victory_is_said_on_the_score_sheet() -> None:
    s = final("RPY", {"G": sp(2, 0), "B": sp(2, 4)}, [CARD_YBG_P, CARD_BGR_Y])
    sheets = s.game.score_sheets(s.observation(1))
    assert sheets is not None and [sheet.place for sheet in sheets] == [0, 0]
    assert [s.game.label_text(sheet.tiebreak, "fr") for sheet in sheets if sheet.tiebreak] == [
        "égalité non départagée\u00a0: la place est partagée"] * 2


def test_score_prediction_breakdown_worded_in_english_and_french() -> None:
    """The sheets carry the revealed cards; French writes the card's letters as French does."""
    s = final("YBG", {"R": sp(5, 0), "P": sp(1, 0)}, [CARD_YBG_P, CARD_BGR_Y], picked="c0")
    g = s.game
    sheets = g.score_sheets(s.observation(1))
    assert sheets is not None
    english = [[g.label_text(line.label, "en") for line in sheet.lines] for sheet in sheets]
    assert english[0][0] == "card 6: Y B G P" and english[1][0] == "card 1: B G R Y"
    assert [line.points for line in sheets[0].lines] == [None, 5, 4, 3, 0, 12, 2]
    french = [g.label_text(line.label, "fr") for line in sheets[1].lines]
    assert french[0] == "carte 1\u00a0: B V R J" and french[1] == "1re"
    # the drawing no longer repeats the reveal: interfaces show the sheets
    assert "Predictions" not in g.render_text(s.observation(None))


def test_score_sheets_and_other_cards_hidden_before_the_end() -> None:
    s = position(game(players=2), phase="decide", arrived="BY", at={"G": sp(5, 0), "P": sp(1, 0)}, cards=[0, 1])
    for seat in (None, 0, 1):
        obs = s.observation(seat)
        assert s.game.score_sheets(obs) is None and "cards" not in obs.data
        assert "Predictions" not in s.game.render_text(obs)
    assert "C=0,?" in s.observation(0).text and "C=?,?" in s.observation(None).text

"""*My tables* (``POST /api/mine``, issue 28): only what a token proves, waiting-for-me first,
nothing of another seat's secrets."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.conftest import bearer, make_table, play_out, view, wait_for
from tests.web.leaks import check_frame, secrets_of


def mine(client: TestClient, seats: list[tuple[str, str]]) -> list[dict]:
    got = client.post("/api/mine", json={"seats": [{"table": t, "token": k} for t, k in seats]})
    assert got.status_code == 200, got.text
    return list(got.json()["tables"])


def test_tables_are_listed_only_for_tokens_that_prove_a_seat_and_mine_to_play_come_first(sqlite_client):
    client = sqlite_client
    a = make_table(client, game="hyena", seats=["open", "open"])
    b = make_table(client, game="hyena", seats=["open", "open"], names=["Fatou", "Khady"])
    acting_a = wait_for(lambda: (v := view(client, a, None))["to_act"] in (0, 1) and v, what="a turn")["to_act"]
    acting_b = wait_for(lambda: (v := view(client, b, None))["to_act"] in (0, 1) and v, what="a turn")["to_act"]
    # This browser holds the seat NOT to act at a, the seat to act at b, a forged token and a gone table.
    held = [(a.id, a.tokens[1 - acting_a]), (b.id, b.tokens[acting_b]), (a.id + "x", "f" * 43), (b.id, "nope")]
    listed = mine(client, held[:1] + held[2:3] + held[1:2])
    assert [x["id"] for x in listed] == [b.id, a.id]
    first, second = listed
    assert first["your_turn"] and first["seat"] == acting_b and first["to_act"] == acting_b
    assert not second["your_turn"] and second["to_act_name"] == ["Awa", "Moussa"][acting_a]
    assert first["last"] is None or set(first["last"]) == {"who", "text"}
    assert mine(client, [(a.id, "f" * 43), (a.id, a.host)]) == []  # the host token is not a seat
    assert client.post("/api/mine", json={"seats": [{"table": "x", "token": "y"}] * 101}).status_code == 400
    # Played on: the list follows the game.
    me = view(client, b, acting_b)
    client.post(f"/api/tables/{b.id}/act", headers=bearer(b.tokens[acting_b]),
                json={"action": me["legal"][0]["id"], "version": me["version"]})
    again = {x["id"]: x for x in mine(client, [(b.id, b.tokens[acting_b])])}
    assert again[b.id]["version"] > first["version"]


def test_a_seat_is_told_nothing_of_another_seats_secrets(sqlite_client):
    """Banjooli played to the end; at every move each seat's My tables answer is checked
    against the record's truth (no other seat's Prediction, no berry it did not peek at)."""
    client = sqlite_client
    table = make_table(client, game="banjooli", seats=["open", "open", "bot:heuristic"])
    shown: list[tuple[int, int, str]] = []

    def pick(legal: list) -> dict:
        for seat, token in table.tokens.items():
            got = client.post("/api/mine", json={"seats": [{"table": table.id, "token": token}]})
            entry = got.json()["tables"][0]
            if entry["status"] == "playing":
                shown.append((seat, int(entry["version"]), got.text))
        return legal[0]

    play_out(client, table, pick)
    record = client.get(f"/api/tables/{table.id}/record").text
    truth = secrets_of(record)
    assert len(shown) > 20
    problems = [(seat, v, p) for seat, v, raw in shown for p in check_frame(truth, seat, v, raw)]
    assert problems == []

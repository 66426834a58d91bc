"""The browser's move list is in the order every interface lists moves (``State.menu_order``,
as the terminal's menu): the River Race's council lists ``roll`` last, so that the first
move (key 1) never skips a crossing, a step up or a card given back (issue 26)."""

from __future__ import annotations

from tests.web.conftest import make_table, play_out, view


def test_the_council_in_the_browser_lists_roll_last_and_the_first_key_never_rolls(sqlite_client) -> None:
    table = make_table(sqlite_client, "river-race", seats=["open", "bot:heuristic"], options={"material": "second"})
    councils = 0

    def pick(legal: list[dict]) -> dict:
        nonlocal councils
        texts = [m["text"] for m in legal]
        if "roll" in texts and len(texts) > 1:
            assert texts[-1] == "roll" and texts[0] != "roll", texts
            councils += 1
        mine = view(sqlite_client, table, 0)
        assert [m["text"] for m in mine["legal"]] == texts  # the same list, every time it is read
        return legal[0]

    play_out(sqlite_client, table, pick)
    assert councils >= 3

"""The authorization matrix: every REST endpoint and websocket message kind × every role.

Roles, at a started two-seat Hyena table: ``owner`` (the seat to act), ``other`` (the other
seat), ``host`` (the table's creator, not seated), ``spectator`` (no token), ``former`` (took
seat 2 before the start, left, and Moussa took it: the old token must be dead), ``forged``
(a token nobody was given). Each cell runs on a fresh table and states the expected answer:
a status and error code (REST) or the kind and code of the reply (websocket). The only cells
that may change anything are the owner's move and the host's settings; every other cell is
checked to leave the game, the seats and the settings exactly as they were — so no seat can
be acted for, taken over or reconfigured by anyone else, over either channel.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient

from tests.web.conftest import Table, bearer, view, wait_for

ROLES = ("owner", "other", "host", "spectator", "former", "forged")

# What each role gets from each REST route: (status, error code or None).
DENIED_TOKEN = (403, "token/invalid")
NO_TOKEN = (401, "token/missing")
REST: dict[str, dict[str, tuple[int, str | None]]] = {
    "info": {role: (200, None) for role in ROLES},
    "view": {"owner": (200, None), "other": (200, None), "host": (200, None), "spectator": (200, None),
             "former": DENIED_TOKEN, "forged": DENIED_TOKEN},
    "act": {"owner": (200, None), "other": (409, "seat/not_to_act"), "host": (403, "spectator/cannot_act"),
            "spectator": NO_TOKEN, "former": DENIED_TOKEN, "forged": DENIED_TOKEN},
    "replace": {"owner": (409, "seat/not_away"), "other": (409, "seat/not_away"),
                "host": (403, "spectator/cannot_act"), "spectator": NO_TOKEN, "former": DENIED_TOKEN,
                "forged": DENIED_TOKEN},
    "reclaim": {"owner": (409, "seat/not_replaced"), "other": (409, "seat/not_replaced"),
                "host": (403, "spectator/cannot_act"), "spectator": NO_TOKEN, "former": DENIED_TOKEN,
                "forged": DENIED_TOKEN},
    "settings": {"owner": (403, "host/only_settings"), "other": (403, "host/only_settings"), "host": (200, None),
                 "spectator": NO_TOKEN, "former": DENIED_TOKEN, "forged": DENIED_TOKEN},
    "leave": {"owner": (409, "table/not_open"), "other": (409, "table/not_open"), "host": DENIED_TOKEN,
              "spectator": DENIED_TOKEN, "former": DENIED_TOKEN, "forged": DENIED_TOKEN},
    "join": {role: (409, "table/not_open") for role in ROLES},
    "start": {"owner": (403, "host/only"), "other": (403, "host/only"), "host": (409, "table/not_open"),
              "spectator": (403, "host/only"), "former": (403, "host/only"), "forged": (403, "host/only")},
    "record": {role: (409, "table/not_finished") for role in ROLES},
    "replay": {role: (409, "table/not_finished") for role in ROLES},
    # My tables (issue 28): answered to all, listing the table only for a seat's own token.
    "mine": {role: (200, None) for role in ROLES},
}

# What each role is answered on the websocket after its hello: (reply kind, code or None).
# A former or forged token is told ``token/invalid`` at hello and is a spectator from then on.
WATCHER_ACTS = ("refused", "spectator/cannot_act")
WS: dict[str, dict[str, tuple[str, str | None]]] = {
    "act": {"owner": ("view", None), "other": ("refused", "seat/not_to_act"), "host": WATCHER_ACTS,
            "spectator": WATCHER_ACTS, "former": WATCHER_ACTS, "forged": WATCHER_ACTS},
    "replace": {"owner": ("refused", "seat/not_away"), "other": ("refused", "seat/not_away"), "host": WATCHER_ACTS,
                "spectator": WATCHER_ACTS, "former": WATCHER_ACTS, "forged": WATCHER_ACTS},
    "reclaim": {"owner": ("refused", "seat/not_replaced"), "other": ("refused", "seat/not_replaced"),
                "host": WATCHER_ACTS, "spectator": WATCHER_ACTS, "former": WATCHER_ACTS, "forged": WATCHER_ACTS},
    "settings": {"owner": ("refused", "host/only_settings"), "other": ("refused", "host/only_settings"),
                 "host": ("seats", None), "spectator": ("refused", "host/only_settings"),
                 "former": ("refused", "host/only_settings"), "forged": ("refused", "host/only_settings")},
    "sync": {role: ("view", None) for role in ROLES},
    "lang": {role: ("view", None) for role in ROLES},
    "ping": {role: ("pong", None) for role in ROLES},
}
HELLO_SEAT = {"owner": "owner", "other": "other", "host": None, "spectator": None, "former": None, "forged": None}


class Scene:
    """A started table and the token of each role."""

    def __init__(self, client: TestClient) -> None:
        made = client.post("/api/tables", json={"game": "hyena", "players": 2, "options": {},
                                                "seats": ["open", "open"], "title": "matrix", "grace": 3600})
        assert made.status_code == 201, made.text
        self.table = Table(made.json()["id"], made.json()["host_token"])
        tid = self.table.id
        awa = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Awa"}).json()["token"]
        former = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Gone"}).json()["token"]
        assert client.post(f"/api/tables/{tid}/leave", headers=bearer(former)).status_code == 200
        moussa = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Moussa"}).json()["token"]
        self.table.tokens = {0: awa, 1: moussa}
        assert client.post(f"/api/tables/{tid}/start", headers=bearer(self.table.host)).status_code == 200
        public = wait_for(lambda: (v := view(client, self.table, None))["to_act"] in (0, 1) and v, what="a person")
        self.owner = public["to_act"]
        self.version = public["version"]
        self.legal = view(client, self.table, self.owner)["legal"][0]
        self.tokens: dict[str, str | None] = {
            "owner": self.table.tokens[self.owner], "other": self.table.tokens[1 - self.owner],
            "host": self.table.host, "spectator": None, "former": former, "forged": "f" * 43,
        }
        self.seat = {"owner": self.owner, "other": 1 - self.owner}

    def facts(self, client: TestClient) -> Any:
        """Everything a cell must not change: the game, the seats, the settings."""
        info = client.get(f"/api/tables/{self.table.id}").json()
        public = view(client, self.table, None)
        seats = [{k: s.get(k) for k in ("seat", "kind", "name", "bot", "replaced_by")} for s in info["seats"]]
        return public["version"], public["status"], info["spectators"], seats

    def body(self, route: str, role: str) -> dict[str, Any]:
        target = 1 - self.seat[role] if role in self.seat else self.owner
        return {
            "act": {"action": self.legal["id"], "version": self.version}, "replace": {"seat": target},
            "settings": {"spectators": True}, "join": {"seat": None, "name": "Intruder"},
        }.get(route, {})


def rest(client: TestClient, scene: Scene, route: str, role: str) -> Any:
    token = scene.tokens[role]
    headers = bearer(token) if token else {}
    base = f"/api/tables/{scene.table.id}"
    if route == "info":
        return client.get(base, headers=headers)
    if route == "mine":
        return client.post("/api/mine", json={"seats": [{"table": scene.table.id, "token": token or ""}]})
    if route in ("view", "record", "replay"):
        return client.get(f"{base}/{route}", headers=headers)
    return client.post(f"{base}/{route}", headers=headers, json=scene.body(route, role))


def test_every_rest_route_answers_every_role_as_the_matrix_says_and_only_the_owner_moves(sqlite_client):
    client = sqlite_client
    got: dict[str, dict[str, tuple[int, str | None]]] = {}
    changed = []
    for route in REST:
        for role in ROLES:
            scene = Scene(client)
            before = scene.facts(client)
            answer = rest(client, scene, route, role)
            code = answer.json()["error"]["code"] if answer.status_code >= 400 else None
            if code is not None:
                assert answer.json()["error"]["message"], (route, role)
            got.setdefault(route, {})[role] = (answer.status_code, code)
            after = scene.facts(client)
            if route == "act" and role == "owner":
                assert after[0] > before[0] and after[1:] == before[1:]
            elif before != after:
                changed.append((route, role))
            if route == "mine":
                listed = answer.json()["tables"]
                assert [x["seat"] for x in listed] == ([scene.seat[role]] if role in scene.seat else []), role
            if route == "view" and answer.status_code == 200:
                shown = answer.json()
                assert shown["you"] == scene.seat.get(role)
                assert bool(shown["legal"]) == (role == "owner"), (route, role)
    assert got == REST
    assert changed == []


def receive(ws: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] in kinds:
            return message
    raise AssertionError(f"none of {kinds}")


def message_for(scene: Scene, kind: str, role: str) -> dict[str, Any]:
    body = scene.body(kind, role)
    return {"type": kind, **body, **({"lang": "fr"} if kind == "lang" else {})}


def test_every_websocket_message_answers_every_role_as_the_matrix_says_and_only_the_owner_moves(sqlite_client):
    client = sqlite_client
    got: dict[str, dict[str, tuple[str, str | None]]] = {}
    changed = []
    for kind, expected in WS.items():
        for role in ROLES:
            scene = Scene(client)
            before = scene.facts(client)
            with client.websocket_connect(f"/ws/tables/{scene.table.id}") as ws:
                token = scene.tokens[role]
                hello = {"type": "hello", "token": None if role == "host" else token, "lang": "en"}
                if role == "host":
                    hello["host"] = token
                ws.send_text(json.dumps(hello))
                first = receive(ws, ("welcome", "refused"))
                if role in ("former", "forged"):
                    assert first["code"] == "token/invalid"
                    first = receive(ws, ("welcome",))
                seat = HELLO_SEAT[role]
                assert first["you"] == (scene.seat[seat] if seat else None), role
                assert receive(ws, ("view",))["you"] == first["you"]
                ws.send_text(json.dumps(message_for(scene, kind, role)))
                wanted = expected[role][0]
                reply = receive(ws, ("refused", wanted))
                got.setdefault(kind, {})[role] = (reply["type"], reply.get("code"))
                if reply["type"] == "view":
                    assert reply["you"] == first["you"]
                    if kind != "act":
                        assert bool(reply["legal"]) == (role == "owner"), (kind, role)
            after = scene.facts(client)
            if kind == "act" and role == "owner":
                assert after[0] > before[0] and after[1:] == before[1:]
            elif before != after:
                changed.append((kind, role))
    assert got == WS
    assert changed == []

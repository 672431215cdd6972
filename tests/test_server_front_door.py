"""The way in over HTTP: who is signed in, names, a guest turned into an account."""

from __future__ import annotations

from server_helpers import Player, running


def test_the_session_tells_nobody_without_an_error(database_url: str) -> None:
    with running(database_url) as client:
        assert (client.get("/api/session").status_code, client.get("/api/session").json()) == (
            200,
            {"user": None},
        )
        for headers in (
            {"Authorization": "Bearer not-a-token"},
            {"Authorization": "Basic x"},
            {"Cookie": "navcomp_session=forged"},
        ):
            answer = client.get("/api/session", headers=headers)
            assert (answer.status_code, answer.json()) == (200, {"user": None})
        ann = Player(client, "ann")
        user = ann.get("/api/session").json()["user"]
        assert (user["name"], user["guest"]) == ("ann", False)
        assert set(user) == {"id", "name", "guest"}  # nothing of the session itself
        ann.post("/api/accounts/logout")
        assert ann.get("/api/session").json() == {"user": None}
        refused = client.get("/api/me")  # the other routes still refuse nobody
        assert (refused.status_code, refused.json()["error"]["code"]) == (401, "not_logged_in")

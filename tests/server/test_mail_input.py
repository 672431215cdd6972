"""The account page's bad input: addresses that are not addresses (header tricks among
them), guests, unverified addresses, mail links altered, expired or used twice, a wrong
current password: each a 4xx with its code, and nothing changed. And the password
changed or reset by mail, and the webhook tested from the account page."""

from __future__ import annotations

import pytest

from mail_helpers import Clock, Inbox, link
from server.test_mail import QUICK, outbox_rows
from server.webhook_helpers import HookServer
from server_helpers import Player, running, wait_for

BAD_ADDRESSES = [
    "not-an-address",
    "ann@example.com\r\nBcc: eve@example.com",
    "ann@example.com\nBcc: eve@example.com",
    "ann@example.com>, <eve@example.com",
    "Ann <ann@example.com>",
    "ann@localhost",
    "ann@example.com\x00",
    "a" * 250 + "@example.com",
    "=?utf-8?q?a?=@b.c",  # RFC 2047 encoded words: a mail program may decode them
    "=?utf-8?b?YUBldmUuY29t?=@example.com",
    "ann=?x?q?y?=@example.com",
    "ann@x.invalid",  # special-use names that are never a mailbox
    "ann@host.local",
    "ann@x.onion",
]
TEST_DOMAINS = ["alice@example.test", "bob@mail.test", "carol@host.example"]


def code(answer: object) -> tuple[int, str]:
    body = answer.json()  # type: ignore[attr-defined]
    return answer.status_code, body["error"]["code"]  # type: ignore[attr-defined]


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_addresses_that_are_not_addresses_are_refused_and_change_nothing(
    sqlite_url: str,
) -> None:
    with running(sqlite_url, **QUICK) as client:
        ann = Player(client, "ann")
        for address in BAD_ADDRESSES:
            answer = ann.put("/api/me/email", {"address": address, "language": "en"})
            assert code(answer) == (422, "invalid_email"), address
        assert ann.get("/api/me/account").json()["email"] == {"address": None, "verified": False}
        assert outbox_rows(sqlite_url) == []
        # a name with a line break in it never becomes an account
        refused = client.post(
            "/api/accounts/register", json={"name": "eve\r\nBcc: x", "password": "correct horse"}
        )
        assert refused.status_code == 422
        guest = Player(client)
        answer = guest.put("/api/me/email", {"address": "g@example.com", "language": "en"})
        assert code(answer) == (403, "registered_only")
        assert code(ann.post("/api/me/email/test")) == (409, "email_not_verified")
        assert outbox_rows(sqlite_url) == []


def test_special_use_domains_for_tests_are_addresses(database_url: str) -> None:
    """Self-hosters try the server with addresses at .test and .example (RFC 6761)."""
    with running(database_url, **QUICK) as client:
        for address in TEST_DOMAINS:
            person = Player(client, address.split("@")[0])
            answer = person.put("/api/me/email", {"address": address, "language": "en"})
            assert answer.status_code == 200, answer.text
            assert answer.json()["email"] == {"address": address, "verified": False}
        assert sorted(row.address for row in outbox_rows(database_url)) == sorted(TEST_DOMAINS)


def test_a_verification_link_altered_expired_or_used_again_is_refused(
    sqlite_url: str, clock: Clock
) -> None:
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, now=clock, **QUICK) as client:
        ann = Player(client, "ann")
        ann.put("/api/me/email", {"address": "ann@example.com", "language": "en"})
        token = link(wait_for(lambda: inbox.to("ann@example.com"))[0], "verify")
        altered = token[:-2] + ("AA" if token[-2:] != "AA" else "BB")
        verify = "/api/mail/verify"
        assert code(client.post(verify, json={"token": altered})) == (400, "link_invalid")
        clock.advance(days=4)
        assert code(client.post(verify, json={"token": token})) == (410, "link_expired")
        assert ann.get("/api/me/account").json()["email"]["verified"] is False
        assert ann.post("/api/me/email/verify-again").status_code == 200
        fresh = link(wait_for(lambda: inbox.to("ann@example.com")[1:])[0], "verify")
        assert client.post(verify, json={"token": fresh}).status_code == 200
        assert code(client.post(verify, json={"token": fresh})) == (409, "link_used")
        # a new address: the old one's link no longer verifies anything
        ann.put("/api/me/email", {"address": "ann@example.org", "language": "en"})
        assert code(client.post(verify, json={"token": fresh})) == (400, "link_invalid")
        assert ann.get("/api/me/account").json()["email"]["verified"] is False


def test_a_password_reset_by_mail_works_once_and_expires(sqlite_url: str, clock: Clock) -> None:
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, now=clock, **QUICK) as client:
        ann = Player(client, "ann")
        reset = "/api/accounts/password-reset"
        # unknown and unverified addresses: the same answer, and no mail
        assert client.post(reset, json={"address": "nobody@example.com"}).status_code == 202
        ann.put("/api/me/email", {"address": "ann@example.com", "language": "ja"})
        assert client.post(reset, json={"address": "ann@example.com"}).status_code == 202
        assert [row.kind for row in outbox_rows(sqlite_url)] in (["verify"], [])
        assert code(client.post(reset, json={"address": "ann@@example"})) == (422, "invalid_email")
        token = link(wait_for(lambda: inbox.to("ann@example.com"))[0], "verify")
        assert client.post("/api/mail/verify", json={"token": token}).status_code == 200
        assert client.post(reset, json={"address": "ann@example.com"}).status_code == 202
        mail = wait_for(lambda: inbox.to("ann@example.com")[1:])[0]
        assert mail["Subject"] == "NavComp の新しいパスワード"
        assert "List-Unsubscribe" not in mail
        token = link(mail, "reset")
        confirm = "/api/accounts/password-reset/confirm"
        short = client.post(confirm, json={"token": token, "password": "short"})
        assert code(short) == (422, "invalid_password")
        assert (
            client.post(confirm, json={"token": token, "password": "a new horse"}).status_code
            == 200
        )
        assert ann.get("/api/me").status_code == 401  # every session ended
        login = {"name": "ann", "password": "a new horse"}
        assert client.post("/api/accounts/login", json=login).status_code == 200
        again = client.post(confirm, json={"token": token, "password": "a third horse"})
        assert code(again) == (409, "link_used")
        client.post(reset, json={"address": "ann@example.com"})
        late = link(wait_for(lambda: inbox.to("ann@example.com")[2:])[0], "reset")
        clock.advance(hours=2)
        expired = client.post(confirm, json={"token": late, "password": "a third horse"})
        assert code(expired) == (410, "link_expired")
        assert client.post("/api/accounts/login", json=login).status_code == 200


def test_a_password_change_needs_the_current_password(sqlite_url: str) -> None:
    with running(sqlite_url, **QUICK) as client:
        ann = Player(client, "ann")
        elsewhere = client.post(
            "/api/accounts/login", json={"name": "ann", "password": "correct horse"}
        ).json()["token"]
        client.cookies.clear()
        change = "/api/me/password"
        wrong = ann.post(change, {"current": "wrong horse", "new": "a new horse"})
        assert code(wrong) == (403, "wrong_password")
        short = ann.post(change, {"current": "correct horse", "new": "short"})
        assert code(short) == (422, "invalid_password")
        old = {"name": "ann", "password": "correct horse"}
        assert client.post("/api/accounts/login", json=old).status_code == 200
        client.cookies.clear()
        done = ann.post(change, {"current": "correct horse", "new": "a new horse"})
        assert done.status_code == 200, done.text
        assert ann.get("/api/me").status_code == 200  # this session stays
        other = client.get("/api/me", headers={"Authorization": f"Bearer {elsewhere}"})
        assert other.status_code == 401  # the others end
        assert code(client.post("/api/accounts/login", json=old)) == (401, "bad_credentials")
        guest = Player(client)
        answer = guest.post(change, {"current": "x", "new": "a new horse"})
        assert code(answer) == (403, "registered_only")


def test_the_webhook_is_tested_from_the_account_page(sqlite_url: str) -> None:
    with HookServer() as hook, running(sqlite_url, webhook_allow_internal=True) as client:
        ann = Player(client, "ann")
        assert ann.post("/api/me/webhook/test").json()["ok"] is False  # none set
        assert ann.put("/api/me/webhook", {"url": hook.url}).status_code == 200
        tested = ann.post("/api/me/webhook/test").json()
        assert tested == {"ok": True, "status": 204, "error": None}
        assert hook.received == [
            {"table": None, "kind": "test", "text": "A test notice from NavComp"}
        ]
        for _ in range(8):  # ten an hour, the two above included
            assert ann.post("/api/me/webhook/test").json()["ok"] is True
        assert code(ann.post("/api/me/webhook/test")) == (429, "too_many_attempts")
        assert len(hook.received) == 9  # the refused test sent nothing
        assert Player(client, "cat").post("/api/me/webhook/test").status_code == 200
    with HookServer() as hook, running(sqlite_url) as client:
        ben = Player(client, "ben")
        refused = ben.put("/api/me/webhook", {"url": hook.url})  # loopback, not allowed
        assert code(refused) == (422, "invalid_webhook")

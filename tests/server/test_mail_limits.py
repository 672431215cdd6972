"""Every route that sends mail is throttled per account and per recipient address, on both
databases: a refused request answers 429 ``too_many_mails`` with ``Retry-After`` and
writes no mail."""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, select

from navcomp.store.schema import mail_outbox
from server.test_mail_processes import verified
from server_helpers import Player, running

RESET = "/api/accounts/password-reset"


def mails_to(database_url: str, address: str) -> int:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(select(mail_outbox.c.id).where(mail_outbox.c.address == address))
            return len(rows.all())
    finally:
        engine.dispose()


def refused_for_too_many_mails(answer: Any) -> None:
    assert answer.status_code == 429, answer.text
    assert answer.json()["error"]["code"] == "too_many_mails"
    assert int(answer.headers["Retry-After"]) > 0


def test_one_account_cannot_flood_an_address_it_does_not_own(database_url: str) -> None:
    with running(database_url) as client:  # the default limits
        mallory = Player(client, "mallory")
        answers = [
            mallory.put("/api/me/email", {"address": "victim@example.com"}) for _ in range(30)
        ]
        sent = [a for a in answers if a.status_code == 200]
        assert 1 <= len(sent) <= 5
        refused_for_too_many_mails(answers[-1])
        assert mails_to(database_url, "victim@example.com") == len(sent)
        refused_for_too_many_mails(mallory.post("/api/me/email/verify-again"))
        assert mails_to(database_url, "victim@example.com") == len(sent)


def test_the_recipient_address_is_counted_across_accounts_and_resets(database_url: str) -> None:
    with running(database_url, mails_per_address=3, mails_per_account=0) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        assert ann.put("/api/me/email", {"address": "Victim@example.com"}).status_code == 200
        assert ann.post("/api/me/email/verify-again").status_code == 200
        assert ben.put("/api/me/email", {"address": "victim@example.com"}).status_code == 200
        refused_for_too_many_mails(ben.post("/api/me/email/verify-again"))
        refused = ann.put("/api/me/email", {"address": "victim@example.com"})
        refused_for_too_many_mails(refused)
        assert mails_to(database_url, "victim@example.com") == 1  # ben's
        assert mails_to(database_url, "Victim@example.com") == 2  # ann's, as she wrote it
        # another address is another count, and the refusal changed nothing
        assert ann.put("/api/me/email", {"address": "ann@example.com"}).status_code == 200
        assert ben.get("/api/me/account").json()["email"]["address"] == "victim@example.com"


def test_one_account_is_counted_across_addresses(database_url: str) -> None:
    with running(database_url, mails_per_account=3, mails_per_address=0) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        for to in ("a@example.com", "b@example.com", "c@example.com"):
            assert ann.put("/api/me/email", {"address": to}).status_code == 200
        refused_for_too_many_mails(ann.put("/api/me/email", {"address": "d@example.com"}))
        refused_for_too_many_mails(ann.post("/api/me/email/verify-again"))
        refused_for_too_many_mails(ann.post("/api/me/email/test"))
        assert mails_to(database_url, "d@example.com") == 0
        assert ann.get("/api/me/account").json()["email"]["address"] == "c@example.com"
        # removing the address sends nothing and is never refused; others are not counted
        assert ann.put("/api/me/email", {"address": None}).status_code == 200
        assert ben.put("/api/me/email", {"address": "d@example.com"}).status_code == 200


def test_resets_for_an_address_no_account_has_spend_nothing_of_it(database_url: str) -> None:
    with running(database_url, mails_per_address=3, mails_per_account=0) as client:
        for _ in range(8):
            answer = client.post(RESET, json={"address": "victim@example.com"})
            assert answer.status_code == 202, answer.text
        ann = Player(client, "ann")
        for _ in range(3):
            assert ann.put("/api/me/email", {"address": "victim@example.com"}).status_code == 200


def test_resets_have_their_own_budget_and_keep_the_same_answer(database_url: str) -> None:
    with running(database_url, mails_per_address=3, resets_per_address=2) as client:
        ann = Player(client, "ann")
        verified(database_url, "ann", "ann@example.com")
        for _ in range(5):  # over the resets' budget: the same answer, no more mail
            answer = client.post(RESET, json={"address": "ann@example.com"})
            assert answer.status_code == 202, answer.text
        assert mails_to(database_url, "ann@example.com") == 2
        for _ in range(3):  # her own mail is counted apart from the strangers' resets
            assert ann.post("/api/me/email/test").status_code == 200
        refused_for_too_many_mails(ann.post("/api/me/email/test"))


def test_a_guest_setting_an_address_is_refused_before_it_is_counted(database_url: str) -> None:
    with running(database_url, mails_per_address=3) as client:
        guest, ann = Player(client), Player(client, "ann")
        for _ in range(5):
            answer = guest.put("/api/me/email", {"address": "victim@example.com"})
            assert answer.status_code == 403, answer.text
            assert answer.json()["error"]["code"] == "registered_only"
        assert ann.put("/api/me/email", {"address": "victim@example.com"}).status_code == 200
        assert mails_to(database_url, "victim@example.com") == 1

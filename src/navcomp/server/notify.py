"""Turn notices: kept in the database (the in-app list) and sent to a webhook if set.

Webhook calls are best effort: a background thread posts a small JSON body
with a short timeout, and a failing hook never delays or breaks a move.
"""

from __future__ import annotations

import json
import logging
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Connection, select, update

from navcomp.store.schema import notifications

log = logging.getLogger("navcomp.webhooks")
TIMEOUT_S = 5.0


def listing(conn: Connection, user_id: int, unread_only: bool) -> list[dict[str, Any]]:
    query = select(notifications).where(notifications.c.user_id == user_id)
    if unread_only:
        query = query.where(notifications.c.read.is_(False))
    rows = conn.execute(query.order_by(notifications.c.id.desc()).limit(100)).all()
    return [
        {
            "id": r.id,
            "table": r.table_id,
            "text": r.text,
            "read": r.read,
            "at": r.created_at.isoformat(),
        }
        for r in rows
    ]


def mark_read(conn: Connection, user_id: int, ids: list[int] | None) -> None:
    query = update(notifications).where(notifications.c.user_id == user_id)
    if ids is not None:
        query = query.where(notifications.c.id.in_(ids))
    conn.execute(query.values(read=True))


class Webhooks:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._pool = ThreadPoolExecutor(2, thread_name_prefix="webhook")

    def send(self, url: str, payload: dict[str, Any]) -> None:
        if self.enabled:
            self._pool.submit(self._post, url, payload)

    @staticmethod
    def _post(url: str, payload: dict[str, Any]) -> None:
        body = json.dumps(payload).encode()
        request = urllib.request.Request(
            url, data=body, headers={"Content-Type": "application/json"}, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S):
                pass
        except OSError as error:
            log.warning("webhook to %s failed: %s", url, error)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

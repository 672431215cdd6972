"""Stopping a background task for sure.

On Python 3.11 one ``cancel()`` may not end a task: ``asyncio.wait_for`` (aiosmtplib's
connect and replies use it) drops a cancellation that arrives just as the wait it guards
ends, and returns as if nothing had come.  A loop meant to end at its cancellation then
goes on, and a shutdown that awaits it waits for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

RECANCEL_SECONDS = 1.0


async def stop(task: asyncio.Task[Any]) -> None:
    """Cancel ``task``, again each :data:`RECANCEL_SECONDS` until it ends; its own error,
    if it ended with one, is raised."""
    while not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=RECANCEL_SECONDS)
    with contextlib.suppress(asyncio.CancelledError):
        await task

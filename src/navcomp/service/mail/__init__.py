"""Mail: the outbox's queue, the texts, the rendering, the signed links."""

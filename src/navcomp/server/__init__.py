"""The online table over HTTP and WebSocket: the web layer (``api/``: routes, schemas,
middleware, the moves' fast path) and the runtime (``runtime/``: the live hub, the
fan-out, the bot runner, the mail sender, the sweeper, throttles and the one dispatcher),
around the use cases of :mod:`navcomp.service`.

Game-agnostic: it hosts any game of the protocol (``navcomp.core``).
"""

"""The runtime: the server's context, hub, sockets, fan-out, bot runner, mail sender,
webhooks, sweeper and throttles, and the one dispatcher of effects."""

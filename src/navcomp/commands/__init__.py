"""The ``navcomp`` command and its subcommands: play, serve, tournament, bench.

These modules sit on top of everything else: they use the server, the bots and the
games, and nothing imports them (the import contract in ``pyproject.toml`` says so).
"""

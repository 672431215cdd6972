"""The online table: accounts, lobby, the move service, live pushes and bots.

Game-agnostic: it hosts any game of the protocol (``navcomp.core``).
"""

"""Computer opponents.  They see a game only through the protocol.

Levels by name (:func:`make_bot`): ``easy`` (random), ``medium`` (the game's
heuristic player), ``hard`` (the heuristic player improved by rollouts, one second
a move; :mod:`navcomp.bots.rollout`).  ``cheat`` is the
perfect-information reference used to measure ``hard``; it is never offered
to players.
"""

from navcomp.bots.base import Bot as Bot
from navcomp.bots.levels import LEVELS as LEVELS
from navcomp.bots.levels import PLAYER_LEVELS as PLAYER_LEVELS
from navcomp.bots.levels import levels_for as levels_for
from navcomp.bots.levels import make_bot as make_bot

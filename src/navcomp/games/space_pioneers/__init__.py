"""Space Pioneers, a network-building card game for 1 to 5 players.

>>> from navcomp.games.space_pioneers import GAME
>>> state = GAME.new_initial_state(num_players=1, seed=7)
>>> state.current_player
0
"""

from navcomp.games.space_pioneers.game import SpacePioneersGame as SpacePioneersGame
from navcomp.games.space_pioneers.state import SpacePioneersState as SpacePioneersState

GAME = SpacePioneersGame()
SpacePioneersState._game = GAME

"""Space Mission (Matt Worden, 2011) for 2 to 5 players.

>>> from navcomp.games.space_mission import GAME
>>> state = GAME.new_initial_state(num_players=3, seed=7)
>>> state.current_player in range(3)
True
"""

from navcomp.games.space_mission.actions import Action as Action
from navcomp.games.space_mission.game import SpaceMissionGame as SpaceMissionGame
from navcomp.games.space_mission.state import SpaceMissionState as SpaceMissionState

GAME = SpaceMissionGame()
SpaceMissionState._game = GAME

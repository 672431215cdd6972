"""The games NavComp hosts.  Importing this package registers them."""

from navcomp.core.registry import game_names as game_names
from navcomp.core.registry import get_game as get_game
from navcomp.core.registry import register
from navcomp.games.space_mission import GAME as SPACE_MISSION
from navcomp.games.space_pioneers import GAME as SPACE_PIONEERS

register(SPACE_MISSION)
register(SPACE_PIONEERS)

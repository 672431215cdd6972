"""The games NavComp hosts.  Importing this package registers them."""

from navcomp.core.registry import register
from navcomp.games.space_mission import GAME as SPACE_MISSION

register(SPACE_MISSION)

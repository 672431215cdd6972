"""The game protocol, its errors, a registry and the conformance suite."""

from navcomp.core.errors import ActionError as ActionError
from navcomp.core.errors import GameOverError as GameOverError
from navcomp.core.errors import IllegalActionError as IllegalActionError
from navcomp.core.errors import MalformedActionError as MalformedActionError
from navcomp.core.errors import NotYourTurnError as NotYourTurnError
from navcomp.core.match import Match as Match
from navcomp.core.protocol import Game as Game
from navcomp.core.protocol import GameInfo as GameInfo
from navcomp.core.protocol import GameState as GameState
from navcomp.core.protocol import Result as Result
from navcomp.core.protocol import play as play
from navcomp.core.protocol import replay as replay
from navcomp.core.registry import game_names as game_names
from navcomp.core.registry import get_game as get_game

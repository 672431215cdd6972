"""The analysis of finished games: every decision judged by paired playouts in worlds
drawn from what its seat knew (:mod:`navcomp.analysis.analyse`).  Pure: it reads games
through the protocol and plays them with the bots' playout policy."""

from navcomp.analysis.analyse import analyse_decision as analyse_decision
from navcomp.analysis.analyse import analyse_game as analyse_game
from navcomp.analysis.analyse import decision_rng as decision_rng
from navcomp.analysis.results import GameAnalysis as GameAnalysis
from navcomp.analysis.results import Summary as Summary
from navcomp.analysis.results import summarize as summarize
from navcomp.analysis.settings import AnalysisSettings as AnalysisSettings

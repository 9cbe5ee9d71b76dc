"""Rotations: who sits where, with whom, each round. No Qt, no database."""

from euchre_tourney.rotation.model import Round, Schedule, Table
from euchre_tourney.rotation.progressive import progressive
from euchre_tourney.rotation.quality import InvalidSchedule, Quality, check

__all__ = ["InvalidSchedule", "Quality", "Round", "Schedule", "Table", "check", "progressive"]

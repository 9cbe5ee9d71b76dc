"""The one exception the use cases raise for anything the director can fix."""


class TournamentError(ValueError):
    """A refused action. ``str(exc)`` / ``exc.message`` is a sentence for the
    director saying why (e.g. "Round 9 does not exist: this event has 8 rounds.")."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(TournamentError):
    """The player, event, round, table or hand asked for does not exist."""

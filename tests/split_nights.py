"""A progressive night split into sections, made through the use cases (the
sections' tests in every folder start from it)."""

from __future__ import annotations

import datetime

from euchre_tourney import tournament as T
from euchre_tourney.rules import HandEntry, Side


def split_night(session, players: int, size: int, *, rounds: int = 3, hands: int = 2, seed: int = 2,
                name: str = "Rotary night", prefix: str = "Player") -> int:
    """``players`` checked in, split into sections of about ``size``, the
    rotation made; returns the event's id."""
    ids = [T.add_player(session, f"{prefix} {i:02d}").id for i in range(players)]
    ev = T.create_event(session, name, datetime.date(2026, 12, 5), rounds=rounds, hands_per_round=hands)
    T.set_checked_in(session, ev.id, ids)
    T.split_by_size(session, ev.id, size)
    T.generate_rotation(session, ev.id, seed=seed)
    return ev.id


def finish(session, event_id: int, round_number: int, tables, hands: int = 2, tricks=lambda t: 3) -> None:
    """Every hand of ``tables`` (stored numbers) in ``round_number``: North–South make ``tricks(table)``."""
    for t in tables:
        for h in range(1, hands + 1):
            T.record_hand(session, event_id, round_number, t, h, HandEntry(Side.NS, tricks(t)))

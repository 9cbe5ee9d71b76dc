"""The event's rule set at the store boundary: the one place where a
:class:`~euchre_tourney.rules.RuleSet` becomes the ``event.rules_json``
column's text and back. Everything above the store handles ``RuleSet``
objects only (issue 21: the rule set no longer changes shape on its way from
the event form to the engine).

A side game (issue 24: six-player three against three, bid euchre) is kept
in the same JSON under the key ``"table"`` (its
:class:`~euchre_tourney.rules.tables.TableRules` as a dict): an event without
that key is the four-seat game of its rule set, as every event stored before.
"""

from __future__ import annotations

import json

from euchre_tourney.rules import NORTH_AMERICAN, RuleSet, tables
from euchre_tourney.store.models import Event

__all__ = ["rules_of", "set_rules", "set_table_rules", "table_rules_of"]

_TABLE_KEY = "table"


def _stored(event: Event) -> dict:
    return json.loads(event.rules_json or "{}")


def rules_of(event: Event) -> RuleSet:
    """The event's rule set (North American if none was stored)."""
    data = _stored(event)
    data.pop(_TABLE_KEY, None)
    return RuleSet.from_dict(data) if data else NORTH_AMERICAN


def set_rules(event: Event, rules: RuleSet) -> None:
    """Store ``rules`` in the event row (as JSON; the caller commits). A
    side game stored with :func:`set_table_rules` is kept."""
    data = rules.to_dict()
    game = _stored(event).get(_TABLE_KEY)
    if game is not None:
        data[_TABLE_KEY] = game
    event.rules_json = json.dumps(data)


def table_rules_of(event: Event) -> tables.TableRules | None:
    """The event's side game, or None for the four-seat game."""
    game = _stored(event).get(_TABLE_KEY)
    return tables.TableRules.from_dict(game) if game else None


def set_table_rules(event: Event, game: tables.TableRules | None) -> None:
    """Store the side game (None: the four-seat game) beside the rule set."""
    data = _stored(event)
    if game is None:
        data.pop(_TABLE_KEY, None)
    else:
        data[_TABLE_KEY] = game.to_dict()
    event.rules_json = json.dumps(data)

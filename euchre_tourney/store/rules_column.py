"""The event's rule set at the store boundary: the one place where a
:class:`~euchre_tourney.rules.RuleSet` becomes the ``event.rules_json``
column's text and back. Everything above the store handles ``RuleSet``
objects only (issue 21: the rule set no longer changes shape on its way from
the event form to the engine)."""

from __future__ import annotations

import json

from euchre_tourney.rules import NORTH_AMERICAN, RuleSet
from euchre_tourney.store.models import Event

__all__ = ["rules_of", "set_rules"]


def rules_of(event: Event) -> RuleSet:
    """The event's rule set (North American if none was stored)."""
    data = json.loads(event.rules_json or "{}")
    return RuleSet.from_dict(data) if data else NORTH_AMERICAN


def set_rules(event: Event, rules: RuleSet) -> None:
    """Store ``rules`` in the event row (as JSON; the caller commits)."""
    event.rules_json = json.dumps(rules.to_dict())

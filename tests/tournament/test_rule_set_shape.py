"""The rule set stays a RuleSet from the event form to the engine (issue 21,
item 3): stored as JSON only at the store boundary."""

from __future__ import annotations

import ast
import datetime
from pathlib import Path

from euchre_tourney import tournament as T
from euchre_tourney.rules import PRESETS, RuleSet

PACKAGE = Path(__file__).resolve().parents[2] / "euchre_tourney"


def test_the_event_view_carries_the_rule_set_itself(session):
    rules = PRESETS["british"].replace(stick_the_dealer=True)
    view = T.create_event(session, "Night", datetime.date(2026, 3, 1), rules=rules)
    assert isinstance(view.rules, RuleSet) and view.rules == rules
    again = T.update_event(session, view.id, rules=PRESETS["north_american"])
    assert T.get_event(session, view.id).rules == PRESETS["north_american"] == again.rules


def test_only_the_store_turns_a_rule_set_into_json_and_back():
    """Above the store no module calls RuleSet.to_dict/from_dict or touches rules_json."""
    offenders = []
    for folder in ("tournament", "gui", "reports"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr in ("from_dict", "to_dict", "rules_json"):
                    offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.attr}")
    assert not offenders, offenders

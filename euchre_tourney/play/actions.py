"""Actions of a hand as small ints, with their compact text form.

Text form (logs, replays, comparisons -- issue 3 "Play"):

=================  ==========================================  =================
text               meaning                                     int
=================  ==========================================  =================
``pass``           pass (bidding), or decline to go alone      :data:`PASS`
``order``          order up / take up the turn-up (round 1)    :data:`ORDER`
``name:H``         name trump (round 2; or the dealer when     ``NAME + suit``
                   the Benny is turned up)
``alone``          go alone (maker side) or defend alone       :data:`ALONE`
``misdeal``        a misdeal: farmer's hand, ace-no-face       :data:`MISDEAL`
``discard:9C``     the dealer discards after picking up        ``DISCARD + card``
``play:JH``        play a card to the trick                    ``card``
=================  ==========================================  =================

Plays are the card code itself (``0..32``, see
:mod:`euchre_tourney.rules.cards`) so that the play engine's hot path hands
out card lists unchanged.
"""

from __future__ import annotations

from euchre_tourney.rules import BENNY, SUIT_LETTERS, card_text, parse_card, parse_suit

DISCARD = 64
"""``DISCARD + card``: the dealer discards ``card``."""
PASS = 128
ORDER = 129
ALONE = 130
MISDEAL = 131
NAME = 136
"""``NAME + suit``: name ``suit`` as trump."""


def name(suit: int) -> int:
    """The action naming ``suit`` trump."""
    return NAME + suit


def discard(c: int) -> int:
    """The action discarding card ``c``."""
    return DISCARD + c


def action_text(action: int, benny_text: str = "JK") -> str:
    """Compact text of an action (see the module table). ``ValueError`` for an
    int that is no action."""
    if 0 <= action <= BENNY:
        return "play:" + card_text(action, benny_text)
    if DISCARD <= action <= DISCARD + BENNY:
        return "discard:" + card_text(action - DISCARD, benny_text)
    if action == PASS:
        return "pass"
    if action == ORDER:
        return "order"
    if action == ALONE:
        return "alone"
    if action == MISDEAL:
        return "misdeal"
    if NAME <= action < NAME + 4:
        return "name:" + SUIT_LETTERS[action - NAME]
    raise ValueError(f"{action!r} is not an action")


_WORDS = {"pass": PASS, "order": ORDER, "alone": ALONE, "misdeal": MISDEAL}


def parse_action(text: str) -> int:
    """Inverse of :func:`action_text` (case-insensitive). ``ValueError`` if
    the text is no action."""
    t = text.strip()
    word = t.lower()
    if word in _WORDS:
        return _WORDS[word]
    kind, sep, arg = t.partition(":")
    kind = kind.lower()
    if sep:
        if kind == "play":
            return parse_card(arg)
        if kind == "discard":
            return DISCARD + parse_card(arg)
        if kind == "name":
            return NAME + parse_suit(arg)
    raise ValueError(f"{text!r} is not an action (pass, order, name:H, alone, misdeal, discard:9C, play:JH)")

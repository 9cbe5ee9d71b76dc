"""A hand's actions and cards in the words a person reads at the table:
"order up", "name hearts", "play the jack of spades", "East cannot play
the jack of spades: hearts were led and East holds one".

Used by the practice table (buttons, the hand's log, the prompt) and by
the game files' errors (:mod:`.egn`), never the engine's compact notation
(``play:JS``), which stays for logs and files.
"""

from __future__ import annotations

from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS
from euchre_tourney.play.hand import ALONE_ROUND, DONE, PLAYING, SEAT_NAMES
from euchre_tourney.rules import BENNY, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, TRUMP_TABLES

_A_SUIT = ("a club", "a diamond", "a heart", "a spade")


def card_words(c: int) -> str:
    """``"the jack of spades"``, ``"the 9 of hearts"``, ``"the Benny"``."""
    if c == BENNY:
        return "the Benny"
    return f"the {RANK_NAMES[c & 7].lower()} of {SUIT_NAMES[c >> 3]}"


def _phrase(action: int, seat: int, dealer: int, maker: int, phase: int) -> str:
    """An action by ``seat`` in words, lower case: "play the jack of
    spades", "order up" ("pick it up" for the dealer), "name hearts", "go
    alone" / "defend alone", "play with partner" / "not defend alone"."""
    if 0 <= action <= BENNY:
        return "play " + card_words(action)
    if DISCARD <= action <= DISCARD + BENNY:
        return "discard " + card_words(action - DISCARD)
    if action == ORDER:
        return "pick it up" if seat == dealer else "order up"
    if NAME <= action < NAME + 4:
        return f"name {SUIT_NAMES[action - NAME]}"
    if action == MISDEAL:
        return "call a misdeal"
    if action == ALONE:
        return "go alone" if maker < 0 or (seat ^ maker) & 1 == 0 else "defend alone"
    if action == PASS:
        if phase == ALONE_ROUND:
            return "play with partner" if (seat ^ maker) & 1 == 0 else "not defend alone"
        return "pass"
    return "do that"


def action_words(action: int, view) -> str:
    """An action for the seat of ``view`` (a :class:`SeatView`), as a button
    says it: "Order up" (or "Pick it up" for the dealer), "Name hearts",
    "Play the jack of hearts", "Go alone" / "Defend alone", "Play with
    partner", "Don't defend alone"."""
    words = _phrase(action, view.seat, view.dealer, view.maker, view.phase)
    if words == "not defend alone":
        return "Don't defend alone"
    return words[0].upper() + words[1:]


def bid_words(seat: int, action: int, dealer: int) -> str:
    """A bid as the table says it: "pass", "orders up", "picks it up",
    "names hearts ♥", "goes alone"."""
    if action == PASS:
        return "pass"
    if action == ORDER:
        return "picks it up" if seat == dealer else "orders up"
    if NAME <= action < NAME + 4:
        return f"names {SUIT_NAMES[action - NAME]} {SUIT_SYMBOLS[action - NAME]}"
    if action == ALONE:
        return "goes alone"
    if action == MISDEAL:
        return "calls a misdeal"
    return "?"


def _or_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def illegal_words(hand, action: int) -> str:
    """Why ``hand`` (a :class:`Hand`) refuses ``action`` from the seat to
    act, in words: e.g. "East must follow suit: a heart was led and East
    holds one, so East cannot play the jack of spades; East may play the 9
    of hearts or the ace of hearts"."""
    if hand.phase == DONE:
        return "the hand is over: no more calls or cards"
    seat = hand.to_act
    who = SEAT_NAMES[seat]
    legal = hand.legal_actions()
    def phrase(a: int) -> str:
        return _phrase(a, seat, hand.dealer, hand.maker, hand.phase)

    may = f"{who} may {_or_list([phrase(a) for a in legal])}"
    if not isinstance(action, int) or not (0 <= action <= NAME + 3):
        return f"that is not a call or a card; {may}"
    what = phrase(action)
    if hand.phase == PLAYING and 0 <= action <= BENNY:
        if action not in hand.hands[seat]:
            return f"{who} does not hold {card_words(action)}; {may}"
        led = TRUMP_TABLES[hand.trump].suit[hand.trick[0]] if hand.trick else -1
        if led >= 0:
            trump = " (a trump)" if led == hand.trump else ""
            return f"{who} must follow suit: {_A_SUIT[led]}{trump} was led and {who} holds one, so {who} cannot {what}; {may}"
    reason = hand._bid_rule(action)
    if reason:
        return f"{who} cannot {what}: {reason}; {may}"
    return f"{who} cannot {what} now; {may}"


__all__ = ["action_words", "bid_words", "card_words", "illegal_words"]

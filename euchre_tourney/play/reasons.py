"""One-line reasons for a computer player's choice, in a club player's words
("order up: three trumps with the right bower", "lead trump: partner called
it", "duck: partner is winning the trick"). Used by
:func:`~euchre_tourney.play.players.hint` for the practice table.

:func:`reason` looks only at the seat's view and the chosen action (the
search's numbers are in the hint's ranking); it names cards and suits in
words (:func:`~euchre_tourney.rules.cards.card_name`).
"""

from __future__ import annotations

from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS
from euchre_tourney.play.hand import ALONE_ROUND, BENNY_UP, BID1, BID2, DISCARDING
from euchre_tourney.play.view import SeatView
from euchre_tourney.rules import ACE, BENNY, SUIT_NAMES, TRUMP_TABLES, card_name, left_bower, right_bower

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def _the(c: int) -> str:
    return "the Benny" if c == BENNY else "the " + card_name(c)


def holding(cards, trump: int) -> str:
    """Words for the trump strength of ``cards``: e.g. ``"three trumps with
    the right bower"``, ``"two trumps and an off-suit ace"``, ``"no trump"``."""
    table = TRUMP_TABLES[trump]
    trumps = [c for c in cards if table.suit[c] == trump]
    n = len(trumps)
    aces = sum(1 for c in cards if table.suit[c] != trump and c & 7 == ACE)
    if n == 0:
        text = "no trump"
    else:
        text = f"{_NUMBERS[n]} trump{'s' if n > 1 else ''}"
        tops = []
        if BENNY in trumps:
            tops.append("the Benny")
        r, lb = right_bower(trump), left_bower(trump)
        if r in trumps and lb in trumps:
            tops.append("both bowers")
        elif r in trumps:
            tops.append("the right bower")
        elif lb in trumps:
            tops.append("the left bower")
        if tops:
            text += " with " + " and ".join(tops)
    if aces:
        text += " and " + ("an off-suit ace" if aces == 1 else f"{_NUMBERS[aces]} off-suit aces")
    return text


def reason(view: SeatView, action: int, ranking=()) -> str:
    """A one-line reason for ``action`` by ``view.seat`` (see the module
    docstring). ``ranking`` -- ``(action, points)`` best first, optional:
    used to say when every choice is worth the same."""
    seat, dealer, phase = view.seat, view.dealer, view.phase
    if len(view.legal) == 1:
        return "the only legal play" if phase not in (BID1, BID2, BENNY_UP, ALONE_ROUND, DISCARDING) else "no choice"
    if action == MISDEAL:
        return "call a misdeal: this hand may be thrown in and dealt again"
    if phase == BID1:
        up = view.turn_up
        trump = up >> 3
        cards = list(view.cards) + ([up] if seat == dealer else [])
        if action == ORDER:
            if seat == dealer:
                return f"pick it up: {holding(cards, trump)}"
            if (seat ^ dealer) & 1 == 0:
                return f"order up your partner: {holding(cards, trump)}, and partner gets {_the(up)}"
            return f"order up: {holding(cards, trump)}"
        if (seat ^ dealer) & 1 and seat != dealer and view.turn_up != BENNY:
            table = TRUMP_TABLES[trump]
            if table.trump_order[up] <= 3 and sum(1 for c in cards if table.suit[c] == trump) < 4:
                return f"pass: ordering up would give the dealer {_the(up)}"
        return f"pass: {holding(cards, trump)} is not enough to make {SUIT_NAMES[trump]}"
    if phase in (BID2, BENNY_UP):
        if phase == BENNY_UP:
            return f"name {SUIT_NAMES[action - NAME]}: the dealer names trump without looking at the cards"
        if action == PASS:
            return "pass: no suit is strong enough to make"
        trump = action - NAME
        if view.rules.stick_the_dealer and seat == dealer and PASS not in view.legal:
            return f"name {SUIT_NAMES[trump]} (stuck dealer): {holding(view.cards, trump)}, the best of your suits"
        return f"name {SUIT_NAMES[trump]}: {holding(view.cards, trump)}"
    if phase == ALONE_ROUND:
        makers = (seat ^ view.maker) & 1 == 0
        cards = list(view.cards)
        if makers and seat == dealer and view.bid_round == 1:
            cards.append(view.turn_up)
        if makers:
            if action == ALONE:
                return f"go alone: {holding(cards, view.trump)} can take all five tricks without partner"
            return "play with your partner: not strong enough to go alone"
        if action == ALONE:
            return f"defend alone: {holding(cards, view.trump)} can stop the loner"
        return "defend with your partner: not strong enough to defend alone"
    if phase == DISCARDING:
        c = action - DISCARD
        table = TRUMP_TABLES[view.trump]
        s = table.suit[c]
        if s != view.trump and sum(1 for o in view.cards if table.suit[o] == s) == 1:
            return f"discard {_the(c)}: leaves you void in {SUIT_NAMES[s]}, ready to trump them"
        return f"discard {_the(c)}: the card you need least"
    return _play_reason(view, action, ranking)


def _play_reason(view: SeatView, c: int, ranking) -> str:
    table = TRUMP_TABLES[view.trump]
    trump = view.trump
    seat = view.seat
    suit = table.suit
    makers = (seat ^ view.maker) & 1 == 0
    out = set(view.unseen())
    if ranking and len(ranking) > 1 and abs(ranking[0][1] - ranking[-1][1]) < 1e-9:
        tail = "every card does as well here"
    else:
        tail = ""
    if not view.trick:
        if suit[c] == trump:
            trumps_out = [o for o in out if suit[o] == trump]
            top = all(table.trump_order[c] < table.trump_order[o] for o in trumps_out)
            if makers and view.maker != seat and view.lone < 0:
                text = "lead trump: partner called it"
            elif top and trumps_out:
                text = f"lead {_the(c)}: draw the opponents' trumps"
            elif not trumps_out:
                text = f"lead {_the(c)}: nobody else holds a trump"
            else:
                text = "lead trump: pull the opponents' trumps"
        else:
            st = table.strength[suit[c]]
            if all(st[o] < st[c] for o in out if suit[o] == suit[c]):
                text = f"lead {_the(c)}: the highest {SUIT_NAMES[suit[c]][:-1]} still out"
            elif makers:
                text = f"lead {_the(c)}: keep your trumps for later"
            else:
                text = f"lead {_the(c)}: make the makers use their trumps"
        return text + ("; " + tail if tail else "")
    led = suit[view.trick[0]]
    st = table.strength[led]
    best = max(st[o] for o in view.trick)
    winner = view.trick_winner
    if st[c] > best:
        if (winner ^ seat) & 1 == 0:
            text = f"overtake with {_the(c)}: partner's card would not hold"
        elif suit[c] == trump and led != trump:
            text = f"trump it: take the trick with {_the(c)}"
        else:
            text = f"take the trick with {_the(c)}"
    elif (winner ^ seat) & 1 == 0:
        text = "duck: partner is winning the trick"
    elif suit[c] == led:
        text = f"follow low with {_the(c)}: this trick cannot be won"
    else:
        text = f"throw off {_the(c)}: this trick cannot be won"
    return text + ("; " + tail if tail else "")


__all__ = ["holding", "reason"]

"""Game files in EGN, the NextSuit-Labs "Euchre Game Notation" (JSON).

EGN (``github.com/NextSuit-Labs/euchre-game-notation``, schema
``schemas/egn-schema-v1.json``, version 1.2–1.6) records a game as
``metadata`` (players clockwise from seat 0, ``initialScore``, an optional
``finalScore``, a ``ruleset`` of toggles) and ``deals``; each deal has an
``initialState`` (``dealer`` seat, ``upCard``, optionally ``playerCards``)
and up to two phases: ``EUCHRE_BIDDING`` (``calls`` clockwise from the
dealer's left: ``"Pass"``, ``"Order"``, a suit letter ``"c" "d" "h" "s"``;
``isAlone``, ``aloneDefender``, ``discard``) and ``TRICK_PLAY`` (``tricks``:
the cards of each trick in the order they hit the table; who led and who
won is deduced by the rules, as the format's "deterministic minimalism"
asks). Cards are rank then suit, ``"9c" "Td" "Jh" "As"``; ``N`` is the nine,
``R``/``L`` the right and left bowers, ``B`` the Benny (joker).

Seats: EGN's players 0..3 clockwise, teams 0/2 and 1/3, are this engine's
North, East, South, West (North–South = team 0).

What this module adds, inside the schema, so that a file it writes reads
back action for action:

* ``playerCards`` (the deal) and ``discard`` are always written;
* rule options EGN has no toggle for (the British dealer's-partner rule,
  the super-euchre, win by two, ...) are written as one last line of
  ``metadata.description``: ``euchre_tourney rules: {json}`` -- the rule
  set's preset and the fields that differ from it (:meth:`RuleSet.to_dict`);
* a Benny turned up: the dealer names trump without bidding (001), written
  as ``calls`` holding just that suit;
* a misdeal (farmer's hand, ace-no-face): the calls stop before the player
  who called it, no trick phase, the next deal has the same dealer (and a
  ``callAnnotations`` note for readers);
* the maker's partner playing alone (001, 004): ``isAlone`` with the
  ``playerCards``; the seat whose cards never reach a trick sits out.

Games of 2 to 6 seats (and any game played by the general engine, a
:class:`~euchre_tourney.play.table.game.TableGame`) are written in the same
JSON shape with what EGN, a four-player notation, has no words for said in
this engine's own: ``metadata.ruleset.num_players`` is the table's size,
the rules are the ``euchre_tourney table rules: {json}`` line of the
description (:meth:`TableRules.to_dict`, the fields that differ from the
preset), each deal's ``initialState`` holds ``playerCards`` (one list per
seat), ``upCard`` (``null`` in an auction game), ``undealt`` and
``packOrder`` (the shuffled pack, so that the deal is rebuilt exactly), and
a phase ``{"type": "ACTIONS", "actions": [...]}`` holds every action in the
protocol's text form (``pass``, ``order!``, ``bid:3``, ``partner:AS``,
``ask:2``, ``give:AS``, ``play:JH`` ..., :mod:`euchre_tourney.play.protocol`),
followed by the ``TRICK_PLAY`` tricks for a reader. Cards are the
engine's text (``9C``, ``JK``, ``4S``, ``AS'``). :func:`read_egn` reads
both kinds; :meth:`EgnGame.replay` gives a :class:`Game` or a
:class:`TableGame`.

Reading a file without ``playerCards`` (a game recorded from a stream) back-
calculates the hands from the tricks, as EGN's replayer notes say: each card
belongs to the seat that played it; the dealer's discard, when missing, and
a sitting-out partner's cards are filled from the cards nobody played (they
cannot change the play). A file this engine cannot follow -- a malformed
one, an illegal play, a rule it does not play (no trump, fast break, ...) --
raises :class:`EgnError` naming the line and the problem in plain words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS
from euchre_tourney.play.game import Game
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.hand import TableHand
from euchre_tourney.play.words import illegal_words
from euchre_tourney.play.hand import ALONE_ROUND, BID1, BID2, DISCARDING, PLAYING, SEAT_NAMES, Hand
from euchre_tourney.play.view import NEXT_ACTIVE
from euchre_tourney.rules import (
    BENNY,
    CUSTOM,
    NORTH_AMERICAN,
    PRESETS,
    RANK_LETTERS,
    SUIT_LETTERS,
    TRUMP_TABLES,
    AloneLead,
    DefendAlone,
    GameScore,
    RuleSet,
    RuleViolation,
    Seat,
    card_text,
    deck,
    left_bower,
    right_bower,
    tables,
)

TableRules = tables.TableRules

FILE_TYPE = "Euchre Game Notation"
VERSION = "1.6"
RULES_MARK = "euchre_tourney rules: "
PARTNER_ALONE = "goes alone; the maker sits out"
"""The note (``callAnnotations``) saying the maker's partner went alone."""
_UNSUPPORTED = {
    "partners_best": "partner's best (call for best)",
    "go_under": "going under",
    "allow_no_trump": "no trump",
    "fast_break": "the fast break",
    "four_trick_tokens": "four-trick tokens",
}


class EgnError(ValueError):
    """A game file that cannot be read: ``line`` (1-based, or ``None``) and
    ``problem`` in the player's words; ``str()`` is ``"line N: problem"``."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        self.problem = problem
        self.line = line
        super().__init__(f"line {line}: {problem}" if line else problem)


@dataclass
class EgnGame:
    """A game file read by :func:`read_egn`: the ``rules``, the ``deals``
    (each a fresh :class:`Hand` and the actions recorded for it, in order),
    ``initial_score`` / ``final_score`` as ``(north_south, east_west)``
    (``final_score`` ``None`` when not recorded), ``title``, ``players``."""

    rules: RuleSet | TableRules
    deals: list[tuple[Hand | TableHand, list]]
    initial_score: tuple[int, ...] = (0, 0)
    final_score: tuple[int, ...] | None = None
    title: str = ""
    players: tuple[str, ...] = ()
    lines: list[int] = field(default_factory=list)

    def hands(self) -> list[Hand]:
        """Every deal played as far as recorded (new :class:`Hand` objects)."""
        out = []
        for hand, actions in self.deals:
            h = hand.copy()
            for a in actions:
                h.apply(a)
            out.append(h)
        return out

    def replay(self) -> Game | TableGame:
        """The whole game replayed by the engine (:class:`Game`, or
        :class:`TableGame` for a game of the general engine): scores, the
        deal rotating, the game ending at the target. :class:`EgnError`
        (naming the deal's line) when the deals do not follow each other."""
        if not self.deals:
            raise EgnError("the file has no deals")
        if isinstance(self.rules, TableRules):
            return self._replay_table()
        game = Game(self.rules, self.deals[0][0].dealer, deals=[h.copy() for h, _ in self.deals])
        game.score = GameScore(*self.initial_score)
        for i, (_hand, actions) in enumerate(self.deals):
            line = self.lines[i] if i < len(self.lines) else None
            if game.hand is None:
                raise EgnError(f"deal {i + 1} is recorded after the game was won", line)
            if len(game.hands) != i:
                raise EgnError(f"deal {i + 1} follows a deal whose hand was not played to its end", line)
            try:
                for a in actions:
                    _apply(game.hand, a, game.apply)
            except RuleViolation as exc:
                raise EgnError(f"deal {i + 1}: {exc}", line) from None
        return game

    def _replay_table(self) -> TableGame:
        game = TableGame(self.rules, self.deals[0][0].dealer, deals=[h.copy() for h, _ in self.deals])
        if len(self.initial_score) != len(game.scores):
            raise EgnError(f"metadata.initialScore must have {len(game.scores)} numbers, one per side or player")
        game.scores = list(self.initial_score)
        for i, (_hand, actions) in enumerate(self.deals):
            line = self.lines[i] if i < len(self.lines) else None
            if game.winner is not None:
                raise EgnError(f"deal {i + 1} is recorded after the game was won", line)
            if len(game.hands) != i:
                raise EgnError(f"deal {i + 1} follows a deal whose hand was not played to its end", line)
            try:
                for a in actions:
                    game.apply(a)
            except RuleViolation as exc:
                raise EgnError(f"deal {i + 1}: {exc}", line) from None
        return game


# ----------------------------------------------------------------- writing


def _card(c: int) -> str:
    """EGN's card text: the rules' compact text with the suit in lower case, the Benny ``B``."""
    if c == BENNY:
        return "B"
    rank, suit = card_text(c)
    return rank + suit.lower()


def rules_to_egn(rules: RuleSet) -> dict:
    """EGN's ``ruleset`` toggles for ``rules`` (what EGN can say of it)."""
    return {
        "std": rules.stick_the_dealer,
        "min_rank": 7 if rules.deck_size >= 32 else 9,
        "winning_score": rules.target,
        "canadian": rules.dealer_partner_orders_alone,
        "loner_lead": "LEFT_OF_LONER" if rules.alone_lead is AloneLead.LONER_LEFT else "LEFT_OF_DEALER",
        "loner_march_score": rules.loner_march_points,
        "loner_euchred_score": rules.euchre_points,
        "defend_alone": rules.defend_alone is not DefendAlone.NEVER,
        "farmers": rules.farmers_hand or rules.ace_no_face,
        "joker": rules.has_benny,
    }


def _rules_mark(rules: RuleSet) -> str:
    base = PRESETS.get(rules.preset, NORTH_AMERICAN).to_dict()
    diff = {k: v for k, v in rules.to_dict().items() if k == "preset" or v != base[k]}
    return RULES_MARK + json.dumps(diff, separators=(",", ":"))


def _deal_json(number: int, hand: Hand) -> dict:
    dealer_view = hand.view(hand.dealer)
    calls: list[str] = []
    notes: dict[str, list[str]] = {}
    made = False
    for seat, action in dealer_view.bids:
        if made:
            continue  # the going-alone round: isAlone / aloneDefender below
        if action == PASS:
            calls.append("Pass")
        elif action == ORDER:
            calls.append("Order")
            made = True
        elif NAME <= action < NAME + 4:
            calls.append(SUIT_LETTERS[action - NAME].lower())
            made = True
        elif action == MISDEAL:
            note = f"{SEAT_NAMES[seat]} calls a misdeal (a hand without face cards): the same dealer deals again"
            notes.setdefault(str(len(calls)), []).append(note)
    if hand.lone >= 0 and hand.lone != hand.maker:
        notes.setdefault(str(len(calls) - 1), []).append(f"{SEAT_NAMES[hand.lone]} {PARTNER_ALONE}")
    bidding: dict = {"type": "EUCHRE_BIDDING", "calls": calls}
    if made and hand.phase != ALONE_ROUND:
        bidding["isAlone"] = hand.lone >= 0
        if hand.lone_defender >= 0:
            bidding["aloneDefender"] = hand.lone_defender
        if dealer_view.discarded >= 0:
            bidding["discard"] = _card(dealer_view.discarded)
    if notes:
        bidding["callAnnotations"] = notes
    phases: list[dict] = [bidding]
    tricks = [[_card(c) for c in cards] for _, cards, _ in hand.tricks]
    if hand.trick:
        tricks.append([_card(c) for c in hand.trick])
    if tricks:
        phases.append({"type": "TRICK_PLAY", "tricks": tricks})
    return {
        "dealNumber": number,
        "initialState": {
            "dealer": hand.dealer,
            "upCard": _card(hand.turn_up),
            "playerCards": [[_card(c) for c in h] for h in hand.dealt_hands()],
        },
        "phases": phases,
    }


def write_egn(
    hands: list[Hand] | list[TableHand],
    rules: RuleSet | TableRules,
    *,
    initial_score: tuple[int, int] = (0, 0),
    final_score: tuple[int, int] | None = None,
    title: str = "Practice game",
    description: str = "",
    players: tuple[str, ...] = tuple(s.title for s in Seat),
    date: str | None = None,
) -> str:
    """The EGN text (JSON, indented) of ``hands`` -- a whole game's hands in
    order, or a single hand -- under ``rules``. Scores are ``(north_south,
    east_west)``. The last hand may be unfinished (a game in progress); an
    unfinished going-alone round is written up to the making of trump.
    ``rules`` a :class:`TableRules` (hands of the general engine): the
    N-seat form of the module docstring, scores one per unit (side or
    player), players one name per seat (``Seat 1`` ... by default)."""
    if isinstance(rules, TableRules):
        return _write_table_egn(
            hands, rules, initial_score=initial_score, final_score=final_score, title=title,
            description=description, players=players, date=date,
        )
    desc = (description + "\n" if description else "") + _rules_mark(rules)
    metadata: dict = {"title": title, "description": desc}
    if date:
        metadata["date"] = date
    metadata["players"] = list(players)
    metadata["initialScore"] = list(initial_score)
    if final_score is not None:
        metadata["finalScore"] = list(final_score)
    metadata["ruleset"] = rules_to_egn(rules)
    data = {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": metadata,
        "deals": [_deal_json(i, h) for i, h in enumerate(hands)],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def game_to_egn(game: Game | TableGame, **kwargs) -> str:
    """:func:`write_egn` of a whole :class:`Game` or :class:`TableGame`
    (finished hands and the one in progress), with its final score when it
    is over."""
    if isinstance(game, TableGame):
        hands = list(game.hands)
        if not game.done and game.hand not in game.hands and game.hand.history:
            hands.append(game.hand)
        if game.done:
            kwargs.setdefault("final_score", tuple(game.scores))
        return write_egn(hands, game.rules, **kwargs)
    hands = list(game.hands) + ([game.hand] if game.hand is not None and game.hand.history else [])
    if game.done:
        kwargs.setdefault("final_score", (game.score.ns, game.score.ew))
    return write_egn(hands, game.rules, **kwargs)


TABLE_RULES_MARK = "euchre_tourney table rules: "
_DEFAULT_PLAYERS = tuple(s.title for s in Seat)


def _table_rules_mark(rules: TableRules) -> str:
    base_rules = _table_base(rules.preset)
    base_dict = base_rules.to_dict() if base_rules is not None else {}
    diff = {k: v for k, v in rules.to_dict().items() if k == "preset" or base_dict.get(k, object()) != v}
    return TABLE_RULES_MARK + json.dumps(diff, separators=(",", ":"))


def _table_base(key: str) -> TableRules | None:
    if key in tables.TABLE_PRESETS:
        return tables.TABLE_PRESETS[key]
    if key in PRESETS:
        return TableRules.from_ruleset(PRESETS[key])
    return None


def _table_deal_json(number: int, hand: TableHand) -> dict:
    r = hand.rules
    n = hand.players
    h = r.hand_size
    order = list(hand.order)
    dealt: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        dealt[(hand.dealer + 1 + i) % n] = order[i * h : (i + 1) * h]
    rest = order[n * h :]
    up = hand.turn_up
    state = {
        "dealer": hand.dealer,
        "upCard": r.card_text(up) if up is not None else None,
        "playerCards": [[r.card_text(c) for c in cards] for cards in dealt],
        "undealt": [r.card_text(c) for c in (rest[1:] if up is not None else rest)],
        "packOrder": [r.card_text(c) for c in order],
    }
    phases: list[dict] = [{"type": "ACTIONS", "actions": [hand.action_text(a) for _, a in hand.history]}]
    tricks = [[r.card_text(c) for _, c in cards] for _, cards, _ in hand.tricks]
    if hand.trick:
        tricks.append([r.card_text(c) for _, c in hand.trick])
    if tricks:
        phases.append({"type": "TRICK_PLAY", "tricks": tricks})
    return {"dealNumber": number, "initialState": state, "phases": phases}


def _write_table_egn(hands, rules: TableRules, *, initial_score, final_score, title, description, players, date) -> str:
    units = 2 if rules.sides == "partners" else rules.players
    if tuple(players) == _DEFAULT_PLAYERS and rules.players != 4:
        players = tuple(f"Seat {s + 1}" for s in range(rules.players))
    if len(players) != rules.players:
        raise ValueError(f"{rules.title} has {rules.players} players: name each seat")
    if tuple(initial_score) == (0, 0) and units != 2:
        initial_score = (0,) * units
    for what, score in (("initial", initial_score), ("final", final_score)):
        if score is not None and len(score) != units:
            raise ValueError(f"the {what} score has one number per side or player: {units}")
    desc = (description + "\n" if description else "") + _table_rules_mark(rules)
    metadata: dict = {"title": title, "description": desc}
    if date:
        metadata["date"] = date
    metadata["players"] = list(players)
    metadata["initialScore"] = list(initial_score)
    if final_score is not None:
        metadata["finalScore"] = list(final_score)
    metadata["ruleset"] = {
        "num_players": rules.players,
        "winning_score": rules.target,
        "std": rules.stick_the_dealer,
        "allow_no_trump": rules.no_trump,
        "joker": any(tables.is_joker(c) for c in tables.pack(rules.pack)),
    }
    data = {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": metadata,
        "deals": [_table_deal_json(i, h) for i, h in enumerate(hands)],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _table_rules_from(description: str) -> TableRules | None:
    for line in description.splitlines():
        if line.startswith(TABLE_RULES_MARK):
            try:
                data = json.loads(line[len(TABLE_RULES_MARK) :])
                return TableRules.from_dict(data)
            except (ValueError, TypeError) as exc:
                raise EgnError(f"the table rules in the description cannot be read: {exc}") from None
    return None


def _read_table_deal(rules: TableRules, raw: object, i: int) -> tuple[TableHand, list]:
    where = f"deal {i + 1}"
    if not isinstance(raw, dict) or not isinstance(raw.get("initialState"), dict):
        raise EgnError(f"{where} has no initialState (the dealer and the cards)")
    state = raw["initialState"]
    dealer = state.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise EgnError(f"{where}: the dealer must be a seat 0–{rules.players - 1}, not {dealer!r}")

    def cards(words: object, what: str) -> list[int]:
        if not isinstance(words, list):
            raise EgnError(f"{where}: {what} must be a list of cards")
        try:
            return [rules.parse_card(w) for w in words]
        except (ValueError, AttributeError):
            raise EgnError(f"{where}: {what} holds something that is no card ({words!r})"[:200]) from None

    if "packOrder" in state:
        hand = TableHand(rules, dealer, order=cards(state["packOrder"], "packOrder"))
    else:
        seats = state.get("playerCards")
        if not isinstance(seats, list) or len(seats) != rules.players:
            raise EgnError(f"{where}: playerCards must hold one list of cards per seat ({rules.players})")
        up = state.get("upCard")
        turn_up = None if up is None else cards([up], "upCard")[0]
        hand = TableHand.from_hands(
            rules, dealer, [cards(h, "playerCards") for h in seats], turn_up, cards(state.get("undealt", []), "undealt")
        )
    phases = raw.get("phases", [])
    acts = next((p for p in phases if isinstance(p, dict) and p.get("type") == "ACTIONS"), None) if isinstance(phases, list) else None
    if acts is None or not isinstance(acts.get("actions"), list):
        raise EgnError(f"{where}: a game of {rules.title} records its actions (a phase of type ACTIONS)")
    fresh = hand.copy()
    for k, word in enumerate(acts["actions"]):
        if not isinstance(word, str):
            raise EgnError(f"{where}, action {k + 1}: {word!r} is not an action")
        try:
            hand.apply(word)
        except RuleViolation as exc:
            raise EgnError(f"{where}, action {k + 1} ({word}): {exc}") from None
    return fresh, [a for _, a in hand.history]


def _read_table_egn(text: str, data: dict, meta: dict, rules: TableRules) -> EgnGame:
    raw_deals = data.get("deals")
    if not isinstance(raw_deals, list):
        raise EgnError("the file has no list of deals", 1)
    lines = _deal_lines(text)
    deals = []
    for i, raw in enumerate(raw_deals):
        try:
            deals.append(_read_table_deal(rules, raw, i))
        except EgnError as exc:
            raise EgnError(exc.problem, lines[i] if i < len(lines) else None) from None
    units = 2 if rules.sides == "partners" else rules.players

    def score(key: str) -> tuple[int, ...] | None:
        value = meta.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != units or not all(isinstance(v, int) for v in value):
            raise EgnError(f"metadata.{key} must be {units} whole numbers, one per side or player")
        return tuple(value)

    players = tuple(p if isinstance(p, str) else str(p.get("name", "")) for p in meta.get("players", []) if isinstance(p, (str, dict)))
    return EgnGame(
        rules=rules,
        deals=deals,
        initial_score=score("initialScore") or (0,) * units,
        final_score=score("finalScore"),
        title=str(meta.get("title", "")),
        players=players,
        lines=lines,
    )


# ----------------------------------------------------------------- reading


def _deal_lines(text: str) -> list[int]:
    """The line of each deal's ``initialState`` (the key every deal has)."""
    return [text.count("\n", 0, m.start()) + 1 for m in re.finditer(r'"initialState"', text)]


def rules_from_egn(ruleset: dict, description: str = "") -> RuleSet:
    """The :class:`RuleSet` of a file: the ``euchre_tourney rules:`` line of
    the description when there is one, else EGN's toggles (defaults: stick
    the dealer, left of the dealer leads). ``EgnError`` for a rule this
    engine does not play."""
    for line in description.splitlines():
        if line.startswith(RULES_MARK):
            try:
                return RuleSet.from_dict(json.loads(line[len(RULES_MARK) :]))
            except (ValueError, TypeError) as exc:
                raise EgnError(f"the rules in the description cannot be read: {exc}") from None
    if not isinstance(ruleset, dict):
        raise EgnError("metadata.ruleset must be an object of rule toggles")
    for key, words in _UNSUPPORTED.items():
        if ruleset.get(key):
            raise EgnError(f"the game uses {words} ({key}), a rule this practice table does not play")
    if ruleset.get("num_players", 4) != 4:
        raise EgnError(
            "a game of other than four players can be opened only when written by this app "
            "(its table rules in the description); num_players is not 4"
        )
    if ruleset.get("num_deals", 0) and not ruleset.get("winning_score"):
        raise EgnError("games of a fixed number of deals (num_deals) cannot be opened: the table plays to a target")
    canadian = bool(ruleset.get("canadian", False))
    base = PRESETS["canadian"] if canadian else NORTH_AMERICAN
    size = (32 if ruleset.get("min_rank", 9) == 7 else 24) + (1 if ruleset.get("joker") else 0)
    changes: dict = {
        "stick_the_dealer": bool(ruleset.get("std", True)),
        "target": int(ruleset.get("winning_score", 10) or 10),
        "alone_lead": AloneLead.LONER_LEFT if ruleset.get("loner_lead") == "LEFT_OF_LONER" else AloneLead.DEALER_LEFT,
        "loner_march_points": int(ruleset.get("loner_march_score", 4)),
        "defend_alone": DefendAlone.AGAINST_LONER if ruleset.get("defend_alone") else DefendAlone.NEVER,
        "farmers_hand": bool(ruleset.get("farmers", False)),
    }
    if ruleset.get("loner_euchred_score", 2) != base.euchre_points:
        raise EgnError("a euchred loner scoring other than a plain euchre (loner_euchred_score) is not a rule this table plays")
    if size != base.deck_size:
        changes["preset"] = CUSTOM
        changes["deck_size"] = size
    elif size == 32:
        changes["preset"] = "thirty_two"
        base = PRESETS["thirty_two"]
    if changes["loner_march_points"] != base.loner_march_points:
        changes["preset"] = CUSTOM
    try:
        return base.replace(**changes)
    except ValueError as exc:
        raise EgnError(f"the ruleset cannot be played: {exc}") from None


def _parse_card(token: object, trump: int, where: str) -> int | None:
    """A card code, ``None`` for an unknown card (``X``)."""
    if not isinstance(token, str) or not token:
        raise EgnError(f"{where}: {token!r} is not a card (write e.g. 9c, Td, Jh, As or B)")
    t = token.strip()
    if t == "B":
        return BENNY
    if t in ("R", "L"):
        if trump < 0:
            raise EgnError(f"{where}: {t} (a bower) needs a trump suit, and none was made")
        return right_bower(trump) if t == "R" else left_bower(trump)
    if len(t) == 2:
        rank, suit = t[0].upper(), t[1].lower()
        if rank == "X" or suit == "x":
            return None
        rank = "9" if rank == "N" else rank
        if rank in RANK_LETTERS and suit in "cdhs":
            return RANK_LETTERS.index(rank) + 8 * "cdhs".index(suit)
        if suit in "tngh":
            raise EgnError(f"{where}: {t} uses a generic suit (trump, next, green); only real suits can be replayed")
    raise EgnError(f"{where}: {token!r} is not a card (write e.g. 9c, Td, Jh, As or B)")


def _call_action(call: object, where: str) -> int:
    if call in ("Pass", "pass"):
        return PASS
    if call in ("Order", "PickUp", "Call", "Alone"):
        return ORDER
    if isinstance(call, str) and call in ("c", "d", "h", "s"):
        return NAME + "cdhs".index(call)
    if call == "n":
        raise EgnError(f"{where}: a no-trump call (n) is not a rule this table plays")
    raise EgnError(f"{where}: {call!r} is not a call (Pass, Order or a suit c, d, h, s)")


def _trump_of(calls: list[int], up: int) -> int:
    for a in calls:
        if a == ORDER:
            return -1 if up == BENNY else up >> 3
        if NAME <= a < NAME + 4:
            return a - NAME
    return -1


def _answer_alone(hand: Hand, lone: int, defender: int) -> None:
    """The going-alone round: ``lone`` and ``defender`` go alone, everyone
    else asked passes."""
    while hand.phase == ALONE_ROUND:
        seat = hand.to_act
        hand.apply(ALONE if seat in (lone, defender) and ALONE in hand.legal_actions() else PASS)


@dataclass
class _Deal:
    dealer: int
    up: int
    calls: list[int]
    trump: int
    alone: bool
    alone_known: bool
    defender: int
    discard: int | None
    hands: list[list[int]] | None
    tricks: list[list[int]]
    misdeal_next: bool
    partner_alone: bool = False


def _seats_of_plays(rules: RuleSet, d: _Deal, lone: int) -> tuple[list[list[int]], tuple[int, ...], bool]:
    """Back-calculate who played each card: a provisional deal (any cards)
    gives the first leader and who sits out; each trick's winner leads the
    next (EGN's replayer logic). Returns the cards played by seat, the seats
    that sat out, and whether the dealer picked up the turn-up."""
    pack = [c for c in deck(rules.deck_size) if c != d.up]
    prov = Hand(rules, d.dealer, [pack[0:5], pack[5:10], pack[10:15], pack[15:20]], d.up)
    for a in d.calls:
        prov.apply(a)
    _answer_alone(prov, lone, d.defender)
    picked = prov.phase == DISCARDING
    if picked:
        prov.apply(prov.legal_actions()[0])
    if prov.phase != PLAYING:
        raise RuleViolation("the bidding does not end with trump made, yet tricks are recorded")
    out = prov.sitting_out
    nxt = NEXT_ACTIVE[tuple(out)]
    table = TRUMP_TABLES[prov.trump]
    played: list[list[int]] = [[], [], [], []]
    leader = prov.to_act
    for cards in d.tricks:
        seat = leader
        led = table.suit[cards[0]]
        best, winner = -1, leader
        for c in cards:
            played[seat].append(c)
            if table.strength[led][c] > best:
                best, winner = table.strength[led][c], seat
            seat = nxt[seat]
        leader = winner
    return played, out, picked


def _build_deal(rules: RuleSet, d: _Deal) -> tuple[Hand, list[int]]:
    """The deal as a :class:`Hand` and its recorded actions, checked by the engine."""
    lones = [-1]
    first = next((k for k, a in enumerate(d.calls) if a != PASS), None)
    if d.alone and first is not None:
        maker = d.dealer if d.up == BENNY else (d.dealer + 1 + first) & 3
        partner = (maker + 2) & 3
        lones = [maker, partner]
        if d.partner_alone:
            lones = [partner]
        elif d.hands is not None and d.tricks:
            # The maker's partner may have gone alone (001, 004): the seat
            # whose cards reach the tricks is the one in the hand.
            seen = {c for t in d.tricks for c in t}
            if seen & set(d.hands[partner]) and not seen & set(d.hands[maker]):
                lones = [partner, maker]
    problem: RuleViolation | None = None
    for lone in lones:
        try:
            return _replay_deal(rules, d, lone)
        except RuleViolation as exc:
            problem = problem or exc
    raise problem  # type: ignore[misc]


def _apply(hand: Hand, action: int, apply=None) -> None:
    """``hand.apply(action)`` (or ``apply(action)``), an illegal action
    refused in words a person reads (:func:`~euchre_tourney.play.words.illegal_words`:
    "the jack of spades", not the engine's ``play:JS``)."""
    if hand is None or action not in hand.legal_actions():
        if hand is None:
            raise RuleViolation("the game was already won")
        raise RuleViolation(illegal_words(hand, action))
    (apply or hand.apply)(action)


def _replay_deal(rules: RuleSet, d: _Deal, lone: int) -> tuple[Hand, list[int]]:
    """:func:`_build_deal` with ``lone`` the seat that went alone (or -1)."""
    hands = d.hands
    discard = d.discard
    if hands is None:
        played, out, picked = _seats_of_plays(rules, d, lone)
        used = {c for p in played for c in p} | {d.up}
        if discard is not None:
            used.add(discard)
        spare = [c for c in deck(rules.deck_size) if c not in used]
        hands = [p[:] for p in played]
        if picked:
            dealt = hands[d.dealer]
            if d.up in dealt:
                dealt.remove(d.up)
                if discard is None:
                    discard = spare.pop(0)
                dealt.append(discard)
            elif discard is None:
                discard = d.up
        for h in hands:
            while len(h) < 5 and spare:
                h.append(spare.pop(0))
    hand = Hand(rules, d.dealer, hands, d.up)
    fresh = hand.copy()
    for a in d.calls:
        _apply(hand, a)
    if hand.phase == ALONE_ROUND and (d.alone_known or d.tricks or d.discard is not None):
        _answer_alone(hand, lone, d.defender)
    if hand.phase == DISCARDING and (discard is not None or d.tricks):
        if discard is None:
            seen = {c for t in d.tricks for c in t}
            left = [c for c in hand.hands[hand.dealer] if c not in seen]
            if len(d.tricks) < 5 or len(left) != 1:
                raise RuleViolation("the dealer's discard is not recorded and cannot be told from the tricks")
            discard = left[0]
        _apply(hand, DISCARD + discard)
    if d.misdeal_next and hand.phase in (BID1, BID2) and MISDEAL in hand.legal_actions():
        hand.apply(MISDEAL)
    for t, cards in enumerate(d.tricks):
        for c in cards:
            if hand.phase != PLAYING:
                raise RuleViolation(f"trick {t + 1} has a card after the hand was over")
            _apply(hand, c)
    return fresh, hand.history


def _parse_deal(raw: object, i: int, next_dealer: int | None) -> _Deal:
    where = f"deal {i + 1}"
    if isinstance(raw, str):
        raise EgnError(f"{where} is stored in the binary form; save the file as JSON EGN to open it")
    if not isinstance(raw, dict) or not isinstance(raw.get("initialState"), dict):
        raise EgnError(f"{where} has no initialState (the dealer and the up-card)")
    state = raw["initialState"]
    dealer = state.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
        raise EgnError(f"{where}: the dealer must be a seat 0–3, not {dealer!r}")
    up = _parse_card(state.get("upCard"), -1, f"{where}, up-card")
    if up is None:
        raise EgnError(f"{where}: the up-card is unknown (X); the deal cannot be replayed")
    phases = raw.get("phases", [])
    if not isinstance(phases, list):
        raise EgnError(f"{where}: phases must be a list")
    bidding = next((p for p in phases if isinstance(p, dict) and p.get("type") == "EUCHRE_BIDDING"), {})
    play = next((p for p in phases if isinstance(p, dict) and p.get("type") == "TRICK_PLAY"), None)
    for p in phases:
        if not isinstance(p, dict) or p.get("type") not in ("EUCHRE_BIDDING", "TRICK_PLAY"):
            raise EgnError(f"{where}: a phase must be EUCHRE_BIDDING or TRICK_PLAY, not {p!r}"[:200])
    raw_calls = bidding.get("calls", [])
    if not isinstance(raw_calls, list):
        raise EgnError(f"{where}: calls must be a list")
    calls = [_call_action(c, f"{where}, call {k + 1}") for k, c in enumerate(raw_calls)]
    alone = bool(bidding.get("isAlone", False)) or "Alone" in raw_calls
    if play is not None and play.get("isAlone"):
        alone = True
    trump = _trump_of(calls, up)
    if up == BENNY and calls:
        # 001: the Benny turned up -- the dealer names trump (written as the one call).
        if len(calls) != 1 or not NAME <= calls[0] < NAME + 4:
            raise EgnError(f"{where}: the Benny was turned up, so the dealer names a suit (one call)")
    defender = bidding.get("aloneDefender", -1)
    if not isinstance(defender, int) or not -1 <= defender <= 3:
        raise EgnError(f"{where}: aloneDefender must be a seat 0–3 or -1, not {defender!r}")
    discard = None
    if "discard" in bidding:
        discard = _parse_card(bidding["discard"], trump, f"{where}, discard")
    hands = None
    player_cards = state.get("playerCards")
    if player_cards:
        if not isinstance(player_cards, list) or len(player_cards) != 4 or not all(isinstance(h, list) for h in player_cards):
            raise EgnError(f"{where}: playerCards must be four lists of five cards")
        parsed = [[_parse_card(c, trump, f"{where}, {SEAT_NAMES[s]}'s cards") for c in h] for s, h in enumerate(player_cards)]
        if all(len(h) == 5 and None not in h for h in parsed):
            hands = parsed  # type: ignore[assignment]
    tricks: list[list[int]] = []
    if play is not None:
        raw_tricks = play.get("tricks", [])
        if not isinstance(raw_tricks, list) or len(raw_tricks) > 5:
            raise EgnError(f"{where}: tricks must be a list of at most five tricks")
        for t, cards in enumerate(raw_tricks):
            if not isinstance(cards, list) or not cards:
                raise EgnError(f"{where}, trick {t + 1}: a trick is a list of cards")
            row = []
            for c in cards:
                code = _parse_card(c, trump, f"{where}, trick {t + 1}")
                if code is None:
                    raise EgnError(f"{where}, trick {t + 1}: an unknown card (X) cannot be replayed")
                row.append(code)
            tricks.append(row)
    return _Deal(
        dealer=dealer,
        up=up,
        calls=calls,
        trump=trump,
        alone=alone,
        alone_known="isAlone" in bidding or "aloneDefender" in bidding,
        defender=defender,
        discard=discard,
        hands=hands,
        tricks=tricks,
        misdeal_next=play is None and trump < 0 and next_dealer == dealer,
        partner_alone=_says_partner_alone(bidding.get("callAnnotations")),
    )


def _says_partner_alone(notes: object) -> bool:
    """The bidding's notes say the maker's partner went alone (see the module docstring)."""
    if not isinstance(notes, dict):
        return False
    return any(isinstance(n, str) and PARTNER_ALONE in n for v in notes.values() if isinstance(v, list) for n in v)


def read_egn(text: str) -> EgnGame:
    """Read an EGN file's text. Every deal is checked by the engine (each
    call, discard and card must be legal). :class:`EgnError` naming the line
    and the problem for anything else: not JSON, not EGN, a card that is no
    card, an illegal play, a rule this table does not play."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EgnError(f"this is not a JSON EGN file ({exc.msg}, column {exc.colno})", exc.lineno) from None
    if not isinstance(data, dict) or data.get("fileType") != FILE_TYPE:
        raise EgnError('this is not an EGN file (its fileType must be "Euchre Game Notation")', 1)
    version = str(data.get("version", ""))
    if not version.startswith("1."):
        raise EgnError(f"EGN version {version or '(none)'} is not supported (1.x is)", 1)
    meta = data.get("metadata")
    if not isinstance(meta, dict):
        raise EgnError("the file has no metadata", 1)
    description = meta.get("description", "") if isinstance(meta.get("description"), str) else ""
    table_rules = _table_rules_from(description)
    if table_rules is not None:
        return _read_table_egn(text, data, meta, table_rules)
    try:
        rules = rules_from_egn(meta.get("ruleset", {}), description)
    except EgnError as exc:
        found = re.search(r'"ruleset"|' + re.escape(RULES_MARK), text)
        raise EgnError(exc.problem, text.count("\n", 0, found.start()) + 1 if found else 1) from None

    def score(key: str) -> tuple[int, int] | None:
        value = meta.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, int) for v in value):
            raise EgnError(f"metadata.{key} must be two whole numbers [team 0/2, team 1/3]")
        return (value[0], value[1])

    raw_deals = data.get("deals")
    if not isinstance(raw_deals, list):
        raise EgnError("the file has no list of deals", 1)
    lines = _deal_lines(text)
    deals = []
    for i, raw in enumerate(raw_deals):
        line = lines[i] if i < len(lines) else None
        nxt = raw_deals[i + 1] if i + 1 < len(raw_deals) else None
        next_dealer = nxt.get("initialState", {}).get("dealer") if isinstance(nxt, dict) else None
        try:
            d = _parse_deal(raw, i, next_dealer)
            deals.append(_build_deal(rules, d))
        except EgnError as exc:
            raise EgnError(exc.problem, line) from None
        except RuleViolation as exc:
            raise EgnError(f"deal {i + 1}: {exc}", line) from None
    players = tuple(p if isinstance(p, str) else str(p.get("name", "")) for p in meta.get("players", []) if isinstance(p, (str, dict)))
    return EgnGame(
        rules=rules,
        deals=deals,
        initial_score=score("initialScore") or (0, 0),
        final_score=score("finalScore"),
        title=str(meta.get("title", "")),
        players=players,
        lines=lines,
    )


MATCH_FILE_TYPE = "Euchre Match Notation"


@dataclass
class EmnGame:
    """One game of a match file: its ``number`` (1-based, in file order),
    ``title`` (the EGN game's title, or "Game N"), ``players`` by seat
    (names, from the match's player list when the game names them by id)
    and ``text``: the game as EGN text, read with :func:`read_egn` when
    chosen (so one bad game does not hide the others)."""

    number: int
    title: str
    players: tuple[str, ...]
    text: str

    def read(self) -> EgnGame:
        """The game (:func:`read_egn`), the match's player names kept;
        :class:`EgnError` naming the game for a game that cannot be read."""
        try:
            record = read_egn(self.text)
        except EgnError as exc:
            raise EgnError(f"game {self.number}: {exc}") from None
        if any(self.players):
            record.players = self.players
        if not record.title:
            record.title = self.title
        return record


@dataclass
class EmnMatch:
    """A match file (EMN, "Euchre Match Notation", NextSuit-Labs
    ``docs/emn/match-specification.md``): a ``title`` and its ``games``."""

    title: str
    games: list[EmnGame]


def read_emn(text: str) -> EmnMatch:
    """Read an EMN match file's text: the list of its games (each an
    embedded EGN game, ``gameData``, with ``playersOverride`` naming the
    four seats by the match's player ids). :class:`EgnError` in words for a
    file that is no match file or has no games."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EgnError(f"this is not a JSON match file ({exc.msg}, column {exc.colno})", exc.lineno) from None
    if not isinstance(data, dict) or data.get("fileType") != MATCH_FILE_TYPE:
        raise EgnError(f'this is not a match file (its fileType must be "{MATCH_FILE_TYPE}")', 1)
    meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    names = {}
    for p in meta.get("players", []) or []:
        if isinstance(p, dict) and "id" in p:
            names[str(p["id"])] = str(p.get("name") or p["id"])
    games = []
    raw_games = data.get("games")
    if not isinstance(raw_games, list) or not raw_games:
        raise EgnError("the match file has no games", 1)
    for i, raw in enumerate(raw_games):
        if not isinstance(raw, dict) or not isinstance(raw.get("gameData"), dict):
            raise EgnError(f"game {i + 1} of the match has no game data (gameData)")
        game = raw["gameData"]
        gmeta = game.get("metadata") if isinstance(game.get("metadata"), dict) else {}
        override = raw.get("playersOverride")
        if isinstance(override, list) and len(override) == 4:
            players = tuple(names.get(str(p), str(p)) for p in override)
        else:
            players = tuple(
                p if isinstance(p, str) else str(p.get("name", "")) for p in gmeta.get("players", []) if isinstance(p, (str, dict))
            )
        title = str(gmeta.get("title") or f"Game {i + 1}")
        games.append(EmnGame(i + 1, title, players, json.dumps(game, indent=1)))
    return EmnMatch(str(meta.get("title", "")), games)


__all__ = ["EgnError", "EgnGame", "EmnGame", "EmnMatch", "read_emn", "game_to_egn", "read_egn", "rules_from_egn", "rules_to_egn", "write_egn"]

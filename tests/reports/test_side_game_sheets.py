"""Issue 24 item 5: tally sheets and scorecards of a six-player night (three
names a side, seats 1..6) and of a bid euchre night (bidder, bid, tricks),
from the use cases to the PDF text."""

from __future__ import annotations

import datetime
import io
import os

from pypdf import PdfReader

from euchre_tourney import tournament as T
from euchre_tourney.reports import write_scorecards, write_tally_sheets

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max"]
OUT = os.environ.get("EUCHRE_TOURNEY_SHOTS", "")


def _night(session, game, players):
    ids = [T.add_player(session, n).id for n in NAMES[:players]]
    ev = T.create_event(session, "Side night", datetime.date(2026, 11, 25), rounds=2, hands_per_round=6, game=game)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=2)
    return ev


def _pdf(write, items, name) -> list[str]:
    buf = io.BytesIO()
    write(items, buf)
    if OUT:
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(buf.getvalue())
    return [" ".join(p.extract_text().split()) for p in PdfReader(buf).pages]


def test_six_player_tally_sheets_name_three_a_side(session):
    ev = _night(session, "six_player_33", 13)
    sheets = T.tally_sheets(session, ev.id)
    assert len(sheets) == 4 and all(s.game == "six" and len(s.seats) == 6 for s in sheets)
    pages = _pdf(write_tally_sheets, sheets, "tally_six.pdf")
    first = pages[0]
    assert "Seats 1, 3, 5" in first and "Seats 2, 4, 6" in first
    for name in sheets[0].seats:
        assert name in first
    assert "Points 1·3·5" in first and "Points 2·4·6" in first and "Alone" in first
    assert "North" not in first


def test_six_player_scorecards_name_both_partners_and_three_opponents(session):
    ev = _night(session, "six_player_33", 13)
    cards = T.scorecards(session, ev.id)
    assert len(cards) == 13
    played = next(r for r in cards[0].rounds if not r.sitting_out)
    assert played.seat_text.startswith("Seat ") and " & " in played.partner and len(played.opponents) == 3
    text = " ".join(_pdf(write_scorecards, cards, "scorecards_six.pdf"))
    assert played.seat_text in text and played.opponents[0] in text


def test_bid_euchre_tally_sheets_ask_bidder_bid_and_tricks(session):
    ev = _night(session, "bid_four", 8)
    sheets = T.tally_sheets(session, ev.id)
    assert all(s.game == "bid" for s in sheets)
    first = _pdf(write_tally_sheets, sheets, "tally_bid.pdf")[0]
    assert "Bidder" in first and "Bid" in first and "Tricks taken by the bidders" in first
    assert "Alone" not in first and "Points NS" in first


def test_six_player_standings_pdf_counts_finished_tables_only(session):
    from euchre_tourney.reports import write_standings
    from euchre_tourney.rules.tables import SideHandEntry

    ev = _night(session, "six_player_33", 13)
    for number in range(1, 7):  # table 1 of round 1 finished: seats 1, 3, 5 make 3 every hand
        T.record_side_hand(session, ev.id, 1, 1, number, SideHandEntry(0, 3))
    T.record_side_hand(session, ev.id, 1, 2, 1, SideHandEntry(1, 5))  # table 2 unfinished: counts for nobody
    view = T.standings(session, ev.id)
    table = T.rotation_view(session, ev.id).rounds[0].tables[0]
    winners = set(table.names[0::2])
    assert {r.name for r in view.rows if r.points} == winners and all(r.points == 6 for r in view.rows if r.points)
    text = " ".join(_pdf(lambda v, out: write_standings(v, out), view, "standings_six.pdf"))
    assert "round 1: 1 of 2 tables in" in text
    for name in winners:
        assert name in text


def test_six_player_rotation_chart_names_seats_one_to_six(session):
    """Issue 29 item 4: the wall chart of a night at tables of six drew a
    four-seat letter of "Seat 3" (AttributeError); it shows "s3" and says so."""
    from euchre_tourney.reports.rotation_chart import write_rotation_chart

    ev = _night(session, "six_player_33", 13)
    cards = T.scorecards(session, ev.id)
    page = _pdf(write_rotation_chart, cards, "chart_six.pdf")[0]
    assert "s1 to s6 seats 1 to 6" in page and "N North" not in page
    seat = next(r for r in cards[0].rounds if r.seat is not None)
    assert f"{seat.table} {seat.seat_mark}" in page and seat.seat_mark.startswith("s")


def _howto(session, ev, name):
    from euchre_tourney.reports.phone_howto import write_phone_howto

    view = T.report_data(session, ev.id, "phone-howto")
    pages = _pdf(write_phone_howto, view, name)
    assert len(pages) == 1, "the how-to is one page"
    return view, pages[0]


def test_a_six_player_nights_phone_page_describes_its_tables_steps(session):
    """The printed "how to enter your table's hands" of a night at tables of
    six: the six players by seat, the sides "Seats 1, 3, 5" / "Seats 2, 4,
    6", the makers, their tricks (0 to 5) and the lone maker's seat; the
    other side agrees. No four-seat word is printed."""
    ev = _night(session, "six_player_33", 13)
    view, text = _howto(session, ev, "howto_six.pdf")
    assert view.game_title == "Six player, 33 cards (3 against 3)" and view.seats == 6
    assert "Tonight's game: Six player, 33 cards (3 against 3)" in text and "six players by seat" in text
    assert "Seats 1, 3, 5 or Seats 2, 4, 6" in text
    assert "which side named trump (the makers)" in text and "tricks they took (0 to 5)" in text
    assert "which seat went alone" in text and "defender" not in text
    assert "taps Agree" in text and "North" not in text and "East" not in text


def test_a_bid_euchre_nights_phone_page_asks_the_high_bidder_and_the_bid(session):
    ev = _night(session, "bid_four", 8)
    view, text = _howto(session, ev, "howto_bid.pdf")
    assert view.seats == 4 and view.auction
    assert "four players by seat" in text and "North–South or East–West" in text
    assert "the high bidder's seat, the bid (2 to 5)" in text and "tricks the bidders took (0 to 5)" in text
    assert "alone" not in text.split("Save hand")[0].split("high bidder")[1]  # nobody goes alone in bid euchre
    assert "a defender played alone" not in text and "taps Agree" in text

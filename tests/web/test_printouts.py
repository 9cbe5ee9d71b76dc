"""The printouts for phones: a QR code per table on the tally sheets, the
player's page on the scorecards, the one-page how-to."""

from __future__ import annotations

import dataclasses

from pypdf import PdfReader

from euchre_tourney import tournament as T
from euchre_tourney.reports import REPORTS
from euchre_tourney.web import table_url


def test_tally_sheets_carry_each_tables_qr_code(db, night, tmp_path):
    event_id, secrets = night
    tally = next(r for r in REPORTS if r.name == "tally-sheets")
    with db.session() as s:
        sheets = T.report_data(s, event_id, tally.name)
    plain, coded = tmp_path / "plain.pdf", tmp_path / "coded.pdf"
    tally.write(sheets, plain)
    with_links = [dataclasses.replace(x, phone_url=table_url("http://10.0.0.5:8765", x.table, secrets[x.table])) for x in sheets]
    tally.write(with_links, coded)
    # a QR code is many small filled squares: the page's content grows by far more than any text would
    assert coded.stat().st_size > plain.stat().st_size + 2000
    assert "Round 1" in PdfReader(coded).pages[0].extract_text()


def test_scorecards_print_the_players_page(db, night, tmp_path):
    event_id, _ = night
    cards_report = next(r for r in REPORTS if r.name == "scorecards")
    with db.session() as s:
        cards = T.report_data(s, event_id, cards_report.name)
    cards = [dataclasses.replace(c, phone_url=f"http://10.0.0.5:8765/player/{c.number}") for c in cards]
    out = tmp_path / "cards.pdf"
    cards_report.write(cards, out)
    assert "10.0.0.5:8765/player/1" in PdfReader(out).pages[0].extract_text()


def test_the_how_to_page_follows_the_events_settings(db, night, tmp_path):
    event_id, _ = night
    howto = next(r for r in REPORTS if r.name == "phone-howto")
    out = tmp_path / "howto.pdf"
    with db.session() as s:
        howto.write(T.report_data(s, event_id, howto.name), out)
        T.set_phone_settings(s, event_id, confirm_required=False)
        relaxed = T.report_data(s, event_id, howto.name)
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "How to enter your table" in text and "taps Agree" in text and "tally sheet" in text
    assert not relaxed.confirm_required

"""The scorecard and tally-sheet PDFs, read back with pypdf."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from euchre_tourney.reports import write_scorecards, write_tally_sheets
from euchre_tourney.reports import fonts
from euchre_tourney.reports.scorecards import SCORECARD_SIZES, ScorecardReport
from euchre_tourney.reports.sheet import choose_layout, page_dimensions
from euchre_tourney.reports.tally import TallySheetReport
from euchre_tourney.rules import Seat
from euchre_tourney.tournament import collation_key
from euchre_tourney.tournament.readmodels import PlayerRoundView, ScorecardView, TallySheetView


def _load_samples():
    path = Path(__file__).with_name("report_samples.py")
    spec = importlib.util.spec_from_file_location("euchre_report_samples", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


samples = _load_samples()


def _pdf(write, items, **kw) -> PdfReader:
    buf = io.BytesIO()
    write(items, buf, **kw)
    buf.seek(0)
    return PdfReader(buf)


def _flat(text: str) -> str:
    """Extracted text with every run of whitespace (line breaks included) as one space."""
    return " " + " ".join(text.split()) + " "


def _card_texts(reader: PdfReader) -> dict[int, str]:
    """Player number -> the flattened extracted text of that player's card."""
    cards: dict[int, str] = {}
    for page in reader.pages:
        for chunk in re.split(r"(?= #\d+ )", _flat(page.extract_text())):
            m = re.match(r" #(\d+) ", chunk)
            if m:
                cards[int(m.group(1))] = chunk
    return cards


def _assert_card_matches(text: str, card: ScorecardView) -> None:
    """Every round, in order: round, table, seat, partner, then the opponents."""
    assert f" #{card.number} {card.player_name} " in text
    pos = text.index(card.player_name)
    for rnd in card.rounds:
        if rnd.sitting_out:
            pos = text.index(f" {rnd.round} Sits out ", pos) + 1
            continue
        head = f" {rnd.round} {rnd.table} {rnd.seat.title} {rnd.partner} vs "
        start = text.find(head, pos)
        assert start >= 0, f"round {rnd.round} of {card.player_name!r}: {head!r} not found"
        pos = start + len(head)
        for opponent in rnd.opponents:
            found = text.find(f" {opponent} ", pos - 1)
            assert found >= 0, f"round {rnd.round}: opponent {opponent!r} missing"
            pos = found + len(opponent) + 1
        # ordering: the next round's head is searched from here, so an opponent
        # found in a later row would make that search fail


@pytest.mark.parametrize("rounds", [8, 12])
def test_scorecards_name_partner_and_opponents_every_round(rounds):
    names, cards, _ = samples.sample_event(26, rounds)
    cards_text = _card_texts(_pdf(write_scorecards, cards))
    assert sorted(cards_text) == list(range(1, 27))
    sit_outs = 0
    for card in cards:
        assert len(card.rounds) == rounds
        sit_outs += sum(r.sitting_out for r in card.rounds)
        _assert_card_matches(cards_text[card.number], card)
    assert sit_outs == 2 * rounds  # 26 players: 6 tables, 2 sit out each round


def test_scorecards_unicode_and_long_names_extract_whole():
    names, cards, _ = samples.sample_event(26, 8)
    text = _flat("\n".join(p.extract_text() for p in _pdf(write_scorecards, cards).pages))
    for name in ("Zoë Ångström", "Seán O'Brien", "Łukasz Wróbel", "李小龍", "Дмитрий Шостакович",
                 "Γιώργος Παπαδόπουλος", "Ann & Bob <Co>", samples.LONG_NAME):
        assert f" {name} " in text
    assert len(samples.LONG_NAME) == 60
    assert "\u2026" not in text  # nothing had to be cut short


def test_scorecards_mixed_script_name_is_one_string():
    rounds = (PlayerRoundView(1, 3, Seat.WEST, "Anna 王小明 Smith", ("Ivan Петров", "Ωmega 东京")),)
    card = ScorecardView("Club", date(2026, 1, 2), "Zoë 李 Ångström", 7, 8, rounds)
    text = _flat(_pdf(write_scorecards, [card]).pages[0].extract_text())
    for s in ("Zoë 李 Ångström", "Anna 王小明 Smith", "vs Ivan Петров · Ωmega 东京"):
        assert s in text


@pytest.mark.parametrize(("rounds", "per_page"), [(5, 3), (8, 2), (12, 2), (20, 1)])
def test_scorecards_per_page_by_round_count(rounds, per_page):
    _, cards, _ = samples.sample_event(26, rounds)
    reader = _pdf(write_scorecards, cards)
    assert len(reader.pages) == -(-26 // per_page)


def test_scorecards_letter_and_a4_media_boxes():
    _, cards, sheets = samples.sample_event(8, 3)
    letter = _pdf(write_scorecards, cards)
    a4 = _pdf(write_scorecards, cards, page_size="a4")
    tally_a4 = _pdf(write_tally_sheets, sheets, page_size="A4")
    assert [round(float(v)) for v in letter.pages[0].mediabox] == [0, 0, 612, 792]
    assert [round(float(v)) for v in a4.pages[0].mediabox] == [0, 0, 595, 842]
    assert [round(float(v)) for v in tally_a4.pages[0].mediabox] == [0, 0, 595, 842]


@pytest.mark.parametrize("bad", ["legal", "", "A5", None])
def test_reports_reject_unknown_page_size(bad):
    _, cards, sheets = samples.sample_event(8, 2)
    with pytest.raises(ValueError):
        write_scorecards(cards, io.BytesIO(), page_size=bad)
    with pytest.raises(ValueError):
        write_tally_sheets(sheets, io.BytesIO(), page_size=bad)


def test_reports_write_to_a_path(tmp_path):
    _, cards, sheets = samples.sample_event(8, 2)
    write_scorecards(cards, tmp_path / "cards.pdf")
    write_tally_sheets(sheets, str(tmp_path / "tally.pdf"))
    assert len(PdfReader(tmp_path / "cards.pdf").pages) == 3  # 8 cards, 3 per page
    assert len(PdfReader(tmp_path / "tally.pdf").pages) == 2  # 2 rounds x 2 tables, 2 per page


def test_reports_empty_input_gives_one_explaining_page():
    reader = _pdf(write_scorecards, [])
    assert len(reader.pages) == 1
    assert "No scorecards" in reader.pages[0].extract_text()
    assert "No tally sheets" in _pdf(write_tally_sheets, []).pages[0].extract_text()


def test_tally_sheets_name_every_seat_and_partnership():
    _, _, sheets = samples.sample_event(26, 8)
    reader = _pdf(write_tally_sheets, sheets)
    assert len(sheets) == 6 * 8
    assert len(reader.pages) == 24
    pages = [_flat(p.extract_text()) for p in reader.pages]
    for i, sheet in enumerate(sheets):
        text = pages[i // 2]
        block = text.split(" Round ")[1 + i % 2]
        assert block.startswith(f"{sheet.round} Table {sheet.table} ")
        ns = block.index("North\u2013South")
        ew = block.index("East\u2013West")
        assert ns < block.index(f" North {sheet.north} South {sheet.south} ") < ew
        assert ew < block.index(f" East {sheet.east} West {sheet.west} ")
        assert " Sitting out this round: " + ", ".join(sheet.sit_out) + " " in block
        rows = re.findall(r" (\d+) NS EW 0 1 2 3 4 5(?= )", block)
        assert rows == [str(h) for h in range(1, sheet.hands_per_round + 1)]
        assert "Totals" in block


def test_tally_sheets_twelve_hands_still_two_per_page():
    _, _, sheets = samples.sample_event(8, 2, hands=12)
    assert len(_pdf(write_tally_sheets, sheets).pages) == 2
    sheet = TallySheetView("E", date(2026, 1, 1), 1, 1, "a", "b", "c", "d", 20)
    assert TallySheetReport().layout_for([sheet]).size.per_page == 1


def test_fonts_split_runs_by_coverage():
    st = fonts.styled("Anna 王小明 Smith")
    assert [r.font for r in st.runs] == [fonts.REGULAR, fonts.FALLBACK, fonts.REGULAR]
    assert "".join(r.text for r in st.runs) == "Anna 王小明 Smith"
    assert [r.font for r in fonts.styled("Łukasz Дмитрий Γιώργος", bold=True).runs] == [fonts.BOLD]
    # decomposed input comes out composed
    assert fonts.styled("Zoe\u0308").text == "Zoë"


def test_fonts_shrink_before_ellipsis():
    name = samples.LONG_NAME
    width = fonts.text_width(name, 10)
    assert fonts.fit_size(name, width / 2, 10, 4) == pytest.approx(5)
    assert fonts.fit_size(name, width / 4, 10, 4) == 4
    short = fonts.ellipsize(name, width / 4, 10)
    assert short.endswith("\u2026") and fonts.text_width(short, 10) <= width / 4
    assert fonts.ellipsize("Bob", 100, 10) == "Bob"


def test_card_size_table_picks_densest_that_fits():
    page = page_dimensions("letter")
    fixed = ScorecardReport.fixed_height
    assert choose_layout(SCORECARD_SIZES, page, fixed, 6).size.name == "third"
    assert choose_layout(SCORECARD_SIZES, page, fixed, 13).size.name == "half"
    layout = choose_layout(SCORECARD_SIZES, page, fixed, 40)
    assert layout.size.name == "full" and layout.row_height * 40 + fixed <= layout.card_height + 1e-6
    for rect in layout.slots():
        assert 0 <= rect.x and rect.right <= page[0] and 0 <= rect.y and rect.top <= page[1]


def test_rotation_chart_rows_give_table_and_seat_every_round():
    from euchre_tourney.reports import write_rotation_chart

    _, cards, _ = samples.sample_event(26, 8)
    reader = _pdf(write_rotation_chart, cards)
    assert len(reader.pages) == 1
    box = [float(v) for v in reader.pages[0].mediabox]
    assert box[2] > box[3]  # landscape past 6 rounds
    text = _flat(reader.pages[0].extract_text())
    for card in cards:
        cells = " ".join("out" if r.sitting_out else f"{r.table} {r.seat.letter}" for r in card.rounds)
        assert f" {card.number} {card.player_name} {cells} " in text
    # sorted by name, alphabetically for people (Ł beside L, accents beside their letter)
    order = [text.index(f" {c.player_name} ") for c in sorted(cards, key=lambda c: collation_key(c.player_name))]
    assert order == sorted(order)


def test_rotation_chart_pages_and_portrait_for_few_rounds():
    from euchre_tourney.reports import write_rotation_chart

    _, cards, _ = samples.sample_event(60, 5)
    reader = _pdf(write_rotation_chart, cards, page_size="a4")
    assert [round(float(v)) for v in reader.pages[0].mediabox] == [0, 0, 595, 842]
    assert len(reader.pages) == 2
    text = _flat(" ".join(p.extract_text() for p in reader.pages))
    assert all(f" {c.player_name} " in text for c in cards)
    with pytest.raises(ValueError):
        write_rotation_chart(cards, io.BytesIO(), page_size="tabloid")

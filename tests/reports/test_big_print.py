"""Printing a big night: the tables' QR codes drawn once each, progress to
the end, and a stopped report leaving no file (counts of events, no timing)."""

from __future__ import annotations

import dataclasses
import pytest
import segno
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from euchre_tourney.reports import REPORTS, Cancelled, report, sheet
from tests.reports.test_reports_pdfs import samples




def _coded(sheets):
    return [dataclasses.replace(s, phone_url=f"http://10.0.0.5:8765/t/{s.table}/secret{s.table:04d}") for s in sheets]


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=120))
def test_the_qr_runs_cover_exactly_the_dark_modules(data):
    modules, runs = sheet.qr_runs(data)
    matrix = segno.make(data, error="l", boost_error=False).matrix
    assert modules == len(matrix)
    drawn = {(row, col + i) for row, col, length in runs for i in range(length)}
    dark = {(r, c) for r, line in enumerate(matrix) for c, v in enumerate(line) if v}
    assert drawn == dark
    assert all(length > 0 for _r, _c, length in runs)


def test_a_tables_qr_code_is_encoded_once_for_all_its_rounds(monkeypatch, tmp_path):
    _, _cards, sheets = samples.sample_event(32, 3, hands=4)  # 8 tables x 3 rounds
    encoded = []
    real = sheet.qr_runs
    monkeypatch.setattr(sheet, "qr_runs", lambda data: encoded.append(data) or real(data))
    out = tmp_path / "tally.pdf"
    report("tally-sheets").write(_coded(sheets), out)
    assert sorted(encoded) == sorted({s.phone_url for s in _coded(sheets)})
    assert len(encoded) == 8
    assert len(PdfReader(out).pages) == 12  # 24 sheets, two a page


@pytest.mark.parametrize("name", ["scorecards", "tally-sheets", "rotation-chart"])
def test_progress_reaches_every_item_in_steps(name, tmp_path):
    _, cards, sheets = samples.sample_event(120, 8, hands=8)
    data = sheets if name == "tally-sheets" else cards
    seen = []
    report(name).write(data, tmp_path / "out.pdf", progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(data), len(data))
    assert len(seen) == len(PdfReader(tmp_path / "out.pdf").pages) > 1
    assert [d for d, _t in seen] == sorted({d for d, _t in seen})  # rising, one call per page


@pytest.mark.parametrize("name", ["scorecards", "tally-sheets", "rotation-chart"])
def test_a_cancelled_report_leaves_no_file_and_the_old_one_as_it_was(name, tmp_path):
    _, cards, sheets = samples.sample_event(120, 8, hands=8)
    data = sheets if name == "tally-sheets" else cards
    fresh, old = tmp_path / "fresh.pdf", tmp_path / "old.pdf"
    old.write_bytes(b"%PDF-1.4 the one printed last week")
    calls = []

    def stop_at_the_second_page(done, total):
        calls.append(done)
        if len(calls) == 2:
            raise Cancelled

    for target in (fresh, old):
        calls.clear()
        with pytest.raises(Cancelled):
            report(name).write(data, target, progress=stop_at_the_second_page)
        assert len(calls) == 2
    assert not fresh.exists()
    assert old.read_bytes() == b"%PDF-1.4 the one printed last week"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.pdf"]  # no temporary file left either


def test_a_finished_report_replaces_the_old_file_whole(tmp_path):
    _, cards, _sheets = samples.sample_event(20, 4, hands=4)
    out = tmp_path / "cards.pdf"
    out.write_bytes(b"old")
    report("scorecards").write(cards, out)
    assert len(PdfReader(out).pages) == 7  # 20 cards, three a page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf"]


def test_every_report_takes_a_progress_callback(tmp_path):
    # the window passes one to whichever report it prints
    import inspect

    for rep in REPORTS:
        for writer in filter(None, (rep.writer, rep.team_writer)):
            assert "progress" in inspect.signature(writer).parameters, rep.name

"""Team reports from read models, and right-to-left names."""

from __future__ import annotations

from datetime import date

from pypdf import PdfReader

from euchre_tourney import tournament
from euchre_tourney.reports import fonts
from euchre_tourney.reports.team_cards import team_cards, team_tally_sheets, write_team_cards, write_team_tally_sheets


def test_visual_order_only_touches_right_to_left_text():
    assert fonts.visual_order("Zoë Ångström & 李小龍") == "Zoë Ångström & 李小龍"
    assert fonts.visual_order("5 שלום & Dora") == "5 םולש & Dora"  # Hebrew reversed, the line stays left to right
    shaped = fonts.visual_order("علي")
    assert len(shaped) == 3 and all("\ufe70" <= ch <= "\ufeff" for ch in shaped)  # joined contextual forms
    assert fonts.text_width("علي", 10) > 0


def _swiss(session):
    e = tournament.create_event(session, "Swiss", date(2026, 11, 24), kind="team", rounds=3, team_format="swiss",
                                round_scoring="game")
    ps = [tournament.add_player(session, n) for n in ("Anna", "Bob", "Cy", "Di", "Ed", "Flo")]
    for i in range(3):
        tournament.add_team(session, e.id, ps[2 * i].id, ps[2 * i + 1].id, "Aces" if i == 0 else "")
    tournament.make_team_rounds(session, e.id)
    return tournament.team_printout(session, e.id)


def test_team_cards_list_paired_rounds_byes_and_rounds_to_come(session, tmp_path):
    view = _swiss(session)
    cards = {c.team.number: c for c in team_cards(view)}
    assert [r.seats for r in cards[1].rows] == ["N–S", "", ""]
    assert cards[1].rows[0].opponent == "2 Cy & Di" and cards[1].rows[0].opponent_players == ""
    assert cards[2].rows[0].opponent == "1 Aces" and cards[2].rows[0].opponent_players == "Anna & Bob"
    assert cards[3].rows[0].seats == "bye"
    assert [r.opponent for r in cards[3].rows[1:]] == ["paired after round 1", "paired after round 2"]
    assert cards[1].game == "Game to 10"
    sheets = team_tally_sheets(view)
    assert len(sheets) == 1 and sheets[0].ns_team == "Team 1 Aces" and sheets[0].sit_out == ("team 3 Ed & Flo",)
    assert sheets[0].hands_per_round == 12
    out = tmp_path / "cards.pdf"
    write_team_cards(view, out, page_size="a4")
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Team 3" in text and "paired after round 2" in text and "Game to 10" in text
    write_team_tally_sheets(view, tmp_path / "tally.pdf")
    tally = "\n".join(p.extract_text() for p in PdfReader(tmp_path / "tally.pdf").pages)
    assert "Bye this round: team 3 Ed & Flo" in tally and "Team 1 Aces" in tally

"""The published site (issue 31 item 1) without a browser: what pages it
has, names escaped, member pages only while the club publishes them,
re-publishing rewrites only what changed, the zip, the command line."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from euchre_tourney import publish as P
from euchre_tourney import tournament as T
from euchre_tourney.cli import main
from euchre_tourney.rules import HandEntry, Side
from tests.cli.club_files import make_club


def _site(db, **kw):
    with db.session() as s:
        return T.site_data(s, **kw)


def test_a_night_escapes_names_and_shows_every_round_and_the_prizes(db, scored_night, tmp_path):
    event_id, _ = scored_night
    report = P.write_site(_site(db), tmp_path / "site")
    html = (tmp_path / "site" / f"night-{event_id}.html").read_text()
    assert "Ann &lt;b&gt;Lee&lt;/b&gt; &amp; co" in html and "<b>Lee</b>" not in html
    assert "עברית שם" in html and "王小明" in html
    with db.session() as s:
        st = T.standings(s, event_id)
    cells = re.findall(r"<tr><td class=\"num\">(=?\d+)</td><th scope=\"row\">(.*?)</th>(.*?)</tr>", html, re.S)
    assert len(cells) == len(st.rows)
    for (place, _, rest), row in zip(cells, st.rows):
        numbers = re.findall(r"<td class=\"num[^\"]*\">(-?\d+|–)</td>", rest)
        assert numbers[: len(row.round_points)] == [str(p) for p in row.round_points]
        assert numbers[len(row.round_points)] == str(row.points)
    for prize in st.prizes:
        assert prize.title in html
    assert "<script" not in html and "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert report.zip_path == tmp_path / "site.zip" and report.zip_path.exists()


def test_member_pages_only_while_the_club_publishes_them(db, scored_night, tmp_path):
    folder = tmp_path / "site"
    P.write_site(_site(db), folder)
    assert not list(folder.glob("member*.html"))
    assert "member-" not in (folder / "index.html").read_text()
    T.operate(db, "club", T.set_club_settings, publish_members=True)
    P.write_site(_site(db), folder)
    pages = sorted(p.name for p in folder.glob("member-*.html"))
    assert len(pages) == 8 and (folder / "members.html").exists()
    night = (folder / f"night-{scored_night[0]}.html").read_text()
    assert 'href="member-' in night
    # turned off again: the pages it wrote are removed, a file of the director's stays
    (folder / "notes.txt").write_text("mine")
    T.operate(db, "club", T.set_club_settings, publish_members=False)
    report = P.write_site(_site(db), folder)
    assert not list(folder.glob("member*.html")) and len(report.removed) == 9
    assert (folder / "notes.txt").read_text() == "mine"
    with zipfile.ZipFile(report.zip_path) as z:
        assert not [n for n in z.namelist() if "member" in n]


def test_republishing_rewrites_only_what_changed(db, tmp_path):
    club = make_club(tmp_path / "club.sqlite")
    db = T.open_database(tmp_path / "club.sqlite")
    try:
        folder = tmp_path / "site"
        first = P.write_site(_site(db), folder)
        assert not first.unchanged and "index.html" in first.written
        stamps = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
        again = P.write_site(_site(db), folder)
        assert not again.written and not again.removed
        assert stamps == {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
        # round 2 of the progressive night entered: its page and the season's change, not the others
        with db.session() as s:
            for table in (1, 2):
                T.record_hand(s, club.progressive, 2, table, 1, HandEntry(Side.NS, 5))
                T.record_hand(s, club.progressive, 2, table, 2, HandEntry(Side.EW, 3))
        third = P.write_site(_site(db), folder)
        assert set(third.written) <= {f"night-{club.progressive}.html", f"season-{club.season}.html", "index.html"}
        assert f"night-{club.progressive}.html" in third.written
        assert f"night-{club.team}.html" in third.unchanged
    finally:
        db.dispose()


def test_a_season_states_its_counting_rules_and_a_bracket_is_svg(tmp_path):
    club = make_club(tmp_path / "club.sqlite")
    db = T.open_database(tmp_path / "club.sqlite")
    try:
        T.operate(db, "season", T.update_season, club.season, best_nights=2, min_nights=1)
        P.write_site(_site(db, event_ids=[], season_ids=[club.season]), tmp_path / "site")
    finally:
        db.dispose()
    season = (tmp_path / "site" / f"season-{club.season}.html").read_text()
    assert "How the season counts" in season and "best 2 nights" in season and "at least 1 nights to qualify" in season
    knockout = (tmp_path / "site" / f"night-{club.knockout}.html").read_text()
    svg = re.search(r"<svg .*?</svg>", knockout, re.S).group(0)
    assert 'role="img"' in svg and "<title" in svg and svg.count("<rect") == 3  # two semi-finals and the final


def test_the_command_line_publishes_a_night_a_season_or_everything(tmp_path, capsys):
    club = make_club(tmp_path / "club.sqlite")
    db = str(tmp_path / "club.sqlite")
    assert main(["--database", db, "publish", "--event", str(club.progressive), str(tmp_path / "one")]) == 0
    assert sorted(p.name for p in (tmp_path / "one").glob("*.html")) == ["index.html", f"night-{club.progressive}.html"]
    assert (tmp_path / "one.zip").exists()
    assert main(["--database", db, "publish", "--season", str(club.season), str(tmp_path / "season"), "--no-zip"]) == 0
    assert (tmp_path / "season" / f"season-{club.season}.html").exists() and not (tmp_path / "season.zip").exists()
    assert main(["--database", db, "publish", str(tmp_path / "all")]) == 0
    assert len(list((tmp_path / "all").glob("night-*.html"))) == 4
    assert main(["--database", db, "publish", "--season", "99", str(tmp_path / "x")]) == 2
    assert "no season number 99" in capsys.readouterr().err
    (tmp_path / "afile").write_text("")
    assert main(["--database", db, "publish", str(tmp_path / "afile")]) == 2


def test_share_images_at_both_sizes_light_and_dark(tmp_path):
    from PIL import Image

    club = make_club(tmp_path / "club.sqlite")
    db = str(tmp_path / "club.sqlite")
    brightness = {}
    for size, dims in P.SIZES.items():
        for theme in P.THEMES:
            out = tmp_path / f"{size}-{theme}.png"
            assert main(["--database", db, "share-image", "--event", str(club.progressive), "--out", str(out),
                         "--size", size, "--theme", theme]) == 0
            img = Image.open(out).convert("L")
            assert img.size == dims
            brightness[(size, theme)] = sum(img.histogram()[i] * i for i in range(256)) / (dims[0] * dims[1])
            assert img.getextrema()[1] - img.getextrema()[0] > 150  # text stands out from the background
    for size in P.SIZES:
        assert brightness[(size, "dark")] < 80 < 180 < brightness[(size, "light")]
    assert main(["--database", db, "share-image", "--season", str(club.season), "--out", str(tmp_path / "s.png")]) == 0
    assert Image.open(tmp_path / "s.png").size == (1200, 630)


def test_the_club_command_sets_the_member_pages_and_keeps_the_password_out_of_the_file(tmp_path, capsys, monkeypatch):
    import keyring

    from tests.publish.conftest import MemoryKeyring

    before = keyring.get_keyring()
    kept = MemoryKeyring()
    keyring.set_keyring(kept)
    try:
        club = make_club(tmp_path / "club.sqlite")
        db = str(tmp_path / "club.sqlite")
        monkeypatch.setattr("getpass.getpass", lambda prompt: "hunter2-secret")
        assert main(["--database", db, "club", "--name", "Maple <Club>", "--members", "on", "--smtp-host", "smtp.example.org",
                     "--smtp-port", "587", "--smtp-security", "starttls", "--smtp-user", "dir", "--smtp-from",
                     "club@example.org", "--smtp-password"]) == 0
        out = capsys.readouterr().out
        assert "member pages: on" in out and "STARTTLS" in out and "hunter2" not in out
        assert list(kept.kept.values()) == ["hunter2-secret"]
        assert b"hunter2-secret" not in (tmp_path / "club.sqlite").read_bytes()
        assert main(["--database", db, "publish", "--event", str(club.progressive), str(tmp_path / "site")]) == 0
        assert list((tmp_path / "site").glob("member-*.html"))
        assert "Maple &lt;Club&gt;" in (tmp_path / "site" / "index.html").read_text()
        assert main(["--database", db, "club", "--smtp-port", "0"]) == 2
        assert main(["--database", db, "club", "--smtp-from", "nobody"]) == 2
        assert "not an e-mail address" in capsys.readouterr().err
    finally:
        keyring.set_keyring(before)

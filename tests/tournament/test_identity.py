"""Two players of the night with the same name are told apart by their number
(issue 14, item 2), and names sort for people (item 8)."""

from __future__ import annotations

import datetime
import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_tourney import tournament as T
from euchre_tourney.tournament.identity import collation_key, labels, labels_of


@pytest.fixture
def twins(session):
    ids = [T.add_player(session, "Bob Miller").id, T.add_player(session, "bob  miller").id]
    ids += [T.add_player(session, f"Player {i}").id for i in range(6)]
    T.add_player(session, "Ann Other")  # on the roster, not playing: no number anywhere
    ev = T.create_event(session, "Night", datetime.date(2026, 6, 7), rounds=3, hands_per_round=2)
    T.set_checked_in(session, ev.id, ids)
    T.generate_rotation(session, ev.id, seed=3)
    return ev


def _numbers(session, ev):
    return sorted(e.number for e in T.entrants(session, ev.id) if e.name.casefold().replace(" ", "") == "bobmiller")


def test_shared_name_shows_number_everywhere(session, twins):
    a, b = _numbers(session, twins)
    view = T.rotation_view(session, twins.id)
    shown = {n for r in view.rounds for t in r.tables for n in t.names} | {n for r in view.rounds for n in r.sit_out}
    bobs = {n for n in shown if "miller" in n.casefold()}
    assert len(bobs) == 2 and all(n.endswith((f"#{a}", f"#{b}")) for n in bobs), bobs
    assert not any(n.startswith("Player") and "#" in n for n in shown)  # unique names stay bare
    cards = T.scorecards(session, twins.id)
    for card in cards:
        for r in card.rounds:
            for other in (r.partner, *r.opponents):
                assert "miller" not in other.casefold() or "#" in other
    # the card's header keeps the plain name: the number is printed beside it
    assert {c.player_name for c in cards if "iller" in c.player_name} == {"Bob Miller", "bob miller"}
    for sheet in T.tally_sheets(session, twins.id):
        for n in (sheet.north, sheet.east, sheet.south, sheet.west, *sheet.sit_out):
            assert "miller" not in n.casefold() or "#" in n
    table = T.table_score(session, twins.id, 1, 1)
    assert all("miller" not in n.casefold() or "#" in n for n in table.names)
    rows = T.standings(session, twins.id).rows
    assert sorted(r.name for r in rows if "iller" in r.name) == sorted(bobs)
    csv = T.standings_csv(T.standings(session, twins.id))
    assert f"Bob Miller #{a}" in csv or f"Bob Miller #{b}" in csv


def test_number_goes_when_the_namesake_leaves_before_playing(session, twins):
    bob2 = next(e for e in T.entrants(session, twins.id) if e.name == "bob miller")
    T.set_checked_in(session, twins.id, bob2.player_id, False)  # before any score: rotation discarded
    T.generate_rotation(session, twins.id, seed=3)
    names = {n for r in T.rotation_view(session, twins.id).rounds for t in r.tables for n in t.names}
    assert "Bob Miller" in names


def test_labels_unit():
    assert labels([(1, "Bob", 3), (2, "BOB", 9), (3, "Al", 1), (4, "Al ", None)]) == {
        1: "Bob #3", 2: "BOB #9", 3: "Al #1", 4: "Al "}
    assert labels([(1, "Bob", 3)]) == {1: "Bob"}


def test_collation_puts_letters_beside_their_base():
    names = ["Zed", "Łukasz", "Lucy", "ada", "Émile", "Eve", "王伟"]
    assert sorted(names, key=collation_key) == ["ada", "Émile", "Eve", "Lucy", "Łukasz", "Zed", "王伟"]


@given(st.lists(st.tuples(st.sampled_from(["Bob", "bob", "Al", "Cy Young", "cy  young"]),
                          st.integers(1, 99)), max_size=12, unique_by=lambda t: t[1]))
def test_labels_are_unique_when_numbers_are(rows):
    shown = labels((i, name, number) for i, (name, number) in enumerate(rows))
    assert len({" ".join(v.split()).casefold() for v in shown.values()}) == len(rows)
    for i, (name, _n) in enumerate(rows):
        assert shown[i].startswith(name)


@given(st.lists(st.tuples(st.sampled_from(["Bob", "bob", "Al", "Straße", "STRASSE", "Cy Young", "cy  young"]),
                          st.one_of(st.none(), st.integers(1, 99))), min_size=1, max_size=12),
       st.data())
def test_a_few_labels_are_the_whole_nights(rows, data):
    """A table's four names (labels_of) are labelled as the whole night's labels label them, a namesake
    under case folding ("Straße", "STRASSE") included."""
    night = [(i, name, number) for i, (name, number) in enumerate(rows)]
    chosen = data.draw(st.lists(st.sampled_from(night), max_size=4, unique=True))
    whole = labels(night)
    assert labels_of(chosen, [name for _i, name, _n in night]) == {i: whole[i] for i, _name, _n in chosen}


def test_a_tables_names_are_labelled_among_the_night(session, twins):
    """table_score reads the four seated players and the night's names (not a label for everyone): a
    namesake elsewhere in the room still gives both their numbers."""
    a, b = _numbers(session, twins)
    shown = {n for t in (1, 2) for n in T.table_score(session, twins.id, 1, t).names}
    assert {n for n in shown if "iller" in n} == {f"Bob Miller #{a}", f"bob miller #{b}"} or \
        {n for n in shown if "iller" in n} == {f"Bob Miller #{b}", f"bob miller #{a}"}
    assert not any(n.startswith("Player") and "#" in n for n in shown)


@given(st.text(st.characters(max_codepoint=0x7F), max_size=16))
def test_ascii_names_are_keyed_as_the_whole_collation_table_keys_them(name):
    """Start-up time (issue 30 item 5): ASCII names are keyed from the table's
    ASCII lines alone, and the keys must be the whole table's."""
    from euchre_tourney.tournament import identity

    collator = identity._Collator()
    assert collator.sort_key(name) == _whole_table().sort_key(name)
    assert collator._full is None  # the whole table was not read for it


@functools.cache
def _whole_table():
    import pyuca

    return pyuca.Collator()


def test_a_name_with_another_letter_reads_the_whole_table():
    from euchre_tourney.tournament import identity

    collator = identity._Collator()
    assert collator.sort_key("Łukasz") == _whole_table().sort_key("Łukasz")
    assert collator._full is not None

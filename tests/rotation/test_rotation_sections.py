"""Sections' rotations (issue 30 item 1): for 8 to 2,000 players split into
sections, each section's rotation is fair within the section and partners
never repeat, tables are numbered within the section at its offset, and a
table seats only its section's players."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from euchre_tourney import rotation


@st.composite
def nights(draw):
    n = draw(st.integers(8, 2000))
    size = draw(st.sampled_from([8, 12, 16, 20, 24, 40, 60]))
    count = max(1, min(n // 4, round(n / size)))
    sizes = rotation.section_sizes(n, count)
    rounds = draw(st.integers(1, min(10, min(sizes) - 1)))
    return n, sizes, rounds, draw(st.integers(0, 10**6))


@settings(max_examples=25)
@given(nights())
def test_each_section_fair_and_without_partner_repeats(night):
    n, sizes, rounds, seed = night
    assert sum(sizes) == n and max(sizes) - min(sizes) <= 7 and all(s % 4 == 0 for s in sizes[:-1])
    groups, start = [], 1
    for size in sizes:
        groups.append(list(range(start, start + size)))
        start += size
    offsets = [100 * k for k in range(len(groups))]
    parts = rotation.sectioned(groups, rounds, seed, offsets=offsets)
    night_schedule = rotation.merge_sections(parts)
    assert sorted(night_schedule.players) == list(range(1, n + 1))
    for group, offset, part in zip(groups, offsets, parts):
        members = set(group)
        assert len(part.rounds) == rounds
        for r in part.rounds:
            assert {t.number for t in r.tables} == set(range(offset + 1, offset + 1 + len(group) // 4))
            assert {p for t in r.tables for p in t.seats} | set(r.sit_out) == members
            assert len(r.sit_out) == len(group) % 4
        q = rotation.check(rotation.split_section(night_schedule, members, offset))
        assert q.max_partnered <= 1, "a partner repeated within a section"
        assert q.partner_repeats == 0
        assert q.sit_out_max - q.sit_out_min <= 1 and q.sit_out_prefix_spread <= 1, "sit-outs unfair within a section"
    for r in night_schedule.rounds:  # nobody meets anyone of another section
        for t in r.tables:
            k = (t.number - 1) // 100
            assert set(t.seats) <= set(groups[k])


def test_section_sizes_whole_tables_first():
    assert rotation.section_sizes(2000, 100) == [20] * 100
    assert rotation.section_sizes(30, 2) == [16, 14]
    assert rotation.section_sizes(43, 3) == [16, 12, 15]
    try:
        rotation.section_sizes(7, 2)
    except ValueError as e:
        assert "cannot make 2 sections" in str(e)
    else:
        raise AssertionError("7 players made 2 sections")


def test_a_requested_section_gets_its_own_search_and_keeps_the_request():
    groups = [list(range(1, 13)), list(range(13, 25))]
    c = rotation.Constraints(pinned={14: 2}, apart=((15, 17),))
    parts = rotation.sectioned(groups, 5, 3, offsets=[0, 100], constraints=[None, rotation.constraints_within(c, set(groups[1]))])
    for r in parts[1].rounds:
        assert next(t.number for t in r.tables if 14 in t.seats) == 102  # pinned at the section's table 2
        for t in r.tables:
            assert {15, 17} not in ({t.north, t.south}, {t.east, t.west})

"""Rotations stay bit-identical: a sample of the recorded cases of
``rotation_digests.py`` (recorded before issue 17's restructuring) is
recomputed through the public entry points and compared digest for digest.

The default run takes every 40th case (about 30 cases, a few seconds); the
whole list (1,188 cases, about 2½ minutes alone on this machine) runs with
``python3 tests/rotation/rotation_digests.py --check``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("rotation_digests", Path(__file__).with_name("rotation_digests.py"))
digests = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(digests)

RECORDED = digests.recorded()
SAMPLE = list(RECORDED)[::40]


def test_the_record_covers_every_case():
    assert list(RECORDED) == digests.cases()
    assert len(RECORDED) > 1000


@pytest.mark.parametrize("case", SAMPLE)
def test_rotation_is_bit_identical_to_the_record(case):
    assert digests.digest(case) == RECORDED[case], case

"""Stored design data is read when a design asks for it, never at import:
``import euchre_tourney.rotation`` reads no data file, and a night reads only
the files its construction needs. Run in a fresh interpreter (the rest of
the test run has read them all)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import euchre_tourney.rotation as rotation
from euchre_tourney.rotation import testing

print("import", testing.files_read())
rotation.full_length(12)
rotation.Constraints()
print("full_length", testing.files_read())
rotation.progressive(12, 11, 1)
print("Wh(12)", testing.files_read())
rotation.progressive(46, 8, 1)
print("46 x 8", testing.files_read())
"""


def test_no_design_data_is_read_until_a_design_is_asked_for():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    assert out.stdout.splitlines() == [
        "import []",
        "full_length []",
        "Wh(12) ['whist_starters']",
        "46 x 8 ['whist_starters', 'short_nights']",
    ]

"""The rotation package's internals that its tests exercise directly — a
documented test helper; the app never imports it.

Tests import public names from :mod:`euchre_tourney.rotation` and everything
else from here, so the modules behind these names can move without touching
a test. Each name is the package's own object (not a copy):

Designs (:mod:`.designs`): :func:`is_whist`, :func:`is_near_whist`,
:func:`is_rbibd`, :func:`is_rtd` and the shared :class:`PairCounts`;
:func:`field_design`, :func:`product_design`, :func:`develop` (a cyclic
starter's rounds), :func:`ap_order`; :func:`inflate`,
:func:`inflation_plans`, :func:`triplicate`; :func:`rtd`, :func:`rtd_known`;
:func:`near_whist_design`, :func:`near_whist_sizes`;
:func:`resolvable_design`, :func:`resolvable_sizes`; the column
construction :data:`LEVELS`, :func:`level_group`, :func:`column_group`,
:func:`develop_columns`, :func:`whist_columns`.

Full nights and their order: :func:`prefix_spread`, :func:`two_pass_order`.
Short nights (:mod:`.starts`): :func:`packing`, :func:`verify_night`,
:data:`ALPHABET`. Seats (:mod:`.seating`): :func:`orient`,
:func:`seat_and_number`, :func:`split_free`. Director requests
(:mod:`.progressive`): :func:`relabel_for_sit_outs`, :func:`split_apart`.

Stored data: :func:`files_read` says which data files this process has
read so far; :func:`stored` gives the live table a construction reads
(``monkeypatch.setitem`` on it plants a bad entry for one test); call
:func:`forget_designs` before and after such a test so no design built from
the planted entry outlives it.
"""

from __future__ import annotations

from euchre_tourney.rotation import full_nights, starts
from euchre_tourney.rotation import designs as _designs
from euchre_tourney.rotation.designs import data, near_whist, resolvable, transversal
from euchre_tourney.rotation.designs.columns import LEVELS, develop_columns, level_group, whist_columns
from euchre_tourney.rotation.designs.columns import group as column_group
from euchre_tourney.rotation.designs.cyclic import ap_order, develop, field_design, product_design
from euchre_tourney.rotation.designs.inflation import inflate, inflation_plans, triplicate
from euchre_tourney.rotation.designs.near_whist import is_near_whist, near_whist_design
from euchre_tourney.rotation.designs.near_whist import known_sizes as near_whist_sizes
from euchre_tourney.rotation.designs.resolvable import is_rbibd, resolvable_design
from euchre_tourney.rotation.designs.resolvable import known_sizes as resolvable_sizes
from euchre_tourney.rotation.designs.transversal import is_rtd, rtd, rtd_known
from euchre_tourney.rotation.designs.verify import PairCounts, is_whist
from euchre_tourney.rotation.progressive import _relabel_for_sit_outs as relabel_for_sit_outs
from euchre_tourney.rotation.progressive import _split_apart as split_apart
from euchre_tourney.rotation.seating import orient, seat_and_number, split_free
from euchre_tourney.rotation.sit_out_order import prefix_spread, two_pass_order
from euchre_tourney.rotation.starts import packing, verify_night

ALPHABET = data.ALPHABET

__all__ = [
    "ALPHABET",
    "LEVELS",
    "PairCounts",
    "ap_order",
    "column_group",
    "develop",
    "develop_columns",
    "field_design",
    "files_read",
    "forget_designs",
    "inflate",
    "inflation_plans",
    "is_near_whist",
    "is_rbibd",
    "is_rtd",
    "is_whist",
    "level_group",
    "near_whist_design",
    "near_whist_sizes",
    "orient",
    "packing",
    "prefix_spread",
    "product_design",
    "relabel_for_sit_outs",
    "resolvable_design",
    "resolvable_sizes",
    "rtd",
    "rtd_known",
    "seat_and_number",
    "split_apart",
    "split_free",
    "stored",
    "triplicate",
    "two_pass_order",
    "verify_night",
    "whist_columns",
]


def stored(name: str, kind: str | None = None) -> dict:
    """The live table of stored data ``name`` (``whist_starters``,
    ``column_starters``, ``difference_matrices``, ``near_whist``,
    ``resolvable``, ``short_nights``), or of one ``kind`` of it (``cyc2``,
    ``bi``, ``explicit`` of ``near_whist``; ``pm_pairs``, ``cyc``,
    ``pm_group``, ``sigma``, ``full`` of ``resolvable``), keyed by size
    (``(kind, n)`` for ``whist_starters``). See :mod:`.designs.data` for the
    shapes. Raises ``FileNotFoundError`` for an unknown name."""
    return data.table(name, kind)


def files_read() -> list[str]:
    """The names of the stored-data files read so far in this process, in
    the order they were first read (each file is read once)."""
    return list(data.READ)


def forget_designs() -> None:
    """Clear every memoized design, packing and stored night, so the next
    request builds (and verifies) it again from the stored data."""
    for cached in (
        _designs._whist_cached,
        near_whist._design,
        resolvable._cached,
        transversal.rtd,
        full_nights._ghost_cached,
        full_nights._two_sit_outs_cached,
        starts._packing,
        starts._checked,
    ):
        cached.cache_clear()

"""PDF reports for club night, drawn with reportlab.

* :func:`write_scorecards` – one scorecard per player (several per sheet);
* :func:`write_tally_sheets` – one tally sheet per round and table;
* :func:`write_rotation_chart` – the wall chart: every player's table and
  seat for every round (takes the same scorecard read models).

Inputs are the plain read models of :mod:`euchre_tourney.tournament.readmodels`;
nothing here touches Qt or the database.

Why reportlab's canvas rather than platypus (Paragraphs, Tables): the cards
are fixed forms with boxes to write in, so absolute positions are the natural
description, and drawing them directly is an order of magnitude faster than
laying out a Paragraph per cell (200 scorecards of 8 rounds take well under a
second). Text goes through :mod:`euchre_tourney.reports.fonts`, which picks a
font per run of characters (DejaVu Sans, with Droid Sans Fallback for CJK), so
names in any script print and extract from the PDF as typed.

Layout is declarative: each report lists its card sizes (cards per page and
the row heights they allow) in a table, densest first, and the shared
template in :mod:`euchre_tourney.reports.sheet` picks the first that gives
every row enough room to write in. Text that does not fit shrinks; only below
a legible minimum is it cut short with an ellipsis.
"""

from euchre_tourney.reports.rotation_chart import write_rotation_chart
from euchre_tourney.reports.scorecards import write_scorecards
from euchre_tourney.reports.tally import write_tally_sheets

__all__ = ["write_rotation_chart", "write_scorecards", "write_tally_sheets"]

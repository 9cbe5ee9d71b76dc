"""euchre_tourney: a euchre club's tournament night on one laptop.

Layers (see DESIGN.md): ``rules`` and ``play`` (the game), ``rotation``
(schedules), ``store`` (database), ``tournament`` (use cases), ``reports``
(PDFs), ``gui`` (Qt), ``cli`` (command line).
"""

__version__ = "0.1.0"

"""euchre_tourney: a euchre club's tournament night on one laptop.

Layers (see DESIGN.md): ``rules`` and ``play`` (the game), ``rotation``
(schedules), ``store`` (database), ``tournament`` (use cases), ``reports``
(PDFs), ``gui`` (Qt), ``cli`` (command line).
"""

import logging as _logging

__version__ = "0.1.0"

# a library's manners: the app's log goes where the GUI points it (gui/errors.py), never to stderr by default
_logging.getLogger("euchre_tourney").addHandler(_logging.NullHandler())

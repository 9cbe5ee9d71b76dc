"""``python -m euchre_tourney``: same as the ``euchre-tourney`` command."""

import multiprocessing
import sys

from euchre_tourney.cli import main

if __name__ == "__main__":
    # the phone server runs in a process of its own (web/server.py): in a frozen bundle the
    # executable is started again for it, and this hands that start to multiprocessing
    multiprocessing.freeze_support()
    sys.exit(main())

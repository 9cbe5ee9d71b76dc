"""``python -m euchre_tourney``: same as the ``euchre-tourney`` command."""

import sys

from euchre_tourney.cli import main

if __name__ == "__main__":
    sys.exit(main())

"""A guard against a reference-count bug of PySide6 6.12.0 (the version this
project is installed with).

Each time Qt calls back into Python -- a slot, a ``paintEvent`` override, a
``QTimer.singleShot`` callable -- PySide6 6.12.0 releases one reference to
the callback's return value too many (``None`` for an ordinary method), and
each ``Signal.emit()`` from Python releases one reference to ``True`` or
``False`` too many. CPython 3.11 counts references to ``None`` and the two
booleans like any object's (about 5 500 at start-up), so after a few
thousand callbacks the count reaches zero and the interpreter aborts with
"Fatal Python error: none_dealloc" (or ``bool_dealloc``). A game at the
practice table makes tens of thousands of callbacks.

:func:`keep_singletons_alive` holds a large block of extra references to the
three singletons and adds another block whenever the count runs low, so the
over-released references never reach zero. Call it at start-up and from any
code path that runs once per many callbacks (the practice table calls it on
every redraw). It costs 8 bytes per reference held (about 8 MB per million
callbacks; the blocks are never freed, since freeing them at exit would
release the references the bug already took). Remove it once PySide6 is upgraded past the bug (test:
``tests/gui/test_refcount_guard.py`` shows whether the bug is present).
"""

from __future__ import annotations

import ctypes
import sys

BLOCK = 1 << 20
"""References added per singleton each time its count runs low."""
_LOW = BLOCK // 2
_held: list[list] = []


def keep_singletons_alive() -> None:
    """Top up the references to ``None``, ``True`` and ``False`` when fewer
    than half a block is left (cheap to call often)."""
    for obj in (None, True, False):
        if sys.getrefcount(obj) < _LOW:
            block = [obj] * BLOCK
            # Never freed, not even when the interpreter shuts down: freeing
            # it would release the references the bug already took.
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(block))
            _held.append(block)


__all__ = ["keep_singletons_alive"]

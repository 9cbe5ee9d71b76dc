"""Importing a roster CSV: read on a worker thread, preview, then write.

Step by step (:class:`RosterImport`): the file is read and checked by
:func:`euchre_tourney.tournament.read_roster_file` on a ``QThreadPool``
worker, with a progress bar and *Cancel* (100,000 lines take a second or
two); the :class:`ImportPreviewDialog` then shows every player that would be
added, the duplicates and each problem by line; only *Import* writes, in one
transaction on a second worker, and only when the file has no problem.
Cancel at any moment leaves the roster as it was.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QProgressDialog,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from PySide6.QtGui import QBrush, QColor

from euchre_tourney import tournament
from euchre_tourney.gui.models import role_numbers, Column, RowsModel
from euchre_tourney.gui.widgets import read_only_table

_WARN = QBrush(QColor("#fef3c7"))


class _Signals(QObject):
    progress = Signal(int)  # percent
    done = Signal(object)
    failed = Signal(object)
    cancelled = Signal()


_IMPORT = "Import players"


class _Job(QRunnable):
    """Run ``work(progress, cancel)`` on the thread pool; report through signals."""

    def __init__(self, work) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.signals = _Signals()
        self.work = work
        self.cancel_requested = False

    def cancel(self) -> None:
        self.cancel_requested = True

    def run(self) -> None:  # on a pool thread
        try:
            result = self.work(lambda f: self.signals.progress.emit(int(f * 100)), lambda: self.cancel_requested)
        except tournament.Cancelled:
            self.signals.cancelled.emit()
        except BaseException as exc:  # shown by the GUI thread (errors.report), never lost on stderr
            self.signals.failed.emit(exc)
        else:
            self.signals.done.emit(result)


class PreviewRowsModel(RowsModel):
    """The players a preview would add; duplicates tinted, with whom they match."""

    EXTRA_ROLES = role_numbers(Qt.BackgroundRole)

    def __init__(self, preview: tournament.ImportPreview, parent=None) -> None:
        self.why = {line: why for line, _name, why in preview.duplicates}
        super().__init__(
            [
                Column("Line", lambda r: r.line, Qt.AlignRight | Qt.AlignVCenter),
                Column("Name", lambda r: r.name),
                Column("Email", lambda r: r.email),
                Column("Phone", lambda r: r.phone),
                Column("Check", lambda r: f"Same name {self.why[r.line]}" if r.line in self.why else ""),
            ],
            parent,
        )
        self.set_rows(preview.rows)

    def extra_data(self, row, column: int, role: int):
        if role == Qt.BackgroundRole and row.line in self.why:
            return _WARN
        return None


class ImportPreviewDialog(QDialog):
    """What an import would do; *Import N players* only when the file is clean."""

    def __init__(self, preview: tournament.ImportPreview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preview = preview
        self.setWindowTitle(f"Import players — {Path(preview.source).name or 'CSV file'}")
        self.summary = QLabel(preview.summary())
        self.summary.setWordWrap(True)
        self.rows_model = PreviewRowsModel(preview, self)
        self.rows_view = read_only_table(self.rows_model)
        header = self.rows_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((50, 220, 220, 120)):
            self.rows_view.setColumnWidth(column, width)
        self.problems_model = RowsModel(
            [Column("Line", lambda p: p.line, Qt.AlignRight | Qt.AlignVCenter), Column("Problem", lambda p: p.message[:1].upper() + p.message[1:])],
            self,
        )
        self.problems_model.set_rows(preview.problems)
        self.problems_view = read_only_table(self.problems_model)
        self.problems_view.setColumnWidth(0, 50)
        self.problems_view.horizontalHeader().setStretchLastSection(True)
        self.problems_view.setWordWrap(True)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.rows_view, f"Players ({len(preview.rows):,})")
        self.tabs.addTab(self.problems_view, f"Problems ({len(preview.problems):,})")
        if preview.problems:
            self.tabs.setCurrentWidget(self.problems_view)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        n = len(preview.rows)
        self.import_button = self.buttons.addButton(
            f"&Import {n:,} player{'s' if n != 1 else ''}", QDialogButtonBox.AcceptRole
        )
        self.import_button.setEnabled(preview.ok)
        if not preview.ok:
            self.import_button.setToolTip("Fix the lines listed under Problems in the file, then import it again.")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.buttons)
        self.resize(820, 520)


class RosterImport(QObject):
    """One import, from the file to the stored players (see the module).

    Signals: ``preview_shown(dialog)``, ``finished(report)`` (players
    written), ``stopped(reason)`` (nothing written: ``"cancelled"``,
    ``"refused"`` or ``"failed"``).
    """

    preview_shown = Signal(object)
    finished = Signal(object)
    stopped = Signal(str)

    def __init__(self, page, path: str) -> None:
        super().__init__(page)
        self.page, self.ctx, self.path = page, page.ctx, str(path)
        self.dialog: ImportPreviewDialog | None = None
        self.progress = QProgressDialog(f"Reading {Path(self.path).name}…", "Cancel", 0, 100, page)
        self.progress.setWindowTitle("Import players")
        self.progress.setWindowModality(Qt.WindowModal)
        self.progress.setMinimumDuration(300)
        self.progress.setAutoReset(False)
        self.progress.setAutoClose(False)
        self.reader = _Job(lambda progress, cancel: tournament.read_roster_file(self.path, progress=progress, cancel=cancel))
        self.writer: _Job | None = None
        s = self.reader.signals
        s.progress.connect(self.progress.setValue)
        s.done.connect(self._read)
        s.cancelled.connect(self._cancelled)
        s.failed.connect(self._not_done)  # methods of this Qt object, a child of the page: dropped with it
        self.progress.canceled.connect(self.cancel)

    def start(self) -> RosterImport:
        QThreadPool.globalInstance().start(self.reader)
        return self

    @property
    def cancelled(self) -> bool:
        return self.reader.cancel_requested

    def cancel(self) -> None:
        """Stop reading; whatever the worker still sends is ignored, nothing is written."""
        if self.writer is not None:  # the one transaction is under way: it completes or rolls back
            return
        already = self.reader.cancel_requested
        self.reader.cancel()
        self.progress.reset()
        if not already:
            self.page.import_stopped("Import cancelled: nothing was imported.")
            self.stopped.emit("cancelled")

    def _cancelled(self) -> None:
        pass  # cancel() has already said so

    def _not_done(self, exc: BaseException) -> None:
        self._failed("Cannot import", exc)

    def _failed(self, title: str, exc: BaseException) -> None:
        if self.cancelled and self.writer is None:
            return
        self.progress.reset()
        from euchre_tourney.gui import errors

        errors.report(self.page, title, exc)
        self.page.import_stopped("Nothing was imported.")
        self.stopped.emit("failed")

    def _read(self, file: tournament.RosterFile) -> None:
        if self.cancelled:
            return
        self.progress.reset()
        try:
            preview = self.ctx.run(tournament.preview_import, file, self.path)
        except Exception as exc:  # noqa: BLE001 - shown, never lost
            self._failed("Cannot import", exc)
            return
        self.dialog = ImportPreviewDialog(preview, self.page)
        self.dialog.accepted.connect(lambda: self._write(preview))
        self.dialog.rejected.connect(self._declined)
        self.dialog.open()
        self.preview_shown.emit(self.dialog)

    def _declined(self) -> None:
        self.page.import_stopped(
            "Nothing was imported." if self.dialog.preview.ok else "Nothing was imported: fix the lines listed, then import again."
        )
        self.stopped.emit("refused")

    def _write(self, preview: tournament.ImportPreview) -> None:
        self.progress.setLabelText(f"Adding {len(preview.rows):,} players…")
        self.progress.setRange(0, 0)
        self.progress.setCancelButton(None)
        self.progress.show()
        self.writer = _Job(  # the unit of work on the pool thread; the undo stack hears of it in _written
            lambda _p, _c: self.ctx.perform(_IMPORT, tournament.import_players, preview, event_id=None)
        )
        self.writer.signals.done.connect(self._written)
        self.writer.signals.failed.connect(self._not_done)
        QThreadPool.globalInstance().start(self.writer)

    def _written(self, done) -> None:
        report, change = done
        self.ctx.announce(_IMPORT, change)  # undoable like any change
        self.progress.reset()
        self.progress.hide()
        self.page.import_done(report)
        self.finished.emit(report)

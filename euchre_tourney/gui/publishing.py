"""What leaves the laptop for the members (issue 31): File ▸ Publish
results… (the static site and the share images), Event ▸ E-mail the
results…, and the club's settings they share (its name, the site's
address, member pages, the mail server; the password into the system's
keyring, never the database).

Each dialog is a thin layer: the data comes from ``tournament`` (read
models, :func:`~euchre_tourney.tournament.set_club_settings` through the
undo log), the drawing and sending from :mod:`euchre_tourney.publish`, on
the thread pool (the window never waits on the disk or the mail server).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from euchre_tourney import publish, tournament
from euchre_tourney.gui import context, worker

SECURITY_PORTS = {"ssl": 465, "starttls": 587, "none": 25}


def _raise(exc: BaseException) -> None:
    raise exc  # a bug: in the GUI thread, where the bug dialog shows it


class ClubSettingsDialog(QDialog):
    """The club's settings: name, published site, member pages, mail server
    (its password goes to the system's keyring)."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setWindowTitle("Club settings")
        view = ctx.run(tournament.club_settings)
        self.name = QLineEdit(view.club_name)
        self.site_url = QLineEdit(view.site_url)
        self.site_url.setPlaceholderText("https://example.org/euchre/ (linked from the e-mails)")
        self.members = QCheckBox("Publish a page for each member (nights, places, partners, rating)")
        self.members.setChecked(view.publish_members)
        self.members.setToolTip("Off by default: some members do not want their name on the web")
        self.host = QLineEdit(view.smtp_host)
        self.host.setPlaceholderText("smtp.example.org")
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(view.smtp_port)
        self.security = QComboBox()
        for key, text in tournament.SMTP_SECURITIES.items():
            self.security.addItem(text, key)
        self.security.setCurrentIndex(self.security.findData(view.smtp_security))
        self.security.currentIndexChanged.connect(lambda _i: self.port.setValue(SECURITY_PORTS[self.security.currentData()]))
        self.user = QLineEdit(view.smtp_user)
        self.sender = QLineEdit(view.smtp_from)
        self.sender.setPlaceholderText("club@example.org")
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.Password)
        self.password.setPlaceholderText("unchanged" if view.smtp_host else "")
        self.password.setToolTip("Kept in the system's keyring, never in the club's file")
        form = QFormLayout()
        form.addRow("Club's &name:", self.name)
        form.addRow("Published &site:", self.site_url)
        form.addRow("", self.members)
        form.addRow(QLabel("<b>Mail server</b> (for Event ▸ E-mail the results)"))
        form.addRow("Ser&ver:", self.host)
        form.addRow("Secu&rity:", self.security)
        form.addRow("&Port:", self.port)
        form.addRow("&User name:", self.user)
        form.addRow("Pass&word:", self.password)
        form.addRow("Send &from:", self.sender)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a00000")
        buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def save(self) -> bool:
        """Save (through the undo log) and keep the password; True when
        saved, else the reason shows in the dialog and nothing is saved."""
        changes = dict(club_name=self.name.text(), site_url=self.site_url.text(), publish_members=self.members.isChecked(),
                       smtp_host=self.host.text(), smtp_port=self.port.value(), smtp_security=self.security.currentData(),
                       smtp_user=self.user.text(), smtp_from=self.sender.text())
        # the password first (a keyring that cannot keep it changes nothing), then the settings;
        # settings refused: the keyring is put back as it was
        key = tournament.ClubSettingsView(**{k: v.strip() if isinstance(v, str) else v for k, v in changes.items()})
        before = None
        try:
            if self.password.text():
                before = publish.smtp_password(key)
                publish.set_smtp_password(key, self.password.text())
            self.ctx.operate("Change the club's settings", tournament.set_club_settings, event_id=None, **changes)
        except tournament.TournamentError as exc:
            if before is not None:
                try:
                    publish.set_smtp_password(key, before)
                except tournament.TournamentError:
                    pass
            self.error.setText(exc.message)
            return False
        self.accept()
        return True


class PublishDialog(QDialog):
    """File ▸ Publish results…: what to publish (this night, its season,
    everything), where; the share images of the night."""

    def __init__(self, ctx, settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.settings = settings
        self.setWindowTitle("Publish results")
        self.setMinimumWidth(560)
        self.night = QRadioButton("This &night")
        self.everything = QRadioButton("&Every night and season")
        self.season = QComboBox()
        self.season_radio = QRadioButton("A s&eason:")
        seasons = ctx.run(tournament.list_seasons)
        for s in seasons:
            self.season.addItem(s.name, s.id)
        self.season_radio.setEnabled(bool(seasons))
        self.season.setEnabled(bool(seasons))
        self.night.setEnabled(ctx.event_id is not None)
        (self.night if ctx.event_id is not None else self.everything).setChecked(True)
        self.folder = QLineEdit(settings.value("publish_dir", str(Path.home() / "euchre-results"), type=str))
        browse = QPushButton("&Choose…")
        browse.clicked.connect(self.choose_folder)
        club = ctx.run(tournament.club_settings)
        self.members_note = QLabel()
        self._note(club)
        club_button = QPushButton("Club &settings…")
        club_button.clicked.connect(self.club_settings)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.open_button = QPushButton("&Open the site")
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(self.folder.text()) / "index.html"))))
        self.images_button = QPushButton("Share &images…")
        self.images_button.setToolTip("A picture of the top ten at 1200 × 630 and 1080 × 1080, light and dark")
        self.images_button.clicked.connect(self.save_images)
        self.publish_button = QPushButton("&Publish")
        self.publish_button.setDefault(True)
        self.publish_button.clicked.connect(self.publish)
        where = QHBoxLayout()
        where.addWidget(self.folder, 1)
        where.addWidget(browse)
        season_row = QHBoxLayout()
        season_row.addWidget(self.season_radio)
        season_row.addWidget(self.season, 1)
        form = QVBoxLayout()
        form.addWidget(QLabel("Publish:"))
        form.addWidget(self.night)
        form.addLayout(season_row)
        form.addWidget(self.everything)
        form.addWidget(QLabel("Into the folder (a .zip of it is written beside it):"))
        form.addLayout(where)
        note_row = QHBoxLayout()
        note_row.addWidget(self.members_note, 1)
        note_row.addWidget(club_button)
        form.addLayout(note_row)
        form.addWidget(self.result)
        buttons = QHBoxLayout()
        buttons.addWidget(self.images_button)
        buttons.addStretch(1)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.publish_button)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        buttons.addWidget(close)
        form.addLayout(buttons)
        self.setLayout(form)
        self.last_report: publish.PublishReport | None = None

    def _note(self, club) -> None:
        self.members_note.setText("Member pages: <b>on</b>" if club.publish_members else
                                  "Member pages: off (Club settings to publish them)")

    def choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Publish into", self.folder.text())
        if chosen:
            self.folder.setText(chosen)

    def club_settings(self) -> None:
        ClubSettingsDialog(self.ctx, self).exec()
        self._note(self.ctx.run(tournament.club_settings))

    def _scope(self) -> tuple[list[int] | None, list[int] | None]:
        if self.night.isChecked():
            return [self.ctx.event_id], []
        if self.season_radio.isChecked():
            return [], [self.season.currentData()]
        return None, None

    def publish(self) -> worker.Job | None:
        """Write the site in the background; the result shows in the dialog."""
        folder = Path(self.folder.text().strip()).expanduser()
        if not self.folder.text().strip():
            self.result.setText("Choose a folder to publish into.")
            return None
        events, seasons = self._scope()
        self.settings.setValue("publish_dir", str(folder))

        def work(_job):
            data = self.ctx.run(tournament.site_data, events, seasons)
            return publish.write_site(data, folder)

        try:
            job = self.ctx.background("Publish the results", work)
        except tournament.TournamentError as exc:
            self.result.setText(exc.message)
            return None
        self.publish_button.setEnabled(False)
        worker.deliver(job, self, self._published, self._failed)
        return job

    def _published(self, report) -> None:
        self.last_report = report
        self.publish_button.setEnabled(True)
        self.open_button.setEnabled(True)
        self.result.setText(report.text + (f" The zip: {report.zip_path}" if report.zip_path else ""))

    def _failed(self, exc: BaseException) -> None:
        self.publish_button.setEnabled(True)
        if isinstance(exc, tournament.TournamentError):
            self.result.setText(exc.message)
        elif isinstance(exc, OSError):
            self.result.setText(f"The site could not be written: {exc.strerror or exc} ({exc.filename or self.folder.text()}). Nothing else changed.")
        else:
            _raise(exc)

    def save_images(self, folder: str | None = None) -> list[Path]:
        """The night's (or the chosen season's) four share images into a folder."""
        folder = folder or QFileDialog.getExistingDirectory(self, "Save the share images into", self.folder.text())
        if not folder:
            return []
        try:
            club = self.ctx.run(tournament.club_settings).club_name
            if self.season_radio.isChecked():
                data = self.ctx.run(tournament.site_data, [], [self.season.currentData()])
                card, stem = publish.season_card(club, data.seasons[0]), f"season-{self.season.currentData()}"
            elif self.ctx.event_id is not None:
                card = publish.night_card(club, self.ctx.run(tournament.night_page, self.ctx.event_id))
                stem = f"night-{self.ctx.event_id}"
            else:
                self.result.setText("Pick a night (or a season) for the share images.")
                return []
            written = []
            for size in publish.SIZES:
                for theme in publish.THEMES:
                    path = Path(folder) / f"{stem}-{size}-{theme}.png"
                    path.write_bytes(publish.share_image(card, size, theme))
                    written.append(path)
        except tournament.TournamentError as exc:
            self.result.setText(exc.message)
            return []
        except OSError as exc:
            self.result.setText(f"The images could not be saved: {exc.strerror or exc}.")
            return []
        self.result.setText(f"Saved {len(written)} share images in {folder}: " + ", ".join(p.name for p in written) + ".")
        return written


class MailDialog(QDialog):
    """Event ▸ E-mail the results…: who gets what (a preview of each
    member's message), a test to the club's own address, then the send with
    a progress bar and Cancel; members without an address and addresses the
    server refused are listed."""

    def __init__(self, ctx, page_size: str = "letter", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.page_size = page_size
        self.event_id = ctx.event_id
        self.setWindowTitle("E-mail the results")
        self.resize(760, 640)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.member = QComboBox()
        self.member.currentIndexChanged.connect(self._preview)
        self.preview = QTabWidget()
        self.html_view = QTextBrowser()
        self.html_view.setOpenExternalLinks(True)
        self.text_view = QTextBrowser()
        self.preview.addTab(self.html_view, "As a mail program shows it")
        self.preview.addTab(self.text_view, "Plain text")
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.server_button = QPushButton("Mail &server…")
        self.server_button.clicked.connect(self.server_settings)
        self.test_button = QPushButton("Send a &test to me")
        self.test_button.clicked.connect(self.send_test)
        self.send_button = QPushButton("&Send")
        self.send_button.clicked.connect(self.send)
        self.cancel_button = QPushButton("Cancel sending")
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self._cancel)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(QLabel("Preview for:"))
        row.addWidget(self.member, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.server_button)
        buttons.addWidget(self.test_button)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.send_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(row)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.progress)
        layout.addWidget(self.outcome)
        layout.addLayout(buttons)
        self.plan: tournament.MailPlan | None = None
        self.job: worker.Job | None = None
        self.reload()

    def reload(self) -> None:
        """Read the night's messages and who gets them again."""
        try:
            self.plan = self.ctx.run(tournament.mail_plan, self.event_id) if self.event_id is not None else None
        except tournament.TournamentError as exc:
            self.plan = None
            self.summary.setText(exc.message)
        if self.plan is None:
            if self.event_id is None:
                self.summary.setText("Pick a night first.")
            for b in (self.test_button, self.send_button):
                b.setEnabled(False)
            return
        p = self.plan
        parts = [f"<b>{len(p.to_send)}</b> member{'s' if len(p.to_send) != 1 else ''} to mail"]
        if p.with_state("sent"):
            parts.append(f"{len(p.with_state('sent'))} already mailed")
        lines = [", ".join(parts) + "."]
        if p.without_address:
            lines.append("No e-mail address on the roster: " + ", ".join(_h(m.name) for m in p.without_address) + ".")
        if p.with_state("refused"):
            lines.append("Refused by the server: " + "; ".join(f"{_h(m.name)} &lt;{_h(m.address)}&gt; ({_h(m.error)})" for m in p.with_state("refused")) + ".")
        if p.with_state("sending"):
            lines.append("May have been sent when a send stopped (not sent again): " + ", ".join(_h(m.name) for m in p.with_state("sending")) + ".")
        if not p.club.mail_ready:
            lines.append("Set the club's mail server first (Mail server…).")
        self.summary.setText("<br>".join(lines))
        current = self.member.currentData()
        self.member.blockSignals(True)
        self.member.clear()
        for m in p.members:
            self.member.addItem(f"{m.name} <{m.address}>" if m.address else f"{m.name} (no address)", m.player_id)
        self.member.blockSignals(False)
        index = self.member.findData(current)
        self.member.setCurrentIndex(index if index >= 0 else 0)
        self._preview()
        ready = p.club.mail_ready and self.job is None
        self.test_button.setEnabled(ready)
        self.send_button.setEnabled(ready and bool(p.to_send))

    def _preview(self) -> None:
        if self.plan is None or self.member.currentIndex() < 0:
            return
        m = self.plan.members[self.member.currentIndex()]
        subject, text, html = publish.message_parts(self.plan, m)
        self.html_view.setHtml(html)
        self.text_view.setPlainText(f"Subject: {subject}\n\n{text}")

    def server_settings(self) -> None:
        ClubSettingsDialog(self.ctx, self).exec()
        self.reload()

    def _server(self) -> publish.MailServer | None:
        try:
            return publish.MailServer.of(self.plan.club)
        except tournament.TournamentError as exc:
            self.outcome.setText(exc.message)
            return None

    def send_test(self) -> worker.Job | None:
        """One message, marked as a test, to the club's own address (nothing recorded)."""
        server = self._server()
        if server is None:
            return None
        db, event_id, size = self.ctx.db, self.event_id, self.page_size
        try:
            job = self.ctx.background("Send a test e-mail", lambda _job: publish.send_test(db, event_id, server, page_size=size))
        except tournament.TournamentError as exc:
            self.outcome.setText(exc.message)
            return None
        self.outcome.setText("Sending a test…")
        worker.deliver(job, self, lambda to: self.outcome.setText(f"A test message went to {to}: look at it in your mail."),
                       self._failed)
        return job

    def send(self, confirm: bool = True) -> worker.Job | None:
        """Send every member's message (asks first), with progress and Cancel."""
        if self.plan is None or not self.plan.to_send:
            return None
        n = len(self.plan.to_send)
        if confirm and not context.ask(self, "E-mail the results", f"Send {n} e-mail{'s' if n != 1 else ''} through {self.plan.club.smtp_host}?"):
            return None
        server = self._server()
        if server is None:
            return None
        db, event_id, size = self.ctx.db, self.event_id, self.page_size

        def work(job: worker.Job):
            return publish.send_results(db, event_id, server, page_size=size,
                                        progress=lambda done, total, _name: job.report(done / total),
                                        should_stop=job.cancelled)

        try:
            job = self.ctx.background("E-mail the results", work)
        except tournament.TournamentError as exc:
            self.outcome.setText(exc.message)
            return None
        self.job = job
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.send_button.setEnabled(False)
        self.test_button.setEnabled(False)
        job.progress.connect(lambda f: self.progress.setValue(int(f * 1000)))
        worker.deliver(job, self, self._sent, self._failed)
        return job

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _sent(self, report) -> None:
        self.job = None
        self.cancel_button.setVisible(False)
        self.progress.setValue(1000 if not report.stopped else self.progress.value())
        self.outcome.setText(report.text)
        self.reload()

    def _failed(self, exc: BaseException) -> None:
        self.job = None
        self.cancel_button.setVisible(False)
        if isinstance(exc, tournament.TournamentError):
            self.outcome.setText(exc.message)
            self.reload()
        else:
            _raise(exc)


def _h(text: str) -> str:
    from html import escape

    return escape(text)

"""The published site: plain HTML pages in one flat folder, linked by
relative addresses, so it opens from the folder as well as from any host.

Files: ``index.html`` (the nights and seasons), ``night-N.html`` (a night's
final standings, round by round, prizes, a team night's games, its bracket
as SVG), ``season-N.html`` (a season's standings and how they count),
``members.html`` and ``member-N.html`` (only when the club publishes
members' pages), ``style.css``. Names are escaped by Jinja2's autoescape
(and by :func:`xml.sax.saxutils.escape` in the SVG). Pages carry no date
of publishing, so an unchanged night gives the same bytes and is not
rewritten; ``.published`` lists the files this module wrote, and a later
publish removes those it no longer writes (and nothing else).
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from euchre_tourney.reports import bracket_columns, bracket_height, layout_bracket
from euchre_tourney.tournament import BracketView, SiteData

MANIFEST = ".published"
_TEMPLATES = Path(__file__).parent / "templates"


@dataclass(frozen=True, slots=True)
class PublishReport:
    """What a publish did: the files written (new or changed), those left
    as they were, those removed (relative names), and the zip's path."""

    folder: Path
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]
    zip_path: Path | None

    @property
    def text(self) -> str:
        return (f"Published {len(self.written) + len(self.unchanged)} files to {self.folder}: "
                f"{len(self.written)} new or changed, {len(self.unchanged)} unchanged"
                + (f", {len(self.removed)} removed" if self.removed else "") + ".")


def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(_TEMPLATES)), autoescape=select_autoescape(default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["place"] = lambda r: (getattr(r, "result", "") or "–") if not r.place else (f"={r.place}" if r.tied else str(r.place))
    env.filters["day"] = lambda d: f"{d:%A} {d.day} {d:%B %Y}" if d else ""
    env.filters["short"] = lambda d: f"{d.day} {d:%b %Y}" if d else ""
    env.filters["plural"] = lambda n, word: f"{n} {word}" + ("" if n == 1 else "s")
    env.filters["iso"] = lambda d: d.isoformat() if d else ""
    env.tests["search_none"] = lambda values: any(v is None for v in values)
    env.tests["all_complete"] = lambda tables: all(t.complete for t in tables)
    return env


def _night_file(event_id: int) -> str:
    return f"night-{event_id}.html"


def _member_file(player_id: int) -> str:
    return f"member-{player_id}.html"


def bracket_svg(view: BracketView, *, title_id: str = "bracket-title") -> str:
    """The bracket drawn as an SVG element (inline in a page): a box per
    match (the two teams, their seeds and scores, the winner in bold), a
    line from each match to the next one's column. ``title_id``: the id of
    its ``<title>`` (the figure is labelled by it)."""
    box_w, box_h, title_h, gap = 300.0, 48.0, 16.0, 10.0
    cols = bracket_columns(view)
    col_w = box_w + 40
    width = cols * col_w
    height = bracket_height(view, box_h, title_h, gap)
    placed = layout_bracket(view, (0.0, 0.0, width, height), box=(box_w, box_h), title_h=title_h)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket" viewBox="0 0 {width:.0f} {height + 4:.0f}" '
           f'width="{width:.0f}" height="{height + 4:.0f}" role="img" aria-labelledby="{title_id}">',
           f'<title id="{title_id}">{escape(view.event_name)}: {escape(view.kind_text.lower())} bracket'
           + (f", won by {escape(view.champion)}" if view.champion else "") + "</title>"]
    boxes = {(m.part, m.stage, m.slot): (x, height - y - h, w, h) for m, x, y, w, h in placed}
    for m, x, y, w, h in placed:  # the winners' bracket's lines: each match to the one its winner plays next
        nxt = boxes.get(("W", m.stage + 1, m.slot // 2)) if m.part == "W" else None
        if nxt is not None:
            x1, y1 = x + w, height - y - h / 2
            x2, y2 = nxt[0], nxt[1] + nxt[3] / 2
            mid = (x1 + x2) / 2
            out.append(f'<path class="link" d="M{x1:.1f} {y1:.1f} H{mid:.1f} V{y2:.1f} H{x2:.1f}"/>')
    for m, x, y, w, h in placed:
        top = height - y - h  # layout's y goes up, SVG's down
        out.append(f'<g class="match{" played" if m.winner else ""}">')
        out.append(f'<text class="mtitle" x="{x + 2:.1f}" y="{top - 4:.1f}">{escape(m.title)}</text>')
        out.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4"/>')
        out.append(f'<line x1="{x:.1f}" y1="{top + h / 2:.1f}" x2="{x + w:.1f}" y2="{top + h / 2:.1f}"/>')
        for i, (name, seed, score, side) in enumerate(((m.a, m.seed_a, m.score_a, "a"), (m.b, m.seed_b, m.score_b, "b"))):
            ty = top + h / 4 + i * h / 2 + 5
            label = name or "to come"  # the names carry their seed: "(1) Ann & Bob"
            cls = "won" if m.winner == side else ("tbd" if not name else "")
            out.append(f'<text x="{x + 6:.1f}" y="{ty:.1f}" class="{cls}">{escape(_cut(label, 32))}</text>')
            if score is not None:
                out.append(f'<text x="{x + w - 6:.1f}" y="{ty:.1f}" class="score {cls}" text-anchor="end">{score}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def render_site(data: SiteData) -> dict[str, bytes]:
    """Every file of the site: relative name → bytes."""
    env = _environment()
    members = {m.history.player_id for m in data.members}
    common = dict(club=data.club, members_published=bool(data.members), member_file=_member_file,
                  night_file=_night_file, member_ids=members,
                  night_ids={n.event.id for n in data.nights})
    files: dict[str, bytes] = {}

    def page(name: str, template: str, **context) -> None:
        files[name] = env.get_template(template).render(**common, **context).encode("utf-8")

    page("index.html", "index.html", data=data, title=data.club.club_name or "Results")
    for night in data.nights:
        svg = bracket_svg(night.bracket, title_id=f"bracket-{night.event.id}") if night.bracket is not None and night.bracket.matches else ""
        page(_night_file(night.event.id), "night.html", night=night, svg=svg, title=night.event.name)
    for season in data.seasons:
        page(f"season-{season.standings.season.id}.html", "season.html", season=season,
             title=season.standings.season.name)
    if data.members:
        page("members.html", "members.html", members=data.members, title="Members")
        for m in data.members:
            page(_member_file(m.history.player_id), "member.html", m=m, title=m.history.name)
    files["style.css"] = (_TEMPLATES / "style.css").read_bytes()
    return files


def write_if_changed(path: Path, content: bytes) -> bool:
    """Write ``content`` to ``path`` whole or not at all (a temporary file
    beside it, renamed over it), unless the file already holds exactly
    those bytes; True when written. ``OSError`` if it cannot be written."""
    if path.exists() and path.read_bytes() == content:
        return False
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(content)
    os.replace(tmp, path)
    return True


def _zip_bytes(files: dict[str, bytes], folder_name: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(f"{folder_name}/{name}", date_time=(2000, 1, 1, 0, 0, 0))  # same bytes, same zip
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[name])
    return buf.getvalue()


def write_site(data: SiteData, folder: str | os.PathLike, *, zip_path: str | os.PathLike | None = "") -> PublishReport:
    """Write the site of ``data`` into ``folder`` (made if missing) and a
    zip of it (``zip_path``; "" default: beside the folder, ``folder.zip``;
    None: no zip). Only files whose bytes changed are rewritten; files an
    earlier publish wrote and this one does not are removed. ``OSError``
    when the folder cannot be written (the caller says so in words)."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    files = render_site(data)
    manifest = folder / MANIFEST
    before = set(manifest.read_text(encoding="utf-8").split()) if manifest.exists() else set()
    written, unchanged = [], []
    for name, content in sorted(files.items()):
        (written if write_if_changed(folder / name, content) else unchanged).append(name)
    removed = []
    for name in sorted(before - set(files)):
        target = folder / name
        if "/" not in name and target.is_file():
            target.unlink()
            removed.append(name)
    write_if_changed(manifest, ("\n".join(sorted(files)) + "\n").encode())
    zp = None
    if zip_path is not None:
        zp = Path(zip_path) if zip_path else folder.with_name(folder.name + ".zip")
        write_if_changed(zp, _zip_bytes(files, folder.name))
    return PublishReport(folder, tuple(written), tuple(unchanged), tuple(removed), zp)


def site_digest(files: dict[str, bytes]) -> str:
    """A digest of the site's files (names and bytes): equal sites, equal digests."""
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name] + b"\0")
    return h.hexdigest()

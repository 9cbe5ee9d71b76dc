#!/usr/bin/env bash
# Smoke-test a Linux bundle made by build.sh; exits non-zero on the first failure.
#
#     packaging/linux/smoke-test.sh dist-linux/euchre-tourney-VERSION-linux-ARCH.tar.gz [SHOT_DIR]
#
# Unpacks the tarball into a temporary folder (settings and data there too), then:
#   1. --version;
#   2. a 26-player, 8-round rotation as text (headless, no Qt);
#   3. a scorecards PDF (headless) for a sample event: the event is made with this
#      checkout's Python code (python3 must have the project's dependencies), the PDF by
#      the bundle; its first page is rendered to SHOT_DIR/smoke-scorecards.png if pdftoppm exists;
#   4. every library the bundled Qt platform plugins need is in the bundle or on the system (ldd);
#   5. --install-desktop into a temporary XDG folder: the entry validates, Exec= is the bundle;
#   6. the main window under a private Xvfb on a database of the first schema revision (so
#      the bundled Alembic upgrades it, after a backup), timed from start to the window being
#      shown; screenshot saved as SHOT_DIR/smoke-main-window.png.
# Needs: tar, python3, Xvfb; optional: pdftoppm, pdfinfo, desktop-file-validate.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
TARBALL="$(realpath "${1:?usage: smoke-test.sh TARBALL [SHOT_DIR]}")"
SHOTS="$(mkdir -p "${2:-$PWD}" && cd "${2:-$PWD}" && pwd)"
T="$(mktemp -d "${TMPDIR:-/tmp}/euchre-smoke.XXXXXX")"
XVFB_PID=""
cleanup() { [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2> /dev/null; rm -rf "$T"; }
trap cleanup EXIT
fail() { echo "SMOKE TEST FAILED: $*" >&2; exit 1; }
ok() { echo "ok   $*"; }

tar -xzf "$TARBALL" -C "$T"
APP="$(ls -d "$T"/euchre-tourney-*/euchre-tourney)"
[ -x "$APP" ] || fail "no euchre-tourney executable in $TARBALL"
INTERNAL="$(dirname "$APP")/_internal"
export HOME="$T/home" XDG_CONFIG_HOME="$T/config" XDG_DATA_HOME="$T/data"
unset QT_QPA_PLATFORM EUCHRE_TOURNEY_DATABASE
mkdir -p "$HOME"
echo "bundle: $TARBALL ($(du -h "$TARBALL" | cut -f1) packed, $(du -sh "$(dirname "$APP")" | cut -f1) unpacked)"

# 1. version
VERSION_LINE="$("$APP" --version)" || fail "--version exited with $?"
[[ "$VERSION_LINE" == "euchre-tourney "* ]] || fail "--version printed: $VERSION_LINE"
ok "--version: $VERSION_LINE"

# 2. rotation
"$APP" rotation --players 26 --rounds 8 --format text > "$T/rotation.txt" || fail "rotation exited with $?"
grep -q "^Round 8" "$T/rotation.txt" || fail "the rotation has no round 8: $(head -3 "$T/rotation.txt")"
ok "rotation: $(head -1 "$T/rotation.txt")"

# 3. scorecards PDF
PYTHONPATH="$REPO" python3 - "$T/club.sqlite" <<'EOF' || fail "could not make the sample event (python3 needs the project's dependencies)"
import datetime, sys
from euchre_tourney import tournament
from euchre_tourney.store import open_database
db = open_database(sys.argv[1])
with db.session() as s:
    ids = [tournament.add_player(s, name).id for name in
           ["Ann Avery", "Bob Bauer", "Chloé Côté", "Dmitri Волков", "Emiko 山田", "Frank Fox", "Gus Gale", "Hana Holt",
            "Ida Irwin", "Jon Jones", "Kim Kerr", "Lou Lane"]]
    ev = tournament.create_event(s, "Smoke night", datetime.date(2026, 11, 24), rounds=4)
    tournament.set_checked_in(s, ev.id, ids)
    tournament.generate_rotation(s, ev.id, seed=1)
db.dispose()
# a club file from the first release (schema revision 0001) for the bundle to upgrade
from alembic import command
from euchre_tourney.store import Database, database_url
from euchre_tourney.store.db import _alembic_config
old = Database(database_url(sys.argv[1].replace("club.sqlite", "old.sqlite")))
config = _alembic_config(old.url)
with old.engine.begin() as conn:
    config.attributes["connection"] = conn
    command.upgrade(config, "0001")
with old.engine.begin() as conn:
    conn.exec_driver_sql("insert into player (name, email, phone, active, created_at) values ('Old Timer', '', '', 1, '2020-01-01')")
old.dispose()
EOF
"$APP" --database "$T/club.sqlite" scorecards "Smoke night" --out "$T/cards.pdf" || fail "scorecards exited with $?"
[ "$(head -c 5 "$T/cards.pdf")" = "%PDF-" ] || fail "cards.pdf is not a PDF"
PAGES="?"
if command -v pdfinfo > /dev/null; then PAGES="$(pdfinfo "$T/cards.pdf" | awk '/^Pages:/ {print $2}')"; fi
if command -v pdftoppm > /dev/null; then
    pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$T/cards.pdf" "$SHOTS/smoke-scorecards" || fail "pdftoppm cannot read cards.pdf"
fi
ok "scorecards PDF: $(du -h "$T/cards.pdf" | cut -f1), $PAGES page(s)"

# 4. libraries of the platform plugins (the Wayland one may rely on the session's own libwayland-*)
not_found() { LD_LIBRARY_PATH="$INTERNAL:$INTERNAL/PySide6/Qt/lib" ldd "$1" | awk '/not found/ {printf "%s ", $1}'; }
for name in xcb offscreen wayland; do
    plugin="$INTERNAL/PySide6/Qt/plugins/platforms/libq$name.so"
    [ -f "$plugin" ] || fail "missing platform plugin $(basename "$plugin")"
    MISSING="$(not_found "$plugin")"
    if [ "$name" = wayland ]; then
        [ -z "$MISSING" ] || echo "note the Wayland plugin takes from the Wayland session: $MISSING"
    else
        [ -z "$MISSING" ] || fail "libraries not found for the $name platform plugin: $MISSING"
    fi
done
ok "platform plugins xcb and offscreen: every library found"

# 5. menu entry
"$APP" --install-desktop > /dev/null || fail "--install-desktop exited with $?"
ENTRY="$XDG_DATA_HOME/applications/io.github.euchretourney.EuchreTourney.desktop"
grep -qx "Exec=$APP" "$ENTRY" || fail "the menu entry does not start the bundle: $(grep Exec= "$ENTRY")"
if command -v desktop-file-validate > /dev/null; then desktop-file-validate "$ENTRY" || fail "desktop-file-validate"; fi
"$APP" --uninstall-desktop > /dev/null && [ ! -e "$ENTRY" ] || fail "--uninstall-desktop left $ENTRY"
ok "--install-desktop / --uninstall-desktop"

# 6. the main window
command -v Xvfb > /dev/null || fail "Xvfb is not installed (apt-get install xvfb)"
exec 3> "$T/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 2> /dev/null &
XVFB_PID=$!
exec 3>&-
for _ in $(seq 50); do [ -s "$T/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$T/display")"
python3 "$HERE/xprobe.py" window "$SHOTS/smoke-main-window.png" 30 -- "$APP" --database "$T/old.sqlite" \
    || fail "the main window did not open"
REVISION="$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select version_num from alembic_version").fetchone()[0])' "$T/old.sqlite")"
HEAD="$(PYTHONPATH="$REPO" python3 -c 'from euchre_tourney.store.db import schema_head; print(schema_head())')"
[ "$REVISION" = "$HEAD" ] || fail "the bundle left the old database at revision $REVISION, not $HEAD"
[ -f "$T/old (backup before upgrade from schema 0001).sqlite" ] || fail "no backup was made before the upgrade"
ok "main window shown; the bundled Alembic upgraded the old database 0001 -> $REVISION after a backup"
echo "SMOKE TEST PASSED"

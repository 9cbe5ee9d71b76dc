#!/usr/bin/env bash
# Smoke-test a Linux bundle made by build.sh; exits non-zero on the first failure.
#
#     packaging/linux/smoke-test.sh dist-linux/euchre-tourney-VERSION-linux-ARCH.tar.gz [SHOT_DIR]
#
# Unpacks the tarball into a temporary folder (settings and data there too), then:
#   1. --version, and a 26-player, 8-round rotation as text (headless, no Qt);
#   2. a club file made with this checkout's code ($PYTHON must have the project's dependencies;
#      packaging/linux/smoke_data.py): 16 players, a finished progressive night and a team night;
#      every report of the registry for both events and the standings as text, CSV and JSON, printed
#      by the bundle's command line (the first pages rendered to SHOT_DIR when pdftoppm exists);
#   3. the bundle carries no GTK, the licences (NOTICES.txt) name pyuca, Qt's LGPL and the system
#      libraries' Debian packages, and every library of the xcb and offscreen platform plugins is found;
#   4. --install-desktop into a temporary XDG folder: the entry validates, Exec= is the bundle;
#   5. under a private Xvfb: the main window on the club file, timed to the window being shown,
#      screenshot SHOT_DIR/smoke-main-window.png; then --self-test on a file of the first schema
#      revision: the window opens it in the background (the bundled Alembic upgrades it after a
#      backup), adds a player through the real dialog and says what it showed;
#   6. a minimal Debian system without Python, Qt, X11 or a font (debootstrap --variant=minbase, cached in
#      $SMOKE_CHROOT, default /var/cache/euchre-tourney/bookworm-minbase; made on the first run:
#      linux/minimal-debian.sh): the same command-line reports; then linux/deb-window.sh: in a
#      throwaway copy, the .deb beside the tarball installed with apt (its Depends from Debian's
#      mirror), the window on a real X server (Xvfb beside the system), its screenshot
#      SHOT_DIR/smoke-minimal-debian-window.png read back by tesseract (empty boxes fail), and
#      --self-test there. Skipped, with the reason, only when the chroot is not cached and Debian's
#      mirror cannot be reached (SMOKE_CHROOT=none skips it on purpose).
# Needs: tar, python3, Xvfb, readelf; root, debootstrap and tesseract-ocr for 6; optional: pdftoppm,
# desktop-file-validate.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
TARBALL="$(realpath "${1:?usage: smoke-test.sh TARBALL [SHOT_DIR]}")"
SHOTS="$(mkdir -p "${2:-$PWD}" && cd "${2:-$PWD}" && pwd)"
PYTHON="${PYTHON:-python3}"
# shellcheck source=minimal-debian.sh
source "$HERE/minimal-debian.sh"  # MINIMAL (the cached minimal Debian system), start_xvfb, stop_xvfb
CHROOT="$MINIMAL"
T="$(mktemp -d "${TMPDIR:-/tmp}/euchre-smoke.XXXXXX")"
INSIDE=""
cleanup() {
    stop_xvfb
    if [ -n "$INSIDE" ]; then
        umount "$CHROOT/proc" 2> /dev/null || true
        rm -rf "${CHROOT:?}/$INSIDE"
    fi
    rm -rf "$T"
}
trap cleanup EXIT
fail() { echo "SMOKE TEST FAILED: $*" >&2; exit 1; }
ok() { echo "ok   $*"; }
START=$SECONDS

tar -xzf "$TARBALL" -C "$T"
APP="$(ls -d "$T"/euchre-tourney-*/euchre-tourney)"
[ -x "$APP" ] || fail "no euchre-tourney executable in $TARBALL"
BUNDLE_DIR="$(dirname "$APP")"
INTERNAL="$BUNDLE_DIR/_internal"
export HOME="$T/home" XDG_CONFIG_HOME="$T/config" XDG_DATA_HOME="$T/data"
unset QT_QPA_PLATFORM EUCHRE_TOURNEY_DATABASE
mkdir -p "$HOME"
echo "bundle: $TARBALL ($(du -h "$TARBALL" | cut -f1) packed, $(du -sh "$BUNDLE_DIR" | cut -f1) unpacked)"

# 1. version and rotation
VERSION_LINE="$("$APP" --version)" || fail "--version exited with $?"
[[ "$VERSION_LINE" == "euchre-tourney "* ]] || fail "--version printed: $VERSION_LINE"
"$APP" rotation --players 26 --rounds 8 --format text > "$T/rotation.txt" || fail "rotation exited with $?"
grep -q "^Round 8" "$T/rotation.txt" || fail "the rotation has no round 8: $(head -3 "$T/rotation.txt")"
ok "--version: $VERSION_LINE; rotation: $(head -1 "$T/rotation.txt")"

# 2. every report of a real club file, from the bundle's command line
mkdir "$T/club"
PYTHONPATH="$REPO" "$PYTHON" "$HERE/smoke_data.py" "$T/club" > "$T/club/ids" \
    || fail "could not make the sample club ($PYTHON needs the project's dependencies)"
PROGRESSIVE="$(sed -n 1p "$T/club/ids")"
TEAM="$(sed -n 2p "$T/club/ids")"
read -r -a REPORTS <<< "$(sed -n 3p "$T/club/ids")"
# reports APP_COMMAND... : every report and the standings of both events; OUT is where the PDFs go
reports() {
    local out="$1"; shift
    for event in "$PROGRESSIVE" "$TEAM"; do
        for name in "${REPORTS[@]}"; do
            "$@" --database "$CLUB" "$name" "$event" --out "$out/$name-$event.pdf" >> "$T/reports.log" \
                || { echo "$name $event exited with $?"; return 1; }
            [ "$(head -c 5 "$ROOTDIR$out/$name-$event.pdf")" = "%PDF-" ] || { echo "$name-$event.pdf is not a PDF"; return 1; }
        done
        for format in text csv json; do
            "$@" --database "$CLUB" standings "$event" --format "$format" > "$T/standings-$event.$format" \
                || { echo "standings $event --format $format exited with $?"; return 1; }
        done
        grep -q "Chloé Côté" "$T/standings-$event.text" || { echo "standings $event: no Chloé Côté"; return 1; }
    done
}
CLUB="$T/club/club.sqlite" ROOTDIR="" reports "$T/club" "$APP" || fail "reports from the bundle"
python3 -c 'import json,sys; [json.load(open(p)) for p in sys.argv[1:]]' "$T"/standings-*.json || fail "standings JSON"
if command -v pdftoppm > /dev/null; then
    for pdf in "scorecards-$PROGRESSIVE" "scorecards-$TEAM" "standings-sheet-$PROGRESSIVE"; do
        pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$T/club/$pdf.pdf" "$SHOTS/smoke-$pdf" || fail "pdftoppm cannot read $pdf.pdf"
    done
fi
ok "${#REPORTS[@]} reports x 2 events and standings (text, csv, json): ${REPORTS[*]}"
head -8 "$T/standings-$PROGRESSIVE.text" | sed 's/^/     /'

# 3. what the bundle carries
GTK="$(find "$BUNDLE_DIR" -name 'libgtk-3*' -o -name 'libgdk-3*' -o -name 'libqgtk3*')"
[ -z "$GTK" ] || fail "the bundle carries GTK, which nothing loads: $GTK"
NOTICES="$INTERNAL/resources/NOTICES.txt"
[ -s "$NOTICES" ] || fail "no licences: $NOTICES is missing"
for words in "pyuca 1" "PySide6_Essentials" "GNU LESSER GENERAL PUBLIC LICENSE" "from the Debian package libstdc++6" "MIT License"; do
    grep -q "$words" "$NOTICES" || fail "NOTICES.txt does not mention $words"
done
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
TABLES="$(find "$INTERNAL/pyuca" -name 'allkeys-*.txt' -printf '%f ')"
[ "$TABLES" = "allkeys-9.0.0.txt " ] || fail "the bundle should carry only the collation table pyuca.Collator() reads: $TABLES"
[ -s "$INTERNAL/resources/PACKAGES.json" ] || fail "no PACKAGES.json (the About box's list of packages)"
python3 "$HERE/../windows/check_iss.py" "$BUNDLE_DIR" || fail "the Windows installer script names files this bundle lacks"
ok "no GTK; one collation table ($TABLES); NOTICES.txt ($(du -h "$NOTICES" | cut -f1)); platform plugins xcb and offscreen find every library"

# 4. menu entry
"$APP" --install-desktop > /dev/null || fail "--install-desktop exited with $?"
ENTRY="$XDG_DATA_HOME/applications/io.github.euchretourney.EuchreTourney.desktop"
grep -qx "Exec=$APP" "$ENTRY" || fail "the menu entry does not start the bundle: $(grep Exec= "$ENTRY")"
if command -v desktop-file-validate > /dev/null; then desktop-file-validate "$ENTRY" || fail "desktop-file-validate"; fi
"$APP" --uninstall-desktop > /dev/null && [ ! -e "$ENTRY" ] || fail "--uninstall-desktop left $ENTRY"
ok "--install-desktop / --uninstall-desktop"

# 5. the main window on an X display
start_xvfb "$T" || fail "no X server"
cp "$T/club/club.sqlite" "$T/club/window.sqlite"
XPROBE_SETTLE=4 python3 "$HERE/xprobe.py" window "$SHOTS/smoke-main-window.png" 60 -- "$APP" --database "$T/club/window.sqlite" \
    || fail "the main window did not open"
ok "main window shown (screenshot a few seconds later: $SHOTS/smoke-main-window.png)"
# the window's own check on the first release's file: the background open upgrades it, then a player is added
"$APP" --database "$T/club/old.sqlite" --self-test > "$T/self-test.txt" 2>&1 || { cat "$T/self-test.txt"; fail "--self-test on X11"; }
grep '^self-test' "$T/self-test.txt" | sed 's/^/     /'
REVISION="$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select version_num from alembic_version").fetchone()[0])' "$T/club/old.sqlite")"
HEAD="$(PYTHONPATH="$REPO" "$PYTHON" -c 'from euchre_tourney.store.db import schema_head; print(schema_head())')"
[ "$REVISION" = "$HEAD" ] || fail "the bundle left the old database at revision $REVISION, not $HEAD"
[ -f "$T/club/old (backup before upgrade from schema 0001).sqlite" ] || fail "no backup was made before the upgrade"
ok "X11: the window upgraded the first release's file 0001 -> $REVISION after a backup, added a player and said it was saved"
stop_xvfb
unset DISPLAY

# 6. a minimal Debian system without Python or Qt
if [ "${SMOKE_CHROOT:-}" = none ]; then
    echo "skip minimal Debian system: SMOKE_CHROOT=none"
else
    if ! WHY="$(ensure_minimal "$T/debootstrap.log")"; then
        mirror_answers && fail "minimal Debian system: $WHY"
        echo "skip minimal Debian system: $WHY"
        CHROOT=""
    elif [ -n "$WHY" ]; then
        echo "$WHY"  # it was made now (cached for next time)
    fi
    if [ -n "$CHROOT" ]; then
        [ "$(id -u)" = 0 ] || fail "running in the minimal Debian system needs root (or SMOKE_CHROOT=none)"
        chroot "$CHROOT" /bin/sh -c 'command -v python3 || ls /usr/lib/*/libQt6* /usr/lib/*/libxcb.so.1' > /dev/null 2>&1 \
            && fail "$CHROOT is not minimal: it has Python, Qt or X11 libraries"
        CHROOT_SIZE="$(du -sh --exclude=proc "$CHROOT" | cut -f1)"
        INSIDE="opt/euchre-smoke-$$"
        mkdir -p "$CHROOT/$INSIDE/home"
        cp -a "$BUNDLE_DIR" "$CHROOT/$INSIDE/bundle"
        cp "$T/club/club.sqlite" "$CHROOT/$INSIDE/club.sqlite"
        mount -t proc proc "$CHROOT/proc"
        in_chroot() {
            chroot "$CHROOT" /usr/bin/env -i PATH=/usr/bin:/bin HOME="/$INSIDE/home" XDG_CONFIG_HOME="/$INSIDE/home/config" \
                XDG_DATA_HOME="/$INSIDE/home/data" XDG_RUNTIME_DIR="/$INSIDE/home" "$@"
        }
        in_chroot "/$INSIDE/bundle/euchre-tourney" --version > /dev/null || fail "minimal Debian: --version"
        in_chroot "/$INSIDE/bundle/euchre-tourney" rotation --players 26 --rounds 8 --format text > /dev/null \
            || fail "minimal Debian: rotation"
        CLUB="/$INSIDE/club.sqlite" ROOTDIR="$CHROOT" reports "/$INSIDE" in_chroot "/$INSIDE/bundle/euchre-tourney" \
            || fail "minimal Debian: reports"
        ok "minimal Debian $(cat "$CHROOT/etc/debian_version") ($CHROOT_SIZE, no Python, Qt or X11):" \
            "--version, rotation, ${#REPORTS[@]} reports x 2 events, standings (text, csv, json)"
        # the window on this bare system: the app names the missing packages and Debian's one command, before Qt loads
        set +e
        in_chroot env DISPLAY=:99 "/$INSIDE/bundle/euchre-tourney" --database "/$INSIDE/club.sqlite" > "$T/bare.txt" 2>&1
        STATUS=$?
        set -e
        INSTALL_LINE="$(grep -E '^    sudo apt install .*libgl1' "$T/bare.txt" || true)"
        [ "$STATUS" = 1 ] && [ -n "$INSTALL_LINE" ] && ! grep -q Traceback "$T/bare.txt" \
            || { cat "$T/bare.txt"; fail "minimal Debian: the window's missing packages were not named (status $STATUS)"; }
        ok "minimal Debian, no X11 libraries: the window says what to install:$INSTALL_LINE"
        umount "$CHROOT/proc"
        rm -rf "${CHROOT:?}/$INSIDE"
        INSIDE=""
        # The window on a real X server: in a throwaway copy of the minimal system, the .deb beside the
        # tarball installed with apt (its Depends from Debian's mirror: exactly what the bundle does not
        # carry, fonts included), its screenshot read back by OCR, then --self-test (linux/deb-window.sh)
        DEB="$(ls "$(dirname "$TARBALL")"/euchre-tourney_*.deb 2> /dev/null | head -1 || true)"
        if [ -z "$DEB" ]; then
            echo "skip the window in the minimal Debian system: no .deb beside $TARBALL"
        elif ! mirror_answers; then
            echo "skip the window in the minimal Debian system: Debian's mirror $MIRROR cannot be reached to install its Depends"
        else
            "$HERE/deb-window.sh" "$DEB" "$SHOTS/smoke-minimal-debian-window.png" "$T/club/club.sqlite" > "$T/deb-window.txt" 2>&1 \
                || { cat "$T/deb-window.txt"; fail "minimal Debian: the .deb's window"; }
            sed 's/^/     /' "$T/deb-window.txt"
            ok "minimal Debian + apt-get install $(basename "$DEB"): the X11 window's letters read back, a player added"
        fi
    fi
fi
echo "SMOKE TEST PASSED ($((SECONDS - START)) s)"

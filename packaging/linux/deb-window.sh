#!/usr/bin/env bash
# The .deb's window in a minimal Debian 12 system, on a real X server: are its letters letters?
#
#     packaging/linux/deb-window.sh DEB SHOT.png [CLUB.sqlite]
#
# In a throwaway copy of the minimal system (linux/minimal-debian.sh: debootstrap --variant=minbase,
# cached; no X11, no font), installs DEB with apt (its Depends from Debian's mirror, nothing else),
# opens the window on a private Xvfb beside the system (on CLUB.sqlite, or a new file), saves a
# screenshot to SHOT.png and reads it back with tesseract: the page words, or its "Opening <file>…" on a
# slow machine, must be there (a
# window drawing every letter as an empty box reads as none of them). Then --self-test on the same
# X server: the window adds a player through the real dialog and says what it showed.
# Exits non-zero, saying why, on the first failure. Needs root, Xvfb, tesseract-ocr, python3.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEB="$(realpath "${1:?usage: deb-window.sh DEB SHOT.png [CLUB.sqlite]}")"
SHOT="$(realpath "${2:?usage: deb-window.sh DEB SHOT.png [CLUB.sqlite]}")"
CLUB="${3:-}"
START=$SECONDS
T="$(mktemp -d "${TMPDIR:-/tmp}/euchre-deb-window.XXXXXX")"
# shellcheck source=minimal-debian.sh
source "$HERE/minimal-debian.sh"
cleanup() { stop_xvfb; drop_copies; rm -rf "$T"; }
trap cleanup EXIT
fail() { echo "DEB WINDOW FAILED: $*" >&2; exit 1; }

WHY="$(ensure_minimal "$T/debootstrap.log")" || fail "no minimal Debian 12 system: $WHY"
[ -z "$WHY" ] || echo "$WHY"  # it was made now (cached for next time)
ROOT="$T/debian12"
fresh_copy "$ROOT"
cp "$DEB" "$ROOT/tmp/euchre-tourney.deb"
ARGS=()
if [ -n "$CLUB" ]; then cp "$CLUB" "$ROOT/tmp/club.sqlite"; ARGS=(--database /tmp/club.sqlite); fi
chroot "$ROOT" /bin/sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/euchre-tourney.deb" \
    > "$T/apt.log" 2>&1 || { tail -20 "$T/apt.log"; fail "apt-get install $(basename "$DEB")"; }
echo "ok   minimal Debian $(cat "$ROOT/etc/debian_version") + apt-get install $(basename "$DEB"): $(grep -c '^Setting up' "$T/apt.log" || true) packages set up"
start_xvfb "$T" || fail "no X server"
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 XDG_RUNTIME_DIR=/tmp DISPLAY="$DISPLAY" "$@"; }
XPROBE_SETTLE=10 python3 "$HERE/xprobe.py" window "$SHOT" 90 -- chroot "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 \
    XDG_RUNTIME_DIR=/tmp DISPLAY="$DISPLAY" /usr/bin/euchre-tourney "${ARGS[@]}" > "$T/window.log" 2>&1 \
    || { cat "$T/window.log"; fail "the window did not open on X11"; }
echo "ok   X11 window: $(head -1 "$T/window.log"); screenshot $SHOT"
WORDS="$(ocr_says "$SHOT" "Players|Opening" "Event|club|euchre")" || fail "$WORDS"
echo "ok   $WORDS"
in_root /usr/bin/euchre-tourney "${ARGS[@]}" --self-test > "$T/self-test.txt" 2>&1 || { cat "$T/self-test.txt"; fail "--self-test on X11"; }
grep '^self-test' "$T/self-test.txt" | sed 's/^/     /'
echo "DEB WINDOW PASSED ($((SECONDS - START)) s)"

#!/usr/bin/env bash
# Try the README's install lines for one system, literally, on a fresh minimal system of it.
#
#     packaging/try-readme.sh [SYSTEM] [SHOT_DIR]       SYSTEM: debian12 (the default and the only one
#                                                        tried here), ubuntu24.04, fedora40
#
# For Debian 12: in a throwaway copy of a minimal Debian 12 (debootstrap --variant=minbase bookworm,
# cached: packaging/linux/minimal-debian.sh), with this commit's files (git archive HEAD) as "this
# folder", runs, as root, each line the README gives that system:
#   1. its "install first" cell of the Quick start table (sudo apt install python3-venv);
#   2. its line of the libraries "a system without a desktop" lacks (… # Debian, Ubuntu);
#   3. the install line (python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/euchre-tourney),
#      whose last command opens the window on a private Xvfb beside the system: the window must show
#      within 120 s, its screenshot (SHOT_DIR/readme-debian12-window.png) must read back as words
#      (tesseract), and then it is closed;
#   4. .venv/bin/euchre-tourney --self-test on the same display: the window adds a player through the
#      real dialog and says what the roster showed.
# The host's PIP_CERT (a certificate authority of the network between here and PyPI) is passed in.
# `sudo` is run as nothing (root needs none, and a minimal system has no sudo); apt is told "yes".
# Prints each line and its time, and the total; exits non-zero on the first failure. Skipped (exit 0,
# saying so) when Debian's mirror cannot be reached.
# Ubuntu and Fedora are "not tried": their archives cannot be reached from the machines this runs on
# (exit 3 says so).
#
# Needs: root, git, python3, Xvfb, tesseract-ocr, debootstrap (when not cached), Debian's mirror and PyPI.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
SYSTEM="${1:-debian12}"
SHOTS="$(mkdir -p "${2:-$PWD}" && cd "${2:-$PWD}" && pwd)"
START=$SECONDS
fail() { echo "README TRY FAILED ($SYSTEM): $*" >&2; exit 1; }

case "$SYSTEM" in
    debian12) ;;
    ubuntu24.04|fedora40)
        echo "$SYSTEM: not tried (its archive cannot be reached from here; debootstrap makes Debian only)"
        exit 3 ;;
    *) fail "unknown system (debian12, ubuntu24.04, fedora40)" ;;
esac
[ "$(id -u)" = 0 ] || fail "needs root (chroot, mount)"

# the README's lines for Debian 12
LINES="$(python3 - "$REPO/README.md" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
row = next(line for line in text.splitlines() if line.startswith("| Debian 12 |"))
print(re.findall(r"`([^`]+)`", row.split("|")[3])[0])
blocks = re.findall(r"```\n(.*?)```", text, re.S)
commands = [c for b in blocks for c in re.sub(r"\\\n\s*", "", b).splitlines()]
print(next(re.sub(r"\s+#.*$", "", c).strip() for c in commands if c.rstrip().endswith("# Debian, Ubuntu")))
print(next(c for c in commands if c.startswith("python3 -m venv .venv && .venv/bin/pip install . &&")))
EOF
)" || fail "could not find the Debian 12 lines in README.md"
mapfile -t LINE <<< "$LINES"

T="$(mktemp -d "${TMPDIR:-/tmp}/euchre-readme.XXXXXX")"
# shellcheck source=linux/minimal-debian.sh
source "$HERE/linux/minimal-debian.sh"
cleanup() { stop_xvfb; drop_copies; rm -rf "$T"; }
trap cleanup EXIT

if ! mirror_answers; then  # as the smoke test: nothing can be installed, so nothing is tried
    echo "skip: Debian's mirror $MIRROR cannot be reached (the README's lines install from it)"
    exit 0
fi
WHY="$(ensure_minimal "$T/debootstrap.log")" || fail "no minimal Debian 12 system: $WHY"
[ -z "$WHY" ] || echo "$WHY"  # it was made now (cached for next time)
ROOT="$T/debian12"
fresh_copy "$ROOT"
mkdir -p "$ROOT/root/euchre-tourney"
git -C "$REPO" archive HEAD | tar -x -C "$ROOT/root/euchre-tourney"
start_xvfb "$T" || fail "no X server"
echo "Debian $(cat "$ROOT/etc/debian_version") (debootstrap --variant=minbase), this folder: $(git -C "$REPO" rev-parse --short HEAD), DISPLAY=$DISPLAY"

# run LINE: the README's line in the minimal system, from "this folder", as root (sudo: nothing)
run() {
    chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 DISPLAY="$DISPLAY" \
        DEBIAN_FRONTEND=noninteractive XDG_RUNTIME_DIR=/tmp ${PIP_CERT:+PIP_CERT=/etc/pip-network-ca.pem} /bin/bash -c "sudo() { \"\$@\"; }; cd /root/euchre-tourney && $1"
}
for i in 0 1; do
    STEP=$SECONDS
    echo "\$ ${LINE[$i]}"
    run "${LINE[$i]}" > "$T/line$i.log" 2>&1 || { tail -15 "$T/line$i.log"; fail "${LINE[$i]}"; }
    echo "ok   $(grep -c '^Setting up' "$T/line$i.log" || true) packages set up ($((SECONDS - STEP)) s)"
done

STEP=$SECONDS
echo "\$ ${LINE[2]}"
INSTALL="${LINE[2]% && *}"   # the venv and pip install, then the window under xprobe (which closes it)
APPCMD="${LINE[2]##* && }"
run "$INSTALL" > "$T/line2.log" 2>&1 || { tail -15 "$T/line2.log"; fail "$INSTALL"; }
echo "ok   installed: $(grep -o 'Successfully installed.*' "$T/line2.log" | wc -w) distributions ($((SECONDS - STEP)) s)"
SHOT="$SHOTS/readme-debian12-window.png"
XPROBE_SETTLE=10 python3 "$HERE/linux/xprobe.py" window "$SHOT" 120 -- chroot "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root \
    LANG=C.UTF-8 DISPLAY="$DISPLAY" XDG_RUNTIME_DIR=/tmp /bin/bash -c "cd /root/euchre-tourney && exec $APPCMD" \
    > "$T/window.log" 2>&1 || { cat "$T/window.log"; fail "$APPCMD: no window"; }
WORDS="$(ocr_says "$SHOT" "Players|Opening" "Event|euchre")" || fail "$WORDS"
echo "ok   $APPCMD: $(head -1 "$T/window.log"); $WORDS"

run ".venv/bin/euchre-tourney --self-test" > "$T/self-test.log" 2>&1 || { cat "$T/self-test.log"; fail "--self-test"; }
grep '^self-test' "$T/self-test.log" | sed 's/^/     /'
echo "README TRY PASSED for Debian 12 ($((SECONDS - START)) s)"

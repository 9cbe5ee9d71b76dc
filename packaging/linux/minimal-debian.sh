# Sourced by linux/smoke-test.sh and try-readme.sh: a minimal Debian 12 system (debootstrap
# --variant=minbase bookworm: no Python, no X11, no font), throwaway copies of it that use an X
# server beside them, and a check that a screenshot's letters are letters (tesseract's OCR).
#
# MINIMAL: the cached system (default /var/cache/euchre-tourney/bookworm-minbase, $SMOKE_CHROOT);
# made on the first use and kept, with the .deb files apt downloads into it (apt-archives/ beside it)
# and pip's cache (pip-cache/ beside it), so a later run downloads nothing it already has.
# Needs root, debootstrap (when not cached), Xvfb; tesseract-ocr for ocr_says.

MINIMAL="${SMOKE_CHROOT:-/var/cache/euchre-tourney/bookworm-minbase}"
MIRROR="${SMOKE_MIRROR:-http://deb.debian.org/debian}"
MINIMAL_CACHE="$(dirname "$MINIMAL")"
COPIES=()
XVFB_PID=""

mirror_answers() {
    python3 -c 'import sys,urllib.request; urllib.request.urlopen(sys.argv[1] + "/dists/bookworm/Release", timeout=20)' "$MIRROR" 2> /dev/null
}

# ensure_minimal LOG: make the cached system if it is not there; status 1 (and why on stdout) when it cannot be
ensure_minimal() {
    [ -x "$MINIMAL/bin/sh" ] && return 0
    [ "$(id -u)" = 0 ] || { echo "making the minimal Debian system needs root"; return 1; }
    command -v debootstrap > /dev/null || { echo "debootstrap is not installed (apt-get install debootstrap)"; return 1; }
    mirror_answers || { echo "$MINIMAL is not cached and Debian's mirror $MIRROR cannot be reached"; return 1; }
    echo "making the minimal Debian system in $MINIMAL (debootstrap --variant=minbase bookworm; cached for next time)"
    mkdir -p "$MINIMAL_CACHE"
    rm -rf "$MINIMAL.partial"
    debootstrap --variant=minbase bookworm "$MINIMAL.partial" "$MIRROR" > "$1" 2>&1 || { tail -5 "$1"; return 1; }
    mv "$MINIMAL.partial" "$MINIMAL"
}

# fresh_copy DEST: a throwaway copy of the minimal system that reaches the network (Debian's mirror,
# PyPI), has /proc, sees the X server's socket and answers yes to apt (as a person typing y would)
fresh_copy() {
    local dest="$1"
    cp -a "$MINIMAL" "$dest"
    COPIES+=("$dest")
    cp /etc/resolv.conf "$dest/etc/resolv.conf"
    # this network's certificate authorities for pip, as set here (PIP_CERT), where apt's ca-certificates
    # does not rewrite them (try-readme.sh passes PIP_CERT=/etc/pip-network-ca.pem)
    if [ -n "${PIP_CERT:-}" ] && [ -f "$PIP_CERT" ]; then cp "$PIP_CERT" "$dest/etc/pip-network-ca.pem"; fi
    echo 'APT::Get::Assume-Yes "true";' > "$dest/etc/apt/apt.conf.d/90yes"
    mkdir -p "$MINIMAL_CACHE/apt-archives" "$MINIMAL_CACHE/pip-cache" "$dest/root/.cache/pip" "$dest/tmp/.X11-unix"
    find "$MINIMAL_CACHE/apt-archives" -name '*.deb' -exec cp {} "$dest/var/cache/apt/archives/" \;
    mount -t proc proc "$dest/proc"
    [ -d /tmp/.X11-unix ] || mkdir -m 1777 /tmp/.X11-unix  # Xvfb makes it too, if it starts first
    mount --bind /tmp/.X11-unix "$dest/tmp/.X11-unix"
    mount --bind "$MINIMAL_CACHE/pip-cache" "$dest/root/.cache/pip"
}

# drop_copy DEST: keep what apt downloaded into it for the next run, unmount, remove it
drop_copy() {
    local dest="$1"
    [ -d "$dest" ] || return 0
    find "$dest/var/cache/apt/archives" -maxdepth 1 -name '*.deb' ! -name 'euchre-tourney*' -exec cp -n {} "$MINIMAL_CACHE/apt-archives/" \; 2> /dev/null
    umount "$dest/root/.cache/pip" "$dest/tmp/.X11-unix" "$dest/proc" 2> /dev/null || true
    if ! grep -q " $dest/" /proc/mounts; then rm -rf "${dest:?}"; fi
}

drop_copies() {
    local dest
    for dest in "${COPIES[@]}"; do drop_copy "$dest"; done
    COPIES=()
}

# start_xvfb FOLDER: a private X server (1280x800, 24-bit) on a free display; sets DISPLAY and XVFB_PID
start_xvfb() {
    command -v Xvfb > /dev/null || { echo "Xvfb is not installed (apt-get install xvfb)" >&2; return 1; }
    exec 3> "$1/display"
    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 2> /dev/null &
    XVFB_PID=$!
    exec 3>&-
    for _ in $(seq 100); do [ -s "$1/display" ] && break; sleep 0.1; done
    [ -s "$1/display" ] || { echo "Xvfb did not start" >&2; return 1; }
    export DISPLAY=":$(cat "$1/display")"
}

stop_xvfb() {
    if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2> /dev/null; wait "$XVFB_PID" 2> /dev/null; fi
    XVFB_PID=""
}

# ocr_says SHOT WORD...: the screenshot's letters read back (tesseract) include every WORD ("A|B": A or
# B, for a window still saying "Opening <file>…" on a slow machine); a window drawing empty boxes
# instead of letters reads as none of them. Prints what it read on failure.
ocr_says() {
    local shot="$1" word missing=()
    shift
    command -v tesseract > /dev/null || { echo "tesseract is not installed (apt-get install tesseract-ocr)"; return 1; }
    tesseract "$shot" "$shot" > /dev/null 2>&1 || { echo "tesseract could not read $shot"; return 1; }
    for word in "$@"; do grep -qiE -- "$word" "$shot.txt" || missing+=("$word"); done
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "the window's letters are not readable: OCR of $shot found none of: ${missing[*]}; it read:"
        tr -s ' \n' ' ' < "$shot.txt" | cut -c1-300
        return 1
    fi
    echo "OCR of $shot reads: $(tr -s ' \n' ' ' < "$shot.txt" | cut -c1-160)"
}

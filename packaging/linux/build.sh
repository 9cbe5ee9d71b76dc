#!/usr/bin/env bash
# Build the Linux bundle of Euchre Tourney from a clean checkout of the current commit.
#
#     packaging/linux/build.sh [OUT_DIR]        (default OUT_DIR: ./dist-linux)
#
# 1. exports HEAD (git archive: only what is committed) into a temporary folder;
# 2. makes a temporary venv there and installs the project's dependencies (read from
#    pyproject.toml) and PyInstaller from the package registries (PyPI; pip's cache is used);
#    the project itself is not installed: PyInstaller takes it from the exported tree;
# 3. freezes it with packaging/euchre-tourney.spec into one folder (unused Qt parts left out);
# 4. adds share/ (menu entry, AppStream file, icons rendered from the SVG at the freedesktop sizes);
# 5. packs OUT_DIR/euchre-tourney-VERSION-linux-ARCH.tar.gz and, when dpkg-deb is present,
#    OUT_DIR/euchre-tourney_VERSION_ARCH.deb (installs to /opt/euchre-tourney, /usr/bin, /usr/share).
#
# Needs: git, python3 (3.11+) with venv, network access to PyPI (or a filled pip cache).
# Takes a few minutes of CPU; run it with nice on a shared machine.
set -euo pipefail

OUT="$(mkdir -p "${1:-$PWD/dist-linux}" && cd "${1:-$PWD/dist-linux}" && pwd)"
APP_ID="io.github.euchretourney.EuchreTourney"
# shellcheck source=../prepare-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/../prepare-build.sh"
ARCH="$(uname -m)"
freeze
BUNDLE="$WORK/dist/euchre-tourney"
cp "$WORK/build-requirements.txt" "$BUNDLE/_internal/build-requirements.txt"

step "menu entry, AppStream file and icons"
SHARE="$BUNDLE/share"
mkdir -p "$SHARE/applications" "$SHARE/metainfo" "$SHARE/icons"
cp "$SRC/resources/desktop/$APP_ID.desktop" "$SHARE/applications/"
cp "$SRC/resources/desktop/$APP_ID.metainfo.xml" "$SHARE/metainfo/"
QT_QPA_PLATFORM=offscreen "$VPY" "$SRC/packaging/icons.py" hicolor "$SHARE/icons" > /dev/null
if command -v desktop-file-validate > /dev/null; then desktop-file-validate "$SHARE/applications/$APP_ID.desktop"; fi
if command -v appstreamcli > /dev/null; then appstreamcli validate --no-net "$SHARE/metainfo/$APP_ID.metainfo.xml"; fi
cat > "$BUNDLE/README.txt" <<EOF
Euchre Tourney $VERSION for Linux ($ARCH)

Start it:               ./euchre-tourney
Add it to the menu:     ./euchre-tourney --install-desktop   (remove: --uninstall-desktop)
Command-line tools:     ./euchre-tourney --help

Qt needs a few X11 libraries that a bare system may lack; if they are missing the app
says which and how to install them (Debian/Ubuntu: sudo apt install libxcb-cursor0
libxcb-icccm4 libxcb-keysyms1; Fedora: sudo dnf install xcb-util-cursor xcb-util-wm
xcb-util-keysyms).
EOF

step "packing"
TARBALL="$OUT/euchre-tourney-$VERSION-linux-$ARCH.tar.gz"
STAGE="$WORK/stage/euchre-tourney-$VERSION"
mkdir -p "$WORK/stage" && cp -a "$BUNDLE" "$STAGE"
tar -C "$WORK/stage" -czf "$TARBALL" "euchre-tourney-$VERSION"
echo "$TARBALL: $(du -h "$TARBALL" | cut -f1) packed, $(du -sh "$BUNDLE" | cut -f1) unpacked"

if command -v dpkg-deb > /dev/null; then
    DEB_ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
    ROOTFS="$WORK/deb"
    mkdir -p "$ROOTFS/DEBIAN" "$ROOTFS/opt" "$ROOTFS/usr/bin" "$ROOTFS/usr/share"
    cp -a "$BUNDLE" "$ROOTFS/opt/euchre-tourney"
    mv "$ROOTFS/opt/euchre-tourney/share/"* "$ROOTFS/usr/share/" && rmdir "$ROOTFS/opt/euchre-tourney/share"
    printf '#!/bin/sh\nexec /opt/euchre-tourney/euchre-tourney "$@"\n' > "$ROOTFS/usr/bin/euchre-tourney"
    chmod 755 "$ROOTFS/usr/bin/euchre-tourney"
    cat > "$ROOTFS/DEBIAN/control" <<EOF
Package: euchre-tourney
Version: $VERSION
Architecture: $DEB_ARCH
Maintainer: Euchre Tourney developers <euchre-tourney@users.noreply.github.com>
Installed-Size: $(du -sk "$ROOTFS" | cut -f1)
Depends: libc6 (>= 2.28), libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1, libxcb-image0, libxcb-render-util0, libxcb-shape0, libxcb-xkb1, libxkbcommon-x11-0, libx11-xcb1, libegl1, libfontconfig1, libdbus-1-3
Section: games
Priority: optional
Description: run a euchre club's tournament night
 Roster, check-in, balanced progressive rotations, scorecards and tally
 sheets (PDF), hand-by-hand score entry checked against the rules, and
 standings on a projector.
EOF
    DEB="$OUT/euchre-tourney_${VERSION}_${DEB_ARCH}.deb"
    dpkg-deb --root-owner-group -Zxz --build "$ROOTFS" "$DEB" > /dev/null
    echo "$DEB: $(du -h "$DEB" | cut -f1)"
fi
step "done"

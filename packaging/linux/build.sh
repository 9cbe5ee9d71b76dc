#!/usr/bin/env bash
# Build the Linux bundle of Euchre Tourney from a clean checkout of the current commit.
#
#     packaging/linux/build.sh [OUT_DIR]        (default OUT_DIR: ./dist-linux)
#
# 1. exports HEAD (git archive: only what is committed) into a temporary folder;
# 2. makes a temporary venv there and installs the project's dependencies (read from
#    pyproject.toml), PyInstaller and pip-licenses from the package registries (pip's cache is used);
#    the project itself is not installed: PyInstaller takes it from the exported tree;
# 3. freezes it with packaging/euchre-tourney.spec into one folder (unused Qt parts left out),
#    then checks that every data file of every dependency is in it (packaging/runtime_data.py);
# 4. writes the third-party notices (packaging/notices.py: the Python packages' licences from their
#    metadata through pip-licenses, Python's, and the Debian copyright files of the packages that own
#    the bundled system libraries) into _internal/resources/NOTICES.txt, and the list of bundled
#    system libraries with the reason each is there into OUT_DIR/bundled-libraries.md;
# 5. adds share/ (menu entry, AppStream file with this version's release, icons rendered from the SVG);
# 6. packs OUT_DIR/euchre-tourney-VERSION-linux-ARCH.tar.gz and, when dpkg-deb is present,
#    OUT_DIR/euchre-tourney_VERSION_ARCH.deb (installs to /usr/lib/euchre-tourney, /usr/bin, /usr/share,
#    with /usr/share/doc/euchre-tourney/{copyright,changelog.gz}; it depends only on the packages of
#    the libraries the bundle needs but does not carry), checked with lintian when present: an error
#    fails the build (the report is OUT_DIR/lintian.txt).
#
# Needs: git, python3 (3.11+) with venv, network access to PyPI (or a filled pip cache); readelf and
# dpkg for the system libraries' licences and the .deb (Debian, Ubuntu).
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
"$VPY" "$SRC/packaging/runtime_data.py" check "$BUNDLE/_internal"

step "third-party notices and the bundled system libraries"
"$VPY" "$SRC/packaging/notices.py" "$BUNDLE/_internal" --version "$VERSION" \
    --out "$BUNDLE/_internal/resources/NOTICES.txt" \
    --libraries-md "$WORK/bundled-libraries.md" --deb-depends "$WORK/deb-depends" --deb-copyright "$WORK/deb-copyright"
# a build output like the others: into OUT, never into the checkout (a build leaves the tree as it was)
if [ -f "$WORK/bundled-libraries.md" ]; then cp "$WORK/bundled-libraries.md" "$OUT/bundled-libraries.md"; fi

step "menu entry, AppStream file and icons"
SHARE="$BUNDLE/share"
mkdir -p "$SHARE/applications" "$SHARE/metainfo" "$SHARE/icons"
cp "$SRC/resources/desktop/$APP_ID.desktop" "$SHARE/applications/"
"$VPY" "$SRC/packaging/metainfo.py" "$SRC/resources/desktop/$APP_ID.metainfo.xml" "$VERSION" \
    > "$SHARE/metainfo/$APP_ID.metainfo.xml"
QT_QPA_PLATFORM=offscreen "$VPY" "$SRC/packaging/icons.py" hicolor "$SHARE/icons" > /dev/null
if command -v desktop-file-validate > /dev/null; then desktop-file-validate "$SHARE/applications/$APP_ID.desktop"; fi
if command -v appstreamcli > /dev/null; then appstreamcli validate --no-net "$SHARE/metainfo/$APP_ID.metainfo.xml"; fi
cat > "$BUNDLE/README.txt" <<EOF
Euchre Tourney $VERSION for Linux ($ARCH)

Start it:               ./euchre-tourney
Add it to the menu:     ./euchre-tourney --install-desktop   (remove: --uninstall-desktop)
Command-line tools:     ./euchre-tourney --help

The folder carries Python, Qt and the libraries they need; the system needs only its C
library and the X11 (libxcb1) or Wayland libraries every desktop has. If one is missing
the app says which and how to install it.

Licences: _internal/resources/NOTICES.txt (also Help > About > Licences).
EOF

step "packing"
TARBALL="$OUT/euchre-tourney-$VERSION-linux-$ARCH.tar.gz"
STAGE="$WORK/stage/euchre-tourney-$VERSION"
mkdir -p "$WORK/stage" && cp -a "$BUNDLE" "$STAGE"
tar -C "$WORK/stage" -czf "$TARBALL" "euchre-tourney-$VERSION"
echo "$TARBALL: $(du -h "$TARBALL" | cut -f1) packed, $(du -sh "$BUNDLE" | cut -f1) unpacked"

if command -v dpkg-deb > /dev/null && [ -s "$WORK/deb-depends" ]; then
    step "the .deb"
    DEB_ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
    ROOTFS="$WORK/deb"
    LIB="$ROOTFS/usr/lib/euchre-tourney"
    DOC="$ROOTFS/usr/share/doc/euchre-tourney"
    mkdir -p "$ROOTFS/DEBIAN" "$ROOTFS/usr/lib" "$ROOTFS/usr/bin" "$ROOTFS/usr/share" "$DOC"
    cp -a "$BUNDLE" "$LIB"
    mv "$LIB/share/"* "$ROOTFS/usr/share/"
    rmdir "$LIB/share"
    rm "$LIB/README.txt"
    ln -s ../lib/euchre-tourney/euchre-tourney "$ROOTFS/usr/bin/euchre-tourney"
    cp "$WORK/deb-copyright" "$DOC/copyright"
    {
        echo "euchre-tourney ($VERSION) unstable; urgency=medium"
        echo
        echo "  * Release $VERSION, built from commit $(git -C "$REPO" rev-parse --short HEAD)."
        echo
        echo " -- Euchre Tourney developers <euchre-tourney@users.noreply.github.com>  $(date -R -d "@$(git -C "$REPO" log -1 --format=%ct)")"
    } > "$WORK/changelog"
    gzip -9n -c "$WORK/changelog" > "$DOC/changelog.gz"
    find "$ROOTFS/usr" -type d -exec chmod 755 {} +
    find "$ROOTFS/usr/share" -type f -exec chmod 644 {} +
    find "$LIB" -type f -name '*.so*' -exec chmod 644 {} +  # libraries are loaded, not run
    mkdir -p "$ROOTFS/usr/share/lintian/overrides"
    cp "$SRC/packaging/linux/lintian-overrides" "$ROOTFS/usr/share/lintian/overrides/euchre-tourney"
    cat > "$ROOTFS/DEBIAN/control" <<EOF
Package: euchre-tourney
Version: $VERSION
Architecture: $DEB_ARCH
Maintainer: Euchre Tourney developers <euchre-tourney@users.noreply.github.com>
Installed-Size: $(du -sk "$ROOTFS/usr" | cut -f1)
Depends: $(cat "$WORK/deb-depends")
Section: misc
Priority: optional
Homepage: https://github.com/euchretourney/euchre-tourney
Description: run a euchre club's tournament night
 Roster, check-in, balanced progressive rotations, scorecards and tally
 sheets (PDF), hand-by-hand score entry checked against the rules, and
 standings on a projector.
EOF
    DEB="$OUT/euchre-tourney_${VERSION}_${DEB_ARCH}.deb"
    dpkg-deb --root-owner-group -Zxz -z3 --build "$ROOTFS" "$DEB" > /dev/null
    echo "$DEB: $(du -h "$DEB" | cut -f1)"
    if command -v lintian > /dev/null; then
        step "lintian"
        lintian --no-tag-display-limit "$DEB" > "$OUT/lintian.txt" 2>&1 || true
        echo "lintian: $(grep -c '^E:' "$OUT/lintian.txt" || true) error(s), $(grep -c '^W:' "$OUT/lintian.txt" || true) warning(s) ($OUT/lintian.txt):"
        cut -d' ' -f1,3 "$OUT/lintian.txt" | sort | uniq -c | sort -rn
        if grep -q '^E:' "$OUT/lintian.txt"; then
            echo "lintian reported errors" >&2
            exit 1
        fi
    fi
fi
step "done"

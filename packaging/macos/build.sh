#!/usr/bin/env bash
# Build Euchre Tourney for macOS: "Euchre Tourney.app" (PyInstaller) in a DMG.
# Untested: no Mac was at hand when it was written (see packaging/README.md).
#
#     packaging/macos/build.sh [OUT_DIR]        (default OUT_DIR: ./dist-macos)
#
# Needs: git, Python 3.11+ (python.org or Homebrew), Xcode command-line tools (hdiutil, codesign),
# network access to PyPI. The bundle is ad-hoc signed only; distributing it beyond your own
# machines needs a Developer ID signature and notarization (see packaging/README.md).
set -euo pipefail
OUT="$(mkdir -p "${1:-$PWD/dist-macos}" && cd "${1:-$PWD/dist-macos}" && pwd)"
EXTRA_PIP="pillow"  # packs the .icns
# shellcheck source=../prepare-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/../prepare-build.sh"

step "icon"
"$VPY" "$SRC/packaging/icons.py" icns "$WORK/euchre-tourney.icns"
export EUCHRE_ICON="$WORK/euchre-tourney.icns"
freeze
APP="$WORK/dist/Euchre Tourney.app"
cp "$WORK/build-requirements.txt" "$APP/Contents/Resources/build-requirements.txt"
codesign --force --deep --sign - "$APP"

step "disk image"
STAGE="$WORK/dmg"
mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
DMG="$OUT/euchre-tourney-$VERSION-macos-$(uname -m).dmg"
hdiutil create -volname "Euchre Tourney $VERSION" -srcfolder "$STAGE" -ov -format UDZO "$DMG"
echo "$DMG: $(du -h "$DMG" | cut -f1)"
step "done"

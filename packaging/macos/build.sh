#!/usr/bin/env bash
# Build Euchre Tourney for macOS: "Euchre Tourney.app" (PyInstaller) in a DMG.
# Not run here: no Mac is at hand; packaging/ci/release.yml runs it on hosted macOS runners for a tag
# (see packaging/README.md).
#
#     packaging/macos/build.sh [OUT_DIR]        (default OUT_DIR: ./dist-macos)
#
# Needs: git, Python 3.11+ (python.org or Homebrew), Xcode command-line tools (hdiutil, codesign),
# network access to PyPI. The bundle is ad-hoc signed only; distributing it beyond your own
# machines needs a Developer ID signature and notarization (see packaging/README.md).
set -euo pipefail
OUT="$(mkdir -p "${1:-$PWD/dist-macos}" && cd "${1:-$PWD/dist-macos}" && pwd)"
EXTRA_PIP="pillow"  # packs the .icns (prepare-build.sh installs pip-licenses for notices.py)
# shellcheck source=../prepare-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/../prepare-build.sh"

step "icon"
"$VPY" "$SRC/packaging/icons.py" icns "$WORK/euchre-tourney.icns"
export EUCHRE_ICON="$WORK/euchre-tourney.icns"
freeze
APP="$WORK/dist/Euchre Tourney.app"
cp "$WORK/build-requirements.txt" "$APP/Contents/Resources/build-requirements.txt"
# the third-party notices (Qt's LGPL among them) and the About box's package list, before signing:
# the app finds them in resources/ beside its code (Contents/Frameworks/resources links to Contents/Resources/resources)
"$VPY" "$SRC/packaging/runtime_data.py" check "$APP/Contents/Frameworks"
"$VPY" "$SRC/packaging/notices.py" "$APP/Contents/Frameworks" --version "$VERSION" \
    --out "$APP/Contents/Resources/resources/NOTICES.txt"
grep -q "GNU LESSER GENERAL PUBLIC LICENSE" "$APP/Contents/Resources/resources/NOTICES.txt" || { echo "NOTICES.txt lacks Qt's LGPL" >&2; exit 1; }
# ad hoc: runs on the Mac that built it; other Macs need a Developer ID signature and notarization,
# which release.yml does when its secrets are set (packaging/README.md)
codesign --force --deep --sign "${MACOS_SIGN_IDENTITY:--}" ${MACOS_SIGN_IDENTITY:+--options runtime --timestamp} "$APP"

step "disk image"
STAGE="$WORK/dmg"
mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
DMG="$OUT/euchre-tourney-$VERSION-macos-$(uname -m).dmg"
hdiutil create -volname "Euchre Tourney $VERSION" -srcfolder "$STAGE" -ov -format UDZO "$DMG"
if [ -n "${MACOS_NOTARY_PROFILE:-}" ]; then  # a keychain profile made with xcrun notarytool store-credentials
    xcrun notarytool submit "$DMG" --keychain-profile "$MACOS_NOTARY_PROFILE" --wait
    xcrun stapler staple "$DMG"
fi
echo "$DMG: $(du -h "$DMG" | cut -f1)"
step "done"

# Sourced by linux/build.sh and macos/build.sh: a clean export of HEAD and a temporary venv
# with the project's dependencies and PyInstaller from the package registries. The project
# itself is never installed: PyInstaller takes it from the export.
# Sets: REPO, WORK (removed on exit), SRC, VPY (the venv's python), VERSION. Extra pip packages: $EXTRA_PIP.
set -euo pipefail
step() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

REPO="$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)"
PYTHON="${PYTHON:-python3}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/euchre-build.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

step "exporting $(git -C "$REPO" rev-parse --short HEAD) from $REPO"
if [ -n "$(git -C "$REPO" status --porcelain --untracked-files=no)" ]; then
    echo "note: uncommitted changes in $REPO are not part of the build"
fi
SRC="$WORK/src"
mkdir "$SRC"
git -C "$REPO" archive HEAD | tar -x -C "$SRC"
VERSION="$("$PYTHON" -c 'import re,sys; print(re.search(r"__version__ = \"(.+?)\"", open(sys.argv[1]).read())[1])' "$SRC/euchre_tourney/__init__.py")"

step "temporary venv with the dependencies and PyInstaller"
"$PYTHON" -m venv "$WORK/venv"
VPY="$WORK/venv/bin/python"
"$VPY" -m pip install --quiet --upgrade pip
DEPS=()
while IFS= read -r dep; do DEPS+=("$dep"); done < <("$VPY" -c 'import tomllib,sys; print("\n".join(tomllib.load(open(sys.argv[1],"rb"))["project"]["dependencies"]))' "$SRC/pyproject.toml")
# shellcheck disable=SC2086  # EXTRA_PIP is a list of package names
# pip-licenses: the third-party notices come from the installed packages' metadata (notices.py)
"$VPY" -m pip install --quiet "${DEPS[@]}" "pyinstaller>=6.10" "pip-licenses>=5" ${EXTRA_PIP:-}
"$VPY" -m pip list --format=freeze > "$WORK/build-requirements.txt"

freeze() {  # freeze SRC with the shared spec into $WORK/dist
    step "freezing with PyInstaller"
    (cd "$SRC" && "$VPY" -m PyInstaller --noconfirm --log-level WARN \
        --distpath "$WORK/dist" --workpath "$WORK/build" packaging/euchre-tourney.spec)
}

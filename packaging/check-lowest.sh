#!/usr/bin/env bash
# Are pyproject.toml's lower bounds true? Installs the lowest version of each run-time dependency
# that pyproject.toml allows (uv's --resolution lowest-direct: the floors themselves; what they need
# at its newest), from wheels only (no compiler, no C headers), then with this checkout's code:
#   1. a club file (packaging/linux/smoke_data.py: 16 players, a finished progressive night, a team night);
#   2. every report of both events (PDF) and the standings as text, CSV and JSON, from the command line;
#   3. the window's own check (--self-test, offscreen): opens a file of the first release (Alembic
#      upgrades it), adds a player through the real dialog.
# Prints the versions it installed and exits non-zero on the first failure.
#
#     packaging/check-lowest.sh [WORK_DIR]      (default: a temporary folder, removed after)
#
# Needs: python3 (the oldest Python pyproject allows is best: 3.11), network access to PyPI.
# uv comes from PyPI into a throwaway venv. Takes a minute or two (downloads cached in uv's cache).
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
START=$SECONDS
if [ -n "${1:-}" ]; then W="$(mkdir -p "$1" && cd "$1" && pwd)"; else
    W="$(mktemp -d "${TMPDIR:-/tmp}/euchre-lowest.XXXXXX")"; trap 'rm -rf "$W"' EXIT
fi
fail() { echo "LOWEST VERSIONS FAILED: $*" >&2; exit 1; }

"$PYTHON" -m venv "$W/uv-venv" && "$W/uv-venv/bin/pip" install --quiet uv
UV="$W/uv-venv/bin/uv"
"$PYTHON" -c 'import tomllib,sys; print("\n".join(tomllib.load(open(sys.argv[1],"rb"))["project"]["dependencies"]))' \
    "$REPO/pyproject.toml" > "$W/requirements.txt"
"$UV" venv --quiet --python "$PYTHON" "$W/low"
"$UV" pip install --quiet --python "$W/low/bin/python" --resolution lowest-direct --only-binary :all: \
    -r "$W/requirements.txt" > "$W/install.log" 2>&1 || { cat "$W/install.log"; fail "uv could not install the floors from wheels"; }
LOW="$W/low/bin/python"
echo "installed (the floors of pyproject.toml's dependencies, wheels only):"
"$UV" pip freeze --python "$LOW" | tr '_' '-' | grep -i -E "^($(sed -E 's/[ ;<>=!~\[].*//' "$W/requirements.txt" | tr '_' '-' | paste -sd'|'))==" \
    | sed 's/^/    /'

run() { (cd "$W" && PYTHONPATH="$REPO" QT_QPA_PLATFORM=offscreen "$LOW" "$@"); }
mkdir -p "$W/club"
run "$REPO/packaging/linux/smoke_data.py" "$W/club" > "$W/club/ids" || fail "making the sample club file"
PROGRESSIVE="$(sed -n 1p "$W/club/ids")"
TEAM="$(sed -n 2p "$W/club/ids")"
read -r -a REPORTS <<< "$(sed -n 3p "$W/club/ids")"
for event in "$PROGRESSIVE" "$TEAM"; do
    for name in "${REPORTS[@]}"; do
        run -m euchre_tourney --database "$W/club/club.sqlite" "$name" "$event" --out "$W/club/$name-$event.pdf" > /dev/null \
            || fail "report $name of event $event"
        [ "$(head -c 5 "$W/club/$name-$event.pdf")" = "%PDF-" ] || fail "$name-$event.pdf is not a PDF"
    done
    for format in text csv json; do
        run -m euchre_tourney --database "$W/club/club.sqlite" standings "$event" --format "$format" > "$W/standings.$format" \
            || fail "standings $event --format $format"
    done
done
echo "ok   ${#REPORTS[@]} reports x 2 events and the standings (text, csv, json)"
run -m euchre_tourney --database "$W/club/old.sqlite" --self-test > "$W/self-test.txt" 2>&1 \
    || { cat "$W/self-test.txt"; fail "--self-test"; }
grep '^self-test' "$W/self-test.txt" | sed 's/^/     /'
echo "LOWEST VERSIONS PASSED ($((SECONDS - START)) s)"

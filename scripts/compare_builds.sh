#!/usr/bin/env bash
# Compare the site built from a commit with the site built from the working tree, file by file.
#
#   bash scripts/compare_builds.sh [REV]     # REV defaults to HEAD
#   KEEP=/tmp/pasta bash scripts/compare_builds.sh REV   # keep both builds (antes/, depois/) there
#
# A refactor that is not meant to change behaviour must print "idênticos". Both builds get the same
# date (SOURCE_DATE_EPOCH of REV) and the build id (<meta name="ep-versao">, "versao" in the JSON
# files: short commit and date) is masked, so every difference listed is a real one; builds are
# reproducible (tests/test_reproducible_build.py).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/tree" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/tree" "$rev"
ln -s "$PWD/.venv" "$tmp/tree/.venv"
ln -s "$PWD/node_modules" "$tmp/tree/node_modules"
export NO_MKDOCS_2_WARNING=1
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct "$rev")
export SOURCE_DATE_EPOCH
(cd "$tmp/tree" && .venv/bin/mkdocs build --strict -q -d "$tmp/antes")
.venv/bin/mkdocs build --strict -q -d "$tmp/depois"
# The build id names the commit: mask it on both sides (text files only).
for side in antes depois; do
  { grep -rlIZE '[0-9a-f]{7} [0-9]{4}-[0-9]{2}-[0-9]{2}' "$tmp/$side" || true; } \
    | xargs -0 -r sed -i -E 's/[0-9a-f]{7} ([0-9]{4}-[0-9]{2}-[0-9]{2})/COMMIT \1/g'
done
if [ -n "${KEEP:-}" ]; then
  rm -rf "$KEEP" && mkdir -p "$KEEP" && cp -a "$tmp/antes" "$tmp/depois" "$KEEP/"
fi
if diff -rq "$tmp/antes" "$tmp/depois"; then
  echo "idênticos ($rev e a árvore de trabalho)"
else
  exit 1
fi

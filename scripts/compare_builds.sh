#!/usr/bin/env bash
# Compare the site built from a commit with the site built from the working tree, file by file.
#
#   bash scripts/compare_builds.sh [REV]     # REV defaults to HEAD
#
# A refactor that is not meant to change behaviour must print "idênticos". Builds are
# reproducible (tests/test_reproducible_build.py), so every difference listed is a real one.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/tree" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/tree" "$rev"
ln -s "$PWD/.venv" "$tmp/tree/.venv"
ln -s "$PWD/node_modules" "$tmp/tree/node_modules"
export NO_MKDOCS_2_WARNING=1
(cd "$tmp/tree" && .venv/bin/mkdocs build --strict -q -d "$tmp/before")
.venv/bin/mkdocs build --strict -q -d "$tmp/after"
if diff -rq "$tmp/before" "$tmp/after"; then
  echo "idênticos ($rev e a árvore de trabalho)"
else
  exit 1
fi

"""The search's worker: Material's own, with the site's faster index build appended.

Material's search worker (``assets/javascripts/workers/search.<hash>.min.js``) builds the lunr
index when the index arrives, and a search typed right after tapping the magnifier waits for it
(issue 22 §5). ``docs/assets/js/search/busca-worker.js`` replaces two functions of the lunr that worker
carries with ones that build exactly the same index, faster. This module writes
``assets/busca-worker.js`` in the site: Material's worker as it is (without its source-map
comment), then that file minified (esbuild, as the bundles). ``docs/assets/js/search/busca-sob-pedido.js``
points Material's configuration at it: one request, as before, and Material's own worker stays in
the site. The same results: ``tests/test_search_index.py`` (``scripts/search_same_results.mjs``).
"""

from __future__ import annotations

import re
from pathlib import Path

from .bundles import minify_scripts

OUTPUT = "assets/busca-worker.js"
SOURCE = "assets/js/search/busca-worker.js"
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)


class SearchWorkerError(Exception):
    """Material's search worker is not where the build expects it."""


def material_worker(site_dir: Path) -> Path:
    """Material's search worker in the built site (exactly one)."""
    found = sorted((site_dir / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    if len(found) != 1:
        raise SearchWorkerError(
            f"esperado um worker de busca do Material em assets/javascripts/workers/, achados {len(found)}")
    return found[0]


def write(site_dir: Path, docs_dir: Path) -> int:
    """Write ``assets/busca-worker.js`` (Material's worker, then ours, minified); return its size."""
    material = SOURCE_MAP.sub("", material_worker(site_dir).read_text(encoding="utf-8")).rstrip()
    ours = (docs_dir / SOURCE).read_text(encoding="utf-8")
    text = f"{material}\n{minify_scripts({OUTPUT: ours})[OUTPUT]}"
    out = site_dir / OUTPUT
    out.write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))

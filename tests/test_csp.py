"""The Content Security Policy of the built site (``macros/exporters/csp.py``): one strict policy, first in
the ``<head>`` of every page, with the hash of every inline script the pages run."""

from __future__ import annotations

import re
from pathlib import Path

from macros.exporters import csp

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        out[name] = sources
    return out


def test_every_page_has_the_same_strict_policy(site_dir: Path) -> None:
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) > 15
    policies = set()
    for path in pages:
        text = path.read_text(encoding="utf-8")
        found = META.findall(text)
        assert len(found) == 1, path
        head = text[text.index("<head>"):]
        assert head.index("Content-Security-Policy") < head.index("<script"), f"{path}: política depois de um script"
        assert text.index("Content-Security-Policy") < 1024 or text.index("charset") < 1024
        policy = found[0].replace("&quot;", '"').replace("&amp;", "&")
        policies.add(policy)
        rules = directives(policy)
        for script in csp.inline_scripts(text):
            assert csp.script_hash(script) in rules["script-src"], f"{path}: script em linha sem hash"
    assert len(policies) == 1, "com a navegação instantânea a política da primeira página vale para as outras"
    rules = directives(policies.pop())
    assert rules["default-src"] == ["'self'"]
    assert rules["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert all(s.startswith("'sha256-") for s in rules["script-src"][2:])
    assert "'unsafe-inline'" not in rules["script-src"] and "'unsafe-eval'" not in rules["script-src"]
    assert rules["worker-src"] == ["'self'"] and rules["manifest-src"] == ["'self'"]
    assert rules["object-src"] == ["'none'"]
    assert rules["style-src"] == ["'self'"]


def test_data_blocks_need_no_hash_and_scripts_do() -> None:
    page = (
        '<script id="__config" type="application/json">{"a": 1}</script>'
        '<script type="application/ld+json">{"@context": "https://schema.org"}</script>'
        '<script src="x.js"></script>'
        "<script>var a = 1</script>"
        '<script type="module">import "./y.js"</script>'
    )
    assert csp.inline_scripts(page) == ["var a = 1", 'import "./y.js"']
    # the known value for the empty script, as browsers compute it
    assert csp.script_hash("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"


def test_meta_goes_after_charset() -> None:
    page = '<!doctype html><html><head>\n  <meta charset="utf-8">\n<title>x</title></head></html>'
    changed = csp.insert_in_head(page, "<X>")
    assert changed is not None and '<meta charset="utf-8"><X>' in changed
    assert csp.insert_in_head("<html></html>", "<X>") is None

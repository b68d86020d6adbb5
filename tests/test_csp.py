"""The Content Security Policy of the built site (``macros/build/csp.py``): one strict policy, first in
the ``<head>`` of every page, with the hash of every inline script the pages run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from macros.build import csp

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
        loads = re.search(r'<script|<style|<link rel="(?:stylesheet|preload|modulepreload)"', head)
        first = loads.start() if loads else len(head)
        assert head.index("Content-Security-Policy") < first, f"{path}: política depois de um script ou estilo"
        assert csp.PLACEHOLDER not in text, f"{path}: a política não foi preenchida"
        assert text.index("Content-Security-Policy") < 1024 or text.index("charset") < 1024
        policy = found[0].replace("&quot;", '"').replace("&amp;", "&")
        policies.add(policy)
        rules = directives(policy)
        for script in csp.inline_scripts(text):
            assert csp.script_hash(script) in rules["script-src"], f"{path}: script em linha sem hash"
    assert len(policies) == 1, "com a navegação instantânea a política da primeira página vale para as outras"
    rules = directives(policies.pop())
    assert rules["default-src"] == ["'self'"]
    # WebAssembly only in the engine's worker, by its own header (macros/build/hosting.py).
    assert rules["script-src"][0] == "'self'" and "'wasm-unsafe-eval'" not in rules["script-src"]
    assert all(s.startswith("'sha256-") for s in rules["script-src"][1:])
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


def test_the_template_tag_is_filled_and_nothing_inserted() -> None:
    """The build fills the value of the tag the template wrote; a page without it, or with two,
    is not published (a template that does not extend overrides/main.html)."""
    page = f'<!doctype html><html><head><meta charset="utf-8">{csp.placeholder_tag()}<title>x</title></head></html>'
    filled = csp.fill(page, "a/index.html", "default-src 'self'")
    assert filled == page.replace(csp.placeholder_tag(), csp.meta_tag("default-src 'self'"))
    assert csp.fill("<html><body></body></html>", "x.html", "p") is None
    for count in (0, 2):
        wrong = "<html><head>" + csp.placeholder_tag() * count + "</head></html>"
        with pytest.raises(csp.MissingPolicyError, match=rf"b/index.html: a página traz {count} vezes"):
            csp.fill(wrong, "b/index.html", "p")


def _theme_dirs() -> list[Path]:
    import material

    return [Path(material.__file__).parent / "templates"]


def test_policy_approves_only_the_scripts_the_theme_ships(site_dir: Path) -> None:
    """The hashes come from the theme's templates, not from the pages: each one in the policy is a
    script Material ships (filled with a base_url of this site)."""
    text = (site_dir / "index.html").read_text(encoding="utf-8")
    policy = META.findall(text)[0].replace("&quot;", '"').replace("&amp;", "&")
    allowed = csp.shipped_scripts(_theme_dirs(), csp.base_urls(site_dir, "/"))
    hashes = directives(policy)["script-src"][2:]
    assert hashes and set(hashes) <= allowed


def test_a_script_from_data_stops_the_build(tmp_path: Path) -> None:
    """A page whose inline script the theme does not ship (here, one that data would have put in)
    is not published: the policy step stops with the page and the script."""
    page = tmp_path / "hoje" / "index.html"
    page.parent.mkdir()
    page.write_text('<html><head><meta charset="utf-8"></head><body><h2>Lei <script>alert("x")</script></h2>'
                    "</body></html>", encoding="utf-8")
    with pytest.raises(csp.UnknownScriptError, match=r'hoje/index.html: script embutido .*alert\("x"\)'):
        csp.add_to_site(tmp_path, _theme_dirs())
    assert "Content-Security-Policy" not in page.read_text(encoding="utf-8")


def test_theme_scripts_are_approved_at_every_depth(tmp_path: Path) -> None:
    scope = ('__md_scope=new URL("../..",location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),'
             '__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),'
             '__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}'
             "catch(e){}}")
    page = tmp_path / "a" / "b" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f"<html><head>{csp.placeholder_tag()}</head><body><script>{scope}</script></body></html>",
                    encoding="utf-8")
    policy = csp.add_to_site(tmp_path, _theme_dirs())
    assert csp.script_hash(scope) in policy

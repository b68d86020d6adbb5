"""The headers every host sends (macros/build/hosting.py; dev/server.md), proved three ways:

- nginx with ``deploy/nginx.conf`` is asked for every kind of file of the built site (pages, the
  404, scripts, the ``.wasm``, the engine's worker, the service worker, the downloads…) and sends
  what the table says;
- ``deploy/nginx.conf``, ``deploy/Caddyfile`` and the build's ``_headers`` (Netlify, Cloudflare
  Pages) are parsed here, each by a reading of its own format, and give the same headers for every
  file of the site; the ``_headers`` rules never set one header twice for a path (Cloudflare would
  join two policies with a comma: both enforced);
- Caddy with ``deploy/Caddyfile`` is asked for the same files, when it is installed;
- the generated blocks of ``deploy/`` are those of this build (the page policy carries the
  hashes of the theme's inline scripts: a Material upgrade changes them).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

from deploy.local_server import LocalServer, caddy, nginx
from macros.build import hosting

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
CHROMIUM_ACCEPT = "gzip, deflate, br, zstd"


# ------------------------------------------------------------------ the site's paths, by kind
def site_paths(site_dir: Path) -> list[str]:
    """Every address of the built site: each file, and each folder with an index.html."""
    out = []
    for file in sorted(site_dir.rglob("*")):
        if not file.is_file() or file.name.endswith((".br", ".gz")) or file.name == "_headers":
            continue
        path = "/" + file.relative_to(site_dir).as_posix()
        out.append(path)
        if file.name == "index.html":
            out.append(path[: -len("index.html")])
    return out


def one(site_dir: Path, pattern: str) -> str:
    found = sorted(p for p in site_paths(site_dir) if fnmatchcase(p, pattern))
    assert found, f"nenhum arquivo {pattern} na construção"
    return found[0]


def kinds(site_dir: Path) -> dict[str, str]:
    """One address of each kind of file the site serves (by name, never by position)."""
    return {
        "início": "/",
        "página": "/sobre/",
        "página .html": "/sem-internet.html",
        "404": "/404.html",
        "calculadora": one(site_dir, "/calculadoras/*/"),
        "script com hash": one(site_dir, "/assets/pacote-site.*.js"),
        "script do tema com hash": one(site_dir, "/assets/javascripts/bundle.*.min.js"),
        "script sem hash": "/assets/vendor/qrcode-generator.js",
        "estilo com hash": one(site_dir, "/assets/stylesheets/main.*.min.css"),
        "módulo do motor": "/assets/pyodide/pyodide.mjs",
        ".wasm": "/assets/pyodide/pyodide.asm.wasm",
        "biblioteca do Python": "/assets/pyodide/python_stdlib.zip",
        "pacote das calculadoras": "/assets/calculadoras.zip",
        "worker do motor": hosting.ENGINE_WORKER,
        "worker da busca": "/assets/busca-worker.mjs",
        "service worker": "/sw.js",
        "runtime do Workbox": one(site_dir, "/workbox-*.js"),
        "manifesto": "/manifest.webmanifest",
        "índice de busca": "/search/meta.json",
        "pedaço do índice de busca": one(site_dir, "/search/*/t0.json"),
        "download CSV": one(site_dir, "/dados/*.csv"),
        "download xlsx": one(site_dir, "/dados/*.xlsx"),
        "download JSON": one(site_dir, "/dados/*.json"),
        "citação RIS": one(site_dir, "/dados/citacoes/*.ris"),
        "citação BibTeX": one(site_dir, "/dados/citacoes/*.bib"),
        "Akoma Ntoso": one(site_dir, "/dados/akn/*.xml"),
        "fonte": one(site_dir, "/fontes/*.txt"),
        "feed": "/feed.xml",
        "ícone": one(site_dir, "/assets/icones/*.png"),
        "ícone SVG": one(site_dir, "/assets/icones/*.svg"),
    }


# ------------------------------------------------------------------ a reading of nginx.conf
class NginxConf:
    """The headers ``deploy/nginx.conf`` sends, read from its directives (maps, add_header,
    types, charset_types), independently of the generator."""

    def __init__(self, text: str) -> None:
        text = re.sub(r"#[^\n]*", "", text)
        self.maps: dict[str, list[tuple[str, str]]] = {}
        for var, body in re.findall(r"map\s+\$uri\s+\$(\w+)\s*\{(.*?)\n\s*\}", text, re.S):
            entries = []
            for line in body.strip().splitlines():
                m = re.match(r'\s*("(?:[^"\\]|\\.)*"|\S+)\s+"((?:[^"\\]|\\.)*)"\s*;', line)
                assert m, line
                entries.append((m.group(1).strip('"'), m.group(2)))
            self.maps[var] = entries
        self.headers = re.findall(r'add_header\s+(\S+)\s+("[^"]*"|\S+)\s+always;', text)
        types = re.search(r"types\s*\{(.*?)\}", text, re.S)
        assert types
        self.types = {}
        for kind, names in re.findall(r"(\S+)\s+([^;]+);", types.group(1)):
            for name in names.split():
                self.types["." + name] = kind
        charset = re.search(r"charset_types\s+([^;]+);", text)
        self.charset_types = {"text/html", *(charset.group(1).split() if charset else [])}

    def lookup(self, var: str, path: str) -> str:
        entries = self.maps[var]
        for key, value in entries:  # exact strings first, as nginx does
            if key != "default" and not key.startswith("~") and key == path:
                return value
        for key, value in entries:  # then regular expressions, in order
            if key.startswith("~") and re.search(key[1:], path):
                return value
        return dict(entries)["default"]

    def headers_for(self, path: str) -> dict[str, str]:
        out = {}
        for name, value in self.headers:
            out[name] = self.lookup(value[1:], path) if value.startswith("$") else value.strip('"')
        served = path + "index.html" if path.endswith("/") else path
        suffix = "." + served.rsplit(".", 1)[-1] if "." in served.rsplit("/", 1)[-1] else ""
        kind = self.types.get(suffix)
        if kind:
            out["Content-Type"] = f"{kind}; charset=utf-8" if kind in self.charset_types else kind
        return out


# ------------------------------------------------------------------ a reading of the Caddyfile
def caddy_path_match(patterns: list[str], path: str) -> bool:
    served = path + "index.html" if path.endswith("/") else path
    for pattern in patterns:
        if pattern.startswith("*") and served.endswith(pattern[1:]):
            return True
        if pattern.endswith("*") and path.startswith(pattern[:-1]):
            return True
        if pattern == path:
            return True
    return False


class Caddyfile:
    """The headers of ``deploy/Caddyfile``'s ``route``: each ``header`` in the order written, a
    later one replacing an earlier one, with the path matchers it names."""

    def __init__(self, text: str) -> None:
        route = re.search(r"\n\troute \{\n(.*?)\n\t\}\n", text, re.S)
        assert route, "Caddyfile sem o bloco route"
        self.steps: list[tuple[str | None, str, str]] = []
        self.matchers: dict[str, tuple[str, list[str]]] = {}
        lines = iter(route.group(1).splitlines())
        for raw in lines:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("@"):
                name, kind, *args = line.split()
                self.matchers[name] = (kind, [a.strip('"') for a in args])
            elif line == "header {":
                for inner in lines:
                    if inner.strip() == "}":
                        break
                    name, value = inner.strip().split(None, 1)
                    self.steps.append((None, name, value.strip('"')))
            elif line.startswith("header @"):
                _, matcher, name, value = line.split(None, 3)
                self.steps.append((matcher, name, value.strip('"')))

    def matches(self, matcher: str, path: str) -> bool:
        kind, args = self.matchers[matcher]
        if kind == "path":
            return caddy_path_match(args, path)
        assert kind == "path_regexp", kind
        return re.search(args[-1], path) is not None

    def headers_for(self, path: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for matcher, name, value in self.steps:
            if matcher is None or self.matches(matcher, path):
                out[name] = value
        if path.endswith("/"):
            out.setdefault("Content-Type", "text/html; charset=utf-8")  # file_server, from index.html
        return out


# ------------------------------------------------------------------ a reading of _headers
def headers_rules(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        else:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def rule_matches(pattern: str, path: str) -> bool:
    """Cloudflare Pages' reading: one ``*`` anywhere matches any characters (Netlify's too)."""
    regex = "^" + ".*".join(re.escape(part) for part in pattern.split("*")) + "$"
    return re.match(regex, path) is not None


def cloudflare_headers(rules: list[tuple[str, list[tuple[str, str]]]], path: str) -> dict[str, list[str]]:
    """Every value each header gets for ``path`` (Cloudflare joins them with a comma)."""
    out: dict[str, list[str]] = {}
    for pattern, headers in rules:
        if rule_matches(pattern, path):
            for name, value in headers:
                out.setdefault(name, []).append(value)
    return out


# A policy acts on a document and on a worker's own script; elsewhere it is inert.
def policy_acts(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return (path.endswith("/") or name.endswith((".html", ".svg"))
            or (name.endswith((".js", ".mjs")) and "worker" in path)
            or re.fullmatch(r"/sw[^/]*\.js|/workbox-[^/]*\.js", path) is not None)


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def policy(site_dir: Path) -> str:
    return hosting.meta_policy_of(site_dir)


@pytest.fixture(scope="module")
def served(site_dir: Path) -> Iterator[LocalServer]:
    with nginx(site_dir) as server:
        yield server


def fetch(url: str, accept: str = CHROMIUM_ACCEPT) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def check_served(url: str, site_dir: Path, policy: str) -> list[str]:
    problems = []
    for kind, path in kinds(site_dir).items():
        status, got = fetch(url + path)
        want = hosting.expected(path, policy)
        if status != 200:
            problems.append(f"{kind} ({path}): status {status}")
        for name, value in want.items():
            if got.get(name) != value:
                problems.append(f"{kind} ({path}): {name} = {got.get(name)!r}, esperado {value!r}")
        copy = site_dir / (path.lstrip("/") + ("index.html" if path.endswith("/") else "") + ".br")
        if copy.exists() and got.get("Content-Encoding") != "br":
            problems.append(f"{kind} ({path}): a cópia .br existe e não foi enviada ({got.get('Content-Encoding')})")
        if got.get("Content-Encoding") and "Accept-Encoding" not in got.get("Vary", ""):
            problems.append(f"{kind} ({path}): comprimido sem Vary: Accept-Encoding")
    status, got = fetch(url + "/nao-existe/de-jeito-nenhum/")
    if status != 404 or got.get("Content-Type") != "text/html; charset=utf-8":
        problems.append(f"endereço inexistente: {status} {got.get('Content-Type')}")
    for name, value in hosting.expected("/404.html", policy).items():
        if got.get(name) != value:
            problems.append(f"endereço inexistente: {name} = {got.get(name)!r}")
    status, _ = fetch(url + "/_headers")
    if status != 404:
        problems.append(f"/_headers servido (status {status})")
    return problems


# ------------------------------------------------------------------ tests
def test_deploy_files_carry_this_builds_policy(site_dir: Path) -> None:
    """The generated blocks of deploy/ equal what this build asks for (else: run the command)."""
    stale = [path.name for path, text in hosting.deploy_texts(hosting.meta_policy_of(site_dir)).items()
             if path.read_text(encoding="utf-8") != text]
    assert not stale, (f"{', '.join(stale)} não têm os cabeçalhos desta construção (o tema ou o endereço "
                       "mudou a política das páginas?): rode `bash scripts/run.sh cabecalhos` e confira a diferença")


def test_nginx_sends_the_headers_of_every_kind_of_file(served: LocalServer, site_dir: Path, policy: str) -> None:
    problems = check_served(served.url, site_dir, policy)
    assert not problems, "\n".join(problems)


def test_worker_policy_only_on_the_engine_worker(served: LocalServer, site_dir: Path, policy: str) -> None:
    """'wasm-unsafe-eval' only where WebAssembly is compiled; every page framed only by the site."""
    _, worker = fetch(served.url + hosting.ENGINE_WORKER)
    assert "'wasm-unsafe-eval'" in worker["Content-Security-Policy"]
    assert "frame-ancestors" not in worker["Content-Security-Policy"]
    for kind, path in kinds(site_dir).items():
        if path != hosting.ENGINE_WORKER:
            _, got = fetch(served.url + path)
            assert "'wasm-unsafe-eval'" not in got["Content-Security-Policy"], kind
            assert got["Content-Security-Policy"].endswith("frame-ancestors 'self'"), kind
    assert "'wasm-unsafe-eval'" not in policy


def test_embed_pages_may_be_framed_anywhere_and_nothing_else(tmp_path: Path) -> None:
    """Under /embutir/ (issue 30) frame-ancestors *, decided on the path nginx normalised: a
    detour through /embutir/ to another page never makes that page embeddable."""
    for folder in ("embutir/calc", "sobre"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "index.html").write_text("<p>x</p>", encoding="utf-8")
    (tmp_path / "404.html").write_text("<p>não</p>", encoding="utf-8")
    with nginx(tmp_path) as server:
        _, embed = fetch(server.url + "/embutir/calc/")
        assert embed["Content-Security-Policy"].endswith("frame-ancestors *")
        for detour in ("/embutir/%2e%2e/sobre/", "/embutir/..%2Fsobre/", "/embutir/calc/..%2F..%2Fsobre/"):
            status, got = fetch(server.url + detour)
            assert got["Content-Security-Policy"].endswith("frame-ancestors 'self'"), (detour, status)


def test_the_three_configurations_agree_for_every_file(site_dir: Path, policy: str) -> None:
    conf = NginxConf((DEPLOY / "nginx.conf").read_text(encoding="utf-8"))
    caddyfile = Caddyfile((DEPLOY / "Caddyfile").read_text(encoding="utf-8"))
    rules = headers_rules((site_dir / "_headers").read_text(encoding="utf-8"))
    paths = site_paths(site_dir)
    assert any(path.startswith(hosting.EMBED) for path in paths)  # the calculators' embed pages
    problems = []
    for path in paths:
        want = hosting.expected(path, policy)
        from_nginx = conf.headers_for(path)
        if from_nginx != want:
            problems.append(f"nginx {path}: {set(from_nginx.items()) ^ set(want.items())}")
        from_caddy = caddyfile.headers_for(path)
        if from_caddy != want:
            problems.append(f"Caddy {path}: {set(from_caddy.items()) ^ set(want.items())}")
        cloudflare = cloudflare_headers(rules, path)
        twice = {name: values for name, values in cloudflare.items() if len(values) > 1}
        if twice:
            problems.append(f"_headers {path}: cabeçalho em duas regras {twice}")
        for name in hosting.SECURITY:
            if cloudflare.get(name) != [want[name]]:
                problems.append(f"_headers {path}: {name} = {cloudflare.get(name)}")
        immutable = cloudflare.get("Cache-Control") == [hosting.IMMUTABLE]
        if immutable != (want["Cache-Control"] == hosting.IMMUTABLE):
            problems.append(f"_headers {path}: Cache-Control {cloudflare.get('Cache-Control')}")
        if policy_acts(path) and cloudflare.get("Content-Security-Policy") != [want["Content-Security-Policy"]]:
            problems.append(f"_headers {path}: Content-Security-Policy {cloudflare.get('Content-Security-Policy')}")
    assert not problems, "\n".join(problems[:40])


def test_the_search_index_is_cached_for_good_but_not_its_entry(served: LocalServer, site_dir: Path) -> None:
    """search/<version>/ is named by a hash of its files (macros/build/search/index.py): every file
    under it is immutable on every host; search/meta.json, which names the version, and
    search/fora.json are revalidated (a new build must reach the reader)."""
    conf = NginxConf((DEPLOY / "nginx.conf").read_text(encoding="utf-8"))
    caddyfile = Caddyfile((DEPLOY / "Caddyfile").read_text(encoding="utf-8"))
    rules = headers_rules((site_dir / "_headers").read_text(encoding="utf-8"))
    versioned = [one(site_dir, f"/search/*/{name}") for name in ("t0.json", "d0.json", "fa.json", "la.json")]
    entries = ["/search/meta.json", "/search/fora.json"]
    for path, want in [(p, hosting.IMMUTABLE) for p in versioned] + [(p, hosting.REVALIDATE) for p in entries]:
        _, got = fetch(served.url + path)
        assert got["Cache-Control"] == want, ("nginx servindo", path)
        assert conf.headers_for(path)["Cache-Control"] == want, ("nginx.conf", path)
        assert caddyfile.headers_for(path)["Cache-Control"] == want, ("Caddyfile", path)
        assert cloudflare_headers(rules, path).get("Cache-Control", [hosting.REVALIDATE]) == [want], ("_headers", path)


def test_every_extension_has_its_type(site_dir: Path) -> None:
    suffixes = {Path(p).suffix.lower() for p in site_paths(site_dir) if Path(p).suffix}
    assert suffixes - {".gz"} <= set(hosting.TYPES), suffixes - set(hosting.TYPES)


def test_headers_rules_fit_cloudflare_limits(site_dir: Path) -> None:
    """Cloudflare Pages reads at most 100 rules, each line at most 2,000 characters."""
    text = (site_dir / "_headers").read_text(encoding="utf-8")
    assert len(headers_rules(text)) <= 100
    assert max(len(line) for line in text.splitlines()) <= 2000


@pytest.mark.skipif(shutil.which("caddy") is None, reason="Caddy não instalado: o Caddyfile foi só lido, não rodado")
def test_caddy_sends_the_same_headers(site_dir: Path, policy: str) -> None:
    with caddy(site_dir) as server:
        problems = check_served(server.url, site_dir, policy)
    assert not problems, "\n".join(problems)


def test_the_hosts_measurement_runs(site_dir: Path, tmp_path: Path) -> None:
    """``benchmarks/hosts.py`` (dev/server.md's figures) runs and writes its two files; the
    build's brotli copies are the fewest bytes of every profile (a figure, never a timed assert)."""
    if str(DEPLOY.parent / "benchmarks") not in sys.path:
        sys.path.append(str(DEPLOY.parent / "benchmarks"))
    import hosts  # benchmarks/hosts.py

    assert hosts.main([str(site_dir), f"--saida={tmp_path}"]) == 0
    [written] = list(tmp_path.glob("*-hospedagem.json"))
    assert written.with_suffix(".md").exists()
    result = json.loads(written.read_text(encoding="utf-8"))
    sent = {p["chave"]: p["bytes"] for p in result["perfis"]}
    assert sent["nginx_br"] == min(sent.values())
    assert "'wasm-unsafe-eval'" in result["cabecalhos_do_worker"]["Content-Security-Policy"]

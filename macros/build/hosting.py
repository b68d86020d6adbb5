"""What a host sends with each file of the built site: one table, written out for every host.

The same headers reach the reader whichever host serves ``site/`` (dev/server.md):

- ``deploy/nginx.conf`` (what ``serve``, the tests and the benchmark run) and ``deploy/Caddyfile``
  carry the table in the blocks between ``>>> gerado`` and ``<<< gerado``, rewritten by
  ``bash scripts/run.sh cabecalhos`` (:func:`update_deploy`) from a built site;
- the build writes ``site/_headers`` (Netlify, Cloudflare Pages), :func:`headers_file`.

The table:

- **Content-Security-Policy**: every page's policy (``macros/build/csp.py``: the ``<meta>``, with
  the hashes of the theme's inline scripts) plus ``frame-ancestors 'self'``, which a ``<meta>``
  cannot carry, so no other site can frame ours (over «Usar sem internet», «Baixar»…); under
  ``/embutir/`` (the pages made to be embedded, issue 30) ``frame-ancestors *``. The engine's
  worker gets its own policy (:data:`WORKER_POLICY`): it is the only script that compiles
  WebAssembly, so ``'wasm-unsafe-eval'`` is there and nowhere else. A worker never sees a
  ``<meta>``: without a header it runs with no policy at all.
- ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: strict-origin-when-cross-origin`` and a
  ``Permissions-Policy`` that denies every feature the site never uses.
- **Cache-Control**: a name with a content hash is ``immutable`` for a year, and so is every file
  under ``search/<version>/`` (the search index: ``<version>`` is a hash of all its files,
  ``macros/build/search/index.py``; only ``search/meta.json``, which names it, is revalidated);
  everything else is ``no-cache`` (kept, revalidated with ``ETag``/``Last-Modified``).
- **Content-Type** by extension (:data:`TYPES`): ``.wasm`` must be ``application/wasm`` or the
  engine does not load.

Hosts that merge the headers of every rule a path matches (Cloudflare Pages joins two values of a
header with a comma: two CSPs, both enforced) get rules that never overlap for a header whose
value differs between paths: :func:`headers_file` names each top-level entry of the built site.
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .search.index import VERSION_DIGITS

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"

ENGINE_WORKER = "/assets/calculadoras-worker.mjs"
EMBED = "/embutir/"
HASHED_NAME = r"[.-][0-9a-f]{8}(\.min)?\.(m?js|css)$"
# The search index's versioned folder: a new build writes a new folder.
HASHED_FOLDER = rf"^/search/[0-9a-f]{{{VERSION_DIGITS}}}/"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# The engine's worker: its own scripts and Pyodide's, WebAssembly, and fetch() of the engine files.
WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"

# Policy-controlled features the site never uses (each one Chromium knows: an unknown name is a
# console error on every page). Clipboard writing («Citar» copies) stays allowed.
DENIED_FEATURES = (
    "accelerometer", "autoplay", "browsing-topics", "camera", "clipboard-read",
    "display-capture", "encrypted-media", "fullscreen", "geolocation", "gyroscope", "hid",
    "idle-detection", "magnetometer", "microphone", "midi", "payment", "picture-in-picture",
    "publickey-credentials-get", "screen-wake-lock", "serial", "usb", "xr-spatial-tracking",
)
SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": ", ".join(f"{feature}=()" for feature in DENIED_FEATURES),
}

# Every extension the build writes; a host sends the original's type with a .br/.gz copy.
TYPES = {
    ".html": "text/html",
    ".css": "text/css",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".txt": "text/plain",
    ".csv": "text/csv",
    ".xml": "application/xml",
    ".ris": "application/x-research-info-systems",
    ".bib": "application/x-bibtex",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
# Types sent with "; charset=utf-8" (the build writes every text in UTF-8).
TEXT_TYPES = (
    "text/html", "text/css", "text/javascript", "text/plain", "text/csv", "application/json",
    "application/manifest+json", "application/xml", "application/x-research-info-systems",
    "application/x-bibtex", "image/svg+xml",
)
# Gzipped on the fly when the build wrote no copy (the downloads, small files).
COMPRESSED_ON_THE_FLY = (*(t for t in TEXT_TYPES if t != "text/html"), "application/wasm")
# Never served: the Netlify/Cloudflare rules the build writes for those hosts.
NOT_SERVED = ("/_headers",)

BEGIN = ">>> gerado"
END = "<<< gerado"


def page_policy(meta_policy: str, path: str = "/") -> str:
    """The policy header of a page at ``path``: the ``<meta>`` policy and its ``frame-ancestors``."""
    ancestors = "*" if path.startswith(EMBED) else "'self'"
    return f"{meta_policy}; frame-ancestors {ancestors}"


def csp(path: str, meta_policy: str) -> str:
    """The Content-Security-Policy a host sends for ``path`` (a normalised request path)."""
    if path == ENGINE_WORKER:
        return WORKER_POLICY
    return page_policy(meta_policy, path)


def cache_control(path: str) -> str:
    hashed = re.search(HASHED_NAME, path.rsplit("/", 1)[-1]) or re.search(HASHED_FOLDER, path)
    return IMMUTABLE if hashed else REVALIDATE


def content_type(path: str) -> str | None:
    """The Content-Type of the file at ``path`` (``None``: an extension the build never writes)."""
    name = path.rsplit("/", 1)[-1]
    if path.endswith("/") or not name:
        return "text/html; charset=utf-8"
    suffix = "." + name.rsplit(".", 1)[-1].lower() if "." in name else ""
    kind = TYPES.get(suffix)
    if kind is None:
        return None
    return f"{kind}; charset=utf-8" if kind in TEXT_TYPES else kind


def expected(path: str, meta_policy: str) -> dict[str, str]:
    """The headers every host configuration must send with the file at ``path`` (the oracle)."""
    out = {"Content-Security-Policy": csp(path, meta_policy), "Cache-Control": cache_control(path), **SECURITY}
    kind = content_type(path)
    if kind is not None:
        out["Content-Type"] = kind
    return out


META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


class HostingError(ValueError):
    """The built site cannot be described to a host (no policy in its pages)."""


def meta_policy_of(site_dir: Path) -> str:
    """The page policy the build wrote (the same on every page: tests/test_csp.py)."""
    found = META.search((site_dir / "index.html").read_text(encoding="utf-8"))
    if found is None:
        raise HostingError("index.html sem a política de segurança (<meta http-equiv>)")
    return html.unescape(found.group(1))


# ------------------------------------------------------------------ nginx
def _nginx_string(value: str) -> str:
    if '"' in value or "\\" in value or "$" in value:
        raise HostingError(f"valor que o nginx leria de outro jeito: {value[:80]}")
    return f'"{value}"'


def nginx_block(meta_policy: str) -> str:
    """The generated part of ``deploy/nginx.conf`` (``http`` context): types, charset, on-the-fly
    gzip, and one map per header whose value depends on the path. Matched on ``$uri``, the path
    nginx normalised (``/embutir/..%2Fsobre/`` is ``/sobre/``, never an embeddable page)."""
    lines = ["types {"]
    by_type: dict[str, list[str]] = {}
    for suffix, kind in TYPES.items():
        by_type.setdefault(kind, []).append(suffix[1:])
    lines += [f"    {kind} {' '.join(names)};" for kind, names in by_type.items()]
    lines += ["}", "default_type application/octet-stream;",
              "charset utf-8;", f"charset_types {' '.join(t for t in TEXT_TYPES if t != 'text/html')};",
              f"gzip_types {' '.join(COMPRESSED_ON_THE_FLY)};", "",
              "map $uri $ep_csp {",
              f"    default {_nginx_string(page_policy(meta_policy))};",
              f"    {ENGINE_WORKER} {_nginx_string(WORKER_POLICY)};",
              f"    ~^{re.escape(EMBED)} {_nginx_string(page_policy(meta_policy, EMBED))};",
              "}",
              "map $uri $ep_cache_control {",
              f"    default {_nginx_string(REVALIDATE)};",
              f'    "~{HASHED_NAME}" {_nginx_string(IMMUTABLE)};',
              f'    "~{HASHED_FOLDER}" {_nginx_string(IMMUTABLE)};',
              "}"]
    return "\n".join(lines)


def nginx_server_block() -> str:
    """The generated headers of the ``server`` block (sent with every answer, errors included)."""
    lines = ["add_header Content-Security-Policy $ep_csp always;",
             "add_header Cache-Control $ep_cache_control always;"]
    lines += [f"add_header {name} {_nginx_string(value)} always;" for name, value in SECURITY.items()]
    lines += [f"location = {path} {{ return 404; }}" for path in NOT_SERVED]
    return "\n".join(lines)


# ------------------------------------------------------------------ Caddy
def _caddy_string(value: str) -> str:
    if '"' in value or "`" in value:
        raise HostingError(f"valor que o Caddy leria de outro jeito: {value[:80]}")
    return f'"{value}"'


def caddy_block(meta_policy: str) -> str:
    """The generated part of ``deploy/Caddyfile`` (inside the site block). In a ``route`` the
    directives run in the order written, so a later, narrower ``header`` replaces the general
    one; Caddy's path matchers see the path cleaned as ``file_server`` does
    (``/embutir/%2e%2e/sobre/`` is ``/sobre/``), never its raw form."""
    lines = [
        "route {",
        "\theader {",
        f"\t\tContent-Security-Policy {_caddy_string(page_policy(meta_policy))}",
        f"\t\tCache-Control {_caddy_string(REVALIDATE)}",
        *[f"\t\t{name} {_caddy_string(value)}" for name, value in SECURITY.items()],
        "\t}",
        f"\t@ep_embutir path {EMBED}*",
        f"\theader @ep_embutir Content-Security-Policy {_caddy_string(page_policy(meta_policy, EMBED))}",
        f"\t@ep_motor path {ENGINE_WORKER}",
        f"\theader @ep_motor Content-Security-Policy {_caddy_string(WORKER_POLICY)}",
        f"\t@ep_hash path_regexp {_caddy_string(HASHED_NAME)}",
        f"\theader @ep_hash Cache-Control {_caddy_string(IMMUTABLE)}",
        f"\t@ep_busca path_regexp {_caddy_string(HASHED_FOLDER)}",
        f"\theader @ep_busca Cache-Control {_caddy_string(IMMUTABLE)}",
    ]
    for suffix, kind in TYPES.items():
        full = f"{kind}; charset=utf-8" if kind in TEXT_TYPES else kind
        name = "ep_tipo_" + suffix[1:]
        lines += [f"\t@{name} path *{suffix}", f"\theader @{name} Content-Type {_caddy_string(full)}"]
    lines += ["\t@ep_naoservido path " + " ".join(NOT_SERVED), "\terror @ep_naoservido 404", "}"]
    return "\n".join(lines)


# ------------------------------------------------------------------ Netlify, Cloudflare Pages
@dataclass(frozen=True)
class Rule:
    pattern: str
    headers: tuple[tuple[str, str], ...]


# Written after the pages by scripts/service_worker.mjs (Workbox): named here, not found.
SERVICE_WORKER_RULES = ("/sw.js", "/sw-*", "/workbox-*.js")
HASHED_SERVICE_WORKER = "/workbox-*.js"


def _glob_matches(pattern: str, path: str) -> bool:
    """Cloudflare Pages' and Netlify's reading of a rule: one ``*`` matches any characters."""
    return re.fullmatch(".*".join(re.escape(part) for part in pattern.split("*")), path) is not None


def _served_paths(site_dir: Path) -> list[str]:
    paths = []
    for file in sorted(site_dir.rglob("*"), key=lambda p: p.as_posix()):
        if file.is_file() and not file.name.endswith((".br", ".gz")) and file.name != "_headers":
            paths.append("/" + file.relative_to(site_dir).as_posix())
    return paths


def headers_rules(site_dir: Path, meta_policy: str) -> list[Rule]:
    """The rules of ``_headers`` for the built site: the common headers on ``/*``; each header
    whose value depends on the path in rules that never overlap: the policy by top-level entry
    (inside ``/assets/``, only where a policy acts: the workers' scripts and the SVG images,
    documents when opened), the immutable cache by file."""
    page = page_policy(meta_policy)
    paths = _served_paths(site_dir)

    def policy_rule(pattern: str, value: str = page) -> Rule:
        return Rule(pattern, (("Content-Security-Policy", value),))

    rules = [Rule("/*", tuple(SECURITY.items())), policy_rule("/")]
    for entry in sorted(site_dir.iterdir(), key=lambda p: p.name):
        path = "/" + entry.name
        if entry.name in ("assets", "_headers") or entry.name.endswith((".br", ".gz")):
            continue
        if any(_glob_matches(rule, path) for rule in SERVICE_WORKER_RULES) or path + "/" == EMBED:
            continue
        rules.append(policy_rule(f"{path}/*" if entry.is_dir() else path))
    rules += [policy_rule(rule) for rule in SERVICE_WORKER_RULES]
    rules += [policy_rule(f"{EMBED}*", page_policy(meta_policy, EMBED)), policy_rule(ENGINE_WORKER, WORKER_POLICY)]
    for path in paths:
        name = path.rsplit("/", 1)[-1]
        is_worker = name.endswith((".js", ".mjs")) and "worker" in path
        if path.startswith("/assets/") and path != ENGINE_WORKER and (is_worker or name.endswith(".svg")):
            rules.append(policy_rule(path))
    # Cache: the host's default is to revalidate (Netlify, Cloudflare: max-age=0, must-revalidate);
    # the names with a content hash are listed one by one.
    rules.append(Rule(HASHED_SERVICE_WORKER, (("Cache-Control", IMMUTABLE),)))
    # The search index's versioned folder, one rule for all its files (there are hundreds).
    folders = sorted({found.group(0) for path in paths if (found := re.search(HASHED_FOLDER, path))})
    rules += [Rule(f"{folder}*", (("Cache-Control", IMMUTABLE),)) for folder in folders]
    rules += [Rule(path, (("Cache-Control", IMMUTABLE),)) for path in paths
              if cache_control(path) == IMMUTABLE and not _glob_matches(HASHED_SERVICE_WORKER, path)
              and not re.search(HASHED_FOLDER, path)]
    for path in paths:
        names = [name for rule in rules if _glob_matches(rule.pattern, path) for name, _ in rule.headers]
        if len(names) != len(set(names)):
            raise HostingError(f"_headers: duas regras dão o mesmo cabeçalho a {path}")
    return rules


def headers_file(site_dir: Path, meta_policy: str) -> str:
    """The text of ``_headers`` (Netlify, Cloudflare Pages) for the built site."""
    out = ["# Cabeçalhos para Netlify e Cloudflare Pages, escritos pela construção",
           "# (macros/build/hosting.py; dev/server.md). Não edite: construa de novo.", ""]
    for rule in headers_rules(site_dir, meta_policy):
        out.append(rule.pattern)
        out += [f"  {name}: {value}" for name, value in rule.headers]
    return "\n".join(out) + "\n"


def write_headers_file(site_dir: Path) -> Path:
    """Write ``site/_headers`` (called at the end of the build, after the policy is in the pages)."""
    target = site_dir / "_headers"
    target.write_text(headers_file(site_dir, meta_policy_of(site_dir)), encoding="utf-8")
    return target


# ------------------------------------------------------------------ deploy/
def replace_generated(text: str, block: str, indent: str, which: int = 0) -> str:
    """``text`` with its ``which``-th generated block replaced by ``block`` (indented)."""
    pattern = re.compile(rf"(?m)^([ \t]*)# {re.escape(BEGIN)}[^\n]*\n.*?^[ \t]*# {re.escape(END)}[^\n]*$", re.S)
    found = list(pattern.finditer(text))
    if len(found) <= which:
        raise HostingError(f"bloco gerado nº {which + 1} não encontrado")
    match = found[which]
    body = "\n".join(indent + line if line else "" for line in block.split("\n"))
    head = f"{indent}# {BEGIN} por `bash scripts/run.sh cabecalhos` (macros/build/hosting.py); não edite à mão"
    return text[:match.start()] + f"{head}\n{body}\n{indent}# {END}" + text[match.end():]


def deploy_texts(meta_policy: str) -> dict[Path, str]:
    """The texts ``deploy/nginx.conf`` and ``deploy/Caddyfile`` must have for ``meta_policy``."""
    nginx = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
    nginx = replace_generated(nginx, nginx_block(meta_policy), "    ", 0)
    nginx = replace_generated(nginx, nginx_server_block(), "        ", 1)
    caddy = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    caddy = replace_generated(caddy, caddy_block(meta_policy), "\t", 0)
    return {DEPLOY / "nginx.conf": nginx, DEPLOY / "Caddyfile": caddy}


def update_deploy(site_dir: Path) -> list[Path]:
    """Rewrite the generated blocks of ``deploy/`` from the built site; return the files changed."""
    changed = []
    for path, text in deploy_texts(meta_policy_of(site_dir)).items():
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv: Iterable[str]) -> int:
    args = list(argv)
    site_dir = Path(args[0] if args else "site")
    try:
        changed = update_deploy(site_dir)
    except (HostingError, OSError) as exc:
        print(f"Cabeçalhos — {exc}", file=sys.stderr)
        return 1
    for path in changed:
        print(f"reescrito: {path.relative_to(ROOT)}")
    if not changed:
        print("deploy/ já estava de acordo com a construção")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

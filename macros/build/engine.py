"""The calculators' engine as the site serves it, built at site build.

- Pyodide's runtime (``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``) is copied from
  the pinned npm package: the ``.wasm`` is compiled code and cannot be trimmed here.
- The standard library is trimmed: ``python_stdlib.zip`` holds exactly the modules listed in
  ``macros/engine_stdlib.txt`` — what Pyodide's start-up and the calculators import, found by
  ``scripts/engine_modules.py`` running every case of every calculator in real Pyodide under an
  import hook — with comments and docstrings removed (the code itself is untouched).
- The lock file keeps Pyodide's ``info`` and no package (the calculators load none).

``engine_report`` gives each served file's raw, gzip and brotli size (the bytes on the wire
with the build's pre-compressed copies, :mod:`macros.build.precompress`); the build prints it
and publishes it as ``/assets/motor.json`` (the page's download offer and the progress count
read it). The two zips the engine fetches are written uncompressed (stored): brotli and gzip of
the whole file send fewer bytes than the zip's own per-file deflate, and Python reads stored
members without inflating them.
"""

from __future__ import annotations

import hashlib
import io
import json
import tokenize
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..data.loader import ROOT
from . import build_cache

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
MODULES_FILE = ROOT / "macros" / "build" / "engine_stdlib.txt"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_NAME = "python_stdlib.zip"
LOCK_NAME = "pyodide-lock.json"
# What stock Pyodide makes a browser download (the five files of the npm build, gzip -9).
STOCK_FILES = (*RUNTIME_FILES, STDLIB_NAME, LOCK_NAME)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class EngineError(RuntimeError):
    """The engine cannot be built (Pyodide missing, module list out of step with Pyodide)."""


def pyodide_version() -> str:
    package = PYODIDE_DIR / "package.json"
    if not package.is_file():
        raise EngineError(
            f"Pyodide não instalado: falta {package.relative_to(ROOT)}. Rode 'npm ci' (ou 'bash scripts/run.sh build')."
        )
    return str(json.loads(package.read_text(encoding="utf-8"))["version"])


def read_modules(path: Path = MODULES_FILE) -> list[str]:
    """The module names of ``engine_stdlib.txt`` (``#`` starts a comment)."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.append(name)
    return names


def modules_header(path: Path = MODULES_FILE) -> dict[str, str]:
    """``# key: value`` lines at the top of the list (the Pyodide version it was made with)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ") and ": " in line:
            key, value = line[2:].split(": ", 1)
            out[key.strip()] = value.strip()
    return out


def strip_source(text: str) -> str:
    """Python source without comments and without bare string statements (docstrings).

    Works on tokens, so strings that merely look like comments are kept. A docstring that is
    the first statement of a module is dropped (a ``from __future__`` import may follow); any
    other bare string statement becomes ``pass`` (a block is never left empty). Line structure
    is kept, so tracebacks still point at the right line numbers.
    """
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def at(rc: tuple[int, int]) -> int:
        return offsets[rc[0] - 1] + rc[1]

    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    cuts: list[tuple[int, int, str]] = []
    line_start = True
    first_statement = True
    skip = (tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == tokenize.COMMENT:
            cuts.append((at(tok.start), at(tok.end), ""))
        elif tok.type == tokenize.NEWLINE:
            line_start = True
        elif tok.type in skip:
            pass
        elif line_start and tok.type == tokenize.STRING:
            j = i
            while j < len(tokens) and tokens[j].type in (tokenize.STRING, tokenize.NL, tokenize.COMMENT):
                j += 1
            if j < len(tokens) and tokens[j].type in (tokenize.NEWLINE, tokenize.ENDMARKER):
                last = max(k for k in range(i, j) if tokens[k].type == tokenize.STRING)
                module_doc = first_statement and tok.start[1] == 0
                start, end = at(tok.start), at(tokens[last].end)
                keep_lines = "\n" * text.count("\n", start, end)
                cuts.append((start, end, ("" if module_doc else "pass") + keep_lines))
                cuts.extend((at(t.start), at(t.end), "") for t in tokens[i:j] if t.type == tokenize.COMMENT)
                i = j
                line_start = False
                first_statement = False
                continue
            line_start = False
            first_statement = False
        elif tok.type != tokenize.ENDMARKER:
            line_start = False
            first_statement = False
        i += 1
    out = []
    last_end = 0
    for start, end, replacement in sorted(cuts):
        if start < last_end:
            continue
        out.append(text[last_end:start])
        out.append(replacement)
        last_end = end
    out.append(text[last_end:])
    return "".join(out)


def _member(names: set[str], module: str) -> str:
    base = module.replace(".", "/")
    for candidate in (f"{base}/__init__.py", f"{base}.py"):
        if candidate in names:
            return candidate
    raise EngineError(
        f"macros/engine_stdlib.txt: o módulo {module!r} não está na biblioteca padrão do Pyodide "
        f"{pyodide_version()}; rode 'python scripts/engine_modules.py' para refazer a lista."
    )


def trimmed_stdlib() -> bytes:
    """The trimmed standard-library zip (deterministic: same inputs, same bytes)."""
    stock = PYODIDE_DIR / STDLIB_NAME
    if not stock.is_file():
        pyodide_version()
        raise EngineError(f"Pyodide incompleto: falta {stock.relative_to(ROOT)}. Rode 'npm ci'.")
    made_with = modules_header().get("pyodide")
    if made_with and made_with != pyodide_version():
        raise EngineError(
            f"macros/engine_stdlib.txt foi feita com o Pyodide {made_with}, mas o instalado é o "
            f"{pyodide_version()}; rode 'python scripts/engine_modules.py' para refazê-la."
        )
    modules = read_modules()
    with zipfile.ZipFile(stock) as source:
        names = set(source.namelist())
        members = sorted({_member(names, module) for module in modules})

    def make() -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(stock) as source, zipfile.ZipFile(buffer, "w") as target:
            for member in members:
                text = source.read(member).decode("utf-8")
                info = zipfile.ZipInfo(member, date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_STORED  # compressed on the wire (see module docstring)
                target.writestr(info, strip_source(text).encode("utf-8"))
        return buffer.getvalue()

    # Stripping 130 modules takes seconds, and every build of the test suite does it: the result is
    # kept by its inputs (the stock zip, the member list and this module's own code).
    key = b"\0".join([stock.read_bytes(), "\n".join(members).encode("utf-8"), Path(__file__).read_bytes()])
    return build_cache.cached("stdlib", key, "zip", make)


def lock_contents() -> bytes:
    """Pyodide's lock file with its ``info`` and no package: nothing is ever installed."""
    stock = json.loads((PYODIDE_DIR / LOCK_NAME).read_text(encoding="utf-8"))
    return json.dumps({"info": stock["info"], "packages": {}}, separators=(",", ":")).encode("utf-8")


def gzip_size(content: bytes) -> int:
    """Bytes of ``content`` with gzip -9 (the build's ``.gz`` copy; cached between builds)."""
    from .precompress import gzip_bytes

    return len(gzip_bytes(content))


@dataclass(frozen=True)
class EngineFile:
    uri: str  # path under the site root
    raw: int  # bytes as served uncompressed (what the browser decodes)
    gzip: int  # bytes with gzip -9 (what a compressing server sends)
    brotli: int  # bytes of the build's .br copy (what a host that serves it sends)
    sha256: str  # content hash: the service worker's cache key for this file


def stock_gzip() -> int:
    """Gzip bytes of stock Pyodide's five files, the issue's yardstick."""
    return sum(gzip_size((PYODIDE_DIR / name).read_bytes()) for name in STOCK_FILES)


def engine_report(files: dict[str, bytes]) -> dict[str, object]:
    """Sizes of the files fetched after the user asks for the engine (``uri`` → content)."""
    from .precompress import brotli_bytes

    entries = [
        EngineFile(uri, len(content), gzip_size(content), min(len(brotli_bytes(content)), gzip_size(content)),
                   hashlib.sha256(content).hexdigest())
        for uri, content in files.items()
    ]
    raw = sum(e.raw for e in entries)
    packed = sum(e.gzip for e in entries)
    packed_br = sum(e.brotli for e in entries)
    stock = stock_gzip()
    return {
        "pyodide": pyodide_version(),
        "files": [{"url": e.uri, "bytes": e.raw, "gzip": e.gzip, "brotli": e.brotli, "sha256": e.sha256}
                  for e in entries],
        "bytes": raw,
        "gzip": packed,
        "brotli": packed_br,
        "stock_gzip": stock,
        "ratio": round(packed / stock, 4),
        "ratio_brotli": round(packed_br / stock, 4),
    }


def report_lines(report: dict[str, object]) -> list[str]:
    """The build's printout: each file's raw, gzip and brotli size, the totals and the bytes on
    the wire with brotli and with gzip against stock Pyodide's gzip."""
    lines = ["Motor de cálculo (baixado só quando a pessoa pede):"]
    for entry in report["files"]:  # type: ignore[attr-defined]
        note = "  (não reduzível: código compilado do Pyodide)" if entry["url"].endswith(".wasm") else ""
        lines.append(f"  {entry['url']:<42} {entry['bytes']:>10,} bytes  gzip {entry['gzip']:>10,}"
                     f"  brotli {entry.get('brotli', entry['gzip']):>10,}{note}")
    lines.append(
        f"  {'total':<42} {report['bytes']:>10,} bytes  gzip {report['gzip']:>10,}"
        f"  brotli {report.get('brotli', report['gzip']):>10,}"
    )
    stock = f"Pyodide {report['pyodide']} original com gzip ({report['stock_gzip']:,} bytes)"
    ratio_br = report.get("ratio_brotli", report["ratio"])
    lines.append(f"  bytes na rede com brotli: {ratio_br:.3f} × {stock}  (meta ≤ 0,55)")
    lines.append(f"  bytes na rede com gzip:   {report['ratio']:.3f} × {stock}")
    return lines

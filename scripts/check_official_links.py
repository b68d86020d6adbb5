"""Re-check every official link the site cites, from a machine with internet.

The registry of acts (``data/atos.yaml``) holds every official address the site cites; the «Hoje»
layer (``data/hoje/*.yaml``: every source, the status banners' sources and the claims outside
this edition) names those acts by id with the provision it relies on; the answers
(``docs/**/*.md``) may still hold a direct link. These name official pages: the Planalto, the
Senado, the Câmara, LexML, the TST, the STF. This command opens
each page once and reports, in Portuguese:

- the links that no longer answer (network error, HTTP error, timeout);
- the pages where a cited provision's marker can no longer be found: «Art. 7º» and «XVI» for
  «art. 7º, XVI», the number of an Orientação Jurisprudencial or of a Tema; the markers come from
  the source's ``markers`` field or, without it, from its ``provision`` text;
- the links whose fragment (``#TEMA60``) names no anchor of the page.

Where no link answers at all (no network), it says so, checks nothing and exits with 0: nothing was
checked, so nothing is claimed. Exit status: 0 when every link answered with its markers (or no
network), 1 when a problem was found, 2 on bad arguments.

Only the standard library and PyYAML (already pinned) are used. Run from the repository root:

    .venv/bin/python scripts/check_official_links.py            # every link
    .venv/bin/python scripts/check_official_links.py --json     # the same, as JSON

``--rewrite FROM=TO`` replaces an address prefix before opening it (the tests point the official
hosts at a local server with fixture pages); ``--data``/``--docs`` read another copy of the data.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
OFFICIAL_HOSTS = ("www.planalto.gov.br", "planalto.gov.br", "legis.senado.gov.br", "www2.camara.leg.br",
                  "www.lexml.gov.br", "www3.tst.jus.br", "www.tst.jus.br", "portal.stf.jus.br")
MD_LINK = re.compile(r"\[([^\]]+)\]\((https?://[^)\s]+)\)")
ROMAN = re.compile(r"^[IVXLC]+$")
USER_AGENT = "EstatutosPortuarios-conferencia/1 (+scripts/check_official_links.py)"


@dataclass
class Link:
    """One citation of an official page: where it is cited, what it cites, the markers to find."""

    url: str
    label: str
    where: str
    markers: list[str]


@dataclass
class Result:
    url: str
    opened: str
    status: str  # ok | sem_resposta | marcador_ausente | ancora_ausente | sem_rede
    detail: str = ""
    citations: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ markers
def markers_of(provision: str) -> list[str]:
    """The markers a page must show for a provision written as the data write it.

    ``art. 7º, XIII e XIV`` → ``Art. 7º``, ``XIII``, ``XIV``; ``arts. 1º e 3º`` → ``Art. 1º``,
    ``Art. 3º``; ``Orientação Jurisprudencial nº 60, item I`` → ``60``; ``Tema 222 (RE 597.124)``
    → ``222``; ``Súmula nº 146`` → ``146``; ``ementa`` or ``texto no Planalto`` → none.
    """
    text = provision.replace("(revogados)", "")
    out: list[str] = []
    arts = re.search(r"\barts?\.\s*([0-9º°oa-z ,e]+)", text)
    if arts:
        numbers = re.findall(r"(\d+)\s*[º°o]?", arts.group(1))
        if re.search(r"\d+\s+a\s+\d+", arts.group(1)):
            numbers = numbers[:1]  # a range: its first article is enough
        out += [f"Art. {n}º" if int(n) < 10 else f"Art. {n}" for n in numbers]
    for kind in ("Orientação Jurisprudencial", "Súmula", "Tema"):
        match = re.search(kind + r"\s*(?:nº\s*)?([\d.]+)", text)
        if match:
            out.append(match.group(1).replace(".", "") if kind != "Tema" else match.group(1))
    after_art = text[arts.end():] if arts else ""
    for token in re.split(r"[\s,;()]+", after_art):
        if ROMAN.match(token):
            out.append(token)
    return list(dict.fromkeys(out))


def marker_pattern(marker: str) -> re.Pattern[str]:
    """A forgiving pattern: «Art. 7º» matches «Art. 7o», «art 7°», «Art. 7.»; «XVI» a whole word."""
    art = re.fullmatch(r"Art\. (\d+)º?", marker)
    if art:
        return re.compile(r"\bart(?:igo)?\.?\s*" + art.group(1) + r"(?!\d)", re.IGNORECASE)
    if ROMAN.match(marker):
        return re.compile(r"(?<![A-Za-z])" + marker + r"(?![A-Za-z])")
    digits = marker.replace(".", "")
    if digits.isdigit():
        grouped = re.sub(r"\B(?=(\d{3})+$)", ".", digits)
        return re.compile(r"(?<![\d.])(" + re.escape(digits) + "|" + re.escape(grouped) + r")(?![\d])")
    return re.compile(re.escape(marker), re.IGNORECASE)


# ------------------------------------------------------------------ links
def _sources(node: Any, where: str) -> Iterator[tuple[dict[str, Any], str]]:
    """Every source of a «Hoje» file: a mapping with the ``act`` id of the registry."""
    if isinstance(node, dict):
        if isinstance(node.get("act"), str) and "statement" not in node:
            yield node, where
        for key, value in node.items():
            yield from _sources(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _sources(value, f"{where}[{i}]")


def is_official(url: str) -> bool:
    host = url.split("/")[2] if "://" in url else ""
    return host in OFFICIAL_HOSTS


def registry(data: Path) -> dict[str, dict[str, Any]]:
    """The registry's entries by id (acts and precedents)."""
    path = data / "atos.yaml"
    if not path.exists():
        return {}
    tree = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {item["id"]: item for group in ("atos", "precedentes") for item in tree.get(group) or []}


def links_from_data(data: Path) -> list[Link]:
    """The registry's addresses (each must answer), and the provisions the «Hoje» layer cites on
    them (each marker must be on the page)."""
    acts = registry(data)
    out: list[Link] = []
    for act_id, act in acts.items():
        if act.get("url") and is_official(act["url"]):
            out.append(Link(act["url"], act.get("short", act_id), f"{data.name}/atos.yaml ({act_id})", []))
    for path in sorted((data / "hoje").glob("*.yaml")):
        tree = yaml.safe_load(path.read_text(encoding="utf-8"))
        for source, where in _sources(tree, ""):
            act = acts.get(source["act"])
            if not act or not act.get("url") or not is_official(act["url"]):
                continue
            provision = source.get("provision", "")
            markers = source.get("markers") or list(dict.fromkeys(
                markers_of(act.get("short", "")) + markers_of(provision)))
            label = f"{act.get('short', source['act'])}, {provision}".strip(", ")
            out.append(Link(act["url"], label, f"{path.relative_to(data.parent)} ({where})", list(markers)))
    return out


def links_from_docs(docs: Path) -> list[Link]:
    out: list[Link] = []
    for path in sorted(docs.rglob("*.md")):
        for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for label, url in MD_LINK.findall(line):
                if is_official(url):
                    out.append(Link(url, label, f"{path.relative_to(docs.parent)}:{line_no}", markers_of(label)))
    return out


# ------------------------------------------------------------------ pages
def rewrite(url: str, rules: list[tuple[str, str]]) -> str:
    for old, new in rules:
        if url.startswith(old):
            return new + url[len(old):]
    return url


def decode(body: bytes, content_type: str) -> str:
    charset = re.search(r"charset=([\w-]+)", content_type or "", re.IGNORECASE)
    if not charset:
        charset = re.search(rb"<meta[^>]+charset=[\"']?([\w-]+)", body[:4096], re.IGNORECASE)  # type: ignore[assignment]
    name = charset.group(1) if charset else "utf-8"
    name = name.decode("ascii") if isinstance(name, bytes) else name
    try:
        return body.decode(name)
    except (LookupError, UnicodeDecodeError):
        return body.decode("cp1252", errors="replace")


def page_text(markup: str) -> str:
    """The visible text of a page, entities decoded, spaces folded."""
    markup = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", markup)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


class NoAnswerError(Exception):
    """The page did not answer; ``network`` when no HTTP answer came at all."""

    def __init__(self, detail: str, network: bool) -> None:
        super().__init__(detail)
        self.detail = detail
        self.network = network


def fetch(url: str, timeout: float) -> tuple[str, str]:
    """(markup, final address) of a page, or :class:`NoAnswerError`."""
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "text/html,*/*"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            body = answer.read(20_000_000)
            return decode(body, answer.headers.get("Content-Type", "")), answer.geturl()
    except urllib.error.HTTPError as exc:
        raise NoAnswerError(f"HTTP {exc.code}", network=False) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise NoAnswerError(f"sem resposta ({reason})", network=True) from None


def check(links: Iterable[Link], rules: list[tuple[str, str]], timeout: float) -> tuple[list[Result], bool]:
    """Open each page once; return the results and whether any page answered at all."""
    by_page: dict[str, list[Link]] = {}
    for link in links:
        if not link.url.startswith(("http://", "https://")):
            continue
        by_page.setdefault(link.url.split("#", 1)[0], []).append(link)
    results: list[Result] = []
    answered = False
    for page, cited in by_page.items():
        opened = rewrite(page, rules)
        places = sorted({f"{c.label} — {c.where}" for c in cited})
        try:
            markup, _ = fetch(opened, timeout)
        except NoAnswerError as exc:
            results.append(Result(page, opened, "sem_rede" if exc.network else "sem_resposta", exc.detail, places))
            continue
        answered = True
        text = page_text(markup)
        missing = sorted({m for c in cited for m in c.markers if not marker_pattern(m).search(text)})
        anchors = {c.url.split("#", 1)[1] for c in cited if "#" in c.url}
        no_anchor = sorted(a for a in anchors
                           if not re.search(r"""(?:id|name)\s*=\s*["']?""" + re.escape(a) + r"""["'\s>]""", markup))
        if missing:
            results.append(Result(page, opened, "marcador_ausente", ", ".join(f"«{m}»" for m in missing), places))
        if no_anchor:
            results.append(Result(page, opened, "ancora_ausente", ", ".join(f"#{a}" for a in no_anchor), places))
        if not missing and not no_anchor:
            results.append(Result(page, opened, "ok", "", places))
    # A page that gave no HTTP answer while others did is a link that no longer answers.
    for result in results:
        if result.status == "sem_rede" and answered:
            result.status = "sem_resposta"
    return results, answered


LABELS = {
    "ok": "ok",
    "sem_resposta": "NÃO RESPONDE",
    "marcador_ausente": "DISPOSITIVO NÃO ENCONTRADO",
    "ancora_ausente": "ÂNCORA NÃO ENCONTRADA",
}


def report(results: list[Result], answered: bool) -> str:
    if not answered:
        return (f"Sem rede: nenhum dos {len(results)} endereços oficiais respondeu (o primeiro: "
                f"{results[0].detail if results else 'nenhum endereço'}). Nada foi conferido; rode este "
                "comando numa máquina com acesso à internet.")
    lines = []
    problems = [r for r in results if r.status != "ok"]
    for r in problems:
        lines.append(f"{LABELS[r.status]}: {r.url}" + (f" — {r.detail}" if r.detail else ""))
        lines += [f"    citado em: {place}" for place in r.citations]
    ok = sum(1 for r in results if r.status == "ok")
    lines.append(f"{ok} de {len({r.url for r in results})} páginas oficiais respondem com os dispositivos citados; "
                 f"{len(problems)} problema(s).")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Confere de novo os links oficiais citados pelo site.")
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="pasta dos dados (data/)")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="pasta das páginas (docs/)")
    parser.add_argument("--timeout", type=float, default=20.0, help="segundos de espera por página")
    parser.add_argument("--rewrite", action="append", default=[], metavar="DE=PARA",
                        help="troca o começo de um endereço antes de abri-lo (testes)")
    parser.add_argument("--json", action="store_true", help="resultado em JSON")
    args = parser.parse_args(argv)
    rules: list[tuple[str, str]] = []
    for rule in args.rewrite:
        if "=" not in rule:
            parser.error(f"--rewrite espera DE=PARA, não {rule!r}")
        old, new = rule.split("=", 1)
        rules.append((old, new))
    links = links_from_data(args.data) + links_from_docs(args.docs)
    results, answered = check(links, rules, args.timeout)
    if args.json:
        print(json.dumps({"rede": answered, "resultados": [r.__dict__ for r in results]}, ensure_ascii=False, indent=2))
    else:
        print(report(results, answered))
    if not answered:
        return 0
    return 0 if all(r.status == "ok" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())

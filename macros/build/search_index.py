"""The site's search index, rebuilt after the build from the pages and the statutes' data.

Material's search (lunr, in its Web Worker) reads ``search/search_index.json``. Material's plugin
writes one document per page section; this module replaces those documents with:

- **statute pages**: the page (title and ementa) and one document per provision with an anchor
  (article, caput, paragraph, inciso, alínea, item, annex …): title = the citation label
  (``Lei nº 4.860/1965, art. 7º, § 5º``, from :func:`macros.data.ids.citation_label`), text = the
  provision's own words from the data, location = its permalink;
- **own documents**: every element with an ``id`` and a ``data-search-title`` (editorial notes,
  «Hoje» boxes, …) is a document of its own (title = that attribute, location = page + ``#id``),
  and its words are left out of the surrounding section;
- **other pages**: one document per page and per heading with an id, like Material's, but with
  block elements, table cells and definition terms separated, so no words are glued; the worked
  examples of a calculator are one document (their titles), not one per example.

Each word counts once per document (``folded`` holds each stem once): with Material's ``b(0)``
(no length normalisation), repeated words would favour long documents.

Each document carries hidden fields the query (``docs/assets/busca.js``) is matched against:
``folded`` (stems of the text, :mod:`macros.build.search_words`), ``folded_title``, ``ref`` (citation
tokens) and ``pairs`` (adjacent words: published as the words in order, ``w`` and ``tw``, and made
into pairs by the search's worker, :func:`with_pairs`); ``title`` and ``text`` are only shown. A per-document
``boost`` ranks statute text first, then «Hoje» and answers, then tables, then calculators.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import lxml.html
from lxml.etree import _Element

from ..data import ids
from ..data.model import Node, Statute
from ..render import cite, material
from ..render.links import provision_label
from .search_words import act_key, citation_tokens, pair_tokens, pair_words, words

# Field boosts of the lunr index. ``title``/``text`` are shown, matched only weakly (their folded
# stems are what counts); ``ref`` holds citation tokens, only ever queried on purpose.
FIELDS: dict[str, dict[str, float]] = {
    "title": {"boost": 0.0001},
    "text": {"boost": 0.0001},
    "folded": {"boost": 1.0},
    "folded_title": {"boost": 4.0},
    "ref": {"boost": 1.0},
    "pairs": {"boost": 1.0},
}

# Document boosts by kind: the ranking order of the issue (statute text first, then «Hoje» and
# answers, then tables, then calculators).
BOOSTS = {
    "statute": 10.0,
    "hoje": 5.0,
    "answer": 5.0,
    "note": 5.0,
    "table": 2.5,
    "other": 1.5,
    "calculator": 0.7,
}
# A page's own document (location without ``#``) holds only its title: Material multiplies its
# score by about 2.5 (``1 + (1 + f)²`` against ``1 + f²`` for sections), which is right for a
# title that matches, and wrong for a long introduction. The introduction is a section of its own,
# at the page's first heading.
IN_FORCE = 1.2
PAGE_BONUS = 2.5  # Material's extra weight for a page's own entry, taken off where titles are plain
PLAIN_TITLES = {"hoje", "answer", "note"}
PAIRED = {"statute", "hoje", "answer", "note"}
LENGTH_SCALE = 400
TITLE_LENGTH = 10
KIND_NAMES = {
    "statute": "textos das normas",
    "note": "notas editoriais",
    "hoje": "«Hoje»",
    "answer": "perguntas",
    "table": "tabelas",
    "calculator": "calculadoras",
    "other": "outras páginas",
}

BLOCK = {
    "p", "div", "section", "article", "aside", "details", "summary", "blockquote", "figure",
    "figcaption", "ul", "ol", "li", "dl", "table", "thead", "tbody", "tr", "caption", "pre",
    "h1", "h2", "h3", "h4", "h5", "h6", "nav", "header", "footer", "form", "fieldset", "legend",
}
CELL = {"td", "th"}
SKIP = {"script", "style", "svg", "template", "button", "noscript"}
HEADING = re.compile(r"^h[1-6]$")
SPACES = re.compile(r"\s+")
EXAMPLE_PREFIX = "exemplo-"
HOJE_PREFIX = "hoje-"
# Provisions whose printed label is only a number or letter ("§ 5º", "a)"): not indexed as words.
NUMBERED = {"artigo", "paragrafo", "inciso", "alinea", "item"}
LIMIT_GZIP = 150 * 1024


def page_kind(path: str, statutes: Collection[str]) -> str:
    """Kind of the page at ``path`` (``tabelas/escala-padrao/``); ``statutes``: the acts' slugs."""
    first = path.split("/", 1)[0]
    if first in statutes:
        return "statute"
    return {"hoje": "hoje", "perguntas": "answer", "tabelas": "table", "calculadoras": "calculator"}.get(
        first, "other"
    )


@dataclass
class Doc:
    """One search document before serialisation."""

    location: str
    title: str
    text: str
    kind: str
    ref: list[str] = field(default_factory=list)
    title_words: bool = True
    title_extra: str = ""  # words matched as title words but not shown ("calculadora")
    words_of: str | None = None  # the text whose words are indexed, when not ``text``
    factor: float = 1.0  # statutes in force rank above historical ones

    def as_json(self) -> dict[str, Any]:
        source = self.text if self.words_of is None else self.words_of
        stems = words(source)
        unique = list(dict.fromkeys(stems))
        title_stems = [w for w in words(f"{self.title_extra} {self.title}") if not w.isdigit()]
        # A mild length normalisation (Material sets lunr's own to zero): of two documents that
        # match equally, the shorter, more focused one comes first (title words weigh more).
        length = len(unique) + TITLE_LENGTH * len(title_stems) if self.title_words else len(unique)
        boost = BOOSTS[self.kind] * self.factor / (1 + length / LENGTH_SCALE)
        out: dict[str, Any] = {
            "location": self.location,
            "title": escape(self.title, quote=False),
            "text": escape(self.text, quote=False),
            "boost": round(boost, 2),
            "folded": " ".join(unique),
        }
        whole = [w for w in words(self.title) if not w.isdigit()] if self.title_words else []
        # the whole title, for a query that is exactly a title ("conferente", "o que vale hoje")
        whole_token = ["_t_" + "_".join(whole)] if whole else []
        if self.kind in PLAIN_TITLES:
            # Titles of «Hoje» boxes, answers and notes count as words of the text, without the
            # title's weight: they never outrank the statute's own words (but the whole title,
            # typed as it is, still finds its page).
            out["folded"] = " ".join(dict.fromkeys(words(self.title) + unique))
            if whole_token:
                out["folded_title"] = whole_token[0]
            if "#" not in self.location:
                out["boost"] = round(boost / PAGE_BONUS, 2)
        elif self.title_words:
            out["folded_title"] = " ".join(words(f"{self.title_extra} {self.title}") + whole_token)
        if self.ref:
            out["ref"] = " ".join(self.ref)
        # Adjacent words (the ``pairs`` field) of the text only where phrasing matters most (a
        # third of the index's size otherwise); titles everywhere. The index carries the words in
        # order instead (``w``: the text's, ``tw``: the title's), and the search's worker makes
        # the pairs from them when the index arrives (docs/assets/busca-worker.js; the same rule:
        # :func:`with_pairs`): the same tokens, about 12 KB fewer in brotli.
        text_words = pair_words(source) if self.kind in PAIRED else []
        title_words = pair_words(self.title) if self.title_words else []
        if pairs_of(text_words, title_words):
            if text_words:
                out["w"] = " ".join(text_words)
            if title_words:
                out["tw"] = " ".join(title_words)
        return out


def pairs_of(text_words: list[str], title_words: list[str]) -> list[str]:
    """The ``pairs`` field of a document: the text's adjacent words, then the title's not already
    there (:func:`macros.build.search_words.pair_tokens`)."""
    pairs = pair_tokens(text_words)
    return pairs + [p for p in pair_tokens(title_words) if p not in pairs]


def with_pairs(doc: dict[str, Any]) -> dict[str, Any]:
    """A document of the published index as the search's worker indexes it: ``pairs`` made from
    ``w`` and ``tw`` (what ``docs/assets/busca-worker.js`` does in the browser), which it drops."""
    out = {k: v for k, v in doc.items() if k not in ("w", "tw")}
    pairs = pairs_of(doc.get("w", "").split(), doc.get("tw", "").split())
    if pairs:
        out["pairs"] = " ".join(pairs)
    return out


# -- own documents: Material strips ``data-search-*="…"`` from the pages after indexing, so the
# titles are read from each page's content during the build (``on_page_content``) and put back on
# the parsed page here.
OwnTitles = dict[str, dict[str, str]]
"""Page URL → the ``id`` → ``data-search-title`` of its own search documents (kept by the build's
Site, :attr:`macros.data.site.BuildProducts.own_titles`)."""


def collect_titles(own_titles: OwnTitles, url: str, html: str) -> None:
    """Remember in ``own_titles`` the ``id`` → ``data-search-title`` of the page at ``url`` (its
    content HTML)."""
    if "data-search-title" not in html:
        own_titles.pop(url, None)
        return
    tree = lxml.html.fragment_fromstring(html, create_parent="div")
    own_titles[url] = {
        el.get("id"): el.get("data-search-title") for el in tree.xpath("//*[@id][@data-search-title]")
    }


def restore_titles(root: _Element, titles: dict[str, str]) -> None:
    for el in root.xpath("//*[@id]"):
        title = titles.get(el.get("id"))
        if title is not None:
            el.set("data-search-title", title)


# -- text of HTML ----------------------------------------------------------------------------------
def own_doc(el: _Element) -> bool:
    """Whether ``el`` is a search document of its own (``id`` and ``data-search-title``)."""
    return el.get("id") is not None and el.get("data-search-title") is not None


# Parts of a «Hoje» box that say how a claim was checked and that it is not legal advice: shown on
# the page, never searched (they would make every box long and alike, and outrank the claims).
PROVENANCE = {"hoje-conferencia", "hoje-aviso", "hoje-aviso-curto"}


def excluded(el: _Element) -> bool:
    classes = (el.get("class") or "").split()
    return (
        el.get("data-search-exclude") is not None
        or el.tag in SKIP
        or "headerlink" in classes
        or not PROVENANCE.isdisjoint(classes)
        or el.get("hidden") is not None
        # worked examples (calculators' and answers'): indexed once per calculator, as titles
        or el.get("data-exemplo") is not None
        or el.get("data-calculadora") is not None
    )


def element_text(el: _Element, *, root: bool = True) -> str:
    """Visible text of ``el`` with separators between blocks, cells and definition terms."""
    parts: list[str] = []

    def walk(node: _Element, is_root: bool) -> None:
        if not isinstance(node.tag, str):
            return
        if not is_root and (excluded(node) or own_doc(node)):
            return
        tag = node.tag
        sep = " · " if tag in CELL else " " if tag in BLOCK or tag == "br" else ""
        parts.append(sep)
        if node.text:
            parts.append(node.text)
        for child in node:
            walk(child, False)
            if child.tail:
                parts.append(child.tail)
        if tag == "dt":
            parts.append(": ")
        elif tag == "dd":
            parts.append("; ")
        parts.append(sep)

    walk(el, root)
    text = SPACES.sub(" ", "".join(parts)).strip()
    text = re.sub(r"(?:\s*·\s*)+", " · ", text)
    return re.sub(r"^· |· $|\s+([;:,.])", lambda m: m.group(1) or "", text).strip(" ·")


def heading_title(el: _Element) -> str:
    return element_text(el)


# -- pages -----------------------------------------------------------------------------------------
def content(html: str) -> _Element | None:
    tree = lxml.html.fromstring(html)
    found = tree.xpath(f'//article[contains(concat(" ", normalize-space(@class), " "), " {material.ARTICLE} ")]')
    return found[0] if found else None


def own_docs(root: _Element, path: str, kind: str) -> list[Doc]:
    """Documents of the elements with ``id`` and ``data-search-title`` under ``root``."""
    out = []
    for el in root.iter():
        if isinstance(el.tag, str) and own_doc(el):
            classes = (el.get("class") or "").split()
            title = el.get("data-search-title") or ""
            if "hoje" in classes or title.startswith("Hoje"):
                doc_kind = "hoje"
            elif "nota" in classes or title.startswith("Nota"):
                doc_kind = "note"
            else:
                doc_kind = kind
            out.append(Doc(f"{path}#{el.get('id')}", title, element_text(el), doc_kind))
    return out


TITLE_WORDS = {"calculator": "calculadora", "table": "tabela"}


def section_docs(root: _Element, path: str, kind: str, page_title: str) -> list[Doc]:
    """The page (its title only), its introduction (at the first heading) and one document per
    heading with an id, like Material's sections; worked examples folded into one document."""
    page = Doc(path, page_title, "", kind, title_extra=TITLE_WORDS.get(kind, ""))
    docs = [page]
    current = page
    examples: Doc | None = None
    pending: list[str] = []

    def flush() -> None:
        current.text = (current.text + " " + " ".join(pending)).strip()
        pending.clear()

    def visit(parent: _Element) -> None:
        nonlocal current, examples
        for el in parent:
            if not isinstance(el.tag, str) or excluded(el) or own_doc(el):
                continue
            if HEADING.match(el.tag) and el.get("id"):
                flush()
                anchor = el.get("id") or ""
                title = heading_title(el)
                if el.tag == "h1":
                    page.title = title or page_title
                    current = Doc(f"{path}#{anchor}", page.title, "", kind)
                    docs.append(current)
                elif anchor.startswith(EXAMPLE_PREFIX) and examples is not None:
                    examples.text = f"{examples.text} {title}.".strip()
                    current = Doc("", "", "", kind)  # the example's own body is not indexed
                else:
                    current = Doc(f"{path}#{anchor}", title, "", kind)
                    docs.append(current)
                    if anchor == "exemplos":
                        examples = current
                        current.title = f"{title} — {page.title}"
            elif el.xpath(".//*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6][@id]"):
                visit(el)
            elif current.location or current is page:
                pending.append(element_text(el))

    visit(root)
    flush()
    if page.text and len(docs) > 1 and docs[1].location.startswith(f"{path}#") and not docs[1].text:
        docs[1].text, page.text = page.text, ""
    return [d for d in docs if d is page or d.text]


# -- statutes --------------------------------------------------------------------------------------
def node_text(node: Node, *, label: bool = True) -> str:
    """The provision's own words: label, text, quoted lines, table, signatures (source only)."""
    parts = [(node.label or "") if label else "", node.text or "", *node.quoted]
    if node.table:
        table = node.table
        parts.extend(table.get("heading_lines", []))
        parts.append(" · ".join(table.get("columns", [])))
        for group in table.get("groups", []):
            parts.append(group.get("label", ""))
            for row in group.get("rows", []):
                parts.append(" · ".join(c for c in row.get("cells", []) if c))
    parts.extend(node.signatures)
    return SPACES.sub(" ", " ".join(p for p in parts if p)).strip()


def statute_docs(statute: Statute, root: _Element | None) -> list[Doc]:
    """The statute page, one document per provision, then its notes and other own documents."""
    slug = statute.slug
    path = f"{slug}/"
    act = act_key(statute)
    ementa = (statute.identification["ementa"].value or "").rstrip(".")
    factor = IN_FORCE if statute.status.get("code") == "vigente" else 1.0
    page = Doc(path, cite.title(statute), "", "statute", ref=[f"_ato{act}"], factor=factor)
    status = statute.status
    intro = Doc(
        f"{path}#topo",
        f"{cite.title(statute)} — situação do ato (editorial)",
        f"{ementa}. {status['label']}. {status.get('explanation', '')} {status.get('scope', '')}".strip(),
        "note",
    )
    docs = [page, intro]
    for top in statute.body:
        for node in top.walk():
            doc = Doc(f"{path}#{node.id}", provision_label(statute, node.id), node_text(node), "statute")
            doc.ref = citation_tokens(act, node.id)
            doc.title_words = False
            doc.words_of = node_text(node, label=node.type not in NUMBERED)
            doc.factor = factor
            docs.append(doc)
    if root is not None:
        for doc in own_docs(root, path, "statute"):
            anchor = doc.location.split("#", 1)[1]
            if anchor.startswith(HOJE_PREFIX) and ids.is_valid(anchor[len(HOJE_PREFIX):]):
                # "hoje art 7" finds the «Hoje» box of the article
                tokens = citation_tokens(act, anchor[len(HOJE_PREFIX):])
                doc.ref = [tokens[0]] + [f"_hoje{t[1:]}" for t in tokens[1:]]
            docs.append(doc)
    return docs


# -- the whole index -------------------------------------------------------------------------------
def page_paths(index: dict[str, Any]) -> list[str]:
    """Pages Material indexed (its documents without ``#``), in its order."""
    return [d["location"] for d in index.get("docs", []) if "#" not in d["location"]]


def build(site_dir: Path, statutes: Mapping[str, Statute], index: dict[str, Any],
          own_titles: OwnTitles) -> tuple[dict[str, Any], list[str]]:
    """The new index (config and documents) for the built site at ``site_dir``, and each
    document's kind (for the size report)."""
    titles = {d["location"]: d.get("title", "") for d in index.get("docs", [])}
    docs: list[Doc] = []
    for path in page_paths(index):
        html_file = site_dir / path / "index.html" if path else site_dir / "index.html"
        if not html_file.is_file():
            continue
        root = content(html_file.read_text(encoding="utf-8"))
        if root is not None:
            restore_titles(root, own_titles.get(path, {}))
        slug = path.rstrip("/")
        if slug in statutes:
            docs.extend(statute_docs(statutes[slug], root))
            continue
        if root is None:
            continue
        kind = page_kind(path, statutes)
        docs.extend(section_docs(root, path, kind, titles.get(path, "")))
        docs.extend(own_docs(root, path, kind))
    config = dict(index.get("config", {}))
    config["fields"] = FIELDS
    config["pipeline"] = []  # stop words and stems are handled in the folded fields
    # With no pipeline, lunr's Portuguese plugin (lang: pt) adds nothing to the index: Material's
    # worker removes its stemmer, stop words and trimmer again. It would only fetch its two
    # scripts, one after the other, when a search starts (two round trips on a slow link).
    # "en" is Material's "no language plugin": the same index, no script to fetch.
    config["lang"] = ["en"]
    new = {"config": config, "docs": [d.as_json() for d in docs]}
    if "options" in index:
        new["options"] = index["options"]
    return new, [d.kind for d in docs]


def sizes(new_index: dict[str, Any], kinds: list[str]) -> dict[str, tuple[int, int, int]]:
    """Documents, bytes and gzip bytes of the index, per kind of document."""
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for doc, kind in zip(new_index["docs"], kinds, strict=False):
        grouped[kind].append(doc)
    out = {}
    for kind, docs in grouped.items():
        raw = json.dumps(docs, ensure_ascii=False, separators=(",", ":")).encode()
        out[kind] = (len(docs), len(raw), len(gzip.compress(raw, 9)))
    return out


def write(site_dir: Path, statutes: Mapping[str, Statute], own_titles: OwnTitles) -> dict[str, tuple[int, int, int]]:
    """Rewrite ``search/search_index.json`` in ``site_dir``; return the sizes per kind and in all."""
    path = site_dir / "search" / "search_index.json"
    new, kinds = build(site_dir, statutes, json.loads(path.read_text(encoding="utf-8")), own_titles)
    raw = json.dumps(new, ensure_ascii=False, separators=(",", ":"))
    path.write_text(raw, encoding="utf-8")
    out = sizes(new, kinds)
    data = raw.encode()
    out["total"] = (len(new["docs"]), len(data), len(gzip.compress(data, 9)))
    return out

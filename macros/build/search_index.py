"""The documents of the site's pages and statutes, as the search reads them from a built site.

The extraction that :mod:`macros.build.search.documents` builds the search's documents from
(it adds the table rows, the kinds of the search and each page's act):

- **statute pages**: the page (its title) and one document per provision with an anchor
  (article, caput, paragraph, inciso, alínea, item, annex …): title = the citation label
  (``Lei nº 4.860/1965, art. 7º, § 5º``, from :func:`macros.data.ids.citation_label`), text = the
  provision's own words from the data, location = its permalink, with its citation tokens
  (:func:`macros.build.search_words.citation_tokens`);
- **own documents**: every element with an ``id`` and a ``data-search-title`` (editorial notes,
  «Hoje» boxes, …) is a document of its own (title = that attribute, location = page + ``#id``),
  and its words are left out of the surrounding section;
- **other pages**: one document per page and per heading with an id, with block elements, table
  cells and definition terms separated, so no words are glued; the worked examples of a
  calculator are one document (their titles), not one per example.

The ``data-search-title`` attributes are read from each page's content during the build
(:func:`collect_titles`) and put back on the parsed page (:func:`restore_titles`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

import lxml.html
from lxml.etree import _Element

from ..data import ids
from ..data.model import Node, Statute
from ..render import cite, material
from ..render.links import provision_label
from .search_words import act_key, citation_tokens

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


# -- own documents: their titles are read from each page's content during the build
# (``on_page_content``) and put back on the parsed page here (Material's search, before issue 28,
# stripped ``data-search-*="…"`` from the pages it indexed).
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
    page = Doc(path, cite.title(statute), "", "statute", ref=[f"_ato{act}"])
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
    """Pages of a Material search index (its documents without ``#``), in its order: a site built
    with Material's search, before issue 28 (:mod:`macros.build.search.built`)."""
    return [d["location"] for d in index.get("docs", []) if "#" not in d["location"]]

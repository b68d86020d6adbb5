"""The documents of the site's search, from the built pages and the statutes' data.

One document per provision (its permalink), per editorial note and «Hoje» box, per heading of the
other pages, and per row of the 1945 tables (a function, a reference, a class of diaristas), each
with its kind, the act it belongs to and the words it is found by. The extraction of provisions,
notes and sections is :mod:`macros.build.search_index`'s (the same documents Material's index had);
this module adds the table rows, the kinds of the new search and each page's act.

Kinds: ``statute`` (a provision), ``note``, ``hoje``, ``answer`` (a «Quero saber…» page),
``table`` (a section of a tables page), ``row`` (a row of a 1945 table), ``calculator``,
``other`` (the other pages). A page's own document (its location has no ``#``) holds its title.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from lxml.etree import _Element

from ...data.model import Statute
from .. import search_index as legacy
from . import words

STATUTE_PAGE = re.compile(r"(?:^|/)([a-z0-9-]+-\d{4})/#")
ROW_KEYS = ("proposed_function", "current_function")
KINDS = ("statute", "note", "hoje", "answer", "table", "row", "calculator", "other")


@dataclass
class Document:
    """One search document: where it lands, what it shows, how it is found."""

    location: str
    title: str
    text: str
    kind: str
    act: str | None = None
    in_force: bool = False
    refs: list[str] = field(default_factory=list)
    #: The words it is found by, when not the shown text (a provision's words without its label).
    words_of: str | None = None
    #: Whether the title's words are searched as title words (a provision's label is not).
    title_words: bool = True
    title_extra: str = ""

    @property
    def page(self) -> str:
        return self.location.split("#", 1)[0]

    @property
    def anchor(self) -> str:
        return self.location.split("#", 1)[1] if "#" in self.location else ""

    def title_stems(self, stop: frozenset[str]) -> list[str]:
        """The title's stems; its numbers only where they name the row (``Referência 20``), never
        a citation label's (``Nota editorial — Lei nº 4.860/1965, art. 7º``)."""
        if not self.title_words:
            return []
        stems = words.stems(f"{self.title_extra} {self.title}", stop)
        return unique(s for s in stems if self.kind == "row" or not s.isdigit())

    def text_stems(self, stop: frozenset[str]) -> list[str]:
        return unique(words.stems(self.text if self.words_of is None else self.words_of, stop))

    def pairs(self, stop: frozenset[str]) -> list[str]:
        """Adjacent words of the text (where phrasing matters) and of the title."""
        out: dict[str, None] = {}
        sources = []
        if self.kind in PAIRED:
            sources.append(self.text if self.words_of is None else self.words_of)
        if self.title_words:
            sources.append(self.title)
        for source in sources:
            for token in words.pair_tokens(words.pair_stems(source, stop)):
                out.setdefault(token, None)
        return list(out)


# Adjacent words count everywhere but in the rows of the tables (their text is cells side by side).
PAIRED = {"statute", "hoje", "answer", "note", "table", "calculator", "other"}


def unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _kind(legacy_kind: str, location: str) -> str:
    if legacy_kind == "table" and "#" in location:
        return "table"
    return legacy_kind if legacy_kind in KINDS else "other"


def _from_legacy(doc: legacy.Doc) -> Document:
    return Document(
        location=doc.location, title=doc.title, text=doc.text, kind=_kind(doc.kind, doc.location),
        refs=list(doc.ref), words_of=doc.words_of,
        title_words=doc.title_words, title_extra=doc.title_extra,
    )


# -- table rows ------------------------------------------------------------------------------------
def _cell_text(el: _Element) -> str:
    return legacy.SPACES.sub(" ", legacy.element_text(el)).strip()


def row_documents(root: _Element, path: str, page_title: str) -> list[Document]:
    """A document per ``tr[id]`` of the page's data tables: a function (its name), a reference of
    the escala-padrão or of a series, a class of diaristas; the row's cells are its text."""
    out = []
    for table in root.xpath('//table[contains(concat(" ", normalize-space(@class), " "), " tabela-dados ")]'):
        caption = table.find("caption")
        table_name = _cell_text(caption) if caption is not None else page_title
        for tr in table.xpath(".//tr[@id]"):
            row_id = tr.get("id") or ""
            # Totals are not a landing; a series' rows land on the series' heading, which shows the
            # whole series (the section document), not on one of its lines.
            if row_id.endswith(("-total", "-calculado")) or row_id.startswith("serie-"):
                continue
            cells = {td.get("data-chave"): td for td in tr.xpath("./td|./th") if td.get("data-chave")}
            name = ""
            for key in ROW_KEYS:
                cell = cells.get(key)
                if cell is not None:
                    shown = cell.xpath('.//*[contains(@class, "nome-normalizado")]')
                    text = (_cell_text(shown[0]).strip("()").removeprefix("lê-se: ") if shown
                            else _cell_text(cell))
                    if text and text != "-":
                        name = text
                        break
            reference = cells.get("reference")
            line = cells.get("line")
            if reference is not None and not name:
                title = f"Referência {_cell_text(reference)}"
            elif line is not None:
                title = f"Classe {_cell_text(line)}"
            elif name:
                title = name
            else:
                continue
            # The row's own cells (the printed names, the observations); its numbers (counts,
            # salaries, source lines) would match any number typed, so only the title's count.
            text = " · ".join(t for t in (_cell_text(c) for c in tr.xpath("./td|./th")) if t and t != "-")
            # A numbered row (a reference, a class) is found with its page's name («escala padrão
            # referência 20»); a named row by its own words only.
            words_of = (f"{page_title} " if not name else "") + re.sub(r"[0-9][0-9.,]*", " ", text)
            out.append(Document(f"{path}#{row_id}", title, f"{table_name}: {text}", "row", words_of=words_of))
    return out


# -- the act of each page --------------------------------------------------------------------------
def page_act(root: _Element, statutes: Mapping[str, Statute]) -> str | None:
    """The act a page is about: the statute it links to most (a calculator's provisions, an
    answer's citations); None when it links to none."""
    counts: Counter[str] = Counter()
    for a in root.xpath("//a[@href]"):
        found = STATUTE_PAGE.search(a.get("href") or "")
        if found and found.group(1) in statutes:
            counts[found.group(1)] += 1
    return counts.most_common(1)[0][0] if counts else None


def tables_act(statutes: Mapping[str, Statute], table_sources: Iterable[str]) -> str | None:
    """The act whose source document the 1945 tables come from."""
    sources = set(table_sources)
    for slug, statute in statutes.items():
        if statute.source_file in sources:
            return slug
    return None


# -- the whole site --------------------------------------------------------------------------------
def own_titles_from_index(index: dict[str, object]) -> legacy.OwnTitles:
    """The titles of the notes and «Hoje» boxes as Material's index lists them (the pages as
    published no longer carry ``data-search-title``): for building from a site already built."""
    out: legacy.OwnTitles = {}
    for doc in index.get("docs", []):  # type: ignore[attr-defined]
        location = doc["location"]
        if "#" not in location:
            continue
        path, anchor = location.split("#", 1)
        if anchor.startswith(("nota-", "hoje-")):
            out.setdefault(path, {})[anchor] = doc["title"]
    return out


def collect(site_dir: Path, statutes: Mapping[str, Statute], pages: list[tuple[str, str]],
            own_titles: legacy.OwnTitles, table_sources: Iterable[str]) -> list[Document]:
    """Every document of the built site at ``site_dir``. ``pages``: each page's path and title,
    in the navigation's order; ``table_sources``: the source files of the 1945 tables."""
    docs: list[Document] = []
    tables_of = tables_act(statutes, table_sources)
    paths = [p for p, _ in pages]
    # A page that lists others (perguntas/, tabelas/, calculadoras/) is not one of them: never the
    # answer to a question, never a table.
    listing = {p for p in paths if p and any(q != p and q.startswith(p) for q in paths)}
    for path, title in pages:
        html_file = site_dir / path / "index.html" if path else site_dir / "index.html"
        if not html_file.is_file():
            continue
        root = legacy.content(html_file.read_text(encoding="utf-8"))
        if root is None:
            continue
        legacy.restore_titles(root, own_titles.get(path, {}))
        slug = path.rstrip("/")
        if slug in statutes:
            statute = statutes[slug]
            in_force = statute.status.get("code") == "vigente"
            ementa = statute.identification["ementa"].value or ""
            for old in legacy.statute_docs(statute, root):
                new = _from_legacy(old)
                new.act, new.in_force = slug, in_force
                if new.location == path:
                    new.title_extra = ementa  # the act's page is found by what the act is about
                docs.append(new)
            continue
        kind = "other" if path in listing else legacy.page_kind(path, statutes)
        page_docs = [_from_legacy(d) for d in legacy.section_docs(root, path, kind, title)]
        page_docs += [_from_legacy(d) for d in legacy.own_docs(root, path, kind)]
        if kind == "table":
            page_docs += row_documents(root, path, title)
        act = tables_of if kind == "table" else page_act(root, statutes) if kind in ("calculator", "answer") else None
        for doc in page_docs:
            doc.act = act
            if act:
                doc.in_force = statutes[act].status.get("code") == "vigente"
        docs.extend(page_docs)
    return docs

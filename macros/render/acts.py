"""Links to the acts and precedents the site cites, all from the registry (``data/atos.yaml``).

- :func:`act_link`: one act by id (the answers' macro ``ato``, the «Atos citados» page);
- :func:`linked`: editorial text (notes, «Hoje», related acts) escaped, with every act it names
  linked to its official publication, or to its page for the three acts of this edition;
- :func:`act_span`: a mention in a statute's text (its citation layer, target ``ato:<id>``) as a
  span: the words stay exactly as printed, only the link is added around them.

Render only: addresses and names come from the registry (the Site's ``acts``, passed down by the
macro); nothing here is written by hand.
"""

from __future__ import annotations

from ..data.acts import KIND_LABELS, Act, Registry
from ..data.textspans import Span
from .safe import Markup, escape

NOT_OPENED = "endereço não aberto aqui"
"""What the reader sees beside a link to an official address the registry says was never opened
here (``checked.url_not_opened``)."""


def not_opened_html() -> Markup:
    """`` (endereço não aberto aqui)``, beside such a link."""
    return Markup(' <span class="endereco-nao-aberto">({})</span>').format(NOT_OPENED)


def _attrs(act: Act, href: str) -> Markup:
    rel = "" if not href.startswith("https://") else ' rel="external noopener"'
    title = f"{act.label} ({NOT_OPENED})" if act.url_not_opened and href == act.url else act.label
    return Markup('class="ato-link" href="{}" title="{}"{}').format(href, title, Markup(rel))


def act_link(acts: Registry, act_id: str, root: str | None = "../", text: str | None = None,
             provision: str | None = None, official: bool = False) -> Markup:
    """``<a href="https://www.planalto.gov.br/…">Lei nº 9.719/1998, art. 8º</a>``; the act's short
    name (and ``provision``) unless ``text`` is given; plain text when it has no address.
    ``official``: the official publication even for an act of this edition (its parts outside
    the edition)."""
    act = acts[act_id]
    words = text if text is not None else (f"{act.short}, {provision}" if provision else act.short)
    href = act.url if official else act.href(root)
    if href is None:
        return Markup("{}").format(words)
    link = Markup("<a {}>{}</a>").format(_attrs(act, href), words)
    if act.url_not_opened and href == act.url:
        link += not_opened_html()
    return link


def linked(text: str, acts: Registry, root: str | None = None, skip: str | None = None) -> Markup:
    """``text`` escaped, each act it names linked (``root``: where the site root is from this
    page, ``None`` when unknown: then the edition's own acts are not linked; ``skip``: the act
    of the page itself, never linked to itself)."""
    out: list[str] = []
    pos = 0
    for mention in acts.mentions(text):
        act = mention.act
        href = act.href(root) if act is not None and act.id != skip else None
        if href is None:
            continue
        out.append(str(escape(text[pos:mention.start])))
        out.append(str(Markup("<a {}>{}</a>").format(_attrs(act, href), mention.text)))  # type: ignore[arg-type]
        pos = mention.end
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


def act_span(acts: Registry, text: str, quote: str, occurrence: int, act_id: str, root: str) -> Span | None:
    """The link around a mention of another act in a statute's text; ``None`` when the act has
    no address (the words are shown without a link)."""
    act = acts[act_id]
    href = act.href(root)
    if href is None:
        return None
    start = -1
    for _ in range(occurrence):
        start = text.find(quote, start + 1)
    return Span(start, start + len(quote), str(Markup("<a {}>").format(_attrs(act, href))), "</a>")


def kind_label(act: Act) -> str:
    return KIND_LABELS[act.kind]

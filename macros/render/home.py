"""Home page pieces: one card per statute, with status and a plain-language summary."""

from __future__ import annotations

from ..data.site import Site
from . import cite, material
from . import hoje as render_hoje
from .safe import Markup, escape


def statute_cards(site: Site) -> Markup:
    """Cards, one per statute of ``site``: title, status, what this edition contains, and the
    summary marked as summary."""
    cards = []
    for st in site.statutes.values():
        ementa_fact = st.identification["ementa"]
        ementa = ementa_fact.value or ""
        tag = (' <span class="tag-editorial" data-search-exclude>ementa: informação editorial</span>'
               if ementa_fact.editorial else "")
        cards.append(
            f'<article class="cartao-ato cartao-ato--{escape(st.status["code"])}">'
            f'<h2 id="{escape(st.slug)}"><a href="{escape(st.slug)}/">{escape(cite.title(st))}</a></h2>'
            f'<p class="cartao-ementa">{escape(ementa)}{tag}</p>'
            f'<p><span class="situacao-selo">{escape(st.status["label"])}</span> '
            f'<span class="tag-editorial" data-search-exclude>informação editorial</span></p>'
            f'<p class="cartao-escopo">{escape(st.status["scope"])}</p>'
            f'{render_hoje.summary_html(site.today_of(st.slug), f"hoje/#{st.slug}", site.acts, "")}'
            f'<div class="resumo"><p class="resumo-rotulo"><strong>Resumo</strong> '
            f"(em linguagem simples, escrito pela edição — não é o texto legal)</p>"
            f"<p>{escape(st.summary)}</p></div>"
            f'<p><a class="{material.BUTTON}" href="{escape(st.slug)}/">Ler o texto</a></p>'
            f"</article>"
        )
    return Markup('<div class="cartoes-atos">' + "".join(cards) + "</div>")

"""One ``Note`` for statutes and tables, labelled from the data schemas, and one renderer."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from macros.data.notes import Note, note_labels
from macros.data.site import current
from macros.data.tables import iter_figures, load_tables
from macros.render.notes import note_aside

ROOT = Path(__file__).resolve().parent.parent


def schema_kinds(name: str) -> dict[str, str]:
    schema = json.loads((ROOT / "data" / "schema" / f"{name}.schema.json").read_text(encoding="utf-8"))
    return {k["const"]: k["title"] for k in schema["$defs"]["note"]["properties"]["type"]["oneOf"]}


def test_labels_are_the_schema_titles() -> None:
    assert note_labels("statute") == schema_kinds("statute")
    assert note_labels("tables") == schema_kinds("tables")
    assert note_labels("statute")["typo"] == "erro tipográfico"
    assert note_labels("tables")["typo"] == "Erro tipográfico"


def test_every_loaded_note_carries_its_schema_label() -> None:
    labels = note_labels("statute")
    notes = [n for st in current().statutes.values() for _, n in st.notes()]
    assert notes and all(n.label == labels[n.type] for n in notes)
    labels = note_labels("tables")
    table_notes = [n for f in iter_figures(load_tables()) for n in f.notes]
    assert table_notes and all(n.label == labels[n.type] for n in table_notes)


def test_anomalies_are_the_source_kinds() -> None:
    assert Note("typo", "erro", "t").is_anomaly
    assert not any(Note(k, k, "t").is_anomaly for k in ("editorial", "conjecture", "status", "citation", "alignment"))


def test_one_renderer_escapes_everything() -> None:
    note = Note("typo", "Erro <b>", "texto <script>", quote="<i>", reconciling_value=Decimal("1900.00"))
    html = note_aside(note, 3, anchor="nota-3", heading=note.label, concerns="linha <1>", show_quote=True,
                      acts=current().acts)
    assert "<script>" not in html and "<b>" not in html and "<i>" not in html and "<1>" not in html
    assert html.startswith('<aside class="nota nota--typo" id="nota-3" role="note" data-search-exclude>')
    assert "Impresso: «&lt;i&gt;»." in html and "<strong>1.900,00</strong>" in html
    statute = note_aside(Note("veto", "veto", "vetado", anchor="nota-art1-1"), 1, anchor="nota-art1-1",
                         heading="Nota editorial — veto", search_title="Nota editorial — Art. 1º",
                         acts=current().acts)
    assert '<strong>Nota editorial — veto:</strong> vetado</aside>' in statute
    assert 'data-search-title="Nota editorial — Art. 1º"' in statute

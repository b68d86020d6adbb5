"""Editorial notes: one :class:`Note` for the statutes and the 1945 tables.

A note's ``type`` is one of the kinds its data schema lists (``data/schema/statute.schema.json``
and ``tables.schema.json``, ``$defs.note.properties.type.oneOf``); the ``title`` of each kind is
the label the reader sees (:func:`note_labels`), so a new kind is added in the schema only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .loader import SCHEMAS

#: Note kinds that are the edition's own statements, not an anomaly of the source.
EDITION_TYPES = frozenset({"editorial", "conjecture", "status", "citation", "alignment"})


@dataclass(frozen=True)
class Note:
    """A typed editorial note.

    ``label`` is the kind's title in the schema. Statute notes have an ``anchor`` (their id on the
    page), may quote a ``duplicate`` line and list ``fidelity`` checks; table notes may give the
    ``reconciling_value`` that would make a failing check pass (shown beside the printed one).
    """

    type: str
    label: str
    text: str
    quote: str | None = None
    anchor: str = ""
    duplicate: str | None = None
    fidelity: tuple[tuple[str, str], ...] = ()
    reconciling_value: int | Decimal | None = None

    @property
    def is_anomaly(self) -> bool:
        """The note records an anomaly of the source (marked in the text; listed in «Sobre esta
        edição»), rather than a statement of the edition."""
        return self.type not in EDITION_TYPES


def note_labels(schema_name: str) -> Mapping[str, str]:
    """The note kinds of a data schema and their labels: ``{"typo": "erro tipográfico", …}``.

    The schema is read as plain JSON (it is checked where the data are validated against it), so
    this is cheap; callers with no notes to label do not call it.
    """
    schema: dict[str, Any] = json.loads((SCHEMAS / f"{schema_name}.schema.json").read_text(encoding="utf-8"))
    kinds = schema["$defs"]["note"]["properties"]["type"]["oneOf"]
    return {kind["const"]: kind["title"] for kind in kinds}

"""The declaration of a calculator: title, summary, provisions, inputs and its rule."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .fields import Field, ParsedInputs
from .money import Currency
from .parameters import AnyParameter
from .provisions import Provision
from .result import ResultBuilder

Data = Mapping[str, object] | None
Compute = Callable[[ParsedInputs, ResultBuilder, Data], None]


@dataclass(frozen=True)
class CalculatorSpec:
    """Everything the API, the form and the build need to know about one calculator."""

    name: str
    title: str
    summary: str
    statute: str
    currency: Currency
    provisions: tuple[Provision, ...]
    fields: tuple[Field, ...]
    compute: Compute
    needs_data: bool = False
    data_help: str = ""
    # Position in the catalogue and on the calculators' index (smaller first; ties by name).
    order: int = 100
    # A rule no longer in force: the page says so and the index lists it under «História».
    history: bool = False
    # The legal numbers the rule uses, each with its provision (the page's «Parâmetros» table).
    parameters: tuple[AnyParameter, ...] = ()
    # What a link from a question (/perguntas/) sets in the otherwise empty form: the choices of
    # a worker of today (field name → value as typed), never anyone's figures. Each name must be a
    # field; each value must be accepted by it (tests/test_question_presets.py).
    preset: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, object]:
        """The JSON declaration returned by ``api.describe``."""
        out: dict[str, object] = {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "statute": {"slug": self.statute},
            "currency": self.currency.to_json(),
            "provisions": [p.to_json() for p in self.provisions],
            "inputs": [f.to_json() for f in self.fields],
            "needs_data": self.needs_data,
            "parameters": [p.to_json() for p in self.parameters],
        }
        if self.data_help:
            out["data_help"] = self.data_help
        if self.history:
            out["history"] = True
        if self.preset:
            out["preset"] = dict(self.preset)
        return out

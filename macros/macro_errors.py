"""A macro that fails is never silent: mkdocs-macros logs a page's error as a warning (hidden by
``mkdocs build -q``, which ``scripts/run.sh build`` uses) and exits with 100. Each macro is wrapped
so that its failure is also logged as an error, in Portuguese, with the page: ``Dados inválidos —
<file>: em <place>: <reason>`` for broken data, and the page, the macro and the error otherwise.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from .data.loader import DataError, cut

LOG = logging.getLogger("mkdocs.plugins.estatutos")


def _page(env: Any) -> str:
    page = getattr(env, "page", None)
    file = getattr(page, "file", None)
    return str(getattr(file, "src_uri", None) or getattr(file, "src_path", None) or "(página desconhecida)")


def _reported(env: Any, name: str, macro: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(macro)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return macro(*args, **kwargs)
        except DataError as exc:
            LOG.error("Dados inválidos — %s (na página %s, macro %s)", exc, _page(env), name)
            raise
        except Exception as exc:
            LOG.error("Erro ao montar a página %s (macro %s): %s: %s — um defeito do código, não dos dados; "
                      "rode sem -q para ver o rastro", _page(env), name, type(exc).__name__, cut(str(exc), 300))
            raise

    return run


def report_errors(env: Any) -> None:
    """Wrap every macro ``env`` registered (call it last in ``define_env``)."""
    for name, macro in list(env.macros.items()):
        if callable(macro):
            env.macros[name] = _reported(env, name, macro)

"""Pay calculators of "Estatutos Portuários".

Pure rules, standard library only: no I/O, no float in money paths, no global mutable state.
The single entry point is :func:`calculators.api.run` (JSON in, JSON out); the form of each
calculator is generated from :func:`calculators.api.describe`.

Modules, one job each:

- ``money``: the currencies, the one rounding rule, quota splitting, period formats;
- ``parsing``: reading user text (Brazilian number format, times, dates) into typed values;
- ``fields``: input declarations and the parsing of a whole input dict against them;
- ``provisions``: statute slugs and provision references (LexML ids);
- ``result``: the result builder (amounts, steps, warnings) and its JSON form;
- ``spec``: the declaration of a calculator;
- ``durations``: minutes, hours and their display;
- ``producao_terno``, ``paralisacoes``, ``refeicao``: Decreto-Lei of 20 Nov 1941 (capatazias);
- ``horas_extras``, ``jornada``: Lei nº 4.860/1965, Chapter I;
- ``salarios_1945`` (its ``tables`` module reads the published tables document): Decreto nº 17.961/1945;
- ``api``: the registry, ``run``, ``describe`` and ``catalog``.
"""

"""The site's own search (issue 28): documents, the split index and the settings it reads.

- :mod:`.documents`: the documents, from the built pages and the statutes' data;
- :mod:`.words`: folding, tokens, stems and pairs (the browser's ``words.mjs`` does the same);
- :mod:`.config`: ``data/busca.yaml``, checked;
- :mod:`.index`: the files of ``search/``;
- :mod:`.corpus`: a synthetic corpus twenty times larger, for the benchmark.

``python -m macros.build.search SITE OUT [--vezes=N]`` writes the index of a site already built
into ``OUT`` (the engines' comparison, ``scripts/search_engines.py``).
"""

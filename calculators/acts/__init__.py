"""The legal numbers, grouped by the act that sets them: one module per act.

A rule (:mod:`calculators.rules`) computes with numbers of the law; each is declared once, as a
:class:`~calculators.core.parameters.Parameter`, in the module of its act, beside the provision
that fixes it, and the rules import it from here (never from another rule):

- :mod:`.decreto_lei_3844_1941`, :mod:`.decreto_17961_1945`, :mod:`.lei_4860_1965`: the three
  statutes of this edition. Their numbers carry the words of the provision that state them
  (``words``), which ``tests/test_parameters_text.py`` compares with the statute's text; their
  dates and titles are not written here: the build takes them from ``data/statutes/``.
- :mod:`.cf_1988`, :mod:`.clt`, :mod:`.lei_4511_1964` and :mod:`.tst` (precedents): the rules of
  today the calculators compare with (editorial: each provision carries its printed label, the
  address of its official publication and the date that page was last checked).
"""

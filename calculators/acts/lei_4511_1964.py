"""Lei nº 4.511 of 1 Dec 1964 (the cruzeiro without centavos): cited for what it says about the
1965 values (editorial; no number of it is used in a computation)."""

from ..core.provisions import Provision

SLUG = "lei-4511-1964"
URL = "https://www.planalto.gov.br/ccivil_03/leis/1950-1969/L4511.htm"
VERIFIED = "2026-11-30"

LEI_4511 = Provision(SLUG, "art1_par1", "Lei nº 4.511/1964, art. 1º, § 1º", URL, VERIFIED)

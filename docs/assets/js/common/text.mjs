/* Estatutos Portuários — a única dobra de texto dos scripts (a busca, o filtro das tabelas), igual
 * à da construção (calculators/core/text.py; tests/test_fold.py roda as duas nas mesmas frases):
 * minúsculas, sem acentos (NFD sem as marcas U+0300–U+036F), º ª ° § e hífen como espaço, espaços
 * juntados («Pôrto, § 5º» → «porto, 5»; «Técnico-Auxiliar» → «tecnico auxiliar»). */

const SPACES = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;

export function fold(text) {
  return String(text).replace(/[ºª°§-]/g, " ").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .toLowerCase().replace(SPACES, " ").replace(/^ | $/g, "");
}

/* Estatutos Portuários — o que um download do motor e das tabelas pode encontrar na rede, escrito
 * uma vez: os limites de tempo e a página de login de uma rede (a página os manda ao worker: engine/early.mjs, engine/client.mjs; o worker os usa:
 * engine/worker.mjs, engine/download-count.mjs). Por que estes números: dev/engine.md.
 *
 * Duas esperas diferentes:
 * - um arquivo cujos bytes já começaram a chegar e param: parou (STALL_MS, dito em segundos);
 * - um arquivo cujo primeiro byte ainda não veio: numa conexão lenta, ou num servidor que demora
 *   a começar, isso é espera, não parada. Depois de SLOW_MS a página diz «conexão lenta», com o
 *   tempo de espera; só depois de FIRST_BYTE_MS sem resposta nenhuma diz que o servidor não
 *   respondeu. */

/* No byte for this long after a file's bytes began to arrive: the download stopped. */
export const STALL_MS = 10000;
/* Waiting this long for a file's first byte: the page says the connection is slow (and for how long). */
export const SLOW_MS = 3000;
/* No first byte for this long: the server did not answer. */
export const FIRST_BYTE_MS = 60000;

/* A captive portal's page (a public wi-fi's login) served with 200 in place of an engine file
 * (text/html, or a body that starts with «<»): what the page says. */
export const PORTAL = "a rede pediu login: em vez do arquivo do motor chegou uma página da rede, " +
  "como a de entrada de um wi-fi público; entre na rede pelo navegador e tente de novo";

/* The response is a page (text/html), or its first bytes (white space aside) start with «<»: no
 * engine file, nor the tables, do. */
export function looksLikePage(contentType, firstBytes) {
  const type = String(contentType || "").split(";")[0].trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return true;
  for (const byte of firstBytes || []) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === 0x3c;
  }
  return false;
}

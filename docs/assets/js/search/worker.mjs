/* Estatutos Portuários — o worker da busca: lê a consulta, busca os pedaços do índice, ordena e
 * prepara o que cada cartão mostra; a página só desenha.
 *
 * A resposta é a de answer.mjs. Mensagens: a página manda {tipo: "buscar", id, texto, ato,
 * filtros, completa} (completa: as teclas pararam; sem ela, a resposta pode ser `parcial`); responde
 * {tipo: "resultado", id, ...} com os cartões, o «Não está aqui» (e o assunto de data/fora.yaml
 * que a consulta nomeia), as correções e as palavras a realçar. Uma consulta que outra mais nova
 * já substituiu não é respondida. Os arquivos vêm de search/ (o service worker os guarda depois de
 * «Usar sem internet»). */

import { answerer } from "./answer.mjs";
import { SplitIndex } from "./engine.mjs";

const base = new URL("../search/", self.location.href);
const index = new SplitIndex(async (name) => {
  const response = await fetch(new URL(name, base));
  if (!response.ok) throw new Error(`${name}: ${response.status}`);
  return response.json();
});
const { ready, search } = answerer(index);
const newest = new Map();  // the newest query of each box (a page's box counts from 1)

// The index's entry as soon as the worker starts (the first query needs it: one round trip less).
ready().catch(() => {});

self.addEventListener("message", async (event) => {
  const message = event.data || {};
  if (message.tipo !== "buscar") return;
  newest.set(message.caixa, Math.max(newest.get(message.caixa) || 0, message.id));
  try {
    const answer = await search(message, () => message.id < (newest.get(message.caixa) || 0));
    if (answer) self.postMessage({ tipo: "resultado", ...answer });
  } catch (error) {
    self.postMessage({ tipo: "erro", caixa: message.caixa, id: message.id, mensagem: String((error && error.message) || error) });
  }
});

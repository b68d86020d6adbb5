/* «Informar um erro»: ao abrir a caixa (ao lado de «Citar» em cada dispositivo e depois de cada
 * afirmação de «Hoje»), monta o relato já preenchido — o que é relatado (citação por extenso e
 * URN, vindos da construção), o endereço da página de onde se lê, a versão do site
 * (<meta name="ep-versao">) — e um campo vazio «O que está errado». O relato pode sempre ser
 * copiado; onde mkdocs.yml indica um destino (extra.relatar_erro → <meta name="ep-relato-rastreador">,
 * <meta name="ep-relato-email">), há também um link que o abre lá, preenchido.
 *
 * O que a pessoa escreve vai só para o valor de campos de texto e, codificado, para os links:
 * nunca vira HTML. */
import { el } from "../common/dom.mjs";
import { onEachPage } from "../common/page.mjs";
import { BUTTON } from "../common/material.mjs";


function meta(name) {
  var tag = document.querySelector('meta[name="' + name + '"]');
  return tag ? String(tag.getAttribute("content") || "").trim() : "";
}

function pageAddress(anchor) {
  var here = new URL(window.location.href);
  here.search = "";
  here.hash = anchor ? "#" + anchor : "";
  return here.href;
}

/* A «Hoje» claim as the reader sees it, without the report box inside it. */
function claimText(item) {
  var copy = item.cloneNode(true);
  copy.querySelectorAll(".relatar").forEach(function (node) { node.remove(); });
  return copy.textContent.replace(/\s+/g, " ").trim();
}

/* The report's title and text for one box, with what the person wrote. */
function report(box, wrong) {
  var citation = box.dataset.citacao || "";
  var lines = [
    "Relato de erro — Estatutos Portuários",
    "Onde: " + citation,
    "URN: " + (box.dataset.urn || ""),
  ];
  var claim = box.closest(".hoje-afirmacao");
  if (claim) lines.push("Afirmação: " + claimText(claim));
  lines.push("Página: " + pageAddress(box.dataset.ancora || ""));
  lines.push("Versão do site: " + (meta("ep-versao") || "não identificada"));
  lines.push("", "O que está errado:", String(wrong || "").trim() || "(escreva aqui)");
  return { title: "Erro em " + citation, text: lines.join("\n") };
}

function fill(template, filled) {
  return template.split("{titulo}").join(encodeURIComponent(filled.title))
    .split("{relato}").join(encodeURIComponent(filled.text));
}

function destinations(filled) {
  var out = [];
  var tracker = meta("ep-relato-rastreador");
  if (/^https:\/\//.test(tracker)) {
    out.push({ kind: "rastreador", label: "Abrir no rastreador de problemas do projeto", href: fill(tracker, filled) });
  }
  var email = meta("ep-relato-email");
  if (email && email.indexOf("@") > 0) {
    out.push({
      kind: "email", label: "Enviar por e-mail (" + email + ")",
      href: "mailto:" + encodeURIComponent(email).replace("%40", "@") + "?subject=" +
        encodeURIComponent(filled.title) + "&body=" + encodeURIComponent(filled.text),
    });
  }
  return out;
}

function copy(text, area, status) {
  var done = function (ok) {
    if (!ok) area.select();
    status.textContent = ok ? "Relato copiado." : "Selecionado: copie com o menu do aparelho (ou Ctrl+C).";
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(false); });
  } else {
    done(false);
  }
}

function build(box) {
  if (box.dataset.pronto) return;
  box.dataset.pronto = "1";
  var body = box.querySelector(".relatar-corpo");
  while (body.firstChild) body.removeChild(body.firstChild);
  var id = "relatar-" + (box.dataset.ancora || "x") + "-" + Math.random().toString(36).slice(2, 8);
  body.appendChild(el("p", { className: "relatar-ajuda" },
    "O relato já diz onde está o erro, o endereço desta página e a versão do site. Escreva o que " +
    "está errado; depois copie o relato" + (destinations(report(box, "")).length ? " ou envie-o." : " e envie-o a quem mantém o site.")));
  var label = el("label", { for: id + "-o-que" }, "O que está errado");
  var wrong = el("textarea", { id: id + "-o-que", className: "relatar-o-que", rows: "3" });
  body.appendChild(label);
  body.appendChild(wrong);
  body.appendChild(el("label", { for: id + "-texto" }, "Relato"));
  var text = el("textarea", { id: id + "-texto", className: "relatar-texto", rows: "8", readonly: "" });
  body.appendChild(text);
  var actions = el("p", { className: "relatar-acoes" });
  var copyButton = el("button", { type: "button", className: BUTTON + " relatar-copiar" }, "Copiar o relato");
  actions.appendChild(copyButton);
  var links = {};
  destinations(report(box, "")).forEach(function (target) {
    var link = el("a", { className: BUTTON + " relatar-enviar", "data-destino": target.kind, rel: "noopener" },
      target.label);
    link.target = "_blank";
    links[target.kind] = link;
    actions.appendChild(document.createTextNode(" "));
    actions.appendChild(link);
  });
  body.appendChild(actions);
  var status = el("output", { className: "relatar-status", "aria-live": "polite" });
  body.appendChild(status);

  function update() {
    var filled = report(box, wrong.value);
    text.value = filled.text;
    destinations(filled).forEach(function (target) {
      if (links[target.kind]) links[target.kind].href = target.href;
    });
  }
  wrong.addEventListener("input", update);
  copyButton.addEventListener("click", function () {
    update();
    copy(text.value, text, status);
  });
  update();
}

function onToggle(event) {
  var box = event.target;
  if (box && box.matches && box.matches("details.relatar") && box.open) build(box);
}

// Inside a «Hoje» box the report is a <div> with a button (not a <details>: see
// macros/render/report.py); the button opens and closes it.
function onClick(event) {
  var button = event.target.closest ? event.target.closest("button.relatar-abrir") : null;
  if (!button) return;
  var box = button.closest(".relatar");
  var body = box.querySelector(".relatar-corpo");
  var opening = body.hidden;
  if (opening) build(box);
  body.hidden = !opening;
  button.setAttribute("aria-expanded", String(opening));
}

function setup() {
  document.querySelectorAll("button.relatar-abrir[hidden]").forEach(function (button) { button.hidden = false; });
}

export function start() {
  // <details> "toggle" does not bubble: listened to in the capture phase, for every box, also
  // those of pages shown by instant navigation.
  document.addEventListener("toggle", onToggle, true);
  document.addEventListener("click", onClick);
  onEachPage(setup);
}

/* «Citar»: completa a referência com o link absoluto e a data de acesso, e copia.
 * Sem JavaScript, a caixa <details> já mostra a referência, a URN e o link. */
(function () {
  "use strict";
  var MESES = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];

  function accessDate(d) {
    return d.getDate() + " " + MESES[d.getMonth()] + " " + d.getFullYear();
  }

  function citationText(box) {
    var url = new URL(box.dataset.path, window.location.href).href;
    return box.dataset.ref + " Disponível em: " + url + ". Acesso em: " + accessDate(new Date()) +
      ". URN: " + box.dataset.urn + ".";
  }

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    document.body.removeChild(area);
    return ok;
  }

  function copy(box) {
    var text = citationText(box);
    var status = box.querySelector(".citar-status");
    box.dataset.copied = text;
    var done = function (ok) {
      status.textContent = ok ? "Citação copiada." : "Não foi possível copiar: selecione o texto acima.";
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallbackCopy(text)); });
    } else {
      done(fallbackCopy(text));
    }
  }

  function setup() {
    document.querySelectorAll(".citar-corpo").forEach(function (box) {
      if (box.dataset.epReady) return;
      box.dataset.epReady = "1";
      var texto = box.querySelector(".citar-texto");
      var button = box.querySelector(".citar-copiar");
      var details = box.closest("details");
      details.addEventListener("toggle", function () {
        if (details.open) texto.textContent = citationText(box);
      });
      button.hidden = false;
      button.addEventListener("click", function () { copy(box); });
    });
    highlightTarget();
  }

  /* O id do fragmento. Um fragmento malformado (#%, #%E0%A4%A) não pode quebrar a página: sem
   * decodificação válida, vale o texto como veio. */
  function fragmentId(hash) {
    var raw = String(hash || "").replace(/^#/, "");
    try { return decodeURIComponent(raw); } catch { return raw; }
  }

  /* O destaque do alvo também vale após navegação instantânea (onde :target pode falhar). */
  function highlightTarget() {
    document.querySelectorAll(".ep-alvo").forEach(function (el) { el.classList.remove("ep-alvo"); });
    var id = fragmentId(window.location.hash);
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    if (el.tagName === "DETAILS") el.open = true;
    el.classList.add("ep-alvo");
  }

  window.addEventListener("hashchange", highlightTarget);
  window.estatutosACadaPagina(setup);
})();

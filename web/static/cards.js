// The card picker (web/forms/cards.py), kept in step while typing. Enhancement only: without
// this script the datalist still offers every card by both names, and the page shows the
// picked card's condition once the form comes back from the server.
(function () {
  "use strict";
  var node = document.getElementById("cards-data");
  if (!node) { return; }
  var DATA;
  try { DATA = JSON.parse(node.textContent); } catch (err) { return; }

  // As web/forms/cards.py folded() does: no accents, lower case, letters and digits only.
  function fold(text) {
    return String(text || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, "");
  }

  document.querySelectorAll("[data-card-pick]").forEach(function (box) {
    var input = box.querySelector("input");
    var line = box.querySelector(".card-shown");
    var part = box.getAttribute("data-card-pick");
    if (!input || !line) { return; }
    function show() {
      var id = (DATA.keys || {})[fold(input.value)];
      var card = id ? (DATA.cards || {})[id] : null;
      if (card) {
        line.textContent = card[part];
        line.hidden = false;
      } else if (!input.value.trim()) {
        line.textContent = "";
        line.hidden = true;
      }
    }
    input.addEventListener("input", show);
    input.addEventListener("change", show);
  });
})();

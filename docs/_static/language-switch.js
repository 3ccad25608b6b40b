// Keep the reader's place when switching language: append the current #anchor (rule labels
// are the same in both languages) to every language-switch link. Without JavaScript the
// plain link still opens the same page in the other language.
(function () {
  function update() {
    var links = document.querySelectorAll("a.language-switch");
    for (var i = 0; i < links.length; i++) {
      var base = links[i].getAttribute("data-base") || links[i].getAttribute("href").split("#")[0];
      links[i].setAttribute("data-base", base);
      links[i].setAttribute("href", base + (window.location.hash || ""));
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", update);
  } else {
    update();
  }
  window.addEventListener("hashchange", update);
})();

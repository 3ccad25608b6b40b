// Enhancements only: every page works without JavaScript.
// "Copy" buttons (hidden until this script shows them) copy a permalink or the scenario.
(function () {
  function textOf(target) {
    return target.value !== undefined && target.tagName === "INPUT" ? target.value : target.textContent;
  }
  function setup() {
    var buttons = document.querySelectorAll("button.copy[data-copy]");
    for (var i = 0; i < buttons.length; i++) {
      var button = buttons[i];
      if (!navigator.clipboard) { continue; }
      button.hidden = false;
      button.addEventListener("click", function (event) {
        var b = event.currentTarget;
        var target = document.querySelector(b.getAttribute("data-copy"));
        if (!target) { return; }
        navigator.clipboard.writeText(textOf(target)).then(function () {
          b.classList.add("done");
          setTimeout(function () { b.classList.remove("done"); }, 1500);
        });
      });
    }
    var permalink = document.getElementById("permalink");
    if (permalink && permalink.value.charAt(0) === "/") {
      permalink.value = window.location.origin + permalink.value;   // the server sends it relative
    }
    if (permalink) {
      permalink.addEventListener("focus", function () { permalink.select(); });
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();

// The share control of a ruling page (templates/_share.html); without it the address is a box
// to select. navigator.share and the async clipboard exist only in a secure context (https,
// localhost): on a plain-http LAN address copying falls back to selecting the box.
(function () {
  function say(section, status, key) {
    status.textContent = section.getAttribute(key) || "";
  }
  function selectBox(box) {
    box.focus();
    box.select();
    box.setSelectionRange(0, box.value.length);
  }
  function copy(section, box, status) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(box.value).then(function () { say(section, status, "data-copied"); },
        function () { fallback(section, box, status); });
    } else {
      fallback(section, box, status);
    }
  }
  function fallback(section, box, status) {
    selectBox(box);
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    say(section, status, copied ? "data-copied" : "data-selected");
  }
  function setup(section) {
    var box = section.querySelector("input.permalink");
    var status = section.querySelector(".share-status");
    if (!box) { return; }
    if (box.value.charAt(0) === "/") { box.value = window.location.origin + box.value; }
    box.addEventListener("focus", function () { box.select(); });
    var native = section.querySelector(".share-native");
    if (native && navigator.share && window.isSecureContext) {
      native.hidden = false;
      native.addEventListener("click", function () {
        var data = {url: box.value, title: box.getAttribute("data-title") || document.title,
                    text: box.getAttribute("data-text") || ""};
        navigator.share(data).catch(function () {});   // closing the share sheet is not an error
      });
    }
    var button = section.querySelector(".share-copy");
    if (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copy(section, box, status); });
    }
    var img = section.querySelector("img[data-qr-src]");
    if (img) {
      img.addEventListener("load", function () { img.parentNode.hidden = false; });
      img.src = img.getAttribute("data-qr-src") + "?origin=" + encodeURIComponent(window.location.origin);
    }
  }
  function start() {
    var sections = document.querySelectorAll("[data-share]");
    for (var i = 0; i < sections.length; i++) { setup(sections[i]); }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();

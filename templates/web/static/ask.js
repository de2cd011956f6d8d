// The interview page (/ask) works without this script: it only hides the fields the chosen
// act does not use, so that a phone shows what is to be answered and no more.
(function () {
  "use strict";
  var form = document.getElementById("ask-form");
  if (!form) return;
  var act = form.querySelector("select[name=f_act]");
  var when = form.querySelector("select[name=f_when]");
  var needs = {};
  try { needs = JSON.parse(form.getAttribute("data-acts") || "{}"); } catch (e) { needs = {}; }
  function show(name, on) {
    var label = form.querySelector('.ask-field[data-field="' + name + '"]');
    if (label) label.hidden = !on;
  }
  var what = form.querySelector("select[name=f_what]");
  function update() {
    if (act) {
      var used = needs[act.value] ? needs[act.value].fields : null;
      ["card", "card2", "card3", "suit", "to", "what", "number", "words"].forEach(function (name) {
        show(name, !used || used.indexOf(name) >= 0);
      });
      if (what && needs[act.value]) {      // only the words this act may take
        Array.prototype.forEach.call(what.querySelectorAll("optgroup"), function (group) {
          group.hidden = group.label !== needs[act.value].choices;
        });
      }
    }
    if (when) show("trick", when.value === "trick");
  }
  if (act) act.addEventListener("change", update);
  if (when) when.addEventListener("change", update);
  update();
})();

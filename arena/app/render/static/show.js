// Switch between the god view and the seat views embedded in the page.
(function () {
  var select = document.getElementById("view");
  if (!select) { return; }
  var sections = document.querySelectorAll("section.view");
  function known(name) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === name) { return true; }
    }
    return false;
  }
  function show(name) {
    for (var i = 0; i < sections.length; i++) {
      sections[i].hidden = sections[i].getAttribute("data-view") !== name;
    }
    select.value = name;
  }
  var wanted = decodeURIComponent(location.hash.slice(1));
  show(known(wanted) ? wanted : select.value);
  select.addEventListener("change", function () {
    history.replaceState(null, "", "#" + select.value);
    show(select.value);
  });
  var note = document.querySelector(".nojs");
  if (note) { note.parentNode.removeChild(note); }
})();

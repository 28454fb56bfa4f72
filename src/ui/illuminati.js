// Illuminati in the web view: each power structure as its tree, the uncontrolled area, the
// attack being worked out. This family's part of the page (src/web/page.html has the
// helpers: el, dot, PLAYER_COLOURS); it sets VIEWS.illuminati.
function illuminati(v) {
  const s = v.state;
  const byMaster = {};
  for (const g of s.groups) if (g.master) (byMaster[g.master] = byMaster[g.master] || []).push(g);
  const node = (card, illu) => {
    const kids = byMaster[card.id] || [];
    const label = el("span", { class: "node" + (illu ? " illu" : "") }, card.name, " ",
      el("span", { class: "mb" }, `${card.treasury} MB`), " ",
      el("small", {}, illu ? `power ${card.power}` + (card.open_arrows !== null && card.open_arrows !== undefined ? ` · ${card.open_arrows} open arrows` : "") : `P ${card.power}${card.transferable ? "/" + card.transferable : ""} R ${card.resistance} +${card.income}` +
        (card.alignments && card.alignments.length ? " · " + card.alignments.join(", ") : "") +
        (card.open_arrows !== null && card.open_arrows !== undefined ? ` · ${card.open_arrows} open arrows` : "")));
    return el("li", {}, label, kids.length ? el("ul", {}, kids.map((k) => node(k, false))) : null);
  };
  const structures = s.players.map((p, i) => {
    const root = s.illuminati.find((c) => c.id === p.illuminati);
    return el("section", {}, el("h2", {}, dot(PLAYER_COLOURS[i % 8]), `${p.name}${p.eliminated ? " (out)" : ""}${p.name === s.current ? " ◀ to play" : ""}`),
      el("div", {}, `${p.controls.length} groups · ${p.specials} specials · ${p.destroyed} destroyed`),
      el("div", { class: "tree" }, root ? el("ul", {}, node(root, true)) : el("p", { class: "muted" }, "No Illuminati chosen yet")));
  });
  const free = s.groups.filter((g) => g.status === "uncontrolled");
  const kids = [el("div", { class: "structures" }, structures),
    el("section", {}, el("h2", {}, "Uncontrolled area"), free.length ? free.map((g) => el("span", { class: "pill", title: `P ${g.power} R ${g.resistance}` }, `${g.name} (${g.treasury} MB, R ${g.resistance})`)) : el("p", { class: "muted" }, "empty"))];
  if (s.attack) {
    const a = s.attack, name = (id) => (s.groups.find((g) => g.id === id) || s.illuminati.find((c) => c.id === id) || { name: id }).name;
    kids.unshift(el("section", {}, el("h2", {}, `Attack to ${a.kind}`),
      el("p", {}, el("b", {}, name(a.attacker)), " attacks ", el("b", {}, name(a.target)), a.aid.length ? ", aided by " + a.aid.map(name).join(", ") : ""),
      el("table", {}, a.modifiers.map(([l, x]) => el("tr", {}, el("td", {}, l), el("td", { class: "num" }, x > 0 ? `+${x}` : x)))),
      el("p", {}, el("b", {}, `Needs ${a.need} or less on two dice`), a.privileged ? " (privileged)" : "")));
  }
  kids.unshift(el("section", {}, el("h2", {}, "Turn"), `${s.current} to play · ${s.actions_left} actions, ${s.transfers_left} transfers, ${s.draws_left} draws left`));
  return kids;
}
VIEWS.illuminati = illuminati;

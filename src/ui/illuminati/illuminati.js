// Illuminati in the web view: each power structure as its tree, the uncontrolled area, the
// attack being worked out. This family's part of the page (src/web/page.html has the
// helpers: el, dot, PLAYER_COLOURS); it sets VIEWS.illuminati.
function illuminati(v) {
  const s = v.state;
  // A turn only once the game has started (during the setup nobody is to play) and until it ends.
  const playing = s.phase === "turn";
  const byMaster = {};
  for (const g of s.groups) if (g.master) (byMaster[g.master] = byMaster[g.master] || []).push(g);
  const node = (card, illu) => {
    const kids = byMaster[card.id] || [];
    // A paired phone's own cards are tapped for their actions (MINE.illuminati).
    const own = typeof seat !== "undefined" && seat && v.state.players[seat.seat] && card.owner === v.state.players[seat.seat].name;
    const label = el("span", { class: "node" + (illu ? " illu" : "") + (own ? " mine" : "") + (own && pickedCard === card.id ? " picked" : ""),
      "data-card": card.id, onclick: own ? () => { pickedCard = card.id; draw(last); } : null }, card.name, " ",
      el("span", { class: "mb" }, `${card.treasury} MB`), " ",
      el("small", {}, illu ? `power ${card.power}` + (card.open_arrows !== null && card.open_arrows !== undefined ? ` · ${card.open_arrows} open arrows` : "") : `power ${card.power}${card.transferable ? ` (${card.transferable} to aid)` : ""} · resistance ${card.resistance} · income ${card.income}` +
        (card.alignments && card.alignments.length ? " · " + card.alignments.join(", ") : "") +
        (card.open_arrows !== null && card.open_arrows !== undefined ? ` · ${card.open_arrows} open arrows` : "")));
    return el("li", {}, label, kids.length ? el("ul", {}, kids.map((k) => node(k, false))) : null);
  };
  const structures = s.players.map((p, i) => {
    const root = s.illuminati.find((c) => c.id === p.illuminati);
    return el("section", {}, el("h2", {}, dot(PLAYER_COLOURS[i % 8]), `${p.name}${p.eliminated ? " (out)" : ""}${playing && p.name === s.current ? " ◀ to play" : ""}`),
      el("div", {}, `${counted(p.controls.length, "group")} · ${counted(p.specials, "special")} · ${p.destroyed} destroyed`),
      el("div", { class: "tree" }, root ? el("ul", {}, node(root, true)) : el("p", { class: "muted" }, "No Illuminati chosen yet")));
  });
  const free = s.groups.filter((g) => g.status === "uncontrolled");
  const kids = [el("div", { class: "structures" }, structures),
    el("section", {}, el("h2", {}, "Uncontrolled area"), free.length ? free.map((g) => el("span", { class: "pill", title: `power ${g.power}, resistance ${g.resistance}` }, `${g.name} (${g.treasury} MB, resistance ${g.resistance})`)) : el("p", { class: "muted" }, "empty"))];
  if (s.attack) {
    const a = s.attack, name = (id) => (s.groups.find((g) => g.id === id) || s.illuminati.find((c) => c.id === id) || { name: id }).name;
    kids.unshift(el("section", {}, el("h2", {}, `Attack to ${a.kind}`),
      el("p", {}, el("b", {}, name(a.attacker)), " attacks ", el("b", {}, name(a.target)), a.aid.length ? ", aided by " + a.aid.map(name).join(", ") : ""),
      el("table", {}, a.modifiers.map(([l, x]) => el("tr", {}, el("td", {}, l), el("td", { class: "num" }, x > 0 ? `+${x}` : x)))),
      el("p", {}, el("b", {}, `Needs ${a.need} or less on two dice`), a.privileged ? " (privileged)" : "")));
  }
  if (playing) {
    kids.unshift(el("section", {}, el("h2", {}, "Turn"), `${s.current} to play · ${counted(s.actions_left, "action")}, ${counted(s.transfers_left, "transfer")}, ${counted(s.draws_left, "draw")} left`));
  }
  return kids;
}
VIEWS.illuminati = illuminati;
// A group dropped or given away asks first on the phone.
CONFIRM.illuminati = new Set(["drop", "give"]);

// A paired phone's part: the card tapped in its own tree, and what may be done with it now,
// as the device's menus would (the device carries each out, or says why not on this phone).
let pickedCard = null;
const illuDraft = {};
function illuminatiMine(v) {
  const s = v.state, me = s.players[seat.seat];
  if (!me || s.phase !== "turn") return [];
  const cards = [...s.illuminati, ...s.groups];
  const mine = cards.filter((c) => c.owner === me.name && c.status !== "dead");
  const picked = mine.find((c) => c.id === pickedCard);
  if (!picked) return [el("p", { class: "muted tree-hint" }, "Tap a group of your structure in the tree for what it may do.")];
  // Each field keeps what was chosen across the view's redraws.
  const keep = (e, key) => {
    if (illuDraft[key] !== undefined) e.value = illuDraft[key];
    e.addEventListener("input", () => { illuDraft[key] = e.value; });
    e.addEventListener("change", () => { illuDraft[key] = e.value; });
    return e;
  };
  const pick = (key, options) => keep(el("select", { class: key }, options.map(([value, text]) => el("option", { value }, text))), key);
  const num = (key, most) => { const i = el("input", { type: "number", min: "1", max: String(most), step: "1", class: key, style: { width: "5em" } }); i.value = "1"; return keep(i, key); };
  const act = (label, line) => { const b = el("button", { class: "act" }, label); b.addEventListener("click", () => choose(line(), b)); return b; };
  const rows = [el("h3", { class: "picked-card" }, picked.name, ` (${picked.treasury} MB)`)];
  const illuminatiCard = s.illuminati.some((c) => c.id === picked.id);
  if (s.attack) {
    if (picked.treasury > 0) {
      const n = num("spend-amount", picked.treasury);
      rows.push(el("p", {}, "Spend ", n, " MB of it on the attack ", act("Spend", () => `spend ${me.name} ${picked.id} ${n.value}`)));
    }
  } else if (s.current === me.name) {
    const targets = s.groups.filter((g) => (g.status === "uncontrolled" || g.status === "controlled") && g.owner !== me.name);
    if (targets.length) {
      const kind = pick("attack-kind", [["control", "to control"], ["neutralize", "to neutralize"], ["destroy", "to destroy"]]);
      const target = pick("attack-target", targets.map((g) => [g.id, g.name]));
      rows.push(el("p", {}, "Attack ", target, " ", kind, " ", act("Attack", () => `attack ${kind.value} ${picked.id} ${target.value}`)));
    }
    const others = mine.filter((c) => c.id !== picked.id);
    if (picked.treasury > 0 && others.length) {
      const n = num("transfer-amount", picked.treasury), to = pick("transfer-to", others.map((c) => [c.id, c.name]));
      rows.push(el("p", {}, "Transfer ", n, " MB to ", to, " ", act("Transfer", () => `transfer ${picked.id} ${to.value} ${n.value}`)));
    }
    const players = s.players.filter((p) => p.name !== me.name && !p.eliminated).map((p) => [p.name, p.name]);
    if (picked.treasury > 0 && players.length) {
      const n = num("gift-amount", picked.treasury), to = pick("gift-to", players);
      rows.push(el("p", {}, "Give ", n, " MB to ", to, " ", act("Give money", () => `give-money ${picked.id} ${to.value} ${n.value}`)));
    }
    if (!illuminatiCard) {
      if (others.length) {
        const under = pick("move-under", others.map((c) => [c.id, c.name]));
        rows.push(el("p", {}, "Move it under ", under, " ", act("Move", () => `move ${picked.id} under ${under.value}`)));
      }
      if (players.length) {
        const to = pick("give-to", players);
        rows.push(el("p", {}, "Give it to ", to, " ", act("Give", () => `give ${picked.id} ${to.value}`)));
      }
      rows.push(el("p", {}, act("Drop it", () => `drop ${picked.id}`)));
    }
  } else rows.push(el("p", { class: "muted" }, "Not your turn."));
  return rows;
}
MINE.illuminati = illuminatiMine;

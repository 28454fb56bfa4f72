// The grid game in the web view: the board with walls and pieces, the strips, the notebook.
// This family's part of the page (src/web/page.html has the helpers: el, svg, dot,
// PLAYER_COLOURS); it sets VIEWS.grid.
const TEAM_COLOURS = { scientists: "#1f6fd1", religionists: "#c0392b" };
const STICKERS = { green: "#2ecc71", yellow: "#f1c40f", red: "#e74c3c", blue: "#3498db", black: "#222", white: "#fff" };
function grid(v) {
  const s = v.state, C = v.board.columns, R = v.board.rows, u = 30;
  const b = svg("svg", { class: "board", viewBox: `0 0 ${C * u + 2} ${R * u + 2}`, role: "img", "aria-label": "the board" });
  b.append(svg("rect", { x: 1, y: 1, width: C * u, height: R * u, fill: "#fbf7ee", stroke: "#555", "stroke-width": 2 }));
  for (let c = 1; c < C; c++) b.append(svg("line", { x1: c * u + 1, y1: 1, x2: c * u + 1, y2: R * u + 1, stroke: "#ddd" }));
  for (let r = 1; r < R; r++) b.append(svg("line", { x1: 1, y1: r * u + 1, x2: C * u + 1, y2: r * u + 1, stroke: "#ddd" }));
  for (const [c, r, edge] of s.walls) {
    const [x1, y1, x2, y2] = edge === "east" ? [c * u, (r - 1) * u, c * u, r * u] : [(c - 1) * u, r * u, c * u, r * u];
    b.append(svg("line", { x1: x1 + 1, y1: y1 + 1, x2: x2 + 1, y2: y2 + 1, stroke: "#222", "stroke-width": 4, "stroke-linecap": "round" }));
  }
  for (const p of s.players) {
    if (p.col === null) continue;
    const cx = (p.col - 0.5) * u + 1, cy = (p.row - 0.5) * u + 1;
    const g = svg("g", {}, svg("title", {}, `${p.name} (${p.team || "no team"})`),
      svg("circle", { cx, cy, r: u * 0.4, fill: TEAM_COLOURS[p.team] || "#888", stroke: p.wonder ? "#f1c40f" : "#fff", "stroke-width": p.wonder ? 4 : 2 }),
      svg("text", { x: cx, y: cy + 3, "text-anchor": "middle", "font-size": p.name.length > 3 ? 9 : 11, fill: "#fff", "font-weight": 700 }, p.name.slice(0, 4)));
    // Its stickers, head, hands and feet, as three small squares under the piece.
    ["head", "hands", "feet"].forEach((part, k) => g.append(svg("rect", { x: cx - 10.5 + k * 7.5, y: cy + u * 0.3,
      width: 6, height: 5, fill: STICKERS[p[part]] || p[part], stroke: "#0008", "stroke-width": 0.6 },
      svg("title", {}, `${part}: ${p[part]}`))));
    if (p.stunned) g.append(svg("text", { x: cx + u * 0.35, y: cy - u * 0.2, "font-size": 11, fill: "#000", "font-weight": 700 }, `z${p.stunned}`));
    b.append(g);
  }
  const sticker = (w) => el("span", { class: "sticker", title: w, style: { background: STICKERS[w] || w } });
  const notebook = el("table", {}, el("tr", {}, ["Piece", "Team", "Head/hands/feet", "Moves", "Attacks", "Prayers", "Stun", ""].map((h) => el("th", {}, h))),
    s.players.map((p) => el("tr", {}, el("td", {}, p.name, p.computer ? " (computer)" : ""),
      el("td", {}, p.team ? dot(TEAM_COLOURS[p.team]) : "", p.team || "-", p.converted ? " (converted)" : ""),
      el("td", {}, sticker(p.head), " ", sticker(p.hands), " ", sticker(p.feet)),
      el("td", { class: "num" }, p.moves), el("td", { class: "num" }, p.attacks), el("td", { class: "num" }, p.prayers),
      el("td", { class: "num" }, p.stunned || ""), el("td", {}, [p.wonder ? "wonder" : "", p.sealed ? "sealed" : ""].filter(Boolean).join(", ")))));
  const strip = (team) => el("div", {}, el("div", {}, dot(TEAM_COLOURS[team]), `${team}: ${s.strips[team]} of ${s.strip_length}`),
    el("div", { class: "bar" }, el("div", { style: { width: `${100 * s.strips[team] / s.strip_length}%`, background: TEAM_COLOURS[team] } })));
  const revealed = (s.revealed || []).map(([who, what]) => el("span", { class: "pill" }, `${who}: ${what}`));
  return [el("section", {}, el("h2", {}, `Board, round ${s.round} (${s.phase})`), b),
    el("section", {}, el("h2", {}, "Strips"), strip("scientists"), strip("religionists")),
    el("section", {}, el("h2", {}, "Notebook"), el("div", { class: "scrollbox" }, notebook), revealed.length ? el("p", {}, "Last orders revealed: ", revealed) : null)];
}
VIEWS.grid = grid;
// A sealed order cannot be taken back from the phone: it asks first.
CONFIRM.grid = new Set(["order"]);

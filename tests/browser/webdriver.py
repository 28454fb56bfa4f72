"""The web view in a real browser (issue 33): Debian's Chromium, driven over WebDriver by
Debian's chromedriver, with nothing but Python's standard library.

Run by tests/browser/run, which starts the device (the terminal simulator under tmux) with
`--web` and hands this script the address, the tmux session and what to check. Each check
prints one line; the first failure raises, so the script exits non-zero.
"""

import base64
import json
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

DRIVER = "http://127.0.0.1:9515"
# The probe's flags for a closed network (the machine's notes): no background connections.
CHROME_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1280,1100",
]


def call(method, path, body=None):
    req = urllib.request.Request(
        DRIVER + path, method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.load(r)["value"]
    except urllib.error.HTTPError as e:
        raise AssertionError(f"webdriver {method} {path}: {e.read().decode()[:400]}")


OPEN = []


class Browser:
    """One browser window: a spectator's tablet, or a player's phone."""

    def __init__(self, url, width=1280, height=1100):
        OPEN.append(self)
        options = {
            "binary": "/usr/bin/chromium",
            "args": [a if not a.startswith("--window-size") else f"--window-size={width},{height}"
                     for a in CHROME_ARGS]}
        # A desktop window has a least width (about 500 px): a phone's is emulated instead.
        if width < 600:
            options["mobileEmulation"] = {"deviceMetrics": {"width": width, "height": height,
                                                            "pixelRatio": 2}}
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}
        self.sid = call("POST", "/session", caps)["sessionId"]
        call("POST", f"/session/{self.sid}/url", {"url": url})

    def js(self, script, *args):
        return call("POST", f"/session/{self.sid}/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        return call("POST", f"/session/{self.sid}/execute/async", {"script": script, "args": list(args)})

    def text(self, selector="body"):
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", selector)

    def count(self, selector):
        return self.js("return document.querySelectorAll(arguments[0]).length;", selector)

    def click_text(self, text):
        """Click the first button whose words contain `text`."""
        ok = self.js("""
            const b = [...document.querySelectorAll('button')].find(b => b.innerText.includes(arguments[0]));
            if (!b) return false; b.click();
            // A move that asks first ("Sure? ..."): the second tap makes it.
            if (b.classList.contains('confirm')) b.click();
            return true;""", text)
        assert ok, f"no button with {text!r}: {self.text()[:300]}"

    def wait(self, what, test, timeout=10.0):
        """Wait until `test()` is true; the seconds it took."""
        start = time.time()
        while time.time() - start < timeout:
            if test():
                return time.time() - start
            time.sleep(0.1)
        raise AssertionError(f"{what}: not within {timeout} s; the page says:\n{self.text()[:600]}")

    def screenshot(self, path):
        png = call("GET", f"/session/{self.sid}/screenshot")
        with open(path, "wb") as f:
            f.write(base64.b64decode(png))

    def close(self):
        if self in OPEN:
            OPEN.remove(self)
            call("DELETE", f"/session/{self.sid}")


def ok(line):
    print(f"  ok: {line}", flush=True)


def done(b, shot):
    """The window's screenshot, when one is asked for; then it closes."""
    if shot:
        b.screenshot(shot)
    b.close()


# The elements that reach past the window's right edge, innermost first (what makes a page
# scroll sideways).
WIDEST = """return [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
    .reverse().slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));"""


def narrow(shot):
    """The phone-width screenshot's path beside the wide one's (none when none is asked)."""
    return shot[:-4] + "-390.png" if shot else ""


def tmux_keys(session, *keys):
    for k in keys:
        subprocess.run(["tmux", "send-keys", "-t", session, k], check=True)
        time.sleep(0.2)


def check_property(url, shot):
    b = Browser(url)
    b.wait("the board", lambda: b.count(".ring .sq") > 0)
    assert b.count(".ring .sq") == 40, b.count(".ring .sq")
    ok("property: the board's 40 squares drawn as a ring")
    owned = b.count(".ring .sq.owned")
    assert owned > 0, "no square drawn as owned"
    rows = b.count("section table tr") - 1
    assert rows == 4, f"{rows} player rows"
    ok(f"property: {owned} owned squares in owners' colours, 4 players with cash and deeds")
    assert "Bank:" in b.text(".centre"), b.text(".centre")
    ok("property: the bank's houses and hotels")
    done(b, shot)
    # A phone's width: the squares as a list, every name whole, nothing wider than the screen.
    b = Browser(url, width=390, height=844)
    b.wait("the list", lambda: b.count(".sqlist li") > 0)
    assert b.count(".sqlist li") == 40, b.count(".sqlist li")
    assert b.js("return getComputedStyle(document.querySelector('.ring')).display") == "none"
    cut = b.js("return [...document.querySelectorAll('.sqlist .nm')]"
               ".filter(e => e.scrollWidth > e.clientWidth + 1 || e.offsetHeight > 40).map(e => e.innerText);")
    assert not cut, f"names cut at 390 px: {cut}"
    wide = b.js("return document.documentElement.scrollWidth;")
    assert wide <= 390, f"the page is {wide} px wide at 390: " + str(b.js(WIDEST))
    ok("property at 390 px: the 40 squares as a list, each name whole, no sideways scroll")
    done(b, narrow(shot))


def check_grid(url, shot):
    b = Browser(url)
    b.wait("the board", lambda: b.count("svg.board circle") > 0)
    pieces = b.count("svg.board circle")
    walls = b.count("svg.board line[stroke='#222']")
    assert walls > 0, "no walls drawn"
    ok(f"grid: the 13x19 board with {walls} walls and {pieces} pieces")
    text = b.text()
    for part in ("STRIPS", "NOTEBOOK", "scientists", "religionists"):
        assert part.lower() in text.lower(), f"{part} missing"
    ok("grid: the strips and the notebook")
    done(b, shot)
    # A phone's width: the page never scrolls sideways; the notebook scrolls in its own box.
    b = Browser(url, width=390, height=844)
    b.wait("the board", lambda: b.count("svg.board circle") > 0)
    wide = b.js("return document.documentElement.scrollWidth;")
    assert wide <= 390, f"the page is {wide} px wide at 390: " + str(b.js(WIDEST))
    box = b.js("const t = document.querySelector('.scrollbox'); "
               "return t ? [t.clientWidth, t.scrollWidth] : null;")
    assert box and box[0] <= 390, box
    ok(f"grid at 390 px: no sideways scroll; the notebook in its own box ({box[1]} px in {box[0]})")
    done(b, narrow(shot))


def check_illuminati(url, shot):
    b = Browser(url)
    b.wait("the structures", lambda: b.count(".tree") == 3)
    assert b.count(".node.illu") == 3, b.count(".node.illu")
    groups = b.count(".tree .node") - 3
    assert groups > 0, "no groups under the Illuminati"
    ok(f"illuminati: three power structures drawn as trees, {groups} groups under their Illuminati")
    assert "UNCONTROLLED AREA" in b.text().upper() and b.count("#game .pill") > 0
    ok("illuminati: the uncontrolled area with its groups")
    # The turn in a player's words: "1 action", never "1 actions" or "action(s)".
    turn = re.search(r"to play · \d+ actions?, \d+ transfers?, \d+ draws? left", b.text())
    assert turn, b.text()[:400]
    assert not re.search(r"\b1 (actions|transfers|draws)\b|\(s\)", b.text()), turn.group(0)
    ok(f"illuminati: the turn said in words: {turn.group(0)}")
    done(b, shot)


def check_pairing(url, session, shot):
    table = Browser(url)
    table.wait("the structures", lambda: table.count(".tree") == 3)
    assert "C.I.A." in table.text(), "the face-up groups"
    # Before the start nobody is to play: no turn of 0 actions, no "to play" on a seat.
    assert "to play" not in table.text().lower(), table.text()[:400]
    ok("pairing: during the setup no seat is shown to play")

    # Issue 68: this address's share of the live views taken (the table's page and five more
    # streams of its own), another page is turned away, says it tries again, and is live
    # once a place is free, without a reload.
    table.js("window.__extra = [1, 2, 3, 4, 5].map(() => new EventSource('/events'));")
    time.sleep(1.0)
    late = Browser(url)
    late.wait("turned away", lambda: "reconnecting" in late.text("#live"), 10.0)
    table.js("window.__extra.forEach((e) => e.close());")
    took = late.wait("live again", lambda: late.text("#live").strip() == "live", 20.0)
    ok(f"retry: a view turned away (503) tried again and was live {took:.1f} s after places freed")
    late.close()

    # Bob's phone pairs: it shows a code; the table taps Bob's token on the device.
    phone = pair_phone(url, session, "Bob", 1)
    ok("pairing: the phone showed a code; the table chose Bob, tapped his token, OK")
    phone.wait("the goal choices", lambda: phone.count(".choices button") > 0)
    choices = phone.js("return [...document.querySelectorAll('.choices button')].map(b => b.innerText);")
    ok(f"private: Bob's phone offers the UFOs' secret goal ({len(choices)} choices)")
    for c in choices:
        assert c not in table.text("#mine"), "the table shows Bob's choices"

    # Bob chooses on his phone; the table's view changes within a second, and never says what.
    before = table.text("#log ol")
    # A goal the table's view does not name anywhere yet (not an Illuminati in play).
    secret = next((c for c in choices if c not in table.text()), choices[0])
    phone.click_text(secret)
    phone.wait("the device's answer", lambda: phone.text("#choice-note").strip() == "Done.")
    took = table.wait("the table's live update", lambda: table.text("#log ol") != before, 3.0)
    assert took < 1.5, f"the update took {took:.2f} s"
    ok(f"live: the table's view showed Bob's choice {took:.2f} s after the device took it")
    phone.wait("Bob's goal on his phone", lambda: "Your secret goal" in phone.text())
    goal = phone.text("#mine").split("Your secret goal:")[1].split("\n")[0].strip()
    assert goal == secret, (goal, secret)
    assert goal not in table.text() and "Your secret goal" not in table.text(), goal
    ok(f"private: Bob's phone shows his goal ({goal}); the table's view does not")
    if shot:
        table.screenshot(shot)
        phone.screenshot(shot.replace(".png", "-phone.png"))
    phone.close()
    table.close()


def pair_phone(url, session, seat_name, seat, width=420, typed=None):
    """A phone paired with `seat_name`'s seat (the `seat`th listed) as the device asks it:
    the table chooses whose phone it is, that player taps their token (the simulator's list
    of tags, narrowed to the name), then OK. A name `typed` on the phone becomes the seat's."""
    phone = Browser(url, width, 900)
    phone.wait("the page", lambda: "Pair with my seat" in phone.text())
    if typed:
        phone.js("const i = document.getElementById('pair-name'); i.value = arguments[0];"
                 "i.dispatchEvent(new Event('input'));", typed)
    phone.click_text("Pair with my seat")
    phone.wait("a pairing code", lambda: len(phone.text("#code").strip()) == 4)
    # Issue 68: the table's next move redraws the page; the code stays on it.
    code = phone.text("#code").strip()
    phone.js("if (last) draw(last);")
    assert phone.text("#code").strip() == code, "the pairing code went at a redraw"
    time.sleep(0.5)
    tmux_keys(session, *(["j"] * seat), "Enter", "t", *seat_name, "Enter", "Enter")
    phone.wait("the seat", lambda: f"{(typed or seat_name).lower()} only" in phone.text().lower())
    return phone


def check_special(url, session, shot):
    """Bob holds a special: his phone shows it by name, nobody else's view does, and he plays
    it from the phone."""
    table = Browser(url)
    table.wait("the structures", lambda: table.count(".tree") == 3)
    phone = pair_phone(url, session, "Bob", 0)
    phone.wait("Bob's specials", lambda: "Slush Fund" in phone.text("#mine"))
    assert "Slush Fund" not in table.text(), "the table's view names Bob's special"
    ok("private: Bob's phone shows his hidden special by name; the table's view does not")
    money = lambda: table.text("#game")
    before = money()
    phone.click_text("Play Slush Fund")
    phone.wait("the device's answer", lambda: phone.text("#choice-note").strip() == "Done.")
    table.wait("the table's live update", lambda: money() != before, 3.0)
    phone.wait("the special gone from the hand", lambda: "Slush Fund" not in phone.text("#mine"))
    ok("private: Bob played it from his phone; the device carried it out and every view moved on")
    if shot:
        phone.screenshot(shot)


def view(url):
    """The table's view as the device made it (JSON)."""
    with urllib.request.urlopen(url + "view", timeout=5) as r:
        return json.load(r)


def owner_of(url, square_id):
    v = view(url)
    index = next(q["index"] for q in v["board"]["squares"] if q["id"] == square_id)
    return next((q["owner"] for q in v["state"]["squares"] if q["index"] == index), None)


def bid(phone, amount):
    """Type an amount into the phone's bid and send it."""
    # One script: a view arriving between typing and the click would draw the bid afresh
    # with its least amount, and the click would send that instead.
    phone.js("const i = document.querySelector('input.amount'); i.value = arguments[0];"
             "i.dispatchEvent(new Event('input'));"
             "document.querySelector('button.amount-go').click();", str(amount))


def check_auction(url, session, shot):
    """Three phones bid in one auction at once, each typing its amount; the highest wins. A
    bid too low is refused with the reason on that phone alone. Then the winner offers a deal
    on their phone and the other side accepts it on theirs."""
    table = Browser(url)
    table.wait("the board", lambda: table.count(".ring .sq") > 0)
    phones = [pair_phone(url, session, name, seat, 390) for seat, name in enumerate(["Ann", "Bob", "Cy"])]
    ok("auction: Ann's, Bob's and Cy's phones paired by their tokens on the device")
    for p in phones:
        p.wait("the bid", lambda p=p: p.count("input.amount") == 1)
    # All three at once: the device takes them one after the other; 70 is the highest
    # whatever the order (a lower one arriving after a higher is refused on its phone).
    for p, amount in zip(phones, [40, 55, 70]):
        bid(p, amount)
    for p in phones:
        p.wait("the device's answer", lambda p=p: p.text("#choice-note").strip() != "")
    table.wait("Cy's bid in the log", lambda: "Cy bids 70" in table.text("#log ol"), 3.0)
    ok("auction: three bids typed on three phones at once; the device took each in turn")
    # Too low now: Bob's phone says why; nobody else's view does.
    bid(phones[1], 60)
    phones[1].wait("the refusal", lambda: "at least 71" in phones[1].text("#choice-note"))
    assert "error" in phones[1].js("return document.getElementById('choice-note').className;")
    for other in (phones[0], phones[2], table):
        assert "at least 71" not in other.text(), other.text("#mine")
    ok("refused: Bob's bid of 60 shows 'at least 71' on Bob's phone only")
    phones[0].click_text("Ann passes")
    phones[1].wait("Bob's pass", lambda: "Bob passes" in phones[1].text(".choices"))
    phones[1].click_text("Bob passes")
    table.wait("the auction's end", lambda: owner_of(url, "oversight") == "Cy", 5.0)
    cash = {p["name"]: p["cash"] for p in view(url)["state"]["players"]}
    assert cash["Cy"] == 1430, cash
    ok("auction: Cy's 70 won; Oversight is Cy's and Cy paid 70")
    # The deal: Cy offers Oversight to Ann for 100 on Cy's phone; Ann accepts on hers.
    cy, ann = phones[2], phones[0]
    cy.wait("the deal form", lambda: cy.count("details.deal") == 1)
    cy.js("document.querySelector('details.deal').open = true;")
    cy.js("const s = document.querySelector('select.deal-to'); s.value = 'Ann'; s.dispatchEvent(new Event('change'));")
    cy.wait("Cy's deeds", lambda: cy.count(".deal-give input") > 0)
    cy.js("const b = document.querySelector(\".deal-give input[value='oversight']\"); b.checked = true; b.dispatchEvent(new Event('change'));")
    cy.js("const i = document.querySelector('input.getCash'); i.value = '100'; i.dispatchEvent(new Event('input'));")
    cy.js("document.querySelector('button.deal-offer').click();")
    cy.wait("the offer sent", lambda: cy.text("#choice-note").strip() == "Done.")
    assert owner_of(url, "oversight") == "Cy", "nothing changes until Ann agrees"
    ann.wait("Cy's deal on Ann's phone", lambda: "Accept Cy's deal" in ann.text(".choices"))
    ann.click_text("Accept Cy's deal")
    table.wait("the deal done", lambda: owner_of(url, "oversight") == "Ann", 5.0)
    cash = {p["name"]: p["cash"] for p in view(url)["state"]["players"]}
    assert (cash["Ann"], cash["Cy"]) == (1400, 1530), cash
    ok("deal: offered on Cy's phone, accepted on Ann's; Oversight is Ann's, 100 paid to Cy")
    if shot:
        ann.screenshot(shot)


def check_grid_round(url, session, shot):
    """A grid round sealed from the players' phones alone: each seals an order on their own
    phone, nobody else's view shows it, and the round is judged once the last is sealed."""
    table = Browser(url)
    table.wait("the board", lambda: table.count("svg.board circle") > 0)
    start = view(url)["state"]["round"]
    phones = [pair_phone(url, session, name, seat, 390) for seat, name in enumerate(["Ann", "Bob"])]
    ok("grid: Ann's and Bob's phones paired by their tokens on the device")
    for p, name in zip(phones, ["Ann", "Bob"]):
        p.wait(f"{name}'s orders", lambda p=p: p.count(".choices button") > 1)
        order = p.js("return document.querySelector('.choices button').innerText;")
        # Issue 68: an order asks first: the first tap says "Sure?", nothing is sent yet.
        p.js("document.querySelector('.choices button').click();")
        assert p.text(".choices").count("Sure?") == 1, p.text(".choices")
        assert p.text("#choice-note").strip() == "", "sent on the first tap"
        p.click_text(order)
        p.wait("the device's answer", lambda p=p: p.text("#choice-note").strip() != "")
        assert "error" not in p.js("return document.getElementById('choice-note').className;"), p.text("#mine")
        if name == "Ann":
            # Sealed, and secret: Bob's phone and the table do not show it.
            p.wait("Ann's sealed order", lambda p=p: "Your sealed order" in p.text("#mine"))
            assert "Your sealed order" not in phones[1].text() and "Your sealed order" not in table.text()
    table.wait("the round judged", lambda: view(url)["state"]["round"] > start, 5.0)
    ok(f"grid: both orders sealed on the phones; round {start} judged, the table's view moved on")
    ok("grid: each order asked \"Sure?\" on its first tap and was sealed by the second")
    if shot:
        phones[0].screenshot(shot)


def check_tree(url, session, shot):
    """Bob, in turn, taps his Illuminati in the tree on his phone and transfers money to the
    group under it: the device carries it out and every view moves on."""
    table = Browser(url)
    table.wait("the structures", lambda: table.count(".tree") == 3)
    # Bob types the name he wants on his phone: the seat takes it.
    phone = pair_phone(url, session, "Bob", 0, 390, typed="Robert")
    assert view(url)["players"][0] == "Robert", view(url)["players"]
    table.wait("the new name on the table's view", lambda: "Robert" in table.text("#game"))
    ok("name: Bob typed Robert on his phone as it paired; the game and every view say Robert")
    phone.wait("Bob's own cards", lambda: phone.count(".node.mine") >= 2)
    assert table.count(".node.mine") == 0, "the table's view taps nothing"
    treasury = lambda cid: next(c["treasury"] for c in view(url)["state"]["illuminati"] + view(url)["state"]["groups"] if c["id"] == cid)
    before = (treasury("ufos"), treasury("cia"))
    phone.js("document.querySelector(\".node.mine[data-card='ufos']\").click();")
    phone.wait("the UFOs' actions", lambda: "Transfer" in phone.text("#mine"))
    phone.js("const i = document.querySelector('input.transfer-amount'); i.value = '3'; i.dispatchEvent(new Event('input'));")
    phone.js("const s = document.querySelector('select.transfer-to'); s.value = 'cia'; s.dispatchEvent(new Event('change'));")
    phone.click_text("Transfer")
    phone.wait("the device's answer", lambda: phone.text("#choice-note").strip() != "")
    assert "error" not in phone.js("return document.getElementById('choice-note').className;"), phone.text("#mine")
    table.wait("the transfer", lambda: (treasury("ufos"), treasury("cia")) == (before[0] - 3, before[1] + 3), 5.0)
    ok(f"tree: Bob tapped The UFOs on his phone and moved 3 MB to the C.I.A. ({before} then {treasury('ufos'), treasury('cia')})")
    if shot:
        phone.screenshot(shot)


# One move of a paired phone, made in the page as a player would: one of the buttons its
# own part offers (a choice, a bid with a typed amount), or (Illuminati) a card of its tree
# tapped and one of its actions, each field chosen at random. True once the device answered.
PHONE_MOVE = """
const done = arguments[arguments.length - 1];
(async () => {
  if (!window.__answers) {
    window.__answers = { n: 0 };
    const asked = choose;
    choose = async (line, button) => { try { await asked(line, button); } finally { window.__answers.n++; } };
  }
  // The move's own seeded draws (mulberry32), so that a run is the same each time.
  let seed = arguments[0] >>> 0;
  const draw = () => { seed = (seed + 0x6D2B79F5) >>> 0; let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const r = (n) => Math.floor(draw() * n);
  const shuffle = () => {
    for (const f of document.querySelectorAll('#mine select')) { f.selectedIndex = r(f.options.length); f.dispatchEvent(new Event('change')); }
    for (const f of document.querySelectorAll('#mine input[type=number]')) {
      const lo = Number(f.min || 1), hi = Number(f.max || lo + 20);
      f.value = String(lo + r(Math.max(1, hi - lo + 1))); f.dispatchEvent(new Event('input'));
    }
  };
  const before = window.__answers.n;
  const buttons = [...document.querySelectorAll('#mine .choices button, #mine button.amount-go')]
    .filter((b) => !/^(Refuse|Unpair)/.test(b.innerText));
  const nodes = [...document.querySelectorAll('.node.mine')];
  if (!buttons.length && !nodes.length) return done(false);
  // A button three times in four; a card of the tree otherwise (or when there is no button).
  if (buttons.length && (!nodes.length || draw() < 0.75)) {
    shuffle();
    const b = buttons[r(buttons.length)];
    b.click();
    // A move that asks first ("Sure? ..."): the second tap makes it.
    if (b.classList.contains('confirm')) b.click();
  } else {
    nodes[r(nodes.length)].click();
    await new Promise((ok) => setTimeout(ok, 20));
    shuffle();
    const acts = [...document.querySelectorAll('#mine button.act')];
    if (!acts.length) return done(false);
    acts[r(acts.length)].click();
  }
  const t0 = Date.now();
  while (window.__answers.n === before && Date.now() - t0 < 8000) await new Promise((ok) => setTimeout(ok, 5));
  done(window.__answers.n > before);
})();
"""


def check_whole_game(url, session, players, most):
    """A whole game with every seat's decisions made on that seat's phone: each step, one of
    the phones that has something to do makes one of its moves, as its player would. The game
    never waits on what no phone offers, and it ends. (The phones all ask from this machine's
    one address: the device is started with a config that lets one address ask more.)"""
    random.seed(7)
    phones = [pair_phone(url, session, name, seat, 390) for seat, name in enumerate(players)]
    ok(f"whole game: {len(players)} phones paired")
    # Each phone's view in one call (the command it shows, whether the game is over, what it
    # waits for, and how many moves the phone offers): one round trip a phone a look, which
    # keeps a whole game's steps from being most of CI's browser time.
    look = lambda p: p.js("""return {
        commands: last ? last.commands : -1, over: !!(last && last.over),
        waiting: last ? last.waiting : null,
        moves: document.querySelectorAll('#mine .choices button, #mine button.amount-go, .node.mine').length };""")
    start = time.time()
    steps = answered = 0
    while True:
        # Every phone's view at the same command (the device may move on by itself, closing
        # a silent auction), then a phone with a move makes one. A view at the new command
        # may still be drawing its buttons (a bid's amount box): the phones are given a
        # moment to show them before the game is said to be stuck.
        waited = time.time()
        while True:
            views = [look(p) for p in phones]
            same = len({v["commands"] for v in views}) == 1
            over = any(v["over"] for v in views)
            able = [p for p, v in zip(phones, views) if v["moves"] > 0]
            if over or (same and able) or time.time() - waited > 5.0:
                break
            time.sleep(0.05)
        # The last move may have ended the game while the views caught up.
        if over:
            break
        assert steps < most, f"not over after {steps} moves from phones"
        steps += 1
        assert same, f"the phones' views differ after 5 s: {[v['commands'] for v in views]}"
        assert able, f"the game waits on something no phone offers: {views[0]['waiting']}"
        if random.choice(able).js_async(PHONE_MOVE, random.randrange(1 << 30)):
            answered += 1
    took = time.time() - start
    ending = phones[0].js("return last.log.slice(-2).join(' / ');")
    ok(f"whole game: over after {steps} moves from the phones alone ({answered} carried out or "
       f"refused with a reason), {took:.0f} s: {ending}")


def main():
    family, url = sys.argv[1], sys.argv[2]
    session = sys.argv[3] if len(sys.argv) > 3 else ""
    shot = sys.argv[4] if len(sys.argv) > 4 else ""
    driver = subprocess.Popen(["chromedriver", "--port=9515"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):
            try:
                urllib.request.urlopen(DRIVER + "/status", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        {"property": lambda: check_property(url, shot),
         "grid": lambda: check_grid(url, shot),
         "illuminati": lambda: check_illuminati(url, shot),
         "pairing": lambda: check_pairing(url, session, shot),
         "special": lambda: check_special(url, session, shot),
         "auction": lambda: check_auction(url, session, shot),
         "grid-round": lambda: check_grid_round(url, session, shot),
         "tree": lambda: check_tree(url, session, shot),
         "whole-property": lambda: check_whole_game(url, session, ["Ann", "Bob", "Cy"], 5000),
         "whole-grid": lambda: check_whole_game(url, session, ["Ann", "Bob", "Cy", "Dee"], 3000),
         "whole-illuminati": lambda: check_whole_game(url, session, ["Ann", "Bob", "Cy"], 8000)}[family]()
    finally:
        # A failed check leaves its windows open: closed here, so no browser outlives the run.
        for b in list(OPEN):
            try:
                b.close()
            except (AssertionError, OSError):
                pass
        driver.kill()


if __name__ == "__main__":
    main()

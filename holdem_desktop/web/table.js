// The table as a web page: it shows and sends, it never words anything.
// Every sentence and label comes from the server, in the player's
// language, from the desktop's own catalogs and announcer (server/web.py).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const COMMANDS = ["fold", "check_call", "bet_raise", "decrease", "increase", "all_in", "next_hand"];
  const PRESETS = ["min", "half_pot", "three_quarters_pot", "pot", "two_pot", "all_in"];
  const ANSWERS = ["fold", "check_call", "bet_raise", "all_in"];
  let ws = null, joined = null, words = {}, lastSaid = "", wait = 500, closing = false;
  let seated = false;  // whether the room took this connection in (its welcome came)
  let left = null;  // the seat last left (its code and token): joining it again takes it back

  function el(tag, text) { const e = document.createElement(tag); e.textContent = text; return e; }
  function fill(list, lines) { $(list).replaceChildren(...lines.map((t) => el("li", t))); }
  function send(obj) { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj)); }
  // A press that answers a decision says which one the page showed: the
  // server refuses it when the table has moved on since (a quick second tap
  // never answers a decision the player has not heard yet).
  // A second tap of one gesture (a double tap, a bounce: within DOUBLE_TAP
  // ms of an answer) answers the decision the first tap answered, even when
  // the table has moved on meanwhile: the server says the answer came too
  // late, rather than Call a bet that came after a Check, unheard.
  const DOUBLE_TAP = 500;
  let answered = { at: -Infinity, turn: "" };  // the last answer's first tap: when, which decision
  function press(id, asked) {
    if (id === "all_in" && !confirmed(asked)) return;
    if (!ANSWERS.includes(id)) { send({ press: id }); return; }
    const now = performance.now();
    if (now - answered.at >= DOUBLE_TAP) answered = { at: now, turn: view.turn || "" };
    send({ press: id, turn: answered.turn });
  }
  // All-in asks once more first, as the desktop's does (an all-in by mistake
  // loses a whole stack): the first press says so, a second one for the same
  // decision goes all-in; any other press, or another decision, forgets it.
  // The second must be deliberate: a tap within DOUBLE_TAP ms of the last
  // one on All-in (a fumbled double tap, a bounce) is the same gesture, and
  // says nothing new (the question is still being said) and sends nothing.
  // A greyed All-in goes at once (the server says why: no "again" for nothing).
  let allIn = null;  // {turn, at}: the decision an All-in press waits on, its last tap
  function confirmed(asked) {
    const turn = view.turn || "", now = performance.now();
    if ($("press-all_in").getAttribute("aria-disabled") !== "false") {
      allIn = null; return true;
    }
    if (allIn !== null && allIn.turn === turn) {
      const deliberate = now - allIn.at >= DOUBLE_TAP;
      allIn = deliberate ? null : { turn: turn, at: now };
      return deliberate;
    }
    allIn = { turn: turn, at: now };
    say(words[asked] || (asked === "all_in_key" ? "Press A again to go all-in."
      : "Press All-in again to go all-in."), false, false, false);
    return false;
  }
  // (in the capture phase: before the pressed control's own handler)
  function pressed(ev) {
    if (!(ev.target instanceof Element && ev.target.closest("#press-all_in"))) allIn = null;
  }

  // The live region: one line an announcement (``more`` grows the one the
  // player's move began, even with a chat line or an answer said since).
  // The player's own move (``own``) replaces what the region holds: said
  // first, nothing stale left waiting before it (the desktop's rule).
  // Repeat says the last game announcement again, as the desktop's: never a
  // chat line, an answer to a press, or a read-out (``game`` false).
  let lastGame = null;  // the line of the last game announcement
  function say(text, more, own, game) {
    const live = $("live");
    if (more && lastGame && lastGame.isConnected) {
      lastGame.append(" " + text);
      lastSaid += " " + text;
    } else {
      const line = el("p", text);
      if (own) live.replaceChildren(line); else live.append(line);
      if (game !== false) { lastGame = line; lastSaid = text; }
    }
    while (live.childElementCount > 200) live.firstElementChild.remove();
  }

  // The buttons are made once, in a fixed order: they never move.
  function makeButtons(where, ids, kind) {
    for (const id of ids) {
      const b = el("button", ""); b.type = "button"; b.id = kind + "-" + id;
      const why = el("span", ""); why.id = b.id + "-why"; why.className = "why";
      why.setAttribute("aria-hidden", "true");  // read as the button's description, once
      b.setAttribute("aria-describedby", why.id);
      b.addEventListener("click",
        () => (kind === "press" ? press(id, "all_in_again") : send({ [kind]: id })));
      const box = el("span", ""); box.append(b, why); $(where).append(box);
    }
  }
  function setButton(id, data) {
    const b = $(id); if (!b) return;
    b.textContent = data.label;
    b.setAttribute("aria-disabled", data.why ? "true" : "false");
    $(id + "-why").textContent = data.why ? " " + data.why : "";
  }

  // The server sends what changed of the view: zones whole, the Move log's
  // and the chat's added lines ("log+": [how many to keep, the new lines]).
  let view = {};
  function change(delta) {
    if ("ticking_left" in delta) tickAt = performance.now();  // (the seconds left from now)
    for (const [key, value] of Object.entries(delta)) {
      if (key.endsWith("+")) {
        const base = key.slice(0, -1);
        view[base] = (view[base] || []).concat(value[1]).slice(-value[0]);
      } else view[key] = value;
    }
    return view;
  }

  // A Game state line that counts down ("Blinds go up to 30 and 60 in 4
  // minutes") counts down by itself on a quiet table, from the seconds left
  // when the view came, by the page's own clock: the server sends its words
  // for each minute left (``ticking``), the page picks the one for now.  The
  // zone is not a live region: a changed line is shown, never said.
  let tickAt = 0, ticker = null;
  function tick() {
    const t = view.ticking, left = view.ticking_left;
    if (!t || typeof left !== "number") {
      if (ticker !== null) { clearInterval(ticker); ticker = null; }
      return;
    }
    const now = left - (performance.now() - tickAt) / 1000;
    const minutes = now <= 0 ? 0 : Math.ceil(now / 60);
    const text = t.words[Math.min(minutes, t.words.length - 1)];
    const line = $("state").children[t.line];
    if (line && line.textContent !== text) line.textContent = text;  // (only when it changes)
    if (ticker === null) ticker = setInterval(tick, 1000);
  }

  function show(v) {
    fill("chips", v.chips);
    $("board").textContent = v.board; $("pot").textContent = v.pot;
    $("result").replaceChildren(...(v.result || []).map((t) => el("p", t)));
    const cards = v.cards.map((c) => { const b = el("button", c); b.type = "button";
      b.addEventListener("click", () => send({ hand: 1 })); return b; });
    $("cards").replaceChildren(...cards);
    for (const b of v.buttons) setButton("press-" + b.id, b);
    for (const p of v.presets) setButton("preset-" + p.id, p);
    fill("state", v.state); tick(); fill("players", v.players);
    $("log").replaceChildren(...v.log.map((t) => el("li", t)));
    $("log").hidden = !v.log.length;  // (an empty list: out of the Tab order)
    $("log").scrollTop = $("log").scrollHeight;  // the newest lines in view
    $("room").textContent = v.room;
    // the room's invitation for a friend's phone: this page, with the code filled in
    const invite = location.origin + "/?code=" + encodeURIComponent(v.code);
    $("invite").href = invite; $("invite").textContent = invite;
    $("chat").replaceChildren(...v.chat.map((t) => el("li", t)));
    $("chat").hidden = !v.chat.length; $("chat-none").hidden = v.chat.length > 0;
    $("chat").scrollTop = $("chat").scrollHeight;
  }

  function useWords(w) {
    words = w;
    for (const e of document.querySelectorAll("[data-word]")) {
      const t = w[e.dataset.word]; if (t) e.textContent = t;
    }
    document.title = w.title || document.title;
    document.documentElement.lang = $("lang").value;
    $("chips").setAttribute("aria-label", w.chips || "Everyone's chips");  // (not the zone's name)
    if (open) $("tab-heading").textContent = w[open] || open;
  }

  // How to play and Settings: a touch opens the tab in place of the page, a
  // second touch (or Close, at the tab's end) closes it.
  let open = null;
  function tab(which) {
    const shut = open === which || which === null, was = open;
    open = shut ? null : which;
    for (const id of ["howto", "settings"])
      $("tab-" + id).setAttribute("aria-expanded", String(open === id));
    $("tab").hidden = shut; $("page").hidden = !shut;
    if (shut) { if (was) $("tab-" + was).focus(); return; }
    $("tab-heading").textContent = words[which] || which;
    $("tab-body").replaceChildren(); $("tab-settings-body").hidden = which !== "settings";
    if (which === "howto") send({ howto: 1 });
    $("tab-heading").focus();
  }
  function rules(sections) {
    const out = [];
    for (const s of sections) {
      out.push(el("h3", s.heading), ...s.paragraphs.map((p) => el("p", p)));
    }
    $("tab-body").replaceChildren(...out);
  }

  // The lobby's public tables, one button a table (its line as the desktop's
  // Lobby says it) and Watch beside it (the desktop's W); the list follows the
  // server: the focus stays on its table (or its Watch).
  function lobby(t) {
    const at = document.activeElement && document.activeElement.dataset
      ? document.activeElement.id : undefined;
    $("lobby-count").textContent = t.count;
    $("lobby-tables").replaceChildren(...t.tables.map((row) => {
      const b = el("button", row.line); b.type = "button"; b.dataset.code = row.code;
      b.id = "table-" + row.code;
      b.addEventListener("click", () => sit(row.code, false));
      const w = el("button", words.watch || "Watch"); w.type = "button"; w.dataset.code = row.code;
      w.id = "watch-" + row.code; w.setAttribute("aria-labelledby", w.id + " " + b.id);
      w.addEventListener("click", () => sit(row.code, true));
      const li = el("li", ""); li.append(b, w); return li;
    }));
    if (at && $(at)) $(at).focus();
  }
  function sit(code, watch) {
    enter({ join: { code: code, name: $("name").value, token: tokenFor(code), public: true,
      watch: watch } });
  }
  function tokenFor(code) { return left && left.code === code ? left.token : null; }
  // The filters, as the desktop's Lobby has them (their words from the server)
  function filters(f) {
    for (const [id, choices] of [["f-variant", f.variant], ["f-speed", f.speed]]) {
      const chosen = $(id).value;
      $(id).replaceChildren(...choices.map(([value, label]) => {
        const o = el("option", label); o.value = value; return o; }));
      $(id).value = chosen;
    }
  }
  function chosen() { return { variant: $("f-variant").value, speed: $("f-speed").value }; }

  // Sounds (a setting, off until turned on, kept in this browser): the
  // server names the desktop's cue for each event, the page plays its file.
  const cues = {};
  function play(cue) {
    if (!$("sounds").checked || !/^[a-z_]+$/.test(cue)) return;
    const a = cues[cue] || (cues[cue] = new Audio("/sounds/" + cue + ".wav"));
    a.currentTime = 0;
    a.play().catch(() => {});  // (a browser that will not play: silence, as the desktop's)
  }

  function receive(m) {
    if (m.words) useWords(m.words);
    if (m.filters) filters(m.filters);
    if (m.tables) lobby(m.tables);
    if (m.howto && open === "howto") rules(m.howto);
    if (m.joined) {
      seated = true;
      joined = { code: m.joined.code, token: m.joined.token, public: asked.public === true,
        watch: asked.watch === true };
      sessionStorage.setItem("holdem-seat", JSON.stringify(
        { ...joined, name: $("name").value, lang: $("lang").value }));
      const arriving = $("table").hidden;  // (from the form: not a connection back)
      $("join").hidden = true; $("table").hidden = false; wait = 500; left = null;
      // the pressed control went with the form: the focus goes to the table, not the body
      if (arriving) { const heading = $("h-table"); heading.tabIndex = -1; heading.focus(); }
    }
    if (m.error) {
      if (joined && !seated) refused(m.error);
      else if (joined) say(m.error, false, false, false);
      else if ($("problem").textContent !== m.error) $("problem").textContent = m.error;
    }
    if (m.gone && joined) refused(m.gone);
    if (m.say) say(m.say, m.more, m.own);
    if (m.tell) say(m.tell, false, false, false);
    if (m.chat) say(m.chat, false, false, false);
    if (m.sound) play(m.sound);
    if (m.view) show(change(m.view));
    if (allIn !== null && allIn.turn !== (view.turn || "")) allIn = null;  // another decision
  }

  // The seat is no more: the room closed it (``gone``), or refused the page
  // back for it (a reload, a connection back: the room closed meanwhile).
  // Said once, on the join form, and the page stops asking for it (it asked
  // again and again, the screen reader saying the refusal and
  // "reconnecting" every few seconds).
  function refused(problem) {
    left = { code: joined.code, token: joined.token };  // (asked again by hand: the same seat)
    joined = null; sessionStorage.removeItem("holdem-seat");
    $("chips").replaceChildren(); view = {};
    const shown = !$("table").hidden;
    $("table").hidden = true; $("join").hidden = false;
    if (shown) $("code").focus();  // (the focused control went with the table)
    $("problem").textContent = problem;
  }

  function connect(then) {
    const sock = ws = new WebSocket("wss://" + location.host + "/web");
    seated = false;
    sock.addEventListener("open", () => {
      send({ lang: $("lang").value }); send({ sounds: $("sounds").checked });
      if (then) then(); else send({ lobby: chosen() });  // in no room: the public tables
    });
    sock.addEventListener("message", (e) => receive(JSON.parse(e.data)));
    sock.addEventListener("close", () => {
      if (closing || sock !== ws) return;  // (a connection this page left)
      if (joined) {
        say(words.lost || "Connection lost, reconnecting…", false, false, false);
        setTimeout(() => connect(() => send({ join: { code: joined.code, name: $("name").value,
          token: joined.token, public: joined.public, watch: joined.watch } })), wait);
      } else {  // a room that refused the join closes: follow the lobby again
        setTimeout(() => { if (sock === ws) connect(null); }, wait);
      }
      wait = Math.min(wait * 2, 5000);
    });
  }

  function join(ev) {
    if (ev) ev.preventDefault();
    enter({ join: { code: $("code").value, name: $("name").value,  // (a seat back: as it was had)
      token: joined ? joined.token : tokenFor($("code").value.trim()),
      public: joined ? joined.public : false,
      watch: joined ? joined.watch : false } });
  }
  // Play now, or a listed table: a name first (the form says it is missing)
  let asked = {};  // (the join last sent: a public table's, a watcher's)
  function enter(message) {
    $("problem").textContent = "";
    asked = message.join || { public: true };
    if (!$("name").reportValidity()) return;
    if (ws && ws.readyState === WebSocket.OPEN) send(message); else connect(() => send(message));
  }

  // The desktop's keys (ui/keymap.py), where a key reaches the page (a
  // screen reader's browse mode keeps letters for itself): never while
  // typing in a field.
  const KEYS = { f: ["press", "fold"], c: ["press", "check_call"], b: ["press", "bet_raise"],
    r: ["press", "bet_raise"], a: ["press", "all_in"], n: ["press", "next_hand"],
    ArrowUp: ["press", "increase"], ArrowDown: ["press", "decrease"],
    y: ["hand", 1], i: ["state", 1], k: ["clock", 1] };
  function zone(step) {
    const heads = [...document.querySelectorAll("#table h2")];
    const at = heads.indexOf(document.activeElement.closest("section")
      ? document.activeElement.closest("section").querySelector("h2") : null);
    const next = heads[(at + step + heads.length) % heads.length];
    next.tabIndex = -1; next.focus();
  }
  function key(ev) {
    if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
    const code = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.code : undefined;
    if (!joined && code && ev.key.toLowerCase() === "w") {  // the desktop's W: watch it
      sit(code, true); ev.preventDefault(); return;
    }
    if (!joined || ev.repeat) return;  // (a held key acts once: the desktop has no key repeat)
    if (ev.target.closest("input, select, textarea")) return;
    const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (k !== "a" && (KEYS[k] || "emh".includes(k))) allIn = null;  // another key the page uses
    if (KEYS[k] && KEYS[k][0] === "press") press(KEYS[k][1], "all_in_key");
    else if (KEYS[k]) send({ [KEYS[k][0]]: KEYS[k][1] });
    else if (k === "e") $("repeat").click();
    else if (k === "m") $("line").focus();
    else if (k === "h") zone(ev.shiftKey ? -1 : 1);
    else return;
    ev.preventDefault();
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.addEventListener("keydown", key);
    document.addEventListener("click", pressed, true);
    $("tab-howto").addEventListener("click", () => tab("howto"));
    $("tab-settings").addEventListener("click", () => tab("settings"));
    $("tab-close").addEventListener("click", () => tab(null));
    $("lang").addEventListener("change", () => {
      send({ lang: $("lang").value });
      const saved = JSON.parse(sessionStorage.getItem("holdem-seat") || "null");
      if (saved) {
        saved.lang = $("lang").value;
        sessionStorage.setItem("holdem-seat", JSON.stringify(saved));
      }
    });
    $("sounds").checked = localStorage.getItem("holdem-sounds") === "on";
    $("sounds").addEventListener("change", () => {
      localStorage.setItem("holdem-sounds", $("sounds").checked ? "on" : "off");
      send({ sounds: $("sounds").checked });
    });
    $("read-state").addEventListener("click", () => send({ state: 1 }));
    $("time-left").addEventListener("click", () => send({ clock: 1 }));
    $("play-now").addEventListener("click",
      () => enter({ play_now: { name: $("name").value, ...chosen() } }));
    for (const id of ["f-variant", "f-speed"])
      $(id).addEventListener("change", () => send({ lobby: chosen() }));
    $("leave").addEventListener("click", () => {
      if (!window.confirm(words.leave_ask || "Leave the room?")) return;  // (the desktop asks too)
      send({ leave: 1 });
      left = { code: joined.code, token: joined.token };  // the computer plays the seat till then
      joined = null; sessionStorage.removeItem("holdem-seat");
      // nothing of that table stays: its lines, its players' chips, its view
      $("live").replaceChildren(); $("chips").replaceChildren(); view = {}; lastSaid = "";
      if (ws) ws.close();  // a new connection, in no room: it follows the lobby
      connect(null);
      $("table").hidden = true; $("join").hidden = false; $("code").focus();
    });
    makeButtons("buttons", COMMANDS, "press");
    makeButtons("presets", PRESETS, "preset");
    $("repeat").addEventListener("click",
      () => { if (lastSaid) say(lastSaid, false, false, false); });
    $("join").addEventListener("submit", join);
    $("say").addEventListener("submit", (ev) => { ev.preventDefault();
      const line = $("line"); if (line.value) send({ chat: line.value }); line.value = ""; });
    // the browser's language, when the game speaks it (Settings changes it)
    const mine = (navigator.language || "en").slice(0, 2);
    if ([...$("lang").options].some((o) => o.value === mine)) $("lang").value = mine;
    const invited = new URLSearchParams(location.search).get("code");
    if (invited) $("code").value = invited.replace(/\D/g, "").slice(0, 6);
    const saved = JSON.parse(sessionStorage.getItem("holdem-seat") || "null");
    if (saved) { $("code").value = saved.code; $("name").value = saved.name;
      $("lang").value = saved.lang; joined = { code: saved.code, token: saved.token,
        public: saved.public === true, watch: saved.watch === true }; asked = joined; }
    connect(saved ? () => join() : null);
    setInterval(() => send({ ping: 1 }), 15000);
    window.addEventListener("pagehide", () => { closing = true; });
  });
})();

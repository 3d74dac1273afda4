// Durbar's generic page: the lobby, a game and its replay, for any game the
// server offers. Everything game-specific is the board drawing, which a
// renderer (web/static/<game>.js) registers with Durbar.register; the rest —
// seats, prompts, options, undo, log, live updates — comes from the View the
// server sends (see the API in the project's server package).
'use strict';
(() => {
  const Durbar = (window.Durbar = window.Durbar || {});
  const i18n = Durbar.i18n;
  const t = i18n.t;
  const renderers = new Map();
  // The page being shown; it redraws itself when the language changes or a
  // renderer registers late.
  let page = null;

  Durbar.register = (name, renderer) => {
    if (!renderer || typeof renderer.render !== 'function') {
      console.error(`Durbar.register(${JSON.stringify(name)}): a renderer needs a render(el, view, ctx) method`);
      return;
    }
    renderers.set(name, renderer);
    if (page && page.onRegister) page.onRegister(name);
  };

  // ---------------------------------------------------------------- helpers

  // h builds an element: h('button', {class: 'x', onclick: fn}, 'text', child…).
  // Text always goes in as text, never as HTML.
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'value' || k === 'checked' || k === 'selected' || k === 'disabled' || k === 'hidden' || k === 'open') el[k] = v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
    append(el, children);
    return el;
  }

  function append(el, children) {
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c)) append(el, c);
      else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
  }

  // fill replaces el's children; null, false and undefined are skipped.
  function fill(el, ...children) {
    el.replaceChildren();
    append(el, children);
  }

  // icon draws a 16×16 glyph from an SVG path, so no icon font is needed.
  function icon(d) {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('class', 'icon');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill', 'currentColor');
    svg.append(path);
    return svg;
  }

  const $ = (sel, root) => (root || document).querySelector(sel);

  // A numbered rule reads "§3.2.1"; a rule named by its section title
  // (Rajas) reads as the title.
  function ruleText(rule) {
    if (!rule) return '';
    return /^\d/.test(rule) ? t('rule', { rule }) : rule;
  }

  // A catalog entry's label: a renderer may translate it under
  // "<game>.<group>.<id>" (e.g. "gandhi.seat.congress"); else the server's.
  function catalogLabel(game, group, choice) {
    return t(`${game}.${group}.${choice.id}`, choice.label);
  }

  function gamePath(id) {
    return `/g/${encodeURIComponent(id)}`;
  }

  function inviteURL(id, key) {
    return `${location.origin}${gamePath(id)}#key=${encodeURIComponent(key)}`;
  }

  // ------------------------------------------------------------------ API

  class ApiError extends Error {
    constructor(status, message, rule) {
      super(message);
      this.status = status;
      this.rule = rule || '';
    }
  }

  // withLang asks the server for a game's text (prompts, options, log,
  // cards, results) in the page's language; English is the engines' own.
  function withLang(path) {
    if (i18n.lang === 'en' || !path.startsWith('/api/games')) return path;
    return path + (path.includes('?') ? '&' : '?') + 'lang=' + encodeURIComponent(i18n.lang);
  }

  async function api(method, path, opts) {
    const { body, keys } = opts || {};
    path = withLang(path);
    const headers = { Accept: 'application/json' };
    if (keys && keys.length) headers.Authorization = `Bearer ${keys.join(',')}`;
    let payload;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, { method, headers, body: payload, cache: 'no-store' });
    } catch (e) {
      throw new ApiError(0, t('error.network', { error: e.message }));
    }
    const text = await res.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (_) {
      data = null;
    }
    if (!res.ok) {
      const msg = (data && data.error) || text.trim() || `${res.status} ${res.statusText}`;
      throw new ApiError(res.status, msg, data && data.rule);
    }
    return data;
  }

  function errorMessage(e) {
    if (e instanceof ApiError) {
      // The engine's messages often name their rule already ("rule 3.2: …").
      if (!e.rule || e.message.includes(e.rule)) return e.message;
      return t('error.withRule', { error: e.message, rule: ruleText(e.rule) });
    }
    return t('error.generic', { error: e && e.message ? e.message : String(e) });
  }

  // ------------------------------------------------------- browser storage

  // Keys live in localStorage "durbar:keys:{id}" (a JSON array); which seat
  // each key opens is remembered in "durbar:seats:{id}" ({key: [seats]}) so
  // the game page can show invite links per seat.
  const store = {
    read(name, fallback) {
      try {
        const v = JSON.parse(localStorage.getItem(name));
        return v === null ? fallback : v;
      } catch (_) {
        return fallback;
      }
    },
    write(name, value) {
      try {
        localStorage.setItem(name, JSON.stringify(value));
      } catch (_) {
        // Storage full or disabled: the keys last for this page only.
      }
    },
    keys(id) {
      const v = store.read(`durbar:keys:${id}`, []);
      return Array.isArray(v) ? v.filter((k) => typeof k === 'string' && k) : [];
    },
    addKeys(id, keys) {
      const all = store.keys(id);
      for (const k of keys) if (k && !all.includes(k)) all.push(k);
      store.write(`durbar:keys:${id}`, all);
      return all;
    },
    replaceKey(id, oldKey, newKey) {
      const all = store.keys(id).map((k) => (k === oldKey ? newKey : k));
      if (!all.includes(newKey)) all.push(newKey);
      store.write(`durbar:keys:${id}`, all);
      const seats = store.seatMap(id);
      seats[newKey] = seats[oldKey] || [];
      delete seats[oldKey];
      store.write(`durbar:seats:${id}`, seats);
      return all;
    },
    seatMap(id) {
      const v = store.read(`durbar:seats:${id}`, {});
      return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
    },
    setSeats(id, key, seats) {
      const m = store.seatMap(id);
      m[key] = seats;
      store.write(`durbar:seats:${id}`, m);
    },
  };

  // A key handed over in the link's fragment (#key=K, or K1,K2) moves to
  // storage; the fragment is cleared so it is not bookmarked or shared again.
  function importFragmentKeys(id) {
    const m = location.hash.match(/[#&]key=([^&]*)/);
    if (!m) return;
    let raw = m[1];
    try {
      raw = decodeURIComponent(raw);
    } catch (_) {
      // Keep the raw text; a bad key simply opens no seat.
    }
    store.addKeys(id, raw.split(',').map((k) => k.trim()).filter(Boolean));
    history.replaceState(history.state, '', location.pathname + location.search);
  }

  async function copyText(text, button, label) {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch (_) {
      // No clipboard API (plain http on a LAN address): copy by selection.
      const area = h('textarea', { class: 'clipboard-helper', readonly: true }, text);
      document.body.append(area);
      area.select();
      try {
        ok = document.execCommand('copy');
      } catch (_) {
        ok = false;
      }
      area.remove();
    }
    if (!ok) return;
    button.textContent = t('button.copied');
    setTimeout(() => {
      button.textContent = label;
    }, 1500);
  }

  // ------------------------------------------------------------ the board

  // drawBoard empties el and has the game's renderer draw view.board in it,
  // keeping the page's and the board's scroll positions across redraws.
  function drawBoard(el, view, ctx) {
    const sx = window.scrollX;
    const sy = window.scrollY;
    const bl = el.scrollLeft;
    const bt = el.scrollTop;
    if (el.offsetHeight) el.style.minHeight = `${el.offsetHeight}px`;
    el.replaceChildren();
    const renderer = renderers.get(view.game);
    try {
      if (renderer) {
        renderer.render(el, view, ctx);
      } else {
        el.append(
          h('p', { class: 'message error' }, t('error.noRenderer', { game: view.game })),
          h('pre', { class: 'board-json' }, JSON.stringify(view.board, null, 1)),
        );
      }
    } catch (e) {
      console.error(e);
      el.append(h('p', { class: 'message error' }, t('error.render', { error: e.message })));
    }
    if (ctx.targets.size) {
      for (const node of el.querySelectorAll('[data-target]')) {
        if (ctx.targets.has(node.getAttribute('data-target'))) node.classList.add('clickable');
      }
    }
    zoomMaps(el);
    el.style.minHeight = '';
    el.scrollLeft = bl;
    el.scrollTop = bt;
    window.scrollTo(sx, sy);
  }

  // ------------------------------------------------------------ map zoom

  // A renderer marks its maps (SVG drawings) with data-map; each is put in
  // a frame where it can be zoomed and moved: two fingers pinch, one finger
  // (or the mouse, once zoomed in) drags, Ctrl+wheel (a touchpad's pinch)
  // zooms at the pointer, and buttons zoom for those who cannot pinch. A
  // tap or click that does not move still reaches the space under it; a
  // drag or a pinch clicks nothing. The zoom of each map is kept on the
  // board element across redraws.
  const ZOOM_MAX = 8;
  const TAP_SLOP = 8; // px a press may wander and still be a tap

  function zoomMaps(board) {
    const states = (board._zoom = board._zoom || []);
    // The frames of the drawing before this one are gone: stop watching
    // their size.
    for (const o of board._zoomWatch || []) o.disconnect();
    board._zoomWatch = [];
    board.querySelectorAll('svg[data-map]').forEach((svg, i) => {
      if (svg.closest('.map-zoom')) return;
      states[i] = states[i] || { s: 1, x: 0, y: 0 };
      const watch = mapZoom(svg, states[i]);
      if (watch) board._zoomWatch.push(watch);
    });
  }

  // mapZoom puts svg in a zoom frame showing it as st says (scale s, shift
  // x, y in px), and returns what watches the frame's size.
  function mapZoom(svg, st) {
    const inner = h('div', { class: 'map-zoom-inner' });
    const frame = h('div', { class: 'map-zoom' });
    const tool = (cls, label, glyph, onclick) => h('button', { type: 'button', class: `map-zoom-btn ${cls}`, title: label, 'aria-label': label, onclick }, glyph);
    const centre = () => [frame.clientWidth / 2, frame.clientHeight / 2];
    const tools = h(
      'div',
      { class: 'map-zoom-tools' },
      tool('zoom-in', t('zoom.in'), '+', () => zoomTo(st.s * 1.5, ...centre())),
      tool('zoom-out', t('zoom.out'), '\u2212', () => zoomTo(st.s / 1.5, ...centre())),
      tool('zoom-reset', t('zoom.reset'), '\u2922', () => zoomTo(1, 0, 0)),
    );
    svg.replaceWith(frame);
    inner.append(svg);
    frame.append(inner, tools);

    function apply() {
      const w = frame.clientWidth;
      const hh = frame.clientHeight;
      st.s = Math.min(ZOOM_MAX, Math.max(1, st.s));
      st.x = Math.min(0, Math.max(w - w * st.s, st.x));
      st.y = Math.min(0, Math.max(hh - hh * st.s, st.y));
      inner.style.transform = st.s === 1 ? '' : `translate(${st.x}px, ${st.y}px) scale(${st.s})`;
      frame.dataset.scale = String(Math.round(st.s * 1000) / 1000);
      frame.classList.toggle('zoomed', st.s > 1);
      tools.querySelector('.zoom-out').disabled = st.s <= 1;
      tools.querySelector('.zoom-reset').disabled = st.s <= 1;
      tools.querySelector('.zoom-in').disabled = st.s >= ZOOM_MAX;
    }

    // zoomTo scales the map to s, keeping the point (cx, cy) of the frame
    // where it is.
    function zoomTo(s, cx, cy) {
      s = Math.min(ZOOM_MAX, Math.max(1, s));
      st.x = cx - ((cx - st.x) / st.s) * s;
      st.y = cy - ((cy - st.y) / st.s) * s;
      st.s = s;
      apply();
    }

    const local = (p) => {
      const r = frame.getBoundingClientRect();
      return [p.x - r.left, p.y - r.top];
    };
    const pts = new Map();
    let g = null; // the gesture under way: tap, pan, scroll or pinch
    let quietUntil = 0; // clicks before then end a drag: dropped

    function begin() {
      const list = [...pts.values()];
      if (list.length >= 2) {
        const [a, b] = list;
        const [cx, cy] = local({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
        g = { kind: 'pinch', d0: Math.hypot(a.x - b.x, a.y - b.y) || 1, s0: st.s, cx, cy, x0: st.x, y0: st.y, moved: true };
      } else if (list.length === 1) {
        const p = list[0];
        g = { kind: g ? 'pan' : 'tap', px: p.x, py: p.y, x0: st.x, y0: st.y, moved: !!g };
      } else g = null;
    }

    frame.addEventListener('pointerdown', (e) => {
      if (e.target.closest('.map-zoom-tools') || (e.pointerType === 'mouse' && e.button !== 0)) return;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY, type: e.pointerType });
      if (pts.size > 2) return;
      begin();
      if (pts.size === 2) for (const id of pts.keys()) captureFor(id);
    });

    function captureFor(id) {
      try {
        frame.setPointerCapture(id);
      } catch (_) {
        // The pointer is gone already.
      }
    }

    frame.addEventListener('pointermove', (e) => {
      const p = pts.get(e.pointerId);
      if (!p || !g) return;
      p.x = e.clientX;
      p.y = e.clientY;
      if (g.kind === 'pinch') {
        const [a, b] = [...pts.values()];
        if (!b) return;
        const [cx, cy] = local({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
        const s = Math.min(ZOOM_MAX, Math.max(1, (g.s0 * Math.hypot(a.x - b.x, a.y - b.y)) / g.d0));
        // The map point first under the fingers' midpoint follows it.
        st.x = cx - ((g.cx - g.x0) / g.s0) * s;
        st.y = cy - ((g.cy - g.y0) / g.s0) * s;
        st.s = s;
        apply();
        e.preventDefault();
        return;
      }
      const dx = p.x - g.px;
      const dy = p.y - g.py;
      if (g.kind === 'tap') {
        if (Math.hypot(dx, dy) < TAP_SLOP) return;
        // A mouse drags a zoomed map only; a finger on a whole map
        // scrolls the page, which the map's touch-action keeps from
        // doing so by itself.
        if (st.s <= 1 && p.type === 'mouse') {
          g = null;
          return;
        }
        g.kind = st.s > 1 ? 'pan' : 'scroll';
        g.moved = true;
        g.sy = window.scrollY;
        captureFor(e.pointerId);
        frame.classList.add('dragging');
      }
      if (g.kind === 'pan') {
        st.x = g.x0 + dx;
        st.y = g.y0 + dy;
        apply();
      } else if (g.kind === 'scroll') {
        window.scrollTo(window.scrollX, g.sy - dy);
      }
      e.preventDefault();
    });

    const end = (e) => {
      if (!pts.delete(e.pointerId)) return;
      if (g && g.moved) quietUntil = Date.now() + 400;
      if (!pts.size) {
        g = null;
        frame.classList.remove('dragging');
      } else if (g && g.kind === 'pinch') begin(); // one finger left: it drags on
    };
    frame.addEventListener('pointerup', end);
    frame.addEventListener('pointercancel', end);

    // A drag's or pinch's end is no click on the space under it.
    frame.addEventListener(
      'click',
      (e) => {
        if (Date.now() < quietUntil && !e.target.closest('.map-zoom-tools')) {
          e.preventDefault();
          e.stopPropagation();
        }
      },
      true,
    );

    frame.addEventListener(
      'wheel',
      (e) => {
        if (!e.ctrlKey) return;
        e.preventDefault();
        const [cx, cy] = local({ x: e.clientX, y: e.clientY });
        zoomTo(st.s * Math.exp(-e.deltaY / 200), cx, cy);
      },
      { passive: false },
    );

    // The frame's size is the map's: apply once it is laid out, and again
    // when the window changes size.
    apply();
    if (typeof ResizeObserver !== 'function') return null;
    const watch = new ResizeObserver(() => apply());
    watch.observe(frame);
    return watch;
  }

  function seatOf(view, n) {
    return (view.seats || []).find((s) => s.seat === n) || { seat: n, name: `#${n}`, kind: 'human' };
  }

  function seatChips(view) {
    const deciding = view.decision ? view.decision.seat : -1;
    const you = new Set(view.you || []);
    return h(
      'ul',
      { id: 'seats' },
      (view.seats || []).map((s) => {
        const tags = [];
        if (you.has(s.seat)) tags.push(h('span', { class: 'tag you' }, t('seat.you')));
        if (s.kind === 'computer') tags.push(h('span', { class: 'tag computer', title: s.bot || '' }, t('seat.computer')));
        const cls = ['seat', you.has(s.seat) ? 'you' : '', s.kind === 'computer' ? 'computer' : '', s.seat === deciding ? 'active' : '']
          .filter(Boolean)
          .join(' ');
        return h(
          'li',
          { class: cls, dataset: { seat: s.seat }, 'aria-current': s.seat === deciding ? 'true' : null },
          h('span', { class: 'seat-name' }, s.name),
          tags,
        );
      }),
    );
  }

  function setHeader(view, extra) {
    const head = $('#header-main');
    fill(head, view ? [h('h1', { id: 'title' }, view.title), extra, seatChips(view)] : null);
    document.title = view ? `${view.title} — ${t('app.name')}` : t('app.name');
  }

  // A Non-Player's reasoning line ("[Arjuna] …"): folded under its move,
  // shown on request. The engine writes the reasons for a choice just
  // before the line of the move they explain, so a run of reasons belongs
  // to the move line after it; the page sets them back under that line,
  // which gets a button opening just that group. Reasons with no move
  // after them yet (or a new chapter between) stay with the move before.
  const WHY = /^\s*\[Arjuna\]/;

  // whyOwn makes owner the move line of the reasons whys.
  function whyOwn(owner, whys) {
    for (const w of whys) {
      const old = w._owner;
      if (old === owner) continue;
      if (old) {
        old._whys = old._whys.filter((x) => x !== w);
        whyButton(old);
      }
      w._owner = owner;
      (owner._whys = owner._whys || []).push(w);
    }
    whyButton(owner);
  }

  // whyButton gives a move line with reasons its disclosure button, showing
  // how many there are (and takes it away from a line left with none).
  function whyButton(li) {
    const n = (li._whys || []).length;
    let b = li._whyButton;
    if (!n) {
      if (b) b.remove();
      li._whyButton = null;
      return;
    }
    if (!b) {
      b = h('button', {
        type: 'button',
        class: 'why-toggle',
        'aria-expanded': 'false',
        onclick: () => {
          b.setAttribute('aria-expanded', b.getAttribute('aria-expanded') === 'true' ? 'false' : 'true');
          const box = li.closest('#log-box');
          if (box) filterLog(box);
        },
      });
      li._whyButton = b;
      li.append(' ', b);
    }
    b.textContent = t('log.why', { n });
    b.title = t('log.whyTitle', { n });
  }

  const whyOpen = (li) => !!(li._owner && li._owner._whyButton && li._owner._whyButton.getAttribute('aria-expanded') === 'true');

  // logList fills the log panel: the lines, numbered, with a heading where
  // each chapter begins (marks: Gandhi's cards, the turns of the other
  // games, from the server). It appends what is new when the log only grew
  // and rebuilds otherwise (undo, another language).
  function logList(el, lines, marks, kind) {
    marks = marks || [];
    const st = el._log || { lines: [], heads: 0, lang: '', pending: [], last: null };
    const have = st.lines.length;
    const grew = st.lang === i18n.lang && have <= lines.length && st.heads <= marks.length && (have === 0 || st.lines[have - 1].dataset.text === lines[have - 1]);
    if (!grew) {
      el.replaceChildren();
      st.lines = [];
      st.heads = 0;
      st.lang = i18n.lang;
      st.pending = [];
      st.last = null;
    }
    el._log = st;
    const heading = (k) => {
      const m = marks[k];
      const text = kind === 'card' && m.name ? t('log.card', { num: m.num, name: m.name }) : t('log.turn', { n: k + 1 });
      // A new chapter: reasons waiting for their move keep the one before.
      st.pending = [];
      return h('li', { class: 'log-head', dataset: { chapter: k } }, h('h3', null, text));
    };
    for (let i = st.lines.length; i < lines.length; i++) {
      while (st.heads < marks.length && marks[st.heads].at <= i) el.append(heading(st.heads++));
      const why = WHY.test(lines[i]);
      const li = h('li', { class: why ? 'log-line log-why' : 'log-line', value: i + 1, dataset: { text: lines[i] } }, lines[i]);
      st.lines.push(li);
      if (why) {
        el.append(li);
        st.pending.push(li);
        if (st.last) whyOwn(st.last, [li]);
      } else if (st.pending.length) {
        el.insertBefore(li, st.pending[0]);
        whyOwn(li, st.pending);
        st.pending = [];
        st.last = li;
      } else {
        el.append(li);
        st.last = li;
      }
    }
    while (st.heads < marks.length && marks[st.heads].at <= lines.length) el.append(heading(st.heads++));
    el.dataset.empty = lines.length ? '' : t('log.empty');
    const box = el.closest('#log-box');
    if (box) filterLog(box);
    if (!box || !$('#log-filter', box).value) el.scrollTop = el.scrollHeight;
  }

  // filterLog shows the entries holding the filter's text (any case), and
  // the headings of chapters with an entry shown. Reasons show when the
  // box "show all" is ticked, when their move's button has opened them, or
  // when they hold the filter's text (their move then shows too).
  function filterLog(box) {
    const q = $('#log-filter', box).value.trim().toLowerCase();
    const all = $('#log-reasons', box).checked;
    box.classList.toggle('show-why', all);
    // The box is offered only in a log that holds reasons (Gandhi's
    // Non-Players); the other games have none.
    $('#log-reasons', box).closest('label').hidden = !$('#log li.log-why', box);
    const has = (li) => !q || li.dataset.text.toLowerCase().includes(q);
    let head = null;
    let shown = 0;
    let any = 0;
    for (const li of $('#log', box).children) {
      if (li.classList.contains('log-head')) {
        if (head) head.hidden = q !== '' && !shown;
        head = li;
        shown = 0;
        continue;
      }
      let show;
      if (li.classList.contains('log-why')) show = has(li) && (all || q !== '' || whyOpen(li));
      else show = has(li) || (q !== '' && (li._whys || []).some(has));
      li.hidden = !show;
      if (show) {
        shown++;
        any++;
      }
    }
    if (head) head.hidden = q !== '' && !shown;
    $('#log-none', box).hidden = !q || any > 0;
  }

  // adoptCreated keeps the keys of a game just created (lobby, rematch).
  function adoptCreated(res) {
    const held = (res.seats || []).filter((st) => st.key);
    store.addKeys(
      res.id,
      held.map((st) => st.key),
    );
    for (const st of held) store.setSeats(res.id, st.key, [st.seat]);
    try {
      sessionStorage.setItem('durbar:created', res.id);
    } catch (_) {
      // Only decides whether the invite links start unfolded.
    }
  }

  // A player's settings, kept in this browser. Forced moves play by
  // themselves unless the browser is driven by a test harness
  // (navigator.webdriver), whose scripts click every step.
  const prefDefaults = { autoplay: !navigator.webdriver, sound: false, notify: false };
  function pref(name) {
    return !!store.read(`durbar:pref:${name}`, prefDefaults[name]);
  }

  // prefBox is a checkbox for a setting, with its label.
  function prefBox(name, onChange) {
    const input = h('input', { type: 'checkbox', id: `pref-${name}`, checked: pref(name) });
    input.addEventListener('change', () => {
      store.write(`durbar:pref:${name}`, input.checked);
      if (onChange) onChange(input.checked);
    });
    const text = h('span');
    const label = h('label', { class: 'pref', for: `pref-${name}` }, input, text);
    label.relabel = () => {
      input.checked = pref(name);
      text.textContent = t(`pref.${name}`);
    };
    label.relabel();
    return label;
  }

  // ring plays a short, soft two-note chime.
  function ring() {
    try {
      const ac = new (window.AudioContext || window.webkitAudioContext)();
      [660, 880].forEach((f, i) => {
        const o = ac.createOscillator();
        const g = ac.createGain();
        const at = ac.currentTime + i * 0.18;
        o.frequency.value = f;
        g.gain.setValueAtTime(0.0001, at);
        g.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
        g.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
        o.connect(g).connect(ac.destination);
        o.start(at);
        o.stop(at + 0.32);
      });
      setTimeout(() => ac.close(), 1000);
    } catch (_) {
      // No sound here: the title still tells.
    }
  }

  // canNotify: the browser shows notifications and the player allowed
  // this page to.
  function canNotify() {
    return typeof window.Notification === 'function' && window.Notification.permission === 'granted';
  }

  // notifyBox is the "Notify me" setting: ticking it asks the browser for
  // the permission, and it unticks itself when the player refuses it.
  function notifyBox() {
    const box = prefBox('notify', (on) => {
      if (!on || typeof window.Notification !== 'function') return;
      const refused = () => {
        store.write('durbar:pref:notify', false);
        box.relabel();
      };
      try {
        Promise.resolve(window.Notification.requestPermission())
          .then((p) => {
            if (p !== 'granted') refused();
          })
          .catch(refused);
      } catch (_) {
        refused();
      }
    });
    const relabel = box.relabel;
    box.relabel = () => {
      relabel();
      box.hidden = typeof window.Notification !== 'function';
      box.title = t('pref.notifyHint');
    };
    box.relabel();
    return box;
  }

  // notify shows a browser notification; clicking it brings the tab
  // forward. One per game (its tag): a newer one replaces the older.
  function notify(title, body, tag) {
    try {
      const n = new window.Notification(title, { body, tag, icon: '/favicon.svg' });
      n.onclick = () => {
        window.focus();
        n.close();
      };
    } catch (_) {
      // No notification here (some phones allow them only from a service
      // worker): the title still tells.
    }
  }

  // resultBlock shows a result as its headline and, when it ends with a
  // ranking ("…: 1. A (…); 2. B (…)"), the ranking as a numbered list.
  function resultBlock(result) {
    if (!result) return [h('strong', null, t('over.title'))];
    const m = result.match(/^(.*?)\s*([^\s.;:]+:)\s*(1\. .*)$/s);
    if (!m) return [h('p', { id: 'result' }, h('strong', null, t('over.result', { result })))];
    const ranks = m[3].replace(/\.$/, '').split(/;\s*(?=\d+\. )/);
    return [
      h(
        'div',
        { id: 'result' },
        h('strong', { class: 'result-head' }, m[1]),
        h('p', { class: 'result-ranking-title' }, m[2].replace(/:$/, '')),
        h('ol', { class: 'result-ranking' }, ranks.map((r) => h('li', null, r.replace(/^\d+\.\s*/, '')))),
      ),
    ];
  }

  function logBox() {
    const box = h(
      'details',
      { id: 'log-box', class: 'card', open: true },
      h('summary', { id: 'log-title' }, t('log.title')),
      h(
        'div',
        { class: 'log-tools' },
        h('input', { id: 'log-filter', type: 'search', placeholder: t('log.filter'), 'aria-label': t('log.filter'), oninput: () => filterLog(box) }),
        h('label', { class: 'check log-reasons' }, h('input', { id: 'log-reasons', type: 'checkbox', onchange: () => filterLog(box) }), h('span', { id: 'log-reasons-label' }, t('log.reasons'))),
      ),
      h('p', { id: 'log-none', class: 'muted', hidden: true }, t('log.noMatch')),
      h('ol', { id: 'log' }),
    );
    return box;
  }

  // logTexts puts the log panel's words in the page's language.
  function logTexts(box) {
    $('#log-title', box).textContent = t('log.title');
    $('#log-filter', box).placeholder = t('log.filter');
    $('#log-filter', box).setAttribute('aria-label', t('log.filter'));
    $('#log-reasons-label', box).textContent = t('log.reasons');
    $('#log-none', box).textContent = t('log.noMatch');
  }

  // ------------------------------------------------------------- lobby

  function lobbyPage() {
    document.body.dataset.page = 'lobby';
    setHeader(null);
    const s = { kinds: null, kindsError: '', games: null, gamesError: '', form: null, submitting: false, formError: '' };
    const app = $('#app');

    function defaultForm(kind, seed) {
      const fixed = (kind.seats || []).length;
      const players = fixed || Math.max(kind.minSeats || 1, 1);
      return {
        game: kind.name,
        scenario: kind.scenarios && kind.scenarios.length ? kind.scenarios[0].id : '',
        players,
        seats: Array.from({ length: players }, (_, i) => newSeat(kind, i)),
        variants: new Set(),
        seed: seed || '',
      };
    }

    // A newcomer plays the first seat; the computer takes the rest.
    function newSeat(kind, i) {
      const bots = kind.computers || [];
      return { kind: i === 0 || !bots.length ? 'human' : 'computer', bot: bots.length ? bots[0].id : '' };
    }

    function kindOf(name) {
      return (s.kinds || []).find((k) => k.name === name);
    }

    function render() {
      fill(
        app,
        h(
          'div',
          { class: 'lobby' },
          h('section', { id: 'new-game', class: 'card' }, h('h2', null, t('lobby.new')), formSection()),
          h('section', { id: 'games-section', class: 'card' }, h('h2', null, t('lobby.games')), gamesSection()),
        ),
      );
    }

    function formSection() {
      if (s.kindsError) return h('p', { class: 'message error' }, t('lobby.kindsError', { error: s.kindsError }));
      if (!s.kinds) return h('p', { class: 'loading' }, t('app.loading'));
      const f = s.form;
      const kind = kindOf(f.game);
      const fixedSeats = kind.seats || [];
      const bots = kind.computers || [];

      const seatRow = (seat, i) => {
        const name = fixedSeats.length ? catalogLabel(kind.name, 'seat', fixedSeats[i]) : t('lobby.player', { n: i + 1 });
        const kindSelect = h(
          'select',
          {
            name: 'seat-kind',
            dataset: { seat: i },
            'aria-label': name,
            onchange: (e) => {
              seat.kind = e.target.value;
              botSelect.hidden = seat.kind !== 'computer';
            },
          },
          h('option', { value: 'human', selected: seat.kind === 'human' }, t('lobby.human')),
          bots.length ? h('option', { value: 'computer', selected: seat.kind === 'computer' }, t('lobby.computer')) : null,
        );
        const botSelect = h(
          'select',
          {
            name: 'seat-bot',
            dataset: { seat: i },
            'aria-label': `${name}: ${t('lobby.computerKind')}`,
            hidden: seat.kind !== 'computer',
            onchange: (e) => {
              seat.bot = e.target.value;
            },
          },
          bots.map((b) => h('option', { value: b.id, selected: seat.bot === b.id }, catalogLabel(kind.name, 'computer', b))),
        );
        return h('div', { class: 'seat-row', dataset: { seat: i } }, h('span', { class: 'seat-name' }, name), kindSelect, botSelect);
      };

      const players = [];
      if (!fixedSeats.length && kind.maxSeats > kind.minSeats) {
        for (let n = kind.minSeats; n <= kind.maxSeats; n++) players.push(n);
      }

      return h(
        'form',
        { id: 'create-form', novalidate: true, onsubmit: submit },
        h(
          'label',
          { class: 'field' },
          h('span', null, t('lobby.game')),
          h(
            'select',
            {
              name: 'game',
              onchange: (e) => {
                s.form = defaultForm(kindOf(e.target.value), s.form.seed);
                s.formError = '';
                render();
              },
            },
            s.kinds.map((k) => h('option', { value: k.name, selected: k.name === f.game }, t(`${k.name}.title`, k.title))),
          ),
        ),
        kind.scenarios && kind.scenarios.length
          ? h(
              'label',
              { class: 'field' },
              h('span', null, t('lobby.scenario')),
              h(
                'select',
                {
                  name: 'scenario',
                  onchange: (e) => {
                    f.scenario = e.target.value;
                  },
                },
                kind.scenarios.map((c) => h('option', { value: c.id, selected: c.id === f.scenario }, catalogLabel(kind.name, 'scenario', c))),
              ),
            )
          : null,
        h(
          'fieldset',
          { class: 'seats' },
          h('legend', null, t('lobby.seats')),
          players.length
            ? h(
                'label',
                { class: 'field inline' },
                h('span', null, t('lobby.players')),
                h(
                  'select',
                  {
                    name: 'players',
                    onchange: (e) => {
                      const n = Number(e.target.value);
                      f.seats = Array.from({ length: n }, (_, i) => f.seats[i] || newSeat(kind, i));
                      f.players = n;
                      for (const v of kind.variants || []) if (v.minSeats > n) f.variants.delete(v.id);
                      render();
                    },
                  },
                  players.map((n) => h('option', { value: String(n), selected: n === f.players }, String(n))),
                ),
              )
            : null,
          h('div', { id: 'seat-rows' }, f.seats.map(seatRow)),
        ),
        kind.variants && kind.variants.length
          ? h(
              'fieldset',
              { class: 'variants' },
              h('legend', null, t('lobby.variants')),
              // A variant for a seat the game does not have is not offered.
              kind.variants.filter((v) => !v.minSeats || v.minSeats <= f.seats.length).map((v) =>
                h(
                  'label',
                  { class: 'check' },
                  h('input', {
                    type: 'checkbox',
                    name: 'variant',
                    value: v.id,
                    checked: f.variants.has(v.id),
                    onchange: (e) => {
                      if (e.target.checked) f.variants.add(v.id);
                      else f.variants.delete(v.id);
                    },
                  }),
                  h('span', null, catalogLabel(kind.name, 'variant', v)),
                ),
              ),
            )
          : null,
        h(
          'label',
          { class: 'field' },
          h('span', null, t('lobby.seed')),
          h('input', {
            name: 'seed',
            type: 'text',
            inputmode: 'numeric',
            autocomplete: 'off',
            value: f.seed,
            oninput: (e) => {
              f.seed = e.target.value;
            },
          }),
          h('small', { class: 'hint' }, t('lobby.seedHint')),
        ),
        // The button stays in sight at the foot of the screen while the
        // form runs below it (a game of many seats, a phone).
        h(
          'div',
          { class: 'form-actions' },
          s.formError ? h('p', { id: 'form-error', class: 'message error', role: 'alert' }, s.formError) : null,
          h('button', { type: 'submit', class: 'primary', disabled: s.submitting }, s.submitting ? t('lobby.creating') : t('lobby.create')),
        ),
      );
    }

    function gamesSection() {
      if (s.gamesError) return h('p', { class: 'message error' }, t('lobby.loadError', { error: s.gamesError }));
      if (!s.games) return h('p', { class: 'loading' }, t('app.loading'));
      if (!s.games.length) return h('ul', { id: 'games' }, h('li', { class: 'empty' }, t('lobby.noGames')));
      return h(
        'ul',
        { id: 'games' },
        s.games.map((g) => {
          const mine = store.keys(g.id).length > 0;
          let created = '';
          if (g.created) {
            const d = new Date(g.created);
            if (!Number.isNaN(d.getTime())) created = t('lobby.created', { date: d.toLocaleString(i18n.lang) });
          }
          return h(
            'li',
            { class: `game-item${g.over ? ' over' : ''}`, dataset: { id: g.id } },
            h('a', { class: 'game-link', href: gamePath(g.id) }, g.title || g.game),
            h(
              'div',
              { class: 'meta' },
              h('span', { class: `tag ${g.over ? 'over' : 'live'}` }, g.over ? t('lobby.finished') : t('lobby.inProgress')),
              mine ? h('span', { class: 'tag you' }, t('lobby.yours')) : null,
              !g.over && s.turns && s.turns[g.id] ? h('span', { class: 'tag turn' }, t('lobby.yourTurn')) : null,
              h('span', null, t('lobby.step', { n: g.step })),
              created ? h('span', null, created) : null,
            ),
            h(
              'div',
              { class: 'seat-list' },
              (g.seats || []).map((st) => h('span', { class: `seat ${st.kind}` }, st.name, st.kind === 'computer' ? ` (${t('seat.computer')})` : '')),
            ),
            g.over && g.result ? h('div', { class: 'result' }, g.result) : null,
            g.over ? h('a', { class: 'replay-link', href: `${gamePath(g.id)}/replay` }, t('button.replay')) : null,
          );
        }),
      );
    }

    async function submit(e) {
      e.preventDefault();
      if (s.submitting) return;
      const f = s.form;
      const req = {
        game: f.game,
        seats: f.seats.map((st) => (st.kind === 'computer' ? { kind: 'computer', bot: st.bot } : { kind: 'human' })),
      };
      if (f.scenario) req.scenario = f.scenario;
      if (f.variants.size) req.variants = [...f.variants];
      let body = JSON.stringify(req);
      const seed = f.seed.trim();
      if (seed) {
        // A seed is a uint64: past 2^53 a JS number would round it, so
        // it goes into the JSON as its own digits.
        if (!/^\d{1,20}$/.test(seed) || BigInt(seed) > 18446744073709551615n) {
          s.formError = t('lobby.seedInvalid');
          render();
          return;
        }
        body = `${body.slice(0, -1)},"seed":${BigInt(seed).toString()}}`;
      }
      s.submitting = true;
      s.formError = '';
      render();
      try {
        const res = await api('POST', '/api/games', { body });
        adoptCreated(res);
        location.assign(gamePath(res.id));
      } catch (err) {
        s.submitting = false;
        s.formError = errorMessage(err);
        render();
      }
    }

    // yourTurns learns, for the games this browser holds seats of, where
    // it is its turn (a brief view: who decides, no board).
    async function yourTurns(games) {
      const turns = {};
      const mine = games.filter((g) => !g.over && store.keys(g.id).length).slice(0, 20);
      await Promise.all(
        mine.map(async (g) => {
          try {
            const v = await api('GET', `/api/games/${encodeURIComponent(g.id)}?brief=1`, { keys: store.keys(g.id) });
            turns[g.id] = !!(v && v.decision && (v.you || []).includes(v.decision.seat));
          } catch (_) {
            // No mark for a game that does not answer now.
          }
        }),
      );
      return turns;
    }

    async function load() {
      const [kinds, games] = await Promise.allSettled([api('GET', '/api/kinds'), api('GET', '/api/games?limit=50')]);
      if (kinds.status === 'fulfilled' && Array.isArray(kinds.value) && kinds.value.length) {
        s.kinds = kinds.value;
        s.form = defaultForm(s.kinds[0], '');
      } else {
        s.kindsError = kinds.status === 'rejected' ? errorMessage(kinds.reason) : 'no games offered';
      }
      if (games.status === 'fulfilled') s.games = Array.isArray(games.value) ? games.value : [];
      else s.gamesError = errorMessage(games.reason);
      if (s.games) s.turns = await yourTurns(s.games);
      render();
    }

    // The list of games follows what others create and play while the
    // lobby is open: it is fetched again every 10 s while the page is
    // visible, and only that section is redrawn (the form keeps its input).
    async function refreshGames() {
      if (document.hidden || !s.games) return;
      try {
        const games = await api('GET', '/api/games?limit=50');
        if (!Array.isArray(games) || JSON.stringify(games) === JSON.stringify(s.games)) return;
        s.turns = await yourTurns(games);
        s.games = games;
        s.gamesError = '';
        const section = $('#games-section');
        if (section) fill(section, h('h2', null, t('lobby.games')), gamesSection());
      } catch (_) {
        // Offline for a moment: the next round tries again.
      }
    }

    render();
    load();
    setInterval(refreshGames, 10000);
    return {
      rerender() {
        render();
        // The list's results and seat names come in the page's language.
        if (s.games) {
          s.games = [];
          refreshGames();
        }
      },
    };
  }

  // -------------------------------------------------------------- game

  function gamePage(id) {
    document.body.dataset.page = 'game';
    importFragmentKeys(id);
    const viewPath = `/api/games/${encodeURIComponent(id)}`;
    const s = {
      view: null,
      keys: store.keys(id),
      busy: false,
      fetching: null,
      again: false,
      message: null, // {text, kind: 'error' | 'notice'}
      offline: false,
      events: null,
      resolving: false,
      lastSeat: -1,
      invitesOpen: false,
    };
    try {
      if (sessionStorage.getItem('durbar:created') === id) {
        s.invitesOpen = true;
        sessionStorage.removeItem('durbar:created');
      }
    } catch (_) {
      // No session storage: the invite links start folded.
    }

    const app = $('#app');
    const board = h('div', { id: 'board', class: 'board' });
    const changedNote = h('p', { id: 'changed-note', class: 'hint changed-note', hidden: true });
    const status = h('p', { id: 'status', role: 'status', 'aria-live': 'polite' });
    const banner = h('div', { id: 'banner', hidden: true });
    const message = h('div', { id: 'message', role: 'alert', hidden: true });
    const promptText = h('h2', { id: 'prompt-text' });
    const promptRule = h('span', { id: 'prompt-rule', class: 'rule' });
    const filter = h('input', { id: 'option-filter', type: 'search', hidden: true, oninput: applyFilter });
    const options = h('div', { id: 'options' });
    const noOptions = h('p', { id: 'no-options', class: 'muted', hidden: true });
    const undoButton = h('button', { id: 'undo', type: 'button', disabled: true, onclick: undo });
    // Why undo is not possible, in a few words beside the grey button.
    const undoWhyText = h('span', { id: 'undo-why', class: 'undo-why muted', hidden: true });
    const autoplayBox = prefBox('autoplay', (on) => {
      if (on) autoplay();
    });
    const soundBox = prefBox('sound');
    const notifyPref = notifyBox();
    const prompt = h(
      'section',
      { id: 'prompt', class: 'card' },
      h('div', { class: 'prompt-head' }, promptText, promptRule),
      filter,
      options,
      noOptions,
      h('div', { class: 'prompt-actions' }, undoWhyText, undoButton),
      h('div', { class: 'prefs' }, autoplayBox, soundBox, notifyPref),
    );
    const inviteList = h('ul', { id: 'invite-list' });
    // Just after creating a game whose seats this browser holds, a note
    // above the options says what to do with them (the invite links are
    // further down, below the options), until the first move.
    const createdText = h('span');
    const createdShow = h('button', {
      type: 'button',
      class: 'link',
      onclick: () => {
        invites.open = true;
        invites.scrollIntoView({ block: 'nearest' });
      },
    });
    const createdNote = h('p', { id: 'created-note', class: 'hint created-note', hidden: true }, createdText, ' ', createdShow);
    // On a phone the status, result, message and prompt are a drawer at the
    // bottom of the screen (style.css), folded to the prompt and its first
    // options; the toggle unfolds it. On a wide screen it is no box at all.
    const drawerToggle = h('button', { id: 'drawer-toggle', type: 'button', 'aria-expanded': 'false', onclick: () => openDrawer(!drawer.classList.contains('open')) });
    const drawer = h('div', { id: 'drawer' }, drawerToggle, status, banner, message, createdNote, prompt);
    function openDrawer(open) {
      drawer.classList.toggle('open', open);
      drawerToggle.setAttribute('aria-expanded', String(open));
      const n = myOptions().length;
      drawerToggle.textContent = open ? t('drawer.less') : n ? t('drawer.more', { n }) : t('drawer.expand');
      if (!open) drawer.scrollTop = 0;
    }
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => document.documentElement.style.setProperty('--drawer-h', `${drawer.offsetHeight}px`)).observe(drawer);
    }
    const inviteHint = h('p', { class: 'hint' });
    const inviteSummary = h('summary');
    const invites = h('details', { id: 'invites', class: 'card', hidden: true }, inviteSummary, inviteHint, inviteList);
    const log = logBox();
    const chooserTitle = h('h3', { id: 'chooser-title' });
    const chooserOptions = h('div', { class: 'chooser-options' });
    const chooserCancel = h('button', { type: 'button', class: 'cancel', onclick: closeChooser });
    const chooser = h(
      'div',
      {
        id: 'chooser',
        class: 'overlay',
        hidden: true,
        onclick: (e) => {
          if (e.target === chooser) closeChooser();
        },
      },
      h('div', { class: 'chooser-box', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'chooser-title' }, chooserTitle, chooserOptions, chooserCancel),
    );

    fill(
      app,
      h(
        'div',
        { class: 'game-layout' },
        h('section', { class: 'board-wrap' }, changedNote, board),
        h('aside', { id: 'panel' }, drawer, invites, log),
      ),
      chooser,
    );
    setHeader(null);
    status.textContent = t('app.loading');

    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !chooser.hidden) closeChooser();
    });

    function held() {
      return new Set((s.view && s.view.you) || []);
    }

    function myOptions() {
      const v = s.view;
      return v && v.decision && held().has(v.decision.seat) ? v.decision.options || [] : [];
    }

    function ctx() {
      const opts = myOptions();
      return {
        lang: i18n.lang,
        t,
        options: opts,
        targets: new Set(opts.map((o) => o.target).filter(Boolean)),
        pick,
        // ask opens the chooser on these options, even a single one: the
        // board asks before an option nobody should send by a stray click.
        ask: (opts, title) => {
          if (!s.busy && opts.length) openChooser(opts, title);
        },
        choose: act,
      };
    }

    // accept shows a view unless it is older than the one on screen (an
    // action's answer and a live update may cross).
    function accept(view) {
      // An answer asked for before the language changed is shown, then
      // fetched again in the page's language.
      if (view.lang !== i18n.lang) setTimeout(refresh, 0);
      const old = s.view;
      if (old && typeof view.version === 'number' && typeof old.version === 'number' && view.version < old.version) return;
      const moved = !old || old.step !== view.step || old.version !== view.version;
      s.view = view;
      if (moved) {
        closeChooser();
        openDrawer(false);
        filter.value = '';
        if (s.message && s.message.kind === 'notice') s.message = null;
      }
      if (s.keys.length && !(view.you || []).length) s.message = { text: t('error.badKey'), kind: 'notice' };
      paint();
      trackChanges(view);
      drawBoard(board, view, ctx());
      outlineChanges();
      document.body.dataset.step = String(view.step);
      document.body.dataset.version = String(view.version);
      autoplay();
      if (view.over && s.events) {
        s.events.close();
        s.events = null;
      }
      resolveSeats();
    }

    function paint() {
      const v = s.view;
      if (!v) return;
      setHeader(v);
      const you = held();
      const d = v.decision;

      let state = '';
      let text = '';
      if (v.over) {
        state = 'over';
        text = t('status.over');
      } else if (d) {
        const seat = seatOf(v, d.seat);
        if (you.has(d.seat)) {
          state = 'turn';
          text = you.size > 1 ? t('status.yourTurnAs', { seat: seat.name }) : t('status.yourTurn');
        } else if (seat.kind === 'computer') {
          state = 'thinking';
          text = t('status.thinking', { seat: seat.name });
        } else {
          state = 'waiting';
          text = t('status.waiting', { seat: seat.name });
        }
      }
      status.dataset.state = state;
      notifyTurn(state === 'turn', v.step);
      fill(
        status,
        h('span', { class: 'status-text' }, text),
        !you.size ? h('span', { class: 'tag spectator' }, t('seat.spectator')) : null,
        s.offline ? h('span', { class: 'tag offline' }, t('status.offline')) : null,
      );

      banner.hidden = !v.over;
      if (v.over) {
        fill(
          banner,
          ...resultBlock(v.result),
          h('a', { id: 'replay-link', class: 'button', href: `${gamePath(id)}/replay` }, t('over.replay')),
          you.size ? h('button', { id: 'rematch', type: 'button', onclick: rematch }, t('over.rematch')) : null,
        );
      }

      message.hidden = !s.message;
      message.className = s.message ? `message ${s.message.kind}` : 'message';
      message.textContent = s.message ? s.message.text : '';

      prompt.hidden = v.over || !d;
      if (d) {
        promptText.textContent = d.prompt;
        promptRule.textContent = ruleText(d.rule);
        const opts = myOptions();
        fill(
          options,
          ...opts.map((o) =>
            h(
              'button',
              {
                type: 'button',
                class: 'option',
                dataset: { option: o.id },
                title: o.extra ? `${o.label} — ${o.extra}` : o.label,
                disabled: s.busy,
                onclick: () => act(o.id),
                onmouseenter: () => highlight(o.target, true),
                onmouseleave: () => highlight(o.target, false),
                onfocus: () => highlight(o.target, true),
                onblur: () => highlight(o.target, false),
              },
              h('span', { class: 'option-label' }, o.label),
              o.rule ? h('span', { class: 'rule' }, ruleText(o.rule)) : null,
            ),
          ),
        );
        filter.hidden = opts.length <= 12;
        filter.placeholder = t('prompt.filter');
        filter.setAttribute('aria-label', t('prompt.filter'));
        applyFilter();
        noOptions.hidden = opts.length > 0 || !you.has(d.seat);
        noOptions.textContent = t('prompt.none');
      }
      openDrawer(drawer.classList.contains('open'));
      autoplayBox.relabel();
      soundBox.relabel();
      notifyPref.relabel();
      undoButton.textContent = t('button.undo');
      undoButton.hidden = !you.size || v.over;
      undoButton.disabled = s.busy || !v.canUndo;
      // Why undo is not possible, on the disabled button (its tooltip and
      // what a screen reader says of it).
      const block = v.undoBlock;
      const undoWhy = {
        over: () => t('undo.over'),
        none: () => t('undo.none'),
        other: () => t('undo.other'),
        secret: () => t('undo.secret', { what: block.what || '' }),
      };
      undoButton.title = block && undoWhy[block.code] ? undoWhy[block.code]() : '';
      if (block) undoButton.setAttribute('aria-description', undoButton.title);
      else undoButton.removeAttribute('aria-description');
      const short = {
        over: () => t('undo.short.over'),
        none: () => t('undo.short.none'),
        other: () => t('undo.short.other'),
        secret: () => t('undo.short.secret', { what: block.what || '' }),
      };
      undoWhyText.textContent = block && short[block.code] ? short[block.code]() : '';
      undoWhyText.title = undoButton.title;
      undoWhyText.hidden = undoButton.hidden || !undoWhyText.textContent;

      paintInvites();

      logTexts(log);
      logList($('#log', log), v.log || [], v.logMarks, v.logChapter);
    }

    // A new game with this one's settings and a new seed; the caller
    // holds its seats, as after creating a game in the lobby.
    async function rematch(e) {
      const button = e.currentTarget;
      button.disabled = true;
      try {
        const res = await api('POST', `${viewPath}/rematch`, { keys: s.keys });
        adoptCreated(res);
        location.assign(gamePath(res.id));
      } catch (err) {
        button.disabled = false;
        s.message = { text: errorMessage(err), kind: 'error' };
        paint();
      }
    }

    // notifyTurn marks the tab's title while it is the player's turn and
    // the page is in the background, and rings once (if chosen) as the
    // turn comes; the title comes back when the page is seen. A player
    // who chose "Notify me" (and allowed it) also gets a browser
    // notification, in a game with another person: against the computer
    // alone, or holding every seat, the turn comes back at once.
    function notifyTurn(turn, step) {
      const base = s.view ? `${s.view.title} — ${t('app.name')}` : t('app.name');
      document.title = turn && document.hidden ? `● ${t('status.yourTurn')} — ${t('app.name')}` : base;
      if (turn && document.hidden && s.rungAt !== step) {
        if (pref('sound')) ring();
        if (pref('notify') && canNotify() && otherPerson()) {
          notify(t('notify.title', { game: s.view.title }), t('notify.body'), `durbar-${id}`);
        }
      }
      if (turn) s.rungAt = step;
    }

    // otherPerson: a seat the page does not hold is played by a person.
    function otherPerson() {
      const you = held();
      return ((s.view && s.view.seats) || []).some((st) => st.kind !== 'computer' && !you.has(st.seat));
    }

    // autoplay plays a step of the player's whose only option is forced
    // (a lone "Done"), when the player chose so, after a moment to see it;
    // never the step an undo just went back to.
    function autoplay() {
      clearTimeout(s.autoTimer);
      const v = s.view;
      if (!v || v.over || s.busy || !pref('autoplay') || v.step === s.undoneTo) return;
      const opts = myOptions();
      if (opts.length !== 1) return;
      const step = v.step;
      s.autoTimer = setTimeout(() => {
        if (s.view && s.view.step === step && !s.busy && myOptions().length === 1 && pref('autoplay')) act(opts[0].id);
      }, 400);
    }

    function paintInvites() {
      const v = s.view;
      const map = store.seatMap(id);
      const rows = [];
      for (const key of s.keys) {
        for (const n of map[key] || []) {
          if (!(v.you || []).includes(n)) continue;
          const url = inviteURL(id, key);
          const label = t('button.copyInvite');
          const copy = h('button', { type: 'button', class: 'copy', dataset: { copy: url }, onclick: (e) => copyText(url, e.currentTarget, label) }, label);
          rows.push(
            h(
              'li',
              { dataset: { seat: n } },
              h('span', { class: 'seat-name' }, seatOf(v, n).name),
              h('input', { type: 'text', readonly: true, value: url, 'aria-label': seatOf(v, n).name, onfocus: (e) => e.target.select() }),
              h('span', { class: 'invite-buttons' }, copy, h('button', { type: 'button', class: 'rekey', onclick: () => rekey(n, key) }, t('button.rekey'))),
            ),
          );
        }
      }
      invites.hidden = !rows.length || v.over;
      // Just after creating a game for several people, the links are the
      // next thing to do; a solo game keeps them folded.
      const fresh = s.invitesOpen && rows.length > 1;
      if (fresh && !invites.dataset.shown) {
        invites.open = true;
        invites.dataset.shown = '1';
      }
      inviteSummary.textContent = t('invite.title');
      inviteHint.textContent = fresh ? t('invite.created') : t('invite.hint');
      if (fresh && s.createdStep === undefined) s.createdStep = v.step;
      createdNote.hidden = !fresh || v.over || v.step !== s.createdStep;
      createdText.textContent = t('invite.created');
      createdShow.textContent = t('invite.show');
      fill(inviteList, ...rows);
    }

    // resolveSeats learns which seat each stored key opens (a key that came
    // in a link carries no seat number) by asking for the view with that
    // key alone, once per key.
    async function resolveSeats() {
      const v = s.view;
      const map = store.seatMap(id);
      const unknown = s.keys.filter((k) => !Array.isArray(map[k]));
      if (!unknown.length || s.resolving) return;
      if (s.keys.length === 1) {
        store.setSeats(id, s.keys[0], v.you || []);
        paintInvites();
        return;
      }
      s.resolving = true;
      try {
        for (const key of unknown) {
          const one = await api('GET', viewPath, { keys: [key] });
          store.setSeats(id, key, one.you || []);
        }
      } catch (_) {
        // Try again with the next view; the links are a convenience.
      } finally {
        s.resolving = false;
      }
      if (s.view) paintInvites();
    }

    function applyFilter() {
      const q = filter.value.trim().toLowerCase();
      for (const b of options.children) b.hidden = !!q && !b.textContent.toLowerCase().includes(q);
    }

    function highlight(target, on) {
      if (!target) return;
      for (const el of board.querySelectorAll(`[data-target="${CSS.escape(target)}"]`)) el.classList.toggle('hint', on);
    }

    function setBusy(busy) {
      s.busy = busy;
      if (busy) document.body.dataset.busy = '1';
      else delete document.body.dataset.busy;
      board.classList.toggle('busy', busy);
      for (const b of options.querySelectorAll('button')) b.disabled = busy;
      for (const b of chooserOptions.querySelectorAll('button')) b.disabled = busy;
      undoButton.disabled = busy || !(s.view && s.view.canUndo);
    }

    // What changed on the board since the player's last decision: the
    // renderer lists what each place holds (regions(board): target →
    // text); the places that differ from the board as it stood after the
    // player's last action are outlined until the player's next decision.
    function trackChanges(view) {
      const r = renderers.get(view.game);
      if (!r || typeof r.regions !== 'function' || !view.board) {
        s.changed = new Set();
        return;
      }
      const now = r.regions(view.board);
      // The first view, the answer to the player's own action or undo, and
      // a board in another language set the reference.
      if (!s.base || s.rebase || s.baseLang !== view.lang) {
        s.base = now;
        s.baseLang = view.lang;
        s.rebase = false;
      }
      s.changed = new Set();
      for (const k of new Set([...Object.keys(now), ...Object.keys(s.base)])) if (now[k] !== s.base[k]) s.changed.add(k);
    }

    function outlineChanges() {
      const changed = s.changed || new Set();
      for (const node of board.querySelectorAll('[data-target]')) node.classList.toggle('changed', changed.has(node.getAttribute('data-target')));
      changedNote.hidden = !changed.size;
      changedNote.textContent = changed.size ? t('board.changed', { n: changed.size }) : '';
    }

    function pick(target) {
      if (s.busy) return;
      const matches = myOptions().filter((o) => o.target === target);
      if (matches.length === 1) act(matches[0].id);
      else if (matches.length > 1) openChooser(matches);
    }

    function openChooser(opts, title) {
      chooserTitle.textContent = title || t('prompt.chooser');
      chooserCancel.textContent = t('prompt.cancel');
      fill(
        chooserOptions,
        ...opts.map((o) =>
          h(
            'button',
            { type: 'button', class: 'option', dataset: { option: o.id }, title: o.label, onclick: () => act(o.id) },
            h('span', { class: 'option-label' }, o.extra || o.label),
            o.rule ? h('span', { class: 'rule' }, ruleText(o.rule)) : null,
          ),
        ),
      );
      chooser.hidden = false;
      const first = chooserOptions.querySelector('button');
      if (first) first.focus();
    }

    function closeChooser() {
      chooser.hidden = true;
      chooserOptions.replaceChildren();
    }

    async function act(optionId) {
      const v = s.view;
      if (s.busy || !v || !v.decision || !held().has(v.decision.seat)) return;
      closeChooser();
      s.message = null;
      s.undoneTo = -1;
      setBusy(true);
      try {
        // The answer is short (where the game stands); the page then
        // fetches its view once, with only what changed on its board.
        const q = logQuery(v);
        const done = await api('POST', `${viewPath}/actions` + (q ? q + '&' : '?') + 'reply=short', { keys: s.keys, body: { seat: v.decision.seat, option: optionId, step: v.step } });
        s.lastSeat = v.decision.seat;
        s.awaiting = done.version;
        setBusy(false);
        s.rebase = true;
        await refresh();
        s.awaiting = 0;
      } catch (e) {
        setBusy(false);
        if (e.status === 409) {
          s.message = { text: t('error.stale'), kind: 'notice' };
          await refresh();
        } else {
          s.message = { text: errorMessage(e), kind: 'error' };
          paint();
        }
      }
    }

    async function undo() {
      const v = s.view;
      if (s.busy || !v || !v.canUndo) return;
      const you = v.you || [];
      // The server takes back the caller's last action whichever seat is
      // named; the seat only has to be one the caller holds.
      let seat = you[0];
      if (you.includes(s.lastSeat)) seat = s.lastSeat;
      else if (v.decision && you.includes(v.decision.seat)) seat = v.decision.seat;
      s.message = null;
      setBusy(true);
      try {
        const lang = i18n.lang;
        const next = await api('POST', `${viewPath}/undo`, { keys: s.keys, body: { seat } });
        s.undoneTo = next.step;
        setBusy(false);
        s.rebase = true;
        accept(withLog(null, next, lang));
      } catch (e) {
        setBusy(false);
        s.message = { text: errorMessage(e), kind: 'error' };
        if (e.status === 409) await refresh();
        else paint();
      }
    }

    async function rekey(seat, oldKey) {
      if (!confirm(t('invite.rekeyConfirm', { seat: seatOf(s.view, seat).name }))) return;
      try {
        const res = await api('POST', `${viewPath}/seats/${seat}/key`, { keys: s.keys });
        s.keys = store.replaceKey(id, oldKey, res.key);
        store.setSeats(id, res.key, [seat]);
        await refresh();
      } catch (e) {
        s.message = { text: errorMessage(e), kind: 'error' };
        paint();
      }
    }

    // refresh fetches the view; calls while one is under way fold into one
    // more fetch after it.
    // Ask only for the log lines this page does not have yet: the server
    // sends them from logFrom on when the log only grew since the version
    // the page shows (logStart > 0), else the whole log (after an undo).
    // A page that changed language asks for the whole log again: the lines
    // it has are in the other language.
    // It also says which step it shows (at) and whose board (as): the
    // server may then send only what changed on its board (boardPatch).
    function logQuery(have) {
      return have && have.lang === i18n.lang ? `?since=${have.version}&logFrom=${(have.log || []).length}&at=${have.step}&as=${have.boardSeat}` : '';
    }

    // withLog completes next's log from the lines the page has, and its
    // board from the board the page has and what changed (mergePatch), and
    // marks next with the language lang it was asked in.
    function withLog(have, next, lang) {
      if (have && next.logStart > 0) next.log = (have.log || []).slice(0, next.logStart).concat(next.log || []);
      if (next.boardPatch !== undefined) {
        next.board = have && have.board ? mergePatch(structuredClone(have.board), next.boardPatch) : null;
        delete next.boardPatch;
      }
      next.lang = lang;
      return next;
    }

    // mergePatch applies a board patch to target: a JSON merge patch (RFC
    // 7386) in which an object with $items patches an array's elements in
    // place instead of replacing the array. Its $splice [at, removed,
    // inserted], there when the length changed, first removes elements at
    // at and makes room for new ones there; then each member of $items
    // patches, or sets, the element at its index.
    function mergePatch(target, patch) {
      if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
      if (Array.isArray(target) && patch.$items !== undefined) {
        if (patch.$splice) {
          const [at, removed, inserted] = patch.$splice;
          target.splice(at, removed, ...new Array(inserted).fill(null));
        }
        for (const [i, v] of Object.entries(patch.$items)) target[i] = mergePatch(target[i], v);
        return target;
      }
      if (target === null || typeof target !== 'object' || Array.isArray(target)) target = {};
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) delete target[k];
        else target[k] = mergePatch(target[k], v);
      }
      return target;
    }

    function refresh() {
      if (s.fetching) {
        s.again = true;
        return s.fetching;
      }
      s.fetching = (async () => {
        try {
          do {
            s.again = false;
            // Ask only for the log lines this page does not have yet: the
            // server sends them from logFrom on when the log only grew
            // since the version this page shows (logStart > 0), else all.
            const have = s.view;
            const lang = i18n.lang;
            accept(withLog(have, await api('GET', viewPath + logQuery(have), { keys: s.keys }), lang));
          } while (s.again);
        } catch (e) {
          if (e.status === 404) notFound();
          else {
            s.message = { text: errorMessage(e), kind: 'error' };
            if (s.view) paint();
            else status.textContent = s.message.text;
          }
        } finally {
          s.fetching = null;
        }
      })();
      return s.fetching;
    }

    function notFound() {
      if (s.events) s.events.close();
      s.events = null;
      setHeader(null);
      fill(
        app,
        h('div', { class: 'card' }, h('p', { class: 'message error', id: 'status', dataset: { state: 'missing' } }, t('error.notFound')), h('a', { href: '/' }, t('button.lobby'))),
      );
      page = null;
    }

    function listen() {
      const es = new EventSource(withLang(`${viewPath}/events`));
      s.events = es;
      es.addEventListener('update', (e) => {
        let u = {};
        try {
          u = JSON.parse(e.data);
        } catch (_) {
          u = {};
        }
        const v = s.view;
        // The page's own action: its view is being fetched already.
        if (s.awaiting && u.version <= s.awaiting) return;
        if (!v || u.step !== v.step || u.version !== v.version) refresh();
      });
      es.addEventListener('open', () => {
        if (s.offline) {
          s.offline = false;
          paint();
        }
      });
      es.addEventListener('error', () => {
        // The browser reconnects by itself unless the stream was refused;
        // then try again a little later.
        if (!s.offline) {
          s.offline = true;
          paint();
        }
        if (es.readyState === EventSource.CLOSED && s.events === es) {
          s.events = null;
          setTimeout(() => {
            if (!s.events && page === controller && !(s.view && s.view.over)) listen();
          }, 5000);
        }
      });
    }

    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && page === controller) refresh();
    });

    document.addEventListener('visibilitychange', () => {
      if (page === controller && s.view) notifyTurn(status.dataset.state === 'turn', s.view.step);
    });

    // An invitation link opened in a tab already showing this game only
    // changes the fragment: the page takes its key at once.
    window.addEventListener('hashchange', () => {
      if (page !== controller || !/[#&]key=/.test(location.hash)) return;
      importFragmentKeys(id);
      s.keys = store.keys(id);
      s.message = null;
      refresh();
    });

    const controller = {
      rerender() {
        if (!s.view) return;
        paint();
        drawBoard(board, s.view, ctx());
        outlineChanges();
        // The game's own text comes from the server in the page's language.
        if (s.view.lang !== i18n.lang) refresh();
      },
      onRegister(name) {
        if (s.view && s.view.game === name) {
          trackChanges(s.view);
          drawBoard(board, s.view, ctx());
          outlineChanges();
        }
      },
    };
    refresh().then(() => {
      if (page === controller && s.view && !s.view.over) listen();
    });
    return controller;
  }

  // ------------------------------------------------------------ replay

  function replayPage(id) {
    document.body.dataset.page = 'replay';
    const base = `/api/games/${encodeURIComponent(id)}`;
    const s = { view: null, step: 0, total: 0, seq: 0, timer: 0, error: '' };
    const fromURL = Number(new URLSearchParams(location.search).get('step'));
    if (Number.isInteger(fromURL) && fromURL > 0) s.step = fromURL;

    const app = $('#app');
    const board = h('div', { id: 'board', class: 'board' });
    const status = h('p', { id: 'status', role: 'status', 'aria-live': 'polite' });
    const message = h('div', { id: 'message', role: 'alert', hidden: true });
    const decision = h('p', { id: 'replay-decision', class: 'muted', hidden: true });
    const btn = (bid, onclick) => h('button', { id: bid, type: 'button', onclick });
    const first = btn('first', () => go(0));
    const prev = btn('prev', () => go(s.step - 1));
    const next = btn('next', () => go(s.step + 1));
    const last = btn('last', () => go(s.total));
    // Jumps by chapter (Gandhi: card; Rajas, The Great Game: turn), from
    // the steps the server lists where one starts.
    const chapters = () => (s.view && s.view.replay && s.view.replay.chapters) || [];
    const prevChapter = btn('prev-chapter', () => {
      const before = chapters().filter((k) => k < s.step);
      go(before.length ? before[before.length - 1] : 0);
    });
    const nextChapter = btn('next-chapter', () => {
      const after = chapters().find((k) => k > s.step);
      go(after === undefined ? s.total : after);
    });
    const chapterButtons = h('div', { class: 'replay-buttons replay-chapters', hidden: true }, prevChapter, nextChapter);
    const range = h('input', {
      id: 'step-range',
      type: 'range',
      min: '0',
      max: '0',
      step: '1',
      value: String(s.step),
      oninput: (e) => go(Number(e.target.value), true),
    });
    const download = h('a', { id: 'download', class: 'button', href: `${base}/save`, download: '' });
    const toGame = h('a', { id: 'to-game', href: gamePath(id) });
    const log = logBox();
    // The controls come first in the panel: the text below them (the
    // step's prompt, a message) changes height from step to step, and
    // buttons under it would move away from a pointer clicking them again.
    const controls = h('div', { id: 'replay-controls', class: 'card' }, h('div', { class: 'replay-buttons' }, first, prev, next, last), chapterButtons, range, h('div', { class: 'replay-links' }, download, toGame));

    fill(app, h('div', { class: 'game-layout' }, h('section', { class: 'board-wrap' }, board), h('aside', { id: 'panel' }, controls, status, decision, message, log)));
    setHeader(null);
    labels();

    document.addEventListener('keydown', (e) => {
      if (page !== controller || e.altKey || e.ctrlKey || e.metaKey) return;
      const tag = e.target && e.target.tagName;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      const to = { ArrowLeft: s.step - 1, ArrowRight: s.step + 1, Home: 0, End: s.total }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    });

    function labels() {
      // Icon and word; on a narrow phone the word is hidden, the button
      // keeps it as its accessible name.
      const label = (b, glyph, word, after) => {
        b.setAttribute('aria-label', word);
        b.title = word;
        const parts = [glyph, h('span', { class: 'btn-label' }, word)];
        fill(b, after ? parts.reverse() : parts);
      };
      label(first, icon('M3 2h2v12H3zM14 2v12L6 8z'), t('button.first'));
      label(prev, icon('M12 2v12L4 8z'), t('button.prev'));
      label(next, icon('M4 2v12l8-6z'), t('button.next'), true);
      label(last, icon('M11 2h2v12h-2zM2 2v12l8-6z'), t('button.last'), true);
      const kind = s.view && s.view.replay && s.view.replay.chapter;
      chapterButtons.hidden = !kind || !chapters().length;
      if (kind) {
        label(prevChapter, icon('M12 2v12L4 8z'), t(`replay.prev.${kind}`));
        label(nextChapter, icon('M4 2v12l8-6z'), t(`replay.next.${kind}`), true);
      }
      range.setAttribute('aria-label', t('replay.slider'));
      download.textContent = t('button.download');
      toGame.textContent = t('button.toGame');
      status.textContent = s.view ? t('replay.step', { n: s.step, total: s.total }) : t('app.loading');
      const d = s.view && s.view.decision;
      decision.hidden = !d;
      decision.textContent = d ? `${seatOf(s.view, d.seat).name}: ${d.prompt}` : '';
      logTexts(log);
    }

    function controlsState() {
      first.disabled = prev.disabled = prevChapter.disabled = s.step <= 0;
      next.disabled = last.disabled = nextChapter.disabled = s.step >= s.total;
      range.max = String(s.total);
      range.value = String(s.step);
    }

    // go moves to step n; a slider drag waits for a pause so it does not
    // fetch every step it passes.
    function go(n, dragging) {
      if (!s.view) return;
      n = Math.max(0, Math.min(s.total, Math.round(n)));
      s.step = n;
      controlsState();
      status.textContent = t('replay.step', { n, total: s.total });
      clearTimeout(s.timer);
      if (dragging) s.timer = setTimeout(() => load(n), 120);
      else load(n);
    }

    // load shows step n; n null asks for the final position, which also
    // tells the number of steps.
    async function load(n, quiet) {
      const seq = ++s.seq;
      try {
        const view = await api('GET', n === null ? `${base}/replay` : `${base}/replay?step=${n}`, { keys: store.keys(id) });
        if (seq !== s.seq) return;
        s.view = view;
        s.error = '';
        const r = view.replay || { step: view.step, total: view.step };
        s.step = r.step;
        s.total = Math.max(s.total, r.total, r.step);
        if (!quiet) show();
      } catch (e) {
        if (seq !== s.seq) return;
        s.error = e.status === 403 ? t('replay.unavailable') : e.status === 404 ? t('error.notFound') : errorMessage(e);
        message.hidden = false;
        message.className = 'message error';
        message.textContent = s.error;
        if (!s.view) status.textContent = '';
      }
    }

    function show() {
      const v = s.view;
      setHeader(v, h('span', { class: 'tag replay' }, t('replay.title')));
      message.hidden = true;
      controlsState();
      labels();
      logTexts(log);
      logList($('#log', log), v.log || [], v.logMarks, v.logChapter);
      drawBoard(board, v, { lang: i18n.lang, t, options: [], targets: new Set(), pick() {}, ask() {}, choose() {} });
      document.body.dataset.step = String(v.step);
      // The address names the step shown, so a link opens there.
      const url = new URL(location.href);
      url.searchParams.set('step', String(s.step));
      history.replaceState(history.state, '', url.pathname + url.search);
    }

    const controller = {
      rerender() {
        if (s.view) {
          show();
          load(s.step, false); // the game's text in the new language
        } else labels();
      },
      onRegister(name) {
        if (s.view && s.view.game === name) show();
      },
    };
    // Learn the length first, then open at the asked step (the start by
    // default).
    const wanted = s.step;
    load(null, true).then(() => {
      if (!s.view) return;
      if (wanted !== s.step) go(wanted);
      else show();
    });
    return controller;
  }

  // ------------------------------------------------------------ start

  function route() {
    const path = location.pathname;
    let m = path.match(/^\/g\/([^/]+)\/replay\/?$/);
    if (m) return replayPage(decodeURIComponent(m[1]));
    m = path.match(/^\/g\/([^/]+)\/?$/);
    if (m) return gamePage(decodeURIComponent(m[1]));
    return lobbyPage();
  }

  function languageSwitch() {
    const select = $('#lang');
    const label = $('#lang-label');
    if (!select) return;
    fill(select, ...i18n.languages.map((l) => h('option', { value: l.id, title: l.label, selected: l.id === i18n.lang }, l.short)));
    const relabel = () => {
      select.setAttribute('aria-label', t('lang.label'));
      if (label) label.textContent = t('lang.label');
    };
    relabel();
    select.addEventListener('change', () => i18n.setLang(select.value));
    i18n.onChange(() => {
      select.value = i18n.lang;
      relabel();
      if (page) page.rerender();
    });
  }

  // The page starts once every deferred script has run, so the renderers
  // (loaded after this file) are registered before the first drawing.
  let started = false;
  function start() {
    if (started) return;
    started = true;
    languageSwitch();
    page = route();
  }

  if (document.readyState === 'complete') start();
  else {
    document.addEventListener('DOMContentLoaded', start);
    window.addEventListener('load', start);
  }
})();

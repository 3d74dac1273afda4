// The Great Game (Asia Crossroads): draws the board the server sends
// (ggBoard, in greatgame/greatgameplug/server.go) — the map of Central Asia
// as SVG, a grid of squares coloured by terrain with the region borders,
// each region tinted by the side that controls it, the trade routes and
// rivers as lines, the cities and ports, the civilization markers, and
// every stack the seat can see as a counter in its owner's colour (a stack
// the seat may not examine lies face down, with its count) — and beside it
// a panel with the turn, the phase, the Balance of Power, the treasury,
// supply points, control of the regions, and the counters of the square
// under the pointer. Squares, bases, regions and counters an option refers
// to carry data-target; a click on one is handed to the page (ctx.pick).
'use strict';
(() => {
  const Durbar = window.Durbar;

  // ------------------------------------------------------------ strings

  const strings = {
    en: {
      'greatgame.title': 'The Great Game (Asia Crossroads)',
      'greatgame.scenario.1': 'To Afghanistan! 1835–59',
      'greatgame.scenario.2': 'Clash of Empires 1860–89',
      'greatgame.scenario.3-1': "The Great Game 1835–1904 (from To Afghanistan!'s set-up)",
      'greatgame.scenario.3-2': "The Great Game 1860–1904 (from Clash of Empires' set-up)",
      'greatgame.seat.british': 'British',
      'greatgame.seat.russian': 'Russian',
      'greatgame.computer.bot': 'Heuristic (fast)',
      'greatgame.computer.mcts': 'Search (about a second a move)',
      'greatgame.computer.random': 'Random (any legal option)',
      'greatgame.side.british': 'British',
      'greatgame.side.russian': 'Russian',
      'greatgame.side.neutral': 'Neutral',
      'greatgame.turn': 'Turn {turn} of {last} · {years}',
      'greatgame.phase': 'Phase: {phase}',
      'greatgame.ops': 'Operations phase {n}: {side} phasing',
      'greatgame.first': '{side} went first',
      'greatgame.bop': 'Balance of Power',
      'greatgame.bopValue': '{value}: favours the {side} ({level})',
      'greatgame.level.1': 'slightly',
      'greatgame.level.2': 'moderately',
      'greatgame.level.3': 'strongly',
      'greatgame.treasury': 'Your treasury',
      'greatgame.pounds': '£{n}',
      'greatgame.sp': 'Supply points',
      'greatgame.openWar': 'Open war!',
      'greatgame.control': 'Control of the regions',
      'greatgame.vp': '{n} VP',
      'greatgame.prisoners': 'Prisoners',
      'greatgame.heldBy': 'held by the {side}',
      'greatgame.yourDecision': 'Your decision',
      'greatgame.waiting': 'Waiting for the {side}: {step}',
      'greatgame.over': 'The game is over',
      'greatgame.spectator': 'You are watching: every stack lies face down.',
      'greatgame.square': 'Square {id}',
      'greatgame.base': 'Base',
      'greatgame.hover': 'Point at a square to see what stands there.',
      'greatgame.empty': 'No counters here.',
      'greatgame.hidden': '{n} {side} {n|counter|counters} you may not examine',
      'greatgame.choose': 'Counters to choose',
      'greatgame.capital': 'capital',
      'greatgame.city': 'city',
      'greatgame.port': 'port',
      'greatgame.income': 'income {n}',
      'greatgame.route': 'Trade route',
      'greatgame.river': 'River',
      'greatgame.legend': 'Legend',
      'greatgame.faceDown': 'face-down stack',
      'greatgame.strength': 'strength {s}, move {m}, table {crt}',
      'greatgame.agent': 'political {p}, military {m}, move {move}',
      'greatgame.reduced': 'reduced',
      'greatgame.terrain.clear': 'Clear',
      'greatgame.terrain.desert': 'Desert',
      'greatgame.terrain.mountain': 'Mountain',
      'greatgame.terrain.sea': 'Sea',
      'greatgame.marker.colony': 'Colony',
      'greatgame.marker.fort': 'Fort',
      'greatgame.marker.trading-post': 'Trading post',
      'greatgame.marker.railway': 'Railway',
      'greatgame.markers': 'Civilization markers',
      'greatgame.phase.set-up': 'set-up',
      'greatgame.phase.start-of-the-turn': 'start of the turn',
      'greatgame.phase.initiative': 'initiative',
      'greatgame.phase.random-events': 'random events',
      'greatgame.phase.income-and-spending': 'income and spending',
      'greatgame.phase.movement': 'movement',
      'greatgame.phase.negotiations': 'negotiations',
      'greatgame.phase.belligerence': 'belligerence',
      'greatgame.phase.combat': 'combat',
      'greatgame.phase.end-of-combat': 'end of combat',
      'greatgame.phase.supply': 'supply',
      'greatgame.phase.balance-of-power': 'balance of power',
      'greatgame.phase.end-of-the-turn': 'end of the turn',
      'greatgame.events': 'Events this turn',
      'greatgame.noEvents': 'No event yet this turn.',
      'greatgame.dead': 'Eliminated counters ({n})',
      'greatgame.turns': 'Turn track',
      'greatgame.moves': 'Moves since your last decision',
      'greatgame.bopLevel': '{from}–{to}: {level}, {vp} VP',
      'greatgame.level.slight': 'slight',
      'greatgame.level.moderate': 'moderate',
      'greatgame.level.strong': 'strong',
      'greatgame.counterValues': 'counter: strength over movement',
      'greatgame.cityValue': "a city's number: its income and victory points",
      'greatgame.deal.title': 'Propose an agreement (23.0)',
      'greatgame.deal.give': 'You give (£)',
      'greatgame.deal.ask': 'You ask (£)',
      'greatgame.deal.cede': 'You cede control of',
      'greatgame.deal.want': 'You ask for control of',
      'greatgame.deal.propose': 'Propose',
      'greatgame.deal.cancel': 'Make no offer',
      'greatgame.deal.empty': 'Add pounds or regions to the offer first.',
      'greatgame.deal.none': 'none',
    },
    es: {
      'greatgame.title': 'El Gran Juego (Asia Crossroads)',
      'greatgame.scenario.1': '¡Hacia Afganistán! 1835–59',
      'greatgame.scenario.2': 'Choque de imperios 1860–89',
      'greatgame.scenario.3-1': 'El Gran Juego 1835–1904 (con la colocación inicial de ¡Hacia Afganistán!)',
      'greatgame.scenario.3-2': 'El Gran Juego 1860–1904 (con la colocación inicial de Choque de imperios)',
      'greatgame.seat.british': 'Británicos',
      'greatgame.seat.russian': 'Rusos',
      'greatgame.computer.bot': 'Heurístico (rápido)',
      'greatgame.computer.mcts': 'Búsqueda (un segundo por jugada)',
      'greatgame.computer.random': 'Al azar (cualquier opción legal)',
      'greatgame.side.british': 'británicos',
      'greatgame.side.russian': 'rusos',
      'greatgame.side.neutral': 'neutral',
      'greatgame.turn': 'Turno {turn} de {last} · {years}',
      'greatgame.phase': 'Fase: {phase}',
      'greatgame.ops': 'Fase de operaciones {n}: juegan los {side}',
      'greatgame.first': 'Empezaron los {side}',
      'greatgame.bop': 'Balance de Potencias',
      'greatgame.bopValue': '{value}: favorece a los {side} ({level})',
      'greatgame.level.1': 'ligeramente',
      'greatgame.level.2': 'moderadamente',
      'greatgame.level.3': 'fuertemente',
      'greatgame.treasury': 'Tu tesoro',
      'greatgame.pounds': '{n} £',
      'greatgame.sp': 'Puntos de suministro',
      'greatgame.openWar': '¡Guerra abierta!',
      'greatgame.control': 'Control de las regiones',
      'greatgame.vp': '{n} PV',
      'greatgame.prisoners': 'Prisioneros',
      'greatgame.heldBy': 'en poder de los {side}',
      'greatgame.yourDecision': 'Tu decisión',
      'greatgame.waiting': 'Esperando a los {side}: {step}',
      'greatgame.over': 'La partida ha terminado',
      'greatgame.spectator': 'Eres espectador: todos los apilamientos están boca abajo.',
      'greatgame.square': 'Cuadrado {id}',
      'greatgame.base': 'Base',
      'greatgame.hover': 'Señala un cuadrado para ver qué hay en él.',
      'greatgame.empty': 'No hay fichas aquí.',
      'greatgame.hidden': '{n} {n|ficha|fichas} que no puedes examinar ({side})',
      'greatgame.choose': 'Fichas para elegir',
      'greatgame.capital': 'capital',
      'greatgame.city': 'ciudad',
      'greatgame.port': 'puerto',
      'greatgame.income': 'ingresos {n}',
      'greatgame.route': 'Ruta comercial',
      'greatgame.river': 'Río',
      'greatgame.legend': 'Leyenda',
      'greatgame.faceDown': 'apilamiento boca abajo',
      'greatgame.strength': 'fuerza {s}, movimiento {m}, tabla {crt}',
      'greatgame.agent': 'político {p}, militar {m}, movimiento {move}',
      'greatgame.reduced': 'reducida',
      'greatgame.terrain.clear': 'Despejado',
      'greatgame.terrain.desert': 'Desierto',
      'greatgame.terrain.mountain': 'Montaña',
      'greatgame.terrain.sea': 'Mar',
      'greatgame.marker.colony': 'Colonia',
      'greatgame.marker.fort': 'Fuerte',
      'greatgame.marker.trading-post': 'Puesto comercial',
      'greatgame.marker.railway': 'Ferrocarril',
      'greatgame.markers': 'Marcadores de civilización',
      'greatgame.phase.set-up': 'colocación inicial',
      'greatgame.phase.start-of-the-turn': 'inicio del turno',
      'greatgame.phase.initiative': 'iniciativa',
      'greatgame.phase.random-events': 'eventos casuales',
      'greatgame.phase.income-and-spending': 'ingresos y gastos',
      'greatgame.phase.movement': 'movimiento',
      'greatgame.phase.negotiations': 'negociaciones',
      'greatgame.phase.belligerence': 'beligerancia',
      'greatgame.phase.combat': 'combate',
      'greatgame.phase.end-of-combat': 'fin del combate',
      'greatgame.phase.supply': 'aprovisionamiento',
      'greatgame.phase.balance-of-power': 'balance de potencias',
      'greatgame.phase.end-of-the-turn': 'fin del turno',
      'greatgame.events': 'Eventos de este turno',
      'greatgame.noEvents': 'Aún no hay eventos este turno.',
      'greatgame.dead': 'Fichas eliminadas ({n})',
      'greatgame.turns': 'Registro de turnos',
      'greatgame.moves': 'Movimientos desde tu última decisión',
      'greatgame.bopLevel': '{from}–{to}: {level}, {vp} PV',
      'greatgame.level.slight': 'ligero',
      'greatgame.level.moderate': 'moderado',
      'greatgame.level.strong': 'fuerte',
      'greatgame.counterValues': 'ficha: fuerza sobre movimiento',
      'greatgame.cityValue': 'número de una ciudad: sus ingresos y puntos de victoria',
      'greatgame.deal.title': 'Proponer un acuerdo (23.0)',
      'greatgame.deal.give': 'Entregas (£)',
      'greatgame.deal.ask': 'Pides (£)',
      'greatgame.deal.cede': 'Cedes el control de',
      'greatgame.deal.want': 'Pides el control de',
      'greatgame.deal.propose': 'Proponer',
      'greatgame.deal.cancel': 'No ofrecer nada',
      'greatgame.deal.empty': 'Añade primero libras o regiones a la oferta.',
      'greatgame.deal.none': 'ninguna',
    },
    it: {
      'greatgame.title': 'Il Grande Gioco (Asia Crossroads)',
      'greatgame.scenario.1': 'In Afghanistan! 1835–59',
      'greatgame.scenario.2': 'Scontro di imperi 1860–89',
      'greatgame.scenario.3-1': 'Il Grande Gioco 1835–1904 (dallo schieramento di In Afghanistan!)',
      'greatgame.scenario.3-2': 'Il Grande Gioco 1860–1904 (dallo schieramento di Scontro di imperi)',
      'greatgame.seat.british': 'Britannici',
      'greatgame.seat.russian': 'Russi',
      'greatgame.computer.bot': 'Euristico (veloce)',
      'greatgame.computer.mcts': 'Ricerca (circa un secondo a mossa)',
      'greatgame.computer.random': 'Casuale (qualsiasi opzione legale)',
      'greatgame.side.british': 'britannici',
      'greatgame.side.russian': 'russi',
      'greatgame.side.neutral': 'neutrale',
      'greatgame.turn': 'Turno {turn} di {last} · {years}',
      'greatgame.phase': 'Fase: {phase}',
      'greatgame.ops': 'Fase operativa {n}: giocano i {side}',
      'greatgame.first': 'Hanno iniziato i {side}',
      'greatgame.bop': 'Equilibrio di potere',
      'greatgame.bopValue': '{value}: favorisce i {side} ({level})',
      'greatgame.level.1': 'leggermente',
      'greatgame.level.2': 'moderatamente',
      'greatgame.level.3': 'fortemente',
      'greatgame.treasury': 'Il tuo tesoro',
      'greatgame.pounds': '{n} £',
      'greatgame.sp': 'Punti rifornimento',
      'greatgame.openWar': 'Guerra aperta!',
      'greatgame.control': 'Controllo delle regioni',
      'greatgame.vp': '{n} PV',
      'greatgame.prisoners': 'Prigionieri',
      'greatgame.heldBy': 'in mano ai {side}',
      'greatgame.yourDecision': 'La tua decisione',
      'greatgame.waiting': 'In attesa dei {side}: {step}',
      'greatgame.over': 'La partita è finita',
      'greatgame.spectator': 'Stai guardando: tutte le pile sono coperte.',
      'greatgame.square': 'Casella {id}',
      'greatgame.base': 'Base',
      'greatgame.hover': 'Punta una casella per vedere cosa contiene.',
      'greatgame.empty': 'Nessuna pedina qui.',
      'greatgame.hidden': '{n} {n|pedina|pedine} che non puoi esaminare ({side})',
      'greatgame.choose': 'Pedine da scegliere',
      'greatgame.capital': 'capitale',
      'greatgame.city': 'città',
      'greatgame.port': 'porto',
      'greatgame.income': 'entrate {n}',
      'greatgame.route': 'Via commerciale',
      'greatgame.river': 'Fiume',
      'greatgame.legend': 'Legenda',
      'greatgame.faceDown': 'pila coperta',
      'greatgame.strength': 'forza {s}, movimento {m}, tabella {crt}',
      'greatgame.agent': 'politico {p}, militare {m}, movimento {move}',
      'greatgame.reduced': 'ridotta',
      'greatgame.terrain.clear': 'Aperto',
      'greatgame.terrain.desert': 'Deserto',
      'greatgame.terrain.mountain': 'Montagna',
      'greatgame.terrain.sea': 'Mare',
      'greatgame.marker.colony': 'Colonia',
      'greatgame.marker.fort': 'Forte',
      'greatgame.marker.trading-post': 'Emporio',
      'greatgame.marker.railway': 'Ferrovia',
      'greatgame.markers': 'Segnalini civiltà',
      'greatgame.phase.set-up': 'schieramento',
      'greatgame.phase.start-of-the-turn': 'inizio del turno',
      'greatgame.phase.initiative': 'iniziativa',
      'greatgame.phase.random-events': 'eventi casuali',
      'greatgame.phase.income-and-spending': 'entrate e spese',
      'greatgame.phase.movement': 'movimento',
      'greatgame.phase.negotiations': 'negoziati',
      'greatgame.phase.belligerence': 'belligeranza',
      'greatgame.phase.combat': 'combattimento',
      'greatgame.phase.end-of-combat': 'fine del combattimento',
      'greatgame.phase.supply': 'rifornimento',
      'greatgame.phase.balance-of-power': 'equilibrio di potere',
      'greatgame.phase.end-of-the-turn': 'fine del turno',
      'greatgame.events': 'Eventi di questo turno',
      'greatgame.noEvents': 'Ancora nessun evento in questo turno.',
      'greatgame.dead': 'Pedine eliminate ({n})',
      'greatgame.turns': 'Tracciato dei turni',
      'greatgame.moves': "Movimenti dall'ultima tua decisione",
      'greatgame.bopLevel': '{from}–{to}: {level}, {vp} PV',
      'greatgame.level.slight': 'lieve',
      'greatgame.level.moderate': 'moderato',
      'greatgame.level.strong': 'forte',
      'greatgame.counterValues': 'pedina: forza sopra movimento',
      'greatgame.cityValue': 'numero di una città: entrate e punti vittoria',
      'greatgame.deal.title': 'Proporre un accordo (23.0)',
      'greatgame.deal.give': 'Dai (£)',
      'greatgame.deal.ask': 'Chiedi (£)',
      'greatgame.deal.cede': 'Cedi il controllo di',
      'greatgame.deal.want': 'Chiedi il controllo di',
      'greatgame.deal.propose': 'Proponi',
      'greatgame.deal.cancel': 'Nessuna offerta',
      'greatgame.deal.empty': "Aggiungi prima sterline o regioni all'offerta.",
      'greatgame.deal.none': 'nessuna',
    },
  };
  for (const [lang, dict] of Object.entries(strings)) Durbar.i18n.add(lang, dict);

  // ------------------------------------------------------------ look

  const S = 24; // a square's side
  const BAND = 46; // the off-map bases' bands above and below the map
  const TERRAIN = { c: '#e7dfb6', d: '#f0d38a', m: '#b49a7a', s: '#9cc6df', '?': '#ddd' };
  const TERRAIN_ID = { c: 'clear', d: 'desert', m: 'mountain', s: 'sea' };
  // Sides: British red, Russian blue, natives (neutral) brown.
  const SIDE = { british: '#b3261e', russian: '#1f4e9c', neutral: '#7a4f25' };
  const TINT = { british: '#e53935', russian: '#1565ff' };
  const MARKER_LETTER = { colony: 'C', fort: 'F', 'trading-post': 'T', railway: 'R' };

  const esc = (s) =>
    String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const attrs = (a) =>
    Object.entries(a)
      .filter(([, v]) => v !== undefined && v !== null && v !== false)
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join('');
  const tag = (name, a, body) => (body === undefined ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${body}</${name}>`);
  const el = (name, a, body) => tag(name, a, body === undefined ? '' : body);
  const title = (text) => el('title', {}, esc(text));

  // col and row (0-based) of a square id CCRR.
  function cr(id) {
    return [Number(id.slice(0, 2)) - 1, Number(id.slice(2, 4)) - 1];
  }
  function sqID(col, row) {
    return String(col + 1).padStart(2, '0') + String(row + 1).padStart(2, '0');
  }
  // the centre of a square in drawing coordinates
  function centre(id) {
    const [c, r] = cr(id);
    return [c * S + S / 2, BAND + r * S + S / 2];
  }

  // ------------------------------------------------------------ the map's indexes

  // index gathers, once per board, what the drawing looks up by square.
  function index(b) {
    const m = b.map;
    const area = {};
    for (const r of m.regions) area[r.letter] = { kind: 'region', ...r };
    for (const w of m.waters) area[w.letter] = { kind: 'water', ...w };
    const regionByID = Object.fromEntries(m.regions.map((r) => [r.id, r]));
    const cityAt = Object.fromEntries(m.cities.map((c) => [c.sq, c]));
    const portAt = Object.fromEntries((m.ports || []).map((p) => [p.sq, p]));
    const control = Object.fromEntries((b.control || []).map((c) => [c.region, c.side]));
    const stackAt = Object.fromEntries((b.stacks || []).map((s) => [s.loc, s]));
    const markersAt = {};
    for (const mk of b.markers || []) (markersAt[mk.sq] = markersAt[mk.sq] || []).push(mk);
    const base = Object.fromEntries((m.bases || []).map((x) => [x.id, x]));
    return { m, area, regionByID, cityAt, portAt, control, stackAt, markersAt, base };
  }

  function sideName(side, ctx) {
    return ctx.t(`greatgame.side.${side}`, side);
  }

  function phaseName(phase, ctx) {
    return ctx.t(`greatgame.phase.${String(phase).replace(/ /g, '-')}`, phase);
  }

  // squareInfo is a square's one-line description: id, terrain, region, city.
  function squareInfo(id, ix, ctx) {
    const [c, r] = cr(id);
    const letter = ix.m.areas[r][c];
    const ter = TERRAIN_ID[ix.m.terrain[r][c]] || '?';
    const parts = [ctx.t('greatgame.square', { id }), ctx.t(`greatgame.terrain.${ter}`, ter)];
    const a = ix.area[letter];
    if (a) parts.push(a.name);
    const city = ix.cityAt[id];
    if (city) parts.push(`${city.name} (${ctx.t(city.capital ? 'greatgame.capital' : 'greatgame.city')}, ${ctx.t('greatgame.income', { n: city.income })})`);
    if (ix.portAt[id]) parts.push(ctx.t('greatgame.port'));
    return parts.join(' · ');
  }

  // ------------------------------------------------------------ counters

  // owners splits a stack by owner: what the seat sees of each side there.
  function owners(s) {
    const out = [];
    for (const side of ['british', 'russian', 'neutral']) {
      const seen = (s.pieces || []).filter((p) => p.owner === side);
      const hidden = (s.hidden && s.hidden[side]) || 0;
      if (seen.length || hidden) out.push({ side, seen, hidden });
    }
    return out;
  }

  function pieceLine(p, ctx) {
    let what = p.agent
      ? ctx.t('greatgame.agent', { p: p.political || 0, m: p.military || 0, move: p.move })
      : ctx.t('greatgame.strength', { s: p.strength || 0, m: p.move, crt: p.crt || '' });
    if (p.reduced) what += `, ${ctx.t('greatgame.reduced')}`;
    return `${p.name} — ${what}`;
  }

  function stackTitle(s, ctx) {
    const lines = [];
    for (const o of owners(s)) {
      for (const p of o.seen) lines.push(p.name);
      if (o.hidden) lines.push(ctx.t('greatgame.hidden', { n: o.hidden, side: sideName(o.side, ctx) }));
    }
    return lines.join('\n');
  }

  // counter draws one side's part of a stack: a square counter in the
  // owner's colour with the number of counters; face down (hatched) when
  // the seat may not examine them all.
  function counter(x, y, size, o) {
    const n = o.seen.length + o.hidden;
    const fill = SIDE[o.side] || '#555';
    let body = tag('rect', { x, y, width: size, height: size, rx: 2.5, fill, stroke: '#111', 'stroke-width': 0.9 });
    if (o.hidden && !o.seen.length) {
      body += tag('rect', { x, y, width: size, height: size, rx: 2.5, fill: 'url(#gg-hatch)' });
      return body + tag('text', { x: x + size / 2, y: y + size / 2 + 3.6, 'text-anchor': 'middle', 'font-size': size > 16 ? 11 : 9.5, 'font-weight': 700, fill: '#fff' }, esc(n));
    }
    if (o.hidden) body += tag('path', { d: `M${x + size - 7} ${y}h7v7z`, fill: 'url(#gg-hatch)', stroke: 'none' });
    // the counters it may examine: total strength over the slowest move,
    // "A" for agents alone, "+" when counters it may not examine go along
    const units = o.seen.filter((p) => !p.agent);
    const top = units.length ? String(units.reduce((a, p) => a + (p.strength || 0), 0)) + (o.hidden ? '+' : '') : 'A';
    const move = Math.min(...o.seen.map((p) => p.move || 0));
    body += tag('text', { class: 'gg-cv', x: x + size / 2, y: y + size * 0.47, 'text-anchor': 'middle', 'font-size': size > 16 ? 9.5 : 8, 'font-weight': 700, fill: '#fff' }, esc(top));
    body += tag('text', { class: 'gg-cv', x: x + size / 2, y: y + size * 0.9, 'text-anchor': 'middle', 'font-size': size > 16 ? 7.5 : 6.5, fill: '#fff' }, esc(move));
    return body;
  }

  // stackAt draws the counters of a stack in a box (x, y, w, h).
  function drawStack(s, x, y, w, h, ctx, cls) {
    const parts = owners(s);
    if (!parts.length) return '';
    let body = title(stackTitle(s, ctx));
    if (parts.length === 1) {
      const size = Math.min(w, h) - 6;
      body += counter(x + (w - size) / 2, y + (h - size) / 2, size, parts[0]);
    } else {
      const size = Math.min(w, h) - 8;
      parts.forEach((o, i) => {
        const d = (i - (parts.length - 1) / 2) * 5;
        body += counter(x + (w - size) / 2 + d, y + (h - size) / 2 + d, size, o);
      });
    }
    return el('g', { class: `gg-stack ${cls || ''}`, 'data-target': s.target, 'data-loc': s.loc }, body);
  }

  // ------------------------------------------------------------ the map

  // pathOf is one path of unit squares (for the terrain and the tints).
  function squaresPath(ids) {
    return ids
      .map((id) => {
        const [c, r] = cr(id);
        return `M${c * S} ${BAND + r * S}h${S}v${S}h-${S}z`;
      })
      .join('');
  }

  function drawMap(b, ix, ctx) {
    const m = ix.m;
    const W = m.cols * S;
    const H = m.rows * S + 2 * BAND;
    let terrain = '';
    let tint = '';
    let borders = '';
    let coast = '';
    let hits = '';
    const byTerrain = {};
    const byTint = { british: [], russian: [] };
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        const id = sqID(c, r);
        const ter = m.terrain[r][c];
        (byTerrain[ter] = byTerrain[ter] || []).push(id);
        const a = ix.area[m.areas[r][c]];
        if (a && a.kind === 'region') {
          const side = ix.control[a.id];
          if (byTint[side]) byTint[side].push(id);
        }
        // borders: the right and lower edges where the area changes
        const here = m.areas[r][c];
        const x = c * S;
        const y = BAND + r * S;
        if (c + 1 < m.cols && m.areas[r][c + 1] !== here) {
          const sea = ter === 's' || m.terrain[r][c + 1] === 's';
          const seg = `M${x + S} ${y}v${S}`;
          if (sea) coast += seg;
          else borders += seg;
        }
        if (r + 1 < m.rows && m.areas[r + 1][c] !== here) {
          const sea = ter === 's' || m.terrain[r + 1][c] === 's';
          const seg = `M${x} ${y + S}h${S}`;
          if (sea) coast += seg;
          else borders += seg;
        }
        hits += tag('rect', { class: 'gg-sq', x, y, width: S, height: S, 'data-target': `sq-${id}`, 'data-loc': id });
      }
    }
    for (const [ter, ids] of Object.entries(byTerrain)) terrain += tag('path', { d: squaresPath(ids), fill: TERRAIN[ter] || TERRAIN['?'] });
    for (const [side, ids] of Object.entries(byTint)) {
      if (ids.length) tint += tag('path', { class: `gg-tint gg-tint-${side}`, d: squaresPath(ids), fill: TINT[side], 'fill-opacity': side === 'russian' ? 0.24 : 0.18 });
    }
    // mountains: a small peak on each mountain square
    let peaks = '';
    for (const id of byTerrain.m || []) {
      const [x, y] = centre(id);
      peaks += `M${x - 6} ${y + 5}l4 -7l2 3l2 -4l4 8`;
    }
    let dunes = '';
    for (const id of byTerrain.d || []) {
      const [x, y] = centre(id);
      dunes += `M${x - 6} ${y + 3}q3 -4 6 0t6 0`;
    }
    // trade routes and rivers
    const line = (sqs) => sqs.map((id, i) => `${i ? 'L' : 'M'}${centre(id).join(' ')}`).join('');
    let rivers = '';
    for (const rv of m.rivers || []) rivers += el('path', { class: 'gg-river', d: line(rv.squares) }, title(`${ctx.t('greatgame.river')}: ${rv.name}`));
    let routes = '';
    for (const rt of m.routes || []) {
      let d = line(rt.squares);
      // a route leading off the map to a base runs on into its band
      if (rt.base && rt.squares.length) {
        const ends = [rt.squares[0], rt.squares[rt.squares.length - 1]];
        const tip = ends.find((id) => cr(id)[1] === 0 || cr(id)[1] === m.rows - 1);
        if (tip) {
          const [x, y] = centre(tip);
          d += `M${x} ${y}V${cr(tip)[1] === 0 ? BAND - 4 : H - BAND + 4}`;
        }
      }
      routes += el('path', { class: 'gg-route', d }, title(`${ctx.t('greatgame.route')}: ${rt.name}`));
    }
    // cities and ports
    let cities = '';
    let labels = '';
    for (const city of m.cities) {
      const [x, y] = centre(city.sq);
      const info = squareInfo(city.sq, ix, ctx);
      cities += el(
        'g',
        { class: 'gg-city' },
        title(info) +
          tag('circle', { cx: x, cy: y, r: city.capital ? 10.5 : 9.5, fill: '#fffdf4', stroke: '#2b2118', 'stroke-width': city.capital ? 2.4 : 1.3 }) +
          (city.capital ? tag('circle', { cx: x, cy: y, r: 3, fill: '#2b2118' }) : ''),
      );
      labels += tag('text', { class: 'gg-city-name', x, y: y + S / 2 + 7, 'text-anchor': 'middle' }, esc(city.name));
      // its income (and victory points), top right of the square
      if (city.income) labels += tag('text', { class: 'gg-city-value', x: x + S / 2 - 1, y: y - S / 2 + 7, 'text-anchor': 'end' }, esc(city.income));
    }
    for (const p of m.ports || []) {
      const [x, y] = centre(p.sq);
      cities += el('text', { class: 'gg-port', x: x + 7, y: y + 11, 'text-anchor': 'middle' }, title(`${ctx.t('greatgame.port')}: ${p.name}`) + '⚓');
    }
    // region and water names
    let names = '';
    for (const w of m.waters) {
      if (!w.label) continue;
      const [x, y] = centre(w.label);
      names += el('text', { class: 'gg-water-name', x, y, 'text-anchor': 'middle' }, esc(w.name));
    }
    for (const r of m.regions) {
      if (!r.label) continue;
      const [x, y] = centre(r.label);
      const side = ix.control[r.id] || 'neutral';
      names += el(
        'g',
        { class: 'gg-region', 'data-target': r.target },
        title(`${r.name} — ${sideName(side, ctx)} · ${ctx.t('greatgame.vp', { n: r.vp })}`) +
          tag('rect', { x: x - 15, y: y - 17, width: 30, height: 13, rx: 6, fill: '#fffdf4', 'fill-opacity': 0.85, stroke: side === 'neutral' ? '#6b5a48' : SIDE[side], 'stroke-width': 1.4 }) +
          tag('text', { x, y: y - 7, 'text-anchor': 'middle', 'font-size': 9.5, 'font-weight': 700, fill: side === 'neutral' ? '#3b2e22' : SIDE[side] }, esc(r.abbr)),
      );
    }
    // civilization markers: a badge in the square's upper left corner
    let markers = '';
    for (const [sq, list] of Object.entries(ix.markersAt)) {
      const [c, r] = cr(sq);
      list.forEach((mk, i) => {
        const x = c * S + 1 + i * 8;
        const y = BAND + r * S + 1;
        markers += el(
          'g',
          { class: 'gg-marker' },
          title(`${ctx.t(`greatgame.marker.${mk.kind}`, mk.kind)} (${sideName(mk.side, ctx)})`) +
            tag('rect', { x, y, width: 8, height: 8, fill: '#fff', stroke: SIDE[mk.side] || '#333', 'stroke-width': 1.2 }) +
            tag('text', { x: x + 4, y: y + 6.6, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 700, fill: SIDE[mk.side] || '#333' }, MARKER_LETTER[mk.kind] || '?'),
        );
      });
    }
    // squares holding a counter an option names: outlined, so that the
    // counters listed in the panel are found on the map
    let focus = '';
    for (const s of b.stacks || []) {
      if (s.loc.startsWith('base-') || !(s.pieces || []).some((p) => ctx.targets.has(p.target))) continue;
      const [c, r] = cr(s.loc);
      focus += tag('rect', { class: 'gg-focus', x: c * S - 2, y: BAND + r * S - 2, width: S + 4, height: S + 4, rx: 4 });
    }
    // the moves made since the seat last decided: an arrow a leg
    const anchor = (loc) => {
      if (!loc.startsWith('base-')) return centre(loc);
      return loc === 'base-russian' ? [6 + 115, BAND / 2] : [W - 6 - 115, H - BAND / 2];
    };
    let moves = '';
    for (const mv of b.moves || []) {
      const [x1, y1] = anchor(mv.from);
      const [x2, y2] = anchor(mv.to);
      moves += tag('line', { class: `gg-move gg-move-${mv.side}`, x1, y1, x2, y2, stroke: SIDE[mv.side] || '#333', 'marker-end': `url(#gg-arrow-${mv.side})` });
    }
    // the cost of each square a moving force may enter
    let costs = '';
    for (const o of ctx.options || []) {
      if (!o.target || !o.target.startsWith('sq-') || !/ MP$/.test(o.extra || '')) continue;
      const [x, y] = centre(o.target.slice(3));
      costs += tag('text', { class: 'gg-cost', x, y: y + 4, 'text-anchor': 'middle' }, esc(o.extra.replace(/ MP$/, '')));
    }
    // stacks on the map
    let stacks = '';
    for (const s of b.stacks || []) {
      if (s.loc.startsWith('base-')) continue;
      const [c, r] = cr(s.loc);
      stacks += drawStack(s, c * S, BAND + r * S, S, S, ctx);
    }
    // the bases, off the map: the Urals above, Central India below
    let bases = '';
    for (const base of m.bases || []) {
      const top = base.side === 'russian';
      const y = top ? 3 : H - BAND + 3;
      const s = ix.stackAt[base.id] || { loc: base.id, target: base.id, pieces: [], hidden: {} };
      const colour = SIDE[base.side];
      const w = 230;
      const x = top ? 6 : W - w - 6;
      let body = title(`${base.name} — ${ctx.t('greatgame.base')} (${sideName(base.side, ctx)})`);
      body += tag('rect', { class: 'gg-base-box', x, y, width: w, height: BAND - 6, rx: 8, fill: '#fffdf4', stroke: colour, 'stroke-width': 2 });
      body += tag('text', { x: x + 10, y: y + BAND / 2 + 1, 'font-size': 12, 'font-weight': 700, fill: colour }, esc(base.name));
      body += drawStack(s, x + w - 46, y + 2, 40, BAND - 10, ctx, 'gg-base-stack');
      bases += el('g', { class: 'gg-base', 'data-target': base.id, 'data-loc': base.id }, body);
    }
    // column and row numbers every five squares
    let ticks = '';
    for (let c = 4; c < m.cols; c += 5) ticks += tag('text', { class: 'gg-tick', x: c * S + S / 2, y: BAND - 3, 'text-anchor': 'middle' }, c + 1);
    for (let r = 4; r < m.rows; r += 5) ticks += tag('text', { class: 'gg-tick', x: 2, y: BAND + r * S + S / 2 + 3 }, r + 1);
    const defs = el(
      'defs',
      {},
      el(
        'pattern',
        { id: 'gg-hatch', width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        tag('rect', { width: 5, height: 5, fill: '#000', 'fill-opacity': 0.35 }) + tag('line', { x1: 0, y1: 0, x2: 0, y2: 5, stroke: '#fff', 'stroke-width': 1.6, 'stroke-opacity': 0.55 }),
      ) +
        ['british', 'russian'].map((side) => el('marker', { id: `gg-arrow-${side}`, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, tag('path', { d: 'M0 0L10 5L0 10z', fill: SIDE[side] }))).join(''),
    );
    return el(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        viewBox: `0 0 ${W} ${H}`,
        class: 'gg-map',
        'data-map': '',
        role: 'img',
        'aria-label': ctx.t('greatgame.title'),
        'font-family': 'system-ui, sans-serif',
      },
      defs +
        tag('rect', { x: 0, y: 0, width: W, height: H, fill: '#f4efe2' }) +
        el('g', { class: 'gg-terrain' }, terrain + tag('path', { d: peaks, fill: 'none', stroke: '#7d6345', 'stroke-width': 1, 'stroke-opacity': 0.55 }) + tag('path', { d: dunes, fill: 'none', stroke: '#b58d3c', 'stroke-width': 1, 'stroke-opacity': 0.6 })) +
        tint +
        tag('path', { class: 'gg-coast', d: coast }) +
        tag('path', { class: 'gg-border', d: borders }) +
        el('g', { class: 'gg-squares' }, hits) +
        el('g', { class: 'gg-lines' }, rivers + routes) +
        el('g', { class: 'gg-cities' }, cities) +
        el('g', { class: 'gg-labels' }, names + labels) +
        ticks +
        markers +
        bases +
        el('g', { class: 'gg-moves' }, moves) +
        el('g', { class: 'gg-stacks' }, stacks) +
        el('g', { class: 'gg-costs' }, costs) +
        focus,
    );
  }

  // ------------------------------------------------------------ the panel

  function chip(side, ctx, text) {
    return el('span', { class: `gg-chip gg-${side}` }, esc(text === undefined ? sideName(side, ctx) : text));
  }

  function bopBar(b, ctx) {
    const max = 18;
    const pct = ((b.bop + max) / (2 * max)) * 100;
    let text = String(b.bop > 0 ? `+${b.bop}` : b.bop);
    if (b.favour) text = ctx.t('greatgame.bopValue', { value: text, side: sideName(b.favour, ctx), level: ctx.t(`greatgame.level.${b.favourLevel}`, '') });
    // each level's threshold, on either side of the middle (4.0)
    let ticks = '';
    for (const l of b.bopLevels || []) {
      if (l.from <= 1) continue;
      for (const v of [l.from, -l.from]) ticks += el('span', { class: 'gg-bop-tick', style: `left:${(((v - 0.5 * Math.sign(v) + max) / (2 * max)) * 100).toFixed(1)}%` });
    }
    const levels = (b.bopLevels || []).map((l) => ctx.t('greatgame.bopLevel', { from: l.from, to: l.to, level: ctx.t(`greatgame.level.${l.id}`, l.id), vp: l.vp })).join(' · ');
    return (
      el('div', { class: 'gg-label' }, esc(ctx.t('greatgame.bop'))) +
      el(
        'div',
        { class: 'gg-bop', role: 'meter', 'aria-valuemin': -max, 'aria-valuemax': max, 'aria-valuenow': b.bop },
        ticks + el('span', { class: 'gg-bop-mark', style: `left:${Math.max(0, Math.min(100, pct)).toFixed(1)}%` }),
      ) +
      el('div', { class: 'gg-small' }, esc(text)) +
      el('div', { class: 'gg-small gg-levels' }, esc(levels))
    );
  }

  function pieceRow(p, ctx) {
    return el(
      'li',
      { class: `gg-piece gg-border-${p.owner}`, 'data-target': p.target, title: pieceLine(p, ctx) },
      el('span', { class: `gg-dot gg-${p.owner}` }) + ' ' + esc(pieceLine(p, ctx)),
    );
  }

  function stackList(s, ctx) {
    if (!s) return el('p', { class: 'gg-small' }, esc(ctx.t('greatgame.empty')));
    let items = '';
    for (const o of owners(s)) {
      for (const p of o.seen) items += pieceRow(p, ctx);
      if (o.hidden) items += el('li', { class: `gg-piece gg-hidden gg-border-${o.side}` }, el('span', { class: `gg-dot gg-${o.side} gg-down` }) + ' ' + esc(ctx.t('greatgame.hidden', { n: o.hidden, side: sideName(o.side, ctx) })));
    }
    return items ? el('ul', { class: 'gg-pieces' }, items) : el('p', { class: 'gg-small' }, esc(ctx.t('greatgame.empty')));
  }

  // locDetails describes a location (a square or a base) and its stack.
  function locDetails(loc, ix, ctx) {
    if (!loc) return el('p', { class: 'gg-small' }, esc(ctx.t('greatgame.hover')));
    let head;
    if (loc.startsWith('base-')) {
      const base = ix.base[loc];
      head = `${base ? base.name : loc} — ${ctx.t('greatgame.base')}`;
    } else {
      head = squareInfo(loc, ix, ctx);
    }
    let html = el('div', { class: 'gg-loc' }, esc(head));
    const mk = ix.markersAt[loc] || [];
    if (mk.length) html += el('div', { class: 'gg-small' }, esc(mk.map((x) => `${ctx.t(`greatgame.marker.${x.kind}`, x.kind)} (${sideName(x.side, ctx)})`).join(', ')));
    return html + stackList(ix.stackAt[loc], ctx);
  }

  // chosen lists the stacks holding a counter an option names, so that it
  // can be clicked.
  function chosen(b, ix, ctx) {
    const targets = ctx.targets;
    let html = '';
    for (const s of b.stacks || []) {
      const picks = (s.pieces || []).filter((p) => targets.has(p.target));
      if (!picks.length) continue;
      html += el('div', { class: 'gg-loc' }, esc(s.loc.startsWith('base-') ? (ix.base[s.loc] || { name: s.loc }).name : squareInfo(s.loc, ix, ctx))) + el('ul', { class: 'gg-pieces' }, picks.map((p) => pieceRow(p, ctx)).join(''));
    }
    const prisoners = (b.prisoners || []).filter((p) => targets.has(p.piece.target));
    if (prisoners.length) html += el('ul', { class: 'gg-pieces' }, prisoners.map((p) => pieceRow(p.piece, ctx)).join(''));
    return html ? el('section', { class: 'gg-section gg-choose' }, el('h4', {}, esc(ctx.t('greatgame.choose'))) + html) : '';
  }

  // dealForm is the agreement offer as a small form (23.1): pounds given and
  // asked, regions ceded and asked for; it is played as the deal step's
  // options, one after the other (wireDeal).
  function dealForm(b, ix, ctx) {
    const ids = new Set((ctx.options || []).map((o) => o.id));
    if (!b.deal || !ids.has('cancel')) return '';
    const t = ctx.t;
    const regions = (verbs, chosen, name) => {
      const list = ix.m.regions.filter((r) => verbs.some((v) => ids.has(`${v}:${r.id}`)));
      if (!list.length) return el('span', { class: 'gg-small' }, esc(t('greatgame.deal.none')));
      return list.map((r) => el('label', { class: 'gg-deal-region' }, tag('input', { type: 'checkbox', name, value: r.id, checked: chosen.includes(r.id) ? 'checked' : false }) + ' ' + esc(r.name))).join(' ');
    };
    const money = (name, value, max) => tag('input', { type: 'number', name, min: 0, max, step: 1, value, inputmode: 'numeric' });
    return el(
      'form',
      { class: 'gg-section gg-deal' },
      el('h4', {}, esc(t('greatgame.deal.title'))) +
        el('label', {}, esc(t('greatgame.deal.give')) + ' ' + money('give', b.deal.give, b.treasury === null || b.treasury === undefined ? 0 : b.treasury)) +
        el('label', {}, esc(t('greatgame.deal.ask')) + ' ' + money('ask', b.deal.ask, 100)) +
        el('fieldset', {}, el('legend', {}, esc(t('greatgame.deal.cede'))) + regions(['cede', 'keep'], b.deal.cede, 'cede')) +
        el('fieldset', {}, el('legend', {}, esc(t('greatgame.deal.want'))) + regions(['want', 'drop'], b.deal.want, 'want')) +
        el('p', { class: 'gg-small gg-deal-msg', role: 'status' }, '') +
        el('div', { class: 'gg-deal-buttons' }, el('button', { type: 'submit', name: 'propose' }, esc(t('greatgame.deal.propose'))) + ' ' + el('button', { type: 'button', name: 'cancel' }, esc(t('greatgame.deal.cancel')))),
    );
  }

  // dealSequence turns the form into the deal step's option ids: start the
  // offer again, add the pounds in tens, fives and ones, the regions, and
  // propose.
  function dealSequence(form, ids) {
    const seq = [];
    if (ids.has('clear')) seq.push('clear');
    for (const verb of ['give', 'ask']) {
      let left = Math.max(0, Math.floor(Number(form.elements[verb].value) || 0));
      for (const k of [10, 5, 1]) {
        while (left >= k) {
          seq.push(`${verb}:${k}`);
          left -= k;
        }
      }
    }
    for (const name of ['cede', 'want']) for (const box of form.querySelectorAll(`input[name=${name}]:checked`)) seq.push(`${name}:${box.value}`);
    return seq;
  }

  function wireDeal(div, ctx) {
    const form = div.querySelector('form.gg-deal');
    if (!form) return;
    const ids = new Set((ctx.options || []).map((o) => o.id));
    const say = (text) => {
      form.querySelector('.gg-deal-msg').textContent = text;
    };
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const seq = dealSequence(form, ids);
      if (!seq.some((id) => id !== 'clear')) {
        say(ctx.t('greatgame.deal.empty'));
        return;
      }
      for (const b of form.querySelectorAll('button')) b.disabled = true;
      for (const id of [...seq, 'propose']) await ctx.choose(id);
    });
    form.querySelector('button[name=cancel]').addEventListener('click', () => ctx.choose('cancel'));
  }

  function panel(b, ix, ctx, selected) {
    const t = ctx.t;
    let html = '';
    if (b.scenarioTitle) html += el('div', { class: 'gg-scenario' }, esc(t(`greatgame.scenario.${b.scenario}`, b.scenarioTitle)));
    html += el('div', { class: 'gg-turn' }, esc(t('greatgame.turn', { turn: b.turn, last: b.lastTurn, years: b.years })));
    if ((b.turns || []).length > 1) {
      html += el(
        'ol',
        { class: 'gg-track', 'aria-label': t('greatgame.turns') },
        b.turns.map((x) => el('li', { class: x.turn === b.turn ? 'gg-now' : x.turn < b.turn ? 'gg-past' : '', title: `${x.turn}: ${x.years}` }, esc(x.turn))).join(''),
      );
    }
    html += el('div', {}, esc(t('greatgame.phase', { phase: phaseName(b.phase, ctx) })));
    if (b.ops) html += el('div', { class: 'gg-small' }, esc(t('greatgame.ops', { n: b.ops, side: sideName(b.phasing, ctx) })));
    if (b.first && b.first !== 'neutral') html += el('div', { class: 'gg-small' }, esc(t('greatgame.first', { side: sideName(b.first, ctx) })));
    if (b.over) {
      html += el('div', { class: 'gg-pending gg-over' }, esc(t('greatgame.over')));
    } else if (b.pending && b.pending.prompt) {
      html += el('div', { class: 'gg-pending gg-mine' }, el('div', { class: 'gg-label' }, esc(t('greatgame.yourDecision'))) + esc(b.pending.prompt));
    } else if (b.pending && b.pending.side) {
      html += el('div', { class: 'gg-pending' }, esc(t('greatgame.waiting', { side: sideName(b.pending.side, ctx), step: b.pending.step })));
    }
    if (b.openWar) html += el('div', { class: 'gg-war' }, esc(t('greatgame.openWar')));
    html += dealForm(b, ix, ctx);
    html += chosen(b, ix, ctx);
    html += el('section', { class: 'gg-section gg-details', 'aria-live': 'polite' }, locDetails(selected, ix, ctx));
    html += el('section', { class: 'gg-section' }, bopBar(b, ctx));
    const evs = (b.events || []).map((e) => el('li', { class: 'gg-event', 'data-event': e.id }, esc(e.name)));
    html += el('section', { class: 'gg-section gg-events' }, el('h4', {}, esc(t('greatgame.events'))) + (evs.length ? el('ul', {}, evs.join('')) : el('p', { class: 'gg-small' }, esc(t('greatgame.noEvents')))));
    let money = '';
    if (b.treasury !== null && b.treasury !== undefined) {
      money += el('div', {}, el('span', { class: 'gg-label' }, esc(t('greatgame.treasury'))) + ' ' + esc(t('greatgame.pounds', { n: b.treasury })));
    } else if (!b.you) {
      money += el('div', { class: 'gg-small' }, esc(t('greatgame.spectator')));
    }
    money += el('div', {}, el('span', { class: 'gg-label' }, esc(t('greatgame.sp'))) + ' ' + chip('british', ctx, b.sp.british) + ' ' + chip('russian', ctx, b.sp.russian));
    html += el('section', { class: 'gg-section' }, money);
    // control: the regions, each as a chip in its controller's colour
    const regs = ix.m.regions.map((r) => {
      const side = ix.control[r.id] || 'neutral';
      return el('li', { class: `gg-reg gg-border-${side}`, 'data-target': r.target, title: `${r.name}: ${sideName(side, ctx)} · ${t('greatgame.vp', { n: r.vp })}` }, el('b', {}, esc(r.abbr)) + ' ' + esc(r.name));
    });
    const gz = ix.control[ix.m.ghazis.id];
    if (gz && gz !== 'neutral') regs.push(el('li', { class: `gg-reg gg-border-${gz}` }, esc(ix.m.ghazis.name)));
    html += el('section', { class: 'gg-section' }, el('h4', {}, esc(t('greatgame.control'))) + el('ul', { class: 'gg-regions' }, regs.join('')));
    if ((b.prisoners || []).length) {
      html += el(
        'section',
        { class: 'gg-section' },
        el('h4', {}, esc(t('greatgame.prisoners'))) +
          el('ul', { class: 'gg-pieces' }, b.prisoners.map((p) => el('li', { class: 'gg-piece', 'data-target': p.piece.target }, esc(`${p.piece.name} — ${t('greatgame.heldBy', { side: sideName(p.heldBy, ctx) })}`))).join('')),
      );
    }
    if ((b.dead || []).length) {
      html += el('details', { class: 'gg-section gg-dead' }, el('summary', {}, esc(t('greatgame.dead', { n: b.dead.length }))) + el('ul', { class: 'gg-pieces' }, b.dead.map((p) => pieceRow(p, ctx)).join('')));
    }
    html += legend(ctx);
    return html;
  }

  function legend(ctx) {
    const t = ctx.t;
    const sw = (fill, text) => el('span', { class: 'gg-item' }, el('span', { class: 'gg-swatch', style: `background:${fill}` }) + ' ' + esc(text));
    const items = [
      ...['c', 'd', 'm', 's'].map((k) => sw(TERRAIN[k], t(`greatgame.terrain.${TERRAIN_ID[k]}`))),
      ...['british', 'russian', 'neutral'].map((s) => sw(SIDE[s], sideName(s, ctx))),
      el('span', { class: 'gg-item' }, el('span', { class: 'gg-swatch gg-down' }) + ' ' + esc(t('greatgame.faceDown'))),
      el('span', { class: 'gg-item' }, el('span', { class: 'gg-line gg-line-route' }) + ' ' + esc(t('greatgame.route'))),
      el('span', { class: 'gg-item' }, el('span', { class: 'gg-line gg-line-river' }) + ' ' + esc(t('greatgame.river'))),
      el('span', { class: 'gg-item' }, el('span', { class: 'gg-line gg-line-move' }) + ' ' + esc(t('greatgame.moves'))),
      el('span', { class: 'gg-item' }, esc(t('greatgame.counterValues'))),
      el('span', { class: 'gg-item' }, esc(t('greatgame.cityValue'))),
      el('span', { class: 'gg-item' }, esc(Object.entries(MARKER_LETTER).map(([k, l]) => `${l} ${t(`greatgame.marker.${k}`)}`).join(' · '))),
    ];
    return el('details', { class: 'gg-section gg-legend' }, el('summary', {}, esc(t('greatgame.legend'))) + el('div', {}, items.join(' ')));
  }

  const STYLE = `
.gg-board{display:grid;grid-template-columns:minmax(0,1fr) minmax(220px,270px);gap:8px;font:14px/1.35 system-ui,sans-serif;color:#1e2227}
@media (max-width:760px){.gg-board{grid-template-columns:minmax(0,1fr)}}
.gg-board .gg-map{display:block;width:100%;height:auto}
.gg-board .gg-sq{fill:#000;fill-opacity:0}
.gg-board .gg-sq.clickable{fill:#ffca28;fill-opacity:.42;stroke:#e65100;stroke-width:1.6}
.gg-board .gg-sq.clickable:hover,.gg-board .gg-sq.hint{fill-opacity:.75}
.gg-board .gg-border{fill:none;stroke:#4b3a2a;stroke-width:1.7;stroke-linecap:square;pointer-events:none}
.gg-board .gg-coast{fill:none;stroke:#4d7c98;stroke-width:1.1;pointer-events:none}
.gg-board .gg-tint{pointer-events:none}
.gg-board .gg-focus{fill:none;stroke:#e65100;stroke-width:2.5;stroke-dasharray:4 2;pointer-events:none}
.gg-board .gg-terrain,.gg-board .gg-lines,.gg-board .gg-cities,.gg-board .gg-labels,.gg-board .gg-marker,.gg-board .gg-tick{pointer-events:none}
.gg-board .gg-route{fill:none;stroke:#7b4a1e;stroke-width:2.2;stroke-dasharray:5 3;stroke-linejoin:round}
.gg-board .gg-river{fill:none;stroke:#2f6fb5;stroke-width:2.2;stroke-linejoin:round;stroke-opacity:.85}
.gg-board .gg-city-name{font-size:8px;fill:#2b2118;paint-order:stroke;stroke:#fffdf4;stroke-width:2.2px;stroke-linejoin:round}
.gg-board .gg-city-value{font-size:7px;font-weight:700;fill:#7a4f25;paint-order:stroke;stroke:#fffdf4;stroke-width:2px}
.gg-board .gg-water-name{font-size:10px;font-style:italic;fill:#2d5a78}
.gg-board .gg-port{font-size:9px;fill:#1b4f72}
.gg-board .gg-tick{font-size:8px;fill:#7a6a55}
.gg-board .gg-region{cursor:default}
.gg-board .gg-region.clickable rect{stroke:#e65100;stroke-width:2.6}
.gg-board .gg-stack{cursor:default}
.gg-board .gg-stack.clickable rect:first-of-type{stroke:#ffca28;stroke-width:2.4}
.gg-board .gg-base.clickable .gg-base-box{fill:#fff3c4;stroke-width:3.5}
.gg-board .gg-side{background:#fffdf8;border:1px solid #ddd5c8;border-radius:8px;padding:8px 10px;align-self:start;display:grid;gap:6px}
.gg-board h4{margin:2px 0 4px;font-size:.9rem}
.gg-board .gg-scenario{font-weight:700}
.gg-board .gg-turn{font-weight:600}
.gg-board .gg-small{font-size:.85em;color:#5f6670}
.gg-board .gg-label{font-weight:600;font-size:.85em}
.gg-board .gg-section{border-top:1px solid #eee5d6;padding-top:6px}
.gg-board .gg-pending{padding:6px 8px;border-radius:6px;background:#f3efe6}
.gg-board .gg-pending.gg-mine{background:#fff3c4;border:1px solid #e6c65c}
.gg-board .gg-over{background:#fdf3d3;font-weight:600}
.gg-board .gg-war{color:#a61b1b;font-weight:700}
.gg-board .gg-bop{position:relative;height:10px;border-radius:5px;margin:4px 0;background:linear-gradient(90deg,${SIDE.russian},#ddd 50%,${SIDE.british})}
.gg-board .gg-bop-mark{position:absolute;top:-3px;width:6px;height:16px;margin-left:-3px;background:#111;border-radius:2px}
.gg-board .gg-chip{display:inline-block;min-width:1.6em;text-align:center;padding:0 6px;border-radius:9px;color:#fff;font-size:.85em;font-weight:600}
.gg-board .gg-british{background:${SIDE.british}}.gg-board .gg-russian{background:${SIDE.russian}}.gg-board .gg-neutral{background:${SIDE.neutral}}
.gg-board ul{list-style:none;margin:0;padding:0}
.gg-board .gg-regions{display:flex;flex-wrap:wrap;gap:3px}
.gg-board .gg-reg{font-size:.8em;border:1px solid #ccc;border-left-width:5px;border-radius:4px;padding:0 4px;background:#fff}
.gg-board .gg-reg.clickable,.gg-board .gg-piece.clickable{background:#fff3c4;border-color:#e6a700}
.gg-board .gg-border-british{border-left-color:${SIDE.british}}.gg-board .gg-border-russian{border-left-color:${SIDE.russian}}.gg-board .gg-border-neutral{border-left-color:#c9bfae}
.gg-board .gg-piece{font-size:.85em;border:1px solid #eee;border-left-width:4px;border-radius:4px;padding:1px 4px;margin:2px 0;background:#fff}
.gg-board .gg-hidden{color:#5f6670;font-style:italic}
.gg-board .gg-dot{display:inline-block;width:9px;height:9px;border-radius:2px;vertical-align:middle}
.gg-board .gg-down{background-image:repeating-linear-gradient(45deg,rgba(0,0,0,.4) 0 2px,rgba(255,255,255,.4) 2px 4px)}
.gg-board .gg-loc{font-weight:600;font-size:.9em}
.gg-board .gg-legend{font-size:.85em}
.gg-board .gg-item{display:inline-flex;align-items:center;gap:3px;margin-right:8px;white-space:nowrap}
.gg-board .gg-swatch{display:inline-block;width:13px;height:13px;border:1px solid #888;border-radius:3px}
.gg-board .gg-line{display:inline-block;width:18px;height:0;border-top:2px solid}
.gg-board .gg-line-route{border-top:2px dashed #7b4a1e}.gg-board .gg-line-river{border-color:#2f6fb5}.gg-board .gg-line-move{border-color:#333;border-top-width:3px}
.gg-board .gg-move{stroke-width:3;stroke-opacity:.8;stroke-linecap:round;pointer-events:none}
.gg-board .gg-cost{font-size:9px;font-weight:700;fill:#5a2a00;pointer-events:none;paint-order:stroke;stroke:#fff3c4;stroke-width:2px}
.gg-board .gg-cv{pointer-events:none}
.gg-board .gg-bop-tick{position:absolute;top:0;width:1px;height:10px;background:#111;opacity:.55}
.gg-board .gg-track{display:flex;flex-wrap:wrap;gap:2px;list-style:none;margin:2px 0;padding:0}
.gg-board .gg-track li{min-width:1.5em;text-align:center;font-size:.75em;border:1px solid #cbbfa9;border-radius:3px;background:#fff}
.gg-board .gg-track li.gg-past{background:#eee5d6;color:#7a6a55}
.gg-board .gg-track li.gg-now{background:#2b2118;color:#fff;font-weight:700}
.gg-board .gg-deal{display:grid;gap:4px;background:#fff8e1;border:1px solid #e6c65c;border-radius:6px;padding:6px 8px}
.gg-board .gg-deal input[type=number]{width:5em}
.gg-board .gg-deal fieldset{border:1px solid #eadfc8;border-radius:4px;padding:2px 6px;margin:0}
.gg-board .gg-deal-region{display:inline-block;font-size:.85em;margin-right:6px;white-space:nowrap}
.gg-board .gg-events ul{padding-left:0}.gg-board .gg-event{font-size:.85em}
`;

  // ------------------------------------------------------------ render

  // The square the player last clicked without playing (its stack is shown
  // in the panel); kept across redraws of the same page.
  let selected = '';

  function render(root, view, ctx) {
    const b = view.board;
    const c = { ...ctx, targets: ctx.targets || new Set(), t: ctx.t || ((k, fb) => (typeof fb === 'string' ? fb : k)), pick: ctx.pick || (() => {}) };
    if (!b || !b.map) {
      root.append(document.createTextNode(''));
      return;
    }
    const ix = index(b);
    if (selected && !(selected.startsWith('base-') ? ix.base[selected] : /^\d{4}$/.test(selected))) selected = '';
    const div = document.createElement('div');
    div.className = 'gg-board greatgame-board';
    div.innerHTML =
      el('style', {}, STYLE) +
      el('div', { class: 'gg-mapwrap' }, drawMap(b, ix, c)) +
      el('aside', { class: 'gg-side' }, panel(b, ix, c, selected));
    const details = () => div.querySelector('.gg-details');
    const show = (loc) => {
      const d = details();
      if (d) d.innerHTML = locDetails(loc, ix, c);
      // counters shown in the details may be options' targets too
      if (d && c.targets.size) for (const n of d.querySelectorAll('[data-target]')) if (c.targets.has(n.getAttribute('data-target'))) n.classList.add('clickable');
    };
    div.addEventListener('click', (e) => {
      const node = e.target.closest ? e.target.closest('[data-target]') : null;
      if (!node) return;
      const target = node.getAttribute('data-target');
      if (c.targets.has(target)) {
        c.pick(target);
        return;
      }
      const loc = node.getAttribute('data-loc');
      if (loc) {
        selected = loc;
        show(loc);
      }
    });
    wireDeal(div, c);
    const map = div.querySelector('.gg-map');
    map.addEventListener('mouseover', (e) => {
      const node = e.target.closest ? e.target.closest('[data-loc]') : null;
      if (node) show(node.getAttribute('data-loc'));
    });
    map.addEventListener('mouseleave', () => show(selected));
    root.append(div);
  }

  Durbar.register('greatgame', { render });
})();

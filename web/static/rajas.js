// Rajas of the Ganges: draws the board the server sends (rajasBoard, in
// rajas/rajasplug/server.go) as SVG — the main board with the worker spaces
// and the tile piles, the river, the fame and money tracks, and every
// player's province with its Kali statue. Elements an option refers to
// carry data-target; a click on one goes to the shell (ctx.pick), except on
// a die Karma could turn over, which asks first (ctx.ask). When a
// cell offers the tile turned several ways, the shell's chooser gets the
// tile drawn each way.
'use strict';
(() => {
  const Durbar = window.Durbar;

  // ------------------------------------------------------------ strings

  Durbar.i18n.add('en', {
    // The creation form's menus (the server's catalog, app.js catalogLabel).
    'rajas.title': 'Rajas of the Ganges',
    'rajas.computer.bot': 'Heuristic bot',
    'rajas.computer.mcts': 'MCTS bot (slow, strong)',
    'rajas.computer.random': 'Random',
    'rajas.variant.navaratnas': 'Navaratnas (all players)',
    'rajas.variant.ganga': 'Ganga module (river tiles)',
    'rajas.variant.expert-1': 'Mixed group: Player 1 plays the expert (Navaratnas) side',
    'rajas.variant.expert-2': 'Mixed group: Player 2 plays the expert (Navaratnas) side',
    'rajas.variant.expert-3': 'Mixed group: Player 3 plays the expert (Navaratnas) side',
    'rajas.variant.expert-4': 'Mixed group: Player 4 plays the expert (Navaratnas) side',
    'rajas.round': 'Round {n}',
    'rajas.setup': 'Set-up',
    'rajas.ending': 'The markers have met: last turns until the start player',
    'rajas.over': 'Game over',
    'rajas.turn': '{name} to play',
    'rajas.elephant': 'Elephant (start player): {name}',
    'rajas.mogul': 'Great Mogul: {name}',
    'rajas.quarry': 'Quarry',
    'rajas.market': 'Market',
    'rajas.palace': 'Palace',
    'rajas.harbour': 'Harbour',
    'rajas.piles': 'Province tiles',
    'rajas.supply': 'Dice supply',
    'rajas.prodTiles': 'Production tiles',
    'rajas.white': 'White tiles: {down} face down, {used} used',
    'rajas.river': 'River',
    'rajas.start': 'Start',
    'rajas.bridge': 'Bridge',
    'rajas.final': 'Final',
    'rajas.riverTile': 'River tile',
    'rajas.riverKey': 'Key:',
    'rajas.tracks': 'Fame (above) and money (below)',
    'rajas.fame': 'Fame',
    'rajas.money': 'Money',
    'rajas.gap': 'gap {gap}',
    'rajas.met': 'met',
    'rajas.karma': 'Karma',
    'rajas.workers': 'Workers {left}/{active} (max {max})',
    'rajas.boat': 'Boat {n}',
    'rajas.out': 'passed',
    'rajas.you': 'you',
    'rajas.side.basic': 'basic side',
    'rajas.side.navaratnas': 'Navaratnas side',
    'rajas.kali': 'Kali statue {n}/{cap}',
    'rajas.hand': 'in hand',
    'rajas.upgrades': 'Upgrades: {n}',
    'rajas.residence': 'Residence',
    'rajas.pile': '{color} {back}: {n} {n|tile|tiles}',
    'rajas.empty': 'empty',
    'rajas.covered': 'closed',
    'rajas.rot0': 'as printed',
    'rajas.rot1': 'rotate 90°',
    'rajas.rot2': 'rotate 180°',
    'rajas.rot3': 'rotate 270°',
    'rajas.color.orange': 'orange',
    'rajas.color.blue': 'blue',
    'rajas.color.green': 'green',
    'rajas.color.purple': 'purple',
    'rajas.color.white': 'white',
    'rajas.color.yellow': 'yellow',
    'rajas.color.red': 'red',
    'rajas.color.brown': 'brown',
    'rajas.back.snake': 'snake',
    'rajas.back.cow': 'cow',
    'rajas.back.tiger': 'tiger',
    'rajas.good.silk': 'silk',
    'rajas.good.tea': 'tea',
    'rajas.good.spice': 'spice',
    'rajas.b.temple': 'temple',
    'rajas.b.palace': 'palace',
    'rajas.b.fortress': 'fortress',
    'rajas.b.mill': 'mill',
    'rajas.b.temple.short': 'T',
    'rajas.b.palace.short': 'P',
    'rajas.b.fortress.short': 'F',
    'rajas.b.mill.short': 'M',
    'rajas.room.mogul': 'Great Mogul',
    'rajas.room.dancer': 'Dancer',
    'rajas.room.yogi': 'Yogi',
    'rajas.room.raja': 'Raja Man Singh',
    'rajas.room.builder': 'Master Builder',
    'rajas.room.portuguese': 'Portuguese',
    'rajas.fx.money': '{n} money',
    'rajas.fx.fame': '{n} fame',
    'rajas.fx.karma': '{n} Karma',
    'rajas.fx.dice': '{n} {n|die|dice}',
    'rajas.fx.upgrade': 'upgrade',
    'rajas.fx.boat': 'boat move',
    'rajas.fx.diceOf': 'dice: {colors}',
    'rajas.fx.karmaDice': 'a {colors} die per Karma',
    'rajas.fx.karmaDiceAn': 'an {colors} die per Karma',
    'rajas.fx.karmaDiceAny': 'a die per Karma',
    'rajas.fx.boatUpTo': 'boat up to {n} {n|space|spaces}',
    'rajas.fx.palace': 'free room: {rooms}',
    'rajas.fx.assorted': 'assorted market scoring',
    'rajas.fx.marketOne': 'scoring of up to {n} {n|market|markets} of one good',
    'rajas.fx.moneyPerMarket': '{n} money per market',
    'rajas.fx.famePerUpgrade': '{n} fame per upgrade',
    'rajas.fx.moneyPerUpgrade': '{n} money per upgrade',
    'rajas.fx.famePerKarma': '{n} fame per Karma',
    'rajas.fx.famePerMarketTile': '{n} fame per tile with a market',
    'rajas.fx.famePerRiver': '{n} fame per {per} river spaces',
    'rajas.fx.moneyPerBuilding': '{n} money per building',
    'rajas.fx.moneyPerProdTile': '{n} money per joined production tile',
    'rajas.fx.famePerCurve': '{n} fame per road curve',
    'rajas.fx.famePerWorker': '{n} fame per worker',
    'rajas.placingTile': 'Tile to place',
    'rajas.karmaAsk': 'Spend a Karma? Turning a die over costs one Karma.',
  });
  Durbar.i18n.add('es', {
    // The creation form's menus (the server's catalog, app.js catalogLabel).
    'rajas.title': 'Rajas of the Ganges',
    'rajas.computer.bot': 'Bot heurístico',
    'rajas.computer.mcts': 'Bot MCTS (lento, fuerte)',
    'rajas.computer.random': 'Al azar',
    'rajas.variant.navaratnas': 'Navaratnas (todos los jugadores)',
    'rajas.variant.ganga': 'Módulo Ganga (losetas de río)',
    'rajas.variant.expert-1': 'Grupo mixto: el jugador 1 juega la cara experta (Navaratnas)',
    'rajas.variant.expert-2': 'Grupo mixto: el jugador 2 juega la cara experta (Navaratnas)',
    'rajas.variant.expert-3': 'Grupo mixto: el jugador 3 juega la cara experta (Navaratnas)',
    'rajas.variant.expert-4': 'Grupo mixto: el jugador 4 juega la cara experta (Navaratnas)',
    'rajas.round': 'Ronda {n}',
    'rajas.setup': 'Preparación',
    'rajas.ending': 'Los marcadores se han cruzado: últimos turnos hasta el jugador inicial',
    'rajas.over': 'Fin de la partida',
    'rajas.turn': 'Juega {name}',
    'rajas.elephant': 'Elefante (jugador inicial): {name}',
    'rajas.mogul': 'Gran Mogul: {name}',
    'rajas.quarry': 'Cantera',
    'rajas.market': 'Mercado',
    'rajas.palace': 'Palacio',
    'rajas.harbour': 'Puerto',
    'rajas.piles': 'Losetas de provincia',
    'rajas.supply': 'Reserva de dados',
    'rajas.prodTiles': 'Losetas de producción',
    'rajas.white': 'Losetas blancas: {down} boca abajo, {used} usadas',
    'rajas.river': 'Río',
    'rajas.start': 'Salida',
    'rajas.bridge': 'Puente',
    'rajas.final': 'Final',
    'rajas.riverTile': 'Loseta de río',
    'rajas.riverKey': 'Clave:',
    'rajas.tracks': 'Fama (arriba) y dinero (abajo)',
    'rajas.fame': 'Fama',
    'rajas.money': 'Dinero',
    'rajas.gap': 'diferencia {gap}',
    'rajas.met': 'cruzado',
    'rajas.karma': 'Karma',
    'rajas.workers': 'Trabajadores {left}/{active} (máx. {max})',
    'rajas.boat': 'Barco {n}',
    'rajas.out': 'pasa',
    'rajas.you': 'tú',
    'rajas.side.basic': 'cara básica',
    'rajas.side.navaratnas': 'cara Navaratnas',
    'rajas.kali': 'Estatua de Kali {n}/{cap}',
    'rajas.hand': 'en la mano',
    'rajas.upgrades': 'Mejoras: {n}',
    'rajas.residence': 'Residencia',
    'rajas.pile': '{color} {back}: {n} {n|loseta|losetas}',
    'rajas.empty': 'vacía',
    'rajas.covered': 'cerrada',
    'rajas.rot0': 'como está impresa',
    'rajas.rot1': 'girar 90°',
    'rajas.rot2': 'girar 180°',
    'rajas.rot3': 'girar 270°',
    'rajas.color.orange': 'naranja',
    'rajas.color.blue': 'azul',
    'rajas.color.green': 'verde',
    'rajas.color.purple': 'violeta',
    'rajas.color.white': 'blanca',
    'rajas.color.yellow': 'amarilla',
    'rajas.color.red': 'roja',
    'rajas.color.brown': 'marrón',
    'rajas.back.snake': 'serpiente',
    'rajas.back.cow': 'vaca',
    'rajas.back.tiger': 'tigre',
    'rajas.good.silk': 'seda',
    'rajas.good.tea': 'té',
    'rajas.good.spice': 'especias',
    'rajas.b.temple': 'templo',
    'rajas.b.palace': 'palacio',
    'rajas.b.fortress': 'fortaleza',
    'rajas.b.mill': 'molino',
    'rajas.b.temple.short': 'T',
    'rajas.b.palace.short': 'P',
    'rajas.b.fortress.short': 'F',
    'rajas.b.mill.short': 'M',
    'rajas.room.mogul': 'Gran Mogul',
    'rajas.room.dancer': 'Bailarina',
    'rajas.room.yogi': 'Yogi',
    'rajas.room.raja': 'Raja Man Singh',
    'rajas.room.builder': 'Maestro constructor',
    'rajas.room.portuguese': 'Portugués',
    'rajas.fx.money': '{n} {n|moneda|monedas}',
    'rajas.fx.fame': '{n} {n|punto|puntos} de fama',
    'rajas.fx.karma': '{n} Karma',
    'rajas.fx.dice': '{n} {n|dado|dados}',
    'rajas.fx.upgrade': 'mejora',
    'rajas.fx.boat': 'movimiento de barco',
    'rajas.fx.diceOf': 'dados: {colors}',
    'rajas.fx.karmaDice': 'un dado {colors} por Karma',
    'rajas.fx.karmaDiceAn': 'un dado {colors} por Karma',
    'rajas.fx.karmaDiceAny': 'un dado por Karma',
    'rajas.fx.boatUpTo': 'barco hasta {n} {n|espacio|espacios}',
    'rajas.fx.palace': 'sala gratis: {rooms}',
    'rajas.fx.assorted': 'puntuar un mercado de cada mercancía',
    'rajas.fx.marketOne': 'puntuar hasta {n} {n|mercado|mercados} de un tipo de mercancía',
    'rajas.fx.moneyPerMarket': '{n} {n|moneda|monedas} por mercado',
    'rajas.fx.famePerUpgrade': '{n} {n|punto|puntos} de fama por mejora',
    'rajas.fx.moneyPerUpgrade': '{n} {n|moneda|monedas} por mejora',
    'rajas.fx.famePerKarma': '{n} {n|punto|puntos} de fama por Karma',
    'rajas.fx.famePerMarketTile': '{n} {n|punto|puntos} de fama por loseta con mercado',
    'rajas.fx.famePerRiver': '{n} {n|punto|puntos} de fama por cada {per} espacios de río',
    'rajas.fx.moneyPerBuilding': '{n} {n|moneda|monedas} por edificio',
    'rajas.fx.moneyPerProdTile': '{n} {n|moneda|monedas} por loseta de producción conectada',
    'rajas.fx.famePerCurve': '{n} {n|punto|puntos} de fama por curva del camino',
    'rajas.fx.famePerWorker': '{n} {n|punto|puntos} de fama por trabajador',
    'rajas.placingTile': 'Loseta a colocar',
    'rajas.karmaAsk': '¿Gastar un Karma? Dar la vuelta a un dado cuesta un Karma.',
  });
  Durbar.i18n.add('it', {
    // The creation form's menus (the server's catalog, app.js catalogLabel).
    'rajas.title': 'Rajas del Gange',
    'rajas.computer.bot': 'Bot euristico',
    'rajas.computer.mcts': 'Bot MCTS (lento, forte)',
    'rajas.computer.random': 'Casuale',
    'rajas.variant.navaratnas': 'Navaratnas (tutti i giocatori)',
    'rajas.variant.ganga': 'Modulo Ganga (tessere fiume)',
    'rajas.variant.expert-1': 'Gruppo misto: il giocatore 1 usa il lato esperto (Navaratnas)',
    'rajas.variant.expert-2': 'Gruppo misto: il giocatore 2 usa il lato esperto (Navaratnas)',
    'rajas.variant.expert-3': 'Gruppo misto: il giocatore 3 usa il lato esperto (Navaratnas)',
    'rajas.variant.expert-4': 'Gruppo misto: il giocatore 4 usa il lato esperto (Navaratnas)',
    'rajas.round': 'Round {n}',
    'rajas.setup': 'Preparazione',
    'rajas.ending': 'I segnalini si sono incontrati: ultimi turni fino al primo giocatore',
    'rajas.over': 'Partita finita',
    'rajas.turn': 'Tocca a {name}',
    'rajas.elephant': 'Elefante (primo giocatore): {name}',
    'rajas.mogul': 'Gran Mogol: {name}',
    'rajas.quarry': 'Cava',
    'rajas.market': 'Mercato',
    'rajas.palace': 'Palazzo',
    'rajas.harbour': 'Porto',
    'rajas.piles': 'Tessere provincia',
    'rajas.supply': 'Riserva di dadi',
    'rajas.prodTiles': 'Tessere produzione',
    'rajas.white': 'Tessere bianche: {down} coperte, {used} usate',
    'rajas.river': 'Fiume',
    'rajas.start': 'Partenza',
    'rajas.bridge': 'Ponte',
    'rajas.final': 'Arrivo',
    'rajas.riverTile': 'Tessera fiume',
    'rajas.riverKey': 'Legenda:',
    'rajas.tracks': 'Fama (sopra) e denaro (sotto)',
    'rajas.fame': 'Fama',
    'rajas.money': 'Denaro',
    'rajas.gap': 'scarto {gap}',
    'rajas.met': 'incontrati',
    'rajas.karma': 'Karma',
    'rajas.workers': 'Lavoratori {left}/{active} (max {max})',
    'rajas.boat': 'Barca {n}',
    'rajas.out': 'passa',
    'rajas.you': 'tu',
    'rajas.side.basic': 'lato base',
    'rajas.side.navaratnas': 'lato Navaratnas',
    'rajas.kali': 'Statua di Kali {n}/{cap}',
    'rajas.hand': 'in mano',
    'rajas.upgrades': 'Miglioramenti: {n}',
    'rajas.residence': 'Residenza',
    'rajas.pile': '{color} {back}: {n} {n|tessera|tessere}',
    'rajas.empty': 'vuota',
    'rajas.covered': 'chiusa',
    'rajas.rot0': 'come stampata',
    'rajas.rot1': 'ruota di 90°',
    'rajas.rot2': 'ruota di 180°',
    'rajas.rot3': 'ruota di 270°',
    'rajas.color.orange': 'arancione',
    'rajas.color.blue': 'blu',
    'rajas.color.green': 'verde',
    'rajas.color.purple': 'viola',
    'rajas.color.white': 'bianca',
    'rajas.color.yellow': 'gialla',
    'rajas.color.red': 'rossa',
    'rajas.color.brown': 'marrone',
    'rajas.back.snake': 'serpente',
    'rajas.back.cow': 'mucca',
    'rajas.back.tiger': 'tigre',
    'rajas.good.silk': 'seta',
    'rajas.good.tea': 'tè',
    'rajas.good.spice': 'spezie',
    'rajas.b.temple': 'tempio',
    'rajas.b.palace': 'palazzo',
    'rajas.b.fortress': 'fortezza',
    'rajas.b.mill': 'mulino',
    'rajas.b.temple.short': 'T',
    'rajas.b.palace.short': 'P',
    'rajas.b.fortress.short': 'F',
    'rajas.b.mill.short': 'M',
    'rajas.room.mogul': 'Gran Mogol',
    'rajas.room.dancer': 'Danzatrice',
    'rajas.room.yogi': 'Yogi',
    'rajas.room.raja': 'Raja Man Singh',
    'rajas.room.builder': 'Capomastro',
    'rajas.room.portuguese': 'Portoghese',
    'rajas.fx.money': '{n} {n|denaro|denari}',
    'rajas.fx.fame': '{n} {n|punto|punti} fama',
    'rajas.fx.karma': '{n} Karma',
    'rajas.fx.dice': '{n} {n|dado|dadi}',
    'rajas.fx.upgrade': 'miglioramento',
    'rajas.fx.boat': 'avanzamento barca',
    'rajas.fx.diceOf': 'dadi: {colors}',
    'rajas.fx.karmaDice': 'un dado {colors} per Karma',
    'rajas.fx.karmaDiceAn': 'un dado {colors} per Karma',
    'rajas.fx.karmaDiceAny': 'un dado per Karma',
    'rajas.fx.boatUpTo': 'barca fino a {n} {n|casella|caselle}',
    'rajas.fx.palace': 'sala gratuita: {rooms}',
    'rajas.fx.assorted': 'incasso di un mercato per ogni merce',
    'rajas.fx.marketOne': 'incasso fino a {n} {n|mercato|mercati} di una merce',
    'rajas.fx.moneyPerMarket': '{n} {n|denaro|denari} per mercato',
    'rajas.fx.famePerUpgrade': '{n} {n|punto|punti} fama per miglioramento',
    'rajas.fx.moneyPerUpgrade': '{n} {n|denaro|denari} per miglioramento',
    'rajas.fx.famePerKarma': '{n} {n|punto|punti} fama per Karma',
    'rajas.fx.famePerMarketTile': '{n} {n|punto|punti} fama per tessera con mercato',
    'rajas.fx.famePerRiver': '{n} {n|punto|punti} fama ogni {per} caselle del fiume',
    'rajas.fx.moneyPerBuilding': '{n} {n|denaro|denari} per edificio',
    'rajas.fx.moneyPerProdTile': '{n} {n|denaro|denari} per tessera produzione collegata',
    'rajas.fx.famePerCurve': '{n} {n|punto|punti} fama per curva della strada',
    'rajas.fx.famePerWorker': '{n} {n|punto|punti} fama per lavoratore',
    'rajas.placingTile': 'Tessera da piazzare',
    'rajas.karmaAsk': 'Spendere un Karma? Girare un dado costa un Karma.',
  });

  // ------------------------------------------------------------ colours

  const DIE = { orange: '#e8892b', blue: '#2f6fb5', green: '#3e9a4a', purple: '#7d4ca0' };
  const TILE_BG = { orange: '#fbe3cb', blue: '#d5e4f5', green: '#d8efd9', purple: '#e8dcf1' };
  const PROD = { white: '#f4f1ea', yellow: '#f3d55b', red: '#d9534f', brown: '#9c6b3f' };
  const GOOD = { silk: '#d2689c', tea: '#5c8f34', spice: '#c4602a' };
  const SEAT = ['#c0392b', '#e6b800', '#f4f4f4', '#333333'];
  const SEAT_INK = ['#fff', '#222', '#222', '#fff'];
  const SIDES = 'NESW';

  // ------------------------------------------------------------ SVG helpers

  const esc = (s) =>
    String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

  function attrs(a) {
    return Object.entries(a)
      .filter(([, v]) => v !== undefined && v !== null && v !== false)
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join('');
  }

  const el = (tag, a, body) => `<${tag}${attrs(a || {})}>${body || ''}</${tag}>`;
  const text = (x, y, s, a) => el('text', { x, y, ...(a || {}) }, esc(s));
  const title = (s) => (s ? el('title', {}, esc(s)) : '');

  // target wraps an element group so that it can be clicked.
  const target = (id, body, tip) => el('g', { 'data-target': id, class: 'rajas-t' }, title(tip) + body);

  // A map (the palace board, a province) is one the page lets the player
  // zoom and move.
  function svg(w, h, body, label, map) {
    return el('svg', { viewBox: `0 0 ${w} ${h}`, xmlns: 'http://www.w3.org/2000/svg', role: 'img', 'aria-label': label, 'data-map': map ? '' : null }, body);
  }

  const PIPS = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };

  // die draws a die of a colour centred on (x, y); value 0 draws a blank.
  function die(x, y, size, color, value) {
    const fill = DIE[color] || '#fff';
    const ink = DIE[color] ? '#fff' : '#222';
    let out = el('rect', { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size / 5, fill, stroke: '#222', 'stroke-width': 1 });
    const d = size * 0.27;
    for (const [px, py] of PIPS[value] || []) out += el('circle', { cx: x + px * d, cy: y + py * d, r: size / 11, fill: ink });
    return out;
  }

  function coin(x, y, n, r = 10) {
    return el('circle', { cx: x, cy: y, r, fill: '#f1c232', stroke: '#8a6d00' }) + text(x, y + 4, n, { 'text-anchor': 'middle', 'font-size': r * 1.1, 'font-weight': 'bold' });
  }

  // dot is a worker of a seat (fill '#999' and seat -1: a neutral one).
  function dot(x, y, seat, r) {
    return el('circle', { cx: x, cy: y, r, fill: SEAT[seat] || '#999', stroke: '#111', 'stroke-width': 1.5 });
  }

  // worker is a seat's worker disc with the seat number.
  function worker(x, y, seat, r = 9) {
    return dot(x, y, seat, r) + text(x, y + 4, seat + 1, { 'text-anchor': 'middle', 'font-size': 11, fill: SEAT_INK[seat], 'font-weight': 'bold' });
  }

  function boat(x, y, fill) {
    return el('path', { d: `M${x - 11} ${y - 3} h22 l-5 8 h-12 z`, fill, stroke: '#111' }) + el('path', { d: `M${x} ${y - 3} v-10 l7 7 z`, fill: '#fff', stroke: '#111', 'stroke-width': 0.7 });
  }

  // turnRoads turns a road string ("NE") by r quarter turns clockwise.
  const turnRoads = (roads, r) => [...roads].map((s) => SIDES[(SIDES.indexOf(s) + r) % 4]).join('');

  // roadLines draws roads from the centre of a square to the listed sides.
  function roadLines(roads, x, y, s) {
    const c = s / 2;
    const ends = { N: [x + c, y], E: [x + s, y + c], S: [x + c, y + s], W: [x, y + c] };
    let out = '';
    for (const side of roads) {
      const [ex, ey] = ends[side];
      out += el('line', { x1: x + c, y1: y + c, x2: ex, y2: ey, stroke: '#a08660', 'stroke-width': s / 8 });
    }
    if (roads.length) out += el('circle', { cx: x + c, cy: y + c, r: s / 14, fill: '#a08660' });
    return out;
  }

  // tile draws a province tile at (x, y) of side s with its roads as
  // placed; rot puts a notch on the printed top edge so that the turn shows.
  function tile(t, roads, x, y, s, ctx, rot) {
    let out = el('rect', { x, y, width: s, height: s, rx: 3, fill: TILE_BG[t.color], stroke: DIE[t.color], 'stroke-width': 2.5 });
    out += roadLines(roads, x, y, s);
    const c = s / 2;
    const ends = { N: [x + c, y], E: [x + s, y + c], S: [x + c, y + s], W: [x, y + c] };
    if (rot !== undefined) {
      // The notch marks where the printed top edge lies after turning.
      const [nx, ny] = ends[SIDES[rot % 4]];
      out += el('circle', { cx: nx, cy: ny, r: s / 18, fill: DIE[t.color] });
    }
    const feats = [];
    for (const b of t.buildings) feats.push({ b });
    for (const m of t.markets) feats.push({ m });
    const fs = s / 4.2;
    feats.forEach((f, i) => {
      const fx = x + s * (feats.length === 1 ? 0.5 : 0.28 + (0.44 * i) / (feats.length - 1));
      const fy = y + s * (i % 2 ? 0.72 : 0.3);
      if (f.b) {
        out += el('path', { d: `M${fx - fs / 2} ${fy + fs / 2} v${-fs * 0.6} l${fs / 2} ${-fs * 0.4} l${fs / 2} ${fs * 0.4} v${fs * 0.6} z`, fill: '#fff8e8', stroke: '#5a4630' });
        out += text(fx, fy + fs * 0.38, ctx.t(`rajas.b.${f.b}.short`), { 'text-anchor': 'middle', 'font-size': fs * 0.6, 'font-weight': 'bold' });
      } else {
        out += el('rect', { x: fx - fs / 2, y: fy - fs / 2, width: fs, height: fs, rx: fs / 4, fill: GOOD[f.m.good], stroke: '#222', 'stroke-width': 0.7 });
        out += text(fx, fy + fs * 0.25, f.m.value, { 'text-anchor': 'middle', 'font-size': fs * 0.7, fill: '#fff', 'font-weight': 'bold' });
      }
    });
    return out;
  }

  function tileTip(t, ctx) {
    const parts = t.buildings.map((b) => ctx.t(`rajas.b.${b}`)).concat(t.markets.map((m) => `${ctx.t(`rajas.good.${m.good}`)} ${m.value}`));
    return `${t.id}: ${parts.join(', ')}`;
  }

  // Benefit texts come from the server in English, one per benefit kind
  // (rajas.EffectText), joined by " + ". Each kind is shown localised, in
  // full (tooltips) or short (on the board). A pattern gives the short form
  // and the key and parameters of the full one.
  const colorList = (ctx, cs) => cs.split('+').map((c) => ctx.t(`rajas.color.${c}`)).join('+');
  const initials = (ctx, cs) => cs.split('+').map((c) => ctx.t(`rajas.color.${c}`)[0]).join('+');
  const FX = [
    [/^(\d+) money$/, (ctx, n) => [`${n}₹`, 'rajas.fx.money', { n }]],
    [/^(\d+) fame$/, (ctx, n) => [`${n}★`, 'rajas.fx.fame', { n }]],
    [/^(\d+) Karma$/, (ctx, n) => [`K+${n}`, 'rajas.fx.karma', { n }]],
    [/^(\d+) di(?:c)?e$/, (ctx, n) => [`${n}⚄`, 'rajas.fx.dice', { n }]],
    [/^dice ([a-z+]+)$/, (ctx, cs) => [`⚄ ${initials(ctx, cs)}`, 'rajas.fx.diceOf', { colors: colorList(ctx, cs) }]],
    [/^a die per Karma$/, () => ['⚄/K', 'rajas.fx.karmaDiceAny', {}]],
    // English says "an orange die": the key with "an" for a colour that
    // starts with a vowel (the same text in the other languages).
    [/^([a-z+]+) die per Karma$/, (ctx, cs) => [`⚄/K ${initials(ctx, cs)}`, /^[aeiou]/.test(cs) ? 'rajas.fx.karmaDiceAn' : 'rajas.fx.karmaDice', { colors: colorList(ctx, cs) }]],
    [/^upgrade$/, () => ['↑', 'rajas.fx.upgrade', {}]],
    [/^boat move$/, () => ['⚓', 'rajas.fx.boat', {}]],
    [/^boat up to (\d+)$/, (ctx, n) => [`⚓≤${n}`, 'rajas.fx.boatUpTo', { n }]],
    [/^free ([a-z/]+)$/, (ctx, rs) => ['♔', 'rajas.fx.palace', { rooms: rs.split('/').map((r) => ctx.t(`rajas.room.${r}`)).join(', ') }]],
    [/^assorted market$/, () => ['₹ ▦▦▦', 'rajas.fx.assorted', {}]],
    [/^(\d+) markets? of a good$/, (ctx, n) => [`₹ ${n}▦`, 'rajas.fx.marketOne', { n }]],
    [/^(\d+) money per market$/, (ctx, n) => [`${n}₹/▦`, 'rajas.fx.moneyPerMarket', { n }]],
    [/^(\d+) fame per upgrade$/, (ctx, n) => [`${n}★/↑`, 'rajas.fx.famePerUpgrade', { n }]],
    [/^(\d+) money per upgrade$/, (ctx, n) => [`${n}₹/↑`, 'rajas.fx.moneyPerUpgrade', { n }]],
    [/^(\d+) fame per Karma$/, (ctx, n) => [`${n}★/K`, 'rajas.fx.famePerKarma', { n }]],
    [/^(\d+) fame per market tile$/, (ctx, n) => [`${n}★/▦`, 'rajas.fx.famePerMarketTile', { n }]],
    [/^(\d+) fame per (\d+) river spaces$/, (ctx, n, per) => [`${n}★/${per}⚓`, 'rajas.fx.famePerRiver', { n, per }]],
    [/^(\d+) money per building$/, (ctx, n) => [`${n}₹/⌂`, 'rajas.fx.moneyPerBuilding', { n }]],
    [/^(\d+) money per joined production tile$/, (ctx, n) => [`${n}₹/▣`, 'rajas.fx.moneyPerProdTile', { n }]],
    [/^(\d+) fame per curve$/, (ctx, n) => [`${n}★/↱`, 'rajas.fx.famePerCurve', { n }]],
    [/^(\d+) fame per worker$/, (ctx, n) => [`${n}★/☺`, 'rajas.fx.famePerWorker', { n }]],
  ];

  // fxParts: each effect of a text as [short code, full words].
  function fxParts(textIn, ctx) {
    if (!textIn) return [];
    return textIn.split(' + ').map((part) => {
      for (const [re, f] of FX) {
        const m = part.match(re);
        if (m) {
          const [brief, key, params] = f(ctx, ...m.slice(1));
          return [brief, ctx.t(key, params)];
        }
      }
      return [part, part];
    });
  }

  function fx(textIn, ctx, short) {
    return fxParts(textIn, ctx)
      .map(([brief, full]) => (short ? brief : full))
      .join(short ? ' ' : ' + ');
  }

  // riverKey explains, under the river, each code its spaces show (the
  // same words as their tooltips), the dashed border of a river tile and
  // the bridge.
  function riverKey(b, ctx) {
    const seen = new Map();
    for (const s of b.river.spaces) for (const [brief, full] of fxParts(s.bonus, ctx)) if (!seen.has(brief)) seen.set(brief, full);
    const item = (code, swatch, words) => el('span', { class: 'rajas-key-item', 'data-code': code, style: 'display:inline-flex;align-items:center;gap:4px;margin:2px 12px 2px 0;white-space:nowrap' }, swatch + esc(words));
    const chip = (code) => el('b', { style: 'display:inline-block;min-width:2.2em;padding:0 4px;border:1px solid #4a86a8;border-radius:4px;background:#e3f1f8;font-size:.85em' }, esc(code));
    const items = [...seen].map(([code, words]) => item(code, chip(code), words));
    if (b.river.spaces.some((s) => s.tile)) items.push(item('tile', el('span', { style: 'display:inline-block;width:1.6em;height:1em;border:1.5px dashed #4a86a8;border-radius:3px;background:#e3f1f8' }), ctx.t('rajas.riverTile')));
    if (b.river.bridgeAfter >= 0) items.push(item('bridge', el('span', { style: 'display:inline-block;width:1.6em;height:.5em;background:#8c6a3c;border-radius:2px' }), ctx.t('rajas.bridge')));
    return el('div', { class: 'rajas-river-key', style: 'padding:0 8px 8px;font-size:.85em;line-height:1.6' }, el('b', { style: 'margin-right:8px' }, esc(ctx.t('rajas.riverKey'))) + items.join(''));
  }

  // ------------------------------------------------------------ status line

  function status(b, ctx) {
    const name = (p) => (p >= 0 && b.seats[p] ? b.seats[p].name : '—');
    const parts = [];
    if (b.phase === 'setup') parts.push(ctx.t('rajas.setup'));
    else parts.push(ctx.t('rajas.round', { n: b.round }));
    if (b.phase === 'over') parts.push(ctx.t('rajas.over'));
    else if (b.turn >= 0) parts.push(ctx.t('rajas.turn', { name: name(b.turn) }));
    parts.push(ctx.t('rajas.elephant', { name: name(b.start) }));
    if (b.mogul >= 0) parts.push(ctx.t('rajas.mogul', { name: name(b.mogul) }));
    let html = el('p', { class: 'rajas-status', style: 'margin:6px 8px;font-weight:600' }, esc(parts.join(' · ')));
    if (b.phase === 'ending') html += el('p', { class: 'message notice', style: 'margin:6px 8px' }, esc(ctx.t('rajas.ending')));
    return html;
  }

  // ------------------------------------------------------------ main board

  // Boards are drawn 640 units wide, or 360 on a narrow screen (a phone),
  // where the areas stack instead of standing side by side.
  const WIDE = 640;
  const NARROW = 360;

  function heading(x, y, s) {
    return text(x, y, s, { 'font-size': 15, 'font-weight': 'bold', fill: '#5a3a1a' });
  }

  // space draws one worker space as a box with its cost and action.
  function space(sp, x, y, w, h, ctx) {
    let body = el('rect', { x, y, width: w, height: h, rx: 6, fill: sp.covered ? '#ccc' : '#fffaf0', stroke: '#8c6a3c' });
    const cx = x + w / 2;
    const cy = y + h / 2 + 2;
    switch (sp.kind) {
      case 'quarry':
        body += coin(cx, cy, sp.money);
        break;
      case 'assorted':
        ['silk', 'tea', 'spice'].forEach((g, i) => {
          body += el('rect', { x: cx - 22 + i * 15, y: cy - 7, width: 13, height: 13, rx: 3, fill: GOOD[g] });
        });
        break;
      case 'single':
        body += el('rect', { x: cx - 18, y: cy - 8, width: 16, height: 16, rx: 3, fill: GOOD[sp.good] });
        body += die(cx + 10, cy, 16, '', 0) + text(cx + 10, cy + 4, '?', { 'text-anchor': 'middle', 'font-size': 11 });
        break;
      case 'outer':
        body += coin(cx - 12, cy, 2) + text(cx + 12, cy + 6, '⟳', { 'text-anchor': 'middle', 'font-size': 18 });
        break;
      case 'terrace':
        body += die(cx, cy, 20, sp.gain, 0);
        break;
      case 'balcony':
        body += die(cx - 16, cy, 14, sp.die, 0) + text(cx - 3, cy + 4, '›', { 'font-size': 14 }) + die(cx + 8, cy - 3, 12, sp.gain, 0) + die(cx + 18, cy + 4, 12, sp.gain, 0);
        break;
      case 'room': {
        const v = Number(String(sp.die || '').replace('=', '')) || 0;
        body += die(x + 14, y + 14, 16, '', v);
        const words = ctx.t(`rajas.room.${sp.room}`).split(' ');
        const half = Math.ceil(words.length / 2);
        const lines = words.length > 1 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : words;
        lines.forEach((l, i) => {
          body += text(cx, y + h - 16 + i * 11 - (lines.length - 1) * 5, l, { 'text-anchor': 'middle', 'font-size': 10 });
        });
        break;
      }
      case 'harbour':
        if (sp.money) body += coin(cx - 16, cy, sp.money, 9);
        body += die(cx + (sp.money ? 2 : -8), cy, 14, '', 0) + text(cx + (sp.money ? 2 : -8), cy + 4, '≤3', { 'text-anchor': 'middle', 'font-size': 8 });
        body += boat(cx + 20, cy + 2, '#8c6a3c');
        break;
    }
    if (sp.covered) body += text(cx, y + h - 4, ctx.t('rajas.covered'), { 'text-anchor': 'middle', 'font-size': 9 });
    if (sp.occupant >= 0) body += worker(x + w - 9, y + 9, sp.occupant, 8);
    return target(sp.target, body, sp.label);
  }

  // flow lays out boxes left to right, wrapping at width.
  function flow(items, x0, y0, width, w, h, gap, draw) {
    let x = x0;
    let y = y0;
    let out = '';
    for (const it of items) {
      if (x + w > x0 + width) {
        x = x0;
        y += h + gap;
      }
      out += draw(it, x, y);
      x += w + gap;
    }
    return { out, bottom: items.length ? y + h : y0 };
  }

  function mainBoard(b, ctx, W) {
    const narrow = W < WIDE;
    const area = (a) => b.spaces.filter((s) => s.area === a);
    let out = '';
    let y = 22;
    // Quarry (by rows) on the left, market and harbour on the right; one
    // under the other on a narrow screen.
    out += heading(10, y, ctx.t('rajas.quarry'));
    const rows = [...new Set(area('quarry').map((s) => s.row))].sort((a, c) => a - c);
    let qy = y + 8;
    for (const r of rows) {
      const f = flow(area('quarry').filter((s) => s.row === r), 10, qy, 300, 52, 40, 6, (s, x, yy) => space(s, x, yy, 52, 40, ctx));
      out += f.out;
      qy = f.bottom + 6;
    }
    const mx = narrow ? 10 : 330;
    const my = narrow ? qy + 20 : y;
    out += heading(mx, my, ctx.t('rajas.market'));
    const mk = flow(area('market'), mx, my + 8, 300, 66, 40, 6, (s, x, yy) => space(s, x, yy, 66, 40, ctx));
    out += mk.out;
    const hy = mk.bottom + 24;
    out += heading(mx, hy, ctx.t('rajas.harbour'));
    const hb = flow(area('harbour'), mx, hy + 8, 300, 66, 40, 6, (s, x, yy) => space(s, x, yy, 66, 40, ctx));
    out += hb.out;
    y = Math.max(qy, hb.bottom + 6) + 20;
    // Palace: outer terrace, terraces, balconies, rooms.
    out += heading(10, y, ctx.t('rajas.palace'));
    const pal = area('palace');
    const row1 = pal.filter((s) => s.kind !== 'room');
    const r1 = flow(row1, 10, y + 8, W - 20, 62, 40, 6, (s, x, yy) => space(s, x, yy, 62, 40, ctx));
    out += r1.out;
    const r2 = flow(pal.filter((s) => s.kind === 'room'), 10, r1.bottom + 6, W - 20, 98, 48, 6, (s, x, yy) => space(s, x, yy, 98, 48, ctx));
    out += r2.out;
    y = r2.bottom + 26;
    // The piles: one column per colour, one row per back.
    out += heading(10, y, ctx.t('rajas.piles'));
    const backs = ['snake', 'cow', 'tiger'];
    const colors = ['orange', 'blue', 'green', 'purple'];
    const ts = narrow ? 56 : 62;
    // Narrow: the pile's back and size go under its tile, not beside it.
    const rowH = narrow ? ts + 30 : ts + 12;
    const lx = narrow ? 0 : ts + 6;
    const ly = narrow ? ts + 14 : 20;
    for (const p of b.piles) {
      const x = 14 + colors.indexOf(p.color) * ((W - 14) / 4);
      const py = y + 10 + backs.indexOf(p.back) * rowH;
      let body = '';
      const tip = ctx.t('rajas.pile', { color: ctx.t(`rajas.color.${p.color}`), back: ctx.t(`rajas.back.${p.back}`), n: p.count });
      if (p.top) {
        body += tile(p.top, p.top.roads, x, py, ts, ctx);
        body += coin(x + 6, py + 6, p.top.cost, 9);
      } else {
        body += el('rect', { x, y: py, width: ts, height: ts, rx: 3, fill: 'none', stroke: DIE[p.color], 'stroke-dasharray': '4 3' });
      }
      const count = p.count ? `×${p.count}` : ctx.t('rajas.empty');
      if (narrow) {
        body += text(x + lx, py + ly, `${ctx.t(`rajas.back.${p.back}`)} ${count}`, { 'font-size': 11 });
      } else {
        body += text(x + lx, py + ly, ctx.t(`rajas.back.${p.back}`), { 'font-size': 11, fill: '#555' });
        body += text(x + lx, py + ly + 16, count, { 'font-size': 12, 'font-weight': 'bold' });
      }
      out += target(p.target, body, p.top ? `${tip} — ${tileTip(p.top, ctx)}` : tip);
    }
    y += 10 + 3 * rowH + 18;
    // The dice supply and the production tiles.
    out += heading(10, y, ctx.t('rajas.supply'));
    b.dice.forEach((d, i) => {
      const x = 30 + i * 70;
      out += target(d.target, die(x, y + 24, 26, d.color, 0) + text(x + 18, y + 30, `×${d.count}`, { 'font-size': 13 }), `${ctx.t(`rajas.color.${d.color}`)}: ${d.count}`);
    });
    y += 50;
    if (b.prodTiles && b.prodTiles.length) {
      out += heading(10, y + 10, ctx.t('rajas.prodTiles'));
      const f = flow(b.prodTiles, 10, y + 18, W - 20, 96, 34, 6, (p, x, yy) =>
        target(
          p.target,
          el('rect', { x, y: yy, width: 96, height: 34, rx: 4, fill: PROD[p.color], stroke: '#555', opacity: p.count ? 1 : 0.35 }) +
            text(x + 5, yy + 14, fx(p.effects, ctx, true), { 'font-size': 11, fill: p.color === 'red' || p.color === 'brown' ? '#fff' : '#222' }) +
            text(x + 91, yy + 29, `×${p.count}`, { 'font-size': 11, 'text-anchor': 'end', fill: p.color === 'red' || p.color === 'brown' ? '#fff' : '#222' }),
          `${p.id}: ${fx(p.effects, ctx)}`,
        ),
      );
      out += f.out;
      y = f.bottom + 10;
    } else if (b.white) {
      out += text(10, y + 14, ctx.t('rajas.white', { down: b.white.faceDown, used: b.white.discarded }), { 'font-size': 12 });
      y += 24;
    }
    return svg(W, y + 6, out, ctx.t('rajas.palace'), true);
  }

  // ------------------------------------------------------------ river

  function river(b, ctx, W) {
    const per = W < WIDE ? 4 : 8;
    const gap = 4;
    const bw = (W - 12 - (per - 1) * gap) / per;
    const bh = 58;
    let out = heading(10, 20, ctx.t('rajas.river'));
    const pos = (i) => {
      // i = 0 is the start; the river snakes in rows of per boxes.
      const row = Math.floor(i / per);
      const col = i % per;
      const c = row % 2 ? per - 1 - col : col;
      return [6 + c * (bw + gap), 30 + row * (bh + 14)];
    };
    const [sx, sy] = pos(0);
    out += el('rect', { x: sx, y: sy, width: bw, height: bh, rx: 6, fill: '#cfe6f3', stroke: '#4a86a8' }) + text(sx + 5, sy + 14, ctx.t('rajas.start'), { 'font-size': 11 });
    b.river.startBoats.forEach((p, k) => {
      out += boat(sx + 16 + (k % 3) * 22, sy + 32 + Math.floor(k / 3) * 16, SEAT[p]);
    });
    let last = 0;
    for (const s of b.river.spaces) {
      const [x, y] = pos(s.index);
      last = Math.max(last, y + bh);
      let body = el('rect', { x, y, width: bw, height: bh, rx: 6, fill: s.final ? '#f6e6a8' : '#e3f1f8', stroke: '#4a86a8', 'stroke-dasharray': s.tile ? '5 3' : null });
      body += text(x + 5, y + 13, s.final ? `${s.index} ${ctx.t('rajas.final')}` : s.index, { 'font-size': 11, 'font-weight': 'bold' });
      const short = fx(s.bonus, ctx, true);
      const words = short.split(' ');
      let line = '';
      const lines = [];
      for (const w of words) {
        if ((line + ' ' + w).trim().length > 12 && line) {
          lines.push(line);
          line = w;
        } else line = (line + ' ' + w).trim();
      }
      if (line) lines.push(line);
      let codes = '';
      lines.slice(0, 2).forEach((l, i) => {
        codes += text(x + 5, y + 26 + i * 11, l, { 'font-size': 9.5 });
      });
      body += el('g', { class: 'rajas-codes', 'data-codes': fxParts(s.bonus, ctx).map(([brief]) => brief).join('|') }, codes);
      s.boats.forEach((p, k) => {
        body += boat(x + 16 + k * 22, y + bh - 8, SEAT[p]);
      });
      const tip = (s.tile ? `${ctx.t('rajas.riverTile')} ${s.tile}: ` : '') + fx(s.bonus, ctx);
      out += target(s.target, body, tip);
      if (s.index === b.river.bridgeAfter) {
        const [nx, ny] = pos(s.index + 1);
        const mx = (x + nx + bw) / 2;
        const my = ny === y ? y + bh / 2 : y + bh + 7;
        out += el('rect', { x: ny === y ? mx - 5 : x + 10, y: ny === y ? y - 4 : my - 4, width: ny === y ? 10 : bw - 20, height: ny === y ? bh + 8 : 8, fill: '#8c6a3c', rx: 2 }, title(ctx.t('rajas.bridge')));
      }
    }
    return svg(W, last + 8, out, ctx.t('rajas.river'));
  }

  // ------------------------------------------------------------ tracks

  function tracks(b, ctx, W) {
    const tr = b.tracks;
    const x0 = 16;
    const step = (W - 2 * x0) / tr.fameMax;
    const X = (f) => x0 + f * step;
    const line = 50 + b.seats.length * 10;
    let out = heading(10, 18, ctx.t('rajas.tracks'));
    out += el('rect', { x: x0 - 4, y: line - 8, width: W - 2 * x0 + 8, height: 16, fill: '#efe4cf', stroke: '#b59b6a', rx: 4 });
    const every = W < WIDE ? 10 : 5;
    for (let f = 0; f <= tr.fameMax; f += 5) {
      out += el('line', { x1: X(f), y1: line - 8, x2: X(f), y2: line, stroke: '#8c6a3c' });
      if (f % every === 0) out += text(X(f), line - 1 - 10 - b.seats.length * 10, f, { 'font-size': 9, 'text-anchor': 'middle', fill: '#5a3a1a' });
    }
    for (let m = 0; m <= tr.moneyMax; m += 10) {
      out += el('line', { x1: X(tr.facing[m]), y1: line, x2: X(tr.facing[m]), y2: line + 8, stroke: '#8a6d00' });
      if (m % (2 * every) === 0) out += text(X(tr.facing[m]), line + 20 + b.seats.length * 10, m, { 'font-size': 9, 'text-anchor': 'middle', fill: '#8a6d00' });
    }
    for (const bn of tr.fameBonuses) out += el('g', {}, title(`${ctx.t('rajas.fame')} ${bn.at}: ${fx(bn.text, ctx)}`) + text(X(bn.at), line - 1, '★', { 'font-size': 10, 'text-anchor': 'middle', fill: '#7d4ca0' }));
    for (const bn of tr.moneyBonuses) out += el('g', {}, title(`${ctx.t('rajas.money')} ${bn.at}: ${fx(bn.text, ctx)}`) + text(X(tr.facing[bn.at]), line + 7, '◆', { 'font-size': 9, 'text-anchor': 'middle', fill: '#8a6d00' }));
    out += el('g', {}, title(`${ctx.t('rajas.fame')} ${tr.fameWorker}: +1`) + dot(X(tr.fameWorker), line - 4, -1, 3));
    out += el('g', {}, title(`${ctx.t('rajas.money')} ${tr.moneyWorker}: +1`) + dot(X(tr.facing[tr.moneyWorker]), line + 4, -1, 3));
    for (const s of b.seats) {
      const fy = line - 14 - s.seat * 10;
      const my = line + 14 + s.seat * 10;
      out += el('g', {}, title(`${s.name}: ${ctx.t('rajas.fame')} ${s.fame}`) + el('path', { d: `M${X(s.fame)} ${fy + 5} l-5 -8 h10 z`, fill: SEAT[s.seat], stroke: '#111' }));
      out += el('g', {}, title(`${s.name}: ${ctx.t('rajas.money')} ${s.money}`) + el('circle', { cx: X(s.facingFame), cy: my, r: 5, fill: SEAT[s.seat], stroke: '#111' }));
    }
    return svg(W, line + 28 + b.seats.length * 10, out, ctx.t('rajas.tracks'));
  }

  // ------------------------------------------------------------ provinces

  const CELL = 62;
  const MARGIN = 30;

  function province(s, b, ctx, px, py) {
    const g = b.province;
    let out = '';
    const cellXY = (c) => [px + MARGIN + c.col * CELL, py + MARGIN + c.row * CELL];
    for (const c of s.cells) {
      const [x, y] = cellXY(c);
      let body = el('rect', { x, y, width: CELL, height: CELL, fill: c.residence ? '#f6e6da' : '#f7f3ea', stroke: '#cbbd9f' });
      if (c.residence) {
        body += roadLines(c.roads, x + 2, y + 2, CELL - 4);
        body += el('path', { d: `M${x + CELL / 2 - 12} ${y + CELL / 2 + 8} v-12 l12 -9 l12 9 v12 z`, fill: '#8c3b14' });
      } else if (c.tile) {
        body += tile(c.tile, c.roads, x + 2, y + 2, CELL - 4, ctx, c.rot);
        if (c.replaced) body += text(x + CELL - 6, y + 12, '★', { 'font-size': 10, 'text-anchor': 'end', fill: '#8c3b14' });
      }
      if (b.placingCell === c.id && b.turn === s.seat) body += el('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: 'none', stroke: '#1b64d1', 'stroke-width': 3, 'stroke-dasharray': '6 3' });
      const tip = c.residence ? ctx.t('rajas.residence') : c.tile ? tileTip(c.tile, ctx) : c.id;
      out += target(c.target, body, tip);
    }
    // Special productions on the border, beside their cell's side.
    const cellOf = Object.fromEntries(s.cells.map((c) => [c.id, c]));
    for (const site of s.sites) {
      const c = cellOf[site.cell];
      const [x, y] = cellXY(c);
      const horiz = site.side === 'N' || site.side === 'S';
      const w = horiz ? CELL - 10 : MARGIN - 6;
      const h = horiz ? MARGIN - 6 : CELL - 10;
      const sx = site.side === 'W' ? x - MARGIN + 3 : site.side === 'E' ? x + CELL + 3 : x + 5;
      const sy = site.side === 'N' ? y - MARGIN + 3 : site.side === 'S' ? y + CELL + 3 : y + 5;
      const fill = site.prod ? PROD[site.prod.color] : site.slot ? PROD[site.slot] : '#fff';
      let body = el('rect', { x: sx, y: sy, width: w, height: h, rx: 4, fill, stroke: site.slot && !site.prod ? '#555' : '#8c6a3c', 'stroke-dasharray': site.slot && !site.prod ? '3 2' : null, opacity: site.collected ? 0.45 : 1 });
      const label = fx(site.prod ? site.prod.effects : site.effects, ctx, true);
      const ink = site.prod && (site.prod.color === 'red' || site.prod.color === 'brown') ? '#fff' : '#222';
      if (horiz) body += text(sx + w / 2, sy + h / 2 + 4, label, { 'font-size': 10, 'text-anchor': 'middle', fill: ink });
      else body += text(sx + w / 2 + 4, sy + h / 2, label, { 'font-size': 10, 'text-anchor': 'middle', fill: ink, transform: `rotate(-90 ${sx + w / 2} ${sy + h / 2})` });
      if (site.collected) body += text(sx + w - 2, sy + 9, '✓', { 'font-size': 9, 'text-anchor': 'end' });
      const tip = `${site.id}: ${fx(site.prod ? `${site.prod.id} (${site.prod.effects})` : site.effects, ctx)}${site.slot ? ` [${ctx.t(`rajas.color.${site.slot}`)}]` : ''}`;
      out += target(site.target, body, tip);
    }
    return { out, w: 2 * MARGIN + g.cols * CELL, h: 2 * MARGIN + g.rows * CELL };
  }

  function kali(s, ctx, x, y, width) {
    let out = text(x, y + 12, ctx.t('rajas.kali', { n: s.kali.count, cap: s.kali.capacity }), { 'font-size': 12, 'font-weight': 'bold' });
    let dx = x;
    let dy = y + 22;
    for (const d of s.kali.dice) {
      const w = 26 + (d.count > 1 ? 18 : 0);
      if (dx + w > x + width) {
        dx = x;
        dy += 30;
      }
      let body = die(dx + 12, dy + 12, 24, d.color, d.value);
      if (d.count > 1) body += text(dx + 26, dy + 17, `×${d.count}`, { 'font-size': 11 });
      out += target(d.target, body, `${ctx.t(`rajas.color.${d.color}`)} ${d.value}${d.count > 1 ? ` ×${d.count}` : ''}`);
      dx += w + 4;
    }
    let bottom = dy + 28;
    if (s.kali.hand.length) {
      let hx = x;
      out += text(hx, bottom + 12, ctx.t('rajas.hand'), { 'font-size': 11, fill: '#555' });
      hx += 60;
      for (const h of s.kali.hand) {
        for (let k = 0; k < h.count; k++) {
          out += die(hx + 9, bottom + 8, 16, h.color, 0);
          hx += 20;
        }
      }
      bottom += 22;
    }
    return { out, bottom };
  }

  function seatPanel(s, b, ctx) {
    const you = s.seat === b.you;
    let out = '';
    const head = `${s.name}${you ? ` (${ctx.t('rajas.you')})` : ''} · ${ctx.t(`rajas.side.${s.side}`)}${s.out ? ` · ${ctx.t('rajas.out')}` : ''}`;
    out += el('rect', { x: 0, y: 0, width: 440, height: 26, fill: b.turn === s.seat ? '#f6e6da' : '#f5f2ec' });
    out += worker(14, 13, s.seat, 9) + text(30, 18, head, { 'font-size': 13, 'font-weight': 'bold' });
    // Tracks: fame, money (and where they meet), Karma, workers, boat.
    const gap = s.gap >= 0 ? `+${s.gap}` : s.gap;
    out += text(8, 44, `★ ${ctx.t('rajas.fame')} ${s.fame}`, { 'font-size': 12 });
    out += text(110, 44, `₹ ${ctx.t('rajas.money')} ${s.money} (${ctx.t('rajas.gap', { gap })}${s.crossed ? `, ${ctx.t('rajas.met')}` : ''})`, { 'font-size': 12 });
    out += text(8, 62, ctx.t('rajas.karma'), { 'font-size': 12 });
    for (let k = 0; k < b.tracks.maxKarma; k++) out += el('circle', { cx: 58 + k * 14, cy: 58, r: 5, fill: k < s.karma ? '#8c3b14' : '#fff', stroke: '#8c3b14' });
    out += text(110, 62, ctx.t('rajas.workers', { left: s.workers.left, active: s.workers.active, max: s.workers.max }), { 'font-size': 12 });
    for (let k = 0; k < s.workers.left; k++) out += dot(300 + k * 16, 58, s.seat, 6);
    out += text(8, 80, ctx.t('rajas.boat', { n: s.boat }), { 'font-size': 12 });
    out += text(110, 80, ctx.t('rajas.upgrades', { n: s.upgrades }), { 'font-size': 12 });
    // Building levels: the fame one building of each type scores.
    s.buildings.forEach((bd, i) => {
      const x = 8 + i * 106;
      let body = el('rect', { x, y: 88, width: 100, height: 22, rx: 4, fill: '#fff8e8', stroke: '#8c6a3c' });
      body += text(x + 6, 103, `${ctx.t(`rajas.b.${bd.type}`)}`, { 'font-size': 11 });
      for (let l = 2; l <= b.tracks.levelMax; l++) body += el('circle', { cx: x + 68 + (l - 2) * 12, cy: 99, r: 4.5, fill: l <= bd.level ? '#7d4ca0' : '#fff', stroke: '#7d4ca0' });
      out += target(bd.target, body, `${ctx.t(`rajas.b.${bd.type}`)}: ${bd.level} ★`);
    });
    const pv = province(s, b, ctx, 0, 116);
    out += pv.out;
    let k;
    if (b.placing && b.turn === s.seat) {
      // The tile being bought or placed, beside the statue.
      const py = 116 + pv.h + 4;
      out += text(436, py + 12, ctx.t('rajas.placingTile'), { 'font-size': 11, 'text-anchor': 'end' });
      out += el('g', {}, title(tileTip(b.placing, ctx)) + tile(b.placing, b.placing.roads, 370, py + 18, 62, ctx));
      k = kali(s, ctx, 8, py, 350);
      k.bottom = Math.max(k.bottom, py + 84);
    } else {
      k = kali(s, ctx, 8, 116 + pv.h + 4, 420);
    }
    out += k.out;
    return svg(440, k.bottom + 6, out, s.name, true);
  }

  // ------------------------------------------------------------ rotations

  // rotationPreviews decorates the shell's chooser, opened by a click on a
  // cell where the tile can be turned several ways: each button gets the
  // tile drawn turned that way and a localised label. Should the chooser
  // look different, the buttons simply keep their text.
  function rotationPreviews(b, ctx) {
    const t = b.placing;
    if (!t || typeof document.querySelectorAll !== 'function') return;
    for (const btn of document.querySelectorAll('#chooser button[data-option^="place:"]')) {
      const rot = Number((btn.dataset.option.match(/:rot(\d)$/) || [])[1] || 0);
      const label = btn.querySelector('.option-label');
      if (label) label.textContent = ctx.t(`rajas.rot${rot}`);
      btn.insertAdjacentHTML('afterbegin', el('span', { class: 'rajas-rot', style: 'display:inline-block;width:48px;vertical-align:middle;margin-right:8px' }, svg(70, 70, tile(t, turnRoads(t.roads, rot), 4, 4, 62, ctx, rot), t.id)));
    }
  }

  // ------------------------------------------------------------ render

  function render(root, view, ctx) {
    const b = view.board;
    // Your own province first, then the others in seat order.
    const order = b.seats.slice();
    if (b.you >= 0) order.sort((p, q) => (p.seat === b.you ? -1 : q.seat === b.you ? 1 : p.seat - q.seat));
    const box = 'margin:8px 0;background:#fff;border-radius:8px';
    let html = status(b, ctx);
    const W = root.clientWidth && root.clientWidth < 560 ? NARROW : WIDE;
    html += el('div', { class: 'rajas-main', style: box }, mainBoard(b, ctx, W));
    html += el('div', { class: 'rajas-river', style: box }, river(b, ctx, W) + riverKey(b, ctx));
    html += el('div', { class: 'rajas-tracks', style: box }, tracks(b, ctx, W));
    html += el(
      'div',
      { class: 'rajas-seats', style: 'display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:8px' },
      order.map((s) => el('div', { class: 'rajas-seat', style: box }, seatPanel(s, b, ctx))).join(''),
    );
    const div = document.createElement('div');
    div.className = 'rajas-board';
    div.innerHTML = html;
    div.addEventListener('click', (e) => {
      const node = e.target.closest('[data-target]');
      if (!node) return;
      const tg = node.getAttribute('data-target');
      if (!ctx.targets.has(tg)) return;
      const opts = ctx.options.filter((o) => o.target === tg);
      // A die offers Karma (turn it over, which spends a Karma) among its
      // options: a click only asks, the chooser sends it.
      if (opts.some((o) => o.id.startsWith('karma:'))) {
        ctx.ask(opts, ctx.t('rajas.karmaAsk'));
        return;
      }
      ctx.pick(tg);
      if (opts.length > 1 && opts.every((o) => o.id.startsWith('place:'))) rotationPreviews(b, ctx);
    });
    root.append(div);
    outlineTargets(div, ctx);
  }

  // outlineTargets marks every element an option of yours refers to (cells
  // for a tile, spaces for a worker, dice, piles, river spaces…) with the
  // class clickable and a blue frame drawn just inside it, as the Gandhi map
  // outlines its clickable spaces.
  function outlineTargets(div, ctx) {
    if (!ctx.targets || !ctx.targets.size) return;
    for (const node of div.querySelectorAll('[data-target]')) {
      if (!ctx.targets.has(node.getAttribute('data-target'))) continue;
      node.classList.add('clickable');
      let bb;
      try {
        bb = node.getBBox();
      } catch (_) {
        continue;
      }
      if (!bb || !bb.width || !bb.height) continue;
      const r = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      const a = { class: 'rajas-hl', x: bb.x + 1.5, y: bb.y + 1.5, width: Math.max(bb.width - 3, 1), height: Math.max(bb.height - 3, 1), rx: 5, fill: 'none', stroke: '#1565c0', 'stroke-width': 3, 'pointer-events': 'none' };
      for (const [k, v] of Object.entries(a)) r.setAttribute(k, v);
      node.append(r);
    }
  }

  // regions: what each place holds (the main board's and the river's
  // spaces, each province's cells and production sites), for the page to
  // outline the places a move changed.
  function regions(b) {
    const out = {};
    const put = (x) => {
      if (x && x.target) out[x.target] = JSON.stringify(x);
    };
    (b.spaces || []).forEach(put);
    ((b.river && b.river.spaces) || []).forEach(put);
    for (const s of b.seats || []) {
      (s.cells || []).forEach(put);
      (s.sites || []).forEach(put);
    }
    return out;
  }

  Durbar.register('rajas', { render, regions });
})();

// Gandhi: draws the board the server sends (gandhiBoard, in
// gandhi/gandhiplug/server.go) — the map of India as SVG, with every space
// where the map file places it (docs/gandhi-map.md) and the Railways as
// lines between their end Cities and Towns — and, below it, the tracks, the
// cards, and each faction's boxes. Spaces an option refers to carry
// data-target; a click on one is handed to the page (ctx.pick).
'use strict';
(() => {
  const Durbar = window.Durbar;

  // ------------------------------------------------------------ strings

  const strings = {
    en: {
      'gandhi.faction.raj': 'British Raj',
      'gandhi.faction.congress': 'Congress',
      'gandhi.faction.league': 'Muslim League',
      'gandhi.faction.rev': 'Revolutionaries',
      'gandhi.piece.troop': 'Troop',
      'gandhi.piece.sepoy': 'Sepoy',
      'gandhi.piece.congress': 'Congress Activist',
      'gandhi.piece.league': 'League Activist',
      'gandhi.piece.guerrilla': 'Underground Guerrilla',
      'gandhi.piece.active-guerrilla': 'Active Guerrilla',
      'gandhi.piece.league-base': 'League Base',
      'gandhi.piece.rev-base': 'Revolutionary Base',
      'gandhi.piece.gandhi': 'Gandhi',
      'gandhi.type.city': 'City',
      'gandhi.type.province': 'Province',
      'gandhi.type.state': 'Princely State',
      'gandhi.type.railway': 'Railway',
      'gandhi.support.active-support': 'Active Support',
      'gandhi.support.passive-support': 'Passive Support',
      'gandhi.support.neutral': 'Neutral',
      'gandhi.support.passive-opposition': 'Passive Opposition',
      'gandhi.support.active-opposition': 'Active Opposition',
      'gandhi.short.active-support': 'Act. Sup.',
      'gandhi.short.passive-support': 'Pas. Sup.',
      'gandhi.short.passive-opposition': 'Pas. Opp.',
      'gandhi.short.active-opposition': 'Act. Opp.',
      'gandhi.muslim': 'Muslim space',
      'gandhi.control': 'Raj Control',
      'gandhi.controlShort': 'RC',
      'gandhi.protest': 'Protest',
      'gandhi.strike': 'Strike',
      'gandhi.unrest': 'Unrest',
      'gandhi.muslimState': 'Muslim State',
      'gandhi.pop': 'Population {n}',
      'gandhi.econ': 'Econ {n}',
      'gandhi.activeActivists': 'Activists here are Active',
      'gandhi.tracks': 'Tracks',
      'gandhi.restraint': 'Restraint',
      'gandhi.unity': 'Unity',
      'gandhi.crisis': 'Crisis!',
      'gandhi.resources': 'Resources',
      'gandhi.resourcesNP': 'Non-Player: not used (8.1)',
      'gandhi.resourcesNPWhy': 'Non-Players neither track nor spend Resources (8.1): an Activation Number limits their Operations instead (8.6.2), and their marker stays at the top of the track.',
      'gandhi.resourcesMax': 'max {n} (1.8)',
      'gandhi.resourcesMaxWhy': 'Resources never go above {n} (1.8): any more gained is lost.',
      'gandhi.victory': 'Victory',
      'gandhi.victoryLine': '{total} / more than {threshold} (margin {margin})',
      'gandhi.markers': 'Protest markers: {off} off the map, {ops} for Operations · Unrest/Strike left: {unrest} · Muslim States left: {ms}',
      'gandhi.cards': 'Cards',
      'gandhi.current': 'Current card',
      'gandhi.upcoming': 'Upcoming card',
      'gandhi.viceroy': 'Viceroy',
      'gandhi.none': 'none',
      'gandhi.unshaded': 'Unshaded',
      'gandhi.shaded': 'Shaded',
      'gandhi.campaign': 'Campaign card',
      'gandhi.order': 'Faction order',
      'gandhi.deck': 'Draw deck: {n} cards left, {c} of them Campaign cards',
      'gandhi.played': 'Played: {n}',
      'gandhi.factions': 'Factions',
      'gandhi.np': 'Non-Player',
      'gandhi.eligible': 'Eligible',
      'gandhi.ineligible': 'Ineligible',
      'gandhi.ineligibleNext': 'Ineligible through next card',
      'gandhi.acted': 'acted on this card',
      'gandhi.passed': 'passed on this card',
      'gandhi.available': 'Available',
      'gandhi.outOfPlay': 'Out of Play',
      'gandhi.jail': 'Jail',
      'gandhi.gandhiAt': 'Gandhi: in {space}',
      'gandhi.gandhiJail': 'Gandhi: in Jail',
      'gandhi.gandhiUnplaced': 'Gandhi: not yet placed',
      'gandhi.firstDid.op': '1st Eligible executed an Operation',
      'gandhi.firstDid.opsa': '1st Eligible executed an Operation with a Special Activity',
      'gandhi.firstDid.event': '1st Eligible executed the Event',
      'gandhi.over': 'Game over: {reason}',
      'gandhi.ranking': 'Ranking',
      'gandhi.legend': 'Legend',
      'gandhi.legendPop': 'Population (Support and Opposition count it)',
      'gandhi.legendUnrest': 'Unrest (×2: two markers)',
      'gandhi.legendStrike': 'Railway on Strike',
      'gandhi.legendEcon': "Railway's Econ value",
      'gandhi.empty': '—',
    },
    es: {
      'gandhi.faction.raj': 'Raj Británico',
      'gandhi.faction.congress': 'Congreso',
      'gandhi.faction.league': 'Liga Musulmana',
      'gandhi.faction.rev': 'Revolucionarios',
      'gandhi.piece.troop': 'Tropa',
      'gandhi.piece.sepoy': 'Cipayo',
      'gandhi.piece.congress': 'Activista del Congreso',
      'gandhi.piece.league': 'Activista de la Liga Musulmana',
      'gandhi.piece.guerrilla': 'Guerrilla Oculta',
      'gandhi.piece.active-guerrilla': 'Guerrilla Activa',
      'gandhi.piece.league-base': 'Base de la Liga Musulmana',
      'gandhi.piece.rev-base': 'Base Revolucionaria',
      'gandhi.piece.gandhi': 'Gandhi',
      'gandhi.type.city': 'Ciudad',
      'gandhi.type.province': 'Provincia',
      'gandhi.type.state': 'Estado Nativo',
      'gandhi.type.railway': 'Ferrocarril',
      'gandhi.support.active-support': 'Apoyo Activo',
      'gandhi.support.passive-support': 'Apoyo Pasivo',
      'gandhi.support.neutral': 'Neutral',
      'gandhi.support.passive-opposition': 'Oposición Pasiva',
      'gandhi.support.active-opposition': 'Oposición Activa',
      'gandhi.short.active-support': 'Apoyo Act.',
      'gandhi.short.passive-support': 'Apoyo Pas.',
      'gandhi.short.passive-opposition': 'Opos. Pas.',
      'gandhi.short.active-opposition': 'Opos. Act.',
      'gandhi.muslim': 'Casilla Musulmana',
      'gandhi.control': 'Control del Raj',
      'gandhi.controlShort': 'CR',
      'gandhi.protest': 'Protesta',
      'gandhi.strike': 'Huelga',
      'gandhi.unrest': 'Disturbios',
      'gandhi.muslimState': 'Estado Musulmán',
      'gandhi.pop': 'Población {n}',
      'gandhi.econ': 'Econ {n}',
      'gandhi.activeActivists': 'Los Activistas de aquí están Activos',
      'gandhi.tracks': 'Medidores',
      'gandhi.restraint': 'Moderación',
      'gandhi.unity': 'Unidad',
      'gandhi.crisis': '¡Crisis!',
      'gandhi.resources': 'Recursos',
      'gandhi.resourcesNP': 'Sin Jugador: no se usan (8.1)',
      'gandhi.resourcesNPWhy': 'Las facciones Sin Jugador no llevan ni gastan Recursos (8.1): un Número de activación limita sus Operaciones (8.6.2), y su marcador se queda en lo alto del registro.',
      'gandhi.resourcesMax': 'máx. {n} (1.8)',
      'gandhi.resourcesMaxWhy': 'Los Recursos nunca pasan de {n} (1.8): lo que se gane de más se pierde.',
      'gandhi.victory': 'Victoria',
      'gandhi.victoryLine': '{total} / más de {threshold} (margen {margin})',
      'gandhi.markers': 'Marcadores de Protesta: {off} fuera del mapa, {ops} para Operaciones · Disturbios/Huelgas libres: {unrest} · Estados Musulmanes libres: {ms}',
      'gandhi.cards': 'Cartas',
      'gandhi.current': 'Carta Actual',
      'gandhi.upcoming': 'Próxima Carta',
      'gandhi.viceroy': 'Virrey',
      'gandhi.none': 'ninguna',
      'gandhi.unshaded': 'Sin sombrear',
      'gandhi.shaded': 'Sombreado',
      'gandhi.campaign': 'Carta de Campaña',
      'gandhi.order': 'Orden de Facciones',
      'gandhi.deck': 'Mazo de Robo: quedan {n} cartas, {c} de ellas de Campaña',
      'gandhi.played': 'Jugadas: {n}',
      'gandhi.factions': 'Facciones',
      'gandhi.np': 'Sin Jugador',
      'gandhi.eligible': 'Elegible',
      'gandhi.ineligible': 'No Elegible',
      'gandhi.ineligibleNext': 'No Elegible hasta la próxima carta',
      'gandhi.acted': 'actuó en esta carta',
      'gandhi.passed': 'pasó en esta carta',
      'gandhi.available': 'Disponibles',
      'gandhi.outOfPlay': 'Fuera del Juego',
      'gandhi.jail': 'Prisión',
      'gandhi.gandhiAt': 'Gandhi: en {space}',
      'gandhi.gandhiJail': 'Gandhi: en Prisión',
      'gandhi.gandhiUnplaced': 'Gandhi: aún sin colocar',
      'gandhi.empty': '—',
      'gandhi.firstDid.op': 'El 1.º Elegible ejecutó una Operación',
      'gandhi.firstDid.opsa': 'El 1.º Elegible ejecutó una Operación con Actividad Especial',
      'gandhi.firstDid.event': 'El 1.º Elegible ejecutó el Evento',
      'gandhi.over': 'Fin de la partida: {reason}',
      'gandhi.ranking': 'Clasificación',
      'gandhi.legend': 'Leyenda',
      'gandhi.legendPop': 'Población (la cuentan el Apoyo y la Oposición)',
      'gandhi.legendUnrest': 'Disturbios (×2: dos marcadores)',
      'gandhi.legendStrike': 'Ferrocarril en huelga',
      'gandhi.legendEcon': 'Valor económico del ferrocarril',
    },
    it: {
      'gandhi.faction.raj': 'Raj Britannico',
      'gandhi.faction.congress': 'Congresso',
      'gandhi.faction.league': 'Lega Musulmana',
      'gandhi.faction.rev': 'Rivoluzionari',
      'gandhi.piece.troop': 'Truppa',
      'gandhi.piece.sepoy': 'Sepoy',
      'gandhi.piece.congress': 'Attivista del Congresso',
      'gandhi.piece.league': 'Attivista della Lega Musulmana',
      'gandhi.piece.guerrilla': 'Guerriglia Nascosta',
      'gandhi.piece.active-guerrilla': 'Guerriglia Attiva',
      'gandhi.piece.league-base': 'Base della Lega Musulmana',
      'gandhi.piece.rev-base': 'Base dei Rivoluzionari',
      'gandhi.piece.gandhi': 'Gandhi',
      'gandhi.type.city': 'Città',
      'gandhi.type.province': 'Provincia',
      'gandhi.type.state': 'Principato',
      'gandhi.type.railway': 'Ferrovia',
      'gandhi.support.active-support': 'Supporto Attivo',
      'gandhi.support.passive-support': 'Supporto Passivo',
      'gandhi.support.neutral': 'Neutrale',
      'gandhi.support.passive-opposition': 'Opposizione Passiva',
      'gandhi.support.active-opposition': 'Opposizione Attiva',
      'gandhi.short.active-support': 'Supp. Att.',
      'gandhi.short.passive-support': 'Supp. Pass.',
      'gandhi.short.passive-opposition': 'Opp. Pass.',
      'gandhi.short.active-opposition': 'Opp. Att.',
      'gandhi.muslim': 'Spazio Musulmano',
      'gandhi.control': 'Controllo del Raj',
      'gandhi.controlShort': 'CR',
      'gandhi.protest': 'Protesta',
      'gandhi.strike': 'Sciopero',
      'gandhi.unrest': 'Disordini',
      'gandhi.muslimState': 'Stato Musulmano',
      'gandhi.pop': 'Popolazione {n}',
      'gandhi.econ': 'Econ {n}',
      'gandhi.activeActivists': 'Qui gli Attivisti sono Attivi',
      'gandhi.tracks': 'Tracciati',
      'gandhi.restraint': 'Moderazione',
      'gandhi.unity': 'Unità',
      'gandhi.crisis': 'Crisi!',
      'gandhi.resources': 'Risorse',
      'gandhi.resourcesNP': 'Non Giocatore: non usate (8.1)',
      'gandhi.resourcesNPWhy': 'Le fazioni Non Giocatore non contano né spendono Risorse (8.1): un Numero di attivazione limita le loro Operazioni (8.6.2), e il loro segnalino resta in cima al tracciato.',
      'gandhi.resourcesMax': 'mass. {n} (1.8)',
      'gandhi.resourcesMaxWhy': 'Le Risorse non superano mai {n} (1.8): quanto si guadagna in più va perso.',
      'gandhi.victory': 'Vittoria',
      'gandhi.victoryLine': '{total} / oltre {threshold} (margine {margin})',
      'gandhi.markers': 'Segnalini Protesta: {off} fuori mappa, {ops} per le Operazioni · Disordini/Scioperi liberi: {unrest} · Stati Musulmani liberi: {ms}',
      'gandhi.cards': 'Carte',
      'gandhi.current': 'Carta Corrente',
      'gandhi.upcoming': 'Carta Successiva',
      'gandhi.viceroy': 'Viceré',
      'gandhi.none': 'nessuna',
      'gandhi.unshaded': 'Non ombreggiato',
      'gandhi.shaded': 'Ombreggiato',
      'gandhi.campaign': 'Carta Campagna',
      'gandhi.order': 'Ordine delle Fazioni',
      'gandhi.deck': 'Mazzo di pesca: restano {n} carte, di cui {c} Carte Campagna',
      'gandhi.played': 'Giocate: {n}',
      'gandhi.factions': 'Fazioni',
      'gandhi.np': 'Non Giocatore',
      'gandhi.eligible': 'Disponibile',
      'gandhi.ineligible': 'Non Disponibile',
      'gandhi.ineligibleNext': 'Non Disponibile fino alla prossima carta',
      'gandhi.acted': 'ha agito su questa carta',
      'gandhi.passed': 'ha passato su questa carta',
      'gandhi.available': 'Disponibili',
      'gandhi.outOfPlay': 'Fuori dal Gioco',
      'gandhi.jail': 'Prigione',
      'gandhi.gandhiAt': 'Gandhi: in {space}',
      'gandhi.gandhiJail': 'Gandhi: in Prigione',
      'gandhi.gandhiUnplaced': 'Gandhi: non ancora piazzato',
      'gandhi.empty': '—',
      'gandhi.firstDid.op': 'La 1ª Disponibile ha eseguito un’Operazione',
      'gandhi.firstDid.opsa': 'La 1ª Disponibile ha eseguito un’Operazione con Attività Speciale',
      'gandhi.firstDid.event': 'La 1ª Disponibile ha eseguito l’Evento',
      'gandhi.over': 'Partita finita: {reason}',
      'gandhi.ranking': 'Classifica',
      'gandhi.legend': 'Legenda',
      'gandhi.legendPop': 'Popolazione (conta per Supporto e Opposizione)',
      'gandhi.legendUnrest': 'Disordini (×2: due segnalini)',
      'gandhi.legendStrike': 'Ferrovia in sciopero',
      'gandhi.legendEcon': 'Valore economico della ferrovia',
    },
  };
  // The creation form's menus (the server's catalog, app.js catalogLabel).
  const catalog = {
    en: {
      'gandhi.title': 'Gandhi',
      'gandhi.scenario.main': 'Main scenario (1917–1947)',
      'gandhi.scenario.short': 'Short scenario (1930–1947)',
      'gandhi.scenario.quick': 'Quick-start scenario',
      'gandhi.seat.raj': 'British Raj',
      'gandhi.seat.congress': 'Congress',
      'gandhi.seat.league': 'Muslim League',
      'gandhi.seat.rev': 'Revolutionaries',
      'gandhi.computer.np': 'Non-Player (Arjuna, rules 8)',
    },
    es: {
      'gandhi.title': 'Gandhi',
      'gandhi.scenario.main': 'Escenario principal (1917–1947)',
      'gandhi.scenario.short': 'Escenario corto (1930–1947)',
      'gandhi.scenario.quick': 'Escenario de inicio rápido',
      'gandhi.seat.raj': 'Raj Británico',
      'gandhi.seat.congress': 'Congreso',
      'gandhi.seat.league': 'Liga Musulmana',
      'gandhi.seat.rev': 'Revolucionarios',
      'gandhi.computer.np': 'Sin Jugador (Arjuna, reglas 8)',
    },
    it: {
      'gandhi.title': 'Gandhi',
      'gandhi.scenario.main': 'Scenario principale (1917–1947)',
      'gandhi.scenario.short': 'Scenario breve (1930–1947)',
      'gandhi.scenario.quick': 'Scenario di avvio rapido',
      'gandhi.seat.raj': 'Raj Britannico',
      'gandhi.seat.congress': 'Congresso',
      'gandhi.seat.league': 'Lega Musulmana',
      'gandhi.seat.rev': 'Rivoluzionari',
      'gandhi.computer.np': 'Non Giocatore (Arjuna, regole 8)',
    },
  };
  for (const [lang, dict] of Object.entries(strings)) Durbar.i18n.add(lang, { ...dict, ...catalog[lang] });

  // ------------------------------------------------------------ look

  // Faction colours: Raj red and khaki, Congress saffron, League green,
  // Revolutionaries black and grey.
  const COLOR = { raj: '#a3221b', congress: '#e8821e', league: '#1f7a3a', rev: '#2b2b2b' };
  const PIECES = ['troop', 'sepoy', 'congress', 'league', 'guerrilla', 'active-guerrilla', 'league-base', 'rev-base'];
  const OWNER = { troop: 'raj', sepoy: 'raj', congress: 'congress', league: 'league', guerrilla: 'rev', 'active-guerrilla': 'rev', 'league-base': 'league', 'rev-base': 'rev' };
  // Space fill by Support level (COIN blue for Support, ochre for Opposition).
  const SUPPORT_FILL = {
    'active-support': '#9fbbe0',
    'passive-support': '#d3e0f1',
    neutral: '#f7f1e3',
    'passive-opposition': '#f5d9b8',
    'active-opposition': '#eeb27a',
  };
  const SIZE = { province: [128, 96], state: [120, 96], city: [92, 92] };
  const PITCH = 22; // distance between piece icons

  const esc = (s) =>
    String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const attrs = (a) =>
    Object.entries(a)
      .filter(([, v]) => v !== undefined && v !== null && v !== false)
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join('');
  const tag = (name, a, body) => (body === undefined ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${body}</${name}>`);
  const el = (name, a, body) => tag(name, a, body === undefined ? '' : body);
  const r1 = (n) => Math.round(n * 10) / 10;

  // ------------------------------------------------------------ pieces

  // icon draws one piece kind centred on (x, y) with its count written on it.
  function icon(kind, x, y, n) {
    const num = (fill) =>
      tag('text', { x: r1(x), y: r1(y + 4), 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill }, esc(n));
    switch (kind) {
      case 'troop':
        return tag('rect', { x: x - 8, y: y - 8, width: 16, height: 16, rx: 2, fill: '#cdb57e', stroke: COLOR.raj, 'stroke-width': 2 }) + num('#3b2a10');
      case 'sepoy':
        return tag('rect', { x: x - 8, y: y - 8, width: 16, height: 16, rx: 2, fill: COLOR.raj, stroke: '#5e110c', 'stroke-width': 1.5 }) + num('#fff');
      case 'congress':
        return tag('circle', { cx: x, cy: y, r: 9, fill: COLOR.congress, stroke: '#8a4608', 'stroke-width': 1.5 }) + num('#1e1300');
      case 'league':
        return tag('circle', { cx: x, cy: y, r: 9, fill: COLOR.league, stroke: '#0d3b1b', 'stroke-width': 1.5 }) + num('#fff');
      case 'guerrilla': // Underground: hollow, dashed
        return tag('rect', { x: x - 7, y: y - 9, width: 14, height: 18, rx: 6, fill: '#f2f2f2', stroke: '#444', 'stroke-width': 1.5, 'stroke-dasharray': '3 2' }) + num('#222');
      case 'active-guerrilla': // Active: solid black
        return tag('rect', { x: x - 7, y: y - 9, width: 14, height: 18, rx: 6, fill: '#151515', stroke: '#000', 'stroke-width': 1.5 }) + num('#fff');
      case 'league-base':
      case 'rev-base': {
        const fill = kind === 'league-base' ? COLOR.league : '#555';
        const pts = [[x, y - 10], [x + 10, y - 2], [x + 8, y + 9], [x - 8, y + 9], [x - 10, y - 2]].map((p) => p.join(',')).join(' ');
        return tag('polygon', { points: pts, fill, stroke: '#111', 'stroke-width': 1.5 }) + num('#fff');
      }
      case 'gandhi':
        return (
          tag('circle', { cx: x, cy: y, r: 10, fill: '#fffaf0', stroke: COLOR.congress, 'stroke-width': 3 }) +
          tag('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 800, fill: '#8a4608' }, 'G')
        );
    }
    return '';
  }

  // pieceList is a space's pieces in drawing order, Gandhi first.
  function pieceList(s) {
    const list = s.gandhi ? [['gandhi', 1]] : [];
    for (const k of PIECES) if (s.pieces && s.pieces[k]) list.push([k, s.pieces[k]]);
    return list;
  }

  // pieceGrid lays icons out in rows of cols, centred on x, from y down.
  function pieceGrid(list, x, y, cols) {
    let out = '';
    list.forEach(([kind, n], i) => {
      const row = Math.floor(i / cols);
      const inRow = Math.min(cols, list.length - row * cols);
      const col = i % cols;
      out += tag('g', { 'data-mark': kind }, icon(kind, x + (col - (inRow - 1) / 2) * PITCH, y + row * PITCH, n));
    });
    return out;
  }

  // textWidth measures a text as the map draws it (bold, in the map's
  // font); without a canvas it guesses from the length.
  let measurer = null;
  function textWidth(text, size) {
    try {
      if (!measurer) measurer = document.createElement('canvas').getContext('2d');
      measurer.font = `700 ${size}px system-ui, sans-serif`;
      return measurer.measureText(String(text)).width;
    } catch (_) {
      return String(text).length * size * 0.62;
    }
  }

  // A marker's badge: its text in a rounded box as wide as the text.
  const PILL_FONT = 9.5;
  function pillWidth(text, size) {
    return Math.max(18, textWidth(text, size || PILL_FONT) + 10);
  }

  function pill(x, y, text, fill, ink, anchor, size, mark) {
    const fs = size || PILL_FONT;
    const w = pillWidth(text, fs);
    const hh = Math.max(6, fs * 0.74);
    const x0 = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x;
    return (
      tag('rect', { class: 'gd-pill', 'data-mark': mark || null, x: r1(x0), y: r1(y - hh), width: r1(w), height: r1(hh * 2), rx: r1(hh), fill, stroke: 'rgba(0,0,0,.35)', 'stroke-width': 0.8 }) +
      tag('text', { class: 'gd-pill-text', x: r1(x0 + w / 2), y: r1(y + fs * 0.37), 'text-anchor': 'middle', 'font-size': fs, 'font-weight': 700, fill: ink }, esc(text))
    );
  }

  // pillRows lays a space's marker badges out along its bottom edge, within
  // width: on one row, in smaller type if need be, else on rows stacked
  // upwards. It returns the SVG and the rows' top.
  function pillRows(marks, x, by, width) {
    if (!marks.length) return { svg: '', top: by };
    const gap = 3;
    const total = (list, fs) => list.reduce((a, [txt]) => a + pillWidth(txt, fs) + gap, 0) - gap;
    let fs = PILL_FONT;
    let rows = [marks];
    if (total(marks, fs) > width) {
      fs = Math.max(8, PILL_FONT * (width / total(marks, fs)));
      if (total(marks, fs) > width) {
        rows = [];
        let row = [];
        for (const m of marks) {
          if (row.length && total([...row, m], fs) > width) {
            rows.push(row);
            row = [];
          }
          row.push(m);
        }
        rows.push(row);
        // A badge wider than the space on its own row shrinks to fit.
        for (const r of rows) if (total(r, fs) > width) fs = Math.max(6, fs * (width / total(r, fs)));
      }
    }
    const pitch = fs * 1.5 + 2;
    let svg = '';
    // The first badges on the bottom row, the rest stacked above it.
    rows.forEach((row, i) => {
      const y = by - (rows.length - 1 - i) * pitch;
      let mx = x - total(row, fs) / 2;
      for (const [txt, fill, ink, mark] of row) {
        svg += pill(mx, y, txt, fill, ink, 'start', fs, mark);
        mx += pillWidth(txt, fs) + gap;
      }
    });
    return { svg, top: by - (rows.length - 1) * pitch - fs };
  }

  // crescent marks a Muslim space.
  function crescent(x, y, r, fill) {
    return tag('path', {
      'data-mark': 'muslim',
      d: `M${x + r * 0.3},${y - r} A${r},${r} 0 1 0 ${x + r * 0.3},${y + r} A${r * 1.25},${r * 1.25} 0 0 1 ${x + r * 0.3},${y - r} Z`,
      fill,
    });
  }

  // ------------------------------------------------------------ the map

  // A rough outline of the subcontinent drawn around the spaces' positions,
  // for orientation only (the rules use the spaces and their adjacency).
  const LAND =
    'M25,470 L70,540 L150,560 L150,615 L205,650 L215,720 L265,810 L330,900 L420,990 L470,985 L520,955 L605,935 ' +
    'L665,880 L720,820 L775,755 L800,690 L845,630 L905,615 L955,640 L985,560 L990,400 L1000,250 L960,175 L880,245 ' +
    'L800,305 L700,250 L570,200 L560,110 L535,30 L420,10 L320,30 L200,55 L165,160 L50,200 L20,330 Z';

  function spaceTitle(s, ctx) {
    const t = ctx.t;
    const lines = [`${s.name} — ${t(`gandhi.type.${s.type}`, s.type)}`];
    if (s.type === 'railway') lines.push(t('gandhi.econ', { n: s.econ }));
    else lines.push(t('gandhi.pop', { n: s.pop }), t(`gandhi.support.${s.support || 'neutral'}`, s.support));
    if (s.muslim) lines.push(t('gandhi.muslim'));
    if (s.control) lines.push(t('gandhi.control'));
    if (s.gandhi) lines.push(t('gandhi.piece.gandhi'));
    for (const [k, n] of pieceList(s)) if (k !== 'gandhi') lines.push(`${n} × ${t(`gandhi.piece.${k}`, k)}`);
    if (s.activistsActive && (s.pieces.congress || s.pieces.league)) lines.push(t('gandhi.activeActivists'));
    if (s.protest) lines.push(t('gandhi.protest'));
    if (s.strike) lines.push(t('gandhi.strike'));
    if (s.unrest) lines.push(`${t('gandhi.unrest')} × ${s.unrest}`);
    if (s.muslimState) lines.push(t('gandhi.muslimState'));
    return tag('title', {}, esc(lines.join('\n')));
  }

  // nameLayout breaks a space's name into lines that fit its shape. On a
  // Province or State the first two lines stand beside the population
  // badge and the crescent, so they get less room (narrow) than the rest
  // (wide); a name that needs three lines is set smaller.
  function nameLayout(name, narrow, wide) {
    const words = String(name).split(' ');
    const room = (i) => (i < 2 ? narrow : wide);
    const wrap = (fs) => {
      const lines = [];
      let line = '';
      for (const w of words) {
        const next = line ? `${line} ${w}` : w;
        if (line && textWidth(next, fs) > room(lines.length)) {
          lines.push(line);
          line = w;
        } else line = next;
      }
      lines.push(line);
      return lines;
    };
    if (textWidth(name, 13) <= narrow) return { lines: [name], fs: 13, pitch: 12, room };
    // Two lines split near the middle, when they fit beside the badges.
    const two = nameLines(name);
    if (two.length === 2 && two.every((l) => textWidth(l, 11.5) <= narrow)) return { lines: two, fs: 11.5, pitch: 12, room };
    for (const fs of [11.5, 10.5]) {
      const lines = wrap(fs);
      if (lines.length <= 2) return { lines, fs, pitch: 12, room };
    }
    return { lines: wrap(10.5), fs: 10.5, pitch: 11, room };
  }

  // nameLines splits a long name in two at the space nearest its middle.
  function nameLines(name) {
    if (name.length <= 13) return [name];
    let best = -1;
    for (let i = 0; i < name.length; i++) {
      if (name[i] === ' ' && (best < 0 || Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2))) best = i;
    }
    return best < 0 ? [name] : [name.slice(0, best), name.slice(best + 1)];
  }

  // shape draws the outline of a City, Province or State centred on (x, y).
  function shape(s, x, y, w, h) {
    const fill = SUPPORT_FILL[s.support] || SUPPORT_FILL.neutral;
    const stroke = s.muslimState ? COLOR.league : '#3a3226';
    const sw = s.muslimState ? 4 : s.type === 'city' ? 3 : 1.8;
    const common = { class: 'gd-shape', 'data-mark': s.support || 'neutral', 'data-border': s.muslimState ? 'muslimState' : null, fill, stroke, 'stroke-width': sw };
    if (s.type === 'city') return tag('circle', { ...common, cx: x, cy: y, r: w / 2 });
    if (s.type === 'state') {
      const c = 18; // a Princely State is an octagon
      const pts = [[x - w / 2 + c, y - h / 2], [x + w / 2 - c, y - h / 2], [x + w / 2, y - h / 2 + c], [x + w / 2, y + h / 2 - c],
        [x + w / 2 - c, y + h / 2], [x - w / 2 + c, y + h / 2], [x - w / 2, y + h / 2 - c], [x - w / 2, y - h / 2 + c]];
      return tag('polygon', { ...common, points: pts.map((p) => p.join(',')).join(' '), 'stroke-dasharray': s.muslimState ? null : '6 3' });
    }
    return tag('rect', { ...common, x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 12 });
  }

  // popBadge: a space's Population in a dark disc.
  function popBadge(x, y, n) {
    return (
      tag('circle', { class: 'gd-pop', 'data-mark': 'pop', cx: x, cy: y, r: 8, fill: '#3a3226' }) +
      tag('text', { x, y: y + 3.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#fff' }, esc(n))
    );
  }

  // The badges a space shows along its bottom edge: its Support or
  // Opposition, Raj Control, Protest, Unrest and Muslim State, as
  // [text, fill, ink, kind]; the kind names the mark the legend explains.
  const MARK = {
    control: [COLOR.raj, '#fff'],
    protest: ['#ffd54a', '#3b2a00'],
    unrest: ['#5b1f6b', '#fff'],
    muslimState: [COLOR.league, '#fff'],
    support: ['#2f5d9a', '#fff'],
    opposition: ['#b4601a', '#fff'],
    strike: ['#b71c1c', '#fff'],
  };
  function spaceMarks(s, t) {
    const marks = [];
    if (s.support && s.support !== 'neutral') marks.push([t(`gandhi.short.${s.support}`), ...MARK[s.support.endsWith('support') ? 'support' : 'opposition'], s.support]);
    if (s.control) marks.push([t('gandhi.controlShort'), ...MARK.control, 'control']);
    if (s.protest) marks.push([t('gandhi.protest'), ...MARK.protest, 'protest']);
    if (s.unrest) marks.push([`${t('gandhi.unrest')}${s.unrest > 1 ? ` ×${s.unrest}` : ''}`, ...MARK.unrest, 'unrest']);
    if (s.muslimState) marks.push([t('gandhi.muslimState'), ...MARK.muslimState, 'muslimState']);
    return marks;
  }

  function drawSpace(s, ctx) {
    const [x, y] = s.at;
    const [w, h] = SIZE[s.type] || SIZE.province;
    const t = ctx.t;
    let body = spaceTitle(s, ctx) + shape(s, x, y, w, h);
    const top = y - h / 2;
    // the name, on two lines when long (three, smaller, when it must leave
    // the population badge and the crescent room)
    const city = s.type === 'city';
    const layout = city ? { lines: nameLines(s.name), pitch: 12, room: () => w - 8 } : nameLayout(s.name, w - 44, w - 8);
    const lines = layout.lines;
    const fs = layout.fs || (lines.length > 1 ? 11.5 : 13);
    lines.forEach((line, i) => {
      // A name still too long (a single long word) is squeezed to the room it has.
      const room = layout.room(i);
      const fit = textWidth(line, fs) > room ? { textLength: room, lengthAdjust: 'spacingAndGlyphs' } : {};
      body += tag('text', { class: 'gd-name', x, y: (city ? y - 10 : top + 16) + i * layout.pitch, 'text-anchor': 'middle', 'font-size': fs, 'font-weight': 700, fill: '#1e1a12', ...fit }, esc(line));
    });
    // population (top left) and the Muslim crescent (top right)
    const cx0 = city ? x - 11 : x - w / 2 + 12;
    const cx1 = city ? x + 11 : x + w / 2 - 12;
    const cy0 = city ? y - 32 : top + 13;
    body += popBadge(cx0, cy0, s.pop);
    if (s.muslim) body += crescent(cx1, cy0, 7, COLOR.league);
    // pieces
    const cols = city ? 4 : 5;
    body += pieceGrid(pieceList(s), x, y + (city ? 9 : lines.length > 2 ? 6 : lines.length > 1 ? 2 : -4), cols);
    // support, control and markers along the bottom edge, as wide as the
    // shape (on a City they may stand out of the circle's lower edge)
    const by = y + h / 2 - (city ? 13 : 10);
    body += pillRows(spaceMarks(s, t), x, by, city ? w + 4 : w - 8).svg;
    return tag('g', { class: `gd-space gd-${s.type}${ctx.targets.has(s.id) ? ' clickable' : ''}`, 'data-target': s.id }, body);
  }

  // drawRailway draws the line (under everything) and the marker with its
  // pieces at the railway's position.
  function drawRailway(s, ends, ctx) {
    const [a, b] = (s.ends || []).map((e) => ends[e]);
    let line = '';
    if (a && b) {
      line =
        tag('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: s.strike ? '#b71c1c' : '#4a4a4a', 'stroke-width': 7, 'stroke-linecap': 'round' }) +
        tag('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: '#fff', 'stroke-width': 2.5, 'stroke-dasharray': '7 6' });
    }
    const [x, y] = s.at;
    const list = pieceList(s);
    const w = 30 + list.length * PITCH;
    let body = spaceTitle(s, ctx);
    body += tag('rect', { class: 'gd-shape', x: x - w / 2, y: y - 14, width: w, height: 28, rx: 14, fill: '#ece6d8', stroke: s.strike ? '#b71c1c' : '#4a4a4a', 'stroke-width': s.strike ? 3 : 2 });
    body += tag('circle', { 'data-mark': 'econ', cx: x - w / 2 + 14, cy: y, r: 10, fill: '#4a4a4a' });
    body += tag('text', { x: x - w / 2 + 14, y: y + 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff' }, esc(s.econ));
    list.forEach(([kind, n], i) => {
      body += tag('g', { 'data-mark': kind }, icon(kind, x - w / 2 + 30 + PITCH / 2 + i * PITCH - 2, y, n));
    });
    if (s.strike) body += pill(x, y - 21, ctx.t('gandhi.strike'), ...MARK.strike, 'middle', 0, 'strike');
    const marker = tag('g', { class: `gd-space gd-railway${ctx.targets.has(s.id) ? ' clickable' : ''}`, 'data-target': s.id }, body);
    return { line, marker };
  }

  function drawMap(b, ctx) {
    const size = b.size || 1000;
    const ends = {};
    for (const tw of b.towns || []) ends[tw.id] = tw.at;
    for (const s of b.spaces) if (s.type !== 'railway') ends[s.id] = s.at;
    const byID = Object.fromEntries(b.spaces.map((s) => [s.id, s]));
    let adj = '';
    for (const s of b.spaces) {
      if (s.type === 'railway') continue;
      for (const id of s.adj || []) {
        const o = byID[id];
        if (o && o.type !== 'railway' && s.id < id) {
          adj += tag('line', { x1: s.at[0], y1: s.at[1], x2: o.at[0], y2: o.at[1], stroke: '#a08d6a', 'stroke-width': 1.5, 'stroke-dasharray': '2 5' });
        }
      }
    }
    let lines = '';
    let markers = '';
    for (const s of b.spaces) {
      if (s.type !== 'railway') continue;
      const r = drawRailway(s, ends, ctx);
      lines += r.line;
      markers += r.marker;
    }
    let towns = '';
    for (const tw of b.towns || []) {
      towns += tag('circle', { cx: tw.at[0], cy: tw.at[1], r: 6, fill: '#222', stroke: '#fff', 'stroke-width': 2 });
      const lx = Math.min(tw.at[0], size - tw.name.length * 3.2); // keep the label inside the drawing
      towns += tag('text', { x: r1(lx), y: tw.at[1] - 10, 'text-anchor': 'middle', 'font-size': 11, 'font-style': 'italic', fill: '#3a3226' }, esc(tw.name));
    }
    const spaces = b.spaces.filter((s) => s.type !== 'railway').map((s) => drawSpace(s, ctx)).join('');
    return el(
      'svg',
      { xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${size} ${size}`, class: 'gd-map', 'data-map': '', role: 'img', 'aria-label': 'India', 'font-family': 'system-ui, sans-serif' },
      tag('rect', { x: 0, y: 0, width: size, height: size, fill: '#cfe3ee' }) +
        tag('path', { d: LAND, fill: '#efe7d2', stroke: '#b7a57e', 'stroke-width': 2 }) +
        adj + lines + towns + spaces + markers,
    );
  }

  // ------------------------------------------------------------ panels

  function factionName(id, ctx) {
    return ctx.t(`gandhi.faction.${id}`, id);
  }

  function chip(id, ctx) {
    return el('span', { class: `gd-chip gd-${id}` }, esc(factionName(id, ctx)));
  }

  function track(label, value, ctx) {
    let boxes = '';
    for (let v = 1; v <= 5; v++) boxes += el('span', { class: `gd-box${v === value ? ' gd-on' : ''}` }, v);
    return el('div', { class: 'gd-track' }, el('span', { class: 'gd-label' }, esc(label)) + el('span', { class: 'gd-boxes', 'aria-label': `${label} ${value}` }, boxes));
  }

  // resources shows a faction's Resources with why they stand where they
  // do: a Non-Player Raj or Revolutionaries neither uses nor tracks them
  // (8.1) and is held at the top of the track; a player's stop at 50 (1.8).
  const MAX_RESOURCES = 50;
  function resources(f, ctx) {
    const t = ctx.t;
    let note = '';
    if (f.np) note = t('gandhi.resourcesNP');
    else if (f.resources >= MAX_RESOURCES) note = t('gandhi.resourcesMax', { n: MAX_RESOURCES });
    const why = note ? t(f.np ? 'gandhi.resourcesNPWhy' : 'gandhi.resourcesMaxWhy', { n: MAX_RESOURCES }) : '';
    return el(
      'span',
      { class: 'gd-res', 'data-faction': f.id, title: why || null },
      `${chip(f.id, ctx)} ${el('b', {}, esc(f.resources))}` + (note ? ' ' + el('span', { class: 'gd-res-note' }, esc(note)) : ''),
    );
  }

  function tracksPanel(b, ctx) {
    const t = ctx.t;
    const tr = b.tracks;
    let html = el('h3', {}, esc(t('gandhi.tracks')));
    html += track(t('gandhi.restraint'), tr.restraint, ctx) + track(t('gandhi.unity'), tr.unity, ctx);
    if (tr.crisis) html += el('p', { class: 'gd-crisis' }, esc(t('gandhi.crisis')));
    const res = b.factions.filter((f) => f.resources !== undefined && f.resources !== null);
    html += el('p', { class: 'gd-resources' }, esc(t('gandhi.resources')) + ': ' + res.map((f) => resources(f, ctx)).join(' '));
    html += el('p', { class: 'gd-small' }, esc(t('gandhi.markers', { off: tr.protestsOffMap, ops: tr.protestsForOps, unrest: tr.unrestLeft, ms: tr.muslimStateLeft })));
    return html;
  }

  // marginsPanel: each faction's victory total, threshold and margin.
  function marginsPanel(b, ctx) {
    const t = ctx.t;
    let html = el('h3', {}, esc(t('gandhi.victory')));
    html += b.factions
      .map((f) => {
        const pct = Math.max(0, Math.min(100, (100 * f.victory) / (f.threshold + 1)));
        return el(
          'div',
          { class: 'gd-vp' },
          chip(f.id, ctx) +
            el('span', { class: 'gd-bar' }, el('span', { class: `gd-fill gd-${f.id}`, style: `width:${r1(pct)}%` })) +
            el('span', { class: 'gd-num' }, esc(t('gandhi.victoryLine', { total: f.victory, threshold: f.threshold, margin: f.margin > 0 ? `+${f.margin}` : f.margin }))),
        );
      })
      .join('');
    return html;
  }

  function cardBox(label, c, ctx) {
    const t = ctx.t;
    if (!c) return el('div', { class: 'gd-card' }, el('div', { class: 'gd-card-label' }, esc(label)) + el('p', {}, esc(t('gandhi.none'))));
    let html = el('div', { class: 'gd-card-label' }, esc(label));
    html += el('div', { class: 'gd-card-title' }, `${esc(c.number)} · ${esc(c.title)}${c.year ? ` (${esc(c.year)})` : ''}`);
    if (c.campaign) {
      html += el('p', { class: 'gd-small' }, esc(t('gandhi.campaign')) + (c.years ? ` · ${esc(c.years)}` : ''));
      if (c.capability) html += el('p', {}, esc(c.capability));
      return el('div', { class: 'gd-card gd-campaign' }, html);
    }
    if (c.factions) html += el('div', { class: 'gd-order', title: t('gandhi.order') }, c.factions.map((f) => chip(f, ctx)).join(''));
    if (c.unshaded) html += el('div', { class: 'gd-text gd-unshaded' }, el('b', {}, esc(t('gandhi.unshaded'))) + ' ' + esc(c.unshaded));
    if (c.shaded) html += el('div', { class: 'gd-text gd-shaded' }, el('b', {}, esc(t('gandhi.shaded'))) + ' ' + esc(c.shaded));
    return el('div', { class: 'gd-card' }, html);
  }

  function cardsPanel(b, ctx) {
    const t = ctx.t;
    const c = b.cards;
    let html = el('h3', {}, esc(t('gandhi.cards')));
    html += el('div', { class: 'gd-current' }, cardBox(t('gandhi.current'), c.current, ctx));
    if (b.firstDid) html += el('p', { class: 'gd-small' }, esc(t(`gandhi.firstDid.${b.firstDid}`)));
    html += el('div', { class: 'gd-upcoming' }, cardBox(t('gandhi.upcoming'), c.upcoming, ctx));
    return html;
  }

  // deckPanel: the Viceroy, the deck and the cards played.
  function deckPanel(b, ctx) {
    const t = ctx.t;
    const c = b.cards;
    let html = '';
    const v = c.viceroy;
    html += el(
      'div',
      { class: 'gd-card gd-campaign' },
      el('div', { class: 'gd-card-label' }, esc(t('gandhi.viceroy'))) +
        (v ? el('div', { class: 'gd-card-title' }, `${esc(v.title)}${v.years ? ` (${esc(v.years)})` : ''}`) + (v.capability ? el('p', {}, esc(v.capability)) : '') : el('p', {}, esc(t('gandhi.none')))),
    );
    html += el('p', {}, esc(t('gandhi.deck', { n: c.deckLeft, c: c.campaignsLeft })));
    const recent = (c.recent || []).map((r) => `${esc(r.number)} ${esc(r.title)}`).join(' · ');
    html += el('p', { class: 'gd-small' }, esc(t('gandhi.played', { n: c.playedCount })) + (recent ? ` — ${recent}` : ''));
    return html;
  }

  function boxLine(label, counts, ctx) {
    const items = Object.entries(counts || {}).filter(([, n]) => n > 0);
    const body = items.length
      ? items.map(([k, n]) => el('span', { class: 'gd-item', title: ctx.t(`gandhi.piece.${k}`, k) }, svgIcon(k, n) + ' ' + esc(ctx.t(`gandhi.piece.${k}`, k)))).join(' ')
      : esc(ctx.t('gandhi.empty', '—'));
    return el('div', { class: 'gd-line' }, el('span', { class: 'gd-label' }, esc(label)) + ' ' + body);
  }

  function svgIcon(kind, n) {
    return el('svg', { viewBox: '-11 -11 22 22', width: 20, height: 20, class: 'gd-icon', 'aria-hidden': 'true', 'font-family': 'system-ui, sans-serif' }, icon(kind, 0, 0, n));
  }

  function factionsPanel(b, view, ctx) {
    const t = ctx.t;
    const you = new Set(view.you || []);
    let html = el('h3', {}, esc(t('gandhi.factions')));
    for (const f of b.factions) {
      const state = [];
      state.push(f.eligible ? t('gandhi.eligible') : t('gandhi.ineligible'));
      if (f.ineligibleNext) state.push(t('gandhi.ineligibleNext'));
      if (f.acted) state.push(t('gandhi.acted'));
      else if (f.done) state.push(t('gandhi.passed'));
      let head = chip(f.id, ctx);
      if (f.np) head += ' ' + el('span', { class: 'gd-tag' }, esc(t('gandhi.np')));
      if (you.has(f.seat)) head += ' ' + el('span', { class: 'gd-tag gd-you' }, '★');
      head += ' ' + el('span', { class: f.eligible ? 'gd-eligible' : 'gd-ineligible' }, esc(state.join(' · ')));
      let body = el('div', {}, head);
      body += boxLine(t('gandhi.available'), f.available, ctx);
      body += boxLine(t('gandhi.outOfPlay'), f.outOfPlay, ctx);
      if (f.id === 'congress' || f.id === 'league') body += el('div', { class: 'gd-line' }, el('span', { class: 'gd-label' }, esc(t('gandhi.jail'))) + ' ' + esc(f.jail || 0));
      html += el('div', { class: `gd-faction gd-border-${f.id}` }, body);
    }
    const where = b.gandhi === 'jail' ? t('gandhi.gandhiJail') : b.gandhi === 'unplaced' ? t('gandhi.gandhiUnplaced') : t('gandhi.gandhiAt', { space: (b.spaces.find((s) => s.id === b.gandhi) || { name: b.gandhi }).name });
    html += el('p', {}, el('span', { class: 'gd-item' }, svgIcon('gandhi', '') + ' ' + esc(where)));
    return html;
  }

  // legend explains every mark the map draws: the pieces, the Support
  // fills, the badges along a space's edge, the population disc, the
  // crescent, a Muslim State's border and a Railway on Strike.
  function legend(ctx) {
    const t = ctx.t;
    const item = (kind, svg, text) => el('span', { class: 'gd-item', 'data-mark': kind }, svg + ' ' + esc(text));
    const mini = (w, body) => el('svg', { viewBox: `${r1(-w / 2)} -11 ${r1(w)} 22`, width: r1(w), height: 22, style: `width:${r1(w)}px`, class: 'gd-mark', 'aria-hidden': 'true', 'font-family': 'system-ui, sans-serif' }, body);
    const badge = (text, [fill, ink]) => mini(pillWidth(text) + 2, pill(0, 0, text, fill, ink, 'middle'));
    const kinds = ['gandhi', ...PIECES];
    const items = kinds.map((k) => item(k, svgIcon(k, k === 'gandhi' ? '' : 1), t(`gandhi.piece.${k}`, k)));
    const sup = ['active-support', 'passive-support', 'neutral', 'passive-opposition', 'active-opposition'].map((k) => {
      const short = k === 'neutral' ? '' : ' ' + badge(t(`gandhi.short.${k}`), MARK[k.endsWith('support') ? 'support' : 'opposition']);
      return el('span', { class: 'gd-item', 'data-mark': k }, el('span', { class: 'gd-swatch', style: `background:${SUPPORT_FILL[k]}` }) + short + ' ' + esc(t(`gandhi.support.${k}`, k)));
    });
    const marks = [
      item('pop', mini(20, popBadge(0, 0, 2)), t('gandhi.legendPop')),
      item('muslim', mini(20, crescent(0, 0, 7, COLOR.league)), t('gandhi.muslim')),
      item('control', badge(t('gandhi.controlShort'), MARK.control), t('gandhi.control')),
      item('protest', badge(t('gandhi.protest'), MARK.protest), t('gandhi.protest')),
      item('unrest', badge(`${t('gandhi.unrest')} ×2`, MARK.unrest), t('gandhi.legendUnrest')),
      item('muslimState', mini(40, tag('rect', { x: -18, y: -9, width: 36, height: 18, rx: 5, fill: SUPPORT_FILL.neutral, stroke: COLOR.league, 'stroke-width': 4 })) + ' ' + badge(t('gandhi.muslimState'), MARK.muslimState), t('gandhi.muslimState')),
      item('strike', mini(40, tag('line', { x1: -18, y1: 0, x2: 18, y2: 0, stroke: MARK.strike[0], 'stroke-width': 7, 'stroke-linecap': 'round' }) + tag('line', { x1: -18, y1: 0, x2: 18, y2: 0, stroke: '#fff', 'stroke-width': 2.5, 'stroke-dasharray': '7 6' })) + ' ' + badge(t('gandhi.strike'), MARK.strike), t('gandhi.legendStrike')),
      item('econ', mini(22, tag('circle', { cx: 0, cy: 0, r: 10, fill: '#4a4a4a' }) + tag('text', { x: 0, y: 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff' }, '2')), t('gandhi.legendEcon')),
    ];
    return el(
      'details',
      { class: 'gd-legend' },
      el('summary', {}, esc(t('gandhi.legend'))) + el('div', { class: 'gd-legend-rows' }, el('div', {}, items.join(' ')) + el('div', {}, sup.join(' ')) + el('div', {}, marks.join(' '))),
    );
  }

  function overBanner(b, ctx) {
    if (!b.over) return '';
    const rank = (b.ranking || []).map((f, i) => `${i + 1}. ${chip(f, ctx)}`).join(' ');
    return el('div', { class: 'gd-over' }, esc(ctx.t('gandhi.over', { reason: b.reason || '' })) + (rank ? `<br>${esc(ctx.t('gandhi.ranking'))}: ${rank}` : ''));
  }

  const STYLE = `
.gandhi-board{font:14px/1.35 system-ui,sans-serif;color:#1e2227}
.gandhi-board .gd-map{display:block;width:100%;height:auto}
.gandhi-board .gd-space.clickable{cursor:pointer}
.gandhi-board .gd-space.clickable .gd-shape{stroke:#1565c0;stroke-width:5;stroke-dasharray:none}
.gandhi-board .gd-space.changed:not(.clickable) .gd-shape{stroke:#e65100;stroke-width:5;stroke-dasharray:none}
.gandhi-board .gd-panels{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:8px;padding:8px}
.gandhi-board .gd-panel{background:#fffdf8;border:1px solid #ddd5c8;border-radius:8px;padding:8px 10px}
.gandhi-board .gd-side{display:grid;gap:8px;padding:8px;align-content:start}
.gandhi-board .gd-side .gd-card{margin:4px 0}
@media (min-width:900px){
.gandhi-board .gd-top{display:grid;grid-template-columns:minmax(0,1fr) minmax(14rem,18rem);align-items:start}
.gandhi-board .gd-side{padding:8px 8px 8px 0;max-height:calc(100vh - 80px);overflow-y:auto}
#board .gandhi-board svg.gd-map{max-height:calc(100vh - 140px)}
.gandhi-board .gd-side .gd-text{font-size:.85em}
}
.gandhi-board h3{margin:0 0 6px;font-size:1rem}.gandhi-board h4{margin:8px 0 4px;font-size:.9rem}
.gandhi-board p{margin:4px 0}.gandhi-board .gd-small{font-size:.85em;color:#5f6670}
.gandhi-board .gd-chip{display:inline-block;padding:0 6px;border-radius:9px;color:#fff;font-size:.85em;font-weight:600;white-space:nowrap}
.gandhi-board .gd-raj{background:${COLOR.raj}}.gandhi-board .gd-congress{background:${COLOR.congress};color:#1e1300}
.gandhi-board .gd-league{background:${COLOR.league}}.gandhi-board .gd-rev{background:${COLOR.rev}}
.gandhi-board .gd-track{display:flex;align-items:center;gap:6px;margin:3px 0}.gandhi-board .gd-label{font-weight:600;min-width:6em;display:inline-block}
.gandhi-board .gd-box{display:inline-block;width:1.6em;text-align:center;border:1px solid #bbb;border-radius:4px;margin-right:2px;color:#888}
.gandhi-board .gd-box.gd-on{background:#1e2227;color:#fff;border-color:#1e2227;font-weight:700}
.gandhi-board .gd-res{display:inline-block;margin-right:8px}.gandhi-board .gd-res-note{font-size:.8em;color:#5f6670}
.gandhi-board .gd-crisis{color:#a61b1b;font-weight:700}
.gandhi-board .gd-vp{display:grid;grid-template-columns:auto 1fr;gap:2px 6px;align-items:center;margin:3px 0}
.gandhi-board .gd-vp .gd-num{grid-column:1/-1;font-size:.85em;color:#5f6670}
.gandhi-board .gd-bar{height:8px;background:#eee;border-radius:4px;overflow:hidden}.gandhi-board .gd-fill{display:block;height:100%}
.gandhi-board .gd-card{border:1px solid #c9bfae;border-radius:8px;padding:6px 8px;margin:6px 0;background:#fff}
.gandhi-board .gd-campaign{background:#f3efe6}
.gandhi-board .gd-card-label{font-size:.75em;text-transform:uppercase;letter-spacing:.05em;color:#5f6670}
.gandhi-board .gd-card-title{font-weight:700}
.gandhi-board .gd-order{display:flex;gap:3px;flex-wrap:wrap;margin:3px 0}
.gandhi-board .gd-text{padding:4px 6px;border-radius:5px;margin:4px 0;font-size:.9em}
.gandhi-board .gd-unshaded{background:#fff;border:1px solid #ddd}.gandhi-board .gd-shaded{background:#d9d4cc;border:1px solid #b8b0a4}
.gandhi-board .gd-faction{border-left:5px solid #999;padding:4px 6px;margin:6px 0}
.gandhi-board .gd-border-raj{border-color:${COLOR.raj}}.gandhi-board .gd-border-congress{border-color:${COLOR.congress}}
.gandhi-board .gd-border-league{border-color:${COLOR.league}}.gandhi-board .gd-border-rev{border-color:${COLOR.rev}}
.gandhi-board .gd-tag{font-size:.75em;border:1px solid #4a5a8a;color:#4a5a8a;border-radius:8px;padding:0 5px}
.gandhi-board .gd-you{border-color:#1d6b3a;color:#1d6b3a}
.gandhi-board .gd-eligible{font-size:.85em;color:#1d6b3a}.gandhi-board .gd-ineligible{font-size:.85em;color:#a61b1b}
.gandhi-board .gd-line{font-size:.9em;margin:2px 0;display:flex;flex-wrap:wrap;align-items:center;gap:2px 4px}.gandhi-board .gd-item{display:inline-flex;align-items:center;gap:2px;margin-right:6px;white-space:nowrap}
#board svg.gd-icon{display:inline-block;vertical-align:middle;width:20px;height:20px}
#board svg.gd-mark{display:inline-block;vertical-align:middle;height:22px;flex:none}
.gandhi-board .gd-legend-rows>div{display:flex;flex-wrap:wrap;gap:4px 0;margin:4px 0}
.gandhi-board .gd-swatch{display:inline-block;flex:none;width:14px;height:14px;border:1px solid #999;border-radius:3px}
.gandhi-board .gd-legend{padding:4px 8px;font-size:.85em}
.gandhi-board .gd-over{margin:8px;padding:8px;border-radius:8px;background:#fdf3d3;font-weight:600}
`;

  // ------------------------------------------------------------ render

  function render(root, view, ctx) {
    const b = view.board;
    const c = { ...ctx, targets: ctx.targets || new Set(), t: ctx.t || ((k, fb) => (typeof fb === 'string' ? fb : k)) };
    let html = el('style', {}, STYLE);
    html += overBanner(b, c);
    // On a wide screen the current and upcoming cards and the victory
    // margins stand beside the map, so a player deciding sees them with
    // the map and the prompt, without scrolling; on a phone they follow it.
    html += el(
      'div',
      { class: 'gd-top' },
      el('div', { class: 'gd-mapcol' }, drawMap(b, c) + legend(c)) +
        el('div', { class: 'gd-side' }, el('section', { class: 'gd-panel gd-margins' }, marginsPanel(b, c)) + el('section', { class: 'gd-panel gd-cards' }, cardsPanel(b, c))),
    );
    html += el(
      'div',
      { class: 'gd-panels' },
      el('section', { class: 'gd-panel' }, tracksPanel(b, c) + deckPanel(b, c)) + el('section', { class: 'gd-panel' }, factionsPanel(b, view, c)),
    );
    const div = document.createElement('div');
    div.className = 'gandhi-board';
    div.innerHTML = html;
    div.addEventListener('click', (e) => {
      const node = e.target.closest ? e.target.closest('[data-target]') : null;
      if (!node) return;
      const target = node.getAttribute('data-target');
      if (c.targets.has(target)) c.pick(target);
    });
    root.appendChild(div);
  }

  // regions: what each space holds, for the page to outline the spaces a
  // move changed.
  function regions(b) {
    const out = {};
    for (const s of b.spaces || []) out[s.id] = JSON.stringify(s);
    return out;
  }

  Durbar.register('gandhi', { render, regions });
})();

/* izvori-judge offline rulebook: the search on index.html.
 *
 * Reads window.IZVORI_INDEX (search-index.js, written by `izvori-judge export html`; a script, not JSON,
 * because Chromium blocks fetch() of file:// URLs). Spelling is folded exactly as the CLI folds it: the
 * tables (IZVORI_INDEX.fold, .latin, .serbianOnly, .russianOnly) are generated from izvori_rules/folding.py at
 * export time. A query is tried as typed (folded) and, when it is Cyrillic that may be Serbian, transliterated
 * to Latin (so "биће" finds "biće"). Words that name a concept of concepts.tsv (up to five words, longest
 * first) stand for all of the concept's terms in every language ("razbijac" finds "пробивной удар"); other
 * words match a word of the rules exactly, through the Snowball stem groups the export computed, or as a
 * prefix of at least three letters. Every part of the query must match (else any part). A rule number
 * ("702.19b", "ru-cr:702.19b", "D19.51") is looked up by id and, when some node has it, answers alone.
 */
(function () {
  "use strict";

  var X = window.IZVORI_INDEX;
  if (!X) return;  // search-index.js missing: the pages still work, the search box does nothing
  var MAX_TERM_WORDS = 5;
  var SHOWN = 60;
  var WORD = /[\p{L}\p{N}_]+/gu;
  var CYRILLIC = /[\u0400-\u04ff]/;

  function fold(text) {
    var out = "";
    for (var ch of text.normalize("NFC").toLowerCase()) {
      out += Object.prototype.hasOwnProperty.call(X.fold, ch) ? X.fold[ch] : ch;
    }
    return out;
  }

  function serbianToLatin(text) {
    var out = "";
    for (var ch of text.toLowerCase()) {
      out += Object.prototype.hasOwnProperty.call(X.latin, ch) ? X.latin[ch] : ch;
    }
    return out;
  }

  function looksSerbianCyrillic(text) {
    for (var ch of text) if (X.serbianOnly.indexOf(ch) >= 0) return true;
    for (var ch2 of text) if (X.russianOnly.indexOf(ch2) >= 0) return false;
    return CYRILLIC.test(text);
  }

  /* The spellings a query is tried under (concepts.py _query_keys): folded, and Serbian Cyrillic as Latin. */
  function variants(query) {
    var out = [fold(query)];
    if (CYRILLIC.test(query) && looksSerbianCyrillic(query)) {
      var latin = fold(serbianToLatin(query));
      if (out.indexOf(latin) < 0) out.push(latin);
    }
    return out;
  }

  // ---- the index, prepared once ------------------------------------------------------------------------

  var wordId = new Map();
  X.words.forEach(function (w, i) { wordId.set(w, i); });
  var groupsOf = new Map();
  X.stems.forEach(function (group, g) {
    group.forEach(function (w) {
      if (!groupsOf.has(w)) groupsOf.set(w, []);
      groupsOf.get(w).push(g);
    });
  });
  var conceptsByKey = new Map();
  X.concepts.forEach(function (c, i) {
    c[1].forEach(function (key) {
      if (!conceptsByKey.has(key)) conceptsByKey.set(key, []);
      conceptsByKey.get(key).push(i);
    });
  });
  var decoded = new Map();

  function postings(w) {
    var list = decoded.get(w);
    if (!list) {
      list = [];
      var n = 0;
      X.postings[w].forEach(function (gap) { n += gap; list.push(n); });
      decoded.set(w, list);
    }
    return list;
  }

  /* A word and the other words the CLI's stemmer of some language stems alike. */
  function withStems(w) {
    var out = new Set([w]);
    (groupsOf.get(w) || []).forEach(function (g) { X.stems[g].forEach(function (v) { out.add(v); }); });
    return out;
  }

  function prefixed(prefix) {
    var out = [];
    for (var i = 0; i < X.words.length; i++) if (X.words[i].startsWith(prefix)) out.push(i);
    return out;
  }

  /* concepts.py _same_stem: one word a prefix of the other, or a long common prefix. */
  function sameStem(a, b) {
    if (a === b) return true;
    var short = a.length <= b.length ? a : b, long = a.length <= b.length ? b : a;
    if (long.startsWith(short)) return short.length >= 4 || (short.length === 3 && long.length - short.length <= 1);
    var common = 0;
    while (common < short.length && a[common] === b[common]) common++;
    return common >= 5 && common >= long.length - 3;
  }

  function wordMeets(query, w) {
    var q = wordId.get(query);
    if (q === w) return true;
    if (q !== undefined && withStems(q).has(w)) return true;
    return sameStem(query, X.words[w]);
  }

  /* Concepts whose term is this phrase: exactly, or word by word through stems. */
  function conceptsNamed(words) {
    var exact = conceptsByKey.get(words.join(" "));
    if (exact) return exact.slice();
    var found = [];
    X.concepts.forEach(function (c, i) {
      var hit = c[2].some(function (term) {
        return term.length === words.length && term.every(function (w, k) { return wordMeets(words[k], w); });
      });
      if (hit) found.push(i);
    });
    return found;
  }

  function segments(words) {
    var out = [];
    var i = 0;
    while (i < words.length) {
      var taken = 0;
      for (var n = Math.min(MAX_TERM_WORDS, words.length - i); n > 0; n--) {
        var concepts = conceptsNamed(words.slice(i, i + n));
        if (concepts.length) {
          out.push({ words: words.slice(i, i + n), concepts: concepts });
          taken = n;
          break;
        }
      }
      if (!taken) { out.push({ words: [words[i]], concepts: [] }); taken = 1; }
      i += taken;
    }
    return out;
  }

  // ---- matching ------------------------------------------------------------------------------------------

  function addAll(scores, nodes, score) {
    nodes.forEach(function (n) { scores.set(n, Math.max(scores.get(n) || 0, score)); });
  }

  function nodesWithAll(wordSets) {
    var result = null;
    wordSets.forEach(function (set) {
      var here = new Set();
      set.forEach(function (w) { postings(w).forEach(function (n) { here.add(n); }); });
      result = result === null ? here : new Set([...result].filter(function (n) { return here.has(n); }));
    });
    return result || new Set();
  }

  function plainWord(word) {
    var scores = new Map();
    var id = wordId.get(word);
    if (id !== undefined) withStems(id).forEach(function (w) { addAll(scores, postings(w), 2); });
    if (word.length >= 3) prefixed(word).forEach(function (w) { addAll(scores, postings(w), 1); });
    for (var cut = 1; !scores.size && cut <= 3 && word.length - cut >= 4; cut++) {
      prefixed(word.slice(0, -cut)).forEach(function (w) { addAll(scores, postings(w), 1); });
    }
    return scores;
  }

  function conceptSegment(segment) {
    var scores = new Map();
    segment.concepts.forEach(function (i) {
      var c = X.concepts[i];
      c[2].forEach(function (term) { addAll(scores, nodesWithAll(term.map(withStems)), 3); });
      c[3].forEach(function (n) { scores.set(n, (scores.get(n) || 0) + 20); });
    });
    return scores;
  }

  function combine(parts, every) {
    var total = new Map();
    parts.forEach(function (scores, k) {
      scores.forEach(function (s, n) {
        if (every && k > 0 && !total.has(n)) return;
        total.set(n, (total.get(n) || 0) + s);
      });
      if (every && k > 0) total.forEach(function (s, n) { if (!scores.has(n)) total.delete(n); });
    });
    return total;
  }

  function numberHits(query) {
    var text = query.trim().replace(/\.$/, "");
    if (!/\d/.test(text) || /\s/.test(text)) return [];
    var doc = null, id = text;
    var colon = text.indexOf(":");
    if (colon > 0) { doc = text.slice(0, colon); id = text.slice(colon + 1); }
    id = id.toLowerCase();
    var hits = [];
    X.nodes.forEach(function (r, n) {
      if (r[1].toLowerCase() === id && (doc === null || X.docs[r[0]][0] === doc)) hits.push(n);
    });
    return hits;
  }

  function search(query) {
    var numbered = numberHits(query);
    if (numbered.length) return { nodes: numbered, concepts: [], any: false };
    var best = new Map();
    var named = [];
    var any = false;
    variants(query).forEach(function (folded) {
      var words = folded.match(WORD) || [];
      if (!words.length) return;
      var segs = segments(words);
      segs.forEach(function (s) { s.concepts.forEach(function (c) { if (named.indexOf(c) < 0) named.push(c); }); });
      var parts = segs.map(function (s) { return s.concepts.length ? conceptSegment(s) : plainWord(s.words[0]); });
      var scores = combine(parts, true);
      if (!scores.size && parts.length > 1) { scores = combine(parts, false); any = scores.size > 0; }
      scores.forEach(function (s, n) { best.set(n, Math.max(best.get(n) || 0, s)); });
    });
    var ranked = [...best.entries()].sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
    return { nodes: ranked.map(function (e) { return e[0]; }), concepts: named, any: any };
  }

  // ---- the page ----------------------------------------------------------------------------------------

  function href(n) {
    var r = X.nodes[n];
    var anchor = r[4] === null ? X.docs[r[0]][0] + "-" + r[1] : r[4];
    return X.pages[r[3]] + "#" + anchor;
  }

  function resultItem(n) {
    var r = X.nodes[n];
    var link = document.createElement("a");
    link.href = href(n);
    var doc = document.createElement("span");
    doc.className = "doc";
    var glossary = r[1].indexOf("glossary:") === 0;
    doc.textContent = X.docs[r[0]][0] + (glossary ? " " + X.say.glossary : "");
    var num = document.createElement("b");
    num.textContent = glossary ? "" : r[1];
    link.append(doc, " ", num, num.textContent ? " " : "", r[2]);
    link.lang = X.docs[r[0]][2];
    var item = document.createElement("li");
    item.append(link);
    return item;
  }

  // A status message of the judge's language (IZVORI_INDEX.say, from corpus/messages.toml) with its {name}s filled.
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  function show(query, status, list) {
    list.textContent = "";
    if (!query.trim()) { status.textContent = ""; return; }
    var found = search(query);
    found.nodes.slice(0, SHOWN).forEach(function (n) { list.append(resultItem(n)); });
    var n = found.nodes.length;
    var message = n ? fill(n === 1 ? X.say.found_one : X.say.found_many, {n: n}) : X.say.nothing;
    if (n > SHOWN) message += fill(X.say.first_shown, {n: SHOWN});
    if (found.any) message += X.say.some_words;
    if (found.concepts.length) {
      message += fill(X.say.searched_as, {concepts: found.concepts.map(function (c) {
        return X.concepts[c][4].join(" · "); }).join("; ")});
    }
    status.textContent = message;
  }

  window.izvoriFold = fold;
  window.izvoriSearch = function (query) { return search(query).nodes.map(href); };

  function start() {
    var input = document.getElementById("q");
    var status = document.getElementById("search-status");
    var list = document.getElementById("results");
    if (!input || !status || !list) return;
    var timer = null;
    var run = function () { show(input.value, status, list); };
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 120); });
    input.form.addEventListener("submit", function (event) { event.preventDefault(); clearTimeout(timer); run(); });
    window.addEventListener("pageshow", function () { if (input.value) run(); });
    var given = new URLSearchParams(window.location.search).get("q");
    if (given) { input.value = given; run(); }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

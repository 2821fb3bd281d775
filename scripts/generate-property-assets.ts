/**
 * `bun scripts/generate-property-assets.ts`: draws the demo catalogue's photos and writes its documents,
 * offline and deterministically, into site/public/properties/ (committed; no network, no stock photos).
 *
 *   {slug}-{n}.svg         illustrations (towers, villas, townhouses, interiors, pools, terraces), ~5 KB each
 *   og/{slug}.jpg          1200×630 link-preview cards (Open Graph), drawn by headless Chromium from the cover
 *   docs/{ref}-{kind}.pdf  illustrative title deeds, valuation reports, vehicle documents, tenancy summaries
 *
 * Flags: --no-og (skip the JPEGs, e.g. without Chromium). CHROMIUM_PATH defaults to /usr/bin/chromium.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { DOCUMENT_KIND_LABELS, PROPERTY_TYPE_LABELS, type DocumentKind } from '../modules/properties/contract';
import { acquisitionCostsAed, DEMO_PROPERTIES, documentPath, ogImagePath, photoPath, type DemoProperty, type Scene } from '../modules/properties/demo-data';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'site', 'public');
const outDir = path.join(publicDir, 'properties');

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function rng(seedText: string) {
  let h = 2166136261;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  let s = h >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, range: (a: number, b: number) => a + (b - a) * next(), int: (a: number, b: number) => Math.floor(a + (b - a + 1) * next()), pick: <T,>(xs: T[]) => xs[Math.floor(next() * xs.length)] };
}
type Rng = ReturnType<typeof rng>;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Mixes two #rrggbb colours: t = 0 gives a, 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

const W = 1200;
const H = 800;

type Ctx = { r: Rng; sky: [string, string]; accent: string; id: string };

function skyDefs(c: Ctx, opts: { sunX?: number; sunY?: number } = {}) {
  const sunX = opts.sunX ?? 880;
  const sunY = opts.sunY ?? 260;
  return `<linearGradient id="${c.id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.sky[0]}"/><stop offset="1" stop-color="${c.sky[1]}"/></linearGradient>
<radialGradient id="${c.id}sun" cx="${sunX}" cy="${sunY}" r="260" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff8e7" stop-opacity=".95"/><stop offset=".18" stop-color="#fff1cf" stop-opacity=".75"/><stop offset="1" stop-color="#fff1cf" stop-opacity="0"/></radialGradient>
<linearGradient id="${c.id}glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(c.sky[0], '#1e3a4c', 0.55)}"/><stop offset=".55" stop-color="${mix(c.sky[1], '#2f5d73', 0.5)}"/><stop offset="1" stop-color="${mix(c.sky[0], '#0f2a3a', 0.7)}"/></linearGradient>
<pattern id="${c.id}win" width="16" height="22" patternUnits="userSpaceOnUse"><rect width="16" height="22" fill="none"/><rect x="2" y="3" width="12" height="15" fill="#ffffff" opacity=".16"/></pattern>`;
}

function skyLayer(c: Ctx) {
  return `<rect width="${W}" height="${H}" fill="url(#${c.id}sky)"/><rect width="${W}" height="${H}" fill="url(#${c.id}sun)"/>`;
}

function clouds(c: Ctx, n: number, maxY = 300) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = c.r.range(-50, W);
    const y = c.r.range(60, maxY);
    const w = c.r.range(120, 260);
    out += `<g opacity="${r1(c.r.range(0.35, 0.6))}" fill="#fff"><ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(w / 2)}" ry="${r1(w / 9)}"/><ellipse cx="${r1(x + w * 0.18)}" cy="${r1(y - w / 14)}" rx="${r1(w / 4)}" ry="${r1(w / 9)}"/></g>`;
  }
  return out;
}

function skyline(c: Ctx, baseY: number, color: string, opacity: number, minH: number, maxH: number) {
  let x = -20;
  let d = '';
  while (x < W + 20) {
    const w = c.r.range(28, 70);
    const h = c.r.range(minH, maxH);
    d += `M${r1(x)} ${baseY}V${r1(baseY - h)}h${r1(w)}V${baseY}Z`;
    if (c.r.next() > 0.8) d += `M${r1(x + w / 2 - 2)} ${r1(baseY - h)}v-${r1(c.r.range(12, 40))}h4V${r1(baseY - h)}Z`;
    x += w + c.r.range(2, 14);
  }
  return `<path d="${d}" fill="${color}" opacity="${opacity}"/>`;
}

function palm(x: number, y: number, h: number, color: string, lean = 0) {
  const topX = x + lean;
  const topY = y - h;
  const fronds = [-150, -120, -85, -55, -20, 15, 45]
    .map((deg) => {
      const rad = (deg * Math.PI) / 180;
      const len = h * 0.42;
      const ex = topX + Math.cos(rad) * len;
      const ey = topY + Math.sin(rad) * len * 0.55 + len * 0.35;
      const cx = topX + Math.cos(rad) * len * 0.5;
      const cy = topY + Math.sin(rad) * len * 0.5 - len * 0.12;
      return `M${r1(topX)} ${r1(topY)}Q${r1(cx)} ${r1(cy)} ${r1(ex)} ${r1(ey)}Q${r1(cx + 6)} ${r1(cy + 14)} ${r1(topX)} ${r1(topY + 4)}Z`;
    })
    .join('');
  return `<g fill="${color}"><path d="M${r1(x - 5)} ${y}Q${r1(x + lean * 0.3)} ${r1(y - h * 0.5)} ${r1(topX - 2)} ${r1(topY)}h5Q${r1(x + lean * 0.3 + 6)} ${r1(y - h * 0.5)} ${r1(x + 5)} ${y}Z"/><path d="${fronds}"/></g>`;
}

function tower(c: Ctx, x: number, baseY: number, w: number, h: number, opts: { crown?: boolean; twist?: boolean } = {}) {
  const top = baseY - h;
  const crown = opts.crown ? `<path d="M${x} ${top}Q${r1(x + w / 2)} ${r1(top - w * 0.35)} ${x + w} ${top}Z" fill="url(#${c.id}glass)"/>` : '';
  const bands = Array.from({ length: Math.floor(h / 90) }, (_, i) => `<rect x="${x}" y="${r1(top + 40 + i * 90)}" width="${w}" height="3" fill="#fff" opacity=".18"/>`).join('');
  return `<g>${crown}<rect x="${x}" y="${r1(top)}" width="${w}" height="${r1(h)}" rx="${opts.twist ? 10 : 3}" fill="url(#${c.id}glass)"/><rect x="${x}" y="${r1(top)}" width="${w}" height="${r1(h)}" fill="url(#${c.id}win)"/>${bands}<rect x="${x}" y="${r1(top)}" width="${r1(w * 0.22)}" height="${r1(h)}" fill="#fff" opacity=".12"/></g>`;
}

// ---------------------------------------------------------------------------------------------
// Scenes

function sceneTower(c: Ctx) {
  const horizon = 560;
  const towers: string[] = [];
  const count = c.r.int(3, 4);
  const positions = [170, 380, 610, 820].slice(0, count);
  for (const [i, px] of positions.entries()) {
    const w = c.r.range(110, 150);
    const h = c.r.range(300, 470) + (i === 1 ? 60 : 0);
    towers.push(tower(c, r1(px + c.r.range(-20, 20)), horizon, r1(w), h, { crown: c.r.next() > 0.5, twist: c.r.next() > 0.6 }));
  }
  const body = towers.join('');
  return `<defs>${skyDefs(c)}<linearGradient id="${c.id}sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.sky[1], '#1b6f86', 0.6)}"/><stop offset="1" stop-color="${mix(c.accent, '#0b3a4a', 0.6)}"/></linearGradient></defs>
${skyLayer(c)}${clouds(c, 4)}
${skyline(c, horizon, mix(c.sky[0], '#3b5566', 0.55), 0.45, 60, 200)}
${body}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${c.id}sea)"/>
<g transform="translate(0 ${horizon * 2}) scale(1 -1)" opacity=".22">${body}</g>
${Array.from({ length: 14 }, (_, i) => `<rect x="${r1(c.r.range(0, W - 200))}" y="${r1(horizon + 20 + i * 16)}" width="${r1(c.r.range(60, 220))}" height="2" rx="1" fill="#fff" opacity=".28"/>`).join('')}
<rect y="${H - 70}" width="${W}" height="70" fill="${mix(c.accent, '#1f2937', 0.7)}"/>
<rect y="${H - 74}" width="${W}" height="5" fill="#e7dcc4"/>
${palm(70, H - 60, 250, mix(c.accent, '#0f1d24', 0.75), 18)}${palm(1110, H - 60, 230, mix(c.accent, '#0f1d24', 0.75), -22)}${palm(1010, H - 60, 170, mix(c.accent, '#0f1d24', 0.65), 10)}`;
}

function sceneVilla(c: Ctx) {
  const ground = 600;
  const wall = '#f6f1e7';
  const shade = '#e3dccd';
  const glass = `url(#${c.id}glass)`;
  return `<defs>${skyDefs(c, { sunX: 260, sunY: 200 })}<linearGradient id="${c.id}pool" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fd6e0"/><stop offset="1" stop-color="#2a9db5"/></linearGradient></defs>
${skyLayer(c)}${clouds(c, 3, 240)}
<path d="M0 ${ground - 60}Q300 ${ground - 130} 600 ${ground - 70}T1200 ${ground - 90}V${ground}H0Z" fill="${mix(c.accent, '#6b8f71', 0.5)}" opacity=".55"/>
<rect x="250" y="300" width="520" height="${ground - 300}" fill="${wall}"/>
<rect x="230" y="286" width="560" height="18" fill="${shade}"/>
<rect x="640" y="210" width="330" height="${ground - 210}" fill="${wall}"/>
<rect x="620" y="196" width="370" height="18" fill="${shade}"/>
<rect x="290" y="360" width="300" height="${ground - 360}" fill="${glass}"/>
${Array.from({ length: 5 }, (_, i) => `<rect x="${290 + i * 60}" y="360" width="3" height="${ground - 360}" fill="${shade}"/>`).join('')}
<rect x="680" y="260" width="250" height="110" fill="${glass}"/>
<rect x="680" y="420" width="250" height="${ground - 420}" fill="${glass}"/>
${Array.from({ length: 12 }, (_, i) => `<rect x="${r1(600 + i * 3.2)}" y="300" width="1.6" height="${ground - 300}" fill="#b08968"/>`).join('')}
<rect x="596" y="300" width="44" height="${ground - 300}" fill="#b08968" opacity=".85"/>
<rect y="${ground}" width="${W}" height="${H - ground}" fill="${mix(c.accent, '#4d7c4f', 0.45)}"/>
<rect x="180" y="${ground + 40}" width="820" height="110" rx="6" fill="#efe6d4"/>
<rect x="210" y="${ground + 55}" width="760" height="80" rx="4" fill="url(#${c.id}pool)"/>
${Array.from({ length: 9 }, () => `<path d="M${r1(c.r.range(230, 900))} ${r1(c.r.range(ground + 70, ground + 125))}q14 -6 28 0t28 0" stroke="#fff" stroke-width="2" fill="none" opacity=".5"/>`).join('')}
${palm(110, ground + 20, 300, mix(c.accent, '#0f1d24', 0.7), 22)}${palm(1090, ground + 10, 330, mix(c.accent, '#0f1d24', 0.7), -20)}
<g fill="${mix(c.accent, '#1f3d2b', 0.6)}">${Array.from({ length: 7 }, (_, i) => `<ellipse cx="${240 + i * 120}" cy="${ground + 4}" rx="46" ry="22"/>`).join('')}</g>`;
}

function sceneTownhouses(c: Ctx) {
  const ground = 610;
  const units = 5;
  const uw = 230;
  let houses = '';
  for (let i = 0; i < units; i++) {
    const x = 25 + i * uw;
    const h = 330 + (i % 2) * 30;
    const top = ground - h;
    const tint = i % 2 ? '#f4ede1' : '#efe5d3';
    houses += `<rect x="${x}" y="${top}" width="${uw - 10}" height="${h}" fill="${tint}"/><rect x="${x - 6}" y="${top - 14}" width="${uw + 2}" height="16" fill="#d9cdb6"/>
<rect x="${x + 24}" y="${top + 40}" width="${uw - 58}" height="96" fill="url(#${c.id}glass)"/><rect x="${x + 24}" y="${top + 132}" width="${uw - 58}" height="8" fill="#d9cdb6"/>
<rect x="${x + 24}" y="${ground - 160}" width="90" height="160" fill="url(#${c.id}glass)"/><rect x="${x + 130}" y="${ground - 150}" width="54" height="150" rx="2" fill="${mix(c.accent, '#5b3a29', i % 2 ? 0.2 : 0.55)}"/><circle cx="${x + 175}" cy="${ground - 75}" r="3" fill="#f5d08a"/>`;
  }
  return `<defs>${skyDefs(c, { sunX: 1000, sunY: 180 })}</defs>
${skyLayer(c)}${clouds(c, 4, 220)}
${houses}
<rect y="${ground}" width="${W}" height="40" fill="#e9e1d1"/>
<rect y="${ground + 40}" width="${W}" height="${H - ground - 40}" fill="${mix(c.accent, '#4d7c4f', 0.5)}"/>
<rect y="${ground + 110}" width="${W}" height="${H - ground - 110}" fill="#cfc6b6"/>
<g fill="${mix(c.accent, '#1f3d2b', 0.55)}">${Array.from({ length: 6 }, (_, i) => `<circle cx="${120 + i * 200}" cy="${ground + 10}" r="${r1(c.r.range(28, 40))}"/><rect x="${118 + i * 200}" y="${ground + 10}" width="5" height="40" fill="#6b4f3a"/>`).join('')}</g>
${palm(1150, ground + 60, 280, mix(c.accent, '#0f1d24', 0.7), -16)}`;
}

function windowView(c: Ctx, x: number, y: number, w: number, h: number, sea: boolean) {
  const clipId = `${c.id}view${x}`;
  const horizon = y + h * 0.62;
  return `<clipPath id="${clipId}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>
<g clip-path="url(#${clipId})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${c.id}sky)"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${c.id}sun)"/>
<g transform="translate(${x} ${y}) scale(${r1(w / W)} ${r1(h / (H * 0.9))})">${skyline(c, Math.round((horizon - y) / (h / (H * 0.9))), mix(c.sky[0], '#2f4858', 0.6), 0.7, 120, 420)}</g>
${sea ? `<rect x="${x}" y="${r1(horizon)}" width="${w}" height="${r1(y + h - horizon)}" fill="${mix(c.sky[1], '#1b6f86', 0.55)}"/>` : `<rect x="${x}" y="${r1(horizon)}" width="${w}" height="${r1(y + h - horizon)}" fill="${mix(c.sky[1], '#8a9a8f', 0.5)}"/>`}</g>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#d8d2c6" stroke-width="10"/>
${Array.from({ length: Math.floor(w / 220) }, (_, i) => `<rect x="${r1(x + (i + 1) * (w / (Math.floor(w / 220) + 1)) - 3)}" y="${y}" width="6" height="${h}" fill="#d8d2c6"/>`).join('')}`;
}

function floorAndWall(c: Ctx, floorY: number) {
  return `<rect width="${W}" height="${floorY}" fill="#f3eee6"/><linearGradient id="${c.id}floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9a47e"/><stop offset="1" stop-color="#9c7556"/></linearGradient>
<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#${c.id}floor)"/>${Array.from({ length: 9 }, (_, i) => `<path d="M${i * 150 - 100} ${H}L${i * 150 + 40} ${floorY}" stroke="#8a6448" stroke-width="1.5" opacity=".35"/>`).join('')}`;
}

function plant(x: number, y: number, s: number) {
  return `<g><path d="M${x - 22 * s} ${y - 50 * s}h${44 * s}l-6 ${50 * s}h-${32 * s}Z" fill="#e7dfd2"/><g fill="#3f7d5a">${[-50, -25, 0, 25, 50]
    .map((d) => `<ellipse cx="${r1(x + d * s * 0.6)}" cy="${r1(y - 90 * s - Math.abs(d) * -0.4 * s)}" rx="${r1(12 * s)}" ry="${r1(42 * s)}" transform="rotate(${d * 0.7} ${r1(x + d * s * 0.6)} ${r1(y - 90 * s)})"/>`)
    .join('')}</g></g>`;
}

function sceneLiving(c: Ctx) {
  const floorY = 560;
  const sofa = c.accent;
  return `<defs>${skyDefs(c, { sunX: 700, sunY: 300 })}</defs>
${floorAndWall(c, floorY)}
${windowView(c, 120, 90, 960, 420, c.r.next() > 0.4)}
<ellipse cx="600" cy="${floorY + 130}" rx="420" ry="70" fill="#efe7da" opacity=".9"/>
<rect x="300" y="${floorY - 20}" width="600" height="110" rx="26" fill="${mix(sofa, '#ffffff', 0.15)}"/>
<rect x="300" y="${floorY - 110}" width="600" height="110" rx="30" fill="${mix(sofa, '#000000', 0.1)}"/>
<rect x="268" y="${floorY - 60}" width="70" height="150" rx="28" fill="${mix(sofa, '#000000', 0.18)}"/><rect x="862" y="${floorY - 60}" width="70" height="150" rx="28" fill="${mix(sofa, '#000000', 0.18)}"/>
<rect x="360" y="${floorY - 92}" width="110" height="80" rx="18" fill="#f6efe3"/><rect x="730" y="${floorY - 92}" width="110" height="80" rx="18" fill="${mix(c.sky[0], '#ffffff', 0.3)}"/>
<rect x="470" y="${floorY + 110}" width="260" height="24" rx="12" fill="#5a4334"/><rect x="500" y="${floorY + 134}" width="8" height="40" fill="#5a4334"/><rect x="692" y="${floorY + 134}" width="8" height="40" fill="#5a4334"/>
<circle cx="560" cy="${floorY + 104}" r="12" fill="#f2c14e"/><rect x="620" y="${floorY + 92}" width="60" height="18" rx="3" fill="#e9dccb"/>
<rect x="1040" y="${floorY - 260}" width="6" height="330" fill="#3d3a36"/><path d="M1000 ${floorY - 260}h86l-18 -60h-50Z" fill="#f4e3c1"/>
${plant(160, floorY + 80, 1.3)}`;
}

function sceneBedroom(c: Ctx) {
  const floorY = 560;
  return `<defs>${skyDefs(c, { sunX: 420, sunY: 320 })}</defs>
${floorAndWall(c, floorY)}
${windowView(c, 90, 110, 520, 380, true)}
<rect x="640" y="${floorY - 250}" width="470" height="200" rx="14" fill="#d9cbb6"/>
<rect x="620" y="${floorY - 70}" width="510" height="150" rx="16" fill="#f7f3ec"/>
<rect x="620" y="${floorY - 10}" width="510" height="90" rx="14" fill="${c.accent}"/>
<rect x="660" y="${floorY - 120}" width="180" height="70" rx="22" fill="#fffdf8"/><rect x="880" y="${floorY - 120}" width="180" height="70" rx="22" fill="#fffdf8"/>
<rect x="560" y="${floorY - 40}" width="60" height="90" rx="6" fill="#8a6a52"/><path d="M568 ${floorY - 40}l8 -60h28l8 60Z" fill="#f4e3c1"/>
<rect x="1140" y="${floorY - 40}" width="50" height="90" rx="6" fill="#8a6a52"/>
<rect x="700" y="130" width="140" height="100" fill="${mix(c.accent, '#ffffff', 0.55)}" stroke="#c8b9a2" stroke-width="6"/><rect x="880" y="150" width="100" height="80" fill="${mix(c.sky[0], '#ffffff', 0.35)}" stroke="#c8b9a2" stroke-width="6"/>
${plant(130, floorY + 120, 1.1)}`;
}

function sceneKitchen(c: Ctx) {
  const floorY = 580;
  return `<defs>${skyDefs(c, { sunX: 900, sunY: 220 })}</defs>
${floorAndWall(c, floorY)}
${windowView(c, 760, 100, 360, 300, false)}
<rect x="60" y="120" width="640" height="170" fill="#e9e2d6"/>${Array.from({ length: 4 }, (_, i) => `<rect x="${70 + i * 158}" y="130" width="148" height="150" rx="3" fill="#f8f5ef"/><rect x="${130 + i * 158}" y="262" width="28" height="4" rx="2" fill="#b9a88f"/>`).join('')}
<rect x="60" y="330" width="1080" height="14" fill="#d9d3c8"/><rect x="60" y="344" width="1080" height="${floorY - 344}" fill="${mix(c.accent, '#f3eee6', 0.75)}"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${68 + i * 154}" y="356" width="146" height="${floorY - 370}" rx="3" fill="${mix(c.accent, '#f3eee6', 0.6)}"/>`).join('')}
<rect x="250" y="${floorY - 30}" width="700" height="26" rx="4" fill="#f1ede6"/><rect x="270" y="${floorY - 4}" width="660" height="170" fill="${mix(c.accent, '#3b3b3b', 0.45)}"/>
${[380, 560, 740].map((x) => `<rect x="${x - 22}" y="${floorY + 40}" width="60" height="14" rx="7" fill="#3d3a36"/><rect x="${x + 4}" y="${floorY + 54}" width="6" height="120" fill="#3d3a36"/>`).join('')}
${[400, 600, 800].map((x) => `<rect x="${x}" y="0" width="2" height="150" fill="#3d3a36"/><path d="M${x - 34} 190q35 -50 70 0Z" fill="${mix(c.accent, '#f2c14e', 0.5)}"/><ellipse cx="${x + 1}" cy="192" rx="18" ry="5" fill="#fff3d1" opacity=".9"/>`).join('')}
<circle cx="330" cy="${floorY - 52}" r="22" fill="#e9a23b"/><circle cx="360" cy="${floorY - 48}" r="18" fill="#d2553f"/><rect x="820" y="${floorY - 80}" width="36" height="50" rx="6" fill="#ffffff" opacity=".85"/>`;
}

function scenePool(c: Ctx) {
  const deckY = 470;
  return `<defs>${skyDefs(c, { sunX: 980, sunY: 160 })}<linearGradient id="${c.id}water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8de0ea"/><stop offset="1" stop-color="#1e90ad"/></linearGradient></defs>
${skyLayer(c)}${clouds(c, 3, 200)}
${skyline(c, deckY - 40, mix(c.sky[0], '#3b5566', 0.5), 0.4, 80, 260)}
${tower(c, 40, deckY, 220, 380)}
<rect y="${deckY - 40}" width="${W}" height="40" fill="#efe6d4"/><rect y="${deckY - 48}" width="${W}" height="8" fill="#fff" opacity=".6"/>
<rect y="${deckY}" width="${W}" height="${H - deckY}" fill="#e8dcc4"/>
<path d="M120 ${deckY + 40}H1080L1160 ${H - 40}H40Z" fill="url(#${c.id}water)"/>
${Array.from({ length: 16 }, () => `<path d="M${r1(c.r.range(120, 1000))} ${r1(c.r.range(deckY + 70, H - 60))}q18 -8 36 0t36 0" stroke="#fff" stroke-width="2.5" fill="none" opacity=".45"/>`).join('')}
${[260, 520, 780].map((x) => `<g><path d="M${x} ${deckY + 20}l130 -4 40 -40" stroke="#fff" stroke-width="0"/><rect x="${x}" y="${deckY - 4}" width="150" height="20" rx="8" fill="#fbfaf6" transform="rotate(-2 ${x} ${deckY})"/><rect x="${x + 110}" y="${deckY - 40}" width="48" height="44" rx="8" fill="#fbfaf6" transform="rotate(-25 ${x + 110} ${deckY})"/></g>`).join('')}
${[420, 900].map((x) => `<rect x="${x - 2}" y="${deckY - 170}" width="5" height="170" fill="#6b5a48"/><path d="M${x - 110} ${deckY - 150}Q${x} ${deckY - 240} ${x + 110} ${deckY - 150}Z" fill="${c.accent}"/>`).join('')}
${palm(1120, deckY + 30, 330, mix(c.accent, '#0f1d24', 0.7), -18)}`;
}

function sceneTerrace(c: Ctx) {
  const floorY = 600;
  return `<defs>${skyDefs(c, { sunX: 620, sunY: 380 })}</defs>
${skyLayer(c)}${clouds(c, 3, 260)}
${skyline(c, 500, mix(c.sky[0], '#2f4858', 0.6), 0.55, 80, 300)}
<rect y="500" width="${W}" height="100" fill="${mix(c.sky[1], '#1b6f86', 0.55)}"/>
<rect y="${floorY - 150}" width="${W}" height="150" fill="#ffffff" opacity=".18"/><rect y="${floorY - 154}" width="${W}" height="6" fill="#d8d2c6"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${i * 200 - 3}" y="${floorY - 150}" width="6" height="150" fill="#d8d2c6"/>`).join('')}
<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="#d7c8ae"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 110}" y="${floorY}" width="2" height="${H - floorY}" fill="#bfae91"/>`).join('')}
<rect x="300" y="${floorY - 20}" width="460" height="90" rx="22" fill="#f4efe6"/><rect x="300" y="${floorY - 90}" width="460" height="80" rx="22" fill="#ebe3d5"/>
<rect x="340" y="${floorY - 70}" width="90" height="60" rx="14" fill="${c.accent}"/><rect x="630" y="${floorY - 70}" width="90" height="60" rx="14" fill="${mix(c.accent, '#ffffff', 0.45)}"/>
<ellipse cx="900" cy="${floorY + 110}" rx="90" ry="18" fill="#5a4334"/><rect x="896" y="${floorY + 110}" width="8" height="60" fill="#5a4334"/>
${plant(150, floorY + 100, 1.4)}${plant(1080, floorY + 90, 1.2)}
${[200, 450, 700, 950].map((x) => `<circle cx="${x}" cy="120" r="5" fill="#fff3c4"/>`).join('')}<path d="M160 120Q450 150 700 118T1000 120" stroke="#3d3a36" stroke-width="1.5" fill="none"/>`;
}

const SCENES: Record<Scene, (c: Ctx) => string> = {
  tower: sceneTower,
  villa: sceneVilla,
  townhouses: sceneTownhouses,
  living: sceneLiving,
  bedroom: sceneBedroom,
  kitchen: sceneKitchen,
  pool: scenePool,
  terrace: sceneTerrace,
};

export function drawPhoto(p: DemoProperty, index: number): string {
  const [scene, alt] = p.photos[index];
  const c: Ctx = { r: rng(`${p.slug}-${index}`), sky: [p.palette[0], p.palette[1]], accent: p.palette[2], id: `p${index}` };
  const body = SCENES[scene](c)
    .replace(/\n/g, '')
    .replace(/>\s+</g, '><');
  const title = alt.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title.replace(/"/g, '&quot;')}" preserveAspectRatio="xMidYMid slice"><title>${title}</title>${body}</svg>\n`;
}

// ---------------------------------------------------------------------------------------------
// Documents

const aed = (n: number) => `AED ${n.toLocaleString('en-US')}`;

function pdfFor(p: DemoProperty, kind: DocumentKind, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: true, info: { Title: title, Author: 'Manzil (illustrative demo document)', Subject: p.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(9).fillColor('#a15c2f').text('ILLUSTRATIVE DEMO DOCUMENT — NOT A LEGAL DOCUMENT. It shows what Manzil publishes for each property.', { align: 'center' });
    doc.moveDown(1.2).fillColor('#12403a').fontSize(20).text(DOCUMENT_KIND_LABELS[kind]);
    doc.moveDown(0.3).fillColor('#0f1d24').fontSize(12).text(title);
    doc.moveDown(0.2).fillColor('#55606a').fontSize(10).text(`${p.reference} · ${p.title} · ${p.community}, ${p.city}`);
    doc.moveDown(1);
    const row = (k: string, v: string) => {
      const y = doc.y;
      doc.fillColor('#55606a').fontSize(10).text(k, 56, y, { width: 200 });
      doc.fillColor('#0f1d24').text(v, 260, y, { width: 280 });
      doc.moveDown(0.4);
    };
    const [valuedOn, valuation, source] = p.valuations[p.valuations.length - 1];
    const [, rent, occupancy] = p.rents[p.rents.length - 1];
    switch (kind) {
      case 'title_deed':
        row('Issuing authority', p.city === 'Dubai' ? 'Dubai Land Department (illustration)' : 'Abu Dhabi Department of Municipalities and Transport (illustration)');
        row('Owner', `${p.reference} Property Holding Ltd (the property vehicle)`);
        row('Property', `${PROPERTY_TYPE_LABELS[p.propertyType]}, ${p.bedrooms === 0 ? 'studio' : `${p.bedrooms} bedrooms`}`);
        row('Community', `${p.community}, ${p.city}`);
        row('Built-up area', `${p.sizeSqft.toLocaleString('en-US')} sq ft`);
        row('Purchase price', aed(p.purchasePrice));
        row('Encumbrances', 'None. The vehicle holds the property without a mortgage.');
        break;
      case 'valuation_report':
        row('Valuation date', valuedOn);
        row('Market value', aed(valuation));
        row('Basis', 'Market value, RICS Valuation – Global Standards (illustration)');
        row('Valuer', source);
        row('Comparable evidence', `${p.community} ${PROPERTY_TYPE_LABELS[p.propertyType].toLowerCase()} sales in the last six months`);
        row('Market rent', `${aed(rent)} a year`);
        for (const [d, v, s] of p.valuations) row(`History ${d}`, `${aed(v)} (${s})`);
        break;
      case 'vehicle_documents':
        row('Vehicle', `${p.reference} Property Holding Ltd`);
        row('Jurisdiction', 'ADGM special purpose vehicle (illustration)');
        row('Sole asset', `${p.title}, ${p.community}`);
        row('Share classes', 'Ordinary shares, one vote each, fractions held through the Manzil nominee');
        row('Funding', `${aed(p.purchasePrice)} purchase plus ${aed(acquisitionCostsAed(p.purchasePrice))} acquisition costs`);
        row('Distributions', 'Net rent paid quarterly; sale proceeds paid on exit after fees');
        row('Holding period', `${p.holdYears} years, extendable by shareholder vote`);
        break;
      case 'tenancy_contract':
        row('Tenant', 'Private individual (name withheld)');
        row('Annual rent', aed(rent));
        row('Expected occupancy', `${occupancy / 100}%`);
        row('Payment', 'Four cheques a year');
        row('Registration', p.city === 'Dubai' ? 'Ejari registered (illustration)' : 'Tawtheeq registered (illustration)');
        break;
      default:
        row('Status', 'Provisional');
        row('Indicative value', aed(valuation));
    }
    doc.moveDown(2).fillColor('#8a949c').fontSize(8).text('Manzil publishes the documents of every property before it opens for funding. This file was generated for the demo catalogue and describes a fictitious arrangement.', 56, doc.y, { width: 480 });
    doc.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Open Graph cards (JPEG, through headless Chromium)

async function drawOgImages(): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    for (const p of DEMO_PROPERTIES) {
      const svg = drawPhoto(p, 0);
      const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;overflow:hidden;font-family:Georgia,serif">
<div style="position:absolute;inset:0">${svg.replace('<svg ', '<svg style="width:1200px;height:630px" ')}</div>
<div style="position:absolute;inset:0;background:linear-gradient(180deg,rgba(8,37,34,0) 35%,rgba(8,37,34,.88) 100%)"></div>
<div style="position:absolute;left:56px;right:56px;bottom:48px;color:#fff">
<div style="font:600 20px/1 system-ui,sans-serif;letter-spacing:.16em;text-transform:uppercase;color:#eadbb5">Manzil · ${p.community}, ${p.city}</div>
<div style="font-size:54px;line-height:1.08;margin-top:14px">${p.title}</div>
<div style="font:500 24px/1.3 system-ui,sans-serif;margin-top:16px;color:#d7f2ea">Own a share from AED 200</div></div></body></html>`;
      await page.setContent(html);
      const file = path.join(publicDir, ogImagePath(p.slug));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, await page.screenshot({ type: 'jpeg', quality: 72 }));
    }
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.join(outDir, 'docs'), { recursive: true });
  for (const p of DEMO_PROPERTIES) {
    p.photos.forEach((_, i) => writeFileSync(path.join(publicDir, photoPath(p.slug, i + 1)), drawPhoto(p, i)));
    for (const [kind, title] of p.documents) writeFileSync(path.join(publicDir, documentPath(p.reference, kind)), await pdfFor(p, kind, title));
  }
  if (!process.argv.includes('--no-og')) await drawOgImages();
  let total = 0;
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const abs = path.join(dir, f);
      if (statSync(abs).isDirectory()) walk(abs);
      else total += statSync(abs).size;
    }
  };
  walk(outDir);
  console.log(`[assets] wrote site/public/properties: ${(total / 1024).toFixed(0)} KB`);
}

if (import.meta.main) await main();

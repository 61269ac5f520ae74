/**
 * `npm run seed-demo`: fills an EMPTY database (DATA_DIR) with a realistic
 * demo: riders of every kind and privacy mode, events across eight states,
 * horses with six months of runs, follows and notifications.
 *
 * Everything comes from a seeded PRNG and today's date, so two runs on the
 * same day write the same rows (ids included); only the bcrypt salt differs.
 * It refuses to touch a database that already has users, because mixing demo
 * accounts with real ones could not be undone cleanly.
 */
import bcrypt from "bcryptjs";
import { createHash } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { createSavedSearch } from "../app/features/alerts/saved-searches.server";
import { addPaper } from "../app/features/horses/papers.server";
import { publishClass } from "../app/features/raceday/publish.server";
import { carryPaidEntries } from "../app/features/books/ledger.server";
import { computeResults, defaultPayout } from "../app/features/raceday/results";
import { DEFAULT_SEASON_RULES } from "../app/features/season/standings";
import { recomputeSeries } from "../app/features/season/sync.server";
// The season listens to publishing (its hook), as in the app: a published race counts in its series.
import "../app/features/season/season.server";
import { setClock } from "../app/lib/clock.server";
import { loadConfig } from "../app/lib/config.server";
import { distanceMiles, lookupZip, type Place } from "../app/lib/gazetteer.server";
import { FOLLOW_REQUEST_WORDS } from "../app/schemas/constants";
import type { HorseSex } from "../app/schemas/horses";
import { savedSearchCreateSchema } from "../app/schemas/saved-searches";
import { migrateDatabase, openDatabase, type Db } from "../db/client";
import {
  events,
  followRequests,
  follows,
  inviteLinks,
  jobs,
  memberNumbers,
  memberships,
  membershipYears,
  notifications,
  raceClasses,
  raceEntries,
  raceResults,
  raceTimes,
  raceTimers,
  riders,
  horses,
  runLogs,
  savedEvents,
  series,
  seriesEvents,
  users,
} from "../db/schema";

const DEMO_PASSWORD = "demo-password-1";
const DEMO_DOMAIN = "demo.cloverleaf.app";
const MAIN_USER = "kaylee";
const ADMIN_USER = "admin";
const SEED = 0xc10e7eaf;
const DAY = 86_400_000;
const HOUR = 3_600_000;

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

/** mulberry32: tiny, fast and good enough for demo data. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min: number, max: number) {
    return min + (max - min) * this.next();
  }
  /** Inclusive of both ends. */
  int(min: number, max: number) {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  shuffle<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  /** Standard normal (Box-Muller). */
  normal() {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  /** A version-4-shaped UUID, so ids too are the same on every run. */
  uuid() {
    const bytes = Array.from({ length: 16 }, () => Math.floor(this.next() * 256));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------
// Calendar helpers (UTC, so the server's time zone does not change the data)
// ---------------------------------------------------------------------------

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const weekday = (ms: number) => new Date(ms).getUTCDay();
const SUNDAY = 0;
const FRIDAY = 5;
const SATURDAY = 6;

/** The first `day` of the week on or after `ms`. */
const onOrAfter = (ms: number, day: number) => ms + ((day - weekday(ms) + 7) % 7) * DAY;
/** The last `day` of the week on or before `ms`. */
const onOrBefore = (ms: number, day: number) => ms - ((weekday(ms) - day + 7) % 7) * DAY;

function startOfTodayUtc(now = new Date()) {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

// ---------------------------------------------------------------------------
// The cast
// ---------------------------------------------------------------------------

type Horse = { name: string; /** typical clean time, seconds */ base: number };

/** The main riders' horses as their papers give them (the horse screens show it): registered name, year foaled, sex, color. */
const HORSE_RECORDS: Record<string, [string, number, HorseSex, string]> = {
  "kaylee/Rebel": ["Rebels Fame N Fortune", 2016, "gelding", "Sorrel"],
  "kaylee/Sugar": ["Sugar Moon Streak", 2019, "mare", "Palomino"],
  "jessie/Pistol": ["Firewater Pistol", 2015, "gelding", "Bay"],
  "cody/Blue": ["Blue Duck Dash", 2017, "gelding", "Blue Roan"],
  "cody/Jet": ["Jet Black Fame", 2022, "filly", "Black"],
  "cody/Tinker": ["Tinkers Frenchmans Guy", 2023, "colt", "Buckskin"],
  "tara/Peanut": ["Peanut Buttercup Bar", 2008, "mare", "Chestnut"],
  "tara/Buck": ["Docs Buckin Bueno", 2006, "gelding", "Dun"],
  "renee/Sassy": ["Sassy Little Streaker", 2012, "mare", "Red Roan"],
  "brynn/Dually": ["Dually Stylish Lena", 2014, "gelding", "Gray"],
};

type RunnerSpec = { rider?: string; horses: Horse[]; runs: number };
type UserSpec = {
  key: string;
  firstName: string;
  lastName: string;
  zip: string;
  riderType: "Competitor" | "Parent" | "Trainer" | "Producer";
  privacyMode: "SOLO" | "INVITE_ONLY" | "PUBLIC";
  division?: string;
  bio: string;
  searchRadius: number;
  referredBy?: string;
  /** One entry for the user's own riding, or one per child for a parent. */
  runners: RunnerSpec[];
  isAdmin?: boolean;
};

const USERS: UserSpec[] = [
  {
    key: ADMIN_USER, firstName: "Morgan", lastName: "Hale", zip: "76107", riderType: "Producer",
    privacyMode: "PUBLIC", bio: "Cloverleaf community admin. Showbill questions? Message me.",
    searchRadius: 200, runners: [], isAdmin: true,
  },
  {
    key: "kaylee", firstName: "Kaylee", lastName: "Brooks", zip: "76086", riderType: "Competitor",
    privacyMode: "INVITE_ONLY", division: "Open", searchRadius: 200,
    bio: "Open 4D rider out of Weatherford. Hauling Rebel to every jackpot I can find.",
    runners: [{ horses: [{ name: "Rebel", base: 15.35 }, { name: "Sugar", base: 16.2 }], runs: 38 }],
  },
  {
    key: "jessie", firstName: "Jessie", lastName: "Raines", zip: "76401", riderType: "Competitor",
    privacyMode: "PUBLIC", division: "Adult/Prime", searchRadius: 100, referredBy: "kaylee",
    bio: "Nurse by day, barrel racer by weekend. Pistol and I are chasing the 2D check.",
    runners: [{ horses: [{ name: "Pistol", base: 15.85 }], runs: 18 }],
  },
  {
    key: "cody", firstName: "Cody", lastName: "Vance", zip: "76258", riderType: "Trainer",
    privacyMode: "PUBLIC", division: "Pro", searchRadius: 200,
    bio: "Starting and finishing barrel horses in Pilot Point, TX. Futurity prospects for sale.",
    runners: [
      {
        horses: [{ name: "Blue", base: 15.05 }, { name: "Jet", base: 15.6 }, { name: "Tinker", base: 16.9 }],
        runs: 22,
      },
    ],
  },
  {
    key: "tara", firstName: "Tara", lastName: "McCall", zip: "74820", riderType: "Parent",
    privacyMode: "INVITE_ONLY", searchRadius: 100,
    bio: "Barrel mom of two. Logging runs so the kids can see how far they've come.",
    runners: [
      { rider: "Lily", horses: [{ name: "Peanut", base: 16.9 }], runs: 14 },
      { rider: "Cooper", horses: [{ name: "Buck", base: 17.6 }], runs: 10 },
    ],
  },
  {
    key: "renee", firstName: "Renee", lastName: "Dalton", zip: "73044", riderType: "Parent",
    privacyMode: "PUBLIC", searchRadius: 100,
    bio: "Guthrie, OK. Hauling my daughter Addie and her mare Sassy to youth rodeos.",
    runners: [{ rider: "Addie", horses: [{ name: "Sassy", base: 16.45 }], runs: 14 }],
  },
  {
    key: "brynn", firstName: "Brynn", lastName: "Callahan", zip: "80631", riderType: "Competitor",
    privacyMode: "PUBLIC", division: "Youth", searchRadius: 100, referredBy: "cody",
    bio: "High school rodeo in Colorado. Dually is my best friend.",
    runners: [{ horses: [{ name: "Dually", base: 16.2 }], runs: 12 }],
  },
  {
    key: "marisol", firstName: "Marisol", lastName: "Ortega", zip: "88007", riderType: "Trainer",
    privacyMode: "INVITE_ONLY", division: "Open", searchRadius: 200,
    bio: "Trainer in the Mesilla Valley. Patient starts, solid finishes.",
    runners: [{ horses: [{ name: "Canela", base: 15.7 }, { name: "Rio", base: 16.5 }], runs: 10 }],
  },
  {
    key: "shelby", firstName: "Shelby", lastName: "Tate", zip: "37064", riderType: "Competitor",
    privacyMode: "SOLO", division: "Senior/Masters", searchRadius: 100,
    bio: "Back in the saddle after twenty years. Keeping notes for me and Dolly.",
    runners: [{ horses: [{ name: "Dolly", base: 16.6 }], runs: 10 }],
  },
  {
    key: "callie", firstName: "Callie Jo", lastName: "Parker", zip: "85390", riderType: "Competitor",
    privacyMode: "SOLO", division: "Adult/Prime", searchRadius: 50,
    bio: "Wickenburg, AZ. Tuff and I are working on our first barrel.",
    runners: [{ horses: [{ name: "Tuff", base: 16.0 }], runs: 8 }],
  },
  {
    key: "hank", firstName: "Hank", lastName: "Pruitt", zip: "67410", riderType: "Producer",
    privacyMode: "PUBLIC", searchRadius: 200,
    bio: "Producing jackpots and rodeos across Kansas and Oklahoma for 25 years.",
    runners: [],
  },
  {
    key: "wade", firstName: "Wade", lastName: "Holloway", zip: "34470", riderType: "Producer",
    privacyMode: "INVITE_ONLY", searchRadius: 200,
    bio: "Florida barrel race producer. Ocala, Kissimmee and River Ranch.",
    runners: [],
  },
];

// ---------------------------------------------------------------------------
// Venues and events
// ---------------------------------------------------------------------------

type Venue = { arena: string; address: string; zip: string; indoor: boolean; ground: string; phone: string };

const VENUES = {
  willRogers: { arena: "Will Rogers Memorial Center", address: "3401 W Lancaster Ave", zip: "76107", indoor: true, ground: "sand", phone: "817" },
  cowtown: { arena: "Cowtown Coliseum", address: "121 E Exchange Ave", zip: "76164", indoor: true, ground: "dirt", phone: "817" },
  texasRose: { arena: "Texas Rose Horse Park", address: "16439 FM 16", zip: "75771", indoor: false, ground: "sand", phone: "903" },
  brazos: { arena: "Brazos County Expo", address: "5827 Leonard Rd", zip: "77808", indoor: true, ground: "sand", phone: "979" },
  bell: { arena: "Bell County Expo Center", address: "301 W Loop 121", zip: "76513", indoor: true, ground: "sand", phone: "254" },
  erath: { arena: "Erath County Livestock Pavilion", address: "2145 W Frey St", zip: "76401", indoor: false, ground: "dirt", phone: "254" },
  taylorCounty: { arena: "Taylor County Expo Center", address: "1700 Hwy 36", zip: "79605", indoor: true, ground: "sand", phone: "325" },
  mallet: { arena: "Mallet Event Center", address: "2320 S Hwy 385", zip: "79336", indoor: true, ground: "sand", phone: "806" },
  priefert: { arena: "Priefert Complex", address: "2545 W Ferguson Rd", zip: "75455", indoor: true, ground: "sand", phone: "903" },
  amarillo: { arena: "Amarillo National Center", address: "3301 SE 10th Ave", zip: "79103", indoor: true, ground: "dirt", phone: "806" },
  lazyE: { arena: "Lazy E Arena", address: "9600 Lazy E Dr", zip: "73044", indoor: true, ground: "sand", phone: "405" },
  okcFair: { arena: "Oklahoma State Fair Park", address: "3001 General Pershing Blvd", zip: "73107", indoor: true, ground: "sand", phone: "405" },
  shawnee: { arena: "Heart of Oklahoma Exposition Center", address: "1700 W Independence St", zip: "74804", indoor: true, ground: "sand", phone: "405" },
  hardyMurphy: { arena: "Hardy Murphy Coliseum", address: "600 Lake Murray Dr", zip: "73401", indoor: true, ground: "dirt", phone: "580" },
  duncan: { arena: "Stephens County Fair & Expo Center", address: "2002 S 13th St", zip: "73533", indoor: true, ground: "sand", phone: "580" },
  ada: { arena: "Pontotoc County Agri-Plex", address: "1700 N Broadway Ave", zip: "74820", indoor: true, ground: "sand", phone: "580" },
  claremore: { arena: "Claremore Expo Center", address: "400 Veterans Pkwy", zip: "74017", indoor: true, ground: "dirt", phone: "918" },
  kansasStar: { arena: "Kansas Star Arena", address: "777 Kansas Star Dr", zip: "67110", indoor: true, ground: "sand", phone: "316" },
  ksFair: { arena: "Kansas State Fairgrounds", address: "2000 N Poplar St", zip: "67501", indoor: false, ground: "dirt", phone: "620" },
  abileneKs: { arena: "Eisenhower Park Arena", address: "1300 NW 3rd St", zip: "67410", indoor: false, ground: "dirt", phone: "785" },
  dodgeCity: { arena: "Dodge City Roundup Arena", address: "4100 W Comanche St", zip: "67801", indoor: false, ground: "dirt", phone: "620" },
  nationalWestern: { arena: "National Western Complex", address: "4655 Humboldt St", zip: "80216", indoor: true, ground: "sand", phone: "303" },
  islandGrove: { arena: "Island Grove Regional Park", address: "501 N 14th Ave", zip: "80631", indoor: false, ground: "sand", phone: "970" },
  coFair: { arena: "Colorado State Fairgrounds", address: "1001 Beulah Ave", zip: "81004", indoor: false, ground: "dirt", phone: "719" },
  penrose: { arena: "Norris Penrose Event Center", address: "1045 Lower Gold Camp Rd", zip: "80905", indoor: false, ground: "sand", phone: "719" },
  theRanch: { arena: "The Ranch Events Complex", address: "5280 Arena Cir", zip: "80538", indoor: true, ground: "sand", phone: "970" },
  expoNm: { arena: "Expo New Mexico", address: "300 San Pedro Dr NE", zip: "87108", indoor: true, ground: "dirt", phone: "505" },
  snmFair: { arena: "Southern New Mexico State Fairgrounds", address: "12125 Robert Larson Blvd", zip: "88007", indoor: false, ground: "sand", phone: "575" },
  eddy: { arena: "Eddy County Fairgrounds", address: "1304 W Richey Ave", zip: "88210", indoor: false, ground: "dirt", phone: "575" },
  enmFair: { arena: "Eastern New Mexico State Fairgrounds", address: "2500 SE Main St", zip: "88203", indoor: false, ground: "dirt", phone: "575" },
  westWorld: { arena: "WestWorld of Scottsdale", address: "16601 N Pima Rd", zip: "85255", indoor: false, ground: "sand", phone: "480" },
  horseshoe: { arena: "Horseshoe Park & Equestrian Centre", address: "20464 E Riggs Rd", zip: "85142", indoor: false, ground: "sand", phone: "480" },
  bowman: { arena: "Everett Bowman Rodeo Grounds", address: "935 N Constellation Rd", zip: "85390", indoor: false, ground: "dirt", phone: "928" },
  tucson: { arena: "Tucson Rodeo Grounds", address: "4823 S 6th Ave", zip: "85713", indoor: false, ground: "dirt", phone: "520" },
  miller: { arena: "Tennessee Miller Coliseum", address: "304 W Thompson Ln", zip: "37130", indoor: true, ground: "sand", phone: "615" },
  williamson: { arena: "Williamson County Ag Expo Park", address: "4215 Long Ln", zip: "37064", indoor: true, ground: "sand", phone: "615" },
  ward: { arena: "James E. Ward Agricultural Center", address: "945 E Baddour Pkwy", zip: "37087", indoor: true, ground: "dirt", phone: "615" },
  flHorsePark: { arena: "Florida Horse Park", address: "11008 S Hwy 475", zip: "34480", indoor: false, ground: "sand", phone: "352" },
  selp: { arena: "Southeastern Livestock Pavilion", address: "2232 NE Jacksonville Rd", zip: "34470", indoor: true, ground: "dirt", phone: "352" },
  silverSpurs: { arena: "Silver Spurs Arena", address: "1875 Silver Spur Ln", zip: "34744", indoor: true, ground: "sand", phone: "407" },
  riverRanch: { arena: "Westgate River Ranch Arena", address: "3200 River Ranch Blvd", zip: "33867", indoor: false, ground: "sand", phone: "863" },
  flFair: { arena: "Florida State Fairgrounds", address: "4800 US Hwy 301 N", zip: "33610", indoor: true, ground: "dirt", phone: "813" },
} satisfies Record<string, Venue>;

type VenueKey = keyof typeof VENUES;
type EventType = "barrel_racing" | "rodeo" | "futurity" | "open_show" | "pole_bending" | "youth_rodeo";

type EventSpec = {
  name: string;
  venue: VenueKey;
  types: EventType[];
  days: number;
  fee: string;
  added: number | null;
  by: string;
  /** Awaiting the admin's showbill review. */
  pending?: boolean;
  /** Already happened this many days ago (snapped to a Saturday). */
  daysAgo?: number;
  /** Called off by its producer, with the reason riders read on its card and share page. */
  cancelled?: string;
  /** Put off by its producer (a new date to come), with the reason riders read. */
  postponed?: string;
};

const EVENTS: EventSpec[] = [
  { name: "Will Rogers Barrel Bash", venue: "willRogers", types: ["barrel_racing"], days: 2, fee: "$60 per run", added: 5000, by: ADMIN_USER },
  { name: "Cowtown Coliseum Jackpot", venue: "cowtown", types: ["barrel_racing", "pole_bending"], days: 1, fee: "$35 per run", added: 500, by: "cody", daysAgo: 89 },
  { name: "Texas Rose Open 4D", venue: "texasRose", types: ["barrel_racing"], days: 2, fee: "$50 per run", added: 2500, by: "cody" },
  { name: "Brazos Valley Youth Rodeo", venue: "brazos", types: ["youth_rodeo", "barrel_racing", "pole_bending"], days: 1, fee: "$25 per event", added: null, by: ADMIN_USER },
  { name: "Bell County Barrel Futurity", venue: "bell", types: ["futurity", "barrel_racing"], days: 3, fee: "$150 futurity, $50 open", added: 10000, by: "cody" },
  { name: "Erath County Jackpot", venue: "erath", types: ["barrel_racing"], days: 1, fee: "$30 per run", added: 300, by: "jessie", daysAgo: 12 },
  { name: "Big Country Barrel Race", venue: "taylorCounty", types: ["barrel_racing"], days: 1, fee: "$40 per run", added: 1000, by: ADMIN_USER, cancelled: "The arena's footing is being redone. Entries already paid are refunded at the office." },
  { name: "South Plains Open 4D", venue: "mallet", types: ["barrel_racing"], days: 2, fee: "$45 per run", added: 2000, by: ADMIN_USER },
  { name: "Priefert Ranch Rodeo Weekend", venue: "priefert", types: ["rodeo", "barrel_racing"], days: 2, fee: "$75 per event", added: 3000, by: "hank" },
  { name: "Panhandle Open Show", venue: "amarillo", types: ["open_show", "barrel_racing", "pole_bending"], days: 1, fee: "$20 per class", added: null, by: ADMIN_USER, postponed: "The fairgrounds host a stock show that weekend. The new date goes on the showbill as soon as it is set." },
  { name: "Lazy E Barrel Classic", venue: "lazyE", types: ["barrel_racing", "futurity"], days: 3, fee: "$125 futurity, $60 open", added: 15000, by: "hank", daysAgo: 61 },
  { name: "OKC Fair Park Series Finals", venue: "okcFair", types: ["barrel_racing"], days: 2, fee: "$55 per run", added: 4000, by: "hank" },
  { name: "Heart of Oklahoma 4D", venue: "shawnee", types: ["barrel_racing"], days: 1, fee: "$40 per run", added: 1500, by: "hank" },
  { name: "Hardy Murphy Youth Rodeo", venue: "hardyMurphy", types: ["youth_rodeo"], days: 1, fee: "$30 per event", added: null, by: "tara", pending: true },
  { name: "Duncan Poles & Barrels", venue: "duncan", types: ["barrel_racing", "pole_bending"], days: 1, fee: "$30 per run", added: 500, by: "renee", daysAgo: 96 },
  { name: "Ada Agri-Plex Jackpot", venue: "ada", types: ["barrel_racing"], days: 1, fee: "$35 per run", added: 750, by: "tara", daysAgo: 33 },
  { name: "Claremore Expo Open Show", venue: "claremore", types: ["open_show"], days: 1, fee: "$15 per class", added: null, by: "hank" },
  { name: "Kansas Star Slot Race", venue: "kansasStar", types: ["barrel_racing"], days: 2, fee: "$100 slot, $50 open", added: 8000, by: "hank" },
  { name: "Kansas State Fair Barrel Race", venue: "ksFair", types: ["barrel_racing"], days: 1, fee: "$40 per run", added: 1000, by: "hank" },
  { name: "Wild Bill Barrels", venue: "abileneKs", types: ["barrel_racing", "pole_bending"], days: 1, fee: "$30 per run", added: 500, by: "hank" },
  { name: "Dodge City Roundup Rodeo", venue: "dodgeCity", types: ["rodeo"], days: 3, fee: "$85 per event", added: 5000, by: "hank" },
  { name: "National Western Barrel Futurity", venue: "nationalWestern", types: ["futurity"], days: 2, fee: "$200 futurity entry", added: 12000, by: ADMIN_USER },
  { name: "Island Grove Jackpot", venue: "islandGrove", types: ["barrel_racing"], days: 1, fee: "$35 per run", added: 500, by: "brynn", daysAgo: 128 },
  { name: "Colorado State Fair Youth Rodeo", venue: "coFair", types: ["youth_rodeo", "barrel_racing", "pole_bending"], days: 2, fee: "$30 per event", added: null, by: ADMIN_USER },
  { name: "Norris Penrose 4D", venue: "penrose", types: ["barrel_racing"], days: 1, fee: "$45 per run", added: 1500, by: ADMIN_USER },
  { name: "Loveland Open Show", venue: "theRanch", types: ["open_show", "barrel_racing"], days: 1, fee: "$20 per class", added: null, by: "brynn", pending: true },
  { name: "Duke City Barrel Bash", venue: "expoNm", types: ["barrel_racing"], days: 2, fee: "$50 per run", added: 3000, by: "marisol" },
  { name: "Mesilla Valley Jackpot", venue: "snmFair", types: ["barrel_racing", "pole_bending"], days: 1, fee: "$30 per run", added: 500, by: "marisol", daysAgo: 47 },
  { name: "Pecos Valley Youth Rodeo", venue: "eddy", types: ["youth_rodeo"], days: 1, fee: "$25 per event", added: null, by: "marisol" },
  { name: "Roswell Open 4D", venue: "enmFair", types: ["barrel_racing"], days: 1, fee: "$40 per run", added: 1000, by: "marisol" },
  { name: "WestWorld Barrel Futurity", venue: "westWorld", types: ["futurity", "barrel_racing"], days: 3, fee: "$175 futurity, $60 open", added: 20000, by: ADMIN_USER },
  { name: "Queen Creek Barrel Jackpot", venue: "horseshoe", types: ["barrel_racing"], days: 1, fee: "$35 per run", added: 800, by: ADMIN_USER },
  { name: "Gold Rush Days Rodeo", venue: "bowman", types: ["rodeo"], days: 2, fee: "$80 per event", added: 4000, by: ADMIN_USER },
  { name: "Tucson Desert 4D", venue: "tucson", types: ["barrel_racing"], days: 1, fee: "$40 per run", added: 1200, by: "callie", pending: true },
  { name: "Music City Barrel Race", venue: "miller", types: ["barrel_racing"], days: 2, fee: "$50 per run", added: 4000, by: ADMIN_USER, daysAgo: 150 },
  { name: "Franklin Ag Expo Jackpot", venue: "williamson", types: ["barrel_racing", "pole_bending"], days: 1, fee: "$30 per run", added: 500, by: ADMIN_USER },
  { name: "Cedar City Youth Rodeo", venue: "ward", types: ["youth_rodeo"], days: 1, fee: "$25 per event", added: null, by: ADMIN_USER },
  { name: "Florida Horse Park Open 4D", venue: "flHorsePark", types: ["barrel_racing"], days: 2, fee: "$50 per run", added: 3000, by: "wade" },
  { name: "Ocala Pavilion Jackpot", venue: "selp", types: ["barrel_racing"], days: 1, fee: "$35 per run", added: 600, by: "wade" },
  { name: "Silver Spurs Barrel Spectacular", venue: "silverSpurs", types: ["barrel_racing", "futurity"], days: 3, fee: "$150 futurity, $55 open", added: 10000, by: "wade", pending: true },
  { name: "River Ranch Rodeo", venue: "riverRanch", types: ["rodeo"], days: 2, fee: "$75 per event", added: 2500, by: "wade" },
  { name: "Florida State Fair Open Show", venue: "flFair", types: ["open_show"], days: 1, fee: "$15 per class", added: null, by: "wade" },
];

const DESCRIPTIONS: Record<EventType, string[]> = {
  barrel_racing: [
    "Open 4D barrel race with a youth 3D and a peewee class. Exhibitions 8-10 am, race at noon. Ground worked every 6 runs.",
    "4D format, 1/2 second splits. Exhibitions start at 9. Stalls and RV hookups available at the office.",
    "Open 4D, youth 3D and senior 3D. Cash payout to 4 places per division. Concessions on site.",
  ],
  futurity: [
    "Futurity and derby go-rounds with an open 4D each evening. Negative Coggins required; stall reservations through the office.",
  ],
  rodeo: [
    "Open rodeo: barrel racing, breakaway, team roping and tie-down. Slack in the morning, performance at 7 pm.",
  ],
  open_show: [
    "All-breed open show: halter, western pleasure, poles and barrels. Points count toward the year-end awards.",
  ],
  pole_bending: ["Poles run after the barrel race, 3D format."],
  youth_rodeo: [
    "Youth rodeo for ages 18 and under: barrels, poles, goat tying and breakaway. Peewee classes for 8 and under.",
  ],
};

// ---------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------

/** Placements: 1D has no 3rd; EXPO is a paid exhibition run. */
const PLACES_BY_DIVISION: Record<number, string[]> = {
  1: ["1st", "2nd", "4th", "Placed"],
  2: ["1st", "2nd", "3rd", "4th", "Placed"],
  3: ["1st", "2nd", "3rd", "4th", "Placed"],
  4: ["1st", "2nd", "3rd", "4th", "Placed"],
};
const SPLIT_SECONDS = 0.5;
const PENALTY_SECONDS = 5;
const FASTEST = 14.8;
const SLOWEST = 18.5;

const NOTES = {
  fast: [
    "Best run of the day. {horse} was flat working.",
    "Tight first barrel and ran hard home.",
    "Stayed out of the way and let {horse} work.",
    "Our fastest time in this pen so far.",
    "Perfect pocket on the second, smooth third.",
  ],
  solid: [
    "Solid run, a little wide on the first barrel.",
    "Needed more push to the third.",
    "Ground was deep but {horse} still felt good.",
    "Bobbled leaving the second, recovered well.",
    "Rated a bit early on the third.",
  ],
  slow: [
    "Off our usual time. Went wide on the first.",
    "{horse} was fresh and looking around the pen.",
    "Slipped a little on the second barrel.",
    "Missed my pocket on the first barrel.",
  ],
  penalty: [
    "Tipped the third barrel, came in too close.",
    "Knocked the first, sat down too early.",
    "Hit the second barrel with my knee.",
  ],
  practice: [
    "Slow work on the pattern, focused on rate.",
    "Exhibition to settle {horse} before the weekend.",
    "Worked on a straighter line to the first barrel.",
  ],
};
const WEATHER = ["Sunny", "Overcast", "Windy", "Cold", "Hot", "Light rain"];
const GROUND = ["Good", "Deep", "Firm", "Wet", "Freshly worked"];

// ---------------------------------------------------------------------------
// Building the rows
// ---------------------------------------------------------------------------

type UserRow = typeof users.$inferInsert & { id: string };
type EventRow = typeof events.$inferInsert & { id: string };
type RunRow = typeof runLogs.$inferInsert & { id: string };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type Demo = {
  users: UserRow[];
  riders: Array<{ userKey: string; name: string; createdAt: Date }>;
  events: EventRow[];
  runs: Array<RunRow & { riderName?: string }>;
  saved: Array<typeof savedEvents.$inferInsert>;
  follows: Array<typeof follows.$inferInsert>;
  requests: Array<typeof followRequests.$inferInsert>;
};

function place(zip: string): Place {
  const found = lookupZip(zip);
  // A typo in the tables above should stop the seed, not write an event with no map position.
  if (!found) throw new Error(`seed-demo: ZIP ${zip} is not in the gazetteer`);
  return found;
}

const emailOf = (key: string) => `${key}@${DEMO_DOMAIN}`;
const pointOf = (e: EventRow) => ({ latitude: e.latitude!, longitude: e.longitude! });

function buildUsers(rand: Random, today: number, passwordHash: string): UserRow[] {
  const ids = new Map(USERS.map((u) => [u.key, rand.uuid()]));
  return USERS.map((u) => {
    const createdAt = new Date(today - rand.int(200, 260) * DAY + rand.int(14, 23) * HOUR);
    const runner = u.runners[0];
    return {
      id: ids.get(u.key)!,
      email: emailOf(u.key),
      password: passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      homeZipCode: u.zip,
      riderType: u.riderType,
      favoriteHorse: runner && !runner.rider ? runner.horses[0]!.name : null,
      division: u.division ?? null,
      bio: u.bio,
      privacyMode: u.privacyMode,
      referredBy: u.referredBy ? ids.get(u.referredBy)! : null,
      isAdmin: Boolean(u.isAdmin),
      emailVerified: true,
      emailVerifiedAt: new Date(createdAt.getTime() + 10 * 60_000),
      lastLoginAt: new Date(today - rand.int(1, 6) * DAY + rand.int(12, 23) * HOUR),
      searchRadius: u.searchRadius,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

const HOLIDAYS = ["12-24", "12-25", "12-31", "01-01"];

/** Nobody runs a barrel race on Christmas: such an event moves a week on. */
function avoidHolidays(start: number, days: number) {
  const clashes = (s: number) =>
    Array.from({ length: days }, (_, i) => isoDate(s + i * DAY).slice(5)).some((md) => HOLIDAYS.includes(md));
  let moved = start;
  while (clashes(moved)) moved += 7 * DAY;
  return moved;
}

/** Upcoming events are spread evenly over four months, on weekends. */
function upcomingDate(rand: Random, today: number, slot: number, slots: number, days: number) {
  const offset = 5 + Math.round((slot * 108) / Math.max(1, slots - 1)) + rand.int(0, 2);
  return avoidHolidays(onOrAfter(today + offset * DAY, days > 1 ? FRIDAY : SATURDAY), days);
}

function buildEvents(rand: Random, today: number, userIds: Map<string, string>): EventRow[] {
  const upcoming = rand.shuffle(EVENTS.filter((e) => e.daysAgo === undefined));
  const slotOf = new Map(upcoming.map((e, i) => [e, i]));
  const adminId = userIds.get(ADMIN_USER)!;
  return EVENTS.map((spec) => {
    const venue: Venue = VENUES[spec.venue];
    const where = place(venue.zip);
    const start =
      spec.daysAgo === undefined
        ? upcomingDate(rand, today, slotOf.get(spec)!, upcoming.length, spec.days)
        : onOrBefore(today - spec.daysAgo * DAY, SATURDAY);
    const createdAt = new Date(Math.min(start, today) - rand.int(20, 75) * DAY + rand.int(13, 22) * HOUR);
    const creator = USERS.find((u) => u.key === spec.by)!;
    return {
      id: rand.uuid(),
      name: spec.name,
      date: isoDate(start),
      endDate: spec.days > 1 ? isoDate(start + (spec.days - 1) * DAY) : null,
      location: `${where.city}, ${where.state}`,
      address: venue.address,
      zipCode: where.zip,
      arenaName: venue.arena,
      arenaType: venue.indoor ? "indoor" : "outdoor",
      groundType: venue.ground,
      addedMoney: spec.added,
      latitude: where.latitude,
      longitude: where.longitude,
      entryFee: spec.fee,
      description: rand.pick(DESCRIPTIONS[spec.types[0]!]),
      contactName: `${creator.firstName} ${creator.lastName}`,
      contactPhone: `(${venue.phone}) 555-01${String(rand.int(0, 99)).padStart(2, "0")}`,
      contactEmail: emailOf(creator.key),
      eventType: spec.types,
      createdBy: userIds.get(spec.by)!,
      showbillApproved: !spec.pending,
      showbillReviewedBy: spec.pending ? null : adminId,
      showbillReviewedAt: spec.pending ? null : new Date(createdAt.getTime() + rand.int(2, 30) * HOUR),
      ...(spec.cancelled ? { status: "CANCELLED" as const, statusReason: spec.cancelled, sequence: 1 } : {}),
      ...(spec.postponed ? { status: "POSTPONED" as const, statusReason: spec.postponed, sequence: 1 } : {}),
      createdAt,
    };
  });
}

type RunContext = {
  rand: Random;
  today: number;
  userId: string;
  privacy: UserSpec["privacyMode"];
  runner: RunnerSpec;
  /** The fastest time of the day in each arena, for placements. */
  par: Map<string, number>;
};

/** `practice` covers exhibitions at a venue and work at home; neither can place. */
type Outing = {
  at: number;
  arenaName: string;
  arenaType: "indoor" | "outdoor";
  eventId: string | null;
  practice: boolean;
  atHome?: boolean;
};

function outcomeNotes(rand: Random, pool: string[], horse: string) {
  return rand.chance(0.8) ? rand.pick(pool).replace("{horse}", horse) : null;
}

/** Placements from how far behind the day's fastest time the run was. */
function placementFor(rand: Random, time: number, par: number, outing: Outing): string | null {
  if (outing.atHome) return null;
  if (outing.practice) return rand.chance(0.6) ? "EXPO" : null;
  const division = Math.floor(Math.max(0, time - par) / SPLIT_SECONDS) + 1;
  const places = PLACES_BY_DIVISION[division];
  if (!places || !rand.chance(0.55)) return null;
  return `${division}D ${rand.pick(places)}`;
}

function oneRun(ctx: RunContext, outing: Outing): RunRow {
  const { rand } = ctx;
  const horse = rand.pick(ctx.runner.horses);
  const daysAgo = (ctx.today - outing.at) / DAY;
  // Horses get a little quicker over the season: the point of keeping a log.
  const improvement = 0.35 * (1 - Math.min(daysAgo, 180) / 180);
  // Exhibitions and practice are ridden slower, on purpose.
  const effort = outing.practice ? 0.3 + Math.abs(0.6 * rand.normal()) : 0.35 * rand.normal();
  const raw = horse.base - improvement + effort;
  // A soft floor: a pile of identical 14.800s would look generated.
  const clean = raw < FASTEST ? FASTEST + rand.float(0, 0.2) : Math.min(SLOWEST, raw);
  const hitBarrel = rand.chance(0.12);
  const time = clean + (hitBarrel ? PENALTY_SECONDS : 0);
  const slow = !hitBarrel && !outing.practice && clean > horse.base + 0.45;
  const fast = !hitBarrel && clean < horse.base - 0.15;
  const placement = hitBarrel ? null : placementFor(rand, time, ctx.par.get(outing.arenaName) ?? FASTEST, outing);
  const tags = [
    hitBarrel ? "hit-barrel" : "clean-run",
    ...(slow ? ["missed-time"] : []),
    ...(placement && placement !== "EXPO" ? ["placed-cashed"] : []),
  ];
  const pool = hitBarrel ? NOTES.penalty : outing.practice ? NOTES.practice : slow ? NOTES.slow : fast ? NOTES.fast : NOTES.solid;
  const rating = hitBarrel ? rand.int(1, 2) : slow ? rand.int(2, 3) : fast && !outing.practice ? rand.int(4, 5) : rand.int(3, 4);
  const publicShare = ctx.privacy === "SOLO" ? 0 : ctx.privacy === "PUBLIC" ? 0.7 : 0.45;
  return {
    id: rand.uuid(),
    userId: ctx.userId,
    eventId: outing.eventId,
    arenaName: outing.arenaName,
    arenaType: outing.arenaType,
    horseName: horse.name,
    notes: outcomeNotes(rand, pool, horse.name),
    time: time.toFixed(3),
    rating,
    placement,
    tags,
    groundCondition: rand.chance(0.6) ? rand.pick(GROUND) : null,
    weather: outing.arenaType === "outdoor" && rand.chance(0.6) ? rand.pick(WEATHER) : null,
    privacy: rand.chance(publicShare) ? "PUBLIC" : "PRIVATE",
    createdAt: new Date(outing.at + rand.int(14, 23) * HOUR + rand.int(0, 59) * 60_000),
  };
}

/** Where a runner rode: nearby past events first, then weekend jackpots and practice. */
function outingsFor(ctx: RunContext, home: Place, pastEvents: EventRow[]): Outing[] {
  const { rand, today } = ctx;
  const outings: Outing[] = [];
  for (const e of pastEvents) {
    if (distanceMiles(home, pointOf(e)) > 300) continue;
    const at = Date.parse(`${e.date}T00:00:00Z`);
    const runs = Math.min(rand.int(1, 3), ctx.runner.runs - outings.length);
    for (let i = 0; i < runs; i++) {
      outings.push({ at, arenaName: e.arenaName!, arenaType: e.arenaType!, eventId: e.id, practice: false });
    }
  }
  const nearby = Object.values(VENUES as Record<string, Venue>).filter((v) => distanceMiles(home, place(v.zip)) < 250);
  while (outings.length < ctx.runner.runs) {
    const at = onOrBefore(today - rand.int(1, 180) * DAY, rand.chance(0.5) ? SATURDAY : SUNDAY);
    const venue = nearby.length && rand.chance(0.75) ? rand.pick(nearby) : null;
    outings.push(
      venue
        ? { at, arenaName: venue.arena, arenaType: venue.indoor ? "indoor" : "outdoor", eventId: null, practice: rand.chance(0.2) }
        : { at, arenaName: "Home practice pen", arenaType: "outdoor", eventId: null, practice: true, atHome: true },
    );
  }
  return outings.sort((a, b) => a.at - b.at);
}

function buildRuns(rand: Random, today: number, userRows: UserRow[], eventRows: EventRow[]) {
  const par = new Map<string, number>();
  for (const v of Object.values(VENUES as Record<string, Venue>)) par.set(v.arena, rand.float(14.8, 15.4));
  const pastEvents = eventRows.filter((e) => e.date < isoDate(today) && e.showbillApproved);
  const runs: Demo["runs"] = [];
  for (const spec of USERS) {
    const user = userRows.find((u) => u.email === emailOf(spec.key))!;
    for (const runner of spec.runners) {
      const ctx: RunContext = { rand, today, userId: user.id, privacy: spec.privacyMode, runner, par };
      for (const outing of outingsFor(ctx, place(spec.zip), pastEvents)) {
        runs.push({ ...oneRun(ctx, outing), riderName: runner.rider });
      }
    }
  }
  return runs;
}

function buildRiders(rand: Random, userRows: UserRow[]): Demo["riders"] {
  return USERS.flatMap((spec) => {
    const user = userRows.find((u) => u.email === emailOf(spec.key))!;
    return spec.runners
      .filter((r) => r.rider)
      .map((r) => ({ userKey: spec.key, name: r.rider!, createdAt: new Date(user.createdAt!.getTime() + rand.int(1, 20) * HOUR) }));
  });
}

/** Each rider saves the nearest few upcoming events, plus one big one to dream about. */
function buildSaved(rand: Random, today: number, userRows: UserRow[], eventRows: EventRow[]) {
  const upcoming = eventRows.filter((e) => e.date >= isoDate(today) && e.showbillApproved);
  const bigOnes = upcoming.filter((e) => (e.addedMoney ?? 0) >= 10000);
  return USERS.filter((u) => u.runners.length).flatMap((spec) => {
    const user = userRows.find((u) => u.email === emailOf(spec.key))!;
    const home = place(spec.zip);
    const nearest = [...upcoming]
      .map((e) => ({ e, miles: distanceMiles(home, pointOf(e)) }))
      .filter((x) => x.miles <= 400)
      .sort((a, b) => a.miles - b.miles)
      .slice(0, rand.int(2, 5))
      .map((x) => x.e);
    const picks = new Set([...nearest, ...(rand.chance(0.5) && bigOnes.length ? [rand.pick(bigOnes)] : [])]);
    // The demo rider has saved the postponed event too, so My Events shows one with its reason.
    if (spec.key === MAIN_USER) for (const e of upcoming) if (e.status === "POSTPONED") picks.add(e);
    return [...picks].map((e) => ({
      userId: user.id,
      eventId: e.id,
      savedAt: new Date(today - rand.int(1, 18) * DAY + rand.int(12, 23) * HOUR),
    }));
  });
}

/** Who follows whom: a small, believable circle around the main demo rider. */
const FOLLOWS: Array<[string, string]> = [
  ["kaylee", "jessie"], ["jessie", "kaylee"], ["kaylee", "cody"], ["cody", "kaylee"],
  ["renee", "kaylee"], ["tara", "kaylee"], ["kaylee", "renee"], ["marisol", "kaylee"],
  ["kaylee", "hank"], ["jessie", "cody"], ["cody", "jessie"], ["tara", "renee"],
  ["renee", "tara"], ["brynn", "cody"], ["brynn", "renee"], ["marisol", "cody"],
  ["hank", "cody"], [ADMIN_USER, "hank"], ["wade", ADMIN_USER], ["jessie", "brynn"], ["renee", "brynn"],
];
const PENDING_REQUESTS: Array<[string, string]> = [["brynn", "kaylee"], ["wade", "kaylee"], ["cody", "tara"]];
const REJECTED_REQUESTS: Array<[string, string]> = [["hank", "marisol"]];

function buildSocial(rand: Random, today: number, ids: Map<string, string>) {
  const privacy = new Map(USERS.map((u) => [u.key, u.privacyMode]));
  const when = (minDays: number, maxDays: number) => new Date(today - rand.int(minDays, maxDays) * DAY + rand.int(12, 23) * HOUR);
  const followRows: Demo["follows"] = [];
  const requestRows: Demo["requests"] = [];
  for (const [from, to] of FOLLOWS) {
    const createdAt = when(20, 170);
    followRows.push({ followerId: ids.get(from)!, followingId: ids.get(to)!, createdAt });
    // An invite-only rider approved these, so the history shows the request too.
    if (privacy.get(to) === "INVITE_ONLY") {
      requestRows.push({
        requesterId: ids.get(from)!, targetId: ids.get(to)!, status: "APPROVED",
        createdAt: new Date(createdAt.getTime() - rand.int(2, 40) * HOUR), respondedAt: createdAt,
      });
    }
  }
  for (const [from, to] of REJECTED_REQUESTS) {
    const createdAt = when(30, 90);
    requestRows.push({ requesterId: ids.get(from)!, targetId: ids.get(to)!, status: "REJECTED", createdAt, respondedAt: new Date(createdAt.getTime() + DAY) });
  }
  for (const [from, to] of PENDING_REQUESTS) {
    requestRows.push({ requesterId: ids.get(from)!, targetId: ids.get(to)!, status: "PENDING", createdAt: when(1, 4) });
  }
  return { follows: followRows, requests: requestRows };
}

function buildDemo(today: number, passwordHash: string): Demo {
  const rand = new Random(SEED);
  const userRows = buildUsers(rand, today, passwordHash);
  const ids = new Map(USERS.map((u, i) => [u.key, userRows[i]!.id]));
  const eventRows = buildEvents(rand, today, ids);
  return {
    users: userRows,
    riders: buildRiders(rand, userRows),
    events: eventRows,
    runs: buildRuns(rand, today, userRows, eventRows),
    saved: buildSaved(rand, today, userRows, eventRows),
    ...buildSocial(rand, today, ids),
  };
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

function insertRiders(tx: Tx, demo: Demo) {
  const ids = new Map<string, number>();
  for (const r of demo.riders) {
    const user = demo.users.find((u) => u.email === emailOf(r.userKey))!;
    const row = tx.insert(riders).values({ userId: user.id, name: r.name, createdAt: r.createdAt }).returning({ id: riders.id }).get();
    ids.set(`${user.id}/${r.name}`, row.id);
  }
  return ids;
}

function insertNotifications(tx: Tx, demo: Demo, requestIds: number[], today: number) {
  const byId = new Map(demo.users.map((u) => [u.id, u]));
  const pending = demo.requests
    .map((r, i) => ({ ...r, id: requestIds[i]! }))
    .filter((r) => r.status === "PENDING");
  const rows: Array<typeof notifications.$inferInsert> = pending.map((r) => {
    const requester = byId.get(r.requesterId)!;
    // Named as the app names them (nameSeenBy): in full when Public; the pending requesters are not followed back.
    const requesterName = requester.privacyMode === "PUBLIC" ? `${requester.firstName} ${requester.lastName}` : requester.firstName;
    return {
      userId: r.targetId, type: "follow_request", title: FOLLOW_REQUEST_WORDS.title,
      message: `${requesterName} ${FOLLOW_REQUEST_WORDS.asks}`,
      metadata: { requestId: r.id, requesterName, requesterProfileUrl: `/profile/${requester.id}` },
      createdAt: r.createdAt,
    };
  });
  const announcements = [
    {
      title: "Welcome to Cloverleaf",
      message: "Find barrel races near you, log every run and watch your horse improve. Questions? Reply to any announcement.",
      daysAgo: 40, read: true,
    },
    {
      title: "Showbills reviewed within a day",
      message: "Event showbills are now reviewed within 24 hours. Add your event and it goes live as soon as it's approved.",
      daysAgo: 2, read: false,
    },
  ];
  for (const a of announcements) {
    for (const u of demo.users) {
      rows.push({
        userId: u.id, type: "admin", subtype: "announcement", title: a.title, message: a.message,
        isRead: a.read, createdAt: new Date(today - a.daysAgo * DAY + 15 * HOUR),
      });
    }
  }
  const jessie = demo.users.find((u) => u.email === emailOf("jessie"))!;
  const kaylee = demo.users.find((u) => u.email === emailOf(MAIN_USER))!;
  const shared = demo.events.find((e) => e.name === "Will Rogers Barrel Bash")!;
  rows.push({
    userId: kaylee.id, type: "shared_event", title: "Jessie shared an event",
    message: `Jessie Raines shared ${shared.name} with you.`, relatedEventId: shared.id,
    metadata: { sharedById: jessie.id, sharedByName: "Jessie Raines" },
    createdAt: new Date(today - DAY + 19 * HOUR),
  });
  tx.insert(notifications).values(rows).run();
  return rows.length;
}

function insertDemo(db: Db, demo: Demo, today: number) {
  return db.transaction((tx) => {
    tx.insert(users).values(demo.users).run();
    // Riders who joined through a friend did so through one of the friend's invite links.
    const joined = new Map<string, number>();
    for (const u of demo.users) if (u.referredBy) joined.set(u.referredBy, (joined.get(u.referredBy) ?? 0) + 1);
    for (const [userId, usageCount] of joined) tx.insert(inviteLinks).values({ userId, code: `demo-${userId.slice(0, 12)}`, usageCount }).run();
    const riderIds = insertRiders(tx, demo);
    tx.insert(events).values(demo.events).run();
    // Each horse a rider logged is a horse record, ridden by the sub-profile that first rode it.
    const horseIds = new Map<string, string>();
    const keyById = new Map(demo.users.map((u) => [u.id, u.email.split("@")[0]]));
    for (const run of demo.runs) {
      const key = `${run.userId}/${run.horseName}`;
      if (!run.horseName || horseIds.has(key)) continue;
      const riderId = run.riderName ? riderIds.get(`${run.userId}/${run.riderName}`)! : null;
      // An id made from the owner and the name: the same demo every time.
      const id = createHash("sha256").update(`horse/${key}`).digest("hex").replace(/^(.{8})(.{4})(.{3})(.{3})(.{12}).*$/, "$1-$2-4$3-a$4-$5");
      const [registeredName, yearFoaled, sex, color] = HORSE_RECORDS[`${keyById.get(run.userId)}/${run.horseName}`] ?? [];
      tx.insert(horses)
        .values({ id, userId: run.userId, name: run.horseName, riderId, registeredName, yearFoaled, sex, color, createdAt: run.createdAt, updatedAt: run.createdAt })
        .run();
      horseIds.set(key, id);
    }
    tx.insert(runLogs)
      .values(
        demo.runs.map(({ riderName, ...run }) => ({
          ...run,
          riderId: riderName ? riderIds.get(`${run.userId}/${riderName}`)! : null,
          horseId: run.horseName ? horseIds.get(`${run.userId}/${run.horseName}`)! : null,
          runAt: run.createdAt,
        })),
      )
      .run();
    tx.insert(savedEvents).values(demo.saved).run();
    tx.insert(follows).values(demo.follows).run();
    const requestIds = demo.requests.map((r) => tx.insert(followRequests).values(r).returning({ id: followRequests.id }).get().id);
    insertOpenRace(tx, demo);
    return insertNotifications(tx, demo, requestIds, today);
  });
}

/**
 * One finished race: the Erath County Jackpot's Open 4D, drawn, timed and
 * published by its producer through the app's own publishing
 * (app/features/raceday/publish.server.ts), so its results are in the demo
 * riders' run logs as official runs, in their notifications, and on the
 * event's public results page. Entries, draw and times come from the seed;
 * the run-log rows publishing adds get ids and creation times from it too,
 * so two seeds still write the same run logs. The race's alert mails went
 * out on race day: none wait to be sent.
 */
function seedFinishedRace(db: Db, demo: Demo) {
  const rand = new Random(SEED ^ 0x4ace);
  const event = demo.events.find((e) => e.name === "Erath County Jackpot")!;
  const producer = demo.users.find((u) => u.email === emailOf("jessie"))!;
  // Race day, from 6 pm local (Central): one run every 90 seconds.
  const start = Date.parse(`${event.date}T23:00:00Z`);
  const at = (minutes: number) => new Date(start + minutes * 60_000);
  const userOf = new Map(demo.users.map((u) => [u.id, u]));
  // Demo riders with a horse of their own ride it (Kaylee both of hers); the rest of the field are walk-ups.
  const mounts = db.select({ id: horses.id, userId: horses.userId, name: horses.name }).from(horses).all();
  const riders = ["kaylee", "cody", "jessie", "tara", "renee", "shelby"]
    .map((key) => demo.users.find((u) => u.email === emailOf(key))!)
    .flatMap((u) => mounts.filter((h) => h.userId === u.id).slice(0, u.email === emailOf(MAIN_USER) ? 2 : 1));
  const walkUps: [string, string][] = [
    ["Lacey Morrow", "Frenchmans Dash"], ["Dee Harmon", "Smoke"], ["Josie Tran", "Lil Bit"], ["Rae Colter", "Chex"],
    ["Mandy Pryor", "Blue"], ["Cassidy Lowe", "Fame On Fire"], ["Kenzie Ward", "Rooster"], ["Tammy Birch", "Dolly"],
    ["Halle Swanson", "Boots"], ["Ava Jeffers", "Tuff"], ["Brooke Dyer", "Slick"], ["Paige Conley", "Reba"],
    ["Sierra Hale", "Guns"], ["Macy Dunn", "Jazzy"], ["Tori Beck", "Pepper"], ["Leah Cordell", "Shorty"],
    ["Jolene Fry", "Bullet"], ["Nora Cates", "Sparky"], ["Wendy Mays", "Hot Rod"], ["Gracie Pitts", "Ruby"],
  ];
  const classId = rand.uuid();
  db.insert(raceClasses)
    .values({
      id: classId, eventId: event.id, name: "Open 4D", entryFeeCents: 3_000, addedMoneyCents: 30_000, producerSharePercent: 20, divisions: 4,
      splitMs: [500], payout: defaultPayout(4), drawSeed: "demo-erath-open-4d", drawnAt: at(-120), drawPublishedAt: at(-120), createdAt: at(-60 * 24 * 7),
    })
    .run();
  const field = [
    ...riders.map((h) => ({ userId: h.userId, riderName: `${userOf.get(h.userId)!.firstName} ${userOf.get(h.userId)!.lastName}`.trim(), horseId: h.id, horseName: h.name })),
    ...walkUps.map(([riderName, horseName]) => ({ userId: null, riderName, horseId: null, horseName })),
  ];
  const order = rand.shuffle(field);
  order.forEach((entry, i) => {
    const id = rand.uuid();
    db.insert(raceEntries)
      .values({ id, eventId: event.id, classId, ...entry, backNumber: 101 + field.indexOf(entry), paid: true, drawPosition: i + 1, dragsBefore: Math.floor(i / 5), createdBy: producer.id, createdAt: at(-60 * 24 * 3 + i) })
      .run();
    // Most run clean between 15 and 17 seconds; a few tip a barrel, one goes off pattern. The demo rider's Sugar had a good night.
    const outcome = i === 7 ? "NT" : "TIME";
    const sugar = entry.horseName === "Sugar" && entry.userId === demo.users.find((u) => u.email === emailOf(MAIN_USER))!.id;
    const timeMs = outcome === "TIME" ? Math.round((sugar ? rand.float(15.3, 15.45) : rand.float(15.05, 17.4)) * 1000) : null;
    const penalties = outcome === "TIME" && rand.chance(0.12) ? 1 : 0;
    db.insert(raceTimes)
      .values({ id: rand.uuid(), eventId: event.id, classId, entryId: id, clientId: `demo-${i}`, outcome, timeMs, penalties, recordedBy: producer.id, recordedAt: at(i * 1.5), receivedAt: at(i * 1.5) })
      .run();
  });
  setClock(at(field.length * 1.5 + 20));
  try {
    publishClass(db, { id: producer.id, isAdmin: false }, event.id, classId);
  } finally {
    setClock(null);
  }
  db.transaction((tx) => {
    // New ids for the official runs, referenced from race_results: checked at the commit.
    tx.run(sql`PRAGMA defer_foreign_keys = ON`);
    const official = tx.select({ id: runLogs.id, entryId: runLogs.raceEntryId, runAt: runLogs.runAt }).from(runLogs).where(eq(runLogs.official, true)).orderBy(runLogs.raceEntryId).all();
    for (const run of official) {
      const id = rand.uuid();
      tx.update(runLogs).set({ id, createdAt: run.runAt }).where(eq(runLogs.id, run.id)).run();
      tx.update(raceResults).set({ runLogId: id }).where(eq(raceResults.runLogId, run.id)).run();
    }
    tx.update(jobs).set({ status: "done", finishedAt: at(field.length * 1.5 + 21) }).where(inArray(jobs.kind, ["alert-email", "alert-push"])).run();
  });
}

// ---------------------------------------------------------------------------
// Race day: an upcoming race with classes and entries open
// ---------------------------------------------------------------------------

/** The upcoming race whose entries are open in the demo: its producer, and who is entered. */
const OPEN_RACE = "Texas Rose Open 4D";

/**
 * Classes and entries on the upcoming race (entries open until its first
 * day): an Open 4D with a sidepot and a Youth 3D, demo riders entered with
 * their horses (a parent for her children), walk-ups the producer took by
 * name, and a timer named for the booth. Nothing drawn yet: the producer
 * draws and publishes from the hub. Ids come from names, so the demo is the
 * same every time.
 */
function insertOpenRace(tx: Tx, demo: Demo) {
  const event = demo.events.find((e) => e.name === OPEN_RACE)!;
  const idOf = (key: string) => createHash("sha256").update(`race/${event.id}/${key}`).digest("hex").replace(/^(.{8})(.{4})(.{3})(.{3})(.{12}).*$/, "$1-$2-4$3-a$4-$5");
  const user = (key: string) => demo.users.find((u) => u.email === emailOf(key))!;
  const producer = demo.users.find((u) => u.id === event.createdBy)!;
  const classes = [
    { key: "open", name: "Open 4D", entryFeeCents: 5000, addedMoneyCents: (event.addedMoney ?? 0) * 100, producerSharePercent: 20, divisions: 4, splitMs: [500], sidepotOf: null as string | null },
    { key: "youth", name: "Youth 3D", entryFeeCents: 2500, addedMoneyCents: 25000, producerSharePercent: 10, divisions: 3, splitMs: [500], sidepotOf: null },
    { key: "sidepot", name: "Open Sidepot", entryFeeCents: 2000, addedMoneyCents: 0, producerSharePercent: 0, divisions: 2, splitMs: [1000], sidepotOf: idOf("class/open") },
  ];
  classes.forEach(({ key, ...c }, position) => {
    tx.insert(raceClasses).values({ ...c, id: idOf(`class/${key}`), eventId: event.id, position, payout: defaultPayout(c.divisions), createdAt: event.createdAt }).run();
  });
  const horseOf = (userId: string, name: string) => tx.select().from(horses).all().find((h) => h.userId === userId && h.name === name)!;
  const riderOf = (userId: string, name: string) => tx.select().from(riders).all().find((r) => r.userId === userId && r.name === name)!;
  const entries: Array<[string, string, string | null, string | null]> = [
    // [class, rider key or walk-up name, horse, sub-profile]
    ["open", "kaylee", "Rebel", null],
    ["open", "kaylee", "Sugar", null],
    ["open", "brynn", "Dually", null],
    ["open", "shelby", "Dolly", null],
    ["open", "Dana Whitlock", "Smokey", null],
    ["open", "Ray Ann Cole", "Twister", null],
    ["open", "Macy Dunn", "Cash", null],
    ["sidepot", "kaylee", "Rebel", null],
    ["youth", "brynn", "Dually", null],
    ["youth", "tara", "Peanut", "Lily"],
    ["youth", "tara", "Buck", "Cooper"],
    ["youth", "Hadley Ross", "Pepper", null],
  ];
  entries.forEach(([cls, who, horseName, subProfile], i) => {
    const account = demo.users.find((u) => u.email === emailOf(who));
    const horse = account ? horseOf(account.id, horseName!) : null;
    const sub = account && subProfile ? riderOf(account.id, subProfile) : null;
    tx.insert(raceEntries)
      .values({
        id: idOf(`entry/${i}`),
        eventId: event.id,
        classId: idOf(`class/${cls}`),
        userId: account?.id ?? null,
        riderId: sub?.id ?? null,
        riderName: account ? (sub ? `${sub.name} ${account.lastName}` : `${account.firstName} ${account.lastName}`) : who,
        horseId: horse?.id ?? null,
        horseName: horseName!,
        paid: i % 3 === 0,
        createdBy: account?.id ?? producer.id,
        createdAt: new Date(event.createdAt!.getTime() + (i + 1) * HOUR),
      })
      .run();
  });
  tx.insert(raceTimers).values({ eventId: event.id, userId: user("hank").id, addedBy: producer.id, createdAt: event.createdAt }).run();
  return { classes: classes.length, entries: entries.length };
}

/**
 * The season: one association series (the Red River Barrel Series) with
 * four finished races counting in it: the Erath County Jackpot published
 * above, and the three Texas and Oklahoma races before it whose Open 4D results are written
 * here directly (computed by the race-day results module from seeded
 * times). The standings are then computed once from scratch, as the
 * office's "recompute" does, so the standings page and the demo rider's
 * road to the finals show real figures. No alerts: this happened before the demo.
 */
function seedSeason(db: Db, demo: Demo, today: number) {
  const rand = new Random(SEED ^ 0x5ea5);
  const erath = demo.events.find((e) => e.name === "Erath County Jackpot")!;
  const admin = demo.users.find((u) => u.email === emailOf(ADMIN_USER))!;
  const kaylee = demo.users.find((u) => u.email === emailOf(MAIN_USER))!;
  const past = demo.events
    .filter((e) => e.id !== erath.id && e.date < erath.date && /, (TX|OK)$/.test(e.location) && e.showbillApproved && e.status !== "CANCELLED")
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 3);
  const races = [...past].reverse();
  const first = races[0]?.date ?? erath.date;
  const seriesId = rand.uuid();
  const endYear = new Date(today + 120 * DAY).getUTCFullYear();
  db.insert(series)
    .values({
      id: seriesId, name: "Red River Barrel Series", startDate: `${first.slice(0, 4)}-01-01`, endDate: `${endYear}-12-31`, classNames: ["Open 4D"],
      pointsTable: DEFAULT_SEASON_RULES.pointsTable, bestOf: null, tieBreakers: [...DEFAULT_SEASON_RULES.tieBreakers], qualifyMinRaces: 3, qualifyTop: 10,
      createdBy: admin.id, createdAt: new Date(Date.parse(`${first}T12:00:00Z`) - 30 * DAY),
    })
    .run();
  for (const e of [...races, erath]) {
    const at = new Date(Date.parse(`${e.date}T12:00:00Z`) - 14 * DAY);
    db.insert(seriesEvents).values({ seriesId, eventId: e.id, status: "APPROVED", requestedBy: e.createdBy ?? null, requestedAt: at, reviewedBy: admin.id, reviewedAt: at }).run();
  }
  // The regulars of the series ride the same horses at every race; Kaylee brings Sugar.
  const mounts = db.select({ id: horses.id, userId: horses.userId, name: horses.name }).from(horses).all();
  const regulars = ["kaylee", "cody", "jessie", "tara", "renee", "shelby"].flatMap((key) => {
    const u = demo.users.find((x) => x.email === emailOf(key))!;
    const horse = key === MAIN_USER ? mounts.find((h) => h.userId === u.id && h.name === "Sugar") : mounts.find((h) => h.userId === u.id);
    return horse ? [{ userId: u.id, riderName: `${u.firstName} ${u.lastName}`.trim(), horseId: horse.id, horseName: horse.name }] : [];
  });
  const walkUps: [string, string][] = [
    ["Lacey Morrow", "Frenchmans Dash"], ["Dee Harmon", "Smoke"], ["Josie Tran", "Lil Bit"], ["Rae Colter", "Chex"], ["Mandy Pryor", "Blue"],
    ["Cassidy Lowe", "Fame On Fire"], ["Kenzie Ward", "Rooster"], ["Tammy Birch", "Dolly"], ["Halle Swanson", "Boots"], ["Ava Jeffers", "Tuff"],
    ["Brooke Dyer", "Slick"], ["Paige Conley", "Reba"], ["Sierra Hale", "Guns"], ["Macy Dunn", "Jazzy"],
  ];
  const rules = { entryFeeCents: 3_000, addedMoneyCents: 25_000, producerSharePercent: 20, divisions: 4, splitMs: [500], payout: defaultPayout(4) };
  for (const e of races) {
    const classId = rand.uuid();
    const publishedAt = new Date(Date.parse(`${e.date}T23:00:00Z`) + 2 * HOUR);
    db.insert(raceClasses).values({ id: classId, eventId: e.id, name: "Open 4D", ...rules, drawSeed: `demo-season-${e.date}`, drawnAt: publishedAt, drawPublishedAt: publishedAt, resultsPublishedAt: publishedAt, resultsVersion: 1, createdAt: new Date(publishedAt.getTime() - 7 * DAY) }).run();
    // Most of the walk-ups come to most races.
    const field = [...regulars, ...walkUps.filter(() => rand.chance(0.8)).map(([riderName, horseName]) => ({ userId: null, riderName, horseId: null, horseName }))];
    const entries = rand.shuffle(field).map((entry, i) => ({ ...entry, id: rand.uuid(), position: i + 1 }));
    const runs = entries.map((entry, i) => {
      const nt = i === 5 || rand.chance(0.05);
      const sugar = entry.userId === kaylee.id;
      return { entryId: entry.id, outcome: nt ? ("NT" as const) : ("TIME" as const), timeMs: nt ? null : Math.round((sugar ? rand.float(15.55, 15.9) : rand.float(15.05, 17.4)) * 1000), penalties: !nt && rand.chance(0.1) ? 1 : 0 };
    });
    const results = computeResults(rules, runs);
    const placed = new Map(results.divisions.flatMap((d) => d.places.map((p) => [p.entryId, { division: d.division, ...p }] as const)));
    entries.forEach((entry, i) => {
      const { id, position, ...names } = entry;
      db.insert(raceEntries).values({ id, eventId: e.id, classId, ...names, backNumber: 200 + i, paid: true, drawPosition: position, dragsBefore: Math.floor((position - 1) / 5), createdAt: new Date(publishedAt.getTime() - 3 * DAY) }).run();
      const run = runs[i]!;
      const p = placed.get(id);
      db.insert(raceResults)
        .values({ entryId: id, classId, eventId: e.id, outcome: run.outcome, timeMs: run.timeMs, penalties: run.penalties, totalMs: p?.totalMs ?? null, division: p?.division ?? null, place: p?.place ?? null, payoutCents: p?.payoutCents ?? 0, publishedAt })
        .run();
    });
  }
  recomputeSeries(db, seriesId);
}

// ---------------------------------------------------------------------------
// The association's members: this year's membership year, about twenty members
// ---------------------------------------------------------------------------

/** Members without an account yet, as the office's imported list has them: [name, kind, paid]. */
const LISTED_MEMBERS: Array<[string, "OPEN" | "SENIOR" | "NON_PRO", boolean]> = [
  ["Lacey Morrow", "OPEN", true], ["Dee Harmon", "SENIOR", true], ["Josie Tran", "OPEN", true], ["Rae Colter", "NON_PRO", true],
  ["Mandy Pryor", "OPEN", false], ["Cassidy Lowe", "OPEN", true], ["Kenzie Ward", "NON_PRO", false], ["Tammy Birch", "SENIOR", true],
  ["Halle Swanson", "OPEN", true],
];

/**
 * This calendar year's membership year (Open, Youth 18 and under, Senior 50
 * and over, Non-pro; numbers CL-0001 on), opened by the association's admin,
 * with about twenty members: the demo rider paid with her card ready, account
 * riders paid and one waiting for the office, a parent's two children as
 * Youth members with their birth dates, and members from the office's list
 * who have no account yet. Ids come from names: the same demo every time.
 */
function seedMembers(db: Db, demo: Demo, today: number) {
  const year = new Date(today).getUTCFullYear();
  const idOf = (key: string) => createHash("sha256").update(`member/${year}/${key}`).digest("hex").replace(/^(.{8})(.{4})(.{3})(.{3})(.{12}).*$/, "$1-$2-4$3-a$4-$5");
  const yearId = idOf("year");
  const kinds = [
    { kind: "OPEN" as const, duesCents: 5000, minAge: null, maxAge: null },
    { kind: "YOUTH" as const, duesCents: 2500, minAge: null, maxAge: 18 },
    { kind: "SENIOR" as const, duesCents: 4000, minAge: 50, maxAge: null },
    { kind: "NON_PRO" as const, duesCents: 4500, minAge: null, maxAge: null },
  ];
  const startDate = `${year}-01-01`;
  db.insert(membershipYears).values({ id: yearId, name: String(year), startDate, endDate: `${year}-12-31`, kinds, numberPrefix: "CL-", createdAt: new Date(Date.parse(startDate) - 30 * DAY) }).run();
  const dues = new Map(kinds.map((k) => [k.kind, k.duesCents]));
  const riderRows = db.select().from(riders).all();
  let next = 1;
  const add = (key: string, m: { holderKey: string; userId: string | null; riderId: number | null; name: string; email: string | null; kind: "OPEN" | "YOUTH" | "SENIOR" | "NON_PRO"; birthDate?: string; paid: boolean; requestedBy?: string | null }, paidDaysAgo: number) => {
    const number = m.paid ? `CL-${String(next++).padStart(4, "0")}` : null;
    if (number) db.insert(memberNumbers).values({ number, holderKey: m.holderKey, createdAt: new Date(today - paidDaysAgo * DAY) }).run();
    const paidAt = new Date(Math.max(Date.parse(startDate), today - paidDaysAgo * DAY) + 15 * HOUR);
    db.insert(memberships)
      .values({
        id: idOf(key), yearId, holderKey: m.holderKey, userId: m.userId, riderId: m.riderId, name: m.name, email: m.email, kind: m.kind, birthDate: m.birthDate ?? null,
        status: m.paid ? "ACTIVE" : "PENDING", number, duesCents: dues.get(m.kind)!, paidMethod: m.paid ? (next % 3 === 0 ? "CHECK" : "CASH") : null, paidReference: m.paid && next % 3 === 0 ? String(1000 + next) : null,
        paidAt: m.paid ? paidAt : null, startsOn: m.paid ? isoDate(paidAt.getTime()) : null, requestedBy: m.requestedBy ?? m.userId, createdAt: new Date(paidAt.getTime() - DAY),
      })
      .run();
  };
  const account = (key: string, kind: "OPEN" | "SENIOR" | "NON_PRO", paid: boolean, paidDaysAgo: number) => {
    const u = demo.users.find((x) => x.email === emailOf(key))!;
    add(key, { holderKey: `u:${u.id}:`, userId: u.id, riderId: null, name: `${u.firstName} ${u.lastName}`, email: u.email, kind, paid }, paidDaysAgo);
  };
  account(MAIN_USER, "OPEN", true, 300);
  account("jessie", "NON_PRO", true, 280);
  account("cody", "OPEN", true, 260);
  account("shelby", "SENIOR", true, 200);
  account("marisol", "OPEN", true, 150);
  account("callie", "NON_PRO", false, 3);
  account("tara", "OPEN", true, 240);
  account("renee", "OPEN", false, 5);
  // A parent's children as Youth members: the guardian asked for them and gave their birth dates.
  const tara = demo.users.find((x) => x.email === emailOf("tara"))!;
  const youths: Array<[string, string]> = [["Lily", `${year - 12}-04-09`], ["Cooper", `${year - 9}-10-22`]];
  for (const [name, birthDate] of youths) {
    const r = riderRows.find((x) => x.userId === tara.id && x.name === name)!;
    add(`youth/${name}`, { holderKey: `u:${tara.id}:${r.id}`, userId: tara.id, riderId: r.id, name: `${name} ${tara.lastName}`, email: null, kind: "YOUTH", birthDate, paid: true }, 240);
  }
  for (const [name, kind, paid] of LISTED_MEMBERS) {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`;
    add(`listed/${name}`, { holderKey: `e:${email}`, userId: null, riderId: null, name, email, kind, paid, requestedBy: null }, 320);
  }
  return db.select({ n: count() }).from(memberships).get()?.n ?? 0;
}

function summary(demo: Demo, notificationCount: number, file: string, memberCount = 0) {
  const states = new Set(demo.events.map((e) => e.location.split(", ")[1]));
  const horses = new Set(demo.runs.map((r) => `${r.userId}/${r.horseName}`));
  const pendingShowbills = demo.events.filter((e) => !e.showbillApproved).length;
  const pendingRequests = demo.requests.filter((r) => r.status === "PENDING").length;
  return [
    `Seeded the demo into ${file}:`,
    `  ${demo.users.length} users (${demo.users.filter((u) => u.isAdmin).length} admin), ${demo.riders.length} rider profiles`,
    `  ${demo.events.length} events in ${states.size} states (${[...states].sort().join(", ")}), ${pendingShowbills} awaiting showbill review`,
    `  ${demo.runs.length} run logs on ${horses.size} horses, ${demo.saved.length} saved events`,
    `  ${demo.follows.length} follows, ${pendingRequests} pending follow requests, ${notificationCount} notifications`,
    `  ${demo.events.filter((e) => e.status === "CANCELLED").length} cancelled and ${demo.events.filter((e) => e.status === "POSTPONED").length} postponed event, 1 saved search ("Alert me") for the demo rider`,
    `  1 paper close to expiry (Rebel's Coggins, in ${PAPER_EXPIRES_IN_DAYS} days) for the demo rider`,
    "  1 finished race with published results (Erath County Jackpot, Open 4D) in the riders' run logs",
    `  ${OPEN_RACE}: classes and entries open (producer: ${emailOf("cody")})`,
    "  1 series (Red River Barrel Series, Open 4D) with 4 finished races and its standings",
    `  1 membership year (${new Date().getUTCFullYear()}) with ${memberCount} members, the demo rider's member card among them`,
    "",
    `Demo sign-in:  ${emailOf(MAIN_USER)} / ${DEMO_PASSWORD}`,
    `Admin sign-in: ${emailOf(ADMIN_USER)} / ${DEMO_PASSWORD}`,
    `Every demo account (name@${DEMO_DOMAIN}) uses the same password.`,
  ].join("\n");
}

/** The demo rider's Coggins for Rebel: issued about a year ago, expiring soon, so Horses shows it as expiring. */
const PAPER_EXPIRES_IN_DAYS = 12;
/** A one-page PDF standing in for the scanned certificate. */
const COGGINS_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

async function addDemoPaper(db: Db, userId: string, today: number) {
  const user = db.select().from(users).where(eq(users.id, userId)).get()!;
  const rebel = db.select({ id: horses.id }).from(horses).where(and(eq(horses.userId, userId), eq(horses.name, "Rebel"))).get()!;
  // Through the app's own path: the file checked and stored privately, its reminders queued.
  await addPaper(db, user, rebel.id, { kind: "coggins", issuedOn: isoDate(today - (365 - PAPER_EXPIRES_IN_DAYS) * DAY), expiresOn: isoDate(today + PAPER_EXPIRES_IN_DAYS * DAY) }, new Blob([COGGINS_PDF], { type: "application/pdf" }));
}

async function main() {
  const config = loadConfig();
  const db = openDatabase(config.databaseFile);
  try {
    migrateDatabase(db);
    const existing = db.select({ n: count() }).from(users).get()?.n ?? 0;
    if (existing > 0) {
      console.error(
        `seed-demo: the database at ${config.databaseFile} already has ${existing} user(s).\n` +
          "It only fills an empty database. Point DATA_DIR at a new folder, e.g.\n" +
          "  DATA_DIR=./demo-data npm run seed-demo",
      );
      return 1;
    }
    const today = startOfTodayUtc();
    // One hash for every account: cost 10 is ~0.1 s, and a dozen would only slow the seed.
    const demo = buildDemo(today, bcrypt.hashSync(DEMO_PASSWORD, 10));
    const notificationCount = insertDemo(db, demo, today);
    seedFinishedRace(db, demo);
    seedSeason(db, demo, today);
    const memberCount = seedMembers(db, demo, today);
    // An "Alert me" search of the demo rider's, as Discover's form saves it: barrel races within 200 miles of home, a daily email.
    const kaylee = demo.users.find((u) => u.email === emailOf(MAIN_USER))!;
    const home = { id: kaylee.id, homeZipCode: kaylee.homeZipCode ?? null };
    createSavedSearch(db, home, savedSearchCreateSchema.parse({ name: "Barrel races near home", zipCode: home.homeZipCode, radius: 200, eventType: "barrel_racing", email: "daily" }));
    await addDemoPaper(db, kaylee.id, today);
    // The demo's paid entries as fee records, as the ledger's migration carries them for an existing database.
    carryPaidEntries(db);
    console.log(summary(demo, notificationCount, config.databaseFile, memberCount));
    return 0;
  } finally {
    db.$client.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

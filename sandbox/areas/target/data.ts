// The interest taxonomy of detailed targeting: categories (Interests › topic › subtopic) and
// thousands of interests under them, each with an audience size range. Drawn from the area's own
// stream (area.ts), so adding it moved no other area's data.
import type { Dataset } from '../../dataset';
import { defineIdFamilies, hostileName, makeId } from '../../dataset';
import type { GenContext } from '../../area';

export interface Interest {
  id: string;
  name: string;
  /** the taxonomy path down to the interest itself (the platform's `path`) */
  path: string[];
  topic: string;
  description: string | null;
  lower: number;
  upper: number;
  disambiguation_category?: string;
}

declare module '../../dataset' {
  interface Dataset {
    interests: Map<string, Interest>;
    interestList: Interest[];
  }
  interface Fixtures {
    interests: Record<string, string>;
  }
  interface IdFamilies {
    interest: true;
  }
}

defineIdFamilies({ interest: 6003000000000 });

export const INTEREST_COUNTS = { small: { interests: 3_000 }, large: { interests: 20_000 } };

/** topic → subtopics → seed words; interests are variants of the seeds */
const TAXONOMY: Record<string, Record<string, string[]>> = {
  'Fitness and wellness': {
    Fitness: ['Fitness', 'Physical fitness', 'Fitness boot camp', 'Fitness and wellness', 'CrossFit', 'Weight training'],
    Yoga: ['Yoga', 'Hot yoga', 'Pilates', 'Meditation'],
    Running: ['Running', 'Marathon', 'Jogging', 'Trail running'],
    Bodybuilding: ['Bodybuilding', 'Fitness model', 'Protein supplement'],
    Dieting: ['Dieting', 'Nutrition', 'Healthy diet', 'Low-carb diet'],
  },
  'Shopping and fashion': {
    Clothing: ['Clothing', 'Dresses', 'Sneakers', 'Streetwear', 'Sportswear'],
    Beauty: ['Cosmetics', 'Skin care', 'Perfume', 'Hair care'],
    Shopping: ['Online shopping', 'Coupons', 'Boutiques', 'Luxury goods'],
    Jewelry: ['Jewelry', 'Watches', 'Rings', 'Necklaces'],
  },
  'Technology': {
    Computers: ['Computers', 'Laptops', 'Computer hardware', 'Software'],
    'Consumer electronics': ['Smartphones', 'Tablet computers', 'Headphones', 'Smart watches'],
    Gaming: ['Video games', 'Mobile games', 'Esports', 'PC gaming'],
  },
  'Food and drink': {
    Cooking: ['Cooking', 'Baking', 'Recipes', 'Grilling'],
    Beverages: ['Coffee', 'Tea', 'Wine', 'Craft beer'],
    Restaurants: ['Fast food', 'Fine dining', 'Street food', 'Sushi'],
  },
  'Hobbies and activities': {
    Travel: ['Travel', 'Adventure travel', 'Beaches', 'Air travel'],
    Pets: ['Dogs', 'Cats', 'Pet food', 'Aquariums'],
    Arts: ['Photography', 'Painting', 'Drawing', 'Crafts'],
    'Home and garden': ['Gardening', 'Interior design', 'Furniture', 'Home improvement'],
  },
  'Sports and outdoors': {
    Sports: ['Football', 'Basketball', 'Tennis', 'Badminton', 'Golf'],
    Outdoors: ['Camping', 'Hiking', 'Fishing', 'Cycling', 'Surfing'],
  },
  'Business and industry': {
    Business: ['Entrepreneurship', 'Small business', 'Marketing', 'E-commerce'],
    Finance: ['Investment', 'Stock market', 'Cryptocurrency', 'Personal finance'],
  },
  'Family and relationships': {
    Family: ['Parenting', 'Motherhood', 'Fatherhood', 'Weddings'],
  },
  '娱乐': {
    '音乐': ['流行音乐', '摇滚', '古典音乐', '嘻哈'],
    '影视': ['电影', '电视剧', '动漫', '综艺'],
  },
};

const VARIANTS = ['', ' enthusiasts', ' (hobby)', ' news', ' magazine', ' lovers', ' community', ' tips', ' (sport)', ' (industry)', ' gear', ' events'];

export function generateInterests(data: Dataset, g: GenContext): void {
  const { rng, hostile } = g;
  data.interests = new Map();
  data.interestList = [];
  const total = g.size.interests!;
  data.serial.interest = total;
  const seeds: { topic: string; sub: string; word: string }[] = [];
  for (const [topic, subs] of Object.entries(TAXONOMY)) {
    for (const [sub, words] of Object.entries(subs)) for (const word of words) seeds.push({ topic, sub, word });
  }
  for (let i = 0; i < total; i++) {
    const seed = seeds[i % seeds.length]!;
    const round = Math.floor(i / seeds.length);
    const variant = round === 0 ? '' : `${VARIANTS[round % VARIANTS.length]}${round >= VARIANTS.length ? ` ${Math.floor(round / VARIANTS.length) + 1}` : ''}`;
    const base = `${seed.word}${variant}`;
    const lower = Math.round(rng.float() ** 3 * 400_000_000) + 1000;
    const it: Interest = {
      id: makeId('interest', i),
      name: hostileName(hostile, base, i),
      path: ['Interests', seed.topic, seed.sub, base],
      topic: seed.topic,
      description: rng.chance(0.2) ? `People who have expressed an interest in ${seed.word.toLowerCase()}` : null,
      lower,
      upper: Math.round(lower * (1.15 + rng.float() * 0.2)),
    };
    if (round > 0 && rng.chance(0.1)) it.disambiguation_category = rng.pick(['Sport', 'Magazine', 'Website', 'Product/service']);
    data.interests.set(it.id, it);
    data.interestList.push(it);
  }
  data.fixtures.interests = { fitness: makeId('interest', 0) };
}

/** the name as the platform matches a query: case and accents ignored */
export function searchable(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

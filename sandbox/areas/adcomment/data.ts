// Ads and the page posts behind them, with their comments: some negative (in several languages),
// some with an image, some with a link, and hostile text in a hostile data set. Drawn from the
// area's own stream (area.ts), after the accounts and pages exist; no other area's data moves.
import type { Dataset } from '../../dataset';
import { defineIdFamilies, hostileName, makeId } from '../../dataset';
import { DATA_EPOCH_S } from '../../constants';
import type { GenContext } from '../../area';
import { otherUsers } from '../core/data';
import '../adaccount/data';
import '../page/data';

export interface Ad { id: string; name: string; account: string; post: string; status: 'ACTIVE' | 'PAUSED' }

export interface Post {
  /** `{page}_{post}` */
  id: string;
  page: string;
  message: string;
  title: string | null;
  created_time: number;
}

export interface Comment {
  /** `{post number}_{comment number}` */
  id: string;
  post: string;
  from: string;
  message: string;
  created_time: number;
  image: { src: string; width: number; height: number } | null;
  link: string | null;
  is_hidden: boolean;
  like_count: number;
}

declare module '../../dataset' {
  interface Dataset {
    ads: Map<string, Ad>;
    posts: Map<string, Post>;
    comments: Map<string, Comment>;
  }
  interface Fixtures {
    adcomment: { account: string; posts: string[] };
  }
  interface IdFamilies {
    ad: true;
    post: true;
    comment: true;
  }
}

defineIdFamilies({ ad: 238500000000000, post: 122100000000000, comment: 123400000000000 });

export const ADCOMMENT_COUNTS = { small: { posts: 24, commentsMax: 18 }, large: { posts: 600, commentsMax: 60 } };

const PRAISE = ['Love this!', 'Just ordered one, can\'t wait', 'Great quality, arrived fast', 'Where can I buy it?', 'Looks amazing 😍',
  '质量很好，已经回购了', '发货很快，好评', 'Muy bonito, gracias', 'Super produit !', 'Is there a discount code?', 'Does it come in blue?'];
/** negative comments: what the operators' keyword lists catch (case, accents, CJK, emoji) */
export const NEGATIVE = ['This is a SCAM, do not buy', 'Fake product, total scam!!', 'I want a refund, never arrived', 'Arnaque ! Remboursez-moi',
  'Estafa, no compren', '骗子，退款！', '垃圾产品，别买', 'Terrible quality 💩', 'Scammers everywhere', 'Worst purchase ever. Fraud.'];
const LINK_TEXT = ['Check my page for better deals', 'Cheaper here', 'Win a free iPhone', 'Real reviews'];
const TITLES = ['Summer sale', 'New collection', 'Free shipping', null, null];

export function generateAdComments(data: Dataset, g: GenContext): void {
  const { rng, hostile } = g;
  data.ads = new Map();
  data.posts = new Map();
  data.comments = new Map();
  const session = data.sessionUserId;
  // accounts the session user holds a role on, and pages it can moderate
  // the fixture account and page first (their ids do not depend on the seed), then others the session user holds a role on
  const fixed = data.accounts.get(data.fixtures.adaccounts.active!)!;
  const mainPage = data.pages.get(data.fixtures.pages.main!)!;
  const accounts = [fixed, ...data.accountList.filter((a) => a !== fixed && a.users.some((u) => u.uid === session) && a.account_status === 1).slice(0, 3)];
  const pages = [mainPage, ...data.pageList.filter((p) => p !== mainPage && p.roles.some((r) => r.uid === session))];
  const people = otherUsers(data);
  const total = g.size.posts!;
  data.serial.post = total;
  let commentSerial = 0;
  let adSerial = 0;
  const posts: string[] = [];
  for (let i = 0; i < total; i++) {
    const page = i < 3 ? mainPage : pages[i % Math.min(pages.length, 6)]!;
    const postNum = makeId('post', i);
    const post: Post = {
      id: `${page.id}_${postNum}`, page: page.id,
      message: hostileName(hostile, rng.pick(['Our new arrivals are here', 'Limited offer this week', '限时优惠，快来选购', 'Best seller is back in stock']), i),
      title: rng.pick(TITLES),
      created_time: DATA_EPOCH_S - rng.int(1, 90) * 86400,
    };
    data.posts.set(post.id, post);
    posts.push(post.id);
    const account = i < 3 ? fixed : accounts[i % accounts.length]!;
    const ad: Ad = { id: makeId('ad', adSerial++), name: `Ad ${i + 1} · ${post.title ?? 'Post'}`, account: account.id, post: post.id, status: rng.chance(0.8) ? 'ACTIVE' : 'PAUSED' };
    data.ads.set(ad.id, ad);
    // a second ad on the same post: the area lists a post once
    if (i % 5 === 0) {
      const again: Ad = { ...ad, id: makeId('ad', adSerial++), name: `${ad.name} (copy)` };
      data.ads.set(again.id, again);
    }
    const n = i < 3 ? 8 + i : rng.int(0, g.size.commentsMax!);
    for (let c = 0; c < n; c++) {
      const kind = i < 3 ? (['negative', 'praise', 'image', 'link', 'negative', 'praise', 'negative', 'praise', 'image', 'praise'] as const)[c]!
        : rng.weighted([['praise', 6], ['negative', 2], ['image', 1], ['link', 1]] as const);
      const num = makeId('comment', commentSerial);
      const comment: Comment = {
        id: `${postNum}_${num}`, post: post.id, from: rng.pick(people),
        message: kind === 'negative' ? rng.pick(NEGATIVE) : kind === 'link' ? `${rng.pick(LINK_TEXT)} https://deals-${c}.example.test/promo` : kind === 'image' ? rng.pick(['', 'See the photo', '看图']) : rng.pick(PRAISE),
        created_time: post.created_time + rng.int(60, 86400 * 5),
        image: kind === 'image' ? { src: `https://scontent.example.test/c/${num}.jpg`, width: 720, height: 540 } : null,
        link: kind === 'link' ? `https://deals-${c}.example.test/promo` : null,
        is_hidden: false,
        like_count: rng.int(0, 30),
      };
      comment.message = hostileName(hostile, comment.message, commentSerial);
      commentSerial += 1;
      data.comments.set(comment.id, comment);
    }
  }
  data.serial.ad = adSerial;
  data.serial.comment = commentSerial;
  data.fixtures.adcomment = { account: fixed.id, posts: posts.slice(0, 3) };
}

// The keyword matcher of the ad-post comments area (plugins/adcomment/matcher.ts): case, accents,
// CJK, emoji, word boundaries, prefixes, and the image and link rules.
import { describe, expect, it } from 'vitest';
import { foldText, hasLink, keywordMatcher, ruleMatcher } from '../matcher';

describe('keyword matching', () => {
  it('ignores case', () => {
    const m = keywordMatcher(['scam', 'Refund']);
    expect(m('This is a SCAM')).toEqual(['scam']);
    expect(m('i want my REFUND now')).toEqual(['Refund']);
  });

  it('ignores accents both ways, and full-width forms', () => {
    expect(keywordMatcher(['arnaque'])('Arnaqué !')).toEqual(['arnaque']);
    expect(keywordMatcher(['remboursé'])('Remboursez-moi, rembourse')).toEqual(['remboursé']);
    expect(keywordMatcher(['scam'])('ＳＣＡＭ')).toEqual(['scam']);
    expect(foldText('Ça  VA\tbien')).toBe('ca va bien');
  });

  it('keeps word boundaries for words of spaced scripts', () => {
    const m = keywordMatcher(['scam']);
    expect(m('scampi with garlic')).toEqual([]);
    expect(m('antiscam team')).toEqual([]);
    expect(m('scam!')).toEqual(['scam']);
    expect(m('(scam)')).toEqual(['scam']);
    expect(m('scam_')).toEqual(['scam']);
    expect(keywordMatcher(['fake product'])('a FAKE   product indeed')).toEqual(['fake product']);
    expect(keywordMatcher(['мошенник'])('мошенники')).toEqual([]);
    expect(keywordMatcher(['мошенник'])('это мошенник!')).toEqual(['мошенник']);
  });

  it('takes a trailing * as a prefix', () => {
    expect(keywordMatcher(['scam*'])('Scammers everywhere')).toEqual(['scam*']);
    expect(keywordMatcher(['scam*'])('antiscammers')).toEqual([]);
  });

  it('matches CJK anywhere, without boundaries', () => {
    const m = keywordMatcher(['骗子', '退款', 'ゴミ']);
    expect(m('这家是骗子，退款！')).toEqual(['骗子', '退款']);
    expect(m('大骗子们')).toEqual(['骗子']);
    expect(m('完全にゴミです')).toEqual(['ゴミ']);
    expect(m('好评')).toEqual([]);
  });

  it('matches emoji, also next to letters', () => {
    const m = keywordMatcher(['💩', '👎🏻']);
    expect(m('Terrible quality💩')).toEqual(['💩']);
    expect(m('meh 👎🏻')).toEqual(['👎🏻']);
    expect(m('meh 👍')).toEqual([]);
  });

  it('ignores blank keywords and treats regex characters literally', () => {
    expect(keywordMatcher(['', '  ', '*'])('anything')).toEqual([]);
    expect(keywordMatcher(['a.b'])('axb')).toEqual([]);
    expect(keywordMatcher(['a.b'])('see a.b here')).toEqual(['a.b']);
    expect(keywordMatcher(['$$$'])('win $$$ now')).toEqual(['$$$']);
  });
});

describe('image and link rules', () => {
  it('finds links in attachments and in the text', () => {
    expect(hasLink({ message: 'cheaper at https://deals.example.test/x' })).toBe(true);
    expect(hasLink({ message: 'go to www.example.test' })).toBe(true);
    expect(hasLink({ message: 'visit cheap-bags.shop today' })).toBe(true);
    expect(hasLink({ message: 'no link here. Thanks' })).toBe(false);
    expect(hasLink({ message: '', link: 'https://x.example.test' })).toBe(true);
  });
  it('answers the reason a rule matched', () => {
    expect(ruleMatcher({ kind: 'images' })({ message: '', image: 'https://img' })).toEqual(['image']);
    expect(ruleMatcher({ kind: 'images' })({ message: 'hi' })).toBeNull();
    expect(ruleMatcher({ kind: 'keywords', words: ['scam'] })({ message: 'SCAM' })).toEqual(['scam']);
    expect(ruleMatcher({ kind: 'keywords', words: ['scam'] })({ message: 'fine' })).toBeNull();
  });
});

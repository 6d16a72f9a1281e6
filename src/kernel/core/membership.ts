import type { TFunction } from 'i18next';

/** The membership levels the product names in words (docs/SPEC.md, payment); an admin-made level shows as written. */
const KNOWN_LEVELS = ['free', 'pro', 'team'] as const;

/** A membership level as operators read it: "Pro" / "专业版", never the stored code. */
export function membershipLevelLabel(level: string | null | undefined, t: TFunction): string {
  if (!level) return t('kernel:membershipLevel.none');
  return (KNOWN_LEVELS as readonly string[]).includes(level) ? t(`kernel:membershipLevel.${level}`) : level;
}

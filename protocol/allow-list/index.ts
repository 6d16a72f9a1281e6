/**
 * THE allow-list of platform calls (docs/INTERFACES.md section 4): one section per area, enforced by
 * the extension's executor and the demo transport alike. An area adds its calls here, in its own
 * section, with the release of the extension that carries them (docs/PLUGINS.md "Adding a platform call").
 */
import { adaccount } from './adaccount';
import { adcomment } from './adcomment';
import { bm } from './bm';
import { core } from './core';
import { friend } from './friend';
import { page } from './page';
import { pixel } from './pixel';
import { target } from './target';
import type { AllowedCall, AllowListSection } from './types';

export const ALLOW_LIST_SECTIONS: readonly AllowListSection[] = [core, adaccount, bm, target, adcomment, friend, pixel, page];
export const ALLOW_LIST: readonly AllowedCall[] = ALLOW_LIST_SECTIONS.flatMap((s) => s.calls);

export { checkCall, checkRequest, GRAPHQL_FIELDS } from './check';
export { checkShape } from './variables';
export type { CallCheck, CallToCheck } from './check';
export type { AllowedCall, AllowListSection, CallMethod, PlatformHost, VarKind, VarShape } from './types';

/**
 * The kernel's public API: the only kernel module a plugin may import (as `@kernel`).
 */
import { lazyPart } from './shell/lazy-part';
import type { WatchType } from '../../protocol/api/watch';
import type { EvidenceButtonProps } from './list/EvidenceButton';
import type { TeamNameFormProps } from './shell/TeamNameForm';
export { definePlugin, defineAction } from './plugin/define-plugin';
export type { ParamsOf } from './plugin/define-plugin';
export type {
  PluginManifest, PluginRoute, PluginView, PluginAction, PluginWidget, ActionContext, PrepareContext, ActionHandlers, ActionModule,
  PreflightProblem, PairItem, ObjectState, ObjectSourceDeclaration, UndoHandlers, UndoReadContext, ViewProps, WidgetProps, FollowedSelection, LazyComponent, LocaleTree, SupportedLocale, LoadedPlugin, RefusedPlugin,
  NeedDeclaration, NeedCounter, NeedCounters, NeedContext, PluginNeed, WatchDeclaration, WatchModule, WatchSnapshotRow, PluginWatch, WatchCheck, WatchCheckContext, WatchCheckDeclaration,
} from './plugin/types';
export type { KernelContext, KernelUser } from './context-types';
export { readNodeFields, stateOf } from './graph/read-states';
export { fieldStates, groupedStates, tasksOf, tasksRead, tasksState } from './plugin/field-states';
export { itemIdOf } from './jobs/item';
export { canAccess, hasPermission } from './plugin/roles';
export { useKernel, useBus } from './KernelProvider';
export type { KernelBus, KernelEvents } from './bus';
export type { KernelStore } from './store/store';
export { cached, readCached, clearCached, identityKey, LIST_TTL_MS } from './store/ttl-cache';
export { getItem, setItem, removeItem } from './storage';
export { getPluginSettings, setPluginSettings, usePluginSetting } from './plugin/plugin-settings';
export { useAreaList } from './list/use-area-list';
export { SharedListsNote, useSharedListsReadOnly } from './list/SharedListsNote';
export { useCachedList, useCachedLists, useCacheLoading, useCacheLoadState } from './list/use-cached-list';
export { recordSnapshot, readSnapshots, countBy } from './store/snapshots';
export { useListSnapshot, useSnapshots } from './list/snapshots';
export type { Snapshot } from './store/snapshots';
export type { AreaList, AreaListOptions, ListLoadContext } from './list/use-area-list';
export type { ListProgress } from './list/list-stream';
export { outputOf, outputsOf, latestOutput, readRowOutputs } from './list/row-outputs';
export type { FoundOutput, RowOutput, RowOutputs } from './list/row-outputs';
export { foundColumn } from './list/found-column';
export type { FoundColumn } from './list/found-column';
export { ListStatus, ListButtons, ToolbarButtons } from './list/ListChrome';
export { useSections, SectionView, SECTION_ROWS } from './list/sections';
export { codeWord, codeWordFilter, formatCount, regionName, COUNT_CHARS } from './code-words';
export { useVocabulary, RouteLink } from './list/words';
export type { Section, Sections, SectionReads } from './list/sections';
export type { ToolbarAction } from './table/TableToolbar';
export type { StorageKey, StorageSchema } from './storage';
export { DataTable, loadCsv } from './table';
export type { DataColumn, DataTableProps } from './table';
/**
 * The tiled workspace, as a part whose code (react-mosaic with its drag and drop) loads when the
 * workspace screen first shows it: every screen that imports `@kernel` (the dashboard's widgets among
 * them) would otherwise download it (docs/DECISIONS.md, "The workspace on its own screen").
 */
export const Workspace = /* @__PURE__ */ lazyPart<object>(async () => (await import('./workspace/Workspace')).Workspace, 'Workspace', { allStrings: true });
export { WidgetBoard } from './shell/WidgetBoard';
export { ListLoadState, ListNotCached, FiguresTable } from './shell/dashboard/ListLoadState';
export type { Figure } from './shell/dashboard/ListLoadState';
export { DashboardChecks, DashboardOverview } from './shell/dashboard/DashboardOverview';
export { HistorySoFar } from './shell/dashboard/HistorySoFar';
export { PlatformCheckScreen } from './check/PlatformCheckScreen';
export { defineProbes } from './plugin/call-families';
export type { CallFamilyDeclaration, CallKind, Probe, ProbeContext } from './plugin/call-families';
export { expectRows, expectObject, shapeProblems, ReplyChanged } from './platform/shape';
export type { Shape, ShapeProblem, FieldType } from './platform/shape';
export { NotBuiltYet } from './shell/NotBuiltYet';
/**
 * An object's history for its detail panel: the watch's timeline (issue 34) and, in a second tab, the audit
 * entries of what Tessera's jobs wrote to it (read only once that tab is chosen); a part whose code loads
 * when it first shows, the timeline's code with it.
 */
export const ObjectHistory = /* @__PURE__ */ lazyPart<{ type: WatchType; id: string }>(async () => (await import('./shell/ObjectHistory')).ObjectHistory, 'ObjectHistory', { allStrings: true });
/** The watch's change feed (issue 34), a part whose code loads when it first shows. */
export const WatchFeed = /* @__PURE__ */ lazyPart<object>(async () => (await import('./list/WatchChanges')).WatchFeed, 'WatchFeed', { allStrings: true });
/** The operator's scheduled checks, each on or off and how often (issue 34 item 4), for the watch's settings screen. */
export const WatchChecksSettings = /* @__PURE__ */ lazyPart<object>(async () => (await import('./list/WatchChecksSettings')).WatchChecksSettings, 'WatchChecksSettings', { allStrings: true });
/**
 * An object's appeal evidence (issue 34 item 5): a button for a detail panel, in the timeline's chunk
 * (the panels show both; a chunk of its own split react-i18next out of the first screen's code); the
 * code that reads and writes the evidence loads on the click.
 */
export const EvidenceButton = /* @__PURE__ */ lazyPart<EvidenceButtonProps>(async () => (await import('./list/WatchChanges')).EvidenceButton, 'EvidenceButton', { allStrings: true });
export type { EvidenceActivity, EvidenceContext, EvidenceExtras, EvidenceRead, EvidenceRequest, EvidenceSpend } from './list/evidence-types';
export type { WatchType, WatchChange } from '../../protocol/api/watch';
export { Chart } from './shell/Chart';
export type { ChartProps } from './shell/Chart';
export { showToast, updateToast } from './core/toaster';
export { ForbiddenPage, NotFoundPage, ServerErrorPage } from './shell/ErrorPages';
export { useSettings } from './core/settings';
export { membershipLevelLabel } from './core/membership';
export { WEB_VERSION } from './version';
export { useApi } from './KernelProvider';
export { ApiError } from './api/client';
export type { ApiClient, Envelope } from './api/client';
// The product API's endpoints and types (protocol/api/): plugins call them with apiGet/apiPost.
export { API, apiGet, apiPost } from './api/endpoints';
export { activeOrg, setActiveOrg, useActiveOrg, onOrgRemoval, type ActiveOrg, type OrgRemoval } from './core/active-org';
export { noteMyInvites, refreshMyInvites } from './api/my-invites';
export type {
  Endpoint, DataOf, BodyOf, QueryOf, Page, AdminUserView, AdminOrderView, AdminSettings, AnnouncementView, AnnouncementInput, DocCatalogueView,
  LatestRecord, MembershipView, OrderView, OrderStatus, PaymentStart, PolicyView, ReleaseInput, ReleaseSummary, Role, ServiceCatalogue,
  ServiceInput, ServiceKind, ServiceView, UserProfile, UserStatus, ProfilePatch, PlatformView,
} from '../../protocol/api';
export { ROLES, SERVICE_KINDS, GRAPH_VERSION_PATTERN } from '../../protocol/api';
// the watch's rules, channels and quiet hours (plugins/watch's settings screen)
export { WATCH_TYPES, WATCH_FIELDS, WATCH_ID_PATTERN, WATCH_CHANNEL_KINDS } from '../../protocol/api';
export type {
  WatchFieldKind, WatchOp, WatchValue, WatchRuleView, WatchRuleBody, WatchChannelKind, WatchChannelView, WatchChannelBody, WatchQuietHours, WatchSettings,
} from '../../protocol/api';
// teams: members, invitations, the action policy, approvals and the audit log (plugins/team's screens)
export { ORG_HEADER, ORG_ROLES, ORG_NAME_MAX, POLICY_VERDICTS, APPROVAL_STATUSES, AUDIT_EXPORT_PATH } from '../../protocol/api';
export type { OrgRole, OrgView, OrgMemberView, OrgInviteView, OrgPolicy, RolePolicy, PolicyVerdict, ApprovalView, ApprovalStatus, ApprovalPreviewRow, AuditEntry, AuditQuery } from '../../protocol/api';
/**
 * A team's name, checked as the server checks it, and sent (the team menu's "Create a team…" uses the same
 * form): a part whose code loads with the team menu's when it first shows, so the first screen does not carry it.
 */
export const TeamNameForm = /* @__PURE__ */ lazyPart<TeamNameFormProps>(async () => (await import('./shell/TeamMenu')).TeamNameForm, 'TeamNameForm', { allStrings: true });
export type { TeamNameFormProps } from './shell/TeamNameForm';
export { useRuntime } from './api/runtime';
export { refreshRuntime } from './api/refresh-runtime';
export type { RuntimeSettings } from './api/runtime';
export { useSession, patchSession } from './core/session';
export { accountApi } from './auth/account-api';
export type { OwnSession } from './auth/account-api';
export type { UserInfo, SessionState } from './core/session';
export { PAGE_SIZES, isPageSize, currentPageSizes, savePageSizes } from './auth/page-sizes';
export type { PageSizeConfig } from './auth/page-sizes';
export { emailProblem } from './auth/validation';
export { useBridge } from './KernelProvider';
export { GraphError, graphUrl, encodeParams, toGraphError, graphVersion } from './bridge/bridge';
export type { Bridge, GraphCall, Params } from './bridge/bridge';
export { BridgeError } from './bridge/transport';
export type { BridgeTransport, RequestOptions } from './bridge/transport';
export { extractErrorMessage, extractErrorCodes } from './bridge/error-extractor';
export { toastPlatformError } from './platform/error-toast';
export { isFunctionBlocked, platformUserId, useExtensionState, usePlatformUserId } from './bridge/extension-status';
export * from './graph';
export * from './platform';
export { useRunner } from './runner/RunnerHost';
/** The jobs panel, loaded when first shown (it is a table). */
export const JobsView = /* @__PURE__ */ lazyPart<object>(async () => (await import('./runner/JobsView')).JobsView, 'JobsView', { allStrings: true });
export { ObjectActions } from './runner/ObjectActions';
export { splitLines } from './runner/params';
export { RecognisedList, useRecogniser, usePastedList, pastedProblemText } from './runner/Recognised';
export { ObjectPicker, type ObjectPickerProps } from './runner/ObjectPicker';
export { ConfirmJob, ConfirmJobDialog, useConfirmedStart, needsConfirmation, isConfirmed } from './runner/ConfirmJob';
export type { ConfirmRequest } from './runner/ConfirmJob';
export type { PastedList } from './runner/Recognised';
export { LANE_PROFILES } from './runner/lanes';
export type { JobItem, JobRow, ItemRow } from './runner/types';
export type { Draft } from './runner/draft';
export { useReturnFocus } from './core/focus-return';

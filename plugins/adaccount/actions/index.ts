import type { PluginAction } from '@kernel';
import { renameAction } from './rename';
import { addUserAction } from './add-user';
import { removeUserAction } from './remove-user';
import { shareAgencyAction } from './share-agency';
import { listAgenciesAction } from './list-agencies';
import { removeAgencyAction } from './remove-agency';
import { setSpendCapAction } from './set-spend-cap';
import { deleteSpendCapAction } from './delete-spend-cap';
import { changeCurrencyAction } from './change-currency';
import { changeTimezoneAction } from './change-timezone';
import { updateBusinessInfoAction } from './update-business-info';
import { billingAction } from './billing';
import { detectHiddenAdminsAction } from './detect-hidden-admins';
import { removeHiddenAdminsAction } from './remove-hidden-admins';
import { appealStatusAction } from './appeal-status';
import { appealSubmitAction } from './appeal-submit';
import { assignToBusinessAction } from './assign-to-business';
import { requestAccessAction } from './request-access';
import { countryCodeAction } from './country-code';

/** Every bulk action of the ad-account area (issue 6, item 3), in menu order. */
export const adAccountActions: PluginAction<any, any>[] = [
  renameAction,
  addUserAction,
  removeUserAction,
  shareAgencyAction,
  listAgenciesAction,
  removeAgencyAction,
  setSpendCapAction,
  deleteSpendCapAction,
  changeCurrencyAction,
  changeTimezoneAction,
  updateBusinessInfoAction,
  countryCodeAction,
  billingAction,
  detectHiddenAdminsAction,
  removeHiddenAdminsAction,
  appealStatusAction,
  appealSubmitAction,
  assignToBusinessAction,
  requestAccessAction,
];

import PageList from './PageList';

/** Page disable (/page/disable): bulk deactivate for 7 days and reactivate, with each page's state. */
export default function DisableScreen() {
  return <PageList tileId="route:/page/disable" mode="disable" />;
}

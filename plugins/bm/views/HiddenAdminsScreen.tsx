import BusinessList from './BusinessList';

/** The BM hidden-administrator screen (/bm/hidden-admins). */
export default function HiddenAdminsScreen() {
  return <BusinessList tileId="route:/bm/hidden-admins" hiddenAdmins />;
}

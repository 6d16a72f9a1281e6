/** The area's list caches (12 hours like every list). */
export const RECEIVED_KEY = 'friend:received';
export const SENT_KEY = 'friend:sent';
export const ALL_KEY = 'friend:requests';

export const CALENDAR_PATH = '/calendar';
export const changePath = (id: number) => `/change-appointment/${id}`;

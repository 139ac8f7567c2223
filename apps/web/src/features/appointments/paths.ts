export const CALENDAR_PATH = '/calendar';
export const APPOINTMENTS_PATH = '/appointments';
export const changePath = (id: number) => `/change-appointment/${id}`;

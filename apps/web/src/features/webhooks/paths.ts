/** Where the webhooks screen lives; one constant, so the section can move into another screen in one edit. */
export const WEBHOOKS_PATH = '/webhooks';

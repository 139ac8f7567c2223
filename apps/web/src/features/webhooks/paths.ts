/** Where the webhooks section lives: on *Koppelingen*, beside the systems that book (issue 36 item 1). */
export const WEBHOOKS_PATH = '/integrations';

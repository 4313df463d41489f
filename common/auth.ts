/** The signed-in admin as the server and the pages know it (ARCHITECTURE.md "Security"). */

export type AdminIdentity = { id: number; username: string };

/** Clear Admin Data and its export (admin spec §2 "Top bar", §5 "Confirmations"). */

/** The word the admin types to confirm Clear Admin Data (issue 6 "Shell"). */
export const CLEAR_DATA_CONFIRM_WORD = "CLEAR";

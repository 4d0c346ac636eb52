/** Names both sides agree on: where read models live and how the projector reports progress. */
export const READ_MODEL_SCHEMA = 'rm';
export const CHECKPOINT = 'read-models';
/** NOTIFY channel; the payload is the position the projector has just passed ("commit/prepare"). */
export const PROJECTED_CHANNEL = 'waldkita_projected';

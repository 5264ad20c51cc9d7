-- Idempotent demo deliveries: the signed transaction is recorded (raw_tx, tx_hash) BEFORE it is
-- broadcast, so a restart re-sends or confirms that same transaction and never pays twice.
-- usd_total feeds the per-address cap; 'failed' ends a session whose delivery reverted.
ALTER TABLE onramp_sessions ADD COLUMN raw_tx text;
ALTER TABLE onramp_sessions ADD COLUMN usd_total numeric;
ALTER TABLE onramp_sessions DROP CONSTRAINT onramp_sessions_status_check;
ALTER TABLE onramp_sessions ADD CONSTRAINT onramp_sessions_status_check CHECK (status IN ('created', 'processing', 'completed', 'failed'));
CREATE INDEX onramp_sessions_processing ON onramp_sessions (status) WHERE status = 'processing';

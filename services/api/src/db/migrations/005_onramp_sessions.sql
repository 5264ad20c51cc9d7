-- On-ramp sessions (spec section 7, POST /v1/generators/onrampurl): the provider URL carries the
-- opaque id; the demo provider page completes the purchase and records the delivering transaction.
CREATE TABLE onramp_sessions (
  id                   text PRIMARY KEY,
  project_id           text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  provider             text NOT NULL,
  partner_user_id      text NOT NULL,
  address              text NOT NULL,
  chain_id             text NOT NULL,
  asset                text NOT NULL,
  fiat_currency        text NOT NULL DEFAULT 'USD',
  preset_fiat_amount   text,
  preset_crypto_amount text,
  status               text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'processing', 'completed')),
  payment_total        text,
  purchase_amount      text,
  tx_hash              text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  completed_at         timestamptz
);

CREATE INDEX onramp_sessions_address ON onramp_sessions (lower(address), created_at DESC);

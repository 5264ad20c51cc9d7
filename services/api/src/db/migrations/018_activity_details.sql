-- Issue 31 (Activity tells the truth): what the indexer now reads besides transfers (src/indexer/decode.ts).
-- The known function a transaction, or a user operation's first call, calls ('register', 'mint'; null: unknown).
ALTER TABLE chain_txs ADD COLUMN method text;
ALTER TABLE chain_user_operations ADD COLUMN method text;

-- ERC-20 Approval events: `owner` lets `spender` move `amount` of `contract`.
CREATE TABLE chain_approvals (
  chain_id     text NOT NULL,
  tx_hash      text NOT NULL,
  log_index    integer NOT NULL,
  block_number bigint NOT NULL,
  tx_index     integer NOT NULL,
  contract     text NOT NULL,
  owner        text NOT NULL,
  spender      text NOT NULL,
  amount       numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX chain_approvals_block ON chain_approvals (chain_id, block_number);

-- chain_transfers also holds the ETH a swap router pays out (an inner call): standard 'native' at the log index of
-- the unwrap it follows, batch_index 1.

-- The index is derived from the chain: read it again from each chain's start block, so the transactions stored
-- before this have their method, approvals and router payouts too.
DELETE FROM account_activity;
DELETE FROM chain_transfers;
DELETE FROM chain_user_operations;
DELETE FROM chain_txs;
DELETE FROM chain_blocks;
DELETE FROM chain_index_state;

-- ERC-4337 user operations (issue 12): one row per UserOperationEvent of an allow-listed EntryPoint
-- (src/indexer/decode.ts ENTRY_POINTS). The native value an operation's calls send is in chain_transfers
-- (standard 'native', log_index = the event's log index, batch_index = the call's position).
CREATE TABLE chain_user_operations (
  chain_id     text NOT NULL,
  tx_hash      text NOT NULL,
  log_index    integer NOT NULL,
  user_op_hash text NOT NULL,
  sender       text NOT NULL,
  nonce        numeric(78, 0) NOT NULL, -- key (upper 192 bits) and sequence (lower 64)
  success      boolean NOT NULL,
  target       text,                    -- the first call's target when the call data was read, else null
  block_number bigint NOT NULL,
  tx_index     integer NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX chain_user_operations_block ON chain_user_operations (chain_id, block_number);

-- Blockchain API: the indexer's tables (transactions, transfers, per-account activity),
-- token/NFT metadata caches, operator spam list and the names table.
-- Addresses are stored lower-case 0x-hex; amounts and token ids as numeric(78,0) (uint256).

-- Last fully indexed block per chain (-1: nothing yet).
CREATE TABLE chain_index_state (
  chain_id     text PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash   text,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Hashes of the most recent indexed blocks (pruned), to find the common ancestor after a reorg.
CREATE TABLE chain_blocks (
  chain_id text NOT NULL,
  number   bigint NOT NULL,
  hash     text NOT NULL,
  PRIMARY KEY (chain_id, number)
);

CREATE TABLE chain_txs (
  chain_id     text NOT NULL,
  hash         text NOT NULL,
  block_number bigint NOT NULL,
  tx_index     integer NOT NULL,
  block_time   timestamptz NOT NULL,
  from_address text NOT NULL,
  to_address   text,            -- null: contract creation
  value        numeric(78, 0) NOT NULL,
  nonce        bigint NOT NULL,
  status       smallint NOT NULL, -- 1 success, 0 reverted
  PRIMARY KEY (chain_id, hash)
);
CREATE INDEX chain_txs_block ON chain_txs (chain_id, block_number);

-- Native value transfers (log_index -1), ERC-20 / ERC-721 Transfer, ERC-1155 TransferSingle/Batch
-- (batch_index = position in a TransferBatch, else 0).
CREATE TABLE chain_transfers (
  chain_id     text NOT NULL,
  tx_hash      text NOT NULL,
  log_index    integer NOT NULL,
  batch_index  integer NOT NULL DEFAULT 0,
  block_number bigint NOT NULL,
  tx_index     integer NOT NULL,
  standard     text NOT NULL CHECK (standard IN ('native', 'erc20', 'erc721', 'erc1155')),
  contract     text,
  from_address text NOT NULL,
  to_address   text NOT NULL,
  token_id     numeric(78, 0),
  amount       numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, log_index, batch_index)
);
CREATE INDEX chain_transfers_block ON chain_transfers (chain_id, block_number);
CREATE INDEX chain_transfers_nft_to ON chain_transfers (chain_id, to_address) WHERE standard IN ('erc721', 'erc1155');
CREATE INDEX chain_transfers_nft_from ON chain_transfers (chain_id, from_address) WHERE standard IN ('erc721', 'erc1155');
CREATE INDEX chain_transfers_token ON chain_transfers (chain_id, contract, token_id) WHERE standard IN ('erc721', 'erc1155');

-- One row per (account, transaction) the account took part in: the history page index.
CREATE TABLE account_activity (
  chain_id     text NOT NULL,
  address      text NOT NULL,
  tx_hash      text NOT NULL,
  block_number bigint NOT NULL,
  tx_index     integer NOT NULL,
  PRIMARY KEY (chain_id, address, tx_hash)
);
CREATE INDEX account_activity_page ON account_activity (chain_id, address, block_number DESC, tx_index DESC);
CREATE INDEX account_activity_block ON account_activity (chain_id, block_number);

-- name()/symbol()/decimals() of contracts seen in transfers and not configured.
CREATE TABLE token_contracts (
  chain_id   text NOT NULL,
  address    text NOT NULL,
  name       text,
  symbol     text,
  decimals   integer,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);

-- tokenURI / uri metadata of NFTs. status: 'ok' | 'error' (retried after a while) | 'skipped' (host not allowed).
CREATE TABLE nft_metadata (
  chain_id   text NOT NULL,
  contract   text NOT NULL,
  token_id   numeric(78, 0) NOT NULL,
  name       text,
  image_url  text,
  status     text NOT NULL,
  error      text,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, contract, token_id)
);

-- Operator spam list, in addition to the chain config's spamContracts.
CREATE TABLE spam_contracts (
  chain_id   text NOT NULL,
  address    text NOT NULL,
  reason     text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);

-- Names (filled by name registration). chain_id null: valid on every eip155 chain.
CREATE TABLE names (
  name       text PRIMARY KEY,
  address    text NOT NULL,
  chain_id   text,
  avatar     text,
  attributes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX names_address ON names (lower(address), updated_at DESC);

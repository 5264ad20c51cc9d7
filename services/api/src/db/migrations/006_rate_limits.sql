-- Rate-limit counters shared by every API replica on this database (rate-limiter-flexible's
-- RateLimiterPostgres layout; keys are '<ip|project>:<value>', expire in ms since 1970).
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

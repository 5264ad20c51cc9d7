-- Projects (an operator's sites) and the analytics events they send.
CREATE TABLE projects (
  project_id        text PRIMARY KEY,
  -- origin patterns such as 'https://app.example.com', 'https://*.example.com', 'http://localhost:*'
  allowed_origins   text[] NOT NULL DEFAULT '{}',
  analytics_enabled boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE analytics_events (
  id          bigserial PRIMARY KEY,
  project_id  text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  event_id    text NOT NULL,
  url         text NOT NULL,
  domain      text NOT NULL,
  event_time  timestamptz NOT NULL,
  props       jsonb NOT NULL,
  sdk_type    text,
  sdk_version text,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, event_id)
);

CREATE INDEX analytics_events_project_time ON analytics_events (project_id, event_time);

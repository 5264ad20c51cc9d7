/**
 * `GET /api/v1/info`: Mailpit's AppInformation (field names and meanings from its swagger.json and
 * internal/stats/stats.go), filled with what this catcher has. It keeps no database file and never
 * looks for new releases (it runs offline), so `Database` says where the messages are and
 * `LatestVersion` is "disabled", Mailpit's own value when its version check is off.
 */
import packageJson from '../package.json' with { type: 'json' };
import type { MessageStore } from './store';

/** What the SMTP side counts since start (Mailpit's SMTP runtime counters). */
export class SmtpCounters {
  accepted = 0;
  acceptedBytes = 0;
  /** Messages refused after DATA: too large, unreadable or unparseable. */
  rejected = 0;

  countAccepted(bytes: number): void {
    this.accepted++;
    this.acceptedBytes += bytes;
  }

  countRejected(): void {
    this.rejected++;
  }
}

export interface AppInformation {
  Version: string;
  LatestVersion: string;
  Database: string;
  DatabaseSize: number;
  Messages: number;
  Unread: number;
  Tags: Record<string, number>;
  RuntimeStats: {
    Uptime: number;
    Memory: number;
    MessagesDeleted: number;
    SMTPAccepted: number;
    SMTPAcceptedSize: number;
    SMTPRejected: number;
    SMTPIgnored: number;
  };
}

export const CATCHER_VERSION = `portico-mail ${packageJson.version}`;
/** Mailpit's LatestVersion when it does not check for releases (`--disable-version-check`). */
export const LATEST_VERSION_DISABLED = 'disabled';
/** `Database`: there is no database file. */
export const IN_MEMORY_DATABASE = 'memory (not saved)';

export interface InfoSources {
  store: MessageStore;
  smtpCounters: SmtpCounters;
  /** `Date.now()` when the catcher started. */
  startedAt: number;
}

export function appInformation({ store, smtpCounters, startedAt }: InfoSources, now = Date.now()): AppInformation {
  const stats = store.stats();
  return {
    Version: CATCHER_VERSION,
    LatestVersion: LATEST_VERSION_DISABLED,
    Database: IN_MEMORY_DATABASE,
    // The bytes of the messages kept: what a database file would hold.
    DatabaseSize: stats.bytes,
    Messages: stats.total,
    Unread: stats.unread,
    // The catcher has no tags.
    Tags: {},
    RuntimeStats: {
      Uptime: Math.floor((now - startedAt) / 1000),
      // Mailpit reports the memory its runtime holds from the system; the process's resident set is that here.
      Memory: process.memoryUsage.rss(),
      MessagesDeleted: stats.deleted,
      SMTPAccepted: smtpCounters.accepted,
      SMTPAcceptedSize: smtpCounters.acceptedBytes,
      SMTPRejected: smtpCounters.rejected,
      // Mailpit's count of duplicate Message-IDs ignored (`--ignore-duplicate-ids`); this catcher keeps every message.
      SMTPIgnored: 0,
    },
  };
}

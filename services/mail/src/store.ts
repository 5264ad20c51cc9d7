/**
 * The messages received, in memory only, newest first. Bounded by count and by bytes: a new message
 * pushes out the oldest ones until both bounds hold (a mail catcher keeps the latest mail).
 */
import type { MailLimits } from './limits';
import type { StoredMessage } from './message';

export interface Page {
  messages: StoredMessage[];
  /** Messages matching the filter (all of them without one). */
  matched: number;
  /** Unread messages matching the filter. */
  matchedUnread: number;
}

export class MessageStore {
  /** Index 0 is the newest. */
  private readonly messages: StoredMessage[] = [];
  private readonly byId = new Map<string, StoredMessage>();
  private storedBytes = 0;
  /** Messages deleted or pushed out since start (Mailpit's RuntimeStats.MessagesDeleted counts both). */
  private deletedCount = 0;

  constructor(private readonly limits: Pick<MailLimits, 'maxMessages' | 'maxStoredBytes'>) {}

  add(message: StoredMessage): void {
    this.messages.unshift(message);
    this.byId.set(message.ID, message);
    this.storedBytes += message.Size;
    while (this.messages.length > this.limits.maxMessages || this.storedBytes > this.limits.maxStoredBytes) {
      const oldest = this.messages.pop()!;
      this.byId.delete(oldest.ID);
      this.storedBytes -= oldest.Size;
      this.deletedCount++;
    }
  }

  /** `'latest'` is the newest message, as in Mailpit. */
  get(id: string): StoredMessage | undefined {
    return id === 'latest' ? this.messages[0] : this.byId.get(id);
  }

  page(start: number, limit: number, filter: (m: StoredMessage) => boolean = () => true): Page {
    const matching = this.messages.filter(filter);
    return {
      messages: matching.slice(start, start + limit),
      matched: matching.length,
      matchedUnread: matching.filter((m) => !m.Read).length,
    };
  }

  stats(): { total: number; unread: number; bytes: number; deleted: number } {
    return { total: this.messages.length, unread: this.messages.filter((m) => !m.Read).length, bytes: this.storedBytes, deleted: this.deletedCount };
  }

  markRead(message: StoredMessage): void {
    message.Read = true;
  }

  /** Deletes the messages with these ids (unknown ones are ignored), or every message without ids. */
  delete(ids?: readonly string[]): void {
    if (ids === undefined) {
      this.deletedCount += this.messages.length;
      this.messages.length = 0;
      this.byId.clear();
      this.storedBytes = 0;
      return;
    }
    const doomed = new Set(ids);
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i]!;
      if (!doomed.has(m.ID)) continue;
      this.messages.splice(i, 1);
      this.byId.delete(m.ID);
      this.storedBytes -= m.Size;
      this.deletedCount++;
    }
  }
}

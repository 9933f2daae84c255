// The tools of @modelcontextprotocol/server-slack 2025.4.25, as its tools/list published them
// (slack.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface SlackListChannelsInput {
  /**
   * Maximum number of channels to return (default 100, max 200)
   * @default 100
   */
  limit?: number;
  /** Pagination cursor for next page of results */
  cursor?: string;
}

/** List public or pre-defined channels in the workspace with pagination */
export function slackListChannels(input: SlackListChannelsInput): never {
  throw new Error("not implemented");
}

export interface SlackPostMessageInput {
  /** The ID of the channel to post to */
  channel_id: string;
  /** The message text to post */
  text: string;
}

/** Post a new message to a Slack channel */
export function slackPostMessage(input: SlackPostMessageInput): never {
  throw new Error("not implemented");
}

export interface SlackReplyToThreadInput {
  /** The ID of the channel containing the thread */
  channel_id: string;
  /** The timestamp of the parent message in the format '1234567890.123456'. Timestamps in the format without the period can be converted by adding the period such that 6 numbers come after it. */
  thread_ts: string;
  /** The reply text */
  text: string;
}

/** Reply to a specific message thread in Slack */
export function slackReplyToThread(input: SlackReplyToThreadInput): never {
  throw new Error("not implemented");
}

export interface SlackAddReactionInput {
  /** The ID of the channel containing the message */
  channel_id: string;
  /** The timestamp of the message to react to */
  timestamp: string;
  /** The name of the emoji reaction (without ::) */
  reaction: string;
}

/** Add a reaction emoji to a message */
export function slackAddReaction(input: SlackAddReactionInput): never {
  throw new Error("not implemented");
}

export interface SlackGetChannelHistoryInput {
  /** The ID of the channel */
  channel_id: string;
  /**
   * Number of messages to retrieve (default 10)
   * @default 10
   */
  limit?: number;
}

/** Get recent messages from a channel */
export function slackGetChannelHistory(input: SlackGetChannelHistoryInput): never {
  throw new Error("not implemented");
}

export interface SlackGetThreadRepliesInput {
  /** The ID of the channel containing the thread */
  channel_id: string;
  /** The timestamp of the parent message in the format '1234567890.123456'. Timestamps in the format without the period can be converted by adding the period such that 6 numbers come after it. */
  thread_ts: string;
}

/** Get all replies in a message thread */
export function slackGetThreadReplies(input: SlackGetThreadRepliesInput): never {
  throw new Error("not implemented");
}

export interface SlackGetUsersInput {
  /** Pagination cursor for next page of results */
  cursor?: string;
  /**
   * Maximum number of users to return (default 100, max 200)
   * @default 100
   */
  limit?: number;
}

/** Get a list of all users in the workspace with their basic profile information */
export function slackGetUsers(input: SlackGetUsersInput): never {
  throw new Error("not implemented");
}

export interface SlackGetUserProfileInput {
  /** The ID of the user */
  user_id: string;
}

/** Get detailed profile information for a specific user */
export function slackGetUserProfile(input: SlackGetUserProfileInput): never {
  throw new Error("not implemented");
}

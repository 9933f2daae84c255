// The tools of @modelcontextprotocol/server-gitlab 2025.4.25, as its tools/list published them
// (gitlab.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface CreateOrUpdateFileInput {
  /** Project ID or URL-encoded path */
  project_id: string;
  /** Path where to create/update the file */
  file_path: string;
  /** Content of the file */
  content: string;
  /** Commit message */
  commit_message: string;
  /** Branch to create/update the file in */
  branch: string;
  /** Path of the file to move/rename */
  previous_path?: string;
}

/** Create or update a single file in a GitLab project */
export function createOrUpdateFile(input: CreateOrUpdateFileInput): never {
  throw new Error("not implemented");
}

export interface SearchRepositoriesInput {
  /** Search query */
  search: string;
  /** Page number for pagination (default: 1) */
  page?: number;
  /** Number of results per page (default: 20) */
  per_page?: number;
}

/** Search for GitLab projects */
export function searchRepositories(input: SearchRepositoriesInput): never {
  throw new Error("not implemented");
}

export interface CreateRepositoryInput {
  /** Repository name */
  name: string;
  /** Repository description */
  description?: string;
  /** Repository visibility level */
  visibility?: "private" | "internal" | "public";
  /** Initialize with README.md */
  initialize_with_readme?: boolean;
}

/** Create a new GitLab project */
export function createRepository(input: CreateRepositoryInput): never {
  throw new Error("not implemented");
}

export interface GetFileContentsInput {
  /** Project ID or URL-encoded path */
  project_id: string;
  /** Path to the file or directory */
  file_path: string;
  /** Branch/tag/commit to get contents from */
  ref?: string;
}

/** Get the contents of a file or directory from a GitLab project */
export function getFileContents(input: GetFileContentsInput): never {
  throw new Error("not implemented");
}

export interface PushFilesInput {
  /** Project ID or URL-encoded path */
  project_id: string;
  /** Branch to push to */
  branch: string;
  /** Array of files to push */
  files: {
    /** Path where to create the file */
    file_path: string;
    /** Content of the file */
    content: string;
  }[];
  /** Commit message */
  commit_message: string;
}

/** Push multiple files to a GitLab project in a single commit */
export function pushFiles(input: PushFilesInput): never {
  throw new Error("not implemented");
}

export interface CreateIssueInput {
  /** Project ID or URL-encoded path */
  project_id: string;
  /** Issue title */
  title: string;
  /** Issue description */
  description?: string;
  /** Array of user IDs to assign */
  assignee_ids?: number[];
  /** Array of label names */
  labels?: string[];
  /** Milestone ID to assign */
  milestone_id?: number;
}

/** Create a new issue in a GitLab project */
export function createIssue(input: CreateIssueInput): never {
  throw new Error("not implemented");
}

export interface CreateMergeRequestInput {
  /** Project ID or URL-encoded path */
  project_id: string;
  /** Merge request title */
  title: string;
  /** Merge request description */
  description?: string;
  /** Branch containing changes */
  source_branch: string;
  /** Branch to merge into */
  target_branch: string;
  /** Create as draft merge request */
  draft?: boolean;
  /** Allow commits from upstream members */
  allow_collaboration?: boolean;
}

/** Create a new merge request in a GitLab project */
export function createMergeRequest(input: CreateMergeRequestInput): never {
  throw new Error("not implemented");
}

export interface ForkRepositoryInput {
  /** Project ID or URL-encoded path */
  project_id: string;
  /** Namespace to fork to (full path) */
  namespace?: string;
}

/** Fork a GitLab project to your account or specified namespace */
export function forkRepository(input: ForkRepositoryInput): never {
  throw new Error("not implemented");
}

export interface CreateBranchInput {
  /** Project ID or URL-encoded path */
  project_id: string;
  /** Name for the new branch */
  branch: string;
  /** Source branch/commit for new branch */
  ref?: string;
}

/** Create a new branch in a GitLab project */
export function createBranch(input: CreateBranchInput): never {
  throw new Error("not implemented");
}

// The tools of @modelcontextprotocol/server-github 2025.4.8, as its tools/list published them
// (github.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface CreateOrUpdateFileInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Path where to create/update the file */
  path: string;
  /** Content of the file */
  content: string;
  /** Commit message */
  message: string;
  /** Branch to create/update the file in */
  branch: string;
  /** SHA of the file being replaced (required when updating existing files) */
  sha?: string;
}

/** Create or update a single file in a GitHub repository */
export function createOrUpdateFile(input: CreateOrUpdateFileInput): never {
  throw new Error("not implemented");
}

export interface SearchRepositoriesInput {
  /** Search query (see GitHub search syntax) */
  query: string;
  /** Page number for pagination (default: 1) */
  page?: number;
  /** Number of results per page (default: 30, max: 100) */
  perPage?: number;
}

/** Search for GitHub repositories */
export function searchRepositories(input: SearchRepositoriesInput): never {
  throw new Error("not implemented");
}

export interface CreateRepositoryInput {
  /** Repository name */
  name: string;
  /** Repository description */
  description?: string;
  /** Whether the repository should be private */
  private?: boolean;
  /** Initialize with README.md */
  autoInit?: boolean;
}

/** Create a new GitHub repository in your account */
export function createRepository(input: CreateRepositoryInput): never {
  throw new Error("not implemented");
}

export interface GetFileContentsInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Path to the file or directory */
  path: string;
  /** Branch to get contents from */
  branch?: string;
}

/** Get the contents of a file or directory from a GitHub repository */
export function getFileContents(input: GetFileContentsInput): never {
  throw new Error("not implemented");
}

export interface PushFilesInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Branch to push to (e.g., 'main' or 'master') */
  branch: string;
  /** Array of files to push */
  files: {
    path: string;
    content: string;
  }[];
  /** Commit message */
  message: string;
}

/** Push multiple files to a GitHub repository in a single commit */
export function pushFiles(input: PushFilesInput): never {
  throw new Error("not implemented");
}

export interface CreateIssueInput {
  owner: string;
  repo: string;
  title: string;
  body?: string;
  assignees?: string[];
  milestone?: number;
  labels?: string[];
}

/** Create a new issue in a GitHub repository */
export function createIssue(input: CreateIssueInput): never {
  throw new Error("not implemented");
}

export interface CreatePullRequestInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request title */
  title: string;
  /** Pull request body/description */
  body?: string;
  /** The name of the branch where your changes are implemented */
  head: string;
  /** The name of the branch you want the changes pulled into */
  base: string;
  /** Whether to create the pull request as a draft */
  draft?: boolean;
  /** Whether maintainers can modify the pull request */
  maintainer_can_modify?: boolean;
}

/** Create a new pull request in a GitHub repository */
export function createPullRequest(input: CreatePullRequestInput): never {
  throw new Error("not implemented");
}

export interface ForkRepositoryInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Optional: organization to fork to (defaults to your personal account) */
  organization?: string;
}

/** Fork a GitHub repository to your account or specified organization */
export function forkRepository(input: ForkRepositoryInput): never {
  throw new Error("not implemented");
}

export interface CreateBranchInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Name for the new branch */
  branch: string;
  /** Optional: source branch to create from (defaults to the repository's default branch) */
  from_branch?: string;
}

/** Create a new branch in a GitHub repository */
export function createBranch(input: CreateBranchInput): never {
  throw new Error("not implemented");
}

export interface ListCommitsInput {
  owner: string;
  repo: string;
  sha?: string;
  page?: number;
  perPage?: number;
}

/** Get list of commits of a branch in a GitHub repository */
export function listCommits(input: ListCommitsInput): never {
  throw new Error("not implemented");
}

export interface ListIssuesInput {
  owner: string;
  repo: string;
  direction?: "asc" | "desc";
  labels?: string[];
  page?: number;
  per_page?: number;
  since?: string;
  sort?: "created" | "updated" | "comments";
  state?: "open" | "closed" | "all";
}

/** List issues in a GitHub repository with filtering options */
export function listIssues(input: ListIssuesInput): never {
  throw new Error("not implemented");
}

export interface UpdateIssueInput {
  owner: string;
  repo: string;
  issue_number: number;
  title?: string;
  body?: string;
  assignees?: string[];
  milestone?: number;
  labels?: string[];
  state?: "open" | "closed";
}

/** Update an existing issue in a GitHub repository */
export function updateIssue(input: UpdateIssueInput): never {
  throw new Error("not implemented");
}

export interface AddIssueCommentInput {
  owner: string;
  repo: string;
  issue_number: number;
  body: string;
}

/** Add a comment to an existing issue */
export function addIssueComment(input: AddIssueCommentInput): never {
  throw new Error("not implemented");
}

export interface SearchCodeInput {
  q: string;
  order?: "asc" | "desc";
  /** @minimum 1 */
  page?: number;
  /**
   * @minimum 1
   * @maximum 100
   */
  per_page?: number;
}

/** Search for code across GitHub repositories */
export function searchCode(input: SearchCodeInput): never {
  throw new Error("not implemented");
}

export interface SearchIssuesInput {
  q: string;
  order?: "asc" | "desc";
  /** @minimum 1 */
  page?: number;
  /**
   * @minimum 1
   * @maximum 100
   */
  per_page?: number;
  sort?:
    | "comments"
    | "reactions"
    | "reactions-+1"
    | "reactions--1"
    | "reactions-smile"
    | "reactions-thinking_face"
    | "reactions-heart"
    | "reactions-tada"
    | "interactions"
    | "created"
    | "updated";
}

/** Search for issues and pull requests across GitHub repositories */
export function searchIssues(input: SearchIssuesInput): never {
  throw new Error("not implemented");
}

export interface SearchUsersInput {
  q: string;
  order?: "asc" | "desc";
  /** @minimum 1 */
  page?: number;
  /**
   * @minimum 1
   * @maximum 100
   */
  per_page?: number;
  sort?: "followers" | "repositories" | "joined";
}

/** Search for users on GitHub */
export function searchUsers(input: SearchUsersInput): never {
  throw new Error("not implemented");
}

export interface GetIssueInput {
  owner: string;
  repo: string;
  issue_number: number;
}

/** Get details of a specific issue in a GitHub repository. */
export function getIssue(input: GetIssueInput): never {
  throw new Error("not implemented");
}

export interface GetPullRequestInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
}

/** Get details of a specific pull request */
export function getPullRequest(input: GetPullRequestInput): never {
  throw new Error("not implemented");
}

export interface ListPullRequestsInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** State of the pull requests to return */
  state?: "open" | "closed" | "all";
  /** Filter by head user or head organization and branch name */
  head?: string;
  /** Filter by base branch name */
  base?: string;
  /** What to sort results by */
  sort?: "created" | "updated" | "popularity" | "long-running";
  /** The direction of the sort */
  direction?: "asc" | "desc";
  /** Results per page (max 100) */
  per_page?: number;
  /** Page number of the results */
  page?: number;
}

/** List and filter repository pull requests */
export function listPullRequests(input: ListPullRequestsInput): never {
  throw new Error("not implemented");
}

export interface CreatePullRequestReviewInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
  /** The SHA of the commit that needs a review */
  commit_id?: string;
  /** The body text of the review */
  body: string;
  /** The review action to perform */
  event: "APPROVE" | "REQUEST_CHANGES" | "COMMENT";
  /** Comments to post as part of the review (specify either position or line, not both) */
  comments?: (
    | {
        /** The relative path to the file being commented on */
        path: string;
        /** The position in the diff where you want to add a review comment */
        position: number;
        /** Text of the review comment */
        body: string;
      }
    | {
        /** The relative path to the file being commented on */
        path: string;
        /** The line number in the file where you want to add a review comment */
        line: number;
        /** Text of the review comment */
        body: string;
      }
  )[];
}

/** Create a review on a pull request */
export function createPullRequestReview(input: CreatePullRequestReviewInput): never {
  throw new Error("not implemented");
}

export interface MergePullRequestInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
  /** Title for the automatic commit message */
  commit_title?: string;
  /** Extra detail to append to automatic commit message */
  commit_message?: string;
  /** Merge method to use */
  merge_method?: "merge" | "squash" | "rebase";
}

/** Merge a pull request */
export function mergePullRequest(input: MergePullRequestInput): never {
  throw new Error("not implemented");
}

export interface GetPullRequestFilesInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
}

/** Get the list of files changed in a pull request */
export function getPullRequestFiles(input: GetPullRequestFilesInput): never {
  throw new Error("not implemented");
}

export interface GetPullRequestStatusInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
}

/** Get the combined status of all status checks for a pull request */
export function getPullRequestStatus(input: GetPullRequestStatusInput): never {
  throw new Error("not implemented");
}

export interface UpdatePullRequestBranchInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
  /** The expected SHA of the pull request's HEAD ref */
  expected_head_sha?: string;
}

/** Update a pull request branch with the latest changes from the base branch */
export function updatePullRequestBranch(input: UpdatePullRequestBranchInput): never {
  throw new Error("not implemented");
}

export interface GetPullRequestCommentsInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
}

/** Get the review comments on a pull request */
export function getPullRequestComments(input: GetPullRequestCommentsInput): never {
  throw new Error("not implemented");
}

export interface GetPullRequestReviewsInput {
  /** Repository owner (username or organization) */
  owner: string;
  /** Repository name */
  repo: string;
  /** Pull request number */
  pull_number: number;
}

/** Get the reviews on a pull request */
export function getPullRequestReviews(input: GetPullRequestReviewsInput): never {
  throw new Error("not implemented");
}

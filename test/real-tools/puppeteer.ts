// The tools of @modelcontextprotocol/server-puppeteer 2025.5.12, as its tools/list published them
// (puppeteer.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface PuppeteerNavigateInput {
  /** URL to navigate to */
  url: string;
  /** PuppeteerJS LaunchOptions. Default null. If changed and not null, browser restarts. Example: { headless: true, args: ['--no-sandbox'] } */
  launchOptions?: object;
  /** Allow dangerous LaunchOptions that reduce security. When false, dangerous args like --no-sandbox will throw errors. Default false. */
  allowDangerous?: boolean;
}

/** Navigate to a URL */
export function puppeteerNavigate(input: PuppeteerNavigateInput): never {
  throw new Error("not implemented");
}

export interface PuppeteerScreenshotInput {
  /** Name for the screenshot */
  name: string;
  /** CSS selector for element to screenshot */
  selector?: string;
  /** Width in pixels (default: 800) */
  width?: number;
  /** Height in pixels (default: 600) */
  height?: number;
  /** If true, capture the screenshot as a base64-encoded data URI (as text) instead of binary image content. Default false. */
  encoded?: boolean;
}

/** Take a screenshot of the current page or a specific element */
export function puppeteerScreenshot(input: PuppeteerScreenshotInput): never {
  throw new Error("not implemented");
}

export interface PuppeteerClickInput {
  /** CSS selector for element to click */
  selector: string;
}

/** Click an element on the page */
export function puppeteerClick(input: PuppeteerClickInput): never {
  throw new Error("not implemented");
}

export interface PuppeteerFillInput {
  /** CSS selector for input field */
  selector: string;
  /** Value to fill */
  value: string;
}

/** Fill out an input field */
export function puppeteerFill(input: PuppeteerFillInput): never {
  throw new Error("not implemented");
}

export interface PuppeteerSelectInput {
  /** CSS selector for element to select */
  selector: string;
  /** Value to select */
  value: string;
}

/** Select an element on the page with Select tag */
export function puppeteerSelect(input: PuppeteerSelectInput): never {
  throw new Error("not implemented");
}

export interface PuppeteerHoverInput {
  /** CSS selector for element to hover */
  selector: string;
}

/** Hover an element on the page */
export function puppeteerHover(input: PuppeteerHoverInput): never {
  throw new Error("not implemented");
}

export interface PuppeteerEvaluateInput {
  /** JavaScript code to execute */
  script: string;
}

/** Execute JavaScript in the browser console */
export function puppeteerEvaluate(input: PuppeteerEvaluateInput): never {
  throw new Error("not implemented");
}

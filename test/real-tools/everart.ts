// The tools of @modelcontextprotocol/server-everart 0.6.2, as its tools/list published them
// (everart.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface GenerateImageInput {
  /** Text description of desired image */
  prompt: string;
  /**
   * Model ID (5000:FLUX1.1, 9000:FLUX1.1-ultra, 6000:SD3.5, 7000:Recraft-Real, 8000:Recraft-Vector)
   * @default "5000"
   */
  model?: string;
  /**
   * Number of images to generate
   * @default 1
   */
  image_count?: number;
}

/**
 * Generate images using EverArt Models and returns a clickable link to view the generated image. The tool will return a URL that can be clicked to view the image in a browser. Available models:
 * - 5000:FLUX1.1: Standard quality
 * - 9000:FLUX1.1-ultra: Ultra high quality
 * - 6000:SD3.5: Stable Diffusion 3.5
 * - 7000:Recraft-Real: Photorealistic style
 * - 8000:Recraft-Vector: Vector art style
 *
 * The response will contain a direct link to view the generated image.
 */
export function generateImage(input: GenerateImageInput): never {
  throw new Error("not implemented");
}

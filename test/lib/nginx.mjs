// nginx (Debian's package; .ci/run installs it where it is missing) in front of servers of ours, as a
// deployment puts it: round robin over `upstreams`, no stickiness, the client's Host passed on. It
// runs in the foreground as a child of the test, with its files in a folder of its own, and says
// which upstream answered in an `X-Upstream` header.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The nginx binary; installed as .ci/run installs it where this process may (root, with apt-get); else an error that says how. */
function nginxBinary() {
  const found = () => ["nginx", "/usr/sbin/nginx"].find((candidate) => spawnSync(candidate, ["-v"]).status === 0);
  if (found()) return found();
  if (process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).status === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    if (spawnSync("apt-get", ["install", "-y", "nginx"], { env }).status !== 0) {
      spawnSync("apt-get", ["update"], { env });
      spawnSync("apt-get", ["install", "-y", "nginx"], { env });
    }
    if (found()) return found();
  }
  throw new Error("nginx is not installed: `sudo apt-get install nginx` (Debian's package; .ci/run installs it where it is missing)");
}

/** A port free now, for nginx to listen on. */
async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts nginx in front of `upstreams` (`host:port` each); resolves with its URL and `stop()` once it
 * answers. The configuration is docs/serving.md's recipe, with the paths a test needs.
 */
export async function startNginx(upstreams) {
  const binary = nginxBinary();
  const dir = mkdtempSync(join(tmpdir(), "schemaof-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
  const port = await freePort();
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mediatheque {
${upstreams.map((upstream) => `    server ${upstream};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 4m;
    location / {
      proxy_pass http://mediatheque;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Connection "";
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child = spawn(binary, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  // Started once it answers (a 404 from a backend is an answer).
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) {
      const log = readFileSync(join(dir, "error.log"), "utf8");
      await stop();
      throw new Error(`nginx exited (${child.exitCode}):\n${output}${log}`);
    }
    try {
      await fetch(`${url}/`, { headers: { connection: "close" } });
      break;
    } catch (error) {
      if (tries > 300) {
        await stop();
        throw new Error(`nginx did not answer on ${url}: ${error.message}\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return { url, stop };
}

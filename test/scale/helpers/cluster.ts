// Real components for the scale tests, all on 127.0.0.1 and stopped afterwards: a redis-server on
// a free port, N instances of a server script sharing it, and nginx as a plain round-robin
// balancer (no stickiness) whose nginx.conf is written into a temp dir.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
// @ts-expect-error plain JS module shared with bench/scale (no declarations)
import { nginxConfig, NGINX_TEMP_DIRS } from "./nginx-conf.mjs";

export const ROOT = resolve(import.meta.dirname, "../../..");
export const SHARED_KEYS = { MCP_GEN_STATE_KEY: "scale-test-state-key-0123456789abcdef", MCP_GEN_HANDLE_KEY: "scale-test-handle-key-0123456789abcdef" };

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), done(true)));
      socket.once("error", () => done(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function waitForOutput(child: ChildProcess, pattern: RegExp, what: string, ms = 20_000): Promise<string> {
  return new Promise((resolveMatch, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${seen.slice(-2000)}`)), ms);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolveMatch(match[0]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}: ${seen.slice(-2000)}`));
    });
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;
  /** `persistDir`: keep data across a restart (append-only file there), as a production Redis would. */
  constructor(
    readonly port: number,
    private readonly persistDir?: string,
  ) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    const persistence = this.persistDir ? ["--appendonly", "yes", "--dir", this.persistDir] : ["--appendonly", "no"];
    const child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", ...persistence], { stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    await waitForOutput(child, /Ready to accept connections/, "redis-server");
  }
  /** SIGTERM lets Redis flush its append-only file; SIGKILL loses what it did not write. */
  async stop(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((done) => {
      child.once("exit", () => done());
      child.kill(signal);
    });
  }
}

export interface InstanceSpec {
  /** Script and arguments; `{port}` is replaced by the instance's port. */
  args: string[];
  env?: Record<string, string>;
}

export class Instance {
  child: ChildProcess | undefined;
  errors = "";
  constructor(
    readonly port: number,
    private readonly spec: InstanceSpec,
  ) {}
  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }
  async start(): Promise<void> {
    const child = spawn(process.execPath, this.spec.args.map((a) => a.replace("{port}", String(this.port))), {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...this.spec.env },
    });
    this.child = child;
    child.stderr?.on("data", (chunk: Buffer) => (this.errors = (this.errors + chunk.toString()).slice(-20_000)));
    await waitForOutput(child, /listening/, `instance on ${this.port}`);
  }
  kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((done) => {
      child.once("exit", () => done());
      child.kill(signal);
    });
  }
}

export class Balancer {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), "mcp-gen-nginx-"));
  constructor(
    readonly port: number,
    private readonly upstreams: number[],
  ) {}
  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }
  /** The configuration docs/deployment.md describes, with this test's ports. */
  config(): string {
    return nginxConfig({ dir: this.dir, port: this.port, upstreams: this.upstreams });
  }
  async start(): Promise<void> {
    for (const sub of NGINX_TEMP_DIRS) mkdirSync(join(this.dir, sub), { recursive: true });
    writeFileSync(join(this.dir, "nginx.conf"), this.config());
    const child = spawn("nginx", ["-p", this.dir, "-c", join(this.dir, "nginx.conf"), "-e", join(this.dir, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    let failed: Error | undefined;
    child.once("exit", (code) => (failed = new Error(`nginx exited with ${code}`)));
    await waitForPort(this.port);
    if (failed) throw failed;
  }
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      await new Promise<void>((done) => {
        child.once("exit", () => done());
        child.kill("SIGTERM");
      });
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Cluster {
  redis: RedisServer;
  instances: Instance[];
  balancer: Balancer;
  stop(): Promise<void>;
}

/** Starts `count` instances of `spec` on `redis` (started here unless given) behind one nginx. */
export async function startCluster(spec: InstanceSpec, count = 3, redis?: RedisServer): Promise<Cluster> {
  const ownRedis = !redis;
  const server = redis ?? new RedisServer(await freePort());
  if (ownRedis) await server.start();
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    instances.push(new Instance(await freePort(), { ...spec, env: { ...SHARED_KEYS, MCP_GEN_REDIS_URL: server.url, ...spec.env } }));
  }
  await Promise.all(instances.map((i) => i.start()));
  const balancer = new Balancer(await freePort(), instances.map((i) => i.port));
  await balancer.start();
  return {
    redis: server,
    instances,
    balancer,
    async stop() {
      await balancer.stop();
      await Promise.all(instances.map((i) => i.kill("SIGTERM")));
      if (ownRedis) await server.stop();
    },
  };
}

export const NOTES = { args: [join(ROOT, "examples/notes/start.js"), "--port", "{port}"] };
/** The conformance fixture generated into `dir` (see fixture-server.mjs). */
export const fixtureIn = (dir: string): InstanceSpec => ({ args: [join(ROOT, "test/scale/helpers/fixture-server.mjs"), "{port}"], env: { SCALE_FIXTURE_DIR: dir } });

/** Generates the conformance fixture from test/conformance/server.yaml into `dir`. */
export async function generateFixture(dir: string): Promise<void> {
  const { execFile } = await import("node:child_process");
  await new Promise<void>((done, reject) =>
    execFile(process.execPath, [join(ROOT, "bin/mcp-gen.js"), "generate", join(ROOT, "test/conformance/server.yaml"), "--out", dir], { cwd: ROOT }, (error, _o, stderr) =>
      error ? reject(new Error(`generate failed: ${stderr}`)) : done(),
    ),
  );
}

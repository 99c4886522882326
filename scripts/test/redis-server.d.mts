export interface RedisServer {
  port: number;
  /** redis://127.0.0.1:<port> */
  url: string;
  /** Starts it again on the same port (after stop or kill): an empty Redis. */
  start(): Promise<RedisServer>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** SIGKILL: gone at once, as in a crash. */
  kill(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing answers (a stalled host) until resume(); the data is kept. */
  pause(): void;
  /** SIGCONT: answers again, with everything it held. */
  resume(): void;
}
export declare function ensureRedisServer(): string;
export declare function freePort(host?: string): Promise<number>;
export declare function startRedis(options?: { port?: number }): Promise<RedisServer>;
